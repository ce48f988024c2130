"""The blackjack window's panels: banner, action buttons, chips, settlement, deck check and card field.

Each panel draws its part of a snapshot (``show_snapshot``) and sizes its
fonts from the window's unit (``set_unit``); the buttons call the session's
commands through the window, which owns the keyboard shortcuts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable, Optional

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetrics, QFontMetricsF, QTextDocument
from PySide6.QtWidgets import (QApplication, QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea,
                               QSizePolicy, QVBoxLayout, QWidget)

from dealer_assist.blackjack.settlement import corrections
from dealer_assist.money import ZERO, fmt, fmt_chip, fmt_grouped
from dealer_assist.table.blackjack_state import BlackjackPhase
from dealer_assist.table.session_core import UNRECORDED_TEXT, UNRECORDED_TITLE
from dealer_assist.ui import row_room, theme
from dealer_assist.ui.entry import CardEntry
from dealer_assist.ui.loud_refusal import TITLES as REFUSALS
from dealer_assist.ui.out_of_sight import titled, wrapping_title

DRAWS = QColor("#a35200")  # the dealer must take a card: orange, not to be missed (cream on it: 4.9:1)
STANDS = QColor("#1d5fbf")
BUSTS = QColor("#a3171d")
DECIDE = QColor("#7a5a00")


def banner_colour(text: str) -> QColor:
    t = text.upper()
    if t.startswith(REFUSALS):
        return theme.LEVEL["error"]
    if t.startswith(("TABLE STOPPED", "CONFIRM")) or "BUST" in t:
        return BUSTS if "DEALER BUSTS" not in t else theme.WIN
    if t.startswith("DEALER DRAWS") or t.startswith("CARD TO"):
        return DRAWS
    if t.startswith(("DEALER STANDS", "DEALER BLACKJACK", "NO DEALER")):
        return STANDS
    if t.startswith("SEAT"):
        return DECIDE
    return theme.FELT_DARK


def _paint(widget: QWidget, colour: QColor) -> None:
    widget.setStyleSheet(f"background: {colour.name()}; color: {theme.TEXT.name()};")


class BlackjackBanner(QWidget):
    """``DEALER DRAWS (16)`` in letters readable across the table, on a colour that says what it is about."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.title = theme.plain(QLabel("PLACE YOUR BETS"))
        self.reason = theme.plain(QLabel(""))
        for label in (self.title, self.reason):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)
            label.setStyleSheet("background: transparent;")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 4)
        lay.setSpacing(0)
        lay.addWidget(self.title)
        lay.addWidget(self.reason)
        self.colour = theme.FELT_DARK
        _paint(self, self.colour)
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 3.2, bold=True))
        self.reason.setFont(theme.font(unit * 1.1, bold=True))

    def show_snapshot(self, snap) -> None:
        self.title.setText(snap.banner)
        self.reason.setText(snap.reason)
        colour = banner_colour(snap.banner)
        if colour != self.colour:
            self.colour = colour
            _paint(self, colour)


#: The decision buttons: action, label, key.
#: The most cards the deck check lists by name in a line (missing, still due back); the rest are counted.
MOST_LISTED = 26
#: The pixels of an action button's width its words leave free (its rounded edges and a margin).
BUTTON_PAD = 12
DECISIONS = (("hit", "HIT", "H"), ("stand", "STAND", "S"), ("double", "DOUBLE", "D"), ("split", "SPLIT", "P"))


