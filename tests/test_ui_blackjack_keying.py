"""Cards typed at the blackjack window on real offscreen Qt: keys that are both a suit and a table decision."""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from focused_keys import press_focused  # noqa: E402
from dealer_assist.cards import parse_card  # noqa: E402
from dealer_assist.events import CardRead  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


@pytest.fixture
def eleven(qtbot, show_window):
    """A typed-card table, two seats of 10.00: seat 1 holds 9S 2D (11), a decision due."""
    session = BlackjackSession(BlackjackTableRules(seats=2))
    window = show_window(BlackjackWindow(session, None))
    session.place(1, D("10"))
    session.place(2, D("10"))
    for code in ("9S", "5H", "7C", "2D", "6D"):
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=2000)
    window.setFocus()
    yield session, window
    window.bridge.detach()


def seat_cards(session, seat):
    return [[c.code for c in h.cards] for h in session.state.round.seat_hands(session.state.round_seat(seat))]


@pytest.mark.parametrize("suit", ["D", "S", "H", "C"])
def test_k_then_a_suit_is_a_king_in_the_field_not_a_decision(qtbot, eleven, suit):
    """QA: K D Enter (the king of diamonds typed rank, suit) doubled seat 1; K S stood it."""
    session, window = eleven
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, suit)
    assert window.entry.field.text() == "K" + suit and window.entry.field.hasFocus()
    assert session.state.active == (1, 0) and session.state.stake(1) == D("10.00")
    assert seat_cards(session, 1) == [["9S", "2D"]]  # nothing done until Enter
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.text() == "" and not window.entry.field.hasFocus()
    assert session.state.active == (1, 0) and session.state.stake(1) == D("10.00")


def test_the_king_typed_after_the_hit_goes_to_the_seat(qtbot, eleven):
    session, window = eleven
    press_focused(qtbot, window, Qt.Key.Key_H)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "D")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None, window.entry.last_error
    assert seat_cards(session, 1) == [["9S", "2D", "KD"]] and session.state.stake(1) == D("10.00")


def test_k_then_a_key_no_card_starts_with_is_still_the_table_s(qtbot, eleven):
    """P (split) is no suit: after K it leaves the field and acts (refused here: 9 and 2 are no pair)."""
    session, window = eleven
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_P)
    assert not window.entry.field.hasFocus() and window.entry.field.text() == ""
    assert "split" in (window.last_error or "").lower()



def refused_then_away(qtbot, window):
    """3H typed before the decision: refused, kept in the field; then the croupier clicks the table."""
    press_focused(qtbot, window, Qt.Key.Key_K)
    for ch in "3H":
        press_focused(qtbot, window, None, ch)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is not None and window.entry.field.text() == "3H"
    window.centralWidget().setFocus()
    qtbot.waitUntil(lambda: not window.entry.field.hasFocus(), timeout=2000)


@pytest.mark.parametrize("suit", ["D", "S"])
def test_k_then_a_suit_over_a_refused_card_left_in_the_field_is_a_king(qtbot, eleven, suit):
    """QA (rev11): with a refused card still in the field and the focus away from it, K D doubled seat 1."""
    session, window = eleven
    refused_then_away(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, suit)
    assert window.entry.field.text() == "K" + suit and window.entry.field.hasFocus()
    assert session.state.active == (1, 0) and session.state.stake(1) == D("10.00")
    assert not any(h.doubled for h in session.state.round.seat_hands(session.state.round_seat(1)))


def test_k_then_a_table_key_over_a_refused_card_is_still_the_table_s(qtbot, eleven):
    session, window = eleven
    refused_then_away(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, Qt.Key.Key_P)
    assert not window.entry.field.hasFocus() and window.entry.field.text() == "3H"
    assert "split" in (window.last_error or "").lower()


