"""Shoe status (cards dealt and left, burn, cut card, reader links) and the exact odds of each bet."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import Phase
from dealer_assist.ui import theme

ODDS_COLUMNS = ("Bet", "Win", "Push", "House edge")


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


class StatusView(QWidget):
    """Where the shoe stands, and what each bet is worth on the cards left (from the session's odds)."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.shoe = QLabel("")
        self.shoe.setWordWrap(True)
        self.burn = QLabel("")
        self.burn.setWordWrap(True)
        self.cut = QLabel("")
        self.links = QLabel("")
        self.odds_title = QLabel("ODDS (cards left)")
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(1)
        self.cells: dict[tuple[str, str], QLabel] = {}
        for c, head in enumerate(ODDS_COLUMNS):
            lab = QLabel(head)
            lab.setObjectName("oddsHead")
            grid.addWidget(lab, 0, c, alignment=Qt.AlignmentFlag.AlignRight if c else Qt.AlignmentFlag.AlignLeft)
            self.cells[("head", head)] = lab
        for r, bet in enumerate(Bet, start=1):
            for c, head in enumerate(ODDS_COLUMNS):
                lab = QLabel(bet.label if c == 0 else "…")
                grid.addWidget(lab, r, c, alignment=Qt.AlignmentFlag.AlignRight if c else Qt.AlignmentFlag.AlignLeft)
                self.cells[(bet.value, head)] = lab
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        for w in (self.shoe, self.burn, self.cut, self.links, self.odds_title):
            lay.addWidget(w)
        self.links.setVisible(True)
        lay.addLayout(grid)
        lay.addStretch(1)
        self._odds_shown = object()
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        for w in (self.shoe, self.burn, self.links):
            w.setFont(theme.font(unit * 0.95, bold=True))
        self.cut.setFont(theme.font(unit * 1.2, bold=True))
        self.odds_title.setFont(theme.font(unit * 1.05, bold=True))
        for (row, _), lab in self.cells.items():
            lab.setFont(theme.font(unit * (0.8 if row == "head" else 0.9), bold=row == "head"))

    def odds_text(self, bet: Bet, column: str) -> str:
        return self.cells[(bet.value, column)].text()

    def show_snapshot(self, snap) -> None:
        state = snap.state
        shoe = state.shoe
        self.shoe.setText(f"Shoe {state.shoe_no} · Round {state.round_no} · {shoe.dealt} dealt · "
                          f"{shoe.cards_left} of {shoe.size} left")
        if shoe.phase in (Phase.BURN_CARD, Phase.BURNING):
            burn = "BURN DUE: " + shoe.status
        else:
            shown = " ".join(c.label for c in shoe.burned)
            burn = "Burn done" + (f": {shown}" if shown else "") + (f" + {shoe.unknown} face down" if shoe.unknown else "")
            if not shoe.rules.burn and not shoe.burned:
                burn = "No burn at this table"
        self.burn.setText(burn)
        if shoe.cut_out:
            self.cut.setText("CUT CARD OUT: " + ("LAST ROUND" if shoe.rounds_left == 1 else
                                                 "SHOE FINISHED" if not shoe.rounds_left else "ONE MORE ROUND"))
            self.cut.setStyleSheet(f"color: {theme.GOLD.name()};")
        else:
            self.cut.setText("Cut card not out")
            self.cut.setStyleSheet(f"color: {theme.MUTED.name()};")
        self.links.setText(" · ".join(f"{name}: {link}" for name, link in snap.links) or "cards typed in (no reader)")
        if snap.odds is not self._odds_shown:
            self._odds_shown = snap.odds
            self._show_odds(snap.odds)

    def _show_odds(self, report) -> None:
        if report is None:
            self.odds_title.setText("ODDS: computing…")
            for bet in Bet:
                for head in ODDS_COLUMNS[1:]:
                    self.cells[(bet.value, head)].setText("…")
            return
        self.odds_title.setText(f"ODDS on the {report.cards_left} cards left")
        for bet in Bet:
            f = report.bets[bet].floats()
            self.cells[(bet.value, "Win")].setText(pct(f["win"]))
            self.cells[(bet.value, "Push")].setText(pct(f["push"]) if f["push"] else "–")
            self.cells[(bet.value, "House edge")].setText(pct(f["house_edge"]))
