#!/usr/bin/env bats
# Bad input: every option with malformed values, repeats, very long and
# non-UTF-8 command lines. One clear line and the option's own exit code.

load helpers

setup() {
	need_root
	out=$BATS_TEST_TMPDIR/trace.out
}

teardown() {
	[ -z "${shared:-}" ] || rm -rf "$shared"
}

# bad OPTION EXIT_CODE MESSAGE_START VALUE...: each value fails just so.
bad() {
	local option=$1 code=$2 start=$3 value
	shift 3
	for value in "$@"; do
		run --separate-stderr sct "$option" "$value" -- true
		[ "$status" -eq "$code" ] || {
			echo "$option '$value': exit $status, not $code" >&2
			return 1
		}
		[[ "$stderr" == "sctrace: $start"* ]] || {
			echo "$option '$value': $stderr" >&2
			return 1
		}
		[ "${#stderr_lines[@]}" -eq 1 ]
	done
}

@test "pid and tid lists: empty, negative, zero, huge, overflow, non-numeric, junk" {
	bad -p 66 "bad pid list" "" "-5" "0" "2147483648" "99999999999999999999" \
		"abc" "1,,2" ",1" "1," "1 2" "0x10" "+3" "1.5"
	bad --tid 66 "bad tid list" "" "-1" "x" "4294967296"
}

@test "cpu lists: empty, negative, huge, overflow, reversed, junk" {
	bad --cpu 65 "bad cpu list" "" "-1" "8192" "99999999999999999999" "3-1" \
		"0-" "-" "a" "0,,1" "0 1" "0x1"
	bad --cpu 65 "cpu 4095 is not online" "4095"
}

@test "mmap pages: empty, zero, negative, not a power of two, huge, junk" {
	bad -m 68 "bad --mmap-pages" "" "0" "-8" "3" "12" "2097152" \
		"99999999999999999999" "0x10" "8k" " 8"
}

@test "users: empty, negative, huge, unknown" {
	bad --uid 67 "unknown user" "" "-1" "99999999999999999999" "no_such_user_sctrace"
}

@test "output: empty path, a directory" {
	bad -o 73 "cannot create output file" "" "/"
}

@test "a repeated option: the last valid value counts, any bad one fails" {
	first=$BATS_TEST_TMPDIR/first second=$BATS_TEST_TMPDIR/second
	run sct -o "$first" -o "$second" -m 4 -m 8 -- true
	assert_success
	[ ! -e "$first" ]
	grep -q '^exit_group' "$second"
	run --separate-stderr sct -m 3 -m 8 -- true
	[ "$status" -eq 68 ]
	run --separate-stderr sct -m 8 -m 3 -- true
	[ "$status" -eq 68 ]
}

@test "the same task named twice is traced once" {
	until_file "$BATS_TEST_TMPDIR/go"
	pid=$!
	trace_then_release "$BATS_TEST_TMPDIR/go" -p "$pid,$pid" --tid "$pid"
	[ "$status" -eq 0 ]
	run grep -c 'exit_group' "$out"
	assert_output "1"
}

@test "a command line of 20000 arguments" {
	run sct -o "$out" -- sh -c 'echo $#' sh $(seq 20000)
	assert_success
	assert_output "20000"
	grep -q '^exit_group(error_code: 0) = ?$' "$out"
}

@test "arguments and a command name that are not UTF-8" {
	bin=$BATS_TEST_TMPDIR/$'cmd\xff\xfe'
	ln -s /bin/echo "$bin"
	run sct -o "$out" -- "$bin" $'\xc3\x28' $'\xff'
	assert_success
	[ "$output" = $'\xc3\x28 \xff' ]
	run -127 --separate-stderr sct -- $'/nonexistent/\xff'
	[[ "$stderr" == "sctrace: cannot run '/nonexistent/"* ]]
}

@test "an option that looks like one after the command belongs to the command" {
	run sct -o "$out" -- echo -p --hell
	assert_success
	assert_output "-p --hell"
}

