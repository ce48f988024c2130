"""A restart found without a HELLO says which frame showed it, by which rule.

qaN, over a real pty: a heartbeat carrying the number of cards instead of the last card's SEQ, one naming
the next card's SEQ, and a SEQ counted per card only all came out of ``listen`` as "RESTARTED ... the shoe
restarted and its HELLO was lost", the ``restart`` event holding only ``seq``: a maker chasing a phantom
reboot could not tell it from a counting mistake of the firmware.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from child_output import rest_of_output
from dealer_assist.events import CountRestarted
from dealer_assist.shoesim import PtyEndpoint
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


@pytest.mark.parametrize("frames, why", [
    ([frame("CARD", 1, "2S"), frame("CARD", 2, "3S"), frame("HB", 3, "2"), frame("HB", 4, "2")], None),
    ([frame("CARD", 1, "2S"), frame("CARD", 2, "3S"), frame("CARD", 3, "4S"), frame("HB", 4, "2")],
     "heartbeat 4 names last card 2, behind the last card taken (3)"),
    ([frame("CARD", 1, "2S"), frame("HB", 2, "3")], "heartbeat 2 names last card 3, not before its own SEQ"),
    ([frame("SHOE", 1, "NEW"), frame("CARD", 1, "2S")],
     "SEQ 1 was seen before with other content (SHOE,1,NEW, now CARD,1,2S)"),
    ([frame("CARD", 1, "2S"), frame("CARD", 2, "3S"), frame("HB", 3, "2"), frame("CARD", 2, "4S")],
     "SEQ 2 was seen before with other content (CARD,2,3S, now CARD,2,4S)"),
    ([frame("CARD", 1, "2S"), frame("CARD", 2, "3S"), frame("HB", 3, "2"), frame("HB", 4, "2"), frame("CARD", 3, "4S")],
     "SEQ 3 was seen before with other content"),
], ids=["no restart", "count of cards", "next card", "per-type count", "SEQ reused", "SEQ reused by a card"])
def test_the_restart_names_the_frame_and_the_rule(rig, frames, why):
    rig.send(hello("B1"), *frames)
    assert wait_for(lambda: rig.reader.stats["frames"] >= len(frames) + 1)
    restarts = [e for e in rig.events if isinstance(e, CountRestarted)]
    if why is None:
        assert not restarts
        return
    assert restarts and restarts[0].why.startswith(why)
    assert f"(frame {restarts[0].seq} is of a new count: {why}" in rig.alerts()["hello"].text


def test_a_seq_behind_the_count_says_so(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2S"), frame("HB", 5, "1"), frame("HB", 3, "-"))  # 2-4 lost, then 3
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, CountRestarted)])
    (restart,) = [e for e in rig.events if isinstance(e, CountRestarted)]
    assert restart.why.startswith("SEQ 3 is behind the next expected (6)")


def test_listen_prints_the_why_in_json_and_text(tmp_path):
    for as_json in (True, False):
        device = PtyEndpoint(str(tmp_path / f"shoe{as_json}"))
        try:
            args = [sys.executable, "-m", "dealer_assist", "listen", "--serial", device.url, "--cards", "4"]
            proc = subprocess.Popen(args + (["--json"] if as_json else []), stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=dict(os.environ))
            up = proc.stdout.readline()  # listen's link line, once the port is open and pyserial emptied its input
            assert "up" in up, up
            device.write(hello("B1") + frame("CARD", 1, "2S") + frame("CARD", 2, "3S") + frame("CARD", 3, "4S")
                         + frame("HB", 4, "2") + frame("CARD", 5, "5S"))
            out, err = rest_of_output(proc, timeout=120)  # not communicate(): it misses what readline() buffered
            out = up + out
        finally:
            device.close()
        assert proc.returncode == 0, err
        why = "heartbeat 4 names last card 2, behind the last card taken (3)"
        if as_json:
            (rec,) = [r for r in map(json.loads, out.splitlines()) if r["event"] == "restart"]
            assert rec["seq"] == 4 and rec["why"].startswith(why)
        else:
            assert f"check the layout ({why}" in out
