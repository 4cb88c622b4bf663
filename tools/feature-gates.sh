#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Feature-gate audit: every instruction the assembly uses is guarded by the
# CPUID bit its C gate checks.
#
#   tools/feature-gates.sh [object.o ...]
#
# With no arguments it builds (make -C tools/native) and audits the native
# object of every top-level .S.  Each object is disassembled per function
# symbol (objdump -d); each instruction is mapped to the CPU features it
# needs (AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ, AVX, AVX2, AVX-512 subsets,
# SHA-NI, BMI1/2, ADX, MOVBE, SSSE3/SSE4.x, GFNI); GATES below says which C
# gate guards each routine and which features that gate checks.  It prints
#   FAIL: feature gate: <object> <function> uses <insn> (<FEATURE>) but its gate checks only <list>
# for a feature the gate does not check (or a routine with no entry), and
#   PASS: feature gate: <object>: <features used> all checked by <gate>
# per object and gate otherwise.  Every feature in the table must also appear
# as X86_FEATURE_<NAME> in the named C function, so the table cannot drift
# from the code.  The normal run ends with a self-check: the audit again with
# BMI1 dropped from authenc-sha512's gate (FEATURE_GATES_SELFTEST=1, which
# can be run alone) must FAIL on andn.  Exit status: 0 only if all passed.

set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
NATIVE=$TOP/tools/native

# Gate parts: name, C file, C function, the X86_FEATURE_* it checks.  A
# family's gate for an implementation is its cpu_lacks(impl) and also
# cpu_lacks(avx), which module.c's family_start() requires first (and the
# module loads only if aesnictr_cpu_lacks_impl(avx) passes).
PARTS='
w_avx      cpu.c          aesnictr_cpu_lacks_impl  AES AVX
w_vaes2    cpu.c          aesnictr_cpu_lacks_impl  VAES AVX2
w_vaes512  cpu.c          aesnictr_cpu_lacks_impl  AVX512F AVX512BW AVX512VL
gcm        gcm_glue.c     gcm_cpu_lacks             PCLMULQDQ
gcm_wide   gcm_glue.c     gcm_cpu_lacks             VPCLMULQDQ
xts_clmul  xts_glue.c     aesnictr_xts_impl         VPCLMULQDQ
xts512     xts_glue.c     xts_cpu_lacks             VPCLMULQDQ
sha        authenc_families.c authenc_cpu_lacks        SHA_NI
sha512     authenc_families.c authenc512_cpu_lacks     AVX2 BMI1 BMI2
sha512_512 authenc_families.c authenc512_cpu_lacks     AVX512F AVX512VL
'
# Routines: object, function (shell pattern), gate (for messages), its parts.
# The impls tables of the glue files say which routines each implementation calls.
# authenc_impls.c (authenc-sha512's hash-first decryption) also calls
# aesnictr_cbc_decrypt_avx, and aesnictr_cbc_decrypt_vaes512 only where
# aesnictr_cpu_lacks_impl(vaes512) passes: the cbc rows' gates hold there too.
GATES='
aes_expand.o     aesnictr_*                    module_init:cpu_lacks_impl(avx) w_avx
ctr_aes.o        aesnictr_ctr_avx              cpu_lacks_impl(avx)          w_avx
ctr_aes.o        aesnictr_ctr_vaes2            cpu_lacks_impl(vaes2)        w_avx w_vaes2
ctr_aes.o        aesnictr_ctr_vaes512          cpu_lacks_impl(vaes512)      w_avx w_vaes2 w_vaes512
gcm_ghash.o      aesnictr_gcm_precompute       gcm_cpu_lacks(avx)            gcm w_avx
gcm_ghash.o      aesnictr_ghash_update         gcm_cpu_lacks(avx)            gcm w_avx
gcm_ghash.o      aesnictr_gcm_final            gcm_cpu_lacks(avx)            gcm w_avx
gcm_update.o     aesnictr_gcm_*_avx            gcm_cpu_lacks(avx)            gcm w_avx
gcm_update.o     aesnictr_gcm_*_vaes2          gcm_cpu_lacks(vaes2)          gcm gcm_wide w_avx w_vaes2
gcm_vaes512.o    aesnictr_gcm_*_vaes512        gcm_cpu_lacks(vaes512)        gcm gcm_wide w_avx w_vaes2 w_vaes512
gcm_vaes512.o    aesnictr_gcm_*_vaes512_hregs  gcm_cpu_lacks(vaes512)        gcm gcm_wide w_avx w_vaes2 w_vaes512
xts_aes.o        aesnictr_xts_*_avx            xts_cpu_lacks(avx)            w_avx
xts_aes.o        aesnictr_xts_*_vaes2          xts_cpu_lacks(vaes2)          w_avx w_vaes2
xts_aes.o        aesnictr_xts_*_vaes2_clmul    xts_cpu_lacks(vaes2)+aesnictr_xts_impl w_avx w_vaes2 xts_clmul
xts_aes.o        aesnictr_xts_*_vaes512        xts_cpu_lacks(vaes512)        w_avx w_vaes2 w_vaes512 xts512
ccm_aes.o        aesnictr_ccm_*_avx            ccm_cpu_lacks(avx)            w_avx
cbc_aes.o        aesnictr_cbc_*_avx            cpu_lacks_impl(avx)           w_avx
cbc_aes.o        aesnictr_cts_*_avx            cpu_lacks_impl(avx)           w_avx
cbc_aes.o        aesnictr_cbc_*_vaes2          cpu_lacks_impl(vaes2)         w_avx w_vaes2
cbc_aes.o        aesnictr_cbc_*_vaes512        cpu_lacks_impl(vaes512)       w_avx w_vaes2 w_vaes512
cmac_aes.o       aesnictr_cmac_chain_avx       cpu_lacks_impl(avx)           w_avx
authenc_sha.o    aesnictr_*                    authenc_cpu_lacks(avx)        sha w_avx
authenc_sha512.o aesnictr_*_avx512             authenc512_cpu_lacks(vaes512) sha512 sha512_512 w_avx
authenc_sha512.o aesnictr_*                    authenc512_cpu_lacks(avx)     sha512 w_avx
'
# The self-check: the same audit, BMI1 dropped from authenc-sha512's gate.
if [ "${FEATURE_GATES_SELFTEST:-}" = 1 ]; then
	PARTS=$(echo "$PARTS" | sed '/^sha512 /s/ BMI1//')
