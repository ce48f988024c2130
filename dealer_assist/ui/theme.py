"""Colours and sizes of the display.

Every size derives from one *unit* taken from the window height, so the same
layout reads from a metre away at 1280x720 and at 4K.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QLabel

FELT = QColor("#0d3b2c")
FELT_DARK = QColor("#082a1f")
PANEL = QColor("#12261f")
TEXT = QColor("#f3f0e6")
MUTED = QColor("#9fb5aa")
GOLD = QColor("#f2c14e")
# Fills behind the cream text, each at least 4.5:1 against it (WCAG AA for the reason lines and
# the PAY rows read from a metre away).
PLAYER = QColor("#2a62c8")
BANKER = QColor("#c0342a")
TIE = QColor("#157a43")
CARD_FACE = QColor("#fbfaf5")
CARD_RED = QColor("#c8102e")
CARD_BLACK = QColor("#111111")
WIN = QColor("#157a43")
LOSE = QColor("#7a2b2b")
PUSH = QColor("#6b6b6b")
LEVEL = {"error": QColor("#c8102e"), "warning": QColor("#e08e0b"), "info": QColor("#2a62c8")}

#: Chip colours by value, as on a casino layout; unknown values fall back to grey.
CHIP_COLOURS = {1: "#f5f5f5", 5: "#c0342a", 10: "#2a62c8", 25: "#157a43", 100: "#222222",
                500: "#7b3fb5", 1000: "#e0a100", 5000: "#9c5618"}

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


#: Larger (or smaller) text than the window's size gives: ``[display] text_scale`` or ``--text-scale`` (qaQ F8:
#: a croupier or pit boss who needs larger text had no way to it; QT_SCALE_FACTOR changed nothing, every size
#: following the window's).  The bounds keep the layout whole at 1280x720; where alerts and a long message
#: leave the rows short of room, either game's window takes the scale back toward 1 (rev16 F8).
TEXT_SCALES = (0.8, 1.25)
_text_scale = 1.0


def set_text_scale(scale: float) -> None:
    """Every window's text ``scale`` times the size its window gives it, from now on (set once, at start)."""
    global _text_scale
    if not TEXT_SCALES[0] <= scale <= TEXT_SCALES[1]:
        raise ValueError(f"text scale {scale!r} must be {TEXT_SCALES[0]:g} to {TEXT_SCALES[1]:g}")
    _text_scale = scale


def text_scale() -> float:
    """The text scale set by :func:`set_text_scale` (1: the window's own size)."""
    return _text_scale


#: A dim pit's colours (``[display] dim``, ``--dim``; qaQ F8: the roads were a near-white panel across the bottom
#: third of the screen, a glare in a dark pit): the roads' board and the card faces less bright, the marks and
#: the ink on them still at 3:1 or more against them (large shapes and large text).
DIM_BOARD = QColor("#cbcec8")
DIM_GRID = QColor("#9aa09b")
DIM_CARD_FACE = QColor("#c9c6bb")
#: The roads' tie green on the dim board: their own (#1f9d55) is 2.2:1 against it (rev16 F7); this is 3.9:1.
DIM_TIE = QColor("#13703c")
_dim = False


def set_dim(on: bool) -> None:
    """Every window's bright surfaces dimmed (``on``) or not, from now on (set once, at start)."""
    global _dim
    _dim = bool(on)


def dimmed() -> bool:
    return _dim


def card_face() -> QColor:
    """A card's face: :data:`CARD_FACE`, or :data:`DIM_CARD_FACE` in a dim pit."""
    return DIM_CARD_FACE if _dim else CARD_FACE


def unit_for_size(width: int, height: int, scale: Optional[float] = None) -> int:
    """The text unit (px) of a window: by its height, or its width when it is narrower than 16:9, times the
    text scale (see :func:`set_text_scale`; ``scale`` in its place)."""
    return max(MIN_UNIT, int(min(height / HEIGHT_PER_UNIT, width / WIDTH_PER_UNIT)
                             * (_text_scale if scale is None else scale)))


def portrait(width: int, height: int) -> bool:
    """Whether a window is a portrait screen's: its side panels go under the table, not beside it."""
    return height > width * 1.2


def font(px: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(8, int(px)))
    f.setBold(bold)
    return f


#: The same three as text on the dark felt (the fills above are too dark to read there: 2.7:1).
HAND_INK = {"player": QColor("#7fb0ff"), "banker": QColor("#ff8a80"), "tie": QColor("#5fd38f")}
#: Right and wrong as text on the dark panels (the trainer's feedback).
GOOD_INK = HAND_INK["tie"]
BAD_INK = HAND_INK["banker"]
DARK_INK = QColor("#111111")


def plain(label: QLabel) -> QLabel:
    """``label`` showing its text as written: Qt takes text that looks like HTML for rich text, and a
    device's id or error text, a supervisor's typed name or a source's name must not style the screen
    (a shoe's HELLO once drew a green "SUPERVISOR OK: PAY SEAT 3" headline in an alert)."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of ``colour``."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(colour.redF()) + 0.7152 * lin(colour.greenF()) + 0.0722 * lin(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 to 21; text wants 4.5, large text 3)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: QColor) -> QColor:
    """The text colour that reads best on ``fill``: the cream text, or a near-black on a bright fill
    (the warning orange, the 1000 chip's gold), where cream reads at 2.3:1."""
    return TEXT if contrast(TEXT, fill) >= contrast(DARK_INK, fill) else DARK_INK


def hand_ink(hand: str | None) -> QColor:
    """A hand's colour as text on the felt (:data:`HAND_INK`), gold for anything else."""
    return HAND_INK.get(hand or "", GOLD)


def fitted_font(px: float, text: str, width: float, bold: bool = True) -> QFont:
    """A font ``px`` high, smaller if need be so that ``text`` fits ``width``: a narrow window's cell
    shows its whole amount, a hand's name never runs into its total."""
    f = font(px, bold)
    wide = QFontMetricsF(f).horizontalAdvance(text)
    if wide <= width:
        return f
    f = font(px * width / wide, bold)
    # Glyph widths do not scale exactly with the size (hinting): step down until it fits (QA: a cell's
    # 5000.00 ran under its chip at 1024x768), the smallest size being font()'s.
    while f.pixelSize() > 8 and QFontMetricsF(f).horizontalAdvance(text) > width:
        f = font(f.pixelSize() - 1, bold)
    return f


def fits(f: QFont, text: str, width: float) -> bool:
    """Whether ``text`` in ``f`` is at most ``width`` wide (a :func:`fitted_font` at its smallest may not be)."""
    return QFontMetricsF(f).horizontalAdvance(text) <= width


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
