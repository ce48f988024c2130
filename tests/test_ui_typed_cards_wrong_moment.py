"""A table of typed cards: a card code typed at the wrong moment is never run as table keys (qaAW F1, F2, F3, F6).

QA, keyboard only at ``run --source manual``: 2C typed before D chose a chip and C cleared every bet without a
word, and D then dealt a no-bet hand whose Banker bet was never paid (F1); Esc on a refused card cleared the field
and left it, so the right card typed next chose a chip and H said the hit was refused (F2); after a Space refused
(a stake below the minimum, said only in the small line) 7C chose a chip and opened the deck check (F3); KX
while a card was due said "cannot clear bets" and lost the K (F6).  Real windows, keys sent where the cursor is."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dealer_assist.baccarat.bets import TableLimits
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused, type_focused as typed, typed_card as card
from test_ui_typed_cards import codes, hand


# -- baccarat -------------------------------------------------------------------------------------------
@pytest.fixture
def baccarat(qtbot, table_factory):
    """A baccarat table of typed cards (no burn): Banker 2,000 on seat 1 and Tie 100 on seat 2, bets open."""
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    for seat, bet, chips in ((1, Bet.BANKER, ("1000", "1000")), (2, Bet.TIE, ("100",))):
        for chip in chips:
            assert session.select_chip(D(chip)) is None and session.place(seat, bet) is None
    assert session.select_chip(D("25")) is None
    return window, session


@pytest.mark.parametrize("code", ["2C", "2D", "TH", "10S", "QH", "7c"])
def test_baccarat_a_card_typed_before_d_leaves_the_bets_and_the_chip_as_they_were(qtbot, baccarat, code):
    """QA F1: 2 chose a chip, C cleared every bet silently; D would have dealt, T switched turbo, H the history."""
    window, session = baccarat
    layout, chip, turbo, shown = session.state.betting.layout, session.snapshot.chip, window.options.turbo, \
        window.right.currentWidget()
    typed(qtbot, window, code)
    assert session.state.phase == TablePhase.BETTING
    assert session.state.betting.layout == layout and session.snapshot.chip == chip
    assert (window.options.turbo, window.right.currentWidget()) == (turbo, shown)
    message = session.snapshot.message
    first = "press D again to deal" if code.upper().endswith("D") else "press D to deal first"  # rev41 F5
    assert f"{code.upper()} not taken" in message and f"{first}; the bets are still open" in message
    assert window.banner.title.text() == "CARD NOT TAKEN"  # where the croupier looks, not only the small line
    assert first in window.banner.reason.text()


def test_baccarat_from_the_keyboard_2c_before_d_clears_no_bet(qtbot, baccarat):
    """The keys as a keyboard sends them, to the window (its focus takes them), not to a widget picked by the test."""
    window, session = baccarat
    layout, chip = session.state.betting.layout, session.snapshot.chip
    for qt_key in (Qt.Key.Key_2, Qt.Key.Key_C):
        qtbot.wait(50)
        QTest.keyClick(window.windowHandle(), qt_key)
    assert session.state.betting.layout == layout and session.snapshot.chip == chip
    assert "2C not taken" in session.snapshot.message
    qtbot.wait(50)
    QTest.keyClick(window.windowHandle(), Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING
    for qt_key in (Qt.Key.Key_Escape, Qt.Key.Key_3):  # Esc leaves the empty field; 3 takes it back, no chip
        qtbot.wait(50)
        QTest.keyClick(window.windowHandle(), qt_key)
    assert window.entry.field.hasFocus() and window.entry.field.text() == "3" and session.snapshot.chip == chip


def test_baccarat_after_the_refusal_d_and_the_cards_pay_the_banker_bet(qtbot, baccarat):
    """QA F1's round: the Banker 2,000 on the felt is paid, the round is not a no-bet hand."""
    window, session = baccarat
    typed(qtbot, window, "2C")
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING and window.entry.field.hasFocus()
    qtbot.waitUntil(lambda: window.banner.title.text() != "CARD NOT TAKEN", timeout=2000)
    for code in ("2C", "3D", "4H", "5S"):  # Player 5, Banker 9: Banker wins
        card(qtbot, window, code)
        assert window.entry.last_error is None, window.entry.last_error
    assert session.state.phase == TablePhase.SETTLED
    paid = {(line.seat, line.bet): line.pays for line in session.state.settlement.lines}
    assert paid[(1, Bet.BANKER)] == D("1900.00")


