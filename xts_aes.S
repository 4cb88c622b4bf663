/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-XTS (IEEE 1619-2007, NIST SP 800-38E) for three vector widths: avx
 * (VL 16); vaes2 (VL 32) in two variants, vaes2 with bit-shift tweaks (for
 * CPUs whose VAES has no VPCLMULQDQ beside it: QEMU's emulated ones) and
 * vaes2_clmul (CLMUL = 1 below); vaes512 (VL 64, always CLMUL).
 *
 * The mode.  A data unit of blocks P_0 .. P_m-1 (and maybe a partial P_m)
 * with the 128-bit tweak value i is encrypted as
 *	T_0 = AES(K2, i),  T_j = T_0 * x^j in GF(2^128),
 *	C_j = AES(K1, P_j ^ T_j) ^ T_j,
 * and decrypted as P_j = AES^-1(K1, C_j ^ T_j) ^ T_j, which AESDEC computes
 * with the decryption schedule (aesnictr_invert_key): the same code with
 * VAESDEC for VAESENC.  The final AddRoundKey is an XOR, so the output
 * whitening is fused into the last round:
 *	AESENCLAST(k, s) ^ T == AESENCLAST(k ^ T, s).
 * A message's first call is given the IV and K2 and makes T_0 itself, one
 * dependent chain of xmm rounds the first vector's rounds wait for (on
 * Intel a separate call, storing T_0 for the next to load, measured 1-2%
 * slower at 512 bytes); later calls are given the tweak where the last left
 * it.
 *
 * The field.  GF(2^128) = GF(2)[x] / (x^128 + x^7 + x^2 + x + 1); a 16-byte
 * tweak is the little-endian 128-bit number whose bit n (bit n % 8 of byte
 * n / 8) is the coefficient of x^n.  In a 128-bit lane it is two qwords,
 * lo (x^0..x^63) and hi (x^64..x^127).
 *
 * Times x: shift left by one; the bit leaving, x^128, is x^7 + x^2 + x + 1:
 *	lo' = lo << 1 ^ (bit 127 ? 0x87 : 0),  hi' = hi << 1 | bit 63.
 * In vector form, with no branch and no table (5 ops, every lane at once):
 * VPADDQ doubles both qwords, losing bits 63 and 127, the sign bits of
 * dwords 1 and 3; VPSHUFD $0x13 moves dword 3 to dword 0 and dword 1 to
 * dword 2, VPSRAD $31 spreads each sign into a mask, VPAND with
 * [0x87, 0, 1, 0] keeps what is to be added, VPXOR adds it.
 *
 * Times x^k, 1 <= k <= 56: the k bits leaving the top, v = hi >> (64 - k)
 * (the coefficients of x^128 .. x^127+k), come back as v * (x^7 + x^2 + x
 * + 1), a carry-less product of at most k + 7 bits:
 *	lo' = lo << k ^ v ^ v << 1 ^ v << 2 ^ v << 7,
 *	hi' = hi << k ^ lo >> (64 - k).
 * VPSRLQ $(64 - k) gives [lo >> (64 - k), v]; VPSHUFD $0x4e swaps the qwords
 * into [v, lo >> (64 - k)], XORed onto VPSLLQ $k; VPSRLDQ $8 isolates
 * [v, 0] for the three shifted copies (11 ops, 9 with VPTERNLOGQ).
 *
 * Times x^8: the same with a whole byte, cheaper.  VPALIGNR rotates each
 * lane left by one byte, which is the shift with v already added at the
 * bottom; VPSRLDQ $15 gives v alone, and v << 1, v << 2 (two VPADDQ) and
 * v << 7 (VPSLLQ) are XORed on (8 ops, one scratch register).
 *
 * CLMUL (VPCLMULQDQ; VL 64, and VL 32 in vaes2_clmul): the reduction term
 * v * (x^7 + x^2 + x + 1), at most k + 7 < 64 bits for k <= 56, is one
 * carry-less multiplication of v by 0x87, so times x^k is: v to the bottom
 * qword of the lane, VPCLMULQDQ, the lane shifted left by k, one XOR; for k
 * a multiple of 8 both shifts are byte shifts (VPSRLDQ, VPSLLDQ): 4 ops,
 * none of them on a port of VAESENC.  That matters because on Intel cores
 * VAESENC issues on the ports that also take the vector bit shifts (512-bit
 * VAESENC on one port only: a zmm VPSLLQ takes a VAESENC slot, while
 * VPSRLDQ, VPCLMULQDQ and VPXORQ beside VAESENC do not); with ymm, the
 * shift method's 8 ops per tweak vector and batch, 6 of them on VAESENC's
 * ports, would take AES slots from every batch.
 *
 * Lanes.  A vector of VL bytes holds L = VL / 16 blocks; the tweaks of a
 * vector are T_n .. T_n+L-1 in its lanes, so those of the next vector are
 * the same times x^L, lane by lane: x (VL 16), x^2 (VL 32), x^4 (VL 64).
 * VL 16 walks that chain through every batch.  VL 32 and 64 keep the tweak
 * vectors of 4 vectors of their main loop's batch (VL 32: the batch; VL
 * 64: its first half) and advance each by x^(L * batch) (x^8, x^32: one or
 * 4 whole bytes) per batch, between the rounds of the batch that uses
 * them, once its last round keys (RKLAST ^ tweak) are made, with no chain
 * from vector to vector; VL 64 makes its second half's from them (x^16)
 * between the first half's rounds.  The first ones come from the first
 * vector (VL 32: x^2, x^4, x^6 from it; VL 64: see _first_tweaks), the
 * tail batches walk the chain.  On Intel cores a request's first VAESENC
 * waits for everything before it that shares its port, so little is made
 * before it: 4 tweak vectors, not 8 (docs/performance.md).  VL 64
 * and vaes2_clmul make every tweak with VPCLMULQDQ; the plain vaes2 uses
 * the shifts.  Every real CPU with VAES has VPCLMULQDQ (vaes512 needs it;
 * the glue checks), emulated ones may not: the glue runs vaes2_clmul where
 * the CPU has it and the plain vaes2 elsewhere.
 *
 * Ciphertext stealing (IEEE 1619-2007 5.3.2), b = len % 16 != 0: the last
 * full block P_m-1 and the partial P_m are done together, as
 *	encrypt: CC = XTS(P_m-1, T_m-1), C_m = CC[0..b),
 *		 C_m-1 = XTS(P_m || CC[b..16), T_m);
 *	decrypt: PP = XTS^-1(C_m-1, T_m), P_m = PP[0..b),
 *		 P_m-1 = XTS^-1(C_m || PP[b..16), T_m-1).
 * Both are "X = f(first 16 bytes, A); out tail = X[0..b); out first 16 =
 * f(in tail || X[b..16), B)" with (A, B) = (T_m-1, T_m) to encrypt and
 * (T_m, T_m-1) to decrypt, so the bulk stops before the last full block.
 * The bytes move with VPSHUFB masks read from .Lshift_window (shared, see
 * asm_common.h) at offsets b and 32 - b, and VPBLENDVB; the in tail is
 * one 16-byte load ending at the end of src, the out tail one 16-byte store
 * ending at the end of dst (done before the store of the first 16 bytes,
 * which overwrites its head).  Only the public length chooses addresses and
 * branches.
 *
 * Layout: main-loop batches while they fit, of 8 vectors (8 blocks on xmm,
 * 32 on zmm) or 4 (VL 32: 8 blocks), then one batch of 4 (if 8), 2 and 1
 * vector as needed, then (VL 32, 64) single blocks on xmm, then the
 * stealing.  Every round key is applied to all vectors of a batch before
 * the next; VL 64 does its batch as two halves of 4 vectors, each through
 * all its rounds in turn (_xts_main_group: one body for VL 32 and 64).
 * VL 32's batch is one such half: a body small enough (about 110
 * instructions) for the next iteration's rounds to start while this one's
 * finish, where a batch of 8 ymm with its tweaks in memory left AMD's FP
 * pipes waiting in llvm-mca's Zen 3 model (docs/performance.md).
 *
 * Registers: the SysV arguments and the names on the #define lines below,
 * and per width the vector registers named by _xts_set_regs (V<n> =
 * xmm/ymm/zmm<n> of the width).  VL 16, 32 have 16 vector registers (no
 * EVEX): the tweaks of a chained batch (every batch of VL 16, the tail
 * batches of VL 32) go to an aligned stack buffer TW, read again by the
 * last round, wiped before return; the VL 32 main loop's stay in
 * registers.  VL 64 has 32 registers and no stack.  Single blocks and the
 * stealing use xmm0-xmm3, xmm8, xmm9 and xmm12, with round keys read from
 * memory.
 * Wiped on return: the stack buffer TW; registers are not cleared
 * (docs/design.md, "Key material").
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"
#include "asm_common.h"
#include "aes_rounds.h"

	.section .rodata
	.p2align 6
