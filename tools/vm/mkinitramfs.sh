#!/bin/bash
# mkinitramfs.sh <kver> <out.cpio.gz> [module.ko]
#
# Builds the test guest's initramfs for kernel <kver>, as tools/kernels.sh
# lists it: its modules come from <modroot>/lib/modules/<kver>, modroot being
# $VM_MODROOT or what tools/kernels.sh says ("/" for Debian's kernels).
# Contents: busybox-static; kcapi-enc, dmsetup, cryptsetup, mke2fs, iproute2's ip,
# hostapd, wpa_supplicant, wpa_cli and iw with their shared libraries, the
# regulatory database; the guest programs of programs.list: the AF_ALG fuzzers (ctr, AEAD, xts, cbc/cts and
# authenc/authencesn, ccm/rfc4309), the spliced-input check (afalg_splice), the
# TCP transfer checker, the emulator probe, a one-shot module loader; the
# kernel's own modules needed by the tests (AF_ALG, crypto_user, ctr, ecb, cbc, cts,
# gcm, ghash-generic, seqiv, echainiv, authenc, authencesn, hmac,
# sha1/sha256/sha512, essiv,
# tcrypt, the stock aesni_intel, dm-crypt,
# dm-integrity, brd, ext4, xfrm_user, esp4, veth, ccm, tls, mac80211_hwsim and their dependencies,
# decompressed so that busybox can load them), the module under test at
# /lib/vmtest/ (with VM_EXTRA_KO's test-only modules), kmod (modprobe, depmod, modinfo, lsmod) in /lib/vmtest/kmod/
# for the modalias scenario, and the guest's scripts: guest/init.sh as /init, the
# library (guest/lib.sh, families.sh, users.sh, knobs.tab) and the families manifest
# (tools/families.tab) in /vmtest/ and one script
# per scenario in /vmtest/scenarios/.  Without [module.ko] the guest tests
# the stock driver only (rig self-test mode).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kver=${1:?usage: mkinitramfs.sh <kver> <out.cpio.gz> [module.ko]}
out=${2:?usage: mkinitramfs.sh <kver> <out.cpio.gz> [module.ko]}
ko=${3:-}
modroot=${VM_MODROOT:-$("$root/tools/kernels.sh" modroot "$kver" 2>/dev/null || echo /)}
modroot=${modroot%/}	# "" for /
moddir=$modroot/lib/modules/$kver
mi=(-k "$kver")		# modinfo's options: that kernel, under that root
[ -z "$modroot" ] || mi+=(-b "$modroot")
bdir=$root/build/vm

[ -d "$moddir" ] || { echo "mkinitramfs: no $moddir" >&2; exit 1; }
[ -z "$ko" ] || [ -f "$ko" ] || { echo "mkinitramfs: no module $ko" >&2; exit 1; }
PATH=$PATH:/usr/sbin:/sbin	# ip, cryptsetup, dmsetup, modinfo, depmod
for t in busybox cpio gzip modinfo depmod kmod xz zstd ip cryptsetup dmsetup; do
	command -v "$t" >/dev/null || { echo "mkinitramfs: $t missing (tools/deps.sh)" >&2; exit 1; }
done

