#!/usr/bin/env python3
"""Programs whose struct and array arguments are known, for contents_kinds.bats.

Each case makes raw syscalls (libc often picks another call: select is
pselect6 in glibc) with data it chose, and prints what the test needs to
build its exact expected lines, one "key value" per line.
"""
import ctypes
import mmap
import os
import select
import struct
import sys
import time

from raw_calls import MACHINE, c_escaped, libc, raw_call, say

# The numbers of the calls the cases make, per architecture.
NR = {
    "x86_64": {"select": 23, "pselect6": 270, "readv": 19, "writev": 20,
               "preadv2": 327, "pwritev2": 328},
    "aarch64": {"pselect6": 72, "readv": 65, "writev": 66,
                "preadv2": 286, "pwritev2": 287},
    "s390x": {"select": 142, "pselect6": 301, "readv": 145, "writev": 146,
              "preadv2": 376, "pwritev2": 377},
}.get(MACHINE, {})
NR.update({
    "x86_64": {"setitimer": 38, "getitimer": 36, "timer_create": 222, "timer_settime": 223,
               "timer_gettime": 224, "timer_delete": 226, "timerfd_settime": 286,
               "timerfd_gettime": 287, "futex": 202, "epoll_ctl": 233, "epoll_wait": 232,
               "epoll_pwait": 281, "epoll_pwait2": 441, "rt_sigaction": 13, "getrlimit": 97,
               "setrlimit": 160, "prlimit64": 302, "statfs": 137, "fstatfs": 138,
               "setxattr": 188, "getxattr": 191, "lgetxattr": 192, "fgetxattr": 193,
               "listxattr": 194, "removexattr": 197, "readlink": 89, "readlinkat": 267,
               "linkat": 265, "fchownat": 260, "mknodat": 259, "utimensat": 280,
               "inotify_add_watch": 254, "openat2": 437, "settimeofday": 164,
               "rt_sigprocmask": 14, "rt_sigpending": 127, "rt_sigtimedwait": 128,
               "ppoll": 271, "signalfd4": 289},
    "aarch64": {"setitimer": 103, "getitimer": 102, "timer_create": 107, "timer_settime": 110,
                "timer_gettime": 108, "timer_delete": 111, "timerfd_settime": 86,
                "timerfd_gettime": 87, "futex": 98, "epoll_ctl": 21, "epoll_pwait": 22,
                "epoll_pwait2": 441, "rt_sigaction": 134, "getrlimit": 163, "setrlimit": 164,
                "prlimit64": 261, "statfs": 43, "fstatfs": 44, "setxattr": 5, "getxattr": 8,
                "lgetxattr": 9, "fgetxattr": 10, "listxattr": 11, "removexattr": 14,
                "readlinkat": 78, "linkat": 37, "fchownat": 54, "mknodat": 33,
                "utimensat": 88, "inotify_add_watch": 27, "openat2": 437,
                "settimeofday": 170, "rt_sigprocmask": 135, "rt_sigpending": 136,
                "rt_sigtimedwait": 137, "ppoll": 73, "signalfd4": 74},
    "s390x": {"setitimer": 104, "getitimer": 105, "timer_create": 254, "timer_settime": 255,
              "timer_gettime": 256, "timer_delete": 258, "timerfd_settime": 320,
              "timerfd_gettime": 321, "futex": 238, "epoll_ctl": 250, "epoll_wait": 251,
              "epoll_pwait": 312, "epoll_pwait2": 441, "rt_sigaction": 174, "getrlimit": 191,
              "setrlimit": 75, "prlimit64": 334, "statfs": 99, "fstatfs": 100,
              "setxattr": 224, "getxattr": 227, "lgetxattr": 228, "fgetxattr": 229,
              "listxattr": 230, "removexattr": 233, "readlink": 85, "readlinkat": 298,
              "linkat": 296, "fchownat": 291, "mknodat": 290, "utimensat": 315,
              "inotify_add_watch": 285, "openat2": 437, "settimeofday": 79,
              "rt_sigprocmask": 175, "rt_sigpending": 176, "rt_sigtimedwait": 177,
              "ppoll": 302, "signalfd4": 322},
}.get(MACHINE, {}))
NR["clone3"] = 435  # from 424 on, every arch has the same numbers
NR["getdents64"] = {"x86_64": 217, "aarch64": 61, "s390x": 220}.get(MACHINE)
NR["waitid"] = {"x86_64": 247, "aarch64": 95, "s390x": 281}.get(MACHINE)
NR["clone"] = {"x86_64": 56, "aarch64": 220, "s390x": 120}.get(MACHINE)


