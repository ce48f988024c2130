"""The limits dialog (L): the table's limits, editable, then the supervisor's name, PIN and reason.

One dialog for both games: a row per bet (baccarat: the seven bets and the
maximum potential payout per seat; blackjack: the seat).  It judges
nothing: the texts go to the session as typed, the rules core refuses a bad
amount by name, and the dialog stays open with that refusal shown (as the
supervisor's step does for a wrong PIN).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Callable, Optional, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QWidget

from dealer_assist.money import fmt
from dealer_assist.ui import theme
from dealer_assist.ui.supervisor import SupervisorDialog

#: (key, label, minimum, maximum) of one row.
Row = tuple[str, str, Decimal, Decimal]


class LimitsEditor(QWidget):
    """A grid of the current limits: bet, minimum, maximum; below it the maximum payout per seat, if any."""

    def __init__(self, rows: Sequence[Row], payout: Optional[Decimal], unit: int,
                 parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, unit // 2, 0, unit // 2)
        grid.setHorizontalSpacing(unit)
        for col, head in enumerate(("", "Minimum", "Maximum")):
            label = QLabel(head)
            label.setFont(theme.font(unit, bold=True))
            label.setStyleSheet(f"color: {theme.GOLD.name()};")
            grid.addWidget(label, 0, col)
        self.minimum: dict[str, QLineEdit] = {}
        self.maximum: dict[str, QLineEdit] = {}
        self.labels = {key: label for key, label, _, _ in rows}
        for r, (key, label, low, top) in enumerate(rows, start=1):
            name = QLabel(label)
            name.setFont(theme.font(unit, bold=True))
            grid.addWidget(name, r, 0)
            self.minimum[key] = self._field(low, unit)
            self.maximum[key] = self._field(top, unit)
            grid.addWidget(self.minimum[key], r, 1)
            grid.addWidget(self.maximum[key], r, 2)
        self.payout: Optional[QLineEdit] = None
        if payout is not None:
            name = QLabel("Max payout per seat")
            name.setFont(theme.font(unit, bold=True))
            grid.addWidget(name, len(rows) + 1, 0, 1, 2)  # the minimum column is free: no clipping
            self.payout = self._field(payout, unit)
            grid.addWidget(self.payout, len(rows) + 1, 2)

    @staticmethod
    def _field(value: Decimal, unit: int) -> QLineEdit:
        field = QLineEdit(fmt(value))
        field.setAlignment(Qt.AlignmentFlag.AlignRight)
        field.setFont(theme.font(unit * 1.1, bold=True))
        field.setMinimumWidth(unit * 7)
        return field

    def field_named(self, error: str) -> Optional[QLineEdit]:
        """The field a refusal names ("Tie maximum: invalid amount ...", "maximum potential payout ..."), if any."""
        if self.payout is not None and "payout" in error:
            return self.payout
        for key, label in self.labels.items():
            for side, fields in (("minimum", self.minimum), ("maximum", self.maximum)):
                if f"{label} {side}" in error:
                    return fields[key]
        return None

    def values(self) -> dict:
        """The texts as typed, in the config file's form: ``{"min": {...}, "max": {...}, "max_payout": ...}``."""
        out: dict = {"min": {k: f.text().strip() for k, f in self.minimum.items()},
                     "max": {k: f.text().strip() for k, f in self.maximum.items()}}
        if self.payout is not None:
            out["max_payout"] = self.payout.text().strip()
        return out


class LimitsDialog(SupervisorDialog):
    """The limits above the supervisor's fields; ``submit(values, name, pin, why)`` returns a refusal or None."""

    def __init__(self, rows: Sequence[Row], payout: Optional[Decimal],
                 submit: Callable[[dict, str, str, str], Optional[str]], unit: int,
                 parent: Optional[QWidget] = None, *, ask_pin: bool = True) -> None:
        editor = LimitsEditor(rows, payout, unit)
        super().__init__("change the table limits", lambda name, pin, why: submit(self.editor.values(), name, pin, why),
                         unit, parent, body=editor, ask_pin=ask_pin)
        self.setWindowTitle("Table limits")
        self.editor = editor

    def field_to_fix(self, error: str) -> QLineEdit:
        """A limit the refusal names first (qaQ F15: an "abc" amount was refused by name, the cursor left in
        Reason), else the supervisor's field it is about."""
        if error.startswith("limits refused"):
            field = self.editor.field_named(error)
            if field is not None:
                return field
        return super().field_to_fix(error)
