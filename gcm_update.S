/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCM updates of the 128-bit (avx) and 256-bit (vaes2) tiers:
 * aesnictr_gcm_{enc,dec}_update_{avx,vaes2}, AES-CTR and GHASH of the
 * ciphertext stitched into one loop.  The 512-bit updates are in
 * gcm_vaes512.S; the powers of H they multiply by, aesnictr_ghash_update
 * and aesnictr_gcm_final in gcm_ghash.S; the field arithmetic (a carry-less
 * product and a Montgomery reduction by x^128 of the byte-reflected blocks,
 * K_i = r(H^i) x), the key layout and the last-update protocol in
 * gcm_asm_macros.h, which holds what the GCM files share.
 *
 * The math.  Each 128-bit lane of a vector holds one block; the blocks of a
 * group (the 8 vectors of a stitched iteration: 8 or 16 blocks) take the
 * powers K_n .. K_1, the running GHASH value added to the first, and share
 * one reduction.  Each product is Karatsuba's: per block the products of
 * the low halves (LO), of the high halves (HI) and of the halves' XORs (the
 * middle, (a.lo^a.hi)(b.lo^b.hi), with the xored halves of the powers
 * precomputed), summed lane by lane over the group; the lanes are reduced
 * at full width (the fold is linear) and then added up.
 *
 * The update routines interleave AES-CTR and GHASH in one loop over
 * chunks of 8 vectors (_stitched_iter; see there) and do a whole update in
 * one function: the rest after the last whole chunk is one pass of AES on as
 * many vectors as it has (1 .. 8) and GHASH of the result (_gcm_tail).
 * Carry-less multiplication is the busiest unit on the AMD CPU this was
 * tuned on (AES runs alongside it), and the loop is otherwise bound by the
 * latency of each group's reduction, so the GHASH value stays in a register
 * and the block that carries it is multiplied last.
 *
 * The register plan: the arguments are gcm_asm_macros.h's (BKEY rdi, BCTR
 * rsi until the counter is loaded, BACC rdx, BDST rcx, BSRC r8, BLEN r9,
 * BNR r10d, GDATA r11); V0-V7 (asm_common.h's names at width VL) hold the
 * AES states of the 8 vectors; V8 the round key, V9 the counter, V10-V12
 * the GHASH group's sums, V13 the vector hashed, V14 scratch, V15 the GHASH
 * value, each named at its #define below (and the rest's, which reuse
 * them, before _tail_gh); rax is scratch.  The stack holds the rest's
 * length, rk0 and a buffer (_gcm_update).
 * Wiped on return: rk0 and the buffer on the stack; registers are not
 * cleared (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "gcm_asm.h"
#include "asm_common.h"
#include "gcm_asm_macros.h"

	.section .rodata
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
/* The same for VL 16 (8 blocks an iteration). */
	.p2align 6
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

	.text

/*
 * The stitched GCM loop: each iteration encrypts 8 vectors of counter blocks
 * and, between their AES rounds, hashes 8 vectors of ciphertext (decryption:
 * the same 8 it is decrypting, read before they are overwritten; encryption:
 * the 8 written by the previous iteration, so the first iteration only
 * encrypts and a last pass only hashes).  AES and carry-less multiplication
 * then overlap instead of running one after the other.  _gcm_update runs
 * these iterations (_stitched_iter; encryption's first and last alone:
 * _aes_only_iter, _ghash_only_iter) over the whole 8-vector chunks.
 * A GHASH group is the 8 vectors of an iteration (8 or 16 blocks, at most as
 * many as there are powers K_16..K_1 with xored halves).
 */
#define CTRLE		%esi	/* the low counter word, little-endian */
#define CTRLEB		%sil
#define RKV		V8	/* a round key in every lane (_bulk_round) */
#define CTRV		V9	/* the iteration's first counter block, BE */
#define CTRX		%xmm9
#define GLO		V10	/* sum of a GHASH group's low products */
#define GHI		V11	/* sum of its high products; then reduced */
#define GHIX		%xmm11
#define GMI		V12	/* sum of its middle products */
#define GBLK		V13	/* a vector being hashed, byte-reflected */
#define GTMP		V14	/* a product, xored halves, src ^ round key */
#define GTMPX		%xmm14
#define GACC		V15	/* the GHASH value (lane 0; zero above) */
#define GACCX		%xmm15	/* (where _last_acc expects it) */

/* argument 7, last, once _gcm_update has made its frame */
#define LAST_ARG	16+2*VL+8(%rsp)

/*
 * The largest rest whose group can take the factor H (see _fold_h): 15
 * blocks, whose first power K_16 is the last with a xored half.
 */
	.set	FOLD_MAX, 15*16

/* The powers of a group of GBLOCKS = 8 VL / 16 blocks: K_GBLOCKS..K_1. */
.macro _bulk_set_regs
	.set	GBLOCKS, 8 * VL / 16
	.set	GPOWERS, H_POWERS + (16 - GBLOCKS) * 16
	.set	GXORED, H_XORED + (16 - GBLOCKS) * 16
.endm

/*
 * Hash step s (0..7) of the 8 vectors at GDATA, one group.  The vectors go
 * 1, 2, .., 7, then 0, which carries the running GHASH value (GACC): the
 * products that wait for the previous reduction come last, so that
 * reduction's latency overlaps the other products.
 */
.macro _gstep s
	.set	GJ, ((\s) + 1) % 8
	.set	GPA, GPOWERS + GJ*VL
	_vmovdqu	GJ*VL(GDATA), GBLK
	vpshufb		.Lbswap128(%rip), GBLK, GBLK
	.if GJ == 0
		_vpxor		GACC, GBLK, GBLK
	.endif
	.if GJ == 1
		vpclmulqdq	$0x00, GPA(BKEY), GBLK, GLO
		vpclmulqdq	$0x11, GPA(BKEY), GBLK, GHI
		vpshufd		$0x4e, GBLK, GTMP
		_vpxor		GBLK, GTMP, GTMP
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), GTMP, GMI
	.else
		vpclmulqdq	$0x00, GPA(BKEY), GBLK, GTMP
		_vpxor		GTMP, GLO, GLO
		vpclmulqdq	$0x11, GPA(BKEY), GBLK, GTMP
		_vpxor		GTMP, GHI, GHI
		vpshufd		$0x4e, GBLK, GTMP
		_vpxor		GBLK, GTMP, GTMP
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), GTMP, GTMP
		_vpxor		GTMP, GMI, GMI
	.endif
	.if GJ == 0
		_greduce
	.endif
