/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stock kernels' own x86 AES code (CTR, GCM, XTS, CBC, and CBC with
 * the SHA-NI SHA-1/SHA-256 code for authenc) as rows of the bench.
 *
 * At bench time tools/native/stock/extract.sh takes the arch/x86/crypto .S
 * files (and 7.3's lib/crypto/x86/aes-aesni.S, sha1-ni-asm.S and
 * sha256-ni-asm.S) out of Debian's
 * /usr/src/linux-source-<kver>.tar.xz into build/stock/<kver>/src; the
 * Makefile assembles them with the userspace shim in stock/shim, links them
 * into one object and prefixes every symbol with linux<digits>_ (linux61_,
 * linux612_, linux73_), so that the three kernels' same-named functions can
 * live in one program.  stock/linux-<kver>.c is the glue: it does what that
 * kernel's arch/x86/crypto/aesni-intel_glue.c does for a request (key struct
 * layout, key expansion, H-power precompute, the call sequence of one
 * message, the variant it would pick on this CPU), and exports a
 * struct stock_kernel.  authenc(hmac(shaN),cbc(aes)) is a template in every
 * kernel, so stock_authenc.c composes it once from each kernel's cbc(aes)
 * and SHA block function (struct stock_authenc_ops).  Nothing of the
 * kernels' source is kept in the repository.
 *
 * The bench references each struct stock_kernel weakly: a kernel whose
 * tarball is missing is simply not linked and is reported NOT COVERED.
 */
#ifndef NATIVE_STOCK_H
#define NATIVE_STOCK_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;

#define STOCK_CTR	1u	/* the impl has ctr(aes) */
#define STOCK_GCM	2u	/* the impl has gcm(aes) */
#define STOCK_XTS	4u	/* the impl has xts(aes) */
#define STOCK_AUTHENC	8u	/* authenc(hmac(sha1|sha256),cbc(aes)) */
#define STOCK_CCM	16u	/* ctr(aes) and the single-block aes for the
				   ccm template's composition */
#define STOCK_CBC	32u	/* cbc(aes) (cbc_enc, cbc_dec) */
#define STOCK_CTS	64u	/* cts(cbc(aes)) (cts_enc, cts_dec) */
#define STOCK_MAC	128u	/* cmac(aes), xcbc(aes) (mac_setkey, mac_block) */

/* The kernel's struct crypto_aes_ctx (<crypto/aes.h>), same layout. */
struct stock_aes_ctx {
	u32 key_enc[60];
	u32 key_dec[60];
	u32 key_length;		/* bytes: 16, 24 or 32 */
};

/* What the kernel's code-selection logic looks at (boot_cpu_has etc.). */
struct stock_cpu {
	int aes, pclmulqdq, avx, avx2, vaes, vpclmulqdq;
	int avx512bw, avx512vl, bmi2;
	int sha_ni;		/* X86_FEATURE_SHA_NI */
	int xsave_ymm;		/* cpu_has_xfeatures(SSE | YMM) */
	int xsave_avx512;	/* cpu_has_xfeatures(SSE | YMM | AVX512) */
	int prefer_ymm;		/* Intel model on the zmm exclusion list */
	unsigned int family, model;
	char vendor[13];
};

const struct stock_cpu *stock_cpu(void);

/*
 * One implementation row.  The context (ctx_size bytes, 64-byte aligned)
 * holds the key in that kernel's own struct layout.
 */
