"""The top alert bar's headline is never cut at the window's edge: a long run of card names is shortened.

At 960x540 a blackjack deck check that counted some twenty cards too often titled its bar "A♠ 9♠ 10♠ … K♦
COUNTED TOO OFTEN" on one line, and the line ran past the right edge: "COUNTED TOO OFTEN", what the bar is
about, was out of sight.  The headline now names the first cards and counts the rest ("… and N more"); the
bar's text under it still names every card."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

from test_ui_blackjack_deck_check_side_panels import DECK, _seven_seats_dealt


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_long_list_of_cards_in_the_top_bar_title_is_shortened_not_cut(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=size)
    dealt = _seven_seats_dealt(session)
    assert session.start_deck_check() is None
    stub = [c for c in DECK if c not in dealt]
    for code in stub[:30] + stub[:30]:
        session.enter_card(code)
    too_often = session.state.reconciliation().counted_too_often
    assert len(too_often) == 30
    qtbot.waitUntil(lambda: bool(window.alerts.bars) and window.alerts.bars[0].code == "counted", timeout=3000)
    qtbot.wait(200)
    title = window.alerts.bars[0].title
    text = title.text()
    assert text.endswith("COUNTED TOO OFTEN"), text
    # on one line, inside the label, the label inside the window
    assert title.fontMetrics().horizontalAdvance(text) <= title.contentsRect().width(), text
    assert title.heightForWidth(title.width()) <= title.height()
    assert title.mapTo(window, QPoint(title.width(), 0)).x() <= window.width()
    assert text.startswith(too_often[0].label + " "), text
    shown = text.split(" … ")[0].split()
    assert shown == [c.label for c in too_often[:len(shown)]]
    assert f"… and {len(too_often) - len(shown)} more COUNTED TOO OFTEN" in text
    body = window.alerts.bars[0].text.text()
    assert all(c.label in body for c in too_often)  # every card still named under it


def test_a_title_that_fits_or_has_no_cards_is_left_whole():
    from dealer_assist.ui.alerts import shortened

    assert shortened("A♠ 9♠ COUNTED TOO OFTEN", lambda t: True) == "A♠ 9♠ COUNTED TOO OFTEN"
    long = "SHOE DISCONNECTED " * 8
    assert shortened(long, lambda t: False) == long  # no list: the label wraps it
    cut = shortened("A♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 9♥ COUNTED", lambda t: len(t) <= 26)
    assert cut == "A♠ 9♠ … and 6 more COUNTED"
