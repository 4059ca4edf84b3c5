// SPDX-License-Identifier: GPL-2.0
/* -y's fd tables: what calls make of fds, per process, with and without /proc. */
#include "kselftest_harness.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fdpaths.h"

#define AT_CWD ((unsigned long)(unsigned int)AT_FDCWD)

/* Runs one finished call through prepare and commit; its result's path, or "". */
static const char *run_call(struct fd_paths *fp, struct fd_call c, char *shown, size_t size)
{
	struct fd_change ch = { .call = c };
	const char *path;

	if (c.path && !c.path_len)
		ch.call.path_len = strlen(c.path);
	fdpaths_prepare(fp, &ch);
	path = fdpaths_result(&ch);
	snprintf(shown, size, "%s", path ?: "");
	fdpaths_commit(fp, &ch);
	return shown;
}

#define CALL(fp, ...) run_call(fp, (struct fd_call){ __VA_ARGS__ }, shown, sizeof(shown))

/* What fd of pid is by the table alone (no /proc), "" if nothing. */
static const char *known(struct fd_paths *fp, int32_t pid, int fd)
{
	char buf[FDPATHS_PATH_MAX];
	const char *path = fdpaths_get(fp, pid, fd, false, buf, sizeof(buf));

	return path ?: "";
}

static void open_file(struct fd_paths *fp, int32_t pid, int fd, const char *path,
		      unsigned long flags)
{
	char shown[FDPATHS_PATH_MAX];

	CALL(fp, .pid = pid, .syscall = "openat", .has_args = true,
	     .args = { AT_CWD, 0, flags }, .ret = fd, .path = path);
}

TEST(fd_arguments_by_name)
{
	EXPECT_TRUE(fdpaths_is_fd_arg("read", "fd"));
	EXPECT_TRUE(fdpaths_is_fd_arg("openat", "dfd"));
	EXPECT_TRUE(fdpaths_is_fd_arg("dup2", "oldfd"));
	EXPECT_TRUE(fdpaths_is_fd_arg("dup2", "newfd"));
	EXPECT_TRUE(fdpaths_is_fd_arg("epoll_ctl", "epfd"));
	EXPECT_TRUE(fdpaths_is_fd_arg("splice", "fd_out"));
	EXPECT_FALSE(fdpaths_is_fd_arg("read", "count"));
	EXPECT_FALSE(fdpaths_is_fd_arg("close_range", "max_fd"));
	/* pidfd_getfd's fd is the other process's. */
	EXPECT_TRUE(fdpaths_is_fd_arg("pidfd_getfd", "pidfd"));
	EXPECT_FALSE(fdpaths_is_fd_arg("pidfd_getfd", "fd"));
}

TEST(open_gives_its_path_and_close_forgets_it)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	EXPECT_STREQ("/etc/passwd", CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true,
					 .args = { AT_CWD, 0, O_RDONLY }, .ret = 3,
					 .path = "/etc/passwd"));
	EXPECT_STREQ("/etc/passwd", known(&fp, 7, 3));
	EXPECT_STREQ("", known(&fp, 8, 3));
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "close", .has_args = true,
			      .args = { 3 }, .ret = 0));
	EXPECT_STREQ("", known(&fp, 7, 3));
	/* The number comes back with the new file. */
	EXPECT_STREQ("/etc/group", CALL(&fp, .pid = 7, .syscall = "open", .has_args = true,
					.args = { 0, O_RDONLY }, .ret = 3, .path = "/etc/group"));
	EXPECT_STREQ("/etc/group", known(&fp, 7, 3));
	fdpaths_free(&fp);
}

/*
 * Threads of one process: a close frees its fd inside the call, and
 * another thread's open can get the number and return before the close
 * does. The close's exit must not take the new fd away.
 */
