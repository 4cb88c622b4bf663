/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES key expansion and AES-CTR for three vector widths.
 *
 * Key expansion (aesnictr_expand_key) follows FIPS-197 word by word:
 *	w[i] = w[i - Nk] ^ f(w[i - 1])
 * where f is SubWord(RotWord(x)) ^ rcon when i % Nk == 0, SubWord(x) when
 * Nk == 8 and i % Nk == 4, and x otherwise.  SubWord comes from
 * AESKEYGENASSIST (with the word broadcast, dword 1 of the result is
 * RotWord(SubWord(x)) and dword 0 is SubWord(x)), so no table is indexed by
 * key bytes; the only branches are on i, which is public.
 *
 * CTR (Gueron and Krasnov): within one call the upper 96 bits of every counter
 * block equal those of the first, so
 *	T = (ctr AND 96-bit mask) XOR rk0
 * is computed once, and block n's round-0 state is T XOR (0^96 || be32(c + n)):
 * a 32-bit increment (VPADDD on a little-endian copy of the low word, kept in
 * dword 3 of each 128-bit lane with the other dwords zero), a byte swap of
 * that word (VPSHUFB) and one XOR.  The caller guarantees that c + n does not
 * wrap 2^32 within a call (aesni_ctr.h); it splits runs where the kernel's
 * 128-bit counter carries out of the low word.
 *
 * One macro body serves every width VL (16: AES-NI + AVX on xmm, 32: VAES +
 * AVX2 on ymm, 64: VAES + AVX-512 on zmm, each vector holding VL/16 blocks).
 * The main loop keeps 8 vectors in flight; tails use 4, 2 and 1 vectors, and
 * a final partial vector is done with a byte mask (VL 64) or through a stack
 * buffer (VL 16, 32).  The last round is fused with the data XOR:
 * AESENCLAST(k, x) ^ d == AESENCLAST(k ^ d, x).
 *
 * Register plan (SysV arguments, V<n> = xmm/ymm/zmm<n> of the width):
 *	rdi KEY  rsi DST  rdx SRC  rcx LEN  r8 CTR (then scratch)
 *	r9 pointer to the last round key  r10d number of rounds
 *	V0-V7	  counter blocks / AES state of 8 vectors
 *	V8  T	  (ctr AND mask96) ^ rk0, in every lane
 *	V9  C	  little-endian low counter words, lane l = c + l
 *	V10 STEP  VL/16 in dword 3 of every lane
 *	V11 BSWAP shuffle: identity on bytes 0-11, reverse bytes 12-15
 *	V12 RK	  round key being applied (VL 16, 32)
 *	V13 RKLAST last round key, V14 TMP
 *	zmm17-29  round keys 1-13, loaded once (VL 64 only)
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

	.section .rodata
	.p2align 6
.Lbswap_low32:
	.rept 4
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12
	.endr
.Lmask_high96:
	.rept 4
	.long	0xffffffff, 0xffffffff, 0xffffffff, 0
	.endr
.Llane_offsets:
	.long	0, 0, 0, 0,  0, 0, 0, 1,  0, 0, 0, 2,  0, 0, 0, 3
.Lstep_16:
	.rept 4
	.long	0, 0, 0, 1
	.endr
.Lstep_32:
	.rept 4
	.long	0, 0, 0, 2
	.endr
.Lstep_64:
	.rept 4
	.long	0, 0, 0, 4
	.endr

	.text

/* void aesnictr_expand_key(struct aesnictr_key *key, const u8 *in, unsigned int len) */
SYM_FUNC_START(aesnictr_expand_key)
	mov	%edx, %ecx
	shr	$2, %ecx			/* Nk: 4, 6 or 8 words */
	lea	6(%rcx), %eax			/* rounds = Nk + 6 */
	mov	%eax, 240(%rdi)
	lea	4(,%rax,4), %r8d		/* words to produce: 4 * (rounds + 1) */
	xor	%eax, %eax
