// SPDX-License-Identifier: GPL-2.0
/*
 * Glue for Linux 6.12's x86 AES assembly (Debian's linux-source-6.12),
 * written after what 6.12's arch/x86/crypto/aesni-intel_glue.c does; the
 * assembly (aesni-intel_asm.S, aes_ctrby8_avx-x86_64.S,
 * aes-gcm-aesni-x86_64.S, aes-gcm-avx10-x86_64.S) is extracted and assembled
 * at bench time, every symbol prefixed linux612_.
 *
 * ctr(aes): as in 6.1 (there is no VAES CTR in 6.12): the by8 AVX code for
 * the whole blocks when the CPU has AVX (else SSE aesni_ctr_enc), then one
 * aesni_enc for a partial block.
 *
 * gcm(aes): one driver per code path, registered by priority; the crypto API
 * takes the highest.  register_avx_algs: with AVX, generic-gcm-aesni-avx
 * (500); with AVX2, VAES, VPCLMULQDQ, PCLMULQDQ and the OS saving YMM, and
 * also AVX512BW, AVX512VL, BMI2 and the OS saving the AVX-512 state,
 * generic-gcm-vaes-avx10_256 (700) and generic-gcm-vaes-avx10_512 (800, but
 * 1 on a CPU in zmm_exclusion_list).  Without AVX: generic-gcm-aesni (400).
 * There is no VAES+AVX2 GCM in 6.12.
 *
 * The key (gcm_setkey): the AES key by aesni_set_key into the
 * crypto_aes_ctx at the start of the key struct, then the variant's
 * precompute of the H powers into the same struct (aesni/aesni_avx: H^8..H^1,
 * their xored halves and H*x^64 at 496/624/688; avx10: H^16..H^1 at 512,
 * 64-byte aligned, then three zero blocks).  One request (gcm_crypt):
 * counter words little-endian {2, IV[8..11], IV[4..7], IV[0..3]}, the GHASH
 * accumulator zeroed, aad_update over the AAD (if any), one update over the
 * data, then enc_final (the tag is left in the accumulator) or dec_final
 * (the assembly compares the tag and returns whether it matched).
 *
 * xts(aes): drivers xts-aes-aesni (401: aesni_enc of the IV, SSE
 * aesni_xts_enc/dec), and from aes-xts-avx-x86_64.S, registered by the same
 * CPU tests as GCM, xts-aes-aesni-avx (500), xts-aes-vaes-avx2 (600; no GCM
 * counterpart), xts-aes-vaes-avx10_256 (700) and xts-aes-vaes-avx10_512
 * (800, or 1 on a zmm-excluded model), each aes_xts_encrypt_iv then
 * aes_xts_{en,de}crypt_<variant>.  Key: struct aesni_xts_ctx, two
 * crypto_aes_ctx (tweak, data) by aesni_set_key.  A request within one
 * page is one call; the bench gives every message as one segment, so one
 * call (the slow path would call once per walk step).
 *
 * cbc(aes): as in 6.1, cbc-aes-aesni (400, aesni_cbc_enc/dec, SSE, once
 * per walk step; there is no AVX or VAES CBC in 6.12) behind an async SIMD
 * wrapper; a synchronous caller (crypto_alloc_sync_skcipher) gets the cbc
 * template (crypto/cbc.c, an lskcipher since 6.8) over the cipher aes-aesni
 * (300): per block the XOR in C and one aesni_enc/aesni_dec, which the
 * kernel reaches through the lskcipher and cipher layers and wraps in a
 * kernel_fpu_begin/end (not included here); the row linux-6.12-sync.
 *
 * cts(cbc(aes)): as in 6.1, cts-cbc-aes-aesni (400, async SIMD wrapper:
 * aesni_cbc_enc/dec per walk step, then aesni_cts_cbc_enc/dec on the last
 * 17..32 bytes; stock_cts_aesni()), and for synchronous callers the cts
 * template over cbc(aes-aesni) (stock_cts_template()), linux-6.12-sync.
 *
 * authenc: aesni_cbc_enc/dec (cbc-aes-aesni) and sha1_ni_transform /
 * sha256_ni_transform (sha1-ni, sha256-ni: priority 250) composed by
 * stock_authenc.c.
 */
#include <stdalign.h>
#include <string.h>

#include "stock.h"

#define K(f)	linux612_##f

