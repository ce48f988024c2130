"""The settlement of the round, line by line in the order a croupier pays, and the table's totals."""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QPainter
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from dealer_assist.baccarat.settlement import corrections
from dealer_assist.money import ZERO, fmt, fmt_grouped
from dealer_assist.table.session_core import UNRECORDED_TEXT, UNRECORDED_TITLE
from dealer_assist.table.state import no_bet_hand
from dealer_assist.ui import theme
from dealer_assist.ui.bet_names import SHORT
from dealer_assist.ui.out_of_sight import titled, wrapping_title
from dealer_assist.ui.row_room import hold_lines

COLUMNS = ("Seat", "Bet", "Stake", "Do", "Comm.")
CALL_COLOURS = {"win": theme.WIN, "lose": theme.LOSE, "push": theme.PUSH}

#: A row's height in units (see :meth:`SettlementView.set_unit`), and the least it is
#: squeezed to so that more rows show at once: the font's height and a little room.
ROW_UNITS, LEAST_ROW_UNITS = 1.45, 1.1
#: The steps the list's text takes down, from its own size, so that every column shows whole side by side
#: (a correction's "TAKE BACK 1,100.00 AND THE STAKE" beside a seven-letter bet did not at 1280x720).
FONT_STEPS = (1.0, 0.94, 0.88, 0.82, 0.76)
#: The whole rows a long pay list asks the roads' room for (see :meth:`SettlementView.want_room`): under four
#: alerts at 1920x1080 a 49-line correction showed 4, twelve pages to pay from, the roads keeping their height.
WANTED_ROWS = 8
#: A cell's room beside its text (the item's margins and the grid line), in pixels.
CELL_PAD = 12


class _FittedTable(QTableWidget):
    """A table that tells its view when its height changes (an alert banner opens above it), and leaves blank
    the :attr:`spare` pixels at the bottom of its viewport, under its last whole row."""

    def __init__(self, rows: int, columns: int, resized) -> None:
        super().__init__(rows, columns)
        self._resized = resized
        #: The viewport's bottom pixels no whole row fills: blank, never the top of a row cut off (qaAH F2).
        self.spare = 0
        # drawn whole after a page: Qt moves the drawn pixels, the blank band with them, and paints what it uncovers
        self.verticalScrollBar().valueChanged.connect(lambda _: self.viewport().update())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._resized()

    def drawn(self) -> tuple[int, int]:
        """The top and bottom of the viewport's part that rows are drawn in: the spare pixels are at its foot,
        or at its head on the last page, which Qt lines up with the last row's foot."""
        height = self.viewport().height()
        bar = self.verticalScrollBar()
        if self.spare > 0 and bar.maximum() > 0 and bar.value() == bar.maximum():
            return self.spare, height
        return 0, height - self.spare

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        if self.spare > 0:
            port = self.viewport()
            top, bottom = self.drawn()
            p = QPainter(port)
            for y, h in ((0, top), (bottom, port.height() - bottom)):
                if h > 0:
                    p.fillRect(0, y, port.width(), h, self.palette().base())
            p.end()


