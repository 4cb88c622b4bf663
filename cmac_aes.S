/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CBC-MAC chain of the cmac family (CMAC, XCBC-MAC), the ABI of
 * cmac_asm.h: mac = E_K(mac ^ B) for each whole block B of data.  One
 * serial chain, so one routine (AES-NI, VEX-encoded, on xmm) for every tier.
 *
 * The chain per block is the XOR with the message block, then the rounds.
 * The XOR is taken off it by folding it into the previous block's last
 * round (AddRoundKey is an XOR): with Q = B_i+1 ^ rk0,
 *	AESENCLAST(s_i, rkN ^ Q) = mac_i ^ Q = the round-0 state of block i+1,
 * so the chain is nothing but rounds 1..N of every block; Q and rkN ^ Q are
 * made from the data, off the chain.  Nothing is stored but the last MAC,
 * whose last round takes the plain rkN.
 *
 * Registers: the SysV arguments and the #defines below; xmm0 the chain
 * state, xmm1 Q, xmm2 rkN ^ Q, round keys 1..13 in xmm3..xmm15 (rk0 and
 * rkN, used off the chain, from memory).  The round count is decided once,
 * outside the loop: one loop per key size.  Wiped on return: every xmm
 * register used (round keys, alone or XORed with data, and chain values).
 * Only the public length decides branches and addresses.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"

#define KEY		%rdi
#define MAC		%rsi		/* the chaining value, in and out */
#define DATA		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define RKLAST_PTR	%r8		/* the last round key */
#define NROUNDS		%r9d

	.text

/* Round keys 1..13. */
.set RK1, %xmm3;   .set RK2, %xmm4;   .set RK3, %xmm5;   .set RK4, %xmm6
.set RK5, %xmm7;   .set RK6, %xmm8;   .set RK7, %xmm9;   .set RK8, %xmm10
.set RK9, %xmm11;  .set RK10, %xmm12; .set RK11, %xmm13; .set RK12, %xmm14
.set RK13, %xmm15

/* Rounds 1..nr-1 of the chain state %xmm0. */
.macro _cmac_rounds nr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vaesenc		RK\i, %xmm0, %xmm0
	.endif
	.endr
.endm

/* The chain for nr rounds; LEN > 0 (whole blocks), round keys 1..9 loaded. */
.macro _cmac_chain nr
	.irp i, 10,11,12,13
	.if \i < \nr
		vmovdqu		16*\i(KEY), RK\i
	.endif
	.endr
	vmovdqu		(MAC), %xmm0
	vmovdqu		(DATA), %xmm1
	vpxor		(KEY), %xmm1, %xmm1
	vpxor		%xmm1, %xmm0, %xmm0		/* block 0 after round 0 */
	sub		$16, LEN
	jz		.Llast\@
	.p2align 4
.Lloop\@:
	vmovdqu		16(DATA), %xmm1
	vpxor		(KEY), %xmm1, %xmm1		/* Q = B_i+1 ^ rk0 */
	vpxor		(RKLAST_PTR), %xmm1, %xmm2	/* rkN ^ Q */
	_cmac_rounds	\nr
	vaesenclast	%xmm2, %xmm0, %xmm0		/* mac_i ^ Q: block i+1 after round 0 */
	add		$16, DATA
	sub		$16, LEN
	jnz		.Lloop\@
.Llast\@:
	_cmac_rounds	\nr
	vaesenclast	(RKLAST_PTR), %xmm0, %xmm0
	vmovdqu		%xmm0, (MAC)
.endm

/* void aesnictr_cmac_chain_avx(key, mac, data, len), cmac_asm.h */
SYM_TYPED_FUNC_START(aesnictr_cmac_chain_avx)
	mov	LEN32, LEN32			/* zero-extend len */
	and	$-16, LEN
	jz	.Lreturn
	mov	AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR
	.irp i, 1,2,3,4,5,6,7,8,9
		vmovdqu	16*\i(KEY), RK\i
	.endr
	cmp	$12, NROUNDS
	jb	.L128
	je	.L192
	_cmac_chain	14
	jmp	.Ldone
.L192:
	_cmac_chain	12
	jmp	.Ldone
.L128:
	_cmac_chain	10
.Ldone:
	/* the chain value, Q / rkN ^ Q, the round keys */
	.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
		vpxor	%xmm\r, %xmm\r, %xmm\r
	.endr
	vzeroupper
.Lreturn:
	RET
SYM_FUNC_END(aesnictr_cmac_chain_avx)
