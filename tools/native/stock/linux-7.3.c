// SPDX-License-Identifier: GPL-2.0
/*
 * Glue for Linux 7.3's x86 AES assembly (Debian's linux-source-7.3 from
 * trixie-backports), written after what 7.3's arch/x86/crypto/
 * aesni-intel_glue.c and lib/crypto/x86/aes.h do; the assembly
 * (arch/x86/crypto/aesni-intel_asm.S, aes-ctr-avx-x86_64.S,
 * aes-gcm-aesni-x86_64.S, aes-gcm-vaes-avx2.S, aes-gcm-vaes-avx512.S and
 * lib/crypto/x86/aes-aesni.S) is extracted and assembled at bench time,
 * every symbol prefixed linux73_.
 *
 * Drivers and priorities (register_avx_algs; the crypto API takes the
 * highest): with AVX, the aesni_avx ctr/gcm (500); with AVX2, VAES,
 * VPCLMULQDQ, PCLMULQDQ and the OS saving YMM, vaes_avx2 (600); with also
 * AVX512BW, AVX512VL, BMI2 and the OS saving the AVX-512 state, vaes_avx512
 * (800, but 1 when the CPU has X86_FEATURE_PREFER_YMM, which intel.c sets on
 * the zmm-excluded Intel models).  Without AVX: ctr-aes-aesni and
 * generic-gcm-aesni (400).  7.3's drivers are synchronous (no SIMD wrapper).
 *
 * ctr(aes) (ctr_crypt): the key is a crypto_aes_ctx expanded by
 * aesni_set_key; the 128-bit IV becomes two little-endian 64-bit words, the
 * low one counting blocks; aes_ctr64_crypt_<variant> does the whole request
 * including a partial block, and the glue splits the call where the low 64
 * bits would wrap, carrying into the high word in between.  The IV is
 * written back advanced by the number of blocks.
 *
 * gcm(aes) (gcm_setkey, gcm_crypt): the key struct starts with the 7.0 AES
 * library's struct aes_enckey (len @0, nrounds @4, round keys @16), prepared
 * by aes_prepareenckey, which on x86 expands AES-128/256 keys with
 * aes128/256_expandkey_aesni; then the variant's precompute of the H powers
 * (aesni: @272/400/464; vaes_avx2: @288/416, the xored halves in the order
 * H^8,H^6,H^7,H^5,H^4,H^2,H^3,H^1; vaes_avx512: H^16..H^1 @320, three zero
 * blocks @576).  One request is as in 6.12: little-endian counter words
 * {2, IV[8..11], IV[4..7], IV[0..3]}, the accumulator zeroed, aad_update,
 * one update, enc_final or dec_final (which compares the tag).
 *
 * xts(aes) (xts_crypt, same drivers and priorities as above:
 * xts-aes-aesni 401 SSE, aesni-avx 500, vaes-avx2 600, vaes-avx512 800/1):
 * struct aesni_xts_ctx, two crypto_aes_ctx (tweak, data) by aesni_set_key;
 * a request is the IV encrypted (aes_xts_encrypt_iv; the SSE driver
 * aesni_enc) and, within a page, one call of aes_xts_{en,de}crypt_<variant>
 * (SSE: aesni_xts_enc/dec); the bench gives every message as one segment,
 * so one call.
 *
 * cbc(aes): cbc-aes-aesni (400), synchronous in 7.3 as the others, so
 * what every caller gets: aesni_cbc_enc/dec (SSE) once per walk step.
 * crypto/aes.c's cbc-aes-lib (priority 110) is below it, never picked
 * while this driver is loaded, so it has no row.
 *
 * cts(cbc(aes)): cts-cbc-aes-aesni (400, synchronous): aesni_cbc_enc/dec
 * per walk step over all but the last two blocks, then
 * aesni_cts_cbc_enc/dec on the last 17..32 bytes (stock_cts_aesni());
 * crypto/aes.c's cts-cbc-aes-lib (110) is below it: no row.
 *
 * authenc: cbc(aes) is still arch/x86/crypto's cbc-aes-aesni
 * (aesni_cbc_enc/dec in aesni-intel_asm.S); hmac(sha1)/hmac(sha256) are
 * the library's (lib/crypto/sha1.c, sha256.c), whose x86 block functions
 * (lib/crypto/x86/sha1.h, sha256.h) are sha1_ni_transform and
 * sha256_ni_transform from lib/crypto/x86/sha1-ni-asm.S and
 * sha256-ni-asm.S when the CPU has SHA-NI; stock_authenc.c composes them.
 */
