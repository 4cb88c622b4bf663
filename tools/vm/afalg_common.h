/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg_common - helpers shared by the AF_ALG fuzzers afalg_fuzz (ctr(aes)),
 * afalg_aead (gcm/rfc4106), afalg_xts, afalg_authenc and afalg_ccm: the
 * seedable RNG, hex helpers, raw AF_ALG socket, sendmsg/recvmsg and
 * vmsplice+splice plumbing, one AEAD operation by one of several paths, the
 * libkcapi path choice and reporting.  The skeleton of the three AEAD
 * fuzzers is afalg_aead_fuzz.c/.h.
 */
#ifndef AFALG_COMMON_H
#define AFALG_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define AES_BS 16

/* random numbers (xorshift64*), seedable for reproduction */
extern uint64_t rng_state;
uint64_t rnd64(void);
uint32_t rnd(uint32_t n);		/* uniform-ish in [0, n) */
uint64_t rng_seed(uint64_t seed);	/* 0: from the clock and pid */
void rnd_bytes(uint8_t *p, size_t n);	/* 8 bytes per rnd64() */
const char *errs(int e);		/* strerror(-e), or "success" */

void hex(char *dst, const uint8_t *p, size_t n);
int unhex(uint8_t *dst, const char *s);
double now(void);

/* split len into 1..maxparts parts of random (possibly zero / odd) sizes */
int split(size_t len, size_t *parts, int maxparts);
/* "name=count name=count ..." into buf */
void join_counts(char *buf, const char *const *names,
		 const unsigned long *counts, int n);

/*
 * The kernel's reference implementations, named in oracle names: up to 6.x
 * the crypto API's C AES is "aes-generic" and gcm_base() takes
 * "ghash-generic"; from 7.0 the cipher is "aes-lib" (over the AES library)
 * and gcm_base() takes "ghash-lib".  ref_name() rewrites a name written with
 * the 6.x names for the running kernel (also sha1-generic -> sha1-lib,
 * sha256-generic -> sha256-lib, sha384/sha512-generic -> sha384/sha512-lib:
 * 7.x's hashes over the SHA library) (the name itself if nothing changes;
 * otherwise a string that stays valid); alg_bind() applies it to every name
 * it binds.
 */
const char *ref_name(const char *name);

/* raw AF_ALG */
struct alg {
	int tfmfd, opfd;
	unsigned int ivlen;	/* afalg_fuzz: 16, or 0 for ecb */
	char name[96];
};

int alg_bind(struct alg *a, const char *type, const char *name);
void alg_drop_op(struct alg *a);
void alg_close(struct alg *a);
/* the parent socket refuses setkey/setauthsize while a child exists */
int alg_setkey(struct alg *a, const uint8_t *key, unsigned int klen);
int alg_setauthsize(struct alg *a, unsigned int as);
int alg_accept(struct alg *a);
/*
 * sendmsg, with meta: the operation, the IV (if ivlen) and the AEAD assoclen
 * (if assoclen >= 0) as control messages
 */
ssize_t alg_sendmsg(int fd, int meta, int op, const uint8_t *iv,
		    unsigned int ivlen, long assoclen, struct iovec *iov,
		    int niov, int more);
ssize_t alg_recv(int fd, struct iovec *iov, int niov);
/* zero-copy input: vmsplice the user pages into a pipe, splice to the socket */
ssize_t alg_splice_in(int fd, const uint8_t *buf, size_t len, int more);

/* libkcapi path: pick sendmsg or vmsplice access and in-place or not */
void kcapi_pick(int *access, int *inplace, char *detail, size_t size);

/*
 * One AEAD operation through AF_ALG (afalg_aead, afalg_authenc): AF_ALG's
 * layout, encrypt AAD || P -> AAD || C || T, decrypt AAD || C || T ->
 * AAD || P; the input reaches the driver by one of the paths below (flat:
 * one sendmsg/recvmsg; iov: up to 12 iovecs each way; multi: several
 * sendmsg(MSG_MORE); splice: vmsplice+splice; inplace: the same from the
 * buffer that receives the output; kcapi: libkcapi, sendmsg or vmsplice,
 * in place or not, up to 14 pages).  aead_detail says how (iovec counts,
 * ...).  iov also fences the output: 67 guard bytes before, between and
 * after its pieces must be untouched (-ENOTRECOVERABLE otherwise, as a
 * write outside the declared output).  work: scratch of at least outlen +
 * 13 * 67 bytes.  0 or -errno.
 */
#define AEAD_MAX_PARTS 12
#define AEAD_KCAPI_MAX (14 * 4096)
struct aead_op {
	int enc;
	const uint8_t *iv;		/* ivlen bytes */
	unsigned int ivlen, assoclen, authsize;
	const uint8_t *key;		/* for libkcapi */
	unsigned int klen;
	const uint8_t *in;
	size_t inlen;
	uint8_t *out;			/* outlen bytes; room for inlen too */
	size_t outlen;
};
enum aead_path { AP_FLAT, AP_IOV, AP_MULTI, AP_SPLICE, AP_INPLACE, AP_KCAPI, AP_NR };
extern const char *const aead_path_name[AP_NR];
extern char aead_detail[256];
int aead_recv(int fd, struct iovec *iov, int niov, size_t outlen);
int aead_run_op(struct alg *a, const char *drv, enum aead_path path,
		const struct aead_op *o, uint8_t *work);

/* --hold: err from keying a; report, keep it open for secs, close it */
int alg_hold(struct alg *a, const char *name, unsigned int secs, int err);

/* bind the driver under test (t) and the oracle (o), both of type; on
 * failure a "FAIL: <what> <drv>: ..." line and -1 */
int alg_bind_both(struct alg *t, struct alg *o, const char *type,
		  const char *drv, const char *oracle, const char *what);

/* the start of each tool's main(): stdout line-buffered, SIGPIPE ignored;
 * with argc < 2 the usage text and exit status 2 (usage_exit) */
void tool_start(int argc, const char *usage);
void usage_exit(const char *usage) __attribute__((noreturn));

/* --nosimd-param: set_nosimd(on) writes 1/0 to the module's
 * debug_force_nosimd at nosimd_path (if set; exit 1 if it cannot) and
 * counts the switches in nosimd_set[on]; returns on */
extern const char *nosimd_path;
extern unsigned long nosimd_set[2];
int set_nosimd(int on);

#endif /* AFALG_COMMON_H */
