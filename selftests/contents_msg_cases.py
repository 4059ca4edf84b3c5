#!/usr/bin/env python3
"""Programs whose messages are known, for contents_msg.bats.

Each case makes raw sendmsg, recvmsg, sendmmsg and recvmmsg calls with
struct msghdr it built (addresses, iovecs, control messages), and prints
what the test needs to build its exact expected lines, one "key value"
per line.
"""
import ctypes
import os
import socket
import struct
import sys
import time

from raw_calls import MACHINE, c_escaped, raw_call, say

NR = {
    "x86_64": {"sendmsg": 46, "recvmsg": 47, "sendmmsg": 307, "recvmmsg": 299},
    "aarch64": {"sendmsg": 211, "recvmsg": 212, "sendmmsg": 269, "recvmmsg": 243},
    "s390x": {"sendmsg": 370, "recvmsg": 372, "sendmmsg": 358, "recvmmsg": 357},
}.get(MACHINE, {})

MSG_DONTWAIT = 0x40
MSG_CMSG_CLOEXEC = 0x40000000
SOL_SOCKET = 1
SCM_RIGHTS = 1
CMSG_HDR = struct.calcsize("=Qii")


def sys_call(name, *args):
    return raw_call(NR, name, *args)


class Msghdr(ctypes.Structure):
    _fields_ = [("name", ctypes.c_void_p), ("namelen", ctypes.c_uint32),
                ("iov", ctypes.c_void_p), ("iovlen", ctypes.c_size_t),
                ("control", ctypes.c_void_p), ("controllen", ctypes.c_size_t),
                ("flags", ctypes.c_int)]


class Mmsghdr(ctypes.Structure):
    _fields_ = [("hdr", Msghdr), ("len", ctypes.c_uint)]


class Message:
    """A struct msghdr and the buffers it points to, kept alive.

    name: bytes of an address, or a size to receive one (filled with
    fill); iovs: bytes, or buffer sizes; control: bytes, or a size.
    """

    def __init__(self, name=None, iovs=(), control=None, namelen=None, fill=b"\xee"):
        self.keep = []
        self.hdr = Msghdr()
        if name is not None:
            buf = self.buffer(name, fill)
            self.hdr.name = ctypes.addressof(buf)
            self.hdr.namelen = namelen if namelen is not None else len(buf.raw)
        self.bufs = [self.buffer(part) for part in iovs]
        self.iovs = (ctypes.c_void_p * (2 * len(iovs)))()
        for i, buf in enumerate(self.bufs):
            self.iovs[2 * i] = ctypes.addressof(buf)
            self.iovs[2 * i + 1] = len(buf.raw)
        self.hdr.iov = ctypes.addressof(self.iovs) if iovs else None
        self.hdr.iovlen = len(iovs)
        if control is not None:
            self.control = self.buffer(control)
            self.hdr.control = ctypes.addressof(self.control)
            self.hdr.controllen = len(self.control.raw)

    def buffer(self, part, fill=b"\0"):
        if isinstance(part, bytes):
            buf = ctypes.create_string_buffer(part, len(part))
        else:
            buf = ctypes.create_string_buffer(fill * part, part)
        self.keep.append(buf)
        return buf

    @property
    def ptr(self):
        return ctypes.addressof(self.hdr)

    def name_bytes(self):
        return ctypes.string_at(self.hdr.name, self.hdr.namelen)

    def cmsgs(self):
        """(level, type, data) of each control message the kernel wrote."""
        raw = ctypes.string_at(self.hdr.control, self.hdr.controllen)
        out, off = [], 0
        while off + CMSG_HDR <= len(raw):
            length, level, kind = struct.unpack_from("=Qii", raw, off)
            out.append((level, kind, raw[off + CMSG_HDR:off + length]))
            off += (length + 7) & ~7
        return out


def rights(*fds):
    """An SCM_RIGHTS control message with fds, padded as CMSG_SPACE is."""
    data = struct.pack("=%di" % len(fds), *fds)
    msg = struct.pack("=Qii", CMSG_HDR + len(data), SOL_SOCKET, SCM_RIGHTS) + data
    return msg + b"\0" * (-len(msg) % 8)


def sun(path):
    """A sockaddr_un as long as its path and NUL."""
    return struct.pack("=H", socket.AF_UNIX) + path.encode() + b"\0"


