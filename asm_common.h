/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembly shared by ctr_aes.S (CTR), gcm_ghash.S, gcm_update.S and
 * gcm_vaes512.S (GCM) and xts_aes.S (XTS): the vector-width helpers, the
 * vector form of the Gueron-Krasnov counters, a table of byte-shift masks
 * and the load of a partial block that uses it (_load_part16, GCM's).
 * ctr(aes) uses these counters in its tails and 512-bit code (its 128/256-bit
 * main loop keeps its counters on the stack, updated with ALU ops); GCM uses
 * them in its 512-bit code, while its 128/256-bit code adds to big-endian
 * counter blocks (or, near a wrap of the low byte, to little-endian words
 * swapped with .Lbswap_low32).
 *
 * Counter blocks: within one call the upper 96 bits of every block equal
 * those of the first, so T = (ctr AND mask96) XOR rk0 is computed once; C
 * holds the little-endian low words c + n in dword 3 of each 128-bit lane
 * (other dwords zero), and a vector of round-0 states is
 *	VPSHUFB(C, bswap_low32) XOR T,	then C += STEP (VL/16 per lane).
 * The caller guarantees c + n does not wrap 2^32 within a call.
 */
#ifndef AESNICTR_AES_CTR_COMMON_H
#define AESNICTR_AES_CTR_COMMON_H

/*
 * Whether the assembler can build VAES/AVX-512 code: Kbuild probes it and
 * tools/native sets it; never guessed.
 */
#ifndef AESNICTR_AS_VAES
#error "AESNICTR_AS_VAES must be defined to 0 or 1"
#endif

	.pushsection .rodata
	.p2align 6
.Lbswap_low32:		/* per lane: bytes 0-11 as they are, 12-15 reversed */
	.rept 4
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12
	.endr
.Lctr_low32_le:	/* per lane: dword 3 = bytes 15-12 (the low word as LE), rest 0 */
	.rept 4
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x80, 0x80, 0x80, 0x80, 15, 14, 13, 12
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
/*
 * VPSHUFB masks for byte shifts within an xmm register: the 16 bytes at
 * .Lshift_window + 16 + s shift right by s bytes, at + 16 - s left by s
 * (0 <= s <= 16), zero-filling.
 */
.Lshift_window:
	.rept 16
	.byte	0x80
	.endr
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.rept 16
	.byte	0x80
	.endr
	.popsection

/*
 * xmm x = the m (0..15) bytes at p, zero-padded, read in a few loads from
 * p[0 .. m-1] only (branches on the public length only).  Not through byte
 * stores to a buffer: a vector load of bytes stored one at a time just
 * before is not forwarded and waits for them to reach the cache.  t0 (and
 * its 32-bit t0d), t1d: scratch; xt: xmm scratch.
 */
.macro _load_part16 p, m, x, xt, t0, t0d, t1d
	vpxor		\x, \x, \x
	cmp		$8, \m
	jb		.Llp_lt8\@
	vmovq		(\p), \x			/* bytes 0..7 */
	vmovq		-8(\p,\m), \xt		/* bytes m-8..m-1 */
	lea		.Lshift_window+32(%rip), \t0
	sub		\m, \t0
	vpshufb		(\t0), \xt, \xt		/* >> 16-m: bytes 8..m-1 */
	vpunpcklqdq	\xt, \x, \x
	jmp		.Llp_done\@
.Llp_lt8\@:
	cmp		$4, \m
	jb		.Llp_lt4\@
	vmovd		(\p), \x			/* bytes 0..3 */
	vmovd		-4(\p,\m), \xt		/* bytes m-4..m-1 */
	lea		.Lshift_window+20(%rip), \t0
	sub		\m, \t0
	vpshufb		(\t0), \xt, \xt		/* << m-4 */
	vpor		\xt, \x, \x
	jmp		.Llp_done\@
.Llp_lt4\@:
	test		\m, \m
	jz		.Llp_done\@
	movzbl		(\p), \t0d
	cmp		$2, \m
	jb		.Llp_gpr\@
	movzwl		(\p), \t0d
	je		.Llp_gpr\@
	movzbl		2(\p), \t1d
	shl		$16, \t1d
	or		\t1d, \t0d
.Llp_gpr\@:
	vmovd		\t0d, \x
.Llp_done\@:
.endm

/*
 * Name V0..V15 after the registers of width VL (16, 32, 64); for VL 64 also
 * RKEY1..RKEY13 = zmm17..zmm29, where round keys 1-13 are kept; STEP_CONST
 * is the counter increment for this width.
 */
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
	.if VL == 16
		.set	STEP_CONST, .Lstep_16
	.elseif VL == 32
		.set	STEP_CONST, .Lstep_32
	.else
		.set	STEP_CONST, .Lstep_64
	.set RKEY1, %zmm17; .set RKEY2, %zmm18; .set RKEY3, %zmm19; .set RKEY4, %zmm20
	.set RKEY5, %zmm21; .set RKEY6, %zmm22; .set RKEY7, %zmm23; .set RKEY8, %zmm24
	.set RKEY9, %zmm25; .set RKEY10, %zmm26; .set RKEY11, %zmm27
	.set RKEY12, %zmm28; .set RKEY13, %zmm29
	.endif
.endm

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

/*
 * T and C for the counter block at ctrptr, whose low word (byte-swapped to
 * little-endian) is in the 32-bit register ctrw; cx is the xmm register of C,
 * tmp a scratch vector.
 */
.macro _ctr_init t, c, cx, tmp, ctrptr, key, ctrw
	_vbroadcast128	(\ctrptr), \t
	.if VL == 64
		vpandd		.Lmask_high96(%rip), \t, \t
	.else
		vpand		.Lmask_high96(%rip), \t, \t
	.endif
	_vbroadcast128	(\key), \tmp
	_vpxor		\tmp, \t, \t
	vmovd		\ctrw, \cx
	vpslldq		$12, \cx, \cx
	.if VL == 32
		vinserti128	$1, \cx, \c, \c
		vpaddd		.Llane_offsets(%rip), \c, \c
	.elseif VL == 64
		vshufi32x4	$0, \c, \c, \c
		vpaddd		.Llane_offsets(%rip), \c, \c
	.endif
.endm

/*
 * As _ctr_init, but C straight from the counter block in memory, all in
 * vector registers: the first states are ready three vector ops after the
 * load (no GPR round trip), for code that does not keep c in a GPR.
 */
.macro _ctr_init_mem t, c, tmp, ctrptr, key
	_vbroadcast128	(\ctrptr), \t
	vpshufb		.Lctr_low32_le(%rip), \t, \c
	.if VL != 16
		vpaddd		.Llane_offsets(%rip), \c, \c
	.endif
	_vbroadcast128	(\key), \tmp
	.if VL == 64
		vpternlogd	$0x6c, .Lmask_high96(%rip), \tmp, \t
	.else
		vpand		.Lmask_high96(%rip), \t, \t
		vpxor		\tmp, \t, \t
	.endif
.endm

/* The next vector of round-0 states; t, step, bswap may be in memory. */
.macro _ctr_next dst, t, c, step, bswap
	vpshufb		\bswap, \c, \dst
	_vpxor		\t, \dst, \dst
	vpaddd		\step, \c, \c
.endm

#endif /* AESNICTR_AES_CTR_COMMON_H */
