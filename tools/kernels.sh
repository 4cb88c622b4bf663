#!/bin/sh
# kernels.sh - the one way the project finds the kernels it builds and tests on.
#
#   tools/kernels.sh list       one line per kernel, newest first:
#                                 <kver> <kdir> <vmlinuz> <modroot>
#                               kdir     the directory for `make -C <kdir> M=...`
#                                        (run the make with `run <kver>`)
#                               vmlinuz  the image to boot
#                               modroot  the directory holding lib/modules/<kver>
#                                        ("/" for the host's installed kernels)
#   tools/kernels.sh versions   the kvers only, newest first, on one line
#   tools/kernels.sh kdir|vmlinuz|modroot|where <kver>
#                               one field of one kernel (exit 1 if not listed);
#                               where: "host", "trixie-root" or "source"
#   tools/kernels.sh origin <kver>
#                               where it comes from, for summaries, e.g.
#                               "Debian 13 trixie-backports
#                               linux-image-7.3.4+deb13-amd64 7.3.4-1~bpo13+1"
#   tools/kernels.sh run <kver> CMD...
#                               run CMD where <kver>'s build tools run: in the
#                               Debian 13 root (tools/trixie-root.sh run) for
#                               its kernels, else here.  Every `make -C <kdir>`
#                               and `dkms build` goes through this.
#
# Listed:
#   - every kernel installed on the host with its headers
#     (/lib/modules/<kver>/build) and image (/boot/vmlinuz-<kver>): Debian
#     12's 6.1 (tools/deps.sh installs it);
#   - the kernels of the Debian 13 root (tools/trixie-root.sh: trixie's 6.12
#     and trixie-backports' 7.3, each the newest its suite serves), once that
#     root is complete; their headers' tools need trixie's C library;
#   - with AESNI_CTR_SOURCE_KERNEL=1 only, the 7.3 that tools/linux73.sh
#     builds from linux-source-7.3 with CONFIG_CRYPTO_FIPS (Debian's 7.3 has
#     no FIPS mode): `make check-source-kernel`, not part of `make check`.
# Inside the Debian 13 root (AESNI_CTR_TRIXIE_ROOT=inside) only the first
# kind: the root's own kernels, installed there.  Listing never builds
# anything.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
inside=""
[ "${AESNI_CTR_TRIXIE_ROOT:-}" = inside ] && inside=1

list() {
	{
		for d in /lib/modules/*/; do
			k=$(basename "$d")
			[ -d "/lib/modules/$k/build" ] && [ -f "/boot/vmlinuz-$k" ] &&
				[ -d "/lib/modules/$k/kernel" ] || continue
			echo "$k /lib/modules/$k/build /boot/vmlinuz-$k / host"
		done
		[ -z "$inside" ] || return 0
		"$here/trixie-root.sh" kernels 2>/dev/null | awk '{ print $0, "trixie-root" }'
		if [ "${AESNI_CTR_SOURCE_KERNEL:-0}" = 1 ] &&
		   k=$("$here/linux73.sh" kver 2>/dev/null); then
			c=$("$here/linux73.sh" dir)
			echo "$k $c/src $c/bzImage $c/modules source"
		fi
	} | sort -rV -k1,1
}

field() {	# field kdir|vmlinuz|modroot|where KVER
	list | awk -v k="$2" -v f="$1" '
		$1 == k { print (f == "kdir" ? $2 : f == "vmlinuz" ? $3 : f == "modroot" ? $4 : $5); found = 1; exit }
		END { exit !found }' || { echo "kernels.sh: no kernel $2 (tools/kernels.sh list)" >&2; exit 1; }
}

cmd=${1:-list}
case "$cmd" in
list) list | cut -d' ' -f1-4 ;;
versions) list | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' ;;
kdir|vmlinuz|modroot|where) field "$cmd" "${2:?usage: $0 $cmd <kver>}" ;;
origin)
	k=${2:?usage: $0 origin <kver>}
	case "$(field where "$k")" in
	host)
		p=$(dpkg -S "/boot/vmlinuz-$k" 2>/dev/null | cut -d: -f1)
		# shellcheck disable=SC2016	# dpkg-query's format
		echo "Debian $(cut -d. -f1 /etc/debian_version) ${p:-(no package)} $(dpkg-query -W -f='${Version}' "$p" 2>/dev/null)" ;;
	trixie-root)
		echo "Debian 13 $("$here/trixie-root.sh" image "$k")" ;;
	*) echo "built from linux-source (tools/linux73.sh)" ;;
	esac ;;
run)
	k=${2:?usage: $0 run <kver> CMD...}
	shift 2
	w=$(field where "$k")
	if [ "$w" = trixie-root ]; then
		exec "$here/trixie-root.sh" run "$@"
	fi
	exec "$@" ;;
*) echo "usage: $0 [list|versions|kdir|vmlinuz|modroot|where|origin <kver>|run <kver> CMD...]" >&2; exit 2 ;;
esac
