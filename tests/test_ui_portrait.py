"""Portrait screens and long dealer draws: the panels stack, the cards stay in their boxes.

Side by side on a 1080x1920 screen, the baccarat grid and the pay list each had half a narrow width
(text 13 px, a tall empty hands box), and blackjack's dealer box took 38% of the height, its cards
drawn past both edges of the window and its title over its total.  Eight dealer cards ran out of
their box at any size."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtWidgets import QBoxLayout

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.main_window import MainWindow, Options

DOWN = QBoxLayout.Direction.TopToBottom


def _below(upper, lower) -> bool:
    top = lower.mapTo(lower.window(), lower.rect().topLeft()).y()
    bottom = upper.mapTo(upper.window(), upper.rect().bottomLeft()).y()
    return top > bottom


def test_a_portrait_baccarat_screen_stacks_the_pay_list_under_the_grid(qtbot, show_window):
    window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)))
    window.resize(1080, 1920)
    qtbot.waitUntil(lambda: window.mid.direction() == DOWN, timeout=2000)
    qtbot.wait(50)
    assert _below(window.betting, window.right)
    assert window.unit > theme.unit_for_size(1080, 1920)  # the grid has the whole width: larger text
    assert window.centralWidget().minimumSizeHint().width() <= 1080
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.mid.direction() != DOWN, timeout=2000)
    assert window.unit == theme.unit_for_size(1280, 720)


def _dealer_inside(view) -> bool:
    box = view.dealer_box
    return bool(view.dealer_cards) and all(box.contains(card) for card in view.dealer_cards) \
        and box.right() <= view.width()


def test_a_portrait_blackjack_screen_keeps_the_dealers_cards_in_their_box(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for code in ("TH", "6D", "9S"):
        assert session.enter_card(code) is None
    window.resize(1080, 1920)
    qtbot.waitUntil(lambda: window.mid.direction() == DOWN, timeout=2000)
    qtbot.waitUntil(lambda: window.table.painted_version == session.snapshot.version, timeout=2000)
    assert _dealer_inside(window.table) and _below(window.table, window.settlement)


def test_eight_dealer_cards_stay_in_the_dealers_box(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=8), seats=1))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for code in ("TH", "2D", "9S"):
        assert session.enter_card(code) is None
    assert session.act("stand") is None
    for code in ("2C", "2H", "2S", "2D", "2C", "2H", "3S"):  # 2+2+2+2+2+2+2+3 = 17: eight cards
        assert session.enter_card(code) is None, code
    qtbot.waitUntil(lambda: window.table.painted_version == session.snapshot.version, timeout=2000)
    assert window.table.drawn["DEALER"][0].count(" ") == 7  # eight cards drawn
    assert _dealer_inside(window.table)


def test_a_portrait_blackjack_screen_reads_as_large_as_its_width_allows(qtbot, show_window):
    """qaAH F1: at 1080x1920 blackjack's unit was the width's (13 px, the least window's), each seat box 900 px
    tall around two small cards, the deck's lines one word a line in a 70 px column.  As baccarat's portrait
    window: the unit by the width share, the chips under the buttons; the seats no taller than a third of the
    screen; the deck's column wide enough for its lines."""
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    window.resize(1080, 1920)
    qtbot.waitUntil(lambda: window.mid.direction() == DOWN, timeout=2000)
    qtbot.wait(100)
    assert window.unit > theme.unit_for_size(1080, 1920)
    assert window.centralWidget().minimumSizeHint().width() <= 1080  # every row still has its room across
    assert window.table.seat_rect(1).height() <= 1920 / 3
    assert window.deck.lines.width() >= 1080 / 3 and window.deck.status.width() >= 1080 / 3
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.mid.direction() != DOWN, timeout=2000)
    assert window.unit == theme.unit_for_size(1920, 1080)