.Lxts_mulx_mask:		/* per lane: what bits 127 and 63 bring back */
	.rept 4
	.long	0x87, 0, 1, 0
	.endr
	.p2align 6
.Lgf_poly:			/* VPCLMULQDQ by its low qword: v * (x^7+x^2+x+1) */
	.rept 4
	.quad	0x87, 0
	.endr
	.p2align 6
.Llane_k:			/* shift counts: lane l times x^l */
	.quad	0, 0, 1, 1, 2, 2, 3, 3
.Llane_64mk:			/* ... and 64 - l */
	.quad	64, 64, 63, 63, 62, 62, 61, 61
.Llane_k4:			/* VL 64: lane l times x^(4 + l) */
	.quad	4, 4, 5, 5, 6, 6, 7, 7
.Llane_64mk4:
	.quad	60, 60, 59, 59, 58, 58, 57, 57

	.text

/*
 * The SysV arguments (key, dst, src, len, tweak, tweak_key) first; rax
 * scratch, rbp the frame pointer (VL 16, 32).  LEN: the bytes left for the
 * bulk (every full block but the last one if b != 0).
 */
#define KEY		%rdi
#define DST		%rsi
#define SRC		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define TWEAKP		%r8		/* the tweak (or the IV) */
#define TWEAK_KEY	%r9		/* NULL, or the IV's key: then ... */
#define RKLAST_PTR	%r9		/* ... the last round key, once T_0 is made */
#define NROUNDS		%r10d		/* the number of rounds */
#define TAIL		%r11		/* b = len % 16 */
#define TAIL32		%r11d

