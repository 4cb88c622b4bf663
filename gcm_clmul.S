/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GHASH with carry-less multiplication, and the GCM routines built on it.
 *
 * The math.  GCM numbers the bits of a block from the most significant bit of
 * byte 0 (coefficient of x^0) and reduces modulo g = x^128 + x^7 + x^2 + x + 1.
 * Byte-reversing a block (VPSHUFB) gives a 128-bit little-endian integer A
 * whose bit i is the coefficient of x^(127-i): as a polynomial with bit i
 * meaning x^i that integer is r(a) = x^127 a(1/x).  For a product of two
 * elements, ab = q g + c with deg q <= 126, substituting 1/x and multiplying
 * by x^254 gives
 *	r(a) r(b) = Q G + x^127 r(c),   G = x^128 g(1/x) = x^128+x^127+x^126+x^121+1,
 * so r(c) = r(a) r(b) x^-127 mod G: a carry-less product and a Montgomery
 * reduction.  With the hash key stored as K = r(H) x mod G, the reduction is by
 * x^128, done as two 64-bit folds: for P = LO + MI x^64 + HI x^128, adding
 * LO.low * G clears the low 64 bits, and since G = 1 + x^64 (x^57+x^62+x^63)
 * + x^128 the fold is
 *	MI ^= clmul(LO.low, 0xc200000000000000) ^ swap64(LO)
 * and the same again from MI into HI, which is then the reduced product.
 * The powers K_i = r(H^i) x obey K_{i+j} = mont(K_i, K_j), so they are made
 * with the same multiplication.  Eight blocks share one reduction: their
 * Karatsuba partial products (LO, HI and the middle (a.lo^a.hi)(b.lo^b.hi))
 * are summed first (aggregated reduction).  The 512-bit stitched loop
 * multiplies schoolbook instead (four products per vector, the two middle
 * ones summed): one more carry-less multiplication per vector but fewer
 * XORs and shuffles and no xored table, which is what bounds that loop (the
 * multiplier has room there; tools/native/gcm_limit measures both), and
 * reduces once per 32 blocks (two fewer multiplications and ~8 fewer
 * XORs/shuffles per 32 blocks than reducing per 16: 3-6% on AMD Zen 5,
 * whose 512-bit carry-less multiplier is half-rate).
 *
 * Key layout (struct aesnictr_gcm_key, offsets in gcm_asm.h): AES round
 * keys @0, K_33 just before K_32..K_17 @AESNICTR_GCM_H_POWERS_HI and right
 * after them K_16..K_1 @AESNICTR_GCM_H_POWERS (16 bytes each: one table
 * K_33..K_1),
 * K_i.lo ^ K_i.hi of K_16..K_1 @AESNICTR_GCM_H_XORED (in both halves of 16
 * bytes, same order).
 *
 * The GCM update routines interleave AES-CTR and GHASH in one loop over
 * chunks of 8 vectors (_bulk_iter; see there).  Every tier does a whole update
 * in one function: for avx and vaes2 the rest after the last whole chunk is
 * one pass of AES on 1, 2, 4 or 8 vectors and GHASH of the result
 * (_gcm_tail); vaes512
 * does it as one more, masked, iteration (_gcm_update512), which when it
 * encrypts with nothing pending runs in two halves so that hashing the first
 * overlaps AES of the second (_rem_enc_split).
 * Carry-less multiplication is the busiest unit on the AMD CPU this was
 * tuned on (AES runs alongside it), and the loop is otherwise bound by the
 * latency of each group's reduction, so the GHASH value stays in a register
 * and the block that carries it is multiplied last.
 *
 * Registers in aesnictr_ghash_update: xmm0 ACC, xmm1 LO, xmm2 HI, xmm3 MID,
 * xmm4 the block, xmm5/xmm6 products, xmm7 a power of H, xmm14 GFPOLY,
 * xmm15 BSWAP; rdi key, rsi acc, rdx data, rcx len.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "gcm_asm.h"
#include "asm_common.h"

	.section .rodata
	.p2align 6
.Lbswap128:
	.rept 4
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.endr
.Lbytemask:	/* 64 bytes 0xff, 64 bytes 0: masks of the first n bytes */
	.rept 64
	.byte	0xff
	.endr
	.rept 64
	.byte	0
	.endr
.Lgfpoly:	/* low qword: the x^0 term, high qword: x^57 + x^62 + x^63 */
	.quad	1, 0xc200000000000000
	.p2align 6
.Lgfpoly_wide:	/* .Lgfpoly in every 128-bit lane */
	.rept 4
	.quad	1, 0xc200000000000000
	.endr
/*
 * Counter increments of the stitched loop (VL 16, 32): block n of the 8 VL
 * bytes of an iteration gets n in dword 3, little-endian (.Linc_le*) or
 * big-endian, i.e. n added to byte 15 (.Linc_be*); then the whole step.
 */
	.p2align 5
.Linc_be32:
	.irp j, 0,1,2,3,4,5,6,7
	.long	0, 0, 0, (2*\j) << 24, 0, 0, 0, (2*\j+1) << 24
	.endr
.Linc_le32:
	.irp j, 0,1,2,3,4,5,6,7
	.long	0, 0, 0, 2*\j, 0, 0, 0, 2*\j+1
	.endr
.Lstep_be32:
	.long	0, 0, 0, 16 << 24, 0, 0, 0, 16 << 24
.Lstep_le32:
	.long	0, 0, 0, 16, 0, 0, 0, 16
/*
 * VL 64: vector j of an iteration's 32 blocks gets 4j added to byte 15 of
 * each lane (whose lane offset 0..3 is already in the counter vector).
 */
	.p2align 6
.Linc_be64:
	.irp j, 0,1,2,3,4,5,6,7
	.rept 4
	.long	0, 0, 0, (4*\j) << 24
	.endr
	.endr
.Lstep_be64:
	.rept 4
	.long	0, 0, 0, 32 << 24
	.endr
.Linc_be16:
	.irp j, 0,1,2,3,4,5,6,7
	.long	0, 0, 0, \j << 24
	.endr
.Linc_le16:
	.irp j, 0,1,2,3,4,5,6,7
	.long	0, 0, 0, \j
	.endr
.Lstep_be16:
	.long	0, 0, 0, 8 << 24
.Lstep_le16:
	.long	0, 0, 0, 8
/* J0 = the upper 96 bits of any counter block || be32(1): XOR this in */
	.p2align 6
.Lj0_word:
	.rept 4
	.long	0, 0, 0, 1 << 24
	.endr

	.text

#define H_POWERS	AESNICTR_GCM_H_POWERS
#define H_XORED		AESNICTR_GCM_H_XORED
#define H_POWERS_HI	AESNICTR_GCM_H_POWERS_HI
#define H_POWERS_TOP	AESNICTR_GCM_H_POWERS_TOP
#define GFPOLY		%xmm14
#define BSWAP		%xmm15

/* Encrypt the block in xmm register blk with the AES key at key. */
.macro _aes_encrypt_block key, blk, count32, ptr
	vpxor	(\key), \blk, \blk
	mov	AESNICTR_KEY_NROUNDS(\key), \count32
	lea	16(\key), \ptr
	dec	\count32
1:	vaesenc	(\ptr), \blk, \blk
	add	$16, \ptr
	dec	\count32
	jnz	1b
	vaesenclast (\ptr), \blk, \blk
.endm

/* Fold the 256-bit LO + MI x^64 + HI x^128 to HI (see the top comment). */
.macro _ghash_reduce lo, mi, hi, t
	vpclmulqdq	$0x01, \lo, GFPOLY, \t
	vpshufd		$0x4e, \lo, \lo
	vpxor		\lo, \mi, \mi
	vpxor		\t, \mi, \mi
	vpclmulqdq	$0x01, \mi, GFPOLY, \t
	vpshufd		$0x4e, \mi, \mi
	vpxor		\mi, \hi, \hi
	vpxor		\t, \hi, \hi
.endm

/* dst = mont(a, b); a and b are kept; dst may not be a or b. */
.macro _ghash_mul a, b, dst, t0, t1, t2
	vpclmulqdq	$0x00, \b, \a, \t0		/* LO */
	vpclmulqdq	$0x11, \b, \a, \dst		/* HI */
	vpclmulqdq	$0x01, \b, \a, \t1		/* MI = a.hi b.lo ^ a.lo b.hi */
	vpclmulqdq	$0x10, \b, \a, \t2
	vpxor		\t2, \t1, \t1
	_ghash_reduce	\t0, \t1, \dst, \t2
.endm

