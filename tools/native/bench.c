// SPDX-License-Identifier: GPL-2.0
/*
 * Native benchmark of CTR, GCM, XTS, CCM, CBC, CBC-CS3 (cts), CMAC,
 * XCBC-MAC and
 * authenc(hmac(sha1|sha256|sha512),cbc(aes)):
 * ours against OpenSSL EVP, libgcrypt and the stock kernels' own x86
 * assembly, AES-128 and AES-256.  How it measures (the message model of
 * each mode, the IV rings, the interleaved runs, --chain, the checks):
 * docs/performance.md, "How `make bench` measures".
 *
 * This is the core: the command line, the timing (calibration, the
 * interleaved runs, the best of them), the checks of the outputs against
 * OpenSSL's, and the table or CSV.  The modes are the struct bench_mode of
 * bench_modes[] (bench.h), each in its file bench_<mode>.c; the rows come
 * from bench_ours.c, bench_openssl.c, bench_gcrypt.c and bench_stock.c.
 *
 * Output: a table of GB/s (1e9 bytes/s) per mode and key size with, for
 * ours, the ratio to OpenSSL (authenc encrypt: to openssl-stitched) and to
 * the best stock-kernel row at that size, or with --csv (or CSV=1) only CSV:
 * impl,mode,key_bits,bytes,gbps (mode as named in bench_modes[]; impl
 * openssl, openssl-stitched, libgcrypt, aesnictr-<tier>, aesnictr
 * (authenc), linux-<kver> for the code that kernel picks on this CPU,
 * linux-<kver>-<variant> for its other code).
 * Options: --csv, --csv-out=FILE (the CSV also into FILE), --runs=N
 * (BENCH_RUNS), --ms=N (BENCH_MS), --max-tier=avx|vaes2|vaes512
 * (AESNICTR_MAX_TIER), --no-stock, --stock-dir=DIR (build/stock: why a
 * kernel is not linked), --modes=LIST (make bench MODES=LIST): a
 * comma-separated list of modes and families (a mode's name up to a '-':
 * gcm, xts, authenc, authenc-sha1, authenc-sha256, authenc-sha512, ccm, cbc,
 * cts, cmac, xcbc; or all), e.g.
 * --modes=xts-enc,xts-dec, --sizes=N,... (SIZES=), --chain (CHAIN=1): each
 * message waits for the previous one's output (latency, not throughput),
 * --calibrate: only the modes and sizes the module's load-time rule decides
 * on (5 runs of ~4 ms unless given), then its verdicts (bench_calibrate.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "bench.h"

/* The modes, in the order they run: adding one is its file and a line here. */
static const struct bench_mode *const bench_modes[] = {
	&bench_ctr,
	&bench_gcm_enc, &bench_gcm_dec,
	&bench_xts_enc, &bench_xts_dec,
	&bench_ae1_enc, &bench_ae1_dec,
	&bench_ae256_enc, &bench_ae256_dec,
	&bench_ae512_enc, &bench_ae512_dec,
	&bench_aesn256_enc, &bench_aesn256_dec,
	&bench_ccm_enc, &bench_ccm_dec,
	&bench_cbc_enc, &bench_cbc_dec,
	&bench_cts_enc, &bench_cts_dec,
	&bench_cmac, &bench_xcbc,
};
#define NR_MODES	ARRAY_LEN(bench_modes)

static const unsigned int key_bits[] = { 128, 256 };
#define NR_KEYS		ARRAY_LEN(key_bits)

/*
 * --sizes=: these sizes instead (0-terminated), all of them for the modes
 * that take any length, the multiples of 16 for those of whole blocks.
 */
#define NSIZES_USER 16
static size_t sizes_user[NSIZES_USER], sizes_user16[NSIZES_USER];

static int calibrating;		/* --calibrate */

static const size_t *mode_sizes(const struct bench_mode *m)
{
	if (calibrating)
		return calibrate_sizes(m->name);
	if (sizes_user[0])
		return m->whole_blocks ? sizes_user16 : sizes_user;
	return m->sizes;
}

static struct impl impls[32];
static int nr_impls;
static FILE *csv_out;		/* --csv-out */
static unsigned int modes_wanted = (1u << NR_MODES) - 1;
static int csv_mode;

