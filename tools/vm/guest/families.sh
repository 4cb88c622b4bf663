# shellcheck shell=sh
# families.sh - sourced by lib.sh: the module's algorithm families and the
# implementations (widths) of each, as the module contract defines them,
# what this (virtual) CPU and emulator allow, and the checks of what the
# module registered: drivers, flags, summary and load lines, priorities,
# what a name resolves to.
#
# The families, their algorithms, driver names, holders and
# implementations with the CPU flags each needs come from the manifest,
# tools/families.tab (here /vmtest/families.tab).  Each family picks,
# independently of the others, its widest implementation that the CPU has,
# max_tier= allows and the load-time self-test passes.  In a QEMU 10 -cpu
# max guest: ctr = vaes2, gcm = avx (no VPCLMULQDQ), xts = vaes2, authenc =
# avx, authenc-sha512 = avx, ccm = avx, cbc = vaes2 (held at 410 for the
# templates over it: PRIO_TEMPLATE_BASE below).  authenc, authenc-sha512 and ccm
# serve names that are otherwise template instances: they register at one
# fixed priority above the template (the load line says "above the
# <family> template", 4500 always).

FAMTAB=${FAMTAB:-/vmtest/families.tab}
# The manifest, read once (the functions below run no program: they are
# called thousands of times per boot, each call a fork under TCG): its alg
# rows as "family|algorithm|type|prefix|holder" lines, its impl rows as
# "family|impl|flags" lines, and the families in the order of the module's
# load lines.  ft_alg ROW splits an alg row into _f _a _t _p _h.
NL='
'
FT_ALGS=$(awk '$1 == "alg" { print $2 "|" $3 "|" $4 "|" $5 "|" $6 }' "$FAMTAB")
FT_IMPLS=$(awk '$1 == "impl" { s = $2 "|" $3 "|"; for (k = 4; k <= NF; k++) s = s (k > 4 ? " " : "") $k; print s }' "$FAMTAB")
FAMILIES=$(awk '$1 == "alg" && !seen[$2]++ { printf "%s%s", s, $2; s = " " }' "$FAMTAB")
ft_alg() {
	_f=${1%%|*} _r=${1#*|}
	_a=${_r%%|*} _r=${_r#*|}
	_t=${_r%%|*} _r=${_r#*|}
	_p=${_r%%|*} _h=${_r#*|}
}
# the CPU's flags, read once: " flag flag ... "
CPU_FLAGS=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
cpu_flags() { echo "$CPU_FLAGS"; }
IMPLS="avx vaes2 vaes512"
AUTHENC_SHA1='authenc(hmac(sha1),cbc(aes))'
AUTHENC_SHA256='authenc(hmac(sha256),cbc(aes))'
AUTHENC_SHA384='authenc(hmac(sha384),cbc(aes))'
AUTHENC_SHA512='authenc(hmac(sha512),cbc(aes))'
PRIO_OURS=1000		# the module's priority where it beats what is there
PRIO_TEMPLATE=4500	# above a template's instances (both: priority.h's,
			# compared by tools/kbuild-check.sh)
# the most a family registers with when templates that multiply the
# priority are built over its algorithm (authenc and krb5enc take 10 x the
# cbc(aes) priority + the hash's): priority.h's
# AESNICTR_TEMPLATE_BASE_PRIORITY; its load line then ends with ", held at
# 410 for templates over it".  The families whose policy says template_base
# (cbc_glue.c's cbc_policy):
PRIO_TEMPLATE_BASE=410
TEMPLATE_BASE_FAMILIES="cbc"
# the implementations family $1 has at all, narrowest first
family_impls() {
	_o="" _ifs=$IFS IFS=$NL
	for _row in $FT_IMPLS; do
		case "$_row" in "$1|"*) _x=${_row#*|} _o="$_o ${_x%%|*}" ;; esac
	done
	IFS=$_ifs
	echo ${_o# }
}
# fam_rows F CODE: CODE (eval'd) once per alg row of family F, the row
# split by ft_alg into _f _a _t _p _h; the one walk of a family's rows
fam_rows() {
	_ifs=$IFS IFS=$NL
	for _row in $FT_ALGS; do
		case "$_row" in "$1|"*) IFS=$_ifs; ft_alg "$_row"; eval "$2"; IFS=$NL ;; esac
	done
	IFS=$_ifs
}
# the algorithms of family $1: "cra_name:type" words
family_algs() {
	_o=""
	fam_rows "$1" '_o="$_o $_a:$_t"'
	echo ${_o# }
}
# the flags the CPU lacks for implementation $2 of family $1
impl_missing() {
	_need="" _found=0 _ifs=$IFS IFS=$NL
	for _row in $FT_IMPLS; do
		case "$_row" in "$1|$2|"*) _need=${_row#"$1|$2|"} _found=1 ;; esac
	done
	IFS=$_ifs
	if [ $_found = 0 ]; then
		echo "($1 has only $(family_impls "$1"))"
		return
	fi
	_miss=""
	for _fl in $_need; do
		case "$CPU_FLAGS" in *" $_fl "*) ;; *) _miss="$_miss $_fl" ;; esac
	done
	echo ${_miss# }
}
# the implementations of family $1 the CPU has, narrowest first
cpu_impls() {
	_t=""
	for _x in $(family_impls $1); do
		[ -z "$(impl_missing $1 $_x)" ] && _t="$_t $_x"
	done
	echo ${_t# }
}
# ... minus those the emulator computes wrongly ($broken, see emulator_check):
# the ones a correct module can register here
usable_impls() {
	_t=""
	for _x in $(cpu_impls $1); do
		case " $broken " in *" $_x "*) ;; *) _t="$_t $_x" ;; esac
	done
	echo ${_t# }
}
# the implementation family $1 must use with max_tier=$2 (default: no cap):
# its widest usable one no wider than the cap; empty: the family cannot run
# (the module leaves it out)
impl_rank() { case "$1" in avx) echo 1 ;; vaes2) echo 2 ;; *) echo 3 ;; esac; }
want_impl() {
	_w=""
	_cap=$(impl_rank "${2:-vaes512}")
	for _x in $(usable_impls $1); do
		[ "$(impl_rank $_x)" -le "$_cap" ] && _w=$_x
	done
	echo "$_w"
}
# implementations of family $1 the CPU claims but the emulator cannot
# compute: the module's load-time self-test must refuse them
refused_impls() {
	_t=""
	for _x in $(cpu_impls $1); do
		case " $broken " in *" $_x "*) _t="$_t $_x" ;; esac
	done
	echo ${_t# }
}
# one line: "ctr: avx vaes2; gcm: avx"
impls_summary() {	# $1 = cpu_impls|usable_impls
	_s=""
	for _fm in $FAMILIES; do
		_i=$($1 $_fm)
		_s="$_s; $_fm: ${_i:-none}"
	done
	echo "${_s#; }"
}
# driver name of implementation $2 of family $1 for cra_name $3 (the
# family's first without $3; with $2 empty: the prefix of our drivers of
# that name)
drv_name() {
	_ifs=$IFS IFS=$NL
	for _row in $FT_ALGS; do
		ft_alg "$_row"
		if [ "$_f" = "$1" ] && { [ -z "${3:-}" ] || [ "$_a" = "$3" ]; }; then
			IFS=$_ifs
			echo "$_p-aesnictr-$2"
			return
		fi
	done
	IFS=$_ifs
}
# the alg row of cra_name $1, split as by ft_alg (status 1 if none)
alg_row() {
	_ifs=$IFS IFS=$NL
	for _row in $FT_ALGS; do
		ft_alg "$_row"
		[ "$_a" = "$1" ] && { IFS=$_ifs; return 0; }
	done
	IFS=$_ifs
	return 1
}
# the family of cra_name $1
name_family() { alg_row "$1" && echo "$_f"; }
# our drivers registered for cra_name $1, or nothing
ours_driver() {
	crypto_list "$1" | awk -v p="$(drv_name "$(name_family "$1")" "" "$1")" \
		'index($1, p) == 1 { printf "%s%s", s, $1; s = " " }'
}
# no *-aesnictr-* entry left in /proc/crypto (after a rmmod or refused load)
check_none_left() {
	if grep -q 'aesnictr' /proc/crypto; then
		fail "/proc/crypto lists *-aesnictr-* $1: $(grep 'aesnictr' /proc/crypto | sort -u | tr '\n' ' ')"
	else
		pass "nothing *-aesnictr-* in /proc/crypto $1"
	fi
}

# Which implementations can the emulator run at all?  QEMU 7.2's TCG, for
# one, computes VEX.256 vaesenc wrongly in the high 128-bit lane, so a
# correct vaes2 fails there (the module's load-time self-test refuses it and
# the family falls back to a narrower one); QEMU 10 computes it right.  Sets
# $broken to the widths the emulator cannot compute (whatever the CPU
# claims); usable_impls, want_impl and refused_impls use it.
broken=""
emulator_check() {
	broken=""
	tcg_probe >/tmp/probe.out 2>&1
	grep '^INFO: ' /tmp/probe.out | while IFS= read -r _l; do info "${_l#INFO: }"; done
	case "$(grep '^TCGPROBE:' /tmp/probe.out)" in
	*vex128=broken*) broken="avx vaes2 vaes512" ;;
	*vex256=broken*) broken="vaes2 vaes512" ;;
	esac
	for _fm in $FAMILIES; do
		_r=$(refused_impls $_fm)
		[ -n "$_r" ] && info "emulator cannot compute $_fm implementation(s) '$_r' correctly: expecting the module's self-test to refuse them"
	done
	info "implementations by cpuid: $(impls_summary cpu_impls); usable here: $(impls_summary usable_impls)"
}

