/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CBC-MAC chain of the cmac family (CMAC, XCBC-MAC), the ABI of
 * cmac_asm.h: mac = E_K(mac ^ B) for each whole block B of data.  One
 * serial chain, so one routine for every tier: the chain of
 * aes_cbc_chain.h (shared with cbc_aes.S's encryption; the math and the
 * registers are there), with nothing stored but the last MAC.
 */
#include <linux/linkage.h>
#include <linux/cfi_types.h>

#include "aes_asm.h"
#include "aes_cbc_chain.h"

#define KEY		%rdi
#define MAC		%rsi		/* the chaining value, in and out */
#define DATA		%rdx
#define LEN		%rcx
#define LEN32		%ecx
#define RKLAST_PTR	%r8		/* the last round key */
#define NROUNDS		%r9d

	.text

/* void aesnictr_cmac_chain_avx(key, mac, data, len), cmac_asm.h */
SYM_TYPED_FUNC_START(aesnictr_cmac_chain_avx)
	_cbc_chain_body	KEY, MAC, DATA, LEN, LEN32, , RKLAST_PTR, NROUNDS
SYM_FUNC_END(aesnictr_cmac_chain_avx)
