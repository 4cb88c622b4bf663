// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_xts - AF_ALG differential fuzzer of xts(aes).
 *
 * Opens the driver under test by driver name and the oracle
 * xts(ecb(aes-generic)) (7.x: xts(ecb(aes-lib)), see ref_name()), both
 * through raw AF_ALG, and compares them on random cases: keys of 32/48/64
 * bytes with unequal halves, lengths 16..8 KiB (many not multiples of 16:
 * ciphertext stealing), random IVs, encryption and decryption; the driver's
 * input and output are split over several iovecs at random offsets of
 * page-aligned buffers, so the data straddle pages and scatterlist entries.
 * Every driver encryption is decrypted again by the driver.
 *
 *   afalg_xts [--seed S] DRIVER N
 *   afalg_xts --kat NAME            IEEE 1619 vectors 1 and 2
 *   afalg_xts --badargs DRIVER      bad key lengths, a 15-byte message: EINVAL
 *   afalg_xts --dmcrypt-check HEXKEY PLAIN DUMP SECTORSIZE
 *                                   dm-crypt aes-xts-plain64 device contents
 * Output: PASS:/FAIL: lines; exit status 0 only if nothing failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

#define MAX_LEN 8300
#define PAGE 4096
#define BUFSZ (MAX_LEN + 3 * PAGE)
#define MAX_PARTS 8
#define ORACLE "xts(ecb(aes-generic))"

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

/* one request; in and out each split over up to nparts iovecs (1: flat) */
static int xts_op(struct alg *a, int op, const uint8_t *iv, const uint8_t *in,
		  uint8_t *out, size_t len, int maxparts)
{
	struct iovec vi[MAX_PARTS], vo[MAX_PARTS];
	size_t pi[MAX_PARTS], po[MAX_PARTS], o;
	int ni, no, k;
	ssize_t r;

	ni = maxparts > 1 ? split(len, pi, maxparts) : (pi[0] = len, 1);
	no = maxparts > 1 ? split(len, po, maxparts) : (po[0] = len, 1);
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
		return (int)r;
	if (r != (ssize_t)len)
		return -EIO;
	r = alg_recv(a->opfd, vo, no);
	if (r < 0) {
		/* a failed request leaves the op socket unusable: renew it */
		int e = (int)r;

		alg_drop_op(a);
		alg_accept(a);
		return e;
	}
	return r == (ssize_t)len ? 0 : -EIO;
}

static void gen_key(uint8_t *key, unsigned int *klen)
{
	static const unsigned int kl[] = { 32, 48, 64 };

	*klen = kl[rnd(3)];
	do
		rnd_bytes(key, *klen);
	while (!memcmp(key, key + *klen / 2, *klen / 2));
}

static size_t gen_len(void)
{
	switch (rnd(6)) {
	case 0: return 16 + rnd(49);			/* 16..64 */
	case 1: return 16 * (1 + rnd(MAX_LEN / 16));	/* whole blocks */
	case 2: return 16 * (1 + rnd(MAX_LEN / 16 - 1)) + 1 + rnd(15);
	case 3: return PAGE + rnd(2 * AES_BS + 1) - AES_BS;	/* around a page */
	case 4: return 2 * PAGE + rnd(33);
	default: return 16 + rnd(MAX_LEN - 15);
	}
}

