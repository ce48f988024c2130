"""The camera view's (W) card labels stay readable where another card's outline runs by, in a real offscreen Qt.

QA: a label was drawn before the next card's outline, which covered it ("9S" half hidden under 8S's outline)."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QWidget

RECT = ((0.0, 0.0), (180.0, 0.0), (180.0, 260.0), (0.0, 260.0))


def _card(x: float, y: float) -> tuple[tuple[float, float], ...]:
    return tuple((x + u, y + v) for u, v in RECT)


def _drawn(panel, cards) -> np.ndarray:
    """The panel's picture of a plain felt frame with ``cards`` (code, corners) read, as RGB pixels."""
    from dealer_assist.sources.camera import CameraView

    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = (30, 90, 40)
    panel._draw(CameraView(frame, tuple(cards), (), 0.0))
    img = panel.picture.pixmap().toImage().convertToFormat(panel.picture.pixmap().toImage().Format.Format_RGB888)
    arr = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, :img.width() * 3]
    return arr.reshape(img.height(), img.width(), 3).copy()


def test_a_label_is_not_crossed_by_the_next_cards_outline(qtbot):
    from dealer_assist.ui.camera_view import CameraViewPanel

    parent = QWidget()
    qtbot.addWidget(parent)
    panel = CameraViewPanel(parent, source=None, anchor=QWidget(parent))
    panel.picture.resize(640, 360)  # half the frame's size
    nine, eight = ("9S", _card(200, 300)), ("8S", _card(150, 14))  # 8S's bottom edge through 9S's label
    bare, alone, both = _drawn(panel, []), _drawn(panel, [nine]), _drawn(panel, [nine, eight])
    # 9S's label: what its drawing alone changed above its card's outline (9S's top at y 150 in the picture).
    changed = np.argwhere((bare != alone).any(axis=2)[:147])
    (top, left), (bottom, right) = changed.min(axis=0), changed.max(axis=0) + 1
    assert top < 130 and left >= 95 and right < 160  # its label, above it
    assert (both != bare).any(axis=2)[137, 80:160].all()  # 8S's bottom edge runs across it, at y 137
    assert not (both[top:bottom, left:right] != alone[top:bottom, left:right]).any(), \
        "8S's outline crosses 9S's label"
