#!/bin/bash
# run.sh <kver> [scenario]  - boot the test guest(s) for one kernel under QEMU TCG
#
# scenarios (one boot each):
#   main       -cpu max: emulator probe, load, self-test, sync/async flags,
#              priority, what "ctr(aes)" resolves to, SP 800-38A vectors
#              (AF_ALG and kcapi-enc), differential fuzz, one fuzzer per CPU at
#              once, dm-crypt aes-ctr-plain64 on a RAM disk (512 and 4096-byte
#              sectors), bad keys, fuzzer self-check, rmmod refused while in
#              use, load/unload cycles, every max_tier, the forced non-SIMD
#              path, a bad parameter
#   aead       -cpu max: gcm(aes) and rfc4106(gcm(aes)): self-test, flags,
#              priority, what each name resolves to, known answers, AF_ALG
#              differential fuzz against the generic templates (both AEADs at
#              once), key/tag/assoclen checks, the non-SIMD path switched at
#              random, dm-crypt LUKS2 aes-gcm-random --integrity aead (write,
#              reopen, read, SIMD/non-SIMD cross-check, a flipped bit on the
#              device is caught), rmmod, IPsec ESP between two network
#              namespaces (AES-128, AES-256, and with the non-SIMD path forced)
#   avxonly    -cpu Haswell-v4 (AES-NI+AVX+AVX2, no VAES): the avx tier is
#              auto-detected, fuzz of ctr(aes), gcm(aes), rfc4106(gcm(aes))
#   nosupport  -cpu Westmere (AES-NI, no AVX) and -cpu qemu64 (neither):
#              insmod fails with ENODEV and a log line
#   fips       fips=1: insmod of the unsigned module fails, no panic
#   all        all of the above (default)
# Environment:
#   VM_MODULE    the module to test (default build/<kver>/aesni_ctr.ko);
#                "stock" = no module, exercise the rig on aesni_intel only
#   VM_FUZZ_N    fuzz cases in main and with the forced non-SIMD path (10000)
#   VM_TIER_N    fuzz cases per forced tier and in avxonly (2000)
#   VM_CYCLES    insmod/rmmod cycles (20)
#   VM_AEAD_N    aead: fuzz cases per AEAD (4000; avxonly: a quarter)
#   VM_AEAD_NOSIMD_N  aead: cases per AEAD with the non-SIMD switch toggled (1000)
#   VM_IPSEC_BYTES    aead: bytes each way per IPsec run (1048576)
#   VM_TIMEOUT   seconds per boot (main 900, others 300)
#   VM_SMP       guest CPUs (2: main also runs one fuzzer per CPU at once)
# Output: "PASS: <kver> <scenario>: ..." / "FAIL: ..." lines, then
# "vm kernel <kver>: tiers covered: ..." and a "N passed, M failed" line.
# Logs: build/vm/<kver>/<scenario>[-<cpu>].{console,results,dmesg}.
# Exit status: 0 only if every check passed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kver=${1:?usage: run.sh <kver> [main|aead|avxonly|nosupport|fips|all]}
scen=${2:-all}
vmlinuz=/boot/vmlinuz-$kver
logdir=$root/build/vm/$kver
mkdir -p "$logdir"

[ -r "$vmlinuz" ] || { echo "FAIL: $kver: no $vmlinuz"; exit 1; }
[ -d "/lib/modules/$kver" ] || { echo "FAIL: $kver: no /lib/modules/$kver"; exit 1; }
command -v qemu-system-x86_64 >/dev/null || { echo "FAIL: $kver: qemu-system-x86_64 missing (tools/deps.sh)"; exit 1; }

ko=${VM_MODULE:-$root/build/$kver/aesni_ctr.ko}
if [ "$ko" = stock ]; then
	ko=""
elif [ ! -f "$ko" ]; then
	echo "FAIL: $kver: module $ko not built (make modules-all), or VM_MODULE=stock to test the rig"
	exit 1
fi

initrd=$logdir/initramfs.cpio.gz
if ! "$here/mkinitramfs.sh" "$kver" "$initrd" $ko >"$logdir/mkinitramfs.log" 2>&1; then
	echo "FAIL: $kver: initramfs build failed:"
	sed 's/^/    /' "$logdir/mkinitramfs.log"
	exit 1
fi

npass=0 nfail=0
covered=""
declare -a notcov=()

emit() {	# emit PASS|FAIL text
	echo "$1: $2"
	if [ "$1" = PASS ]; then npass=$((npass + 1)); else nfail=$((nfail + 1)); fi
}

# boot <name> <cpu> <timeout> <extra cmdline>
boot() {
	local name=$1 cpu=$2 tmo=$3 extra=$4
	local con=$logdir/$name.console res=$logdir/$name.results dm=$logdir/$name.dmesg
	local t0 rc secs tag="$kver $name"
	rm -f "$con" "$res" "$dm"
	t0=$(date +%s)
	timeout -k 10 "$tmo" qemu-system-x86_64 -accel tcg -cpu "$cpu" \
		-smp "${VM_SMP:-2}" -m 1G -nographic -no-reboot -nodefaults \
		-monitor none -serial "file:$con" -serial "file:$res" \
		-kernel "$vmlinuz" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 log_buf_len=8M random.trust_cpu=on $extra vmtest.fuzz=${VM_FUZZ_N:-10000} vmtest.tierfuzz=${VM_TIER_N:-2000} vmtest.cycles=${VM_CYCLES:-20} vmtest.aeadfuzz=${VM_AEAD_N:-4000} vmtest.aeadnosimd=${VM_AEAD_NOSIMD_N:-1000} vmtest.ipsecbytes=${VM_IPSEC_BYTES:-1048576}" \
		</dev/null >"$logdir/$name.qemu" 2>&1
	rc=$?
	secs=$(($(date +%s) - t0))
	touch "$res" "$con"
	tr -d '\r' <"$res" >"$res.tmp" && mv "$res.tmp" "$res"
	tr -d '\r' <"$con" >"$con.tmp" && mv "$con.tmp" "$con"
	sed -n '/^===DMESG BEGIN===$/,/^===DMESG END===$/p' "$res" | sed '1d;$d' >"$dm"

	# the guest's own verdicts
	while IFS= read -r l; do
		case "$l" in
		PASS:*) emit PASS "$tag: ${l#PASS: }" ;;
		FAIL:*) emit FAIL "$tag: ${l#FAIL: }" ;;
		COVERED:*) covered="$covered