.endm

/*
 * MID ^= LO ^ HI, reduce every lane (the fold is linear, so the lanes' sum
 * of reduced values is the reduced sum), then add up the lanes into the
 * GHASH value GACC.  Reducing at full width costs the same carry-less
 * multiplications as 128-bit and saves folding LO and MID across lanes.
 */
#define GR_X		%xmm13	/* GHI's upper lane (VL 32) */
.macro _greduce
	_vpxor		GLO, GMI, GMI
	_vpxor		GHI, GMI, GMI
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), GLO, GTMP
	vpshufd		$0x4e, GLO, GLO
	_vpxor		GLO, GMI, GMI
	_vpxor		GTMP, GMI, GMI
	vpclmulqdq	$0x10, .Lgfpoly_wide(%rip), GMI, GTMP
	vpshufd		$0x4e, GMI, GMI
	_vpxor		GMI, GHI, GHI
	_vpxor		GTMP, GHI, GHI
	.if VL == 32
		vextracti128	$1, GHI, GR_X
		vpxor		GR_X, GHIX, GACCX
	.else
		vmovdqa		GHIX, GACCX
	.endif
.endm

/*
 * VL 16, 32: the round-0 states of an iteration's 8 VL / 16 = BPI blocks.
 * CTRV holds the (big-endian) counter block of the first, CTRLE its low
 * word little-endian, rk0 in every lane is at 16(%rsp).  Unless the low byte
 * would carry within the iteration (once every 256 / BPI iterations; the
 * counter is public) the blocks are CTRV + n in byte 15: one VPADDD and the
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
	cmp	$255 - BPI, CTRLEB
	jbe	.Lctr_fast\@
	vpshufb		.Lbswap_low32(%rip), CTRV, CTRV
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		vpaddd		INC_LE+\j*VL(%rip), CTRV, V\j
		vpshufb		.Lbswap_low32(%rip), V\j, V\j
		_vpxor		16(%rsp), V\j, V\j
	.endif
	.endr
	vpaddd		STEP_LE(%rip), CTRV, CTRV
	vpshufb		.Lbswap_low32(%rip), CTRV, CTRV
	jmp	.Lctr_done\@
.Lctr_fast\@:
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		vpaddd		INC_BE+\j*VL(%rip), CTRV, V\j
		_vpxor		16(%rsp), V\j, V\j
	.endif
	.endr
	vpaddd		STEP_BE(%rip), CTRV, CTRV
.Lctr_done\@:
	add	$BPI, CTRLE
.endm

/* AES round i (1 .. 13) of the first n vectors. */
.macro _bulk_round i, n=8
	_vbroadcast128	16*\i(BKEY), RKV
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		vaesenc		RKV, V\j, V\j
	.endif
	.endr
