// SPDX-License-Identifier: GPL-2.0
/*
 * aesni_ctr: the module core.  It holds the table of algorithm families and
 * drives each one alike: for every family, from the widest implementation
 * max_tier allows down to the narrowest, skip those the CPU cannot run,
 * self-test the others and register the first that passes (after the
 * family's C implementation has passed its own test).  Families are
 * independent: one that cannot run on this CPU is left out with one line,
 * one whose implementations all fail is left out, and the module loads if
 * at least one family registered.  disable= leaves the families it names
 * out before anything of theirs runs (an administrator's switch).  The core
 * names, prioritises (priority.c), registers and unregisters every family's
 * algorithms.  Adding a family is its own files plus one entry in
 * families[] below (and its extern in family.h).
 */

#include <asm/cpu_device_id.h>
#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>
#include <linux/fips.h>
#include <linux/module.h>
#include <linux/utsname.h>
#include "calibrate.h"
#include "family.h"
#include "priority_rule.h"

#ifndef AESNICTR_VERSION
#define AESNICTR_VERSION "unknown"
#endif

static const struct aesnictr_family *const families[] = {
	&aesnictr_ctr_family,
	&aesnictr_gcm_family,
	&aesnictr_xts_family,
	&aesnictr_authenc_family,
	&aesnictr_authenc512_family,
	&aesnictr_ccm_family,
	&aesnictr_cbc_family,
	&aesnictr_cts_family,
	&aesnictr_cmac_family,
	&aesnictr_xcbc_family,
};

static char *max_tier;
module_param(max_tier, charp, 0444);
MODULE_PARM_DESC(max_tier,
		 "Widest implementation any family may use: avx (AES-NI+AVX, 128-bit), vaes2 (VAES+AVX2, 256-bit) or vaes512 (VAES+AVX-512F/BW/VL, 512-bit); default: vaes512, but vaes2 on Intel CPUs that lower their clock for 512-bit vectors");

static char *disable;
module_param(disable, charp, 0444);
MODULE_PARM_DESC(disable,
		 "Families to leave out, comma-separated: ctr, gcm, xts, authenc, authenc-sha512, ccm, cbc, cts, cmac, xcbc (their algorithms then stay with the stock code); read at load");

/* The implementation each family registered, or -1. */
static int registered[ARRAY_SIZE(families)];

/* udev loads the module at boot on CPUs with AES-NI, as it does aesni_intel. */
static const struct x86_cpu_id aesnictr_cpu_ids[] = {
	X86_MATCH_FEATURE(X86_FEATURE_AES, NULL),
	{}
};
MODULE_DEVICE_TABLE(x86cpu, aesnictr_cpu_ids);

/*
 * The widest implementation allowed (the load line's "width cap"): from
 * max_tier, or the default; -EINVAL for an unknown name.
 */
static int impl_cap(const char **why)
{
	int i;

	if (max_tier && *max_tier) {
		*why = "max_tier";
		for (i = 0; i < AESNICTR_NR_IMPLS; i++)
			if (sysfs_streq(max_tier, aesnictr_impl_names[i]))
				return i;
		return -EINVAL;
	}
	if (aesnictr_cpu_prefers_ymm()) {
		*why = "a CPU that slows down for 512-bit vectors; max_tier=vaes512 overrides";
		return AESNICTR_VAES2;
	}
	*why = "default";
	return AESNICTR_NR_IMPLS - 1;
}

/*
 * The families disable= names, as a bit per index of families[]; -EINVAL
 * (logged, with the known names) for a name that is no family's.
 */
static long disabled_families(void)
{
	const char *p = disable;
	/* "<name>, " per family: family names are short (at most 16 bytes) */
	char known[ARRAY_SIZE(families) * 18 + 1] = "";
	long mask = 0;
	int i;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		for (i = 0; n && i < ARRAY_SIZE(families); i++)
			if (n == strlen(families[i]->name) &&
			    !strncmp(p, families[i]->name, n))
				break;
		if (n && i == ARRAY_SIZE(families)) {
			for (i = 0; i < ARRAY_SIZE(families); i++)
				scnprintf(known + strlen(known),
					  sizeof(known) - strlen(known), "%s%s",
					  i ? ", " : "", families[i]->name);
			pr_err("unknown family '%.*s' in disable= (known: %s)\n",
			       (int)n, p, known);
			return -EINVAL;
		}
		if (n)
			mask |= BIT(i);
		p += n;
		p += *p == ',';
	}
	return mask;
}

static struct crypto_alg *family_alg(const struct aesnictr_family *f,
				     unsigned int i)
{
	if (f->skciphers)
		return &f->skciphers[i].base;
	if (f->shashes)
		return &f->shashes[i].base;
	return &f->aeads[i].base;
}

