# shellcheck shell=sh
# vm: cpu=max timeout=600 all=180 run=special
# stockabsent (-cpu max): aesni_intel is taken out of the module tree for
# this boot (its file moved away, its modules.dep and modules.alias lines
# dropped), so neither modprobe nor the module's request_module("aesni-intel")
# can load it.  Our module must load without creating any crypto instance
# but its own, register every family at 1000 saying "no stock driver
# found" (authenc and ccm: 4500, "above the <family> template"), and
# gcm(aes), ctr(aes), xts(aes), rfc4106(gcm(aes)), the authenc names,
# ccm(aes) and rfc4309(ccm(aes)) must resolve to ours.  Then aesni_intel is loaded
# (insmod of its file): ours keeps its priority and the names still resolve
# to ours; then ours is reloaded and follows the stock-present rules.

# every algorithm of every family that runs here: ours has the priority
# the policy gives (since mark $1) and the name resolves to the winner; with
# $2 = "unchanged" each of our drivers must still have the priority it had
# at the last call without it
names_resolve() {
	[ "${2:-}" = unchanged ] || : >/tmp/prio.first
	for _fm in $FAMILIES; do
		[ -n "$(want_impl $_fm)" ] || continue
		for _a in $(family_algs $_fm); do
			_an=${_a%:*}
			_d=$(ours_driver "$_an")
			_p=$(alg_prio "$_an" "$_d")
			_p0=$(awk -v d="$_d" '$1 == d { print $2 }' /tmp/prio.first)
			[ "${2:-}" = unchanged ] || echo "$_d $_p" >>/tmp/prio.first
			[ "${2:-}" != unchanged ] || check $([ "$_p" = "$_p0" ]; echo $?) "$_d still at priority $_p" \
				"$_d at priority ${_p:-?}, was ${_p0:-?}"
			check_priority_policy "$_an" "$_d" $_fm "$1"
			check_resolution "$_an" "$(expected_winner "$_an" "$_d" $_fm "$1")"
		done
	done
}

scenario_run() {
	[ -n "$OURS_KO" ] || { info "no module under test"; return; }
	hide_stock
	check $? "aesni_intel hidden for this boot ($STOCK_KO; modprobe aesni_intel fails)" \
		"could not hide aesni_intel (loaded: $([ -e /sys/module/aesni_intel ] && echo yes || echo no); modules.dep: $(grep aesni /lib/modules/$KVER/modules.dep))"
	scenario_begin noaesni
	need_modules algif_aead gcm ghash_generic seqiv xts
	authenc_modules
	crypto_drivers >/tmp/drivers.before
	info "stock entries before insmod: $(grep -c '^driver' /proc/crypto) drivers, of aesni_intel: $(grep -c 'aesni_intel' /proc/crypto)"

	# --- stock absent ---------------------------------------------------
	insmod_marked "insmod stockabsent" || return
	wait_families 30
	log_lines "insmod stockabsent"
	check_no_new_instances
	check $([ ! -e /sys/module/aesni_intel ]; echo $?) \
		"aesni_intel still not loaded after our insmod (its request_module found nothing)" \
		"aesni_intel was loaded by our insmod: the boot does not test a missing stock driver"
	check_cpu_class "insmod stockabsent" default
	check_load_lines "insmod stockabsent" absent
	names_resolve "insmod stockabsent"
	check_no_new_instances	# resolving the names by AF_ALG made no template instance

	# --- stock loaded later ---------------------------------------------
	mark "stock later"
	for _m in $STOCK_KO_DEPS; do
		need_modules $(echo "$_m" | tr - _)
	done
	_e=$(vminsmod "$STOCK_KO" 2>&1)
	check $? "aesni_intel loaded after ours (insmod $STOCK_KO)" "insmod $STOCK_KO: $_e" || return
	_d=$(wait_stock_ctr 30)
	check $? "stock $_d: selftest passed" "no stock ctr(aes) driver passed its self-test"
	poll 300 stock_driver 'xts(aes)' skcipher
	info "after aesni_intel: $(for _n in 'ctr(aes)' 'gcm(aes)' 'xts(aes)'; do crypto_list "$_n" | awk '{ printf "%s=%s ", $1, $3 }'; done)"
	check $([ -z "$(ours_line "stock later" "$OURS_NAME: ")" ]; echo $?) \
		"loading aesni_intel later changed nothing of ours (no new line of $OURS_NAME)" \
		"$OURS_NAME logged after aesni_intel loaded: $(ours_line "stock later" "$OURS_NAME: ")"
	names_resolve "insmod stockabsent" unchanged

	# --- ours reloaded: the stock-present rules ---------------------------
	rmmod_check "with aesni_intel loaded" || return
	insmod_marked "insmod after stock" || return
	wait_families 30
	log_lines "insmod after stock"
	check_load_lines "insmod after stock" present
	names_resolve "insmod after stock"
	rmmod_check "at the end"
}
