# Shared set-up for the bats suites: the binary under test, root, a tmpdir.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

SCTRACE=${SCTRACE:-$BATS_TEST_DIRNAME/../build/sctrace}
# Absolute: some tests run it from another directory.
SCTRACE=$(realpath "$SCTRACE")
# The harness's generated workloads, and the benchmark's multi-mode one.
WL=$BATS_TEST_DIRNAME/../build/workloads
WORKLOAD=${BENCH_WORKLOAD:-$BATS_TEST_DIRNAME/../build/bench/bench-workload}
# Upper bound on any single sctrace run: a hang is a failure, not a stall.
LIMIT=${LIMIT:-30}

# Root, where perf events are allowed (an unprivileged container's root
# is refused them).
need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root to open perf tracepoints"
	need_perf_events
}

# Every --json line must be one the schema accepts: sct checks it.
JSON_CHECK=$BATS_TEST_DIRNAME/json-check
# What sct returns for --json output the schema refuses.
JSON_BAD=86
# What a test needs of its environment and a chroot or a container may
# refuse: each probe tries the capability itself, never sctrace, once per
# suite file, and the test skips with the refusal's own words (kselftest's
# SKIP), so that only sctrace can fail it. KEY WHAT PROBE...: the probe's
# last line of output, or "refused", is cached under KEY as the reason.
need_env() {
	local cache=$BATS_FILE_TMPDIR/env-refuses-$1 what=$2
	shift 2
	if [ ! -e "$cache" ]; then
		if "$@" >"$cache.out" 2>&1; then
			: >"$cache"
		else
			tail -n 1 "$cache.out" | grep . >"$cache" || echo refused >"$cache"
		fi
	fi
	[ ! -s "$cache" ] || skip "this environment refuses $what: $(cat "$cache")"
}

# unshare(1) makes the mount private (MS_REC|MS_PRIVATE on /), which a
# chroot whose root is not a mount point refuses.
need_mount_ns() {
	need_env mount-ns "a mount namespace" unshare -m true
}

need_tmpfs_mount() {
	need_mount_ns
	need_env tmpfs "a tmpfs mount" unshare -m mount -t tmpfs -o size=64k probe /mnt
}

need_pid_ns() {
	need_mount_ns
	need_env pid-ns "a pid namespace with its own /proc" unshare -pf --mount-proc true
}

# Every cgroup2 mount gone from a mount namespace of its own.
need_cgroup2_unmounted() {
	need_mount_ns
	need_env cgroup2-unmounted "unmounting cgroup2 in a mount namespace" unshare -m sh -c '
		findmnt -n -t cgroup2 -o TARGET | xargs -r -n1 umount -l &&
		! grep " - cgroup2 " /proc/self/mountinfo'
}

# Every cgroup2 mount read-only in a mount namespace of its own.
need_cgroup2_read_only() {
	need_mount_ns
	need_env cgroup2-ro "remounting cgroup2 read-only in a mount namespace" unshare -m sh -c '
		findmnt -n -t cgroup2 -o TARGET | xargs -r -n1 mount -o remount,bind,ro &&
		! awk "/ - cgroup2 / && \$6 !~ /^ro(,|\$)/" /proc/self/mountinfo | grep .'
}

# A cgroup beside this one's can be made, as --lossless makes its own.
need_cgroup2_writable() {
	local mnt path

	mnt=$(awk '/ - cgroup2 / { print $5; exit }' /proc/self/mountinfo)
	[ -n "$mnt" ] || skip "no cgroup2 mounted: --lossless cannot hold a command here"
	path=$(sed -n 's/^0:://p' /proc/self/cgroup)
	need_env cgroup2-mkdir "making a cgroup" sh -c 'mkdir "$1" && rmdir "$1"' sh \
		"$mnt${path%/}/sctrace-probe-$$"
}

# tracefs unmounted in a mount namespace of its own (debugfs too, whose
# tracing/ mounts it again when looked at).
untracefs='umount /sys/kernel/tracing 2>/dev/null; umount /sys/kernel/debug 2>/dev/null'

need_tracefs_unmounted() {
	need_mount_ns
	need_env tracefs-unmounted "unmounting tracefs in a mount namespace" unshare -m sh -c "
		$untracefs; ! mountpoint /sys/kernel/tracing"
}

