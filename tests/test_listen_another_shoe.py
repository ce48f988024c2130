"""``listen`` marks what another shoe sends (stop 63's list): once a HELLO names another device than the
shoe heard first, a table holds that shoe's cards and acts on none of its reports, but ``listen`` printed
them as the first shoe's, so an integrator testing two shoes on one PC saw no sign of the switch."""

from __future__ import annotations

import json
import subprocess
import sys

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame

DEVICE = (format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1") + format_frame("CARD", 1, "AS")
          + format_frame("HELLO", 0, "1", "fw-1", "SHOE-9", "C4") + format_frame("SHOE", 1, "CUT")
          + format_frame("CARD", 2, "9C"))


def _listen(tmp_path, *options: str) -> subprocess.CompletedProcess:
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--cards", "2",
                                   *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        up = listen.stdout.readline()
        assert "up" in up, up
        device.write(DEVICE)
        out, err = rest_of_output(listen, timeout=120)  # not communicate(): it misses what readline() buffered
    finally:
        device.close()
    return subprocess.CompletedProcess(listen.args, listen.returncode, up + out, err)


def test_json_names_the_other_shoe_on_its_hello_reports_and_cards(tmp_path):
    run = _listen(tmp_path, "--json")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    hellos = [r for r in records if r["event"] == "hello"]
    assert [h["device"] for h in hellos] == ["SHOE-7", "SHOE-9"]
    assert "other_than" not in hellos[0] and hellos[1]["other_than"] == "SHOE-7"
    cut = next(r for r in records if r["event"] == "shoe")
    assert cut["foreign"] == "SHOE-9"
    cards = [r for r in records if r["event"] == "card"]
    assert [c["card"] for c in cards] == ["AS", "9C"]
    assert "doubt" not in cards[0] and "SHOE-9" in cards[1]["doubt"]


def test_the_human_lines_say_another_shoe_and_that_its_card_is_held(tmp_path):
    lines = _listen(tmp_path).stdout.splitlines()
    hello9 = next(line for line in lines if "device SHOE-9" in line)
    assert "ANOTHER SHOE: not SHOE-7" in hello9
    assert "ANOTHER SHOE" not in next(line for line in lines if "device SHOE-7" in line)
    assert "shoe SHOE-9's, not the shoe heard first" in next(line for line in lines if "shoe      cut" in line)
    assert "HELD" in next(line for line in lines if "card      9C" in line)
    assert "HELD" not in next(line for line in lines if "card      AS" in line)
