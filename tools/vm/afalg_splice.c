// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_splice - the "Copy Fail" pattern (CVE-2026-31431) against an AEAD
 * of the authenc family, through AF_ALG with the input spliced from a file.
 *
 * The exploit: AF_ALG "authencesn(...)" decryption whose input pages come
 * from a read-only file by splice() (file -> pipe -> AF_ALG socket), so
 * that the request's scatterlists hold the file's page-cache pages; the
 * stock authencesn template used bytes of dst past the output region as
 * scratch for the ESN high half, and with algif_aead's old in-place layout
 * (dst = the receive buffer chained to the tag pages of the input) those
 * bytes were the file's cached pages: a 4-byte write into the page cache of
 * any readable file, good tag or bad.  Kernels with the fix (algif_aead out
 * of place again) keep the file safe from the template; a driver must also
 * never write its source or anything past its declared output region.
 *
 * For each case a file on the guest's tmpfs is written with padding, the
 * message (AAD || C || T, made by the oracle: the kernel's template over
 * the generic parts, by driver name) and 4 KiB of a pattern after it; the
 * file is reopened read-only, the AEAD under test decrypts with the input
 * spliced from it, and the file's bytes (a read() of the cached file) must
 * be exactly what they were.  Cases: AAD by sendmsg and the rest spliced
 * (as the exploit does) or everything spliced; a good tag (plaintext and
 * AAD must come out) and a bad one (EBADMSG); assoclen 8, 12, 16, 28;
 * texts of 1, 4, 255 and 257 blocks; the tag at offsets that put it at
 * the start of a page, across a page boundary and elsewhere; tag lengths
 * 4, the ESP size and the digest size; encryption with the plaintext
 * spliced from the file too.  (The receive buffer is exactly the output:
 * AF_ALG maps no more of it than that; the 64 bytes after it in the
 * tool's memory must stay untouched all the same.)
 *
 * NAME is bound as given (a driver name or an algorithm name); the tool
 * says which driver served it (the /proc/crypto refcnt that rose while the
 * transform was open).  --info: report changed files as INFO, not FAIL (the
 * stock template, whose behaviour is the kernel's, not the module's).
 *
 *   afalg_splice [--info] [--nosimd-param PATH] MODE NAME
 *     MODE: [esn-]sha1|sha256|sha384|sha512
 * Output lines start with "PASS: " or "FAIL: " (or "INFO: "); exit status 1
 * on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_common.h"

#define PAGE 4096
#define CANARY 64
#define TRAIL 4096
#define MAX_MSG (32 + 257 * AES_BS + 64)

struct mode {
	const char *name, *oracle, *cra;
	unsigned int ds, esp;	/* digest size, ESP's truncated tag */
	int esn;
};

static const struct mode modes[] = {
	{ "sha1", "authenc(hmac(sha1-generic),cbc(aes-generic))",
	  "authenc(hmac(sha1),cbc(aes))", 20, 12, 0 },
	{ "sha256", "authenc(hmac(sha256-generic),cbc(aes-generic))",
	  "authenc(hmac(sha256),cbc(aes))", 32, 16, 0 },
	{ "sha384", "authenc(hmac(sha384-generic),cbc(aes-generic))",
	  "authenc(hmac(sha384),cbc(aes))", 48, 24, 0 },
	{ "sha512", "authenc(hmac(sha512-generic),cbc(aes-generic))",
	  "authenc(hmac(sha512),cbc(aes))", 64, 32, 0 },
	{ "esn-sha1", "authencesn(hmac(sha1-generic),cbc(aes-generic))",
	  "authencesn(hmac(sha1),cbc(aes))", 20, 12, 1 },
	{ "esn-sha256", "authencesn(hmac(sha256-generic),cbc(aes-generic))",
	  "authencesn(hmac(sha256),cbc(aes))", 32, 16, 1 },
	{ "esn-sha384", "authencesn(hmac(sha384-generic),cbc(aes-generic))",
	  "authencesn(hmac(sha384),cbc(aes))", 48, 24, 1 },
	{ "esn-sha512", "authencesn(hmac(sha512-generic),cbc(aes-generic))",
	  "authencesn(hmac(sha512),cbc(aes))", 64, 32, 1 },
};

/* the refcnt of each /proc/crypto entry of cra_name cra: "driver refcnt" lines */
static int refcnts(const char *cra, char drv[][128], long *ref, int max)
{
	char line[256], name[128] = "", d[128] = "";
	FILE *f = fopen("/proc/crypto", "r");
	int n = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		long r;

		if (sscanf(line, "name : %127s", name) == 1)
			continue;
		if (sscanf(line, "driver : %127s", d) == 1)
			continue;
		if (sscanf(line, "refcnt : %ld", &r) == 1 && !strcmp(name, cra) && n < max) {
			snprintf(drv[n], 128, "%s", d);
			ref[n++] = r;
		}
	}
	fclose(f);
	return n;
}

