#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# plot.sh CSV OUTDIR
#
# The bench's CSV (impl,mode,key_bits,bytes,gbps) as one figure per family,
# OUTDIR/bench-<family>.png and .svg (ctr, gcm, xts, authenc-sha1,
# authenc-sha256, authenc-sha512, ...: the mode without -enc/-dec): a panel
# per mode of the family (each direction) and key size, GB/s against
# message size (log scale), a line per implementation: ours solid and thick,
# the stock kernels' code (the variant each kernel picks on this CPU, the
# rows linux-<ver>) dashed, OpenSSL and libgcrypt dotted; the CPU (model
# name, family, model) in the title.  The stock kernels' other variants
# (linux-<ver>-<variant>) are left out of the figures (they are in the
# CSV).  Needs gnuplot (Debian: gnuplot-nox).
set -eu

csv=$1
out=$2
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "bench: no gnuplot for PLOT=1 (apt-get install gnuplot-nox)" >&2
	exit 1
fi
[ -s "$csv" ] || { echo "bench: no $csv to plot" >&2; exit 1; }
data=$out/plot-data
rm -rf "$data"
mkdir -p "$data"

# One file per mode, key size and implementation: "bytes gbps" lines; the
# families, and per family its panels (mode-keybits), in the CSV's order.
awk -F, -v d="$data" 'NR > 1 && $1 !~ /^linux-[0-9.]+-/ {
	f = d "/" $2 "-" $3 "-" $1 ".dat"
	print $4, $5 > f
	fam = $2; sub(/-(enc|dec)$/, "", fam)
	if (!(fam in sf)) { sf[fam]; fams[++nf] = fam }
	if (!(($2 "-" $3) in seen)) { seen[$2 "-" $3]; print $2 "-" $3 > (d "/panels-" fam) }
	if (!($1 in si)) { si[$1]; impls[++ni] = $1 }
}
END {
	for (i = 1; i <= ni; i++) print impls[i] > (d "/impls")
	for (i = 1; i <= nf; i++) print fams[i] > (d "/families")
}' "$csv"

# Line style and a fixed colour per implementation (same in every panel):
# ours solid and thick, each stock kernel in its own hue family, dashed,
# the libraries dotted.
style() {
	case $1 in
	aesnictr-avx)		c='#000000' ;;
	aesnictr-vaes2)		c='#9400d3' ;;
	aesnictr-vaes512)	c='#009e73' ;;
	aesnictr)		c='#009e73' ;;
	linux-6.1)		c='#8c564b' ;;
	linux-6.1-*)		c='#c49c94' ;;
	linux-6.12)		c='#1f77b4' ;;
	linux-6.12-avx10-512)	c='#3182bd' ;;
	linux-6.12-avx10-256)	c='#6baed6' ;;
	linux-6.12-*)		c='#08306b' ;;
	linux-7.3)		c='#d62728' ;;
	linux-7.3-vaes-avx512)	c='#e377c2' ;;
	linux-7.3-vaes-avx2)	c='#ff7f0e' ;;
	linux-7.3-*)		c='#bd9e39' ;;
	openssl)		c='#7f7f7f' ;;
	openssl-stitched)	c='#404040' ;;
	libgcrypt)		c='#17becf' ;;
	*)			c='#555555' ;;
	esac
	case $1 in
	aesnictr*)	echo "lw 3 dt 1 lc rgb '$c'" ;;
	linux-*)	echo "lw 1.5 dt 2 lc rgb '$c'" ;;
	*)		echo "lw 1.5 dt 3 lc rgb '$c'" ;;
	esac
}

# a panel's title from "<mode>-<key bits>": "AES-128 GCM encrypt",
# "AES-256 authencesn(hmac(sha256),cbc) decrypt"
title() {
	k=${1##*-}
	m=${1%-*}
	case $m in
	*-enc)	d=" encrypt"; m=${m%-enc} ;;
	*-dec)	d=" decrypt"; m=${m%-dec} ;;
	*)	d="" ;;
	esac
	case $m in
	ctr|gcm|xts|ccm|cbc) m=$(echo "$m" | tr '[:lower:]' '[:upper:]') ;;
	cts)		m="CBC-CS3" ;;
	authenc*-sha*)	m="${m%%-*}(hmac(${m#*-}),cbc)" ;;
	esac
	echo "AES-$k $m$d"
}

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//; s/"//g') ($(awk -F': *' '/^cpu family/ && !f { f = $2 } /^model[ \t]*:/ && !m { m = $2 } END { printf "family %s, model %s", f, m }' /proc/cpuinfo))"
# the family's name as the kernel knows it
family_title() {
	case $1 in
	ctr)		echo "ctr(aes)" ;;
	gcm)		echo "gcm(aes)" ;;
	xts)		echo "xts(aes)" ;;
	ccm)		echo "ccm(aes)" ;;
	cbc)		echo "cbc(aes)" ;;
	cts)		echo "cts(cbc(aes))" ;;
	authenc-sha*)	echo "authenc(hmac(${1#authenc-}),cbc(aes))" ;;
	authencesn-sha*) echo "authencesn(hmac(${1#authencesn-}),cbc(aes))" ;;
	*)		echo "$1" ;;
	esac
}
while read -r fam; do
	gp=$data/plot-$fam.gp
	panels=$data/panels-$fam
	# two panels a row (AES-128, AES-256 of a mode), 500 pixels a row
	rows=$(( ($(wc -l <"$panels") + 1) / 2 ))
	height=$(( rows * 500 + 60 ))
	{
		echo 'set datafile separator " "'
		echo 'set logscale x 2'
		echo 'set xlabel "message bytes"'
		echo 'set ylabel "GB/s"'
		echo 'set grid'
		echo 'set key left top font ",9" spacing 0.9'
		echo 'set xtics ("64" 64, "256" 256, "512" 512, "1.4K" 1420, "4K" 4096, "16K" 16384, "64K" 65536, "256K" 262144, "1M" 1048576)'
		echo 'set yrange [0:*]'
		echo 'do for [t in "png svg"] {'
		echo '  if (t eq "png") { set terminal pngcairo size 1400,'"$height"' font ",10" } else { set terminal svg size 1400,'"$height"' dynamic font ",10" }'
		echo "  set output \"$out/bench-$fam.\" . t"
		echo "  set multiplot layout $rows,2 title \"$(family_title "$fam"), GB/s (higher is better): ours and the stock kernels' code, on $cpu, make bench $(date -u +%Y-%m-%d)\""
		while read -r p; do
			echo "  set title \"$(title "$p")\""
			sep="  plot"
			while read -r i; do
				f=$data/$p-$i.dat
				[ -f "$f" ] || continue
				printf '%s "%s" using 1:2 with linespoints pt 7 ps 0.5 %s title "%s"' \
					"$sep" "$f" "$(style "$i")" "$i"
				sep=", \\
       "
			done <"$data/impls"
			echo
		done <"$panels"
		echo '  unset multiplot'
		echo '}'
	} >"$gp"
	gnuplot "$gp"
	echo "bench: plot of $(family_title "$fam") in $out/bench-$fam.png and .svg" >&2
done <"$data/families"
echo "bench: plots from $csv" >&2