#include <stdalign.h>
#include <string.h>

#include "stock.h"

#define K(f)	linux73_##f

/* 7.0's struct aes_enckey (x86: the arch part is just the round keys). */
struct aes_enckey73 {
	u32 len;
	u32 nrounds;
	u32 padding[2];
	u32 rndkeys[60];
};

struct gcm_key_base73 {
	struct aes_enckey73 aes_key;
	u32 rfc4106_nonce;
};

struct gcm_key_aesni73 {
	alignas(16) struct gcm_key_base73 base;
	alignas(16) u64 h_powers[8][2];
	alignas(16) u64 h_powers_xored[8];
	alignas(16) u64 h_times_x64[2];
};

struct gcm_key_vaes_avx2_73 {
	alignas(16) struct gcm_key_base73 base;
	alignas(32) u64 h_powers[8][2];
	u64 h_powers_xored[8];
};

struct gcm_key_vaes_avx512_73 {
	alignas(16) struct gcm_key_base73 base;
	alignas(64) u64 h_powers[16][2];
	u64 padding[3][2];
};

/* The offsets the assembly assumes (the glue's static_asserts). */
_Static_assert(offsetof(struct gcm_key_aesni73, base.aes_key.rndkeys) == 16, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni73, h_powers) == 272, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni73, h_powers_xored) == 400, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni73, h_times_x64) == 464, "aesni");
_Static_assert(offsetof(struct gcm_key_vaes_avx2_73, h_powers) == 288, "vaes_avx2");
_Static_assert(offsetof(struct gcm_key_vaes_avx2_73, h_powers_xored) == 416, "vaes_avx2");
_Static_assert(offsetof(struct gcm_key_vaes_avx512_73, h_powers) == 320, "vaes_avx512");
_Static_assert(offsetof(struct gcm_key_vaes_avx512_73, padding) == 576, "vaes_avx512");

typedef void ctr64_t(const struct stock_aes_ctx *key, const u8 *src, u8 *dst,
		     int len, const u64 le_ctr[2]);
typedef void precompute_t(void *key);
typedef void aad_update_t(const void *key, u8 ghash_acc[16], const u8 *aad,
			  int aad_len);
typedef void update_t(const void *key, const u32 le_ctr[4], u8 ghash_acc[16],
		      const u8 *src, u8 *dst, int len);
typedef void enc_final_t(const void *key, const u32 le_ctr[4],
			 u8 ghash_acc[16], u64 aad_len, u64 data_len);
typedef _Bool dec_final_t(const void *key, const u32 le_ctr[4],
			  const u8 ghash_acc[16], u64 aad_len, u64 data_len,
			  const u8 tag[16], int tag_len);

void K(aesni_set_key)(struct stock_aes_ctx *ctx, const u8 *in_key,
		      unsigned int key_len);
void K(aesni_enc)(const void *ctx, u8 *out, const u8 *in);
void K(aesni_ctr_enc)(struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aes128_expandkey_aesni)(u32 rndkeys[], u32 *inv_rndkeys,
			       const u8 in_key[16]);
void K(aes256_expandkey_aesni)(u32 rndkeys[], u32 *inv_rndkeys,
			       const u8 in_key[32]);
ctr64_t K(aes_ctr64_crypt_aesni_avx), K(aes_ctr64_crypt_vaes_avx2),
	K(aes_ctr64_crypt_vaes_avx512);
precompute_t K(aes_gcm_precompute_aesni), K(aes_gcm_precompute_aesni_avx),
	K(aes_gcm_precompute_vaes_avx2), K(aes_gcm_precompute_vaes_avx512);
