/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCM updates of the 512-bit tier (VAES, VPCLMULQDQ and AVX-512 on zmm
 * registers): aesnictr_gcm_{enc,dec}_update_vaes512 and, the same but for
 * the stitched loop's registers (below, "The stitched loop of the _hregs
 * updates"), aesnictr_gcm_{enc,dec}_update_vaes512_hregs.  The precomputation,
 * aesnictr_ghash_update and aesnictr_gcm_final that go with them are in
 * gcm_ghash.S, the 128- and 256-bit updates in gcm_update.S; what the GCM
 * files share (the field arithmetic and its derivation, the key layout, the
 * last-update protocol) is in gcm_asm_macros.h.
 *
 * The math.  Each 128-bit lane of a vector holds one byte-reflected block,
 * and GHASH multiplies it by a power K_i = r(H^i) x of the hash key with
 * carry-less multiplications; the 256-bit product LO + MI x^64 + HI x^128
 * is reduced by x^128 (Montgomery) with two 64-bit folds by the constant
 * 0xc200000000000000 (.Lgfpoly_wide), which leave the result in HI.  Blocks
 * hashed together take the powers K_n..K_1, with the running GHASH value
 * added to the first, so their products can be summed and reduced once:
 * the stitched loop sums all 32 blocks of an iteration (K_32..K_1) lane by
 * lane, reduces the four lanes at full width (the fold is linear) and then
 * adds the lanes up.  It multiplies schoolbook: four products per vector
 * (lo lo, hi hi and the two middle ones, summed), one more carry-less
 * multiplication than Karatsuba but fewer XORs and shuffles and no xored
 * table; those, not the multiplier, bound this loop (tools/native/gcm_limit
 * shows both limits).  Reducing once per 32 blocks rather than per 16 saves
 * two multiplications and about eight XORs and shuffles per 32 blocks, which
 * counts where the 512-bit carry-less multiplier is half-rate (AMD Zen 5).
 * The rest of an update is hashed from loaded powers (_gh_vec): the same
 * way in the _hregs updates, Karatsuba-style in the others.
 *
 * Registers: no stack (T lives in a register); the names are on the
 * #define and .set lines below.  None is cleared on return (docs/design.md,
 * "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "gcm_asm.h"

/* Built only where the assembler has VAES; asm_common.h insists on the flag. */
#if !defined(AESNICTR_AS_VAES) || AESNICTR_AS_VAES
#include "asm_common.h"
#include "gcm_asm_macros.h"

/*
 * Vector j of the stitched loop's 32 blocks gets 4j added to byte 15 of each
 * lane (whose lane offset 0..3 is already in the counter vector).
 */
	.section .rodata
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

	.text

/*
 * A rest of nb <= 32 blocks is one group from K_nb, so with K_33 in the
 * table every rest can take the factor H (see _fold_h).
 */
	.set	FOLD_MAX, 32*16

/*
 * Registers: the update's arguments BKEY .. BLEN, BNR and GDATA
 * (gcm_asm_macros.h; BLEN: the bytes left); V0-V7 = zmm0-7, the AES states,
 * and RKEY1-RKEY13 = zmm17-29, round keys 1-13 (asm_common.h); zmm13, zmm14
 * scratch, named in each routine; rax PPTR or scratch; and these:
 */
#define LAST_ARG	8(%rsp)		/* argument 7, last (no frame) */
/* rsi: BCTR, then c, the low counter word (scratch in the rest) */
#define CTRW		%esi
#define CTRWB		%sil
#define PPTR		%rax		/* K_nb, the rest's first power */
#define RKLAST		%zmm8		/* the last round key */
#define CTRS		%zmm9		/* C, big-endian in _ctr_be64 */
/* the partial products of a GHASH group */
#define GLO		%zmm10		/* sum of the low products */
#define GHI		%zmm11		/* sum of the high products */
#define GMI		%zmm12		/* sum of the middle products */
#define GACC		%zmm15		/* the GHASH value, lane 0 */
#define GACCX		%xmm15
#define TBLK		%zmm16		/* T: rk0 ^ the blocks' upper 96 bits */
/*
 * _ctr_next's constants outside the stitched loop; in it GHASH temporaries
 * (_ctr_le64 reloads them)
 */
#define STEPV		%zmm30		/* STEP_CONST */
#define BSWAPV		%zmm31		/* .Lbswap_low32 */
/*
 * The stitched loop of the _hregs updates, in its own registers
 * (_loop_regs_in switches to them, _loop_regs_out back): PW0-PW7 hold the
 * powers its hash steps take, K_32..K_1 4 blocks apart, in RKEY1-RKEY8's
 * registers (zmm17-24); LRK1 holds round key 1, in RKLAST's register; round
 * keys 2-8 and the last are broadcast from memory into RKT before their
 * round (RKT is the hash steps' GS_T, free between them).  On an Intel Xeon
 * (AES-256) the loop was 7% behind the AES port's bound with the powers as
 * memory operands, and as far with one load of them per vector; with them
 * in registers it reaches the bound.  Round keys from memory cost
 * encryption 1-2% there, hence round key 1 in a register.  On AMD Zen 5
 * the updates without _hregs, which keep the powers as memory operands and
 * the round keys in registers, are ahead (7 December 2026: 6-9% for
 * encryption from 4 KiB, 2-13% for decryption from 256 to 1420 bytes,
 * level beyond), as llvm-mca's Zen 4 model predicted (the broadcasts take
 * an FP port there); gcm_glue.c picks by vendor.
 */