TEST(a_close_ends_only_the_fd_it_began_with)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true, .args = { AT_CWD, 0, O_RDONLY },
	     .ret = 5, .path = "/old", .enter_time = 5, .exit_time = 10);
	/* close(5) begins at 20; the other thread's openat gets 5 and returns at 30. */
	CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true, .args = { AT_CWD, 0, O_RDONLY },
	     .ret = 5, .path = "/new", .enter_time = 25, .exit_time = 30);
	CALL(&fp, .pid = 7, .syscall = "close", .has_args = true, .args = { 5 }, .ret = 0,
	     .enter_time = 20, .exit_time = 40);
	EXPECT_STREQ("/new", known(&fp, 7, 5));
	/* A close that began after the open ends it. */
	CALL(&fp, .pid = 7, .syscall = "close", .has_args = true, .args = { 5 }, .ret = 0,
	     .enter_time = 50, .exit_time = 60);
	EXPECT_STREQ("", known(&fp, 7, 5));
	/* close_range alike: what was made after it began stays. */
	CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true, .args = { AT_CWD, 0, O_RDONLY },
	     .ret = 3, .path = "/a", .enter_time = 61, .exit_time = 62);
	CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true, .args = { AT_CWD, 0, O_RDONLY },
	     .ret = 4, .path = "/b", .enter_time = 66, .exit_time = 70);
	CALL(&fp, .pid = 7, .syscall = "close_range", .has_args = true, .args = { 0, 10, 0 },
	     .ret = 0, .enter_time = 65, .exit_time = 80);
	EXPECT_STREQ("", known(&fp, 7, 3));
	EXPECT_STREQ("/b", known(&fp, 7, 4));
	fdpaths_free(&fp);
}

TEST(failed_calls_change_nothing)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/a", 0);
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true,
			      .args = { AT_CWD }, .ret = -2, .path = "/missing"));
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "dup2", .has_args = true,
			      .args = { 9, 3 }, .ret = -9));
	EXPECT_STREQ("/a", known(&fp, 7, 3));
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "execve", .has_args = true, .ret = -2));
	EXPECT_STREQ("/a", known(&fp, 7, 3));
	/* A close that failed with EINTR closed the fd all the same. */
	CALL(&fp, .pid = 7, .syscall = "close", .has_args = true, .args = { 3 }, .ret = -4);
	EXPECT_STREQ("", known(&fp, 7, 3));
	fdpaths_free(&fp);
}

TEST(relative_paths_join_a_known_directory_fd)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/usr/lib", O_DIRECTORY);
	open_file(&fp, 7, 5, "/", O_DIRECTORY);
	EXPECT_STREQ("/usr/lib/libc.so.6", CALL(&fp, .pid = 7, .syscall = "openat",
						.has_args = true, .args = { 3 }, .ret = 4,
						.path = "libc.so.6"));
	EXPECT_STREQ("/etc", CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true,
				  .args = { 5 }, .ret = 6, .path = "etc"));
	/* Relative to the working directory, or an unknown fd: as given. */
	EXPECT_STREQ("notes.txt", CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true,
				       .args = { AT_CWD }, .ret = 8, .path = "notes.txt"));
	EXPECT_STREQ("x/y", CALL(&fp, .pid = 7, .syscall = "openat", .has_args = true,
				 .args = { 20 }, .ret = 9, .path = "x/y"));
	/* The path's contents end at its length or its NUL. */
	EXPECT_STREQ("/ab", CALL(&fp, .pid = 7, .syscall = "open", .has_args = true,
				 .ret = 10, .path = "/abc", .path_len = 3));
	fdpaths_free(&fp);
}

TEST(without_the_path_the_fd_stays_unknown)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/old", 0);
	/* An exit without its enter, or a path not read: nothing stays at 3. */
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "openat", .ret = 3));
	EXPECT_STREQ("", known(&fp, 7, 3));
	open_file(&fp, 7, 3, "/old", 0);
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "openat2", .has_args = true,
			      .args = { AT_CWD }, .ret = 3));
	EXPECT_STREQ("", known(&fp, 7, 3));
	fdpaths_free(&fp);
}

