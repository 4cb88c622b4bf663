#!/bin/sh
# /init of the QEMU test guest (busybox ash): mounts what the tests need,
# loads the shared library (/vmtest/lib.sh and what it sources) and runs the
# one scenario the kernel command line names (vmtest.scenario=<name>: the
# script /vmtest/scenarios/<name>.sh, which defines scenario_run), then
# dumps the kernel log and powers off.  The library documents the other
# vmtest.* parameters and the output (KTAP-style, on the second serial port).

PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
. /etc/vmtest.conf
. /vmtest/lib.sh

read_cmdline
# without a module under test (VM_MODULE=stock) main is the rig's self-test
[ "$SCEN" = main ] && [ -z "$OURS_KO" ] && SCEN=stock
ktap_begin
calibrate_off_by_default
if [ -f "/vmtest/scenarios/$SCEN.sh" ]; then
	. "/vmtest/scenarios/$SCEN.sh"
	scenario_run
else
	fail "unknown scenario $SCEN (known: $(cd /vmtest/scenarios && ls | sed 's/\.sh$//' | tr '\n' ' '))"
fi
finish