#define LRK1		%zmm8
#define RKT		%zmm31
	.set	PW0, %zmm17; .set PW1, %zmm18; .set PW2, %zmm19; .set PW3, %zmm20
	.set	PW4, %zmm21; .set PW5, %zmm22; .set PW6, %zmm23; .set PW7, %zmm24

/* The byte mask of the rest's last vector, the one it may not fill */
#define KLAST		%k1

/*
 * AES round i (1 .. 13) of vectors lo .. hi-1; loopregs: with the stitched
 * loop's registers.
 */
.macro _aes_round i, lo, hi, loopregs=0
	.if \loopregs && \i == 1
		.set	AR_KEY, LRK1
	.elseif \loopregs && \i <= 8
		vbroadcasti32x4	16*\i(BKEY), RKT
		.set	AR_KEY, RKT
	.else
		.irp k, 1,2,3,4,5,6,7,8,9,10,11,12,13
		.if \k == \i
			.set	AR_KEY, RKEY\k
		.endif
		.endr
	.endif
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \lo && \j < \hi
		vaesenc		AR_KEY, V\j, V\j
	.endif
	.endr
.endm

/* Into the stitched loop's registers, and back (rax scratch). */
.macro _loop_regs_in
	.irp j, 0,1,2,3,4,5,6,7
		vmovdqu8	H_POWERS_HI + \j*64(BKEY), PW\j
	.endr
	vbroadcasti32x4	16(BKEY), LRK1
.endm

.macro _loop_regs_out
	.irp i, 1,2,3,4,5,6,7,8
		vbroadcasti32x4	16*\i(BKEY), RKEY\i
	.endr
	mov	BNR, %eax
	shl	$4, %eax
	vbroadcasti32x4	(BKEY,%rax), RKLAST
.endm

/*
 * The stitched loop's counters: CTRS holds the counter blocks of the
 * iteration's first vector as big-endian words (lanes c .. c+3,
 * byte-swapped from C), CTRW c.  Unless byte 15 of a lane would carry
 * within the iteration or in the step to the next (c + 3 + 32 past a
 * multiple of 256: c mod 256 > 220, once or twice every 8 iterations),
 * vector j is CTRS + 4j in byte 15, XOR T (T already holds rk0 and the upper
 * 96 bits, CTRS's upper 96 bits are zero); otherwise C is stepped
 * little-endian as in _ctr_next (constants from memory: BSWAPV is a GHASH
 * temporary here).
 */
.macro _ctr_be64
	cmp	$255 - 35, CTRWB
	ja	.Lctr64_slow\@
	vpxord		TBLK, CTRS, V0
	.irp j, 1,2,3,4,5,6,7
		vpaddd		.Linc_be64+\j*64(%rip), CTRS, V\j
		vpxord		TBLK, V\j, V\j
	.endr
	vpaddd		.Lstep_be64(%rip), CTRS, CTRS
	jmp	.Lctr64_done\@
.Lctr64_slow\@:
	vmovdqu8	STEP_CONST(%rip), STEPV
	vpshufb		.Lbswap_low32(%rip), CTRS, CTRS
	.irp j, 0,1,2,3,4,5,6,7
		_ctr_next	V\j, TBLK, CTRS, STEPV, .Lbswap_low32(%rip)
	.endr
	vpshufb		.Lbswap_low32(%rip), CTRS, CTRS
.Lctr64_done\@:
	add	$32, CTRW
.endm

/* Back to C and the constants of _ctr_next, for the rest. */
.macro _ctr_le64
	vmovdqu8	STEP_CONST(%rip), STEPV
	vmovdqu8	.Lbswap_low32(%rip), BSWAPV
	vpshufb		BSWAPV, CTRS, CTRS
.endm

/*
 * MI ^= LO ^ HI if karatsuba (else GMI is already the middle product),
 * reduce every lane, then add up the lanes into the GHASH value.
 */
#define GR_T		%zmm14		/* a fold's product */
#define GHI_Y		%ymm11		/* GHI's lower lanes as they are added */
#define GHI_X		%xmm11
#define GR_Y		%ymm13		/* GHI's upper lanes */
#define GR_X		%xmm13
.macro _greduce64 karatsuba=0
	.if \karatsuba
		vpternlogd	$0x96, GLO, GHI, GMI
	.endif
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), GLO, GR_T
	vpshufd		$0x4e, GLO, GLO
	vpternlogd	$0x96, GLO, GR_T, GMI
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), GMI, GR_T
	vpshufd		$0x4e, GMI, GMI
	vpternlogd	$0x96, GMI, GR_T, GHI
	vextracti64x4	$1, GHI, GR_Y
	vpxor		GR_Y, GHI_Y, GHI_Y
	vextracti128	$1, GHI_Y, GR_X
	vpxor		GR_X, GHI_X, GACCX
.endm
#undef GR_T
#undef GHI_Y
#undef GHI_X
#undef GR_Y
#undef GR_X

