// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdlib.h>
#include <sys/personality.h>
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

bool cannot_trace(int status)
{
	return status == KSFT_SKIP || status == SCT_EXIT_NO_TRACEFS ||
	       status == SCT_EXIT_NO_EVENTS || status == SCT_EXIT_NO_PERM;
}
