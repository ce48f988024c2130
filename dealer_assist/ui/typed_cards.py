"""The card field's hold on the cursor at a table whose cards are all typed (no reader, no replay).

There every card is typed, so the cursor going back to the table after each one made each card need K
first, and a card typed without it did the table's things silently: T H toggled turbo and showed the
history, 5 S chose a chip (qaQ F4).  So while a card is due the field keeps the cursor: it takes it when
a card becomes due (after D at baccarat, H at blackjack, at a shoe's burn) and keeps it between cards;
when no card is due it gives it back to the table.  A key no card code starts with still acts at the
table, and the cursor comes back for the card still due (one the table has no use for either, a typo such as
Z, is refused in the field, which keeps the cursor: it left it at the table, where the rest of the card went,
qaAV F3).  Esc there clears what is typed and the cursor stays; in the empty field it is the top alert's OK, and
with no alert it lets go of the cursor until another card is due, but a card code typed at the table while a card
is due still goes into the field (qaAW F2: Esc on a card refused left the field, then 10H chose chip 1 and H asked
for a hit).
The field taken so has none of K's "a suit next is the king's" state: K there is typed in, and a K
before a whole card code is dropped when the card is sent (see :meth:`CardEntry.submit`).

While no card is due the digits are chips and the letters the table's keys, so a card code typed then (before
D, or while a blackjack seat decides) ran as two table keys: 2C chose a chip and cleared every bet, 5D chose a
chip and doubled the hand (qaAW F1).  A suit right after a rank, with no bet placed between, is therefore taken
as a card typed too early: the suit's key does nothing, what the rank's key changed (the chip, turbo) is put
back, and the refusal says what to do first, in the banner.  Right after means at typing speed: a croupier's chip
key then a command a second later is two keys (rev41 F5: 5 then D within 2 s was eaten as "5D").  Faster, the
two keys are taken as a card even where the rank's key has a use (a chip while the bets are open), since a card
typed before D is the mistake that cost bets there; the refusal names the suit key's own command and that its
second press runs it ("press D again to deal", "if you meant S (stand), press S again").
"""

from __future__ import annotations

import time
from typing import Any, Callable, Hashable, NamedTuple, Optional

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QMainWindow

from dealer_assist.cards import SUIT_SYMBOLS, SUITS
from dealer_assist.ui.entry import CODE_STARTS, MODIFIER_KEYS, CardEntry, TableCommand, table_command
from dealer_assist.ui.loud_refusal import NOT_TAKEN, LoudRefusal

#: Seconds within which a suit typed after a rank at the table is taken as the rest of a card code: typing speed,
#: so a chip key, then a command a second later, is a chip and a command (rev41 F5; it was 2 s).
CODE_WITHIN = 0.7


class _Rank(NamedTuple):
    """A rank typed at the table while no card was due: the start of a card code, perhaps."""

    rank: str
    at: float
    bets: Hashable  # the bets then: one placed since (a click) makes the next suit a key of its own
    undo: Callable[[], None]  # puts back what the rank's key changed


