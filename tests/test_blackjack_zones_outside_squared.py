"""A zoned camera's blackjack card that came to rest outside every box, played in the place due (Enter), then
squared by the croupier into that place's box (qaAJ F1).

Slid there fast, its spot outside was seen bare before it was read in the box, and the camera reported it as
another card of its code with no doubt: at six decks it waited as read before the seat's next decision, and the
player's next H played it a second time (3♠ K♦ 2♣ 2♣), the real next card waiting behind it; at one deck it was
offered to the next seat, then refused.  The camera now holds that read as a card moved (put back), and the table
takes it for the card it played: dropped, journaled, nothing held, whichever came first (Enter or the push).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from camera_runs import run_to_end
from zoned_blackjack import hands, refusals
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.events import OUTSIDE_BOXES, PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from layout_frames import laid_out

#: The dealer's box on top, seat 1's on the right (the croupier's view): the top right corner, by the shoe, is
#: in no box, and farther from each than half a card.
ZONES = {"zones": {"dealer": [0.25, 0.0, 0.75, 0.4], "seat 1": [0.68, 0.45, 1.0, 1.0],
                   "seat 2": [0.345, 0.45, 0.655, 1.0], "seat 3": [0.0, 0.45, 0.32, 1.0]}}


@pytest.fixture(scope="module")
def reads(tmp_path_factory) -> list[CardRead]:
    """The camera's reads of seat 1's 3♠ K♦, the dealer's A♠, seat 1's hit 2♣ come to rest by the shoe, outside
    every box, then slid into seat 1's box, and seat 1's next hit 6♥."""
    folder = tmp_path_factory.mktemp("outside")
    frames = laid_out(folder / "frames", (("3S", 960, 450), ("AS", 440, 150), ("KD", 980, 495),
                                          ("2C", 1150, 120), ("2C", 1000, 540), ("6H", 1020, 585)))
    (folder / "zones.json").write_text(json.dumps(ZONES))
    got: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={folder / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: got.append(e) if isinstance(e, CardRead) else None)
    return got


def test_the_camera_holds_the_card_squared_in_from_outside_every_box_as_moved(reads):
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("3S", "seat 1", ""), ("AS", "dealer", ""), ("KD", "seat 1", ""), ("2C", None, OUTSIDE_BOXES),
        ("2C", "seat 1", PUT_BACK), ("6H", "seat 1", "")]


@pytest.mark.parametrize("decks", [6, 1])
@pytest.mark.parametrize("enter_first", [True, False])
def test_a_card_played_from_outside_every_box_and_squared_into_its_box_is_played_once(tmp_path, reads, decks,
                                                                                       enter_first):
    path = tmp_path / "j.sqlite"
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=decks)), journal=Journal.open(path))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    first, dealer, second, astray, squared, six = reads
    for event in (first, dealer, second):
        session.handle(event)
    assert hands(session) == {1: ["3S", "KD"], "dealer": ["AS"]}
    assert session.hit() is None
    session.handle(astray)
    assert session.snapshot.pending == astray  # CONFIRM CARD: it lies outside every box
    if enter_first:
        assert session.confirm_pending() is None
        session.handle(squared)
    else:
        session.handle(squared)  # pushed into seat 1's box while it waits
        assert session.confirm_pending() is None
    assert session.snapshot.pending is None and not session.snapshot.waiting and not refusals(session)
    assert "2♣, played from outside every box, squared into seat 1's box: the same card" in session.snapshot.message
    assert hands(session) == {1: ["3S", "KD", "2C"], "dealer": ["AS"]}
    assert session.hit() is None
    session.handle(six)  # the real next card: played at once, nothing waits before it
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["3S", "KD", "2C", "6H"], "dealer": ["AS"]}
    session.close()
    again = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=decks)), journal=Journal.open(path))
    assert again.snapshot.pending is None and hands(again) == {1: ["3S", "KD", "2C", "6H"], "dealer": ["AS"]}
    again.close()


def test_a_card_of_its_code_read_in_another_box_is_not_taken_for_it(tmp_path, reads):
    """Only the box of the place it was played in: a read put back elsewhere is the croupier's to answer."""
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(tmp_path / "j"))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    first, dealer, second, astray, squared, _ = reads
    for event in (first, dealer, second):
        session.handle(event)
    assert session.hit() is None
    session.handle(astray)
    assert session.confirm_pending() is None
    from dataclasses import replace

    elsewhere = replace(squared, zone="dealer")
    session.handle(elsewhere)
    assert session.snapshot.pending == elsewhere  # waits as put back: Del drops it, Enter plays it
    session.close()
