"""The progress chart: accuracy and seconds per decision over a trainee's sessions, drawn with QPainter."""

from __future__ import annotations

from typing import Optional, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.training.scoring import answered_any
from dealer_assist.ui import theme

ACCURACY = theme.GOLD
SPEED = theme.PLAYER
MARK = theme.MUTED
#: The most recent sessions drawn: months of use (600 sessions) had drawn a solid band of dots (qaP L9).
LAST = 40
#: The text's size (px) is the chart's height over this, kept between the two sizes below: read from
#: two metres off a 1024x768 projector, where 9-10 px was not (qaP L2).
TEXT_SHARE, TEXT_MIN, TEXT_MAX = 12.0, 13.0, 20.0
#: Dates under the x axis at most.
DATE_LABELS = 6
#: The marker of each drill's points, in the order the drills first appear.
SHAPES = ("circle", "triangle", "diamond", "square")
SHAPE_SIGNS = {"circle": "\u25cf", "triangle": "\u25b2", "diamond": "\u25c6", "square": "\u25a0"}


def day(date: str) -> str:
    """A stored session's date (``2026-12-06T06:20:11``) as the x axis shows it: ``12-06``."""
    return date[5:10] if len(date) >= 10 and date[4] == "-" else date


class ProgressChart(QWidget):
    """The last :data:`LAST` stored sessions, oldest left: accuracy (left axis, %) and mean seconds per decision
    (right axis), each drill (or mix of drills) its own line and marker, exams ringed; dates under the axis.

    The pass mark is a dashed line on both axes.  Sessions of different drills are not joined: a line
    from a third-card session to a payouts one said nothing about progress in either.
    """

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.sessions: list[dict] = []
        self.stored = 0
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_sessions(self, sessions: Sequence[dict]) -> None:
        self.stored = len(sessions)
        self.sessions = list(sessions)[-LAST:]
        self.update()

    def text_px(self) -> float:
        return max(TEXT_MIN, min(TEXT_MAX, self.height() / TEXT_SHARE))

    def drills(self) -> dict[str, list[int]]:
        """Each drill's sessions (indexes into :attr:`sessions`), in the order the drills first appear."""
        lines: dict[str, list[int]] = {}
        for i, s in enumerate(self.sessions):
            lines.setdefault(str(s.get("drill", "this session")), []).append(i)
        return lines

    def date_labels(self) -> list[tuple[int, str]]:
        """The sessions whose day is written under the axis: the first, the last, and the first of a new
        day between them, at most :data:`DATE_LABELS`."""
        days = [day(str(s.get("date", ""))) for s in self.sessions]
        if not days:
            return []
        firsts = [i for i, d in enumerate(days) if i == 0 or d != days[i - 1]]
        if len(firsts) > DATE_LABELS:
            step = (len(firsts) - 1) / (DATE_LABELS - 1)
            firsts = [firsts[round(k * step)] for k in range(DATE_LABELS)]
        return [(i, days[i]) for i in firsts]

    def points(self, plot: QRectF) -> tuple[list[QPointF], list[Optional[QPointF]], float]:
        """Where each session's accuracy and speed go in ``plot``; the seconds scale's top value.  A session
        with no decision answered (an exam killed before its first answer) has no speed point (None): its
        ``mean_seconds`` of 0 was drawn as the fastest point of the chart (rev26 F12)."""
        n = len(self.sessions)
        timed = [s for s in self.sessions if answered_any(s["overall"])]
        top_s = max([s["overall"]["mean_seconds"] for s in timed] +
                    [s.get("pass_mark", {}).get("seconds", 3.0) for s in self.sessions] + [1.0]) * 1.15
        acc: list[QPointF] = []
        speed: list[Optional[QPointF]] = []
        for i, s in enumerate(self.sessions):
            x = plot.left() + (plot.width() * (i + 0.5) / n if n else 0)
            acc.append(QPointF(x, plot.bottom() - plot.height() * s["overall"]["accuracy"]))
            speed.append(QPointF(x, plot.bottom() - plot.height() * s["overall"]["mean_seconds"] / top_s)
                         if answered_any(s["overall"]) else None)
        return acc, speed, top_s

    @staticmethod
    def _marker(p: QPainter, at: QPointF, r: float, shape: str) -> None:
        if shape == "circle":
            p.drawEllipse(at, r, r)
        elif shape == "square":
            p.drawRect(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r))
        else:
            path = QPainterPath()
            corners = ([(0, -1.2), (1.1, 0.9), (-1.1, 0.9)] if shape == "triangle"
                       else [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)])
            path.moveTo(at.x() + corners[0][0] * r, at.y() + corners[0][1] * r)
            for cx, cy in corners[1:]:
                path.lineTo(at.x() + cx * r, at.y() + cy * r)
            path.closeSubpath()
            p.drawPath(path)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.PANEL)
        unit = self.text_px()
        p.setFont(theme.font(unit))
        plot = QRectF(unit * 3.5, unit * 2.0, self.width() - unit * 7, self.height() - unit * 5.0)
        p.setPen(theme.TEXT)
        title = "Progress: accuracy (gold, %) and seconds per decision (blue)"
        p.drawText(QRectF(0, 0, self.width(), unit * 1.5), Qt.AlignmentFlag.AlignCenter, title)
        p.setPen(QPen(theme.MUTED, 1))
        p.drawRect(plot)
        if not self.sessions or plot.height() <= 0:
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
        for i, text in self.date_labels():
            x = acc[i].x()
            p.drawText(QRectF(x - unit * 3, plot.bottom(), unit * 6, unit * 1.4), Qt.AlignmentFlag.AlignCenter, text)
        mark = self.sessions[-1].get("pass_mark", {})
        p.setPen(QPen(MARK, 1, Qt.PenStyle.DashLine))
        if "accuracy" in mark:
            y = plot.bottom() - plot.height() * mark["accuracy"]
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        if "seconds" in mark:
            y = plot.bottom() - plot.height() * mark["seconds"] / top_s
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        r = unit * 0.38
        lines = self.drills()
        shapes = {drill: SHAPES[k % len(SHAPES)] for k, drill in enumerate(lines)}
        for points, colour in ((speed, SPEED), (acc, ACCURACY)):
            for drill, indexes in lines.items():
                p.setPen(QPen(colour, max(2.0, unit * 0.15)))
                for a, b in zip(indexes, indexes[1:]):
                    if points[a] is not None and points[b] is not None:   # a gap where no time was taken
                        p.drawLine(points[a], points[b])
                for i in indexes:
                    if points[i] is None:
                        continue
                    exam = bool(self.sessions[i].get("exam"))
                    p.setPen(QPen(theme.TEXT, max(1.5, unit * 0.12)) if exam else Qt.PenStyle.NoPen)
                    p.setBrush(colour)
                    self._marker(p, points[i], r * (1.3 if exam else 1.0), shapes[drill])
        p.setPen(theme.MUTED)
        p.setBrush(Qt.BrushStyle.NoBrush)
        count = len(self.sessions)
        shown = (f"last {count} of {self.stored} sessions" if self.stored > count
                 else f"{count} session{'s' if count != 1 else ''}")
        legend = "   ".join(f"{SHAPE_SIGNS[shapes[d]]} {d}" for d in lines)
        legend += f"    ({shown}, oldest left; ringed: exams; dashed: pass mark)"
        p.setFont(theme.fitted_font(unit, legend, self.width() - unit, bold=False))
        p.drawText(QRectF(0, plot.bottom() + unit * 1.4, self.width(), unit * 1.6), Qt.AlignmentFlag.AlignCenter,
                   legend)
        p.end()
