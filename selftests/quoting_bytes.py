# Every byte value in every kind of string a trace shows, for quoting.bats:
# a write's buffer, a path and an argv element, each byte alone and before
# the characters that change strace's octal escapes ('0' and '7' make it
# three digits, '8', '9' and 'A' do not); and buffers cut by -s 4 at an
# escape. Then, on stderr, what each call was given, a line each:
# "write HEX", "openat HEX", "execve HEX HEX HEX" (HEX: the string's bytes).
import os
import sys

MARK = b"/nonexistent-sct-quoting/"
AFTER = (b"", b"0", b"7", b"8", b"9", b"A")
calls = []

for c in range(256):
    byte = bytes([c])
    for s in AFTER:
        calls.append(("write", byte + s))
    calls.append(("write", b"A" + byte + byte + b"7"))
for buf in (b"\x01\x017\x02", b"\x017\x02888", b"\x01\x01\x01\x017", b"\x01\x01\x01\x01\x01",
            b"A\x00\x00\x007"):
    calls.append(("write", buf))
# A path or an argv element ends at its NUL: bytes 1-255 only.
for c in range(1, 256):
    byte = bytes([c])
    for s in AFTER:
        calls.append(("openat", MARK + byte + s))
    calls.append(("execve", b"x", byte + b"7", b"A" + byte))
for call in calls:
    if call[0] == "write":
        os.write(1, call[1])
    elif call[0] == "openat":
        try:
            os.close(os.open(call[1], os.O_RDONLY))
        except FileNotFoundError:
            pass
    else:
        try:
            os.execv(MARK, list(call[1:]))
        except FileNotFoundError:
            pass
for call in calls:
    print(call[0], *(arg.hex() for arg in call[1:]), file=sys.stderr)
