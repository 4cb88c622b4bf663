/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bench's core (bench.c) and what its mode files (bench_<mode>.c) and
 * backend files (bench_ours.c, bench_openssl.c, bench_gcrypt.c,
 * bench_stock.c) share.  How it measures: docs/performance.md, "How `make bench`
 * measures".
 *
 * A mode is a struct bench_mode registered in bench_modes[] (bench.c); the
 * core walks that table: per key size it calls set_key (and for a stock row
 * stock_check) of every row taking part, per message size prepare, msg (one
 * message per row, checked against OpenSSL's) and run (the timed loop,
 * interleaved across the rows, best of the runs).  A mode's per-message
 * code switches on the row's kind inside the mode file; its timed loop
 * (BENCH_RUN) calls it once per message.
 */
#ifndef NATIVE_BENCH_H
#define NATIVE_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <gcrypt.h>
#include <openssl/evp.h>

#include "authenc_fns.h"
#include "cpu.h"
#include "gcm_fns.h"
#include "test_util.h"
#include "stock/stock.h"

#define BLK		AESNICTR_BLOCK_SIZE
#define MAX_MSG		(1 << 20)
#define MAX_TAG		64
#define NR_RING		4		/* ring modes: messages made beforehand */
#define NR_IV		256		/* IVs written beforehand */

struct aesnictr_cbc_keys;

enum impl_kind {
	IMPL_TIER,		/* ours, one per tier (ctr, gcm, xts, cbc) */
	IMPL_OURS_AE,		/* ours: the stitched authenc assembly */
	IMPL_OPENSSL,
	IMPL_OSSL_STITCHED,	/* OpenSSL's aes-*-cbc-hmac-sha* (authenc enc) */
	IMPL_GCRYPT,
	IMPL_STOCK
};
#define KIND(k)		(1u << (k))

/* One row of the table: an implementation. */
struct impl {
	struct aesnictr_gcm_key gk;	/* ours: round keys and H powers */
	struct aesnictr_key xdec, xtw;	/* ours, xts: data key's decryption
					   schedule (encryption: gk.aes) and
					   the tweak key; cbc: xdec the
					   decryption schedule */
	struct aesnictr_key adec;	/* ours, authenc: the decryption
					   schedule (encryption: gk.aes) */
	struct authenc_hkey hk;		/* ours, authenc: HMAC states */
	struct aesnictr_cbc_keys *cbck;	/* ours, cts: the schedules (allocated
					   by the mode's set_key) */
	EVP_MAC_CTX *mac;		/* openssl, authenc: HMAC, keyed once */
	const char *name;		/* as in the CSV */
	const char *col;		/* table column title */
	enum impl_kind kind;
	enum tier tier;
	const struct stock_impl *st;	/* stock: the kernel's code and glue */
	void *st_ctx;			/* stock: its key struct */
	unsigned int failed;		/* stock: 1 << mode: left out, FAIL */
	EVP_CIPHER_CTX *evp;
	gcry_cipher_hd_t gh;
	long iters;			/* messages per timed run */
	double best;			/* best seconds per timed run */
	unsigned int wrong;		/* 1 << mode: output/tag wrong */
	u8 tag[MAX_TAG];		/* last GCM/authenc tag made */
};

