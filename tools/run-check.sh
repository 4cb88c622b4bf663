#!/bin/bash
# run-check.sh [KVER]: `make run` (tools/run-demo.sh) checked, for make check
# (tools/check.sh) and `make run-check`.  Runs the demo, keeps its output in
# build/run-check.out (shown below, indented) and prints PASS:/FAIL: lines
# (run-check.sh --output FILE: checks a saved output instead, without
# running anything; the exit status is then not checked):
#   - the demo exited 0;
#   - no emulated timing in it: no tcrypt, no "EMULATED" table, no guest
#     line with a time or a speed (a number with s, ms, cycles, ops, B/s ...);
#   - the guest part: the module loaded, every name resolved, each round trip
#     (AF_ALG, dm-crypt, IPsec) said, no failed guest check;
#   - the speed part: each family's table has the stock rows of 6.1, 6.12
#     and 7.3, and exactly one line per family of the form
#     "<alg>: x<ratio> vs your kernel's code on this CPU (<model name>)",
#     naming this CPU;
#   - package installation stayed in its log (no apt output on the terminal).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
mkdir -p build
if [ "${1:-}" = --output ]; then
	out=${2:?usage: run-check.sh [KVER] | --output FILE}
	rc=0
else
	out=build/run-check.out
	tools/run-demo.sh "$@" >"$out" 2>&1
	rc=$?
fi
sed 's/^/  | /' "$out"

ok() { echo "PASS: make run: $*"; }
bad() { echo "FAIL: make run: $*"; }
# result STATUS TEXT-IF-PASSED TEXT-IF-FAILED
result() { if [ "$1" -eq 0 ]; then ok "$2"; else bad "$3"; fi; }

[ "${1:-}" = --output ] || result $rc "exited 0" "exit status $rc (output: $out)"

# the two parts: the guest's (function) and the native one (speed)
guest=$(sed -n '/^=== 1\. /,/^=== 2\. /p' "$out")
speed=$(sed -n '/^=== 2\. /,$p' "$out")

# --- no emulated timing ------------------------------------------------
hits=$(grep -inE 'tcrypt|cycles|ops/s|speed-up|AUTHENCSPEED|CSBENCH|cryptsetup benchmark' "$out" | head -3)
result "$([ -z "$hits" ]; echo $?)" "no tcrypt or other emulated benchmark output" \
	"emulated benchmark output: $(echo "$hits" | tr '\n' '|')"
hits=$(grep -n 'EMULATED' "$out" | head -3)
result "$([ -z "$hits" ]; echo $?)" "no EMULATED table" "EMULATED in the output: $(echo "$hits" | tr '\n' '|')"
# a time or a speed in the guest part: "0.4 s", "12 ms", "3 cycles", "5 MB/s"
hits=$(echo "$guest" | grep -nE '[0-9] *(s|sec|secs|seconds|ms|us|ns|cycles|ops)\b|[0-9] *[KMG]i?B/s|[0-9] *B/s' | head -3)
result "$([ -z "$hits" ]; echo $?)" "no time or speed printed from the guest" \
	"the guest part has a time or a speed: $(echo "$hits" | tr '\n' '|')"
[ -n "$guest" ] || bad "no guest part (=== 1.) in the output"
[ -n "$speed" ] || bad "no speed part (=== 2.) in the output"

# --- the guest part: function ------------------------------------------
n=$(echo "$guest" | grep -cE '^    resolves: [^ ]+ -> [^ ]+ \((ours|stock)')
result "$([ "$n" -ge 8 ]; echo $?)" "the guest showed what $n algorithm names resolve to" \
	"the guest showed what $n algorithm names resolve to (want 8: ctr, gcm, rfc4106, xts, authenc sha1/sha256, ccm, rfc4309)"
for what in 'loaded: aesni_ctr: version' 'AF_ALG: ' 'dm-crypt ' 'IPsec ESP rfc4106' 'IPsec ESP cbc\(aes\) \+ hmac'; do
	n=$(echo "$guest" | grep -cE "^    $what")
	result "$([ "$n" -ge 1 ]; echo $?)" "guest: $(echo "$guest" | grep -m1 -E "^    $what" | sed 's/^ *//' | cut -c1-100)" \
		"guest: no line '$what'"
done
f=$(echo "$guest" | grep -cE 'FAILED|^    not ok ')
g=$(echo "$guest" | sed -n 's/^    guest checks: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p')
result "$([ "$f" -eq 0 ] && [ -n "$g" ] && [ "${g#* }" = 0 ]; echo $?)" "guest checks: ${g% *} passed, none failed" \
	"guest: ${g:-no count}, $f FAILED/not ok lines"

# --- the speed part: the stock kernels, one line per family ---------------
cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
for fam in 'ctr(aes)' 'gcm(aes)' 'xts(aes)' 'authenc(hmac(sha1),cbc(aes))' 'authenc(hmac(sha256),cbc(aes))' 'ccm(aes)'; do
	re=$(printf '%s' "$fam" | sed 's/[()]/\\&/g')
	lines=$(echo "$speed" | grep -E "^  $re: x[0-9]+\.[0-9]+ vs your kernel's code on this CPU \(")
	n=$(echo "$lines" | grep -c .)
	named=$(echo "$lines" | grep -cF "on this CPU ($cpu)")
	result "$([ "$n" -eq 1 ] && [ "$named" -eq 1 ]; echo $?)" "${lines#  }" \
		"$n lines '$fam: x<ratio> vs your kernel's code on this CPU ($cpu)' (want one)"
	tbl=$(echo "$speed" | awk -v h="  $fam  (GB/s)" 'index($0, h) == 1 { f = 1; next } f && /^$/ { exit } f')
	for k in linux-6.1 linux-6.12 linux-7.3; do
		n=$(echo "$tbl" | grep -cE " $k( = your kernel)? +[0-9]")
		result "$([ "$n" -ge 2 ]; echo $?)" "$fam table: $n rows of $k" "$fam table: $n rows of $k (want one per key size and direction)"
	done
done

# --- packages: in their log, not on the terminal ----------------------------
hits=$(grep -nE 'Reading package lists|Setting up |Unpacking |^Get:|^Hit:' "$out" | head -3)
result "$([ -z "$hits" ]; echo $?)" "package installation stayed in build/run-deps.log" \
	"apt output on the terminal: $(echo "$hits" | tr '\n' '|')"
