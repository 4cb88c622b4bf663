/* SPDX-License-Identifier: GPL-2.0 */
/* TEMPORARY STUB: replaced by the stitched SHA-512 code (branch sha512). */
#include <linux/linkage.h>
#include <linux/cfi_types.h>
	.text
SYM_TYPED_FUNC_START(aesnictr_sha512_blocks)
	RET
SYM_FUNC_END(aesnictr_sha512_blocks)
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_enc)
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_enc)
SYM_TYPED_FUNC_START(aesnictr_cbc_sha512_dec)
	RET
SYM_FUNC_END(aesnictr_cbc_sha512_dec)