struct stock_impl {
	const char *name;	/* CSV impl: "linux-7.3", "linux-7.3-vaes-avx2" */
	const char *col;	/* table column title: "7.3", "7.3/avx2" */
	const char *ctr_desc;	/* legend: what runs for CTR (if STOCK_CTR) */
	const char *gcm_desc;	/* legend: what runs for GCM (if STOCK_GCM) */
	const char *xts_desc;	/* legend: what runs for XTS (if STOCK_XTS) */
	const char *authenc_desc; /* legend: the CBC and SHA code (STOCK_AUTHENC) */
	const char *cbc_desc;	/* legend: what runs for CBC (if STOCK_CBC) */
	const char *cts_desc;	/* legend: what runs for CTS (if STOCK_CTS) */
	const char *mac_desc;	/* legend: what runs for CMAC/XCBC (if STOCK_MAC) */
	unsigned int modes;	/* STOCK_CTR | STOCK_GCM | STOCK_XTS | ... */
	size_t ctx_size;
	/* The key for ctr(aes) (gcm = 0) or gcm(aes) (gcm = 1). */
	void (*setkey)(void *ctx, const u8 *key, unsigned int key_len, int gcm);
	/*
	 * The single-block AES cipher (aesni_enc, the "aes" driver under the
	 * template's cbcmac(aes)) with the key setkey(ctx, key, len, 0) set.
	 */
	void (*aes_block)(const void *ctx, u8 *out, const u8 *in);
	/* ctr(aes) of one request; iv is the counter, advanced as the kernel does. */
	void (*ctr)(const void *ctx, u8 *dst, const u8 *src, unsigned int len,
		    u8 iv[16]);
	/* gcm(aes) encryption of one request: 12-byte IV, 16-byte tag. */
	void (*gcm_enc)(const void *ctx, const u8 iv[12], const u8 *aad,
			unsigned int aad_len, const u8 *src, u8 *dst,
			unsigned int len, u8 tag[16]);
	/* gcm(aes) decryption: nonzero if the 16-byte tag is right. */
	int (*gcm_dec)(const void *ctx, const u8 iv[12], const u8 *aad,
		       unsigned int aad_len, const u8 *src, u8 *dst,
		       unsigned int len, const u8 tag[16]);
	/*
	 * xts(aes): the key is two AES keys, key_len 32 or 64 bytes (data key,
	 * then tweak key), as xts_setkey_aesni.  One request in one segment:
	 * the IV encrypted with the tweak key, then the whole text (len >= 16;
	 * a partial last block by ciphertext stealing).
	 */
	void (*xts_setkey)(void *ctx, const u8 *key, unsigned int key_len);
	void (*xts_enc)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, const u8 iv[16]);
	void (*xts_dec)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, const u8 iv[16]);
	/*
	 * cbc(aes) with the key setkey(ctx, key, len, 0) set: one skcipher
	 * walk step of the driver (the caller walks the request: steps of at
	 * most a page), len a multiple of 16, iv the chaining value, replaced
	 * by the last ciphertext block as the kernel's walk.iv.
	 */
	void (*cbc_enc)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, u8 iv[16]);
	void (*cbc_dec)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, u8 iv[16]);
	/*
	 * cts(cbc(aes)) with the key setkey(ctx, key, len, 0) set: one whole
	 * request of len >= 16 bytes as that kernel's driver runs it, its CBC
	 * part walked in steps of at most a page (stock_cts_aesni() or
	 * stock_cts_template()).  The IV left is not checked: the
	 * cts-cbc-aes-aesni driver's tail (aesni_cts_cbc_enc/dec) does not
	 * write it back, the template leaves its child's.
	 */
	void (*cts_enc)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, u8 iv[16]);
	void (*cts_dec)(const void *ctx, u8 *dst, const u8 *src,
			unsigned int len, u8 iv[16]);
	/*
	 * cmac(aes) and xcbc(aes): the single-block AES the MAC runs on, one
	 * call per block (the composition is bench_cmac.c's).  mac_lib 0:
	 * 6.1/6.12's crypto/cmac.c and xcbc.c templates over the "aes"
	 * cipher (aes-aesni): mac_setkey is its setkey, mac_block its
	 * encrypt_one.  mac_lib 1: 7.3's library (lib/crypto/aes.c's
	 * aes_cmac_*, under crypto/aes.c's cmac-aes-lib, xcbc-aes-lib):
	 * mac_setkey is aes_prepareenckey, mac_block aes_encrypt.
	 */
	void (*mac_setkey)(void *ctx, const u8 *key, unsigned int key_len);
	void (*mac_block)(const void *ctx, u8 *out, const u8 *in);
	int mac_lib;
	/*
	 * authenc(hmac(shaN),cbc(aes)) as crypto/authenc.c composes the
	 * kernel's cbc(aes) and hmac(shaN): sha256 = 0 for SHA-1, 1 for
	 * SHA-256; the HMAC inner/outer states are computed at setkey.
	 * Encrypt: CBC of len bytes (a multiple of 16) src -> dst, then the
	 * HMAC over aad || dst, the full digest (20 or 32 bytes) into tag.
	 * Decrypt: the HMAC over aad || src checked against the full digest
	 * tag (nonzero if right), then CBC decryption src -> dst.
	 */
	void (*authenc_setkey)(void *ctx, int sha256, const u8 *aes_key,
			       unsigned int aes_len, const u8 *hmac_key,
			       unsigned int hmac_len);
	void (*authenc_enc)(const void *ctx, const u8 iv[16], const u8 *aad,
			    unsigned int aad_len, const u8 *src, u8 *dst,
			    unsigned int len, u8 *tag);
	int (*authenc_dec)(const void *ctx, const u8 iv[16], const u8 *aad,
			   unsigned int aad_len, const u8 *src, u8 *dst,
			   unsigned int len, const u8 *tag);
};

