/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The assembly ABI of the authenc families: AES-CBC stitched with
 * HMAC-SHA1 / HMAC-SHA256 (authenc_sha.S: SHA-NI + AES-NI) and with
 * HMAC-SHA512, which HMAC-SHA384 shares (authenc_sha512.S: AVX2 + AES-NI),
 * for encrypt-then-MAC as the kernel's authenc and authencesn templates
 * define it (the MAC covers AAD || ciphertext, rearranged for authencesn by
 * the caller).
 * Shared by the kernel glue and the native tests in tools/native (which
 * provide u8/u32, __aligned and asmlinkage before including this file, after
 * aes_asm.h).  The glue asserts the offsets below against the struct.
 *
 * How a message runs (HMAC keys and padding are the caller's business):
 *
 *	stream.h = the HMAC inner state (the ipad block already compressed);
 *	stream.nfull = stream.npart = 0; stream.iv = the CBC IV;
 *	absorb the AAD (any length, any number of pieces): the caller appends
 *	  to the stream with its own code and aesnictr_sha*_blocks(), keeping
 *	  the stream's invariant (below);
 *	aesnictr_cbc_sha*_enc() (or _dec()) on the text, in as many calls as
 *	  it likes, each a multiple of 16 bytes (for instance one skcipher walk
 *	  step each); SHA blocks may straddle calls and the AAD/text boundary;
 *	finish: compress stream.full if nfull, then pad stream.part[0..npart)
 *	  with the total length (a block for the ipad + AAD + text bytes) and
 *	  compress; then the outer hash (for SHA-1 and SHA-256,
 *	  aesnictr_sha*_hmac_final() does all of it).
 *
 * The stream: the hashed byte string so far is (what state h has absorbed)
 * || full[0..B) if nfull || part[0..npart), B the hash's block size (64 or
 * 128 bytes).  Invariant between calls: nfull is 0 or 1, npart < B.  The
 * encrypt routine leaves the last complete block of its output in full[]
 * uncompressed (nfull = 1) so that the next call compresses it alongside
 * its first AES blocks, whose ciphertext
 * does not exist yet when the call starts: compressing one block late keeps
 * the SHA chain busy from a call's first AES block to its last.  Callers may
 * use the same lazy rule for the AAD (it saves one unstitched block), or
 * compress eagerly; both routines accept either.
 *
 * The SHA state h is in FIPS 180-4 order (A ... H; SHA-1 uses five words)
 * as native u32 (u64 for SHA-512), the order the portable C code and the
 * HMAC precomputation use; the SHA-NI code moves it into its register order
 * (SHA-1: ABCD with A in the top dword, E in the top dword of another
 * register; SHA-256: ABEF and CDGH, A and C on top) once per call, which
 * costs a few shuffles per call, nothing per block.
 */
#ifndef AESNICTR_AUTHENC_ASM_H
#define AESNICTR_AUTHENC_ASM_H

/* struct aesnictr_authenc_stream */
#define AESNICTR_AUTHENC_H		0
#define AESNICTR_AUTHENC_IV		64
#define AESNICTR_AUTHENC_NFULL		80
#define AESNICTR_AUTHENC_NPART		84
#define AESNICTR_AUTHENC_FULL		128
#define AESNICTR_AUTHENC_PART		256
#define AESNICTR_AUTHENC_STREAM_SIZE	512

/* SHA-1/SHA-256 and SHA-384/SHA-512 block sizes; the largest. */
#define AESNICTR_SHA_BLOCK_SIZE		64
#define AESNICTR_SHA512_BLOCK_SIZE	128
#define AESNICTR_SHA_MAX_BLOCK_SIZE	AESNICTR_SHA512_BLOCK_SIZE

#ifndef __ASSEMBLER__

/*
 * A SHA state in FIPS 180-4 order as native words: w32[0..5) for SHA-1,
 * w32[0..8) for SHA-256, w64[0..8) for SHA-384 and SHA-512.
 */
union aesnictr_sha_state {
	u32 w32[8];
	u64 w64[8];
};

