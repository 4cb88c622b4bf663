// SPDX-License-Identifier: GPL-2.0
/*
 * The AEAD request driver (aead_driver.h): the scatterlists, the FPU
 * sections and the checks of every AEAD family, which supply their
 * per-piece operations only.
 */

#include <asm/fpu/api.h>
#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include "aead_driver.h"

#define AEAD_CHUNK		256	/* AAD bytes on the stack at a time */
#define AEAD_FPU_BYTES		4096	/* data per FPU section, at most */

static void aead_fpu_begin(const struct aesnictr_aead_req *r)
{
	if (r->simd)
		kernel_fpu_begin();
}

static void aead_fpu_end(const struct aesnictr_aead_req *r)
{
	if (r->simd)
		kernel_fpu_end();
}

static void aead_crypt_piece(struct aesnictr_aead_req *r, u8 *dst,
			     const u8 *src, unsigned int len, bool last)
{
	r->ops->crypt(r, dst, src, len, last);
	aesnictr_test_fault(dst, len, r->simd);
}

/*
 * Authenticate len bytes of sg from off, a stack chunk at a time, inside
 * the caller's FPU section, which is renewed after every 4 KiB; with
 * copy_to, copy them to the same place of copy_to as well.
 */
static void aead_hash_sg(struct aesnictr_aead_req *r, struct scatterlist *sg,
			 unsigned int off, unsigned int len,
			 struct scatterlist *copy_to)
{
	u8 buf[AEAD_CHUNK];
	unsigned int done, n;

	for (done = 0; done < len; done += n) {
		if (done && done % AEAD_FPU_BYTES == 0) {
			aead_fpu_end(r);
			aead_fpu_begin(r);
		}
		n = min_t(unsigned int, len - done, sizeof(buf));
		scatterwalk_map_and_copy(buf, sg, off + done, n, 0);
		if (copy_to)
			scatterwalk_map_and_copy(buf, copy_to, off + done, n, 1);
		r->ops->hash(r, buf, n);
	}
}

/* Zero len bytes of sg from off. */
static void aead_wipe(struct scatterlist *sg, unsigned int off,
		      unsigned int len)
{
	u8 zeros[AEAD_CHUNK] = {};
	unsigned int done, n;

	for (done = 0; done < len; done += n) {
		n = min_t(unsigned int, len - done, sizeof(zeros));
		scatterwalk_map_and_copy(zeros, sg, off + done, n, 1);
	}
}

/* 0 if the tag at the end of req's source matches tag, else -EBADMSG. */
static int aead_check_tag(struct aead_request *req, unsigned int len,
			  const u8 *tag, unsigned int authsize)
{
	u8 expect[AESNICTR_AEAD_MAX_TAG];

	scatterwalk_map_and_copy(expect, req->src, req->assoclen + len,
				 authsize, 0);
	return crypto_memneq(tag, expect, authsize) ? -EBADMSG : 0;
}

/*
 * A decryption whose text the family cannot decrypt: as a template that
 * authenticates before it decrypts, -EBADMSG for a wrong tag, else -EINVAL.
 */
static int aead_auth_only(struct aesnictr_aead_req *r,
			  struct aead_request *req, struct scatterlist *copy_to,
			  u8 *tag, unsigned int authsize)
{
	aead_fpu_begin(r);
	aead_hash_sg(r, req->src, 0, r->alen, copy_to);
	aead_fpu_end(r);
	aead_fpu_begin(r);
	aead_hash_sg(r, req->src, req->assoclen, r->len, NULL);
	r->ops->finish(r, tag);
	aead_fpu_end(r);
	return aead_check_tag(req, r->len, tag, authsize) ?: -EINVAL;
}

/*
 * The text of req, one walk step per FPU section; the AAD shares the first
 * section unless it is long, the tag is computed in the last.
 * skcipher_walk_done() runs outside the sections (it may sleep or free
 * memory, which PREEMPT_RT forbids inside).
 */
static int aead_walk(struct aesnictr_aead_req *r, struct aead_request *req,
		     struct scatterlist *copy_to, u8 *tag)
{
	struct skcipher_walk walk;
	int err;

	err = r->enc ? skcipher_walk_aead_encrypt(&walk, req, false) :
		       skcipher_walk_aead_decrypt(&walk, req, false);

	aead_fpu_begin(r);
	aead_hash_sg(r, req->src, 0, r->alen, copy_to);
	if (r->alen > AEAD_CHUNK && walk.nbytes) {
		aead_fpu_end(r);	/* a long AAD gets its own section */
		aead_fpu_begin(r);
	}
	if (!walk.nbytes) {		/* no text, or the walk failed */
		if (!err) {
			aead_crypt_piece(r, NULL, NULL, 0, true);
			r->ops->finish(r, tag);
		}
		aead_fpu_end(r);
	}
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		if (n < walk.total)
			n = round_down(n, AESNICTR_BLOCK_SIZE);
		aead_crypt_piece(r, walk.dst.virt.addr,
				 AESNICTR_WALK_SRC(&walk), n, n == walk.total);
		if (n == walk.total)
			r->ops->finish(r, tag);
		aead_fpu_end(r);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
		if (walk.nbytes)
			aead_fpu_begin(r);
	}
	return err;
}

int aesnictr_aead_crypt(struct aesnictr_aead_req *r, struct aead_request *req,
			unsigned int alen, bool enc)
{
	unsigned int authsize = crypto_aead_authsize(crypto_aead_reqtfm(req));
	bool copy = req->src != req->dst &&
		    (enc ? r->ops->copy_assoc : r->ops->copy_assoc_dec);
	struct scatterlist *copy_to = copy ? req->dst : NULL;
	u8 tag[AESNICTR_AEAD_MAX_TAG];
	int err;

	r->enc = enc;
	r->alen = alen;
	r->len = req->cryptlen - (enc ? 0 : authsize);	/* the API checked */
	if (enc && r->len % r->ops->text_align)
		return -EINVAL;
	r->simd = aesnictr_request_simd();
	if (!r->simd)
		r->ops->use_c_impl(r);
	r->ops->begin(r);
	if (r->len % r->ops->text_align) {
		err = aead_auth_only(r, req, copy_to, tag, authsize);
		goto out;
	}

	err = aead_walk(r, req, copy_to, tag);
	if (!err && enc)
		scatterwalk_map_and_copy(tag, req->dst, req->assoclen + r->len,
					 authsize, 1);
	else if (!err)
		err = aead_check_tag(req, r->len, tag, authsize);
	if (err && !enc && r->ops->wipe_on_fail)
		aead_wipe(req->dst, req->assoclen, r->len);	/* no plaintext */
out:
	memzero_explicit(tag, sizeof(tag));
	return err;
}

void aesnictr_aead_crypt_buf(struct aesnictr_aead_req *r, bool simd, bool enc,
			     const u8 *assoc, unsigned int alen, u8 *dst,
			     const u8 *src, unsigned int len,
			     unsigned int split, u8 *tag)
{
	unsigned int off, n;

	r->simd = simd;
	r->enc = enc;
	r->alen = alen;
	r->len = len;
	if (!simd)
		r->ops->use_c_impl(r);
	r->ops->begin(r);
	aead_fpu_begin(r);
	for (off = 0; off < alen; off += n) {
		n = min_t(unsigned int, alen - off, AEAD_CHUNK);
		r->ops->hash(r, assoc + off, n);
	}
	aead_crypt_piece(r, dst, src, split, false);
	aead_crypt_piece(r, dst + split, src + split, len - split, true);
	r->ops->finish(r, tag);
	aead_fpu_end(r);
}