def test_baccarat_a_chip_key_then_a_bet_clicked_then_d_still_deals(qtbot, baccarat):
    """A chip chosen by its key, a bet placed between (a click), then D: no card code, D deals."""
    window, session = baccarat
    press_focused(qtbot, window, Qt.Key.Key_2)
    assert session.place(3, Bet.PLAYER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING


def test_baccarat_c_says_it_cleared_the_bets_and_u_brings_them_back(qtbot, baccarat):
    """C alone still clears every bet, but no longer silently (QA F1: the message line stayed empty)."""
    window, session = baccarat
    layout = session.state.betting.layout
    press_focused(qtbot, window, Qt.Key.Key_C)
    assert not session.state.betting.layout.stakes
    assert "all bets cleared" in session.snapshot.message and "U undoes" in session.snapshot.message
    press_focused(qtbot, window, Qt.Key.Key_U)
    assert session.state.betting.layout == layout


def test_baccarat_a_deal_refused_with_the_stake_below_the_minimum_is_said_in_the_banner(qtbot, table_factory):
    """QA F3, at baccarat: a deal refused while the bets are open was said in the small line only."""
    limits = TableLimits(minimum=tuple((bet, D("25")) for bet in Bet))
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False), limits=limits))
    session = window.session
    window.centralWidget().setFocus()
    assert session.select_chip(D("5")) is None and session.place(1, Bet.PLAYER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.BETTING
    assert window.banner.title.text() == "DEAL REFUSED"
    assert window.banner.reason.text() == session.snapshot.message
    assert "is below the Player minimum of 25.00" in session.snapshot.message


def test_baccarat_d_at_the_burn_leaves_the_banner_on_the_burn(qtbot, table_factory):
    """D at the burn is refused in the small line; the banner goes on asking for the burn card, which is due
    (rev41 F6: the refusal in red over the card due stayed until the next card)."""
    window = table_factory("manual")
    session = window.session
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.BURN
    assert session.snapshot.message == "cannot deal: the burn is not finished"
    qtbot.wait(100)
    assert window.banner.title.text() == "BURN"


@pytest.fixture
def dealt(qtbot, baccarat):
    window, session = baccarat
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING and window.entry.field.hasFocus()
    return window, session


def test_baccarat_esc_on_a_refused_card_clears_it_and_the_field_keeps_the_cursor(qtbot, dealt):
    """QA F2 (m6): 9X refused, Esc, then 3C chose the 25 chip and said "cannot clear"."""
    window, session = dealt
    chip = session.snapshot.chip
    press_focused(qtbot, window, None, "9")
    press_focused(qtbot, window, None, "x")  # refused at once (F6's rule, see below); the 9 stays
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.hasFocus() and window.entry.field.text() == ""
    card(qtbot, window, "3C")
    assert window.entry.last_error is None, window.entry.last_error
    assert codes(session.state.round.cards) == ["3C"] and session.snapshot.chip == chip


def test_baccarat_a_card_typed_after_esc_left_the_empty_field_goes_back_into_it(qtbot, dealt):
    """Esc in the empty field still leaves it, but a card code typed while a card is due is the card's."""
    window, session = dealt
    chip = session.snapshot.chip
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert not window.entry.field.hasFocus()
    card(qtbot, window, "3C")
    assert codes(session.state.round.cards) == ["3C"] and session.snapshot.chip == chip
    assert session.state.betting.layout.stakes  # C cleared nothing (the bets are closed anyway)
    press_focused(qtbot, window, Qt.Key.Key_K)  # K at the table is the card key still
    card(qtbot, window, "KH")
    assert codes(session.state.round.cards) == ["3C", "KH"]


def test_baccarat_a_non_suit_after_a_rank_is_refused_and_the_rank_kept(qtbot, dealt):
    window, session = dealt
    typed(qtbot, window, "9x")
    assert window.entry.field.text() == "9" and window.entry.field.hasFocus()
    assert session.snapshot.message.startswith("X is not a suit: type the nine as 9S, 9H, 9D or 9C")
    card(qtbot, window, "H")
    assert codes(session.state.round.cards) == ["9H"]


# -- blackjack ------------------------------------------------------------------------------------------
@pytest.fixture
def blackjack(qtbot, show_window):
    """A blackjack table of typed cards, one seat, bets open."""
    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None), size=(1366, 768))
    window.centralWidget().setFocus()
    yield session, window
    window.bridge.detach()
    session.close()


