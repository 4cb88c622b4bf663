#!/bin/bash
# trixie-kbuild.sh [kver...]: the module's build gates of tools/kbuild-check.sh
# against Debian 13's own kernels (default: every kernel in the trixie root,
# tools/trixie-root.sh versions: trixie's 6.12 and trixie-backports' 7.3),
# run inside that root, whose host tools need trixie's C library.  Makes the
# root first if needed.  Per kernel, each command run in the root:
#   - `make build/<kver>/aesni_ctr.ko W=1`, the top Makefile's own rule (in
#     the root tools/kernels.sh lists the root's kernels, so the rule finds
#     the headers as it does on the host), from scratch (build/<kver>
#     removed first): no warning from the compiler, the assembler, objtool
#     or modpost;
#   - sparse (C=2 CHECK=sparse, trixie's sparse): no warning in any file
#     the module builds from;
#   - modinfo: description and parameter descriptions;
#   - the sparse gate: a warning planted in a copy of gcm_glue.c is caught
#     (kbuild-check does it once, on the host's sparse; here per kernel);
#   - `dkms add` + `dkms build` with trixie's dkms, in a private DKMS tree
#     under build/trixie-dkms (as tools/dkms-check.sh does): what a Debian 13
#     machine with linux-headers-amd64 does at installation.
# Once, for the oldest kernel: the avx-only build (AESNICTR_NO_VAES=1) has
# no VAES routine and no ymm/zmm instruction.  (checkpatch does not depend
# on the kernel: kbuild-check's.)
# Logs: build/kbuild-<kver>.log, build/sparse-<kver>.log, build/trixie-*.
# Prints PASS:/FAIL: lines; exit status 0 only if all passed.  Needs root.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
status=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; status=1; }
R() { tools/trixie-root.sh run "$@"; }

mkdir -p build
if ! tools/trixie-root.sh >build/trixie-root.log 2>&1; then
	echo "FAIL: trixie root: tools/trixie-root.sh failed:"; tail -10 build/trixie-root.log
	exit 1
fi
kvers=${*:-$(tools/trixie-root.sh versions)}
[ -n "$kvers" ] || { echo "FAIL: trixie kbuild: no kernels in the trixie root"; exit 1; }
sources=$(make -s --no-print-directory print-sources)
nsrc=$(echo "$sources" | wc -w)
ver=$(cat VERSION)

# copy_sources DIR: a fresh copy of the module's sources in DIR
copy_sources() {
	local f
	rm -rf "$1"
	mkdir -p "$1"
	for f in $sources; do cp "$f" "$1/$f"; done
}
# ere_quote STRING: STRING as a literal in an extended regex
ere_quote() { printf '%s' "$1" | sed 's/[]*.^$+?(){}|[]/\\&/g'; }
# sparse_warnings DIR LOG: the sparse warnings about files under DIR
# (quoted: Debian's kvers have a "+", a regex operator)
sparse_warnings() {
	grep -E "^($(ere_quote "$root")/)?$(ere_quote "$1")/[^:]+:[0-9]+:[0-9]+: (warning|error)" "$2"
}

# DKMS: one private tree for all kernels
dk=$root/build/trixie-dkms
rm -rf "$dk"
mkdir -p "$dk/src/aesni_ctr-$ver" "$dk/tree"
# shellcheck disable=SC2086
cp $sources dkms.conf "$dk/src/aesni_ctr-$ver/"
dkopts="--sourcetree $dk/src --dkmstree $dk/tree"
# shellcheck disable=SC2086
if R dkms add -m aesni_ctr -v "$ver" $dkopts >"$dk/add.log" 2>&1; then
	pass "trixie dkms add aesni_ctr/$ver ($(R dkms --version 2>/dev/null | head -1))"
else
	fail "trixie dkms add (log: $dk/add.log)"; tail -5 "$dk/add.log"; dk=""
fi

