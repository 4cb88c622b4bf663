// SPDX-License-Identifier: GPL-2.0
/*
 * ktls_xfer - kernel TLS (the software path of tls.ko) over one loopback TCP
 * connection inside the test guest, keyed by hand (no handshake): each end's
 * TLS_TX is the other end's TLS_RX.  The kernel encrypts and decrypts the
 * records with crypto_alloc_aead("gcm(aes)") or ("ccm(aes)"): whatever
 * driver serves that name.
 *
 *   ktls_xfer xfer CIPHER VER BYTES [HOLDFILE]
 *       both ends with TLS_TX and TLS_RX; BYTES of patterned data each way,
 *       both directions at once (a sender and a receiver thread per end,
 *       sends and reads of changing sizes), every byte checked on arrival;
 *       with HOLDFILE, once the data is through, prints "HOLD: ..." and keeps
 *       both sockets (their four AEAD transforms) open until HOLDFILE exists
 *       (at most 120 s), so that the guest can read /proc/crypto
 *   ktls_xfer wire CIPHER VER BYTES ORACLE
 *       the sender with TLS_TX, the receiver a plain TCP socket: the raw
 *       stream must be TLS records (type 23, version 3.3, lengths within
 *       the limits, sequence numbers from the configured rec_seq on), each
 *       decrypted in userspace through AF_ALG by driver name ORACLE (the
 *       kernel's generic template, not the driver kTLS used) with the key,
 *       nonce and AAD that RFC 5288/6655 (TLS 1.2) or RFC 8446 (TLS 1.3)
 *       prescribe, giving back the plaintext sent; the first record with a
 *       tag bit flipped must give EBADMSG from the oracle
 *   ktls_xfer badkey CIPHER VER
 *       receivers keyed with one key bit flipped, and with the right key but
 *       another rec_seq, must fail recv() with EBADMSG (the tag check)
 *
 * CIPHER: ccm128 (TLS_CIPHER_AES_CCM_128), gcm128, gcm256; VER: 1.2 or 1.3.
 * Prints "PASS: ..." / "FAIL: ..." lines (the guest relays them), other
 * lines are context.  Exit status 0 if all passed, 1 on a failure, 77
 * ("SKIP: ..." printed) if the kernel has no TLS ULP.  Gives up after 200 s.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_alg.h>
#include <linux/tls.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef SOL_TLS
#define SOL_TLS 282
#endif
#ifndef TCP_ULP
#define TCP_ULP 31
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define TAGLEN 16
#define MAXREC 16384		/* TLS plaintext limit per record */

struct cipher {
	const char *name;	/* on the command line */
	const char *kname;	/* the kTLS constant */
	const char *alg;	/* what tls.ko asks the crypto API for */
	unsigned short type;
	unsigned int keylen;
	int ccm;
};

static const struct cipher ciphers[] = {
	{ "ccm128", "TLS_CIPHER_AES_CCM_128", "ccm(aes)", TLS_CIPHER_AES_CCM_128, 16, 1 },
	{ "gcm128", "TLS_CIPHER_AES_GCM_128", "gcm(aes)", TLS_CIPHER_AES_GCM_128, 16, 0 },
	{ "gcm256", "TLS_CIPHER_AES_GCM_256", "gcm(aes)", TLS_CIPHER_AES_GCM_256, 32, 0 },
};

/* One direction's keys: what crypto_info carries (all three ciphers share
 * the layout iv[8] key[16|32] salt[4] rec_seq[8]). */
struct keys {
	uint8_t iv[8], key[32], salt[4], seq[8];
};

static const struct cipher *C;
static unsigned short VER;
static const char *VERNAME;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void on_alarm(int sig)
{
	static const char m[] = "FAIL: ktls_xfer: no progress for 200 s, giving up\n";

	(void)sig;
	if (write(1, m, sizeof(m) - 1) < 0)
		_exit(1);
	_exit(1);
}

