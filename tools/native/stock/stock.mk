# SPDX-License-Identifier: GPL-2.0
#
# Included by ../Makefile: the stock kernels' x86 AES and SHA-NI code as
# rows of the bench (see stock.h).  `make bench` first runs extract.sh, which takes the
# .S files out of /usr/src/linux-source-<kver>.tar.xz into
# build/stock/<kver>/src (once per tarball) and lists the kernels it made
# ready in build/stock/kvers; then it makes the bench again, so that this
# file is read with that list.  Per kernel: every .S is assembled with the
# userspace shim in shim/, the objects are linked into one
# build/stock/<kver>/asm.o whose symbols all get the prefix linux<digits>_
# (linux61_, linux612_, linux73_), and linux-<kver>.c (the glue) calls them
# by those names.
#   STOCK=0     no stock rows (nothing extracted)
#   MODES=LIST  only these modes or families (bench.c: --modes=)
#   PLOT=1      also build/bench/bench.csv and a gnuplot figure per family,
#               bench-<family>.png and .svg (ctr, gcm, xts, authenc-sha1,
#               ...: GB/s against message size per implementation, a panel
#               per mode and key size; plot.sh), in the top-level build/bench/

STOCK_KVERS	:= 6.1 6.12 7.3
SB		:= $(B)/stock
SD		:= $(HERE)/stock
STOCK_OFF	:= $(filter 0 n no,$(STOCK))
PLOT_MODE	:= $(filter 1 y yes,$(PLOT))
BENCH_OUT	:= $(TOP)/build/bench
STOCK_READY	:= $(if $(STOCK_OFF),,$(shell cat $(SB)/kvers 2>/dev/null))
STOCK_OBJS	:= $(B)/stock_cpu.o $(B)/stock_authenc.o \
		   $(foreach k,$(STOCK_READY),$(SB)/$(k)/asm.o $(SB)/$(k)/glue.o)
STOCK_SHIM	:= $(wildcard $(SD)/shim/*/*.h)
# What the kernel's Kconfig says of this assembler (6.12 builds its VAES XTS
# code only under these).
STOCK_ASFLAGS	:= -DCONFIG_AS_VAES=1 -DCONFIG_AS_VPCLMULQDQ=1
BENCH_ARGS	:= $(if $(CSV_MODE),--csv) \
		   $(if $(STOCK_OFF),--no-stock,--stock-dir=$(SB)) \
		   $(if $(PLOT_MODE),--csv-out=$(BENCH_OUT)/bench.csv) \
		   $(if $(MODES),--modes=$(MODES)) \
		   $(if $(SIZES),--sizes=$(SIZES)) \
		   $(if $(filter 1 y yes,$(CHAIN)),--chain)

.PHONY: stock-extract
stock-extract:
	@$(if $(STOCK_OFF),:,sh $(SD)/extract.sh $(SB) $(STOCK_KVERS))

$(B)/stock_cpu.o: $(SD)/stock_cpu.c $(SD)/stock.h | deps $(B)/.dir
	$(NATIVE_CC) $(CFLAGS_ALL) -c -o $@ $<

$(B)/stock_authenc.o: $(SD)/stock_authenc.c $(SD)/stock.h | deps $(B)/.dir
	$(NATIVE_CC) $(CFLAGS_ALL) -c -o $@ $<

$(SB)/%/asm.o: $(SB)/%/stamp $(STOCK_SHIM)
	@rm -rf $(SB)/$*/obj && mkdir -p $(SB)/$*/obj
	@for s in $(SB)/$*/src/*.S; do \
		$(NATIVE_CC) -I$(SD)/shim -Wa,--noexecstack $(STOCK_ASFLAGS) -c \
			-o $(SB)/$*/obj/$$(basename $$s .S).o $$s || exit 1; \
	done
	ld -r -o $@.tmp $(SB)/$*/obj/*.o
	objcopy --prefix-symbols=linux$(subst .,,$*)_ $@.tmp $@
	@rm -f $@.tmp

$(SB)/%/glue.o: $(SD)/linux-%.c $(SD)/stock.h | deps $(B)/.dir
	$(NATIVE_CC) $(CFLAGS_ALL) -c -o $@ $<

# The plot of build/bench/bench.csv.
.PHONY: bench-plot
bench-plot:
	@sh $(SD)/plot.sh $(BENCH_OUT)/bench.csv $(BENCH_OUT)

