#!/bin/bash
# luksroot.sh <kver> [<kver>...]  - root on LUKS2: the packaged module unlocks it
#
# Proves, for each Debian kernel named (tools/kernels.sh list: Debian 12's
# 6.1 from the host, Debian 13's 6.12 from the trixie root; the kernel is
# taken from its Debian packages and installed in a system of its own
# release, so a source-built kernel is a SKIP, and so is trixie-backports'
# 7.3: its image needs backports' linux-base, not done here), that
# with the aesni-ctr-dkms package a system whose ROOT file system is a
# LUKS2 volume unlocked by Debian's initramfs (initramfs-tools +
# cryptsetup-initramfs, a key file) gets OUR driver for the root volume's
# dm-crypt, and that with the package's initramfs hook opted out
# (AESNI_CTR_INITRAMFS=no) the same boot gets the stock aesni_intel one.
#
# How:
#  1. A Debian system of the kernel's release in a chroot (12, bookworm,
#     for a host kernel; 13, trixie, for the trixie root's):
#     debootstrap --variant=minbase with initramfs-tools,
#     cryptsetup-initramfs, dkms, gcc, make (cached under
#     build/luksroot/base-<suite>-<stamp>).  In a copy, root on LUKS as an installer
#     leaves it: a key file /etc/keys/root.key, /etc/crypttab "root_crypt
#     UUID=<uuid> /etc/keys/root.key luks,initramfs" (the `initramfs`
#     option: in a chroot the cryptroot hook cannot see that / is that
#     volume), fstab with / on /dev/mapper/root_crypt,
#     KEYFILE_PATTERN="/etc/keys/*.key", UMASK=0077; then the kernel's own
#     Debian packages (linux-image-<kver>, linux-headers-<kver> and the
#     headers' linux-* dependencies, the host's versions, from
#     /var/cache/apt/archives or `apt-get download`; the trixie root's
#     versions from tools/trixie-root.sh debs) with dpkg -i, whose
#     postinst makes /boot/initrd.img-<kver> (cached too:
#     build/luksroot/kernel-<kver>-<stamp>).
#  2. In a fresh copy of that: its initramfs unlocks root_crypt and has no
#     aesni_ctr; then `dpkg -i` of the package (tools/deb.sh builds it):
#     DKMS must build the module for <kver> and the postinst must
#     regenerate the initramfs with aesni_ctr.ko in it and conf/modules
#     loading it (unmkinitramfs in the chroot).
#  3. The LUKS2 volume: an ext4 image made on the host from a directory
#     (mke2fs -d: busybox, dmsetup, /sbin/luksroot-check =
#     luksroot/check.sh, a random token; no /lib/modules), and a setup
#     guest (busybox initramfs, luksroot/setup-init.sh) that luksFormats
#     the disk with that UUID and key (PBKDF2, 1000 iterations) and copies
#     the image into the opened volume.
#  4. Boot "ours": QEMU TCG (-cpu max) with the kernel from /boot and the
#     chroot's initrd, root=/dev/mapper/root_crypt init=/sbin/luksroot-check
#     (disk in snapshot mode).  The check script reports on the second
#     serial port; the host checks: / is /dev/mapper/root_crypt (devno,
#     dm uuid CRYPT-LUKS2-<uuid>-root_crypt, the token), its table is
#     crypt aes-xts-plain64, aesni_ctr is loaded (by the initramfs: the
#     root has no modules) and its log lines come before the root mount,
#     the highest-priority xts(aes) is xts-aes-aesnictr-<impl>, and
#     dm-crypt holds it: its refcnt is above 1 (a registered algorithm
#     counts 1; a tfm adds one) while every stock xts(aes) driver is at 1;
#     the kernel log has no Oops/WARNING/BUG.
#  5. Boot "optout": AESNI_CTR_INITRAMFS=no in
#     /etc/initramfs-tools/conf.d/aesni-ctr, update-initramfs -u -k <kver>
#     in the chroot: the initramfs must have no aesni_ctr.ko and still
#     unlock root; the same boot must show aesni_ctr not loaded and
#     dm-crypt holding aesni_intel's highest-priority xts(aes) (refcnt > 1).
#
# Nothing touches the host's kernel, devices, /boot or packages: the
# chroot gets /proc mounted only while dpkg, DKMS and update-initramfs run
# (a trap unmounts it), no /dev mount (its static nodes only, and
# /dev/mapper is made a plain file so that libdevmapper, which the
# cryptroot hook runs, cannot create a control node to the host's
# device-mapper; the chroot's /dev is compared before and after), and
# modprobe/insmod/rmmod in the chroot's PATH are stubs that refuse loading.
#
# Output (KTAP, like run.sh): "ok N - <kver> luksroot: <text>", "not ok N -
# ...", "ok N - ... # SKIP <why>", "# ..." diagnostics, then per kernel the
# time taken, "1..N" and "luksroot: N passed, M failed, K skipped".  Exit
# status 0 only if every check passed.
# Logs: build/luksroot/<kver>/ (dpkg, DKMS, update-initramfs, the guests'
# .console and .results, the initramfs listings).
# Several kernels run at once (LUKSROOT_JOBS at a time, default 2; each a
# child run of this script whose lines are renumbered into one plan).
# Environment: LUKSROOT_DEB=<.deb> (skip tools/deb.sh), LUKSROOT_KEEP=1
# (keep the per-run chroot build/luksroot/<kver>/root, ~1 GB),
# LUKSROOT_TIMEOUT (seconds per boot, 300), VM_QEMU (see vmlib.sh).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd -P)
root=$(cd "$here/../.." && pwd -P)
lr=$here/luksroot
top=$root/build/luksroot
[ $# -ge 1 ] || { echo "usage: $0 <kver> [<kver>...]   (tools/kernels.sh versions)" >&2; exit 2; }
# shellcheck disable=SC1091	# (vm_kernel, vm_qemu_check)
. "$here/vmlib.sh"
PATH=$PATH:/usr/sbin:/sbin
export LC_ALL=C

MIRROR=${LUKSROOT_MIRROR:-http://deb.debian.org/debian}
INCLUDE=initramfs-tools,cryptsetup-initramfs,kmod,dmsetup,dkms,gcc,make,busybox,openssl,xz-utils,zstd,pahole,linux-base
BASE_REV=1	# bump when the base tree's recipe changes
KERNEL_REV=2	# the same for the kernel trees
TMO=${LUKSROOT_TIMEOUT:-300}

npass=0 nfail=0 nskip=0 nt=0
emit() {	# ok|fail|skip TEXT [WHY]
	nt=$((nt + 1))
	case "$1" in
	ok) echo "ok $nt - $2"; npass=$((npass + 1)) ;;
	skip) echo "ok $nt - $2 # SKIP $3"; nskip=$((nskip + 1)) ;;
	*) echo "not ok $nt - $2"; nfail=$((nfail + 1)) ;;
	esac
}
# check STATUS OK-TEXT FAIL-TEXT (under the current $tag)
check() { if [ "$1" -eq 0 ]; then emit ok "$tag: $2"; else emit fail "$tag: $3"; fi; }
diag() { sed "s/^/# [$tag] /"; }
lap_t=0
lap() { local n; n=$(date +%s); echo "# [$tag] $1: $((n - lap_t)) s"; lap_t=$n; }	# STEP