/* the data: a function of the direction's seed and the byte's position */
static uint8_t pattern(uint64_t seed, uint64_t pos)
{
	uint64_t x = (pos / 8 + 1) * 0xd1342543de82ef95ULL + seed * 0x2545f4914f6cdd1dULL;

	x ^= x >> 29;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 32;
	return (uint8_t)(x >> (8 * (pos % 8)));
}

/* sizes of the sends and reads: small, odd, block and record edges, large */
static const size_t sizes[] = {
	1, 16384, 15, 4096, 17, 16385, 1000, 255, 32768, 16, 16383, 3, 70000,
	4095, 12000, 31, 8192, 64, 1400, 40000, 513, 24000, 2, 9000,
};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define BUFSZ 70000		/* the largest of sizes[] */

static void keys_for(struct keys *k, int dir)
{
	unsigned int i;

	for (i = 0; i < sizeof(k->key); i++)
		k->key[i] = (uint8_t)(0x40 + 17 * i + 101 * dir + C->type);
	for (i = 0; i < 8; i++)
		k->iv[i] = (uint8_t)(0xa0 + 3 * i + dir);
	for (i = 0; i < 4; i++)
		k->salt[i] = (uint8_t)(0x5a ^ (i * 0x11) ^ dir);
	/* a record sequence that carries out of the low 32 bits after
	 * two records and out of the low byte after one */
	memcpy(k->seq, "\x00\x00\x00\x07\xff\xff\xff\xfe", 8);
	k->seq[0] = (uint8_t)dir;
}

static int set_crypto(int fd, int optname, const struct keys *k)
{
	union {
		struct tls12_crypto_info_aes_gcm_128 g128;
		struct tls12_crypto_info_aes_gcm_256 g256;
		struct tls12_crypto_info_aes_ccm_128 c128;
	} u;
	socklen_t len;

	memset(&u, 0, sizeof(u));
	switch (C->type) {
	case TLS_CIPHER_AES_GCM_128:
		u.g128.info.version = VER;
		u.g128.info.cipher_type = C->type;
		memcpy(u.g128.iv, k->iv, 8);
		memcpy(u.g128.key, k->key, 16);
		memcpy(u.g128.salt, k->salt, 4);
		memcpy(u.g128.rec_seq, k->seq, 8);
		len = sizeof(u.g128);
		break;
	case TLS_CIPHER_AES_GCM_256:
		u.g256.info.version = VER;
		u.g256.info.cipher_type = C->type;
		memcpy(u.g256.iv, k->iv, 8);
		memcpy(u.g256.key, k->key, 32);
		memcpy(u.g256.salt, k->salt, 4);
		memcpy(u.g256.rec_seq, k->seq, 8);
		len = sizeof(u.g256);
		break;
	default:
		u.c128.info.version = VER;
		u.c128.info.cipher_type = C->type;
		memcpy(u.c128.iv, k->iv, 8);
		memcpy(u.c128.key, k->key, 16);
		memcpy(u.c128.salt, k->salt, 4);
		memcpy(u.c128.rec_seq, k->seq, 8);
		len = sizeof(u.c128);
		break;
	}
	return setsockopt(fd, SOL_TLS, optname, &u, len);
}

