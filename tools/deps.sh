#!/bin/sh
# Install the Debian 12 packages the project needs: idempotent, quiet when
# everything is already there.  Every make target that needs a package calls it.
#
# deps.sh --only PKG...: just those packages from the machine's own apt
# sources (no backports, no pins), for the targets an administrator runs:
# `make deb` (debhelper, dh-dkms) and `make dkms-install` (dkms); the test
# rig's packages stay with `make check` and `make run`.
#
# Two packages come from backports suites, each pinned so that nothing else is
# installed or upgraded from there:
#   qemu-system-x86 (QEMU 10) from bookworm-backports: QEMU 7.2 computes
#     256-bit VAESENC wrongly and has no SHA-NI under TCG;
#   linux-source-7.3 from trixie-backports: the stock 7.3 assembly the
#     native bench compares against (tools/native/stock), and the source
#     of tools/linux73.sh's FIPS-enabled 7.3 (make check-source-kernel).
# The host has one kernel, Debian 12's 6.1; Debian 13's 6.12 and 7.3 live in
# the Debian 13 root that tools/trixie-root.sh makes (its headers need
# trixie's C library).
# They are installed as "pkg/suite", not with "-t suite": -t overrides the
# general pins below, and apt then also upgrades packages built from the same
# source (linux-source-7.3 would drag linux-libc-dev 7.3 along).
set -eu

PKGS="build-essential kmod cpio xz-utils zstd bc bison flex libelf-dev rsync openssl
linux-headers-amd64 linux-image-amd64
linux-source-6.1 linux-source-6.12
busybox-static kcapi-tools libkcapi-dev cryptsetup-bin dmsetup iproute2 e2fsprogs
hostapd wpasupplicant iw wireless-regdb
libssl-dev libgcrypt20-dev dkms sparse gnuplot-nox
debhelper dh-dkms dpkg-dev lintian debootstrap mmdebstrap"
# package/suite: installed from that backports suite
BPO_PKGS="qemu-system-x86/bookworm-backports linux-source-7.3/trixie-backports"
QEMU_MIN=1:10.0		# the oldest qemu-system-x86 the rig accepts

SOURCES=/etc/apt/sources.list.d/aesni-ctr-backports.sources
PREFS=/etc/apt/preferences.d/aesni-ctr-backports
SOURCES_TEXT="# Added by aesni_ctr tools/deps.sh: QEMU 10 (bookworm-backports) and
# linux-source-7.3 (trixie-backports); pinned in $PREFS.
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports trixie-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
PREFS_TEXT="# aesni_ctr (tools/deps.sh): only the packages named here come from the
# backports suites; nothing else is installed or upgraded from them.
Package: qemu-system-x86 qemu-system-common qemu-system-data seabios
Pin: release n=bookworm-backports
Pin-Priority: 500

Package: linux-source-7.3
Pin: release n=trixie-backports
Pin-Priority: 500

Package: *
Pin: release n=bookworm-backports
Pin-Priority: -1

Package: *
Pin: release n=trixie-backports
Pin-Priority: -1"

if [ "${1:-}" = --only ]; then
	shift
	missing=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && exit 0
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages:$missing (run as root: $0 --only$missing)" >&2
		exit 1
	fi
	echo "deps: installing$missing" >&2
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2 || {
		echo "deps: apt-get install$missing failed (apt-get update first?)" >&2
		exit 1
	}
	exit 0
fi

installed() {	# installed PKG: prints the installed version, fails if none
	dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null |
		awk '/^install ok installed / { print $4; f = 1 } END { exit !f }'
}

missing=""
for p in $PKGS; do
	installed "$p" >/dev/null || missing="$missing $p"
done
bpo_missing=""
for ps in $BPO_PKGS; do
	p=${ps%/*}
	if ! v=$(installed "$p"); then
		bpo_missing="$bpo_missing $ps"
	elif [ "$p" = qemu-system-x86 ] && dpkg --compare-versions "$v" lt "$QEMU_MIN"; then
		bpo_missing="$bpo_missing $ps"
	fi
done
[ -z "$missing$bpo_missing" ] &&
	[ "$(cat "$SOURCES" 2>/dev/null)" = "$SOURCES_TEXT" ] &&
	[ "$(cat "$PREFS" 2>/dev/null)" = "$PREFS_TEXT" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing$bpo_missing (run as root: $0)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
stamp=/var/lib/apt/periodic/aesni-ctr-update-stamp
if [ "$(cat "$SOURCES" 2>/dev/null)" != "$SOURCES_TEXT" ] ||
   [ "$(cat "$PREFS" 2>/dev/null)" != "$PREFS_TEXT" ]; then
	echo "deps: enabling bookworm-backports and trixie-backports (pinned: $PREFS)" >&2
	printf '%s\n' "$SOURCES_TEXT" >"$SOURCES"
	printf '%s\n' "$PREFS_TEXT" >"$PREFS"
	rm -f "$stamp"
fi
[ -z "$missing$bpo_missing" ] && exit 0
echo "deps: installing$missing$bpo_missing" >&2
if [ ! -e "$stamp" ] || [ -n "$(find "$stamp" -mmin +720 2>/dev/null)" ]; then
	apt-get update -qq >&2
	mkdir -p "$(dirname "$stamp")" && touch "$stamp"
fi
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing $bpo_missing >&2
v=$(installed qemu-system-x86) && dpkg --compare-versions "$v" ge "$QEMU_MIN" || {
	echo "deps: qemu-system-x86 ${v:-not installed}, need >= $QEMU_MIN from bookworm-backports" >&2
	exit 1
}