# --- the chroot -----------------------------------------------------------
# the /proc mounts this run made (subshells too: $$ is this script's), for
# the trap; another run's (LUKSROOT_JOBS) are not ours to unmount
mtab=$top/.mounts.$$
cleanup() {
	local m
	[ -f "$mtab" ] || return 0
	sort -u -r "$mtab" | while read -r m; do
		if awk -v m="$m" '$2 == m { f = 1 } END { exit !f }' /proc/mounts; then
			umount "$m" 2>/dev/null || umount -l "$m"
		fi
	done
	rm -f "$mtab"
}
trap cleanup EXIT
trap 'cleanup; echo "not ok $((nt + 1)) - luksroot: interrupted"; exit 130' INT TERM

# what must never change in a chroot's /dev: its static nodes (no mount)
dev_list() { find "$1/dev" -exec stat -c '%n %F %a %u:%g %t:%T' {} + 2>/dev/null | sort; }

# make_safe R: the chroot's stubs and a /dev that leads nowhere
make_safe() {
	local r=$1 t
	rm -rf "$r/dev/mapper"
	: >"$r/dev/mapper"	# libdevmapper cannot mkdir /dev/mapper/control
	mkdir -p "$r/luksroot-stub"
	for t in modprobe insmod rmmod; do
		cat >"$r/luksroot-stub/$t" <<EOF
#!/bin/sh
# luksroot.sh: queries pass, loading or unloading a module is refused
case " \$* " in
*" --show-depends "*|*" -D "*|*" --showconfig "*|*" -c "*|*" --dry-run "*|*" -n "*|*" -R "*|*" --resolve-alias "*)
	[ $t = modprobe ] && exec /sbin/modprobe "\$@" ;;
esac
echo "$t \$*" >>/luksroot-stub/refused.log
echo "luksroot.sh: $t \$* refused in this chroot" >&2
exit 1
EOF
		chmod 755 "$r/luksroot-stub/$t"
	done
}

# in_chroot R CMD...: CMD in chroot R with /proc mounted (DKMS needs it),
# the stubs first in PATH; /proc unmounted after
in_chroot() {
	local r=$1 rc
	shift
	echo "$r/proc" >>"$mtab"
	mount -t proc proc "$r/proc" || return 1
	chroot "$r" /usr/bin/env -i PATH=/luksroot-stub:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C DEBIAN_FRONTEND=noninteractive TERM=dumb "$@"
	rc=$?
	umount "$r/proc" || umount -l "$r/proc"
	return $rc
}

# suite_of KVER: the Debian release its packages are for (bookworm: the
# host's; trixie...: the trixie root's, tools/trixie-root.sh suite)
suite_of() {
	case "$("$root/tools/kernels.sh" where "$1" 2>/dev/null)" in
	host) echo bookworm ;;
	trixie-root) "$root/tools/trixie-root.sh" suite "$1" ;;
	*) return 1 ;;
	esac
}

# base_tree SUITE: prints the cached debootstrap tree (built under a lock)
base_tree() {
	local suite=$1 stamp dir tmp
	stamp=$(printf '%s\n' "$suite" "$MIRROR" "$INCLUDE" "$BASE_REV" "$(debootstrap --version)" |
		sha256sum | cut -c1-12)
	dir=$top/base-$suite-$stamp
	mkdir -p "$top"
	(
		flock 9
		[ -f "$dir/.luksroot-done" ] && exit 0
		tmp=$dir.tmp
		# (older recipes' trees of this suite go; the kernel trees
		# made from them are remade: their stamp names the base)
		rm -rf "$tmp" "$dir" "$top/base-$suite-"*
		mkdir -p "$top/debs-$suite"
		debootstrap --variant=minbase --cache-dir="$top/debs-$suite" --include="$INCLUDE" \
			"$suite" "$tmp" "$MIRROR" >"$top/debootstrap-$stamp.log" 2>&1 || exit 1
		rm -rf "$tmp/var/cache/apt/archives/"*.deb
		make_safe "$tmp"
		touch "$tmp/.luksroot-done"
		mv "$tmp" "$dir"
	) 9>"$top/.lock-base-$suite" || { echo "debootstrap of $suite failed (log: $top/debootstrap-$stamp.log)"; return 1; }
	echo "$dir"
}

