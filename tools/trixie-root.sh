#!/bin/bash
# trixie-root.sh [make|status|path|kernels|versions|kdir|vmlinuz|modroot|run]
#
# A minimal Debian 13 (trixie) root, made with mmdebstrap and kept in a cache
# outside the checkout, holding Debian 13's own kernels with their headers:
# the newest 6.12 of trixie and the newest kernel of trixie-backports (7.3
# today), each as its suite's linux-image-amd64 / linux-headers-amd64 point
# to (never a version written here), and the tools to build the module
# against them (gcc, make, kbuild's needs, sparse, dkms).  Why a root: those
# headers' host tools (fixdep, modpost, objtool) are linked against trixie's
# C library, newer than Debian 12's, so they run only on trixie; the images
# and module trees are plain files the host's QEMU rig can boot as they are.
#
#   make      (default) make the root if missing, remake it if its package
#             list changed; print the root's path.  Takes a lock (flock), so
#             concurrent callers wait for one build; progress on stderr.
#   status    exit 0 if the root is complete and current (against the
#             package indexes already downloaded; no network)
#   path      print the root's path (whether made or not)
#   kernels   one line per kernel in the root, newest first, the columns of
#             `tools/kernels.sh list`:
#               <kver> <kdir> <vmlinuz> <modroot>
#             kdir     the headers, a path INSIDE the root (use it with `run`:
#                      run make -C <kdir> M=$PWD/build/<kver> modules)
#             vmlinuz  the image, a path on the host (<root>/boot/...)
#             modroot  the directory holding lib/modules/<kver>: the root
#   versions  the kvers only, newest first, on one line
#   kdir|vmlinuz|modroot <kver>
#             one field of one kernel (exit 1 if not in the root)
#   suite <kver>
#             the suite the kernel comes from (trixie, trixie-backports)
#   image <kver>
#             "<suite> <image package> <version>"
#   debs <kver>
#             download the kernel's Debian packages at the root's versions
#             (its image, its headers and the headers' linux-* dependencies)
#             into the cache's debs/ and print their paths, one per line:
#             for a system of that suite made elsewhere (tools/vm/luksroot.sh)
#   run CMD...
#             run CMD in the root, as root, in a private mount and PID
#             namespace (unshare): /dev and /proc mounted, the checkout
#             bind-mounted at its own path (so M=, build/ and logs are the
#             same paths inside and out), the working directory kept when it
#             is inside the checkout (else /).  The mounts live only in that
#             namespace: they vanish with it, also when CMD is killed, and no
#             process outlives CMD (the namespace's PID 1 is a shell waiting
#             for CMD, killed with unshare).  Exit status: CMD's.  The
#             environment is reset (PATH, HOME, LC_ALL, TERM) plus
#             AESNI_CTR_TRIXIE_ROOT=inside; pass more with `run env VAR=...
#             CMD`.  Holds the lock shared: a remake waits for it.  In the
#             root tools/kernels.sh lists the root's kernels (its
#             /lib/modules), so the Makefile's build/<kver>/aesni_ctr.ko rule
#             works there unchanged; not targets that call tools/deps.sh
#             (it would install Debian 12's package names into the root).
#
# The package list: PKGS below, plus the versioned linux-image-<kver> and
# linux-headers-<kver> that each suite's metapackages depend on, with their
# versions, plus the mirror, suites and mmdebstrap options.  Its hash is the
# stamp; a new kernel upload in either suite (or an edit here) remakes the
# root.  The suites' indexes are read by the host's apt with a private state
# under the cache (no apt source or pin is added to the host), refreshed when
# older than 12 hours or TRIXIE_ROOT_UPDATE=1.  A remake builds a new root
# beside the old one and swaps them when complete.
#
# The cache ($AESNI_CTR_CACHE, default /var/cache/aesni_ctr, then
# trixie-root/; its lock is trixie-root.lock beside it, as linux-7.3's):
#   root/       the trixie root
#   apt/        the private apt state (sources.list, lists/)
#   packages    the package list the root was made from
#   stamp       the list's hash: written last, so a current stamp means a
#               complete root
#   build.log   the last mmdebstrap's output
# Made without: documentation, manual pages, translations, the initramfs
# (the kernels' postinst would build one per kernel with initramfs-tools:
# path-excluded, the rig makes its own).
#
# Needs root, mmdebstrap (tools/deps.sh installs it), util-linux's unshare,
# flock, and deb.debian.org.  Never touches the host's packages, apt
# configuration, /lib/modules or /usr/src.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cache_root=${AESNI_CTR_CACHE:-/var/cache/aesni_ctr}
cache=$cache_root/trixie-root
rootfs=$cache/root
lock=$cache_root/trixie-root.lock
mirror=${TRIXIE_ROOT_MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
suite=trixie
# the suites whose kernels the root holds (the first also the root's own)
KERNEL_SUITES="trixie trixie-backports"
# the tools: kbuild's needs for external modules, the gates' (sparse), DKMS
PKGS="gcc make libc6-dev binutils bc bison flex libelf-dev kmod cpio
xz-utils zstd sparse dkms"
# mmdebstrap's options (part of the stamp)
MMDEB_OPTS=(
	--mode=root --variant=minbase --format=directory
	--aptopt='Acquire::Languages "none"'
	--aptopt='APT::Install-Recommends "false"'
	--dpkgopt=force-unsafe-io
	--dpkgopt='path-exclude=/usr/share/doc/*'
	--dpkgopt='path-exclude=/usr/share/man/*'
	--dpkgopt='path-exclude=/usr/share/info/*'
	--dpkgopt='path-exclude=/usr/share/locale/*'
	--dpkgopt='path-exclude=/etc/kernel/postinst.d/initramfs-tools'
)
UPDATE_MINUTES=720

log() { echo "trixie-root: $*" >&2; }
die() { log "$*"; exit 1; }

# inside the root (run sets AESNI_CTR_TRIXIE_ROOT=inside) the root is /
in_root=""
[ "${AESNI_CTR_TRIXIE_ROOT:-}" = inside ] && in_root=1
base=$rootfs
[ -z "$in_root" ] || base=""

# --- the host's apt, on a private state under the cache ----------------------
aptdir=$cache/apt
# its whole configuration (APT_CONFIG: the host's apt.conf.d is not read)
apt_conf_text() {
	cat <<EOF
Dir::Etc::Main "$aptdir/empty/none";
Dir::Etc::Parts "$aptdir/empty";
Dir::Etc::SourceList "$aptdir/sources.list";
Dir::Etc::SourceParts "$aptdir/empty";
Dir::Etc::Preferences "$aptdir/empty/none";
Dir::Etc::PreferencesParts "$aptdir/empty";
Dir::State "$aptdir/state";
Dir::State::Lists "$aptdir/lists";
Dir::State::status "$aptdir/status";
Dir::Cache "$aptdir/cache";
Dir::Cache::pkgcache "pkgcache.bin";
Dir::Cache::srcpkgcache "";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::GzipIndexes "true";
Debug::NoLocking "true";
EOF
}
h_apt() { APT_CONFIG=$aptdir/apt.conf apt-get "$@"; }
h_apt_cache() { APT_CONFIG=$aptdir/apt.conf apt-cache "$@"; }
sources_text() {
	local s
	for s in $KERNEL_SUITES; do
		echo "deb [signed-by=$keyring] $mirror $s main"
	done
}
apt_setup() {
	mkdir -p "$aptdir/lists/partial" "$aptdir/cache/archives/partial" \
		"$aptdir/state" "$aptdir/empty"
	[ -e "$aptdir/status" ] || : >"$aptdir/status"
	# a new configuration: download again
	if [ "$(cat "$aptdir/apt.conf" 2>/dev/null)" != "$(apt_conf_text)" ]; then
		apt_conf_text >"$aptdir/apt.conf"
		rm -f "$aptdir/updated"
	fi
	if [ "$(cat "$aptdir/sources.list" 2>/dev/null)" != "$(sources_text)" ]; then
		sources_text >"$aptdir/sources.list"
		rm -f "$aptdir/updated"
	fi
}
# indexes_fresh: downloaded for these suites less than UPDATE_MINUTES ago
indexes_fresh() {
	[ "${TRIXIE_ROOT_UPDATE:-0}" != 1 ] && [ -e "$aptdir/updated" ] &&
		[ "$(cat "$aptdir/sources.list" 2>/dev/null)" = "$(sources_text)" ] &&
		[ "$(cat "$aptdir/apt.conf" 2>/dev/null)" = "$(apt_conf_text)" ] &&
		[ -z "$(find "$aptdir/updated" -mmin +"$UPDATE_MINUTES" 2>/dev/null)" ]
}
# apt_update: download the indexes unless fresh
apt_update() {
	apt_setup
	indexes_fresh && return 0
	log "reading the package indexes of $KERNEL_SUITES ($mirror)"
	if h_apt -q update >"$aptdir/update.log" 2>&1 &&
	   ! grep -qE '^(E|W): ' "$aptdir/update.log"; then
		touch "$aptdir/updated"
	else
		log "apt-get update failed (log: $aptdir/update.log):"
		grep -E '^(E|W): ' "$aptdir/update.log" | head -5 >&2
		return 1
	fi
}

# suite_dep SUITE META PREFIX: the "name=version" that SUITE's metapackage
# META depends on among packages named PREFIX<digit>...
suite_dep() {
	local s=$1 meta=$2 prefix=$3 v
	v=$(h_apt_cache madison "$meta" 2>/dev/null |
		awk -F' [|] ' -v s="$s/main" '{ split($3, a, " ") } a[2] == s { print $2; exit }')
	[ -n "$v" ] || { log "$s has no $meta"; return 1; }
	h_apt_cache show "$meta=$v" 2>/dev/null |
		sed -n 's/^Depends: //p' | head -1 | tr ',' '\n' |
		sed -n "s/^ *\(${prefix}[0-9][^ ]*\) (= \([^)]*\)).*/\1=\2/p" | head -1 | grep . ||
		{ log "$s: $meta $v depends on no $prefix<version>"; return 1; }
}

# want_list: the package list, from the indexes downloaded (no network)
want_list() {
	local s img hdr k
	printf 'mirror %s\nsuite %s\nsuites %s\n' "$mirror" "$suite" "$KERNEL_SUITES"
	printf 'mmdebstrap %s\n' "${MMDEB_OPTS[*]}"
	for p in $PKGS; do echo "pkg $p"; done
	for s in $KERNEL_SUITES; do
		img=$(suite_dep "$s" linux-image-amd64 linux-image-) || return 1
		hdr=$(suite_dep "$s" linux-headers-amd64 linux-headers-) || return 1
		k=${img%%=*}; k=${k#linux-image-}
		[ "${hdr%%=*}" = "linux-headers-$k" ] ||
			{ log "$s: linux-image-amd64 is for $k, linux-headers-amd64 for ${hdr%%=*}"; return 1; }
		echo "kernel $s $k $img $hdr"
	done
}

# stamp_of LIST: the stamp of a package list
stamp_of() { printf '%s\n' "$1" | sha256sum | cut -c1-16; }
# kernel_lines LIST: "<suite> <kver> <image>=<version> <headers>=<version>"
kernel_lines() { printf '%s\n' "$1" | awk '$1 == "kernel" { print $2, $3, $4, $5 }'; }
# is_complete LIST: the root is made from LIST and has its kernels
is_complete() {
	local ks k img hdr
	[ -f "$cache/stamp" ] && [ "$(cat "$cache/stamp")" = "$(stamp_of "$1")" ] || return 1
	while read -r ks k img hdr; do
		kernel_ok "$rootfs" "$k" || return 1
	done < <(kernel_lines "$1")
}
# kernel_ok ROOT KVER: its image, module tree and headers are in ROOT
kernel_ok() {
	[ -f "$1/boot/vmlinuz-$2" ] && [ -d "$1/lib/modules/$2/kernel" ] &&
		[ -f "$1/usr/src/linux-headers-$2/Makefile" ]
}

# --- make --------------------------------------------------------------------
make_root() {
	local want new t0 ks k img hdr pv v inc=() bad=""
	[ -z "$in_root" ] || die "already inside the root"
	# nothing to do: no lock (a long `run` holds it shared), no network
	if indexes_fresh && want=$(want_list 2>/dev/null) && is_complete "$want"; then
		echo "$rootfs"
		return 0
	fi
	[ "$(id -u)" = 0 ] || die "needs root (mmdebstrap --mode=root, chroot)"
	command -v mmdebstrap >/dev/null || "$here/deps.sh" --only mmdebstrap >&2 ||
		die "mmdebstrap missing (tools/deps.sh installs it)"
	mkdir -p "$cache"
	exec 9>"$lock"
	if ! flock -n 9; then
		log "another caller is making or using the root; waiting"
		flock 9
	fi
	if ! apt_update; then
		# offline: keep a complete root made from the last indexes
		want=$(want_list) && is_complete "$want" &&
			{ log "using the root made from the last indexes"; echo "$rootfs"; return 0; }
		die "cannot read the package indexes"
	fi
	want=$(want_list) || die "cannot resolve the kernels (indexes: $aptdir/lists)"
	if is_complete "$want"; then
		echo "$rootfs"
		return 0
	fi

	for p in $PKGS; do inc+=("$p"); done
	while read -r ks k img hdr; do
		# pkg/suite: apt also takes the dependencies from that suite
		# where needed (7.3's image pre-depends on trixie-backports'
		# linux-base)
		inc+=("${img%%=*}/$ks" "${hdr%%=*}/$ks")
	done < <(kernel_lines "$want")
	new=$cache/root.new
	rm -rf "$new"
	t0=$(date +%s)
	log "making the trixie root in $rootfs (kernels: $(kernel_lines "$want" |
		awk '{ printf "%s%s (%s)", (n++ ? ", " : ""), $2, $1 }'); log: $cache/build.log)"
	# shellcheck disable=SC2016	# $1: the hook's argument, the new root
	if ! mmdebstrap "${MMDEB_OPTS[@]}" --include="${inc[*]}" \
		--customize-hook='rm -f "$1"/var/cache/apt/archives/*.deb' \
		"$suite" "$new" "$(sources_text)" >"$cache/build.log" 2>&1; then
		log "mmdebstrap failed; last lines of $cache/build.log:"
		tail -15 "$cache/build.log" >&2
		rm -rf "$new"
		exit 1
	fi
	# the kernels as listed, at the listed versions
	while read -r ks k img hdr; do
		kernel_ok "$new" "$k" || bad="$bad $k(files)"
		for pv in "$img" "$hdr"; do
			# shellcheck disable=SC2016	# dpkg-query's own ${...}
			v=$(chroot "$new" dpkg-query -W -f='${Version}' "${pv%%=*}" 2>/dev/null || true)
			[ "$v" = "${pv#*=}" ] || bad="$bad ${pv%%=*}(${v:-missing}, want ${pv#*=})"
		done
	done < <(kernel_lines "$want")
	chroot "$new" gcc --version >/dev/null 2>&1 || bad="$bad gcc"
	if [ -n "$bad" ]; then
		rm -rf "$new"
		die "the new root is not as listed:$bad (a mirror update during the build? run again)"
	fi
	cp /etc/resolv.conf "$new/etc/resolv.conf" 2>/dev/null || true	# for apt in `run`
	rm -f "$cache/stamp"
	rm -rf "$cache/root.old"
	[ ! -d "$rootfs" ] || mv "$rootfs" "$cache/root.old"
	mv "$new" "$rootfs"
	rm -rf "$cache/root.old"
	printf '%s\n' "$want" >"$cache/packages"
	stamp_of "$want" >"$cache/stamp"
	log "done in $(($(date +%s) - t0)) s: $(du -sh "$rootfs" | cut -f1) in $rootfs"
	echo "$rootfs"
}

