"""dealer-assist runs numpy's OpenBLAS on one thread (dealer_assist/__init__.py).

Its pool of threads deadlocked the display's start about one run in six (scripts/screenshots.py under
Xvfb): Qt's accessibility, finding no D-Bus session bus, forks a ``dbus-launch`` from its own thread,
and OpenBLAS's fork handler waited for ever on its pool while the odds worker multiplied matrices; the
window never came, or the odds never did.  One thread is also the faster for the odds' small matrices."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import os
before = len(os.listdir("/proc/self/task"))
import dealer_assist.odds  # numpy, and with it OpenBLAS and its threads
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")) - before)
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts the process's threads in /proc (Linux)")
def test_numpy_starts_no_blas_thread_under_dealer_assist():
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")}
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    setting, threads = done.stdout.split()
    assert setting == "1"
    assert int(threads) == 0  # more than one CPU: the old pool was one thread fewer than the CPUs


def test_an_explicit_blas_setting_is_kept():
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "2"}
    done = subprocess.run([sys.executable, "-c", "import os, dealer_assist; print(os.environ['OPENBLAS_NUM_THREADS'])"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "2", done.stderr
