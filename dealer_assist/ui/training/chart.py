"""The progress chart: accuracy and seconds per decision over a trainee's sessions, drawn with QPainter."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.ui import theme

ACCURACY = theme.GOLD
SPEED = theme.PLAYER
MARK = theme.MUTED


class ProgressChart(QWidget):
    """One point per stored session: accuracy (left axis, %) and mean seconds per decision (right axis).

    The pass mark is a dashed line on both axes; an exam is drawn as a square.
    """

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.sessions: list[dict] = []
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_sessions(self, sessions: Sequence[dict]) -> None:
        self.sessions = list(sessions)
        self.update()

    def points(self, plot: QRectF) -> tuple[list[QPointF], list[QPointF], float]:
        """Where each session's accuracy and speed go in ``plot``; the seconds scale's top value."""
        n = len(self.sessions)
        top_s = max([s["overall"]["mean_seconds"] for s in self.sessions] +
                    [s.get("pass_mark", {}).get("seconds", 3.0) for s in self.sessions] + [1.0]) * 1.15
        acc, speed = [], []
        for i, s in enumerate(self.sessions):
            x = plot.left() + (plot.width() * (i + 0.5) / n if n else 0)
            acc.append(QPointF(x, plot.bottom() - plot.height() * s["overall"]["accuracy"]))
            speed.append(QPointF(x, plot.bottom() - plot.height() * s["overall"]["mean_seconds"] / top_s))
        return acc, speed, top_s

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.PANEL)
        unit = max(10.0, self.height() / 18)
        p.setFont(theme.font(unit))
        plot = QRectF(unit * 4, unit * 2.2, self.width() - unit * 8, self.height() - unit * 4.4)
        p.setPen(theme.TEXT)
        title = "Progress: accuracy (gold, %) and seconds per decision (blue)"
        p.drawText(QRectF(0, 0, self.width(), unit * 2), Qt.AlignmentFlag.AlignCenter, title)
        p.setPen(QPen(theme.MUTED, 1))
        p.drawRect(plot)
        if not self.sessions:
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, "no sessions stored yet")
            p.end()
            return
        acc, speed, top_s = self.points(plot)
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom() - plot.height() * frac
            p.setPen(theme.MUTED)
            p.drawText(QRectF(0, y - unit, plot.left() - unit * 0.3, unit * 2),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{frac:.0%}")
            p.drawText(QRectF(plot.right() + unit * 0.3, y - unit, unit * 4, unit * 2),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"{top_s * frac:.1f}s")
        mark = self.sessions[-1].get("pass_mark", {})
        p.setPen(QPen(MARK, 1, Qt.PenStyle.DashLine))
        if "accuracy" in mark:
            y = plot.bottom() - plot.height() * mark["accuracy"]
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        if "seconds" in mark:
            y = plot.bottom() - plot.height() * mark["seconds"] / top_s
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        r = unit * 0.35
        for points, colour in ((speed, SPEED), (acc, ACCURACY)):
            p.setPen(QPen(colour, max(2.0, unit * 0.2)))
            for a, b in zip(points, points[1:]):
                p.drawLine(a, b)
            p.setBrush(colour)
            for point, s in zip(points, self.sessions):
                if s.get("exam"):
                    p.drawRect(QRectF(point.x() - r, point.y() - r, 2 * r, 2 * r))
                else:
                    p.drawEllipse(point, r, r)
        p.setPen(theme.MUTED)
        p.drawText(QRectF(plot.left(), plot.bottom(), plot.width(), unit * 2), Qt.AlignmentFlag.AlignCenter,
                   f"{len(self.sessions)} session{'s' if len(self.sessions) != 1 else ''}, oldest left; "
                   "squares are exams; dashed: pass mark")
        p.end()
