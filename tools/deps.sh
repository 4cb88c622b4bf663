#!/bin/sh
# Install the Debian 12 packages the project needs: idempotent, quiet when
# everything is already there.  Every make target that needs a package calls it.
set -eu

PKGS="build-essential kmod cpio xz-utils zstd
linux-headers-amd64 linux-image-amd64
linux-headers-6.12-amd64 linux-image-6.12-amd64
qemu-system-x86 busybox-static kcapi-tools libkcapi-dev cryptsetup-bin dmsetup iproute2
libssl-dev libgcrypt20-dev dkms sparse"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing (run as root: $0)" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
stamp=/var/lib/apt/periodic/aesni-ctr-update-stamp
if [ ! -e "$stamp" ] || [ -n "$(find "$stamp" -mmin +720 2>/dev/null)" ]; then
	apt-get update -qq >&2
	mkdir -p "$(dirname "$stamp")" && touch "$stamp"
fi
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2