@test "output over what is read: refused before anything is truncated" {
	data=$BATS_TEST_TMPDIR/in.data
	sct record -o "$data" -- true
	cp "$data" "$BATS_TEST_TMPDIR/copy.data"
	run --separate-stderr sct --input "$data" -o "$data"
	[ "$status" -eq 73 ]
	[ "$stderr" = "sctrace: cannot create output file '$data': it is the input file (--input), which writing would destroy; write to another file" ]
	cmp "$data" "$BATS_TEST_TMPDIR/copy.data"
	# The same file through another name, and through stdin.
	ln "$data" "$BATS_TEST_TMPDIR/other-name"
	run -73 sct --input "$data" -o "$BATS_TEST_TMPDIR/other-name"
	run -73 sh -c "'$SCTRACE' --input - -o '$data' < '$data'"
	cmp "$data" "$BATS_TEST_TMPDIR/copy.data"
	# The traced program is read by exec: neither a trace nor a recording over it.
	cp /bin/true "$BATS_TEST_TMPDIR/prog"
	for sub in "" record; do
		run --separate-stderr sct $sub -o "$BATS_TEST_TMPDIR/prog" -- "$BATS_TEST_TMPDIR/prog"
		[ "$status" -eq 73 ]
		[[ "$stderr" == *"it is the traced command's executable, which writing would destroy; write to another file" ]]
		cmp /bin/true "$BATS_TEST_TMPDIR/prog"
	done
	(cd "$BATS_TEST_TMPDIR" && PATH=$BATS_TEST_TMPDIR:$PATH run -73 sct -o prog -- prog)
	cmp /bin/true "$BATS_TEST_TMPDIR/prog"
}

@test "output through another user's symlink in a sticky directory: refused" {
	# Under /tmp: the spare uid cannot reach into bats' own tmpdir.
	shared=$(mktemp -d /tmp/sctrace-shared.XXXXXX)
	chmod 1777 "$shared"
	secret=$BATS_TEST_TMPDIR/secret
	echo root-only > "$secret"
	chmod 600 "$secret"
	as_spare_uid ln -s "$secret" "$shared/trace.out"
	for sub in "" record; do
		run --separate-stderr sct $sub -o "$shared/trace.out" -- true
		[ "$status" -eq 73 ]
		[ "$stderr" = "sctrace: cannot create output file '$shared/trace.out': it is a symbolic link of another user (uid $SPARE_UID) in the shared directory '$shared', and it could point anywhere; remove it or write elsewhere" ]
		[ "$(cat "$secret")" = root-only ]
	done
	# One's own link there is followed, as the kernel's protected_symlinks does.
	ln -s "$out" "$shared/mine"
	run sct -o "$shared/mine" -- true
	assert_success
	grep -q '^exit_group' "$out"
}

