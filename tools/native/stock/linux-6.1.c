// SPDX-License-Identifier: GPL-2.0
/*
 * Glue for Linux 6.1's x86 AES assembly (Debian's linux-source-6.1), written
 * after what 6.1's arch/x86/crypto/aesni-intel_glue.c does; the assembly
 * (aesni-intel_asm.S, aesni-intel_avx-x86_64.S, aes_ctrby8_avx-x86_64.S) is
 * extracted and assembled at bench time, every symbol prefixed linux61_.
 *
 * Keys: struct crypto_aes_ctx expanded by aesni_set_key; gcm(aes) also
 * keeps the hash subkey H = AES(K, 0^128) (the glue computes it with the
 * AES library; aesni_enc gives the same block).
 *
 * ctr(aes) (ctr_crypt): the whole blocks go to the static call, which
 * aesni_init points at the by8 AVX code (aes_ctr_enc_<bits>_avx_by8, by key
 * length) when the CPU has AVX, else at the SSE aesni_ctr_enc; both advance
 * the IV.  A final partial block is one aesni_enc of the counter, XORed in,
 * and the counter is incremented.
 *
 * gcm(aes) (gcmaes_crypt_by_sg): chosen per request by the data length.
 * aesni_init enables the "avx" static key if the CPU has AVX and both "avx"
 * and "avx2" if it has AVX2; a request then uses the AVX2 gen4 code if avx2
 * is on and the data is at least AVX_GEN4_OPTSIZE (4096) bytes, else the
 * AVX gen2 code if avx is on and the data is at least AVX_GEN2_OPTSIZE (640)
 * bytes, else the SSE code.  Whichever it is, one request is init (J0 = IV
 * || 1, the hash subkey, the AAD; gen2/gen4 derive their H powers here,
 * per request), update for the data (one call here: the bench's messages
 * are one linear buffer), finalize for the tag; decryption compares the
 * tag in constant time.
 *
 * xts(aes) (xts_crypt): the context is struct aesni_xts_ctx, two
 * crypto_aes_ctx (tweak key, then data key) expanded by aesni_set_key; a
 * request encrypts the IV with aesni_enc and the tweak key, then calls the
 * SSE aesni_xts_encrypt/aesni_xts_decrypt once per skcipher walk step
 * (one here: the bench's message is one segment, which also takes a
 * partial last block by ciphertext stealing in the same call).
 *
 * cbc(aes): the driver of highest priority, cbc-aes-aesni (400), runs
 * aesni_cbc_enc/aesni_cbc_dec (SSE) with the crypto_aes_ctx once per
 * skcipher walk step; it is an async SIMD wrapper (simd_skcipher over the
 * internal __cbc-aes-aesni), so what async callers (dm-crypt, IPsec) get.
 * A synchronous caller (crypto_alloc_sync_skcipher: NFS krb5p; not fscrypt,
 * whose FSCRYPT_CRYPTOAPI_MASK lets async drivers through on 6.1 and 6.12)
 * gets the generic cbc template (crypto/cbc.c) over the single-block
 * cipher aes-aesni (300) instead: per block the XOR in C and one
 * aesni_encrypt/aesni_decrypt, i.e. aesni_enc/aesni_dec inside a
 * kernel_fpu_begin/end (not included here); the row linux-6.1-sync.
 *
 * cts(cbc(aes)): cts-cbc-aes-aesni (400), also behind an async SIMD
 * wrapper: aesni_cbc_enc/dec per walk step over all but the last two
 * blocks, then aesni_cts_cbc_enc/dec on the last 17..32 bytes (16 bytes:
 * plain CBC); stock_cts_aesni().  A synchronous caller (net/sunrpc's krb5
 * on 6.1 allocates cts(cbc(aes)) with crypto_alloc_sync_skcipher) gets the
 * cts template over the cbc template over aes-aesni: stock_cts_template()
 * over the cbc row above, in linux-6.1-sync.
 *
 * authenc(hmac(sha1|sha256),cbc(aes)): see stock_authenc.c; cbc(aes) is
 * aesni_cbc_enc/aesni_cbc_dec with the crypto_aes_ctx, the hashes
 * sha1_ni_transform/sha256_ni_transform (sha1-ni/sha256-ni, the drivers of
 * highest priority on a CPU with SHA-NI).
 */
