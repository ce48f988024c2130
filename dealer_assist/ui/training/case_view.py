"""The hands of a drill case, drawn as big cards on the felt, one row per hand."""

from __future__ import annotations

from functools import cache
from typing import Optional

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.training.case import Case
from dealer_assist.ui import theme
from dealer_assist.ui.hands import CARD_RATIO, corner_of, paint_card

#: The view's least height with no case (or a case whose cards need less).
LEAST_HEIGHT = 100
#: The gap between rows, and the card's share of its row, as parts of the view's height.
GAP, CARD_SHARE = 0.03, 0.92


@cache
def readable_card() -> int:
    """The least card height (px) that shows its big rank in the middle: a smaller card shows its rank only as
    an 8 px corner index, which a trainee at a 640x480 window could not read (qaAN F6)."""
    for height in range(20, 200):
        if corner_of(QRectF(0, 0, height / CARD_RATIO, height), "10\n♦")[2]:
            return height
    return 200


def _colour(name: str):
    low = name.lower()
    return theme.hand_ink("player" if low.startswith("player") else "banker" if low.startswith("banker") else None)


class CaseView(QWidget):
    """Paints :attr:`case`'s hands: name (and note) on the left, the cards to the right."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.case: Optional[Case] = None
        self.setMinimumHeight(LEAST_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_case(self, case: Optional[Case]) -> None:
        self.case = case
        self.update()

    def readable_height(self) -> int:
        """The least height at which every card of the case shows its big rank (:func:`readable_card`)."""
        n = len(self.case.hands) if self.case is not None else 0
        if not n:
            return LEAST_HEIGHT
        row = readable_card() / CARD_SHARE
        return max(LEAST_HEIGHT, int(n * row / (1 - GAP * (n + 1))) + 2)

    def card_height(self) -> float:
        """The height the case's cards are painted at now (0: no case)."""
        n = len(self.case.hands) if self.case is not None and self.case.hands else 0
        if not n:
            return 0.0
        gap = self.height() * GAP
        return (self.height() - gap * (n + 1)) / n * CARD_SHARE

    @staticmethod
    def label_font(lines: list[str], row_h: float, width: float):
        """The font of a hand's name and note: as large as the row allows, smaller so that the widest
        line fits ``width`` whole (``Seat 1 hand 2`` was drawn as ``Seat 1 hand``)."""
        px = min(row_h * 0.28, width / 7)
        widest = max(lines, key=lambda line: QFontMetricsF(theme.font(px, bold=True)).horizontalAdvance(line))
        return theme.fitted_font(px, widest, width)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT)
        if self.case is not None and self.case.hands:
            hands = self.case.hands
            gap = self.height() * GAP
            row_h = (self.height() - gap * (len(hands) + 1)) / len(hands)
            card_h = row_h * CARD_SHARE
            card_w = card_h / CARD_RATIO
            label_w = self.width() * 0.24
            for i, hand in enumerate(hands):
                top = gap + i * (row_h + gap)
                label = QRectF(gap, top, label_w, row_h)
                p.setPen(_colour(hand.name))
                lines = [hand.name] + ([hand.note] if hand.note else [])
                p.setFont(self.label_font(lines, row_h, label_w))
                p.drawText(label, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, "\n".join(lines))
                x = gap * 2 + label_w
                step = min(card_w + gap, (self.width() - x - gap) / max(1, len(hand.cards)))
                for card in hand.cards:
                    paint_card(p, QRectF(x, top + (row_h - card_h) / 2, min(card_w, step), card_h), card)
                    x += step
        p.end()
