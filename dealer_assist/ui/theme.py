"""Colours and sizes of the display.

Every size derives from one *unit* taken from the window height, so the same
layout reads from a metre away at 1280x720 and at 4K.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtGui import QColor, QFont

FELT = QColor("#0d3b2c")
FELT_DARK = QColor("#082a1f")
PANEL = QColor("#12261f")
TEXT = QColor("#f3f0e6")
MUTED = QColor("#9fb5aa")
GOLD = QColor("#f2c14e")
PLAYER = QColor("#2f6fdf")
BANKER = QColor("#d63a2f")
TIE = QColor("#1f9d55")
CARD_FACE = QColor("#fbfaf5")
CARD_RED = QColor("#c8102e")
CARD_BLACK = QColor("#111111")
WIN = QColor("#1f9d55")
LOSE = QColor("#7a2b2b")
PUSH = QColor("#6b6b6b")
LEVEL = {"error": QColor("#c8102e"), "warning": QColor("#e08e0b"), "info": QColor("#2f6fdf")}

#: Chip colours by value, as on a casino layout; unknown values fall back to grey.
CHIP_COLOURS = {1: "#f5f5f5", 5: "#d63a2f", 10: "#2f6fdf", 25: "#1f9d55", 100: "#222222",
                500: "#7b3fb5", 1000: "#e0a100", 5000: "#b5651d"}

#: Window height (px) per unit: 720 px -> 16 px text, 2160 px (4K) -> 48 px ...
HEIGHT_PER_UNIT = 45
#: ... and width per unit, for a window narrower than 16:9 (1280 px -> 16 px): the text that fits
#: a 16:9 window's width must fit a narrower one's too.
WIDTH_PER_UNIT = 80
MIN_UNIT = 12
#: The least size a window takes (a 1024x600 netbook screen with room for a title bar).  Set on the
#: window, it stands in for the layout's own minimum, which grows with the text: a window made big
#: could not be made small again (Qt held it to the big text's width before the text shrank).
LEAST_WINDOW = (960, 540)


def unit_for_size(width: int, height: int) -> int:
    """The text unit (px) of a window: by its height, or its width when it is narrower than 16:9."""
    return max(MIN_UNIT, int(min(height / HEIGHT_PER_UNIT, width / WIDTH_PER_UNIT)))


def font(px: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(8, int(px)))
    f.setBold(bold)
    return f


def chip_colour(value) -> QColor:
    """The colour of the biggest chip that fits in ``value`` (a stack of 30 shows a 25 on top)."""
    try:
        fits = [v for v in CHIP_COLOURS if v <= Decimal(value)]
    except (TypeError, ValueError, ArithmeticError):
        fits = []
    return QColor(CHIP_COLOURS[max(fits)] if fits else "#8a8a8a")


def hand_colour(hand: str | None) -> QColor:
    return {"player": PLAYER, "banker": BANKER, "tie": TIE}.get(hand or "", GOLD)

#: Secondary labels: a shade smaller than the unit text size of their area.
LABEL_SCALE = 0.95
