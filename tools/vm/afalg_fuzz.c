// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_fuzz - AF_ALG differential fuzzer for skcipher "ctr(aes)" drivers.
 *
 * Runs inside the QEMU test guest.  The cipher under test is opened BY DRIVER
 * NAME (e.g. ctr-aes-aesnictr-vaes2) and compared against an oracle, by
 * default ctr(aes-generic), both through AF_ALG (on 7.x kernels aes-lib: see
 * ref_name() in afalg_common.h).  The oracle itself is cross-checked against
 * a CTR keystream that this program builds from ecb(aes-generic) with its
 * own 128-bit big-endian counter, so a wrong counter carry would be caught
 * even if the template and the driver agreed.
 *
 * The requests reach the driver through several user-space paths, chosen at
 * random per case:
 *   flat     one sendmsg, one read, out-of-place, random buffer alignment
 *   iov      one sendmsg with the input split over several iovecs, one
 *            recvmsg with the output split differently (blocks straddle
 *            scatterlist entries on both sides)
 *   multi    the input sent by several sendmsg(MSG_MORE) calls
 *   chain    several recvmsg calls of whole blocks each: every call is a
 *            separate request whose IV is the OUTPUT IV of the previous one,
 *            so the driver's returned counter is checked (also across the
 *            2^32, 2^64 and 2^128 wraps)
 *   splice   vmsplice()+splice() zero-copy input, separate output buffer
 *   inplace  vmsplice()+splice() zero-copy input and the SAME user buffer as
 *            output: src and dst scatterlists name the same pages
 *   kcapi    libkcapi kcapi_cipher_encrypt/decrypt (sendmsg or vmsplice
 *            access, in-place or not), for 1..64 KiB
 * Encrypt and decrypt are both exercised (CTR decrypt == encrypt).
 *
 * Modes:
 *   afalg_fuzz [--seed S] [--oracle NAME] DRIVER N   fuzz N cases
 *   afalg_fuzz --kat NAME                        NIST SP 800-38A F.5 vectors
 *   afalg_fuzz --badkeys DRIVER                  setkey length checks
 *   afalg_fuzz --hold NAME SECONDS               keep a keyed tfm open (ctr or xts)
 *   afalg_fuzz --dmcrypt-check HEXKEY PLAIN DUMP SECTORSIZE
 *        recompute a dm-crypt aes-ctr-plain64 device's ciphertext
 * Output lines start with "PASS: " or "FAIL: "; exit status 1 on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <kcapi.h>

#include "afalg_common.h"

#define MAX_LEN 70000		/* longest message fuzzed */
#define SLACK 256		/* room for misalignment and guard bytes */
#define MAX_PARTS 12

/* ------------------------------------------------------------------ */
/* raw AF_ALG helpers (afalg_common.c), skcipher flavour               */

static int alg_bind_skcipher(struct alg *a, const char *name)
{
	int err = alg_bind(a, "skcipher", name);

	a->ivlen = strncmp(name, "ecb", 3) ? AES_BS : 0;
	return err;
}

/* (Re)key: the parent socket refuses setkey while a child exists. */
static int alg_rekey(struct alg *a, const uint8_t *key, unsigned int klen)
{
	int err = alg_setkey(a, key, klen);

	return err ? err : alg_accept(a);
}

/* sendmsg, optionally carrying the operation and IV control messages */
static ssize_t alg_send(int fd, int with_meta, int op, const uint8_t *iv,
			struct iovec *iov, int niov, int more)
{
	return alg_sendmsg(fd, with_meta, op, iv, AES_BS, -1, iov, niov, more);
}

/* ------------------------------------------------------------------ */
/* oracle: ctr(aes-generic) in one flat request                        */

