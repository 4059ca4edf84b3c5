#!/usr/bin/env bats
# doc/sctrace.schema.json and its checker (selftests/json-check), which
# sct runs on every --json output of the suites: it takes what sctrace
# writes and refuses what it must not write. No tracing here.

load helpers

setup() {
	jl=$BATS_TEST_TMPDIR/lines.json
}

check() {
	run --separate-stderr /usr/bin/python3 "$JSON_CHECK" "$@"
}

@test "the schema takes one line of each type, as sctrace writes them" {
	cat > "$jl" <<'EOF'
{"type":"syscall","time_ns":1854147,"pid":26702,"tid":26702,"name":"read","nr":0,"args":{"fd":99,"buf":"0x4bf3d0","count":1},"ret":-9,"errno":"EBADF","duration_ns":691}
{"type":"syscall","time_ns":5,"pid":7,"tid":8,"comm":"w","name":"mmap","nr":9,"args":{"addr":"0x0","len":4096,"prot":3,"flags":34,"fd":-1,"off":0},"ret":"0x7f5c2a1b2000","duration_ns":3}
{"type":"syscall","time_ns":5,"pid":7,"tid":7,"name":"mmap","nr":9,"args":{"addr":"0x0","len":4096,"prot":3,"flags":34,"fd":-1,"off":0},"ret":-12,"errno":"ENOMEM"}
{"type":"syscall","time_ns":0,"pid":5,"tid":5,"name":"exit_group","nr":231,"args":null,"ret":null}
{"type":"syscall","time_ns":3,"pid":5,"tid":5,"name":"close","nr":3,"args":{"fd":3},"ret":0,"duration_ns":2024,"ip":"0x7fc76592ca07"}
{"type":"syscall","time_ns":9,"pid":5,"tid":5,"name":"newfstatat","nr":262,"args":{"dfd":3,"filename":"0x7fd9c0","statbuf":"0x7ffd40","flag":4096},"ret":0,"duration_ns":9177,"contents":{"filename":"","statbuf":{"st_mode":"S_IFREG|0644","st_size":47735}}}
{"type":"syscall","time_ns":9,"pid":5,"tid":5,"name":"write","nr":1,"args":{"fd":1,"buf":"0x4e6728","count":40},"ret":40,"contents":{"buf":"\u00a0\u00bfabc"},"contents_cut":["buf"]}
{"type":"syscall","time_ns":9,"pid":5,"tid":5,"name":"getppid","nr":110,"args":{},"ret":4,"stack":["/tmp/fp_probe(f3+0x8f) [0x11d8]","/usr/lib/x86_64-linux-gnu/libc.so.6() [0x3e69a]","unexpected_backtracing_error [0x7f00]"]}
{"type":"lost","time_ns":42,"cpu":1,"count":13889,"what":"events"}
{"type":"lost","time_ns":42,"cpu":0,"count":3,"what":"task records"}
{"type":"fault","time_ns":2903929,"pid":25458,"tid":25458,"major":false,"addr":"0x4bf2d0","addr_map":"/bin/w","addr_offset":778960,"ip":"0xffffffff8177d51a"}
{"type":"tracepoint","time_ns":2932352,"pid":2,"tid":2,"name":"sched:sched_process_exec","fields":{"filename":"w","pid":2,"old_pid":2,"ptr":"0xffff8a0c4b1e0000","arr":[1,2],"gone":null}}
{"type":"exit","time_ns":7,"pid":2,"tid":2,"code":0}
{"type":"exit","time_ns":7,"pid":2,"tid":2,"signal":"SIGKILL","core_dumped":false}
{"type":"untraced","time_ns":7,"pid":2,"tid":2,"signal":null,"processes":1}
{"type":"untraced","time_ns":7,"pid":2,"tid":2,"signal":"SIGINT","processes":2}
EOF
	check "$jl"
	assert_success
	assert_output ""
	assert_equal "$stderr" ""
}

# Each line alone: json-check must refuse it, naming the line and why.
refuses() {
	local why=$1 line=$2
	printf '%s\n' "$line" > "$jl"
	check "$jl"
	assert_failure 1
	assert_output --partial "$jl:1: "
	assert_output --partial "$why"
}

