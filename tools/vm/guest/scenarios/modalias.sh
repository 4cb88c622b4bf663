# shellcheck shell=sh
# vm: cpu=max timeout=300 all=200 run=special
# modalias (-cpu max): the module loads at boot the way udev loads it, by the
# CPU's modalias, not by name.  The module under test is installed where
# DKMS puts it (/lib/modules/<kver>/updates/dkms/<name>.ko) and kmod's
# depmod -a is run; its aliases must include the x86 cpu alias, and kmod's
# modprobe must resolve the CPU's modalias (modprobe -R) to it.  Then the
# udev coldplug path: a listener for the kernel's uevents (busybox uevent,
# as udevd's netlink socket) runs, for each event with a MODALIAS, what
# udev's 80-drivers.rules runs ("kmod load $MODALIAS": modprobe -b -q
# MODALIAS), and "add" is written to each CPU device's uevent file (udevadm
# trigger).  No one names the module: it must be loaded afterwards, its
# srcversion that of the installed file, and for ctr(aes), gcm(aes),
# xts(aes) and (with SHA-NI) authenc(hmac(sha256),cbc(aes)) the
# highest-priority /proc/crypto entry must be ours, selftest passed.
# kmod's tools are in /lib/vmtest/kmod (busybox modprobe has no -R,
# --show-depends or softdeps); the other scenarios keep busybox's.

KMOD=/lib/vmtest/kmod

# the uevent listener's program: the environment is the uevent's
modalias_handler() {
	cat >/tmp/uevent-modalias.sh <<EOF
#!/bin/sh
[ -n "\$MODALIAS" ] || exit 0
$KMOD/modprobe -b -q "\$MODALIAS" 2>>/tmp/uevent.err
echo "\$ACTION \$DEVPATH status=\$? MODALIAS=\$(printf %s "\$MODALIAS" | tr -d '\\n')" >>/tmp/uevent.log
EOF
	chmod 755 /tmp/uevent-modalias.sh
}

# the highest-priority entry of cra_name $1: "driver module priority selftest"
top_entry() { crypto_list "$1" | sort -k3 -n -r | awk '{ print $1, $2, $3, $5; exit }'; }

# cra_name $1 of family $2: ours is the highest-priority entry, selftest
# passed (or, if the module said it registered below a faster stock
# driver, the priority policy; log since mark $3)
check_top() {
	_d=$(drv_name $2 "$(want_impl $2)" "$1")
	case $2 in ctr|xts) _ty=skcipher ;; *) _ty=aead ;; esac
	ours_loaded && wait_alg_selftest "$1" "$_d" $_ty 30 >/dev/null
	if [ -n "$(yielded $2 "$3")" ]; then
		check_priority_policy "$1" "$_d" $2 "$3"
		return
	fi
	set -- "$1" "$_d" $(top_entry "$1")
	_n=$(crypto_list "$1" | awk -v p="$5" '$3 == p' | wc -l)
	check $([ "$3" = "$2" ] && [ "$4" = "$OURS_NAME" ] && [ "$6" = passed ] && [ "$_n" -eq 1 ]; echo $?) \
		"$1: the highest-priority entry is ours: $3 (module $4, priority $5, selftest : $6)" \
		"$1: the highest-priority entry is ${3:-none} (module ${4:-?}, priority ${5:-?}, selftest : ${6:-?}; $_n at that priority), want $2 of $OURS_NAME, selftest passed ($(crypto_oneline "$1"))"
}

