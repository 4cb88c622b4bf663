# shellcheck shell=sh
# vm: cpu=max timeout=300 all=100 needs=module
# offswitch (-cpu max): the administrator's ways to keep the module, or some
# of its families, out.
#  * blacklist: the module installed in the module tree as DKMS does (kmod's
#    depmod -a: its crypto-* aliases in modules.alias) and kmod's modprobe
#    (behind a wrapper that logs each call) as the kernel's modprobe
#    (/proc/sys/kernel/modprobe).  Without a blacklist line, an AF_ALG user
#    of ccm(aes) and one of authenc(hmac(sha256),cbc(aes)) each make the
#    kernel ask modprobe for crypto-<name>, which loads the module (so the
#    checks can fail); with "blacklist aesni_ctr" in
#    /etc/modprobe.d/aesni-ctr.conf the same requests load nothing, the names
#    go to the kernel's templates; by name (modprobe aesni_ctr) it still
#    loads, with "options aesni_ctr disable=xts" from the same file.
#  * disable=: insmod with disable=authenc,authenc-sha512, disable=xts and
#    disable=gcm: one "turned off by disable=" line per named family, none
#    of its drivers, its names served by the stock code (template or
#    aesni_intel), the other families with their usual load lines and the
#    summary line naming only them; disable=bogus is EINVAL with the known
#    names; all families named is ENODEV.
#  * debug_force_nosimd: setting it taints the kernel (TAINT_USER, bit 6 of
#    /proc/sys/kernel/tainted) and logs one line per load, however often
#    it is set.
#  * modinfo: the disable and debug_force_nosimd parameters are described.
# (check_off, fam_present, check_template_serves: families.sh)

KMOD=/lib/vmtest/kmod
CONF=/etc/modprobe.d/aesni-ctr.conf
KMP_LOG=/tmp/kmodprobe.log
# the families the module knows, in its order (tools/families.tab's, which
# check_manifest in main holds to the module's): "ctr, gcm, ..."
KNOWN=$(echo $FAMILIES | sed 's/ /, /g')
NFAM=$(echo $FAMILIES | wc -w)
CCM_NAME='ccm(aes)'

# the kernel's modprobe: kmod's, logging each call and its status
kmodprobe_wrapper() {
	cat >/tmp/vm-modprobe <<EOF
#!/bin/sh
$KMOD/modprobe "\$@"
_rc=\$?
echo "\$* status=\$_rc" >>$KMP_LOG
exit \$_rc
EOF
	chmod 755 /tmp/vm-modprobe
}

# demand_user NAME loads|stays-out: an AF_ALG tfm of NAME held while ours
# is not loaded: the kernel must ask modprobe for crypto-NAME, and that must
# load ours (which then serves NAME) or not (a template instance serves it)
demand_user() {
	_nm=$1 _how=$2
	if ours_loaded; then
		fail "\"$_nm\" ($_how): $OURS_NAME is loaded before the user opens the name"
		return 1
	fi
	: >$KMP_LOG
	mark "user $_nm $_how"
	if ! hold_start $(holder "$_nm" 60); then
		hold_stop
		fail "\"$_nm\" ($_how): the AF_ALG user never held a tfm: $(head -1 /tmp/hold.out)"
		log_lines "user $_nm $_how"
		return 1
	fi
	_loaded=no
	ours_loaded && _loaded=yes
	_mref=$(cat /sys/module/$OURS_NAME/refcnt 2>/dev/null)
	_top=$(top_entry_ref "$_nm")
	hold_stop
	log_lines "user $_nm $_how"
	_req=$(grep -F -- "crypto-$_nm " $KMP_LOG | head -1)
	check $([ -n "$_req" ]; echo $?) \
		"\"$_nm\" ($_how): the kernel asked its modprobe ($(cat /proc/sys/kernel/modprobe)): modprobe $_req" \
		"\"$_nm\" ($_how): no modprobe of crypto-$_nm was logged (calls: $(tr '\n' '|' <$KMP_LOG))"
	set -- $_top
	case "$_how" in
	loads)
		check $([ $_loaded = yes ] && [ "$2" = "$OURS_NAME" ] && [ "${_mref:-0}" -ge 1 ]; echo $?) \
			"without the blacklist, \"$_nm\" loaded $OURS_NAME and resolves to it: $1 (module $2, priority $3; module refcnt $_mref while held)" \
			"without the blacklist, \"$_nm\": $OURS_NAME loaded=$_loaded (refcnt ${_mref:-none}), top entry ${1:-none} (module ${2:-?}, priority ${3:-?})" ;;
	*)
		check $([ $_loaded = no ] && [ "${2:-$OURS_NAME}" != "$OURS_NAME" ] && case "$1" in *"("*) true ;; *) false ;; esac; echo $?) \
			"with \"blacklist $OURS_NAME\", \"$_nm\" did not load $OURS_NAME (no /sys/module/$OURS_NAME): the kernel's template instance $1 (module $2, priority $3, refcnt $4) serves it" \
			"with \"blacklist $OURS_NAME\", \"$_nm\": $OURS_NAME loaded=$_loaded, top entry ${1:-none} (module ${2:-?}); want not loaded, a template instance" ;;
	esac
}

