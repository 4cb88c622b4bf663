// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time, table-free AES (FIPS-197) in portable C, bitsliced.
 *
 * Representation: four blocks at a time are held as eight 64-bit bit
 * planes.  Plane q[b] holds bit b of all 64 state bytes: the byte in row r,
 * column c (byte 4 * c + r of the block, as in FIPS-197) of block k is at
 * bit 16 * r + 4 * c + k.  So each row is a 16-bit field of every plane:
 *  - ShiftRows rotates each row's field by 4 * r bits (masks and shifts);
 *  - MixColumns needs "the byte one row down", which is a 16-bit rotation
 *    of the whole plane, and doubling in GF(2^8), which only moves and XORs
 *    planes;
 *  - SubBytes is Boyar and Peralta's depth-16 circuit (128 gates: 34 AND,
 *    94 XOR/XNOR) over the planes, and InvSubBytes is that circuit between
 *    two inverse affine maps:
 *	InvSbox(y) = A'(Sbox(A'(y))), A'(y) = A^-1(y ^ 0x63).
 * Blocks are converted with an 8x8 bit transposition (three SWAPMOVE
 * stages) after spreading the bytes so that each row lands in its field.
 * Round keys are converted the same way, copied into all four blocks:
 * once per key by aesnictr_ct_prepare() (struct aesnictr_ct_sched), or one
 * round key at a time in every call that takes a struct aesnictr_key.
 *
 * Why it is constant time: secrets (key, round keys, data) only ever go
 * through AND, XOR, NOT, shifts and rotations by constant amounts, and
 * byte loads and stores at addresses that depend only on the public block
 * count and key length.  There are no tables, and every branch and loop
 * bound depends only on nblocks, key_len or nrounds.  Key expansion uses the
 * same S-box circuit for SubWord, and the decryption key schedule the same
 * InvMixColumns.  Stack copies of keys and data are wiped before returning.
 */
#include "aes_ct.h"

#define AES_CT_BATCH	AESNICTR_CT_BATCH
#define AES_CT_BSIZE	AESNICTR_BLOCK_SIZE

static inline u32 ld_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline void st_le32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

/* Byte n of x to byte 2n of the result, and back. */
static inline u64 spread(u32 x)
{
	u64 v = x;

	v = (v | v << 16) & 0x0000ffff0000ffffULL;
	return (v | v << 8) & 0x00ff00ff00ff00ffULL;
}

static inline u32 unspread(u64 v)
{
	v &= 0x00ff00ff00ff00ffULL;
	v = (v | v >> 8) & 0x0000ffff0000ffffULL;
	return (u32)(v | v >> 16);
}

static inline void swapmove(u64 *a, u64 *b, u64 mask, unsigned int n)
{
	u64 t = ((*a >> n) ^ *b) & mask;

	*b ^= t;
	*a ^= t << n;
}

/*
 * In every byte lane i, transpose the 8x8 bit matrix whose row j is byte i
 * of q[j]: afterwards bit j of byte i of q[b] is bit b of byte i of the old
 * q[j].  The transposition is its own inverse.
 */
static void transpose(u64 q[8])
{
	int j;

	for (j = 0; j < 8; j += 2)
		swapmove(&q[j], &q[j + 1], 0x5555555555555555ULL, 1);
	for (j = 0; j < 2; j++) {
		swapmove(&q[j], &q[j + 2], 0x3333333333333333ULL, 2);
		swapmove(&q[j + 4], &q[j + 6], 0x3333333333333333ULL, 2);
	}
	for (j = 0; j < 4; j++)
		swapmove(&q[j], &q[j + 4], 0x0f0f0f0f0f0f0f0fULL, 4);
}

/*
 * Block k's columns 0 and 2 go to q[k], columns 1 and 3 to q[k + 4], with
 * byte (r, c) at byte 2 * r + c / 2: after the transposition it is at bit
 * 8 * (2 * r + c / 2) + 4 * (c % 2) + k = 16 * r + 4 * c + k.
 */
static void load_block(u64 q[8], unsigned int k, const u8 *p)
{
	q[k] = spread(ld_le32(p)) | spread(ld_le32(p + 8)) << 8;
	q[k + 4] = spread(ld_le32(p + 4)) | spread(ld_le32(p + 12)) << 8;
}

/* Blocks 0..n-1 from src, the rest of the batch zero (n <= AES_CT_BATCH). */
static void load_blocks(u64 q[8], const u8 *src, unsigned int n)
{
	unsigned int k;

	for (k = 0; k < AES_CT_BATCH; k++) {
		if (k < n) {
			load_block(q, k, src + k * AES_CT_BSIZE);
		} else {
			q[k] = 0;
			q[k + 4] = 0;
		}
	}
	transpose(q);
}

