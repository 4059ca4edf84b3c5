#!/bin/sh
# make check-lava: the x86_64 guest's LAVA job (ci/lava-job.py) run for real
# by Debian's lava-dispatcher (lava-run, on the hand-rendered qemu device
# dictionary ci/lava/qemu-x86_64.yaml), then every case LAVA recorded
# compared, name and result, with the same guest's KTAP report from
# check-qemu (build/x86_64/report.txt, mapped by selftests/ktap-lava.awk).
# The verdict comes from the results LAVA recorded, never from QEMU's exit
# code (a kernel panic exits 0): a case that never reported is missing.
# Usage: ci/check-lava.sh    (after ci/check-qemu.sh x86_64)
# Exit: 0 LAVA's job passed with the same cases and results, all passing or
# skipped; 1 otherwise, one line per difference.
set -u

arch=x86_64
dir=build/lava/$arch
report=build/$arch/report.txt
device=ci/lava/qemu-$arch.yaml

fail() { echo "check-lava: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "lava-run needs root: run make check-lava as root"
if [ ! -s "$report" ] || [ ! -s "build/$arch/initrd.gz" ]; then
	fail "no check-qemu report $report or guest: run make check-qemu ARCH=$arch first"
fi
[ -n "$(find "$report" -newer "build/$arch/initrd.gz")" ] ||
	fail "$report is older than build/$arch/initrd.gz: run make check-qemu ARCH=$arch again"

rm -rf "$dir" && mkdir -p "$dir" || exit 1
/usr/bin/python3 ci/lava-job.py build/lava "$arch" >"$dir/job.tap" ||
	fail "ci/lava-job.py could not write a valid job: see $dir/job.tap"

start=$(date +%s)
lava-run --job-id "sctrace-$arch" --output-dir "$dir/out" --device "$device" \
	"build/lava/$arch.yaml" >"$dir/lava.log" 2>&1
rc=$?
echo "# lava-run: exit $rc, $(($(date +%s) - start)) s, log $dir/lava.log"
[ -s "$dir/out/result.yaml" ] || fail "lava-run (exit $rc) recorded no job result: see $dir/lava.log"

# LAVA's log: one YAML mapping a line; its "results" records carry each
# test case (definition 0_sctrace) and LAVA's own actions (definition lava).
/usr/bin/python3 - "$dir/lava.log" "$dir/out/result.yaml" >"$dir/lava.cases" <<'EOF' || exit 1
import sys
import yaml

with open(sys.argv[2], encoding="utf-8") as f:
    job = yaml.safe_load(f)
if job.get("result") != "pass":
    print(f"check-lava: LAVA's job failed: {job.get('error_type')}: {job.get('error_msg')}"
          f" (log: {sys.argv[1]})", file=sys.stderr)
    sys.exit(1)
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    for line in f:
        if '"lvl": "results"' not in line:
            continue
        record = yaml.safe_load(line)
        msg = record["msg"]
        if record["lvl"] == "results" and msg["definition"] != "lava":
            print(msg["case"], msg["result"])
EOF

sed -e '/^SCTRACE-GUEST-/d' -e '/^SCTRACE-DATA /,/^SCTRACE-DATA-END$/d' "$report" |
	awk -f selftests/ktap-lava.awk >"$dir/qemu.cases"

# One line per case missing from either side, recorded twice, or with
# another result; and every case that failed, in both runs.
awk '
	FILENAME == ARGV[1] { qemu[$1] = $2; seen[$1]++; if (seen[$1] == 2) bad("check-qemu", $1) }
	FILENAME == ARGV[2] { lava[$1] = $2; got[$1]++; if (got[$1] == 2) bad("LAVA", $1) }
	function bad(who, name) { printf "check-lava: %s: reported twice by %s\n", name, who; n++ }
	END {
		for (c in qemu) {
			if (!(c in lava)) { printf "check-lava: %s: %s in check-qemu, missing from LAVA\047s results\n", c, qemu[c]; n++ }
			else if (lava[c] != qemu[c]) { printf "check-lava: %s: %s in check-qemu, %s in LAVA\n", c, qemu[c], lava[c]; n++ }
			else if (qemu[c] == "fail") { printf "check-lava: %s: failed in both runs\n", c; n++ }
		}
		for (c in lava)
			if (!(c in qemu)) { printf "check-lava: %s: %s in LAVA, missing from check-qemu\047s report\n", c, lava[c]; n++ }
		for (c in qemu) nq++
		for (c in lava) nl++
		if (!nq) { print "check-lava: no case in check-qemu\047s report"; n++ }
		printf "# check-lava: %d cases in check-qemu\047s report, %d in LAVA\047s results, %d differences\n", nq, nl, n
		exit n > 0
	}
' "$dir/qemu.cases" "$dir/lava.cases"
