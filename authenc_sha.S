/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CBC stitched with SHA-1 / SHA-256 (SHA-NI), for authenc(hmac(sha1|
 * sha256),cbc(aes)): encrypt-then-MAC, the MAC over AAD || ciphertext.  The
 * ABI, the hash stream and its invariant are described in authenc_asm.h.
 *
 * Why stitch.  CBC encryption is one serial chain (each block's AES input
 * depends on the previous block's output: nrounds AESENC latencies per
 * block, about 30 cycles for AES-128 on current cores), and SHA is another
 * (SHA256RNDS2 / SHA1RNDS4 each wait for the previous one; on Intel cores
 * they do not even pipeline against each other).  Run one after the other,
 * the two latencies add up; interleaved in one instruction stream, the
 * out-of-order core runs them side by side, on different ports, and the
 * pass costs about the longer of the two chains.
 *
 * Encryption schedule.  A "unit" is four AES blocks (64 bytes, one SHA block
 * of ciphertext).  The SHA block compressed during unit k is the one that
 * became complete during unit k-1 (or before the call): its bytes are the
 * ciphertext stored one unit earlier, re-read from dst.  Within a unit, each
 * AES block carries one quarter of the SHA block: 4 groups of 4 SHA-256
 * rounds (2 x SHA256RNDS2 + message schedule), or 5 groups of 4 SHA-1 rounds
 * (SHA1RNDS4 + SHA1NEXTE + schedule), placed between its AES rounds 1-9
 * (rounds 10-13 of AES-192/256 follow after predictable branches on the
 * round count).  Because the hashed stream is AAD || ciphertext, SHA blocks
 * start at any byte offset q of the ciphertext: the first block of a call is
 * assembled in the stream's part[] buffer (the bytes carried from before,
 * then the first unit's ciphertext copied behind them); later blocks are
 * read straight from dst at dst + 64k - q.  The SHA block compressed in
 * unit k ends in AES block 4k - 1 - floor(q/16); for q < 16 that is the
 * block just before the unit, and the SHA chain would wait on the tail of
 * the AES chain every unit (for q % 16 != 0 its loads would also straddle
 * two stores not yet committed, which cannot be forwarded).  So when q < 16 one lead AES block runs alone first and every
 * unit starts one block later, giving each SHA block a block of slack.
 * The last complete block of a call is left uncompressed in full[]
 * (authenc_asm.h), so the next call (the next walk step) compresses it
 * beside its first unit instead of leaving the SHA chain idle there; only
 * a message's first unit (and lead block) and its final block run
 * unstitched.
 * The CBC chain is one register, X = the round-0 state of the next block
 * (P ^ C_prev ^ rk0).  The xor with the next plaintext is folded into the
 * last round, AESENCLAST(k, s) ^ d == AESENCLAST(k ^ d, s):
 *	X' = AESENCLAST(rk_last ^ (P_next ^ rk0), rounds(X)),
 *	C  = X' ^ (P_next ^ rk0),
 * so the chain is nrounds AES latencies per block and nothing else (for a
 * call's last block P_next is taken as 0, which leaves C ^ rk0 in X).
 *
 * Decryption schedule.  CBC decryption is parallel: four blocks go through
 * the rounds together (4 x nrounds AESDEC, a fraction of what the SHA block
 * beside them takes), one group of four per SHA block, the AES rounds
 * spread over the first ten SHA round groups.  The hash runs one group
 * ahead: SHA block j+1 (of the ciphertext) is loaded at the start of the
 * iteration that decrypts AES blocks 4j..4j+3, so in-place decryption never
 * overwrites ciphertext not yet hashed (blocks start at offset q, so block
 * j+1 may begin inside those four AES blocks).  The first block (assembled
 * in part[]) and a full[] block left by the caller are compressed before
 * the loop; AES blocks left after the last SHA block run alone.  The
 * trailing partial SHA block is copied out of src at the start, before any
 * plaintext is written.
 *
 * No branch or memory address depends on data or keys: branches are on
 * lengths, the round count and the stream's counters.
 *
 * Registers: the SysV arguments (rdi key, rsi stream, rdx dst, rcx src,
 * r8d len) and the names on the #define lines below; rbx and r12 are saved
 * on the stack (push/pop, nothing else: no frame, no red zone).
 * Only xmm registers are used, with VEX encoding, beside the SHA-NI
 * instructions (which have no VEX form); a VZEROUPPER at entry keeps the
 * legacy-SSE SHA instructions from merging with a dirty upper state.
 * Registers are not cleared on return (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "aes_asm.h"
#include "authenc_asm.h"

/* rax and r12: scratch */
#define KEY	%rdi
#define ST	%rsi		/* the stream */
#define DST	%rdx
#define SRC	%rcx
#define NLEFT	%r8		/* AES blocks left */
#define NLEFTd	%r8d
#define NR16	%r9		/* 16 * rounds: the last round key's offset */
#define NR16d	%r9d
#define HP	%r10		/* the SHA block to compress */
#define Q	%r11		/* encrypt: the bytes in part[] at entry */
#define Qd	%r11d
#define HLEFT	%r11		/* decrypt: SHA blocks left in src */
#define HLEFTd	%r11d
#define QL	%rbx		/* q + len */
#define QLd	%ebx

/*
 * SHA-256; xmm3-6: the message schedule W[t..t+15] as four vectors (_mreg),
 * W[t] in the low dword
 */
#define SWK	%xmm0		/* W + K, SHA256RNDS2's implicit operand */
#define SABEF	%xmm1
#define SCDGH	%xmm2
#define STMP	%xmm7		/* scratch */
#define SSAVE0	%xmm8		/* ABEF at block start */
#define SSAVE1	%xmm9		/* CDGH at block start */
/* SHA-1; xmm3-6: the message schedule (_mreg), W[t] in the top dword */
#define SABCD	%xmm1		/* A in the top dword */
/* E0 / E1: E + W[t], W[t+1..t+3], alternating per group */
#define SE0	%xmm2
#define SE1	%xmm0
#define SSAVEA	%xmm8		/* ABCD at block start */
#define SSAVEE	%xmm9		/* E at block start */
/* AES encrypt; the other round keys are memory operands */
#define CBCX	%xmm10		/* X, the chain */
#define NEXTP	%xmm11		/* NEXT: P_next ^ rk0 */
#define RK0	%xmm12		/* rk0 */
#define RKL	%xmm13		/* the last round key */
#define ATMP	%xmm14		/* scratch */
/* AES decrypt */
#define DX0	%xmm10		/* DX0-DX3: four blocks */
#define DX1	%xmm11
#define DX2	%xmm12
#define DX3	%xmm13
#define DIV	%xmm14		/* the chaining block */
#define DRKL	%xmm15		/* the last round key */

#define S_H	AESNICTR_AUTHENC_H
#define S_IV	AESNICTR_AUTHENC_IV
#define S_NFULL	AESNICTR_AUTHENC_NFULL
#define S_NPART	AESNICTR_AUTHENC_NPART
#define S_FULL	AESNICTR_AUTHENC_FULL
#define S_PART	AESNICTR_AUTHENC_PART

	.section .rodata
	.p2align 6
.Lsha256_k:
	.long	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
.Lbswap32:	/* big-endian words to little-endian, W[t] stays in dword 0 */
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
.Lbswap128:	/* the whole block reversed: W[t] in dword 3, as SHA-1 wants */
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0

	.text

.set	.LNG_sha1, 20		/* groups of 4 rounds per block */
.set	.LNG_sha256, 16
.set	.LGQ_sha1, 5		/* groups per quarter block (per AES block) */
.set	.LGQ_sha256, 4

/* \name = the message register holding W[4i..4i+3] (i mod 4). */
.macro _mreg name, i
	.if ((\i) % 4) == 0
		.set	\name, %xmm3
	.elseif ((\i) % 4) == 1
		.set	\name, %xmm4
	.elseif ((\i) % 4) == 2
		.set	\name, %xmm5
	.else
		.set	\name, %xmm6
	.endif
.endm

/*
 * dst[0..n) = src[0..n), n = %ecx in 0..63 (a public length), reading and
 * writing nothing outside those bytes: two overlapping copies of the
 * largest power-of-two piece that fits (32: two 16-byte loads each), so a
 * later 16-byte load of dst is forwarded from stores, not from a string
 * copy.  Uses %rax, %r8 (NLEFT, zero by then) and xmm t0-t3.
 */
.macro _copy_tail dst, src, t0, t1, t2, t3
	cmp		$16, %ecx
	jb		1f
	vmovdqu		(\src), \t0
	vmovdqu		-16(\src,%rcx), \t1
	cmp		$32, %ecx
	jb		2f
	vmovdqu		16(\src), \t2
	vmovdqu		-32(\src,%rcx), \t3
	vmovdqu		\t2, 16(\dst)
	vmovdqu		\t3, -32(\dst,%rcx)
2:	vmovdqu		\t0, (\dst)
	vmovdqu		\t1, -16(\dst,%rcx)
	jmp		5f
1:	cmp		$8, %ecx
	jb		3f
	mov		(\src), %rax
	mov		-8(\src,%rcx), %r8
	mov		%rax, (\dst)
	mov		%r8, -8(\dst,%rcx)
	jmp		5f
3:	cmp		$4, %ecx
	jb		4f
	mov		(\src), %eax
	mov		-4(\src,%rcx), %r8d
	mov		%eax, (\dst)
	mov		%r8d, -4(\dst,%rcx)
	jmp		5f
4:	test		%ecx, %ecx			/* 1..3: bytes 0, n / 2, n - 1 */
	jz		5f
	movzbl		(\src), %eax
	movzbl		-1(\src,%rcx), %r8d
	mov		%al, (\dst)
	mov		%r8b, -1(\dst,%rcx)
	mov		%ecx, %eax
	shr		$1, %eax
	movzbl		(\src,%rax), %r8d
	mov		%r8b, (\dst,%rax)
5:
.endm

/* ---- the SHA state and blocks --------------------------------------------- */

/* Load h[] (FIPS order) at \ptr into SHA-NI's register order. */
.macro _hash_load_state hash, ptr
	.ifc \hash, sha256
	vmovdqu		S_H(\ptr), STMP			/* A B C D (dword 0..3) */
	vmovdqu		S_H+16(\ptr), SCDGH		/* E F G H */
	vpunpcklqdq	STMP, SCDGH, SABEF		/* E F A B */
	vpunpckhqdq	STMP, SCDGH, SCDGH		/* G H C D */
	vpshufd		$0xb1, SABEF, SABEF		/* F E B A: ABEF */
	vpshufd		$0xb1, SCDGH, SCDGH		/* H G D C: CDGH */
	.else
	vmovdqu		S_H(\ptr), SABCD
	vpshufd		$0x1b, SABCD, SABCD		/* D C B A: A on top */
	vmovd		S_H+16(\ptr), SE0
	vpslldq		$12, SE0, SE0			/* E on top, zeros */
	.endif
.endm

.macro _hash_store_state hash, ptr
	.ifc \hash, sha256
	vpshufd		$0xb1, SABEF, STMP		/* E F A B */
	vpshufd		$0xb1, SCDGH, SWK		/* G H C D */
	vpunpckhqdq	SWK, STMP, SABEF		/* A B C D */
	vpunpcklqdq	SWK, STMP, SCDGH		/* E F G H */
	vmovdqu		SABEF, S_H(\ptr)
	vmovdqu		SCDGH, S_H+16(\ptr)
	.else
	vpshufd		$0x1b, SABCD, STMP
	vmovdqu		STMP, S_H(\ptr)
	vpextrd		$3, SE0, S_H+16(\ptr)
	.endif
.endm

/* Start a block: load its 16 words from \ptr, keep the state for the end. */
.macro _hash_block_begin hash, ptr
	.ifc \hash, sha256
	.irp i, 0, 1, 2, 3
	_mreg		MSG, \i
	vmovdqu		16*\i(\ptr), MSG
	vpshufb		.Lbswap32(%rip), MSG, MSG
	.endr
	vmovdqa		SABEF, SSAVE0
	vmovdqa		SCDGH, SSAVE1
	.else
	.irp i, 0, 1, 2, 3
	_mreg		MSG, \i
	vmovdqu		16*\i(\ptr), MSG
	vpshufb		.Lbswap128(%rip), MSG, MSG
	.endr
	vmovdqa		SABCD, SSAVEA
	vmovdqa		SE0, SSAVEE
	vpaddd		%xmm3, SE0, SE0			/* E + W[0], W[1..3] */
	.endif
.endm

.macro _hash_block_end hash
	.ifc \hash, sha256
	vpaddd		SSAVE0, SABEF, SABEF
	vpaddd		SSAVE1, SCDGH, SCDGH
	.else
	vpaddd		SSAVEA, SABCD, SABCD		/* E was added in group 19 */
	.endif
.endm

/*
 * Rounds 4h..4h+3, with the message schedule: W[4g..4g+3] for a later group
 * g is finished in group g-1 (SHA-256: + W[t-7..t-4], SHA256MSG2; SHA-1: xor
 * W[t-8..t-5] in group g-2, SHA1MSG2 in group g-1) and started earlier
 * (SHA256MSG1 / SHA1MSG1 in group g-3), in the register that held the words
 * of group g-4, which group g-4 no longer needs.
 */
.macro _hash_group hash, h
	.ifc \hash, sha256
	_mreg		MH, \h
	_mreg		MH1, (\h)+1
	_mreg		MHM1, (\h)+3			/* group h-1's words */
	vpaddd		.Lsha256_k+16*(\h)(%rip), MH, SWK
	sha256rnds2	SABEF, SCDGH			/* rounds 4h, 4h+1 */
	.if (\h) >= 3 && (\h) <= 14
	vpalignr	$4, MHM1, MH, STMP		/* W[t-7..t-4], t = 4h+4 */
	vpaddd		STMP, MH1, MH1
	sha256msg2	MH, MH1				/* W[t..t+3] */
	.endif
	vpshufd		$0x0e, SWK, SWK
	sha256rnds2	SCDGH, SABEF			/* rounds 4h+2, 4h+3 */
	.if (\h) >= 1 && (\h) <= 12
	sha256msg1	MH, MHM1			/* for group h+3 */
	.endif
	.else
	_mreg		MH, \h
	_mreg		MH1, (\h)+1
	_mreg		MH2, (\h)+2
	_mreg		MH3, (\h)+3
	.if ((\h) % 2) == 0
	.set		ECUR, SE0
	.set		ENEXT, SE1
	.else
	.set		ECUR, SE1
	.set		ENEXT, SE0
	.endif
	vmovdqa		SABCD, ENEXT			/* A of now gives E of h+1 */
	sha1rnds4	$((\h) / 5), ECUR, SABCD
	.if (\h) >= 3 && (\h) <= 18
	sha1msg2	MH, MH1				/* W[4h+4..4h+7] */
	.endif
	.if (\h) < 19
	sha1nexte	MH1, ENEXT			/* E + W for group h+1 */
	.else
	sha1nexte	SSAVEE, ENEXT			/* the block's new E */
	.endif
	.if (\h) >= 1 && (\h) <= 16
	sha1msg1	MH, MH3				/* for group h+3 */
	.endif
	.if (\h) >= 2 && (\h) <= 17
	vpxor		MH, MH2, MH2			/* for group h+2 */
	.endif
	.endif
.endm

/* Group g0 + i, if i < n. */
.macro _grp hash, g0, i, n
	.if (\i) < (\n)
	_hash_group	\hash, (\g0)+(\i)
	.endif
.endm

/* Groups g0 .. g0 + n - 1. */
.macro _hash_groups hash, g0, n
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	_grp		\hash, \g0, \i, \n
	.endr
.endm

/* A whole block at \ptr, nothing beside it. */
.macro _hash_block hash, ptr
	_hash_block_begin \hash, \ptr
	_hash_groups	\hash, 0, .LNG_\hash
	_hash_block_end	\hash
.endm

/* ---- encryption ------------------------------------------------------------ */

/*
 * One block of CBC encryption from SRC to DST, with n SHA groups from g0 on
 * between its rounds; SRC, DST, NLEFT advance by one block.
 */
.macro _enc_block hash, g0, n
	cmp		$1, NLEFT
	je		.Lnonext\@
	vpxor		16(SRC), RK0, NEXTP		/* P_next ^ rk0 */
	jmp		.Lhavenext\@
.Lnonext\@:
	vmovdqa		RK0, NEXTP			/* the call's last block */
.Lhavenext\@:
	vpxor		NEXTP, RKL, ATMP
	vaesenc		1*16(KEY), CBCX, CBCX
	_grp		\hash, \g0, 0, \n
	vaesenc		2*16(KEY), CBCX, CBCX
	vaesenc		3*16(KEY), CBCX, CBCX
	_grp		\hash, \g0, 1, \n
	vaesenc		4*16(KEY), CBCX, CBCX
	vaesenc		5*16(KEY), CBCX, CBCX
	_grp		\hash, \g0, 2, \n
	vaesenc		6*16(KEY), CBCX, CBCX
	vaesenc		7*16(KEY), CBCX, CBCX
	_grp		\hash, \g0, 3, \n
	vaesenc		8*16(KEY), CBCX, CBCX
	vaesenc		9*16(KEY), CBCX, CBCX
	_grp		\hash, \g0, 4, \n
	cmp		$10*16, NR16
	je		.Llast\@
	vaesenc		10*16(KEY), CBCX, CBCX
	vaesenc		11*16(KEY), CBCX, CBCX
	cmp		$12*16, NR16
	je		.Llast\@
	vaesenc		12*16(KEY), CBCX, CBCX
	vaesenc		13*16(KEY), CBCX, CBCX
.Llast\@:
	vaesenclast	ATMP, CBCX, CBCX		/* next block's round-0 state */
	vpxor		NEXTP, CBCX, ATMP		/* this block's ciphertext */
	vmovdqu		ATMP, (DST)
	add		$16, SRC
	add		$16, DST
	dec		NLEFT
.endm

/* Quarter q of the SHA block at HP, beside an AES block if one is left. */
.macro _enc_quarter hash, q
	test		NLEFT, NLEFT
	jz		.Lalone\@
	_enc_block	\hash, (\q)*.LGQ_\hash, .LGQ_\hash
	jmp		.Ldone\@
.Lalone\@:
	_hash_groups	\hash, (\q)*.LGQ_\hash, .LGQ_\hash
.Ldone\@:
.endm

/* Up to four AES blocks, compressing the SHA block at HP beside them. */
.macro _enc_unit_hashed hash
	_hash_block_begin \hash, HP
	_enc_quarter	\hash, 0
	_enc_quarter	\hash, 1
	_enc_quarter	\hash, 2
	_enc_quarter	\hash, 3
	_hash_block_end	\hash
.endm

.macro _enc_plain_step hash
	test		NLEFT, NLEFT
	jz		.Lskip\@
	_enc_block	\hash, 0, 0
.Lskip\@:
.endm

/* Up to four AES blocks alone. */
.macro _enc_unit_plain hash
	_enc_plain_step	\hash
	_enc_plain_step	\hash
	_enc_plain_step	\hash
	_enc_plain_step	\hash
.endm

.macro _cbc_sha_enc hash
	push		%rbx
	mov		%r8d, QLd			/* len (upper half ignored) */
	mov		%r8d, NLEFTd
	shr		$4, NLEFTd
	jz		.Lenc_ret\@
	vzeroupper
	mov		AESNICTR_KEY_NROUNDS(KEY), NR16d
	shl		$4, NR16d
	vmovdqu		(KEY), RK0
	vmovdqu		(KEY,NR16), RKL
	mov		S_NPART(ST), Qd
	add		Qd, QLd				/* QL = q + len */
	_hash_load_state \hash, ST
	vmovdqu		S_IV(ST), CBCX
	vpxor		(SRC), CBCX, CBCX
	vpxor		RK0, CBCX, CBCX			/* X = P0 ^ IV ^ rk0 */

	/*
	 * Slack: block k-1 ends in AES block 4k-1-floor(q/16).  For q < 16
	 * that is the last block before unit k, which would tie the SHA
	 * chain to the tail of the AES chain (and, for q % 16 != 0, make
	 * its loads straddle two fresh stores): then one lead AES block runs
	 * alone and shifts the units by one block.  Q = q + 16 * lead.
	 */
	cmp		$16, Qd
	jae		3f
	cmp		$5, NLEFT
	jb		3f
	_enc_block	\hash, 0, 0
	add		$16, Qd
3:
	/*
	 * Unit 0 compresses full[] if the caller left a block there, else
	 * runs alone; rax = 0 marks it.  Unit k > 0 compresses block k-1,
	 * which is part[] for k = 1 and dst_base + 64(k-1) - q after that;
	 * rax = the next unit's block, dst_base + 64k - q, i.e. the unit's
	 * DST - Q.
	 */
	xor		%eax, %eax
	cmpl		$0, S_NFULL(ST)
	je		.Lenc_plain0\@
	lea		S_FULL(ST), HP
.Lenc_unit\@:
	_enc_unit_hashed \hash
	test		%rax, %rax
	jz		.Lenc_merge\@
	mov		%rax, HP
.Lenc_next\@:
	test		NLEFT, NLEFT
	jz		.Lenc_end\@
	mov		DST, %rax
	sub		Q, %rax
	jmp		.Lenc_unit\@

.Lenc_plain0\@:
	_enc_unit_plain	\hash
.Lenc_merge\@:
	/*
	 * part[q..] = the ciphertext so far (the lead block and unit 0: the
	 * first 16 * (len/16 - NLEFT) bytes, at most 80, q + 80 < 128).
	 */
	mov		S_NPART(ST), %eax		/* q */
	neg		%eax
	add		QLd, %eax			/* len */
	shr		$4, %eax
	sub		NLEFTd, %eax
	shl		$4, %eax
	mov		DST, HP
	sub		%rax, HP
	mov		S_NPART(ST), %eax
	lea		S_PART(ST,%rax), %rax
1:	vmovdqu		(HP), ATMP
	vmovdqu		ATMP, (%rax)
	add		$16, HP
	add		$16, %rax
	cmp		DST, HP
	jb		1b
	lea		S_PART(ST), HP			/* block 0 */
	jmp		.Lenc_next\@

.Lenc_end\@:
	vpxor		RK0, CBCX, ATMP			/* the last ciphertext block */
	vmovdqu		ATMP, S_IV(ST)
	_hash_store_state \hash, ST
	/*
	 * HP is the block after the last one compressed (block kt, kt = the
	 * last unit, (len/16 - lead - 1) / 4); it is complete iff q + len >=
	 * 64 (kt + 1): then it goes to full[].  Q - q = 16 * lead.
	 */
	mov		QLd, %eax
	sub		Qd, %eax			/* len - 16 * lead */
	shr		$4, %eax
	dec		%eax
	shr		$2, %eax
	inc		%eax
	shl		$6, %eax
	xor		Qd, Qd
	cmp		%eax, QLd
	jb		2f
	.irp i, 0, 1, 2, 3
	vmovdqu		16*\i(HP), ATMP
	vmovdqu		ATMP, S_FULL+16*\i(ST)
	.endr
	inc		Qd
2:	mov		Qd, S_NFULL(ST)
	/* part[] = the last (q + len) % 64 bytes, unless part[] holds them */
	mov		QLd, %ecx
	and		$63, %ecx
	mov		%ecx, S_NPART(ST)
	cmp		$64, QLd
	jb		.Lenc_ret\@
	lea		S_PART(ST), HP
	mov		DST, Q
	sub		%rcx, Q
	_copy_tail	HP, Q, ATMP, CBCX, NEXTP, RK0
.Lenc_ret\@:
	pop		%rbx
.endm

/* ---- decryption ------------------------------------------------------------ */

.macro _dec_round i
	vaesdec		(\i)*16(KEY), DX0, DX0
	vaesdec		(\i)*16(KEY), DX1, DX1
	vaesdec		(\i)*16(KEY), DX2, DX2
	vaesdec		(\i)*16(KEY), DX3, DX3
.endm

.macro _dgrp hash, h, withhash
	.if \withhash
	_hash_group	\hash, \h
	.endif
.endm

/*
 * Four blocks of CBC decryption from SRC to DST; with withhash, the SHA
 * block at HP beside them (loaded before any plaintext is stored).
 */
.macro _dec_quad hash, withhash
	.if \withhash
	_hash_block_begin \hash, HP
	.endif
	vmovdqu		0*16(SRC), DX0
	vmovdqu		1*16(SRC), DX1
	vmovdqu		2*16(SRC), DX2
	vmovdqu		3*16(SRC), DX3
	vpxor		(KEY), DX0, DX0
	vpxor		(KEY), DX1, DX1
	vpxor		(KEY), DX2, DX2
	vpxor		(KEY), DX3, DX3
	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9
	_dgrp		\hash, (\i)-1, \withhash
	_dec_round	\i
	.endr
	cmp		$10*16, NR16
	je		.Ldlast\@
	_dec_round	10
	_dec_round	11
	cmp		$12*16, NR16
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
	vmovdqu		DX0, 0*16(DST)
	vmovdqu		DX1, 1*16(DST)
	vmovdqu		DX2, 2*16(DST)
	vmovdqu		DX3, 3*16(DST)
	.if \withhash
	.irp i, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	.if (\i) < .LNG_\hash
	_hash_group	\hash, \i
	.endif
	.endr
	_hash_block_end	\hash
	add		$64, HP
	dec		HLEFT
	.endif
	add		$64, SRC
	add		$64, DST
	sub		$4, NLEFT
.endm

/* One block of CBC decryption. */
.macro _dec_one
	vmovdqu		(SRC), DX0
	vpxor		(KEY), DX0, DX0
	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vaesdec		(\i)*16(KEY), DX0, DX0
	.endr
	cmp		$10*16, NR16
	je		.Llast1\@
	vaesdec		10*16(KEY), DX0, DX0
	vaesdec		11*16(KEY), DX0, DX0
	cmp		$12*16, NR16
	je		.Llast1\@
	vaesdec		12*16(KEY), DX0, DX0
	vaesdec		13*16(KEY), DX0, DX0
.Llast1\@:
	vaesdeclast	DRKL, DX0, DX0
	vpxor		DIV, DX0, DX0
	vmovdqu		(SRC), DIV
	vmovdqu		DX0, (DST)
	add		$16, SRC
	add		$16, DST
	dec		NLEFT
.endm

.macro _cbc_sha_dec hash
	push		%rbx
	push		%r12
	mov		%r8d, QLd			/* len (upper half ignored) */
	mov		%r8d, NLEFTd
	shr		$4, NLEFTd
	jz		.Ldec_ret\@
	vzeroupper
	mov		AESNICTR_KEY_NROUNDS(KEY), NR16d
	shl		$4, NR16d
	vmovdqu		(KEY,NR16), DRKL
	mov		S_NPART(ST), %eax		/* q */

	/* part[q..] = the first min(len, 64) bytes: block 0 */
	lea		S_PART(ST,%rax), HP
	xor		%r12d, %r12d
1:	vmovdqu		(SRC,%r12), DX0
	vmovdqu		DX0, (HP,%r12)
	add		$16, %r12d
	cmp		$64, %r12d
	je		2f
	cmp		QLd, %r12d
	jb		1b
2:
	add		%eax, QLd			/* QL = q + len */
	neg		%rax
	lea		64(SRC,%rax), HP		/* block 1: src + 64 - q */
	mov		QLd, HLEFTd
	shr		$6, HLEFTd			/* complete blocks */
	jz		3f
	/*
	 * The trailing partial block, (q + len) % 64 bytes ending at src +
	 * len, copied now (before in-place decryption overwrites it) to end
	 * at part + 128, in 16-byte pieces from its end: both ranges stay in
	 * bounds (the piece count times 16 is at most len, and part[64..]).
	 */
	mov		QLd, %r12d
	and		$63, %r12d
	jz		3f
	lea		-64(HP,QL), %rax		/* src + len */
	add		$15, %r12d
	and		$-16, %r12d
	neg		%r12
4:	vmovdqu		(%rax,%r12), DX0
	vmovdqu		DX0, S_PART+128(ST,%r12)
	add		$16, %r12
	jnz		4b
3:
	_hash_load_state \hash, ST
	vmovdqu		S_IV(ST), DIV
	cmpl		$0, S_NFULL(ST)
	je		5f
	lea		S_FULL(ST), %rax
	_hash_block	\hash, %rax
5:	test		HLEFTd, HLEFTd
	jz		.Ldec_loop\@
	dec		HLEFTd				/* blocks after block 0 */
	lea		S_PART(ST), %rax
	_hash_block	\hash, %rax

	/* Block j+1 beside AES blocks 4j..4j+3, while both are left. */
.Ldec_loop\@:
	test		HLEFT, HLEFT
	jz		.Ldec_nohash\@
	cmp		$4, NLEFT
	jb		.Ldec_hashonly\@
	_dec_quad	\hash, 1
	jmp		.Ldec_loop\@
.Ldec_hashonly\@:
	_hash_block	\hash, HP
	add		$64, HP
	dec		HLEFT
	jmp		.Ldec_loop\@
.Ldec_nohash\@:
	cmp		$4, NLEFT
	jb		.Ldec_tail\@
	_dec_quad	\hash, 0
	jmp		.Ldec_nohash\@
.Ldec_tail\@:
	test		NLEFT, NLEFT
	jz		.Ldec_end\@
	_dec_one
	jmp		.Ldec_tail\@

.Ldec_end\@:
	vmovdqu		DIV, S_IV(ST)
	_hash_store_state \hash, ST
	movl		$0, S_NFULL(ST)
	mov		QLd, %ecx
	and		$63, %ecx
	mov		%ecx, S_NPART(ST)
	cmp		$64, QLd
	jb		.Ldec_ret\@
	lea		S_PART(ST), HP			/* part[0..) = part[128 - n..128) */
	lea		S_PART+128(ST), %rax
	sub		%rcx, %rax
	mov		%rax, HLEFT
	_copy_tail	HP, HLEFT, DX0, DX1, DX2, DX3
.Ldec_ret\@:
	pop		%r12
	pop		%rbx
.endm

/* ---- the entry points ------------------------------------------------------ */

.macro _sha_blocks hash
	mov		%edx, %edx
	test		%edx, %edx
	jz		2f
	vzeroupper
	_hash_load_state \hash, %rdi
1:	_hash_block	\hash, %rsi
	add		$64, %rsi
	dec		%edx
	jnz		1b
	_hash_store_state \hash, %rdi
2:
.endm

/* void aesnictr_sha1_blocks(u32 state[5], const u8 *data, unsigned int nblocks) */
SYM_TYPED_FUNC_START(aesnictr_sha1_blocks)
	_sha_blocks	sha1
	RET
SYM_FUNC_END(aesnictr_sha1_blocks)

/* void aesnictr_sha256_blocks(u32 state[8], const u8 *data, unsigned int nblocks) */
SYM_TYPED_FUNC_START(aesnictr_sha256_blocks)
	_sha_blocks	sha256
	RET
SYM_FUNC_END(aesnictr_sha256_blocks)

/* void aesnictr_cbc_sha1_enc(key, stream, dst, src, len): see authenc_asm.h */
SYM_TYPED_FUNC_START(aesnictr_cbc_sha1_enc)
	_cbc_sha_enc	sha1
	RET
SYM_FUNC_END(aesnictr_cbc_sha1_enc)

SYM_TYPED_FUNC_START(aesnictr_cbc_sha256_enc)
	_cbc_sha_enc	sha256
	RET
SYM_FUNC_END(aesnictr_cbc_sha256_enc)

SYM_TYPED_FUNC_START(aesnictr_cbc_sha1_dec)
	_cbc_sha_dec	sha1
	RET
SYM_FUNC_END(aesnictr_cbc_sha1_dec)

SYM_TYPED_FUNC_START(aesnictr_cbc_sha256_dec)
	_cbc_sha_dec	sha256
	RET
SYM_FUNC_END(aesnictr_cbc_sha256_dec)
