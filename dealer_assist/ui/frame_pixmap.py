"""A camera frame (OpenCV's BGR array) as a Qt pixmap, for the windows that show what a camera sees."""

from __future__ import annotations

import cv2
import numpy as np
from PySide6.QtGui import QImage, QPixmap


def pixmap_of(bgr: np.ndarray) -> QPixmap:
    """``bgr`` (H x W x 3, uint8) as a pixmap; the pixmap owns its pixels (the array may change after)."""
    rgb = np.ascontiguousarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
    h, w = rgb.shape[:2]
    return QPixmap.fromImage(QImage(rgb.data, w, h, 3 * w, QImage.Format.Format_RGB888).copy())
