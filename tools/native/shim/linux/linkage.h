/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <linux/linkage.h>, so that the module's
 * .S files assemble unchanged in tools/native.
 */
#ifndef AESNICTR_SHIM_LINKAGE_H
#define AESNICTR_SHIM_LINKAGE_H

#ifdef __ASSEMBLER__
#define SYM_FUNC_START(name)	\
	.globl name;		\
	.type name, @function;	\
	.p2align 4;		\
	name:
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define SYM_FUNC_END(name)	.size name, . - name
#define RET			ret
#endif

#endif
