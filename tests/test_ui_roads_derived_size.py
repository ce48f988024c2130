"""The derived roads' marks are drawn large enough to read on a low board, the Big Road keeping its columns
(qaAH F14: at 960x540 the roads are 110 px high, and the derived roads' six rows under the Big Road's six
drew their marks some 3.4 px wide, 5 px at 1280x720; beside the Big Road they are 6 px or more).

Each mark's ink is measured on the painted board, not on the layout's numbers."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from dealer_assist import roads
from dealer_assist.ui import theme
from dealer_assist.ui.roads import RoadsView

from test_ui_roads_shapes import inked

DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")
#: A shoe's worth of coups: every derived road has marks of both colours.
COUPS = "BBBPPBPBBPPPBPBBPBPPBBBPBPBBPPBPPPBBPBPB"


def board_view(qtbot, window_size):
    """The roads as the baccarat window sizes them at ``window_size`` (its unit; its width less the margins)."""
    board = roads.scoreboard(roads.parse_coups(COUPS))
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(theme.unit_for_size(*window_size))
    view.resize(window_size[0] - 12, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    return view, board, view.grab().toImage()


def area_cell(areas, name: str) -> float:
    """A road's cell as drawn: its area over its six rows."""
    return areas[name].height() / 6


def ink_width(image, rect) -> int:
    """The widest run of columns of ``rect`` holding ink (a mark's width as drawn)."""
    cols = [x for x in range(int(rect.left()), int(rect.right()) + 1)
            if any(inked(image, x, y) for y in range(int(rect.top()) + 1, int(rect.bottom())))]
    return max(cols) - min(cols) + 1 if cols else 0


@pytest.mark.parametrize("window_size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080)])
def test_derived_marks_are_drawn_at_six_pixels_and_the_big_road_keeps_thirty_columns(qtbot, window_size):
    view, board, image = board_view(qtbot, window_size)
    areas = view.areas()
    for name in DERIVED:
        area, cell = areas[name], area_cell(areas, name)
        shown = roads.scroll(getattr(board, name).marks, int(area.width() // cell))
        assert shown, name
        widths = [ink_width(image, view._rect(area, m.col, m.row, cell).adjusted(1, 1, -1, -1)) for m in shown[:6]]
        assert min(widths) >= 6, f"{name} marks drawn {widths} px wide at {window_size}"
    big = areas["big_road"]
    assert int(big.width() // area_cell(areas, "big_road")) >= 30, window_size
    for (a, ra), (b, rb) in itertools.combinations(areas.items(), 2):  # no road drawn over another
        assert not ra.intersects(rb), (a, b, window_size)
    for name, area in areas.items():  # each whole in the board, its six rows closed inside it
        assert area.left() >= 0 and area.right() <= view.width() - 1 + 0.01, name
        assert area.top() + 6 * area_cell(areas, name) <= view.height() - 1 + 0.01, name
        assert area.top() >= view.label_height() - 0.01, name  # its label's band above it


def test_a_tall_board_keeps_the_derived_roads_under_the_big_road(qtbot):
    view, _board, _image = board_view(qtbot, (1920, 1080))
    areas = view.areas()
    assert all(areas[name].top() > areas["big_road"].bottom() for name in DERIVED)
    assert int(areas["big_road"].width() // area_cell(areas, "big_road")) >= 70