def sys_call(name, *args):
    return raw_call(NR, name, *args)


def addr(obj):
    return ctypes.addressof(obj) if obj is not None else 0


class FdSet:
    """A set of bits in longs, as the kernel reads fd_set; bits fds long."""

    def __init__(self, bits=1024):
        self.words = (ctypes.c_ulong * ((bits + 63) // 64))()

    def add(self, *fds):
        for fd in fds:
            self.words[fd // 64] |= 1 << (fd % 64)
        return self

    @property
    def ptr(self):
        return ctypes.addressof(self.words)


def select_sets():
    """select with a ready reader, an idle reader, a writer, and except."""
    r, w = os.pipe()
    os.write(w, b"x")
    idle, _ = os.pipe()
    for key, fd in (("r", r), ("w", w), ("idle", idle)):
        say(key, fd)
    inp, outp, exp = FdSet().add(r, idle), FdSet().add(w), FdSet().add(r)
    tv = longs(0, 250000)
    say("ret", sys_call("select", idle + 1, inp.ptr, outp.ptr, exp.ptr, addr(tv)))


def pselect_bits_beyond_n():
    """Bits at n and above are not in the set: n bounds what is shown."""
    r, w = os.pipe()
    os.write(w, b"x")
    say("r", r)
    say("w", w)
    inp = FdSet().add(r, w, 63)
    ts = (ctypes.c_long * 2)(0, 0)
    say("ret", sys_call("pselect6", w, inp.ptr, 0, 0, addr(ts), 0))


def pselect_timeout():
    """Nothing ready within a zero timeout: 0, and no ready sets after."""
    idle, _ = os.pipe()
    say("idle", idle)
    inp = FdSet().add(idle)
    ts = (ctypes.c_long * 2)(0, 0)
    say("ret", sys_call("pselect6", idle + 1, inp.ptr, 0, 0, addr(ts), 0))


def pselect_over_cap():
    """fds up to 1023 are read; 1050 is past the 1024 bits sctrace reads."""
    r, w = os.pipe()
    os.write(w, b"x")
    os.dup2(r, 1023)
    os.dup2(r, 1050)
    say("r", r)
    inp = FdSet(1100).add(r, 1023, 1050)
    ts = (ctypes.c_long * 2)(0, 0)
    say("ret", sys_call("pselect6", 1100, inp.ptr, 0, 0, addr(ts), 0))


def select_first_last():
    """fds 0 and 1023, the first and last of an fd_set, in its first and
    last long: 0 idle, 1023 ready; with n 1024, then n 1023 (1023 out)."""
    r, w = os.pipe()
    os.write(w, b"x")
    idle, _ = os.pipe()
    os.dup2(idle, 0)
    os.dup2(r, 1023)
    ts = (ctypes.c_long * 2)(0, 0)
    for n in (1024, 1023):
        inp = FdSet(1024).add(0, 1023)
        say("ret", sys_call("pselect6", n, inp.ptr, 0, 0, addr(ts), 0))


def select_unreadable():
    """A set pointer to unmapped memory: its address, and EFAULT."""
    ts = (ctypes.c_long * 2)(0, 0)
    say("ret", sys_call("pselect6", 4, 0x10, 0, 0, addr(ts), 0))


class Iovecs:
    """struct iovec[]: (bytes or a buffer size or (address, length)), kept alive."""

    def __init__(self, *parts):
        self.array = (ctypes.c_void_p * (2 * len(parts)))()
        self.keep = []
        for i, part in enumerate(parts):
            if isinstance(part, tuple):
                base, length = part
            else:
                buf = ctypes.create_string_buffer(part if isinstance(part, bytes) else part)
                self.keep.append(buf)
                base = ctypes.addressof(buf)
                length = len(part) if isinstance(part, bytes) else part
            self.array[2 * i] = base
            self.array[2 * i + 1] = length

    @property
    def ptr(self):
        return ctypes.addressof(self.array)

    def data(self, i):
        return self.keep[i].raw


def iov_writes():
    """writev: each iovec's data, cut at the string limit; past 8 iovecs, ..."""
    r, w = os.pipe()
    say("w", w)
    v = Iovecs(b"abc", b"de", b"")
    say("ret", sys_call("writev", w, v.ptr, 3))
    v = Iovecs(b"q" * 40)
    say("ret", sys_call("writev", w, v.ptr, 1))
    v = Iovecs(*[b"%d" % i for i in range(10)])
    say("ret", sys_call("writev", w, v.ptr, 10))
    v = Iovecs()
    say("ret", sys_call("writev", w, v.ptr, 0))
    v = Iovecs(b"tab\t\n")
    say("ret", sys_call("pwritev2", w, v.ptr, 1, -1, 0, 0))


def iov_bounds():
    """writev at the iovecs read (8): 7 and 8 whole, 9 cut after the 8th;
    then one iovec of 31, 32 and 33 bytes, around the string limit."""
    r, w = os.pipe()
    say("w", w)
    for n in (7, 8, 9):
        v = Iovecs(*[b"%c" % (ord("a") + i) for i in range(n)])
        say("ret", sys_call("writev", w, v.ptr, n))
        os.read(r, n)
    for n in (31, 32, 33):
        v = Iovecs(bytes([ord("A") + n - 31]) * n)
        say("ret", sys_call("writev", w, v.ptr, 1))
        os.read(r, n)


def poll_bounds():
    """poll over 31, 32 and 33 pipes' write ends, around the 32 elements
    shown: each watched for POLLIN and POLLOUT, only writable."""
    ends = []
    while len(ends) < 33:
        ends.append(os.pipe()[1])
    say("fds", ",".join("%d" % fd for fd in ends))
    for n in (31, 32, 33):
        p = select.poll()
        for fd in ends[:n]:
            p.register(fd, select.POLLIN | select.POLLOUT)
        say("ret", len(p.poll(0)))


def iov_reads():
    """readv: the iovecs filled in order, up to the result; EOF fills none."""
    r, w = os.pipe()
    say("r", r)
    os.write(w, b"abcdefg")
    v = Iovecs(2, 10, 5)
    say("ret", sys_call("readv", r, v.ptr, 3))
    os.write(w, b"z" * 40)
    v = Iovecs(100)
    say("ret", sys_call("preadv2", r, v.ptr, 1, -1, 0, 0))
    os.close(w)
    v = Iovecs(4)
    say("ret", sys_call("readv", r, v.ptr, 1))


def iov_faults():
    """An unreadable iov_base is its address; an unreadable array too; failed reads show none."""
    r, w = os.pipe()
    say("w", w)
    v = Iovecs((0x10, 3))
    say("ret", sys_call("writev", w, v.ptr, 1))
    say("ret", sys_call("writev", w, 0x10, 2))
    v = Iovecs(8)
    say("vec", hex(v.ptr))
    say("ret", sys_call("readv", w, v.ptr, 1))


def iov_unreadable_entry():
    """An iovec array whose second iovec is on a PROT_NONE page: the first
    shown, the second as its address, never as the list's cut."""
    r, w = os.pipe()
    say("w", w)
    area = mmap.mmap(-1, 2 * mmap.PAGESIZE)
    base = ctypes.addressof(ctypes.c_char.from_buffer(area))
    data = ctypes.create_string_buffer(b"ab")
    first = (ctypes.c_void_p * 2)(ctypes.addressof(data), 2)
    at = base + mmap.PAGESIZE - ctypes.sizeof(first)
    ctypes.memmove(at, first, ctypes.sizeof(first))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    # 0: PROT_NONE, which the mmap module does not name.
    if libc.mprotect(base + mmap.PAGESIZE, mmap.PAGESIZE, 0):
        raise OSError(ctypes.get_errno(), "mprotect")
    say("vec", hex(at))
    say("entry", hex(base + mmap.PAGESIZE))
    say("ret", sys_call("writev", w, at, 2))


class SockaddrOut:
    """A buffer for an address the kernel fills, and its length, at known addresses."""

    def __init__(self, size=128, fill=b"\xee"):
        self.buf = ctypes.create_string_buffer(fill * size, size)
        self.len = ctypes.c_int(size)

    @property
    def ptr(self):
        return ctypes.addressof(self.buf)

    @property
    def len_ptr(self):
        return ctypes.addressof(self.len)


def sockaddr_out():
    """accept, getsockname, getpeername and recvfrom fill an address."""
    import socket
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    say("listener", listener.fileno())
    say("listen_port", listener.getsockname()[1])
    client = socket.create_connection(listener.getsockname())
    say("client_port", client.getsockname()[1])
    a = SockaddrOut()
    say("accepted", libc.accept(listener.fileno(), ctypes.c_void_p(a.ptr),
                                ctypes.c_void_p(a.len_ptr)))
    # Too small a buffer: the kernel writes 4 bytes and says 16.
    a = SockaddrOut(4)
    libc.getsockname(listener.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))
    say("short_result", a.len.value)
    say("short_data", c_escaped(a.buf.raw[2:4]))
    # A failed accept: nothing filled, the pointers shown.
    listener.setblocking(False)
    a = SockaddrOut()
    say("failed_addr", hex(a.ptr))
    libc.accept(listener.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))

    path = sys.argv[2]
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    unix.bind(path)
    a = SockaddrOut()
    say("unix", unix.fileno())
    libc.getsockname(unix.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))

    six = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    six.bind(("::1", 0))
    sender = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    sender.bind(("::1", 0))
    sender.connect(six.getsockname()[:2])
    say("six", six.fileno())
    say("sender_port", sender.getsockname()[1])
    sender.send(b"hi")
    a = SockaddrOut()
    data = ctypes.create_string_buffer(8)
    say("data", hex(ctypes.addressof(data)))
    libc.recvfrom(six.fileno(), data, 8, 0, ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))
    a = SockaddrOut()
    say("sender", sender.fileno())
    say("six_port", six.getsockname()[1])
    libc.getpeername(sender.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))