need_tracefs_mountable() {
	need_tracefs_unmounted
	need_env tracefs-mount "mounting tracefs" unshare -m sh -c "
		$untracefs; mount -t tracefs nodev /sys/kernel/tracing"
}

# perf_event_open of TYPE CONFIG SAMPLE_TYPE for this process, disabled:
# perf_event_attr's first 64 bytes.
perf_probe_pl='require "syscall.ph";
	my $attr = pack("L L Q Q Q Q Q L L Q", $ARGV[0], 64, $ARGV[1], 1, $ARGV[2], 0, 1, 0, 0, 0);
	syscall(&SYS_perf_event_open, $attr, 0, -1, -1, 0) >= 0 or die "perf_event_open: $!\n"'

# A tracepoint's perf event with its raw record (PERF_TYPE_TRACEPOINT,
# PERF_SAMPLE_RAW), as sctrace opens them, on raw_syscalls:sys_enter. Its
# id is in tracefs; where tracefs is not mounted yet (sctrace mounts it),
# it is mounted for the probe in a mount namespace of its own, and where
# there is none either, a software event at least meets a seccomp filter.
need_perf_events() {
	local t id= enter=events/raw_syscalls/sys_enter/id

	for t in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		id=$(cat "$t/$enter" 2>/dev/null) && break
	done
	if [ -n "$id" ]; then
		need_env perf "perf events on tracepoints" perl -e "$perf_probe_pl" 2 "$id" 1024
	elif unshare -m true 2>/dev/null; then
		need_env perf "tracefs, or perf events on tracepoints" unshare -m sh -c '
			mount -t tracefs nodev /sys/kernel/tracing &&
			exec perl -e "$1" 2 "$(cat /sys/kernel/tracing/$2)" 1024' sh "$perf_probe_pl" "$enter"
	else
		need_env perf "perf events" perl -e "$perf_probe_pl" 1 9 0
	fi
}

# tracefs mounted, as sctrace run as root leaves it: where it is not yet,
# it is mounted here, which this environment may refuse.
need_tracefs_mounted() {
	local err

	[ ! -d /sys/kernel/tracing/events ] && [ ! -d /sys/kernel/debug/tracing/events ] || return 0
	err=$(mount -t tracefs nodev /sys/kernel/tracing 2>&1) ||
		skip "this environment refuses mounting tracefs: $err"
}

# A BPF tracepoint program can be loaded (CAP_BPF and CAP_PERFMON, or
# CAP_SYS_ADMIN, and no seccomp filter refusing bpf()).
need_bpf() {
	need_env bpf "loading a BPF program" perl -e '
		require "syscall.ph";
		# r0 = 0; exit
		my $insns = pack("C C s l C C s l", 0xb7, 0, 0, 0, 0x95, 0, 0, 0);
		my $license = "GPL\0";
		# bpf_attr for BPF_PROG_LOAD: BPF_PROG_TYPE_TRACEPOINT, 2 insns.
		my $attr = pack("L L Q Q", 5, 2, unpack("Q", pack("P", $insns)),
				unpack("Q", pack("p", $license))) . "\0" x 96;
		syscall(&SYS_bpf, 5, $attr, length($attr)) >= 0 or
			die "bpf(BPF_PROG_LOAD): $!\n"'
}

# Pointer contents: BPF allowed here, and an sctrace built with libbpf.
# Any other reason sctrace gives for addresses is its own failure.
need_contents() {
	need_root
	need_bpf
	run --separate-stderr sct -o /dev/null -- true
	[[ $stderr != *"built without libbpf"* ]] || skip "no contents here: ${stderr#sctrace: }"
}

