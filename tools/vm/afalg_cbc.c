// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_cbc - AF_ALG differential fuzzer of cbc(aes) and cts(cbc(aes)).
 *
 * Opens the driver under test by driver name and the oracle, the kernel's
 * templates over the generic AES, also by driver name: cbc(aes-generic)
 * for a cbc(aes) driver, cts(cbc(aes-generic)) for a cts(cbc(aes)) one
 * (7.x: aes-lib, see ref_name()), both through raw AF_ALG.  The mode is
 * told by the driver name: "cts" in it means CBC-CS3 (the kernel's cts
 * template: the last two blocks swapped, also when the length is a
 * multiple of 16).  Random cases: keys of 16/24/32 bytes (re-keyed one case
 * in four), lengths (cbc: whole blocks, 16 bytes to 3 pages, biased to
 * short, one and two pages and beyond; cts: any length from 16, biased to
 * 16..64 and to the page edges), random IVs, encryption and decryption;
 * the input reaches the driver by one of: one flat sendmsg/recvmsg, input
 * and output split over up to 8 iovecs each at random offsets of
 * page-aligned buffers, several sendmsg(MSG_MORE), vmsplice+splice input,
 * the same with the output in the very buffer spliced in, and several
 * recvmsg calls of whole blocks each ("chain"), where AF_ALG hands each
 * request the IV the previous one left (the driver's output IV: for cbc
 * the last ciphertext block; for cts what the template leaves), each
 * piece a message of its own: the oracle is chained the same way, so the
 * output IV is compared with the template's (AF_ALG shows it no other way).
 * Every driver result but a chained one is turned back by the driver.
 *
 *   afalg_cbc [--seed S] DRIVER N
 *   afalg_cbc --kat NAME          SP 800-38A F.2 (cbc) or RFC 3962 (cts)
 *   afalg_cbc --badargs DRIVER    bad key lengths, bad message lengths: EINVAL
 *   afalg_cbc --hold NAME SECS    keep a keyed tfm of NAME open
 *   afalg_cbc --dmcrypt-check HEXKEY PLAIN DUMP SECTORSIZE
 *                                 dm-crypt aes-cbc-essiv:sha256 device contents
 * Output: PASS:/FAIL: lines; exit status 0 only if nothing failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

#define PAGE 4096
#define MAX_LEN (3 * PAGE + 64)
#define BUFSZ (MAX_LEN + 2 * PAGE)
#define MAX_PARTS 8
#define ORACLE_CBC "cbc(aes-generic)"
#define ORACLE_CTS "cts(cbc(aes-generic))"

enum path { P_FLAT, P_IOV, P_MULTI, P_SPLICE, P_INPLACE, P_CHAIN, P_NR };
static const char *const path_name[P_NR] = {
	"flat", "iov", "multi", "splice", "inplace", "chain",
};

static int is_cts(const char *name) { return strstr(name, "cts") != NULL; }

/* the pieces of a chained case (P_CHAIN): whole blocks, cts pieces >= 16 */
#define MAX_CHAIN 8
static size_t chain_take[MAX_CHAIN];
static int chain_n;

static void gen_chain(size_t len)
{
	size_t left = len;

	for (chain_n = 0; left; chain_n++) {
		size_t take = left, kmax = (left - AES_BS) / AES_BS;

		/* leave at least a block (cts: a whole message) behind */
		if (left >= 2 * AES_BS && chain_n < MAX_CHAIN - 1 && rnd(4))
			take = (1 + rnd((uint32_t)kmax)) * AES_BS;
		chain_take[chain_n] = take;
		left -= take;
	}
}

static int bind_sk(struct alg *a, const char *name)
{
	int err = alg_bind(a, "skcipher", name);

	a->ivlen = AES_BS;
	return err;
}

static int rekey(struct alg *a, const uint8_t *key, unsigned int klen)
{
	int err;

	alg_drop_op(a);
	err = alg_setkey(a, key, klen);
	return err ? err : alg_accept(a);
}

