"""A split's second card slid apart into its own pile is the split being laid out, not a new card (qaY Y2).

At every split the croupier moves the second card apart in the seat's box; a zoned camera reads it again there
(as a card put back: one of its code was just taken away).  It was asked for (CONFIRM CARD) with every later
read waiting behind it, and Enter played it to hand 1 again: a card counted twice, wrong money at 2+ decks, and
at 1 deck a refusal whose DO offered to void the split.
"""

from __future__ import annotations

import json
import time
from decimal import Decimal

import pytest

from camera_runs import run_to_end
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_card
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from layout_frames import laid_out


def table(path, decks: int) -> BlackjackSession:
    return BlackjackSession(BlackjackTableRules(house=HouseRules(decks=decks)), journal=Journal.open(path))


def read(session, code: str, seq: int, zone: str = "seat 1", doubt: str = "") -> None:
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone, doubt=doubt))


def seat_1(session) -> list[list[str]]:
    return [[c.code for c in h.cards] for h in session.state.round.seat_hands(1)]


def split_eights(path, decks: int) -> BlackjackSession:
    session = table(path, decks)
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for n, (code, zone) in enumerate((("8S", "seat 1"), ("6H", "dealer"), ("8H", "seat 1")), 1):
        read(session, code, n, zone)
    assert session.split() is None
    return session


@pytest.mark.parametrize("decks", [1, 6])
@pytest.mark.parametrize("doubt", [PUT_BACK, ""])
def test_the_split_card_read_again_in_its_own_pile_is_dropped_with_a_note(tmp_path, decks, doubt):
    session = split_eights(tmp_path / "j.sqlite", decks)
    read(session, "8H", 4, doubt=doubt)
    snap = session.snapshot
    assert snap.pending is None and not [a for a in snap.alerts if a.code == "refused"]
    assert "8♥ moved apart for seat 1's split" in snap.message
    assert seat_1(session) == [["8S"], ["8H"]]
    session.close()
    session = table(tmp_path / "j.sqlite", decks)  # a restart neither asks for it again nor holds the next read
    assert session.snapshot.pending is None
    read(session, "3D", 5)
    assert session.snapshot.pending is None and seat_1(session) == [["8S", "3D"], ["8H"]]
    session.close()


def test_a_card_of_the_same_code_read_after_the_split_was_laid_out_is_a_card_dealt(tmp_path):
    session = split_eights(tmp_path / "j.sqlite", 6)
    read(session, "8H", 4, doubt=PUT_BACK)
    read(session, "8H", 5)  # another 8♥ of the six decks, hand 1's card
    assert session.snapshot.pending is None and seat_1(session) == [["8S", "8H"], ["8H"]]
    session.close()


def test_the_split_card_read_in_another_box_is_not_taken_for_the_split(tmp_path):
    session = split_eights(tmp_path / "j.sqlite", 6)
    read(session, "8H", 4, zone="dealer", doubt=PUT_BACK)
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "8H"
    session.close()


def test_the_split_card_slid_apart_in_real_frames_is_not_played_again(tmp_path):
    # 8♠ and 8♥ in seat 1's box (the 8♥ overlapping it), split; the 8♥ slid apart into its own pile, 3♦ on the 8♠.
    frames = laid_out(tmp_path / "frames", (("8S", 760, 500), ("6H", 300, 150), ("8H", 780, 545), ("8H", 1080, 500),
                                            ("3D", 780, 545)))
    zones = tmp_path / "zones.json"
    zones.write_text(json.dumps({"zones": {"seat 1": [0.5, 0.45, 1.0, 1.0], "dealer": [0.0, 0.0, 0.8, 0.42]}}))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={zones}", lambda: True, game="blackjack"),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone) for r in reads] == [("8S", "seat 1"), ("6H", "dealer"), ("8H", "seat 1"),
                                                      ("8H", "seat 1"), ("3D", "seat 1")]
    session = table(tmp_path / "j.sqlite", 6)
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for event in reads[:3]:
        session.handle(event)
    assert session.split() is None
    for event in reads[3:]:
        session.handle(event)
    assert session.snapshot.pending is None and seat_1(session) == [["8S", "3D"], ["8H"]]
    session.close()


@pytest.mark.parametrize("decks", [1, 4])
def test_the_split_card_held_a_while_and_laid_apart_after_hand_1s_card_is_not_played(tmp_path, decks):
    # qaY Y7: lifted while the player finds the second stake, laid apart seconds later with no doubt (at 1 deck it
    # was refused as dealt already, a supervisor's PIN offered), here after hand 1's card.
    session = split_eights(tmp_path / "j.sqlite", decks)
    read(session, "3D", 4)
    read(session, "8H", 5)
    assert session.snapshot.pending is None and not [a for a in session.snapshot.alerts if a.code == "refused"]
    assert "8♥ moved apart for seat 1's split" in session.snapshot.message
    assert seat_1(session) == [["8S", "3D"], ["8H"]]
    assert session.snapshot.banner == "SEAT 1 HAND 1: HIT / STAND"
    session.close()
