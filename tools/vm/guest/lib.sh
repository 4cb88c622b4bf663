# shellcheck shell=sh
# lib.sh - the guest's shared library (busybox ash), sourced by /init before
# the scenario script; it sources families.sh (the module's families and
# implementations, the CPU model, priority and load-line checks) and
# users.sh (the kernel's own users: dm-crypt, LUKS2, IPsec).
#
# Kernel command line (read_cmdline):
#   vmtest.scenario=NAME    the scenario: /vmtest/scenarios/NAME.sh
#   vmtest.PARAM=V          the knobs of knobs.tab (/vmtest/knobs.tab): one
#                           line each names the parameter, the variable it
#                           sets, its default and what it is for
# Output, on the second serial port (ttyS1), copied to the console:
#   KTAP version 1
#   ok N - <text>                   a check that passed
#   not ok N - <text>               a check that failed
#   ok N - <text> # SKIP <why>      a check the virtual CPU cannot run (not a pass)
#   # <text>                        context (module log lines, timings)
#   COVERED: <family> <impl> <alg>  a fuzz run of <alg> on that implementation
#                                   (or "nosimd") passed
#   NOTCOVERED: <family> <impl> (why)   an implementation this boot cannot test
#   PRIO: <family> <priority>       what the family's load line said
#   1..N                            the plan, after the last check
#   ===DMESG BEGIN=== ... ===DMESG END===   the whole kernel log
#   ===VMTEST END pass=N fail=M skip=K===   last line before poweroff
# /etc/vmtest.conf (mkinitramfs.sh) names the module under test (OURS_KO,
# OURS_NAME, OURS_DEPS) and the kernel (KVER); with OURS_KO empty the stock
# aesni_intel drivers are tested instead (rig self-test).

KNOBTAB=${KNOBTAB:-/vmtest/knobs.tab}
# every knob of knobs.tab at its default, then the command line's values
read_cmdline() {
	SCEN=main
	_kt=$(grep -v -e '^#' -e '^[[:space:]]*$' "$KNOBTAB")
	while read -r _p _v _d _r; do
		[ "$_d" = - ] && _d=
		eval "$_v=\$_d"
	done <<EOF
$_kt
EOF
	for _a in $(cat /proc/cmdline); do
		case "$_a" in
		vmtest.scenario=*) SCEN=${_a#*=} ;;
		vmtest.*=*)
			_n=${_a%%=*} _n=${_n#vmtest.}
			while read -r _p _v _r; do
				[ "$_p" = "$_n" ] && eval "$_v=\${_a#*=}"
			done <<EOF
$_kt
EOF
			;;
		esac
	done
	SOAK_LOAD=$(echo "$SOAK_LOAD" | tr , ' ')
	[ "$SOAK_ESN_STOCK" = 1 ] || SOAK_ESN_STOCK=
	[ "$SOAK_NOSIMD" = 1 ] || SOAK_NOSIMD=
}

# ---------------------------------------------------------------------
# reporting (KTAP)
RES=/dev/ttyS1
[ -c "$RES" ] || RES=/dev/console
NT=0 NPASS=0 NFAIL=0 NSKIP=0 NTODO=0
out() { echo "$*" >"$RES"; echo "vmtest| $*" >/dev/console; }
pass() { NT=$((NT + 1)); NPASS=$((NPASS + 1)); out "ok $NT - $*"; }
fail() { NT=$((NT + 1)); NFAIL=$((NFAIL + 1)); out "not ok $NT - $*"; }
skip() { NT=$((NT + 1)); NSKIP=$((NSKIP + 1)); out "ok $NT - $1 # SKIP $2"; }	# TEXT WHY
# a known defect, open in an issue: KTAP's "not ok ... # TODO", counted
# apart (never as passed, not as a regression)
todo() { NT=$((NT + 1)); NTODO=$((NTODO + 1)); out "not ok $NT - $1 # TODO $2"; }	# TEXT WHY
info() { out "# $*"; }
# pass or fail by a status: check STATUS TEXT-IF-PASSED TEXT-IF-FAILED;
# returns 0 or 1 as the check went
check() {
	[ "$1" -eq 0 ] && { pass "$2"; return 0; }
	fail "$3"
	return 1
}

ktap_begin() {
	out "===VMTEST BEGIN scenario=$SCEN kernel=$(uname -r)==="
	out "KTAP version 1"
}