aad_update_t K(aes_gcm_aad_update_aesni), K(aes_gcm_aad_update_aesni_avx),
	K(aes_gcm_aad_update_vaes_avx2), K(aes_gcm_aad_update_vaes_avx512);
update_t K(aes_gcm_enc_update_aesni), K(aes_gcm_enc_update_aesni_avx),
	K(aes_gcm_enc_update_vaes_avx2), K(aes_gcm_enc_update_vaes_avx512),
	K(aes_gcm_dec_update_aesni), K(aes_gcm_dec_update_aesni_avx),
	K(aes_gcm_dec_update_vaes_avx2), K(aes_gcm_dec_update_vaes_avx512);
enc_final_t K(aes_gcm_enc_final_aesni), K(aes_gcm_enc_final_aesni_avx),
	K(aes_gcm_enc_final_vaes_avx2), K(aes_gcm_enc_final_vaes_avx512);
dec_final_t K(aes_gcm_dec_final_aesni), K(aes_gcm_dec_final_aesni_avx),
	K(aes_gcm_dec_final_vaes_avx2), K(aes_gcm_dec_final_vaes_avx512);

typedef void xts_crypt_t(const struct stock_aes_ctx *key, const u8 *src,
			 u8 *dst, int len, u8 tweak[16]);
void K(aesni_xts_enc)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_xts_dec)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aes_xts_encrypt_iv)(const struct stock_aes_ctx *tweak_key, u8 iv[16]);
xts_crypt_t K(aes_xts_encrypt_aesni_avx), K(aes_xts_decrypt_aesni_avx),
	K(aes_xts_encrypt_vaes_avx2), K(aes_xts_decrypt_vaes_avx2),
	K(aes_xts_encrypt_vaes_avx512), K(aes_xts_decrypt_vaes_avx512);
void K(aesni_cbc_enc)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_cbc_dec)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_cts_cbc_enc)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
void K(aesni_cts_cbc_dec)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
void K(sha1_ni_transform)(u32 *state, const u8 *data, size_t nblocks);
void K(sha256_ni_transform)(u32 *state, const u8 *data, size_t nblocks);

struct variant73 {
	ctr64_t *ctr64;		/* NULL: the SSE ctr-aes-aesni */
	precompute_t *precompute;
	aad_update_t *aad_update;
	update_t *enc_update, *dec_update;
	enc_final_t *enc_final;
	dec_final_t *dec_final;
	xts_crypt_t *xts_enc, *xts_dec;	/* NULL: the SSE xts-aes-aesni */
};

enum { V_AESNI, V_AESNI_AVX, V_VAES_AVX2, V_VAES_AVX512, NR_V };

static const struct variant73 variants[NR_V] = {
	[V_AESNI] = { NULL, K(aes_gcm_precompute_aesni),
		      K(aes_gcm_aad_update_aesni), K(aes_gcm_enc_update_aesni),
		      K(aes_gcm_dec_update_aesni), K(aes_gcm_enc_final_aesni),
		      K(aes_gcm_dec_final_aesni) },
	[V_AESNI_AVX] = { K(aes_ctr64_crypt_aesni_avx),
			  K(aes_gcm_precompute_aesni_avx),
			  K(aes_gcm_aad_update_aesni_avx),
			  K(aes_gcm_enc_update_aesni_avx),
			  K(aes_gcm_dec_update_aesni_avx),
			  K(aes_gcm_enc_final_aesni_avx),
			  K(aes_gcm_dec_final_aesni_avx),
			  K(aes_xts_encrypt_aesni_avx),
			  K(aes_xts_decrypt_aesni_avx) },
	[V_VAES_AVX2] = { K(aes_ctr64_crypt_vaes_avx2),
			  K(aes_gcm_precompute_vaes_avx2),
			  K(aes_gcm_aad_update_vaes_avx2),
			  K(aes_gcm_enc_update_vaes_avx2),
			  K(aes_gcm_dec_update_vaes_avx2),
			  K(aes_gcm_enc_final_vaes_avx2),
			  K(aes_gcm_dec_final_vaes_avx2),
			  K(aes_xts_encrypt_vaes_avx2),
			  K(aes_xts_decrypt_vaes_avx2) },
	[V_VAES_AVX512] = { K(aes_ctr64_crypt_vaes_avx512),
			    K(aes_gcm_precompute_vaes_avx512),
			    K(aes_gcm_aad_update_vaes_avx512),
			    K(aes_gcm_enc_update_vaes_avx512),
			    K(aes_gcm_dec_update_vaes_avx512),
			    K(aes_gcm_enc_final_vaes_avx512),
			    K(aes_gcm_dec_final_vaes_avx512),
			  K(aes_xts_encrypt_vaes_avx512),
			  K(aes_xts_decrypt_vaes_avx512) },
};

