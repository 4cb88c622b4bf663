// SPDX-License-Identifier: GPL-2.0
/*
 * The cmac and xcbc families: the synchronous shashes cmac(aes) (NIST SP
 * 800-38B, RFC 4493) and xcbc(aes) (RFC 3566), registered as
 * cmac-aes-aesnictr-avx and xcbc-aes-aesnictr-avx.  Each is one serial
 * CBC-MAC chain (cmac_asm.h), so one implementation, avx, serves every
 * CPU.  The message layer is cmac_generic.c's, on either path: each update
 * chains its whole blocks in FPU sections of at most CMAC_FPU_BYTES, and
 * when the FPU is not usable the call runs the C chain (the constant-time
 * AES of aes_ct.c) on the same key schedule.  setkey is cheap, as the SMB
 * client, which sets the key before every message, needs: one AES key
 * expansion with CMAC's one block made beside it (aes_expand.S), or two
 * expansions and three blocks (XCBC), in one FPU section.  xcbc(aes)
 * takes any AES key size, as 6.1's and 6.12's template does (7.3's
 * xcbc-aes-lib takes 16 bytes only, RFC 3566's size); it is not an
 * approved algorithm in FIPS mode.
 */

#include <asm/fpu/api.h>
#include <crypto/aes.h>
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include "cmac_internal.h"
#include "family.h"

/* The tfm context is only CRYPTO_MINALIGN-aligned; round keys want 64. */
#define CMAC_CTX_ALIGN	64

/* The longest chain run in one FPU section (a page). */
#define CMAC_FPU_BYTES	4096

/* Inside the caller's FPU section (aesnictr_aes_expand() would open one). */
static void cmac_expand_simd(struct aesnictr_key *key, const u8 *in_key,
			     unsigned int key_len)
{
	memzero_explicit(key, sizeof(*key));
	aesnictr_expand_key_simd(key, in_key, key_len);
}

static void cmac_expand_encrypt_zero_simd(struct aesnictr_key *key,
					  const u8 *in_key,
					  unsigned int key_len,
					  u8 l[AESNICTR_BLOCK_SIZE])
{
	memzero_explicit(key, sizeof(*key));
	aesnictr_expand_key_encrypt_zero(key, in_key, key_len, l);
}

static void cmac_expand_c(struct aesnictr_key *key, const u8 *in_key,
			  unsigned int key_len)
{
	aesnictr_aes_expand(key, NULL, in_key, key_len, false);
}

static const struct aesnictr_cmac_path cmac_simd = {
	aesnictr_cmac_chain_avx, cmac_expand_simd,
	cmac_expand_encrypt_zero_simd
};

static const struct aesnictr_cmac_path cmac_c = {
	aesnictr_cmac_chain_c, cmac_expand_c
};

void aesnictr_cmac_key(struct aesnictr_cmac_key *key, const u8 *in_key,
		       unsigned int key_len, bool xcbc, bool simd)
{
	if (simd) {
		kernel_fpu_begin();
		aesnictr_cmac_setkey(key, in_key, key_len, xcbc, &cmac_simd);
		kernel_fpu_end();
	} else {
		aesnictr_cmac_setkey(key, in_key, key_len, xcbc, &cmac_c);
	}
}

/* len bytes into st, on the path simd says. */
static void cmac_update_path(const struct aesnictr_cmac_key *key, bool simd,
			     struct aesnictr_cmac_state *st, const u8 *data,
			     unsigned int len)
{
	if (!simd) {
		aesnictr_cmac_update(key, &cmac_c, st, data, len);
		return;
	}
	do {
		unsigned int n = min_t(unsigned int, len, CMAC_FPU_BYTES);

		kernel_fpu_begin();
		aesnictr_cmac_update(key, &cmac_simd, st, data, n);
		aesnictr_test_fault_state(st->mac, n, true);
		kernel_fpu_end();
		data += n;
		len -= n;
	} while (len);
}

static void cmac_final_path(const struct aesnictr_cmac_key *key, bool simd,
			    struct aesnictr_cmac_state *st,
			    u8 out[AESNICTR_BLOCK_SIZE])
{
	if (simd) {
		kernel_fpu_begin();
		aesnictr_cmac_final(key, &cmac_simd, st, out);
		kernel_fpu_end();
	} else {
		aesnictr_cmac_final(key, &cmac_c, st, out);
	}
}

void aesnictr_cmac_digest_buf(const struct aesnictr_cmac_key *key, bool simd,
			      const u8 *data, unsigned int len,
			      unsigned int piece, u8 out[AESNICTR_BLOCK_SIZE])
{
	struct aesnictr_cmac_state st;

	aesnictr_cmac_init(&st);
	do {
		unsigned int n = piece ? min(len, piece) : len;

		cmac_update_path(key, simd, &st, data, n);
		data += n;
		len -= n;
	} while (len);
	cmac_final_path(key, simd, &st, out);
}

/* ---- the shashes ---- */

static struct aesnictr_cmac_key *cmac_tfm_key(struct crypto_shash *tfm)
{
	return PTR_ALIGN(crypto_shash_ctx(tfm), CMAC_CTX_ALIGN);
}

