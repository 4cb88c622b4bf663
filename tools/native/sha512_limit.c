// SPDX-License-Identifier: GPL-2.0
/*
 * sha512_limit: the two chains of authenc(hmac(sha512),cbc(aes)) alone and
 * together on this CPU (not part of make test or make check):
 *
 *	SHA-512 alone: ours (aesnictr_sha512_blocks) and the stock kernel's
 *	  AVX2 sha512_transform_rorx (7.3's lib/crypto/x86/sha512-avx2-asm.S);
 *	the CBC chain alone: the stock kernel's aesni_cbc_enc (the serial
 *	  chain: nrounds AESENC latencies per block) and aesni_cbc_dec;
 *	stock composition: CBC then SHA-512 over the same bytes (the sum);
 *	ours stitched: one aesnictr_cbc_sha512_enc / _dec call over the text,
 *	  both variants (avx2, avx512: the AVX-512VL message schedule)
 *	  (no HMAC key, padding or outer hash: the per-message constant is in
 *	  make bench's figures, not here).
 *
 * Cycles per byte use the core clock measured as in gcm_limit (a chain of
 * dependent ADDs, bench_add_chain), turbo included; each figure is the best
 * of --runs=N (default 9) runs of --ms=M (default 20) ms, in L1/L2.
 *
 *	make sha512-limit [LIMIT_ARGS="--runs=15 --ms=30"]
 *	make sha512-limit LIMIT_ARGS=--calls	(per call of 1..8 blocks)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aesni_ctr_user.h"
#include "test_util.h"
#include "limit_timing.h"
#include "aes_asm.h"
#include "authenc_asm.h"
#include "stock/stock.h"
#include "authenc_fns.h"

void linux73_sha512_transform_rorx(u64 *state, const u8 *data, long n);
void linux73_aesni_set_key(struct stock_aes_ctx *ctx, const u8 *key,
			   unsigned int len);
void linux73_aesni_cbc_enc(const struct stock_aes_ctx *ctx, u8 *out,
			   const u8 *in, unsigned int len, u8 *iv);
void linux73_aesni_cbc_dec(const struct stock_aes_ctx *ctx, u8 *out,
			   const u8 *in, unsigned int len, u8 *iv);

static u8 src[16384] __attribute__((aligned(64)));
static u8 dst[16384] __attribute__((aligned(64)));

/*
 * --calls: SHA-512 alone in calls of 1..8 blocks, cycles per block: a
 * message's HMAC finish makes calls of one or two blocks, so a cost paid
 * once per call of several blocks (a loop's first pass) shows here and
 * not at 16 KiB.
 */
static void per_call(double ghz)
{
	u64 h[8];

	memset(h, 0x44, sizeof(h));
	printf("SHA-512 alone, cycles per block in calls of n blocks (core clock %.2f GHz)\n", ghz);
	printf("  %-8s %10s %10s %10s\n", "blocks", "ours avx2", "avx512", "stock 7.3");
	for (unsigned int nb = 1; nb <= 8; nb++) {
		double a = BEST_OF(aesnictr_sha512_blocks((union aesnictr_sha_state *)h,
							  src, nb), nb);
		double b = BEST_OF(aesnictr_sha512_blocks_avx512((union aesnictr_sha_state *)h,
								 src, nb), nb);
		double c = BEST_OF(linux73_sha512_transform_rorx(h, src, nb), nb);

		printf("  %-8u %10.0f %10.0f %10.0f\n", nb, a * ghz * 1e9,
		       b * ghz * 1e9, c * ghz * 1e9);
	}
}

