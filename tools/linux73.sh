#!/bin/bash
# linux73.sh [build|status|kver|dir]
#
# Builds the project's 7.3 test kernel from Debian's linux-source-7.3 package
# (trixie-backports; installed by tools/deps.sh) once per machine into a cache
# outside the checkout, and reuses it while the source package's version, this
# script's configuration and the compiler are unchanged.  Debian's own 7.3
# headers packages cannot be used on Debian 12 (their host tools need a newer C
# library), hence the build.
#
#   build   (default) build if needed; prints nothing on stdout, progress on
#           stderr; exit 0 when the cache is complete.  Takes a lock (flock),
#           so concurrent callers wait for one build instead of racing.
#   status  exit 0 if the cache is complete and current, 1 otherwise
#   kver    print the kernel release (e.g. 7.3.4-aesnictr) if complete
#   dir     print the cache directory
#
# The cache ($AESNI_CTR_CACHE, default /var/cache/aesni_ctr, then linux-7.3/):
#   src/        the configured and built tree: pass it as `make -C <src> M=...`
#   modules/    INSTALL_MOD_PATH of modules_install: modules/lib/modules/<kver>
#   bzImage     the image to boot
#   kver        the kernel release
#   stamp       package version, config and compiler: written last, so a cache
#               with a current stamp is complete
#   build.log   the last build's output
# tools/kernels.sh lists this kernel when the stamp is current.
#
# Configuration: x86_64 defconfig, minus what the QEMU guests never use (DRM,
# sound, USB, Ethernet drivers: shorter build), plus what they need:
# the crypto API with its self-tests and FIPS mode, AF_ALG, tcrypt, aesni_intel,
# dm-crypt/dm-integrity/brd/loop, IPsec ESP over veth between network
# namespaces, kTLS (tls.ko), mac80211 with mac80211_hwsim (the WiFi CCMP
# test), the ccm template as a module (as on Debian), no debug info.  Modules are signed at modules_install with a key
# made by the build and unsigned modules still load (MODULE_SIG=y, not
# enforced), as on Debian's kernels: so under fips=1 the unsigned test module
# meets the same rules as on 6.1/6.12.
set -euo pipefail

cmd=${1:-build}
cache_root=${AESNI_CTR_CACHE:-/var/cache/aesni_ctr}
cache=$cache_root/linux-7.3
pkg=linux-source-7.3
tarball=/usr/src/linux-source-7.3.tar.xz
LOCALVERSION=-aesnictr

# options: "=y" built in, "=m" module, "=n" off, '="str"' a string
CONFIG_OPTS='
LOCALVERSION="-aesnictr"
LOCALVERSION_AUTO=n
EXPERT=y
DEBUG_INFO_NONE=y
DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=n
DEBUG_INFO_BTF=n
MODULES=y
MODULE_UNLOAD=y
MODULE_FORCE_UNLOAD=y
MODULE_SIG=y
MODULE_SIG_FORCE=n
MODULE_SIG_ALL=y
MODULE_SIG_SHA512=y
MODULE_COMPRESS=n
DEVTMPFS=y
DEVTMPFS_MOUNT=y
BLK_DEV_INITRD=y
RD_GZIP=y
SERIAL_8250=y
SERIAL_8250_CONSOLE=y
VIRTIO_PCI=y
VIRTIO_CONSOLE=y
HW_RANDOM_VIRTIO=y
TMPFS=y
NET_NS=y
VETH=m
INET=y
IPV6=y
XFRM=y
XFRM_USER=m
XFRM_ALGO=m
INET_ESP=m
INET_ESP_OFFLOAD=m
INET6_ESP=m
INET6_ESP_OFFLOAD=m
BLK_DEV_LOOP=y
BLK_DEV_RAM=m
MD=y
BLK_DEV_DM=m
DM_CRYPT=m
DM_INTEGRITY=m
CRYPTO=y
CRYPTO_SELFTESTS=y
CRYPTO_SELFTESTS_FULL=n
CRYPTO_FIPS=y
CRYPTO_MANAGER=y
CRYPTO_USER=m
CRYPTO_USER_API_SKCIPHER=m
CRYPTO_USER_API_AEAD=m
CRYPTO_USER_API_HASH=m
CRYPTO_USER_API_RNG=m
CRYPTO_AEAD=y
CRYPTO_SKCIPHER=y
CRYPTO_AUTHENC=m
CRYPTO_GCM=m
CRYPTO_CCM=m
CRYPTO_SEQIV=m
CRYPTO_ECHAINIV=m
CRYPTO_CTR=m
CRYPTO_XTS=m
CRYPTO_CBC=m
CRYPTO_ECB=m
CRYPTO_ESSIV=m
CRYPTO_HMAC=y
CRYPTO_SHA1=y
CRYPTO_SHA256=y
CRYPTO_SHA512=y
CRYPTO_AES=y
CRYPTO_AES_NI_INTEL=m
CRYPTO_CRYPTD=m
CRYPTO_BENCHMARK=m
CRYPTO_DRBG=y
CRYPTO_JITTERENTROPY=y
TLS=m
WIRELESS=y
CFG80211=m
MAC80211=m
WLAN=y
MAC80211_HWSIM=m
DRM=n
SOUND=n
USB_SUPPORT=n
ETHERNET=n
'
# changing the options (or this list) rebuilds the cache
cfg_hash=$(printf '%s' "$CONFIG_OPTS" | sha256sum | cut -c1-16)

