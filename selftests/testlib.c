// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exit_codes.h"
#include "kselftest.h"
#include "testlib.h"

const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v && *v ? v : fallback;
}

char *read_file(const char *path)
{
	struct stat st;
	char *buf;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	buf = fstat(fd, &st) ? NULL : malloc(st.st_size + 1);
	if (!buf) {
		close(fd);
		return NULL;
	}
	n = read(fd, buf, st.st_size);
	close(fd);
	if (n != st.st_size) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

int run_command(char *const argv[], const char *env_name, const char *env_value,
		const char *err_path)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd < 0 || dup2(fd, STDERR_FILENO) < 0)
			_exit(SCT_EXIT_NOEXEC);
		if (env_name)
			setenv(env_name, env_value, 1);
		personality(ADDR_NO_RANDOMIZE);
		execv(argv[0], argv);
		_exit(SCT_EXIT_NOTFOUND);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* raw_syscalls:sys_enter's id from tracefs, or -1 when it is not there. */
static long sys_enter_id(void)
{
	static const char *const paths[] = {
		"/sys/kernel/tracing/events/raw_syscalls/sys_enter/id",
		"/sys/kernel/debug/tracing/events/raw_syscalls/sys_enter/id",
	};
	char text[32];
	long id = -1;
	size_t i;

	/* tracefs files show a size of 0: read_file would read nothing. */
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]) && id < 0; i++) {
		int fd = open(paths[i], O_RDONLY | O_CLOEXEC);
		ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof(text) - 1);

		if (fd >= 0)
			close(fd);
		if (n <= 0)
			continue;
		text[n] = '\0';
		id = strtol(text, NULL, 10);
	}
	return id;
}

/*
 * Tried by itself, never through sctrace: no tracefs to be seen, or a
 * tracepoint's perf event with its raw record refused (a container's
 * seccomp filter, an unprivileged user namespace).
 */
static bool environment_refuses_tracing(void)
{
	struct perf_event_attr attr;
	long id = sys_enter_id();
	int fd;

	if (id < 0)
		return true;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_RAW;
	attr.disabled = 1;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0)
		return true;
	close(fd);
	return false;
}

bool cannot_trace(int status)
{
	if (status == KSFT_SKIP || status == SCT_EXIT_NO_EVENTS)
		return true;
	if (status == SCT_EXIT_NO_TRACEFS || status == SCT_EXIT_NO_PERM)
		return environment_refuses_tracing();
	return false;
}
