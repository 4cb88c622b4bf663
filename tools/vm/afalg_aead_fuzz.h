/* SPDX-License-Identifier: GPL-2.0 */
#ifndef AFALG_AEAD_FUZZ_H
#define AFALG_AEAD_FUZZ_H

#include "afalg_common.h"

/*
 * The skeleton of the AEAD fuzzers (afalg_aead, afalg_authenc, afalg_ccm):
 * fz_main() parses the command line ([--seed S] [--oracle NAME]
 * [--nosimd-param PATH] [--inject] MODE DRIVER N, or --hold/--kat/
 * --badargs/--speed to the fuzzer's own function) and runs N cases, each:
 * the key (one case in four a new one, one new key in ten after a bad one,
 * which both must refuse with EINVAL and then run no operation: ENOKEY),
 * one case in forty a bad tag length (EINVAL from both), one in three a new
 * one; the request (the fuzzer's: IV, AAD, text, or a special case of its
 * own, FZ_DONE); the oracle's encryption, checked by the fuzzer against its
 * own reference; encryption by the driver (compared with the oracle's),
 * decryption of it, and in three cases of four a changed message (the
 * fuzzer's tamper()) decrypted by both: the same result, the error the
 * fuzzer wants (fz.want), with wipe a text region all zero after EBADMSG.
 * Each driver operation by one of aead_run_op()'s paths, debug_force_nosimd
 * toggled before it and before setkey with --nosimd-param.  --inject: the
 * fuzzer's self-check, a fault put into the driver's results one case in
 * three (a flipped bit of its encryption or decryption, a forgery
 * accepted): every one must be reported and nothing else.  Output: at most
 * 8 "FAIL: fuzz DRV case N: ..." lines and "FAIL: fuzz DRV vs ORACLE: ..."
 * with the seed, or one "PASS: fuzz DRV vs ORACLE: ..." line.
 */
enum { FZ_OK, FZ_BAD, FZ_DONE, FZ_FATAL };	/* the callbacks' results */
#define FZ_ANY 1			/* fz.want: any result, alike from both */
#define FZ_MAX_T 16			/* tamper kinds */
#define FZ_MAX_KEY 256

struct fz {
	const void *mode;		/* the fuzzer's (starts with name, oracle) */
	const char *drv, *oracle;
	struct alg t, o;		/* the driver under test, the oracle */
	unsigned long c;		/* the case */
	/* the case: key (for libkcapi), tag, request; the buffers */
	uint8_t key[FZ_MAX_KEY], iv[16], tiv[16];
	unsigned int klen, akl, ivlen, assoclen, authsize, wipe, need_key;
	size_t len;
	uint8_t *in, *exp, *out, *oout, *tmp, *work, *buf[6];
	enum aead_path pe, pd, pt, plast;
	/* the changed message: kind, input, text and output length, the
	 * error wanted from both (FZ_ANY: any) */
	int tk, want, rt, ro;
	size_t tin, tlen, tout;
	const char *what;		/* a failure: what, why */
	char why[400], note[80], simd[8], keysimd;
	unsigned long cases, failures, injected, bytes, paths[AP_NR];
	unsigned long tampers[FZ_MAX_T], badmsg, otherr, wiped, encs, rekeys;
	unsigned long klens[3], auths[65], badkeys, badauth, refchk;
	unsigned long alen_max, len_max;
};

struct fz_ops {
	const char *usage;
	const void *modes;		/* structs of mode_size, name first */
	size_t mode_size, bufsz;	/* bufsz: the longest AAD || text || tag */
	unsigned int nmodes, ntamper;
	const char *const *tamper_name;	/* [0]: none */
	int (*setup)(struct fz *f);	/* bind the references, ivlen, wipe */
	int (*new_key)(struct fz *f);	/* key, klen, akl; the reference's */
	unsigned int (*bad_key)(struct fz *f);	/* optional: its length */
	unsigned int (*pick_tag)(struct fz *f);
	unsigned int (*bad_tag)(struct fz *f);	/* optional */
	int (*request)(struct fz *f);	/* iv, assoclen, len, in (or FZ_DONE) */
	int (*check_oracle)(struct fz *f);	/* exp against the reference */
	void (*tamper)(struct fz *f);	/* tk, tmp, tiv, tin, tlen, tout, want */
	int (*check_tampered)(struct fz *f);	/* optional: more checks */
	void (*report)(struct fz *f, char *buf, size_t n);	/* PASS: own part */
	void (*teardown)(struct fz *f);
	int (*hold)(const char *name, unsigned int secs);
	int (*kat)(const void *mode, const char *name);		/* optional */
	int (*badargs)(const void *mode, const char *drv);	/* optional */
	int (*speed)(const char *name, double secs);		/* optional */
};

int fz_main(int argc, char **argv, const struct fz_ops *ops);
/* one operation of the driver (oracle 0: debug_force_nosimd toggled) or
 * the oracle, with the case's key, tag and assoclen; accepts first if
 * needed, drops the op socket on an error; 0 or -errno */
int fz_op(struct fz *f, int oracle, enum aead_path p, int enc,
	  const uint8_t *iv, const uint8_t *in, size_t inlen, uint8_t *out,
	  size_t outlen);
/* a request both must refuse with want (encryption of in, tin bytes, or
 * decryption): FZ_DONE, or FZ_BAD naming it */
int fz_refuse(struct fz *f, int enc, int want, const char *name);
/* the oracle's output (AAD region, ct if not NULL, tag) against the
 * fuzzer's reference named ref: 0 or FZ_BAD */
int fz_check_ref(struct fz *f, const uint8_t *ct, const uint8_t *tag,
		 const char *ref);
int fz_bad(struct fz *f, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));	/* FZ_BAD */
void fz_flip(uint8_t *p, size_t n);	/* a random bit of p[0..n) */
/* the changed message's text tlen bytes, 1..maxd shorter or longer, a
 * random tag */
void fz_change_len(struct fz *f, unsigned int maxd);

/* a known answer on a, flat: op encrypts to want (AAD || C || T), which
 * decrypts back to op->in, and with its last byte changed gives EBADMSG;
 * 0, or -1 with why */
int aead_kat(struct alg *a, struct aead_op *op, uint8_t *want, char *why,
	     size_t n);
/* bind a to the aead name (unless NULL), key it, set the tag length,
 * accept: 0 or -errno */
int aead_key(struct alg *a, const char *name, const uint8_t *key,
	     unsigned int klen, unsigned int authsize);
/* --hold: a keyed tfm (zero IV but byte 0 = 3, a CCM L - 1) used once */
int aead_hold(const char *name, unsigned int secs, const uint8_t *key,
	      unsigned int klen, unsigned int ivlen, unsigned int assoclen,
	      unsigned int authsize);

#endif /* AFALG_AEAD_FUZZ_H */