static int renew(struct alg *a, int e)
{
	/* a failed request leaves the op socket unusable */
	alg_drop_op(a);
	alg_accept(a);
	return e;
}

static int recv_all(struct alg *a, uint8_t *out, size_t len)
{
	struct iovec v = { out, len };
	ssize_t r = alg_recv(a->opfd, &v, 1);

	if (r < 0)
		return renew(a, (int)r);
	return r == (ssize_t)len ? 0 : -EIO;
}

/* one operation by path p; in place: in == out for the splice path */
static int cbc_op(struct alg *a, enum path p, int op, const uint8_t *iv,
		  const uint8_t *in, uint8_t *out, size_t len)
{
	struct iovec vi[MAX_PARTS], vo[MAX_PARTS];
	size_t pi[MAX_PARTS], po[MAX_PARTS], o;
	int ni, no, k;
	ssize_t r;

	switch (p) {
	case P_IOV:
		ni = split(len, pi, MAX_PARTS);
		no = split(len, po, MAX_PARTS);
		for (k = 0, o = 0; k < ni; o += pi[k], k++) {
			vi[k].iov_base = (void *)(in + o);
			vi[k].iov_len = pi[k];
		}
		for (k = 0, o = 0; k < no; o += po[k], k++) {
			vo[k].iov_base = out + o;
			vo[k].iov_len = po[k];
		}
		r = alg_sendmsg(a->opfd, 1, op, iv, AES_BS, -1, vi, ni, 0);
		if (r < 0)
			return renew(a, (int)r);
		if (r != (ssize_t)len)
			return -EIO;
		r = alg_recv(a->opfd, vo, no);
		if (r < 0)
			return renew(a, (int)r);
		return r == (ssize_t)len ? 0 : -EIO;
	case P_MULTI:
		ni = split(len, pi, 6);
		r = alg_sendmsg(a->opfd, 1, op, iv, AES_BS, -1, NULL, 0, 1);
		for (k = 0, o = 0; r >= 0 && k < ni; o += pi[k], k++) {
			vi[0].iov_base = (void *)(in + o);
			vi[0].iov_len = pi[k];
			r = alg_sendmsg(a->opfd, 0, op, iv, AES_BS, -1, vi, 1, k < ni - 1);
		}
		if (r < 0)
			return renew(a, (int)r);
		return recv_all(a, out, len);
	case P_SPLICE:
	case P_INPLACE:
		r = alg_sendmsg(a->opfd, 1, op, iv, AES_BS, -1, NULL, 0, 1);
		if (r >= 0)
			r = alg_splice_in(a->opfd, in, len, 0);
		if (r < 0)
			return renew(a, (int)r);
		return recv_all(a, out, len);
	case P_CHAIN:
		vi[0].iov_base = (void *)in;
		vi[0].iov_len = len;
		r = alg_sendmsg(a->opfd, 1, op, iv, AES_BS, -1, vi, 1, 0);
		if (r < 0)
			return renew(a, (int)r);
		for (k = 0, o = 0; k < chain_n; o += chain_take[k], k++) {
			int e = recv_all(a, out + o, chain_take[k]);

			if (e)
				return e;
		}
		return o == len ? 0 : -EIO;
	default:
		vi[0].iov_base = (void *)in;
		vi[0].iov_len = len;
		r = alg_sendmsg(a->opfd, 1, op, iv, AES_BS, -1, vi, 1, 0);
		if (r < 0)
			return renew(a, (int)r);
		if (r != (ssize_t)len)
			return -EIO;
		return recv_all(a, out, len);
	}
}

static const char *chain_desc(void)
{
	static char b[128];
	int k, o = sprintf(b, " (requests of");

	for (k = 0; k < chain_n; k++)
		o += sprintf(b + o, " %zu", chain_take[k]);
	sprintf(b + o, " bytes)");
	return b;
}

