// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_aead_fuzz - the skeleton of the AEAD fuzzers (afalg_aead,
 * afalg_authenc, afalg_ccm), their known-answer check and --hold; see
 * afalg_aead_fuzz.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg_aead_fuzz.h"

static int fz_inject;		/* --inject: the fuzzer's self-check */

int fz_bad(struct fz *f, const char *what, const char *fmt, ...)
{
	va_list ap;

	f->what = what;
	va_start(ap, fmt);
	vsnprintf(f->why, sizeof(f->why), fmt, ap);
	va_end(ap);
	return FZ_BAD;
}

void fz_flip(uint8_t *p, size_t n)
{
	p[rnd((uint32_t)n)] ^= (uint8_t)(1u << rnd(8));
}

void fz_change_len(struct fz *f, unsigned int maxd)
{
	uint8_t *t = f->tmp + f->assoclen;

	if (f->len && rnd(2)) {
		f->tlen = f->len - 1 - rnd(f->len < maxd ? (uint32_t)f->len : maxd);
	} else {
		f->tlen = f->len + 1 + rnd(maxd);
		rnd_bytes(t + f->len, f->tlen - f->len);
	}
	rnd_bytes(t + f->tlen, f->authsize);
	f->tin = f->assoclen + f->tlen + f->authsize;
	f->tout = f->assoclen + f->tlen;
}

int fz_op(struct fz *f, int oracle, enum aead_path p, int enc,
	  const uint8_t *iv, const uint8_t *in, size_t inlen, uint8_t *out,
	  size_t outlen)
{
	struct aead_op op = { enc, iv, f->ivlen, f->assoclen, f->authsize, f->key,
			      f->klen, in, inlen, out, outlen };
	struct alg *a = oracle ? &f->o : &f->t;
	size_t n = strlen(f->simd);
	int err;

	if (!oracle) {
		err = set_nosimd((int)rnd(2));
		if (n + 1 < sizeof(f->simd))
			f->simd[n] = "AC"[err];
		f->plast = p;
	}
	err = a->opfd < 0 ? alg_accept(a) : 0;
	if (!err)
		err = aead_run_op(a, oracle ? f->oracle : f->drv, p, &op, f->work);
	if (err)
		alg_drop_op(a);
	return err;
}

int fz_refuse(struct fz *f, int enc, int want, const char *name)
{
	size_t tin = f->assoclen + f->len + (enc ? 0 : f->authsize);
	size_t tout = enc ? tin + f->authsize : f->assoclen + f->len;

	memset(f->oout, 0xa5, tout + 16);
	memset(f->out, 0xa5, tout + 16);
	f->ro = fz_op(f, 1, AP_FLAT, enc, f->iv, f->in, tin, f->oout, tout);
	/* (libkcapi checks lengths itself) */
	f->rt = fz_op(f, 0, f->pe == AP_KCAPI ? AP_FLAT : f->pe, enc, f->iv, f->in,
		      tin, f->out, tout);
	alg_drop_op(&f->t);
	alg_drop_op(&f->o);
	f->what = enc ? "encrypt" : "decrypt";
	if (f->rt != f->ro || f->rt != want)
		return fz_bad(f, f->what, "%s (assoclen %u, text %zu): driver %s, oracle %s (want %s from both)",
			      name, f->assoclen, f->len, errs(f->rt), errs(f->ro), errs(want));
	return FZ_DONE;
}

int fz_check_ref(struct fz *f, const uint8_t *ct, const uint8_t *tag,
		 const char *ref)
{
	size_t a = f->assoclen, l = f->len;
	const char *d = memcmp(f->exp, f->in, a) ? "AAD region" :
			ct && memcmp(f->exp + a, ct, l) ? "ciphertext" :
			memcmp(f->exp + a + l, tag, f->authsize) ? "tag" : NULL;

	f->refchk++;
	return d ? fz_bad(f, "oracle", "the oracle's %s differs from %s's", d, ref) : 0;
}

/* both set key f->key (key 1: klen v) or tag length v: want from both */
static int fz_both(struct fz *f, int key, unsigned int v, int want, const char *what)
{
	if (key)
		f->keysimd = "AC"[set_nosimd((int)rnd(2))];
	f->rt = key ? alg_setkey(&f->t, f->key, v) : alg_setauthsize(&f->t, v);
	f->ro = key ? alg_setkey(&f->o, f->key, v) : alg_setauthsize(&f->o, v);
	if (f->rt == want && f->ro == want)
		return 0;
	f->need_key = 1;
	return fz_bad(f, what, "%u%s: driver %s, oracle %s (want %s from both)", v,
		      key ? " bytes" : "", errs(f->rt), errs(f->ro), errs(want));
}

