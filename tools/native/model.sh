#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A prediction, not a measurement: llvm-mca's cycles per 16-byte block of
# the steady-state loop of our XTS and GCM code against the stock 7.3 loop
# it competes with, on CPU models this machine may not be.
#
#   model.sh BUILD_DIR [CPU...]     (default CPUs: znver3 znver4 znver5
#                                    icelake-server sapphirerapids)
#
# The loop of a routine is found in its disassembly (objdump of the built
# object: the code as assembled): of the loops (a backward branch and its
# target), the one with the most AES round instructions.  llvm-mca runs
# its instructions straight through, branches as instructions that fall
# through, so a key-length ladder inside the loop counts every round: the
# figures are for AES-256 (14 rounds; the "rounds" column says how many
# the loop holds per block: check it).  An if/else inside the loop (a
# conditional branch over an arm that ends in an unconditional jump past
# the other arm: our GCM's counter-carry path, taken once in 16 iterations
# on vaes2 and about 1.5 in 8 on vaes512) would be counted with both arms
# every iteration: only its shorter arm, the common one, is kept, and the
# output says how many instructions the longer one had, so ours is modelled
# on its common path.  Blocks per iteration: the last-round
# instructions times their lanes (xmm 1, ymm 2, zmm 4).  Cycles per block
# is llvm-mca's total cycles / iterations / blocks.  The steady state only:
# per-message setup and tails are not in it, so compare with the measured
# ratios at 4 KiB and above.
set -eu

