"""A round settled, paid, then corrected by a void: the pay list says per bet what to take back or pay more
(qaQ F6: the new list said PUSH and TAKE as if nothing had been paid; 19.81 paid under the voided settlement
was nowhere on screen).  Real session and window; keys where the cursor is."""

from __future__ import annotations

from decimal import Decimal as D

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TablePhase, TableRules
from focused_keys import press_focused

#: Seat 1 Banker, 2 Player, 3 Small, 4 Big, 5 Tie, 10.00 each.
BETS = ((1, Bet.BANKER), (2, Bet.PLAYER), (3, Bet.SMALL), (4, Bet.BIG), (5, Bet.TIE))


def settled(qtbot, table_factory):
    """Player 3C 4C (7), Banker 9H KS (9): BANKER WINS 9 TO 7, four cards; the croupier pays it."""
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    for seat, bet in BETS:
        assert session.place(seat, bet, D("10")) is None
    assert session.deal() is None
    for code in ("3C", "9H", "4C", "KS"):
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    return window, session


def calls(window):
    return {(row[0], row[1]): row[3] for row in window.settlement.rows()}


def test_the_card_voided_and_retyped_the_list_says_what_to_take_back_and_pay(qtbot, table_factory):
    window, session = settled(qtbot, table_factory)
    assert calls(window)[("1", "Banker")] == "PAY 9.50"
    for _ in range(2):  # V on a settled round: press twice (no supervisors)
        press_focused(qtbot, window, Qt.Key.Key_V)
    assert len(session.state.round.cards) == 3, window.betting.last_error
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    assert "taken back" in window.settlement.totals.text() and "9.50 paid" not in window.settlement.totals.text()
    assert "24.50 paid under it" in window.settlement.totals.text()  # 9.50 + 15.00 (Small)
    for code in ("5S", "3D"):  # Banker 4 draws a 3: TIE 7 TO 7, five cards
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    assert window.right.currentWidget() is window.settlement
    assert calls(window) == {("1", "Banker"): "TAKE BACK 9.50",
                             ("3", "Small"): "TAKE BACK 15.00 AND THE STAKE",
                             ("2", "Player"): "RETURN THE STAKE",
                             ("4", "Big"): "RETURN THE STAKE, PAY 5.40",
                             ("5", "Tie"): "RETURN THE STAKE, PAY 80.00"}
    assert [r[0] for r in window.settlement.rows()][:2] == ["1", "3"]  # the takes first
    # old net -5.50 (9.50 + 15.00 - 30.00), new net 75.40 (5.40 + 80.00 - 10.00): 80.90 more to the players
    assert "the table pays 80.90" in window.settlement.totals.text()
    press_focused(qtbot, window, Qt.Key.Key_N)  # the next round's list is an ordinary one
    assert session.state.round_no == 2 and session.state.paid_before is None


def test_a_misdeal_after_payment_lists_what_to_undo_before_the_deal(qtbot, table_factory):
    window, session = settled(qtbot, table_factory)
    for _ in range(2):
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_V, Qt.KeyboardModifier.ShiftModifier)
    assert session.state.phase == TablePhase.BETTING, window.betting.last_error
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    assert calls(window) == {("1", "Banker"): "TAKE BACK 9.50", ("3", "Small"): "TAKE BACK 15.00",
                             ("2", "Player"): "RETURN THE STAKE", ("4", "Big"): "RETURN THE STAKE",
                             ("5", "Tie"): "RETURN THE STAKE"}
    assert "MISDEAL" in window.settlement.title.text()
    assert session.deal() is None  # dealt anew: the payment was undone, the next list is an ordinary one
    for code in ("3C", "9H", "4C", "KS"):
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    assert calls(window)[("1", "Banker")] == "PAY 9.50" and calls(window)[("2", "Player")] == "TAKE"


def whole(label) -> bool:
    """Whether ``label`` shows all its text: each word within its width, and every line it wraps to within
    its height."""
    metrics, text = label.fontMetrics(), label.text()
    if any(metrics.horizontalAdvance(word) > label.width() for word in text.split()):
        return False
    if not label.wordWrap():
        return metrics.horizontalAdvance(text) <= label.width()
    wrapped = metrics.boundingRect(0, 0, label.width(), 10 ** 5, int(Qt.TextFlag.TextWordWrap.value), text)
    return wrapped.height() <= label.height()