fi

# Run from make test, a -j parent's jobserver is not ours: drop it.
MAKEFLAGS=$(echo "${MAKEFLAGS:-}" | sed 's/ *--jobserver-[a-z]*=[^ ]*//g; s/ *-j[0-9]*//g')
export MAKEFLAGS

# The objects: the arguments, or the native build's of every top-level .S.
if [ $# -eq 0 ]; then
	for s in "$TOP"/*.S; do
		b=${s##*/}; set -- "$@" "$NATIVE/build/${b%.S}.o"
	done
	make -s --no-print-directory -C "$NATIVE" "$@" || exit 1
fi

command -v objdump >/dev/null || { echo "FAIL: feature gate: no objdump (binutils)"; exit 1; }
rc=0
fail() { echo "FAIL: $*"; rc=1; }

# The table against the code: each feature is X86_FEATURE_<NAME> in its
# function (the text from the definition's line to the next "}" line).
drift=$(echo "$PARTS" | while read -r part file fn feats; do
	[ -n "$part" ] || continue
	body=$(awk -v fn="$fn" '
		$0 ~ "^[a-z].*[^a-z0-9_]" fn "\\(" && $0 !~ /;$/ { on = 1 }
		on { print } on && /^}/ { exit }' "$TOP/$file")
	[ -n "$body" ] || { echo "FAIL: feature gate table: no $fn() in $file"; continue; }
	for f in $feats; do
		echo "$body" | grep -qw "X86_FEATURE_$f" ||
			echo "FAIL: feature gate table: $fn() in $file does not check X86_FEATURE_$f"
	done
done)
[ -z "$drift" ] || { echo "$drift"; rc=1; }