# What the kernel reads must outlive the call: every buffer made here is kept.
KEEP = []


def longs(*values):
    """A C array of longs holding values (a struct of longs: timeval, itimerspec...)."""
    arr = (ctypes.c_long * len(values))(*values)
    KEEP.append(arr)
    return arr


def u64s(*values):
    arr = (ctypes.c_uint64 * len(values))(*values)
    KEEP.append(arr)
    return arr


JUNK = 0xeeeeeeeeeeeeeeee  # what an unfilled out-struct would show


def timers():
    """setitimer, getitimer, timerfd_*, timer_*: the values in, and the old ones out."""
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("setitimer", 0, addr(longs(1, 500000, 0, 0)), addr(old)))
    cur = u64s(*[JUNK] * 4)
    say("ret", sys_call("getitimer", 0, addr(cur)))
    say("ret", sys_call("setitimer", 0, addr(longs(0, 0, 7, 1000)), 0))
    say("ret", sys_call("setitimer", 0, addr(longs(0, 0, 0, 0)), 0))

    libc.timerfd_create.restype = ctypes.c_int
    tfd = libc.timerfd_create(1, 0)
    say("tfd", tfd)
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("timerfd_settime", tfd, 0, addr(longs(2, 5, 0, 0)), addr(old)))
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("timerfd_settime", tfd, 0, addr(longs(0, 0, 0, 0)), addr(old)))
    cur = u64s(*[JUNK] * 4)
    say("ret", sys_call("timerfd_gettime", tfd, addr(cur)))

    # SIGEV_NONE: sigev_notify, the int after sigev_value and sigev_signo.
    sev = (ctypes.c_int * 16)()
    sev[3] = 1
    tid = ctypes.c_int(-1)
    say("ret", sys_call("timer_create", 1, addr(sev), addr(tid)))
    say("timer", tid.value)
    say("ret", sys_call("timer_settime", tid.value, 0, addr(longs(0, 0, 3600, 9)), 0))
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("timer_settime", tid.value, 0, addr(longs(0, 0, 0, 0)), addr(old)))
    cur = u64s(*[JUNK] * 4)
    say("ret", sys_call("timer_gettime", tid.value, addr(cur)))
    say("ret", sys_call("timer_delete", tid.value))


