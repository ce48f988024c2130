"""The camera view (W) ends on a line of text beside it, never across one (qaAH F17).

At 960x540 the view ran down over the status lines under the pay list and hid the top half of "No burn at this
table · cut card not out", the rest left to be read as something else.  A real camera source on a real test
frame, in a real offscreen window: no shown label the view meets horizontally has the view's foot inside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
pytestmark = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_view_ends_on_a_line_boundary(qtbot, table_factory, tmp_path, size):
    from dealer_assist.sources.camera import CameraSource

    feed = tmp_path / "feed"
    feed.mkdir()
    shutil.copy(CARDS / "test" / "anglo" / "0086.jpg", feed / "0086.jpg")
    source = CameraSource(str(feed / "*.jpg"), profile="anglo")
    window = table_factory(source, size=size)
    qtbot.waitUntil(lambda: source.latest_view() is not None, timeout=20000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_W)
    panel = window.camera_view
    qtbot.waitUntil(lambda: panel.picture.pixmap() is not None and not panel.picture.pixmap().isNull(), timeout=15000)
    qtbot.wait(300)
    central = window.centralWidget()
    view = panel.geometry()
    foot = view.bottom() + 1
    for label in central.findChildren(QLabel):
        if not label.isVisible() or panel.isAncestorOf(label) or not label.text():
            continue
        rect = QRect(label.mapTo(central, QPoint(0, 0)), label.size())
        across = rect.right() >= view.left() and rect.left() <= view.right() and rect.top() < foot <= rect.bottom()
        assert not across, f"{size}: the view's foot at {foot} cuts {label.text()[:40]!r} ({rect})"
