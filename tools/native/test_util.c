// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the native tests (test_ctr.c, test_gcm.c) and, for the
 * clock, the bench: main()'s options, seed, banner and summary, the random
 * source, PASS/FAIL lines and per-tier groups, the SIGSEGV guard for the
 * cases against unmapped pages, guard bytes and buffers.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "abi_call.h"
#include "test_util.h"

int nr_fail;
int usable[NR_TIERS];

static uint64_t rng_state;
static const char *test_name;
static double t_start;

/* ---- random ------------------------------------------------------------- */

/* splitmix64: small, fast, good enough to pick test cases. */
uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void rnd_bytes(u8 *p, size_t n)
{
	while (n) {
		uint64_t r = rnd();
		size_t k = n < 8 ? n : 8;

		memcpy(p, &r, k);
		p += k;
		n -= k;
	}
}

static u8 *pool;

void pool_init(void)
{
	pool = xaligned(POOL_LEN);
	rnd_bytes(pool, POOL_LEN);
}

const u8 *rnd_from_pool(size_t len)
{
	return pool + rnd() % (POOL_LEN - len + 1);
}

/* ---- reporting ---------------------------------------------------------- */

void hex(char *out, const u8 *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	while (n--) {
		*out++ = digits[*p >> 4];
		*out++ = digits[*p++ & 15];
	}
	*out = 0;
}

size_t unhex(u8 *out, const char *s)
{
	size_t n = 0;

	while (s[0] && s[1]) {
		sscanf(s, "%2hhx", out + n++);
		s += 2;
	}
	return n;
}

void pass(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("PASS: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
}

void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	nr_fail++;
}

static struct {
	long cases, fails;
	char first[DETAIL_LEN];
} grp[NR_TIERS];
static char grp_name[192];

const char *tier_suffix[NR_TIERS];

void group_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(grp_name, sizeof(grp_name), fmt, ap);
	va_end(ap);
	memset(grp, 0, sizeof(grp));
}

void group_record(enum tier t, int ok, const char *detail)
{
	grp[t].cases++;
	if (ok)
		return;
	if (!grp[t].fails++)
		snprintf(grp[t].first, sizeof(grp[t].first), "%s", detail);
}

void group_end(void)
{
	int t;

	for (t = 0; t < NR_TIERS; t++) {
		const char *sfx = tier_suffix[t] ? tier_suffix[t] : "";

		if (!usable[t])
			continue;
		if (!grp[t].fails)
			pass("%s%s %s (%ld cases)", tier_names[t], sfx,
			     grp_name, grp[t].cases);
		else
			fail("%s%s %s: %s (%ld of %ld cases failed)",
			     tier_names[t], sfx, grp_name, grp[t].first,
			     grp[t].fails, grp[t].cases);
	}
}

const char *abi_what(unsigned int bad)
{
	static char s[160];

	s[0] = 0;
	if (bad & ABI_CALLEE_SAVED)
		strcat(s, " callee-saved register clobbered;");
	if (bad & ABI_RSP)
		strcat(s, " rsp not restored;");
	if (bad & ABI_DF)
		strcat(s, " direction flag left set;");
	if (bad & ABI_MXCSR)
		strcat(s, " MXCSR changed;");
	if (bad & ABI_VZEROUPPER)
		strcat(s, " upper YMM state dirty (no vzeroupper);");
	return s;
}

/* ---- buffers ------------------------------------------------------------ */

void fill_guards(u8 *p, size_t len, size_t gb, size_t ga)
{
	size_t i;

	for (i = 0; i < gb; i++)
		p[-1 - (ptrdiff_t)i] = guard_byte(i);
	for (i = 0; i < ga; i++)
		p[len + i] = guard_byte(i + 7);
}

void *xaligned(size_t n)
{
	void *p;

	if (posix_memalign(&p, 64, n)) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(p, 0, n);
	return p;
}