/* a connected pair over loopback: *a the client end, *b the server end */
static int tcp_pair(int *a, int *b)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);
	int ls, one = 1;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (ls < 0 || bind(ls, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(ls, 1) < 0 || getsockname(ls, (struct sockaddr *)&sa, &sl) < 0) {
		printf("FAIL: %s %s: loopback listen: %s\n", C->name, VERNAME, strerror(errno));
		return -1;
	}
	*a = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*a < 0 || connect(*a, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		printf("FAIL: %s %s: connect: %s\n", C->name, VERNAME, strerror(errno));
		return -1;
	}
	*b = accept(ls, NULL, NULL);
	close(ls);
	if (*b < 0) {
		printf("FAIL: %s %s: accept: %s\n", C->name, VERNAME, strerror(errno));
		return -1;
	}
	setsockopt(*a, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(*b, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return 0;
}

/* the TLS ULP on fd; 77 if the kernel has none, 1 on another error */
static int ulp(int fd, const char *who)
{
	if (setsockopt(fd, SOL_TCP, TCP_ULP, "tls", sizeof("tls")) == 0)
		return 0;
	if (errno == ENOENT) {
		printf("SKIP: setsockopt(TCP_ULP, \"tls\"): %s: this kernel has no TLS ULP (tls.ko)\n",
		       strerror(errno));
		return 77;
	}
	printf("FAIL: %s %s: %s: setsockopt(TCP_ULP, \"tls\"): %s\n", C->name, VERNAME, who,
	       strerror(errno));
	return 1;
}

static int tls_dir(int fd, int optname, const struct keys *k, const char *who)
{
	if (set_crypto(fd, optname, k) == 0)
		return 0;
	printf("FAIL: %s %s: %s: setsockopt(SOL_TLS, %s, %s): %s\n", C->name, VERNAME, who,
	       optname == TLS_TX ? "TLS_TX" : "TLS_RX", C->kname, strerror(errno));
	return 1;
}

/* ---- the transfer ------------------------------------------------------ */

struct job {
	int fd;
	uint64_t n, seed;
	unsigned int phase;	/* where in sizes[] to start */
	const char *what;
	char err[200];
	double secs;
};

#define JOB(f, nb, sd, ph, w) ((struct job){ .fd = (f), .n = (nb), .seed = (sd), .phase = (ph), .what = (w) })

static void *sender(void *p)
{
	struct job *j = p;
	uint8_t *buf = malloc(BUFSZ);
	uint64_t done = 0;
	unsigned int s = j->phase;
	double t0 = now();

	if (!buf) {
		snprintf(j->err, sizeof(j->err), "%s: out of memory", j->what);
		return NULL;
	}
	while (done < j->n) {
		size_t k = sizes[s++ % NSIZES], i;
		ssize_t w;

		if (k > j->n - done)
			k = j->n - done;
		for (i = 0; i < k; i++)
			buf[i] = pattern(j->seed, done + i);
		for (i = 0; i < k; i += w) {
			w = send(j->fd, buf + i, k - i, 0);
			if (w <= 0) {
				snprintf(j->err, sizeof(j->err), "%s: send: %s after %llu of %llu bytes",
					 j->what, w ? strerror(errno) : "nothing sent",
					 (unsigned long long)(done + i), (unsigned long long)j->n);
				free(buf);
				return NULL;
			}
		}
		done += k;
	}
	j->secs = now() - t0;
	free(buf);
	return NULL;
}

static void *receiver(void *p)
{
	struct job *j = p;
	uint8_t *buf = malloc(BUFSZ);
	uint64_t done = 0;
	unsigned int s = j->phase;
	double t0 = now();

	if (!buf) {
		snprintf(j->err, sizeof(j->err), "%s: out of memory", j->what);
		return NULL;
	}
	while (done < j->n) {
		size_t k = sizes[s++ % NSIZES];
		ssize_t r, i;

		if (k > j->n - done)
			k = j->n - done;
		r = recv(j->fd, buf, k, 0);
		if (r <= 0) {
			snprintf(j->err, sizeof(j->err), "%s: recv: %s after %llu of %llu bytes",
				 j->what, r ? strerror(errno) : "connection closed",
				 (unsigned long long)done, (unsigned long long)j->n);
			shutdown(j->fd, SHUT_RDWR);	/* the peer's sender stops */
			free(buf);
			return NULL;
		}
		for (i = 0; i < r; i++) {
			if (buf[i] != pattern(j->seed, done + i)) {
				snprintf(j->err, sizeof(j->err),
					 "%s: byte %llu is 0x%02x, sent 0x%02x", j->what,
					 (unsigned long long)(done + i), buf[i],
					 pattern(j->seed, done + i));
				shutdown(j->fd, SHUT_RDWR);
				free(buf);
				return NULL;
			}
		}
		done += r;
	}
	j->secs = now() - t0;
	free(buf);
	return NULL;
}

static int do_xfer(uint64_t n, const char *holdfile)
{
	struct keys ka, kb;
	struct job jobs[4];
	pthread_t th[4];
	int a, b, rc, i, bad = 0;
	double t0;

	keys_for(&ka, 1);	/* client -> server */
	keys_for(&kb, 2);	/* server -> client */
	if (tcp_pair(&a, &b))
		return 1;
	if ((rc = ulp(a, "client")) || (rc = ulp(b, "server")))
		return rc;
	if (tls_dir(a, TLS_TX, &ka, "client") || tls_dir(a, TLS_RX, &kb, "client") ||
	    tls_dir(b, TLS_TX, &kb, "server") || tls_dir(b, TLS_RX, &ka, "server"))
		return 1;
	memset(jobs, 0, sizeof(jobs));
	jobs[0] = JOB(a, n, 11, 0, "client -> server");
	jobs[1] = JOB(b, n, 11, 5, "client -> server");
	jobs[2] = JOB(b, n, 22, 9, "server -> client");
	jobs[3] = JOB(a, n, 22, 2, "server -> client");
	t0 = now();
	for (i = 0; i < 4; i++) {
		if (pthread_create(&th[i], NULL, i % 2 ? receiver : sender, &jobs[i])) {
			printf("FAIL: pthread_create\n");
			return 1;
		}
	}
	for (i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < 4; i++) {
		if (jobs[i].err[0]) {
			printf("FAIL: kTLS %s %s: %s\n", C->name, VERNAME, jobs[i].err);
			bad = 1;
		}
	}
	if (bad)
		return 1;
	printf("PASS: kTLS %s %s (%s, %s): %llu bytes each way at once over loopback, every byte as sent (%.2f s)\n",
	       VERNAME, C->kname, C->name, C->alg, (unsigned long long)n, now() - t0);
	if (holdfile) {
		struct stat st;
		double until = now() + 120;

		printf("HOLD: both kTLS sockets open (4 %s transforms: TX and RX of each end)\n", C->alg);
		fflush(stdout);
		while (stat(holdfile, &st) != 0) {
			if (now() > until) {
				printf("FAIL: %s never appeared (120 s)\n", holdfile);
				return 1;
			}
			usleep(50000);
		}
		/* the sockets still work after the hold: one more record each way */
		jobs[0] = JOB(a, 3000, 33, 1, "client -> server, after the hold");
		jobs[1] = JOB(b, 3000, 33, 1, "client -> server, after the hold");
		jobs[2] = JOB(b, 3000, 44, 1, "server -> client, after the hold");
		jobs[3] = JOB(a, 3000, 44, 1, "server -> client, after the hold");
		for (i = 0; i < 4; i++)
			(i % 2 ? receiver : sender)(&jobs[i]);
		for (i = 0; i < 4; i++) {
			if (jobs[i].err[0]) {
				printf("FAIL: kTLS %s %s: %s\n", C->name, VERNAME, jobs[i].err);
				return 1;
			}
		}
	}
	close(a);
	close(b);
	return 0;
}

/* ---- the records on the wire, decrypted by an AF_ALG oracle ------------- */

static int oracle_open(const char *name, const uint8_t *key, unsigned int keylen)
{
	struct sockaddr_alg sa;
	int tfm, op;

	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	strcpy((char *)sa.salg_type, "aead");
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		printf("FAIL: AF_ALG oracle %s: %s\n", name, strerror(errno));
		return -1;
	}
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, keylen) < 0 ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAGLEN) < 0) {
		printf("FAIL: AF_ALG oracle %s: setkey/authsize: %s\n", name, strerror(errno));
		return -1;
	}
	op = accept(tfm, NULL, 0);
	if (op < 0) {
		printf("FAIL: AF_ALG oracle %s: accept: %s\n", name, strerror(errno));
		return -1;
	}
	return op;
}