/*
 * One AES round (enc: VAESENC, else VAESDEC) and the last one; here, before
 * _xts_encrypt_iv, which uses _aes_round_mem.
 */
.macro _aes_round enc, key, state
	.if \enc
		vaesenc		\key, \state, \state
	.else
		vaesdec		\key, \state, \state
	.endif
.endm

.macro _aes_last enc, key, state
	.if \enc
		vaesenclast	\key, \state, \state
	.else
		vaesdeclast	\key, \state, \state
	.endif
.endm

/* Round i (1..13) of state with round key i from memory at keyp. */
.macro _aes_round_mem i, enc, keyp, state
	_aes_round	\enc, 16*\i(\keyp), \state
.endm

/*
 * xmm8 = T_0 = AES(tweak key, IV), from the IV at TWEAKP: a message's first
 * call.  Unrolled: a loop's exit branch, mispredicted, would cut the overlap
 * of this latency-bound chain with the en/decryption around it.  Uses eax.
 */
.macro _xts_encrypt_iv
	mov	AESNICTR_KEY_NROUNDS(TWEAK_KEY), %eax
	vmovdqu	(TWEAKP), %xmm8
	vpxor	(TWEAK_KEY), %xmm8, %xmm8
	.irp i, 1,2,3,4,5,6,7,8,9
		_aes_round_mem	\i, 1, TWEAK_KEY, %xmm8
	.endr
	_aes_rounds_from10 %eax, _aes_round_mem, 1, TWEAK_KEY, %xmm8
	shl	$4, %eax
	vaesenclast (TWEAK_KEY,%rax), %xmm8, %xmm8
.endm

/*
 * The vector registers' names for width VL.  Every width: V0-V7 the AES
 * states of a batch (scratch of the tweak arithmetic before a batch loads
 * them); in the CLMUL main loop (VL 32, 64) V0-V3 the states of both
 * halves and V4-V7 their last round keys (RKLAST ^ tweak).
 */
.macro _xts_set_regs
	.if VL == 64
		/* zmm17-29: RKEY1-RKEY13, round keys 1-13 (asm_common.h) */
		.set	RK0, %zmm16		/* round key 0 */
		.set	RKLAST, %zmm30		/* the last round key */
		/*
		 * Tail batches: the tweaks after the batch; main loop:
		 * tweak scratch (as %zmm31)
		 */
		.set	NEXT, %zmm31
		/*
		 * TW<j> = zmm<8+j> (V8-V15): the tweaks of the batch's
		 * vectors (xmm8: of the next block, between batches);
		 * TWP<j> = TW<j-1>
		 */
		.set	TW0, %zmm8;  .set TW1, %zmm9;  .set TW2, %zmm10
		.set	TW3, %zmm11; .set TW4, %zmm12; .set TW5, %zmm13
		.set	TW6, %zmm14; .set TW7, %zmm15
		.set	TWP1, %zmm8;  .set TWP2, %zmm9;  .set TWP3, %zmm10
		.set	TWP4, %zmm11; .set TWP5, %zmm12; .set TWP6, %zmm13
		.set	TWP7, %zmm14; .set TWP8, %zmm15
	.else
		/* tweaks of the next vector to do (xmm8: of the next block) */
		.set	NEXT, V8
		/*
		 * Round key being applied, broadcast (VL 32 CLMUL main
		 * loop: every round's in turn, no room to keep them)
		 */
		.set	RK, V9
		.set	RKLAST, V10		/* the last round key */
		.set	TMP, V11		/* RKLAST ^ tweak */
		/* CH0, CH1: tweak scratch */
		.set	CH0, V12
		.set	CH1, V13
		.set	RK0, V15		/* round key 0 */
		/*
		 * The VL 32 main loop's 4 tweak vectors, in registers
		 * the tail batches use for other things (TWR0 is NEXT:
		 * after the loop it holds the next vector's tweaks); CH1 is
		 * the loop's tweak scratch
		 */
		.set	TWR0, V8;  .set TWR1, V11
		.set	TWR2, V12; .set TWR3, V14
	.endif
.endm

/* xmm dst = xmm src * x (dst may be src); t is scratch. */
.macro _mul_x_xmm src, dst, t
	vpshufd		$0x13, \src, \t
	vpsrad		$31, \t, \t
	vpand		.Lxts_mulx_mask(%rip), \t, \t
	vpaddq		\src, \src, \dst
	vpxor		\t, \dst, \dst
.endm

/* dst = src * x in every lane of width VL (dst may be src). */
.macro _mul_x src, dst, t
	vpshufd		$0x13, \src, \t
	vpsrad		$31, \t, \t
	.if VL == 64
		vpandd		.Lxts_mulx_mask(%rip), \t, \t
	.else
		vpand		.Lxts_mulx_mask(%rip), \t, \t
	.endif
	vpaddq		\src, \src, \dst
	_vpxor		\t, \dst, \dst
.endm

/* dst ^= a ^ b (VL 64: one VPTERNLOGQ) */
.macro _vpxor3 a, b, dst
	.if VL == 64
		vpternlogq	$0x96, \a, \b, \dst
	.else
		vpxor		\a, \dst, \dst
		vpxor		\b, \dst, \dst
	.endif
.endm

