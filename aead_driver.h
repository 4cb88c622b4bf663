/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AEAD request driver (aead_driver.c), shared by the AEAD families: it
 * runs a request over the scatterlists and the family supplies only what
 * it does to each piece, through struct aesnictr_aead_ops.
 *
 * What the driver does, once for every family: whether the request uses
 * the FPU (decided at its start, so a family's state never changes form in
 * the middle); the AAD, copied out of the scatterlist 256 bytes at a time
 * (dm-crypt splits it over two entries; nothing is allocated); the text,
 * one skcipher walk step (at most a page) per kernel_fpu_begin/end section,
 * skcipher_walk_done() outside them; the tag appended on encryption, or
 * compared (crypto_memneq) on decryption with -EBADMSG on a mismatch; and,
 * in test builds (AESNICTR_SELFTEST_FAULT), a fault in long SIMD outputs
 * that only the load-time bulk self-test can see.  Synchronous; writes
 * nothing outside dst[0 .. assoclen + cryptlen + authsize) when encrypting
 * (the tag goes behind the text) and dst[0 .. assoclen + cryptlen -
 * authsize) when decrypting (cryptlen counts the tag there).
 */
#ifndef AESNICTR_AEAD_DRIVER_H
#define AESNICTR_AEAD_DRIVER_H

#include <crypto/aead.h>
#include "shared.h"

/* The largest tag a family's finish() writes (its full digest). */
#define AESNICTR_AEAD_MAX_TAG	64

struct aesnictr_aead_req;

/*
 * A family's part.  On the SIMD path (r->simd) the driver holds the FPU
 * around every call but use_c_impl() and begin(), for at most 4 KiB of data; none may sleep.
 */
struct aesnictr_aead_ops {
	/*
	 * The message runs without the FPU (called at its start, before
	 * begin(), only then): the family's message switches from its SIMD
	 * implementation to its C one, which has the same signatures.  Every
	 * family alike.
	 */
	void (*use_c_impl)(struct aesnictr_aead_req *r);
	/* Start a message: r->simd, r->enc, r->alen and r->len are set. */
	void (*begin)(struct aesnictr_aead_req *r);
	/* Authenticate len bytes that are not en/decrypted (the AAD). */
	void (*hash)(struct aesnictr_aead_req *r, const u8 *data,
		     unsigned int len);
	/*
	 * En/decrypt and authenticate len bytes, src to dst (equal, or not
	 * overlapping): a multiple of 16 but for the last piece (last; len
	 * may be 0 then), at most a page.
	 */
	void (*crypt)(struct aesnictr_aead_req *r, u8 *dst, const u8 *src,
		      unsigned int len, bool last);
	/* The full tag of the message into tag. */
	void (*finish)(struct aesnictr_aead_req *r, u8 *tag);
	/*
	 * The text must be a multiple of this (1: any length).  Encryption
	 * of another length is -EINVAL; decryption checks the tag over the
	 * AAD and the ciphertext first: -EBADMSG if wrong, else -EINVAL.
	 */
	unsigned int text_align;
	/*
	 * Out of place, the AAD is copied to dst on encryption (copy_assoc)
	 * and on decryption (copy_assoc_dec: authencesn's template does).
	 */
	bool copy_assoc;
	bool copy_assoc_dec;
	/* Decryption zeroes dst's text on any failure (no forged plaintext). */
	bool wipe_on_fail;
};

/* One message; a family embeds it in its own state (container_of). */
struct aesnictr_aead_req {
	const struct aesnictr_aead_ops *ops;	/* set by the family */
	unsigned int alen;	/* AAD bytes authenticated */
	unsigned int len;	/* text bytes, without the tag */
	bool enc;
	bool simd;		/* the path of the whole message */
};

/*
 * Run req with r->ops: the first alen bytes of the source are the AAD
 * (alen <= req->assoclen), the text starts at req->assoclen.  0, -EBADMSG,
 * -EINVAL, or the error of the skcipher walk.
 */
int aesnictr_aead_crypt(struct aesnictr_aead_req *r, struct aead_request *req,
			unsigned int alen, bool enc);

/*
 * One message in linear buffers, as a request runs it, for the self-tests:
 * on the SIMD path if simd (the FPU must be usable); the AAD in the
 * request's 256-byte pieces, the text in two pieces split at split (a
 * multiple of 16); the full tag into tag.
 */
void aesnictr_aead_crypt_buf(struct aesnictr_aead_req *r, bool simd, bool enc,
			     const u8 *assoc, unsigned int alen, u8 *dst,
			     const u8 *src, unsigned int len,
			     unsigned int split, u8 *tag);

#endif /* AESNICTR_AEAD_DRIVER_H */
