#!/usr/bin/python3
"""The share of calls whose whole line sctrace --format=strace writes as
strace 6.1 does, on the very same run: sctrace traces strace tracing the
program, so both see the same calls with the same pids, sizes and data.

Usage: bench/strace_lines.py [--sctrace PATH] [--show N] [--keep DIR]
(the programs: ls -l /, cp, tar c, git status, python3 -c, make -n, and
curl fetching a file from a server on 127.0.0.1 that this script runs).

Per task, the calls of both traces are joined (an "<unfinished ...>" with
its "<... resumed>"), addresses (hex of 5 digits and more) become ADDR,
the padding before " = " one space,
and the two sequences are aligned by call name; a call strace shows is
identical when sctrace's line is the same text. What strace itself does
(its ptrace calls, its child before the program's execve) is left out.
Prints per program and overall 'identical/total (share)', then the
syscalls whose lines differ most, each with one pair of lines.
"""
import argparse
import collections
import difflib
import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

ADDR = re.compile(r"0x[0-9a-f]{5,}")
PID = re.compile(r"^(\d+) +")
UNFINISHED = re.compile(r",?  ?<unfinished \.\.\.>$")
RESUMED = re.compile(r"^<\.\.\. ([a-z0-9_]+) resumed>")
CALL = re.compile(r"^([a-z0-9_]+)\(")
# " = " padded to column 40: a split line's and a whole one's padding
# differ, and which calls a tracer splits is its own (format.bats checks
# the padding), so it is made one space.
PADDING = re.compile(r"\) += (?=[^=]*$)")


def serve(root):
    """An HTTP server of root's files on 127.0.0.1, in a thread of this
    script (so neither tool traces it); its port is the kernel's choice."""
    handler = functools.partial(QuietHandler, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def programs(tmp, port):
    src = os.path.join(tmp, "src.bin")
    with open(src, "wb") as f:
        f.write(os.urandom(200000))
    return [
        ("ls", ["ls", "-l", "/"], None),
        ("cp", ["cp", src, os.path.join(tmp, "dst.bin")], None),
        ("tar", ["tar", "cf", "/dev/null", os.path.join(TOP, "tracer")], None),
        ("git", ["git", "--no-optional-locks", "status", "--short"], "/work/main"),
        ("python3", ["/usr/bin/python3", "-c", "import json; print(json.dumps([1]))"], None),
        ("make", ["make", "-n", "all"], TOP),
        ("curl", ["curl", "-sS", "-o", os.path.join(tmp, "got.bin"),
                  "http://127.0.0.1:%d/src.bin" % port], None),
    ]


def calls_by_task(path, skip_pids=()):
    """{pid: [line...]} of whole calls, unfinished and resumed joined."""
    tasks = collections.defaultdict(list)
    open_line = {}
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = PID.match(line)
            if not m:
                continue
            pid = int(m.group(1))
            if pid in skip_pids:
                continue
            text = line[m.end():]
            if text.startswith(("---", "+++")):
                continue
            if text.endswith("<unfinished ...>"):
                open_line[pid] = UNFINISHED.sub("", text)
                continue
            r = RESUMED.match(text)
            if r:
                head = open_line.pop(pid, None)
                if head is None:
                    continue
                rest = text[r.end():]
                sep = ", " if head[-1] != "(" and not rest.startswith(")") else ""
                text = head + sep + rest
            if CALL.match(text):
                tasks[pid].append(PADDING.sub(") = ", ADDR.sub("ADDR", text), count=1))
    return tasks


def name_of(line):
    m = CALL.match(line)
    return m.group(1) if m else "?"


def compare(st_tasks, sc_tasks, stats, diffs, examples):
    root = next(iter(st_tasks), None)
    for pid, theirs in st_tasks.items():
        ours = sc_tasks.get(pid, [])
        # strace's own child is traced from the program's execve; the
        # program's children from their fork, by both.
        for i, line in enumerate(ours if pid == root else []):
            if line.startswith("execve("):
                ours = ours[i:]
                break
        sm = difflib.SequenceMatcher(None, [name_of(x) for x in theirs],
                                     [name_of(x) for x in ours], autojunk=False)
        for tag, a0, a1, b0, b1 in sm.get_opcodes():
            for k in range(a1 - a0):
                want = theirs[a0 + k]
                got = ours[b0 + k] if tag in ("equal", "replace") and b0 + k < b1 else None
                stats["total"] += 1
                if got == want:
                    stats["same"] += 1
                    continue
                key = name_of(want) if got is not None else "(missing) " + name_of(want)
                diffs[key] += 1
                examples.setdefault(key, (want, got))


def run(tool, cmd, cwd, tmp, name):
    st = os.path.join(tmp, name + ".strace")
    sc = os.path.join(tmp, name + ".sctrace")
    argv = [tool, "--format=strace", "-f", "-o", sc, "--",
            "strace", "-f", "-o", st, "--"] + cmd
    subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=300, check=False)
    return st, sc


def strace_pid(sc):
    """The pid sctrace's first line is of: strace itself."""
    with open(sc, errors="replace") as f:
        for line in f:
            m = PID.match(line)
            if m:
                return int(m.group(1))
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sctrace", default=os.path.join(TOP, "build", "sctrace"))
    ap.add_argument("--show", type=int, default=12)
    ap.add_argument("--keep", help="keep the traces in this directory")
    args = ap.parse_args()
    if not shutil.which("strace"):
        sys.exit("strace_lines: no strace here: install Debian's strace")
    if not shutil.which("curl"):
        sys.exit("strace_lines: no curl here: install Debian's curl (ci/install-deps.sh)")
    if not os.access(args.sctrace, os.X_OK):
        sys.exit("strace_lines: %s is missing: run make first" % args.sctrace)
    tmp = args.keep or tempfile.mkdtemp(prefix="strace_lines.")
    os.makedirs(tmp, exist_ok=True)
    total = collections.Counter()
    diffs = collections.Counter()
    examples = {}
    server = serve(tmp)
    for name, cmd, cwd in programs(tmp, server.server_address[1]):
        st, sc = run(args.sctrace, cmd, cwd, tmp, name)
        tracer = strace_pid(sc)
        stats = collections.Counter()
        compare(calls_by_task(st), calls_by_task(sc, {tracer}), stats, diffs, examples)
        total.update(stats)
        print("%-8s %6d/%-6d identical (%.1f%%)" % (name, stats["same"], stats["total"],
              100.0 * stats["same"] / max(stats["total"], 1)))
    print("%-8s %6d/%-6d identical (%.1f%%)" % ("all", total["same"], total["total"],
          100.0 * total["same"] / max(total["total"], 1)))
    print("\ncalls whose lines differ, most first (strace's line, then sctrace's):")
    for key, n in diffs.most_common(args.show):
        want, got = examples[key]
        print("%5d %s\n      strace:  %s\n      sctrace: %s" % (n, key, want, got))
    server.shutdown()
    if not args.keep:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
