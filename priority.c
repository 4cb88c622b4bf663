// SPDX-License-Identifier: GPL-2.0
/*
 * The one place that decides which priority each family registers with.
 *
 * A family gives the stock drivers of 6.1 to 7.3 that serve its algorithms
 * and, per CPU class, which of its implementations make bench measured faster
 * than each (priority.h).  Every driver registered under the family's
 * algorithm name is a rival, known or not; the one the kernel would use is
 * the one with the highest priority.  If ours was measured faster than it,
 * or there is none, ours registers at AESNICTR_PRIORITY, above all of them;
 * otherwise one below it, so the faster code stays first and ours stays
 * reachable by driver name.  A rival ours was never measured against (a
 * newer kernel's driver under a new name, hardware) is logged by name and
 * priority and counts as faster: ours goes below it.  A driver that failed
 * its own self-test counts as absent: the kernel would not use it either.
 * Where the family can be timed (ctr, gcm, xts: policy->calib) and
 * calibrate= is on, ours is first timed against that driver (calibrate.c)
 * and the rule of priority_rule.c decides: above it, below it, or, inside
 * the rule's margin, the measured tables as above.
 * A template instance never counts: ours always beats a composition of
 * generic parts.  Where the stock code is a template (authenc), ours
 * registers at one fixed priority above it.  Where templates that multiply
 * the priority are built over ours (cbc), the result is held at
 * AESNICTR_TEMPLATE_BASE_PRIORITY.
 *
 * The rivals are found in the crypto API's list of algorithms, then looked
 * up by driver name, without loading modules (CRYPTO_NOLOAD) and without
 * allocating a transform: a name without a template cannot make the crypto
 * manager build an instance, and no transform means no cryptd instance
 * behind 6.1/6.12's SIMD wrappers.  So the lookup leaves nothing behind.
 * The module core has asked for aesni_intel before; if it arrives later,
 * ours keeps the priority it chose until the module is reloaded (the README
 * says so).
 */

#include <crypto/algapi.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "calibrate.h"
#include "priority.h"

/* Rivals considered per family; more are logged and left out. */
#define AESNICTR_MAX_RIVALS	16

/*
 * The registered priority of the stock driver drv: -ENOENT if it is not
 * registered (or is a template instance, which always counts as beaten),
 * -ELIBBAD if it is registered but failed its self-test (the crypto API
 * never hands it out, so it counts as absent), another error if its state
 * could not be read.
 */
static int stock_priority(const char *drv, u32 type, u32 *flags)
{
	struct crypto_alg *alg;
	int prio;

	alg = crypto_alg_mod_lookup(drv, type,
				    CRYPTO_ALG_TYPE_MASK | CRYPTO_NOLOAD);
	if (IS_ERR(alg))
		return PTR_ERR(alg);
	prio = alg->cra_priority;
	*flags = alg->cra_flags;
	if ((alg->cra_flags & CRYPTO_ALG_INSTANCE) ||
	    strchr(alg->cra_driver_name, '('))
		prio = -ENOENT;
	crypto_mod_put(alg);
	return prio;
}

/*
 * The driver names (at most max, into names) of the algorithms registered
 * under the family's name and type that could be a rival: not ours, not a
 * template instance, not a larval or dead.  Returns how many there are
 * (more than max if some did not fit).
 */
static int find_rivals(const struct aesnictr_policy *policy,
		       char (*names)[CRYPTO_MAX_ALG_NAME], int max)
{
	struct crypto_alg *alg;
	int n = 0;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		if (((alg->cra_flags ^ policy->type) & CRYPTO_ALG_TYPE_MASK) ||
		    (alg->cra_flags & (CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD |
				       CRYPTO_ALG_INSTANCE)) ||
		    alg->cra_module == THIS_MODULE ||
		    strcmp(alg->cra_name, policy->cra_name) ||
		    strchr(alg->cra_driver_name, '('))
			continue;
		if (n < max)
			strscpy(names[n], alg->cra_driver_name,
				CRYPTO_MAX_ALG_NAME);
		n++;
	}
	up_read(&crypto_alg_sem);
	return n;
}

/* A Q16 ratio as hundredths, rounded: 1.07 is 107. */
static unsigned int hundredths(u32 ratio)
{
	return ((u64)ratio * 100 + AESNICTR_RATIO_ONE / 2) >> 16;
}

/*
 * Ours (impl) timed against the stock driver drv (calibrate.c) and the
 * rule's verdict, logged with every ratio; AESNICTR_VERDICT_TABLE where the
 * family has no timing, calibrate=0, or the timing failed.
 */
