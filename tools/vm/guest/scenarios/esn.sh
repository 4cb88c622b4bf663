# shellcheck shell=sh
# vm: cpu=max timeout=1200 all=150
# esn (-cpu max, 2 vCPUs): the AEADs IPsec ESP allocates for SAs with
# extended sequence numbers and for SHA-384/512 integrity:
#   family authenc:        authencesn(hmac(sha1),cbc(aes)),
#                          authencesn(hmac(sha256),cbc(aes))
#   family authenc-sha512: authenc(hmac(sha384|sha512),cbc(aes)),
#                          authencesn(hmac(sha384|sha512),cbc(aes))
# drivers <authenc|authencesn>-hmac-<hash>-cbc-aes-aesnictr-avx.  A name
# this build of the module does not serve (its .ko has no such
# MODULE_ALIAS_CRYPTO) is a SKIP, never a pass; one it contains must register.
# For each: selftest : passed, ours above the template instance (made
# before the insmod), resolution by name; AF_ALG differential fuzz against
# the template over the generic parts by driver name (ESN_N cases, two
# names at a time), then ESN_NOSIMD_N with debug_force_nosimd=1; the Copy
# Fail pattern (afalg_splice: input spliced from a read-only file, which
# must stay unchanged, by driver name and by algorithm name: ours must
# serve it), also for the authenc names, and on the stock template as
# information; IPsec ESP with ESN (replay-window 64, seq-hi = oseq-hi =
# ESN_HI, not 0) for hmac(sha256) truncated to 128 bits and hmac(sha512)
# truncated to 256 bits: the template on one side (its SAs made before the
# insmod) and ours on the other, then ours on both sides, then ours with
# debug_force_nosimd=1; the module unloads at the end.

# "cra_name:family:mode" (mode: afalg_authenc's and afalg_splice's)
ESN_NAMES="authencesn(hmac(sha1),cbc(aes)):authenc:esn-sha1
authencesn(hmac(sha256),cbc(aes)):authenc:esn-sha256
authenc(hmac(sha384),cbc(aes)):authenc-sha512:sha384
authenc(hmac(sha512),cbc(aes)):authenc-sha512:sha512
authencesn(hmac(sha384),cbc(aes)):authenc-sha512:esn-sha384
authencesn(hmac(sha512),cbc(aes)):authenc-sha512:esn-sha512"

# does the module under test serve cra_name $1 (its MODULE_ALIAS_CRYPTO, an
# "alias=<name>" string in the .ko: the driver names are formatted at
# load)?  Then the driver must appear in the guest too.
# (busybox grep stops at a NUL: the .ko's strings one a line first)
ko_has() { tr '\0' '\n' <"$OURS_KO" | grep -q -F -x "alias=$1"; }

