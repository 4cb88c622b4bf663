# shellcheck shell=sh
# vm: cpu=Westmere timeout=300 all=40 run=special
# nosupport (-cpu Westmere: AES-NI without AVX; -cpu qemu64: neither): the
# load must fail cleanly, with ENODEV, logged at info level (not as an
# error): at most one line per family left out and one for the refusal;
# nothing of ours left in /proc/crypto.

scenario_run() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), implementations by cpuid: $(impls_summary cpu_impls)"
	load_stock noaesni || fail "stock modules did not all load"
	need_modules -q aesni_intel || info "aesni_intel does not load on this CPU"
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	for _fm in $FAMILIES; do
		if [ -n "$(cpu_impls $_fm)" ]; then
			fail "this CPU model has $_fm implementation(s) '$(cpu_impls $_fm)': scenario misconfigured"
			return
		fi
	done
	mark "insmod unsupported"
	if ours_insmod; then
		fail "insmod $OURS_NAME succeeded on a CPU without AES-NI+AVX"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"No such device"*) pass "insmod refused with ENODEV: $INSMOD_ERR" ;;
		*) fail "insmod refused, but not with ENODEV: $INSMOD_ERR" ;;
		esac
	fi
	check_refusal_line "insmod unsupported" $((1 + $(echo $FAMILIES | wc -w))) info
	log_lines "insmod unsupported"
	check_none_left "after a refused load"
}
