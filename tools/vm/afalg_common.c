// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_common - helpers shared by the AF_ALG fuzzers, and the skeleton of
 * the AEAD fuzzers; see afalg_common.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <kcapi.h>

#include "afalg_common.h"

/* ------------------------------------------------------------------ */
/* random numbers (xorshift64*), seedable for reproduction             */

uint64_t rng_state;

uint64_t rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

uint32_t rnd(uint32_t n)
{
	return n ? (uint32_t)(rnd64() % n) : 0;
}

uint64_t rng_seed(uint64_t seed)
{
	if (!seed) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		seed = ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec ^
		       ((uint64_t)getpid() << 16);
	}
	rng_state = seed ? seed : 1;
	return seed;
}

void rnd_bytes(uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = rnd64();
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

const char *errs(int e)
{
	return e ? strerror(-e) : "success";
}

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

void hex(char *dst, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(dst + 2 * i, "%02x", p[i]);
	dst[2 * n] = 0;
}

int unhex(uint8_t *dst, const char *s)
{
	int n = 0;

	while (s[0] && s[1]) {
		unsigned int v;

		if (sscanf(s, "%2x", &v) != 1)
			break;
		dst[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int split(size_t len, size_t *parts, int maxparts)
{
	int n = 1 + (int)rnd((uint32_t)maxparts), i;
	size_t left = len;

	for (i = 0; i < n - 1; i++) {
		size_t p;

		switch (rnd(4)) {
		case 0:  p = rnd(2 * AES_BS + 1); break;
		case 1:  p = (size_t)rnd(8) * AES_BS; break;
		default: p = rnd((uint32_t)(left + 1)); break;
		}
		if (p > left)
			p = left;
		parts[i] = p;
		left -= p;
	}
	parts[n - 1] = left;
	return n;
}

void join_counts(char *buf, const char *const *names,
		 const unsigned long *counts, int n)
{
	int i;

	*buf = 0;
	for (i = 0; i < n; i++)
		buf += sprintf(buf, "%s%s=%lu", i ? " " : "", names[i],
			       counts[i]);
}

/* ------------------------------------------------------------------ */
/* the kernel's reference implementations: 6.x or 7.x names             */

static int kernel_has_aes_lib(void)
{
	static int known = -1;
	char line[256];
	FILE *f;

	if (known >= 0)
		return known;
	known = 0;
	f = fopen("/proc/crypto", "r");
	if (!f)
		return known;
	while (fgets(line, sizeof(line), f)) {
		char drv[128];

		if (sscanf(line, "driver : %127s", drv) == 1 &&
		    !strcmp(drv, "aes-lib")) {
			known = 1;
			break;
		}
	}
	fclose(f);
	return known;
}

const char *ref_name(const char *name)
{
	static const struct { const char *from, *to; } map[] = {
		{ "aes-generic", "aes-lib" }, { "ghash-generic", "ghash-lib" },
		{ "sha1-generic", "sha1-lib" }, { "sha256-generic", "sha256-lib" },
		{ "sha384-generic", "sha384-lib" }, { "sha512-generic", "sha512-lib" },
	};
	static struct { char *in, *out; } memo[16];
	char buf[128], *out;
	const char *p = name;
	size_t o = 0;
	unsigned int i, hit = 0;

	if (!kernel_has_aes_lib() || !strstr(name, "-generic"))
		return name;
	for (i = 0; i < 16 && memo[i].in; i++)
		if (!strcmp(memo[i].in, name))
			return memo[i].out;
	while (*p && o + 1 < sizeof(buf)) {
		unsigned int j;

		for (j = 0; j < sizeof(map) / sizeof(map[0]); j++) {
			size_t fl = strlen(map[j].from), tl = strlen(map[j].to);

			if (!strncmp(p, map[j].from, fl) && o + tl + 1 < sizeof(buf)) {
				memcpy(buf + o, map[j].to, tl);
				o += tl;
				p += fl;
				hit = 1;
				break;
			}
		}
		if (j == sizeof(map) / sizeof(map[0]))
			buf[o++] = *p++;
	}
	buf[o] = 0;
	if (!hit || *p)
		return name;
	out = strdup(buf);
	if (!out)
		return name;
	if (i < 16) {	/* remembered (the few names a run uses) */
		memo[i].in = strdup(name);
		memo[i].out = out;
		if (!memo[i].in)
			memo[i].out = NULL;
	}
	return out;
}

/* ------------------------------------------------------------------ */
/* raw AF_ALG                                                          */

int alg_bind(struct alg *a, const char *type, const char *name)
{
	struct sockaddr_alg sa;

	name = ref_name(name);
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	snprintf(a->name, sizeof(a->name), "%s", name);
	a->opfd = -1;
	a->ivlen = 0;
	a->tfmfd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (a->tfmfd < 0)
		return -errno;
	if (bind(a->tfmfd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = -errno;

		close(a->tfmfd);
		a->tfmfd = -1;
		return e;
	}
	return 0;
}

void alg_drop_op(struct alg *a)
{
	if (a->opfd >= 0)
		close(a->opfd);
	a->opfd = -1;
}

void alg_close(struct alg *a)
{
	alg_drop_op(a);
	if (a->tfmfd >= 0)
		close(a->tfmfd);
	a->tfmfd = -1;
}

int alg_setkey(struct alg *a, const uint8_t *key, unsigned int klen)
{
	alg_drop_op(a);
	return setsockopt(a->tfmfd, SOL_ALG, ALG_SET_KEY, key, klen) < 0 ? -errno : 0;
}

int alg_setauthsize(struct alg *a, unsigned int as)
{
	alg_drop_op(a);
	return setsockopt(a->tfmfd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as) < 0 ?
	       -errno : 0;
}

int alg_accept(struct alg *a)
{
	alg_drop_op(a);
	a->opfd = accept4(a->tfmfd, NULL, NULL, SOCK_CLOEXEC);
	return a->opfd < 0 ? -errno : 0;
}

ssize_t alg_sendmsg(int fd, int meta, int op, const uint8_t *iv,
		    unsigned int ivlen, long assoclen, struct iovec *iov,
		    int niov, int more)
{
	union {
		char buf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 32) +
			 CMSG_SPACE(4)];
		struct cmsghdr align;
	} cb;
	struct msghdr msg;
	size_t want = 0;
	ssize_t r;
	int i;

	for (i = 0; i < niov; i++)
		want += iov[i].iov_len;
	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = iov;
	msg.msg_iovlen = niov;
	if (meta) {
		struct cmsghdr *c;
		struct af_alg_iv *aiv;

		memset(&cb, 0, sizeof(cb));
		msg.msg_control = cb.buf;
		msg.msg_controllen = sizeof(cb.buf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(c) = op;
		if (ivlen) {
			c = CMSG_NXTHDR(&msg, c);
			c->cmsg_level = SOL_ALG;
			c->cmsg_type = ALG_SET_IV;
			c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + ivlen);
			aiv = (struct af_alg_iv *)CMSG_DATA(c);
			aiv->ivlen = ivlen;
			memcpy(aiv->iv, iv, ivlen);
		}
		if (assoclen >= 0) {
			c = CMSG_NXTHDR(&msg, c);
			c->cmsg_level = SOL_ALG;
			c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
			c->cmsg_len = CMSG_LEN(4);
			*(uint32_t *)CMSG_DATA(c) = (uint32_t)assoclen;
		}
		msg.msg_controllen = CMSG_SPACE(4) +
			(ivlen ? CMSG_SPACE(sizeof(struct af_alg_iv) + ivlen) : 0) +
			(assoclen >= 0 ? CMSG_SPACE(4) : 0);
	}
	r = sendmsg(fd, &msg, more ? MSG_MORE : 0);
	if (r < 0)
		return -errno;
	/* a short send is never expected below the sndbuf size */
	return (size_t)r == want ? r : -EMSGSIZE;
}

ssize_t alg_recv(int fd, struct iovec *iov, int niov)
{
	struct msghdr msg;
	ssize_t r;

	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = iov;
	msg.msg_iovlen = niov;
	r = recvmsg(fd, &msg, 0);
	return r < 0 ? -errno : r;
}

ssize_t alg_splice_in(int fd, const uint8_t *buf, size_t len, int more)
{
	int p[2];
	size_t done = 0;
	ssize_t ret = 0;

	if (pipe(p) < 0)
		return -errno;
	while (done < len) {
		size_t chunk = len - done;
		struct iovec iov;
		ssize_t v, s, moved = 0;

		if (chunk > 15 * 4096)	/* <= 16 pages even when unaligned */
			chunk = 15 * 4096;
		iov.iov_base = (void *)(buf + done);
		iov.iov_len = chunk;
		v = vmsplice(p[1], &iov, 1, 0);
		if (v <= 0) {
			ret = v < 0 ? -errno : -EIO;
			goto out;
		}
		while (moved < v) {
			int last = done + v >= len;

			s = splice(p[0], NULL, fd, NULL, v - moved,
				   (more || !last) ? SPLICE_F_MORE : 0);
			if (s <= 0) {
				ret = s < 0 ? -errno : -EIO;
				goto out;
			}
			moved += s;
		}
		done += v;
	}
	ret = done;
out:
	close(p[0]);
	close(p[1]);
	return ret;
}

void kcapi_pick(int *access, int *inplace, char *detail, size_t size)
{
	*access = rnd(2) ? KCAPI_ACCESS_SENDMSG : KCAPI_ACCESS_VMSPLICE;
	*inplace = rnd(2);
	snprintf(detail, size, "libkcapi %s%s",
		 *access == KCAPI_ACCESS_SENDMSG ? "sendmsg" : "vmsplice",
		 *inplace ? " in-place" : "");
}

/* ------------------------------------------------------------------ */
/* one AEAD operation by one of several paths (afalg_aead, afalg_authenc) */

/*
 * recvmsg of exactly outlen bytes.  An empty output (decryption of an empty
 * message without AAD) still needs a non-empty buffer, or recvmsg returns
 * before running the request at all.
 */
int aead_recv(int fd, struct iovec *iov, int niov, size_t outlen)
{
	struct iovec dummy;
	uint8_t d[AES_BS];
	ssize_t r;

	if (!outlen) {
		dummy.iov_base = d;
		dummy.iov_len = sizeof(d);
		iov = &dummy;
		niov = 1;
	}
	r = alg_recv(fd, iov, niov);
	if (r < 0)
		return (int)r;
	return (size_t)r == outlen ? 0 : -EIO;
}

/* ------------------------------------------------------------------ */
/* one AEAD operation                                                  */


const char *const aead_path_name[AP_NR] = {
	"flat", "iov", "multi", "splice", "inplace", "kcapi",
};

char aead_detail[256];

/*
 * The guard bytes around the output pieces of AP_IOV: the kernel maps the
 * user's pages, so a write past the declared output would land in them.
 */
#define OUT_GAP		67
#define GUARD_BYTE	0x5a

static int check_gaps(const uint8_t *work, const size_t *parts, int n)
{
	size_t off = 0, j;
	int i;

	for (i = 0; i <= n; i++) {
		for (j = 0; j < OUT_GAP; j++) {
			if (work[off + j] != GUARD_BYTE) {
				snprintf(aead_detail, sizeof(aead_detail),
					 "wrote outside its output: guard byte %zu %s output piece %d of %d changed",
					 j, i < n ? "before" : "after", i < n ? i : n - 1, n);
				return -ENOTRECOVERABLE;
			}
		}
		off += OUT_GAP + (i < n ? parts[i] : 0);
	}
	return 0;
}

/* work: scratch of BUFSZ + SLACK bytes */
int aead_run_op(struct alg *a, const char *drv, enum aead_path path,
		  const struct aead_op *o, uint8_t *work)
{
	int opn = o->enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	size_t parts[AEAD_MAX_PARTS], oparts[AEAD_MAX_PARTS], off;
	struct iovec iov[AEAD_MAX_PARTS], oiov[AEAD_MAX_PARTS];
	int n, on, i, err;
	ssize_t r;

	aead_detail[0] = 0;
	switch (path) {
	case AP_FLAT:
		iov[0].iov_base = (void *)o->in;
		iov[0].iov_len = o->inlen;
		r = alg_sendmsg(a->opfd, 1, opn, o->iv, o->ivlen, o->assoclen, iov, 1, 0);
		if (r < 0)
			return (int)r;
		oiov[0].iov_base = o->out;
		oiov[0].iov_len = o->outlen;
		return aead_recv(a->opfd, oiov, 1, o->outlen);

	case AP_IOV:
		n = split(o->inlen, parts, AEAD_MAX_PARTS);
		on = split(o->outlen, oparts, AEAD_MAX_PARTS);
		for (i = 0, off = 0; i < n; off += parts[i], i++) {
			iov[i].iov_base = (void *)(o->in + off);
			iov[i].iov_len = parts[i];
		}
		/* each output piece with OUT_GAP guard bytes before and after */
		for (i = 0, off = 0; i < on; off += oparts[i], i++) {
			oiov[i].iov_base = work + off + (size_t)(i + 1) * OUT_GAP;
			oiov[i].iov_len = oparts[i];
		}
		memset(work, GUARD_BYTE, o->outlen + (size_t)(on + 1) * OUT_GAP);
		snprintf(aead_detail, sizeof(aead_detail), "in %d iovecs, out %d iovecs", n, on);
		r = alg_sendmsg(a->opfd, 1, opn, o->iv, o->ivlen, o->assoclen, iov, n, 0);
		if (r < 0)
			return (int)r;
		err = aead_recv(a->opfd, oiov, on, o->outlen);
		if (!err)
			err = check_gaps(work, oparts, on);
		if (err)
			return err;
		for (i = 0, off = 0; i < on; off += oparts[i], i++)
			memcpy(o->out + off, oiov[i].iov_base, oparts[i]);
		return 0;

	case AP_MULTI:
		n = split(o->inlen, parts, 6);
		snprintf(aead_detail, sizeof(aead_detail), "%d sendmsg calls", n);
		r = alg_sendmsg(a->opfd, 1, opn, o->iv, o->ivlen, o->assoclen, NULL, 0, 1);
		if (r < 0)
			return (int)r;
		for (i = 0, off = 0; i < n; off += parts[i], i++) {
			iov[0].iov_base = (void *)(o->in + off);
			iov[0].iov_len = parts[i];
			r = alg_sendmsg(a->opfd, 0, 0, NULL, 0, 0, iov, 1, i < n - 1);
			if (r < 0)
				return (int)r;
		}
		oiov[0].iov_base = o->out;
		oiov[0].iov_len = o->outlen;
		return aead_recv(a->opfd, oiov, 1, o->outlen);

	case AP_SPLICE:
	case AP_INPLACE: {
		const uint8_t *src = o->in;

		if (path == AP_INPLACE) {
			memmove(o->out, o->in, o->inlen);
			src = o->out;
		}
		if (!o->inlen) {
			r = alg_sendmsg(a->opfd, 1, opn, o->iv, o->ivlen, o->assoclen,
				  NULL, 0, 0);
		} else {
			r = alg_sendmsg(a->opfd, 1, opn, o->iv, o->ivlen, o->assoclen,
				  NULL, 0, 1);
			if (r >= 0)
				r = alg_splice_in(a->opfd, src, o->inlen, 0);
		}
		if (r < 0)
			return (int)r;
		oiov[0].iov_base = o->out;
		oiov[0].iov_len = o->outlen;
		return aead_recv(a->opfd, oiov, 1, o->outlen);
	}

	case AP_KCAPI: {
		struct kcapi_handle *h;
		int access, inplace;
		const uint8_t *src = o->in;
		int ret;

		kcapi_pick(&access, &inplace, aead_detail, sizeof(aead_detail));
		ret = kcapi_aead_init(&h, drv, 0);
		if (ret)
			return ret;
		ret = kcapi_aead_setkey(h, o->key, o->klen);
		if (!ret)
			ret = kcapi_aead_settaglen(h, o->authsize);
		if (ret) {
			kcapi_aead_destroy(h);
			return ret;
		}
		kcapi_aead_setassoclen(h, o->assoclen);
		if (inplace) {
			memmove(o->out, o->in, o->inlen);
			src = o->out;
		}
		if (o->enc)
			r = kcapi_aead_encrypt(h, src, o->inlen, o->iv, o->out,
					       o->outlen, access);
		else
			r = kcapi_aead_decrypt(h, src, o->inlen, o->iv, o->out,
					       o->outlen, access);
		kcapi_aead_destroy(h);
		if (r < 0)
			return (int)r;
		return (size_t)r == o->outlen ? 0 : -EIO;
	}
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------------ */
/* keep a keyed transform open (module refcount held)                  */

int alg_hold(struct alg *a, const char *name, unsigned int secs, int err)
{
	if (err) {
		printf("FAIL: hold %s: %s\n", name, strerror(-err));
		return 1;
	}
	printf("HOLD: %s open for %u s (pid %d)\n", name, secs, (int)getpid());
	fflush(stdout);
	sleep(secs);
	alg_close(a);
	return 0;
}

int alg_bind_both(struct alg *t, struct alg *o, const char *type,
		  const char *drv, const char *oracle, const char *what)
{
	int err = alg_bind(t, type, drv);

	if (err) {
		printf("FAIL: %s %s: cannot bind AF_ALG %s %s: %s\n", what, drv,
		       type, drv, strerror(-err));
		return -1;
	}
	err = alg_bind(o, type, oracle);
	if (err) {
		printf("FAIL: %s %s: the oracle %s cannot be instantiated: %s\n",
		       what, drv, oracle, strerror(-err));
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* what every tool's main() starts with                                 */

void usage_exit(const char *usage)
{
	fputs(usage, stderr);
	exit(2);
}

void tool_start(int argc, const char *usage)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2)
		usage_exit(usage);
}

/* ------------------------------------------------------------------ */
/* debug_force_nosimd switching                                         */

const char *nosimd_path;
unsigned long nosimd_set[2];

int set_nosimd(int on)
{
	int fd;

	if (!nosimd_path)
		return 0;
	fd = open(nosimd_path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, on ? "1" : "0", 1) != 1) {
		printf("FAIL: cannot write %s: %s\n", nosimd_path, strerror(errno));
		exit(1);
	}
	close(fd);
	nosimd_set[!!on]++;
	return on;
}

/* ------------------------------------------------------------------ */
/* the AEAD fuzz skeleton (afalg_aead, afalg_authenc, afalg_ccm)        */

static int fz_inject;		/* --inject: the fuzzer's self-check */

int fz_bad(struct fz *f, const char *what, const char *fmt, ...)
{
	va_list ap;

	f->what = what;
	va_start(ap, fmt);
	vsnprintf(f->why, sizeof(f->why), fmt, ap);
	va_end(ap);
	return FZ_BAD;
}

void fz_flip(uint8_t *p, size_t n)
{
	p[rnd((uint32_t)n)] ^= (uint8_t)(1u << rnd(8));
}

void fz_change_len(struct fz *f, unsigned int maxd)
{
	uint8_t *t = f->tmp + f->assoclen;

	if (f->len && rnd(2)) {
		f->tlen = f->len - 1 - rnd(f->len < maxd ? (uint32_t)f->len : maxd);
	} else {
		f->tlen = f->len + 1 + rnd(maxd);
		rnd_bytes(t + f->len, f->tlen - f->len);
	}
	rnd_bytes(t + f->tlen, f->authsize);
	f->tin = f->assoclen + f->tlen + f->authsize;
	f->tout = f->assoclen + f->tlen;
}

int fz_op(struct fz *f, int oracle, enum aead_path p, int enc,
	  const uint8_t *iv, const uint8_t *in, size_t inlen, uint8_t *out,
	  size_t outlen)
{
	struct aead_op op = { enc, iv, f->ivlen, f->assoclen, f->authsize, f->key,
			      f->klen, in, inlen, out, outlen };
	struct alg *a = oracle ? &f->o : &f->t;
	size_t n = strlen(f->simd);
	int err;

	if (!oracle) {
		err = set_nosimd((int)rnd(2));
		if (n + 1 < sizeof(f->simd))
			f->simd[n] = "AC"[err];
		f->plast = p;
	}
	err = a->opfd < 0 ? alg_accept(a) : 0;
	if (!err)
		err = aead_run_op(a, oracle ? f->oracle : f->drv, p, &op, f->work);
	if (err)
		alg_drop_op(a);
	return err;
}

int fz_refuse(struct fz *f, int enc, int want, const char *name)
{
	size_t tin = f->assoclen + f->len + (enc ? 0 : f->authsize);
	size_t tout = enc ? tin + f->authsize : f->assoclen + f->len;

	memset(f->oout, 0xa5, tout + 16);
	memset(f->out, 0xa5, tout + 16);
	f->ro = fz_op(f, 1, AP_FLAT, enc, f->iv, f->in, tin, f->oout, tout);
	/* (libkcapi checks lengths itself) */
	f->rt = fz_op(f, 0, f->pe == AP_KCAPI ? AP_FLAT : f->pe, enc, f->iv, f->in,
		      tin, f->out, tout);
	alg_drop_op(&f->t);
	alg_drop_op(&f->o);
	f->what = enc ? "encrypt" : "decrypt";
	if (f->rt != f->ro || f->rt != want)
		return fz_bad(f, f->what, "%s (assoclen %u, text %zu): driver %s, oracle %s (want %s from both)",
			      name, f->assoclen, f->len, errs(f->rt), errs(f->ro), errs(want));
	return FZ_DONE;
}

int fz_check_ref(struct fz *f, const uint8_t *ct, const uint8_t *tag,
		 const char *ref)
{
	size_t a = f->assoclen, l = f->len;
	const char *d = memcmp(f->exp, f->in, a) ? "AAD region" :
			ct && memcmp(f->exp + a, ct, l) ? "ciphertext" :
			memcmp(f->exp + a + l, tag, f->authsize) ? "tag" : NULL;

	f->refchk++;
	return d ? fz_bad(f, "oracle", "the oracle's %s differs from %s's", d, ref) : 0;
}

/* both set key f->key (key 1: klen v) or tag length v: want from both */
static int fz_both(struct fz *f, int key, unsigned int v, int want, const char *what)
{
	if (key)
		f->keysimd = "AC"[set_nosimd((int)rnd(2))];
	f->rt = key ? alg_setkey(&f->t, f->key, v) : alg_setauthsize(&f->t, v);
	f->ro = key ? alg_setkey(&f->o, f->key, v) : alg_setauthsize(&f->o, v);
	if (f->rt == want && f->ro == want)
		return 0;
	f->need_key = 1;
	return fz_bad(f, what, "%u%s: driver %s, oracle %s (want %s from both)", v,
		      key ? " bytes" : "", errs(f->rt), errs(f->ro), errs(want));
}

static int fz_key(struct fz *f, const struct fz_ops *ops)
{
	unsigned int v;
	int err;

	if (f->need_key || !rnd(4)) {
		f->need_key = 1;
		if (ops->bad_key && !rnd(10)) {
			uint8_t z[48] = { 3 };
			struct aead_op op = { 1, z, f->ivlen, 16, 16, NULL, 0, z, 32, f->oout, 48 };

			v = ops->bad_key(f);
			f->badkeys++;
			if (fz_both(f, 1, v, -EINVAL, "bad key"))
				return FZ_BAD;
			/* a tfm whose setkey failed needs a key: AF_ALG accepts
			 * a "nokey" socket whose operations fail with ENOKEY */
			f->rt = alg_accept(&f->t) ?: aead_run_op(&f->t, f->drv, AP_FLAT, &op, NULL);
			f->ro = alg_accept(&f->o) ?: aead_run_op(&f->o, f->oracle, AP_FLAT, &op, NULL);
			alg_drop_op(&f->t);
			alg_drop_op(&f->o);
			if (f->rt != f->ro || f->rt != -ENOKEY)
				return fz_bad(f, "operation after a bad key", "encryption after a %u-byte key: driver %s, oracle %s (want ENOKEY from both)",
					      v, errs(f->rt), errs(f->ro));
		}
		err = ops->new_key(f);
		if (err)
			return fz_bad(f, "setkey", "the reference: %s", errs(err));
		if (fz_both(f, 1, f->klen, 0, "setkey"))
			return FZ_BAD;
		f->need_key = 0;
		f->rekeys++;
		/* set again on the new key's sockets */
		if (f->authsize && fz_both(f, 0, f->authsize, 0, "setauthsize"))
			return FZ_BAD;
	}
	if (ops->bad_tag && !rnd(40)) {
		f->badauth++;
		f->authsize = 0;	/* set again below */
		if (fz_both(f, 0, ops->bad_tag(f), -EINVAL, "bad tag length"))
			return FZ_BAD;
	}
	if (!f->authsize || !rnd(3)) {
		v = ops->pick_tag(f);
		if (fz_both(f, 0, v, 0, "setauthsize"))
			return FZ_BAD;
		f->authsize = v;
	}
	return 0;
}

/* decrypt a changed message, driver and oracle */
static int fz_tamper(struct fz *f, const struct fz_ops *ops)
{
	size_t k, tot = f->assoclen + f->len + f->authsize, a = f->assoclen;
	const char *tn, *w = "changed-message decrypt";
	int r;

	memcpy(f->tmp, f->exp, tot);
	memcpy(f->tiv, f->iv, 16);
	f->tin = tot;
	f->tlen = f->len;
	f->tout = tot - f->authsize;
	f->want = -EBADMSG;
	ops->tamper(f);
	tn = ops->tamper_name[f->tk];
	memset(f->oout, 0x5a, f->tout + 16);
	f->ro = fz_op(f, 1, AP_FLAT, 0, f->tiv, f->tmp, f->tin, f->oout, f->tout);
	if (f->pt == AP_KCAPI && (!f->tout || f->tin > AEAD_KCAPI_MAX ||
				  f->tin < a + f->authsize))
		f->pt = AP_FLAT;
	memset(f->out, 0xa5, f->tout + 16);
	f->rt = fz_op(f, 0, f->pt, 0, f->tiv, f->tmp, f->tin, f->out, f->tout);
	if (fz_inject && f->c % 3 == 2 && f->rt == -EBADMSG) {
		f->rt = 0;		/* a forgery "accepted" */
		f->injected++;
	}
	if (f->rt != f->ro)
		return fz_bad(f, w, "%s changed (text %zu bytes, iv[0] %u): driver %s, oracle %s",
			      tn, f->tlen, f->tiv[0], errs(f->rt), errs(f->ro));
	if (!f->rt && memcmp(f->out, f->oout, f->tout))
		return fz_bad(f, w, "%s changed: both accept, outputs differ", tn);
	if (f->want != FZ_ANY && f->rt != f->want)
		return fz_bad(f, w, "%s changed: %s from both, want %s", tn, errs(f->rt),
			      errs(f->want));
	if (f->rt == -EBADMSG)
		f->badmsg++;
	else if (f->rt)
		f->otherr++;
	/* no plaintext released: the text region is zeroed (AP_IOV copies
	 * out only on success) */
	if (f->wipe && f->rt == -EBADMSG && f->pt != AP_IOV && f->tlen &&
	    !(f->tlen % f->wipe)) {
		for (k = 0; k < f->tlen && !f->out[a + k]; k++)
			;
		if (k < f->tlen)
			return fz_bad(f, w, "%s changed, EBADMSG, but the text region of the driver's output is not all zero (byte %zu is 0x%02x%s)",
				      tn, k, f->out[a + k], f->tlen == f->len &&
				      !memcmp(f->out + a, f->in + a, f->tlen) ? "; it holds the plaintext" : "");
		f->wiped++;
	}
	if (ops->check_tampered && (r = ops->check_tampered(f)))
		return r;
	f->tampers[f->tk]++;
	f->paths[f->pt]++;
	return 0;
}

static int fz_case(struct fz *f, const struct fz_ops *ops)
{
	size_t k, tot, il;
	int r = fz_key(f, ops);

	if (r || (r = ops->request(f)))
		return r;
	il = f->assoclen + f->len;
	tot = il + f->authsize;
	if (f->pe == AP_KCAPI && (tot > AEAD_KCAPI_MAX || !il))
		f->pe = AP_FLAT;
	if (f->pd == AP_KCAPI && (tot > AEAD_KCAPI_MAX || !il))
		f->pd = AP_FLAT;
	/* the oracle, checked by the fuzzer's own reference */
	f->ro = fz_op(f, 1, AP_FLAT, 1, f->iv, f->in, il, f->exp, tot);
	if (f->ro)
		return fz_bad(f, "oracle encrypt", "%s", errs(f->ro));
	if ((r = ops->check_oracle(f)))
		return r;
	/* encryption by the driver */
	memset(f->out, 0xa5, tot + 16);
	f->encs++;
	f->rt = fz_op(f, 0, f->pe, 1, f->iv, f->in, il, f->out, tot);
	if (f->rt)
		return fz_bad(f, "encrypt", "driver %s, oracle success", errs(f->rt));
	if (fz_inject && f->c % 3 == 0) {
		fz_flip(f->out + f->assoclen, f->len + f->authsize);
		f->injected++;
	}
	for (k = 0; k < tot && f->out[k] == f->exp[k]; k++)
		;
	if (k < tot)
		return fz_bad(f, "encrypt", "output differs from the oracle's at byte %zu (%s)", k,
			      k < f->assoclen ? "AAD" : k < il ? "ciphertext" : "tag");
	f->paths[f->pe]++;
	/* decryption of it */
	memset(f->out, 0x5a, tot + 16);
	f->rt = fz_op(f, 0, f->pd, 0, f->iv, f->exp, tot, f->out, il);
	if (!f->rt && fz_inject && f->c % 3 == 1 && il) {
		fz_flip(f->out, il);
		f->injected++;
	}
	for (k = 0; !f->rt && k < il && f->out[k] == f->in[k]; k++)
		;
	if (f->rt)
		return fz_bad(f, "decrypt", "error %s on an authentic message", errs(f->rt));
	if (k < il)
		return fz_bad(f, "decrypt", "AAD || plaintext wrong from byte %zu", k);
	f->paths[f->pd]++;
	if (rnd(4) && (r = fz_tamper(f, ops)))
		return r;
	f->bytes += il;
	f->klens[(f->akl - 16) / 8]++;
	f->auths[f->authsize]++;
	if (f->assoclen > f->alen_max)
		f->alen_max = f->assoclen;
	if (f->len > f->len_max)
		f->len_max = f->len;
	return 0;
}

static void fz_fail(struct fz *f)
{
	char ivh[33], np[40] = "";

	if (++f->failures > 8 || fz_inject)
		return;
	hex(ivh, f->iv, f->ivlen);
	if (nosimd_path)
		snprintf(np, sizeof(np), " C/asm setkey %c, ops %s", f->keysimd, f->simd);
	printf("FAIL: fuzz %s case %lu: %s via %s (encrypt via %s): assoclen=%u len=%zu AES-%u authsize=%u iv=%s%s %s%s: %s\n",
	       f->drv, f->c, f->what, f->plast < AP_NR ? aead_path_name[f->plast] : "-",
	       aead_path_name[f->pe], f->assoclen, f->len, f->akl * 8, f->authsize, ivh,
	       f->note, aead_detail, np, f->why);
}

static void fz_report(struct fz *f, const struct fz_ops *ops, double secs, uint64_t seed)
{
	char tb[300], pb[200], ab[700], own[700], bb[120] = "", *q = ab;
	unsigned int i;

	join_counts(tb, ops->tamper_name + 1, f->tampers + 1, (int)ops->ntamper - 1);
	join_counts(pb, aead_path_name, f->paths, AP_NR);
	*q = 0;
	for (i = 0; i <= 64; i++)
		if (f->auths[i])
			q += sprintf(q, "%s%u:%lu", q == ab ? "" : " ", i, f->auths[i]);
	if (ops->bad_key)
		snprintf(bb, sizeof(bb), "; bad keys %lu (EINVAL, then ENOKEY), bad tag lengths %lu (EINVAL)",
			 f->badkeys, f->badauth);
	ops->report(f, own, sizeof(own));
	printf("PASS: fuzz %s vs %s: %lu cases (%lu encryptions compared, each decrypted; changed messages: %s; EBADMSG from both %lu times, other equal errors %lu%s), %lu bytes, assoclen up to %lu, text up to %lu, AES-128/192/256 keys %lu/%lu/%lu (%lu keys), tag lengths %s, %s, %.1f s (seed 0x%016" PRIx64 "; ops: %s%s)\n",
	       f->drv, f->oracle, f->cases, f->encs, tb, f->badmsg, f->otherr, bb, f->bytes,
	       f->alen_max, f->len_max, f->klens[0], f->klens[1], f->klens[2], f->rekeys,
	       ab, own, secs, seed, pb,
	       nosimd_path ? "; debug_force_nosimd toggled at random before setkey and each operation" : "");
}

static int fz_run(const struct fz_ops *ops, struct fz *f, unsigned long n, uint64_t seed)
{
	double t0 = now();
	int i;

	for (i = 0; i < 6; i++)
		if (!(f->buf[i] = malloc(ops->bufsz + 4096))) {
			printf("FAIL: fuzz %s: out of memory\n", f->drv);
			return 1;
		}
	f->exp = f->buf[2];
	f->oout = f->buf[3];
	f->tmp = f->buf[4];
	f->work = f->buf[5];
	if (alg_bind_both(&f->t, &f->o, "aead", f->drv, f->oracle, "fuzz") || ops->setup(f))
		return 1;
	f->need_key = 1;
	for (f->c = 0; f->c < n; f->c++) {
		f->pe = (enum aead_path)rnd(AP_NR);
		f->pd = (enum aead_path)rnd(AP_NR);
		f->pt = (enum aead_path)rnd(AP_NR);
		f->plast = AP_NR;
		f->tk = 0;
		f->note[0] = 0;
		memset(f->simd, 0, sizeof(f->simd));
		f->in = f->buf[0] + rnd(64);	/* any alignment */
		f->out = f->buf[1] + rnd(64);
		i = fz_case(f, ops);
		f->cases++;
		if (i == FZ_FATAL)
			return 1;
		if (i == FZ_BAD)
			fz_fail(f);
	}
	set_nosimd(0);
	alg_close(&f->t);
	alg_close(&f->o);
	if (ops->teardown)
		ops->teardown(f);
	if (fz_inject) {
		if (f->failures == f->injected && f->injected > 0)
			printf("PASS: fuzzer self-check (%s): all %lu faults put into the driver's results in %lu cases were reported, and nothing else (seed 0x%016" PRIx64 ")\n",
			       f->drv, f->injected, f->cases, seed);
		else
			printf("FAIL: fuzzer self-check (%s): %lu faults injected, %lu cases reported wrong (seed 0x%016" PRIx64 ")\n",
			       f->drv, f->injected, f->failures, seed);
		f->failures = f->failures != f->injected || !f->injected;
	} else if (f->failures) {
		printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
		       f->drv, f->oracle, f->failures, f->cases, seed);
	} else {
		fz_report(f, ops, now() - t0, seed);
	}
	for (i = 0; i < 6; i++)
		free(f->buf[i]);
	return f->failures ? 1 : 0;
}

/* the mode named name: each fuzzer's mode struct starts with name, oracle */
static const void *fz_mode(const struct fz_ops *ops, const char *name)
{
	const char *m = ops->modes;
	unsigned int i;

	for (i = 0; i < ops->nmodes; i++, m += ops->mode_size)
		if (!strcmp(name, *(const char *const *)m))
			return m;
	fprintf(stderr, "unknown mode %s\n", name);
	usage_exit(ops->usage);
}

int fz_main(int argc, char **argv, const struct fz_ops *ops)
{
	static struct fz f;
	const char *oracle = NULL;
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, ops->usage);
	if (argc == 4 && !strcmp(argv[1], "--hold"))
		return ops->hold(argv[2], (unsigned int)atoi(argv[3]));
	if (argc == 4 && ops->kat && !strcmp(argv[1], "--kat"))
		return ops->kat(fz_mode(ops, argv[2]), argv[3]);
	if (argc == 4 && ops->badargs && !strcmp(argv[1], "--badargs")) {
		rng_state = 0x9e3779b97f4a7c15ULL;
		return ops->badargs(fz_mode(ops, argv[2]), argv[3]);
	}
	if (argc == 4 && ops->speed && !strcmp(argv[1], "--speed")) {
		rng_seed(0);
		return ops->speed(argv[2], atof(argv[3]));
	}
	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--inject")) {
			fz_inject = 1;
			i--;
			continue;
		}
		if (i + 1 >= argc)
			usage_exit(ops->usage);
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--oracle"))
			oracle = argv[i + 1];
		else if (!strcmp(argv[i], "--nosimd-param"))
			nosimd_path = argv[i + 1];
		else
			usage_exit(ops->usage);
	}
	if (argc - i != 3)
		usage_exit(ops->usage);
	f.mode = fz_mode(ops, argv[i]);
	f.drv = argv[i + 1];
	f.oracle = ref_name(oracle ? oracle : ((const char *const *)f.mode)[1]);
	return fz_run(ops, &f, strtoul(argv[i + 2], NULL, 0), rng_seed(seed));
}

