/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SHA-512/384 part of test_authenc (test_authenc_sha512.c): the
 * stitched AES-CBC + SHA-512 assembly against OpenSSL.
 */
#ifndef NATIVE_TEST_AUTHENC_SHA512_H
#define NATIVE_TEST_AUTHENC_SHA512_H

/*
 * cases random cases per AES key size and variant; ymm: check vzeroupper.
 * Returns the variants run: bit 0 avx2, bit 1 avx512 (failures go to nr_fail).
 */
int test_authenc_sha512(long cases, int ymm);

#endif /* NATIVE_TEST_AUTHENC_SHA512_H */