/*
 * Hash step s (0..7) of the 8 vectors at GDATA + 64 voff, in groups of n
 * vectors: 8 (one group of 32 blocks, K_32..K_1) or 4 (two of 16,
 * K_16..K_1; where a chunk is hashed in halves).  Within a group the vectors
 * go 1, 2, .., n-1, then 0, which carries the running GHASH value: the
 * products that wait for the previous reduction come last, so that
 * reduction's latency overlaps the other products.  Four products per
 * vector, no Karatsuba.  The powers are memory operands, or (preg: in the
 * stitched loop) registers PW0-PW7, of which a group of 4 takes PW4-PW7.
 */
#define GS_X		%zmm13		/* the vector being hashed */
#define GS_PW		%zmm14		/* its powers (vectors hashed alone) */
#define GS_PLO		%zmm14		/* a pair's first LO, */
#define GS_PHI		%zmm30		/* and HI (STEPV's register) */
#define GS_T		%zmm31		/* a product (BSWAPV's, RKT's register) */
/*
 * A product of the vector with its powers, taken from: 0 memory (GPA), 1
 * GS_PW, 2 PW<GPW>.
 */
.macro _gmul imm, dst, from
	.if \from == 0
		vpclmulqdq	\imm, GPA(BKEY), GS_X, \dst
	.elseif \from == 1
		vpclmulqdq	\imm, GS_PW, GS_X, \dst
	.else
		.irp k, 0,1,2,3,4,5,6,7
		.if \k == GPW
			vpclmulqdq	\imm, PW\k, GS_X, \dst
		.endif
		.endr
	.endif
.endm
.macro _gstep64 s, n, preg=0, voff=0
	.set	GJ, ((\s) + 1) % (\n)
	.set	GV, (\s) - ((\s) % (\n)) + GJ + (\voff)
	.set	GPW, GJ + 8 - (\n)		/* K_16..K_1: in PW4..PW7 */
	.if \n == 8
		.set	GPA, H_POWERS_HI + GJ*64	/* K_32..K_1 */
	.else
		.set	GPA, H_POWERS + GJ*64		/* K_16..K_1 */
	.endif
	vmovdqu8	GV*64(GDATA), GS_X
	vpshufb		.Lbswap128(%rip), GS_X, GS_X
	.if GJ == 0
		vpxord		GACC, GS_X, GS_X
	.endif
	.if \n == 8 && GJ != 1 && GJ != 2
		/*
		 * Vectors 3..7, 0 in pairs: the first's LO and HI wait and
		 * the second's are added with them, one ternary XOR each.
		 */
		.set	GFROM, 2 * \preg		/* PW<GPW> or memory */
		.if GJ % 2
			_gmul	$0x00, GS_PLO, GFROM
			_gmul	$0x11, GS_PHI, GFROM
		.else
			_gmul	$0x00, GS_T, GFROM
			vpternlogd	$0x96, GS_T, GS_PLO, GLO
			_gmul	$0x11, GS_T, GFROM
			vpternlogd	$0x96, GS_T, GS_PHI, GHI
		.endif
		_gmul	$0x01, GS_T, GFROM
		_gmul	$0x10, GS_X, GFROM
		vpternlogd	$0x96, GS_T, GS_X, GMI
	.else
		.set	GFROM, 1 + \preg		/* PW<GPW> or GS_PW */
		.if !\preg
			vmovdqu8	GPA(BKEY), GS_PW
		.endif
		.if GJ == 1
			_gmul	$0x00, GLO, GFROM
			_gmul	$0x11, GHI, GFROM
			_gmul	$0x01, GMI, GFROM
			_gmul	$0x10, GS_X, GFROM
			vpxord		GS_X, GMI, GMI
		.else
			_gmul	$0x00, GS_T, GFROM
			vpxord		GS_T, GLO, GLO
			_gmul	$0x11, GS_T, GFROM
			vpxord		GS_T, GHI, GHI
			_gmul	$0x01, GS_T, GFROM
			_gmul	$0x10, GS_X, GFROM
			vpternlogd	$0x96, GS_T, GS_X, GMI
		.endif
	.endif
	.if GJ == 0
		_greduce64
	.endif
.endm
#undef GS_X
#undef GS_PW
#undef GS_PLO
#undef GS_PHI
#undef GS_T

/*
 * The last round of vector j, fused with the XOR of src, and its store.
 * _last_round_masked: the same for the rest's last vector, which may be
 * partial, src read under its byte mask (zero past R); zero: then clear
 * the keystream past R, for hashing.
 */
#define LR_X		%zmm14		/* src ^ the last round key */
.macro _last_round j, key=RKLAST
	vpxord		\j*64(BSRC), \key, LR_X
	vaesenclast	LR_X, V\j, V\j
	vmovdqu8	V\j, \j*64(BDST)
.endm

.macro _last_round_masked j, zero=0
	vmovdqu8	\j*64(BSRC), LR_X{KLAST}{z}
	vpxord		LR_X, RKLAST, LR_X
	vaesenclast	LR_X, V\j, V\j
	_rem_store	\j
	.if \zero
		vmovdqu8	V\j, V\j{KLAST}{z}
	.endif
