# What sctrace must leave as it found it, for faults.bats and soak.sh:
# no perf event or BPF object held by a process it leaves behind, and the
# raw_syscalls tracefs state as it was. Only what the sctrace under test
# could have left is counted: it runs as the leader of a session of its
# own, which its children and the command's processes stay in (sctrace
# never starts a session), so other perf or sctrace users on the machine
# (another test run, a CI neighbour) do not count.

# COMMAND in the background as a session leader; its pid, which is the
# session's id, in SESSION: the command itself, so signals sent to it
# reach it (setsid(1) would fork where the job leads its group).
session_bg() {
	perl -MPOSIX -e 'POSIX::setsid() or die "setsid: $!\n"; exec @ARGV or die "exec: $!\n"' "$@" &
	SESSION=$!
}

# The perf events and BPF objects (programs, maps, links, BTF) held by the
# processes of session $1.
session_tracing_fds() {
	local pid n=0

	for pid in $(ps -s "$1" -o pid=); do
		n=$((n + $(ls -l "/proc/$pid/fd" 2>/dev/null |
			grep -cE 'anon_inode:(\[perf_event\]|bpf-prog|bpf-map|bpf_link|btf)')))
	done
	echo "$n"
}

# Perf and sctrace never write these: only a tracer gone wrong could.
tracefs_state() {
	cat /sys/kernel/tracing/events/raw_syscalls/sys_{enter,exit}/{enable,filter}
}

# Once the session's leader is reaped: nothing left in session $1 and the
# tracefs state is $2. Its fds closed as it exited, so nothing is waited
# for: what is still open is held by a process that outlived it.
left_nothing() {
	local held state

	held=$(session_tracing_fds "$1")
	state=$(tracefs_state)
	[ "$held" -eq 0 ] || echo "$held perf event or BPF fds held by what sctrace left in its session: $(ps -s "$1" -o pid=,args= | tr '\n' ';')"
	[ "$state" = "$2" ] || echo "raw_syscalls tracefs state changed: '$2' -> '$state'"
	[ "$held" -eq 0 ] && [ "$state" = "$2" ]
}