def settimeofday_invalid():
    """A timeval the kernel refuses (tv_usec past a second): shown as passed."""
    say("ret", sys_call("settimeofday", addr(longs(12, 3000000)), 0))


FUTEX_WAIT, FUTEX_WAKE, FUTEX_CMP_REQUEUE, FUTEX_WAIT_BITSET = 0, 1, 4, 9
FUTEX_PRIVATE_FLAG, FUTEX_CLOCK_REALTIME = 128, 256


def futex_timeouts():
    """utime is a timeout for the wait ops only; for others it is a count or unused."""
    word = ctypes.c_uint32(0)
    ts = longs(0, 1000000)
    say("word", hex(addr(word)))
    say("ts", hex(addr(ts)))
    # The value differs: EAGAIN at once, but the timeout was handed over.
    say("ret", sys_call("futex", addr(word), FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 1, addr(ts), 0, 0))
    abs_ts = longs(5, 6)
    say("ret", sys_call("futex", addr(word),
                        FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME,
                        1, addr(abs_ts), 0, 0xffffffff))
    # FUTEX_WAKE ignores utime: the pointer is not read, it stays an address.
    say("ret", sys_call("futex", addr(word), FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, addr(ts), 0, 0))
    # FUTEX_CMP_REQUEUE reads utime as a count, val2.
    other = ctypes.c_uint32(0)
    say("other", hex(addr(other)))
    say("ret", sys_call("futex", addr(word), FUTEX_CMP_REQUEUE | FUTEX_PRIVATE_FLAG, 1, 5,
                        addr(other), 0))