# for every implementation of family $1 that a correct module cannot use on
# this (virtual) CPU: a NOTCOVERED line and a skipped check
report_uncovered() {
	for _t in $(family_impls $1); do
		case " $(usable_impls $1) " in *" $_t "*) continue ;; esac
		case " $broken " in
		*" $_t "*) _why="this emulator computes its instructions wrongly; see the tcg probe" ;;
		*) _why="the virtual CPU lacks: $(impl_missing $1 $_t)" ;;
		esac
		out "NOTCOVERED: $1 $_t ($_why)"
		skip "$1 $_t: differential fuzz in this guest" "$_why"
	done
}

# the module's load-time self-test must have refused, with a log line, each
# implementation of family $1 the emulator computes wrongly (log since mark $2)
check_refused() {
	for _t in $(refused_impls $1); do
		_l=$(dmesg_since "$2" | grep "$OURS_NAME:" | grep -i 'self-test' | grep -i 'fail' |
			grep -w "$1" | grep -w -m1 "$_t" | nots)
		if [ -n "$_l" ]; then
			pass "$1 $_t, which the emulator computes wrongly, was refused by the module's load-time self-test: $_l"
		else
			fail "$1 $_t, which the emulator computes wrongly, was not reported as failing its self-test (want a line like '$OURS_NAME: $1: self-test of $_t failed')"
		fi
	done
}

