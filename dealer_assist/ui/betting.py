"""Chips on the layout (seed 000): choose a chip, click a bet to add it, Shift-click to remove.

The panel sends commands to the session and draws what the snapshot says;
limits, the undo history and the locking of the bets all live in the rules
core (:mod:`dealer_assist.baccarat.bets`), so a refusal here is the core's
message, shown as it is.
"""

from __future__ import annotations

import math

from decimal import Decimal
from typing import Any, Optional

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (QButtonGroup, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout,
                               QWidget)

from dealer_assist.baccarat.bets import BettingError
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.money import fmt, fmt_chip, fmt_grouped
from dealer_assist.table.chips import no_chip_text
from dealer_assist.ui import row_room, theme
from dealer_assist.ui.bet_names import SHORT

BETS = tuple(Bet)
RESULT_COLOURS = {"win": theme.WIN, "lose": theme.LOSE, "push": theme.PUSH}
#: A settled bet's result after its stake, for those who cannot tell the colours apart.
RESULT_MARKS = {"win": " ✓", "lose": " ✗", "push": " ="}


def cell_inset(row_height: float) -> int:
    """The pixels between a bet cell's chip and its row's edges, above and below: one in a short row, where
    each pixel is the stake's."""
    return 2 if row_height >= 20 else 1


def short(amount: Decimal) -> str:
    """An amount as a limit sign shows it: whole amounts without the cents."""
    return fmt(amount).removesuffix(".00")


