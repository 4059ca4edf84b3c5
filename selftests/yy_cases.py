# The fds of selftests/yy.bats, each named once by a getsockopt (sockets),
# a write/read (pipe, device) or an fcntl (a pidfd of its own) while it is
# open and settled, so that
# strace -yy and sctrace -yy describe the same state. Run with -I.
import os
import socket
import time


def sockets():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    cli = socket.socket()
    cli.connect(srv.getsockname())
    acc, _ = srv.accept()
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.connect(("127.0.0.1", srv.getsockname()[1]))
    pair = socket.socketpair()
    named = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    named.bind("\0sctrace-yy-%d" % os.getpid())
    socks = [srv, cli, acc, udp, named, *pair]
    if socket.has_ipv6:
        try:
            six = socket.socket(socket.AF_INET6)
            six.bind(("::1", 0))
            six.listen(1)
            socks.append(six)
        except OSError:
            pass
    return socks


def main():
    socks = sockets()
    rd, wr = os.pipe()
    null = os.open("/dev/null", os.O_WRONLY)
    for s in socks:
        s.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE)
    os.write(wr, b"p")
    os.read(rd, 1)
    os.write(null, b"n")
    os.get_blocking(os.pidfd_open(os.getpid()))
    # The lines above are printed while their fds are still open.
    time.sleep(0.5)


main()
