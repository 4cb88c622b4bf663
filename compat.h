/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version difference of aesni_ctr, in one place.  Kbuild
 * force-includes this file into each C file.  Where a feature can be probed
 * from the headers it is, since distribution kernels backport.
 */
#ifndef AESNICTR_COMPAT_H
#define AESNICTR_COMPAT_H

/* Every message of the module starts with its name. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

/*
 * Up to 6.14 a softirq may interrupt a task inside kernel_fpu_begin/end, and
 * crypto_simd_usable() is then false: synchronous algorithms need a non-SIMD
 * path.  From 6.15 kernel-mode FPU disables softirqs and is always usable in
 * task and softirq context; the check stays correct there, just never false.
 */
#include <asm/simd.h>
#include <crypto/internal/simd.h>

/*
 * 6.15 made the skcipher walk's source address const; the glue only reads
 * through it, so one const pointer type serves every version.
 */
#define AESNICTR_WALK_SRC(walk)	((const u8 *)(walk)->src.virt.addr)

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h> (probed by Kbuild). */
#ifdef AESNICTR_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * 6.15 marks the CPUs that lower their clock for 512-bit vectors with a
 * feature bit; before, cpu.c's own list of models is all there is.
 */
#include <asm/cpufeature.h>
#ifdef X86_FEATURE_PREFER_YMM
#define aesnictr_cpu_flags_prefer_ymm()	boot_cpu_has(X86_FEATURE_PREFER_YMM)
#else
#define aesnictr_cpu_flags_prefer_ymm()	false
#endif

/*
 * Exported (GPL) by crypto/api.c on 6.1 to 7.3 but declared only in
 * crypto/internal.h, which modules cannot include: the lookup by name that
 * crypto_alloc_* does first, returning the algorithm with a reference held
 * (priority.c reads a stock driver's priority with it, allocating nothing).
 */
struct crypto_alg;
struct crypto_alg *crypto_alg_mod_lookup(const char *name, u32 type, u32 mask);
void crypto_mod_put(struct crypto_alg *alg);

/*
 * Likewise exported and declared there: the list of every registered
 * algorithm and its lock, which /proc/crypto reads (priority.c walks it
 * for the drivers registered under a family's algorithm name).
 */
struct list_head;
struct rw_semaphore;
extern struct list_head crypto_alg_list;
extern struct rw_semaphore crypto_alg_sem;

#endif /* AESNICTR_COMPAT_H */
