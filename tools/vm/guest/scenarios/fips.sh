# shellcheck shell=sh
# vm: cpu=max timeout=300 all=50 run=special cmdline="fips=1"
# fips (fips=1): the unsigned module must refuse to load, with one log
# line, without a panic.

scenario_run() {
	info "kernel $(uname -r), fips_enabled=$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)"
	if [ "$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)" != 1 ]; then
		fail "fips_enabled is not 1: scenario misconfigured"
		return
	fi
	load_stock || info "not all stock modules loaded in FIPS mode"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	mark "insmod fips"
	if ours_insmod; then
		fail "insmod $OURS_NAME succeeded in FIPS mode (unsigned module)"
		rmmod "$OURS_NAME"
	else
		pass "insmod refused in FIPS mode: $INSMOD_ERR"
	fi
	check_refusal_line "insmod fips"
	log_lines "insmod fips"
	pass "no panic after the refused load in FIPS mode (kernel still running)"
}