#define STOCK_MAX_IMPLS	6	/* per kernel */

struct stock_kernel {
	const char *kver;	/* "6.1" */
	/*
	 * The rows to time on this CPU: first the variant this kernel picks
	 * here (named linux-<kver>), then the other variants the CPU can run
	 * (suffixed).  Returns how many were written to out.
	 */
	int (*impls)(const struct stock_cpu *cpu, struct stock_impl *out);
	/* One line on which variant is picked here and why. */
	const char *(*choice)(const struct stock_cpu *cpu);
};

/* Defined by stock/linux-<kver>.c when that kernel's code is linked. */
extern const struct stock_kernel stock_linux61, stock_linux612, stock_linux73;

/*
 * authenc(hmac(shaN),cbc(aes)) of a stock kernel (stock_authenc.c): the
 * composition crypto/authenc.c makes of that kernel's cbc(aes) and
 * hmac(shaN), given its code.
 */
typedef void stock_blocks_t(u32 *state, const u8 *data, unsigned int nblocks);
typedef void stock_blocks512_t(u64 *state, const u8 *data, unsigned int nblocks);
typedef void stock_cbc_t(const struct stock_aes_ctx *ctx, u8 *out,
			 const u8 *in, unsigned int len, u8 *iv);

struct stock_authenc_ops {
	/* the cbc(aes) driver's setkey (aesni_set_key) */
	void (*set_key)(struct stock_aes_ctx *ctx, const u8 *key,
			unsigned int key_len);
	stock_cbc_t *cbc_enc, *cbc_dec;	/* one walk step: len % 16 == 0 */
	stock_blocks_t *blocks[2];	/* SHA-1, SHA-256 block functions */
	stock_blocks512_t *blocks512;	/* SHA-512 (sha512_transform_rorx) */
};

struct stock_authenc_ctx {
	struct stock_aes_ctx aes __attribute__((aligned(16)));
	u32 istate[8], ostate[8];	/* hmac: ipad/opad block compressed */
	u64 istate512[8], ostate512[8];	/* the same for SHA-512 */
	const struct stock_authenc_ops *ops;
	int sha256;			/* 0 SHA-1, 1 SHA-256, 2 SHA-512 */
};

void stock_authenc_setkey(void *ctx, const struct stock_authenc_ops *ops,
			  int sha256, const u8 *aes_key, unsigned int aes_len,
			  const u8 *hmac_key, unsigned int hmac_len);
void stock_authenc_enc(const void *ctx, const u8 iv[16], const u8 *aad,
		       unsigned int aad_len, const u8 *src, u8 *dst,
		       unsigned int len, u8 *tag);
int stock_authenc_dec(const void *ctx, const u8 iv[16], const u8 *aad,
		      unsigned int aad_len, const u8 *src, u8 *dst,
		      unsigned int len, const u8 *tag);

