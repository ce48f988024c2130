"""A zoned camera's card that came to rest in the wrong box and was moved into its own (qaY Y3, Y4).

Y3: seat 2's card slides across the line into seat 1's box, and the croupier squares it back onto seat 2's pile.
Read in seat 1's box it was refused and the next read held; read again in seat 2's (as a card moved: put back),
its words said Del, and Del dropped it "as the card already played" (it never was): the round jammed.  Y4: the
card pitched into the box of a seat with no bet, moved to the seat due as told, was held as "type the card
really dealt first", and typing it refused it again.  The card moved is that card: it is played in its box.
"""

from __future__ import annotations

import contextlib
import io
import json

from camera_runs import run_to_end
from zoned_blackjack import THREE_SEATS, hands, read, refusals, table
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import MOVED_EARLY
from dealer_assist.table.journal import Journal
from layout_frames import laid_out

ZONES = THREE_SEATS




def test_a_card_refused_in_a_full_seats_box_and_squared_into_its_own_is_played_there(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    for n, (code, zone) in enumerate((("JC", "seat 1"), ("5H", "seat 2"), ("QS", "seat 3"), ("7D", "dealer"),
                                      ("JD", "seat 1")), 1):
        read(session, code, n, zone)
    read(session, "6S", 6, "seat 1")  # across the line into seat 1's box, which has its two cards
    assert refusals(session)
    read(session, "6S", 7, "seat 2", doubt=PUT_BACK)  # squared back onto seat 2's pile
    assert session.snapshot.pending is None and not refusals(session)
    assert "6♠, refused in the box it lay in, moved to seat 2's box: played there" in session.snapshot.message
    read(session, "4D", 8, "seat 3")
    assert hands(session) == {1: ["JC", "JD"], 2: ["5H", "6S"], 3: ["QS", "4D"], "dealer": ["7D"]}
    session.close()


def test_a_card_pitched_into_a_box_of_no_bet_and_moved_to_the_seat_due_is_played_there(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 3))
    read(session, "2H", 1, "seat 1")
    read(session, "8D", 2, "seat 2")
    (alert,) = refusals(session)
    assert alert.text.startswith("card 8♦ refused: it was laid at seat 2, which has no bet")
    read(session, "8D", 3, "seat 3")
    read(session, "3S", 4, "dealer")
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["2H"], 3: ["8D"], "dealer": ["3S"]}
    session.close()


def test_a_card_played_early_across_the_line_and_squared_into_its_own_box_leaves_the_early_place(tmp_path):
    from dealer_assist.cli import main

    path = tmp_path / "j.sqlite"
    frames = laid_out(tmp_path / "frames", (("JC", 1060, 520), ("5H", 400, 520), ("5H", 640, 520),
                                            ("QS", 200, 520)))
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    # Moved farther than a card put back lies, the camera reads it again with no doubt.
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("JC", "seat 1", ""), ("5H", "seat 3", ""), ("5H", "seat 2", ""), ("QS", "seat 3", "")]
    session = table(path, (1, 2, 3))
    for event in reads:
        session.handle(event)
    pending = session.snapshot.pending  # not played twice: it waits, Enter moving it
    assert pending is not None and pending.card.code == "5H" and pending.doubt == MOVED_EARLY
    assert hands(session) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    assert session.confirm_pending() is None
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    assert session.void_preview() == {"voided": "card", "card": "QS", "position": "seat3.h0"}
    session.close()
    again = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))  # the journal replays the move
    assert hands(again) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    again.close()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["journal", "export", str(path), "--format", "json"]) == 0
    (record,) = [json.loads(line) for line in out.getvalue().splitlines() if '"cards"' in line and '"round"' in line]
    assert [(c["card"], c["position"]) for c in record["cards"]] == [("JC", "seat1.h0"), ("5H", "seat2.h0"),
                                                                     ("QS", "seat3.h0")]


def test_a_card_played_early_and_read_again_put_back_in_its_own_box_is_moved_there(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    read(session, "JC", 1, "seat 1")
    read(session, "5H", 2, "seat 3")  # seat 2's card, come to rest across the line: seat 3's place, early
    read(session, "5H", 3, "seat 2", doubt=PUT_BACK)  # squared back onto seat 2's pile
    assert session.snapshot.pending is None and "5♥ moved from seat 3's box to seat 2's box" in session.snapshot.message
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: [], "dealer": []}
    assert session.snapshot.banner == "CARD TO SEAT 3"
    session.close()


def test_another_card_of_its_code_dealt_in_the_next_box_is_typed_and_played_too(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    read(session, "JC", 1, "seat 1")
    read(session, "5H", 2, "seat 3")  # seat 3's own card, read before seat 2's
    read(session, "5H", 3, "seat 2")  # seat 2's: another 5♥ of the six decks
    assert session.snapshot.pending.doubt == MOVED_EARLY
    assert session.enter_card("5H") is None
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["5H"], "dealer": []}
    session.close()


def test_a_read_waiting_to_be_moved_at_a_restart_waits_so_again(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    read(session, "JC", 1, "seat 1")
    read(session, "5H", 2, "seat 3")
    read(session, "5H", 3, "seat 2")
    session.close()
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(tmp_path / "j.sqlite"))
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_EARLY
    assert session.confirm_pending() is None
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: [], "dealer": []}
    session.close()


def test_at_one_deck_a_card_played_early_and_read_again_in_another_box_moved(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 2, 3), decks=1)
    read(session, "JC", 1, "seat 1")
    read(session, "5H", 2, "seat 3")
    read(session, "5H", 3, "seat 2")  # no other 5♥ in one deck
    assert session.snapshot.pending is None and hands(session) == {1: ["JC"], 2: ["5H"], 3: [], "dealer": []}
    session.close()