class EpollEvents:
    """struct epoll_event[n]: packed (12 bytes) on x86_64, 16 bytes elsewhere, filled with junk."""

    def __init__(self, n):
        self.size = 12 if MACHINE == "x86_64" else 16
        self.buf = ctypes.create_string_buffer(b"\xee" * (self.size * n), self.size * n)

    def set(self, i, events, data):
        ctypes.c_uint32.from_buffer(self.buf, i * self.size).value = events
        ctypes.c_uint64.from_buffer(self.buf, i * self.size + self.size - 8).value = data

    @property
    def ptr(self):
        return ctypes.addressof(self.buf)


EPOLLIN, EPOLLOUT, EPOLLET = 1, 4, 1 << 31
EPOLL_CTL_ADD = 1


def epoll_bounds():
    """epoll_pwait returning 31, 32 and 33 events, around the 32 elements
    shown: each event's data is its index in its upper half, its fd below,
    so that u32 and u64 differ; the order returned is said."""
    import select
    epoll = select.epoll()
    ep = epoll.fileno()
    say("ep", ep)
    ends = []
    while len(ends) < 33:
        ends.append(os.pipe()[1])
    for i, fd in enumerate(ends):
        ev = EpollEvents(1)
        ev.set(0, EPOLLOUT, (i + 1) << 32 | fd)
        sys_call("epoll_ctl", ep, EPOLL_CTL_ADD, fd, ev.ptr)
    for n in (31, 32, 33):
        out = EpollEvents(n)
        ret = sys_call("epoll_pwait", ep, out.ptr, n, 0, 0, 8)
        got = [ctypes.c_uint64.from_buffer(out.buf, i * out.size + out.size - 8).value
               for i in range(ret)]
        say("data%d" % n, ",".join("%d" % d for d in got))
        say("ret", ret)


def epoll_events():
    """epoll_ctl's event in; epoll_wait's events out, as many as returned."""
    import select
    epoll = select.epoll()
    ep = epoll.fileno()
    r, w = os.pipe()
    os.write(w, b"x")
    idle, _ = os.pipe()
    for key, fd in (("ep", ep), ("r", r), ("w", w), ("idle", idle)):
        say(key, fd)
    ev = EpollEvents(1)
    ev.set(0, EPOLLIN | EPOLLET, 0x1122334455667788)
    say("ret", sys_call("epoll_ctl", ep, EPOLL_CTL_ADD, r, ev.ptr))
    ev = EpollEvents(1)
    ev.set(0, EPOLLOUT, 7)
    say("ret", sys_call("epoll_ctl", ep, EPOLL_CTL_ADD, w, ev.ptr))
    out = EpollEvents(4)
    if "epoll_wait" in NR:
        say("ret", sys_call("epoll_wait", ep, out.ptr, 4, 0))
    out = EpollEvents(4)
    say("ret", sys_call("epoll_pwait", ep, out.ptr, 1, 0, 0, 8))
    # An idle epoll: nothing returned, nothing shown.
    idle_ep = select.epoll()
    say("idle_ep", idle_ep.fileno())
    ev = EpollEvents(1)
    ev.set(0, EPOLLIN, 0)
    say("ret", sys_call("epoll_ctl", idle_ep.fileno(), EPOLL_CTL_ADD, idle, ev.ptr))
    out = EpollEvents(2)
    say("ret", sys_call("epoll_pwait2", idle_ep.fileno(), out.ptr, 2, addr(longs(0, 0)), 0, 8))


SIGINT, SIGUSR1, SIGUSR2, SIGTERM = 2, 10, 12, 15
SA_SIGINFO, SA_RESTORER, SA_RESTART, SA_NODEFER = 4, 0x04000000, 0x10000000, 0x40000000