static int one_shot(struct alg *a, int op, const uint8_t *iv,
		    const uint8_t *in, uint8_t *out, size_t len)
{
	struct iovec iv_in = { (void *)in, len }, iv_out = { out, len };
	ssize_t r;

	r = alg_sendmsg(a->opfd, 1, op, iv, a->ivlen, -1, &iv_in, 1, 0);
	if (r < 0)
		return (int)r;
	if (!len) {
		/* nothing to read; a zero-length read would block */
		return 0;
	}
	r = alg_recv(a->opfd, &iv_out, 1);
	if (r < 0)
		return (int)r;
	return r == (ssize_t)len ? 0 : -EIO;
}

/* 128-bit big-endian increment */
static void ctr_inc(uint8_t *c)
{
	int i;

	for (i = AES_BS - 1; i >= 0; i--)
		if (++c[i])
			break;
}

/* ------------------------------------------------------------------ */
/* test case generation                                                */

static size_t pick_len(void)
{
	static const size_t special[] = {
		0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 95, 96,
		97, 111, 112, 113, 127, 128, 129, 191, 192, 255, 256, 257,
		383, 384, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 4095,
		4096, 4097, 8191, 8192, 8193, 16384, 32768, 65535, 65536,
		65537, MAX_LEN,
	};
	uint32_t r = rnd(100);
	long l;

	if (r < 25)			/* small */
		return rnd(130);
	if (r < 40)			/* around block multiples */
		l = (long)(1 + rnd(128)) * AES_BS + (long)rnd(5) - 2;
	else if (r < 60)		/* around page multiples */
		l = (long)(1 + rnd(17)) * 4096 + (long)rnd(67) - 33;
	else if (r < 70)		/* around the widest-tier strides */
		l = (long)(1 + rnd(64)) * 128 + (long)rnd(33) - 16;
	else if (r < 80)
		return special[rnd(sizeof(special) / sizeof(special[0]))];
	else if (r < 92)		/* anything */
		return rnd(MAX_LEN + 1);
	else				/* up to a few KiB */
		return rnd(5000);
	if (l < 0)
		l = 0;
	if (l > MAX_LEN)
		l = MAX_LEN;
	return (size_t)l;
}

static const char *pick_iv(uint8_t *iv, size_t len)
{
	uint32_t blocks = (uint32_t)((len + AES_BS - 1) / AES_BS);
	uint32_t r = rnd(100), k;

	rnd_bytes(iv, AES_BS);
	/* k below the block count makes the wrap happen inside the message */
	k = rnd(blocks + 3);
	if (r < 35)
		return "random";
	if (r < 65) {			/* low 32 bits wrap */
		uint32_t lo = 0xffffffffu - k;

		iv[12] = lo >> 24; iv[13] = lo >> 16; iv[14] = lo >> 8; iv[15] = lo;
		return "wrap32";
	}
	if (r < 80) {			/* low 64 bits wrap */
		memset(iv + 8, 0xff, 4);
		iv[12] = (0xffffffffu - k) >> 24; iv[13] = (0xffffffffu - k) >> 16;
		iv[14] = (0xffffffffu - k) >> 8; iv[15] = 0xffffffffu - k;
		return "wrap64";
	}
	if (r < 95) {			/* the whole 128-bit counter wraps */
		memset(iv, 0xff, AES_BS);
		iv[12] = (0xffffffffu - k) >> 24; iv[13] = (0xffffffffu - k) >> 16;
		iv[14] = (0xffffffffu - k) >> 8; iv[15] = 0xffffffffu - k;
		return "wrap128";
	}
	memset(iv, 0, AES_BS);		/* zero counter */
	return "zero";
}

enum path { P_FLAT, P_IOV, P_MULTI, P_CHAIN, P_SPLICE, P_INPLACE, P_KCAPI,
	    P_NR };
static const char *const path_name[P_NR] = {
	"flat", "iov", "multi", "chain", "splice", "inplace", "kcapi",
};

struct stats {
	unsigned long cases, bytes, path[P_NR], ivkind_wrap;
};

static char detail[512];

