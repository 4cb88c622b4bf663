# SPDX-License-Identifier: GPL-2.0
# The module's sources: the one list that Kbuild, the Makefile (DKMS
# install), tools/dkms-check.sh and tools/kbuild-check.sh (sparse,
# checkpatch) read.  Every file of a family carries its prefix
# (<family>_glue.c, _selftest.c, _internal.h, _vectors.h, _asm.h, _*.S).
# Objects in dependency order: the module core, the families, the shared
# code, the assembly.
AESNICTR_OBJS := module.o \
	ctr_glue.o ctr_selftest.o \
	gcm_glue.o gcm_selftest.o gcm_generic.o \
	xts_glue.o xts_selftest.o \
	authenc_families.o authenc_glue.o authenc_impls.o authenc_selftest.o \
	authenc_hmac.o \
	ccm_glue.o ccm_selftest.o ccm_generic.o \
	cbc_glue.o cbc_selftest.o cbc_generic.o \
	cmac_glue.o cmac_selftest.o cmac_generic.o \
	aead_driver.o skcipher_driver.o \
	selftest.o cpu.o priority.o priority_rule.o calibrate.o aes_key.o aes_ct.o \
	ctr_aes.o gcm_ghash.o gcm_update.o gcm_vaes512.o xts_aes.o \
	authenc_sha.o authenc_sha512.o ccm_aes.o cbc_aes.o cmac_aes.o aes_expand.o
AESNICTR_HEADERS := compat.h family.h priority.h shared.h selftest.h aes_ct.h \
	priority_rule.h calibrate.h \
	portable.h aead_driver.h skcipher_driver.h \
	aes_asm.h asm_common.h aes_rounds.h aes_cbc_chain.h \
	ctr_internal.h ctr_vectors.h ctr_asm.h \
	gcm_internal.h gcm_vectors.h gcm_asm.h gcm_asm_macros.h gcm_generic.h \
	xts_internal.h xts_vectors.h xts_asm.h \
	authenc_internal.h authenc_vectors.h authenc_asm.h \
	authenc_hmac.h \
	ccm_internal.h ccm_vectors.h ccm_asm.h ccm_generic.h \
	cbc_internal.h cbc_vectors.h cbc_asm.h cbc_generic.h \
	cmac_internal.h cmac_vectors.h cmac_asm.h cmac_generic.h
