#!/usr/bin/env python3
"""Holds one thread of another process stopped, the rest of it running.

thread_stop.py TID GO: seizes the thread with ptrace and interrupts it,
prints "stopped" once it is, and lets it go (detaches) once the file GO
exists. load.bats stalls sctrace's --lossless freezer with it, as a
write of cgroup.freeze that waits for the kernel's cgroup lock does.
"""
import ctypes
import os
import sys
import time

PTRACE_DETACH = 17
PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
WALL = 0x40000000

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]


def ptrace(request, tid):
    if libc.ptrace(request, tid, None, None):
        err = ctypes.get_errno()
        sys.exit("thread_stop.py: ptrace %#x of %d: %s" % (request, tid, os.strerror(err)))


def main():
    tid, go = int(sys.argv[1]), sys.argv[2]
    ptrace(PTRACE_SEIZE, tid)
    ptrace(PTRACE_INTERRUPT, tid)
    os.waitpid(tid, WALL)
    print("stopped", flush=True)
    while not os.path.exists(go):
        time.sleep(0.02)
    ptrace(PTRACE_DETACH, tid)


if __name__ == "__main__":
    main()