static int fz_key(struct fz *f, const struct fz_ops *ops)
{
	unsigned int v;
	int err;

	if (f->need_key || !rnd(4)) {
		f->need_key = 1;
		if (ops->bad_key && !rnd(10)) {
			uint8_t z[48] = { 3 };
			struct aead_op op = { 1, z, f->ivlen, 16, 16, NULL, 0, z, 32, f->oout, 48 };

			v = ops->bad_key(f);
			f->badkeys++;
			if (fz_both(f, 1, v, -EINVAL, "bad key"))
				return FZ_BAD;
			/* a tfm whose setkey failed needs a key: AF_ALG accepts
			 * a "nokey" socket whose operations fail with ENOKEY */
			f->rt = alg_accept(&f->t) ?: aead_run_op(&f->t, f->drv, AP_FLAT, &op, NULL);
			f->ro = alg_accept(&f->o) ?: aead_run_op(&f->o, f->oracle, AP_FLAT, &op, NULL);
			alg_drop_op(&f->t);
			alg_drop_op(&f->o);
			if (f->rt != f->ro || f->rt != -ENOKEY)
				return fz_bad(f, "operation after a bad key", "encryption after a %u-byte key: driver %s, oracle %s (want ENOKEY from both)",
					      v, errs(f->rt), errs(f->ro));
		}
		err = ops->new_key(f);
		if (err)
			return fz_bad(f, "setkey", "the reference: %s", errs(err));
		if (fz_both(f, 1, f->klen, 0, "setkey"))
			return FZ_BAD;
		f->need_key = 0;
		f->rekeys++;
		/* set again on the new key's sockets */
		if (f->authsize && fz_both(f, 0, f->authsize, 0, "setauthsize"))
			return FZ_BAD;
	}
	if (ops->bad_tag && !rnd(40)) {
		f->badauth++;
		f->authsize = 0;	/* set again below */
		if (fz_both(f, 0, ops->bad_tag(f), -EINVAL, "bad tag length"))
			return FZ_BAD;
	}
	if (!f->authsize || !rnd(3)) {
		v = ops->pick_tag(f);
		if (fz_both(f, 0, v, 0, "setauthsize"))
			return FZ_BAD;
		f->authsize = v;
	}
	return 0;
}

/* decrypt a changed message, driver and oracle */
static int fz_tamper(struct fz *f, const struct fz_ops *ops)
{
	size_t k, tot = f->assoclen + f->len + f->authsize, a = f->assoclen;
	const char *tn, *w = "changed-message decrypt";
	int r;

	memcpy(f->tmp, f->exp, tot);
	memcpy(f->tiv, f->iv, 16);
	f->tin = tot;
	f->tlen = f->len;
	f->tout = tot - f->authsize;
	f->want = -EBADMSG;
	ops->tamper(f);
	tn = ops->tamper_name[f->tk];
	memset(f->oout, 0x5a, f->tout + 16);
	f->ro = fz_op(f, 1, AP_FLAT, 0, f->tiv, f->tmp, f->tin, f->oout, f->tout);
	if (f->pt == AP_KCAPI && (!f->tout || f->tin > AEAD_KCAPI_MAX ||
				  f->tin < a + f->authsize))
		f->pt = AP_FLAT;
	memset(f->out, 0xa5, f->tout + 16);
	f->rt = fz_op(f, 0, f->pt, 0, f->tiv, f->tmp, f->tin, f->out, f->tout);
	if (fz_inject && f->c % 3 == 2 && f->rt == -EBADMSG) {
		f->rt = 0;		/* a forgery "accepted" */
		f->injected++;
	}
	if (f->rt != f->ro)
		return fz_bad(f, w, "%s changed (text %zu bytes, iv[0] %u): driver %s, oracle %s",
			      tn, f->tlen, f->tiv[0], errs(f->rt), errs(f->ro));
	if (!f->rt && memcmp(f->out, f->oout, f->tout))
		return fz_bad(f, w, "%s changed: both accept, outputs differ", tn);
	if (f->want != FZ_ANY && f->rt != f->want)
		return fz_bad(f, w, "%s changed: %s from both, want %s", tn, errs(f->rt),
			      errs(f->want));
	if (f->rt == -EBADMSG)
		f->badmsg++;
	else if (f->rt)
		f->otherr++;
	/* no plaintext released: the text region is zeroed (AP_IOV copies
	 * out only on success) */
	if (f->wipe && f->rt == -EBADMSG && f->pt != AP_IOV && f->tlen &&
	    !(f->tlen % f->wipe)) {
		for (k = 0; k < f->tlen && !f->out[a + k]; k++)
			;
		if (k < f->tlen)
			return fz_bad(f, w, "%s changed, EBADMSG, but the text region of the driver's output is not all zero (byte %zu is 0x%02x%s)",
				      tn, k, f->out[a + k], f->tlen == f->len &&
				      !memcmp(f->out + a, f->in + a, f->tlen) ? "; it holds the plaintext" : "");
		f->wiped++;
	}
	if (ops->check_tampered && (r = ops->check_tampered(f)))
		return r;
	f->tampers[f->tk]++;
	f->paths[f->pt]++;
	return 0;
}