/* Register f's algorithms on impl at prio: 0, or an error and none stays. */
static int family_register(const struct aesnictr_family *f,
			   enum aesnictr_impl impl, int prio)
{
	unsigned int i;

	f->use_impl(impl);
	for (i = 0; i < f->nr_algs; i++) {
		struct crypto_alg *base = family_alg(f, i);

		if (WARN_ON(!f->driver_prefixes[i]))
			return -EINVAL;	/* the family's arrays disagree */
		snprintf(base->cra_driver_name, CRYPTO_MAX_ALG_NAME,
			 "%s-aesnictr-%s", f->driver_prefixes[i],
			 aesnictr_impl_names[impl]);
		base->cra_priority = prio;
	}
	if (f->skciphers)
		return crypto_register_skciphers(f->skciphers, f->nr_algs);
	if (f->shashes)
		return crypto_register_shashes(f->shashes, f->nr_algs);
	return crypto_register_aeads(f->aeads, f->nr_algs);
}

static void family_unregister(const struct aesnictr_family *f)
{
	if (f->skciphers)
		crypto_unregister_skciphers(f->skciphers, f->nr_algs);
	else if (f->shashes)
		crypto_unregister_shashes(f->shashes, f->nr_algs);
	else
		crypto_unregister_aeads(f->aeads, f->nr_algs);
}

/*
 * Self-test and register one family on the widest implementation at or below
 * cap that the CPU has and that passes; where the family was timed against
 * the stock driver (priority.c), every implementation that passes is timed
 * and the fastest is registered instead.  Returns the implementation,
 * -ENODEV if none could, or another error (which, in FIPS mode, refuses the
 * load).
 */
static int family_start(const struct aesnictr_family *f, int cap)
{
	const char *lacks = f->cpu_lacks(AESNICTR_AVX);
	char why[96], best_why[96] = "";
	int impl, err, prio, best = -1, best_prio = 0;
	u32 mean, best_mean = 0;

	if (lacks) {
		pr_info("%s: %s not registered: the CPU lacks %s\n", f->name,
			f->algs, lacks);
		return -ENODEV;
	}
	if (fips_enabled && f->not_fips_approved) {
		pr_info("%s: %s not registered: not an approved algorithm in FIPS mode\n",
			f->name, f->algs);
		return -ENODEV;
	}
	err = f->selftest(AESNICTR_AVX, false);
	if (err) {
		pr_err("%s: self-test of the non-SIMD path failed; %s not registered\n",
		       f->name, f->algs);
		return fips_enabled ? err : -ENODEV;
	}
	for (impl = cap; impl >= 0; impl--) {
		if (f->cpu_lacks(impl))
			continue;
		err = f->selftest(impl, true);
		if (err) {
			pr_err("%s: self-test of %s failed%s\n", f->name,
			       aesnictr_impl_names[impl],
			       impl ? "; trying a narrower one" : "");
			if (fips_enabled)
				return err;
			continue;
		}
		prio = aesnictr_priority(f->policy, impl, why, sizeof(why),
					 &mean);
		if (prio < 0) {
			pr_err("%s: %s not registered: its priority could not be decided\n",
			       f->name, f->algs);
			return -ENODEV;
		}
		/*
		 * a narrower one only if it was timed faster by the rule's
		 * margin (priority_rule.h: 2%), not by the noise
		 */
		if (best < 0 ||
		    (u64)mean * AESNICTR_RATIO_ONE >
		    (u64)best_mean * AESNICTR_RULE_ABOVE_MEAN) {
			if (best >= 0)
				pr_info("%s: %s timed faster than %s by more than the margin\n",
					f->name, aesnictr_impl_names[impl],
					aesnictr_impl_names[best]);
			best = impl;
			best_prio = prio;
			best_mean = mean;
			strscpy(best_why, why, sizeof(best_why));
		}
		if (!mean)
			break;	/* not timed: the widest that passed */
	}
	if (best < 0) {
		pr_err("%s: no implementation passed its self-test; %s not registered\n",
		       f->name, f->algs);
		return -ENODEV;
	}
	err = family_register(f, best, best_prio);
	if (err) {
		pr_err("%s: registering %s failed: %d\n", f->name, f->algs, err);
		return err;
	}
	pr_info("%s: %s as *-aesnictr-%s (priority %d: %s)\n", f->name,
		f->algs, aesnictr_impl_names[best], best_prio, best_why);
	return best;
}

static void families_stop(void)
{
	int i;

	for (i = ARRAY_SIZE(families) - 1; i >= 0; i--) {
		if (registered[i] >= 0)
			family_unregister(families[i]);
		registered[i] = -1;
	}
}

