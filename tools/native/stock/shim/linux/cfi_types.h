/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/cfi_types.h>: no kCFI type hashes here. */
#include <linux/linkage.h>
