"""PgDown and PgUp through the blackjack pay list never stand still while payments lie out of sight
(rev30 R1, R2).

R1: PgDown did nothing when the lines in sight ended exactly at the list's foot: the foot of the part shown
was the list's height both when nothing lay below and when the next line started right there, so seats 6 and
7's payments were never seen under "4 ▼ PgDown".  R2: with a line taller than the list, PgUp did nothing
when no line started in sight, or moved a pixel a press.  Each test scrolls the list to every place a pixel
apart, so that the lines end at the foot (or start at the head) somewhere, whatever the window's layout."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_blackjack_split_correction_words import _paid_split, _play
from test_ui_blackjack_fit import split_everywhere


@pytest.fixture
def large_text():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def fourteen_payments(qtbot, show_window, size):
    """Seven seats split: fourteen plain payments, more than a page."""
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None), size=size)
    split_everywhere(session)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    qtbot.wait(200)
    return window


def tall_correction(qtbot, show_window, size, alerts=4):
    """A split hand's correction whose reason makes its line taller than the list (text scale 1.25)."""
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None), size=size)
    _paid_split(session)
    while len(session.state.round.seat_hands(1)) > 1:  # the split voided after the payment
        assert session.void_last(why="the split was a mistake") is None
    _play(session, ["stand", "TD", "5S"])
    for i in range(alerts):
        session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                      "clear the jam, then type the card (K)")
    qtbot.waitUntil(lambda: "CORRECT THE PAYMENT" in window.settlement.title.text(), timeout=3000)
    qtbot.wait(300)
    return window


def breaks(panel) -> list[int]:
    return sorted(b for line in panel._breaks() for b in line)


def sweep_page_down(panel) -> list:
    """PgDown from every place of the list a pixel apart: where lines end below the list, it must move, skip
    nothing (the new top no lower than the old foot) and show something whole."""
    bar = panel.scroll.verticalScrollBar()
    view = panel.scroll.viewport().height()
    wrong = []
    for value in range(0, bar.maximum()):
        bar.setValue(value)
        below = any(bottom > view for _, bottom in panel._places())
        panel.scroll_page(1)
        moved = bar.value()
        head, foot = panel._whole_part()
        if below and not (value < moved <= value + view and foot > head):
            wrong.append((value, moved, (head, foot)))
    return wrong


def sweep_page_up(panel) -> list:
    """PgUp from every place of the list a pixel apart: it must move up, bring the break just above the part
    shown into sight, and leave nothing between the new foot and the old top unseen."""
    bar = panel.scroll.verticalScrollBar()
    view = panel.scroll.viewport().height()
    wrong = []
    for value in range(1, bar.maximum() + 1):
        bar.setValue(value)
        head = panel._whole_part()[0]
        above = [b for b in breaks(panel) if b < head]
        panel.scroll_page(-1)
        moved = bar.value()
        if not (moved < value and moved + view >= value + head
                and (not above or moved <= value + max(above))):
            wrong.append((value, moved, head, above[-1:] if above else None))
    return wrong


def page_through(qtbot, window, key, presses=20) -> list[int]:
    """The scroll values after each press of ``key`` (real key presses) until the list's end in that way."""
    panel = window.settlement
    bar = panel.scroll.verticalScrollBar()
    values = [bar.value()]
    for _ in range(presses):
        if (panel.lines_out_of_sight()[1] == 0) if key == Qt.Key.Key_PageDown else bar.value() == 0:
            break
        qtbot.keyClick(window, key)
        qtbot.wait(20)
        assert bar.value() != values[-1], f"{key.name} did nothing at {values[-1]}: {panel._places()}"
        values.append(bar.value())
    return values


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_page_down_never_stands_still_over_plain_payments(qtbot, show_window, size):
    panel = fourteen_payments(qtbot, show_window, size).settlement
    assert panel.scroll.verticalScrollBar().maximum() > 0  # more than a page
    assert sweep_page_down(panel) == []


#: Where the correction's line is taller than the list: (window size, alerts shown).
TALL = [((1280, 720), 0), ((1920, 1080), 4), ((1920, 1008), 4)]


@pytest.mark.parametrize("size, alerts", TALL)
def test_page_down_never_stands_still_over_a_line_taller_than_the_list(qtbot, show_window, large_text, size,
                                                                        alerts):
    panel = tall_correction(qtbot, show_window, size, alerts).settlement
    assert max(b - t for t, b in panel._places()) > panel.scroll.viewport().height()  # the case: a tall line
    assert sweep_page_down(panel) == []


@pytest.mark.parametrize("size, alerts", TALL)
def test_page_up_moves_at_least_a_line_of_text_over_a_line_taller_than_the_list(
        qtbot, show_window, large_text, size, alerts):
    panel = tall_correction(qtbot, show_window, size, alerts).settlement
    assert max(b - t for t, b in panel._places()) > panel.scroll.viewport().height()
    assert sweep_page_up(panel) == []


def test_page_up_moves_at_least_a_line_over_plain_payments(qtbot, show_window):
    panel = fourteen_payments(qtbot, show_window, (1280, 720)).settlement
    assert sweep_page_up(panel) == []


@pytest.mark.parametrize("case, size, alerts", [("plain", (1280, 720), 0), ("plain", (1920, 1080), 0)]
                         + [("tall", size, alerts) for size, alerts in TALL])
def test_page_down_to_the_end_then_page_up_retraces_the_pages(qtbot, show_window, large_text, case, size, alerts):
    if case == "plain":
        theme.set_text_scale(1.0)
        window = fourteen_payments(qtbot, show_window, size)
    else:
        window = tall_correction(qtbot, show_window, size, alerts)
    panel = window.settlement
    down = page_through(qtbot, window, Qt.Key.Key_PageDown)
    assert panel.lines_out_of_sight()[1] == 0 and len(down) > 1  # the last payment reached
    up = page_through(qtbot, window, Qt.Key.Key_PageUp)
    assert up == down[::-1]  # the same pages back, up to the first payment
    assert panel.lines_out_of_sight()[0] == 0


def test_page_up_from_the_foot_of_the_list_reaches_its_top(qtbot, show_window, large_text):
    """Scrolled there by hand (no PgDown to go back along): PgUp a page at a time up to the first payment."""
    window = tall_correction(qtbot, show_window, (1920, 1008))
    bar = window.settlement.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    qtbot.wait(20)
    up = page_through(qtbot, window, Qt.Key.Key_PageUp, presses=12)
    assert up[-1] == 0, up
