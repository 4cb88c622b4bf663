# shellcheck shell=sh
# vm: cpu=Haswell-v4 timeout=300 all=30
# avxonly (-cpu Haswell-v4: AES-NI, AVX, AVX2, no VAES): every family
# chooses avx by itself; fuzz of ctr(aes), gcm(aes) and rfc4106(gcm(aes)).

scenario_run() {
	scenario_begin || return
	for _fm in ctr gcm xts; do
		if [ "$(want_impl $_fm)" != avx ]; then
			fail "$_fm implementations '$(usable_impls $_fm)', want exactly avx: scenario misconfigured"
			return
		fi
	done
	insmod_marked "insmod avxonly" || return
	if d=$(wait_selftest ctr-aes-aesnictr- 30) && [ "$d" = ctr-aes-aesnictr-avx ]; then
		pass "ctr family: auto-detected implementation on an AES-NI+AVX CPU without VAES: $d"
		log_lines "insmod avxonly"
		check_summary_line "insmod avxonly"
		check_load_lines "insmod avxonly" present
		check_priority_policy 'ctr(aes)' "$d" ctr "insmod avxonly"
		run_tool afalg_fuzz "$d" "$TIER_N"
		covered_if $? ctr avx 'ctr(aes)'
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
		fail "gcm family: no $GDRV and $RDRV with selftest : passed (gcm(aes): $(crypto_oneline 'gcm(aes)'))"
	fi
	rmmod "$OURS_NAME" || fail "rmmod $OURS_NAME"
}
