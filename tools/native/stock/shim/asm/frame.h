/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <asm/frame.h>: as in a kernel built without
 * CONFIG_FRAME_POINTER (Debian's amd64 kernels use the ORC unwinder), the
 * frame macros are empty.  FRAME_OFFSET is only used by 32-bit code paths.
 */
#ifndef STOCK_SHIM_FRAME_H
#define STOCK_SHIM_FRAME_H
#ifdef __ASSEMBLER__
#define FRAME_BEGIN
#define FRAME_END
#define FRAME_OFFSET	0
#endif
#endif
