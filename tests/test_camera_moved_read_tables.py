"""What the tables do with a zoned camera's read of a card it followed from one box into another (rev33 R2, R3).

A card lying still and pushed sharp into another box is read again there as moved (``moved_from``: the box it
left).  Cards gathered after the round into the dealer's box (the Banker's side) were held as CONFIRM CARD into the
next round: its first card waited behind it, and Enter made last round's card a new round's.  They are dropped,
journaled, with a note and no alert, as is a gather whose push is blurred and read as put back; read sure, it may
be a new copy dealt before N (an eight-deck shoe repeats codes: rev34 R3), and waits as any card after the round.
At baccarat the round's last card pushed sharp into the other hand's box was held as "another of its code": Enter counted it in both hands (PLAYER WINS 9 TO 4 where the Banker had 6);
it is refused by name, with the keys that put it right.  Blurred, it was played twice at once; it now waits, and
held as put back Enter still played it in both hands and Del left it in the first with no word: Enter plays
nothing there, Del says it is that card (MOVED TO THE BOX), K with its code plays another in the box it lies in.
A restart and a replay of the journal end as the live table did.
"""

from __future__ import annotations

import json
import time
from decimal import Decimal

import pytest

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_card
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.holds import MOVED_LAST
from dealer_assist.table.session import TableSession
from replayed_journals import journal_entries, replayed
from test_camera_zones import RULES, ZONES, dealt, read
from test_camera_zones_sharp_move import camera_reads
from zoned_blackjack import hands, table

#: A round at seat 1 (K♣ 9♥ stands, the dealer 7♦ Q♠), then seat 1's cards gathered toward the dealer's box.
ROUND = (("KC", 1060, 520, 11), ("7D", 560, 150, 11), ("9H", 1100, 560, 11), ("QS", 700, 150, 11))


def gathered(tmp_path, smear: int) -> list[CardRead]:
    return camera_reads(tmp_path, (*ROUND, ("9H", 880, 180, smear), ("KC", 900, 200, smear)))


def played_round(path, reads) -> BlackjackSession:
    """The round played from ``reads`` (S before the dealer's second card), then the reads after it."""
    session = table(path, (1,))
    for event in reads:
        if event.card.code == "QS" and not session.state.history:
            assert session.stand() is None
        session.handle(event)
    return session


def read_bj(session, code: str, zone: str, seq: int = 99) -> None:
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone))


def dropped(path) -> list[dict]:
    return [e.payload for e in journal_entries(path) if e.kind == "read_dropped"]


def alerts(session) -> list[str]:
    return [a.code for a in session.snapshot.alerts
            if not a.code.startswith(("restart", "replay", "link:", "table_started"))]


@pytest.mark.parametrize("smear", [0, 11], ids=["sharp", "blurred"])
def test_cards_gathered_after_the_round_are_dropped_and_hold_nothing(tmp_path, smear):
    reads = gathered(tmp_path, smear)
    after = reads[4:]
    assert after and all(r.zone == "dealer" for r in after), reads
    if smear == 0:
        assert [(r.card.code, r.doubt, r.moved_from) for r in after] == [("KC", PUT_BACK, "seat 1")]
    session = played_round(tmp_path / "j.sqlite", reads)
    snap = session.snapshot
    if smear:
        # Unseen moving, only the read doubted as put back is the card gathered; the sure K♣ could as well be a new
        # copy dealt before N (rev34 R3), so it is refused as any card after the round, by name, not dropped.
        assert [(r.card.code, r.doubt == PUT_BACK) for r in after] == [("9H", True), ("KC", False)]
        assert [d["card"] for d in dropped(tmp_path / "j.sqlite")] == ["9H"]
        assert alerts(session) == ["refused"] and "K♣ came after the round" in snap.message
        session.close()
        return
    assert snap.pending is None and not snap.waiting and alerts(session) == []
    assert "the same card, gathered" in snap.message
    assert [d["card"] for d in dropped(tmp_path / "j.sqlite")] == [r.card.code for r in after]
    assert all(d["after_round"] and d["doubt"] == PUT_BACK for d in dropped(tmp_path / "j.sqlite"))
    assert session.next_round() is None
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    read_bj(session, "2C", "seat 1")
    assert session.snapshot.pending is None and hands(session) == {1: ["2C"], "dealer": []}
    shown = (hands(session), alerts(session), session.snapshot.banner)
    session.close()
    # A restart holds nothing behind the dropped reads either, and a replay ends with the same cards and alerts.
    rules = BlackjackTableRules(house=HouseRules(decks=6))
    again = BlackjackSession(rules, journal=Journal.open(tmp_path / "j.sqlite"))
    assert (hands(again), alerts(again), again.snapshot.banner, again.snapshot.pending) == (*shown, None)
    read_bj(again, "5D", "dealer", seq=100)
    assert again.snapshot.pending is None and hands(again) == {1: ["2C"], "dealer": ["5D"]}
    again.close()
    replay = replayed(tmp_path / "j.sqlite", BlackjackSession(rules))
    assert hands(replay) == {1: ["2C"], "dealer": ["5D"]} and alerts(replay) == []