.endm
#undef LR_X

/*
 * Store the rest's last vector j: whole if R fills it (R = 64 (j+1)), without
 * the mask, so that a load of what it wrote can be forwarded from the store
 * (a masked store's data is not forwarded on the AMD CPU this was tuned on,
 * and a reader of the text's last bytes, as ESP reads its trailer, waits
 * until it reaches the cache); else under the mask.
 */
.macro _rem_store j
	cmp	$(\j+1)*64, BLEN
	jb	.Lrs_masked\@
	vmovdqu8	V\j, \j*64(BDST)
	jmp	.Lrs_done\@
.Lrs_masked\@:
	vmovdqu8	V\j, \j*64(BDST){KLAST}
.Lrs_done\@:
.endm

/*
 * Encryption's second chunk, before the stitched loop (aes 1), or the first
 * chunk's second half when it is the last (aes 0): AES-CTR on 8 vectors
 * and/or GHASH of vectors 4-7 at GDATA as a group of 4 (the first 4 were
 * hashed by _enc_first_split), hash steps in rounds 5-8.
 */
.macro _bulk_iter64 aes
	.if \aes
		_ctr_be64
	.endif
	.irp i, 1,2,3,4,5,6,7,8
		.if \aes
			_aes_round	\i, 0, 8
		.endif
		.if \i > 4
			_gstep64	(\i-1), 4
		.endif
	.endr
	.if \aes
		_rounds_from9	_aes_round, 0, 8
		.irp j, 0,1,2,3,4,5,6,7
			_last_round	\j
		.endr
	.endif
.endm

/*
 * One iteration of the stitched loop: AES-CTR on 8 vectors of nr rounds (a
 * copy of the loop per key length) and hash steps 0 .. hash-1 of what
 * _loop_hstep names, spread over rounds gfirst .. nr-1: step t goes after
 * the first round i with ceil(hash (i - gfirst + 1) / (nr - gfirst)) > t.
 * Decryption hashes src, ready at once: gfirst 1; encryption, see
 * _enc_loop.  regs: in the loop's registers (the _hregs updates), else
 * with the round keys in theirs and the powers as memory operands.  (The
 * latter hashed in rounds 1-8 whatever nr was, until 7 December 2026: on
 * AMD Zen 5 spreading the steps over all rounds made AES-256 9-12% faster
 * from 16 KiB, both ways, AES-128 0-2%.)
 */
.macro _loop_iter64 nr, gfirst, hash, regs
	_ctr_be64
	.set	LI_SPAN, \nr - \gfirst
	.set	LI_DONE, 0
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		_aes_round	\i, 0, 8, \regs
		.if \i >= \gfirst
		.rept	(\hash * (\i - \gfirst + 1) + LI_SPAN - 1) / LI_SPAN - LI_DONE
			_loop_hstep	LI_DONE, \hash, \regs
			.set	LI_DONE, LI_DONE + 1
		.endr
		.endif
	.endif
	.endr
	.if \regs
		vbroadcasti32x4	16*\nr(BKEY), RKT
		.irp j, 0,1,2,3,4,5,6,7
			_last_round	\j, RKT
		.endr
	.else
		.irp j, 0,1,2,3,4,5,6,7
			_last_round	\j
		.endr
	.endif
.endm

/*
 * Hash step t of a stitched-loop iteration that hashes the 8 vectors at
 * GDATA as one group (hash 8) or vectors 4-7 at GDATA as a group of 4
 * (hash 4); regs as _loop_iter64's.
 */
.macro _loop_hstep t, hash, regs
	.if \hash == 8
		_gstep64	\t, 8, \regs
	.else
		_gstep64	(\t + 4), 4, \regs
	.endif
.endm

/*
 * The stitched loop in a copy per key length (_per_nr): body is the macro
 * that makes one copy (its arguments: the number of rounds and hregs), in
 * its registers (hregs) or not.
 */
.macro _stitched_loop body, hregs
	.if \hregs
		_loop_regs_in
	.endif
	_per_nr	\body, \hregs
.endm

/*
 * Decryption's stitched loop for nr rounds: in its registers while 8
 * vectors or more remain (a last whole chunk costs less here than as the
 * rest), or with its powers as memory operands while more than 8 remain
 * (the last 1..8 are the rest: that form as measured on AMD Zen 5).
 */
.macro _dec_loop nr, regs
.Ldec_loop\@:
	mov	BSRC, GDATA
	_loop_iter64	\nr, 1, 8, \regs
	_next_chunk
	cmp	$8*64, BLEN
	.if \regs
		jae	.Ldec_loop\@
	.else
		ja	.Ldec_loop\@
	.endif
.endm