TEST(dup_and_fcntl_copy_the_path)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/etc/hostname", 0);
	open_file(&fp, 7, 1, "/dev/null", 0);
	EXPECT_STREQ("/etc/hostname", CALL(&fp, .pid = 7, .syscall = "dup2", .has_args = true,
					   .args = { 3, 1 }, .ret = 1));
	EXPECT_STREQ("/etc/hostname", known(&fp, 7, 1));
	EXPECT_STREQ("/etc/hostname", CALL(&fp, .pid = 7, .syscall = "dup", .has_args = true,
					   .args = { 3 }, .ret = 4));
	EXPECT_STREQ("/etc/hostname", CALL(&fp, .pid = 7, .syscall = "fcntl", .has_args = true,
					   .args = { 3, F_DUPFD, 10 }, .ret = 10));
	EXPECT_STREQ("/etc/hostname", known(&fp, 7, 10));
	/* Other fcntl commands return no fd. */
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "fcntl", .has_args = true,
			      .args = { 3, F_GETFL }, .ret = 2));
	EXPECT_STREQ("", known(&fp, 7, 2));
	/* dup2 of an unknown fd leaves the target unknown, not stale. */
	EXPECT_STREQ("", CALL(&fp, .pid = 7, .syscall = "dup2", .has_args = true,
			      .args = { 30, 4 }, .ret = 4));
	EXPECT_STREQ("", known(&fp, 7, 4));
	/* dup2(fd, fd) changes nothing. */
	EXPECT_STREQ("/etc/hostname", CALL(&fp, .pid = 7, .syscall = "dup2", .has_args = true,
					   .args = { 3, 3 }, .ret = 3));
	EXPECT_STREQ("/etc/hostname", known(&fp, 7, 3));
	fdpaths_free(&fp);
}

TEST(exec_drops_the_close_on_exec_fds)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/kept", O_RDONLY);
	open_file(&fp, 7, 4, "/cloexec", O_RDONLY | O_CLOEXEC);
	open_file(&fp, 7, 5, "/setfd", O_RDONLY);
	CALL(&fp, .pid = 7, .syscall = "fcntl", .has_args = true,
	     .args = { 5, F_SETFD, FD_CLOEXEC }, .ret = 0);
	open_file(&fp, 7, 6, "/unset", O_CLOEXEC);
	CALL(&fp, .pid = 7, .syscall = "fcntl", .has_args = true,
	     .args = { 6, F_SETFD, 0 }, .ret = 0);
	CALL(&fp, .pid = 7, .syscall = "dup3", .has_args = true,
	     .args = { 3, 7, O_CLOEXEC }, .ret = 7);
	CALL(&fp, .pid = 7, .syscall = "fcntl", .has_args = true,
	     .args = { 3, F_DUPFD_CLOEXEC, 8 }, .ret = 8);
	CALL(&fp, .pid = 7, .syscall = "pipe2", .has_args = true, .args = { 0, O_CLOEXEC },
	     .ret = 0, .has_pair = true, .pair = { 9, 10 });
	open_file(&fp, 7, 11, "/ioctl", 0);
	CALL(&fp, .pid = 7, .syscall = "ioctl", .has_args = true,
	     .args = { 11, 0x5451 /* FIOCLEX */ }, .ret = 0);
	CALL(&fp, .pid = 7, .syscall = "eventfd2", .has_args = true,
	     .args = { 0, O_CLOEXEC }, .ret = 12);
	EXPECT_STREQ("anon_inode:[eventfd]", known(&fp, 7, 12));
	/* The exit of a successful exec: its arguments are not needed. */
	CALL(&fp, .pid = 7, .syscall = "execve", .ret = 0);
	EXPECT_STREQ("/kept", known(&fp, 7, 3));
	EXPECT_STREQ("", known(&fp, 7, 4));
	EXPECT_STREQ("", known(&fp, 7, 5));
	EXPECT_STREQ("/unset", known(&fp, 7, 6));
	EXPECT_STREQ("", known(&fp, 7, 7));
	EXPECT_STREQ("", known(&fp, 7, 8));
	EXPECT_STREQ("", known(&fp, 7, 11));
	EXPECT_STREQ("", known(&fp, 7, 12));
	fdpaths_free(&fp);
}