/* decrypt AAD || CT || TAG in one request; the plaintext to out; its
 * length, or -errno */
static long oracle_decrypt(int op, const uint8_t *iv, unsigned int ivlen,
			   const uint8_t *aad, unsigned int alen,
			   const uint8_t *ct, unsigned int clen, uint8_t *out)
{
	static uint8_t in[MAXREC + 512], res[MAXREC + 512];
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16) + CMSG_SPACE(4)];
	struct msghdr msg;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	struct iovec io;
	ssize_t r;

	memcpy(in, aad, alen);
	memcpy(in + alen, ct, clen);
	memset(cbuf, 0, sizeof(cbuf));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = ALG_OP_DECRYPT;
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = alen;
	io.iov_base = in;
	io.iov_len = alen + clen;
	msg.msg_iov = &io;
	msg.msg_iovlen = 1;
	if (sendmsg(op, &msg, 0) != (ssize_t)(alen + clen))
		return -errno;
	r = read(op, res, alen + clen - TAGLEN);
	if (r < 0)
		return -errno;
	if (r != (ssize_t)(alen + clen - TAGLEN))
		return -EMSGSIZE;
	memcpy(out, res + alen, r - alen);
	return r - alen;
}

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static int read_full(int fd, uint8_t *p, size_t n)
{
	while (n) {
		ssize_t r = recv(fd, p, n, 0);

		if (r <= 0)
			return -1;
		p += r;
		n -= r;
	}
	return 0;
}

