"""A bet grid row is never squeezed below the height its chips' stakes need (qaAH F18).

At 960x540 under three or more alerts (or a card to confirm and alerts) the grid's rows were 10 px, each chip 6 px
tall under a stake's 8 px text: every digit's bottom cut, 6 read as 5, 8 as 0.  Measured on the real window: the
rows' height less the chip's inset holds the line height of the font each stake is drawn in (as the grid records
it when it paints, not worked out again here: rev29 R8)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.ui import betting, theme
from test_ui_settlement_fit import settle


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("alerts", [0, 4])
def test_every_stake_fits_its_chip_under_alerts(qtbot, table_factory, size, alerts):
    window = table_factory("manual", size=size)
    settle(qtbot, window, [(seat, bet) for seat in range(1, 8) for bet in Bet])
    for i in range(alerts):
        window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}",
                             "the card reader reported a jam and the shoe stopped dealing",
                             "clear the jam, then type the card (K)")
    window.session.enter_card("7H")  # a card after the round: held, its alert too
    grid = window.betting.grid
    qtbot.waitUntil(lambda: window.alerts.isVisible(), timeout=3000)
    qtbot.wait(300)  # the rows' room weighed under the alerts
    grid.repaint()
    assert len(grid.painted_stakes) == len(grid.painted_widths) == 7 * len(Bet)
    for (seat, bet), (_, _, px) in grid.painted_widths.items():  # the font each stake was drawn in
        cell = grid._cell_rect(seat, 1 + list(betting.BETS).index(bet))
        chip_h = cell.height() - 2 * betting.cell_inset(cell.height())  # the chip (pill) is inset above and below
        line = QFontMetricsF(theme.font(px, bold=True)).height()
        assert line <= chip_h + 0.5, (f"{size}, {alerts} alerts: seat {seat} {bet.label}: a stake's {line:.1f} px "
                                      f"line ({px} px font) in a {chip_h:.1f} px chip")
    assert grid.geometry().bottom() < window.betting.total.geometry().top() or not window.betting.total.isVisible()


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_settled_stakes_mark_is_as_large_as_its_amount(qtbot, table_factory, size):
    """qaAH F4: the ✓ / ✗ after a settled stake were 5-8 px, the win or loss told by the chip's red or green alone
    at a metre.  Each settled cell draws its mark before its amount, in letters at least as large."""
    window = table_factory("manual", size=size)
    settle(qtbot, window, [(seat, bet) for seat in range(1, 8) for bet in Bet])
    grid = window.betting.grid
    qtbot.wait(300)
    grid.repaint()
    marks = getattr(grid, "painted_marks", {})
    settled = {key for key, text in grid.painted_stakes.items() if text[-1] in "✓✗="}
    assert len(settled) == 7 * len(Bet)
    assert set(marks) == settled, f"{size}: {len(settled) - len(marks)} stakes with a small mark after them"
    for key, (mark, mark_px, amount_px) in marks.items():
        assert grid.painted_stakes[key].endswith(mark) and mark_px >= amount_px, (size, key, mark_px, amount_px)


def test_the_limits_row_fits_its_cells_at_a_larger_text_scale(qtbot, table_factory):
    """qaAH F5: with --text-scale 1.25 at 960x540 the payout cap "win ≤ 20000" ran past the grid's last cell and
    the window's edge, its last digit cut.  Every text of the Limits row lies within its cell."""
    theme.set_text_scale(1.25)
    try:
        window = table_factory("manual", size=(960, 540), odds=True)  # the odds table widens the right column
        settle(qtbot, window, [(1, Bet.BANKER), (3, Bet.TIE), (4, Bet.PLAYER_PAIR), (2, Bet.PLAYER)])
        grid = window.betting.grid
        qtbot.waitUntil(lambda: bool(grid.painted_limits), timeout=3000)
        qtbot.wait(300)
        grid.repaint()
        texts = grid.painted_limits
        assert texts[-1].endswith("≤ 20000")
        cells = [grid._cell_rect(grid.seats + 1, col) for col in range(len(texts))]
        fonts = [theme.fitted_font(min(grid.height() / (grid.seats + 2) * 0.68, grid.unit) * theme.LABEL_SCALE, text,
                                   cell.width() - 4) for text, cell in zip(texts, cells)]
        for text, font, cell in zip(texts, fonts, cells):
            assert QFontMetricsF(font).horizontalAdvance(text) <= cell.width(), f"{text!r} wider than its cell"
        assert cells[-1].right() <= grid.width() + 0.5
    finally:
        theme.set_text_scale(1.0)
