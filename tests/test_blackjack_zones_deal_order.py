"""A zoned camera's blackjack card read before its place in the deal is due takes its place (qaY Y1).

The croupier pitches seat 3's first card while his hand still covers seat 1's, or both come to rest in one frame
and are sent seat 3 first: the camera reads seat 3's card first.  It was refused ("laid at seat 3 but a card for
seat 1 is due"), its DO line's K put it in seat 1 and its Backspace voided the whole deal.  The box the camera saw
it in is a later place of the deal: it takes that place, as baccarat's zones place a card turned out of order.
A card whose box has no place open stays refused, with advice that neither voids a right deal nor types it (K)
into the box due, another than the one it lies in.
"""

from __future__ import annotations

import json
import time

import pytest

from camera_runs import run_to_end
from zoned_blackjack import hands, read, refusals, table
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.sources.factory import open_source
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from sliding_deal import SLOTS, sliding_deal

#: Seat 1's box on the left, seat 3's on the right, the dealer's along the top (the shoe, top right, in none).
ZONES = {"zones": {"seat 1": [0.0, 0.45, 0.5, 1.0], "seat 3": [0.5, 0.45, 1.0, 1.0], "dealer": [0.0, 0.0, 0.8, 0.4]}}




def test_seat_3s_first_card_read_before_seat_1s_takes_seat_3s_place(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1, 3, 5))
    for n, (code, zone) in enumerate((("9C", "seat 3"), ("5H", "seat 1"), ("TD", "seat 5"), ("7D", "dealer"),
                                      ("2S", "seat 1"), ("KH", "seat 5"), ("8C", "seat 3")), 1):
        read(session, code, n, zone)
        assert session.snapshot.pending is None and not refusals(session), code
    assert hands(session) == {1: ["5H", "2S"], 3: ["9C", "8C"], 5: ["TD", "KH"], "dealer": ["7D"]}
    assert session.snapshot.banner == "SEAT 1: HIT / STAND"
    assert session.void_preview() == {"voided": "card", "card": "8C", "position": "seat3.h0"}
    session.close()
    again = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(tmp_path / "j.sqlite"))
    assert hands(again) == {1: ["5H", "2S"], 3: ["9C", "8C"], 5: ["TD", "KH"], "dealer": ["7D"]}
    assert again.snapshot.pending is None and not refusals(again)
    again.close()


def test_the_dealers_up_card_read_before_the_last_seats_first_card_is_the_dealers(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1, 3))
    read(session, "5H", 1, "seat 1")
    read(session, "7D", 2, "dealer")
    read(session, "9C", 3, "seat 3")
    assert hands(session) == {1: ["5H"], 3: ["9C"], "dealer": ["7D"]}
    assert session.snapshot.banner == "CARD TO SEAT 1" and not refusals(session)
    session.close()


def test_seat_3s_card_turned_up_before_seat_1s_in_real_frames(tmp_path):
    frames = sliding_deal(tmp_path / "frames", ("9C", "5H"), (SLOTS[1], SLOTS[0]))
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    spec = f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}"
    run_to_end(open_source(spec, lambda: True, game="blackjack"),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone) for r in reads] == [("9C", "seat 3"), ("5H", "seat 1")]
    session = table(tmp_path / "j.sqlite", seats=(1, 3))
    for event in reads:
        session.handle(event)
    assert hands(session) == {1: ["5H"], 3: ["9C"], "dealer": []}
    assert session.snapshot.banner == "CARD TO DEALER" and not refusals(session)
    session.close()


def test_a_card_in_a_box_with_no_place_open_is_refused_without_a_void_or_a_k_and_holds_nothing(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1, 3))
    read(session, "9C", 1, "seat 3")
    read(session, "8C", 2, "seat 3")  # seat 3's two cards, read before seat 1's first
    read(session, "QS", 3, "seat 3")  # a third: seat 3 takes no card in the deal
    (alert,) = refusals(session)
    assert "seat 3, which has no place for a card now" in alert.text
    assert "Backspace" not in alert.action
    # K only as the way out when the camera does not read it in the box due (qaAL F2: the refusal never cleared)
    assert alert.action.count("(K)") == 1 and "does not read it there, type it (K)" in alert.action
    assert "move it to the box due (a card for seat 1)" in alert.action
    session.close()
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(tmp_path / "j.sqlite"))
    read(session, "5H", 4, "seat 1")  # the next read is played by its box, not held behind the refused one
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["5H"], 3: ["9C", "8C"], "dealer": []}
    # The refused card moved to the dealer's box is read there (as a card moved: put back) and played.
    read(session, "QS", 5, "dealer", doubt=PUT_BACK)
    assert session.snapshot.pending is None and hands(session)["dealer"] == ["QS"]
    session.close()


def test_a_card_in_a_box_of_no_bet_is_not_told_to_be_voided(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1, 3))
    read(session, "9C", 1, "seat 2")
    (alert,) = refusals(session)
    assert "seat 2, which has no bet" in alert.text and "void" not in alert.text + alert.action
    read(session, "5H", 2, "seat 1")
    assert session.snapshot.pending is None and hands(session)[1] == ["5H"]
    session.close()


