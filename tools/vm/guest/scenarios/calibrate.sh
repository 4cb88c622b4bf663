# shellcheck shell=sh
# vm: cpu=max timeout=900 all=215
# calibrate (-cpu max): the load-time timing of ours against the stock
# driver (calibrate.c) for ctr, gcm and xts.  Emulated timings mean
# nothing, so calibrate_debug_pct fixes the ratio the rule sees while the
# timing itself runs in full: 150 (ours 1.5 times as fast) must put each
# timed family above the stock driver, "faster when timed at load"; 50
# below it, "slower when timed at load"; 100 (level, inside the rule's
# margin) leaves the measured tables to decide, with the same reason as
# calibrate=0.  Each load: /proc/crypto gains only ours (no cryptd, no
# template instance), the "timed against" line gives every ratio, the
# verdict and the time taken, and afterwards aesni_intel has no user left
# (every transform was freed).  Last, with aesni_intel hidden, nothing is
# timed but 7.x's mode code over the AES library: "no stock driver found"
# (7.x: above <mode>-aes-lib).

TIMED_FAMILIES="ctr gcm xts"

# the first algorithm of family $1
first_alg() { _f=$(family_algs "$1"); _f=${_f%% *}; echo "${_f%:*}"; }

# one load with calibrate_debug_pct=$2 since mark $1; $3: the verdict the
# timing line must give (above, below, table), $4: a text the family's
# load line must hold, or "-" for one that must not say "timed at load"
calib_load() {
	crypto_drivers >/tmp/drivers.before
	insmod_marked "$1" calibrate=1 calibrate_debug_pct=$2 || return 1
	wait_families 60
	log_lines "$1"
	check_no_new_instances
	check_load_lines "$1" present
	for _fm in $TIMED_FAMILIES; do
		[ -n "$(want_impl $_fm)" ] || continue
		_an=$(first_alg $_fm)
		_t=$(ours_line "$1" "$_an: " | grep ' timed against ')
		_ll=$(ours_line "$1" "$OURS_NAME: $_fm: " | grep ' as \*-aesnictr-')
		case "$_t" in
		*": $3 ("*" us)")
			pass "$_fm: timed at calibrate_debug_pct=$2, verdict $3: ${_t#*: }"
			info "$_fm: load-time timing took $(echo "$_t" | sed -n 's/.*(\([0-9]*\) us)$/\1/p') us under emulation" ;;
		*) fail "$_fm: want a line '$_an: <impl> timed against <driver>: <ratios>; mean ..: $3 (N us)', got: ${_t:-none}" ;;
		esac
		if [ "$4" = - ]; then
			case "$_ll" in
			*"timed at load"*) fail "$_fm: inside the margin the tables decide, but: $_ll" ;;
			*) pass "$_fm: inside the margin the tables decide: ${_ll#*priority }" ;;
			esac
		else
			case "$_ll" in
			*"$4"*) pass "$_fm: the load line says \"$4\": ${_ll#*priority }" ;;
			*) fail "$_fm: the load line does not say \"$4\": $_ll" ;;
			esac
		fi
	done
	_v=$(ours_line "$1" "$OURS_NAME: version")
	case "$_v" in
	*"; timing at load on; "*) pass "the version line says the timing at load was on" ;;
	*) fail "the version line does not say 'timing at load on': ${_v:-none}" ;;
	esac
	_t=$(ours_line "$1" "$OURS_NAME: timing at load took")
	case "$_t" in
	*"took "[1-9]*" us in all") pass "the load logged the time all timing took: ${_t#*: }" ;;
	*) fail "no line 'timing at load took N us in all' (N > 0): ${_t:-none}" ;;
	esac
	rmmod_check "(calibrate_debug_pct=$2)"
	_rc=$(cat /sys/module/aesni_intel/refcnt 2>/dev/null)
	check $([ "${_rc:-0}" = 0 ]; echo $?) "aesni_intel has no user after ours was timed against it and removed (refcnt ${_rc:-not loaded})" \
		"aesni_intel still has $_rc users after the timing: a transform was not freed"
}

scenario_run() {
	scenario_begin || return
	wait_stock_ctr 60 >/dev/null
	info "stock drivers: $(for _n in 'ctr(aes)' 'gcm(aes)' 'xts(aes)'; do crypto_list "$_n" | awk '{ printf "%s=%s ", $1, $3 }'; done)"
	calib_load "calibrate 150" 150 above "faster when timed at load"
	calib_load "calibrate 50" 50 below "slower when timed at load"
	calib_load "calibrate 100" 100 table -

	# --- no stock driver: nothing to time ------------------------------
	hide_stock
	check $? "aesni_intel hidden for the last load" "could not hide aesni_intel (refcnt $(cat /sys/module/aesni_intel/refcnt 2>/dev/null))" || return
	crypto_drivers >/tmp/drivers.before
	insmod_marked "calibrate nostock" calibrate=1 calibrate_debug_pct=150 || return
	wait_families 60
	check_no_new_instances
	check_load_lines "calibrate nostock" absent
	# (7.x's own mode code over the AES library stays: timed against it)
	_t=$(dmesg_since "calibrate nostock" | grep "$OURS_NAME: .* timed against " | grep -v -e '-aes-lib: ' | nots)
	check $([ -z "$_t" ]; echo $?) "no stock driver: nothing timed but 7.x's *-aes-lib" "timed with no stock driver: $_t"
	rmmod_check "(no stock driver)"
}
