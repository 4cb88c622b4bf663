/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known answers for the cmac family (cmac_selftest.c, tools/native/test_cmac.c).
 * (vectors to be filled in)
 */
#ifndef AESNICTR_CMAC_VECTORS_H
#define AESNICTR_CMAC_VECTORS_H

struct aesnictr_cmac_vector {
	const char *name;
	const u8 *key;
	unsigned int klen;	/* 16, 24 or 32 */
	const u8 *msg;
	unsigned int len;
	const u8 *mac;		/* 16 bytes */
};

#endif /* AESNICTR_CMAC_VECTORS_H */