/* which entry of cra rose between two refcnts() snapshots */
static void served_by(const char *cra, char b[][128], long *rb, int nb, char *out, size_t sz)
{
	char a[32][128];
	long ra[32];
	int na = refcnts(cra, a, ra, 32), i, j;

	*out = 0;
	for (i = 0; i < na; i++) {
		long before = 0;

		for (j = 0; j < nb; j++)
			if (!strcmp(a[i], b[j]))
				before = rb[j];
		if (ra[i] > before)
			snprintf(out + strlen(out), sz - strlen(out), "%s%.127s", *out ? " " : "", a[i]);
	}
}

static unsigned int make_blob(uint8_t *b, const uint8_t *hkey, unsigned int hkl,
			      const uint8_t *aes, unsigned int akl)
{
	uint16_t len = 8, type = 1;	/* rtattr: CRYPTO_AUTHENC_KEYA_PARAM */

	memcpy(b, &len, 2);
	memcpy(b + 2, &type, 2);
	b[4] = 0;
	b[5] = 0;
	b[6] = 0;
	b[7] = (uint8_t)akl;
	memcpy(b + 8, hkey, hkl);
	memcpy(b + 8 + hkl, aes, akl);
	return 8 + hkl + akl;
}

static void fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd64();
}

/* the whole file into buf; its length or -1 */
static ssize_t read_file(const char *path, uint8_t *buf, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r, n = 0;

	if (fd < 0)
		return -1;
	while ((size_t)n < max && (r = read(fd, buf + n, max - n)) > 0)
		n += r;
	close(fd);
	return n;
}

/* n bytes of fd from offset off through a pipe into the socket */
static int splice_file(int fd, loff_t off, int sock, size_t n, int more)
{
	int p[2], err = 0;
	size_t done = 0;

	if (pipe(p) < 0)
		return -errno;
	while (done < n) {
		ssize_t in = splice(fd, &off, p[1], NULL, n - done, 0), moved = 0;

		if (in <= 0) {
			err = in < 0 ? -errno : -EIO;
			break;
		}
		while (moved < in) {
			ssize_t s = splice(p[0], NULL, sock, NULL, in - moved,
					   (more || done + in < n) ? SPLICE_F_MORE : 0);

			if (s <= 0) {
				err = s < 0 ? -errno : -EIO;
				goto out;
			}
			moved += s;
		}
		done += in;
	}
out:
	close(p[0]);
	close(p[1]);
	return err;
}

struct stats {
	unsigned long cases, good, badtag, enc, changed, canary, wrong;
};

/*
 * One operation with its input in the file at offset off (spliced), the
 * first sendlen bytes by sendmsg instead; out must receive outlen bytes
 * (64 canary bytes after them).  The AF_ALG result or -errno.
 */
static int op_spliced(struct alg *a, int enc, const uint8_t *iv, unsigned int alen,
		      const char *path, loff_t off, const uint8_t *sendbuf, size_t sendlen,
		      size_t inlen, uint8_t *out, size_t outlen)
{
	struct iovec iov = { (void *)sendbuf, sendlen };
	int fd, err;
	ssize_t r;

	err = alg_accept(a);
	if (err)
		return err;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	r = alg_sendmsg(a->opfd, 1, enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT, iv, 16, alen,
			&iov, sendlen ? 1 : 0, 1);
	if (r < 0) {
		close(fd);
		return (int)r;
	}
	err = splice_file(fd, off + sendlen, a->opfd, inlen - sendlen, 0);
	close(fd);
	if (err)
		return err;
	/* exactly outlen: algif_aead's recvmsg runs requests until the
	 * buffer is full (a larger one would wait for more input) */
	memset(out, 0xcc, outlen + CANARY);
	iov.iov_base = out;
	iov.iov_len = outlen;
	r = alg_recv(a->opfd, &iov, 1);
	alg_drop_op(a);
	if (r < 0)
		return (int)r;
	return (size_t)r == outlen ? 0 : -EIO;
}

