// SPDX-License-Identifier: GPL-2.0
/*
 * Native CTR benchmark: every tier the CPU has against OpenSSL EVP and
 * libgcrypt, AES-128 and AES-256, messages of 64 B to 1 MiB.  One message
 * model for all: the key is set once; each message gets a fresh IV and is
 * encrypted whole (OpenSSL: EncryptInit_ex with only the IV, EncryptUpdate,
 * EncryptFinal_ex; libgcrypt: setctr, encrypt; ours: ctr_crypt_split()).
 * Each figure is the best of several timed runs of ~25 ms, the
 * implementations interleaved so that noise hits all alike.
 *
 * Output: a table of GB/s (1e9 bytes/s) with the ratio to OpenSSL, or with
 * --csv (or CSV=1) only CSV: impl,mode,key_bits,bytes,gbps.
 * Options: --csv, --runs=N (BENCH_RUNS), --ms=N (BENCH_MS),
 * --max-tier=avx|vaes2|vaes512 (AESNICTR_MAX_TIER).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gcrypt.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "cpu.h"
#include "ctr_split.h"

#define BLK	AESNICTR_BLOCK_SIZE
#define MAX_MSG	(1 << 20)

static const size_t sizes[] = { 64, 256, 512, 1420, 4096, 16384, MAX_MSG };
#define NR_SIZES	(sizeof(sizes) / sizeof(sizes[0]))
static const unsigned int key_bits[] = { 128, 256 };
#define NR_KEYS		(sizeof(key_bits) / sizeof(key_bits[0]))

enum impl_kind { IMPL_TIER, IMPL_OPENSSL, IMPL_GCRYPT };

struct impl {
	const char *name;		/* as in the CSV */
	const char *col;		/* table column title */
	enum impl_kind kind;
	enum tier tier;
	struct aesnictr_key ks;
	EVP_CIPHER_CTX *evp;
	gcry_cipher_hd_t gh;
	long iters;			/* messages per timed run */
	double best;			/* best seconds per timed run */
	int wrong;			/* output differs from OpenSSL's */
};

static struct impl impls[2 + NR_TIERS];
static int nr_impls;
static u8 *src, *dst, *ref;
static uint64_t msg_no;

static void die(const char *what)
{
	fprintf(stderr, "bench: %s failed\n", what);
	exit(2);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A fresh IV per message: RFC 3686 style nonce | message number | 1. */
static void next_iv(u8 iv[BLK])
{
	uint64_t n = msg_no++;
	int i;

	iv[0] = 0x5a;
	iv[1] = 0xa5;
	iv[2] = 0x3c;
	iv[3] = 0xc3;
	for (i = 0; i < 8; i++)
		iv[4 + i] = (u8)(n >> (56 - 8 * i));
	iv[12] = iv[13] = iv[14] = 0;
	iv[15] = 1;
}

static void set_key(struct impl *im, const u8 *key, unsigned int bits)
{
	static const u8 zero_iv[BLK];

	switch (im->kind) {
	case IMPL_TIER:
		aesnictr_expand_key(&im->ks, key, bits / 8);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, bits == 128 ? EVP_aes_128_ctr() :
					EVP_aes_256_ctr(), NULL, key, zero_iv))
			die("EVP_EncryptInit_ex");
		break;
	case IMPL_GCRYPT:
		if (im->gh)
			gcry_cipher_close(im->gh);
		if (gcry_cipher_open(&im->gh, bits == 128 ? GCRY_CIPHER_AES128 :
				     GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CTR, 0) ||
		    gcry_cipher_setkey(im->gh, key, bits / 8))
			die("gcry_cipher_open/setkey");
		break;
	}
}