struct aesnictr_authenc_stream {
	union aesnictr_sha_state h;
	u8 iv[16];		/* CBC chaining value: the last ciphertext block */
	u32 nfull;		/* 1 if full[] holds a block not yet compressed */
	u32 npart;		/* bytes in part[], less than a block */
	u32 reserved[10];
	u8 full[AESNICTR_SHA_MAX_BLOCK_SIZE];
	/* the bytes of an incomplete block, then room the assembly uses */
	u8 part[2 * AESNICTR_SHA_MAX_BLOCK_SIZE];
} __aligned(16);

/*
 * Compress nblocks blocks of data (64 bytes: SHA-1, SHA-256; 128 bytes:
 * SHA-512, which SHA-384 shares) into state.  nblocks may be 0.
 */
#define AESNICTR_SHA_BLOCKS(name)					\
	asmlinkage void name(union aesnictr_sha_state *state,		\
			     const u8 *data, unsigned int nblocks)
AESNICTR_SHA_BLOCKS(aesnictr_sha1_blocks);
AESNICTR_SHA_BLOCKS(aesnictr_sha256_blocks);
AESNICTR_SHA_BLOCKS(aesnictr_sha512_blocks);

/*
 * Encrypt: CBC-encrypt len bytes (a multiple of 16; 0 does nothing) from src
 * to dst with the encryption schedule key and the chaining value s->iv
 * (updated to the last ciphertext block), and append the ciphertext to the
 * hash stream s (all complete blocks but the last compressed, see above).
 *
 * Decrypt: append the ciphertext src to the stream s (every complete block
 * compressed: on return nfull = 0) and CBC-decrypt it to dst with the
 * decryption schedule dkey (aesnictr_invert_key) and s->iv.
 *
 * Both: src == dst (in place) or the buffers do not overlap; any alignment;
 * src, dst and s->part are read and written only within their bounds
 * (part[] is a scratch area beyond npart).  The key is not written.
 */
#define AESNICTR_CBC_SHA(name)						\
	asmlinkage void name(const struct aesnictr_key *key,		\
			     struct aesnictr_authenc_stream *s, u8 *dst,	\
			     const u8 *src, unsigned int len)
AESNICTR_CBC_SHA(aesnictr_cbc_sha1_enc);
AESNICTR_CBC_SHA(aesnictr_cbc_sha1_dec);
AESNICTR_CBC_SHA(aesnictr_cbc_sha256_enc);
AESNICTR_CBC_SHA(aesnictr_cbc_sha256_dec);
AESNICTR_CBC_SHA(aesnictr_cbc_sha512_enc);
AESNICTR_CBC_SHA(aesnictr_cbc_sha512_dec);
/*
 * The end of the HMAC (SHA-1, SHA-256): with the stream s of a whole message
 * (every text call made), compress full[] if nfull, then part[0..npart)
 * padded with the bit length of total bytes (the ipad block, AAD and text);
 * then, from the outer state ostate (the opad block compressed), the outer
 * hash of that inner digest; digest = the outer digest (20 or 32 bytes).
 * The same as the C code's aesnictr_authenc_hmac_final() with these block
 * functions; s is not written.
 */
#define AESNICTR_SHA_HMAC_FINAL(name)					\
	asmlinkage void name(const struct aesnictr_authenc_stream *s,	\
			     const union aesnictr_sha_state *ostate,	\
			     u64 total, u8 *digest)
AESNICTR_SHA_HMAC_FINAL(aesnictr_sha1_hmac_final);
AESNICTR_SHA_HMAC_FINAL(aesnictr_sha256_hmac_final);
/*
 * The same three with the message schedule in AVX-512VL (ymm registers:
 * VPRORQ/VPTERNLOGQ), for CPUs with AVX-512F + AVX-512VL (and the OS
 * saving the AVX-512 state); assembled only where the assembler has
 * AVX-512 (AESNICTR_AS_VAES: references must be under #if
 * AESNICTR_AS_VAES, as for the ctr/gcm/xts vaes routines).  Same ABI and
 * results.
 */
AESNICTR_SHA_BLOCKS(aesnictr_sha512_blocks_avx512);
AESNICTR_CBC_SHA(aesnictr_cbc_sha512_enc_avx512);
AESNICTR_CBC_SHA(aesnictr_cbc_sha512_dec_avx512);

#endif /* !__ASSEMBLER__ */
#endif /* AESNICTR_AUTHENC_ASM_H */
