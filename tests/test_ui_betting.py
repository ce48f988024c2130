"""Chips, limits, settlement, alerts and the confirm step, driven through the real widgets."""

from __future__ import annotations

import threading
import time
from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import Card
from dealer_assist.money import fmt, winnings
from dealer_assist.shoe import ShoeRules
from dealer_assist.events import CardRead, LinkState, Unreadable
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.ui.bet_names import SHORT


def shown(window):
    return window._last


def synced(qtbot, window):
    qtbot.waitUntil(lambda: shown(window).version == window.session.snapshot.version, timeout=3000)


def click(qtbot, window, seat, bet, shift=False):
    grid = window.betting.grid
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, mods, grid.cell_centre(seat, bet))
    synced(qtbot, window)


def press(qtbot, window, key):
    qtbot.keyClick(window.centralWidget(), key)
    synced(qtbot, window)


def stake(window, seat, bet):
    """The stake the window drew (the grid's snapshot), not the session's."""
    return window.betting.grid.snapshot.state.betting.layout.get(seat, bet)


def open_table(window, qtbot):
    window.session.skip_burn()
    synced(qtbot, window)


def test_chip_click_shift_click_undo_clear_double_rebet_deal(qtbot, table_factory):
    window = table_factory("manual")
    open_table(window, qtbot)
    chips = window.session.state.rules.chips
    buttons = window.betting.buttons
    # Drawn enabled only where they can act (qaZ: Undo looked ready with nothing to undo).
    assert [k for k, b in buttons.items() if b.isEnabled()] == ["deal"]
    qtbot.mouseClick(window.betting.chip_buttons[chips[2]], Qt.MouseButton.LeftButton)  # the 25 chip
    synced(qtbot, window)
    assert shown(window).chip == chips[2] and window.betting.chip_buttons[chips[2]].isChecked()
    click(qtbot, window, 2, Bet.PLAYER)
    assert all(b.isEnabled() for k, b in buttons.items() if k != "rebet") and not buttons["rebet"].isEnabled()
    window.session.set_limits({"max": {"player": "40"}}, why="a lower table")  # 25 doubled is over it
    synced(qtbot, window)
    assert not buttons["double"].isEnabled()  # qaAB F11: drawn enabled though X was refused
    window.session.set_limits({"max": {"player": "5000"}}, why="back")
    synced(qtbot, window)
    click(qtbot, window, 2, Bet.PLAYER)
    assert stake(window, 2, Bet.PLAYER) == 2 * chips[2]
    click(qtbot, window, 2, Bet.PLAYER, shift=True)
    assert stake(window, 2, Bet.PLAYER) == chips[2]
    press(qtbot, window, Qt.Key.Key_U)  # undo the removal
    assert stake(window, 2, Bet.PLAYER) == 2 * chips[2]
    click(qtbot, window, 5, Bet.TIE)
    qtbot.mouseClick(window.betting.buttons["double"], Qt.MouseButton.LeftButton)
    synced(qtbot, window)
    assert stake(window, 2, Bet.PLAYER) == 4 * chips[2] and stake(window, 5, Bet.TIE) == 2 * chips[2]
    assert window.betting.total.text() == f"Total stake {fmt(6 * chips[2])}"
    press(qtbot, window, Qt.Key.Key_U)  # undo the double in one step
    assert stake(window, 5, Bet.TIE) == chips[2]
    press(qtbot, window, Qt.Key.Key_C)
    assert not window.betting.grid.snapshot.state.betting.layout
    press(qtbot, window, Qt.Key.Key_U)  # the clear, undone
    assert stake(window, 2, Bet.PLAYER) == 2 * chips[2]
    qtbot.mouseClick(window.betting.buttons["deal"], Qt.MouseButton.LeftButton)
    synced(qtbot, window)
    assert not window.betting.buttons["undo"].isEnabled()
    click(qtbot, window, 3, Bet.BANKER)  # locked: refused, shown, nothing changes
    assert stake(window, 3, Bet.BANKER) == 0
    assert "bets are closed" in window.betting.message.text()
    for code in ("9H", "2S", "KD", "3C"):  # Player natural 9
        window.session.enter_card(code)
    press(qtbot, window, Qt.Key.Key_N)
    assert shown(window).state.phase == TablePhase.BETTING
    press(qtbot, window, Qt.Key.Key_R)  # rebet: the last round's bets back
    assert stake(window, 2, Bet.PLAYER) == 2 * chips[2] and stake(window, 5, Bet.TIE) == chips[2]


