/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <asm/nospec-branch.h>: nothing the AES code needs. */
