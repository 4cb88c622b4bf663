#!/bin/bash
# kbuild-check.sh [kver...]: the module's build gates, against each kernel
# (default: every kernel tools/kernels.sh lists; Debian 13's are built in
# its root, with trixie's compiler and sparse).  Per kernel:
#   - a W=1 build from scratch with no warning from the compiler, the
#     assembler, objtool or modpost;
#   - sparse (C=2): no warning in any file the module builds from (every
#     path under the module's build directory, headers included);
#   - modinfo: description and parameter descriptions.
# Once:
#   - the sparse gate catches a warning planted in a copy of gcm_glue.c;
#   - the avx-only build (AESNICTR_NO_VAES=1, as when the assembler lacks
#     VAES) links, and has no vaes2/vaes512 routine and no ymm/zmm
#     instruction, while the normal build has them;
#   - checkpatch.pl --strict (from Debian's linux-source-6.12) over the
#     module's C files and C headers: no error, warning or check;
#   - the families manifest (tools/families.tab) names the module's
#     algorithms, families and driver-name prefixes, no more, no fewer;
#     the guests' three fixed priorities are priority.h's.
# Prints PASS:/FAIL: lines; exit status 0 only if all passed.
set -u
cd "$(dirname "$0")/.."
root=$PWD
kvers=${*:-$(tools/kernels.sh versions)}
[ -n "$kvers" ] || { echo "FAIL: kbuild: no kernels (tools/kernels.sh list)"; exit 1; }
sources=$(make -s --no-print-directory print-sources)
status=0
mkdir -p build

# kmake KVER [make args...]: make in KVER's kernel build directory, where
# its tools run (the Debian 13 root for its kernels: tools/kernels.sh run)
kmake() {
	local k=$1
	shift
	tools/kernels.sh run "$k" make --no-print-directory -C "$(tools/kernels.sh kdir "$k")" "$@"
}

# build DIR KVER [make args...]: a fresh build of the module in DIR
build() {
	local dir=$1 k=$2 f
	shift 2
	rm -rf "$dir"
	mkdir -p "$dir"
	for f in $sources; do cp "$f" "$dir/$f"; done
	kmake "$k" M="$root/$dir" "$@" modules
}

# sparse_warnings DIR LOG: the sparse warnings about files under DIR
# (DIR quoted for the regex: a kver such as 6.12.118+deb12-amd64 has a "+")
sparse_warnings() {
	grep -E "^($(ere_quote "$root")/)?$(ere_quote "$1")/[^:]+:[0-9]+:[0-9]+: (warning|error)" "$2"
}
ere_quote() { printf '%s' "$1" | sed 's/[][\\.^$*+?(){}|]/\\&/g'; }

for k in $kvers; do
	log=build/kbuild-$k.log
	if ! make --no-print-directory "build/$k/aesni_ctr.ko" W=1 >"$log" 2>&1; then
		echo "FAIL: kbuild $k W=1: build failed (see $log)"; tail -20 "$log"; status=1; continue
	fi
	if grep -qiE 'warning|error' "$log"; then
		echo "FAIL: kbuild $k W=1: warnings:"; grep -iE 'warning|error' "$log"; status=1
	else
		echo "PASS: kbuild $k W=1 (compiler, objtool, modpost): no warnings"
	fi
	slog=build/sparse-$k.log
	kmake "$k" M="$root/build/$k" C=2 CHECK=sparse modules >"$slog" 2>&1
	if [ $? -ne 0 ]; then
		echo "FAIL: sparse $k: the sparse run failed (see $slog)"; status=1
	elif ! grep -q '^  CHECK ' "$slog"; then
		# 7.x's Makefile turns sparse off unless it knows __typeof_unqual__,
		# which no Debian sparse (0.6.4) does: not a pass
		echo "INFO: sparse $k: not run, the kernel's build refused this sparse ($(grep -m1 -o 'sparse is not available.*' "$slog" || echo "no CHECK line in $slog"))"
	elif sparse_warnings "build/$k" "$slog"; then
		echo "FAIL: sparse $k: warnings in the module's files (above)"; status=1
	else
		echo "PASS: sparse $k: no warnings in the $(echo $sources | wc -w) files the module builds from"
	fi
	if modinfo "build/$k/aesni_ctr.ko" | grep -q '^parm:.*max_tier:.\+' &&
	   modinfo "build/$k/aesni_ctr.ko" | grep -q '^parm:.*calibrate:.\+' &&
	   modinfo "build/$k/aesni_ctr.ko" | grep -q '^parm:.*debug_force_nosimd:.\+' &&
	   modinfo "build/$k/aesni_ctr.ko" | grep -q '^description:' &&
	   [ "$(modinfo -F vermagic "build/$k/aesni_ctr.ko" | cut -d' ' -f1)" = "$k" ]; then
		echo "PASS: modinfo $k: description, parameter descriptions, vermagic $k"
	else
		echo "FAIL: modinfo $k: metadata missing"; status=1
	fi
done

k=$(echo $kvers | tr ' ' '\n' | sort -V | head -1)	# the oldest kernel

# The families manifest (tools/families.tab, what the guests read) against
# the module: its algorithms are the built module's crypto aliases, its
# families the families' names, its driver prefixes those the families
# give the core (their *_driver_prefixes[] arrays; families are described
# in <f>_glue.c, the two authenc ones in authenc_families.c).
manifest_diff() {	# WHAT MANIFEST-LIST MODULE-LIST
	local d
	d=$(diff <(echo "$2" | sort -u) <(echo "$3" | sort -u) | sed -n 's/^< /manifest only: /p; s/^> /module only: /p' | tr '\n' ';')
	if [ -n "$d" ]; then
		echo "FAIL: tools/families.tab and the module disagree on the $1: $d"; status=1
	else
		echo "PASS: tools/families.tab and the module agree on the $1 ($(echo "$2" | sort -u | wc -l))"
	fi
}
tab=tools/families.tab
manifest_diff algorithms "$(awk '$1 == "alg" { print $3 }' $tab)" \
	"$(modinfo -F alias "build/$k/aesni_ctr.ko" | sed -n 's/^crypto-//p')"