/* In a kernel's glue: its authenc setkey, and the stock_impl fields. */
#define STOCK_AUTHENC_FNS(k, ops)					\
static void authenc_setkey##k(void *ctx, int sha256, const u8 *aes_key,	\
			      unsigned int aes_len, const u8 *hmac_key,	\
			      unsigned int hmac_len)			\
{									\
	stock_authenc_setkey(ctx, ops, sha256, aes_key, aes_len,	\
			     hmac_key, hmac_len);			\
}
#define STOCK_AUTHENC_INIT(k)						\
	.authenc_setkey = authenc_setkey##k,				\
	.authenc_enc = stock_authenc_enc,				\
	.authenc_dec = stock_authenc_dec

/* crypto_memneq-style compare: 0 if equal, in time independent of data. */
static inline int stock_memneq(const u8 *a, const u8 *b, size_t n)
{
	u8 d = 0;

	while (n--)
		d |= *a++ ^ *b++;
	return d != 0;
}

static inline u32 stock_get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static inline u64 stock_get_be64(const u8 *p)
{
	return (u64)stock_get_be32(p) << 32 | stock_get_be32(p + 4);
}

static inline void stock_put_be64(u8 *p, u64 v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (u8)v;
}

/* crypto_inc() of a 16-byte big-endian counter. */
static inline void stock_inc128(u8 ctr[16])
{
	int i;

	for (i = 15; i >= 0; i--)
		if (++ctr[i])
			break;
}

/*
 * The last partial block of a CTR request, as the 6.1/6.12 glue does it:
 * encrypt the counter with the single-block function, XOR, step the counter.
 */
static inline void stock_ctr_tail(void (*enc_block)(const void *ctx, u8 *out,
						    const u8 *in),
				  const void *ctx, u8 *dst, const u8 *src,
				  unsigned int n, u8 iv[16])
{
	u8 ks[16];
	unsigned int i;

	enc_block(ctx, ks, iv);
	for (i = 0; i < n; i++)
		dst[i] = src[i] ^ ks[i];
	stock_inc128(iv);
}

/*
 * One walk step of the generic cbc template (crypto/cbc.c: the segment
 * functions, src != dst) over a single-block cipher: per block crypto_xor
 * (8 bytes at a time on x86) and one call of the cipher's block function,
 * here the kernel's assembly itself (6.1/6.12's aes-aesni: aesni_enc and
 * aesni_dec, which its cia_encrypt/cia_decrypt wrap in a
 * kernel_fpu_begin/end per block that userspace cannot include).
 */
typedef void stock_block_t(const void *ctx, u8 *out, const u8 *in);

static inline void stock_xor16(u8 *d, const u8 *s)
{
	u64 a, b;
	int i;

	for (i = 0; i < 16; i += 8) {
		__builtin_memcpy(&a, d + i, 8);
		__builtin_memcpy(&b, s + i, 8);
		a ^= b;
		__builtin_memcpy(d + i, &a, 8);
	}
}

static inline void stock_cbc_template_enc(stock_block_t *enc_block,
					  const void *ctx, u8 *dst,
					  const u8 *src, unsigned int len,
					  u8 iv[16])
{
	for (; len >= 16; src += 16, dst += 16, len -= 16) {
		stock_xor16(iv, src);
		enc_block(ctx, dst, iv);
		__builtin_memcpy(iv, dst, 16);
	}
}

static inline void stock_cbc_template_dec(stock_block_t *dec_block,
					  const void *ctx, u8 *dst,
					  const u8 *src, unsigned int len,
					  u8 iv[16])
{
	const u8 *prev = iv;

	if (len < 16)
		return;
	for (; len >= 16; src += 16, dst += 16, len -= 16) {
		dec_block(ctx, dst, src);
		stock_xor16(dst, prev);
		prev = src;
	}
	__builtin_memcpy(iv, prev, 16);
}

