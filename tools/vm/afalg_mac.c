// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_mac - AF_ALG differential fuzzer of the keyed hashes cmac(aes) and
 * xcbc(aes) (AF_ALG type "hash": setsockopt ALG_SET_KEY on the tfm socket,
 * send the message on an accepted socket, recv the 16-byte MAC).
 *
 * The kind (cmac or xcbc) comes from the name: a name containing "xcbc" is
 * xcbc(aes), else cmac(aes).  The oracle is the kernel's own code over the
 * generic cipher: 7.x's cmac-aes-lib / xcbc-aes-lib when the kernel has
 * them, else the template instance cmac(aes-generic) / xcbc(aes-generic)
 * (7.x: aes-lib, see ref_name()).
 *
 *   afalg_mac [--seed S] DRIVER N  N random cases: keys of 16/24/32 bytes
 *                                  (xcbc: those the oracle accepts), several
 *                                  messages per key, lengths 0..9000 (most
 *                                  short, block boundaries often), the
 *                                  driver's message sent flat, in 1..4
 *                                  pieces with MSG_MORE, spliced, or with
 *                                  its partial state cloned by accept() on
 *                                  the operation socket (export/import);
 *                                  then N/4 "SMB signing" cases: a new
 *                                  16-byte key on the same tfm, then one
 *                                  message in pieces
 *   afalg_mac --vs KIND DRIVER N   the same against the oracle of KIND (cmac
 *                                  or xcbc): the other kind's must fail (the
 *                                  harness self-check)
 *   afalg_mac --kat NAME           RFC 4493 / SP 800-38B D (cmac) or RFC
 *                                  3566 (xcbc) vectors (../../cmac_vectors.h),
 *                                  flat and in pieces
 *   afalg_mac --badkeys NAME       key lengths other than 16/24/32 give
 *                                  EINVAL (5 and 17 among them); an unkeyed
 *                                  tfm, or one whose last setkey failed,
 *                                  refuses a message (ENOKEY); a good key
 *                                  afterwards works
 *   afalg_mac --hold NAME SECS     a keyed tfm of NAME open for SECS s
 *   afalg_mac --oracle KIND        prints the oracle's name for cmac / xcbc
 * Output: PASS:/FAIL: lines; exit status 0 only if nothing failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

typedef uint8_t u8;
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#include "../../cmac_vectors.h"

#define MAC_LEN 16
#define MAX_LEN 9000
#define MAX_PARTS 4

static int is_xcbc(const char *name) { return strstr(name, "xcbc") != NULL; }
static const char *kind(const char *name) { return is_xcbc(name) ? "xcbc" : "cmac"; }

/* setkey (the child socket dropped first), then a new operation socket */
static int rekey(struct alg *a, const uint8_t *key, unsigned int klen)
{
	int err = alg_setkey(a, key, klen);

	return err ? err : alg_accept(a);
}

enum path { P_FLAT, P_PIECES, P_SPLICE, P_CLONE, P_NR };
static const char *const path_name[P_NR] = { "flat", "pieces", "splice", "clone" };
static char detail[96];

static int send_all(int fd, const uint8_t *p, size_t len, int more)
{
	ssize_t r = send(fd, p, len, more ? MSG_MORE : 0);

	if (r < 0)
		return -errno;
	return (size_t)r == len ? 0 : -EIO;
}

