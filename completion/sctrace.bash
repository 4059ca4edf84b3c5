# bash completion of sctrace: options (from its own --help), syscall names
# for -e (the kernel's syscall tracepoints), tracepoints for --event.
# Every option taking a value is a case below (cli.bats checks it).

_sctrace_syscalls()
{
	local dir=/sys/kernel/tracing/events/syscalls
	[[ -d $dir ]] || dir=/sys/kernel/debug/tracing/events/syscalls
	compgen -G "$dir/sys_enter_*" 2>/dev/null | sed 's|.*/sys_enter_||'
}

_sctrace_tracepoints()
{
	local file=/sys/kernel/tracing/available_events
	[[ -r $file ]] || file=/sys/kernel/debug/tracing/available_events
	cat "$file" 2>/dev/null
}

# The calls and %classes a -e trace= list takes.
_sctrace_call_words()
{
	echo "$(_sctrace_syscalls) %file %process %network %net %signal %ipc %desc
		%memory %creds %clock %stat %lstat %fstat %%stat %statfs %fstatfs
		%%statfs %pure"
}

# COMPREPLY: the item of a comma list after its last ',' or '!', of words $1.
_sctrace_list_item()
{
	COMPREPLY=($(compgen -P "${cur%"${cur##*[,!]}"}" -W "$1" -- "${cur##*[,!]}"))
}

_sctrace()
{
	local cur prev words cword split
	_init_completion -s || return

	case $prev in
	-e | --expr)
		if [[ $cur == signal=* ]]; then
			# -e signal=SET: a signal after the last comma, '!' kept.
			local set=${cur#signal=}
			local head=signal=${set%"${set##*[,!]}"}
			COMPREPLY=($(compgen -P "$head" -W "all none $(compgen -A signal)" -- "${set##*[,!]}"))
			return
		fi
		# A list: complete the item after the last comma, '!' or '=' kept;
		# status= takes how calls ended, quiet= messages, the rest names and %classes.
		local head=${cur%"${cur##*[,!=]}"}
		local words=$(_sctrace_call_words)
		[[ $cur == status=* ]] &&
			words="successful failed unfinished unavailable detached"
		[[ $cur == quiet=* ]] &&
			words="attach exit path-resolution personality thread-execve superseded all none"
		[[ $cur == decode-pids=* ]] && words="comm pidns all none"
		COMPREPLY=($(compgen -P "$head" -W "$words" -- "${cur##*[,!=]}"))
		return
		;;
	--trace | --abbrev)
		_sctrace_list_item "$(_sctrace_call_words)"
		return
		;;
	--signal)
		_sctrace_list_item "all none $(compgen -A signal)"
		return
		;;
	--status)
		_sctrace_list_item "successful failed unfinished unavailable detached"
		return
		;;
	--quiet)
		_sctrace_list_item "attach exit path-resolution personality thread-execve superseded all none"
		return
		;;
	--kvm)
		COMPREPLY=($(compgen -W "vcpu" -- "$cur"))
		return
		;;
	--event)
		COMPREPLY=($(compgen -W "$(_sctrace_tracepoints)" -- "$cur"))
		__ltrim_colon_completions "$cur"
		return
		;;
	--pf)
		COMPREPLY=($(compgen -W "all maj min" -- "$cur"))
		return
		;;
	--engine)
		COMPREPLY=($(compgen -W "bpf perf" -- "$cur"))
		return
		;;
	--format)
		COMPREPLY=($(compgen -W "sctrace strace" -- "$cur"))
		return
		;;
	--call-graph)
		COMPREPLY=($(compgen -W "dwarf fp" -- "$cur"))
		return
		;;
	-b | --detach-on)
		COMPREPLY=($(compgen -W "execve" -- "$cur"))
		return
		;;
	-I | --interruptible)
		COMPREPLY=($(compgen -W "1 2 3 4 anywhere waiting never never_tstp" -- "$cur"))
		return
		;;
	-S | --summary-sort-by)
		COMPREPLY=($(compgen -W "time min-time max-time avg-time calls errors name nothing" -- "$cur"))
		return
		;;
	-U | --summary-columns)
		# A comma list: complete its last item.
		COMPREPLY=($(compgen -P "${cur%"${cur##*,}"}" -W "time-percent total-time min-time max-time avg-time calls errors name" -- "${cur##*,}"))
		compopt -o nospace
		return
		;;
	-X | --const-print-style)
		COMPREPLY=($(compgen -W "raw abbrev verbose" -- "$cur"))
		return
		;;
	--decode-pids)
		# A comma list: complete its last item.
		COMPREPLY=($(compgen -P "${cur%"${cur##*,}"}" -W "comm pidns all none" -- "${cur##*,}"))
		return
		;;
	-u | --user | --uid)
		COMPREPLY=($(compgen -u -- "$cur"))
		return
		;;
	-p | --pid | --attach)
		_pids
		return
		;;
	-o | --output | --input | -P | --trace-path)
		_filedir
		return
		;;
	-G | --cgroup)
		_filedir -d
		return
		;;
	-E | --env)
		COMPREPLY=($(compgen -e -- "$cur"))
		return
		;;
	--tid | --cpu | -m | --mmap-pages | --duration | --max-events | -s | --string-limit | \
		-a | --columns | -O | --summary-syscall-overhead | --realtime | --read | --write | \
		--inject | --fault)
		return
		;;
	esac
	$split && return

	local i
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == -- ]]; then
			_command_offset $((i + 1))
			return
		fi
	done
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '$(_parse_help "$1")' -- "$cur"))
		[[ ${COMPREPLY-} == *= ]] && compopt -o nospace
	elif ((cword == 1)); then
		COMPREPLY=($(compgen -W "record" -- "$cur"))
	fi
} &&
	complete -F _sctrace sctrace
