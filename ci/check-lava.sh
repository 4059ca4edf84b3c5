#!/bin/sh
# make check-lava: each guest arch's LAVA job (ci/lava-job.py) run for real
# by Debian's lava-dispatcher (lava-run, on the hand-rendered qemu device
# dictionary ci/lava/qemu-ARCH.yaml), one arch after another, then every
# case LAVA recorded compared, name and result, with the same guest's KTAP
# report from check-qemu (build/ARCH/report.txt, mapped by
# selftests/ktap-lava.awk). A guest whose report is missing, older than
# its initramfs or unfinished is built and run by ci/check-qemu.sh first.
# The verdict comes from the results LAVA recorded, never from QEMU's exit
# code (a kernel panic exits 0): a case that never reported is missing.
# Usage: ci/check-lava.sh [x86_64|aarch64|arm64|s390x|ppc64le|all]
# Exit: 0 every arch's LAVA job passed with the same cases and results as
# its check-qemu report, all passing or skipped; 1 otherwise, one line per
# difference; 64 an unknown arch.
set -u

fail() { echo "check-lava: $*" >&2; exit 1; }

want=${1:-all}
case "$want" in
all) arches="x86_64 aarch64 s390x ppc64le" ;;
arm64) arches=aarch64 ;;
x86_64|aarch64|s390x|ppc64le) arches=$want ;;
*) echo "check-lava: unknown ARCH '$want' (x86_64, arm64/aarch64, s390x, ppc64le, all)" >&2; exit 64 ;;
esac

[ "$(id -u)" -eq 0 ] || fail "lava-run needs root: run make check-lava as root"

# A report is current when its guest finished and it is newer than the
# initramfs it ran.
current() {
	[ -s "build/$1/initrd.gz" ] && grep -q '^SCTRACE-GUEST-END ' "build/$1/report.txt" 2>/dev/null &&
		[ -n "$(find "build/$1/report.txt" -newer "build/$1/initrd.gz")" ]
}

# Usage: guest ARCH. One guest at a time: each is CPU-heavy under TCG, and
# the machine is shared. Its verdict is not ours: check-lava compares the
# cases; but a guest that never finished leaves nothing to compare.
guest() {
	current "$1" && return 0
	echo "# check-lava: no current $1 guest report: ci/check-qemu.sh $1"
	mkdir -p build
	ci/check-qemu.sh "$1" >"build/$1.check-qemu.ktap"
	current "$1" && return 0
	echo "check-lava: $1: ci/check-qemu.sh's guest did not finish: see build/$1.check-qemu.ktap" >&2
	return 1
}

# LAVA's log: one YAML mapping a line; its "results" records carry each
# test case (definition 0_sctrace) and LAVA's own actions (definition lava).
lava_cases() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
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
PY
}

# One line per case missing from either side, recorded twice, or with
# another result; and every case that failed, in both runs.
compare() {
	awk -v arch="$1" '
		FILENAME == ARGV[1] { qemu[$1] = $2; seen[$1]++; if (seen[$1] == 2) bad("check-qemu", $1) }
		FILENAME == ARGV[2] { lava[$1] = $2; got[$1]++; if (got[$1] == 2) bad("LAVA", $1) }
		function bad(who, name) { printf "check-lava: %s: %s: reported twice by %s\n", arch, name, who; n++ }
		END {
			for (c in qemu) {
				if (!(c in lava)) { printf "check-lava: %s: %s: %s in check-qemu, missing from LAVA\047s results\n", arch, c, qemu[c]; n++ }
				else if (lava[c] != qemu[c]) { printf "check-lava: %s: %s: %s in check-qemu, %s in LAVA\n", arch, c, qemu[c], lava[c]; n++ }
				else if (qemu[c] == "fail") { printf "check-lava: %s: %s: failed in both runs\n", arch, c; n++ }
			}
			for (c in lava)
				if (!(c in qemu)) { printf "check-lava: %s: %s: %s in LAVA, missing from check-qemu\047s report\n", arch, c, lava[c]; n++ }
			for (c in qemu) nq++
			for (c in lava) nl++
			if (!nq) { printf "check-lava: %s: no case in check-qemu\047s report\n", arch; n++ }
			printf "# check-lava: %s: %d cases in check-qemu\047s report, %d in LAVA\047s results, %d differences\n", arch, nq, nl, n
			exit n > 0
		}
	' "$2" "$3"
}

# Usage: run_job ARCH: the guest, its job, lava-run, the comparison. The job id carries our pid: lava-run keeps a job's
# files under /var/lib/lava/dispatcher/tmp/ID and removes them at its end,
# so two runs on this machine must not share one.
run_job() {
	arch=$1 dir=build/lava/$1
	guest "$arch" || return 1
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	if ! /usr/bin/python3 ci/lava-job.py build/lava "$arch" >"$dir/job.tap"; then
		echo "check-lava: $arch: ci/lava-job.py could not write a valid job: see $dir/job.tap" >&2
		return 1
	fi
	start=$(date +%s)
	lava-run --job-id "sctrace-$arch-$$" --output-dir "$dir/out" \
		--device "ci/lava/qemu-$arch.yaml" "build/lava/$arch.yaml" >"$dir/lava.log" 2>&1
	rc=$?
	echo "# check-lava: $arch: lava-run exit $rc, $(($(date +%s) - start)) s, log $dir/lava.log"
	if [ ! -s "$dir/out/result.yaml" ]; then
		echo "check-lava: $arch: lava-run (exit $rc) recorded no job result: see $dir/lava.log" >&2
		return 1
	fi
	lava_cases "$dir/lava.log" "$dir/out/result.yaml" >"$dir/lava.cases" || return 1
	sed -e '/^SCTRACE-GUEST-/d' -e '/^SCTRACE-DATA /,/^SCTRACE-DATA-END$/d' \
		"build/$arch/report.txt" | awk -f selftests/ktap-lava.awk >"$dir/qemu.cases"
	compare "$arch" "$dir/qemu.cases" "$dir/lava.cases"
}

echo "TAP version 13"
echo "1..$(echo $arches | wc -w)"
n=0 failed=0
for arch in $arches; do
	n=$((n + 1))
	if run_job "$arch"; then
		echo "ok $n $arch"
	else
		echo "not ok $n $arch"
		failed=$((failed + 1))
	fi
done
[ "$failed" -eq 0 ]