class ActionBar(QWidget):
    """The allowed actions for the active hand as big buttons, plus the round's commands."""

    def __init__(self, run: Callable[[str], Any], parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.buttons: dict[str, QPushButton] = {}
        self._colours = {"hit": theme.TIE.name(), "stand": "#a3171d", "double": DRAWS.name(), "split": "#1d5fbf"}
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        commands = DECISIONS + (("deal", "DEAL", "Space"), ("void", "VOID", "Bksp"), ("next_round", "NEXT", "N"),
                                ("deck_check", "DECK CHECK", "C"))
        for name, label, key in commands:
            button = QPushButton(f"{label}\n{key}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: run(n))
            self.buttons[name] = button
            # each button as wide as its words ask at their size (the decisions' larger), so that one scale fits all
            metrics = QFontMetricsF(theme.font(24 if name in self._colours else 16, bold=True))
            row.addWidget(button, int(max(map(metrics.horizontalAdvance, (label, key)))) + 2 * BUTTON_PAD)
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self._unit = unit
        for button in self.buttons.values():
            # the width the row's stretch gives, the words fitted to it (below)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            button.setMinimumHeight(int(unit * 3.6))
        self._fit_words()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_words()

    def _fit_words(self) -> None:
        """Each button's words at their size, or smaller where its width is less than their widest line: at a
        text scale of 1.25 "DOUBLE" read "OUBLE" and "DECK CHECK" "ECK CHECI" (qaAH F10); and lower where its
        height is less than their lines."""
        for name, button in self.buttons.items():
            px = self._unit * (1.5 if name in self._colours else 1.0)
            metrics = QFontMetricsF(theme.font(px, bold=True))
            lines = button.text().split("\n")
            widest = max(lines, key=metrics.horizontalAdvance)
            fitted = theme.fitted_font(px, widest, max(1, button.width() - BUTTON_PAD))
            # and its lines within its height: at 1280x720 "HIT / H" was cut at its top and foot
            while fitted.pixelSize() > 8 and QFontMetricsF(fitted).lineSpacing() * len(lines) > button.height() - 6:
                fitted = theme.font(fitted.pixelSize() - 1, bold=True)
            button.setFont(fitted)

    def show_snapshot(self, snap) -> None:
        allowed = set(snap.allowed)
        state = snap.state
        enabled = {
            "deal": state.phase == BlackjackPhase.BETTING and bool(state.bets) and not state.cut_out,
            "void": state.phase in (BlackjackPhase.PLAYING, BlackjackPhase.SETTLED) and bool(state.before),
            "next_round": state.phase == BlackjackPhase.SETTLED and not state.cut_out,  # not after the last round
            "deck_check": state.phase in (BlackjackPhase.BETTING, BlackjackPhase.SETTLED),
        }
        for name, button in self.buttons.items():
            # a stopped table refuses every one of them: none may look as if it would act (qaAK F3)
            on = not snap.stopped and (name in allowed if name in self._colours else enabled[name])
            button.setEnabled(on)
            back = self._colours.get(name, "#2d6a55") if on else "#1f3029"
            fore = theme.ink_on(QColor(back)).name() if on else "#587066"
            button.setStyleSheet(f"QPushButton {{ background: {back}; color: {fore}; border-radius: 8px; }}")


class ChipBar(QWidget):
    """The table's chips; the chosen one is framed in gold.  Keys 1 to 9 choose from the left."""

    def __init__(self, chips: tuple[Decimal, ...], choose: Callable[[Decimal], Any],
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.chips = chips
        self.buttons: list[QPushButton] = []
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel("CHIP")
        row.addWidget(self.label)
        for i, value in enumerate(chips):
            button = QPushButton(fmt_chip(value))
            button.setToolTip(f"chip {fmt(value)} (key {i + 1})" if i < 9 else f"chip {fmt(value)}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, v=value: choose(v))
            self.buttons.append(button)
            row.addWidget(button)
        self.chosen: Optional[Decimal] = None
        self.stopped = False
        self.unit = 16
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.unit = unit
        self.label.setFont(theme.font(unit * 1.0, bold=True))
        for value, button in zip(self.chips, self.buttons):
            button.setFixedSize(int(unit * 3.4), int(unit * 3.4))
            # Within the round face, inside its rim; a face too long even at the least font is cut with "…",
            # never shown as another amount ("2,345,67" for 12,345,678); the tooltip has it whole.
            face, room = fmt_chip(value), int(unit * 2.4)
            button.setFont(theme.fitted_font(unit * 1.2, face, room - 1))
            button.setText(QFontMetrics(button.font()).elidedText(face, Qt.TextElideMode.ElideRight, room))
        self._style()

    def _style(self) -> None:
        for value, button in zip(self.chips, self.buttons):
            button.setEnabled(not self.stopped)
            colour = theme.chip_colour(value) if not self.stopped else theme.chip_colour(value).darker(250)
            text = theme.ink_on(colour).name() if not self.stopped else "#587066"
            border = f"{max(3, self.unit // 4)}px solid {theme.GOLD.name()}" if value == self.chosen else "2px dashed #dddddd"
            border = border if not self.stopped else "2px dashed #587066"
            radius = int(self.unit * 1.7)
            button.setStyleSheet(f"QPushButton {{ background: {colour.name()}; color: {text}; border: {border}; "
                                 f"border-radius: {radius}px; }}")

    def show_snapshot(self, snap) -> None:
        # a stopped table refuses another chip (its choice is journaled): the chips look it (qaAK F3)
        if snap.chip != self.chosen or bool(snap.stopped) != self.stopped:
            self.chosen = snap.chip
            self.stopped = bool(snap.stopped)
            self._style()


#: The pay list's lines are set down to this share of their letters' size to fit side by side (see
#: :meth:`SettlementPanel._fit_width`); narrower still, the seat's name wraps.
LEAST_LINE_SCALE = 0.8


class SettlementPanel(QWidget):
    """The bets before the round, then one line per hand: stake, result, what to pay.

    Seven seats split twice make more lines than the panel shows: the lines
    scroll (PgDown / PgUp) and the title counts those out of sight, so that
    no payment is missed unseen; the list never makes the window taller.
    """

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.title = wrapping_title("BETS")  # what the list is, on a second line where it must (qaR F15)
        self._title = "BETS"
        self.rows = QWidget()
        self.grid = QGridLayout(self.rows)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(0)
        self.grid.setColumnStretch(0, 1)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.rows)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        bar = self.scroll.verticalScrollBar()
        bar.valueChanged.connect(lambda _: self._retitle())
        bar.rangeChanged.connect(lambda *_: self._retitle())
        # Lines laid out anew or the room changed: what is out of sight is counted again.
        self.rows.installEventFilter(self)
        self.scroll.viewport().installEventFilter(self)
        self.totals = theme.plain(QLabel(""))
        self.totals.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 0, 6, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.totals)
        lay.addStretch(0)  # the room under the title while the list is hidden (the deck check): it stays at the top
        self.lines: list[str] = []
        #: Per line of the list, its first and last label: what :meth:`lines_out_of_sight` measures.
        self._spans: list[tuple[QLabel, QLabel]] = []
        self._shown: Optional[list] = None
        #: The pages PgDown left, (from, to) scroll values, for PgUp to go back to while the lines and the
        #: list's height are the same.
        self._back: tuple[list, QSize, list[tuple[int, int]]] = ([], QSize(), [])
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 1.3, bold=True))
        # Each label's font is its own: the scroll area's style sheet stops a parent's font reaching them.
        self._unit = unit
        self._font = theme.font(unit * 1.05, bold=True)
        self._small = theme.font(unit * 0.8, bold=True)
        self.grid.setHorizontalSpacing(max(4, int(unit * 0.5)))
        for label in self.rows.findChildren(QLabel):
            label.setFont(self._small if label.property("reason") else self._font)
        self._fit_width()
        self.totals.setFont(theme.font(unit * 1.0, bold=True))
        self._retitle()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_width()

    def _fit_width(self) -> None:
        """The lines' letters smaller, down to :data:`LEAST_LINE_SCALE` of their size, where a line's who, stake
        and call do not fit the list's width side by side: the who gave way, wrapped, and "SEAT 1 hand 1" took two
        lines beside "PAY 1,000.00" at 1920x1080, "1" alone on the second (qaW F3: 4 of 11 payments in sight)."""
        rows = self._shown or []
        px = self._unit * 1.05
        full = theme.font(px, bold=True)
        metrics = QFontMetricsF(full)
        if rows:
            widest = ["".join(max(texts, key=metrics.horizontalAdvance))
                      for texts in ([r[0] for r in rows], [r[1] for r in rows],
                                    [line for r in rows for line in r[2].split("\n")])]
            room = (self.scroll.width() - self.scroll.verticalScrollBar().sizeHint().width()
                    - 2 * self.grid.horizontalSpacing() - 2)
            fitted = theme.fitted_font(px, "".join(widest), room)
            font = fitted if fitted.pixelSize() >= px * LEAST_LINE_SCALE else theme.font(px * LEAST_LINE_SCALE, True)
        else:
            font = full
        if font.pixelSize() == self._font.pixelSize():
            return
        self._font = font
        for label in self.rows.findChildren(QLabel):
            if not label.property("reason"):
                label.setFont(font)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            QTimer.singleShot(0, self, self._retitle)  # once the lines have their places
        return False

    def scroll_page(self, pages: int) -> None:
        """A page down (``pages`` > 0) or up, by whole lines: the line cut at the bottom becomes the
        top one, or the line cut at the top (or the one above the top one) the bottom one, so that no
        payment is ever seen only in halves.  The last page too: scrolled only as far as the list went, its
        top line was cut (qaW F1).  A line taller than the list pages by whole lines of its reason (see
        :meth:`_whole_part`).  PgDown goes on while any line ends below the list, also when the lines above
        end exactly at its foot (rev30 R1: it stood still there under "4 ▼ PgDown"); PgUp, its mirror, moves
        at least a line of text up, also when no line starts in sight (rev30 R2: it stood still, or went a
        pixel a press), and right after a PgDown goes back to the page that PgDown left."""
        bar = self.scroll.verticalScrollBar()
        size = self.scroll.viewport().size()
        view = size.height()
        head, foot = self._whole_part()
        spans, room, pages_down = self._back
        if spans is not self._spans or room != size:
            pages_down = []  # the lines or their room changed: those pages are gone
        if pages > 0:
            if any(bottom > view for _, bottom in self._places()):
                start = bar.value()
                self._scroll_to(start + (foot if foot > 0 else view))
                self._back = (self._spans, size, pages_down + [(start, bar.value())])
            return
        self._target = None
        if pages_down and pages_down[-1][1] == bar.value():
            bar.setValue(pages_down.pop()[0])
            return
        above = [b for breaks in self._breaks() for b in breaks if b < head]
        bar.setValue(bar.value() + min([head - view] + ([max(above)] if above else [])))

    def _scroll_to(self, target: int) -> None:
        """Scroll to ``target``, with room under the last line where the list ends short of it, so that the
        cut line can be the top one.  Kept as the list's page until it is paged again or refilled: the title's
        "N MORE BELOW" gone, the list grows, the bar's end comes as much nearer, and the new top line was
        left cut at its top, covered whole (see :meth:`_cover_cut_lines`)."""
        bar = self.scroll.verticalScrollBar()
        self._target = (target, self._spans)
        if target > bar.maximum():
            self.grid.setContentsMargins(0, 0, 0, self.grid.contentsMargins().bottom() + target - bar.maximum())
            self._place_lines()
        bar.setValue(target)

    def lines_out_of_sight(self) -> tuple[int, int]:
        """How many lines of the list lie (wholly or in part) above and below its visible part."""
        view = self.scroll.viewport().height()
        places = self._places()
        above = sum(1 for top, _ in places if top < 0)
        return above, sum(1 for top, bottom in places if top >= 0 and bottom > view)

    def _places(self) -> list[tuple[int, int]]:
        """Each line's top and bottom in the visible part's coordinates (as scrolled now)."""
        view = self.scroll.viewport()
        return [(first.mapTo(view, QPoint(0, 0)).y(), last.mapTo(view, QPoint(0, last.height())).y())
                for first, last in self._spans]

    def _retitle(self) -> None:
        self.title.setText(titled(self.title, self._title, *self.lines_out_of_sight()))
        self._cover_cut_lines()

    def _cover_cut_lines(self) -> None:
        """Felt over the parts of lines cut at the list's edges: a payment is read whole or not at all, not its
        call without its reason (qaAH F9) nor a sliver of the line above a page (qaAF F7).  They are counted in
        the title as out of sight."""
        view = self.scroll.viewport()
        target, spans = getattr(self, "_target", None) or (0, None)
        bar = self.scroll.verticalScrollBar()
        if spans is self._spans and bar.value() == bar.maximum() < target:  # the list grew under its last page
            self._scroll_to(target)
        head, foot = self._whole_part()
        for cover, (y, h) in zip(self._covers(), ((0, head), (foot, view.height() - foot))):
            cover.setGeometry(0, y, view.width(), max(0, h))
            cover.setVisible(h > 0)
            cover.raise_()

    def _whole_part(self) -> tuple[int, int]:
        """The top and foot of the list's visible part that whole lines fill.  A line taller than the list (a
        correction's wrapped reason at text scale 1.25, or under alerts) keeps its who, stake and call and the
        whole lines of its reason in sight: covered whole, as a shorter line is, the list showed nothing at
        any page, PgDown moving it a pixel at a time (rev29, the shape of R1).  PgDown goes on from the foot of
        the part shown, so a line cut at the top exactly at a line of its reason is shown from there."""
        height = self.scroll.viewport().height()
        head, foot = 0, height
        for (top, bottom), breaks in zip(self._places(), self._breaks()):
            if bottom <= 0 or top >= height:
                continue
            tall = bottom - top > height
            if top < 0:  # paged into at a line of its reason: its rest (the list may have grown since)
                head = max(head, min(b for b in breaks if b >= 0) if tall or 0 in breaks else bottom)
            if bottom > height:
                foot = min(foot, max(b for b in breaks if b <= height) if tall else top)
        return head, foot

    def _breaks(self) -> list[list[int]]:
        """Per line of the list, where it may be cut without cutting a letter (in the visible part's
        coordinates): its top, the top of each line of text of its reason, its foot."""
        view = self.scroll.viewport()
        out = []
        for (top, bottom), (first, last) in zip(self._places(), self._spans):
            breaks = [top, bottom]
            if last is not first:
                text = last.heightForWidth(last.width())
                lines = max(1, round(text / last.fontMetrics().lineSpacing()))
                start = last.mapTo(view, QPoint(0, 0)).y() + max(0, (last.height() - text) // 2)
                breaks[1:1] = [start + round(k * text / lines) for k in range(lines)]
            out.append(breaks)
        return out

    def _covers(self) -> tuple[QWidget, QWidget]:
        if not hasattr(self, "_cover_pair"):
            pair = []
            for _ in range(2):
                cover = QWidget(self.scroll.viewport())
                cover.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
                cover.setStyleSheet(f"background: {theme.FELT.name()};")
                cover.hide()
                pair.append(cover)
            self._cover_pair = tuple(pair)
        return self._cover_pair

    def _fill(self, rows: list[tuple[str, str, str, Optional[QColor], str]]) -> None:
        """The list's lines: (who, stake, call, the call's colour, a reason under them or "")."""
        while self.grid.count():
            gone = self.grid.takeAt(0).widget()
            gone.hide()  # deleteLater waits for the event loop: a paint before it would show the old line
            gone.deleteLater()
        for r in range(self.grid.rowCount()):
            self.grid.setRowStretch(r, 0)
        self._spans = []
        r = 0
        for who, stake, call, colour, reason in rows:
            labels = [QLabel(who), QLabel(stake), QLabel(call)]
            for label in labels:
                label.setFont(self._font)
            labels[0].setWordWrap(True)
            labels[1].setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if colour is not None:
                labels[2].setStyleSheet(f"color: {colour.name()};")
            for c, label in enumerate(labels):
                self.grid.addWidget(label, r, c)
            last = labels[0]
            if reason:
                last = QLabel(reason)
                last.setWordWrap(True)
                last.setFont(self._small)
                last.setProperty("reason", True)
                last.setStyleSheet(f"color: {theme.MUTED.name()};")
                self.grid.addWidget(last, r + 1, 0, 1, 3)
                r += 1
            self._spans.append((labels[0], last))
            r += 1
        self.grid.setRowStretch(r, 1)  # the lines at the top, the room below them
        self.grid.setContentsMargins(0, 0, 0, 0)  # no room under the last line but what a page down gave
        self._fit_width()
        self._place_lines()

    def _place_lines(self) -> None:
        """Give the new lines their places now, for :meth:`_retitle` to count: Qt shows a label added to a
        shown list on its next pass only, and lays out no hidden one, so the new lines lay at (0, 0), 480 px
        tall, and the title said "ROUND 1: BETS · 4 ▼ PgDown" for a moment, all of them "below" (seen in
        tests); the list's height then follows its lines as the scroll area gives it on that pass."""
        for i in range(self.grid.count()):
            self.grid.itemAt(i).widget().show()
        self.grid.activate()
        QApplication.sendEvent(self.scroll, QEvent(QEvent.Type.LayoutRequest))  # the list's height, from its lines
        self.grid.activate()

    def _corrections(self, state, paid, s) -> list:
        """The lines of a round whose paid settlement a void took back (qaQ F6): per hand, what to take back or
        pay against what was paid once it settles again; the deal voided too, what to undo before dealing."""
        fixes = corrections(paid, s)
        self._title = f"ROUND {state.round_no}: " + ("CORRECT THE PAYMENT" if s is not None else "UNDO THE PAYMENT")
        self.lines, rows = [], []
        for c in fixes:
            many = sum(1 for x in fixes if x.seat == c.seat) > 1
            who = f"SEAT {c.seat}" + (f" hand {c.hand + 1}" if many else "")
            stake = (c.now or c.was).stake
            colour = theme.BAD_INK if c.difference < 0 else theme.GOOD_INK if c.difference > 0 else theme.MUTED
            call = c.call(fmt_grouped).upper()
            self.lines.append(f"{who}: {fmt(stake)} {call}")
            rows.append((who, fmt_grouped(stake), _parts_on_lines(call), colour, c.why(fmt_grouped)))
        change = sum((c.difference for c in fixes), ZERO)
        self.totals.setText(f"paid {fmt_grouped(paid.paid)} · taken {fmt_grouped(paid.taken)} under the settlement "
                            f"taken back\n{_in_all(change)}\nlimits {fmt(state.rules.min_bet)} to "
                            f"{fmt(state.rules.max_bet)}")
        return rows

    def show_snapshot(self, snap) -> None:
        state = snap.state
        s = state.settlement
        colours = {"win": theme.GOOD_INK, "lose": theme.BAD_INK, "push": theme.MUTED}  # text on the felt
        paid = getattr(state, "paid_before", None)
        if snap.payments_unrecorded:  # first: a correction settled again but not written is no more to pay (rev32 R2)
            self._title = f"ROUND {state.round_no}: {UNRECORDED_TITLE}"
            self.lines, rows = [], []
            self.totals.setText(UNRECORDED_TEXT)
        elif paid is not None and (s is not None or state.phase == BlackjackPhase.BETTING):
            rows = self._corrections(state, paid, s)
        elif state.phase == BlackjackPhase.DECK_CHECK:
            # No bets while the deck is counted back: "ROUND 2: BETS" over an empty list said otherwise (fixQ2).
            ledger = state.ledger
            whole = len(ledger.dealt) + len(ledger.in_shoe)
            # No ": " in it: titled() drops what comes before one where the column is narrow.
            self._title = f"DECK {state.deck_no} CHECK · {len(ledger.returned)} OF {whole} COUNTED BACK"
            self.lines, rows = [], []
            self.totals.setText("")
        elif s is None:
            # What each seat has at risk, as its chip on the table shows it (QA: a doubled seat's chip said
            # 20.00 and this list its bet, 10.00); the bet is named under it when they differ.
            self._title = f"ROUND {state.round_no}: BETS"
            self.lines = [f"seat {seat}: {fmt(state.in_play(seat))}" for seat, _ in state.bets]
            rows = [(f"SEAT {seat}", fmt_grouped(state.in_play(seat)), "", None, _raised(state, seat))
                    for seat, _ in state.bets]
            self.totals.setText(f"limits {fmt(state.rules.min_bet)} to {fmt(state.rules.max_bet)} per seat")
            if paid is not None:  # the round open again after a void of its paid settlement
                self._title = f"ROUND {state.round_no}: BETS · PAID SETTLEMENT TAKEN BACK"
                self.totals.setText(f"{fmt_grouped(paid.paid)} was paid and {fmt_grouped(paid.taken)} taken under the "
                                    "settlement taken back: once the round settles again this list says what to "
                                    "take back or pay")
        else:
            self._title = f"ROUND {state.round_no}: PAY"
            self.lines, rows = [], []
            for h in s.hands:
                many = sum(1 for x in s.hands if x.seat == h.seat) > 1
                who = f"SEAT {h.seat}" + (f" hand {h.hand + 1}" if many else "")
                res = h.result.value
                call = {"win": f"PAY {fmt_grouped(h.pays)}", "lose": "TAKE", "push": "PUSH"}[res]
                if res == "lose" and h.returns > 0:  # part of the stake goes back: the croupier must not take it
                    call = f"TAKE {fmt_grouped(h.taken)}\nRETURN {fmt_grouped(h.returns)}"
                self.lines.append(f"{who}: {fmt(h.stake)} {res} {call.replace(chr(10), ' · ')}")
                rows.append((who, fmt_grouped(h.stake), call, colours[res], h.reason))
            self.totals.setText(f"stakes {fmt_grouped(s.stakes)} · taken {fmt_grouped(s.taken)}\n"
                                f"paid {fmt_grouped(s.paid)} · house {fmt_grouped(s.house)}\n"
                                f"limits {fmt(state.rules.min_bet)} to {fmt(state.rules.max_bet)}")
        # The deck check has no list and no totals: their room goes to the deck panel's lines under it.
        checking = state.phase == BlackjackPhase.DECK_CHECK and not snap.payments_unrecorded
        self.scroll.setVisible(not checking)
        self.totals.setVisible(not checking)
        if rows != self._shown:
            self._shown = rows
            self._fill(rows)
        self._retitle()


def _parts_on_lines(call: str) -> str:
    """A correction's two-part call on two lines, as the pay list's TAKE / RETURN: on one, "RETURN THE STAKE, PAY
    10.00" ran past the list's right edge at 1920x1080, the amount to pay out of sight (qaW F4)."""
    return call.replace(", ", ",\n").replace(" AND ", "\nAND ")


def _in_all(change: Decimal) -> str:
    if change == 0:
        return "in all nothing changes hands"
    return f"in all the table {'pays' if change > 0 else 'takes back'} {fmt_grouped(abs(change))}"


def _raised(state, seat: int) -> str:
    """Why a seat's stake in play is not its bet: doubled, split (or both), else ""."""
    stake = state.stake(seat)
    if state.in_play(seat) == stake:
        return ""
    hands = state.round.seat_hands(state.round_seat(seat))
    how = " and ".join(w for w, yes in (("split", len(hands) > 1), ("doubled", any(h.doubled for h in hands))) if yes)
    return f"bet {fmt(stake)}, {how}"


class DeckPanel(QWidget):
    """The deck in use, and during the deck check: what is due back, what is missing or seen twice."""

    def __init__(self, run: Callable[[str], Any], parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.title = QLabel("DECK 1")
        self.status = theme.plain(QLabel(""))
        self.status.setWordWrap(True)
        self.lines = QLabel("")
        self.lines.setWordWrap(True)
        self.lines.setTextFormat(Qt.TextFormat.RichText)
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (name, label) in enumerate((("return_stub", "Stub back (T)"), ("void_return", "Void counted (Shift+Bksp)"))):
            button = QPushButton(label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: run(n))
            self.buttons[name] = button
            grid.addWidget(button, 0, i)
        for i, (name, label) in enumerate((("new_deck", "NEW DECK (Ctrl+N)"), ("resume", "Same deck (Shift+C)"),
                                           ("supervisor", "Supervisor… (F9)"))):
            button = QPushButton(label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: run(n))
            self.buttons[name] = button
            grid.addWidget(button, 1, i)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 0, 6, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.status)
        lay.addWidget(self.lines, 1)
        lay.addLayout(grid)
        #: The height the deck check's lines may take (px; None: what they need), see :meth:`fit_lines`.
        self.lines_room: Optional[int] = None
        self._rec: Any = None
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 1.3, bold=True))
        self.status.setFont(theme.font(unit * 1.0, bold=True))
        self.lines.setFont(theme.font(unit * theme.LABEL_SCALE, bold=True))
        for button in self.buttons.values():
            button.setFont(theme.font(unit * 0.9, bold=True))
            button.setMinimumHeight(int(unit * 2))

    def show_snapshot(self, snap) -> None:
        state = snap.state
        ledger = state.ledger
        checking = state.phase == BlackjackPhase.DECK_CHECK
        self._rec = None  # the deck check's reconciliation, while it is open (see fit_lines)
        # The cut card out stands here all the deck's last round: its alert is a note, gone with Esc or a restart
        # (qaAF F5: nothing said a relief croupier was dealing the deck's last round).
        cut = state.cut_out and not checking
        self.title.setText(f"DECK {state.deck_no}" + (": CHECK" if checking else ": CUT CARD OUT" if cut else ""))
        burned = f" (burned {' '.join(c.label for c in state.burned)})" if state.burned and not checking else ""
        self.status.setText(f"{len(ledger.dealt)} dealt{burned}, {len(ledger.in_shoe)} in the shoe")
        for name, button in self.buttons.items():
            button.setVisible(checking and not snap.replay)  # a replay counts the deck back by itself
        if cut:
            hint = ("the deck's last round: " + ("finish it, then " if state.phase == BlackjackPhase.PLAYING else "")
                    + ("the deck check comes when the record has one" if snap.replay else "C checks the deck"))
            self.lines.setText(f"<span style='color:{theme.GOLD.name()}'>{hint}</span>")
            return
        if not checking:
            hint = ("the deck check comes when the record has one" if snap.replay else
                    "the deck check waits for the restart (the table has stopped)" if snap.stopped else
                    "C opens the deck check between rounds")
            self.lines.setText(f"<span style='color:{theme.MUTED.name()}'>{hint}</span>")
            return
        rec = state.reconciliation()
        self._rec = rec
        self.fit_lines()
        going = not snap.stopped  # a stopped table refuses them all
        self.buttons["return_stub"].setEnabled(going and bool(state.stub_left))
        self.buttons["void_return"].setEnabled(going and bool(ledger.returned))
        self.buttons["new_deck"].setEnabled(going and rec.ok)
        self.buttons["supervisor"].setEnabled(going and not rec.ok)
        self.buttons["resume"].setEnabled(going)


    def rows_but_lines(self) -> int:
        """The height its rows other than the deck check's lines need (px): the heading, the count, the buttons."""
        lay = self.layout()
        margins = lay.contentsMargins()
        grid = lay.itemAt(3).layout()
        return (self.title.sizeHint().height() + self.status.heightForWidth(max(self.status.width(), 1))
                + (grid.sizeHint().height() if any(b.isVisible() for b in self.buttons.values()) else 0)
                + 3 * lay.spacing() + margins.top() + margins.bottom())

    def fit_lines(self, room: Optional[int] = None) -> None:
        """The deck check's lines, card lists shortened ("… and N more") one list at a time until they fit ``room``
        (px; the last room given, if None): at 1280x720 a long SEEN TOO OFTEN line ran "still due back" out of
        sight.  SEEN TOO OFTEN first (its alert names every card), then still due back, MISSING last: the cards
        to look for on the table are named nowhere else (rev35 R5: every list cut to "N more" with room to spare)."""
        if room is not None:
            self.lines_room = room
        rec = self._rec
        if rec is None:
            return
        room = self.lines_room
        for most in _shortenings():
            text = _deck_check_lines(rec, *most)
            if self.lines.text() != text:
                self.lines.setText(text)
            # half a line spare: the layout's rounding left the last line's foot under the buttons.  Measured as
            # the words need, not heightForWidth: the label's lines are held as its least height (row_room), and
            # Qt's height for a width is never less, so no shortening ever seemed to fit (rev35 R5)
            if room is None or rich_text_height(self.lines) <= room - self.lines.fontMetrics().height() // 2:
                break