# "function<TAB>feature<TAB>first instruction needing it", for each feature
# each function of object $1 uses.
features() {
	objdump -d --no-show-raw-insn "$1" | awk -F '\t' '
	/^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[^<]*</, "", fn); sub(/>:$/, "", fn); next }
	NF < 2 || $1 !~ /^ *[0-9a-f]+:$/ || fn == "" { next }
	{
		insn = $2; gsub(/ +/, " ", insn)
		while (insn ~ /^(rep|repz|repnz|lock|data16|cs|ds|notrack|bnd) /)
			sub(/^[a-z0-9]+ /, "", insn)
		m = insn; sub(/ .*/, "", m); o = insn; sub(/^[^ ]* */, "", o)
		n = 0
		evex = o ~ /zmm|%k[0-7]|[xy]mm(1[6-9]|2[0-9]|3[01])|\{1to/ ||
		    m ~ /^(k[a-z]+|vpternlog|vpro[lr]|valign[dq]|vp(and|andn|or|xor)[dq]$|vmovdq[au](8|16|32|64)|v(broadcast|extract|insert|shuf)[if](32|64)x|vperm[it]2|vpmov[bwdq]2m|vpmovm2|vpmovu?s?(q[bwd]|d[bw]|wb)$|vpcompress|vpexpand|vpshufbitqmb|vpsh[lr]d|vpdpbus|vpdpwss|vpmadd52|vpopcnt|vpcmpu?[bwdq]$|vptestn?m|vpblendm|vpsravq|vpsraq|vpermw|vpermb|vpmultishift|vpconflict|vplzcnt)/
		if (m ~ /^v/) f[++n] = "AVX"
		if (evex) {
			f[++n] = "AVX512F"
			if (o ~ /[xy]mm/ && o !~ /zmm/) f[++n] = "AVX512VL"
			if (m ~ /^k.*[dq]$/ || m ~ /^(vmovdqu(8|16)|vpmov[bw]2m|vpmovm2[bw]|vpblendm[bw]|vpcmpu?[bw]|vptestn?m[bw]|vperm[it]?2?w|vpbroadcast[bw]|vpshufb|vpshuf[hl]w|vpalignr|vps[lr]ldq|vpunpck[lh](bw|wd)|vpack|vpmov[sz]xbw|vp(add|sub)(u?s)?[bw]|vpavg|vp(max|min)[su][bw]|vpabs[bw]|vpmul(hr?u?|l)w|vpmadd(ubs|w)|vpsadbw|vp(sll|srl|sra)v?w|vpcmp(eq|gt)[bw]|vpextr[bw]|vpinsr[bw]|vdbpsadbw)$/) f[++n] = "AVX512BW"
			if (m ~ /^k.*b$|^kadd|^(vpmullq|v(broadcast|extract|insert)[if](32x8|64x2)|vpmov[dq]2m|vpmovm2[dq]|vpextr[dq]|vpinsr[dq]|v(and|andn|or|xor)p[sd]|vrange|vreduce|vfpclass|vcvt.*qq)/) f[++n] = "AVX512DQ"
			if (m ~ /^(vpermb|vperm[it]2b|vpmultishiftqb)$/) f[++n] = "AVX512VBMI"
			if (m ~ /^(vpsh[lr]dv?[wdq]|vpcompress[bw]|vpexpand[bw])$/) f[++n] = "AVX512_VBMI2"
			if (m ~ /^(vpshufbitqmb|vpopcnt[bw])$/) f[++n] = "AVX512_BITALG"
			if (m ~ /^vpopcnt[dq]$/) f[++n] = "AVX512_VPOPCNTDQ"
			if (m ~ /^vpmadd52/) f[++n] = "AVX512IFMA"
			if (m ~ /^vpdp(bus|wss)/) f[++n] = "AVX512_VNNI"
		} else if (m ~ /^v/ && (o ~ /ymm/ && m ~ /^vp/ && m !~ /^(vpermil|vperm2f128|vpclmul)/ ||
		    m ~ /^(vbroadcasti128|vinserti128|vextracti128|vperm2i128|vpbroadcast|vperm[dq]$|vpermps|vpblendd|vpmaskmov|vps(ll|rl|ra)v[dq]|vp?gather)/))
			f[++n] = "AVX2"
		wide = evex || o ~ /ymm/
		if (m ~ /^v?aes(enc|dec)(last)?$/) f[++n] = wide ? "VAES" : "AES"
		if (m ~ /^v?aes(imc|keygenassist)$/) f[++n] = "AES"
		if (m ~ /^v?pclmul/) f[++n] = wide ? "VPCLMULQDQ" : "PCLMULQDQ"
		if (m ~ /^v?gf2p8/) f[++n] = "GFNI"
		if (m ~ /^sha(1|256)(rnds[24]|nexte|msg[12])$/) f[++n] = "SHA_NI"
		if (m ~ /^vsha512/) f[++n] = "SHA512"
		if (m ~ /^(andn|bextr|blsi|blsr|blsmsk|tzcnt)[wlq]?$/) f[++n] = "BMI1"
		if (m ~ /^(rorx|sarx|shlx|shrx|bzhi|pdep|pext|mulx)[lq]?$/) f[++n] = "BMI2"
		if (m ~ /^(adcx|adox)[lq]?$/) f[++n] = "ADX"
		if (m ~ /^movbe[wlq]?$/) f[++n] = "MOVBE"
		if (m ~ /^lzcnt[wlq]?$/) f[++n] = "ABM"
		if (m ~ /^popcnt[wlq]?$/) f[++n] = "POPCNT"
		if (m ~ /^(pshufb|palignr|ph(add|sub)|pmaddubsw|psign|pabs|pmulhrsw)/) f[++n] = "SSSE3"
		if (m ~ /^(pinsr[bdq]|pextr[bdq]|ptest|pblend|blendv?p|pmin[su][bdw]|pmax[su][bdw]|pmov[sz]x|pmuldq|pmulld|packusdw|pcmpeqq|dpp|roundp|rounds|insertps|extractps|mpsadbw|movntdqa|phminposuw)/) f[++n] = "XMM4_1"
		if (m ~ /^(pcmpgtq|pcmp[ei]str|crc32)/) f[++n] = "XMM4_2"
		for (i = 1; i <= n; i++)
			if (!((fn, f[i]) in seen)) { seen[fn, f[i]] = 1; print fn "\t" f[i] "\t" insn }
	}'
}

