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
 * are summed first (aggregated reduction).
 *
 * Key layout (struct aesnictr_gcm_key): AES round keys @0, K_16..K_1 @256
 * (16 bytes each), K_i.lo ^ K_i.hi @512 (in both halves of 16 bytes, same
 * order).
 *
 * The GCM update routines reuse the CTR code of aesni_ctr_asm.S unchanged
 * (GCM's inc32 counter never wraps with a 96-bit IV): encryption runs the
 * tier's CTR routine then hashes the ciphertext; decryption hashes first.
 * The wide tiers hash with VPCLMULQDQ, 8 (ymm) or 16 (zmm) blocks per
 * reduction.  They do not interleave the two in one loop: on the AMD CPU this
 * was measured on, AES and carry-less multiplication share execution units
 * (8 VAESENC + 4 VPCLMULQDQ take as long as the two apart), so interleaving
 * gains nothing there; the data stays in L1 between the passes (<= 4 KiB).
 *
 * Registers in aesnictr_ghash_update: xmm0 ACC, xmm1 LO, xmm2 HI, xmm3 MID,
 * xmm4 the block, xmm5/xmm6 products, xmm7 a power of H, xmm14 GFPOLY,
 * xmm15 BSWAP; rdi key, rsi acc, rdx data, rcx len.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "aes_ctr_common.h"

	.section .rodata
	.p2align 4
.Lbswap128:
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lgfpoly:	/* low qword: the x^0 term, high qword: x^57 + x^62 + x^63 */
	.quad	1, 0xc200000000000000

	.text

#define H_POWERS	256
#define H_XORED		512
#define GFPOLY		%xmm14
#define BSWAP		%xmm15

/* Encrypt the block in xmm register blk with the AES key at key. */
.macro _aes_encrypt_block key, blk, count32, ptr
	vpxor	(\key), \blk, \blk
	mov	240(\key), \count32
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

/* void aesnictr_gcm_precompute(struct aesnictr_gcm_key *key) */
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

	/* K_i = mont(K_(i-1), K_1) for i = 2..16, stored from the end */
	mov		$15 * 16, %eax
	vmovdqu		%xmm3, H_POWERS(%rdi,%rax)
	vmovdqa		%xmm3, %xmm4
.Lnext_power:
	_ghash_mul	%xmm4, %xmm3, %xmm5, %xmm0, %xmm1, %xmm2
	vmovdqa		%xmm5, %xmm4
	sub		$16, %eax
	vmovdqu		%xmm4, H_POWERS(%rdi,%rax)
	jnz		.Lnext_power

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
	vmovdqu		(%rsi), %xmm0
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
	/* zero-pad the last 1..15 bytes on the stack */
	vpxor		%xmm4, %xmm4, %xmm4
	sub		$16, %rsp
	vmovdqu		%xmm4, (%rsp)
	xor		%eax, %eax
.Lghash_copy:
	movzbl		(%rdx,%rax), %r8d
	mov		%r8b, (%rsp,%rax)
	inc		%eax
	cmp		%ecx, %eax
	jb		.Lghash_copy
	vmovdqu		(%rsp), %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vmovdqu		%xmm5, (%rsp)
	add		$16, %rsp
	vpshufb		BSWAP, %xmm4, %xmm4
	vpxor		%xmm4, %xmm0, %xmm0
	_ghash_mul	%xmm0, %xmm7, %xmm2, %xmm1, %xmm3, %xmm5
	vmovdqa		%xmm2, %xmm0
.Lghash_done:
	vmovdqu		%xmm0, (%rsi)
	RET
SYM_FUNC_END(aesnictr_ghash_update)

/*
 * Wide GHASH (VPCLMULQDQ): groups of 4 vectors of VL/16 blocks each are
 * multiplied by K_(4VL/16)..K_1 lane by lane (Karatsuba), the lanes' partial
 * products summed, folded to 128 bits and reduced once.  What remains after
 * the last whole group goes to aesnictr_ghash_update.
 * Registers: V0 ACC (upper lanes zero), V1 LO, V2 HI, V3 MID, V4 blocks,
 * V5 powers, V6 products, V7 xored powers, V15 BSWAP in every lane.
 */
.macro _ghash_update_wide vl
	_set_veclen	\vl
	.set	POWERS, H_POWERS + (16 - 4 * VL / 16) * 16
	.set	XORED, H_XORED + (16 - 4 * VL / 16) * 16

	mov		%ecx, %ecx
	cmp		$4*VL, %rcx
	jb		.Lwide_rest\@
	_vbroadcast128	.Lbswap128(%rip), V15
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	vmovdqu		(%rsi), %xmm0
.Lwide_loop\@:
	.irp j, 0,1,2,3
		_vmovdqu	\j*VL(%rdx), V4
		vpshufb		V15, V4, V4
	.if \j == 0
		_vpxor	V0, V4, V4
	.endif
		_vmovdqu	POWERS+\j*VL(%rdi), V5
		_vmovdqu	XORED+\j*VL(%rdi), V7
	.if \j == 0
		vpclmulqdq	$0x00, V5, V4, V1
		vpclmulqdq	$0x11, V5, V4, V2
		vpshufd		$0x4e, V4, V6
		_vpxor	V4, V6, V6
		vpclmulqdq	$0x00, V7, V6, V3
	.else
		vpclmulqdq	$0x00, V5, V4, V6
		_vpxor	V6, V1, V1
		vpclmulqdq	$0x11, V5, V4, V6
		_vpxor	V6, V2, V2
		vpshufd		$0x4e, V4, V6
		_vpxor	V4, V6, V6
		vpclmulqdq	$0x00, V7, V6, V6
		_vpxor	V6, V3, V3
	.endif
	.endr
	/* MID ^= LO ^ HI, then add up the lanes */
	.if VL == 64
		vpternlogd	$0x96, %zmm1, %zmm2, %zmm3
		.irp i, 1,2,3
			vextracti64x4	$1, %zmm\i, %ymm4
			vpxor		%ymm4, %ymm\i, %ymm\i
		.endr
	.else
		vpxor		%ymm1, %ymm3, %ymm3
		vpxor		%ymm2, %ymm3, %ymm3
	.endif
	.irp i, 1,2,3
		vextracti128	$1, %ymm\i, %xmm4
		vpxor		%xmm4, %xmm\i, %xmm\i
	.endr
	_ghash_reduce	%xmm1, %xmm3, %xmm2, %xmm5
	vmovdqa		%xmm2, %xmm0
	add		$4*VL, %rdx
	sub		$4*VL, %rcx
	cmp		$4*VL, %rcx
	jae		.Lwide_loop\@
	vmovdqu		%xmm0, (%rsi)
	vzeroupper
.Lwide_rest\@:
	jmp		aesnictr_ghash_update
.endm


#if !defined(AESNICTR_AS_VAES) || AESNICTR_AS_VAES
/* void aesnictr_ghash_update_<tier>(key, acc, data, len): as aesnictr_ghash_update */
SYM_FUNC_START(aesnictr_ghash_update_vaes2)
	_ghash_update_wide 32
SYM_FUNC_END(aesnictr_ghash_update_vaes2)
SYM_FUNC_START(aesnictr_ghash_update_vaes512)
	_ghash_update_wide 64
SYM_FUNC_END(aesnictr_ghash_update_vaes512)
#endif

/*
 * void aesnictr_gcm_final(const struct aesnictr_gcm_key *key, const u8 acc[16],
 *			   const u8 j0[16], u64 aad_len, u64 data_len, u8 tag[16])
 */
SYM_FUNC_START(aesnictr_gcm_final)
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	vmovdqu		(%rsi), %xmm0
	shl		$3, %rcx			/* lengths in bits */
	shl		$3, %r8
	vmovq		%r8, %xmm1			/* r(lengths block): */
	vpinsrq		$1, %rcx, %xmm1, %xmm1		/* lo = data, hi = AAD */
	vpxor		%xmm1, %xmm0, %xmm0
	vmovdqu		H_POWERS+15*16(%rdi), %xmm7
	_ghash_mul	%xmm0, %xmm7, %xmm2, %xmm1, %xmm3, %xmm5
	vpshufb		.Lbswap128(%rip), %xmm2, %xmm2	/* S */
	vmovdqu		(%rdx), %xmm0
	_aes_encrypt_block %rdi, %xmm0, %eax, %r10	/* AES(J0) */
	vpxor		%xmm2, %xmm0, %xmm0
	vmovdqu		%xmm0, (%r9)
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
 * size_t aesnictr_gcm_{enc,dec}_bulk_<tier>(key, ctr, acc, dst, src, len)
 * does the first floor(len / 8VL) * 8VL bytes and returns that count.
 *
 * Registers: rdi KEY, rsi CTR (pointer), rdx ACC (pointer; the GHASH value
 * lives there between groups), rcx DST, r8 SRC, r9 LEN, r10d NROUNDS,
 * r11 GDATA (the ciphertext being hashed), rax bytes done.
 *	V0-V7	AES states
 *	V8	round key (VL 16, 32), last round key (VL 64)
 *	V9	C, the counter words (aes_ctr_common.h)
 *	V10-V12	LO, HI, MID: Karatsuba partial products of a GHASH group
 *	V13	a block being hashed, V14 scratch, V15 GHASH byte reflection
 *	T	on the stack (VL 16, 32), zmm16 (VL 64); zmm30 STEP, zmm31 BSWAP
 * A GHASH group is 8 vectors for VL 16, 32 (8 or 16 blocks) and 4 for VL 64
 * (16 blocks): as many blocks as there are powers of H.
 */
#define BKEY	%rdi
#define BCTR	%rsi
#define BACC	%rdx
#define BDST	%rcx
#define BSRC	%r8
#define BLEN	%r9
#define BNR	%r10d
#define GDATA	%r11

.macro _bulk_set_regs
	.if VL == 64
		.set	GBLOCKS, 16
	.else
		.set	GBLOCKS, 8 * VL / 16
	.endif
	.set	GVECS, GBLOCKS * 16 / VL
	.set	GPOWERS, H_POWERS + (16 - GBLOCKS) * 16
	.set	GXORED, H_XORED + (16 - GBLOCKS) * 16
.endm

/* Hash vector j of the 8 at GDATA (see the group rules above). */
.macro _gstep j
	.set	GJ, (\j) % GVECS
	_vmovdqu	\j*VL(GDATA), V13
	vpshufb		V15, V13, V13
	.if GJ == 0
		vmovdqu		(BACC), %xmm14
		_vpxor		V14, V13, V13
		vpclmulqdq	$0x00, GPOWERS+GJ*VL(BKEY), V13, V10
		vpclmulqdq	$0x11, GPOWERS+GJ*VL(BKEY), V13, V11
		vpshufd		$0x4e, V13, V14
		_vpxor		V13, V14, V14
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), V14, V12
	.else
		vpclmulqdq	$0x00, GPOWERS+GJ*VL(BKEY), V13, V14
		_vpxor		V14, V10, V10
		vpclmulqdq	$0x11, GPOWERS+GJ*VL(BKEY), V13, V14
		_vpxor		V14, V11, V11
		vpshufd		$0x4e, V13, V14
		_vpxor		V13, V14, V14
		vpclmulqdq	$0x00, GXORED+GJ*VL(BKEY), V14, V14
		_vpxor		V14, V12, V12
	.endif
	.if GJ == GVECS - 1
		_greduce
	.endif