/*
 * The inverse of load_blocks(), blocks 0..n-1 to dst; q is left in the
 * loaded (unsliced) form.
 */
static void store_blocks(u8 *dst, u64 q[8], unsigned int n)
{
	unsigned int k;
	u8 *p;

	transpose(q);
	for (k = 0; k < n; k++) {
		p = dst + k * AES_CT_BSIZE;
		st_le32(p, unspread(q[k]));
		st_le32(p + 4, unspread(q[k + 4]));
		st_le32(p + 8, unspread(q[k] >> 8));
		st_le32(p + 12, unspread(q[k + 4] >> 8));
	}
}

/*
 * A round key, the same in all four blocks: loaded as block 0 alone, so that
 * after the transposition every plane has its bits at 16 * r + 4 * c, then
 * copied into bits 4 * m + 1..3 (no carries between the 4-bit groups).
 */
static void load_round_key(u64 q[8], const u8 *rk)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		q[i] = 0;
	load_block(q, 0, rk);
	transpose(q);
	for (i = 0; i < 8; i++) {
		q[i] |= q[i] << 1;
		q[i] |= q[i] << 2;
	}
}

/*
 * The S-box circuit of Boyar and Peralta, "A depth-16 circuit for the AES
 * S-box" (2011), gate for gate with the paper's names (its D is U7): inputs
 * U0..U7 and outputs S0..S7 are the bits from the most significant down.
 */
static void sbox(u64 q[8])
{
	u64 u0, u1, u2, u3, u4, u5, u6, u7;
	u64 t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
	u64 t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
	u64 m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15;
	u64 m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26, m27, m28;
	u64 m29, m30, m31, m32, m33, m34, m35, m36, m37, m38, m39, m40, m41;
	u64 m42, m43, m44, m45, m46, m47, m48, m49, m50, m51, m52, m53, m54;
	u64 m55, m56, m57, m58, m59, m60, m61, m62, m63;
	u64 l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14;
	u64 l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26, l27;
	u64 l28, l29;

	u0 = q[7];
	u1 = q[6];
	u2 = q[5];
	u3 = q[4];
	u4 = q[3];
	u5 = q[2];
	u6 = q[1];
	u7 = q[0];

	/* top linear layer */
	t1 = u0 ^ u3;
	t2 = u0 ^ u5;
	t3 = u0 ^ u6;
	t4 = u3 ^ u5;
	t5 = u4 ^ u6;
	t6 = t1 ^ t5;
	t7 = u1 ^ u2;
	t8 = u7 ^ t6;
	t9 = u7 ^ t7;
	t10 = t6 ^ t7;
	t11 = u1 ^ u5;
	t12 = u2 ^ u5;
	t13 = t3 ^ t4;
	t14 = t6 ^ t11;
	t15 = t5 ^ t11;
	t16 = t5 ^ t12;
	t17 = t9 ^ t16;
	t18 = u3 ^ u7;
	t19 = t7 ^ t18;
	t20 = t1 ^ t19;
	t21 = u6 ^ u7;
	t22 = t7 ^ t21;
	t23 = t2 ^ t22;
	t24 = t2 ^ t10;
	t25 = t20 ^ t17;
	t26 = t3 ^ t16;
	t27 = t1 ^ t12;

	/* shared non-linear middle: inversion in GF(2^8) */
	m1 = t13 & t6;
	m2 = t23 & t8;
	m3 = t14 ^ m1;
	m4 = t19 & u7;
	m5 = m4 ^ m1;
	m6 = t3 & t16;
	m7 = t22 & t9;
	m8 = t26 ^ m6;
	m9 = t20 & t17;
	m10 = m9 ^ m6;
	m11 = t1 & t15;
	m12 = t4 & t27;
	m13 = m12 ^ m11;
	m14 = t2 & t10;
	m15 = m14 ^ m11;
	m16 = m3 ^ m2;
	m17 = m5 ^ t24;
	m18 = m8 ^ m7;
	m19 = m10 ^ m15;
	m20 = m16 ^ m13;
	m21 = m17 ^ m15;
	m22 = m18 ^ m13;
	m23 = m19 ^ t25;
	m24 = m22 ^ m23;
	m25 = m22 & m20;
	m26 = m21 ^ m25;
	m27 = m20 ^ m21;
	m28 = m23 ^ m25;
	m29 = m28 & m27;
	m30 = m26 & m24;
	m31 = m20 & m23;
	m32 = m27 & m31;
	m33 = m27 ^ m25;
	m34 = m21 & m22;
	m35 = m24 & m34;
	m36 = m24 ^ m25;
	m37 = m21 ^ m29;
	m38 = m32 ^ m33;
	m39 = m23 ^ m30;
	m40 = m35 ^ m36;
	m41 = m38 ^ m40;
	m42 = m37 ^ m39;
	m43 = m37 ^ m38;
	m44 = m39 ^ m40;
	m45 = m42 ^ m41;
	m46 = m44 & t6;
	m47 = m40 & t8;
	m48 = m39 & u7;
	m49 = m43 & t16;
	m50 = m38 & t9;
	m51 = m37 & t17;
	m52 = m42 & t15;
	m53 = m45 & t27;
	m54 = m41 & t10;
	m55 = m44 & t13;
	m56 = m40 & t23;
	m57 = m39 & t19;
	m58 = m43 & t3;
	m59 = m38 & t22;
	m60 = m37 & t20;
	m61 = m42 & t1;
	m62 = m45 & t4;
	m63 = m41 & t2;

	/* bottom linear layer, with the affine map */
	l0 = m61 ^ m62;
	l1 = m50 ^ m56;
	l2 = m46 ^ m48;
	l3 = m47 ^ m55;
	l4 = m54 ^ m58;
	l5 = m49 ^ m61;
	l6 = m62 ^ l5;
	l7 = m46 ^ l3;
	l8 = m51 ^ m59;
	l9 = m52 ^ m53;
	l10 = m53 ^ l4;
	l11 = m60 ^ l2;
	l12 = m48 ^ m51;
	l13 = m50 ^ l0;
	l14 = m52 ^ m61;
	l15 = m55 ^ l1;
	l16 = m56 ^ l0;
	l17 = m57 ^ l1;
	l18 = m58 ^ l8;
	l19 = m63 ^ l4;
	l20 = l0 ^ l1;
	l21 = l1 ^ l7;
	l22 = l3 ^ l12;
	l23 = l18 ^ l2;
	l24 = l15 ^ l9;
	l25 = l6 ^ l10;
	l26 = l7 ^ l9;
	l27 = l8 ^ l10;
	l28 = l11 ^ l14;
	l29 = l11 ^ l17;

	q[7] = l6 ^ l24;
	q[6] = ~(l16 ^ l26);
	q[5] = ~(l19 ^ l28);
	q[4] = l6 ^ l21;
	q[3] = l20 ^ l22;
	q[2] = l25 ^ l29;
	q[1] = ~(l13 ^ l27);
	q[0] = ~(l6 ^ l23);
}

