// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_common - helpers shared by the AF_ALG fuzzers; see afalg_common.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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
