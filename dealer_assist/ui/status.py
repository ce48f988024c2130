"""Shoe status (cards dealt and left, burn, cut card, reader links) and the exact odds of each bet."""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import Phase
from dealer_assist.ui import theme
from dealer_assist.ui.bet_names import SHORT

ODDS_ROWS = ("Win", "House edge")


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def link_text(name: str, state: str, replay_note: str = "") -> str:
    """A card source's line: ``serial:/dev/ttyUSB0: up``; a replay names its journal and says PAUSED (and,
    for a journal replayed although its hash chain breaks, ``replay_note`` says so)."""
    if name.startswith("replay:"):
        what = f"replay of {name.removeprefix('replay:')}" + (f" ({replay_note})" if replay_note else "")
        return {"up": what, "paused": f"{what}: PAUSED", "ended": f"{what}: ended"}.get(state, f"{what}: {state}")
    return f"{name}: {state}"


class StatusView(QWidget):
    """Where the shoe stands, and what each bet is worth on the cards left (from the session's odds)."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.shoe = theme.plain(QLabel(""))
        self.burn = theme.plain(QLabel(""))
        self.cut = theme.plain(QLabel(""))
        self.links = theme.plain(QLabel(""))
        #: A replay's line: when the round shown was played (see :attr:`round_played`); hidden otherwise.
        self.played = theme.plain(QLabel(""))
        self.played.setVisible(False)
        self.played.setWordWrap(True)  # a round's corrections are never cut at the edge (qaAM F6)
        self.played.installEventFilter(self)
        self._played_weighed: tuple = ()
        self.odds_title = QLabel("ODDS (cards left)")
        self.odds_title.setWordWrap(True)  # a title too long even in short is wrapped, never cut at the edge
        self._titles = ("ODDS (cards left)", "ODDS (cards left)")
        self.odds_title.installEventFilter(self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(1)
        self.cells: dict[tuple[str, str], QLabel] = {}
        right = Qt.AlignmentFlag.AlignRight
        for r, head in enumerate(ODDS_ROWS, start=1):
            lab = QLabel(head)
            grid.addWidget(lab, r, 0)
            self.cells[("head", head)] = lab
        for c, bet in enumerate(Bet, start=1):
            lab = QLabel(SHORT[bet])
            grid.addWidget(lab, 0, c, alignment=right)
            self.cells[(bet.value, "name")] = lab
            for r, head in enumerate(ODDS_ROWS, start=1):
                lab = QLabel("…")
                grid.addWidget(lab, r, c, alignment=right)
                self.cells[(bet.value, head)] = lab
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        for w in (self.shoe, self.burn, self.cut, self.links, self.played, self.odds_title):
            w.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # long text clips, never widens
            w.setToolTip("")
            lay.addWidget(w)
        lay.addLayout(grid)
        lay.addStretch(1)
        self._odds_shown: tuple = (object(), ())
        #: The figures shown are those of the shoe before its newest cards (greyed, the title says so).
        self.odds_stale = False
        #: The card source line before any source reports (a replay's window names its journal here).
        self.no_reader = "cards typed in (no reader)"
        #: A replay of a broken journal: where it breaks (see :func:`link_text`).
        self.replay_note = ""
        #: A replay: (shoe, round) -> when that round was played, local time ("" when the journal does not say).
        self.round_played: Optional[Callable[[int, int], str]] = None
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        for w in (self.shoe, self.burn, self.links, self.played):
            w.setFont(theme.font(unit * 0.9, bold=True))
        self.cut.setFont(theme.font(unit * 1.05, bold=True))
        self.odds_title.setFont(theme.font(unit * theme.LABEL_SCALE, bold=True))
        self._fit_title()
        self._fit_played()
        for (row, _), lab in self.cells.items():
            lab.setFont(theme.font(unit * 0.85, bold=row == "head" or _ == "name"))

    def odds_text(self, bet: Bet, column: str) -> str:
        return self.cells[(bet.value, column)].text()

    def show_snapshot(self, snap) -> None:
        state = snap.state
        shoe = state.shoe
        self.shoe.setText(f"Shoe {state.shoe_no} · Round {state.round_no} · {shoe.dealt} dealt · {shoe.cards_left} left")
        if shoe.phase in (Phase.BURN_CARD, Phase.BURNING):
            burn = "BURN DUE: " + shoe.status
        else:
            shown = " ".join(c.label for c in shoe.burned[:1]) + (f" + {len(shoe.burned) - 1} more" if len(shoe.burned) > 1 else "")
            burn = "Burn done" + (f": {shown}" if shown else "") + (f" + {shoe.unknown} face down" if shoe.unknown else "")
            if not shoe.rules.burn and not shoe.burned:
                burn = "No burn at this table"
        if shoe.set_aside_cards:
            burn += f" · {len(shoe.set_aside_cards)} set aside"
        if shoe.cut_out:
            self.cut.setText("CUT CARD OUT: " + ("LAST ROUND" if shoe.rounds_left == 1 else
                                                 "SHOE FINISHED" if not shoe.rounds_left else "ONE MORE ROUND"))
            self.cut.setStyleSheet(f"color: {theme.GOLD.name()};")
            self.cut.setVisible(True)
        else:
            self.cut.setVisible(False)
            if shoe.phase not in (Phase.BURN_CARD, Phase.BURNING):  # before the burn it goes without saying
                burn += " · cut card not out"
        self.burn.setText(burn)
        self.burn.setToolTip(burn)
        links = " · ".join(link_text(name, link, self.replay_note) for name, link in snap.links) or self.no_reader
        self.links.setWordWrap(bool(self.replay_note))  # where a replay of a broken record breaks is never clipped
        self.links.setText(links)
        self.links.setToolTip(links)  # a long line is clipped: the whole of it on hover
        played = self.round_played(state.shoe_no, state.round_no) if self.round_played is not None else ""
        self.played.setText(f"Round {state.round_no} {played}" if played else "")
        self.played.setToolTip(self.played.text())
        self.played.setVisible(bool(played))
        self._fit_played()
        paused = any(link == "paused" for _, link in snap.links)
        self.links.setStyleSheet(f"color: {theme.GOLD.name()};" if paused or self.replay_note else "")
        shown = (snap.odds, shoe.counts_left(), shoe.cards_left)  # cards burned face down change only the last
        if shown[0] is not self._odds_shown[0] or shown[1:] != self._odds_shown[1:]:
            self._odds_shown = shown
            self._show_odds(snap.odds, shoe)

    def _show_odds(self, result, shoe) -> None:
        """The odds of the cards left, or why there are none, or, while the worker counts the newest
        cards, the figures before them greyed under a title naming their own count (QA: they had been
        shown under the new count).  Kept rather than blanked: the panel would flash at every card, its
        columns narrowing to "…" and widening back, for a result due within a few milliseconds."""
        current = result is not None and result.holds_for(shoe)
        self.odds_stale = result is not None and not current and result.report is not None
        self.odds_title.setStyleSheet(f"color: {theme.MUTED.name()};" if self.odds_stale else "")
        for (row, head), lab in self.cells.items():
            if row != "head" and head != "name":
                lab.setStyleSheet(f"color: {theme.MUTED.name()};" if self.odds_stale else "")
        if self.odds_stale:
            before = result.cards_left - shoe.unknown  # counted as the title counts the current cards left
            self._show_figures(result.report)
            self._title(f"ODDS of the previous {before} cards left · computing the {shoe.cards_left}…",
                        f"These are the odds of the {before} cards left before the newest card; "
                        f"those of the {shoe.cards_left} now left are being computed.")
            return
        if not current or result.report is None:
            self._title(f"ODDS: {result.why}" if current else "ODDS: computing…")
            for bet in Bet:
                for head in ODDS_ROWS:
                    self.cells[(bet.value, head)].setText("—" if current else "…")
            return
        # Cards burned face down are unknown but random: the odds rest on the known composition
        # and hold for the shoe's real cards left.
        self._title(f"ODDS on the {shoe.cards_left} cards left" + push_note(result.report),
                    short=f"ODDS, {shoe.cards_left} cards left" + push_note(result.report, short=True))
        self._show_figures(result.report)

    def _title(self, text: str, tip: str = "", short: str = "") -> None:
        self._titles = (text, short or text)
        self.odds_title.setToolTip(tip or text)
        self._fit_title()

    def _fit_title(self) -> None:
        """The title whole where it fits, else its short form, wrapped if even that is too wide (qaZ F5: an EZ
        table's "... Banker 11.73%)" ran off the right edge at 1280x720, its figure cut)."""
        text, short = self._titles
        room = self.odds_title.contentsRect().width()
        metrics = QFontMetrics(self.odds_title.font())
        self.odds_title.setText(text if metrics.horizontalAdvance(text) <= room else short)

    def _fit_played(self) -> None:
        """The replay's line as tall as all its lines at its width: the layout had squeezed it to its
        shortest when an alert took the window's height, and its last line, "settled again at ... (UTC+01:00)",
        was cut under the odds.  The room comes from the panel above it (the bets, the pay list), which
        scrolls."""
        label = self.played
        weighed = (label.text(), label.width(), label.font().toString())
        if weighed == self._played_weighed:
            return
        self._played_weighed = weighed
        label.setMinimumHeight(0)  # a label's height for a width is never below its least: held, never shorter
        label.setMinimumHeight(max(label.heightForWidth(label.width()), 0) if label.text() else 0)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if watched is self.odds_title and event.type() == QEvent.Type.Resize:
            self._fit_title()  # its room changed: the whole title may fit again, or no longer
        elif watched is self.played and event.type() == QEvent.Type.Resize:
            self._fit_played()  # its width changed: it wraps to more lines, or fewer
        return super().eventFilter(watched, event)

    def _show_figures(self, report) -> None:
        for bet in Bet:
            f = report.bets[bet].floats()
            self.cells[(bet.value, "Win")].setText(pct(f["win"]))
            self.cells[(bet.value, "House edge")].setText(pct(f["house_edge"]))


def push_note(report, short: bool = False) -> str:
    """The odds title's push: one figure while Player and Banker push alike (on a tie), each its own where
    they differ (qaQ F16: an EZ table's Banker pushes on a three-card 7 too, 11.8% against 9.5%, and the
    one figure shown was Player's).  ``short``: the bets by their initials, for a narrow column."""
    player, banker = (report.bets[b].floats()["push"] for b in (Bet.PLAYER, Bet.BANKER))
    if not player and not banker:
        return ""
    if abs(player - banker) < 5e-5:
        return f" ({'P/B' if short else 'Player/Banker'} push {pct(player)})"
    return f" (push: P {pct(player)}, B {pct(banker)})" if short else f" (push: Player {pct(player)}, Banker {pct(banker)})"