static int fz_case(struct fz *f, const struct fz_ops *ops)
{
	size_t k, tot, il;
	int r = fz_key(f, ops);

	if (r || (r = ops->request(f)))
		return r;
	il = f->assoclen + f->len;
	tot = il + f->authsize;
	if (f->pe == AP_KCAPI && (tot > AEAD_KCAPI_MAX || !il))
		f->pe = AP_FLAT;
	if (f->pd == AP_KCAPI && (tot > AEAD_KCAPI_MAX || !il))
		f->pd = AP_FLAT;
	/* the oracle, checked by the fuzzer's own reference */
	f->ro = fz_op(f, 1, AP_FLAT, 1, f->iv, f->in, il, f->exp, tot);
	if (f->ro)
		return fz_bad(f, "oracle encrypt", "%s", errs(f->ro));
	if ((r = ops->check_oracle(f)))
		return r;
	/* encryption by the driver */
	memset(f->out, 0xa5, tot + 16);
	f->encs++;
	f->rt = fz_op(f, 0, f->pe, 1, f->iv, f->in, il, f->out, tot);
	if (f->rt)
		return fz_bad(f, "encrypt", "driver %s, oracle success", errs(f->rt));
	if (fz_inject && f->c % 3 == 0) {
		fz_flip(f->out + f->assoclen, f->len + f->authsize);
		f->injected++;
	}
	for (k = 0; k < tot && f->out[k] == f->exp[k]; k++)
		;
	if (k < tot)
		return fz_bad(f, "encrypt", "output differs from the oracle's at byte %zu (%s)", k,
			      k < f->assoclen ? "AAD" : k < il ? "ciphertext" : "tag");
	f->paths[f->pe]++;
	/* decryption of it */
	memset(f->out, 0x5a, tot + 16);
	f->rt = fz_op(f, 0, f->pd, 0, f->iv, f->exp, tot, f->out, il);
	if (!f->rt && fz_inject && f->c % 3 == 1 && il) {
		fz_flip(f->out, il);
		f->injected++;
	}
	for (k = 0; !f->rt && k < il && f->out[k] == f->in[k]; k++)
		;
	if (f->rt)
		return fz_bad(f, "decrypt", "error %s on an authentic message", errs(f->rt));
	if (k < il)
		return fz_bad(f, "decrypt", "AAD || plaintext wrong from byte %zu", k);
	f->paths[f->pd]++;
	if (rnd(4) && (r = fz_tamper(f, ops)))
		return r;
	f->bytes += il;
	f->klens[(f->akl - 16) / 8]++;
	f->auths[f->authsize]++;
	if (f->assoclen > f->alen_max)
		f->alen_max = f->assoclen;
	if (f->len > f->len_max)
		f->len_max = f->len;
	return 0;
}

static void fz_fail(struct fz *f)
{
	char ivh[33], np[40] = "";

	if (++f->failures > 8 || fz_inject)
		return;
	hex(ivh, f->iv, f->ivlen);
	if (nosimd_path)
		snprintf(np, sizeof(np), " C/asm setkey %c, ops %s", f->keysimd, f->simd);
	printf("FAIL: fuzz %s case %lu: %s via %s (encrypt via %s): assoclen=%u len=%zu AES-%u authsize=%u iv=%s%s %s%s: %s\n",
	       f->drv, f->c, f->what, f->plast < AP_NR ? aead_path_name[f->plast] : "-",
	       aead_path_name[f->pe], f->assoclen, f->len, f->akl * 8, f->authsize, ivh,
	       f->note, aead_detail, np, f->why);
}