/*
 * ACC = mont(ACC, K_1), i.e. the GHASH value times H: what a message's last
 * update hands to aesnictr_gcm_final when it could not fold that factor
 * into its last group (see _gcm_update).  xmm0-xmm4 and GFPOLY scratch.
 */
.macro _acc_times_h key, acc
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	vmovdqu		H_POWERS+15*16(\key), %xmm0
	_ghash_mul	\acc, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4
	vmovdqa		%xmm1, \acc
.endm

/*
 * The per-message state the glue writes just before calling (the counter
 * block: memcpy of the 12-byte IV, then the 32-bit counter; the GHASH
 * accumulator: zeroed as two 8-byte words where C has no SSE) is loaded in
 * the same pieces, so that store forwarding feeds every load.  A 16-byte
 * load of a block still in the store buffer as smaller stores cannot be
 * forwarded and waits until they have all reached the cache, on the critical
 * path of a short message (tools/native bench: ~10-25 ns at 64 B).
 */
.macro _load_ctrblk p, x		/* 8 + 4 + 4 bytes */
	vmovq		(\p), \x
	vpinsrd		$2, 8(\p), \x, \x
	vpinsrd		$3, 12(\p), \x, \x
.endm

.macro _load_acc p, x			/* 8 + 8 bytes */
	vmovq		(\p), \x
	vpinsrq		$1, 8(\p), \x, \x
.endm

/*
 * xmm x = the m (0..15) bytes at p, zero-padded, read in a few loads from
 * p[0 .. m-1] only (branches on the public length only).  Not through byte
 * stores to a buffer: a vector load of bytes stored one at a time just
 * before is not forwarded and waits for them to reach the cache.  t0 (and
 * its 32-bit t0d), t1d: scratch; xt: xmm scratch.
 */
.macro _load_part16 p, m, x, xt, t0, t0d, t1d
	vpxor		\x, \x, \x
	cmp		$8, \m
	jb		.Llp_lt8\@
	vmovq		(\p), \x			/* bytes 0..7 */
	vmovq		-8(\p,\m), \xt		/* bytes m-8..m-1 */
	lea		.Lshift_window+32(%rip), \t0
	sub		\m, \t0
	vpshufb		(\t0), \xt, \xt		/* >> 16-m: bytes 8..m-1 */
	vpunpcklqdq	\xt, \x, \x
	jmp		.Llp_done\@
.Llp_lt8\@:
	cmp		$4, \m
	jb		.Llp_lt4\@
	vmovd		(\p), \x			/* bytes 0..3 */
	vmovd		-4(\p,\m), \xt		/* bytes m-4..m-1 */
	lea		.Lshift_window+20(%rip), \t0
	sub		\m, \t0
	vpshufb		(\t0), \xt, \xt		/* << m-4 */
	vpor		\xt, \x, \x
	jmp		.Llp_done\@
.Llp_lt4\@:
	test		\m, \m
	jz		.Llp_done\@
	movzbl		(\p), \t0d
	cmp		$2, \m
	jb		.Llp_gpr\@
	movzwl		(\p), \t0d
	je		.Llp_gpr\@
	movzbl		2(\p), \t1d
	shl		$16, \t1d
	or		\t1d, \t0d
.Llp_gpr\@:
	vmovd		\t0d, \x
.Llp_done\@:
.endm

/* void aesnictr_gcm_precompute(struct aesnictr_gcm_key *key) */
/*
 * Precompute: xmm4 = K_i, xmm3 = K_1; store K_(i+1), K_(i+2), .. at
 * table + eax - 16, table + eax - 32, .. down to table + 0.
 */
.macro _next_powers table
1:	_ghash_mul	%xmm4, %xmm3, %xmm5, %xmm0, %xmm1, %xmm2
	vmovdqa		%xmm5, %xmm4
	sub		$16, %eax
	vmovdqu		%xmm4, \table(%rdi,%rax)
	jnz		1b
.endm

SYM_FUNC_START(aesnictr_gcm_precompute)
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	vpxor		%xmm0, %xmm0, %xmm0
	_aes_encrypt_block %rdi, %xmm0, %eax, %rsi	/* H = AES(0) */
	vpshufb		.Lbswap128(%rip), %xmm0, %xmm0	/* r(H) */

	/* K_1 = r(H) x mod G: shift left by one, add G's low terms if x^128 */
	vpshufd		$0xff, %xmm0, %xmm1
	vpsrad		$31, %xmm1, %xmm1		/* all ones iff bit 127 */
	vpsrlq		$63, %xmm0, %xmm2
	vpslldq		$8, %xmm2, %xmm2		/* bit 63 moves to bit 64 */
	vpsllq		$1, %xmm0, %xmm0
	vpor		%xmm2, %xmm0, %xmm0
	vpand		GFPOLY, %xmm1, %xmm1
	vpxor		%xmm1, %xmm0, %xmm3		/* xmm3 = K_1 */

	/*
	 * K_i = mont(K_(i-1), K_1) for i = 2..16, stored from the end, then
	 * i = 17..32 likewise into H_POWERS_HI, then K_33 just before
	 */
	mov		$15 * 16, %eax
	vmovdqu		%xmm3, H_POWERS(%rdi,%rax)
	vmovdqa		%xmm3, %xmm4
	_next_powers	H_POWERS
	mov		$16 * 16, %eax
	_next_powers	H_POWERS_HI
	_ghash_mul	%xmm4, %xmm3, %xmm5, %xmm0, %xmm1, %xmm2
	vmovdqu		%xmm5, H_POWERS_HI-16(%rdi)	/* K_33 */
	vpxor		%xmm0, %xmm0, %xmm0
	vmovdqu		%xmm0, H_POWERS_TOP(%rdi)	/* the unused slots */
	vmovdqu		%xmm0, H_POWERS_TOP+16(%rdi)
	vmovdqu		%xmm0, H_POWERS_TOP+32(%rdi)

	/* lo ^ hi of every power, for Karatsuba */
	xor		%eax, %eax
.Lnext_xored:
	vmovdqu		H_POWERS(%rdi,%rax), %xmm0
	vpshufd		$0x4e, %xmm0, %xmm1
	vpxor		%xmm1, %xmm0, %xmm0
	vmovdqu		%xmm0, H_XORED(%rdi,%rax)
	add		$16, %eax
	cmp		$16 * 16, %eax
	jb		.Lnext_xored

	vpxor		%xmm0, %xmm0, %xmm0		/* leave no key material */
	vpxor		%xmm1, %xmm1, %xmm1
	vpxor		%xmm2, %xmm2, %xmm2
	vpxor		%xmm3, %xmm3, %xmm3
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	RET
SYM_FUNC_END(aesnictr_gcm_precompute)

/*
 * void aesnictr_ghash_update(const struct aesnictr_gcm_key *key, u8 acc[16],
 *			      const u8 *data, unsigned int len)
 * A trailing partial block is zero-padded, as GCM pads both the AAD and the
 * ciphertext.
 */
SYM_FUNC_START(aesnictr_ghash_update)
	mov		%ecx, %ecx
	_load_acc	%rsi, %xmm0
	vmovdqa		.Lbswap128(%rip), BSWAP
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	cmp		$128, %rcx
	jb		.Lghash_blocks

.Lghash_8blocks:
	/* sum of X_i K_(8-i), X_0 ^= ACC, then one reduction */
	vpxor		%xmm1, %xmm1, %xmm1
	vpxor		%xmm2, %xmm2, %xmm2
	vpxor		%xmm3, %xmm3, %xmm3
	.irp i, 0,1,2,3,4,5,6,7
		vmovdqu		\i*16(%rdx), %xmm4
		vpshufb		BSWAP, %xmm4, %xmm4
	.if \i == 0
		vpxor		%xmm0, %xmm4, %xmm4
	.endif
		vmovdqu		H_POWERS+(8+\i)*16(%rdi), %xmm7
		vpclmulqdq	$0x00, %xmm7, %xmm4, %xmm5
		vpxor		%xmm5, %xmm1, %xmm1
		vpclmulqdq	$0x11, %xmm7, %xmm4, %xmm5
		vpxor		%xmm5, %xmm2, %xmm2
		vpshufd		$0x4e, %xmm4, %xmm5
		vpxor		%xmm4, %xmm5, %xmm5
		vmovq		H_XORED+(8+\i)*16(%rdi), %xmm7
		vpclmulqdq	$0x00, %xmm7, %xmm5, %xmm5
		vpxor		%xmm5, %xmm3, %xmm3
	.endr
	vpxor		%xmm1, %xmm3, %xmm3		/* MI = MID ^ LO ^ HI */
	vpxor		%xmm2, %xmm3, %xmm3
	_ghash_reduce	%xmm1, %xmm3, %xmm2, %xmm5
	vmovdqa		%xmm2, %xmm0
	add		$128, %rdx
	sub		$128, %rcx
	cmp		$128, %rcx
	jae		.Lghash_8blocks

