#!/usr/bin/env python3
"""Programs whose pointer arguments are known, for contents.bats.

Each case makes its calls through libc (so the trace shows the libc
call's own syscall) with data it chose, and prints what the test needs
to build its exact expected lines (fds, tids), one "key value" per line.
"""
import ctypes
import mmap
import os
import socket
import sys
import threading
import time

libc = ctypes.CDLL(None, use_errno=True)
libc.openat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.write.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
AT_FDCWD = -100
PAGE = mmap.PAGESIZE


def say(key, value):
    print(key, value, flush=True)


def escapes():
    """A path with quotes, a backslash, a newline, a tab and a control byte."""
    libc.openat(AT_FDCWD, b'/nonexistent/ct-"q"\\\n\t\x01\xff7', os.O_RDONLY)


def data_lengths():
    """Buffers shorter than, as long as, and longer than the limit."""
    r, w = os.pipe()
    say("w", w)
    os.write(w, b"a" * 31)
    os.write(w, b"b" * 32)
    os.write(w, b"c" * 33)
    os.write(w, b"")
    say("r", r)
    os.read(r, 31)
    os.read(r, 1000)


def long_path():
    """A path far longer than the string limit: paths are shown whole."""
    os.path.exists("/nonexistent/" + "p" * 200)


def page_crossing():
    """A string across a page boundary, and one running into PROT_NONE."""
    area = mmap.mmap(-1, 3 * PAGE)
    base = ctypes.addressof(ctypes.c_char.from_buffer(area))
    path = b"/nonexistent/crossing-the-page-boundary\0"
    start = PAGE - 20
    area[start:start + len(path)] = path
    libc.openat(AT_FDCWD, base + start, os.O_RDONLY)
    area[2 * PAGE - 8:2 * PAGE] = b"/unterm/"
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    libc.mprotect(base + 2 * PAGE, PAGE, 0)
    say("unterminated", hex(base + 2 * PAGE - 8))
    libc.openat(AT_FDCWD, base + 2 * PAGE - 8, os.O_RDONLY)


def unmapped():
    """A pointer to memory that is not mapped, and NULL."""
    libc.openat(AT_FDCWD, 0x10, os.O_RDONLY)
    libc.openat(AT_FDCWD, None, os.O_RDONLY)


def argv_unmapped():
    """execve's argv unreadable, and one whose second element is PROT_NONE."""
    libc.execve.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p]
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    area = mmap.mmap(-1, 2 * PAGE)
    base = ctypes.addressof(ctypes.c_char.from_buffer(area))
    first = ctypes.c_char_p(b"first")
    ctypes.c_void_p.from_address(base + PAGE - 8).value = \
        ctypes.cast(first, ctypes.c_void_p).value
    libc.mprotect(base + PAGE, PAGE, 0)
    envp = (ctypes.c_void_p * 1)()
    libc.execve(b"/nonexistent/argv", 0x10, envp)
    libc.execve(b"/nonexistent/argv", base + PAGE - 8, envp)


def poll_revents():
    """poll with one fd ready and one not: revents for the ready one only."""
    import select
    r, w = os.pipe()
    os.write(w, b"x")
    idle_r, _ = os.pipe()
    say("r", r)
    say("idle", idle_r)
    p = select.poll()
    p.register(idle_r, select.POLLIN)
    p.register(r, select.POLLIN)
    p.poll(0)


def sockets():
    """Addresses: AF_INET with its port, AF_INET6, AF_UNIX, abstract."""
    for family, addr in ((socket.AF_INET, ("127.0.0.1", 9)),
                         (socket.AF_INET6, ("::1", 8080)),
                         (socket.AF_UNIX, "/nonexistent/ct.sock"),
                         (socket.AF_UNIX, "\0ct-abstract")):
        s = socket.socket(family, socket.SOCK_STREAM)
        try:
            s.connect(addr)
        except OSError:
            pass
        s.close()


