"""The blackjack croupier records the cut card by hand (O, twice), as at baccarat.

Only a shoe's signal could end a deck: at a table of typed cards (a hand-dealt shoe, a dealer school) or a
camera, the cut card came out and the display dealt on from the cards behind it, with no key to say so.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.ui.blackjack.window import BlackjackWindow
from replayed_journals import replayed


def press(qtbot, window, key):
    """A key as the croupier presses it: through the window's shortcut."""
    qtbot.keyClick(window, key)
    qtbot.wait(10)


def press_o(qtbot, window):
    press(qtbot, window, Qt.Key.Key_O)


def test_o_twice_in_a_round_ends_the_deck_after_it_and_a_restart_and_a_replay_keep_it(qtbot, show_window, tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    window = show_window(BlackjackWindow(session, None))
    session.place(1, Decimal("25"))
    assert session.deal() is None
    for code in ("TH", "7C", "KS"):
        assert session.enter_card(code) is None
    press_o(qtbot, window)
    assert not session.state.cut_out and "press O again" in session.snapshot.message
    press_o(qtbot, window)
    assert session.state.cut_out
    alert = {a.code: a for a in session.snapshot.alerts}["cut"]
    assert "ends with this round" in alert.text and "finish this round" in alert.action
    assert session.stand() is None and session.enter_card("QH") is None  # the round is played out
    assert session.state.phase == BlackjackPhase.SETTLED and "Ctrl+N" in session.next_round()  # qaAO F7
    refused = session.deal()
    assert refused is not None
    press_o(qtbot, window)  # already out: taken back only on a second press (qaZ F9)
    assert "press O again to take it back" in session.snapshot.message and session.state.cut_out
    window.close()
    session.close()

    again = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))  # restarted
    assert again.state.cut_out and again.deal() is not None
    again.close()

    replay = replayed(path, BlackjackSession(BlackjackTableRules()))
    assert replay.state.cut_out and replay.state.round_no == session.state.round_no


def test_o_between_rounds_says_no_round_is_dealt_and_another_key_disarms_it(qtbot, show_window):
    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    press_o(qtbot, window)
    assert "no other round" in session.snapshot.message
    press(qtbot, window, Qt.Key.Key_Right)  # another key: the next O is a first press again
    press_o(qtbot, window)
    assert not session.state.cut_out
    press_o(qtbot, window)
    assert session.state.cut_out and "no round is dealt" in {a.code: a for a in session.snapshot.alerts}["cut"].action
    window.close()
