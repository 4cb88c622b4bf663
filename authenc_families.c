// SPDX-License-Identifier: GPL-2.0
/*
 * The two authenc families over the algorithms of authenc_glue.c:
 *  - "authenc": authenc[esn](hmac(sha1|sha256),cbc(aes)) on AES-NI +
 *    SHA-NI;
 *  - "authenc-sha512": authenc[esn](hmac(sha384|sha512),cbc(aes)) on
 *    AES-NI + AVX2 (and AVX-512VL for the vaes512 slot);
 * what each needs of the CPU, its policy, its self-test and its names.
 * The kernel has no stitched x86 code for these: the stock code is the
 * authenc template over the stock CBC and hashes (priority.c's template
 * rule).
 */

#include <asm/fpu/api.h>
#include <crypto/aead.h>
#include <linux/module.h>
#include "family.h"
#include "authenc_internal.h"

/* The template composition is all there is to beat (priority.h). */
static const struct aesnictr_stock_driver authenc_stock[] = {
	{}
};

/* ---- the authenc family: SHA-1 and SHA-256 on SHA-NI ---- */

/* One implementation: AES-NI and SHA-NI on 128-bit vectors (the avx slot). */
static const char *authenc_cpu_lacks(enum aesnictr_impl impl)
{
	if (impl != AESNICTR_AVX)
		return "a wider implementation (authenc has only avx)";
	if (!boot_cpu_has(X86_FEATURE_SHA_NI))
		return "SHA-NI";
	return aesnictr_cpu_lacks_impl(impl);
}

static const struct aesnictr_policy authenc_policy = {
	.cra_name		= "authenc(hmac(sha1),cbc(aes))",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= authenc_stock,
	.stock_is_template	= true,
};

static int authenc_selftest(enum aesnictr_impl impl, bool simd)
{
	return aesnictr_authenc_selftest(AESNICTR_AUTHENC_SHA1, impl, simd);
}

static void authenc_use_impl(enum aesnictr_impl impl)
{
	aesnictr_authenc_use_impl(AESNICTR_AUTHENC_SHA1, impl);
}

/* aesnictr_authenc_algs[SHA1][0..1], then [SHA256][0..1] */
static const char *const authenc_driver_prefixes[2 * 2] = {
	"authenc-hmac-sha1-cbc-aes", "authencesn-hmac-sha1-cbc-aes",
	"authenc-hmac-sha256-cbc-aes", "authencesn-hmac-sha256-cbc-aes"
};

const struct aesnictr_family aesnictr_authenc_family = {
	.name		= "authenc",
	.algs		= "authenc[esn](hmac(sha1|sha256),cbc(aes))",
	.cpu_lacks	= authenc_cpu_lacks,
	.selftest	= authenc_selftest,
	.policy		= &authenc_policy,
	.aeads		= aesnictr_authenc_algs[AESNICTR_AUTHENC_SHA1],
	.nr_algs	= ARRAY_SIZE(authenc_driver_prefixes),
	.driver_prefixes = authenc_driver_prefixes,
	.use_impl	= authenc_use_impl,
};

/* ---- the authenc-sha512 family: SHA-384 and SHA-512 on AVX2 ---- */

/*
 * Two implementations: avx, AES-NI with the SHA-512 schedule in AVX2 and
 * the rounds in BMI1 (ANDN) and BMI2 (RORX); vaes512, the same with the
 * schedule in AVX-512VL (ymm registers only: no VAES, no zmm, so it needs
 * AVX-512F/VL and the OS saving the AVX-512 state, not what the vaes512
 * slot needs elsewhere).
 */
static const char *authenc512_cpu_lacks(enum aesnictr_impl impl)
{
	if (impl == AESNICTR_VAES2)
		return "a vaes2 implementation (authenc-sha512 has avx and vaes512)";
	if (!boot_cpu_has(X86_FEATURE_AVX2))
		return "AVX2";
	if (!boot_cpu_has(X86_FEATURE_BMI1))
		return "BMI1";
	if (!boot_cpu_has(X86_FEATURE_BMI2))
		return "BMI2";
	if (impl == AESNICTR_AVX)
		return aesnictr_cpu_lacks_impl(impl);
	if (!AESNICTR_AS_VAES)
		return "an assembler with AVX-512 (this build)";
	if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VL) ||
	    !cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			       XFEATURE_MASK_AVX512, NULL))
		return "AVX-512F/VL";
	return NULL;
}

static const struct aesnictr_policy authenc512_policy = {
	.cra_name		= "authenc(hmac(sha512),cbc(aes))",
	.type			= CRYPTO_ALG_TYPE_AEAD,
	.stock			= authenc_stock,
	.stock_is_template	= true,
};

static int authenc512_selftest(enum aesnictr_impl impl, bool simd)
{
	return aesnictr_authenc_selftest(AESNICTR_AUTHENC_SHA384, impl, simd);
}

static void authenc512_use_impl(enum aesnictr_impl impl)
{
	aesnictr_authenc_use_impl(AESNICTR_AUTHENC_SHA384, impl);
}

/* aesnictr_authenc_algs[SHA384][0..1], then [SHA512][0..1] */
static const char *const authenc512_driver_prefixes[2 * 2] = {
	"authenc-hmac-sha384-cbc-aes", "authencesn-hmac-sha384-cbc-aes",
	"authenc-hmac-sha512-cbc-aes", "authencesn-hmac-sha512-cbc-aes"
};

const struct aesnictr_family aesnictr_authenc512_family = {
	.name		= "authenc-sha512",
	.algs		= "authenc[esn](hmac(sha384|sha512),cbc(aes))",
	.cpu_lacks	= authenc512_cpu_lacks,
	.selftest	= authenc512_selftest,
	.policy		= &authenc512_policy,
	.aeads		= aesnictr_authenc_algs[AESNICTR_AUTHENC_SHA384],
	.nr_algs	= ARRAY_SIZE(authenc512_driver_prefixes),
	.driver_prefixes = authenc512_driver_prefixes,
	.use_impl	= authenc512_use_impl,
};

MODULE_ALIAS_CRYPTO("authenc(hmac(sha1),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha256),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha384),cbc(aes))");
MODULE_ALIAS_CRYPTO("authenc(hmac(sha512),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha1),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha256),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha384),cbc(aes))");
MODULE_ALIAS_CRYPTO("authencesn(hmac(sha512),cbc(aes))");