.endm

/* MID ^= LO ^ HI, add up the lanes, reduce, store the GHASH value. */
.macro _greduce
	.if VL == 64
		vpternlogd	$0x96, %zmm10, %zmm11, %zmm12
		.irp i, 10,11,12
			vextracti64x4	$1, %zmm\i, %ymm13
			vpxor		%ymm13, %ymm\i, %ymm\i
		.endr
	.else
		vpxor		V10, V12, V12
		vpxor		V11, V12, V12
	.endif
	.if VL >= 32
		.irp i, 10,11,12
			vextracti128	$1, %ymm\i, %xmm13
			vpxor		%xmm13, %xmm\i, %xmm\i
		.endr
	.endif
	vpclmulqdq	$0x10, .Lgfpoly(%rip), %xmm10, %xmm14
	vpshufd		$0x4e, %xmm10, %xmm10
	vpxor		%xmm10, %xmm12, %xmm12
	vpxor		%xmm14, %xmm12, %xmm12
	vpclmulqdq	$0x10, .Lgfpoly(%rip), %xmm12, %xmm14
	vpshufd		$0x4e, %xmm12, %xmm12
	vpxor		%xmm12, %xmm11, %xmm11
	vpxor		%xmm14, %xmm11, %xmm11
	vmovdqu		%xmm11, (BACC)
