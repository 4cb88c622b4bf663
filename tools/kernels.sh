#!/bin/sh
# kernels.sh - the one way the project finds the kernels it builds and tests on.
#
#   tools/kernels.sh list       one line per kernel, newest first:
#                                 <kver> <kdir> <vmlinuz> <modroot>
#                               kdir     the directory for `make -C <kdir> M=...`
#                               vmlinuz  the image to boot
#                               modroot  the directory holding lib/modules/<kver>
#                                        ("/" for Debian's installed kernels)
#   tools/kernels.sh versions   the kvers only, newest first, on one line
#   tools/kernels.sh kdir|vmlinuz|modroot <kver>
#                               one field of one kernel (exit 1 if not listed)
#
# Listed: every Debian kernel with both its headers (/lib/modules/<kver>/build)
# and its image (/boot/vmlinuz-<kver>) installed: Debian 12's 6.1 and 6.12
# (tools/deps.sh installs them); and the 7.3 kernel that tools/linux73.sh
# builds into its cache, once that build is complete.  Listing never builds
# anything: run tools/linux73.sh first for 7.3.
set -eu

here=$(cd "$(dirname "$0")" && pwd)

list() {
	{
		for d in /lib/modules/*/; do
			k=$(basename "$d")
			[ -d "/lib/modules/$k/build" ] && [ -f "/boot/vmlinuz-$k" ] &&
				[ -d "/lib/modules/$k/kernel" ] || continue
			echo "$k /lib/modules/$k/build /boot/vmlinuz-$k /"
		done
		if k=$("$here/linux73.sh" kver 2>/dev/null); then
			c=$("$here/linux73.sh" dir)
			echo "$k $c/src $c/bzImage $c/modules"
		fi
	} | sort -rV -k1,1
}

cmd=${1:-list}
case "$cmd" in
list) list ;;
versions) list | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' ;;
kdir|vmlinuz|modroot)
	k=${2:?usage: $0 $cmd <kver>}
	list | awk -v k="$k" -v f="$cmd" '
		$1 == k { print (f == "kdir" ? $2 : f == "vmlinuz" ? $3 : $4); found = 1; exit }
		END { exit !found }' || { echo "kernels.sh: no kernel $k (tools/kernels.sh list)" >&2; exit 1; }
	;;
*) echo "usage: $0 [list|versions|kdir <kver>|vmlinuz <kver>|modroot <kver>]" >&2; exit 2 ;;
esac