/* One context per row: the CTR key or the GCM key, and which code. */
struct xts_ctx73 {
	struct stock_aes_ctx tweak __attribute__((aligned(16)));
	struct stock_aes_ctx crypt __attribute__((aligned(16)));
};

struct ctx73 {
	union {
		struct xts_ctx73 xts;			/* xts(aes) */
		struct stock_authenc_ctx authenc;	/* authenc */
		struct stock_aes_ctx aes;		/* ctr(aes) */
		struct gcm_key_aesni73 aesni;		/* gcm(aes) */
		struct gcm_key_vaes_avx2_73 vaes_avx2;
		struct gcm_key_vaes_avx512_73 vaes_avx512;
		struct gcm_key_base73 base;
	} k;
	const struct variant73 *v;
};

static void setkey73(void *c, const u8 *key, unsigned int key_len, int gcm,
		     int variant)
{
	struct ctx73 *ctx = c;
	struct aes_enckey73 *ek = &ctx->k.base.aes_key;

	memset(&ctx->k, 0, sizeof(ctx->k));
	ctx->v = &variants[variant];
	if (!gcm) {
		K(aesni_set_key)(&ctx->k.aes, key, key_len);
		return;
	}
	/* aes_prepareenckey (the bench uses 128- and 256-bit keys only) */
	ek->len = key_len;
	ek->nrounds = 6 + key_len / 4;
	if (key_len == 16)
		K(aes128_expandkey_aesni)(ek->rndkeys, NULL, key);
	else
		K(aes256_expandkey_aesni)(ek->rndkeys, NULL, key);
	ctx->v->precompute(&ctx->k);
}

#define SETKEY(v)							\
static void setkey73_##v(void *c, const u8 *key, unsigned int key_len,	\
			 int gcm)					\
{									\
	setkey73(c, key, key_len, gcm, v);				\
}
SETKEY(V_AESNI)
SETKEY(V_AESNI_AVX)
SETKEY(V_VAES_AVX2)
SETKEY(V_VAES_AVX512)

static void (*const setkeys[NR_V])(void *, const u8 *, unsigned int, int) = {
	setkey73_V_AESNI, setkey73_V_AESNI_AVX, setkey73_V_VAES_AVX2,
	setkey73_V_VAES_AVX512,
};

static void xts_setkey73(void *c, const u8 *key, unsigned int key_len,
			 int variant)
{
	struct ctx73 *ctx = c;

	memset(&ctx->k, 0, sizeof(ctx->k));
	ctx->v = &variants[variant];
	K(aesni_set_key)(&ctx->k.xts.crypt, key, key_len / 2);
	K(aesni_set_key)(&ctx->k.xts.tweak, key + key_len / 2, key_len / 2);
}

#define XTS_SETKEY(v)							\
static void xts_setkey73_##v(void *c, const u8 *key, unsigned int key_len)\
{									\
	xts_setkey73(c, key, key_len, v);				\
}
XTS_SETKEY(V_AESNI)
XTS_SETKEY(V_AESNI_AVX)
XTS_SETKEY(V_VAES_AVX2)
XTS_SETKEY(V_VAES_AVX512)

static void (*const xts_setkeys[NR_V])(void *, const u8 *, unsigned int) = {
	xts_setkey73_V_AESNI, xts_setkey73_V_AESNI_AVX,
	xts_setkey73_V_VAES_AVX2, xts_setkey73_V_VAES_AVX512,
};

