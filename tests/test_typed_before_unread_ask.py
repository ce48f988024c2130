"""A card typed just before the camera asks for it answers the ask (qaU F5).

The croupier saw the blurred 8♣ land on B1 and typed it (K 8 C Enter) a second after it came to rest; the
camera then asked "UNREADABLE CARD ... it may be 8♣ or 8♦ ... type it (K)" as if nothing was typed, and the
croupier who typed it again as told played it twice: P2 = 8♣, and every card after it misplaced.  Now the
card typed since that camera's last card, among the ask's candidates, is taken as typed for it: UNREADABLE
CARD TYPED? says "8♣ typed for it: Enter if right, Del if not".
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import AFTER_AN_UNREADABLE, AFTER_TYPED_UNREAD, TYPED_UNREAD
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

CAMERA = "camera:/tmp/table.mp4"
RULES = TableRules(shoe=ShoeRules(burn=False))


def read(session: TableSession, code: str, seq: int) -> None:
    session.handle(CardRead(parse_card(code), CAMERA, time.time(), seq=seq))


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def alert_codes(session: TableSession) -> list[str]:
    return [a.code for a in session.snapshot.alerts]


def typed_then_asked(path, typed: str = "8C") -> TableSession:
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)
    assert s.enter_card(typed) is None  # the croupier saw B1 land blurred and typed it
    s.handle(Unreadable(CAMERA, time.time(), seq=2, frame=75, candidates=(parse_card("8C"), parse_card("8D"))))
    return s


def unreadable_entries(path) -> list[dict]:
    with Journal.open(path, readonly=True) as journal:
        return [e.payload for e in journal.entries() if e.kind == "card_unreadable"]


def test_the_ask_names_the_card_typed_and_enter_lets_the_next_cards_play(tmp_path):
    s = typed_then_asked(tmp_path / "j.sqlite")
    assert alert_codes(s) == [TYPED_UNREAD]  # not UNREADABLE CARD's "type it (K)"
    top = s.snapshot.alerts[0]
    assert "8♣ typed for it: Enter if right, Del if not" in top.action and "type it (K);" not in top.action
    assert s.typed_unread_asked()
    assert s.answer_typed_unread(True) is None  # Enter
    assert alert_codes(s) == [] and not s.typed_unread_asked()
    read(s, "3D", 3)
    read(s, "2C", 4)
    assert s.snapshot.pending is None
    rnd = s.state.round
    assert codes(rnd.player_cards) == ["2S", "3D"] and codes(rnd.banker_cards) == ["8C", "2C"]
    s.close()
    assert [p.get("typed_for_it") for p in unreadable_entries(tmp_path / "j.sqlite")] == ["8C"]


def test_a_read_before_the_answer_waits_and_its_enter_answers_both(tmp_path):
    s = typed_then_asked(tmp_path / "j.sqlite")
    read(s, "3D", 3)
    assert s.snapshot.pending.card.code == "3D" and s.snapshot.pending.doubt == AFTER_TYPED_UNREAD
    assert s.confirm_pending() is None
    read(s, "2C", 4)
    assert s.snapshot.pending is None and alert_codes(s) == []
    assert codes(s.state.round.banker_cards) == ["8C", "2C"]
    s.close()


def test_del_says_the_card_typed_was_not_it_and_the_card_is_asked_for(tmp_path):
    s = typed_then_asked(tmp_path / "j.sqlite")
    assert s.answer_typed_unread(False) is None  # Del
    assert alert_codes(s) == ["unreadable"]
    read(s, "3D", 3)
    assert s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    s.close()


def test_a_card_typed_of_no_candidate_code_leaves_the_ask_as_it_was(tmp_path):
    s = typed_then_asked(tmp_path / "j.sqlite", typed="5H")
    assert alert_codes(s) == ["unreadable"]
    read(s, "3D", 3)
    assert s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    s.close()


def test_a_restart_keeps_the_ask_until_it_is_answered_and_not_after(tmp_path):
    path = tmp_path / "j.sqlite"
    typed_then_asked(path).close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert TYPED_UNREAD in alert_codes(again) and again.typed_unread_asked()
    assert again.answer_typed_unread(True) is None
    again.close()
    third = TableSession(RULES, Journal.open(path), odds=False)
    read(third, "3D", 3)
    assert third.snapshot.pending is None and codes(third.state.round.player_cards) == ["2S", "3D"]
    third.close()
