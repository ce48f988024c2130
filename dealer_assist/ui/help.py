"""The help overlay (F1): every shortcut, grouped, over the table."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from dealer_assist.ui import theme
from dealer_assist.ui.keys import help_lines


class HelpOverlay(QWidget):
    """Covers its parent; any key or click closes it."""

    def __init__(self, parent: QWidget, replay: bool = False,
                 lines: Optional[list[tuple[str, str, str]]] = None) -> None:
        super().__init__(parent)
        self.setVisible(False)
        self.unit = 16
        #: A replay lists only the keys it runs: the others are refused (its table follows the journal).
        #: ``lines`` (group, keys, what) are another game's keys (the baccarat table's by default).
        self.lines = lines if lines is not None else help_lines(view_only=replay)
        self.title = ("REPLAY: THE TABLE FOLLOWS THE JOURNAL; THESE KEYS WORK  (any key closes)" if replay
                      else "KEYS  (any key closes)")

    def text_lines(self) -> list[str]:
        return [f"{keys}: {what}" for _group, keys, what in self.lines]

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.hide()

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(0, 0, 0, 225))
        u = max(10.0, min(self.unit * theme.LABEL_SCALE, self.height() / (len(self.lines) + 9)))
        p.setPen(theme.GOLD)
        p.setFont(theme.font(u * 1.6, bold=True))
        p.drawText(QRectF(0, u * 0.5, self.width(), u * 2.2), Qt.AlignmentFlag.AlignCenter,
                   self.title)
        y = u * 3
        group = None
        col_x = self.width() * 0.12
        for g, keys, what in self.lines:
            if g != group:
                group = g
                p.setPen(theme.GOLD)
                p.setFont(theme.font(u, bold=True))
                p.drawText(QRectF(col_x, y, self.width(), u * 1.4), Qt.AlignmentFlag.AlignLeft, g.upper())
                y += u * 1.35
            p.setFont(theme.font(u, bold=True))
            p.setPen(theme.TEXT)
            p.drawText(QRectF(col_x, y, self.width() * 0.22, u * 1.4), Qt.AlignmentFlag.AlignLeft, keys)
            p.setFont(theme.font(u))
            p.drawText(QRectF(col_x + self.width() * 0.24, y, self.width() * 0.6, u * 1.4), Qt.AlignmentFlag.AlignLeft, what)
            y += u * 1.2
        p.end()
