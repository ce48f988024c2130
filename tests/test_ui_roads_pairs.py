"""A pair dot and a count of ties stay readable on a cell of their own colour.

QA: the Banker-pair dot is Banker red, and on a red Banker bead it vanished (so did the blue Player-pair dot on a
blue Player bead); on the Big Road's rings the dots merged into the ring, and a count of two ties was drawn in
green across the green slash. Each now has a white ring or halo; the count is in dark ink, in the cell's top
right corner, where the slash ends (centred, it covered the ring's B or P: rev16 F6).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QPointF, QRectF

from dealer_assist import roads
from dealer_assist.ui import theme
from dealer_assist.ui.roads import ROAD_COLOURS, RoadsView

C = roads.Coup
#: The four pair cases, then a Banker win with two ties after it (the Big Road's tie count).
COUPS = (C("banker", banker_pair=True), C("banker", player_pair=True), C("player", player_pair=True),
         C("player", banker_pair=True), C("banker"), C("tie"), C("tie"))


def close_to(colour, expected, tolerance=70):
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3]))


def render(qtbot, window_size):
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(theme.unit_for_size(*window_size))
    view.resize(window_size[0] - 20, view.height())
    board = roads.scoreboard(COUPS)
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    return view, board, view.grab().toImage()


def dot_centres(r: QRectF, banker_pair: bool, player_pair: bool):
    """Where _pairs puts the dots: (colour name, centre, diameter)."""
    d = r.width() * 0.32
    if banker_pair:
        yield "banker", QPointF(r.left() + 1 + d / 2, r.top() + 1 + d / 2), d
    if player_pair:
        yield "player", QPointF(r.right() - 1 - d / 2, r.bottom() - 1 - d / 2), d


def edge_points(centre: QPointF, d: float):
    """Sixteen points on the dot's edge: where a ring of another colour must be."""
    for i in range(16):
        a = 2 * math.pi * i / 16
        yield QPointF(centre.x() + d / 2 * math.cos(a), centre.y() + d / 2 * math.sin(a))


def pixel(image, point: QPointF):
    return image.pixelColor(int(point.x()), int(point.y()))


@pytest.mark.parametrize("window_size", [(1024, 768), (1920, 1080)])
def test_a_pair_dot_is_ringed_apart_from_a_bead_of_its_own_colour(qtbot, window_size):
    view, board, image = render(qtbot, window_size)
    area = view.areas()["bead_plate"]
    cell = area.height() / 6
    checked = 0
    for b in board.bead_plate.cells:
        r = view._rect(area, b.col, b.row, cell)
        bead_radius = r.width() * 0.42
        for name, centre, d in dot_centres(r, b.banker_pair, b.player_pair):
            assert close_to(pixel(image, centre), ROAD_COLOURS[name]), (b, name)
            on_bead = [q for q in edge_points(centre, d)
                       if math.dist((q.x(), q.y()), (r.center().x(), r.center().y())) < bead_radius - 1.5]
            assert on_bead, (b, name)
            # The dot's edge over the bead is not the bead's colour: were it, a same-colour dot would vanish.
            for q in on_bead:
                assert not close_to(pixel(image, q), ROAD_COLOURS[b.winner]), (window_size, b, name, q)
                checked += 1
    assert checked >= 8


@pytest.mark.parametrize("window_size", [(1024, 768), (1920, 1080)])
def test_a_pair_dot_is_ringed_apart_from_a_big_road_ring_of_its_own_colour(qtbot, window_size):
    view, board, image = render(qtbot, window_size)
    area = view.areas()["big_road"]
    cell = view._cell()
    checked = 0
    for b in board.big_road.cells:
        r = view._rect(area, b.col, b.row, cell)
        pen = max(2.0, r.width() * 0.12)
        radius = r.width() * 0.38
        for name, centre, d in dot_centres(r, b.banker_pair, b.player_pair):
            if name != b.winner:
                continue
            on_ring = [q for q in edge_points(centre, d)
                       if abs(math.dist((q.x(), q.y()), (r.center().x(), r.center().y())) - radius) < pen / 2 - 0.5]
            assert on_ring, (b, name)
            for q in on_ring:
                assert not close_to(pixel(image, q), ROAD_COLOURS[b.winner]), (window_size, b, name, q)
                checked += 1
    assert checked >= 2


@pytest.mark.parametrize("window_size", [(1024, 768), (1920, 1080)])
def test_a_count_of_ties_is_dark_on_a_light_halo_across_the_green_slash(qtbot, window_size):
    view, board, image = render(qtbot, window_size)
    area = view.areas()["big_road"]
    cell = view._cell()
    b = next(b for b in board.big_road.cells if b.ties == 2)
    r = view._rect(area, b.col, b.row, cell)
    middle = r.adjusted(r.width() * 0.5, 0, 0, -r.height() * 0.5)  # its top right corner (rev16 F6)
    colours = [image.pixelColor(x, y) for x in range(int(middle.left()), int(middle.right()) + 1)
               for y in range(int(middle.top()), int(middle.bottom()) + 1)]
    dark = [c for c in colours if max(c.getRgb()[:3]) < 90]
    assert len(dark) >= 3, (window_size, "the count of ties is not drawn in dark ink")
