/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace types for including the module's assembly ABI headers
 * (../../../<family>_asm.h) from the native tools, and the ctr and gcm ABI.
 */
#ifndef AESNICTR_USER_H
#define AESNICTR_USER_H
#include <stdbool.h>
#include <stdint.h>
typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;
#define __aligned(x)	__attribute__((aligned(x)))
#define asmlinkage
#include "../../../ctr_asm.h"
#include "../../../gcm_asm.h"
#endif
