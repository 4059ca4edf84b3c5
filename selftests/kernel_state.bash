# What sctrace must leave as it found it, for faults.bats and soak.sh:
# every perf event fd of every process, and the raw_syscalls tracefs state.
kernel_state() {
	ls -l /proc/[0-9]*/fd 2>/dev/null | grep -c 'anon_inode:\[perf_event\]'
	cat /sys/kernel/tracing/events/raw_syscalls/sys_enter/enable \
	    /sys/kernel/tracing/events/raw_syscalls/sys_enter/filter \
	    /sys/kernel/tracing/events/raw_syscalls/sys_exit/enable
}

# The kernel releases a dead process's events shortly after: wait up to
# 5 s for the state to be what it was, then compare once more.
back_to() {
	for _ in $(seq 50); do
		[ "$(kernel_state)" = "$1" ] && return 0
		sleep 0.1
	done
	[ "$(kernel_state)" = "$1" ]
}