class TypedCardCursor(QObject):
    """Moves the cursor between the table and the card field of ``window`` as cards fall due.

    ``due_card`` names the card due now (any value that differs from one card to the next, a void's
    included), or ``None`` when no card is due.  ``bets`` names the bets on the table now; ``keep_view``
    notes what a table key may change (the chip, turbo) and returns what puts it back; ``first`` says what
    the croupier does before a card can be typed (``press D to deal first ...``), given the command of the
    suit's key, which did not run (see :func:`first_step`)."""

    def __init__(self, window: QMainWindow, entry: CardEntry, due_card: Callable[[], Optional[Hashable]], *,
                 bets: Callable[[], Hashable], keep_view: Callable[[], Callable[[], None]],
                 first: Callable[[Optional[TableCommand]], str], refusal: LoudRefusal,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window)
        self.window = window
        self.entry = entry
        self.due_card = due_card
        self.bets = bets
        self.keep_view = keep_view
        self.first = first
        self.refusal = refusal
        self._clock = clock
        self._let_go: Optional[Hashable] = None  # the card due when Esc left the field: not taken back for it
        self._rank: Optional[_Rank] = None
        #: The card code whose suit's press is on its way, and the suit key's command, which does not run.
        self._early: Optional[tuple[str, Optional[TableCommand]]] = None
        entry.typed = True
        window.centralWidget().installEventFilter(self)

    def let_go(self) -> None:
        """Esc left the field: the cursor stays at the table until another card is due."""
        self._let_go = self.due_card()
        self.entry.held = False

    def keeps_on_esc(self) -> bool:
        """Esc in the card field with something typed there while a card is due: it clears the field and the
        cursor stays for the card (qaAW F2: it left too, and the right card typed next went to the table)."""
        return bool(self.entry.field.text()) and self.due_card() is not None and not self.entry.counting()

    def dismisses_on_esc(self) -> bool:
        """Esc in the empty card field while a card is due and an alert shows: it is the alert's OK (Esc), and the
        cursor stays (after Esc had cleared a card refused, a second left the field, and only a third took
        CARD REFUSED down)."""
        return (not self.entry.field.text() and self.due_card() is not None and not self.entry.counting()
                and bool(self.window.alerts.bars))

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
        self._rank = None
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

    # -- keys pressed at the table ---------------------------------------------------------------------
    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """The table's keys as they reach it (the table has the cursor): see the module's docstring."""
        kind = event.type()
        if kind == QEvent.Type.FocusOut:
            self._rank = None  # the keys after it go elsewhere (K opened the field): no code begun at the table
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) or not self._at_the_table():
            return False
        if kind == QEvent.Type.KeyPress and self._early is not None:
            early, self._early = self._early, None
            self._refuse_early(*early)
            return True
        if event.key() in MODIFIER_KEYS or self.entry.counting():
            return False  # Shift's own press, for a capital suit; a deck counted back, where T is the stub's key
        text = event.text().upper()
        plain = not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier)
        if self.due_card() is not None:
            if not (plain and len(text) == 1 and text in CODE_STARTS):
                return False
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()  # the card's, not the table's shortcut (a chip, turbo)
                return True
            self._let_go = None  # a card code typed: the field takes the cursor back for the card due
            self.entry.hold_cursor()
            QApplication.sendEvent(self.entry.field, QKeyEvent(QEvent.Type.KeyPress, event.key(), event.modifiers(),
                                                               event.text()))
            return True
        if kind != QEvent.Type.ShortcutOverride:
            return False
        code = self._code_typed(text, plain)
        if code is not None:
            self._early = code, table_command(self.window, event)
            event.accept()  # the suit's table key does not run; its KeyPress comes here next
            return True
        return False

    def _code_typed(self, text: str, plain: bool) -> Optional[str]:
        """The card code a suit's press ends (a rank typed just before, no bet placed since), else ``None``;
        notes a rank typed, as the start of a code."""
        rank, self._rank = self._rank, None
        fresh = rank is not None and self._clock() - rank.at <= CODE_WITHIN and self.bets() == rank.bets
        if not plain or len(text) != 1:
            return None
        if fresh and (text in SUITS or text in SUIT_SYMBOLS):
            rank.undo()
            return rank.rank + text
        if fresh and rank.rank == "1" and text == "0":
            self._rank = rank._replace(rank="10", at=self._clock())
        elif text in CODE_STARTS and text not in "0K":  # K is the card key: the field takes what follows it
            self._rank = _Rank(text, self._clock(), self.bets(), self.keep_view())
        return None

    def _refuse_early(self, code: str, meant: Optional[TableCommand]) -> None:
        message = f"{code} not taken: no card is due now, nothing was changed; {self.first(meant)}"
        self.refusal.say(NOT_TAKEN, self.entry.session.say(message))


def due_card(session: Any, key: Callable[[Any], Hashable]) -> Callable[[], Optional[Hashable]]:
    """``session``'s card due now, named by ``key`` of its state, or ``None`` when no card is due."""
    return lambda: key(session.snapshot.state) if session.card_due() else None


def first_step(snap: Any, betting: bool, deal_key: str, meant: Optional[TableCommand] = None) -> str:
    """What the croupier does before a card can be typed (see :class:`TypedCardCursor`): deal, while the bets are
    open, else what the banner asks for; and, the suit's key being a table key (``meant``, which did not run), that
    its second press runs it (rev41 F5: 5 then D said "press D to deal first" to a croupier who had pressed D)."""
    if betting and meant is not None and meant.key == deal_key:
        return f"press {deal_key} again to deal; the bets are still open"
    step = (f"press {deal_key} to deal first; the bets are still open" if betting
            else f"the table waits for {snap.banner}" + (f" ({snap.reason})" if snap.reason else ""))
    return step + (f"; if you meant {meant.key} ({meant.what}), press {meant.key} again" if meant else "")