/* run one case through the cipher under test; the result lands in out */
static int run_target(struct alg *t, const char *drv, enum path path, int op,
		      const uint8_t *key, unsigned int klen, const uint8_t *iv,
		      const uint8_t *in, uint8_t *out, uint8_t *work, size_t len)
{
	size_t parts[MAX_PARTS], oparts[MAX_PARTS];
	struct iovec iov[MAX_PARTS], oiov[MAX_PARTS];
	int n, on, i;
	size_t off;
	ssize_t r;

	switch (path) {
	case P_FLAT:
		return one_shot(t, op, iv, in, out, len);

	case P_IOV:
		n = split(len, parts, MAX_PARTS);
		on = split(len, oparts, MAX_PARTS);
		for (i = 0, off = 0; i < n; off += parts[i], i++) {
			iov[i].iov_base = (void *)(in + off);
			iov[i].iov_len = parts[i];
		}
		/* the output pieces are scattered within work (gaps between) */
		for (i = 0, off = 0; i < on; i++) {
			oiov[i].iov_base = work + off + (size_t)i * 3;
			oiov[i].iov_len = oparts[i];
			off += oparts[i];
		}
		snprintf(detail, sizeof(detail), "in parts %d, out parts %d", n, on);
		r = alg_send(t->opfd, 1, op, iv, iov, n, 0);
		if (r < 0)
			return (int)r;
		if (len) {
			r = alg_recv(t->opfd, oiov, on);
			if (r < 0)
				return (int)r;
			if ((size_t)r != len)
				return -EIO;
		}
		for (i = 0, off = 0; i < on; off += oparts[i], i++)
			memcpy(out + off, oiov[i].iov_base, oparts[i]);
		return 0;

	case P_MULTI:
		n = split(len, parts, 6);
		snprintf(detail, sizeof(detail), "%d sendmsg calls", n);
		r = alg_send(t->opfd, 1, op, iv, NULL, 0, 1);
		if (r < 0)
			return (int)r;
		for (i = 0, off = 0; i < n; off += parts[i], i++) {
			iov[0].iov_base = (void *)(in + off);
			iov[0].iov_len = parts[i];
			r = alg_send(t->opfd, 0, op, iv, iov, 1, i < n - 1);
			if (r < 0)
				return (int)r;
		}
		if (!len)
			return 0;
		oiov[0].iov_base = out;
		oiov[0].iov_len = len;
		r = alg_recv(t->opfd, oiov, 1);
		if (r < 0)
			return (int)r;
		return (size_t)r == len ? 0 : -EIO;

	case P_CHAIN: {
		/* all data sent, then several requests of whole blocks each */
		char *d = detail;
		size_t done = 0;

		iov[0].iov_base = (void *)in;
		iov[0].iov_len = len;
		r = alg_send(t->opfd, 1, op, iv, iov, 1, 0);
		if (r < 0)
			return (int)r;
		d += sprintf(d, "requests:");
		while (done < len) {
			size_t left = len - done, take;

			if (left <= AES_BS || rnd(4) == 0) {
				take = left;
			} else {
				size_t blocks = left / AES_BS;

				if (left % AES_BS == 0)
					blocks--;	/* leave something */
				take = blocks ? (1 + rnd((uint32_t)blocks)) * AES_BS
					      : left;
			}
			if (d < detail + sizeof(detail) - 16)
				d += sprintf(d, " %zu", take);
			oiov[0].iov_base = out + done;
			oiov[0].iov_len = take;
			r = alg_recv(t->opfd, oiov, 1);
			if (r < 0)
				return (int)r;
			if ((size_t)r != take)
				return -EIO;
			done += take;
		}
		return 0;
	}

	case P_SPLICE:
	case P_INPLACE: {
		uint8_t *src = (uint8_t *)in;

		if (path == P_INPLACE) {
			memcpy(out, in, len);
			src = out;	/* same user buffer in and out */
		}
		r = alg_send(t->opfd, 1, op, iv, NULL, 0, 1);
		if (r < 0)
			return (int)r;
		if (!len) {
			/* close the request: an empty final sendmsg */
			r = alg_send(t->opfd, 0, op, iv, NULL, 0, 0);
			return r < 0 ? (int)r : 0;
		}
		r = alg_splice_in(t->opfd, src, len, 0);
		if (r < 0)
			return (int)r;
		oiov[0].iov_base = out;
		oiov[0].iov_len = len;
		r = alg_recv(t->opfd, oiov, 1);
		if (r < 0)
			return (int)r;
		return (size_t)r == len ? 0 : -EIO;
	}

	case P_KCAPI: {
		struct kcapi_handle *h;
		int access, inplace;
		const uint8_t *src = in;
		int ret;

		kcapi_pick(&access, &inplace, detail, sizeof(detail));
		ret = kcapi_cipher_init(&h, drv, 0);
		if (ret)
			return ret;
		ret = kcapi_cipher_setkey(h, key, klen);
		if (ret) {
			kcapi_cipher_destroy(h);
			return ret;
		}
		if (inplace) {
			memcpy(out, in, len);
			src = out;
		}
		if (op == ALG_OP_ENCRYPT)
			r = kcapi_cipher_encrypt(h, src, len, iv, out, len, access);
		else
			r = kcapi_cipher_decrypt(h, src, len, iv, out, len, access);
		kcapi_cipher_destroy(h);
		if (r < 0)
			return (int)r;
		return (size_t)r == len ? 0 : -EIO;
	}
	default:
		return -EINVAL;
	}
}

