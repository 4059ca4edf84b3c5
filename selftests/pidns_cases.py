# The pid-taking calls of selftests/yy.bats's --pidns-translation test,
# run as pid 1 of a new pid namespace (unshare -fp --mount-proc). The
# sleep at the end keeps the process while the tracers read /proc.
import os
import time

me = os.getpid()
os.getppid()
os.kill(me, 0)
os.getpgid(me)
os.getsid(me)
os.setpgid(0, 0)
os.getpgid(0)
os.sched_getaffinity(me)
child = os.fork()
if child == 0:
    time.sleep(0.5)
    os._exit(0)
os.getpriority(os.PRIO_PROCESS, child)
os.kill(child, 0)
os.waitpid(child, 0)
os.close(os.pidfd_open(me))
time.sleep(0.5)