.Lghash_blocks:
	vmovdqu		H_POWERS+15*16(%rdi), %xmm7	/* K_1 */
	cmp		$16, %rcx
	jb		.Lghash_partial
.Lghash_1block:
	vmovdqu		(%rdx), %xmm4
	vpshufb		BSWAP, %xmm4, %xmm4
	vpxor		%xmm4, %xmm0, %xmm0
	_ghash_mul	%xmm0, %xmm7, %xmm2, %xmm1, %xmm3, %xmm5
	vmovdqa		%xmm2, %xmm0
	add		$16, %rdx
	sub		$16, %rcx
	cmp		$16, %rcx
	jae		.Lghash_1block

.Lghash_partial:
	test		%rcx, %rcx
	jz		.Lghash_done
	/* the last 1..15 bytes, zero-padded */
	_load_part16	%rdx, %rcx, %xmm4, %xmm5, %rax, %eax, %r8d
	vpshufb		BSWAP, %xmm4, %xmm4
	vpxor		%xmm4, %xmm0, %xmm0
	_ghash_mul	%xmm0, %xmm7, %xmm2, %xmm1, %xmm3, %xmm5
	vmovdqa		%xmm2, %xmm0
.Lghash_done:
	vmovdqu		%xmm0, (%rsi)
	RET
SYM_FUNC_END(aesnictr_ghash_update)

/*
 * void aesnictr_gcm_final(const struct aesnictr_gcm_key *key, const u8 acc[16],
 *			   u64 aad_len, u64 data_len, u8 tag[16])
 * tag = X XOR bswap(r(L) times H), X from the last update (_last_acc).
 */
SYM_FUNC_START(aesnictr_gcm_final)
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	shl		$3, %rdx			/* lengths in bits */
	shl		$3, %rcx
	vmovq		%rcx, %xmm1			/* r(lengths block): */
	vpinsrq		$1, %rdx, %xmm1, %xmm1		/* lo = data, hi = AAD */
	vmovdqu		H_POWERS+15*16(%rdi), %xmm7
	_ghash_mul	%xmm1, %xmm7, %xmm2, %xmm0, %xmm3, %xmm5
	vpshufb		.Lbswap128(%rip), %xmm2, %xmm2
	vpxor		(%rsi), %xmm2, %xmm0
	vmovdqu		%xmm0, (%r8)
	RET
SYM_FUNC_END(aesnictr_gcm_final)

/*
 * The stitched GCM loop: each iteration encrypts 8 vectors of counter blocks
 * and, between their AES rounds, hashes 8 vectors of ciphertext (decryption:
 * the same 8 it is decrypting, read before they are overwritten; encryption:
 * the 8 written by the previous iteration, so the first iteration only
 * encrypts and a last pass only hashes).  AES and carry-less multiplication
 * then overlap instead of running one after the other.
 *
 * _gcm_update (avx, vaes2) and _gcm_update512 run these iterations
 * (_bulk_iter) over the whole 8-vector chunks.
 *
 * Registers: rdi KEY, rsi CTR (pointer), rdx ACC (pointer: read once at the
 * start and written once at the end; in between the GHASH value lives in
 * xmm15), rcx DST, r8 SRC, r9 LEN, r10d NROUNDS,
 * r11 GDATA (the ciphertext being hashed), rax bytes done.
 *	V0-V7	AES states
 *	V8	round key (VL 16, 32), last round key (VL 64)
 *	V9	VL 64: C, the counter words (asm_common.h); VL 16, 32: the
 *		big-endian counter block of the iteration's first block (_ctr_be)
 *	V10-V12	LO, HI, MID: partial products of a GHASH group (Karatsuba; the
 *		VL 64 loop: schoolbook, V12 the middle product itself)
 *	V13	a block being hashed, V14 scratch, xmm15 the GHASH value
 *	VL 16, 32: rk0 in every lane at 16(%rsp), esi the low counter word
 *	VL 64: T in zmm16, zmm30 STEP, zmm31 BSWAP (in the stitched loop
 *	zmm30 and zmm31 are GHASH temporaries and V9 holds the counters
 *	big-endian, see _ctr_be64; _ctr_le64 restores all three for the rest)
 * A GHASH group is 8 vectors for VL 16, 32 (8 or 16 blocks) and for VL 64
 * (32 blocks; 4 vectors, 16 blocks, where a chunk is hashed in halves): at
 * most as many blocks as there are powers of H (K_32..K_17 only for VL 64).
 */
#define BKEY	%rdi
#define BCTR	%rsi
#define BACC	%rdx
#define BDST	%rcx
#define BSRC	%r8
#define BLEN	%r9
#define BNR	%r10d
#define GDATA	%r11
/* argument 7, last, once _gcm_update has made its frame */
#define LAST_ARG	16+2*VL+8(%rsp)

/*
 * A message's last update (argument 7, last, nonzero) leaves in ghash_acc
 *	X = AES(J0) XOR bswap(GHASH value times H)
 * so that aesnictr_gcm_final only adds the lengths block's share,
 * bswap(r(L) times H), which depends on no data: the final's multiplication
 * and its AES of J0 are off the message's critical path.  AES(J0) is
 * computed at the start (J0 = the counter block's upper 96 bits || 1: the
 * low word cannot wrap within a message) and parked in ghash_acc, whose
 * value is then in a register; the factor H is folded into the rest's
 * group for free where it can be: the rest's blocks take K_(nb+1)..K_2
 * instead of K_nb..K_1 (pptr one slot lower), as long as K_(nb+1) is in the
 * table (FOLD_MAX: the largest rest with that room, and for VL 16, 32 a
 * xored half).  Otherwise (no rest, or a longer one) the value is
 * multiplied by K_1 at the end (_last_acc, _last_empty).
 */
.macro _set_fold_max
	.if VL == 64
		.set	FOLD_MAX, 32*16
	.else
		.set	FOLD_MAX, 15*16
	.endif
.endm

/* pptr -= 16 if last and the rest (BLEN bytes, >= 1) is at most FOLD_MAX */
.macro _fold_h last, pptr
	cmpb	$0, \last
	je	.Lfold_no\@
	cmp	$FOLD_MAX, BLEN
	ja	.Lfold_no\@
	sub	$16, \pptr
.Lfold_no\@:
.endm

/*
 * At the end of an update whose rest was r bytes, xmm15 the GHASH value: if
 * last, xmm15 = X (unless folded, times H first; AES(J0) from ghash_acc).
 */
.macro _last_acc last, r
	cmpb	$0, \last
	je	.Llast_no\@
	mov	\r, %rax
	dec	%rax			/* r = 0 wraps: not folded */
	cmp	$FOLD_MAX-1, %rax
	jbe	.Llast_folded\@
	_acc_times_h	BKEY, %xmm15
.Llast_folded\@:
	vpshufb		.Lbswap128(%rip), %xmm15, %xmm15
	vpxor		(BACC), %xmm15, %xmm15
.Llast_no\@:
.endm

/*
 * x = AES(J0), J0 from the counter block in xmm ctrblk, by the round keys
 * in memory; count32, ptr: scratch.
 */
.macro _aes_j0 x, ctrblk, count32, ptr
	vpinsrd		$3, .Lj0_word+12(%rip), \ctrblk, \x
	_aes_encrypt_block BKEY, \x, \count32, \ptr
.endm

/* A last update of no bytes: ghash_acc = X. */
.macro _last_empty last
	cmpb	$0, \last
	je	.Lempty_no\@
	_load_ctrblk	BCTR, %xmm5
	_aes_j0		%xmm5, %xmm5, %r10d, %r11
	_load_acc	BACC, %xmm15
	_acc_times_h	BKEY, %xmm15
	vpshufb		.Lbswap128(%rip), %xmm15, %xmm15
	vpxor		%xmm5, %xmm15, %xmm15
	vmovdqu		%xmm15, (BACC)
.Lempty_no\@:
.endm

.macro _bulk_set_regs
	.if VL == 64
		.set	GBLOCKS, 16
	.else
		.set	GBLOCKS, 8 * VL / 16
	.endif
	.set	GVECS, GBLOCKS * 16 / VL
	.set	GPOWERS, H_POWERS + (16 - GBLOCKS) * 16
	.set	GXORED, H_XORED + (16 - GBLOCKS) * 16
	_set_fold_max
.endm

