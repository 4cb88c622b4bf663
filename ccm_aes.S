/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CCM (NIST SP 800-38C, RFC 3610) with AES-NI + AVX on xmm registers:
 * the avx implementation of the ccm family (the key schedule comes from
 * aes_expand.S; the message framing, B0, the AAD length and the tag are the
 * C glue's, ccm_generic.c).
 *
 * CCM authenticates with CBC-MAC, a serial chain
 *	M = E_K(M ^ B),		one block B at a time,
 * over B0, the AAD and the plaintext (each zero-padded to 16 bytes), and
 * encrypts with CTR,
 *	C_i = P_i ^ E_K(A_i),	A_i = flags | nonce | i (i big-endian, L bytes).
 * The MAC chain is latency-bound: each block waits for the previous block's
 * last round, so a block costs nrounds AESENC latencies and nothing else
 * may sit on the chain.  Two things keep it bare:
 *
 *  - The CTR blocks are independent: each MAC block shares its rounds with
 *    one counter block, the two AESENCs of a round issued together (one
 *    round key load for both), so the keystream costs no time of its own.
 *  - The XOR of the next block into the chain is fused into the last
 *    round: AESENCLAST(k, m) ^ x == AESENCLAST(k ^ x, m), so a block's last
 *    round takes RKL ^ P_(i+1) ^ rk0 (computed off the chain; RKX = RKL ^
 *    rk0 once per call) and leaves M ready for the next block's first
 *    AESENC.  Only the call's first block XORs P_0 and rk0 on the chain.
 *    The CTR side fuses its data the same way: AESENCLAST(RKL ^ P, x).
 *
 *  - Encryption MACs the plaintext, which it has: block i's MAC and A_i go
 *    through the rounds side by side; P_(i+1) is loaded ahead.
 *  - Decryption MACs the plaintext it produces, and the fused last round
 *    needs P_(i+1) = C_(i+1) ^ KS_(i+1) before block i's MAC ends, so its
 *    CTR runs two blocks ahead: KS_0 and KS_1 are made together before the
 *    loop, then block i's MAC goes through the rounds beside A_(i+2).  The
 *    last block makes no keystream.
 *
 * A message's start (aesnictr_ccm_start_avx) encrypts B0 (the MAC's first
 * block) and A_0 (the tag's keystream) side by side, so the tag needs no
 * AES of its own at the end.
 *
 * The caller's counter block is big-endian; it is kept byte-reversed
 * (CTRLE: dword 0 = the low 32 bits, little-endian), incremented with one
 * VPADDD and reversed back per block.  Only the low 32 bits are incremented:
 * a CCM counter field (L bytes) never carries out of them, since the
 * message length bounds the block count (ccm_asm.h).
 *
 * Branches are on the length and the round count only (each routine has a
 * loop per key size); no address depends on data or keys.
 *
 * Registers: the SysV arguments and the names on the #define lines below.
 * The middle round keys are loaded once per round for both blocks (loads
 * are not on the chain's path).  Registers are not cleared on return
 * (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"

	.pushsection .rodata
	.p2align 4
.Lccm_bswap128:
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lccm_one:
	.long	1, 0, 0, 0
	.popsection

	.text

/*
 * The SysV arguments: KEY here, the others named before their routines
 * (MAC_DATA, MAC_LEN; MACPTR .. LEN); rax scratch.
 */
#define KEY	%rdi
#define NROUNDS	%r10d	/* the number of rounds */

#define M	%xmm0	/* the CBC-MAC state */
#define X	%xmm1	/* counter block in the rounds, then keystream */
#define D	%xmm2	/* the current plaintext block */
#define TMP	%xmm3	/* round key, or RKL ^ P for a fused last round */
#define CTRLE	%xmm4	/* the next counter block, byte-reversed */
#define ONE	%xmm5	/* 1 in dword 0 */
#define BSWAP	%xmm6	/* byte reversal of the whole block */
#define RK0	%xmm7	/* round key 0 */
#define RKL	%xmm8	/* the last round key */
#define KS	%xmm9	/* (decryption) the keystream of the next block */
#define DN	%xmm10	/* the next plaintext block */
/*
 * KN: RKX ^ DN, the MAC's fused last round key; (decryption set-up) the
 * first keystream block
 */
#define KN	%xmm11
#define RKX	%xmm12	/* RKL ^ RK0 */

/* Rounds 1 .. nr - 1 on M and X side by side. */
.macro _rounds_mx nr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vmovdqu		16*\i(KEY), TMP
		vaesenc		TMP, M, M
		vaesenc		TMP, X, X
	.endif
	.endr
.endm

/* Rounds 1 .. nr - 1 on M alone. */
.macro _rounds_m nr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vaesenc		16*\i(KEY), M, M
	.endif
	.endr
.endm

/* RK0 and RKL from the key, r10d = nrounds, rax = &rk[nrounds]. */
.macro _load_keys
	mov		AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov		NROUNDS, %eax
	shl		$4, %rax
	add		KEY, %rax
	vmovdqu		(KEY), RK0
	vmovdqu		(%rax), RKL
.endm

/* Jump to \l10, \l12 or \l14 by the round count. */
.macro _by_rounds l10, l12, l14
	cmp		$12, NROUNDS
	jb		\l10
	je		\l12
	jmp		\l14
.endm

/*
 * void aesnictr_ccm_mac_avx(const struct aesnictr_key *key, u8 mac[16],
 *			     const u8 *data, unsigned int len);
 * CBC-MAC len bytes (a multiple of 16) into mac.
 */
#define MAC_DATA	%rdx
#define MAC_LEN		%rcx

.macro _mac_loop nr
	vpxor		(MAC_DATA), M, M
	vpxor		RK0, M, M
	sub		$16, MAC_LEN
	jz		.Lmac_last\@
.Lmac_loop\@:
	vpxor		16(MAC_DATA), RKX, KN	/* the next block, fused */
	_rounds_m	\nr
	vaesenclast	KN, M, M
	add		$16, MAC_DATA
	sub		$16, MAC_LEN
	jnz		.Lmac_loop\@
.Lmac_last\@:
	_rounds_m	\nr
	vaesenclast	RKL, M, M
	jmp		.Lmac_done
.endm

SYM_TYPED_FUNC_START(aesnictr_ccm_mac_avx)
	mov		%ecx, %ecx		/* the upper half is not ours */
	and		$~15, MAC_LEN
	jz		.Lmac_ret
	_load_keys
	vpxor		RK0, RKL, RKX
	vmovdqu		(%rsi), M
	_by_rounds	.Lmac10, .Lmac12, .Lmac14
.Lmac10:
	_mac_loop	10
.Lmac12:
	_mac_loop	12
.Lmac14:
	_mac_loop	14
.Lmac_done:
	vmovdqu		M, (%rsi)
.Lmac_ret:
	RET
SYM_FUNC_END(aesnictr_ccm_mac_avx)

/*
 * void aesnictr_ccm_block_avx(const struct aesnictr_key *key, u8 dst[16],
 *			       const u8 src[16]);
 * One block: dst = E_K(src) (the tag's S_0, a partial last block's
 * keystream).
 */
SYM_TYPED_FUNC_START(aesnictr_ccm_block_avx)
	_load_keys
	vpxor		(%rdx), RK0, M
	_by_rounds	.Lblk10, .Lblk12, .Lblk14
.Lblk10:
	_rounds_m	10
	jmp		.Lblk_last
.Lblk12:
	_rounds_m	12
	jmp		.Lblk_last
.Lblk14:
	_rounds_m	14
.Lblk_last:
	vaesenclast	RKL, M, M
	vmovdqu		M, (%rsi)
	RET
SYM_FUNC_END(aesnictr_ccm_block_avx)

/*
 * void aesnictr_ccm_start_avx(const struct aesnictr_key *key, u8 mac[16],
 *			       u8 s0[16], const u8 b0[16], const u8 a0[16]);
 * A message's two first blocks side by side: mac = E_K(b0) (the CBC-MAC
 * after B0) and s0 = E_K(a0) (the tag's keystream).
 */
SYM_TYPED_FUNC_START(aesnictr_ccm_start_avx)
	_load_keys
	vpxor		(%rcx), RK0, M
	vpxor		(%r8), RK0, X
	_by_rounds	.Lst10, .Lst12, .Lst14
.Lst10:
	_rounds_mx	10
	jmp		.Lst_last
.Lst12:
	_rounds_mx	12
	jmp		.Lst_last
.Lst14:
	_rounds_mx	14
.Lst_last:
	vaesenclast	RKL, M, M
	vaesenclast	RKL, X, X
	vmovdqu		M, (%rsi)
	vmovdqu		X, (%rdx)
	RET
SYM_FUNC_END(aesnictr_ccm_start_avx)

/*
 * void aesnictr_ccm_{enc,dec}_avx(const struct aesnictr_key *key,
 *				   u8 mac[16], u8 ctr[16], u8 *dst,
 *				   const u8 *src, unsigned int len);
 * len a multiple of 16 (the rest is ignored); mac and ctr updated.
 */
#define MACPTR	%rsi
#define CTRPTR	%rdx
#define DST	%rcx
#define SRC	%r8
#define LEN	%r9

/* X = the next counter block ^ rk0; CTRLE advanced. */
.macro _next_ctr
	vpshufb		BSWAP, CTRLE, X
	vpaddd		ONE, CTRLE, CTRLE
	vpxor		RK0, X, X
.endm

/* Rounds 1 .. nr - 1 on X alone. */
.macro _rounds_x nr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vaesenc		16*\i(KEY), X, X
	.endif
	.endr
.endm

/*
 * Encryption.  M enters each block already XORed with its plaintext and
 * rk0; the last round of every block but the call's last adds the next
 * block's: AESENCLAST(RKL ^ P_(i+1) ^ rk0, M), RKX = RKL ^ rk0.  D holds
 * P_i, DN P_(i+1).
 */
.macro _enc_loop nr, done
	vmovdqu		(SRC), D
	vpxor		D, M, M
	vpxor		RK0, M, M
	sub		$16, LEN
	jz		.Lenc_last\@
.Lenc_loop\@:
	vmovdqu		16(SRC), DN
	vpxor		RKX, DN, KN
	_next_ctr
	_rounds_mx	\nr
	vaesenclast	KN, M, M
	vpxor		RKL, D, TMP
	vaesenclast	TMP, X, X
	vmovdqu		X, (DST)
	vmovdqa		DN, D
	add		$16, SRC
	add		$16, DST
	sub		$16, LEN
	jnz		.Lenc_loop\@
.Lenc_last\@:
	_next_ctr
	_rounds_mx	\nr
	vaesenclast	RKL, M, M
	vpxor		RKL, D, TMP
	vaesenclast	TMP, X, X
	vmovdqu		X, (DST)
	jmp		\done
.endm

/*
 * Decryption.  The keystream runs two blocks ahead, so that P_(i+1) =
 * C_(i+1) ^ KS_(i+1) is known before the last round of block i's MAC,
 * which adds it as encryption does: KS holds KS_(i+1) at the top of an
 * iteration, X makes KS_(i+2).  The first two keystream blocks are made
 * before the loop; the counter is given back one past the last block used.
 */
.macro _dec_loop nr, done
	_next_ctr
	vmovdqa		X, KN
	_next_ctr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vmovdqu		16*\i(KEY), TMP
		vaesenc		TMP, KN, KN
		vaesenc		TMP, X, X
	.endif
	.endr
	vaesenclast	RKL, KN, KN
	vaesenclast	RKL, X, KS
	vpxor		(SRC), KN, D
	vmovdqu		D, (DST)
	vpxor		D, M, M
	vpxor		RK0, M, M
	sub		$16, LEN
	jz		.Ldec_last\@
.Ldec_loop\@:
	vpxor		16(SRC), KS, DN
	vmovdqu		DN, 16(DST)
	vpxor		RKX, DN, KN
	_next_ctr
	_rounds_mx	\nr
	vaesenclast	KN, M, M
	vaesenclast	RKL, X, KS
	add		$16, SRC
	add		$16, DST
	sub		$16, LEN
	jnz		.Ldec_loop\@
.Ldec_last\@:
	_rounds_m	\nr
	vaesenclast	RKL, M, M
	vpsubd		ONE, CTRLE, CTRLE	/* the unused keystream block's */
	jmp		\done
.endm

.macro _crypt_loop decrypt, nr, done
	.if \decrypt
		_dec_loop	\nr, \done
	.else
		_enc_loop	\nr, \done
	.endif
.endm

/* One routine: decrypt 0 (encryption) or 1. */
.macro _ccm_crypt decrypt
	mov		%r9d, %r9d		/* the upper half is not ours */
	and		$~15, LEN
	jz		.Lret\@
	_load_keys
	vmovdqa		.Lccm_bswap128(%rip), BSWAP
	vmovdqa		.Lccm_one(%rip), ONE
	vmovdqu		(MACPTR), M
	vmovdqu		(CTRPTR), CTRLE
	vpshufb		BSWAP, CTRLE, CTRLE
	vpxor		RK0, RKL, RKX
	_by_rounds	.L10\@, .L12\@, .L14\@
.L10\@:
	_crypt_loop	\decrypt, 10, .Ldone\@
.L12\@:
	_crypt_loop	\decrypt, 12, .Ldone\@
.L14\@:
	_crypt_loop	\decrypt, 14, .Ldone\@
.Ldone\@:
	vmovdqu		M, (MACPTR)
	vpshufb		BSWAP, CTRLE, CTRLE
	vmovdqu		CTRLE, (CTRPTR)
.Lret\@:
	RET
.endm

SYM_TYPED_FUNC_START(aesnictr_ccm_enc_avx)
	_ccm_crypt	0
SYM_FUNC_END(aesnictr_ccm_enc_avx)

SYM_TYPED_FUNC_START(aesnictr_ccm_dec_avx)
	_ccm_crypt	1
SYM_FUNC_END(aesnictr_ccm_dec_avx)
