#!/bin/sh
# guest-init.sh - /init of the QEMU test guest (busybox ash).
#
# Kernel command line:
#   vmtest.scenario=main|aead|nosupport|avxonly|fips|xts|selftestfault|zmmcap|
#                   authenc|nosha|bench
#   vmtest.fuzz=N (main fuzz cases, default 10000)
#   vmtest.tierfuzz=N (per forced tier, default 2000)
#   vmtest.cycles=N (rmmod/insmod cycles, default 20)
#   vmtest.aeadfuzz=N (aead: fuzz cases per AEAD, default 4000; avxonly
#                      runs a quarter of that)
#   vmtest.aeadnosimd=N (aead: cases per AEAD with the non-SIMD switch
#                        toggled at random, default 1000)
#   vmtest.ipsecbytes=N (aead, authenc: bytes each way per IPsec run, default 1 MiB)
#   vmtest.authencfuzz=N (authenc: fuzz cases per hash, default 4000)
#   vmtest.authencnosimd=N (authenc: cases per hash with the non-SIMD path
#                      forced, default 500; half as many with it switched at
#                      random)
#   vmtest.xtsfuzz=N, vmtest.xtsnosimd=N, vmtest.xtstier=N (xts: fuzz cases
#                      by default, with debug_force_nosimd, per narrower
#                      max_tier; defaults 3000, 500, 500)
#   vmtest.tcrypt_sec=S (bench: tcrypt sec=, 0 = cycle counts)
#   vmtest.tcrypt_repeat=N (bench: runs per tcrypt mode, default 3)
# Results go to the second serial port (ttyS1) and are copied to the console:
#   PASS: ... / FAIL: ...   one line per check
#   INFO: ...               context (module log lines, timings)
#   COVERED: <family> <impl> <alg>   an implementation (or "nosimd", the
#                           non-SIMD fallback) of a family whose fuzz run of
#                           <alg> passed: "COVERED: ctr vaes2 ctr(aes)",
#                           "COVERED: gcm avx rfc4106(gcm(aes))"
#   NOTCOVERED: <family> <impl> (why)  an implementation this boot could
#                           not test
#   ===DMESG BEGIN=== ... ===DMESG END===   the whole kernel log
#   ===VMTEST END pass=N fail=M===          last line before poweroff
# /etc/vmtest.conf (written by mkinitramfs.sh) names the module under test;
# when OURS_KO is empty the stock aesni_intel driver is tested instead.

PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
. /etc/vmtest.conf

SCEN=main FUZZ_N=10000 TIER_N=2000 CYCLES=20 TCRYPT_SEC=0 TCRYPT_REPEAT=3
AEAD_N=4000 AEAD_NOSIMD_N=1000 IPSEC_BYTES=1048576
AUTHENC_N=4000 AUTHENC_NOSIMD_N=500
XTS_N=3000 XTS_NOSIMD_N=500 XTS_TIER_N=500
for a in $(cat /proc/cmdline); do
	case "$a" in
	vmtest.aeadfuzz=*) AEAD_N=${a#*=} ;;
	vmtest.aeadnosimd=*) AEAD_NOSIMD_N=${a#*=} ;;
	vmtest.authencfuzz=*) AUTHENC_N=${a#*=} ;;
	vmtest.authencnosimd=*) AUTHENC_NOSIMD_N=${a#*=} ;;
	vmtest.ipsecbytes=*) IPSEC_BYTES=${a#*=} ;;
	vmtest.scenario=*) SCEN=${a#*=} ;;
	vmtest.xtsfuzz=*) XTS_N=${a#*=} ;;
	vmtest.xtsnosimd=*) XTS_NOSIMD_N=${a#*=} ;;
	vmtest.xtstier=*) XTS_TIER_N=${a#*=} ;;
	vmtest.fuzz=*) FUZZ_N=${a#*=} ;;
	vmtest.tierfuzz=*) TIER_N=${a#*=} ;;
	vmtest.cycles=*) CYCLES=${a#*=} ;;
	vmtest.tcrypt_sec=*) TCRYPT_SEC=${a#*=} ;;
	vmtest.tcrypt_repeat=*) TCRYPT_REPEAT=${a#*=} ;;
	esac
done

RES=/dev/ttyS1
[ -c "$RES" ] || RES=/dev/console
NPASS=0 NFAIL=0
out() { echo "$*" >"$RES"; echo "vmtest| $*" >/dev/console; }
pass() { NPASS=$((NPASS + 1)); out "PASS: $*"; }
fail() { NFAIL=$((NFAIL + 1)); out "FAIL: $*"; }
info() { out "INFO: $*"; }
# a marker in the kernel log, so that dmesg_since can cut the log there
mark() { echo "vmtest: $*" >/dev/kmsg; }
dmesg_since() { dmesg | awk -v m="vmtest: $1" 'f { print } index($0, m) { f = 1 }'; }
now() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

finish() {
	out "===DMESG BEGIN==="
	dmesg >"$RES"
	out "===DMESG END==="
	out "===VMTEST END pass=$NPASS fail=$NFAIL==="
	sync
	poweroff -f
	sleep 5
	echo o >/proc/sysrq-trigger
}

# run a tool; its PASS:/FAIL: lines are counted, other lines become INFO
run_tool() {
	_o=/tmp/tool.out
	"$@" >$_o 2>&1
	_rc=$?
	_f=0
	while IFS= read -r _l; do
		case "$_l" in
		PASS:*) pass "${_l#PASS: }" ;;
		FAIL:*) fail "${_l#FAIL: }"; _f=1 ;;
		*) info "$_l" ;;
		esac
	done <$_o
	if [ $_rc -ne 0 ] && [ $_f -eq 0 ]; then
		fail "$* exited with status $_rc"
	fi
	return $_rc
}

# one line per /proc/crypto entry of cra_name $1:
#   driver module priority refcnt selftest type async internal
crypto_list() {
	awk -v want="$1" '
	function flush() {
		if (n == want)
			print d, m, p, r, s, t, (a == "" ? "-" : a), (i == "" ? "-" : i)
		n = d = m = p = r = s = t = a = i = ""
	}
	/^name /     { n = $3 } /^driver /   { d = $3 } /^module /   { m = $3 }
	/^priority / { p = $3 } /^refcnt /   { r = $3 } /^selftest / { s = $3 }
	/^type /     { t = $3 } /^async /    { a = $3 } /^internal / { i = $3 }
	/^$/ { flush() } END { flush() }' /proc/crypto
}

# wait until a driver of cra_name $1 whose name starts with $2 and whose
# type is $3 shows "selftest : passed"; prints the driver name; $4 = timeout
# in seconds
wait_alg_selftest() {
	_n=0
	while [ $_n -lt $(($4 * 10)) ]; do
		_d=$(crypto_list "$1" |
			awk -v p="$2" -v t="$3" 'index($1, p) == 1 && $5 == "passed" && $6 == t { print $1; exit }')
		if [ -n "$_d" ]; then
			echo "$_d"
			return 0
		fi
		usleep 100000
		_n=$((_n + 1))
	done
	return 1
}
# the same for ctr(aes): $1 = driver prefix, $2 = timeout
wait_selftest() { wait_alg_selftest 'ctr(aes)' "$1" skcipher "$2"; }

# /proc/crypto refcnt of driver $2 of cra_name $1
alg_refcnt() { crypto_list "$1" | awk -v d="$2" '$1 == d { print $4; exit }'; }

# module log lines since a marker, as INFO lines
log_lines() {
	dmesg_since "$1" | grep -v 'vmtest: ' | while IFS= read -r _l; do info "dmesg: $_l"; done
}

# is module $1 part of this kernel (a file in modules.dep, or built in)?
# ("-" and "_" are the same in module names)
mod_known() {
	_mk=$(echo "$1" | tr - _)
	cat /lib/modules/$KVER/modules.dep /lib/modules/$KVER/modules.builtin 2>/dev/null |
		cut -d: -f1 | tr - _ | grep -q "/$_mk\.ko"
}
mod_builtin() {
	_mk=$(echo "$1" | tr - _)
	tr - _ </lib/modules/$KVER/modules.builtin 2>/dev/null | grep -q "/$_mk\.ko"
}
# modules that newer kernels dropped (merged into others or into lib/crypto):
# need_modules and load_stock skip them where the kernel has no such module
MAYBE_ABSENT=" cryptd crypto_simd ghash_generic sha512_generic sha1_generic sha256_generic sha1_ssse3 sha256_ssse3 drbg jitterentropy_rng esp4_offload "

load_stock() {
	_ok=1
	for m in cryptd crypto_simd af_alg algif_skcipher crypto_user ctr ecb aesni_intel; do
		if [ -e "/sys/module/$m" ]; then continue; fi
		case "$MAYBE_ABSENT" in *" $m "*) mod_known "$m" || continue ;; esac
		if ! modprobe "$m" 2>/tmp/mp.err; then
			# built-in modules have no file; anything else is an error
			mod_builtin "$m" && continue
			[ "$m" = aesni_intel ] && [ -n "$1" ] && continue
			info "modprobe $m: $(cat /tmp/mp.err)"
			_ok=0
		fi
	done
	afalg_unrestrict
	return $((1 - _ok))
}

# 7.x: AF_ALG binds only allowlisted algorithm names unless
# /proc/sys/crypto/af_alg_restrict (af_alg's, default 1) is 0: "ctr(aes)" is
# allowed (for root), but not "gcm(aes)", "rfc4106(gcm(aes))" or any driver
# name, which the fuzzers and cryptsetup's LUKS2 aes-gcm use.  The tests
# lift the restriction (kat_enc_tool also runs under the default).
AFALG_RESTRICT=/proc/sys/crypto/af_alg_restrict
AFALG_RESTRICT_DEFAULT=""
afalg_unrestrict() {
	[ -w $AFALG_RESTRICT ] || return 0
	[ -n "$AFALG_RESTRICT_DEFAULT" ] || AFALG_RESTRICT_DEFAULT=$(cat $AFALG_RESTRICT)
	if [ "$(cat $AFALG_RESTRICT)" != 0 ]; then
		echo 0 >$AFALG_RESTRICT
		info "AF_ALG: $AFALG_RESTRICT was $AFALG_RESTRICT_DEFAULT, set to 0 (any algorithm or driver name may be bound)"
	fi
}

# the stock (aesni_intel) ctr(aes) driver that "ctr(aes)" resolves to
# without our module: the highest priority, not internal, selftest passed
# (ctr-aes-aesni on 6.1; ctr-aes-aesni-avx, ctr-aes-vaes-avx2, ... on 6.12
# and 7.x, as the CPU allows)
stock_driver() {	# $1 = cra_name, $2 = type
	crypto_list "$1" | awk -v t="$2" '$2 == "aesni_intel" && $5 == "passed" && $6 == t && $8 != "yes" &&
		$3 + 0 > best { best = $3 + 0; d = $1 } END { if (d != "") print d; else exit 1 }'
}
# wait up to $1 s for it
wait_stock_ctr() {
	_n=0
	while [ $_n -lt $(($1 * 10)) ]; do
		stock_driver 'ctr(aes)' skcipher && return 0
		usleep 100000
		_n=$((_n + 1))
	done
	return 1
}

