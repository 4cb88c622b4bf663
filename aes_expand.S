/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES key expansion, shared by every family: the encryption schedule and the
 * decryption schedule (struct aesnictr_key, aes_asm.h) with AES-NI.
 *
 * Key expansion (aesnictr_expand_key), FIPS-197:
 *	w[i] = w[i - Nk] ^ f(w[i - 1])
 * where f is SubWord(RotWord(x)) ^ rcon when i % Nk == 0, SubWord(x) when
 * Nk == 8 and i % Nk == 4, and x otherwise.  Only the first word of each
 * group of Nk needs f of a new word; the words after it are running XORs.
 * So a group needs one f of a word of the previous group, t, in every
 * dword.  AESENCLAST(s, k) = SubBytes(ShiftRows(s)) ^ k, and ShiftRows
 * moves bytes between columns only: on a state whose four columns (dwords)
 * are the same word it does nothing.  So with s = that word (rotated for
 * RotWord) in every dword by one VPSHUFB, and k = rcon in every dword,
 *	t = AESENCLAST(VPSHUFB(x, rot_bcast), rcon_bcast)
 * (no rcon, k = 0, for the unrotated SubWord).  AESKEYGENASSIST does the
 * same in one instruction, but it is microcoded on Intel cores: on a
 * Sapphire Rapids-class Xeon an AES-128 expansion took 93-96 TSC ticks with
 * it and 60-67 this way (AES-256: 119-126 and 67-77); llvm-mca-19 predicts
 * the same cycles both ways on znver3, znver4 and znver5.  On AMD Zen 5 the
 * AES-128 words are faster by AESKEYGENASSIST (77 against 79.5 TSC ticks
 * a dependent expansion, 25.8 against 27.3 independent ones, and xcbc(aes),
 * which expands two keys per message, 13% faster at 64 bytes); AES-192
 * and AES-256 are level, or faster with AESENCLAST.  So
 * aesnictr_expand_key_kga makes the AES-128 words with it, rk[r] =
 * FOLD(rk[r - 1]) ^ bcast(dword 3 of AESKEYGENASSIST(rk[r - 1], rcon_r)),
 * the other key lengths as aesnictr_expand_key; aes_key.c picks by vendor.
 * For a group k = (k0, k1, k2, k3) of 4 words Nk words back, the next 4
 * words are
 *	(k0 ^ t, k0 ^ k1 ^ t, k0 ^ k1 ^ k2 ^ t, k0 ^ k1 ^ k2 ^ k3 ^ t),
 * the prefix XOR of k, in two shift-and-XOR steps (FOLD):
 *	y = k ^ (k << 32 bits);  y ^= y << 64 bits
 * (VPSLLDQ $4 / $8: latency 4, where the three single-word steps take 6;
 * it runs beside the making of t, on the critical path only with its
 * final VPXOR).  With f(x, rcon) = bcast(SubWord(RotWord(x)) ^ rcon):
 *  - AES-128 (Nk 4): rk[r] = FOLD(rk[r - 1]) ^ f(dword 3 of rk[r - 1],
 *    rcon_r), r = 1..10.
 *  - AES-256 (Nk 8): rk[2j] = FOLD(rk[2j - 2]) ^ f(dword 3 of rk[2j - 1],
 *    rcon_j) (j = 1..7), and rk[2j + 1] = FOLD(rk[2j - 1]) ^
 *    bcast(SubWord(dword 3 of the new rk[2j])) (j = 1..6).
 *  - AES-192 (Nk 6): a step j = 1..8 takes the previous group of 6 words as
 *    a = w[6j - 6 .. 6j - 3] and b = w[6j - 2 .. 6j - 1] (dwords 0 and 1;
 *    dwords 2 and 3 are don't-care, never shifted down into 0 and 1) and
 *    makes a' = FOLD(a) ^ f(dword 1 of b, rcon_j) (w[6j - 1]) and
 *    b' = (b0, b0 ^ b1) ^ bcast(a'3).  a' is stored
 *    at word 6j (byte 24j, unaligned when j is odd), b' dwords 0-1 at word
 *    6j + 4, so rk[] is the FIPS-197 schedule, 16 bytes a round key; step 8
 *    stores a' only (w[48..51] = rk[12]), nothing is written past rk[12].
 * Each key size is unrolled (rcon_r is a constant's address); the only
 * branch is on the key length, which is public.  No table lookup, no
 * branch, no address depends on key bytes.
 * Registers: rdi key, rsi in, edx len (rcx out: E(0)); xmm0 the 4-word
 * group (AES-256: the even round key), xmm1 the AES-256 odd round key /
 * AES-192 b, xmm2 t, xmm3 FOLD's shifted copy, xmm4 the E(0) state, xmm5
 * zero (AES-256), xmm6 the VPSHUFB mask, xmm7 rcon.
 *
 * aesnictr_expand_key_encrypt_zero also encrypts the zero block with the
 * schedule (CMAC's subkey L = E(0)), each round beside the making of its
 * round key: _expand_key.
 *
 * Decryption keys (aesnictr_invert_key) for the equivalent inverse cipher
 * that AESDEC implements: dec[0] = enc[n], dec[i] = InvMixColumns(enc[n - i])
 * (AESIMC) for 0 < i < n, dec[n] = enc[0].  Registers are not cleared on
 * return (docs/design.md, "Key material").
 */
#include <linux/linkage.h>

#include "aes_asm.h"

	.section .rodata
	.p2align 4
.Lrot_bcast3:	/* RotWord(dword 3) in every dword */
	.byte	13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12
.Lrot_bcast1:	/* RotWord(dword 1) in every dword */
	.byte	5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7, 4
.Lrcon:		/* rcon_1 .. rcon_10 in every dword */
	.irp c, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
	.long	\c, \c, \c, \c
	.endr

/*
 * xmm2 = bcast(SubWord(RotWord(the dword of \x that xmm6 picks)) ^ rcon_\i);
 * rcon is loaded apart (xmm7), off the chain.
 */
.macro SUBROT x, i
	vmovdqa		.Lrcon + 16 * ((\i) - 1)(%rip), %xmm7
	vpshufb		%xmm6, \x, %xmm2
	vaesenclast	%xmm7, %xmm2, %xmm2
.endm

/* \x = prefix XOR of \x's dwords (dword i = x0 ^ .. ^ xi); \tmp clobbered */
.macro FOLD x, tmp
	vpslldq	$4, \x, \tmp
	vpxor	\tmp, \x, \x
	vpslldq	$8, \x, \tmp
	vpxor	\tmp, \x, \x
.endm

/* With e0: round r of E(0) in xmm4 with the new round key \rk (r of n) */
.macro E0_ROUND e0, r, n, rk
.if \e0
.if \r < \n
	vaesenc		\rk, %xmm4, %xmm4
.else
	vaesenclast	\rk, %xmm4, %xmm4
.endif
.endif
.endm

/*
 * AES-128: rk[\r] (in xmm0) from rk[\r - 1] (in xmm0); kga: f by
 * AESKEYGENASSIST (dword 3 of its result, rcon_r an immediate)
 */
.macro KEY128 e0, r, kga
.if \kga
	.if \r == 9
		.set	K128_RCON, 0x1b
	.elseif \r == 10
		.set	K128_RCON, 0x36
	.else
		.set	K128_RCON, 1 << (\r - 1)
	.endif
	vaeskeygenassist $K128_RCON, %xmm0, %xmm2
	FOLD	%xmm0, %xmm3
	vpshufd	$0xff, %xmm2, %xmm2		/* f(w3, rcon_r) */
.else
	SUBROT	%xmm0, \r			/* f(w3, rcon_r) */
	FOLD	%xmm0, %xmm3
.endif
	vpxor	%xmm2, %xmm0, %xmm0
	vmovdqu	%xmm0, 16 * \r(%rdi)
	E0_ROUND \e0, \r, 10, %xmm0
.endm

/* AES-256: rk[2j] (xmm0) from rk[2j - 2] (xmm0) and rk[2j - 1] (xmm1) */
.macro KEY256_EVEN e0, j
	SUBROT	%xmm1, \j			/* f(w7, rcon_j) */
	FOLD	%xmm0, %xmm3
	vpxor	%xmm2, %xmm0, %xmm0
	vmovdqu	%xmm0, 32 * \j(%rdi)
	E0_ROUND \e0, (2*\j), 14, %xmm0
.endm

/* AES-256: rk[2j + 1] (xmm1) from rk[2j - 1] (xmm1) and rk[2j] (xmm0) */
.macro KEY256_ODD e0, j
	vpshufd		$0xff, %xmm0, %xmm2
	vaesenclast	%xmm5, %xmm2, %xmm2	/* bcast(SubWord(w3)) */
	FOLD	%xmm1, %xmm3
	vpxor	%xmm2, %xmm1, %xmm1
	vmovdqu	%xmm1, 32 * \j + 16(%rdi)
	E0_ROUND \e0, (2*\j+1), 14, %xmm1
.endm

/* AES-192: w[6j .. 6j + 5] (a: xmm0, b: xmm1 dwords 0-1) from the 6 before */
.macro KEY192 j, last=0
	SUBROT	%xmm1, \j			/* f(w5, rcon_j) */
	FOLD	%xmm0, %xmm3
	vpxor	%xmm2, %xmm0, %xmm0
	vmovdqu	%xmm0, 24 * \j(%rdi)
.if !\last
	vpslldq	$4, %xmm1, %xmm3
	vpshufd	$0xff, %xmm0, %xmm2		/* a'3 */
	vpxor	%xmm3, %xmm1, %xmm1
	vpxor	%xmm2, %xmm1, %xmm1
	vmovq	%xmm1, 24 * \j + 16(%rdi)
.endif
.endm

/*
 * The body of aesnictr_expand_key (e0 = 0), aesnictr_expand_key_kga (kga =
 * 1: the AES-128 words by AESKEYGENASSIST) and of
 * aesnictr_expand_key_encrypt_zero (e0 = 1), which also encrypts the zero
 * block, in xmm4: its round 0 is rk[0] itself, and each later round runs
 * as soon as its round key is made (AES-128, AES-256: off the schedule's
 * own chain, so nearly free), or after the schedule from memory (AES-192,
 * whose round keys straddle its 6-word steps); E(0) goes to (%rcx).
 */
.macro _expand_key e0, kga=0
	vmovdqu	(%rsi), %xmm0
	vmovdqu	%xmm0, (%rdi)
.if \e0
	vmovdqa	%xmm0, %xmm4			/* 0 ^ rk[0] */
.endif
	cmp	$24, %edx
	je	.Lexpand192\@
	ja	.Lexpand256\@
	movl	$10, AESNICTR_KEY_NROUNDS(%rdi)
.if !\kga
	vmovdqa	.Lrot_bcast3(%rip), %xmm6
.endif
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	KEY128	\e0, \r, \kga
	.endr
	jmp	.Lexpand_done\@
.Lexpand192\@:
	movl	$12, AESNICTR_KEY_NROUNDS(%rdi)
	vmovq	16(%rsi), %xmm1			/* w4, w5; dwords 2-3 zero */
	vmovq	%xmm1, 16(%rdi)
	vmovdqa	.Lrot_bcast1(%rip), %xmm6
	.irp j, 1, 2, 3, 4, 5, 6, 7
	KEY192	\j
	.endr
	KEY192	8, 1
.if \e0
	.irp r, 1,2,3,4,5,6,7,8,9,10,11
		vaesenc		16 * \r(%rdi), %xmm4, %xmm4
	.endr
	vaesenclast	16 * 12(%rdi), %xmm4, %xmm4
.endif
	jmp	.Lexpand_done\@
.Lexpand256\@:
	movl	$14, AESNICTR_KEY_NROUNDS(%rdi)
	vmovdqu	16(%rsi), %xmm1
	vmovdqu	%xmm1, 16(%rdi)
	E0_ROUND \e0, 1, 14, %xmm1
	vmovdqa	.Lrot_bcast3(%rip), %xmm6
	vpxor	%xmm5, %xmm5, %xmm5
	.irp j, 1, 2, 3, 4, 5, 6
	KEY256_EVEN \e0, \j
	KEY256_ODD  \e0, \j
	.endr
	KEY256_EVEN \e0, 7
.Lexpand_done\@:
.if \e0
	vmovdqu	%xmm4, (%rcx)
.endif
	RET
.endm

	.text

/* void aesnictr_expand_key(struct aesnictr_key *key, const u8 *in, unsigned int len) */
SYM_FUNC_START(aesnictr_expand_key)
	_expand_key 0
SYM_FUNC_END(aesnictr_expand_key)

/* The same, the AES-128 words by AESKEYGENASSIST (AMD: see the top) */
SYM_FUNC_START(aesnictr_expand_key_kga)
	_expand_key 0, 1
SYM_FUNC_END(aesnictr_expand_key_kga)

/*
 * void aesnictr_expand_key_encrypt_zero(struct aesnictr_key *key,
 *	const u8 *in, unsigned int len, u8 out[16])
 */
SYM_FUNC_START(aesnictr_expand_key_encrypt_zero)
	_expand_key 1
SYM_FUNC_END(aesnictr_expand_key_encrypt_zero)

/* void aesnictr_invert_key(struct aesnictr_key *dec, const struct aesnictr_key *enc) */
SYM_FUNC_START(aesnictr_invert_key)
	mov	AESNICTR_KEY_NROUNDS(%rsi), %eax
	mov	%eax, AESNICTR_KEY_NROUNDS(%rdi)
	shl	$4, %eax
	lea	(%rsi,%rax), %rdx		/* enc[n] */
	vmovdqu	(%rdx), %xmm0
	vmovdqu	%xmm0, (%rdi)
	vmovdqu	(%rsi), %xmm0
	vmovdqu	%xmm0, (%rdi,%rax)
	mov	%rdi, %rcx
	add	%rdi, %rax			/* dec[n] */
.Linvert_next:
	add	$16, %rcx
	sub	$16, %rdx
	cmp	%rax, %rcx
	jae	.Linvert_done
	vaesimc	(%rdx), %xmm0
	vmovdqu	%xmm0, (%rcx)
	jmp	.Linvert_next
.Linvert_done:
	RET
SYM_FUNC_END(aesnictr_invert_key)
