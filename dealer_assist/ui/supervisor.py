"""The supervisor's step for a correction: name, PIN (hidden) and the reason for the record.

The dialog does not judge the PIN: it hands the three fields to the session
(``submit`` returns the session's refusal or None) and stays open with the
refusal shown (wrong PIN, tries left, lockout) until it is accepted or the
supervisor cancels.  It is window-modal but not blocking, so the table keeps
drawing the live snapshots behind it.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from dealer_assist.ui import theme
from dealer_assist.ui.activation import activate_soon


class SupervisorDialog(QDialog):
    """``body`` (optional) is shown above the supervisor's fields, e.g. the limits being changed.

    ``ask_pin`` False (a table without a roster) asks only for the reason;
    ``submit`` still receives ``(name, pin, why)``, with empty name and PIN.
    """

    def __init__(self, action: str, submit: Callable[[str, str, str], Optional[str]], unit: int,
                 parent: Optional[QWidget] = None, *, body: Optional[QWidget] = None, ask_pin: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Supervisor" if ask_pin else "Correction")
        self.submit = submit
        self.ask_pin = ask_pin
        self.what = QLabel(f"A supervisor must {action}." if ask_pin else f"To {action}, say why (for the journal).")
        self.what.setWordWrap(True)
        self.name = QLineEdit()
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (goes into the journal)")
        self.message = theme.plain(QLabel(""))
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {theme.LEVEL['error'].lighter(150).name()};")
        form = QFormLayout()
        if ask_pin:
            form.addRow("Supervisor", self.name)
            form.addRow("PIN", self.pin)
        form.addRow("Reason", self.reason)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.what)
        if body is not None:
            lay.addWidget(body)
        lay.addLayout(form)
        lay.addWidget(self.message)
        lay.addWidget(buttons)
        self.setFont(theme.font(unit * 1.0))
        self.what.setFont(theme.font(unit * 1.2, bold=True))
        self.message.setFont(theme.font(unit * 1.0, bold=True))  # a refusal must not be the smallest text
        self.setMinimumWidth(unit * 28)
        for field in (self.name, self.pin, self.reason):
            # qaM L4: the refusal's lines took their height from the fields, "typo" and "Ana" cut in half.
            field.setMinimumHeight(field.sizeHint().height())

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        activate_soon(self)  # its fields take the keys, with no window manager to give them

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().hideEvent(event)
        if self.parentWidget() is not None:
            activate_soon(self.parentWidget())  # the table's keys again, with no window manager to give them

    def try_accept(self) -> None:
        error = self.submit(self.name.text().strip(), self.pin.text(), self.reason.text().strip())
        if error is None:
            self.accept()
            return
        self.message.setText(error)
        self.adjustSize()  # room for the refusal's lines below the fields, not taken from them
        field = self.field_to_fix(error)
        if field is self.pin or not self.ask_pin:
            self.pin.clear()
        field.setFocus()
        field.selectAll()

    def field_to_fix(self, error: str) -> QLineEdit:
        """The field the refusal ``error`` is about, where the cursor goes (qaQ F15: after "say why" it went to
        the PIN, and a keyboard-only croupier had to Shift+Tab round to the reason)."""
        if not self.ask_pin or error.startswith("say why"):
            return self.reason
        if "must give their name" in error and not self.name.text().strip():
            return self.name
        return self.pin