def test_limit_refusal_is_shown_and_changes_nothing(qtbot, table_factory):
    window = table_factory("manual")
    open_table(window, qtbot)
    rules = window.session.state.rules
    top = rules.limits.max_for(Bet.TIE)
    big = max(rules.chips)
    assert big > top
    press(qtbot, window, Qt.Key.Key_1 + len(rules.chips) - 1)  # the biggest chip
    click(qtbot, window, 1, Bet.TIE)
    assert stake(window, 1, Bet.TIE) == 0
    text = window.betting.message.text()
    assert "Tie maximum" in text and fmt(top) in text and fmt(big) in text
    assert window.betting.last_error == text
    assert "color: #" in window.betting.message.styleSheet()


def test_settlement_view_shows_the_paying_order_and_totals(qtbot, table_factory):
    window = table_factory("manual")
    open_table(window, qtbot)
    s = window.session
    s.select_chip(Decimal("25"))
    s.place(1, Bet.BANKER)
    s.place(2, Bet.PLAYER)
    s.select_chip(Decimal("5"))
    s.place(1, Bet.BANKER_PAIR)
    s.place(3, Bet.SMALL)
    s.deal()
    for code in ("2S", "9H", "3D", "9C"):  # Banker 8 natural with a pair of nines, 4 cards
        s.enter_card(code)
    synced(qtbot, window)
    rows = window.settlement.rows()
    assert [r[3] for r in rows][:1] == ["TAKE"]  # losing bets are collected first
    settlement = s.state.settlement
    assert rows == [(str(r.seat), SHORT[r.bet], fmt(r.stake), r.call.upper(), fmt(r.commission) if r.commission else "")
                    for r in settlement.paying_order]
    banker = next(r for r in rows if r[1] == "Banker")
    assert banker[3] == f"PAY {fmt(winnings(Decimal('25'), Decimal('0.95')))}" and banker[4] == "1.25"
    pair = next(r for r in rows if r[1] == "B Pair")
    assert pair[3] == f"PAY {fmt(winnings(Decimal('5'), Decimal('11')))}"
    assert f"Paid {fmt(settlement.paid)}" in window.settlement.totals.text()
    assert f"Commission {fmt(settlement.commission)}" in window.settlement.totals.text()
    assert window.settlement.title.text().endswith("PAY IN THIS ORDER")


def test_alerts_refused_card_impossible_card_link_lost(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(decks=1, burn=False)))
    s = window.session
    s.deal()
    s.enter_card("AS")
    s.enter_card("AS")  # a one-deck shoe has one ace of spades
    synced(qtbot, window)
    assert window.alerts.isVisible()
    assert any("REFUSED" in t for t in window.alerts.titles())
    bar = window.alerts.bars[0]
    assert "A♠" in bar.title.text() and bar.action.text().startswith("DO: ")
    assert len(s.state.round.cards) == 1  # the table did not take it
    assert window.entry.field.hasFocus()  # a card is due at this table of typed cards: the field holds the cursor
    press(qtbot, window, Qt.Key.Key_Escape)  # the empty field's Esc is the alert's OK; the cursor stays (qaAW F2)
    assert not window.alerts.isVisible() and window.entry.field.hasFocus()

    def lose_link():
        s.handle(LinkState("serial:/dev/ttyUSB0", time.time(), "lost", "unplugged"))
        s.handle(Unreadable("serial:/dev/ttyUSB0", time.time(), 12))

    t = threading.Thread(target=lose_link)
    t.start()
    t.join()
    synced(qtbot, window)
    titles = window.alerts.titles()
    assert titles[:2] == ["UNREADABLE CARD", "CARD READER LOST"]  # newest first
    assert window.alerts.bars[1].palette().color(window.alerts.bars[1].backgroundRole()).name() == "#c8102e"
    assert "lost" in window.status.links.text()
    qtbot.mouseClick(window.alerts.bars[0].ok, Qt.MouseButton.LeftButton)
    synced(qtbot, window)
    assert window.alerts.titles() == ["CARD READER LOST"]


