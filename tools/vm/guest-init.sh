#!/bin/sh
# guest-init.sh - /init of the QEMU test guest (busybox ash).
#
# Kernel command line:
#   vmtest.scenario=main|nosupport|avxonly|fips|bench
#   vmtest.fuzz=N (main fuzz cases, default 10000)
#   vmtest.tierfuzz=N (per forced tier, default 2000)
#   vmtest.cycles=N (rmmod/insmod cycles, default 20)
#   vmtest.tcrypt_sec=S (bench: tcrypt sec=, 0 = cycle counts)
#   vmtest.tcrypt_repeat=N (bench: runs per tcrypt mode, default 3)
# Results go to the second serial port (ttyS1) and are copied to the console:
#   PASS: ... / FAIL: ...   one line per check
#   INFO: ...               context (module log lines, timings)
#   COVERED: <tier>         a tier whose fuzz run passed
#   NOTCOVERED: <tier> (why)  a tier this boot could not test
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
for a in $(cat /proc/cmdline); do
	case "$a" in
	vmtest.scenario=*) SCEN=${a#*=} ;;
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

# wait until a ctr(aes) driver whose name starts with $1 shows
# "selftest : passed"; prints the driver name; $2 = timeout in seconds
wait_selftest() {
	_n=0
	while [ $_n -lt $(($2 * 10)) ]; do
		_d=$(crypto_list 'ctr(aes)' |
			awk -v p="$1" 'index($1, p) == 1 && $5 == "passed" && $6 == "skcipher" { print $1; exit }')
		if [ -n "$_d" ]; then
			echo "$_d"
			return 0
		fi
		usleep 100000
		_n=$((_n + 1))
	done
	return 1
}

# module log lines since a marker, as INFO lines
log_lines() {
	dmesg_since "$1" | grep -v 'vmtest: ' | while IFS= read -r _l; do info "dmesg: $_l"; done
}

load_stock() {
	_ok=1
	for m in cryptd crypto_simd af_alg algif_skcipher crypto_user ctr ecb aesni_intel; do
		if [ -e "/sys/module/$m" ]; then continue; fi
		if ! modprobe "$m" 2>/tmp/mp.err; then
			# built-in modules have no file; anything else is an error
			if grep -q "^kernel/.*/$m.ko" /lib/modules/$KVER/modules.builtin 2>/dev/null; then
				continue
			fi
			[ "$m" = aesni_intel ] && [ -n "$1" ] && continue
			info "modprobe $m: $(cat /tmp/mp.err)"
			_ok=0
		fi
	done
	return $((1 - _ok))
}

# The tiers a correct module uses on this CPU, as DESIGN.md and the module's
# max_tier description define them:
#   avx     AES-NI + PCLMULQDQ + AVX
#   vaes2   avx + VAES + VPCLMULQDQ + AVX2
#   vaes512 vaes2 + AVX512F + AVX512BW + AVX512VL
# (the kernel drops the AVX flags from /proc/cpuinfo when XSAVE does not
# enable their state).  cpu_tiers prints the list; cpu_tier_missing TIER
# prints the flags the CPU lacks for TIER.
cpu_flags() { echo " $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "; }
cpu_tier_missing() {
	_fl=$(cpu_flags)
	case "$1" in
	avx) _need="aes pclmulqdq avx" ;;
	vaes2) _need="aes pclmulqdq avx vaes vpclmulqdq avx2" ;;
	vaes512) _need="aes pclmulqdq avx vaes vpclmulqdq avx2 avx512f avx512bw avx512vl" ;;
	esac
	_miss=""
	for _f in $_need; do
		case "$_fl" in *" $_f "*) ;; *) _miss="$_miss $_f" ;; esac
	done
	echo ${_miss# }
}
cpu_tiers() {
	_t=""
	for _x in avx vaes2 vaes512; do
		[ -z "$(cpu_tier_missing $_x)" ] && _t="$_t $_x"
	done
	echo ${_t# }
}

# insmod the module under test with optional parameters; sets INSMOD_ERR
ours_insmod() {
	INSMOD_ERR=$(vminsmod "$OURS_KO" "$@" 2>&1)
}

ours_loaded() { [ -e "/sys/module/$OURS_NAME" ]; }

# check which ctr(aes) driver the name "ctr(aes)" resolves to, by the
# change of /proc/crypto refcnt while a tfm allocated by that name is held
check_resolution() {
	_want=$1
	crypto_list 'ctr(aes)' | awk '{ print $1, $4 }' | sort >/tmp/ref.before
	afalg_fuzz --hold 'ctr(aes)' 120 >/tmp/hold.out 2>&1 &
	_hp=$!
	_n=0
	while [ $_n -lt 100 ] && ! grep -q '^HOLD:' /tmp/hold.out; do
		usleep 100000
		_n=$((_n + 1))
	done
	crypto_list 'ctr(aes)' | awk '{ print $1, $4 }' | sort >/tmp/ref.after
	kill $_hp 2>/dev/null
	wait $_hp 2>/dev/null
	_got=$(awk 'NR == FNR { b[$1] = $2; next } ($1 in b) && $2 > b[$1] { print $1 }' \
		/tmp/ref.before /tmp/ref.after | tr '\n' ' ')
	_got=${_got% }
	if [ "$_got" = "$_want" ]; then
		pass "\"ctr(aes)\" resolves to $_want (its /proc/crypto refcnt rose while an AF_ALG tfm of \"ctr(aes)\" was held; no other ctr(aes) entry changed)"
	else
		fail "\"ctr(aes)\" resolves to '${_got:-nothing seen}', want $_want (refcnt before: $(tr '\n' ',' </tmp/ref.before) after: $(tr '\n' ',' </tmp/ref.after))"
	fi
}

check_priority() {
	_drv=$1
	_mine=$(crypto_list 'ctr(aes)' | awk -v d="$_drv" '$1 == d { print $3; exit }')
	_others=$(crypto_list 'ctr(aes)' | awk -v d="$_drv" '$1 != d { printf "%s=%s ", $1, $3 }')
	_max=$(crypto_list 'ctr(aes)' | awk -v d="$_drv" '$1 != d && $3 > m { m = $3 } END { print m + 0 }')
	if [ -n "$_mine" ] && [ "$_mine" -gt "$_max" ]; then
		pass "$_drv priority $_mine is the highest of all ctr(aes) (others: ${_others% })"
	else
		fail "$_drv priority ${_mine:-?} is not above every other ctr(aes) (others: ${_others% })"
	fi
}

kat_enc_tool() {
	# SP 800-38A F.5.1 through kcapi-enc, by the generic name "ctr(aes)"
	printf '\053\176\025\026\050\256\322\246\253\367\025\210\011\317\117\074' >/tmp/key
	printf '\153\301\276\342\056\100\237\226\351\075\176\021\163\223\027\052' >/tmp/pt
	if kcapi-enc -e -c 'ctr(aes)' --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff \
		--keyfd 3 -i /tmp/pt -o /tmp/ct 3</tmp/key 2>/tmp/kenc.err &&
		[ "$(od -An -tx1 /tmp/ct | tr -d ' \n' | cut -c1-32)" = 874d6191b620e3261bef6864990db6ce ]; then
		pass "kcapi-enc ctr(aes): SP 800-38A F.5.1 block 1"
	else
		fail "kcapi-enc ctr(aes): wrong or no output ($(cat /tmp/kenc.err 2>/dev/null | head -1))"
	fi
}

# Which tiers can the emulator run at all?  QEMU 7.2's TCG, for one,
# computes VEX.256 vaesenc wrongly in the high 128-bit lane, so a correct
# vaes2 tier fails there (the module's load-time self-test refuses it).
# Sets $tiers to the tiers a correct module registers on this (virtual) CPU
# and $broken to those the CPU claims but the emulator cannot compute.
emulator_check() {
	broken=""
	tcg_probe >/tmp/probe.out 2>&1
	grep '^INFO: ' /tmp/probe.out | while IFS= read -r _l; do info "${_l#INFO: }"; done
	case "$(grep '^TCGPROBE:' /tmp/probe.out)" in
	*vex128=broken*) broken="avx vaes2 vaes512" ;;
	*vex256=broken*) broken="vaes2 vaes512" ;;
	esac
	_u=""
	for _t in $tiers; do
		case " $broken " in *" $_t "*) ;; *) _u="$_u $_t" ;; esac
	done
	if [ -n "$broken" ]; then
		_b=""
		for _t in $tiers; do
			case " $broken " in *" $_t "*) _b="$_b $_t" ;; esac
		done
		broken=${_b# }
		[ -n "$broken" ] && info "emulator cannot compute tier(s) '$broken' correctly: expecting the module's self-test to refuse them"
	fi
	tiers=${_u# }
}

# the fuzzer must notice a wrong cipher: xctr(aes) has the same key and IV
# sizes as ctr(aes) but another counter, so every non-empty case differs
harness_selfcheck() {
	if ! crypto_list 'xctr(aes)' | grep -q '^xctr-aes-aesni '; then
		info "harness self-check skipped (no xctr-aes-aesni on this CPU)"
		return
	fi
	afalg_fuzz --seed 7 xctr-aes-aesni 30 >/tmp/neg.out 2>&1
	_rc=$?
	if [ $_rc -eq 1 ] && grep -q '^FAIL: fuzz xctr-aes-aesni vs ' /tmp/neg.out; then
		pass "fuzzer self-check: it reports a wrong cipher (xctr-aes-aesni posing as ctr(aes)): $(grep -c 'first mismatch' /tmp/neg.out) mismatches shown"
	else
		fail "fuzzer self-check: xctr-aes-aesni was not reported as wrong (status $_rc): $(tail -1 /tmp/neg.out)"
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

# after a refused load the module must have said why, in exactly one line
# (the kernel's taint lines for an unsigned out-of-tree module do not count;
# vminsmod makes exactly one finit_module call)
check_refusal_line() {
	dmesg_since "$1" | grep "$OURS_NAME" |
		grep -v -e 'taints kernel' -e 'module verification failed' >/tmp/why
	_n=$(wc -l </tmp/why)
	_l=$(head -1 /tmp/why)
	if [ "$_n" -eq 1 ]; then
		pass "kernel log explains the refusal in one line: ${_l#\[*\] }"
	elif [ "$_n" -gt 1 ]; then
		fail "$_n kernel log lines of $OURS_NAME for one refused load (want one): $(tr '\n' '|' </tmp/why)"
	else
		fail "no kernel log line of $OURS_NAME explains the refused load"
	fi
}

# ---------------------------------------------------------------------
scenario_main() {
	tiers=$(cpu_tiers)
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), tiers by cpuid: ${tiers:-none}"
	info "cpu flags:$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	if load_stock; then
		pass "stock modules loaded (af_alg algif_skcipher crypto_user ctr ecb aesni_intel)"
	else
		fail "stock modules did not all load"
	fi
	if _d=$(wait_selftest ctr-aes-aesni 30); then
		info "stock driver $_d: selftest passed"
	else
		fail "stock ctr-aes-aesni never reached selftest passed"
	fi

	if [ -z "$OURS_KO" ]; then
		scenario_stock
		return
	fi
	widest=${tiers##* }
	prefix=ctr-aes-aesnictr-
	for t in avx vaes2 vaes512; do
		case " $tiers " in *" $t "*) continue ;; esac
		case " $broken " in
		*" $t "*) out "NOTCOVERED: $t (this emulator computes its instructions wrongly; see the tcg probe)" ;;
		*) out "NOTCOVERED: $t (the virtual CPU lacks: $(cpu_tier_missing $t))" ;;
		esac
	done

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
	if [ "$drv" = "$prefix$widest" ]; then
		pass "default tier is the widest the CPU has: $drv"
	else
		fail "default driver $drv, want $prefix$widest (usable tiers: $tiers)"
	fi
	for t in $broken; do
		if dmesg_since "insmod default" | grep -q "$OURS_NAME: .*self-test.*$t"; then
			pass "tier $t, which the emulator computes wrongly, was refused by the module's load-time self-test"
		else
			fail "tier $t, which the emulator computes wrongly, was not reported as failing its self-test"
		fi
	done
	_e=$(crypto_list 'ctr(aes)' | awk -v d="$drv" '$1 == d')
	set -- $_e
	if [ "$2" = "$OURS_NAME" ] && [ "$7" = no ] && [ "$8" = no ]; then
		pass "$drv: module $2, async : no, internal : no (synchronous, directly usable)"
	else
		fail "$drv: /proc/crypto says module=$2 async=$7 internal=$8 (want $OURS_NAME, no, no)"
	fi
	check_priority "$drv"
	check_resolution "$drv"
	kat_enc_tool
	run_tool afalg_fuzz --kat "$drv"

	# --- differential fuzz ------------------------------------------
	if run_tool afalg_fuzz "$drv" "$FUZZ_N"; then
		out "COVERED: ${drv#$prefix}"
	fi
	parallel_fuzz "$drv" "$TIER_N"
	dmcrypt_test "$drv"
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

	# --- forced tiers ----------------------------------------------
	for t in avx vaes2 vaes512; do
		# the widest usable tier at or below the cap
		want=""
		for u in $tiers; do
			want=$prefix$u
			[ "$u" = "$t" ] && break
		done
		mark "max_tier=$t"
		if ! ours_insmod max_tier=$t; then
			fail "insmod max_tier=$t: $INSMOD_ERR"
			log_lines "max_tier=$t"
			continue
		fi
		if d=$(wait_selftest $prefix 30) && [ "$d" = "$want" ]; then
			pass "max_tier=$t: driver $d, selftest : passed"
			check_priority "$d"
			if [ "$want" = "$prefix$t" ] && [ "$t" != "$widest" ]; then
				if run_tool afalg_fuzz "$d" "$TIER_N"; then
					out "COVERED: $t"
				fi
			fi
		else
			fail "max_tier=$t: driver '${d:-none passed}', want $want"
			log_lines "max_tier=$t"
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
				out "COVERED: nosimd"
			fi
			run_tool afalg_fuzz --kat "$drv"
			dmcrypt_test "$drv" "non-SIMD path forced"
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
	drv=ctr-aes-aesni
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
		modprobe aesni_intel && wait_selftest ctr-aes-aesni 30 >/dev/null &&
			rmmod aesni_intel || { _bad=1; break; }
		i=$((i + 1))
	done
	if [ $_bad -eq 0 ]; then
		pass "$CYCLES modprobe/rmmod cycles of aesni_intel"
	else
		fail "aesni_intel load/unload cycle $i failed"
	fi
}