.Lcopy_key:
	mov	(%rsi,%rax,4), %r9d
	mov	%r9d, (%rdi,%rax,4)
	inc	%eax
	cmp	%ecx, %eax
	jb	.Lcopy_key
	xor	%r10d, %r10d			/* i % Nk */
	mov	$1, %r11d			/* rcon */
.Lnext_word:
	mov	-4(%rdi,%rax,4), %r9d		/* w[i - 1] */
	test	%r10d, %r10d
	jnz	.Lmaybe_subword
	vmovd	%r9d, %xmm0
	vpshufd	$0, %xmm0, %xmm0
	vaeskeygenassist $0, %xmm0, %xmm0
	vpextrd	$1, %xmm0, %r9d			/* RotWord(SubWord(w)) */
	xor	%r11d, %r9d
	add	%r11d, %r11d			/* rcon *= x in GF(2^8) */
	cmp	$0x100, %r11d
	jb	.Lxor_word
	xor	$0x11b, %r11d
	jmp	.Lxor_word
.Lmaybe_subword:
	cmp	$8, %ecx
	jne	.Lxor_word
	cmp	$4, %r10d
	jne	.Lxor_word
	vmovd	%r9d, %xmm0
	vpshufd	$0, %xmm0, %xmm0
	vaeskeygenassist $0, %xmm0, %xmm0
	vmovd	%xmm0, %r9d			/* SubWord(w) */
.Lxor_word:
	mov	%eax, %edx
	sub	%ecx, %edx
	xor	(%rdi,%rdx,4), %r9d		/* ^= w[i - Nk] */
	mov	%r9d, (%rdi,%rax,4)
	inc	%r10d
	cmp	%ecx, %r10d
	jb	1f
	xor	%r10d, %r10d
1:	inc	%eax
	cmp	%r8d, %eax
	jb	.Lnext_word
	vpxor	%xmm0, %xmm0, %xmm0
	xor	%r9d, %r9d
	RET
SYM_FUNC_END(aesnictr_expand_key)

#define KEY		%rdi
#define DST		%rsi
#define SRC		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define CTRPTR		%r8
#define RKLAST_PTR	%r9
#define NROUNDS		%r10d

/* Name V0..V15 (and V16..V31 for VL 64) after the registers of width VL. */
.macro _set_veclen vl
	.set	VL, \vl
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.if VL == 16
		.set	V\i, %xmm\i
	.elseif VL == 32
		.set	V\i, %ymm\i
	.else
		.set	V\i, %zmm\i
	.endif
	.endr
	/* VL 64 keeps round keys 1-13 in zmm17-zmm29 */
	.if VL == 64
	.set RKEY1, %zmm17; .set RKEY2, %zmm18; .set RKEY3, %zmm19; .set RKEY4, %zmm20
	.set RKEY5, %zmm21; .set RKEY6, %zmm22; .set RKEY7, %zmm23; .set RKEY8, %zmm24
	.set RKEY9, %zmm25; .set RKEY10, %zmm26; .set RKEY11, %zmm27
	.set RKEY12, %zmm28; .set RKEY13, %zmm29
	.endif
.endm

#define T	V8
#define C	V9
#define STEP	V10
#define BSWAP	V11
#define RK	V12
#define RKLAST	V13
#define TMP	V14

/* Load one 16-byte value into every 128-bit lane of a vector. */
.macro _vbroadcast128 src, dst
	.if VL == 16
		vmovdqu		\src, \dst
	.elseif VL == 32
		vbroadcasti128	\src, \dst
	.else
		vbroadcasti32x4	\src, \dst
	.endif
.endm

.macro _vmovdqu src, dst
	.if VL == 64
		vmovdqu8	\src, \dst
	.else
		vmovdqu		\src, \dst
	.endif
.endm

.macro _vpxor a, b, dst
	.if VL == 64
		vpxord		\a, \b, \dst
	.else
		vpxor		\a, \b, \dst
	.endif
.endm

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
		vpshufb		BSWAP, C, V\j
		_vpxor		T, V\j, V\j
		vpaddd		STEP, C, C
	.endif
	.endr
	.irp i, 1,2,3,4,5,6,7,8,9
		_aesenc_round \i, \n
	.endr
	cmp	$12, NROUNDS
	jb	.Llast_round\@
	_aesenc_round 10, \n
	_aesenc_round 11, \n
	je	.Llast_round\@
	_aesenc_round 12, \n
	_aesenc_round 13, \n
