#!/bin/bash
# run.sh <kver> [scenario]  - boot the test guest(s) for one kernel under QEMU TCG
#
# The guest (tools/vm/guest/, put into the initramfs by mkinitramfs.sh):
# init.sh is /init and runs the one scenario the kernel command line names
# (vmtest.scenario=NAME: guest/scenarios/NAME.sh, defining scenario_run);
# lib.sh (with families.sh and users.sh) is what the scenarios share:
# KTAP reporting, one relay of the test programs' PASS:/FAIL: lines, waits
# for self-tests, kernel-log checks since a mark, the families and their
# implementations, priority / load-line / resolution checks, dmcrypt_check,
# LUKS2 and IPsec.
#
# Each scenario is one file, guest/scenarios/NAME.sh, whose "# vm:" header
# line says how to boot it (tools/vm/README.md, "Adding a scenario"):
#   # vm: cpu=CPU timeout=SECS [all=N] [cmdline="ARGS"] [cpuvar=VAR]
#         [needs=module] [then=NAME...] [run=special|OTHER-TOOL]
# "run.sh <kver> NAME" boots it with -cpu CPU (or $VAR if set), under
# timeout SECS (or $VM_TIMEOUT), with "vmtest.scenario=NAME ARGS"; all=N:
# part of "all", booted in the order of N; run=special: the boots are the
# function run_NAME below (more than one boot, a module of its own ...),
# which takes its CPU and timeout from the header too; then=: named alone,
# those scenarios are booted after it.  VM_DRYRUN=1: print the boots
# ("# boot ...  (timeout S)"), build and boot nothing.
# scenarios (one boot each unless said):
#   main       -cpu max: emulator probe, load without side effects, self-test,
#              sync/async flags, load lines, cpu class, priority, what
#              "ctr(aes)" resolves to, SP 800-38A vectors (AF_ALG and
#              kcapi-enc), differential fuzz, one fuzzer per CPU at once,
#              dm-crypt aes-ctr-plain64 (512 and 4096-byte sectors), bad keys,
#              fuzzer self-check, rmmod refused while in use, load/unload
#              cycles, every max_tier, the forced non-SIMD path, a bad parameter
#   aead       -cpu max: gcm(aes) and rfc4106(gcm(aes)): self-test, flags,
#              priority, resolution, known answers, AF_ALG differential fuzz
#              (both AEADs at once), key/tag/assoclen checks, the non-SIMD
#              path switched at random, dm-crypt LUKS2 aes-gcm-random
#              --integrity aead (write, reopen, read, SIMD/non-SIMD cross-check,
#              a flipped bit is caught), rmmod, IPsec ESP between two network
#              namespaces (AES-128, AES-256, and with the non-SIMD path forced)
#   avxonly    -cpu Haswell-v4 (AES-NI+AVX+AVX2, no VAES): the avx tier is
#              auto-detected, fuzz of ctr(aes), gcm(aes), rfc4106(gcm(aes))
#   nosupport  -cpu Westmere (AES-NI, no AVX) and -cpu qemu64 (neither):
#              insmod fails with ENODEV and a log line (two boots)
#   fips       fips=1: insmod of the unsigned module fails, no panic
#   xts        -cpu max: xts(aes): self-test, flags, summary and load lines,
#              the priority policy, IEEE 1619 vectors, bad keys / short
#              message, AF_ALG differential fuzz against xts(ecb(aes-generic)),
#              dm-crypt aes-xts-plain64, the forced non-SIMD path, max_tier=avx
#   cbc        -cpu max: cbc(aes) and cts(cbc(aes)): self-tests, flags, load
#              line (priority held at 410 above the stock 400), resolution,
#              SP 800-38A / RFC 3962 vectors, bad arguments, AF_ALG fuzz
#              against cbc(aes-generic) / cts(cbc(aes-generic)) per
#              implementation and with the non-SIMD path forced, dm-crypt
#              aes-cbc-essiv:sha256 and LUKS1, the priority trap (authenc
#              over our cbc stays below our stitched authenc; with
#              disable=authenc it serves the name)
#   selftestfault  -cpu max: a second build with AESNICTR_SELFTEST_FAULT=1
#              (from a copy of the sources): insmod fails with ENODEV, every
#              implementation of every family fails its bulk comparison
#   stockfail  -cpu max, aesni_intel hidden, the test-only stockfail_ctr.ko
#              (a ctr(aes) named ctr-aes-aesni that fails the crypto
#              manager's test) loaded first: ours counts it as absent (ctr
#              at 1000, the load line says why), "ctr(aes)" resolves to ours
#   rival      -cpu max, the test-only rival_xts.ko (an xts(aes) named
#              xts-aes-rival, priority 2000, that passes the crypto
#              manager's test) loaded first: ours logs the driver it was
#              never measured against and registers xts at 1999 below it,
#              "xts(aes)" resolves to the rival, ctr/gcm unchanged; with the
#              rival gone xts is back at 1000; a rival at 100 (below the
#              stock driver) is logged but changes nothing
#   offswitch  -cpu max: the administrator's off switches: with "blacklist
#              aesni_ctr" in /etc/modprobe.d a ccm(aes) and an authenc user
#              (the kernel's request_module through kmod's modprobe) do not
#              load the installed module, without it they do; disable=
#              (insmod, and options in /etc/modprobe.d) leaves the named
#              families out with one line each, an unknown name is EINVAL,
#              all six ENODEV; debug_force_nosimd=1 taints (U) with one line
#              per load; modinfo's parameter descriptions
#   zmmcap     -cpu Icelake-Server,model=106 ($VM_ZMM_CPU): the width cap for
#              a CPU that slows down with 512-bit vectors, max_tier=vaes512
#   authenc    -cpu max: authenc(hmac(sha1),cbc(aes)) and
#              authenc(hmac(sha256),cbc(aes)): self-test, flags, load line,
#              priority above the template instance, resolution, AF_ALG
#              differential fuzz, the non-SIMD path (forced, and switched at
#              random), LUKS2 --integrity hmac-sha256 / hmac-sha1, IPsec ESP
#              cbc(aes) + hmac(sha256)/hmac(sha1); then a second boot:
#   nosha      -cpu max,sha-ni=off: ctr/gcm/xts load, authenc is left out
#              with one line, the authenc names resolve to the template
#   cpubits    -cpu max less CPUID features, three boots (VM_CPUBITS):
#              bmi1 and pclmulqdq by clearcpuid= (see below), bmi2=off with
#              vaes=off, avx2=off: the module loads, each family
#              needing f falls back to a narrower implementation or stays out
#              with one line, the rest self-tested as usual, no oops
#   esn        -cpu max: authencesn(hmac(sha1|sha256),cbc(aes)) and the
#              authenc-sha512 family (authenc/authencesn with hmac(sha384|
#              sha512)): self-test, priority, resolution, AF_ALG differential
#              fuzz against the template over the generic parts (VM_ESN_N),
#              the Copy Fail pattern (afalg_splice: spliced read-only file
#              input must stay unchanged), IPsec ESP with ESN (seq-hi
#              non-zero) template <-> ours and ours <-> ours, non-SIMD forced;
#              names the module does not have yet are SKIPs
#   ccm        -cpu max: ccm(aes) and rfc4309(ccm(aes)): self-test, flags,
#              load line, priority above the template instance, resolution,
#              known answers, AF_ALG differential fuzz against the template
#              over the generic cipher (VM_CCM_N), the non-SIMD path (forced,
#              and switched at random), IPsec ESP rfc4309(ccm(aes)) AES-128
#              and AES-256 between two network namespaces
#   soak       -cpu max: VM_SOAK_SECS of mixed load: IPsec ESN (authencesn)
#              and rfc4106 traffic both ways, dm-crypt xts and LUKS2 AEAD
#              writes/reads, an AF_ALG fuzzer at once; data, logs, and the
#              nonsimd_requests counter (must rise on 6.x)
#   stockabsent  -cpu max, aesni_intel taken out of the guest's module tree:
#              no side-effect instances, every family at 1000 (authenc 4500)
#              with "no stock driver found", the names resolve to ours; then
#              aesni_intel loaded later (ours unchanged), ours reloaded (the
#              stock-present rules); twice: -cpu max and -cpu Haswell-v4
#              (avx only: on 7.x ctr and xts then register below the stock
#              driver after the reload)
#   cpuclass   two cheap boots: -cpu max,vendor=AuthenticAMD,family=26,model=2
#              (version line "cpu class amd-zen5-turin") and family=26,
#              model=0x44 ("cpu class default"): load lines, priorities equal
#              to the main boot's (when main ran too); a CPU QEMU refuses is
#              a SKIP
#   modalias   -cpu max: the module installed as DKMS does (updates/dkms,
#              depmod -a) and loaded as udev does, by the CPU's modalias
#              (uevent "add" of each CPU, modprobe MODALIAS): the cpu alias,
#              modprobe -R, loaded without being named, ours the top entry of
#              ctr(aes), gcm(aes), xts(aes), authenc(hmac(sha256),cbc(aes))
#   ktls       -cpu max: kernel TLS (tls.ko, software path) over loopback
#              through ccm(aes) and gcm(aes): TLS 1.2 and 1.3 with AES-CCM-128,
#              AES-GCM-128 and AES-GCM-256, 1 MiB each way checked, our
#              refcnt +4 while the sockets are open, the records on the wire
#              decrypted by the generic template (AF_ALG), wrong key/sequence
#              give EBADMSG, the non-SIMD path forced
#   wifi       -cpu max: mac80211_hwsim radios=2, hostapd (WPA2-PSK) on one,
#              wpa_supplicant on the other in a network namespace: CCMP
#              (ccm(aes)) and GCMP-256 (gcm(aes)) traffic checked byte by
#              byte, our drivers' refcnt rises per key (no template or stock
#              driver used), the forced non-SIMD path (VM_WIFI_BYTES)
#   calibrate  -cpu max: the load-time timing against the stock driver
#              (ctr, gcm, xts) with calibrate_debug_pct 150, 50 and 100:
#              above, below, the tables decide; then no stock driver
#   demo       -cpu max: make run's guest (function only, nothing timed):
#              load, self-tests, priority and resolution of every name, one
#              AF_ALG, dm-crypt (aes-xts-plain64) and IPsec ESP (rfc4106,
#              cbc + hmac(sha256)) round trip each; "DEMO:" lines for the
#              host (not part of all; VM_DEMO_CPU: another -cpu)
#   stock      -cpu max: the rig's self-test on the stock aesni_intel ctr(aes)
#              (not part of all; main runs it with VM_MODULE=stock)
#   all        all of the above but stock and demo (default)
# Environment:
#   VM_CPUBITS   cpubits: the sets of CPUID features to remove, one boot
#                per set, features joined by commas ("bmi1@kernel,pclmulqdq@kernel
#                bmi2,vaes avx2"; f@kernel: by clearcpuid=f, the CPU keeps it)
#   VM_MODULE    the module to test (default build/<kver>/aesni_ctr.ko);
#                "stock" = no module, exercise the rig on aesni_intel only
#   VM_FUZZ_N    fuzz cases in main and with the forced non-SIMD path (10000)
#   VM_TIER_N    fuzz cases per forced tier, per parallel fuzzer and in
#                avxonly (2000)
#   VM_CYCLES    insmod/rmmod cycles (20)
#   VM_XTS_N, VM_XTS_NOSIMD_N, VM_XTS_TIER_N  xts fuzz cases: default, with
#                the forced non-SIMD path, per narrower max_tier (3000, 500, 500)
#   VM_CBC_N, VM_CBC_NOSIMD_N, VM_CBC_TIER_N  cbc fuzz cases per name:
#                default, with the forced non-SIMD path, per narrower
#                max_tier (10000, 1000, 2000)
#   VM_AEAD_N    aead: fuzz cases per AEAD (4000; avxonly: a quarter)
#   VM_AEAD_NOSIMD_N  aead: cases per AEAD with the non-SIMD switch toggled (1000)
#   VM_IPSEC_BYTES    aead, authenc: bytes each way per IPsec run (1048576)
#   VM_AUTHENC_N      authenc: fuzz cases per hash (4000)
#   VM_AUTHENC_NOSIMD_N  authenc: cases per hash with the non-SIMD path
#                forced (500; half as many again with it switched at random)
#   VM_ESN_N, VM_ESN_NOSIMD_N  esn: fuzz cases per name (4000), with the
#                non-SIMD path forced (500)
#   VM_CCM_N, VM_CCM_NOSIMD_N  ccm: fuzz cases per name (4000), with the
#                non-SIMD path forced (300; half as many again switched at random)
#   VM_SOAK_SECS soak: seconds of mixed load (150); VM_SOAK_LOAD (a comma
#                list of gcm,xts,luks,fuzz) and VM_SOAK_NOSIMD=1: diagnostic
#                runs (fewer loads; the non-SIMD path forced)
#   VM_ESN_WINDOW  esn, soak: the ESN SAs' replay window (4096; see users.sh)
#   Diagnostics of the soak (issue 18): VM_SOAK_GCM_WINDOW=N (a replay
#                window on the rfc4106 pair: late packets counted),
#                VM_SOAK_ESN_STOCK=1 (the ESN SAs on the stock template),
#                VM_SOAK_NETEM=ARGS (netem on the ESN link, commas for
#                spaces); VM_APPEND: more kernel command line (audit=1 logs
#                each ESP packet that fails authentication or replay)
#   VM_WIFI_BYTES  wifi: bytes each way per transfer (1048576)
#   VM_TIMEOUT   seconds per boot (default: the scenario header's timeout=)
#   VM_INIT_TMO  seconds a kernel may take to run /init (240) before the
#                boot counts as hung there and is made once more
#   VM_DRYRUN=1  print the boots "all" (or NAME) would make, nothing else
#   (the guests' knobs VM_FUZZ_N ... VM_WIFI_BYTES: one line each in
#   guest/knobs.tab, which this script reads)
#   VM_SMP       guest CPUs (2: main also runs one fuzzer per CPU at once)
#   VM_MODALIAS_KO  modalias: the .ko to install and load (default: the
#                module under test; e.g. a package's DKMS-built one)
# The kernel: any that tools/kernels.sh lists (its image, and its modules
# from its modroot); QEMU >= 10 (bookworm-backports), checked first.
# Output (KTAP-style): "KTAP version 1"; one line per check, numbered over
# the whole run: "ok N - <kver> <boot>: <text>", "not ok N - ...", and
# "ok N - ... # SKIP <why>" for what the virtual CPU (or QEMU) cannot run,
# which is not a pass; "not ok N - ... # TODO <why>" for a known defect an
# open issue tracks (counted apart, not a regression); "# ..." diagnostics (module log lines); then, per
# family and implementation a fuzz run passed in, "COVERED: <kver> <family>
# <impl> <alg>" (impl avx|vaes2|vaes512|nosimd), and "NOT COVERED: <kver>
# <family> <impl> (why)" for each implementation no boot could test; then
# "vm kernel <kver>: tiers covered: ..." (one summary line), the time
# taken, the plan "1..N" and "vm: N passed, M failed, K skipped".
# Logs: build/vm/<kver>/<boot>.{console,results,dmesg,qemu}.
# Exit status: 0 only if every check passed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sdir=$here/guest/scenarios
if [ $# -lt 1 ]; then
	echo "usage: run.sh <kver> [$(cd "$sdir" && grep -L '^# vm: .*run=[a-z-]*\.sh' -- *.sh | sed 's/\.sh$//' | tr '\n' '|')all]" >&2
	exit 1
fi
kver=$1
scen=${2:-all}
dry=${VM_DRYRUN:-}
logdir=$root/build/vm/$kver
mkdir -p "$logdir"
. "$here/vmlib.sh"

why=$(vm_kernel "$kver") || { echo "not ok 1 - $kver: $why"; exit 1; }
vm_kernel "$kver"
vmlinuz=$VM_VMLINUZ
why=$(vm_qemu_check) || { echo "not ok 1 - $kver: $why"; exit 1; }
vm_qemu_check

ko=${VM_MODULE:-$root/build/$kver/aesni_ctr.ko}
if [ "$ko" = stock ]; then
	ko=""
elif [ ! -f "$ko" ]; then
	echo "not ok 1 - $kver: module $ko not built (make modules-all), or VM_MODULE=stock to test the rig"
	exit 1
fi

initrd=$logdir/initramfs.cpio.gz
if [ -z "$dry" ] && ! VM_MODROOT=$VM_MODROOT "$here/mkinitramfs.sh" "$kver" "$initrd" $ko >"$logdir/mkinitramfs.log" 2>&1; then
	echo "not ok 1 - $kver: initramfs build failed:"
	sed 's/^/    /' "$logdir/mkinitramfs.log"
	exit 1
fi

npass=0 nfail=0 nskip=0 ntodo=0 nt=0
covered=""
declare -a notcov=()
declare -A prio=()	# boot name -> "family=N ..." from the guest's PRIO lines

# emit ok|fail|skip TEXT [WHY]: one KTAP line, numbered over the run
emit() {
	nt=$((nt + 1))
	case "$1" in
	ok) echo "ok $nt - $2"; npass=$((npass + 1)) ;;
	skip) echo "ok $nt - $2 # SKIP $3"; nskip=$((nskip + 1)) ;;
	todo) echo "not ok $nt - $2 # TODO $3"; ntodo=$((ntodo + 1)) ;;
	*) echo "not ok $nt - $2"; nfail=$((nfail + 1)) ;;
	esac
}

