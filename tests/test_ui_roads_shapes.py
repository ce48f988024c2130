"""The roads tell Banker from Player, and a derived road's red from its blue, by shape too (qaQ F2: the Big
Road's rings and the derived roads' marks differed by colour only, unreadable to a colour-blind croupier).
Each mark is reduced to its ink (what is not the board), its colour thrown away, and the two compared."""

from __future__ import annotations

from types import SimpleNamespace

from dealer_assist import roads
from dealer_assist.ui.roads import BOARD, GRID, RoadsView


def inked(image, x: float, y: float) -> bool:
    c = image.pixelColor(int(x), int(y))
    return all(sum(abs(a - b) for a, b in zip(c.getRgb()[:3], g.getRgb()[:3])) > 120 for g in (BOARD, GRID))


def ink(image, rect) -> set[tuple[int, int]]:
    """The pixels of ``rect`` (in its own coordinates) that are drawn on."""
    return {(dx, dy) for dx in range(int(rect.width())) for dy in range(int(rect.height()))
            if inked(image, rect.left() + dx, rect.top() + dy)}


def features(image, r) -> tuple[bool, bool, bool]:
    """Ink at the mark's centre, toward its top left, toward its top right: a mark's shape in three looks."""
    return tuple(inked(image, r.left() + fx * r.width(), r.top() + fy * r.height())
                 for fx, fy in ((0.5, 0.5), (0.35, 0.35), (0.65, 0.35)))


def drawn(qtbot):
    board = roads.scoreboard(roads.parse_coups("BBBPPBPBBPPPBPBBPBPPBBBP"))
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(60)
    view.resize(2600, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    return view, board, view.grab().toImage()


def test_a_banker_ring_and_a_player_ring_differ_within_them(qtbot):
    view, board, image = drawn(qtbot)
    big, cell = view.areas()["big_road"], view._cell()
    shown = roads.scroll(board.big_road.cells, int(big.width() // cell))
    banker = next(b for b in shown if b.winner == "banker" and not b.ties and not b.banker_pair)
    player = next(b for b in shown if b.winner == "player" and not b.ties and not b.player_pair)
    inside = [ink(image, view._rect(big, b.col, b.row, cell).adjusted(*(f * cell * 0.3 for f in (1, 1, -1, -1))))
              for b in (banker, player)]  # within the rings: the same ring in two colours is no cue
    share = len(inside[0] ^ inside[1]) / max(1, len(inside[0] | inside[1]))
    assert share > 0.1, f"B and P rings differ in {share:.0%} of the ink within them"


def test_a_derived_road_s_red_and_blue_marks_differ_in_shape(qtbot):
    view, board, image = drawn(qtbot)
    areas, half = view.areas(), view.cell("big_eye_boy")
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        area = areas[name]
        shown = roads.scroll(getattr(board, name).marks, int(area.width() // half))
        looks = {m.colour: features(image, view._rect(area, m.col, m.row, half)) for m in shown}
        assert set(looks) == {"red", "blue"} and looks["red"] != looks["blue"], (name, looks)