static unsigned int aad_len(void)
{
	return VER == TLS_1_3_VERSION ? 5 : 13;
}

static int do_wire(uint64_t n, const char *oracle)
{
	static uint8_t rec[MAXREC + 512], pt[MAXREC + 512];
	struct keys k;
	struct job j;
	pthread_t th;
	uint8_t seq[8], nonce[12], iv[16], aad[13];
	uint64_t got = 0, nrec = 0;
	unsigned int minrec = ~0u, maxrec = 0, i;
	int a, b, rc, op, bad = 0;

	keys_for(&k, 3);
	if (tcp_pair(&a, &b))
		return 1;
	if ((rc = ulp(a, "sender")))
		return rc;
	if (tls_dir(a, TLS_TX, &k, "sender"))
		return 1;
	op = oracle_open(oracle, k.key, C->keylen);
	if (op < 0)
		return 1;
	memset(&j, 0, sizeof(j));
	j = JOB(a, n, 55, 3, "sender");
	if (pthread_create(&th, NULL, sender, &j)) {
		printf("FAIL: pthread_create\n");
		return 1;
	}
	memcpy(seq, k.seq, 8);
	while (got < n && !bad) {
		unsigned int len, clen, tail = VER == TLS_1_3_VERSION ? 1 : 0;
		long r;

		if (read_full(b, rec, 5)) {
			printf("FAIL: wire %s %s: the stream ended after %llu records, %llu of %llu bytes\n",
			       C->name, VERNAME, (unsigned long long)nrec,
			       (unsigned long long)got, (unsigned long long)n);
			bad = 1;
			break;
		}
		len = rec[3] << 8 | rec[4];
		if (rec[0] != 23 || rec[1] != 3 || rec[2] != 3 ||
		    len < (VER == TLS_1_3_VERSION ? TAGLEN + 1 : 8 + TAGLEN) ||
		    len > MAXREC + 256) {
			printf("FAIL: wire %s %s: record %llu header %02x %02x %02x length %u: not a TLS %s application_data record\n",
			       C->name, VERNAME, (unsigned long long)nrec, rec[0], rec[1], rec[2], len, VERNAME);
			bad = 1;
			break;
		}
		if (read_full(b, rec + 5, len)) {
			printf("FAIL: wire %s %s: record %llu cut short\n", C->name, VERNAME,
			       (unsigned long long)nrec);
			bad = 1;
			break;
		}
		memcpy(nonce, k.salt, 4);
		if (VER == TLS_1_3_VERSION) {
			/* RFC 8446 5.3: (salt || iv) XOR the sequence number;
			 * the AAD is the record header */
			memcpy(nonce + 4, k.iv, 8);
			for (i = 0; i < 8; i++)
				nonce[4 + i] ^= seq[i];
			memcpy(aad, rec, 5);
			r = 5;
		} else {
			/* RFC 5288: salt || the explicit nonce sent; the AAD
			 * is seq || type || version || plaintext length */
			memcpy(nonce + 4, rec + 5, 8);
			memcpy(aad, seq, 8);
			memcpy(aad + 8, rec, 3);
			aad[11] = (uint8_t)((len - 8 - TAGLEN) >> 8);
			aad[12] = (uint8_t)(len - 8 - TAGLEN);
			r = 13;
		}
		if (C->ccm) {
			/* RFC 6655 / 3610: flags byte L' = 15 - 12 - 1 */
			memset(iv, 0, sizeof(iv));
			iv[0] = 2;
			memcpy(iv + 1, nonce, 12);
		} else {
			memcpy(iv, nonce, 12);
		}
		clen = VER == TLS_1_3_VERSION ? len : len - 8;
		r = oracle_decrypt(op, iv, C->ccm ? 16 : 12, aad, (unsigned int)r,
				   rec + 5 + (len - clen), clen, pt);
		if (r < 0) {
			printf("FAIL: wire %s %s: record %llu (%u bytes, seq %02x%02x%02x%02x%02x%02x%02x%02x): %s by %s: %s\n",
			       C->name, VERNAME, (unsigned long long)nrec, len,
			       seq[0], seq[1], seq[2], seq[3], seq[4], seq[5], seq[6], seq[7],
			       -r == EBADMSG ? "does not authenticate" : "decryption failed",
			       oracle, strerror((int)-r));
			bad = 1;
			break;
		}
		if (nrec == 0) {
			/* the oracle checks: the same record with a tag bit
			 * flipped must not authenticate */
			uint8_t keep[MAXREC + 512];
			long r2;

			rec[5 + len - 1] ^= 0x80;
			r2 = oracle_decrypt(op, iv, C->ccm ? 16 : 12, aad, aad_len(),
					    rec + 5 + (len - clen), clen, keep);
			rec[5 + len - 1] ^= 0x80;
			if (r2 != -EBADMSG) {
				printf("FAIL: wire %s %s: record 0 with a tag bit flipped: %s from %s, want EBADMSG\n",
				       C->name, VERNAME, r2 < 0 ? strerror((int)-r2) : "decrypted", oracle);
				bad = 1;
				break;
			}
		}
		if (tail) {
			/* TLS 1.3 inner plaintext: data || type 23 (no padding sent) */
			if (r < 1 || pt[r - 1] != 23) {
				printf("FAIL: wire %s %s: record %llu: inner content type %d, want 23\n",
				       C->name, VERNAME, (unsigned long long)nrec, r ? pt[r - 1] : -1);
				bad = 1;
				break;
			}
			r--;
		}
		for (i = 0; i < (unsigned int)r; i++) {
			if (got + i >= n || pt[i] != pattern(55, got + i)) {
				printf("FAIL: wire %s %s: record %llu byte %u (stream byte %llu) decrypts to 0x%02x, sent 0x%02x\n",
				       C->name, VERNAME, (unsigned long long)nrec, i,
				       (unsigned long long)(got + i), pt[i], pattern(55, got + i));
				bad = 1;
				break;
			}
		}
		/* the ciphertext is not the plaintext */
		if (!bad && r >= 16 && !memcmp(rec + 5 + (len - clen), pt, 16)) {
			printf("FAIL: wire %s %s: record %llu carries its plaintext unencrypted\n",
			       C->name, VERNAME, (unsigned long long)nrec);
			bad = 1;
		}
		got += r;
		nrec++;
		if ((unsigned int)r < minrec)
			minrec = r;
		if ((unsigned int)r > maxrec)
			maxrec = r;
		for (i = 8; i-- > 0 && ++seq[i] == 0;)
			;
	}
	if (bad) {
		shutdown(b, SHUT_RDWR);
		close(b);
		pthread_join(th, NULL);
		return 1;
	}
	pthread_join(th, NULL);
	if (j.err[0]) {
		printf("FAIL: wire %s %s: %s\n", C->name, VERNAME, j.err);
		return 1;
	}
	printf("PASS: kTLS %s %s on the wire: %llu records of %u..%u bytes of data, each a TLS record (23, 3.3) that %s decrypts and authenticates with the nonce and AAD of %s, sequence numbers from %016llx on (across a 32-bit carry), %llu bytes as sent; with a tag bit flipped it gives EBADMSG\n",
	       VERNAME, C->name, (unsigned long long)nrec, minrec, maxrec, oracle,
	       VER == TLS_1_3_VERSION ? "RFC 8446" : C->ccm ? "RFC 6655" : "RFC 5288",
	       (unsigned long long)be64(k.seq), (unsigned long long)got);
	close(op);
	close(a);
	close(b);
	return 0;
}