.endm

.macro _bulk_round i, aes
	.if \aes
	.if VL == 64
		.irp j, 0,1,2,3,4,5,6,7
			vaesenc		RKEY\i, V\j, V\j
		.endr
	.else
		_vbroadcast128	16*\i(BKEY), V8
		.irp j, 0,1,2,3,4,5,6,7
			vaesenc		V8, V\j, V\j
		.endr
	.endif
	.endif
.endm

/* One iteration: AES-CTR on 8 vectors and/or GHASH of 8 vectors at GDATA. */
.macro _bulk_iter aes, ghash
	.if \aes
		.irp j, 0,1,2,3,4,5,6,7
		.if VL == 64
			_ctr_next	V\j, %zmm16, V9, %zmm30, %zmm31
		.else
			_ctr_next	V\j, 16(%rsp), V9, STEP_CONST(%rip), .Lbswap_low32(%rip)
		.endif
		.endr
	.endif
	.irp i, 1,2,3,4,5,6,7,8
		_bulk_round	\i, \aes
		.if \ghash
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

.macro _gcm_bulk vl, decrypt
	_set_veclen	\vl
	_bulk_set_regs
	.if VL == 16					/* 8 VL = 2^CHUNK_SHIFT */
		.set	CHUNK_SHIFT, 7
	.elseif VL == 32
		.set	CHUNK_SHIFT, 8
	.else
		.set	CHUNK_SHIFT, 9
	.endif
	mov	%r9d, %r9d
	shr	$CHUNK_SHIFT, BLEN		/* iterations: len / (8 VL) */
	jz	.Lbulk_none\@
	sub	$16+VL, %rsp			/* bytes done @0, T @16 */
	mov	BLEN, %rax
	shl	$CHUNK_SHIFT, %rax
	mov	%rax, (%rsp)
	mov	240(BKEY), BNR
	mov	12(BCTR), %eax
	bswap	%eax
	.if VL == 64
		_ctr_init	%zmm16, V9, %xmm9, V14, BCTR, BKEY, %eax
		vmovdqu8	STEP_CONST(%rip), %zmm30
		vmovdqu8	.Lbswap_low32(%rip), %zmm31
		.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
			vbroadcasti32x4	16*\i(BKEY), RKEY\i
		.endr
		mov	BNR, %eax
		shl	$4, %eax
		add	BKEY, %rax
		vbroadcasti32x4	(%rax), V8
	.else
		_ctr_init	V8, V9, %xmm9, V14, BCTR, BKEY, %eax
		_vmovdqu	V8, 16(%rsp)
	.endif
	_vbroadcast128	.Lbswap128(%rip), V15
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
	.if VL != 64
		vpxor	%xmm8, %xmm8, %xmm8	/* the stack held T = f(rk0) */
		_vmovdqu V8, 16(%rsp)
	.endif
	mov	(%rsp), %rax
	add	$16+VL, %rsp
	vzeroupper
	RET