manifest_diff families "$(awk '$1 == "alg" { print $2 }' $tab)" \
	"$(sed -n 's/^\t\.name\t*= "\(.*\)",$/\1/p' *_glue.c *_families.c)"
manifest_diff "driver-name prefixes" "$(awk '$1 == "alg" { print $5 }' $tab)" \
	"$(awk '/_driver_prefixes\[[^]]*\] = /, /};/' *_glue.c *_families.c | grep -o '"[^"]*"' | tr -d '"')"
# the guests' copies of the module's three fixed priorities (families.sh)
manifest_diff "fixed priorities" \
	"$(sed -n 's/^PRIO_\(OURS\|TEMPLATE\|TEMPLATE_BASE\)=\([0-9]*\).*/\1 \2/p' tools/vm/guest/families.sh)" \
	"$(sed -n 's/^#define AESNICTR_\(TEMPLATE_\|TEMPLATE_BASE_\)\?PRIORITY\t*\([0-9]*\)$/\1 \2/p' priority.h | sed 's/^\(TEMPLATE\|TEMPLATE_BASE\)_ /\1 /; s/^ /OURS /')"

# The sparse gate must see a warning in any module file: plant one.
gate=build/sparse-gate
if build "$gate" "$k" >build/sparse-gate.log 2>&1; then
	echo 'int aesnictr_planted_warning;' >>"$gate/gcm_glue.c"
	kmake "$k" M="$root/$gate" C=1 CHECK=sparse modules >build/sparse-gate.log 2>&1
	if sparse_warnings "$gate" build/sparse-gate.log | grep -q 'gcm_glue.c.*aesnictr_planted_warning'; then
		echo "PASS: sparse gate: a warning planted in gcm_glue.c is caught"
	else
		echo "FAIL: sparse gate: a warning planted in gcm_glue.c went unseen (see build/sparse-gate.log)"; status=1
	fi
else
	echo "FAIL: sparse gate: the copy did not build (see build/sparse-gate.log)"; status=1
fi
rm -rf "$gate"

# The avx-only build, as with an assembler that lacks VAES.
noav=build/novaes-$k
if build "$noav" "$k" W=1 AESNICTR_NO_VAES=1 >build/novaes.log 2>&1; then
	wide_syms() { nm "$1" | grep -cE ' T aesnictr_(ctr|gcm_(enc|dec)_update|xts_(en|de)crypt)_vaes(2|512)(_clmul)?$'; }
	# authenc_sha512.S's baseline is AVX2 (ymm) by design: not counted
	wide_insns() { objdump -d "$1" | awk '/^[0-9a-f]+ <[^>]*>:$/ { skip = ($2 ~ /sha512/) }
		!skip && /%[yz]mm/ { n++ } END { print n + 0 }'; }
	ns=$(wide_syms "$noav/aesni_ctr.ko"); ni=$(wide_insns "$noav/aesni_ctr.ko")
	fs=$(wide_syms "build/$k/aesni_ctr.ko"); fi_=$(wide_insns "build/$k/aesni_ctr.ko")
	if grep -qiE 'warning|error' build/novaes.log; then
		echo "FAIL: avx-only build ($k): warnings (see build/novaes.log)"; status=1
	elif [ "$ns" -eq 0 ] && [ "$ni" -eq 0 ] && [ "$fs" -eq 12 ] && [ "$fi_" -gt 0 ]; then
		echo "PASS: avx-only build ($k, AESNICTR_NO_VAES=1): no VAES routine, no ymm/zmm instruction (the normal build: $fs routines, $fi_ such instructions)"
	else
		echo "FAIL: avx-only build ($k): $ns VAES routines, $ni ymm/zmm instructions (normal build: $fs, $fi_)"; status=1
	fi
else
	echo "FAIL: avx-only build ($k) failed (see build/novaes.log)"; tail -20 build/novaes.log; status=1
fi
rm -rf "$noav"

# checkpatch --strict, from the kernel source package.
cp_dir=build/checkpatch
tarball=/usr/src/linux-source-6.12.tar.xz
if [ ! -f "$cp_dir/scripts/checkpatch.pl" ]; then
	rm -rf "$cp_dir"; mkdir -p "$cp_dir"
	tar -xJf "$tarball" -C "$cp_dir" --strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch' 2>/dev/null
fi
# C files and C headers (asm_common.h, aes_rounds.h, aes_cbc_chain.h and
# gcm_asm_macros.h are assembler)
cfiles=$(echo $sources | tr ' ' '\n' | grep -E '\.[ch]$' | grep -vE '^(asm_common|aes_rounds|aes_cbc_chain|gcm_asm_macros)\.h$')
if [ ! -f "$cp_dir/scripts/checkpatch.pl" ]; then
	echo "FAIL: checkpatch: cannot extract it from $tarball (tools/deps.sh installs linux-source-6.12)"; status=1
elif out=$(perl "$cp_dir/scripts/checkpatch.pl" --no-tree --strict --terse --show-types -f $cfiles 2>&1 |
		grep -v ' 0 errors, 0 warnings, 0 checks, '); [ -n "$out" ]; then
	echo "FAIL: checkpatch --strict:"; echo "$out"; status=1
else
	echo "PASS: checkpatch --strict: $(echo $cfiles | wc -w) C files and headers, no error, warning or check"
fi
exit $status
