// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's rows of OpenSSL: EVP, and its stitched AES-CBC + HMAC TLS
 * ciphers for authenc encryption.  Their per-message code is in the mode
 * files (bench_<mode>.c).
 */
#include "bench.h"

/*
 * OpenSSL's stitched AES-CBC + HMAC TLS ciphers, if this OpenSSL and CPU
 * have them (they need AES-NI; OpenSSL picks its SHA-NI code where the CPU
 * has it): one row for authenc-sha1-enc and authenc-sha256-enc.
 */
void openssl_add_stitched(void)
{
	static const u8 k[32], iv[BLK];
	struct impl *im = add_impl("openssl-stitched", "stitched",
				   IMPL_OSSL_STITCHED, 0);
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *ciph[2] = { EVP_aes_128_cbc_hmac_sha1(),
				      EVP_aes_128_cbc_hmac_sha256() };
	int j;

	if (!c)
		die("EVP_CIPHER_CTX_new");
	for (j = 0; j < 2; j++) {
		if (!ciph[j] || !EVP_EncryptInit_ex(c, ciph[j], NULL, k, iv)) {
			note("NOT COVERED: openssl-stitched (this OpenSSL or CPU lacks %s)\n",
			     j ? "aes-128-cbc-hmac-sha256" : "aes-128-cbc-hmac-sha1");
			EVP_CIPHER_CTX_free(c);
			return;
		}
	}
	im->evp = c;
}

/* The openssl row: the first, the ratios' base. */
void openssl_add(void)
{
	struct impl *im = add_impl("openssl", "openssl", IMPL_OPENSSL, 0);

	if (!(im->evp = EVP_CIPHER_CTX_new()))
		die("EVP_CIPHER_CTX_new");
}

void openssl_free(struct impl *im)
{
	if (im->evp)
		EVP_CIPHER_CTX_free(im->evp);
	if (im->mac)
		EVP_MAC_CTX_free(im->mac);
}
