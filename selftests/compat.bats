#!/usr/bin/env bats
# A 32-bit program on the 64-bit kernel (issue 35): its calls are the
# i386 table's (compat), and must be named, decoded and marked as such,
# live, in JSON and replayed. The program is built -m32 on x86_64 only.

load helpers

PROBE=$WL/compat_probe

setup() {
	need_root
	[ -x "$PROBE" ] || skip "no $PROBE: built on x86_64 with gcc-12-multilib only"
	out=$BATS_TEST_TMPDIR/trace.out
}

# The probe's calls, each an exact line: the trace in $out, the probe's pid in $1.
assert_probe_calls() {
	local pid=$1 ppid
	run grep -c '^getppid() = ' "$out"
	assert_output 3
	# Its parent: sctrace itself, which forked it.
	ppid=$(sed -n 's/^getppid() = \([0-9]*\)$/\1/p' "$out" | sort -u)
	[ -n "$ppid" ] && [ "$(printf '%s\n' "$ppid" | wc -l)" -eq 1 ]
	# After the getppids, the probe's own calls, in order, to its end.
	run sed -n '/^getppid() = /,$p' "$out"
	assert_line --index 3 --regexp '^brk\(brk: NULL\) = 0x[0-9a-f]+$'
	assert_line --index 4 --regexp '^openat\(dfd: AT_FDCWD, filename: 0x[0-9a-f]{1,8}, flags: O_RDONLY\) = -1 ENOENT \(No such file or directory\)$'
	assert_line --index 5 --regexp '^write\(fd: 1, buf: 0x[0-9a-f]{1,8}, count: 7\) = 7$'
	assert_line --index 6 'exit_group(error_code: 0) = ?'
	assert_line --index 7 '+++ exited with 0 +++'
	run grep -cx "\[ Process PID=$pid runs in 32 bit mode. \]" "$out"
	assert_output 1
	# The mode line comes right after the exec that switched.
	run grep -A1 '^execve(' "$out"
	assert_line --index 1 "[ Process PID=$pid runs in 32 bit mode. ]"
	# What the 64-bit table would have named these numbers.
	run grep -E '^(semget|recvfrom|ioprio_get|munmap)\(|resumed>' "$out"
	assert_failure
}

@test "a 32-bit program's calls are named by the i386 table, with strace's mode line" {
	run --separate-stderr sct -o "$out" -- "$PROBE"
	assert_success
	assert_output "compat"
	run sed -n 's/^execve(.*) = 0$/&/p' "$out"
	assert_output --partial 'execve(filename: "'
	# A command's pid is its exec's: the probe's is in no line but its own.
	pid=$(sed -n 's/^\[ Process PID=\([0-9]*\) .*/\1/p' "$out")
	[ -n "$pid" ]
	assert_probe_calls "$pid"
}

@test "--json: compat calls carry the i386 number and abi 32, and an abi object says the switch" {
	run --separate-stderr sct --json -o "$out" -- "$PROBE"
	assert_success
	run grep -c '"type":"syscall".*"name":"getppid","nr":64,"abi":32,"args":{}' "$out"
	assert_output 3
	run grep -c '"type":"abi",.*"bits":32}$' "$out"
	assert_output 1
	run grep -c '"name":"exit_group","nr":252,"abi":32,' "$out"
	assert_output 1
	# The exec that switched is the 64-bit table's, paired with its exit.
	run grep -c '"name":"execve","nr":59,"args":{"filename"' "$out"
	assert_output 1
	run grep -E '"name":"(semget|recvfrom|ioprio_get)"' "$out"
	assert_failure
}

@test "a recording keeps the ABI: the replay names the calls alike" {
	local data=$BATS_TEST_TMPDIR/perf.data
	run --separate-stderr sct record -o "$data" -- "$PROBE"
	assert_success
	run --separate-stderr sct --input "$data" -o "$out"
	assert_success
	pid=$(sed -n 's/^\[ Process PID=\([0-9]*\) .*/\1/p' "$out")
	[ -n "$pid" ]
	assert_probe_calls "$pid"
}
