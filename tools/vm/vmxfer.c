// SPDX-License-Identifier: GPL-2.0
/*
 * vmxfer - move patterned data over one TCP connection, in both directions,
 * and check every byte on arrival (the IPsec test of the QEMU guest).
 *
 *   vmxfer server ADDR PORT BYTES SEED   accept one connection, receive BYTES
 *                                        (pattern SEED), then send BYTES
 *                                        (pattern SEED+1)
 *   vmxfer client ADDR PORT BYTES SEED   connect (retrying up to 20 s), send
 *                                        BYTES (pattern SEED), then receive
 *                                        BYTES (pattern SEED+1)
 *
 * The pattern depends on the seed and on the byte's position, so lost,
 * repeated, reordered or altered data is noticed.  Prints one line,
 * "OK: ..." or "FAIL: ...", and exits 0 only on success.  Gives up after
 * 240 s.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static uint8_t pattern(uint64_t seed, uint64_t pos)
{
	uint64_t x = (seed * 0x9e3779b97f4a7c15ULL) ^ (pos >> 3);

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 29;
	return (uint8_t)(x >> (8 * (pos & 7)));
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int send_all(int fd, uint64_t n, uint64_t seed)
{
	uint8_t buf[16384];
	uint64_t done = 0;

	while (done < n) {
		size_t k = n - done < sizeof(buf) ? n - done : sizeof(buf), i;
		ssize_t w;

		for (i = 0; i < k; i++)
			buf[i] = pattern(seed, done + i);
		for (i = 0; i < k; i += w) {
			w = write(fd, buf + i, k - i);
			if (w <= 0) {
				printf("FAIL: send: %s after %llu of %llu bytes\n",
				       w ? strerror(errno) : "connection closed",
				       (unsigned long long)(done + i),
				       (unsigned long long)n);
				return -1;
			}
		}
		done += k;
	}
	return 0;
}

static int recv_all(int fd, uint64_t n, uint64_t seed)
{
	uint8_t buf[16384];
	uint64_t done = 0;

	while (done < n) {
		size_t k = n - done < sizeof(buf) ? n - done : sizeof(buf), i;
		ssize_t r = read(fd, buf, k);

		if (r <= 0) {
			printf("FAIL: receive: %s after %llu of %llu bytes\n",
			       r ? strerror(errno) : "connection closed",
			       (unsigned long long)done, (unsigned long long)n);
			return -1;
		}
		for (i = 0; i < (size_t)r; i++) {
			if (buf[i] != pattern(seed, done + i)) {
				printf("FAIL: receive: byte %llu is 0x%02x, want 0x%02x\n",
				       (unsigned long long)(done + i), buf[i],
				       pattern(seed, done + i));
				return -1;
			}
		}
		done += r;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_in sa;
	uint64_t n, seed;
	int server, fd, one = 1;
	double t0, t1, t2;

	if (argc != 6 || (strcmp(argv[1], "server") && strcmp(argv[1], "client"))) {
		fprintf(stderr, "usage: vmxfer server|client ADDR PORT BYTES SEED\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(240);
	server = !strcmp(argv[1], "server");
	n = strtoull(argv[4], NULL, 0);
	seed = strtoull(argv[5], NULL, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)atoi(argv[3]));
	if (inet_pton(AF_INET, argv[2], &sa.sin_addr) != 1) {
		printf("FAIL: bad address %s\n", argv[2]);
		return 1;
	}
	if (server) {
		int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

		setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (ls < 0 || bind(ls, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
		    listen(ls, 1) < 0) {
			printf("FAIL: listen on %s:%s: %s\n", argv[2], argv[3],
			       strerror(errno));
			return 1;
		}
		printf("LISTENING\n");
		fd = accept(ls, NULL, NULL);
		if (fd < 0) {
			printf("FAIL: accept: %s\n", strerror(errno));
			return 1;
		}
		close(ls);
	} else {
		double until = now() + 20;

		for (;;) {
			fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
			if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0)
				break;
			if (now() > until) {
				printf("FAIL: connect to %s:%s: %s\n", argv[2],
				       argv[3], strerror(errno));
				return 1;
			}
			if (fd >= 0)
				close(fd);
			usleep(100000);
		}
	}
	t0 = now();
	if (server ? recv_all(fd, n, seed) : send_all(fd, n, seed))
		return 1;
	t1 = now();
	if (server ? send_all(fd, n, seed + 1) : recv_all(fd, n, seed + 1))
		return 1;
	t2 = now();
	if (!server) {
		/* wait for the server to close: all our data was taken */
		char c;

		shutdown(fd, SHUT_WR);
		if (read(fd, &c, 1) != 0) {
			printf("FAIL: unexpected data after %llu bytes\n",
			       (unsigned long long)n);
			return 1;
		}
	}
	close(fd);
	printf("OK: %s %llu bytes %s in %.2f s, %llu bytes %s in %.2f s, every byte as sent\n",
	       argv[1], (unsigned long long)n, server ? "received" : "sent",
	       t1 - t0, (unsigned long long)n, server ? "sent" : "received",
	       t2 - t1);
	return 0;
}
