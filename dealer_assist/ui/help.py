"""The help overlay (F1): every shortcut, grouped, over the table."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QWidget

from dealer_assist.ui import theme
from dealer_assist.ui.keys import help_lines

#: How a help line is drawn: left, wrapped at its column's width.
WRAP = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap


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
        #: What the last paint put where: (rect, text, font, colour), for the tests.
        self.placed: list = []
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
        while u > 10.0 and self._layout(u)[1] > self.height():  # wrapped lines take more room
            u -= 0.5
        placed, _bottom = self._layout(u)
        p.setPen(theme.GOLD)
        p.setFont(theme.font(u * 1.6, bold=True))
        p.drawText(QRectF(0, u * 0.5, self.width(), u * 2.2), Qt.AlignmentFlag.AlignCenter,
                   self.title)
        for rect, text, font, colour in placed:
            p.setFont(font)
            p.setPen(colour)
            p.drawText(rect, WRAP, text)
        self.placed = placed
        p.end()

    def _layout(self, u: float) -> tuple[list, float]:
        """Where each group, key and text goes at letters ``u`` high, and the bottom of the last: a text wider
        than its column wraps under itself, the next line below it (qaW F6: at 1920x1080 "press twice", "at a
        table of typ…" and "no restart" ran past the screen's right edge, cut mid-word)."""
        placed = []
        y = u * 3
        group = None
        col_x = self.width() * 0.06
        what_x = col_x + self.width() * 0.22
        what_w = self.width() * 0.97 - what_x
        bold, plain = theme.font(u, bold=True), theme.font(u)
        for g, keys, what in self.lines:
            if g != group:
                group = g
                placed.append((QRectF(col_x, y, self.width() - col_x, u * 1.4), g.upper(), bold, theme.GOLD))
                y += u * 1.35
            line = QFontMetricsF(bold).height()
            placed.append((QRectF(col_x, y, what_x - col_x - u, line), keys, bold, theme.TEXT))
            tall = QFontMetricsF(plain).boundingRect(QRectF(0, 0, what_w, 10 * u), WRAP, what).height()
            placed.append((QRectF(what_x, y, what_w, max(line, tall)), what, plain, theme.TEXT))
            y += max(u * 1.2, tall)
        return placed, max(rect.bottom() for rect, *_ in placed)
