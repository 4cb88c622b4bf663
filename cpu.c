// SPDX-License-Identifier: GPL-2.0
/*
 * The implementations' names, the CPU features each vector width needs, the
 * CPU classes the priority lists tell apart, and when requests may use the
 * FPU.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/sysfs.h>
#include "shared.h"

static bool debug_force_nosimd;

/*
 * Root may switch it at run time (the tests do, between requests); turning
 * it on taints the kernel (U) and says so once, since every AES request of
 * this module then runs tens of times slower.
 */
static int debug_force_nosimd_set(const char *val, const struct kernel_param *kp)
{
	int err = param_set_bool(val, kp);

	if (!err && READ_ONCE(debug_force_nosimd)) {
		add_taint(TAINT_USER, LOCKDEP_STILL_OK);
		pr_notice_once("debug_force_nosimd set: every request takes the slow non-SIMD path (kernel tainted: U)\n");
	}
	return err;
}

static const struct kernel_param_ops debug_force_nosimd_ops = {
	.set = debug_force_nosimd_set,
	.get = param_get_bool,
};

module_param_cb(debug_force_nosimd, &debug_force_nosimd_ops,
		&debug_force_nosimd, 0644);
MODULE_PARM_DESC(debug_force_nosimd,
		 "Tests only: run every request on the slow non-SIMD fallback path, as when the FPU is not usable; root may switch it at run time; setting it taints the kernel (U)");

const char *const aesnictr_impl_names[AESNICTR_NR_IMPLS] = {
	[AESNICTR_AVX]		= "avx",
	[AESNICTR_VAES2]	= "vaes2",
	[AESNICTR_VAES512]	= "vaes512",
};

bool aesnictr_simd_usable(void)
{
	return !READ_ONCE(debug_force_nosimd) && crypto_simd_usable();
}

/* Requests the kernel sent down the non-SIMD path (not the debug switch). */
static atomic_long_t nonsimd_requests = ATOMIC_LONG_INIT(0);

static int nonsimd_requests_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(&nonsimd_requests));
}

static const struct kernel_param_ops nonsimd_requests_ops = {
	.get = nonsimd_requests_get,
};

module_param_cb(nonsimd_requests, &nonsimd_requests_ops, NULL, 0444);
MODULE_PARM_DESC(nonsimd_requests,
		 "Read-only: how many requests ran on the non-SIMD path because the FPU was not usable when they started (in an interrupt that came during another FPU section, typically); debug_force_nosimd's are not counted");

bool aesnictr_request_simd(void)
{
	if (READ_ONCE(debug_force_nosimd))
		return false;
	if (crypto_simd_usable())
		return true;
	atomic_long_inc(&nonsimd_requests);
	return false;
}

const char *aesnictr_cpu_lacks_impl(enum aesnictr_impl impl)
{
	switch (impl) {
	case AESNICTR_VAES512:
		if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
		    !boot_cpu_has(X86_FEATURE_AVX512BW) ||
		    !boot_cpu_has(X86_FEATURE_AVX512VL))
			return "AVX-512F/BW/VL";
		if (!cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				       XFEATURE_MASK_AVX512, NULL))
			return "OS support for AVX-512 state";
		fallthrough;
	case AESNICTR_VAES2:
		if (!AESNICTR_AS_VAES)
			return "an assembler that knew VAES at build time";
		if (!boot_cpu_has(X86_FEATURE_VAES))
			return "VAES";
		if (!boot_cpu_has(X86_FEATURE_AVX2))
			return "AVX2";
		fallthrough;
	case AESNICTR_AVX:
		if (!boot_cpu_has(X86_FEATURE_AES))
			return "AES-NI";
		if (!boot_cpu_has(X86_FEATURE_AVX))
			return "AVX";
		if (!cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
				       NULL))
			return "OS support for AVX state";
		return NULL;
	default:
		return "a known implementation";
	}
}

/*
 * Intel CPUs that lower their clock while 512-bit vectors are in use, as
 * mainline lists them (Skylake-X, Ice Lake client and server, Tiger Lake
 * client; family 6 models); newer kernels mark them X86_FEATURE_PREFER_YMM.
 */
static const u8 zmm_downclocking_models[] = {
	0x55,			/* Skylake-X, Cascade Lake, Cooper Lake */
	0x6a, 0x6c,		/* Ice Lake server (X, D) */
	0x7d, 0x7e, 0x9d,	/* Ice Lake client, NNPI */
	0x8c, 0x8d,		/* Tiger Lake */
};

bool aesnictr_cpu_prefers_ymm(void)
{
	int i;

	if (aesnictr_cpu_flags_prefer_ymm())
		return true;
	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(zmm_downclocking_models); i++)
		if (boot_cpu_data.x86_model == zmm_downclocking_models[i])
			return true;
	return false;
}

const char *const aesnictr_cpu_class_names[AESNICTR_NR_CPU_CLASSES] = {
	[AESNICTR_CPU_DEFAULT]		= "default",
	[AESNICTR_CPU_ZEN5_TURIN]	= "amd-zen5-turin",
};

/*
 * AMD family 0x1a models 0x00-0x0f are Zen 5 server parts (EPYC 9005,
 * Turin), with the full 512-bit datapath; the class was measured on model 2.
 * Other family 0x1a models (client parts, some with a 256-bit datapath for
 * AVX-512, and later cores) were not measured and get the default.
 */
enum aesnictr_cpu_class aesnictr_cpu_class(void)
{
	if (boot_cpu_data.x86_vendor == X86_VENDOR_AMD &&
	    boot_cpu_data.x86 == 0x1a && boot_cpu_data.x86_model <= 0x0f)
		return AESNICTR_CPU_ZEN5_TURIN;
	return AESNICTR_CPU_DEFAULT;
}
