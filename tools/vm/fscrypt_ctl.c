// SPDX-License-Identifier: GPL-2.0
/*
 * fscrypt_ctl - the fscrypt ioctls the QEMU guest's fscrypt test needs
 * (tools/vm/guest/users.sh, fscrypt_test), with v2 policies only:
 *
 *   fscrypt_ctl add MNT KEYFILE    add the 64-byte master key in KEYFILE
 *                                  to the filesystem mounted at MNT; prints
 *                                  its identifier (32 hex digits)
 *   fscrypt_ctl set DIR ID         give the empty directory DIR the policy
 *                                  contents AES-256-XTS, filenames
 *                                  AES-256-CTS (cts(cbc(aes))), names
 *                                  padded to 16 bytes, master key ID
 *   fscrypt_ctl remove MNT ID      remove that key (the files' names and
 *                                  contents are no longer readable)
 *
 * Prints "FAIL: ..." and exits 1 on any error.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fscrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define MASTER_KEY_SIZE	64

static void die(const char *what, const char *arg)
{
	printf("FAIL: %s %s: %s\n", what, arg, strerror(errno));
	exit(1);
}

static int open_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		die("open", path);
	return fd;
}

static void parse_id(const char *hex, __u8 id[FSCRYPT_KEY_IDENTIFIER_SIZE])
{
	unsigned int i, b;

	if (strlen(hex) != 2 * FSCRYPT_KEY_IDENTIFIER_SIZE) {
		printf("FAIL: key identifier %s: want %d hex digits\n", hex,
		       2 * FSCRYPT_KEY_IDENTIFIER_SIZE);
		exit(1);
	}
	for (i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++) {
		if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
			printf("FAIL: key identifier %s: not hex\n", hex);
			exit(1);
		}
		id[i] = (__u8)b;
	}
}

static int add_key(const char *mnt, const char *keyfile)
{
	struct {
		struct fscrypt_add_key_arg arg;
		__u8 raw[MASTER_KEY_SIZE];
	} a;
	FILE *f = fopen(keyfile, "rb");
	int fd, i;

	if (!f)
		die("open", keyfile);
	memset(&a, 0, sizeof(a));
	if (fread(a.raw, 1, MASTER_KEY_SIZE, f) != MASTER_KEY_SIZE) {
		printf("FAIL: %s: want %d bytes of key\n", keyfile,
		       MASTER_KEY_SIZE);
		return 1;
	}
	fclose(f);
	a.arg.key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	a.arg.raw_size = MASTER_KEY_SIZE;
	fd = open_dir(mnt);
	if (ioctl(fd, FS_IOC_ADD_ENCRYPTION_KEY, &a.arg))
		die("FS_IOC_ADD_ENCRYPTION_KEY on", mnt);
	close(fd);
	memset(a.raw, 0, sizeof(a.raw));
	for (i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++)
		printf("%02x", a.arg.key_spec.u.identifier[i]);
	printf("\n");
	return 0;
}

static int set_policy(const char *dir, const char *hex)
{
	struct fscrypt_policy_v2 p;
	int fd;

	memset(&p, 0, sizeof(p));
	p.version = FSCRYPT_POLICY_V2;
	p.contents_encryption_mode = FSCRYPT_MODE_AES_256_XTS;
	p.filenames_encryption_mode = FSCRYPT_MODE_AES_256_CTS;
	p.flags = FSCRYPT_POLICY_FLAGS_PAD_16;
	parse_id(hex, p.master_key_identifier);
	fd = open_dir(dir);
	if (ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &p))
		die("FS_IOC_SET_ENCRYPTION_POLICY on", dir);
	close(fd);
	return 0;
}

static int remove_key(const char *mnt, const char *hex)
{
	struct fscrypt_remove_key_arg a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	parse_id(hex, a.key_spec.u.identifier);
	fd = open_dir(mnt);
	if (ioctl(fd, FS_IOC_REMOVE_ENCRYPTION_KEY, &a))
		die("FS_IOC_REMOVE_ENCRYPTION_KEY on", mnt);
	close(fd);
	if (a.removal_status_flags) {
		printf("FAIL: key %s not wholly removed (status 0x%x: files still open)\n",
		       hex, a.removal_status_flags);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "add"))
		return add_key(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "set"))
		return set_policy(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "remove"))
		return remove_key(argv[2], argv[3]);
	fprintf(stderr, "usage: fscrypt_ctl add MNT KEYFILE | set DIR ID | remove MNT ID\n");
	return 2;
}