${l#COVERED: }" ;;
		NOTCOVERED:*) notcov+=("${l#NOTCOVERED: }") ;;
		esac
	done < <(sed '/^===DMESG BEGIN===$/,/^===DMESG END===$/d' "$res")

	# the host's verdicts: completion, panics, kernel log
	if grep -q 'Kernel panic' "$con" "$dm"; then
		emit FAIL "$tag: kernel panic: $(grep -h -m1 'Kernel panic' "$con" "$dm")"
	fi
	if grep -q '^===VMTEST END' "$res"; then
		emit PASS "$tag: guest ran to completion in ${secs} s (guest counted $(sed -n 's/^===VMTEST END \(.*\)===$/\1/p' "$res"))"
	elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		emit FAIL "$tag: timeout after ${tmo} s without the end marker (log: $con)"
	else
		emit FAIL "$tag: guest stopped without the end marker (qemu status $rc; log: $con)"
		sed 's/^/    qemu: /' "$logdir/$name.qemu" | head -5
	fi
	# WARNING / BUG / Oops / Call Trace / self-test failures in the kernel log
	# (the unsigned-module taint lines are expected and match none of these)
	local pat='\bWARNING\b|\bBUG\b|Oops|Call Trace|alg: .*failed|general protection fault|UBSAN|KASAN|Kernel panic|soft lockup|hung_task|RCU stall'
	local bad
	bad=$( { cat "$dm"; grep -v '^vmtest| ' "$con"; } | grep -E "$pat" | grep -v 'vmtest' | sort -u | head -5)
	if [ -n "$bad" ]; then
		emit FAIL "$tag: kernel log has: $(echo "$bad" | tr '\n' '|' | cut -c1-600)"
	elif [ -s "$dm" ]; then
		emit PASS "$tag: kernel log free of WARNING/BUG/Oops/Call Trace/alg: failed"
	else
		emit FAIL "$tag: no kernel log captured"
	fi
	# module log lines, for the record
	grep -E '^INFO: (dmesg: .*(aesni_ctr|FIPS|fips)|tcg probe:|kernel |stock (gcm|rfc))' "$res" |
		sed -e "s/^INFO: dmesg: /    [$tag] /" -e "s/^INFO: /    [$tag] /" | head -20
}

t_start=$(date +%s)
case "$scen" in
main|all)
	boot main max "${VM_TIMEOUT:-900}" "vmtest.scenario=main" ;;
esac
case "$scen" in
aead|all)
	boot aead max "${VM_TIMEOUT:-900}" "vmtest.scenario=aead" ;;
esac
case "$scen" in
avxonly|all)
	boot avxonly Haswell-v4 "${VM_TIMEOUT:-300}" "vmtest.scenario=avxonly" ;;
esac
case "$scen" in
nosupport|all)
	boot nosupport-westmere Westmere "${VM_TIMEOUT:-300}" "vmtest.scenario=nosupport"
	boot nosupport-qemu64 qemu64 "${VM_TIMEOUT:-300}" "vmtest.scenario=nosupport" ;;
esac
case "$scen" in
fips|all)
	boot fips max "${VM_TIMEOUT:-300}" "vmtest.scenario=fips fips=1" ;;
esac
case "$scen" in
main|aead|avxonly|nosupport|fips|all) ;;
*) emit FAIL "$kver: unknown scenario $scen" ;;
esac

# $covered: one "<tier> <algorithm>" per line
tiers=$(echo "$covered" | awk 'NF && $1 != "nosimd" { print $1 }' | sort -u | tr '\n' ' ')
tiers=${tiers% }
extra=""
echo "$covered" | grep -q '^nosimd ' && extra=" (+ the non-SIMD fallback path)"
algs=$(echo "$covered" | awk 'NF == 2 {
		if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
		k = $2 SUBSEP $1
		if (!(k in t)) { t[k] = 1; list[$2] = list[$2] (list[$2] == "" ? "" : ", ") $1 }
	}
	END { for (i = 1; i <= n; i++) printf "%s%s [%s]", (i > 1 ? "; " : ""), order[i], list[order[i]] }')
nc=""
for t in avx vaes2 vaes512; do
	case " $tiers " in *" $t "*) continue ;; esac
	why=$(printf '%s\n' "${notcov[@]}" | grep "^$t " | head -1)
	nc="$nc; not covered: ${why:-$t}"
done
echo "vm kernel $kver: tiers covered: ${tiers:-none}${extra}; algorithms covered: ${algs:-none}${nc}"
echo "vm kernel $kver: $scen took $(($(date +%s) - t_start)) s"
echo "vm: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
