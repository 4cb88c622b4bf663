/* SPDX-License-Identifier: GPL-2.0 */
/* abi_call(): call a CTR routine and check it kept the SysV ABI (abi_call.S). */
#ifndef NATIVE_ABI_CALL_H
#define NATIVE_ABI_CALL_H

#include "ctr_split.h"

#define ABI_CALLEE_SAVED	1u	/* rbx, rbp or r12-r15 changed */
#define ABI_RSP			2u	/* rsp not restored */
#define ABI_DF			4u	/* direction flag left set */
#define ABI_MXCSR		8u	/* MXCSR changed */
#define ABI_VZEROUPPER		16u	/* upper YMM state left dirty */

/* Set nonzero (only if cpu_has_xinuse()) to check for vzeroupper. */
extern unsigned char abi_check_ymm;

unsigned int abi_call(ctr_fn_t *fn, const struct aesnictr_key *key, u8 *dst,
		      const u8 *src, unsigned int len, const u8 *ctr);

#endif /* NATIVE_ABI_CALL_H */