/* A^-1(y ^ 0x63): bit i = y[i + 2] ^ y[i + 5] ^ y[i + 7] ^ bit i of 0x05. */
static void inv_affine(u64 q[8])
{
	u64 y[8];
	int i;

	for (i = 0; i < 8; i++)
		y[i] = q[i];
	for (i = 0; i < 8; i++)
		q[i] = y[(i + 2) & 7] ^ y[(i + 5) & 7] ^ y[(i + 7) & 7];
	q[0] = ~q[0];
	q[2] = ~q[2];
}

static void inv_sbox(u64 q[8])
{
	inv_affine(q);
	sbox(q);
	inv_affine(q);
}

/* Row r of every column from row r + n (16 bits per row). */
static inline u64 rows_up(u64 x, unsigned int n)
{
	return x >> (16 * n) | x << (64 - 16 * n);
}

/* Rotate the field of row r right (ShiftRows) or left by 4 * r bits. */
static void shift_rows(u64 q[8])
{
	u64 x;
	int i;

	for (i = 0; i < 8; i++) {
		x = q[i];
		q[i] = (x & 0x000000000000ffffULL) |
		       ((x >> 4) & 0x000000000fff0000ULL) |
		       ((x << 12) & 0x00000000f0000000ULL) |
		       ((x >> 8) & 0x000000ff00000000ULL) |
		       ((x << 8) & 0x0000ff0000000000ULL) |
		       ((x >> 12) & 0x000f000000000000ULL) |
		       ((x << 4) & 0xfff0000000000000ULL);
	}
}

static void inv_shift_rows(u64 q[8])
{
	u64 x;
	int i;

	for (i = 0; i < 8; i++) {
		x = q[i];
		q[i] = (x & 0x000000000000ffffULL) |
		       ((x << 4) & 0x00000000fff00000ULL) |
		       ((x >> 12) & 0x00000000000f0000ULL) |
		       ((x >> 8) & 0x000000ff00000000ULL) |
		       ((x << 8) & 0x0000ff0000000000ULL) |
		       ((x << 12) & 0xf000000000000000ULL) |
		       ((x >> 4) & 0x0fff000000000000ULL);
	}
}