/*
 * VL 16, 32: dst = src * x^k in every lane, 2 <= k <= 32 (dst may be src);
 * t0 and t1 are scratch.  k = var (VL 32): lane l times x^l, with per-lane
 * shift counts (a count of 64 gives 0: lane 0 stays as it is).
 */
.macro _mul_xk k, src, dst, t0, t1
	.ifc \k, var
		vpsrlvq		.Llane_64mk(%rip), \src, \t0
		vpsllvq		.Llane_k(%rip), \src, \dst
	.else
		vpsrlq		$(64 - \k), \src, \t0	/* [lo >> (64 - k), v] */
		vpsllq		$\k, \src, \dst
	.endif
	vpshufd		$0x4e, \t0, \t1		/* [v, lo >> (64 - k)] */
	vpsrldq		$8, \t0, \t0		/* [v, 0] */
	vpxor		\t1, \dst, \dst
	vpaddq		\t0, \t0, \t1
	vpxor		\t1, \dst, \dst
	vpsllq		$2, \t0, \t1
	vpxor		\t1, \dst, \dst
	vpsllq		$7, \t0, \t0
	vpxor		\t0, \dst, \dst
.endm

/*
 * VL 32: t = t * x^8 in every lane, with one scratch register s: a rotation
 * by one byte brings the top byte v to the bottom (the v * 1 term of the
 * reduction), then v << 1, v << 2 (doublings, as additions) and v << 7 (v
 * << 2, shifted by 5 more) are added; at most 15 bits, all in the low qword.
 */
.macro _mul_x8 t, s
	vpsrldq		$15, \t, \s		/* v */
	vpalignr	$15, \t, \t, \t	/* t << 8 | v */
	vpaddq		\s, \s, \s
	vpxor		\s, \t, \t
	vpaddq		\s, \s, \s
	vpxor		\s, \t, \t
	vpsllq		$5, \s, \s
	vpxor		\s, \t, \t
.endm

/*
 * VL 32, 64 with VPCLMULQDQ: dst = src * x^k in every lane, 1 <= k <= 56
 * (dst may be src), with the k bits v leaving the top reduced by one
 * carry-less multiplication: v * (x^7 + x^2 + x + 1) has at most k + 7 < 64
 * bits, so it is one 64-bit VPCLMULQDQ by 0x87 (.Lgf_poly), XORed onto the
 * lane shifted left by k.  k a multiple of 8: the shift and v are byte
 * shifts of the lane (VPSLLDQ, VPSRLDQ), which like VPCLMULQDQ issue beside
 * VAESENC rather than on its ports (4 ops); otherwise the lane shift is put
 * together from qword shifts (5 ops with VPTERNLOGQ, 6 on VL 32; two of them
 * on a VAESENC port).  k = var: lane l times x^l; k = -4 (VL 64): lane l
 * times x^(4 + l) (per-lane counts; a count of 64 gives 0).  t0 and t1 are
 * scratch (may be the same register when k is a multiple of 8).
 */
.macro _mul_xk_clmul k, src, dst, t0, t1
	.ifc \k, var
		vpsrlvq		.Llane_64mk(%rip), \src, \t0
		vpclmulqdq	$0x01, .Lgf_poly(%rip), \t0, \t1
		vpslldq		$8, \t0, \t0
		vpsllvq		.Llane_k(%rip), \src, \dst
		_vpxor3		\t0, \t1, \dst
	.elseif \k == -4	/* lane l times x^(4 + l) */
		vpsrlvq		.Llane_64mk4(%rip), \src, \t0
		vpclmulqdq	$0x01, .Lgf_poly(%rip), \t0, \t1
		vpslldq		$8, \t0, \t0
		vpsllvq		.Llane_k4(%rip), \src, \dst
		_vpxor3		\t0, \t1, \dst
	.elseif (\k % 8) == 0
		vpsrldq		$(16 - \k / 8), \src, \t0	/* [v, 0] */
		vpclmulqdq	$0x00, .Lgf_poly(%rip), \t0, \t0
		vpslldq		$(\k / 8), \src, \dst
		.if VL == 64
			vpxorq		\t0, \dst, \dst
		.else
			vpxor		\t0, \dst, \dst
		.endif
	.else
		vpsrlq		$(64 - \k), \src, \t0	/* [lo >> (64 - k), v] */
		vpclmulqdq	$0x01, .Lgf_poly(%rip), \t0, \t1
		vpslldq		$8, \t0, \t0		/* [0, lo >> (64 - k)] */
		vpsllq		$\k, \src, \dst
		_vpxor3		\t0, \t1, \dst
	.endif
.endm

/* VL 16, 32: NEXT *= x^L, L = VL / 16. */
.macro _next_step
	.if VL == 16
		_mul_x		NEXT, NEXT, CH0
	.elseif CLMUL
		_mul_xk_clmul	2, NEXT, NEXT, CH0, CH1
	.else
		_mul_xk		2, NEXT, NEXT, CH0, CH1
	.endif
.endm

/*
 * VL 32, 64: the tweaks of the main loop's first 4 vectors from those of
 * the first (TWR0, or TW0), vector j getting x^(Lj) more.  VL 32: 1, 2, 3
 * = 0 * x^2, x^4, x^6.  VL 64: TW1 was made beside TW0 from the broadcast
 * tweak, TW2, TW3 are a whole byte away (x^8) from TW0, TW1; TW4-TW7 are
 * made in the first batch (_xts_main_batch).
 */
