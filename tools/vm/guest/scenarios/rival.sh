# shellcheck shell=sh
# vm: cpu=max timeout=300 all=90 run=special
# rival (-cpu max): a driver of a family's name that the module was never
# measured against must rank above ours.  The test-only rival_xts.ko
# (tools/vm/rival/) registers an xts(aes) named "xts-aes-rival" at
# priority 2000 (real XTS: the xts template over the generic AES, which
# passes the crypto manager's vectors), loaded after aesni_intel and before
# ours.  Ours must then log "xts(aes): found xts-aes-rival (priority 2000),
# a driver ours was never measured against", register xts at 1999 with the
# load line "(priority 1999: below xts-aes-rival (2000), not measured
# against it)", "xts(aes)" must resolve to the rival (ours stays reachable
# by driver name), and ctr and gcm must keep the priorities they have
# without the rival.  Then, with ours and the rival removed and ours loaded
# again, xts is back at 1000 (so the checks above can fail); and a rival at
# priority 100, below the stock driver, is logged but changes nothing.

RIVAL_KO=/lib/vmtest/rival_xts.ko
RIVAL_DRV=xts-aes-rival
RIVAL_MOD=rival_xts

# the rival registered as xts(aes) with selftest : passed
rival_passed() { selftest_passed 'xts(aes)' $RIVAL_DRV skcipher >/dev/null; }

# insmod_rival PRIORITY: the rival at that priority, self-tested; a check
insmod_rival() {
	mark "insmod rival $1"
	_e=$(vminsmod "$RIVAL_KO" priority="$1" 2>&1)
	if ! check $? "insmod $RIVAL_MOD.ko priority=$1" "insmod $RIVAL_KO priority=$1: $_e"; then
		log_lines "insmod rival $1"
		return 1
	fi
	poll 600 rival_passed
	set -- "$1" $(crypto_list 'xts(aes)' | awk -v d=$RIVAL_DRV '$1 == d')
	check $([ "$3" = $RIVAL_MOD ] && [ "$4" = "$1" ] && [ "$6" = passed ] && [ "$7" = skcipher ]; echo $?) \
		"$RIVAL_DRV registered as xts(aes): module $3, priority $4, selftest : $6 (the crypto manager's xts(aes) vectors), type $7" \
		"$RIVAL_DRV: want module $RIVAL_MOD, priority $1, selftest passed, skcipher; /proc/crypto: $(crypto_oneline 'xts(aes)')"
}

# what a tfm of "xts(aes)" held by name raises when the rival serves it: the
# rival and, inside it, its fallback (the xts template instance over the
# generic AES, itself an xts(aes) entry), in check_resolution_of's order
rival_held() {
	{ echo $RIVAL_DRV; crypto_list 'xts(aes)' | awk '$1 ~ /^xts\(ecb\(aes-(generic|lib)\)\)$/ { print $1 }'; } |
		sort | tr '\n' ' ' | sed 's/ $//'
}

# the priority in family $1's load line since mark $2
load_prio() {
	dmesg_since "$2" | grep "$OURS_NAME: $1: " | grep ' as \*-aesnictr-' | tail -1 | nots |
		sed -n 's/.*(priority \([0-9]*\): .*)$/\1/p'
}
# our lines "found <driver> (priority N), a driver ours was never measured
# against" since mark $1 (all families)
found_lines() { dmesg_since "$1" | grep "$OURS_NAME: " | grep 'a driver ours was never measured against' | nots; }

# ours loaded (mark $1), every family self-tested, its load lines checked
ours_up() {
	crypto_drivers >/tmp/drivers.before
	insmod_marked "$1" || return 1
	pass "insmod $OURS_NAME ($1)"
	wait_families 30
	log_lines "$1"
	check_no_new_instances
	check_load_lines "$1" present
	XDRV=$(drv_name xts "$(want_impl xts)" 'xts(aes)')
}