def test_a_card_moved_out_of_the_box_that_holds_it_mid_round_is_dropped_with_a_note(tmp_path):
    """Seat 1's K♣, played there as due, pushed sharp into seat 2's box (a bet at seat 2 too): the table keeps it at
    seat 1 and says so; seat 2's card due is not taken by it, nor held behind it."""
    reads = camera_reads(tmp_path, (("KC", 1060, 520, 11), ("KC", 640, 520, 0)))
    assert [(r.card.code, r.zone, r.moved_from) for r in reads] == [("KC", "seat 1", None), ("KC", "seat 2", "seat 1")]
    session = table(tmp_path / "j.sqlite", (1, 2))
    for event in reads:
        session.handle(event)
    assert session.snapshot.pending is None and alerts(session) == []
    assert "keeps it in the hand of seat 1's box" in session.snapshot.message
    assert hands(session) == {1: ["KC"], 2: [], "dealer": []}
    read_bj(session, "9D", "seat 2")
    assert hands(session) == {1: ["KC"], 2: ["9D"], "dealer": []}
    session.close()


def baccarat_reads(tmp_path, steps) -> list[CardRead]:
    folder = laid_out(tmp_path / "frames", steps)
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def hands_of(session) -> tuple[list[str], list[str]]:
    rnd = session.state.round
    return [c.code for c in rnd.player_cards], [c.code for c in rnd.banker_cards]


@pytest.mark.parametrize("smear", [0, 11], ids=["sharp", "blurred"])
def test_baccarat_cards_gathered_after_the_round_are_dropped(tmp_path, smear):
    reads = baccarat_reads(tmp_path, (("9S", 200, 520, 11), ("KD", 420, 520, 11), ("4H", 860, 520, 11),
                                      ("2C", 1080, 520, 11), ("KD", 760, 560, smear)))
    assert [(r.card.code, r.zone) for r in reads][-1] == ("KD", "banker")
    session = dealt(tmp_path / "j.sqlite")
    for event in reads:
        session.handle(event)
    assert session.state.history[-1].outcome.banker_total == 6
    if smear:
        # Blurred, the K♦ is read sure in the Banker's box: it may be a new copy dealt before N (rev34 R3), so it is
        # held as any card after the round (Del sets it aside), not dropped as gathered.
        assert not reads[-1].doubt and not reads[-1].moved_from
        assert [c.code for c in session.state.held] == ["KD"] and dropped(tmp_path / "j.sqlite") == []
        session.close()
        return
    assert session.snapshot.pending is None and not session.state.held and alerts(session) == []
    assert [(d["card"], d.get("moved_from"), d["after_round"]) for d in dropped(tmp_path / "j.sqlite")] == [
        ("KD", "player" if smear == 0 else None, True)]
    session.close()


#: The Player's second card, K♦, laid in the Banker's box by mistake (played there), then pushed into the Player's.
MISLAID = (("9S", 200, 520, 11), ("4H", 860, 520, 11), ("KD", 1080, 520, 11))


