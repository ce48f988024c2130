"""The hands of a drill case, drawn as big cards on the felt, one row per hand."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
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
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_case(self, case: Optional[Case]) -> None:
        self.case = case
        self.update()

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
            gap = self.height() * 0.03
            row_h = (self.height() - gap * (len(hands) + 1)) / len(hands)
            card_h = row_h * 0.92
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
