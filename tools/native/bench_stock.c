// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's rows of the stock kernels' x86 assembly (stock/: extracted
 * from Debian's linux-source packages, driven as each kernel's glue does):
 * which kernels are linked, their rows, and the checks against OpenSSL
 * every row passes before it is timed (each mode's stock_check, with the
 * helpers here).  Their per-message code is in the mode files.
 */
#include <stdio.h>
#include <unistd.h>

#include "bench.h"

/* Linked only when that kernel's tarball was there (stock/stock.h). */
#pragma weak stock_linux61
#pragma weak stock_linux612
#pragma weak stock_linux73
static const struct {
	const char *kver;
	const struct stock_kernel *k;
} stock_kernels[] = {
	{ "6.1", &stock_linux61 },
	{ "6.12", &stock_linux612 },
	{ "7.3", &stock_linux73 },
};
#define NR_STOCK_KERNELS	ARRAY_LEN(stock_kernels)

static struct stock_impl stock_impls[NR_STOCK_KERNELS * STOCK_MAX_IMPLS];

/*
 * Why kernel kver's code is not in this bench: extract.sh's status (a
 * missing tarball, a failed extraction, glue facts that changed), else
 * whether the tarball is there at all.
 */
static void stock_not_covered(const char *dir, const char *kver)
{
	char path[512], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/status", dir ? dir : "", kver);
	if (dir && (f = fopen(path, "r"))) {
		if (fgets(line, sizeof(line), f) && strcmp(line, "ok\n")) {
			fclose(f);
			note("%s", line);
			if (!strncmp(line, "FAIL", 4))
				stock_fail = 1;
			return;
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "/usr/src/linux-source-%s.tar.xz", kver);
	if (access(path, R_OK))
		note("NOT COVERED: linux-%s (no %s)\n", kver, path);
	else
		note("NOT COVERED: linux-%s (its code is not linked into this bench: run make bench)\n",
		     kver);
}

/* Add the stock rows of every linked kernel; say which are not covered. */
void stock_add(const char *dir, int csv)
{
	const struct stock_cpu *cpu = stock_cpu();
	unsigned int k, nst = 0;
	int j, n;

	if (!csv)
		printf("Stock kernels: x86 AES assembly from /usr/src/linux-source-<kver>.tar.xz, driven as each kernel's aesni-intel_glue.c does:\n");
	for (k = 0; k < NR_STOCK_KERNELS; k++) {
		const struct stock_kernel *kern = stock_kernels[k].k;

		if (!kern) {
			stock_not_covered(dir, stock_kernels[k].kver);
			continue;
		}
		n = kern->impls(cpu, &stock_impls[nst]);
		if (!csv)
			printf("  linux-%s here: %s\n", kern->kver,
			       kern->choice(cpu));
		for (j = 0; j < n; j++) {
			const struct stock_impl *si = &stock_impls[nst + j];
			struct impl *im = add_impl(si->name, si->col,
						   IMPL_STOCK, 0);

			im->st = si;
			im->st_ctx = bench_aligned(si->ctx_size);
			if (csv)
				continue;
			printf("    %-8s = %s", si->col, si->name);
			if (si->modes & STOCK_CTR)
				printf("; ctr: %s", si->ctr_desc);
			if (si->modes & STOCK_GCM)
				printf("; gcm: %s", si->gcm_desc);
			if (si->modes & STOCK_XTS)
				printf("; xts: %s", si->xts_desc);
			if (si->modes & STOCK_AUTHENC)
				printf("; authenc: %s", si->authenc_desc);
			if (si->modes & STOCK_CBC)
				printf("; cbc: %s", si->cbc_desc);
			if (si->modes & STOCK_CTS)
				printf("; cts: %s", si->cts_desc);
			if (si->modes & STOCK_MAC)
				printf("; cmac/xcbc: %s", si->mac_desc);
			printf("\n");
		}
		nst += (unsigned int)n;
	}
}

/* A stock row gave a wrong result: say so and leave it out of this mode. */
void stock_failed(struct impl *im, unsigned int bits, const char *what,
		  size_t len)
{
	im->failed |= cur_bit;
	stock_fail = 1;
	note("FAIL: %s %s AES-%u: %s at %zu bytes; row left out\n", im->name,
	     cur->name, bits, what, len);
}

int stock_check(struct impl *im, const u8 *key, unsigned int bits)
{
	unsigned int i, len;

	for (i = 0; i < cur->nr_stock_lens; i++) {
		len = cur->stock_lens[i];
		memset(dst, 0x5c, len + 32);
		if (cur->stock_check(im, key, bits, i, len))
			return -1;
		if (memcmp(dst + len, "\x5c\x5c\x5c\x5c\x5c\x5c\x5c\x5c", 8)) {
			stock_failed(im, bits, "wrote past the end of the output",
				     len);
			return -1;
		}
	}
	return 0;
}

int stock_check_aead(struct impl *im, unsigned int bits, stock_aead_enc_t *enc,
		     stock_aead_dec_t *dec, const u8 *iv, const u8 *aad,
		     unsigned int aad_len, unsigned int len, u8 *tag,
		     unsigned int flip)
{
	u8 tag2[MAX_TAG];

	if (enc) {
		enc(im->st_ctx, iv, aad, aad_len, src, dst, len, tag2);
		if (memcmp(dst, ref, len) || memcmp(tag, tag2, cur->tag_len)) {
			stock_failed(im, bits, memcmp(dst, ref, len) ?
				     "ciphertext differs from OpenSSL's" :
				     "tag differs from OpenSSL's", len);
			return -1;
		}
		return 0;
	}
	if (!dec(im->st_ctx, iv, aad, aad_len, ref, dst, len, tag) ||
	    memcmp(dst, src, len)) {
		stock_failed(im, bits, "decryption of OpenSSL's message wrong or its tag refused",
			     len);
		return -1;
	}
	tag[flip] ^= 0x10;
	if (dec(im->st_ctx, iv, aad, aad_len, ref, dst, len, tag)) {
		stock_failed(im, bits, "a wrong tag accepted", len);
		return -1;
	}
	return 0;
}
