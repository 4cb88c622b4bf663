#!/bin/sh
# Build the module against each kernel given (default: every installed one)
# with W=1 and sparse (C=1), from scratch, and fail on any warning from the
# compiler, the assembler, objtool, modpost or sparse.
# Prints one PASS:/FAIL: line per kernel.
set -u
cd "$(dirname "$0")/.."
kvers=${*:-$(ls -d /lib/modules/*/build 2>/dev/null | cut -d/ -f4 | sort -rV)}
[ -n "$kvers" ] || { echo "FAIL: kbuild: no kernel headers installed"; exit 1; }
status=0
for k in $kvers; do
	log=build/kbuild-$k.log
	mkdir -p build
	rm -rf "build/$k"
	if ! make --no-print-directory "build/$k/aesni_ctr.ko" W=1 >"$log" 2>&1; then
		echo "FAIL: kbuild $k W=1: build failed (see $log)"; tail -20 "$log"; status=1; continue
	fi
	if grep -qiE 'warning|error' "$log"; then
		echo "FAIL: kbuild $k W=1: warnings:"; grep -iE 'warning|error' "$log"; status=1
	else
		echo "PASS: kbuild $k W=1 (compiler, objtool, modpost): no warnings"
	fi
	# sparse over our C files only (C=2 rechecks without rebuilding)
	slog=build/sparse-$k.log
	if make --no-print-directory -C "/lib/modules/$k/build" M="$PWD/build/$k" C=2 \
		CHECK="sparse" modules >"$slog" 2>&1 &&
	   ! grep -E '^/.*(aesni_ctr|selftest|compat|testmgr).*: (warning|error)' "$slog"; then
		echo "PASS: sparse $k: no warnings in the module's files"
	else
		echo "FAIL: sparse $k (see $slog)"; status=1
	fi
	if modinfo "build/$k/aesni_ctr.ko" | grep -q '^parm:.*max_tier:.\+' &&
	   modinfo "build/$k/aesni_ctr.ko" | grep -q '^description:'; then
		echo "PASS: modinfo $k: description and parameter descriptions present"
	else
		echo "FAIL: modinfo $k: metadata missing"; status=1
	fi
done
exit $status