# sctrace under a time limit; `run` records status, stdout and stderr.
# With --json, its output is then checked against doc/sctrace.schema.json:
# the -o file if this run wrote it, else the stream it went to (-o -:
# stdout, no -o: stderr), captured and then passed on, so that within each
# stream the order is kept. A line the schema refuses is said on stderr,
# and the status is JSON_BAD whatever sctrace's was.
sct() {
	local json=false out= prev= a stream= cap before= status=0
	for a in "$@"; do
		[ "$a" = -- ] && break
		case $prev,$a in
		*,--json) json=true ;;
		-o,* | --output,*) out=$a ;;
		*,--output=*) out=${a#--output=} ;;
		*,-o?*) out=${a#-o} ;;
		esac
		prev=$a
	done
	if ! $json; then
		timeout -k 5 "$LIMIT" "$SCTRACE" "$@"
		return
	fi
	case $out in
	-) stream=1 ;;
	'') stream=2 ;;
	*) before=$(stat -c '%i %y' -- "$out" 2>/dev/null) || true ;;
	esac
	if [ -n "$stream" ]; then
		cap=$(mktemp "$BATS_TEST_TMPDIR/sct-json.XXXXXX")
		if [ "$stream" = 1 ]; then
			timeout -k 5 "$LIMIT" "$SCTRACE" "$@" >"$cap" || status=$?
			cat "$cap"
		else
			timeout -k 5 "$LIMIT" "$SCTRACE" "$@" 2>"$cap" || status=$?
			cat "$cap" >&2
		fi
		json_checked --mixed "$cap" || status=$JSON_BAD
		rm -f "$cap"
		return "$status"
	fi
	timeout -k 5 "$LIMIT" "$SCTRACE" "$@" || status=$?
	# A file this run did not write (a refused option) holds no --json.
	if [ -e "$out" ] && [ "$(stat -c '%i %y' -- "$out")" != "$before" ]; then
		json_checked "$out" || status=$JSON_BAD
	fi
	return "$status"
}

# json-check ARGS; what it finds said on stderr.
json_checked() {
	local said
	said=$(/usr/bin/python3 "$JSON_CHECK" "$@" 2>&1) && return 0
	printf 'sct: --json output the schema (doc/sctrace.schema.json) refuses:\n%s\n' "$said" >&2
	return 1
}

# A uid with no passwd entry and no processes, for -u and non-root runs.
SPARE_UID=54321

as_spare_uid() {
	setpriv --reuid="$SPARE_UID" --regid="$SPARE_UID" --clear-groups "$@"
}

# sctrace in the background, itself (not a wrapper), so signals reach it.
sct_bg() {
	"$SCTRACE" "$@" &
	SCT_PID=$!
}

# sctrace in the background with every signal at its default. sctrace
# leaves ignored what its caller ignores, and callers do: a background
# job starts with SIGINT and SIGQUIT ignored, a CI job run under nohup
# with SIGHUP ignored. A test of what a signal does sets it itself.
sct_bg_default_signals() {
	env --default-signal "$SCTRACE" "$@" &
	SCT_PID=$!
}

