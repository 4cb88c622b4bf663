/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The serial CBC chain, shared by cbc_aes.S (CBC encryption, every block
 * stored) and cmac_aes.S (the CBC-MAC of CMAC and XCBC, only the last
 * value kept): s_i = E(s_i-1 ^ B_i), s_-1 the chaining value in memory,
 * one AES-NI chain on xmm (VEX-encoded) for every tier.
 *
 * The chain per block is the XOR with the data block, then the rounds.
 * The XOR is taken off it by folding it into the previous block's last
 * round (AddRoundKey is an XOR): with Q = B_i+1 ^ rk0,
 *	AESENCLAST(t_i, rkN ^ Q) = s_i ^ Q = the round-0 state of block i+1
 * (t_i the state before block i's last round), so the chain is nothing
 * but rounds 1..N of every block; Q and rkN ^ Q are made from the data,
 * off the chain, and s_i = that state ^ Q is stored beside it.  The last
 * block of a call takes the plain rkN.
 *
 * Registers: xmm0 the chain state, xmm1 Q (then s_i), xmm2 rkN ^ Q, round
 * keys 1..13 in xmm3..xmm15 (rk0 and rkN, used off the chain, from
 * memory); the caller names its argument registers and two scratch ones
 * (rklast: the address of rkN; nr: the round count).  The round count
 * decides once, outside the loop: one loop per key size.  Registers are
 * not cleared on return (docs/design.md, "Key material").  Only the public
 * length decides branches and addresses.
 */
#ifndef AESNICTR_AES_CBC_CHAIN_H
#define AESNICTR_AES_CBC_CHAIN_H

/* Round keys 1..13. */
.set CBC_RK1, %xmm3;   .set CBC_RK2, %xmm4;   .set CBC_RK3, %xmm5
.set CBC_RK4, %xmm6;   .set CBC_RK5, %xmm7;   .set CBC_RK6, %xmm8
.set CBC_RK7, %xmm9;   .set CBC_RK8, %xmm10;  .set CBC_RK9, %xmm11
.set CBC_RK10, %xmm12; .set CBC_RK11, %xmm13; .set CBC_RK12, %xmm14
.set CBC_RK13, %xmm15

/* Rounds 1..nr-1 of the chain state %xmm0. */
.macro _cbc_chain_rounds nr
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
	.if \i < \nr
		vaesenc		CBC_RK\i, %xmm0, %xmm0
	.endif
	.endr
.endm

/*
 * The chain for nr rounds over len > 0 bytes (whole blocks) at src, round
 * keys 1..9 loaded; each s_i stored at dst unless dst is empty.
 */
.macro _cbc_chain_nr nr, key, chain, src, len, dst, rklast
	.irp i, 10,11,12,13
	.if \i < \nr
		vmovdqu		16*\i(\key), CBC_RK\i
	.endif
	.endr
	vmovdqu		(\chain), %xmm0			/* s_-1 */
	vmovdqu		(\src), %xmm1
	vpxor		(\key), %xmm1, %xmm1
	vpxor		%xmm1, %xmm0, %xmm0		/* block 0 after round 0 */
	sub		$16, \len
	jz		.Lcbc_chain_last\@
	.p2align 4
.Lcbc_chain_loop\@:
	vmovdqu		16(\src), %xmm1
	vpxor		(\key), %xmm1, %xmm1		/* Q = B_i+1 ^ rk0 */
	vpxor		(\rklast), %xmm1, %xmm2		/* rkN ^ Q */
	_cbc_chain_rounds \nr
	vaesenclast	%xmm2, %xmm0, %xmm0		/* s_i ^ Q: block i+1 after round 0 */
	.ifnb \dst
		vpxor		%xmm0, %xmm1, %xmm1	/* s_i */
		vmovdqu		%xmm1, (\dst)
		add		$16, \dst
	.endif
	add		$16, \src
	sub		$16, \len
	jnz		.Lcbc_chain_loop\@
.Lcbc_chain_last\@:
	_cbc_chain_rounds \nr
	vaesenclast	(\rklast), %xmm0, %xmm0
	.ifnb \dst
		vmovdqu		%xmm0, (\dst)
	.endif
	vmovdqu		%xmm0, (\chain)
.endm

/*
 * A whole routine's body: the chain over the len (its 32-bit name len32;
 * the low four bits ignored, 0: nothing done) bytes at src from and back
 * to the 16 bytes at chain, each s_i stored at dst unless dst is empty;
 * returns.
 */
.macro _cbc_chain_body key, chain, src, len, len32, dst, rklast, nr
	mov		\len32, \len32			/* zero-extend len */
	and		$-16, \len
	jz		.Lcbc_chain_return\@
	mov		AESNICTR_KEY_NROUNDS(\key), \nr
	.irp i, 1,2,3,4,5,6,7,8,9
		vmovdqu		16*\i(\key), CBC_RK\i
	.endr
	cmp		$12, \nr
	jb		.Lcbc_chain_128\@
	je		.Lcbc_chain_192\@
	lea		16*14(\key), \rklast
	_cbc_chain_nr	14, \key, \chain, \src, \len, \dst, \rklast
	jmp		.Lcbc_chain_done\@
.Lcbc_chain_192\@:
	lea		16*12(\key), \rklast
	_cbc_chain_nr	12, \key, \chain, \src, \len, \dst, \rklast
	jmp		.Lcbc_chain_done\@
.Lcbc_chain_128\@:
	lea		16*10(\key), \rklast
	_cbc_chain_nr	10, \key, \chain, \src, \len, \dst, \rklast
.Lcbc_chain_done\@:
	vzeroupper
.Lcbc_chain_return\@:
	RET
.endm

#endif /* AESNICTR_AES_CBC_CHAIN_H */