def test_baccarat_last_card_pushed_sharp_into_the_other_box_is_refused_by_name(tmp_path):
    reads = baccarat_reads(tmp_path, (*MISLAID, ("KD", 420, 520, 0), ("2C", 1080, 520, 11)))
    assert [(r.card.code, r.zone, r.moved_from) for r in reads][3] == ("KD", "player", "banker")
    path = tmp_path / "j.sqlite"
    session = dealt(path)
    for event in reads[:4]:
        session.handle(event)
    snap = session.snapshot
    assert snap.pending is None, "never offered to Enter as another K♦"
    moved = [a for a in snap.alerts if a.code == "moved"]
    assert [a.title for a in moved] == ["K♦ MOVED TO THE PLAYER BOX"]
    assert "void it (V) and type it (K KD)" in moved[0].action
    assert hands_of(session) == (["9S"], ["4H", "KD"])
    assert [(d["moved_from"], d["zone"], d["refused"]) for d in dropped(path)] == [("banker", "player", True)]
    shown = (hands_of(session), alerts(session))
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert (hands_of(again), alerts(again), again.snapshot.pending) == (*shown, None)
    # The keys it names put the card where it lies: V, then K♦ typed goes to the Player's place due.
    assert again.void_last_card() is None and "moved" not in alerts(again)
    assert again.enter_card("KD") is None
    again.handle(reads[4])
    if again.snapshot.pending is not None:
        assert again.confirm_pending() is None
    assert hands_of(again) == (["9S", "KD"], ["4H", "2C"])
    assert again.state.history[-1].outcome.banker_total == 6
    assert "moved" not in alerts(again)
    again.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert hands_of(replay) == (["9S", "KD"], ["4H", "2C"]) and alerts(replay) == alerts(again)


def blurred_push(path, reads) -> TableSession:
    session = dealt(path)
    for event in reads[:4]:
        session.handle(event)
    return session


def test_baccarat_last_card_pushed_blurred_into_the_other_box_waits_and_is_not_played_twice(tmp_path):
    """Held as put back, Enter had played K♦ in the Player's hand too (Player 9♠ K♦, Banker 4♥ K♦) and Del had left it
    in the Banker's with no word.  Enter plays nothing and says which key ends each case right; Del says it is that
    card, and MOVED TO THE PLAYER BOX how to move it; a restart and a replay end as the live table did."""
    reads = baccarat_reads(tmp_path, (*MISLAID, ("KD", 420, 520, 11), ("2C", 1080, 520, 11)))
    assert [(r.card.code, r.zone, r.moved_from) for r in reads][3] == ("KD", "player", None)
    path = tmp_path / "j.sqlite"
    session = blurred_push(path, reads)
    pending = session.snapshot.pending
    assert pending is not None and pending.card.code == "KD" and pending.doubt == MOVED_LAST
    assert "most likely that card, pushed across" in pending.doubt and "Enter plays nothing" in pending.doubt
    said = session.confirm_pending()
    assert said is not None and said.startswith("Enter plays nothing: K♦ was played last in the Banker's hand")
    assert "Del if this is that K♦" in said and "if another K♦ was dealt to the Player, type it (K KD)" in said
    assert session.snapshot.pending is pending and hands_of(session) == (["9S"], ["4H", "KD"])
    session.close()
    # Restarted, the read waits as it did, and Enter plays nothing still.
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.pending is not None and again.snapshot.pending.doubt == MOVED_LAST
    assert again.confirm_pending() == said and hands_of(again) == (["9S"], ["4H", "KD"])
    again.reject_pending()
    snap = again.snapshot
    assert snap.pending is None and hands_of(again) == (["9S"], ["4H", "KD"])
    assert snap.message == ("K♦ read dropped as the K♦ played: it still counts in the Banker's hand; MOVED TO THE "
                            "PLAYER BOX says how to move it")
    moved_alerts = [a for a in snap.alerts if a.code == "moved"]
    assert [a.title for a in moved_alerts] == ["K♦ MOVED TO THE PLAYER BOX"]
    assert "Del said the K♦ read in the Player's box is it" in moved_alerts[0].text
    assert moved_alerts[0].action == "void it (V) and type it (K KD): the Player's place is due then"
    assert [d["doubt"] for d in dropped(path)] == [MOVED_LAST]
    shown = (hands_of(again), alerts(again))
    again.close()
    # Restarted after Del: the alert stands, no read waits, and the keys it names put K♦ where it lies.
    third = TableSession(RULES, Journal.open(path), odds=False)
    assert (hands_of(third), alerts(third), third.snapshot.pending) == (*shown, None)
    assert third.void_last_card() is None and "moved" not in alerts(third)
    assert third.enter_card("KD") is None
    third.handle(reads[4])
    if third.snapshot.pending is not None:
        assert third.confirm_pending() is None
    assert hands_of(third) == (["9S", "KD"], ["4H", "2C"])
    assert third.state.history[-1].outcome.banker_total == 6
    third.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert hands_of(replay) == (["9S", "KD"], ["4H", "2C"]) and alerts(replay) == alerts(third)


