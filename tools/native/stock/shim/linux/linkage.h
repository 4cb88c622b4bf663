/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/linkage.h>, used only to assemble the stock
 * kernels' arch/x86/crypto/*.S (extracted at bench time from Debian's
 * linux-source tarballs, never stored in this repository) for the bench.
 * It provides the few symbol macros those files use; the kernel's versions
 * add alignment padding, ENDBR and objtool annotations that do not change
 * what the functions compute.
 */
#ifndef STOCK_SHIM_LINKAGE_H
#define STOCK_SHIM_LINKAGE_H

#ifdef __ASSEMBLER__
#define SYM_FUNC_START(name)		\
	.globl name;			\
	.type name, @function;		\
	.p2align 4;			\
	name:
#define SYM_FUNC_START_LOCAL(name)	\
	.type name, @function;		\
	.p2align 4;			\
	name:
#define SYM_FUNC_END(name)		.size name, . - name
#define SYM_FUNC_ALIAS_LOCAL(alias, name)	\
	.type alias, @function;		\
	.set alias, name
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define RET				ret
#endif

#endif
