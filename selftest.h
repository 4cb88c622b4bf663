/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the families' load-time self-tests share: naming the path under test
 * in log lines and comparing results.  Each family's <family>_selftest.c
 * runs its known answers (<family>_vectors.h) and its bulk comparison of
 * every implementation against the non-SIMD path, on inputs of its own.
 */
#ifndef AESNICTR_SELFTEST_H
#define AESNICTR_SELFTEST_H

#include "shared.h"

/* "vaes2", or "non-SIMD path" when simd is false. */
const char *aesnictr_selftest_path(enum aesnictr_impl impl, bool simd);

/*
 * 0 if got equals want, else log "<family>: self-test of <path> failed:
 * <what>, first difference at byte <n>" and return -EBADMSG.
 */
int aesnictr_selftest_check(const char *family, enum aesnictr_impl impl,
			    bool simd, const char *what, const u8 *got,
			    const u8 *want, unsigned int len);

#endif /* AESNICTR_SELFTEST_H */