@test "json-check refuses lines that break the schema, with the line and why" {
	# An address as a number: what jq rounds.
	refuses "is not of type 'string'" '{"type":"fault","time_ns":1,"pid":2,"tid":2,"major":false,"addr":4977616,"ip":"0x1"}'
	refuses "does not match" '{"type":"fault","time_ns":1,"pid":2,"tid":2,"major":false,"addr":"4bf2d0","ip":"0x1"}'
	refuses "should not be valid" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"brk","nr":12,"args":{"brk":"0x0"},"ret":935523152}'
	refuses "is not of type 'string'" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"close","nr":3,"args":{"fd":3},"ret":0,"ip":140737352977415}'
	refuses "is not one of" '{"type":"syscal","time_ns":1,"pid":2,"tid":2}'
	# A frame as the text has it, its " > " included: not a frame of the schema's.
	refuses "does not match" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"getppid","nr":110,"args":{},"ret":4,"stack":[" > /tmp/p(f3+0x8f) [0x11d8]"]}'
	refuses "is too short (at /stack)" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"getppid","nr":110,"args":{},"ret":4,"stack":[]}'
	refuses "'ret' is a required property" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"read","nr":0,"args":null}'
	refuses "Additional properties are not allowed ('extra' was unexpected)" '{"type":"syscall","time_ns":1,"pid":2,"tid":2,"name":"read","nr":0,"args":null,"ret":0,"extra":1}'
	refuses "Additional properties are not allowed ('pid' was unexpected)" '{"type":"lost","time_ns":1,"pid":2,"cpu":0,"count":1,"what":"events"}'
	refuses "is not one of ['events', 'task records']" '{"type":"lost","time_ns":1,"cpu":0,"count":1,"what":"calls"}'
	refuses "should not be valid under {'required': ['code']}" '{"type":"exit","time_ns":1,"pid":2,"tid":2,"code":0,"signal":"SIGKILL","core_dumped":false}'
	refuses "'code' is a required property" '{"type":"exit","time_ns":1,"pid":2,"tid":2,"exit_code":0}'
	refuses "'core_dumped' is a required property" '{"type":"exit","time_ns":1,"pid":2,"tid":2,"signal":"SIGKILL"}'
	refuses "-1 is less than the minimum of 0" '{"type":"syscall","time_ns":-1,"pid":2,"tid":2,"name":"read","nr":0,"args":null,"ret":0}'
	refuses "not one JSON object" '{"type":"lost","time_ns":1,'
	refuses "not one JSON object" 'read(fd: 99) = -1 EBADF'
	printf '{"type":"exit","time_ns":7,"pid":2,"tid":2,"code":0}' > "$jl"
	check "$jl"
	assert_failure 1
	assert_output --partial "the line has no end"
}

@test "json-check: every bad line is said, the good ones not; --mixed skips other lines" {
	printf '%s\n' '{"type":"exit","time_ns":7,"pid":2,"tid":2,"code":0}' 'hello' \
		'{"type":"exit","time_ns":7,"pid":2,"tid":2,"code":"0"}' > "$jl"
	check "$jl"
	assert_failure 1
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --partial "lines.json:2: not one JSON object"
	assert_line --index 1 --partial "lines.json:3: '0' is not of type 'integer'"
	check --mixed - < "$BATS_TEST_TMPDIR/lines.json"
	assert_failure 1
	assert_output --partial "stdin:3: '0' is not of type 'integer'"
	refute_output --partial "stdin:2"
}

# A stand-in for sctrace that writes $LINE where --json output goes.
fake_sctrace() {
	SCTRACE=$BATS_TEST_TMPDIR/fake-sctrace
	cat > "$SCTRACE" <<'EOF'
#!/bin/sh
out=
while [ $# -gt 0 ]; do
	[ "$1" = -o ] && out=$2
	shift
done
case $out in
'') printf '%s\n' "$LINE" >&2 ;;
-) printf '%s\n' "$LINE" ;;
*) printf '%s\n' "$LINE" > "$out" ;;
esac
exit "${STATUS:-0}"
EOF
	chmod +x "$SCTRACE"
}

@test "sct fails a --json run whose output breaks the schema: to a file, stdout or stderr" {
	fake_sctrace
	export LINE='{"type":"exit","time_ns":7,"pid":2,"tid":2,"code":0}'
	for where in "-o $jl" "-o -" ""; do
		# shellcheck disable=SC2086
		run --separate-stderr sct --json $where -- true
		assert_success
		STATUS=3 run --separate-stderr sct --json $where -- true
		assert_failure 3
	done
	export LINE='{"type":"fault","time_ns":1,"pid":2,"tid":2,"major":false,"addr":4977616,"ip":"0x1"}'
	for where in "-o $jl" "-o -" ""; do
		# shellcheck disable=SC2086
		run --separate-stderr sct --json $where -- true
		assert_failure "$JSON_BAD"
		[[ "$stderr" == *"sct: --json output the schema (doc/sctrace.schema.json) refuses:"*"4977616 is not of type 'string'"* ]]
	done
	# Without --json, or an -o file the run did not write, nothing is checked.
	run --separate-stderr sct -o "$jl" -- true
	assert_success
	STATUS=64 SCTRACE=/bin/false run --separate-stderr sct --json -o "$jl" -- true
	assert_failure 1
	assert_equal "$stderr" ""
}