/* xts_crypt's fast path: the tweak, then one call. */
static void xts73(const void *c, int enc, u8 *dst, const u8 *src,
		  unsigned int len, const u8 iv[16])
{
	const struct ctx73 *ctx = c;
	const struct xts_ctx73 *x = &ctx->k.xts;
	u8 t[16] __attribute__((aligned(16)));

	memcpy(t, iv, 16);
	if (!ctx->v->xts_enc) {
		K(aesni_enc)(&x->tweak, t, t);
		if (enc)
			K(aesni_xts_enc)(&x->crypt, dst, src, len, t);
		else
			K(aesni_xts_dec)(&x->crypt, dst, src, len, t);
		return;
	}
	K(aes_xts_encrypt_iv)(&x->tweak, t);
	(enc ? ctx->v->xts_enc : ctx->v->xts_dec)(&x->crypt, src, dst, (int)len,
						  t);
}

static void xts_enc73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      const u8 iv[16])
{
	xts73(c, 1, dst, src, len, iv);
}

static void xts_dec73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      const u8 iv[16])
{
	xts73(c, 0, dst, src, len, iv);
}

static void aes_set_key73(struct stock_aes_ctx *ctx, const u8 *key,
			  unsigned int key_len)
{
	K(aesni_set_key)(ctx, key, key_len);
}

static void sha1_blocks73(u32 *state, const u8 *data, unsigned int n)
{
	K(sha1_ni_transform)(state, data, n);
}

static void sha256_blocks73(u32 *state, const u8 *data, unsigned int n)
{
	K(sha256_ni_transform)(state, data, n);
}

/* lib/crypto/x86/sha512-avx2-asm.S: the AVX2 + BMI2 block function */
void K(sha512_transform_rorx)(u64 *state, const u8 *data, long nblocks);

static void sha512_blocks73(u64 *state, const u8 *data, unsigned int n)
{
	K(sha512_transform_rorx)(state, data, (long)n);
}

static const struct stock_authenc_ops authenc73 = {
	.set_key = aes_set_key73,
	.cbc_enc = K(aesni_cbc_enc),
	.cbc_dec = K(aesni_cbc_dec),
	.blocks = { sha1_blocks73, sha256_blocks73 },
	.blocks512 = sha512_blocks73,
};

STOCK_AUTHENC_FNS(73, &authenc73)

/* cbc(aes): one walk step of cbc-aes-aesni. */
static void cbc_enc73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	K(aesni_cbc_enc)(&((const struct ctx73 *)c)->k.aes, dst, src, len, iv);
}

static void cbc_dec73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	K(aesni_cbc_dec)(&((const struct ctx73 *)c)->k.aes, dst, src, len, iv);
}

/* cts(cbc(aes)): cts-cbc-aes-aesni's request (stock_cts_aesni()). */
static void cts_tail_enc73(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_enc)(&((const struct ctx73 *)c)->k.aes, dst, src, len, iv);
}

static void cts_tail_dec73(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_dec)(&((const struct ctx73 *)c)->k.aes, dst, src, len, iv);
}

static void cts_enc73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_enc73, cts_tail_enc73, c, dst, src, len, iv);
}

static void cts_dec73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_dec73, cts_tail_dec73, c, dst, src, len, iv);
}

static void block73(const void *c, u8 *out, const u8 *in)
{
	K(aesni_enc)(&((const struct ctx73 *)c)->k.aes, out, in);
}