# The module's algorithm families and the implementations (widths) of each,
# as the module contract defines them.  Each family picks, independently of
# the others, its widest implementation that the CPU has, max_tier= allows
# and the load-time self-test passes:
#   ctr (ctr(aes))
#     avx      AES-NI + AVX
#     vaes2    avx + VAES + AVX2
#     vaes512  vaes2 + AVX512F + AVX512BW + AVX512VL
#   gcm (gcm(aes), rfc4106(gcm(aes)))
#     avx      AES-NI + PCLMULQDQ + AVX
#     vaes2    avx + VAES + VPCLMULQDQ + AVX2
#     vaes512  vaes2 + AVX512F + AVX512BW + AVX512VL
#   xts (xts(aes)): as ctr
#   authenc (authenc(hmac(sha1),cbc(aes)), authenc(hmac(sha256),cbc(aes)))
#     avx      AES-NI + AVX + SHA-NI (the only implementation)
# (the kernel drops the AVX/AVX-512 flags from /proc/cpuinfo when XSAVE does
# not enable their register state, so the flags stand for the OS support too).
# In a QEMU 10 -cpu max guest: ctr = vaes2, gcm = avx (no VPCLMULQDQ),
# xts = vaes2, authenc = avx.
FAMILIES="ctr gcm xts authenc"
IMPLS="avx vaes2 vaes512"
# the implementations family $1 has at all (authenc: avx only)
family_impls() {
	case "$1" in
	authenc) echo avx ;;
	*) echo $IMPLS ;;
	esac
}
AUTHENC_SHA1='authenc(hmac(sha1),cbc(aes))'
AUTHENC_SHA256='authenc(hmac(sha256),cbc(aes))'
cpu_flags() { echo " $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "; }
# the flags the CPU lacks for implementation $2 of family $1
impl_missing() {
	_fl=$(cpu_flags)
	case "$1 $2" in
	"ctr avx") _need="aes avx" ;;
	"ctr vaes2") _need="aes avx vaes avx2" ;;
	"ctr vaes512") _need="aes avx vaes avx2 avx512f avx512bw avx512vl" ;;
	"gcm avx") _need="aes pclmulqdq avx" ;;
	"gcm vaes2") _need="aes pclmulqdq avx vaes vpclmulqdq avx2" ;;
	"gcm vaes512") _need="aes pclmulqdq avx vaes vpclmulqdq avx2 avx512f avx512bw avx512vl" ;;
	"xts avx") _need="aes avx" ;;
	"xts vaes2") _need="aes avx vaes avx2" ;;
	"xts vaes512") _need="aes avx vaes avx2 avx512f avx512bw avx512vl" ;;
	"authenc avx") _need="aes avx sha_ni" ;;
	"authenc "*) echo "(authenc has only avx)"; return ;;
	*) echo "(unknown family/implementation $1 $2)"; return ;;
	esac
	_miss=""
	for _f in $_need; do
		case "$_fl" in *" $_f "*) ;; *) _miss="$_miss $_f" ;; esac
	done
	echo ${_miss# }
}
# the implementations of family $1 the CPU has, narrowest first
cpu_impls() {
	_t=""
	for _x in $(family_impls $1); do
		[ -z "$(impl_missing $1 $_x)" ] && _t="$_t $_x"
	done
	echo ${_t# }
}
# ... minus those the emulator computes wrongly ($broken, see emulator_check):
# the ones a correct module can register here
usable_impls() {
	_t=""
	for _x in $(cpu_impls $1); do
		case " $broken " in *" $_x "*) ;; *) _t="$_t $_x" ;; esac
	done
	echo ${_t# }
}
# the implementation family $1 must use with max_tier=$2 (default: no cap);
# empty: the family cannot run (the module leaves it out)
want_impl() {
	_w=""
	for _x in $(usable_impls $1); do
		_w=$_x
		[ "$_x" = "${2:-}" ] && break
	done
	echo "$_w"
}
# implementations of family $1 the CPU claims but the emulator cannot
# compute: the module's load-time self-test must refuse them
refused_impls() {
	_t=""
	for _x in $(cpu_impls $1); do
		case " $broken " in *" $_x "*) _t="$_t $_x" ;; esac
	done
	echo ${_t# }
}
# one line: "ctr: avx vaes2; gcm: avx"
impls_summary() {	# $1 = cpu_impls|usable_impls
	_s=""
	for _fm in $FAMILIES; do
		_i=$($1 $_fm)
		_s="$_s; $_fm: ${_i:-none}"
	done
	echo "${_s#; }"
}
# driver name of implementation $2 of family $1 for cra_name $3
drv_name() {
	case "$1:$3" in
	ctr:*) echo "ctr-aes-aesnictr-$2" ;;
	gcm:rfc4106*) echo "rfc4106-gcm-aes-aesnictr-$2" ;;
	gcm:*) echo "gcm-aes-aesnictr-$2" ;;
	xts:*) echo "xts-aes-aesnictr-$2" ;;
	authenc:*sha1*) echo "authenc-hmac-sha1-cbc-aes-aesnictr-$2" ;;
	authenc:*sha256*) echo "authenc-hmac-sha256-cbc-aes-aesnictr-$2" ;;
	esac
}
# our driver registered for cra_name $1 (prefix match), or nothing
ours_driver() {
	case "$1" in
	'ctr(aes)') _p=ctr-aes-aesnictr- ;;
	'gcm(aes)') _p=gcm-aes-aesnictr- ;;
	'rfc4106(gcm(aes))') _p=rfc4106-gcm-aes-aesnictr- ;;
	'xts(aes)') _p=xts-aes-aesnictr- ;;
	"$AUTHENC_SHA1") _p=authenc-hmac-sha1-cbc-aes-aesnictr- ;;
	"$AUTHENC_SHA256") _p=authenc-hmac-sha256-cbc-aes-aesnictr- ;;
	esac
	crypto_list "$1" | awk -v p="$_p" 'index($1, p) == 1 { printf "%s%s", s, $1; s = " " }'
}

# insmod the module under test with optional parameters, after the modules
# it links against (modinfo depends, e.g. authenc); sets INSMOD_ERR
ours_insmod() {
	for _d in $OURS_DEPS; do
		[ -e "/sys/module/$_d" ] || modprobe "$_d" 2>/dev/null ||
			info "modprobe $_d (a dependency of $OURS_NAME) failed"
	done
	INSMOD_ERR=$(vminsmod "$OURS_KO" "$@" 2>&1)
}

ours_loaded() { [ -e "/sys/module/$OURS_NAME" ]; }

# check which driver the name $1 resolves to, by the change of /proc/crypto
# refcnt while a tfm allocated by that name is held (by the command $3...)
check_resolution_of() {
	_name=$1
	_want=$2
	shift 2
	crypto_list "$_name" | awk '{ print $1, $4 }' | sort >/tmp/ref.before
	"$@" >/tmp/hold.out 2>&1 &
	_hp=$!
	_n=0
	while [ $_n -lt 100 ] && ! grep -q '^HOLD:' /tmp/hold.out; do
		usleep 100000
		_n=$((_n + 1))
	done
	crypto_list "$_name" | awk '{ print $1, $4 }' | sort >/tmp/ref.after
	kill $_hp 2>/dev/null
	wait $_hp 2>/dev/null
	_got=$(awk 'NR == FNR { b[$1] = $2; next } ($1 in b) && $2 > b[$1] { print $1 }' \
		/tmp/ref.before /tmp/ref.after | tr '\n' ' ')
	_got=${_got% }
	if [ "$_got" = "$_want" ]; then
		pass "\"$_name\" resolves to $_want (its /proc/crypto refcnt rose while an AF_ALG tfm of \"$_name\" was held; no other $_name entry changed)"
	else
		fail "\"$_name\" resolves to '${_got:-nothing seen}', want $_want (refcnt before: $(tr '\n' ',' </tmp/ref.before) after: $(tr '\n' ',' </tmp/ref.after); holder: $(head -1 /tmp/hold.out))"
	fi
}
check_resolution() { check_resolution_of 'ctr(aes)' "$1" afalg_fuzz --hold 'ctr(aes)' 120; }

# driver $2 must have the highest priority of all entries of cra_name $1
check_priority_of() {
	_an=$1
	_drv=$2
	_mine=$(crypto_list "$_an" | awk -v d="$_drv" '$1 == d { print $3; exit }')
	_others=$(crypto_list "$_an" | awk -v d="$_drv" '$1 != d { printf "%s=%s ", $1, $3 }')
	_max=$(crypto_list "$_an" | awk -v d="$_drv" '$1 != d && $3 > m { m = $3 } END { print m + 0 }')
	if [ -n "$_mine" ] && [ "$_mine" -gt "$_max" ]; then
		pass "$_drv priority $_mine is the highest of all $_an (others: ${_others% })"
	else
		fail "$_drv priority ${_mine:-?} is not above every other $_an (others: ${_others% })"
	fi
}
check_priority() { check_priority_of 'ctr(aes)' "$1"; }

# The module may register a family below a stock driver that is faster on
# this CPU class (7.x has VAES code of its own), saying so in the kernel log:
#   aesni_ctr: ctr: ctr-aes-aesni-avx (priority 500) is faster on this CPU
#   class than ours; registering below it
# yielded FAMILY MARK: that line since the mark, if any
yielded() {
	dmesg_since "$2" | grep "$OURS_NAME: $1:" | grep -i 'below' | tail -1 | sed 's/^\[[ 0-9.]*\] //'
}
# the driver cra_name $1 must resolve to when ours is $2, of family $3
# (log since mark $4): ours, or the best stock (aesni_intel) one if the
# family yielded
expected_winner() {
	if [ -n "$(yielded "$3" "$4")" ]; then
		stock_driver "$1" "$(crypto_list "$1" | awk -v d="$2" '$1 == d { print $6; exit }')"
	else
		echo "$2"
	fi
}
# check_priority_policy CRA_NAME OURS FAMILY MARK: ours has the highest
# priority, or (if the family yielded) the stock driver has, ours next below
check_priority_policy() {
	_y=$(yielded "$3" "$4")
	if [ -z "$_y" ]; then
		check_priority_of "$1" "$2"
		return
	fi
	_w=$(expected_winner "$1" "$2" "$3" "$4")
	_mine=$(crypto_list "$1" | awk -v d="$2" '$1 == d { print $3; exit }')
	_theirs=$(crypto_list "$1" | awk -v d="$_w" '$1 == d { print $3; exit }')
	if [ -n "$_w" ] && [ -n "$_mine" ] && [ -n "$_theirs" ] && [ "$_mine" -lt "$_theirs" ]; then
		pass "$2 priority $_mine is below the stock $_w ($_theirs), as the module said: $_y"
		check_priority_of "$1" "$_w"
	else
		fail "$2 (priority ${_mine:-?}) should be below the stock ${_w:-?} (${_theirs:-?}), as the module said: $_y"
	fi
}

kat_enc_tool() {
	# SP 800-38A F.5.1 through kcapi-enc, by the generic name "ctr(aes)",
	# under the kernel's default AF_ALG restriction (7.x: an allowlist)
	printf '\053\176\025\026\050\256\322\246\253\367\025\210\011\317\117\074' >/tmp/key
	printf '\153\301\276\342\056\100\237\226\351\075\176\021\163\223\027\052' >/tmp/pt
	_rs=""
	if [ -n "$AFALG_RESTRICT_DEFAULT" ]; then
		echo "$AFALG_RESTRICT_DEFAULT" >$AFALG_RESTRICT
		_rs=" (with af_alg_restrict=$AFALG_RESTRICT_DEFAULT, the kernel's default)"
	fi
	if kcapi-enc -e -c 'ctr(aes)' --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff \
		--keyfd 3 -i /tmp/pt -o /tmp/ct 3</tmp/key 2>/tmp/kenc.err &&
		[ "$(od -An -tx1 /tmp/ct | tr -d ' \n' | cut -c1-32)" = 874d6191b620e3261bef6864990db6ce ]; then
		pass "kcapi-enc ctr(aes): SP 800-38A F.5.1 block 1$_rs"
	else
		fail "kcapi-enc ctr(aes): wrong or no output$_rs ($(cat /tmp/kenc.err 2>/dev/null | head -1))"
	fi
	[ -z "$AFALG_RESTRICT_DEFAULT" ] || echo 0 >$AFALG_RESTRICT
}

# Which implementations can the emulator run at all?  QEMU 7.2's TCG, for
# one, computes VEX.256 vaesenc wrongly in the high 128-bit lane, so a
# correct vaes2 fails there (the module's load-time self-test refuses it and
# the family falls back to a narrower one); QEMU 10 computes it right.  Sets
# $broken to the widths the emulator cannot compute (whatever the CPU
# claims); usable_impls, want_impl and refused_impls use it.
broken=""
emulator_check() {
	broken=""
	tcg_probe >/tmp/probe.out 2>&1
	grep '^INFO: ' /tmp/probe.out | while IFS= read -r _l; do info "${_l#INFO: }"; done
	case "$(grep '^TCGPROBE:' /tmp/probe.out)" in
	*vex128=broken*) broken="avx vaes2 vaes512" ;;
	*vex256=broken*) broken="vaes2 vaes512" ;;
	esac
	for _fm in $FAMILIES; do
		_r=$(refused_impls $_fm)
		[ -n "$_r" ] && info "emulator cannot compute $_fm implementation(s) '$_r' correctly: expecting the module's self-test to refuse them"
	done
	info "implementations by cpuid: $(impls_summary cpu_impls); usable here: $(impls_summary usable_impls)"
}

# a NOTCOVERED line, with the reason, for every implementation of family $1
# that a correct module cannot use on this (virtual) CPU
report_uncovered() {
	for _t in $(family_impls $1); do
		case " $(usable_impls $1) " in *" $_t "*) continue ;; esac
		case " $broken " in
		*" $_t "*) out "NOTCOVERED: $1 $_t (this emulator computes its instructions wrongly; see the tcg probe)" ;;
		*) out "NOTCOVERED: $1 $_t (the virtual CPU lacks: $(impl_missing $1 $_t))" ;;
		esac
	done
}

# the module's load-time self-test must have refused, with a log line, each
# implementation of family $1 the emulator computes wrongly (log since mark $2)
check_refused() {
	for _t in $(refused_impls $1); do
		if dmesg_since "$2" | grep "$OURS_NAME:" | grep -i 'self-test' | grep -i 'fail' |
			grep -w "$1" | grep -qw "$_t"; then
			pass "$1 $_t, which the emulator computes wrongly, was refused by the module's load-time self-test: $(dmesg_since "$2" | grep "$OURS_NAME:" | grep -i 'self-test' | grep -w "$1" | grep -w -m1 "$_t" | sed 's/^\[[ 0-9.]*\] //')"
		else
			fail "$1 $_t, which the emulator computes wrongly, was not reported as failing its self-test (want a line like '$OURS_NAME: $1: self-test of $_t failed')"
		fi
	done
}

# the load summary line ("aesni_ctr: version <v>: ctr=vaes2 gcm=avx"), if the
# module prints one, must name each family's implementation (log since mark $1)
check_summary_line() {
	_l=$(dmesg_since "$1" | grep "$OURS_NAME:" | grep -E '(^|[ :])ctr=' | tail -1 | sed 's/^\[[ 0-9.]*\] //')
	if [ -z "$_l" ]; then
		info "no load summary line (ctr=... gcm=...) in the kernel log"
		return
	fi
	_bad=""
	for _fm in $FAMILIES; do
		_w=$(want_impl $_fm "${2:-}")
		case " $_l " in
		*" $_fm=${_w:-none} "*|*" $_fm=${_w:-none},"*|*" $_fm=${_w:-none};"*) ;;
		*" $_fm="*) _bad="$_bad $_fm=${_w:-none}" ;;
		*) [ -n "$_w" ] && _bad="$_bad $_fm=$_w" ;;
		esac
	done
	if [ -z "$_bad" ]; then
		pass "load summary line names the expected implementations: $_l"
	else
		fail "load summary line '$_l', want:$_bad"
	fi
}

