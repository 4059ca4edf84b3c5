#!/usr/bin/env bats
# --engine (issue 34): the syscalls captured by a BPF program into a BPF
# ring buffer, or by perf events; the same trace either way. The golden
# cases run on both engines too (make golden-bpf).

load helpers

setup() {
	out=$BATS_TEST_TMPDIR/trace.out
}

@test "--engine: a bad value is exit 64, with the ones it takes" {
	run sct --engine=ebpf -- true
	[ "$status" -eq 64 ]
	[[ "$output" == *"bad --engine 'ebpf': expected bpf or perf"* ]]
}

@test "SCTRACE_ENGINE: a bad value is exit 64 too; --engine wins over it" {
	need_root
	SCTRACE_ENGINE=ebpf run sct -- true
	[ "$status" -eq 64 ]
	SCTRACE_ENGINE=ebpf run sct --engine=perf -o "$out" -- true
	assert_success
}

@test "--engine=bpf: the capture program is attached while the command runs" {
	need_root
	command -v bpftool >/dev/null || skip "bpftool is not installed"
	run sct --engine=bpf --no-contents -o "$out" -- bpftool prog show name capture_enter
	assert_success
	[[ "$output" == *"name capture_enter"* ]]
	[[ "$output" != *"cannot capture"* ]]
}

@test "--engine=bpf: every call of 4 threads, in the kernel's -e selection, nothing lost" {
	need_root
	run sct --engine=bpf -e getppid -o "$out" -- "$WORKLOAD" threads4 20000
	assert_success
	[[ "$output" != *LOST* ]]
	[ "$(grep -cE 'getppid\(\) = |<\.\.\. getppid resumed>\) = ' "$out")" -eq 20000 ]
	# -e kept in the kernel: no other call reaches the trace.
	! grep -vE '^(\[pid +[0-9]+\] )?(getppid\(|<\.\.\. getppid resumed>|\+\+\+ exited with 0 \+\+\+$)' "$out"
}

@test "--engine=bpf: the same lines as perf events for a forked child's calls" {
	need_root
	sct --engine=perf -o "$out.perf" -- "$WL/fork_execve"
	sct --engine=bpf -o "$out.bpf" -- "$WL/fork_execve"
	# Pids, addresses and getrandom's bytes differ from run to run.
	norm() { grep -v '^getrandom(' "$1" | sed -E 's/0x[0-9a-f]+/A/g; s/[0-9]+/N/g'; }
	diff <(norm "$out.perf") <(norm "$out.bpf")
}

@test "--engine=bpf: a run it does not capture says so once, and perf events capture it" {
	need_root
	run sct --engine=bpf --pf min -o "$out" -- "$WL/read_ebadf"
	assert_success
	[ "$(grep -c '^sctrace: notice: the BPF engine cannot capture this run: page faults' <<<"$output")" -eq 1 ]
	# SCTRACE_ENGINE is a preference: the same run, without the line.
	SCTRACE_ENGINE=bpf run sct --pf min -o "$out" -- "$WL/read_ebadf"
	assert_success
	[ -z "$output" ]
	grep -q '^read(fd: 99, ' "$out"
}

# The programs whose BPF links sctrace holds, by type and name, as seen by
# the command it traces (its child).
own_links_script() {
	cat >"$1" <<'SCRIPT'
#!/bin/sh
for f in /proc/$PPID/fd/*; do
	[ "$(readlink "$f")" = "anon_inode:bpf_link" ] || continue
	awk '/^prog_id:/ { print $2 }' "/proc/$PPID/fdinfo/${f##*/}"
done | while read -r id; do
	bpftool prog show id "$id" | awk 'NR == 1 { print $2, $4 }'
done
cat /etc/hostname
SCRIPT
	chmod +x "$1"
}

@test "--engine=bpf: the contents program on BPF links, no tracepoint perf event of its own" {
	need_root
	command -v bpftool >/dev/null || skip "bpftool is not installed"
	[ -d /sys/kernel/tracing/events/sched/sched_prepare_exec ] ||
		skip "no sched_prepare_exec (Linux 6.10): the contents program stays on perf events"
	own_links_script "$BATS_TEST_TMPDIR/links"
	run sct --engine=bpf -o "$out" -- "$BATS_TEST_TMPDIR/links"
	assert_success
	for prog in enter exit fork task_exit prepare_exec; do
		[[ "$output" == *"tracing contents_${prog}_link"* ]]
	done
	[[ "$output" != *"tracepoint contents_"* ]]
	# Read through the links, in a forked child too: the path, not an address.
	grep -qE '^\[pid +[0-9]+\] openat\(dfd: AT_FDCWD, filename: "/etc/hostname", ' "$out"
	# The perf engine keeps its tracepoint programs.
	run sct --engine=perf -o "$out" -- "$BATS_TEST_TMPDIR/links"
	assert_success
	[[ "$output" == *"tracepoint contents_enter"* ]]
	[[ "$output" != *"_link"* ]]
}

# sctrace in a mount namespace where /sys/kernel/btf is empty: a kernel
# without BTF, as Debian's s390x 6.1 is.
sct_without_btf() {
	timeout -k 5 "$LIMIT" unshare -m sh -c \
		'mount -t tmpfs nobtf /sys/kernel/btf && exec "$@"' sh "$SCTRACE" "$@"
}

@test "a kernel without BTF: contents on perf events, and --engine=bpf falls back once" {
	need_root
	need_mount_ns
	[ -e /sys/kernel/btf/vmlinux ] || skip "this kernel has no BTF to hide"
	# The default engine: the contents program needs no BTF.
	run sct_without_btf --engine=perf -o "$out" -- cat /etc/hostname
	assert_success
	[[ "$output" != *"shown as addresses"* ]]
	grep -qE '^openat\(dfd: AT_FDCWD, filename: "/etc/hostname", ' "$out"
	# The BPF engine cannot load without BTF: said once, perf events
	# capture, and the contents are read all the same.
	run sct_without_btf --engine=bpf -o "$out" -- cat /etc/hostname
	assert_success
	[ "$(grep -c '^sctrace: notice: the BPF engine cannot capture this run: ' <<<"$output")" -eq 1 ]
	[[ "$output" != *"shown as addresses"* ]]
	grep -qE '^openat\(dfd: AT_FDCWD, filename: "/etc/hostname", ' "$out"
}