static int do_fuzz(const char *drv, const char *oracle_name, unsigned long n,
		   uint64_t seed)
{
	struct alg t, o, e;
	uint8_t *in_base, *out_base, *exp_base, *work, *ks;
	uint8_t key[32], iv[AES_BS];
	struct stats st;
	unsigned long failures = 0, c;
	unsigned int klen = 0;
	double t0 = now();
	int err;

	memset(&st, 0, sizeof(st));
	in_base = malloc(MAX_LEN + SLACK);
	out_base = malloc(MAX_LEN + SLACK);
	exp_base = malloc(MAX_LEN + SLACK);
	work = malloc(MAX_LEN + SLACK * 4);
	ks = malloc(MAX_LEN + SLACK);
	if (!in_base || !out_base || !exp_base || !work || !ks) {
		printf("FAIL: fuzz %s: out of memory\n", drv);
		return 1;
	}
	err = alg_bind_skcipher(&t, drv);
	if (err) {
		printf("FAIL: fuzz %s: cannot bind AF_ALG skcipher %s: %s\n",
		       drv, drv, strerror(-err));
		return 1;
	}
	err = alg_bind_skcipher(&o, oracle_name);
	if (err) {
		printf("FAIL: fuzz %s: cannot bind oracle %s: %s\n", drv,
		       oracle_name, strerror(-err));
		return 1;
	}
	err = alg_bind_skcipher(&e, "ecb(aes-generic)");
	if (err) {
		printf("FAIL: fuzz %s: cannot bind %s: %s\n", drv,
		       ref_name("ecb(aes-generic)"), strerror(-err));
		return 1;
	}

	for (c = 0; c < n; c++) {
		size_t len = pick_len(), ia = rnd(64), oa = rnd(64), i;
		uint8_t *in = in_base + ia, *out = out_base + oa, *exp = exp_base;
		enum path path = (enum path)rnd(P_NR);
		int op = rnd(2) ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
		const char *ivkind;
		uint8_t ctr[AES_BS];
		int rk = c == 0 || rnd(8) == 0;

		if (path == P_KCAPI && (len == 0 || len > 65536))
			path = P_FLAT;	/* libkcapi chunks >64K, rejects 0 */
		if (rk) {
			static const unsigned int kl[3] = { 16, 24, 32 };

			klen = kl[rnd(3)];
			rnd_bytes(key, klen);
			err = alg_rekey(&t, key, klen);
			if (!err)
				err = alg_rekey(&o, key, klen);
			if (!err)
				err = alg_rekey(&e, key, klen);
			if (err) {
				printf("FAIL: fuzz %s: setkey(%u) failed: %s\n",
				       drv, klen, strerror(-err));
				return 1;
			}
		}
		ivkind = pick_iv(iv, len);
		rnd_bytes(in, len);
		memset(out_base, 0xa5, MAX_LEN + SLACK);
		detail[0] = 0;

		/* oracle */
		err = one_shot(&o, ALG_OP_ENCRYPT, iv, in, exp, len);
		if (err) {
			printf("FAIL: fuzz %s: oracle %s failed (len %zu): %s\n",
			       drv, oracle_name, len, strerror(-err));
			return 1;
		}
		/* oracle self-check: keystream from ecb(aes-generic) */
		if (len) {
			size_t nb = (len + AES_BS - 1) / AES_BS, b;

			memcpy(ctr, iv, AES_BS);
			for (b = 0; b < nb; b++) {
				memcpy(work + b * AES_BS, ctr, AES_BS);
				ctr_inc(ctr);
			}
			err = one_shot(&e, ALG_OP_ENCRYPT, iv, work, ks,
				       nb * AES_BS);
			if (err) {
				printf("FAIL: fuzz %s: %s failed: %s\n",
				       drv, ref_name("ecb(aes-generic)"), strerror(-err));
				return 1;
			}
			for (i = 0; i < len; i++)
				if ((uint8_t)(in[i] ^ ks[i]) != exp[i])
					break;
			if (i < len) {
				printf("FAIL: fuzz %s: oracle %s disagrees with ecb-built CTR at byte %zu (len %zu, iv %s)\n",
				       drv, oracle_name, i, len, ivkind);
				return 1;
			}
		}

		err = run_target(&t, drv, path, op, key, klen, iv, in, out,
				 work, len);
		if (path != P_KCAPI) {
			/* the request socket may be left in an odd state after
			 * an error: start afresh */
			if (err)
				alg_rekey(&t, key, klen);
		}
		st.cases++;
		st.bytes += len;
		st.path[path]++;
		if (strncmp(ivkind, "wrap", 4) == 0)
			st.ivkind_wrap++;
		if (!err) {
			if (memcmp(out, exp, len) == 0)
				continue;
		}
		if (++failures <= 8) {
			char ivh[2 * AES_BS + 1];

			hex(ivh, iv, AES_BS);
			if (err) {
				printf("FAIL: fuzz %s case %lu: %s %s len=%zu klen=%u iv=%s(%s) align=%zu/%zu %s: error %s\n",
				       drv, c, path_name[path],
				       op == ALG_OP_ENCRYPT ? "enc" : "dec", len,
				       klen, ivh, ivkind, ia, oa, detail,
				       strerror(-err));
			} else {
				for (i = 0; i < len && out[i] == exp[i]; i++)
					;
				printf("FAIL: fuzz %s case %lu: %s %s len=%zu klen=%u iv=%s(%s) align=%zu/%zu %s: first mismatch at byte %zu (block %zu)\n",
				       drv, c, path_name[path],
				       op == ALG_OP_ENCRYPT ? "enc" : "dec", len,
				       klen, ivh, ivkind, ia, oa, detail, i,
				       i / AES_BS);
			}
		}
		fflush(stdout);
	}
	alg_close(&t);
	alg_close(&o);
	alg_close(&e);

	{
		char paths[256];

		join_counts(paths, path_name, st.path, P_NR);
		if (failures)
			printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
			       drv, oracle_name, failures, st.cases, seed);
		else
			printf("PASS: fuzz %s vs %s: %lu cases, %lu bytes, %lu with counter wraps, %.1f s (seed 0x%016" PRIx64 "; %s)\n",
			       drv, oracle_name, st.cases, st.bytes,
			       st.ivkind_wrap, now() - t0, seed, paths);
	}
	free(in_base);
	free(out_base);
	free(exp_base);
	free(work);
	free(ks);
	return failures ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* NIST SP 800-38A F.5.1/F.5.3/F.5.5 (CTR-AES128/192/256.Encrypt)     */

