#!/bin/sh
# /init of the setup guest of tools/vm/luksroot.sh (busybox ash): makes the
# test's LUKS2 root volume, since the host may not open it (no host
# device-mapper or loop devices).  Disks: /dev/vda the volume to format,
# /dev/vdb the ext4 image of the root file system (mke2fs -d on the host).
# /setup.conf gives UUID (the LUKS2 UUID that the chroot's crypttab names)
# and the key file is /root.key.  luksFormat (aes-xts-plain64, PBKDF2 with
# 1000 iterations so that the TCG guests unlock it quickly), open, copy the
# ext4 image in, close; "SETUP: ok" or "SETUP: failed ..." on /dev/ttyS1.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /run/cryptsetup /tmp
export DM_DISABLE_UDEV=1
# shellcheck disable=SC1091
. /setup.conf
res=/dev/ttyS1
say() { echo "SETUP: $*" >$res; echo "SETUP: $*" >/dev/console; }
die() { say "failed: $*"; sync; poweroff -f; }

read -r mods </modules
for m in $mods; do
	modprobe "$m" 2>/dev/console || say "note: modprobe $m failed"
done
n=0
while [ ! -b /dev/vda ] || [ ! -b /dev/vdb ]; do
	n=$((n + 1))
	[ $n -le 100 ] || die "no /dev/vda and /dev/vdb after 10 s"
	sleep 0.1
done
cryptsetup luksFormat --batch-mode --type luks2 --uuid "$UUID" \
	--cipher aes-xts-plain64 --key-size 512 \
	--pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
	--key-file /root.key /dev/vda >/dev/console 2>&1 || die "cryptsetup luksFormat"
cryptsetup open --key-file /root.key /dev/vda setup_crypt >/dev/console 2>&1 || die "cryptsetup open"
dd if=/dev/vdb of=/dev/mapper/setup_crypt bs=1M conv=fsync 2>/dev/console || die "dd of the ext4 image"
cryptsetup close setup_crypt >/dev/console 2>&1 || die "cryptsetup close"
sync
say "ok $(cryptsetup luksUUID /dev/vda) $(cryptsetup luksDump /dev/vda | awk '/^Version:/ { v = $2 } /cipher:/ && !c { c = $2 } END { print "LUKS" v, c }')"
poweroff -f