/* the MAC of msg by the operation socket of a, sent by path; 0 or -errno */
static int mac_op(struct alg *a, enum path path, const uint8_t *msg, size_t len,
		  uint8_t *mac)
{
	size_t parts[MAX_PARTS], off;
	uint8_t buf[2 * MAC_LEN];
	ssize_t r;
	int n, i, err;

	detail[0] = 0;
	switch (path) {
	case P_FLAT:
		err = send_all(a->opfd, msg, len, 0);
		break;
	case P_PIECES:
	case P_CLONE:
		n = split(len, parts, MAX_PARTS);
		snprintf(detail, sizeof(detail), "%d send calls", n);
		err = 0;
		for (i = 0, off = 0; i < n && !err; off += parts[i], i++) {
			err = send_all(a->opfd, msg + off, parts[i], i < n - 1);
			/* a copy of the partial state goes on (export/import) */
			if (!err && path == P_CLONE && i < n - 1 && rnd(2)) {
				int fd = accept4(a->opfd, NULL, NULL, SOCK_CLOEXEC);

				if (fd < 0)
					return -errno;
				close(a->opfd);
				a->opfd = fd;
				snprintf(detail + strlen(detail), sizeof(detail) - strlen(detail),
					 ", cloned after %zu", off + parts[i]);
			}
		}
		break;
	case P_SPLICE:
		err = len ? (int)alg_splice_in(a->opfd, msg, len, 0) : send_all(a->opfd, msg, 0, 0);
		if (err > 0)
			err = 0;
		break;
	default:
		return -EINVAL;
	}
	if (err)
		return err;
	r = recv(a->opfd, buf, sizeof(buf), 0);
	if (r < 0)
		return -errno;
	if (r != MAC_LEN)
		return -EMSGSIZE;
	memcpy(mac, buf, MAC_LEN);
	return 0;
}

/* the oracle: the kernel's own cmac/xcbc over the generic cipher */
static int bind_oracle(struct alg *o, const char *k, char *name, size_t n)
{
	char cand[2][48];
	int i, err = -ENOENT;

	snprintf(cand[0], sizeof(cand[0]), "%s-aes-lib", k);
	snprintf(cand[1], sizeof(cand[1]), "%s(aes-generic)", k);
	for (i = 0; i < 2; i++) {
		err = alg_bind(o, "hash", cand[i]);
		if (!err) {
			snprintf(name, n, "%s", ref_name(cand[i]));
			return 0;
		}
	}
	return err;
}

static void hexs(char *dst, const uint8_t *p, size_t n) { hex(dst, p, n); }

/* ------------------------------------------------------------------ */

static int do_kat(const char *name)
{
	const struct aesnictr_cmac_vector *v = is_xcbc(name) ? aesnictr_xcbc_vectors :
						aesnictr_cmac_vectors;
	unsigned int nv = is_xcbc(name) ? ARRAY_SIZE(aesnictr_xcbc_vectors) :
			  ARRAY_SIZE(aesnictr_cmac_vectors);
	unsigned int i, bad = 0, runs = 0;
	uint8_t mac[MAC_LEN];
	char h1[40], h2[40];
	struct alg a;
	int err, p;

	rng_seed(0);
	err = alg_bind(&a, "hash", name);
	if (err) {
		printf("FAIL: %s kat %s: cannot bind AF_ALG hash %s: %s\n", kind(name),
		       name, name, strerror(-err));
		return 1;
	}
	for (i = 0; i < nv; i++) {
		err = rekey(&a, v[i].key, v[i].klen);
		if (err) {
			printf("FAIL: %s kat %s: %s: setkey (%u bytes): %s\n", kind(name),
			       name, v[i].name, v[i].klen, strerror(-err));
			bad++;
			continue;
		}
		for (p = P_FLAT; p < P_NR; p++) {
			err = mac_op(&a, p, v[i].msg, v[i].len, mac);
			runs++;
			if (err || memcmp(mac, v[i].mac, MAC_LEN)) {
				hexs(h1, err ? (const uint8_t *)"" : mac, err ? 0 : MAC_LEN);
				hexs(h2, v[i].mac, MAC_LEN);
				printf("FAIL: %s kat %s: %s, sent %s (%s): %s%s, want %s\n",
				       kind(name), name, v[i].name, path_name[p], detail,
				       err ? "error " : "MAC ", err ? errs(err) : h1, h2);
				bad++;
			}
		}
	}
	alg_close(&a);
	if (bad)
		return 1;
	printf("PASS: %s kat %s: %u %s vectors, each sent flat, in pieces, spliced and cloned mid-message (%u MACs)\n",
	       kind(name), name, nv,
	       is_xcbc(name) ? "RFC 3566" : "RFC 4493 / SP 800-38B D (AES-128/192/256)", runs);
	return 0;
}

