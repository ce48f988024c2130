"""A card counted twice early in the deck check is taken back on its own (qaAO F4), and N is refused after the
deck's last round (qaAO F7).

F4: Shift+Backspace took back only the last card counted, so a 2♣ read twice with 32 cards counted after it
meant 33 presses and 32 cards to count again, or a supervisor's override recording a complete deck as not
reconciled; a second COUNTED TOO OFTEN replaced the first alert.  Now the card typed in the card field, then
Shift+Backspace, takes back one count of that card; journaled, so a restart and the export agree; and the
alert names every card counted too often.

F7: after the cut card's round was settled, N opened "ROUND 3: BETS" and took bets that could never be dealt.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from focused_keys import press_focused  # noqa: E402
from replayed_journals import replayed  # noqa: E402
from test_ui_blackjack_deck_check_keys import ROUND, counted_back, settled, typed  # noqa: E402, F401
from dealer_assist.cards import parse_card  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules  # noqa: E402
from dealer_assist.table.export import rounds_from_entries  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402

#: Seat 1 stands on 19 against the dealer's 6; the dealer draws to 21.
PLAYED = ("TS", "6C", "9D", "TD", "5S")


def played(s: BlackjackSession) -> None:
    assert s.place(1, D("10")) is None
    for code in PLAYED[:3]:
        assert s.enter_card(code) is None
    assert s.stand() is None
    for code in PLAYED[3:]:
        assert s.enter_card(code) is None
    assert s.state.phase == BlackjackPhase.SETTLED


def counted_alerts(s: BlackjackSession) -> list:
    return [a for a in s.snapshot.alerts if a.code == "counted"]


def test_one_count_of_a_card_read_twice_early_is_taken_back_on_its_own_and_a_restart_agrees(tmp_path):
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    played(s)
    assert s.start_deck_check() is None
    for code in ("TS", "6C", "TS"):  # TS read twice, early
        assert s.enter_card(code) is None
    for code in ("9D", "TD", "5S"):
        assert s.enter_card(code) is None
    error = s.void_return("8S")  # not counted yet: refused, nothing changed
    assert error is not None and "not counted back" in error and len(s.state.ledger.returned) == 6
    assert s.return_stub() is None  # 47 more counted after it
    assert s.state.reconciliation().counted_too_often == (parse_card("TS"),)
    alert = counted_alerts(s)[-1]
    assert "type TS in the card field, then Shift+Backspace" in alert.action
    assert s.snapshot.reason.startswith("counted too often: type TS in the card field, then Shift+Backspace")
    refusal = s.new_deck()
    assert refusal is not None and "type TS in the card field, then Shift+Backspace" in refusal

    assert len(s.state.ledger.returned) == 53
    assert s.void_return("TS") is None
    assert s.state.reconciliation().ok and len(s.state.ledger.returned) == 52
    assert not counted_alerts(s)
    assert s.state.ledger.returned[:5] == tuple(parse_card(c) for c in ("TS", "6C", "9D", "TD", "5S"))  # the rest stay
    ledger = s.state.ledger
    s.close()
    assert replayed(path, BlackjackSession()).state.ledger == ledger  # a replay ends alike

    again = BlackjackSession(journal=Journal.open(path))
    try:
        assert again.state.phase == BlackjackPhase.DECK_CHECK and again.state.ledger == ledger
        assert again.state.reconciliation().ok and again.new_deck() is None
    finally:
        again.close()
    with Journal.open(path, readonly=True) as journal:
        (check,) = [r for r in rounds_from_entries(journal.entries()) if "deck_check" in r]
    assert [c["card"] for c in check["voided_cards"]] == ["TS"] and check["voided_cards"][0]["seq"] is not None
    assert [c["card"] for c in check["cards"]] == ["TS", "6C", "9D", "TD", "5S"]


def test_every_card_counted_too_often_stays_named_in_the_alert():
    s = BlackjackSession()
    played(s)
    assert s.start_deck_check() is None
    for code in ("TS", "TS", "6C", "9D", "9D"):
        assert s.enter_card(code) is None
    (alert,) = counted_alerts(s)
    assert "10♠" in alert.title and "9♦" in alert.title  # the second did not replace the first
    assert "type each in the card field (TS, 9D), then Shift+Backspace" in alert.action
    assert s.void_return("TS") is None
    (alert,) = counted_alerts(s)
    assert "9♦" in alert.title and "10♠" not in alert.title
    assert s.void_return("9D") is None and not counted_alerts(s)


def test_n_is_refused_after_the_decks_last_round_naming_the_deck_check_then_ctrl_n():
    s = BlackjackSession()
    played(s)
    assert s.cut_card() is None  # O: the deck ends with this round
    assert s.state.cut_out and s.state.phase == BlackjackPhase.SETTLED
    error = s.next_round()
    assert error is not None and "(C)" in error and "Ctrl+N" in error
    assert s.state.phase == BlackjackPhase.SETTLED and s.state.round_no == 1  # no round 2 opened for bets
    assert s.start_deck_check() is None and s.return_stub() is None
    for code in PLAYED:
        assert s.enter_card(code) is None
    assert s.new_deck() is None and s.next_round() is not None  # BETTING: nothing to finish, as before


def shift_backspace(qtbot, window):
    """Shift+Backspace where the cursor is (the card field, counting a deck back)."""
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Backspace, Qt.KeyboardModifier.ShiftModifier)


def _typed_in_field(qtbot, window, code):
    press_focused(qtbot, window, None, code)
    shift_backspace(qtbot, window)


def test_the_card_typed_then_shift_backspace_takes_back_one_count_of_it(qtbot, settled):  # noqa: F811
    session, window = settled
    counted_back(qtbot, window, session, ROUND[:1] + ROUND[:1] + ROUND[1:])  # 9S twice, first
    assert session.state.reconciliation().counted_too_often == (parse_card("9S"),)
    _typed_in_field(qtbot, window, "9S")
    assert window.last_error is None, window.last_error
    assert session.state.ledger.returned == tuple(parse_card(c) for c in ROUND)  # the later cards stay
    assert window.entry.field.text() == "" and window.entry.field.hasFocus()  # ready for the next card
    _typed_in_field(qtbot, window, "AH")  # not counted: refused, kept in the field to be typed again
    assert window.last_error is not None and "not counted back" in window.last_error
    assert len(session.state.ledger.returned) == len(ROUND) and window.entry.field.text().upper() == "AH"
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    shift_backspace(qtbot, window)
    assert session.state.ledger.returned == tuple(parse_card(c) for c in ROUND[:-1])  # empty field: the last


def test_n_key_after_the_decks_last_round_opens_no_bets(qtbot, settled):  # noqa: F811
    session, window = settled
    assert session.cut_card() is None
    press_focused(qtbot, window, Qt.Key.Key_N)
    assert session.state.phase == BlackjackPhase.SETTLED and session.state.round_no == 1
    assert window.last_error is not None and "Ctrl+N" in window.last_error
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == session.snapshot.version,
                    timeout=2000)
    assert not window.actions.buttons["next_round"].isEnabled()  # nor offered on its button


def test_the_take_back_of_the_last_card_replays_alike(tmp_path):
    """Journals before the fix name the last card counted: the same card taken back."""
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    played(s)
    assert s.start_deck_check() is None
    for code in ("TS", "6C", "9D", "6C"):
        assert s.enter_card(code) is None
    assert s.void_return() is None
    ledger = s.state.ledger
    s.close()
    again = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    try:
        assert again.state.ledger == ledger and ledger.returned == tuple(parse_card(c) for c in ("TS", "6C", "9D"))
    finally:
        again.close()