/* One message: fresh IV, the whole of src[0..len) into out. */
static inline void encrypt_msg(struct impl *im, u8 *out, size_t len)
{
	u8 iv[BLK];
	int n1, n2;

	next_iv(iv);
	switch (im->kind) {
	case IMPL_TIER:
		ctr_crypt_split(tier_fns[im->tier], &im->ks, out, src, len, iv);
		break;
	case IMPL_OPENSSL:
		if (!EVP_EncryptInit_ex(im->evp, NULL, NULL, NULL, iv) ||
		    !EVP_EncryptUpdate(im->evp, out, &n1, src, (int)len) ||
		    !EVP_EncryptFinal_ex(im->evp, out + n1, &n2))
			die("EVP encrypt");
		break;
	case IMPL_GCRYPT:
		if (gcry_cipher_setctr(im->gh, iv, BLK) ||
		    gcry_cipher_encrypt(im->gh, out, len, src, len))
			die("gcry_cipher_encrypt");
		break;
	}
}

static double time_run(struct impl *im, size_t len, long iters)
{
	double t0 = now();
	long i;

	for (i = 0; i < iters; i++)
		encrypt_msg(im, dst, len);
	return now() - t0;
}

/* Pick iters so that one run takes about ms milliseconds (also warms up). */
static void calibrate(struct impl *im, size_t len, double ms)
{
	long iters = 1;
	double t;

	for (;;) {
		t = time_run(im, len, iters);
		if (t >= ms / 1e3 / 8)
			break;
		iters *= 4;
	}
	iters = (long)((double)iters * (ms / 1e3) / t) + 1;
	im->iters = iters;
}

/* Same message number for every implementation: outputs must agree. */
static void check_output(size_t len)
{
	uint64_t saved = msg_no;
	int i;

	for (i = 0; i < nr_impls; i++) {
		msg_no = saved;
		encrypt_msg(&impls[i], i ? dst : ref, len);
		if (i && memcmp(dst, ref, len)) {
			impls[i].wrong = 1;
			fprintf(stderr,
				"bench: %s output differs from OpenSSL at %zu bytes\n",
				impls[i].name, len);
		}
	}
}

static void add_impl(const char *name, const char *col, enum impl_kind kind,
		     enum tier t)
{
	struct impl *im = &impls[nr_impls++];

	im->name = name;
	im->col = col;
	im->kind = kind;
	im->tier = t;
	if (kind == IMPL_OPENSSL && !(im->evp = EVP_CIPHER_CTX_new()))
		die("EVP_CIPHER_CTX_new");
}

static void *xaligned(size_t n)
{
	void *p;

	if (posix_memalign(&p, 64, n))
		die("posix_memalign");
	memset(p, 0, n);
	return p;
}

