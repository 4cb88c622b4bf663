/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GHASH with carry-less multiplication, for every tier: the powers of H
 * (aesnictr_gcm_precompute), the hashing of data outside an update, such as
 * the AAD (aesnictr_ghash_update), and the tag (aesnictr_gcm_final).  The
 * updates, which hash the ciphertext as they make it, are in gcm_update.S
 * (128- and 256-bit tiers) and gcm_vaes512.S (512-bit tier); all of them
 * multiply by the table made here.  The field arithmetic (a carry-less
 * product and a Montgomery reduction by x^128 of the byte-reflected blocks,
 * K_i = r(H^i) x) and the key layout are explained in gcm_asm_macros.h.
 *
 * The math here: K_1 = r(H) x mod G is r(H) shifted left by one bit, G's
 * low terms added if x^128 came out; then K_i = mont(K_(i-1), K_1) for
 * i = 2 .. 33, and for Karatsuba the XOR of the halves of K_16 .. K_1.
 * aesnictr_ghash_update hashes 8 blocks per reduction, X_0 (plus the GHASH
 * value) times K_8 down to X_7 times K_1, each product Karatsuba-style: the
 * product of the low halves (LO), of the high halves (HI) and of the
 * halves' XORs (the middle, (a.lo^a.hi)(b.lo^b.hi), with the powers'
 * xored halves precomputed), summed over the 8 blocks before the one
 * reduction; what is left after the last whole 8 goes block by block
 * (_ghash_mul), a trailing partial block zero-padded.
 *
 * The register plan: xmm registers only, 128 bits; the arguments stay in
 * the registers they come in.
 * Registers in aesnictr_ghash_update: xmm0 ACC, xmm1 LO, xmm2 HI, xmm3 MID,
 * xmm4 the block, xmm5/xmm6 products, xmm7 a power of H, xmm14 GFPOLY,
 * xmm15 BSWAP; rdi key, rsi acc, rdx data, rcx len.
 * Wiped on return (key material: H's powers, their products and the
 * running GHASH value, which with the next one and the data gives back H):
 * precompute xmm0-5, ghash_update xmm0-5/7, gcm_final xmm2/3/5/7.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "gcm_asm.h"
#include "asm_common.h"
#include "gcm_asm_macros.h"

	.text

#define BSWAP		%xmm15

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
SYM_TYPED_FUNC_START(aesnictr_ghash_update)
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
	.irp r, 0,1,2,3,4,5,7		/* K_1, products with H's powers, ACC */
		vpxor		%xmm\r, %xmm\r, %xmm\r
	.endr
	RET
SYM_FUNC_END(aesnictr_ghash_update)

/*
 * void aesnictr_gcm_final(const struct aesnictr_gcm_key *key, const u8 acc[16],
 *			   u64 aad_len, u64 data_len, u8 tag[16])
 * tag = X XOR bswap(r(L) times H), X from the last update (_last_acc).
 */
SYM_TYPED_FUNC_START(aesnictr_gcm_final)
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
	.irp r, 2,3,5,7			/* K_1 and its products */
		vpxor		%xmm\r, %xmm\r, %xmm\r
	.endr
	RET
SYM_FUNC_END(aesnictr_gcm_final)