u8 *map_fenced(unsigned int data_pages)
{
	u8 *p = mmap(NULL, (data_pages + 2) * PAGE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	if (mprotect(p, PAGE, PROT_NONE) ||
	    mprotect(p + (data_pages + 1) * PAGE, PAGE, PROT_NONE)) {
		perror("mprotect");
		exit(2);
	}
	return p + PAGE;
}

u8 *fence_put(u8 *area, size_t span, size_t n, int at_end, size_t guard,
	      size_t *gb, size_t *ga)
{
	size_t g = n + guard <= span ? guard : 0;

	if (gb)
		*gb = at_end ? g : 0;
	if (ga)
		*ga = at_end ? 0 : g;
	return at_end ? area + span - n : area;
}

void run_fences(struct fence_test *ft)
{
	static const char *const notes[4] = {
		"out-of-place, buffers end at a page end",
		"out-of-place, buffers start at a page start",
		"in-place, buffer ends at a page end",
		"in-place, buffer starts at a page start",
	};
	size_t step = ft->step ? ft->step : 1;
	int nv = ft->nr_variants > 0 ? ft->nr_variants : 1;
	struct fence_case fc;
	unsigned int r;
	int a, where;

	memset(&fc, 0, sizeof(fc));
	for (a = 0; a < FENCE_AREAS; a++) {
		if (!ft->pages[a])
			continue;
		if (!ft->area[a])
			ft->area[a] = map_fenced(ft->pages[a]);
		fc.area[a] = ft->area[a];
		fc.span[a] = (size_t)ft->pages[a] * PAGE;
	}
	for (r = 0; r < ft->nr_lens; r++) {
		for (fc.len = ft->lens[r].lo; fc.len <= ft->lens[r].hi;
		     fc.len += step) {
			if (ft->prepare)
				ft->prepare(ft->ctx, fc.len);
			/* 0/1: out of place at the end/start; 2/3 in place */
			for (where = 0; where < 4; where++) {
				fc.at_end = !(where & 1);
				fc.inplace = where >= 2;
				fc.note = notes[where];
				for (fc.variant = 0; fc.variant < nv;
				     fc.variant++)
					ft->run(ft->ctx, &fc);
			}
		}
	}
}

/* ---- faults ------------------------------------------------------------- */

sigjmp_buf fault_jmp;
volatile int fault_armed;
void *volatile fault_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (!fault_armed) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	fault_addr = si->si_addr;
	siglongjmp(fault_jmp, 1);
}

/* ---- main --------------------------------------------------------------- */

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long test_init(const char *name, int argc, char **argv)
{
	const char *cap = NULL, *s;
	long cases = 200000;
	struct sigaction sa;
	int i;

	test_name = name;
	rng_state = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if ((s = getenv("SEED")) && *s)
		rng_state = strtoull(s, NULL, 0);
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--seed=", 7)) {
			rng_state = strtoull(argv[i] + 7, NULL, 0);
		} else if (!strncmp(argv[i], "--cases=", 8)) {
			cases = strtol(argv[i] + 8, NULL, 0);
		} else if (!strncmp(argv[i], "--max-tier=", 11)) {
			cap = argv[i] + 11;
		} else {
			fprintf(stderr,
				"usage: %s [--seed=N] [--cases=N] [--max-tier=avx|vaes2|vaes512]\n",
				argv[0]);
			exit(2);
		}
	}
	if (cpu_detect(cap)) {
		fprintf(stderr, "unknown tier cap (want avx, vaes2 or vaes512)\n");
		exit(2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("%s: seed %llu (rerun with SEED=%llu), %ld random cases per tier and key size\n",
	       name, (unsigned long long)rng_state,
	       (unsigned long long)rng_state, cases);
	printf("%s: CPU %s\n", name, cpu_model());
	t_start = now();

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	return cases;
}

int test_tiers(const char *(*missing)(enum tier t))
{
	const char *why;
	int t, any = 0;

	for (t = 0; t < NR_TIERS; t++) {
		if (!cpu_tier_usable(t))
			printf("NOT COVERED: tier %s (%s)\n", tier_names[t],
			       cpu_tier_why_not(t));
		else if (missing && (why = missing(t)))
			printf("NOT COVERED: tier %s (%s)\n", tier_names[t],
			       why);
		else
			any = usable[t] = 1;
	}
	return any;
}

int test_finish(const char *covered)
{
	int t;

	printf("%s: %d failed, elapsed %.1f s\n", test_name, nr_fail,
	       now() - t_start);
	printf("%s", covered);
	for (t = 0; t < NR_TIERS; t++)
		if (usable[t])
			printf(" %s", tier_names[t]);
	printf("\n");
	return nr_fail ? 1 : 0;
}
