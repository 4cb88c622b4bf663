/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instruction mix of the stitched GCM loop of ../../gcm_update.S (vl
 * 16, 32) and ../../gcm_vaes512.S (vl 64) with its loop-carried GHASH
 * dependency removed, for gcm_limit.c: what the execution units allow per
 * 8 VL bytes (one iteration of _bulk_iter, _bulk_iter64).
 *
 *	void gcm_limit_<vl>_<nr>_<m>(long iters, u8 *buf)
 *
 * vl 16, 32, 64; nr 10 or 14 AES rounds; m a mask of what an iteration
 * contains: 1 the AES rounds of 8 vectors (nr - 1 VAESENC and one
 * VAESENCLAST each), 2 the carry-less multiplications of hashing 8 vectors
 * (vl 16/32: three per vector, Karatsuba, and one reduction per 8 vectors;
 * vl 64: four per vector, one reduction per 32 blocks, vectors 3..7, 0 in
 * pairs summed with ternary XORs; two per reduction),
 * 4 everything else the loop does: counter blocks, byte reflection, XORs and
 * shuffles, the reduction's XORs, loads of the data and of the powers of H
 * (as memory operands, as the loop has them), the XOR with the source and
 * the stores.  Round keys and powers are arbitrary; results are not used:
 * the 8 AES chains and the GHASH sums of one iteration are independent of
 * the next, so only throughput limits.  buf: 4 KiB, 64-byte aligned
 * (source @0, destination @1024, "powers" @2048, constants @3072).
 */
#include <linux/linkage.h>

.macro _names vl
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
.endm

.macro _xor a, b, d
	.if VL == 64
		vpxord	\a, \b, \d
	.else
		vpxor	\a, \b, \d
	.endif
.endm

.macro _mov a, d
	.if VL == 64
		vmovdqu8 \a, \d
	.else
		vmovdqu	\a, \d
	.endif
.endm

/*
 * Counter blocks of vector j (m & 4): as the loop, per width (VL 64: the
 * step from memory, zmm30 and zmm31 being GHASH temporaries there).
 */
.macro _ctr j
	.if VL == 64
		vpaddd		3072(%rsi), V9, V\j
		vpxord		%zmm16, V\j, V\j
		.if \j == 7
			vpaddd		3072(%rsi), V9, V9
		.endif
	.else
		vpaddd		3072+\j*VL(%rsi), V9, V\j
		_xor		3072(%rsi), V\j, V\j
	.endif
.endm

/*
 * One GHASH step of vector k: loads, reflection, 3 CLMUL (VL 64: 4), XORs.
 * VL 64 as _gstep64's groups of 8: step k hashes vector j = k + 1 mod 8;
 * j = 1 starts the sums, j = 2 adds to them, j = 3..7, 0 go in pairs.
 */
.macro _gh k, m
	.set	GJ, ((\k) + 1) % 8
	.if \m & 4
		_mov		\k*VL(%rsi), V13
		vpshufb		3072(%rsi), V13, V13
	.endif
	.if (\m & 6) == 6 && VL == 64 && GJ != 2
		.if GJ == 1
			vmovdqu8	2048+\k*VL(%rsi), %zmm14
			vpclmulqdq	$0x00, %zmm14, V13, V10
			vpclmulqdq	$0x11, %zmm14, V13, V11
			vpclmulqdq	$0x01, %zmm14, V13, V12
			vpclmulqdq	$0x10, %zmm14, V13, V13
			vpxord		V13, V12, V12
		.else
			.if GJ % 2
				vpclmulqdq	$0x00, 2048+\k*VL(%rsi), V13, %zmm14
				vpclmulqdq	$0x11, 2048+\k*VL(%rsi), V13, %zmm30
			.else
				vpclmulqdq	$0x00, 2048+\k*VL(%rsi), V13, %zmm31
				vpternlogd	$0x96, %zmm31, %zmm14, V10
				vpclmulqdq	$0x11, 2048+\k*VL(%rsi), V13, %zmm31
				vpternlogd	$0x96, %zmm31, %zmm30, V11
			.endif
			vpclmulqdq	$0x01, 2048+\k*VL(%rsi), V13, %zmm31
			vpclmulqdq	$0x10, 2048+\k*VL(%rsi), V13, V13
			vpternlogd	$0x96, %zmm31, V13, V12
		.endif
	.elseif (\m & 2) && VL == 64
		/* four products per vector, as the 512-bit loop */
		.if \m & 4
			vmovdqu8	2048+\k*VL(%rsi), %zmm14
			vpclmulqdq	$0x00, %zmm14, V13, %zmm31
			vpxord		%zmm31, V10, V10
			vpclmulqdq	$0x11, %zmm14, V13, %zmm31
			vpxord		%zmm31, V11, V11
			vpclmulqdq	$0x01, %zmm14, V13, %zmm31
			vpclmulqdq	$0x10, %zmm14, V13, V13
			vpternlogd	$0x96, %zmm31, V13, V12
		.else
			vpclmulqdq	$0x00, V15, V13, V10
			vpclmulqdq	$0x11, V15, V13, V11
			vpclmulqdq	$0x01, V15, V13, V12
			vpclmulqdq	$0x10, V15, V13, V14
		.endif
	.elseif \m & 2
		.if \m & 4
			vpclmulqdq $0x00, 2048+\k*VL(%rsi), V13, V14
			_xor	V14, V10, V10
			vpclmulqdq $0x11, 2048+\k*VL(%rsi), V13, V14
			_xor	V14, V11, V11
			vpshufd	$0x4e, V13, V14
			_xor	V13, V14, V14
			vpclmulqdq $0x00, 2048+1024+\k*VL(%rsi), V14, V14
			_xor	V14, V12, V12
		.else
			vpclmulqdq $0x00, V15, V13, V10
			vpclmulqdq $0x11, V15, V13, V11
			vpclmulqdq $0x00, V15, V13, V12
		.endif
	.endif