# does QEMU accept -cpu $1?  (it exits at once on a CPU model or property
# it does not know; started paused, a good one runs until the timeout)
qemu_cpu_ok() {
	timeout 5 "$VM_QEMU" -accel tcg -cpu "$1" -nodefaults -display none -monitor none \
		-serial none -S </dev/null >"$logdir/cpucheck.qemu" 2>&1
	[ $? -eq 124 ]
}

# the guest's knobs set from the environment: " vmtest.PARAM=$VM_<VAR>" for
# each "env" row of guest/knobs.tab whose VM_<VAR> is set (the guest has
# the defaults)
knobs=""
while read -r k_param k_var _ k_host _; do
	case "$k_param" in ""|"#"*) continue ;; esac
	k_var=VM_$k_var
	[ "$k_host" = env ] && [ -n "${!k_var:-}" ] && knobs="$knobs vmtest.$k_param=${!k_var}"
done <"$here/guest/knobs.tab"

# qemu_boot CON RES QEMULOG CPU TIMEOUT EXTRA: one boot, the two serial
# ports into CON (console) and RES (the guest's results); QEMU's status.
# A kernel that has not run /init after VM_INIT_TMO seconds (TCG gets
# there in 3-20 s) is stopped then, status 124 as timeout(1)'s: a hang
# there (one boot in many of Debian's kernels under TCG, see boot) costs
# that, not the whole TIMEOUT (900 s for main on 6 December: 7.3's guests
# then ran out of check.sh's time).
qemu_boot() {
	local con=$1 res=$2 qlog=$3 cpu=$4 tmo=$5 extra=$6 pid waited=0
	rm -f "$con" "$res"
	timeout -k 10 "$tmo" "$VM_QEMU" -accel tcg -cpu "$cpu" \
		-smp "${VM_SMP:-2}" -m 1G -nographic -no-reboot -nodefaults \
		-monitor none -serial "file:$con" -serial "file:$res" \
		-kernel "$vmlinuz" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 log_buf_len=8M random.trust_cpu=on $extra$knobs${VM_APPEND:+ $VM_APPEND}" \
		</dev/null >"$qlog" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null && ! grep -q 'Run /init' "$con" 2>/dev/null; do
		if [ "$waited" -ge "${VM_INIT_TMO:-240}" ]; then
			kill "$pid" 2>/dev/null
			wait "$pid"
			return 124
		fi
		sleep 2
		waited=$((waited + 2))
	done
	wait "$pid"
}