def rich_text_height(label: QLabel) -> int:
    """The height a word-wrapped rich-text ``label``'s words need at its width (px), whatever least height it is
    held at."""
    if not label.text():
        return 0
    text = QTextDocument()
    text.setDocumentMargin(0)
    text.setDefaultFont(label.font())
    text.setHtml(label.text())
    text.setTextWidth(max(1, label.width()))
    return round(text.size().height())


#: The lengths a card list of the deck check steps down through (see :meth:`DeckPanel.fit_lines`).
LIST_STEPS = (MOST_LISTED, 18, 12, 8, 4, 0)


def _shortenings() -> list[tuple[int, int, int]]:
    """The most cards listed of (SEEN TOO OFTEN, MISSING, still due back), longest first: each list stepped down
    in turn, too often first, then due back, missing last."""
    out = [(MOST_LISTED,) * 3]
    too, missing, due = out[0]
    for step in LIST_STEPS[1:]:
        too = step
        out.append((too, missing, due))
    for step in LIST_STEPS[1:]:
        due = step
        out.append((too, missing, due))
    for step in LIST_STEPS[1:]:
        missing = step
        out.append((too, missing, due))
    return out


def _deck_check_lines(rec: Any, too_often: int = MOST_LISTED, missing: int = MOST_LISTED,
                      due: int = MOST_LISTED) -> str:
    """The deck check's lines (rich text): what is wrong, the counts, what is still due back; each list of cards
    its first ``too_often``, ``missing`` or ``due`` and a count of the rest."""
    def listed(cards: list[str], most: int) -> str:
        shown = " ".join(cards[:most])
        if len(cards) <= most:
            return shown
        return f"{shown} … and {len(cards) - most} more" if shown else f"{len(cards)} cards"

    red, gold = QColor("#ff6b5e").name(), theme.GOLD.name()
    parts = []
    for line in rec.describe():
        if line.startswith("MISSING") and not rec.dealt and not rec.returned:
            # nothing dealt, nothing counted: the deck is all in the shoe, not missing (qaAW F8: red, "ask the players")
            line = (f"nothing dealt from this deck: its {len(rec.missing)} cards are in the shoe; T counts them back "
                    "(the stub), Shift+C goes on with the same deck")
        elif line.startswith(("MISSING", "SEEN TOO OFTEN")):
            # the first cards and a count of the rest, the advice kept: 99 missing at 1280x720 ran out of the
            # panel mid-line, the clubs, the advice and the counts below out of sight unsaid (qaAH F8); a deck
            # read back twice listed every card seen too often, the counts out of sight (rev29 R5)
            head, advice = line.split(" (", 1)
            name, cards = head.split(": ", 1)
            most = missing if line.startswith("MISSING") else too_often
            line = (f"{name} ({advice}" if not most and name[-1].isdigit()  # not "MISSING 22: 22 cards" (rev35 R5)
                    else f"{name}: {listed(cards.split(), most)} ({advice}")
        colour = red if line.startswith(("MISSING", "SEEN TOO OFTEN")) else gold if "complete" in line else theme.TEXT.name()
        parts.append(f"<div style='color:{colour}'>{line}</div>")
    if rec.due_back:
        parts.append("<div>still due back: " + listed([c.label for c in rec.due_back], due) + "</div>")
    return "".join(parts)