const struct bench_mode *cur;
unsigned int cur_bit;
u8 *src, *dst, *ref;
uint64_t msg_no;
u8 iv_ring[NR_IV][BLK] __attribute__((aligned(16)));
int tag_bad;
int stock_fail;
int sha_ni;
struct ring_msg ring[NR_RING];
unsigned int ring_next;
int chain;
volatile unsigned int chain_zero;
unsigned int chain_dep;

/* Does im take part in the current mode? */
static int active(const struct impl *im)
{
	if (!(cur->kinds & KIND(im->kind)))
		return 0;
	switch (im->kind) {
	case IMPL_OSSL_STITCHED:
		return im->evp != NULL;
	case IMPL_STOCK:
		return (im->st->modes & cur->stock) && !(im->failed & cur_bit);
	case IMPL_TIER:
		return !cur->tiers || (cur->tiers & 1u << im->tier);
	default:
		return 1;
	}
}

void die(const char *what)
{
	fprintf(stderr, "bench: %s failed\n", what);
	exit(2);
}

void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(csv_mode ? stderr : stdout, fmt, ap);
	va_end(ap);
}

struct impl *add_impl(const char *name, const char *col, enum impl_kind kind,
		      enum tier t)
{
	struct impl *im;

	if (nr_impls == (int)ARRAY_LEN(impls))
		die("add_impl (too many rows)");
	im = &impls[nr_impls++];
	im->name = name;
	im->col = col;
	im->kind = kind;
	im->tier = t;
	return im;
}

/* As test_util.c's xaligned(), failing with the bench's own message. */
void *bench_aligned(size_t n)
{
	void *p;

	if (posix_memalign(&p, 64, n))
		die("posix_memalign");
	memset(p, 0, n);
	return p;
}

/* IV n: RFC 3686 style nonce | n | 1. */
static void make_iv(u8 iv[BLK], uint64_t n)
{
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

/* Pick iters so that one run takes about ms milliseconds (also warms up). */
static void calibrate(struct impl *im, size_t len, double ms)
{
	long iters = 1;
	double t;

	for (;;) {
		t = cur->run(im, len, iters);
		if (t >= ms / 1e3 / 8)
			break;
		iters *= 4;
	}
	iters = (long)((double)iters * (ms / 1e3) / t) + 1;
	im->iters = iters;
}

/*
 * Same message number (or ring message) for every implementation: outputs
 * and tags must agree with OpenSSL's, decryption must give src back and
 * accept the tag.
 */
static void check_output(size_t len, unsigned int bits)
{
	uint64_t saved = msg_no;
	unsigned int tl = cur->tag_len;
	u8 reftag[MAX_TAG];
	int i;

	for (i = 0; i < nr_impls; i++) {
		struct impl *im = &impls[i];

		if (!active(im))
			continue;
		msg_no = saved;
		ring_next = 0;
		tag_bad = 0;
		cur->msg(im, i ? dst : ref, len);
		if (!i)
			memcpy(reftag, im->tag, MAX_TAG);
		if (cur->ring ? memcmp(i ? dst : ref, src, len) || tag_bad :
		    i && (memcmp(dst, ref, len) ||
			  (tl && im->kind != IMPL_OSSL_STITCHED &&
			   memcmp(im->tag, reftag, tl)))) {
			if (im->kind == IMPL_STOCK) {
				stock_failed(im, bits, !tl ?
					     "output differs from OpenSSL's" :
					     "output or tag differs from OpenSSL's",
					     len);
				continue;
			}
			im->wrong |= cur_bit;
			fprintf(stderr,
				"bench: %s %s output%s wrong at %zu bytes\n",
				im->name, cur->name, !tl ? "" : " or tag", len);
		}
	}
	ring_next = 0;
	tag_bad = 0;
}

/* Is any stock row in the current mode? */
static int any_stock(void)
{
	int i;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_STOCK && active(&impls[i]))
			return 1;
	return 0;
}

/*
 * The table's columns: openssl, libgcrypt (and its ratio to openssl), each
 * stock row, "best stock" (the fastest stock row and its column title),
 * then ours with the ratios to openssl and to the best stock row.
 */
#define BEST_W		15
#define TIER_W(st)	((st) ? 22 : 16)

static int is_ours(const struct impl *im)
{
	return im->kind == IMPL_TIER || im->kind == IMPL_OURS_AE;
}

/*
 * The first ratio's base: openssl, or openssl-stitched where it runs; NULL
 * in a mode without an OpenSSL row (xcbc).
 */
