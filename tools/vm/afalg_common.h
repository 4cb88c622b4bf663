/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg_common - helpers shared by the AF_ALG fuzzers afalg_fuzz (ctr(aes))
 * and afalg_aead (gcm/rfc4106): the seedable RNG, hex helpers, raw AF_ALG
 * socket, sendmsg/recvmsg and vmsplice+splice plumbing, the libkcapi path
 * choice and reporting.
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
 * the 6.x names for the running kernel (the name itself if nothing changes;
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

/* --hold: err from keying a; report, keep it open for secs, close it */
int alg_hold(struct alg *a, const char *name, unsigned int secs, int err);

#endif /* AFALG_COMMON_H */
