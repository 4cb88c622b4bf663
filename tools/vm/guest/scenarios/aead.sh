# shellcheck shell=sh
# vm: cpu=max timeout=900 all=20
# aead (-cpu max, 2 vCPUs; the gcm family): gcm(aes) and rfc4106(gcm(aes)):
# registration, flags, priority, resolution, known answers, differential
# fuzz, the fuzzer's self-check, argument checks, the non-SIMD path, and the
# kernel's own users: dm-crypt (LUKS2 --integrity aead) and IPsec ESP.
# Without a module under test: the same on the stock drivers.

# known answers, the fuzz pair ($1 = COVERED prefix), the injected-fault
# self-check, the argument checks, of $GDRV and $RDRV
aead_checks() {
	run_tool afalg_aead --kat gcm "$GDRV"
	run_tool afalg_aead --kat rfc4106 "$RDRV"
	aead_fuzz_pair "$1" "$AEAD_N"
	# the fuzzer's self-check: faults put into the driver's results are seen
	run_tool afalg_aead --inject gcm "$GDRV" 60
	run_tool afalg_aead --inject rfc4106 "$RDRV" 60
	run_tool afalg_aead --badargs gcm "$GDRV"
	run_tool afalg_aead --badargs rfc4106 "$RDRV"
}

# rig self-test: the same checks against the stock drivers
aead_stock() {
	GDRV=$(crypto_list 'gcm(aes)' | sort -k3 -n -r | awk '{ print $1; exit }')
	RDRV=$(crypto_list 'rfc4106(gcm(aes))' | sort -k3 -n -r | awk '{ print $1; exit }')
	info "no module under test: exercising the rig on the stock $GDRV and $RDRV"
	aead_checks ""
	luks_test ""
	ipsec_test 128 "" "stock"
}

scenario_run() {
	scenario_begin
	_has_ours=$?
	need_modules algif_aead gcm ghash_generic seqiv &&
		pass "stock modules loaded (algif_aead gcm ghash_generic seqiv, and those of main)"
	info "stock gcm(aes): $(crypto_list 'gcm(aes)' | awk '{ printf "%s(%s) ", $1, $3 }')"
	info "stock rfc4106(gcm(aes)): $(crypto_list 'rfc4106(gcm(aes))' | awk '{ printf "%s(%s) ", $1, $3 }')"
	[ $_has_ours -eq 0 ] || { aead_stock; return; }
	wg=$(want_impl gcm)
	wc=$(want_impl ctr)
	report_uncovered gcm
	[ -n "$wg" ] || { fail "the gcm family cannot run on this CPU ($(impl_missing gcm avx) missing): scenario misconfigured"; return; }
	GDRV=$(drv_name gcm $wg 'gcm(aes)')
	RDRV=$(drv_name gcm $wg 'rfc4106(gcm(aes))')

	# --- load, self-tests, flags, priority, resolution ---------------
	insmod_marked "insmod aead" || return
	check_selftests 30 "gcm(aes) $GDRV" "rfc4106(gcm(aes)) $RDRV" "ctr(aes) $(drv_name ctr $wc 'ctr(aes)') skcipher"
	_ok=$?
	log_lines "insmod aead"
	[ $_ok -eq 0 ] || return
	pass "families chose their implementations independently: ctr $wc, gcm $wg (usable: $(impls_summary usable_impls))"
	check_refused gcm "insmod aead"
	check_load_line gcm "insmod aead" present
	check_entry 'gcm(aes)' "$GDRV" aead
	check_entry 'rfc4106(gcm(aes))' "$RDRV" aead
	check_priority_policy 'gcm(aes)' "$GDRV" gcm "insmod aead"
	check_priority_policy 'rfc4106(gcm(aes))' "$RDRV" gcm "insmod aead"
	GWIN=$(expected_winner 'gcm(aes)' "$GDRV" gcm "insmod aead")
	RWIN=$(expected_winner 'rfc4106(gcm(aes))' "$RDRV" gcm "insmod aead")
	[ "$GWIN $RWIN" = "$GDRV $RDRV" ] ||
		info "the gcm family yielded to $GWIN / $RWIN: dm-crypt and IPsec below are expected to use those, not ours"
	check_resolution 'gcm(aes)' "$GWIN"
	check_resolution 'rfc4106(gcm(aes))' "$RWIN"

	# --- known answers, differential fuzz, arguments ------------------
	aead_checks "gcm $wg"

	# --- the non-SIMD path: switched at random between setkey and use --
	run_tool afalg_aead --nosimd-param "$NOSIMD_P" gcm "$GDRV" "$AEAD_NOSIMD_N"
	covered_if $? gcm nosimd 'gcm(aes)'
	run_tool afalg_aead --nosimd-param "$NOSIMD_P" rfc4106 "$RDRV" "$AEAD_NOSIMD_N"
	covered_if $? gcm nosimd 'rfc4106(gcm(aes))'
	if set_nosimd 1; then
		run_tool afalg_aead --kat gcm "$GDRV"
		run_tool afalg_aead --kat rfc4106 "$RDRV"
		set_nosimd 0
	fi

	# --- dm-crypt: LUKS2 with AEAD integrity --------------------------
	luks_test "$GWIN"

	# --- no user left: the module unloads, and loads again ------------
	rmmod_check "after the AF_ALG and dm-crypt users of its AEADs are gone" || return
	[ -z "$(ours_driver 'gcm(aes)')$(ours_driver 'rfc4106(gcm(aes))')" ] ||
		fail "/proc/crypto still lists our AEADs after rmmod"
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
