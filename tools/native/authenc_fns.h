/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The authenc family in userspace, shared by test_authenc.c and bench_authenc.c:
 * the hashes' entry points (the assembly of ../../authenc_sha.S, ABI
 * ../../authenc_asm.h) and the glue's HMAC, which is the module's own
 * ../../authenc_hmac.c linked in here: the HMAC key (inner and outer
 * states), absorbing bytes into the hash stream, finishing the HMAC.
 * Every compression goes through a compress function the caller passes:
 * authenc_compress_direct calls the assembly, the test passes one that
 * checks the ABI.
 */
#ifndef NATIVE_AUTHENC_FNS_H
#define NATIVE_AUTHENC_FNS_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

#include "aesni_ctr_user.h"
#include "authenc_hmac.h"

typedef void authenc_blocks_fn_t(union aesnictr_sha_state *state,
				 const u8 *data, unsigned int nblocks);
typedef void authenc_cbc_sha_fn_t(const struct aesnictr_key *key,
				  struct aesnictr_authenc_stream *s, u8 *dst,
				  const u8 *src, unsigned int len);
/* The HMAC's end in assembly (SHA-1, SHA-256; authenc_asm.h) */
typedef void authenc_hmac_final_fn_t(const struct aesnictr_authenc_stream *s,
				     const union aesnictr_sha_state *ostate,
				     uint64_t total, u8 *digest);

/* The module's order (enum aesnictr_authenc_hash). */
enum authenc_hash_id {
	H_SHA1 = AESNICTR_AUTHENC_SHA1,
	H_SHA256 = AESNICTR_AUTHENC_SHA256,
	H_SHA384 = AESNICTR_AUTHENC_SHA384,
	H_SHA512 = AESNICTR_AUTHENC_SHA512,
	NR_HASH = H_SHA512 + 1
};

struct authenc_hash {
	const char *name;
	unsigned int ds;		/* digest bytes */
	const struct aesnictr_authenc_sha *sha;	/* the module's C code */
	authenc_blocks_fn_t *blocks;
	authenc_cbc_sha_fn_t *enc, *dec;
	authenc_hmac_final_fn_t *hmac_final;	/* NULL: the C code's */
	const EVP_MD *(*md)(void);
};

extern const struct authenc_hash authenc_hashes[NR_HASH];

/* Compress n 64-byte blocks at p into state with hd's block function. */
typedef void authenc_compress_t(const struct authenc_hash *hd,
				union aesnictr_sha_state *state, const u8 *p,
				unsigned int n);
authenc_compress_t authenc_compress_direct;

/* The HMAC states of a key: the ipad and opad blocks compressed. */
struct authenc_hkey {
	union aesnictr_sha_state istate, ostate;
};

/* HMAC key of any length -> k (a key longer than a block hashed first). */
void authenc_hmac_setkey(const struct authenc_hash *hd, authenc_compress_t *c,
			 struct authenc_hkey *k, const u8 *key, size_t klen);
/*
 * Append n bytes to the stream as the glue does (the last complete block
 * left in full[]); !lazy: then compress full[] too (nfull = 0).
 */
void authenc_absorb(const struct authenc_hash *hd, authenc_compress_t *c,
		    struct aesnictr_authenc_stream *s, const u8 *p, size_t n,
		    int lazy);
/* The tag (full digest) of a message of total hashed bytes (64 + AAD + text). */
void authenc_finish(const struct authenc_hash *hd, authenc_compress_t *c,
		    const struct authenc_hkey *k,
		    struct aesnictr_authenc_stream *s, uint64_t total, u8 *tag);

/*
 * OpenSSL, the tests' oracle: AES-CBC (no padding) of len bytes with c; the
 * HMAC of aad || c under md into tag, concatenated in scratch (alen + clen
 * bytes).  Both exit(2) if OpenSSL fails.
 */
const EVP_CIPHER *authenc_cbc_cipher(unsigned int klen);
void authenc_ossl_cbc(EVP_CIPHER_CTX *c, unsigned int klen, const u8 *key,
		      const u8 *iv, const u8 *in, u8 *out, size_t len, int enc);
void authenc_ossl_hmac(const EVP_MD *md, u8 *scratch, const u8 *key,
		       size_t klen, const u8 *aad, size_t alen, const u8 *c,
		       size_t clen, u8 *tag);

#endif /* NATIVE_AUTHENC_FNS_H */
