"""A zoned camera's card pushed sharp out of its box in a round, then covered by a hand longer than the camera waits
for it (rev34 R2).

The camera sends the move with no box (``moved_from``, zone None).  It was held with the put-back words ("if that
card was moved, Del drops this read; if another of its code was dealt, Enter plays it"): Enter counted the card a
second time ({2: [5♥], 3: [5♥, Q♠]}), Del left it in the box it left, and no key offered put the hands right.  It
waits now with its own doubt (MOVED_UNSEEN) and words naming the box it left; Enter plays nothing while the table
counts the card, and once the croupier voids back to it (blackjack Backspace, baccarat V) Enter plays it where a card
is due.  A restart and a replay end as the live table did.
"""

from __future__ import annotations

import json
import shutil

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.events import MOVED_UNSEEN, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.resting_zone import LONGEST, MOVE_COVERED
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import SAME_CARD_DOUBTS
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import journal_entries, replayed
from test_camera_move_under_hand import DEAL, camera_reads
from test_camera_zones import RULES, ZONES, dealt, read
from zoned_blackjack import THREE_SEATS, hands, table

BJ_RULES = BlackjackTableRules(house=HouseRules(decks=6))


def held(path) -> tuple[BlackjackSession, list[CardRead]]:
    """Seat 2's 5♥ played early in seat 3's box, pushed sharp into seat 2's and covered to the end of the frames (the
    Q♠ dealt into seat 3's box meanwhile): the table fed the camera's reads."""
    reads = camera_reads(path.parent, DEAL[:4], hidden=range(36, 56))
    session = table(path, (1, 2, 3))
    for event in reads:
        session.handle(event)
    return session, reads


def lifted_after(tmp_path, frames_covered: int) -> list[CardRead]:
    """The same deal, the hand on the 5♥ in seat 2's box for ``frames_covered`` frames (30 fps) from frame 36, then
    lifted: the 5♥ lies still there 20 frames.  The camera's reads."""
    covered = laid_out(tmp_path / "covered", DEAL[:4], hidden=range(36, 56), under="5H")
    shown = laid_out(tmp_path / "shown", DEAL[:4])
    frames = tmp_path / "frames"
    frames.mkdir()
    for n in range(36 + frames_covered + 20):
        source = (covered / f"{n:04d}.png" if n < 56 else covered / "0055.png" if n < 36 + frames_covered
                  else shown / "0055.png")
        shutil.copy(source, frames / f"{n:04d}.png")
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_hand_lifted_after_five_seconds_within_the_cap_still_moves_the_card(tmp_path):
    """Covered 5.3 s (160 frames, longer than MOVE_COVERED) and then seen lying still in seat 2's box, within the 7 s
    the camera waits from the push at most: the move is sent then, and the hands are right with no key at all."""
    assert 160 / 30 > MOVE_COVERED
    reads = lifted_after(tmp_path, 160)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads] == [
        ("JC", "seat 1", None), ("5H", "seat 3", None), ("5H", "seat 2", "seat 3"), ("QS", "seat 3", None)]
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    for event in reads:
        session.handle(event)
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    session.close()


def test_a_hand_lifted_after_the_cap_still_sends_the_move_with_no_box(tmp_path):
    reads = lifted_after(tmp_path, round((MOVE_COVERED + LONGEST) * 30) + 10)
    assert [(r.card.code, r.zone, r.moved_from, r.doubt) for r in reads][2] == ("5H", None, "seat 3", MOVED_UNSEEN)


def dropped(path) -> list[dict]:
    return [e.payload for e in journal_entries(path) if e.kind == "read_dropped"]


def test_the_camera_sends_the_move_lost_under_a_hand_with_its_own_doubt(tmp_path):
    _, reads = held(tmp_path / "j.sqlite")
    assert [(r.card.code, r.zone, r.moved_from, r.doubt) for r in reads] == [
        ("JC", "seat 1", None, ""), ("5H", "seat 3", None, ""), ("5H", None, "seat 3", MOVED_UNSEEN),
        ("QS", "seat 3", None, "")]
    assert MOVED_UNSEEN in SAME_CARD_DOUBTS


def test_blackjack_enter_does_not_count_it_twice_and_backspace_then_enter_puts_the_hands_right(tmp_path):
    path = tmp_path / "j.sqlite"
    session, _ = held(path)
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.doubt == MOVED_UNSEEN and snap.banner == "CONFIRM CARD"
    assert "5♥ was pushed out of seat 3's box and a hand covered it" in snap.message
    assert "void back to it (Backspace)" in snap.message
    said = session.confirm_pending()
    assert said is not None and said.startswith("Enter plays nothing: played at the place due, 5♥ would count twice")
    assert "The table counts it in seat 3's box" in said and "Backspace" in said
    assert session.snapshot.pending is snap.pending and hands(session) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    # The keys it names: Backspace voids the 5♥ out of seat 3; Enter then plays it where a card is due, seat 2, and
    # the Q♠ read behind it goes to seat 3.
    assert session.void_last() is None
    assert session.confirm_pending() is None
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    assert session.snapshot.banner == "CARD TO DEALER"
    session.close()
    again = BlackjackSession(BJ_RULES, journal=Journal.open(path))
    assert hands(again) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []} and again.snapshot.pending is None
    again.close()
    assert hands(replayed(path, BlackjackSession(BJ_RULES))) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}


