#!/bin/bash
# `make run`: show the module at work on a fresh machine.  Boots a QEMU guest
# (TCG) on Debian's kernel, loads the module, shows what it registered, and
# compares the kernel's own tcrypt speed before and after (emulated, so only
# the ratio means anything); then a short native speed comparison of the very
# same assembly on this host's CPU against OpenSSL.
set -euo pipefail
cd "$(dirname "$0")/.."
# the newest Debian kernel (the 7.3 one, if built, is left to make check)
kver=${1:-$(tools/kernels.sh list | awk '$4 == "/" { print $1; exit }')}
[ -n "$kver" ] || { echo "run: no Debian kernel installed (tools/deps.sh)" >&2; exit 1; }

echo "=== aesni_ctr $(git describe --always --dirty 2>/dev/null || cat VERSION) on Debian kernel $kver (QEMU guest, -cpu max)"
VM_TCRYPT_REPEAT=1 tools/vm/tcrypt-bench.sh "$kver" | tee build/run-demo.log
con=build/vm/$kver/bench.console
echo
echo "=== what the module said when it loaded (guest kernel log)"
tr -d '\r' <"$con" | grep -E 'aesni_ctr: (version|ctr:|gcm:|xts:|authenc:|the CPU|FIPS|no algorithm)' | sed 's/^/  /' || true
echo
echo "=== native speed on this CPU ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)), 16 KiB messages"
BENCH_RUNS=3 make -s --no-print-directory -C tools/native bench CSV=1 >build/run-demo-bench.csv
awk -F, 'NR > 1 && $4 == 16384 && $3 == 128 { v[$2 "," $1] = $5; if (!($2 in seen)) { seen[$2]; modes[++n] = $2 } }
END {
	for (i = 1; i <= n; i++) {
		m = modes[i]; o = v[m ",openssl"]
		printf "  %-18s openssl %6.2f GB/s", m, o
		split("aesnictr aesnictr-avx aesnictr-vaes2 aesnictr-vaes512", t, " ")
		for (j = 1; j <= 4; j++) if ((m "," t[j]) in v)
			printf "  %s %6.2f (%.2fx)", j == 1 ? "ours" : substr(t[j], 10),
				v[m "," t[j]], v[m "," t[j]] / o
		printf "\n"
	}
}' build/run-demo-bench.csv
echo
echo "Full tables: make bench; every test: make check."
