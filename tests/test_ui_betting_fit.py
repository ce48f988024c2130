"""The betting panel fits: nine chips and the bet commands show their whole text, and 14 seats readable rows.

Chip faces were written in full ("1000000") and the commands shared the chips' row whatever its
width: with nine chips the row was cut, "Clear All Bets" read "ear All Be" and "1000000" "000"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from PySide6.QtGui import QFontMetrics

from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.main_window import MainWindow, Options


def _whole(button) -> bool:
    return button.width() >= QFontMetrics(button.font()).horizontalAdvance(button.text()) + 4


def test_nine_chips_and_the_commands_show_their_whole_text(qtbot, show_window):
    chips = tuple(Decimal(v) for v in ("1", "5", "25", "100", "500", "1000", "5000", "25000", "1000000"))
    window = show_window(MainWindow(TableSession(TableRules(chips=chips), odds=False), None, Options(sound=False)))
    qtbot.wait(50)
    panel = window.betting
    assert [panel.chip_buttons[c].text() for c in chips[-3:]] == ["5K", "25K", "1M"]
    assert panel.commands_below()  # no room beside nine chips: a row of their own
    for button in (*panel.chip_buttons.values(), *panel.buttons.values()):
        assert _whole(button), button.text()


def test_the_default_chips_keep_the_commands_beside_them(qtbot, show_window):
    window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)))
    qtbot.wait(50)
    panel = window.betting
    assert not panel.commands_below()  # the grid keeps the height a second row would take
    for button in (*panel.chip_buttons.values(), *panel.buttons.values()):
        assert _whole(button), button.text()


def test_blackjack_chips_show_their_whole_face(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    chips = tuple(Decimal(v) for v in ("0.25", "2.50", "25", "100", "1250", "12500", "2500000", "12345678"))
    window = show_window(BlackjackWindow(BlackjackSession(BlackjackTableRules(chips=chips)), None))
    for size in ((1280, 720), (1080, 1920)):  # portrait: the text unit follows the narrower width
        window.resize(*size)
        qtbot.wait(100)
        faces = [b.text() for b in window.chips.buttons]
        assert faces[:7] == ["0.25", "2.50", "25", "100", "1,250", "12.5K", "2.5M"], size
        assert faces[7] == "12,345,678" or faces[7].endswith("…")  # cut so, never shown as another amount
        for button in window.chips.buttons:  # within the round chip's face, inside its rim
            assert QFontMetrics(button.font()).horizontalAdvance(button.text()) <= button.width() * 0.72, \
                (size, button.text())


@pytest.mark.parametrize("chips", ["1,5,25,100,500,1000", "1,5,25,100,500,1000,5000,25000,100000"])
def test_a_fourteen_seat_table_has_rows_a_croupier_can_read_at_720p(qtbot, show_window, chips):
    """The grid kept the share of a 7-seat table's: 14 rows of 10 px at 1280x720; and with nine chips
    the bet commands' own row took the height the rows had gained (11.9 px)."""
    rules = TableRules(seats=14, chips=tuple(Decimal(v) for v in chips.split(",")))
    window = show_window(MainWindow(TableSession(rules, odds=False), None, Options(sound=False)))
    qtbot.wait(50)
    grid = window.betting.grid
    row = grid.height() / (14 + 2)
    assert row >= 13.5, row
    assert window.hands.height() >= window.unit * 5.5  # the cards keep their least height


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("count", [7, 8])
def test_seven_or_eight_chips_leave_the_commands_whole(qtbot, show_window, size, count):
    """qaAH F15: with seven chips at 1366x768 the commands stayed beside them, "Clear All Bets" squeezed to "lear
    All Bet": the row's need was weighed by the chips' size hints, below the least width they are given."""
    chips = tuple(Decimal(v) for v in ("1", "5", "25", "100", "500", "1000", "5000", "25000")[:count])
    window = show_window(MainWindow(TableSession(TableRules(chips=chips), odds=True), None, Options(sound=False)),
                         size=size)  # the odds table as wide as a live table's
    qtbot.wait(200)
    panel = window.betting
    for button in (*panel.chip_buttons.values(), *panel.buttons.values()):
        assert _whole(button), f"{size}, {count} chips: {button.text()!r} {button.width()} px"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_default_chips_keep_the_commands_beside_them_at_the_least_sizes(qtbot, show_window, size):
    """The commands' placement is weighed once the window is shown and laid out: weighed at the width before (640
    px), six chips sent them below and they stayed there."""
    window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)), size=size)
    qtbot.wait(200)
    panel = window.betting
    assert not panel.commands_below()
    for button in (*panel.chip_buttons.values(), *panel.buttons.values()):
        assert _whole(button), button.text()