static enum aesnictr_verdict measure(const struct aesnictr_policy *policy,
				     enum aesnictr_impl impl, const char *drv,
				     u32 flags, u32 *mean_out)
{
	struct aesnictr_calib_result res;
	enum aesnictr_verdict v;
	char list[AESNICTR_CALIB_MAX_POINTS * 5 + 1] = "";
	unsigned int i;
	u32 mean, min;
	int err;

	if (!policy->calib || !aesnictr_calibrate_enabled())
		return AESNICTR_VERDICT_TABLE;
	err = aesnictr_calibrate(policy->calib, impl, drv, policy->type, flags,
				 &res);
	if (err) {
		pr_warn("%s: timing %s against %s failed (%d): the measured tables decide\n",
			policy->cra_name, aesnictr_impl_names[impl], drv, err);
		return AESNICTR_VERDICT_TABLE;
	}
	v = aesnictr_rule(res.ratio, res.n, &mean, &min);
	*mean_out = mean;
	for (i = 0; i < res.n; i++)
		scnprintf(list + strlen(list), sizeof(list) - strlen(list),
			  " %u.%02u", hundredths(res.ratio[i]) / 100,
			  hundredths(res.ratio[i]) % 100);
	pr_info("%s: %s timed against %s:%s; mean %u.%02u, lowest %u.%02u: %s (%llu us)\n",
		policy->cra_name, aesnictr_impl_names[impl], drv, list,
		hundredths(mean) / 100, hundredths(mean) % 100,
		hundredths(min) / 100, hundredths(min) % 100,
		aesnictr_verdict_name(v), div_u64(res.ns, 1000));
	return v;
}

/* The entry of the family's measured list for driver drv, or NULL. */
static const struct aesnictr_stock_driver *
measured(const struct aesnictr_policy *policy, const char *drv)
{
	const struct aesnictr_stock_driver *s;

	for (s = policy->stock; s->driver; s++)
		if (!strcmp(s->driver, drv))
			return s;
	return NULL;
}

int aesnictr_priority(const struct aesnictr_policy *policy,
		      enum aesnictr_impl impl, char *why, size_t why_len,
		      u32 *mean)
{
	enum aesnictr_cpu_class class = aesnictr_cpu_class();
	const struct aesnictr_stock_driver *known, *top_known = NULL;
	char (*names)[CRYPTO_MAX_ALG_NAME];
	char failed[CRYPTO_MAX_ALG_NAME] = "";
	enum aesnictr_verdict v = AESNICTR_VERDICT_TABLE;
	int i, n, prio, top = -1, top_prio = 0, ret;
	u32 flags = 0, top_flags = 0;

	if (policy->stock_is_template) {
		scnprintf(why, why_len, "above the %.*s template",
			  (int)strcspn(policy->cra_name, "("), policy->cra_name);
		return AESNICTR_TEMPLATE_PRIORITY;
	}
	names = kmalloc_array(AESNICTR_MAX_RIVALS, sizeof(*names), GFP_KERNEL);
	if (!names)
		return -ENOMEM;
	n = find_rivals(policy, names, AESNICTR_MAX_RIVALS);
	if (n > AESNICTR_MAX_RIVALS) {
		pr_warn("%s: %d other drivers registered; only the first %d considered\n",
			policy->cra_name, n, AESNICTR_MAX_RIVALS);
		n = AESNICTR_MAX_RIVALS;
	}
	for (i = 0; i < n; i++) {
		prio = stock_priority(names[i], policy->type, &flags);
		if (prio == -ENOENT)
			continue;
		if (prio == -ELIBBAD) {
			pr_warn("%s: the stock %s failed its self-test: not counted\n",
				policy->cra_name, names[i]);
			strscpy(failed, names[i], sizeof(failed));
			continue;
		}
		if (prio < 0) {
			pr_err("%s: could not read the state of the stock %s (error %d)\n",
			       policy->cra_name, names[i], prio);
			ret = -EAGAIN;
			goto out;
		}
		known = measured(policy, names[i]);
		if (!known)
			pr_info("%s: found %s (priority %d), a driver ours was never measured against\n",
				policy->cra_name, names[i], prio);
		if (top < 0 || prio > top_prio) {
			top = i;
			top_prio = prio;
			top_known = known;
			top_flags = flags;
		}
	}
	*mean = 0;
	if (top_known)
		v = measure(policy, impl, names[top], top_flags, mean);
	ret = AESNICTR_PRIORITY;
	if (top < 0 && *failed) {
		scnprintf(why, why_len, "no stock driver found (%s failed its self-test)",
			  failed);
	} else if (top < 0) {
		pr_info("%s: no stock driver found (aesni_intel not loaded); if it loads later, ours stays above it until this module is reloaded\n",
			policy->cra_name);
		scnprintf(why, why_len, "no stock driver found");
	} else if (!top_known) {
		scnprintf(why, why_len, "below %s (%d), not measured against it",
			  names[top], top_prio);
		ret = top_prio - 1;
	} else if (v == AESNICTR_VERDICT_BELOW) {
		scnprintf(why, why_len, "below %s (%d), slower when timed at load",
			  names[top], top_prio);
		ret = top_prio - 1;
	} else if (v == AESNICTR_VERDICT_ABOVE) {
		scnprintf(why, why_len, "above %s (%d), faster when timed at load",
			  names[top], top_prio);
	} else if (top_known->beaten_by[class] & AESNICTR_BY(impl)) {
		scnprintf(why, why_len, "above %s (%d)", names[top], top_prio);
	} else {
		scnprintf(why, why_len, "below %s (%d), faster on this CPU class",
			  names[top], top_prio);
		ret = top_prio - 1;
	}
	if (policy->template_base && ret > AESNICTR_TEMPLATE_BASE_PRIORITY) {
		ret = AESNICTR_TEMPLATE_BASE_PRIORITY;
		if (top >= 0 && ret <= top_prio)
			scnprintf(why, why_len, "below %s (%d), held at %d for templates over it",
				  names[top], top_prio, ret);
		else
			scnprintf(why + strlen(why), why_len - strlen(why),
				  ", held at %d for templates over it", ret);
	}
out:
	kfree(names);
	return ret;
}