def test_card_after_the_round_is_held_then_played_with_enter(qtbot, table_factory):
    window = table_factory("manual")
    open_table(window, qtbot)
    s = window.session
    s.deal()
    for code in ("9H", "2S", "KD", "3C"):
        s.enter_card(code)
    s.enter_card("4D")  # after the round: held
    synced(qtbot, window)
    assert shown(window).state.held == (Card("4", "D"),)
    assert window.entry.yes.isVisible() and "HELD" in window.entry.question.text()
    press(qtbot, window, Qt.Key.Key_Return)
    assert shown(window).state.held == ()
    assert shown(window).state.round.cards == (Card("4", "D"),)
    assert not window.entry.yes.isVisible()


def _typed(qtbot, window, code):
    """K, the code, Enter: as a croupier types a card, the keys going where the focus is."""
    from focused_keys import press_focused

    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    synced(qtbot, window)


def test_a_late_card_typed_in_is_held_once_and_enter_then_deals_it_once_as_a_no_bet_hand(qtbot, table_factory):
    """Enter had sent the late card again from the field (HELD: 4♦ 4♦), and Del only cleared the text."""
    from focused_keys import press_focused

    window = table_factory("manual")
    open_table(window, qtbot)
    s = window.session
    s.deal()
    for code in ("9S", "9H", "QH", "2C"):
        _typed(qtbot, window, code)
    _typed(qtbot, window, "4D")  # after the round: held
    assert shown(window).state.held == (Card("4", "D"),)
    assert window.entry.field.text() == "" and not window.entry.field.hasFocus()
    assert window.entry.yes.text() == "No-bet hand (Enter)" and window.entry.no.text() == "Set aside (Del)"
    press_focused(qtbot, window, Qt.Key.Key_Return)
    synced(qtbot, window)
    state = shown(window).state
    assert state.held == () and state.round.cards == (Card("4", "D"),) and state.shoe.copies_seen(Card("4", "D")) == 1
    assert not state.betting.layout and "NO-BET HAND" in window.alerts.titles()


def test_a_late_card_typed_in_is_set_aside_with_del(qtbot, table_factory):
    from focused_keys import press_focused

    window = table_factory("manual")
    open_table(window, qtbot)
    window.session.deal()
    for code in ("9S", "9H", "QH", "2C", "4D"):
        _typed(qtbot, window, code)
    press_focused(qtbot, window, Qt.Key.Key_Delete)
    synced(qtbot, window)
    shoe = shown(window).state.shoe
    assert shown(window).state.held == () and shoe.set_aside_cards == (Card("4", "D"),) and shoe.dealt == 4


def test_unsure_card_waits_for_confirmation(qtbot, table_factory):
    window = table_factory("manual")
    open_table(window, qtbot)
    s = window.session
    s.deal()
    unsure = CardRead(Card("9", "H"), "camera", time.time(), 0.55, candidates=(Card("9", "H"), Card("9", "D")))
    t = threading.Thread(target=s.handle, args=(unsure,))
    t.start()
    t.join()
    synced(qtbot, window)
    assert window.banner.title.text() == "CONFIRM CARD"
    assert "9♥ or 9♦" in window.entry.question.text()
    assert not s.state.round.cards
    press(qtbot, window, Qt.Key.Key_Delete)  # no: rejected, still no card
    assert shown(window).pending is None and not s.state.round.cards
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    qtbot.keyClicks(window.entry.field, "9d")  # the rejected card typed, as the message asks
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    synced(qtbot, window)
    assert shown(window).state.round.cards == (Card("9", "D"),)
    t = threading.Thread(target=s.handle, args=(unsure,))  # the next card, unsure too
    t.start()
    t.join()
    synced(qtbot, window)
    assert window.banner.title.text() == "CONFIRM CARD"  # asked as any unsure card: the typed one ended the wait
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    qtbot.keyClicks(window.entry.field, "9h")  # the croupier corrects it
    qtbot.keyClick(window.entry.field, Qt.Key.Key_Return)
    synced(qtbot, window)
    assert shown(window).pending is None
    assert shown(window).state.round.cards == (Card("9", "D"), Card("9", "H"))
    assert window.entry.field.text() == ""


