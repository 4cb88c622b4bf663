# shellcheck shell=sh
# vm: cpu=max timeout=900 all=240
# cmac (-cpu max, 2 vCPUs; the cmac and xcbc families): the shashes
# cmac(aes) and xcbc(aes), drivers cmac-aes-aesnictr-avx and
# xcbc-aes-aesnictr-avx (AES-NI + AVX; the stock code is the cmac/xcbc
# template over aes-aesni on 6.x, cmac-aes-lib/xcbc-aes-lib on 7.x):
# self-test, flags, load and summary lines, priority above the stock entry
# (made before the insmod), resolution of both names; known answers (RFC
# 4493 / SP 800-38B, RFC 3566) on the oracle and ours; bad keys; AF_ALG
# differential fuzz against the kernel's code over the generic cipher
# (CMAC_N per name, both at once; with the SMB way: a new key then one
# message on one tfm), then CMAC_NOSIMD_N with debug_force_nosimd=1; IPsec
# ESP cbc(aes) + auth-trunc xcbc(aes) / cmac(aes) 96 between two network
# namespaces, the authenc template over our driver; the module unloads.

MAC_NAMES="cmac(aes) xcbc(aes)"

# the highest-priority entry of cra_name $1 that is not ours: "driver prio"
stock_entry() {
	crypto_list "$1" | awk '$1 !~ /aesnictr/ && $3 + 0 >= b { b = $3 + 0; d = $1 } END { if (d != "") print d, b }'
}

# both fuzzers at once, $1 = implementation for the COVERED lines, $2 cases each
mac_fuzz_pair() {
	bg_tool cmac "" afalg_mac "$CDRV" "$2"
	bg_tool xcbc "" afalg_mac "$XDRV" "$2"
	bg_wait
	# (bg_wait sets BG_RC_<name>)
	# shellcheck disable=SC2154
	{ covered_if "$BG_RC_cmac" cmac "$1" 'cmac(aes)'; covered_if "$BG_RC_xcbc" xcbc "$1" 'xcbc(aes)'; }
}

# a kprobe on the C CBC-MAC chain (every setkey, update and final on the
# non-SIMD path runs it; the assembly chain is notrace, no kprobe there),
# counted in tracefs's kprobe_profile: what shows which path the fuzz
# took; status 1 (and an info line) where kprobes are missing
KPM=/sys/kernel/tracing
mac_probes_on() {
	[ -e $KPM/kprobe_events ] || mount -t tracefs nodev $KPM 2>/dev/null
	if echo 'p:vmmac/chainc aesnictr_cmac_chain_c' >>$KPM/kprobe_events 2>/tmp/kpm.err &&
	   echo 1 >$KPM/events/vmmac/enable 2>>/tmp/kpm.err; then
		return 0
	fi
	info "no kprobe on aesnictr_cmac_chain_c ($(cat /tmp/kpm.err 2>/dev/null)): the paths are not counted"
	return 1
}
mac_hits() { awk -v e="$1" '$1 == e || $1 == "vmmac/" e { print $2; f = 1 } END { if (!f) print 0 }' $KPM/kprobe_profile 2>/dev/null; }
# a fuzz pair ($1 impl, $2 cases) with the C chain's calls counted: with
# $3 = c it must carry the fuzz, with $3 = avx it must never run
mac_fuzz_counted() {
	_c0=$(mac_hits chainc)
	mac_fuzz_pair "$1" "$2"
	[ "$_kp" = 1 ] || { skip "$1 fuzz: the CBC-MAC chain the requests took" "no kprobe here"; return; }
	_dc=$(($(mac_hits chainc) - _c0))
	case "$3" in
	c) check $([ $_dc -gt 0 ]; echo $?) \
		"$1 fuzz ran on the C chain: aesnictr_cmac_chain_c called $_dc times (kprobe)" \
		"$1 fuzz with debug_force_nosimd=1: aesnictr_cmac_chain_c never called (kprobe): not the non-SIMD path" ;;
	*) check $([ $_dc -eq 0 ]; echo $?) \
		"$1 fuzz ran on the SIMD path: aesnictr_cmac_chain_c never called (kprobe)" \
		"$1 fuzz (SIMD usable): aesnictr_cmac_chain_c called $_dc times (kprobe): requests went down the C path" ;;
	esac
}

# the fuzzer must notice a wrong MAC: our cmac(aes) against the xcbc oracle
mac_selfcheck() {
	afalg_mac --seed 7 --vs xcbc "$CDRV" 30 >/tmp/neg.out 2>&1
	_rc=$?
	check $([ $_rc -eq 1 ] && grep -q "^FAIL: fuzz $CDRV vs " /tmp/neg.out; echo $?) \
		"fuzzer self-check: $CDRV against the xcbc oracle is reported ($(grep -c '^FAIL: fuzz ' /tmp/neg.out) mismatches shown)" \
		"fuzzer self-check: $CDRV against the xcbc oracle was not reported as wrong (status $_rc): $(tail -1 /tmp/neg.out)"
}

# the known answers on both our drivers
mac_kats() {
	run_tool afalg_mac --kat "$CDRV"
	run_tool afalg_mac --kat "$XDRV"
}

