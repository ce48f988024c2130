"""The roads' labels ("Bead Plate (16 coups)", "Big Eye Boy  next B:R P:B", ...) sit above their grids.

QA: a baccarat replay at its default size (960x720) drew them over the grids: the band above each road
was cut to the cell (6.5 px) while the font, held at its least size (8 px), needs more than 9.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtGui import QFontMetricsF  # noqa: E402

from test_replay_keys import baccarat_journal, open_baccarat_replay  # noqa: E402, F401 (a real baccarat journal)
from dealer_assist.ui import theme  # noqa: E402

DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")


def assert_labels_clear(roads):
    """Each road's grid leaves room above it for a line of text of the least font the display paints."""
    line = QFontMetricsF(theme.font(0, bold=True)).height()
    areas = roads.areas()
    under = areas["big_road"].bottom() if not roads.beside() else 0.0  # beside it on a low board (qaAH F14)
    above = {"bead_plate": 0.0, "big_road": 0.0, **{name: under for name in DERIVED}}
    for name, area in areas.items():
        assert area.top() - above[name] >= line, (name, roads.size(), area.top() - above[name], line)
        assert area.bottom() <= roads.height() + 0.5, (name, roads.size())


@pytest.mark.parametrize("size", [(960, 720), (960, 540), (1920, 1080)])
def test_a_baccarat_replay_draws_each_road_label_above_its_grid(qtbot, show_window, baccarat_journal, size):  # noqa: F811
    table = open_baccarat_replay(baccarat_journal[0], show_window)
    try:
        window = table.window
        window.resize(*size)
        qtbot.waitUntil(lambda: window.size().width() == size[0], timeout=2000)
        while table.source.step() is not None:
            pass  # the whole record: the labels name their coups and what comes next
        window.roads.repaint()
        assert_labels_clear(window.roads)
    finally:
        table.close()
