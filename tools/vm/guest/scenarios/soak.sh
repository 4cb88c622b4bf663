# shellcheck shell=sh
# vm: cpu=max timeout=750 all=170 run=special
# soak (-cpu max, 2 vCPUs): SOAK_SECS seconds of mixed load, all at once,
# so that receive and timer softirqs interrupt other requests' FPU sections:
#   - IPsec ESP with ESN (authencesn(hmac(sha256),cbc(aes)), seq-hi ESN_HI)
#     between namespaces sa1/sa2, and rfc4106(gcm(aes)) between vt1/vt2:
#     repeated TCP transfers both ways, every byte checked;
#   - dm-crypt aes-xts-plain64 on one RAM disk and LUKS2 aes-gcm-random
#     --integrity aead on another: random 1 MiB writes, read back (caches
#     dropped) and compared;
#   - AF_ALG differential fuzz of authencesn (or authenc where the module
#     has no authencesn yet) against the template over the generic parts.
# Checks: every loop ran and none failed, the SAs' counters and xfrm_stat,
# no WARNING/BUG/Oops in the kernel log since the start, and the module's
# nonsimd_requests counter (requests that took the non-SIMD path without
# being forced) before and after: on kernels before 6.15 (6.1, 6.12) it
# must have risen; from 6.15 an FPU section keeps softirqs off, so there it
# is information only.

# run "$@" again and again until the deadline $SOAK_END; each run's status
# and last line to file $1 (then shifted): "ok|fail <last line>"
soak_loop() {
	_out=$1
	shift
	: >"$_out"
	while [ "$(cut -d. -f1 /proc/uptime)" -lt "$SOAK_END" ]; do
		"$@" >"$_out.last" 2>&1
		_rc=$?
		if [ $_rc -eq 0 ]; then
			echo "ok $(tail -1 "$_out.last")" >>"$_out"
		else
			echo "fail status $_rc: $(grep -m1 -e FAIL -e rror "$_out.last" || tail -1 "$_out.last")" >>"$_out"
		fi
	done
}
# one IPsec transfer in namespaces $1 (client) / $2 (server) to $3, port
# from the counter file $4
soak_xfer() {
	_port=$(($(cat "$4") + 1))
	echo $_port >"$4"
	_seed=$(od -An -tu2 -N2 /dev/urandom | tr -d ' ')
	nsenter --net=/run/netns/"$2" vmxfer server "$3" "$_port" "$SOAK_BYTES" "$_seed" >"$4.srv" 2>&1 &
	_sp=$!
	poll 100 grep -q LISTENING "$4.srv"
	nsenter --net=/run/netns/"$1" vmxfer client "$3" "$_port" "$SOAK_BYTES" "$_seed"
	_rc=$?
	wait $_sp || { grep -v LISTENING "$4.srv"; return 1; }
	return $_rc
}
# dm-crypt: 1 MiB of random data at a random MiB of mapping $1 (of $2 MiB),
# read back with the caches dropped
soak_dm() {
	_off=$(($(od -An -tu2 -N2 /dev/urandom | tr -d ' ') % $2))
	head -c 1048576 /dev/urandom >"/tmp/soak.$3.w"
	dd if="/tmp/soak.$3.w" of="$1" bs=65536 seek=$((_off * 16)) conv=fsync 2>/tmp/soak.$3.err ||
		{ echo "FAIL: writing at MiB $_off: $(tail -1 /tmp/soak.$3.err)"; return 1; }
	echo 1 >/proc/sys/vm/drop_caches
	dd if="$1" of="/tmp/soak.$3.r" bs=65536 skip=$((_off * 16)) count=16 2>/tmp/soak.$3.err ||
		{ echo "FAIL: reading at MiB $_off: $(tail -1 /tmp/soak.$3.err)"; return 1; }
	cmp -s "/tmp/soak.$3.w" "/tmp/soak.$3.r" || { echo "FAIL: data read back at MiB $_off differ"; return 1; }
	echo "OK: 1 MiB at MiB $_off"
}
# a loop's result file: a check
soak_report() {	# FILE WHAT
	_n=$(wc -l <"$1")
	_f=$(grep -c '^fail' "$1")
	check $([ "$_n" -gt 0 ] && [ "$_f" -eq 0 ]; echo $?) \
		"soak: $2: $_n runs in ${SOAK_SECS} s, all passed (last: $(tail -1 "$1" | cut -c4-200))" \
		"soak: $2: $_f of $_n runs failed (first: $(grep -m1 '^fail' "$1" | cut -c6-300))"
}
NONSIMD_P=/sys/module/$OURS_NAME/parameters/nonsimd_requests

