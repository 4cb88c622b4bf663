/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for the few kernel helpers the module's portable C
 * files use (../../../portable.h names them), so that gcm_generic.c and
 * authenc_hmac.c build here unchanged and the native tests run the code
 * that ships.
 */
#ifndef AESNICTR_KAPI_H
#define AESNICTR_KAPI_H

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "aesni_ctr_user.h"

typedef int64_t s64;
#define U32_MAX			UINT32_MAX

#define min_t(type, a, b)	((type)(a) < (type)(b) ? (type)(a) : (type)(b))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

static inline u32 rol32(u32 x, unsigned int n)
{
	return x << (n & 31) | x >> ((32 - n) & 31);
}

static inline u32 ror32(u32 x, unsigned int n)
{
	return x >> (n & 31) | x << ((32 - n) & 31);
}

static inline u64 ror64(u64 x, unsigned int n)
{
	return x >> (n & 63) | x << ((64 - n) & 63);
}

/* Clear a secret in a way the compiler cannot drop as a dead store. */
static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

static inline u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = (u8)(v >> 24);
	b[1] = (u8)(v >> 16);
	b[2] = (u8)(v >> 8);
	b[3] = (u8)v;
}

static inline u64 get_unaligned_be64(const void *p)
{
	return (u64)get_unaligned_be32(p) << 32 |
	       get_unaligned_be32((const u8 *)p + 4);
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	put_unaligned_be32((u32)(v >> 32), p);
	put_unaligned_be32((u32)v, (u8 *)p + 4);
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	u8 *b = p;
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (u8)(v >> (8 * i));
}

static inline void crypto_xor_cpy(u8 *dst, const u8 *a, const u8 *b,
				  unsigned int n)
{
	while (n--)
		*dst++ = *a++ ^ *b++;
}

static inline void crypto_xor(u8 *dst, const u8 *src, unsigned int n)
{
	crypto_xor_cpy(dst, dst, src, n);
}

#endif
