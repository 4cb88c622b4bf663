/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AES round-count ladder shared by the assembly (ctr_aes.S, xts_aes.S,
 * gcm_asm_macros.h).  AES-128, -192 and -256 have 10, 12 and 14 rounds; the
 * rounds up to 9 are common to all three, the last round is the caller's.
 * Emits nothing by itself.
 */
#ifndef AESNICTR_AES_ROUNDS_H
#define AESNICTR_AES_ROUNDS_H

/*
 * AES rounds 10 .. nr - 1 as "round i, args" for each i: none for nr = 10,
 * 10-11 for 12, 10-13 for 14, so that the caller's last round follows.  nr
 * is the operand holding the round count (a 32-bit register).  One CMP
 * decides both branches (JB: AES-128, then JE: AES-192), so the round
 * macro must not change the flags (AES, vector and LEA ops do not).
 */
.macro _aes_rounds_from10 nr, round, args:vararg
	cmp	$12, \nr
	jb	.Laes_rounds_last\@
	\round	10, \args
	\round	11, \args
	je	.Laes_rounds_last\@
	\round	12, \args
	\round	13, \args
.Laes_rounds_last\@:
.endm

#endif /* AESNICTR_AES_ROUNDS_H */