/*
 * Hash step s (0..7) of the 8 vectors at GDATA, in groups of n vectors (see
 * the group rules above).  Within a group the vectors go 1, 2, .., n-1,
 * then 0, which carries the running GHASH value (xmm15): the products that
 * wait for the previous reduction come last, so that reduction's latency
 * overlaps the other products.  VL 64 groups are of 8 vectors (K_32..K_1)
 * or of 4 (K_16..K_1); the others of GVECS.
 */
.macro _gstep s, n=GVECS
	.set	GJ, ((\s) + 1) % (\n)
	.set	GV, (\s) - ((\s) % (\n)) + GJ
	.if VL != 64
		.set	GPA, GPOWERS + GJ*VL
	.elseif \n == 8
		.set	GPA, H_POWERS_HI + GJ*VL	/* K_32..K_1 */
	.else
		.set	GPA, H_POWERS + GJ*VL
	.endif
	_vmovdqu	GV*VL(GDATA), V13
	vpshufb		.Lbswap128(%rip), V13, V13
	.if GJ == 0
		_vpxor		V15, V13, V13
	.endif
	.if VL == 64 && \n == 8 && GJ != 1 && GJ != 2
		/*
		 * Vectors 3..7, 0 in pairs: the first's LO and HI wait in
		 * zmm14 and zmm30 (STEP, reloaded by _ctr_be64 and _ctr_le64)
		 * and the second's are added with them, one ternary XOR each.
		 */
		.if GJ % 2
			vpclmulqdq	$0x00, GPA(BKEY), V13, %zmm14
			vpclmulqdq	$0x11, GPA(BKEY), V13, %zmm30
		.else
			vpclmulqdq	$0x00, GPA(BKEY), V13, %zmm31
			vpternlogd	$0x96, %zmm31, %zmm14, V10
			vpclmulqdq	$0x11, GPA(BKEY), V13, %zmm31
			vpternlogd	$0x96, %zmm31, %zmm30, V11
		.endif
		vpclmulqdq	$0x01, GPA(BKEY), V13, %zmm31
		vpclmulqdq	$0x10, GPA(BKEY), V13, V13
		vpternlogd	$0x96, %zmm31, V13, V12
	.elseif VL == 64
		/* four products, no Karatsuba: fewer XORs and shuffles */
		vmovdqu8	GPA(BKEY), %zmm14
		.if GJ == 1
			vpclmulqdq	$0x00, %zmm14, V13, V10
			vpclmulqdq	$0x11, %zmm14, V13, V11
			vpclmulqdq	$0x01, %zmm14, V13, V12
			vpclmulqdq	$0x10, %zmm14, V13, V13
			vpxord		V13, V12, V12
		.else
			vpclmulqdq	$0x00, %zmm14, V13, %zmm31
			vpxord		%zmm31, V10, V10
			vpclmulqdq	$0x11, %zmm14, V13, %zmm31
			vpxord		%zmm31, V11, V11
			vpclmulqdq	$0x01, %zmm14, V13, %zmm31
			vpclmulqdq	$0x10, %zmm14, V13, V13
			vpternlogd	$0x96, %zmm31, V13, V12
		.endif
	.elseif GJ == 1
		vpclmulqdq	$0x00, GPA(BKEY), V13, V10
		vpclmulqdq	$0x11, GPA(BKEY), V13, V11
		vpshufd		$0x4e, V13, V14
		_vpxor		V13, V14, V14
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), V14, V12
	.else
		vpclmulqdq	$0x00, GPA(BKEY), V13, V14
		_vpxor		V14, V10, V10
		vpclmulqdq	$0x11, GPA(BKEY), V13, V14
		_vpxor		V14, V11, V11
		vpshufd		$0x4e, V13, V14
		_vpxor		V13, V14, V14
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), V14, V14
		_vpxor		V14, V12, V12
	.endif
	.if GJ == 0
		_greduce	(VL != 64)
	.endif
.endm

/*
 * MID ^= LO ^ HI, reduce every lane (the fold is linear, so the lanes' sum
 * of reduced values is the reduced sum), then add up the lanes into the
 * GHASH value xmm15.  Reducing at full width costs the same carry-less
 * multiplications as 128-bit and saves folding LO and MID across lanes.
 */
.macro _greduce karatsuba=1
	.if !\karatsuba
		/* V12 is already the middle product */
	.elseif VL == 64
		vpternlogd	$0x96, %zmm10, %zmm11, %zmm12
	.else
		_vpxor		V10, V12, V12
		_vpxor		V11, V12, V12
	.endif
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), V10, V14
	vpshufd		$0x4e, V10, V10
	.if VL == 64
		vpternlogd	$0x96, %zmm10, %zmm14, %zmm12
	.else
		_vpxor		V10, V12, V12
		_vpxor		V14, V12, V12
	.endif
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), V12, V14
	vpshufd		$0x4e, V12, V12
	.if VL == 64
		vpternlogd	$0x96, %zmm12, %zmm14, %zmm11
		vextracti64x4	$1, %zmm11, %ymm13
		vpxor		%ymm13, %ymm11, %ymm11
	.else
		_vpxor		V12, V11, V11
		_vpxor		V14, V11, V11
	.endif
	.if VL >= 32
		vextracti128	$1, %ymm11, %xmm13
		vpxor		%xmm13, %xmm11, %xmm15
	.else
		vmovdqa		%xmm11, %xmm15
	.endif
.endm

/*
 * VL 16, 32: the round-0 states of an iteration's 8 VL / 16 = BPI blocks.
 * V9 holds the (big-endian) counter block of the first, CTRLE (esi) its low
 * word little-endian, rk0 in every lane is at 16(%rsp).  Unless the low byte
 * would carry within the iteration (once every 256 / BPI iterations; the
 * counter is public) the blocks are V9 + n in byte 15: one VPADDD and the
 * XOR of rk0 per vector; otherwise the addition is done little-endian.
 */
.macro _ctr_be n=8
	.set	BPI, 8 * VL / 16
	.if VL == 16
		.set	INC_BE, .Linc_be16; .set INC_LE, .Linc_le16
		.set	STEP_BE, .Lstep_be16; .set STEP_LE, .Lstep_le16
	.else
		.set	INC_BE, .Linc_be32; .set INC_LE, .Linc_le32
		.set	STEP_BE, .Lstep_be32; .set STEP_LE, .Lstep_le32
	.endif
	cmp	$255 - BPI, %sil
	jbe	.Lctr_fast\@
	vpshufb		.Lbswap_low32(%rip), V9, V9
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		vpaddd		INC_LE+\j*VL(%rip), V9, V\j
		vpshufb		.Lbswap_low32(%rip), V\j, V\j
		_vpxor		16(%rsp), V\j, V\j
	.endif
	.endr
	vpaddd		STEP_LE(%rip), V9, V9
	vpshufb		.Lbswap_low32(%rip), V9, V9
	jmp	.Lctr_done\@
.Lctr_fast\@:
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		vpaddd		INC_BE+\j*VL(%rip), V9, V\j
		_vpxor		16(%rsp), V\j, V\j
	.endif
	.endr
	vpaddd		STEP_BE(%rip), V9, V9
.Lctr_done\@:
	add	$BPI, %esi
.endm

/*
 * VL 64, the stitched loop: V9 holds the counter blocks of the iteration's
 * first vector as big-endian words (lanes c .. c+3, byte-swapped from C),
 * esi c.  Unless byte 15 of a lane would carry within the iteration or in
 * the step to the next (c + 3 + 32 past a multiple of 256: c mod 256 > 220,
 * once or twice every 8 iterations), vector j is
 * V9 + 4j in byte 15, XOR T (T already holds rk0 and the upper 96 bits, V9's
 * upper 96 bits are zero); otherwise C is stepped little-endian as in
 * _ctr_next (constants from memory: zmm31 is a GHASH temporary here).
 */
.macro _ctr_be64
	cmp	$255 - 35, %sil
	ja	.Lctr64_slow\@
	vpxord		%zmm16, V9, V0
	.irp j, 1,2,3,4,5,6,7
		vpaddd		.Linc_be64+\j*64(%rip), V9, V\j
		vpxord		%zmm16, V\j, V\j
	.endr
	vpaddd		.Lstep_be64(%rip), V9, V9
	jmp	.Lctr64_done\@
.Lctr64_slow\@:
	vmovdqu8	STEP_CONST(%rip), %zmm30
	vpshufb		.Lbswap_low32(%rip), V9, V9
	.irp j, 0,1,2,3,4,5,6,7
		_ctr_next	V\j, %zmm16, V9, %zmm30, .Lbswap_low32(%rip)
	.endr
	vpshufb		.Lbswap_low32(%rip), V9, V9