struct gcm_key_aesni612 {
	struct stock_aes_ctx aes;
	u32 rfc4106_nonce;
	alignas(16) u64 h_powers[8][2];
	alignas(16) u64 h_powers_xored[8];
	alignas(16) u64 h_times_x64[2];
};

struct gcm_key_avx10_612 {
	struct stock_aes_ctx aes;
	u32 rfc4106_nonce;
	alignas(64) u64 h_powers[16][2];
	u64 padding[3][2];
};

/* The offsets the assembly assumes (the glue's BUILD_BUG_ONs). */
_Static_assert(offsetof(struct gcm_key_aesni612, aes.key_length) == 480, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni612, h_powers) == 496, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni612, h_powers_xored) == 624, "aesni");
_Static_assert(offsetof(struct gcm_key_aesni612, h_times_x64) == 688, "aesni");
_Static_assert(offsetof(struct gcm_key_avx10_612, h_powers) == 512, "avx10");
_Static_assert(offsetof(struct gcm_key_avx10_612, padding) == 768, "avx10");

typedef void ctr_by8_t(const u8 *in, u8 *iv, void *keys, u8 *out,
		       unsigned int num_bytes);
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
void K(aesni_dec)(const void *ctx, u8 *out, const u8 *in);
void K(aesni_ctr_enc)(struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
ctr_by8_t K(aes_ctr_enc_128_avx_by8), K(aes_ctr_enc_192_avx_by8),
	K(aes_ctr_enc_256_avx_by8);
precompute_t K(aes_gcm_precompute_aesni), K(aes_gcm_precompute_aesni_avx),
	K(aes_gcm_precompute_vaes_avx10_256), K(aes_gcm_precompute_vaes_avx10_512);
aad_update_t K(aes_gcm_aad_update_aesni), K(aes_gcm_aad_update_aesni_avx),
	K(aes_gcm_aad_update_vaes_avx10);
update_t K(aes_gcm_enc_update_aesni), K(aes_gcm_enc_update_aesni_avx),
	K(aes_gcm_enc_update_vaes_avx10_256), K(aes_gcm_enc_update_vaes_avx10_512),
	K(aes_gcm_dec_update_aesni), K(aes_gcm_dec_update_aesni_avx),
	K(aes_gcm_dec_update_vaes_avx10_256), K(aes_gcm_dec_update_vaes_avx10_512);
enc_final_t K(aes_gcm_enc_final_aesni), K(aes_gcm_enc_final_aesni_avx),
	K(aes_gcm_enc_final_vaes_avx10);
dec_final_t K(aes_gcm_dec_final_aesni), K(aes_gcm_dec_final_aesni_avx),
	K(aes_gcm_dec_final_vaes_avx10);

typedef void xts_crypt_t(const struct stock_aes_ctx *key, const u8 *src,
			 u8 *dst, unsigned int len, u8 tweak[16]);
void K(aesni_xts_enc)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_xts_dec)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aes_xts_encrypt_iv)(const struct stock_aes_ctx *tweak_key, u8 iv[16]);
xts_crypt_t K(aes_xts_encrypt_aesni_avx), K(aes_xts_decrypt_aesni_avx),
	K(aes_xts_encrypt_vaes_avx2), K(aes_xts_decrypt_vaes_avx2),
	K(aes_xts_encrypt_vaes_avx10_256), K(aes_xts_decrypt_vaes_avx10_256),
	K(aes_xts_encrypt_vaes_avx10_512), K(aes_xts_decrypt_vaes_avx10_512);
