#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# extract.sh OUTDIR KVER...
#
# For each kernel version (6.1, 6.12, 7.3) take the x86 AES assembly the
# bench needs out of Debian's /usr/src/linux-source-KVER.tar.xz (packages
# linux-source-6.1, linux-source-6.12, and linux-source-7.3 from
# trixie-backports) into OUTDIR/KVER/src (AES for CTR, GCM, XTS and CBC, and
# the SHA-NI SHA-1/SHA-256 block functions and the AVX2 SHA-512 one
# (sha512_transform_rorx) for authenc), together with that kernel's
# aesni-intel_glue.c, which is only read here: the facts stock/linux-KVER.c
# relies on (key struct offsets, size thresholds, priorities) are checked
# against it, so that a changed package fails loudly instead of being
# mis-driven.  Nothing is copied into the repository; OUTDIR is a build
# directory.  The .S files include only <linux/linkage.h>, <linux/cfi_types.h>,
# <linux/objtool.h>, <asm/frame.h> and <asm/nospec-branch.h>, which
# stock/shim provides, so no kernel header is extracted.
#
# An extraction is reused while the tarball (size, mtime) and the file list
# are unchanged.  Kernels are extracted in parallel (xz is single-threaded).
# Results: OUTDIR/kvers lists the kernels ready to assemble; OUTDIR/KVER/status
# says "ok" or why not ("NOT COVERED: ..." or "FAIL: ...").
set -u

out=$1
shift
mkdir -p "$out"

files_for() {
	case $1 in
	6.1)	echo arch/x86/crypto/aesni-intel_asm.S \
		     arch/x86/crypto/aesni-intel_avx-x86_64.S \
		     arch/x86/crypto/aes_ctrby8_avx-x86_64.S \
		     arch/x86/crypto/sha1_ni_asm.S \
		     arch/x86/crypto/sha256_ni_asm.S \
		     arch/x86/crypto/sha512-avx2-asm.S ;;
	6.12)	echo arch/x86/crypto/aesni-intel_asm.S \
		     arch/x86/crypto/aes_ctrby8_avx-x86_64.S \
		     arch/x86/crypto/aes-gcm-aesni-x86_64.S \
		     arch/x86/crypto/aes-gcm-avx10-x86_64.S \
		     arch/x86/crypto/aes-xts-avx-x86_64.S \
		     arch/x86/crypto/sha1_ni_asm.S \
		     arch/x86/crypto/sha256_ni_asm.S \
		     arch/x86/crypto/sha512-avx2-asm.S ;;
	7.3)	echo arch/x86/crypto/aesni-intel_asm.S \
		     arch/x86/crypto/aes-ctr-avx-x86_64.S \
		     arch/x86/crypto/aes-gcm-aesni-x86_64.S \
		     arch/x86/crypto/aes-gcm-vaes-avx2.S \
		     arch/x86/crypto/aes-gcm-vaes-avx512.S \
		     arch/x86/crypto/aes-xts-avx-x86_64.S \
		     lib/crypto/x86/aes-aesni.S \
		     lib/crypto/x86/sha1-ni-asm.S \
		     lib/crypto/x86/sha256-ni-asm.S \
		     lib/crypto/x86/sha512-avx2-asm.S ;;
	*)	return 1 ;;
	esac
}

# Fixed strings the kernel's glue must contain for stock/linux-KVER.c to be
# right, one per line.
glue_facts() {
	case $1 in
	6.1)	cat <<'EOF'
#define AVX_GEN2_OPTSIZE 640
#define AVX_GEN4_OPTSIZE 4096
do_avx = (left >= AVX_GEN2_OPTSIZE);
do_avx2 = (left >= AVX_GEN4_OPTSIZE);
static_call_update(aesni_ctr_enc_tfm, aesni_ctr_enc_avx_tfm);
aes_ctr_enc_128_avx_by8(in, iv, (void *)ctx, out, len);
aesni_enc(aes_ctx(ctx->raw_tweak_ctx), walk.iv, walk.iv);
EOF
		;;
	6.12)	cat <<'EOF'
BUILD_BUG_ON(offsetof(struct aes_gcm_key_aesni, h_powers) != 496);
BUILD_BUG_ON(offsetof(struct aes_gcm_key_aesni, h_powers_xored) != 624);
BUILD_BUG_ON(offsetof(struct aes_gcm_key_aesni, h_times_x64) != 688);
BUILD_BUG_ON(offsetof(struct aes_gcm_key_avx10, h_powers) != 512);
BUILD_BUG_ON(offsetof(struct aes_gcm_key_avx10, padding) != 768);
AES_GCM_KEY_AVX10_SIZE, 800);
static_call_update(aesni_ctr_enc_tfm, aesni_ctr_enc_avx_tfm);
if (x86_match_cpu(zmm_exclusion_list)) {
DEFINE_XTS_ALG(vaes_avx2, "xts-aes-vaes-avx2", 600);
DEFINE_XTS_ALG(vaes_avx10_512, "xts-aes-vaes-avx10_512", 800);
(*encrypt_iv)(&ctx->tweak_ctx, req->iv);
EOF
		;;
	7.3)	cat <<'EOF'
