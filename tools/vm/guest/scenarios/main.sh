# shellcheck shell=sh
# vm: cpu=max timeout=900 all=10
# main (-cpu max, 2 vCPUs; the ctr family): the emulator probe, stock
# modules, insmod with no side effects, self-test, the default
# implementation, load lines and priorities of every family, flags, what
# "ctr(aes)" resolves to, SP 800-38A vectors (AF_ALG and kcapi-enc),
# differential fuzz, one fuzzer per CPU at once, dm-crypt aes-ctr-plain64,
# bad keys, the fuzzer's self-check, rmmod refused while in use, load/unload
# cycles, every max_tier (ctr and gcm), the forced non-SIMD path, a bad
# parameter.  Without a module under test /init runs the stock scenario.

# SP 800-38A F.5.1 through kcapi-enc, by the generic name "ctr(aes)", under
# the kernel's default AF_ALG restriction (7.x: an allowlist)
kat_enc_tool() {
	printf '\053\176\025\026\050\256\322\246\253\367\025\210\011\317\117\074' >/tmp/key
	printf '\153\301\276\342\056\100\237\226\351\075\176\021\163\223\027\052' >/tmp/pt
	_rs=""
	if [ -n "$AFALG_RESTRICT_DEFAULT" ]; then
		echo "$AFALG_RESTRICT_DEFAULT" >$AFALG_RESTRICT
		_rs=" (with af_alg_restrict=$AFALG_RESTRICT_DEFAULT, the kernel's default)"
	fi
	kcapi-enc -e -c 'ctr(aes)' --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff \
		--keyfd 3 -i /tmp/pt -o /tmp/ct 3</tmp/key 2>/tmp/kenc.err &&
		[ "$(od -An -tx1 /tmp/ct | tr -d ' \n' | cut -c1-32)" = 874d6191b620e3261bef6864990db6ce ]
	check $? "kcapi-enc ctr(aes): SP 800-38A F.5.1 block 1$_rs" \
		"kcapi-enc ctr(aes): wrong or no output$_rs ($(head -1 /tmp/kenc.err 2>/dev/null))"
	[ -z "$AFALG_RESTRICT_DEFAULT" ] || echo 0 >$AFALG_RESTRICT
}

# the fuzzer must notice a wrong cipher: xctr(aes) has the same key and IV
# sizes as ctr(aes) but another counter, so every non-empty case differs
harness_selfcheck() {
	# xctr-aes-aesni on 6.1, xctr-aes-aesni-avx and wider on 6.12 and 7.x
	_x=$(stock_driver 'xctr(aes)' skcipher)
	if [ -z "$_x" ]; then
		skip "fuzzer self-check (a wrong cipher is reported)" "no stock xctr(aes) driver on this CPU"
		return
	fi
	afalg_fuzz --seed 7 "$_x" 30 >/tmp/neg.out 2>&1
	_rc=$?
	check $([ $_rc -eq 1 ] && grep -q "^FAIL: fuzz $_x vs " /tmp/neg.out; echo $?) \
		"fuzzer self-check: it reports a wrong cipher ($_x posing as ctr(aes)): $(grep -c 'first mismatch' /tmp/neg.out) mismatches shown" \
		"fuzzer self-check: $_x was not reported as wrong (status $_rc): $(tail -1 /tmp/neg.out)"
}

# one fuzzer of driver $1 per CPU at once ($2 cases each): requests of
# different tfms run concurrently on all CPUs and get preempted and
# migrated between FPU sections
parallel_fuzz() {
	_cpus=$(grep -c '^processor' /proc/cpuinfo)
	if [ "$_cpus" -lt 2 ]; then
		skip "one fuzzer per CPU at once" "1 CPU"
		return
	fi
	_i=1
	while [ $_i -le "$_cpus" ]; do
		bg_tool par$_i "parallel $_i/$_cpus: " afalg_fuzz "$1" "$2"
		_i=$((_i + 1))
	done
	bg_wait
}

