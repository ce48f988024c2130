"""The five scoreboard roads, drawn with QPainter from :mod:`dealer_assist.roads`.

Every cell already carries its column, row and colour; this module only
draws them: Bead Plate (every coup, ties included), Big Road (hollow rings,
ties as green slashes with their count, pairs as dots), and the derived
roads at half size: Big Eye Boy hollow rings, Small Road filled dots,
Cockroach Pig slashes (red repeats, blue breaks the pattern).

Red and blue are not the only cue (qaQ F2: a colour-blind croupier or pit boss could not read them): the
Big Road's rings carry the winner's letter, B or P, as the Bead Plate's beads do, and the derived roads'
blue marks differ in shape from their red ones: Big Eye Boy's blue ring has a dot in it, Small Road's blue
dot is hollow (a ring), Cockroach Pig's blue slash leans the other way.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist import roads
from dealer_assist.ui import theme

BOARD = QColor("#fbfaf5")
GRID = QColor("#c9cfcc")
ROAD_COLOURS = {"banker": QColor("#d0312d"), "player": QColor("#1f5fd0"), "tie": QColor("#1f9d55"),
                "red": QColor("#d0312d"), "blue": QColor("#1f5fd0")}
BEAD_COLUMNS = 10
#: The ring round a pair dot and the tie count: a Banker pair's red dot sits on a red Banker bead (a Player
#: pair's blue dot on a blue one), and a count of ties across the green slash; without it they merged (QA).
HALO = QColor("white")
#: The roads give up room down to this share of their height (see :meth:`RoadsView.most_room`).
LEAST_SHARE = 0.5
#: A derived road's least cell (px): its marks are drawn in 70% of it, 6 px and more on the board (its edge
#: pixels antialiased).  Under the Big Road at
#: 960x540 and 1280x720 (half its cell, six rows under its six) they were 3.5 and 5 px, not read at a metre
#: (qaAH F14): the derived roads then go beside the Big Road, each as tall as it (:meth:`RoadsView.areas`).
DERIVED_LEAST_CELL = 6.5 / 0.7
#: Beside them, the Big Road's share of the width the Bead Plate leaves, the columns it keeps at least (its
#: rings as large as under the Big Road, or the derived roads stay under it), and the columns it is given
#: where its rings may be larger than that (as large as the height allows).
BIG_ROAD_SHARE = 0.55
BIG_ROAD_LEAST_COLUMNS = 30
BIG_ROAD_COLUMNS = 36


def road_colour(name: str) -> QColor:
    """The colour of a mark named ``name`` in :data:`ROAD_COLOURS`; in a dim pit the tie's is darker, for
    3:1 against the dim board (see :data:`dealer_assist.ui.theme.DIM_TIE`)."""
    return theme.DIM_TIE if name == "tie" and theme.dimmed() else ROAD_COLOURS[name]


class RoadsView(QWidget):
    """Bead Plate on the left, Big Road beside it, the three derived roads under the Big Road (beside it on a
    board too low for their marks under it, see :meth:`areas`)."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.board: Optional[roads.Scoreboard] = None
        self.unit = 16
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.unit = unit
        #: The height at this unit; less when the rows above need the room (see :mod:`.row_room`).
        self.full_height = int(unit * 9.2)
        self.setFixedHeight(self.full_height)

    def most_room(self) -> int:
        """The pixels the board can give the rows above (see :mod:`.row_room`): down to
        :data:`LEAST_SHARE` of its height, its cells shrinking, the board staying whole."""
        return int(self.full_height * (1 - LEAST_SHARE))

    def whole_room(self, px: int) -> int:
        """The most of ``px`` (up to :meth:`most_room`) the board can give with every road still drawn: the room
        the alert bars take is given so (see :mod:`.row_room`), the derived roads left out only for rows that
        do not fit (at 960x540 half the board had no room for them, qaAV F9)."""
        most = min(px, self.most_room())
        if self.derived_hidden(self.full_height):
            return most  # hidden at the board's full height too: nothing more is lost
        return next((room for room in range(most, 0, -1) if not self.derived_hidden(self.full_height - room)), 0)

    def set_room_given(self, px: int) -> None:
        """Be ``px`` shorter than :attr:`full_height`: the cells shrink, every road stays whole."""
        self.setFixedHeight(self.full_height - max(0, px))

    def set_dropped(self, dropped: bool) -> None:
        """Out of sight, whole, when the rows above need more than :meth:`most_room` (see :mod:`.row_room`):
        the croupier needs the message, the bets and the alerts more than the players' board."""
        self.setVisible(not dropped)

    def show_snapshot(self, snap) -> None:
        board = snap.state.scoreboard
        if board is not self.board:
            self.board = board
            self.update()

    # -- geometry ---------------------------------------------------------
    def _label_font(self, height: Optional[int] = None) -> QFont:
        return theme.font((height or self.height()) / 10.2 * 0.58, bold=True)

    def label_height(self, height: Optional[int] = None) -> float:
        """The band above each road for its label: as tall as the label's font needs.  A small window's
        font is held at its least size, and a band cut to the cell had the labels over the grids (QA).
        ``height``: the board's at that height rather than its own (so are the methods below)."""
        height = height or self.height()
        return max(height / 10.2 * 0.6, QFontMetricsF(self._label_font(height)).height())

    def _grid_height(self, height: Optional[int] = None) -> int:
        """The height the labels and grids share: the widget's less its last pixel row, where the grids'
        closing lines are drawn.  Drawn on the row under the widget, the last row of every road was open
        at its bottom, the card field under it, and read as cut by it (1280x720, 1366x768)."""
        return (height or self.height()) - 1

    def _stacked_cell(self, height: Optional[int] = None) -> float:
        """The Big Road's cell with the derived roads under it: the height less the two label bands, over its
        6 rows and the derived roads' 3."""
        return (self._grid_height(height) - 2 * self.label_height(height)) / 9

    def _cell(self) -> float:
        """The Big Road's cell as drawn."""
        return self.cell("big_road")

    def areas(self) -> dict[str, QRectF]:
        """Where each road is drawn (grid area, without its label), six rows each (:meth:`cell`): the derived
        roads under the Big Road at half its cell, or beside it where that half is under
        :data:`DERIVED_LEAST_CELL` and the height holds it (:meth:`beside`)."""
        c = self._stacked_cell()
        label = self.label_height()
        bead_cell = (self._grid_height() - label) / 6  # the Bead Plate takes the full height: bigger, easier to read
        bead = QRectF(0, label, BEAD_COLUMNS * bead_cell, 6 * bead_cell)
        right = self.width() - 1  # the closing line of the Big Road and of Cockroach Pig, as at the bottom
        out = {"bead_plate": bead}
        if self.beside():
            left = bead.right() + bead_cell * 0.4
            big_w = (right - left) * BIG_ROAD_SHARE
            b = min(bead_cell, max(c, big_w / BIG_ROAD_COLUMNS))  # rings no smaller than under it
            d = min(bead_cell, max(DERIVED_LEAST_CELL, b / 2))
            out["big_road"] = QRectF(left, label, big_w, 6 * b)
            gap = d * 0.6
            third = (right - left - big_w - 3 * gap) / 3
            for i, (name, _k) in enumerate(roads.DERIVED_ROADS):
                out[name] = QRectF(left + big_w + gap + i * (third + gap), label, third, 6 * d)
            return out
        if self.derived_hidden():
            left = bead.right() + bead_cell * 0.4
            out["big_road"] = QRectF(left, label, right - left, 6 * bead_cell)
            return out
        left = bead.right() + c * 0.4
        big = QRectF(left, label, right - left, 6 * c)
        third = (right - left - 2 * c * 0.3) / 3
        out["big_road"] = big
        for i, (name, _k) in enumerate(roads.DERIVED_ROADS):
            out[name] = QRectF(left + i * (third + c * 0.3), big.bottom() + label, third, 3 * c)
        return out

    def beside(self, height: Optional[int] = None) -> bool:
        """Whether the derived roads go beside the Big Road: under it their cell (half the Big Road's) is less
        than :data:`DERIVED_LEAST_CELL`, and beside it the height holds that cell, the Big Road keeping
        :data:`BIG_ROAD_LEAST_COLUMNS` columns of rings at least as large as under it."""
        c = self._stacked_cell(height)
        if c / 2 >= DERIVED_LEAST_CELL:
            return False
        full = (self._grid_height(height) - self.label_height(height)) / 6
        if full < DERIVED_LEAST_CELL:
            return False  # a board given up to the rows above: no layout holds the marks' size
        bead_right = BEAD_COLUMNS * full + full * 0.4
        big_w = (self.width() - 1 - bead_right) * BIG_ROAD_SHARE
        return big_w / BIG_ROAD_LEAST_COLUMNS >= c

    def derived_hidden(self, height: Optional[int] = None) -> bool:
        """Whether the derived roads are left out, the Big Road's label saying so: on a board given up to the rows
        above (three alerts at 960x540 at text scale 1.25) neither under the Big Road nor beside it hold their
        marks at :data:`DERIVED_LEAST_CELL`; drawn under it they were 2 px smears, the Big Road's rings 5 px.
        The Big Road then takes the board's height, as the Bead Plate does."""
        return not self.beside(height) and self._stacked_cell(height) / 2 < DERIVED_LEAST_CELL

    def cell(self, name: str) -> float:
        """The cell of the road ``name`` as drawn: its area's height over its six rows."""
        return self.areas()[name].height() / 6

    # -- drawing ----------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT_DARK)
        label = self.label_height()
        areas = self.areas()
        board = self.board or roads.scoreboard(())
        for name, area in areas.items():
            cell = area.height() / 6
            cols = max(1, int(area.width() // cell))
            grid = QRectF(area.left(), area.top(), cols * cell, 6 * cell)
            p.setFont(self._label_font())
            p.setPen(theme.MUTED)
            # Cut with "…" at its road's width: a short board's narrow Bead Plate had its label cut by the Big Road.
            title = QFontMetricsF(p.font()).elidedText(self.label(name, cols),
                                                       Qt.TextElideMode.ElideRight, area.width())
            p.drawText(QRectF(area.left(), area.top() - label, area.width(), label),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
            # The board runs under its closing lines' last pixels: on the felt they were a dark blur.
            p.fillRect(grid.adjusted(0, 0, 1, 1), theme.DIM_BOARD if theme.dimmed() else BOARD)
            p.setPen(QPen(theme.DIM_GRID if theme.dimmed() else GRID, 1))
            for i in range(cols + 1):
                p.drawLine(QPointF(grid.left() + i * cell, grid.top()), QPointF(grid.left() + i * cell, grid.bottom()))
            for j in range(7):
                p.drawLine(QPointF(grid.left(), grid.top() + j * cell), QPointF(grid.right(), grid.top() + j * cell))
            if name == "bead_plate":
                for b in roads.scroll(board.bead_plate.cells, cols):
                    self._bead(p, self._rect(grid, b.col, b.row, cell), b)
            elif name == "big_road":
                for b in roads.scroll(board.big_road.cells, cols):
                    self._big(p, self._rect(grid, b.col, b.row, cell), b)
            else:
                road = getattr(board, name)
                for m in roads.scroll(road.marks, cols):
                    self._derived(p, self._rect(grid, m.col, m.row, cell), name, m.colour)
        p.end()

    def label(self, name: str, cols: int) -> str:
        """The road's label above its grid of ``cols`` columns: its title, then what it holds.  Like a casino
        board the grid shows the newest columns; where earlier ones are off its left the label says how many
        (late in an 8-deck shoe the Big Road has 45 and more and 36 are drawn at 1280x720: it had said
        nothing, the board read as the whole shoe), and H shows every round in the history."""
        board = self.board or roads.scoreboard(())
        text = {"bead_plate": "Bead Plate", "big_road": "Big Road", "big_eye_boy": "Big Eye Boy",
                "small_road": "Small Road", "cockroach_pig": "Cockroach Pig"}[name]
        cells = board.bead_plate.cells if name == "bead_plate" else \
            board.big_road.cells if name == "big_road" else getattr(board, name).marks
        off = max((c.col for c in cells), default=-1) + 1 - cols
        if name == "bead_plate":
            return text + (f"  (last {len(roads.scroll(cells, cols))} of {len(board.coups)} coups)" if off > 0
                           else self._hint(board, name))
        if name == "big_road":
            return (text + (f"  ({off} earlier column{'' if off == 1 else 's'} off the left; H: every round)"
                            if off > 0 else "")
                    + ("  · Big Eye Boy, Small Road, Cockroach Pig: no room, hidden" if self.derived_hidden() else ""))
        return text + self._hint(board, name)

    @staticmethod
    def _hint(board: roads.Scoreboard, name: str) -> str:
        """What a derived road would show next: the 'ask Banker / ask Player' of casino boards."""
        if name in ("bead_plate", "big_road"):
            n = len(board.coups)
            return f"  ({n} coup{'' if n == 1 else 's'})" if name == "bead_plate" else ""
        road = getattr(board, name)
        if road.if_banker is None:
            return ""
        return f"  next B:{road.if_banker[0].upper()} P:{road.if_player[0].upper()}"

    @staticmethod
    def _rect(grid: QRectF, col: int, row: int, cell: float) -> QRectF:
        return QRectF(grid.left() + col * cell, grid.top() + row * cell, cell, cell)

    @staticmethod
    def _pairs(p: QPainter, r: QRectF, banker_pair: bool, player_pair: bool) -> None:
        """Banker pair top left in red, Player pair bottom right in blue, each ringed in white."""
        d = r.width() * 0.32
        p.setPen(QPen(HALO, max(1.5, d * 0.25)))  # 1 px, a small window's ring blended into the dot
        if banker_pair:
            p.setBrush(road_colour("banker"))
            p.drawEllipse(QRectF(r.left() + 1, r.top() + 1, d, d))
        if player_pair:
            p.setBrush(road_colour("player"))
            p.drawEllipse(QRectF(r.right() - d - 1, r.bottom() - d - 1, d, d))

    @staticmethod
    def _tie_count(p: QPainter, r: QRectF, ties: int) -> None:
        """The count of ties in dark ink over a white halo, in the cell's top right corner, where the slash
        ends and no pair dot sits: centred, it covered the ring's B or P (rev16 F6).  Two digits are set
        smaller, to stay in the cell."""
        text = str(ties)
        font = theme.font(r.height() * 0.4, bold=True)
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if wide > r.width() * 0.36:
            font = theme.font(r.height() * 0.4 * r.width() * 0.36 / wide, bold=True)
        metrics = QFontMetricsF(font)
        centre = QPointF(r.right() - r.width() * 0.22, r.top() + r.height() * 0.22)
        path = QPainterPath()
        path.addText(centre.x() - metrics.horizontalAdvance(text) / 2,
                     centre.y() + (metrics.ascent() - metrics.descent()) / 2, font, text)
        p.strokePath(path, QPen(HALO, max(2.0, font.pixelSize() * 0.25), Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.fillPath(path, theme.DARK_INK)

    def _bead(self, p: QPainter, r: QRectF, b: roads.BeadCell) -> None:
        inner = r.adjusted(r.width() * 0.08, r.width() * 0.08, -r.width() * 0.08, -r.width() * 0.08)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(road_colour(b.winner))
        p.drawEllipse(inner)
        p.setPen(QColor("white"))
        p.setFont(theme.font(r.height() * 0.5, bold=True))
        p.drawText(inner, Qt.AlignmentFlag.AlignCenter, b.coup.code)
        self._pairs(p, r, b.banker_pair, b.player_pair)

    def _big(self, p: QPainter, r: QRectF, b: roads.BigRoadCell) -> None:
        inner = r.adjusted(r.width() * 0.12, r.width() * 0.12, -r.width() * 0.12, -r.width() * 0.12)
        p.setPen(QPen(road_colour(b.winner), max(2.0, r.width() * 0.12)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(inner)
        if b.ties:
            p.setPen(QPen(road_colour("tie"), max(2.0, r.width() * 0.1)))
            p.drawLine(QPointF(inner.left(), inner.bottom()), QPointF(inner.right(), inner.top()))
            if b.ties > 1:
                self._tie_count(p, r, b.ties)
        # B or P, not by colour alone; drawn last, whole over the slash and the count (rev16 F6: the count
        # covered it, and a small window's cell has no room for the two apart).
        p.setPen(road_colour(b.winner))
        p.setFont(theme.font(r.height() * 0.42, bold=True))
        p.drawText(inner, Qt.AlignmentFlag.AlignCenter, b.winner[0].upper())
        self._pairs(p, r, b.banker_pair, b.player_pair)

    @staticmethod
    def _derived(p: QPainter, r: QRectF, name: str, colour: str) -> None:
        col = road_colour(colour)
        inner = r.adjusted(r.width() * 0.15, r.width() * 0.15, -r.width() * 0.15, -r.width() * 0.15)
        blue = colour == "blue"  # drawn apart by shape too, not by colour alone
        if name == "big_eye_boy":
            p.setPen(QPen(col, max(1.5, r.width() * 0.14)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(inner)
            if blue:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(col)
                d = inner.width() * 0.36
                p.drawEllipse(QRectF(inner.center().x() - d / 2, inner.center().y() - d / 2, d, d))
        elif name == "small_road":
            if blue:
                pen = max(1.5, r.width() * 0.16)
                p.setPen(QPen(col, pen))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(inner.adjusted(pen / 2, pen / 2, -pen / 2, -pen / 2))
            else:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(col)
                p.drawEllipse(inner)
        else:
            p.setPen(QPen(col, max(1.5, r.width() * 0.16)))
            top, bottom = (inner.top(), inner.bottom()) if not blue else (inner.bottom(), inner.top())
            p.drawLine(QPointF(inner.left(), bottom), QPointF(inner.right(), top))