def sigaction_old():
    """rt_sigaction: the action handed over, and the previous one the kernel returns."""
    sig = SIGUSR1 if MACHINE == "x86_64" else 10
    act = longs(0xdead0000, SA_SIGINFO | SA_RESTORER | SA_RESTART, 0xbeef0000,
                (1 << (SIGINT - 1)) | (1 << (SIGTERM - 1)) | (1 << 33))
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("rt_sigaction", sig, addr(act), addr(old), 8))
    # Every signal in the mask: the kernel drops KILL and STOP.
    act = longs(1, SA_NODEFER, 0, -1)
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("rt_sigaction", sig, addr(act), addr(old), 8))
    act = longs(0, 0, 0, 0)
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("rt_sigaction", sig, addr(act), addr(old), 8))
    old = u64s(*[JUNK] * 4)
    say("ret", sys_call("rt_sigaction", sig, 0, addr(old), 8))


SIG_BLOCK, SIG_SETMASK = 0, 2


def sigbits(*sigs):
    """A kernel sigset_t: one 64-bit word, bit n-1 for signal n."""
    return u64s(sum(1 << (n - 1) for n in sigs))


def sigsets():
    """Signal masks in (the new mask) and out (the old one, the pending set)."""
    sig_usr1 = SIGUSR1 if MACHINE == "x86_64" else 10
    new = sigbits(SIGINT, SIGTERM, 34)
    old = u64s(JUNK)
    say("ret", sys_call("rt_sigprocmask", SIG_SETMASK, addr(new), addr(old), 8))
    empty = sigbits()
    back = u64s(JUNK)
    say("ret", sys_call("rt_sigprocmask", SIG_SETMASK, addr(empty), addr(back), 8))
    # A blocked signal raised stays pending; rt_sigtimedwait then takes it.
    # Every struct is named: a temporary would be freed before the call.
    term = sigbits(SIGTERM)
    say("ret", sys_call("rt_sigprocmask", SIG_BLOCK, addr(term), 0, 8))
    os.kill(os.getpid(), SIGTERM)
    pending = u64s(JUNK)
    say("ret", sys_call("rt_sigpending", addr(pending), 8))
    wait = (ctypes.c_long * 2)(0, 1000)
    say("ret", sys_call("rt_sigtimedwait", addr(term), 0, addr(wait), 8))
    usr1 = sigbits(sig_usr1)
    no_wait = (ctypes.c_long * 2)(0, 0)
    say("ret", sys_call("ppoll", 0, 0, addr(no_wait), addr(usr1), 8))
    intr = sigbits(SIGINT)
    say("ret", sys_call("signalfd4", -1, addr(intr), 8, 0))
    # An unreadable set is its address; a failed call shows no old set.
    say("ret", sys_call("rt_sigprocmask", SIG_BLOCK, 8, addr(old), 8))


def sigset_page_unmapped():
    """A set on a page not mapped yet: unreadable at the enter, the
    kernel's read maps it (the zero page), the exit reads it: []."""
    page = mmap.mmap(-1, mmap.PAGESIZE)
    at = ctypes.addressof(ctypes.c_char.from_buffer(page))
    say("ret", sys_call("rt_sigprocmask", SIG_BLOCK, at, 0, 8))


RLIMIT_FSIZE = 1
RLIM_INFINITY = (1 << 64) - 1


def rlim_text(v):
    return "RLIM_INFINITY" if v == RLIM_INFINITY else str(v)


def rlimits():
    """getrlimit's out, setrlimit's in, prlimit64's new in and old out."""
    import resource
    cur, high = resource.getrlimit(RLIMIT_FSIZE)
    cur = RLIM_INFINITY if cur == resource.RLIM_INFINITY else cur
    high = RLIM_INFINITY if high == resource.RLIM_INFINITY else high
    say("cur", rlim_text(cur))
    say("max", rlim_text(high))
    if "getrlimit" in NR:
        say("ret", sys_call("getrlimit", RLIMIT_FSIZE, addr(u64s(JUNK, JUNK))))
    say("ret", sys_call("setrlimit", RLIMIT_FSIZE, addr(u64s(1000000, high))))
    say("ret", sys_call("prlimit64", 0, RLIMIT_FSIZE, addr(u64s(cur, high)),
                        addr(u64s(JUNK, JUNK))))


