// SPDX-License-Identifier: GPL-2.0
/*
 * vminsmod FILE [PARAM...] - load a module with ONE finit_module() call.
 *
 * busybox insmod falls back to init_module() after any finit_module()
 * failure, so a module whose init fails would run (and log) twice, and
 * tcrypt, which always fails with EAGAIN, would run its tests twice.
 * Messages match busybox's: "can't insert 'FILE': <strerror>".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char params[4096] = "";
	size_t used = 0;
	int fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: vminsmod FILE [PARAM...]\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		int n = snprintf(params + used, sizeof(params) - used, "%s%s",
				 used ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(params) - used) {
			fprintf(stderr, "vminsmod: parameters too long\n");
			return 2;
		}
		used += n;
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "vminsmod: can't open '%s': %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	if (syscall(SYS_finit_module, fd, params, 0) != 0) {
		fprintf(stderr, "vminsmod: can't insert '%s': %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	return 0;
}
