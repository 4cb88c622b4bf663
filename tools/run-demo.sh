#!/bin/bash
# `make run` [KVER]: the module at work, in two parts that each mean something.
#
# 1. Function, in a QEMU guest on a Debian kernel (the running one if it is
#    an installed Debian kernel, else the newest installed; or KVER): the
#    guest scenario `demo` (tools/vm/guest/scenarios/demo.sh) loads the
#    module, waits for every family's self-tests, checks what each algorithm
#    name resolves to, and makes one round trip each through AF_ALG,
#    dm-crypt and IPsec ESP.  The guest's CPU is emulated (TCG): nothing in
#    it is timed, since an emulated CPU says nothing about speed.
# 2. Speed, natively on this CPU: the module's own assembly against the
#    stock code of Linux 6.1, 6.12 and 7.3 (their x86 AES assembly, taken
#    from Debian's linux-source packages and driven as each kernel's glue
#    drives it: tools/native, `make bench`; for ccm, which no kernel has
#    x86 code for, the composition each kernel's ccm template makes of its
#    ctr(aes) and a single-block AES call per MAC block), at 64 B, 1420 B (1440 B for xts
#    and authenc, whose sizes are multiples of 16), 4 KiB and 16 KiB,
#    AES-128 and AES-256; a table per family, then one line per family: ours
#    against "your kernel's" code (that of the Debian kernel above).
#
# Each step prints one line; what it prints goes to a log (packages:
# build/run-deps.log; build/run-*.log), named if the step fails.
# Emulated (tcrypt) timings are in `make bench VM=1` only.
# Environment: RUN_BENCH_RUNS, RUN_BENCH_MS (timed runs per row and size,
# the best kept, and the milliseconds each: default 15 and 8; many short
# runs stand a better chance of an undisturbed one on a busy machine).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
mkdir -p build
t_start=$SECONDS

# step TITLE LOG COMMAND...: one line; the log's path and its end if it fails
step() {
	local title=$1 log=$2 rc
	shift 2
	printf '  %-58s ' "$title"
	"$@" >"$log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		echo ok
	else
		echo "FAILED (exit status $rc), see $log"
		tail -8 "$log" | sed 's/^/      /'
	fi
	return $rc
}

cpu_model=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
cpu_fm=$(awk -F': *' '/^cpu family/ && !f { f = $2 } /^model[ \t]*:/ && !m { m = $2 } END { printf "family %s, model %s", f, m }' /proc/cpuinfo)

echo "=== aesni_ctr $(git describe --always --dirty 2>/dev/null || cat VERSION): make run"
step "Debian packages (tools/deps.sh)" build/run-deps.log tools/deps.sh || exit 1

# the kernel: the running one if it is an installed Debian kernel, else the
# newest Debian kernel installed on this machine (modroot "/": not the
# Debian 13 root's, whose build tools need trixie)
debian_kernels=$(tools/kernels.sh list | awk '$4 == "/" { print $1 }')
kver=${1:-}
if [ -z "$kver" ]; then
	kver=$(echo "$debian_kernels" | grep -Fx "$(uname -r)" || true)
	[ -n "$kver" ] || kver=$(echo "$debian_kernels" | head -1)
fi
[ -n "$kver" ] || { echo "run: no Debian kernel installed (tools/deps.sh)" >&2; exit 1; }
# its stock code in the bench: linux-<major>.<minor>
kshort=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
yours=linux-$kshort

step "build aesni_ctr.ko for $kver" build/run-build.log \
	make --no-print-directory "build/$kver/aesni_ctr.ko" || exit 1
# the native bench is built (the stock kernels' assembly extracted and
# assembled) while the guest runs; it is timed only after the guest is gone
(make --no-print-directory -C tools/native stock-extract &&
	make --no-print-directory -C tools/native "$PWD/tools/native/build/bench") \
	>build/run-bench-build.log 2>&1 &
bench_build=$!

echo
echo "=== 1. Function: a QEMU guest on Debian's kernel $kver"
echo "    (an emulated CPU, -cpu max: AES-NI, AVX2, VAES, SHA-NI; it proves function only, so nothing in it is timed)"
step "boot the guest, load the module, self-tests, round trips" build/run-guest.log \
	tools/vm/run.sh "$kver" demo
guest_rc=$?
res=build/vm/$kver/demo.results
if [ -f "$res" ]; then
	sed -n 's/^DEMO: //p' "$res" | sed -e 's/^name /resolves: /' -e 's/^/    /'
fi
grep -E '^not ok ' build/run-guest.log | sed 's/^/    /' | head -20
sed -n 's/^vm: \([0-9]*\) passed, \([0-9]*\) failed.*/    guest checks: \1 passed, \2 failed (all of them: build\/run-guest.log)/p' build/run-guest.log

echo
echo "=== 2. Speed: natively on this CPU, $cpu_model ($cpu_fm, $(nproc) CPUs)"
echo "    the module's assembly against the stock code of Linux 6.1, 6.12 and 7.3 (each kernel's own x86 assembly,"
echo "    from Debian's linux-source packages, driven as its glue drives it on this CPU); GB/s, best of ${RUN_BENCH_RUNS:-15} runs"
wait $bench_build
bench_rc=$?
printf '  %-58s ' "build the native bench (tools/native)"
if [ $bench_rc -ne 0 ]; then
	echo "FAILED (exit status $bench_rc), see build/run-bench-build.log"
	tail -8 build/run-bench-build.log | sed 's/^/      /'
	exit 1
