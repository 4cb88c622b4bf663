# shellcheck shell=sh
# vm: cpu=max cpuvar=VM_DEMO_CPU timeout=600
# demo (make run, tools/run-demo.sh; -cpu max): function only, and cheap:
# the module loads, every family's drivers pass the kernel's self-tests,
# each algorithm name resolves to the driver the priority policy says (ours,
# or the stock one the module stays below on this CPU class), and one round
# trip each through AF_ALG (known answers, or a short differential run
# against the generic code), dm-crypt (aes-xts-plain64, LUKS's default, on a
# RAM disk, checked against the generic code) and IPsec ESP between two
# network namespaces (rfc4106(gcm(aes)), and cbc(aes) + hmac(sha256)).
# Nothing here is timed: under TCG a time says nothing about speed.
# Besides the KTAP lines, "DEMO: <text>" lines for the host to show (no
# timing in them); a round trip's line says FAILED if any of its checks did.

demo() { out "DEMO: $*"; }
# demo_since N TEXT: TEXT, or TEXT with FAILED before it if a check failed
# since the failure count was N
demo_since() {
	if [ "$NFAIL" -eq "$1" ]; then demo "$2"; else demo "FAILED: $2"; fi
}

scenario_run() {
	scenario_begin || return
	need_modules algif_aead gcm ghash_generic seqiv xts || return
	authenc_modules || return
	MARK="insmod demo"
	insmod_marked "$MARK" || { demo "FAILED: insmod: $INSMOD_ERR"; return; }
	_v=$(ours_line "$MARK" "$OURS_NAME: version")
	pass "insmod $OURS_NAME: ${_v:-no version line}"
	demo "loaded: ${_v:-$OURS_NAME (no version line)}"
	_f=$NFAIL
	wait_families 60
	check_load_lines "$MARK" present
	log_lines "$MARK"
	[ "$NFAIL" -eq "$_f" ] || { demo "FAILED: a family did not register or pass its self-tests (see the guest log)"; return; }

	# --- every name: self-test passed, priority as the policy says, and
	# what a user allocating it by name gets ---------------------------
	for _fm in $FAMILIES; do
		_w=$(want_impl "$_fm")
		[ -n "$_w" ] || { demo "family $_fm: not on this virtual CPU ($(impl_missing "$_fm" avx) missing)"; continue; }
		for _a in $(family_algs "$_fm"); do
			_n=${_a%:*}
			_d=$(drv_name "$_fm" "$_w" "$_n")
			_win=$(expected_winner "$_n" "$_d" "$_fm" "$MARK")
			_f=$NFAIL
			check_priority_policy "$_n" "$_d" "$_fm" "$MARK"
			check_resolution "$_n" "$_win"
			if [ "$_win" = "$_d" ]; then
				demo_since "$_f" "name $_n -> $_d (ours, priority $(alg_prio "$_n" "$_d"), selftest passed)"
			else
				demo_since "$_f" "name $_n -> $_win (stock, priority $(alg_prio "$_n" "$_win")): ours, $_d (selftest passed), registered one below it: $(yielded "$_fm" "$MARK" | sed 's/.*(priority [0-9]*: //; s/)$//')"
			fi
			# the drivers the round trips below use
			case "$_n" in
			'ctr(aes)') CDRV=$_d CWIN=$_win ;;
			'gcm(aes)') GDRV=$_d ;;
			'rfc4106(gcm(aes))') RDRV=$_d RWIN=$_win ;;
			'xts(aes)') XDRV=$_d XWIN=$_win ;;
			"$AUTHENC_SHA1") ADRV1=$_d ;;
			"$AUTHENC_SHA256") ADRV256=$_d AWIN256=$_win ;;
			'ccm(aes)') CCDRV=$_d ;;
			'rfc4309(ccm(aes))') CQDRV=$_d ;;
			esac
		done
	done

	# --- AF_ALG: our drivers by their driver names ---------------------
	_f=$NFAIL
	[ -z "${CDRV:-}" ] || run_tool afalg_fuzz --kat "$CDRV"
	[ -z "${GDRV:-}" ] || run_tool afalg_aead --kat gcm "$GDRV"
	[ -z "${RDRV:-}" ] || run_tool afalg_aead --kat rfc4106 "$RDRV"
	[ -z "${XDRV:-}" ] || run_tool afalg_xts --kat "$XDRV"
	[ -z "${CCDRV:-}" ] || run_tool afalg_ccm --kat ccm "$CCDRV"
	[ -z "${CQDRV:-}" ] || run_tool afalg_ccm --kat rfc4309 "$CQDRV"
	demo_since "$_f" "AF_ALG: known-answer vectors (SP 800-38A, the GCM spec, IEEE 1619, SP 800-38C) encrypted and decrypted by ${CDRV:-} ${GDRV:-} ${RDRV:-} ${XDRV:-} ${CCDRV:-} ${CQDRV:-}"
	if [ -n "${ADRV1:-}" ]; then
		_f=$NFAIL
		run_tool afalg_authenc sha1 "$ADRV1" 200
		run_tool afalg_authenc sha256 "$ADRV256" 200
		demo_since "$_f" "AF_ALG: 200 random messages each encrypted and decrypted by $ADRV1 and $ADRV256, equal to the generic template's"
	fi

	# --- dm-crypt: aes-xts-plain64 on a RAM disk -----------------------
	if [ -n "${XWIN:-}" ]; then
		_f=$NFAIL
		dmcrypt_check aes-xts-plain64 64 afalg_xts "$XWIN"
		demo_since "$_f" "dm-crypt aes-xts-plain64 (AES-256): 4 MiB written at 512- and 4096-byte sectors through $XWIN, on disk equal to the generic code's, read back equal"
	fi
	if [ -n "${CDRV:-}" ] && [ "${XWIN:-}" != "${XDRV:-}" ] && [ "$CWIN" = "$CDRV" ]; then
		# xts stays with the stock driver here: dm-crypt through ours too
		# (ctr's, where that name resolves to ours)
		_f=$NFAIL
		dmcrypt_check aes-ctr-plain64 32 afalg_fuzz "$CWIN"
		demo_since "$_f" "dm-crypt aes-ctr-plain64: 4 MiB written at 512- and 4096-byte sectors through $CWIN, on disk equal to the generic code's, read back equal"
	fi

	# --- IPsec ESP between two network namespaces ----------------------
	if [ -n "${RWIN:-}" ]; then
		_f=$NFAIL
		ipsec_test 128 "$RWIN"
		demo_since "$_f" "IPsec ESP rfc4106(gcm(aes)) AES-128: $IPSEC_BYTES bytes each way over TCP through seqiv($RWIN), every byte checked, no ESP error"
	fi
	if [ -n "${AWIN256:-}" ]; then
		_f=$NFAIL
		ipsec_test 128 "$AWIN256" "" sha256
		demo_since "$_f" "IPsec ESP cbc(aes) + hmac(sha256) AES-128: $IPSEC_BYTES bytes each way over TCP through echainiv($AWIN256), every byte checked, no ESP error"
	fi

	rmmod_check "after its users are gone"
}