class BetGrid(QWidget):
    """Seats down, bets across; each cell shows the stake.  Click adds a chip, Shift-click removes one.

    ``cursor`` is the cell the keyboard works on (arrows move it, + adds, - removes).
    """

    place = Signal(int, object)
    remove = Signal(int, object)

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(110)
        self.snapshot = None
        self.seats = 7
        self.cursor = (1, Bet.BANKER)
        self.unit = 16
        self.painted_limits: list[str] = []  # the limits row as last drawn

    # -- geometry ---------------------------------------------------------
    def _cols(self) -> int:
        return len(BETS) + 2  # seat label, seven bets, seat total

    def _cell_rect(self, row: int, col: int) -> QRectF:
        w, h = self.width(), self.height()
        first = w * 0.1
        cw = (w - first) / (self._cols() - 1)
        rh = h / (self.seats + 2)  # the bets' names, the seats, the limits
        x = 0 if col == 0 else first + (col - 1) * cw
        return QRectF(x, row * rh, first if col == 0 else cw, rh)

    def cell_at(self, x: float, y: float) -> Optional[tuple[int, Bet]]:
        """The (seat, bet) under a point, or None outside the bet cells."""
        for seat in range(1, self.seats + 1):
            for i, bet in enumerate(BETS):
                if self._cell_rect(seat, i + 1).contains(x, y):
                    return seat, bet
        return None

    def cell_centre(self, seat: int, bet: Bet):
        return self._cell_rect(seat, BETS.index(bet) + 1).center().toPoint()

    # -- input ------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802
        hit = self.cell_at(event.position().x(), event.position().y())
        if hit is None or event.button() != Qt.MouseButton.LeftButton:
            return
        self.cursor = hit
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.remove.emit(*hit)
        else:
            self.place.emit(*hit)
        self.update()

    def move_cursor(self, dseat: int, dbet: int) -> None:
        seat, bet = self.cursor
        seat = (seat - 1 + dseat) % self.seats + 1
        bet = BETS[(BETS.index(bet) + dbet) % len(BETS)]
        self.cursor = (seat, bet)
        self.update()

    # -- drawing ----------------------------------------------------------
    def least_height(self) -> int:
        """The grid's least height: eight units, and rows whose chips hold a stake's whole text at the least font
        (qaAH F18: under three alerts at 960x540 the rows were squeezed to 10 px, every stake's digits cut at the
        bottom by its chip, 6 as 5 and 8 as 0; the rows around then give room, the alert bars folding last)."""
        text_h = QFontMetricsF(theme.font(self.unit * theme.LABEL_SCALE, bold=True)).height()
        least_rh = min(text_h, QFontMetricsF(theme.font(8, bold=True)).height()) + 2 * cell_inset(0) + 1
        return max(int(self.unit * 8), math.ceil(least_rh * (self.seats + 2)))

    def set_unit(self, unit: int) -> None:
        self.unit = unit
        self.setMinimumHeight(self.least_height())

    def show_snapshot(self, snap) -> None:
        self.snapshot = snap
        if snap.state.rules.seats != self.seats:
            self.seats = snap.state.rules.seats
            self.setMinimumHeight(self.least_height())
        if self.cursor[0] > self.seats:
            self.cursor = (1, self.cursor[1])
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), theme.FELT)
        snap = self.snapshot
        if snap is None:
            p.end()
            return
        state = snap.state
        layout = state.betting.layout
        results = {(r.seat, r.bet): r for r in state.settlement.lines} if state.settlement else {}
        open_ = state.phase == "betting"
        rh = self.height() / (self.seats + 2)
        fpx = min(rh * 0.68, self.unit * 1.0)  # the text fills its row: a stake is read from a metre away
        p.setFont(theme.font(fpx, bold=True))
        p.setPen(theme.MUTED)
        p.drawText(self._cell_rect(0, 0), Qt.AlignmentFlag.AlignCenter, "Seat")
        for i, bet in enumerate(BETS):
            p.setPen(theme.hand_ink(bet.value) if bet in (Bet.PLAYER, Bet.BANKER, Bet.TIE) else theme.TEXT)
            p.drawText(self._cell_rect(0, i + 1), Qt.AlignmentFlag.AlignCenter, SHORT[bet])
        p.setPen(theme.GOLD)
        total = self._cell_rect(0, len(BETS) + 1)
        p.setFont(theme.fitted_font(fpx, "Seat total", total.width() - 4))
        p.drawText(total, Qt.AlignmentFlag.AlignCenter, "Seat total")
        self.painted_stakes: dict = {}  # (seat, bet) -> the text drawn in its cell (tests read it)
        self.painted_widths: dict = {}  # (seat, bet) -> (the text's width, the room it had, its font's px)
        self.painted_marks: dict = {}  # (seat, bet) -> (result mark, its px, the amount's px) where drawn big
        for seat in range(1, self.seats + 1):
            p.setFont(theme.font(fpx, bold=True))
            p.setPen(theme.TEXT)
            p.drawText(self._cell_rect(seat, 0), Qt.AlignmentFlag.AlignCenter, str(seat))
            for i, bet in enumerate(BETS):
                rect = self._cell_rect(seat, i + 1).adjusted(2, cell_inset(rh), -2, -cell_inset(rh))
                stake = layout.get(seat, bet)
                result = results.get((seat, bet))
                fill = RESULT_COLOURS[result.result] if result else (theme.PANEL if open_ else theme.FELT_DARK)
                p.setPen(QPen(theme.MUTED.darker(160), 1))
                p.setBrush(fill)
                p.drawRoundedRect(rect, 4, 4)
                if stake:
                    self._paint_stake(p, rect, seat, bet, stake, result, fpx)
                if open_ and (seat, bet) == self.cursor:
                    p.setPen(QPen(theme.GOLD, 3))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRoundedRect(rect, 4, 4)
            total = layout.seat_total(seat)
            if total:
                p.setPen(theme.GOLD)
                p.setFont(theme.font(fpx, bold=True))
                p.drawText(self._cell_rect(seat, len(BETS) + 1), Qt.AlignmentFlag.AlignCenter, fmt(total))
        self._paint_limits(p, state.rules.limits, fpx)
        p.end()

    def _paint_stake(self, p: QPainter, rect: QRectF, seat: int, bet: Bet, stake: Decimal, result, fpx: float) -> None:
        """A cell's stake, after its chip; once settled, after its result's mark (✓ ✗ =) drawn as tall as the chip
        (qaAH F4: a mark of 5-8 px after the amount, the win or loss told by red or green alone at a metre)."""
        mark = RESULT_MARKS[result.result].strip() if result else ""
        text = fmt(stake)
        if mark:
            mark_font = theme.font(max(rect.height() * 0.95, fpx * theme.LABEL_SCALE), bold=True)
            slot = QRectF(rect.left() + 3, rect.top(), QFontMetricsF(mark_font).horizontalAdvance(mark) + 2,
                          rect.height())
        else:
            d = min(rect.height() * 0.6, rect.width() * 0.22)  # a tall cell's chip stays beside its text
            slot = QRectF(rect.left() + 3, rect.center().y() - d / 2, d, d)
        room = rect.adjusted(slot.width() + 4, 0, -2, 0)
        text_font = theme.fitted_font(fpx * theme.LABEL_SCALE, text, room.width())
        if theme.fits(text_font, text, room.width()):
            p.setPen(QPen(theme.TEXT, 1))
            if mark:
                p.setFont(mark_font)
                p.drawText(slot, Qt.AlignmentFlag.AlignCenter, mark)
                self.painted_marks[(seat, bet)] = (mark, mark_font.pixelSize(), text_font.pixelSize())
            else:
                p.setBrush(theme.chip_colour(stake))
                p.drawEllipse(slot)
        else:  # too narrow for both: the amount alone, its mark after it (not told by colour alone)
            text += f" {mark}" if mark else ""
            room = rect.adjusted(2, 0, -2, 0)
            text_font = theme.fitted_font(fpx * theme.LABEL_SCALE, text, room.width())
        p.setPen(theme.TEXT)
        self.painted_stakes[(seat, bet)] = f"{fmt(stake)} {mark}" if mark else text
        self.painted_widths[(seat, bet)] = (QFontMetricsF(text_font).horizontalAdvance(text), room.width(),
                                            text_font.pixelSize())
        p.setFont(text_font)
        p.drawText(room, Qt.AlignmentFlag.AlignCenter, text)

    def limit_texts(self, limits) -> list[str]:
        """The limits row as drawn: ``Limits``, each bet's ``min–max``, the payout cap per seat."""
        return (["Limits"] + [f"{short(limits.min_for(b))}–{short(limits.max_for(b))}" for b in BETS]
                + [f"win ≤ {short(limits.max_payout)}"])

    def _paint_limits(self, p: QPainter, limits, fpx: float) -> None:
        """The row under the seats, as the limit sign of a real table: what each bet takes."""
        row = self.seats + 1
        band = self._cell_rect(row, 0).united(self._cell_rect(row, len(BETS) + 1))
        p.fillRect(band, theme.FELT_DARK)
        self.painted_limits = self.limit_texts(limits)
        self.limit_widths: list[tuple[float, float]] = []  # each text's width as drawn, and its cell's room
        for col, text in enumerate(self.painted_limits):
            cell = self._cell_rect(row, col)
            font = theme.fitted_font(fpx * theme.LABEL_SCALE, text, cell.width() - 4)
            if col == len(BETS) + 1 and not theme.fits(font, text, cell.width() - 4):
                # the payout cap without its word rather than its last digit past the window's edge (qaAH F5)
                text = self.painted_limits[col] = text.removeprefix("win ")
                font = theme.fitted_font(fpx * theme.LABEL_SCALE, text, cell.width() - 4)
            self.limit_widths.append((QFontMetricsF(font).horizontalAdvance(text), cell.width() - 4))
            p.setFont(font)
            p.setPen(theme.GOLD if col in (0, len(BETS) + 1) else theme.TEXT)
            p.drawText(cell, Qt.AlignmentFlag.AlignCenter, text)