/*
 * cmac(aes), xcbc(aes): crypto/aes.c's cmac-aes-lib and xcbc-aes-lib
 * (300; 7.3 has no arch/x86 cmac, and the templates' instances over aes-lib
 * would be 100) run lib/crypto/aes.c's aes_cmac_*, on the library's
 * struct aes_enckey.  aes_prepareenckey: len, nrounds and, through
 * lib/crypto/x86/aes.h's aes_preparekey_arch, aes128/256_expandkey_aesni
 * for 128/256-bit keys (kernel_fpu_begin/end around it; AES-192: the
 * generic C expansion, here aesni_set_key's schedule, the same round keys;
 * the bench uses 128 and 256).  aes_encrypt: aes_encrypt_arch, which per
 * call checks irq_fpu_usable() and runs one aes_encrypt_aesni inside its
 * own kernel_fpu_begin/end (userspace cannot include that section).
 * x86 defines no aes_cbcmac_blocks_arch, so aes_cbcmac_blocks is the
 * generic loop: per block crypto_xor and one aes_encrypt.
 */
void K(aes_encrypt_aesni)(const u32 rndkeys[], int nrounds, u8 out[16],
			  const u8 in[16]);

static void mac_setkey73(void *c, const u8 *key, unsigned int key_len)
{
	struct ctx73 *ctx = c;
	struct aes_enckey73 *ek = &ctx->k.base.aes_key;

	ek->len = key_len;
	ek->nrounds = 6 + key_len / 4;
	if (key_len == 16) {
		K(aes128_expandkey_aesni)(ek->rndkeys, NULL, key);
	} else if (key_len == 32) {
		K(aes256_expandkey_aesni)(ek->rndkeys, NULL, key);
	} else {
		K(aesni_set_key)(&ctx->k.aes, key, key_len);
		memmove(ek->rndkeys, ctx->k.aes.key_enc, 4 * 4 * 13);
		ek->len = key_len;
		ek->nrounds = 12;
	}
}

static void mac_block73(const void *c, u8 *out, const u8 *in)
{
	const struct aes_enckey73 *ek = &((const struct ctx73 *)c)->k.base.aes_key;

	K(aes_encrypt_aesni)(ek->rndkeys, (int)ek->nrounds, out, in);
}

static void ctr73(const void *c, u8 *dst, const u8 *src, unsigned int len,
		  u8 iv[16])
{
	const struct ctx73 *ctx = c;
	ctr64_t *fn = ctx->v->ctr64;
	unsigned int nblocks, p1;
	u64 le_ctr[2], ctr64;

	if (!fn) {	/* ctr_crypt_aesni */
		unsigned int full = len & ~15u;

		if (full)
			K(aesni_ctr_enc)((struct stock_aes_ctx *)&ctx->k.aes,
					 dst, src, full, iv);
		if (len & 15)
			stock_ctr_tail(K(aesni_enc), &ctx->k.aes, dst + full,
				       src + full, len & 15, iv);
		return;
	}
	ctr64 = le_ctr[0] = stock_get_be64(iv + 8);
	le_ctr[1] = stock_get_be64(iv);
	if (len) {
		nblocks = (len + 15) / 16;
		ctr64 += nblocks;
		if (ctr64 >= nblocks) {
			fn(&ctx->k.aes, src, dst, (int)len, le_ctr);
		} else {
			/* the low 64 bits wrap inside: split, carry */
			p1 = (unsigned int)(nblocks - ctr64) * 16;
			if (p1 > len)
				p1 = len;
			fn(&ctx->k.aes, src, dst, (int)p1, le_ctr);
			le_ctr[0] = 0;
			le_ctr[1]++;
			fn(&ctx->k.aes, src + p1, dst + p1, (int)(len - p1),
			   le_ctr);
		}
	}
	stock_put_be64(iv + 8, ctr64);
	stock_put_be64(iv, le_ctr[1]);
}

static void gcm_start73(const struct ctx73 *ctx, const u8 iv[12],
			const u8 *aad, unsigned int aad_len, u32 le_ctr[4],
			u8 acc[16])
{
	le_ctr[0] = 2;
	le_ctr[1] = stock_get_be32(iv + 8);
	le_ctr[2] = stock_get_be32(iv + 4);
	le_ctr[3] = stock_get_be32(iv + 0);
	memset(acc, 0, 16);
	if (aad_len)
		ctx->v->aad_update(&ctx->k, acc, aad, (int)aad_len);
}