/* One mode of the bench: its file fills it in, bench_modes[] lists it. */
struct bench_mode {
	const char *name;	/* --modes= and the CSV: "gcm-enc"; each prefix
				   ending before a '-' names a family */
	const char *title;	/* the table's, after "AES-<bits>-" */
	const size_t *sizes;	/* message sizes, 0-terminated */
	int whole_blocks;	/* --sizes= takes only multiples of 16 */
	int ring;		/* decrypts the ring (prepare) and checks a tag */
	int enc;		/* encrypts: 1, decrypts: 0 */
	int param;		/* the family's own: authenc the hash, cmac
				   1 for xcbc */
	unsigned int key_bits;	/* the only key size (xcbc: 128), or 0: all */
	unsigned int tag_len;	/* bytes of tag compared with OpenSSL's */
	unsigned int kinds;	/* KIND() of the rows taking part */
	unsigned int tiers;	/* IMPL_TIER rows: 1 << tier of those with
				   the mode (0: every tier) */
	unsigned int stock;	/* STOCK_* a stock row must have */
	/* The row's key for this mode (not timed). */
	void (*set_key)(struct impl *im, const u8 *key, unsigned int bits);
	/*
	 * A stock row against OpenSSL before it is timed, at the i-th of
	 * stock_lens, len (bench_stock.c's stock_check() walks them): nonzero
	 * after stock_failed() if wrong.
	 */
	int (*stock_check)(struct impl *im, const u8 *key, unsigned int bits,
			   unsigned int i, unsigned int len);
	const unsigned int *stock_lens;
	unsigned int nr_stock_lens;
	/* Before a size's check and timing (NULL: nothing): the ring. */
	void (*prepare)(const u8 *key, unsigned int bits, size_t len);
	/* One message of len bytes of src (ring modes: of the ring) into out. */
	void (*msg)(struct impl *im, u8 *out, size_t len);
	/* iters messages into dst, timed: seconds. */
	double (*run)(struct impl *im, size_t len, long iters);
	/*
	 * NULL, or a latency bound measured on this CPU: seconds a message of
	 * len bytes takes at least (bound), timed once per run of each size
	 * beside the rows; bound_note prints lines under the table, given
	 * the last size and our GB/s there.
	 */
	double (*bound)(unsigned int bits, size_t len);
	void (*bound_note)(unsigned int bits, size_t len, double ours_gbps);
	const char *bound_col;	/* the bound's column title */
};

extern const struct bench_mode bench_ctr;
extern const struct bench_mode bench_gcm_enc, bench_gcm_dec;
extern const struct bench_mode bench_xts_enc, bench_xts_dec;
extern const struct bench_mode bench_ae1_enc, bench_ae1_dec;
extern const struct bench_mode bench_ae256_enc, bench_ae256_dec;
extern const struct bench_mode bench_ae512_enc, bench_ae512_dec;
extern const struct bench_mode bench_aesn256_enc, bench_aesn256_dec;
extern const struct bench_mode bench_ccm_enc, bench_ccm_dec;
extern const struct bench_mode bench_cbc_enc, bench_cbc_dec;
extern const struct bench_mode bench_cts_enc, bench_cts_dec;
extern const struct bench_mode bench_cmac, bench_xcbc;

/*
 * A bound's unit: seconds one block of a serial AES-<bits> chain takes
 * (nrounds dependent AESENCs, bench_chain.S), the best of three chains.
 */
double bench_aes_chain_block_s(unsigned int bits);

/* The core's state, shared with the mode and backend files. */
extern const struct bench_mode *cur;	/* the mode being timed */
extern unsigned int cur_bit;		/* 1 << its index in bench_modes[] */
extern u8 *src, *dst, *ref;
extern uint64_t msg_no;
/* aligned: its 16-byte loads compile as in the one-file bench */
extern u8 iv_ring[NR_IV][BLK] __attribute__((aligned(16)));
extern int tag_bad;		/* a ring message's tag check failed */
extern int stock_fail;		/* a stock row failed its check */
extern int sha_ni;		/* the CPU has SHA-NI (ours authenc needs it) */

/* Ring modes: NR_RING messages of the current size, made by prepare. */
struct ring_msg {
	u8 iv[BLK];
	u8 tag[MAX_TAG];
	u8 *ct;
};
extern struct ring_msg ring[NR_RING];
extern unsigned int ring_next;

/*
 * --chain: chain_dep is always 0 but computed from each message's output
 * through chain_zero, which the compiler cannot see is 0 (docs/performance.md).
 */
extern int chain;
extern volatile unsigned int chain_zero;
extern unsigned int chain_dep;

void die(const char *what) __attribute__((noreturn));
/* A line for the reader: stdout with the table, stderr with --csv. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
struct impl *add_impl(const char *name, const char *col, enum impl_kind kind,
		      enum tier t);
/* 64-byte aligned zeroed memory, or exit 2. */
void *bench_aligned(size_t n);

