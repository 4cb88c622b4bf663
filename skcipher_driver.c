// SPDX-License-Identifier: GPL-2.0
/*
 * The skcipher request driver (skcipher_driver.h): the scatterlists, the
 * FPU sections and the ciphertext-stealing tail of every skcipher family,
 * which supply their per-piece operation only.
 */

#include <asm/fpu/api.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include "skcipher_driver.h"

static void skcipher_piece(struct aesnictr_skcipher_req *r, u8 *dst,
			   const u8 *src, unsigned int len, u8 *iv, bool first,
			   bool tail)
{
	if (r->simd)
		kernel_fpu_begin();
	if (tail && r->ops->crypt_tail)
		r->ops->crypt_tail(r, dst, src, len, iv, first);
	else
		r->ops->crypt(r, dst, src, len, iv, first);
	aesnictr_test_fault(dst, len, r->simd);
	if (r->simd)
		kernel_fpu_end();
}

/* How many bytes at the end of a message of len bytes are held back. */
static unsigned int skcipher_held_back(const struct aesnictr_skcipher_ops *ops,
				       unsigned int len)
{
	unsigned int partial = len % AESNICTR_BLOCK_SIZE;

	if (!ops->cts || len <= AESNICTR_BLOCK_SIZE)
		return 0;
	if (partial)
		return AESNICTR_BLOCK_SIZE + partial;
	return ops->cts_whole_blocks ? 2 * AESNICTR_BLOCK_SIZE : 0;
}

/*
 * The first len bytes of req (all of it, or all but the held-back tail),
 * one walk step per FPU section; skcipher_walk_done() runs outside the
 * sections (it may sleep or free memory, which PREEMPT_RT forbids inside).
 */
static int skcipher_walk_head(struct aesnictr_skcipher_req *r,
			      struct skcipher_request *req, unsigned int len)
{
	struct skcipher_request subreq;
	struct skcipher_walk walk;
	bool first = true;
	int err;

	if (len < req->cryptlen) {
		skcipher_request_set_tfm(&subreq, crypto_skcipher_reqtfm(req));
		skcipher_request_set_callback(&subreq,
					      skcipher_request_flags(req),
					      NULL, NULL);
		skcipher_request_set_crypt(&subreq, req->src, req->dst, len,
					   req->iv);
		req = &subreq;
	}
	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		/* only the last step may end in a partial block */
		if (n < walk.total)
			n = round_down(n, AESNICTR_BLOCK_SIZE);
		skcipher_piece(r, walk.dst.virt.addr, AESNICTR_WALK_SRC(&walk),
			       n, walk.iv, first, false);
		first = false;
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	return err;
}

int aesnictr_skcipher_crypt(struct aesnictr_skcipher_req *r,
			    struct skcipher_request *req, bool enc)
{
	unsigned int tail = skcipher_held_back(r->ops, req->cryptlen);
	unsigned int head = req->cryptlen - tail;
	u8 buf[2 * AESNICTR_BLOCK_SIZE];
	int err = 0;

	if (req->cryptlen < r->ops->min_len)
		return -EINVAL;
	r->enc = enc;
	r->simd = aesnictr_request_simd();
	if (!r->simd)
		r->ops->use_c_impl(r);
	if (head)
		err = skcipher_walk_head(r, req, head);
	if (err || !tail)
		return err;

	/* the held-back blocks, wherever they are */
	scatterwalk_map_and_copy(buf, req->src, head, tail, 0);
	skcipher_piece(r, buf, buf, tail, req->iv, !head, true);
	scatterwalk_map_and_copy(buf, req->dst, head, tail, 1);
	memzero_explicit(buf, sizeof(buf));
	return 0;
}

void aesnictr_skcipher_crypt_buf(struct aesnictr_skcipher_req *r, bool simd,
				 bool enc, u8 *dst, const u8 *src,
				 unsigned int len, unsigned int split, u8 *iv)
{
	unsigned int tail = r->ops->crypt_tail ? skcipher_held_back(r->ops, len)
					       : 0;
	unsigned int head = len - tail;

	r->simd = simd;
	r->enc = enc;
	if (!simd)
		r->ops->use_c_impl(r);
	if (split)
		skcipher_piece(r, dst, src, split, iv, true, false);
	if (head > split)
		skcipher_piece(r, dst + split, src + split, head - split, iv,
			       !split, false);
	if (tail)
		skcipher_piece(r, dst + head, src + head, tail, iv, !head,
			       true);
}
