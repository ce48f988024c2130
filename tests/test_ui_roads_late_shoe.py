"""The roads late in an 8-deck shoe and on a board given up to the rows above.

Late in a shoe (70 rounds and more, long streaks, many ties) the Big Road has more columns than the board
draws (36 at 1280x720): it shows the newest, as a casino board does, and its label now says how many earlier
columns are off its left and that H lists every round (it said nothing: the board read as the whole shoe).
The Bead Plate's label says how many of the coups it shows.

On a board given up to the rows above (three alerts at 960x540, text scale 1.25) the derived roads were drawn
under the Big Road in 2 px cells, smears, and the Big Road's rings in 5 px: they are now left out, the Big
Road's label saying so, and the Big Road takes the board's height as the Bead Plate does."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dealer_assist import roads
from dealer_assist.ui import theme
from dealer_assist.ui.roads import DERIVED_LEAST_CELL, RoadsView

from test_ui_roads_shapes import inked

#: 99 coups: streaks of 8 and 7, ties alone and two together, a shoe's late rounds.
LATE = "BBBBBBBBPTPBTTPPPPPPPBPBTBPPBBBTBPPPPBPTTBBPBPBBBBPPPBPBTBBPPBPPPPBPBTBBPPBBBPBPBTBPPBPBBPBPBBPPBPB"
DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")


def view_of(qtbot, coups: str, width: int, unit: int, room: int = 0) -> RoadsView:
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(unit)
    view.set_room_given(room)
    view.resize(width, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=roads.scoreboard(roads.parse_coups(coups)))))
    return view


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_late_shoe_big_road_shows_its_newest_column_and_counts_those_off_its_left(qtbot, size):
    view = view_of(qtbot, LATE, size[0] - 12, theme.unit_for_size(*size))
    board = view.board
    area, cell = view.areas()["big_road"], view.cell("big_road")
    cols = int(area.width() // cell)
    used = board.big_road.width
    assert used > cols >= 30, (used, cols)
    label = view.label("big_road", cols)
    assert f"({used - cols} earlier columns off the left; H: every round)" in label, label
    # the label is drawn whole: it fits its road's width
    from PySide6.QtGui import QFontMetricsF
    assert QFontMetricsF(view._label_font()).horizontalAdvance(label) <= area.width()
    image = view.grab().toImage()
    newest = [c for c in board.big_road.cells if c.col == used - 1]
    assert newest
    for c in newest:  # drawn in the grid's last column
        r = view._rect(area, cols - 1, c.row, cell)
        assert any(inked(image, r.left() + dx, r.center().y()) for dx in range(1, int(cell) - 1)), c
    bead_cols = int(view.areas()["bead_plate"].width() // view.cell("bead_plate"))
    shown = len(roads.scroll(board.bead_plate.cells, bead_cols))
    assert view.label("bead_plate", bead_cols) == f"Bead Plate  (last {shown} of {len(board.coups)} coups)"


def test_an_early_shoe_says_no_columns_off(qtbot):
    view = view_of(qtbot, LATE[:20], 1268, theme.unit_for_size(1280, 720))
    cols = int(view.areas()["big_road"].width() // view.cell("big_road"))
    assert view.label("big_road", cols) == "Big Road"
    assert view.label("bead_plate", 10) == "Bead Plate  (20 coups)"


@pytest.mark.parametrize("unit", [12, 13, 14, 16])
def test_a_board_given_up_to_the_rows_above_draws_no_smear(qtbot, unit):
    """Every road drawn has marks of 6 px and more (70% of a cell of DERIVED_LEAST_CELL), or the Bead Plate's
    own size where even it is smaller; the derived roads are drawn that large or not at all, said."""
    full = RoadsView()
    qtbot.addWidget(full)
    full.set_unit(unit)
    for room in range(0, full.most_room() + 1, 4):
        view = view_of(qtbot, LATE, 948, unit, room)
        areas = view.areas()
        bead = view.cell("bead_plate")
        assert view.cell("big_road") >= min(bead, DERIVED_LEAST_CELL) - 0.01, (unit, room, view.cell("big_road"))
        for name in DERIVED:
            if name in areas:
                assert view.cell(name) >= DERIVED_LEAST_CELL - 0.01, (unit, room, name, view.cell(name))
        if not all(name in areas for name in DERIVED):
            cols = int(areas["big_road"].width() // view.cell("big_road"))
            assert "Big Eye Boy, Small Road, Cockroach Pig: no room, hidden" in view.label("big_road", cols)
        for a in areas.values():  # each whole on the board
            assert a.bottom() <= view.height() - 1 + 0.01 and a.right() <= view.width() - 1 + 0.01