.Lctr64_done\@:
	add	$32, %esi
.endm

/* VL 64: back to C and the constants of _ctr_next, for the rest. */
.macro _ctr_le64
	vmovdqu8	STEP_CONST(%rip), %zmm30
	vmovdqu8	.Lbswap_low32(%rip), %zmm31
	vpshufb		%zmm31, V9, V9
.endm

.macro _bulk_round i, aes, n=8
	.if \aes
	.if VL == 64
		.irp j, 0,1,2,3,4,5,6,7
			vaesenc		RKEY\i, V\j, V\j
		.endr
	.else
		_vbroadcast128	16*\i(BKEY), V8
		.irp j, 0,1,2,3,4,5,6,7
		.if \j < \n
			vaesenc		V8, V\j, V\j
		.endif
		.endr
	.endif
	.endif
.endm

/*
 * One iteration: AES-CTR on 8 vectors and/or GHASH of 8 vectors at GDATA
 * (VL 64: as one group of 32 blocks; ghash 2, VL 64: only vectors 4-7, as a
 * group of 4, the first 4 having been hashed by _enc_first_split).
 */
.macro _bulk_iter aes, ghash
	.if \aes
	.if VL == 64
		_ctr_be64
	.else
		_ctr_be
	.endif
	.endif
	.irp i, 1,2,3,4,5,6,7,8
		_bulk_round	\i, \aes
		.if \ghash == 1 && VL == 64
			_gstep	(\i-1), 8
		.elseif \ghash == 1 || (\ghash == 2 && \i > 4)
			_gstep	(\i-1)
		.endif
	.endr
	.if \aes
		_bulk_round	9, 1
		cmp	$12, BNR
		jb	.Lbulk_last\@
		_bulk_round	10, 1
		_bulk_round	11, 1
		je	.Lbulk_last\@
		_bulk_round	12, 1
		_bulk_round	13, 1
.Lbulk_last\@:
		.if VL != 64
			mov	BNR, %eax
			shl	$4, %eax
			add	BKEY, %rax
			_vbroadcast128	(%rax), V8
		.endif
		.irp j, 0,1,2,3,4,5,6,7
			_vpxor		\j*VL(BSRC), V8, V14
			vaesenclast	V14, V\j, V\j
			_vmovdqu	V\j, \j*VL(BDST)
		.endr
	.endif
.endm

/*
 * Hash one vector of the rest (VL 16, 32) into V10-V12: data is a register
 * (byte reflection done here), pw the address of its powers; acc: add the
 * GHASH value first; computed: the powers are loaded into V13 and their
 * xored halves computed into V8 (the last vector, whose powers may run past
 * K_1 where the xored table has no slack; its blocks there are zero).
 */
.macro _tail_gh data, pw, acc, computed
	vpshufb		.Lbswap128(%rip), \data, \data
	.if \acc
		vpxor		V15, \data, \data
	.endif
	.if \computed
		vmovdqu		\pw, V13
		vpclmulqdq	$0x00, V13, \data, V14
		vpxor		V14, V10, V10
		vpclmulqdq	$0x11, V13, \data, V14
	.else
		vpclmulqdq	$0x00, \pw, \data, V14
		vpxor		V14, V10, V10
		vpclmulqdq	$0x11, \pw, \data, V14
	.endif
	vpxor		V14, V11, V11
	vpshufd		$0x4e, \data, V14
	vpxor		\data, V14, V14
	.if \computed
		vpshufd		$0x4e, V13, V8
		vpxor		V13, V8, V8
		vpclmulqdq	$0x00, V8, V14, V14
	.else
		vpclmulqdq	$0x00, H_XORED-H_POWERS+\pw, V14, V14
	.endif
	vpxor		V14, V12, V12
.endm

/* Vector j of the rest if it is whole (else to plabel); see _gcm_tail. */
.macro _tail_vec j, decrypt, plabel
	cmp	$(\j+1)*VL, BLEN
	jb	\plabel
	.if \decrypt
		_vmovdqu	\j*VL(BSRC), V13
		vpxor		V13, V8, V14
		vaesenclast	V14, V\j, V\j
		_vmovdqu	V\j, \j*VL(BDST)
		_tail_gh	V13, \j*VL(%r11), (\j==0), 0
	.else
		vpxor		\j*VL(BSRC), V8, V14
		vaesenclast	V14, V\j, V\j
		_vmovdqu	V\j, \j*VL(BDST)
		_tail_gh	V\j, \j*VL(%r11), (\j==0), 0
	.endif
.endm

/*
 * V9 = the BLEN (1 .. VL-1) bytes at BSRC, zero-padded (_load_part16 for
 * each 16-byte half); rsi, r10 and xmm14 scratch.
 */
.macro _load_partial_vec
	.if VL == 32
		cmp	$16, BLEN
		jb	.Lpv_short\@
		add	$16, BSRC
		sub	$16, BLEN
		_load_part16	BSRC, BLEN, %xmm9, %xmm14, %rsi, %esi, %r10d
		sub	$16, BSRC
		add	$16, BLEN
		vmovdqu		(BSRC), %xmm14
		vinserti128	$1, %xmm9, %ymm14, %ymm9
		jmp	.Lpv_done\@
.Lpv_short\@:
	.endif
	_load_part16	BSRC, BLEN, %xmm9, %xmm14, %rsi, %esi, %r10d
.Lpv_done\@:
.endm

/*
 * The rest R (BLEN, 1 .. 8 VL - 1 bytes) of a VL 16/32 update in one pass:
 * AES on C vectors of counter blocks at once (C = 1, 2, 4 or 8, the least
 * C >= ceil(R / VL); their rounds overlap), then vector by vector the last
 * round fused with the XOR of src, the store and the GHASH of the ciphertext
 * (decryption: src, loaded before the store overwrites it in place;
 * encryption: the register just stored).  The blocks take the powers ending
 * at K_1 (PPTR = r11 = K_nb, nb = ceil(R / 16)), one reduction.  A final
 * partial vector is loaded in pieces (_load_partial_vec) and stored through
 * BUF on the stack, byte by byte (branches on the public length only); for
 * encryption its keystream bytes past R are masked off before hashing.
 */
.macro _gcm_tail decrypt
	cmp	$4*VL, BLEN
	ja	.Ltail_c8\@
	cmp	$2*VL, BLEN
	ja	.Ltail_c4\@
	cmp	$VL, BLEN
	ja	.Ltail_c2\@
	_gcm_tail_c	1, \decrypt
	jmp	.Ltail_done\@
.Ltail_c2\@:
	_gcm_tail_c	2, \decrypt
	jmp	.Ltail_done\@
.Ltail_c4\@:
	_gcm_tail_c	4, \decrypt
	jmp	.Ltail_done\@
.Ltail_c8\@:
	_gcm_tail_c	8, \decrypt
.Ltail_done\@:
.endm

/* Partial vector j of a class-C rest: its state to V13, its offset to eax. */
.macro _tail_pvec j
	vmovdqa		V\j, V13
	mov		$\j*VL, %eax
.endm

.macro _gcm_tail_c c, decrypt
	_ctr_be		\c
	.irp i, 1,2,3,4,5,6,7,8,9
		_bulk_round	\i, 1, \c
	.endr
	cmp	$12, BNR
	jb	.Ltail_last\@
	_bulk_round	10, 1, \c
	_bulk_round	11, 1, \c
	je	.Ltail_last\@
	_bulk_round	12, 1, \c
	_bulk_round	13, 1, \c
.Ltail_last\@:
	mov	BNR, %eax
	shl	$4, %eax
	add	BKEY, %rax
	_vbroadcast128	(%rax), V8
	lea	15(BLEN), %r11
	and	$-16, %r11
	neg	%r11
	lea	H_POWERS+16*16(BKEY,%r11), %r11
	_fold_h	LAST_ARG, %r11
	vpxor		V10, V10, V10
	vpxor		V11, V11, V11
	vpxor		V12, V12, V12
	.if 0 < \c
	_tail_vec	0, \decrypt, .Ltail_p0\@
	.endif
	.if 1 < \c
	_tail_vec	1, \decrypt, .Ltail_p1\@
	.endif
	.if 2 < \c
	_tail_vec	2, \decrypt, .Ltail_p2\@
	.endif
	.if 3 < \c
	_tail_vec	3, \decrypt, .Ltail_p3\@
	.endif
	.if 4 < \c
	_tail_vec	4, \decrypt, .Ltail_p4\@
	.endif
	.if 5 < \c
	_tail_vec	5, \decrypt, .Ltail_p5\@
	.endif
	.if 6 < \c
	_tail_vec	6, \decrypt, .Ltail_p6\@
	.endif
	.if 7 < \c
	_tail_vec	7, \decrypt, .Ltail_p7\@
	.endif
	jmp		.Ltail_reduce\@		/* R == C VL: no partial vector */