finish() {
	out "1..$NT"
	out "===DMESG BEGIN==="
	dmesg >"$RES"
	out "===DMESG END==="
	out "===VMTEST END pass=$NPASS fail=$NFAIL skip=$NSKIP todo=$NTODO==="
	sync
	poweroff -f
	sleep 5
	echo o >/proc/sysrq-trigger
}

# ---------------------------------------------------------------------
# time, the kernel log since a mark
now() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# a marker in the kernel log, so that dmesg_since can cut the log there
mark() { echo "vmtest: $*" >/dev/kmsg; }
dmesg_since() { dmesg | awk -v m="vmtest: $1" 'f { print } index($0, m) { f = 1 }'; }
nots() { sed 's/^\[[ 0-9.]*\] //'; }	# without the timestamp
# our module's lines since mark $1 that contain $2 (the last one, timestamp cut)
ours_line() { dmesg_since "$1" | grep "$OURS_NAME: " | grep -F -- "$2" | tail -1 | nots; }
# module log lines since a marker, as diagnostics
log_lines() {
	dmesg_since "$1" | grep -v 'vmtest: ' | while IFS= read -r _l; do info "dmesg: $_l"; done
}
# poll TENTHS COMMAND...: run COMMAND every 0.1 s until it succeeds
poll() {
	_pn=$1
	shift
	while [ "$_pn" -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		usleep 100000
		_pn=$((_pn - 1))
	done
	return 1
}

# ---------------------------------------------------------------------
# the test programs: one relay of their PASS:/FAIL: lines
#
# relay_out FILE STATUS WHAT [TAG]: the PASS:/FAIL: lines of a program's
# output FILE become checks (TAG before each text), other lines diagnostics;
# a non-zero STATUS without a FAIL line fails too.  Returns STATUS.
relay_out() {
	_rf=0
	while IFS= read -r _rl; do
		case "$_rl" in
		PASS:*) pass "${4:-}${_rl#PASS: }" ;;
		FAIL:*) fail "${4:-}${_rl#FAIL: }"; _rf=1 ;;
		*) info "$_rl" ;;
		esac
	done <"$1"
	[ "$2" -eq 0 ] || [ $_rf -eq 1 ] || fail "${4:-}$3 exited with status $2 without a FAIL line"
	return "$2"
}
# run_tool COMMAND...: run it, relay its lines; its status
run_tool() { run_tool_tag "" "$@"; }
run_tool_tag() {	# TAG COMMAND...
	_tt=$1
	shift
	"$@" >/tmp/tool.out 2>&1
	relay_out /tmp/tool.out $? "$*" "$_tt"
}
# several at once: bg_tool NAME TAG COMMAND... starts one (NAME: a shell
# word), bg_wait waits for all, relays each one's lines in the order they
# were started and sets BG_RC_<NAME> to its status
BG_JOBS=""
bg_tool() {
	_bn=$1
	_bt=$2
	shift 2
	echo "$*" >/tmp/bg.$_bn.cmd
	"$@" >/tmp/bg.$_bn 2>&1 &
	eval "BG_PID_$_bn=\$! BG_TAG_$_bn=\$_bt"
	BG_JOBS="$BG_JOBS $_bn"
}
bg_wait() {
	for _bn in $BG_JOBS; do
		eval "wait \$BG_PID_$_bn"
		eval "BG_RC_$_bn=$?"
	done
	for _bn in $BG_JOBS; do
		eval "relay_out /tmp/bg.$_bn \$BG_RC_$_bn \"\$(cat /tmp/bg.$_bn.cmd)\" \"\$BG_TAG_$_bn\""
	done
	BG_JOBS=""
}
# covered_if STATUS FAMILY IMPL ALG: a COVERED line if the fuzz run passed
covered_if() { [ "$1" -ne 0 ] || out "COVERED: $2 $3 $4"; }
# two AEAD fuzzers at once (one per vCPU), $2 cases each; $1 = "<family>
# <impl>" for the COVERED lines (empty: none).  aead_fuzz_pair: gcm on
# $GDRV and rfc4106 on $RDRV; authenc_fuzz_pair (extra options after $2):
# sha1 on $ADRV1 and sha256 on $ADRV256
aead_fuzz_pair() {
	bg_tool gcm "" afalg_aead gcm "$GDRV" "$2"
	bg_tool rfc "" afalg_aead rfc4106 "$RDRV" "$2"
	bg_wait
	[ -z "$1" ] || { covered_if $BG_RC_gcm $1 'gcm(aes)'; covered_if $BG_RC_rfc $1 'rfc4106(gcm(aes))'; }
}
authenc_fuzz_pair() {
	_c=$1 _n=$2
	shift 2
	bg_tool sha1 "" afalg_authenc "$@" sha1 "$ADRV1" "$_n"
	bg_tool sha256 "" afalg_authenc "$@" sha256 "$ADRV256" "$_n"
	bg_wait
	[ -z "$_c" ] || { covered_if $BG_RC_sha1 $_c "$AUTHENC_SHA1"; covered_if $BG_RC_sha256 $_c "$AUTHENC_SHA256"; }
}

