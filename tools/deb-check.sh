#!/bin/sh
# `make deb-check`, a step of `make check`: the Debian package on this machine.
# Builds build/deb/aesni-ctr-dkms_<VERSION>_all.deb (tools/deb.sh: dh-dkms,
# lintian), installs it with `dpkg -i` (as root), checks that DKMS built and
# installed the module for every Debian kernel in /lib/modules with VERSION as
# its version, signed with a throwaway test MOK (Secure Boot), and that
# nothing loaded it; then `dpkg --purge` and checks that nothing is left;
# last, a QEMU guest of the newest Debian kernel boots with the packaged .ko
# in its module tree and loads it by the CPU's modalias (tools/vm/run.sh
# modalias; its KTAP lines, the boot named modalias-package, count too).
# Then the same installation, checks and purge in the Debian 13 root
# (tools/trixie-root.sh: Debian 13's dpkg and DKMS 3.2, DKMS building for
# trixie's 6.12 and trixie-backports' 7.3; this script run there with
# --here), and a 7.3 guest loads that DKMS-built .ko by its modalias too.
# PASS:/FAIL: lines (the root's prefixed "Debian 13 root:"); INFO: lines say
# what was not checked and why.
#
# deb-check.sh --here TOP: only the installation, checks and purge, on the
# system it runs in, with TOP's stubs and test MOK; the .ko it built kept
# in TOP/ko/<kver>/ (as the host run keeps its own for the guest boot).
#
# Never loads the module into this machine's kernel: dpkg runs with
# `modprobe` and `insmod` in PATH replaced by stubs that log and refuse
# (DKMS calls modprobe only with modprobe_on_install, which this refuses to
# run under), and /proc/modules is checked.
#
# Secure Boot: Debian 12's DKMS (3.0.x) signs what it builds with
# mok_signing_key and mok_certificate (default /var/lib/dkms/mok.key and
# mok.pub, created on first use); unless /etc/dkms/framework.conf{,.d/*.conf}
# sets them, it takes them from the environment.  This gives it a key made
# here for the test, so /var/lib/dkms's own key is neither used nor created.
#
# Leaves the machine as it found it, on failure or interruption too (a trap
# purges the package and removes whatever DKMS left); refuses to run if
# aesni_ctr is already installed with DKMS or the package.
set -u
cd "$(dirname "$0")/.." || exit 1
ver=$(cat VERSION)
pkg=aesni-ctr-dkms
deb=build/deb/${pkg}_${ver}_all.deb
top=$PWD/build/deb-check
cn="aesni_ctr test MOK"
status=0
here=""	# --here: the installation part only, on this system
sys=""
if [ "${1:-}" = --here ]; then
	here=1
	top=${2:?usage: $0 --here TOP}
	sys="Debian $(cut -d. -f1 /etc/debian_version) root: "
fi