static void gcm_enc73(const void *c, const u8 iv[12], const u8 *aad,
		      unsigned int aad_len, const u8 *src, u8 *dst,
		      unsigned int len, u8 tag[16])
{
	const struct ctx73 *ctx = c;
	u32 le_ctr[4];
	u8 acc[16];

	gcm_start73(ctx, iv, aad, aad_len, le_ctr, acc);
	ctx->v->enc_update(&ctx->k, le_ctr, acc, src, dst, (int)len);
	ctx->v->enc_final(&ctx->k, le_ctr, acc, aad_len, len);
	memcpy(tag, acc, 16);
}

static int gcm_dec73(const void *c, const u8 iv[12], const u8 *aad,
		     unsigned int aad_len, const u8 *src, u8 *dst,
		     unsigned int len, const u8 tag[16])
{
	const struct ctx73 *ctx = c;
	u32 le_ctr[4];
	u8 acc[16];

	gcm_start73(ctx, iv, aad, aad_len, le_ctr, acc);
	ctx->v->dec_update(&ctx->k, le_ctr, acc, src, dst, (int)len);
	return ctx->v->dec_final(&ctx->k, le_ctr, acc, aad_len, len, tag, 16);
}

static int has_vaes_avx2(const struct stock_cpu *cpu)
{
	return cpu->avx && cpu->avx2 && cpu->vaes && cpu->vpclmulqdq &&
	       cpu->pclmulqdq && cpu->xsave_ymm;
}

static int has_vaes_avx512(const struct stock_cpu *cpu)
{
	return has_vaes_avx2(cpu) && cpu->avx512bw && cpu->avx512vl &&
	       cpu->bmi2 && cpu->xsave_avx512;
}

/* The highest-priority driver that registers on this CPU (ctr and gcm alike). */
static int choice_v73(const struct stock_cpu *cpu)
{
	if (has_vaes_avx512(cpu) && !cpu->prefer_ymm)
		return V_VAES_AVX512;
	if (has_vaes_avx2(cpu))
		return V_VAES_AVX2;
	return cpu->avx ? V_AESNI_AVX : V_AESNI;
}

static const char *const ctr_names[NR_V] = {
	"ctr-aes-aesni (aesni_ctr_enc + aesni_enc)",
	"ctr-aes-aesni-avx (aes_ctr64_crypt_aesni_avx)",
	"ctr-aes-vaes-avx2 (aes_ctr64_crypt_vaes_avx2)",
	"ctr-aes-vaes-avx512 (aes_ctr64_crypt_vaes_avx512)",
};

static const char *const xts_names[NR_V] = {
	"xts-aes-aesni (aesni_enc, aesni_xts_enc/dec)",
	"xts-aes-aesni-avx (aes_xts_*_aesni_avx)",
	"xts-aes-vaes-avx2 (aes_xts_*_vaes_avx2)",
	"xts-aes-vaes-avx512 (aes_xts_*_vaes_avx512)",
};

static const char *const gcm_names[NR_V] = {
	"generic-gcm-aesni (aes_gcm_*_aesni)",
	"generic-gcm-aesni-avx (aes_gcm_*_aesni_avx)",
	"generic-gcm-vaes-avx2 (aes_gcm_*_vaes_avx2)",
	"generic-gcm-vaes-avx512 (aes_gcm_*_vaes_avx512)",
};