.endm

/* The reduction of a group (into V14/V13, not fed back). */
.macro _red m
	.if \m & 2
		.if (\m & 4) && VL != 64
			_xor		V10, V12, V12
			_xor		V11, V12, V12
		.endif
		vpclmulqdq	$0x10, V15, V10, V14
		.if (\m & 4) && VL == 64
			vpshufd		$0x4e, V10, V10
			vpternlogd	$0x96, %zmm10, %zmm14, %zmm12
		.elseif \m & 4
			vpshufd		$0x4e, V10, V10
			_xor		V10, V12, V12
			_xor		V14, V12, V12
		.endif
		vpclmulqdq	$0x10, V15, V12, V14
		.if (\m & 4) && VL == 64
			vpshufd		$0x4e, V12, V12
			vpternlogd	$0x96, %zmm12, %zmm14, %zmm11
		.elseif \m & 4
			vpshufd		$0x4e, V12, V12
			_xor		V12, V11, V11
			_xor		V14, V11, V11
		.endif
		.if \m & 4
			.if VL == 64
				vextracti64x4	$1, %zmm11, %ymm13
				vpxor		%ymm13, %ymm11, %ymm11
			.endif
			.if VL >= 32
				vextracti128	$1, %ymm11, %xmm13
				vpxor		%xmm13, %xmm11, %xmm14
			.endif
		.endif
	.endif
.endm

.macro _round
	.irp j, 0,1,2,3,4,5,6,7
		vaesenc	V8, V\j, V\j
	.endr
.endm

.macro _limit vl, nr, m
SYM_FUNC_START(gcm_limit_\vl\()_\nr\()_\m)
	_names	\vl
	vpxor		%xmm15, %xmm15, %xmm15
	.if VL == 64
		vmovdqu8	3072(%rsi), %zmm16
	.endif
	.p2align 4
1:
	.if \m & 4
		.irp j, 0,1,2,3,4,5,6,7
			_ctr	\j
		.endr
	.endif
	/* rounds 1..8, one GHASH step each, as _bulk_iter */
	.irp i, 1,2,3,4,5,6,7,8
		.if \m & 1
			.if (\m & 4) && VL != 64
				_mov	16*\i(%rsi), V8
			.endif
			_round
		.endif
		_gh	(\i-1), \m
	.endr
	_red	\m
	.if \m & 1
		.rept \nr - 9
			_round
		.endr
		.irp j, 0,1,2,3,4,5,6,7
			.if \m & 4
				_xor		\j*VL(%rsi), V8, V14
				vaesenclast	V14, V\j, V\j
				_mov		V\j, 1024+\j*VL(%rsi)
			.else
				vaesenclast	V8, V\j, V\j
			.endif
		.endr
	.endif
	dec	%rdi
	jnz	1b
	vzeroupper
	RET
SYM_FUNC_END(gcm_limit_\vl\()_\nr\()_\m)
.endm

	.text
.irp vl, 16, 32, 64
.irp nr, 10, 14
.irp m, 1, 2, 3, 7
	_limit	\vl, \nr, \m
.endr
.endr
.endr