void K(aesni_cbc_enc)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_cbc_dec)(const struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
void K(aesni_cts_cbc_enc)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
void K(aesni_cts_cbc_dec)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
void K(sha1_ni_transform)(u32 *state, const u8 *data, int rounds);
void K(sha256_ni_transform)(u32 *state, const u8 *data, int rounds);

struct gcm_variant612 {
	precompute_t *precompute;
	aad_update_t *aad_update;
	update_t *enc_update, *dec_update;
	enc_final_t *enc_final;
	dec_final_t *dec_final;
};

enum { V_AESNI, V_AESNI_AVX, V_AVX10_256, V_AVX10_512, NR_V };

static const struct gcm_variant612 gcm_variants[NR_V] = {
	[V_AESNI] = { K(aes_gcm_precompute_aesni), K(aes_gcm_aad_update_aesni),
		      K(aes_gcm_enc_update_aesni), K(aes_gcm_dec_update_aesni),
		      K(aes_gcm_enc_final_aesni), K(aes_gcm_dec_final_aesni) },
	[V_AESNI_AVX] = { K(aes_gcm_precompute_aesni_avx),
			  K(aes_gcm_aad_update_aesni_avx),
			  K(aes_gcm_enc_update_aesni_avx),
			  K(aes_gcm_dec_update_aesni_avx),
			  K(aes_gcm_enc_final_aesni_avx),
			  K(aes_gcm_dec_final_aesni_avx) },
	[V_AVX10_256] = { K(aes_gcm_precompute_vaes_avx10_256),
			  K(aes_gcm_aad_update_vaes_avx10),
			  K(aes_gcm_enc_update_vaes_avx10_256),
			  K(aes_gcm_dec_update_vaes_avx10_256),
			  K(aes_gcm_enc_final_vaes_avx10),
			  K(aes_gcm_dec_final_vaes_avx10) },
	[V_AVX10_512] = { K(aes_gcm_precompute_vaes_avx10_512),
			  K(aes_gcm_aad_update_vaes_avx10),
			  K(aes_gcm_enc_update_vaes_avx10_512),
			  K(aes_gcm_dec_update_vaes_avx10_512),
			  K(aes_gcm_enc_final_vaes_avx10),
			  K(aes_gcm_dec_final_vaes_avx10) },
};

/*
 * One context per row: the CTR key (a crypto_aes_ctx) and the GCM key (the
 * larger avx10 struct, which also fits the aesni one), and which GCM code.
 */
struct xts_ctx612 {
	struct stock_aes_ctx tweak __attribute__((aligned(16)));
	struct stock_aes_ctx crypt __attribute__((aligned(16)));
};

struct ctx612 {
	union {
		struct gcm_key_avx10_612 avx10;
		struct gcm_key_aesni612 aesni;
		struct stock_aes_ctx aes;
		struct xts_ctx612 xts;
		struct stock_authenc_ctx authenc;
	} k;
	const struct gcm_variant612 *v;
	const struct xts_variant612 *xv;
};

static int ctr_by8;

static void setkey612(void *c, const u8 *key, unsigned int key_len, int gcm,
		      int variant)
{
	struct ctx612 *ctx = c;

	memset(&ctx->k, 0, sizeof(ctx->k));
	ctx->v = &gcm_variants[variant];
	K(aesni_set_key)(&ctx->k.aes, key, key_len);
	if (gcm)
		ctx->v->precompute(&ctx->k);
}

#define SETKEY(v)							\
static void setkey612_##v(void *c, const u8 *key, unsigned int key_len,\
			  int gcm)					\
{									\
	setkey612(c, key, key_len, gcm, v);				\
}
SETKEY(V_AESNI)
SETKEY(V_AESNI_AVX)
SETKEY(V_AVX10_256)
SETKEY(V_AVX10_512)

static void ctr612(const void *c, u8 *dst, const u8 *src, unsigned int len,
		   u8 iv[16])
{
	struct ctx612 *ctx = (struct ctx612 *)c;
	struct stock_aes_ctx *aes = &ctx->k.aes;
	unsigned int full = len & ~15u;

	if (full) {
		if (!ctr_by8)
			K(aesni_ctr_enc)(aes, dst, src, full, iv);
		else if (aes->key_length == 16)
			K(aes_ctr_enc_128_avx_by8)(src, iv, aes, dst, full);
		else if (aes->key_length == 24)
			K(aes_ctr_enc_192_avx_by8)(src, iv, aes, dst, full);
		else
			K(aes_ctr_enc_256_avx_by8)(src, iv, aes, dst, full);
	}
	if (len & 15)
		stock_ctr_tail(K(aesni_enc), aes, dst + full, src + full,
			       len & 15, iv);
}

static void block612(const void *c, u8 *out, const u8 *in)
{
	K(aesni_enc)(&((const struct ctx612 *)c)->k.aes, out, in);
}

/*
 * cmac(aes), xcbc(aes): the templates' child cipher, aes-aesni: its setkey
 * (aes_set_key_common: aesni_set_key; a kernel_fpu_begin/end around it in
 * the kernel) and its encrypt_one (aesni_encrypt: aesni_enc).
 */