def test_blackjack_a_space_refused_is_said_in_the_banner_and_7c_opens_no_deck_check(qtbot, blackjack):
    """QA F3 (k7): 2.00 on seat 1, Space refused in the small line only; 7 chose a chip and C opened the deck check."""
    session, window = blackjack
    assert session.select_chip(D("1")) is None
    for _ in range(2):
        assert session.place(1) is None
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.BETTING
    assert window.banner.title.text() == "DEAL REFUSED"
    assert "below the seat minimum 5.00" in window.banner.reason.text()
    chip = session.snapshot.chip
    typed(qtbot, window, "7C")
    assert session.state.phase == BlackjackPhase.BETTING and session.snapshot.chip == chip
    assert session.state.bets == ((1, D("2")),)
    assert "7C not taken" in session.snapshot.message
    assert "press Space to deal first; the bets are still open" in session.snapshot.message
    assert window.banner.title.text() == "CARD NOT TAKEN"
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    press_focused(qtbot, window, Qt.Key.Key_Plus)  # 2 + 1 + 1 = 4.00, still below the minimum
    qtbot.waitUntil(lambda: window.banner.title.text() == "PLACE YOUR BETS", timeout=2000)  # once another is done


@pytest.fixture
def playing(qtbot, blackjack):
    session, window = blackjack
    assert session.place(1, D("10")) is None
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.PLAYING and window.entry.field.hasFocus()
    return session, window


def test_blackjack_esc_on_a_refused_card_keeps_the_cursor_for_the_card_due(qtbot, playing):
    """QA F2 (k8): AS 6D AS refused, Esc, then 10H chose chip 1 and H said the hit was refused."""
    session, window = playing
    for code in ("AS", "6D", "AS"):
        card(qtbot, window, code)
    assert window.entry.field.text() == "AS" and hand(session) == ["AS"]
    chip = session.snapshot.chip
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.hasFocus() and window.entry.field.text() == ""
    qtbot.waitUntil(lambda: any(bar.code == "refused" for bar in window.alerts.bars), timeout=2000)  # drawn
    press_focused(qtbot, window, Qt.Key.Key_Escape)  # the alert's OK (Esc): it goes, the cursor stays
    assert not any(a.code == "refused" for a in session.snapshot.alerts) and window.entry.field.hasFocus()
    card(qtbot, window, "10H")
    assert window.entry.last_error is None, window.entry.last_error
    assert hand(session) == ["AS", "TH"] and session.snapshot.chip == chip


def test_blackjack_k_then_x_while_a_card_is_due_says_x_is_not_a_suit_and_keeps_the_k(qtbot, playing):
    """QA F6 (k3): "cannot clear bets: the round is being dealt", and the K lost."""
    session, window = playing
    typed(qtbot, window, "KX")
    message = session.snapshot.message
    assert message.startswith("X is not a suit: type the king as KS, KH, KD or KC"), message
    assert window.entry.field.hasFocus() and window.entry.field.text() == "K"
    card(qtbot, window, "S")
    assert hand(session) == ["KS"]


def test_blackjack_a_card_typed_while_a_decision_is_due_doubles_nothing(qtbot, playing):
    """5D typed while the seat decides: 5 chose a chip and D doubled the hand."""
    session, window = playing
    for code in ("9S", "7D", "2H"):  # seat 11 against a 7: a decision is due, no card
        card(qtbot, window, code)
    assert not session.card_due() and not window.entry.field.hasFocus()
    typed(qtbot, window, "5D")
    assert not session.state.round.seat_hands(1)[0].doubled and hand(session) == ["9S", "2H"]
    assert "5D not taken" in session.snapshot.message
    press_focused(qtbot, window, Qt.Key.Key_D)  # D alone is the double, as ever
    assert session.state.round.seat_hands(1)[0].doubled


