# shellcheck shell=sh
# vm: cpu=max timeout=900
# stock (-cpu max; /init runs it for main without a module under test,
# VM_MODULE=stock):
# the rig's self-test on the stock aesni_intel ctr(aes) driver: priority,
# resolution, known answers, fuzz, bad keys, the fuzzer's self-check,
# rmmod refused while in use, modprobe/rmmod cycles.

# main's helpers (kat_enc_tool, harness_selfcheck); this scenario_run
# replaces main's
. /vmtest/scenarios/main.sh

scenario_run() {
	scenario_begin
	_d=$(wait_stock_ctr 30)
	check $? "stock driver $_d: selftest passed" "no stock (aesni_intel) ctr(aes) driver reached selftest passed"
	drv=$(stock_driver 'ctr(aes)' skcipher)
	info "exercising the rig on the stock $drv (aesni_intel)"
	check_priority_of 'ctr(aes)' "$drv"
	check_resolution 'ctr(aes)' "$drv"
	kat_enc_tool
	run_tool afalg_fuzz --kat "$drv"
	run_tool afalg_fuzz "$drv" "$FUZZ_N"
	run_tool afalg_fuzz --badkeys "$drv"
	harness_selfcheck
	hold_start afalg_fuzz --hold "$drv" 300
	if _m=$(rmmod aesni_intel 2>&1); then
		fail "rmmod aesni_intel succeeded while a tfm was open"
		modprobe aesni_intel
	else
		pass "rmmod aesni_intel refused while an AF_ALG tfm is open ($_m)"
	fi
	hold_stop
	_m=$(rmmod aesni_intel 2>&1)
	check $? "rmmod aesni_intel after the holder exited" "rmmod aesni_intel after the holder exited: $_m"
	_i=1
	while [ $_i -le "$CYCLES" ]; do
		modprobe aesni_intel && [ "$(wait_stock_ctr 30)" = "$drv" ] && rmmod aesni_intel || break
		_i=$((_i + 1))
	done
	check $([ $_i -gt "$CYCLES" ]; echo $?) "$CYCLES modprobe/rmmod cycles of aesni_intel" \
		"aesni_intel load/unload cycle $_i failed"
}
