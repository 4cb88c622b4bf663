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
 * The register plan: xmm registers only, 128 bits, no stack; the arguments
 * stay in the registers they come in.  Each routine names its registers
 * just before it (PC_*, GH_*, FN_*), GFPOLY (xmm14, gcm_asm_macros.h) holds
 * .Lgfpoly for the reductions.  Registers are not cleared on return
 * (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "gcm_asm.h"
#include "asm_common.h"
#include "gcm_asm_macros.h"

	.text

/*
 * void aesnictr_gcm_precompute(struct aesnictr_gcm_key *key)
 * xmm0-2: scratch (H on its way to K_1, _ghash_mul's, the xored halves).
 */
#define PC_KEY		%rdi	/* key; its round keys are expanded */
#define PC_OFF		%rax	/* a slot's offset in the table written */
#define PC_OFFD		%eax
#define PC_K1		%xmm3	/* K_1 */
#define PC_KI		%xmm4	/* K_i, the last power made */
#define PC_KNEXT	%xmm5	/* K_(i+1) = mont(K_i, K_1) */

/*
 * Store K_(i+1), K_(i+2), .. at table + PC_OFF - 16, table + PC_OFF - 32,
 * .. down to table + 0.
 */
.macro _next_powers table
1:	_ghash_mul	PC_KI, PC_K1, PC_KNEXT, %xmm0, %xmm1, %xmm2
	vmovdqa		PC_KNEXT, PC_KI
	sub		$16, PC_OFFD
	vmovdqu		PC_KI, \table(PC_KEY,PC_OFF)
	jnz		1b
.endm

SYM_FUNC_START(aesnictr_gcm_precompute)
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	vpxor		%xmm0, %xmm0, %xmm0
	_aes_encrypt_block PC_KEY, %xmm0, %eax, %rsi	/* H = AES(0) */
	vpshufb		.Lbswap128(%rip), %xmm0, %xmm0	/* r(H) */

	/* K_1 = r(H) x mod G: shift left by one, add G's low terms if x^128 */
	vpshufd		$0xff, %xmm0, %xmm1
	vpsrad		$31, %xmm1, %xmm1		/* all ones iff bit 127 */
	vpsrlq		$63, %xmm0, %xmm2
	vpslldq		$8, %xmm2, %xmm2		/* bit 63 moves to bit 64 */
	vpsllq		$1, %xmm0, %xmm0
	vpor		%xmm2, %xmm0, %xmm0
	vpand		GFPOLY, %xmm1, %xmm1
	vpxor		%xmm1, %xmm0, PC_K1

	/*
	 * K_i = mont(K_(i-1), K_1) for i = 2..16, stored from the end, then
	 * i = 17..32 likewise into H_POWERS_HI, then K_33 just before
	 */
	mov		$15 * 16, PC_OFFD
	vmovdqu		PC_K1, H_POWERS(PC_KEY,PC_OFF)
	vmovdqa		PC_K1, PC_KI
	_next_powers	H_POWERS
	mov		$16 * 16, PC_OFFD
	_next_powers	H_POWERS_HI
	_ghash_mul	PC_KI, PC_K1, PC_KNEXT, %xmm0, %xmm1, %xmm2
	vmovdqu		PC_KNEXT, H_POWERS_HI-16(PC_KEY)	/* K_33 */
	vpxor		%xmm0, %xmm0, %xmm0
	vmovdqu		%xmm0, H_POWERS_TOP(PC_KEY)	/* the unused slots */
	vmovdqu		%xmm0, H_POWERS_TOP+16(PC_KEY)
	vmovdqu		%xmm0, H_POWERS_TOP+32(PC_KEY)

	/* lo ^ hi of every power, for Karatsuba */
	xor		PC_OFFD, PC_OFFD
.Lnext_xored:
	vmovdqu		H_POWERS(PC_KEY,PC_OFF), %xmm0
	vpshufd		$0x4e, %xmm0, %xmm1
	vpxor		%xmm1, %xmm0, %xmm0
	vmovdqu		%xmm0, H_XORED(PC_KEY,PC_OFF)
	add		$16, PC_OFFD
	cmp		$16 * 16, PC_OFFD
	jb		.Lnext_xored
	RET
SYM_FUNC_END(aesnictr_gcm_precompute)

/*
 * void aesnictr_ghash_update(const struct aesnictr_gcm_key *key, u8 acc[16],
 *			      const u8 *data, unsigned int len)
 * A trailing partial block is zero-padded, as GCM pads both the AAD and the
 * ciphertext.  rax, r8: scratch of the partial block's load.
 */
#define GH_KEY		%rdi	/* key */
#define GH_ACCP		%rsi	/* acc: the GHASH value, one load, one store */
#define GH_DATA		%rdx	/* data, advanced as it is hashed */
#define GH_LEN		%rcx	/* len, the bytes left */
#define GH_LEND		%ecx
#define GH_ACC		%xmm0	/* the GHASH value */
#define GH_LO		%xmm1	/* sum of the low products (_ghash_mul's LO) */
#define GH_HI		%xmm2	/* sum of the high products, then the result */
#define GH_MID		%xmm3	/* sum of the middle products, then MI */
#define GH_BLK		%xmm4	/* a block, byte-reflected */
#define GH_T		%xmm5	/* a product, the block's xored halves */
#define GH_PW		%xmm7	/* a power of H, its xored half; then K_1 */
#define GH_BSWAP	%xmm15	/* .Lbswap128 */

SYM_TYPED_FUNC_START(aesnictr_ghash_update)
	mov		GH_LEND, GH_LEND
	_load_acc	GH_ACCP, GH_ACC
	vmovdqa		.Lbswap128(%rip), GH_BSWAP
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	cmp		$128, GH_LEN
	jb		.Lghash_blocks

.Lghash_8blocks:
	/* sum of X_i K_(8-i), X_0 ^= ACC, then one reduction */
	vpxor		GH_LO, GH_LO, GH_LO
	vpxor		GH_HI, GH_HI, GH_HI
	vpxor		GH_MID, GH_MID, GH_MID
	.irp i, 0,1,2,3,4,5,6,7
		vmovdqu		\i*16(GH_DATA), GH_BLK
		vpshufb		GH_BSWAP, GH_BLK, GH_BLK
	.if \i == 0
		vpxor		GH_ACC, GH_BLK, GH_BLK
	.endif
		vmovdqu		H_POWERS+(8+\i)*16(GH_KEY), GH_PW
		vpclmulqdq	$0x00, GH_PW, GH_BLK, GH_T
		vpxor		GH_T, GH_LO, GH_LO
		vpclmulqdq	$0x11, GH_PW, GH_BLK, GH_T
		vpxor		GH_T, GH_HI, GH_HI
		vpshufd		$0x4e, GH_BLK, GH_T
		vpxor		GH_BLK, GH_T, GH_T
		vmovq		H_XORED+(8+\i)*16(GH_KEY), GH_PW
		vpclmulqdq	$0x00, GH_PW, GH_T, GH_T
		vpxor		GH_T, GH_MID, GH_MID
	.endr
	vpxor		GH_LO, GH_MID, GH_MID		/* MI = MID ^ LO ^ HI */
	vpxor		GH_HI, GH_MID, GH_MID
	_ghash_reduce	GH_LO, GH_MID, GH_HI, GH_T
	vmovdqa		GH_HI, GH_ACC
	add		$128, GH_DATA
	sub		$128, GH_LEN
	cmp		$128, GH_LEN
	jae		.Lghash_8blocks

.Lghash_blocks:
	vmovdqu		H_POWERS+15*16(GH_KEY), GH_PW	/* K_1 */
	cmp		$16, GH_LEN
	jb		.Lghash_partial
.Lghash_1block:
	vmovdqu		(GH_DATA), GH_BLK
	vpshufb		GH_BSWAP, GH_BLK, GH_BLK
	vpxor		GH_BLK, GH_ACC, GH_ACC
	_ghash_mul	GH_ACC, GH_PW, GH_HI, GH_LO, GH_MID, GH_T
	vmovdqa		GH_HI, GH_ACC
	add		$16, GH_DATA
	sub		$16, GH_LEN
	cmp		$16, GH_LEN
	jae		.Lghash_1block

.Lghash_partial:
	test		GH_LEN, GH_LEN
	jz		.Lghash_done
	/* the last 1..15 bytes, zero-padded */
	_load_part16	GH_DATA, GH_LEN, GH_BLK, GH_T, %rax, %eax, %r8d
	vpshufb		GH_BSWAP, GH_BLK, GH_BLK
	vpxor		GH_BLK, GH_ACC, GH_ACC
	_ghash_mul	GH_ACC, GH_PW, GH_HI, GH_LO, GH_MID, GH_T
	vmovdqa		GH_HI, GH_ACC
.Lghash_done:
	vmovdqu		GH_ACC, (GH_ACCP)
	RET
SYM_FUNC_END(aesnictr_ghash_update)

/*
 * void aesnictr_gcm_final(const struct aesnictr_gcm_key *key, const u8 acc[16],
 *			   u64 aad_len, u64 data_len, u8 tag[16])
 * tag = X XOR bswap(r(L) times H), X from the last update (_last_acc).
 * xmm3, xmm5: _ghash_mul's scratch.
 */
#define FN_KEY		%rdi	/* key */
#define FN_ACCP		%rsi	/* acc: X */
#define FN_AADLEN	%rdx	/* aad_len, then in bits */
#define FN_DATALEN	%rcx	/* data_len, then in bits */
#define FN_TAGP		%r8	/* tag */
#define FN_L		%xmm1	/* r(L), L the lengths block */
#define FN_K1		%xmm7	/* K_1 */
#define FN_LH		%xmm2	/* r(L) times H, then byte-reflected */
#define FN_TAG		%xmm0	/* the tag (_ghash_mul's scratch before) */

SYM_TYPED_FUNC_START(aesnictr_gcm_final)
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	shl		$3, FN_AADLEN			/* lengths in bits */
	shl		$3, FN_DATALEN
	vmovq		FN_DATALEN, FN_L		/* r(lengths block): */
	vpinsrq		$1, FN_AADLEN, FN_L, FN_L /* lo = data, hi = AAD */
	vmovdqu		H_POWERS+15*16(FN_KEY), FN_K1
	_ghash_mul	FN_L, FN_K1, FN_LH, %xmm0, %xmm3, %xmm5
	vpshufb		.Lbswap128(%rip), FN_LH, FN_LH
	vpxor		(FN_ACCP), FN_LH, FN_TAG
	vmovdqu		FN_TAG, (FN_TAGP)
	RET
SYM_FUNC_END(aesnictr_gcm_final)