static void fz_report(struct fz *f, const struct fz_ops *ops, double secs, uint64_t seed)
{
	char tb[300], pb[200], ab[700], own[700], bb[120] = "", *q = ab;
	unsigned int i;

	join_counts(tb, ops->tamper_name + 1, f->tampers + 1, (int)ops->ntamper - 1);
	join_counts(pb, aead_path_name, f->paths, AP_NR);
	*q = 0;
	for (i = 0; i <= 64; i++)
		if (f->auths[i])
			q += sprintf(q, "%s%u:%lu", q == ab ? "" : " ", i, f->auths[i]);
	if (ops->bad_key)
		snprintf(bb, sizeof(bb), "; bad keys %lu (EINVAL, then ENOKEY), bad tag lengths %lu (EINVAL)",
			 f->badkeys, f->badauth);
	ops->report(f, own, sizeof(own));
	printf("PASS: fuzz %s vs %s: %lu cases (%lu encryptions compared, each decrypted; changed messages: %s; EBADMSG from both %lu times, other equal errors %lu%s), %lu bytes, assoclen up to %lu, text up to %lu, AES-128/192/256 keys %lu/%lu/%lu (%lu keys), tag lengths %s, %s, %.1f s (seed 0x%016" PRIx64 "; ops: %s%s)\n",
	       f->drv, f->oracle, f->cases, f->encs, tb, f->badmsg, f->otherr, bb, f->bytes,
	       f->alen_max, f->len_max, f->klens[0], f->klens[1], f->klens[2], f->rekeys,
	       ab, own, secs, seed, pb,
	       nosimd_path ? "; debug_force_nosimd toggled at random before setkey and each operation" : "");
}

static int fz_run(const struct fz_ops *ops, struct fz *f, unsigned long n, uint64_t seed)
{
	double t0 = now();
	int i;

	for (i = 0; i < 6; i++)
		if (!(f->buf[i] = malloc(ops->bufsz + 4096))) {
			printf("FAIL: fuzz %s: out of memory\n", f->drv);
			return 1;
		}
	f->exp = f->buf[2];
	f->oout = f->buf[3];
	f->tmp = f->buf[4];
	f->work = f->buf[5];
	if (alg_bind_both(&f->t, &f->o, "aead", f->drv, f->oracle, "fuzz") || ops->setup(f))
		return 1;
	f->need_key = 1;
	for (f->c = 0; f->c < n; f->c++) {
		f->pe = (enum aead_path)rnd(AP_NR);
		f->pd = (enum aead_path)rnd(AP_NR);
		f->pt = (enum aead_path)rnd(AP_NR);
		f->plast = AP_NR;
		f->tk = 0;
		f->note[0] = 0;
		memset(f->simd, 0, sizeof(f->simd));
		f->in = f->buf[0] + rnd(64);	/* any alignment */
		f->out = f->buf[1] + rnd(64);
		i = fz_case(f, ops);
		f->cases++;
		if (i == FZ_FATAL)
			return 1;
		if (i == FZ_BAD)
			fz_fail(f);
	}
	set_nosimd(0);
	alg_close(&f->t);
	alg_close(&f->o);
	if (ops->teardown)
		ops->teardown(f);
	if (fz_inject) {
		if (f->failures == f->injected && f->injected > 0)
			printf("PASS: fuzzer self-check (%s): all %lu faults put into the driver's results in %lu cases were reported, and nothing else (seed 0x%016" PRIx64 ")\n",
			       f->drv, f->injected, f->cases, seed);
		else
			printf("FAIL: fuzzer self-check (%s): %lu faults injected, %lu cases reported wrong (seed 0x%016" PRIx64 ")\n",
			       f->drv, f->injected, f->failures, seed);
		f->failures = f->failures != f->injected || !f->injected;
	} else if (f->failures) {
		printf("FAIL: fuzz %s vs %s: %lu of %lu cases wrong (seed 0x%016" PRIx64 ")\n",
		       f->drv, f->oracle, f->failures, f->cases, seed);
	} else {
		fz_report(f, ops, now() - t0, seed);
	}
	for (i = 0; i < 6; i++)
		free(f->buf[i]);
	return f->failures ? 1 : 0;
}