.macro _first_tweaks
	.if VL == 64
		_mul_xk_clmul	8, TW0, TW2, V0, V0
		_mul_xk_clmul	8, TW1, TW3, V1, V1
	.elseif CLMUL
		_mul_xk_clmul	2, TWR0, TWR1, V0, V1
		_mul_xk_clmul	4, TWR0, TWR2, V2, V3
		_mul_xk_clmul	6, TWR0, TWR3, V4, V5
	.else
		_mul_xk		2, TWR0, TWR1, V0, V1
		_mul_xk		4, TWR0, TWR2, V2, V3
		_mul_xk		6, TWR0, TWR3, V4, V5
	.endif
.endm

/* Apply round key i (1..13) to the first n states. */
.macro _xts_round i, enc, n
	.if VL != 64
		_vbroadcast128	16*\i(KEY), RK
	.endif
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if VL == 64
		_aes_round	\enc, RKEY\i, V\j
	.else
		_aes_round	\enc, RK, V\j
	.endif
	.endif
	.endr
.endm

/*
 * En/decrypt n full vectors (n * VL bytes) from SRC to DST and advance SRC,
 * DST and LEN past them, the tweaks from the chain in NEXT (VL 16, 32) or
 * TW0 (VL 64), which is advanced past them.  (The main loop of VL 32 and 64
 * is _xts_main_batch.)
 */
.macro _xts_batch enc, n
	/* the tweaks of the batch's vectors */
	.if VL == 64
		.irp j, 1,2,3,4,5,6,7
		.if \j < \n
			_mul_xk_clmul	4, TWP\j, TW\j, V5, V6
		.endif
		.endr
		_mul_xk_clmul	4, TWP\n, NEXT, V5, V6
	.else
		.irp j, 0,1,2,3,4,5,6,7
		.if \j < \n
			vmovdqa		NEXT, \j*VL(%rsp)
			_next_step
		.endif
		.endr
	.endif
	/* states = src ^ tweak ^ round key 0 */
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if VL == 64
		vmovdqu8	\j*VL(SRC), V\j
		vpternlogd	$0x96, RK0, TW\j, V\j
	.else
		vpxor		\j*VL(SRC), RK0, V\j
		vpxor		\j*VL(%rsp), V\j, V\j
	.endif
	.endif
	.endr
	.irp i, 1,2,3,4,5,6,7,8,9
		_xts_round	\i, \enc, \n
	.endr
	_aes_rounds_from10 NROUNDS, _xts_round, \enc, \n
	/* the last round with the tweak folded into its key, and the stores */
	.irp j, 0,1,2,3,4,5,6,7
	.if \j < \n
	.if VL == 64
		vpxord		RKLAST, TW\j, TW\j
		_aes_last	\enc, TW\j, V\j
		vmovdqu8	V\j, \j*VL(DST)
	.else
		vpxor		\j*VL(%rsp), RKLAST, TMP
		_aes_last	\enc, TMP, V\j
		vmovdqu		V\j, \j*VL(DST)
	.endif
	.endif
	.endr
	.if VL == 64
		vmovdqa64	NEXT, TW0
	.endif
	add	$\n*VL, SRC
	add	$\n*VL, DST
	sub	$\n*VL, LEN
.endm

/*
 * The main loop of VL 32 and 64: 4 vectors (off = 0 or 4: the halves of a
 * VL 64 batch; VL 32: the whole batch, off = 0) en/decrypted with the
 * tweaks t0-t3 (VL 64: TW<off>..TW<off+3>; VL 32: TWR0-TWR3) in the states
 * s0-s3 (V0-V3 for both halves: renaming lets the second half start while
 * the first finishes), the last round keys k0-k3 = RKLAST ^ tweak made
 * first (V4-V7).  Then, one per round between the rounds (with VPCLMULQDQ
 * all on ports beside VAESENC's), n0-n3 = t0-t3 * x^16 (VL 64) or t0-t3 *=
 * x^8 (VL 32, n = t), for each n given; and if adv (VL 64), t0-t3 *= x^32
 * in rounds 5-8.  In program order each half goes through all its rounds
 * before the next one starts: the first half's AES begins as soon as its
 * own tweaks are there.  VL 32 broadcasts each round key into RK (there is
 * no register for all of them) and advances its tweaks with CH1 as scratch.
 */