/*
 * Encryption's stitched loop (nr, regs as _dec_loop's), from a whole chunk
 * at BDST with the chunk before it pending, to the rest (the last 1..8
 * vectors).  With its powers as memory operands each iteration hashes, from
 * round 1, the chunk the one before wrote, the last of which is pending at
 * the end (the rest's prev 1).  In its registers each iteration hashes the
 * 8 vectors from 12 to 4 before the chunk it encrypts (a lag of one and a
 * half chunks), the first only vectors 4-7 of those (moving to that lag),
 * and 12 are pending at the end (prev 2): the ciphertext written at the end
 * of the iteration before is hashed only from the middle of an iteration
 * on, and no hash step early in it waits for those stores.  On the Intel
 * Xeon, AES-256 encryption over a lag of one: 64 KiB 1.2-1.5% faster, 1 MiB
 * 2.7%, 16 KiB level (the rest hashes 4 vectors more); a lag of two was no
 * faster than one and a half.  Hash steps from round 3 on (from round 1: at
 * 16 KiB 1.5% slower at a lag of one, 0.7% at this one).
 */
.macro _enc_loop nr, regs
	.if \regs
		lea	-12*64(BDST), GDATA
		_loop_iter64	\nr, 3, 4, 1
.Lenc_loop\@:
		_next_chunk
		cmp	$8*64, BLEN
		jbe	.Lenc_loop_end\@
		lea	-12*64(BDST), GDATA
		_loop_iter64	\nr, 3, 8, 1
		jmp	.Lenc_loop\@
.Lenc_loop_end\@:
	.else
.Lenc_loop\@:
		lea	-8*64(BDST), GDATA
		_loop_iter64	\nr, 1, 8, 0
		_next_chunk
		cmp	$8*64, BLEN
		ja	.Lenc_loop\@
	.endif
.endm

/*
 * The rest R (1..512 bytes: encryption's last chunk gets the split below,
 * a last update's the fold of H, see _fold_h) is one more iteration of
 * C = ceil(R / 64) vectors, C = 1 .. 8, so that no AES round runs on a
 * vector without data and only the last vector, C - 1, can be partial.  It
 * is loaded under the byte mask KLAST (made with VPTESTMB: on Intel
 * VPMOVB2M shares the port of VAESENC, and a rest's masked loads and
 * hashing waited behind the AES rounds before it, 7-8% of a 1408-byte
 * decryption), so nothing past R is read, and stored whole if R fills it,
 * else under the mask (_rem_store).  (With classes 1, 2, 4, 6 and 8 only,
 * whose upper vectors were masked and some empty, a 1472-byte decryption
 * took longer than a 1536-byte one on the Intel Xeon.)  Encryption hashes,
 * between that iteration's AES rounds, the chunk before it, and then R's
 * ciphertext from the registers it was made in (the keystream past R
 * zeroed); decryption hashes R from src between the rounds.  R's
 * nb = ceil(R / 16) <= 32 blocks are one GHASH group with one reduction:
 * vector j takes the powers from K_nb - 4j on (K_nb at PPTR; K_33..K_17 lie
 * just before K_16), so no vector waits for another's reduction.  Power
 * loads end at most 3 blocks past K_1 (nb = 4C - 3), inside the xored
 * table that follows it; blocks past R are zero, so what they are
 * multiplied by does not matter.  (Karatsuba: the xored halves of those
 * powers are computed, not loaded; the xored table has no such slack.)
 * Encryption splits its iterations in two where nothing else would
 * overlap the GHASH of fresh ciphertext: the first chunk of a longer update
 * (_enc_first_split: the next iteration then hashes only its second group),
 * a rest of C >= 2 with nothing pending (_rem_enc_split) and a rest of
 * C >= 5 after pending vectors (_rem_enc_prev_split): hashing waits for at
 * most 4 vectors of AES, and at the end only 4 vectors (or fewer) are
 * hashed alone, as in the kernel's 4-vector loop.
 */

/*
 * Hash one vector of data (a register, byte reflection done here, then
 * clobbered) with the powers at pmem into GLO, GHI, GMI; init: the first of
 * its group, addacc: add the GHASH value first.  Karatsuba in the updates
 * without _hregs (REST_KARATSUBA 1, the xored halves of the powers
 * computed: 3 products and 10 more other ops per vector, as measured ahead
 * on AMD Zen 5), else four products as _gstep64's (on the Intel Xeon a
 * 512-byte decryption was 20% faster through the loop than through the
 * Karatsuba rest; with these products as well, the rest of a 1420-byte one
 * gained 3%).
 */
#define GV_PW		%zmm13		/* the powers, then their halves' XOR */
#define GV_T		%zmm14		/* a product; data's halves' XOR */
.macro _gh_vec data, pmem, init, addacc
	vpshufb		.Lbswap128(%rip), \data, \data
	.if \addacc
		vpxord		GACC, \data, \data
	.endif
	vmovdqu8	\pmem, GV_PW
	.if \init
		vpclmulqdq	$0x00, GV_PW, \data, GLO
		vpclmulqdq	$0x11, GV_PW, \data, GHI
	.else
		vpclmulqdq	$0x00, GV_PW, \data, GV_T
		vpxord		GV_T, GLO, GLO
		vpclmulqdq	$0x11, GV_PW, \data, GV_T
		vpxord		GV_T, GHI, GHI
	.endif
	.if REST_KARATSUBA
		vpshufd		$0x4e, GV_PW, GV_T
		vpxord		GV_T, GV_PW, GV_PW
		vpshufd		$0x4e, \data, GV_T
		vpxord		\data, GV_T, GV_T
		.if \init
			vpclmulqdq	$0x00, GV_PW, GV_T, GMI
		.else
			vpclmulqdq	$0x00, GV_PW, GV_T, GV_T
			vpxord		GV_T, GMI, GMI
		.endif
	.elseif \init
		vpclmulqdq	$0x01, GV_PW, \data, GMI
		vpclmulqdq	$0x10, GV_PW, \data, \data
		vpxord		\data, GMI, GMI
	.else
		vpclmulqdq	$0x01, GV_PW, \data, GV_T
		vpclmulqdq	$0x10, GV_PW, \data, \data
		vpternlogd	$0x96, GV_T, \data, GMI
	.endif
