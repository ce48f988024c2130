"""``train --text --json`` at a real table tells a void hand, the Enter it waits for and a lost reader
as JSON events (qaJ F5): they went to stderr as English only, so a program driving the trainer could not
tell that the case it had was void and that its next line would be taken as "the table is clear".

A simulated shoe on a real pseudo-terminal, read by the trainer's serial source.
"""

from __future__ import annotations

import io
import json
import os
import threading
import time

from dealer_assist.cards import parse_card
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.factory import open_source
from dealer_assist.training import Settings, SourceFeed, TrainingSession
from dealer_assist.training.terminal import TextTrainer


def _events(out: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _wait_for(out: io.StringIO, event: str, count: int = 1, seconds: float = 15) -> list[dict]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = [e for e in _events(out) if e["event"] == event]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} {event!r} events in {out.getvalue()!r}")


def test_void_hand_ready_and_reader_news_are_json_events(tmp_path):
    endpoint = PtyEndpoint(str(tmp_path / "shoe"))  # a replugged pty is another /dev/pts/N: found by the link
    sim = ShoeSimulator(endpoint, VirtualShoe(seed=5))
    feed = SourceFeed(open_source(f"serial:{endpoint.url}", demand=lambda: True), wait=60)
    session = TrainingSession(Settings(drills=("calling",), minutes=None), {"baccarat": feed, "blackjack": feed},
                              seed=1)
    read, write = os.pipe()
    inp = os.fdopen(read, "r")
    out, err = io.StringIO(), io.StringIO()
    trainer = TextTrainer(session, inp=inp, out=out, err=err, json_mode=True)
    done = threading.Event()
    threading.Thread(target=lambda: (trainer.run(), done.set()), daemon=True).start()
    try:
        end = time.monotonic() + 5
        while not (endpoint.host_connected() and feed.source.link == "up") and time.monotonic() < end:
            time.sleep(0.01)
        sim.power_on()
        time.sleep(0.3)
        shoe = sim.shoe
        shoe.cards[shoe.position:shoe.position] = [parse_card(c) for c in "3C 3H TS 2S 9D 8C KD QS".split()]
        for n in range(4):
            if n == 2:
                sim.faults.force("drop")   # the TS's frame never arrives; the 2S's reveals the gap
            sim.deal_card()
            time.sleep(0.05)
        void = _wait_for(out, "void")[0]
        assert void["waiting"] == "clear" and void["after"] == 0
        assert "lost" in void["why"] and "this hand is void" in void["why"] and "clear the table" not in void["why"]
        assert "clear the table" in void["message"] and "clear the table" in err.getvalue()   # stderr as before
        assert not [e for e in _events(out) if e["event"] == "ready"]
        os.write(write, b"\n")   # Enter: the table is clear
        _wait_for(out, "ready")
        sim.unplug()
        lost = _wait_for(out, "reader")[0]
        assert lost["state"] == "lost" and lost["message"].startswith("card reader lost:")
        sim.replug()
        # The reader may tell a changed reason for the loss before it is back (a reopen failing otherwise while
        # the port is away): the news after the first loss is losses until it is back, then back.
        end = time.monotonic() + 30
        while not any(e["state"] == "back" for e in _wait_for(out, "reader")) and time.monotonic() < end:
            time.sleep(0.05)
        news = [e["state"] for e in _wait_for(out, "reader")]
        assert "back" in news, news
        assert set(news[:news.index("back")]) == {"lost"}, news
        os.write(write, b"q\n")
        assert done.wait(10)
        assert _events(out)[-1]["event"] == "summary"
    finally:
        os.close(write)
        session.close()
        sim.close()
        inp.close()