.macro _xts_main_group enc, s0, s1, s2, s3, t0, t1, t2, t3, k0, k1, k2, k3, off, adv, n0, n1, n2, n3
	.if VL == 64
		vmovdqu8	(\off+0)*VL(SRC), \s0
		vmovdqu8	(\off+1)*VL(SRC), \s1
		vmovdqu8	(\off+2)*VL(SRC), \s2
		vmovdqu8	(\off+3)*VL(SRC), \s3
		vpternlogd	$0x96, RK0, \t0, \s0	/* src ^ tweak ^ round key 0 */
		vpternlogd	$0x96, RK0, \t1, \s1
		vpternlogd	$0x96, RK0, \t2, \s2
		vpternlogd	$0x96, RK0, \t3, \s3
		vpxord		RKLAST, \t0, \k0
		vpxord		RKLAST, \t1, \k1
		vpxord		RKLAST, \t2, \k2
		vpxord		RKLAST, \t3, \k3
	.else
		_xts_whiten32	\s0, \t0, \k0, (\off+0)
		_xts_whiten32	\s1, \t1, \k1, (\off+1)
		_xts_whiten32	\s2, \t2, \k2, (\off+2)
		_xts_whiten32	\s3, \t3, \k3, (\off+3)
	.endif
	.irp i, 1,2,3,4,5,6,7,8,9
		_xts_main_round	\i, \enc, \s0, \s1, \s2, \s3
		.ifnb \n0
		.if \i == 1
			_xts_main_step	\t0, \n0
		.elseif \i == 2
			.ifnb \n1
			_xts_main_step	\t1, \n1
			.endif
		.elseif \i == 3
			.ifnb \n2
			_xts_main_step	\t2, \n2
			.endif
		.elseif \i == 4
			.ifnb \n3
			_xts_main_step	\t3, \n3
			.endif
		.elseif !\adv
		.elseif \i == 5
			_xts_main_step	\t0, \t0, 32
		.elseif \i == 6
			_xts_main_step	\t1, \t1, 32
		.elseif \i == 7
			_xts_main_step	\t2, \t2, 32
		.elseif \i == 8
			_xts_main_step	\t3, \t3, 32
		.endif
		.endif
	.endr
	_aes_rounds_from10 NROUNDS, _xts_main_round, \enc, \s0, \s1, \s2, \s3
	_aes_last	\enc, \k0, \s0
	_aes_last	\enc, \k1, \s1
	_aes_last	\enc, \k2, \s2
	_aes_last	\enc, \k3, \s3
	_vmovdqu	\s0, (\off+0)*VL(DST)
	_vmovdqu	\s1, (\off+1)*VL(DST)
	_vmovdqu	\s2, (\off+2)*VL(DST)
	_vmovdqu	\s3, (\off+3)*VL(DST)
.endm

/* VL 32: s = src vector j ^ tweak t ^ round key 0, k = RKLAST ^ t. */
.macro _xts_whiten32 s, t, k, j
	vpxor		\j*VL(SRC), RK0, \s
	vpxor		\t, \s, \s
	vpxor		\t, RKLAST, \k
.endm

/* Round key i (1..13) applied to s0-s3. */
.macro _xts_main_round i, enc, s0, s1, s2, s3
	.if VL == 64
		_aes_round	\enc, RKEY\i, \s0
		_aes_round	\enc, RKEY\i, \s1
		_aes_round	\enc, RKEY\i, \s2
		_aes_round	\enc, RKEY\i, \s3
	.else
		_vbroadcast128	16*\i(KEY), RK
		_aes_round	\enc, RK, \s0
		_aes_round	\enc, RK, \s1
		_aes_round	\enc, RK, \s2
		_aes_round	\enc, RK, \s3
	.endif
.endm

/*
 * A tweak vector of the main loop made from t, between the rounds: VL 64,
 * n = t * x^k, k = 16 (the other half's: 4 vectors on, two whole bytes) or
 * 32 (the next batch's same vector, in place); VL 32, t *= x^8 in place
 * (the next batch's: the batch is 4 vectors; n is t).
 */
.macro _xts_main_step t, n, k=16
	.if VL == 64
		_mul_xk_clmul	\k, \t, \n, %zmm31, %zmm31
	.elseif CLMUL
		_mul_xk_clmul	8, \t, \t, CH1, CH1
	.else
		_mul_x8		\t, CH1
	.endif
.endm

/*
 * VL 64: a batch of 8 vectors as two halves of 4.  The first half (tweaks
 * TW0-TW3) makes the second's, TW4-TW7 = TW0-TW3 * x^16, between its first
 * rounds; then, if more batches follow (more), advances TW0-TW3 by x^32 in
 * place for the next batch's first half, and the second half makes
 * nothing; otherwise the second half makes only TW0 = TW4 * x^16, the
 * tweaks of the vector that follows (the tail batches walk on from it).
 * Either way TW0 then holds the next vector's tweaks.  VL 32: a batch of 4, its tweaks advanced by x^8 in place.
 */
.macro _xts_main_batch enc, more
	.if VL == 64
		_xts_main_group \enc, %zmm0, %zmm1, %zmm2, %zmm3, \
			TW0, TW1, TW2, TW3, %zmm4, %zmm5, %zmm6, %zmm7, 0, \more, \
			TW4, TW5, TW6, TW7
		.if \more
		_xts_main_group \enc, %zmm0, %zmm1, %zmm2, %zmm3, \
			TW4, TW5, TW6, TW7, %zmm4, %zmm5, %zmm6, %zmm7, 4, 0
		.else
		_xts_main_group \enc, %zmm0, %zmm1, %zmm2, %zmm3, \
			TW4, TW5, TW6, TW7, %zmm4, %zmm5, %zmm6, %zmm7, 4, 0, TW0
		.endif
	.else
		_xts_main_group \enc, V0, V1, V2, V3, \
			TWR0, TWR1, TWR2, TWR3, V4, V5, V6, V7, 0, 0, \
			TWR0, TWR1, TWR2, TWR3
	.endif
	add	$MAIN_VECS*VL, SRC
	add	$MAIN_VECS*VL, DST
	sub	$MAIN_VECS*VL, LEN
.endm

