# shellcheck shell=sh
# vm: cpu=max timeout=600 all=160
# ccm (-cpu max, 2 vCPUs; the ccm family): ccm(aes) and rfc4309(ccm(aes)),
# drivers ccm-aes-aesnictr-avx and rfc4309-ccm-aes-aesnictr-avx (AES-NI +
# AVX; the kernel has no x86 CCM: otherwise the template
# ccm_base(ctr(aes), cbcmac(aes))): self-test, flags, load and summary
# lines, priority above the template instance (made before the insmod),
# resolution of both names; known answers (SP 800-38C, ESP vectors);
# AF_ALG differential fuzz against the template over the generic cipher
# (CCM_N per name, both at once), then CCM_NOSIMD_N with debug_force_nosimd=1
# and half as many with it switched at random; IPsec ESP rfc4309(ccm(aes))
# with a 128-bit ICV (AES-128, AES-256, and AES-128 with the non-SIMD path
# forced) between two network namespaces, the SAs of both on our driver;
# the module unloads at the end.

CCM_NAMES="ccm(aes) rfc4309(ccm(aes))"

# the highest-priority entry of cra_name $1 that is not ours: "driver prio"
template_instance() {
	crypto_list "$1" | awk '$1 !~ /aesnictr/ && $3 + 0 >= b { b = $3 + 0; d = $1 } END { if (d != "") print d, b }'
}

# two fuzz runs at once, $1 = implementation for the COVERED lines (empty:
# none), $2 = cases per name, more options after
ccm_fuzz_pair() {
	_cv=$1 _n=$2
	shift 2
	bg_tool ccm "" afalg_ccm "$@" ccm "$CDRV" "$_n"
	bg_tool rfc "" afalg_ccm "$@" rfc4309 "$QDRV" "$_n"
	bg_wait
	[ -z "$_cv" ] && return
	# (bg_wait sets BG_RC_<name>)
	# shellcheck disable=SC2154
	{ covered_if "$BG_RC_ccm" ccm "$_cv" 'ccm(aes)'; covered_if "$BG_RC_rfc" ccm "$_cv" 'rfc4309(ccm(aes))'; }
}

scenario_run() {
	_st0=$(now)
	scenario_begin
	_has_ours=$?
	need_modules algif_aead ccm seqiv &&
		pass "stock modules loaded (algif_aead ccm seqiv, and those of main)"
	[ $_has_ours -eq 0 ] || return
	wc=$(want_impl ccm)
	report_uncovered ccm
	[ -n "$wc" ] || { fail "the ccm family cannot run on this CPU ($(impl_missing ccm avx) missing): scenario misconfigured"; return; }
	CDRV=$(drv_name ccm "$wc" 'ccm(aes)')
	QDRV=$(drv_name ccm "$wc" 'rfc4309(ccm(aes))')

	# --- the template instances (by name, before the insmod) -----------
	for _n in $CCM_NAMES; do
		afalg_ccm --hold "$_n" 0 >/dev/null 2>&1 || info "could not instantiate the stock $_n"
		info "stock $_n: $(crypto_list "$_n" | awk '{ printf "%s(%s) ", $1, $3 }')"
		echo "$_n $(template_instance "$_n")" >>/tmp/ccm.stock
	done

	# --- load, self-tests, flags, priority, resolution ---------------
	insmod_marked "insmod ccm" || return
	check_selftests 60 "ccm(aes) $CDRV" "rfc4309(ccm(aes)) $QDRV"
	_ok=$?
	log_lines "insmod ccm"
	[ $_ok -eq 0 ] || return
	check_load_line ccm "insmod ccm" present
	check_summary_line "insmod ccm"
	for _a in "ccm(aes) $CDRV" "rfc4309(ccm(aes)) $QDRV"; do
		set -- $_a
		check_entry "$1" "$2" aead
		check_priority_of "$1" "$2"
		# above the template instance the name gave before the insmod
		# (registering ours removes the unused instances: the crypto API
		# drops the spawns of a name's lower-priority entries)
		_ti=$(awk -v n="$1" '$1 == n { print $2, $3 }' /tmp/ccm.stock)
		_p=$(alg_prio "$1" "$2")
		set -- "$1" "$2" $_ti
		_now=$(alg_prio "$1" "${3:-none}")
		check $([ -n "${3:-}" ] && [ "${_p:-0}" -gt "${4:-0}" ]; echo $?) \
			"$2 (priority $_p) is above the template instance $3 (priority $4) the name $1 gave before the insmod ($([ -n "$_now" ] && echo "still listed at $_now" || echo "no longer listed once ours registered"))" \
			"$2 (priority ${_p:-?}) vs the template instance '${3:-none}' the name gave before the insmod (priority ${4:-?})"
		check_resolution "$1" "$2"
	done

	# --- known answers, differential fuzz, the non-SIMD path ----------
	run_tool afalg_ccm --kat ccm "$CDRV"
	run_tool afalg_ccm --kat rfc4309 "$QDRV"
	_tf=$(now)
	ccm_fuzz_pair "$wc" "$CCM_N"
	info "ccm: fuzz of 2 names x $CCM_N cases: $(elapsed "$_tf") s"
	if set_nosimd 1; then
		_tf=$(now)
		ccm_fuzz_pair nosimd "$CCM_NOSIMD_N"
		run_tool afalg_ccm --kat ccm "$CDRV"
		run_tool afalg_ccm --kat rfc4309 "$QDRV"
		set_nosimd 0
		info "ccm: debug_force_nosimd=1: fuzz of 2 names x $CCM_NOSIMD_N cases and the known answers: $(elapsed "$_tf") s"
	fi
	ccm_fuzz_pair "" $((CCM_NOSIMD_N / 2)) --nosimd-param "$NOSIMD_P"

	# --- IPsec ESP rfc4309(ccm(aes)), both namespaces on ours ---------
	_tf=$(now)
	_nsr0=$(cat "/sys/module/$OURS_NAME/parameters/nonsimd_requests" 2>/dev/null)
	ipsec_test 128 "$QDRV" "" rfc4309
	ipsec_test 256 "$QDRV" "" rfc4309
	if set_nosimd 1; then
		ipsec_test 128 "$QDRV" "debug_force_nosimd=1 (SAs keyed and all packets processed on the non-SIMD path; receive runs in softirq)" rfc4309
		set_nosimd 0
	fi
	info "ccm: IPsec runs $(elapsed "$_tf") s; nonsimd_requests (requests the kernel sent down the non-SIMD path unforced, for the record) $_nsr0 -> $(cat "/sys/module/$OURS_NAME/parameters/nonsimd_requests" 2>/dev/null)"

	# --- no user left: the module unloads -----------------------------
	poll 50 rmmod "$OURS_NAME" || true
	if ours_loaded; then
		rmmod_check "after the AF_ALG and IPsec users of ccm are gone"
	else
		pass "rmmod $OURS_NAME after the AF_ALG and IPsec users of ccm are gone"
	fi
	[ -z "$(ours_driver 'ccm(aes)')$(ours_driver 'rfc4309(ccm(aes))')" ] ||
		fail "/proc/crypto still lists our ccm drivers after rmmod"
	info "ccm scenario wall time: $(elapsed "$_st0") s (emulated guest; CCM_N=$CCM_N, CCM_NOSIMD_N=$CCM_NOSIMD_N, IPSEC_BYTES=$IPSEC_BYTES)"
}
