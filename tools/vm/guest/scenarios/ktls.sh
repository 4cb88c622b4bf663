# shellcheck shell=sh
# vm: cpu=max timeout=600 all=210
# ktls (-cpu max, 2 vCPUs): kernel TLS (tls.ko's software path) through our
# AEADs.  ktls_xfer keys both ends of a loopback TCP connection by hand
# (each end's TLS_TX the other's TLS_RX) for TLS_CIPHER_AES_CCM_128 (ccm(aes)),
# TLS_CIPHER_AES_GCM_128 and _256 (gcm(aes)), TLS 1.2 and 1.3:
#   * VM_KTLS_BYTES (1 MiB) each way at once, every byte checked; while the
#     sockets are open (ktls_xfer's HOLD) our driver's /proc/crypto refcnt
#     is up by exactly 4 (TX and RX transforms of both ends) and no other
#     entry of the name rose; it falls back once they are closed;
#   * the raw stream of a TLS_TX socket read without TLS_RX: TLS records,
#     each decrypted in userspace through AF_ALG by the kernel's generic
#     template (gcm_base/ccm_base over aes-generic, 7.x aes-lib), not ours;
#   * a receiver keyed with one key bit flipped, or with rec_seq + 1, gets
#     EBADMSG (TlsDecryptError in /proc/net/tls_stat counts them);
#   * kprobes on the C fallbacks (ccm_c_start, aesnictr_gcm_crypt_generic):
#     no hits over those runs; then CCM-128/TLS 1.3 and GCM-128/TLS 1.2 once
#     more with debug_force_nosimd=1, with hits (nonsimd_requests does not
#     count forced requests, so it is information only).
# A kernel without the TLS ULP is a SKIP per run, never a pass.

KTLS_BYTES=1048576	# each way per xfer run
KTLS_WIRE=65536		# bytes in records decrypted by the oracle
KTLS_GO=/tmp/ktls.go
KTLS_STAT=/proc/net/tls_stat

# the kernel's own composition of the name, by driver name (AF_ALG oracle)
ktls_oracle() {
	_ag=aes-generic _gh=ghash-generic
	grep -q '^driver *: aes-lib$' /proc/crypto && _ag=aes-lib _gh=ghash-lib
	case "$1" in
	ccm128) echo "ccm_base(ctr($_ag),cbcmac($_ag))" ;;
	*) echo "gcm_base(ctr($_ag),$_gh)" ;;
	esac
}
tls_stat() { awk -v k="$1" '$1 == k { print $2; f = 1 } END { if (!f) print 0 }' $KTLS_STAT 2>/dev/null; }

# ktls_tool ARGS...: run ktls_xfer, relay its lines; exit 77 (no TLS ULP)
# is a SKIP with its reason
ktls_tool() {
	ktls_xfer "$@" >/tmp/ktls.out 2>&1
	ktls_relay $? "$*"
}
ktls_relay() {	# STATUS WHAT
	if [ "$1" -eq 77 ]; then
		skip "ktls_xfer $2" "$(sed -n 's/^SKIP: //p' /tmp/ktls.out | head -1)"
		return 77
	fi
	relay_out /tmp/ktls.out "$1" "ktls_xfer $2"
}