static_assert(offsetof(struct aes_gcm_key_aesni, base.aes_key.k.rndkeys) == 16);
static_assert(offsetof(struct aes_gcm_key_aesni, h_powers) == 272);
static_assert(offsetof(struct aes_gcm_key_aesni, h_powers_xored) == 400);
static_assert(offsetof(struct aes_gcm_key_aesni, h_times_x64) == 464);
static_assert(offsetof(struct aes_gcm_key_vaes_avx2, h_powers) == 288);
static_assert(offsetof(struct aes_gcm_key_vaes_avx2, h_powers_xored) == 416);
static_assert(offsetof(struct aes_gcm_key_vaes_avx512, h_powers) == 320);
static_assert(offsetof(struct aes_gcm_key_vaes_avx512, padding) == 576);
DEFINE_AVX_SKCIPHER_ALGS(vaes_avx2, "vaes-avx2", 600);
DEFINE_AVX_SKCIPHER_ALGS(vaes_avx512, "vaes-avx512", 800);
AES_GCM_KEY_VAES_AVX512_SIZE, 800);
if (boot_cpu_has(X86_FEATURE_PREFER_YMM)) {
err = aes_prepareenckey(&key->aes_key, raw_key, keylen);
(*encrypt_iv)(&ctx->tweak_ctx, req->iv);
EOF
		;;
	esac
}

extract_one() {
	k=$1
	d=$out/$k
	tb=/usr/src/linux-source-$k.tar.xz
	mkdir -p "$d"
	if ! files=$(files_for "$k"); then
		echo "FAIL: linux-$k (the bench has no glue for this kernel)" >"$d/status"
		return
	fi
	if [ ! -r "$tb" ]; then
		echo "NOT COVERED: linux-$k (no $tb)" >"$d/status"
		rm -rf "$d/src" "$d/stamp"
		return
	fi
	glue=arch/x86/crypto/aesni-intel_glue.c
	stamp="$(stat -L -c '%s %Y' "$tb") $files $glue"
	if [ -f "$d/stamp" ] && [ "$(cat "$d/stamp")" = "$stamp" ] && [ -d "$d/src" ]; then
		:
	else
		echo "bench: extracting the x86 AES assembly from $tb" >&2
		rm -rf "$d/src" "$d/stamp" "$d/tmp"
		mkdir -p "$d/tmp"
		members=
		for f in $files $glue; do
			members="$members linux-source-$k/$f"
		done
		# shellcheck disable=SC2086
		if ! tar -xJf "$tb" -C "$d/tmp" $members 2>"$d/tar.err"; then
			echo "FAIL: linux-$k (extracting from $tb: $(head -n1 "$d/tar.err"))" >"$d/status"
			rm -rf "$d/tmp"
			return
		fi
		mkdir -p "$d/src"
		for f in $files; do
			mv "$d/tmp/linux-source-$k/$f" "$d/src/"
		done
		mv "$d/tmp/linux-source-$k/$glue" "$d/aesni-intel_glue.c"
		rm -rf "$d/tmp" "$d/tar.err"
		echo "$stamp" >"$d/stamp"
	fi
	# The glue facts, whitespace-insensitively.
	flat=$(tr -d ' \t' <"$d/aesni-intel_glue.c")
	missing=$(glue_facts "$k" | while IFS= read -r fact; do
		f=$(printf '%s' "$fact" | tr -d ' \t')
		case $flat in
		*"$f"*) ;;
		*) printf '%s\n' "$fact" ;;
		esac
	done)
	if [ -n "$missing" ]; then
		echo "FAIL: linux-$k (its aesni-intel_glue.c no longer says \"$(echo "$missing" | head -n1)\": update tools/native/stock/linux-$k.c)" >"$d/status"
		return
	fi
	echo ok >"$d/status"
}

for k in "$@"; do
	extract_one "$k" &
done
wait

: >"$out/kvers.new"
for k in "$@"; do
	if [ "$(cat "$out/$k/status" 2>/dev/null)" = ok ]; then
		echo "$k" >>"$out/kvers.new"
	fi
done
mv "$out/kvers.new" "$out/kvers"
