/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What test_ctr and test_gcm share (test_util.c): the options, seed, banner
 * and summary of main(), the random source, PASS/FAIL reporting and the
 * per-tier groups, the SIGSEGV guard of the unmapped-page cases, guard
 * bytes and buffers; now() serves the bench too.
 */
#ifndef NATIVE_TEST_UTIL_H
#define NATIVE_TEST_UTIL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "aesni_ctr_user.h"
#include "cpu.h"

#define MAX_LEN		65536		/* longest random case */
#define POOL_LEN	(2 * MAX_LEN)	/* random bytes to draw from */
#define PAGE		4096
#define DETAIL_LEN	2048		/* room for a FAIL line's detail */

extern int nr_fail;		/* FAIL lines so far */
extern int usable[NR_TIERS];	/* tier t runs in this test (test_tiers()) */

/*
 * Parse --seed=N (or SEED=N), --cases=N and --max-tier= (or
 * AESNICTR_MAX_TIER), detect the CPU, print the "<name>: seed" and "<name>:
 * CPU" lines, start the clock and catch SIGSEGV/SIGBUS.  Exits 2 on a bad
 * option.  Returns the number of random cases (default 200000).
 */
long test_init(const char *name, int argc, char **argv);

/*
 * Print "NOT COVERED: tier <t> (<why>)" for each tier the CPU lacks or for
 * which missing(t) (if given) says why not, and set usable[] for the rest.
 * Returns nonzero if any tier is usable.
 */
int test_tiers(const char *(*missing)(enum tier t));

/*
 * Print "<name>: N failed, elapsed" and "<covered> <usable tiers>";
 * returns the exit status (1 if anything failed).
 */
int test_finish(const char *covered);

/* Monotonic clock in seconds. */
double now(void);

/* splitmix64, seeded by test_init(). */
uint64_t rnd(void);
void rnd_bytes(u8 *p, size_t n);

/* POOL_LEN random bytes, and a random place in them for len bytes. */
void pool_init(void);
const u8 *rnd_from_pool(size_t len);

/* Lower-case hex of p[0..n) into out (2n + 1 bytes), and back. */
void hex(char *out, const u8 *p, size_t n);
size_t unhex(u8 *out, const char *s);

/* "PASS: ..." and "FAIL: ..." lines; fail() counts in nr_fail. */
void pass(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * A group of cases reported as one line per usable tier: PASS with the case
 * count, or FAIL with the first failing case and the number of failures.
 */
void group_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Appended to tier t's name in the PASS/FAIL lines if set (a variant). */
extern const char *tier_suffix[NR_TIERS];
void group_record(enum tier t, int ok, const char *detail);
void group_end(void);

/* What abi_call()'s result says was broken: " rsp not restored;"... */
const char *abi_what(unsigned int bad);

/* Guard bytes: gb before p, ga after p + len. */
static inline u8 guard_byte(size_t i)
{
	return (u8)(0xa5 ^ (i * 29));
}

void fill_guards(u8 *p, size_t len, size_t gb, size_t ga);

/*
 * A fault inside the code under test: the handler longjmps to fault_jmp
 * (with the fault address in fault_addr) while fault_armed is set; the
 * caller does sigsetjmp(fault_jmp, 1) in its own frame.
 */
extern sigjmp_buf fault_jmp;
extern volatile int fault_armed;
extern void *volatile fault_addr;

/* n zeroed bytes, 64-byte aligned; exits 2 if out of memory. */
void *xaligned(size_t n);

/* data_pages pages with an unmapped page on each side; exits 2 on error. */
u8 *map_fenced(unsigned int data_pages);

/*
 * The unmapped-page ("fence") cases, one loop for every test: each length
 * of ft->lens (lo..hi by ft->step), after ft->prepare(ctx, len) (if set),
 * in four placements (flush against the unmapped page after the data or
 * the one before it, out of place and in place), times ft->nr_variants
 * placements of the test's own (0 counts as 1), calls ft->run(ctx, fc).
 * run places its buffers with fence_at(), runs the code under test with
 * fault_armed and records the result in the test's own group.  The areas
 * (ft->pages[a] data pages each, a < FENCE_AREAS, 0: none) are mapped by
 * map_fenced() on the first run_fences(ft) and kept in ft->area[].
 */
#define FENCE_AREAS	4

struct fence_range {
	size_t lo, hi;			/* inclusive */
};

struct fence_case {
	size_t len;			/* the length tried */
	int at_end;			/* flush against the page after, else before */
	int inplace;			/* src and dst one buffer */
	int variant;			/* 0..nr_variants-1 */
	const char *note;		/* "out-of-place, buffers end at a page end"... */
	u8 *area[FENCE_AREAS];		/* the data of each area */
	size_t span[FENCE_AREAS];	/* its bytes */
};

struct fence_test {
	unsigned int pages[FENCE_AREAS];
	const struct fence_range *lens;
	unsigned int nr_lens;
	size_t step;			/* 0 counts as 1 */
	int nr_variants;
	void (*prepare)(void *ctx, size_t len);
	void (*run)(void *ctx, const struct fence_case *fc);
	void *ctx;
	u8 *area[FENCE_AREAS];		/* set by run_fences() */
};

void run_fences(struct fence_test *ft);

/*
 * Where n bytes go in a span-byte fenced area: flush against its end if
 * at_end, else against its start.  *gb and *ga (either may be NULL) get the
 * guard bytes that fit before and after them there: guard on the mapped
 * side if n + guard fits in the span, else 0; 0 on the unmapped side.
 */
u8 *fence_put(u8 *area, size_t span, size_t n, int at_end, size_t guard,
	      size_t *gb, size_t *ga);

/* fence_put() in area a of fc at fc->at_end. */
static inline u8 *fence_at(const struct fence_case *fc, int a, size_t n,
			   size_t guard, size_t *gb, size_t *ga)
{
	return fence_put(fc->area[a], fc->span[a], n, fc->at_end, guard, gb,
			 ga);
}

#endif /* NATIVE_TEST_UTIL_H */
