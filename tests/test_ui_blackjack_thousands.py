"""A thousand on the blackjack table reads as the pay list writes it, and fits where it is written (qaW F3).

At 1920x1080 a seat doubled to 1,000 showed "1000.00" running out of its stake chip's oval and "WIN +1000.00" on
its badge while the pay list and the footer wrote "1,000.00"; and the pay list's "SEAT 1 hand 1" broke onto two
lines, "1" alone on the second, beside "PAY 1,000.00": 4 of 11 payments in sight.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


def three_split_and_a_double(session):
    """Seats 1-3 split their pairs, seat 4 doubles 500 to 1,000 on 11 and wins; the dealer stands on 17."""
    for seat, stake in ((1, "10"), (2, "25"), (3, "10"), (4, "500")):
        assert session.place(seat, D(stake)) is None
    assert session.deal() is None
    for code in ("8H", "9H", "7H", "6D", "KC", "8S", "9S", "7S", "5D"):
        assert session.enter_card(code) is None, code
    for step in ("split", "TC", "stand", "TD", "stand", "split", "JC", "stand", "JD", "stand",
                 "split", "QC", "stand", "QD", "stand", "double", "KD"):
        error = session.act(step) if step in ("split", "stand", "double") else session.enter_card(step)
        assert error is None, (step, error)
    assert session.enter_card("7C") is None  # the dealer's 17
    assert session.state.settlement is not None


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_thousand_is_grouped_and_fits_its_chip_and_the_pay_list_names_each_hand_on_one_line(qtbot, show_window,
                                                                                                size):
    session = BlackjackSession(BlackjackTableRules(seats=7, max_bet=D("500")))
    window = show_window(BlackjackWindow(session), size)
    three_split_and_a_double(session)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    window.table.repaint()
    qtbot.wait(100)
    table = window.table
    assert table.drawn["CHIP 4"] == "1,000.00"
    assert table.drawn["SEAT 4"][0][2] == "WIN +1,000.00"
    oval, wide = table.chips[4]
    assert wide <= oval.width() - oval.height() * 0.8 + 0.5, (oval, wide)  # inside the oval, off its rounded ends
    assert oval.right() <= table.seat_rect(4).right()
    panel = window.settlement
    assert "PAY 1,000.00" in [r[2] for r in panel._shown]
    for first, _last in panel._spans:  # "SEAT 1 hand 1" on one line, as tall as the stake beside it
        assert first.heightForWidth(first.width()) < 1.5 * first.fontMetrics().height(), (first.text(), first.width())