/*
 * cts(cbc(aes)), the two ways a stock kernel runs it.  step is one skcipher
 * walk step of its cbc(aes) (the cbc_enc/cbc_dec hooks' signature); a
 * request's CBC part is walked in steps of at most a page.
 */
#define STOCK_WALK_STEP	4096
typedef void stock_step_t(const void *ctx, u8 *dst, const u8 *src,
			  unsigned int len, u8 iv[16]);

static inline void stock_walk(stock_step_t *step, const void *ctx, u8 *dst,
			      const u8 *src, unsigned int len, u8 iv[16])
{
	unsigned int off, n;

	for (off = 0; off < len; off += n) {
		n = len - off < STOCK_WALK_STEP ? len - off : STOCK_WALK_STEP;
		step(ctx, dst + off, src + off, n, iv);
	}
}

/*
 * aesni-intel_glue.c's cts_cbc_encrypt/cts_cbc_decrypt (the same in 6.1,
 * 6.12 and 7.3): len 16 is one CBC block; else CBC over all but the last
 * two blocks (the second maybe partial: DIV_ROUND_UP(len, 16) - 2 blocks)
 * as a walk, then tail = aesni_cts_cbc_enc/dec on the last 17..32 bytes in
 * one call (one walk step of a subrequest: here contiguous).
 */
static inline void stock_cts_aesni(stock_step_t *step, stock_step_t *tail,
				   const void *ctx, u8 *dst, const u8 *src,
				   unsigned int len, u8 iv[16])
{
	unsigned int head = len <= 16 ? len : ((len + 15) / 16 - 2) * 16;

	stock_walk(step, ctx, dst, src, head, iv);
	if (head < len)
		tail(ctx, dst + head, src + head, len - head, iv);
}

/*
 * crypto/cts.c (the same in 6.1, 6.12 and 7.3) over a cbc(aes) whose walk
 * step is step: len 16 is plain CBC; else offset = rounddown(len - 1, 16),
 * CBC over the first offset bytes (the last full block included), then
 * the last lastn = len - offset bytes by its cts_cbc_encrypt/decrypt: the
 * two blocks rearranged in a buffer and one more single-block CBC request
 * on the block at offset - 16 (decryption: chained from the ciphertext
 * block before it, kept aside before the CBC part).
 */
static inline void stock_cts_template(stock_step_t *step, int enc,
				      const void *ctx, u8 *dst, const u8 *src,
				      unsigned int len, u8 iv[16])
{
	unsigned int offset = (len - 1) / 16 * 16, lastn = len - offset, i;
	u8 d[32], space[16];

	if (len == 16) {
		stock_walk(step, ctx, dst, src, len, iv);
		return;
	}
	if (enc) {
		stock_walk(step, ctx, dst, src, offset, iv);
		__builtin_memcpy(d + 16, dst + offset - 16, 16);
		__builtin_memset(d, 0, 16);
		__builtin_memcpy(d, src + offset, lastn);
		__builtin_memcpy(dst + offset - 16, d, 16 + lastn);
		step(ctx, dst + offset - 16, dst + offset - 16, 16, iv);
		return;
	}
	__builtin_memcpy(space, offset <= 16 ? iv : src + offset - 32, 16);
	stock_walk(step, ctx, dst, src, offset, iv);
	/* 1. D(C_n-1): the CBC part's last block with its chaining undone */
	__builtin_memcpy(d + 16, dst + offset - 16, 16);
	stock_xor16(d + 16, space);
	/* 2.-4. C_n padded with zeros, XORed into it: P_n */
	__builtin_memset(d, 0, 16);
	__builtin_memcpy(d, src + offset, lastn);
	for (i = 0; i < lastn; i++)
		d[16 + i] ^= d[i];
	/* 5. C_n || the rest of it, 6. decrypted: P_n-1 */
	__builtin_memcpy(d + lastn, d + 16 + lastn, 16 - lastn);
	__builtin_memcpy(dst + offset - 16, d, 16 + lastn);
	step(ctx, dst + offset - 16, dst + offset - 16, 16, space);
}

#endif /* NATIVE_STOCK_H */