.endm

/* RKV = the last round key (number BNR) in every lane; rax scratch. */
.macro _last_rkey
	mov	BNR, %eax
	shl	$4, %eax
	add	BKEY, %rax
	_vbroadcast128	(%rax), RKV
.endm

/*
 * The last round of the 8 vectors with the key in RKV, fused with the XOR
 * of src, and their stores to dst.
 */
.macro _last_rounds
	.irp j, 0,1,2,3,4,5,6,7
		_vpxor		\j*VL(BSRC), RKV, GTMP
		vaesenclast	GTMP, V\j, V\j
		_vmovdqu	V\j, \j*VL(BDST)
	.endr
.endm

/*
 * Encryption's iterations outside the stitched loop: the first chunk's
 * AES-CTR on 8 vectors alone, and the last chunk's GHASH (of the 8 vectors
 * at GDATA) alone.
 */
.macro _aes_only_iter
	_ctr_be
	.irp i, 1,2,3,4,5,6,7,8
		_bulk_round	\i
	.endr
	_rounds_from9	_bulk_round, 8
	_last_rkey
	_last_rounds
.endm

.macro _ghash_only_iter
	.irp t, 0,1,2,3,4,5,6,7
		_gstep	\t
	.endr
.endm

/*
 * One iteration of the stitched loop for nr rounds: AES-CTR on 8 vectors
 * and GHASH of the 8 at GDATA, the hash steps spread over rounds 1 .. nr-1
 * (step t after the first round i with ceil(8 i / (nr - 1)) > t: one a
 * round in rounds 1-8 for AES-128).  Until 7 December 2026 they ran in
 * rounds 1-8 for every key length, and AES-256's last rounds had nothing
 * beside them: spread, AES-256 was 2-6% faster on AMD Zen 5 in both tiers.
 */
.macro _stitched_iter nr
	_ctr_be
	.set	SI_DONE, 0
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		_bulk_round	\i
		.rept	(8 * \i + \nr - 2) / (\nr - 1) - SI_DONE
			_gstep	SI_DONE
			.set	SI_DONE, SI_DONE + 1
		.endr
	.endif
	.endr
	_vbroadcast128	16*\nr(BKEY), RKV
	_last_rounds
.endm

/*
 * The stitched loop for nr rounds, BLEN iterations: decryption hashes the
 * chunk it decrypts (src), encryption the one the iteration before wrote.
 */
.macro _stitched_loop nr, decrypt
.Lsl_loop\@:
	.if \decrypt
		mov	BSRC, GDATA
	.else
		lea	-8*VL(BDST), GDATA
	.endif
	_stitched_iter	\nr
	add	$8*VL, BSRC
	add	$8*VL, BDST
	dec	BLEN
	jnz	.Lsl_loop\@
.endm

/*
 * The rest's registers (_tail_gh .. _gcm_tail_c), some taken over from
 * roles that are over by then; rsi and r10 are scratch there (CTRLE and BNR
 * are spent).
 */
