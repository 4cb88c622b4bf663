// SPDX-License-Identifier: GPL-2.0
/*
 * The one place that decides which priority each family registers with.
 *
 * A family gives the stock drivers of 6.1 to 7.3 that serve its algorithms
 * and, per CPU class, which of its implementations make bench measured faster
 * than each (priority.h).  Of those drivers, the one the kernel would use is
 * the registered one with the highest priority; if ours beats it, or none is
 * registered, ours registers at AESNICTR_PRIORITY, above all of them;
 * otherwise one below it, so the faster stock code stays first and ours
 * stays reachable by driver name.  A stock driver that failed its own
 * self-test counts as absent: the kernel would not use it either.  A
 * template instance never counts: ours always beats a composition of
 * generic parts.  Where the stock code is a template (authenc), ours
 * registers at one fixed priority above it.
 *
 * The stock drivers are looked up by driver name, without loading modules
 * (CRYPTO_NOLOAD) and without allocating a transform: a name without a
 * template cannot make the crypto manager build an instance, and no
 * transform means no cryptd instance behind 6.1/6.12's SIMD wrappers.  So
 * the lookup leaves nothing behind.  The module core has asked for
 * aesni_intel before; if it arrives later, ours keeps the priority it chose
 * until the module is reloaded (the README says so).
 */

#include <crypto/algapi.h>
#include <linux/err.h>
#include <linux/printk.h>
#include <linux/string.h>
#include "priority.h"

/*
 * The registered priority of the stock driver drv: -ENOENT if it is not
 * registered (or is a template instance, which always counts as beaten),
 * -ELIBBAD if it is registered but failed its self-test (the crypto API
 * never hands it out, so it counts as absent), another error if its state
 * could not be read.
 */
static int stock_priority(const char *drv, u32 type)
{
	struct crypto_alg *alg;
	int prio;

	alg = crypto_alg_mod_lookup(drv, type,
				    CRYPTO_ALG_TYPE_MASK | CRYPTO_NOLOAD);
	if (IS_ERR(alg))
		return PTR_ERR(alg);
	prio = alg->cra_priority;
	if ((alg->cra_flags & CRYPTO_ALG_INSTANCE) ||
	    strchr(alg->cra_driver_name, '('))
		prio = -ENOENT;
	crypto_mod_put(alg);
	return prio;
}

int aesnictr_priority(const struct aesnictr_policy *policy,
		      enum aesnictr_impl impl, char *why, size_t why_len)
{
	enum aesnictr_cpu_class class = aesnictr_cpu_class();
	const struct aesnictr_stock_driver *s, *top = NULL;
	const char *failed = NULL;
	int prio, top_prio = 0;

	if (policy->stock_is_template) {
		scnprintf(why, why_len, "above the %.*s template",
			  (int)strcspn(policy->cra_name, "("), policy->cra_name);
		return AESNICTR_TEMPLATE_PRIORITY;
	}
	for (s = policy->stock; s->driver; s++) {
		prio = stock_priority(s->driver, policy->type);
		if (prio == -ENOENT)
			continue;
		if (prio == -ELIBBAD) {
			pr_warn("%s: the stock %s failed its self-test: not counted\n",
				policy->cra_name, s->driver);
			failed = s->driver;
			continue;
		}
		if (prio < 0) {
			pr_err("%s: could not read the state of the stock %s (error %d)\n",
			       policy->cra_name, s->driver, prio);
			return -EAGAIN;
		}
		if (!top || prio > top_prio) {
			top = s;
			top_prio = prio;
		}
	}
	if (!top && failed) {
		scnprintf(why, why_len, "no stock driver found (%s failed its self-test)",
			  failed);
		return AESNICTR_PRIORITY;
	}
	if (!top) {
		pr_info("%s: no stock driver found (aesni_intel not loaded); if it loads later, ours stays above it until this module is reloaded\n",
			policy->cra_name);
		scnprintf(why, why_len, "no stock driver found");
		return AESNICTR_PRIORITY;
	}
	if (top->beaten_by[class] & AESNICTR_BY(impl)) {
		scnprintf(why, why_len, "above %s (%d)", top->driver, top_prio);
		return AESNICTR_PRIORITY;
	}
	scnprintf(why, why_len, "below %s (%d), faster on this CPU class",
		  top->driver, top_prio);
	return top_prio - 1;
}
