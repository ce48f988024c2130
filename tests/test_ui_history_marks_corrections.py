"""The history (H) marks a round whose settlement was corrected or voided (qaAX: an auditor saw a round whose bets
were corrected, or whose settlement was voided as a misdeal, listed like any other round): its line says CORRECTED or
VOIDED and who authorised it, and its title counts them, live, after a restart from the journal and in the replay
alike."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
from dealer_assist.ui.main_window import MainWindow, Options
from replayed_journals import replayed

ANA = Supervisor("Ana", hash_pin("4821", n=2 ** 10))
BO = Supervisor("Bo", hash_pin("9876", n=2 ** 10))
RULES = TableRules(shoe=ShoeRules(burn=False))


def corrected_table(path) -> TableSession:
    """Round 1 voided as a misdeal after it settled (Bo), dealt again; its bets corrected (Ana); round 2 plain."""
    live = TableSession(RULES, journal=Journal.open(path), supervisors=SupervisorRoster([ANA, BO]), odds=False)
    assert live.place(1, Bet.BANKER, Decimal("50")) is None and live.deal() is None
    for code in ["9S", "8C", "2C", "KD"]:
        assert live.enter_card(code) is None
    assert live.void_round("Bo", "9876", "misdeal: card flashed") is None
    assert live.deal() is None
    for code in ["4S", "4H", "KC", "QS", "4C", "5D"]:
        assert live.enter_card(code) is None
    assert live.correct_bets("Ana", "4821", "chip on the wrong bet") is None
    assert live.place(1, Bet.PLAYER, Decimal("50")) is None
    assert live.deal() is None
    assert live.next_round() is None
    assert live.place(2, Bet.BANKER, Decimal("25")) is None and live.deal() is None
    for code in ["3C", "9H", "4C", "KS"]:
        assert live.enter_card(code) is None
    return live


MARKS = ("VOIDED by Bo: misdeal after it settled, dealt again", "CORRECTED by Ana: bets changed, settled again")


def shown(qtbot, show, session: TableSession) -> tuple[str, list[tuple[str, ...]]]:
    """The history's title and rows as the display shows them, H pressed."""
    window = show(MainWindow(session, None, Options(sound=False, sim_interval=3600)))
    qtbot.waitUntil(lambda: window._last is not None and window._last.version == session.snapshot.version,
                    timeout=3000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.history.isVisible() and len(window.history.rows()) == 2, timeout=3000)
    title = window.history.title
    assert title.fontMetrics().horizontalAdvance(title.text()) <= title.width(), title.text()  # drawn whole
    return title.text(), window.history.rows()


def test_the_history_marks_the_corrected_round_live_after_a_restart_and_in_the_replay(qtbot, show_window, tmp_path):
    path = tmp_path / "b.sqlite"
    live = corrected_table(path)
    title, rows = shown(qtbot, show_window, live)
    live.close()

    newest, first = rows
    assert newest[0] == "2" and "VOIDED" not in newest[-1] and "CORRECTED" not in newest[-1]
    assert first[0] == "1" and first[-1].startswith(" · ".join(MARKS) + " · "), first[-1]
    assert first[-1].endswith("1:Player 50.00, 1:Banker 50.00"), first[-1]
    assert title in ("HISTORY: shoe 1, 2 round(s), 1 corrected, 1 voided", "HISTORY: shoe 1, 1 corrected, 1 voided")

    restarted = TableSession(RULES, journal=Journal.open(path), supervisors=SupervisorRoster([ANA, BO]), odds=False)
    assert shown(qtbot, show_window, restarted) == (title, rows)
    restarted.close()

    replay = replayed(path, TableSession(RULES, odds=False))
    assert shown(qtbot, show_window, replay) == (title, rows)
    replay.close()