.Llast_round\@:
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

/* void aesnictr_ctr_<tier>(key, dst, src, len, ctr): see aesni_ctr.h */
.macro _aes_ctr_crypt
	mov	LEN32, LEN32			/* zero-extend len */
	test	LEN, LEN
	jz	.Lreturn\@
	mov	240(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR

	/* T = (ctr AND mask96) ^ rk0; C = low counter word + lane number */
	_vbroadcast128	(CTRPTR), T
	.if VL == 64
		vpandd		.Lmask_high96(%rip), T, T
	.else
		vpand		.Lmask_high96(%rip), T, T
	.endif
	_vbroadcast128	(KEY), TMP
	_vpxor		TMP, T, T
	mov	12(CTRPTR), %eax
	bswap	%eax
	vmovd	%eax, %xmm9
	vpslldq	$12, %xmm9, %xmm9
	.if VL == 32
		vinserti128	$1, %xmm9, %ymm9, %ymm9
		vpaddd		.Llane_offsets(%rip), C, C
		vmovdqu		.Lstep_32(%rip), STEP
	.elseif VL == 64
		vshufi32x4	$0, %zmm9, %zmm9, %zmm9
		vpaddd		.Llane_offsets(%rip), C, C
		vmovdqu8	.Lstep_64(%rip), STEP
	.else
		vmovdqu		.Lstep_16(%rip), STEP
	.endif
	_vmovdqu	.Lbswap_low32(%rip), BSWAP
	_vbroadcast128	(RKLAST_PTR), RKLAST
	.if VL == 64
		.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13
			vbroadcasti32x4	16*\i(KEY), RKEY\i
		.endr
	.endif

	cmp	$8*VL, LEN
	jb	.Ltail\@
.Lloop8\@:
	_ctr_vectors	8, 1
	_ctr_advance	8*VL
	cmp	$8*VL, LEN
	jae	.Lloop8\@
.Ltail\@:
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
	jz	.Ldone\@
	_ctr_vectors	1, 0			/* keystream in V0 */
	.if VL == 64
		mov	$1, %rax
		shl	%cl, %rax
		dec	%rax			/* mask of LEN (< 64) bytes */
		kmovq	%rax, %k1
		vmovdqu8	(SRC), %zmm1{%k1}{z}
		vpxord		%zmm1, %zmm0, %zmm0
		vmovdqu8	%zmm0, (DST){%k1}
	.else
		sub	$VL, %rsp
		xor	%eax, %eax
.Lcopy_in\@:
		movzbl	(SRC,%rax), %r8d
		mov	%r8b, (%rsp,%rax)
		inc	%rax
		cmp	LEN, %rax
		jb	.Lcopy_in\@
		vpxor	(%rsp), V0, V0
		vmovdqu	V0, (%rsp)
		xor	%eax, %eax
.Lcopy_out\@:
		movzbl	(%rsp,%rax), %r8d
		mov	%r8b, (DST,%rax)
		inc	%rax
		cmp	LEN, %rax
		jb	.Lcopy_out\@
		vpxor	V0, V0, V0		/* no keystream left on the stack */
		vmovdqu	V0, (%rsp)
		add	$VL, %rsp
	.endif
.Ldone\@:
	vzeroupper
.Lreturn\@:
	RET
.endm

_set_veclen 16
SYM_TYPED_FUNC_START(aesnictr_ctr_avx)
	_aes_ctr_crypt
SYM_FUNC_END(aesnictr_ctr_avx)

_set_veclen 32
SYM_TYPED_FUNC_START(aesnictr_ctr_vaes2)
	_aes_ctr_crypt
SYM_FUNC_END(aesnictr_ctr_vaes2)

_set_veclen 64
SYM_TYPED_FUNC_START(aesnictr_ctr_vaes512)
	_aes_ctr_crypt
SYM_FUNC_END(aesnictr_ctr_vaes512)