/* VL 64: RKEY<i> = round key i (1..13) in every lane. */
.macro _xts_load_rkey i
	vbroadcasti32x4	16*\i(KEY), RKEY\i
.endm

/* xmm x = XTS en/decryption of x with the xmm tweak tw (round keys in memory). */
.macro _xts_block enc, x, tw
	vpxor		\tw, \x, \x
	vpxor		(KEY), \x, \x
	.irp i, 1,2,3,4,5,6,7,8,9
		_aes_round_mem	\i, \enc, KEY, \x
	.endr
	_aes_rounds_from10 NROUNDS, _aes_round_mem, \enc, KEY, \x
	_aes_last	\enc, (RKLAST_PTR), \x
	vpxor		\tw, \x, \x
.endm

/*
 * void aesnictr_xts_<en|de>crypt_<impl>(key, dst, src, len, tweak, tweak_key),
 * xts_asm.h
 */
.macro _aes_xts_crypt enc
	_xts_set_regs
	mov	LEN32, LEN32			/* zero-extend len */
	/*
	 * T_0, the first block's tweak, broadcast to every lane of V8 (xmm8
	 * for VL 16): made here from the IV (a message's first call: no
	 * second call, and no store and reload of T_0, before the first
	 * round), or given
	 */
	test	TWEAK_KEY, TWEAK_KEY
	jz	.Lgiven\@
	_xts_encrypt_iv
	cmp	$16, LEN
	jb	.Ltweak_only\@
	.if VL == 32
		vinserti128	$1, %xmm8, V8, V8
	.elseif VL == 64
		vshufi32x4	$0, V8, V8, V8
	.endif
	jmp	.Lhave_t0\@
.Ltweak_only\@:
	vmovdqu	%xmm8, (TWEAKP)			/* len < 16: T_0 only */
	RET
.Lgiven\@:
	cmp	$16, LEN
	jb	.Lreturn\@
	_vbroadcast128	(TWEAKP), V8
.Lhave_t0\@:
	/*
	 * The stack buffer TW: the tweaks of the largest chained batch (VL
	 * 16: 8 vectors; VL 32, whose batches of 4 are the main loop's: 2)
	 */
	.if VL == 16
		.set	TW_VECS, 8
	.else
		.set	TW_VECS, 2
	.endif
	.if VL != 64
		push	%rbp
		mov	%rsp, %rbp
		sub	$TW_VECS*VL, %rsp
		and	$-32, %rsp		/* TW */
	.endif
	mov	AESNICTR_KEY_NROUNDS(KEY), NROUNDS
	mov	NROUNDS, %eax
	shl	$4, %eax
	lea	(KEY,%rax), RKLAST_PTR
	/* b, and the bulk: every full block but the last one if b != 0 */
	mov	LEN32, TAIL32
	and	$15, TAIL32
	and	$-16, LEN
	test	TAIL32, TAIL32
	jz	1f
	sub	$16, LEN
1:
	/* the first vector's tweaks T_0 .. T_L-1: T_0 in every lane, times x^l */
	.if VL == 64
		_mul_xk_clmul	-4, V8, V9, V10, V11	/* TW1, for _first_tweaks */
		_mul_xk_clmul	var, V8, V8, V12, V13
	.elseif VL == 32 && CLMUL
		_mul_xk_clmul	var, V8, V8, V9, V10
	.elseif VL == 32
		_mul_xk		var, V8, V8, V9, V10
	.endif
	cmp	$VL, LEN
	jb	.Lsingles\@
	_vbroadcast128	(KEY), RK0
	_vbroadcast128	(RKLAST_PTR), RKLAST
	.if VL == 64
		.irp i, 1,2,3,4,5,6,7,8,9
			_xts_load_rkey	\i
		.endr
		_aes_rounds_from10 NROUNDS, _xts_load_rkey
	.endif

	/* the main loop's batch: 4 vectors (VL 32) or 8 */
	.if VL == 32
		.set	MAIN_VECS, 4
	.else
		.set	MAIN_VECS, 8
	.endif
	cmp	$MAIN_VECS*VL, LEN
	jb	.Ltail\@
	.if VL == 16
		.p2align 4
.Lloop\@:
		_xts_batch	\enc, 8
		cmp	$8*VL, LEN
		jae	.Lloop\@
	.else
		/*
		 * VL 32, 64: the tweaks of the batch's first 4 vectors are
		 * made from the first vector's (_first_tweaks); the rest
		 * are made between the rounds (_xts_main_batch), with no
		 * chain from vector to vector, so after the loop TW0 (VL
		 * 64) or NEXT (VL 32) holds the next vector's.  VL 32: one
		 * batch of 4 per iteration, every tweak in a register: the
		 * body is small enough for the next iteration's rounds to
		 * start while this one's finish.  VL 64: a second half's
		 * tweaks are not made ahead: the fewer instructions before
		 * the first VAESENC, the sooner a request's rounds start
		 * behind the previous one's (on Intel, every op before
		 * them that can issue only on the AES port delays them).
		 */
		_first_tweaks
		.if VL == 32
			.p2align 4
.Lloop\@:
			_xts_main_batch \enc, 1
			cmp	$MAIN_VECS*VL, LEN
			jae	.Lloop\@
		.else
			cmp	$16*VL, LEN
			jb	.Llast8\@
			.p2align 4
