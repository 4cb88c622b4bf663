#!/bin/bash
# `make check`: every test of the project, in order; tallies the PASS:/FAIL:
# lines the steps print (a step that fails without saying why counts as one
# failure) and ends with "N passed, N failed".  Exit status 0 only if none
# failed.  Usage: tools/check.sh [kernel versions...]
set -u
cd "$(dirname "$0")/.."
kvers=${*:-$(ls -d /lib/modules/*/build 2>/dev/null | cut -d/ -f4 | sort -rV)}
mkdir -p build
log=build/check.log
: >"$log"
passed=0
failed=0

# step NAME TIMEOUT_SECONDS COMMAND...
step() {
	local name=$1 limit=$2 out rc p f
	shift 2
	echo "=== $name" | tee -a "$log"
	out=build/check-$(echo "$name" | tr -c 'a-zA-Z0-9.\n' '-').log
	timeout --kill-after=10 "$limit" "$@" >"$out" 2>&1
	rc=$?
	cat "$out" >>"$log"
	grep -E '^(PASS|FAIL|NOT COVERED):|covered' "$out" | sed 's/^/  /'
	p=$(grep -c '^PASS:' "$out")
	f=$(grep -c '^FAIL:' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		[ "$rc" -eq 124 ] && echo "  FAIL: $name: timed out after ${limit}s" ||
			echo "  FAIL: $name: exit status $rc (see $out)"
		tail -15 "$out" | sed 's/^/    /'
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

step "dependencies" 1200 tools/deps.sh
step "native tests (tools/native, against OpenSSL)" 900 make --no-print-directory -C tools/native test
step "kernel builds (W=1, objtool, sparse)" 900 tools/kbuild-check.sh $kvers
step "dkms add/build" 600 tools/dkms-check.sh $kvers
for k in $kvers; do
	step "QEMU guest tests, kernel $k" 1800 tools/vm/run.sh "$k" all
done

echo
echo "kernels: $(echo $kvers)"
grep -hE 'tiers covered|NOT COVERED' build/check-*.log | sort -u | sed 's/^/  /'
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