# --- kernels -----------------------------------------------------------------
kernels() {
	local d k
	# on the host: only a complete root (a stamp); inside, what is there
	if [ -z "$in_root" ] && [ ! -f "$cache/stamp" ]; then return 0; fi
	for d in "$base"/lib/modules/*/; do
		[ -d "$d" ] || continue
		k=$(basename "$d")
		kernel_ok "$base" "$k" || continue
		echo "$k /usr/src/linux-headers-$k $base/boot/vmlinuz-$k ${base:-/}"
	done | sort -rV -k1,1
}

run_in_root() {
	local cwd=/ upid
	[ "$(id -u)" = 0 ] || die "run needs root (unshare, chroot)"
	[ -z "$in_root" ] || die "already inside the root"
	[ $# -gt 0 ] || die "usage: $0 run CMD..."
	case "$PWD/" in "$top"/*) cwd=$PWD ;; esac
	mkdir -p "$cache_root"
	exec 9>"$lock"
	flock -s 9	# a remake (exclusive) waits for us, we wait for it
	{ [ -f "$cache/stamp" ] && [ -x "$rootfs/bin/sh" ]; } || die "no root yet: run $0 first"
	mkdir -p "$rootfs$top"
	# unshare --fork blocks SIGTERM/SIGINT while its child runs, and the
	# namespace's PID 1 ignores them: a signal to this script kills
	# unshare, whose --kill-child then kills the whole namespace
	trap 'kill -KILL "$upid" 2>/dev/null; exit 143' TERM
	trap 'kill -KILL "$upid" 2>/dev/null; exit 130' INT
	trap 'kill -KILL "$upid" 2>/dev/null; exit 129' HUP
	# shellcheck disable=SC2016	# expanded by the inner shell
	unshare --mount --propagation private --pid --fork --kill-child -- \
		/bin/sh -c '
		set -e
		r=$1 top=$2 cwd=$3
		shift 3
		mount --rbind /dev "$r/dev"
		mount -t proc proc "$r/proc"
		mount --bind "$top" "$r$top"
		chroot "$r" /usr/bin/env -i \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LC_ALL=C TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive \
			AESNI_CTR_TRIXIE_ROOT=inside \
			/bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"
		' sh "$rootfs" "$top" "$cwd" "$@" <&0 &
	upid=$!
	wait "$upid"
}

# kernel_line KVER: "<suite> <kver> <image>=<version> <headers>=<version>"
# of the root's kernel KVER (from the list the root was made from)
kernel_line() {
	[ -f "$cache/stamp" ] && [ -f "$cache/packages" ] || die "no root yet: run $0 first"
	kernel_lines "$(cat "$cache/packages")" | awk -v k="$1" '$2 == k { print; f = 1 } END { exit !f }' ||
		die "no kernel $1 in the root ($0 kernels)"
}

debs() {	# debs KVER
	local ks k img hdr d p v f
	read -r ks k img hdr < <(kernel_line "$1") || exit 1
	apt_setup
	d=$cache/debs
	mkdir -p "$d"
	{
		echo "$img"
		echo "$hdr"
		# the headers' linux-* dependencies (common headers, kbuild),
		# built from the same source, so at the headers' version
		h_apt_cache show "$hdr" 2>/dev/null | sed -n 's/^Depends: //p' | head -1 |
			tr ',' '\n' | awk -v v="${hdr#*=}" '{ sub(/^ +/, "") }
				$1 ~ /^linux-/ && $1 != "linux-base" && $1 !~ /^linux-image-/ { print $1 "=" v }'
	} | while IFS== read -r p v; do
		f=${p}_${v//:/%3a}_$(h_apt_cache show "$p=$v" 2>/dev/null | sed -n 's/^Architecture: //p' | head -1).deb
		if [ ! -s "$d/$f" ]; then
			(cd "$d" && h_apt download -q "$p=$v" >&2) || die "apt-get download $p=$v failed"
		fi
		[ -s "$d/$f" ] || die "apt-get download $p=$v gave no $f"
		echo "$d/$f"
	done
}

field() {	# field kdir|vmlinuz|modroot KVER
	kernels | awk -v k="$2" -v f="$1" '
		$1 == k { print (f == "kdir" ? $2 : f == "vmlinuz" ? $3 : $4); found = 1; exit }
		END { exit !found }' || { log "no kernel $2 in the root ($0 kernels)"; exit 1; }
}

cmd=${1:-make}
case "$cmd" in
make) make_root ;;
status)
	apt_setup 2>/dev/null || exit 1
	want=$(want_list 2>/dev/null) && is_complete "$want" ;;
path) echo "$rootfs" ;;
kernels|list) kernels ;;
versions) kernels | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }' ;;
kdir|vmlinuz|modroot) field "$cmd" "${2:?usage: $0 $cmd <kver>}" ;;
suite) kernel_line "${2:?usage: $0 suite <kver>}" | cut -d' ' -f1 ;;
image) kernel_line "${2:?usage: $0 image <kver>}" | awk '{ sub(/=/, " ", $3); print $1, $3 }' ;;
debs) debs "${2:?usage: $0 debs <kver>}" ;;
run) shift; run_in_root "$@" ;;
*) echo "usage: $0 [make|status|path|kernels|versions|kdir|vmlinuz|modroot|suite|image|debs <kver>|run CMD...]" >&2; exit 2 ;;
esac