.Lbulk_none\@:
	xor	%eax, %eax
	RET
.endm

SYM_FUNC_START(aesnictr_gcm_enc_bulk_avx)
	_gcm_bulk	16, 0
SYM_FUNC_END(aesnictr_gcm_enc_bulk_avx)
SYM_FUNC_START(aesnictr_gcm_dec_bulk_avx)
	_gcm_bulk	16, 1
SYM_FUNC_END(aesnictr_gcm_dec_bulk_avx)
#if !defined(AESNICTR_AS_VAES) || AESNICTR_AS_VAES
SYM_FUNC_START(aesnictr_gcm_enc_bulk_vaes2)
	_gcm_bulk	32, 0
SYM_FUNC_END(aesnictr_gcm_enc_bulk_vaes2)
SYM_FUNC_START(aesnictr_gcm_dec_bulk_vaes2)
	_gcm_bulk	32, 1
SYM_FUNC_END(aesnictr_gcm_dec_bulk_vaes2)
SYM_FUNC_START(aesnictr_gcm_enc_bulk_vaes512)
	_gcm_bulk	64, 0
SYM_FUNC_END(aesnictr_gcm_enc_bulk_vaes512)
SYM_FUNC_START(aesnictr_gcm_dec_bulk_vaes512)
	_gcm_bulk	64, 1
