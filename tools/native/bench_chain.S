/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dependency chains that measure the CPU: the latency bound of a serial AES
 * chain, for the bench's ccm modes (bench_ccm.c), and a clock (bench_ccm.c,
 * gcm_limit.c, sha512_limit.c).  CBC-MAC encrypts block i+1 only after block i's last
 * round, so on any CPU a CCM message costs at least
 *	(blocks in the MAC chain) x nrounds x (AESENC latency).
 *
 *	void bench_aes_chain10(long blocks)	10 dependent rounds per block
 *	void bench_aes_chain14(long blocks)	14 (AES-256)
 *
 * One block is nr - 1 AESENC and one AESENCLAST on xmm0, each waiting for
 * the one before: exactly what ccm_aes.S leaves on its MAC chain (it fuses
 * the next block's XOR into the last round key).  The round key (xmm1) and
 * the data are arbitrary: AES latency does not depend on them.
 *
 *	void bench_add_chain(long iters)	100 dependent 64-bit ADDs per
 *						iteration: one per cycle, a
 *						clock for cycles per byte
 * (register-register ADDs: chains of ADDs of an immediate are folded by
 * some cores and would "measure" a clock that is not there).
 */
#include <linux/linkage.h>

.macro aes_chain nr
SYM_FUNC_START(bench_aes_chain\nr)
	vpxor	%xmm0, %xmm0, %xmm0
	vpcmpeqd %xmm1, %xmm1, %xmm1
	test	%rdi, %rdi
	jz	2f
	.p2align 4
1:
	.rept \nr - 1
	vaesenc	%xmm1, %xmm0, %xmm0
	.endr
	vaesenclast %xmm1, %xmm0, %xmm0
	dec	%rdi
	jnz	1b
2:
	vzeroupper
	RET
SYM_FUNC_END(bench_aes_chain\nr)
.endm

	aes_chain 10
	aes_chain 14

SYM_FUNC_START(bench_add_chain)
	xor	%eax, %eax
	mov	$1, %ecx
	.p2align 4
1:
	.rept 100
	add	%rcx, %rax
	.endr
	dec	%rdi
	jnz	1b
	RET
SYM_FUNC_END(bench_add_chain)