int main(int argc, char **argv)
{
	static const char *const tier_impl[NR_TIERS] = {
		"aesnictr-avx", "aesnictr-vaes2", "aesnictr-vaes512"
	};
	int csv = 0, runs = 7, i, t, r;
	const char *cap = NULL, *s;
	double ms = 25;
	unsigned int k;
	size_t z, n;
	u8 key[32];

	if ((s = getenv("CSV")) && (!strcmp(s, "1") || !strcmp(s, "y") ||
				    !strcmp(s, "yes")))
		csv = 1;
	if ((s = getenv("BENCH_RUNS")) && *s)
		runs = atoi(s);
	if ((s = getenv("BENCH_MS")) && *s)
		ms = atof(s);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv")) {
			csv = 1;
		} else if (!strncmp(argv[i], "--runs=", 7)) {
			runs = atoi(argv[i] + 7);
		} else if (!strncmp(argv[i], "--ms=", 5)) {
			ms = atof(argv[i] + 5);
		} else if (!strncmp(argv[i], "--max-tier=", 11)) {
			cap = argv[i] + 11;
		} else {
			fprintf(stderr,
				"usage: %s [--csv] [--runs=N] [--ms=N] [--max-tier=avx|vaes2|vaes512]\n",
				argv[0]);
			return 2;
		}
	}
	if (runs < 1 || ms <= 0) {
		fprintf(stderr, "bench: bad --runs or --ms\n");
		return 2;
	}
	if (cpu_detect(cap)) {
		fprintf(stderr, "bench: unknown tier cap (want avx, vaes2 or vaes512)\n");
		return 2;
	}
	if (!gcry_check_version(GCRYPT_VERSION))
		die("gcry_check_version");
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);

	add_impl("openssl", "openssl", IMPL_OPENSSL, 0);
	add_impl("libgcrypt", "libgcrypt", IMPL_GCRYPT, 0);
	for (t = 0; t < NR_TIERS; t++)
		if (cpu_tier_usable(t))
			add_impl(tier_impl[t], tier_names[t], IMPL_TIER, t);

	src = xaligned(MAX_MSG);
	dst = xaligned(MAX_MSG);
	ref = xaligned(MAX_MSG);
	for (z = 0; z < MAX_MSG; z++)
		src[z] = (u8)(z * 131 + (z >> 8));
	for (z = 0; z < sizeof(key); z++)
		key[z] = (u8)(0x10 + 7 * z);

	if (csv) {
		printf("impl,mode,key_bits,bytes,gbps\n");
	} else {
		printf("CPU: %s\n", cpu_model());
		printf("OpenSSL: %s; libgcrypt %s\n",
		       OpenSSL_version(OPENSSL_VERSION),
		       gcry_check_version(NULL));
		printf("tiers covered:");
		for (t = 0; t < NR_TIERS; t++)
			if (cpu_tier_usable(t))
				printf(" %s", tier_names[t]);
		printf("\n");
		for (t = 0; t < NR_TIERS; t++)
			if (!cpu_tier_usable(t))
				printf("NOT COVERED: tier %s (%s)\n",
				       tier_names[t], cpu_tier_why_not(t));
		printf("GB/s (1e9 bytes/s), best of %d runs of ~%g ms each, fresh IV per message; (x) = ratio to openssl\n",
		       runs, ms);
	}
	fflush(stdout);

	for (k = 0; k < NR_KEYS; k++) {
		for (i = 0; i < nr_impls; i++)
			set_key(&impls[i], key, key_bits[k]);
		if (!csv) {
			printf("\nAES-%u-CTR\n%8s", key_bits[k], "bytes");
			for (i = 0; i < nr_impls; i++)
				printf(i ? " %16s" : " %9s", impls[i].col);
			printf("\n");
		}
		for (z = 0; z < NR_SIZES; z++) {
			n = sizes[z];
			check_output(n);
			for (i = 0; i < nr_impls; i++) {
				calibrate(&impls[i], n, ms);
				impls[i].best = 1e30;
			}
			/* Interleave, starting with a different one each run. */
			for (r = 0; r < runs; r++) {
				for (i = 0; i < nr_impls; i++) {
					struct impl *im = &impls[(i + r) % nr_impls];
					double dt = time_run(im, n, im->iters);

					if (dt < im->best)
						im->best = dt;
				}
			}
			if (!csv)
				printf("%8zu", n);
			for (i = 0; i < nr_impls; i++) {
				struct impl *im = &impls[i];
				double gbps = (double)n * (double)im->iters /
					      im->best / 1e9;
				double base = (double)n * (double)impls[0].iters /
					      impls[0].best / 1e9;

				if (csv)
					printf("%s,ctr,%u,%zu,%.3f\n", im->name,
					       key_bits[k], n, gbps);
				else if (!i)
					printf(" %9.2f", gbps);
				else
					printf(" %8.2f (%4.2fx)%s", gbps,
					       gbps / base, im->wrong ? "!" : "");
			}
			if (!csv)
				printf("\n");
			fflush(stdout);
		}
	}
	for (i = 0; i < nr_impls; i++) {
		if (impls[i].wrong) {
			fprintf(stderr, "bench: %s gave wrong output (marked !)\n",
				impls[i].name);
			return 1;
		}
		if (impls[i].evp)
			EVP_CIPHER_CTX_free(impls[i].evp);
		if (impls[i].gh)
			gcry_cipher_close(impls[i].gh);
	}
	return 0;
}