# the fuzzer must notice a wrong cipher: xctr(aes) has the same key and IV
# sizes as ctr(aes) but another counter, so every non-empty case differs
harness_selfcheck() {
	# xctr-aes-aesni on 6.1, xctr-aes-aesni-avx and wider on 6.12 and 7.x
	_x=$(stock_driver 'xctr(aes)' skcipher)
	if [ -z "$_x" ]; then
		info "harness self-check skipped (no stock xctr(aes) driver on this CPU)"
		return
	fi
	afalg_fuzz --seed 7 "$_x" 30 >/tmp/neg.out 2>&1
	_rc=$?
	if [ $_rc -eq 1 ] && grep -q "^FAIL: fuzz $_x vs " /tmp/neg.out; then
		pass "fuzzer self-check: it reports a wrong cipher ($_x posing as ctr(aes)): $(grep -c 'first mismatch' /tmp/neg.out) mismatches shown"
	else
		fail "fuzzer self-check: $_x was not reported as wrong (status $_rc): $(tail -1 /tmp/neg.out)"
	fi
}

# one fuzzer per CPU at once: requests of different tfms run concurrently
# on all CPUs and get preempted and migrated between FPU sections
parallel_fuzz() {
	_cpus=$(grep -c '^processor' /proc/cpuinfo)
	if [ "$_cpus" -lt 2 ]; then
		info "parallel fuzz skipped: 1 CPU"
		return
	fi
	_i=1
	_pids=""
	while [ $_i -le "$_cpus" ]; do
		afalg_fuzz "$1" "$2" >/tmp/par.$_i 2>&1 &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	_rc=0
	for _p in $_pids; do
		wait $_p || _rc=1
	done
	_i=1
	while [ $_i -le "$_cpus" ]; do
		while IFS= read -r _l; do
			case "$_l" in
			PASS:*) pass "parallel $_i/$_cpus: ${_l#PASS: }" ;;
			FAIL:*) fail "parallel $_i/$_cpus: ${_l#FAIL: }" ;;
			esac
		done </tmp/par.$_i
		_i=$((_i + 1))
	done
	[ $_rc -eq 0 ] || grep -q '^FAIL' /tmp/par.* || fail "a parallel fuzzer exited non-zero without a FAIL line"
}

# dm-crypt "aes-ctr-plain64" on a RAM disk, through the kernel's own user of
# ctr(aes): the mapping must take driver $1, the device must hold exactly the
# ciphertext ctr(aes-generic) gives, and reading back must give the data
dmcrypt_test() {
	_drv=$1
	_tag=${2:+"$2, "}
	_ss=""
	for _m in dm_mod dm_crypt; do
		modprobe $_m 2>/dev/null || { fail "dm-crypt test ($_tag${_ss:-setup}): modprobe $_m failed"; return; }
	done
	[ -b /dev/ram0 ] || modprobe brd rd_nr=1 rd_size=8192 ||
		{ fail "dm-crypt test ($_tag${_ss:-setup}): modprobe brd failed"; return; }
	head -c 32 /dev/urandom >/tmp/dmkey
	_hex=$(od -An -tx1 /tmp/dmkey | tr -d ' \n')
	dd if=/dev/urandom of=/tmp/dmplain bs=65536 count=64 2>/dev/null
	for _ss in 512 4096; do
		_opt=""
		[ $_ss = 512 ] || _opt=" 1 sector_size:$_ss"
		_r0=$(crypto_list 'ctr(aes)' | awk -v d="$_drv" '$1 == d { print $4 }')
		if ! _e=$(DM_DISABLE_UDEV=1 dmsetup create vmtest-crypt \
			--table "0 8192 crypt aes-ctr-plain64 $_hex 0 /dev/ram0 0$_opt" 2>&1); then
			fail "dm-crypt test ($_tag${_ss:-setup}): dmsetup create (sector size $_ss): $_e"
			continue
		fi
		_r1=$(crypto_list 'ctr(aes)' | awk -v d="$_drv" '$1 == d { print $4 }')
		if [ "${_r1:-0}" -gt "${_r0:-0}" ]; then
			pass "dm-crypt aes-ctr-plain64 (${_tag}sector size $_ss) allocated $_drv (refcnt $_r0 -> $_r1)"
		else
			fail "dm-crypt aes-ctr-plain64 (${_tag}sector size $_ss) did not take $_drv (refcnt $_r0 -> $_r1; $(crypto_list 'ctr(aes)' | tr '\n' ';'))"
		fi
		_dev=/dev/mapper/vmtest-crypt
		dd if=/tmp/dmplain of=$_dev bs=65536 conv=fsync 2>/dev/null ||
			fail "dm-crypt test ($_tag${_ss:-setup}): writing $_dev failed"
		sync
		echo 3 >/proc/sys/vm/drop_caches
		dd if=/dev/ram0 of=/tmp/dmct bs=65536 count=64 2>/dev/null
		afalg_fuzz --dmcrypt-check "$_hex" /tmp/dmplain /tmp/dmct $_ss >/tmp/dmc.out 2>&1
		while IFS= read -r _l; do
			case "$_l" in
			PASS:*) pass "${_tag}${_l#PASS: }" ;;
			FAIL:*) fail "${_tag}${_l#FAIL: }" ;;
			*) info "$_l" ;;
			esac
		done </tmp/dmc.out
		echo 3 >/proc/sys/vm/drop_caches
		dd if=$_dev of=/tmp/dmback bs=65536 count=64 2>/dev/null
		if cmp -s /tmp/dmback /tmp/dmplain; then
			pass "dm-crypt aes-ctr-plain64 (${_tag}sector size $_ss): 4 MiB read back through the mapping equal what was written"
		else
			fail "dm-crypt aes-ctr-plain64 (${_tag}sector size $_ss): data read back differ ($(cmp /tmp/dmback /tmp/dmplain 2>&1 | head -1))"
		fi
		DM_DISABLE_UDEV=1 dmsetup remove vmtest-crypt 2>/dev/null ||
			fail "dm-crypt test ($_tag${_ss:-setup}): dmsetup remove failed"
	done
	rm -f /tmp/dmplain /tmp/dmct /tmp/dmback
}

# after a refused load the module must have said why, in one line, or in at
# most $2 lines (the kernel's taint lines for an unsigned out-of-tree module
# do not count; vminsmod makes exactly one finit_module call); with $3 =
# "info" none of them may be logged as an error (KERN_ERR or worse)
check_refusal_line() {
	_max=${2:-1}
	dmesg_since "$1" | grep "$OURS_NAME" |
		grep -v -e 'taints kernel' -e 'module verification failed' >/tmp/why
	_n=$(wc -l </tmp/why)
	_l=$(head -1 /tmp/why)
	if [ "$_n" -ge 1 ] && [ "$_n" -le "$_max" ]; then
		if [ "$_n" -eq 1 ]; then
			pass "kernel log explains the refusal in one line: ${_l#\[*\] }"
		else
			pass "kernel log explains the refusal in $_n lines (at most $_max): $(sed 's/^\[[ 0-9.]*\] //' /tmp/why | tr '\n' '|')"
		fi
	elif [ "$_n" -gt "$_max" ]; then
		fail "$_n kernel log lines of $OURS_NAME for one refused load (want at most $_max): $(tr '\n' '|' </tmp/why)"
	else
		fail "no kernel log line of $OURS_NAME explains the refused load"
	fi
	[ "${3:-}" = info ] || return 0
	# the raw log has each line's level: <N>, N & 7 (3 = KERN_ERR)
	dmesg -r 2>/dev/null | awk -v m="vmtest: $1" 'f { print } index($0, m) { f = 1 }' |
		grep "$OURS_NAME" | grep -v -e 'taints kernel' -e 'module verification failed' |
		grep '^<[0-9]*>' >/tmp/why.raw
	_errs=$(awk 'match($0, /^<[0-9]+>/) { l = substr($0, 2, RLENGTH - 2) % 8; if (l <= 3) print }' /tmp/why.raw)
	if [ ! -s /tmp/why.raw ]; then
		info "the raw kernel log (dmesg -r) has no line of $OURS_NAME: log levels not checked"
	elif [ -n "$_errs" ]; then
		fail "the refusal is logged at error level or worse (want info): $(echo "$_errs" | tr '\n' '|')"
	else
		pass "the refusal is logged below error level (info), as for a CPU the module does not support"
	fi
}

# ---------------------------------------------------------------------
scenario_main() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	info "cpu flags:$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	if load_stock; then
		pass "stock modules loaded (af_alg algif_skcipher crypto_user ctr ecb aesni_intel)"
	else
		fail "stock modules did not all load"
	fi
	if _d=$(wait_stock_ctr 30); then
		info "stock driver $_d: selftest passed"
	else
		fail "no stock (aesni_intel) ctr(aes) driver reached selftest passed"
	fi

	if [ -z "$OURS_KO" ]; then
		scenario_stock
		return
	fi
	want=$(want_impl ctr)
	prefix=ctr-aes-aesnictr-
	report_uncovered ctr
	if [ -z "$want" ]; then
		fail "the ctr family cannot run on this CPU ($(impl_missing ctr avx) missing): scenario misconfigured"
		return
	fi

	# --- load, self-test, priority, resolution --------------------
	mark "insmod default"
	t0=$(now)
	if ours_insmod; then
		pass "insmod $OURS_NAME"
	else
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod default"
		return
	fi
	if drv=$(wait_selftest $prefix 30); then
		pass "$drv registered, selftest : passed after $(elapsed "$t0") s"
	else
		fail "no $prefix* ctr(aes) with selftest : passed within 30 s ($(crypto_list 'ctr(aes)' | tr '\n' ';'))"
		log_lines "insmod default"
		return
	fi
	log_lines "insmod default"
	if [ "$drv" = "$prefix$want" ]; then
		pass "ctr family: default implementation is the widest usable one: $drv (usable: $(usable_impls ctr))"
	else
		fail "ctr family: default driver $drv, want $prefix$want (usable: $(usable_impls ctr))"
	fi
	check_refused ctr "insmod default"
	check_summary_line "insmod default"
	_e=$(crypto_list 'ctr(aes)' | awk -v d="$drv" '$1 == d')
	set -- $_e
	if [ "$2" = "$OURS_NAME" ] && [ "$7" = no ] && [ "$8" = no ]; then
		pass "$drv: module $2, async : no, internal : no (synchronous, directly usable)"
	else
		fail "$drv: /proc/crypto says module=$2 async=$7 internal=$8 (want $OURS_NAME, no, no)"
	fi
	check_priority_policy 'ctr(aes)' "$drv" ctr "insmod default"
	win=$(expected_winner 'ctr(aes)' "$drv" ctr "insmod default")
	check_resolution "$win"
	kat_enc_tool
	run_tool afalg_fuzz --kat "$drv"

	# --- differential fuzz ------------------------------------------
	if run_tool afalg_fuzz "$drv" "$FUZZ_N"; then
		out "COVERED: ctr ${drv#$prefix} ctr(aes)"
	fi
	parallel_fuzz "$drv" "$TIER_N"
	dmcrypt_test "$win"
	run_tool afalg_fuzz --badkeys "$drv"
	harness_selfcheck

	# --- rmmod refused while in use ---------------------------------
	afalg_fuzz --hold "$drv" 300 >/tmp/hold.out 2>&1 &
	hp=$!
	_n=0
	while [ $_n -lt 100 ] && ! grep -q '^HOLD:' /tmp/hold.out; do
		usleep 100000
		_n=$((_n + 1))
	done
	if ! grep -q '^HOLD:' /tmp/hold.out; then
		fail "hold $drv: $(cat /tmp/hold.out)"
	fi
	refc=$(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null)
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		fail "rmmod $OURS_NAME succeeded while a tfm was open (refcnt was $refc)"
		ours_insmod
		wait_selftest $prefix 30 >/dev/null
	else
		pass "rmmod $OURS_NAME refused while an AF_ALG tfm is open (module refcnt $refc: $_m)"
	fi
	kill $hp 2>/dev/null
	wait $hp 2>/dev/null
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		pass "rmmod $OURS_NAME after the holder exited"
	else
		fail "rmmod $OURS_NAME after the holder exited: $_m"
	fi
	if crypto_list 'ctr(aes)' | grep -q "^$prefix"; then
		fail "/proc/crypto still lists $prefix* after rmmod"
	fi

	# --- load/unload cycles ------------------------------------------
	mark "cycles"
	_bad=0
	t0=$(now)
	i=1
	while [ $i -le "$CYCLES" ]; do
		if ! ours_insmod; then
			fail "cycle $i: insmod: $INSMOD_ERR"
			_bad=1
			break
		fi
		if ! wait_selftest $prefix 30 >/dev/null; then
			fail "cycle $i: no selftest : passed within 30 s"
			_bad=1
		fi
		if ! _m=$(rmmod "$OURS_NAME" 2>&1); then
			fail "cycle $i: rmmod: $_m"
			_bad=1
			break
		fi
		i=$((i + 1))
	done
	[ $_bad -eq 0 ] && pass "$CYCLES insmod/selftest passed/rmmod cycles in $(elapsed "$t0") s"

	# --- max_tier= caps every family ----------------------------------
	# each family must take its widest usable implementation at or below
	# the cap; an implementation below a family's default is fuzzed here
	for t in $IMPLS; do
		mark "max_tier=$t"
		if ! ours_insmod max_tier=$t; then
			fail "insmod max_tier=$t: $INSMOD_ERR"
			log_lines "max_tier=$t"
			continue
		fi
		wc=$(want_impl ctr $t)
		wg=$(want_impl gcm $t)
		if d=$(wait_selftest $prefix 30) && [ "$d" = "$prefix$wc" ]; then
			pass "max_tier=$t: ctr family: driver $d, selftest : passed"
			check_priority_policy 'ctr(aes)' "$d" ctr "max_tier=$t"
			if [ "$wc" = "$t" ] && [ "$t" != "$want" ]; then
				if run_tool afalg_fuzz "$d" "$TIER_N"; then
					out "COVERED: ctr $t ctr(aes)"
				fi
			fi
		else
			fail "max_tier=$t: ctr family: driver '${d:-none passed}', want $prefix$wc"
			log_lines "max_tier=$t"
		fi
		_g=$(ours_driver 'gcm(aes)')
		_r=$(ours_driver 'rfc4106(gcm(aes))')
		if [ -z "$wg" ]; then
			if [ -z "$_g$_r" ]; then
				pass "max_tier=$t: gcm family left out (the CPU lacks: $(impl_missing gcm avx))"
			else
				fail "max_tier=$t: gcm family registered '$_g' '$_r' on a CPU that lacks: $(impl_missing gcm avx)"
			fi
		elif [ "$_g $_r" = "$(drv_name gcm $wg 'gcm(aes)') $(drv_name gcm $wg 'rfc4106(gcm(aes))')" ]; then
			pass "max_tier=$t: gcm family: $_g and $_r"
			if [ "$wg" = "$t" ] && [ "$t" != "$(want_impl gcm)" ]; then
				GDRV=$_g
				RDRV=$_r
				if wait_alg_selftest 'gcm(aes)' "$GDRV" aead 30 >/dev/null &&
					wait_alg_selftest 'rfc4106(gcm(aes))' "$RDRV" aead 30 >/dev/null; then
					aead_fuzz_pair "gcm $t" "$TIER_N"
				else
					fail "max_tier=$t: $GDRV / $RDRV without selftest : passed"
				fi
			fi
		else
			fail "max_tier=$t: gcm family drivers '$_g' '$_r', want $(drv_name gcm $wg 'gcm(aes)') and $(drv_name gcm $wg 'rfc4106(gcm(aes))')"
		fi
		rmmod "$OURS_NAME" 2>/dev/null
	done

	# --- non-SIMD fallback, forced at run time -------------------------
	mark "nosimd"
	if ours_insmod && drv=$(wait_selftest $prefix 30); then
		p=/sys/module/$OURS_NAME/parameters/debug_force_nosimd
		if [ -w "$p" ] && echo 1 >"$p" && [ "$(cat $p)" = Y ]; then
			pass "debug_force_nosimd=1 set at run time"
			if run_tool afalg_fuzz "$drv" "$FUZZ_N"; then
				out "COVERED: ctr nosimd ctr(aes)"
			fi
			run_tool afalg_fuzz --kat "$drv"
			dmcrypt_test "$win" "non-SIMD path forced"
			echo 0 >"$p"
			[ "$(cat $p)" = N ] || fail "debug_force_nosimd did not go back to N"
		else
			fail "cannot set $p at run time ($(ls -l $p 2>&1))"
		fi
		rmmod "$OURS_NAME" || fail "rmmod after nosimd fuzz"
	else
		fail "insmod for the nosimd test: $INSMOD_ERR"
	fi

	# --- a bad parameter refuses the load --------------------------
	mark "max_tier=foo"
	if ours_insmod max_tier=foo; then
		fail "insmod max_tier=foo succeeded"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"Invalid argument"*) pass "insmod max_tier=foo refused: $INSMOD_ERR" ;;
		*) fail "insmod max_tier=foo refused, but not with EINVAL: $INSMOD_ERR" ;;
		esac
		check_refusal_line "max_tier=foo"
	fi
	log_lines "max_tier=foo"
	if crypto_list 'ctr(aes)' | grep -q "^$prefix"; then
		fail "/proc/crypto lists $prefix* after a refused load"
	fi
}