.endm
#undef GV_PW
#undef GV_T

/*
 * Step s of hashing R in a class-C iteration: the vectors go 1, .., C-1, 0
 * (the acc-carrying one last, see _gstep64), vector j with the powers at
 * PPTR + 64 j, then the one reduction.
 */
#define RG_SRC		%zmm9		/* decryption: a vector of src (C is spent) */
.macro _rem_gh_step c, s, decrypt
	.set	RJ, ((\s) + 1) % \c
	.irp v, 0,1,2,3,4,5,6,7
	.if \v == RJ
	.if \decrypt
		.if \v < \c - 1
			vmovdqu8	\v*64(BSRC), RG_SRC
		.else
			vmovdqu8	\v*64(BSRC), RG_SRC{KLAST}{z}
		.endif
		.set	RDATA, RG_SRC
	.else
		.set	RDATA, V\v
	.endif
	.endif
	.endr
	_gh_vec	RDATA, RJ*64(PPTR), ((\s) == 0), (RJ == 0)
	.if RJ == 0
		_greduce64	REST_KARATSUBA
	.endif
.endm
#undef RG_SRC

/*
 * Hash vector v of R (ciphertext in V<v>, masked part zeroed) in natural
 * order, its powers at PPTR + 64 v; after the last, the reduction.
 */
.macro _rem_gh_nat c, v
	.irp w, 0,1,2,3,4,5,6,7
	.if \w == \v
		_gh_vec	V\w, \w*64(PPTR), (\w == 0), (\w == 0)
	.endif
	.endr
	.if \v == \c - 1
		_greduce64	REST_KARATSUBA
	.endif
.endm

/*
 * AES rounds 1 .. NR-1 of vectors lo .. hi-1, and in rounds 1 .. gn hash
 * steps gs .. gs+gn-1 of the vectors at GDATA + 64 gvoff (groups of gn,
 * 4 or 8; gs = -1: none), in rounds noff+1 .. noff+nh vectors 0 .. nh-1 of
 * a class-c rest (_rem_gh_nat).
 */
.macro _aes_rounds lo, hi, gs=-1, c=0, nh=0, noff=0, gn=4, gvoff=0
	.irp i, 1,2,3,4,5,6,7,8
		_aes_round	\i, \lo, \hi
		.if \gs >= 0 && \i <= \gn
			_gstep64	(\gs+\i-1), \gn, 0, \gvoff
		.endif
		.if \i > \noff && \i <= \noff + \nh
			_rem_gh_nat	\c, (\i-1-\noff)
		.endif
	.endr
	_rounds_from9	_aes_round, \lo, \hi
.endm

/* KLAST, the byte mask of vector c - 1 (R's last 1..64 bytes); PPTR = K_nb. */
#define RM_LEN		%rax		/* minus the bytes of vector c - 1 */
#define RM_T		%rsi		/* scratch (c is spent) */
#define RM_BYTES	%zmm14		/* the mask as bytes */
.macro _rem_mask_pptr c
	mov	$64*(\c-1), RM_LEN
	sub	BLEN, RM_LEN
	lea	.Lbytemask+64(%rip), RM_T
	vmovdqu8	(RM_T,RM_LEN), RM_BYTES
	vptestmb	RM_BYTES, RM_BYTES, KLAST
	/* PPTR = K_nb, nb = ceil(R / 16) <= 32 (K_32..K_17 precede K_16) */
	lea	15(BLEN), PPTR
	shr	$4, PPTR
	shl	$4, PPTR
	neg	PPTR
	lea	H_POWERS+16*16(BKEY,PPTR), PPTR
	_fold_h	LAST_ARG, PPTR
.endm
#undef RM_LEN
#undef RM_T
#undef RM_BYTES

/* Round-0 states of vectors lo .. hi-1 of the rest. */
.macro _rem_ctrs lo, hi
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \lo && \j < \hi
		_ctr_next	V\j, TBLK, CTRS, STEPV, BSWAPV
	.endif
	.endr
.endm

/*
 * The last round of vectors lo .. hi-1 of a class-c rest, vector c - 1
 * masked (zero: its keystream past R cleared, for hashing).
 */
.macro _rem_last_rounds lo, hi, c, zero
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= \lo && \j < \hi
		.if \j == \c - 1
			_last_round_masked	\j, \zero
		.else
			_last_round	\j
		.endif
	.endif
	.endr
.endm

/*
 * Hash step t of what is pending before a rest, from GDATA: the 8 vectors
 * before dst as a group (prev 1, steps 0-7), or the 12 before it as a group
 * of 8 and one of 4 (prev 2, steps 0-11).
 */