# rmmod is refused while an AF_ALG tfm of driver $1 is open, accepted after
rmmod_while_held() {
	hold_start afalg_fuzz --hold "$1" 300 || fail "hold $1: $(cat /tmp/hold.out)"
	_refc=$(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null)
	if _m=$(rmmod "$OURS_NAME" 2>&1); then
		fail "rmmod $OURS_NAME succeeded while a tfm was open (refcnt was $_refc)"
		ours_insmod
		wait_selftest ctr-aes-aesnictr- 30 >/dev/null
	else
		pass "rmmod $OURS_NAME refused while an AF_ALG tfm is open (module refcnt $_refc: $_m)"
	fi
	hold_stop
	rmmod_check "after the holder exited"
	crypto_list 'ctr(aes)' | grep -q "^ctr-aes-aesnictr-" && fail "/proc/crypto still lists ctr-aes-aesnictr-* after rmmod"
}

# $CYCLES insmod / self-test passed / rmmod
load_cycles() {
	_bad=0
	_t0=$(now)
	_i=1
	while [ $_i -le "$CYCLES" ]; do
		ours_insmod || { fail "cycle $_i: insmod: $INSMOD_ERR"; _bad=1; break; }
		wait_selftest ctr-aes-aesnictr- 30 >/dev/null || { fail "cycle $_i: no selftest : passed within 30 s"; _bad=1; }
		_m=$(rmmod "$OURS_NAME" 2>&1) || { fail "cycle $_i: rmmod: $_m"; _bad=1; break; }
		_i=$((_i + 1))
	done
	[ $_bad -eq 0 ] && pass "$CYCLES insmod/selftest passed/rmmod cycles in $(elapsed "$_t0") s"
}

# max_tier=$1: each family takes its widest usable implementation at or
# below the cap; an implementation below a family's default is fuzzed
max_tier_check() {
	_t=$1
	insmod_marked "max_tier=$_t" max_tier=$_t || return
	_wc=$(want_impl ctr $_t)
	_wg=$(want_impl gcm $_t)
	if _d=$(wait_selftest ctr-aes-aesnictr- 30) && [ "$_d" = "ctr-aes-aesnictr-$_wc" ]; then
		pass "max_tier=$_t: ctr family: driver $_d, selftest : passed"
		check_priority_policy 'ctr(aes)' "$_d" ctr "max_tier=$_t"
		if [ "$_wc" = "$_t" ] && [ "$_t" != "$(want_impl ctr)" ]; then
			run_tool afalg_fuzz "$_d" "$TIER_N"
			covered_if $? ctr $_t 'ctr(aes)'
		fi
	else
		fail "max_tier=$_t: ctr family: driver '${_d:-none passed}', want ctr-aes-aesnictr-$_wc"
		log_lines "max_tier=$_t"
	fi
	_g=$(ours_driver 'gcm(aes)')
	_r=$(ours_driver 'rfc4106(gcm(aes))')
	GDRV=$(drv_name gcm "$_wg" 'gcm(aes)')
	RDRV=$(drv_name gcm "$_wg" 'rfc4106(gcm(aes))')
	if [ -z "$_wg" ]; then
		check $([ -z "$_g$_r" ]; echo $?) \
			"max_tier=$_t: gcm family left out (the CPU lacks: $(impl_missing gcm avx))" \
			"max_tier=$_t: gcm family registered '$_g' '$_r' on a CPU that lacks: $(impl_missing gcm avx)"
	elif [ "$_g $_r" = "$GDRV $RDRV" ]; then
		pass "max_tier=$_t: gcm family: $_g and $_r"
		if [ "$_wg" = "$_t" ] && [ "$_t" != "$(want_impl gcm)" ]; then
			if wait_alg_selftest 'gcm(aes)' "$GDRV" aead 30 >/dev/null &&
				wait_alg_selftest 'rfc4106(gcm(aes))' "$RDRV" aead 30 >/dev/null; then
				aead_fuzz_pair "gcm $_t" "$TIER_N"
			else
				fail "max_tier=$_t: $GDRV / $RDRV without selftest : passed"
			fi
		fi
	else
		fail "max_tier=$_t: gcm family drivers '$_g' '$_r', want $GDRV and $RDRV"
	fi
	rmmod "$OURS_NAME" 2>/dev/null
}

