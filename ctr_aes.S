/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CTR for three vector widths (the key schedule comes from aes_expand.S).
 *
 * CTR (Gueron and Krasnov): within one call the upper 96 bits of every counter
 * block equal those of the first, so
 *	T = (ctr AND 96-bit mask) XOR rk0
 * is computed once, and block n's round-0 state is T XOR (0^96 || be32(c + n)).
 * The caller guarantees that c + n does not wrap 2^32 within a call
 * (ctr_asm.h); it splits runs where the kernel's 128-bit counter carries out
 * of the low word.  Two ways of forming the round-0 states are used:
 *
 *  - vector ops: C holds the little-endian words c + n in dword 3 of each
 *    128-bit lane (other dwords zero); state = VPSHUFB(C) ^ T, C += STEP.
 *    Three vector ops per vector, which compete with AES for the FP pipes.
 *  - GPR ops (main loop of VL 16 and 32): the states of a whole batch of NV
 *    vectors sit in a 32-byte aligned stack buffer BUF, every block holding T
 *    in dwords 0-2.  A batch loads its states with plain vector loads; right
 *    after, while its AES rounds run, it rewrites dword 3 of every block of
 *    BUF for the next batch with four ALU ops,
 *	lea c + NV*VL/16 + m; bswap; xor rk0.dword3; mov to BUF,
 *    stored a whole batch ahead, so the next batch's (wider) loads find the
 *    stores committed instead of stalling on failed store forwarding.  This
 *    frees the T/C/STEP/BSWAP registers, so NV = 12 vectors are in flight.
 *    BUF reveals T, so it is wiped before the stack frame is dropped.
 *
 * One set of macros serves every width VL (16: AES-NI + AVX on xmm, 32: VAES
 * + AVX2 on ymm, 64: VAES + AVX-512 on zmm, each vector holding VL/16 blocks).
 *
 * VL 16, 32: the GPR-counter loop does batches of NV = 12 vectors while at
 * least NV + 8 vectors remain (so the rest is never a lone latency-bound
 * 1..7-vector batch right after a 12-vector one, and short messages skip the
 * stack frame and the buffer set-up); its first batch takes its states from
 * vector ops in registers.  What remains is done with vector-op counters in
 * batches of 8, then 4, 2 and 1 vectors; a final partial vector is XORed as
 * one 16-byte xmm (VL 32, if >= 16 bytes left), then 8, 4, 2 and 1 bytes at
 * a time in GPRs (branches on the public length only).
 * VL 64: vector-op counters, batches of 8 vectors, tails of 4, 2 and 1, and a
 * final partial vector done with a byte mask.
 * The last round is fused with the data XOR:
 * AESENCLAST(k, x) ^ d == AESENCLAST(k ^ d, x).
 *
 * Registers: the SysV arguments and the names on the #define lines below
 * (V<n> = xmm/ymm/zmm<n> of the width, asm_common.h).
 * Wiped on return: the stack buffer BUF (T ^ counters); registers are not
 * cleared (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"
#include "asm_common.h"
#include "aes_rounds.h"

	.text


/*
 * The SysV arguments (key, dst, src, len, ctr) first; rax scratch, rbp
 * the frame pointer while BUF exists (VL 16, 32 loop).
 */
#define KEY		%rdi
#define DST		%rsi
#define SRC		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define CTRPTR		%r8		/* the counter block */
#define RKLAST_PTR	%r9		/* last round key; then KW (below) */
#define NROUNDS		%r10d		/* the number of rounds */

/*
 * V0-V11: counter blocks / AES states (12 vectors in the GPR-counter loop,
 * otherwise up to 8).  T, C and STEP: vector-op counters only.
 */
#define T	V8	/* (ctr AND mask96) ^ rk0, in every lane */
#define C	V9	/* little-endian low counter words */
#define STEP	V10	/* VL/16 in dword 3 of every lane */
#define BSWAP	V11	/* shuffle: identity on bytes 0-11, reverse 12-15 */
#define RK	V12	/* round key being applied (VL 16, 32) */
#define RKLAST	V13	/* last round key */
#define TMP	V14	/* scratch (RKLAST ^ src) */
/*
 * V15: STEP in the GPR-counter loop's set-up.  VL 64: zmm17-29 = RKEY1-13
 * (asm_common.h), round keys 1-13, loaded once.
 */

/* Apply round key i (1..13) to the first n vectors. */
.macro _aesenc_round i, n
	.if VL != 64
		_vbroadcast128	16*\i(KEY), RK
	.endif
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if VL == 64
		vaesenc		RKEY\i, V\j, V\j
	.else
		vaesenc		RK, V\j, V\j
	.endif
	.endif
	.endr
.endm

/*
 * Encrypt n vectors of counter blocks.  If xor_src is 1, XOR them with n full
 * vectors at SRC and store them at DST; otherwise leave the keystream in V0..
 */
.macro _ctr_vectors n, xor_src
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
		_ctr_next	V\j, T, C, STEP, BSWAP
	.endif
	.endr
	.irp i, 1,2,3,4,5,6,7,8,9
		_aesenc_round \i, \n
	.endr
	_aes_rounds_from10 NROUNDS, _aesenc_round, \n
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if \xor_src
		_vpxor		\j*VL(SRC), RKLAST, TMP
		vaesenclast	TMP, V\j, V\j
		_vmovdqu	V\j, \j*VL(DST)
	.else
		vaesenclast	RKLAST, V\j, V\j
	.endif
	.endif
	.endr
.endm

.macro _ctr_advance bytes
	add	$\bytes, SRC
	add	$\bytes, DST
	sub	$\bytes, LEN
.endm

/*
 * Fewer than 8 vectors left: batches of 4, 2 and 1 vectors, then, unless
 * nothing is left (jump to done), the keystream of the final partial vector
 * in V0 for the caller to XOR.
 */
.macro _ctr_tails done
	cmp	$4*VL, LEN
	jb	.Ltail2\@
	_ctr_vectors	4, 1
	_ctr_advance	4*VL
.Ltail2\@:
	cmp	$2*VL, LEN
	jb	.Ltail1\@
	_ctr_vectors	2, 1
	_ctr_advance	2*VL
.Ltail1\@:
	cmp	$VL, LEN
	jb	.Lpartial\@
	_ctr_vectors	1, 1
	_ctr_advance	VL
.Lpartial\@:
	test	LEN, LEN
	jz	\done
	_ctr_vectors	1, 0
.endm

/* Zero-extend LEN, return at once (to ret) if it is 0; NROUNDS, RKLAST_PTR. */
.macro _ctr_prologue ret
	mov	LEN32, LEN32			/* zero-extend len */
	test	LEN, LEN
	jz	\ret
	mov	AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR
.endm

/* VL 64: void aesnictr_ctr_vaes512(key, dst, src, len, ctr), see ctr_asm.h */
.macro _aes_ctr_crypt_zmm
	_ctr_prologue	.Lreturn\@

	/* T = (ctr AND mask96) ^ rk0; C = low counter word + lane number */
	_ctr_init_mem	T, C, TMP, CTRPTR, KEY
	vmovdqu8	STEP_CONST(%rip), STEP
	_vmovdqu	.Lbswap_low32(%rip), BSWAP
	_vbroadcast128	(RKLAST_PTR), RKLAST
	.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
		vbroadcasti32x4	16*\i(KEY), RKEY\i
	.endr

	cmp	$8*VL, LEN
	jb	.Ltail\@
.Lloop8\@:
	_ctr_vectors	8, 1
	_ctr_advance	8*VL
	cmp	$8*VL, LEN
	jae	.Lloop8\@
.Ltail\@:
	_ctr_tails	.Ldone\@		/* partial keystream in V0 */
	mov	$1, %rax
	shl	%cl, %rax
	dec	%rax				/* mask of LEN (< 64) bytes */
	kmovq	%rax, %k1
	vmovdqu8	(SRC), %zmm1{%k1}{z}
	vpxord		%zmm1, %zmm0, %zmm0
	vmovdqu8	%zmm0, (DST){%k1}
.Ldone\@:
	vzeroupper
.Lreturn\@:
	RET
.endm

/* VL 16 and 32 with GPR counters in BUF (at %rsp); see the top comment. */
.set	NV, 12			/* vectors per batch of the GPR-counter loop */
#define CTRW	%r11d		/* c + blocks done: the next block's low word */
#define KW	%r9d		/* dword 3 of rk0, as loaded little-endian */

/*
 * Dword 3 of block m of BUF, for the next batch (CTRW = this batch's first
 * block): be32(CTRW + NV*VL/16 + m) ^ rk0.dword3.
 */
.macro _ctr_update m
	lea	NV*VL/16+(\m)(%r11), %eax
	bswap	%eax
	xor	KW, %eax
	mov	%eax, 16*(\m)+12(%rsp)
.endm

.macro _load_states n, base
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11
	.if \j < \n
		vmovdqa	\j*VL(\base), V\j
	.endif
	.endr
.endm

.macro _aesenc_rk i, n
	_vbroadcast128	16*\i(KEY), RK
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11
	.if \j < \n
		vaesenc		RK, V\j, V\j
	.endif
	.endr
.endm

/*
 * One batch of the GPR-counter loop, its states already in V0..V(n-1): first
 * rewrite the counter words of BUF for the next batch (this batch's loads of
 * BUF come before, in program order), then AES rounds 1..last, the last one
 * fused with the XOR of SRC, and the stores to DST.
 */
.macro _batch_gpr n
	.set	UPD, 0
	.rept \n*VL/16
		_ctr_update UPD
		.set	UPD, UPD + 1
	.endr
	add	$\n*VL/16, CTRW
	.irp i, 1,2,3,4,5,6,7,8,9
		_aesenc_rk \i, \n
	.endr
	_aes_rounds_from10 NROUNDS, _aesenc_rk, \n
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11
	.if \j < \n
		vpxor		\j*VL(SRC), RKLAST, TMP
		vaesenclast	TMP, V\j, V\j
		vmovdqu		V\j, \j*VL(DST)
	.endif
	.endr
.endm

/* VL 16, 32: void aesnictr_ctr_<tier>(key, dst, src, len, ctr), see ctr_asm.h */
.macro _aes_ctr_crypt_gpr
	_ctr_prologue	.Lreturn\@
	_vbroadcast128	(RKLAST_PTR), RKLAST
	cmp	$(NV+8)*VL, LEN
	jb	.Lshort\@
	mov	12(CTRPTR), CTRW
	bswap	CTRW
	push	%rbp
	mov	%rsp, %rbp
	sub	$NV*VL, %rsp
	and	$-32, %rsp
	mov	12(KEY), KW
	/*
	 * The first batch's states go straight to V0..V(NV-1), with T in RK,
	 * C in TMP and STEP in V15; every slot of BUF gets T, whose dword 3
	 * the GPR updates overwrite.
	 */
	_ctr_init_mem	RK, TMP, V15, CTRPTR, KEY
	vmovdqu		STEP_CONST(%rip), V15
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11
	.if \j < NV
		_ctr_next	V\j, RK, TMP, V15, .Lbswap_low32(%rip)
		vmovdqa		RK, \j*VL(%rsp)
	.endif
	.endr
	jmp	.Lenter\@
	.p2align 5
.Lloop\@:
	_load_states NV, %rsp
.Lenter\@:
	_batch_gpr NV
	_ctr_advance NV*VL
	cmp	$(NV+8)*VL, LEN
	jae	.Lloop\@
	vpxor	%xmm0, %xmm0, %xmm0		/* BUF held T ^ counters: wipe it */
	.set	FILL, 0
	.rept NV
		vmovdqa	V0, FILL*VL(%rsp)
		.set	FILL, FILL + 1
	.endr
	mov	%rbp, %rsp
	pop	%rbp
	test	LEN, LEN
	jz	.Ldone\@
	/* The tails build their counters with vector ops */
	_ctr_init	T, C, %xmm9, TMP, CTRPTR, KEY, CTRW
	jmp	.Ltail_consts\@
.Lshort\@:
	_ctr_init_mem	T, C, TMP, CTRPTR, KEY
.Ltail_consts\@:
	vmovdqu		STEP_CONST(%rip), STEP
	vmovdqu		.Lbswap_low32(%rip), BSWAP
.Ltail8\@:
	cmp	$8*VL, LEN
	jb	.Ltail4\@
	_ctr_vectors	8, 1
	_ctr_advance	8*VL
	jmp	.Ltail8\@
.Ltail4\@:
	_ctr_tails	.Ldone\@		/* partial keystream in V0 */
	.if VL == 32
		cmp	$16, LEN32
		jb	1f
		vpxor	(SRC), %xmm0, %xmm1
		vmovdqu	%xmm1, (DST)
		vextracti128 $1, %ymm0, %xmm0
		add	$16, SRC
		add	$16, DST
1:
	.endif
	/* the last LEN % 16 bytes, XORed in GPRs: 8, 4, 2 and 1 at a time */
	vmovq	%xmm0, %rax
	vpextrq	$1, %xmm0, %r11
	test	$8, LEN32
	jz	2f
	mov	(SRC), %r10
	xor	%rax, %r10
	mov	%r10, (DST)
	mov	%r11, %rax
	add	$8, SRC
	add	$8, DST
2:	test	$4, LEN32
	jz	3f
	mov	(SRC), %r10d
	xor	%eax, %r10d
	mov	%r10d, (DST)
	shr	$32, %rax
	add	$4, SRC
	add	$4, DST
3:	test	$2, LEN32
	jz	4f
	movzwl	(SRC), %r10d
	xor	%eax, %r10d
	mov	%r10w, (DST)
	shr	$16, %eax
	add	$2, SRC
	add	$2, DST
4:	test	$1, LEN32
	jz	.Ldone\@
	movzbl	(SRC), %r10d
	xor	%eax, %r10d
	mov	%r10b, (DST)
.Ldone\@:
	vzeroupper
.Lreturn\@:
	RET
.endm

_set_veclen 16
SYM_TYPED_FUNC_START(aesnictr_ctr_avx)
	_aes_ctr_crypt_gpr
SYM_FUNC_END(aesnictr_ctr_avx)

#if AESNICTR_AS_VAES
_set_veclen 32
SYM_TYPED_FUNC_START(aesnictr_ctr_vaes2)
	_aes_ctr_crypt_gpr
SYM_FUNC_END(aesnictr_ctr_vaes2)

_set_veclen 64
SYM_TYPED_FUNC_START(aesnictr_ctr_vaes512)
	_aes_ctr_crypt_zmm
SYM_FUNC_END(aesnictr_ctr_vaes512)
#endif /* AESNICTR_AS_VAES */
