#!/bin/sh
# /sbin/luksroot-check: init (init=/sbin/luksroot-check) of the LUKS2 root
# file system that tools/vm/luksroot.sh builds; run by Debian's initramfs
# (initramfs-tools + cryptsetup-initramfs) once it has unlocked the root
# volume and mounted it.  It changes nothing: it writes what it finds to
# the second serial port (/dev/ttyS1) for the host to judge, then powers
# off.  This root file system has no /lib/modules and nothing here loads a
# module, so every module loaded was loaded by the initramfs.
#
# Output, one fact per line (tools/vm/luksroot.sh parses it):
#   root-mount <the /proc/mounts line of />
#   root-devno <major:minor of />
#   dm <name> <major:minor> <dm uuid>            each device-mapper device
#   table <name>: <start> <len> <target> <cipher>  dmsetup table, no key
#   crypto <driver> <module> <priority> <refcnt> <selftest> <internal>
#                                                each xts(aes) of /proc/crypto
#   module <name> <refcount> <used by>           aesni_ctr, aesni_intel, dm_crypt
#   token <the content of /luksroot-token>
#   modules-dir present|absent
#   then the kernel log between ===DMESG BEGIN=== and ===DMESG END===
PATH=/sbin:/bin:/usr/sbin:/usr/bin
export PATH
# the initramfs moved /proc, /sys, /dev and /run here; mount what is not
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
out=/dev/ttyS1
[ -c $out ] || out=/dev/console

{
	echo "===LUKSROOT BEGIN==="
	echo "root-mount $(awk '$2 == "/" { l = $0 } END { print l }' /proc/mounts)"
	echo "root-devno $(awk '$5 == "/" { d = $3 } END { print d }' /proc/self/mountinfo)"
	for b in /sys/block/dm-*; do
		[ -e "$b/dm/name" ] || continue
		echo "dm $(cat "$b/dm/name") $(cat "$b/dev") $(cat "$b/dm/uuid")"
	done
	# the target's fields up to the cipher: never the key
	dmsetup table 2>&1 | awk '{ print "table " $1, $2, $3, $4, $5 }'
	awk '
	function flush() {
		if (n == "xts(aes)")
			print "crypto", d, m, p, r, s, (i == "" ? "-" : i)
		n = d = m = p = r = s = i = ""
	}
	/^name /     { n = $3 } /^driver /   { d = $3 } /^module /   { m = $3 }
	/^priority / { p = $3 } /^refcnt /   { r = $3 } /^selftest / { s = $3 }
	/^internal / { i = $3 }
	/^$/ { flush() } END { flush() }' /proc/crypto
	awk '$1 == "aesni_ctr" || $1 == "aesni_intel" || $1 == "dm_crypt" { print "module", $1, $3, $4 }' /proc/modules
	echo "token $(cat /luksroot-token 2>&1)"
	if [ -d /lib/modules ]; then echo "modules-dir present"; else echo "modules-dir absent"; fi
	echo "===DMESG BEGIN==="
	dmesg
	echo "===DMESG END==="
	echo "===LUKSROOT END==="
} >$out 2>&1
sync
poweroff -f
# (if that failed: panic=-1 on the command line ends the boot)
exit 1