# ktls_held CIPHER VER DRIVER CRA: the transfer with the hold; our refcnt
# +4 while both ends are open, no other entry of CRA up, back afterwards
ktls_held() {
	_c=$1 _v=$2 _d=$3 _n=$4
	rm -f $KTLS_GO
	crypto_list "$_n" | awk '{ print $1, $4 }' | sort >/tmp/ktls.ref0
	_r0=$(alg_refcnt "$_n" "$_d")
	: >/tmp/ktls.out	# (emptied before the fork, as in hold_start)
	ktls_xfer xfer "$_c" "$_v" "$KTLS_BYTES" $KTLS_GO >/tmp/ktls.out 2>&1 &
	_kpid=$!
	HOLD_PID=$_kpid
	poll 1800 hold_ready_ktls
	_held=0
	if grep -q '^HOLD:' /tmp/ktls.out; then
		_held=1
		crypto_list "$_n" | awk '{ print $1, $4 }' | sort >/tmp/ktls.ref1
		_r1=$(alg_refcnt "$_n" "$_d")
	fi
	touch $KTLS_GO
	wait $_kpid
	ktls_relay $? "xfer $_c $_v $KTLS_BYTES" || return
	[ $_held -eq 1 ] || { fail "kTLS $_c $_v: ktls_xfer never held its sockets open"; return; }
	_oth=$(awk 'NR == FNR { b[$1] = $2; next } ($1 in b) && $2 > b[$1] { print $1 " " b[$1] "->" $2 }' \
		/tmp/ktls.ref0 /tmp/ktls.ref1 | grep -v "^$_d " | tr '\n' ' ')
	check $([ "$((_r1 - _r0))" -eq 4 ] && [ -z "$_oth" ]; echo $?) \
		"kTLS $_c TLS $_v: while both ends are open $_d's refcnt is up by 4 ($_r0 -> $_r1: TX and RX of each end) and no other $_n entry rose" \
		"kTLS $_c TLS $_v: $_d refcnt $_r0 -> $_r1 while both ends are open (want +4); other $_n entries that rose: ${_oth:-none} ($(crypto_oneline "$_n"))"
	KTLS_R0=$_r0 KTLS_D=$_d KTLS_N=$_n
	poll 100 ktls_released
	_r2=$(alg_refcnt "$_n" "$_d")
	check $([ "$_r2" = "$_r0" ]; echo $?) \
		"kTLS $_c TLS $_v: closing the sockets released them ($_d refcnt back to $_r2)" \
		"kTLS $_c TLS $_v: $_d refcnt $_r2 after the sockets closed (was $_r0)"
}
hold_ready_ktls() { grep -q '^HOLD:' /tmp/ktls.out || ! kill -0 "$HOLD_PID" 2>/dev/null; }
ktls_released() { [ "$(alg_refcnt "$KTLS_N" "$KTLS_D")" = "$KTLS_R0" ]; }

# ktls_bad CIPHER VER: the wrong-key and wrong-sequence receivers
ktls_bad() {
	_e0=$(tls_stat TlsDecryptError)
	ktls_tool badkey "$1" "$2" || return
	[ -r $KTLS_STAT ] || { info "no $KTLS_STAT"; return; }
	_e1=$(tls_stat TlsDecryptError)
	check $([ $((_e1 - _e0)) -eq 2 ]; echo $?) \
		"kTLS $1 TLS $2: TlsDecryptError counted both forged receptions ($_e0 -> $_e1)" \
		"kTLS $1 TLS $2: TlsDecryptError $_e0 -> $_e1 (want +2)"
}

# every test of one cipher; $2 = its driver, $3 = the name
ktls_cipher() {
	_t0=$(now)
	for _v in 1.2 1.3; do
		ktls_held "$1" $_v "$2" "$3"
		ktls_tool wire "$1" $_v $KTLS_WIRE "$(ktls_oracle "$1")"
		ktls_bad "$1" $_v
	done
	info "kTLS $1: $(elapsed "$_t0") s"
}