.Ltail_p0\@:
	_tail_pvec	0
	.if \c > 1
	jmp		.Ltail_part\@
.Ltail_p1\@:
	_tail_pvec	1
	.endif
	.if \c > 2
	jmp		.Ltail_part\@
.Ltail_p2\@:
	_tail_pvec	2
	jmp		.Ltail_part\@
.Ltail_p3\@:
	_tail_pvec	3
	.endif
	.if \c > 4
	jmp		.Ltail_part\@
.Ltail_p4\@:
	_tail_pvec	4
	jmp		.Ltail_part\@
.Ltail_p5\@:
	_tail_pvec	5
	jmp		.Ltail_part\@
.Ltail_p6\@:
	_tail_pvec	6
	jmp		.Ltail_part\@
.Ltail_p7\@:
	_tail_pvec	7
	.endif
.Ltail_part\@:
	sub	%rax, BLEN			/* bytes of the partial vector */
	jz	.Ltail_reduce\@
	add	%rax, BSRC
	add	%rax, BDST
	add	%rax, %r11
	_load_partial_vec
	vpxor		V9, V8, V14
	vaesenclast	V14, V13, V13
	_vmovdqu	V13, 16+VL(%rsp)
	xor	%r10d, %r10d
.Ltail_out\@:
	movzbl	16+VL(%rsp,%r10), %esi
	mov	%sil, (BDST,%r10)
	inc	%r10
	cmp	BLEN, %r10
	jb	.Ltail_out\@
	.if !\decrypt
		lea	.Lbytemask+64(%rip), %rsi
		sub	BLEN, %rsi
		vpand	(%rsi), V13, V9
	.endif
	test	%eax, %eax
	jnz	.Ltail_noacc\@
	_tail_gh	V9, (%r11), 1, 1
	jmp	.Ltail_reduce\@
.Ltail_noacc\@:
	_tail_gh	V9, (%r11), 0, 1
.Ltail_reduce\@:
	_greduce
.endm

/*
 * void aesnictr_gcm_{enc,dec}_update_<tier>(key, ctr, acc, dst, src, len),
 * VL 16, 32: the stitched loop over whole 8-vector chunks, then the rest
 * (_gcm_tail).  Stack: R (the rest's length) @0, rk0 in every lane @16,
 * BUF @16 + VL; wiped before returning.
 */
.macro _gcm_update vl, decrypt
	_set_veclen	\vl
	_bulk_set_regs
	.if VL == 16					/* 8 VL = 2^CHUNK_SHIFT */
		.set	CHUNK_SHIFT, 7
	.else
		.set	CHUNK_SHIFT, 8
	.endif
	mov	%r9d, %r9d
	test	BLEN, BLEN
	jz	.Lupd_none\@
	sub	$16+2*VL, %rsp
	mov	BLEN, %rax
	and	$8*VL-1, %eax
	mov	%rax, (%rsp)
	mov	AESNICTR_KEY_NROUNDS(BKEY), BNR
	mov	12(BCTR), %eax
	bswap	%eax
	_vbroadcast128	(BKEY), V8
	_vmovdqu	V8, 16(%rsp)
	_load_ctrblk	BCTR, %xmm9
	.if VL == 32
		vinserti128	$1, %xmm9, V9, V9
	.endif
	mov	%eax, %esi			/* CTRLE */
	_load_acc	BACC, %xmm15
	cmpb	$0, LAST_ARG
	je	.Lupd_notlast\@
	_aes_j0		%xmm0, %xmm9, %eax, %r11	/* parked in ghash_acc */
	vmovdqu		%xmm0, (BACC)
.Lupd_notlast\@:				/* BCTR is not used again */
	shr	$CHUNK_SHIFT, BLEN		/* iterations: len / (8 VL) */
	jz	.Lupd_tail\@
	.if \decrypt
.Lbulk_loop\@:
		mov	BSRC, GDATA
		_bulk_iter	1, 1
		add	$8*VL, BSRC
		add	$8*VL, BDST
		dec	BLEN
		jnz	.Lbulk_loop\@
	.else
		_bulk_iter	1, 0
		jmp	.Lbulk_next\@
.Lbulk_loop\@:
		lea	-8*VL(BDST), GDATA
		_bulk_iter	1, 1
.Lbulk_next\@:
		add	$8*VL, BSRC
		add	$8*VL, BDST
		dec	BLEN
		jnz	.Lbulk_loop\@
		lea	-8*VL(BDST), GDATA
		_bulk_iter	0, 1
	.endif
.Lupd_tail\@:
	mov	(%rsp), BLEN
	test	BLEN, BLEN
	jz	.Lupd_done\@
	_gcm_tail	\decrypt
.Lupd_done\@:
	vpxor	%xmm8, %xmm8, %xmm8	/* rk0, and BUF's data */
	_vmovdqu V8, 16(%rsp)
	_vmovdqu V8, 16+VL(%rsp)
	_last_acc	LAST_ARG, (%rsp)
	vmovdqu	%xmm15, (BACC)
	add	$16+2*VL, %rsp
	vzeroupper
	RET
.Lupd_none\@:
	_last_empty	8(%rsp)
	RET
.endm


/*
 * VL 64: the whole update in one function.  Whole 8-vector chunks go through
 * the stitched loop; the rest R (1..512 bytes: encryption's last chunk
 * gets the split below, a last update's the fold of H, see _fold_h;
 * nv = ceil(R / 64) vectors) is one more iteration of C = 8, 4, 2 or 1
 * vectors (the least C >= nv), with
 * vectors C/2 .. C-1 loaded and stored under byte masks k1..k4 (empty ones
 * under an all-zero mask).  Encryption hashes, between that iteration's AES
 * rounds, the chunk before it, and then R's ciphertext from the registers it
 * was made in (masked tails zeroed); decryption hashes R from src between
 * the rounds.  R's nb = ceil(R / 16) <= 32 blocks are one GHASH group with
 * one reduction: vector j takes the powers from K_nb - 4j on (K_nb at
 * PPTR = rax; K_33..K_17 lie just before K_16), so no vector waits for
 * another's reduction.  Power loads end at most 15 blocks past K_1 (C = 8,
 * nb = 17), inside the xored table that follows it; blocks past R
 * are zero, so what they are multiplied by does not matter.  The xored
 * halves of those powers are computed, not loaded (the xored table has no
 * such slack).
 * Encryption splits its iterations in halves where nothing else would
 * overlap the GHASH of fresh ciphertext: the first chunk of a longer update
 * (_enc_first_split: the next iteration then hashes only its second group),
 * a rest with nothing pending (_rem_enc_split) and a rest of class 8 after
 * a pending chunk (_rem_enc_prev_split8): hashing waits for at most 4
 * vectors of AES, and at the end only 4 vectors (or fewer) are hashed alone,
 * as in the kernel's 4-vector loop (measured: the 512-byte encryption
 * update about 17% faster, whole messages of 1420 B to 16 KiB 4-9%).
 * No stack: T lives in zmm16.
 */

/* Hash one vector of data (a register, byte reflection done here). */
.macro _gh_vec data, pmem, init, addacc
	vpshufb		.Lbswap128(%rip), \data, \data
	.if \addacc
		vpxord		%zmm15, \data, \data
	.endif
	vmovdqu8	\pmem, %zmm13
	.if \init
		vpclmulqdq	$0x00, %zmm13, \data, %zmm10
		vpclmulqdq	$0x11, %zmm13, \data, %zmm11
	.else
		vpclmulqdq	$0x00, %zmm13, \data, %zmm14
		vpxord		%zmm14, %zmm10, %zmm10
		vpclmulqdq	$0x11, %zmm13, \data, %zmm14
		vpxord		%zmm14, %zmm11, %zmm11
	.endif
	vpshufd		$0x4e, %zmm13, %zmm14
	vpxord		%zmm14, %zmm13, %zmm13
	vpshufd		$0x4e, \data, %zmm14
	vpxord		\data, %zmm14, %zmm14
	.if \init
		vpclmulqdq	$0x00, %zmm13, %zmm14, %zmm12
	.else
		vpclmulqdq	$0x00, %zmm13, %zmm14, %zmm14
		vpxord		%zmm14, %zmm12, %zmm12
	.endif
.endm

/*
 * Step s of hashing R in a class-C iteration: the vectors go 1, .., C-1, 0
 * (the acc-carrying one last, see _gstep), vector j with the powers at
 * PPTR + 64 j, then the one reduction.
 */
