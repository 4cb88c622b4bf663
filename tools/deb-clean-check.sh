#!/bin/sh
# `make deb` on an administrator's machine, a step of `make check`: a Debian
# 12 root (debootstrap --variant=minbase, build-essential) in
# build/deb-clean/root stands for a server with nothing of the project's
# installed.  In it, from a copy of the source tree:
#   1. `make deb` installs debhelper, dh-dkms and dpkg-dev with what they
#      depend on and nothing else (every package it added is in apt's
#      closure of those three; no apt source, pin or kernel added), and
#      builds the .deb;
#   2. a second `make deb` installs nothing;
#   3. `apt-get install --simulate ./<the .deb>` would add dkms and what it
#      needs, never a linux-image package (a 6.1 server's kernel stays).
# PASS:/FAIL: lines.  Needs root, debootstrap and a Debian mirror; never
# touches the host's packages.  The root is kept between runs (remade when
# older than a day or DEB_CLEAN_FRESH=1).
set -u
cd "$(dirname "$0")/.." || exit 1
top=$PWD/build/deb-clean
rootfs=$top/root
mirror=${DEB_CLEAN_MIRROR:-http://deb.debian.org/debian}
status=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; status=1; }
in_root() { chroot "$rootfs" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
	DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }
# shellcheck disable=SC2016	# dpkg-query's own ${...} format
pkgs() { in_root dpkg-query -W -f='${db:Status-Status} ${Package}\n' | awk '$1 == "installed" { print $2 }' | sort; }

[ "$(id -u)" = 0 ] || { fail "deb-clean-check makes a chroot: run it as root"; exit 1; }
command -v debootstrap >/dev/null || { fail "debootstrap missing (tools/deps.sh installs it)"; exit 1; }

# shellcheck disable=SC2317	# called by the trap
cleanup() {
	for m in proc dev/pts dev; do
		mountpoint -q "$rootfs/$m" && umount -l "$rootfs/$m"
	done
}
trap cleanup EXIT INT TERM

if [ "${DEB_CLEAN_FRESH:-0}" = 1 ] || [ ! -f "$top/stamp" ] ||
   [ -n "$(find "$top/stamp" -mmin +1440 2>/dev/null)" ]; then
	rm -rf "$top"
	mkdir -p "$top"
	t0=$(date +%s)
	if ! debootstrap --variant=minbase --include=build-essential bookworm "$rootfs" "$mirror" \
		>"$top/debootstrap.log" 2>&1; then
		fail "debootstrap bookworm (log: $top/debootstrap.log)"
		tail -5 "$top/debootstrap.log"
		exit 1
	fi
	echo "deb http://deb.debian.org/debian bookworm main" >"$rootfs/etc/apt/sources.list"
	cp /etc/resolv.conf "$rootfs/etc/resolv.conf" 2>/dev/null
	in_root apt-get update -qq >"$top/apt-update.log" 2>&1 ||
		{ fail "apt-get update in the root (log: $top/apt-update.log)"; exit 1; }
	touch "$top/stamp"
	echo "INFO: a bookworm minbase root with build-essential in $(($(date +%s) - t0)) s"
fi
mount -t proc proc "$rootfs/proc"
mount --bind /dev "$rootfs/dev"
mount --bind /dev/pts "$rootfs/dev/pts"

# the packaging tools taken out again (a kept root may have them)
in_root apt-get purge -y -qq --autoremove debhelper dh-dkms dkms >/dev/null 2>&1
pkgs | grep -qx debhelper &&
	{ fail "could not remove debhelper from the kept root (DEB_CLEAN_FRESH=1 remakes it)"; exit 1; }
pkgs >"$top/before"
find "$rootfs/etc/apt" -type f | sort | xargs md5sum >"$top/apt-before"
# what apt would install for the three, and so may
in_root apt-get install -s -qq debhelper dh-dkms dpkg-dev 2>/dev/null |
	awk '$1 == "Inst" { print $2 }' | sort >"$top/allowed"

rm -rf "$rootfs/src"
mkdir -p "$rootfs/src"
git ls-files -z | xargs -0 cp --parents -t "$rootfs/src"

# 1. make deb from nothing
if in_root make -s --no-print-directory -C /src deb >"$top/make-deb.log" 2>&1; then
	deb=$(tail -1 "$top/make-deb.log")
	if [ -f "$rootfs/src/$deb" ]; then
		pass "make deb on a minbase + build-essential root: /src/$deb"
	else
		fail "make deb printed '$deb', no such file"
	fi
else
	fail "make deb in the clean root (log: $top/make-deb.log)"; tail -15 "$top/make-deb.log"
	exit 1
fi
pkgs >"$top/after"
comm -13 "$top/before" "$top/after" >"$top/added"
extra=$(comm -23 "$top/added" "$top/allowed" | tr '\n' ' ')
if [ -z "$extra" ] && grep -qx debhelper "$top/added" && grep -qx dh-dkms "$top/added"; then
	pass "make deb installed $(wc -l <"$top/added") packages: debhelper, dh-dkms and their dependencies only"
else
	fail "make deb installed packages beyond debhelper, dh-dkms, dpkg-dev and their dependencies: ${extra:-(debhelper or dh-dkms missing)}"
fi
k=$(grep -E '^(linux-image|linux-headers|qemu|hostapd|wpasupplicant)' "$top/added" | tr '\n' ' ')
if [ -z "$k" ]; then
	pass "no kernel, headers, QEMU or WiFi daemon installed"
else
	fail "make deb installed $k"
fi
find "$rootfs/etc/apt" -type f | sort | xargs md5sum >"$top/apt-after"
if cmp -s "$top/apt-before" "$top/apt-after"; then
	pass "make deb added no apt source or pin (/etc/apt unchanged)"
else
	fail "make deb changed /etc/apt: $(diff "$top/apt-before" "$top/apt-after" | grep '^[<>]' | tr '\n' ' ')"
fi

# 2. again: nothing to install
pkgs >"$top/before2"
if in_root make -s --no-print-directory -C /src deb >"$top/make-deb2.log" 2>&1 && pkgs | cmp -s - "$top/before2" &&
   ! grep -q 'deps: installing' "$top/make-deb2.log"; then
	pass "a second make deb installed nothing"
else
	fail "the second make deb failed or installed packages (log: $top/make-deb2.log)"
fi

# 3. what installing the package would pull in
in_root apt-get install -s "/src/$deb" >"$top/install-sim.log" 2>&1
inst=$(awk '$1 == "Inst" { print $2 }' "$top/install-sim.log" | sort | tr '\n' ' ')
if ! grep -q '^Inst dkms ' "$top/install-sim.log"; then
	fail "apt-get install -s ./$(basename "$deb") would not install dkms (log: $top/install-sim.log)"
elif echo "$inst" | grep -q 'linux-image'; then
	fail "installing the package would install a kernel: $inst"
else
	pass "apt-get install ./$(basename "$deb") would add $(echo "$inst" | wc -w) packages, no linux-image: $inst"
fi
exit $status