static int cmac_setkey_common(struct crypto_shash *tfm, const u8 *in_key,
			      unsigned int key_len, bool xcbc)
{
	int err = aesnictr_aes_check_key_len(key_len);

	if (err)
		return err;
	aesnictr_cmac_key(cmac_tfm_key(tfm), in_key, key_len, xcbc,
			  aesnictr_simd_usable());
	return 0;
}

static int cmac_setkey(struct crypto_shash *tfm, const u8 *in_key,
		       unsigned int key_len)
{
	return cmac_setkey_common(tfm, in_key, key_len, false);
}

static int xcbc_setkey(struct crypto_shash *tfm, const u8 *in_key,
		       unsigned int key_len)
{
	return cmac_setkey_common(tfm, in_key, key_len, true);
}

static int cmac_init(struct shash_desc *desc)
{
	aesnictr_cmac_init(shash_desc_ctx(desc));
	return 0;
}

static int cmac_update(struct shash_desc *desc, const u8 *data,
		       unsigned int len)
{
	if (len)
		cmac_update_path(cmac_tfm_key(desc->tfm),
				 aesnictr_request_simd(), shash_desc_ctx(desc),
				 data, len);
	return 0;
}

static int cmac_final(struct shash_desc *desc, u8 *out)
{
	cmac_final_path(cmac_tfm_key(desc->tfm), aesnictr_request_simd(),
			shash_desc_ctx(desc), out);
	return 0;
}

static void cmac_exit_tfm(struct crypto_shash *tfm)
{
	memzero_explicit(cmac_tfm_key(tfm), sizeof(struct aesnictr_cmac_key));
}

#define CMAC_ALG(name, setkey_fn)					\
	{								\
		.base = {						\
			.cra_name	= name,				\
			/* cra_driver_name, cra_priority: the core */	\
			.cra_blocksize	= AES_BLOCK_SIZE,		\
			.cra_ctxsize	= sizeof(struct aesnictr_cmac_key) + \
					  CMAC_CTX_ALIGN - CRYPTO_MINALIGN, \
			.cra_module	= THIS_MODULE,			\
		},							\
		.digestsize	= AES_BLOCK_SIZE,			\
		.descsize	= sizeof(struct aesnictr_cmac_state),	\
		.setkey		= setkey_fn,				\
		.init		= cmac_init,				\
		.update		= cmac_update,				\
		.final		= cmac_final,				\
		.exit_tfm	= cmac_exit_tfm,			\
	}

static struct shash_alg cmac_alg = CMAC_ALG("cmac(aes)", cmac_setkey);
static struct shash_alg xcbc_alg = CMAC_ALG("xcbc(aes)", xcbc_setkey);

/*
 * The stock code: on 6.1 and 6.12 the cmac and xcbc templates over the
 * single-block aes-aesni (a template instance, an FPU section per block);
 * on 7.3 cmac-aes-lib and xcbc-aes-lib (priority 300), the AES library one
 * block per call.  Ours registers above them at the template rule's fixed
 * priority, as the ccm family does (priority.h); make bench measured ours
 * faster than all of them (docs/performance.md).
 */
static const struct aesnictr_stock_driver cmac_no_stock[] = { {} };

static const struct aesnictr_policy cmac_policy = {
	.cra_name		= "cmac(aes)",
	.type			= CRYPTO_ALG_TYPE_SHASH,
	.stock			= cmac_no_stock,
	.stock_is_template	= true,
};

static const struct aesnictr_policy xcbc_policy = {
	.cra_name		= "xcbc(aes)",
	.type			= CRYPTO_ALG_TYPE_SHASH,
	.stock			= cmac_no_stock,
	.stock_is_template	= true,
};

/* One implementation: avx, on every CPU the module loads on. */
static const char *cmac_cpu_lacks(enum aesnictr_impl impl)
{
	return impl == AESNICTR_AVX ? aesnictr_cpu_lacks_impl(impl) :
				      "a cmac implementation at this width (only avx exists)";
}

static void cmac_use_impl(enum aesnictr_impl impl)
{
}

static const char *const cmac_driver_prefixes[1] = { "cmac-aes" };
static const char *const xcbc_driver_prefixes[1] = { "xcbc-aes" };

const struct aesnictr_family aesnictr_cmac_family = {
	.name		= "cmac",
	.algs		= "cmac(aes)",
	.cpu_lacks	= cmac_cpu_lacks,
	.selftest	= aesnictr_cmac_selftest,
	.policy		= &cmac_policy,
	.shashes	= &cmac_alg,
	.nr_algs	= ARRAY_SIZE(cmac_driver_prefixes),
	.driver_prefixes = cmac_driver_prefixes,
	.use_impl	= cmac_use_impl,
};

const struct aesnictr_family aesnictr_xcbc_family = {
	.name		= "xcbc",
	.algs		= "xcbc(aes)",
	.cpu_lacks	= cmac_cpu_lacks,
	.selftest	= aesnictr_xcbc_selftest,
	.policy		= &xcbc_policy,
	.shashes	= &xcbc_alg,
	.nr_algs	= ARRAY_SIZE(xcbc_driver_prefixes),
	.driver_prefixes = xcbc_driver_prefixes,
	.use_impl	= cmac_use_impl,
	.not_fips_approved = true,
};