.macro _rem_gh_step c, s, decrypt
	.set	RJ, ((\s) + 1) % \c
	.irp v, 0,1,2,3,4,5,6,7
	.if \v == RJ
	.if \decrypt
		.if \v < \c / 2
			vmovdqu8	\v*64(BSRC), %zmm9
		.else
			vmovdqu8	\v*64(BSRC), %zmm9{KMV\v}{z}
		.endif
		.set	RDATA, %zmm9
	.else
		.set	RDATA, V\v
	.endif
	.endif
	.endr
	_gh_vec	RDATA, RJ*64(%rax), ((\s) == 0), (RJ == 0)
	.if RJ == 0
		_greduce
	.endif
.endm

/*
 * Store vector j of a rest (one of those under a mask): whole (R >= 64 (j+1))
 * without the mask, so that a load of what it wrote can be forwarded from
 * the store (a masked store's data is not forwarded on the AMD CPU this was
 * tuned on, and a reader of the text's last bytes, as ESP reads its trailer,
 * waits until it reaches the cache).
 */
.macro _rem_store j
	cmp	$(\j+1)*64, BLEN
	jb	.Lrs_masked\@
	vmovdqu8	V\j, \j*VL(BDST)
	jmp	.Lrs_done\@
.Lrs_masked\@:
	vmovdqu8	V\j, \j*VL(BDST){KMV\j}
.Lrs_done\@:
.endm

/* The mask register of vector j (if it is masked) */
	.set	KMV0, %k1; .set KMV1, %k2; .set KMV2, %k3; .set KMV3, %k4
	.set	KMV4, %k1; .set KMV5, %k2; .set KMV6, %k3; .set KMV7, %k4

.macro _rem_round i, c
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c
		vaesenc		RKEY\i, V\j, V\j
	.endif
	.endr
.endm

/* Byte masks of vectors c/2 .. c-1 (k1..k4); PPTR (rax) = K_nb. */
.macro _rem_masks_pptr c
	/* byte masks of vectors c/2 .. c-1 */
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \c / 2 && \j < \c
		lea	-64*\j(BLEN), %rax		/* clamped to 0..64 */
		xor	%esi, %esi
		test	%rax, %rax
		cmovs	%rsi, %rax
		mov	$64, %esi
		cmp	%rsi, %rax
		cmova	%rsi, %rax
		neg	%rax
		lea	.Lbytemask+64(%rip), %rsi
		vmovdqu8	(%rsi,%rax), %zmm14
		vpmovb2m	%zmm14, KMV\j
	.endif
	.endr
	/* PPTR = K_nb, nb = ceil(R / 16) <= 32 (K_32..K_17 precede K_16) */
	lea	15(BLEN), %rax
	shr	$4, %rax
	shl	$4, %rax
	neg	%rax
	lea	H_POWERS+16*16(BKEY,%rax), %rax
	_fold_h	8(%rsp), %rax
.endm

/* The class-C iteration for the R (BLEN) bytes left; prev: hash GDATA's 8. */
.macro _rem_iter c, prev, decrypt
	_rem_masks_pptr	\c
	.if \prev
		lea	-8*VL(BDST), GDATA
	.endif
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c
		_ctr_next	V\j, %zmm16, V9, %zmm30, %zmm31
	.endif
	.endr
	.irp i, 1,2,3,4,5,6,7,8
		_rem_round	\i, \c
		.if \prev
			_gstep	(\i-1), 8
		.endif
		.if \decrypt && (\i-1) < \c
			_rem_gh_step	\c, (\i-1), 1
		.endif
	.endr
	_rem_round	9, \c
	cmp	$12, BNR
	jb	.Lrem_last\@
	_rem_round	10, \c
	_rem_round	11, \c
	je	.Lrem_last\@
	_rem_round	12, \c
	_rem_round	13, \c
.Lrem_last\@:
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c
		.if \j < \c / 2
			vpxord		\j*VL(BSRC), V8, V14
			vaesenclast	V14, V\j, V\j
			vmovdqu8	V\j, \j*VL(BDST)
		.else
			vmovdqu8	\j*VL(BSRC), V14{KMV\j}{z}
			vpxord		V14, V8, V14
			vaesenclast	V14, V\j, V\j
			_rem_store	\j
		.endif
	.endif
	.endr
	.if !\decrypt
		.irp j, 0,1,2,3,4,5,6,7
		.if \j >= \c / 2 && \j < \c
			vmovdqu8	V\j, V\j{KMV\j}{z}
		.endif
		.endr
		.irp s, 0,1,2,3,4,5,6,7
		.if \s < \c
			_rem_gh_step	\c, \s, 0
		.endif
		.endr
	.endif
.endm

/*
 * Encryption of a rest of class C >= 2 with nothing pending (prev = 0), in
 * two halves so that hashing overlaps AES: the first C/2 vectors (all whole)
 * are encrypted and stored, then the last C/2 (masked) go through their
 * rounds while the first half is hashed, then the last half is hashed.
 * Vectors are hashed in order, one group from PPTR, reduced at its end.
 */
.macro _rem_round_r i, lo, hi
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \lo && \j < \hi
		vaesenc		RKEY\i, V\j, V\j
	.endif
	.endr
.endm

/* Rounds 1..NR-1 of vectors lo..hi-1; hash vector (i-1) of 0..nh-1 in round i. */
.macro _rem_rounds_r lo, hi, c, nh
	.irp i, 1,2,3,4,5,6,7,8
		_rem_round_r	\i, \lo, \hi
		.if (\i-1) < \nh
			_rem_gh_nat	\c, (\i-1)
		.endif
	.endr
	_rem_round_r	9, \lo, \hi
	cmp	$12, BNR
	jb	.Lrr_last\@
	_rem_round_r	10, \lo, \hi
	_rem_round_r	11, \lo, \hi
	je	.Lrr_last\@
	_rem_round_r	12, \lo, \hi
	_rem_round_r	13, \lo, \hi
.Lrr_last\@:
.endm

/*
 * Hash vector v (ciphertext in V<v>, masked part zeroed) in natural order,
 * its powers at PPTR + 64 v; after the last, the reduction.
 */
.macro _rem_gh_nat c, v
	.irp w, 0,1,2,3,4,5,6,7
	.if \w == \v
		_gh_vec	V\w, \w*64(%rax), (\w == 0), (\w == 0)
	.endif
	.endr
	.if \v == \c - 1
		_greduce
	.endif
.endm

.macro _rem_enc_split c
	_rem_masks_pptr	\c
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c / 2
		_ctr_next	V\j, %zmm16, V9, %zmm30, %zmm31
	.endif
	.endr
	_rem_rounds_r	0, (\c/2), \c, 0
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c / 2
		vpxord		\j*VL(BSRC), V8, V14
		vaesenclast	V14, V\j, V\j
		vmovdqu8	V\j, \j*VL(BDST)
	.endif
	.endr
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \c / 2 && \j < \c
		_ctr_next	V\j, %zmm16, V9, %zmm30, %zmm31
	.endif
	.endr
	_rem_rounds_r	(\c/2), \c, \c, (\c/2)
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \c / 2 && \j < \c
		vmovdqu8	\j*VL(BSRC), V14{KMV\j}{z}
		vpxord		V14, V8, V14
		vaesenclast	V14, V\j, V\j
		_rem_store	\j
		vmovdqu8	V\j, V\j{KMV\j}{z}
	.endif
	.endr
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \c / 2 && \j < \c
		_rem_gh_nat	\c, \j
	.endif
	.endr
.endm

/*
 * Encryption of a rest of class 8 (257..512 bytes) after a chunk still to be
 * hashed (at BDST - 8 VL), in two halves: AES of vectors 0-3 while hashing
 * the previous chunk's first group, then AES of vectors 4-7 while hashing
 * its second group and vectors 0-3 of the rest, then vectors 4-7 and the
 * rest's one reduction.  Only 4 vectors are hashed after the last AES.
 */
.macro _rem_enc_prev_split8
	_rem_masks_pptr	8
	lea	-8*VL(BDST), GDATA
	.irp j, 0,1,2,3,4,5,6,7
		_ctr_next	V\j, %zmm16, V9, %zmm30, %zmm31
	.endr
	.irp i, 1,2,3,4,5,6,7,8
		_rem_round_r	\i, 0, 4
		.if \i <= 4
			_gstep	(\i-1)
		.endif
	.endr
	_rem_round_r	9, 0, 4
	cmp	$12, BNR
	jb	.Lreps_last0\@
	_rem_round_r	10, 0, 4
	_rem_round_r	11, 0, 4
	je	.Lreps_last0\@
	_rem_round_r	12, 0, 4
	_rem_round_r	13, 0, 4