/* ------------------------------------------------------------------ */

/* an operation socket (accept() works without a key: AF_ALG's nokey
 * socket) and one message: 0, or the error (ENOKEY on an unkeyed tfm) */
static int nokey_op(struct alg *a, const struct aesnictr_cmac_vector *v)
{
	uint8_t mac[MAC_LEN];
	int err = alg_accept(a);

	if (!err)
		err = mac_op(a, P_FLAT, v->msg, v->len, mac);
	alg_drop_op(a);
	return err;
}

static int do_badkeys(const char *name)
{
	static const unsigned int lens[] = { 0, 1, 5, 8, 15, 17, 20, 23, 25, 31, 33, 40, 48, 64 };
	const struct aesnictr_cmac_vector *v = is_xcbc(name) ? &aesnictr_xcbc_vectors[1] :
						&aesnictr_cmac_vectors[2];
	uint8_t key[64], mac[MAC_LEN];
	unsigned int i, bad = 0;
	struct alg a;
	int err;

	rng_seed(0);
	err = alg_bind(&a, "hash", name);
	if (err) {
		printf("FAIL: %s badkeys %s: cannot bind: %s\n", kind(name), name, strerror(-err));
		return 1;
	}
	/* no key yet: the tfm must refuse an operation */
	err = nokey_op(&a, v);
	if (err != -ENOKEY) {
		printf("FAIL: %s badkeys %s: a message on a tfm without a key: %s (want ENOKEY)\n",
		       kind(name), name, errs(err));
		bad++;
	}
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		rnd_bytes(key, sizeof(key));
		err = alg_setkey(&a, key, lens[i]);
		if (err != -EINVAL) {
			printf("FAIL: %s badkeys %s: a key of %u bytes: %s (want EINVAL)\n",
			       kind(name), name, lens[i], errs(err));
			bad++;
		}
	}
	/* a good key, then a bad one: the bad setkey leaves the tfm unkeyed */
	err = rekey(&a, v->key, v->klen);
	if (!err)
		err = mac_op(&a, P_FLAT, v->msg, v->len, mac);
	if (err || memcmp(mac, v->mac, MAC_LEN)) {
		printf("FAIL: %s badkeys %s: a good key after the bad ones: %s\n", kind(name),
		       name, err ? errs(err) : "wrong MAC");
		bad++;
	}
	alg_drop_op(&a);
	err = alg_setkey(&a, key, 17);
	if (err == -EINVAL)
		err = nokey_op(&a, v);
	if (err != -ENOKEY) {
		printf("FAIL: %s badkeys %s: a message after a good key and then a failed 17-byte setkey: %s (want ENOKEY: a failed setkey must leave the tfm unkeyed)\n",
		       kind(name), name, errs(err));
		bad++;
	}
	err = rekey(&a, v->key, v->klen);
	if (!err)
		err = mac_op(&a, P_PIECES, v->msg, v->len, mac);
	if (err || memcmp(mac, v->mac, MAC_LEN)) {
		printf("FAIL: %s badkeys %s: the good key again: %s\n", kind(name), name,
		       err ? errs(err) : "wrong MAC");
		bad++;
	}
	alg_close(&a);
	if (bad)
		return 1;
	printf("PASS: %s badkeys %s: a message without a key -> ENOKEY; keys of %zu bad lengths (0, 1, 5, 8, 15, 17, ..., 64) -> EINVAL; a failed setkey after a good key leaves the tfm unkeyed (ENOKEY); a good key then gives %s\n",
	       kind(name), name, ARRAY_SIZE(lens), v->name);
	return 0;
}

/* ------------------------------------------------------------------ */