def test_a_card_typed_over_a_read_waiting_for_the_decision_waits_in_its_place_and_h_plays_it(qtbot, eleven):
    """QA (rev11): K 8H Enter over the reader's misread 9H was refused, and H then dealt seat 1 the 9H."""
    session, window = eleven
    session.handle(CardRead(parse_card("9H"), "serial:shoe", time.time(), seq=6))
    qtbot.waitUntil(lambda: "9♥" in window.entry.question.text(), timeout=2000)
    press_focused(qtbot, window, Qt.Key.Key_K)
    for ch in "8H":
        press_focused(qtbot, window, None, ch)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None and window.entry.field.text() == ""
    qtbot.waitUntil(lambda: "8♥" in window.entry.question.text(), timeout=2000)
    strip = window.entry.question
    assert "keyboard" in strip.text() + strip.toolTip() and seat_cards(session, 1) == [["9S", "2D"]]
    # The strip's short words leave it to the banner, which says it was typed (qaR F15: "keyboard read 8♥").
    assert "8♥ typed (K), held" in window.banner.reason.text()
    assert "keyboard read" not in window.banner.reason.text()
    press_focused(qtbot, window, Qt.Key.Key_H)
    assert seat_cards(session, 1) == [["9S", "2D", "8H"]] and session.snapshot.pending is None

def test_at_the_deck_check_k_before_each_card_as_in_a_round_counts_the_card(qtbot, eleven):
    """QA: the field stays open while a deck is counted back, so K 7C Enter (as typed in a round) gave
    "K7C", refused. A K before a whole code is the field's key there; KS alone is still the king."""
    session, window = eleven
    for call in (session.stand, session.stand):
        assert call() is None
    assert session.enter_card("TH") is None and session.state.settlement is not None
    assert session.start_deck_check() is None
    for code in ("9S", "5H", "7C", "2D", "6D", "TH", "KS"):
        press_focused(qtbot, window, Qt.Key.Key_K)
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None, window.entry.last_error
        assert window.entry.field.hasFocus() and window.entry.field.text() == ""
    assert [c.code for c in session.state.ledger.returned] == ["9S", "5H", "7C", "2D", "6D", "TH", "KS"]
    press_focused(qtbot, window, None, "KK")  # K K: the king alone is no whole card: refused as typed
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert "KK" in window.entry.last_error


def test_the_bets_list_shows_what_a_doubled_seat_has_at_risk_as_its_chip_does(qtbot, eleven):
    """QA: seat 1 doubled showed 20.00 on its chip and 10.00 in the list beside it."""
    session, window = eleven
    assert session.double() is None and session.enter_card("KD") is None
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=2000)
    window.table.repaint()
    assert window.table.drawn["CHIP 1"] == "20.00" and window.table.drawn["CHIP 2"] == "10.00"
    assert window.settlement.lines == ["seat 1: 20.00", "seat 2: 10.00"]
    assert "bet 10.00, doubled" in [w.text() for w in window.settlement.findChildren(type(window.settlement.title))]


def test_the_confirm_strip_says_its_question_whole_at_1280x720(qtbot, eleven):
    """qaM L7: "CONFIRM: is it 5♣? (serial:/tmp/qaM/..." was cut off by the strip's edge: the source and
    why, which the banner says too, go where they do not fit; the card asked about is always seen."""
    session, window = eleven
    assert (window.width(), window.height()) == (1280, 720)
    session.handle(CardRead(parse_card("5C"), "serial:/tmp/qaM/shoe3", time.time(), seq=6))
    strip = window.entry.question
    qtbot.waitUntil(lambda: "5♣" in strip.text(), timeout=2000)
    qtbot.wait(50)  # the strip's place after the Yes / No buttons came in
    assert strip.text().startswith("CONFIRM: is it 5♣?")
    assert strip.fontMetrics().horizontalAdvance(strip.text()) <= strip.contentsRect().width()
    assert "serial:/tmp/qaM/shoe3 read 5♣, held: read before the decision" in window.banner.reason.text()
    assert strip.text() == "CONFIRM: is it 5♣?"  # the whole is over 2,000 px wide here
    assert "serial:/tmp/qaM/shoe3: read before the decision" in strip.toolTip()
