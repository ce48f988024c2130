"""A (auto-play) is a demo of the simulated shoe: refused at a live table in both games, marked while it runs.

QA: at a table whose cards were typed in, one press of A placed invented bets and dealt, made the players'
calls, and in an open deck check typed in every card due as counted and put a new deck in, all journaled as
the croupier's own work; a 3-second status message was its only sign.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import subprocess  # noqa: E402
import sys  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.sources.serial_shoe import SerialShoe  # noqa: E402
from dealer_assist.sources.virtual import VirtualShoe  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.ui.blackjack.app import open_blackjack_table  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402

#: Longer than the auto-play's pause (0.05 s here): a step it would take has been taken by then.
WAIT_MS = 600


def blackjack(qtbot, show_window, tmp_path, source):
    journal = Journal.open(tmp_path / "bj.sqlite")
    session = BlackjackSession(BlackjackTableRules(seats=3), journal)
    shoe = VirtualShoe(decks=1, seed=3, interval=3600, demand=session.card_due) if source == "sim" else source
    window = show_window(BlackjackWindow(session, shoe, auto_pause=0.05))
    return session, window, journal


def kinds(journal):
    return [e.kind for e in journal.entries()]


def press(qtbot, window, key):
    qtbot.keyClick(window, key)
    qtbot.wait(WAIT_MS)


def type_card(qtbot, window, code):
    qtbot.keyClick(window, Qt.Key.Key_K)
    qtbot.keyClicks(window.entry.field, code)
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)


def test_a_blackjack_table_with_typed_cards_refuses_a_at_the_bets_the_calls_and_the_deck_check(
        qtbot, show_window, tmp_path):
    session, window, journal = blackjack(qtbot, show_window, tmp_path, None)
    try:
        press(qtbot, window, Qt.Key.Key_A)
        assert not window.auto and session.state.bets == () and session.state.phase == BlackjackPhase.BETTING
        assert not window.actions_by_name["toggle_auto"].isEnabled()  # greyed, with why in its tip
        assert "simulated shoe" in window.actions_by_name["toggle_auto"].toolTip()
        assert window.last_error.startswith("A refused: auto-play is a demo of the simulated shoe")
        assert "typed in" in window.last_error and "Play by hand" in window.last_error
        assert window.entry.message.text() == window.last_error  # said where the croupier looks
        assert not window.auto_marker.isVisible()

        press(qtbot, window, Qt.Key.Key_3)  # chip 10 on seat 1, deal, and a decision is due
        window.run("place", 1)
        press(qtbot, window, Qt.Key.Key_Space)
        for code in ("TS", "9H", "6C"):
            type_card(qtbot, window, code)
        assert session.state.phase == BlackjackPhase.PLAYING
        before = kinds(journal)
        press(qtbot, window, Qt.Key.Key_A)
        assert kinds(journal) == before and session.state.phase == BlackjackPhase.PLAYING  # no call made for the seat
        press(qtbot, window, Qt.Key.Key_S)
        type_card(qtbot, window, "TH")
        assert session.state.phase == BlackjackPhase.SETTLED
        press(qtbot, window, Qt.Key.Key_N)
        press(qtbot, window, Qt.Key.Key_C)
        assert session.state.phase == BlackjackPhase.DECK_CHECK
        before = kinds(journal)
        press(qtbot, window, Qt.Key.Key_A)
        qtbot.wait(WAIT_MS)
        state = session.state
        assert kinds(journal) == before  # nothing counted, no stub, no new deck
        assert state.phase == BlackjackPhase.DECK_CHECK and state.deck_no == 1 and not state.ledger.returned
    finally:
        window.bridge.detach()
        session.close()


def test_a_blackjack_table_reading_a_serial_shoe_refuses_a_naming_it(qtbot, show_window, tmp_path):
    session, window, journal = blackjack(qtbot, show_window, tmp_path, SerialShoe("loop://"))
    try:
        press(qtbot, window, Qt.Key.Key_A)
        assert not window.auto and session.state.bets == ()
        assert "come from serial" in window.last_error
    finally:
        window.bridge.detach()
        session.close()


def test_a_simulated_blackjack_shoe_auto_plays_under_a_lasting_marker(qtbot, show_window, tmp_path):
    session, window, journal = blackjack(qtbot, show_window, tmp_path, "sim")
    try:
        assert window.actions_by_name["toggle_auto"].isEnabled()
        press(qtbot, window, Qt.Key.Key_A)
        assert window.auto and window.last_error is None
        qtbot.waitUntil(lambda: session.state.bets != (), timeout=3000)  # the demo bets
        qtbot.wait(3500)  # longer than the status message had lasted
        assert window.auto_marker.isVisible() and window.auto_marker.text() == "AUTO-PLAY ON (A: stop)"
        press(qtbot, window, Qt.Key.Key_A)
        assert not window.auto and not window.auto_marker.isVisible()
    finally:
        window.bridge.detach()
        session.close()


def test_a_baccarat_table_with_typed_cards_refuses_a_and_hides_its_hint(qtbot, table_factory):
    window = table_factory("manual")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.wait(WAIT_MS)
    assert not window.options.auto and not window.session.state.betting.layout
    assert "A: auto-play" not in window.hint.text() and "F1: keys" in window.hint.text()
    assert window.betting.last_error.startswith("A refused: auto-play is a demo of the simulated shoe")
    assert "AUTO-PLAY" not in window.hint.text()


def test_a_baccarat_table_reading_a_serial_shoe_refuses_a(qtbot, table_factory):
    window = table_factory(SerialShoe("loop://", reconnect=False))
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.wait(WAIT_MS)
    assert not window.options.auto and not window.session.state.betting.layout
    assert "come from serial" in window.betting.last_error


def test_a_simulated_baccarat_shoe_shows_auto_play_in_the_corner_while_it_runs(qtbot, table_factory):
    window = table_factory("sim")
    assert "A: auto-play" in window.hint.text()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    assert window.options.auto and window.hint.text().startswith("AUTO-PLAY ON (A: stop)")
    window.notice("a passing note", 0.2)
    assert window.hint.text().startswith("AUTO-PLAY ON (A: stop)")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    assert not window.options.auto and not window.hint.text().startswith("AUTO-PLAY")


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_run_auto_with_a_live_source_is_refused_before_the_table_opens(tmp_path, game):
    journal = tmp_path / "table.sqlite"
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--game", game, "--source", "manual",
                           "--auto", "--journal", str(journal), "--quit-after", "0"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2, proc.stderr
    assert "--auto refused with --source manual" in proc.stderr and not journal.exists()


def test_an_open_help_holds_baccarat_auto_play_until_it_closes(qtbot, table_factory):
    """fixAW2's leftover: auto-play's next step closed the F1 help the croupier was reading."""
    window = table_factory("sim")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_T)  # turbo: a step every 0.3 s
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_F1)
    qtbot.wait(1200)
    assert window.help.isVisible() and window.options.auto
    assert not window.session.state.betting.layout  # no step taken behind the help
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Escape)
    assert not window.help.isVisible()
    qtbot.waitUntil(lambda: bool(window.session.state.betting.layout), timeout=3000)  # the demo goes on




def test_an_open_help_holds_blackjack_auto_play_until_it_closes(qtbot, tmp_path):
    table = open_blackjack_table(source_spec="sim", journal_path=tmp_path / "bj.sqlite", seed=8, interval=0.01,
                                 auto=True, auto_pause=0.01)
    qtbot.addWidget(table.window)
    table.window.show()
    window, journal = table.window, table.session._journal
    steps = lambda: [k for k in kinds(journal) if k not in ("card_read", "card_assigned")]  # noqa: E731 (the shoe)
    try:
        qtbot.waitUntil(lambda: len(steps()) > 6, timeout=5000)  # the demo plays: bets, a deal, calls
        qtbot.keyClick(window, Qt.Key.Key_F1)
        taken = len(steps())
        qtbot.wait(WAIT_MS)  # sixty of its steps' pauses
        assert window.auto and window.help.isVisible() and len(steps()) == taken
        qtbot.keyClick(window, Qt.Key.Key_Escape)
        assert not window.help.isVisible()
        qtbot.waitUntil(lambda: len(steps()) > taken, timeout=3000)  # the demo goes on
    finally:
        window.auto = False
        table.source.stop()
        window.bridge.detach()
        table.session.close()