static int impls73(const struct stock_cpu *cpu, struct stock_impl *out)
{
	static const struct { int v; const char *name, *col; } others[] = {
		{ V_VAES_AVX512, "linux-7.3-vaes-avx512", "7.3/512" },
		{ V_VAES_AVX2, "linux-7.3-vaes-avx2", "7.3/avx2" },
		{ V_AESNI_AVX, "linux-7.3-aesni-avx", "7.3/avx" },
	};
	int chosen, n = 0;
	unsigned int i;

	if (!cpu->aes)
		return 0;
	chosen = choice_v73(cpu);
	out[n++] = (struct stock_impl){
		.name = "linux-7.3",
		.col = "7.3",
		.ctr_desc = ctr_names[chosen],
		.gcm_desc = gcm_names[chosen],
		.xts_desc = xts_names[chosen],
		.authenc_desc = cpu->sha_ni ?
				"aesni_cbc_enc/dec, then HMAC with lib/crypto's sha1_ni_transform/sha256_ni_transform" :
				NULL,
		.cbc_desc = "cbc-aes-aesni (synchronous): aesni_cbc_enc/dec (SSE), one call per walk step",
		.cts_desc = "cts-cbc-aes-aesni (synchronous): aesni_cbc_enc/dec per walk step over all but the last two blocks, then aesni_cts_cbc_enc/dec on the last 17..32 bytes",
		.mac_desc = "cmac-aes-lib/xcbc-aes-lib (lib/crypto/aes.c aes_cmac_*): setkey aes_prepareenckey (aes128/256_expandkey_aesni) and the subkeys by aes_encrypt; per block crypto_xor and one aes_encrypt, i.e. one aes_encrypt_aesni (SSE) per block; the library also runs irq_fpu_usable() and a kernel_fpu_begin/end around every block (and the key expansion), which userspace cannot include, so this row flatters 7.3",
		.modes = STOCK_CTR | STOCK_GCM | STOCK_XTS | STOCK_CCM |
			 STOCK_CBC | STOCK_CTS | STOCK_MAC |
			 (cpu->sha_ni ? STOCK_AUTHENC : 0),
		.ctx_size = sizeof(struct ctx73),
		.setkey = setkeys[chosen],
		.aes_block = block73,
		.mac_setkey = mac_setkey73,
		.mac_block = mac_block73,
		.mac_lib = 1,
		.ctr = ctr73,
		.gcm_enc = gcm_enc73,
		.gcm_dec = gcm_dec73,
		.xts_setkey = xts_setkeys[chosen],
		.xts_enc = xts_enc73,
		.xts_dec = xts_dec73,
		.cbc_enc = cbc_enc73,
		.cbc_dec = cbc_dec73,
		.cts_enc = cts_enc73,
		.cts_dec = cts_dec73,
		STOCK_AUTHENC_INIT(73),
	};
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		int v = others[i].v;

		if (v == chosen ||
		    (v == V_VAES_AVX512 && !has_vaes_avx512(cpu)) ||
		    (v == V_VAES_AVX2 && !has_vaes_avx2(cpu)) ||
		    (v == V_AESNI_AVX && !cpu->avx))
			continue;
		out[n++] = (struct stock_impl){
			.name = others[i].name,
			.col = others[i].col,
			.ctr_desc = ctr_names[v],
			.gcm_desc = gcm_names[v],
			.xts_desc = xts_names[v],
			.modes = STOCK_CTR | STOCK_GCM | STOCK_XTS,
			.ctx_size = sizeof(struct ctx73),
			.setkey = setkeys[v],
			.ctr = ctr73,
			.gcm_enc = gcm_enc73,
			.gcm_dec = gcm_dec73,
			.xts_setkey = xts_setkeys[v],
			.xts_enc = xts_enc73,
			.xts_dec = xts_dec73,
		};
	}
	return n;
}

static const char *choice73(const struct stock_cpu *cpu)
{
	if (!cpu->aes)
		return "CPU lacks AES-NI: the driver does not load";
	if (has_vaes_avx512(cpu))
		return cpu->prefer_ymm ?
		       "VAES+AVX-512 but PREFER_YMM (zmm-excluded Intel model): CTR, GCM and XTS vaes_avx2 (600 > avx512's 1)" :
		       "VAES, VPCLMULQDQ, AVX-512 BW/VL, BMI2, no PREFER_YMM: CTR, GCM and XTS vaes_avx512 (priority 800)";
	if (has_vaes_avx2(cpu))
		return "VAES+AVX2 without AVX-512: CTR, GCM and XTS vaes_avx2 (600)";
	if (cpu->avx)
		return "AVX without VAES: CTR, GCM and XTS aesni_avx (500)";
	return "no AVX: ctr-aes-aesni and generic-gcm-aesni (400)";
}

const struct stock_kernel stock_linux73 = {
	.kver = "7.3",
	.impls = impls73,
	.choice = choice73,
};