# Waits for a background pid at most LIMIT seconds; its status, or 124.
wait_bounded() {
	local pid=$1 i
	for ((i = 0; i < LIMIT * 10; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid"
		wait "$pid"
		return 124
	fi
	wait "$pid"
}

# Runs COMMAND every 50 ms until it succeeds, for at most LIMIT seconds.
wait_until() {
	local i
	for ((i = 0; i < LIMIT * 20; i++)); do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}

# Whether $1 has a child named $2 (so, one that has exec'd); its pid in
# $CHILD.
has_child() {
	CHILD=$(pgrep -P "$1" -x "$2")
}

# Whether $1's child named $2 sleeps in (clock_)nanosleep, where a signal
# finds it in the call; its pid in $CHILD.
child_in_nanosleep() {
	has_child "$1" "$2" && [[ $(cat "/proc/$CHILD/wchan" 2>/dev/null) == *nanosleep ]]
}

# A process that sleeps in 20 ms steps until the file $1 exists, then
# exits 0: it outlives sctrace's set-up however slow the machine is.
until_file() {
	perl -MTime::HiRes=sleep -e 'sleep 0.02 until -e $ARGV[0]' "$1" &
}

# sctrace ARGS in the background until its trace shows a first line,
# which means the targets are traced; then GO is made, to let them end.
trace_then_release() {
	local go=$1
	shift
	sct_bg "$@" -o "$out"
	# Released however the wait ended, or they would wait for ever; the
	# test's checks then tell.
	wait_until test -s "$out" || true
	touch "$go"
	status=0
	wait_bounded "$SCT_PID" || status=$?
}

# sctrace ARGS -- a perl making $1 getppid while sctrace is stopped
# (SIGSTOP), then $1 more once it runs again. Its rings (one page) then
# overflow whatever the speed of the machine or of the reader, and the
# later calls make the kernel write the LOST records, as in a run that
# cannot keep up. Each half starts at the test's word through a fifo.
# perl runs under the name overflow_comm prints, so that the kernel can
# count its calls in the same run (kernel_count_start): a second run is
# no reference, as its calls differ with its environment (perl's heap,
# and so its brk calls, grows with the size of its environment).
# $status, $output (empty) and $stderr as bats' run --separate-stderr
# leaves them.
overflowing() {
	local n=$1 err=$BATS_TEST_TMPDIR/overflowing.err comm
	local go1=$BATS_TEST_TMPDIR/go1 go2=$BATS_TEST_TMPDIR/go2
	shift
	comm=$(overflow_comm)
	rm -f "$go1" "$go2" "$BATS_TEST_TMPDIR/$comm"
	mkfifo "$go1" "$go2"
	ln -s "$(command -v perl)" "$BATS_TEST_TMPDIR/$comm"
	"$SCTRACE" "$@" -- "$BATS_TEST_TMPDIR/$comm" -e 'my ($go1, $go2, $n) = @ARGV;
		open(my $f, "<", $go1) or die; <$f>;
		getppid() for 1..$n;
		open(my $g, "<", $go2) or die; <$g>;
		getppid() for 1..$n' "$go1" "$go2" "$n" >/dev/null 2>"$err" &
	SCT_PID=$!
	# Stopped once perl runs: its events are enabled at its exec. Each
	# step is taken however the one before ended, so that nothing is left
	# stopped or waiting; the status and the trace then tell.
	wait_until has_child "$SCT_PID" "$comm" || true
	kill -STOP "$SCT_PID"
	timeout "$LIMIT" sh -c 'echo > "$1"' sh "$go1" || true
	# Its open of go2 lets this one return: the first half is made.
	timeout "$LIMIT" sh -c 'echo > "$1"' sh "$go2" || true
	kill -CONT "$SCT_PID"
	status=0
	wait_bounded "$SCT_PID" || status=$?
	output=
	stderr=$(cat "$err")
	mapfile -t stderr_lines < "$err"
}

# The name overflowing runs perl under: a task name (at most 15 bytes)
# no other process on the machine has, for the kernel's filter.
overflow_comm() {
	echo "sctov-$$"
}

# The kernel's own count of the raw_syscalls events of tasks named $1,
# made in a tracefs instance of the test's: sctrace's rings, filters and
# programs play no part in it. kernel_count_stop ends it.
kernel_count_start() {
	local tracing=/sys/kernel/tracing e

	[ -d "$tracing/instances" ] || mount -t tracefs nodev "$tracing" 2>/dev/null ||
		skip "tracefs is not mounted and cannot be: the kernel cannot count the calls"
	KCOUNT_DIR=$tracing/instances/sctrace-test-$$
	mkdir "$KCOUNT_DIR" || skip "no tracefs instance can be made here: the kernel cannot count the calls"
	echo 8192 > "$KCOUNT_DIR/buffer_size_kb"
	for e in sys_enter sys_exit; do
		echo "comm == \"$1\"" > "$KCOUNT_DIR/events/raw_syscalls/$e/filter"
		echo 1 > "$KCOUNT_DIR/events/raw_syscalls/$e/enable"
	done
}

# The events the kernel counted, in KCOUNT: over every cpu, those its
# buffer keeps and those it overwrote, so exact whatever the buffer's
# size. The records themselves in $BATS_TEST_TMPDIR/kernel.trace.
kernel_count_stop() {
	local e

	[ -n "${KCOUNT_DIR:-}" ] || return 0
	for e in sys_enter sys_exit; do
		echo 0 > "$KCOUNT_DIR/events/raw_syscalls/$e/enable"
	done
	KCOUNT=$(awk '/^(entries|overrun):/ { n += $2 } END { print n + 0 }' \
		"$KCOUNT_DIR"/per_cpu/cpu*/stats)
	grep -v '^#' "$KCOUNT_DIR/trace" > "$BATS_TEST_TMPDIR/kernel.trace"
	rmdir "$KCOUNT_DIR"
	KCOUNT_DIR=
}

# A failing test's files, kept past bats' clean-up for a person to read:
# copied to build/kept/TEST-PID/, which is printed.
keep_files() {
	local dir f

	dir=$BATS_TEST_DIRNAME/../build/kept/${BATS_TEST_NAME:0:60}-$$
	mkdir -p "$dir" || return
	for f; do
		[ ! -e "$f" ] || cp "$f" "$dir"/
	done
	echo "kept in $(realpath "$dir"):" $(ls "$dir")
}
