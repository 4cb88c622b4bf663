# shellcheck shell=sh
# vm: cpu=max timeout=300 all=140 run=special
# cpubits (-cpu max with CPUID features removed; run.sh boots it once per
# set, vmtest.cpuoff=<their /proc/cpuinfo flags, comma-separated>): the
# virtual CPU really lacks them; the module loads; each family that needs one
# for its
# widest implementation takes a narrower one, or stays out with one line
# naming what the CPU lacks and none of its drivers registered; every other
# family registers as on -cpu max, self-tested.  An instruction run without
# its feature bit is an invalid-opcode oops inside module init: the host
# fails the boot on Oops or "alg: ... failed" in the kernel log.

# family $1 must be left out: one "not registered: the CPU lacks" line, and
# none of our drivers for the names $2 (cra_name words)
check_left_out() {
	_lo=$(dmesg_since "insmod cpubits" | grep "$OURS_NAME: $1: " | nots)
	check $(echo "$_lo" | grep -q 'not registered: the CPU lacks '; echo $?) \
		"$1 left out without $CPUOFF: $_lo" \
		"$1: want '$OURS_NAME: $1: ... not registered: the CPU lacks ...', got: $(echo "$_lo" | tr '\n' '|')"
	_ours=""
	for _an in $2; do
		_ours="$_ours$(crypto_list "$_an" | awk '$1 ~ /-aesnictr-/ { printf " %s", $1 }')"
	done
	check $([ -z "$_ours" ]; echo $?) "$1: none of our drivers registered" \
		"$1: registered on a CPU without $CPUOFF:$_ours"
}

# family $1 registered with implementation $2: every driver of the names $3
# ("cra_name:type:driver" words) self-tested
check_registered() {
	for _x in $3; do
		_an=${_x%%:*} _rest=${_x#*:}
		_d=$(wait_alg_selftest "$_an" "${_rest#*:}" "${_rest%%:*}" 30)
		check $? "$1 without $CPUOFF: ${_d:-${_rest#*:}} ($2) registered, selftest : passed" \
			"$1 without $CPUOFF: no ${_rest#*:} with selftest : passed ($(crypto_oneline "$_an"))"
	done
}

scenario_run() {
	scenario_begin
	_has_ours=$?
	esn_modules || fail "authenc/authencesn modules did not load"
	[ $_has_ours -eq 0 ] || return
	if [ -z "$CPUOFF" ]; then
		fail "no vmtest.cpuoff= on the command line: scenario misconfigured"
		return
	fi
	for _f in $(echo "$CPUOFF" | tr , ' '); do
		case "$(cpu_flags)" in
		*" $_f "*) fail "the virtual CPU has $_f: scenario misconfigured"; return ;;
		esac
	done
	pass "the virtual CPU lacks $CPUOFF ($(impls_summary usable_impls))"
	insmod_marked "insmod cpubits" || return
	pass "insmod $OURS_NAME on a CPU without $CPUOFF"
	log_lines "insmod cpubits"
	check_summary_line "insmod cpubits"
	for _fm in $FAMILIES; do
		_w=$(want_impl $_fm)
		_names=""
		for _x in $(family_algs $_fm); do _names="$_names ${_x%:*}"; done
		if [ -z "$_w" ]; then
			info "$_fm: the CPU lacks $(impl_missing $_fm avx)"
			check_left_out $_fm "$_names"
			continue
		fi
		_list=""
		for _x in $(family_algs $_fm); do
			_list="$_list ${_x%:*}:${_x##*:}:$(drv_name $_fm $_w "${_x%:*}")"
		done
		check_registered $_fm $_w "$_list"
	done
	check_load_lines "insmod cpubits" present
	rmmod_check "after the CPU feature checks"
}