log() { echo "linux73: $*" >&2; }
pkg_version() { dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null; }
want_stamp() {
	local v
	v=$(pkg_version) || return 1
	[ -n "$v" ] || return 1
	printf 'package=%s %s\nconfig=%s\ngcc=%s\n' "$pkg" "$v" "$cfg_hash" \
		"$(gcc -dumpfullversion 2>/dev/null || echo none)"
}
is_current() {
	local w
	w=$(want_stamp) || return 1
	[ -f "$cache/stamp" ] && [ "$(cat "$cache/stamp")" = "$w" ] &&
		[ -f "$cache/bzImage" ] && [ -s "$cache/kver" ] &&
		[ -d "$cache/modules/lib/modules/$(cat "$cache/kver")" ] &&
		[ -f "$cache/src/Module.symvers" ]
}

case "$cmd" in
status) is_current; exit ;;
kver)   is_current && cat "$cache/kver"; exit ;;
dir)    echo "$cache"; exit ;;
build)  ;;
*)      echo "usage: $0 [build|status|kver|dir]" >&2; exit 2 ;;
esac

is_current && exit 0
[ "$(id -u)" = 0 ] || [ -w "$cache_root" ] || [ -w "$(dirname "$cache_root")" ] ||
	{ log "cannot write $cache_root (run as root)"; exit 1; }
if [ ! -r "$tarball" ]; then
	"$(dirname "$0")/deps.sh" || true
	[ -r "$tarball" ] || { log "no $tarball ($pkg from trixie-backports: tools/deps.sh)"; exit 1; }
fi
mkdir -p "$cache_root"
exec 9>"$cache_root/linux-7.3.lock"
if ! flock -n 9; then
	log "another build of the 7.3 kernel is running; waiting for it"
	flock 9
fi
is_current && { log "built by the other caller: $cache"; exit 0; }

t0=$(date +%s)
stamp=$(want_stamp)
log "building $pkg $(pkg_version) into $cache (about 15 minutes on 2 cores; log: $cache/build.log)"
rm -rf "$cache"
mkdir -p "$cache"
blog=$cache/build.log
: >"$blog"
fail() { log "FAILED: $*; last lines of $blog:"; tail -25 "$blog" >&2; exit 1; }

log "extracting $tarball"
tar -C "$cache" -xf "$tarball" >>"$blog" 2>&1 || fail "extracting"
top=$(find "$cache" -mindepth 1 -maxdepth 1 -type d -name 'linux-source-*' | head -1)
[ -n "$top" ] && mv "$top" "$cache/src" || fail "no linux-source-* directory in the tarball"
src=$cache/src
jobs=$(($(nproc) + 1))

log "configuring (x86_64 defconfig + the guests' options)"
make -C "$src" -s defconfig >>"$blog" 2>&1 || fail "make defconfig"
args=()
while IFS= read -r o; do
	[ -n "$o" ] || continue
	k=${o%%=*} v=${o#*=}
	case "$v" in
	y) args+=(--enable "$k") ;;
	m) args+=(--module "$k") ;;
	n) args+=(--disable "$k") ;;
	*) args+=(--set-str "$k" "$(eval "echo $v")") ;;
	esac
done <<<"$CONFIG_OPTS"
"$src/scripts/config" --file "$src/.config" "${args[@]}" >>"$blog" 2>&1 || fail "scripts/config"
make -C "$src" -s olddefconfig >>"$blog" 2>&1 || fail "make olddefconfig"
# a second pass: options whose dependencies the first olddefconfig enabled
"$src/scripts/config" --file "$src/.config" "${args[@]}" >>"$blog" 2>&1 || fail "scripts/config"
make -C "$src" -s olddefconfig >>"$blog" 2>&1 || fail "make olddefconfig"
# every option must have come out as asked (a renamed or unmet option is an error)
bad=""
while IFS= read -r o; do
	[ -n "$o" ] || continue
	k=${o%%=*} v=${o#*=}
	case "$v" in
	n) grep -q "^CONFIG_$k=" "$src/.config" && bad="$bad $k(want n)" ;;
	y|m) grep -qx "CONFIG_$k=$v" "$src/.config" || {
		# a module option built in (selected by a built-in user) is fine
		[ "$v" = m ] && grep -qx "CONFIG_$k=y" "$src/.config"; } || bad="$bad $k(want $v)" ;;
	*) grep -qx "CONFIG_$k=$v" "$src/.config" || bad="$bad $k(want $v)" ;;
	esac
done <<<"$CONFIG_OPTS"
[ -z "$bad" ] || fail "options not set as asked:$bad"

log "building bzImage and modules (make -j$jobs)"
t1=$(date +%s)
make -C "$src" -j"$jobs" bzImage modules >>"$blog" 2>&1 || fail "kernel build"
kver=$(cat "$src/include/config/kernel.release" 2>>"$blog") || fail "no kernel release"
case "$kver" in *"$LOCALVERSION") ;; *) fail "unexpected kernel release '$kver'" ;; esac
log "built in $(($(date +%s) - t1)) s; installing modules"
make -C "$src" -s INSTALL_MOD_PATH="$cache/modules" INSTALL_MOD_STRIP=1 \
	modules_install >>"$blog" 2>&1 || fail "modules_install"
# the links modules_install makes point into the tree; point them at it again
# in case the tree is moved (they are not needed by the rig)
rm -f "$cache/modules/lib/modules/$kver/build" "$cache/modules/lib/modules/$kver/source"
ln -s "$src" "$cache/modules/lib/modules/$kver/build"
cp "$src/arch/x86/boot/bzImage" "$cache/bzImage"
echo "$kver" >"$cache/kver"
printf '%s\n' "$stamp" >"$cache/stamp"
log "done: $kver in $(($(date +%s) - t0)) s (kdir $src)"
