// SPDX-License-Identifier: GPL-2.0
/*
 * trace_call: the instructions one call of a function executes, for a model
 * of a whole short-message call (tools/native/trace_model.sh) where the
 * loop model (model.sh) only sees steady-state loops.
 *
 *   trace_call ADDR STRIDE COUNT OUT -- PROGRAM [ARG...]
 *
 * Runs PROGRAM (a non-PIE binary: ADDR is its function's address from nm)
 * under ptrace with a breakpoint at ADDR.  Of the calls that reach it, every
 * STRIDE-th is single-stepped from its first instruction until it returns
 * (the stack pointer above the one at entry), each executed instruction's
 * address written as one hex line to OUT.<n> (n = 0, 1, ...; a REP string
 * instruction once, however many elements it moved); after COUNT
 * traces the program is killed (if it ends first, the traces so far stay;
 * none is an error).  The others run at full speed past the
 * breakpoint (one trap each).  OUT.maps receives /proc/PID/maps, for the
 * addresses in shared libraries.  Linux x86-64 only; a tool of the model,
 * not a test.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t child;

static void die(const char *what)
{
	perror(what);
	if (child > 0)
		kill(child, SIGKILL);
	exit(1);
}

/* wait for the child to stop with SIGTRAP; 0 if it exited */
static int wait_trap(void)
{
	int st;

	for (;;) {
		if (waitpid(child, &st, 0) < 0)
			die("waitpid");
		if (WIFEXITED(st) || WIFSIGNALED(st))
			return 0;
		if (WIFSTOPPED(st) && WSTOPSIG(st) == SIGTRAP)
			return 1;
		/* another signal: deliver it */
		if (ptrace(PTRACE_CONT, child, 0, WSTOPSIG(st)) < 0)
			die("PTRACE_CONT");
	}
}

static long peek(unsigned long a)
{
	long w;

	errno = 0;
	w = ptrace(PTRACE_PEEKTEXT, child, (void *)a, 0);
	if (errno)
		die("PTRACE_PEEKTEXT");
	return w;
}

static void poke(unsigned long a, long w)
{
	if (ptrace(PTRACE_POKETEXT, child, (void *)a, (void *)w) < 0)
		die("PTRACE_POKETEXT");
}

static void copy_maps(const char *out)
{
	char path[64], name[4096], buf[4096];
	FILE *in, *o;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)child);
	snprintf(name, sizeof(name), "%s.maps", out);
	in = fopen(path, "r");
	o = fopen(name, "w");
	if (!in || !o)
		die("maps");
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, o);
	fclose(in);
	fclose(o);
}

int main(int argc, char **argv)
{
	unsigned long addr, stride, count, hits = 0, done = 0;
	struct user_regs_struct r;
	long orig, trap;
	const char *out;

	if (argc < 7 || strcmp(argv[5], "--")) {
		fprintf(stderr, "usage: %s ADDR STRIDE COUNT OUT -- PROGRAM [ARG...]\n",
			argv[0]);
		return 2;
	}
	addr = strtoul(argv[1], NULL, 16);
	stride = strtoul(argv[2], NULL, 10);
	count = strtoul(argv[3], NULL, 10);
	out = argv[4];
	if (!addr || !stride || !count) {
		fprintf(stderr, "trace_call: ADDR, STRIDE and COUNT must be non-zero\n");
		return 2;
	}

	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			die("PTRACE_TRACEME");
		execv(argv[6], argv + 6);
		die("execv");
	}
	if (!wait_trap()) {		/* the exec */
		fprintf(stderr, "trace_call: %s did not start\n", argv[6]);
		return 1;
	}
	orig = peek(addr);
	trap = (orig & ~0xffL) | 0xcc;
	poke(addr, trap);

	while (done < count) {
		unsigned long long last = 0;
		unsigned long sp0;
		FILE *f = NULL;

		if (ptrace(PTRACE_CONT, child, 0, 0) < 0)
			die("PTRACE_CONT");
		if (!wait_trap())
			break;
		if (ptrace(PTRACE_GETREGS, child, 0, &r) < 0)
			die("PTRACE_GETREGS");
		if (r.rip != addr + 1) {
			fprintf(stderr, "trace_call: a trap at %llx, not ours\n",
				r.rip);
			kill(child, SIGKILL);
			return 1;
		}
		/* back to the function's first instruction, unpatched */
		r.rip = addr;
		if (ptrace(PTRACE_SETREGS, child, 0, &r) < 0)
			die("PTRACE_SETREGS");
		poke(addr, orig);
		sp0 = r.rsp;
		if (++hits % stride == 0) {
			char name[4096];

			if (!done)
				copy_maps(out);
			snprintf(name, sizeof(name), "%s.%lu", out, done);
			f = fopen(name, "w");
			if (!f)
				die(name);
		}
		/*
		 * step; traced: every instruction, until the return (a REP
		 * string instruction traps once per element: written once)
		 */
		do {
			if (f && r.rip != last)
				fprintf(f, "%llx\n", r.rip);
			last = r.rip;
			if (ptrace(PTRACE_SINGLESTEP, child, 0, 0) < 0)
				die("PTRACE_SINGLESTEP");
			if (!wait_trap())
				goto exited;
			if (ptrace(PTRACE_GETREGS, child, 0, &r) < 0)
				die("PTRACE_GETREGS");
		} while (f && r.rsp <= sp0);
		poke(addr, trap);
		if (f) {
			fclose(f);
			done++;
		}
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
exited:
	/* the program may end first: what was traced is kept */
	printf("trace_call: %lu traces of %lu calls\n", done, hits);
	return done ? 0 : 1;
}