#include <string.h>

#include "stock.h"

#define K(f)	linux61_##f

/* 6.1's struct gcm_context_data: the asm addresses its fields by offset. */
struct gcm_data61 {
	u8 aad_hash[16];
	u64 aad_length;
	u64 in_length;
	u8 partial_block_enc_key[16];
	u8 orig_iv[16];
	u8 current_counter[16];
	u64 partial_block_len;
	u64 unused;
	u8 hash_keys[16 * 16];
} __attribute__((aligned(16)));

_Static_assert(offsetof(struct gcm_data61, hash_keys) == 96, "gcm_context_data");

typedef void gcm_init_t(void *ctx, struct gcm_data61 *d, u8 *iv, u8 *hash_subkey,
			const u8 *aad, unsigned long aad_len);
typedef void gcm_update_t(void *ctx, struct gcm_data61 *d, u8 *out,
			  const u8 *in, unsigned long len);
typedef void gcm_finalize_t(void *ctx, struct gcm_data61 *d, u8 *tag,
			    unsigned long tag_len);
typedef void ctr_by8_t(const u8 *in, u8 *iv, void *keys, u8 *out,
		       unsigned int num_bytes);

int K(aesni_set_key)(struct stock_aes_ctx *ctx, const u8 *in_key,
		     unsigned int key_len);
void K(aesni_enc)(const void *ctx, u8 *out, const u8 *in);
void K(aesni_dec)(const void *ctx, u8 *out, const u8 *in);
void K(aesni_ctr_enc)(struct stock_aes_ctx *ctx, u8 *out, const u8 *in,
		      unsigned int len, u8 *iv);
ctr_by8_t K(aes_ctr_enc_128_avx_by8), K(aes_ctr_enc_192_avx_by8),
	K(aes_ctr_enc_256_avx_by8);
gcm_init_t K(aesni_gcm_init), K(aesni_gcm_init_avx_gen2),
	K(aesni_gcm_init_avx_gen4);
gcm_update_t K(aesni_gcm_enc_update), K(aesni_gcm_enc_update_avx_gen2),
	K(aesni_gcm_enc_update_avx_gen4), K(aesni_gcm_dec_update),
	K(aesni_gcm_dec_update_avx_gen2), K(aesni_gcm_dec_update_avx_gen4);
gcm_finalize_t K(aesni_gcm_finalize), K(aesni_gcm_finalize_avx_gen2),
	K(aesni_gcm_finalize_avx_gen4);
void K(aesni_xts_encrypt)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
void K(aesni_xts_decrypt)(const struct stock_aes_ctx *ctx, u8 *out,
			  const u8 *in, unsigned int len, u8 *iv);
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

#define AVX_GEN2_OPTSIZE	640
#define AVX_GEN4_OPTSIZE	4096

/* generic_gcmaes_ctx: hash subkey, then the expanded key, both 16-aligned. */
struct ctx61 {
	u8 hash_subkey[16] __attribute__((aligned(16)));
	struct stock_aes_ctx aes __attribute__((aligned(16)));
};

/* struct aesni_xts_ctx */
struct xts_ctx61 {
	struct stock_aes_ctx tweak __attribute__((aligned(16)));
	struct stock_aes_ctx crypt __attribute__((aligned(16)));
};

/* One context per row: the ctr/gcm key, the xts keys or the authenc keys. */
union ctx61_any {
	struct ctx61 c;
	struct xts_ctx61 x;
	struct stock_authenc_ctx a;
};

/* The static keys and static call of aesni_init, set from the CPU. */
static int use_avx, use_avx2, ctr_by8;

static void setkey61(void *c, const u8 *key, unsigned int key_len, int gcm)
{
	struct ctx61 *ctx = c;

	K(aesni_set_key)(&ctx->aes, key, key_len);
	memset(ctx->hash_subkey, 0, 16);
	if (gcm)
		K(aesni_enc)(&ctx->aes, ctx->hash_subkey, ctx->hash_subkey);
}