/* The next message's IV, from the ring written beforehand (docs/performance.md). */
static inline void next_iv(u8 iv[BLK])
{
	memcpy(iv, iv_ring[(msg_no++ + chain_dep) % NR_IV], BLK);
}

/*
 * A mode's one message: a function of its own, called by the timed loop
 * (the single-file bench of before compiled it so; kept, so that what is
 * timed stays the same whichever way the compiler would inline).
 */
#define noinline	__attribute__((noinline))

/*
 * The timed loop of a mode, fn(im, len, iters): msg (one message into dst)
 * iters times; out is what --chain makes the next message wait for.
 */
#define BENCH_RUN(fn, msg, out)						\
static double fn(struct impl *im, size_t len, long iters)		\
{									\
	unsigned int zero = chain ? chain_zero : 0;			\
	double t0 = now();						\
	long i;								\
									\
	for (i = 0; i < iters; i++) {					\
		msg;							\
		if (chain)						\
			chain_dep = (out) & zero;			\
	}								\
	return now() - t0;						\
}
/* The output: the text's last byte, and an encryption's tag's first. */
#define BENCH_OUT_ENC	(dst[len - 1] ^ im->tag[0])
#define BENCH_OUT_DEC	(dst[len - 1])

/*
 * --calibrate (bench_calibrate.c): whether a mode takes part, its deciding
 * sizes (0-terminated), each point's best times, and the verdicts (nonzero
 * if none could be given).
 */
int calibrate_mode(const char *mode);
const size_t *calibrate_sizes(const char *mode);
void calibrate_record(const char *mode, unsigned int bits, size_t len,
		      const struct impl *rows, int nr_rows,
		      int (*ran)(const struct impl *));
int calibrate_report(void);

/* Ours (bench_ours.c): the rows, and a tier's key schedule from key. */
void ours_add(int ae_wanted);
void ours_expand(struct impl *im, const u8 *key, unsigned int bits);

/* OpenSSL (bench_openssl.c). */
void openssl_add(void);
void openssl_add_stitched(void);
void openssl_free(struct impl *im);

/* libgcrypt (bench_gcrypt.c). */
void gcrypt_init(void);
void gcrypt_add(void);
/* im->gh (re)opened in algo mode gmode with key: die(what) on error. */
void gcrypt_open(struct impl *im, unsigned int bits, int gmode,
		 const u8 *key, size_t key_len, const char *what);
void gcrypt_free(struct impl *im);

/* The stock kernels (bench_stock.c). */
void stock_add(const char *dir, int csv);
void stock_failed(struct impl *im, unsigned int bits, const char *what,
		  size_t len);
/*
 * The mode's stock_check(im, key, bits, i, len) at each len of its
 * stock_lens, dst filled with 0x5c first and checked after for writes
 * past len; stock_check calls stock_failed and returns nonzero on a wrong
 * result.  Returns 0 if all passed.
 */
int stock_check(struct impl *im, const u8 *key, unsigned int bits);
/*
 * An AEAD (gcm, authenc) stock row against OpenSSL's ref and tag of len
 * bytes of src: encryption (enc set) must give both; decryption must give
 * src back from ref, accept tag and refuse it with byte flip changed.
 */
typedef void stock_aead_enc_t(const void *ctx, const u8 *iv, const u8 *aad,
			      unsigned int aad_len, const u8 *src, u8 *dst,
			      unsigned int len, u8 *tag);
typedef int stock_aead_dec_t(const void *ctx, const u8 *iv, const u8 *aad,
			     unsigned int aad_len, const u8 *src, u8 *dst,
			     unsigned int len, const u8 *tag);
int stock_check_aead(struct impl *im, unsigned int bits, stock_aead_enc_t *enc,
		     stock_aead_dec_t *dec, const u8 *iv, const u8 *aad,
		     unsigned int aad_len, unsigned int len, u8 *tag,
		     unsigned int flip);

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

#endif /* NATIVE_BENCH_H */