class BettingPanel(QWidget):
    """Chip selector, the bet grid, the seed-000 buttons, the total stake and the last refusal."""

    #: The bet commands moved to or from a row of their own (see :meth:`commands_below`).
    commands_moved = Signal(bool)

    def __init__(self, session: Any, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.session = session
        self.grid = BetGrid()
        self.grid.place.connect(self.place)
        self.grid.remove.connect(self.remove)
        self.chips = QButtonGroup(self)
        self.chips.setExclusive(True)
        self.chip_buttons: dict[Decimal, QPushButton] = {}
        chip_row = QHBoxLayout()
        chip_row.setSpacing(4)
        self.chip_label = QLabel("Chip")
        chip_row.addWidget(self.chip_label)
        for i, value in enumerate(session.state.rules.chips):
            b = QPushButton(fmt_chip(value))
            b.setCheckable(True)
            b.setToolTip(f"chip {fmt(value)} (key {i + 1})" if i < 9 else f"chip {fmt(value)}")
            b.clicked.connect(lambda _=False, v=value: self.session.select_chip(v))
            self.chips.addButton(b)
            self.chip_buttons[value] = b
            chip_row.addWidget(b)
        chip_row.addStretch(1)
        self.buttons: dict[str, QPushButton] = {}
        for key, text, tip in (("undo", "Undo", "U"), ("clear", "Clear All Bets", "C"), ("double", "Double", "X"),
                               ("rebet", "Rebet", "R"), ("deal", "Deal", "D")):
            b = QPushButton(text)
            b.setToolTip(f"{text} ({tip})")
            b.clicked.connect(lambda _=False, k=key: self.command(k))
            b.setStyleSheet("QPushButton { padding: 1px 8px; }")
            self.buttons[key] = b
            chip_row.addWidget(b)
        self.chip_row = chip_row
        # Where the commands go when the chips leave them no room beside (see _place_commands).
        self.command_row = QHBoxLayout()
        self.command_row.setSpacing(4)
        self.command_row.addStretch(1)
        self.total = QLabel("Total stake 0.00")
        self.total.setObjectName("totalStake")
        self.message = theme.plain(QLabel(""))
        self.message.setObjectName("betMessage")
        self.message.setWordWrap(True)
        foot = QHBoxLayout()
        foot.addWidget(self.message, 1)
        foot.addWidget(self.total)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(self.grid, 1)
        lay.addLayout(chip_row)
        lay.addLayout(self.command_row)
        lay.addLayout(foot)
        self.last_error: Optional[str] = None
        self._placing = QTimer(self, singleShot=True, interval=0)
        self._placing.timeout.connect(self.place_commands)
        self._shown_chip: Optional[tuple[Decimal, bool]] = None
        self._shown_refused: Optional[bool] = None
        self.set_unit(16)

    def follow_record(self) -> None:
        """A replay's panel shows the recorded bets; there is no chip or button to press."""
        for b in (self.chip_label, *self.chip_buttons.values(), *self.buttons.values()):
            b.hide()

    # -- commands ---------------------------------------------------------
    def _result(self, error: Optional[str]) -> Optional[str]:
        self.last_error = error
        return error

    def place(self, seat: int, bet: Bet) -> Optional[str]:
        return self._result(self.session.place(seat, bet))

    def remove(self, seat: int, bet: Bet) -> Optional[str]:
        return self._result(self.session.remove(seat, bet))

    def command(self, name: str) -> Optional[str]:
        return self._result(getattr(self.session, name)())

    def select_chip_index(self, index: int) -> Optional[str]:
        """Key ``index + 1``: its chip, counted from the left; a key with no chip behind it says so
        (QA: 7, 8 and 9 at a table of six chips did nothing and said nothing)."""
        chips = self.session.state.rules.chips
        if 0 <= index < len(chips):
            return self._result(self.session.select_chip(chips[index]))
        return self._result(self.session.say(no_chip_text(index + 1, len(chips))))

    def place_at_cursor(self, remove: bool = False) -> Optional[str]:
        seat, bet = self.grid.cursor
        return self.remove(seat, bet) if remove else self.place(seat, bet)

    # -- drawing ----------------------------------------------------------
    def set_unit(self, unit: int) -> None:
        self.grid.set_unit(unit)
        f = theme.font(unit * theme.LABEL_SCALE, bold=True)
        for b in list(self.chip_buttons.values()) + list(self.buttons.values()):
            b.setFont(f)
            b.setMinimumHeight(int(unit * 1.7))
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for b in self.chip_buttons.values():
            b.setMinimumWidth(max(int(unit * 2.6), QFontMetrics(f).horizontalAdvance(b.text()) + int(unit)))
        self.chip_label.setFont(f)
        self.total.setFont(theme.font(unit * 1.2, bold=True))
        self._unit = unit
        self.set_message_scale(1.0)
        self._placing.start()

    def set_message_scale(self, scale: float) -> None:
        """The message's font at ``scale`` of its size: a long one is made smaller rather than cut."""
        self.message.setFont(theme.font(self._unit * theme.LABEL_SCALE * scale, bold=True))

    def hold_message_lines(self) -> None:
        """Make the message's wrapped lines its least height (the chip row had been drawn over the grid)."""
        row_room.hold_lines(self.message)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._placing.start()  # weighed once the layout has settled: new fonts change the chips' least widths

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._placing.start()

    def place_commands(self) -> None:
        """The commands beside the chips where both fit at their full width, else on a row of their own:
        nine chips left "Clear All Bets" cut to "ear All Be"."""
        if not self.isVisible():
            return  # weighed at the width it is shown at (640 px before, which sent six chips' commands below)
        spacing = self.chip_row.spacing()
        widgets = [w for w in (self.chip_label, *self.chip_buttons.values(), *self.buttons.values()) if not w.isHidden()]
        # A chip's least width is set above its size hint, and the row is as wide as their sum at least: weighed by
        # the hints alone, seven chips at 1366x768 kept the commands beside them, "Clear All Bets" squeezed to
        # "lear All Bet" (qaAH F15).  Beside them the panel may take width from the column beside it, so they go
        # back beside only where its own width holds them.
        need = sum(max(w.sizeHint().width(), w.minimumWidth()) for w in widgets) + spacing * (len(widgets) - 1)
        below = need > self.width()
        if below == self.commands_below():
            return
        source, target = (self.chip_row, self.command_row) if below else (self.command_row, self.chip_row)
        for b in self.buttons.values():
            source.removeWidget(b)
            target.addWidget(b)
        self.commands_moved.emit(below)

    def commands_below(self) -> bool:
        """Whether the commands are on their own row, under the chips."""
        return self.command_row.indexOf(self.buttons["undo"]) >= 0

    def show_snapshot(self, snap) -> None:
        state = snap.state
        self.grid.show_snapshot(snap)
        # A stopped table refuses every bet, chip and command: none looks as if it would act (qaAK F3).
        stopped = bool(snap.stopped)
        if (snap.chip, stopped) != self._shown_chip:
            self._shown_chip = (snap.chip, stopped)
            self._style_chips(snap.chip, stopped)
        open_ = state.phase == "betting" and not stopped
        betting = state.betting
        # Drawn enabled only when it can act: Undo with nothing to undo (the bets a void reopened) said so (qaZ F2).
        can = {"undo": bool(betting.history), "clear": bool(betting.layout), "double": _doubles(betting),
               "rebet": bool(betting.last_round)}
        for key, b in self.buttons.items():
            b.setEnabled(open_ and can.get(key, True))
        self.total.setText(f"Total stake {fmt_grouped(state.betting.layout.total)}")
        refused = bool(snap.message) and snap.message == self.last_error
        self.message.setText(snap.message)
        if refused != self._shown_refused:
            self._shown_refused = refused
            colour = theme.LEVEL["error"].lighter(140) if refused else theme.GOLD
            self.message.setStyleSheet(f"color: {colour.name()};")

    def _style_chips(self, chosen: Decimal, stopped: bool = False) -> None:
        for value, b in self.chip_buttons.items():
            b.setChecked(value == chosen)
            b.setEnabled(not stopped)
            colour = theme.chip_colour(value).darker(250) if stopped else theme.chip_colour(value)
            text = "#587066" if stopped else theme.ink_on(colour).name()
            border = "#444" if stopped or value != chosen else theme.GOLD.name()
            b.setStyleSheet(f"QPushButton {{ background: {colour.name()}; color: {text}; padding: 1px 4px; border: "
                            f"{4 if value == chosen else 1}px solid {border}; border-radius: 8px; }}")


def _doubles(betting) -> bool:
    """Whether Double would be taken: bets on the layout that doubled stay within the limits (qaAB F11)."""
    if not betting.layout:
        return False
    try:
        betting.double()
    except BettingError:  # a LimitError too
        return False
    return True
