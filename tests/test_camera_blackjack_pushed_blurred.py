"""A zoned camera's blackjack card pushed blurred into another seat's box (fixMB's leftover, fixBL).

Seat 2's 5♥ pushed blurred (the camera saw no move) into seat 3's box while seat 3's second card was due, read sure
there: the table played it as a new 5♥, one card counted in both seats.  The camera names the box a card of its code
left unseen (``left_from``); the table doubts the read before it is journaled while its round holds that card in that
box (MOVED_PUSHED), so a restart and a replay hold it alike.  Enter plays nothing while the table counts it and names
the keys (Backspace back to the card, the cards typed); Del drops it with a note; K with its code plays a real second
copy once.  After the round a read of a card gathered is left to rev34 R3's rule (not doubted here).
"""

from __future__ import annotations

import json

import pytest

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import MOVED_PUSHED, SAME_CARD_DOUBTS
from dealer_assist.table.journal import Journal
from dealer_assist.blackjack.rules import HouseRules
from replayed_journals import replayed
from test_camera_moved_read_tables import dropped
from zoned_blackjack import THREE_SEATS, hands, table

#: Seat 1 J♣, seat 2 5♥, seat 3 Q♠, dealer 2♣, seat 1 4♦, seat 2 6♠: seat 3's second card is due; then seat 2's 5♥
#: is pushed blurred into seat 3's box.
DEAL = (("JC", 1060, 520, 11), ("5H", 640, 520, 11), ("QS", 200, 520, 11), ("2C", 640, 180, 11),
        ("4D", 1000, 560, 11), ("6S", 500, 540, 11))
SEATS = (1, 2, 3)


def camera_reads(tmp_path, moves) -> list[CardRead]:
    folder = laid_out(tmp_path / "frames", moves)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


@pytest.fixture(scope="module")
def pushed(tmp_path_factory) -> list[CardRead]:
    return camera_reads(tmp_path_factory.mktemp("pushed"), (*DEAL, ("5H", 330, 620, 11)))


def fed(path, reads) -> BlackjackSession:
    session = table(path, SEATS)
    for event in reads:
        session.handle(event)
    return session


DEALT = {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS"], "dealer": ["2C"]}


def test_the_pushed_card_waits_and_enter_does_not_play_it_twice(tmp_path, pushed):
    assert [(r.card.code, r.zone, r.left_from, r.doubt) for r in pushed][6] == ("5H", "seat 3", "seat 2", "")
    path = tmp_path / "j.sqlite"
    session = fed(path, pushed)
    assert hands(session) == DEALT  # not played in seat 3 too
    held = session.snapshot.pending
    assert held is not None and held.card.code == "5H" and held.doubt == MOVED_PUSHED and held.moved_from == "seat 2"
    assert MOVED_PUSHED in SAME_CARD_DOUBTS
    said = session.confirm_pending()
    assert said is not None and said.startswith("Enter plays nothing: 5♥ is counted in seat 2's box")
    assert "void back to it (Backspace) and type the cards in their places (K)" in said
    assert "put it back and Del drops this read" in said
    assert "if another 5♥ was dealt to seat 3's box, type it (K 5H)" in said
    assert session.snapshot.pending is held and hands(session) == DEALT
    session.close()
    # Restarted mid-hold: the read waits as it did, Enter plays nothing still.
    again = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))
    assert again.snapshot.pending is not None and again.snapshot.pending.doubt == MOVED_PUSHED
    assert again.confirm_pending() == said and hands(again) == DEALT
    again.reject_pending()
    assert again.snapshot.pending is None and hands(again) == DEALT
    assert again.snapshot.message == ("5♥ read dropped: the same card, pushed; the table counts it in seat 2's box. "
                                      "If it belongs in seat 3's box, void back to it (Backspace) and type the cards "
                                      "again in their places (K)")
    assert [d["doubt"] for d in dropped(path)] == [MOVED_PUSHED]
    assert not [a for a in again.snapshot.alerts if a.code in ("refused", "moved")]
    shown = (hands(again), again.snapshot.pending)
    again.close()
    third = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))
    assert (hands(third), third.snapshot.pending) == shown
    third.close()
    replay = replayed(path, BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6))))
    assert hands(replay) == DEALT and replay.snapshot.pending is None


def test_backspace_back_to_the_card_then_enter_plays_it_where_it_lies(tmp_path, pushed):
    """The keys Enter names work: Backspace voids back to seat 2's 5♥ (the cards after it too); the table no longer
    counts it, and Enter plays the read in seat 3's box, where it lies."""
    session = fed(tmp_path / "j.sqlite", pushed)
    assert session.snapshot.pending.doubt == MOVED_PUSHED
    for _ in range(5):
        assert session.void_last() is None
    assert hands(session) == {1: ["JC"], 2: [], 3: [], "dealer": []}
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_PUSHED
    assert session.confirm_pending() is None
    assert session.snapshot.pending is None and hands(session) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    session.close()


def test_k_on_the_held_read_plays_a_real_second_copy_once(tmp_path, pushed):
    path = tmp_path / "j.sqlite"
    session = fed(path, pushed)
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_PUSHED
    assert session.enter_card("5H") is None
    assert session.snapshot.pending is None
    assert hands(session) == {**DEALT, 3: ["QS", "5H"]}
    session.close()
    again = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))
    assert again.snapshot.pending is None and hands(again) == {**DEALT, 3: ["QS", "5H"]}
    again.close()
    replay = replayed(path, BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6))))
    assert hands(replay) == {**DEALT, 3: ["QS", "5H"]}


def test_a_second_copy_dealt_while_the_first_lies_in_its_box_is_played_at_once(tmp_path):
    reads = camera_reads(tmp_path, (*DEAL, ("5H#2", 330, 620, 11)))
    assert [(r.card.code, r.zone, r.left_from, r.doubt) for r in reads][6] == ("5H", "seat 3", None, "")
    session = fed(tmp_path / "j.sqlite", reads)
    assert session.snapshot.pending is None and hands(session) == {**DEALT, 3: ["QS", "5H"]}
    session.close()