def statfs_dir():
    """statfs and fstatfs of a directory: the kernel's struct statfs."""
    path = sys.argv[2].encode()
    buf = ctypes.create_string_buffer(b"\xee" * 128, 128)
    say("ret", sys_call("statfs", addr(cstr(path)), addr(buf)))
    fd = os.open(path, os.O_RDONLY)
    say("fd", fd)
    buf = ctypes.create_string_buffer(b"\xee" * 128, 128)
    say("ret", sys_call("fstatfs", fd, addr(buf)))


AT_FDCWD = -100


def cstr(b):
    buf = ctypes.create_string_buffer(b)
    KEEP.append(buf)
    return buf


def paths():
    """xattrs, readlink, links, owners, times, nodes, watches, openat2: their paths and names."""
    d = sys.argv[2].encode()
    f = cstr(d + b"/f")
    with open(f.value, "wb"):
        pass
    os.symlink(b"f-target-\"q\"", d + b"/l")
    name = cstr(b"user.ct")
    say("ret", sys_call("setxattr", addr(f), addr(name), addr(cstr(b"v\0x")), 3, 0))
    out = ctypes.create_string_buffer(b"\xee" * 64, 64)
    say("value", hex(addr(out)))
    say("ret", sys_call("getxattr", addr(f), addr(name), addr(out), 64))
    # Size 0 asks for the length: the buffer is not written, nothing shown of it.
    say("ret", sys_call("getxattr", addr(f), addr(name), addr(out), 0))
    say("ret", sys_call("lgetxattr", addr(f), addr(cstr(b"user.none")), addr(out), 64))
    fd = os.open(f.value, os.O_RDONLY)
    say("fd", fd)
    say("ret", sys_call("fgetxattr", fd, addr(name), addr(out), 2))
    say("ret", sys_call("listxattr", addr(f), addr(out), 64))
    say("ret", sys_call("removexattr", addr(f), addr(name)))
    link = cstr(d + b"/l")
    if "readlink" in NR:
        say("ret", sys_call("readlink", addr(link), addr(out), 64))
    say("ret", sys_call("readlinkat", AT_FDCWD, addr(link), addr(out), 5))
    say("ret", sys_call("linkat", AT_FDCWD, addr(f), AT_FDCWD, addr(cstr(d + b"/hard")), 0))
    say("ret", sys_call("fchownat", AT_FDCWD, addr(f), 0, 0, 0))
    say("ret", sys_call("utimensat", AT_FDCWD, addr(f), 0, 0))
    say("ret", sys_call("mknodat", AT_FDCWD, addr(cstr(d + b"/fifo")), 0o10644, 0))
    libc.inotify_init1.restype = ctypes.c_int
    ino = libc.inotify_init1(0)
    say("ino", ino)
    say("ret", sys_call("inotify_add_watch", ino, addr(f), 2))
    how = (ctypes.c_uint64 * 3)(0, 0, 0)
    say("how", hex(addr(how)))
    say("ret", sys_call("openat2", AT_FDCWD, addr(f), addr(how), 24))


def random_bytes():
    """getrandom: 16 bytes, 40 (cut at the limit), none, and an unwritable buffer."""
    libc.getrandom.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
    grnd_nonblock = 1
    for n in (16, 40, 0):
        buf = ctypes.create_string_buffer(n or 1)
        say("ret", libc.getrandom(addr(buf), n, grnd_nonblock))
        say("bytes", buf.raw[:n].hex() or "-")
    say("ret", libc.getrandom(0x10, 16, 0))


def clone3_fork(flags, parent_tid):
    """clone3 as fork (SIGCHLD), with flags and parent_tid; the child
    exits at once, and is waited for. Its pid."""
    args = u64s(flags, 0, 0, addr(parent_tid), 17, 0, 0, 0)
    pid = sys_call("clone3", addr(args), 64)
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def clone3_args():
    """clone3 as fork with CLONE_PARENT_SETTID (the kernel writes the
    child's tid at parent_tid), as fork given a parent_tid without it (the
    kernel writes nothing), one the kernel refuses, one unreadable."""
    ptid = ctypes.c_int(0)
    say("ptid", hex(addr(ptid)))
    say("pid", clone3_fork(0x00100000, ptid))
    say("written", ptid.value)
    unset = ctypes.c_int(-1)
    say("pid_unset", clone3_fork(0, unset))
    say("unset", unset.value)
    # CLONE_THREAD without CLONE_SIGHAND and CLONE_VM: EINVAL.
    # CLONE_NEWTIME (0x80) sits where clone keeps its exit signal.
    stack = ctypes.create_string_buffer(4096)
    args = u64s(0x80 | 0x00010000 | 0x00080000, 0, 0, 0, 0, addr(stack), 4096, 0x1234000)
    say("stack", hex(addr(stack)))
    say("ret", sys_call("clone3", addr(args), 64))
    say("ret", sys_call("clone3", 0x10, 64))


