"""`timeout N dealer-assist listen --conformance` (the documented CI use) ends with its verdict and the verdict's
exit code however many SIGTERMs come (qaV F7).  GNU timeout sends one to the command and one to its process
group: the second, landing while listen was ending, cut off the verdict and the counts (exit 130).

The second SIGTERM is sent by listen's own process from inside its ending (the line watch's close), so that
it lands there every time, not only when the scheduler says so.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame

LISTEN_KILLED_IN_ITS_ENDING = """
import os, signal, sys
from dealer_assist import cli
from dealer_assist.commands import serial
close = serial._LineWatch.close
def close_under_sigterm(self, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)  # timeout's second one, to the process group
    return close(self, *args, **kwargs)
serial._LineWatch.close = close_under_sigterm
sys.exit(cli.main(sys.argv[1:]))
"""


def listen_ended(tmp_path, *options: str, first_sigterm: bool) -> subprocess.CompletedProcess:
    """listen --conformance --json on a pty, a device saying HELLO and a card; then a SIGTERM from outside
    (``first_sigterm``) or the card count reached (``--cards 1``), and one more SIGTERM in its ending."""
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-c", LISTEN_KILLED_IN_ITS_ENDING, "listen", "--serial", link,
                                   "--json", "--conformance", *options], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[1])
        assert json.loads(listen.stdout.readline())["state"] == "up"  # pyserial has emptied the input by then
        device.write(format_frame("HELLO", 0, "1", "fw", "SHOE-7", "B1") + format_frame("CARD", 1, "AS"))
        assert json.loads(listen.stdout.readline())["event"] == "hello"
        if first_sigterm:
            assert json.loads(listen.stdout.readline())["card"] == "AS"
            listen.send_signal(signal.SIGTERM)
        # Waited for, then read through the same buffered pipes: communicate() reads the pipes' descriptors and
        # misses what readline() above had already buffered (under load the card and the verdict came in the
        # hello's chunk, and the test saw no verdict).  The output is a few lines: no pipe fills meanwhile.
        listen.wait(timeout=60)
        out, err = listen.stdout.read(), listen.stderr.read()
    finally:
        device.close()
    return subprocess.CompletedProcess(listen.args, listen.returncode, out, err)


@pytest.mark.parametrize("first_sigterm", [True, False], ids=["sigterm-then-another", "cards-reached-then-sigterm"])
def test_a_sigterm_in_listens_ending_leaves_its_verdict_and_exit_code(tmp_path, first_sigterm):
    done = listen_ended(tmp_path, *(() if first_sigterm else ("--cards", "1")), first_sigterm=first_sigterm)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert records and records[-1]["event"] == "conformance", (done.returncode, done.stdout, done.stderr)
    assert records[-1]["verdict"] == "fail"  # too few heartbeats
    assert done.returncode == 1, done.stderr
    assert "listen: " in done.stderr and "cards 1" in done.stderr and "Traceback" not in done.stderr