static const struct impl *base_impl(void)
{
	int i;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_OSSL_STITCHED && active(&impls[i]))
			return &impls[i];
	return active(&impls[0]) ? &impls[0] : NULL;
}

static void print_header(unsigned int bits, int st)
{
	int i, best_done = !st;

	printf("\nAES-%u-%s\n", bits, cur->title);
	if (base_impl() && base_impl() != &impls[0])
		printf("(x) = ratio to %s (no tag: its MAC is of the plaintext and never finished)%s\n",
		       base_impl()->name, st ? ", then to the best stock row" : "");
	printf("%8s", "bytes");
	for (i = 0; i < nr_impls; i++) {
		const struct impl *im = &impls[i];

		if (!active(im))
			continue;
		if (is_ours(im) && !best_done) {
			printf(" %*s", BEST_W, "best stock");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
		case IMPL_OSSL_STITCHED:
		case IMPL_STOCK:
			printf(" %9s", im->col);
			break;
		case IMPL_TIER:
		case IMPL_OURS_AE:
			printf(" %*s", TIER_W(st), im->col);
			break;
		default:
			printf(" %16s", im->col);
			break;
		}
	}
	if (!best_done)
		printf(" %*s", BEST_W, "best stock");
	if (cur->bound)
		printf(" | %s", cur->bound_col);
	printf("\n");
}

static double gbps_of(const struct impl *im, size_t n)
{
	return (double)n * (double)im->iters / im->best / 1e9;
}

#define CHAIN_BLOCKS	20000
void bench_aes_chain10(long blocks);
void bench_aes_chain14(long blocks);

double bench_aes_chain_block_s(unsigned int bits)
{
	double best = 1e30, t;
	int k;

	for (k = 0; k < 3; k++) {
		t = now();
		if (bits == 128)
			bench_aes_chain10(CHAIN_BLOCKS);
		else
			bench_aes_chain14(CHAIN_BLOCKS);
		t = (now() - t) / CHAIN_BLOCKS;
		if (t < best)
			best = t;
	}
	return best;
}

/*
 * The bound's column: its GB/s, and ours as a share of it (the first of
 * our rows: the modes with a bound have one).
 */
static double bound_best;		/* seconds per message, this size */

static void print_bound(size_t n)
{
	double bgbps = (double)n / bound_best / 1e9;
	int i;

	printf(" | %6.2f", bgbps);
	for (i = 0; i < nr_impls; i++)
		if (is_ours(&impls[i]) && active(&impls[i])) {
			printf(" (ours %3.0f%%)", 100 * gbps_of(&impls[i], n) / bgbps);
			break;
		}
}

static void print_row(unsigned int bits, size_t n, int csv, int st)
{
	const struct impl *best = NULL;
	double base = base_impl() ? gbps_of(base_impl(), n) : 0, bgbps = 0, gbps;
	int i, best_done = !st;

	for (i = 0; i < nr_impls; i++)
		if (impls[i].kind == IMPL_STOCK && active(&impls[i]) &&
		    gbps_of(&impls[i], n) > bgbps) {
			best = &impls[i];
			bgbps = gbps_of(best, n);
		}
	if (!csv)
		printf("%8zu", n);
	for (i = 0; i < nr_impls; i++) {
		const struct impl *im = &impls[i];
		const char *bad = im->wrong & cur_bit ? "!" : "";

		if (!active(im))
			continue;
		gbps = gbps_of(im, n);
		if (csv_out)
			fprintf(csv_out, "%s,%s,%u,%zu,%.3f\n", im->name,
				cur->name, bits, n, gbps);
		if (csv) {
			printf("%s,%s,%u,%zu,%.3f\n", im->name, cur->name,
			       bits, n, gbps);
			continue;
		}
		if (is_ours(im) && !best_done) {
			printf(" %6.2f %-8s", bgbps, best ? best->col : "-");
			best_done = 1;
		}
		switch (im->kind) {
		case IMPL_OPENSSL:
		case IMPL_OSSL_STITCHED:
		case IMPL_STOCK:
			printf(" %9.2f", gbps);
			break;
		case IMPL_TIER:
		case IMPL_OURS_AE:
			if (!base && best)	/* no OpenSSL row (xcbc) */
				printf(" %8.2f (    - %4.2fx)%s", gbps,
				       gbps / bgbps, bad);
			else if (!base)
				printf(" %8.2f%s", gbps, bad);
			else if (st && best)
				printf(" %8.2f (%4.2fx %4.2fx)%s", gbps,
				       gbps / base, gbps / bgbps, bad);
			else if (st)	/* every stock row failed meanwhile */
				printf(" %8.2f (%4.2fx     -)%s", gbps,
				       gbps / base, bad);
			else
				printf(" %8.2f (%4.2fx)%s", gbps, gbps / base,
				       bad);
			break;
		default:
			printf(" %8.2f (%4.2fx)%s", gbps, gbps / base, bad);
			break;
		}
	}
	if (!csv && !best_done)
		printf(" %6.2f %-8s", bgbps, best ? best->col : "-");
	if (!csv && cur->bound)
		print_bound(n);
	if (!csv)
		printf("\n");
}