/* o = 2 * a in GF(2^8) = GF(2)[x] / (x^8 + x^4 + x^3 + x + 1), per bit. */
static inline void xtime(u64 o[8], const u64 a[8])
{
	o[0] = a[7];
	o[1] = a[0] ^ a[7];
	o[2] = a[1];
	o[3] = a[2] ^ a[7];
	o[4] = a[3] ^ a[7];
	o[5] = a[4];
	o[6] = a[5];
	o[7] = a[6];
}

/*
 * s' = 2 s + 3 s1 + s2 + s3, where sn is the column rotated n rows up,
 *    = 2 t + s1 + t2 with t = s + s1 (so t2 = s2 + s3).
 */
static void mix_columns(u64 q[8])
{
	u64 s1[8], t[8], t2[8];
	int i;

	for (i = 0; i < 8; i++) {
		s1[i] = rows_up(q[i], 1);
		t[i] = q[i] ^ s1[i];
	}
	xtime(t2, t);
	for (i = 0; i < 8; i++)
		q[i] = t2[i] ^ s1[i] ^ rows_up(t[i], 2);
}

/*
 * InvMixColumns = MixColumns after s' = s + 4 (s + s2): the circulant
 * matrices (14 11 13 9) = (2 3 1 1) (5 0 4 0).
 */
static void inv_mix_columns(u64 q[8])
{
	u64 u[8], u2[8];
	int i;

	for (i = 0; i < 8; i++)
		u[i] = q[i] ^ rows_up(q[i], 2);
	xtime(u2, u);
	xtime(u, u2);
	for (i = 0; i < 8; i++)
		q[i] ^= u[i];
	mix_columns(q);
}

/*
 * Where a call's round keys come from: prepared planes (kq), or the
 * struct aesnictr_key's bytes (rk), converted one round key at a time into
 * the caller's tmp, so no call needs all of them on the stack.
 */
struct ct_keys {
	const u64 (*kq)[8];
	const u8 *rk;
	unsigned int nr;
};

static inline const u64 *round_key(const struct ct_keys *k, unsigned int i,
				   u64 tmp[8])
{
	if (k->kq)
		return k->kq[i];
	load_round_key(tmp, k->rk + i * AES_CT_BSIZE);
	return tmp;
}

static inline void add_round_key(u64 q[8], const u64 k[8])
{
	int i;

	for (i = 0; i < 8; i++)
		q[i] ^= k[i];
}

/* AESENC rounds, then AESENCLAST. */
static void encrypt_planes(u64 q[8], const struct ct_keys *k, u64 tmp[8])
{
	unsigned int i, nr = k->nr;

	add_round_key(q, round_key(k, 0, tmp));
	for (i = 1; i < nr; i++) {
		sbox(q);
		shift_rows(q);
		mix_columns(q);
		add_round_key(q, round_key(k, i, tmp));
	}
	sbox(q);
	shift_rows(q);
	add_round_key(q, round_key(k, nr, tmp));
}

/* AESDEC rounds, then AESDECLAST (the equivalent inverse cipher). */
static void decrypt_planes(u64 q[8], const struct ct_keys *k, u64 tmp[8])
{
	unsigned int i, nr = k->nr;

	add_round_key(q, round_key(k, 0, tmp));
	for (i = 1; i < nr; i++) {
		inv_shift_rows(q);
		inv_sbox(q);
		inv_mix_columns(q);
		add_round_key(q, round_key(k, i, tmp));
	}
	inv_shift_rows(q);
	inv_sbox(q);
	add_round_key(q, round_key(k, nr, tmp));
}

enum aes_ct_op { AES_CT_ENC, AES_CT_DEC, AES_CT_IMC };

/*
 * Run op on nblocks blocks, AES_CT_BATCH at a time, loaded straight from src
 * and stored straight to dst (all loads of a batch before its stores, so dst
 * may be src); k is NULL for IMC.
 */