# timed_out STATUS: did timeout(1) end the boot (124; 137 after -k)?
timed_out() { [ "$1" -eq 124 ] || [ "$1" -eq 137 ]; }

# before_init_reason CON TIMEOUT: what a console that never reached /init
# shows, for one line
before_init_reason() {
	if grep -q 'Kernel panic' "$1"; then
		echo "panicked before /init ran ($(tr -d '\r' <"$1" | grep -m1 -e 'Oops' -e 'Kernel panic' | cut -c1-120))"
	else
		echo "did not reach /init in $2 s (last: $(tr -d '\r' <"$1" | tail -1 | tr -cd '[:print:]' | cut -c1-100))"
	fi
}

# boot <name> <cpu> <timeout> <extra cmdline>
boot() {
	local name=$1 cpu=$2 tmo=$3 extra=$4
	local con=$logdir/$name.console res=$logdir/$name.results dm=$logdir/$name.dmesg
	local t0 rc secs tag="$kver $name" l n=0 plan
	if [ -n "$dry" ]; then
		echo "# boot $tag: -cpu $cpu $extra (timeout $tmo)"
		return
	fi
	echo "# boot $tag: -cpu $cpu $extra"
	if ! qemu_cpu_ok "$cpu"; then
		emit skip "$tag: boot with -cpu $cpu" "QEMU $VM_QEMU_VERSION refuses it: $(grep -m1 . "$logdir/cpucheck.qemu")"
		return
	fi
	rm -f "$dm" "$con.before-init"
	t0=$(date +%s)
	qemu_boot "$con" "$res" "$logdir/$name.qemu" "$cpu" "$tmo" "$extra"
	rc=$?
	# A panic or a hang before /init ran is Debian's kernel under TCG,
	# nothing of the module's (only /init loads it; seen in one boot of
	# many: 6.12, "Oops: int3" while probing ACPI at 1 s; 7.3, stuck
	# bringing up the second CPU at 0.8 s until the timeout): the boot is
	# made once more, the first console kept beside the second.  Any
	# later panic or timeout fails.
	if { grep -q 'Kernel panic' "$con" || timed_out $rc; } &&
	   ! grep -q 'Run /init' "$con"; then
		mv "$con" "$con.before-init"
		echo "# boot $tag: the kernel $(before_init_reason "$con.before-init" "${VM_INIT_TMO:-240}"); booting once more (first console: $con.before-init)"
		qemu_boot "$con" "$res" "$logdir/$name.qemu" "$cpu" "$tmo" "$extra"
		rc=$?
	fi
	secs=$(($(date +%s) - t0))
	touch "$res" "$con"
	tr -d '\r' <"$res" >"$res.tmp" && mv "$res.tmp" "$res"
	tr -d '\r' <"$con" >"$con.tmp" && mv "$con.tmp" "$con"
	sed -n '/^===DMESG BEGIN===$/,/^===DMESG END===$/p' "$res" | sed '1d;$d' >"$dm"

	# the guest's own verdicts, renumbered
	prio[$name]=""
	while IFS= read -r l; do
		case "$l" in
		"ok "*" # SKIP "*) n=$((n + 1)); l=${l#ok * - }; emit skip "$tag: ${l% \# SKIP *}" "${l##* \# SKIP }" ;;
		"ok "*) n=$((n + 1)); emit ok "$tag: ${l#ok * - }" ;;
		"not ok "*" # TODO "*) n=$((n + 1)); l=${l#not ok * - }; emit todo "$tag: ${l% \# TODO *}" "${l##* \# TODO }" ;;
		"not ok "*) n=$((n + 1)); emit fail "$tag: ${l#not ok * - }" ;;
		COVERED:*) covered="$covered