fi
echo ok
echo "    (load average before timing: $(cut -d' ' -f1-3 /proc/loadavg); a busy machine makes the figures noisy, ratios hold better)"
csv=build/run-bench.csv
# (called through step)
# shellcheck disable=SC2317
bench() {
	local b=tools/native/build/bench args=(--csv --stock-dir=tools/native/build/stock --runs="${RUN_BENCH_RUNS:-15}" --ms="${RUN_BENCH_MS:-8}")
	"$b" "${args[@]}" --modes=ctr,gcm-enc,gcm-dec,ccm-enc,ccm-dec --sizes=64,1420,4096,16384 >"$csv" || return
	"$b" "${args[@]}" --modes=xts-enc,xts-dec,authenc-sha1-enc,authenc-sha1-dec,authenc-sha256-enc,authenc-sha256-dec \
		--sizes=64,1440,4096,16384 | tail -n +2 >>"$csv"
}
step "time ctr, gcm, xts, authenc, ccm (ours and the stock kernels')" build/run-bench.log bench || exit 1

awk -F, -v yours="$yours" -v kver="$kver" -v cpu="$cpu_model" '
BEGIN {
	nf = split("ctr(aes) gcm(aes) xts(aes) authenc(hmac(sha1),cbc(aes)) authenc(hmac(sha256),cbc(aes)) ccm(aes)", fam, " ")
	fmodes[1] = "ctr"; fmodes[2] = "gcm-enc gcm-dec"; fmodes[3] = "xts-enc xts-dec"
	fmodes[4] = "authenc-sha1-enc authenc-sha1-dec"; fmodes[5] = "authenc-sha256-enc authenc-sha256-dec"
	fmodes[6] = "ccm-enc ccm-dec"
	nstock = split("linux-6.1 linux-6.12 linux-7.3", stock, " ")
	tiers = "aesnictr-vaes512 aesnictr-vaes2 aesnictr-avx aesnictr"
}
NR > 1 && $1 != "impl" {
	v[$1, $2, $3, $4] = $5
	if (!(($2, $4) in sz)) { sz[$2, $4]; sizes[$2] = sizes[$2] " " $4 }
	keys[$3]
}
function human(b) { return b >= 1024 && b % 1024 == 0 ? (b / 1024) " KiB" : b " B" }
# ours on this mode: the widest implementation the CPU has (the module takes
# it unless capped on a CPU that slows down for 512-bit vectors)
function ours(m, k, b,   n, t, i) {
	n = split(tiers, t, " ")
	for (i = 1; i <= n; i++) if ((t[i], m, k, b) in v) return t[i]
	return ""
}
END {
	for (f = 1; f <= nf; f++) {
		nm = split(fmodes[f], ms, " ")
		ns = split(sizes[ms[1]], s, " ")
		printf "\n  %-45s", fam[f] "  (GB/s)"
		for (i = 1; i <= ns; i++) printf " %9s", human(s[i])
		printf "\n"
		lsum = 0; cnt = 0; lo = 0; hi = 0
		for (k = 128; k <= 256; k += 128) for (j = 1; j <= nm; j++) {
			m = ms[j]
			dir = m ~ /-enc$/ ? " encrypt" : m ~ /-dec$/ ? " decrypt" : ""
			o = ours(m, k, s[1])
			if (o == "") continue
			label = "AES-" k dir
			rows[1] = o; nr = 1
			for (i = 1; i <= nstock; i++) rows[++nr] = stock[i]
			for (r = 1; r <= nr; r++) {
				name = rows[r] == o ? "ours (" (o == "aesnictr" ? "stitched" : substr(o, 10)) ")" : rows[r]
				if (rows[r] == yours) name = name " = your kernel"
				printf "    %-17s %-25s", r == 1 ? label : "", name
				for (i = 1; i <= ns; i++) {
					x = rows[r] SUBSEP m SUBSEP k SUBSEP s[i]
					printf " %9s", (x in v) ? sprintf("%.2f", v[x]) : "-"
				}
				printf "\n"
			}
			printf "    %-17s %-25s", "", "ours / your kernel"
			for (i = 1; i <= ns; i++) {
				a = o SUBSEP m SUBSEP k SUBSEP s[i]; b = yours SUBSEP m SUBSEP k SUBSEP s[i]
				if ((a in v) && (b in v) && v[b] > 0) {
					x = v[a] / v[b]
					printf " %9s", sprintf("x%.2f", x)
					lsum += log(x); cnt++
					if (!lo || x < lo) lo = x
					if (x > hi) hi = x
				} else printf " %9s", "-"
			}
			printf "\n"
		}
		if (cnt) sum[f] = sprintf("%s: x%.2f vs your kernel%ss code on this CPU (%s)  [x%.2f to x%.2f over %d figures]",
			fam[f], exp(lsum / cnt), "\047", cpu, lo, hi, cnt)
		else sum[f] = fam[f] ": no figures for " yours " (see build/run-bench.csv)"
	}
	printf "\nYour kernel: %s, its stock code is the %s rows. Geometric mean of ours / yours over the sizes,\n", kver, yours
	printf "key sizes and directions above (range in brackets):\n"
	for (f = 1; f <= nf; f++) print "  " sum[f]
}' "$csv"

echo
[ $guest_rc -eq 0 ] || echo "run: the guest part FAILED (build/run-guest.log)"
echo "Done in $(( (SECONDS - t_start) / 60 )) min $(( (SECONDS - t_start) % 60 )) s. Every size, 64 B to 1 MiB, and a plot per family: make bench PLOT=1; every test: make check."
exit $guest_rc
