"""The display's alerts for a card the shoe let out unread: ERR MISREAD, and a DOUBLE_FEED after the card it read.

qaN, under Xvfb: after ``ERR MISREAD`` the display said SHOE REPORTS MISREAD, "DO: clear the shoe ... then check
the last card", and played the next read, 4D, at once as B1 (the unread card's place).  After ``CARD 4D`` then
``ERR DOUBLE_FEED`` 4D stood as B1 with nothing pointing at it.  Real pty, real reader, real window.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt

from dealer_assist.sources.shoe_protocol import format_frame

serial_shoe = pytest.importorskip("dealer_assist.sources.serial_shoe")


@pytest.fixture
def dealt(qtbot, table_factory):
    """A round dealt from a shoe on a pty, its first card 2H (P1) read."""
    master, slave = os.openpty()
    window = table_factory(serial_shoe.SerialShoe(os.ttyname(slave)))
    qtbot.waitUntil(lambda: any(link == "up" for _, link in window._last.links), timeout=5000)
    window.session.skip_burn()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
    os.write(master, format_frame("HELLO", 0, "1", "fw", "SHOE-1", "b1") + format_frame("CARD", 1, "2H"))
    qtbot.waitUntil(lambda: [c.code for c in window.session.state.round.cards] == ["2H"], timeout=5000)
    window.master = master
    yield window
    os.close(master)
    os.close(slave)


def top_bar(window):
    return window.alerts.bars[0]


def test_a_misread_shows_unreadable_card_and_holds_the_next_read(qtbot, dealt):
    window = dealt
    os.write(window.master, format_frame("ERR", 2, "MISREAD", "card seen, code not read") + format_frame("CARD", 3, "4D"))
    qtbot.waitUntil(lambda: window._last.pending is not None, timeout=5000)
    assert window._last.pending.card.code == "4D" and window.session.snapshot.banner == "CONFIRM CARD"
    bar = top_bar(window)
    assert bar.title.text() == "UNREADABLE CARD" and "(ERR MISREAD, frame 2: card seen, code not read)" in bar.text.text()
    assert "check the last card" not in bar.action.text() and "type it (K)" in bar.action.text()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    qtbot.keyClicks(window.entry.field, "9S")
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.state.round.cards) == 2, timeout=3000)
    window.centralWidget().setFocus()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.state.round.cards) == 3, timeout=3000)
    rnd = window.session.state.round
    assert [c.code for c in rnd.player_cards] == ["2H", "4D"] and [c.code for c in rnd.banker_cards] == ["9S"]


def test_a_double_feed_after_a_card_names_it_and_its_place_on_the_display(qtbot, dealt):
    window = dealt
    os.write(window.master, format_frame("CARD", 2, "4D") + format_frame("ERR", 3, "DOUBLE_FEED", "two cards"))
    qtbot.waitUntil(lambda: "SHOE REPORTS DOUBLE_FEED" in window.alerts.titles(), timeout=5000)
    bar = top_bar(window)
    assert bar.title.text() == "SHOE REPORTS DOUBLE_FEED"
    assert "4♦ was read just before this report and played as B1" in bar.text.text()
    assert bar.action.text().startswith("DO: check B1: if 4♦ is not the card there, void it (V)")
