"""FRAMES LOST: the read held after the lost frames is not played by a bare Enter.

The serial shoe lost frames (a gap in SEQ): any of them may have been a card, so the display raises
FRAMES LOST and holds the next read until the croupier has typed the missed card(s).  QA: Enter with
nothing typed played the held read and the alert went, although a card may have been missed: the
tableau could be wrong with nothing left on the screen to say so.  Now a first Enter with nothing
typed asks the croupier to say so again ("no card was missed"); a card typed, or Esc on the alert,
is an answer already.  Real pty, real reader, real window.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt

from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.holds import AFTER_A_GAP
from dealer_assist.table.state import TablePhase

serial_shoe = pytest.importorskip("dealer_assist.sources.serial_shoe")


def shown(window):
    return window._last


@pytest.fixture
def gap_window(qtbot, table_factory):
    """A round dealt from a shoe on a pty: 9H read (frame 1), frame 2 lost, 2S read (frame 3) and held."""
    master, slave = os.openpty()
    window = table_factory(serial_shoe.SerialShoe(os.ttyname(slave)))
    qtbot.waitUntil(lambda: any(link == "up" for _, link in shown(window).links), timeout=5000)
    window.session.skip_burn()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_D)
    os.write(master, format_frame("HELLO", 0, "1", "fw", "SHOE-1", "b1") + format_frame("CARD", 1, "9H")
             + format_frame("CARD", 3, "2S"))
    qtbot.waitUntil(lambda: shown(window).pending is not None, timeout=5000)
    assert shown(window).pending.card.code == "2S" and shown(window).pending.doubt == AFTER_A_GAP
    assert "FRAMES LOST" in window.alerts.titles()
    window.master = master
    yield window
    os.close(master)
    os.close(slave)


def cards(window):
    return [c.code for c in window.session.state.round.cards]


def enter(qtbot, window):
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: shown(window).version == window.session.snapshot.version, timeout=3000)


def test_enter_with_nothing_typed_asks_before_the_held_read_is_played(qtbot, gap_window):
    window = gap_window
    enter(qtbot, window)
    assert cards(window) == ["9H"]  # not played: a card may have been missed
    assert shown(window).pending.card.code == "2S"
    assert "FRAMES LOST" in window.alerts.titles()
    asked = window.betting.message.text()
    assert "no card was missed" in asked and "Enter again" in asked and "2♠" in asked, asked

    enter(qtbot, window)  # the croupier says it: no card was missed
    assert cards(window) == ["9H", "2S"]
    assert shown(window).pending is None
    assert "FRAMES LOST" not in window.alerts.titles()


def test_a_card_typed_for_the_lost_frames_is_the_answer_one_enter_plays_the_held_read(qtbot, gap_window):
    window = gap_window
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    qtbot.keyClicks(window.entry.field, "KD")
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: cards(window) == ["9H", "KD"], timeout=3000)
    window.centralWidget().setFocus()
    enter(qtbot, window)
    assert cards(window) == ["9H", "KD", "2S"]
    assert "FRAMES LOST" not in window.alerts.titles()


def test_esc_on_frames_lost_is_the_answer_too(qtbot, gap_window):
    window = gap_window
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: "FRAMES LOST" not in window.alerts.titles(), timeout=3000)
    enter(qtbot, window)
    assert cards(window) == ["9H", "2S"]


def test_a_read_held_after_the_held_read_was_dropped_is_asked_about_afresh(qtbot, gap_window):
    """Asked about 2S, the croupier drops it (Del): the card the frames held is still missing, so the
    next read (5C) waits too, and a first Enter on it asks again rather than play it."""
    window = gap_window
    enter(qtbot, window)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: shown(window).pending is None, timeout=3000)
    os.write(gap_window.master, format_frame("CARD", 4, "5C"))
    qtbot.waitUntil(lambda: shown(window).pending is not None, timeout=5000)
    enter(qtbot, window)
    assert cards(window) == ["9H"] and shown(window).pending.card.code == "5C"
    assert "FRAMES LOST" in window.alerts.titles() and "no card was missed" in window.betting.message.text()
    enter(qtbot, window)
    assert cards(window) == ["9H", "5C"] and "FRAMES LOST" not in window.alerts.titles()
    assert window.session.state.phase == TablePhase.DEALING


def test_blackjack_asks_the_same(qtbot):
    """The wait and its answer are the table session's, shared by both games."""
    import time
    from decimal import Decimal

    from dealer_assist.cards import parse_card
    from dealer_assist.events import CardRead, SeqGap
    from dealer_assist.table.blackjack_session import BlackjackSession

    shoe = "serial:/dev/ttyUSB0"
    session = BlackjackSession()
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    session.handle(CardRead(parse_card("9H"), shoe, time.time(), seq=1))
    session.handle(SeqGap(shoe, time.time(), missing=(2,)))
    session.handle(CardRead(parse_card("2S"), shoe, time.time(), seq=3))
    assert session.snapshot.pending.doubt == AFTER_A_GAP
    assert [c.code for c in session.state.ledger.dealt] == ["9H"]
    assert "no card was missed" in session.confirm_pending()
    assert session.snapshot.pending is not None
    assert session.confirm_pending() is None and session.snapshot.pending is None
    assert not any(a.title == "FRAMES LOST" for a in session.snapshot.alerts)
    assert [c.code for c in session.state.ledger.dealt] == ["9H", "2S"]