scenario_run() {
	info "kernel $(uname -r), cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	emulator_check
	[ -n "$OURS_KO" ] || { fail "modalias: no module under test"; return; }
	[ -x $KMOD/modprobe ] || { fail "no kmod in $KMOD (mkinitramfs.sh)"; return; }
	_md=/lib/modules/$KVER
	_dst=$_md/updates/dkms/$OURS_NAME.ko
	check $(ours_loaded; [ $? -ne 0 ]; echo $?) "$OURS_NAME not loaded before the scenario" \
		"$OURS_NAME is loaded before the scenario began: scenario misconfigured"

	# as DKMS installs it: the file in updates/dkms, then depmod -a
	mkdir -p "$_md/updates/dkms"
	cp "$OURS_KO" "$_dst"
	info "module under test: $_dst (from the host's .ko, run.sh names it), version $($KMOD/modinfo -F version "$_dst"), srcversion $($KMOD/modinfo -F srcversion "$_dst")"
	_t=$(now)
	$KMOD/depmod -a >/tmp/depmod.out 2>&1
	check $? "depmod -a (kmod $($KMOD/kmod --version | head -1 | cut -d' ' -f3)) in $(elapsed $_t) s" \
		"depmod -a: $(head -3 /tmp/depmod.out | tr '\n' '|')"
	_p=$($KMOD/modinfo -n "$OURS_NAME" 2>&1)
	check $([ "$_p" = "$_dst" ]; echo $?) "modinfo -n $OURS_NAME: $_p (depmod's modules.dep)" \
		"modinfo -n $OURS_NAME: '$_p', want $_dst"
	_al=$($KMOD/modinfo -F alias "$_dst" | grep '^cpu:type:x86,' | head -1)
	check $([ -n "$_al" ]; echo $?) "modinfo -F alias has the x86 cpu alias: $_al" \
		"modinfo -F alias of $_dst has no cpu:type:x86,... alias ($($KMOD/modinfo -F alias "$_dst" | tr '\n' ' '))"

	# the CPU's modalias: what the cpu devices' uevent carries
	_ma=$(sed -n 's/^MODALIAS=//p' /sys/devices/system/cpu/cpu0/uevent)
	check $([ -n "$_ma" ] && [ "$_ma" = "$(cat /sys/devices/system/cpu/modalias)" ]; echo $?) \
		"cpu0's uevent MODALIAS is /sys/devices/system/cpu/modalias: $(echo "$_ma" | cut -c1-60)..." \
		"cpu0's uevent MODALIAS '${_ma:-none}' and /sys/devices/system/cpu/modalias '$(cat /sys/devices/system/cpu/modalias)' differ or are empty"
	_r=$($KMOD/modprobe -R "$_ma" 2>&1 | awk '!s[$0]++' | tr '\n' ' ')
	check $(echo " $_r " | grep -q " $OURS_NAME "; echo $?) "modprobe -R <cpu modalias> resolves to $OURS_NAME among: ${_r% }" \
		"modprobe -R <cpu modalias> does not name $OURS_NAME: ${_r:-nothing}"
	$KMOD/modprobe --show-depends "$_ma" >/tmp/showdeps 2>&1
	grep -q "^insmod $_dst" /tmp/showdeps
	check $? "modprobe --show-depends <cpu modalias> inserts $_dst" \
		"modprobe --show-depends <cpu modalias> does not insert $_dst: $(tr '\n' '|' </tmp/showdeps)"
	_sd=$(awk '/^insmod / { n = split($2, p, "/"); print p[n] }' /tmp/showdeps | tr '\n' ' ')
	info "modprobe --show-depends <cpu modalias>: ${_sd% }"
	check $(echo "$_sd" | awk -v o="$OURS_NAME.ko" '{ for (i = 1; i <= NF; i++) { if (!s && $i ~ /^aesni[-_]intel\.ko/) s = i; if ($i == o) m = i } } END { exit !(s && m && s < m) }'; echo $?) \
		"the softdep puts aesni_intel before $OURS_NAME" \
		"aesni_intel is not inserted before $OURS_NAME (MODULE_SOFTDEP pre: aesni_intel): ${_sd% }"

	# udev's coldplug: a uevent listener, then "add" to each CPU's uevent
	modalias_handler
	: >/tmp/uevent.log
	uevent /tmp/uevent-modalias.sh >/tmp/uevent.out 2>&1 &
	_upid=$!
	poll 100 sh -c "ls -l /proc/$_upid/fd | grep -q socket"
	mark "modalias trigger"
	_t=$(now)
	for _c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -w "$_c/uevent" ] && echo add >"$_c/uevent"
	done
	_ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
	poll 600 sh -c "[ \$(wc -l </tmp/uevent.log) -ge $_ncpu ]"
	kill $_upid 2>/dev/null
	wait $_upid 2>/dev/null
	info "uevents handled: $(sed 's/\(MODALIAS=.\{40\}\).*/\1.../' /tmp/uevent.log | tr '\n' '|')"
	[ -s /tmp/uevent.err ] && info "modprobe's messages: $(tr '\n' '|' </tmp/uevent.err)"
	_bad=$(grep -c -v ' status=0 ' /tmp/uevent.log)
	check $([ "$(grep -c ' status=0 MODALIAS=cpu:type:x86,' /tmp/uevent.log)" -ge "$_ncpu" ] && [ "$_bad" -eq 0 ]; echo $?) \
		"the kernel's add uevents of $_ncpu CPUs carried the cpu modalias; modprobe -b -q MODALIAS (udev's kmod load) succeeded for each, in $(elapsed $_t) s" \
		"uevents: want $_ncpu with MODALIAS=cpu:type:x86,... and modprobe status 0, got: $(tr '\n' '|' </tmp/uevent.log) $(cat /tmp/uevent.out)"

	# loaded, without anyone naming it
	ours_loaded
	check $? "$OURS_NAME loaded by the modalias alone (/sys/module/$OURS_NAME, lsmod: $($KMOD/lsmod | awk -v m="$OURS_NAME" '$1 == m { print $1, $2, $3 }'))" \
		"$OURS_NAME not loaded after the modalias load (lsmod: $($KMOD/lsmod | awk 'NR > 1 { print $1 }' | tr '\n' ' '))"
	log_lines "modalias trigger"
	if ours_loaded; then
		_sv=$(cat /sys/module/$OURS_NAME/srcversion 2>/dev/null)
		check $([ "$_sv" = "$($KMOD/modinfo -F srcversion "$_dst")" ]; echo $?) \
			"the loaded $OURS_NAME is the installed file: srcversion $_sv, version $(cat /sys/module/$OURS_NAME/version 2>/dev/null)" \
			"the loaded $OURS_NAME has srcversion '$_sv', the installed file $($KMOD/modinfo -F srcversion "$_dst")"
		check_load_lines "modalias trigger" present
	fi

	# our drivers are the ones selected
	for _x in 'ctr(aes):ctr' 'gcm(aes):gcm' 'xts(aes):xts' "$AUTHENC_SHA256:authenc"; do
		_fm=${_x##*:}
		if [ -z "$(want_impl $_fm)" ]; then
			skip "${_x%:*}: the highest-priority entry is ours" "the virtual CPU lacks: $(impl_missing $_fm avx)"
			continue
		fi
		check_top "${_x%:*}" $_fm "modalias trigger"
	done
}
