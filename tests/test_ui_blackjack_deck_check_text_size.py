"""At the deck check under larger text, counting cards back keeps the window's text size (rev30 R3).

The deck panel's lines change at every card counted back ("MISSING 51: …", "MISSING 50: …"), but need the
same height: weighing the room again at each new text set the whole window's text back to full size and
stepped it down again, a pixel size per pass, at every card (1366x768, text scale 1.25, three alerts: the unit
went 21, 20, 19, 18, 17 twelve times over twelve cards).  A line more (a card seen twice) is weighed again."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow

DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


@pytest.fixture
def large_text():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def settled(qtbot, window, session) -> None:
    """The snapshot drawn and the room weighed to its end."""
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    for _ in range(2):
        qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=8000)
        qtbot.wait(100)


def deck_check(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=1), max_bet=Decimal("500"), seats=7))
    window = show_window(BlackjackWindow(session, None), size=size)
    for i in range(3):
        session.alert(f"test{i}", "error", f"ALERT {i}", "something happened on the shoe's line", "check the cable")
    assert session.start_deck_check() is None
    settled(qtbot, window, session)
    session.enter_card(DECK[0])  # the first card also clears "deck check: count the cards back": weighed again
    settled(qtbot, window, session)
    return session, window


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_counting_cards_back_keeps_the_text_size(qtbot, show_window, large_text, size):
    session, window = deck_check(qtbot, show_window, size)
    if size == (1280, 720):  # at 1366x768 the deck's card lists now shorten to fit (fixUI): no step back needed
        assert window.unit < window._window_unit  # the case: the text stepped back to fit
    units = []
    real = window._set_unit

    def spy(unit):
        units.append(unit)
        real(unit)

    window._set_unit = spy
    lines = window.deck.lines.text()
    for code in DECK[1:12]:
        assert session.enter_card(code) is None
        settled(qtbot, window, session)
    assert window.deck.lines.text() != lines  # the lines changed at each card
    assert units == [], f"the text size changed {len(units)} times over 11 cards counted back: {units}"


def test_a_line_more_at_the_deck_check_is_given_its_room(qtbot, show_window, large_text):
    session, window = deck_check(qtbot, show_window, (1366, 768))
    need = window._side_lines()
    session.enter_card(DECK[0])  # counted twice: "SEEN TOO OFTEN" comes under the missing cards
    settled(qtbot, window, session)
    assert "SEEN TOO OFTEN" in window.deck.lines.text()
    assert window._side_lines()[2] > need[2]
    label = window.deck.lines
    assert label.height() >= label.heightForWidth(label.width()), "the deck's lines cut at their foot"
    foot = label.mapTo(window.centralWidget(), label.rect().bottomLeft()).y()
    assert foot <= window.centralWidget().height()
