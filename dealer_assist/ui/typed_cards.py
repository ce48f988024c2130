"""The card field's hold on the cursor at a table whose cards are all typed (no reader, no replay).

There every card is typed, so the cursor going back to the table after each one made each card need K
first, and a card typed without it did the table's things silently: T H toggled turbo and showed the
history, 5 S chose a chip (qaQ F4).  So while a card is due the field keeps the cursor: it takes it when
a card becomes due (after D at baccarat, H at blackjack, at a shoe's burn) and keeps it between cards;
when no card is due it gives it back to the table.  A key no card code starts with still acts at the
table, and the cursor comes back for the card still due (one the table has no use for either, a typo such as
Z, is refused in the field, which keeps the cursor: it left it at the table, where the rest of the card went,
qaAV F3); Esc lets go of it until another card is due.
The field taken so has none of K's "a suit next is the king's" state: K there is typed in, and a K
before a whole card code is dropped when the card is sent (see :meth:`CardEntry.submit`).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Optional

from PySide6.QtWidgets import QApplication, QLineEdit, QMainWindow

from dealer_assist.ui.entry import CardEntry


class TypedCardCursor:
    """Moves the cursor between the table and the card field of ``window`` as cards fall due.

    ``due_card`` names the card due now (any value that differs from one card to the next, a void's
    included), or ``None`` when no card is due."""

    def __init__(self, window: QMainWindow, entry: CardEntry, due_card: Callable[[], Optional[Hashable]]) -> None:
        self.window = window
        self.entry = entry
        self.due_card = due_card
        self._let_go: Optional[Hashable] = None  # the card due when Esc left the field: not taken back for it
        entry.typed = True

    def let_go(self) -> None:
        """Esc left the field: the cursor stays at the table until another card is due."""
        self._let_go = self.due_card()
        self.entry.held = False

    def follow(self) -> None:
        """After each snapshot drawn and each command: the field takes the cursor for a card due, or gives
        it back to the table once none is (unless something is typed there)."""
        due = self.due_card()
        field = self.entry.field
        if due is None:
            self._let_go = None
            if self.entry.held and field.hasFocus() and not field.text():
                self.entry.held = False
                self.window.centralWidget().setFocus()
            return
        if due == self._let_go or not self._at_the_table():
            return
        self._let_go = None
        self.entry.hold_cursor()

    def _at_the_table(self) -> bool:
        """The cursor is at the table: no dialog open, the help not shown (a key closes it, and does
        nothing else), no text field holding it (the card field holds it already)."""
        help_overlay = getattr(self.window, "help", None)
        if help_overlay is not None and help_overlay.isVisible():
            return False
        modal = QApplication.activeModalWidget()
        if modal is not None and modal is not self.window:
            return False
        focus = self.window.focusWidget()
        return not isinstance(focus, QLineEdit)


def due_card(session: Any, key: Callable[[Any], Hashable]) -> Callable[[], Optional[Hashable]]:
    """``session``'s card due now, named by ``key`` of its state, or ``None`` when no card is due."""
    return lambda: key(session.snapshot.state) if session.card_due() else None
