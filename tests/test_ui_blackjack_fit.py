"""Seven blackjack seats, each split: fourteen payments, more than the pay list shows at 1280x720.

The list must not push the window past the screen (it once grew to 1582x1410 and
showed six of the fourteen payments), every payment must come into sight with
PgDown, and the title must count the lines out of sight and name the key.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

from PySide6.QtCore import QPoint, Qt  # noqa: E402

from test_ui_settlement_fit import counted_above, counted_below  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402

FIRSTS = ["8H", "9H", "7H", "6H", "2H", "3H", "4H"]
SECONDS = ["8S", "9S", "7S", "6S", "2S", "3S", "4S"]
TENS = ["TC", "TD", "JC", "JD", "QC", "QD", "KD", "KH", "KS", "JH", "JS", "QH", "QS", "TH"]


def split_everywhere(session):
    """Seven seats of pairs, each split, each hand standing on a ten; the dealer stands on 17."""
    for seat in range(1, 8):
        assert session.place(seat, D("5")) is None
    assert session.deal() is None
    for code in FIRSTS + ["KC"] + SECONDS:
        assert session.enter_card(code) is None, code
    tens = iter(TENS)
    for _ in range(7):
        for step in ("split", next(tens), "stand", next(tens), "stand"):
            error = session.act(step) if step in ("split", "stand") else session.enter_card(step)
            assert error is None, (step, error)
    for code in ("5C", "2C"):
        assert session.enter_card(code) is None, code
    assert session.state.settlement is not None


def in_sight(panel):
    """Per line of the pay list, whether it lies wholly inside the visible part, measured on the widgets."""
    view = panel.scroll.viewport()
    out = []
    for first, last in panel._spans:
        top = first.mapTo(view, QPoint(0, 0)).y()
        bottom = last.mapTo(view, QPoint(0, last.height())).y()
        out.append(0 <= top and bottom <= view.height())
    return out


def test_fourteen_payments_page_into_sight_and_the_title_counts_the_rest(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session))
    split_everywhere(session)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    panel = window.settlement
    assert len(panel.lines) == 14 and len(panel._spans) == 14
    qtbot.wait(50)
    assert window.width() <= 1280 and window.height() <= 720
    shown = in_sight(panel)
    below = sum(1 for s in shown if not s)
    assert 0 < below < 14
    assert counted_below(panel.title.text(), below)
    assert panel.title.text().startswith("ROUND 1: PAY · ")  # qaM L6: the count had pushed it out
    assert panel.title.fontMetrics().horizontalAdvance(panel.title.text()) <= panel.title.width()
    seen = set(i for i, s in enumerate(shown) if s)
    bar = panel.scroll.verticalScrollBar()
    for _ in range(14):
        if bar.value() == bar.maximum():
            break
        before = bar.value()
        qtbot.keyClick(window, Qt.Key.Key_PageDown)
        assert bar.value() > before
        seen |= set(i for i, s in enumerate(in_sight(panel)) if s)
    assert seen == set(range(14))  # every payment was in sight, whole, at some page
    above = sum(1 for first, _ in panel._spans if first.mapTo(panel.scroll.viewport(), QPoint(0, 0)).y() < 0)
    assert above > 0 and counted_above(panel.title.text(), above)
    assert panel.title.text().startswith("ROUND 1: PAY · ")
    for _ in range(14):
        if bar.value() == 0:
            break
        qtbot.keyClick(window, Qt.Key.Key_PageUp)
    assert counted_below(panel.title.text(), below)


def test_a_list_that_fits_keeps_its_plain_title(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session))
    for seat in (1, 2):
        assert session.place(seat, D("5")) is None
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    # The lines are placed, and the title counted again, by layout passes after the render: under load the first
    # look came between them (failed one run in four); what must hold is the state the window settles in.
    qtbot.waitUntil(lambda: len(window.settlement._spans) == 2 and all(in_sight(window.settlement))
                    and window.settlement.title.text() == "ROUND 1: BETS", timeout=3000)