static void ctr61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		  u8 iv[16])
{
	struct ctx61 *ctx = (struct ctx61 *)c;
	unsigned int full = len & ~15u;

	if (full) {
		if (!ctr_by8)
			K(aesni_ctr_enc)(&ctx->aes, dst, src, full, iv);
		else if (ctx->aes.key_length == 16)
			K(aes_ctr_enc_128_avx_by8)(src, iv, &ctx->aes, dst, full);
		else if (ctx->aes.key_length == 24)
			K(aes_ctr_enc_192_avx_by8)(src, iv, &ctx->aes, dst, full);
		else
			K(aes_ctr_enc_256_avx_by8)(src, iv, &ctx->aes, dst, full);
	}
	if (len & 15)
		stock_ctr_tail(K(aesni_enc), &ctx->aes, dst + full, src + full,
			       len & 15, iv);
}

static void block61(const void *c, u8 *out, const u8 *in)
{
	K(aesni_enc)(&((const struct ctx61 *)c)->aes, out, in);
}

/*
 * cmac(aes), xcbc(aes): the templates' child cipher, aes-aesni: its setkey
 * (aes_set_key_common: aesni_set_key; a kernel_fpu_begin/end around it in
 * the kernel) and its encrypt_one (aesni_encrypt: aesni_enc).
 */
static void mac_setkey61(void *c, const u8 *key, unsigned int key_len)
{
	K(aesni_set_key)(&((struct ctx61 *)c)->aes, key, key_len);
}

static void gcm61(const void *c, int enc, const u8 iv12[12], const u8 *aad,
		  unsigned int aad_len, const u8 *src, u8 *dst,
		  unsigned int len, u8 tag[16])
{
	struct ctx61 *ctx = (struct ctx61 *)c;
	u8 iv[16] __attribute__((aligned(16)));
	struct gcm_data61 d;
	gcm_init_t *init;
	gcm_update_t *update;
	gcm_finalize_t *finalize;

	memcpy(iv, iv12, 12);
	iv[12] = iv[13] = iv[14] = 0;
	iv[15] = 1;
	if (use_avx2 && len >= AVX_GEN4_OPTSIZE) {
		init = K(aesni_gcm_init_avx_gen4);
		update = enc ? K(aesni_gcm_enc_update_avx_gen4) :
			       K(aesni_gcm_dec_update_avx_gen4);
		finalize = K(aesni_gcm_finalize_avx_gen4);
	} else if (use_avx && len >= AVX_GEN2_OPTSIZE) {
		init = K(aesni_gcm_init_avx_gen2);
		update = enc ? K(aesni_gcm_enc_update_avx_gen2) :
			       K(aesni_gcm_dec_update_avx_gen2);
		finalize = K(aesni_gcm_finalize_avx_gen2);
	} else {
		init = K(aesni_gcm_init);
		update = enc ? K(aesni_gcm_enc_update) : K(aesni_gcm_dec_update);
		finalize = K(aesni_gcm_finalize);
	}
	init(&ctx->aes, &d, iv, ctx->hash_subkey, aad, aad_len);
	if (len)
		update(&ctx->aes, &d, dst, src, len);
	finalize(&ctx->aes, &d, tag, 16);
}

static void gcm_enc61(const void *ctx, const u8 iv[12], const u8 *aad,
		      unsigned int aad_len, const u8 *src, u8 *dst,
		      unsigned int len, u8 tag[16])
{
	gcm61(ctx, 1, iv, aad, aad_len, src, dst, len, tag);
}

static int gcm_dec61(const void *ctx, const u8 iv[12], const u8 *aad,
		     unsigned int aad_len, const u8 *src, u8 *dst,
		     unsigned int len, const u8 tag[16])
{
	u8 t[16];

	gcm61(ctx, 0, iv, aad, aad_len, src, dst, len, t);
	return !stock_memneq(t, tag, 16);
}

static void xts_setkey61(void *c, const u8 *key, unsigned int key_len)
{
	struct xts_ctx61 *ctx = c;

	K(aesni_set_key)(&ctx->crypt, key, key_len / 2);
	K(aesni_set_key)(&ctx->tweak, key + key_len / 2, key_len / 2);
}

