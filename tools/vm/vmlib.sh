# shellcheck shell=bash
# vmlib.sh - sourced by run.sh and tcrypt-bench.sh (needs $root, the
# checkout's top directory).
#
# vm_kernel <kver>   sets VM_KDIR, VM_VMLINUZ and VM_MODROOT from
#                    tools/kernels.sh (the one list of the project's kernels:
#                    Debian 12's 6.1, the Debian 13 root's 6.12 and 7.3); on error
#                    prints why and returns 1
# VM_KLOG_BAD        the kernel-log pattern every boot is checked against
# vm_qemu_check      sets VM_QEMU (the binary: $VM_QEMU or qemu-system-x86_64)
#                    and VM_QEMU_VERSION; returns 1 with a message if it is
#                    missing or older than QEMU 10 (QEMU 7.2, Debian 12's own,
#                    computes 256-bit VAESENC wrongly and has no SHA-NI under
#                    TCG; tools/deps.sh installs 10.x from bookworm-backports)

VM_QEMU_MIN_MAJOR=10

# what a guest's kernel log must not have (grep -E; callers drop the
# expected lines first)
# shellcheck disable=SC2034	# used by the scripts that source this
VM_KLOG_BAD='\bWARNING\b|\bBUG\b|Oops|Call Trace|alg: .*failed|general protection fault|UBSAN|KASAN|Kernel panic|soft lockup|hung_task|RCU stall'

vm_kernel() {
	local line
	line=$("$root/tools/kernels.sh" list 2>/dev/null | awk -v k="$1" '$1 == k')
	if [ -z "$line" ]; then
		echo "no kernel $1 in tools/kernels.sh list (listed: $("$root/tools/kernels.sh" versions 2>/dev/null); Debian 13's need tools/trixie-root.sh first)"
		return 1
	fi
	# shellcheck disable=SC2086
	set -- $line
	VM_KDIR=$2 VM_VMLINUZ=$3 VM_MODROOT=$4
	[ -r "$VM_VMLINUZ" ] || { echo "kernel $1: image $VM_VMLINUZ not readable"; return 1; }
	[ -d "${VM_MODROOT%/}/lib/modules/$1" ] || { echo "kernel $1: no ${VM_MODROOT%/}/lib/modules/$1"; return 1; }
}

vm_qemu_check() {
	local major
	VM_QEMU=${VM_QEMU:-qemu-system-x86_64}
	if ! command -v "$VM_QEMU" >/dev/null; then
		echo "$VM_QEMU missing (tools/deps.sh installs qemu-system-x86 from bookworm-backports)"
		return 1
	fi
	VM_QEMU_VERSION=$("$VM_QEMU" --version 2>/dev/null |
		sed -n '1s/^QEMU emulator version \([0-9][0-9.]*\).*/\1/p')
	major=${VM_QEMU_VERSION%%.*}
	if [ -z "$major" ] || [ "$major" -lt "$VM_QEMU_MIN_MAJOR" ]; then
		echo "$VM_QEMU is version ${VM_QEMU_VERSION:-unknown}; the rig needs QEMU >= $VM_QEMU_MIN_MAJOR (QEMU 7.2 computes 256-bit VAESENC wrongly and has no SHA-NI; tools/deps.sh installs qemu-system-x86 10 from bookworm-backports)"
		return 1
	fi
}
