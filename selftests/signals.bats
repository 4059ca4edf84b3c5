#!/usr/bin/env bats
# Signals (issue 30): strace's "--- SIGUSR1 {si_signo=..., si_code=...} ---"
# line, at the same place among its thread's calls as strace 6.1 puts it,
# on the same workloads; -e signal= choosing them; --json, record and replay.

load helpers

PY=/usr/bin/python3

setup() {
	need_root
	command -v strace >/dev/null || skip "no strace here: it is the reference"
	out=$BATS_TEST_TMPDIR/trace.out
	ref=$BATS_TEST_TMPDIR/strace.out
	pidfile=$BATS_TEST_TMPDIR/pid
}

# Each workload writes its pid to $1 first: the process whose calls count.
sh_kill() {
	echo "echo \$\$ >$1; kill -USR1 \$\$"
}

# tgkill to its own thread, with a handler: the call, the signal, sigreturn.
py_tgkill() {
	echo "import os, signal, threading
open('$1', 'w').write(str(os.getpid()))
signal.signal(signal.SIGUSR1, lambda *a: None)
signal.pthread_kill(threading.get_ident(), signal.SIGUSR1)"
}

# SIGCHLD held blocked over the child's exit and wait: taken right at the
# unblocking, whatever the timing of the child.
py_sigchld() {
	echo "import os, signal
open('$1', 'w').write(str(os.getpid()))
signal.signal(signal.SIGCHLD, lambda *a: None)
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD])
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGCHLD])"
}

py_segv() {
	echo "import ctypes, os
open('$1', 'w').write(str(os.getpid()))
ctypes.memset(0, 1, 1)"
}