#define PPTR		%r11	/* K_nb, the rest's first power (GDATA's) */
#define PDATA		V9	/* the last bytes of src, then the hashed */
#define PDATAX		%xmm9
#define PVEC		V13	/* the partial vector's state, then output */
#define POFF		%rax	/* the partial vector's offset in the rest */
#define POFFD		%eax
#define TG_PW		V13	/* the last vector's powers (_tail_gh) */
#define TG_PWXOR	V8	/* their xored halves (round keys done) */

/*
 * Hash one vector of the rest (VL 16, 32) into GLO, GHI, GMI: data is a
 * register (byte reflection done here), pw the address of its powers; acc:
 * add the GHASH value first; computed: the powers are loaded into TG_PW and
 * their xored halves computed into TG_PWXOR (the last vector, whose powers
 * may run past K_1 where the xored table has no slack; its blocks there are
 * zero).
 */
.macro _tail_gh data, pw, acc, computed
	vpshufb		.Lbswap128(%rip), \data, \data
	.if \acc
		vpxor		GACC, \data, \data
	.endif
	.if \computed
		vmovdqu		\pw, TG_PW
		vpclmulqdq	$0x00, TG_PW, \data, GTMP
		vpxor		GTMP, GLO, GLO
		vpclmulqdq	$0x11, TG_PW, \data, GTMP
	.else
		vpclmulqdq	$0x00, \pw, \data, GTMP
		vpxor		GTMP, GLO, GLO
		vpclmulqdq	$0x11, \pw, \data, GTMP
	.endif
	vpxor		GTMP, GHI, GHI
	vpshufd		$0x4e, \data, GTMP
	vpxor		\data, GTMP, GTMP
	.if \computed
		vpshufd		$0x4e, TG_PW, TG_PWXOR
		vpxor		TG_PW, TG_PWXOR, TG_PWXOR
		vpclmulqdq	$0x00, TG_PWXOR, GTMP, GTMP
	.else
		vpclmulqdq	$0x00, H_XORED-H_POWERS+\pw, GTMP, GTMP
	.endif
	vpxor		GTMP, GMI, GMI
.endm

/*
 * Vector j of the rest, whole; plabel: the last one, which goes there unless
 * R fills it.  See _gcm_tail.
 */
.macro _tail_vec j, decrypt, plabel=
	.ifnb \plabel
		cmp	$(\j+1)*VL, BLEN
		jb	\plabel
	.endif
	.if \decrypt
		_vmovdqu	\j*VL(BSRC), GBLK
		vpxor		GBLK, RKV, GTMP
		vaesenclast	GTMP, V\j, V\j
		_vmovdqu	V\j, \j*VL(BDST)
		_tail_gh	GBLK, \j*VL(PPTR), (\j==0), 0
	.else
		vpxor		\j*VL(BSRC), RKV, GTMP
		vaesenclast	GTMP, V\j, V\j
		_vmovdqu	V\j, \j*VL(BDST)
		_tail_gh	V\j, \j*VL(PPTR), (\j==0), 0
	.endif
.endm

/*
 * PDATA = the BLEN (1 .. VL-1) bytes at BSRC, zero-padded (_load_part16
 * for each 16-byte half); rsi, r10 and GTMP scratch.
 */
.macro _load_partial_vec
	.if VL == 32
		cmp	$16, BLEN
		jb	.Lpv_short\@
		add	$16, BSRC
		sub	$16, BLEN
		_load_part16	BSRC, BLEN, PDATAX, GTMPX, %rsi, %esi, %r10d
		sub	$16, BSRC
		add	$16, BLEN
		vmovdqu		(BSRC), GTMPX
		vinserti128	$1, PDATAX, GTMP, PDATA
		jmp	.Lpv_done\@
.Lpv_short\@:
	.endif
	_load_part16	BSRC, BLEN, PDATAX, GTMPX, %rsi, %esi, %r10d
.Lpv_done\@:
.endm

