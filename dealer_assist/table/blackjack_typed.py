"""Cards the croupier types at a blackjack table, and Enter or Del on a read held: the typed-card path."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import MOVED_UNSEEN, CardRead
from dealer_assist.table.blackjack_boxes import _box_words
from dealer_assist.table.blackjack_names import (BEFORE_A_DECISION, CORRECTED_KIND, GAME, IN_A_LATER_BOX, KEYBOARD,
                                                 PUSHED_FROM)
from dealer_assist.table.blackjack_state import BlackjackPhase
from dealer_assist.table.holds import (HOLDS, NEW_DECKS_FIRST, READ_BEFORE_A_STOP, MOVED_EARLY, MOVED_PUSHED,
                                       ONE_CARD_HOLDS, RUN_HOLDS, reads_again)
from dealer_assist.table.session_core import CONFIRM_BELOW


class BlackjackTyped:
    """How :class:`~dealer_assist.table.blackjack_session.BlackjackSession` takes a card typed (K), Enter and Del:
    a mixin of its own, as a typed card answers the reads that wait and never comes from a reader."""

    def _typed_held(self, pending: CardRead) -> bool:
        """Whether ``pending`` (a read, or the card typed in its place) waits under a hold of its reader with cards
        still due before it: a V made the card typed for a ?? before it due again (rev40 F3).  The card typed next is
        that card, not a correction of the read."""
        return pending.doubt in HOLDS and self._pending_hold in self._cards_due

    def _read_source(self, pending: CardRead) -> str:
        """A card typed in place of a read stands for that read (rev40 F3: a V brought a wait of its shoe back, and
        it kept its before-the-decision words, so the card typed for the wait was taken as its correction and lost)."""
        if pending.source == KEYBOARD and self._read_under_typed is not None:
            return self._read_under_typed.source
        return pending.source

    def _typed_doubt(self) -> str:
        """The words of a card typed in place of a read, by what is due now (see :meth:`_after_decision`)."""
        due = self._snap.state.due()
        if due is not None and due.kind == "action":
            return self._before_decision()
        return f"typed in place of a read: Enter plays it to {self._hand_words()}, Del drops it if no card was dealt"

    def _typed_waits(self, pending: Optional[CardRead]) -> bool:
        """Whether ``pending`` is a card typed for a zoned camera's unread card in the box of the seat whose
        decision is due (see :meth:`enter_card`), not a read."""
        return (pending is not None and pending.source == KEYBOARD and self._read_under_typed is None
                and self._waits_for_decision(pending))

    def enter_card(self, text: Any, zone: Optional[str] = None) -> Optional[str]:
        """As every game, and a card typed for a zoned camera's unread card lying in the box of the seat whose
        decision is due (its hit card, drawn before H, smudged) waits for H or D as that card read would (qaY:
        typed at once, as UNREADABLE CARD asked, it was refused: "a decision comes first")."""
        with self._lock:
            pending, due = self._snap.pending, self._snap.state.due()
            if ((pending is None or self._typed_waits(pending)) and due is not None and due.kind == "action"
                    and self._replay_refusal() is None and not self._snap.stopped):
                try:
                    card = parse_card(text, require_suit=True)
                except InvalidCardError:
                    card = None
                box = zone or (self._zone_for_typed(card) if card is not None else None)
                if card is not None and box and self._in_active_box(box):
                    self._pending_hold = None
                    self._publish(replace(self._snap, pending=CardRead(
                        card, KEYBOARD, self._clock(), 1.0, None, box, (), self._before_decision())))
                    who = self._hand_words()
                    self._publish(replace(self._snap, message=(
                        f"{card.label} typed for the card in {_box_words(box)}: it waits for the decision for {who}; "
                        f"press H or D and it is played there, or Del drops it")))
                    return None
            held = self._snap.pending
            before = self._last_ended
            error = super().enter_card(text, zone)
            # Typed for the read held behind the card refused (bj 738: a V of it brought the wait back without its
            # CARD REFUSED, which a restart showed).
            self._refusal_kept_by_wait(before)
            pending = self._snap.pending
            if (error is None and held is not None and pending is held and held.doubt in (*RUN_HOLDS, *ONE_CARD_HOLDS)
                    and self._snap.state.phase == BlackjackPhase.SETTLED and not self._snap.cards_due
                    and not reads_again(held.source)):
                # The card typed for its wait ended the round: the shoe's read came out after it, a card after the
                # round, refused as such at once, CARD REFUSED saying what to do (qaAY F6: its banner still said
                # "Enter plays 6♠", and Enter refused it).
                self.confirm_pending()
                return None
            if (error is None and pending is not None and pending.source == KEYBOARD
                    and self._read_under_typed is not None and pending.doubt in HOLDS and not self._typed_held(pending)):
                # The card typed for the wait a V brought back is in: the card typed in place of the read waits as it
                # did, and as a restart words it.
                self._publish(replace(self._snap, pending=replace(pending, doubt=self._typed_doubt())))
            return error

    def confirm_pending(self, card: Optional[Card] = None) -> Optional[str]:
        """Enter on a card waiting while a decision is due: refused, nothing changed, saying the decision
        comes first (played, it was refused and lost).  A card typed while a read waits for the decision
        takes the read's place and waits as it did (QA: the correction was refused, and H played the
        misread card).  A card typed in place of a read is played, as a correction of that read, by H or
        D, or by Enter once a card is due."""
        with self._lock:
            pending, due = self._snap.pending, self._snap.state.due()
            deciding = (pending is not None and due is not None and due.kind == "action"
                        and self._replay_refusal() is None and not self._snap.stopped)
            if deciding and card is not None and self._waits_for_decision(pending):
                return self._type_in_place_of(pending, card)
            if deciding:
                return self._refuse(self._decision_first(pending, card))
            state = self._snap.state
            if (pending is not None and pending.doubt == NEW_DECKS_FIRST and state.phase == BlackjackPhase.BETTING
                    and not state.bets):  # played, it would be refused as no deal, and lost from the strip
                return self._refuse(f"{pending.card.label} waits, the new deck's first card: place the bets first, "
                                    "then Enter deals it (or Space deals, and Enter plays it where the first card "
                                    "is due); Del sets it aside")
            if (pending is not None and pending.doubt == MOVED_UNSEEN and card is None and pending.moved_from
                    and state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None
                    and not self._moved_unseen_plays(pending)):
                return self._refuse(self._moved_unseen_words(pending, "Enter plays nothing: played at the place due, "
                                                                      f"{pending.card.label} would count twice. "))
            if (pending is not None and pending.doubt == MOVED_PUSHED and card is None and pending.moved_from
                    and state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None
                    and not self._moved_unseen_plays(pending)):
                return self._refuse(self._pushed_words(pending))
            if pending is not None and pending.doubt == MOVED_EARLY and card is None and self._replay_refusal() is None:
                self._publish(replace(self._snap, pending=None, cards_due=0))
                self._answered(pending)
                if not self._move_early(pending):
                    error = self._snap.message or "the card cannot be moved there"
                    self._publish(replace(self._snap, pending=pending))
                    return error
                self._take_waiting()
                return None
            if pending is not None and pending.source == KEYBOARD and self._read_under_typed is not None:
                typed, read = pending.card, replace(self._read_under_typed, doubt=pending.doubt)
                self._publish(replace(self._snap, pending=read))
                self._read_under_typed = None
                error = super().confirm_pending(typed)
                if self._snap.pending is read:  # refused (cards still due before it): the typed card waits as it was
                    self._read_under_typed = read
                    self._publish(replace(self._snap, pending=pending))
                return error
            return super().confirm_pending(card)

    @staticmethod
    def _waits_for_decision(pending: CardRead) -> bool:
        """A read H or D plays (see :meth:`_after_decision`)."""
        return (pending.doubt or "").startswith(BEFORE_A_DECISION)

    def _type_in_place_of(self, pending: CardRead, card: Card) -> Optional[str]:
        """The croupier's card replaces the read waiting for the decision; it waits in its place.

        Journaled at once (``read_corrected``), not only once H plays it: a restart before H brought
        back the reader's card, and the croupier's correction was lost (QA)."""
        read = self._read_under_typed if pending.source == KEYBOARD and self._read_under_typed else pending
        if not self._write(CORRECTED_KIND, {"card": card.code, "read": read.card.code, "source": read.source,
                                            "source_seq": read.seq, "game": GAME,
                                            "round": self._snap.state.round_no}):
            return self._snap.stopped or "the journal cannot be written: the typed card was not taken"
        self._read_under_typed = read
        self._publish(replace(self._snap, pending=replace(
            pending, card=card, source=KEYBOARD, confidence=1.0, candidates=(), doubt=self._before_decision())))
        who = self._hand_words()
        self._publish(replace(self._snap, message=(
            f"{card.label} typed in place of the {read.card.label} read: it waits for the decision for {who}; press "
            f"H or D for {who} and {card.label} is played there (after S or P, Enter plays it), or Del drops it if "
            "no card was dealt")))
        return None

    def _decision_first(self, pending: CardRead, card: Optional[Card]) -> str:
        """Why Enter (or a typed card) cannot place the card waiting now, worded by why it waits: only a read
        that waits for the decision is played by H or D (QA: a read held from before a restart, an unsure
        one, was said to be, and H left it waiting)."""
        who = self._hand_words()
        # Enter does not play these after the decision either: the words say what does (rev37 R5).
        if (card is None and pending.doubt in (MOVED_UNSEEN, MOVED_PUSHED) and pending.moved_from
                and not self._moved_unseen_plays(pending)):
            first = f"The decision for {who} comes first; key it ({self._decision_keys()}). "
            return (self._pushed_words(pending, first) if pending.doubt == MOVED_PUSHED else
                    self._moved_unseen_words(pending, f"{first}Enter plays nothing: played at the place due, "
                                                      f"{pending.card.label} would count twice. "))
        if (pending.doubt or "").startswith(IN_A_LATER_BOX) and pending.zone:
            typed = f"{card.label} not taken: " if card is not None and card != pending.card else ""
            return (f"{typed}{pending.card.label} lies in {_box_words(pending.zone)}: the decision for {who} comes "
                    f"first; key it ({self._decision_keys()}) and {pending.card.label} is played there once its card "
                    "is due; Del drops it if no card was dealt there")
        if self._waits_for_decision(pending):
            return (f"{pending.card.label} waits: the decision for {who} comes first; press "
                    f"{self._keys_of(('hit', 'double'))} for {who} and it is played there (after "
                    f"{self._keys_of(('stand', 'split'))}, Enter plays it), or Del drops it if no card was dealt")
        why = ("read just before the table stopped" if pending.doubt == READ_BEFORE_A_STOP
               else "held behind a missing card" if pending.doubt in HOLDS
               else "an unsure read" if pending.candidates or pending.confidence < CONFIRM_BELOW or not pending.doubt
               else "a doubted read")
        typed = f"{card.label} not taken: " if card is not None and card != pending.card else ""
        return (f"{typed}{pending.card.label} waits ({why}; H or D does not play it): the decision for {who} comes "
                f"first; key it ({self._decision_keys()}), then Enter plays {pending.card.label} where a card is due, "
                + (f"or type {card.label} then; " if typed else "or type the card on the table; ")
                + "Del drops it if no card was dealt")

    def reject_pending(self) -> None:
        """Del on a card typed in place of a read drops that read, journaled as the reader's, as Del on
        the read itself does."""
        with self._lock:
            pending = self._snap.pending
            if pending is None and (self._set_aside_misdraw() or self._set_aside_unread()):
                return
            if pending is not None and pending.source == KEYBOARD and self._read_under_typed is not None:
                self._publish(replace(self._snap, pending=replace(self._read_under_typed, doubt=pending.doubt)))
            self._read_under_typed = None
            unseen = (pending is not None and pending.doubt in (MOVED_UNSEEN, MOVED_PUSHED) and pending.moved_from
                      and self._snap.state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None)
            super().reject_pending()
            dropped = unseen and self._snap.pending is not pending and not self._snap.stopped
            if dropped and pending.doubt == MOVED_PUSHED:
                self._pushed_back = (pending.card, pending.moved_from, self._snap.state.round_no)
            if unseen and self._snap.pending is not pending and not self._snap.stopped:
                self._publish(replace(self._snap, message=(
                    f"{pending.card.label} read dropped: the same card, "
                    + (f"pushed; the table counts it in {_box_words(pending.moved_from)}. If it belongs in "
                       f"{_box_words(pending.zone or '')}, " if pending.doubt == MOVED_PUSHED else
                       f"moved. If it lies in another box than {_box_words(pending.moved_from)}, ")
                    + "void back to it (Backspace) and type the cards again in their places (K)")))

    def _drop_notes(self, pending: CardRead) -> dict:
        """A read held as :data:`MOVED_PUSHED` dropped in a round: the box its card was pushed out of (``pushed_from``),
        where the croupier puts it back; :meth:`reject_pending` keeps it as :attr:`_pushed_back`, a restart too."""
        if (pending.doubt == MOVED_PUSHED and pending.moved_from
                and self._snap.state.phase == BlackjackPhase.PLAYING):
            return {PUSHED_FROM: pending.moved_from}
        return {}