.Lreps_last0\@:
	.irp j, 0,1,2,3
		vpxord		\j*VL(BSRC), V8, V14
		vaesenclast	V14, V\j, V\j
		vmovdqu8	V\j, \j*VL(BDST)
	.endr
	.irp i, 1,2,3,4,5,6,7,8
		_rem_round_r	\i, 4, 8
		.if \i <= 4
			_gstep	(\i+3)
		.else
			_rem_gh_nat	8, (\i-5)
		.endif
	.endr
	_rem_round_r	9, 4, 8
	cmp	$12, BNR
	jb	.Lreps_last1\@
	_rem_round_r	10, 4, 8
	_rem_round_r	11, 4, 8
	je	.Lreps_last1\@
	_rem_round_r	12, 4, 8
	_rem_round_r	13, 4, 8
.Lreps_last1\@:
	.irp j, 4,5,6,7
		vmovdqu8	\j*VL(BSRC), V14{KMV\j}{z}
		vpxord		V14, V8, V14
		vaesenclast	V14, V\j, V\j
		_rem_store	\j
		vmovdqu8	V\j, V\j{KMV\j}{z}
	.endr
	.irp j, 4,5,6,7
		_rem_gh_nat	8, \j
	.endr
.endm

/*
 * VL 64 encryption of the first of several chunks, in two halves: AES of
 * vectors 0-3, then AES of vectors 4-7 while hashing 0-3 (the first GHASH
 * group, read back from dst), so that only the AES of 4 vectors waits for
 * nothing; the next iteration hashes vectors 4-7 (ghash 2).  Counters in
 * the stitched loop's form.
 */
.macro _enc_first_split
	_ctr_be64
	_rem_rounds_r	0, 4, 8, 0
	.irp j, 0,1,2,3
		vpxord		\j*VL(BSRC), V8, V14
		vaesenclast	V14, V\j, V\j
		vmovdqu8	V\j, \j*VL(BDST)
	.endr
	mov	BDST, GDATA
	.irp i, 1,2,3,4,5,6,7,8
		_rem_round_r	\i, 4, 8
		.if \i <= 4
			_gstep	(\i-1)
		.endif
	.endr
	_rem_round_r	9, 4, 8
	cmp	$12, BNR
	jb	.Lefs_last\@
	_rem_round_r	10, 4, 8
	_rem_round_r	11, 4, 8
	je	.Lefs_last\@
	_rem_round_r	12, 4, 8
	_rem_round_r	13, 4, 8
.Lefs_last\@:
	.irp j, 4,5,6,7
		vpxord		\j*VL(BSRC), V8, V14
		vaesenclast	V14, V\j, V\j
		vmovdqu8	V\j, \j*VL(BDST)
	.endr
.endm

/* Branch to the iteration of the least class C >= ceil(BLEN / 64). */
.macro _rem_dispatch prev, decrypt, done
	cmp	$4*VL, BLEN
	ja	.Lc8\@
	cmp	$2*VL, BLEN
	ja	.Lc4\@
	cmp	$VL, BLEN
	ja	.Lc2\@
	_rem_iter	1, \prev, \decrypt
	jmp	\done
.Lc2\@:
	_rem_class	2, \prev, \decrypt
	jmp	\done
.Lc4\@:
	_rem_class	4, \prev, \decrypt
	jmp	\done
.Lc8\@:
	_rem_class	8, \prev, \decrypt
	jmp	\done
.endm

.macro _rem_class c, prev, decrypt
	.if !\prev && !\decrypt
		_rem_enc_split	\c
	.elseif !\decrypt && \c == 8
		_rem_enc_prev_split8
	.else
		_rem_iter	\c, \prev, \decrypt
	.endif
.endm

.macro _gcm_update512 decrypt
	_set_veclen	64
	_bulk_set_regs
	mov	%r9d, %r9d
	test	BLEN, BLEN
	jz	.Lupd_none\@
	mov	AESNICTR_KEY_NROUNDS(BKEY), BNR
	/*
	 * _ctr_init_mem, the IV part loaded in pieces (see _load_ctrblk): C
	 * from the counter word broadcast to every dword, whose lane bytes
	 * 12-15 .Lctr_low32_le moves to dword 3 as little-endian.
	 */
	vpbroadcastd	12(BCTR), V9
	vpshufb		.Lctr_low32_le(%rip), V9, V9
	vpaddd		.Llane_offsets(%rip), V9, V9
	vmovq		(BCTR), %xmm14
	vpinsrd		$2, 8(BCTR), %xmm14, %xmm14
	vshufi32x4	$0, %zmm14, %zmm14, %zmm16
	vbroadcasti32x4	(BKEY), V14
	vpternlogd	$0x6c, .Lmask_high96(%rip), V14, %zmm16
	mov	12(BCTR), %esi
	bswap	%esi				/* c; BCTR is not used again */
	vmovdqu8	STEP_CONST(%rip), %zmm30
	vmovdqu8	.Lbswap_low32(%rip), %zmm31
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
		vbroadcasti32x4	16*\i(BKEY), RKEY\i
	.endr
	mov	BNR, %eax
	shl	$4, %eax
	vbroadcasti32x4	(BKEY,%rax), V8
	_load_acc	BACC, %xmm15
	cmpb	$0, 8(%rsp)
	je	.Lupd_notlast\@
	/* AES(J0), parked in ghash_acc: T ^ J0's low word, the key in regs */
	vpxord		.Lj0_word(%rip), %zmm16, V0
	.irp i, 1,2,3,4,5,6,7,8,9
		vaesenc		RKEY\i, V0, V0
	.endr
	cmp	$12, BNR
	jb	.Lj0_last\@
	vaesenc		RKEY10, V0, V0
	vaesenc		RKEY11, V0, V0
	je	.Lj0_last\@
	vaesenc		RKEY12, V0, V0
	vaesenc		RKEY13, V0, V0
.Lj0_last\@:
	vaesenclast	V8, V0, V0
	vmovdqu		%xmm0, (BACC)
.Lupd_notlast\@:
	/* the counters change form only around the stitched loop */
	.if \decrypt
		cmp	$8*VL, BLEN
		jbe	.Lupd_rem\@
		vpshufb		%zmm31, V9, V9		/* see _ctr_be64 */
.Lupd_loop\@:
		mov	BSRC, GDATA
		_bulk_iter	1, 1
		add	$8*VL, BSRC
		add	$8*VL, BDST
		sub	$8*VL, BLEN
		cmp	$8*VL, BLEN
		ja	.Lupd_loop\@
		_ctr_le64
.Lupd_rem\@:
		_rem_dispatch	0, 1, .Lupd_done\@
	.else
		cmp	$8*VL, BLEN
		jbe	.Lupd_first\@			/* one chunk: split, below */
		vpshufb		%zmm31, V9, V9		/* see _ctr_be64 */
		_enc_first_split
		add	$8*VL, BSRC
		add	$8*VL, BDST
		sub	$8*VL, BLEN
		lea	-8*VL(BDST), GDATA
		cmp	$8*VL, BLEN
		jbe	.Lupd_half\@
		_bulk_iter	1, 2
		/* the stitched loop; the last 1..8 vectors go to the rest */
.Lupd_loop\@:
		add	$8*VL, BSRC
		add	$8*VL, BDST
		sub	$8*VL, BLEN
		cmp	$8*VL, BLEN
		jbe	.Lupd_pending\@
		lea	-8*VL(BDST), GDATA
		_bulk_iter	1, 1
		jmp	.Lupd_loop\@
.Lupd_pending\@:
		_ctr_le64
		_rem_dispatch	1, 0, .Lupd_done\@
.Lupd_half\@:		/* the first chunk's second group, then the rest */
		_bulk_iter	0, 2
		test	BLEN, BLEN
		jz	.Lupd_done\@
		_ctr_le64
.Lupd_first\@:
		_rem_dispatch	0, 0, .Lupd_done\@
	.endif
.Lupd_done\@:
	_last_acc	8(%rsp), BLEN
	vmovdqu	%xmm15, (BACC)
	vzeroupper
	RET
.Lupd_none\@:
	_last_empty	8(%rsp)
	RET
.endm

SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_avx)
	_gcm_update	16, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_avx)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_avx)
	_gcm_update	16, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_avx)

#if AESNICTR_AS_VAES
SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes2)
	_gcm_update	32, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes2)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes2)
	_gcm_update	32, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes2)
SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes512)
	_gcm_update512	0
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes512)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes512)
	_gcm_update512	1
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes512)
#endif