/* The runs of one size: interleaved, each starting with the next row. */
static void time_size(unsigned int bits, size_t n, int runs)
{
	int i, r;

	bound_best = 1e30;
	for (r = 0; r < runs; r++) {
		if (cur->bound) {
			double b = cur->bound(bits, n);

			if (b < bound_best)
				bound_best = b;
		}
		for (i = 0; i < nr_impls; i++) {
			struct impl *im = &impls[(i + r) % nr_impls];
			double dt;

			if (!active(im))
				continue;
			tag_bad = 0;
			dt = cur->run(im, n, im->iters);
			if (tag_bad && im->kind == IMPL_STOCK) {
				stock_failed(im, bits, "a valid tag refused", n);
				continue;
			}
			if (tag_bad) {
				im->wrong |= cur_bit;
				fprintf(stderr,
					"bench: %s %s rejected a valid tag at %zu bytes\n",
					im->name, cur->name, n);
			}
			if (dt < im->best)
				im->best = dt;
		}
	}
}

/* One table (or its CSV rows): the current mode, one key size, all sizes. */
static void bench_key(const u8 *key, unsigned int bits, int csv, int runs,
		      double ms)
{
	const size_t *sizes = mode_sizes(cur);
	int i, st;
	size_t z, n = 0;

	for (i = 0; i < nr_impls; i++) {
		struct impl *im = &impls[i];

		if (!active(im))
			continue;
		cur->set_key(im, key, bits);
		if (im->kind == IMPL_STOCK)
			stock_check(im, key, bits);
	}
	st = any_stock();
	if (!csv)
		print_header(bits, st);
	for (z = 0; sizes[z]; z++) {
		n = sizes[z];
		if (cur->prepare)
			cur->prepare(key, bits, n);
		check_output(n, bits);
		for (i = 0; i < nr_impls; i++) {
			if (!active(&impls[i]))
				continue;
			calibrate(&impls[i], n, ms);
			impls[i].best = 1e30;
		}
		time_size(bits, n, runs);
		if (calibrating)
			calibrate_record(cur->name, bits, n, impls, nr_impls,
					 active);
		print_row(bits, n, csv, st);
		fflush(stdout);
	}
	if (!csv && cur->bound_note && n)
		for (i = 0; i < nr_impls; i++)
			if (is_ours(&impls[i]) && active(&impls[i])) {
				cur->bound_note(bits, n, gbps_of(&impls[i], n));
				break;
			}
}

/* Do the wanted modes take rows of this kind? */
static int kind_wanted(enum impl_kind kind)
{
	unsigned int m;

	for (m = 0; m < NR_MODES; m++)
		if ((modes_wanted & 1u << m) &&
		    (bench_modes[m]->kinds & KIND(kind)))
			return 1;
	return 0;
}

/* Does token name mode m, or a family of it (m's name up to a '-')? */
static int names_mode(const char *tok, unsigned int m)
{
	const char *name = bench_modes[m]->name;
	size_t n = strlen(tok);

	return !strcmp(tok, "all") ||
	       (!strncmp(tok, name, n) && (!name[n] || name[n] == '-'));
}

/* The modes and families for the error message: "ctr, gcm-enc, ..., all". */
static void list_modes(FILE *f)
{
	const char *name, *d;
	unsigned int m, p;

	for (m = 0; m < NR_MODES; m++)
		fprintf(f, "%s, ", bench_modes[m]->name);
	fprintf(f, "or ");
	for (m = 0; m < NR_MODES; m++) {
		name = bench_modes[m]->name;
		for (d = strchr(name, '-'); d; d = strchr(d + 1, '-')) {
			/* a family not listed already by an earlier mode */
			for (p = 0; p < m; p++)
				if (!strncmp(bench_modes[p]->name, name,
					     (size_t)(d - name + 1)))
					break;
			if (p == m)
				fprintf(f, "%.*s, ", (int)(d - name), name);
		}
	}
	fprintf(f, "all");
}

