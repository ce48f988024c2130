"""Round and betting history (seed 000 "Betting History"): each finished round, its cards and bets."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QSizePolicy, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from dealer_assist.baccarat.round import BaccaratRound
from dealer_assist.money import fmt
from dealer_assist.ui import theme

#: A round's line; its bets go on a line of their own under it, across the whole table: a busy
#: round's list is long, and a croupier with only the keyboard cannot scroll sideways (PgUp and
#: PgDown page the lines).  The history is the shoe's (a new shoe starts it again): the title names it.
COLUMNS = ("Round", "Player", "Banker", "Result", "Stakes", "Paid")
RESULT = COLUMNS.index("Result")
#: A bets line's role holding what corrections took back of its round (``CORRECTED by Ana: …``): said first on
#: the line, which has the table's whole width (qaAX: a corrected or voided round read like any other).
AMENDED = Qt.ItemDataRole.UserRole + 1


def short_result(outcome) -> str:
    """``BANKER 9-7``, ``TIE 5-5``: the result where ``BANKER WINS 9 TO 7`` does not fit its column (it was cut
    to "BANKER WINS 7..." at 1366x768, qaZ)."""
    high, low = ((outcome.player_total, outcome.banker_total) if outcome.winner != "banker"
                 else (outcome.banker_total, outcome.player_total))
    return f"{outcome.winner.upper()} {high}-{low}"


def _cards(cards) -> str:
    return " ".join(c.label for c in cards)


def _cut_bets(bets: tuple[str, ...], fits) -> str:
    """The most of ``bets`` that ``fits`` with "… and N more" after them (at least "N bets"): never a bet,
    nor its stake, cut through."""
    return _bets_page(bets, 0, fits)[0]


def _bets_page(bets: tuple[str, ...], start: int, fits) -> tuple[str, int]:
    """The bets line from bet ``start`` on, "… N before, " first where ``start`` is past the first (a page
    PgDown brought into sight), and the most of the rest that ``fits`` with "… and N more" after them; and how
    many it lists (0: "N bets" alone, even one bet does not fit)."""
    before = f"… {start} before, " if start else ""
    rest = bets[start:]
    if fits(before + ", ".join(rest)) or len(rest) < 2 and start:
        return before + ", ".join(rest), len(rest)
    low, high = 0, len(rest) - 1  # how many listed: the least known to fit, the most that may
    while low < high:
        mid = (low + high + 1) // 2
        if fits(before + ", ".join(rest[:mid]) + f", … and {len(rest) - mid} more"):
            low = mid
        else:
            high = mid - 1
    if not low:
        return before + f"{len(rest)} bets", 0
    return before + ", ".join(rest[:low]) + f", … and {len(rest) - low} more", low


class _WholeRoundsTable(QTableWidget):
    """The history's table, blank from the first round (its line and its bets line) not wholly in sight down:
    the last entry's bets line was drawn cut through its middle at 960x540 (qaAH F2's addendum).  The first
    round in sight is never blanked: its bets line is cut short to fit (see :meth:`HistoryView._fit_rows`)."""

    def __init__(self, rows: int, columns: int, resized) -> None:
        super().__init__(rows, columns)
        self._resized = resized
        # drawn whole after a scroll: Qt moves the drawn pixels, the blank band with them
        self.verticalScrollBar().valueChanged.connect(lambda _: self.viewport().update())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._resized()  # an alert opened above: the rounds are fitted to the new height

    def drawn_bottom(self) -> int:
        """The foot of the last round wholly in sight (the viewport's foot when every one in sight is whole).
        The first round in sight keeps its line even where its bets line does not fit (a viewport shorter than
        a line and one line of bets): blanking it too left the whole history blank at every scroll (rev29 R1)."""
        view = self.viewport().height()
        first = True
        for r in range(0, self.rowCount(), 2):
            top = self.rowViewportPosition(r)
            last = min(r + 1, self.rowCount() - 1)
            bottom = self.rowViewportPosition(last) + self.rowHeight(last)
            if top >= 0 and bottom > view:
                line_foot = top + self.rowHeight(r)
                return line_foot if first and line_foot <= view else top
            if top >= 0:
                first = False
        return view

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        port = self.viewport()
        bottom = self.drawn_bottom()
        if bottom < port.height():
            p = QPainter(port)
            p.fillRect(0, bottom, port.width(), port.height() - bottom, self.palette().base())
            p.end()


class HistoryView(QWidget):
    """The newest round on top; each says what was dealt, who won, what was paid, and under it what was bet."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.title = QLabel("HISTORY")
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.table = _WholeRoundsTable(0, len(COLUMNS), self._fit_rows)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Sized by hand: fitted to its contents it would take the bets' whole line, which starts in it.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(RESULT, QHeaderView.ResizeMode.Stretch)  # the row fills the width
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.table, 1)
        self._shown: Optional[tuple] = None  # (shoe, history) drawn
        #: Per bets row cut short, the first bet of each page PgDown showed (see :meth:`page`), and per bets
        #: row the bets its line lists.
        self._pages: dict[int, list[int]] = {}
        self._listed: dict[int, tuple[int, int]] = {}
        self._heading = "HISTORY"
        self._headings: tuple[str, ...] = ("HISTORY",)  # the heading, then said shorter, longest first (see :meth:`show_snapshot`)
        self.table.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 1.3, bold=True))
        self.table.setFont(theme.font(unit * 0.9))
        self.table.setMinimumHeight(int(unit * 4.5))
        self.table.verticalHeader().setDefaultSectionSize(int(unit * 1.6))
        header = self.table.horizontalHeader()
        self.table.setColumnWidth(0, header.fontMetrics().horizontalAdvance(COLUMNS[0]) + int(unit * 1.2))
        self._fit_rows()

    def page(self, pages: int) -> bool:
        """PgDown / PgUp on the history: where the first round in sight has its bets cut short ("… and N
        more"), page through its bets first, a line of whole bets at a time (a croupier has no mouse for the
        tooltip, and the table scrolls a round at a time: the rest was never in sight, qaAO's leftover); True
        when it did, False to scroll the rounds as ever."""
        row = self._first_bets_row()
        if row is None:
            return False
        starts = self._pages.setdefault(row, [0])
        first, listed = self._listed.get(row, (0, 0))
        bets = self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) or ()
        if pages > 0 and listed and first + listed < len(bets):
            starts.append(first + listed)
        elif pages < 0 and len(starts) > 1:
            starts.pop()
        else:
            return False
        self._fit_rows()
        return True

    def _first_bets_row(self) -> Optional[int]:
        """The bets row of the first round in sight, if any."""
        top = self.table.rowAt(0)
        if top < 0:
            return None
        row = top + 1 if top % 2 == 0 else top
        return row if row < self.table.rowCount() else None

    def _scrolled(self, _value: int) -> None:
        """The rounds scrolled: a round paged through shows its first bets again when next in sight."""
        if self._pages:
            self._pages = {}
            self._fit_rows()

    def rows(self) -> list[tuple[str, ...]]:
        """Per round, newest first: the columns' texts, then its bets."""
        t = self.table
        return [tuple(t.item(r, c).text() for c in range(len(COLUMNS))) + (t.item(r + 1, 0).text(),)
                for r in range(0, t.rowCount(), 2)]

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_rows()  # the bets' lines wrap anew at the new width

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._fit_rows()  # rounds added while hidden were fitted to a width it did not have then

    def _fit_rows(self) -> None:
        """Each bets line as tall as its text wrapped across the table (Qt sizes a spanned cell by
        its first column alone); each result whole, said shorter where the column is too narrow for it.
        A round taller than the list (seven seats with every bet under an alert) has its bets line cut
        short to fit, whole bets then "… and N more": the table scrolls a round at a time, so the rest
        of it would never come into sight, and blanked whole the list showed nothing (rev29 R1)."""
        t = self.table
        if not hasattr(self, "_shown"):  # the table tells of its first resize before the view is built
            return
        metrics = t.fontMetrics()
        width = max(t.viewport().width() - 12, 40)  # less the cell's margins
        room = t.columnWidth(RESULT) - 8  # less the cell's margins
        results = [t.item(r, RESULT) for r in range(0, t.rowCount(), 2)]
        whole = all(metrics.horizontalAdvance(i.data(Qt.ItemDataRole.UserRole)[0]) <= room for i in results)
        for item in results:  # one form down the list, so that the rounds read alike
            item.setText(item.data(Qt.ItemDataRole.UserRole)[0 if whole else 1])
        pad = metrics.height() // 2

        def tall(text: str) -> int:
            return metrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextFlag.TextWordWrap, text).height() + pad

        view = t.viewport().height()
        self._listed = {}
        for r in range(1, t.rowCount(), 2):
            item = t.item(r, 0)
            bets = item.data(Qt.ItemDataRole.UserRole) or ()
            mark = item.data(AMENDED) or ""
            mark = f"{mark} · " if mark else ""
            whole = mark + (", ".join(bets) or "no bets")
            text = whole
            height = tall(text)
            fits = view - t.rowHeight(r - 1)
            start = self._pages.get(r, [0])[-1]
            if (height > fits or start) and len(bets) > 1:
                text, listed = _bets_page(bets, min(start, len(bets) - 1), lambda s: tall(mark + s) <= fits)
                text = mark + text
                self._listed[r] = (start, listed)
                height = tall(text)  # still taller (a list shorter than two lines): its bets line is left blank
            item.setText(text)
            item.setToolTip(whole if text != whole else "")
            t.setRowHeight(r, height)
        self._retitle()

    def _retitle(self) -> None:
        """The title, and where the first round in sight has bets past its line, their count and PgDown (as a
        pay list's title counts its lines out of sight)."""
        row = self._first_bets_row() if hasattr(self, "_listed") else None
        first, listed = self._listed.get(row, (0, 0)) if row is not None else (0, 0)
        bets = self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) or () if row is not None else ()
        more = len(bets) - first - listed if row in self._listed else 0
        count = f"{more} MORE BETS: PgDown" if more > 0 else f"{first} BETS ABOVE: PgUp" if first else ""
        fits = self.title.fontMetrics().horizontalAdvance
        if not count:  # said shorter, the count of rounds corrected or voided kept: the round count goes first
            self.title.setText(next((t for t in self._headings if fits(t) <= self.title.width()), self._headings[-1]))
            return
        # Said shorter where the column is narrow: the title follows the column's width, never widens it.
        self.title.setText(next((t for t in (f"{self._heading} · {count}", f"HISTORY · {count}")
                                 if fits(t) <= self.title.width()), count))

    def show_snapshot(self, snap) -> None:
        history = snap.state.history
        # The shoe with it: every empty history is the one empty tuple, and a second empty shoe kept the first's
        # number in the title (qaZ F3: "HISTORY: shoe 2" under "Shoe 3 · Round 1").
        shown = (snap.state.shoe_no, history)
        if self._shown is not None and shown[0] == self._shown[0] and history is self._shown[1]:
            return
        self._shown = shown
        kinds = [{a.kind == "misdeal" for a in rec.amended} for rec in history]
        marked = [f"{n} {word}" for n, word in ((sum(False in k for k in kinds), "corrected"),
                                                (sum(True in k for k in kinds), "voided")) if n]
        shoe = f"HISTORY: shoe {snap.state.shoe_no}"
        self._heading = ", ".join([f"{shoe}, {len(history)} round(s)"] + marked)
        self._headings = (self._heading,) + ((", ".join([shoe] + marked), ", ".join(["HISTORY"] + marked)) if marked
                                             else ())
        self.title.setText(self._heading)
        self._pages = {}
        self.table.clearSpans()
        self.table.setRowCount(2 * len(history))
        for r, rec in enumerate(reversed(history)):
            o = rec.outcome
            rnd = BaccaratRound(rec.cards)
            cells = (str(rec.number), f"{_cards(rnd.player_cards)} = {o.player_total}",
                     f"{_cards(rnd.banker_cards)} = {o.banker_total}", o.banner,
                     fmt(rec.settlement.stakes), fmt(rec.settlement.paid))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == RESULT:
                    item.setForeground(theme.hand_ink(o.winner))
                    item.setData(Qt.ItemDataRole.UserRole, (text, short_result(o)))
                    item.setToolTip(text)
                self.table.setItem(2 * r, c, item)
            bets = tuple(f"{w.seat}:{w.bet.label} {fmt(w.stake)}" for w in rec.wagers)
            item = QTableWidgetItem(", ".join(bets) or "no bets")
            item.setData(Qt.ItemDataRole.UserRole, bets)  # each whole: a line cut short to fit ends at a bet's end
            item.setData(AMENDED, " · ".join(a.words for a in rec.amended))
            item.setForeground(theme.GOLD if rec.amended else theme.MUTED)
            self.table.setItem(2 * r + 1, 0, item)
            self.table.setSpan(2 * r + 1, 0, 1, len(COLUMNS))
        self._fit_rows()