static void xts_enc61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      const u8 iv[16])
{
	const struct xts_ctx61 *ctx = c;
	u8 t[16] __attribute__((aligned(16)));

	memcpy(t, iv, 16);
	K(aesni_enc)(&ctx->tweak, t, t);
	K(aesni_xts_encrypt)(&ctx->crypt, dst, src, len, t);
}

static void xts_dec61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      const u8 iv[16])
{
	const struct xts_ctx61 *ctx = c;
	u8 t[16] __attribute__((aligned(16)));

	memcpy(t, iv, 16);
	K(aesni_enc)(&ctx->tweak, t, t);
	K(aesni_xts_decrypt)(&ctx->crypt, dst, src, len, t);
}

/* cbc(aes): one walk step of cbc-aes-aesni, or of cbc(aes-aesni). */
static void cbc_enc61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	K(aesni_cbc_enc)(&((const struct ctx61 *)c)->aes, dst, src, len, iv);
}

static void cbc_dec61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	K(aesni_cbc_dec)(&((const struct ctx61 *)c)->aes, dst, src, len, iv);
}

static void cbc_tmpl_enc61(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cbc_template_enc(K(aesni_enc), &((const struct ctx61 *)c)->aes,
			       dst, src, len, iv);
}

static void cbc_tmpl_dec61(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cbc_template_dec(K(aesni_dec), &((const struct ctx61 *)c)->aes,
			       dst, src, len, iv);
}

/* cts(cbc(aes)): cts-cbc-aes-aesni's request (stock_cts_aesni()). */
static void cts_tail_enc61(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_enc)(&((const struct ctx61 *)c)->aes, dst, src, len, iv);
}

static void cts_tail_dec61(const void *c, u8 *dst, const u8 *src,
			    unsigned int len, u8 iv[16])
{
	K(aesni_cts_cbc_dec)(&((const struct ctx61 *)c)->aes, dst, src, len, iv);
}

static void cts_enc61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_enc61, cts_tail_enc61, c, dst, src, len, iv);
}

static void cts_dec61(const void *c, u8 *dst, const u8 *src, unsigned int len,
		      u8 iv[16])
{
	stock_cts_aesni(cbc_dec61, cts_tail_dec61, c, dst, src, len, iv);
}

/* cts(cbc(aes-aesni)): the cts template over the cbc template. */
static void cts_tmpl_enc61(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cts_template(cbc_tmpl_enc61, 1, c, dst, src, len, iv);
}

static void cts_tmpl_dec61(const void *c, u8 *dst, const u8 *src,
			   unsigned int len, u8 iv[16])
{
	stock_cts_template(cbc_tmpl_dec61, 0, c, dst, src, len, iv);
}

static void sha1_blocks61(u32 *state, const u8 *data, unsigned int n)
{
	K(sha1_ni_transform)(state, data, (int)n);
}

static void sha256_blocks61(u32 *state, const u8 *data, unsigned int n)
{
	K(sha256_ni_transform)(state, data, (int)n);
}

static void aes_set_key61(struct stock_aes_ctx *ctx, const u8 *key,
			  unsigned int key_len)
{
	K(aesni_set_key)(ctx, key, key_len);
}

/* arch/x86/crypto/sha512-avx2-asm.S: the AVX2 + BMI2 block function */
void K(sha512_transform_rorx)(u64 *state, const u8 *data, long nblocks);

static void sha512_blocks61(u64 *state, const u8 *data, unsigned int n)
{
	K(sha512_transform_rorx)(state, data, (long)n);
}

static const struct stock_authenc_ops authenc61 = {
	.set_key = aes_set_key61,
	.cbc_enc = K(aesni_cbc_enc),
	.cbc_dec = K(aesni_cbc_dec),
	.blocks = { sha1_blocks61, sha256_blocks61 },
	.blocks512 = sha512_blocks61,
};

STOCK_AUTHENC_FNS(61, &authenc61)

