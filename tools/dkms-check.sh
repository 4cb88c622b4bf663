#!/bin/sh
# `dkms add` + `dkms build` for every kernel tools/kernels.sh lists, in a
# private DKMS tree under build/ (the system's /var/lib/dkms is left alone);
# for Debian 13's kernels, with Debian 13's dkms in the trixie root.
# PASS:/FAIL: lines.
set -u
cd "$(dirname "$0")/.."
ver=$(cat VERSION)
grep -q "^PACKAGE_VERSION=\"$ver\"" dkms.conf || { echo "FAIL: dkms.conf PACKAGE_VERSION differs from VERSION ($ver)"; exit 1; }
kvers=${*:-$(tools/kernels.sh versions)}
top=$PWD/build/dkms
rm -rf "$top"
mkdir -p "$top/src/aesni_ctr-$ver" "$top/tree"
cp $(make -s --no-print-directory print-sources) dkms.conf "$top/src/aesni_ctr-$ver/"
opts="--sourcetree $top/src --dkmstree $top/tree"
if ! dkms add -m aesni_ctr -v "$ver" $opts >"$top/add.log" 2>&1; then
	echo "FAIL: dkms add"; cat "$top/add.log"; exit 1
fi
echo "PASS: dkms add aesni_ctr/$ver"
status=0
for k in $kvers; do
	# --kernelsourcedir: the source-built 7.3 is not under /lib/modules;
	# Debian 13's kernels: trixie's dkms in their root (tools/kernels.sh run)
	if tools/kernels.sh run "$k" dkms build -m aesni_ctr -v "$ver" -k "$k" --kernelsourcedir "$(tools/kernels.sh kdir "$k")" $opts >"$top/build-$k.log" 2>&1 &&
	   ls "$top/tree/aesni_ctr/$ver/$k/x86_64/module/"aesni_ctr.ko* >/dev/null 2>&1; then
		echo "PASS: dkms build for $k ($(tools/kernels.sh run "$k" dkms --version 2>/dev/null | head -1))"
	else
		echo "FAIL: dkms build for $k"; tail -30 "$top/build-$k.log"
		cat "$top/tree/aesni_ctr/$ver/build/make.log" 2>/dev/null | tail -20; status=1
	fi
done
exit $status
