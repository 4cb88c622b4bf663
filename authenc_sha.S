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
 * then the first unit's ciphertext shifted behind them, in whole 16-byte
 * words: "Byte offsets" below); later blocks are read straight from dst at
 * dst + 64k - q.  The SHA block compressed in
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
 * The HMAC's end (aesnictr_sha*_hmac_final) pads the last block and makes
 * the outer hash's block in registers: a short message's fixed cost is
 * mostly there, and built in memory by C (byte, memset and 8-byte stores,
 * then 16-byte loads) it waits on stores that cannot be forwarded.
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
.Lbyte_idx:	/* byte i = i */
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lbytes16:
	.fill	16, 1, 16
.Lbytes80:
	.fill	16, 1, 0x80
.Llen_be:	/* a u64 in the low half to big-endian in the high half */
	.fill	8, 1, 0x80
	.byte	7, 6, 5, 4, 3, 2, 1, 0
/* The outer block's words past the inner digest (the message register order) */
.Lsha1_outer1:	/* W[4..7]: E, 0x80 pad byte, 0, 0 (W[t] in dword 7 - t) */
	.long	0, 0, 0x80000000, 0
.Lsha1_outer3:	/* W[12..15]: the bit length of ipad/opad block + digest */
	.long	8 * (64 + 20), 0, 0, 0
.Lsha256_outer2:	/* W[8..11] (W[t] in dword t - 8) */
	.long	0x80000000, 0, 0, 0
.Lsha256_outer3:	/* W[12..15] */
	.long	0, 0, 0, 8 * (64 + 32)
.Lshift_tbl:	/* _shift_masks: the 16 bytes at 16 - t and at 32 - t */
	.fill	16, 1, 0x80
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.fill	16, 1, 0x80

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
 * Byte offsets that are not multiples of 16.  A SHA block starts at stream
 * offset 64m, the text's 16-byte words at stream offset q + 16j, so when
 * q % 16 != 0 every 16-byte word of a SHA block is made of two text words.
 * Assembled in memory (text words stored at part + q + 16j, then loaded at
 * part + 16k), each load straddles two stores still in the store buffer,
 * which the core cannot forward: the load waits until both are written to
 * the cache, about ten nanoseconds at a call's first SHA block.  So the
 * words are assembled in registers, with a variable byte shift by t (0..15):
 * out word k = the top t bytes of text word k-1 below the low 16 - t bytes of
 * text word k, i.e. VPSHUFB(word k-1, M1) | VPSHUFB(word k, M2) with
 *	M1[i] = 16 - t + i for i < t, else 0x80 (zero),
 *	M2[i] = i - t for i >= t, else 0x80,
 * the 16 bytes of .Lshift_tbl at 32 - t and at 16 - t.  Then every 16-byte
 * word is stored whole at the offset a later 16-byte load reads it from,
 * and the text is read at the offsets its words were stored at.
 */

/* \m1, \m2 = the masks for the shift \t (a 64-bit register, 0..15). */
.macro _shift_masks t, tmp, m1, m2
	lea		.Lshift_tbl+16(%rip), \tmp
	sub		\t, \tmp
	vmovdqu		(\tmp), \m2
	vmovdqu		16(\tmp), \m1
.endm

/*
 * part[\out + 16k ..] for k = 0, 1, ... while \out < 64: the byte string
 * (the low t bytes of \carry) || txt[0..tend - txt) as whole 16-byte words
 * (the shift t of \m1/\m2; \carry is zero above its low t bytes).  Text
 * words are read at \txt, \txt + 16, ... below \tend; if the text ends
 * first, one last word holds what \carry has left (a byte string of no
 * more than what was asked: part[] is scratch beyond npart).  \out (a byte
 * offset into part[], a multiple of 16) and \txt advance.
 */
.macro _shifted_words out, txt, tend, carry, m1, m2, cur, w
1:	cmp		\tend, \txt
	jae		2f
	vmovdqu		(\txt), \cur
	vpshufb		\m2, \cur, \w
	vpor		\carry, \w, \w
	vpshufb		\m1, \cur, \carry
	vmovdqu		\w, S_PART(ST,\out)
	add		$16, \txt
	add		$16, \out
	cmp		$64, \out
	jb		1b
	jmp		3f
2:	vmovdqu		\carry, S_PART(ST,\out)
3:
.endm

/*
 * Append the text [\txt, \tend) to the stream's part[] (q = npart bytes):
 * part[q..q + m) = txt[0..m), m = min(tend - txt, 64 - q), written as whole
 * words part[16k..16k + 16) from k = q / 16 on (the first merges the q % 16
 * bytes already there).  r12, \out: scratch; \txt advances.
 */
