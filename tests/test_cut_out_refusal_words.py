"""O pressed on a cut card already out that O cannot take back says what, why and what to do (qaY: at a
shoe that had reported its cut card, O said only "the cut card is already out", and a croupier sure it was
still in the shoe had no word of why O would not take it back, nor of what to do)."""

from __future__ import annotations

import time
from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.events import ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

RULES = TableRules(shoe=ShoeRules(burn=False))
ROUND = ("2S", "3H", "KD", "KC", "4S", "5H")  # Player 5 draws, Banker 3 draws: six cards


def shoe_reports_cut(session) -> None:
    session.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))


def says_why_and_what_to_do(text: str, then: str) -> None:
    assert "already out" in text  # what
    assert "the shoe reported it" in text and "O takes back only a cut card recorded with O" in text  # why
    assert then in text and "Ctrl+N" in text  # what to do
    assert "reported it wrongly" in text and "reader checked" in text  # and if the shoe was wrong


def press_o(qtbot, window, target=None) -> None:
    qtbot.keyClick(target or window, Qt.Key.Key_O)
    shown = (lambda: window._last) if hasattr(window, "_last") else (lambda: window.rendered)
    qtbot.waitUntil(lambda: shown().version == window.session.snapshot.version, timeout=3000)


def test_baccarat_o_on_a_cut_card_the_shoe_reported(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)
    session = window.session
    assert session.deal() is None
    for code in ROUND[:3]:
        assert session.enter_card(code) is None
    shoe_reports_cut(session)
    shoe = session.state.shoe
    for _ in range(2):  # neither press takes it back, nor asks for a second press
        press_o(qtbot, window, window.centralWidget())
        says_why_and_what_to_do(window.betting.message.text(), "finish as shown")
        assert session.state.shoe == shoe
    says_why_and_what_to_do(session.cut_card(), "finish as shown")


def test_baccarat_o_once_a_round_was_dealt_after_the_one_o_recorded_it_in():
    s = TableSession(RULES, odds=False)
    try:
        assert s.deal() is None
        for code in ROUND:
            assert s.enter_card(code) is None
        assert s.cut_card() is None and s.next_round() is None and s.deal() is None
        refused = s.cut_card()
        assert "already out" in refused and "recorded with O in round 1" in refused
        assert "O takes it back only until then" in refused and "Ctrl+N" in refused
        assert s.snapshot.message == refused and s.state.shoe.cut_out
    finally:
        s.close()


def test_blackjack_o_on_a_cut_card_the_shoe_reported(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules())
    window = show_window(BlackjackWindow(session, None))
    session.place(1, Decimal("25"))
    assert session.deal() is None
    assert session.enter_card("TH") is None
    shoe_reports_cut(session)
    for _ in range(2):
        press_o(qtbot, window)
        says_why_and_what_to_do(window.entry.message.text(), "check the deck (C)")
        assert session.state.cut_out
    says_why_and_what_to_do(session.cut_card(), "check the deck (C)")
    window.close()
    session.close()


def test_a_cut_card_o_can_still_take_back_is_named_so_where_o_is_refused():
    """The one path where cut_card() meets a cut card O may take back (the display asks for a second press
    first): the refusal says how, not only that it is out."""
    for session in (TableSession(RULES, odds=False), BlackjackSession(BlackjackTableRules())):
        try:
            assert session.cut_card() is None
            refused = session.cut_card()
            assert "already out" in refused and "recorded with O" in refused and "press O twice" in refused
        finally:
            session.close()
