"""A new shoe reported while a round is dealt: the next card read waits (QA: the new shoe's first card, its
burn card, was played as B3 of the old round, which settled)."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import AFTER_NEW_SHOE
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

SHOE = "serial:/dev/ttyUSB0"
RULES = TableRules(shoe=ShoeRules(burn=False))


def read(s: TableSession, code: str, seq: int) -> None:
    s.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))


def emptied_mid_round(path) -> TableSession:
    """P1 B1 P2 B2 read (player 4 draws, banker 7 stands), then the shoe says EMPTY and NEW."""
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    for n, code in enumerate(("AS", "2C", "3D", "5H"), start=1):
        read(s, code, n)
    s.handle(ShoeSignal(SHOE, time.time(), "empty", seq=5))
    s.handle(ShoeSignal(SHOE, time.time(), "new", seq=6))
    return s


def test_the_new_shoes_first_card_waits_and_does_not_finish_the_old_round(tmp_path):
    s = emptied_mid_round(tmp_path / "j.sqlite")
    read(s, "6D", 7)
    assert s.snapshot.pending.card.code == "6D" and s.snapshot.pending.doubt == AFTER_NEW_SHOE
    assert len(s.state.round.cards) == 4 and s.state.phase == TablePhase.DEALING
    assert any(a.title == "NEW SHOE DURING A ROUND" for a in s.snapshot.alerts)
    assert s.enter_card("7C") is None  # finished by hand: the wait stays for the read
    assert s.state.phase == TablePhase.SETTLED and s.snapshot.pending.card.code == "6D"
    assert "press Ctrl+N" in s.confirm_pending()  # QA: Enter made it a card after the old round
    s.close()


def test_at_the_new_shoe_the_reads_held_are_its_first_cards_its_burn(tmp_path):
    """QA: Ctrl+N dropped them as read before the new shoe, and took the next card read as its burn card."""
    rules = TableRules(shoe=ShoeRules(burn=True))
    s = TableSession(rules, Journal.open(tmp_path / "j.sqlite"), odds=False)
    s.skip_burn()
    s.deal()
    for n, code in enumerate(("AS", "2C", "3D", "5H"), start=1):
        read(s, code, n)
    s.handle(ShoeSignal(SHOE, time.time(), "new", seq=5))
    read(s, "2D", 6)  # the new shoe's burn card: two more go
    read(s, "KS", 7)
    assert s.snapshot.pending.card.code == "2D" and [r.card.code for r in s.snapshot.waiting] == ["KS"]
    assert s.enter_card("7C") is None and s.state.phase == TablePhase.SETTLED  # the old round finished by hand
    assert s.new_shoe() is None
    assert s.state.shoe_no == 2 and [c.code for c in s.state.shoe.burned] == ["2D", "KS"]
    assert s.state.shoe.burn_left == 1 and s.snapshot.pending is None
    assert not any(a.title == "READ BEFORE THE NEW SHOE DROPPED" for a in s.snapshot.alerts)
    s.close()


def test_enter_plays_it_into_the_round_when_the_croupier_finishes_it_from_the_new_shoe(tmp_path):
    s = emptied_mid_round(tmp_path / "j.sqlite")
    read(s, "6D", 7)
    assert s.confirm_pending() is None
    assert [c.code for c in s.state.round.cards] == ["AS", "2C", "3D", "5H", "6D"]
    s.close()


def test_a_restart_keeps_the_wait(tmp_path):
    path = tmp_path / "j.sqlite"
    emptied_mid_round(path).close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert any(a.title == "NEW SHOE DURING A ROUND" for a in again.snapshot.alerts)
    read(again, "6D", 7)
    assert again.snapshot.pending.doubt == AFTER_NEW_SHOE and len(again.state.round.cards) == 4
    again.close()