int main(int argc, char **argv)
{
	static const unsigned int lens[] = { 16384, 1440 };
	static const unsigned int bits[] = { 128, 256 };
	struct stock_aes_ctx sctx __attribute__((aligned(16)));
	struct aesnictr_key ek, dk;
	struct aesnictr_authenc_stream s;
	u64 h[8];
	u8 key[32], iv[16];
	double ghz0, ghz1, ghz;
	int i, calls = 0;

	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--runs=", 7))
			runs = atoi(argv[i] + 7);
		else if (!strncmp(argv[i], "--ms=", 5))
			ms = atof(argv[i] + 5);
		else if (!strcmp(argv[i], "--calls"))
			calls = 1;
		else {
			fprintf(stderr, "usage: sha512_limit [--runs=N] [--ms=M] [--calls]\n");
			return 2;
		}
	}
	memset(src, 0x5a, sizeof(src));
	if (calls) {
		per_call(clock_ghz());
		return 0;
	}
	memset(key, 0x17, sizeof(key));
	memset(iv, 0x33, sizeof(iv));
	memset(h, 0x44, sizeof(h));
	ghz0 = clock_ghz();
	printf("sha512_limit: cycles per byte (core clock %.2f GHz by ADD chain), best of %d x %.0f ms\n",
	       ghz0, runs, ms);
	printf("%-44s %8s %8s %8s %8s\n", "", "16384 B", "GB/s", "1440 B", "GB/s");
	for (unsigned int b = 0; b < 2; b++) {
		double r[11][2];
		const struct authenc_hash *hd = &authenc_hashes[H_SHA512];
		struct authenc_hkey hk;
		static const u8 aad[24], hkey[64];
		u8 tag[64];

		authenc_hmac_setkey(hd, authenc_compress_direct, &hk, hkey, 64);

		aesnictr_expand_key(&ek, key, bits[b] / 8);
		aesnictr_invert_key(&dk, &ek);
		linux73_aesni_set_key(&sctx, key, bits[b] / 8);
		for (unsigned int l = 0; l < 2; l++) {
			unsigned int len = lens[l], nb = len / 128;

			r[0][l] = BEST_OF(aesnictr_sha512_blocks((union aesnictr_sha_state *)h,
								 src, nb), nb * 128.0);
			r[1][l] = BEST_OF(linux73_sha512_transform_rorx(h, src, nb),
					  nb * 128.0);
			r[2][l] = BEST_OF(linux73_aesni_cbc_enc(&sctx, dst, src, len, iv),
					  (double)len);
			r[3][l] = BEST_OF(linux73_aesni_cbc_dec(&sctx, dst, src, len, iv),
					  (double)len);
			r[4][l] = BEST_OF((s.nfull = 0, s.npart = 0,
					   aesnictr_cbc_sha512_enc(&ek, &s, dst, src, len)),
					  (double)len);
			r[5][l] = BEST_OF((s.nfull = 0, s.npart = 0,
					   aesnictr_cbc_sha512_dec(&dk, &s, dst, src, len)),
					  (double)len);
			/* a whole message as the glue runs it: AAD 24, HMAC */
			r[9][l] = BEST_OF((s.h = hk.istate, s.nfull = 0, s.npart = 0,
					   authenc_absorb(hd, authenc_compress_direct, &s, aad, 24, 1),
					   aesnictr_cbc_sha512_enc_avx512(&ek, &s, dst, src, len),
					   authenc_finish(hd, authenc_compress_direct, &hk, &s,
							  128 + 24 + len, tag)),
					  (double)len);
			r[10][l] = BEST_OF((s.h = hk.istate, s.nfull = 0, s.npart = 0,
					    authenc_absorb(hd, authenc_compress_direct, &s, aad, 24, 1),
					    aesnictr_cbc_sha512_dec_avx512(&dk, &s, dst, src, len),
					    authenc_finish(hd, authenc_compress_direct, &hk, &s,
							   128 + 24 + len, tag)),
					   (double)len);
			r[6][l] = BEST_OF(aesnictr_sha512_blocks_avx512((union aesnictr_sha_state *)h,
									src, nb), nb * 128.0);
			r[7][l] = BEST_OF((s.nfull = 0, s.npart = 0,
					   aesnictr_cbc_sha512_enc_avx512(&ek, &s, dst, src, len)),
					  (double)len);
			r[8][l] = BEST_OF((s.nfull = 0, s.npart = 0,
					   aesnictr_cbc_sha512_dec_avx512(&dk, &s, dst, src, len)),
					  (double)len);
		}
		ghz1 = clock_ghz();
		ghz = (ghz0 + ghz1) / 2;
		{
			static const char *const names[] = {
				"SHA-512 alone, ours avx2 (sha512_blocks)",
				"SHA-512 alone, stock 7.3 (transform_rorx)",
				"CBC encrypt alone, stock 7.3 (the chain)",
				"CBC decrypt alone, stock 7.3",
				"ours avx2 stitched enc (one call)",
				"ours avx2 stitched dec (one call)",
				"SHA-512 alone, ours avx512 (_blocks_avx512)",
				"ours avx512 stitched enc (one call)",
				"ours avx512 stitched dec (one call)",
				"ours avx512 enc, whole message (AAD 24, HMAC)",
				"ours avx512 dec, whole message (AAD 24, HMAC)",
			};
			printf("AES-%u:\n", bits[b]);
			for (i = 0; i < 11; i++)
				printf("  %-42s %8.3f %8.2f %8.3f %8.2f\n", names[i],
				       r[i][0] * ghz * 1e9, 1e-9 / r[i][0],
				       r[i][1] * ghz * 1e9, 1e-9 / r[i][1]);
			printf("  %-42s %8.3f %8.2f %8.3f %8.2f\n",
			       "stock composition enc (CBC + SHA-512)",
			       (r[1][0] + r[2][0]) * ghz * 1e9, 1e-9 / (r[1][0] + r[2][0]),
			       (r[1][1] + r[2][1]) * ghz * 1e9, 1e-9 / (r[1][1] + r[2][1]));
			printf("  %-42s %8.3f %8.2f %8.3f %8.2f\n",
			       "stock composition dec (SHA-512 + CBC)",
			       (r[1][0] + r[3][0]) * ghz * 1e9, 1e-9 / (r[1][0] + r[3][0]),
			       (r[1][1] + r[3][1]) * ghz * 1e9, 1e-9 / (r[1][1] + r[3][1]));
			printf("  ours/stock: avx2 enc %.2fx %.2fx, dec %.2fx %.2fx; avx512 enc %.2fx %.2fx, dec %.2fx %.2fx (16384, 1440 B); clock %.2f -> %.2f GHz\n",
			       (r[1][0] + r[2][0]) / r[4][0], (r[1][1] + r[2][1]) / r[4][1],
			       (r[1][0] + r[3][0]) / r[5][0], (r[1][1] + r[3][1]) / r[5][1],
			       (r[1][0] + r[2][0]) / r[7][0], (r[1][1] + r[2][1]) / r[7][1],
			       (r[1][0] + r[3][0]) / r[8][0], (r[1][1] + r[3][1]) / r[8][1],
			       ghz0, ghz1);
		}
		ghz0 = ghz1;
	}
	return 0;
}
