"""The bets of a settled round are corrected with its cards kept (qaZ F4: a chip recorded on the wrong bet could
be fixed only by a misdeal; the same six cards typed again were counted twice, the odds wrong from then on, and
the journal told of a misdeal that never happened)."""

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
PLAYER_WINS = ("3C", "9H", "4C", "5S", "2D")  # Player 7, Banker 9+5 = 4 draws a 2: 6. Player wins 7 to 6


def settled(session: TableSession) -> None:
    """Seat 3's 100 recorded on the Player (it lay on the Banker), seat 1 Tie 10."""
    assert session.place(3, Bet.PLAYER, D("100")) is None and session.place(1, Bet.TIE, D("10")) is None
    assert session.deal() is None
    for code in PLAYER_WINS:
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED and session.state.settlement.paid == D("100.00")


def test_the_bets_corrected_settle_the_round_again_on_its_own_cards(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    left = s.state.shoe.cards_left
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.snapshot.banner == "CORRECT THE BETS" and [c.code for c in s.state.round.cards] == list(PLAYER_WINS)
    s.enter_card("8D")  # a card out now is no card of this round: held, never played into it
    assert [c.code for c in s.state.round.cards] == list(PLAYER_WINS) and [c.code for c in s.state.held] == ["8D"]
    assert s.discard_held(why="not this round's") is None and not s.state.held
    assert s.next_round() is not None  # D first
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("100")) is None
    assert s.deal() is None
    assert s.state.phase == TablePhase.SETTLED and s.state.shoe.cards_left == left - 1  # the 8♦ set aside only
    assert s.state.paid_before.paid == D("100.00")  # what was paid: the pay list says what to take back
    assert s.state.settlement.paid == D("0.00") and len(s.state.history) == 1
    assert [w.bet for w in s.state.history[-1].wagers if w.seat == 3] == [Bet.BANKER]
    live = s.state
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.state.history == live.history and again.state.shoe.cards_left == live.shoe.cards_left
    again.close()
    replay = TableSession(RULES, odds=False)
    replay.follow_record()
    source = ReplaySource(path, interval=3600)
    source.set_sink(replay.handle)
    while source.step() is not None:
        pass
    assert replay.state.history == live.history
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "export", str(path), "--json"],
                         capture_output=True, text=True, timeout=60)
    (record,) = [r for r in map(json.loads, out.stdout.splitlines()) if r.get("round") == 1]
    assert {(b["seat"], b["bet"]) for b in record["bets"]} == {(3, "banker"), (1, "tie")}
    assert len(record["cards"]) == 5 and len(record["voided_settlements"]) == 1


def test_shift_d_asks_twice_then_opens_the_bets_and_d_shows_what_to_take_back(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)
    session = window.session
    settled(session)
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: "press Shift+D again" in session.snapshot.message, timeout=3000)
    assert session.state.phase == TablePhase.SETTLED
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    assert session.state.phase == TablePhase.BETTING and session.snapshot.banner == "CORRECT THE BETS"
    assert session.remove(3, Bet.PLAYER, D("100")) is None and session.place(3, Bet.BANKER, D("100")) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    rows = {(r[0], r[1]): r[3] for r in window.settlement.rows()}
    # The 100 paid on the Player comes back, and the stake, a Banker bet that lost, is taken.
    assert rows[("3", "Player")] == "TAKE BACK 100.00" and rows[("3", "Banker")] == "TAKE"
    assert "in all the table takes back 200.00" in window.settlement.totals.text()
