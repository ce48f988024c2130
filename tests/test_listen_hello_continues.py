"""``listen --json`` showed no sign that a HELLO was said again in the middle of a count (``continues``): a table
takes such a HELLO for the count going on, no restart, but an integrator watching ``listen`` saw a plain
``hello`` and could not tell it from a boot (verS; docs/JSON.md lists the field)."""

from __future__ import annotations

import json
import subprocess
import sys

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame


def _listen(tmp_path, data: bytes, *options: str) -> list[str]:
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--cards", "1",
                                   *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        up = listen.stdout.readline()
        assert "up" in up, (up, listen.stderr.read() if not up else "")
        device.write(data)
        out, err = rest_of_output(listen, timeout=120)  # not communicate(): it misses what readline() buffered
    finally:
        device.close()
    assert listen.returncode == 0, err
    return (up + out).splitlines()


#: A count joined mid-way (heartbeat 56), the HELLO said again (a replug), the count going on at 57.
SAID_AGAIN = (format_frame("HB", 56, "50") + format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")
              + format_frame("HB", 57, "50") + format_frame("CARD", 58, "AS"))


def test_json_marks_a_hello_said_again_in_a_count_as_continuing_it(tmp_path):
    records = [json.loads(line) for line in _listen(tmp_path, SAID_AGAIN, "--json")]
    (hello,) = [r for r in records if r["event"] == "hello"]
    assert hello["continues"] is True and "restarted" not in hello
    assert not [r for r in records if r["event"] == "gap"]


def test_a_boots_hello_is_not_marked_continuing(tmp_path):
    boot = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1") + format_frame("CARD", 1, "AS")
    records = [json.loads(line) for line in _listen(tmp_path, boot, "--json")]
    (hello,) = [r for r in records if r["event"] == "hello"]
    assert "continues" not in hello


def test_the_human_line_says_the_count_goes_on(tmp_path):
    line = next(line for line in _listen(tmp_path, SAID_AGAIN) if "device SHOE-7" in line)
    assert "said again: its count goes on, no restart" in line
