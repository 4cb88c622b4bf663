// SPDX-License-Identifier: GPL-2.0
/*
 * Which priority to register with: above the driver the kernel would
 * otherwise use for the name, if ours is faster than it, and else just below
 * it.  "Faster" is the measurement in the README (make bench: ours against
 * each kernel's own assembly), given by each family as the list of stock
 * drivers each of its implementations beats.  Generic C code and template
 * instances (priority 300 or less) are always beaten.
 */

#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <linux/err.h>
#include <linux/printk.h>
#include <linux/string.h>
#include "shared.h"

/*
 * The driver name and priority of what the crypto API gives for name now,
 * without loading modules (CRYPTO_NOLOAD: the module core has asked for the
 * stock driver's module already, and a request could name this module).
 */
static int current_driver(const char *name, bool aead, char *drv, size_t len,
			  int *prio)
{
	struct crypto_tfm *tfm;

	if (aead) {
		struct crypto_aead *t = crypto_alloc_aead(name, 0, CRYPTO_NOLOAD);

		if (IS_ERR(t))
			return PTR_ERR(t);
		tfm = crypto_aead_tfm(t);
		strscpy(drv, crypto_tfm_alg_driver_name(tfm), len);
		*prio = tfm->__crt_alg->cra_priority;
		crypto_free_aead(t);
	} else {
		struct crypto_skcipher *t =
			crypto_alloc_skcipher(name, 0, CRYPTO_NOLOAD);

		if (IS_ERR(t))
			return PTR_ERR(t);
		tfm = crypto_skcipher_tfm(t);
		strscpy(drv, crypto_tfm_alg_driver_name(tfm), len);
		*prio = tfm->__crt_alg->cra_priority;
		crypto_free_skcipher(t);
	}
	return 0;
}

int aesnictr_priority(const char *family, const char *name, bool aead,
		      const char *const *beats)
{
	char drv[CRYPTO_MAX_ALG_NAME];
	int prio, i;

	if (current_driver(name, aead, drv, sizeof(drv), &prio) ||
	    prio <= 300)
		return AESNICTR_PRIORITY;
	for (i = 0; beats[i]; i++)
		if (!strcmp(drv, beats[i]))
			return AESNICTR_PRIORITY;
	pr_info("%s: %s (priority %d) is faster on this CPU class than ours; registering below it\n",
		family, drv, prio);
	return prio - 1;
}