# the load summary line ("aesni_ctr: version <v>: ctr=vaes2 gcm=avx"), if the
# module prints one, must name each family's implementation (log since mark
# $1, max_tier $2)
check_summary_line() {
	_l=$(dmesg_since "$1" | grep "$OURS_NAME:" | grep -E '(^|[ :])ctr=' | tail -1 | nots)
	if [ -z "$_l" ]; then
		info "no load summary line (ctr=... gcm=...) in the kernel log"
		return
	fi
	_bad=""
	for _fm in $FAMILIES; do
		_w=$(want_impl $_fm "${2:-}")
		case " $_l " in
		*" $_fm=${_w:-none} "*|*" $_fm=${_w:-none},"*|*" $_fm=${_w:-none};"*) ;;
		*" $_fm="*) _bad="$_bad $_fm=${_w:-none}" ;;
		*) [ -n "$_w" ] && _bad="$_bad $_fm=$_w" ;;
		esac
	done
	check $([ -z "$_bad" ]; echo $?) "load summary line names the expected implementations: $_l" \
		"load summary line '$_l', want:$_bad"
}
# the version line must end with "cpu class $2" (the module closes the
# parenthesis it is in: "(width cap vaes512: default; timing at load off;
# cpu class default)")
# (log since mark $1)
check_cpu_class() {
	_l=$(ours_line "$1" "$OURS_NAME: version")
	case "$_l" in
	*"cpu class $2"|*"cpu class $2)") pass "the version line names cpu class $2: $_l" ;;
	*) fail "the version line '${_l:-none}' does not end with 'cpu class $2' (or 'cpu class $2)')" ;;
	esac
}