# hold_start COMMAND...: a holder (a fuzzer's --hold NAME SECS) in the
# background, until it says HOLD: (status 1 if it did not: it exited, or
# 60 s passed; a guest starved by a busy host has taken more than 10 s);
# hold_stop ends it
hold_ready() {
	grep -q '^HOLD:' /tmp/hold.out && return 0
	kill -0 "$HOLD_PID" 2>/dev/null || return 0
	return 1
}
hold_start() {
	_ht0=$(date +%s)
	# emptied before the fork: until the child opens it, the previous
	# holder's HOLD: line would pass for this one's
	: >/tmp/hold.out
	"$@" >/tmp/hold.out 2>&1 &
	HOLD_PID=$!
	poll 600 hold_ready
	grep -q '^HOLD:' /tmp/hold.out && return 0
	# why not, for the failure text (which prints the first line)
	if kill -0 "$HOLD_PID" 2>/dev/null; then
		_hw="still running"
	else
		wait "$HOLD_PID"
		_hw="exited with status $?"
	fi
	_hw="(holder pid $HOLD_PID $_hw, no HOLD: after $(($(date +%s) - _ht0)) s)"
	{ echo "$_hw"; cat /tmp/hold.out; } >/tmp/hold.tmp
	mv /tmp/hold.tmp /tmp/hold.out
	return 1
}
hold_stop() { kill "$HOLD_PID" 2>/dev/null; wait "$HOLD_PID" 2>/dev/null; }

# ---------------------------------------------------------------------
# /proc/crypto
#
# one line per entry of cra_name $1:
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
crypto_oneline() { crypto_list "$1" | tr '\n' ';'; }
# field $3 (a crypto_list column number) of driver $2 of cra_name $1
alg_field() { crypto_list "$1" | awk -v d="$2" -v f="$3" '$1 == d { print $f; exit }'; }
alg_refcnt() { alg_field "$1" "$2" 4; }	# cra_name driver
alg_prio() { alg_field "$1" "$2" 3; }
# every driver name in /proc/crypto, sorted
crypto_drivers() { awk '/^driver / { print $3 }' /proc/crypto | sort -u; }

# the first driver of cra_name $1 whose name starts with $2, of type $3,
# with "selftest : passed"
selftest_passed() {
	crypto_list "$1" | awk -v p="$2" -v t="$3" '
		index($1, p) == 1 && $5 == "passed" && $6 == t { print $1; found = 1; exit }
		END { exit !found }'
}
# the same, waiting up to $4 s for it; prints the driver name
wait_alg_selftest() { poll $(($4 * 10)) selftest_passed "$1" "$2" "$3"; selftest_passed "$1" "$2" "$3"; }
wait_selftest() { wait_alg_selftest 'ctr(aes)' "$1" skcipher "$2"; }	# PREFIX SECS
# check_selftests SECS "CRA DRIVER [TYPE]" ...: one check per entry, that
# DRIVER (of TYPE, default aead) is registered as CRA with "selftest :
# passed" within SECS seconds; status 1 if any is not
check_selftests() {
	_cs_secs=$1 _cs_rc=0
	shift
	for _cs in "$@"; do
		set -- $_cs
		if _cs_d=$(wait_alg_selftest "$1" "$2" "${3:-aead}" "$_cs_secs") && [ "$_cs_d" = "$2" ]; then
			pass "$2 registered as $1, selftest : passed (the crypto manager's tests) after $(elapsed "$T0") s"
		else
			fail "no $2 with selftest : passed within $_cs_secs s ($1: $(crypto_oneline "$1"))"
			_cs_rc=1
		fi
	done
	return $_cs_rc
}