static void mac_setkey612(void *c, const u8 *key, unsigned int key_len)
{
	K(aesni_set_key)(&((struct ctx612 *)c)->k.aes, key, key_len);
}

static void gcm_start612(const struct ctx612 *ctx, const u8 iv[12],
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

static void gcm_enc612(const void *c, const u8 iv[12], const u8 *aad,
		       unsigned int aad_len, const u8 *src, u8 *dst,
		       unsigned int len, u8 tag[16])
{
	const struct ctx612 *ctx = c;
	u32 le_ctr[4];
	u8 acc[16];

	gcm_start612(ctx, iv, aad, aad_len, le_ctr, acc);
	ctx->v->enc_update(&ctx->k, le_ctr, acc, src, dst, (int)len);
	ctx->v->enc_final(&ctx->k, le_ctr, acc, aad_len, len);
	memcpy(tag, acc, 16);
}

static int gcm_dec612(const void *c, const u8 iv[12], const u8 *aad,
		      unsigned int aad_len, const u8 *src, u8 *dst,
		      unsigned int len, const u8 tag[16])
{
	const struct ctx612 *ctx = c;
	u32 le_ctr[4];
	u8 acc[16];

	gcm_start612(ctx, iv, aad, aad_len, le_ctr, acc);
	ctx->v->dec_update(&ctx->k, le_ctr, acc, src, dst, (int)len);
	return ctx->v->dec_final(&ctx->k, le_ctr, acc, aad_len, len, tag, 16);
}

/* ---- xts(aes) ---- */

struct xts_variant612 {
	xts_crypt_t *enc, *dec;		/* NULL: the SSE xts-aes-aesni */
};

enum { X_AESNI, X_AESNI_AVX, X_VAES_AVX2, X_AVX10_256, X_AVX10_512, NR_X };

static const struct xts_variant612 xts_variants[NR_X] = {
	[X_AESNI] = { NULL, NULL },
	[X_AESNI_AVX] = { K(aes_xts_encrypt_aesni_avx),
			  K(aes_xts_decrypt_aesni_avx) },
	[X_VAES_AVX2] = { K(aes_xts_encrypt_vaes_avx2),
			  K(aes_xts_decrypt_vaes_avx2) },
	[X_AVX10_256] = { K(aes_xts_encrypt_vaes_avx10_256),
			  K(aes_xts_decrypt_vaes_avx10_256) },
	[X_AVX10_512] = { K(aes_xts_encrypt_vaes_avx10_512),
			  K(aes_xts_decrypt_vaes_avx10_512) },
};

static const char *const xts_names[NR_X] = {
	"xts-aes-aesni (aesni_enc, aesni_xts_enc/dec)",
	"xts-aes-aesni-avx (aes_xts_*_aesni_avx)",
	"xts-aes-vaes-avx2 (aes_xts_*_vaes_avx2)",
	"xts-aes-vaes-avx10_256 (aes_xts_*_vaes_avx10_256)",
	"xts-aes-vaes-avx10_512 (aes_xts_*_vaes_avx10_512)",
};

static void xts_setkey612(void *c, const u8 *key, unsigned int key_len,
			  int variant)
{
	struct ctx612 *ctx = c;

	memset(&ctx->k, 0, sizeof(ctx->k));
	ctx->xv = &xts_variants[variant];
	K(aesni_set_key)(&ctx->k.xts.crypt, key, key_len / 2);
	K(aesni_set_key)(&ctx->k.xts.tweak, key + key_len / 2, key_len / 2);
}

#define XTS_SETKEY(v)							\
static void xts_setkey612_##v(void *c, const u8 *key, unsigned int key_len)\
{									\
	xts_setkey612(c, key, key_len, v);				\
}
XTS_SETKEY(X_AESNI)
XTS_SETKEY(X_AESNI_AVX)
XTS_SETKEY(X_VAES_AVX2)
XTS_SETKEY(X_AVX10_256)
XTS_SETKEY(X_AVX10_512)

static void (*const xts_setkeys[NR_X])(void *, const u8 *, unsigned int) = {
	xts_setkey612_X_AESNI, xts_setkey612_X_AESNI_AVX,
	xts_setkey612_X_VAES_AVX2, xts_setkey612_X_AVX10_256,
	xts_setkey612_X_AVX10_512,
};

/* xts_crypt's fast path: the tweak, then one call. */
static void xts612(const void *c, int enc, u8 *dst, const u8 *src,
		   unsigned int len, const u8 iv[16])
{
	const struct ctx612 *ctx = c;
	const struct xts_ctx612 *x = &ctx->k.xts;
	u8 t[16] __attribute__((aligned(16)));

	memcpy(t, iv, 16);
	if (!ctx->xv->enc) {
		K(aesni_enc)(&x->tweak, t, t);
		if (enc)
			K(aesni_xts_enc)(&x->crypt, dst, src, len, t);
		else
			K(aesni_xts_dec)(&x->crypt, dst, src, len, t);
		return;
	}
	K(aes_xts_encrypt_iv)(&x->tweak, t);
	(enc ? ctx->xv->enc : ctx->xv->dec)(&x->crypt, src, dst, len, t);
}

static void xts_enc612(const void *c, u8 *dst, const u8 *src, unsigned int len,
		       const u8 iv[16])
{
	xts612(c, 1, dst, src, len, iv);
}

static void xts_dec612(const void *c, u8 *dst, const u8 *src, unsigned int len,
		       const u8 iv[16])
{
	xts612(c, 0, dst, src, len, iv);
}

/* ---- authenc ---- */

static void aes_set_key612(struct stock_aes_ctx *ctx, const u8 *key,
			   unsigned int key_len)
{
	K(aesni_set_key)(ctx, key, key_len);
}

/* cbc(aes): one walk step of cbc-aes-aesni, or of cbc(aes-aesni). */
static void cbc_enc612(const void *c, u8 *dst, const u8 *src,
		       unsigned int len, u8 iv[16])
{
	K(aesni_cbc_enc)(&((const struct ctx612 *)c)->k.aes, dst, src, len, iv);
}

static void cbc_dec612(const void *c, u8 *dst, const u8 *src,
		       unsigned int len, u8 iv[16])
{
	K(aesni_cbc_dec)(&((const struct ctx612 *)c)->k.aes, dst, src, len, iv);
}

static void cbc_tmpl_enc612(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	stock_cbc_template_enc(K(aesni_enc), &((const struct ctx612 *)c)->k.aes,
			       dst, src, len, iv);
}

static void cbc_tmpl_dec612(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	stock_cbc_template_dec(K(aesni_dec), &((const struct ctx612 *)c)->k.aes,
			       dst, src, len, iv);
}

/* cts(cbc(aes)): cts-cbc-aes-aesni's request (stock_cts_aesni()). */
static void cts_tail_enc612(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_enc)(&((const struct ctx612 *)c)->k.aes, dst, src, len, iv);
}

