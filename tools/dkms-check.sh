#!/bin/sh
# `dkms add` + `dkms build` for every installed kernel, in a private DKMS tree
# under build/ (the system's /var/lib/dkms is left alone).  PASS:/FAIL: lines.
set -u
cd "$(dirname "$0")/.."
ver=$(cat VERSION)
grep -q "^PACKAGE_VERSION=\"$ver\"" dkms.conf || { echo "FAIL: dkms.conf PACKAGE_VERSION differs from VERSION ($ver)"; exit 1; }
kvers=${*:-$(ls -d /lib/modules/*/build 2>/dev/null | cut -d/ -f4 | sort -rV)}
top=$PWD/build/dkms
rm -rf "$top"
mkdir -p "$top/src/aesni_ctr-$ver" "$top/tree"
cp Kbuild VERSION compat.h aesni_ctr.h aesni_ctr_glue.h aesni_ctr_glue.c gcm_glue.c \
	selftest.c testmgr_vectors.h aes_ctr_common.h aesni_ctr_asm.S ghash_clmul.S dkms.conf "$top/src/aesni_ctr-$ver/"
opts="--sourcetree $top/src --dkmstree $top/tree"
if ! dkms add -m aesni_ctr -v "$ver" $opts >"$top/add.log" 2>&1; then
	echo "FAIL: dkms add"; cat "$top/add.log"; exit 1
fi
echo "PASS: dkms add aesni_ctr/$ver"
status=0
for k in $kvers; do
	if dkms build -m aesni_ctr -v "$ver" -k "$k" $opts >"$top/build-$k.log" 2>&1 &&
	   ls "$top/tree/aesni_ctr/$ver/$k/x86_64/module/"aesni_ctr.ko* >/dev/null 2>&1; then
		echo "PASS: dkms build for $k"
	else
		echo "FAIL: dkms build for $k"; tail -30 "$top/build-$k.log"
		cat "$top/tree/aesni_ctr/$ver/build/make.log" 2>/dev/null | tail -20; status=1
	fi
done
exit $status