# /proc/crypto entry of driver $2 (cra_name $1) is ours, of type $3,
# synchronous, not internal (a shash is synchronous by its type: /proc/crypto
# has no async line for it, crypto_list's "-")
check_entry() {
	set -- "$1" "$2" "$3" $(crypto_list "$1" | awk -v d="$2" '$1 == d')
	if [ "$5" = "$OURS_NAME" ] && [ "$9" = "$3" ] && { [ "${10}" = no ] || [ "$3:${10}" = shash:- ]; } && [ "${11}" = no ]; then
		pass "$2 ($1): module $5, type $3, async : no, internal : no (synchronous, directly usable), selftest : $8"
	else
		fail "$2 ($1): /proc/crypto says module=${5:-?} type=${9:-?} async=${10:-?} internal=${11:-?} (want $OURS_NAME, $3, no, no)"
	fi
}

# driver $2 must have the highest priority of all entries of cra_name $1
check_priority_of() {
	_mine=$(alg_prio "$1" "$2")
	_others=$(crypto_list "$1" | awk -v d="$2" '$1 != d { printf "%s=%s ", $1, $3 }')
	_max=$(crypto_list "$1" | awk -v d="$2" '$1 != d && $3 > m { m = $3 } END { print m + 0 }')
	if [ -n "$_mine" ] && [ "$_mine" -gt "$_max" ]; then
		pass "$2 priority $_mine is the highest of all $1 (others: ${_others% })"
	else
		fail "$2 priority ${_mine:-?} is not above every other $1 (others: ${_others% })"
	fi
}

# The module may register a family below a stock driver that is faster on
# this CPU class (7.x has VAES code of its own), saying so in its load line:
#   aesni_ctr: ctr: ctr(aes) as *-aesnictr-avx (priority 499: below
#   ctr-aes-aesni-avx (500), faster on this CPU class)
# yielded FAMILY MARK: that line since the mark, if any
yielded() {
	dmesg_since "$2" | grep "$OURS_NAME: $1:" | grep -i 'below' | tail -1 | nots
}
# the driver cra_name $1 must resolve to when ours is $2, of family $3
# (log since mark $4): ours, or the best stock (aesni_intel) one if the
# family yielded
expected_winner() {
	if [ -n "$(yielded "$3" "$4")" ]; then
		stock_driver "$1" "$(alg_field "$1" "$2" 6)"
	else
		echo "$2"
	fi
}
# check_priority_policy CRA_NAME OURS FAMILY MARK: ours has the highest
# priority, or (if the family yielded) the stock driver has, ours next below
check_priority_policy() {
	_y=$(yielded "$3" "$4")
	if [ -z "$_y" ]; then
		check_priority_of "$1" "$2"
		return
	fi
	_w=$(expected_winner "$1" "$2" "$3" "$4")
	_mine=$(alg_prio "$1" "$2")
	_theirs=$(alg_prio "$1" "$_w")
	if [ -n "$_w" ] && [ -n "$_mine" ] && [ -n "$_theirs" ] && [ "$_mine" -lt "$_theirs" ]; then
		pass "$2 priority $_mine is below the stock $_w ($_theirs), as the module said: $_y"
		check_priority_of "$1" "$_w"
	else
		fail "$2 (priority ${_mine:-?}) should be below the stock ${_w:-?} (${_theirs:-?}), as the module said: $_y"
	fi
}