${l#COVERED: }" ;;
		NOTCOVERED:*) notcov+=("${l#NOTCOVERED: }") ;;
		PRIO:*) prio[$name]="${prio[$name]}${prio[$name]:+ }$(echo "${l#PRIO: }" | tr ' ' =)" ;;
		esac
	done < <(sed '/^===DMESG BEGIN===$/,/^===DMESG END===$/d' "$res")

	# the host's verdicts: completion (and the guest's plan), panics, kernel log
	if grep -q 'Kernel panic' "$con" "$dm"; then
		emit fail "$tag: kernel panic: $(grep -h -m1 'Kernel panic' "$con" "$dm")"
	fi
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$res" | tail -1)
	if grep -q '^===VMTEST END' "$res" && [ "$plan" = "$n" ]; then
		emit ok "$tag: guest ran to completion in ${secs} s ($n checks, as its plan 1..$plan says; $(sed -n 's/^===VMTEST END \(.*\)===$/\1/p' "$res"))"
	elif grep -q '^===VMTEST END' "$res"; then
		emit fail "$tag: the guest's plan says 1..${plan:-?}, $n checks were read"
	elif timed_out $rc && ! grep -q 'Run /init' "$con"; then
		emit fail "$tag: the kernel $(before_init_reason "$con" "${VM_INIT_TMO:-240}") twice (log: $con)"
	elif timed_out $rc; then
		emit fail "$tag: timeout after ${tmo} s without the end marker (log: $con)"
	else
		emit fail "$tag: guest stopped without the end marker (qemu status $rc; log: $con)"
		sed 's/^/# qemu: /' "$logdir/$name.qemu" | head -5
	fi
	# WARNING / BUG / Oops / Call Trace / self-test failures in the kernel log
	# (the unsigned-module taint lines are expected and match none of these)
	local pat=$VM_KLOG_BAD
	local bad
	# (an AMD family 0x19/0x1a guest without the microcode's SRSO mitigation
	# gets "Speculative Return Stack Overflow: WARNING: See ...", a notice
	# about the CPU, not a kernel warning)
	bad=$( { cat "$dm"; grep -v '^vmtest| ' "$con"; } | expected_reports "$name" | grep -E "$pat" |
		grep -v -e 'vmtest' -e 'Speculative Return Stack Overflow: WARNING: See ' | sort -u | head -5)
	if [ "$name" = wifi ]; then
		{ cat "$dm"; grep -v '^vmtest| ' "$con"; } | mac80211_known_warns list |
			sort -u | head -5 | sed "s/^/# [$tag] mac80211's frame room check, before any crypto call (not counted): /"
	fi
	if [ -n "$bad" ]; then
		emit fail "$tag: kernel log has: $(echo "$bad" | tr '\n' '|' | cut -c1-600)"
	elif [ -s "$dm" ]; then
		emit ok "$tag: kernel log free of WARNING/BUG/Oops/Call Trace/alg: failed"
	else
		emit fail "$tag: no kernel log captured"
	fi
	# module log lines, for the record
	grep -E '^# (dmesg: .*(aesni_ctr|FIPS|fips)|tcg probe:|kernel |stock (gcm|rfc))' "$res" |
		sed -e "s/^# dmesg: /# [$tag] /;t" -e "s/^# /# [$tag] /" | head -20
}

