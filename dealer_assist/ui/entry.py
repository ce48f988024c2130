"""Typing cards in (a correction, or a reader that failed) and confirming unsure reads.

K puts the cursor in the card field; a card code and Enter sends it to the
session exactly like a card from a reader (``9h``, ``10♥``, ``TD``; a rank
alone where the suit does not matter).  When a source was unsure of a card,
the confirm strip asks: Enter accepts it, Del rejects it, typing a card
corrects it.  A card that came after the round is *held*: Enter deals a hand
nobody bets on with it (or plays it in the round a void reopened), Del sets
it aside as misdrawn.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Optional

from PySide6.QtCore import QEvent, QKeyCombination, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.cards import RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS, InvalidCardError, parse_card
from dealer_assist.table.holds import HOLDS
from dealer_assist.ui import theme

#: What a typed card code may start with (a rank; 10 as 1 0 or T): any other letter is a table key.
CODE_STARTS = frozenset(RANKS + "10")
#: A rank typed whole, or the 1 of a 10: a suit is what comes next.
RANK_CODES = frozenset(RANKS) | {"1", "10"}


#: Keys that only change another key (Shift, Ctrl ...): pressed alone, they are no key of their own.
MODIFIER_KEYS = (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr)

#: The confirm strip's padding left and right, in pixels.
PADDING = 8


class TableCommand(NamedTuple):
    """A key as the table knows it (``Shift+B``) and what its command does, in a refusal's words
    (``skip the burn``): the way out a key refused as part of a card code names (rev41 F5, F7)."""

    key: str
    what: str


def table_command(window: QWidget, event) -> Optional[TableCommand]:
    """The command the key of ``event`` runs at ``window``'s table (its shortcut's menu item, whose words up to a
    colon, comma, semicolon or bracket say what it does), or ``None`` where the table has no command on it."""
    shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
    sequence = QKeySequence(QKeyCombination(shift, Qt.Key(event.key())))
    for action in QWidget.actions(window):  # blackjack's window has an ``actions`` of its own (its action bar)
        if action.text() and sequence in action.shortcuts():
            return TableCommand(sequence.toString(), re.split(r":|;|,| \(|\t", action.text(), maxsplit=1)[0].strip())
    return None


class ConfirmStrip(QLabel):
    """The confirm strip: its words whole where they fit, else the short ones, without the source and
    why, which the banner says too (qaM L7: "CONFIRM: is it 5♣? (serial:/tmp/qaM/..." was cut off at
    1280x720); the whole words stay in its tooltip.  Short words still too wide wrap onto more lines, the
    strip as tall as they need: cut at one line's width, blackjack's read "CONFIRM: is it 10♠? · 2 more
    read a" at 1600x900 (verC)."""

    def __init__(self) -> None:
        super().__init__("")
        self.words = ("", "")

    def say(self, whole: str, short: str = "") -> None:
        self.words = (whole, short or whole)
        self.refit()

    def refit(self) -> None:
        whole, short = self.words
        room = self.width() - 2 * PADDING - 4
        fits = self.fontMetrics().horizontalAdvance(whole) <= room
        text = whole if fits else short
        self.setText(text)
        self.setToolTip("" if fits else whole)
        wraps = self.fontMetrics().horizontalAdvance(text) > room
        if wraps != self.wordWrap():
            self.setWordWrap(wraps)
        self.setMinimumHeight(0)  # Qt's height for a width is never less than the least height held before
        if wraps and self.width() > 0:
            self.setMinimumHeight(self.heightForWidth(self.width()))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.refit()


