#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A prediction, not a measurement: llvm-mca's cycles for one whole
# short-message call, ours and each stock kernel's, on CPU models this
# machine may not be.  model.sh models steady-state loops; a 64-byte authenc
# request is mostly what is around them (state loads, the AAD, the HMAC
# finish, calls and returns), so here the model's input is the instructions
# one call actually executed, in order.
#
#   trace_model.sh BUILD_DIR [CPU...]   (default CPUs: znver3 znver4 znver5
#                                        icelake-server)
#   TRACE_MODES (authenc-sha1-enc authenc-sha1-dec authenc-sha256-enc
#   authenc-sha256-dec; xts-enc, xts-dec, gcm-enc and gcm-dec too),
#   TRACE_SIZE (64): what is traced.
#   TRACE_MAX_TIER (avx, vaes2 or vaes512; unset: all): ours only up to that
#   tier (the bench's --max-tier), so that a narrower tier's calls are among
#   the sampled ones (below: every 5th call, 120 at most, over all rows).
#
# How: BUILD_DIR/trace_call runs BUILD_DIR/bench for one mode and size under
# ptrace and single-steps sampled calls of the bench's per-message function
# (ae_enc_msg, ae_dec_msg, xts_msg, gcm_enc_msg, gcm_dec_msg: one request
# of one implementation, as the bench times it); each trace is classified
# by the code it ran (ours: aesnictr_*; stock: linux61_, linux612_,
# linux73_; OpenSSL and libgcrypt are left out)
# and the class's last AES-128 trace (a warm one) becomes straight-line llvm-mca
# input, instruction by instruction from objdump of the binary and of the
# shared libraries it entered (the C library's memcpy), branches kept as
# instructions (their direction is already decided: each an unconditional
# jump).  llvm-mca repeats it
# (-iterations=20) as the bench repeats independent requests; cycles per
# call = total / 20.  What the model does not see: branch mispredictions,
# caches, memory renaming; what it sees that the loop model did not: every
# instruction of the call, in the order it ran.
set -eu

