"""rev34's camera findings on moved reads.

R1: a card refused in a seat with no bet, pushed sharp out of its box and lifted away, gave a moved read with no
box; the refusal's doubt was cleared and the read, sure and with no box, was played at the place due (seat 1 got
K♣, a card off the table, with no word).  It is dropped with a note; the refusal stands.

R3: after settlement a sure read, unseen moving, of a code the round held in another box was dropped as that card
gathered.  An eight-deck shoe repeats codes: a new card dealt before N was lost with a note.  Only a read doubted as
put back is taken for the card gathered; a sure one waits with the cards after the round, live as after a restart
and a replay.

R4: a moved card shown between a hand's gaps held the reads after it without limit: its whole wait is capped.
"""

from __future__ import annotations

import json
import time

from camera_runs import run_to_end
from dealer_assist.cards import parse_card
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.resting_zone import LONGEST, MOVE_COVERED, RestingZones
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.vision.layout_zones import LayoutZones
from replayed_journals import journal_entries, replayed
from layout_frames import laid_out
from test_camera_zones import RULES, dealt, read
from zoned_blackjack import THREE_SEATS, hands, table
from zoned_blackjack import read as read_bj


def test_refused_card_pushed_out_and_lifted_away_is_not_played(tmp_path):
    # Bets at seats 1 and 2; K♣ laid in seat 3's box (no bet) is refused, pushed sharp out of it and lifted away
    # (gone from frame 22 on); then 9♦ to seat 1 and 7♦ to the dealer.
    laid_out(tmp_path / "frames", (("KC", 200, 520, 11), ("KC", 1150, 250, 0), ("9D", 1060, 520, 11),
                                   ("7D", 560, 150, 11)), hidden=range(22, 10 ** 6), under="KC")
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{tmp_path / 'frames'}?profile=anglo&zones={tmp_path / 'zones.json'}",
                           lambda: True, game="blackjack"),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads] == [
        ("KC", "seat 3", None), ("KC", None, "seat 3"), ("9D", "seat 1", None), ("7D", "dealer", None)]
    session = table(tmp_path / "j.sqlite", (1, 2))
    session.handle(reads[0])
    session.handle(reads[1])
    assert hands(session) == {1: [], 2: [], "dealer": []} and session.snapshot.pending is None
    assert "not played" in session.snapshot.message and "seat 3's box" in session.snapshot.message
    assert [a.title for a in session.snapshot.alerts if a.code == "refused"] == ["CARD K♣ REFUSED"]
    for event in reads[2:]:
        session.handle(event)
    assert hands(session) == {1: ["9D"], 2: [], "dealer": ["7D"]}
    assert [e.payload["card"] for e in journal_entries(tmp_path / "j.sqlite") if e.kind == "read_dropped"] == ["KC"]
    session.close()


def test_blackjack_new_copy_of_last_rounds_card_before_n_is_not_dropped_as_gathered(tmp_path):
    session = table(tmp_path / "j.sqlite", (1,))
    read_bj(session, "KC", 1, "seat 1")
    read_bj(session, "7D", 2, "dealer")
    read_bj(session, "9H", 3, "seat 1")
    assert session.stand() is None
    read_bj(session, "QS", 4, "dealer")
    assert session.state.history
    read_bj(session, "7D", 10, "seat 1")  # another 7♦, the next round's first card dealt before N
    assert "gathered" not in session.snapshot.message and "7♦" in session.snapshot.message
    assert [a.title for a in session.snapshot.alerts if a.code == "refused"] == ["CARD 7♦ REFUSED"]
    assert not [e for e in journal_entries(tmp_path / "j.sqlite") if e.kind == "read_dropped"]
    session.close()


def test_baccarat_new_copies_before_n_wait_in_order_live_after_restart_and_replay(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("9S", "player"), ("4H", "banker"), ("KD", "player"), ("2C", "banker"),
                                      ("4H", "player"), ("7C", "banker"), ("9S", "banker")), 1):
        read(session, code, n, zone)
    assert session.snapshot.banner == "PLAYER WINS 9 TO 6"

    def shown(s):
        return [c.code for c in s.state.held], [a.title for a in s.snapshot.alerts if a.code == "held"]

    live = shown(session)
    assert live[0] == ["4H", "7C", "9S"] and live[1]
    assert not [e for e in journal_entries(tmp_path / "j.sqlite") if e.kind == "read_dropped"]
    session.close()
    again = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert shown(again) == live
    again.close()
    assert shown(replayed(tmp_path / "j.sqlite", TableSession(RULES, odds=False))) == live


def test_baccarat_put_back_read_of_the_rounds_card_is_still_dropped_as_gathered(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("9S", "player"), ("4H", "banker"), ("KD", "player"), ("2C", "banker")), 1):
        read(session, code, n, zone)
    session.handle(CardRead(parse_card("KD"), "camera:x", time.time(), seq=9, zone="banker", doubt=PUT_BACK))
    assert not session.state.held and "gathered" in session.snapshot.message
    session.close()


def test_a_moved_card_flickering_under_a_hand_holds_later_reads_no_longer_than_its_whole_wait():
    """R4: the 5♥ seen moved off its spot, then seen one frame in six, a little elsewhere each time (a hand working
    over it): each sighting restarted its wait, and Q♠, read after it, was held for the whole minute."""
    zones = RestingZones(LayoutZones.from_json(THREE_SEATS))
    size, t, out = (1280, 720), 0.0, []
    for _ in range(3):
        t += 1 / 30
        out += zones.frame(size, [("5H", (200.0, 520.0))], t)
    out += zones.moved("5H", (330.0, 520.0), (200.0, 520.0), 180.0, lambda zone, was: ("moved", zone, was))
    out += zones.card("QS", (200.0, 520.0), 180.0, lambda zone: ("QS", zone))
    reported, x, when = t, 330.0, None
    for n in range(60 * 30):
        t += 1 / 30
        seen = [("QS", (200.0, 520.0))]
        if n % 6 == 0:
            x += 12 if (n // 6) % 2 == 0 else -12
            seen.append(("5H", (x, 520.0)))
        got = zones.frame(size, seen, t)
        if got and when is None:
            when = t
        out += got
    assert out == [("QS", "seat 3")]  # the 5♥ never left seat 3's box: no move to send
    assert when - reported <= MOVE_COVERED + LONGEST + 0.1