static int __init aesnictr_init(void)
{
	/* " <family>=<impl>" per family: at most 24 bytes each */
	char summary[ARRAY_SIZE(families) * 24 + 1] = "";
	const char *why = "";
	int cap = impl_cap(&why);
	int i, err, n = 0;
	long off;

	if (cap < 0) {
		pr_err("unknown max_tier=%s (known: avx, vaes2, vaes512)\n",
		       max_tier);
		return -EINVAL;
	}
	off = disabled_families();
	if (off < 0)
		return off;
	if (!x86_match_cpu(aesnictr_cpu_ids) ||
	    aesnictr_cpu_lacks_impl(AESNICTR_AVX)) {
		/* udev offers the module to every AES-NI CPU at each boot */
		pr_info("the CPU lacks %s; not loading\n",
			aesnictr_cpu_lacks_impl(AESNICTR_AVX) ?: "AES-NI");
		return -ENODEV;
	}
	/*
	 * In FIPS mode the crypto API panics when an unsigned module registers
	 * an algorithm (crypto_check_module_sig): refuse cleanly instead.
	 */
	if (fips_enabled && !module_sig_ok(THIS_MODULE)) {
		pr_err("FIPS mode requires a signed module; not loading\n");
		return -EKEYREJECTED;
	}

	/*
	 * Families register above the stock driver only where ours is faster
	 * (priority.c): have it loaded, as udev may load it after this module
	 * (the soft dependency below asks modprobe for the same).
	 */
	err = request_module("aesni-intel");
	if (err)
		pr_info("loading aesni-intel gave %d; deciding priorities from what is registered\n",
			err);
	for (i = 0; i < ARRAY_SIZE(families); i++)
		registered[i] = -1;
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		int impl;

		if (off & BIT(i)) {
			pr_info("%s: %s not registered: turned off by disable=\n",
				families[i]->name, families[i]->algs);
			continue;
		}
		impl = family_start(families[i], cap);
		registered[i] = impl >= 0 ? impl : -1;
		if (impl >= 0) {
			n++;
			scnprintf(summary + strlen(summary),
				  sizeof(summary) - strlen(summary), " %s=%s",
				  families[i]->name, aesnictr_impl_names[impl]);
		} else if (impl != -ENODEV) {
			families_stop();
			return impl;
		}
	}
	if (!n) {
		pr_info("no algorithm family could be registered; not loading\n");
		return -ENODEV;
	}
	if (AESNICTR_UNTESTED_KERNEL)
		pr_notice("kernel %s is newer than 7.3, the newest this version was tested on: any driver of the kernel's that ours was not measured against stays above ours\n",
			  utsname()->release);
	pr_info("version %s:%s (width cap %s: %s; timing at load %s; cpu class %s)\n",
		AESNICTR_VERSION, summary, aesnictr_impl_names[cap], why,
		aesnictr_calibrate_enabled() ? "on" : "off",
		aesnictr_cpu_class_names[aesnictr_cpu_class()]);
	if (aesnictr_calibrate_enabled())
		pr_info("timing at load took %llu us in all\n",
			aesnictr_calibrate_total_us());
	return 0;
}

static void __exit aesnictr_exit(void)
{
	families_stop();
}

/* its name is the README's boot-time off switch: initcall_blacklist=aesnictr_init */
module_init(aesnictr_init);
module_exit(aesnictr_exit);

MODULE_DESCRIPTION("AES-CTR, AES-GCM, AES-CCM, AES-XTS, AES-CBC (and CTS), AES-CMAC, AES-XCBC-MAC and AES-CBC with HMAC-SHA1/SHA256/SHA384/SHA512 (authenc, authencesn) with AES-NI/AVX, VAES, SHA-NI and AVX2");
MODULE_LICENSE("GPL");
MODULE_VERSION(AESNICTR_VERSION);
/* the stock drivers first, so priority.c can see what it must beat */
MODULE_SOFTDEP("pre: aesni_intel");
MODULE_ALIAS_CRYPTO("ctr(aes)");
MODULE_ALIAS_CRYPTO("gcm(aes)");
MODULE_ALIAS_CRYPTO("rfc4106(gcm(aes))");
MODULE_ALIAS_CRYPTO("xts(aes)");
MODULE_ALIAS_CRYPTO("ccm(aes)");
MODULE_ALIAS_CRYPTO("rfc4309(ccm(aes))");
MODULE_ALIAS_CRYPTO("cbc(aes)");
MODULE_ALIAS_CRYPTO("cts(cbc(aes))");
MODULE_ALIAS_CRYPTO("cmac(aes)");
MODULE_ALIAS_CRYPTO("xcbc(aes)");