class CardField(CardEntry):
    """The shared card field (type a card; confirm an unsure read) plus the session's last message."""

    TABLE_BACKSPACE = True  # the void: the field keeps the cursor while cards are due at a typed table (qaQ F4)

    def __init__(self, session: Any, parent: Optional[QWidget] = None) -> None:
        super().__init__(session, parent)
        self.message = theme.plain(QLabel(""))
        self.message.setWordWrap(True)
        self.row.addWidget(self.message, 1)
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        super().set_unit(unit)
        self._unit = unit
        if hasattr(self, "message"):
            self.set_message_scale(1.0)

    def set_message_scale(self, scale: float) -> None:
        """The message's font at ``scale`` of its size: a long one is made smaller rather than cut."""
        self.message.setFont(theme.font(self._unit * 0.9 * scale, bold=True))

    def hold_message_lines(self) -> None:
        """Make the message's wrapped lines its least height (see :mod:`dealer_assist.ui.row_room`)."""
        row_room.hold_lines(self.message)

    def counting(self) -> bool:
        return self.session.snapshot.state.phase == BlackjackPhase.DECK_CHECK

    def show_snapshot(self, snap) -> None:
        super().show_snapshot(snap)
        self.message.setText(snap.message)
        self.message.setVisible(bool(snap.message))  # none: the confirm strip beside it has the width (verC)
        refused = "refused" in snap.message or "cannot" in snap.message
        self.message.setStyleSheet(f"color: {'#ff8a80' if refused else theme.MUTED.name()};")
