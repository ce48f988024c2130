"""``train --text --json`` at a real shoe says which card to deal (qaAN F4): plain ``--text`` printed "Deal
the Player's third card ...", "The player hits: deal on ..." while ``--json`` printed nothing of it, and a
program driving the trainer could not tell the trainee whether to deal to the seat or to the dealer.

A simulated shoe on a real pseudo-terminal, read by the trainer's serial source; the answers come down a pipe.
"""

from __future__ import annotations

import io
import os
import threading
import time

from dealer_assist.cards import parse_card
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.factory import open_source
from dealer_assist.training import Settings, SourceFeed, TrainingSession
from dealer_assist.training.terminal import TextTrainer
from test_training_json_table_events import _events, _wait_for


class _Shoe:
    def __init__(self, tmp_path, drill: str) -> None:
        self.endpoint = PtyEndpoint(str(tmp_path / "shoe"))
        self.sim = ShoeSimulator(self.endpoint, VirtualShoe(seed=5))
        feed = SourceFeed(open_source(f"serial:{self.endpoint.url}", demand=lambda: True), wait=60)
        self.session = TrainingSession(Settings(drills=(drill,), minutes=None),
                                       {"baccarat": feed, "blackjack": feed}, seed=1)
        read, self.write = os.pipe()
        self.inp = os.fdopen(read, "r")
        self.out, err = io.StringIO(), io.StringIO()
        trainer = TextTrainer(self.session, inp=self.inp, out=self.out, err=err, json_mode=True)
        self.done = threading.Event()
        threading.Thread(target=lambda: (trainer.run(), self.done.set()), daemon=True).start()
        end = time.monotonic() + 5
        while not (self.endpoint.host_connected() and feed.source.link == "up") and time.monotonic() < end:
            time.sleep(0.01)
        self.sim.power_on()
        time.sleep(0.3)

    def load(self, text: str) -> None:
        shoe = self.sim.shoe
        shoe.cards[shoe.position:shoe.position] = [parse_card(c) for c in text.split()]

    def deal(self, n: int) -> None:
        for _ in range(n):
            self.sim.deal_card()
            time.sleep(0.05)

    def type(self, line: str) -> None:
        os.write(self.write, (line + "\n").encode())

    def close(self) -> None:
        self.type("q")
        self.done.wait(10)
        os.close(self.write)
        self.session.close()
        self.sim.close()
        self.inp.close()


def test_the_third_card_due_is_a_json_event_before_each_wait_for_cards(tmp_path):
    t = _Shoe(tmp_path, "third-card")
    try:
        t.load("2S AC AD 5S 7S 4H")   # Player 2S AD = 3 draws; Banker 6 draws on a 7
        first = _wait_for(t.out, "deal")[0]
        assert first == {"event": "deal", "after": 0, "due": "next_hand", "play": None,
                         "message": "Deal the next hand ..."}
        t.deal(4)
        _wait_for(t.out, "case")
        t.type("P")
        deal = _wait_for(t.out, "deal", 2)[1]
        assert deal == {"event": "deal", "after": 1, "due": "player", "play": None,
                        "message": "Deal the Player's third card ..."}
        t.deal(1)
        _wait_for(t.out, "case", 2)
        t.type("B")
        assert _wait_for(t.out, "deal", 3)[2]["due"] == "banker"
        order = [e["event"] for e in _events(t.out)]
        assert order[:5] == ["deal", "case", "answer", "deal", "case"]
    finally:
        t.close()


def test_the_blackjack_seats_play_is_a_json_event(tmp_path):
    t = _Shoe(tmp_path, "blackjack-dealer")
    try:
        t.load("TS 9H 8C 5D 4C 3S 2H 6D 7C")
        _wait_for(t.out, "deal")
        t.deal(3)   # seat TS, dealer 9H, seat 8C: the seat decides now
        case = _wait_for(t.out, "case")[0]
        t.type("S")   # 18: the player may stand (only)
        answer = _wait_for(t.out, "answer")[0]
        deal = _wait_for(t.out, "deal", 2)[1]
        assert deal["due"] == "seat" and deal["play"] in ("hit", "stand", "double", "split")
        assert deal["message"].startswith("The player ") and deal["message"].endswith(": deal on ...")
        assert answer["n"] == 1 and case["drill"] == "blackjack-dealer"
    finally:
        t.close()