# rig self-test against the stock driver (no module under test built yet)
scenario_stock() {
	drv=$(stock_driver 'ctr(aes)' skcipher)
	info "no module under test: exercising the rig on the stock $drv (aesni_intel)"
	check_priority "$drv"
	check_resolution "$drv"
	kat_enc_tool
	run_tool afalg_fuzz --kat "$drv"
	run_tool afalg_fuzz "$drv" "$FUZZ_N"
	run_tool afalg_fuzz --badkeys "$drv"
	harness_selfcheck
	afalg_fuzz --hold "$drv" 300 >/tmp/hold.out 2>&1 &
	hp=$!
	_n=0
	while [ $_n -lt 100 ] && ! grep -q '^HOLD:' /tmp/hold.out; do
		usleep 100000
		_n=$((_n + 1))
	done
	if _m=$(rmmod aesni_intel 2>&1); then
		fail "rmmod aesni_intel succeeded while a tfm was open"
		modprobe aesni_intel
	else
		pass "rmmod aesni_intel refused while an AF_ALG tfm is open ($_m)"
	fi
	kill $hp
	wait $hp 2>/dev/null
	if _m=$(rmmod aesni_intel 2>&1); then
		pass "rmmod aesni_intel after the holder exited"
	else
		fail "rmmod aesni_intel after the holder exited: $_m"
	fi
	_bad=0
	i=1
	while [ $i -le "$CYCLES" ]; do
		modprobe aesni_intel && [ "$(wait_stock_ctr 30)" = "$drv" ] &&
			rmmod aesni_intel || { _bad=1; break; }
		i=$((i + 1))
	done
	if [ $_bad -eq 0 ]; then
		pass "$CYCLES modprobe/rmmod cycles of aesni_intel"
	else
		fail "aesni_intel load/unload cycle $i failed"
	fi
}

# CPU without what the module needs: the load must fail cleanly, with
# ENODEV, logged at info level (not as an error): at most one line per
# family left out and one for the refusal
scenario_nosupport() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), implementations by cpuid: $(impls_summary cpu_impls)"
	load_stock tolerant || fail "stock modules did not all load"
	if [ -z "$OURS_KO" ]; then
		info "no module under test"
		return
	fi
	for _fm in $FAMILIES; do
		if [ -n "$(cpu_impls $_fm)" ]; then
			fail "this CPU model has $_fm implementation(s) '$(cpu_impls $_fm)': scenario misconfigured"
			return
		fi
	done
	mark "insmod unsupported"
	if ours_insmod; then
		fail "insmod $OURS_NAME succeeded on a CPU without AES-NI+AVX"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"No such device"*) pass "insmod refused with ENODEV: $INSMOD_ERR" ;;
		*) fail "insmod refused, but not with ENODEV: $INSMOD_ERR" ;;
		esac
	fi
	check_refusal_line "insmod unsupported" $((1 + $(echo $FAMILIES | wc -w))) info
	log_lines "insmod unsupported"
	if crypto_list 'ctr(aes)' | grep -q '^ctr-aes-aesnictr-' ||
		crypto_list 'gcm(aes)' | grep -q '^gcm-aes-aesnictr-' ||
		crypto_list 'rfc4106(gcm(aes))' | grep -q '^rfc4106-gcm-aes-aesnictr-' ||
		crypto_list 'xts(aes)' | grep -q '^xts-aes-aesnictr-' ||
		crypto_list "$AUTHENC_SHA1" | grep -q '^authenc-hmac-sha1-cbc-aes-aesnictr-' ||
		crypto_list "$AUTHENC_SHA256" | grep -q '^authenc-hmac-sha256-cbc-aes-aesnictr-'; then
		fail "/proc/crypto lists *-aesnictr-* after a refused load"
	fi
}

# AES-NI+AVX CPU without VAES: every family must choose avx by itself
scenario_avxonly() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	for _fm in ctr gcm xts; do
		if [ "$(want_impl $_fm)" != avx ]; then
			fail "$_fm implementations '$(usable_impls $_fm)', want exactly avx: scenario misconfigured"
			return
		fi
	done
	mark "insmod avxonly"
	if ! ours_insmod; then
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod avxonly"
		return
	fi
	if d=$(wait_selftest ctr-aes-aesnictr- 30) && [ "$d" = ctr-aes-aesnictr-avx ]; then
		pass "ctr family: auto-detected implementation on an AES-NI+AVX CPU without VAES: $d"
		log_lines "insmod avxonly"
		check_summary_line "insmod avxonly"
		check_priority_policy 'ctr(aes)' "$d" ctr "insmod avxonly"
		if run_tool afalg_fuzz "$d" "$TIER_N"; then
			out "COVERED: ctr avx ctr(aes)"
		fi
	else
		fail "ctr family: driver '${d:-none passed}', want ctr-aes-aesnictr-avx"
		log_lines "insmod avxonly"
	fi
	GDRV=gcm-aes-aesnictr-avx
	RDRV=rfc4106-gcm-aes-aesnictr-avx
	if need_modules algif_aead gcm ghash_generic &&
		wait_alg_selftest 'gcm(aes)' $GDRV aead 30 >/dev/null &&
		wait_alg_selftest 'rfc4106(gcm(aes))' $RDRV aead 30 >/dev/null; then
		pass "gcm family: auto-detected implementation: $GDRV, $RDRV (selftest : passed)"
		aead_fuzz_pair "gcm avx" $((AEAD_N / 4))
	else
		fail "gcm family: no $GDRV and $RDRV with selftest : passed (gcm(aes): $(crypto_list 'gcm(aes)' | tr '\n' ';'))"
	fi
	rmmod "$OURS_NAME" || fail "rmmod $OURS_NAME"
}

# fips=1: the unsigned module must refuse to load, without a panic
scenario_fips() {
	info "kernel $(uname -r), fips_enabled=$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)"
	if [ "$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)" != 1 ]; then
		fail "fips_enabled is not 1: scenario misconfigured"
		return
	fi
	load_stock || info "not all stock modules loaded in FIPS mode"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	mark "insmod fips"
	if ours_insmod; then
		fail "insmod $OURS_NAME succeeded in FIPS mode (unsigned module)"
		rmmod "$OURS_NAME"
	else
		pass "insmod refused in FIPS mode: $INSMOD_ERR"
	fi
	check_refusal_line "insmod fips"
	log_lines "insmod fips"
	pass "no panic after the refused load in FIPS mode (kernel still running)"
}

# ---------------------------------------------------------------------
# The AEADs gcm(aes) and rfc4106(gcm(aes)): registration, resolution,
# known answers, differential fuzz, argument checks, the non-SIMD path, and
# the kernel's own users: dm-crypt (LUKS2, --integrity aead) and IPsec ESP.

NOSIMD_P=""	# the module's debug_force_nosimd parameter file, once loaded

# iproute2's ip: busybox's ash would run its own "ip" applet before $PATH
ip() { /usr/sbin/ip "$@"; }

set_nosimd() {	# 0|1
	[ -n "$NOSIMD_P" ] || return 1
	echo "$1" >"$NOSIMD_P" 2>/dev/null
	case "$1$(cat "$NOSIMD_P" 2>/dev/null)" in
	1Y|0N) return 0 ;;
	esac
	fail "cannot set $NOSIMD_P to $1"
	return 1
}

# modprobe each module unless loaded or built in
need_modules() {
	_ok=0
	for _m in "$@"; do
		[ -e "/sys/module/$_m" ] && continue
		mod_builtin "$_m" && continue
		case "$MAYBE_ABSENT" in *" $_m "*) mod_known "$_m" || continue ;; esac
		if ! modprobe "$_m" 2>/tmp/mp.err; then
			fail "modprobe $_m: $(cat /tmp/mp.err)"
			_ok=1
		fi
	done
	return $_ok
}

hexrand() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# the /proc/crypto flags of driver $2 (cra_name $1): ours, synchronous, not internal
check_aead_entry() {
	_e=$(crypto_list "$1" | awk -v d="$2" '$1 == d')
	set -- $_e
	if [ "$2" = "$OURS_NAME" ] && [ "$6" = aead ] && [ "$7" = no ] && [ "$8" = no ]; then
		pass "$1: module $2, type aead, async : no, internal : no, selftest : $5"
	else
		fail "$1: /proc/crypto says module=$2 type=$6 async=$7 internal=$8 (want $OURS_NAME, aead, no, no)"
	fi
}

# two fuzzers at once (gcm and rfc4106 on the two vCPUs); $1 = "<family>
# <impl>" for the COVERED lines (empty: none), $2 = cases each
aead_fuzz_pair() {
	afalg_aead gcm "$GDRV" "$2" >/tmp/af.gcm 2>&1 &
	_p1=$!
	afalg_aead rfc4106 "$RDRV" "$2" >/tmp/af.rfc 2>&1 &
	_p2=$!
	wait $_p1
	_r1=$?
	wait $_p2
	_r2=$?
	for _f in gcm rfc; do
		while IFS= read -r _l; do
			case "$_l" in
			PASS:*) pass "${_l#PASS: }" ;;
			FAIL:*) fail "${_l#FAIL: }" ;;
			*) info "$_l" ;;
			esac
		done </tmp/af.$_f
	done
	[ $_r1 -eq 0 ] || grep -q '^FAIL' /tmp/af.gcm || fail "afalg_aead gcm exited with $_r1 without a FAIL line"
	[ $_r2 -eq 0 ] || grep -q '^FAIL' /tmp/af.rfc || fail "afalg_aead rfc4106 exited with $_r2 without a FAIL line"
	if [ -n "$1" ]; then
		[ $_r1 -eq 0 ] && out "COVERED: $1 gcm(aes)"
		[ $_r2 -eq 0 ] && out "COVERED: $1 rfc4106(gcm(aes))"
	fi
}

# read $2 bytes from $1 (bs 64 KiB) into $3; status of dd
read_dev() { dd if="$1" of="$3" bs=65536 count=$(($2 / 65536)) 2>/tmp/dd.err; }

