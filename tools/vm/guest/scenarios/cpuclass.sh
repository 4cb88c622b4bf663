# shellcheck shell=sh
# vm: cpu=max,vendor=AuthenticAMD,family=26,model=2 timeout=300 all=190 run=special
# cpuclass (-cpu max with another vendor/family/model, see run.sh): the
# virtual CPU is the one asked for (vmtest.cpuid=VENDOR:FAMILY:MODEL), the
# module loads, its version line names the CPU class (vmtest.cpuclass), and
# every family's load line is consistent; the host compares the priorities
# (PRIO lines) with those of the main boot.

scenario_run() {
	scenario_begin || return
	_v=$(grep -m1 '^vendor_id' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	_f=$(grep -m1 '^cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	_m=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
	check $([ "$_v:$_f:$_m" = "$CPUID" ]; echo $?) \
		"virtual CPU is $_v family $_f model $_m" \
		"virtual CPU is $_v family $_f model $_m, want $CPUID: scenario misconfigured"
	insmod_marked "insmod cpuclass" || return
	wait_families 30
	log_lines "insmod cpuclass"
	check_cpu_class "insmod cpuclass" "$CPUCLASS"
	check_summary_line "insmod cpuclass"
	check_load_lines "insmod cpuclass" present
	rmmod_check "after the cpu class checks"
}