# debug_force_nosimd=1 at run time: fuzz, known answers, dm-crypt; $1 = the
# driver "ctr(aes)" resolves to
nosimd_check() {
	insmod_marked "nosimd" || return
	if ! _d=$(wait_selftest ctr-aes-aesnictr- 30); then
		fail "no ctr-aes-aesnictr-* with selftest : passed for the nosimd test"
	elif set_nosimd 1; then
		pass "debug_force_nosimd=1 set at run time"
		run_tool afalg_fuzz "$_d" "$FUZZ_N"
		covered_if $? ctr nosimd 'ctr(aes)'
		run_tool afalg_fuzz --kat "$_d"
		dmcrypt_check aes-ctr-plain64 32 afalg_fuzz "$1" "non-SIMD path forced"
		set_nosimd 0
	fi
	rmmod "$OURS_NAME" || fail "rmmod after nosimd fuzz"
}

scenario_run() {
	info "cpu flags:$(cpu_flags)"
	scenario_begin || return
	_d=$(wait_stock_ctr 30)
	check $? "stock driver $_d: selftest passed" "no stock (aesni_intel) ctr(aes) driver reached selftest passed"
	want=$(want_impl ctr)
	report_uncovered ctr
	[ -n "$want" ] || { fail "the ctr family cannot run on this CPU ($(impl_missing ctr avx) missing): scenario misconfigured"; return; }

	# --- load without side effects, self-test, priority, resolution ---
	crypto_drivers >/tmp/drivers.before
	insmod_marked "insmod default" || return
	pass "insmod $OURS_NAME"
	if ! drv=$(wait_selftest ctr-aes-aesnictr- 30); then
		fail "no ctr-aes-aesnictr-* ctr(aes) with selftest : passed within 30 s ($(crypto_oneline 'ctr(aes)'))"
		log_lines "insmod default"
		return
	fi
	pass "$drv registered, selftest : passed after $(elapsed "$T0") s"
	wait_families 30
	check_manifest
	check_no_new_instances
	log_lines "insmod default"
	check $([ "$drv" = "ctr-aes-aesnictr-$want" ]; echo $?) \
		"ctr family: default implementation is the widest usable one: $drv (usable: $(usable_impls ctr))" \
		"ctr family: default driver $drv, want ctr-aes-aesnictr-$want (usable: $(usable_impls ctr))"
	check_refused ctr "insmod default"
	check_summary_line "insmod default"
	check_cpu_class "insmod default" default
	check_load_lines "insmod default" present
	check_entry 'ctr(aes)' "$drv" skcipher
	check_priority_policy 'ctr(aes)' "$drv" ctr "insmod default"
	win=$(expected_winner 'ctr(aes)' "$drv" ctr "insmod default")
	check_resolution 'ctr(aes)' "$win"
	kat_enc_tool
	run_tool afalg_fuzz --kat "$drv"

	# --- differential fuzz, the kernel's user, bad keys ----------------
	run_tool afalg_fuzz "$drv" "$FUZZ_N"
	covered_if $? ctr "${drv#ctr-aes-aesnictr-}" 'ctr(aes)'
	parallel_fuzz "$drv" "$TIER_N"
	dmcrypt_check aes-ctr-plain64 32 afalg_fuzz "$win"
	run_tool afalg_fuzz --badkeys "$drv"
	harness_selfcheck

	rmmod_while_held "$drv"
	load_cycles
	for t in $IMPLS; do
		max_tier_check $t
	done
	nosimd_check "$win"

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
	crypto_list 'ctr(aes)' | grep -q "^ctr-aes-aesnictr-" && fail "/proc/crypto lists ctr-aes-aesnictr-* after a refused load"
}