# the best stock (aesni_intel) driver of cra_name $1 and type $2: the
# highest priority, not internal, selftest passed (ctr-aes-aesni on 6.1;
# ctr-aes-aesni-avx, ctr-aes-vaes-avx2, ... on 6.12 and 7.x)
stock_driver() {
	crypto_list "$1" | awk -v t="$2" '$2 == "aesni_intel" && $5 == "passed" && $6 == t && $8 != "yes" &&
		$3 + 0 > best { best = $3 + 0; d = $1 } END { if (d != "") print d; else exit 1 }'
}
wait_stock_ctr() { poll $(($1 * 10)) stock_driver 'ctr(aes)' skcipher; stock_driver 'ctr(aes)' skcipher; }

# ---------------------------------------------------------------------
# modules
#
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
# skipped where the kernel has no such module
MAYBE_ABSENT=" cryptd crypto_simd ghash_generic sha512_generic sha1_generic sha256_generic sha1_ssse3 sha256_ssse3 sha512_ssse3 drbg jitterentropy_rng esp4_offload "

# modprobe each module unless loaded, built in, or one a kernel dropped;
# "-q": a failure only returns 1, else it also fails a check
need_modules() {
	_quiet=0
	[ "$1" = -q ] && { _quiet=1; shift; }
	_ok=0
	for _m in "$@"; do
		[ -e "/sys/module/$_m" ] && continue
		mod_builtin "$_m" && continue
		case "$MAYBE_ABSENT" in *" $_m "*) mod_known "$_m" || continue ;; esac
		if ! modprobe "$_m" 2>/tmp/mp.err; then
			[ $_quiet -eq 1 ] && info "modprobe $_m: $(cat /tmp/mp.err)" ||
				fail "modprobe $_m: $(cat /tmp/mp.err)"
			_ok=1
		fi
	done
	return $_ok
}
# the authenc tests' modules (sha1_ssse3/sha256_ssse3: 6.x's SHA-NI drivers,
# which the template instance takes when loaded: 4250, what ours must beat;
# 7.x's sha*-lib use SHA-NI by themselves); [-q] as need_modules
authenc_modules() {
	need_modules "$@" algif_aead algif_hash authenc hmac cbc sha1_generic sha256_generic \
		sha1_ssse3 sha256_ssse3 echainiv
}
# ... and those of authencesn and the SHA-384/512 names (sha512_ssse3: 6.x's
# AVX2 SHA-512, what the template instance takes; 7.x: a built-in library)
esn_modules() {
	authenc_modules "$@" && need_modules "$@" authencesn sha512_generic sha512_ssse3
}
STOCK_MODULES="cryptd crypto_simd af_alg algif_skcipher crypto_user ctr ecb aesni_intel"
# the stock modules of the ctr tests (STOCK_MODULES; $1 = "noaesni": all but
# aesni_intel), then AF_ALG unrestricted
load_stock() {
	_sm=$STOCK_MODULES
	[ "${1:-}" = noaesni ] && _sm=${_sm% aesni_intel}
	need_modules -q $_sm
	_rc=$?
	afalg_unrestrict
	return $_rc
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

# insmod the module under test with optional parameters, after the modules
# it links against (modinfo depends, e.g. authenc); sets INSMOD_ERR.
# calibrate=0 comes first (a later calibrate= wins): emulated timings mean
# nothing, so the load-time timing is tested only where a scenario asks
# for it with calibrate_debug_pct (calibrate.sh); the same default for
# modprobe is in /etc/modprobe.d (calibrate_off_by_default).
ours_insmod() {
	for _d in $OURS_DEPS; do
		[ -e "/sys/module/$_d" ] || modprobe "$_d" 2>/dev/null ||
			info "modprobe $_d (a dependency of $OURS_NAME) failed"
	done
	INSMOD_ERR=$(vminsmod "$OURS_KO" calibrate=0 "$@" 2>&1)
}
calibrate_off_by_default() {
	mkdir -p /etc/modprobe.d
	echo "options $OURS_NAME calibrate=0" >/etc/modprobe.d/vmtest-calibrate.conf
}
ours_loaded() { [ -e "/sys/module/$OURS_NAME" ]; }
# insmod_marked MARK [PARAMS...]: a mark, then ours_insmod; on failure a
# failed check and the log lines since the mark, status 1; T0 = start time
insmod_marked() {
	_im=$1
	shift
	mark "$_im"
	T0=$(now)
	ours_insmod "$@" && return 0
	fail "insmod $OURS_NAME${1:+ $*}: $INSMOD_ERR"
	log_lines "$_im"
	return 1
}
# rmmod_check TEXT: rmmod ours, a check named TEXT
rmmod_check() {
	_rm=$(rmmod "$OURS_NAME" 2>&1)
	check $? "rmmod $OURS_NAME $1" "rmmod $OURS_NAME $1: $_rm (module refcnt $(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null))"
}
# the module's debug_force_nosimd switch: set_nosimd 0|1
NOSIMD_P=/sys/module/$OURS_NAME/parameters/debug_force_nosimd
set_nosimd() {
	echo "$1" >"$NOSIMD_P" 2>/dev/null
	case "$1$(cat "$NOSIMD_P" 2>/dev/null)" in
	1Y|0N) return 0 ;;
	esac
	fail "cannot set $NOSIMD_P to $1 ($(ls -l "$NOSIMD_P" 2>&1))"
	return 1
}