# check which driver the name $1 resolves to, by the change of /proc/crypto
# refcnt while a tfm allocated by that name is held (by the command $3...)
check_resolution_of() {
	_name=$1
	_want=$2
	shift 2
	crypto_list "$_name" | awk '{ print $1, $4 }' | sort >/tmp/ref.before
	if ! hold_start "$@"; then
		hold_stop
		fail "\"$_name\": the holder ($1) never held a tfm: $(head -1 /tmp/hold.out)"
		return
	fi
	crypto_list "$_name" | awk '{ print $1, $4 }' | sort >/tmp/ref.after
	hold_stop
	_got=$(awk 'NR == FNR { b[$1] = $2; next } ($1 in b) && $2 > b[$1] { print $1 }' \
		/tmp/ref.before /tmp/ref.after | tr '\n' ' ')
	_got=${_got% }
	if [ "$_got" = "$_want" ]; then
		pass "\"$_name\" resolves to $_want (its /proc/crypto refcnt rose while an AF_ALG tfm of \"$_name\" was held; no other $_name entry changed)"
	else
		fail "\"$_name\" resolves to '${_got:-nothing seen}', want $_want (refcnt before: $(tr '\n' ',' </tmp/ref.before) after: $(tr '\n' ',' </tmp/ref.after); holder: $(head -1 /tmp/hold.out))"
	fi
}
# the holder of a tfm of cra_name $1 for SECS ($2): the program that opens it
holder() { alg_row "$1" && echo "$_h --hold $1 $2"; }
# "NAME" resolves to driver $2 (cra names have no spaces: word splitting of
# the holder is safe)
check_resolution() { check_resolution_of "$1" "$2" $(holder "$1" 120); }