static int do_kat(const char *name)
{
	static const char *const pt =
		"6bc1bee22e409f96e93d7e117393172a"
		"ae2d8a571e03ac9c9eb76fac45af8e51"
		"30c81c46a35ce411e5fbc1191a0a52ef"
		"f69f2445df4f9b17ad2b417be66c3710";
	static const char *const ctrblk = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
	static const struct { const char *key, *ct; } v[3] = {
		{ "2b7e151628aed2a6abf7158809cf4f3c",
		  "874d6191b620e3261bef6864990db6ce"
		  "9806f66b7970fdff8617187bb9fffdff"
		  "5ae4df3edbd5d35e5b4f09020db03eab"
		  "1e031dda2fbe03d1792170a0f3009cee" },
		{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
		  "1abc932417521ca24f2b0459fe7e6e0b"
		  "090339ec0aa6faefd5ccc2c6f4ce8e94"
		  "1e36b26bd1ebc670d1bd1d665620abf7"
		  "4f78a7f6d29809585a97daec58c6b050" },
		{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
		  "601ec313775789a5b7a7f504bbf3d228"
		  "f443e3ca4d62b59aca84e990cacaf5c5"
		  "2b0930daa23de94ce87017ba2d84988d"
		  "dfc9c58db67aada613c2dd08457941a6" },
	};
	uint8_t key[32], iv[16], p[64], want[64], got[64];
	int i, fails = 0;

	unhex(iv, ctrblk);
	unhex(p, pt);
	for (i = 0; i < 3; i++) {
		struct alg a;
		int kl = unhex(key, v[i].key), err;

		unhex(want, v[i].ct);
		err = alg_bind_skcipher(&a, name);
		if (!err)
			err = alg_rekey(&a, key, kl);
		if (!err)
			err = one_shot(&a, ALG_OP_ENCRYPT, iv, p, got, 64);
		/* and once more with a trailing partial block */
		if (!err && memcmp(got, want, 64) == 0)
			err = one_shot(&a, ALG_OP_DECRYPT, iv, want, got, 37);
		if (a.tfmfd >= 0)
			alg_close(&a);
		if (err) {
			printf("FAIL: kat %s AES-%d: %s\n", name, kl * 8,
			       strerror(-err));
			fails++;
		} else if (memcmp(got, p, 37)) {
			printf("FAIL: kat %s AES-%d: wrong output (SP 800-38A F.5)\n",
			       name, kl * 8);
			fails++;
		}
	}
	if (!fails)
		printf("PASS: kat %s: SP 800-38A F.5.1/F.5.3/F.5.5 CTR vectors\n",
		       name);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* setkey must reject anything but 16/24/32 bytes with EINVAL          */

static int do_badkeys(const char *drv)
{
	static const unsigned int bad[] = { 0, 1, 15, 17, 23, 25, 31, 33, 64 };
	static const unsigned int good[] = { 16, 24, 32 };
	uint8_t key[64];
	int fails = 0;
	size_t i;

	rnd_bytes(key, sizeof(key));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct kcapi_handle *h;
		int ret = kcapi_cipher_init(&h, drv, 0);

		if (ret) {
			printf("FAIL: badkeys %s: kcapi_cipher_init: %s\n", drv,
			       strerror(-ret));
			return 1;
		}
		ret = kcapi_cipher_setkey(h, key, bad[i]);
		if (ret != -EINVAL) {
			printf("FAIL: badkeys %s: setkey(%u bytes) returned %d (%s), want -EINVAL\n",
			       drv, bad[i], ret, ret ? strerror(-ret) : "success");
			fails++;
		}
		kcapi_cipher_destroy(h);
	}
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct kcapi_handle *h;
		uint8_t buf[48], iv[16] = { 0 };
		int ret = kcapi_cipher_init(&h, drv, 0);

		if (ret) {
			printf("FAIL: badkeys %s: kcapi_cipher_init: %s\n", drv,
			       strerror(-ret));
			return 1;
		}
		ret = kcapi_cipher_setkey(h, key, good[i]);
		if (ret) {
			printf("FAIL: badkeys %s: setkey(%u bytes) returned %d (%s)\n",
			       drv, good[i], ret, strerror(-ret));
			fails++;
		} else {
			memset(buf, 0, sizeof(buf));
			ret = kcapi_cipher_encrypt(h, buf, sizeof(buf), iv, buf,
						   sizeof(buf),
						   KCAPI_ACCESS_SENDMSG);
			if (ret != (int)sizeof(buf)) {
				printf("FAIL: badkeys %s: encrypt after setkey(%u) returned %d\n",
				       drv, good[i], ret);
				fails++;
			}
		}
		kcapi_cipher_destroy(h);
	}
	/* a failed setkey must leave the tfm usable with a later good key */
	{
		struct alg a;
		int err = alg_bind_skcipher(&a, drv);

		if (!err) {
			setsockopt(a.tfmfd, SOL_ALG, ALG_SET_KEY, key, 17);
			err = alg_rekey(&a, key, 32);
			if (!err) {
				uint8_t b[32] = { 0 }, iv[16] = { 0 };

				err = one_shot(&a, ALG_OP_ENCRYPT, iv, b, b, 32);
			}
			alg_close(&a);
		}
		if (err) {
			printf("FAIL: badkeys %s: good key after a bad one: %s\n",
			       drv, strerror(-err));
			fails++;
		}
	}
	if (!fails)
		printf("PASS: badkeys %s: lengths 0,1,15,17,23,25,31,33,64 -> EINVAL; 16,24,32 accepted\n",
		       drv);
	return fails ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* keep a keyed transform open (module refcount held)                  */