scenario_run() {
	_st0=$(now)
	scenario_begin
	_has_ours=$?
	need_modules algif_hash cmac xcbc &&
		pass "stock modules loaded (algif_hash cmac xcbc, and those of main)"
	[ $_has_ours -eq 0 ] || return
	wc=$(want_impl cmac)
	wx=$(want_impl xcbc)
	report_uncovered cmac
	report_uncovered xcbc
	[ -n "$wc" ] && [ -n "$wx" ] || { fail "the cmac/xcbc families cannot run on this CPU ($(impl_missing cmac avx) missing): scenario misconfigured"; return; }
	CDRV=$(drv_name cmac "$wc" 'cmac(aes)')
	XDRV=$(drv_name xcbc "$wx" 'xcbc(aes)')

	# --- the stock entries (by name, before the insmod) ---------------
	for _n in $MAC_NAMES; do
		afalg_mac --hold "$_n" 0 >/dev/null 2>&1 || info "could not instantiate the stock $_n"
		info "stock $_n: $(crypto_list "$_n" | awk '{ printf "%s(%s) ", $1, $3 }')"
		echo "$_n $(stock_entry "$_n")" >>/tmp/mac.stock
	done

	# --- load, self-tests, flags, priority, resolution ---------------
	crypto_drivers >/tmp/drivers.before
	insmod_marked "insmod cmac" || return
	check_selftests 60 "cmac(aes) $CDRV shash" "xcbc(aes) $XDRV shash"
	_ok=$?
	log_lines "insmod cmac"
	[ $_ok -eq 0 ] || return
	check_load_line cmac "insmod cmac" present
	check_load_line xcbc "insmod cmac" present
	check_summary_line "insmod cmac"
	check_no_new_instances
	for _a in "cmac(aes) $CDRV" "xcbc(aes) $XDRV"; do
		set -- $_a
		check_entry "$1" "$2" shash
		check_priority_of "$1" "$2"
		# above the stock entry the name gave before the insmod
		_se=$(awk -v n="$1" '$1 == n { print $2, $3 }' /tmp/mac.stock)
		_p=$(alg_prio "$1" "$2")
		set -- "$1" "$2" $_se
		_now=$(alg_prio "$1" "${3:-none}")
		check $([ -n "${3:-}" ] && [ "${_p:-0}" -gt "${4:-0}" ]; echo $?) \
			"$2 (priority $_p) is above the stock $3 (priority $4) the name $1 gave before the insmod ($([ -n "$_now" ] && echo "still listed at $_now" || echo "no longer listed once ours registered"))" \
			"$2 (priority ${_p:-?}) vs the stock entry '${3:-none}' the name gave before the insmod (priority ${4:-?})"
		check_resolution "$1" "$2"
	done

	# --- known answers (oracle and ours), bad keys, fuzz, non-SIMD -----
	for _k in cmac xcbc; do
		if _o=$(afalg_mac --oracle $_k); then
			info "$_k oracle: $_o"
			run_tool afalg_mac --kat "$_o"
			run_tool afalg_mac --badkeys "$_o"
		else
			fail "$_k: no oracle ($_k-aes-lib or $_k(aes-generic)) can be bound"
		fi
	done
	mac_kats
	run_tool afalg_mac --badkeys "$CDRV"
	run_tool afalg_mac --badkeys "$XDRV"
	mac_selfcheck
	_kp=0
	mac_probes_on && _kp=1
	_tf=$(now)
	mac_fuzz_counted "$wc" "$CMAC_N" avx
	info "cmac: fuzz of 2 names x $CMAC_N cases (+ a quarter SMB-style): $(elapsed "$_tf") s"
	if set_nosimd 1; then
		_tf=$(now)
		mac_fuzz_counted nosimd "$CMAC_NOSIMD_N" c
		mac_kats
		set_nosimd 0
		info "cmac: debug_force_nosimd=1: fuzz of 2 names x $CMAC_NOSIMD_N cases and the known answers: $(elapsed "$_tf") s"
	fi

	# --- IPsec ESP cbc(aes) + xcbc(aes) / cmac(aes), the authenc template
	# over our driver ---------------------------------------------------
	_tf=$(now)
	ipsec_test 128 "$XDRV" "" xcbc
	ipsec_test 256 "$CDRV" "" cmac
	if set_nosimd 1; then
		ipsec_test 128 "$XDRV" "debug_force_nosimd=1" xcbc
		set_nosimd 0
	fi
	info "cmac: IPsec runs $(elapsed "$_tf") s"
	if [ "$_kp" = 1 ]; then
		echo 0 >$KPM/events/vmmac/enable 2>/dev/null
		echo '-:vmmac/chainc' >>$KPM/kprobe_events 2>/dev/null
	fi

	# --- no user left: the module unloads -----------------------------
	poll 50 rmmod "$OURS_NAME" || true
	if ours_loaded; then
		rmmod_check "after the AF_ALG and IPsec users of cmac and xcbc are gone"
	else
		pass "rmmod $OURS_NAME after the AF_ALG and IPsec users of cmac and xcbc are gone"
	fi
	[ -z "$(ours_driver 'cmac(aes)')$(ours_driver 'xcbc(aes)')" ] ||
		fail "/proc/crypto still lists our cmac/xcbc drivers after rmmod"
	info "cmac scenario wall time: $(elapsed "$_st0") s (emulated guest; CMAC_N=$CMAC_N, CMAC_NOSIMD_N=$CMAC_NOSIMD_N, IPSEC_BYTES=$IPSEC_BYTES)"
}