# The load line of family $1 since mark $2:
#   aesni_ctr: <family>: <algs> as *-aesnictr-<impl> (priority N: <why>)
# <why>: "no stock driver found" (N = 1000), "above <driver> (<p>)" (N > p),
# "below <driver> (<p>), faster on this CPU class" (N = p - 1); with the
# load-time timing (calibrate.sh) "above <driver> (<p>), faster when timed
# at load" (N > p) and "below <driver> (<p>), slower when timed at load"
# (N = p - 1); "below <driver> (<p>), not measured against it" (N = p - 1:
# the highest rival is a driver the family's list does not have; the rival
# scenario); a family whose stock code is a template (its first
# algorithm's outer name: authenc, ccm): "above the <template> template"
# (N = 4500, whatever $3 says).  A family of $TEMPLATE_BASE_FAMILIES (cbc)
# is held at 410: "<why>, held at 410 for templates over it" with N = 410
# (<why> "no stock driver found", "above <driver> (<p>)" with 410 > p, or
# "below <driver> (<p>)" with 410 <= p), or without the suffix only a
# "below" line whose N = p - 1 is at most 410.  $3 = "absent" (no stock driver may be
# loaded: "no stock driver found", or on 7.x "above <mode>-aes-lib
# (110)"), "present" (a stock driver exists: not "no stock driver found") or
# empty.  Each of our drivers of the family must have priority N in
# /proc/crypto, a driver named in <why> priority p.  Prints "PRIO: <family>
# <N>" for the host.
check_load_line() {
	_ll=$(dmesg_since "$2" | grep "$OURS_NAME: $1: " | grep ' as \*-aesnictr-' | tail -1 | nots)
	_n=$(echo "$_ll" | sed -n 's/.*(priority \([0-9]*\): .*)$/\1/p')
	_why=$(echo "$_ll" | sed -n 's/.*(priority [0-9]*: \(.*\))$/\1/p')
	_bad=""
	# a template base family (cbc): the "held at" suffix, N exactly 410
	_base=0 _held=0 _top=$PRIO_OURS
	case " $TEMPLATE_BASE_FAMILIES " in *" $1 "*) _base=1 ;; esac
	case "$_why" in
	*", held at "*" for templates over it")
		_held=1 _top=$PRIO_TEMPLATE_BASE
		[ $_base = 1 ] || _bad="; '$1' is not a family held for templates over it"
		case "$_why" in
		*", held at $PRIO_TEMPLATE_BASE for templates over it") ;;
		*) _bad="$_bad; want 'held at $PRIO_TEMPLATE_BASE'" ;;
		esac
		[ "$_n" = $PRIO_TEMPLATE_BASE ] || _bad="$_bad; want priority $PRIO_TEMPLATE_BASE when held"
		_why=${_why%, held at * for templates over it} ;;
	esac
	[ $_base = 0 ] || [ $_held = 1 ] || [ "${_n:-0}" -le $PRIO_TEMPLATE_BASE ] ||
		_bad="$_bad; a family templates are built over must stay at or below $PRIO_TEMPLATE_BASE"
	_p=$(echo "$_why" | sed -n 's/^[a-z]* .* (\([0-9]*\)).*$/\1/p')
	_sd=$(echo "$_why" | sed -n -E 's/^(above|below) ([^ ]*) \([0-9]*\).*$/\2/p')
	# a family whose stock code is a template: the template is its first
	# algorithm's outermost name (authenc, ccm)
	_tmpl=$(family_algs $1)
	_tmpl=${_tmpl%%(*}
	case "$1:$_why" in
	*:"above the $_tmpl template")
		[ "$_n" = $PRIO_TEMPLATE ] || _bad="want priority $PRIO_TEMPLATE above a template" ;;
	*:"no stock driver found"|*:"no stock driver found ("*" failed its self-test)")
		[ "$_n" = $_top ] || _bad="$_bad; want priority $_top" ;;
	*:"above "*" ("*")"|*:"above "*" ("*"), faster when timed at load")
		[ "$_n" -gt "$_p" ] || _bad="$_bad; N not above p" ;;
	*:"below "*" ("*")")
		# held at 410 below a stock driver at 410 or more
		[ $_held = 1 ] && [ "$_n" -le "$_p" ] || _bad="$_bad; a bare 'below <driver> (p)' wants the held suffix and N <= p" ;;
	*:"below "*" ("*"), slower when timed at load")
		[ "$_n" = $((_p - 1)) ] || _bad="$_bad; want priority p - 1" ;;
	*:"below "*" ("*"), faster on this CPU class"|*:"below "*" ("*"), not measured against it")
		[ $_held = 0 ] && [ "$_n" = $((_p - 1)) ] || _bad="$_bad; want priority p - 1" ;;
	*) _bad="$_bad; no line '$OURS_NAME: $1: ... as *-aesnictr-<impl> (priority N: <why>)' with a known <why>" ;;
	esac
	case "${3:-}:$1:$_why" in
	*:*:"above the $_tmpl template"|absent:*:"no stock driver found"|present:*:above*|present:*:below*|:*) ;;
	# 7.x's own generic mode code over the AES library (crypto/aes.c):
	# there whatever aesni_intel's absence leaves
	absent:*:"above "*"-aes-lib (110)"|absent:*:"above "*"-aes-lib (110), faster when timed at load") ;;
	*) _bad="$_bad; want a line for the stock driver being ${3:-}" ;;
	esac
	for _a in $(family_algs $1); do
		_an=${_a%:*}
		for _d in $(ours_driver "$_an"); do
			[ "$(alg_prio "$_an" "$_d")" = "$_n" ] || _bad="$_bad; $_d has priority $(alg_prio "$_an" "$_d")"
		done
		if [ -n "$_sd" ] && [ "$_an" = "${_a%%:*}" ]; then
			_sp=$(crypto_list "$_an" | awk -v d="$_sd" '$1 == d { print $3 }' | head -1)
			[ -z "$_sp" ] || [ "$_sp" = "$_p" ] || _bad="$_bad; $_sd has priority $_sp in /proc/crypto"
		fi
	done
	[ -n "$_n" ] && out "PRIO: $1 $_n"
	check $([ -z "$_bad" ]; echo $?) "$1 load line (stock ${3:-either}): $_ll" \
		"$1 load line '${_ll:-none}': ${_bad#; }"
}
# every family that can run here: its load line (since mark $1, $2 as above)
check_load_lines() {
	for _fm in $FAMILIES; do
		[ -n "$(want_impl $_fm)" ] && check_load_line $_fm "$1" "${2:-}"
	done
}
# wait (up to $1 s each) for every driver of every family that can run here
# to pass its self-test; a check per family
wait_families() {
	for _fm in $FAMILIES; do
		_w=$(want_impl $_fm)
		[ -n "$_w" ] || continue
		_ok=0
		for _a in $(family_algs $_fm); do
			_d=$(drv_name $_fm $_w "${_a%:*}")
			wait_alg_selftest "${_a%:*}" "$_d" "${_a##*:}" "$1" >/dev/null || _ok=1
		done
		check $_ok "$_fm family: $(for _a in $(family_algs $_fm); do printf '%s ' "$(drv_name $_fm $_w "${_a%:*}")"; done)registered, selftest : passed" \
			"$_fm family: not every $(drv_name $_fm $_w) driver passed its self-test ($(family_algs $_fm))"
	done
}
# The drivers the module registered (/proc/crypto) against the manifest:
# for every family that runs here (max_tier $1), each of its alg lines as
# <prefix>-aesnictr-<its implementation>, and nothing else of ours
check_manifest() {
	crypto_drivers | grep -- '-aesnictr-' >/tmp/ours.have
	for _fm in $FAMILIES; do
		_w=$(want_impl $_fm "${1:-}")
		[ -n "$_w" ] || continue
		for _a in $(family_algs $_fm); do
			drv_name $_fm $_w "${_a%:*}"
		done
	done | sort -u >/tmp/ours.want
	_d=$(diff /tmp/ours.want /tmp/ours.have | grep '^[-+][a-z]' | tr '\n' ' ')
	check $([ -z "$_d" ] && [ -s /tmp/ours.want ]; echo $?) \
		"the module registered the drivers of the manifest (tools/families.tab) for this CPU, and no other: $(wc -l </tmp/ours.have) drivers" \
		"the module's drivers and tools/families.tab disagree (-: the manifest's only, +: the module's only): ${_d:-no drivers expected}"
}

