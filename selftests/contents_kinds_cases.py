#!/usr/bin/env python3
"""Programs whose struct and array arguments are known, for contents_kinds.bats.

Each case makes raw syscalls (libc often picks another call: select is
pselect6 in glibc) with data it chose, and prints what the test needs to
build its exact expected lines, one "key value" per line.
"""
import ctypes
import os
import sys

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
MACHINE = os.uname().machine

# The numbers of the calls the cases make, per architecture.
NR = {
    "x86_64": {"select": 23, "pselect6": 270, "readv": 19, "writev": 20,
               "preadv2": 327, "pwritev2": 328},
    "aarch64": {"pselect6": 72, "readv": 65, "writev": 66,
                "preadv2": 286, "pwritev2": 287},
    "s390x": {"select": 142, "pselect6": 301, "readv": 145, "writev": 146,
              "preadv2": 376, "pwritev2": 377},
}.get(MACHINE, {})


def say(key, value):
    print(key, value, flush=True)


def sys_call(name, *args):
    """The raw syscall: every argument a long, as the kernel reads them."""
    if name not in NR:
        say("skip", "no %s on %s" % (name, MACHINE))
        sys.exit(0)
    ret = libc.syscall(ctypes.c_long(NR[name]), *[ctypes.c_long(a) for a in args])
    return ret


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
    say("ret", sys_call("select", idle + 1, inp.ptr, outp.ptr, exp.ptr, 0))


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
    say("accept_len", hex(a.len_ptr))
    say("accepted", libc.accept(listener.fileno(), ctypes.c_void_p(a.ptr),
                                ctypes.c_void_p(a.len_ptr)))
    # Too small a buffer: the kernel writes 4 bytes and says 16.
    a = SockaddrOut(4)
    say("short_len", hex(a.len_ptr))
    libc.getsockname(listener.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))
    say("short_result", a.len.value)
    # A failed accept: nothing filled, the pointers shown.
    listener.setblocking(False)
    a = SockaddrOut()
    say("failed_addr", hex(a.ptr))
    say("failed_len", hex(a.len_ptr))
    libc.accept(listener.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))

    path = sys.argv[2]
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    unix.bind(path)
    a = SockaddrOut()
    say("unix", unix.fileno())
    say("unix_len", hex(a.len_ptr))
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
    say("peer_len", hex(a.len_ptr))
    say("data", hex(ctypes.addressof(data)))
    libc.recvfrom(six.fileno(), data, 8, 0, ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))
    a = SockaddrOut()
    say("sender", sender.fileno())
    say("six_port", six.getsockname()[1])
    say("getpeer_len", hex(a.len_ptr))
    libc.getpeername(sender.fileno(), ctypes.c_void_p(a.ptr), ctypes.c_void_p(a.len_ptr))


CASES = {f.__name__: f for f in (sockaddr_out, select_sets, pselect_bits_beyond_n, pselect_timeout,
                                 pselect_over_cap, select_unreadable, iov_writes,
                                 iov_reads, iov_faults)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