static void cts_tail_dec612(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_dec)(&((const struct ctx612 *)c)->k.aes, dst, src, len, iv);
}

static void cts_enc612(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_enc612, cts_tail_enc612, c, dst, src, len, iv);
}

static void cts_dec612(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_dec612, cts_tail_dec612, c, dst, src, len, iv);
}

/* cts(cbc(aes-aesni)): the cts template over the cbc template. */
static void cts_tmpl_enc612(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cts_template(cbc_tmpl_enc612, 1, c, dst, src, len, iv);
}

static void cts_tmpl_dec612(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cts_template(cbc_tmpl_dec612, 0, c, dst, src, len, iv);
}

static void sha1_blocks612(u32 *state, const u8 *data, unsigned int n)
{
	K(sha1_ni_transform)(state, data, (int)n);
}

static void sha256_blocks612(u32 *state, const u8 *data, unsigned int n)
{
	K(sha256_ni_transform)(state, data, (int)n);
}

/* arch/x86/crypto/sha512-avx2-asm.S: the AVX2 + BMI2 block function */
void K(sha512_transform_rorx)(u64 *state, const u8 *data, long nblocks);

static void sha512_blocks612(u64 *state, const u8 *data, unsigned int n)
{
	K(sha512_transform_rorx)(state, data, (long)n);
}

static const struct stock_authenc_ops authenc612 = {
	.set_key = aes_set_key612,
	.cbc_enc = K(aesni_cbc_enc),
	.cbc_dec = K(aesni_cbc_dec),
	.blocks = { sha1_blocks612, sha256_blocks612 },
	.blocks512 = sha512_blocks612,
};

STOCK_AUTHENC_FNS(612, &authenc612)

