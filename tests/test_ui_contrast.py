"""What a croupier reads on a colour reads at WCAG AA (4.5:1), and the most serious alert is on top.

The warning bar's cream text on orange read at 2.3:1, the PAY rows' at 3.1:1, the grid's Player and
Banker headings on the felt at 2.7:1; a table-stopping refusal sat under a note that the cut card
came out, and every bar below the top one took the table's room with its whole text."""

from __future__ import annotations

import pytest

from dealer_assist.ui import theme

AA = 4.5


def test_the_fills_behind_cream_text_read_at_aa():
    for fill in (theme.PLAYER, theme.BANKER, theme.TIE, theme.WIN, theme.LOSE):
        assert theme.contrast(theme.TEXT, fill) >= AA, fill.name()


@pytest.mark.parametrize("fill", [*theme.LEVEL.values(), *(theme.chip_colour(v) for v in theme.CHIP_COLOURS)],
                         ids=lambda c: c.name())
def test_text_on_alert_bars_and_chips_takes_the_ink_that_reads(fill):
    ink = theme.ink_on(fill)
    assert theme.contrast(ink, fill) >= AA
    assert theme.contrast(ink, fill) >= theme.contrast(theme.TEXT, fill)


def test_hand_colours_as_text_on_the_felt_read_at_aa():
    for ink in (*theme.HAND_INK.values(), theme.GOOD_INK, theme.BAD_INK, theme.MUTED, theme.GOLD):
        assert theme.contrast(ink, theme.FELT) >= AA and theme.contrast(ink, theme.PANEL) >= AA, ink.name()
    assert theme.ink_on(theme.LEVEL["warning"]) == theme.DARK_INK  # cream on that orange: 2.3:1


def test_the_most_serious_alert_is_on_top_and_the_others_keep_to_one_line(qtbot, table_factory):
    window = table_factory("manual")
    s = window.session
    s.alert("gap", "error", "FRAMES LOST", "the reader lost frames 9 and 10", "type any missing card (K)")
    s.alert("cut", "info", "CUT CARD OUT", "this round and one more", "none")
    s.alert("late", "warning", "LATE CARD", "a card after the round", "N or Del")
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 3, timeout=3000)
    assert window.alerts.titles() == ["FRAMES LOST", "LATE CARD", "CUT CARD OUT"]
    top, *rest = window.alerts.bars
    assert top.text.isVisibleTo(top) and top.action.isVisibleTo(top)
    assert all(not bar.text.isVisibleTo(bar) and bar.title.text().startswith(bar.alert.title) for bar in rest)
    assert rest[0].title.text() == "LATE CARD  ·  DO: N or Del"
    warning_ink = rest[0].title.styleSheet()
    assert theme.DARK_INK.name() in warning_ink
    window.alerts.dismiss_newest()  # Esc: the bar on top
    qtbot.waitUntil(lambda: window.alerts.titles() == ["LATE CARD", "CUT CARD OUT"], timeout=3000)


def test_a_settled_bet_says_its_result_in_text_and_fits_a_narrow_cell(qtbot, table_factory):
    """Won and lost cells differed by their fill alone (light and dark olive under deuteranopia)."""
    from PySide6.QtGui import QFontMetricsF

    from baccarat_rounds import BANKER_WINS_5_0, play_round
    from dealer_assist.baccarat.paytable import Bet

    window = table_factory("manual")
    play_round(window.session, "25", [(1, Bet.BANKER), (2, Bet.PLAYER)], BANKER_WINS_5_0)
    qtbot.waitUntil(lambda: window.betting.grid.painted_stakes.get((1, Bet.BANKER), "").endswith("✓"), timeout=3000)
    assert window.betting.grid.painted_stakes == {(1, Bet.BANKER): "25.00 ✓", (2, Bet.PLAYER): "25.00 ✗"}
    f = theme.fitted_font(20, "99999.99 ✓", 60)
    assert QFontMetricsF(f).horizontalAdvance("99999.99 ✓") <= 61 and f.pixelSize() < 20
    assert theme.fitted_font(20, "5.00", 200).pixelSize() == 20


