"""The blackjack window at --text-scale 1.25 and 1280x720 with alerts up, a read asked about and a long message
draws no row over another: its larger text steps back toward the window's own size while the rows do not fit,
as the baccarat window's does (rev16 F8), and comes back once they are gone.  A wrapped label's least height,
held for its lines at the larger text, is let go when they are fewer (held, Qt never counted it shorter)."""

from __future__ import annotations

import itertools
import time
from decimal import Decimal as D

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_alerts_room import DO, LONG
from test_ui_blackjack_rows_apart import _rect, _rows
from test_ui_rows_apart import MESSAGE


@pytest.fixture
def scaled():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def rows_apart(window) -> bool:
    """No row over another, none out of the window, the message's lines all in sight."""
    if window._room_timer.isActive():
        return False
    rects = {name: _rect(window, w) for name, w in _rows(window).items()}
    if any(ra.intersects(rb) for (_, ra), (_, rb) in itertools.combinations(rects.items(), 2)):
        return False
    msg = window.entry.message
    return all(window.rect().contains(r) for r in rects.values()) and msg.height() >= msg.heightForWidth(msg.width())


@pytest.mark.parametrize("alerts", [1, 3])
def test_scaled_text_with_alerts_draws_no_row_over_another(qtbot, show_window, scaled, alerts):
    session = BlackjackSession(BlackjackTableRules(seats=2))
    window = show_window(BlackjackWindow(session), (1280, 720))
    full = theme.unit_for_size(1280, 720)
    qtbot.waitUntil(lambda: rows_apart(window), timeout=3000)
    assert window.unit == full > theme.unit_for_size(1280, 720, scale=1.0)  # nothing up: the whole scale
    session.place(1, D("10"))
    session.place(2, D("10"))
    for code in ("9S", "5H", "7C", "2D", "6D"):
        assert session.enter_card(code) is None
    for seq, code in enumerate(("TS", "2S", "3S"), start=6):  # read before seat 1's decision: asked, two behind
        session.handle(CardRead(parse_card(code), "camera:/tmp/qaR/bj_cover.mp4", time.time(), seq=seq))
    session.alert("profile", "warning", "CAMERA PROFILE?", LONG, DO)
    for i in range(alerts - 1):
        session.alert(f"test{i}", "error", f"ALERT {i}", "something happened on the shoe's line", "check the cable")
    session.say(MESSAGE)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == alerts and bool(window.entry.question.text()), timeout=3000)
    qtbot.waitUntil(lambda: rows_apart(window), timeout=5000)
    assert theme.unit_for_size(1280, 720, scale=1.0) <= window.unit < full
    session.say("")
    for code in ["profile"] + [f"test{i}" for i in range(alerts - 1)]:
        session.dismiss(code)
    qtbot.waitUntil(lambda: not window.alerts.bars, timeout=3000)
    qtbot.waitUntil(lambda: window.unit == full and rows_apart(window), timeout=3000)  # the larger text back
    window.bridge.detach()
