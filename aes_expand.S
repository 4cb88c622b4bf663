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
 * So a group comes out of one AESKEYGENASSIST on the previous group: with
 * x = (x0, x1, x2, x3) (dword 0 lowest) its result is
 *	(SubWord(x1), RotWord(SubWord(x1)) ^ rcon,
 *	 SubWord(x3), RotWord(SubWord(x3)) ^ rcon),
 * and the dword wanted (t) is broadcast with VPSHUFD.  For a group
 * k = (k0, k1, k2, k3) of 4 words Nk words back, the next 4 words are
 *	(k0 ^ t, k0 ^ k1 ^ t, k0 ^ k1 ^ k2 ^ t, k0 ^ k1 ^ k2 ^ k3 ^ t),
 * the prefix XOR of k, in two shift-and-XOR steps (FOLD):
 *	y = k ^ (k << 32 bits);  y ^= y << 64 bits
 * (VPSLLDQ $4 / $8: latency 4, where the three single-word steps take 6;
 * it runs beside AESKEYGENASSIST, on the critical path only with its
 * final VPXOR).
 *  - AES-128 (Nk 4): rk[r] = FOLD(rk[r - 1]) ^ bcast(dword 3 of
 *    AESKEYGENASSIST(rk[r - 1], rcon_r)), r = 1..10.
 *  - AES-256 (Nk 8): rk[2j] = FOLD(rk[2j - 2]) ^ bcast(dword 3 of
 *    AESKEYGENASSIST(rk[2j - 1], rcon_j)) (j = 1..7), and rk[2j + 1] =
 *    FOLD(rk[2j - 1]) ^ bcast(dword 2 of AESKEYGENASSIST(rk[2j], 0)): the
 *    SubWord of the new rk[2j]'s last word (j = 1..6).
 *  - AES-192 (Nk 6): a step j = 1..8 takes the previous group of 6 words as
 *    a = w[6j - 6 .. 6j - 3] and b = w[6j - 2 .. 6j - 1] (dwords 0 and 1;
 *    dwords 2 and 3 are don't-care, never shifted down into 0 and 1) and
 *    makes a' = FOLD(a) ^ bcast(dword 1 of AESKEYGENASSIST(b, rcon_j)) (w[5]
 *    is b's dword 1 = x1) and b' = (b0, b0 ^ b1) ^ bcast(a'3).  a' is stored
 *    at word 6j (byte 24j, unaligned when j is odd), b' dwords 0-1 at word
 *    6j + 4, so rk[] is the FIPS-197 schedule, 16 bytes a round key; step 8
 *    stores a' only (w[48..51] = rk[12]), nothing is written past rk[12].
 * rcon is an immediate of AESKEYGENASSIST, so each key size is unrolled; the
 * only branch is on the key length, which is public.  No table, no branch,
 * no address depends on key bytes.
 * Registers: rdi key, rsi in, edx len (rcx out: E(0)); xmm0 the 4-word
 * group (AES-256: the even round key), xmm1 the AES-256 odd round key /
 * AES-192 b, xmm2 the broadcast AESKEYGENASSIST word, xmm3 FOLD's shifted
 * copy, xmm4 the E(0) state.
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

/* AES-128: rk[\r] (in xmm0) from rk[\r - 1] (in xmm0) */
.macro KEY128 e0, r, rcon
	vaeskeygenassist $\rcon, %xmm0, %xmm2
	FOLD	%xmm0, %xmm3
	vpshufd	$0xff, %xmm2, %xmm2		/* RotWord(SubWord(w3)) ^ rcon */
	vpxor	%xmm2, %xmm0, %xmm0
	vmovdqu	%xmm0, 16 * \r(%rdi)
	E0_ROUND \e0, \r, 10, %xmm0
.endm

/* AES-256: rk[2j] (xmm0) from rk[2j - 2] (xmm0) and rk[2j - 1] (xmm1) */
.macro KEY256_EVEN e0, j, rcon
	vaeskeygenassist $\rcon, %xmm1, %xmm2
	FOLD	%xmm0, %xmm3
	vpshufd	$0xff, %xmm2, %xmm2		/* RotWord(SubWord(w7)) ^ rcon */
	vpxor	%xmm2, %xmm0, %xmm0
	vmovdqu	%xmm0, 32 * \j(%rdi)
	E0_ROUND \e0, (2*\j), 14, %xmm0
.endm

/* AES-256: rk[2j + 1] (xmm1) from rk[2j - 1] (xmm1) and rk[2j] (xmm0) */
.macro KEY256_ODD e0, j
	vaeskeygenassist $0, %xmm0, %xmm2
	FOLD	%xmm1, %xmm3
	vpshufd	$0xaa, %xmm2, %xmm2		/* SubWord(w3) */
	vpxor	%xmm2, %xmm1, %xmm1
	vmovdqu	%xmm1, 32 * \j + 16(%rdi)
	E0_ROUND \e0, (2*\j+1), 14, %xmm1
.endm

/* AES-192: w[6j .. 6j + 5] (a: xmm0, b: xmm1 dwords 0-1) from the 6 before */
.macro KEY192 j, rcon, last=0
	vaeskeygenassist $\rcon, %xmm1, %xmm2
	FOLD	%xmm0, %xmm3
	vpshufd	$0x55, %xmm2, %xmm2		/* RotWord(SubWord(w5)) ^ rcon */
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
 * The body of aesnictr_expand_key (e0 = 0) and of
 * aesnictr_expand_key_encrypt_zero (e0 = 1), which also encrypts the zero
 * block, in xmm4: its round 0 is rk[0] itself, and each later round runs
 * as soon as its round key is made (AES-128, AES-256: off the schedule's
 * own chain, so nearly free), or after the schedule from memory (AES-192,
 * whose round keys straddle its 6-word steps); E(0) goes to (%rcx).
 */
.macro _expand_key e0
	vmovdqu	(%rsi), %xmm0
	vmovdqu	%xmm0, (%rdi)
.if \e0
	vmovdqa	%xmm0, %xmm4			/* 0 ^ rk[0] */
.endif
	cmp	$24, %edx
	je	.Lexpand192\@
	ja	.Lexpand256\@
	movl	$10, AESNICTR_KEY_NROUNDS(%rdi)
	KEY128	\e0, 1, 0x01
	KEY128	\e0, 2, 0x02
	KEY128	\e0, 3, 0x04
	KEY128	\e0, 4, 0x08
	KEY128	\e0, 5, 0x10
	KEY128	\e0, 6, 0x20
	KEY128	\e0, 7, 0x40
	KEY128	\e0, 8, 0x80
	KEY128	\e0, 9, 0x1b
	KEY128	\e0, 10, 0x36
	jmp	.Lexpand_done\@
.Lexpand192\@:
	movl	$12, AESNICTR_KEY_NROUNDS(%rdi)
	vmovq	16(%rsi), %xmm1			/* w4, w5; dwords 2-3 zero */
	vmovq	%xmm1, 16(%rdi)
	KEY192	1, 0x01
	KEY192	2, 0x02
	KEY192	3, 0x04
	KEY192	4, 0x08
	KEY192	5, 0x10
	KEY192	6, 0x20
	KEY192	7, 0x40
	KEY192	8, 0x80, 1
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
	KEY256_EVEN \e0, 1, 0x01
	KEY256_ODD  \e0, 1
	KEY256_EVEN \e0, 2, 0x02
	KEY256_ODD  \e0, 2
	KEY256_EVEN \e0, 3, 0x04
	KEY256_ODD  \e0, 3
	KEY256_EVEN \e0, 4, 0x08
	KEY256_ODD  \e0, 4
	KEY256_EVEN \e0, 5, 0x10
	KEY256_ODD  \e0, 5
	KEY256_EVEN \e0, 6, 0x20
	KEY256_ODD  \e0, 6
	KEY256_EVEN \e0, 7, 0x40
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