# flip bit 0 of the byte at offset $2 of device $1
flip_byte() {
	_v=$(dd if="$1" bs=1 skip="$2" count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
	printf "\\$(printf '%03o' $((_v ^ 1)))" |
		dd of="$1" bs=1 seek="$2" count=1 conv=notrunc,fsync 2>/dev/null
}

# dm-crypt through cryptsetup: LUKS2 with integrity on a RAM disk; $1 = the
# driver it must take (empty: report only); $2 = the kind: gcm (default:
# aes-gcm-random --integrity aead, driver of gcm(aes)), sha256 (aes-cbc-essiv:sha256
# --integrity hmac-sha256: essiv over authenc(hmac(sha256),cbc(aes))) or sha1
# (aes-cbc-plain64 --integrity hmac-sha1: authenc(hmac(sha1),cbc(aes))).
# cryptsetup's --key-size is the cipher's; it adds the HMAC key (32 or 20
# bytes) itself.
luks_test() {
	_drv=$1
	_dev=/dev/ram0
	_map=vmtest-luks
	_mb=8
	_bytes=$((_mb * 1048576))
	case "${2:-gcm}" in
	gcm)	_cra='gcm(aes)' _cipher=aes-gcm-random _integ=aead _ks=256
		_pat=" capi:gcm(aes)-random *integrity:28:aead" ;;
	sha256)	_cra=$AUTHENC_SHA256 _cipher=aes-cbc-essiv:sha256 _integ=hmac-sha256 _ks=256
		_pat=" capi:authenc(hmac(sha256),cbc(aes))-essiv:sha256 *integrity:32:aead" ;;
	sha1)	_cra=$AUTHENC_SHA1 _cipher=aes-cbc-plain64 _integ=hmac-sha1 _ks=128
		_pat=" capi:authenc(hmac(sha1),cbc(aes))-plain64 *integrity:20:aead" ;;
	esac
	_lt="LUKS2 $_cipher --integrity $_integ"
	# (the HMAC kinds write 4 MiB: the flipped bit below lands 3.5 MiB in)
	[ "${2:-gcm}" = gcm ] || { _mb=4; _bytes=$((_mb * 1048576)); }
	need_modules dm_mod dm_crypt dm_integrity xts || return
	[ "${2:-gcm}" = gcm ] || need_modules essiv || return
	if [ ! -b $_dev ]; then
		modprobe brd rd_nr=1 rd_size=65536 || { fail "LUKS2: modprobe brd failed"; return; }
	fi
	mkdir -p /run/cryptsetup
	export DM_DISABLE_UDEV=1
	head -c 64 /dev/urandom >/tmp/luks.key
	_t0=$(now)
	if ! _e=$(cryptsetup luksFormat --batch-mode --type luks2 --cipher $_cipher \
		--integrity $_integ --key-size $_ks --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
		--integrity-no-wipe --key-file /tmp/luks.key $_dev 2>&1); then
		fail "$_lt: cryptsetup luksFormat failed: $(echo "$_e" | tail -3 | tr '\n' ' ')"
		cryptsetup luksFormat --debug --batch-mode --type luks2 --cipher $_cipher \
			--integrity $_integ --key-size $_ks --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
			--integrity-no-wipe --key-file /tmp/luks.key $_dev 2>&1 |
			grep -v -e 'Udev' -e 'SIGINT' -e 'temporary-cryptsetup' -e 'Reusing open' | head -70 |
			while IFS= read -r _l; do info "cryptsetup --debug: $_l"; done
		return
	fi
	pass "$_lt: luksFormat --type luks2 --key-size $_ks (pbkdf2, --integrity-no-wipe) on a 64 MiB RAM disk in $(elapsed "$_t0") s"
	_ss=$(cryptsetup luksDump $_dev 2>/dev/null | awk '/^Data segments:/ { f = 1 } f && /sector:/ { print $2; exit }')

	luks_open() {
		_r0=$(alg_refcnt "$_cra" "$_drv")
		if ! _e=$(cryptsetup open --type luks2 --disable-keyring --key-file /tmp/luks.key $_dev $_map 2>&1); then
			fail "$_lt: cryptsetup open ($1): $(echo "$_e" | tail -2 | tr '\n' ' ')"
			return 1
		fi
		_r1=$(alg_refcnt "$_cra" "$_drv")
		return 0
	}
	luks_close() {
		cryptsetup close $_map 2>/tmp/cs.err || fail "$_lt: cryptsetup close ($1): $(cat /tmp/cs.err)"
	}

	luks_open "first" || return
	_tab=$(dmsetup table $_map 2>&1)
	case "$_tab" in
	*$_pat*)
		pass "$_lt: dmsetup table of the mapping: $(echo "$_tab" | awk '{ $5 = "<key>"; print }')" ;;
	*) fail "$_lt: dmsetup table does not match '$_pat': $_tab" ;;
	esac
	if [ -n "$_drv" ]; then
		if [ "${_r1:-0}" -gt "${_r0:-0}" ]; then
			pass "$_lt: dm-crypt allocated $_drv (its /proc/crypto refcnt $_r0 -> $_r1 while the mapping is open)"
		else
			fail "$_lt: dm-crypt did not take $_drv (refcnt $_r0 -> $_r1; $_cra: $(crypto_list "$_cra" | tr '\n' ';'))"
		fi
	fi
	dd if=/dev/urandom of=/tmp/luks.p1 bs=65536 count=$((_bytes / 65536)) 2>/dev/null
	dd if=/dev/urandom of=/tmp/luks.p2 bs=65536 count=$((_bytes / 65536)) 2>/dev/null
	_t0=$(now)
	dd if=/tmp/luks.p1 of=/dev/mapper/$_map bs=65536 conv=fsync 2>/tmp/dd.err ||
		fail "$_lt: writing $_mb MiB failed: $(cat /tmp/dd.err)"
	_tw=$(elapsed "$_t0")
	luks_close "after writing"
	luks_open "reopen" || return
	echo 3 >/proc/sys/vm/drop_caches
	if read_dev /dev/mapper/$_map $_bytes /tmp/luks.back && cmp -s /tmp/luks.back /tmp/luks.p1; then
		pass "$_lt (sector size ${_ss:-?}): $_mb MiB written ($_tw s), closed, reopened, read back equal (every sector's tag verified by the driver)"
	else
		fail "$_lt: read back after reopen differs or failed: $(cat /tmp/dd.err | tail -1) $(cmp /tmp/luks.back /tmp/luks.p1 2>&1 | head -1)"
	fi

	# the non-SIMD path against the assembly's data, and the other way round
	if [ "${2:-gcm}" = gcm ] && [ -n "$NOSIMD_P" ] && set_nosimd 1; then
		echo 3 >/proc/sys/vm/drop_caches
		if read_dev /dev/mapper/$_map $_bytes /tmp/luks.back && cmp -s /tmp/luks.back /tmp/luks.p1; then
			pass "$_lt, debug_force_nosimd=1: data written by the SIMD path read back equal through the non-SIMD path"
		else
			fail "$_lt, debug_force_nosimd=1: reading data written by the SIMD path failed or differs: $(tail -1 /tmp/dd.err)"
		fi
		dd if=/tmp/luks.p2 of=/dev/mapper/$_map bs=65536 conv=fsync 2>/tmp/dd.err ||
			fail "$_lt, debug_force_nosimd=1: writing failed: $(cat /tmp/dd.err)"
		luks_close "non-SIMD"
		set_nosimd 0
		luks_open "after the non-SIMD write" || return
		echo 3 >/proc/sys/vm/drop_caches
		if read_dev /dev/mapper/$_map $_bytes /tmp/luks.back && cmp -s /tmp/luks.back /tmp/luks.p2; then
			pass "$_lt: data written through the non-SIMD path read back equal through the SIMD path"
		else
			fail "$_lt: data written by the non-SIMD path, read by the SIMD path: failed or differs: $(tail -1 /tmp/dd.err)"
		fi
		cp /tmp/luks.p2 /tmp/luks.p1
	fi
	luks_close "before tampering"

	# one flipped bit on the RAM disk, 4 MiB into the data area: reading
	# through the mapping must fail with an integrity error (the driver's
	# EBADMSG), and pass again once the bit is restored
	_off=$((20 * 1048576 + 4321))
	mark "luks tamper $_cipher"
	flip_byte $_dev $_off
	luks_open "tampered" || return
	echo 3 >/proc/sys/vm/drop_caches
	if read_dev /dev/mapper/$_map $_bytes /tmp/luks.back; then
		fail "$_lt: reading succeeded after a bit was flipped on the device at byte $_off"
	elif dmesg_since "luks tamper $_cipher" | grep -q 'INTEGRITY AEAD ERROR'; then
		pass "$_lt: a bit flipped on the device at byte $_off: the read fails ($(tail -1 /tmp/dd.err)); kernel: $(dmesg_since "luks tamper $_cipher" | grep -m1 'INTEGRITY AEAD ERROR' | sed 's/^\[[ 0-9.]*\] //')"
	else
		fail "$_lt: after a flipped bit the read failed, but without dm-crypt's INTEGRITY AEAD ERROR: $(tail -1 /tmp/dd.err); $(dmesg_since "luks tamper $_cipher" | tail -2 | tr '\n' ' ')"
	fi
	luks_close "tampered"
	flip_byte $_dev $_off
	luks_open "restored" || return
	echo 3 >/proc/sys/vm/drop_caches
	if read_dev /dev/mapper/$_map $_bytes /tmp/luks.back && cmp -s /tmp/luks.back /tmp/luks.p1; then
		pass "$_lt: with the bit restored all $_mb MiB read back equal again"
	else
		fail "$_lt: with the bit restored the read still fails or differs: $(tail -1 /tmp/dd.err)"
	fi
	_r2=$(alg_refcnt "$_cra" "$_drv")
	luks_close "final"
	_r3=$(alg_refcnt "$_cra" "$_drv")
	if [ -n "$_drv" ]; then
		if [ "${_r3:-0}" -lt "${_r2:-0}" ]; then
			pass "$_lt: closing the mapping released $_drv (refcnt $_r2 -> $_r3)"
		else
			fail "$_lt: closing the mapping did not release $_drv (refcnt $_r2 -> $_r3)"
		fi
	fi
	rm -f /tmp/luks.p1 /tmp/luks.p2 /tmp/luks.back
	unset DM_DISABLE_UDEV
}

