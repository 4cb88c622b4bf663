/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stock kernels' own x86 AES code as rows of the bench.
 *
 * At bench time tools/native/stock/extract.sh takes the arch/x86/crypto .S
 * files (and 7.3's lib/crypto/x86/aes-aesni.S) out of Debian's
 * /usr/src/linux-source-<kver>.tar.xz into build/stock/<kver>/src; the
 * Makefile assembles them with the userspace shim in stock/shim, links them
 * into one object and prefixes every symbol with linux<digits>_ (linux61_,
 * linux612_, linux73_), so that the three kernels' same-named functions can
 * live in one program.  stock/linux-<kver>.c is the glue: it does what that
 * kernel's arch/x86/crypto/aesni-intel_glue.c does for a request (key struct
 * layout, key expansion, H-power precompute, the call sequence of one
 * message, the variant it would pick on this CPU), and exports a
 * struct stock_kernel.  Nothing of the kernels' source is kept in the
 * repository.
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
	unsigned int modes;	/* STOCK_CTR | STOCK_GCM */
	size_t ctx_size;
	/* The key for ctr(aes) (gcm = 0) or gcm(aes) (gcm = 1). */
	void (*setkey)(void *ctx, const u8 *key, unsigned int key_len, int gcm);
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

#endif /* NATIVE_STOCK_H */