# Loading ours must create no crypto instance but its own: the driver names
# of /proc/crypto before (crypto_drivers >/tmp/drivers.before, taken before
# the insmod) and now; every new one must be *-aesnictr-*
check_no_new_instances() {
	crypto_drivers >/tmp/drivers.after
	_new=$(awk 'NR == FNR { b[$0] = 1; next } !($0 in b)' /tmp/drivers.before /tmp/drivers.after)
	_other=$(echo "$_new" | grep -v -e '-aesnictr-' -e '^$' | tr '\n' ' ')
	check $([ -z "$_other" ]; echo $?) \
		"loading $OURS_NAME created no crypto instance but its own $(echo "$_new" | grep -c aesnictr) drivers (no cryptd(, gcm_base(, authenc( ...)" \
		"loading $OURS_NAME created crypto instances that are not ours: $_other"
}

# after a refused load (since mark $1) the module must have said why, in one
# line, or in at most $2 lines (the kernel's taint lines for an unsigned
# out-of-tree module do not count; vminsmod makes exactly one finit_module
# call); with $3 = "info" none of them may be logged as an error (KERN_ERR
# or worse)
check_refusal_line() {
	_max=${2:-1}
	dmesg_since "$1" | grep "$OURS_NAME" |
		grep -v -e 'taints kernel' -e 'module verification failed' >/tmp/why
	_n=$(wc -l </tmp/why)
	if [ "$_n" -eq 1 ]; then
		pass "kernel log explains the refusal in one line: $(nots </tmp/why)"
	elif [ "$_n" -ge 1 ] && [ "$_n" -le "$_max" ]; then
		pass "kernel log explains the refusal in $_n lines (at most $_max): $(nots </tmp/why | tr '\n' '|')"
	elif [ "$_n" -gt "$_max" ]; then
		fail "$_n kernel log lines of $OURS_NAME for one refused load (want at most $_max): $(tr '\n' '|' </tmp/why)"
	else
		fail "no kernel log line of $OURS_NAME explains the refused load"
	fi
	[ "${3:-}" = info ] || return 0
	# the raw log has each line's level: <N>, N & 7 (3 = KERN_ERR)
	dmesg -r 2>/dev/null | awk -v m="vmtest: $1" 'f { print } index($0, m) { f = 1 }' |
		grep "$OURS_NAME" | grep -v -e 'taints kernel' -e 'module verification failed' |
		grep '^<[0-9]*>' >/tmp/why.raw
	_errs=$(awk 'match($0, /^<[0-9]+>/) { l = substr($0, 2, RLENGTH - 2) % 8; if (l <= 3) print }' /tmp/why.raw)
	if [ ! -s /tmp/why.raw ]; then
		info "the raw kernel log (dmesg -r) has no line of $OURS_NAME: log levels not checked"
	elif [ -n "$_errs" ]; then
		fail "the refusal is logged at error level or worse (want info): $(echo "$_errs" | tr '\n' '|')"
	else
		pass "the refusal is logged below error level (info), as for a CPU the module does not support"
	fi
}

