#!/usr/bin/env python3
"""Programs whose fds are known, for fds.bats (sctrace -y).

Each case makes its calls through libc (so the trace shows exactly the
syscall it asked for) on the file named by its first argument, and
prints what the test needs to build its exact expected lines, one
"key value" per line. A case whose fds get their names from /proc
(pipes, sockets) stays alive a second, so that sctrace, which reads its
events a moment after they happen, finds it still running.
"""
import ctypes
import os
import sys
import time

libc = ctypes.CDLL(None, use_errno=True)
libc.openat.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
libc.read.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
libc.write.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
AT_FDCWD = -100
F_SETFD = 2
FD_CLOEXEC = 1
AF_INET = 2
SOCK_STREAM = 1


def say(key, value):
    print(key, value, flush=True)


def open_file(path, flags=os.O_RDONLY):
    fd = libc.openat(AT_FDCWD, os.fsencode(path), flags)
    if fd < 0:
        sys.exit("openat %s failed" % path)
    return fd


def read(fd, count):
    buf = ctypes.create_string_buffer(count)
    return libc.read(fd, buf, count)


def open_read():
    """openat, then a read of 4 bytes."""
    fd = open_file(sys.argv[2])
    say("fd", fd)
    read(fd, 4)


def dup2():
    """dup2 to a free number and over an open fd, then a read and a close."""
    fd = open_file(sys.argv[2])
    other = open_file(sys.argv[3])
    say("fd", fd)
    say("other", other)
    libc.dup2(fd, 20)
    read(20, 2)
    libc.close(20)
    libc.dup2(fd, other)
    read(other, 1)


def close_reuse():
    """A closed number comes back for another file."""
    first = open_file(sys.argv[2])
    libc.close(first)
    second = open_file(sys.argv[3])
    say("first", first)
    say("second", second)
    read(second, 3)


def fork():
    """The child reads the parent's fd and closes it; the parent's stays."""
    fd = open_file(sys.argv[2])
    say("fd", fd)
    child = os.fork()
    if child == 0:
        read(fd, 3)
        libc.close(fd)
        os._exit(0)
    os.waitpid(child, 0)
    say("child", child)
    read(fd, 2)


def cloexec_exec():
    """Close-on-exec fds at 30 (O_CLOEXEC), 32 (F_SETFD), 33 and 34
    (pipe2's, moved with dup3): gone after the exec; 31 stays."""
    fd = open_file(sys.argv[2], os.O_RDONLY | os.O_CLOEXEC)
    say("fd", fd)
    libc.dup3(fd, 30, os.O_CLOEXEC)
    libc.dup2(fd, 31)
    libc.dup2(fd, 32)
    libc.fcntl(32, F_SETFD, FD_CLOEXEC)
    r, w = os.pipe2(os.O_CLOEXEC)
    # Alive while sctrace reads the pipe's name from /proc.
    time.sleep(1)
    libc.dup3(r, 33, os.O_CLOEXEC)
    libc.dup3(w, 34, os.O_CLOEXEC)
    for one in (fd, r, w):
        libc.close(one)
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable, "-I", __file__, "after_exec"])


def after_exec():
    for fd in (30, 31, 32, 33, 34):
        read(fd, 1)


def pipe():
    """pipe2's two ends, written and read."""
    r, w = os.pipe2(0)
    say("r", r)
    say("w", w)
    say("inode", os.fstat(r).st_ino)
    libc.write(w, b"hi", 2)
    read(r, 2)
    time.sleep(1)


def sock():
    """A socket, then listen on it."""
    fd = libc.socket(AF_INET, SOCK_STREAM, 0)
    say("fd", fd)
    say("inode", os.fstat(fd).st_ino)
    libc.listen(fd, 1)
    time.sleep(1)


def inherited():
    """fd 7, opened by the shell before sctrace started the command."""
    read(7, 3)


def replaced():
    """fd 7, inherited, replaced by a file opened here; both read."""
    fd = open_file(sys.argv[2])
    say("fd", fd)
    libc.dup2(fd, 7)
    read(7, 3)
    read(fd, 2)


def attached():
    """An fd opened before sctrace attaches (-p); read once the file
    named by the second argument exists."""
    fd = open_file(sys.argv[2])
    say("fd", fd)
    while not os.path.exists(sys.argv[3]):
        time.sleep(0.02)
    read(fd, 3)


def escaped():
    """A name with a newline and a '>' in it."""
    fd = open_file(sys.argv[2])
    say("fd", fd)
    read(fd, 1)


CASES = {f.__name__: f for f in (open_read, dup2, close_reuse, fork, cloexec_exec,
                                 after_exec, pipe, sock, inherited, replaced, attached,
                                 escaped)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