/* ---- authentication: a wrong key or sequence number gives EBADMSG ------ */

static int one_bad(const char *what, const struct keys *tx, const struct keys *rx)
{
	uint8_t buf[1000], in[1000];
	ssize_t r;
	int a, b, rc, i;

	if (tcp_pair(&a, &b))
		return 1;
	if ((rc = ulp(a, "sender")) || (rc = ulp(b, "receiver")))
		return rc;
	if (tls_dir(a, TLS_TX, tx, "sender") || tls_dir(b, TLS_RX, rx, "receiver"))
		return 1;
	for (i = 0; i < (int)sizeof(buf); i++)
		buf[i] = pattern(66, i);
	if (send(a, buf, sizeof(buf), 0) != (ssize_t)sizeof(buf)) {
		printf("FAIL: kTLS %s %s: send: %s\n", C->name, VERNAME, strerror(errno));
		return 1;
	}
	r = recv(b, in, sizeof(in), 0);
	close(a);
	close(b);
	if (r < 0 && errno == EBADMSG) {
		printf("PASS: kTLS %s %s: a receiver with %s gets EBADMSG (the tag check failed)\n",
		       VERNAME, C->name, what);
		return 0;
	}
	printf("FAIL: kTLS %s %s: a receiver with %s got %s%s\n", VERNAME, C->name, what,
	       r < 0 ? "error " : "", r < 0 ? strerror(errno) :
	       r == (ssize_t)sizeof(buf) && !memcmp(in, buf, sizeof(buf)) ?
	       "the plaintext (no authentication)" : "data, not EBADMSG");
	return 1;
}

