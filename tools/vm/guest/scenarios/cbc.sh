# shellcheck shell=sh
# vm: cpu=max timeout=600 all=230
# cbc (-cpu max, 2 vCPUs; the cbc and cts families): cbc(aes) and
# cts(cbc(aes)), drivers cbc-aes-aesnictr-<impl> and
# cts-cbc-aes-aesnictr-<impl>: self-tests (the module's and the crypto
# manager's), flags, summary and load lines, cbc's priority held at 410
# (above the stock 400, below what the authenc template would make of
# ours), cts's as the policy says, resolution, SP 800-38A and RFC
# 3962 vectors, bad arguments, differential fuzz against
# cbc(aes-generic) / cts(cbc(aes-generic)) for each implementation and the
# forced non-SIMD path, dm-crypt aes-cbc-essiv:sha256 (512 and 4096-byte
# sectors), LUKS1, fscrypt's names and contents on ext4 round-tripped
# with the kernel's own code (fscrypt_test), and the priority trap: authenc(hmac(sha256),cbc(aes))
# stays with our stitched authenc driver even once a template instance over
# our cbc exists, and with authenc disabled goes to that instance.
# (cbc_trap, cbc_template_only, luks1_test, fscrypt_test: users.sh)

CBC='cbc(aes)'
CTS='cts(cbc(aes))'

# cbc's policy: ours at exactly 410, above the stock cbc(aes) drivers (400;
# 7.3's cbc-aes-lib 110); $1 = name, $2 = our driver
cbc_policy() {
	_mine=$(alg_prio "$1" "$2")
	_sd=$(crypto_list "$1" | awk -v m="$OURS_NAME" '$2 != m && $6 == "skcipher" && $3 > p { p = $3; d = $1 } END { print d }')
	_sp=$(alg_prio "$1" "$_sd")
	check $([ "$_mine" = $PRIO_TEMPLATE_BASE ] && [ "${_sp:-0}" -lt $PRIO_TEMPLATE_BASE ]; echo $?) \
		"cbc policy on $KVER: $2 at priority $PRIO_TEMPLATE_BASE, above the best other $1 ${_sd:-none} (${_sp:-})" \
		"cbc policy on $KVER: $2 at priority ${_mine:-?}, want $PRIO_TEMPLATE_BASE above ${_sd:-none} (${_sp:-?})"
}

# fuzz both names at once (one per vCPU), $1 = implementation (its
# drivers), $2 cases each, $3 = the COVERED implementation
cbc_fuzz_pair() {
	bg_tool cbc "" afalg_cbc "cbc-aes-aesnictr-$1" "$2"
	bg_tool cts "" afalg_cbc "cts-cbc-aes-aesnictr-$1" "$2"
	bg_wait
	covered_if $BG_RC_cbc cbc "$3" "$CBC"
	covered_if $BG_RC_cts cts "$3" "$CTS"
}

# the fuzzer must notice a wrong cipher: the stock ctr(aes) driver has
# cbc's key and IV sizes, so every case of whole blocks differs
cbc_selfcheck() {
	_x=$(stock_driver 'ctr(aes)' skcipher)
	if [ -z "$_x" ]; then
		skip "cbc fuzzer self-check (a wrong cipher is reported)" "no stock ctr(aes) driver"
		return
	fi
	afalg_cbc --seed 7 "$_x" 30 >/tmp/neg.out 2>&1
	_rc=$?
	check $([ $_rc -eq 1 ] && grep -q "^FAIL: cbc fuzz $_x vs " /tmp/neg.out; echo $?) \
		"cbc fuzzer self-check: it reports a wrong cipher ($_x posing as cbc(aes)): $(grep -c 'first mismatch' /tmp/neg.out) mismatches shown" \
		"cbc fuzzer self-check: $_x was not reported as wrong (status $_rc): $(tail -1 /tmp/neg.out)"
}

# both drivers of implementation $1 with selftest : passed (status)
cbc_selftests() {
	check_selftests 30 "$CBC cbc-aes-aesnictr-$1 skcipher" "$CTS cts-cbc-aes-aesnictr-$1 skcipher"
}

