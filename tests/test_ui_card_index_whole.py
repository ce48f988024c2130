"""A card's corner index shows its rank and suit whole at every size a hand is drawn at, and nothing over it.

qaAH F7: in a split seat's 36-40 px cards (1280x720, under alerts) the corner's font was held at its least size
while its rect stayed 0.3 of the card: the suit, on the index's second line, was cut off (a fanned card shows
nothing else), and the big rank in the middle was drawn over the index ("1(" for a 10)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from dealer_assist.ui import hands, theme
from dealer_assist.ui.hands import CARD_RATIO


def _old_corner(rect):
    """The corner as drawn before: 0.3 of the card tall, the big rank always in the middle."""
    return (QRectF(rect.left() + rect.width() * 0.07, rect.top() + rect.height() * 0.03, rect.width() * 0.4,
                   rect.height() * 0.3), max(8, int(rect.height() * 0.13)), True)


@pytest.mark.parametrize("height", [30, 36, 40, 52, 58, 70, 100, 189])
def test_the_index_has_room_for_rank_and_suit_and_nothing_drawn_over_it(qtbot, height):
    corner_of = getattr(hands, "corner_of", _old_corner)
    card = QRectF(10, 10, height / CARD_RATIO, height)
    corner, px, middle = corner_of(card)
    metrics = QFontMetricsF(theme.font(px, bold=True))
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    ink = metrics.boundingRect(corner, flags, "10\n♦")
    assert ink.height() <= corner.height() + 0.5, f"{height} px card: its suit cut off the index"
    assert card.contains(corner.adjusted(0, 0, 0, -1)), f"{height} px card: the index leaves the card"
    if middle:  # the big rank in the middle must not meet the index
        big = QFontMetricsF(theme.font(card.height() * 0.27, bold=True))
        centre = QRectF(card.left(), card.top() + card.height() * 0.2, card.width(), card.height() * 0.48)
        rank = big.tightBoundingRect("10").translated(0, 0)
        rank.moveCenter(centre.center())
        glyph = metrics.tightBoundingRect("♦")
        glyph.moveTopLeft(ink.topLeft() + type(ink.topLeft())(0, metrics.height()))
        assert not rank.intersects(glyph), f"{height} px card: the big rank drawn over the index's suit"