# IPsec ESP, transport mode, between two network namespaces joined by a
# veth pair; $1 = AES key bits, $2 = the driver that must carry it (empty:
# report only), $3 = label, $4 = the algorithm: rfc4106 (default: aead
# rfc4106(gcm(aes)), ESP's transform seqiv(<driver>)), sha256 (enc cbc(aes)
# + auth-trunc hmac(sha256) 128) or sha1 (enc cbc(aes) + auth-trunc
# hmac(sha1) 96): ESP's transform is echainiv(<authenc driver>)
ipsec_test() {
	_bits=$1
	_drv=$2
	_kind=${4:-rfc4106}
	case "$_kind" in
	rfc4106) _cra='rfc4106(gcm(aes))' _giv=seqiv _mods=""
		_tag="IPsec ESP rfc4106(gcm(aes)) AES-$_bits${3:+, $3}" ;;
	sha256) _cra=$AUTHENC_SHA256 _giv=echainiv _mods="echainiv authenc sha256_generic"
		_tag="IPsec ESP cbc(aes) AES-$_bits + hmac(sha256) truncated to 128 bits${3:+, $3}" ;;
	sha1) _cra=$AUTHENC_SHA1 _giv=echainiv _mods="echainiv authenc sha1_generic"
		_tag="IPsec ESP cbc(aes) AES-$_bits + hmac(sha1) truncated to 96 bits${3:+, $3}" ;;
	esac
	_a1=10.77.0.1
	_a2=10.77.0.2
	# seqiv seeds itself from the default RNG (drbg over hmac(sha512);
	# its jitterentropy seed source may refuse the emulated CPU's timer, and
	# drbg does without it outside FIPS mode)
	modprobe jitterentropy_rng 2>/dev/null
	need_modules xfrm_user esp4 veth seqiv sha512_generic drbg $_mods || return
	ip netns del vt1 2>/dev/null
	ip netns del vt2 2>/dev/null
	if ! { ip netns add vt1 && ip netns add vt2 &&
		ip link add vta netns vt1 type veth peer name vtb netns vt2 &&
		ip -n vt1 addr add $_a1/24 dev vta && ip -n vt2 addr add $_a2/24 dev vtb &&
		ip -n vt1 link set lo up && ip -n vt2 link set lo up &&
		ip -n vt1 link set vta up && ip -n vt2 link set vtb up; } 2>/tmp/ip.err; then
		fail "$_tag: setting up the namespaces and the veth pair: $(cat /tmp/ip.err)"
		return
	fi
	# the algorithm arguments of one SA (new keys each time)
	_xalg() {
		case "$_kind" in
		rfc4106) echo "aead rfc4106(gcm(aes)) 0x$(hexrand $((_bits / 8 + 4))) 128" ;;
		sha256) echo "enc cbc(aes) 0x$(hexrand $((_bits / 8))) auth-trunc hmac(sha256) 0x$(hexrand 32) 128" ;;
		sha1) echo "enc cbc(aes) 0x$(hexrand $((_bits / 8))) auth-trunc hmac(sha1) 0x$(hexrand 20) 96" ;;
		esac
	}
	_x1=$(_xalg)
	_x2=$(_xalg)
	_r0=$(alg_refcnt "$_cra" "$_drv")
	_ok=1
	for _ns in vt1 vt2; do
		ip -n $_ns xfrm state add src $_a1 dst $_a2 proto esp spi 0x1001 reqid 1 mode transport \
			$_x1 2>>/tmp/ip.err || _ok=0
		ip -n $_ns xfrm state add src $_a2 dst $_a1 proto esp spi 0x2002 reqid 2 mode transport \
			$_x2 2>>/tmp/ip.err || _ok=0
	done
	ip -n vt1 xfrm policy add src $_a1 dst $_a2 dir out tmpl src $_a1 dst $_a2 proto esp reqid 1 mode transport 2>>/tmp/ip.err || _ok=0
	ip -n vt1 xfrm policy add src $_a2 dst $_a1 dir in tmpl src $_a2 dst $_a1 proto esp reqid 2 mode transport 2>>/tmp/ip.err || _ok=0
	ip -n vt2 xfrm policy add src $_a2 dst $_a1 dir out tmpl src $_a2 dst $_a1 proto esp reqid 2 mode transport 2>>/tmp/ip.err || _ok=0
	ip -n vt2 xfrm policy add src $_a1 dst $_a2 dir in tmpl src $_a1 dst $_a2 proto esp reqid 1 mode transport 2>>/tmp/ip.err || _ok=0
	if [ $_ok -ne 1 ]; then
		fail "$_tag: ip xfrm state/policy add: $(cat /tmp/ip.err | tr '\n' ' ')"
		ip netns del vt1; ip netns del vt2
		return
	fi
	_r1=$(alg_refcnt "$_cra" "$_drv")
	_inst=$(crypto_list "$_giv($_cra)" | awk '{ print $1 }' | tr '\n' ' ')
	if [ -n "$_drv" ]; then
		if [ "${_r1:-0}" -ge $((${_r0:-0} + 4)) ] && [ "${_inst% }" = "$_giv($_drv)" ]; then
			pass "$_tag: the 4 SAs use $_drv (its /proc/crypto refcnt $_r0 -> $_r1; ESP's transform is ${_inst% })"
		else
			fail "$_tag: the SAs did not take $_drv (refcnt $_r0 -> $_r1; $_giv($_cra) instances: ${_inst:-none}; $_cra: $(crypto_list "$_cra" | tr '\n' ';'))"
		fi
	else
		info "$_tag: ESP transforms: ${_inst:-none}"
	fi
	_seed=$(od -An -tu2 -N2 /dev/urandom | tr -d ' ')
	nsenter --net=/run/netns/vt2 vmxfer server $_a2 5001 "$IPSEC_BYTES" "$_seed" >/tmp/xs.out 2>&1 &
	_sp=$!
	_n=0
	while [ $_n -lt 100 ] && ! grep -q LISTENING /tmp/xs.out; do
		usleep 100000
		_n=$((_n + 1))
	done
	_t0=$(now)
	nsenter --net=/run/netns/vt1 vmxfer client $_a2 5001 "$IPSEC_BYTES" "$_seed" >/tmp/xc.out 2>&1
	_rc=$?
	wait $_sp
	_rs=$?
	_secs=$(elapsed "$_t0")
	if [ $_rc -eq 0 ] && [ $_rs -eq 0 ]; then
		pass "$_tag: $IPSEC_BYTES bytes $_a1 -> $_a2 and $IPSEC_BYTES bytes back over TCP, every byte checked on arrival, $_secs s (emulated)"
	else
		fail "$_tag: transfer failed: client: $(grep -v LISTENING /tmp/xc.out | tail -1); server: $(grep -v LISTENING /tmp/xs.out | tail -1)"
	fi
	# every SA carried the data (byte counters), none failed to authenticate
	for _ns in vt1 vt2; do
		ip -n $_ns -s xfrm state 2>&1 | awk '
			/proto esp spi/ { for (i = 1; i <= NF; i++) if ($i == "spi") spi = $(i + 1); sub(/\(.*/, "", spi) }
			/lifetime current:/ { getline; sub(/\(bytes\).*/, ""); gsub(/[ \t]/, ""); b[spi] = $0 }
			/replay-window .* failed/ { for (i = 1; i <= NF; i++) if ($i == "failed") f[spi] = $(i + 1) }
			END { for (s in b) print s, b[s], (s in f ? f[s] : "?") }' >/tmp/xst.$_ns
		nsenter --net=/run/netns/$_ns cat /proc/net/xfrm_stat 2>/dev/null |
			awk '$2 != 0 { printf "%s=%s ", $1, $2 }' >/tmp/xstat.$_ns
	done
	_bad=$(cat /tmp/xst.vt1 /tmp/xst.vt2 | awk -v n="$IPSEC_BYTES" '$2 < n || $3 != 0' | tr '\n' ' ')
	_cnt=$(awk '{ printf "%s%s=%s", (NR > 1 ? ", " : ""), $1, $2 }' /tmp/xst.vt1)
	if [ "$(cat /tmp/xst.vt1 /tmp/xst.vt2 | wc -l)" -eq 4 ] && [ -z "$_bad" ]; then
		pass "$_tag: ip -s xfrm state: every SA counted at least $IPSEC_BYTES bytes (vt1: $_cnt), 0 failed"
	else
		fail "$_tag: ip -s xfrm state counters (spi bytes failed): vt1: $(tr '\n' ' ' </tmp/xst.vt1) vt2: $(tr '\n' ' ' </tmp/xst.vt2)"
	fi
	if [ -s /tmp/xstat.vt1 ] || [ -s /tmp/xstat.vt2 ]; then
		fail "$_tag: /proc/net/xfrm_stat has errors: vt1: $(cat /tmp/xstat.vt1) vt2: $(cat /tmp/xstat.vt2)"
	else
		pass "$_tag: /proc/net/xfrm_stat all zero in both namespaces (no ESP authentication or state errors)"
	fi
	_r2=$(alg_refcnt "$_cra" "$_drv")
	for _ns in vt1 vt2; do
		ip -n $_ns xfrm policy flush
		ip -n $_ns xfrm state flush
	done
	ip netns del vt1
	ip netns del vt2
	# the SAs' transforms are freed asynchronously (RCU, netns cleanup)
	_n=0
	while [ $_n -lt 50 ]; do
		_r3=$(alg_refcnt "$_cra" "$_drv")
		[ "${_r3:-0}" -le $((${_r2:-0} - 4)) ] && break
		usleep 100000
		_n=$((_n + 1))
	done
	if [ -n "$_drv" ]; then
		if [ "${_r3:-0}" -le $((${_r2:-0} - 4)) ]; then
			pass "$_tag: deleting the SAs released $_drv (refcnt $_r2 -> $_r3)"
		else
			fail "$_tag: deleting the SAs did not release $_drv within 5 s (refcnt $_r2 -> $_r3)"
		fi
	fi
}

scenario_aead() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	if need_modules algif_aead gcm ghash_generic seqiv; then
		pass "stock modules loaded (algif_aead gcm ghash_generic seqiv, and those of main)"
	fi
	info "stock gcm(aes): $(crypto_list 'gcm(aes)' | awk '{ printf "%s(%s) ", $1, $3 }')"
	info "stock rfc4106(gcm(aes)): $(crypto_list 'rfc4106(gcm(aes))' | awk '{ printf "%s(%s) ", $1, $3 }')"

	if [ -z "$OURS_KO" ]; then
		# rig self-test: the same checks against the stock drivers
		GDRV=$(crypto_list 'gcm(aes)' | sort -k3 -n -r | awk '{ print $1; exit }')
		RDRV=$(crypto_list 'rfc4106(gcm(aes))' | sort -k3 -n -r | awk '{ print $1; exit }')
		info "no module under test: exercising the rig on the stock $GDRV and $RDRV"
		run_tool afalg_aead --kat gcm "$GDRV"
		run_tool afalg_aead --kat rfc4106 "$RDRV"
		aead_fuzz_pair "" "$AEAD_N"
		run_tool afalg_aead --inject gcm "$GDRV" 60
		run_tool afalg_aead --inject rfc4106 "$RDRV" 60
		run_tool afalg_aead --badargs gcm "$GDRV"
		run_tool afalg_aead --badargs rfc4106 "$RDRV"
		luks_test ""
		ipsec_test 128 "" "stock"
		return
	fi
	wg=$(want_impl gcm)
	wc=$(want_impl ctr)
	report_uncovered gcm
	if [ -z "$wg" ]; then
		fail "the gcm family cannot run on this CPU ($(impl_missing gcm avx) missing): scenario misconfigured"
		return
	fi
	GDRV=$(drv_name gcm $wg 'gcm(aes)')
	RDRV=$(drv_name gcm $wg 'rfc4106(gcm(aes))')

	# --- load, self-tests, flags, priority, resolution ---------------
	mark "insmod aead"
	_t0=$(now)
	if ! ours_insmod; then
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod aead"
		return
	fi
	NOSIMD_P=/sys/module/$OURS_NAME/parameters/debug_force_nosimd
	_ok=1
	for _a in "gcm(aes) $GDRV" "rfc4106(gcm(aes)) $RDRV" "ctr(aes) $(drv_name ctr $wc 'ctr(aes)')"; do
		set -- $_a
		if _d=$(wait_alg_selftest "$1" "$2" "$([ "$1" = 'ctr(aes)' ] && echo skcipher || echo aead)" 30) &&
			[ "$_d" = "$2" ]; then
			pass "$2 registered as $1, selftest : passed after $(elapsed "$_t0") s"
		else
			fail "no $2 with selftest : passed within 30 s ($1: $(crypto_list "$1" | tr '\n' ';'))"
			_ok=0
		fi
	done
	log_lines "insmod aead"
	[ $_ok -eq 1 ] || return
	pass "families chose their implementations independently: ctr $wc, gcm $wg (usable: $(impls_summary usable_impls))"
	check_refused gcm "insmod aead"
	check_aead_entry 'gcm(aes)' "$GDRV"
	check_aead_entry 'rfc4106(gcm(aes))' "$RDRV"
	check_priority_policy 'gcm(aes)' "$GDRV" gcm "insmod aead"
	check_priority_policy 'rfc4106(gcm(aes))' "$RDRV" gcm "insmod aead"
	GWIN=$(expected_winner 'gcm(aes)' "$GDRV" gcm "insmod aead")
	RWIN=$(expected_winner 'rfc4106(gcm(aes))' "$RDRV" gcm "insmod aead")
	[ "$GWIN $RWIN" = "$GDRV $RDRV" ] ||
		info "the gcm family yielded to $GWIN / $RWIN: dm-crypt and IPsec below are expected to use those, not ours"
	check_resolution_of 'gcm(aes)' "$GWIN" afalg_aead --hold 'gcm(aes)' 120
	check_resolution_of 'rfc4106(gcm(aes))' "$RWIN" afalg_aead --hold 'rfc4106(gcm(aes))' 120

	# --- known answers, differential fuzz, arguments ------------------
	run_tool afalg_aead --kat gcm "$GDRV"
	run_tool afalg_aead --kat rfc4106 "$RDRV"
	aead_fuzz_pair "gcm $wg" "$AEAD_N"
	# the fuzzer's self-check: faults put into the driver's results are seen
	run_tool afalg_aead --inject gcm "$GDRV" 60
	run_tool afalg_aead --inject rfc4106 "$RDRV" 60
	run_tool afalg_aead --badargs gcm "$GDRV"
	run_tool afalg_aead --badargs rfc4106 "$RDRV"

	# --- the non-SIMD path: switched at random between setkey and use --
	if run_tool afalg_aead --nosimd-param "$NOSIMD_P" gcm "$GDRV" "$AEAD_NOSIMD_N"; then
		out "COVERED: gcm nosimd gcm(aes)"
	fi
	if run_tool afalg_aead --nosimd-param "$NOSIMD_P" rfc4106 "$RDRV" "$AEAD_NOSIMD_N"; then
		out "COVERED: gcm nosimd rfc4106(gcm(aes))"
	fi
	if set_nosimd 1; then
		run_tool afalg_aead --kat gcm "$GDRV"
		run_tool afalg_aead --kat rfc4106 "$RDRV"
		set_nosimd 0
	fi

	# --- dm-crypt: LUKS2 with AEAD integrity --------------------------
	luks_test "$GWIN"

	# --- no user left: the module unloads, and loads again ------------
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		pass "rmmod $OURS_NAME after the AF_ALG and dm-crypt users of its AEADs are gone"
	else
		fail "rmmod $OURS_NAME after the AEAD tests: $_m (module refcnt $(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null))"
		return
	fi
	if crypto_list 'gcm(aes)' | grep -q '^gcm-aes-aesnictr-' ||
		crypto_list 'rfc4106(gcm(aes))' | grep -q '^rfc4106-gcm-aes-aesnictr-'; then
		fail "/proc/crypto still lists our AEADs after rmmod"
	fi
	if ! ours_insmod || ! wait_alg_selftest 'rfc4106(gcm(aes))' "$RDRV" aead 30 >/dev/null; then
		fail "insmod again for IPsec: ${INSMOD_ERR:-no selftest : passed}"
		return
	fi

	# --- IPsec ESP ------------------------------------------------------
	ipsec_test 128 "$RWIN"
	ipsec_test 256 "$RWIN"
	if set_nosimd 1; then
		ipsec_test 128 "$RWIN" "debug_force_nosimd=1 (SAs keyed and all packets processed on the non-SIMD path; receive runs in softirq)"
		set_nosimd 0
	fi
}

# ---------------------------------------------------------------------
# the xts family: xts(aes), driver xts-aes-aesnictr-<impl>