# What the process of pid $2 did in trace $1, a word per line: a call's
# name (an unfinished one at its resumption), SIGNAME/SI_CODE for a signal
# line, "killed SIGNAME" for its end. Lines without [pid N] are the first
# process's: sctrace adds the prefix once there are two; strace -f -o
# starts every line with the pid.
events_of() {
	awk -v want="$2" '
	{
		pid = want
		if (match($0, /^\[pid +[0-9]+\] /)) {
			pid = substr($0, 6, RLENGTH - 7) + 0
			$0 = substr($0, RLENGTH + 1)
		} else if (match($0, /^[0-9]+ +/)) {
			pid = substr($0, 1, RLENGTH) + 0
			$0 = substr($0, RLENGTH + 1)
		}
		if (pid != want || index($0, "<unfinished ...>"))
			next
		if (match($0, /^--- SIG[A-Z0-9_]+ \{si_signo=[A-Z0-9_]+, si_code=[A-Z0-9_-]+/)) {
			split(substr($0, 5, RLENGTH - 4), w, /[ ,={]+/)
			print w[1] "/" w[5]
		} else if (match($0, /^<\.\.\. [a-z0-9_]+ resumed>/)) {
			print substr($0, 6, RLENGTH - 14)
		} else if (match($0, /^[a-z0-9_]+\(/)) {
			print substr($0, 1, RLENGTH - 1)
		} else if (match($0, /^\+\+\+ killed by SIG[A-Z0-9_]+/)) {
			print "killed " substr($0, 15, RLENGTH - 14)
		}
	}' "$1"
}

# Each signal line of the process with the events either side of it.
signal_places() {
	events_of "$1" "$2" | awk '
	{ ev[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++)
			if (ev[i] ~ /^SIG/)
				print ev[i - 1] " | " ev[i] " | " ev[i + 1]
	}'
}

# Runs workload $2 ($1: sh or py) under strace -f and under sctrace; the
# signal lines must be strace's, in the same places.
same_as_strace() {
	local kind=$1 make=$2 cmd spid pid
	if [ "$kind" = sh ]; then
		cmd=(sh -c)
	else
		cmd=("$PY" -I -c)
	fi
	strace -f -o "$ref" -- "${cmd[@]}" "$($make "$pidfile")" || true
	spid=$(cat "$pidfile")
	run sct -o "$out" -- "${cmd[@]}" "$($make "$pidfile")"
	pid=$(cat "$pidfile")
	strace_places=$(signal_places "$ref" "$spid")
	[ -n "$strace_places" ] || fail "strace showed no signal line: $(cat "$ref")"
	run signal_places "$out" "$pid"
	assert_output "$strace_places"
}

@test "kill: SIGUSR1 with SI_USER and the sender's pid, where strace shows it" {
	same_as_strace sh sh_kill
	assert_output "kill | SIGUSR1/SI_USER | killed SIGUSR1"
	pid=$(cat "$pidfile")
	run grep -x -- "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=$pid} ---" "$out"
	assert_success
}

@test "tgkill: SIGUSR1 with SI_TKILL, before the handler's rt_sigreturn, as strace" {
	same_as_strace py py_tgkill
	assert_output "tgkill | SIGUSR1/SI_TKILL | rt_sigreturn"
	pid=$(cat "$pidfile")
	run grep -x -- "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_TKILL, si_pid=$pid} ---" "$out"
	assert_success
}

@test "a child's exit: SIGCHLD with CLD_EXITED, where it is unblocked, as strace" {
	same_as_strace py py_sigchld
	assert_output "rt_sigprocmask | SIGCHLD/CLD_EXITED | rt_sigreturn"
}

@test "a NULL write: SIGSEGV with SEGV_MAPERR, then killed by SIGSEGV, as strace" {
	same_as_strace py py_segv
	assert_output --regexp '^[a-z0-9_]+ \| SIGSEGV/SEGV_MAPERR \| killed SIGSEGV$'
}

@test "-e signal=none: no signal line, the calls and the end as before" {
	run sct -e signal=none -o "$out" -- sh -c "$(sh_kill "$pidfile")"
	[ "$status" -eq 138 ]
	run grep -c -- '^---' "$out"
	assert_output 0
	run tail -n 2 "$out"
	assert_line --index 0 --regexp '^kill\(pid: [0-9]+, sig: SIGUSR1\) = 0$'
	assert_line --index 1 '+++ killed by SIGUSR1 +++'
}

@test "-e signal=SET: names in any case, with or without SIG, numbers, !" {
	local set shown
	for set in usr1 SIGUSR1 10 all '!usr2' 'hup,USR1' usr2 '!USR1' none '!all'; do
		run sct -e "signal=$set" -o "$out" -- sh -c "$(sh_kill "$pidfile")"
		[ "$status" -eq 138 ] || fail "signal=$set: exit $status: $output"
		shown=$(grep -c -- '^--- SIGUSR1 ' "$out" || true)
		case $set in
		usr2 | '!USR1' | none | '!all') [ "$shown" -eq 0 ] || fail "signal=$set showed SIGUSR1" ;;
		*) [ "$shown" -eq 1 ] || fail "signal=$set did not show SIGUSR1 once: $shown" ;;
		esac
	done
}

@test "-e signal= with a word that names no signal: one line, exit 64" {
	run --separate-stderr sct -e signal=USR1,bogus -- true
	[ "$status" -eq 64 ]
	[ "$stderr" = "sctrace: -e signal=: no signal 'bogus'; name one as SIGUSR1 or USR1, or give its number (1 to 64), all or none" ]
	run --separate-stderr sct -e signal=65 -- true
	[ "$status" -eq 64 ]
}

@test "--json: the signal as an object of type signal, in the schema" {
	run --separate-stderr sct --json -o "$out" -- sh -c "$(sh_kill "$pidfile")"
	pid=$(cat "$pidfile")
	run grep -A1 '"name":"kill"' "$out"
	assert_line --index 1 --regexp "^\{\"type\":\"signal\",\"time_ns\":[0-9]+,\"pid\":$pid,\"tid\":$pid,\"signal\":\"SIGUSR1\",\"si_code\":\"SI_USER\",\"si_pid\":$pid\}$"
}

@test "record and replay: the signal lines come back, -e signal= chooses them again" {
	local data=$BATS_TEST_TMPDIR/rec.data
	run sct record -o "$data" -- "$PY" -I -c "$(py_tgkill "$pidfile")"
	assert_success
	pid=$(cat "$pidfile")
	run sct --input "$data" -o "$out"
	assert_success
	run signal_places "$out" "$pid"
	assert_output "tgkill | SIGUSR1/SI_TKILL | rt_sigreturn"
	run grep -cx -- "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_TKILL, si_pid=$pid} ---" "$out"
	assert_output 1
	run sct --input "$data" -e signal=none -o "$out"
	assert_success
	run grep -c -- '^---' "$out"
	assert_output 0
	run sct --input "$data" --json -o "$out"
	assert_success
	run grep -c '"type":"signal","time_ns":[0-9]*,"pid":'"$pid"',"tid":'"$pid"',"signal":"SIGUSR1","si_code":"SI_TKILL"' "$out"
	assert_output 1
}