/* the mode named name: each fuzzer's mode struct starts with name, oracle */
static const void *fz_mode(const struct fz_ops *ops, const char *name)
{
	const char *m = ops->modes;
	unsigned int i;

	for (i = 0; i < ops->nmodes; i++, m += ops->mode_size)
		if (!strcmp(name, *(const char *const *)m))
			return m;
	fprintf(stderr, "unknown mode %s\n", name);
	usage_exit(ops->usage);
}

int fz_main(int argc, char **argv, const struct fz_ops *ops)
{
	static struct fz f;
	const char *oracle = NULL;
	uint64_t seed = 0;
	int i = 1;

	tool_start(argc, ops->usage);
	if (argc == 4 && !strcmp(argv[1], "--hold"))
		return ops->hold(argv[2], (unsigned int)atoi(argv[3]));
	if (argc == 4 && ops->kat && !strcmp(argv[1], "--kat"))
		return ops->kat(fz_mode(ops, argv[2]), argv[3]);
	if (argc == 4 && ops->badargs && !strcmp(argv[1], "--badargs")) {
		rng_state = 0x9e3779b97f4a7c15ULL;
		return ops->badargs(fz_mode(ops, argv[2]), argv[3]);
	}
	if (argc == 4 && ops->speed && !strcmp(argv[1], "--speed")) {
		rng_seed(0);
		return ops->speed(argv[2], atof(argv[3]));
	}
	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--inject")) {
			fz_inject = 1;
			i--;
			continue;
		}
		if (i + 1 >= argc)
			usage_exit(ops->usage);
		if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--oracle"))
			oracle = argv[i + 1];
		else if (!strcmp(argv[i], "--nosimd-param"))
			nosimd_path = argv[i + 1];
		else
			usage_exit(ops->usage);
	}
	if (argc - i != 3)
		usage_exit(ops->usage);
	f.mode = fz_mode(ops, argv[i]);
	f.drv = argv[i + 1];
	f.oracle = ref_name(oracle ? oracle : ((const char *const *)f.mode)[1]);
	return fz_run(ops, &f, strtoul(argv[i + 2], NULL, 0), rng_seed(seed));
}

/* ------------------------------------------------------------------ */
/* known answers, holders                                              */

int aead_kat(struct alg *a, struct aead_op *op, uint8_t *want, char *why,
	     size_t n)
{
	struct aead_op d = { 0, op->iv, op->ivlen, op->assoclen, op->authsize, op->key,
			     op->klen, want, op->outlen, op->out, op->inlen };
	int err = aead_key(a, NULL, op->key, op->klen, op->authsize);

	if (!err)
		err = aead_run_op(a, a->name, AP_FLAT, op, NULL);
	if (err || memcmp(op->out, want, op->outlen)) {
		snprintf(why, n, "encryption: %s", err ? errs(err) : "wrong ciphertext or tag");
		return -1;
	}
	err = aead_run_op(a, a->name, AP_FLAT, &d, NULL);
	if (err || memcmp(d.out, op->in, d.outlen)) {
		snprintf(why, n, "decryption: %s", err ? errs(err) : "not the plaintext");
		return -1;
	}
	want[op->outlen - 1] ^= 0x80;
	err = aead_run_op(a, a->name, AP_FLAT, &d, NULL);
	want[op->outlen - 1] ^= 0x80;
	if (err == -EBADMSG)
		return 0;
	snprintf(why, n, "a wrong tag gave %s, want EBADMSG", errs(err));
	return -1;
}

int aead_hold(const char *name, unsigned int secs, const uint8_t *key,
	      unsigned int klen, unsigned int ivlen, unsigned int assoclen,
	      unsigned int authsize)
{
	uint8_t iv[16] = { 3 }, in[64] = { 0 }, out[128];
	struct aead_op op = { 1, iv, ivlen, assoclen, authsize, NULL, 0, in,
			      assoclen + 32, out, assoclen + 32 + authsize };
	struct alg a;
	int err = aead_key(&a, name, key, klen, authsize);

	if (!err)
		err = aead_run_op(&a, name, AP_FLAT, &op, NULL);
	return alg_hold(&a, name, secs, err);
}

int aead_key(struct alg *a, const char *name, const uint8_t *key,
	     unsigned int klen, unsigned int authsize)
{
	int err = name ? alg_bind(a, "aead", name) : 0;

	if (!err)
		err = alg_setkey(a, key, klen);
	if (!err)
		err = alg_setauthsize(a, authsize);
	return err ? err : alg_accept(a);
}