mkdir -p "$bdir"
# the guest programs of programs.list: the AF_ALG fuzzers (static if
# libkcapi.a exists, else dynamic: libs copied below), the emulator probe,
# the TCP checkers and the one-shot module loader (built to a temporary name
# and renamed: two kernels' runs may race here)
static=-static
ls /usr/lib/*/libkcapi.a >/dev/null 2>&1 || static=""
# what every AF_ALG program links (tools/vm/Makefile's AFALG_LIB)
afalg_lib_c=("$here/afalg_common.c" "$here/afalg_aead_fuzz.c")
afalg_lib=("${afalg_lib_c[@]}" "${afalg_lib_c[@]/%.c/.h}")
# newer_than FILE SRC...: is one of SRC newer than FILE?
newer_than() {
	local t=$1 s
	shift
	for s; do [ "$s" -nt "$t" ] && return 0; done
	return 1
}
progs=()
while read -r f kind; do
	case "$f" in ""|"#"*) continue ;; esac
	progs+=("$f")
	if [ "$kind" = afalg ]; then
		if [ ! -x "$bdir/$f" ] || [ "$here/$f.c" -nt "$bdir/$f" ] || newer_than "$bdir/$f" "${afalg_lib[@]}"; then
			cc -O2 -Wall -Wextra $static -o "$bdir/$f.$$" "$here/$f.c" "${afalg_lib_c[@]}" -lkcapi
			mv -f "$bdir/$f.$$" "$bdir/$f"
		fi
	elif [ ! -x "$bdir/$f" ] || [ "$here/$f.c" -nt "$bdir/$f" ]; then
		cc -O2 -Wall -Wextra -static -o "$bdir/$f.$$" "$here/$f.c"
		mv -f "$bdir/$f.$$" "$bdir/$f"
	fi
done <"$here/programs.list"

stage=$(mktemp -d "$bdir/initramfs.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,var,lib/vmtest}
ln -s ../run "$stage/var/run"	# ip netns keeps its namespaces in /var/run/netns

# busybox and its applets
cp /bin/busybox "$stage/bin/busybox"
for a in $(/bin/busybox --list-full); do
	[ -e "$stage/$a" ] || ln -s /bin/busybox "$stage/$a"
done

# copy a dynamically linked program with the libraries it needs
# (to /usr/bin, or to the directory $2, replacing a busybox applet)
copy_prog() {
	local p=$1 dir=${2:-/usr/bin} lib
	rm -f "$stage/bin/$(basename "$p")" "$stage/sbin/$(basename "$p")" \
		"$stage/usr/bin/$(basename "$p")" "$stage/usr/sbin/$(basename "$p")"
	cp "$p" "$stage$dir/"
	for lib in $(ldd "$p" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$stage$lib" ] && continue
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}
copy_prog /usr/bin/kcapi-enc
copy_prog /usr/sbin/dmsetup
copy_prog "$(command -v cryptsetup)" /usr/sbin
copy_prog "$(command -v ip)" /usr/sbin		# iproute2's, not busybox's applet
copy_prog "$(command -v tc)" /usr/sbin		# iproute2's (netem: diagnostics)
# e2fsprogs' mke2fs and its configuration (the cbc scenario's fscrypt test:
# ext4 with the encrypt feature, which busybox's mke2fs cannot make)
if command -v mke2fs >/dev/null; then
	copy_prog "$(command -v mke2fs)" /usr/sbin
	[ ! -e /etc/mke2fs.conf ] || { mkdir -p "$stage/etc"; cp /etc/mke2fs.conf "$stage/etc/"; }
fi
for f in "${progs[@]}"; do
	copy_prog "$bdir/$f"
done
# the wifi scenario's hostapd, wpa_supplicant, wpa_cli and iw (tools/deps.sh),
# and the regulatory database cfg80211 loads (signed: Debian's kernels and
# the 7.3 build from linux-source-7.3 trust Debian's key)
for p in hostapd wpa_supplicant wpa_cli iw; do
	! command -v "$p" >/dev/null || copy_prog "$(command -v "$p")" /usr/sbin
done
for f in regulatory.db regulatory.db.p7s; do
	[ ! -e "/lib/firmware/$f" ] || { mkdir -p "$stage/lib/firmware"; cp -L "/lib/firmware/$f" "$stage/lib/firmware/"; }
done
# kmod's tools apart, for the modalias scenario (busybox modprobe has no -R,
# --show-depends or softdeps); the other scenarios keep busybox's applets
mkdir -p "$stage/lib/vmtest/kmod"
copy_prog "$(command -v kmod)" /lib/vmtest/kmod
for a in modprobe depmod modinfo lsmod; do ln -s kmod "$stage/lib/vmtest/kmod/$a"; done

# kernel modules: the wanted ones and everything they depend on
# (names a kernel does not have, e.g. ghash_generic on 7.x, are skipped);
# ccm is the template (ccm.ko also holds cbcmac on 6.1 .. 7.3: afalg_ccm's
# oracle), tls the ktls scenario's, mac80211_hwsim and cmac the wifi one's
# (cmac and xcbc also the cmac scenario's oracles)
want="af_alg algif_skcipher algif_aead algif_hash crypto_user ctr ecb cbc cts cryptd crypto_simd aesni_intel tcrypt
gcm ghash_generic seqiv echainiv authenc authencesn hmac sha1 sha256 sha512_ssse3 sha1_generic sha256_generic sha1_ssse3 sha256_ssse3 essiv xts dm_mod dm_crypt dm_integrity brd loop ext4 crc32c_generic crc32c_intel
xfrm_user xfrm_algo esp4 esp4_offload esp6 veth drbg jitterentropy_rng sha512_generic sch_netem
ccm tls mac80211_hwsim cfg80211 mac80211 cmac xcbc"
if [ -n "$ko" ]; then
	for d in $(modinfo -F depends "$ko" | tr ',' ' '); do want="$want $d"; done
fi
declare -A seen=()
read -ra queue <<<"$(echo $want)"
while [ ${#queue[@]} -gt 0 ]; do
	m=${queue[0]}; queue=("${queue[@]:1}")
	[ -n "$m" ] && [ -z "${seen[$m]:-}" ] || continue
	seen[$m]=1
	f=$(modinfo "${mi[@]}" -n "$m" 2>/dev/null || true)
	case "$f" in
	""|"(builtin)") continue ;;   # built into this kernel (or absent)
	esac
	rel=${f#"$moddir"/}
	dst=$stage/lib/modules/$kver/${rel%.xz}
	dst=${dst%.zst}
	dst=${dst%.gz}
	mkdir -p "$(dirname "$dst")"
	case "$f" in
	*.xz)  xz -dc "$f" >"$dst" ;;
	*.zst) zstd -qdc "$f" >"$dst" ;;
	*.gz)  gzip -dc "$f" >"$dst" ;;
	*)     cp "$f" "$dst" ;;
	esac
	for d in $(modinfo "${mi[@]}" -F depends "$m" | tr ',' ' '); do queue+=("$d"); done
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -e "$moddir/$f" ] && cp "$moddir/$f" "$stage/lib/modules/$kver/"
done
# modules.order names compressed files; busybox modprobe only needs modules.dep
sed -i 's/\.ko\.\(xz\|zst\|gz\)$/.ko/' "$stage/lib/modules/$kver/modules.order" 2>/dev/null || true
depmod -b "$stage" "$kver"

ours_name=""
ours_deps=""
if [ -n "$ko" ]; then
	cp "$ko" "$stage/lib/vmtest/"
	ours_name=$(modinfo -F name "$ko")
	ours_deps=$(modinfo -F depends "$ko" | tr ',' ' ')
fi

# VM_EXTRA_KO: test-only modules beside it, also in /lib/vmtest/ (stockfail)
for x in ${VM_EXTRA_KO:-}; do
	cp "$x" "$stage/lib/vmtest/"
done

cat >"$stage/etc/vmtest.conf" <<EOF
KVER='$kver'
OURS_KO='${ko:+/lib/vmtest/$(basename "$ko")}'
OURS_NAME='$ours_name'
OURS_DEPS='$ours_deps'
EOF
# the guest's scripts: /init, the library, one script per scenario
mkdir -p "$stage/vmtest/scenarios"
cp "$here/guest/init.sh" "$stage/init"
chmod 755 "$stage/init"
cp "$here/guest/lib.sh" "$here/guest/families.sh" "$here/guest/users.sh" \
	"$here/guest/knobs.tab" "$here/../families.tab" "$stage/vmtest/"
cp "$here"/guest/scenarios/*.sh "$stage/vmtest/scenarios/"

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