# ---------------------------------------------------------------------
# disable= (the offswitch scenario): our drivers of each family, and
# check_off: what a load with some of them turned off must show
# the /proc/crypto driver pattern (grep -E) of family $1's drivers
fam_drivers() {
	_o=""
	fam_rows "$1" '_o="$_o|$_p"'
	echo "^(${_o#|})-aesnictr-"
}
# our drivers of family $1 in /proc/crypto, on one line
fam_present() { crypto_drivers | grep -E "$(fam_drivers "$1")" | tr '\n' ' '; }
# the top (highest-priority) entry of cra_name $1: driver module priority refcnt
top_entry_ref() { crypto_list "$1" | sort -k3 -n -r | awk '{ print $1, $2, $3, $4; exit }'; }

# check_off MARK "OFF...": one "turned off by disable=" line per family of
# OFF and none of its drivers; the others self-tested with their usual
# load lines (stock present); the summary line names only the others
check_off() {
	_mk=$1 _off=" $2 "
	for _fm in $FAMILIES; do
		_n=$(dmesg_since "$_mk" | grep -F "$OURS_NAME: $_fm: " | grep -c -F 'not registered: turned off by disable=')
		_l=$(dmesg_since "$_mk" | grep -F "$OURS_NAME: $_fm: " | grep -F 'turned off by disable=' | tail -1 | nots)
		case "$_off" in
		*" $_fm "*)
			check $([ "$_n" -eq 1 ]; echo $?) "$_fm left out in one line: $_l" \
				"want one '$OURS_NAME: $_fm: ... not registered: turned off by disable=' line, got $_n"
			_p=$(fam_present $_fm)
			check $([ -z "$_p" ] && [ -z "$(dmesg_since "$_mk" | grep -F "$OURS_NAME: $_fm: " | grep -F ' as *-aesnictr-')" ]; echo $?) \
				"$_fm: no load line, none of its drivers in /proc/crypto" \
				"$_fm is disabled, but /proc/crypto has: ${_p:-nothing} (or a load line was logged)" ;;
		*)
			[ "$_n" -eq 0 ] || fail "$_fm is not named in disable=, but: $_l" ;;
		esac
	done
	for _fm in $FAMILIES; do
		case "$_off" in *" $_fm "*) continue ;; esac
		_w=$(want_impl $_fm)
		[ -n "$_w" ] || continue
		_ok=0
		for _a in $(family_algs $_fm); do
			wait_alg_selftest "${_a%:*}" "$(drv_name $_fm $_w "${_a%:*}")" "${_a##*:}" 30 >/dev/null || _ok=1
		done
		check $_ok "$_fm family (not disabled): $(fam_present $_fm)registered, selftest : passed" \
			"$_fm family (not disabled): not every driver passed its self-test: $(fam_present $_fm)"
		check_load_line $_fm "$_mk" present
	done
	# the summary line: the families not disabled, and only those
	_l=$(ours_line "$_mk" "$OURS_NAME: version ")
	_bad=""
	for _fm in $FAMILIES; do
		case "$_off" in
		*" $_fm "*) case " $_l " in *" $_fm="*) _bad="$_bad $_fm listed;" ;; esac ;;
		*)
			_w=$(want_impl $_fm)
			case " $_l " in
			*" $_fm=$_w "*) ;;
			*) [ -z "$_w" ] || _bad="$_bad no $_fm=$_w;" ;;
			esac ;;
		esac
	done
	check $([ -n "$_l" ] && [ -z "$_bad" ]; echo $?) "summary line names the families not disabled, only those: $_l" \
		"summary line '${_l:-none}':${_bad% ;}"
}

# the top entry of cra_name $1 while a tfm of it is held is not ours: a
# template instance of module $2 (driver "$2(...)") serves it
check_template_serves() {
	if ! hold_start $(holder "$1" 60); then
		hold_stop
		fail "\"$1\": the AF_ALG user never held a tfm: $(head -1 /tmp/hold.out)"
		return
	fi
	set -- "$1" "$2" $(top_entry_ref "$1")
	hold_stop
	case "$3" in
	"$2("*) check $([ "$4" != "$OURS_NAME" ] && [ "${6:-0}" -ge 1 ]; echo $?) \
		"\"$1\" is served by the kernel's template instance $3 (module $4, priority $5, refcnt $6 while held)" \
		"\"$1\": top entry $3 (module $4, refcnt $6)" ;;
	*) fail "\"$1\" is not served by a $2 template instance: top entry '${3:-none}' (module ${4:-?}; $(crypto_oneline "$1"))" ;;
	esac
}
