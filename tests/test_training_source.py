"""Training on real cards: a card-reading shoe on a real pseudo-terminal feeds the drills, hand by hand."""

from __future__ import annotations

import threading
import time

import pytest

from dealer_assist.baccarat.round import BaccaratRound
from dealer_assist.cards import parse_card
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.factory import open_source
from dealer_assist.training import FeedError, Settings, SourceFeed, TrainingSession


def _shoe(unreadable: float = 0.0):
    endpoint = PtyEndpoint()
    sim = ShoeSimulator(endpoint, VirtualShoe(seed=5, unreadable=unreadable))
    feed = SourceFeed(open_source(f"serial:{endpoint.url}", demand=lambda: True), wait=5)
    return endpoint, sim, feed


def _deal(endpoint, sim, count: int, feed) -> threading.Thread:
    def run() -> None:
        # Until the host has the port open and emptied (pyserial flushes its input on opening).
        end = time.monotonic() + 5
        while not (endpoint.host_connected() and feed.source.link == "up") and time.monotonic() < end:
            time.sleep(0.01)
        sim.power_on()
        for _ in range(count):
            sim.deal_card()
            time.sleep(0.005)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_cases_come_from_the_cards_the_shoe_dealt_in_order():
    endpoint, sim, feed = _shoe()
    session = TrainingSession(Settings(drills=("third-card",), level=2, minutes=None), {"baccarat": feed}, seed=1)
    dealer = _deal(endpoint, sim, 18, feed)
    try:
        cases = [session.next_case() for _ in range(6)]
    finally:
        session.close()
        dealer.join(timeout=5)
        sim.close()
    sent = [parse_card(r["card"]) for r in sim.card_records()]
    # Every hand is played out from the shoe in order (the Banker's third card included), so the
    # cases must show the shoe's cards hand after hand, with no card skipped or taken twice.
    expected, offset = [], 0
    while len(expected) < len(cases):
        rnd = BaccaratRound()
        while not rnd.complete:
            rnd = rnd.add(sent[offset])
            offset += 1
        expected.append(rnd.cards[:4])
        if len(rnd.player_cards) == 3:
            expected.append(rnd.cards[:5])
    shown = []
    for case in cases:
        p, b = case.hands[0].cards, case.hands[1].cards
        shown.append((p[0], b[0], p[1], b[1]) + tuple(p[2:]))
    assert shown == expected[:len(cases)]


def test_an_unreadable_card_voids_the_hand_with_a_message():
    endpoint, sim, feed = _shoe(unreadable=1.0)
    session = TrainingSession(Settings(drills=("calling",), minutes=None), {"baccarat": feed}, seed=1)
    dealer = _deal(endpoint, sim, 1, feed)
    try:
        with pytest.raises(FeedError, match="could not be read.*clear the table"):
            session.next_case()
    finally:
        session.close()
        dealer.join(timeout=5)
        sim.close()
