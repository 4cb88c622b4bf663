/* SPDX-License-Identifier: GPL-2.0 */
/*
 * abi_call(fn, key, dst, src, len, ctr): call a CTR routine as
 * fn(key, dst, src, len, ctr), and
 * abi_call6(fn, a1, a2, a3, a4, a5, a6): call any routine of up to six
 * integer or pointer arguments as fn(a1, ..., a6), each argument passed in
 * full 64 bits (so a test can put garbage in the upper half of an unsigned
 * int argument, which the SysV ABI leaves undefined), and
 * abi_call7(fn, a1, ..., a7) likewise with a seventh, on the stack.
 *
 * Both check that the callee kept the SysV ABI: the callee-saved registers
 * rbx, rbp, r12-r15 and rsp, the direction flag and MXCSR.  If
 * abi_check_ymm is nonzero, the upper YMM state is set clean before the
 * call and XINUSE must show it clean after (a routine that used 256/512-bit
 * registers must end with vzeroupper).
 * Returns a mask of ABI_* bits (see abi_call.h), 0 if all is well.
 */

/*
 * The common body: on entry rax = the routine, rdi..r9 its arguments,
 * and the caller's callee-saved registers not yet pushed; a7 = 1: its
 * seventh argument is our caller's eighth (abi_call7), passed on the stack.
 */
.macro _abi_checked_call a7=0
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$24, %rsp		/* 16-byte aligned at the call */
	mov	%rsp, 8(%rsp)		/* expected rsp after the call */
	stmxcsr	16(%rsp)

	cmpb	$0, abi_check_ymm(%rip)
	je	1f
	vzeroupper
1:
	.if \a7
	mov	88(%rsp), %r10		/* above 6 pushes, 24 bytes, ret, a6 */
	mov	%r10, (%rsp)		/* the callee's 8(%rsp) */
	.endif
	movabs	$0x0b0b0b0b0b0b0b0b, %rbx
	movabs	$0x1b1b1b1b1b1b1b1b, %rbp
	movabs	$0x2c2c2c2c2c2c2c2c, %r12
	movabs	$0x3d3d3d3d3d3d3d3d, %r13
	movabs	$0x4e4e4e4e4e4e4e4e, %r14
	movabs	$0x5f5f5f5f5f5f5f5f, %r15
	call	*%rax

	xor	%eax, %eax		/* the result mask */
	movabs	$0x0b0b0b0b0b0b0b0b, %rdx
	cmp	%rdx, %rbx
	jne	2f
	movabs	$0x1b1b1b1b1b1b1b1b, %rdx
	cmp	%rdx, %rbp
	jne	2f
	movabs	$0x2c2c2c2c2c2c2c2c, %rdx
	cmp	%rdx, %r12
	jne	2f
	movabs	$0x3d3d3d3d3d3d3d3d, %rdx
	cmp	%rdx, %r13
	jne	2f
	movabs	$0x4e4e4e4e4e4e4e4e, %rdx
	cmp	%rdx, %r14
	jne	2f
	movabs	$0x5f5f5f5f5f5f5f5f, %rdx
	cmp	%rdx, %r15
	je	3f
2:	or	$1, %eax		/* ABI_CALLEE_SAVED */
3:	cmp	8(%rsp), %rsp
	je	4f
	or	$2, %eax		/* ABI_RSP */
	mov	8(%rsp), %rsp
4:	pushfq
	pop	%rdx
	test	$0x400, %edx
	jz	5f
	or	$4, %eax		/* ABI_DF */
	cld
5:	stmxcsr	(%rsp)
	mov	(%rsp), %edx
	cmp	16(%rsp), %edx
	je	6f
	or	$8, %eax		/* ABI_MXCSR */
	ldmxcsr	16(%rsp)
6:	cmpb	$0, abi_check_ymm(%rip)
	je	7f
	mov	%eax, %r8d
	mov	$1, %ecx
	xgetbv				/* XINUSE */
	test	$((1 << 2) | (1 << 6)), %eax	/* YMM_Hi128, ZMM_Hi256 */
	mov	%r8d, %eax
	jz	7f
	or	$16, %eax		/* ABI_VZEROUPPER */
	vzeroupper
7:	add	$24, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
.endm

/* abi_call6/7: fn = rdi to rax, a1..a6 down one register (a6 from the stack) */
.macro _abi_shift6
	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	%r8, %rcx
	mov	%r9, %r8
	mov	8(%rsp), %r9
.endm

	.text
	.globl	abi_call
	.type	abi_call, @function
	.p2align 4
abi_call:
	mov	%rdi, %rax		/* shift the arguments down one */
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	%r8d, %ecx
	mov	%r9, %r8
	_abi_checked_call
	.size	abi_call, . - abi_call

	.globl	abi_call6
	.type	abi_call6, @function
	.p2align 4
abi_call6:
	_abi_shift6
	_abi_checked_call
	.size	abi_call6, . - abi_call6

	.globl	abi_call7
	.type	abi_call7, @function
	.p2align 4
abi_call7:
	_abi_shift6
	_abi_checked_call 1
	.size	abi_call7, . - abi_call7

	.bss
	.globl	abi_check_ymm
	.type	abi_check_ymm, @object
	.size	abi_check_ymm, 1
abi_check_ymm:
	.zero	1

	.section .note.GNU-stack, "", @progbits