.macro _rem_prev_step t
	.if \t < 8
		_gstep64	\t, 8
	.else
		_gstep64	(\t - 4), 4, 0, 4
	.endif
.endm

/*
 * The class-C iteration for the R (BLEN) bytes left; prev: hash what is
 * pending (_rem_prev_step: 8 or 12 steps, in rounds 1-8).
 */
.macro _rem_iter c, prev, decrypt
	_rem_mask_pptr	\c
	.if \prev
		lea	-(4 + 4*\prev)*64(BDST), GDATA
	.endif
	_rem_ctrs	0, \c
	.set	RI_DONE, 0
	.irp i, 1,2,3,4,5,6,7,8
		_aes_round	\i, 0, \c
		.if \prev
		.rept	(4 * (\prev + 1) * \i + 7) / 8 - RI_DONE
			_rem_prev_step	RI_DONE
			.set	RI_DONE, RI_DONE + 1
		.endr
		.endif
		.if \decrypt && (\i-1) < \c
			_rem_gh_step	\c, (\i-1), 1
		.endif
	.endr
	_rounds_from9	_aes_round, 0, \c
	_rem_last_rounds	0, \c, \c, !\decrypt
	.if !\decrypt
		.irp s, 0,1,2,3,4,5,6,7
		.if \s < \c
			_rem_gh_step	\c, \s, 0
		.endif
		.endr
	.endif
.endm

/*
 * Encryption of a rest of class C >= 2 with nothing pending (prev = 0), in
 * two parts so that hashing overlaps AES: the first H = ceil(C / 2) vectors
 * (all whole) are encrypted and stored, then the other C - H go through
 * their rounds while the first H are hashed, then those C - H are hashed.
 * Vectors are hashed in order, one group from PPTR, reduced at its end.
 */
.macro _rem_enc_split c
	.set	RS_H, (\c + 1) / 2
	_rem_mask_pptr	\c
	_rem_ctrs	0, RS_H
	_aes_rounds	0, RS_H
	_rem_last_rounds	0, RS_H, \c, 0
	_rem_ctrs	RS_H, \c
	_aes_rounds	RS_H, \c, c=\c, nh=RS_H
	_rem_last_rounds	RS_H, \c, \c, 1
	.irp j, 0,1,2,3,4,5,6,7
	.if \j >= RS_H && \j < \c
		_rem_gh_nat	\c, \j
	.endif
	.endr
.endm

/*
 * Encryption of a rest of class C = 5 .. 8 (257..512 bytes) after vectors
 * still to be hashed (prev, as _rem_iter's), in two parts: AES of vectors
 * 0-3 while hashing the first group pending (vectors 0-3 of the 8 before
 * BDST, or the 8 from 12 before it to 4 before it), then AES of vectors
 * 4 .. C-1 while hashing the pending 4 before BDST and vectors 0-3 of the
 * rest, then vectors 4 .. C-1 and the rest's one reduction.  At most 4
 * vectors are hashed after the last AES.
 */
.macro _rem_enc_prev_split c, prev
	_rem_mask_pptr	\c
	lea	-(4 + 4*\prev)*64(BDST), GDATA
	_rem_ctrs	0, \c
	_aes_rounds	0, 4, gs=0, gn=4*\prev
	_rem_last_rounds	0, 4, \c, 0
	_aes_rounds	4, \c, gs=4, c=\c, nh=4, noff=4, gvoff=4*(\prev-1)
	_rem_last_rounds	4, \c, \c, 1
	.irp j, 4,5,6,7
	.if \j < \c
		_rem_gh_nat	\c, \j
	.endif
	.endr
.endm

/*
 * Encryption of the first of several chunks, in two halves: AES of vectors
 * 0-3, then AES of vectors 4-7 while hashing 0-3 (the first GHASH group,
 * read back from dst), so that only the AES of 4 vectors waits for nothing;
 * the next iteration hashes vectors 4-7 (_bulk_iter64).  Counters in the
 * stitched loop's form.
 */
.macro _enc_first_split
	_ctr_be64
	_aes_rounds	0, 4
	.irp j, 0,1,2,3
		_last_round	\j
	.endr
	mov	BDST, GDATA
	_aes_rounds	4, 8, gs=0
	.irp j, 4,5,6,7
		_last_round	\j
	.endr
.endm

/* The rest's iteration, of class C = ceil(BLEN / 64) (_class_pick). */
.macro _rem_dispatch prev, decrypt, done
	_class_pick	_rem_class, 64, \done, 1, 8, \prev, \decrypt
.endm

/*
 * Encryption splits a class of 2 or more with nothing pending, and one of 5
 * or more after pending vectors (prev 1: a chunk, 2: 12 vectors; a smaller
 * one hashes them during its AES).
 */
.macro _rem_class c, prev, decrypt
	.if !\decrypt && !\prev && \c >= 2
		_rem_enc_split	\c
	.elseif !\decrypt && \prev && \c >= 5
		_rem_enc_prev_split	\c, \prev
	.else
		_rem_iter	\c, \prev, \decrypt
	.endif
.endm

/* On to the next chunk. */
.macro _next_chunk
	add	$8*64, BSRC
	add	$8*64, BDST
	sub	$8*64, BLEN
