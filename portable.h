/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the portable C files of the families (gcm_generic.c, authenc_hmac.c,
 * ccm_generic.c) take from the kernel: fixed-width types, error numbers,
 * memcpy/memset/memzero_explicit, min_t, rol32/ror32/ror64,
 * crypto_xor/crypto_xor_cpy and the unaligned big/little-endian loads and
 * stores (those from compat.h, which Kbuild force-includes).  The same files
 * build natively in tools/native, where the shim's aesni_ctr_kapi.h provides
 * the same names; this is the one place that tells the two apart.
 */
#ifndef AESNICTR_PORTABLE_H
#define AESNICTR_PORTABLE_H

#ifdef __KERNEL__
#include <crypto/algapi.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#else
#include "aesni_ctr_kapi.h"
#endif

#endif /* AESNICTR_PORTABLE_H */
