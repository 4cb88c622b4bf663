# shellcheck shell=sh
# vm: cpu=max timeout=900 all=120 then=nosha
# authenc (-cpu max, 2 vCPUs; the authenc family):
# authenc(hmac(sha1),cbc(aes)) and authenc(hmac(sha256),cbc(aes)), drivers
# authenc-hmac-sha*-cbc-aes-aesnictr-avx (AES-NI + SHA-NI): self-test,
# load line, flags, priority above the template instance, resolution,
# differential fuzz against authenc(hmac(sha*-generic),cbc(aes-generic)),
# the non-SIMD path (forced, and switched at random), LUKS2 with HMAC
# integrity, IPsec ESP cbc(aes) + hmac(sha256)/hmac(sha1).

scenario_run() {
	scenario_begin
	_has_ours=$?
	authenc_modules &&
		pass "stock modules loaded (algif_aead algif_hash authenc hmac cbc sha1 sha256 echainiv, and those of main)"
	[ $_has_ours -eq 0 ] || return
	wa=$(want_impl authenc)
	report_uncovered authenc
	[ -n "$wa" ] || { fail "the authenc family cannot run on this CPU ($(impl_missing authenc avx) missing): scenario misconfigured"; return; }
	ADRV1=$(drv_name authenc $wa "$AUTHENC_SHA1")
	ADRV256=$(drv_name authenc $wa "$AUTHENC_SHA256")
	# the stock template instances, for the priority comparison
	for _n in "$AUTHENC_SHA1" "$AUTHENC_SHA256"; do
		afalg_authenc --hold "$_n" 0 >/dev/null 2>&1 || info "could not instantiate the stock $_n"
		info "stock $_n: $(crypto_list "$_n" | awk '{ printf "%s(%s) ", $1, $3 }')"
	done

	# --- load, self-tests, flags, priority, resolution ---------------
	insmod_marked "insmod authenc" || return
	check_selftests 60 "$AUTHENC_SHA1 $ADRV1" "$AUTHENC_SHA256 $ADRV256"
	_ok=$?
	log_lines "insmod authenc"
	[ $_ok -eq 0 ] || return
	check_load_line authenc "insmod authenc" present
	check_summary_line "insmod authenc"
	for _a in "$AUTHENC_SHA1 $ADRV1" "$AUTHENC_SHA256 $ADRV256"; do
		set -- $_a
		check_entry "$1" "$2" aead
		check_priority_of "$1" "$2"
		check_resolution "$1" "$2"
	done

	# --- differential fuzz, the non-SIMD path (forced, then at random) --
	authenc_fuzz_pair "authenc $wa" "$AUTHENC_N"
	if set_nosimd 1; then
		authenc_fuzz_pair "authenc nosimd" "$AUTHENC_NOSIMD_N"
		set_nosimd 0
	fi
	authenc_fuzz_pair "" $((AUTHENC_NOSIMD_N / 2)) --nosimd-param "$NOSIMD_P"

	# --- dm-crypt: LUKS2 with HMAC integrity; IPsec ESP cbc(aes) + hmac --
	luks_test "$ADRV256" sha256
	luks_test "$ADRV1" sha1
	ipsec_test 128 "$ADRV256" "" sha256
	ipsec_test 256 "$ADRV1" "" sha1
	if set_nosimd 1; then
		ipsec_test 128 "$ADRV256" "debug_force_nosimd=1 (SAs keyed and all packets processed on the non-SIMD path; receive runs in softirq)" sha256
		set_nosimd 0
	fi

	# --- no user left: the module unloads -----------------------------
	rmmod_check "after the AF_ALG, dm-crypt and IPsec users of authenc are gone"
	[ -z "$(ours_driver "$AUTHENC_SHA1")$(ours_driver "$AUTHENC_SHA256")" ] ||
		fail "/proc/crypto still lists our authenc drivers after rmmod"
}
