/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/cfi_types.h>: see linkage.h beside it. */
#include <linux/linkage.h>