static int do_badkey(void)
{
	struct keys k, w;
	int rc;

	keys_for(&k, 4);
	/* another key: one bit of the last key byte */
	w = k;
	w.key[C->keylen - 1] ^= 0x01;
	rc = one_bad("the key's last bit flipped", &k, &w);
	if (rc)
		return rc;
	/* the right key, the next record sequence number: another nonce
	 * (TLS 1.3) or AAD (TLS 1.2) */
	w = k;
	w.seq[7]++;
	return one_bad("the right key but rec_seq + 1", &k, &w);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	unsigned int i;
	int rc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, on_alarm);
	alarm(200);
	if (argc < 4)
		goto usage;
	for (i = 0; i < sizeof(ciphers) / sizeof(ciphers[0]); i++)
		if (!strcmp(argv[2], ciphers[i].name))
			C = &ciphers[i];
	if (!strcmp(argv[3], "1.2"))
		VER = TLS_1_2_VERSION;
	else if (!strcmp(argv[3], "1.3"))
		VER = TLS_1_3_VERSION;
	if (!C || !VER)
		goto usage;
	VERNAME = VER == TLS_1_3_VERSION ? "TLS 1.3" : "TLS 1.2";
	if (!strcmp(mode, "xfer") && (argc == 5 || argc == 6))
		rc = do_xfer(strtoull(argv[4], NULL, 0), argc == 6 ? argv[5] : NULL);
	else if (!strcmp(mode, "wire") && argc == 6)
		rc = do_wire(strtoull(argv[4], NULL, 0), argv[5]);
	else if (!strcmp(mode, "badkey") && argc == 4)
		rc = do_badkey();
	else
		goto usage;
	return rc;
usage:
	fprintf(stderr, "usage: ktls_xfer xfer ccm128|gcm128|gcm256 1.2|1.3 BYTES [HOLDFILE]\n"
		"       ktls_xfer wire ccm128|gcm128|gcm256 1.2|1.3 BYTES ORACLE-DRIVER\n"
		"       ktls_xfer badkey ccm128|gcm128|gcm256 1.2|1.3\n");
	return 2;
}