static void crypt_blocks(const struct ct_keys *k, u8 *dst, const u8 *src,
			 unsigned int nblocks, enum aes_ct_op op)
{
	u64 q[8], tmp[8];
	unsigned int n;

	while (nblocks) {
		n = nblocks < AES_CT_BATCH ? nblocks : AES_CT_BATCH;
		load_blocks(q, src, n);
		if (op == AES_CT_ENC)
			encrypt_planes(q, k, tmp);
		else if (op == AES_CT_DEC)
			decrypt_planes(q, k, tmp);
		else
			inv_mix_columns(q);
		store_blocks(dst, q, n);
		src += n * AES_CT_BSIZE;
		dst += n * AES_CT_BSIZE;
		nblocks -= n;
	}
	aes_ct_wipe(tmp, sizeof(tmp));
	aes_ct_wipe(q, sizeof(q));
}

void aesnictr_ct_encrypt(const struct aesnictr_key *enc, u8 *dst,
			 const u8 *src, unsigned int nblocks)
{
	struct ct_keys k = { .rk = enc->rk, .nr = enc->nrounds };

	crypt_blocks(&k, dst, src, nblocks, AES_CT_ENC);
}

void aesnictr_ct_decrypt(const struct aesnictr_key *dec, u8 *dst,
			 const u8 *src, unsigned int nblocks)
{
	struct ct_keys k = { .rk = dec->rk, .nr = dec->nrounds };

	crypt_blocks(&k, dst, src, nblocks, AES_CT_DEC);
}

void aesnictr_ct_prepare(struct aesnictr_ct_sched *bs,
			 const struct aesnictr_key *key)
{
	unsigned int i;

	for (i = 0; i <= AESNICTR_MAX_ROUNDS; i++) {
		if (i <= key->nrounds)
			load_round_key(bs->kq[i], key->rk + i * AES_CT_BSIZE);
		else
			memset(bs->kq[i], 0, sizeof(bs->kq[i]));
	}
	bs->nrounds = key->nrounds;
}

void aesnictr_ct_encrypt_sched(const struct aesnictr_ct_sched *enc, u8 *dst,
			       const u8 *src, unsigned int nblocks)
{
	struct ct_keys k = { .kq = enc->kq, .nr = enc->nrounds };

	crypt_blocks(&k, dst, src, nblocks, AES_CT_ENC);
}

void aesnictr_ct_decrypt_sched(const struct aesnictr_ct_sched *dec, u8 *dst,
			       const u8 *src, unsigned int nblocks)
{
	struct ct_keys k = { .kq = dec->kq, .nr = dec->nrounds };

	crypt_blocks(&k, dst, src, nblocks, AES_CT_DEC);
}

/* SubWord with the S-box circuit: the word's bytes in four bit lanes. */
static u32 sub_word(u64 q[8], u32 w)
{
	int i;

	q[0] = w;
	for (i = 1; i < 8; i++)
		q[i] = 0;
	transpose(q);
	sbox(q);
	transpose(q);
	return (u32)q[0];
}

void aesnictr_ct_expand_key(struct aesnictr_key *enc, const u8 *in_key,
			    unsigned int key_len)
{
	unsigned int nk = key_len / 4, nr = nk + 6, i;
	u64 q[8];
	u32 rcon = 1, w;
	u8 *rk = enc->rk;

	/* w[i] is the little-endian word at rk + 4 * i: byte 0 is FIPS a0 */
	memcpy(rk, in_key, key_len);
	for (i = nk; i < 4 * (nr + 1); i++) {
		w = ld_le32(rk + 4 * (i - 1));
		if (i % nk == 0) {
			/* SubWord(RotWord(w)) ^ Rcon */
			w = sub_word(q, w >> 8 | w << 24) ^ rcon;
			rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
		} else if (nk == 8 && i % nk == 4) {
			w = sub_word(q, w);
		}
		st_le32(rk + 4 * i, ld_le32(rk + 4 * (i - nk)) ^ w);
	}
	enc->nrounds = nr;
	aes_ct_wipe(q, sizeof(q));
}

void aesnictr_ct_invert_key(struct aesnictr_key *dec,
			    const struct aesnictr_key *enc)
{
	unsigned int nr = enc->nrounds, i;
	u8 t[AES_CT_BSIZE];
	u8 *a, *b;

	if (dec != enc)
		memcpy(dec, enc, sizeof(*dec));
	for (i = 0; i < nr - i; i++) {
		a = dec->rk + i * AES_CT_BSIZE;
		b = dec->rk + (nr - i) * AES_CT_BSIZE;
		memcpy(t, a, AES_CT_BSIZE);
		memcpy(a, b, AES_CT_BSIZE);
		memcpy(b, t, AES_CT_BSIZE);
	}
	crypt_blocks(NULL, dec->rk + AES_CT_BSIZE, dec->rk + AES_CT_BSIZE,
		     nr - 1, AES_CT_IMC);
	aes_ct_wipe(t, sizeof(t));
}
