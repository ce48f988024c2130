"""The hands of a drill case, drawn as big cards on the felt, one row per hand."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.training.case import Case
from dealer_assist.ui import theme
from dealer_assist.ui.hands import CARD_RATIO, paint_card


def _colour(name: str):
    low = name.lower()
    return theme.hand_ink("player" if low.startswith("player") else "banker" if low.startswith("banker") else None)


class CaseView(QWidget):
    """Paints :attr:`case`'s hands: name (and note) on the left, the cards to the right."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.case: Optional[Case] = None
        self.setMinimumHeight(160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_case(self, case: Optional[Case]) -> None:
        self.case = case
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT)
        if self.case is not None and self.case.hands:
            hands = self.case.hands
            gap = self.height() * 0.03
            row_h = (self.height() - gap * (len(hands) + 1)) / len(hands)
            card_h = row_h * 0.92
            card_w = card_h / CARD_RATIO
            label_w = self.width() * 0.24
            for i, hand in enumerate(hands):
                top = gap + i * (row_h + gap)
                label = QRectF(gap, top, label_w, row_h)
                p.setPen(_colour(hand.name))
                p.setFont(theme.font(min(row_h * 0.28, label_w / 7), bold=True))
                p.drawText(label, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                           hand.name + (f"\n{hand.note}" if hand.note else ""))
                x = gap * 2 + label_w
                step = min(card_w + gap, (self.width() - x - gap) / max(1, len(hand.cards)))
                for card in hand.cards:
                    paint_card(p, QRectF(x, top + (row_h - card_h) / 2, min(card_w, step), card_h), card)
                    x += step
        p.end()
