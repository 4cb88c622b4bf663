// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's row of libgcrypt (ctr, gcm, xts).  Its per-message code is in
 * the mode files (bench_<mode>.c).
 */
#include "bench.h"

void gcrypt_init(void)
{
	if (!gcry_check_version(GCRYPT_VERSION))
		die("gcry_check_version");
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

void gcrypt_add(void)
{
	add_impl("libgcrypt", "libgcrypt", IMPL_GCRYPT, 0);
}

void gcrypt_open(struct impl *im, unsigned int bits, int gmode,
		 const u8 *key, size_t key_len, const char *what)
{
	if (im->gh)
		gcry_cipher_close(im->gh);
	if (gcry_cipher_open(&im->gh, bits == 128 ? GCRY_CIPHER_AES128 :
			     GCRY_CIPHER_AES256, gmode, 0) ||
	    gcry_cipher_setkey(im->gh, key, key_len))
		die(what);
}

void gcrypt_free(struct impl *im)
{
	if (im->gh)
		gcry_cipher_close(im->gh);
}