scenario_run() {
	_st0=$(now)
	scenario_begin
	_has_ours=$?
	esn_modules || fail "the authenc/authencesn modules did not all load"
	[ $_has_ours -eq 0 ] || return
	modprobe jitterentropy_rng 2>/dev/null
	need_modules xfrm_user esp4 veth seqiv gcm sha512_generic drbg dm_mod dm_crypt dm_integrity xts || return
	modprobe brd rd_nr=2 rd_size=65536 || { fail "soak: modprobe brd rd_nr=2 failed"; return; }
	mark "soak start"
	SOAK_BYTES=$((IPSEC_BYTES / 4))
	# vmtest.soakesnstock=1 (diagnostics): the ESN SAs are made before the
	# insmod, so they keep the stock authencesn template all along
	if [ -n "$SOAK_ESN_STOCK" ] &&
	   ! { esn_prepare sa sha256 && esn_side sa 1 && esn_side sa 2; } 2>/tmp/ip.err; then
		fail "soak: IPsec ESN SAs: $(tr '\n' ' ' </tmp/ip.err)"
		return
	fi
	insmod_marked "soak insmod" || return
	ADRV256=$(drv_name authenc avx "$AUTHENC_SHA256")
	EDRV=$(drv_name authenc avx 'authencesn(hmac(sha256),cbc(aes))')
	wait_alg_selftest "$AUTHENC_SHA256" "$ADRV256" aead 60 >/dev/null ||
		info "no $ADRV256 with selftest : passed within 60 s"
	if tr '\0' '\n' <"$OURS_KO" | grep -q -F -x "alias=authencesn(hmac(sha256),cbc(aes))" &&
	   _d=$(wait_alg_selftest 'authencesn(hmac(sha256),cbc(aes))' "${EDRV%-*}-" aead 60); then
		EDRV=$_d
		FZ="esn-sha256 $EDRV"
		_esnwho=$EDRV
	else
		skip "soak: authencesn traffic and fuzz on our driver" "this build of $OURS_NAME has no $EDRV: the ESN SAs run on the stock template, the fuzzer on $ADRV256"
		FZ="sha256 $ADRV256"
		_esnwho="the stock authencesn template"
	fi
	[ -z "$SOAK_ESN_STOCK" ] || _esnwho="the stock authencesn template (SAs made before the insmod)"
	log_lines "soak insmod"

	# --- the users: IPsec pairs, the dm-crypt mappings --------------
	if [ -z "$SOAK_ESN_STOCK" ] &&
	   ! { esn_prepare sa sha256 && esn_side sa 1 && esn_side sa 2; } 2>/tmp/ip.err; then
		fail "soak: IPsec ESN SAs: $(tr '\n' ' ' </tmp/ip.err)"
		return
	fi
	_kind=rfc4106 _bits=128 _a1=10.77.0.1 _a2=10.77.0.2
	_rw=${SOAK_GCM_WINDOW:+replay-window $SOAK_GCM_WINDOW}
	if ! { ipsec_netns && ipsec_sas; } 2>/tmp/ip.err; then
		fail "soak: IPsec rfc4106 SAs: $(tr '\n' ' ' </tmp/ip.err)"
		return
	fi
	# vmtest.soaknetem=ARGS (diagnostics): netem on both ESN veth ends,
	# e.g. "delay,100ms,reorder,90%" (10% of the packets held back)
	if [ -n "$SOAK_NETEM" ]; then
		_ne=$(echo "$SOAK_NETEM" | tr , ' ')
		modprobe sch_netem
		# shellcheck disable=SC2086
		/usr/sbin/tc -n sa1 qdisc add dev saa root netem $_ne 2>/tmp/tc.err && /usr/sbin/tc -n sa2 qdisc add dev sab root netem $_ne 2>>/tmp/tc.err ||
			fail "soak: tc qdisc add ... netem $_ne: $(tr "\n" " " </tmp/tc.err)"
		info "soak: diagnostic run: netem $_ne on both ESN veth ends"
	fi
	info "soak: ESP transforms: $(crypto_list 'echainiv(authencesn(hmac(sha256),cbc(aes)))' | awk '{ printf "%s ", $1 }')$(crypto_list 'seqiv(rfc4106(gcm(aes)))' | awk '{ printf "%s ", $1 }')"
	export DM_DISABLE_UDEV=1
	if ! _e=$(dmsetup create soak-xts --table "0 65536 crypt aes-xts-plain64 $(hexrand 64) 0 /dev/ram0 0 1 sector_size:4096" 2>&1); then
		fail "soak: dmsetup create (aes-xts-plain64): $_e"
		return
	fi
	mkdir -p /run/cryptsetup
	head -c 64 /dev/urandom >/tmp/soak.key
	if ! _e=$(cryptsetup luksFormat --batch-mode --type luks2 --cipher aes-gcm-random --integrity aead \
		--key-size 256 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 --integrity-no-wipe \
		--key-file /tmp/soak.key /dev/ram1 2>&1) ||
	   ! _e=$(cryptsetup open --type luks2 --disable-keyring --key-file /tmp/soak.key /dev/ram1 soak-gcm 2>&1); then
		fail "soak: LUKS2 aes-gcm-random --integrity aead on /dev/ram1: $(echo "$_e" | tail -2 | tr '\n' ' ')"
		return
	fi
	# written once all over (--integrity-no-wipe leaves every sector's tag
	# invalid, and readahead past a 1 MiB read would log INTEGRITY AEAD
	# ERROR for sectors nobody wrote)
	dd if=/dev/zero of=/dev/mapper/soak-gcm bs=65536 2>/dev/null
	sync
	_gmb=$(($(blockdev --getsize64 /dev/mapper/soak-gcm) / 1048576 - 1))
	info "soak: dm-crypt: $(dmsetup table soak-xts | awk '{ $5 = "<key>"; print }'); $(dmsetup table soak-gcm | awk '{ $5 = "<key>"; print }') ($_gmb MiB used)"

	# --- the counter, then everything at once -------------------------
	_nsr0=""
	if [ -r "$NONSIMD_P" ]; then
		_nsr0=$(cat "$NONSIMD_P")
		info "soak: nonsimd_requests before: $_nsr0"
	fi
	# vmtest.soakload= (VM_SOAK_LOAD): the loads beside the ESN pair, a
	# subset of "gcm xts luks fuzz" (diagnostics); vmtest.soaknosimd=1:
	# debug_force_nosimd=1 all along
	SOAK_LOAD=${SOAK_LOAD:-gcm xts luks fuzz}
	if [ "$SOAK_LOAD" != "gcm xts luks fuzz" ] || [ -n "$SOAK_NOSIMD$SOAK_ESN_STOCK" ]; then
		info "soak: diagnostic run: loads esn $SOAK_LOAD${SOAK_NOSIMD:+, debug_force_nosimd=1}${SOAK_ESN_STOCK:+, ESN SAs on the stock template}"
	fi
	mark "soak load"
	[ -z "$SOAK_NOSIMD" ] || set_nosimd 1
	echo 6000 >/tmp/soak.port.esn
	echo 7000 >/tmp/soak.port.gcm
	SOAK_END=$(($(cut -d. -f1 /proc/uptime) + SOAK_SECS))
	_t0=$(now)
	soak_loop /tmp/soak.esn soak_xfer sa1 sa2 10.78.0.2 /tmp/soak.port.esn &
	_p1=$!
	_pp=""
	for _w in $SOAK_LOAD; do
		case $_w in
		gcm) soak_loop /tmp/soak.gcm soak_xfer vt1 vt2 10.77.0.2 /tmp/soak.port.gcm & ;;
		xts) soak_loop /tmp/soak.xts soak_dm /dev/mapper/soak-xts 31 xts & ;;
		luks) soak_loop /tmp/soak.luks soak_dm /dev/mapper/soak-gcm "$_gmb" luks & ;;
		fuzz) soak_loop /tmp/soak.fuzz afalg_authenc "${FZ% *}" "${FZ#* }" 150 & ;;
		*) continue ;;
		esac
		_pp="$_pp $!"
	done
	# shellcheck disable=SC2086
	wait $_p1 $_pp
	info "soak: the loads (esn $SOAK_LOAD${SOAK_NOSIMD:+, debug_force_nosimd=1}) ran for $(elapsed "$_t0") s (SOAK_SECS=$SOAK_SECS)"

	# --- verdicts -----------------------------------------------------
	soak_report /tmp/soak.esn "IPsec ESP ESN ($_esnwho, seq-hi $ESN_HI) $SOAK_BYTES bytes each way per run"
	case " $SOAK_LOAD " in *" gcm "*)
		soak_report /tmp/soak.gcm "IPsec ESP rfc4106(gcm(aes)) $SOAK_BYTES bytes each way per run" ;; esac
	case " $SOAK_LOAD " in *" xts "*)
		soak_report /tmp/soak.xts "dm-crypt aes-xts-plain64 (4096-byte sectors): 1 MiB written, read back equal" ;; esac
	case " $SOAK_LOAD " in *" luks "*)
		soak_report /tmp/soak.luks "LUKS2 aes-gcm-random --integrity aead: 1 MiB written, read back equal" ;; esac
	case " $SOAK_LOAD " in *" fuzz "*)
		soak_report /tmp/soak.fuzz "AF_ALG fuzz ($FZ, 150 cases per run) against the template over the generic parts" ;; esac
	[ -z "$SOAK_NOSIMD" ] || set_nosimd 0
	IPSEC_BYTES=$SOAK_BYTES
	esn_transfer sa "soak: IPsec ESP ESN, a last transfer after the load"
	for _ns in vt1 vt2; do
		nsenter --net=/run/netns/$_ns cat /proc/net/xfrm_stat 2>/dev/null |
			awk '$2 != 0 { printf "%s=%s ", $1, $2 }' >/tmp/xstat.$_ns
	done
	check $([ ! -s /tmp/xstat.vt1 ] && [ ! -s /tmp/xstat.vt2 ]; echo $?) \
		"soak: rfc4106 pair: /proc/net/xfrm_stat all zero in both namespaces" \
		"soak: rfc4106 pair: /proc/net/xfrm_stat has errors: vt1: $(cat /tmp/xstat.vt1) vt2: $(cat /tmp/xstat.vt2)"
	# with audit=1 on the command line (VM_APPEND, diagnostics) the kernel
	# logs each ESP packet that failed authentication or the replay check
	_au=$(dmesg_since "soak load" | grep -E 'SA-icv-failure|SA-replay' | sed 's/.*op=//' | head -8 | tr '\n' '|')
	[ -z "$_au" ] || info "soak: audit: $(dmesg_since "soak load" | grep -c 'SA-icv-failure') SA-icv-failure, $(dmesg_since "soak load" | grep -c 'SA-replay') SA-replay*: $_au"
	[ -z "$SOAK_GCM_WINDOW" ] || info "soak: rfc4106 pair (replay-window $SOAK_GCM_WINDOW): $(ip -n vt2 -s xfrm state | grep -E 'replay-window [0-9]+ replay' | tr -s ' ' | tr '\n' '|')"
	_bad=$(dmesg_since "soak load" | grep -E '\bWARNING\b|\bBUG\b|Oops|Call Trace|general protection fault|UBSAN|KASAN|soft lockup|hung_task|RCU stall|INTEGRITY AEAD ERROR|alg: .*failed' |
		grep -v -e 'vmtest' -e 'Speculative Return Stack Overflow: WARNING: See ' | head -3 | nots | tr '\n' '|')
	check $([ -z "$_bad" ]; echo $?) \
		"soak: kernel log during the load free of WARNING/BUG/Oops/Call Trace/soft lockup/INTEGRITY AEAD ERROR" \
		"soak: kernel log has: $_bad"

	# --- the non-SIMD counter -----------------------------------------
	_kv=$(uname -r)
	_maj=${_kv%%.*}
	_min=${_kv#*.}
	_min=${_min%%[!0-9]*}
	if [ -z "$_nsr0" ]; then
		skip "soak: nonsimd_requests rose during the load (the non-SIMD path ran without being forced)" \
			"this build of $OURS_NAME has no $NONSIMD_P"
	else
		_nsr1=$(cat "$NONSIMD_P")
		if [ -n "$SOAK_NOSIMD$SOAK_ESN_STOCK" ] || [ "$SOAK_LOAD" != "gcm xts luks fuzz" ]; then
			info "soak: nonsimd_requests $_nsr0 -> $_nsr1 on $_kv (a diagnostic run: not checked)"
		elif [ "$_maj" -lt 6 ] || { [ "$_maj" -eq 6 ] && [ "$_min" -lt 15 ]; }; then
			check $([ "$_nsr1" -gt "$_nsr0" ]; echo $?) \
				"soak: nonsimd_requests $_nsr0 -> $_nsr1 on $_kv: softirqs interrupted FPU sections and the non-SIMD path ran unforced" \
				"soak: nonsimd_requests $_nsr0 -> $_nsr1 on $_kv: did not rise (the non-SIMD path never ran unforced; before 6.15 a softirq may interrupt an FPU section)"
		else
			info "soak: nonsimd_requests $_nsr0 -> $_nsr1 on $_kv (information only: from 6.15 an FPU section holds softirqs off)"
		fi
	fi

	# --- teardown -------------------------------------------------------
	dmsetup remove soak-xts || fail "soak: dmsetup remove soak-xts"
	cryptsetup close soak-gcm || fail "soak: cryptsetup close soak-gcm"
	esn_teardown sa
	for _ns in vt1 vt2; do
		ip -n $_ns xfrm policy flush
		ip -n $_ns xfrm state flush
		ip netns del $_ns
	done
	unset DM_DISABLE_UDEV
	poll 50 rmmod "$OURS_NAME"
	if ours_loaded; then
		rmmod_check "after the soak's users are gone"
	else
		pass "rmmod $OURS_NAME after the soak's users are gone"
	fi
	info "soak scenario wall time: $(elapsed "$_st0") s (SOAK_SECS=$SOAK_SECS)"
}
