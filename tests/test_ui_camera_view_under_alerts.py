"""The camera view (W) keeps a picture a card's index can be read on while alerts stand (qaU F7).

UNREADABLE CARD sends the croupier to W ("W shows what the camera sees, an unsure card in orange"), but with
it, CONFIRM CARD and CAMERA PROFILE? standing the side column under them was short, and the view laid over
it shrank with it: ~180x100 px at 1280x720, the orange card ~25 px tall.  A real camera source on a real
test frame, in a real offscreen window at 1280x720.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
pytestmark = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")
#: The least picture height at 1280x720: a card there is a fifth of the frame's height or so, and its index
#: (a tenth of the card) wants some 5 px or more.
LEAST_PICTURE = 220


def test_the_view_keeps_its_size_under_three_alerts_and_a_card_to_confirm(qtbot, table_factory, tmp_path):
    from dealer_assist.sources.camera import CameraSource

    feed = tmp_path / "feed"
    feed.mkdir()
    shutil.copy(CARDS / "test" / "anglo" / "0086.jpg", feed / "0086.jpg")
    source = CameraSource(str(feed / "*.jpg"), profile="anglo")
    window = table_factory(source, size=(1280, 720))
    session = window.session
    qtbot.waitUntil(lambda: source.latest_view() is not None, timeout=20000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_W)
    panel = window.camera_view
    qtbot.waitUntil(lambda: panel.picture.pixmap() is not None and not panel.picture.pixmap().isNull(), timeout=15000)
    alone = panel.picture.height()
    for code, title in (("unreadable", "UNREADABLE CARD"), ("profile:x", "CAMERA PROFILE?"), ("other", "SOMETHING")):
        session.alert(code, "error" if code == "unreadable" else "warning", title,
                      "the camera could not read a card; it may be 8♣ or 8♦",
                      "look at the card (W shows what the camera sees, an unsure card in orange) and type it (K)")
    session.handle(CardRead(parse_card("3D"), source.name, time.time(), confidence=0.3, seq=9,
                            candidates=(parse_card("3D"), parse_card("3H"))))
    qtbot.waitUntil(lambda: session.snapshot.pending is not None and len(window.alerts.bars) >= 2, timeout=5000)
    qtbot.wait(300)  # the layout settles, the view is placed again
    central = window.centralWidget().rect()
    assert central.contains(panel.geometry())
    assert panel.picture.height() >= min(alone, LEAST_PICTURE), (alone, panel.picture.size())
    assert panel.picture.width() >= panel.picture.height() * 16 // 9 - 2
    # The alert on top, what to do, stays in sight above it.
    top_bar = window.alerts.bars[0]
    assert top_bar.mapTo(window.centralWidget(), top_bar.rect().bottomLeft()).y() <= panel.geometry().top()