/*
 * The rest R (BLEN, 1 .. 8 VL - 1 bytes) of a VL 16/32 update in one pass:
 * AES on C = ceil(R / VL) vectors of counter blocks at once (their rounds
 * overlap; no vector without data: with C = 1, 2, 4 or 8 only, up to 3
 * vectors' rounds were spent on nothing), then vector by vector the last
 * round fused with the XOR of src, the store and the GHASH of the ciphertext
 * (decryption: src, loaded before the store overwrites it in place;
 * encryption: the register just stored).  The blocks take the powers ending
 * at K_1 (PPTR = K_nb, nb = ceil(R / 16)), one reduction.  A final
 * partial vector is loaded in pieces (_load_partial_vec) and stored through
 * BUF on the stack, byte by byte (branches on the public length only); for
 * encryption its keystream bytes past R are masked off before hashing.
 */
.macro _gcm_tail decrypt
	_class_pick	_gcm_tail_c, VL, .Ltail_done\@, 1, 8, \decrypt
.Ltail_done\@:
.endm

.macro _gcm_tail_c c, decrypt
	_ctr_be		\c
	.irp i, 1,2,3,4,5,6,7,8
		_bulk_round	\i, \c
	.endr
	_rounds_from9	_bulk_round, \c
	_last_rkey
	lea	15(BLEN), PPTR
	and	$-16, PPTR
	neg	PPTR
	lea	H_POWERS+16*16(BKEY,PPTR), PPTR
	_fold_h	LAST_ARG, PPTR
	vpxor		GLO, GLO, GLO
	vpxor		GHI, GHI, GHI
	vpxor		GMI, GMI, GMI
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \c - 1
		_tail_vec	\j, \decrypt
	.elseif \j == \c - 1
		_tail_vec	\j, \decrypt, .Ltail_plast\@
	.endif
	.endr
	jmp		.Ltail_reduce\@		/* R == C VL: no partial vector */
.Ltail_plast\@:		/* the partial vector's state to PVEC, its offset to POFF */
	.irp j, 0,1,2,3,4,5,6,7
	.if \j == \c - 1
		vmovdqa		V\j, PVEC
		mov		$\j*VL, POFFD
	.endif
	.endr
	sub	POFF, BLEN			/* bytes of the partial vector: 1.. */
	add	POFF, BSRC
	add	POFF, BDST
	add	POFF, PPTR
	_load_partial_vec
	vpxor		PDATA, RKV, GTMP
	vaesenclast	GTMP, PVEC, PVEC
	_vmovdqu	PVEC, 16+VL(%rsp)
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
		vpand	(%rsi), PVEC, PDATA
	.endif
	_tail_gh	PDATA, (PPTR), (\c == 1), 1
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
	_vbroadcast128	(BKEY), RKV
	_vmovdqu	RKV, 16(%rsp)
	_load_ctrblk	BCTR, CTRX
	.if VL == 32
		vinserti128	$1, CTRX, CTRV, CTRV
	.endif
	mov	%eax, CTRLE
	_load_acc	BACC, GACCX
	cmpb	$0, LAST_ARG
	je	.Lupd_notlast\@
	_aes_j0		%xmm0, CTRX, %eax, %r11	/* parked in ghash_acc */
	vmovdqu		%xmm0, (BACC)
.Lupd_notlast\@:				/* BCTR is not used again */
	shr	$CHUNK_SHIFT, BLEN		/* iterations: len / (8 VL) */
	jz	.Lupd_tail\@
	.if \decrypt
		_per_nr	_stitched_loop, 1
	.else
		_aes_only_iter			/* the first chunk */
		add	$8*VL, BSRC
		add	$8*VL, BDST
		dec	BLEN
		jz	.Lbulk_last\@
		_per_nr	_stitched_loop, 0
.Lbulk_last\@:
		lea	-8*VL(BDST), GDATA	/* the last chunk's GHASH */
		_ghash_only_iter
	.endif
.Lupd_tail\@:
	mov	(%rsp), BLEN
	test	BLEN, BLEN
	jz	.Lupd_done\@
	_gcm_tail	\decrypt
.Lupd_done\@:
	vpxor	%xmm8, %xmm8, %xmm8	/* wipe rk0, and BUF's data */
	_vmovdqu V8, 16(%rsp)
	_vmovdqu V8, 16+VL(%rsp)
	_last_acc	LAST_ARG, (%rsp)
	vmovdqu	GACCX, (BACC)
	add	$16+2*VL, %rsp
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
#endif