# TAINT_USER ('U', bit 6) in /proc/sys/kernel/tainted
tainted_user() { [ $(($(cat /proc/sys/kernel/tainted) & 64)) -ne 0 ]; }
nosimd_lines() { dmesg_since "$1" | grep -c -F "$OURS_NAME: debug_force_nosimd set: every request takes the slow non-SIMD path (kernel tainted: U)"; }

scenario_run() {
	scenario_begin || return
	need_modules -q algif_aead xts ecb gcm ghash_generic seqiv
	esn_modules -q
	afalg_unrestrict
	[ -x $KMOD/modprobe ] || { fail "no kmod in $KMOD (mkinitramfs.sh)"; return; }
	check $(ours_loaded; [ $? -ne 0 ]; echo $?) "$OURS_NAME not loaded before the scenario" \
		"$OURS_NAME is loaded before the scenario began: scenario misconfigured"

	# --- the module in the module tree, kmod's modprobe the kernel's ------
	_md=/lib/modules/$KVER
	_dst=$_md/updates/dkms/$OURS_NAME.ko
	mkdir -p "$_md/updates/dkms" /etc/modprobe.d
	cp "$OURS_KO" "$_dst"
	rm -f $CONF
	_t=$(now)
	$KMOD/depmod -a >/tmp/depmod.out 2>&1
	check $? "$OURS_NAME installed as $_dst, depmod -a in $(elapsed $_t) s" \
		"depmod -a: $(head -3 /tmp/depmod.out | tr '\n' '|')"
	_al=$($KMOD/modinfo -F alias "$OURS_NAME" | tr '\n' ' ')
	_bad=""
	for _a in "crypto-$CCM_NAME" 'crypto-xts(aes)' "crypto-$AUTHENC_SHA256" 'crypto-authenc(hmac(sha512),cbc(aes))'; do
		case " $_al " in *" $_a "*) ;; *) _bad="$_bad $_a" ;; esac
		grep -qxF "alias $_a $OURS_NAME" $_md/modules.alias || _bad="$_bad (modules.alias: $_a)"
	done
	check $([ -z "$_bad" ]; echo $?) "modinfo $OURS_NAME and modules.alias have crypto-$CCM_NAME, crypto-xts(aes), crypto-$AUTHENC_SHA256, ..." \
		"aliases missing:$_bad (modinfo: $_al)"
	kmodprobe_wrapper
	_kmp0=$(cat /proc/sys/kernel/modprobe)
	echo /tmp/vm-modprobe >/proc/sys/kernel/modprobe
	check $([ "$(cat /proc/sys/kernel/modprobe)" = /tmp/vm-modprobe ]; echo $?) \
		"the kernel's modprobe: kmod's (through /tmp/vm-modprobe, which logs each call; was $_kmp0)" \
		"cannot set /proc/sys/kernel/modprobe"

	# --- without the blacklist the users load it --------------------------
	for _nm in "$CCM_NAME" "$AUTHENC_SHA256"; do
		demand_user "$_nm" loads
		ours_loaded && rmmod_check "(loaded for \"$_nm\")"
	done
	# --- with it they do not -----------------------------------------------
	echo "blacklist $OURS_NAME" >$CONF
	info "$CONF: $(tr '\n' '|' <$CONF); modprobe -c: $($KMOD/modprobe -c 2>/dev/null | grep -F "$OURS_NAME" | tr '\n' '|')"
	for _nm in "$CCM_NAME" "$AUTHENC_SHA256"; do
		demand_user "$_nm" stays-out
		ours_loaded && rmmod "$OURS_NAME"
	done
	# --- by name it loads, with the options of the same file ---------------
	echo "options $OURS_NAME disable=xts" >>$CONF
	mark "modprobe by name"
	_e=$($KMOD/modprobe "$OURS_NAME" 2>&1)
	check $? "modprobe $OURS_NAME (by name: the blacklist covers aliases only), with $CONF: $(tr '\n' '|' <$CONF)" \
		"modprobe $OURS_NAME: $_e"
	if ours_loaded; then
		_v=$(cat /sys/module/$OURS_NAME/parameters/disable 2>&1)
		check $([ "$_v" = xts ]; echo $?) "disable=xts from $CONF: /sys/module/$OURS_NAME/parameters/disable is '$_v'" \
			"/sys/module/$OURS_NAME/parameters/disable is '$_v', want xts (from $CONF)"
		log_lines "modprobe by name"
		check_off "modprobe by name" xts
		rmmod_check "(loaded by name)"
	fi
	rm -f $CONF
	echo "$_kmp0" >/proc/sys/kernel/modprobe

	# --- disable= by insmod ------------------------------------------------
	insmod_marked "disable authenc" disable=authenc,authenc-sha512 && {
		pass "insmod $OURS_NAME disable=authenc,authenc-sha512"
		log_lines "disable authenc"
		check_off "disable authenc" "authenc authenc-sha512"
		check_template_serves "$AUTHENC_SHA256" authenc
		check_template_serves 'authenc(hmac(sha512),cbc(aes))' authenc
		rmmod_check "(disable=authenc,authenc-sha512)"
	}
	insmod_marked "disable xts" disable=xts && {
		pass "insmod $OURS_NAME disable=xts"
		log_lines "disable xts"
		check_off "disable xts" xts
		check_resolution 'xts(aes)' "$(stock_driver 'xts(aes)' skcipher)"
		# debug_force_nosimd: taints, one line however often it is set
		mark "nosimd taint"
		check $(tainted_user; [ $? -ne 0 ]; echo $?) "before debug_force_nosimd: no U taint (tainted $(cat /proc/sys/kernel/tainted))" \
			"the kernel is tainted U before debug_force_nosimd was set (tainted $(cat /proc/sys/kernel/tainted))"
		_t0=$(cat /proc/sys/kernel/tainted)
		set_nosimd 1 && set_nosimd 0 && set_nosimd 1 && set_nosimd 1
		_t1=$(cat /proc/sys/kernel/tainted)
		check $([ $((_t1 & 64)) -ne 0 ] && [ $((_t1 & ~64)) -eq $((_t0 & ~64)) ]; echo $?) \
			"debug_force_nosimd=1 taints the kernel: tainted $_t0 -> $_t1 (bit 6, 64 = TAINT_USER)" \
			"after debug_force_nosimd=1: tainted $_t0 -> $_t1, want bit 6 (64) added and nothing else"
		_n=$(nosimd_lines "nosimd taint")
		check $([ "$_n" -eq 1 ]; echo $?) \
			"one log line for three settings to 1: $(dmesg_since "nosimd taint" | grep -F 'debug_force_nosimd set' | nots)" \
			"want one 'debug_force_nosimd set: ... (kernel tainted: U)' line for three settings, got $_n"
		set_nosimd 0
		rmmod_check "(disable=xts)"
	}
	insmod_marked "disable gcm" disable=gcm && {
		pass "insmod $OURS_NAME disable=gcm"
		log_lines "disable gcm"
		check_off "disable gcm" gcm
		mark "nosimd again"
		set_nosimd 1
		_n=$(nosimd_lines "nosimd again")
		check $([ "$_n" -eq 1 ] && tainted_user; echo $?) "a new load logs the line again, once (tainted $(cat /proc/sys/kernel/tainted))" \
			"after a reload: $_n 'debug_force_nosimd set' lines, want 1 (tainted $(cat /proc/sys/kernel/tainted))"
		set_nosimd 0
		rmmod_check "(disable=gcm)"
	}

	# --- refused loads -----------------------------------------------------
	mark "disable bogus"
	if ours_insmod disable=bogus; then
		fail "insmod disable=bogus succeeded"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"Invalid argument"*) pass "insmod disable=bogus refused: $INSMOD_ERR" ;;
		*) fail "insmod disable=bogus refused, but not with EINVAL: $INSMOD_ERR" ;;
		esac
		check_refusal_line "disable bogus"
		_l=$(ours_line "disable bogus" "unknown family")
		_want="$OURS_NAME: unknown family 'bogus' in disable= (known: $KNOWN)"
		check $([ "$_l" = "$_want" ]; echo $?) "the refusal names the known families: $_l" \
			"refusal line '${_l:-none}', want '$_want'"
	fi
	check_none_left "after disable=bogus"
	_all=$(echo $FAMILIES | tr ' ' ,)
	mark "disable all"
	if ours_insmod disable=$_all; then
		fail "insmod disable=$_all succeeded"
		rmmod "$OURS_NAME"
	else
		case "$INSMOD_ERR" in
		*"No such device"*) pass "insmod disable=$_all refused: $INSMOD_ERR" ;;
		*) fail "insmod disable=$_all refused, but not with ENODEV: $INSMOD_ERR" ;;
		esac
		check_refusal_line "disable all" $((NFAM + 1)) info
		_n=$(dmesg_since "disable all" | grep "$OURS_NAME: " | grep -c -F 'not registered: turned off by disable=')
		_l=$(ours_line "disable all" "no algorithm family could be registered")
		check $([ "$_n" -eq "$NFAM" ] && [ "$_l" = "$OURS_NAME: no algorithm family could be registered; not loading" ]; echo $?) \
			"$NFAM 'turned off by disable=' lines (one per family), then: $_l" \
			"want $NFAM 'turned off' lines ($_n) and '$OURS_NAME: no algorithm family could be registered; not loading' ('${_l:-none}')"
	fi
	check_none_left "after disable=$_all"

	# --- modinfo ---------------------------------------------------------
	$KMOD/modinfo -F parm "$OURS_KO" >/tmp/parm 2>&1
	_d=$(grep '^disable:' /tmp/parm)
	check $(echo "$_d" | grep -qF "$KNOWN"; echo $?) "modinfo describes disable: $_d" \
		"modinfo -F parm: no description of disable naming $KNOWN ($(tr '\n' '|' </tmp/parm))"
	_d=$(grep '^debug_force_nosimd:' /tmp/parm)
	check $(echo "$_d" | grep -qi 'taint'; echo $?) "modinfo describes debug_force_nosimd: $_d" \
		"modinfo -F parm: no description of debug_force_nosimd saying it taints ($(tr '\n' '|' </tmp/parm))"
}