static size_t gen_len(int cts)
{
	if (!cts) {
		switch (rnd(6)) {
		case 0: return 16 * (1 + rnd(8));		/* 16..128 */
		case 1: return PAGE + 16 * rnd(5) - 32;		/* around a page */
		case 2: return 2 * PAGE + 16 * rnd(5) - 32;
		case 3: return 16 * (PAGE / 16 + 1 + rnd(2 * PAGE / 16));	/* > 4096 */
		default: return 16 * (1 + rnd(MAX_LEN / 16 - 4));
		}
	}
	switch (rnd(6)) {
	case 0:
	case 1: return 16 + rnd(49);				/* 16..64 */
	case 2: return PAGE + rnd(65) - 32;			/* around a page */
	case 3: return 2 * PAGE + rnd(65) - 32;
	case 4: return 16 * (1 + rnd(MAX_LEN / 16 - 4));	/* whole blocks */
	default: return 16 + rnd(MAX_LEN - 80);
	}
}

static int do_fuzz(const char *drv, unsigned long n, uint64_t seed)
{
	static uint8_t bin[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t bout[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t bback[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t exp[MAX_LEN];
	const int cts = is_cts(drv);
	const char *oracle = cts ? ORACLE_CTS : ORACLE_CBC;
	unsigned long i, bad = 0, nenc = 0, ndec = 0, npath[P_NR] = { 0 };
	unsigned long nkey[3] = { 0 }, npart = 0, nbig = 0;
	uint8_t key[32], iv[AES_BS];
	unsigned int klen = 16;
	struct alg t, o;
	char counts[256] = "";
	double t0 = now();
	int err;

	if (bind_sk(&t, drv)) {
		printf("FAIL: cbc fuzz: cannot bind %s\n", drv);
		return 1;
	}
	if (bind_sk(&o, oracle)) {
		printf("FAIL: cbc fuzz %s: cannot bind the oracle %s\n", drv, ref_name(oracle));
		return 1;
	}
	for (i = 0; i < n && bad < 5; i++) {
		size_t len = gen_len(cts);
		int op = rnd(2) ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
		enum path p = (enum path)rnd(P_NR);
		uint8_t *in = bin + rnd(PAGE), *out = bout + rnd(PAGE);
		uint8_t *back = bback + rnd(PAGE);

		if (i == 0 || !rnd(4)) {
			klen = 16 + 8 * rnd(3);
			rnd_bytes(key, klen);
			err = rekey(&t, key, klen);
			if (!err)
				err = rekey(&o, key, klen);
			if (err) {
				printf("FAIL: cbc fuzz %s: case %lu: setkey (%u bytes): %s\n",
				       drv, i, klen, strerror(-err));
				bad++;
				continue;
			}
		}
		rnd_bytes(iv, AES_BS);
		rnd_bytes(in, len);
		if (p == P_CHAIN)
			gen_chain(len);
		/* a chained case: the oracle chained alike (its output IVs) */
		err = cbc_op(&o, p == P_CHAIN ? P_CHAIN : P_FLAT, op, iv, in, exp, len);
		if (err) {
			printf("FAIL: cbc fuzz %s: oracle %s: case %lu (len %zu): %s\n",
			       drv, ref_name(oracle), i, len, strerror(-err));
			bad++;
			continue;
		}
		if (p == P_INPLACE) {
			memcpy(out, in, len);
			err = cbc_op(&t, p, op, iv, out, out, len);
		} else {
			memset(out, 0xa5, len);
			err = cbc_op(&t, p, op, iv, in, out, len);
		}
		if (err || memcmp(out, exp, len)) {
			size_t d = 0;

			while (!err && d < len && out[d] == exp[d])
				d++;
			printf("FAIL: cbc fuzz %s vs %s: case %lu: %s, key %u bytes, len %zu, path %s%s: %s%zu\n",
			       drv, ref_name(oracle), i,
			       op == ALG_OP_ENCRYPT ? "encrypt" : "decrypt", klen, len,
			       path_name[p], p == P_CHAIN ? chain_desc() : "",
			       err ? strerror(-err) : "first mismatch at byte ",
			       err ? (size_t)0 : d);
			bad++;
			continue;
		}
		/* the driver undoes its own result (one message) */
		err = p == P_CHAIN ? 0 : cbc_op(&t, rnd(2) ? P_IOV : P_FLAT,
			     op == ALG_OP_ENCRYPT ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT,
			     iv, out, back, len);
		if (err || (p != P_CHAIN && memcmp(back, in, len))) {
			printf("FAIL: cbc fuzz %s: case %lu: the inverse operation (len %zu, key %u bytes) did not give the input back%s%s\n",
			       drv, i, len, klen, err ? ": " : "", err ? strerror(-err) : "");
			bad++;
			continue;
		}
		if (op == ALG_OP_ENCRYPT)
			nenc++;
		else
			ndec++;
		npath[p]++;
		nkey[(klen - 16) / 8]++;
		if (len % AES_BS)
			npart++;
		if (len > PAGE)
			nbig++;
	}
	alg_close(&t);
	alg_close(&o);
	if (bad) {
		printf("FAIL: cbc fuzz %s vs %s: %lu bad cases (seed %llu)\n",
		       drv, ref_name(oracle), bad, (unsigned long long)seed);
		return 1;
	}
	join_counts(counts, path_name, npath, P_NR);
	printf("PASS: cbc fuzz %s vs %s: %lu cases (%lu encrypt, %lu decrypt; keys 16/24/32: %lu/%lu/%lu; %lu not whole blocks, %lu over a page; paths %s; chained requests compared with the template chained alike), each other case also inverted, in %.1f s (seed %llu)\n",
	       drv, ref_name(oracle), n, nenc, ndec, nkey[0], nkey[1], nkey[2],
	       npart, nbig, counts, now() - t0, (unsigned long long)seed);
	return 0;
}

/*
 * NIST SP 800-38A F.2.1/F.2.3/F.2.5 (CBC-AES128/192/256) and RFC 3962
 * appendix B (AES-128 CTS, as the kernel's testmgr.h has them)
 */
#define SP_IV "000102030405060708090a0b0c0d0e0f"
#define SP_PT "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51" \
	      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
#define RFC_KEY "636869636b656e207465726979616b69"
#define RFC_PT "I would like the General Gau's Chicken, please, and wonton soup."
static const struct kat {
	const char *key, *iv, *pt, *ct;
	int cts;
} kats[] = {
	{ "2b7e151628aed2a6abf7158809cf4f3c", SP_IV, SP_PT,
	  "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
	  "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", 0 },
	{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", SP_IV, SP_PT,
	  "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
	  "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd", 0 },
	{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", SP_IV, SP_PT,
	  "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
	  "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b", 0 },
	{ RFC_KEY, NULL, "17", "c6353568f2bf8cb4d8a580362da7ff7f97", 1 },
	{ RFC_KEY, NULL, "31", "fc00783e0efdb2c1d445d4c8eff7ed2297687268d6ecccc0c07b25e25ecfe5", 1 },
	{ RFC_KEY, NULL, "32", "39312523a78662d5be7fcbcc98ebf5a897687268d6ecccc0c07b25e25ecfe584", 1 },
	{ RFC_KEY, NULL, "47", "97687268d6ecccc0c07b25e25ecfe584b3fffd940c16a18c1b5549d2f838029e"
			       "39312523a78662d5be7fcbcc98ebf5", 1 },
	{ RFC_KEY, NULL, "48", "97687268d6ecccc0c07b25e25ecfe5849dad8bbb96c4cdc03bc103e1a194bbd8"
			       "39312523a78662d5be7fcbcc98ebf5a8", 1 },
	{ RFC_KEY, NULL, "64", "97687268d6ecccc0c07b25e25ecfe58439312523a78662d5be7fcbcc98ebf5a8"
			       "4807efe836ee89a526730dbc2f7bc8409dad8bbb96c4cdc03bc103e1a194bbd8", 1 },
};

static int do_kat(const char *name)
{
	const int cts = is_cts(name);
	unsigned int i, n = 0, fails = 0;

	for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		const struct kat *v = &kats[i];
		uint8_t key[32], iv[16] = { 0 }, pt[64], ct[64], out[64];
		struct alg a;
		int kl, l, err;
		enum path p;

		if (v->cts != cts)
			continue;
		kl = unhex(key, v->key);
		if (v->iv)
			unhex(iv, v->iv);
		if (cts) {	/* the RFC's plaintext, cut to the vector's length */
			memcpy(pt, RFC_PT, 64);
			l = atoi(v->pt);
		} else {
			l = unhex(pt, v->pt);
		}
		unhex(ct, v->ct);
		n++;
		for (p = P_FLAT; p <= P_IOV; p++) {
			err = bind_sk(&a, name);
			if (!err)
				err = rekey(&a, key, (unsigned int)kl);
			if (!err)
				err = cbc_op(&a, p, ALG_OP_ENCRYPT, iv, pt, out, (size_t)l);
			if (err || memcmp(out, ct, (size_t)l)) {
				printf("FAIL: %s: %s vector %u (%d-byte key, %d bytes) encryption (%s) %s\n",
				       name, cts ? "RFC 3962" : "SP 800-38A", n, kl, l,
				       path_name[p], err ? strerror(-err) : "wrong");
				fails++;
			} else if ((err = cbc_op(&a, p, ALG_OP_DECRYPT, iv, ct, out, (size_t)l)) ||
				   memcmp(out, pt, (size_t)l)) {
				printf("FAIL: %s: %s vector %u (%d-byte key, %d bytes) decryption (%s) %s\n",
				       name, cts ? "RFC 3962" : "SP 800-38A", n, kl, l,
				       path_name[p], err ? strerror(-err) : "wrong");
				fails++;
			}
			if (a.tfmfd >= 0)
				alg_close(&a);
		}
	}
	if (!fails)
		printf("PASS: %s: %s, %u vectors, encryption and decryption, flat and split over iovecs\n",
		       ref_name(name),
		       cts ? "RFC 3962 appendix B (AES-128 CBC-CS3: 17, 31, 32, 47, 48, 64 bytes)"
			   : "NIST SP 800-38A F.2.1/F.2.3/F.2.5 (CBC-AES128/192/256)", n);
	return fails ? 1 : 0;
}

/* bad key lengths and message lengths: EINVAL from both, the tfm still works */
static int do_badargs(const char *drv)
{
	static const unsigned int klens[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40, 48, 64 };
	static const unsigned int cbc_lens[] = { 1, 15, 17, 31, 33, 4095, 4097 };
	static const unsigned int cts_lens[] = { 1, 8, 15 };
	const int cts = is_cts(drv);
	const char *oracle = cts ? ORACLE_CTS : ORACLE_CBC;
	const unsigned int *ml = cts ? cts_lens : cbc_lens;
	unsigned int nml = cts ? 3 : 7;
	static uint8_t in[8192], out[8192];
	uint8_t key[64], iv[16] = { 1 };
	struct alg t, o;
	unsigned int i, j, fails = 0;
	char got[256] = "", gotm[128] = "";
	int err;

	rng_state = 0x1234567887654321ULL;
	rnd_bytes(key, sizeof(key));
	if (bind_sk(&t, drv) || bind_sk(&o, oracle)) {
		printf("FAIL: cbc badargs: cannot bind %s or %s\n", drv, ref_name(oracle));
		return 1;
	}
	for (i = 0; i < sizeof(klens) / sizeof(klens[0]); i++) {
		int et = alg_setkey(&t, key, klens[i]);
		int eo = alg_setkey(&o, key, klens[i]);

		snprintf(got + strlen(got), sizeof(got) - strlen(got), " %u", klens[i]);
		if (et != -EINVAL || eo != -EINVAL) {
			printf("FAIL: cbc badargs %s: key of %u bytes: driver %s, oracle %s (want EINVAL from both)\n",
			       drv, klens[i], et ? strerror(-et) : "accepted",
			       eo ? strerror(-eo) : "accepted");
			fails++;
		}
	}
	err = rekey(&t, key, 32);
	if (!err)
		err = rekey(&o, key, 32);
	if (err) {
		printf("FAIL: cbc badargs %s: a good 32-byte key after bad ones: %s\n", drv, strerror(-err));
		return 1;
	}
	memset(in, 0x3c, sizeof(in));
	for (j = 0; j < nml; j++) {
		snprintf(gotm + strlen(gotm), sizeof(gotm) - strlen(gotm), " %u", ml[j]);
		for (i = 0; i < 2; i++) {
			int op = i ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
			int et = cbc_op(&t, P_FLAT, op, iv, in, out, ml[j]);
			int eo = cbc_op(&o, P_FLAT, op, iv, in, out, ml[j]);

			if (et != -EINVAL || eo != -EINVAL) {
				printf("FAIL: cbc badargs %s: %u-byte %s: driver %s, oracle %s (want EINVAL from both)\n",
				       drv, ml[j], i ? "decryption" : "encryption",
				       et ? strerror(-et) : "accepted", eo ? strerror(-eo) : "accepted");
				fails++;
			}
		}
	}
	if (cbc_op(&t, P_IOV, ALG_OP_ENCRYPT, iv, in, out, cts ? 33 : 48)) {
		printf("FAIL: cbc badargs %s: an encryption after the refused requests failed\n", drv);
		fails++;
	}
	alg_close(&t);
	alg_close(&o);
	if (!fails)
		printf("PASS: cbc badargs %s: key lengths%s refused with EINVAL (as by %s); messages of%s bytes give EINVAL both ways; the tfm works afterwards\n",
		       drv, got, ref_name(oracle), gotm);
	return fails ? 1 : 0;
}

static int do_hold(const char *name, unsigned int secs)
{
	uint8_t key[16] = { 1 }, b[32] = { 0 }, iv[16] = { 0 };
	struct alg a;
	int err = bind_sk(&a, name);

	if (!err)
		err = rekey(&a, key, sizeof(key));
	if (!err)
		err = cbc_op(&a, P_FLAT, ALG_OP_ENCRYPT, iv, b, b, sizeof(b));
	return alg_hold(&a, name, secs, err);
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	*len = 0;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (buf && n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n > 0 ? (size_t)n : 0;
	return buf;
}

/* SHA-256 of key through an AF_ALG hash socket */
static int sha256(const uint8_t *key, unsigned int klen, uint8_t *md)
{
	struct alg h;
	int err = alg_bind(&h, "hash", "sha256-generic");

	if (!err)
		err = alg_accept(&h);
	if (!err && write(h.opfd, key, klen) != (ssize_t)klen)
		err = errno ? -errno : -EIO;
	if (!err && read(h.opfd, md, 32) != 32)
		err = errno ? -errno : -EIO;
	alg_close(&h);
	return err;
}

/*
 * dm-crypt aes-cbc-essiv:sha256 (drivers/md/dm-crypt.c, crypto/essiv.c): the
 * IV of a sector is AES-256 under SHA-256(key) of le64(sector) || 0^64, the
 * sector counted in 512-byte units whatever the sector size (no
 * iv_large_sectors); the data AES-CBC under the key
 */
static int do_dmcrypt_check(const char *hexkey, const char *plain_path,
			    const char *ct_path, unsigned int ssize)
{
	uint8_t key[32], salt[32], iv[AES_BS], *pt, *ct, *exp;
	size_t plen, clen, off;
	unsigned int klen, bad = 0;
	struct alg e, c;
	int err;

	if (strlen(hexkey) > 64) {
		printf("FAIL: dm-crypt cbc check: key too long\n");
		return 1;
	}
	klen = (unsigned int)unhex(key, hexkey);
	pt = slurp(plain_path, &plen);
	ct = slurp(ct_path, &clen);
	if (!pt || !ct || plen != clen || !plen || !ssize || plen % ssize || ssize % 512) {
		printf("FAIL: dm-crypt cbc check: cannot use %s (%zu bytes) / %s (%zu bytes) with sectors of %u\n",
		       plain_path, plen, ct_path, clen, ssize);
		return 1;
	}
	exp = malloc(ssize);
	err = sha256(key, klen, salt);
	if (err) {
		printf("FAIL: dm-crypt cbc check: %s: %s\n", ref_name("sha256-generic"), strerror(-err));
		return 1;
	}
	err = alg_bind(&e, "skcipher", "ecb(aes-generic)");
	if (!err)
		err = rekey(&e, salt, 32);
	if (!err)
		err = bind_sk(&c, ORACLE_CBC);
	if (!err)
		err = rekey(&c, key, klen);
	if (err || !exp) {
		printf("FAIL: dm-crypt cbc check: %s / %s: %s\n", ref_name("ecb(aes-generic)"),
		       ref_name(ORACLE_CBC), strerror(err ? -err : ENOMEM));
		return 1;
	}
	for (off = 0; off < plen; off += ssize) {
		uint64_t sector = off / 512;
		uint8_t s[AES_BS] = { 0 };
		struct iovec v = { s, AES_BS }, w = { iv, AES_BS };
		int i;

		for (i = 0; i < 8; i++)
			s[i] = (uint8_t)(sector >> (8 * i));
		if (alg_sendmsg(e.opfd, 1, ALG_OP_ENCRYPT, NULL, 0, -1, &v, 1, 0) != AES_BS ||
		    alg_recv(e.opfd, &w, 1) != AES_BS) {
			printf("FAIL: dm-crypt cbc check: %s failed\n", ref_name("ecb(aes-generic)"));
			return 1;
		}
		err = cbc_op(&c, P_FLAT, ALG_OP_ENCRYPT, iv, pt + off, exp, ssize);
		if (err) {
			printf("FAIL: dm-crypt cbc check: %s: %s\n", ref_name(ORACLE_CBC), strerror(-err));
			return 1;
		}
		if (memcmp(exp, ct + off, ssize) && bad++ < 3)
			printf("FAIL: dm-crypt aes-cbc-essiv:sha256 (sector size %u): device ciphertext of sector %llu differs from %s with the ESSIV IV\n",
			       ssize, (unsigned long long)sector, ref_name(ORACLE_CBC));
	}
	alg_close(&e);
	alg_close(&c);
	if (bad) {
		printf("FAIL: dm-crypt aes-cbc-essiv:sha256 (sector size %u): %u of %zu sectors wrong\n",
		       ssize, bad, plen / ssize);
		return 1;
	}
	printf("PASS: dm-crypt aes-cbc-essiv:sha256, AES-%u, sector size %u: all %zu sectors (%zu bytes) on the device equal %s with IV = %s under %s(key) of le64(512-byte sector)\n",
	       klen * 8, ssize, plen / ssize, plen, ref_name(ORACLE_CBC),
	       ref_name("ecb(aes-generic)"), ref_name("sha256-generic"));
	return 0;
}

#define USAGE \
		"usage: afalg_cbc [--seed S] DRIVER N\n" \
		"       afalg_cbc --kat NAME\n" \
		"       afalg_cbc --badargs DRIVER\n" \
		"       afalg_cbc --hold NAME SECONDS\n" \
		"       afalg_cbc --dmcrypt-check HEXKEY PLAINFILE DEVICEDUMP SECTORSIZE\n"
#define usage() usage_exit(USAGE)

int main(int argc, char **argv)
{
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--kat") && argc == 3)
		return do_kat(argv[2]);
	if (!strcmp(argv[1], "--badargs") && argc == 3)
		return do_badargs(argv[2]);
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)atoi(argv[3]));
	if (!strcmp(argv[1], "--dmcrypt-check") && argc == 6)
		return do_dmcrypt_check(argv[2], argv[3], argv[4],
					(unsigned int)atoi(argv[5]));
	if (argc > 2 && !strcmp(argv[1], "--seed")) {
		seed = strtoull(argv[2], NULL, 0);
		i = 3;
	}
	if (argc - i != 2)
		usage();
	seed = rng_seed(seed);
	return do_fuzz(argv[i], strtoul(argv[i + 1], NULL, 0), seed);
}
