/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The skcipher request driver (skcipher_driver.c), shared by the skcipher
 * families as aead_driver is by the AEAD ones: it runs a request over the
 * scatterlists and the family supplies only what it does to each piece,
 * through struct aesnictr_skcipher_ops.
 *
 * What the driver does, once for every family: whether the request uses
 * the FPU (decided at its start, so a family's state never changes form in
 * the middle); the text, one skcipher walk step (at most a page) per
 * kernel_fpu_begin/end section, skcipher_walk_done() outside them; for a
 * family with ciphertext stealing, the last full block and the partial one
 * (17..31 bytes, or 32 for a family that steals from whole blocks too;
 * they may straddle scatterlist entries and pages) held
 * back from the walk and done in one piece from a buffer on the stack
 * (nothing is allocated); and, in test builds (AESNICTR_SELFTEST_FAULT), a
 * fault in long SIMD outputs that only the load-time bulk self-test can
 * see.  Synchronous; writes nothing outside dst[0 .. cryptlen).
 */
#ifndef AESNICTR_SKCIPHER_DRIVER_H
#define AESNICTR_SKCIPHER_DRIVER_H

#include <crypto/skcipher.h>
#include "shared.h"

struct aesnictr_skcipher_req;

/*
 * A family's part.  On the SIMD path (r->simd) the driver holds the FPU
 * around every call but use_c_impl(); none may sleep.
 */
struct aesnictr_skcipher_ops {
	/*
	 * The message runs without the FPU (called at its start, only
	 * then): the family's request switches from its SIMD implementation
	 * to its C one, which has the same signatures.  Every family alike.
	 */
	void (*use_c_impl)(struct aesnictr_skcipher_req *r);
	/*
	 * En/decrypt len bytes, src to dst (equal, or not overlapping), at
	 * most a page: a multiple of 16 but for the last piece of a message
	 * (with cts: the last full block and the partial one).  iv is the
	 * request's IV (the walk's copy; a family that advances it, as ctr
	 * does, leaves it ready for the next piece and the next request);
	 * first is set for the first piece of a message.
	 */
	void (*crypt)(struct aesnictr_skcipher_req *r, u8 *dst, const u8 *src,
		      unsigned int len, u8 *iv, bool first);
	/*
	 * The held-back tail of a family with ciphertext stealing (below),
	 * in one piece of 17..32 bytes; NULL: crypt() does it too (its len
	 * then says which piece it is).
	 */
	void (*crypt_tail)(struct aesnictr_skcipher_req *r, u8 *dst,
			   const u8 *src, unsigned int len, u8 *iv, bool first);
	/* Messages shorter than this are -EINVAL (0: none). */
	unsigned int min_len;
	/*
	 * Ciphertext stealing: the last full block and the partial one are
	 * held back as above.  With cts_whole_blocks, the last two blocks of
	 * a message of more than 16 bytes are held back even when there is
	 * no partial one (CBC-CS3: the kernel's cts template swaps them).
	 */
	bool cts;
	bool cts_whole_blocks;
};

/* One message; a family embeds it in its own state (container_of). */
struct aesnictr_skcipher_req {
	const struct aesnictr_skcipher_ops *ops;	/* set by the family */
	bool enc;
	bool simd;		/* the path of the whole message */
};

/* Run req with r->ops: 0, -EINVAL, or the error of the skcipher walk. */
int aesnictr_skcipher_crypt(struct aesnictr_skcipher_req *r,
			    struct skcipher_request *req, bool enc);

/*
 * One message in linear buffers, as a request runs it, for the self-tests:
 * on the SIMD path if simd (the FPU must be usable), in two pieces split
 * at split (a multiple of 16, at most len; with cts, at most len less the
 * held-back tail, which is then a third piece).
 */
void aesnictr_skcipher_crypt_buf(struct aesnictr_skcipher_req *r, bool simd,
				 bool enc, u8 *dst, const u8 *src,
				 unsigned int len, unsigned int split, u8 *iv);

#endif /* AESNICTR_SKCIPHER_DRIVER_H */
