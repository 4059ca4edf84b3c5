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


def c_escaped(data):
    """Bytes as strace writes a string: C escapes, the shortest octal unless a digit follows."""
    named = {0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x09: "\\t", 0x0d: "\\r",
             0x0b: "\\v", 0x0c: "\\f"}
    out = []
    for i, c in enumerate(data):
        digit_next = i + 1 < len(data) and 0x30 <= data[i + 1] <= 0x37
        if c in named:
            out.append(named[c])
        elif 0x20 <= c < 0x7f:
            out.append(chr(c))
        else:
            out.append("\\" + (format(c, "03o") if digit_next else format(c, "o")))
    return "".join(out)