scenario_run() {
	scenario_begin || { fail "ktls: needs the module under test (not with VM_MODULE=stock)"; return; }
	need_modules algif_aead gcm ghash_generic ccm ctr tls &&
		pass "modules loaded: algif_aead gcm ghash_generic ccm ctr tls"
	info "before insmod: ccm(aes): $(crypto_list 'ccm(aes)' | awk '{ printf "%s(%s) ", $1, $3 }')gcm(aes): $(crypto_list 'gcm(aes)' | awk '{ printf "%s(%s) ", $1, $3 }')"
	insmod_marked "insmod ktls" || return
	_ok=1
	for _a in "ccm(aes) ccm-aes-aesnictr- CDRV" "gcm(aes) gcm-aes-aesnictr- GDRV"; do
		set -- $_a
		if _d=$(wait_alg_selftest "$1" "$2" aead 60); then
			eval "$3=\$_d"
			pass "$_d registered as $1, selftest : passed after $(elapsed "$T0") s"
		else
			fail "no $2* with selftest : passed within 60 s ($1: $(crypto_oneline "$1"))"
			_ok=0
		fi
	done
	log_lines "insmod ktls"
	[ $_ok -eq 1 ] || return
	for _a in "ccm(aes) $CDRV" "gcm(aes) $GDRV"; do
		set -- $_a
		_top=$(crypto_list "$1" | sort -k3 -n -r | awk '{ print $1; exit }')
		check $([ "$_top" = "$2" ]; echo $?) \
			"$2 is the highest-priority $1 ($(alg_prio "$1" "$2")): what tls.ko's crypto_alloc_aead(\"$1\") gets" \
			"the highest-priority $1 is $_top, not ours ($(crypto_oneline "$1"))"
	done
	ip link set lo up
	check $? "loopback up (the kTLS connections run over 127.0.0.1)" "ip link set lo up failed" || return
	info "tls ULP: $(cat /proc/sys/net/ipv4/tcp_available_ulp 2>/dev/null)"

	_nsr=/sys/module/$OURS_NAME/parameters/nonsimd_requests
	_n0=$(cat $_nsr 2>/dev/null)
	_kp=0
	fallback_probes_on && _kp=1
	ktls_cipher ccm128 "$CDRV" 'ccm(aes)'
	ktls_cipher gcm128 "$GDRV" 'gcm(aes)'
	ktls_cipher gcm256 "$GDRV" 'gcm(aes)'
	_n1=$(cat $_nsr 2>/dev/null)
	if [ $_kp -eq 1 ]; then
		_h="$(fallback_hits ccmc) $(fallback_hits gcmc)"
		if [ "$_h" = "0 0" ]; then
			pass "the C fallback never ran on the SIMD path (kprobes on ccm_c_start, aesnictr_gcm_crypt_generic: 0 hits)"
		elif [ "$_n1" != "$_n0" ]; then
			info "C fallback hits $_h: nonsimd_requests $_n0 -> $_n1 (the kernel sent requests down the non-SIMD path)"
		else
			fail "the C fallback ran on the SIMD path (hits of ccm_c_start, aesnictr_gcm_crypt_generic: $_h), nonsimd_requests unchanged ($_n0)"
		fi
	fi

	# --- the non-SIMD path ----------------------------------------------
	if set_nosimd 1; then
		_t0=$(now)
		for _a in "ccm128 1.3 $CDRV ccm(aes) ccmc ccm_c_start" "gcm128 1.2 $GDRV gcm(aes) gcmc aesnictr_gcm_crypt_generic"; do
			set -- $_a
			_h0=$(fallback_hits $5)
			ktls_held $1 $2 $3 "$4"
			[ $_kp -eq 1 ] || continue
			_h1=$(fallback_hits $5)
			check $([ "$_h1" -gt "$_h0" ]; echo $?) \
				"kTLS $1 TLS $2 with debug_force_nosimd=1 ran on the C fallback ($6: $_h0 -> $_h1 hits)" \
				"kTLS $1 TLS $2 with debug_force_nosimd=1: $6 not reached ($_h0 -> $_h1 hits)"
		done
		check $([ "$(cat "$NOSIMD_P")" = Y ]; echo $?) \
			"debug_force_nosimd still Y after the non-SIMD transfers ($(elapsed "$_t0") s)" \
			"debug_force_nosimd is $(cat "$NOSIMD_P") after the non-SIMD transfers"
		set_nosimd 0
	fi
	info "nonsimd_requests $_n0 -> $_n1 -> $(cat $_nsr 2>/dev/null) (before, after the SIMD runs, after the forced ones: it counts only requests the kernel sent down the non-SIMD path unforced, not debug_force_nosimd's)"
	[ -r $KTLS_STAT ] && info "tls_stat: $(tr -s ' \t' ' ' <$KTLS_STAT | tr '\n' ';')"
	[ $_kp -eq 0 ] || fallback_probes_off
	rmmod_check "after the kTLS sockets are gone"
}
