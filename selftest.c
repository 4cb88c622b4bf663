// SPDX-License-Identifier: GPL-2.0
/* Helpers of the families' load-time self-tests (selftest.h). */

#include <linux/errno.h>
#include <linux/printk.h>
#include "selftest.h"

const char *aesnictr_selftest_path(enum aesnictr_impl impl, bool simd)
{
	return simd ? aesnictr_impl_names[impl] : "non-SIMD path";
}

int aesnictr_selftest_check(const char *family, enum aesnictr_impl impl,
			    bool simd, const char *what, const u8 *got,
			    const u8 *want, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (got[i] != want[i]) {
			pr_err("%s: self-test of %s failed: %s, first difference at byte %u\n",
			       family, aesnictr_selftest_path(impl, simd), what,
			       i);
			return -EBADMSG;
		}
	}
	return 0;
}
