"""The blackjack pay list and seat badges say what the croupier does with each stake, at the table's rules.

QA: with original bet only, a doubled 20 against a dealer blackjack loses 10 and gets 10 back, but the pay
list said TAKE and the badge LOSE 20.00 (the croupier took the 10 to hand back); and a table paying 6:5
still gave its blackjacks the reason "blackjack pays 3:2", in the pay list and in the journal.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtWidgets import QLabel  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, rules_from_config  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


def manual_table(show_window, tmp_path, **config):
    journal = Journal.open(tmp_path / "bj.sqlite")
    session = BlackjackSession(rules_from_config({"seats": 3, **config}), journal)
    return session, show_window(BlackjackWindow(session, None), (1920, 1080)), journal


def synced(qtbot, window, session):
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == session.snapshot.version,
                    timeout=2000)


def bet_10_on_seat_1(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_3)  # the third chip: 10
    rect = window.table.seat_rect(1)
    qtbot.mouseClick(window.table, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(rect.center().x()), int(rect.center().y())))
    qtbot.keyClick(window, Qt.Key.Key_Space)


def type_cards(qtbot, window, *codes):
    for code in codes:
        qtbot.keyClick(window, Qt.Key.Key_K)
        qtbot.keyClicks(window.entry.field, code)
        qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)


def reasons(window):
    return [label.text() for label in window.settlement.findChildren(QLabel) if label.property("reason")]


def test_a_double_against_a_dealer_blackjack_at_original_bet_only_shows_the_stake_returned(
        qtbot, show_window, tmp_path):
    session, window, journal = manual_table(show_window, tmp_path, dealer_blackjack_takes_all=False)
    try:
        bet_10_on_seat_1(qtbot, window)
        type_cards(qtbot, window, "5S", "AH", "6D")  # seat 1: 11 against an ace
        qtbot.keyClick(window, Qt.Key.Key_D)
        type_cards(qtbot, window, "9C", "KH")  # 20 doubled; the dealer's blackjack
        synced(qtbot, window, session)
        hand = session.state.settlement.hands[0]
        assert session.state.phase == BlackjackPhase.SETTLED and (hand.stake, hand.returns) == (20, 10)
        assert window.settlement.lines == ["SEAT 1: 20.00 lose TAKE 10.00 · RETURN 10.00"]
        footer = window.settlement.totals.text()
        assert "stakes 20.00 · taken 10.00\npaid 0.00 · house 10.00" in footer
        window.table.repaint()
        assert window.table.drawn["SEAT 1"][0][2] == "LOSE 10.00 · RETURN 10.00"
    finally:
        window.bridge.detach()
        session.close()


def test_a_plain_loss_is_still_taken_whole(qtbot, show_window, tmp_path):
    session, window, journal = manual_table(show_window, tmp_path)
    try:
        bet_10_on_seat_1(qtbot, window)
        type_cards(qtbot, window, "5S", "AH", "6D")
        qtbot.keyClick(window, Qt.Key.Key_D)
        type_cards(qtbot, window, "9C", "KH")  # the dealer's blackjack takes it all (the default)
        synced(qtbot, window, session)
        assert window.settlement.lines == ["SEAT 1: 20.00 lose TAKE"]
        window.table.repaint()
        assert window.table.drawn["SEAT 1"][0][2] == "LOSE 20.00"
        assert "taken 20.00\npaid 0.00" in window.settlement.totals.text()
    finally:
        window.bridge.detach()
        session.close()


def test_a_blackjack_at_a_6_5_table_is_paid_with_the_reason_6_5(qtbot, show_window, tmp_path):
    session, window, journal = manual_table(show_window, tmp_path, blackjack_pays="1.2")
    try:
        bet_10_on_seat_1(qtbot, window)
        type_cards(qtbot, window, "AS", "6H", "KD")  # seat 1's blackjack; the dealer's 6 cannot make one
        synced(qtbot, window, session)
        assert window.settlement.lines == ["SEAT 1: 10.00 win PAY 12.00"]
        assert reasons(window) == ["blackjack pays 6:5"]
        settled = [e.payload for e in journal.entries() if e.kind == "settlement"]
        assert [b["reason"] for b in settled[-1]["bets"]] == ["blackjack pays 6:5"]
    finally:
        window.bridge.detach()
        session.close()
