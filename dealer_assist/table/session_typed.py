"""Cards typed or confirmed by the croupier: a card typed (K), Enter on a read held, Del on it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Optional

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_LOST_FRAMES, AFTER_AN_UNREADABLE,
                                       AFTER_TYPED_UNREAD, AFTER_UNPLACED, SAME_CARD_DOUBTS, HOLDS, MANY_CARD_HOLDS,
                                       ONE_CARD_HOLDS, LOST_FRAMES_ASKED, TYPED_WHILE_DOWN, none_missed_asked, cards_due_asked,
                                       reads_again)


#: How a card's ``held_for`` begins when the read waited for its own doubt (confidence, candidates), no hold's.
UNSURE_READ = "unsure read"


def held_record(pending: CardRead, typed: Optional[Card]) -> dict:
    """What a card's ``card_assigned`` says of the read ``pending`` that waited for the croupier (qaU F8: a card
    held and played by Enter looked like a sure read in the journal and export): why it waited (``held_for``:
    its doubt or hold, or that the read was unsure), the read's own confidence, and the croupier's answer:
    ``confirmed`` (Enter played the read) or ``corrects`` (the card read, replaced by the card typed)."""
    why = pending.doubt or (UNSURE_READ + (f" (may be {' or '.join(c.code for c in pending.candidates)})"
                                             if pending.candidates else ""))
    return {"held_for": why, "read_confidence": pending.confidence,
            **({"corrects": pending.card.code} if typed is not None else {"confirmed": True})}


class TypedCards:
    """The croupier's answers to :class:`~dealer_assist.table.session_core.SessionCore`'s reads: a mixin of its own,
    as each one settles the waits the reads left."""

    # -- cards typed or confirmed by the croupier -------------------------------------
    def enter_card(self, text: Any, zone: Optional[str] = None) -> Optional[str]:
        """A card typed by the croupier (a correction, a reader that failed, a card counted back)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            try:
                card = parse_card(text, require_suit=self.TYPED_CARD_NEEDS_SUIT)
            except InvalidCardError as exc:
                return self._refuse(str(exc))
            pending = self._snap.pending
            if pending is None and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()):
                # Played, it answered the ask without a word, and the same card typed again was played twice (qaAI F3).
                typed = self._typed_asked_label()
                return self._refuse(f"{card.label} not taken: UNREADABLE CARD TYPED? waits first ({typed} was typed "
                                    f"for the card the camera could not read): Enter if it is that card, Del if not, "
                                    "then type the card dealt there")
            zone = zone or self._zone_for_typed(card)
            ahead = self._held_read_first(pending, card) if pending is not None and pending.doubt in HOLDS else None
            if ahead is not None:
                return self._refuse(ahead)
            if pending is not None and pending.doubt in HOLDS:
                # The missing card, typed: it goes before the one read after it, which still waits.
                error = self._play(card, "keyboard", zone, answers=True)
                if error is None:
                    self._typed_before = pending
                    self._note_typed(pending, card)
                    self._forget_found(card.code)
                if error is None:  # refused, it settled nothing: its CARD REFUSED stays, as a restart shows it (bj-188)
                    self._typed_while_held(self._read_source(pending), self._pending_hold, pending.doubt)
                    self._publish(replace(self._snap, cards_due=self._cards_due.get(self._pending_hold, 0)))
                    self._settle_hold_alerts()
                return error
            if pending is not None:
                return self.confirm_pending(card)  # the croupier's correction of an unsure read
            answers = any(self._counts_typed(source) for source in self._hold_of)
            error = self._play(card, "keyboard", zone)
            if error is None:
                self._forget_found(card.code)
                self._typed_for_gaps(card)
                self._typed_in_place()
                if not answers:  # a card typed for a wait answered that ask, not the camera's next (qaU F5)
                    self._typed_loose = [*self._typed_loose[-7:], (card, self._clock(), self._placed_count)]
                    self._typed_while_down(card)
            return error

    def _held_read_first(self, pending: CardRead, card: Card) -> Optional[str]:
        """Why ``card``, typed while the shoe's read ``pending`` is held, is not taken: the cards missing before that
        read are all typed and its shoe left another card unplayed since, so the card typed is that newer one, which
        came after the read; played now it would go ahead of it (rev39 P2: ??, K♣ held, Q♥ typed, ??, then 6♦ typed
        was played before K♣).  None if it is one of the read's own cards (a void made one due again)."""
        source = self._read_source(pending)
        held, hold = self._pending_hold, self._hold_of.get(source)
        read = pending.card.label
        if (hold is not None and hold[0] == AFTER_A_GAP and hold[1] != held and held in self._held_why
                and held not in self._cards_due):
            # Its cards are typed, and the frames lost came after it (_split_run): the card typed is theirs, after it.
            return (f"{card.label} not taken: {read} comes first. The cards missing before {read} are typed, and the "
                    f"frames lost (FRAMES LOST) came after it: Enter plays {read}, then type {card.label} in its "
                    "place (K)")
        # Behind lost frames or a double feed how many cards are missing is not known: a card typed may be one more.
        if (reads_again(source) or held is None or held in self._cards_due or self._due_for_held is not None
                or pending.doubt in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED) or held in self._frames_lost_before
                or hold is None or hold[1] == held or not self.cards_due(source)
                or not self._left_unplayed(hold[0], source, hold[1])):
            return None
        return (f"{card.label} not taken: {read} comes first. The cards missing before {read} are typed, and the card "
                f"the shoe left unplayed after it is not one of them: Enter plays {read}, then type {card.label} in "
                "its place (K)")

    def _note_zone(self, source: str, why: Any, codes: list[str], zone: Optional[str]) -> None:
        """A card a camera asked for, in the box ``zone``: one it could not read (``why`` empty), or one it
        found lying there at a restart, of the code ``codes`` names."""
        if why and codes:
            if zone:
                self._found_zone[(source, codes[0])] = zone
        else:
            self._unread_zone[source] = (*self._unread_zone.get(source, ())[-7:], zone)

    def _forget_found(self, code: str) -> None:
        self._found_zone = {key: zone for key, zone in self._found_zone.items() if key[1] != code}
        self._retype_zone.pop(code, None)

    def _placed_hand(self, card: Card) -> Optional[str]:
        """The hand (as a zone names it) the round's last copy of ``card`` was played to, if the game says."""
        return None

    def _zone_for_typed(self, card: Card) -> Optional[str]:
        """The box of the card a camera asked the croupier to type, if ``card`` is typed for it: one found lying
        there at a restart, of its code, or the one it could not read while its hold stands (qaX F1: also with
        a later read waiting behind it).  A card found lying there is forgotten once played (card_assigned)."""
        found = next((z for (source, code), z in self._found_zone.items()
                      if code == card.code and self._hold_of.get(source, ("",))[0] == AFTER_UNPLACED), None)
        if found is not None:
            return found
        if card.code in self._retype_zone and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()):
            return self._retype_zone[card.code]  # typed again after V, as UNREADABLE CARD TYPED? said
        for source, (why, _) in self._hold_of.items():
            zones, due = self._unread_zone.get(source, ()), self.cards_due(source)
            if why == AFTER_AN_UNREADABLE and len(zones) >= due and zones[-due]:
                return zones[-due]  # the first of the cards asked for in a row still untyped
        return None

    def _typed_for_gaps(self, card: Any) -> None:
        """``card`` (or its code, from the journal) was typed while no read waited: it answers the holds
        behind lost frames open now (qaR F1), restored so after a restart too (verS N5: the read after it
        asked for the card again)."""
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except InvalidCardError:
                return
        if not isinstance(card, Card):
            return
        for why, n in self._hold_of.values():
            if why in AFTER_LOST_FRAMES:
                self._typed_cards[n] = (*self._typed_cards.get(n, ()), card)

    def _note_typed(self, pending: CardRead, card: Card) -> None:
        """``card`` was typed for the missing card ``pending`` waits behind: its banner says so (qaR F4)."""
        snap = self._snap
        if snap.pending is not pending:
            return
        before = snap.typed_before if snap.typed_for is pending else ()
        self._publish(replace(snap, typed_before=(*before, card), typed_for=pending))

    def confirm_pending(self, card: Optional[Card] = None) -> Optional[str]:
        """Accept the unsure read (or the croupier's correction of it)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            pending = self._snap.pending
            if pending is None:
                return "no card is waiting for confirmation"
            if card is None and self._lost_frames_unanswered(pending):
                self._asked_none_missed = pending
                self._write(LOST_FRAMES_ASKED, {"card": pending.card.code, "source": pending.source,  # for a restart
                                                "source_seq": pending.seq, "doubt": pending.doubt, "game": self.GAME,
                                                "round": self._snap.state.round_no})
                return self._refuse(none_missed_asked(pending.card.label, self._gap_typed_words()))
            if self._pending_hold in self._cards_due:  # cards unread before it, untyped: this read is none of them
                return self._refuse(cards_due_asked(pending.card.label, pending.source, pending.doubt,
                                                    self._cards_due[self._pending_hold]))
            self._publish(replace(self._snap, pending=None, cards_due=0))
            self._answered(pending)  # the croupier has looked at the layout
            chosen = card or pending.card
            error = self._play(chosen, pending.source if card is None else "keyboard", pending.zone, 1.0, pending.seq,
                               answers=card is not None, held=held_record(pending, card))
            self._take_waiting()
            return error

    def _gap_typed_words(self) -> str:
        """The cards typed while the reader's link was down as the standing FRAMES LOST names them ("1 card (4♦)
        was"), or "": read from its words, which a restart shows again as journaled."""
        gap = next((a for a in self._snap.alerts if a.code == "gap"), None)
        said = re.search(r"; (\d+ cards? \(.+?\) (?:was|were))" + re.escape(TYPED_WHILE_DOWN), gap.text) if gap else None
        return said.group(1) if said else ""

    def _lost_frames_unanswered(self, pending: CardRead) -> bool:
        """Whether Enter on ``pending`` asks first: it waits behind lost frames whose FRAMES LOST stands,
        and neither a card typed for them nor a first Enter has answered it (Esc on the alert does too)."""
        return (pending.doubt in AFTER_LOST_FRAMES and any(a.code == "gap" for a in self._snap.alerts)
                and pending is not self._typed_before and pending is not self._asked_none_missed
                and self._pending_hold not in self._typed_cards)

    def reject_pending(self) -> None:
        """Drop the card waiting (Del), and keep what is still missing before the reads behind it: a
        held read's hold stays (the cards it waited for are still to be typed), and an unsure read
        dropped may have been a card, so the next read of its source waits for it as after an
        unreadable one.  Else that read would take the dropped card's place."""
        with self._lock:
            if self._replay_refusal() is not None:
                return
            pending = self._snap.pending
            if pending is None:
                self._publish(replace(self._snap, message="no card is waiting"))
                return
            if not self._write("read_dropped", {"card": pending.card.code, "source": pending.source,
                                                "source_seq": pending.seq, "doubt": pending.doubt,
                                                "round": self._snap.state.round_no,
                                                **({"waits_for_cards": True} if self._waits_for_cards_after_drop(
                                                    pending) else {}), **self._drop_notes(pending)}):
                return
            held, self._pending_hold = self._pending_hold, None  # the hold it waited under stays: its cards are missing
            self._due_for_held = None  # both cards the newer wait counts are still missing
            first = bool(pending.doubt) and pending.doubt == self.NEW_SHOE_FIRST_WAITS
            burned = bool(pending.doubt) and pending.doubt == self.BURNED_BEHIND_DOUBT
            self._publish(replace(self._snap, pending=None, cards_due=0, message=(
                f"{pending.card.label} set aside, not dealt: count it back at this deck's check"
                if first else f"{pending.card.label} set aside (Del), not dealt: it came out after the burn, before "
                "the round's first card" if burned
                else f"held read {pending.card.label} dropped: type each card missing before it (K)"
                if pending.doubt in HOLDS else f"{pending.card.label} dropped as the card already played: nothing "
                "waits for it" if pending.doubt in SAME_CARD_DOUBTS else "unsure read rejected: type the card (K)")))
            self._hold_for_dropped(pending.source, pending.doubt, held)
            self._unreadable_follows_count()
            if first:
                self._pass_first_wait(pending.source)
            self._take_waiting()
            self._drop_answered_ask()  # the wait it was held under is the dropped read's now: no Enter or Del on it

    def _drop_notes(self, pending: CardRead) -> dict:
        """What a game journals besides with ``pending`` dropped by Del, for a restart to know it (see
        :meth:`reject_pending`)."""
        return {}

    def _waits_for_cards_after_drop(self, pending: CardRead) -> bool:
        """Whether, ``pending`` dropped (Del), the next read of its source waits for cards that may be several (only
        Enter on it ends the wait, whatever is typed: :meth:`_hold_for_dropped`).  Journaled with the drop for a
        replay, which keeps no waits of its own (rev31 R6: its UNREADABLE CARD went at the next card typed)."""
        why = self._hold_of.get(pending.source, ("", 0))[0]
        same = bool(pending.doubt) and (pending.doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT)
                                        or pending.doubt in SAME_CARD_DOUBTS)
        return why in MANY_CARD_HOLDS or not same and (why in ONE_CARD_HOLDS or why == AFTER_A_GAP)

    def _pass_first_wait(self, source: str) -> None:
        """The new shoe's first card set aside: the next read of ``source`` waiting behind it is now the
        first, and waits as it did (QA: played before the bets, it was refused and lost from the strip)."""
        waiting = self._snap.waiting
        if waiting and waiting[0].source == source:
            first = replace(waiting[0], doubt=self.NEW_SHOE_FIRST_WAITS)
            self._publish(replace(self._snap, waiting=(first, *waiting[1:])))
