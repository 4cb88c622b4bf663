# shellcheck shell=sh
# vm: cpu=max timeout=600 all=220
# wifi (-cpu max, 2 vCPUs; the ccm family, and gcm for GCMP): WiFi traffic
# through mac80211's software CCMP and GCMP, which allocate "ccm(aes)" and
# "gcm(aes)" synchronous-only (crypto_alloc_aead(name, 0, CRYPTO_ALG_ASYNC)),
# one transform per key.  mac80211_hwsim radios=2: the first radio is an
# access point (hostapd, WPA2-PSK), the second, moved into the network
# namespace $WIFI_NS, a station (wpa_supplicant); both get an address and
# vmxfer moves WIFI_BYTES each way over TCP, every byte checked.  Our
# driver's /proc/crypto refcnt must rise by at least 4 while associated
# (the AP's group key and pairwise key, the station's pairwise and group
# keys) and fall back afterwards; no other entry of the name (the ccm or
# gcm template over the stock code) may gain a reference, nor a new one
# appear.  CCMP, then CCMP with debug_force_nosimd=1 (the keys in use since
# the SIMD path; a kprobe on the C fallback's ccm_c_start must be hit;
# nonsimd_requests is shown, it does not count forced requests), then GCMP-256 where the radio, hostapd and the supplicant
# have it.  Without a module under test: the same, reporting which
# drivers carried it.  Both radios get a fragmentation threshold: 7.x's
# hwsim "hardware" keys otherwise put frames on a fast path that reserves no
# room for the MIC (see scenario_run).
# vmtest.wifibytes=N (knobs.tab, WIFI_BYTES): bytes each way per transfer (1 MiB).

WIFI_NS=wsta
WIFI_A1=10.79.0.1
WIFI_A2=10.79.0.2
WIFI_SSID=aesnictr-wifi
WIFI_CCM_PREFIX=ccm-aes-aesnictr-

# the phys and interfaces of mac80211_hwsim: "phyN wlanX" per line (iw dev
# lists newest first: sorted by phy number)
wifi_ifaces() {
	iw dev 2>/dev/null | awk '/^phy#/ { p = substr($1, 5) } $1 == "Interface" { print p, $2 }' | sort -n
}
wifi_two() { [ "$(wifi_ifaces | wc -l)" -ge 2 ]; }
# "driver refcnt" of every entry of cra_name $1
wifi_entries() { crypto_list "$1" | awk '{ print $1, $4 }' | sort; }
wifi_stop() {
	[ -n "${WPAS_PID:-}" ] && kill "$WPAS_PID" 2>/dev/null && wait "$WPAS_PID" 2>/dev/null
	[ -n "${HAPD_PID:-}" ] && kill "$HAPD_PID" 2>/dev/null && wait "$HAPD_PID" 2>/dev/null
	WPAS_PID="" HAPD_PID=""
}
wifi_connected() {
	grep -q 'CTRL-EVENT-CONNECTED' /tmp/wpas.log && grep -q 'AP-STA-CONNECTED' /tmp/hapd.log
}
wifi_keys_in() { [ "$(alg_refcnt "$_cra" "$_drv" | grep . || echo 0)" -ge $((_r0 + 4)) ] 2>/dev/null; }
wifi_keys_out() { [ "$(alg_refcnt "$_cra" "$_drv" | grep . || echo 0)" -le "$_r0" ] 2>/dev/null; }