static int has_avx10(const struct stock_cpu *cpu)
{
	return cpu->avx && cpu->avx2 && cpu->vaes && cpu->vpclmulqdq &&
	       cpu->pclmulqdq && cpu->xsave_ymm && cpu->avx512bw &&
	       cpu->avx512vl && cpu->bmi2 && cpu->xsave_avx512;
}

/* The GCM driver of highest priority that registers on this CPU. */
static int gcm_choice612(const struct stock_cpu *cpu)
{
	if (has_avx10(cpu))
		return cpu->prefer_ymm ? V_AVX10_256 : V_AVX10_512;
	return cpu->avx ? V_AESNI_AVX : V_AESNI;
}

static int has_vaes_avx2(const struct stock_cpu *cpu)
{
	return cpu->avx && cpu->avx2 && cpu->vaes && cpu->vpclmulqdq &&
	       cpu->pclmulqdq && cpu->xsave_ymm;
}

/* The XTS driver of highest priority that registers on this CPU. */
static int xts_choice612(const struct stock_cpu *cpu)
{
	if (has_avx10(cpu))
		return cpu->prefer_ymm ? X_AVX10_256 : X_AVX10_512;
	if (has_vaes_avx2(cpu))
		return X_VAES_AVX2;
	return cpu->avx ? X_AESNI_AVX : X_AESNI;
}

static int xts_usable612(const struct stock_cpu *cpu, int x)
{
	switch (x) {
	case X_AVX10_256:
	case X_AVX10_512:
		return has_avx10(cpu);
	case X_VAES_AVX2:
		return has_vaes_avx2(cpu);
	case X_AESNI_AVX:
		return cpu->avx;
	default:
		return 1;
	}
}

static void (*const setkeys[NR_V])(void *, const u8 *, unsigned int, int) = {
	setkey612_V_AESNI, setkey612_V_AESNI_AVX, setkey612_V_AVX10_256,
	setkey612_V_AVX10_512,
};

static const char *const gcm_names[NR_V] = {
	"generic-gcm-aesni (aes_gcm_*_aesni)",
	"generic-gcm-aesni-avx (aes_gcm_*_aesni_avx)",
	"generic-gcm-vaes-avx10_256 (aes_gcm_*_vaes_avx10_256)",
	"generic-gcm-vaes-avx10_512 (aes_gcm_*_vaes_avx10_512)",
};