def test_keys_7_to_9_choose_the_seventh_to_ninth_chips(qtbot, table_factory):
    """A table of eight chips: the tooltips said "(key 7)" and "(key 8)", and the keys did nothing."""
    from decimal import Decimal

    from PySide6.QtCore import Qt

    from dealer_assist.table.state import TableRules

    chips = tuple(Decimal(v) for v in ("1", "5", "10", "25", "100", "500", "1000", "5000"))
    window = table_factory("manual", rules=TableRules(chips=chips))
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_8)
    qtbot.waitUntil(lambda: window.session.snapshot.chip == Decimal("5000"), timeout=2000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_7)
    qtbot.waitUntil(lambda: window.session.snapshot.chip == Decimal("1000"), timeout=2000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_9)  # no ninth chip: nothing changes
    qtbot.wait(50)
    assert window.session.snapshot.chip == Decimal("1000")


def test_text_from_a_device_or_a_typed_name_is_shown_as_written_not_as_html(qtbot, table_factory):
    """A shoe's HELLO with ``<h1 style='color:#0f0'>SUPERVISOR OK: PAY SEAT 3</h1>`` as its device id drew a
    big green headline in the alert bar: Qt takes text that looks like HTML for rich text."""
    import time

    from PySide6.QtCore import Qt

    from dealer_assist.events import DeviceHello

    window = table_factory("manual")
    forged = "<h1 style='color:#0f0'>SUPERVISOR OK: PAY SEAT 3</h1>"
    window.session.handle(DeviceHello("serial:/dev/shoe", time.time(), forged, "b1", "fw"))
    qtbot.waitUntil(lambda: bool(window.alerts.bars), timeout=3000)
    bar = window.alerts.bars[0]
    assert bar.text.textFormat() == Qt.TextFormat.PlainText and forged in bar.text.text()
    for label in (window.entry.question, window.status.links, window.betting.message, window.banner.reason):
        assert label.textFormat() == Qt.TextFormat.PlainText


def test_the_blackjack_banners_and_action_buttons_read_at_aa():
    """DEALER DRAWS and the DOUBLE button: cream on #c0630b read 3.7:1."""
    from PySide6.QtGui import QColor

    from dealer_assist.ui.blackjack.panels import BUSTS, DECIDE, DRAWS, STANDS, ActionBar

    for fill in (DRAWS, STANDS, BUSTS, DECIDE):
        assert theme.contrast(theme.TEXT, fill) >= AA, fill.name()
    bar = ActionBar(lambda name: None)
    for colour in bar._colours.values():
        assert theme.contrast(theme.ink_on(QColor(colour)), QColor(colour)) >= AA, colour


def test_the_pay_list_groups_thousands_as_the_totals_line_does(qtbot, table_factory):
    """The totals said 5,000.00 and the pay list beside them "5000.00 / PAY 4750.00"."""
    from decimal import Decimal

    from baccarat_rounds import BANKER_WINS_5_0, play_round
    from dealer_assist.baccarat.bets import TableLimits
    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.table.state import TableRules

    rules = TableRules(chips=(Decimal("5000"),), limits=TableLimits(max_payout=Decimal("100000")))
    window = table_factory("manual", rules=rules)
    play_round(window.session, "5000", [(1, Bet.BANKER)], BANKER_WINS_5_0)
    qtbot.waitUntil(lambda: bool(window.settlement.rows()), timeout=3000)
    (row,) = window.settlement.rows()
    assert row[2:5] == ("5,000.00", "PAY 4,750.00", "250.00")
    assert "Stakes 5,000.00" in window.settlement.totals.text()


def test_a_lower_alert_too_long_for_its_line_ends_with_an_ellipsis(qtbot, table_factory):
    """qaH: at 1280x720 a lower bar's line was cut bare at the window's edge ("…waits until ther")."""
    window = table_factory("manual")
    window.resize(1280, 720)
    s = window.session
    s.alert("gap", "error", "FRAMES LOST", "the reader lost frames 9 and 10", "type any missing card (K)")
    long = "check the card and correct it (K), or void the last card; the next card read waits until then " * 2
    s.alert("late", "warning", "LATE CARD", "a card after the round", long.strip())
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 2, timeout=3000)
    line = window.alerts.bars[1].title
    qtbot.waitUntil(lambda: line.text().endswith("…"), timeout=3000)
    assert line.text().startswith("LATE CARD  ·  DO: check the card")
    assert line.fontMetrics().horizontalAdvance(line.text()) <= line.width()
    assert line.whole == "LATE CARD  ·  DO: " + long.strip()
