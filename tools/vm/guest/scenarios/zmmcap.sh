# shellcheck shell=sh
# vm: cpu=Icelake-Server,model=106 cpuvar=VM_ZMM_CPU timeout=300 all=110
# zmmcap (-cpu Icelake-Server,model=106): a CPU model that lowers its clock
# for 512-bit vectors (Ice Lake server, family 6 model 0x6a): the width cap
# defaults to vaes2, max_tier=vaes512 lifts it (TCG runs no AVX-512, so only
# the cap text is checked).

scenario_run() {
	info "cpu flags:$(cpu_flags)"
	scenario_begin || return
	_fam=$(grep -m1 '^cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	_mod=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	check $([ "$_fam" = 6 ] && [ "$_mod" = 106 ]; echo $?) \
		"virtual CPU is Intel family 6 model 106 (0x6a, Ice Lake server)" \
		"virtual CPU is family $_fam model $_mod, want 6 / 106 (0x6a): scenario misconfigured"
	for _args in "" "max_tier=vaes512"; do
		case "$_args" in
		"") _want="width cap vaes2: a CPU that slows down for 512-bit vectors; max_tier=vaes512 overrides" ;;
		*) _want="width cap vaes512: max_tier" ;;
		esac
		insmod_marked "zmmcap $_args" $_args || continue
		_l=$(ours_line "zmmcap $_args" "$OURS_NAME: version")
		case "$_l" in
		*"($_want)"*|*"($_want; "*) pass "insmod ${_args:-(no parameters)}: summary line says '$_want': $_l" ;;
		*) fail "insmod ${_args:-(no parameters)}: summary line '${_l:-none}', want '($_want)'" ;;
		esac
		log_lines "zmmcap $_args"
		rmmod "$OURS_NAME" || fail "rmmod after insmod ${_args:-(no parameters)}"
	done
}