/* ------------------------------------------------------------------ */
/* known answers, holders                                              */

int aead_kat(struct alg *a, struct aead_op *op, uint8_t *want, char *why,
	     size_t n)
{
	struct aead_op d = { 0, op->iv, op->ivlen, op->assoclen, op->authsize, op->key,
			     op->klen, want, op->outlen, op->out, op->inlen };
	int err = aead_key(a, NULL, op->key, op->klen, op->authsize);

	if (!err)
		err = aead_run_op(a, a->name, AP_FLAT, op, NULL);
	if (err || memcmp(op->out, want, op->outlen)) {
		snprintf(why, n, "encryption: %s", err ? errs(err) : "wrong ciphertext or tag");
		return -1;
	}
	err = aead_run_op(a, a->name, AP_FLAT, &d, NULL);
	if (err || memcmp(d.out, op->in, d.outlen)) {
		snprintf(why, n, "decryption: %s", err ? errs(err) : "not the plaintext");
		return -1;
	}
	want[op->outlen - 1] ^= 0x80;
	err = aead_run_op(a, a->name, AP_FLAT, &d, NULL);
	want[op->outlen - 1] ^= 0x80;
	if (err == -EBADMSG)
		return 0;
	snprintf(why, n, "a wrong tag gave %s, want EBADMSG", errs(err));
	return -1;
}

int aead_hold(const char *name, unsigned int secs, const uint8_t *key,
	      unsigned int klen, unsigned int ivlen, unsigned int assoclen,
	      unsigned int authsize)
{
	uint8_t iv[16] = { 3 }, in[64] = { 0 }, out[128];
	struct aead_op op = { 1, iv, ivlen, assoclen, authsize, NULL, 0, in,
			      assoclen + 32, out, assoclen + 32 + authsize };
	struct alg a;
	int err = aead_key(&a, name, key, klen, authsize);

	if (!err)
		err = aead_run_op(&a, name, AP_FLAT, &op, NULL);
	return alg_hold(&a, name, secs, err);
}

int aead_key(struct alg *a, const char *name, const uint8_t *key,
	     unsigned int klen, unsigned int authsize)
{
	int err = name ? alg_bind(a, "aead", name) : 0;

	if (!err)
		err = alg_setkey(a, key, klen);
	if (!err)
		err = alg_setauthsize(a, authsize);
	return err ? err : alg_accept(a);
}