SYM_FUNC_END(aesnictr_gcm_dec_bulk_vaes512)
#endif

/*
 * void aesnictr_gcm_{enc,dec}_update_<tier>(key, ctr, acc, dst, src, len):
 * the stitched loop over whole 8-vector chunks, then the tier's CTR routine
 * and GHASH for the rest, in the order that reads the ciphertext before an
 * in-place decryption overwrites it.
 */
.macro _gcm_update bulk_fn, ctr_fn, ghash_fn, decrypt
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$32, %rsp			/* ctr copy @0, len @16; aligned */
	mov	%rdi, %rbx			/* key */
	mov	%rdx, %r13			/* acc */
	mov	%rcx, %r14			/* dst */
	mov	%r8, %r15			/* src */
	mov	%r9d, 16(%rsp)			/* len */
	vmovdqu	(%rsi), %xmm0
	vmovdqu	%xmm0, (%rsp)
	call	\bulk_fn			/* (key, ctr, acc, dst, src, len) */
	add	%rax, %r14
	add	%rax, %r15
	sub	%eax, 16(%rsp)
	shr	$4, %eax			/* the rest starts that many blocks on */
	mov	12(%rsp), %ecx
	bswap	%ecx
	add	%eax, %ecx
	bswap	%ecx
	mov	%ecx, 12(%rsp)
	mov	%rsp, %r12			/* ctr */
	.if \decrypt
		mov	%rbx, %rdi
		mov	%r13, %rsi
		mov	%r15, %rdx
		mov	16(%rsp), %ecx
		call	\ghash_fn		/* (key, acc, src, len) */
	.endif
	mov	%rbx, %rdi
	mov	%r14, %rsi
	mov	%r15, %rdx
	mov	16(%rsp), %ecx
	mov	%r12, %r8
	call	\ctr_fn				/* (key, dst, src, len, ctr) */
	.if !\decrypt
		mov	%rbx, %rdi
		mov	%r13, %rsi
		mov	%r14, %rdx
		mov	16(%rsp), %ecx
		call	\ghash_fn		/* (key, acc, dst, len) */
	.endif
	add	$32, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
.endm

SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_avx)
	_gcm_update	aesnictr_gcm_enc_bulk_avx, aesnictr_ctr_avx, aesnictr_ghash_update, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_avx)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_avx)
	_gcm_update	aesnictr_gcm_dec_bulk_avx, aesnictr_ctr_avx, aesnictr_ghash_update, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_avx)

#if !defined(AESNICTR_AS_VAES) || AESNICTR_AS_VAES
SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes2)
	_gcm_update	aesnictr_gcm_enc_bulk_vaes2, aesnictr_ctr_vaes2, aesnictr_ghash_update_vaes2, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes2)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes2)
	_gcm_update	aesnictr_gcm_dec_bulk_vaes2, aesnictr_ctr_vaes2, aesnictr_ghash_update_vaes2, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes2)
SYM_TYPED_FUNC_START(aesnictr_gcm_enc_update_vaes512)
	_gcm_update	aesnictr_gcm_enc_bulk_vaes512, aesnictr_ctr_vaes512, aesnictr_ghash_update_vaes512, 0
SYM_FUNC_END(aesnictr_gcm_enc_update_vaes512)
SYM_TYPED_FUNC_START(aesnictr_gcm_dec_update_vaes512)
	_gcm_update	aesnictr_gcm_dec_bulk_vaes512, aesnictr_ctr_vaes512, aesnictr_ghash_update_vaes512, 1
SYM_FUNC_END(aesnictr_gcm_dec_update_vaes512)
#endif
