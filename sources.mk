# SPDX-License-Identifier: GPL-2.0
# The module's sources: the one list that Kbuild, the Makefile (DKMS
# install), tools/dkms-check.sh and tools/kbuild-check.sh (sparse,
# checkpatch) read.  Objects in dependency order: the module core, the
# families, the shared code, the assembly.
AESNICTR_OBJS := aesni_ctr_glue.o \
	ctr_glue.o ctr_selftest.o gcm_glue.o gcm_selftest.o \
	xts_glue.o xts_selftest.o authenc_glue.o authenc_selftest.o \
	selftest.o cpu.o priority.o aes_key.o aes_ct.o \
	aesni_ctr_asm.o ghash_clmul.o xts_aes.o authenc_sha.o
AESNICTR_HEADERS := compat.h aesnictr_family.h ctr_internal.h gcm_internal.h \
	xts_internal.h authenc_internal.h selftest.h testmgr_vectors.h \
	xts_vectors.h authenc_vectors.h aesnictr_shared.h aes_ct.h aesni_ctr.h \
	xts_asm.h authenc_asm.h aes_ctr_common.h