static int do_hold(const char *name, unsigned int secs)
{
	struct alg a;
	/* xts(aes) (the guest holds that too) takes two AES keys */
	uint8_t key[32] = { 1 }, b[16] = { 0 }, iv[16] = { 0 };
	int err = alg_bind_skcipher(&a, name);

	if (!err)
		err = alg_rekey(&a, key, strncmp(name, "xts", 3) ? 16 : 32);
	if (!err)
		err = one_shot(&a, ALG_OP_ENCRYPT, iv, b, b, sizeof(b));
	return alg_hold(&a, name, secs, err);
}

/* ------------------------------------------------------------------ */
/* dm-crypt aes-ctr-plain64: recompute a device's ciphertext            */

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (cap - *len < 65536) {
			uint8_t *nb = realloc(buf, cap + (1 << 20));

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
			cap += 1 << 20;
		}
		n = fread(buf + *len, 1, cap - *len, f);
		if (!n)
			break;
		*len += n;
	}
	fclose(f);
	return buf;
}

/*
 * The plaintext written through a dm-crypt "aes-ctr-plain64" mapping and the
 * raw device contents read back must match ctr(aes-generic) with, for each
 * sector of SECTOR_SIZE bytes, the IV le64(byte offset / 512) || 0^64.
 */
static int do_dmcrypt_check(const char *hexkey, const char *plain_path,
			    const char *ct_path, unsigned int ssize)
{
	uint8_t key[64], iv[AES_BS], *pt, *ct, *exp;
	size_t plen, clen, off;
	unsigned int klen = 0, bad = 0;
	struct alg o;
	int err;

	while (hexkey[0] && hexkey[1] && klen < sizeof(key)) {
		unsigned int v;

		if (sscanf(hexkey, "%2x", &v) != 1)
			break;
		key[klen++] = (uint8_t)v;
		hexkey += 2;
	}
	pt = slurp(plain_path, &plen);
	ct = slurp(ct_path, &clen);
	if (!pt || !ct || plen != clen || !plen || plen % ssize || !ssize ||
	    ssize % 512) {
		printf("FAIL: dm-crypt check: cannot use %s (%zu bytes) / %s (%zu bytes) with sectors of %u\n",
		       plain_path, plen, ct_path, clen, ssize);
		return 1;
	}
	exp = malloc(ssize);
	err = alg_bind_skcipher(&o, "ctr(aes-generic)");
	if (!err)
		err = alg_rekey(&o, key, klen);
	if (err || !exp) {
		printf("FAIL: dm-crypt check: %s: %s\n", ref_name("ctr(aes-generic)"),
		       strerror(err ? -err : ENOMEM));
		return 1;
	}
	for (off = 0; off < plen; off += ssize) {
		uint64_t sector = off / 512;
		int i;

		memset(iv, 0, sizeof(iv));
		for (i = 0; i < 8; i++)
			iv[i] = (uint8_t)(sector >> (8 * i));
		err = one_shot(&o, ALG_OP_ENCRYPT, iv, pt + off, exp, ssize);
		if (err) {
			printf("FAIL: dm-crypt check: %s: %s\n",
			       ref_name("ctr(aes-generic)"), strerror(-err));
			return 1;
		}
		if (memcmp(exp, ct + off, ssize) && bad++ < 3)
			printf("FAIL: dm-crypt aes-ctr-plain64 (sector size %u): device ciphertext of sector %llu differs from %s\n",
			       ssize, (unsigned long long)sector, ref_name("ctr(aes-generic)"));
	}
	alg_close(&o);
	if (bad) {
		printf("FAIL: dm-crypt aes-ctr-plain64 (sector size %u): %u of %zu sectors wrong\n",
		       ssize, bad, plen / ssize);
		return 1;
	}
	printf("PASS: dm-crypt aes-ctr-plain64, %u-bit key, sector size %u: all %zu sectors (%zu bytes) on the device equal %s\n",
	       klen * 8, ssize, plen / ssize, plen, ref_name("ctr(aes-generic)"));
	return 0;
}

