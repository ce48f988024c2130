"""A round closed by N is reopened by a void while the next round is untouched (qaZ F6: "that was a 5, not a 4"
just after N, and V said "no card of this round to void", Shift+V "no round to void": no way through)."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal as D

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from focused_keys import press_focused

RULES = TableRules(shoe=ShoeRules(burn=False))


def settled_then_next(session: TableSession) -> None:
    """Seat 1 Banker 100: Player 3C 4C (7), Banker 9H KS (9): Banker wins, 95.00 paid; then N."""
    assert session.place(1, Bet.BANKER, D("100")) is None and session.deal() is None
    for code in ("3C", "9H", "4C", "KS"):
        assert session.enter_card(code) is None
    assert session.state.settlement.paid == D("95.00")
    assert session.next_round() is None and session.state.round_no == 2


def test_v_after_n_reopens_the_round_and_the_correction_is_paid_and_kept(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled_then_next(s)
    assert s.void_last_card(why="the banker's second card was a 5") is None
    assert s.state.round_no == 1 and [c.code for c in s.state.round.cards] == ["3C", "9H", "4C"]
    assert "round 1 reopened" in s.snapshot.message
    assert s.enter_card("5S") is None and s.enter_card("2D") is None  # Banker 4 draws: 6, Player 7 wins
    assert s.state.phase == TablePhase.SETTLED and s.state.paid_before.paid == D("95.00")  # CORRECT THE PAYMENT
    assert s.state.history[-1].outcome.winner == "player" and len(s.state.history) == 1
    assert s.next_round() is None
    live = s.state
    s.close()

    again = TableSession(RULES, Journal.open(path), odds=False)  # a restart replays the reopening
    assert again.state.round_no == 2 and again.state.history == live.history
    again.close()
    replay = TableSession(RULES, odds=False)
    replay.follow_record()
    source = ReplaySource(path, interval=3600)
    source.set_sink(replay.handle)
    while source.step() is not None:
        pass
    assert replay.state.history == live.history
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "summary", str(path), "--json"],
                         capture_output=True, text=True, timeout=60)
    totals = json.loads(out.stdout)
    assert totals["settlements_taken_back"] == 1 and totals["open_rounds"] == [], out.stdout


def test_the_next_rounds_bets_or_a_card_stand_in_the_way_and_say_so(tmp_path):
    s = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    settled_then_next(s)
    assert s.place(2, Bet.PLAYER, D("25")) is None
    refused = s.void_last_card(why="x")
    assert refused is not None and "clear them (C) to reopen round 1" in refused and s.state.round_no == 2
    assert s.clear() is None and s.void_round(why="misdeal") is None  # Shift+V: round 1 as a misdeal
    assert s.state.round_no == 1 and s.state.phase == TablePhase.BETTING and s.state.betting.layout
    assert s.state.paid_before.paid == D("95.00")  # MISDEAL: UNDO THE PAYMENT
    s.close()


def test_the_display_asks_for_a_second_v_naming_the_round_it_reopens(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)
    session = window.session
    settled_then_next(session)
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_V)
    assert session.state.round_no == 2 and "round 1 is closed (N): press V again" in session.snapshot.message
    press_focused(qtbot, window, Qt.Key.Key_V)
    assert session.state.round_no == 1 and len(session.state.round.cards) == 3
