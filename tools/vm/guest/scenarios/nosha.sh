# shellcheck shell=sh
# vm: cpu=max,sha-ni=off timeout=300 all=130
# nosha (-cpu max,sha-ni=off): ctr, gcm, xts and authenc-sha512 (AVX2, no
# SHA-NI needed) load, authenc (SHA-1, SHA-256) is left out with one line
# naming SHA-NI, and its names resolve to the kernel's template instances.

scenario_run() {
	scenario_begin
	_has_ours=$?
	authenc_modules || fail "authenc modules did not load"
	[ $_has_ours -eq 0 ] || return
	case "$(cpu_flags)" in
	*" sha_ni "*) fail "the CPU has sha_ni: scenario misconfigured"; return ;;
	*) pass "the virtual CPU has no SHA-NI (authenc: $(impl_missing authenc avx) missing)" ;;
	esac
	insmod_marked "insmod nosha" || return
	pass "insmod $OURS_NAME on a CPU without SHA-NI"
	for _fm in $FAMILIES; do
		[ $_fm != authenc ] || continue
		for _x in $(family_algs $_fm); do
			_an=${_x%:*}
			_d=$(drv_name $_fm "$(want_impl $_fm)" "$_an")
			wait_alg_selftest "$_an" "$_d" "${_x##*:}" 30 >/dev/null
			check $? "$_fm family without SHA-NI: $_d registered, selftest : passed" \
				"$_fm family without SHA-NI: no $_d with selftest : passed ($(crypto_oneline "$_an"))"
		done
	done
	log_lines "insmod nosha"
	check_summary_line "insmod nosha"
	dmesg_since "insmod nosha" | grep "$OURS_NAME: authenc:" | nots >/tmp/nosha.log
	check $([ "$(wc -l </tmp/nosha.log)" -eq 1 ] && grep -q 'SHA-NI' /tmp/nosha.log &&
		grep -q 'not registered' /tmp/nosha.log; echo $?) \
		"authenc left out in one line: $(cat /tmp/nosha.log)" \
		"want exactly one '$OURS_NAME: authenc: ... not registered: the CPU lacks SHA-NI' line, got: $(tr '\n' '|' </tmp/nosha.log)"
	check $(grep -Eq 'authenc(esn)?-hmac-sha(1|256)-.*aesnictr' /proc/crypto; [ $? -ne 0 ]; echo $?) \
		"no authenc[esn]-hmac-sha1/sha256-*-aesnictr-* in /proc/crypto" \
		"/proc/crypto lists our SHA-1/SHA-256 authenc drivers on a CPU without SHA-NI"
	for _n in "$AUTHENC_SHA256" "$AUTHENC_SHA1"; do
		if ! hold_start afalg_authenc --hold "$_n" 60; then
			hold_stop
			fail "\"$_n\": the AF_ALG user never held a tfm: $(head -1 /tmp/hold.out)"
			continue
		fi
		# the entry with the highest priority, and what the held tfm took
		_top=$(crypto_list "$_n" | sort -k3 -n -r | awk '{ print $1, $2, $4; exit }')
		hold_stop
		set -- $_top
		case "$1" in
		authenc\(*)
			check $([ "$2" != "$OURS_NAME" ] && [ "${3:-0}" -ge 1 ]; echo $?) \
				"\"$_n\" resolves to the stock template instance $1 (module $2, refcnt $3 while an AF_ALG tfm was held)" \
				"\"$_n\": top entry $1 (module $2, refcnt $3)" ;;
		*) fail "\"$_n\" does not resolve to the authenc template: top entry '${1:-none}' ($(crypto_oneline "$_n"); holder: $(head -1 /tmp/hold.out))" ;;
		esac
	done
	rmmod "$OURS_NAME" || fail "rmmod $OURS_NAME"
}
