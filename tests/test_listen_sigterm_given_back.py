"""``listen`` and ``shoe-sim`` give back the SIGTERM handling they took, once they return.

Since they ignore a second SIGTERM while they end (qaV F7), a command run in-process left SIGTERM ignored,
and every program the process started later inherited it: a test of a profile saved under a kill, run after
the listen tests in one pytest process, saw its child live through SIGTERM (exit 0, not -15).
"""

from __future__ import annotations

import signal
import subprocess
import sys

from dealer_assist.cli import main
from dealer_assist.shoesim import PtyEndpoint


def test_listen_in_process_leaves_sigterm_as_it_found_it():
    before = signal.getsignal(signal.SIGTERM)
    device = PtyEndpoint()
    try:
        assert main(["listen", "--serial", device.path, "--seconds", "0.3"]) in (0, 1)
    finally:
        device.close()
    assert signal.getsignal(signal.SIGTERM) == before
    child = subprocess.run([sys.executable, "-c", "import os, signal, time; os.kill(os.getpid(), signal.SIGTERM); "
                            "time.sleep(5)"], timeout=30)
    assert child.returncode == -signal.SIGTERM  # a program started now still ends on SIGTERM