#define USAGE \
		"usage: afalg_fuzz [--seed S] [--oracle NAME] DRIVER N\n" \
		"       afalg_fuzz --kat NAME\n" \
		"       afalg_fuzz --badkeys DRIVER\n" \
		"       afalg_fuzz --hold NAME SECONDS\n" \
		"       afalg_fuzz --dmcrypt-check HEXKEY PLAINFILE DEVICEDUMP SECTORSIZE\n"
#define usage() usage_exit(USAGE)

int main(int argc, char **argv)
{
	const char *oracle = "ctr(aes-generic)";
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, USAGE);
	if (!strcmp(argv[1], "--badkeys") && argc == 3) {
		rng_state = 0x9e3779b97f4a7c15ULL;
		return do_badkeys(argv[2]);
	}
	if (!strcmp(argv[1], "--hold") && argc == 4)
		return do_hold(argv[2], (unsigned int)atoi(argv[3]));
	if (!strcmp(argv[1], "--kat") && argc == 3)
		return do_kat(argv[2]);
	if (!strcmp(argv[1], "--dmcrypt-check") && argc == 6)
		return do_dmcrypt_check(argv[2], argv[3], argv[4],
					(unsigned int)atoi(argv[5]));
	while (i < argc && argv[i][0] == '-') {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--oracle") && i + 1 < argc)
			oracle = argv[i + 1];
		else
			usage();
		i += 2;
	}
	if (argc - i != 2)
		usage();
	seed = rng_seed(seed);
	return do_fuzz(argv[i], ref_name(oracle), strtoul(argv[i + 1], NULL, 0), seed);
}