scenario_run() {
	scenario_begin
	_has_ours=$?
	need_modules cbc cts ecb essiv algif_skcipher algif_hash sha256_generic ||
		fail "modprobe of the oracles' templates failed"
	authenc_modules || fail "authenc modules did not load"
	[ $_has_ours -eq 0 ] || return
	want=$(want_impl cbc)
	report_uncovered cbc
	report_uncovered cts
	[ -n "$want" ] || { fail "the cbc family cannot run on this CPU: scenario misconfigured"; return; }
	drv=cbc-aes-aesnictr-$want
	cdrv=cts-cbc-aes-aesnictr-$want
	poll 300 stock_driver "$CBC" skcipher
	info "stock $CBC: $(crypto_list "$CBC" | awk '{ printf "%s=%s ", $1, $3 }'); $CTS: $(crypto_list "$CTS" | awk '{ printf "%s=%s ", $1, $3 }')"

	# --- load, self-tests, lines, flags, priority, resolution ---------
	crypto_drivers >/tmp/drivers.before
	insmod_marked "insmod cbc" || return
	cbc_selftests "$want"
	_ok=$?
	log_lines "insmod cbc"
	[ $_ok -eq 0 ] || return
	check_no_new_instances
	check $([ "$(ours_driver "$CBC") $(ours_driver "$CTS")" = "$drv $cdrv" ]; echo $?) \
		"cbc family: default implementation is the widest usable one: $drv, $cdrv (usable: $(usable_impls cbc))" \
		"cbc family: drivers '$(ours_driver "$CBC")' '$(ours_driver "$CTS")', want $drv $cdrv (usable: $(usable_impls cbc))"
	check_refused cbc "insmod cbc"
	check_summary_line "insmod cbc"
	check_load_line cbc "insmod cbc" present
	check_load_line cts "insmod cbc" present
	check_entry "$CBC" "$drv" skcipher
	cbc_policy "$CBC" "$drv"
	check_priority_of "$CBC" "$drv"
	check_resolution "$CBC" "$drv"
	check_entry "$CTS" "$cdrv" skcipher
	check_priority_policy "$CTS" "$cdrv" cts "insmod cbc"
	check_resolution "$CTS" "$(expected_winner "$CTS" "$cdrv" cts "insmod cbc")"

	# --- the priority trap: our stitched authenc stays first ----------
	cbc_trap "$drv"

	# --- known answers, bad arguments, differential fuzz --------------
	for _n in 'cbc(aes-generic)' 'cts(cbc(aes-generic))' "$drv" "$cdrv"; do
		run_tool afalg_cbc --kat "$_n"
	done
	run_tool afalg_cbc --badargs "$drv"
	run_tool afalg_cbc --badargs "$cdrv"
	cbc_fuzz_pair "$want" "$CBC_N" "$want"
	cbc_selfcheck

	# --- the kernel's users: dm-crypt with ESSIV, LUKS1 ----------------
	dmcrypt_check aes-cbc-essiv:sha256 32 afalg_cbc "$drv"
	luks1_test "$drv"

	# --- the non-SIMD path --------------------------------------------
	if set_nosimd 1; then
		cbc_fuzz_pair "$want" "$CBC_NOSIMD_N" nosimd
		run_tool afalg_cbc --kat "$drv"
		run_tool afalg_cbc --kat "$cdrv"
		set_nosimd 0
	fi
	rmmod_check "after the cbc tests" || return

	# --- narrower implementations by max_tier -------------------------
	for t in $(usable_impls cbc); do
		[ "$t" = "$want" ] && continue
		insmod_marked "cbc max_tier=$t" max_tier=$t || continue
		if cbc_selftests "$t"; then
			check_summary_line "cbc max_tier=$t" $t
			check_load_line cbc "cbc max_tier=$t" present
			check_load_line cts "cbc max_tier=$t" present
			cbc_fuzz_pair "$t" "$CBC_TIER_N" "$t"
		else
			log_lines "cbc max_tier=$t"
		fi
		rmmod "$OURS_NAME" || fail "rmmod after max_tier=$t"
	done

	# --- authenc disabled: the template over our cbc is welcome --------
	insmod_marked "cbc disable authenc" disable=authenc || return
	if cbc_selftests "$want"; then
		log_lines "cbc disable authenc"
		check_load_line cbc "cbc disable authenc" present
		cbc_template_only "$drv"
	fi
	rmmod_check "(disable=authenc)" || return

	# --- fscrypt's names: ours against the kernel's code, both ways ---
	fscrypt_test "$want"
}