.endm

/*
 * void aesnictr_gcm_{enc,dec}_update_vaes512[_hregs](key, ctr, acc, dst,
 * src, len, last): the whole update in one function.  Whole 8-vector chunks
 * go through the stitched loop, the rest through one more iteration
 * (above); hregs: the loop in its own registers, decryption's to the last
 * whole chunk, the rest hashed without Karatsuba.
 */
#define UPD_IV		%xmm14		/* the counter block's upper 96 bits */
#define UPD_IVZ		%zmm14
#define UPD_RK0		%zmm14		/* round key 0 in every lane */
.macro _gcm_update512 decrypt, hregs
	.set	REST_KARATSUBA, !\hregs
	_set_veclen	64
	mov	%r9d, %r9d
	test	BLEN, BLEN
	jz	.Lupd_none\@
	mov	AESNICTR_KEY_NROUNDS(BKEY), BNR
	/*
	 * _ctr_init_mem, the IV part loaded in pieces (see _load_ctrblk): C
	 * from the counter word broadcast to every dword, whose lane bytes
	 * 12-15 .Lctr_low32_le moves to dword 3 as little-endian.
	 */
	vpbroadcastd	12(BCTR), CTRS
	vpshufb		.Lctr_low32_le(%rip), CTRS, CTRS
	vpaddd		.Llane_offsets(%rip), CTRS, CTRS
	vmovq		(BCTR), UPD_IV
	vpinsrd		$2, 8(BCTR), UPD_IV, UPD_IV
	vshufi32x4	$0, UPD_IVZ, UPD_IVZ, TBLK
	vbroadcasti32x4	(BKEY), UPD_RK0
	vpternlogd	$0x6c, .Lmask_high96(%rip), UPD_RK0, TBLK
	mov	12(BCTR), CTRW
	bswap	CTRW				/* c; BCTR is not used again */
	vmovdqu8	STEP_CONST(%rip), STEPV
	vmovdqu8	.Lbswap_low32(%rip), BSWAPV
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
		vbroadcasti32x4	16*\i(BKEY), RKEY\i
	.endr
	mov	BNR, %eax
	shl	$4, %eax
	vbroadcasti32x4	(BKEY,%rax), RKLAST
	_load_acc	BACC, GACCX
	cmpb	$0, LAST_ARG
	je	.Lupd_notlast\@
	/* AES(J0), parked in ghash_acc: T ^ J0's low word, the key in regs */
	vpxord		.Lj0_word(%rip), TBLK, V0
	_aes_rounds	0, 1
	vaesenclast	RKLAST, V0, V0
	vmovdqu		%xmm0, (BACC)
.Lupd_notlast\@:
	/* the counters change form only around the stitched loop */
	.if \decrypt
		cmp	$8*64, BLEN		/* as _dec_loop's bound */
		.if \hregs
			jb	.Lupd_rem\@
		.else
			jbe	.Lupd_rem\@
		.endif
		vpshufb		BSWAPV, CTRS, CTRS	/* see _ctr_be64 */
		_stitched_loop	_dec_loop, \hregs
		.if \hregs
			test	BLEN, BLEN
			jz	.Lupd_done\@	/* no rest: H by _last_acc */
			_loop_regs_out
		.endif
		_ctr_le64
.Lupd_rem\@:
		_rem_dispatch	0, 1, .Lupd_done\@
	.else
		cmp	$8*64, BLEN
		jbe	.Lupd_first\@			/* one chunk: split, below */
		vpshufb		BSWAPV, CTRS, CTRS	/* see _ctr_be64 */
		_enc_first_split
		_next_chunk
		lea	-8*64(BDST), GDATA
		cmp	$8*64, BLEN
		jbe	.Lupd_half\@
		_bulk_iter64	1
		_next_chunk
		cmp	$8*64, BLEN
		jbe	.Lupd_prev\@		/* the second chunk is the last */
		/* the stitched loop; the last 1..8 vectors go to the rest */
		_stitched_loop	_enc_loop, \hregs
		.if \hregs
			_loop_regs_out
			_ctr_le64
			_rem_dispatch	2, 0, .Lupd_done\@
		.endif
.Lupd_prev\@:
		_ctr_le64
		_rem_dispatch	1, 0, .Lupd_done\@
.Lupd_half\@:		/* the first chunk's second group, then the rest */
		_bulk_iter64	0
		test	BLEN, BLEN
		jz	.Lupd_done\@
		_ctr_le64
.Lupd_first\@:
		_rem_dispatch	0, 0, .Lupd_done\@
	.endif
.Lupd_done\@:
	_last_acc	LAST_ARG, BLEN
	vmovdqu	GACCX, (BACC)
	vzeroupper
	RET
.Lupd_none\@:
	_last_empty	LAST_ARG
	RET
.endm
#undef UPD_IV
#undef UPD_IVZ
#undef UPD_RK0

SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes512)
	_gcm_update512	0, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes512)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes512)
	_gcm_update512	1, 0
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes512)
SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes512_hregs)
	_gcm_update512	0, 1
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes512_hregs)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes512_hregs)
	_gcm_update512	1, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes512_hregs)

#endif /* AESNICTR_AS_VAES */