# Each function's features against its gate's; a FAIL per feature not
# checked, else a PASS per object and gate.
check() {
	awk -F '\t' -v o="$1" -v gates="$GATES" -v parts="$PARTS" '
	function ordered(list,   r, i, w) {
		r = ""
		for (i = 1; i in order; i++)
			if (index(" " list " ", " " order[i] " ")) r = r " " order[i]
		split(list, w, " ")
		for (i in w) if (index(r " ", " " w[i] " ") == 0) r = r " " w[i]
		return r
	}
	BEGIN {
		split("AES VAES PCLMULQDQ VPCLMULQDQ GFNI SSSE3 XMM4_1 XMM4_2 AVX AVX2 " \
		    "AVX512F AVX512BW AVX512DQ AVX512VL AVX512VBMI AVX512_VBMI2 " \
		    "AVX512_BITALG AVX512_VPOPCNTDQ AVX512IFMA AVX512_VNNI SHA_NI " \
		    "SHA512 BMI1 BMI2 ADX MOVBE ABM POPCNT", order, " ")
		np = split(parts, l, "\n")
		for (i = 1; i <= np; i++)
			if (split(l[i], w, " ") >= 4)
				for (j = 4; j in w; j++) pf[w[1]] = pf[w[1]] " " w[j]
		ng = split(gates, l, "\n")
		for (i = 1; i <= ng; i++) {
			if (split(l[i], w, " ") < 4 || w[1] != o) continue
			re = w[2]; gsub(/\*/, ".*", re)
			n++; pat[n] = "^" re "$"; gate[n] = w[3]; cl = ""
			for (j = 4; j in w; j++) cl = cl pf[w[j]]
			split(cl, c, " "); cl = ""
			for (k in c) if (index(" " cl " ", " " c[k] " ") == 0) cl = cl " " c[k]
			checks[n] = ordered(cl) " "
		}
	}
	{
		g = 0
		for (i = 1; i <= n && !g; i++) if ($1 ~ pat[i]) g = i
		if (!g) {
			if (!(($1) in nogate)) print "FAIL: feature gate: " o " " $1 " has no gate in the table"
			nogate[$1] = bad = 1; next
		}
		G = gate[g]; seen[g] = 1
		if (index(checks[g], " " $2 " ") == 0) {
			print "FAIL: feature gate: " o " " $1 " uses " $3 " (" $2 ") but its gate checks only" substr(checks[g], 1, length(checks[g]) - 1)
			bad = badg[G] = 1
		}
		if (index(used[G] " ", " " $2 " ") == 0) used[G] = used[G] " " $2
	}
	END {
		for (i = 1; i <= n; i++)
			if (!(i in seen)) {
				print "FAIL: feature gate: " o ": the table entry " pat[i] " matches no function"
				bad = 1
			}
		for (i = 1; i <= n; i++) {
			G = gate[i]
			if (!(G in used) || (G in badg) || (G in done)) continue
			done[G] = 1
			print "PASS: feature gate: " o ":" ordered(used[G]) " all checked by " G
		}
		exit bad
	}'
}

for obj in "$@"; do
	o=${obj##*/}
	if [ ! -r "$obj" ]; then fail "feature gate: $obj: no such object"; continue; fi
	features "$obj" | check "$o" || rc=1
done

# The self-check: the audit of authenc_sha512.o (the one given, or the
# native build's) must catch a gate that misses a feature.
if [ "${FEATURE_GATES_SELFTEST:-}" != 1 ]; then
	sha512=$NATIVE/build/authenc_sha512.o
	for obj in "$@"; do case $obj in */authenc_sha512.o|authenc_sha512.o) sha512=$obj ;; esac; done
	[ -e "$sha512" ] || make -s --no-print-directory -C "$NATIVE" "$sha512"
	if ! out=$(FEATURE_GATES_SELFTEST=1 sh "$0" "$sha512") && echo "$out" | grep -q "^FAIL: feature gate: authenc_sha512.o .* uses andn .*(BMI1) but"; then
		echo "PASS: feature gate self-check: removing BMI1 from authenc-sha512's gate is caught"
	else
		fail "feature gate self-check: removing BMI1 from authenc-sha512's gate is not caught"
	fi
fi
exit $rc
