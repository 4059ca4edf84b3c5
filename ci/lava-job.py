#!/usr/bin/python3
"""One LAVA job definition per guest arch, from what ci/check-qemu.sh built
(build/ARCH.kernel names the kernel, build/ARCH/initrd.gz the initramfs),
for LAVA's qemu device type: deploy kernel and initramfs to tmpfs, boot
them with "sctrace.shell" (ci/guest-init then gives LAVA a shell instead of
running the suite itself), and run the suite as an inline test definition
that reports every case with lava-test-case. Every job is checked with
lava-common's own job schema.

usage: lava-job.py OUTDIR ARCH...   (writes OUTDIR/ARCH.yaml, reports in TAP 13)
exit: 0 written and valid, 1 a job is invalid or an input is missing
"""
import os
import sys

import yaml
from lava_common.schemas import validate

# LAVA's qemu device-type names for the arch, and what check-qemu.sh's
# qemu-run.sh gives QEMU for it: the job boots the same guest.
MACHINES = {
    # 1G each: the kernel holds the initramfs and its unpacked copy at once
    # (LAVA hands it over uncompressed), and 512M no longer held both
    # ("Initramfs unpacking failed: write error").
    "x86_64": ("amd64", "q35", None, "ttyS0", "1G"),
    "aarch64": ("arm64", "virt", "cortex-a57", "ttyAMA0", "1G"),
    "s390x": ("s390x", "s390-ccw-virtio", None, "ttysclp0", "1G"),
    # LAVA runs qemu-system-ARCH --version: ppc64 names the binary.
    "ppc64le": ("ppc64", "pseries", "power9", "hvc0", "1G"),
}

# Inside the guest: the suites as check-qemu's guests run them (ci/guest-init:
# unit, golden, conformance), then one
# lava-test-case per case, named SUITE.CASE as in the KTAP report.
RUN_STEPS = [
    "cd /sct",
    "set --; for t in selftests/test_*; do set -- \"$@\" \"${t#selftests/}\" \"./$t\"; done",
    # LAVA's run.sh is "set -e": a failing suite must not stop the reporting.
    "CONF_OUT=/tmp/conformance ./selftests/ktap-run \"$@\" golden ./selftests/golden"
    " conformance ./selftests/conformance > /tmp/report.ktap || echo \"ktap-run exit $?\"",
    "awk -f /sct/selftests/ktap-lava.awk /tmp/report.ktap > /tmp/cases",
    "while read -r name result; do lava-test-case \"$name\" --result \"$result\"; done < /tmp/cases",
]


def job(arch, kernel, initrd):
    lava_arch, machine, cpu, console, memory = MACHINES[arch]
    extra = ["-M", machine, "-m", memory, "-nographic", "-no-reboot", "-net", "none"]
    if cpu:
        extra += ["-cpu", cpu]
    append = f"console={console} rdinit=/init panic=-1 sctrace.shell"
    return {
        "device_type": "qemu",
        "job_name": f"sctrace golden and unit suites, {arch} guest",
        "timeouts": {"job": {"minutes": 60}, "action": {"minutes": 30},
                     "connection": {"minutes": 2}},
        "priority": "medium",
        "visibility": "public",
        "context": {"arch": lava_arch, "extra_options": extra},
        "actions": [
            {"deploy": {
                "to": "tmpfs",
                "timeout": {"minutes": 5},
                "images": {
                    "kernel": {"image_arg": f"-kernel {{kernel}} -append \"{append}\"",
                               "url": f"file://{kernel}"},
                    # LAVA unpacks the initramfs, adds its test overlay
                    # (lava-test-runner, the definition) and packs it again.
                    "initrd": {"image_arg": "-initrd {initrd}", "url": f"file://{initrd}",
                               "compression": "gz", "format": "cpio.newc",
                               "overlays": {"lava": True}},
                },
            }},
            {"boot": {
                "method": "qemu",
                "media": "tmpfs",
                "timeout": {"minutes": 10},
                "prompts": ["sctrace-shell# "],
            }},
            {"test": {
                "timeout": {"minutes": 40},
                "definitions": [{
                    "from": "inline",
                    "name": "sctrace",
                    "path": "inline/sctrace.yaml",
                    "repository": {
                        "metadata": {
                            "format": "Lava-Test Test Definition 1.0",
                            "name": "sctrace",
                            "description": "sctrace's golden and unit suites, every case a test case",
                        },
                        "run": {"steps": RUN_STEPS},
                    },
                }],
            }},
        ],
    }


def main():
    if len(sys.argv) < 3:
        print("usage: lava-job.py OUTDIR ARCH...", file=sys.stderr)
        return 2
    outdir, arches = sys.argv[1], sys.argv[2:]
    os.makedirs(outdir, exist_ok=True)
    status = 0
    print("TAP version 13")
    print(f"1..{len(arches)}")
    for number, arch in enumerate(arches, 1):
        try:
            with open(f"build/{arch}.kernel", encoding="utf-8") as f:
                kernel = os.path.abspath(f.read().strip())
        except OSError as exc:
            print(f"# lava-job: no kernel for {arch} ({exc}): run make check-qemu ARCH={arch} first")
            print(f"not ok {number} {arch}")
            status = 1
            continue
        definition = job(arch, kernel, os.path.abspath(f"build/{arch}/initrd.gz"))
        try:
            validate(definition, strict=True)
            verdict = "ok"
        except Exception as exc:  # voluptuous raises its own Invalid tree
            print(f"# lava-job: {arch}: lava-common's schema rejects the job: {exc}")
            verdict = "not ok"
            status = 1
        path = os.path.join(outdir, f"{arch}.yaml")
        with open(path, "w", encoding="utf-8") as f:
            yaml.safe_dump(definition, f, sort_keys=False)
        print(f"# {path}")
        print(f"{verdict} {number} {arch}")
    return status


if __name__ == "__main__":
    sys.exit(main())
