# SPDX-License-Identifier: GPL-2.0
# aesni_ctr: a thin wrapper over Kbuild plus the project's test targets.
#
#   make                 build aesni_ctr.ko for KDIR (default: the running
#                        kernel's headers, else the newest Debian headers)
#   make modules-all     build build/<kver>/aesni_ctr.ko for every installed kernel
#   make check           every test (native, kernel builds, QEMU guests)
#   make bench           speed, natively (CSV=1 for CSV only), and VM=1 for tcrypt
#   make run             set up, build, boot a guest and show the module at work
#   make install / dkms-install / dkms-remove / clean

PWD_DIR  := $(CURDIR)
DEPS     := $(PWD_DIR)/tools/deps.sh
# Kernels with headers installed, newest first.
KVERS    := $(shell ls -d /lib/modules/*/build 2>/dev/null | cut -d/ -f4 | sort -rV)
KVER     ?= $(shell if [ -d /lib/modules/$$(uname -r)/build ]; then uname -r; else echo $(firstword $(KVERS)); fi)
KDIR     ?= /lib/modules/$(KVER)/build
SOURCES  := Kbuild VERSION compat.h aesni_ctr.h aesni_ctr_glue.h aesni_ctr_glue.c \
	    gcm_glue.c selftest.c testmgr_vectors.h aes_ctr_common.h aesni_ctr_asm.S ghash_clmul.S
DKMS_VER := $(shell cat VERSION)

.PHONY: all module modules-all kbuild-check dkms-check native-test vm-test check bench run \
	install dkms-install dkms-remove deps clean

all: module

module:
	$(MAKE) -C $(KDIR) M=$(PWD_DIR) modules

deps:
	@$(DEPS)

# One build directory per kernel, holding links to the sources.
build/%/aesni_ctr.ko: $(SOURCES)
	@mkdir -p build/$*
	@for f in $(SOURCES); do ln -sf ../../$$f build/$*/$$f; done
	$(MAKE) -C /lib/modules/$*/build M=$(PWD_DIR)/build/$* W=$(W) modules

modules-all: deps
	@for k in $(KVERS); do $(MAKE) --no-print-directory build/$$k/aesni_ctr.ko W=1 || exit 1; done

# W=1 builds against every kernel, failing on any compiler, objtool or
# sparse warning.
kbuild-check: deps
	@tools/kbuild-check.sh $(KVERS)

native-test: deps
	@$(MAKE) --no-print-directory -C tools/native test

vm-test: modules-all
	@for k in $(KVERS); do tools/vm/run.sh $$k all || exit 1; done

dkms-check: deps
	@tools/dkms-check.sh $(KVERS)

check: deps
	@tools/check.sh $(KVERS)

bench: deps
	@$(MAKE) --no-print-directory -s -C tools/native bench CSV=$(CSV)
ifeq ($(VM),1)
	@$(MAKE) --no-print-directory modules-all >/dev/null
	@for k in $(KVERS); do tools/vm/tcrypt-bench.sh $$k; done
endif

run: modules-all
	@tools/run-demo.sh $(firstword $(KVERS))

install: module
	$(MAKE) -C $(KDIR) M=$(PWD_DIR) modules_install
	depmod -a $(KVER)

dkms-install: deps
	rm -rf /usr/src/aesni_ctr-$(DKMS_VER)
	mkdir -p /usr/src/aesni_ctr-$(DKMS_VER)
	cp $(SOURCES) dkms.conf /usr/src/aesni_ctr-$(DKMS_VER)/
	dkms add -m aesni_ctr -v $(DKMS_VER)
	dkms install -m aesni_ctr -v $(DKMS_VER) $(if $(DKMS_KVER),-k $(DKMS_KVER))

dkms-remove:
	-dkms remove -m aesni_ctr -v $(DKMS_VER) --all
	rm -rf /usr/src/aesni_ctr-$(DKMS_VER)

clean:
	-[ -d $(KDIR) ] && $(MAKE) -C $(KDIR) M=$(PWD_DIR) clean
	rm -rf build
	$(MAKE) -C tools/native clean
