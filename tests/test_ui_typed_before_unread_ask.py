"""Enter and Del answer UNREADABLE CARD TYPED? at the display, with no read waiting (qaU F5).

Real key events on a real offscreen window: the croupier types the blurred 8♣ (K 8 C Enter) before the camera
asks for it; the ask then names it, and Enter (the table's key) says it was right, Del that it was not."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import TYPED_UNREAD
from dealer_assist.table.state import TableRules
from focused_keys import press_focused

CAMERA = "camera:/tmp/table.mp4"


@pytest.fixture
def asked(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    window.card_cursor, window.entry.typed = None, False  # a camera's table: the cursor is the table's after a card
    session.handle(CardRead(parse_card("2S"), CAMERA, time.time(), seq=1))
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "8c")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert [c.code for c in session.state.round.banker_cards] == ["8C"]
    session.handle(Unreadable(CAMERA, time.time(), seq=2, frame=75, candidates=(parse_card("8C"), parse_card("8D"))))
    qtbot.waitUntil(lambda: any(a.code == TYPED_UNREAD for a in session.snapshot.alerts), timeout=2000)
    window.centralWidget().setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.centralWidget(), timeout=2000)
    return window, session


def test_enter_takes_the_card_typed_as_the_unread_one(qtbot, asked):
    window, session = asked
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert not session.snapshot.alerts
    session.handle(CardRead(parse_card("3D"), CAMERA, time.time(), seq=3))
    assert session.snapshot.pending is None
    assert [c.code for c in session.state.round.player_cards] == ["2S", "3D"]


def test_del_asks_for_the_unread_card(qtbot, asked):
    window, session = asked
    press_focused(qtbot, window, Qt.Key.Key_Delete)
    assert [a.code for a in session.snapshot.alerts] == ["unreadable"]
    session.handle(CardRead(parse_card("3D"), CAMERA, time.time(), seq=3))
    assert session.snapshot.pending is not None
