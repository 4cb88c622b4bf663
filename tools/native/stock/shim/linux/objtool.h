/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/objtool.h>: the annotations are no-ops. */
#ifndef STOCK_SHIM_OBJTOOL_H
#define STOCK_SHIM_OBJTOOL_H
#ifdef __ASSEMBLER__
#define ANNOTATE_NOENDBR
#define ANNOTATE_INTRA_FUNCTION_CALL
#define ANNOTATE_UNRET_SAFE
#endif
#endif