def clone_fork(flags, parent_tid):
    """clone as fork (SIGCHLD), with flags and parent_tid (an address); the
    child exits at once, and is waited for. Its pid. s390x takes the
    stack first."""
    if MACHINE == "s390x":
        pid = sys_call("clone", 0, flags | 17, parent_tid, 0, 0)
    else:
        pid = sys_call("clone", flags | 17, 0, parent_tid, 0, 0)
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def clone_parent_tid():
    """clone with CLONE_PARENT_SETTID (the kernel writes the child's tid at
    parent_tidptr), without it (it writes nothing), and with it and an
    unmapped parent_tidptr (the kernel's write fails, the call does not)."""
    ptid = ctypes.c_int(0)
    say("ptid", hex(addr(ptid)))
    say("pid", clone_fork(0x00100000, addr(ptid)))
    say("written", ptid.value)
    unset = ctypes.c_int(-1)
    say("unset_addr", hex(addr(unset)))
    say("pid_unset", clone_fork(0, addr(unset)))
    say("unset", unset.value)
    say("pid_unmapped", clone_fork(0x00100000, 0x10))


def dirents():
    """getdents64: 5 files and . and ..; then none; 1400 (past the 1024 counted); a bad fd."""
    d = sys.argv[2]
    os.mkdir(d + "/few")
    for i in range(5):
        open("%s/few/f%d" % (d, i), "w").close()
    os.mkdir(d + "/many")
    for i in range(1400):
        open("%s/many/%04d" % (d, i), "w").close()
    buf = ctypes.create_string_buffer(32768)
    for sub in ("few", "many"):
        fd = os.open(d + "/" + sub, os.O_RDONLY | os.O_DIRECTORY)
        say(sub, fd)
        say("ret", sys_call("getdents64", fd, addr(buf), 32768))
        say("ret", sys_call("getdents64", fd, addr(buf), 32768))
        os.close(fd)
    say("buf", hex(addr(buf)))
    say("ret", sys_call("getdents64", -1, addr(buf), 32768))


def siginfos():
    """waitid's siginfo for an exited and a killed child, and WNOHANG's empty one;
    rt_sigtimedwait's for a kill; each field as the case read it back."""
    p_pid, p_all, wexited, wnohang = 1, 0, 4, 1
    info = ctypes.create_string_buffer(128)

    def back():
        signo, _, code, _, pid, uid, status, _ = struct.unpack_from("8i", info.raw)
        utime, stime = struct.unpack_from("2q", info.raw, 32)
        return "%d,%d,%d,%d,%d,%d,%d" % (signo, code, pid, uid, status, utime, stime)
    for how in ("exit", "kill"):
        pid = os.fork()
        if pid == 0:
            if how == "kill":
                time.sleep(60)
            os._exit(3)
        if how == "kill":
            os.kill(pid, 9)
        say(how, pid)
        say("ret", sys_call("waitid", p_pid, pid, addr(info), wexited, 0))
        say("info", back())
    pid = os.fork()
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    say("ret", sys_call("waitid", p_all, 0, addr(info), wexited | wnohang, 0))
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    usr2 = sigbits(SIGUSR2)
    say("ret", sys_call("rt_sigprocmask", SIG_BLOCK, addr(usr2), 0, 8))
    os.kill(os.getpid(), SIGUSR2)
    say("ret", sys_call("rt_sigtimedwait", addr(usr2), addr(info), 0, 8))
    say("self", os.getpid())


CASES = {f.__name__: f for f in (random_bytes, clone3_args, clone_parent_tid, dirents, siginfos, sockaddr_out, select_sets, pselect_bits_beyond_n, pselect_timeout,
                                 pselect_over_cap, select_first_last, select_unreadable, iov_writes,
                                 iov_bounds, poll_bounds, iov_reads, iov_faults, iov_unreadable_entry, timers, settimeofday_invalid,
                                 futex_timeouts, epoll_events, epoll_bounds, sigaction_old, sigsets,
                                 sigset_page_unmapped, rlimits,
                                 statfs_dir, paths)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