/*
 * --modes= (or MODES= of make bench): a comma-separated list of mode names
 * (ctr, gcm-enc, xts-dec, authenc-sha256-enc, cbc-dec, ...) and families
 * (gcm, xts, authenc, authenc-sha1, authenc-sha256, authenc-sha512, ccm, cbc,
 * cts, cmac, xcbc, all).
 */
static int parse_modes(const char *list)
{
	char buf[256], *tok, *save = NULL;
	unsigned int m, mask;

	if (!*list)
		return 0;	/* MODES= empty: all */
	snprintf(buf, sizeof(buf), "%s", list);
	modes_wanted = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		mask = 0;
		for (m = 0; m < NR_MODES; m++)
			if (names_mode(tok, m))
				mask |= 1u << m;
		if (!mask) {
			fprintf(stderr, "bench: unknown mode %s (want ", tok);
			list_modes(stderr);
			fprintf(stderr, ")\n");
			return -1;
		}
		modes_wanted |= mask;
	}
	return 0;
}

/*
 * --sizes=N,...: message sizes in bytes, 16 up to MAX_MSG, at most 15; the
 * modes of whole blocks take only those that are multiples of 16.
 */
static int parse_sizes(const char *arg)
{
	unsigned int n = 0, n16 = 0;
	unsigned long v;
	char *end;

	do {
		v = strtoul(arg, &end, 10);
		if (end == arg || v < 16 || v > MAX_MSG ||
		    n >= NSIZES_USER - 1 || (*end && *end != ',')) {
			fprintf(stderr, "bench: bad --sizes (want N,... from 16 up to %d, at most %d)\n",
				MAX_MSG, NSIZES_USER - 1);
			return 1;
		}
		sizes_user[n++] = v;
		if (v % BLK == 0)
			sizes_user16[n16++] = v;
		arg = end + 1;
	} while (*end);
	sizes_user[n] = 0;
	sizes_user16[n16] = 0;
	return 0;
}

/* The lines before the tables: the CPU, the libraries, the tiers. */
static void print_intro(void)
{
	const struct stock_cpu *scpu = stock_cpu();
	int t;

	printf("CPU: %s (%s family %u model %u = 0x%x)\n", cpu_model(),
	       scpu->vendor, scpu->family, scpu->model, scpu->model);
	printf("OpenSSL: %s; libgcrypt %s\n", OpenSSL_version(OPENSSL_VERSION),
	       gcry_check_version(NULL));
	printf("tiers covered:");
	for (t = 0; t < NR_TIERS; t++)
		if (cpu_tier_usable(t))
			printf(" %s", tier_names[t]);
	printf("\n");
	for (t = 0; t < NR_TIERS; t++)
		if (!cpu_tier_usable(t))
			printf("NOT COVERED: tier %s (%s)\n", tier_names[t],
			       cpu_tier_why_not(t));
}