# CPU without what the module needs: the load must fail cleanly
scenario_nosupport() {
	tiers=$(cpu_tiers)
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), tiers by cpuid: ${tiers:-none}"
	load_stock tolerant || fail "stock modules did not all load"
	if [ -z "$OURS_KO" ]; then
		info "no module under test"
		return
	fi
	if [ -n "$tiers" ]; then
		fail "this CPU model has tier(s) '$tiers': scenario misconfigured"
		return
	fi
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
	check_refusal_line "insmod unsupported"
	log_lines "insmod unsupported"
	if crypto_list 'ctr(aes)' | grep -q '^ctr-aes-aesnictr-'; then
		fail "/proc/crypto lists ctr-aes-aesnictr-* after a refused load"
	fi
}

# AES-NI+AVX CPU without VAES: the avx tier must be chosen by itself
scenario_avxonly() {
	tiers=$(cpu_tiers)
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), tiers by cpuid: ${tiers:-none}"
	emulator_check
	load_stock || fail "stock modules did not all load"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	if [ "$tiers" != avx ]; then
		fail "CPU tiers '$tiers', want exactly avx: scenario misconfigured"
		return
	fi
	mark "insmod avxonly"
	if ! ours_insmod; then
		fail "insmod $OURS_NAME: $INSMOD_ERR"
		log_lines "insmod avxonly"
		return
	fi
	if d=$(wait_selftest ctr-aes-aesnictr- 30) && [ "$d" = ctr-aes-aesnictr-avx ]; then
		pass "auto-detected tier on an AES-NI+AVX CPU without VAES: $d"
		log_lines "insmod avxonly"
		check_priority "$d"
		if run_tool afalg_fuzz "$d" "$TIER_N"; then
			out "COVERED: avx"
		fi
		rmmod "$OURS_NAME" || fail "rmmod $OURS_NAME"
	else
		fail "driver '${d:-none passed}', want ctr-aes-aesnictr-avx"
		log_lines "insmod avxonly"
	fi
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

# tcrypt speed test of ctr(aes) before and after the module; each mode is
# run TCRYPT_REPEAT times (the host keeps the best of each)
tcrypt_runs() {	# $1 = before|after
	for m in 200 500; do
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

scenario_bench() {
	load_stock || info "not all stock modules loaded"
	wait_selftest ctr-aes-aesni 30 >/dev/null
	tcrypt_runs before
	if [ -n "$OURS_KO" ] && ours_insmod && d=$(wait_selftest ctr-aes-aesnictr- 30); then
		info "module under test: $d"
		tcrypt_runs after
	else
		fail "module under test not loaded: ${INSMOD_ERR:-not built}"
	fi
}

out "===VMTEST BEGIN scenario=$SCEN kernel=$(uname -r)==="
case "$SCEN" in
main) scenario_main ;;
nosupport) scenario_nosupport ;;
avxonly) scenario_avxonly ;;
fips) scenario_fips ;;
bench) scenario_bench ;;
*) fail "unknown scenario $SCEN" ;;
esac
finish