# kprobes on the module's C fallbacks, the non-SIMD path's entry points
# (ccmc: ccm_c_start, once per ccm message; gcmc: aesnictr_gcm_crypt_generic,
# once per gcm piece), counted in tracefs's kprobe_profile: what proves a
# forced non-SIMD run took that path (nonsimd_requests counts only requests
# the kernel sends there unforced).  fallback_probes_on: status 1 and an info
# line where tracefs or kprobe events are missing; fallback_hits ccmc|gcmc;
# fallback_probes_off.
KP=/sys/kernel/tracing
fallback_probes_on() {
	[ -e $KP/kprobe_events ] || mount -t tracefs nodev $KP 2>/dev/null
	echo 0 >$KP/tracing_on 2>/dev/null
	if echo 'p:vmfb/ccmc ccm_c_start' >>$KP/kprobe_events 2>/tmp/kp.err &&
	   echo 'p:vmfb/gcmc aesnictr_gcm_crypt_generic' >>$KP/kprobe_events 2>>/tmp/kp.err &&
	   echo 1 >$KP/events/vmfb/enable 2>>/tmp/kp.err; then
		return 0
	fi
	info "no kprobes on the C fallbacks ($(cat /tmp/kp.err 2>/dev/null; ls $KP 2>&1 | head -3)): the non-SIMD runs are not proven by hits"
	return 1
}
fallback_hits() { awk -v e="$1" '$1 == e || $1 == "vmfb/" e { print $2; f = 1 } END { if (!f) print 0 }' $KP/kprobe_profile 2>/dev/null; }
fallback_probes_off() { echo 0 >$KP/events/vmfb/enable 2>/dev/null; echo >$KP/kprobe_events 2>/dev/null; }

# the common start of a scenario: what the CPU is, the emulator probe,
# the stock modules ($1 is passed to load_stock); status 1 if there is no
# module under test (the caller returns)
# move aesni_intel out of the module tree for this boot (its file moved
# away, its modules.dep and modules.alias lines dropped: stockabsent,
# stockfail); sets STOCK_KO, STOCK_KO_DEPS
hide_stock() {
	_md=/lib/modules/$KVER
	_dl=$(grep -E '(^|/)aesni[-_]intel\.ko:' $_md/modules.dep)
	[ -n "$_dl" ] || return 1
	STOCK_KO=/lib/vmtest/stock/$(basename "${_dl%%:*}")
	STOCK_KO_DEPS=$(for _f in ${_dl#*:}; do basename "$_f" .ko; done)
	# (something at boot may have asked for it already: then it goes too)
	if [ -e /sys/module/aesni_intel ]; then
		info "aesni_intel was loaded before the scenario began (refcnt $(cat /sys/module/aesni_intel/refcnt)): removing it"
		rmmod aesni_intel || return 1
	fi
	mkdir -p /lib/vmtest/stock
	mv "$_md/${_dl%%:*}" "$STOCK_KO" || return 1
	sed -i '/aesni[-_]intel/d' $_md/modules.dep $_md/modules.alias 2>/dev/null
	rm -f $_md/modules.*.bin
	! modprobe aesni_intel 2>/dev/null && [ ! -e /sys/module/aesni_intel ]
}

scenario_begin() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	load_stock "$@"
	check $? "stock modules loaded (${1:+all but aesni_intel of: }$STOCK_MODULES)" "stock modules did not all load"
	[ -n "$OURS_KO" ] && return 0
	info "no module under test"
	return 1
}

hexrand() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }
# iproute2's ip: busybox's ash would run its own "ip" applet before $PATH
ip() { /usr/sbin/ip "$@"; }

. /vmtest/families.sh
. /vmtest/users.sh