TEST(close_range_closes_or_marks)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];
	int fd;

	for (fd = 3; fd < 9; fd++)
		open_file(&fp, 7, fd, "/f", 0);
	CALL(&fp, .pid = 7, .syscall = "close_range", .has_args = true,
	     .args = { 4, 5, 0 }, .ret = 0);
	CALL(&fp, .pid = 7, .syscall = "close_range", .has_args = true,
	     .args = { 7, ~0u, 4 /* CLOSE_RANGE_CLOEXEC */ }, .ret = 0);
	EXPECT_STREQ("/f", known(&fp, 7, 3));
	EXPECT_STREQ("", known(&fp, 7, 4));
	EXPECT_STREQ("", known(&fp, 7, 5));
	EXPECT_STREQ("/f", known(&fp, 7, 7));
	CALL(&fp, .pid = 7, .syscall = "execve", .ret = 0);
	EXPECT_STREQ("/f", known(&fp, 7, 3));
	EXPECT_STREQ("/f", known(&fp, 7, 6));
	EXPECT_STREQ("", known(&fp, 7, 7));
	EXPECT_STREQ("", known(&fp, 7, 8));
	fdpaths_free(&fp);
}

TEST(fork_copies_threads_share_forget_frees)
{
	struct fd_paths fp = { 0 };
	char shown[FDPATHS_PATH_MAX];

	open_file(&fp, 7, 3, "/parent", 0);
	fdpaths_fork(&fp, 7, 9);
	EXPECT_STREQ("/parent", known(&fp, 9, 3));
	/* A copy: the child's close is its own. */
	CALL(&fp, .pid = 9, .syscall = "close", .has_args = true, .args = { 3 }, .ret = 0);
	EXPECT_STREQ("", known(&fp, 9, 3));
	EXPECT_STREQ("/parent", known(&fp, 7, 3));
	/* A new process with a reused pid starts from its parent, not the old one. */
	open_file(&fp, 9, 4, "/old", 0);
	fdpaths_fork(&fp, 7, 9);
	EXPECT_STREQ("", known(&fp, 9, 4));
	EXPECT_STREQ("/parent", known(&fp, 9, 3));
	/* An unknown parent: the child knows nothing either. */
	fdpaths_fork(&fp, 100, 9);
	EXPECT_STREQ("", known(&fp, 9, 3));
	fdpaths_forget(&fp, 7);
	EXPECT_STREQ("", known(&fp, 7, 3));
	fdpaths_free(&fp);
	EXPECT_EQ(0, fp.nr);
}

TEST(many_processes_stay_sorted)
{
	struct fd_paths fp = { 0 };
	char path[32];
	int32_t pid;

	for (pid = 100; pid > 0; pid -= 3) {
		snprintf(path, sizeof(path), "/p%d", (int)pid);
		open_file(&fp, pid, 3, path, 0);
	}
	for (pid = 100; pid > 0; pid -= 3) {
		snprintf(path, sizeof(path), "/p%d", (int)pid);
		EXPECT_STREQ(path, known(&fp, pid, 3));
		EXPECT_STREQ("", known(&fp, pid + 1, 3));
	}
	for (pid = 100; pid > 0; pid -= 6)
		fdpaths_forget(&fp, pid);
	EXPECT_STREQ("", known(&fp, 100, 3));
	EXPECT_STREQ("/p97", known(&fp, 97, 3));
	fdpaths_free(&fp);
}

TEST(a_process_keeps_a_bounded_number_of_fds)
{
	struct fd_paths fp = { 0 };
	int fd;

	for (fd = 0; fd < FDPATHS_MAX_FDS + 10; fd++)
		open_file(&fp, 7, fd, "/many", 0);
	EXPECT_EQ(FDPATHS_MAX_FDS, fp.procs[0].nr);
	EXPECT_STREQ("/many", known(&fp, 7, FDPATHS_MAX_FDS - 1));
	EXPECT_STREQ("", known(&fp, 7, FDPATHS_MAX_FDS));
	fdpaths_free(&fp);
}

/* A /proc of its own: PID/fd/N links to any text, PID/fdinfo/N with flags. */
FIXTURE(proc) {
	char root[64];
	struct fd_paths fp;
};

