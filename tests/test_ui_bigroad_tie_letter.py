"""A Big Road ring with two ties or more keeps its B / P letter in sight beside the tie count (rev16 F6:
the count, drawn over a white halo at the ring's centre, covered the letter, and such a ring was told
from Banker or Player by its colour alone again, the colour-blind croupier's cue gone)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dealer_assist import roads
from dealer_assist.ui import theme
from dealer_assist.ui.roads import RoadsView, road_colour


def near(c, expected, tolerance=90) -> bool:
    return sum(abs(a - b) for a, b in zip(c.getRgb()[:3], expected.getRgb()[:3])) < tolerance


@pytest.mark.parametrize("unit", [16, 30, 60])
def test_a_ring_with_ties_shows_its_letter_and_its_count(qtbot, unit):
    board = roads.scoreboard(roads.parse_coups("BTTPTTTBTTTTTTTTTTTB"))
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(unit)
    view.resize(unit * 90, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    image = view.grab().toImage()
    big, cell = view.areas()["big_road"], view._cell()

    def count(r, x0, x1, y0, y1, colour):
        return sum(near(image.pixelColor(x, y), colour)
                   for x in range(int(r.left() + x0 * r.width()), int(r.left() + x1 * r.width()))
                   for y in range(int(r.top() + y0 * r.height()), int(r.top() + y1 * r.height())))

    cells = {(b.winner, b.ties): view._rect(big, b.col, b.row, cell) for b in board.big_road.cells}
    assert set(cells) == {("banker", 2), ("player", 3), ("banker", 11), ("banker", 0)}, set(cells)
    plain = count(cells[("banker", 0)], 0.3, 0.7, 0.3, 0.7, road_colour("banker"))
    assert plain > 0
    for (winner, ties), r in cells.items():
        if not ties:
            continue
        letter = count(r, 0.3, 0.7, 0.3, 0.7, road_colour(winner))  # the letter, less what the slash crosses
        assert letter >= plain * 0.4, (winner, ties, letter, plain)
        ink = count(r, 0.5, 1.0, 0.0, 0.5, theme.DARK_INK)  # the count, in the top right quarter
        assert ink > 0, (winner, ties)
