"""A zoned camera's baccarat card pushed blurred into the other hand's box, not the round's last card (fixMB).

The Player's first card, 2♠, pushed blurred (the camera saw no move) from the Player's box into the Banker's while
the Banker's third card was due, vanished and was read sure in the Banker's box: the table played it there as a new
2♠, one card counted in both hands.  The camera keeps each card that came to rest and counts the frames its spot goes
without it: the 2♠ gone from the Player's box when the read arrives, the read names that box (``left_from``) and the
table doubts it as that card pushed (MOVED_EARLIER).  Enter plays nothing and says why; Del drops it and MOVED TO THE
BANKER BOX says how to move it (Shift+V, the cards typed); K with its code plays a real second copy once.  A second 2♠
dealt while the first still lies in the Player's box is played at once.  A restart and a replay end as the live
table did.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.holds import MOVED_EARLIER, SAME_CARD_DOUBTS
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_camera_moved_read_tables import alerts, baccarat_reads, dropped, hands_of
from test_camera_zones import RULES, dealt
from zoned_blackjack import THREE_SEATS

#: Player 2♠ 5♦ (7, stands), Banker 4♥ A♣ (5, draws): the Banker's third card is due.
DEAL = (("2S", 200, 520, 11), ("4H", 860, 520, 11), ("5D", 420, 520, 11), ("AC", 1080, 520, 11))


def fed(path, reads) -> TableSession:
    session = dealt(path)
    for event in reads:
        session.handle(event)
    return session


def test_an_earlier_card_pushed_blurred_waits_and_is_not_played_twice(tmp_path):
    reads = baccarat_reads(tmp_path, (*DEAL, ("2S", 760, 560, 11)))
    assert [(r.card.code, r.zone, r.moved_from, r.left_from, r.doubt) for r in reads][4] == (
        "2S", "banker", None, "player", "")
    assert MOVED_EARLIER in SAME_CARD_DOUBTS
    path = tmp_path / "j.sqlite"
    session = fed(path, reads)
    pending = session.snapshot.pending
    assert pending is not None and pending.card.code == "2S" and pending.doubt == MOVED_EARLIER
    assert hands_of(session) == (["2S", "5D"], ["4H", "AC"])
    said = session.confirm_pending()
    assert said is not None and said.startswith("Enter plays nothing: 2♠ was played in the Player's hand")
    assert "Shift+V and the cards typed" in said and "if another 2♠ was dealt to the Banker, type it (K 2S)" in said
    assert session.snapshot.pending is pending and hands_of(session) == (["2S", "5D"], ["4H", "AC"])
    session.close()
    # Restarted mid-hold: the read waits as it did, and Enter plays nothing still.
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.pending is not None and again.snapshot.pending.doubt == MOVED_EARLIER
    assert again.confirm_pending() == said and hands_of(again) == (["2S", "5D"], ["4H", "AC"])
    again.reject_pending()
    snap = again.snapshot
    assert snap.pending is None and hands_of(again) == (["2S", "5D"], ["4H", "AC"])
    assert snap.message == ("2♠ read dropped as the 2♠ played: it still counts in the Player's hand; MOVED TO THE "
                            "BANKER BOX says how to move it")
    moved = [a for a in snap.alerts if a.code == "moved"]
    assert [a.title for a in moved] == ["2♠ MOVED TO THE BANKER BOX"]
    assert moved[0].action == "void the round (Shift+V) and type the cards in their places (K)"
    assert [d["doubt"] for d in dropped(path)] == [MOVED_EARLIER]
    shown = (hands_of(again), alerts(again))
    again.close()
    # Restarted after Del: the alert stands, nothing waits; a replay of the journal ends the same.
    third = TableSession(RULES, Journal.open(path), odds=False)
    assert (hands_of(third), alerts(third), third.snapshot.pending) == (*shown, None)
    replay = replayed(path, TableSession(RULES, odds=False))
    assert (hands_of(replay), alerts(replay)) == shown
    # The keys it names put the hands right: Shift+V, then the cards typed where they lie.
    assert third.void_round() is None and "moved" not in alerts(third)
    assert third.state.round is None or not third.state.round.cards
    third.deal()
    assert third.enter_card("5D") is None and hands_of(third) == (["5D"], [])
    third.close()


def test_k_on_the_held_read_plays_a_real_second_copy_once(tmp_path):
    reads = baccarat_reads(tmp_path, (*DEAL, ("2S", 760, 560, 11)))
    path = tmp_path / "j.sqlite"
    session = fed(path, reads)
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_EARLIER
    assert session.enter_card("2S") is None
    assert session.snapshot.pending is None and hands_of(session) == (["2S", "5D"], ["4H", "AC", "2S"])
    assert "moved" not in alerts(session)
    outcome = session.state.history[-1].outcome
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.pending is None and again.state.history[-1].outcome == outcome
    again.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert replay.state.history[-1].outcome == outcome


def test_a_second_copy_dealt_while_the_first_lies_in_its_box_is_played_at_once(tmp_path):
    reads = baccarat_reads(tmp_path, (*DEAL, ("2S#2", 760, 560, 11)))
    assert [(r.card.code, r.zone, r.left_from, r.doubt) for r in reads][4] == ("2S", "banker", None, "")
    session = fed(tmp_path / "j.sqlite", reads)
    assert session.snapshot.pending is None
    assert session.state.history[-1].outcome.banker_total == 7
    session.close()


def test_blackjack_the_camera_names_the_box_a_card_pushed_blurred_left(tmp_path):
    """Seat 2's 5♥ pushed blurred into seat 3's box: the camera names seat 2 as the box a 5♥ left (the blackjack
    table does not yet doubt the read on it: see the fixMB report)."""
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 640, 520, 11), ("QS", 200, 520, 11),
                                            ("2C", 640, 180, 11), ("5H", 330, 620, 11)))
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.left_from) for r in reads] == [
        ("JC", "seat 1", None), ("5H", "seat 2", None), ("QS", "seat 3", None), ("2C", "dealer", None),
        ("5H", "seat 3", "seat 2")]