static void fake_fd(FIXTURE_DATA(proc) *self, int pid, int fd, const char *target,
		    const char *flags)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d", self->root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%d/fd", self->root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%d/fdinfo", self->root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%d/fd/%d", self->root, pid, fd);
	unlink(path);
	if (symlink(target, path))
		perror(path);
	snprintf(path, sizeof(path), "%s/%d/fdinfo/%d", self->root, pid, fd);
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "pos:\t0\nflags:\t%s\nmnt_id:\t1\n", flags);
		fclose(f);
	}
}

FIXTURE_SETUP(proc)
{
	snprintf(self->root, sizeof(self->root), "/tmp/test_fdpaths.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->root));
	memset(&self->fp, 0, sizeof(self->fp));
	self->fp.proc_root = self->root;
}

FIXTURE_TEARDOWN(proc)
{
	char cmd[128];

	fdpaths_free(&self->fp);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", self->root);
	if (system(cmd))
		TH_LOG("could not remove %s", self->root);
}

/* What fd of pid is, /proc allowed. */
static const char *live(FIXTURE_DATA(proc) *self, int32_t pid, int fd, char *buf)
{
	const char *path = fdpaths_get(&self->fp, pid, fd, true, buf, FDPATHS_PATH_MAX);

	return path ?: "";
}

TEST_F(proc, an_fd_older_than_the_trace_is_read_once_and_kept)
{
	char buf[FDPATHS_PATH_MAX];

	fake_fd(self, 40, 0, "/dev/pts/3", "02");
	EXPECT_STREQ("/dev/pts/3", live(self, 40, 0, buf));
	/* Kept: a later answer of /proc is not asked for. */
	fake_fd(self, 40, 0, "/changed", "02");
	EXPECT_STREQ("/dev/pts/3", live(self, 40, 0, buf));
	EXPECT_STREQ("", live(self, 40, 1, buf));
	/* A replay (or an ended process) never asks. */
	fake_fd(self, 41, 0, "/dev/null", "0");
	EXPECT_STREQ("", known(&self->fp, 41, 0));
}

TEST_F(proc, listed_at_the_start_with_close_on_exec_from_fdinfo)
{
	char buf[FDPATHS_PATH_MAX], shown[FDPATHS_PATH_MAX];

	fake_fd(self, 50, 0, "/dev/null", "0100000");
	fake_fd(self, 50, 3, "/etc/hostname", "0100000");
	fake_fd(self, 50, 7, "pipe:[99]", "02000001");
	fdpaths_list(&self->fp, 50);
	EXPECT_STREQ("/etc/hostname", known(&self->fp, 50, 3));
	EXPECT_STREQ("pipe:[99]", known(&self->fp, 50, 7));
	/* Listed whole: an fd it did not have is not asked of /proc later. */
	fake_fd(self, 50, 4, "/later", "0");
	EXPECT_STREQ("", live(self, 50, 4, buf));
	/* Its exec closes the close-on-exec one. */
	CALL(&self->fp, .pid = 50, .syscall = "execve", .ret = 0, .proc = true);
	EXPECT_STREQ("/dev/null", known(&self->fp, 50, 0));
	EXPECT_STREQ("", known(&self->fp, 50, 7));
	/* Its child is listed whole too. */
	fdpaths_fork(&self->fp, 50, 51);
	fake_fd(self, 51, 5, "/not-asked", "0");
	EXPECT_STREQ("/etc/hostname", live(self, 51, 3, buf));
	EXPECT_STREQ("", live(self, 51, 5, buf));
}

TEST_F(proc, sockets_and_pipes_take_their_names_from_proc)
{
	char shown[FDPATHS_PATH_MAX];

	fake_fd(self, 60, 3, "socket:[1234]", "02");
	fake_fd(self, 60, 4, "pipe:[77]", "0");
	fake_fd(self, 60, 5, "pipe:[77]", "01");
	fake_fd(self, 60, 6, "/not/a/socket", "0");
	EXPECT_STREQ("socket:[1234]", CALL(&self->fp, .pid = 60, .syscall = "socket",
					   .has_args = true, .args = { 2, 1, 0 }, .ret = 3,
					   .proc = true));
	EXPECT_STREQ("", CALL(&self->fp, .pid = 60, .syscall = "pipe2", .has_args = true,
			      .ret = 0, .has_pair = true, .pair = { 4, 5 }, .proc = true));
	EXPECT_STREQ("pipe:[77]", known(&self->fp, 60, 4));
	EXPECT_STREQ("pipe:[77]", known(&self->fp, 60, 5));
	/* The number was reused before /proc was read: not a socket, not kept. */
	EXPECT_STREQ("", CALL(&self->fp, .pid = 60, .syscall = "accept", .has_args = true,
			      .args = { 3 }, .ret = 6, .proc = true));
	EXPECT_STREQ("", known(&self->fp, 60, 6));
	/* Without /proc (a replay): a socket stays bare, an eventfd is known. */
	EXPECT_STREQ("", CALL(&self->fp, .pid = 61, .syscall = "socket", .has_args = true,
			      .args = { 2, 1, 0 }, .ret = 3));
	EXPECT_STREQ("anon_inode:[eventfd]", CALL(&self->fp, .pid = 61, .syscall = "eventfd2",
						  .has_args = true, .ret = 4));
}

TEST_F(proc, fds_a_message_brought_come_from_proc_or_are_forgotten)
{
	static const int got[] = { 3, 8 };
	char shown[FDPATHS_PATH_MAX];

	fake_fd(self, 80, 3, "/sent", "02000000");
	fake_fd(self, 80, 8, "pipe:[5]", "02000000");
	open_file(&self->fp, 80, 8, "/stale", 0);
	/* A failed recvmsg brings nothing. */
	CALL(&self->fp, .pid = 80, .syscall = "recvmsg", .has_args = true, .ret = -11,
	     .received = got, .nr_received = 2, .proc = true);
	EXPECT_STREQ("/stale", known(&self->fp, 80, 8));
	EXPECT_STREQ("", CALL(&self->fp, .pid = 80, .syscall = "recvmsg", .has_args = true,
			      .args = { 4, 0, 0x40000000 /* MSG_CMSG_CLOEXEC */ }, .ret = 1,
			      .received = got, .nr_received = 2, .proc = true));
	EXPECT_STREQ("/sent", known(&self->fp, 80, 3));
	EXPECT_STREQ("pipe:[5]", known(&self->fp, 80, 8));
	CALL(&self->fp, .pid = 80, .syscall = "execve", .ret = 0);
	EXPECT_STREQ("", known(&self->fp, 80, 3));
	/* Without /proc (a replay), what the numbers were before is forgotten. */
	open_file(&self->fp, 81, 3, "/stale", 0);
	CALL(&self->fp, .pid = 81, .syscall = "recvmmsg", .has_args = true, .ret = 1,
	     .received = got, .nr_received = 1);
	EXPECT_STREQ("", known(&self->fp, 81, 3));
	/* socketpair's pair, as pipe2's. */
	fake_fd(self, 82, 5, "socket:[6]", "0");
	fake_fd(self, 82, 6, "socket:[7]", "0");
	CALL(&self->fp, .pid = 82, .syscall = "socketpair", .has_args = true, .ret = 0,
	     .has_pair = true, .pair = { 5, 6 }, .proc = true);
	EXPECT_STREQ("socket:[6]", known(&self->fp, 82, 5));
	EXPECT_STREQ("socket:[7]", known(&self->fp, 82, 6));
}

TEST_F(proc, with_calls_unseen_proc_is_asked_first_and_not_kept)
{
	char buf[FDPATHS_PATH_MAX];

	self->fp.partial = true;
	open_file(&self->fp, 70, 3, "/from-the-trace", 0);
	fake_fd(self, 70, 3, "/now", "0");
	EXPECT_STREQ("/now", live(self, 70, 3, buf));
	fake_fd(self, 70, 4, "/four", "0");
	EXPECT_STREQ("/four", live(self, 70, 4, buf));
	EXPECT_STREQ("", known(&self->fp, 70, 4));
	/* Gone from /proc: what the trace said. */
	snprintf(buf, sizeof(buf), "%s/70/fd/3", self->root);
	ASSERT_EQ(0, unlink(buf));
	EXPECT_STREQ("/from-the-trace", live(self, 70, 3, buf));
}

TEST_HARNESS_MAIN
