/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES key expansion, shared by every family: the encryption schedule and the
 * decryption schedule (struct aesnictr_key, aes_asm.h) with AES-NI.
 *
 * Key expansion (aesnictr_expand_key) follows FIPS-197 word by word:
 *	w[i] = w[i - Nk] ^ f(w[i - 1])
 * where f is SubWord(RotWord(x)) ^ rcon when i % Nk == 0, SubWord(x) when
 * Nk == 8 and i % Nk == 4, and x otherwise.  SubWord comes from
 * AESKEYGENASSIST (with the word broadcast, dword 1 of the result is
 * RotWord(SubWord(x)) and dword 0 is SubWord(x)), so no table is indexed by
 * key bytes; the only branches are on i, which is public.
 *
 * Decryption keys (aesnictr_invert_key) for the equivalent inverse cipher
 * that AESDEC implements: dec[0] = enc[n], dec[i] = InvMixColumns(enc[n - i])
 * (AESIMC) for 0 < i < n, dec[n] = enc[0].
 * Wiped on return: xmm0 (and r9d in expand_key), the only key registers.
 */
#include <linux/linkage.h>

#include "aes_asm.h"

	.text

/* void aesnictr_expand_key(struct aesnictr_key *key, const u8 *in, unsigned int len) */
SYM_FUNC_START(aesnictr_expand_key)
	mov	%edx, %ecx
	shr	$2, %ecx			/* Nk: 4, 6 or 8 words */
	lea	6(%rcx), %eax			/* rounds = Nk + 6 */
	mov	%eax, AESNICTR_KEY_NROUNDS(%rdi)
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
	vpxor	%xmm0, %xmm0, %xmm0
	RET
SYM_FUNC_END(aesnictr_invert_key)