# dm-crypt "aes-xts-plain64" (512-bit key) on a RAM disk: the mapping must
# take driver $1 (ours or the stock one, by the priority policy), the device
# must hold exactly what xts(ecb(aes-generic)) gives, reading back must give
# the data; $2 = a tag for the messages
xts_dmcrypt_test() {
	_drv=$1
	_tag=${2:+"$2, "}
	for _m in dm_mod dm_crypt; do
		modprobe $_m 2>/dev/null || { fail "xts dm-crypt test: modprobe $_m failed"; return; }
	done
	[ -b /dev/ram0 ] || modprobe brd rd_nr=1 rd_size=8192 ||
		{ fail "xts dm-crypt test: modprobe brd failed"; return; }
	head -c 64 /dev/urandom >/tmp/dmkey
	_hex=$(od -An -tx1 /tmp/dmkey | tr -d ' \n')
	dd if=/dev/urandom of=/tmp/dmplain bs=65536 count=64 2>/dev/null
	for _ss in 512 4096; do
		_opt=""
		[ $_ss = 512 ] || _opt=" 1 sector_size:$_ss"
		_r0=$(alg_refcnt 'xts(aes)' "$_drv")
		if ! _e=$(DM_DISABLE_UDEV=1 dmsetup create vmtest-xts \
			--table "0 8192 crypt aes-xts-plain64 $_hex 0 /dev/ram0 0$_opt" 2>&1); then
			fail "xts dm-crypt (${_tag}sector size $_ss): dmsetup create: $_e"
			continue
		fi
		_r1=$(alg_refcnt 'xts(aes)' "$_drv")
		if [ "${_r1:-0}" -gt "${_r0:-0}" ]; then
			pass "dm-crypt aes-xts-plain64 (${_tag}sector size $_ss) allocated $_drv, as the priority policy says (refcnt $_r0 -> $_r1)"
		else
			fail "dm-crypt aes-xts-plain64 (${_tag}sector size $_ss) did not take $_drv (refcnt $_r0 -> $_r1; $(crypto_list 'xts(aes)' | tr '\n' ';'))"
		fi
		_dev=/dev/mapper/vmtest-xts
		dd if=/tmp/dmplain of=$_dev bs=65536 conv=fsync 2>/dev/null ||
			fail "xts dm-crypt (${_tag}sector size $_ss): writing $_dev failed"
		sync
		echo 3 >/proc/sys/vm/drop_caches
		dd if=/dev/ram0 of=/tmp/dmct bs=65536 count=64 2>/dev/null
		afalg_xts --dmcrypt-check "$_hex" /tmp/dmplain /tmp/dmct $_ss >/tmp/dmc.out 2>&1
		while IFS= read -r _l; do
			case "$_l" in
			PASS:*) pass "${_tag}${_l#PASS: }" ;;
			FAIL:*) fail "${_tag}${_l#FAIL: }" ;;
			*) info "$_l" ;;
			esac
		done </tmp/dmc.out
		echo 3 >/proc/sys/vm/drop_caches
		dd if=$_dev of=/tmp/dmback bs=65536 count=64 2>/dev/null
		if cmp -s /tmp/dmback /tmp/dmplain; then
			pass "dm-crypt aes-xts-plain64 (${_tag}sector size $_ss): 4 MiB read back through the mapping equal what was written"
		else
			fail "dm-crypt aes-xts-plain64 (${_tag}sector size $_ss): data read back differ"
		fi
		DM_DISABLE_UDEV=1 dmsetup remove vmtest-xts 2>/dev/null ||
			fail "xts dm-crypt (${_tag}sector size $_ss): dmsetup remove failed"
	done
	rm -f /tmp/dmplain /tmp/dmct /tmp/dmback
}

scenario_xts() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	need_modules xts || fail "modprobe xts (the oracle's template) failed"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	prefix=xts-aes-aesnictr-
	want=$(want_impl xts)
	report_uncovered xts
	[ -n "$want" ] || { fail "the xts family cannot run on this CPU: scenario misconfigured"; return; }
	# the stock aesni_intel xts(aes) drivers (their self-tests) first
	_n=0
	while [ $_n -lt 300 ] && ! stock_driver 'xts(aes)' skcipher >/dev/null; do
		usleep 100000
		_n=$((_n + 1))
	done
	info "stock xts(aes): $(crypto_list 'xts(aes)' | awk '{ printf "%s=%s ", $1, $3 }')"
	mark "insmod xts"
	t0=$(now)
	if ! ours_insmod; then
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod xts"
		return
	fi
	if drv=$(wait_alg_selftest 'xts(aes)' $prefix skcipher 30); then
		pass "$drv registered, selftest : passed after $(elapsed "$t0") s"
	else
		fail "no $prefix* xts(aes) with selftest : passed within 30 s ($(crypto_list 'xts(aes)' | tr '\n' ';'))"
		log_lines "insmod xts"
		return
	fi
	log_lines "insmod xts"
	if [ "$drv" = "$prefix$want" ]; then
		pass "xts family: default implementation is the widest usable one: $drv (usable: $(usable_impls xts))"
	else
		fail "xts family: default driver $drv, want $prefix$want (usable: $(usable_impls xts))"
	fi
	check_refused xts "insmod xts"
	check_summary_line "insmod xts"
	set -- $(crypto_list 'xts(aes)' | awk -v d="$drv" '$1 == d')
	if [ "$2" = "$OURS_NAME" ] && [ "$7" = no ] && [ "$8" = no ]; then
		pass "$drv: module $2, async : no, internal : no"
	else
		fail "$drv: /proc/crypto says module=$2 async=$7 internal=$8 (want $OURS_NAME, no, no)"
	fi
	# the policy (xts_glue.c's xts_beats): ours is above 6.1's
	# xts-aes-aesni and above narrower stock code (vaes2 over aesni-avx,
	# vaes512 over aesni-avx and vaes-avx2); otherwise it registers one
	# below the stock driver and says so
	_y=$(yielded xts "insmod xts")
	_mine=$(crypto_list 'xts(aes)' | awk -v d="$drv" '$1 == d { print $3 }')
	_sd=$(crypto_list 'xts(aes)' | awk -v m="$OURS_NAME" '$2 != m && $3 > p { p = $3; d = $1 } END { print d }')
	_sp=$(crypto_list 'xts(aes)' | awk -v d="$_sd" '$1 == d { print $3 }')
	case "$_sd:${drv#$prefix}" in
	xts-aes-aesni:*|xts-aes-aesni-avx:vaes2|xts-aes-aesni-avx:vaes512|xts-aes-vaes-avx2:vaes512|*generic*:*|*lib*:*|:*)
		_want=above ;;
	*)	_want=below ;;
	esac
	if [ "$_want" = above ] && [ -z "$_y" ] && [ "$_mine" = 1000 ]; then
		pass "xts policy on $KVER: $drv at priority 1000, above the stock ${_sd:-none} (${_sp:-})"
	elif [ "$_want" = below ] && [ -n "$_y" ] && [ -n "$_sp" ] && [ "$_mine" = $((_sp - 1)) ]; then
		pass "xts policy on $KVER: registered at $_mine, one below the stock $_sd ($_sp): $_y"
	else
		fail "xts policy on $KVER: want $drv $_want the stock ${_sd:-?} (${_sp:-?}); got priority $_mine${_y:+, log: $_y}"
	fi
	check_priority_policy 'xts(aes)' "$drv" xts "insmod xts"
	win=$(expected_winner 'xts(aes)' "$drv" xts "insmod xts")
	info "xts(aes) resolves, by priority, to $win"

	run_tool afalg_xts --kat "$drv"
	run_tool afalg_xts --kat 'xts(ecb(aes-generic))'	# the oracle (7.x: aes-lib)
	run_tool afalg_xts --badargs "$drv"
	if run_tool afalg_xts "$drv" "$XTS_N"; then
		out "COVERED: xts ${drv#$prefix} xts(aes)"
	fi
	xts_dmcrypt_test "$win"

	# --- the non-SIMD path ----------------------------------------
	p=/sys/module/$OURS_NAME/parameters/debug_force_nosimd
	if [ -w "$p" ] && echo 1 >"$p" && [ "$(cat $p)" = Y ]; then
		if run_tool afalg_xts "$drv" "$XTS_NOSIMD_N"; then
			out "COVERED: xts nosimd xts(aes)"
		fi
		run_tool afalg_xts --kat "$drv"
		echo 0 >"$p"
	else
		fail "cannot set $p"
	fi
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		pass "rmmod $OURS_NAME after the xts tests"
	else
		fail "rmmod $OURS_NAME after the xts tests: $_m"
		return
	fi

	# --- narrower implementations by max_tier -----------------------
	for t in $(usable_impls xts); do
		[ "$t" = "$want" ] && continue
		mark "xts max_tier=$t"
		if ! ours_insmod max_tier=$t; then
			fail "insmod max_tier=$t: $INSMOD_ERR"
			continue
		fi
		if d=$(wait_alg_selftest 'xts(aes)' $prefix skcipher 30) && [ "$d" = "$prefix$t" ]; then
			pass "max_tier=$t: xts family: driver $d, selftest : passed"
			check_summary_line "xts max_tier=$t" $t
			run_tool afalg_xts --kat "$d"
			if run_tool afalg_xts "$d" "$XTS_TIER_N"; then
				out "COVERED: xts $t xts(aes)"
			fi
		else
			fail "max_tier=$t: xts family: driver '${d:-none passed}', want $prefix$t"
			log_lines "xts max_tier=$t"
		fi
		rmmod "$OURS_NAME" || fail "rmmod after max_tier=$t"
	done
}

# ---------------------------------------------------------------------
# the authenc family: authenc(hmac(sha1),cbc(aes)) and
# authenc(hmac(sha256),cbc(aes)), drivers authenc-hmac-sha*-cbc-aes-aesnictr-avx
# (AES-NI + SHA-NI); the kernel's users: IPsec ESP (echainiv) and dm-crypt
# with HMAC integrity (LUKS2 --integrity hmac-*)

# two fuzzers at once (sha1 and sha256 on the two vCPUs); $1 = "<family>
# <impl>" for the COVERED lines (empty: none), $2 = cases each, then extra
# options for both
authenc_fuzz_pair() {
	_cov=$1
	_n=$2
	shift 2
	afalg_authenc "$@" sha1 "$ADRV1" "$_n" >/tmp/au.sha1 2>&1 &
	_p1=$!
	afalg_authenc "$@" sha256 "$ADRV256" "$_n" >/tmp/au.sha256 2>&1 &
	_p2=$!
	wait $_p1
	_r1=$?
	wait $_p2
	_r2=$?
	for _f in sha1 sha256; do
		while IFS= read -r _l; do
			case "$_l" in
			PASS:*) pass "${_l#PASS: }" ;;
			FAIL:*) fail "${_l#FAIL: }" ;;
			*) info "$_l" ;;
			esac
		done </tmp/au.$_f
	done
	[ $_r1 -eq 0 ] || grep -q '^FAIL' /tmp/au.sha1 || fail "afalg_authenc sha1 exited with $_r1 without a FAIL line"
	[ $_r2 -eq 0 ] || grep -q '^FAIL' /tmp/au.sha256 || fail "afalg_authenc sha256 exited with $_r2 without a FAIL line"
	if [ -n "$_cov" ]; then
		[ $_r1 -eq 0 ] && out "COVERED: $_cov $AUTHENC_SHA1"
		[ $_r2 -eq 0 ] && out "COVERED: $_cov $AUTHENC_SHA256"
	fi
}

# (sha1_ssse3/sha256_ssse3: 6.x's SHA-NI drivers, which the template
# instance takes when loaded: 4250, what ours must beat; 7.x's sha*-lib use
# SHA-NI by themselves)
authenc_modules() {
	need_modules algif_aead algif_hash authenc hmac cbc sha1_generic sha256_generic \
		sha1_ssse3 sha256_ssse3 echainiv
}

scenario_authenc() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	if authenc_modules; then
		pass "stock modules loaded (algif_aead algif_hash authenc hmac cbc sha1 sha256 echainiv, and those of main)"
	fi
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	wa=$(want_impl authenc)
	report_uncovered authenc
	if [ -z "$wa" ]; then
		fail "the authenc family cannot run on this CPU ($(impl_missing authenc avx) missing): scenario misconfigured"
		return
	fi
	ADRV1=$(drv_name authenc $wa "$AUTHENC_SHA1")
	ADRV256=$(drv_name authenc $wa "$AUTHENC_SHA256")
	# the stock template instances, for the priority comparison
	for _n in "$AUTHENC_SHA1" "$AUTHENC_SHA256"; do
		afalg_authenc --hold "$_n" 0 >/dev/null 2>&1 ||
			info "could not instantiate the stock $_n"
	done
	info "stock $AUTHENC_SHA1: $(crypto_list "$AUTHENC_SHA1" | awk '{ printf "%s(%s) ", $1, $3 }')"
	info "stock $AUTHENC_SHA256: $(crypto_list "$AUTHENC_SHA256" | awk '{ printf "%s(%s) ", $1, $3 }')"

	# --- load, self-tests, flags, priority, resolution ---------------
	mark "insmod authenc"
	_t0=$(now)
	if ! ours_insmod; then
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod authenc"
		return
	fi
	NOSIMD_P=/sys/module/$OURS_NAME/parameters/debug_force_nosimd
	_ok=1
	for _a in "$AUTHENC_SHA1 $ADRV1" "$AUTHENC_SHA256 $ADRV256"; do
		set -- $_a
		if _d=$(wait_alg_selftest "$1" "$2" aead 60) && [ "$_d" = "$2" ]; then
			pass "$2 registered as $1, selftest : passed (the crypto manager's tests) after $(elapsed "$_t0") s"
		else
			fail "no $2 with selftest : passed within 60 s ($1: $(crypto_list "$1" | tr '\n' ';'))"
			_ok=0
		fi
	done
	log_lines "insmod authenc"
	[ $_ok -eq 1 ] || return
	_l=$(dmesg_since "insmod authenc" | grep "$OURS_NAME: authenc: " | grep 'as \*-aesnictr-' | tail -1 | sed 's/^\[[ 0-9.]*\] //')
	if [ -n "$_l" ]; then
		pass "load line: $_l"
	else
		fail "no '$OURS_NAME: authenc: ... as *-aesnictr-$wa (priority N)' line"
	fi
	check_summary_line "insmod authenc"
	check_aead_entry "$AUTHENC_SHA1" "$ADRV1"
	check_aead_entry "$AUTHENC_SHA256" "$ADRV256"
	check_priority_of "$AUTHENC_SHA1" "$ADRV1"
	check_priority_of "$AUTHENC_SHA256" "$ADRV256"
	check_resolution_of "$AUTHENC_SHA1" "$ADRV1" afalg_authenc --hold "$AUTHENC_SHA1" 120
	check_resolution_of "$AUTHENC_SHA256" "$ADRV256" afalg_authenc --hold "$AUTHENC_SHA256" 120

	# --- differential fuzz ---------------------------------------------
	authenc_fuzz_pair "authenc $wa" "$AUTHENC_N"

	# --- the non-SIMD path: forced, then switched at random ------------
	if set_nosimd 1; then
		authenc_fuzz_pair "authenc nosimd" "$AUTHENC_NOSIMD_N"
		set_nosimd 0
	fi
	authenc_fuzz_pair "" $((AUTHENC_NOSIMD_N / 2)) --nosimd-param "$NOSIMD_P"

	# --- dm-crypt: LUKS2 with HMAC integrity ---------------------------
	luks_test "$ADRV256" sha256
	luks_test "$ADRV1" sha1

	# --- IPsec ESP: cbc(aes) + hmac ------------------------------------
	ipsec_test 128 "$ADRV256" "" sha256
	ipsec_test 256 "$ADRV1" "" sha1
	if set_nosimd 1; then
		ipsec_test 128 "$ADRV256" "debug_force_nosimd=1 (SAs keyed and all packets processed on the non-SIMD path; receive runs in softirq)" sha256
		set_nosimd 0
	fi

	# --- no user left: the module unloads -----------------------------
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		pass "rmmod $OURS_NAME after the AF_ALG, dm-crypt and IPsec users of authenc are gone"
	else
		fail "rmmod $OURS_NAME after the authenc tests: $_m (module refcnt $(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null))"
	fi
	if [ -n "$(ours_driver "$AUTHENC_SHA1")$(ours_driver "$AUTHENC_SHA256")" ]; then
		fail "/proc/crypto still lists our authenc drivers after rmmod"
	fi
}