static int do_hold(const char *name, unsigned int secs)
{
	uint8_t key[16];
	struct alg a;
	int err;

	rng_seed(0);
	rnd_bytes(key, sizeof(key));
	err = alg_bind(&a, "hash", name);
	if (!err)
		err = rekey(&a, key, sizeof(key));
	return alg_hold(&a, name, secs, err);
}

/* ------------------------------------------------------------------ */

static size_t pick_len(void)
{
	static const size_t edge[] = { 0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64, 255, 256, 4096 };

	switch (rnd(8)) {
	case 0: case 1: return edge[rnd(ARRAY_SIZE(edge))];
	case 2: return rnd(MAX_LEN + 1);
	case 3: return 16 * (size_t)rnd(MAX_LEN / 16 + 1);
	default: return rnd(300);
	}
}

static uint8_t msg[MAX_LEN];

static int mismatch(const char *what, const char *drv, const char *oname,
		    unsigned long c, uint64_t seed, unsigned int klen, size_t len,
		    const char *how, int e1, const uint8_t *m1, int e2, const uint8_t *m2)
{
	char h1[40] = "", h2[40] = "";

	if (!e1)
		hexs(h1, m1, MAC_LEN);
	if (!e2)
		hexs(h2, m2, MAC_LEN);
	printf("FAIL: %s %s vs %s: case %lu (seed %llu): key %u bytes, message %zu bytes, sent %s: driver %s%s, oracle %s%s\n",
	       what, drv, oname, c, (unsigned long long)seed, klen, len, how,
	       e1 ? "error " : "", e1 ? errs(e1) : h1, e2 ? "error " : "", e2 ? errs(e2) : h2);
	return 1;
}

/* --vs KIND: the oracle of the other kind (the harness self-check) */
static const char *vs_kind;

