"""At a baccarat camera table the place the next card goes keeps its gold NEXT outline while a read waits
(qaAI F5): a read held behind an UNREADABLE CARD ask, or an unsure read waiting for the croupier's Enter,
goes to that place all the same, and the croupier lost sight of which place was due.  A real offscreen
window; the outline is found in the pixels of the hands' drawing."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.baccarat.round import Position
from dealer_assist.table.state import TableRules
from dealer_assist.ui import theme
from focused_keys import press_focused

CAMERA = "camera:/tmp/table.mp4"


def _gold_in_banker_half(window) -> int:
    """The gold pixels of the Banker's panel (no card, no total, no win there: only a NEXT outline's)."""
    view = window.hands
    image = view.grab().toImage()
    gold = QColor(theme.GOLD).rgb()
    half = image.width() // 2
    return sum(1 for x in range(half, image.width(), 2) for y in range(0, image.height(), 2)
               if image.pixel(x, y) == gold)


@pytest.fixture
def dealing(qtbot, table_factory):
    """A camera's table, the Player's first card read: the Banker's first card (B1) is due."""
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    window.card_cursor, window.entry.typed = None, False
    session.handle(CardRead(parse_card("2S"), CAMERA, time.time(), seq=1))
    qtbot.waitUntil(lambda: window.hands.painted_version == session.snapshot.version, timeout=2000)
    assert session.state.round.next_position is Position.B1
    assert _gold_in_banker_half(window) > 50     # B1 NEXT, before any read waits
    return window, session


def _drawn(qtbot, window, session):
    qtbot.waitUntil(lambda: window.hands.painted_version == session.snapshot.version, timeout=2000)
    qtbot.wait(50)
    assert session.state.round.next_position is Position.B1


def test_a_read_held_behind_an_unreadable_ask_leaves_the_place_due_marked(qtbot, dealing):
    window, session = dealing
    session.handle(Unreadable(CAMERA, time.time(), seq=2, frame=75, candidates=(parse_card("8C"), parse_card("8D"))))
    session.handle(CardRead(parse_card("3D"), CAMERA, time.time(), seq=3))
    _drawn(qtbot, window, session)
    assert session.snapshot.pending is not None and "UNREADABLE" in session.snapshot.pending.doubt
    assert _gold_in_banker_half(window) > 50     # was 0: B1 drawn as an empty place, as B2


def test_an_unsure_read_waiting_for_the_croupier_leaves_the_place_due_marked(qtbot, dealing):
    window, session = dealing
    session.handle(CardRead(parse_card("3D"), CAMERA, time.time(), confidence=0.3, seq=2))
    _drawn(qtbot, window, session)
    assert session.snapshot.pending is not None
    assert _gold_in_banker_half(window) > 50