# the kernel's .debs at the host's versions: its image, its headers and
# the headers' linux-* dependencies (common headers, kbuild, compiler)
deb_of() {	# PACKAGE: prints the path of its .deb at the host's version
	local p=$1 v a f
	v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null)
	if [ -z "$v" ]; then echo "package $p is not installed on the host" >&2; return 1; fi
	a=$(dpkg-query -W -f='${Architecture}' "$p")
	f="${p}_${v//:/%3a}_$a.deb"
	if [ -f "/var/cache/apt/archives/$f" ]; then
		echo "/var/cache/apt/archives/$f"
		return
	fi
	mkdir -p "$top/debs"
	[ -f "$top/debs/$f" ] || (cd "$top/debs" && apt-get download -q "$p=$v" >&2) || return 1
	[ -f "$top/debs/$f" ] || { echo "apt-get download $p=$v gave no $f" >&2; return 1; }
	echo "$top/debs/$f"
}
kernel_debs() {	# KVER: prints the .debs, one per line
	local k=$1 img hdr d
	if [ "$("$root/tools/kernels.sh" where "$k")" = trixie-root ]; then
		"$root/tools/trixie-root.sh" debs "$k" 2>/dev/null
		return
	fi
	img=$(dpkg -S "/boot/vmlinuz-$k" 2>/dev/null | cut -d: -f1)
	if [ -z "$img" ]; then echo "no package owns /boot/vmlinuz-$k" >&2; return 1; fi
	hdr=linux-headers-$k
	deb_of "$img" && deb_of "$hdr" || return 1
	for d in $(dpkg-query -W -f='${Depends}' "$hdr" | tr ',|' '\n' |
		awk '{ print $1 }' | grep '^linux-' | grep -v -x -e "$img" -e "$img-unsigned" -e linux-base | sort -u); do
		dpkg-query -W "$d" >/dev/null 2>&1 || continue	# an alternative not installed
		deb_of "$d" || return 1
	done
}

# luks_config R: the system's root on LUKS, as the installer leaves it (a
# new UUID and key file): /etc/crypttab, fstab, the key, KEYFILE_PATTERN,
# UMASK; the `initramfs` option because in a chroot the cryptroot hook
# cannot see that / is that volume
luks_config() {
	local r=$1
	install -d -m 700 "$r/etc/keys"
	(umask 077 && head -c 64 /dev/urandom >"$r/etc/keys/root.key") || return 1
	echo "root_crypt UUID=$(cat /proc/sys/kernel/random/uuid) /etc/keys/root.key luks,initramfs" >"$r/etc/crypttab"
	echo "/dev/mapper/root_crypt / ext4 errors=remount-ro 0 1" >"$r/etc/fstab"
	echo 'KEYFILE_PATTERN="/etc/keys/*.key"' >>"$r/etc/cryptsetup-initramfs/conf-hook"
	echo 'UMASK=0077' >>"$r/etc/initramfs-tools/initramfs.conf"
}

# kernel_tree KVER BASE: prints the cached tree with root on LUKS
# configured and then the kernel installed (whose postinst made an
# initramfs that unlocks root, without aesni_ctr)
kernel_tree() {
	local k=$1 base=$2 debs stamp dir tmp
	debs=$(kernel_debs "$k") || return 1
	stamp=$(printf '%s\n' "$base" "$debs" "$KERNEL_REV" | sha256sum | cut -c1-12)
	dir=$top/kernel-$k-$stamp
	(
		flock 9
		[ -f "$dir/.luksroot-done" ] && exit 0
		tmp=$dir.tmp
		rm -rf "$tmp" "$dir" "$top/kernel-$k-"*	# (and older ones of this kernel)
		cp -a "$base" "$tmp" || exit 1
		luks_config "$tmp" || exit 1
		mkdir -p "$tmp/tmp/debs"
		# shellcheck disable=SC2086
		cp $debs "$tmp/tmp/debs/" || exit 1
		in_chroot "$tmp" sh -c 'dpkg -i /tmp/debs/*.deb' >"$top/kernel-$k-$stamp.log" 2>&1 || exit 1
		rm -rf "$tmp/tmp/debs"
		[ -f "$tmp/boot/initrd.img-$k" ] && [ -f "$tmp/lib/modules/$k/build/Makefile" ] || exit 1
		touch "$tmp/.luksroot-done"
		mv "$tmp" "$dir"
	) 9>"$top/.lock-kernel-$k" || { echo "installing $k's packages in the chroot failed (log: $top/kernel-$k-$stamp.log)"; return 1; }
	echo "$dir"
}