def test_blackjack_at_the_deck_check_t_then_a_suit_still_counts_the_stub(qtbot, blackjack):
    """T is the stub's key at the deck check: T then H counts the stub, and nothing claims that nothing changed."""
    session, window = blackjack
    press_focused(qtbot, window, Qt.Key.Key_C)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    window.centralWidget().setFocus()
    typed(qtbot, window, "TH")
    assert not session.state.stub_left and "not taken" not in session.snapshot.message


# -- rev41: a chip key and a command key, a deal refused after the deal, a table key after a rank --------------
def _keys(qtbot, window, *qt_keys, between: int = 30) -> None:
    """Keys as a keyboard sends them, to the window, ``between`` ms apart (a croupier's own pace)."""
    for qt_key in qt_keys:
        qtbot.wait(between)
        QTest.keyClick(window.windowHandle(), qt_key)


def test_baccarat_a_chip_key_then_d_a_second_later_deals(qtbot, baccarat):
    """rev41 F5: 5 then D was eaten for 2 s ("5D not taken"); a second is a chip then a deal, not a card typed."""
    window, session = baccarat
    _keys(qtbot, window, Qt.Key.Key_5, Qt.Key.Key_D, between=1000)
    assert session.state.phase == TablePhase.DEALING, session.snapshot.message


def test_baccarat_a_chip_key_then_c_a_second_later_clears_and_u_brings_the_bets_back(qtbot, baccarat):
    window, session = baccarat
    layout = session.state.betting.layout
    _keys(qtbot, window, Qt.Key.Key_5, Qt.Key.Key_C, between=1000)
    assert not session.state.betting.layout.stakes and "all bets cleared" in session.snapshot.message
    _keys(qtbot, window, Qt.Key.Key_U)
    assert session.state.betting.layout == layout