.macro _part_append out, txt, tend, carry, m1, m2, cur, w
	mov		S_NPART(ST), %r12d
	and		$15, %r12d			/* t = q % 16 */
	_shift_masks	%r12, \out, \m1, \m2
	mov		S_NPART(ST), %r12d
	and		$-16, %r12d			/* 16 * floor(q / 16) */
	vmovdqu		S_PART(ST,%r12), \cur
	vpxor		\w, \w, \w
	vpblendvb	\m2, \cur, \w, \carry	/* its low t bytes */
	mov		%r12, \out
	_shifted_words	\out, \txt, \tend, \carry, \m1, \m2, \cur, \w
.endm

/*
 * part[0..n) = the n bytes before \tend (n = \n, 0..63), whose 16-byte words
 * end at \tend: the text words at tend - 16 * ceil(n / 16) ... tend - 16,
 * as a whole-word shift by t = n % 16 (the first word's top t bytes, then
 * the others).  \txt, \out: scratch.
 */
.macro _part_tail n, tend, txt, out, carry, m1, m2, cur, w
	mov		\n, \out
	and		$15, \out			/* t */
	_shift_masks	\out, \txt, \m1, \m2
	lea		15(\n), \txt
	and		$-16, \txt
	neg		\txt
	add		\tend, \txt			/* tend - 16 * ceil(n / 16) */
	vpxor		\carry, \carry, \carry
	test		$15, \n
	jz		4f
	vmovdqu		(\txt), \cur
	vpshufb		\m1, \cur, \carry
	add		$16, \txt
4:	xor		\out, \out
	_shifted_words	\out, \txt, \tend, \carry, \m1, \m2, \cur, \w
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

/* SHA-256: \abcd, \efgh = the state in FIPS order (STMP, SWK: scratch). */
.macro _sha256_state_fips abcd, efgh
	vpshufd		$0xb1, SABEF, STMP		/* E F A B */
	vpshufd		$0xb1, SCDGH, SWK		/* G H C D */
	vpunpckhqdq	SWK, STMP, \abcd		/* A B C D */
	vpunpcklqdq	SWK, STMP, \efgh		/* E F G H */
.endm

.macro _hash_store_state hash, ptr
	.ifc \hash, sha256
	_sha256_state_fips SABEF, SCDGH
	vmovdqu		SABEF, S_H(\ptr)
	vmovdqu		SCDGH, S_H+16(\ptr)
	.else
	vpshufd		$0x1b, SABCD, STMP
	vmovdqu		STMP, S_H(\ptr)
	vpextrd		$3, SE0, S_H+16(\ptr)
	.endif
.endm

/*
 * The block's bytes, as four 16-byte words in xmm3-6 (from \ptr if given),
 * to the 16 big-endian words in the order the rounds take them.
 */
.macro _hash_msg_swap hash, ptr
	.irp i, 0, 1, 2, 3
	_mreg		MSG, \i
	.ifnb \ptr
	vmovdqu		16*\i(\ptr), MSG
	.endif
	.ifc \hash, sha256
	vpshufb		.Lbswap32(%rip), MSG, MSG
	.else
	vpshufb		.Lbswap128(%rip), MSG, MSG
	.endif
	.endr
.endm

/*
 * Start a block: its 16 words from \ptr, or (no \ptr) already in xmm3-6 in
 * the rounds' order; keep the state for the end.
 */
.macro _hash_block_begin hash, ptr
	.ifnb \ptr
	_hash_msg_swap	\hash, \ptr
	.endif
	.ifc \hash, sha256
	vmovdqa		SABEF, SSAVE0
	vmovdqa		SCDGH, SSAVE1
	.else
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

/* A whole block at \ptr (or in xmm3-6, see above), nothing beside it. */
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
	push		%r12
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
	 * first 16 * (len/16 - NLEFT) bytes, at most 80), up to part[64]:
	 * block 0, or all of it if q + len < 64.  Later bytes are read from
	 * dst.  The words of dst are read where unit 0 stored them.
	 */
	mov		S_NPART(ST), %eax		/* q */
	neg		%eax
	add		QLd, %eax			/* len */
	shr		$4, %eax
	sub		NLEFTd, %eax
	shl		$4, %eax
	mov		DST, HP
	sub		%rax, HP
	_part_append	%rax, HP, DST, %xmm3, %xmm4, %xmm5, %xmm6, ATMP
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
	_part_tail	%rcx, DST, HP, Q, %xmm3, %xmm4, %xmm5, %xmm6, ATMP
.Lenc_ret\@:
	pop		%r12
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

	/* part[q..] = the first min(len, 64 - q) bytes: block 0 if complete */
	mov		SRC, HP
	lea		(SRC,QL), HLEFT			/* src + len */
	_part_append	%rax, HP, HLEFT, DX0, DX1, DX2, DX3, DIV
	mov		S_NPART(ST), %eax		/* q */
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
	lea		S_PART+128(ST), %rax		/* part[0..) = part[128 - n..128) */
	_part_tail	%rcx, %rax, HP, HLEFT, DX0, DX1, DX2, DX3, DIV