# --- the images -------------------------------------------------------------
# copy_prog STAGE PROG [DIR]: PROG and its shared libraries into STAGE
copy_prog() {
	local s=$1 p=$2 dir=${3:-/sbin} lib
	mkdir -p "$s$dir"
	rm -f "$s$dir/$(basename "$p")"
	cp "$p" "$s$dir/"
	for lib in $(ldd "$p" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$s$lib" ] && continue
		mkdir -p "$s$(dirname "$lib")"
		cp -L "$lib" "$s$lib"
	done
}
busybox_into() {	# STAGE
	local a
	mkdir -p "$1/bin" "$1/sbin" "$1/usr/bin" "$1/usr/sbin"
	cp /bin/busybox "$1/bin/busybox"
	for a in $(/bin/busybox --list-full); do
		[ -e "$1/$a" ] || ln -s /bin/busybox "$1/$a"
	done
}

# rootfs_image DIR TOKEN: DIR/rootfs.img, the ext4 root file system
rootfs_image() {
	local d=$1 s=$1/rootfs
	rm -rf "$s"
	mkdir -p "$s"/{proc,sys,dev,run,tmp,root,etc,mnt}
	busybox_into "$s"
	copy_prog "$s" "$(command -v dmsetup)" /sbin
	install -m 755 "$lr/check.sh" "$s/sbin/luksroot-check"
	echo "$2" >"$s/luksroot-token"
	echo "/dev/mapper/root_crypt / ext4 ro 0 1" >"$s/etc/fstab"
	rm -f "$d/rootfs.img"
	mke2fs -q -t ext4 -L luksroot -d "$s" "$d/rootfs.img" 32M
}

# setup_initrd KVER DIR UUID: DIR/setup.cpio.gz, the setup guest
setup_initrd() {
	local k=$1 d=$2 s=$2/setup m f rel dst q
	rm -rf "$s"
	mkdir -p "$s"/{proc,sys,dev,run,tmp,etc}
	busybox_into "$s"
	copy_prog "$s" "$(command -v cryptsetup)" /sbin
	install -m 755 "$lr/setup-init.sh" "$s/init"
	cp "$d/root.key" "$s/root.key"
	echo "UUID=$3" >"$s/setup.conf"
	echo "virtio_pci virtio_blk dm_mod dm_crypt xts ecb aesni_intel af_alg algif_skcipher" >"$s/modules"
	# those modules (less the built-in ones) and what they depend on, decompressed
	# shellcheck disable=SC2207
	q=($(cat "$s/modules"))
	declare -A seen=()
	while [ ${#q[@]} -gt 0 ]; do
		m=${q[0]}; q=("${q[@]:1}")
		if [ -z "$m" ] || [ -n "${seen[$m]:-}" ]; then continue; fi
		seen[$m]=1
		f=$(modinfo -b "$VM_MODROOT" -k "$k" -n "$m" 2>/dev/null) || continue
		case "$f" in /*) ;; *) continue ;; esac	# (builtin)
		rel=${f#"${VM_MODROOT%/}"/lib/modules/"$k"/}
		dst=$s/lib/modules/$k/${rel%.xz}
		mkdir -p "$(dirname "$dst")"
		case "$f" in
		*.xz) xz -dc "$f" >"$dst" ;;
		*.zst) dst=${dst%.zst}; zstd -qdc "$f" >"$dst" ;;
		*) cp "$f" "$dst" ;;
		esac
		# shellcheck disable=SC2207
		q+=($(modinfo -b "$VM_MODROOT" -k "$k" -F depends "$m" | tr ',' ' '))
	done
	cp "${VM_MODROOT%/}/lib/modules/$k/modules.builtin" "$s/lib/modules/$k/" 2>/dev/null
	depmod -b "$s" "$k" || return 1
	(cd "$s" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$d/setup.cpio.gz"
}

# qemu_boot NAME INITRD APPEND DRIVE...: boots, the logs are DIR/NAME.*
# (aesni_ctr.calibrate=0, read by kmod's modprobe from /proc/cmdline where
# /proc is mounted, and from the chroot's /etc/modprobe.d/luksroot-test.conf
# where not: emulated timings mean nothing, so the tables decide, as the
# checks expect)
qemu_boot() {
	local name=$1 initrd=$2 append=$3 drives=() rc t0
	shift 3
	for f in "$@"; do drives+=(-drive "$f"); done
	rm -f "$d/$name.console" "$d/$name.results"
	t0=$(date +%s)
	timeout -k 10 "$TMO" "$VM_QEMU" -accel tcg -cpu max -smp "${LUKSROOT_SMP:-2}" -m 1G \
		-nographic -no-reboot -nodefaults -monitor none \
		-serial "file:$d/$name.console" -serial "file:$d/$name.results" \
		-kernel "$VM_VMLINUZ" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 random.trust_cpu=on log_buf_len=4M aesni_ctr.calibrate=0 $append" \
		"${drives[@]}" </dev/null >"$d/$name.qemu" 2>&1
	rc=$?
	secs=$(($(date +%s) - t0))
	touch "$d/$name.console" "$d/$name.results"
	sed -i 's/\r$//' "$d/$name.console" "$d/$name.results"
	return $rc
}

# --- the checks -----------------------------------------------------------
# initramfs_facts NAME: what the chroot's initrd holds, from one
# unmkinitramfs (run in the chroot): DIR/NAME.list (its files, as
# lsinitramfs names them), NAME.modules (conf/modules), NAME.crypttab
# (cryptroot/crypttab), NAME.keyfiles
initramfs_facts() {
	local n=$1 x=/tmp/luksroot-unmk
	rm -rf "${R:?}$x"
	in_chroot "$R" unmkinitramfs "/boot/initrd.img-$k" "$x" >"$d/$n.unmk" 2>&1 || return 1
	# (an early microcode archive puts the main one under main/)
	[ -d "$R$x/main" ] && x=$x/main
	(cd "$R$x" && find . -mindepth 1 | sed 's|^\./||' | sort) >"$d/$n.list"
	cat "$R$x/conf/modules" >"$d/$n.modules" 2>/dev/null
	cat "$R$x/cryptroot/crypttab" >"$d/$n.crypttab" 2>/dev/null
	ls -la "$R$x/cryptroot/keyfiles" >"$d/$n.keyfiles" 2>&1
	rm -rf "${R:?}/tmp/luksroot-unmk"
	[ -s "$d/$n.list" ]
}

# judge_boot NAME WANT: the checks of one boot's report; WANT is ours
# (aesni_ctr's xts held by dm-crypt) or stock (aesni_intel's)
judge_boot() {
	local n=$1 want=$2 res=$d/$1.results con=$d/$1.console dm=$d/$1.dmesg
	local l mnt devno dmline table top held others t1 t2 bad
	sed -n '/^===DMESG BEGIN===$/,/^===DMESG END===$/p' "$res" | sed '1d;$d' >"$dm"
	if grep -q '^===LUKSROOT END===$' "$res"; then
		emit ok "$tag $n: booted from the LUKS2 root and /sbin/luksroot-check ran to completion in $secs s"
	else
		emit fail "$tag $n: no report from /sbin/luksroot-check (qemu status $rc, $secs s; $(grep -E -m3 'cryptsetup|Gave up|ALERT|panic' "$con" | tr '\n' ' ')log: $con)"
		return
	fi
	mnt=$(sed -n 's/^root-mount //p' "$res")
	devno=$(sed -n 's/^root-devno //p' "$res")
	dmline=$(awk -v dn="$devno" '$1 == "dm" && $3 == dn { print $2, $4 }' "$res")
	local wantuuid="CRYPT-LUKS2-${uuid//-/}-root_crypt"
	check "$([ "${mnt%% *}" = /dev/mapper/root_crypt ] && [ "$dmline" = "root_crypt $wantuuid" ] &&
		grep -qx "token $token" "$res" && grep -qx 'modules-dir absent' "$res"; echo $?)" \
		"$n: / is /dev/mapper/root_crypt ($mnt; devno $devno = dm $dmline), the image's token read back, no /lib/modules in it" \
		"$n: / is not the LUKS2 volume: mount '$mnt', devno $devno, dm '$dmline' (want root_crypt $wantuuid), $(grep -E '^(token|modules-dir) ' "$res" | tr '\n' ' ')"
	table=$(sed -n 's/^table root_crypt: //p' "$res")
	check "$(echo "$table" | awk '$3 == "crypt" && $4 == "aes-xts-plain64" { f = 1 } END { exit !f }'; echo $?)" \
		"$n: dm table of root_crypt: $table" \
		"$n: dm table of root_crypt is '$table', want crypt aes-xts-plain64"
	# xts(aes): "crypto driver module priority refcnt selftest internal"
	top=$(awk '$1 == "crypto" && $7 != "yes" && $6 == "passed"' "$res" | sort -k4,4nr | head -1 | cut -d' ' -f2-)
	sed -n 's/^crypto /# ['"$tag $n"'] xts(aes): /p' "$res"
	grep -E '\baesni_ctr\b' "$dm" | grep -v 'taints kernel' | head -8 | sed "s/^/# [$tag $n] dmesg: /"
	if [ "$want" = ours ]; then
		l=$(awk '$1 == "module" && $2 == "aesni_ctr"' "$res")
		t1=$(grep -m1 -E '\] aesni_ctr: ' "$dm" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p')
		t2=$(grep -m1 -E 'EXT4-fs \(dm-[0-9]+\): mounted filesystem' "$dm" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p')
		check "$([ -n "$l" ] && [ -n "$t1" ] && [ -n "$t2" ] && awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(a < b) }'; echo $?)" \
			"$n: aesni_ctr loaded by the initramfs (the root has no modules): '${l#module }', its first log line at $t1 s, the root mounted at $t2 s" \
			"$n: aesni_ctr not loaded by the initramfs before the root was mounted (/proc/modules: '${l:-none}'; first aesni_ctr line at ${t1:-none} s, root mounted at ${t2:-?} s)"
		l=$(grep -m1 -o 'aesni_ctr: version .*' "$dm")
		check "$(echo "$l" | grep -q 'timing at load off'; echo $?)" \
			"$n: aesni_ctr read calibrate=0 (no timing under emulation: the tables decide)" \
			"$n: aesni_ctr did not read calibrate=0: '${l:-no version line}'"
		held=$(echo "$top" | awk '$2 == "aesni_ctr" && $1 ~ /^xts-aes-aesnictr-/ && $4 > 1')
		others=$(awk '$1 == "crypto" && $3 != "aesni_ctr" && $7 != "yes" && $5 != 1 { print $2 "(" $3 ", refcnt " $5 ")" }' "$res" | tr '\n' ' ')
		check "$([ -n "$held" ] && [ -z "$others" ]; echo $?)" \
			"$n: the root volume's dm-crypt holds OUR xts(aes): the highest-priority entry $(echo "$top" | awk '{ print $1 " (module " $2 ", priority " $3 ", refcnt " $4 ")" }'), every other xts(aes) driver idle at refcnt 1" \
			"$n: the root volume's dm-crypt does not hold ours alone: top xts(aes) '${top:-none}'$( [ -n "$others" ] && echo "; held elsewhere: $others")"
	else
		l=$(awk '$1 == "module" && $2 == "aesni_ctr"' "$res")
		# (the loader's taint lines come before a refused init)
		check "$([ -z "$l" ] && ! grep -E '\] aesni_ctr: ' "$dm" |
			grep -v -E 'taints kernel|module verification failed' | grep -q .; echo $?)" \
			"$n: aesni_ctr not loaded (not in /proc/modules, no log line of its own)" \
			"$n: aesni_ctr is loaded or ran its init: '$l'"
		held=$(echo "$top" | awk '$2 == "aesni_intel" && $4 > 1')
		check "$([ -n "$held" ]; echo $?)" \
			"$n: the root volume's dm-crypt holds the STOCK xts(aes): the highest-priority entry $(echo "$top" | awk '{ print $1 " (module " $2 ", priority " $3 ", refcnt " $4 ")" }')" \
			"$n: the top xts(aes) '${top:-none}' is not aesni_intel's with refcnt > 1"
	fi
	local pat=$VM_KLOG_BAD
	bad=$( { cat "$dm"; cat "$con"; } | grep -E "$pat" |
		grep -v 'Speculative Return Stack Overflow: WARNING: See ' | sort -u | head -5)
	if [ -n "$bad" ]; then
		emit fail "$tag $n: kernel log has: $(echo "$bad" | tr '\n' '|' | cut -c1-600)"
	elif [ -s "$dm" ]; then
		emit ok "$tag $n: kernel log free of WARNING/BUG/Oops/Call Trace/alg: failed"
	else
		emit fail "$tag $n: no kernel log captured"
	fi
}

# --- one kernel ---------------------------------------------------------------
run_kernel() {
	k=$1 tag="$1 luksroot" d=$top/$1 R=$top/$1/root
	local t0 base ktree why ko before after cm ver bdev f l suite
	t0=$(date +%s) lap_t=$(date +%s)
	if ! why=$(vm_kernel "$k"); then emit fail "$tag: $why"; return; fi
	vm_kernel "$k"
	if ! suite=$(suite_of "$k"); then
		emit skip "$tag: root on LUKS with the package" "not a Debian kernel package ($VM_VMLINUZ): the test installs the kernel's .debs in a Debian chroot"
		return
	fi
	case "$suite" in
	bookworm|trixie) ;;
	*)	emit skip "$tag: root on LUKS with the package" "a $suite kernel: its image needs $suite's linux-base in the chroot (not done)"
		return ;;
	esac
	rm -rf "$d"
	mkdir -p "$d"
	echo "# $tag: image $VM_VMLINUZ, QEMU $VM_QEMU_VERSION, logs in $d"

	# 1. the chroot: Debian of the kernel's release with its packages
	if ! base=$(base_tree "$suite"); then emit fail "$tag: $base"; return; fi
	if ! ktree=$(kernel_tree "$k" "$base"); then emit fail "$tag: $ktree"; return; fi
	cp -a "$ktree" "$R" || { emit fail "$tag: copying $ktree"; return; }
	rm -f "$R/.luksroot-done"
	lap "the chroot (debootstrap and the kernel's packages, cached: $(basename "$base"), $(basename "$ktree"))"
	bdev=$(dev_list "$R")

	# 2. the system before the package: its initramfs unlocks root (the
	# crypttab entry, the key file), without aesni_ctr; then the package
	uuid=$(awk '$1 == "root_crypt" { sub(/^UUID=/, "", $2); print $2 }' "$R/etc/crypttab")
	install -m 600 "$R/etc/keys/root.key" "$d/root.key"
	token=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
	initramfs_facts initrd-before || emit fail "$tag: unmkinitramfs of the initrd before the package failed (log: $d/initrd-before.unmk)"
	check "$(grep -q "^root_crypt UUID=$uuid /cryptroot/keyfiles/root_crypt.key " "$d/initrd-before.crypttab" &&
		! grep -q 'aesni_ctr' "$d/initrd-before.list" "$d/initrd-before.modules"; echo $?)" \
		"before the package: /etc/crypttab '$(cat "$R/etc/crypttab")'; the kernel's initramfs unlocks root_crypt with the key file, no aesni_ctr in it" \
		"before the package the initramfs has cryptroot/crypttab '$(cat "$d/initrd-before.crypttab" 2>/dev/null)' and $(grep -c 'aesni_ctr' "$d/initrd-before.list") aesni_ctr files"
	# the test's own option file beside the package's (emulated timings
	# mean nothing, so the tables decide, as the checks expect): the
	# kernel command line's aesni_ctr.calibrate=0 is not always read.
	# Debian 12's 6.1 requested the module during its own init (at 6.6 s
	# of an 8.3 s kernel init, a 6 December check), before /init mounts
	# /proc, so kmod's modprobe found no /proc/cmdline and the module
	# timed itself under TCG; the initramfs's /etc/modprobe.d it does read
	echo 'options aesni_ctr calibrate=0' >"$R/etc/modprobe.d/luksroot-test.conf"
	ver=$(dpkg-deb -f "$deb" Version)
	cp "$deb" "$R/tmp/"
	before=$(sha256sum <"$R/boot/initrd.img-$k")
	in_chroot "$R" dpkg -i "/tmp/$(basename "$deb")" >"$d/dpkg-install.log" 2>&1
	# shellcheck disable=SC2016	# dpkg-query's format
	check "$([ "$(chroot "$R" dpkg-query -W -f='${db:Status-Status}' aesni-ctr-dkms 2>/dev/null)" = installed ]; echo $?)" \
		"dpkg -i $(basename "$deb") in the chroot (crypttab set first): installed" \
		"dpkg -i $(basename "$deb") in the chroot failed (log: $d/dpkg-install.log): $(tail -3 "$d/dpkg-install.log" | tr '\n' ' ')"
	ko=
	for f in "$R/lib/modules/$k/updates/dkms/"aesni_ctr.ko*; do [ -f "$f" ] && ko=$f; done
	check "$([ -n "$ko" ] && [ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$k" ] && [ "$(modinfo -F version "$ko")" = "$ver" ]; echo $?)" \
		"DKMS built the module for $k: ${ko#"$R"} (vermagic $k, version $ver)" \
		"DKMS built no module for $k (${ko:-no updates/dkms/aesni_ctr.ko*}; $(grep -i -m2 -e error -e fail "$d/dpkg-install.log" | tr '\n' ' '))"
	after=$(sha256sum <"$R/boot/initrd.img-$k")
	grep -E '^update-initramfs: |^Processing triggers for initramfs' "$d/dpkg-install.log" | diag
	initramfs_facts initrd-ours || emit fail "$tag: unmkinitramfs of /boot/initrd.img-$k failed (logs: $d/initrd-ours.*)"
	cm=$(grep -E '(^|[[:space:]])aesni_ctr$' "$d/initrd-ours.modules")
	check "$([ "$before" != "$after" ] && grep -q "lib/modules/$k/updates/dkms/aesni_ctr\.ko" "$d/initrd-ours.list" && [ -n "$cm" ]; echo $?)" \
		"the postinst regenerated /boot/initrd.img-$k: it holds $(grep -m1 'aesni_ctr\.ko' "$d/initrd-ours.list") and conf/modules loads it ('$cm')" \
		"the initramfs after dpkg -i: $([ "$before" != "$after" ] && echo regenerated || echo NOT regenerated), aesni_ctr.ko $(grep -q 'aesni_ctr\.ko' "$d/initrd-ours.list" && echo present || echo MISSING), conf/modules: '$(tr '\n' ';' <"$d/initrd-ours.modules")'"
	check "$(grep -q "^root_crypt UUID=$uuid /cryptroot/keyfiles/root_crypt.key " "$d/initrd-ours.crypttab" && grep -q 'root_crypt.key' "$d/initrd-ours.keyfiles"; echo $?)" \
		"the initramfs unlocks root_crypt with the key file: cryptroot/crypttab '$(cat "$d/initrd-ours.crypttab")'" \
		"the initramfs's cryptroot/crypttab is '$(cat "$d/initrd-ours.crypttab" 2>/dev/null)', key files: $(tr '\n' ' ' <"$d/initrd-ours.keyfiles")"
	cp "$R/boot/initrd.img-$k" "$d/initrd-ours.img"
	lap "dpkg -i of the package (DKMS build, initramfs) and its checks"

	# 3. the LUKS2 volume (setup guest)
	if ! rootfs_image "$d" "$token" >"$d/rootfs.log" 2>&1 || ! setup_initrd "$k" "$d" "$uuid" >"$d/setup.log" 2>&1; then
		emit fail "$tag: building the root image or the setup guest failed (logs: $d/rootfs.log, $d/setup.log)"
		return
	fi
	rm -f "$d/disk.img"
	truncate -s 48M "$d/disk.img"
	qemu_boot setup "$d/setup.cpio.gz" "" "file=$d/disk.img,if=virtio,format=raw" \
		"file=$d/rootfs.img,if=virtio,format=raw,readonly=on"
	rc=$?
	l=$(sed -n 's/^SETUP: //p' "$d/setup.results" | tail -1)
	check "$([ "$l" = "ok $uuid LUKS2 aes-xts-plain64" ]; echo $?)" \
		"the setup guest made the LUKS2 root volume ($l, $secs s)" \
		"the setup guest failed (qemu status $rc): '${l:-no report}' (log: $d/setup.console)"
	case "$l" in ok*) ;; *) return ;; esac
	lap "the root image and the setup guest"

	# 4. boot with the package's initramfs
	local app="root=/dev/mapper/root_crypt ro init=/sbin/luksroot-check"
	qemu_boot ours "$d/initrd-ours.img" "$app" "file=$d/disk.img,if=virtio,format=raw,snapshot=on"
	rc=$?
	judge_boot ours ours
	lap "boot ours"

	# 4b. the boot-time off switch with the package's initramfs:
	# modprobe.blacklist= is kmod's and needs /proc/cmdline, which a load
	# requested by the kernel before /init does not have (see 2.); the
	# kernel reads initcall_blacklist= itself, so it holds however early
	# and by whom the module is loaded (its init, aesnictr_init, refused)
	qemu_boot blacklist "$d/initrd-ours.img" "$app modprobe.blacklist=aesni_ctr" \
		"file=$d/disk.img,if=virtio,format=raw,snapshot=on"
	l=$(awk '$1 == "module" && $2 == "aesni_ctr" { print "loaded anyway: " $0 }' "$d/blacklist.results")
	echo "# [$tag blacklist] modprobe.blacklist=aesni_ctr alone: aesni_ctr ${l:-not loaded}"
	qemu_boot cmdoff "$d/initrd-ours.img" \
		"$app modprobe.blacklist=aesni_ctr initcall_blacklist=aesnictr_init" \
		"file=$d/disk.img,if=virtio,format=raw,snapshot=on"
	rc=$?
	judge_boot cmdoff stock
	lap "boots with the module turned off on the kernel command line"

	# 5. opted out: AESNI_CTR_INITRAMFS=no, update-initramfs -u -k <kver>
	sed -i 's/^AESNI_CTR_INITRAMFS=.*/AESNI_CTR_INITRAMFS=no/' "$R/etc/initramfs-tools/conf.d/aesni-ctr"
	in_chroot "$R" update-initramfs -u -k "$k" >"$d/update-initramfs-optout.log" 2>&1
	rc=$?
	initramfs_facts initrd-optout || emit fail "$tag: unmkinitramfs of the opted-out initrd failed"
	check "$([ $rc -eq 0 ] && grep -qx 'AESNI_CTR_INITRAMFS=no' "$R/etc/initramfs-tools/conf.d/aesni-ctr" &&
		! grep -q 'aesni_ctr' "$d/initrd-optout.list" "$d/initrd-optout.modules" &&
		grep -q "^root_crypt UUID=$uuid " "$d/initrd-optout.crypttab"; echo $?)" \
		"AESNI_CTR_INITRAMFS=no, update-initramfs -u -k $k: no aesni_ctr in the initramfs, which still unlocks root_crypt" \
		"opted out (update-initramfs status $rc): the initramfs still has '$(grep -h 'aesni_ctr' "$d/initrd-optout.list" "$d/initrd-optout.modules" | tr '\n' ' ')' or lost root_crypt ('$(cat "$d/initrd-optout.crypttab" 2>/dev/null)')"
	cp "$R/boot/initrd.img-$k" "$d/initrd-optout.img"
	lap "opting out (update-initramfs)"
	qemu_boot optout "$d/initrd-optout.img" "$app" "file=$d/disk.img,if=virtio,format=raw,snapshot=on"
	rc=$?
	judge_boot optout stock
	lap "boot optout"

	# nothing in the chroot reached for a device or loaded a module
	after=$(dev_list "$R")
	check "$([ "$bdev" = "$after" ] && [ ! -s "$R/luksroot-stub/refused.log" ]; echo $?)" \
		"the chroot's /dev is as it was (no node made: /dev/mapper is a plain file) and no modprobe/insmod/rmmod was refused" \
		"the chroot reached for the host: /dev changed ($(diff <(echo "$bdev") <(echo "$after") | grep '^[<>]' | tr '\n' ' ')) or refused loads: $(tr '\n' ';' 2>/dev/null <"$R/luksroot-stub/refused.log")"
	[ -n "${LUKSROOT_KEEP:-}" ] || rm -rf "$R"
	echo "# $tag: took $(($(date +%s) - t0)) s"
}

# --- main -------------------------------------------------------------------
[ "$(id -u)" = 0 ] || { echo "not ok 1 - luksroot: needs root (chroot, dpkg in it)"; exit 1; }
for t in debootstrap chroot mke2fs cpio gzip xz zstd modinfo depmod busybox cryptsetup dmsetup dpkg-deb flock; do
	command -v "$t" >/dev/null || { echo "not ok 1 - luksroot: $t missing (tools/deps.sh)"; exit 1; }
done
if ! why=$(vm_qemu_check); then echo "not ok 1 - luksroot: $why"; exit 1; fi
vm_qemu_check
t_start=$(date +%s)
echo "KTAP version 1"
mkdir -p "$top"
deb=${LUKSROOT_DEB:-}
if [ -z "$deb" ]; then
	mkdir -p "$top/pkg"
	if d0=$("$root/tools/deb.sh" 2>"$top/deb.log" | tail -1) && [ -f "$root/$d0" ]; then
		cp "$root/$d0" "$top/pkg/" && deb=$top/pkg/$(basename "$d0")
		echo "# luksroot: package $d0 (tools/deb.sh)"
	else
		emit fail "luksroot: tools/deb.sh failed: $(tail -3 "$top/deb.log" | tr '\n' ' ')"
	fi
fi
# merge FILE: a child's KTAP lines, renumbered into this run's
merge() {
	local l
	while IFS= read -r l; do
		case "$l" in
		"ok "*" # SKIP "*) l=${l#ok * - }; emit skip "${l% \# SKIP *}" "${l##* \# SKIP }" ;;
		"ok "*) emit ok "${l#ok * - }" ;;
		"not ok "*) emit fail "${l#not ok * - }" ;;
		"KTAP version"*|1..*|"luksroot: "*) ;;
		*) echo "$l" ;;
		esac
	done <"$1"
}
if [ -n "$deb" ] && [ -f "$deb" ]; then
	deb=$(realpath "$deb")
	if [ $# -gt 1 ] && [ "${LUKSROOT_JOBS:-2}" -gt 1 ]; then
		# the kernels at once, each a child run of this script (each
		# release's base tree made by the first child that needs it)
		echo "# luksroot: the kernels at once (LUKSROOT_JOBS=${LUKSROOT_JOBS:-2})"
		kids=()
		trap 'kill "${kids[@]}" 2>/dev/null; wait; cleanup; echo "not ok $((nt + 1)) - luksroot: interrupted"; exit 130' INT TERM
		for k in "$@"; do
			while [ "$(jobs -rp | wc -l)" -ge "${LUKSROOT_JOBS:-2}" ]; do wait -n; done
			LUKSROOT_DEB=$deb "$0" "$k" >"$top/$k.ktap" 2>&1 &
			kids+=($!)
		done
		wait
		for k in "$@"; do merge "$top/$k.ktap"; done
	else
		for k in "$@"; do
			run_kernel "$k"
		done
	fi
fi
echo "# luksroot: $* took $(($(date +%s) - t_start)) s"
echo "1..$nt"
echo "luksroot: $npass passed, $nfail failed, $nskip skipped"
[ $nfail -eq 0 ] && [ $nt -gt 0 ]