# wifi_xfer TAG: WIFI_BYTES each way, AP side (init namespace) client, the
# station's side server; a check
wifi_xfer() {
	_seed=$(od -An -tu2 -N2 /dev/urandom | tr -d ' ')
	nsenter --net=/run/netns/$WIFI_NS vmxfer server $WIFI_A2 5003 "$WIFI_BYTES" "$_seed" >/tmp/xs.out 2>&1 &
	_sp=$!
	poll 600 grep -q LISTENING /tmp/xs.out
	_t0=$(now)
	vmxfer client $WIFI_A2 5003 "$WIFI_BYTES" "$_seed" >/tmp/xc.out 2>&1
	_rc=$?
	wait $_sp
	_rs=$?
	_el=$(elapsed "$_t0")
	_rate=$(awk -v b="$WIFI_BYTES" -v t="$_el" 'BEGIN { if (t > 0) printf "%.0f", 2 * b / 1024 / t; else print "?" }')
	check $([ $_rc -eq 0 ] && [ $_rs -eq 0 ]; echo $?) \
		"$1: $WIFI_BYTES bytes AP -> station and $WIFI_BYTES back over TCP, every byte checked on arrival, $_el s ($_rate KiB/s, emulated)" \
		"$1: transfer failed: client: $(grep -v LISTENING /tmp/xc.out | tail -1); server: $(grep -v LISTENING /tmp/xs.out | tail -1)"
}