.Ldec_ret\@:
	pop		%r12
	pop		%rbx
.endm

/* ---- the HMAC's end --------------------------------------------------------- */

/*
 * Word \k (bytes 16k..16k+15) of the inner hash's last block, in \msg:
 * part[16k + i] where 16k + i < n, 0x80 where 16k + i == n, else 0.  \nb:
 * n in every byte; \idx: 16k + i in byte i (advanced by 16).  The bytes
 * of part[] beyond n are read (part[] is 256 bytes), never used.
 */
.macro _pad_word k, msg, nb, idx, tmp
	vmovdqu		S_PART+16*(\k)(%rdi), \msg
	vpcmpgtb	\idx, \nb, \tmp		/* 16k + i < n */
	vpand		\tmp, \msg, \msg
	vpcmpeqb	\idx, \nb, \tmp
	vpand		.Lbytes80(%rip), \tmp, \tmp
	vpor		\tmp, \msg, \msg
	vpaddb		.Lbytes16(%rip), \idx, \idx
.endm

/*
 * aesnictr_sha*_hmac_final(s, ostate, total, digest), authenc_asm.h: rdi
 * the stream, rsi the outer state, rdx the inner hash's byte count, rcx the
 * digest.  The padding is made in registers from part[]'s words, which the
 * routines above store whole (C's memcpy of the AAD may have left other
 * stores in flight; those only cost time), and the inner digest goes to the
 * outer block without leaving the registers: the big-endian digest bytes
 * are the state words themselves.
 */
.macro _hmac_final hash
	vzeroupper
	_hash_load_state \hash, %rdi
	cmpl		$0, S_NFULL(%rdi)
	je		1f
	lea		S_FULL(%rdi), %rax
	_hash_block	\hash, %rax
1:	vmovd		S_NPART(%rdi), %xmm10
	vpxor		%xmm11, %xmm11, %xmm11
	vpshufb		%xmm11, %xmm10, %xmm10		/* n in every byte */
	vmovdqu		.Lbyte_idx(%rip), %xmm11
	_pad_word	0, %xmm3, %xmm10, %xmm11, %xmm12
	_pad_word	1, %xmm4, %xmm10, %xmm11, %xmm12
	_pad_word	2, %xmm5, %xmm10, %xmm11, %xmm12
	_pad_word	3, %xmm6, %xmm10, %xmm11, %xmm12
	shl		$3, %rdx
	vmovq		%rdx, %xmm13
	vpshufb		.Llen_be(%rip), %xmm13, %xmm13	/* bytes 56..63 */
	cmpl		$64 - 9, S_NPART(%rdi)
	ja		2f
	vpor		%xmm13, %xmm6, %xmm6
	_hash_msg_swap	\hash
	_hash_block	\hash
	jmp		3f
2:	_hash_msg_swap	\hash				/* n > 55: the length */
	_hash_block	\hash				/* in a block of its own */
	vpxor		%xmm3, %xmm3, %xmm3
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vmovdqa		%xmm13, %xmm6
	_hash_msg_swap	\hash
	_hash_block	\hash
3:
	/* the outer block: the inner digest, 0x80, zeros, the bit length */
	.ifc \hash, sha256
	_sha256_state_fips %xmm3, %xmm4
	vmovdqu		.Lsha256_outer2(%rip), %xmm5
	vmovdqu		.Lsha256_outer3(%rip), %xmm6
	.else
	vmovdqa		SABCD, %xmm3			/* W[0..3] = A..D */
	vpor		.Lsha1_outer1(%rip), SE0, %xmm4	/* E: zeros below it */
	vpxor		%xmm5, %xmm5, %xmm5
	vmovdqu		.Lsha1_outer3(%rip), %xmm6
	.endif
	_hash_load_state \hash, %rsi
	_hash_block	\hash
	.ifc \hash, sha256
	_sha256_state_fips SABEF, SCDGH
	vpshufb		.Lbswap32(%rip), SABEF, SABEF
	vpshufb		.Lbswap32(%rip), SCDGH, SCDGH
	vmovdqu		SABEF, (%rcx)
	vmovdqu		SCDGH, 16(%rcx)
	.else
	vpshufb		.Lbswap128(%rip), SABCD, SABCD
	vmovdqu		SABCD, (%rcx)
	vpextrd		$3, SE0, %eax
	bswap		%eax
	mov		%eax, 16(%rcx)
	.endif
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

/* void aesnictr_sha1_hmac_final(stream, ostate, total, digest): authenc_asm.h */
SYM_TYPED_FUNC_START(aesnictr_sha1_hmac_final)
	_hmac_final	sha1
	RET
SYM_FUNC_END(aesnictr_sha1_hmac_final)

SYM_TYPED_FUNC_START(aesnictr_sha256_hmac_final)
	_hmac_final	sha256
	RET
SYM_FUNC_END(aesnictr_sha256_hmac_final)