for k in $kvers; do
	kdir=$(tools/trixie-root.sh kdir "$k") || { fail "trixie kbuild $k: not in the root"; continue; }
	log=build/kbuild-$k.log
	rm -rf "build/$k"
	if ! R make --no-print-directory "build/$k/aesni_ctr.ko" W=1 >"$log" 2>&1; then
		fail "trixie kbuild $k W=1: build failed (see $log)"; tail -20 "$log"; continue
	fi
	if grep -qiE 'warning|error' "$log"; then
		fail "trixie kbuild $k W=1: warnings:"; grep -iE 'warning|error' "$log"
	else
		pass "trixie kbuild $k W=1 (compiler $(R sh -c "sed -n 's/^CONFIG_CC_VERSION_TEXT=//p' $kdir/include/config/auto.conf" | tr -d '"'), objtool, modpost): no warnings"
	fi
	slog=build/sparse-$k.log
	sparse_off=""
	if ! R make --no-print-directory -C "$kdir" M="$root/build/$k" C=2 CHECK=sparse modules >"$slog" 2>&1; then
		fail "trixie sparse $k: the sparse run failed (see $slog)"
	elif sparse_warnings "build/$k" "$slog"; then
		fail "trixie sparse $k: warnings in the module's files (above)"
	elif grep -q 'specified, but sparse is not available or not up to date' "$slog"; then
		# Linux 7.x runs scripts/checker-valid.sh, which needs a sparse
		# knowing __typeof_unqual__ (Debian has 0.6.4: it does not); and
		# Debian's 7.x headers lack that script: sparse is turned off
		sparse_off=1
		echo "SKIP: trixie sparse $k: not run: the kernel's Makefile turned sparse off ($(R sparse --version 2>/dev/null | head -1) predates what Linux $(echo "$k" | cut -d. -f1,2) needs: __typeof_unqual__; see $slog)"
	elif ! grep -q '  CHECK ' "$slog"; then
		fail "trixie sparse $k: sparse checked no file (see $slog)"
	else
		pass "trixie sparse $k: no warnings in the $nsrc files the module builds from ($(grep -c '  CHECK ' "$slog") checked)"
	fi
	mi=$(R modinfo "build/$k/aesni_ctr.ko" 2>/dev/null)
	if echo "$mi" | grep -q '^parm:.*max_tier:.\+' && echo "$mi" | grep -q '^parm:.*debug_force_nosimd:.\+' &&
	   echo "$mi" | grep -q '^description:' && echo "$mi" | grep -qx "vermagic: *$k .*"; then
		pass "trixie modinfo $k: description, parameter descriptions, vermagic $k"
	else
		fail "trixie modinfo $k: metadata missing"
	fi
	gate=build/trixie-sparse-gate-$k
	copy_sources "$gate"
	echo 'int aesnictr_planted_warning;' >>"$gate/gcm_glue.c"
	R make --no-print-directory -C "$kdir" M="$root/$gate" C=1 CHECK=sparse modules >"$gate.log" 2>&1
	if [ -n "$sparse_off" ]; then
		echo "SKIP: trixie sparse gate $k: sparse does not run on this kernel (above)"
	elif sparse_warnings "$gate" "$gate.log" | grep -q 'gcm_glue.c.*aesnictr_planted_warning'; then
		pass "trixie sparse gate $k: a warning planted in gcm_glue.c is caught"
	else
		fail "trixie sparse gate $k: a warning planted in gcm_glue.c went unseen (see $gate.log)"
	fi
	rm -rf "$gate"
	if [ -n "$dk" ]; then
		# shellcheck disable=SC2086
		if R dkms build -m aesni_ctr -v "$ver" -k "$k" $dkopts >"$dk/build-$k.log" 2>&1 &&
		   ls "$dk/tree/aesni_ctr/$ver/$k/x86_64/module/"aesni_ctr.ko* >/dev/null 2>&1; then
			pass "trixie dkms build for $k: $(basename "$(ls "$dk/tree/aesni_ctr/$ver/$k/x86_64/module/"aesni_ctr.ko*)")"
		else
			fail "trixie dkms build for $k (log: $dk/build-$k.log)"; tail -20 "$dk/build-$k.log"
		fi
	fi
done

# The avx-only build, as with an assembler that lacks VAES (oldest kernel)
k=$(echo "$kvers" | tr ' ' '\n' | sort -V | head -1)
noav=build/trixie-novaes-$k
copy_sources "$noav"
if R make --no-print-directory -C "$(tools/trixie-root.sh kdir "$k")" M="$root/$noav" W=1 AESNICTR_NO_VAES=1 \
	modules >"$noav.log" 2>&1 && [ -f "build/$k/aesni_ctr.ko" ]; then
	wide_syms() { nm "$1" | grep -cE ' T aesnictr_(ctr|gcm_(enc|dec)_update|xts_(en|de)crypt)_vaes(2|512)(_clmul)?$'; }
	# authenc_sha512.S's baseline is AVX2 (ymm) by design: not counted
	wide_insns() { objdump -d "$1" | awk '/^[0-9a-f]+ <[^>]*>:$/ { skip = ($2 ~ /sha512/) }
		!skip && /%[yz]mm/ { n++ } END { print n + 0 }'; }
	ns=$(wide_syms "$noav/aesni_ctr.ko"); ni=$(wide_insns "$noav/aesni_ctr.ko")
	fs=$(wide_syms "build/$k/aesni_ctr.ko"); fi_=$(wide_insns "build/$k/aesni_ctr.ko")
	if grep -qiE 'warning|error' "$noav.log"; then
		fail "trixie avx-only build ($k): warnings (see $noav.log)"
	elif [ "$ns" -eq 0 ] && [ "$ni" -eq 0 ] && [ "$fs" -eq 12 ] && [ "$fi_" -gt 0 ]; then
		pass "trixie avx-only build ($k, AESNICTR_NO_VAES=1): no VAES routine, no ymm/zmm instruction (the normal build: $fs routines, $fi_ such instructions)"
	else
		fail "trixie avx-only build ($k): $ns VAES routines, $ni ymm/zmm instructions (normal build: $fs, $fi_)"
	fi
else
	fail "trixie avx-only build ($k) failed (see $noav.log)"; tail -20 "$noav.log"
fi
rm -rf "$noav"
exit $status