class SettlementView(QWidget):
    """Take the losing bets first, then pay seat by seat: the rows come in that order."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.title = wrapping_title("SETTLEMENT")
        self._title = "SETTLEMENT"
        self._row = self._least_row = 0
        self.table = _FittedTable(0, len(COLUMNS), self._fit_rows)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.verticalScrollBar().valueChanged.connect(lambda _: self._retitle())
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(COLUMNS.index("Do"), QHeaderView.ResizeMode.Stretch)
        self.totals = theme.plain(QLabel(""))
        self.totals.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.totals)
        self._shown = None
        self._wanting = False
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 1.15, bold=True))
        self._font_size = unit * 0.9
        self.table.setFont(theme.font(self._font_size, bold=True))
        self._least_height = int(unit * 4.5)
        self.table.horizontalHeader().setFont(theme.font(unit * 0.85, bold=True))
        self.table.verticalHeader().setMinimumSectionSize(1)
        self._row, self._least_row = int(unit * ROW_UNITS), int(unit * LEAST_ROW_UNITS)
        self.want_room(self._wanting)
        self.totals.setFont(theme.font(unit * 0.9, bold=True))
        self._fit_rows()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """Its height at ``width`` with the list at its least (it scrolls; its stretch gives it the rest): its
        wrapped title and totals make it a height-for-width widget, which a column takes at exactly that
        height, and at the list's full height it left the shoe's status under it short of room, a replay's
        five-line played line cut under TABLE STARTED AGAIN at 1280x720."""
        full = super().heightForWidth(width)
        hint = max(self.table.minimumHeight(), min(self.table.sizeHint().height(), self.table.maximumHeight()))
        return full - (hint - self.table.minimumHeight()) if full >= 0 else full

    def want_room(self, wanted: bool) -> None:
        """While ``wanted``, the list's least height is that of :data:`WANTED_ROWS` whole rows (all of a shorter
        list) at their least height, so that the rows around it count it as not fitting (:mod:`.row_room`)."""
        self._wanting = wanted
        least = self._least_height
        if wanted and self.table.rowCount():
            rows = min(self.table.rowCount(), WANTED_ROWS)
            least = max(least, self.table.horizontalHeader().sizeHint().height() + rows * self._least_row
                        + 2 * self.table.frameWidth() + 1)
        self.table.setMinimumHeight(least)
        # its wrapped totals' lines counted too: uncounted, the rows asked for came up two lines short
        if wanted:
            hold_lines(self.totals)
        else:
            self.totals.setMinimumHeight(0)

    def hidden_rows(self) -> int:
        """How many rows do not fit in the table's visible part at once, wherever it is scrolled."""
        n = self.table.rowCount()
        if not n:
            return 0
        shown = self.table.viewport().height() // max(self.table.rowHeight(0), 1)
        return max(0, n - shown)

    def rows_out_of_sight(self) -> tuple[int, int]:
        """How many rows lie (wholly or in part) above and below the table's visible part as it is scrolled now."""
        table = self.table
        bottom = table.viewport().height()
        above = below = 0
        for r in range(table.rowCount()):
            top = table.rowViewportPosition(r)
            if top < 0:
                above += 1
            elif top + table.rowHeight(r) > bottom:
                below += 1
        return above, below

    def _retitle(self) -> None:
        """The title, with the rows out of sight: those still below first (a croupier pays
        down the list), then, scrolled to the end, those left above."""
        self.title.setText(titled(self.title, self._title, *self.rows_out_of_sight()))

    def _fit_columns(self) -> None:
        """The largest of :data:`FONT_STEPS` at which every column's widest text and its header fit the table's
        width together: the Do column stretches, but with too little room its call was cut ("AND THE …")."""
        table = self.table
        room = table.viewport().width()
        texts = [[table.horizontalHeaderItem(c).text()] + [table.item(r, c).text() for r in range(table.rowCount())
                                                          if table.item(r, c) is not None]
                 for c in range(table.columnCount())]
        for step in FONT_STEPS:
            font = theme.font(self._font_size * step, bold=True)
            metrics = QFontMetrics(font)
            if sum(max(metrics.horizontalAdvance(t) for t in column) + CELL_PAD for column in texts) <= room:
                break
        if table.font() != font:
            table.setFont(font)

    def _fit_rows(self) -> None:
        """Rows as tall as the unit asks, or shorter (down to the font's height) when that makes
        every row show: a croupier pays down the whole list, and an alert opened above the
        table must not push its last payment out of sight.  Rows that still do not fit are
        counted in the title (see :meth:`_retitle`), so that no payment is missed unseen."""
        self._fit_columns()
        n = self.table.rowCount()
        room = self.table.viewport().height()
        height, spare = self._row, 0
        if n:
            height = max(self._least_row, min(self._row, room // n))
            if height * n > room:  # paged: as many whole rows as fit, a little taller, the rest of the room blank
                shown = max(1, room // height)
                height = max(height, room // shown)
                spare = max(0, room - shown * height)
        head = self.table.verticalHeader()
        head.setDefaultSectionSize(height)
        for r in range(n):
            head.resizeSection(r, height)
        if spare != self.table.spare:
            self.table.spare = spare
            self.table.viewport().update()
        self._retitle()

    def rows(self) -> list[tuple[str, ...]]:
        """The rows as shown (seat, bet, stake, call, commission): what tests and screen readers check."""
        return [tuple(self.table.item(r, c).text() for c in range(len(COLUMNS))) for r in range(self.table.rowCount())]

    def _corrections(self, state, paid, settlement) -> list:
        """The rows of a round whose paid settlement a void took back (qaQ F6): per bet, what to take back or
        pay more against what was paid, once it settles again; after a misdeal (the bets open again), what
        to take back and return so that the bets stand as before the deal."""
        if settlement is None and state.paid_in is not None:  # carried by a new shoe: the round it undoes (qaZ F7)
            shoe, number = state.paid_in
            self._title = f"SHOE {shoe} ROUND {number}: MISDEAL: UNDO THE PAYMENT"
            self.totals.setText(f"The settlement paid in shoe {shoe} round {number} was taken back "
                                f"({fmt_grouped(paid.paid)} paid under it, {fmt_grouped(_taken(paid))} taken): take "
                                "back what was paid and return the stakes taken before its bets are dealt again, as "
                                f"this shoe's round {state.round_no}.")
        elif settlement is None:
            self._title = f"ROUND {state.round_no}: MISDEAL: UNDO THE PAYMENT"
            self.totals.setText(f"The settlement paid was taken back ({fmt_grouped(paid.paid)} paid under it, "
                                f"{fmt_grouped(_taken(paid))} taken): take back what was paid and return the stakes "
                                "taken before the round is dealt again.")
        else:
            self._title = f"ROUND {state.round_no}: CORRECT THE PAYMENT"
            change = sum((c.difference for c in corrections(paid, settlement)), ZERO)
            self.totals.setText(f"Settled again after a correction: {fmt_grouped(paid.paid)} was paid under the settlement "
                                f"taken back; {_in_all(change)}. Now: stakes {fmt_grouped(settlement.stakes)} · paid "
                                f"{fmt_grouped(settlement.paid)} · house {fmt_grouped(settlement.house)}")
        return [(str(c.seat), SHORT[c.bet], fmt_grouped(c.stake), c.call_in(fmt_grouped).upper(),
                 fmt(c.now.commission) if c.now is not None and c.now.commission else "",
                 "lose" if c.difference < 0 else "win" if c.difference > 0 else "push")
                for c in corrections(paid, settlement)]

    def show_snapshot(self, snap) -> None:
        state = snap.state
        settlement = state.settlement
        paid = state.paid_before
        key = (state.shoe_no, state.round_no, settlement is not None, state.betting.layout if settlement is None else None,
               paid, state.phase, snap.payments_unrecorded)
        if key == self._shown:
            return
        self._shown = key
        correcting = state.phase == "betting" and bool(state.round.cards)  # Shift+D: its bets open, its cards kept
        if snap.payments_unrecorded:  # first: a correction settled again but not written is no more to pay (rev32 R2)
            self._title = f"ROUND {state.round_no}: {UNRECORDED_TITLE}"
            lines = []
            self.totals.setText(UNRECORDED_TEXT)
        elif correcting:
            self._title = f"ROUND {state.round_no}: BETS BEING CORRECTED"
            lines = [(str(w.seat), SHORT[w.bet], fmt_grouped(w.stake), "", "", None) for w in state.betting.layout.wagers()]
            self.totals.setText(f"Round {state.round_no}'s cards stay; the settlement paid stands until D settles it "
                                f"again on them ({fmt_grouped(paid.paid)} paid under it, {fmt_grouped(_taken(paid))} "
                                "taken): this list then says what to take back or pay more." if paid is not None else
                                f"Round {state.round_no}'s cards stay: D settles it again on the bets as corrected.")
        elif paid is not None and (settlement is not None or state.phase in ("betting", "burn")):  # burn: new shoe's
            lines = self._corrections(state, paid, settlement)
        elif no_bet_hand(state):  # said while it lasts, from the state: a restart shows it too (qaAU F3)
            lines = []
            if settlement is None:
                self._title = f"ROUND {state.round_no}: NO-BET HAND"
                self.totals.setText(f"Nobody bets on round {state.round_no}: it is dealt with no bet on the layout, "
                                    "and no bet is taken until the next round.")
            else:
                self._title = f"ROUND {state.round_no}: NO-BET HAND · NOTHING TO PAY"
                self.totals.setText(f"Nobody bet on round {state.round_no}: nothing to take or pay. Bets are "
                                    "taken again at the next round.")
        elif settlement is None:
            self._title = f"ROUND {state.round_no}: BETS"
            lines = [(str(w.seat), SHORT[w.bet], fmt_grouped(w.stake), "", "", None) for w in state.betting.layout.wagers()]
            self.totals.setText(f"Round {state.round_no}'s settlement was taken back after it was paid "
                                f"({fmt_grouped(paid.paid)} paid under it, {fmt_grouped(_taken(paid))} taken): "
                                "once the round settles again this list says what to take back or pay more."
                                if paid is not None else "After the round: take losing bets, then pay seat by seat.")
            if paid is not None:
                self._title = f"ROUND {state.round_no}: BETS · PAID SETTLEMENT TAKEN BACK"
        else:
            self._title = f"ROUND {state.round_no}: PAY IN THIS ORDER"
            lines = [(str(r.seat), SHORT[r.bet], fmt_grouped(r.stake), r.call_in(fmt_grouped).upper(),
                      fmt(r.commission) if r.commission else "", r.result) for r in settlement.paying_order]
            self.totals.setText(f"Stakes {fmt_grouped(settlement.stakes)} · Paid {fmt_grouped(settlement.paid)} · "
                                f"Commission {fmt_grouped(settlement.commission)} · House {fmt_grouped(settlement.house)}")
        self.table.setRowCount(len(lines))
        for r, line in enumerate(lines):
            result = line[-1]
            for c, text in enumerate(line[:-1]):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if result is not None:
                    item.setBackground(CALL_COLOURS[result])
                    item.setForeground(theme.TEXT)
                self.table.setItem(r, c, item)
        self._fit_rows()


def _taken(settlement) -> Decimal:
    """The stakes a settlement took (its losing bets)."""
    return sum((r.stake for r in settlement.lines if r.result == "lose"), ZERO)


def _in_all(change: Decimal) -> str:
    if change == 0:
        return "in all nothing changes hands"
    return f"in all the table {'pays' if change > 0 else 'takes back'} {fmt_grouped(abs(change))}"