# esn_entry LINE: sets _cra, _fam, _mode and _drv from one ESN_NAMES line
# ("cra:family:mode"; the driver: the registered one of ours, whatever
# its implementation suffix, else the avx name) or /tmp/esn.present line
# ("cra:family:mode:driver")
esn_entry() {
	_cra=${1%%:*}
	_fam=${1#*:}
	_fam=${_fam%%:*}
	_mode=${1#*:*:}
	_drv=${_mode#*:}
	_mode=${_mode%%:*}
	[ "$_drv" != "$_mode" ] && return
	_drv=$(ours_driver "$_cra")
	_drv=${_drv%% *}
	[ -n "$_drv" ] || _drv=$(drv_name "$_fam" avx "$_cra")
}
# the highest-priority entry of cra_name $1 that is not ours; stock_at_start:
# the one it was before the insmod (the template instance then made; later
# the generic oracle's instances are there too, 7.x ranks them oddly)
stock_instance() {
	crypto_list "$1" | awk '$1 !~ /aesnictr/ && $3 + 0 > b { b = $3 + 0; d = $1 } END { print d }'
}
stock_at_start() { awk -v c="$1" '$1 == c { print $2; exit }' /tmp/esn.stock; }

# two fuzz runs at once: esn_fuzz_pair IMPL N LINE LINE|"" [OPTIONS...]
# (IMPL for the COVERED lines: avx or nosimd)
esn_fuzz_pair() {
	_cv=$1 _n=$2 _l1=$3 _l2=${4:-}
	shift 4
	esn_entry "$_l1"
	_c1=$_cra _f1=$_fam _i1=${_drv##*-}
	bg_tool f1 "" afalg_authenc "$@" "$_mode" "$_drv" "$_n"
	if [ -n "$_l2" ]; then
		esn_entry "$_l2"
		_c2=$_cra _f2=$_fam _i2=${_drv##*-}
		bg_tool f2 "" afalg_authenc "$@" "$_mode" "$_drv" "$_n"
	fi
	bg_wait
	[ -z "$_cv" ] && return
	# (bg_wait sets BG_RC_<name>)
	# shellcheck disable=SC2154
	[ "$_cv" = nosimd ] && _i1=nosimd _i2=nosimd
	covered_if "$BG_RC_f1" "$_f1" "$_i1" "$_c1"
	[ -z "$_l2" ] || covered_if "$BG_RC_f2" "$_f2" "$_i2" "$_c2"
}

# the stock template's run of afalg_splice: every line as information
splice_info() {
	afalg_splice --info "$@" >/tmp/splice.info 2>&1
	_rc=$?
	while IFS= read -r _l; do info "stock template, $2: ${_l}"; done </tmp/splice.info
	info "stock template, $2: afalg_splice exit status $_rc (information only: the template is the kernel's)"
}
# ours by driver name, and by algorithm name (ours must serve it)
splice_ours() {	# MODE DRIVER CRA_NAME
	run_tool afalg_splice "$1" "$2"
	run_tool afalg_splice --nosimd-param "$NOSIMD_P" "$1" "$3"
	check $(grep -q "^PASS: splice $3 (served by $2;" /tmp/tool.out; echo $?) \
		"afalg_splice by the name $3: served by $2 (its /proc/crypto refcnt rose)" \
		"afalg_splice by the name $3: not served by $2 ($(grep -o 'served by [^;)]*' /tmp/tool.out | head -1))"
}

# IPsec ESN: the driver $2 (empty: none of ours) must carry the SAs of the
# side(s) made after the insmod: its refcnt rose by $3 and ESP's
# transforms include echainiv($2)
esn_uses() {	# CRA DRIVER WANT_DELTA R0 TAG
	_r1=$(alg_refcnt "$1" "$2")
	_inst=$(crypto_list "echainiv($1)" | awk '{ print $1 }' | tr '\n' ' ')
	case " $_inst " in *" echainiv($2) "*) _hasinst=0 ;; *) _hasinst=1 ;; esac
	check $([ "${_r1:-0}" -ge $((${4:-0} + $3)) ] && [ $_hasinst -eq 0 ]; echo $?) \
		"$5: $3 SAs use $2 (its /proc/crypto refcnt $4 -> $_r1; ESP's transforms: ${_inst% })" \
		"$5: the SAs did not take $2 (refcnt $4 -> $_r1; echainiv($1) instances: ${_inst:-none}; $1: $(crypto_oneline "$1"))"
}

esn_stock_released() { [ "$(alg_refcnt "$1" "$ESN_STI" | grep . || echo 0)" -le $((${ESN_TR1:-0} - 2)) ] 2>/dev/null; }
esn_released() { [ "$(alg_refcnt "$1" "$2" | grep . || echo 0)" -le "${ESN_RB:-0}" ] 2>/dev/null; }

scenario_run() {
	_st0=$(now)
	scenario_begin
	_has_ours=$?
	esn_modules &&
		pass "stock modules loaded (algif_aead algif_hash authenc authencesn hmac cbc sha1 sha256 sha512 echainiv, and those of main)"
	[ $_has_ours -eq 0 ] || return
	wa=$(want_impl authenc)
	[ -n "$wa" ] || { fail "the authenc family cannot run on this CPU ($(impl_missing authenc avx) missing): scenario misconfigured"; return; }
	report_uncovered authenc-sha512
	modprobe jitterentropy_rng 2>/dev/null
	need_modules xfrm_user esp4 veth seqiv sha512_generic drbg || return

	# --- before the insmod: the template instances, the template side
	# of two IPsec ESN pairs --------------------------------------------
	echo "$ESN_NAMES" >/tmp/esn.names
	: >/tmp/esn.stock
	while IFS= read -r _l; do
		esn_entry "$_l"
		afalg_authenc --hold "$_cra" 0 >/dev/null 2>&1 || info "could not instantiate the stock $_cra"
		info "stock $_cra: $(crypto_list "$_cra" | awk '{ printf "%s(%s) ", $1, $3 }')"
		echo "$_cra $(stock_instance "$_cra")" >>/tmp/esn.stock
	done </tmp/esn.names
	_ipok=1
	for _pp in "em sha256" "en sha512"; do
		set -- $_pp
		_c="authencesn(hmac($2),cbc(aes))"
		_ra=$(alg_refcnt "$_c" "$(stock_at_start "$_c")")
		if ! { esn_prepare "$1" "$2" && esn_side "$1" 1; } 2>/tmp/ip.err; then
			fail "IPsec ESN $2 (template side, before the insmod): $(tr '\n' ' ' </tmp/ip.err)"
			_ipok=0
		fi
		# does the template instance's refcnt count the SAs here?
		eval "ESN_PRE_$2=\"${_ra:-0} $(alg_refcnt "$_c" "$(stock_at_start "$_c")")\""
	done
	info "before the insmod, ESP's ESN transforms: $(crypto_list 'echainiv(authencesn(hmac(sha256),cbc(aes)))' | awk '{ print $1 }') $(crypto_list 'echainiv(authencesn(hmac(sha512),cbc(aes)))' | awk '{ print $1 }')"

	# --- load, self-tests, priority, resolution ---------------------
	insmod_marked "insmod esn" || return
	ADRV256=$(drv_name authenc $wa "$AUTHENC_SHA256")
	_d=$(wait_alg_selftest "$AUTHENC_SHA256" "$ADRV256" aead 60)
	check $([ "$_d" = "$ADRV256" ]; echo $?) "$ADRV256 (present before this work) registered, selftest : passed" \
		"no $ADRV256 with selftest : passed within 60 s"
	: >/tmp/esn.present
	while IFS= read -r _l; do
		esn_entry "$_l"
		if ! ko_has "$_cra"; then
			skip "$_drv ($_cra): registered, selftest, priority, fuzz, Copy Fail, IPsec" \
				"this build of $OURS_NAME does not serve $_cra (no MODULE_ALIAS_CRYPTO; not landed in main yet)"
			continue
		fi
		_pfx=$(drv_name "$_fam" "" "$_cra")
		if _d=$(wait_alg_selftest "$_cra" "$_pfx" aead 60) && [ -n "$_d" ]; then
			_drv=$_d
			pass "$_drv registered as $_cra, selftest : passed after $(elapsed "$T0") s"
		else
			fail "$OURS_NAME serves $_cra (MODULE_ALIAS_CRYPTO), but no $_pfx* with selftest : passed within 60 s ($_cra: $(crypto_oneline "$_cra"))"
			continue
		fi
		_nt=$(dmesg_since "insmod esn" | grep -F "alg: No test for $_cra ($_drv)" | head -1 | nots)
		[ -n "$_nt" ] && info "the crypto manager has no test vectors for $_cra: '$_nt' (its selftest : passed proves nothing; the fuzz below is the check)"
		check_entry "$_cra" "$_drv" aead
		check_priority_of "$_cra" "$_drv"
		check_resolution "$_cra" "$_drv"
		echo "$_l:$_drv" >>/tmp/esn.present
	done </tmp/esn.names
	log_lines "insmod esn"
	_ll=$(dmesg_since "insmod esn" | grep "$OURS_NAME: authenc-sha512:" | tail -1 | nots)
	[ -n "$_ll" ] && info "authenc-sha512 load line: $_ll"

	# --- differential fuzz: ours, two names at a time; then forced
	# non-SIMD; without any of ours, the rig against the stock template -
	_tf=$(now)
	set -- $(cat /tmp/esn.present)
	while [ $# -gt 0 ]; do
		esn_fuzz_pair avx "$ESN_N" "$1" "${2:-}"
		shift
		[ $# -gt 0 ] && shift
	done
	info "esn: fuzz of $(wc -l </tmp/esn.present) names x $ESN_N cases: $(elapsed "$_tf") s"
	if [ -s /tmp/esn.present ] && set_nosimd 1; then
		set -- $(cat /tmp/esn.present)
		while [ $# -gt 0 ]; do
			esn_fuzz_pair nosimd "$ESN_NOSIMD_N" "$1" "${2:-}"
			shift
			[ $# -gt 0 ] && shift
		done
		set_nosimd 0
	fi
	if ! grep -q '^authencesn(hmac(sha256)' /tmp/esn.present; then
		# the fuzzer's authencesn mode against the stock template instance:
		# a check of the rig (its oracle, error codes, ESN tag order)
		_si=$(stock_at_start 'authencesn(hmac(sha256),cbc(aes))')
		run_tool_tag "rig self-test on the stock template: " afalg_authenc esn-sha256 "$_si" 300
		_si=$(stock_at_start 'authencesn(hmac(sha512),cbc(aes))')
		run_tool_tag "rig self-test on the stock template: " afalg_authenc esn-sha512 "$_si" 200
	fi

	# --- the Copy Fail pattern ------------------------------------------
	_tf=$(now)
	for _l in "$AUTHENC_SHA1:authenc:sha1" "$AUTHENC_SHA256:authenc:sha256" $(cat /tmp/esn.present); do
		esn_entry "$_l"
		splice_ours "$_mode" "$_drv" "$_cra"
	done
	for _m in esn-sha256:'authencesn(hmac(sha256),cbc(aes))' esn-sha512:'authencesn(hmac(sha512),cbc(aes))'; do
		_cra=${_m#*:}
		splice_info "${_m%%:*}" "$(stock_at_start "$_cra")"
		_mm=${_m%%:*}
		splice_info "$_mm" "${_cra%%(*}(hmac(${_mm#esn-}-generic),cbc(aes-generic))"
	done
	info "esn: Copy Fail checks $(elapsed "$_tf") s. Note: Debian's 6.1 and 6.12 and 7.3 carry the AF_ALG fix: af_alg_sendmsg copies spliced data into pages of its own and algif_aead runs out of place, so the file's pages never reach the AEAD here; these checks prove the pattern end to end (results, file unchanged), they cannot expose a driver that writes its source on these kernels"

	# --- IPsec ESP with ESN ---------------------------------------------
	_tf=$(now)
	for _h in sha256 sha512; do
		_cra="authencesn(hmac($_h),cbc(aes))"
		_drv=$(grep "^authencesn(hmac($_h)" /tmp/esn.present | cut -d: -f4)
		_ours=1
		[ -n "$_drv" ] || _drv=$(drv_name authenc avx "$_cra") _ours=0
		_sti=$(stock_at_start "$_cra")
		case $_h in
		sha256) _p=em _tag="IPsec ESP ESN cbc(aes) AES-128 + hmac(sha256) truncated to 128 bits" ;;
		sha512) _p=en _tag="IPsec ESP ESN cbc(aes) AES-256 + hmac(sha512) truncated to 256 bits" ;;
		esac
		[ $_ipok -eq 1 ] || continue
		ESN_RB=$(alg_refcnt "$_cra" "$_drv")
		# template (side 1, made before the insmod) <-> ours (side 2)
		_r0=$(alg_refcnt "$_cra" "$_drv")
		if ! esn_side $_p 2 2>/tmp/ip.err; then
			fail "$_tag: ip xfrm state/policy add (side 2): $(tr '\n' ' ' </tmp/ip.err)"
			esn_teardown $_p
			continue
		fi
		if [ $_ours -eq 1 ]; then
			esn_uses "$_cra" "$_drv" 2 "$_r0" "$_tag, template <-> ours"
			esn_transfer $_p "$_tag, seq-hi $ESN_HI, the stock template (side 1) <-> $_drv (side 2)"
		else
			skip "$_tag: our driver carries side 2" "this build of $OURS_NAME has no $_drv"
			esn_transfer $_p "$_tag, seq-hi $ESN_HI, stock template on both sides (a check of the rig: our $_drv is not there)"
		fi
		# side 1 kept the template: its instance loses 2 references
		# when side 1's SAs go (ESP's echainiv(template) instance is
		# gone from /proc/crypto once ours registered; the live SAs'
		# transforms stay)
		_tr1=$(alg_refcnt "$_cra" "$_sti")
		esn_teardown $_p
		ESN_STI=$_sti ESN_TR1=$_tr1
		poll 50 esn_stock_released "$_cra"
		_tr2=$(alg_refcnt "$_cra" "$_sti")
		eval "set -- \$ESN_PRE_$_h"
		if [ $_ours -eq 0 ]; then
			:
		elif [ "${2:-0}" -lt $((${1:-0} + 2)) ]; then
			skip "$_tag: side 1 ran on the stock template $_sti (by its refcnt)" \
				"on this kernel the instance's refcnt did not count side 1's SAs even before the insmod ($1 -> $2 when they were made; $_tr1 -> $_tr2 when deleted)"
		elif [ "${_tr1:-0}" -lt "$2" ]; then
			# (7.3: back to its old value once ours registered, the
			# SAs still working: what side 1 ran on is not known)
			skip "$_tag: side 1 ran on the stock template $_sti (by its refcnt)" \
				"the instance's refcnt counted side 1's SAs when they were made ($1 -> $2) but no longer after the insmod ($_tr1 before they were deleted, $_tr2 after): not measurable on this kernel"
		else
			check $(esn_stock_released "$_cra"; echo $?) \
				"$_tag: side 1 ran on the stock template $_sti (its refcnt $1 -> $2 when side 1's SAs were made before the insmod, $_tr1 -> $_tr2 when they were deleted)" \
				"$_tag: side 1 was not on the stock template $_sti? (its refcnt $1 -> $2 when side 1's SAs were made, $_tr1 -> $_tr2 when they were deleted, want 2 less)"
		fi
		[ $_ours -eq 1 ] || continue
		# ours on both sides, then ours with the non-SIMD path forced
		for _ns in 0 1; do
			[ $_ns -eq 0 ] || set_nosimd 1 || continue
			_t2="$_tag, seq-hi $ESN_HI, $_drv on both sides"
			[ $_ns -eq 0 ] || _t2="$_t2, debug_force_nosimd=1"
			_r0=$(alg_refcnt "$_cra" "$_drv")
			if esn_prepare eo $_h && esn_side eo 1 && esn_side eo 2; then
				esn_uses "$_cra" "$_drv" 4 "$_r0" "$_t2"
				esn_transfer eo "$_t2"
			else
				fail "$_t2: setting up the SAs failed"
			fi
			esn_teardown eo
			[ $_ns -eq 0 ] || set_nosimd 0
		done
		# the SAs' transforms are freed asynchronously (RCU, netns cleanup)
		poll 50 esn_released "$_cra" "$_drv"
		check $(esn_released "$_cra" "$_drv"; echo $?) \
			"$_tag: deleting the SAs released $_drv (refcnt back to ${ESN_RB:-0})" \
			"$_tag: deleting the SAs did not release $_drv within 5 s (refcnt $(alg_refcnt "$_cra" "$_drv"), ${ESN_RB:-0} before)"
	done
	info "esn: IPsec ESN runs $(elapsed "$_tf") s"

	# --- no user left: the module unloads -----------------------------
	poll 50 rmmod "$OURS_NAME" || true
	if ours_loaded; then
		rmmod_check "after the AF_ALG and IPsec ESN users are gone"
	else
		pass "rmmod $OURS_NAME after the AF_ALG and IPsec ESN users are gone"
	fi
	info "esn scenario wall time: $(elapsed "$_st0") s (emulated guest; ESN_N=$ESN_N, ESN_NOSIMD_N=$ESN_NOSIMD_N, IPSEC_BYTES=$IPSEC_BYTES)"
}