def test_the_card_typed_for_a_refused_one_goes_to_the_box_it_lies_in(tmp_path):
    # One deck: the 9♣ read in the dealer's box is a misread (9♣ is in seat 1); the card really there is typed.
    session = table(tmp_path / "j.sqlite", seats=(1, 3), decks=1)
    read(session, "9C", 1, "seat 1")
    read(session, "9C", 2, "dealer")
    (alert,) = refusals(session)
    assert "already has 1 9C" in alert.text and "Backspace" not in alert.action
    assert "type the card really there (K): it goes to the dealer's box" in alert.action
    assert session.enter_card("4D") is None
    assert hands(session) == {1: ["9C"], 3: [], "dealer": ["4D"]}
    session.close()


def test_the_dealers_card_read_before_the_last_stand_is_keyed_waits_in_its_box_and_is_played_at_s(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1,))
    for n, (code, zone) in enumerate((("TS", "seat 1"), ("7D", "dealer"), ("8S", "seat 1")), 1):
        read(session, code, n, zone)
    read(session, "9H", 4, "dealer")  # the dealer draws before the croupier keys seat 1's stand
    pending = session.snapshot.pending
    assert pending is not None and pending.card.code == "9H" and not refusals(session)
    assert "the dealer's box" in pending.doubt and "played there once its card is due" in pending.doubt
    assert session.snapshot.allowed == ("hit", "stand")
    error = session.confirm_pending()  # Enter: the decision comes first, nothing changes
    assert error is not None and "the decision for seat 1 comes first" in error and session.snapshot.pending
    read(session, "4C", 5, "dealer")  # the dealer's next card waits behind it
    assert session.stand() is None
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["TS", "8S"], "dealer": ["7D", "9H", "4C"]}
    assert session.state.settlement is not None  # dealer 20 beats 18
    session.close()


def test_a_later_seats_card_read_before_the_seat_before_it_stands_is_played_there_at_h(tmp_path):
    session = table(tmp_path / "j.sqlite", seats=(1, 3))
    for n, (code, zone) in enumerate((("TS", "seat 1"), ("9C", "seat 3"), ("7D", "dealer"), ("8S", "seat 1"),
                                      ("3C", "seat 3")), 1):
        read(session, code, n, zone)
    read(session, "5D", 6, "seat 3")  # seat 3's draw, laid before seat 1's stand and seat 3's hit are keyed
    assert session.snapshot.pending is not None and not refusals(session)
    assert session.stand() is None
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt.startswith("read before the decision")
    assert session.hit() is None
    assert session.snapshot.pending is None and hands(session)[3] == ["9C", "3C", "5D"]
    session.close()


def test_the_blackjack_zones_example_is_a_blackjack_tables_file():
    # qaY Y5: the one example was baccarat's.
    from pathlib import Path

    from dealer_assist.vision.layout_zones import LayoutZones

    path = Path(__file__).resolve().parents[1] / "calibration" / "zones-blackjack-example.json"
    zones = LayoutZones.load(path)
    zones.check_game("blackjack", path)
    assert [z.name for z in zones.zones] == ["dealer", "seat 1", "seat 2", "seat 3", "seat 4", "seat 5"]


def test_the_card_typed_for_an_unread_hit_card_in_the_deciding_seats_box_waits_for_h(tmp_path):
    # qaY: typed at once, as UNREADABLE CARD asked, it was refused ("a decision comes first"), a second alert.
    from dealer_assist.events import Unreadable

    session = table(tmp_path / "j.sqlite", seats=(1, 2))
    for n, (code, zone) in enumerate((("TS", "seat 1"), ("9H", "seat 2"), ("7D", "dealer"), ("4C", "seat 1"),
                                      ("9C", "seat 2")), 1):
        read(session, code, n, zone)
    session.handle(Unreadable("camera:x", time.time(), seq=6, zone="seat 1"))  # seat 1's hit card, smudged
    assert session.enter_card("5D") is None
    assert session.snapshot.pending is not None and not refusals(session)
    assert session.hit() is None
    assert session.snapshot.pending is None and hands(session)[1] == ["TS", "4C", "5D"]
    assert session.stand() is None
    read(session, "8D", 7, "seat 2")  # the hold the unread card opened is answered: seat 2's card is played
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "8D"
    assert session.snapshot.pending.doubt.startswith("read before the decision for seat 2")
    session.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_later_seats_card_set_aside_while_a_seat_before_it_draws_is_played_at_its_turn(tmp_path, restart):
    path = tmp_path / "j.sqlite"
    session = table(path, seats=(1, 2, 3))
    for n, (code, zone) in enumerate((("TS", "seat 1"), ("9C", "seat 2"), ("5D", "seat 3"), ("7D", "dealer"),
                                      ("8S", "seat 1"), ("3C", "seat 2"), ("4H", "seat 3")), 1):
        read(session, code, n, zone)
    read(session, "KH", 8, "seat 3")  # seat 3's draw, laid while seat 1 decides
    assert session.stand() is None and session.snapshot.pending.card.code == "KH"  # seat 2 decides now
    assert session.hit() is None  # seat 2 draws: its card must not wait behind seat 3's
    assert session.snapshot.pending is None and "K♥ lies in seat 3's box" in session.snapshot.message
    if restart:
        session.close()
        session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))
        assert session.snapshot.pending is None
    read(session, "6D", 9, "seat 2")
    assert session.snapshot.pending is None and hands(session)[2] == ["9C", "3C", "6D"]
    assert session.stand() is None  # seat 3's decision: the card set aside waits for it as drawn before H
    pending = session.snapshot.pending
    assert pending is not None and pending.card.code == "KH" and pending.doubt.startswith("read before the decision")
    assert session.hit() is None
    assert hands(session)[3] == ["5D", "4H", "KH"] and session.snapshot.pending is None
    session.close()