# expected_reports BOOT: the kernel log on stdin, less what boot BOOT
# provokes on purpose: in stockfail, the crypto manager's report of the
# test-only ctr-aes-aesni failing its self-test (the "alg: ... failed" lines
# naming it, and 6.x's WARNING block from crypto/testmgr.c that carries one).
# In wifi, less mac80211's own check of an outgoing frame's room
# (mac80211_known_warns): what it drops is printed by check_boot.
expected_reports() {
	case $1 in
	stockfail) ;;
	wifi) mac80211_known_warns drop; return ;;
	*) cat; return ;;
	esac
	awk '/-\[ cut here \]-/ { blk = $0 "\n"; inblk = 1; next }
		inblk { blk = blk $0 "\n"
			if (/---\[ end trace/) {
				if (blk !~ /crypto\/testmgr\.c/ || blk !~ /ctr-aes-aesni/) printf "%s", blk
				inblk = 0
			}
			next }
		/alg: .*ctr-aes-aesni/ { next }
		{ print }
		END { if (inblk) printf "%s", blk }'
}

# mac80211_known_warns drop|list: the kernel log on stdin, less (drop) or
# only the WARNING lines of (list) the WARNING blocks of mac80211's room
# check in its software CCMP/GCMP encryption: the WARN_ON(skb_tailroom(skb)
# < tail || skb_headroom(skb) < ..._HDR_LEN) at the top of
# ieee80211_crypto_{ccmp,gcmp}_encrypt (net/mac80211/wpa.c), which returns
# before any crypto call, and the WARN_ON in ieee80211_encrypt_tx_skb
# (tx.c) that reports the same frame's failure.  Seen on 7.3 with
# mac80211_hwsim, mid-transfer (a GSO segment without room for the MIC);
# the frame is dropped and TCP sends it again (the transfer's bytes are
# checked).  A block with a frame of our module in its trace (a function
# aesnictr_* or one marked [aesni_ctr]) is kept.
mac80211_known_warns() {
	awk -v mode="$1" '
		function known(b) {
			return b !~ /aesnictr|\[aesni_ctr\]/ &&
			       b ~ /WARNING: net\/mac80211\/(wpa\.c:[0-9]+ at ieee80211_crypto_(ccmp|gcmp)_encrypt|tx\.c:[0-9]+ at ieee80211_encrypt_tx_skb)\+/
		}
		/-\[ cut here \]-/ { blk = $0 "\n"; inblk = 1; next }
		inblk { blk = blk $0 "\n"
			if (/---\[ end trace/) {
				if (!known(blk)) {
					if (mode == "drop") printf "%s", blk
				} else if (mode == "list") {
					n = split(blk, l, "\n")
					for (i = 1; i <= n; i++)
						if (l[i] ~ /WARNING: /) print l[i]
				}
				inblk = 0
			}
			next }
		mode == "drop" { print }
		END { if (inblk && mode == "drop") printf "%s", blk }'
}

# boot_own_initramfs NAME KO [EXTRA_KO...]: boot scenario NAME (its
# header's CPU and timeout, in hdr) on
# an initramfs of its own that holds module KO instead of the one under test
# (and test-only modules EXTRA_KO beside it); status 1, nothing booted, if
# that initramfs cannot be built (log: $logdir/mkinitramfs-NAME.log)
boot_own_initramfs() {
	local name=$1 ko_own=$2 initrd_main=$initrd
	shift 2
	[ -n "$dry" ] || VM_EXTRA_KO="$*" VM_MODROOT=$VM_MODROOT "$here/mkinitramfs.sh" "$kver" "$logdir/initramfs-$name.cpio.gz" \
		"$ko_own" >"$logdir/mkinitramfs-$name.log" 2>&1 || return 1
	initrd=$logdir/initramfs-$name.cpio.gz
	boot "$name" "${hdr[cpu]}" "$(hdr_timeout)" "vmtest.scenario=$name"
	initrd=$initrd_main
}

# build_test_module DIR NAME: the test-only module NAME.ko of tools/vm/DIR/
# (its .c and Kbuild), built W=1 for this kernel from a copy in
# $logdir/DIR-src (log: $logdir/DIR-build.log); sets TEST_KO to it, or
# emits a failed check and returns 1 if the build failed or warned
build_test_module() {
	local src=$logdir/$1-src log=$logdir/$1-build.log kd
	TEST_KO=""
	[ -z "$dry" ] || { TEST_KO=$src/$2.ko; return; }
	rm -rf "$src"
	cp -r "$here/$1" "$src" && kd=$("$root/tools/kernels.sh" kdir "$kver") &&
		"$root/tools/kernels.sh" run "$kver" make -C "$kd" M="$src" W=1 modules >"$log" 2>&1
	if [ ! -f "$src/$2.ko" ] || grep -q 'warning:' "$log"; then
		emit fail "$kver $1: building $2.ko failed or warned (log: $log)"
		tail -5 "$log" | sed 's/^/# /'
		return 1
	fi
	TEST_KO=$src/$2.ko
}

# cpuclass <name> <cpu> <vendor:family:model> <class>: a cheap boot of the
# cpuclass scenario; its priorities must equal the main boot's (the classes
# QEMU can model differ only for vaes512, which TCG cannot run)
cpuclass() {
	boot "$1" "$2" "$(hdr_timeout)" "vmtest.scenario=cpuclass vmtest.cpuid=$3 vmtest.cpuclass=$4"
	[ -f "$logdir/$1.results" ] && grep -q '^===VMTEST END' "$logdir/$1.results" || return
	if [ -z "${prio[main]:-}" ]; then
		emit skip "$kver $1: priorities equal to the main boot's (cpu class default)" "main did not run in this invocation"
	elif [ "${prio[$1]}" = "${prio[main]}" ]; then
		emit ok "$kver $1: priorities equal to the main boot's (cpu class default): ${prio[$1]}"
	else
		emit fail "$kver $1: priorities '${prio[$1]}', the main boot's (cpu class default) '${prio[main]}'"
	fi
}

# ---------------------------------------------------------------------
# the scenarios' headers, and the boots of the special ones

# scen_header NAME: the "# vm:" line of scenarios/NAME.sh as hdr[key]=value
# (cpu, timeout, all, run, cmdline, cpuvar, needs, then); status 1 with a
# reason on stdout if there is no such file or no sound header
declare -A hdr=()
scen_header() {
	local f=$sdir/$1.sh line re='^([a-z]+)=("([^"]*)"|([^ "]*))( +|$)'
	hdr=()
	[ -f "$f" ] || { echo "no scenario $1 ($f)"; return 1; }
	line=$(sed -n 's/^# vm: *//p' "$f" | head -1)
	while [ -n "$line" ] && [[ $line =~ $re ]]; do
		hdr[${BASH_REMATCH[1]}]=${BASH_REMATCH[3]}${BASH_REMATCH[4]}
		line=${line:${#BASH_REMATCH[0]}}
	done
	if [ -n "$line" ] || [ -z "${hdr[cpu]:-}" ] || [ -z "${hdr[timeout]:-}" ]; then
		echo "$f: no sound '# vm: cpu=... timeout=...' header line${line:+ (at: $line)}"
		return 1
	fi
}
# the boot's timeout: $VM_TIMEOUT, else the header's
hdr_timeout() { echo "${VM_TIMEOUT:-${hdr[timeout]}}"; }

# the scenarios of "all", in the order of their headers' all=N
all_scenarios() {
	local f n
	for f in "$sdir"/*.sh; do
		n=$(basename "$f" .sh)
		scen_header "$n" >/dev/null && [ -n "${hdr[all]:-}" ] && echo "${hdr[all]} $n"
	done | sort -n | awk '{ print $2 }'
}

# boot_scenario NAME: the one boot its header (in hdr) describes
boot_scenario() {
	local cpu=${hdr[cpu]} v=${hdr[cpuvar]:-}
	[ -z "$v" ] || cpu=${!v:-$cpu}
	if [ "${hdr[needs]:-}" = module ] && [ -z "$ko" ]; then
		emit fail "$kver $1: needs the module under test (not with VM_MODULE=stock)"
		return
	fi
	boot "$1" "$cpu" "$(hdr_timeout)" "vmtest.scenario=$1${hdr[cmdline]:+ ${hdr[cmdline]}}"
}

run_nosupport() {
	boot nosupport-westmere "${hdr[cpu]}" "$(hdr_timeout)" "vmtest.scenario=nosupport"
	boot nosupport-qemu64 qemu64 "$(hdr_timeout)" "vmtest.scenario=nosupport"
}
run_fips() {
	# fips=1 is FIPS mode only in a kernel built with CONFIG_CRYPTO_FIPS
	# (Debian's 7.3 is not: make check-source-kernel boots one that is)
	local cfg
	cfg=$(dirname "$vmlinuz")/config-$kver
	[ -f "$cfg" ] || cfg=$("$root/tools/kernels.sh" kdir "$kver")/.config
	if [ -f "$cfg" ] && ! grep -q '^CONFIG_CRYPTO_FIPS=y' "$cfg"; then
		emit skip "$kver fips: FIPS mode (fips=1)" "this kernel has no CONFIG_CRYPTO_FIPS ($cfg); make check-source-kernel tests FIPS mode on a 7.3 that has"
	else
		boot_scenario fips
	fi
}
run_selftestfault() {
	# a second build of the module with AESNICTR_SELFTEST_FAULT=1 (every
	# SIMD implementation's long outputs corrupted), from a copy of the
	# sources, in its own initramfs
	local fdir srcs kdir
	if [ -z "$ko" ]; then
		emit fail "$kver selftestfault: needs the module's sources (not with VM_MODULE=stock)"
		return
	fi
	fdir=$logdir/selftestfault-src
	if [ -n "$dry" ]; then
		:
	else
		rm -rf "$fdir"
		mkdir -p "$fdir"
		srcs=$(make -s -C "$root" print-sources)
		# shellcheck disable=SC2086 # the sources: one word each
		(cd "$root" && cp --parents $srcs "$fdir/") &&
		kdir=$("$root/tools/kernels.sh" kdir "$kver") &&
		"$root/tools/kernels.sh" run "$kver" \
			make -C "$kdir" M="$fdir" AESNICTR_SELFTEST_FAULT=1 modules >"$logdir/selftestfault-build.log" 2>&1
	fi
	if [ -z "$dry" ] && [ ! -f "$fdir/aesni_ctr.ko" ]; then
		emit fail "$kver selftestfault: building the AESNICTR_SELFTEST_FAULT=1 module failed (log: $logdir/selftestfault-build.log)"
		tail -5 "$logdir/selftestfault-build.log" | sed 's/^/# /'
	else
		emit ok "$kver selftestfault: built the AESNICTR_SELFTEST_FAULT=1 module ($fdir/aesni_ctr.ko)"
		boot_own_initramfs selftestfault "$fdir/aesni_ctr.ko" ||
			emit fail "$kver selftestfault: building its initramfs failed (log: $logdir/mkinitramfs-selftestfault.log)"
	fi
}
# boot_with_test_module SCEN DIR NAME: scenario SCEN's boot with the
# test-only NAME.ko of tools/vm/DIR/ (build_test_module) beside the module
# under test, in its own initramfs
boot_with_test_module() {
	if [ -z "$ko" ]; then
		emit fail "$kver $1: needs the module under test (not with VM_MODULE=stock)"
	elif build_test_module "$2" "$3"; then
		boot_own_initramfs "$1" "$ko" "$TEST_KO" ||
			emit fail "$kver $1: building its initramfs failed (log: $logdir/mkinitramfs-$1.log)"
	fi
}
# stockfail_ctr.ko: a ctr(aes) named ctr-aes-aesni that fails its self-test
run_stockfail() { boot_with_test_module stockfail stockfail stockfail_ctr; }
# rival_xts.ko: an xts(aes) named xts-aes-rival at 2000, a driver ours was
# never measured against
run_rival() { boot_with_test_module rival rival rival_xts; }
run_cpubits() {
	# QEMU's max CPU less one CPUID feature a family's assembly needs: that
	# family falls back or stays out, nothing oopses (guest/scenarios/cpubits.sh).
	# f@kernel: the kernel is told the CPU lacks f (clearcpuid=f) where QEMU
	# cannot take it away: with bmi1=off, TCG also refuses BMI2's BZHI, which
	# glibc's AVX2 string functions use when CPUID says BMI2, so the
	# initramfs's busybox dies before the test starts; with pclmulqdq=off,
	# 6.1's stock aesni_intel (which never checks PCLMULQDQ) takes an
	# invalid-opcode oops in aesni_gcm_init during its own self-test
	# (each boot takes away features of different families, or two of one
	# family's checks, so three boots cover five features)
	local set cpu clear off f
	for set in ${VM_CPUBITS:-bmi1@kernel,pclmulqdq@kernel bmi2,vaes avx2}; do
		cpu=${hdr[cpu]} clear="" off=""
		for f in $(echo "$set" | tr , ' '); do
			case "$f" in
			*@kernel) f=${f%@kernel}; clear="$clear${clear:+,}$f" ;;
			*) cpu="$cpu,$f=off" ;;
			esac
			off="$off${off:+,}$f"
		done
		boot "cpubits-$(echo "$off" | tr , -)" "$cpu" "$(hdr_timeout)" \
			"vmtest.scenario=cpubits vmtest.cpuoff=$off${clear:+ clearcpuid=$clear}"
	done
}
# the soak's timeout grows with VM_SOAK_SECS (the header's is for 150 s)
run_soak() {
	boot soak "${hdr[cpu]}" "${VM_TIMEOUT:-$((${VM_SOAK_SECS:-150} + hdr[timeout] - 150))}" "vmtest.scenario=soak"
}
run_stockabsent() {
	boot stockabsent "${hdr[cpu]}" "$(hdr_timeout)" "vmtest.scenario=stockabsent"
	# where the stock driver beats our avx (7.x ctr and xts): after the
	# reload, the "below" rule
	boot stockabsent-avx Haswell-v4 "$(hdr_timeout)" "vmtest.scenario=stockabsent"
}
run_cpuclass() {
	# AMD family 26 (Zen 5): model 2 is Turin (its own class), model 0x44 not
	cpuclass cpuclass-zen5 "${hdr[cpu]}" AuthenticAMD:26:2 amd-zen5-turin
	cpuclass cpuclass-f26m44 max,vendor=AuthenticAMD,family=26,model=0x44 AuthenticAMD:26:68 default
}
run_modalias() {
	# VM_MODALIAS_KO (another build, e.g. a package's DKMS .ko) gets an
	# initramfs of its own
	local mko=${VM_MODALIAS_KO:-$ko}
	if [ -z "$mko" ] || [ ! -f "$mko" ]; then
		emit fail "$kver modalias: no module ${mko:-(VM_MODULE=stock: set VM_MODALIAS_KO)}"
		return
	fi
	mko=$(realpath "$mko")
	echo "# $kver modalias: testing $mko (version $(PATH=$PATH:/usr/sbin:/sbin modinfo -F version "$mko"), srcversion $(PATH=$PATH:/usr/sbin:/sbin modinfo -F srcversion "$mko"))"
	if [ "$mko" = "$(realpath "${ko:-/}")" ]; then
		boot_scenario modalias
	elif ! boot_own_initramfs modalias "$mko"; then
		emit fail "$kver modalias: building the initramfs with $mko failed (log: $logdir/mkinitramfs-modalias.log)"
	fi
}

# run_one NAME [follow]: the boots of scenario NAME, by its header; with
# "follow", the scenarios its then= names after it
run_one() {
	local why t
	if ! why=$(scen_header "$1"); then
		emit fail "$kver $1: $why"
		return
	fi
	scen_header "$1"
	case "${hdr[run]:-}" in
	"") boot_scenario "$1" ;;
	special) "run_$1" ;;
	*) emit fail "$kver $1: booted by tools/vm/${hdr[run]}, not run.sh" ;;
	esac
	if [ "${2:-}" = follow ] && scen_header "$1" >/dev/null; then
		for t in ${hdr[then]:-}; do run_one "$t"; done
	fi
}

t_start=$(date +%s)
echo "vm kernel $kver: image $vmlinuz, modules from ${VM_MODROOT%/}/lib/modules/$kver, QEMU $VM_QEMU_VERSION"
echo "KTAP version 1"
if [ "$scen" = all ]; then
	for s in $(all_scenarios); do run_one "$s"; done
elif [ -f "$sdir/$scen.sh" ]; then
	run_one "$scen" follow
else
	emit fail "$kver: unknown scenario $scen"
fi

# $covered: one "<family> <impl> <algorithm>" per line (impl: a width or
# "nosimd"); $notcov: "<family> <impl> (why)"
covered=$(echo "$covered" | awk 'NF >= 3' | sort -u)
echo "$covered" | awk -v k="$kver" 'NF { print "COVERED: " k " " $0 }'
nc=""
nc_fams=""
for f in $(echo "$covered" | awk 'NF { print $1 }' | sort -u) \
	 $(printf '%s\n' "${notcov[@]}" | awk 'NF { print $1 }' | sort -u); do
	case " $nc_fams " in *" $f "*) continue ;; esac
	nc_fams="$nc_fams $f"
	fimpls="avx vaes2 vaes512"
	case "$f" in authenc*|ccm) fimpls=avx ;; esac	# authenc and ccm have one implementation
	for t in $fimpls; do
		echo "$covered" | grep -q "^$f $t " && continue
		why=$(printf '%s\n' "${notcov[@]}" | grep "^$f $t " | head -1)
		echo "NOT COVERED: $kver ${why:-$f $t (no boot tested it)}"
		nc="$nc; ${why:-$f $t}"
	done
done
# "ctr: vaes2, avx, nosimd; gcm: avx, nosimd" (widest first, nosimd last)
bytam=$(echo "$covered" | awk 'NF {
		o = ($2 == "vaes512" ? 1 : $2 == "vaes2" ? 2 : $2 == "avx" ? 3 : 4)
		print $1, o, $2 }' | sort -k1,1 -k2,2n -u | awk '
		$1 != f { if (f != "") printf "; "; printf "%s: %s", $1, $3; f = $1; last = $3; next }
		$3 != last { printf ", %s", $3; last = $3 }
		END { if (f != "") print "" }')
algs=$(echo "$covered" | awk 'NF { o = ($2 == "vaes512" ? 1 : $2 == "vaes2" ? 2 : $2 == "avx" ? 3 : 4); print $3, o, $2 }' |
	sort -k1,1 -k2,2n -u | awk '
		$1 != a { if (a != "") printf "]; "; printf "%s [%s", $1, $3; a = $1; next }
		{ printf ", %s", $3 }
		END { if (a != "") print "]" }')
echo "vm kernel $kver: tiers covered: ${bytam:-none}; algorithms: ${algs:-none}${nc:+; not covered: ${nc#; }}"
echo "vm kernel $kver: $scen took $(($(date +%s) - t_start)) s"
echo "1..$nt"
echo "vm: $npass passed, $nfail failed, $nskip skipped, $ntodo known failures (TODO)"
[ $nfail -eq 0 ]