def test_baccarat_blurred_push_another_of_its_code_typed_is_played_in_the_box_it_lies_in(tmp_path):
    """K with the read's code says another K♦ was dealt to the Player: played there, once; nothing waits or stands."""
    reads = baccarat_reads(tmp_path, (*MISLAID, ("KD", 420, 520, 11), ("2C", 1080, 520, 11)))
    path = tmp_path / "j.sqlite"
    session = blurred_push(path, reads)
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_LAST
    assert session.enter_card("KD") is None
    assert session.snapshot.pending is None and hands_of(session) == (["9S", "KD"], ["4H", "KD"])
    assert "moved" not in alerts(session)
    shown = (hands_of(session), alerts(session))
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert (hands_of(again), alerts(again), again.snapshot.pending) == (*shown, None)
    again.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert hands_of(replay) == shown[0]


def test_baccarat_blurred_push_where_the_other_hand_takes_no_card_says_so(tmp_path):
    """The Player stands on 7, the Banker's K♦ (2) is read in the Player's box, the Banker's third card due: no other
    K♦ can be the Player's, and the card moved is put right by voiding the round."""
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("3C", "player"), ("2D", "banker"), ("4S", "player"), ("KD", "banker")), 1):
        read(session, code, n, zone)
    read(session, "KD", 5, "player")
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_LAST
    said = session.confirm_pending()
    assert said is not None and "another K♦ cannot be played in the Player's hand now" in said
    assert hands_of(session) == (["3C", "4S"], ["2D", "KD"])
    session.reject_pending()
    assert [a.action for a in session.snapshot.alerts if a.code == "moved"] == [
        "void the round (Shift+V) and type the cards in their places (K)"]
    session.close()


def test_baccarat_blurred_push_dropped_with_a_card_played_behind_it_says_void_the_round(tmp_path):
    """A read waiting behind the held K♦ is played at Del: V would now void that card, not K♦, so the alert says
    Shift+V and the cards typed in their places."""
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("9S", "player"), ("4H", "banker"), ("KD", "banker"), ("KD", "player"),
                                      ("5C", "player")), 1):
        read(session, code, n, zone)
    assert session.snapshot.pending.doubt == MOVED_LAST and [w.card.code for w in session.snapshot.waiting] == ["5C"]
    session.reject_pending()
    assert hands_of(session) == (["9S", "5C"], ["4H", "KD"])
    assert [a.action for a in session.snapshot.alerts if a.code == "moved"] == [
        "void the round (Shift+V) and type the cards in their places (K)"]
    session.close()


def moved(session, code: str, seq: int, zone: str, was: str) -> None:
    session.handle(CardRead(parse_card(code), "camera:x", time.time(), seq=seq, zone=zone, doubt=PUT_BACK,
                            moved_from=was))


def test_baccarat_earlier_card_moved_out_of_its_hand_is_dropped_with_a_note(tmp_path):
    """Not the round's last card: the table keeps it in the hand it was played in, says so, and asks nothing."""
    session = dealt(tmp_path / "j.sqlite")
    read(session, "9S", 1, "player")
    read(session, "4H", 2, "banker")
    moved(session, "9S", 3, "banker", "player")
    assert session.snapshot.pending is None and alerts(session) == []
    assert "keeps it in the Player's hand" in session.snapshot.message
    read(session, "KD", 4, "player")
    assert hands_of(session) == (["9S", "KD"], ["4H"])
    session.close()


def test_baccarat_last_card_moved_where_no_void_makes_its_place_due_says_void_the_round(tmp_path):
    session = dealt(tmp_path / "j.sqlite")
    for n, (code, zone) in enumerate((("9S", "player"), ("4H", "banker"), ("KD", "player")), start=1):
        read(session, code, n, zone)
    moved(session, "KD", 4, "banker", "player")
    assert session.snapshot.pending is None and hands_of(session) == (["9S", "KD"], ["4H"])
    assert [a.action for a in session.snapshot.alerts if a.code == "moved"] == [
        "void the round (Shift+V) and type the cards in their places (K)"]
    session.close()
