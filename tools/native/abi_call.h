/* SPDX-License-Identifier: GPL-2.0 */
/*
 * abi_call(), abi_call6(), abi_call7(): call a routine of the assembly and check it kept
 * the SysV ABI (abi_call.S).
 */
#ifndef NATIVE_ABI_CALL_H
#define NATIVE_ABI_CALL_H

#include <stdint.h>

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

/*
 * fn(a1, ..., a6) for any routine of up to six integer or pointer arguments,
 * each passed in all 64 bits of its register (unused ones are ignored).
 */
unsigned int abi_call6(const void *fn, uint64_t a1, uint64_t a2, uint64_t a3,
		       uint64_t a4, uint64_t a5, uint64_t a6);

/* The same with a seventh argument, passed on the stack (all 64 bits). */
unsigned int abi_call7(const void *fn, uint64_t a1, uint64_t a2, uint64_t a3,
		       uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7);

#endif /* NATIVE_ABI_CALL_H */
