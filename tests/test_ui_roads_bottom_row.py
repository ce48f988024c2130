"""The roads' last row is closed inside the roads' own area, above the card field.

At 1280x720 (and 1366x768, and every size) each grid's closing line fell on the pixel row just under the
roads: the last row of the Bead Plate, the Big Road and the derived roads was drawn open at its bottom,
the card field under it, and read as cut by it (a road whose last row seems hidden misleads the players
who follow it).  Checked with and without alerts and a long message taking room from the roads.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from dealer_assist.ui.roads import BOARD

#: A message as long as QA's (three lines under the chips at 1280x720), ending with what to do.
MESSAGE = ("card 9♥ came after 170 held cards, A♣ 7♠ Q♣ … J♦ 5♥, which is held: it is held behind it; Enter "
           "plays them (a no-bet hand, or into the round a void reopened), Del sets them aside")


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
@pytest.mark.parametrize("crowded", [False, True])
def test_each_road_closes_its_last_row_inside_the_roads_in_sight(qtbot, table_factory, size, crowded):
    window = table_factory(size=size)
    if crowded:
        for i in range(3):
            window.session.alert(f"test{i}", "warning", f"ALERT {i}", "something happened on the shoe's line",
                                 "check the cable")
        window.session.say(MESSAGE)
    qtbot.wait(300)
    roads = window.roads
    if crowded:
        assert roads.height() < roads.full_height  # the roads gave room: their cells are smaller, not cut
    image = window.grab().toImage()
    top = roads.mapTo(window, QPoint(0, 0))
    entry_top = window.entry.mapTo(window, QPoint(0, 0)).y()
    for name, area in roads.areas().items():
        cell = roads.cell(name)
        bottom = area.top() + 6 * cell  # the closing line under the sixth row
        assert bottom <= roads.height() - 1, (name, bottom, roads.height())
        assert area.left() + int(area.width() // cell) * cell <= roads.width() - 1, name  # and its right one
        assert roads.visibleRegion().contains(QPoint(int(area.left() + cell / 2), int(bottom)))
        assert top.y() + bottom < entry_top, name
        # Drawn: the pixel row of the closing line is the board's grey line, not the felt under the roads.
        pixel = image.pixelColor(top.x() + int(area.left() + cell / 2), top.y() + int(bottom))
        assert 150 < pixel.lightness() < BOARD.lightness(), (name, pixel.name())