# a CPU without SHA-NI (-cpu max,sha-ni=off): ctr, gcm and xts load, authenc
# is left out with one line naming SHA-NI, and the authenc names resolve to
# the kernel's template instances
scenario_nosha() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	authenc_modules || fail "authenc modules did not load"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	case "$(cpu_flags)" in
	*" sha_ni "*) fail "the CPU has sha_ni: scenario misconfigured"; return ;;
	*) pass "the virtual CPU has no SHA-NI (authenc: $(impl_missing authenc avx) missing)" ;;
	esac
	mark "insmod nosha"
	if ! ours_insmod; then
		fail "insmod $OURS_NAME without SHA-NI: $INSMOD_ERR"
		log_lines "insmod nosha"
		return
	fi
	pass "insmod $OURS_NAME on a CPU without SHA-NI"
	for _fm in ctr gcm xts; do
		_w=$(want_impl $_fm)
		case $_fm in
		ctr) _set="ctr(aes):skcipher" ;;
		gcm) _set="gcm(aes):aead rfc4106(gcm(aes)):aead" ;;
		xts) _set="xts(aes):skcipher" ;;
		esac
		for _x in $_set; do
			_an=${_x%:*}
			_d=$(drv_name $_fm $_w "$_an")
			if wait_alg_selftest "$_an" "$_d" "${_x##*:}" 30 >/dev/null; then
				pass "$_fm family without SHA-NI: $_d registered, selftest : passed"
			else
				fail "$_fm family without SHA-NI: no $_d with selftest : passed ($(crypto_list "$_an" | tr '\n' ';'))"
			fi
		done
	done
	log_lines "insmod nosha"
	check_summary_line "insmod nosha"
	dmesg_since "insmod nosha" | grep "$OURS_NAME: authenc:" | sed 's/^\[[ 0-9.]*\] //' >/tmp/nosha.log
	if [ "$(wc -l </tmp/nosha.log)" -eq 1 ] && grep -q 'SHA-NI' /tmp/nosha.log &&
		grep -q 'not registered' /tmp/nosha.log; then
		pass "authenc left out in one line: $(cat /tmp/nosha.log)"
	else
		fail "want exactly one '$OURS_NAME: authenc: ... not registered: the CPU lacks SHA-NI' line, got: $(tr '\n' '|' </tmp/nosha.log)"
	fi
	if grep -q 'authenc-hmac-.*aesnictr' /proc/crypto; then
		fail "/proc/crypto lists our authenc drivers on a CPU without SHA-NI"
	else
		pass "no authenc-hmac-*-aesnictr-* in /proc/crypto"
	fi
	for _n in "$AUTHENC_SHA256" "$AUTHENC_SHA1"; do
		afalg_authenc --hold "$_n" 60 >/tmp/hold.out 2>&1 &
		_hp=$!
		_k=0
		while [ $_k -lt 100 ] && ! grep -q '^HOLD:' /tmp/hold.out; do
			usleep 100000
			_k=$((_k + 1))
		done
		# the entry with the highest priority, and what the held tfm took
		_top=$(crypto_list "$_n" | sort -k3 -n -r | awk '{ print $1, $2, $4; exit }')
		kill $_hp 2>/dev/null
		wait $_hp 2>/dev/null
		set -- $_top
		case "$1:$2" in
		authenc\(*:*)
			if [ "$2" != "$OURS_NAME" ] && [ "${3:-0}" -ge 1 ]; then
				pass "\"$_n\" resolves to the stock template instance $1 (module $2, refcnt $3 while an AF_ALG tfm was held)"
			else
				fail "\"$_n\": top entry $1 (module $2, refcnt $3)"
			fi ;;
		*) fail "\"$_n\" does not resolve to the authenc template: top entry '${1:-none}' ($(crypto_list "$_n" | tr '\n' ';'); holder: $(head -1 /tmp/hold.out))" ;;
		esac
	done
	rmmod "$OURS_NAME" || fail "rmmod $OURS_NAME"
}

# a test build (AESNICTR_SELFTEST_FAULT=1) that corrupts long outputs of
# every SIMD implementation: the load-time bulk comparison must refuse them
# all and the load must fail with ENODEV
scenario_selftestfault() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	mark "insmod selftestfault"
	if ours_insmod; then
		fail "insmod of the AESNICTR_SELFTEST_FAULT=1 build succeeded"
		log_lines "insmod selftestfault"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"No such device"*) pass "insmod of the AESNICTR_SELFTEST_FAULT=1 build refused with ENODEV: $INSMOD_ERR" ;;
		*) fail "insmod of the AESNICTR_SELFTEST_FAULT=1 build refused, but not with ENODEV: $INSMOD_ERR" ;;
		esac
		log_lines "insmod selftestfault"
	fi
	dmesg_since "insmod selftestfault" | grep "$OURS_NAME:" >/tmp/stf.log
	for _fm in $FAMILIES; do
		_ci=$(cpu_impls $_fm)
		[ -n "$_ci" ] || { info "$_fm: the CPU has no implementation"; continue; }
		for _t in $_ci; do
			if grep -q "$OURS_NAME: $_fm: self-test of $_t failed: bulk comparison" /tmp/stf.log; then
				pass "$_fm $_t: $(grep -m1 "$OURS_NAME: $_fm: self-test of $_t failed: bulk comparison" /tmp/stf.log | sed 's/^\[[ 0-9.]*\] //')"
			else
				fail "$_fm $_t: no '$_fm: self-test of $_t failed: bulk comparison' line"
			fi
		done
		if grep -q "$OURS_NAME: $_fm: no implementation passed its self-test" /tmp/stf.log; then
			pass "$_fm: $(grep -m1 "$OURS_NAME: $_fm: no implementation passed its self-test" /tmp/stf.log | sed 's/^\[[ 0-9.]*\] //')"
		else
			fail "$_fm: no '$_fm: no implementation passed its self-test' line"
		fi
	done
	if grep -q 'aesnictr' /proc/crypto; then
		fail "/proc/crypto lists *-aesnictr-* after the refused load: $(grep 'aesnictr' /proc/crypto | sort -u | tr '\n' ' ')"
	else
		pass "nothing *-aesnictr-* in /proc/crypto after the refused load"
	fi
	[ -e /sys/module/$OURS_NAME ] && fail "/sys/module/$OURS_NAME exists after the refused load"
}

# a CPU model that lowers its clock for 512-bit vectors (Ice Lake server,
# family 6 model 0x6a): the width cap defaults to vaes2, max_tier=vaes512
# lifts it (TCG runs no AVX-512, so only the cap text is checked)
scenario_zmmcap() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), cpu flags:$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock || fail "stock modules did not all load"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	_fam=$(grep -m1 '^cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	_mod=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	if [ "$_fam" = 6 ] && [ "$_mod" = 106 ]; then
		pass "virtual CPU is Intel family 6 model 106 (0x6a, Ice Lake server)"
	else
		fail "virtual CPU is family $_fam model $_mod, want 6 / 106 (0x6a): scenario misconfigured"
	fi
	for _args in "" "max_tier=vaes512"; do
		case "$_args" in
		"") _want="width cap vaes2: a CPU that slows down for 512-bit vectors; max_tier=vaes512 overrides" ;;
		*) _want="width cap vaes512: max_tier" ;;
		esac
		mark "zmmcap $_args"
		if ! ours_insmod $_args; then
			fail "insmod ${_args:-(no parameters)}: $INSMOD_ERR"
			log_lines "zmmcap $_args"
			continue
		fi
		_l=$(dmesg_since "zmmcap $_args" | grep "$OURS_NAME: version" | tail -1 | sed 's/^\[[ 0-9.]*\] //')
		case "$_l" in
		*"($_want)"*) pass "insmod ${_args:-(no parameters)}: summary line says '$_want': $_l" ;;
		*) fail "insmod ${_args:-(no parameters)}: summary line '${_l:-none}', want '($_want)'" ;;
		esac
		log_lines "zmmcap $_args"
		rmmod "$OURS_NAME" || fail "rmmod after insmod ${_args:-(no parameters)}"
	done
}

# tcrypt speed tests of ctr(aes) (modes 200, 500) and gcm(aes),
# rfc4106(gcm(aes)) (mode 211) before and after the module; each mode is
# run TCRYPT_REPEAT times (the host keeps the best of each)
tcrypt_runs() {	# $1 = before|after
	for m in 200 500 211; do
		r=1
		while [ $r -le "$TCRYPT_REPEAT" ]; do
			mark "tcrypt $1 mode=$m run=$r"
			vminsmod /lib/modules/$KVER/kernel/crypto/tcrypt.ko mode=$m sec=$TCRYPT_SEC 2>/dev/null
			dmesg_since "tcrypt $1 mode=$m run=$r" | sed 's/^\[[ 0-9.]*\] //' |
				while IFS= read -r l; do out "TCRYPT $1 $m: $l"; done
			r=$((r + 1))
		done
	done
}

# tcrypt has no speed mode for authenc(hmac(sha*),cbc(aes)) (6.1 to 7.3:
# only the des/des3_ede compositions are tested, and not for speed), so
# these are timed through AF_ALG by name (afalg_authenc --speed): the
# template instance before the module, ours after; the driver is the
# highest-priority entry of the name
authenc_speed() {	# $1 = before|after
	for _n in "$AUTHENC_SHA1" "$AUTHENC_SHA256"; do
		afalg_authenc --speed "$_n" 0.5 >/tmp/sp.out 2>&1
		_d=$(crypto_list "$_n" | sort -k3 -n -r | awk '{ print $1; exit }')
		while IFS= read -r _l; do
			case "$_l" in
			SPEED:*) out "AUTHENCSPEED $1 $_d ${_l#SPEED: }" ;;
			FAIL:*) fail "${_l#FAIL: }" ;;
			esac
		done </tmp/sp.out
	done
}

# cryptsetup benchmark -c aes-xts (through AF_ALG, what `cryptsetup
# benchmark` users see) with 256- and 512-bit keys; $1 = before|after.
# One "CSBENCH <when> <driver> <key bits> <encrypt MiB/s> <decrypt MiB/s>"
# line per key size: the driver is the highest-priority one for xts(aes),
# which is what the benchmark's "xts(aes)" socket binds.
xts_cryptsetup_bench() {
	mkdir -p /run/cryptsetup
	_drv=$(crypto_list 'xts(aes)' | sort -k3,3n | tail -1 | cut -d' ' -f1)
	for _ks in 256 512; do
		_l=$(cryptsetup benchmark -c aes-xts -s $_ks 2>/dev/null |
			awk '$1 == "aes-xts" && $4 == "MiB/s" { print $3, $5 }')
		if [ -n "$_l" ]; then
			out "CSBENCH $1 ${_drv:-?} $_ks $_l"
		else
			info "cryptsetup benchmark -c aes-xts -s $_ks ($1) printed no result"
		fi
	done
}

scenario_bench() {
	load_stock || info "not all stock modules loaded"
	need_modules gcm ghash_generic || info "gcm modules did not load"
	authenc_modules || info "authenc modules did not load"
	wait_stock_ctr 30 >/dev/null
	tcrypt_runs before
	authenc_speed before
	modprobe xts 2>/dev/null
	xts_cryptsetup_bench before
	if [ -n "$OURS_KO" ] && ours_insmod && d=$(wait_selftest ctr-aes-aesnictr- 30); then
		info "module under test: $d"
		tcrypt_runs after
		xts_cryptsetup_bench after
		if wait_alg_selftest "$AUTHENC_SHA256" authenc-hmac-sha256-cbc-aes-aesnictr- aead 30 >/dev/null &&
			wait_alg_selftest "$AUTHENC_SHA1" authenc-hmac-sha1-cbc-aes-aesnictr- aead 30 >/dev/null; then
			authenc_speed after
		else
			info "the authenc family is not registered (no SHA-NI?): no authenc speed after"
		fi
	else
		fail "module under test not loaded: ${INSMOD_ERR:-not built}"
	fi
}

out "===VMTEST BEGIN scenario=$SCEN kernel=$(uname -r)==="
case "$SCEN" in
main) scenario_main ;;
aead) scenario_aead ;;
nosupport) scenario_nosupport ;;
avxonly) scenario_avxonly ;;
fips) scenario_fips ;;
xts) scenario_xts ;;
selftestfault) scenario_selftestfault ;;
zmmcap) scenario_zmmcap ;;
authenc) scenario_authenc ;;
nosha) scenario_nosha ;;
bench) scenario_bench ;;
*) fail "unknown scenario $SCEN" ;;
esac
finish