pass() { echo "PASS: $sys$*"; }
fail() { echo "FAIL: $sys$*"; status=1; }
info() { echo "INFO: $sys$*"; }
pkg_state() { dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || echo not-installed; }
kos() { ls /lib/modules/*/updates/dkms/aesni_ctr.ko* 2>/dev/null; }

[ "$(id -u)" = 0 ] || { fail "deb-check installs a package: run it as root"; exit 1; }
if [ "$(pkg_state)" != not-installed ] || [ -e /var/lib/dkms/aesni_ctr ] ||
   ls -d /usr/src/aesni_ctr-* >/dev/null 2>&1 || [ -n "$(kos)" ]; then
	fail "aesni_ctr is already installed here ($pkg: $(pkg_state); /var/lib/dkms/aesni_ctr, /usr/src/aesni_ctr-*, updates/dkms): left alone, nothing checked"
	exit 1
fi
# DKMS's modprobe_on_install would modprobe every device's modalias after
# `dkms install`, ours included (its x86 CPU alias)
mpi=$(sed -n "s/^[[:space:]]*modprobe_on_install=[\"']\{0,1\}\([^\"' ]*\).*/\1/p" \
	/etc/dkms/framework.conf /etc/dkms/framework.conf.d/*.conf 2>/dev/null | tail -1)
if [ -n "$mpi" ]; then
	fail "modprobe_on_install=$mpi in /etc/dkms: installing would load the module into this kernel; not installing"
	exit 1
fi
# a kernel without loadable modules (or a container) has no /proc/modules
loaded() { grep -qs '^aesni_ctr ' /proc/modules; }
loaded_before=no
loaded && loaded_before=yes

[ -n "$here" ] || rm -rf "$top"
mkdir -p "$top/bin" "$top/mok"
for t in modprobe insmod; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/loads.log"\necho "deb-check: %s refused" >&2\nexit 1\n' \
		"$t" "$top" "$t" >"$top/bin/$t"
	chmod +x "$top/bin/$t"
done
: >"$top/loads.log"

# dpkg with the stubs first in PATH and the test MOK
run_dpkg() {
	env -u modprobe_on_install PATH="$top/bin:$PATH" \
		mok_signing_key="$top/mok/mok.key" mok_certificate="$top/mok/mok.der" \
		dpkg "$@"
}

# shellcheck disable=SC2317	# called by the trap
cleanup() {
	trap - EXIT INT TERM
	[ "$(pkg_state)" = not-installed ] || run_dpkg --purge "$pkg" >>"$top/cleanup.log" 2>&1
	# what a failed install or removal may have left
	if [ -e /var/lib/dkms/aesni_ctr ]; then
		PATH="$top/bin:$PATH" dkms remove -m aesni_ctr -v "$ver" --all >>"$top/cleanup.log" 2>&1
		rm -rf /var/lib/dkms/aesni_ctr
	fi
	rm -rf /usr/src/aesni_ctr-"$ver"
	for f in $(kos); do
		k=${f#/lib/modules/}
		k=${k%%/*}
		rm -f "$f"
		depmod -a "$k"
	done
}
trap cleanup EXIT
trap 'fail "interrupted (the package is purged)"; exit 130' INT TERM

# the package and the test MOK (made once, on the host)
if [ -z "$here" ]; then
	# the package
	git_before=$(git status --porcelain 2>/dev/null)
	if tools/deb.sh >"$top/deb.log" 2>&1 && [ -f "$deb" ]; then
		pass "make deb: $deb ($(grep '^lintian:' "$top/deb.log" | sed 's/^lintian: //' | tr '\n' ' ' | sed 's/ $//'))"
	else
		fail "make deb"; tail -30 "$top/deb.log"; exit 1
	fi
	if [ "$(git status --porcelain 2>/dev/null)" = "$git_before" ]; then
		pass "make deb left the source tree as it was (built in build/deb)"
	else
		fail "make deb changed the source tree: $(git status --porcelain | tr '\n' ' ')"
	fi

	# the throwaway signing key
	if openssl req -new -x509 -nodes -days 2 -subj "/CN=$cn" -newkey rsa:2048 \
		-keyout "$top/mok/mok.key" -outform DER -out "$top/mok/mok.der" >"$top/mok/openssl.log" 2>&1; then
		info "test MOK \"$cn\" in $top/mok (DKMS signs with it through mok_signing_key/mok_certificate)"
	else
		fail "openssl: the test MOK"; cat "$top/mok/openssl.log"; exit 1
	fi
fi

# install
initrds_before=$(ls -l --time-style=+%s /boot/initrd.img-* 2>/dev/null)
if run_dpkg -i "$deb" >"$top/install.log" 2>&1 && [ "$(pkg_state)" = installed ]; then
	pass "dpkg -i $deb"
else
	fail "dpkg -i $deb (state: $(pkg_state))"; tail -40 "$top/install.log"
	tail -20 /var/lib/dkms/aesni_ctr/"$ver"/build/make.log 2>/dev/null
	exit 1
fi
want=$(cd build/deb/aesni-ctr-"$ver" && make -s --no-print-directory print-sources | tr ' ' '\n'; echo dkms.conf)
have=$(dpkg -L "$pkg" | sed -n "s|^/usr/src/aesni_ctr-$ver/||p")
if [ "$(echo "$want" | sort)" = "$(echo "$have" | sort)" ]; then
	pass "the package holds /usr/src/aesni_ctr-$ver: the $(echo "$want" | wc -l) files of make print-sources and dkms.conf"
else
	fail "/usr/src/aesni_ctr-$ver differs from make print-sources + dkms.conf:"
	echo "$want" | sort >"$top/want"; echo "$have" | sort >"$top/have"; diff "$top/want" "$top/have"
fi

# what an administrator's machine gets besides the sources
deps=$(dpkg-deb -f "$deb" Depends)
case "$deps" in
"dkms" | "dkms ("*")")
	pass "Depends: $deps (nothing else: no kernel, no test rig; DKMS needs the running kernel's headers, see README)" ;;
*)	fail "Depends: '$deps', want only dkms" ;;
esac
hook=/usr/share/initramfs-tools/hooks/aesni-ctr
if [ -x "$hook" ] && sh -n "$hook" && [ "$("$hook" prereqs)" = cryptroot ]; then
	pass "$hook installed, executable, runs after cryptroot"
else
	fail "$hook missing, not executable or without its cryptroot prerequisite"
fi
cf=$(dpkg-query -W -f='${Conffiles}\n' "$pkg" | awk 'NF { print $1 }' | sort | tr '\n' ' ')
if [ "$cf" = "/etc/initramfs-tools/conf.d/aesni-ctr /etc/modprobe.d/aesni-ctr.conf " ] &&
   grep -qx 'AESNI_CTR_INITRAMFS=auto' /etc/initramfs-tools/conf.d/aesni-ctr &&
   ! grep -qv '^\(#.*\)\{0,1\}$' /etc/modprobe.d/aesni-ctr.conf &&
   grep -qx '#blacklist aesni_ctr' /etc/modprobe.d/aesni-ctr.conf; then
	pass "conffiles: $cf(AESNI_CTR_INITRAMFS=auto; the modprobe.d file all comments, its blacklist line among them)"
else
	fail "conffiles: '$cf', or their content differs (want AESNI_CTR_INITRAMFS=auto and a modprobe.d file of comments only)"
fi
if grep -qsv '^[[:space:]]*\(#\|$\)' /etc/crypttab; then
	info "this machine's /etc/crypttab lists volumes: the postinst rebuilt its initramfs images (not checked)"
elif [ "$(ls -l --time-style=+%s /boot/initrd.img-* 2>/dev/null)" = "$initrds_before" ]; then
	pass "no encrypted volumes here: the initramfs images were left alone ($(echo "$initrds_before" | grep -c initrd) in /boot)"
else
	fail "the initramfs images in /boot changed though /etc/crypttab lists no volume"
fi

# per kernel (tools/kernels.sh: Debian's have their modules under /lib/modules)
tools/kernels.sh list >"$top/kernels"
while read -r k kdir _ modroot; do
	if [ "$modroot" != / ]; then
		# Debian 13's: the run in its root (below) checks them
		[ "$(tools/kernels.sh where "$k")" != trixie-root ] || continue
		if [ -e "/lib/modules/$k" ]; then
			fail "$k: /lib/modules/$k exists, but tools/kernels.sh says its tree is under $modroot"
		else
			info "$k: not checked: DKMS does not see this kernel (its tree is $kdir, not /lib/modules/$k/build), so the package does not build for it; tools/dkms-check.sh builds it there with --kernelsourcedir"
		fi
		continue
	fi
	ko=
	for f in "/lib/modules/$k/updates/dkms/"aesni_ctr.ko*; do
		[ -f "$f" ] && ko=$f
	done
	if [ -n "$ko" ] && dkms status -m aesni_ctr -v "$ver" -k "$k" 2>/dev/null | grep -q ': installed' &&
	   [ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$k" ]; then
		pass "$k: DKMS built and installed $ko (vermagic $k)"
	else
		fail "$k: no module installed by DKMS (${ko:-no updates/dkms/aesni_ctr.ko*}; dkms status: $(dkms status -m aesni_ctr -k "$k" 2>&1))"
		grep -A3 "$k" "$top/install.log" | tail -20
		continue
	fi
	v=$(modinfo -F version "$ko")
	if [ "$v" = "$ver" ]; then
		pass "$k: modinfo -F version: $v (VERSION)"
	else
		fail "$k: modinfo -F version: '$v', VERSION is $ver"
	fi
	a=$(modinfo -F alias "$ko" | grep '^cpu:' | tr '\n' ' ')
	if [ -n "$a" ]; then
		pass "$k: modinfo -F alias: $a(the CPU feature alias udev loads it by)"
	else
		fail "$k: modinfo -F alias: no cpu: alias"
	fi
	signer=$(modinfo -F signer "$ko")
	algo=$(modinfo -F sig_hashalgo "$ko")
	case "$signer/$algo" in
	"$cn"/sha256|"$cn"/sha384|"$cn"/sha512)
		pass "$k: signed by DKMS with the test MOK: signer \"$signer\", sig_hashalgo $algo" ;;
	*)	fail "$k: signer \"$signer\", sig_hashalgo \"$algo\" (want \"$cn\", sha256/384/512; does /etc/dkms set mok_signing_key?)" ;;
	esac
	# kept for the guest boot below (decompressed: the guest's kmod
	# may lack xz)
	mkdir -p "$top/ko/$k"
	case "$ko" in
	*.xz) xz -dc "$ko" >"$top/ko/$k/aesni_ctr.ko" ;;
	*.zst) zstd -qdc "$ko" >"$top/ko/$k/aesni_ctr.ko" ;;
	*) cp "$ko" "$top/ko/$k/aesni_ctr.ko" ;;
	esac
	if grep -q 'aesni_ctr' "/lib/modules/$k/modules.dep" &&
	   grep -q '^alias cpu:.* aesni_ctr$' "/lib/modules/$k/modules.alias"; then
		pass "$k: depmod: in modules.dep, with its CPU alias in modules.alias (udev loads it at boot)"
	else
		fail "$k: depmod: aesni_ctr missing from modules.dep or its cpu alias from modules.alias"
	fi
done <"$top/kernels"

if [ -s "$top/loads.log" ]; then
	fail "installing tried to load modules (refused): $(tr '\n' ';' <"$top/loads.log")"
elif [ "$loaded_before" = no ] && loaded; then
	fail "aesni_ctr is loaded into the running kernel after installing"
elif [ -e /proc/modules ]; then
	pass "installing ran no modprobe/insmod and did not load aesni_ctr into the running kernel ($(uname -r))"
else
	pass "installing ran no modprobe/insmod (the running kernel, $(uname -r), has no /proc/modules here)"
fi

# purge
loads=$(wc -l <"$top/loads.log")
if run_dpkg --purge "$pkg" >"$top/purge.log" 2>&1 && [ "$(pkg_state)" = not-installed ]; then
	pass "dpkg --purge $pkg"
else
	fail "dpkg --purge $pkg (state: $(pkg_state))"; tail -30 "$top/purge.log"
fi
left=$(ls -d /usr/src/aesni_ctr-* /var/lib/dkms/aesni_ctr /usr/share/doc/"$pkg" \
	/usr/share/initramfs-tools/hooks/aesni-ctr /etc/initramfs-tools/conf.d/aesni-ctr \
	/etc/modprobe.d/aesni-ctr.conf 2>/dev/null; kos)
if [ -z "$left" ]; then
	pass "purged: no /usr/src/aesni_ctr-*, /var/lib/dkms/aesni_ctr, /usr/share/doc/$pkg, initramfs hook, conffiles or updates/dkms/aesni_ctr.ko* left"
else
	fail "left after purge: $(echo "$left" | tr '\n' ' ')"
fi
dep=$(grep -l 'aesni_ctr' /lib/modules/*/modules.dep /lib/modules/*/modules.alias 2>/dev/null)
if [ -z "$dep" ]; then
	pass "purged: depmod ran, no modules.dep or modules.alias names aesni_ctr"
else
	fail "after purge still named in $(echo "$dep" | tr '\n' ' ')"
fi
[ "$(wc -l <"$top/loads.log")" = "$loads" ] || fail "purging tried to load modules (refused): $(tr '\n' ';' <"$top/loads.log")"

[ -z "$here" ] || exit $status

# the same in the Debian 13 root, for its kernels: its dpkg and DKMS, the
# stubs and test MOK of $top/trixie (the checkout is at its own path there)
rt=$top/trixie
mkdir -p "$rt"
cp -a "$top/bin" "$top/mok" "$rt/"
: >"$rt/loads.log"
sed -i "s|$top/loads.log|$rt/loads.log|" "$rt/bin/modprobe" "$rt/bin/insmod"
tools/trixie-root.sh run tools/deb-check.sh --here "$rt" >"$rt/run.log" 2>&1
rc=$?
grep -E '^(PASS|FAIL|INFO):' "$rt/run.log"
if [ $rc -ne 0 ]; then
	status=1
	grep -q '^FAIL:' "$rt/run.log" || { fail "Debian 13 root: deb-check --here: exit status $rc:"; tail -10 "$rt/run.log"; }
fi

# the packaged module at boot: guests of the newest host kernel and of the
# newest Debian 13 one get the .ko DKMS built from the package in their
# module tree (updates/dkms, depmod) and load it by the CPU's modalias, as
# udev does (scenario modalias of tools/vm/run.sh); their KTAP lines,
# prefixed, count here
guest_boot() {	# KVER KO LOG
	if [ -z "$1" ] || [ ! -s "$2" ]; then
		fail "no packaged .ko of ${1:-a Debian kernel} kept for the guest boot ($2)"
		return
	fi
	VM_MODULE=$2 VM_MODALIAS_KO=$2 tools/vm/run.sh "$1" modalias >"$3" 2>&1
	grep -E '^(not )?ok [0-9]+ - ' "$3" | sed 's/ modalias: / modalias-package: /'
	grep -q '^not ok ' "$3" && status=1
	grep -q '^ok .* modalias: guest ran to completion' "$3" ||
		fail "$1: the guest boot with the packaged .ko did not complete: $(tail -3 "$3" | tr '\n' ' ')"
}
gk=$(awk '$4 == "/" { print $1; exit }' "$top/kernels")
guest_boot "$gk" "$top/ko/$gk/aesni_ctr.ko" "$top/guest.log"
gk=$(tools/trixie-root.sh versions | cut -d' ' -f1)
guest_boot "$gk" "$rt/ko/$gk/aesni_ctr.ko" "$rt/guest.log"
exit $status
