#!/bin/sh
# `make deb`: build/deb/aesni-ctr-dkms_<VERSION>_all.deb with debhelper and
# dh-dkms (debian/), out of a copy in build/deb/aesni-ctr-<VERSION> so that
# the source tree stays clean; then lintian on the .deb if it is installed
# (its tags shown; an error or warning fails; make check installs it).
# Needs only debhelper, dh-dkms and dpkg-dev (`make deb` installs them if
# missing).  Prints the .deb's path last.
set -eu
cd "$(dirname "$0")/.."
ver=$(cat VERSION)
grep -q "^PACKAGE_VERSION=\"$ver\"" dkms.conf || { echo "deb: dkms.conf PACKAGE_VERSION differs from VERSION ($ver)" >&2; exit 1; }
cl=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$cl" = "$ver" ] || { echo "deb: debian/changelog is at $cl, VERSION is $ver: add a changelog entry (dch -v $ver)" >&2; exit 1; }
out=build/deb
src=$out/aesni-ctr-$ver
deb=$out/aesni-ctr-dkms_${ver}_all.deb
rm -rf "$out"
mkdir -p "$src"
# the sources DKMS builds from, and what debian/rules reads to list them
# shellcheck disable=SC2046
cp $(make -s --no-print-directory print-sources) dkms.conf Makefile LICENSE "$src/"
cp -R debian "$src/"
if ! (cd "$src" && dpkg-buildpackage -b -us -uc) >"$out/build.log" 2>&1; then
	tail -30 "$out/build.log" >&2
	echo "deb: dpkg-buildpackage failed (all of it: $out/build.log)" >&2
	exit 1
fi
[ -f "$deb" ] || { echo "deb: $deb was not built" >&2; exit 1; }
if ! command -v lintian >/dev/null; then
	echo "lintian: not installed, not run" >&2
	echo "$deb"
	exit 0
fi
# lintian exits non-zero on an error or a warning that no override in
# debian/aesni-ctr-dkms.lintian-overrides explains
if ! lintian --fail-on error,warning --info --display-info "$deb" >"$out/lintian.log" 2>&1; then
	cat "$out/lintian.log" >&2
	echo "deb: lintian: errors or warnings in $deb" >&2
	exit 1
fi
if grep -q -v 'running with root privileges' "$out/lintian.log"; then
	grep -v 'running with root privileges' "$out/lintian.log" | sed 's/^/lintian: /' >&2
else
	echo "lintian: no tags" >&2
fi
echo "$deb"