def test_blackjack_restart_mid_hold_waits_as_live_and_del_drops_it_with_a_note(tmp_path):
    path = tmp_path / "j.sqlite"
    session, _ = held(path)
    said = session.confirm_pending()
    session.close()
    again = BlackjackSession(BJ_RULES, journal=Journal.open(path))
    pending = again.snapshot.pending
    assert pending is not None and pending.doubt == MOVED_UNSEEN and pending.moved_from == "seat 3"
    assert [w.card.code for w in again.snapshot.waiting] == ["QS"]
    assert again.confirm_pending() == said and hands(again) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    again.reject_pending()
    assert again.snapshot.pending is None
    assert again.snapshot.message.startswith("5♥ read dropped: the same card, moved. If it lies in another box than "
                                             "seat 3's box, void back to it (Backspace)")
    assert hands(again) == {1: ["JC"], 2: [], 3: ["5H", "QS"], "dealer": []}
    assert [(d["card"], d["doubt"]) for d in dropped(path)] == [("5H", MOVED_UNSEEN)]
    again.close()
    third = BlackjackSession(BJ_RULES, journal=Journal.open(path))
    assert third.snapshot.pending is None and hands(third) == {1: ["JC"], 2: [], 3: ["5H", "QS"], "dealer": []}
    third.close()
    replay = replayed(path, BlackjackSession(BJ_RULES))
    assert replay.snapshot.pending is None and hands(replay) == {1: ["JC"], 2: [], 3: ["5H", "QS"], "dealer": []}


#: The Player's second card, K♦, laid in the Banker's box by mistake (played there), pushed sharp into the Player's and
#: covered there to the end of the frames.
MISLAID = (("9S", 200, 520, 11), ("4H", 860, 520, 11), ("KD", 1080, 520, 11), ("KD", 420, 520, 0))


def baccarat_held(path) -> tuple[TableSession, list[CardRead]]:
    folder = laid_out(path.parent / "frames", MISLAID, hidden=range(50, 56), under="KD")
    (path.parent / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={path.parent / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    session = dealt(path)
    for event in reads:
        session.handle(event)
    return session, reads


def hands_of(session) -> tuple[list[str], list[str]]:
    rnd = session.state.round
    return [c.code for c in rnd.player_cards], [c.code for c in rnd.banker_cards]


def test_baccarat_the_card_pushed_and_lost_under_a_hand_waits_and_v_then_enter_puts_it_right(tmp_path):
    path = tmp_path / "j.sqlite"
    session, reads = baccarat_held(path)
    assert [(r.card.code, r.zone, r.moved_from, r.doubt) for r in reads][3] == ("KD", None, "banker", MOVED_UNSEEN)
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.doubt == MOVED_UNSEEN
    assert "K♦ was pushed out of the Banker box and a hand covered it" in snap.message
    assert "The table counts it in the Banker's hand" in snap.message
    assert "void it (V): Enter then plays it in the Player's place, due then, or type it (K KD)" in snap.message
    said = session.confirm_pending()
    assert said is not None and said.startswith("Enter plays nothing: played at the place due, K♦ would count twice")
    assert hands_of(session) == (["9S"], ["4H", "KD"])
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.pending is not None and again.snapshot.pending.doubt == MOVED_UNSEEN
    assert again.confirm_pending() == said and hands_of(again) == (["9S"], ["4H", "KD"])
    assert again.void_last_card() is None
    assert again.confirm_pending() is None and again.snapshot.pending is None
    assert hands_of(again) == (["9S", "KD"], ["4H"])
    read(again, "2C", 9, "banker")
    assert hands_of(again) == (["9S", "KD"], ["4H", "2C"])
    assert again.state.history[-1].outcome.banker_total == 6
    again.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert hands_of(replay) == (["9S", "KD"], ["4H", "2C"])


def test_baccarat_del_drops_it_with_a_note_that_names_the_keys(tmp_path):
    path = tmp_path / "j.sqlite"
    session, _ = baccarat_held(path)
    session.reject_pending()
    assert session.snapshot.pending is None and hands_of(session) == (["9S"], ["4H", "KD"])
    assert session.snapshot.message == ("K♦ read dropped: the same card, moved. If it lies in the Player box now, void "
                                        "it (V) and type it (K KD): the Player's place is due then")
    assert [(d["card"], d["doubt"]) for d in dropped(path)] == [("KD", MOVED_UNSEEN)]
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.pending is None and hands_of(again) == (["9S"], ["4H", "KD"])
    again.close()
