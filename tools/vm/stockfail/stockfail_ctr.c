// SPDX-License-Identifier: GPL-2.0
/*
 * stockfail_ctr: a test-only stand-in for a stock driver that fails the
 * crypto manager's self-test.  It registers a ctr(aes) skcipher under the
 * driver name of 6.1's stock aesni_intel CTR ("ctr-aes-aesni", one of those
 * the aesni_ctr module's ctr family looks up) that leaves its output
 * untouched, so the first test vector fails and the algorithm stays
 * registered but untested: a lookup of it by name gets -ELIBBAD.  The
 * stockfail guest scenario loads it (with the real aesni_intel kept out of
 * the guest), then aesni_ctr, whose ctr family must count it as absent.
 * Never for a real system: it is built only by tools/vm/run.sh.
 */

#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <linux/module.h>

static int stockfail_setkey(struct crypto_skcipher *tfm, const u8 *key,
			    unsigned int len)
{
	return aes_check_keylen(len);
}

static int stockfail_crypt(struct skcipher_request *req)
{
	return 0;	/* the output is never written: a wrong result */
}

static struct skcipher_alg stockfail_alg = {
	.base.cra_name		= "ctr(aes)",
	.base.cra_driver_name	= "ctr-aes-aesni",
	.base.cra_priority	= 400,
	.base.cra_blocksize	= 1,
	.base.cra_module	= THIS_MODULE,
	.min_keysize		= AES_MIN_KEY_SIZE,
	.max_keysize		= AES_MAX_KEY_SIZE,
	.ivsize			= AES_BLOCK_SIZE,
	.chunksize		= AES_BLOCK_SIZE,
	.setkey			= stockfail_setkey,
	.encrypt		= stockfail_crypt,
	.decrypt		= stockfail_crypt,
};

static int __init stockfail_init(void)
{
	return crypto_register_skcipher(&stockfail_alg);
}

static void __exit stockfail_exit(void)
{
	crypto_unregister_skcipher(&stockfail_alg);
}

module_init(stockfail_init);
module_exit(stockfail_exit);
MODULE_DESCRIPTION("Test only: a ctr(aes) that fails its self-test, named as a stock driver");
MODULE_LICENSE("GPL");
