# SPDX-License-Identifier: GPL-2.0
# aesni_ctr: a thin wrapper over Kbuild plus the project's test targets.
#
#   make                 build aesni_ctr.ko for KDIR (default: the running
#                        kernel's headers, else the newest kernel that
#                        tools/kernels.sh finds)
#   make kernels         the test kernels: Debian 12's 6.1 on the host, Debian
#                        13's 6.12 and 7.3 in a trixie root (tools/kernels.sh)
#   make modules-all     build build/<kver>/aesni_ctr.ko for every kernel
#   make check           every test (native, kernel builds, QEMU guests);
#                        REQUIRE="ctr:vaes512 gcm:avx@vm ..." fails unless
#                        each named implementation was tested (docs/testing.md)
#   make bench           speed, natively (CSV=1 for CSV only, PLOT=1 for a
#                        figure per family in build/bench/, MODES=, SIZES=,
#                        CHAIN=1 for latency: see tools/native/Makefile), and
#                        VM=1 for tcrypt in the guests (emulated: function
#                        only, never speed; the one place such figures appear)
#   make run             set up, build, show the module at work: function in a
#                        QEMU guest (nothing timed there), speed natively
#                        against the stock kernels' code
#   make run-check       make run, its output checked (PASS:/FAIL: lines)
#   make check-source-kernel
#                        a 7.3 built from linux-source-7.3 with FIPS mode
#                        (Debian's has none) and every guest scenario on it
#   make install / dkms-install / dkms-remove / clean
#   make deb             build/deb/aesni-ctr-dkms_<VERSION>_all.deb (debian/,
#                        dh-dkms; installs debhelper and dh-dkms if missing,
#                        nothing else); make deb-check installs, checks and
#                        purges it
#
# Kernels are found by tools/kernels.sh alone, when a recipe runs (after
# tools/deps.sh and the kernel build it may start), never when make parses
# this file.

PWD_DIR  := $(CURDIR)
DEPS     := $(PWD_DIR)/tools/deps.sh
KERNELS  := $(PWD_DIR)/tools/kernels.sh

include $(PWD_DIR)/sources.mk
# Each object's .c or .S, then everything else a build reads.
SOURCES  := Kbuild sources.mk VERSION $(AESNICTR_HEADERS) \
	    $(foreach o,$(AESNICTR_OBJS),$(firstword $(wildcard $(o:.o=.c) $(o:.o=.S))))
DKMS_VER := $(shell cat VERSION)

# For `make`/`make install` without KDIR: the running kernel's headers, else
# the newest kernel found (evaluated only by those targets).
KVER     ?= $(shell if [ -d /lib/modules/$$(uname -r)/build ]; then uname -r; else $(KERNELS) versions | cut -d' ' -f1; fi)
KDIR     ?= $(shell $(KERNELS) kdir $(KVER))

.PHONY: all module kernels check-source-kernel modules-all kbuild-check dkms-check native-test vm-test check bench run run-check \
	install dkms-install dkms-remove deb deb-check deps clean print-sources

all: module

module:
	$(MAKE) -C $(KDIR) M=$(PWD_DIR) modules

deps:
	@$(DEPS)

print-sources:
	@echo $(SOURCES)

# One build directory per kernel, holding links to the sources.
build/%/aesni_ctr.ko: $(SOURCES)
	@mkdir -p build/$*
	@for f in $(SOURCES); do ln -sf ../../$$f build/$*/$$f; done
	$(KERNELS) run $* $(MAKE) -C "$$($(KERNELS) kdir $*)" M=$(PWD_DIR)/build/$* W=$(W) modules

# the packages, and the Debian 13 root holding trixie's 6.12 and
# trixie-backports' 7.3 (tools/trixie-root.sh: made once, cached)
kernels: deps
	@tools/trixie-root.sh >/dev/null

# the FIPS-enabled 7.3 built from linux-source-7.3 (Debian's 7.3 has no
# CONFIG_CRYPTO_FIPS): its module and every guest scenario; not in make check
check-source-kernel: deps
	@tools/linux73.sh
	@k=$$(tools/linux73.sh kver) && export AESNI_CTR_SOURCE_KERNEL=1 && \
		$(MAKE) --no-print-directory build/$$k/aesni_ctr.ko W=1 && tools/vm/run.sh $$k all

modules-all: kernels
	@for k in $$($(KERNELS) versions); do \
		$(MAKE) --no-print-directory build/$$k/aesni_ctr.ko W=1 || exit 1; done

# W=1 builds against every kernel, failing on any compiler, objtool or
# sparse warning; checkpatch; the avx-only build.
kbuild-check: kernels
	@tools/kbuild-check.sh $$($(KERNELS) versions)

native-test: deps
	@$(MAKE) --no-print-directory -C tools/native test

vm-test: modules-all
	@for k in $$($(KERNELS) versions); do tools/vm/run.sh $$k all || exit 1; done

dkms-check: kernels
	@tools/dkms-check.sh $$($(KERNELS) versions)

# an administrator's targets: only the packaging tools, never the test rig
deb:
	@tools/deps.sh --only debhelper dh-dkms dpkg-dev
	@tools/deb.sh

deb-check: kernels
	@tools/deb-check.sh

check: deps
	@tools/check.sh

bench: deps
	@$(MAKE) --no-print-directory -s -C tools/native bench CSV=$(CSV) PLOT=$(PLOT)
ifeq ($(VM),1)
	@$(MAKE) --no-print-directory modules-all >/dev/null
	@for k in $$($(KERNELS) versions); do tools/vm/tcrypt-bench.sh $$k; done
endif

# make run, checked (tools/run-check.sh; also a step of make check)
run-check:
	@tools/run-check.sh

# tools/run-demo.sh installs the packages and builds the module itself,
# its output in build/run-*.log
run:
	@tools/run-demo.sh

install: module
	$(MAKE) -C $(KDIR) M=$(PWD_DIR) modules_install
	depmod -a $(KVER)

dkms-install:
	@tools/deps.sh --only dkms
	rm -rf /usr/src/aesni_ctr-$(DKMS_VER)
	mkdir -p /usr/src/aesni_ctr-$(DKMS_VER)
	cp $(SOURCES) dkms.conf /usr/src/aesni_ctr-$(DKMS_VER)/
	dkms add -m aesni_ctr -v $(DKMS_VER)
	dkms install -m aesni_ctr -v $(DKMS_VER) $(if $(DKMS_KVER),-k $(DKMS_KVER))

dkms-remove:
	-dkms remove -m aesni_ctr -v $(DKMS_VER) --all
	rm -rf /usr/src/aesni_ctr-$(DKMS_VER)

clean:
	-[ -n "$(KDIR)" ] && [ -d "$(KDIR)" ] && $(MAKE) -C $(KDIR) M=$(PWD_DIR) clean
	rm -rf build
	$(MAKE) -C tools/native clean
