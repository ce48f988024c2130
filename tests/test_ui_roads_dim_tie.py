"""--dim keeps every road mark at 3:1 or more against the dim board, the tie's green too (rev16 F7: the tie
beads and the Big Road's tie slashes were #1f9d55 on #cbcec8, 2.20:1, though README and theme promise 3:1)."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from dealer_assist import roads
from dealer_assist.ui import theme
from dealer_assist.ui.roads import RoadsView


def luminance(c) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def dim():
    theme.set_dim(True)
    yield
    theme.set_dim(False)


def test_the_tie_marks_on_the_dim_board_keep_three_to_one(qtbot, dim):
    board = roads.scoreboard(roads.parse_coups("TBTTPTB"))
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(40)
    view.resize(1800, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    image = view.grab().toImage()
    areas = view.areas()
    bead, big, cell = areas["bead_plate"], areas["big_road"], view._cell()

    def greens(area, size, col, row):
        """The colours drawn in a cell that are green (the tie's), most drawn first."""
        seen = Counter()
        for i in range(int(size)):
            for j in range(int(size)):
                c = image.pixelColor(int(area.left() + col * size + i), int(area.top() + row * size + j))
                if c.green() > c.red() + 40 and c.green() > c.blue() + 20:
                    seen[c.rgb()] += 1
        return [type(theme.DIM_BOARD)(rgb) for rgb, _n in seen.most_common()]

    tie_bead = next(b for b in board.bead_plate.cells if b.winner == "tie")
    drawn = greens(bead, bead.height() / 6, tie_bead.col, tie_bead.row)
    assert drawn, "no tie bead drawn"
    assert contrast(drawn[0], theme.DIM_BOARD) >= 3.0, (drawn[0].name(), contrast(drawn[0], theme.DIM_BOARD))
    slashed = next(b for b in board.big_road.cells if b.ties)
    drawn = greens(big, cell, slashed.col, slashed.row)
    assert drawn, "no tie slash drawn"
    assert contrast(drawn[0], theme.DIM_BOARD) >= 3.0, (drawn[0].name(), contrast(drawn[0], theme.DIM_BOARD))