class CardEntry(QWidget):
    """The card field and the confirm strip for a pending or held card."""

    #: Backspace in the empty field is the table's key (blackjack's void), as a letter no card code starts with.
    TABLE_BACKSPACE = False

    def __init__(self, session: Any, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.session = session
        self.label = QLabel("Card (K)")
        self.field = QLineEdit()
        self.field.setPlaceholderText("e.g. 9H, Enter")  # whole in the field's least width (K and F1 say more)
        self.field.setMaxLength(6)
        self.field.installEventFilter(self)
        self.question = theme.plain(ConfirmStrip())
        self.question.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.yes = QPushButton("Yes (Enter)")
        self.no = QPushButton("No (Del)")
        for b in (self.yes, self.no):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.yes.clicked.connect(self.accept)
        self.no.clicked.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        row = QHBoxLayout()
        row.addWidget(self.label)
        row.addWidget(self.field)
        row.addWidget(self.question, 1)
        row.addWidget(self.yes)
        row.addWidget(self.no)
        lay.addLayout(row)
        #: Where the answers go when the strip beside them would wrap word by word (see :meth:`_place_answers`).
        self.answers_row = QHBoxLayout()
        self.answers_row.addStretch(1)
        lay.addLayout(self.answers_row)
        self.row = row
        self.last_error: Optional[str] = None
        self._refused = ""  # the text of the card refused last, left in the field to be typed again
        self._king_or_key = False  # K pressed on a refused card: the next key says which it was
        self._just_opened = False  # K put the cursor in the field, empty or refused: a suit next is a king's
        self._held_k = False  # K pressed in the empty field holding the cursor: the key, or a king (see hold_cursor)
        self._rubbing_out = False  # the last key was a Backspace rubbing out typed text (see _rubbed_out)
        #: (key, its name, retyping): a key sent from the field to the table, while its press may still come
        #: back untaken (see :meth:`_sent_in_vain`).
        self._sent: Optional[tuple[int, str, bool]] = None
        #: The field kept the cursor for the next card of a deck counted back (see :meth:`counting`); the
        #: window gives it back to the table once the count is over.
        self.kept_for_count = False
        #: The table's cards are all typed (no reader, no replay): the field keeps the cursor while a card is
        #: due (see :mod:`dealer_assist.ui.typed_cards`, which sets it).
        self.typed = False
        #: The field holds the cursor for a card due at such a table (not opened by K).
        self.held = False
        self._mode = ""
        self.set_mode("")
        self.set_unit(16)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """Enter in the card field sends the card and goes no further.  QLineEdit passes it on to
        the window, whose Enter plays a held card: a card typed after the round was held and then
        dealt by the same key.

        A card refused stays in the field, selected, to be typed again; a key then that no card code
        starts with (H, S, D, N, X, + ...) is the table's, and goes to it, and K is the key that puts the
        cursor here (QA: H and S were typed into the field as "hs", and K 9H became "k9H").  So is such a
        key in the empty field: K pressed by mistake, then D, dealt nothing and typed "d" (QA).  A suit
        right after that K is not: K D is how a king is typed (rank, suit), and at blackjack D doubled the
        hand and S stood it (QA); K then a suit puts the king in the field, for Enter to send or Esc to clear,
        over a refused card shown there too.  A key the table has no use for either (Z, Y ...) is refused
        in the field, which keeps the cursor (see :meth:`_sent_in_vain`)."""
        if event.type() == QEvent.Type.KeyPress and self._sent_in_vain(watched, event):
            self._refuse_sent()
            return True
        if watched is self.field and event.type() == QEvent.Type.FocusOut:
            self._just_opened = self._held_k = False  # left (Esc, a click): the next suit there is no longer the K's
            self._rubbing_out = False
        if watched is not self.field or event.type() not in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride):
            return False
        if event.key() in MODIFIER_KEYS:
            # Shift's own press, for a capital suit after Shift+K, changes nothing: counted as a key of its own,
            # it ended the K's "a suit next is the king's", and Shift+C ran the window's Shift+C (qaW F2).
            return False
        if event.key() != Qt.Key.Key_Backspace:
            self._rubbing_out = False  # another key between: a Backspace after it is one of its own
        rank = self._rank_awaiting_suit(event)
        if rank is not None:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # the field's: no table key runs (qaAW F6: K X said "cannot clear bets")
            else:
                self._refuse_not_a_suit(event, rank)
            return True
        retyping = self._retyping()
        text = event.text().upper()
        king = self._king_or_key
        kings_suit = self._just_opened and (not self.field.text() or retyping) and self._suit(event)
        if event.type() == QEvent.Type.ShortcutOverride:
            if self.counting() and self._takes_back_a_count(event):
                event.ignore()  # the window's Void counted runs, each press; the cursor stays for the count
                return True
            empty = not self.field.text() and not self.counting()  # counting a deck back, the field is home
            if kings_suit or empty and self._rubbed_out(event):
                event.accept()  # the field's: the window's shortcut for this key does not run
                return True
            if (retyping and not king or empty) and (self._table_key(event) or self._table_backspace(event)):
                self._send_to_the_table(event, retyping)
                event.ignore()  # not taken by the field: the window's shortcut runs
                return True
            return False
        opened, held_k = self._just_opened, self._held_k
        self._king_or_key = False
        self._just_opened = self._held_k = False
        if self._rubbed_out(event):  # one Backspace too many after a typo rubbed out: nothing (rev16 F11)
            if event.isAutoRepeat():
                return True  # the same press, held down
            self._rubbing_out = False
            if self.TABLE_BACKSPACE and not self.field.isReadOnly():
                self.session.say("the card field is empty: press Backspace again to void the last deal, card or "
                                 "decision")
            return True
        self._rubbing_out = (event.key() == Qt.Key.Key_Backspace and bool(self.field.text())
                             and event.modifiers() == Qt.KeyboardModifier.NoModifier)
        if kings_suit:
            self.field.setText("K" + event.text().upper())
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if king or held_k and not self.field.text():
                self.field.setText("K")  # K, then Enter: a king (a rank alone, where the suit does not matter)
            self.submit()
            return True
        if self.held and not opened and not self.field.text() and text == "K" and self._plain(event):
            self._just_opened = self._held_k = True  # the card key, as at the table; a suit or Enter next: a king
            return True
        if retyping and not king and text == "K":
            self._king_or_key = True  # K again, or a king: the next key tells (a suit: the king)
            self.field.selectAll()
            return True
        if king and len(text) == 1 and (text in SUITS or text in SUIT_SYMBOLS):
            self.field.setText("K" + event.text())
            return True
        return False

    def _rank_awaiting_suit(self, event) -> Optional[str]:
        """The rank typed in the field (or the K that is the card key there) a key no card code starts with
        follows, while a card is due at a table of typed cards: that key is refused as no suit (qaAW F6), not
        typed in, nor sent to the table, nor the K lost."""
        if not (self.typed and not self.counting() and self._table_key(event) and not self._suit(event)
                and self.session.card_due()):
            return None
        kept = "" if self.field.selectedText() == self.field.text() else self.field.text().strip().upper()
        if not kept and self._held_k:
            return "K"
        return kept if kept in RANK_CODES else None

    def _refuse_not_a_suit(self, event, rank: str) -> None:
        """The key after ``rank`` said to be no suit; the rank stays in the field, the cursor after it."""
        self._just_opened = self._held_k = self._king_or_key = False
        self.field.setText(rank)
        self.field.end(False)
        name = event.text().strip().upper() or QKeySequence(event.key()).toString() or "that key"
        code = "10" if rank == "1" else rank
        meant = table_command(self.window(), event)
        way_out = f"; if you meant {meant.key} ({meant.what}), Esc clears the {rank}, then press {meant.key}" \
            if meant else ""  # rev41 F7: the table key was there, with no word of how to reach it
        self.last_error = self.session.say(
            f"{name} is not a suit: type the {RANK_NAMES['T' if code == '10' else code]} as "
            f"{code}S, {code}H, {code}D or {code}C{way_out}")

    @staticmethod
    def _table_key(event) -> bool:
        """A key no card code starts with: a letter, sign or Space, alone or with Shift (or on the keypad)."""
        text = event.text().upper()
        free = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        return len(text) == 1 and text.isprintable() and text not in CODE_STARTS and not event.modifiers() & ~free

    @staticmethod
    def _plain(event) -> bool:
        """No modifier but Shift (or the keypad's)."""
        free = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        return not event.modifiers() & ~free

    def _table_backspace(self, event) -> bool:
        """Backspace alone where it is the table's key (blackjack's void); not a key held down, repeating,
        which clearing a code would carry on into voiding cards."""
        return (self.TABLE_BACKSPACE and event.key() == Qt.Key.Key_Backspace and not event.isAutoRepeat()
                and event.modifiers() == Qt.KeyboardModifier.NoModifier)

    def _rubbed_out(self, event) -> bool:
        """Backspace on the field the Backspace before it emptied: the end of a typo rubbed out, not a key
        of its own.  At blackjack it was the void, and a croupier clearing "6" with one press too many
        voided the last card at once (rev16 F11); a void from the field takes a Backspace pressed on it
        empty, as at the table.  Held down, repeating, it is not the void either (see _table_backspace)."""
        return (self._rubbing_out and event.key() == Qt.Key.Key_Backspace and not self.field.text()
                and event.modifiers() == Qt.KeyboardModifier.NoModifier)

    @staticmethod
    def _takes_back_a_count(event) -> bool:
        """Shift+Backspace, the deck check's Void counted: in the field, where the cursor stays while a deck
        is counted back, it was the field's Backspace, so no counted card could be taken back (QA)."""
        return event.key() == Qt.Key.Key_Backspace and event.modifiers() == Qt.KeyboardModifier.ShiftModifier

    @staticmethod
    def _suit(event) -> bool:
        """A suit letter or sign, alone or with Shift."""
        text = event.text().upper()
        free = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        return len(text) == 1 and (text in SUITS or text in SUIT_SYMBOLS) and not event.modifiers() & ~free

    def _retyping(self) -> bool:
        """Whether the field shows a refused card, whole and selected, as :meth:`submit` left it."""
        shown = self.field.text()
        return bool(shown) and shown == self._refused and self.field.selectedText() == shown

    def follow_record(self) -> None:
        """A replay's field: the cards come from the journal, nothing is typed or confirmed here."""
        self.field.setReadOnly(True)
        self.field.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.label.hide()
        self.field.hide()
        self.set_mode(self._mode)

    def set_unit(self, unit: int) -> None:
        f = theme.font(unit * 1.1, bold=True)
        for w in (self.label, self.field, self.question, self.yes, self.no):
            w.setFont(f)
        self.question.refit()
        self.field.setMinimumWidth(int(unit * 13))
        self.field.setMinimumHeight(int(unit * 2))

    def answers_below(self) -> bool:
        return self.answers_row.indexOf(self.yes) >= 0

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._place_answers()

    def _place_answers(self) -> None:
        """The answers beside the strip, or on a portrait screen under it where beside them it would have less than
        half its words' width: the held-card strip read one word a line, 6 lines in 115 px at 1080x1920 (qaAH F13)."""
        beside = sum(w.sizeHint().width() for w in (self.label, self.field, self.yes, self.no) if not w.isHidden())
        room = self.width() - beside - 4 * self.row.spacing()
        whole = self.question.fontMetrics().horizontalAdvance(self.question.words[0]) + 2 * PADDING
        window = self.window()
        # a portrait screen's only: in a landscape one the row's height is what the least window has to spare
        below = room < whole / 2 and theme.portrait(window.width(), window.height())
        if below == self.answers_below():
            return
        source, target = (self.row, self.answers_row) if below else (self.answers_row, self.row)
        at = target.count() if below else target.indexOf(self.question) + 1
        for i, b in enumerate((self.yes, self.no)):
            source.removeWidget(b)
            target.insertWidget(at + i, b)

    def set_mode(self, mode: str) -> None:
        self._mode = mode
        asks = bool(mode) and not self.field.isReadOnly()  # a replay asks nothing: the record answers
        # "due": a read held behind cards to type first, Enter refused until they are: no Yes (Enter) (qaAV F7).
        self.yes.setVisible(asks and mode != "due")
        self.no.setVisible(asks)
        self.yes.setText({"pending": "Yes (Enter)", "held": "No-bet hand (Enter)",
                          "held_in_round": "Play in this round (Enter)"}.get(mode, ""))
        self.no.setText({"pending": "No (Del)", "due": "No (Del)"}.get(mode, "Set aside (Del)" if mode else ""))
        colour = theme.LEVEL["error"] if mode in ("pending", "due") else theme.LEVEL["warning"] if mode else None
        self.question.setStyleSheet(f"background: {colour.name()}; color: {theme.ink_on(colour).name()}; "
                                    f"padding: 2px {PADDING}px;"
                                    if colour else "")

    # -- commands ---------------------------------------------------------
    def submit(self) -> Optional[str]:
        """Enter in the card field: send the typed card, or confirm when the field is empty."""
        text = self.field.text().strip()
        if not text:
            return self.accept()
        text = self.without_the_key(text)
        held = len(getattr(self.session.snapshot.state, "held", ()))
        error = self.session.enter_card(text)
        self.last_error = error
        # A card after the round is held, not refused: the strip asks about it now (Enter, Del).
        if error is None or len(getattr(self.session.snapshot.state, "held", ())) > held:
            self.field.clear()
            self.kept_for_count = self.counting()
            self.held = self.typed and not self.kept_for_count and self.session.card_due()
            if not self.kept_for_count and not self.held:
                self._back_to_the_table()
        else:
            self._refused = self.field.text()
            self.field.selectAll()  # kept in the field, to be typed again
        return error

    def without_the_key(self, text: str) -> str:
        """Where the field keeps the cursor from one card to the next (a deck counted back, a table whose
        cards are all typed), K typed before each card as the habit is went into the field: "K7C" was
        refused (QA).  A K before a whole card code is that key, not a rank: no card code is K and a whole
        code ("K9" is the 9 where a rank alone is a card, "KKH" the king of hearts; "KH" is the king)."""
        rest = text[1:]
        if text[:1].upper() != "K" or not rest:
            return text
        try:
            parse_card(rest, require_suit=getattr(self.session, "TYPED_CARD_NEEDS_SUIT", True))
        except InvalidCardError:
            return text
        return rest

    def take_cursor(self) -> None:
        """K: the cursor in the field, what it holds selected (a card refused is typed over).  A field
        showing a refused card is as good as empty for K then a suit: the king (QA: K D doubled the hand
        when the refused card was still there)."""
        self.field.setFocus()
        self.field.selectAll()
        self._just_opened = not self.field.text() or self._retyping()
        self.kept_for_count = self.counting()
        self.held = False

    def hold_cursor(self) -> None:
        """A card is due at a table whose cards are all typed: the cursor in the field, as after K but
        without its "a suit next is the king's" (no K was pressed: S, H, D there are the table's keys).
        K pressed there first is the card key of the habit, as at the table: a rank next is typed (K 9H
        sends 9H), a suit next is the king's (K H: KH), and Enter next sends the king."""
        self.field.setFocus()
        self.field.selectAll()
        self._just_opened = False
        self._king_or_key = False
        self.kept_for_count = self.counting()
        self.held = True

    def counting(self) -> bool:
        """Whether cards are typed one after another here (a deck counted back): the field keeps
        the cursor after each.  At play it goes back to the table after a card."""
        return False

    def _back_to_the_table(self) -> QWidget:
        """The table's keys (H, S, N, D ...) act again: in the field they were typed into it."""
        window = self.window()
        target = (window.centralWidget() if hasattr(window, "centralWidget") else None) or window
        target.setFocus()
        return target

    def _send_to_the_table(self, event, retyping: bool) -> None:
        """The cursor to the table, for its shortcut of ``key`` to run.  Whether one does is Qt's to
        say (its shortcut map, a key's Shift and keypad forms): a press that comes back untaken, to the
        table or to the field, had none; until the events of this press are over it is looked for."""
        target = self._back_to_the_table()
        target.installEventFilter(self)  # the press untaken arrives there from a keyboard (to the field from QTest)
        name = event.text().strip().upper() or QKeySequence(event.key()).toString() or "that key"
        self._sent = (event.key(), name, retyping)
        QTimer.singleShot(0, self._forget_sent)

    def _forget_sent(self) -> None:
        self._sent = None

    def _sent_in_vain(self, watched, event) -> bool:
        """The press of the key sent to the table came back: no shortcut of the table took it.  It was
        lost there (Z did nothing and left the cursor at the table, where the rest of the card went:
        "Z9H" chose a chip with its 9 and typed "H", qaAV F3)."""
        return (self._sent is not None and event.key() == self._sent[0]
                and (watched is not self.field or not self.field.hasFocus()))

    def _refuse_sent(self) -> None:
        """A key no card code starts with and the table has no use for: refused where it was typed, the
        cursor back in the field as it was (a refused card there selected, to be typed over)."""
        _, name, retyping = self._sent
        self._sent = None
        self.field.setFocus()
        if retyping:
            self.field.selectAll()
        self.last_error = self.session.say(
            f"{name} refused: no card code starts with it and the table has no {name} key; type the card, its "
            "rank first (A, 2-9, T or 10, J, Q, K), e.g. 9H, or Esc to leave the field (F1 lists the keys)")

    def accept(self) -> Optional[str]:
        snap = self.session.snapshot
        if snap.pending is not None:
            error = self.session.confirm_pending()
        elif getattr(snap.state, "held", ()):
            error = self.session.play_held()
        elif getattr(self.session, "typed_unread_asked", lambda: False)():
            error = self.session.answer_typed_unread(True)  # UNREADABLE CARD TYPED?: the card typed was it
        else:
            return None
        self.last_error = error
        return error

    def reject(self) -> Optional[str]:
        snap = self.session.snapshot
        if snap.pending is not None:
            self.session.reject_pending()
            return None
        if getattr(snap.state, "held", ()):
            error = self.session.discard_held()
            self.last_error = error
            return error
        if getattr(self.session, "typed_unread_asked", lambda: False)():
            error = self.session.answer_typed_unread(False)  # the card typed was not it: it is asked for
            self.last_error = error
            return error
        return None

    def show_snapshot(self, snap) -> None:
        pending, held = snap.pending, getattr(snap.state, "held", ())  # only baccarat holds a late card
        if pending is not None:
            cands = " or ".join(c.label for c in pending.candidates) or pending.card.label
            why = getattr(pending, "doubt", "") or f"{pending.confidence:.0%} sure"
            after = len(getattr(snap, "waiting", ()))
            more = f" · {after} more read after it wait their turn" if after else ""
            due = getattr(snap, "cards_due", 0) if pending.doubt in HOLDS else 0
            if due:  # Enter is refused until they are typed: no "Yes (Enter)" question (qaAP F1's strip)
                first = "THE MISSING CARD" if due == 1 else f"THE {due} MISSING CARDS"
                self.question.say(f"TYPE {first} FIRST (K), then Enter plays {pending.card.label} "
                                  f"({pending.source}){more}", f"TYPE {first} FIRST (K){more}")
            else:
                self.question.say(f"CONFIRM: is it {cands}? ({pending.source}: {why}){more}",
                                  f"CONFIRM: is it {cands}?{more}")
            mode = "due" if due else "pending"
        elif held:
            # In the bets it may be the new shoe's first card, read in the old shoe's round (qaV F6).
            self.question.say("HELD: " + " ".join(c.label for c in held) + (
                " came out before bets were taken" if snap.state.phase == "betting" else " came after the round"))
            mode = "held_in_round" if snap.state.phase == "dealing" else "held"
        else:
            self.question.say("")
            mode = ""
        if mode != self._mode:
            self.set_mode(mode)
        self._place_answers()
