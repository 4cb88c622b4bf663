# shellcheck shell=sh
# vm: cpu=max timeout=300 all=70 run=special
# selftestfault (-cpu max): a test build (AESNICTR_SELFTEST_FAULT=1) that
# corrupts long outputs of every SIMD implementation: the load-time bulk
# comparison must refuse them all, with a line each, and the load must fail
# with ENODEV, leaving nothing in /proc/crypto.

scenario_run() {
	scenario_begin || return
	mark "insmod selftestfault"
	if ours_insmod; then
		fail "insmod of the AESNICTR_SELFTEST_FAULT=1 build succeeded"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"No such device"*) pass "insmod of the AESNICTR_SELFTEST_FAULT=1 build refused with ENODEV: $INSMOD_ERR" ;;
		*) fail "insmod of the AESNICTR_SELFTEST_FAULT=1 build refused, but not with ENODEV: $INSMOD_ERR" ;;
		esac
	fi
	log_lines "insmod selftestfault"
	dmesg_since "insmod selftestfault" | grep "$OURS_NAME:" | nots >/tmp/stf.log
	for _fm in $FAMILIES; do
		_ci=$(cpu_impls $_fm)
		[ -n "$_ci" ] || { skip "$_fm: self-test failures" "the virtual CPU has no $_fm implementation"; continue; }
		for _w in $_ci "no implementation passed its self-test"; do
			case "$_w" in
			no*) _want="$OURS_NAME: $_fm: $_w" ;;
			*) _want="$OURS_NAME: $_fm: self-test of $_w failed: bulk comparison" ;;
			esac
			check $(grep -q "$_want" /tmp/stf.log; echo $?) "$_fm: $(grep -m1 "$_want" /tmp/stf.log)" \
				"$_fm: no '${_want#$OURS_NAME: }' line"
		done
	done
	check_none_left "after the refused load"
	[ -e /sys/module/$OURS_NAME ] && fail "/sys/module/$OURS_NAME exists after the refused load"
}