static int impls61(const struct stock_cpu *cpu, struct stock_impl *out)
{
	if (!cpu->aes)
		return 0;	/* aesni_init: -ENODEV */
	use_avx = cpu->avx;
	use_avx2 = cpu->avx2;
	ctr_by8 = cpu->avx;
	out[0] = (struct stock_impl){
		.name = "linux-6.1",
		.col = "6.1",
		.ctr_desc = ctr_by8 ? "aes_ctr_enc_*_avx_by8 (+ aesni_enc for a partial block)" :
				      "aesni_ctr_enc (SSE; + aesni_enc for a partial block)",
		.gcm_desc = use_avx2 ? "aesni_gcm_* SSE < 640 B <= avx_gen2 < 4096 B <= avx_gen4" :
			    use_avx ? "aesni_gcm_* SSE < 640 B <= avx_gen2" :
				      "aesni_gcm_* SSE",
		.xts_desc = "xts-aes-aesni (aesni_enc of the IV, aesni_xts_encrypt/decrypt, SSE)",
		.authenc_desc = cpu->sha_ni ?
				"aesni_cbc_enc/dec, then HMAC with sha1_ni_transform/sha256_ni_transform" :
				NULL,
		.cbc_desc = "cbc-aes-aesni (async SIMD wrapper): aesni_cbc_enc/dec (SSE), one call per walk step",
		.cts_desc = "cts-cbc-aes-aesni (async SIMD wrapper): aesni_cbc_enc/dec per walk step over all but the last two blocks, then aesni_cts_cbc_enc/dec on the last 17..32 bytes",
		.mac_desc = "the cmac/xcbc template (crypto/cmac.c, xcbc.c) over aes-aesni: setkey aesni_set_key and the subkeys by aesni_enc; per block the XOR in C and one aesni_enc call; the kernel also runs a kernel_fpu_begin/end around every aesni_enc (and aesni_set_key), which userspace cannot include, so this row flatters 6.1",
		.modes = STOCK_CTR | STOCK_GCM | STOCK_XTS | STOCK_CCM |
			 STOCK_CBC | STOCK_CTS | STOCK_MAC |
			 (cpu->sha_ni ? STOCK_AUTHENC : 0),
		.ctx_size = sizeof(union ctx61_any),
		.setkey = setkey61,
		.aes_block = block61,
		.mac_setkey = mac_setkey61,
		.mac_block = block61,
		.ctr = ctr61,
		.gcm_enc = gcm_enc61,
		.gcm_dec = gcm_dec61,
		.xts_setkey = xts_setkey61,
		.xts_enc = xts_enc61,
		.xts_dec = xts_dec61,
		.cbc_enc = cbc_enc61,
		.cbc_dec = cbc_dec61,
		.cts_enc = cts_enc61,
		.cts_dec = cts_dec61,
		STOCK_AUTHENC_INIT(61),
	};
	out[1] = (struct stock_impl){
		.name = "linux-6.1-sync",
		.col = "6.1/sync",
		.cbc_desc = "what a synchronous caller gets: the cbc template over aes-aesni, per block the XOR in C and one aesni_enc/aesni_dec call; the kernel also runs a kernel_fpu_begin/end per block there, which userspace cannot include, so this row flatters 6.1",
		.cts_desc = "what a synchronous caller gets: the cts template over the cbc template over aes-aesni (as for cbc: the per-block kernel_fpu_begin/end not included, flatters 6.1)",
		.modes = STOCK_CBC | STOCK_CTS,
		.ctx_size = sizeof(union ctx61_any),
		.setkey = setkey61,
		.cbc_enc = cbc_tmpl_enc61,
		.cbc_dec = cbc_tmpl_dec61,
		.cts_enc = cts_tmpl_enc61,
		.cts_dec = cts_tmpl_dec61,
	};
	return 2;
}

static const char *choice61(const struct stock_cpu *cpu)
{
	if (!cpu->aes)
		return "CPU lacks AES-NI: the driver does not load";
	if (cpu->avx2)
		return "AVX2: CTR by8 AVX; GCM by request size, SSE below 640 B, AVX gen2 from 640 B, AVX2 gen4 from 4096 B (no VAES code in 6.1)";
	if (cpu->avx)
		return "AVX: CTR by8 AVX; GCM SSE below 640 B, AVX gen2 from 640 B";
	return "no AVX: SSE CTR and GCM";
}

const struct stock_kernel stock_linux61 = {
	.kver = "6.1",
	.impls = impls61,
	.choice = choice61,
};