def test_baccarat_5d_typed_fast_says_press_d_again_to_deal_and_d_deals(qtbot, baccarat):
    """rev41 F5: "press D to deal first" when the croupier had pressed D; the refusal now says the way out."""
    window, session = baccarat
    layout, chip = session.state.betting.layout, session.snapshot.chip
    _keys(qtbot, window, Qt.Key.Key_5, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.BETTING and session.state.betting.layout == layout
    assert session.snapshot.chip == chip
    message = session.snapshot.message
    assert message == "5D not taken: no card is due now, nothing was changed; press D again to deal; " \
                      "the bets are still open", message
    assert window.banner.title.text() == "CARD NOT TAKEN"
    _keys(qtbot, window, Qt.Key.Key_D)  # at once: the second press is the deal
    assert session.state.phase == TablePhase.DEALING


@pytest.mark.parametrize("qt_key, meant", [(Qt.Key.Key_C, "C (clear all bets)"),
                                           (Qt.Key.Key_H, "H (history / settlement)")])
def test_baccarat_a_chip_key_then_a_command_typed_fast_names_the_command_and_its_second_press(qtbot, baccarat, qt_key,
                                                                                            meant):
    """rev41 F5: 5 then C refused, the clear eaten, with no word of how to clear; 2C itself must clear nothing (F1)."""
    window, session = baccarat
    layout = session.state.betting.layout
    _keys(qtbot, window, Qt.Key.Key_5, qt_key)
    assert session.state.betting.layout == layout
    message = session.snapshot.message
    assert "press D to deal first; the bets are still open" in message
    key = meant.split()[0]
    assert message.endswith(f"; if you meant {meant}, press {key} again"), message
    shown = window.right.currentWidget()
    _keys(qtbot, window, qt_key)  # the second press is the command
    if qt_key == Qt.Key.Key_C:
        assert not session.state.betting.layout.stakes and "all bets cleared" in session.snapshot.message
    else:
        assert window.right.currentWidget() is not shown


@pytest.fixture
def deciding(qtbot, playing):
    """Seat 1 holds 11 against a 7: a decision is due, no card."""
    session, window = playing
    for code in ("9S", "7D", "2H"):
        card(qtbot, window, code)
    assert not session.card_due() and session.state.phase == BlackjackPhase.PLAYING
    return session, window


def test_blackjack_2s_typed_fast_while_the_seat_decides_says_press_s_again_and_s_stands(qtbot, deciding):
    """rev41 F5: 2 then S said "2S not taken ... the table waits for SEAT 1" and no more: the stand was eaten."""
    session, window = deciding
    _keys(qtbot, window, Qt.Key.Key_2, Qt.Key.Key_S)
    assert not session.state.round.seat_hands(1)[0].stood and hand(session) == ["9S", "2H"]
    message = session.snapshot.message
    assert message.startswith("2S not taken: no card is due now, nothing was changed; the table waits for ")
    assert message.endswith("; if you meant S (stand), press S again"), message
    _keys(qtbot, window, Qt.Key.Key_S)
    assert session.state.round.seat_hands(1)[0].stood and hand(session) == ["9S", "2H"]


def test_blackjack_a_digit_then_h_a_second_later_hits(qtbot, deciding):
    session, window = deciding
    _keys(qtbot, window, Qt.Key.Key_2, Qt.Key.Key_H, between=1000)
    assert session.card_due() and window.entry.field.hasFocus(), session.snapshot.message


def test_baccarat_d_again_after_the_deal_leaves_the_banner_on_the_card_due(qtbot, dealt):
    """rev41 F6: D again after D put a red DEAL REFUSED ("Shift+V opens them again") over the card prompt
    until the next card; the refusal is the small line's, the banner the card's."""
    window, session = dealt
    title, reason = window.banner.title.text(), window.banner.reason.text()
    press_focused(qtbot, window, Qt.Key.Key_D)  # from the empty field: a table key
    assert session.snapshot.message.startswith("cannot deal: the bets are closed")
    qtbot.wait(100)
    assert (window.banner.title.text(), window.banner.reason.text()) == (title, reason)


def test_blackjack_space_while_a_card_is_due_leaves_the_banner_on_the_card_due(qtbot, playing):
    session, window = playing
    title, reason = window.banner.title.text(), window.banner.reason.text()
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.snapshot.message.startswith("cannot deal"), session.snapshot.message
    qtbot.wait(100)
    assert (window.banner.title.text(), window.banner.reason.text()) == (title, reason)


@pytest.fixture
def burning(qtbot, table_factory):
    """A baccarat table of typed cards at its burn (the first card due), the field holding the cursor."""
    window = table_factory("manual")
    qtbot.waitUntil(window.entry.field.hasFocus, timeout=2000)
    assert window.session.state.phase == TablePhase.BURN
    return window, window.session


@pytest.mark.parametrize("shift", [False, True])
def test_baccarat_b_after_a_rank_says_how_to_reach_the_table_key(qtbot, burning, shift):
    """rev41 F7: "B is not a suit" with a 5 in the field, and no word of how to get B (or Shift+B) at the table."""
    window, session = burning
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    key = "Shift+B" if shift else "B"
    press_focused(qtbot, window, None, "5")
    qtbot.keyClick(window.entry.field, Qt.Key.Key_B, modifier)
    assert window.entry.field.text() == "5" and session.state.phase == TablePhase.BURN
    message = session.snapshot.message
    assert message.startswith("B is not a suit: type the five as 5S, 5H, 5D or 5C"), message
    what = "skip the burn" if shift else "burn done face down"
    assert message.endswith(f"; if you meant {key} ({what}), Esc clears the 5, then press {key}"), message
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.text() == ""
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B, modifier)
    if shift:
        assert session.state.phase == TablePhase.BETTING, session.snapshot.message
    else:  # B's own answer at the table: the first burn card decides how many are burned
        assert session.snapshot.message.startswith("the first burn card must be shown"), session.snapshot.message


def test_a_key_with_no_table_use_after_a_rank_names_no_table_key(qtbot, burning):
    window, session = burning
    typed(qtbot, window, "5z")
    assert session.snapshot.message == "Z is not a suit: type the five as 5S, 5H, 5D or 5C"