scenario_run() {
	scenario_begin || return
	need_modules -q algif_aead xts ecb gcm ghash_generic seqiv ccm
	esn_modules -q
	afalg_unrestrict
	if [ -z "$(want_impl xts)" ]; then
		fail "the xts family cannot run on this CPU ($(impl_missing xts avx) missing): scenario misconfigured"
		return
	fi

	# --- the rival first, then ours ----------------------------------------
	insmod_rival 2000 || return
	run_tool afalg_xts --kat $RIVAL_DRV
	info "a tfm of the rival holds one of its fallback $(rival_held | sed "s/ *$RIVAL_DRV *//"): both refcnts rise when \"xts(aes)\" resolves to the rival"
	check_resolution 'xts(aes)' "$(rival_held)"
	ours_up "insmod rival ours" || return
	_fl=$(found_lines "insmod rival ours")
	_want="$OURS_NAME: xts(aes): found $RIVAL_DRV (priority 2000), a driver ours was never measured against"
	check $(echo "$_fl" | grep -qxF "$_want"; echo $?) "ours names the rival: $_want" \
		"no line '$_want' (found lines: $(echo "$_fl" | tr '\n' '|'))"
	_n=$(echo "$_fl" | grep -c -F "found $RIVAL_DRV ")
	check $([ "$_n" -eq 1 ]; echo $?) "the rival is named once" "the rival is named in $_n lines"
	_o=$(echo "$_fl" | grep -v -F "found $RIVAL_DRV ")
	[ -z "$_o" ] || info "other drivers ours was never measured against: $(echo "$_o" | tr '\n' '|')"
	_ll=$(ours_line "insmod rival ours" "$OURS_NAME: xts: ")
	_want="$OURS_NAME: xts: xts(aes) as *-aesnictr-$(want_impl xts) (priority 1999: below $RIVAL_DRV (2000), not measured against it)"
	check $([ "$_ll" = "$_want" ]; echo $?) "xts registers just below the rival: $_ll" \
		"xts load line '${_ll:-none}', want '$_want'"
	_p=$(alg_prio 'xts(aes)' "$XDRV")
	check $([ "$_p" = 1999 ]; echo $?) "$XDRV has priority 1999 in /proc/crypto ($(crypto_oneline 'xts(aes)'))" \
		"$XDRV has priority '${_p:-none}' in /proc/crypto, want 1999 ($(crypto_oneline 'xts(aes)'))"
	check_priority_of 'xts(aes)' $RIVAL_DRV
	check_resolution 'xts(aes)' "$(rival_held)"
	run_tool afalg_xts --kat "$XDRV"
	_ctr1=$(load_prio ctr "insmod rival ours") _gcm1=$(load_prio gcm "insmod rival ours")
	for _x in 'ctr(aes):ctr' 'gcm(aes):gcm'; do
		_an=${_x%:*} _fm=${_x#*:}
		check_priority_policy "$_an" "$(drv_name $_fm "$(want_impl $_fm)" "$_an")" $_fm "insmod rival ours"
	done

	# --- the rival gone: xts back where the stock drivers put it ----------
	rmmod_check "(beside the rival)"
	rmmod $RIVAL_MOD
	check $? "rmmod $RIVAL_MOD" "rmmod $RIVAL_MOD failed (refcnt $(cat /sys/module/$RIVAL_MOD/refcnt 2>/dev/null))"
	check $(grep -q "$RIVAL_DRV" /proc/crypto; [ $? -ne 0 ]; echo $?) "no $RIVAL_DRV left in /proc/crypto" \
		"/proc/crypto still lists $RIVAL_DRV"
	ours_up "insmod ours alone" || return
	_fl=$(found_lines "insmod ours alone")
	check $(echo "$_fl" | grep -q -F "$RIVAL_DRV"; [ $? -ne 0 ]; echo $?) \
		"without the rival ours names no $RIVAL_DRV${_fl:+ (other lines: $(echo "$_fl" | tr '\n' '|'))}" \
		"ours still names $RIVAL_DRV: $(echo "$_fl" | tr '\n' '|')"
	_ll=$(ours_line "insmod ours alone" "$OURS_NAME: xts: ")
	_p=$(alg_prio 'xts(aes)' "$XDRV")
	if [ -n "$(yielded xts "insmod ours alone")" ]; then
		# (a CPU where the stock driver is the faster one: not -cpu max)
		info "xts yields to the stock driver here: $_ll"
		check $([ -n "$_p" ] && [ "$_p" -lt 1999 ]; echo $?) "xts without the rival: priority $_p, not 1999" \
			"xts without the rival: priority '${_p:-none}'"
	else
		check $([ "$_p" = $PRIO_OURS ]; echo $?) "xts without the rival is back at $PRIO_OURS: $_ll" \
			"xts without the rival: $XDRV priority '${_p:-none}', want $PRIO_OURS ($_ll)"
	fi
	check_priority_policy 'xts(aes)' "$XDRV" xts "insmod ours alone"
	check_resolution 'xts(aes)' "$(expected_winner 'xts(aes)' "$XDRV" xts "insmod ours alone")"
	_ctr2=$(load_prio ctr "insmod ours alone") _gcm2=$(load_prio gcm "insmod ours alone")
	check $([ -n "$_ctr1" ] && [ "$_ctr1" = "$_ctr2" ] && [ -n "$_gcm1" ] && [ "$_gcm1" = "$_gcm2" ]; echo $?) \
		"ctr and gcm unaffected by the rival: ctr $_ctr1, gcm $_gcm1 with it, the same without" \
		"ctr/gcm priorities with the rival '$_ctr1'/'$_gcm1', without '$_ctr2'/'$_gcm2'"
	_xts0=$(load_prio xts "insmod ours alone")
	_xl0=$_ll

	# --- a rival below the stock driver: named, but not the one to beat ----
	rmmod_check "(alone)"
	insmod_rival 100 || return
	ours_up "insmod low rival ours" || return
	_fl=$(found_lines "insmod low rival ours")
	_want="$OURS_NAME: xts(aes): found $RIVAL_DRV (priority 100), a driver ours was never measured against"
	check $(echo "$_fl" | grep -qxF "$_want"; echo $?) "a low rival is still named: $_want" \
		"no line '$_want' (found lines: $(echo "$_fl" | tr '\n' '|'))"
	_ll=$(ours_line "insmod low rival ours" "$OURS_NAME: xts: ")
	check $([ "$_ll" = "$_xl0" ] && [ "$(load_prio xts "insmod low rival ours")" = "$_xts0" ]; echo $?) \
		"a rival below the stock driver changes nothing: $_ll" \
		"with a rival at 100 the xts load line is '${_ll:-none}', without it '$_xl0'"
	check_resolution 'xts(aes)' "$(expected_winner 'xts(aes)' "$XDRV" xts "insmod low rival ours")"
	rmmod_check "(beside the low rival)"
	rmmod $RIVAL_MOD
	check $? "rmmod $RIVAL_MOD (priority 100)" "rmmod $RIVAL_MOD (priority 100) failed"
}
