/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembly shared by the GCM files: gcm_ghash.S (the powers of H, GHASH,
 * the final), gcm_update.S (the avx and vaes2 updates) and gcm_vaes512.S
 * (the vaes512 updates).  The GHASH field arithmetic, the constants they
 * use, the update's argument registers, its per-message state loads, AES of
 * one block and of J0, and the last-update protocol.  Include after
 * gcm_asm.h (the key offsets).
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
 * with the same multiplication.  Several blocks share one reduction: their
 * partial products are summed first (aggregated reduction), and the fold is
 * linear, so reducing every 128-bit lane of a wide sum and then adding the
 * lanes gives the same value as adding first.
 *
 * Key layout (struct aesnictr_gcm_key, offsets in gcm_asm.h): AES round
 * keys @0, K_33 just before K_32..K_17 @AESNICTR_GCM_H_POWERS_HI and right
 * after them K_16..K_1 @AESNICTR_GCM_H_POWERS (16 bytes each: one table
 * K_33..K_1), K_i.lo ^ K_i.hi of K_16..K_1 @AESNICTR_GCM_H_XORED (in both
 * halves of 16 bytes, same order).
 */
#ifndef AESNICTR_GCM_ASM_MACROS_H
#define AESNICTR_GCM_ASM_MACROS_H

#include "aes_rounds.h"

	.pushsection .rodata
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
/* J0 = the upper 96 bits of any counter block || be32(1): XOR this in */
	.p2align 6
.Lj0_word:
	.rept 4
	.long	0, 0, 0, 1 << 24
	.endr
	.popsection

#define H_POWERS	AESNICTR_GCM_H_POWERS
#define H_XORED		AESNICTR_GCM_H_XORED
#define H_POWERS_HI	AESNICTR_GCM_H_POWERS_HI
#define H_POWERS_TOP	AESNICTR_GCM_H_POWERS_TOP
#define GFPOLY		%xmm14		/* .Lgfpoly, for _ghash_reduce */

/*
 * The update routines' arguments:
 * void aesnictr_gcm_{enc,dec}_update_<tier>(key, ctr, acc, dst, src, len,
 * last); BNR and GDATA are set by the routines.
 */
#define BKEY	%rdi
#define BCTR	%rsi
/* the GHASH value: read once at the start, written once at the end */
#define BACC	%rdx
#define BDST	%rcx
#define BSRC	%r8
#define BLEN	%r9
#define BNR	%r10d	/* the number of rounds */
#define GDATA	%r11	/* the ciphertext being hashed */

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

/*
 * A stitched loop in a copy per key length, BNR branched on once: body is
 * the macro that makes one copy, called with the number of rounds and arg.
 */
.macro _per_nr body, arg
	cmp	$12, BNR
	jb	.Lpn10\@
	je	.Lpn12\@
	\body	14, \arg
	jmp	.Lpn_done\@
.Lpn12\@:
	\body	12, \arg
	jmp	.Lpn_done\@
.Lpn10\@:
	\body	10, \arg
.Lpn_done\@:
.endm

/*
 * AES rounds 9 .. NR-1 of a stitched iteration (NR = BNR: 10, 12 or 14) as
 * "round i, args" for each, so that the caller's last round follows.
 */
.macro _rounds_from9 round, args:vararg
	\round	9, \args
	_aes_rounds_from10 BNR, \round, \args
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
 * into its last group (see _fold_h).  xmm0-xmm4 and GFPOLY scratch.
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
 * path of a short message.
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
 * The rest's code for its class: leaf c, args for c = ceil(BLEN / unit),
 * where BLEN is in unit (lo-1) + 1 .. unit hi; a binary search, each
 * compare halving the range, so that a rest of c vectors runs the code of
 * exactly c (no AES rounds on vectors without data).  Each leaf is followed
 * by a jump to done.
 */
.macro _class_pick leaf, unit, done, lo, hi, args:vararg
	.if \lo == \hi
		\leaf	\lo, \args
		jmp	\done
	.else
		cmp	$((\lo + \hi) / 2) * \unit, BLEN
		ja	.Lcp_upper\@
		_class_pick	\leaf, \unit, \done, \lo, ((\lo + \hi) / 2), \args
.Lcp_upper\@:
		_class_pick	\leaf, \unit, \done, ((\lo + \hi) / 2 + 1), \hi, \args
	.endif
.endm

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
 * table (FOLD_MAX, set by each file: the largest rest with that room, and
 * for the Karatsuba code a xored half).  Otherwise (no rest, or a longer
 * one) the value is multiplied by K_1 at the end (_last_acc, _last_empty).
 */

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

#endif /* AESNICTR_GCM_ASM_MACROS_H */
