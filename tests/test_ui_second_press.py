"""Keys that would wipe what the table shows ask to be pressed again, and the help closes on any key
without acting behind it.  Ctrl+N once after a settled round erased the unpaid pay list; V after the
settlement took it back; blackjack's X cleared every bet with nothing to bring them back; F1 then C
cleared the bets behind the help."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from baccarat_rounds import BANKER_WINS_5_0, play_round
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.ui.second_press import SecondPress


def synced(qtbot, window):
    qtbot.waitUntil(lambda: window._last.version == window.session.snapshot.version, timeout=3000)


def settled(qtbot, window):
    play_round(window.session, "5", [(1, Bet.BANKER)], BANKER_WINS_5_0)
    synced(qtbot, window)
    assert window.session.state.settlement is not None


def key(qtbot, window, k, mod=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.centralWidget(), k, mod)
    synced(qtbot, window)


def test_the_second_press_counts_only_soon_and_only_uninterrupted():
    now = [0.0]
    press = SecondPress(within=4.0, clock=lambda: now[0])
    assert not press.confirmed("new_shoe")
    now[0] = 3.0
    assert press.confirmed("new_shoe")
    assert not press.confirmed("new_shoe")  # used up: the next one arms again
    now[0] = 8.0
    assert not press.confirmed("new_shoe")  # too late: armed again
    press.other("clear")
    now[0] = 9.0
    assert not press.confirmed("new_shoe")  # another key came in between


def test_a_settled_round_is_voided_and_the_shoe_ended_only_on_a_second_press(qtbot, table_factory):
    window = table_factory("manual")
    settled(qtbot, window)
    before = window.session.state
    key(qtbot, window, Qt.Key.Key_V)
    assert window.session.state == before and "press V again" in window.betting.message.text()
    key(qtbot, window, Qt.Key.Key_V, Qt.KeyboardModifier.ShiftModifier)  # another key disarms V ...
    assert window.session.state == before and "press Shift+V again" in window.betting.message.text()
    key(qtbot, window, Qt.Key.Key_V)  # ... so this V is a first press again
    assert window.session.state == before
    key(qtbot, window, Qt.Key.Key_V)
    assert window.session.state.settlement is None and len(window.session.state.round.cards) == 5


def test_any_key_closes_the_help_and_does_nothing_behind_it(qtbot, table_factory):
    window = table_factory("manual")
    s = window.session
    play_round(s, "5", [(1, Bet.BANKER)])
    synced(qtbot, window)
    key(qtbot, window, Qt.Key.Key_F1)
    assert window.help.isVisible()
    key(qtbot, window, Qt.Key.Key_C)  # clear all bets, were the help not open
    assert not window.help.isVisible() and s.state.betting.layout.wagers()
    key(qtbot, window, Qt.Key.Key_C)
    assert not s.state.betting.layout.wagers()


def test_blackjack_clear_and_a_settled_void_ask_for_a_second_press(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    session.place(1, Decimal("25"))
    assert "press X again" in window.run("clear") and session.state.bets
    assert window.run("clear") is None and not session.state.bets
    session.place(1, Decimal("25"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    session.stand()
    session.enter_card("QH")
    assert session.state.phase == BlackjackPhase.SETTLED
    before = session.state
    assert "press Backspace again" in window.run("void") and session.state == before
    assert window.run("void") is None and session.state.phase != BlackjackPhase.SETTLED
    window.run("toggle_help")
    assert window.help.isVisible() and window.run("next_round") is None and not window.help.isVisible()
    window.close()


def test_the_blackjack_deck_check_has_keys_for_every_button(qtbot, show_window):
    """"Void counted" and "Same deck" were mouse-only, and in no menu nor in F1."""
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    assert session.start_deck_check() is None
    assert session.enter_card("AS") is None and len(session.state.ledger.returned) == 1
    qtbot.keyClick(window, *_combo("Shift+Backspace"))
    qtbot.waitUntil(lambda: len(session.state.ledger.returned) == 0, timeout=2000)
    qtbot.keyClick(window, *_combo("Shift+C"))
    qtbot.waitUntil(lambda: session.state.phase != BlackjackPhase.DECK_CHECK, timeout=2000)
    help_text = "\n".join(f"{k}: {w}" for _g, k, w in window.help_lines())
    assert "Shift+Backspace: deck check: take back" in help_text and "Shift+C: deck check: close it" in help_text
    for name in ("void_return", "resume"):
        assert "(Shift+" in window.deck.buttons[name].text()
    window.close()


def _combo(text):
    from PySide6.QtGui import QKeySequence

    combo = QKeySequence(text)[0]
    return combo.key(), combo.keyboardModifiers()


def test_del_on_a_held_card_asks_a_supervisor_at_a_table_with_supervisors(qtbot, show_window):
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules
    from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.ui.main_window import MainWindow, Options

    roster = SupervisorRoster([Supervisor("ana", hash_pin("4821", n=2 ** 10))])
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), None, odds=False, supervisors=roster)
    window = show_window(MainWindow(session, None, Options(sound=False)))
    for code in ["4S", "2H", "5D", "KC", "7C"]:  # 7C comes after the Player's natural: held
        session.enter_card(code)
    synced(qtbot, window)
    key(qtbot, window, Qt.Key.Key_Delete)
    assert window.supervisor_dialog is not None and window.supervisor_dialog.isVisible()
    assert [c.code for c in session.state.held] == ["7C"]
    window.supervisor_dialog.close()
    window.close()


def test_o_twice_records_the_cut_card_that_no_reader_reported(qtbot, table_factory):
    """Typed cards, a camera or a plain reader never report the cut card: the shoe had run to its last card."""
    window = table_factory("manual")
    settled(qtbot, window)
    key(qtbot, window, Qt.Key.Key_O)
    assert not window.session.state.shoe.cut_out and "press O again" in window.betting.message.text()
    assert "the next round is the shoe's last" in window.betting.message.text()
    key(qtbot, window, Qt.Key.Key_O)
    shoe = window.session.state.shoe
    assert shoe.cut_out and shoe.rounds_left == 1 and "CUT CARD OUT" in window.alerts.titles()
    key(qtbot, window, Qt.Key.Key_O)  # once more: asks whether to take it back (qaZ F9), on a second press only
    assert "press O again to take it back" in window.betting.message.text()
    assert window.session.state.shoe.rounds_left == 1
    key(qtbot, window, Qt.Key.Key_N)
    play_round(window.session, "5", [(1, Bet.BANKER)], BANKER_WINS_5_0)
    synced(qtbot, window)
    assert window.session.state.shoe.phase.value == "finished"