B=${1:?usage: trace_model.sh BUILD_DIR [CPU...]}
shift
# not sapphirerapids: LLVM 19's model of it crashes (a segmentation fault)
# on some of these traces, with their calls and returns in or not
CPUS=${*:-znver3 znver4 znver5 icelake-server}
MODES=${TRACE_MODES:-authenc-sha1-enc authenc-sha1-dec authenc-sha256-enc authenc-sha256-dec}
SIZE=${TRACE_SIZE:-64}
TIER_ARG=${TRACE_MAX_TIER:+--max-tier=$TRACE_MAX_TIER}
MCA=${LLVM_MCA:-llvm-mca-19}
ITER=20
TMP=$(mktemp -d)
trap '[ -n "${MODEL_KEEP:-}" ] && mkdir -p "$MODEL_KEEP" &&
	cp "$TMP"/*.s "$MODEL_KEEP"/ 2>/dev/null; rm -rf "$TMP"' EXIT

command -v "$MCA" >/dev/null 2>&1 || {
	echo "trace_model: $MCA not found (sh tools/deps.sh --only llvm-19)" >&2
	exit 1
}
for f in bench trace_call; do
	[ -x "$B/$f" ] || {
		echo "trace_model: $B/$f not built (make -C tools/native $B/$f)" >&2
		exit 1
	}
done

# objdump of the bench, once: "address<TAB>instruction" for every instruction
nm -n "$B/bench" | awk '$2 ~ /^[tTwW]$/' >"$TMP/syms"
objdump -d --no-show-raw-insn "$B/bench" | awk '/^ *[0-9a-f]+:\t/ {
	a = $1; sub(/:$/, "", a); s = $0; sub(/^ *[0-9a-f]+:\t/, "", s)
	print a "\t" s }' >"$TMP/bench.dis"

# hex to number (mawk has no strtonum); addresses fit a double exactly;
# and back (mawk's %x stops at 32 bits)
HEX='function hex(h,    i, v) {
	v = 0; h = tolower(h)
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}
function tohex(v,    s, d) {
	s = ""
	do {
		d = v % 16; s = substr("0123456789abcdef", d + 1, 1) s
		v = (v - d) / 16
	} while (v > 0)
	return "0x" s
}'

# the class of trace $1: ours, 6.1, 6.12, 7.3, or other, and the AES key
# size its rounds give (the (V)AES round instructions per last-round one:
# 9 for AES-128, 13 for AES-256; all of them are in the bench's own code)
classify() {
	awk "$HEX"'
	FILENAME == ARGV[1] { a[n] = hex($1); s[n++] = $3; next }
	FILENAME == ARGV[2] {
		split($2, w, /[ \t]+/)
		if (w[1] ~ /^v?aes(enc|dec)last$/) aes[$1] = 2
		else if (w[1] ~ /^v?aes(enc|dec)$/) aes[$1] = 1
		next
	}
	{
		if ($1 in aes) {
			if (aes[$1] == 2) nl++
			else nr++
		}
		x = hex($1)
		if (x < a[0] || x > a[n - 1] + 65536)
			next
		lo = 0; hi = n - 1
		while (lo < hi) {
			m = int((lo + hi + 1) / 2)
			if (a[m] <= x) lo = m; else hi = m - 1
		}
		f = s[lo]
		# XTS and GCM: the routine entered names the tier
		# (aesnictr_xts_encrypt_vaes512, linux73_aes_xts_encrypt_vaes_avx512,
		# aesnictr_gcm_enc_update_vaes512_hregs): one class per tier
		if (f ~ /xts_(en|de)crypt_/) {
			t = f; sub(/^.*xts_(en|de)crypt_/, "", t)
		}
		if (f ~ /gcm_(enc|dec)_update_/) {
			t = f; sub(/^.*gcm_(enc|dec)_update_/, "", t)
		}
		if (f ~ /^aesnictr_/) ours = 1
		else if (f ~ /^linux612_/) k = "6.12"
		else if (f ~ /^linux61_/) k = "6.1"
		else if (f ~ /^linux73_/) k = "7.3"
	}
	END {
		bits = !nl ? 0 : nr / nl == 9 ? 128 : nr / nl == 11 ? 192 : nr / nl == 13 ? 256 : 0
		print (ours ? "ours" : k != "" ? k : "other") (t != "" ? "-" t : ""), bits
	}' "$TMP/syms" "$TMP/bench.dis" "$1"
}

# trace $1 (addresses) as llvm-mca input in $2: the bench's instructions
# from bench.dis, a shared library's from its objdump at its load address
# (from $3, the maps); branch targets become one local label
to_asm() {
	awk -v maps="$3" -v tmp="$TMP" "$HEX"'
	BEGIN {
		while ((getline l < maps) > 0) {
			split(l, w, /[ \t]+/)
			if (w[2] !~ /x/ || w[6] !~ /^\//)
				continue
			split(w[1], r, "-")
			nl++; lo[nl] = hex(r[1]); hi[nl] = hex(r[2])
			off[nl] = hex(w[3]); file[nl] = w[6]
		}
	}
	NR == FNR { dis[$1] = $0; next }
	{ addr[++n] = $1 }
	END {
		# a library address: objdump from it (a linear sweep of a
		# whole library can lose step in its hand-written code), the
		# first instruction, keyed by the run-time address
		for (i = 1; i <= n; i++) {
			if (addr[i] in dis)
				continue
			x = hex(addr[i])
			for (j = 1; j <= nl; j++)
				if (x >= lo[j] && x < hi[j])
					break
			if (j > nl)
				continue
			cmd = "objdump -d --no-show-raw-insn --adjust-vma=" \
			      tohex(lo[j] - off[j]) " --start-address=" \
			      tohex(x) " --stop-address=" tohex(x + 32) " " file[j]
			while ((cmd | getline l) > 0)
				if (l ~ /^ *[0-9a-f]+:\t/) {
					sub(/^ *[0-9a-f]+:\t/, "", l)
					dis[addr[i]] = addr[i] "\t" l
					break
				}
			close(cmd)
		}
		print "1:"
		for (i = 1; i <= n; i++) {
			if (!(addr[i] in dis)) {
				missing++
				continue
			}
			s = dis[addr[i]]; sub(/^[^\t]*\t/, "", s)
			sub(/ *#.*$/, "", s); sub(/ *<[^>]*>$/, "", s)
			sub(/^(bnd|notrack) +/, "", s)
			split(s, w, /[ \t]+/)
			if (w[1] ~ /nop/ || w[1] == "endbr64")
				continue
			# a direct branch: one to the label, a conditional
			# one as a jmp (its direction is decided)
			if (w[1] ~ /^j/ && w[2] ~ /^[0-9a-f]+$/)
				s = "jmp 1b"
			else if (w[1] ~ /^call/ && w[2] ~ /^[0-9a-f]+$/)
				s = w[1] " 1b"
			print "\t" s
		}
		if (missing)
			print "trace_model: " missing " instructions not found" > "/dev/stderr"
	}' "$TMP/bench.dis" "$1" >"$2"
}

echo "trace_model: PREDICTION by $MCA ($("$MCA" --version | awk '/LLVM version/ { print $NF }')), the instructions of one $SIZE-byte request as executed (AES-128 key), cycles per request; ratio = best stock / ours (above 1: ours predicted faster)"
printf '%-20s %-22s %6s' mode impl insns
for c in $CPUS; do printf ' %15s' "$c"; done
echo
for mode in $MODES; do
	case $mode in
	xts-*) fn=xts_msg ;;
	gcm-enc) fn=gcm_enc_msg ;;
	gcm-dec) fn=gcm_dec_msg ;;
	*-enc) fn=ae_enc_msg ;;
	*) fn=ae_dec_msg ;;
	esac
	a=$(awk -v f=$fn '$3 == f { print $1 }' "$TMP/syms")
	[ -n "$a" ] || { echo "trace_model: no $fn in $B/bench" >&2; exit 1; }
	# every 5th call, up to 120 traces: each implementation is sampled several
	# times over the bench's first runs (its warm-up included)
	"$B/trace_call" "$a" 5 120 "$TMP/$mode" -- "$B/bench" --runs=1 --ms=1 \
		$TIER_ARG --modes="$mode" --sizes="$SIZE" >/dev/null 2>"$TMP/err" || {
		echo "trace_model: tracing $mode failed:" >&2
		cat "$TMP/err" >&2
		exit 1
	}
	# per class, the last AES-128 trace
	for t in "$TMP/$mode".[0-9]*; do
		echo "${t##*.} $(classify "$t") $t"
	done | sort -n |
	awk '$3 == 128 { last[$2] = $4 } END { for (c in last) print c, last[c] }' |
	sort >"$TMP/$mode.pick"
	grep -q '^ours[ -]' "$TMP/$mode.pick" || {
		echo "trace_model: no trace of ours in $mode" >&2
		exit 1
	}
	for impl in $(awk '$1 ~ /^(ours|6\.1|6\.12|7\.3)(-|$)/ { print $1 }' "$TMP/$mode.pick"); do
		t=$(awk -v c=$impl '$1 == c { print $2 }' "$TMP/$mode.pick")
		[ -n "$t" ] || continue
		to_asm "$t" "$TMP/$mode-$impl.s" "$TMP/$mode.maps"
		printf '%-20s %-22s %6d' "$mode" "$impl" "$(grep -c '^	' "$TMP/$mode-$impl.s")"
		for c in $CPUS; do
			cyc=$( (timeout 300 "$MCA" -mcpu="$c" -iterations=$ITER \
			      "$TMP/$mode-$impl.s" |
			      awk -v i=$ITER '/^Total Cycles:/ { print $3 / i }') 2>/dev/null)
			echo "$mode $impl $c ${cyc:-0}" >>"$TMP/cycles"
			printf ' %15s' "${cyc:-FAILED}"
		done
		echo
	done
	for o in $(awk -v m="$mode" '$1 == m && $2 ~ /^ours/ { print $2 }' "$TMP/cycles" | sort -u); do
		printf '%-20s %-22s %6s' "$mode" "ratio" "${o#ours}"
		for c in $CPUS; do
			awk -v m="$mode" -v c="$c" -v w="$o" '$1 == m && $3 == c {
				if ($2 == w) o = $4
				else if ($2 !~ /^ours/ && $4 > 0 && (b == "" || $4 < b)) b = $4
			}
			END { printf " %15s", (o > 0 && b > 0) ? sprintf("x%.2f", b / o) : "-" }' "$TMP/cycles"
		done
		echo
	done
done
case " $CPUS " in *" znver5 "*)
	echo "trace_model: znver5: LLVM 19 schedules it with its Zen 4 model: not a Zen 5 prediction" ;;
esac