B=${1:?usage: model.sh BUILD_DIR [CPU...]}
shift
CPUS=${*:-znver3 znver4 znver5 icelake-server sapphirerapids}
MCA=${LLVM_MCA:-llvm-mca-19}
ITER=200
TMP=$(mktemp -d)
# MODEL_KEEP=DIR keeps each extracted loop there as <symbol>.s, for a
# closer look (llvm-mca -timeline, -bottleneck-analysis)
trap '[ -n "${MODEL_KEEP:-}" ] && mkdir -p "$MODEL_KEEP" &&
	cp "$TMP"/*.s "$MODEL_KEEP"/ 2>/dev/null; rm -rf "$TMP"' EXIT

command -v "$MCA" >/dev/null 2>&1 || {
	echo "model: $MCA not found (sh tools/deps.sh --only llvm-19)" >&2
	exit 1
}

# the object in $B (or $B/stock/7.3) that defines symbol $1; an error if
# none does, or several (an object left over from a renamed source, such
# as gcm_clmul.o beside gcm_ghash.o and gcm_update.o, would otherwise be
# modelled in place of the code built now)
nm -A "$B"/*.o "$B"/stock/7.3/asm.o 2>/dev/null >"$TMP/syms" || true
obj_of() {
	awk -v s="$1" -v b="$B" '($2 == "T" || $2 == "t") && $3 == s {
		sub(/:[0-9a-f]*$/, "", $1); o[++n] = $1 }
	END {
		if (n == 1) { print o[1]; exit 0 }
		if (n == 0) { print "model: " s " not built in " b > "/dev/stderr"; exit 1 }
		m = "model: " s " is defined in"
		for (i = 1; i <= n; i++) m = m " " o[i]
		print m " (a stale object? make -C tools/native clean)" > "/dev/stderr"
		exit 1
	}' "$TMP/syms"
}

# The hot loop of symbol $2 in object $1 as llvm-mca input in $3; prints
# "<blocks per iteration> <AES instructions per iteration> <instructions>".
loop_of() {
	objdump -d --no-show-raw-insn --disassemble="$2" "$1" |
	awk -v out="$3" '
	function hex(h,    i, v) {	# mawk has no strtonum
		v = 0
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	}
	function lanes(s) {
		return s ~ /%zmm/ ? 4 : s ~ /%ymm/ ? 2 : 1
	}
	/^ *[0-9a-f]+:\t/ {
		a = $1; sub(/:$/, "", a)
		addr[n] = hex(a)
		s = $0; sub(/^ *[0-9a-f]+:\t/, "", s)
		sub(/ *#.*$/, "", s); sub(/ *<[^>]*>$/, "", s)
		text[n] = s
		split(s, w, /[ \t]+/)
		op[n] = w[1]
		if (op[n] ~ /^j/ && w[2] ~ /^[0-9a-f]+$/)
			target[n] = hex(w[2])
		n++
	}
	END {
		best = -1
		for (i = 0; i < n; i++) {
			if (!(i in target) || target[i] > addr[i])
				continue
			for (j = i; j >= 0 && addr[j] > target[i]; j--)
				;
			aes = 0; blk = 0
			for (k = j; k <= i; k++) {
				if (op[k] ~ /^v?aes(enc|dec)/)
					aes++
				if (op[k] ~ /^v?aes(enc|dec)last$/)
					blk += lanes(text[k])
			}
			if (aes > bestaes || (aes == bestaes && i - j < bi - bj)) {
				bestaes = aes; best = i; bi = i; bj = j; bestblk = blk
			}
		}
		if (best < 0 || !bestblk)
			exit 1
		# if/else: jcc at c, the arm c+1..m ending in a forward jmp at m
		# to d, the other arm m+1 .. before d; drop the longer one
		# (and the jmp)
		dropped = 0
		for (m = bj; m <= bi; m++) {
			if (op[m] != "jmp" || !(m in target) || target[m] <= addr[m])
				continue
			for (c = m - 1; c >= bj; c--)
				if ((c in target) && op[c] ~ /^j/ && target[c] == addr[m + 1])
					break
			if (c < bj)
				continue
			for (d = m + 1; d <= bi && addr[d] < target[m]; d++)
				;
			if (m - c > d - m - 1) {
				lo = c + 1; hi = m
			} else {
				lo = m; hi = d - 1
			}
			for (k = lo; k <= hi; k++)
				drop[k] = 1
			dropped += hi - lo
		}
		printf "1:\n" > out
		for (k = bj; k <= bi; k++) {
			if (op[k] ~ /nop/ || (k in drop))
				continue
			if (op[k] ~ /^j/)
				printf "\t%s 1b\n", op[k] > out
			else
				printf "\t%s\n", text[k] > out
		}
		nk = 0
		for (k = bj; k <= bi; k++)
			if (!(k in drop))
				nk++
		aesl = 0; bestblk = 0
		for (k = bj; k <= bi; k++) {
			if (k in drop)
				continue
			if (op[k] ~ /^v?aes(enc|dec)/)
				aesl += lanes(text[k])
			if (op[k] ~ /^v?aes(enc|dec)last$/)
				bestblk += lanes(text[k])
		}
		print bestblk, aesl, nk, dropped
	}'
}

# Cycles per block of symbol $1 on CPU $2, and the rounds per block; the
# loop is extracted once per symbol.  Returns 2 if the CPU model lacks an
# instruction of the loop (AVX-512 on znver3).
cycles() {
	if [ ! -e "$TMP/$1.info" ]; then
		o=$(obj_of "$1") || return 1
		loop_of "$o" "$1" "$TMP/$1.s" >"$TMP/$1.info" ||
			{ echo "model: no loop found in $1" >&2; return 1; }
	fi
	read -r blk aesl nk dropped <"$TMP/$1.info"
	[ "$dropped" = 0 ] || echo "$1 $dropped" >>"$TMP/ifelse"
	tot=$("$MCA" -mcpu="$2" -iterations=$ITER "$TMP/$1.s" 2>"$TMP/err" |
	      awk '/^Total Cycles:/ { print $3 }')
	if [ -z "$tot" ]; then
		grep -q 'unsupported instruction' "$TMP/err" && return 2
		echo "model: llvm-mca failed on $1:" >&2
		head -3 "$TMP/err" >&2
		return 1
	fi
	awk -v t="$tot" -v i=$ITER -v b="$blk" -v a="$aesl" -v n="$nk" \
	    'BEGIN { printf "%.3f %.1f %d\n", t / i / b, a / b, n }'
}

# family  ours  stock (7.3): the loops that compete on each CPU class
PAIRS="xts-enc aesnictr_xts_encrypt_vaes2 linux73_aes_xts_encrypt_vaes_avx2
xts-enc aesnictr_xts_encrypt_vaes2_clmul linux73_aes_xts_encrypt_vaes_avx2
xts-enc aesnictr_xts_encrypt_vaes512 linux73_aes_xts_encrypt_vaes_avx512
xts-dec aesnictr_xts_decrypt_vaes2 linux73_aes_xts_decrypt_vaes_avx2
xts-dec aesnictr_xts_decrypt_vaes2_clmul linux73_aes_xts_decrypt_vaes_avx2
xts-dec aesnictr_xts_decrypt_vaes512 linux73_aes_xts_decrypt_vaes_avx512
gcm-enc aesnictr_gcm_enc_update_vaes2 linux73_aes_gcm_enc_update_vaes_avx2
gcm-enc aesnictr_gcm_enc_update_vaes512 linux73_aes_gcm_enc_update_vaes_avx512
gcm-enc aesnictr_gcm_enc_update_vaes512_hregs linux73_aes_gcm_enc_update_vaes_avx512
gcm-dec aesnictr_gcm_dec_update_vaes2 linux73_aes_gcm_dec_update_vaes_avx2
gcm-dec aesnictr_gcm_dec_update_vaes512 linux73_aes_gcm_dec_update_vaes_avx512
gcm-dec aesnictr_gcm_dec_update_vaes512_hregs linux73_aes_gcm_dec_update_vaes_avx512"

echo "model: PREDICTION by $MCA ($("$MCA" --version | awk '/LLVM version/ { print $NF }')), steady-state loops, AES-256, cycles per 16-byte block; ratio = stock / ours (above 1: ours predicted faster)"
printf '%-8s %-34s %-36s' family ours stock
for c in $CPUS; do printf ' %-25s' "$c"; done
echo
echo "$PAIRS" | while read -r fam ours stock; do
	printf '%-8s %-34s %-36s' "$fam" "$ours" "$stock"
	for c in $CPUS; do
		r=0
		o=$(cycles "$ours" "$c") && s=$(cycles "$stock" "$c") || r=$?
		if [ $r = 0 ]; then
			set -- $o $s
			awk -v o="$1" -v s="$4" -v ro="$2" -v rs="$5" \
			    'BEGIN { printf " %-25s", sprintf("%.2f/%.2f x%.2f r%.0f/%.0f", o, s, s / o, ro, rs) }'
		elif [ $r = 2 ]; then
			printf ' %-25s' "(not on this CPU)"
		else
			printf ' %-25s' "FAILED"
			echo 1 >"$TMP/failed"
		fi
	done
	echo
done
echo "model: each cell: ours/stock cycles per block, xRATIO, rOURS/STOCK AES rounds per block in the loop (want 14/14)"
[ ! -e "$TMP/ifelse" ] || sort -u "$TMP/ifelse" | while read -r sym n; do
	echo "model: $sym: an if/else in the loop, modelled on its shorter (common) arm; the other arm's $n instructions left out"
done
case " $CPUS " in *" znver5 "*)
	echo "model: znver5: LLVM 19 schedules it with its Zen 4 model (the two columns agree to the cycle): not a Zen 5 prediction" ;;
esac
[ ! -e "$TMP/failed" ]