def test_info_alerts_go_away_by_themselves_errors_stay(qtbot, table_factory, monkeypatch):
    from dealer_assist.ui import alerts

    monkeypatch.setattr(alerts, "INFO_SECONDS", 0.2)
    window = table_factory("manual")
    window.session.alert("hello", "info", "SHOE CONNECTED", "SIM-0001", "none")
    window.session.alert("gap", "error", "FRAMES LOST", "frame 9", "type any missing card (K)")
    synced(qtbot, window)
    assert window.alerts.titles() == ["FRAMES LOST", "SHOE CONNECTED"]
    qtbot.waitUntil(lambda: window.alerts.titles() == ["FRAMES LOST"], timeout=3000)


def test_a_full_screen_of_trouble_still_fits_1280x720(qtbot, table_factory):
    window = table_factory("manual")
    s = window.session
    s.skip_burn()
    s.deal()
    for code in ("9H", "2S", "KD", "3C", "4D"):  # the last one is held, with an alert
        s.enter_card(code)
    s.alert("gap", "error", "FRAMES LOST", "the reader lost frames 9, 10: a card may have been missed",
            "compare the cards on the table with the display and type any missing card (K)")
    synced(qtbot, window)
    qtbot.wait(50)
    assert (window.width(), window.height()) == (1280, 720)
    assert window.minimumSizeHint().width() <= 1280 and window.minimumSizeHint().height() <= 720


def test_the_card_fields_hint_is_shown_whole(qtbot, table_factory):
    """It had read "type a card: 9H, T…" at 1280x720 and 1920x1080: the Enter that sends a card never showed."""
    from PySide6.QtGui import QFontMetrics

    for size in ((1280, 720), (1920, 1080), (1024, 768)):
        window = table_factory("manual", size=size)
        field = window.entry.field
        qtbot.waitUntil(lambda: field.width() > 0)
        hint = field.placeholderText()
        assert "Enter" in hint
        assert QFontMetrics(field.font()).horizontalAdvance(hint) <= field.contentsRect().width() - 8, size


def test_a_big_settled_stake_fits_its_cell_beside_its_chip_or_alone(qtbot, table_factory):
    """QA: at 1024x768 (and a replay's 960x720) a settled 5,000.00 ran under its chip: "000.00 ✗" was read."""
    for size in ((1024, 768), (960, 720), (1280, 720)):
        window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
        s = window.session
        for seat, bet, stake in ((1, Bet.BANKER, "5000"), (2, Bet.BANKER, "4999"), (3, Bet.SMALL, "2000"),
                                 (4, Bet.PLAYER, "1234")):
            assert s.place(seat, bet, Decimal(stake)) is None
        assert s.deal() is None
        for code in ("9S", "KH", "QD", "5C"):
            assert s.enter_card(code) is None
        grid = window.betting.grid
        qtbot.waitUntil(lambda: grid.painted_stakes.get((1, Bet.BANKER), "").endswith("✗"), timeout=3000)
        assert grid.painted_stakes[(1, Bet.BANKER)] == "5000.00 ✗"
        overflow = {cell: w for cell, w in grid.painted_widths.items() if w[0] > w[1] + 0.5}
        assert overflow == {}, size
        window.close()


def test_a_chip_key_with_no_chip_behind_it_says_why(qtbot, table_factory):
    """QA: with the six chips of the default table, 7, 8 and 9 did nothing and said nothing."""
    window = table_factory("manual")
    open_table(window, qtbot)
    chips = window.session.state.rules.chips
    assert len(chips) == 6
    press(qtbot, window, Qt.Key.Key_3)
    assert shown(window).chip == chips[2]
    for key, n in ((Qt.Key.Key_7, 7), (Qt.Key.Key_9, 9)):
        press(qtbot, window, key)
        said = f"no chip {n}: this table has 6 chips (1-6)"
        assert window.betting.message.text() == said and window.betting.last_error == said
        assert shown(window).chip == chips[2]  # the chip chosen stays
    press(qtbot, window, Qt.Key.Key_6)
    assert shown(window).chip == chips[5] and "no chip" not in window.betting.message.text()
