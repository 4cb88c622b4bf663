// SPDX-License-Identifier: GPL-2.0
/*
 * bench --calibrate: the verdict the module's load-time rule
 * (../../priority_rule.c, the same file) would give on this CPU, family by
 * family, against each stock kernel's own pick here (the rows linux-<kver>).
 *
 * The bench core times only the deciding sizes of each family (the
 * module's, from priority_rule.h: the sizes its users send), both
 * directions, AES-128 and AES-256, and hands each
 * point's best times here (calibrate_record).  A point's ratio is the stock
 * row's time over ours; per family, kernel and implementation of ours the
 * rule gives the geometric mean, the minimum and a verdict, and the
 * implementation the module would take is the one with the highest mean.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "priority_rule.h"

/* The families that take a name from a stock driver, by mode prefix. */
static const struct cal_family {
	const char *name;	/* its modes' names start with it */
	enum aesnictr_calib_family sizes;	/* aesnictr_calib_sizes[] */
} cal_families[] = {
	{ "ctr", AESNICTR_CALIB_CTR },
	{ "gcm", AESNICTR_CALIB_GCM },
	{ "xts", AESNICTR_CALIB_XTS },
};
#define NR_CAL_FAMILIES	ARRAY_LEN(cal_families)

#define MAX_POINTS	32
#define MAX_ROWS	32

/* One family's points: per row (by index in the core's table) seconds. */
static struct cal_points {
	unsigned int n;
	char what[MAX_POINTS][40];		/* "gcm-enc/128/1420" */
	double t[MAX_POINTS][MAX_ROWS];		/* 0: the row did not run */
} points[NR_CAL_FAMILIES];

static const char *row_name[MAX_ROWS];
static enum impl_kind row_kind[MAX_ROWS];
static enum tier row_tier[MAX_ROWS];

static int family_of(const char *mode)
{
	unsigned int f;

	for (f = 0; f < NR_CAL_FAMILIES; f++)
		if (!strncmp(mode, cal_families[f].name,
			     strlen(cal_families[f].name)))
			return (int)f;
	return -1;
}

int calibrate_mode(const char *mode)
{
	return family_of(mode) >= 0;
}

const size_t *calibrate_sizes(const char *mode)
{
	static size_t sizes[NR_CAL_FAMILIES][AESNICTR_CALIB_MAX_SIZES + 1];
	int f = family_of(mode), i;

	if (f < 0)
		return NULL;
	for (i = 0; i <= AESNICTR_CALIB_MAX_SIZES; i++)
		sizes[f][i] = aesnictr_calib_sizes[cal_families[f].sizes][i];
	return sizes[f];
}

/* A stock kernel's own pick ("linux-7.3"), not one of its other variants. */
static int is_kernel_pick(const char *name)
{
	return !strncmp(name, "linux-", 6) && !strchr(name + 6, '-');
}

void calibrate_record(const char *mode, unsigned int bits, size_t len,
		      const struct impl *rows, int nr_rows,
		      int (*ran)(const struct impl *))
{
	int f = family_of(mode), i;
	struct cal_points *p;

	if (f < 0)
		return;
	p = &points[f];
	if (p->n == MAX_POINTS)
		die("calibrate: too many points");
	snprintf(p->what[p->n], sizeof(p->what[0]), "%s/%u/%zu", mode, bits,
		 len);
	for (i = 0; i < nr_rows && i < MAX_ROWS; i++) {
		const struct impl *im = &rows[i];

		row_name[i] = im->name;
		row_kind[i] = im->kind;
		row_tier[i] = im->tier;
		p->t[p->n][i] = ran(im) && im->iters ?
				im->best / (double)im->iters : 0;
	}
	p->n++;
}

/* Stock time over ours at every point of p, in Q16; 0 if a point lacks one. */
static unsigned int ratios_of(const struct cal_points *p, int stock, int ours,
			      u32 *ratio)
{
	unsigned int i;

	for (i = 0; i < p->n; i++) {
		if (!p->t[i][stock] || !p->t[i][ours])
			return 0;
		/* picoseconds: integers, as the kernel's nanoseconds */
		ratio[i] = aesnictr_ratio((u64)(p->t[i][stock] * 1e12),
					  (u64)(p->t[i][ours] * 1e12));
	}
	return p->n;
}

static double q16(u32 r)
{
	return r / (double)AESNICTR_RATIO_ONE;
}

int calibrate_report(void)
{
	unsigned int f, i;
	int s, o, lines = 0;

	printf("calibrate: the load-time rule (above: geometric mean >= %.2f and no point below %.2f; below: mean <= %.2f; else the table decides) on %s\n",
	       q16(AESNICTR_RULE_ABOVE_MEAN), q16(AESNICTR_RULE_ABOVE_MIN),
	       q16(AESNICTR_RULE_BELOW_MEAN), cpu_model());
	for (f = 0; f < NR_CAL_FAMILIES; f++) {
		const struct cal_points *p = &points[f];

		if (!p->n)
			continue;
		for (s = 0; s < MAX_ROWS && row_name[s]; s++) {
			u32 ratio[MAX_POINTS], best_ratio[MAX_POINTS];
			u32 mean, min, best_mean = 0, best_min = 0;
			enum aesnictr_verdict v, best_v = AESNICTR_VERDICT_TABLE;
			int best = -1;
			unsigned int n = 0;

			if (row_kind[s] != IMPL_STOCK ||
			    !is_kernel_pick(row_name[s]))
				continue;
			printf("calibrate: %s vs %s:", cal_families[f].name,
			       row_name[s]);
			for (o = 0; o < MAX_ROWS && row_name[o]; o++) {
				if (row_kind[o] != IMPL_TIER)
					continue;
				n = ratios_of(p, s, o, ratio);
				if (!n)
					continue;
				v = aesnictr_rule(ratio, n, &mean, &min);
				printf(" %s %.3f (min %.3f) %s;",
				       tier_names[row_tier[o]], q16(mean),
				       q16(min), aesnictr_verdict_name(v));
				if (best < 0 || mean > best_mean) {
					best = o;
					best_mean = mean;
					best_min = min;
					best_v = v;
					memcpy(best_ratio, ratio,
					       n * sizeof(ratio[0]));
				}
			}
			if (best < 0) {
				printf(" no implementation of ours ran\n");
				continue;
			}
			printf(" -> VERDICT %s %s %s (mean %.3f, min %.3f)\n",
			       cal_families[f].name, row_name[s],
			       aesnictr_verdict_name(best_v), q16(best_mean),
			       q16(best_min));
			printf("calibrate:   %s %s points:",
			       cal_families[f].name, tier_names[row_tier[best]]);
			for (i = 0; i < p->n; i++)
				printf(" %s %.3f", p->what[i], q16(best_ratio[i]));
			printf("\n");
			lines++;
		}
	}
	if (!lines)
		printf("calibrate: no stock kernel's pick ran (NOT COVERED)\n");
	return lines ? 0 : 1;
}
