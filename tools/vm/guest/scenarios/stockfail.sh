# shellcheck shell=sh
# vm: cpu=max timeout=300 all=80 run=special
# stockfail (-cpu max): a stock driver that failed its own self-test is not
# something the kernel would use, so it must count as absent.  aesni_intel is
# hidden (hide_stock); the test-only stockfail_ctr.ko (tools/vm/stockfail/)
# registers a ctr(aes) named "ctr-aes-aesni", one of the stock drivers the
# ctr family looks up, that fails the crypto manager's test.  Then ours must
# load with every family, ctr at 1000 with "no stock driver found
# (ctr-aes-aesni failed its self-test)" (on 7.x "above ctr-aes-lib (110)",
# its generic mode code), and "ctr(aes)" resolve to ours.
# The host lets this boot's kernel log carry the crypto manager's report of
# that failure (its WARNING at testmgr.c and its "alg: ... failed" lines
# naming ctr-aes-aesni), and nothing else of the kind.

FAKE_KO=/lib/vmtest/stockfail_ctr.ko
FAKE_DRV=ctr-aes-aesni

# the fake is registered as ctr(aes) and not tested: "selftest : unknown"
fake_untested() {
	crypto_list 'ctr(aes)' | awk -v d=$FAKE_DRV '$1 == d && $5 != "passed" { f = 1 } END { exit !f }'
}

scenario_run() {
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	hide_stock
	check $? "aesni_intel hidden for this boot (modprobe aesni_intel fails)" \
		"could not hide aesni_intel (loaded: $([ -e /sys/module/aesni_intel ] && echo yes || echo no))"
	scenario_begin noaesni
	esn_modules -q
	need_modules -q algif_aead gcm ghash_generic seqiv xts ccm
	mark "insmod stockfail"
	_e=$(vminsmod "$FAKE_KO" 2>&1)
	check $? "insmod stockfail_ctr.ko (a ctr(aes) named $FAKE_DRV that fails its self-test)" \
		"insmod $FAKE_KO: $_e"
	poll 300 fake_untested
	check $? "$FAKE_DRV registered as ctr(aes), untested (the crypto manager failed it): $(crypto_oneline 'ctr(aes)')" \
		"$FAKE_DRV not registered as an untested ctr(aes): $(crypto_oneline 'ctr(aes)')"
	_al=$(dmesg_since "insmod stockfail" | grep -E "alg: .*$FAKE_DRV" | head -1 | nots)
	check $([ -n "$_al" ]; echo $?) "the crypto manager reported the failure: $_al" \
		"no 'alg: ... $FAKE_DRV ...' line in the kernel log"
	insmod_marked "insmod stockfail ours" || return
	pass "insmod $OURS_NAME beside a stock driver that failed its self-test"
	wait_families 30
	log_lines "insmod stockfail ours"
	check_summary_line "insmod stockfail ours"
	_ll=$(ours_line "insmod stockfail ours" "$OURS_NAME: ctr: ")
	case "$_ll" in
	*"(priority $PRIO_OURS: no stock driver found ($FAKE_DRV failed its self-test))")
		pass "ctr counts the failed $FAKE_DRV as absent: $_ll" ;;
	# 7.x: its generic ctr-aes-lib (crypto/aes.c) is what is left
	*"(priority $PRIO_OURS: above ctr-aes-lib (110))")
		pass "ctr counts the failed $FAKE_DRV as absent (7.x's generic ctr-aes-lib is left): $_ll" ;;
	*) fail "ctr load line '${_ll:-none}', want '... (priority $PRIO_OURS: no stock driver found ($FAKE_DRV failed its self-test))'" ;;
	esac
	_wl=$(ours_line "insmod stockfail ours" "the stock $FAKE_DRV failed its self-test")
	check $([ -n "$_wl" ]; echo $?) "the module says why: $_wl" \
		"no '$OURS_NAME: ... the stock $FAKE_DRV failed its self-test: not counted' line"
	_d=$(ours_driver 'ctr(aes)')
	check_resolution 'ctr(aes)' "$_d"
	rmmod_check "after the stockfail checks"
	rmmod stockfail_ctr
	check $? "rmmod stockfail_ctr" "rmmod stockfail_ctr failed"
}
