"""Exact drawings of rounded cards lying on felt, for the corner finders' tests."""

from __future__ import annotations

import cv2
import numpy as np

FELT = (40, 110, 45)
#: Corner-finder arguments for these drawings' card size.
KW = dict(min_long=22, min_short=5, max_gap=10)


def rounded(center, angle_deg, w=170, h=260, r=12):
    """Outline of a card with rounded corners (radius ``r``), top-left corner region first; and its
    square corners (TL, TR, BR, BL)."""
    a = np.radians(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    pts = []
    for cx, cy, start in ((-w / 2 + r, -h / 2 + r, 180), (w / 2 - r, -h / 2 + r, 270),
                          (w / 2 - r, h / 2 - r, 0), (-w / 2 + r, h / 2 - r, 90)):
        for t in np.radians(np.arange(start, start + 91, 10)):
            pts.append((cx + r * np.cos(t), cy + r * np.sin(t)))
    square = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return np.array(pts) @ rot.T + center, square @ rot.T + center


def draw(img, outline):
    """A white card with a thin dark edge line, anti-aliased at a quarter pixel."""
    cv2.fillPoly(img, [np.int32(np.round(outline * 4))], (245, 246, 246), cv2.LINE_AA, shift=2)
    cv2.polylines(img, [np.int32(np.round(outline * 4))], True, (60, 60, 60), 2, cv2.LINE_AA, shift=2)
