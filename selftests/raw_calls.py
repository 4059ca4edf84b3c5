"""What the contents cases share: raw system calls by number, and the
"key value" lines their bats tests read."""
import ctypes
import os
import sys

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
MACHINE = os.uname().machine


def say(key, value):
    print(key, value, flush=True)


def raw_call(numbers, name, *args):
    """The raw syscall, its number from numbers: every argument a long,
    as the kernel reads them. A call the machine lacks skips the case."""
    if name not in numbers:
        say("skip", "no %s on %s" % (name, MACHINE))
        sys.exit(0)
    return libc.syscall(ctypes.c_long(numbers[name]), *[ctypes.c_long(a) for a in args])