def say_received(prefix, m):
    for level, kind, data in m.cmsgs():
        if (level, kind) == (SOL_SOCKET, SCM_RIGHTS):
            for i, fd in enumerate(struct.unpack("=%di" % (len(data) // 4), data)):
                say("%s%d" % (prefix, i), fd)
        else:
            pid, uid, gid = struct.unpack("=iII", data[:12])
            say("pid", pid)
            say("uid", uid)
            say("gid", gid)


def msg_unix():
    """Named unix datagrams with fds and credentials; a cut control; EAGAIN."""
    d = sys.argv[2]
    rcv = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    rcv.bind(d + "/r.sock")
    rcv.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    snd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    snd.bind(d + "/s.sock")
    r, w = os.pipe()
    for key, value in (("rcv", rcv.fileno()), ("snd", snd.fileno()), ("r", r), ("w", w)):
        say(key, value)
    m = Message(name=sun(d + "/r.sock"), iovs=(b"hello", b"w" * 40), control=rights(r, w))
    say("namelen", m.hdr.namelen)
    say("ret", sys_call("sendmsg", snd.fileno(), m.ptr, MSG_DONTWAIT))
    # Past the 56 bytes the kernel writes, a message that must not be read.
    m = Message(name=110, iovs=(3, 100), control=b"\0" * 56 + rights(99))
    say("ret", sys_call("recvmsg", rcv.fileno(), m.ptr, MSG_CMSG_CLOEXEC))
    say("peerlen", m.hdr.namelen)
    say_received("got", m)

    # Room for one fd of the two, and 8 bytes of the 20.
    rcv.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 0)
    m = Message(name=sun(d + "/r.sock"), iovs=(b"z" * 20,), control=rights(r, w))
    say("ret", sys_call("sendmsg", snd.fileno(), m.ptr, 0))
    m = Message(iovs=(8,), control=CMSG_HDR + 4)
    say("ret", sys_call("recvmsg", rcv.fileno(), m.ptr, 0))
    say_received("cut", m)
    # Nothing to receive, and a header that cannot be read: addresses.
    m = Message(iovs=(8,))
    say("again", hex(m.ptr))
    say("ret", sys_call("recvmsg", rcv.fileno(), m.ptr, MSG_DONTWAIT))
    say("ret", sys_call("sendmsg", snd.fileno(), 0x10, 0))


def msg_inet():
    """UDP: the address sent to and the sender's, with their ports; a short buffer."""
    rcv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    rcv.bind(("127.0.0.1", 0))
    snd = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    snd.bind(("127.0.0.1", 0))
    for key, value in (("rcv", rcv.fileno()), ("snd", snd.fileno()),
                       ("rport", rcv.getsockname()[1]), ("sport", snd.getsockname()[1])):
        say(key, value)
    # The 4 bytes a short buffer takes: the family, then the port's bytes.
    say("sport_data", c_escaped(struct.pack("!H", snd.getsockname()[1])))
    to = (struct.pack("=H", socket.AF_INET) + struct.pack("!H", rcv.getsockname()[1]) +
          socket.inet_aton("127.0.0.1") + b"\0" * 8)
    for data in (b"ping", b"pong"):
        m = Message(name=to, iovs=(data,))
        say("ret", sys_call("sendmsg", snd.fileno(), m.ptr, 0))
    m = Message(name=28, iovs=(16,))
    say("ret", sys_call("recvmsg", rcv.fileno(), m.ptr, 0))
    # Room for 4 bytes of the 16: the kernel writes those and says 16.
    m = Message(name=28, namelen=4, iovs=(16,))
    say("ret", sys_call("recvmsg", rcv.fileno(), m.ptr, 0))
    say("shortlen", m.hdr.namelen)


def mmsgs(*messages):
    array = (Mmsghdr * len(messages))()
    for i, m in enumerate(messages):
        array[i].hdr = m.hdr
    return array


def msg_many():
    """sendmmsg and recvmmsg: each message and its msg_len; past 4, ..."""
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    say("a", a.fileno())
    say("b", b.fileno())
    out = [Message(iovs=(b"one",)), Message(iovs=(b"twotwo",))]
    array = mmsgs(*out)
    say("ret", sys_call("sendmmsg", a.fileno(), ctypes.addressof(array), 2, 0))
    got = [Message(iovs=(10,)), Message(iovs=(2,)), Message(iovs=(4,))]
    array = mmsgs(*got)
    say("ret", sys_call("recvmmsg", b.fileno(), ctypes.addressof(array), 3, MSG_DONTWAIT, 0))
    out = [Message(iovs=(b"%d" % i,)) for i in range(6)]
    array = mmsgs(*out)
    say("ret", sys_call("sendmmsg", a.fileno(), ctypes.addressof(array), 6, 0))


def msg_limit():
    """sendmmsg of 3, 4 and 5 messages, around the 4 shown; recvmmsg of 4
    and 5 (of the 12 sent), each message a length of its own."""
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    say("a", a.fileno())
    say("b", b.fileno())
    for n in (3, 4, 5):
        out = [Message(iovs=(b"m" * (i + 1),)) for i in range(n)]
        array = mmsgs(*out)
        say("ret", sys_call("sendmmsg", a.fileno(), ctypes.addressof(array), n, 0))
    for n in (4, 5):
        got = [Message(iovs=(8,)) for _ in range(n)]
        array = mmsgs(*got)
        say("ret", sys_call("recvmmsg", b.fileno(), ctypes.addressof(array), n, MSG_DONTWAIT, 0))


def msg_fds():
    """-y: an fd received in SCM_RIGHTS is the file sent, while the process runs."""
    d = sys.argv[2]
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    f = os.open(d + "/f", os.O_RDWR | os.O_CREAT, 0o600)
    os.write(f, b"zz")
    os.lseek(f, 0, os.SEEK_SET)
    say("a", a.fileno())
    say("b", b.fileno())
    m = Message(iovs=(b"x",), control=rights(f))
    sys_call("sendmsg", a.fileno(), m.ptr, 0)
    os.close(f)
    m = Message(iovs=(4,), control=64)
    sys_call("recvmsg", b.fileno(), m.ptr, 0)
    say_received("got", m)
    # Alive while sctrace asks /proc what the fd is.
    time.sleep(1)
    os.read(struct.unpack_from("=i", m.cmsgs()[0][2])[0], 1)


CASES = {f.__name__: f for f in (msg_unix, msg_inet, msg_many, msg_limit, msg_fds)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