def unix_path_bounds():
    """AF_UNIX paths of 107 bytes and its NUL, and of 108 (the whole
    sun_path, no NUL), each in a whole struct sockaddr_un (110 bytes)."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    say("fd", s.fileno())
    for n in (107, 108):
        path = b"/nonexistent/" + b"%d" % n + b"u" * (n - 16)
        addr = socket.AF_UNIX.to_bytes(2, sys.byteorder) + path + bytes(108 - n)
        libc.connect(s.fileno(), addr, len(addr))
    s.close()


def stat_file():
    """stat of a file of known mode and size."""
    path = sys.argv[2]
    with open(path, "wb") as f:
        f.write(b"z" * 1234)
    os.chmod(path, 0o640)
    os.stat(path)


def changed_during_call():
    """A write blocked on a full pipe while another thread changes its buffer.

    The trace shows the buffer as it was when the call began (read at the
    enter); the reader gets what the kernel copied after the change.
    """
    import fcntl
    r, w = os.pipe()
    fcntl.fcntl(w, 1031, PAGE)  # F_SETPIPE_SZ: one page, so it fills
    os.write(w, b"f" * PAGE)
    buf = ctypes.create_string_buffer(b"before-the-change", 17)
    say("w", w)
    writer = threading.Thread(target=libc.write, args=(w, buf, 17))
    writer.start()
    tid = None
    while tid is None:
        tid = getattr(writer, "native_id", None)
    while True:
        with open("/proc/self/task/%d/wchan" % tid) as f:
            if "pipe_write" in f.read():
                break
        time.sleep(0.001)
    ctypes.memmove(buf, b"after--the-change", 17)
    os.read(r, PAGE)
    writer.join()
    say("received", os.read(r, 17).decode())


def threads_openat():
    """32 threads opening at once, each its own path."""
    barrier = threading.Barrier(32)
    tids = [0] * 32

    def one(i):
        tids[i] = threading.get_native_id()
        barrier.wait()
        libc.openat(AT_FDCWD, b"/nonexistent/thread-%d" % i, os.O_RDONLY)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, tid in enumerate(tids):
        say("thread-%d" % i, tid)


def resumed():
    """A read that waits while another thread writes: its data at the resume."""
    r, w = os.pipe()
    say("r", r)
    reader = threading.Thread(target=os.read, args=(r, 100))
    reader.start()
    while True:
        tid = getattr(reader, "native_id", None)
        if tid:
            with open("/proc/self/task/%d/wchan" % tid) as f:
                if "pipe_read" in f.read():
                    break
        time.sleep(0.001)
    os.write(w, b"late data")
    reader.join()


def exec_unfaulted():
    """A child's execs whose paths are in a file's pages it never touched:
    the enter cannot read them. One fails, then one succeeds, its path far
    enough (128 KiB) from the first that the kernel's fault-around, when
    it reads the first, does not map it (argv[2]: the file)."""
    libc.execve.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    far = 128 * 1024
    with open(sys.argv[2], "wb") as f:
        f.write(b"/nonexistent/unfaulted".ljust(far, b"\0") + b"/bin/true".ljust(PAGE, b"\0"))
    with open(sys.argv[2], "r+b") as f:
        area = mmap.mmap(f.fileno(), far + PAGE, access=mmap.ACCESS_COPY)
    base = ctypes.addressof(ctypes.c_char.from_buffer(area))
    argv = (ctypes.c_char_p * 2)(b"true", None)
    envp = (ctypes.c_void_p * 1)()
    pid = os.fork()
    if pid == 0:
        libc.execve(base, argv, envp)
        libc.execve(base + far, argv, envp)
        os._exit(127)
    say("status", os.waitpid(pid, 0)[1])


def unfaulted_area(path, strings, far):
    """A private mapping of a file holding each string far bytes after the
    one before, never touched here: its address."""
    with open(path, "wb") as f:
        for s in strings:
            f.write(s.ljust(far, b"\0"))
    with open(path, "r+b") as f:
        area = mmap.mmap(f.fileno(), far * len(strings), access=mmap.ACCESS_COPY)
    return area, ctypes.addressof(ctypes.c_char.from_buffer(area))


def arrays_unfaulted():
    """A child's writev whose data, and a failed exec whose argv strings,
    are in a file's pages it never touched, 128 KiB apart (beyond the
    kernel's fault-around): the enter cannot read them, the exit can
    (argv[2]: a directory). The exec fails with ENOEXEC, after the kernel
    copied argv."""
    far = 128 * 1024
    d = sys.argv[2]
    data, data_at = unfaulted_area(d + "/data", [b"hello", b"world"], far)
    words, words_at = unfaulted_area(d + "/words", [b"alpha", b"beta"], far)
    script = d + "/not-a-program"
    with open(script, "wb") as f:
        f.write(b"\x7fNOT\0\0\0\0")
    os.chmod(script, 0o755)
    iov = (ctypes.c_uint64 * 4)(data_at, 5, data_at + far, 5)
    argv = (ctypes.c_void_p * 3)(words_at, words_at + far, None)
    envp = (ctypes.c_void_p * 1)()
    libc.writev.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    libc.execve.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p]
    fd = os.open(d + "/out", os.O_WRONLY | os.O_CREAT, 0o644)
    say("fd", fd)
    pid = os.fork()
    if pid == 0:
        libc.writev(fd, ctypes.addressof(iov), 2)
        libc.execve(script.encode(), ctypes.addressof(argv), ctypes.addressof(envp))
        os._exit(0)
    say("status", os.waitpid(pid, 0)[1])
    with open(d + "/out", "rb") as f:
        say("written", f.read().decode())
    del data, words


def exec_argv_unfaulted():
    """Two children's successful execs of /bin/true whose argv strings are
    in a file's pages they never touched, 128 KiB apart: the enter cannot
    read them, and at the exit the old memory is gone. The first child
    execs from its leader, the second from a second thread (argv[2]: a
    directory)."""
    far = 128 * 1024
    libc.execve.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p]
    for i, how in enumerate(("leader", "thread")):
        words, at = unfaulted_area("%s/words%d" % (sys.argv[2], i), [b"true", how.encode()], far)
        argv = (ctypes.c_void_p * 3)(at, at + far, None)
        envp = (ctypes.c_void_p * 1)()

        def run():
            libc.execve(b"/bin/true", ctypes.addressof(argv), ctypes.addressof(envp))
            os._exit(127)

        pid = os.fork()
        if pid == 0:
            if how == "thread":
                threading.Thread(target=run).start()
                time.sleep(10)
                os._exit(126)
            run()
        say("status-" + how, os.waitpid(pid, 0)[1])
        del words


def poll_apart():
    """events and revents apart (POLLIN|POLLOUT in, POLLOUT out), on fds
    that are not the count: a decoder showing one for the other differs."""
    import select
    r, w = os.pipe()
    say("r", r)
    say("w", w)
    p = select.poll()
    p.register(r, select.POLLIN | select.POLLPRI)
    p.register(w, select.POLLIN | select.POLLOUT)
    p.poll(0)


def stat_mode_bits():
    """stat of a file with setuid, setgid and sticky set and a size that
    is no power of two: a mask too narrow or another field shows."""
    path = sys.argv[2]
    with open(path, "wb") as f:
        f.write(b"z" * 4660)
    os.chmod(path, 0o7751)
    os.stat(path)


def sockets_swapped():
    """Ports and addresses that read differently byte-swapped."""
    for family, addr in ((socket.AF_INET, ("127.0.0.1", 0x1234)),
                         (socket.AF_INET6, ("::1", 0x1234))):
        s = socket.socket(family, socket.SOCK_STREAM)
        try:
            s.connect(addr)
        except OSError:
            pass
        s.close()


def argv_limits():
    """execs of /bin/true with argv strings of 3, 4 and 5 bytes (around
    --string-limit 4), then 31, 32 and 33 strings (around the 32 read)."""
    for argv in ([b"true", b"abc", b"abcd", b"abcde"],
                 [b"true"] + [b"%d" % i for i in range(1, 31)],
                 [b"true"] + [b"%d" % i for i in range(1, 32)],
                 [b"true"] + [b"%d" % i for i in range(1, 33)]):
        pid = os.fork()
        if pid == 0:
            os.execve(b"/bin/true", argv, {})
        os.waitpid(pid, 0)


def struct_fields():
    """Struct fields apart from their neighbours and from their other
    32-bit half: an absolute timespec, an itimerval, an rlimit, and an
    epoll_event (packed on x86_64 only) whose events come back otherwise."""
    import platform
    import resource

    class Timespec(ctypes.Structure):
        _fields_ = [("sec", ctypes.c_long), ("nsec", ctypes.c_long)]

    class Itimerval(ctypes.Structure):
        _fields_ = [("interval", Timespec), ("value", Timespec)]

    class EpollEvent(ctypes.Structure):
        _pack_ = 4 if platform.machine() == "x86_64" else 8
        _fields_ = [("events", ctypes.c_uint32), ("data", ctypes.c_uint64)]

    libc.clock_nanosleep(1, 1, ctypes.byref(Timespec(1, 234567891)), None)
    libc.setitimer(1, ctypes.byref(Itimerval(Timespec(3, 4567), Timespec(100, 8910))), None)
    libc.setitimer(1, ctypes.byref(Itimerval()), None)
    resource.setrlimit(resource.RLIMIT_CORE, (0x1234, 0x5678))
    resource.getrlimit(resource.RLIMIT_CORE)
    epfd = libc.epoll_create1(0)
    r, w = os.pipe()
    say("epfd", epfd)
    say("w", w)
    libc.epoll_ctl(epfd, 1, w, ctypes.byref(EpollEvent(0x1 | 0x4 | 1 << 31, 0x1234)))
    libc.epoll_wait(epfd, ctypes.byref((EpollEvent * 2)()), 2, 0)


CASES = {f.__name__: f for f in (escapes, data_lengths, long_path, page_crossing,
                                 unmapped, argv_unmapped, poll_revents, sockets,
                                 unix_path_bounds, stat_file,
                                 changed_during_call, threads_openat, resumed,
                                 exec_unfaulted, arrays_unfaulted, exec_argv_unfaulted,
                                 poll_apart, stat_mode_bits, sockets_swapped, argv_limits,
                                 struct_fields)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
