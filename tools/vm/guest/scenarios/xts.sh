# shellcheck shell=sh
# vm: cpu=max timeout=900 all=60
# xts (-cpu max, 2 vCPUs; the xts family): xts(aes), driver
# xts-aes-aesnictr-<impl>: self-test, flags, summary and load lines, the
# priority policy (above the stock driver where ours is faster, one below
# it where the module says the stock one is), IEEE 1619 vectors, bad keys /
# short message, differential fuzz against xts(ecb(aes-generic)), dm-crypt
# aes-xts-plain64 (512 and 4096-byte sectors), the forced non-SIMD path,
# each narrower implementation by max_tier.

# the policy (the module's xts priority rule): ours above 6.1's
# xts-aes-aesni and above narrower stock code (vaes2 over aesni-avx,
# vaes512 over aesni-avx and vaes-avx2); otherwise one below the stock
# driver, which the load line says; $1 = our driver
xts_policy() {
	_y=$(yielded xts "insmod xts")
	_mine=$(alg_prio 'xts(aes)' "$1")
	_sd=$(crypto_list 'xts(aes)' | awk -v m="$OURS_NAME" '$2 != m && $3 > p { p = $3; d = $1 } END { print d }')
	_sp=$(alg_prio 'xts(aes)' "$_sd")
	case "$_sd:${1#xts-aes-aesnictr-}" in
	xts-aes-aesni:*|xts-aes-aesni-avx:vaes2|xts-aes-aesni-avx:vaes512|xts-aes-vaes-avx2:vaes512|*generic*:*|*lib*:*|:*)
		_want=above ;;
	*)	_want=below ;;
	esac
	if [ "$_want" = above ] && [ -z "$_y" ] && [ "$_mine" = $PRIO_OURS ]; then
		pass "xts policy on $KVER: $1 at priority $PRIO_OURS, above the stock ${_sd:-none} (${_sp:-})"
	elif [ "$_want" = below ] && [ -n "$_y" ] && [ -n "$_sp" ] && [ "$_mine" = $((_sp - 1)) ]; then
		pass "xts policy on $KVER: registered at $_mine, one below the stock $_sd ($_sp): $_y"
	else
		fail "xts policy on $KVER: want $1 $_want the stock ${_sd:-?} (${_sp:-?}); got priority $_mine${_y:+, log: $_y}"
	fi
}

# known answers and fuzz ($2 cases) of driver $1; COVERED as implementation $3
xts_fuzz() {
	run_tool afalg_xts --kat "$1"
	run_tool afalg_xts "$1" "$2"
	covered_if $? xts "$3" 'xts(aes)'
}

scenario_run() {
	scenario_begin
	_has_ours=$?
	need_modules xts || fail "modprobe xts (the oracle's template) failed"
	[ $_has_ours -eq 0 ] || return
	prefix=xts-aes-aesnictr-
	want=$(want_impl xts)
	report_uncovered xts
	[ -n "$want" ] || { fail "the xts family cannot run on this CPU: scenario misconfigured"; return; }
	# the stock aesni_intel xts(aes) drivers (their self-tests) first
	poll 300 stock_driver 'xts(aes)' skcipher
	info "stock xts(aes): $(crypto_list 'xts(aes)' | awk '{ printf "%s=%s ", $1, $3 }')"
	insmod_marked "insmod xts" || return
	if ! drv=$(wait_alg_selftest 'xts(aes)' $prefix skcipher 30); then
		fail "no $prefix* xts(aes) with selftest : passed within 30 s ($(crypto_oneline 'xts(aes)'))"
		log_lines "insmod xts"
		return
	fi
	pass "$drv registered, selftest : passed after $(elapsed "$T0") s"
	log_lines "insmod xts"
	check $([ "$drv" = "$prefix$want" ]; echo $?) \
		"xts family: default implementation is the widest usable one: $drv (usable: $(usable_impls xts))" \
		"xts family: default driver $drv, want $prefix$want (usable: $(usable_impls xts))"
	check_refused xts "insmod xts"
	check_summary_line "insmod xts"
	check_load_line xts "insmod xts" present
	check_entry 'xts(aes)' "$drv" skcipher
	xts_policy "$drv"
	check_priority_policy 'xts(aes)' "$drv" xts "insmod xts"
	win=$(expected_winner 'xts(aes)' "$drv" xts "insmod xts")
	info "xts(aes) resolves, by priority, to $win"
	check_resolution 'xts(aes)' "$win"

	run_tool afalg_xts --kat 'xts(ecb(aes-generic))'	# the oracle (7.x: aes-lib)
	run_tool afalg_xts --badargs "$drv"
	xts_fuzz "$drv" "$XTS_N" "${drv#$prefix}"
	dmcrypt_check aes-xts-plain64 64 afalg_xts "$win"

	# --- the non-SIMD path ----------------------------------------
	if set_nosimd 1; then
		xts_fuzz "$drv" "$XTS_NOSIMD_N" nosimd
		set_nosimd 0
	fi
	rmmod_check "after the xts tests" || return

	# --- narrower implementations by max_tier -----------------------
	for t in $(usable_impls xts); do
		[ "$t" = "$want" ] && continue
		insmod_marked "xts max_tier=$t" max_tier=$t || continue
		if d=$(wait_alg_selftest 'xts(aes)' $prefix skcipher 30) && [ "$d" = "$prefix$t" ]; then
			pass "max_tier=$t: xts family: driver $d, selftest : passed"
			check_summary_line "xts max_tier=$t" $t
			xts_fuzz "$d" "$XTS_TIER_N" $t
		else
			fail "max_tier=$t: xts family: driver '${d:-none passed}', want $prefix$t"
			log_lines "xts max_tier=$t"
		fi
		rmmod "$OURS_NAME" || fail "rmmod after max_tier=$t"
	done
}