int main(int argc, char **argv)
{
	int csv = 0, runs = -1, i, r, no_stock = 0, rc = 0;
	const char *cap = NULL, *s, *stock_dir = NULL, *csv_path = NULL;
	double ms = -1;
	unsigned int k, m;
	size_t z;
	u8 key[64];		/* AES key; xts: key[0..n) || key[32..32+n) */

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
		} else if (!strncmp(argv[i], "--csv-out=", 10)) {
			csv_path = argv[i] + 10;
		} else if (!strncmp(argv[i], "--runs=", 7)) {
			runs = atoi(argv[i] + 7);
		} else if (!strncmp(argv[i], "--ms=", 5)) {
			ms = atof(argv[i] + 5);
		} else if (!strncmp(argv[i], "--max-tier=", 11)) {
			cap = argv[i] + 11;
		} else if (!strcmp(argv[i], "--calibrate")) {
			calibrating = 1;
		} else if (!strcmp(argv[i], "--chain")) {
			chain = 1;
		} else if (!strcmp(argv[i], "--no-stock")) {
			no_stock = 1;
		} else if (!strncmp(argv[i], "--stock-dir=", 12)) {
			stock_dir = argv[i] + 12;
		} else if (!strncmp(argv[i], "--modes=", 8)) {
			if (parse_modes(argv[i] + 8))
				return 2;
		} else if (!strncmp(argv[i], "--sizes=", 8)) {
			if (parse_sizes(argv[i] + 8))
				return 2;
		} else {
			fprintf(stderr,
				"usage: %s [--csv] [--csv-out=FILE] [--runs=N] [--ms=N] [--max-tier=avx|vaes2|vaes512] [--no-stock] [--stock-dir=DIR] [--modes=M,...] [--sizes=N,...] [--chain] [--calibrate]\n",
				argv[0]);
			return 2;
		}
	}
	/* --calibrate: short runs, as the module's at load */
	if (runs == -1)
		runs = calibrating ? 5 : 7;
	if (ms < 0)
		ms = calibrating ? 4 : 25;
	if (calibrating)
		for (m = 0; m < NR_MODES; m++)
			if (!calibrate_mode(bench_modes[m]->name))
				modes_wanted &= ~(1u << m);
	if (runs < 1 || ms <= 0) {
		fprintf(stderr, "bench: bad --runs or --ms\n");
		return 2;
	}
	if (cpu_detect(cap)) {
		fprintf(stderr, "bench: unknown tier cap (want avx, vaes2 or vaes512)\n");
		return 2;
	}
	csv_mode = csv;
	if (csv_path && !(csv_out = fopen(csv_path, "w"))) {
		perror(csv_path);
		return 2;
	}
	gcrypt_init();

	src = bench_aligned(MAX_MSG);
	dst = bench_aligned(MAX_MSG);
	ref = bench_aligned(MAX_MSG);
	for (r = 0; r < NR_RING; r++)
		ring[r].ct = bench_aligned(MAX_MSG);
	for (z = 0; z < MAX_MSG; z++)
		src[z] = (u8)(z * 131 + (z >> 8));
	for (z = 0; z < sizeof(key); z++)
		key[z] = (u8)(0x10 + 7 * z);
	for (z = 0; z < NR_IV; z++)
		make_iv(iv_ring[z], z);
	msg_no = 0;
	sha_ni = stock_cpu()->sha_ni;

	if (csv)
		printf("impl,mode,key_bits,bytes,gbps\n");
	else
		print_intro();
	if (csv_out)
		fprintf(csv_out, "impl,mode,key_bits,bytes,gbps\n");

	/* The rows, in the table's order: openssl first (the ratios' base). */
	openssl_add();
	gcrypt_add();
	if (kind_wanted(IMPL_OSSL_STITCHED))
		openssl_add_stitched();
	if (no_stock)
		note("NOT COVERED: stock kernels (--no-stock, STOCK=0)\n");
	else
		stock_add(stock_dir, csv);
	ours_add(kind_wanted(IMPL_OURS_AE));
	if (!csv)
		printf("GB/s (1e9 bytes/s), best of %d runs of ~%g ms each, IVs from a ring of %d written beforehand, %s; after libgcrypt and ours (x) = ratio to openssl%s\n",
		       runs, ms, NR_IV, chain ?
		       "each message waiting for the one before (--chain: latency)" :
		       "messages independent (throughput)", !no_stock ?
		       ", and for ours then to the fastest stock-kernel column (\"best stock\")" : "");
	fflush(stdout);

	for (m = 0; m < NR_MODES; m++) {
		if (!(modes_wanted & (1u << m)))
			continue;
		cur = bench_modes[m];
		cur_bit = 1u << m;
		for (k = 0; k < NR_KEYS; k++)
			if (!cur->key_bits || cur->key_bits == key_bits[k])
				bench_key(key, key_bits[k], csv, runs, ms);
	}
	for (i = 0; i < nr_impls; i++) {
		if (impls[i].wrong) {
			fprintf(stderr, "bench: %s gave wrong output or tags (marked !)\n",
				impls[i].name);
			rc = 1;
		}
		openssl_free(&impls[i]);
		gcrypt_free(&impls[i]);
	}
	if (stock_fail) {
		fprintf(stderr, "bench: a stock kernel's code failed its check against OpenSSL or could not be used (FAIL above)\n");
		rc = 1;
	}
	if (calibrating && calibrate_report())
		rc = 1;
	if (csv_out && fclose(csv_out)) {
		perror(csv_path);
		rc = 1;
	}
	return rc;
}