def test_blackjack_the_dealer_s_card_voided_after_payment_lists_what_to_pay(qtbot, show_window):
    """The same at blackjack: seat 1 lost 10.00 to the dealer's 17 and it was taken; the dealer's last card
    voided (Backspace twice) and retyped, the dealer busts: the list pays 20.00, the stake and the win."""
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None), size=(1920, 1080))  # as qaR F15 saw it
    assert session.place(1, D("10")) is None and session.deal() is None
    for code in ("9S", "7D", "2H"):
        assert session.enter_card(code) is None
    assert session.stand() is None and session.enter_card("KH") is None  # 11 against 17: taken
    assert session.state.phase == BlackjackPhase.SETTLED
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    for _ in range(2):
        press_focused(qtbot, window, Qt.Key.Key_Backspace)
    assert session.state.phase == BlackjackPhase.PLAYING, window.last_error
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    assert "PAID SETTLEMENT TAKEN BACK" in window.settlement._title
    qtbot.waitUntil(lambda: "TAKEN BACK" in window.settlement.title.text(), timeout=3000)
    assert whole(window.settlement.title)  # qaR F15: "ROUND 5: BETS · PAID SETTLE" was cut
    for code in ("9C", "6C"):  # the dealer 16, then 22: busts
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
    assert session.state.phase == BlackjackPhase.SETTLED, window.last_error
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    qtbot.waitUntil(lambda: "CORRECT THE PAYMENT" in window.settlement.title.text(), timeout=3000)
    assert whole(window.settlement.title)
    # The stake taken goes back and the win is paid, in baccarat's words (qaR F15: "PAY 20.00", stake and win
    # in one sum, where the ordinary pay list's PAY is the win alone).
    assert window.settlement.lines == ["SEAT 1: 10.00 RETURN THE STAKE, PAY 10.00"]
    assert "in all the table pays 20.00" in window.settlement.totals.text()
    window.bridge.detach()
    session.close()


def test_a_long_correction_shows_every_bet_and_call_whole_at_small_screens(qtbot, table_factory):
    """qaZ F1: the Bet column was cut to "Banke…" beside the long calls, so a seat's Banker and Banker Pair
    (same stake) looked alike, one to take 1,100.00 back from and the other to pay 95.00 on; letting the call
    column take the cut instead cut "AND THE STAKE".  Bets go by their short names (B Pair), and the list's
    text steps down until every cell shows whole."""
    from PySide6.QtGui import QFontMetrics

    for size in ((1280, 720), (960, 540)):
        window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
        session = window.session
        for seat, bet, amount in ((1, Bet.BANKER, "5000"), (1, Bet.BANKER_PAIR, "100"), (2, Bet.PLAYER, "5000"),
                                  (3, Bet.SMALL, "2000"), (4, Bet.BIG, "25")):
            assert session.place(seat, bet, D(amount)) is None
        assert session.deal() is None
        for code in ("5H", "5C", "2D", "5S", "3H"):  # Player wins 7 to 3, the Banker Pair paid
            assert session.enter_card(code) is None
        assert session.void_last_card(why="misread") is None and session.void_last_card(why="misread") is None
        assert session.enter_card("4S") is None  # Banker 5C 4S: a natural 9
        qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
        rows = {(row[0], row[1]): row[3] for row in window.settlement.rows()}
        assert rows[("1", "B Pair")] == "TAKE BACK 1,100.00 AND THE STAKE"
        assert rows[("1", "Banker")] == "RETURN THE STAKE, PAY 4,750.00"
        table = window.settlement.table
        metrics = QFontMetrics(table.font())
        for r in range(table.rowCount()):
            for c in range(table.columnCount()):
                text = table.item(r, c).text()
                assert metrics.horizontalAdvance(text) <= table.columnWidth(c), (size, text, table.columnWidth(c))
        window.close()