# wifi_run CIPHER CRA DRIVER [nosimd]: one association with hostapd's
# rsn_pairwise=CIPHER (CCMP, GCMP-256), its proof and traffic; DRIVER empty:
# report only (no module under test)
wifi_run() {
	_ci=$1 _cra=$2 _drv=$3 _ns=${4:-}
	_wt="WiFi WPA2-PSK $_ci"
	_psk=$(hexrand 32)
	cat >/tmp/hapd.conf <<EOF
interface=$WIFI_AP_IF
driver=nl80211
ctrl_interface=/run/hostapd
ssid=$WIFI_SSID
hw_mode=g
channel=1
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=$_ci
wpa_psk=$_psk
EOF
	cat >/tmp/wpas.conf <<EOF
ctrl_interface=/run/wpas
network={
	ssid="$WIFI_SSID"
	scan_ssid=1
	scan_freq=2412
	freq_list=2412
	proto=RSN
	key_mgmt=WPA-PSK
	pairwise=$_ci
	group=$_ci
	psk=$_psk
}
EOF
	_e0=$(wifi_entries "$_cra")
	_r0=$(alg_refcnt "$_cra" "$_drv" | grep . || echo 0)
	_t0=$(now)
	hostapd -t /tmp/hapd.conf >/tmp/hapd.log 2>&1 &
	HAPD_PID=$!
	if ! poll 300 grep -q 'AP-ENABLED' /tmp/hapd.log; then
		_why=$(grep -v '^[0-9.]*: *$' /tmp/hapd.log | tail -3 | tr '\n' ' ')
		wifi_stop
		if [ "$_ci" != CCMP ]; then
			skip "$_wt: association and traffic" "hostapd did not start the AP with rsn_pairwise=$_ci: $_why"
		else
			fail "$_wt: hostapd did not start the AP within 30 s: $_why"
		fi
		return 1
	fi
	nsenter --net=/run/netns/$WIFI_NS wpa_supplicant -t -D nl80211 -i "$WIFI_STA_IF" -c /tmp/wpas.conf >/tmp/wpas.log 2>&1 &
	WPAS_PID=$!
	if ! poll 900 wifi_connected; then
		fail "$_wt: no association within 90 s: supplicant: $(tail -3 /tmp/wpas.log | tr '\n' ' '); hostapd: $(tail -3 /tmp/hapd.log | tr '\n' ' ')"
		wifi_stop
		return 1
	fi
	_st=$(wpa_cli -p /run/wpas -i "$WIFI_STA_IF" status 2>&1)
	_sw=$(echo "$_st" | grep -E '^(wpa_state|key_mgmt|pairwise_cipher|group_cipher)=' | tr '\n' ' ')
	_link=$(nsenter --net=/run/netns/$WIFI_NS iw dev "$WIFI_STA_IF" link 2>&1 | head -1)
	check $(echo "$_st" | grep -qx 'wpa_state=COMPLETED' && echo "$_st" | grep -qx "pairwise_cipher=$_ci" &&
			echo "$_st" | grep -qx "group_cipher=$_ci"; echo $?) \
		"$_wt: hostapd on $WIFI_AP_IF, wpa_supplicant on $WIFI_STA_IF (namespace $WIFI_NS) associated in $(elapsed "$_t0") s: ${_sw% } ($_link)" \
		"$_wt: wpa_cli status after association: $(echo "$_st" | tr '\n' ' ')"

	# the keys' transforms: ours, and no other entry of the name
	poll 50 wifi_keys_in
	_r1=$(alg_refcnt "$_cra" "$_drv" | grep . || echo 0)
	_e1=$(wifi_entries "$_cra")
	_others=$(echo "$_e1" | awk -v d="$_drv" 'NF && $1 != d' | while read -r _d _n; do
		_o=$(echo "$_e0" | awk -v d="$_d" '$1 == d { print $2 }')
		[ -n "$_o" ] && [ "$_n" -le "$_o" ] || echo "$_d(${_o:-new}->$_n)"
	done | tr '\n' ' ')
	if [ -n "$_drv" ]; then
		check $([ "$_r1" -ge $((_r0 + 4)) ]; echo $?) \
			"$_wt: mac80211's keys use $_drv (its /proc/crypto refcnt $_r0 -> $_r1 while associated: AP group + pairwise, station pairwise + group)" \
			"$_wt: mac80211's keys did not take $_drv (refcnt $_r0 -> $_r1; $_cra: $(crypto_oneline "$_cra"))"
		check $([ -z "$_others" ]; echo $?) \
			"$_wt: no other $_cra entry gained a reference or appeared (no template instance, no stock driver: $(echo "$_e1" | tr '\n' ' '))" \
			"$_wt: other $_cra entries in use: $_others"
	else
		info "$_wt: $_cra entries (driver refcnt) before: $(echo "$_e0" | tr '\n' ' '); while associated: $(echo "$_e1" | tr '\n' ' ')"
	fi

	if ip addr add $WIFI_A1/24 dev "$WIFI_AP_IF" 2>/tmp/ip.err &&
	   ip -n $WIFI_NS addr add $WIFI_A2/24 dev "$WIFI_STA_IF" 2>>/tmp/ip.err &&
	   ip -n $WIFI_NS link set lo up 2>>/tmp/ip.err; then
		wifi_xfer "$_wt"
		if [ "$_ns" = nosimd ] && [ -n "$_drv" ] && set_nosimd 1; then
			_n0=$(cat "$WIFI_NONSIMD_P" 2>/dev/null)
			_kp=0
			fallback_probes_on && _kp=1
			wifi_xfer "$_wt, debug_force_nosimd=1 (every frame encrypted and decrypted on the non-SIMD path, keys set on the SIMD path)"
			_n1=$(cat "$WIFI_NONSIMD_P" 2>/dev/null)
			set_nosimd 0
			if [ $_kp -eq 1 ]; then
				_h=$(fallback_hits ccmc)
				check $([ "$_h" -gt 0 ]; echo $?) \
					"$_wt with debug_force_nosimd=1 ran on the C fallback (ccm_c_start: $_h hits)" \
					"$_wt with debug_force_nosimd=1: ccm_c_start not reached (0 hits)"
				fallback_probes_off
			fi
			info "$_wt: nonsimd_requests $_n0 -> $_n1 while debug_force_nosimd=1 (the parameter counts only the requests the kernel sends down the non-SIMD path, not forced ones)"
			wifi_xfer "$_wt, debug_force_nosimd=0 again"
		fi
	else
		fail "$_wt: addresses: $(cat /tmp/ip.err)"
	fi
	info "$_wt: station on the AP: $(iw dev "$WIFI_AP_IF" station dump 2>&1 | grep -E 'rx bytes|tx bytes|tx failed|authorized' | tr -s ' \t' ' ' | tr '\n' ';')"
	ip addr flush dev "$WIFI_AP_IF" 2>/dev/null
	ip -n $WIFI_NS addr flush dev "$WIFI_STA_IF" 2>/dev/null

	# the keys go with the supplicant and the AP
	wifi_stop
	poll 100 wifi_keys_out
	_r2=$(alg_refcnt "$_cra" "$_drv" | grep . || echo 0)
	[ -z "$_drv" ] || check $([ "$_r2" -le "$_r0" ]; echo $?) \
		"$_wt: wpa_supplicant and hostapd stopped: $_drv released (refcnt $_r1 -> $_r2)" \
		"$_wt: after stopping wpa_supplicant and hostapd $_drv still holds $_r2 references (before: $_r0)"
	return 0
}