static int impls612(const struct stock_cpu *cpu, struct stock_impl *out)
{
	/* the other variants: gcm or xts -1 where 6.12 has none */
	static const struct { int v, x; const char *name, *col; } others[] = {
		{ V_AVX10_512, X_AVX10_512, "linux-6.12-avx10-512", "6.12/512" },
		{ V_AVX10_256, X_AVX10_256, "linux-6.12-avx10-256", "6.12/256" },
		{ -1, X_VAES_AVX2, "linux-6.12-vaes-avx2", "6.12/avx2" },
		{ V_AESNI_AVX, X_AESNI_AVX, "linux-6.12-aesni-avx", "6.12/avx" },
	};
	int chosen, xchosen, n = 0;
	unsigned int i;

	if (!cpu->aes)
		return 0;
	ctr_by8 = cpu->avx;
	chosen = gcm_choice612(cpu);
	xchosen = xts_choice612(cpu);
	out[n++] = (struct stock_impl){
		.name = "linux-6.12",
		.col = "6.12",
		.ctr_desc = ctr_by8 ? "aes_ctr_enc_*_avx_by8 (+ aesni_enc for a partial block)" :
				      "aesni_ctr_enc (SSE; + aesni_enc for a partial block)",
		.gcm_desc = gcm_names[chosen],
		.xts_desc = xts_names[xchosen],
		.authenc_desc = cpu->sha_ni ?
				"aesni_cbc_enc/dec, then HMAC with sha1_ni_transform/sha256_ni_transform" :
				NULL,
		.cbc_desc = "cbc-aes-aesni (async SIMD wrapper): aesni_cbc_enc/dec (SSE), one call per walk step",
		.cts_desc = "cts-cbc-aes-aesni (async SIMD wrapper): aesni_cbc_enc/dec per walk step over all but the last two blocks, then aesni_cts_cbc_enc/dec on the last 17..32 bytes",
		.mac_desc = "the cmac/xcbc template (crypto/cmac.c, xcbc.c) over aes-aesni: setkey aesni_set_key and the subkeys by aesni_enc; per block the XOR in C and one aesni_enc call; the kernel also runs a kernel_fpu_begin/end around every aesni_enc (and aesni_set_key), which userspace cannot include, so this row flatters 6.12",
		.modes = STOCK_CTR | STOCK_GCM | STOCK_XTS | STOCK_CCM |
			 STOCK_CBC | STOCK_CTS | STOCK_MAC |
			 (cpu->sha_ni ? STOCK_AUTHENC : 0),
		.ctx_size = sizeof(struct ctx612),
		.setkey = setkeys[chosen],
		.aes_block = block612,
		.mac_setkey = mac_setkey612,
		.mac_block = block612,
		.ctr = ctr612,
		.gcm_enc = gcm_enc612,
		.gcm_dec = gcm_dec612,
		.xts_setkey = xts_setkeys[xchosen],
		.xts_enc = xts_enc612,
		.xts_dec = xts_dec612,
		.cbc_enc = cbc_enc612,
		.cbc_dec = cbc_dec612,
		.cts_enc = cts_enc612,
		.cts_dec = cts_dec612,
		STOCK_AUTHENC_INIT(612),
	};
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		int v = others[i].v, x = others[i].x;
		int g = v >= 0 && v != chosen &&
			!(v >= V_AVX10_256 && !has_avx10(cpu)) &&
			!(v == V_AESNI_AVX && !cpu->avx);
		int xt = x >= 0 && x != xchosen && xts_usable612(cpu, x);

		if (!g && !xt)
			continue;
		out[n++] = (struct stock_impl){
			.name = others[i].name,
			.col = others[i].col,
			.gcm_desc = g ? gcm_names[v] : NULL,
			.xts_desc = xt ? xts_names[x] : NULL,
			.modes = (g ? STOCK_GCM : 0) | (xt ? STOCK_XTS : 0),
			.ctx_size = sizeof(struct ctx612),
			.setkey = g ? setkeys[v] : NULL,
			.gcm_enc = gcm_enc612,
			.gcm_dec = gcm_dec612,
			.xts_setkey = xt ? xts_setkeys[x] : NULL,
			.xts_enc = xts_enc612,
			.xts_dec = xts_dec612,
		};
	}
	out[n++] = (struct stock_impl){
		.name = "linux-6.12-sync",
		.col = "6.12/sync",
		.cbc_desc = "what a synchronous caller gets: the cbc template over aes-aesni, per block the XOR in C and one aesni_enc/aesni_dec call; the kernel also runs a kernel_fpu_begin/end per block there, which userspace cannot include, so this row flatters 6.12",
		.cts_desc = "what a synchronous caller gets: the cts template over the cbc template over aes-aesni (as for cbc: the per-block kernel_fpu_begin/end not included, flatters 6.12)",
		.modes = STOCK_CBC | STOCK_CTS,
		.ctx_size = sizeof(struct ctx612),
		.setkey = setkeys[chosen],
		.cbc_enc = cbc_tmpl_enc612,
		.cbc_dec = cbc_tmpl_dec612,
		.cts_enc = cts_tmpl_enc612,
		.cts_dec = cts_tmpl_dec612,
	};
	return n;
}

static const char *choice612(const struct stock_cpu *cpu)
{
	if (!cpu->aes)
		return "CPU lacks AES-NI: the driver does not load";
	if (has_avx10(cpu))
		return cpu->prefer_ymm ?
		       "VAES+AVX-512 but a zmm-excluded Intel model: GCM and XTS vaes_avx10_256 (700 > 512's 1); CTR by8 AVX (no VAES CTR in 6.12)" :
		       "VAES, VPCLMULQDQ, AVX-512 BW/VL, BMI2, not on the zmm exclusion list: GCM and XTS vaes_avx10_512 (priority 800); CTR by8 AVX (no VAES CTR in 6.12)";
	if (has_vaes_avx2(cpu))
		return "VAES+AVX2 without AVX-512: GCM aesni_avx (500; 6.12 has no VAES+AVX2 GCM), XTS vaes_avx2 (600); CTR by8 AVX";
	if (cpu->avx)
		return "AVX without VAES: GCM and XTS aesni_avx (500); CTR by8 AVX";
	return "no AVX: GCM aesni (400), XTS aesni (401), CTR SSE";
}

const struct stock_kernel stock_linux612 = {
	.kver = "6.12",
	.impls = impls612,
	.choice = choice612,
};
