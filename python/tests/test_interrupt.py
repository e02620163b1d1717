"""Ctrl-C in a long call: `KeyboardInterrupt` within a second, and the work
stopped, not left running behind the prompt.

Each call runs in a Python of its own, which this test sends SIGINT (what
Ctrl-C sends) half a second into the call; every call would take far
longer than that: a sample of 10^10 shuffles (some 12 minutes on two
cores), an audit of 8,000,000 decks on one thread (about 4 s), and a file
that never ends (a named pipe written as fast as it is read).
"""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

CHILD = r"""
import os, sys, tempfile, threading, time
import numpy as np
import shuffle_audit as sa

what = sys.argv[1]
if what == "sample":
    call = lambda: sa.sample("fisher-yates", 52, 10**10, seed=1, threads=2)
elif what == "array":
    decks = np.tile(np.arange(52, dtype=np.uint8), (8_000_000, 1))
    call = lambda: sa.audit(decks, threads=1)
else:
    pipe = os.path.join(tempfile.mkdtemp(), "decks")
    os.mkfifo(pipe)
    lines = (" ".join(map(str, range(52))) + "\n").encode() * 10_000

    def write():
        try:
            with open(pipe, "wb") as out:
                while True:
                    out.write(lines)
        except OSError:
            pass

    threading.Thread(target=write, daemon=True).start()
    if what == "file":
        call = lambda: sa.audit(pipe, threads=1)
    else:
        call = lambda: sa.Counts.read(pipe, threads=1)
print("calling", flush=True)
try:
    call()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    # The work has stopped: the process spends no time while it sleeps.
    cpu = time.process_time()
    time.sleep(0.5)
    print(time.process_time() - cpu, flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("call", ["sample", "array", "file", "counts"])
def test_ctrl_c_stops_a_long_call_within_a_second(call, tmp_path):
    # From a folder of its own: the installed package, not the source.
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, call],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    # A call that ignores the signal is killed, and the test fails, at 30 s.
    watchdog = threading.Timer(30, child.kill)
    watchdog.start()
    try:
        assert child.stdout.readline().strip() == "calling", child.stderr.read()
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        said = child.stdout.readline().strip()
        waited = time.perf_counter() - sent
        assert said == "interrupted", child.stderr.read()
        assert waited < 1.0, f"{call}: KeyboardInterrupt {waited:.2f} s after SIGINT"
        cpu = float(child.stdout.readline())
        assert cpu < 0.05, f"{call}: {cpu:.3f} s of CPU in the half second after it"
        assert child.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        child.kill()
        child.wait()
