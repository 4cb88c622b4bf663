# shellcheck shell=sh
# vm: cpu=max timeout=900 run=tcrypt-bench.sh
# bench (tcrypt-bench.sh, -cpu max): tcrypt speed tests of ctr(aes) (modes
# 200, 500), gcm(aes) and rfc4106(gcm(aes)) (mode 211), AF_ALG timings of
# the authenc AEADs and cryptsetup benchmark -c aes-xts, before and after
# the module.  Output lines for the host (tcrypt-bench.sh):
#   TCRYPT <before|after> <mode>: <tcrypt's log line>
#   AUTHENCSPEED <before|after> <driver> <afalg_authenc --speed line>
#   CSBENCH <before|after> <driver> <key bits> <encrypt MiB/s> <decrypt MiB/s>

# each mode TCRYPT_REPEAT times (the host keeps the best of each)
tcrypt_runs() {	# $1 = before|after
	for _mode in 200 500 211; do
		_r=1
		while [ $_r -le "$TCRYPT_REPEAT" ]; do
			mark "tcrypt $1 mode=$_mode run=$_r"
			vminsmod /lib/modules/$KVER/kernel/crypto/tcrypt.ko mode=$_mode sec=$TCRYPT_SEC 2>/dev/null
			dmesg_since "tcrypt $1 mode=$_mode run=$_r" | nots |
				while IFS= read -r _l; do out "TCRYPT $1 $_mode: $_l"; done
			_r=$((_r + 1))
		done
	done
}

# tcrypt has no speed mode for authenc(hmac(sha*),cbc(aes)) (6.1 to 7.3:
# only the des/des3_ede compositions are tested, and not for speed), so
# these are timed through AF_ALG by name (afalg_authenc --speed): the
# template instance before the module, ours after; the driver is the
# highest-priority entry of the name
authenc_speed() {	# $1 = before|after
	for _n in "$AUTHENC_SHA1" "$AUTHENC_SHA256"; do
		afalg_authenc --speed "$_n" 0.5 >/tmp/sp.out 2>&1
		_d=$(crypto_list "$_n" | sort -k3 -n -r | awk '{ print $1; exit }')
		while IFS= read -r _l; do
			case "$_l" in
			SPEED:*) out "AUTHENCSPEED $1 $_d ${_l#SPEED: }" ;;
			FAIL:*) fail "${_l#FAIL: }" ;;
			esac
		done </tmp/sp.out
	done
}

# cryptsetup benchmark -c aes-xts (through AF_ALG, what `cryptsetup
# benchmark` users see) with 256- and 512-bit keys; $1 = before|after; the
# driver is the highest-priority one for xts(aes), which the benchmark's
# "xts(aes)" socket binds
xts_cryptsetup_bench() {
	mkdir -p /run/cryptsetup
	_drv=$(crypto_list 'xts(aes)' | sort -k3,3n | tail -1 | cut -d' ' -f1)
	for _ks in 256 512; do
		_l=$(cryptsetup benchmark -c aes-xts -s $_ks 2>/dev/null |
			awk '$1 == "aes-xts" && $4 == "MiB/s" { print $3, $5 }')
		if [ -n "$_l" ]; then
			out "CSBENCH $1 ${_drv:-?} $_ks $_l"
		else
			info "cryptsetup benchmark -c aes-xts -s $_ks ($1) printed no result"
		fi
	done
}

scenario_run() {
	load_stock || info "not all stock modules loaded"
	need_modules -q gcm ghash_generic || info "gcm modules did not load"
	authenc_modules -q || info "authenc modules did not load"
	wait_stock_ctr 30 >/dev/null
	tcrypt_runs before
	authenc_speed before
	modprobe xts 2>/dev/null
	xts_cryptsetup_bench before
	if [ -n "$OURS_KO" ] && ours_insmod && d=$(wait_selftest ctr-aes-aesnictr- 30); then
		info "module under test: $d"
		tcrypt_runs after
		xts_cryptsetup_bench after
		if wait_alg_selftest "$AUTHENC_SHA256" authenc-hmac-sha256-cbc-aes-aesnictr- aead 30 >/dev/null &&
			wait_alg_selftest "$AUTHENC_SHA1" authenc-hmac-sha1-cbc-aes-aesnictr- aead 30 >/dev/null; then
			authenc_speed after
		else
			info "the authenc family is not registered (no SHA-NI?): no authenc speed after"
		fi
	else
		fail "module under test not loaded: ${INSMOD_ERR:-not built}"
	fi
}
