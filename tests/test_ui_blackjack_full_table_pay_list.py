"""Seven seats, none split, each with a reason under its call: the everyday full table's seven payments are all
in sight on a full-HD screen (qaW F1: at 1920x1080 the list showed seats 1-5 whole, seat 6's reason cut through
by the list's edge, "2 ▼ PgDown" on every full-table round), nor at 1280x720 (five whole there too): the deck panel
under the list takes the room its lines need, not two fifths of the side."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402

from test_ui_blackjack_fit import in_sight  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


def seven_settled(session):
    """Seven seats of 19 or 18 against the dealer's 20 (a reason line under each payment: "20 beats 19")."""
    for seat in range(1, 8):
        assert session.place(seat, D("500") if seat in (3, 4) else D("25")) is None
    assert session.deal() is None
    for code in ["TH", "TD", "TC", "TS", "JH", "JD", "JC"] + ["KC"] + ["9H", "9D", "9C", "9S", "8H", "8D", "8C"]:
        assert session.enter_card(code) is None, code
    for _ in range(7):
        assert session.act("stand") is None
    assert session.enter_card("QH") is None  # the dealer's 20
    assert session.state.settlement is not None and len(session.state.settlement.hands) == 7


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_seven_plain_payments_fit_a_full_hd_screen(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), size)
    seven_settled(session)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    qtbot.wait(100)
    panel = window.settlement
    shown = in_sight(panel)
    assert len(shown) == 7
    assert all(shown), (shown, panel.title.text())
    assert panel.title.text() == "ROUND 1: PAY"
    # The deck panel keeps its lines whole.
    deck = window.deck
    assert deck.status.height() >= deck.status.heightForWidth(deck.status.width())
    assert deck.lines.height() >= deck.lines.heightForWidth(deck.lines.width())