scenario_run() {
	scenario_begin
	_has_ours=$?
	for _p in hostapd wpa_supplicant wpa_cli iw; do
		command -v $_p >/dev/null || { skip "WiFi: every check" "$_p is not in the initramfs (tools/deps.sh installs it)"; return; }
	done
	mod_known mac80211_hwsim || { skip "WiFi: every check" "this kernel has no mac80211_hwsim module"; return; }
	CDRV="" GDRV="" WIFI_NONSIMD_P=/sys/module/$OURS_NAME/parameters/nonsimd_requests
	if [ $_has_ours -eq 0 ]; then
		wg=$(want_impl gcm)
		insmod_marked "insmod wifi" || return
		if CDRV=$(wait_alg_selftest 'ccm(aes)' "$WIFI_CCM_PREFIX" aead 60); then
			pass "$CDRV registered as ccm(aes), selftest : passed after $(elapsed "$T0") s"
		else
			fail "no $WIFI_CCM_PREFIX* ccm(aes) with selftest : passed within 60 s (ccm(aes): $(crypto_oneline 'ccm(aes)'))"
			log_lines "insmod wifi"
			return
		fi
		[ -z "$wg" ] || GDRV=$(wait_alg_selftest 'gcm(aes)' "$(drv_name gcm "$wg" 'gcm(aes)')" aead 30) ||
			fail "no $(drv_name gcm "$wg" 'gcm(aes)') with selftest : passed within 30 s"
		log_lines "insmod wifi"
		# mac80211 asks for a synchronous ccm(aes): ours must be the
		# highest-priority one of those
		_top=$(crypto_list 'ccm(aes)' | awk '$7 == "no" && $8 != "yes"' | sort -k3 -n -r | awk '{ print $1; exit }')
		check $([ "$(alg_field 'ccm(aes)' "$CDRV" 7)" = no ] && [ "$_top" = "$CDRV" ]; echo $?) \
			"$CDRV: async : no, priority $(alg_prio 'ccm(aes)' "$CDRV"), the highest synchronous ccm(aes) (what mac80211 gets)" \
			"$CDRV is not the highest synchronous ccm(aes) (top: $_top; $(crypto_oneline 'ccm(aes)'))"
		if [ -n "$GDRV" ]; then
			_top=$(crypto_list 'gcm(aes)' | awk '$7 == "no" && $8 != "yes"' | sort -k3 -n -r | awk '{ print $1; exit }')
			[ "$_top" = "$GDRV" ] || { info "the highest synchronous gcm(aes) is $_top, not $GDRV: GCMP is reported, not checked"; GDRV=""; }
		fi
	fi

	_t0=$(now)
	mark "wifi hwsim"
	if ! modprobe mac80211_hwsim radios=2 2>/tmp/mp.err || ! poll 300 wifi_two; then
		fail "modprobe mac80211_hwsim radios=2: $(cat /tmp/mp.err) (iw dev: $(iw dev 2>&1 | tr '\n' ' '))"
		return
	fi
	set -- $(wifi_ifaces | head -2 | tr '\n' ' ')
	WIFI_AP_PHY=phy$1 WIFI_AP_IF=$2 WIFI_STA_PHY=phy$3 WIFI_STA_IF=$4
	# Since 7.x mac80211_hwsim takes CCMP/GCMP keys as "hardware" keys
	# and encrypts each frame itself with mac80211's software code
	# (ieee80211_encrypt_tx_skb).  Such keys let mac80211 use its fast
	# transmit path, which reserves no tailroom for the MIC
	# (ieee80211_xmit_fast resizes with ENCRYPT_NO), so a frame whose
	# buffer happens to end at its data trips the WARN_ON at the top of
	# ieee80211_crypto_ccmp/gcmp_encrypt and is dropped, and every
	# retransmission of it too: the transfer stalls.  Before any crypto
	# call, with any ccm(aes) or gcm(aes) driver.  A fragmentation
	# threshold keeps every frame on the regular path, which reserves the
	# tailroom; 2346 fragments nothing here (frames are at most ~1.5 KiB).
	# Set before the station's radio leaves this namespace (iw finds a
	# radio by its name in sysfs).
	for _ph in "$WIFI_AP_PHY" "$WIFI_STA_PHY"; do
		_fr=$(iw phy "$_ph" set frag 2346 2>&1 && iw phy "$_ph" info 2>&1 | grep -i 'fragmentation threshold' | tr -s ' \t' ' ')
		check $(echo "$_fr" | grep -q ': 2346$'; echo $?) \
			"$_ph: fragmentation threshold 2346 (mac80211's regular transmit path, which reserves the MIC's tailroom; 7.x hwsim's fast path does not)" \
			"$_ph: fragmentation threshold 2346 not taken: ${_fr:-no threshold in iw phy $_ph info}"
	done
	ip netns del $WIFI_NS 2>/dev/null
	if ! ip netns add $WIFI_NS 2>/tmp/ip.err || ! iw phy "$WIFI_STA_PHY" set netns name $WIFI_NS 2>>/tmp/ip.err; then
		fail "moving $WIFI_STA_PHY into namespace $WIFI_NS: $(cat /tmp/ip.err)"
		return
	fi
	pass "mac80211_hwsim radios=2 in $(elapsed "$_t0") s: AP $WIFI_AP_PHY/$WIFI_AP_IF, station $WIFI_STA_PHY/$WIFI_STA_IF moved into namespace $WIFI_NS"
	dmesg_since "wifi hwsim" | grep -i -e regulatory -e regdb -e cfg80211 | head -4 |
		while IFS= read -r _l; do info "dmesg: $_l"; done
	mkdir -p /run/hostapd /run/wpas

	# CCMP, with the non-SIMD path forced once
	_nsr0=$(cat "$WIFI_NONSIMD_P" 2>/dev/null)
	wifi_run CCMP 'ccm(aes)' "$CDRV" nosimd

	# GCMP-256, where the radio, hostapd and wpa_supplicant have it
	_ciph=$(iw phy "$WIFI_AP_PHY" info 2>&1 | sed -n '/Supported Ciphers/,/Available Antennas\|Supported interface/p')
	if ! echo "$_ciph" | grep -q 'GCMP-256'; then
		skip "WiFi WPA2-PSK GCMP-256: association and traffic" "$WIFI_AP_PHY does not list GCMP-256 among its ciphers: $(echo "$_ciph" | grep -o '[A-Z][A-Z0-9-]*(' | tr -d '(' | tr '\n' ' ')"
	else
		wifi_run GCMP-256 'gcm(aes)' "$GDRV"
	fi

	[ $_has_ours -ne 0 ] ||
		info "nonsimd_requests over the WiFi runs: $_nsr0 -> $(cat "$WIFI_NONSIMD_P" 2>/dev/null) (requests the kernel sent down the non-SIMD path unforced: a softirq that interrupted an FPU section, before 6.15)"

	# no WiFi user left: the radios go, the module unloads
	_rm=$(rmmod mac80211_hwsim 2>&1)
	check $? "rmmod mac80211_hwsim" "rmmod mac80211_hwsim: $_rm"
	ip netns del $WIFI_NS 2>/dev/null
	[ $_has_ours -eq 0 ] || return
	poll 50 rmmod "$OURS_NAME" && pass "rmmod $OURS_NAME after the WiFi keys are gone" ||
		rmmod_check "after the WiFi keys are gone"
}