static int do_fuzz(const char *drv, unsigned long n, uint64_t seed)
{
	static uint8_t bin[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t bout[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t bback[BUFSZ] __attribute__((aligned(PAGE)));
	static uint8_t exp[MAX_LEN + 64];
	struct alg t, o;
	uint8_t key[64], iv[AES_BS];
	unsigned int klen = 0;
	unsigned long i, bad = 0, nenc = 0, ndec = 0, nsteal = 0, nsplit = 0;
	int err;
	double t0 = now();

	err = bind_sk(&t, drv);
	if (err) {
		printf("FAIL: xts fuzz: cannot bind %s: %s\n", drv, strerror(-err));
		return 1;
	}
	err = bind_sk(&o, ORACLE);
	if (err) {
		printf("FAIL: xts fuzz: cannot bind the oracle %s: %s\n",
		       ref_name(ORACLE), strerror(-err));
		return 1;
	}
	for (i = 0; i < n && bad < 5; i++) {
		size_t len = gen_len(), oi = rnd(PAGE), oo = rnd(PAGE);
		int op = rnd(2) ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
		int parts = rnd(4) ? 2 + (int)rnd(MAX_PARTS - 1) : 1;
		uint8_t *in = bin + oi, *out = bout + oo, *back = bback + rnd(PAGE);

		if (i == 0 || !rnd(4)) {
			gen_key(key, &klen);
			err = rekey(&t, key, klen);
			if (!err)
				err = rekey(&o, key, klen);
			if (err) {
				printf("FAIL: xts fuzz %s: case %lu: setkey (%u bytes): %s\n",
				       drv, i, klen, strerror(-err));
				bad++;
				continue;
			}
		}
		rnd_bytes(iv, AES_BS);
		if (!rnd(4))
			memset(iv + 8, 0, 8);
		rnd_bytes(in, len);
		err = xts_op(&o, op, iv, in, exp, len, 1);
		if (err) {
			printf("FAIL: xts fuzz: oracle %s: case %lu (len %zu): %s\n",
			       ref_name(ORACLE), i, len, strerror(-err));
			bad++;
			continue;
		}
		memset(out, 0xa5, len);
		err = xts_op(&t, op, iv, in, out, len, parts);
		if (err || memcmp(out, exp, len)) {
			size_t d = 0;

			while (!err && d < len && out[d] == exp[d])
				d++;
			printf("FAIL: xts fuzz %s vs %s: case %lu: %s, key %u bytes, len %zu, %d iovecs, in at +%zu out at +%zu: %s%zu\n",
			       drv, ref_name(ORACLE), i,
			       op == ALG_OP_ENCRYPT ? "encrypt" : "decrypt", klen,
			       len, parts, oi, oo,
			       err ? strerror(-err) : "first mismatch at byte ",
			       err ? (size_t)0 : d);
			bad++;
			continue;
		}
		/* the driver undoes its own result */
		err = xts_op(&t, op == ALG_OP_ENCRYPT ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT,
			     iv, out, back, len, parts > 1 ? MAX_PARTS : 1);
		if (err || memcmp(back, in, len)) {
			printf("FAIL: xts fuzz %s: case %lu: the inverse operation (len %zu, key %u bytes) did not give the input back%s%s\n",
			       drv, i, len, klen, err ? ": " : "",
			       err ? strerror(-err) : "");
			bad++;
			continue;
		}
		if (op == ALG_OP_ENCRYPT)
			nenc++;
		else
			ndec++;
		if (len % AES_BS)
			nsteal++;
		if (parts > 1)
			nsplit++;
	}
	alg_close(&t);
	alg_close(&o);
	if (bad) {
		printf("FAIL: xts fuzz %s vs %s: %lu bad cases (seed %llu)\n",
		       drv, ref_name(ORACLE), bad, (unsigned long long)seed);
		return 1;
	}
	printf("PASS: xts fuzz %s vs %s: %lu cases (%lu encrypt, %lu decrypt; %lu with ciphertext stealing, %lu with split iovecs), each also inverted, in %.1f s (seed %llu)\n",
	       drv, ref_name(ORACLE), n, nenc, ndec, nsteal, nsplit, now() - t0,
	       (unsigned long long)seed);
	return 0;
}

/* IEEE 1619-2007 annex B, vectors 1 and 2 (XTS-AES-128) */
static int do_kat(const char *name)
{
	static const struct {
		const char *key, *iv, *pt, *ct;
	} v[] = {
		{ "0000000000000000000000000000000000000000000000000000000000000000",
		  "00000000000000000000000000000000",
		  "0000000000000000000000000000000000000000000000000000000000000000",
		  "917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e" },
		{ "1111111111111111111111111111111122222222222222222222222222222222",
		  "33333333330000000000000000000000",
		  "4444444444444444444444444444444444444444444444444444444444444444",
		  "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0" },
	};
	unsigned int i, fails = 0;

	for (i = 0; i < 2; i++) {
		uint8_t key[64], iv[16], pt[64], ct[64], out[64];
		struct alg a;
		int kl = unhex(key, v[i].key), err;
		int l = unhex(pt, v[i].pt);

		unhex(iv, v[i].iv);
		unhex(ct, v[i].ct);
		err = bind_sk(&a, name);
		if (!err)
			err = rekey(&a, key, (unsigned int)kl);
		if (!err)
			err = xts_op(&a, ALG_OP_ENCRYPT, iv, pt, out, (size_t)l, 1);
		if (err || memcmp(out, ct, (size_t)l)) {
			printf("FAIL: %s: IEEE 1619 vector %u encryption %s\n", name,
			       i + 1, err ? strerror(-err) : "wrong");
			fails++;
		} else if ((err = xts_op(&a, ALG_OP_DECRYPT, iv, ct, out, (size_t)l, 1)) ||
			   memcmp(out, pt, (size_t)l)) {
			printf("FAIL: %s: IEEE 1619 vector %u decryption %s\n", name,
			       i + 1, err ? strerror(-err) : "wrong");
			fails++;
		}
		if (a.tfmfd >= 0)
			alg_close(&a);
	}
	if (!fails)
		printf("PASS: %s: IEEE 1619 vectors 1 and 2 (XTS-AES-128), encryption and decryption\n",
		       ref_name(name));
	return fails ? 1 : 0;
}

/* bad key lengths and a message shorter than a block: EINVAL, as the oracle */
static int do_badargs(const char *drv)
{
	static const unsigned int lens[] = { 0, 1, 8, 15, 16, 17, 24, 31, 33, 40,
					     47, 56, 63, 65, 80, 96, 128 };
	uint8_t key[128], in[64], out[64], iv[16] = { 1 };
	struct alg t, o;
	unsigned int i, fails = 0;
	char got[512] = "";
	int err;

	rng_state = 0x1234567887654321ULL;
	rnd_bytes(key, sizeof(key));
	if (bind_sk(&t, drv) || bind_sk(&o, ORACLE)) {
		printf("FAIL: xts badargs: cannot bind %s or %s\n", drv, ref_name(ORACLE));
		return 1;
	}
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		int et = alg_setkey(&t, key, lens[i]);
		int eo = alg_setkey(&o, key, lens[i]);

		snprintf(got + strlen(got), sizeof(got) - strlen(got), " %u:%s",
			 lens[i], et == -EINVAL ? "EINVAL" : et ? "other" : "ok");
		if (et != -EINVAL || eo != -EINVAL) {
			printf("FAIL: xts badargs %s: key of %u bytes: driver %s, oracle %s (want EINVAL from both)\n",
			       drv, lens[i], et ? strerror(-et) : "accepted",
			       eo ? strerror(-eo) : "accepted");
			fails++;
		}
	}
	/* a good key after the bad ones, then a 15-byte message */
	key[40] ^= 0x5a;
	err = rekey(&t, key, 64);
	if (!err)
		err = rekey(&o, key, 64);
	if (err) {
		printf("FAIL: xts badargs %s: good 64-byte key after bad ones: %s\n",
		       drv, strerror(-err));
		return 1;
	}
	memset(in, 0x3c, sizeof(in));
	for (i = 0; i < 2; i++) {
		int op = i ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
		int et = xts_op(&t, op, iv, in, out, 15, 1);
		int eo = xts_op(&o, op, iv, in, out, 15, 1);

		if (et != -EINVAL || eo != -EINVAL) {
			printf("FAIL: xts badargs %s: 15-byte %s: driver %s, oracle %s (want EINVAL from both)\n",
			       drv, i ? "decryption" : "encryption",
			       et ? strerror(-et) : "accepted", eo ? strerror(-eo) : "accepted");
			fails++;
		}
	}
	/* and the tfm still works */
	if (xts_op(&t, ALG_OP_ENCRYPT, iv, in, out, 33, 2)) {
		printf("FAIL: xts badargs %s: a 33-byte encryption after the refused requests failed\n", drv);
		fails++;
	}
	alg_close(&t);
	alg_close(&o);
	if (!fails)
		printf("PASS: xts badargs %s: key lengths%s refused with EINVAL (as by %s); 15-byte encryption and decryption give EINVAL\n",
		       drv, got, ref_name(ORACLE));
	return fails ? 1 : 0;
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

/* dm-crypt aes-xts-plain64: IV of a sector = le64(byte offset / 512) || 0^64 */
static int do_dmcrypt_check(const char *hexkey, const char *plain_path,
			    const char *ct_path, unsigned int ssize)
{
	uint8_t key[64], iv[AES_BS], *pt, *ct, *exp;
	size_t plen, clen, off;
	unsigned int klen, bad = 0;
	struct alg o;
	int err;

	if (strlen(hexkey) > 128) {
		printf("FAIL: dm-crypt xts check: key too long\n");
		return 1;
	}
	klen = (unsigned int)unhex(key, hexkey);
	pt = slurp(plain_path, &plen);
	ct = slurp(ct_path, &clen);
	if (!pt || !ct || plen != clen || !plen || !ssize || plen % ssize || ssize % 512) {
		printf("FAIL: dm-crypt xts check: cannot use %s (%zu bytes) / %s (%zu bytes) with sectors of %u\n",
		       plain_path, plen, ct_path, clen, ssize);
		return 1;
	}
	exp = malloc(ssize);
	err = bind_sk(&o, ORACLE);
	if (!err)
		err = rekey(&o, key, klen);
	if (err || !exp) {
		printf("FAIL: dm-crypt xts check: %s: %s\n", ref_name(ORACLE),
		       strerror(err ? -err : ENOMEM));
		return 1;
	}
	for (off = 0; off < plen; off += ssize) {
		uint64_t sector = off / 512;
		int i;

		memset(iv, 0, sizeof(iv));
		for (i = 0; i < 8; i++)
			iv[i] = (uint8_t)(sector >> (8 * i));
		err = xts_op(&o, ALG_OP_ENCRYPT, iv, pt + off, exp, ssize, 1);
		if (err) {
			printf("FAIL: dm-crypt xts check: %s: %s\n", ref_name(ORACLE),
			       strerror(-err));
			return 1;
		}
		if (memcmp(exp, ct + off, ssize) && bad++ < 3)
			printf("FAIL: dm-crypt aes-xts-plain64 (sector size %u): device ciphertext of sector %llu differs from %s\n",
			       ssize, (unsigned long long)sector, ref_name(ORACLE));
	}
	alg_close(&o);
	if (bad) {
		printf("FAIL: dm-crypt aes-xts-plain64 (sector size %u): %u of %zu sectors wrong\n",
		       ssize, bad, plen / ssize);
		return 1;
	}
	printf("PASS: dm-crypt aes-xts-plain64, %u-byte key (2 x AES-%u), sector size %u: all %zu sectors (%zu bytes) on the device equal %s\n",
	       klen, klen * 4, ssize, plen / ssize, plen, ref_name(ORACLE));
	return 0;
}

#define USAGE \
		"usage: afalg_xts [--seed S] DRIVER N\n" \
		"       afalg_xts --kat NAME\n" \
		"       afalg_xts --badargs DRIVER\n" \
		"       afalg_xts --dmcrypt-check HEXKEY PLAINFILE DEVICEDUMP SECTORSIZE\n"
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
