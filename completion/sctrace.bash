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
		local words="$(_sctrace_syscalls) %file %process %network %net %signal
			%ipc %desc %memory %creds %clock %stat %lstat %fstat %%stat %statfs
			%fstatfs %%statfs %pure"
		[[ $cur == status=* ]] &&
			words="successful failed unfinished unavailable detached"
		[[ $cur == quiet=* ]] &&
			words="attach exit path-resolution personality thread-execve superseded all none"
		[[ $cur == decode-pids=* ]] && words="comm pidns all none"
		COMPREPLY=($(compgen -P "$head" -W "$words" -- "${cur##*[,!=]}"))
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
		COMPREPLY=($(compgen -W "dwarf" -- "$cur"))
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
	-X)
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
	-p | --pid)
		_pids
		return
		;;
	-o | --output | --input | -P)
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
		-a | -O | --summary-syscall-overhead | --realtime)
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
