/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CBC (NIST SP 800-38A 6.2), the ABI of cbc_asm.h: one encryption
 * routine (a serial chain, AES-NI on xmm), decryption for three vector
 * widths: avx (VL 16), vaes2 (VL 32), vaes512 (VL 64), and the ciphertext
 * stealing of cts(cbc(aes)).
 *
 * Encryption, C_i = E(P_i ^ C_i-1), is the serial chain of
 * aes_cbc_chain.h (shared with cmac_aes.S): the XOR folded into the
 * previous block's last round, so the chain is rounds 1..N alone.
 *
 * Decryption, P_i = D(C_i) ^ C_i-1 with the decryption schedule (rk0
 * first, AESDEC, AESDECLAST): the blocks are independent.  The final XOR is
 * folded into the last round key, AESDECLAST(s, rkN ^ C_i-1).  A vector of
 * VL bytes holds L = VL / 16 blocks; the "previous ciphertext" vector of
 * the vector at src + o is the VL bytes at src + o - 16, read from memory
 * for every vector of a batch but its first, whose own lane 0 comes from
 * the carried last ciphertext block: LAST holds it in its top lane (VL 16:
 * LAST itself; VL 32: VPERM2I128 $0x21 of LAST and the vector; VL 64:
 * VALIGNQ $6).  In place: a batch's last round keys are made and its
 * vectors stored in reverse order, last vector first, so every read of
 * src + o - 16 comes before the store that would overwrite it, and the
 * batch's last ciphertext vector (the next LAST) is kept in a register from
 * the start.  Batches of 8 vectors (8, 16, 32 blocks) while they fit, then
 * one of 4, 2, 1 vectors as needed, then (VL 32, 64) single blocks on xmm
 * with round keys from memory.  Every round key is applied to all vectors
 * of a batch before the next.
 *
 * The last two blocks of cts(cbc(aes)) (CBC-CS3, the kernel's cts
 * template's order) are one routine per direction on xmm, single blocks
 * with round keys from memory: see _aes_cts_tail.
 *
 * Registers: the SysV arguments and the #defines below; per width the
 * names of _cbc_set_regs.  Registers are not cleared on return
 * (docs/design.md, "Key material").  Only the public length decides branches
 * and addresses.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"
#include "asm_common.h"
#include "aes_rounds.h"
#include "aes_cbc_chain.h"

#define KEY		%rdi
#define DST		%rsi
#define SRC		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define IVP		%r8		/* the iv: C_-1 in, the last C_i out */
#define RKLAST_PTR	%r9		/* the last round key */
#define NROUNDS		%r10d

	.text

/* ---- encryption ---------------------------------------------------------- */

/* void aesnictr_cbc_encrypt_avx(key, dst, src, len, iv), cbc_asm.h */
SYM_TYPED_FUNC_START(aesnictr_cbc_encrypt_avx)
	_cbc_chain_body	KEY, IVP, SRC, LEN, LEN32, DST, RKLAST_PTR, NROUNDS
SYM_FUNC_END(aesnictr_cbc_encrypt_avx)

/* ---- the last two blocks of cts(cbc(aes)) --------------------------------- */

#define TAIL		%r11		/* b = len - 16, the bytes of the second block */

/* Round i (1..13) of one block x, the round key from memory. */
.macro _cbc_round_mem i, enc, x
	.if \enc
		vaesenc		16*\i(KEY), \x, \x
	.else
		vaesdec		16*\i(KEY), \x, \x
	.endif
.endm

/* x = the cipher of x (enc: E, else D), last round key klast; rk from memory. */
.macro _cts_block enc, x, klast
	vpxor		(KEY), \x, \x
	.irp i, 1,2,3,4,5,6,7,8,9
		_cbc_round_mem	\i, \enc, \x
	.endr
	_aes_rounds_from10 NROUNDS, _cbc_round_mem, \enc, \x
	.if \enc
		vaesenclast	\klast, \x, \x
	.else
		vaesdeclast	\klast, \x, \x
	.endif
.endm

/*
 * void aesnictr_cts_<en|de>crypt_tail_avx(key, dst, src, len, iv), cbc_asm.h.
 * len = 16 + b, b = 1..16.  With S = the first 16 bytes in, T = the b bytes
 * after them zero-padded (T || 0):
 *	encrypt: X = E(S ^ iv), Y = E((T || 0) ^ X); out = Y || X[0..b);
 *	decrypt: Z = D(S) ^ (T || 0), out tail = Z[0..b),
 *		 out first 16 = D(T || Z[b..16)) ^ iv;
 * iv out = Y (encrypt) or S (decrypt).  The in tail is one 16-byte load
 * ending at the end of src, moved to bytes 0..b-1 by the VPSHUFB mask at
 * .Lshift_window + 32 - b (zero above); the out tail one 16-byte store
 * ending at the end of dst, its bytes moved up by the mask at
 * .Lshift_window + b, before the store of the first 16 bytes (which
 * overwrites the rest of it).  Everything in is read before anything is
 * stored (in place).  Registers: xmm0 the first block, xmm1 the second,
 * xmm2/xmm3 the masks, xmm4 S (decrypt), xmm5 rkN ^ iv (decrypt).
 */
.macro _aes_cts_tail enc
	mov	LEN32, LEN32			/* zero-extend len */
	lea	-16(LEN), TAIL
	mov	AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR
	vmovdqu		(SRC), %xmm0			/* S */
	vmovdqu		(SRC,TAIL), %xmm1		/* T in bytes 16-b .. 15 */
	lea		.Lshift_window(%rip), %rax
	vmovdqu		(%rax,TAIL), %xmm2		/* byte j: j - (16 - b), or zero */
	add		$32, %rax
	sub		TAIL, %rax
	vmovdqu		(%rax), %xmm3			/* byte i < b: 16 - b + i; else zero */
	vpshufb		%xmm3, %xmm1, %xmm1		/* T || 0 */
.if \enc
	vpxor		(IVP), %xmm0, %xmm0
	_cts_block	1, %xmm0, (RKLAST_PTR)		/* X */
	vpxor		%xmm0, %xmm1, %xmm1		/* (T || 0) ^ X */
	vpshufb		%xmm2, %xmm0, %xmm0		/* X[0..b) in bytes 16-b .. 15 */
	vmovdqu		%xmm0, (DST,TAIL)
	_cts_block	1, %xmm1, (RKLAST_PTR)		/* Y */
	vmovdqu		%xmm1, (DST)
	vmovdqu		%xmm1, (IVP)
.else
	vmovdqa		%xmm0, %xmm4			/* S: the iv out */
	_cts_block	0, %xmm0, (RKLAST_PTR)		/* D(S) */
	vpxor		%xmm1, %xmm0, %xmm0		/* Z */
	vpblendvb	%xmm3, %xmm0, %xmm1, %xmm1	/* T || Z[b..16) */
	vpshufb		%xmm2, %xmm0, %xmm0		/* Z[0..b) in bytes 16-b .. 15 */
	vmovdqu		%xmm0, (DST,TAIL)
	vmovdqu		(RKLAST_PTR), %xmm5
	vpxor		(IVP), %xmm5, %xmm5		/* rkN ^ iv */
	_cts_block	0, %xmm1, %xmm5
	vmovdqu		%xmm1, (DST)
	vmovdqu		%xmm4, (IVP)
.endif
	vzeroupper
	RET
.endm

SYM_TYPED_FUNC_START(aesnictr_cts_encrypt_tail_avx)
	_aes_cts_tail	1
SYM_FUNC_END(aesnictr_cts_encrypt_tail_avx)

SYM_TYPED_FUNC_START(aesnictr_cts_decrypt_tail_avx)
	_aes_cts_tail	0
SYM_FUNC_END(aesnictr_cts_decrypt_tail_avx)

/* ---- decryption ---------------------------------------------------------- */

/*
 * Every width: V0-V7 the AES states of a batch, V8 NEWLAST (the batch's
 * last ciphertext vector, the next LAST), V9 TMP (a last round key:
 * RKLAST ^ previous ciphertext).  VL 64 keeps round keys 1-13 in
 * RKEY1-RKEY13 (zmm17-29, asm_common.h); VL 16, 32 broadcast each into RK
 * in turn.
 */
.macro _cbc_set_regs
	.set	NEWLAST, V8
	.set	TMP, V9
	.if VL == 64
		.set	RK0, %zmm16
		.set	RKLAST, %zmm30
		.set	LAST, %zmm31
	.else
		.set	RK, V10
		.set	RKLAST, V11
		.set	LAST, V12
		.set	RK0, V15
	.endif
.endm

/* Apply decryption round key i (1..13) to the first n states. */
.macro _cbc_dec_round i, n
	.if VL != 64
		_vbroadcast128	16*\i(KEY), RK
	.endif
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if VL == 64
		vaesdec		RKEY\i, V\j, V\j
	.else
		vaesdec		RK, V\j, V\j
	.endif
	.endif
	.endr
.endm

/*
 * TMP = RKLAST ^ the previous-ciphertext vector of vector 0 at SRC, from
 * LAST (the carried block in its top lane) and the vector itself.
 */
.macro _cbc_prev0
	.if VL == 16
		vpxor		LAST, RKLAST, TMP
	.elseif VL == 32
		vperm2i128	$0x21, (SRC), LAST, TMP
		vpxor		TMP, RKLAST, TMP
	.else
		vmovdqu8	(SRC), TMP
		valignq		$6, LAST, TMP, TMP
		vpxorq		TMP, RKLAST, TMP
	.endif
.endm

/*
 * Decrypt n (1..8) vectors from SRC to DST and advance SRC, DST and LEN
 * past them; LAST is carried.
 */
.macro _cbc_dec_batch n
	_vmovdqu	(\n-1)*VL(SRC), NEWLAST
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n - 1
		_vpxor		\j*VL(SRC), RK0, V\j
	.elseif \j == \n - 1
		_vpxor		NEWLAST, RK0, V\j
	.endif
	.endr
	.irp i, 1,2,3,4,5,6,7,8,9
		_cbc_dec_round	\i, \n
	.endr
	_aes_rounds_from10 NROUNDS, _cbc_dec_round, \n
	/* last vector first: src + o - 16 is read before dst + o - 16 is written */
	.irp j, 7,6,5,4,3,2,1
	.if \j < \n
		_vpxor		(\j*VL-16)(SRC), RKLAST, TMP
		vaesdeclast	TMP, V\j, V\j
		_vmovdqu	V\j, \j*VL(DST)
	.endif
	.endr
	_cbc_prev0
	vaesdeclast	TMP, V0, V0
	_vmovdqu	V0, (DST)
	.if VL == 64
		vmovdqa64	NEWLAST, LAST
	.else
		vmovdqa		NEWLAST, LAST
	.endif
	add	$\n*VL, SRC
	add	$\n*VL, DST
	sub	$\n*VL, LEN
.endm

/* void aesnictr_cbc_decrypt_<impl>(key, dst, src, len, iv), cbc_asm.h */
.macro _aes_cbc_decrypt
	_cbc_set_regs
	mov	LEN32, LEN32			/* zero-extend len */
	and	$-16, LEN
	jz	.Lreturn\@
	mov	AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR
	.if VL == 16
		vmovdqu		(IVP), LAST
	.else
		cmp	$VL, LEN
		jb	.Lsingles_init\@
		_vbroadcast128	(IVP), LAST	/* C_-1 in the top lane */
	.endif
	_vbroadcast128	(KEY), RK0
	_vbroadcast128	(RKLAST_PTR), RKLAST
	.if VL == 64
		.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
			vbroadcasti32x4	16*\i(KEY), RKEY\i
		.endr
	.endif
	cmp	$8*VL, LEN
	jb	.Ltail4\@
	.p2align 4
.Lloop\@:
	_cbc_dec_batch	8
	cmp	$8*VL, LEN
	jae	.Lloop\@
.Ltail4\@:
	cmp	$4*VL, LEN
	jb	.Ltail2\@
	_cbc_dec_batch	4
.Ltail2\@:
	cmp	$2*VL, LEN
	jb	.Ltail1\@
	_cbc_dec_batch	2
.Ltail1\@:
	cmp	$VL, LEN
	jb	.Lsingles\@
	_cbc_dec_batch	1
.Lsingles\@:
	.if VL == 16
		vmovdqu		LAST, (IVP)
	.else
		/* fewer than L blocks left: xmm1 = C_-1, one block at a time */
		.if VL == 32
			vextracti128	$1, LAST, %xmm1
		.else
			vextracti32x4	$3, LAST, %xmm1
		.endif
		jmp	.Lsingles_go\@
.Lsingles_init\@:
		vmovdqu		(IVP), %xmm1
.Lsingles_go\@:
		test	LEN, LEN
		jz	.Lsingles_done\@
.Lsingle\@:
		vmovdqu		(SRC), %xmm2			/* C_i */
		vpxor		(KEY), %xmm2, %xmm0
		.irp i, 1,2,3,4,5,6,7,8,9
			vaesdec		16*\i(KEY), %xmm0, %xmm0
		.endr
		_aes_rounds_from10 NROUNDS, _cbc_round_mem, 0, %xmm0
		vpxor		(RKLAST_PTR), %xmm1, %xmm3
		vaesdeclast	%xmm3, %xmm0, %xmm0
		vmovdqu		%xmm0, (DST)
		vmovdqa		%xmm2, %xmm1
		add	$16, SRC
		add	$16, DST
		sub	$16, LEN
		jnz	.Lsingle\@
.Lsingles_done\@:
		vmovdqu		%xmm1, (IVP)
	.endif
	vzeroupper
.Lreturn\@:
	RET
.endm

_set_veclen 16
SYM_TYPED_FUNC_START(aesnictr_cbc_decrypt_avx)
	_aes_cbc_decrypt
SYM_FUNC_END(aesnictr_cbc_decrypt_avx)

#if AESNICTR_AS_VAES
_set_veclen 32
SYM_TYPED_FUNC_START(aesnictr_cbc_decrypt_vaes2)
	_aes_cbc_decrypt
SYM_FUNC_END(aesnictr_cbc_decrypt_vaes2)

_set_veclen 64
SYM_TYPED_FUNC_START(aesnictr_cbc_decrypt_vaes512)
	_aes_cbc_decrypt
SYM_FUNC_END(aesnictr_cbc_decrypt_vaes512)
#endif /* AESNICTR_AS_VAES */