static int do_fuzz(const char *drv, unsigned long n, uint64_t seed)
{
	static const unsigned int all_klens[3] = { 16, 24, 32 };
	unsigned int klens[3], nk = 0, klen = 0, i;
	unsigned long c, bad = 0, paths[P_NR] = { 0 }, rekeys = 0, smb;
	uint8_t key[32], m1[MAC_LEN], m2[MAC_LEN];
	char oname[64], how[128];
	struct alg t, o;
	size_t len, maxlen = 0;
	double t0 = now();
	int e1, e2;

	e1 = alg_bind(&t, "hash", drv);
	if (e1) {
		printf("FAIL: %s fuzz %s: cannot bind AF_ALG hash %s: %s\n", kind(drv), drv,
		       drv, strerror(-e1));
		return 1;
	}
	e2 = bind_oracle(&o, vs_kind ? vs_kind : kind(drv), oname, sizeof(oname));
	if (e2) {
		printf("FAIL: %s fuzz %s: no oracle (%s-aes-lib, %s(aes-generic)): %s\n",
		       kind(drv), drv, kind(drv), kind(drv), strerror(-e2));
		return 1;
	}
	/* the key sizes the oracle takes (7.x's xcbc-aes-lib: 16 only) */
	for (i = 0; i < 3; i++) {
		rnd_bytes(key, sizeof(key));
		if (!alg_setkey(&o, key, all_klens[i]))
			klens[nk++] = all_klens[i];
	}
	if (!nk || (!is_xcbc(vs_kind ? vs_kind : drv) && nk != 3)) {
		printf("FAIL: %s fuzz %s: the oracle %s takes only %u of the key sizes 16/24/32\n",
		       kind(drv), drv, oname, nk);
		return 1;
	}
	for (c = 0; c < n && bad < 5; c++) {
		enum path p = (enum path)rnd(P_NR);

		if (!klen || !rnd(4)) {
			klen = klens[rnd(nk)];
			rnd_bytes(key, klen);
			e1 = rekey(&t, key, klen);
			e2 = rekey(&o, key, klen);
			rekeys++;
			if (e1 || e2) {
				bad += mismatch("fuzz setkey", drv, oname, c, seed, klen, 0,
						"-", e1, m1, e2, m2);
				klen = 0;
				continue;
			}
		}
		len = pick_len();
		rnd_bytes(msg, len);
		e1 = mac_op(&t, p, msg, len, m1);
		snprintf(how, sizeof(how), "%s%s%s%s", path_name[p], *detail ? " (" : "",
			 detail, *detail ? ")" : "");
		e2 = mac_op(&o, P_FLAT, msg, len, m2);
		paths[p]++;
		if (len > maxlen)
			maxlen = len;
		if (e1 || e2 || memcmp(m1, m2, MAC_LEN)) {
			bad += mismatch("fuzz", drv, oname, c, seed, klen, len, how, e1, m1, e2, m2);
			if (e1)	/* a new operation socket */
				alg_accept(&t);
		}
	}
	/* the way the SMB code signs: a new key on the same tfm, then one
	 * message in pieces (its header and its iovecs), over and over */
	smb = n / 4 + 1;
	for (c = 0; c < smb && bad < 5; c++) {
		klen = 16;
		rnd_bytes(key, klen);
		len = rnd(4) ? 64 + rnd(1500) : rnd(MAX_LEN + 1);
		rnd_bytes(msg, len);
		e1 = rekey(&t, key, klen);
		e2 = rekey(&o, key, klen);
		if (!e1)
			e1 = mac_op(&t, P_PIECES, msg, len, m1);
		if (!e2)
			e2 = mac_op(&o, P_FLAT, msg, len, m2);
		if (e1 || e2 || memcmp(m1, m2, MAC_LEN))
			bad += mismatch("smb-style", drv, oname, c, seed, klen, len,
					detail, e1, m1, e2, m2);
	}
	alg_close(&t);
	alg_close(&o);
	if (bad) {
		printf("FAIL: %s fuzz %s vs %s: %lu mismatches (seed %llu; rerun: afalg_mac --seed %llu %s %lu)\n",
		       kind(drv), drv, oname, bad, (unsigned long long)seed,
		       (unsigned long long)seed, drv, n);
		return 1;
	}
	printf("PASS: %s fuzz %s vs %s: %lu cases (key sizes", kind(drv), drv, oname, n);
	for (i = 0; i < nk; i++)
		printf(" %u", klens[i]);
	printf(", %lu keys; messages 0..%zu bytes sent flat %lu, in pieces %lu, spliced %lu, cloned %lu) and %lu SMB-style setkey+message cases on one tfm, %.1f s (seed %llu)\n",
	       rekeys, maxlen, paths[P_FLAT], paths[P_PIECES], paths[P_SPLICE], paths[P_CLONE],
	       smb, now() - t0, (unsigned long long)seed);
	return 0;
}

#define USAGE \
		"usage: afalg_mac [--seed S] [--vs cmac|xcbc] DRIVER N\n" \
		"       afalg_mac --kat NAME\n" \
		"       afalg_mac --badkeys NAME\n" \
		"       afalg_mac --hold NAME SECS\n" \
		"       afalg_mac --oracle cmac|xcbc\n"

int main(int argc, char **argv)
{
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--kat") && argc == 3)
		return do_kat(argv[2]);
	if (!strcmp(argv[1], "--badkeys") && argc == 3)
		return do_badkeys(argv[2]);
	if (!strcmp(argv[1], "--oracle") && argc == 3) {
		struct alg o;
		char oname[64];

		if (bind_oracle(&o, kind(argv[2]), oname, sizeof(oname)))
			return 1;
		printf("%s\n", oname);
		return 0;
	}
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)strtoul(argv[3], NULL, 0));
	while (argc - i > 2 && (!strcmp(argv[i], "--seed") || !strcmp(argv[i], "--vs"))) {
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else
			vs_kind = argv[i + 1];
		i += 2;
	}
	if (argc - i != 2)
		usage_exit(USAGE);
	seed = rng_seed(seed);
	return do_fuzz(argv[i], strtoul(argv[i + 1], NULL, 0), seed);
}