int main(int argc, char **argv)
{
	static const unsigned int alens[] = { 8, 12, 16, 28 };
	static const unsigned int blocks[] = { 1, 4, 255, 257 };
	const struct mode *m = NULL;
	const char *name, *oracle, *path = "/tmp/afalg_splice.file";
	char info = 0, served[512], bdrv[32][128], why[300];
	long bref[32];
	struct alg t, o;
	struct stats st = { 0 };
	uint8_t blob[8 + 64 + 32], hkey[64], akey[32], iv[16];
	uint8_t *ct, *pt, *out, *file, *back, *work;
	unsigned int i, ai, bi, oi, ti, failures = 0, blen, nb;
	int argi = 1, err;

	tool_start(argc, "usage: afalg_splice [--info] [--nosimd-param PATH] [esn-]sha1|sha256|sha384|sha512 NAME\n");
	while (argi < argc && argv[argi][0] == '-') {
		if (!strcmp(argv[argi], "--info")) {
			info = 1;
			argi++;
		} else if (!strcmp(argv[argi], "--nosimd-param") && argi + 1 < argc) {
			nosimd_path = argv[argi + 1];
			argi += 2;
		} else {
			usage_exit("usage: afalg_splice [--info] [--nosimd-param PATH] MODE NAME\n");
		}
	}
	if (argc - argi != 2)
		usage_exit("usage: afalg_splice [--info] [--nosimd-param PATH] MODE NAME\n");
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(argv[argi], modes[i].name))
			m = &modes[i];
	if (!m)
		usage_exit("afalg_splice: unknown MODE\n");
	name = argv[argi + 1];
	oracle = ref_name(m->oracle);
	rng_seed(0);

	ct = malloc(MAX_MSG);
	pt = malloc(MAX_MSG);
	out = malloc(MAX_MSG + CANARY);
	file = malloc(3 * PAGE + MAX_MSG + TRAIL);
	back = malloc(3 * PAGE + MAX_MSG + TRAIL + 1);
	work = malloc(2 * MAX_MSG + 4096);
	if (!ct || !pt || !out || !file || !back || !work) {
		printf("FAIL: splice %s: out of memory\n", name);
		return 1;
	}

	/* which driver the name gives: the refcnt that rises with the bind */
	nb = refcnts(m->cra, bdrv, bref, 32);
	err = alg_bind(&t, "aead", name);
	if (err) {
		printf("FAIL: splice %s: cannot bind AF_ALG aead %s: %s\n", name, name, strerror(-err));
		return 1;
	}
	served_by(m->cra, bdrv, bref, (int)nb, served, sizeof(served));
	err = alg_bind(&o, "aead", oracle);
	if (err) {
		printf("FAIL: splice %s: the oracle %s cannot be instantiated: %s\n", name, oracle,
		       strerror(-err));
		return 1;
	}
	fill(hkey, sizeof(hkey));
	fill(akey, sizeof(akey));
	blen = make_blob(blob, hkey, m->ds, akey, 16 + 8 * rnd(3));
	err = alg_setkey(&t, blob, blen);
	if (!err)
		err = alg_setkey(&o, blob, blen);
	if (err) {
		printf("FAIL: splice %s: setkey: %s\n", name, strerror(-err));
		return 1;
	}

	for (ti = 0; ti < 3; ti++) {
		unsigned int as = ti == 0 ? 4 : ti == 1 ? m->esp : m->ds;

		err = alg_setauthsize(&t, as);
		if (!err)
			err = alg_setauthsize(&o, as);
		if (err) {
			printf("FAIL: splice %s: setauthsize %u: %s\n", name, as, strerror(-err));
			return 1;
		}
		for (ai = 0; ai < sizeof(alens) / sizeof(alens[0]); ai++)
		for (bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
		for (oi = 0; oi < 3; oi++) {
			unsigned int alen = alens[ai];
			size_t clen = (size_t)blocks[bi] * AES_BS, mlen = alen + clen + as;
			size_t flen, pad;
			struct aead_op eo;
			int variant, bad;
			ssize_t fl;

			/* where the tag lands: at a page start, across a page
			 * boundary, or anywhere */
			if (oi == 0)
				pad = (3 * PAGE - (alen + clen)) % PAGE;
			else if (oi == 1)
				pad = (3 * PAGE - (alen + clen) - as / 2) % PAGE;
			else
				pad = rnd(PAGE);
			fill(iv, 16);
			fill(pt, alen + clen);	/* AAD || P (seq_hi: random, not 0) */
			eo = (struct aead_op){ 1, iv, 16, alen, as, NULL, 0, pt, alen + clen,
					       ct, mlen };
			err = alg_accept(&o);
			if (!err)
				err = aead_run_op(&o, oracle, AP_FLAT, &eo, work);
			alg_drop_op(&o);
			if (err) {
				printf("FAIL: splice %s: the oracle %s cannot encrypt: %s\n", name,
				       oracle, strerror(-err));
				return 1;
			}

			for (variant = 0; variant < 2; variant++)
			for (bad = 0; bad < 3; bad++) {
				size_t sendlen = variant ? 0 : alen, inlen, outlen, k;
				int enc = bad == 2, want;

				/* the file: pad || message || pattern */
				fill(file, pad);
				if (enc) {
					memcpy(file + pad, pt, alen + clen);
					inlen = alen + clen;
					outlen = mlen;
				} else {
					memcpy(file + pad, ct, mlen);
					if (bad)
						file[pad + alen + clen + rnd(as)] ^= (uint8_t)(1u << rnd(8));
					inlen = mlen;
					outlen = alen + clen;
				}
				for (k = 0; k < TRAIL; k++)
					file[pad + inlen + k] = (uint8_t)(0x5a ^ k);
				flen = pad + inlen + TRAIL;
				unlink(path);
				{
					int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);

					if (fd < 0 || write(fd, file, flen) != (ssize_t)flen) {
						printf("FAIL: splice %s: writing %s: %s\n", name, path,
						       strerror(errno));
						return 1;
					}
					close(fd);
				}
				set_nosimd((int)rnd(2));
				err = op_spliced(&t, enc, iv, alen, path, (loff_t)pad,
						 enc ? pt : ct, sendlen, inlen, out, outlen);
				st.cases++;
				want = bad == 1 ? -EBADMSG : 0;
				why[0] = 0;
				if (err != want)
					snprintf(why, sizeof(why), "result %s, want %s", err ? strerror(-err) : "success",
						 want ? strerror(-want) : "success");
				else if (!err && memcmp(out, enc ? ct : pt, outlen))
					snprintf(why, sizeof(why), "output differs from the %s", enc ? "oracle's" : "plaintext");
				if (why[0])
					st.wrong++;
				for (k = 0; k < CANARY && out[outlen + k] == 0xcc; k++)
					;
				if (k < CANARY) {
					st.canary++;
					snprintf(why + strlen(why), sizeof(why) - strlen(why),
						 "%sreceive buffer changed %zu bytes past the %zu-byte output region",
						 why[0] ? "; " : "", k, outlen);
				}
				fl = read_file(path, back, flen + 1);
				if (fl != (ssize_t)flen || memcmp(back, file, flen)) {
					size_t d;

					for (d = 0; d < flen && (ssize_t)d < fl && back[d] == file[d]; d++)
						;
					st.changed++;
					printf("%s: splice %s (%s): THE FILE'S CACHED BYTES CHANGED at offset %zu (message at %zu..%zu, %s at %zu): %02x%02x%02x%02x, were %02x%02x%02x%02x (%s, %s tag, assoclen %u, text %zu, authsize %u)\n",
					       info ? "INFO" : "FAIL", name, served, d, pad, pad + inlen,
					       enc ? "end" : "tag", pad + alen + clen,
					       back[d], back[d + 1], back[d + 2], back[d + 3],
					       file[d], file[d + 1], file[d + 2], file[d + 3],
					       variant ? "all spliced" : "AAD by sendmsg, rest spliced",
					       enc ? "encryption, no" : bad ? "bad" : "good", alen, clen, as);
					if (!info)
						failures++;
				}
				if (why[0]) {
					if (++failures <= 8)
						printf("FAIL: splice %s: %s, %s, assoclen %u, text %zu, authsize %u, file offset %zu: %s\n",
						       name, variant ? "all spliced" : "AAD by sendmsg",
						       enc ? "encryption" : bad ? "bad tag" : "good tag",
						       alen, clen, as, pad, why);
				} else if (bad == 1) {
					st.badtag++;
				} else if (enc) {
					st.enc++;
				} else {
					st.good++;
				}
			}
		}
	}
	set_nosimd(0);
	unlink(path);
	alg_close(&t);
	alg_close(&o);
	if (failures || st.changed) {
		printf("%s: splice %s (served by %s): %lu cases: file changed %lu times, %lu wrong results, receive-buffer canary hit %lu times\n",
		       failures ? "FAIL" : "INFO", name, *served ? served : "?", st.cases, st.changed,
		       st.wrong, st.canary);
		return failures ? 1 : 0;
	}
	printf("PASS: splice %s (served by %s; oracle %s): %lu cases with the input spliced from a read-only tmpfs file (decryption: good tag %lu, bad tag %lu (EBADMSG); encryption %lu; AAD by sendmsg or spliced; assoclen 8/12/16/28, 1..257 blocks, tag lengths 4/%u/%u at a page start, across a page boundary and elsewhere%s): the file's cached bytes unchanged every time, nothing written past the output region\n",
	       name, *served ? served : "?", oracle, st.cases, st.good, st.badtag, st.enc, m->esp, m->ds,
	       nosimd_path ? "; debug_force_nosimd toggled at random" : "");
	return 0;
}