# exact EXIT_CODE LINE ARG...: sctrace ARG... fails with just this one line.
exact() {
	local code=$1 line=$2
	shift 2
	run --separate-stderr sct "$@"
	[ "$status" -eq "$code" ] || {
		echo "$*: exit $status, not $code" >&2
		return 1
	}
	[ "$stderr" = "sctrace: $line" ] || {
		echo "got: $stderr" >&2
		return 1
	}
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "a long option with no value is named as such" {
	exact 64 "option '--event' needs a value; see 'sctrace --help'" --event
	exact 64 "option '--max-events' needs a value; see 'sctrace --help'" --max-events
	exact 64 "option '--help=x' takes no value; see 'sctrace --help'" --help=x
}

@test "echoed values show control bytes, newlines and non-UTF-8 escaped" {
	exact 64 "bad --duration 'a\\x01b': expected milliseconds from 0 to 86400000, like 10 or 0.5" \
		--duration "$(printf 'a\001b')" -- true
	exact 64 "bad --max-events 'x\\ny\\xff\\\\': expected a count from 1 to 281474976710656, like 100" \
		--max-events "$(printf 'x\ny\377\\')" -- true
	exact 64 "bad --event 'a\\tb': give SYSTEM:NAME, like sched:sched_switch (see /sys/kernel/tracing/events)" \
		--event "$(printf 'a\tb')" -- true
	exact 67 "unknown user 'é\\x1b[2J': no such name in the user database and not a uid; give a user name or a numeric uid" \
		--uid "$(printf 'é\033[2J')" -- true
}

@test "a long value is shortened and the hint still follows" {
	local long
	long=$(printf '9%.0s' {1..1500})
	exact 65 "bad cpu list '${long:0:124}...': expected cpu numbers and ranges up to 8191, like 0,2-3" \
		--cpu "$long" -- true
}

@test "a perf setup failure names the event, the step and the real cause" {
	local cpu
	cpu=$(cut -d, -f1 /sys/devices/system/cpu/online | cut -d- -f1)
	# The kernel refuses to sample ftrace:function (EINVAL at open): that
	# event, that step, no word of the syscall tracepoints or --mmap-pages.
	exact 71 "cannot open ftrace:function on cpu $cpu: Invalid argument; check that perf may sample it, or leave it out" \
		--event ftrace:function -- true
	# An event listed under tracefs without an id is not a tracepoint.
	local dir
	for dir in /sys/kernel/tracing/events/ftrace/*/; do
		[ -e "$dir/id" ] || break
	done
	[ ! -e "$dir/id" ] || skip "every ftrace event here has an id"
	local event=ftrace:$(basename "$dir")
	exact 64 "$event under /sys/kernel/tracing/events has no id, and perf opens only events with one (ftrace's own records have none); pick a tracepoint, like sched:sched_switch" \
		--event "$event" -- true
}

@test "too many open files: the count of perf events really opened, and the limit" {
	local log=$BATS_TEST_TMPDIR/strace.log opened line
	# strace counts what perf_event_open gave before the refusal (LeakSanitizer
	# cannot run under ptrace: off for that run of an ASan build only).
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		run --separate-stderr sh -c "ulimit -n 12 && exec strace -f -qq -e trace=perf_event_open -o '$log' '$SCTRACE' -- true"
	[ "$status" -eq 71 ]
	grep -q 'perf_event_open(.*= -1 EMFILE' "$log"
	opened=$(grep -cE 'perf_event_open\(.*\) = [0-9]+$' "$log")
	[ "$opened" -gt 0 ]
	line="sctrace: too many open files after $opened perf events (ulimit -n is 12); raise the limit or trace fewer tasks or cpus"
	[ "$stderr" = "$line" ]
	# The same without strace.
	run --separate-stderr sh -c "ulimit -n 12 && exec '$SCTRACE' -- true"
	[ "$status" -eq 71 ]
	[ "$stderr" = "$line" ]
}

@test "messages outside the option parser escape what they echo" {
	exact 64 "unknown syscall 'rea\\x1bd' in -e 'rea\\x1bd,\\nx'; did you mean 'read'?" \
		-e "$(printf 'rea\033d,\nx')" -- true
	exact 64 "no tracepoint a\\n:b under /sys/kernel/tracing/events; pick one listed there, like sched:sched_switch" \
		--event "$(printf 'a\n:b')" -- true
	exact 73 "cannot create output file '/nonexistent/x\\ny': No such file or directory; check the path and its permissions" \
		-o "$(printf '/nonexistent/x\ny')" -- true
	run -127 --separate-stderr sct -- "$(printf '/nonexistent/\033[2J')"
	[ "$stderr" = "sctrace: cannot run '/nonexistent/\\x1b[2J': No such file or directory; check the command name and PATH" ]
	exact 76 "cannot open '/nonexistent/\\xc2\\x9b': No such file or directory; give a perf.data file" \
		--input "$(printf '/nonexistent/\302\233')"
	SCTRACE_TRACEFS="$(printf '/nonexistent/t\nfs')" \
		exact 70 "the kernel has no raw_syscalls:sys_enter tracepoint under /nonexistent/t\\nfs/events; it needs CONFIG_FTRACE_SYSCALLS" \
		-- true
}