.Lloop\@:
			_xts_main_batch \enc, 1
			cmp	$16*VL, LEN
			jae	.Lloop\@
.Llast8\@:
			_xts_main_batch \enc, 0
		.endif
	.endif
.Ltail\@:
	/* fewer than MAIN_VECS vectors left: a batch of 4 (if 8), 2 and 1 */
	.if MAIN_VECS == 8
		cmp	$4*VL, LEN
		jb	.Ltail2\@
		_xts_batch	\enc, 4
	.endif
.Ltail2\@:
	cmp	$2*VL, LEN
	jb	.Ltail1\@
	_xts_batch	\enc, 2
.Ltail1\@:
	cmp	$VL, LEN
	jb	.Lsingles\@
	_xts_batch	\enc, 1
.Lsingles\@:
	/* VL 32, 64: fewer than L full blocks left, one at a time */
	.if VL != 16
		test	LEN, LEN
		jz	.Lsteal\@
.Lsingle\@:
		vmovdqu		(SRC), %xmm0
		_xts_block	\enc, %xmm0, %xmm8
		vmovdqu		%xmm0, (DST)
		_mul_x_xmm	%xmm8, %xmm8, %xmm12
		add	$16, SRC
		add	$16, DST
		sub	$16, LEN
		jnz	.Lsingle\@
	.endif
.Lsteal\@:
	test	TAIL32, TAIL32
	jz	.Ldone\@
	/* xmm8 = T_m-1, xmm9 = T_m; 16 + b bytes left */
	_mul_x_xmm	%xmm8, %xmm9, %xmm12
	vmovdqu		(SRC), %xmm0
	.if \enc
		_xts_block	\enc, %xmm0, %xmm8
	.else
		_xts_block	\enc, %xmm0, %xmm9
	.endif
	vmovdqu		(SRC,TAIL), %xmm1	/* the in tail in bytes 16-b .. 15 */
	lea		.Lshift_window(%rip), %rax
	vmovdqu		(%rax,TAIL), %xmm2	/* byte j: j - (16 - b), or zero */
	add		$32, %rax
	sub		TAIL, %rax
	vmovdqu		(%rax), %xmm3		/* byte i < b: 16 - b + i; else zero */
	vpshufb		%xmm3, %xmm1, %xmm1	/* the in tail in bytes 0 .. b-1 */
	vpblendvb	%xmm3, %xmm0, %xmm1, %xmm1	/* || X[b..16) */
	vpshufb		%xmm2, %xmm0, %xmm0	/* X[0..b) in bytes 16-b .. 15 */
	vmovdqu		%xmm0, (DST,TAIL)	/* the out tail */
	.if \enc
		_xts_block	\enc, %xmm1, %xmm9
	.else
		_xts_block	\enc, %xmm1, %xmm8
	.endif
	vmovdqu		%xmm1, (DST)
	_mul_x_xmm	%xmm9, %xmm8, %xmm12	/* T_m+1 */
.Ldone\@:
	vmovdqu	%xmm8, (TWEAKP)
	.if VL != 64
		vpxor	%xmm0, %xmm0, %xmm0	/* TW held the tweaks: wipe it */
		.irp j, 0,1,2,3,4,5,6,7
		.if \j < TW_VECS
			vmovdqa	V0, \j*VL(%rsp)
		.endif
		.endr
		mov	%rbp, %rsp
		pop	%rbp
	.endif
	vzeroupper
.Lreturn\@:
	RET
.endm

_set_veclen 16
.set CLMUL, 0
SYM_TYPED_FUNC_START(aesnictr_xts_encrypt_avx)
	_aes_xts_crypt	1
SYM_FUNC_END(aesnictr_xts_encrypt_avx)

SYM_TYPED_FUNC_START(aesnictr_xts_decrypt_avx)
	_aes_xts_crypt	0
SYM_FUNC_END(aesnictr_xts_decrypt_avx)

#if AESNICTR_AS_VAES
_set_veclen 32
.set CLMUL, 0
SYM_TYPED_FUNC_START(aesnictr_xts_encrypt_vaes2)
	_aes_xts_crypt	1
SYM_FUNC_END(aesnictr_xts_encrypt_vaes2)

SYM_TYPED_FUNC_START(aesnictr_xts_decrypt_vaes2)
	_aes_xts_crypt	0
SYM_FUNC_END(aesnictr_xts_decrypt_vaes2)

.set CLMUL, 1
SYM_TYPED_FUNC_START(aesnictr_xts_encrypt_vaes2_clmul)
	_aes_xts_crypt	1
SYM_FUNC_END(aesnictr_xts_encrypt_vaes2_clmul)

SYM_TYPED_FUNC_START(aesnictr_xts_decrypt_vaes2_clmul)
	_aes_xts_crypt	0
SYM_FUNC_END(aesnictr_xts_decrypt_vaes2_clmul)

_set_veclen 64
.set CLMUL, 1
SYM_TYPED_FUNC_START(aesnictr_xts_encrypt_vaes512)
	_aes_xts_crypt	1
SYM_FUNC_END(aesnictr_xts_encrypt_vaes512)

SYM_TYPED_FUNC_START(aesnictr_xts_decrypt_vaes512)
	_aes_xts_crypt	0
SYM_FUNC_END(aesnictr_xts_decrypt_vaes512)
#endif /* AESNICTR_AS_VAES */
