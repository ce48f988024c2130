"""Round and betting history (seed 000 "Betting History"): each finished round, its cards and bets."""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from dealer_assist.baccarat.round import BaccaratRound
from dealer_assist.money import fmt
from dealer_assist.ui import theme

COLUMNS = ("Shoe", "Round", "Player", "Banker", "Result", "Bets", "Stakes", "Paid")


def _cards(cards) -> str:
    return " ".join(c.label for c in cards)


class HistoryView(QWidget):
    """The newest round on top; each row says what was dealt, who won, what was bet and paid."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.title = QLabel("HISTORY")
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.table, 1)
        self._shown: tuple = ()
        self.set_unit(16)

    def set_unit(self, unit: int) -> None:
        self.title.setFont(theme.font(unit * 1.3, bold=True))
        self.table.setFont(theme.font(unit * 0.9))
        self.table.setMinimumHeight(int(unit * 4.5))
        self.table.verticalHeader().setDefaultSectionSize(int(unit * 1.6))

    def rows(self) -> list[tuple[str, ...]]:
        return [tuple(self.table.item(r, c).text() for c in range(len(COLUMNS))) for r in range(self.table.rowCount())]

    def show_snapshot(self, snap) -> None:
        history = snap.state.history
        if history is self._shown:
            return
        self._shown = history
        self.title.setText(f"HISTORY: {len(history)} round(s)")
        self.table.setRowCount(len(history))
        for r, rec in enumerate(reversed(history)):
            o = rec.outcome
            rnd = BaccaratRound(rec.cards)
            bets = ", ".join(f"{w.seat}:{w.bet.label} {fmt(w.stake)}" for w in rec.wagers) or "no bets"
            cells = (str(rec.shoe), str(rec.number), f"{_cards(rnd.player_cards)} = {o.player_total}",
                     f"{_cards(rnd.banker_cards)} = {o.banker_total}", o.banner, bets,
                     fmt(rec.settlement.stakes), fmt(rec.settlement.paid))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 4:
                    item.setForeground(theme.hand_ink(o.winner))
                self.table.setItem(r, c, item)

