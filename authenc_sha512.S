/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CBC stitched with SHA-512 (BMI1/BMI2 scalar rounds, AVX2 message
 * schedule), for authenc(hmac(sha512|sha384),cbc(aes)): encrypt-then-MAC,
 * the MAC over AAD || ciphertext.  SHA-384 is SHA-512 with another initial
 * state and a truncated digest, both the caller's business: the same
 * routines serve both.  The ABI, the hash stream and its invariant are
 * described in authenc_asm.h (as for SHA-1/SHA-256, with 128-byte blocks
 * and u64 h[8]).
 *
 * Why stitch.  CBC encryption is one serial chain (nrounds AESENC latencies
 * per 16-byte block, 8 blocks per SHA-512 block), and the SHA-512 rounds
 * are another (the new E of each round waits for the previous one's: about
 * five ALU latencies per round, 80 rounds per block).  There are no
 * SHA-512 instructions on the CPUs this is for, so the rounds are scalar
 * (RORX: BMI2; ANDN: BMI1) and run on the integer ports, the message
 * schedule on the vector ALUs, the AES rounds on the AES units: interleaved
 * in one instruction stream the out-of-order core runs the three side by
 * side, and a pass costs about the longer of the two chains, not their sum.
 *
 * The SHA-512 round (a..h rotate by renaming: round t's h register becomes
 * round t+1's a):
 *	h += K[t] + W[t]		(one load: the schedule stored W + K)
 *	h += Sigma1(e) + (e & f) + (~e & g)	(Ch: the two terms have no bit
 *					 in common, so they are added)
 *	d += h;  h += Sigma0(a) + Maj(a, b, c)
 * with Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous
 * round's a ^ b, carried in a register.  Ch's two terms are added before
 * Sigma1(e) (which takes three latencies: RORX, XOR, XOR), so the chain from
 * one round's e to the next is five ALU latencies.  Measured on AMD Zen 5 the
 * rounds are limited as much by instruction throughput (24 per round, plus
 * the schedule's share) as by that chain: versions with a four-latency chain
 * for e and for a (three to five more instructions per round) were no faster.
 *
 * The message schedule: W[0..15] are the block's words, byte-swapped, in
 * four ymm registers (4 qwords each); W[t..t+3] (t = 16 + 4i) is computed in
 * the register that held W[t-16..t-13], during rounds 4i..4i+3 (spread over
 * the four), and W + K is stored to a 16-qword ring on the stack, which the
 * rounds read: W[t+2..t+3] depend on W[t..t+1] (sigma1), so the sigma1 term
 * is done in two halves.  AVX2 has no 64-bit rotate: sigma0/sigma1 are
 * shifts and XORs.
 *
 * Encryption schedule.  A "unit" is eight AES blocks (128 bytes, one SHA
 * block of ciphertext).  The SHA block compressed during unit k is the one
 * that became complete during unit k-1 (or before the call): its bytes are
 * the ciphertext stored one unit earlier, re-read from dst.  Within a unit
 * each AES block carries ten SHA rounds, one after each of its AES rounds 1-9
 * and one before the last ones (rounds 10-13 of AES-192/256 follow after
 * predictable branches on the round count).  The stream's blocks start at
 * any byte offset q of the ciphertext: the first block of a call is
 * assembled in part[] (the bytes carried from before, then the first unit's
 * ciphertext copied behind them: at most 144 bytes, q + 144 < 256 when
 * there is a lead block, below); later blocks are read straight from dst at
 * dst + 128k - q.  As in authenc_sha.S, when q < 16 one lead AES block runs
 * alone first, so the block compressed in a unit never ends in the AES
 * block just before it; and the last complete block of a call is left in
 * full[] for the next call.  The CBC chain is one register, X = the round-0
 * state of the next block, with the XOR of the next plaintext folded into
 * the last round key (see authenc_sha.S): nrounds AES latencies per block.
 *
 * Decryption schedule (the authenc-sha512 family runs it for messages
 * longer than AESNICTR_AUTHENC_SHA512_HASH_FIRST_*, authenc_hmac.h; shorter
 * ones are hashed by sha512_blocks first, then decrypted by cbc_aes.S).
 * CBC decryption is parallel: each SHA block is compressed beside eight AES
 * blocks, two groups of four (4 x nrounds AESDEC each, spread over rounds
 * 0-35 and 40-75 of the block).  The hash
 * runs one block ahead: SHA block j+1 is loaded (all 128 bytes, into the
 * schedule registers) at the start of the iteration that decrypts AES blocks
 * 8j..8j+7, so in-place decryption never overwrites ciphertext not yet
 * hashed.  The first block (assembled in part[]) and a full[] block left by
 * the caller are compressed first, by the same code as a block without AES
 * blocks beside it; AES blocks left after the last SHA block run alone.  The
 * trailing partial SHA block is copied out of src at the start (to end at
 * part + 256, clear of part[0..128)), before any plaintext is written.
 *
 * Two variants of the three routines are built from the same macros: the
 * baseline (AVX2 + BMI1 + BMI2) and *_avx512 (only with AESNICTR_AS_VAES),
 * whose schedule computes sigma0/sigma1 with AVX-512VL's VPRORQ and
 * VPTERNLOGQ on the same ymm registers (4 instructions each instead of 9)
 * and VALIGNQ for the shifted word windows (1 instead of 2): fewer
 * instructions per round, 3-10% faster stitched on Zen 5); nothing else
 * differs.  Functions and the encrypt loop head are 64-byte aligned, the
 * blocks loop head 8 bytes into a line (see there): this code is large and
 * straight-line, and its speed moved with placement.
 *
 * No branch or memory address depends on data or keys: branches are on
 * lengths, the round count and the stream's counters.
 *
 * Registers (SysV arguments: rdi key, rsi stream, rdx dst, rcx src, r8d
 * len; sha512_blocks: rdi state, rsi data, edx nblocks): the SHA state
 * takes r8-r15 (_sreg), its round scratch rax/rbx (X0, X1), a ^ b of the
 * round before rcx/rdx (MC/MN in _round; also scratch).  That leaves rdi
 * KEY and rsi SRC; everything else lives in a stack frame: the W + K ring
 * (128 bytes) and the slots below (F_*).  rbx and r12-r15 are saved
 * (push/pop); rsp moves by a constant (no frame pointer games, rbp
 * untouched).  The names and their roles are on the #define and .set
 * lines below.
 * VZEROUPPER before returning (ymm registers were used).
 * Wiped on return: the W + K ring on the stack (its words give back the
 * last block hashed, e.g. a key pad); registers are not cleared
 * (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "aes_asm.h"
#include "authenc_asm.h"

#define KEY	%rdi		/* sha512_blocks: state */
#define SRC	%rsi		/* sha512_blocks: data */

#define X0	%rax		/* round scratch */
#define X1	%rbx

/* the stack frame */
#define F_WK	0			/* W + K ring, 16 qwords */
#define F_ST	128			/* stream (sha512_blocks: state) */
#define F_DST	136
#define F_NLEFT	144			/* AES blocks left (blocks: SHA blocks) */
#define F_NR16	152			/* 16 * rounds */
#define F_HP	160			/* the SHA block to compress */
#define F_Q	168			/* enc: q + 16 * lead; dec: SHA blocks left */
#define F_HLEFT	F_Q
#define F_QL	176			/* q + len */
#define F_NEXT	184			/* enc: the next unit's block (0: merge) */
#define F_PRE	F_NEXT			/* dec: 1 full[] pending, 2 part[] pending */
#define F_PTR	192			/* dec: the block for the hash-only code */
#define FRAME	200

/* schedule scratch (ymm0-3: W, _wreg) */
#define YT	%ymm4
#define YU	%ymm5
#define YS	%ymm6
/* AES encrypt; the other round keys are memory operands */
#define CBCX	%xmm7		/* X, the chain */
#define NEXTP	%xmm8		/* NEXT: P_next ^ rk0 */
#define RK0	%xmm9		/* rk0 */
#define RKL	%xmm10		/* the last round key */
#define ATMP	%xmm11		/* scratch */
/* AES decrypt */
#define DX0	%xmm7		/* DX0-DX3: four blocks */
#define DX1	%xmm8
#define DX2	%xmm9
#define DX3	%xmm10
#define DIV	%xmm11		/* the chaining block */
#define DRKL	%xmm12		/* the last round key */

#define S_H	AESNICTR_AUTHENC_H
#define S_IV	AESNICTR_AUTHENC_IV
#define S_NFULL	AESNICTR_AUTHENC_NFULL
#define S_NPART	AESNICTR_AUTHENC_NPART
#define S_FULL	AESNICTR_AUTHENC_FULL
#define S_PART	AESNICTR_AUTHENC_PART

	.section .rodata
	.p2align 6
.Lsha512_k:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
.Lbswap64:	/* big-endian qwords to little-endian, per 128-bit lane */
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8

	.text

/* ---- SHA-512 ------------------------------------------------------------------ */

/*
 * \name = the state register of index i mod 8 (0 = r8 ... 7 = r15): the SHA
 * state a..h, renamed every round (at block boundaries a = r8 ... h = r15).
 */
.macro _sreg name, i
	.if ((\i) % 8) == 0
		.set	\name, %r8
	.elseif ((\i) % 8) == 1
		.set	\name, %r9
	.elseif ((\i) % 8) == 2
		.set	\name, %r10
	.elseif ((\i) % 8) == 3
		.set	\name, %r11
	.elseif ((\i) % 8) == 4
		.set	\name, %r12
	.elseif ((\i) % 8) == 5
		.set	\name, %r13
	.elseif ((\i) % 8) == 6
		.set	\name, %r14
	.else
		.set	\name, %r15
	.endif
.endm

/* \name = the schedule register holding W[4i..4i+3] (i mod 4). */
.macro _wreg name, i
	.if ((\i) % 4) == 0
		.set	\name, %ymm0
	.elseif ((\i) % 4) == 1
		.set	\name, %ymm1
	.elseif ((\i) % 4) == 2
		.set	\name, %ymm2
	.else
		.set	\name, %ymm3
	.endif
.endm

/* Round t (0..79) of a block: a..h renamed, a ^ b carried in rcx/rdx. */
.macro _round t
	_sreg		RA, 80-(\t)
	_sreg		RB, 81-(\t)
	_sreg		RC, 82-(\t)
	_sreg		RD, 83-(\t)
	_sreg		RE, 84-(\t)
	_sreg		RF, 85-(\t)
	_sreg		RG, 86-(\t)
	_sreg		RH, 87-(\t)
	.if ((\t) % 2) == 0
	.set		MC, %rcx			/* b ^ c (last round's a ^ b) */
	.set		MN, %rdx			/* a ^ b, for the next round */
	.else
	.set		MC, %rdx
	.set		MN, %rcx
	.endif
	add		F_WK+8*((\t) % 16)(%rsp), RH	/* h + K[t] + W[t] */
	rorx		$41, RE, X0
	rorx		$18, RE, X1
	andn		RG, RE, MN			/* ~e & g */
	xor		X1, X0
	rorx		$14, RE, X1
	add		MN, RH
	mov		RF, MN
	and		RE, MN				/* e & f */
	xor		X1, X0				/* Sigma1(e) */
	add		MN, RH
	add		X0, RH				/* T1 */
	rorx		$39, RA, X0
	rorx		$34, RA, X1
	add		RH, RD				/* d + T1: the new e */
	xor		X1, X0
	rorx		$28, RA, X1
	mov		RA, MN
	xor		X1, X0				/* Sigma0(a) */
	xor		RB, MN				/* a ^ b */
	and		MN, MC
	add		X0, RH
	xor		RB, MC				/* Maj(a, b, c) */
	add		MC, RH				/* the new a */
.endm

/* out = sigma0(x) = (x ror 1) ^ (x ror 8) ^ (x >> 7); tmp scratch */
.macro _sigma0 x, out, tmp
	.if VPROR
	vprorq		$1, \x, \out
	vprorq		$8, \x, \tmp
	vpsrlq		$7, \x, \x			/* x is not needed after */
	vpternlogq	$0x96, \tmp, \x, \out
	.exitm
	.endif
	vpsrlq		$1, \x, \out
	vpsllq		$63, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsrlq		$8, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsllq		$56, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsrlq		$7, \x, \tmp
	vpxor		\tmp, \out, \out
.endm

/* out = sigma1(x) = (x ror 19) ^ (x ror 61) ^ (x >> 6) */
.macro _sigma1 x, out, tmp
	.if VPROR
	vprorq		$19, \x, \out
	vprorq		$61, \x, \tmp
	vpsrlq		$6, \x, \x
	vpternlogq	$0x96, \tmp, \x, \out
	.exitm
	.endif
	vpsrlq		$19, \x, \out
	vpsllq		$45, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsrlq		$61, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsllq		$3, \x, \tmp
	vpxor		\tmp, \out, \out
	vpsrlq		$6, \x, \tmp
	vpxor		\tmp, \out, \out
.endm

/*
 * Part p (0..3) of the schedule step of group i (0..15): W[t..t+3], t =
 * 16 + 4i, into the register of W[t-16..t-13]; part 3 stores W + K into the
 * ring slots of W[t-16..t-13], after round 4i+3 has read them.
 */
.macro _sched i, p
	_wreg		W0, \i
	_wreg		W1, (\i)+1
	_wreg		W2, (\i)+2
	_wreg		W3, (\i)+3
	.if (\p) == 0
	.if VPROR
	valignq		$1, W0, W1, YT			/* W[t-15..t-12] */
	.else
	vperm2i128	$0x21, W1, W0, YT		/* W[t-14..t-11] */
	vpalignr	$8, W0, YT, YT			/* W[t-15..t-12] */
	.endif
	_sigma0		YT, YU, YS
	vpaddq		YU, W0, W0
	.elseif (\p) == 1
	.if VPROR
	valignq		$1, W2, W3, YT			/* W[t-7..t-4] */
	.else
	vperm2i128	$0x21, W3, W2, YT		/* W[t-6..t-3] */
	vpalignr	$8, W2, YT, YT			/* W[t-7..t-4] */
	.endif
	vpaddq		YT, W0, W0
	vperm2i128	$0x81, W3, W3, YT		/* W[t-2], W[t-1], 0, 0 */
	.elseif (\p) == 2
	_sigma1		YT, YU, YS
	vpaddq		YU, W0, W0			/* W[t], W[t+1] final */
	vperm2i128	$0x08, W0, W0, YT		/* 0, 0, W[t], W[t+1] */
	.else
	_sigma1		YT, YU, YS
	vpaddq		YU, W0, W0			/* W[t..t+3] */
	vpaddq		.Lsha512_k+8*(16+4*(\i))(%rip), W0, YT
	vmovdqu		YT, F_WK+8*((4*(\i)) % 16)(%rsp)
	.endif
.endm

/* Round t with its share of the schedule. */
.macro _round_s t
	_round		\t
	.if (\t) < 64
	_sched		(\t)/4, (\t)%4
	.endif
.endm

/* Round r0 + i, if i < n. */
.macro _rnd r0, i, n
	.if (\i) < (\n)
	_round_s	(\r0)+(\i)
	.endif
.endm

/* Rounds r0 .. r0 + n - 1 (n <= 20). */
.macro _rounds r0, n
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	_rnd		\r0, \i, \n
	.endr
.endm

/*
 * Start a block at \ptr (a GPR, not rcx/rdx): W[0..15] into ymm0-3, W + K
 * into the ring, b ^ c for round 0.
 */
.macro _blk_begin ptr
	.irp i, 0, 1, 2, 3
	_wreg		W, \i
	vmovdqu		32*\i(\ptr), W
	vpshufb		.Lbswap64(%rip), W, W
	vpaddq		.Lsha512_k+32*\i(%rip), W, YT
	vmovdqu		YT, F_WK+32*\i(%rsp)
	.endr
	mov		%r9, %rcx
	xor		%r10, %rcx
.endm

/* End a block: h[] at \ptr += a..h, stored back. */
.macro _blk_end ptr
	add		S_H+0(\ptr), %r8
	add		S_H+8(\ptr), %r9
	add		S_H+16(\ptr), %r10
	add		S_H+24(\ptr), %r11
	add		S_H+32(\ptr), %r12
	add		S_H+40(\ptr), %r13
	add		S_H+48(\ptr), %r14
	add		S_H+56(\ptr), %r15
	mov		%r8, S_H+0(\ptr)
	mov		%r9, S_H+8(\ptr)
	mov		%r10, S_H+16(\ptr)
	mov		%r11, S_H+24(\ptr)
	mov		%r12, S_H+32(\ptr)
	mov		%r13, S_H+40(\ptr)
	mov		%r14, S_H+48(\ptr)
	mov		%r15, S_H+56(\ptr)
.endm

.macro _load_state ptr
	mov		S_H+0(\ptr), %r8
	mov		S_H+8(\ptr), %r9
	mov		S_H+16(\ptr), %r10
	mov		S_H+24(\ptr), %r11
	mov		S_H+32(\ptr), %r12
	mov		S_H+40(\ptr), %r13
	mov		S_H+48(\ptr), %r14
	mov		S_H+56(\ptr), %r15
.endm

.macro _frame_enter
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
.endm

/* Wipe the W + K ring, then leave the frame. */
.macro _frame_leave
	vpxor		%xmm0, %xmm0, %xmm0
	.irp i, 0,1,2,3
		vmovdqu		%ymm0, F_WK+32*\i(%rsp)
	.endr
	vzeroupper
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
.endm

/* ---- encryption ---------------------------------------------------------------- */

/*
 * One block of CBC encryption from SRC to dst, with SHA rounds r0 .. r0+n-1
 * (n = 0 or 10) between its AES rounds; SRC, dst, NLEFT advance by one block.
 */
.macro _enc_block r0, n
	cmpq		$1, F_NLEFT(%rsp)
	je		.Lnonext\@
	vpxor		16(SRC), RK0, NEXTP		/* P_next ^ rk0 */
	jmp		.Lhavenext\@
.Lnonext\@:
	vmovdqa		RK0, NEXTP			/* the call's last block */
.Lhavenext\@:
	vpxor		NEXTP, RKL, ATMP
	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vaesenc		(\i)*16(KEY), CBCX, CBCX
	_rnd		\r0, (\i)-1, \n
	.endr
	_rnd		\r0, 9, \n
	cmpl		$10*16, F_NR16(%rsp)
	je		.Llast\@
	vaesenc		10*16(KEY), CBCX, CBCX
	vaesenc		11*16(KEY), CBCX, CBCX
	cmpl		$12*16, F_NR16(%rsp)
	je		.Llast\@
	vaesenc		12*16(KEY), CBCX, CBCX
	vaesenc		13*16(KEY), CBCX, CBCX
.Llast\@:
	vaesenclast	ATMP, CBCX, CBCX		/* next block's round-0 state */
	vpxor		NEXTP, CBCX, ATMP		/* this block's ciphertext */
	mov		F_DST(%rsp), X0
	vmovdqu		ATMP, (X0)
	add		$16, X0
	mov		X0, F_DST(%rsp)
	add		$16, SRC
	decq		F_NLEFT(%rsp)
.endm

/* Eighth e of the SHA block being compressed, beside an AES block if left. */
.macro _enc_eighth e
	cmpq		$0, F_NLEFT(%rsp)
	je		.Lalone\@
	_enc_block	10*(\e), 10
	jmp		.Ldone\@
.Lalone\@:
	_rounds		10*(\e), 10
.Ldone\@:
.endm

/* Up to eight AES blocks, compressing the SHA block at F_HP beside them. */
.macro _enc_unit_hashed
	mov		F_HP(%rsp), X0
	_blk_begin	X0
	.irp e, 0, 1, 2, 3, 4, 5, 6, 7
	_enc_eighth	\e
	.endr
	mov		F_ST(%rsp), X0
	_blk_end	X0
.endm

.macro _enc_plain_step
	cmpq		$0, F_NLEFT(%rsp)
	je		.Lskip\@
	_enc_block	0, 0
.Lskip\@:
.endm

/* ---- decryption ---------------------------------------------------------------- */

.macro _dec_round i
	vaesdec		(\i)*16(KEY), DX0, DX0
	vaesdec		(\i)*16(KEY), DX1, DX1
	vaesdec		(\i)*16(KEY), DX2, DX2
	vaesdec		(\i)*16(KEY), DX3, DX3
.endm

/*
 * Four blocks of CBC decryption from SRC to dst; with n = 40, SHA rounds
 * r0 .. r0+39 beside them (four before each of AES rounds 1-9, the last
 * four after the stores).
 */
.macro _dec_quad r0, n
	vmovdqu		0*16(SRC), DX0
	vmovdqu		1*16(SRC), DX1
	vmovdqu		2*16(SRC), DX2
	vmovdqu		3*16(SRC), DX3
	vpxor		(KEY), DX0, DX0
	vpxor		(KEY), DX1, DX1
	vpxor		(KEY), DX2, DX2
	vpxor		(KEY), DX3, DX3
	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9
	.if (\n)
	_rounds		(\r0)+4*((\i)-1), 4
	.endif
	_dec_round	\i
	.endr
	cmpl		$10*16, F_NR16(%rsp)
	je		.Ldlast\@
	_dec_round	10
	_dec_round	11
	cmpl		$12*16, F_NR16(%rsp)
	je		.Ldlast\@
	_dec_round	12
	_dec_round	13
.Ldlast\@:
	vaesdeclast	DRKL, DX0, DX0
	vaesdeclast	DRKL, DX1, DX1
	vaesdeclast	DRKL, DX2, DX2
	vaesdeclast	DRKL, DX3, DX3
	vpxor		DIV, DX0, DX0
	vpxor		0*16(SRC), DX1, DX1
	vpxor		1*16(SRC), DX2, DX2
	vpxor		2*16(SRC), DX3, DX3
	vmovdqu		3*16(SRC), DIV
	mov		F_DST(%rsp), X0
	vmovdqu		DX0, 0*16(X0)
	vmovdqu		DX1, 1*16(X0)
	vmovdqu		DX2, 2*16(X0)
	vmovdqu		DX3, 3*16(X0)
	add		$64, X0
	mov		X0, F_DST(%rsp)
	add		$64, SRC
	subq		$4, F_NLEFT(%rsp)
	.if (\n)
	_rounds		(\r0)+36, 4
	.endif
.endm

/* One block of CBC decryption. */
.macro _dec_one
	vmovdqu		(SRC), DX0
	vpxor		(KEY), DX0, DX0
	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vaesdec		(\i)*16(KEY), DX0, DX0
	.endr
	cmpl		$10*16, F_NR16(%rsp)
	je		.Llast1\@
	vaesdec		10*16(KEY), DX0, DX0
	vaesdec		11*16(KEY), DX0, DX0
	cmpl		$12*16, F_NR16(%rsp)
	je		.Llast1\@
	vaesdec		12*16(KEY), DX0, DX0
	vaesdec		13*16(KEY), DX0, DX0
.Llast1\@:
	vaesdeclast	DRKL, DX0, DX0
	vpxor		DIV, DX0, DX0
	vmovdqu		(SRC), DIV
	mov		F_DST(%rsp), X0
	vmovdqu		DX0, (X0)
	add		$16, X0
	mov		X0, F_DST(%rsp)
	add		$16, SRC
	decq		F_NLEFT(%rsp)
.endm

/* ---- the function bodies (one macro each, built per variant) ------------ */

/*
 * void aesnictr_sha512_blocks(union aesnictr_sha_state *state, const u8 *data,
 *			       unsigned int nblocks)
 */
.macro _sha512_blocks_fn
	mov		%edx, %edx
	test		%edx, %edx
	jz		.Lblocks_ret\@
	_frame_enter
	mov		%rdx, F_NLEFT(%rsp)
	_load_state	%rdi
	/*
	 * The loop head 8 bytes into a cache line.  Measured on AMD Zen 5
	 * (family 26 model 2): with the head on the line's first byte a call
	 * of two or more blocks paid about 380 cycles once and 490-510 per
	 * block after it; 8 bytes in (4 as well, not 12 or 16) every block
	 * takes 455-465 cycles, the same with the object shifted by 1, 3, 7,
	 * 16 and 33 cache lines (so it is the offset in the line that counts,
	 * which the module keeps: this .p2align makes the section 64-byte
	 * aligned).  The NOPs run once per call.
	 */
	.p2align 6
	.nops		8
.Lblocks_loop\@:
	_blk_begin	%rsi
	_rounds		0, 20
	_rounds		20, 20
	_rounds		40, 20
	_rounds		60, 20
	_blk_end	%rdi
	add		$128, %rsi
	decq		F_NLEFT(%rsp)
	jnz		.Lblocks_loop\@
	_frame_leave
.Lblocks_ret\@:
.endm

/* void aesnictr_cbc_sha512_enc(key, stream, dst, src, len): see authenc_asm.h */
.macro _cbc_sha512_enc_fn
	_frame_enter
	mov		%r8d, %eax			/* len (upper half ignored) */
	mov		%rax, F_QL(%rsp)
	shr		$4, %eax
	mov		%rax, F_NLEFT(%rsp)
	jz		.Lenc_ret\@
	mov		%rsi, F_ST(%rsp)
	mov		%rdx, F_DST(%rsp)
	mov		%rsi, %rbx			/* the stream, until the units */
	mov		%rcx, SRC
	mov		AESNICTR_KEY_NROUNDS(KEY), %eax
	shl		$4, %eax
	mov		%rax, F_NR16(%rsp)
	vmovdqu		(KEY), RK0
	vmovdqu		(KEY,%rax), RKL
	mov		S_NPART(%rbx), %eax
	mov		%rax, F_Q(%rsp)
	add		%rax, F_QL(%rsp)		/* q + len */
	_load_state	%rbx
	vmovdqu		S_IV(%rbx), CBCX
	vpxor		(SRC), CBCX, CBCX
	vpxor		RK0, CBCX, CBCX			/* X = P0 ^ IV ^ rk0 */

	/*
	 * Slack: block k-1 ends in AES block 8k-1-floor(q/16).  For q < 16
	 * that is the last block before unit k: then one lead AES block runs
	 * alone and shifts the units by one block.  F_Q = q + 16 * lead.
	 */
	cmpq		$16, F_Q(%rsp)
	jae		3f
	cmpq		$9, F_NLEFT(%rsp)
	jb		3f
	_enc_block	0, 0
	addq		$16, F_Q(%rsp)
3:
	/*
	 * Unit 0 compresses full[] if the caller left a block there, else
	 * runs alone; F_NEXT = 0 marks it.  Unit k > 0 compresses block k-1,
	 * which is part[] for k = 1 and dst_base + 128(k-1) - q after that;
	 * F_NEXT = the next unit's block, dst_base + 128k - q, i.e. the
	 * unit's dst - F_Q.
	 */
	movq		$0, F_NEXT(%rsp)
	mov		F_ST(%rsp), %rbx
	cmpl		$0, S_NFULL(%rbx)
	je		.Lenc_plain0\@
	lea		S_FULL(%rbx), %rax
	mov		%rax, F_HP(%rsp)
	.p2align 6					/* the loop head on a cache line */
.Lenc_unit\@:
	_enc_unit_hashed
	mov		F_NEXT(%rsp), %rax
	test		%rax, %rax
	jz		.Lenc_merge\@
	mov		%rax, F_HP(%rsp)
.Lenc_next\@:
	cmpq		$0, F_NLEFT(%rsp)
	je		.Lenc_end\@
	mov		F_DST(%rsp), %rax
	sub		F_Q(%rsp), %rax
	mov		%rax, F_NEXT(%rsp)
	jmp		.Lenc_unit\@

.Lenc_plain0\@:
	.rept 8
	_enc_plain_step
	.endr
.Lenc_merge\@:
	/*
	 * part[q..] = the ciphertext so far (the lead block and unit 0: the
	 * first 16 * (len/16 - NLEFT) bytes, at most 144, q + 144 < 256).
	 */
	mov		F_ST(%rsp), %rbx
	mov		S_NPART(%rbx), %eax		/* q */
	mov		F_QL(%rsp), %rcx
	sub		%rax, %rcx			/* len */
	shr		$4, %rcx
	sub		F_NLEFT(%rsp), %rcx
	shl		$4, %rcx
	mov		F_DST(%rsp), %rdx
	neg		%rcx
	add		%rdx, %rcx			/* dst - bytes */
	lea		S_PART(%rbx,%rax), %rax
1:	vmovdqu		(%rcx), ATMP
	vmovdqu		ATMP, (%rax)
	add		$16, %rcx
	add		$16, %rax
	cmp		%rdx, %rcx
	jb		1b
	lea		S_PART(%rbx), %rax		/* block 0 */
	mov		%rax, F_HP(%rsp)
	jmp		.Lenc_next\@

.Lenc_end\@:
	mov		F_ST(%rsp), %rbx
	vpxor		RK0, CBCX, ATMP			/* the last ciphertext block */
	vmovdqu		ATMP, S_IV(%rbx)
	/*
	 * F_HP is the block after the last one compressed (block kt, kt =
	 * the last unit, (len/16 - lead - 1) / 8); it is complete iff q +
	 * len >= 128 (kt + 1): then it goes to full[].  F_Q - q = 16 * lead.
	 */
	mov		F_QL(%rsp), %rax
	sub		F_Q(%rsp), %rax			/* len - 16 * lead */
	shr		$4, %rax
	dec		%rax
	shr		$3, %rax
	inc		%rax
	shl		$7, %rax
	xor		%edx, %edx
	cmp		%rax, F_QL(%rsp)
	jb		2f
	mov		F_HP(%rsp), %rax
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu		16*\i(%rax), ATMP
	vmovdqu		ATMP, S_FULL+16*\i(%rbx)
	.endr
	inc		%edx
2:	mov		%edx, S_NFULL(%rbx)
	/* part[] = the last (q + len) % 128 bytes, unless part[] holds them */
	mov		F_QL(%rsp), %rax
	mov		%eax, %ecx
	and		$127, %ecx
	mov		%ecx, S_NPART(%rbx)
	cmp		$128, %rax
	jb		.Lenc_ret\@
	lea		S_PART(%rbx), %rdi
	mov		F_DST(%rsp), %rsi
	sub		%rcx, %rsi
	rep movsb
.Lenc_ret\@:
	_frame_leave
.endm

/* void aesnictr_cbc_sha512_dec(dkey, stream, dst, src, len): see authenc_asm.h */
.macro _cbc_sha512_dec_fn
	_frame_enter
	mov		%r8d, %eax			/* len (upper half ignored) */
	mov		%rax, F_QL(%rsp)
	shr		$4, %eax
	mov		%rax, F_NLEFT(%rsp)
	jz		.Ldec_ret\@
	mov		%rsi, F_ST(%rsp)
	mov		%rdx, F_DST(%rsp)
	mov		%rsi, %rbx			/* the stream, until the blocks */
	mov		%rcx, SRC
	mov		AESNICTR_KEY_NROUNDS(KEY), %eax
	shl		$4, %eax
	mov		%rax, F_NR16(%rsp)
	vmovdqu		(KEY,%rax), DRKL
	mov		S_NPART(%rbx), %eax		/* q */

	/* part[q..] = the first min(len, 128) bytes: block 0 */
	lea		S_PART(%rbx,%rax), %rdx
	xor		%ecx, %ecx
1:	vmovdqu		(SRC,%rcx), DX0
	vmovdqu		DX0, (%rdx,%rcx)
	add		$16, %ecx
	cmp		$128, %ecx
	je		2f
	cmp		F_QL(%rsp), %rcx
	jb		1b
2:
	add		%rax, F_QL(%rsp)		/* q + len */
	neg		%rax
	lea		128(SRC,%rax), %rax		/* block 1: src + 128 - q */
	mov		%rax, F_HP(%rsp)
	mov		F_QL(%rsp), %rcx
	shr		$7, %rcx			/* complete blocks */
	mov		%rcx, F_HLEFT(%rsp)
	jz		3f
	/*
	 * The trailing partial block, (q + len) % 128 bytes ending at src +
	 * len, copied now (before in-place decryption overwrites it) to end
	 * at part + 256, in 16-byte pieces from its end: both ranges stay in
	 * bounds (the piece count times 16 is at most len, and part[128..]).
	 */
	mov		F_QL(%rsp), %rdx
	and		$127, %edx
	jz		3f
	add		F_QL(%rsp), %rax
	sub		$128, %rax			/* src + len */
	add		$15, %edx
	and		$-16, %edx
	neg		%rdx
4:	vmovdqu		(%rax,%rdx), DX0
	vmovdqu		DX0, S_PART+256(%rbx,%rdx)
	add		$16, %rdx
	jnz		4b
3:
	_load_state	%rbx
	vmovdqu		S_IV(%rbx), DIV
	/* F_PRE: 1 = full[] to compress, 2 = part[] (block 0) to compress */
	xor		%eax, %eax
	cmpl		$0, S_NFULL(%rbx)
	setne		%al
	cmpq		$0, F_HLEFT(%rsp)
	je		5f
	or		$2, %eax
	decq		F_HLEFT(%rsp)			/* blocks after block 0 */
5:	mov		%rax, F_PRE(%rsp)

	/* Compress full[], then part[], with no AES beside them. */
.Ldec_pre\@:
	mov		F_ST(%rsp), %rbx
	mov		F_PRE(%rsp), %rax
	test		$1, %eax
	jz		6f
	and		$2, %eax
	mov		%rax, F_PRE(%rsp)
	lea		S_FULL(%rbx), %rax
	mov		%rax, F_PTR(%rsp)
	jmp		.Ldec_hash\@
6:	test		$2, %eax
	jz		.Ldec_loop\@
	movq		$0, F_PRE(%rsp)
	lea		S_PART(%rbx), %rax
	mov		%rax, F_PTR(%rsp)
	jmp		.Ldec_hash\@

	/* Block j+1 beside AES blocks 8j..8j+7, while both are left. */
.Ldec_loop\@:
	cmpq		$0, F_HLEFT(%rsp)
	je		.Ldec_nohash\@
	cmpq		$8, F_NLEFT(%rsp)
	jb		.Ldec_hashonly\@
	mov		F_HP(%rsp), %rax
	_blk_begin	%rax
	_dec_quad	0, 40
	_dec_quad	40, 40
	mov		F_ST(%rsp), %rax
	_blk_end	%rax
	addq		$128, F_HP(%rsp)
	decq		F_HLEFT(%rsp)
	jmp		.Ldec_loop\@
.Ldec_hashonly\@:
	mov		F_HP(%rsp), %rax
	mov		%rax, F_PTR(%rsp)
	addq		$128, F_HP(%rsp)
	decq		F_HLEFT(%rsp)
.Ldec_hash\@:
	/* the block at F_PTR alone, then back to the dispatch */
	mov		F_PTR(%rsp), %rax
	_blk_begin	%rax
	_rounds		0, 20
	_rounds		20, 20
	_rounds		40, 20
	_rounds		60, 20
	mov		F_ST(%rsp), %rax
	_blk_end	%rax
	jmp		.Ldec_pre\@

.Ldec_nohash\@:
	cmpq		$4, F_NLEFT(%rsp)
	jb		.Ldec_tail\@
	_dec_quad	0, 0
	jmp		.Ldec_nohash\@
.Ldec_tail\@:
	cmpq		$0, F_NLEFT(%rsp)
	je		.Ldec_end\@
	_dec_one
	jmp		.Ldec_tail\@

.Ldec_end\@:
	mov		F_ST(%rsp), %rbx
	vmovdqu		DIV, S_IV(%rbx)
	movl		$0, S_NFULL(%rbx)
	mov		F_QL(%rsp), %rax
	mov		%eax, %ecx
	and		$127, %ecx
	mov		%ecx, S_NPART(%rbx)
	cmp		$128, %rax
	jb		.Ldec_ret\@
	lea		S_PART(%rbx), %rdi		/* part[0..) = part[256 - n..256) */
	lea		S_PART+256(%rbx), %rsi
	sub		%rcx, %rsi
	rep movsb
.Ldec_ret\@:
	_frame_leave
.endm

/* ---- the entry points ------------------------------------------------------ */

/* The baseline: AVX2 + BMI1 + BMI2 (+ AES-NI). */
.set	VPROR, 0

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_sha512_blocks)
	_sha512_blocks_fn
	RET
SYM_FUNC_END(aesnictr_sha512_blocks)

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_enc)
	_cbc_sha512_enc_fn
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_enc)

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_dec)
	_cbc_sha512_dec_fn
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_dec)

#if AESNICTR_AS_VAES
/*
 * The same with the message schedule's sigma0/sigma1 in AVX-512VL (VPRORQ,
 * VPTERNLOGQ on ymm0-6: 4 instructions each instead of 9), for CPUs with
 * AVX-512F and AVX-512VL; nothing else differs.
 */
.set	VPROR, 1

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_sha512_blocks_avx512)
	_sha512_blocks_fn
	RET
SYM_FUNC_END(aesnictr_sha512_blocks_avx512)

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_enc_avx512)
	_cbc_sha512_enc_fn
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_enc_avx512)

	.p2align 6
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_dec_avx512)
	_cbc_sha512_dec_fn
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_dec_avx512)
#endif /* AESNICTR_AS_VAES */
