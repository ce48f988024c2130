"""Reads that wait for the croupier, and the waits behind cards missing before them.

A read is played as it comes unless it is unsure, doubted, or comes after
a card its reader left unplayed (unreadable, refused, fed with another, in
frames lost): then it waits, under the hold that card opened, until the
card is typed or the croupier answers.  Here are the holds, the cards due
for them, what a card typed or voided does to them, and how the reads that
came meanwhile are taken up in order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional

from dealer_assist.events import PUT_BACK, YIELDING_DOUBTS, CardRead
from dealer_assist.table.alert import Alert
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_A_MISDRAW, AFTER_A_REFUSAL,
                                       AFTER_A_REJECTION, AFTER_AN_UNREADABLE, AFTER_DROPPED, AFTER_TYPED_UNREAD,
                                       SAME_CARD_DOUBTS, TYPED_THEN_READ, TYPED_UNREAD, TYPED_WHILE_UNHEARD,
                                       MANY_CARD_HOLDS, ONE_CARD_HOLDS, ONE_MISSING_CARD, RUN_HOLDS, hold_of_alert,
                                       DRAWN_ONCE, reads_again)


#: Each source applies its own acceptance threshold (the camera's comes from its calibration) and marks
#: a read it is unsure of with candidates; a read with candidates, or one below this floor, waits for
#: the croupier's confirmation.
CONFIRM_BELOW = 0.5


def _same_read(a: Optional[CardRead], b: Optional[CardRead]) -> bool:
    """Whether ``a`` and ``b`` are the one read (its doubt may have been reworded since)."""
    return a is not None and b is not None and (a.card, a.source, a.seq, a.t) == (b.card, b.source, b.seq, b.t)


@dataclass(frozen=True)
class EndedWait:
    """A wait for cards left unread that a card typed ended, and the alerts that told of it: a void of that card,
    once it is the last card played again, brings the wait back (rev21 R2: KD typed, voided, and the next read
    took the unread card's place; rev23 R23-6: V, V back to it).  ``alerts`` are the live table's :class:`Alert`
    or, while a restart reads the journal, their payloads."""

    source: str
    why: str
    number: int
    typed: int
    alerts: tuple[Any, ...] = ()
    #: The card voided was typed before a camera asked for it (UNREADABLE CARD TYPED?): it is asked for again.
    asked: bool = False
    #: The cards typed were those before a held read while a newer wait of its reader stood (:meth:`_own_due`): a
    #: void of one after that read was played makes that newer wait one longer (:meth:`_own_typed_voided`).
    own: bool = False


class ReadWaits:
    """The holds of :class:`~dealer_assist.table.session_core.SessionCore`: a mixin of its own so that the rules of
    which read waits for which missing card read as one piece, apart from the journal and the alerts."""

    def _card_read(self, event: CardRead) -> None:
        if self._typed_then_read(event):
            event = replace(event, doubt=TYPED_THEN_READ)
        elif self._heard_typed(event):
            event = replace(event, doubt=TYPED_WHILE_UNHEARD)
        self._read_at(event.source, event.seq, self._clock())
        self._journal_read(event)
        self._refused_next.discard(event.source)  # a read taken after a refusal was taken with it (_split_wait)
        if self._snap.pending is not None:
            # A card waits for the croupier: this one comes after it.  It replaced it on the screen, and a
            # sure one was played before it, in its place.
            self._publish(replace(self._snap, waiting=self._snap.waiting + (event,)))
            return
        self._take(event)

    def _journal_read(self, event: CardRead) -> None:
        self._reported[event.source] = max(self._reported.get(event.source, 0.0), event.t)
        self._write("card_read", {"card": event.card.code, "source": event.source, "confidence": event.confidence,
                                  "source_seq": event.seq, "game": self.GAME, "round": self._snap.state.round_no,
                                  **({"doubt": event.doubt} if event.doubt else {}),
                                  **({"candidates": [c.code for c in event.candidates]} if event.candidates else {}),
                                  **({"zone": event.zone} if event.zone else {}),
                                  **({"moved_from": event.moved_from} if event.moved_from else {}),
                                  **({"frame": event.frame} if event.frame is not None else {})})

    def _hold_next(self, source: str, why: str, seq: Optional[int] = None) -> None:
        """The next card ``source`` reads waits for the croupier: a card left it unplayed (of frame ``seq``, if known),
        and the next one would take its place (its hand, its totals, the tableau after it).  A hold for cards that may
        be several (a gap's, cards a camera found lying there) stays."""
        before, number = self._hold_of.get(source, ("", 0))
        once = why in DRAWN_ONCE and not reads_again(source)
        if why in (AFTER_A_REFUSAL, AFTER_A_MISDRAW) and source != "keyboard":
            self._refused_next.add(source)
        if before in RUN_HOLDS and number != self._pending_hold and once:
            # A shoe's card left unplayed behind lost frames, a double feed or a read dropped (no read between): one
            # more to type before the next read (fixR42: at a gap none was counted, and Enter, Enter played the read
            # in its place; a double feed counted its own card only).
            self._cards_due[number] = self._cards_due.get(number, 0) + 1
            self._count_card(source, number, number, seq, why)
        # A shoe's card left unplayed after the read held under such a wait is a card after the read, not one before
        # it: a wait of its own, as after a one-card hold (fixR41: ??, 4H held, Del, 5C held, ?? lost it; fixR42: the
        # same behind FRAMES LOST or a double feed).
        after_held = before in RUN_HOLDS and number == self._pending_hold and once
        if source == "keyboard" or before in MANY_CARD_HOLDS and not after_held:
            return
        # Another card unread behind one still untyped (unread, or read and refused), with no read between
        # them: both are to be typed.  A shoe reads each card once: the read after its missing card is never that
        # card, so its one card is due too (Enter refused until it is typed), and any card it left unplayed counts.
        if (once or why == AFTER_A_MISDRAW) and before in ONE_MISSING_CARD and number != self._pending_hold and (
                self._refused_behind(source, number)):
            # The read waiting next came before that card: it waits for the card refused alone, a wait of its own, and
            # the shoe's wait stays for the reads after that card (fixR52: 2H, KD, JD, TH, ??, AC with no bet, KD
            # refused, and AC took the ??'s place; with a bet, TH waited for the card refused, and the ??'s card typed
            # for it went ahead of it).  A misdraw's (no round open) is set aside: Enter plays the read.
            self._holds_opened += 1
            self._refusal_first[source] = (why, self._holds_opened)
            if once:
                self._cards_due[self._holds_opened] = 1
            return
        due = (self.cards_due(source) + 1 if (why == AFTER_AN_UNREADABLE or once) and before in ONE_MISSING_CARD
               and number != self._pending_hold else 1)
        self._open_hold(source, why)
        if due > 1 or once:
            self._cards_due[self._holds_opened] = due
        if once and not reads_again(source):
            self._count_card(source, self._holds_opened, number if due > 1 else None, seq, why)
            if why == AFTER_A_DOUBLE_FEED:
                self._note_run(source, before, number)
        if once and self._read_waits_behind(source):
            self._read_between.add(self._holds_opened)
            if why in (AFTER_AN_UNREADABLE, AFTER_A_DOUBLE_FEED) and self._before_reads(before, number) and (
                    due == 1 or number in self._reads_before):
                # The reads waiting came before this card: they play before its wait (those after the earlier card of
                # a wait it adds to, not before it, still wait under it).
                self._reads_before[self._holds_opened] = self._reads_before.get(
                    number, frozenset(self._seqs_waiting(source))) if due > 1 else frozenset(self._seqs_waiting(source))

    def _refused_behind(self, source: str, number: int) -> bool:
        """Whether a read of ``source`` refused at Enter leaves a read waiting that came before the card unplayed that
        opened the wait ``number`` (rev40 F1: the shoe read ??, 2C, 2S, ??; 2C refused: 2S waits for the card dealt in
        2C's place only, and the read after 2S for the second ??'s, as after a restart).  A read waiting that came after
        that card waits for both (rev42 R42-9: ??, 9C, 9C, ??, 5D; the second 9C refused, and 5D, waiting for one card,
        played in the second ??'s place)."""
        return (number in self._read_between and self._snap.pending is None and self._pending_hold is None
                and bool(self._snap.waiting) and self._snap.waiting[0].source == source
                and self._read_came_before(self._snap.waiting[0].seq, number))

    def _read_came_before(self, seq: Any, number: int) -> bool:
        """Whether the read of frame ``seq`` came before the card that opened the wait ``number``, as far as that wait
        noted the reads it came after (none noted: nothing says it did not)."""
        before = self._reads_before.get(number)
        return not before or seq in before

    def _before_reads(self, why: str, number: int) -> bool:
        """Whether the wait ``number`` (``why``) a new one replaces counted no card that came after the read held: none
        stood, it was that read's own, or it was opened after the reads waiting behind it too (fixR42's fuzzer, seed 59:
        ??, 2D held, frames lost, 8D, frames lost again; 8D came after the first lost frames, it waits for them)."""
        return not why or number == self._pending_hold or number in self._reads_before

    def _count_card(self, source: str, number: int, counted: Optional[int], seq: Optional[int], why: str) -> None:
        """The wait ``number`` of the shoe ``source`` counts one more card it left unplayed (``why``: unread, fed with
        another), of frame ``seq`` (``counted``: the wait whose cards it counts too, if any): it came after each read
        of that shoe waiting now behind the read held."""
        self._counted[number] = (*self._counted.get(counted, ()), (seq, frozenset(self._seqs_waiting(source)), why))

    def _note_run(self, source: str, why: str, number: int) -> None:
        """The wait just opened for the shoe ``source``'s lost frames or double feed came after each read of it
        waiting now behind the read held (:attr:`_run_after`).  It replaced the wait ``number`` (``why``): if that was
        for cards that may be several, not the read held's, its frames are the new wait's too, and only the reads
        those came before as well came before it (fixR48's fuzzer: ??, 2D held, frames lost, 8D, frames lost again;
        8D played as it came, ahead of the first frames' card)."""
        if reads_again(source) or not self._read_waits_behind(source):
            return
        waiting = frozenset(self._seqs_waiting(source))
        if why in MANY_CARD_HOLDS and number != self._pending_hold:
            waiting &= self._run_after.get(number, frozenset())
        if waiting:
            self._run_after[self._holds_opened] = waiting

    def _due_after_read(self, source: str, seq: Any) -> int:
        """How many of the cards still due for the shoe's wait of ``source`` (cards it could not read, or counted by
        its wait for lost frames or a double feed) came after its read of frame ``seq``, which waited behind the read
        held as they came: of the cards counted, the last (a card typed is the first due)."""
        why, number = self._hold_of.get(source, ("", 0))
        if why not in (AFTER_AN_UNREADABLE, *RUN_HOLDS) or reads_again(source) or not isinstance(seq, int):
            return 0
        due = self._cards_due.get(number, 0 if why in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED) else 1)
        return sum(seq in reads for _, reads, _ in self._counted.get(number, ())[-due:]) if due > 0 else 0

    def _split_wait(self, source: str, seq: Any) -> Optional[tuple[list[Optional[int]], list[Optional[int]]]]:
        """The read of frame ``seq`` is taken under the wait of ``source`` (its shoe): if some of the wait's cards came
        after it (not all: then it plays as it came, :meth:`_came_before`), it waits for the ones before it only, and
        those after it are a newer wait, for the read after it, as when the shoe's ?? comes after a read held (a Del
        wait's dropped read came before the reads waiting: the cards after them are cards the shoe could not read).
        The frames of the cards before it and after it, for UNREADABLE CARD's words, if it did and they are all cards
        the shoe could not read (a Del wait's dropped read was read), else None."""
        why, number = self._hold_of[source]
        if isinstance(seq, int) and seq in self._run_after.get(number, ()):
            return self._split_run(source, seq) if self._unread_before(source, seq) else None
        after = self._due_after_read(source, seq)
        due = self._cards_due.get(number, 0 if why in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED) else 1)
        lost = why == AFTER_A_GAP or number in self._frames_lost_before
        # Frames lost before it are its too, beside the cards counted: those may all be ?? frames after it (fixR51: ??,
        # 7C held, a frame lost, 3S waiting, ??; 3S waited for the ?? after it, and Enter then played the next read in
        # that card's place).  Not a read refused there: taken before the reads waiting behind it, it came before them
        # (the session fuzzer's baccarat seed 750); nor the read taken right after a refusal, which waits for them all,
        # as on main and in the replay (rev41 F3; the session fuzzer's blackjack seed 59 without a burn).
        later = self._counted.get(number, ())[-after:] if after else ()
        all_unread = (lost and after == due and all(kind == AFTER_AN_UNREADABLE for _, _, kind in later)
                      and source not in self._refused_next)
        self._refused_next.discard(source)
        # A double feed after it counted by the wait of lost frames before it is not split off (see the README).
        if not (0 < after < due or 0 < after and all_unread) or any(kind == AFTER_A_DOUBLE_FEED
                                                                    for _, _, kind in later):
            return None
        cards = self._counted.pop(number, ())
        if due > after:
            self._cards_due[number] = due - after
        else:
            self._cards_due.pop(number, None)
        self._counted[number] = cards[:-after]
        self._open_hold(source, AFTER_AN_UNREADABLE)
        self._cards_due[self._holds_opened] = after
        self._counted[self._holds_opened] = cards[-after:]
        if ((lost or why == AFTER_A_DOUBLE_FEED) and len(cards) >= due
                and {kind for _, _, kind in cards[len(cards) - due:-after]} <= {AFTER_DROPPED, AFTER_A_DOUBLE_FEED}
                and all(kind == AFTER_AN_UNREADABLE for _, _, kind in cards[-after:])):
            return [], [frame for frame, _, _ in cards[-after:]]  # UNREADABLE CARD: the frames' cards come first
        if why != AFTER_AN_UNREADABLE:
            return None
        frames = [frame for frame, _, _ in cards[-due:]]
        return (frames[:-after], frames[-after:]) if len(frames) == due else ([None] * (due - after), [None] * after)

    def _unread_before(self, source: str, seq: int) -> bool:
        """Whether the cards still due for the wait of ``source`` that came before its read of frame ``seq`` are all
        cards it could not read (a double feed's may be two: such a wait is not split, see the README)."""
        number = self._hold_of[source][1]
        due = self._cards_due.get(number, 0)
        cards = self._counted.get(number, ())
        before = cards[len(cards) - due:len(cards) - self._due_after_read(source, seq)] if len(cards) >= due else ()
        return len(cards) >= due and all(why == AFTER_AN_UNREADABLE for _, _, why in before)

    def _split_run(self, source: str, seq: int) -> Optional[tuple[list[Optional[int]], list[Optional[int]]]]:
        """The read of frame ``seq`` is taken under the wait of ``source`` (its shoe) for lost frames or a double feed
        that came after it, and cards counted before it are still due (else it plays as it came, :meth:`_came_before`):
        it waits for those only, as for any card its shoe could not read, and the lost frames or the double feed,
        with the cards counted after the read, are a newer wait of their kind, for the read after it (fixR47's
        left-over High: ??, 4C held, ??, QH waiting, frames lost; QH waited for the lost frames, and the read after
        it played in their place).  The frames of the cards before it, for UNREADABLE CARD's words
        (:meth:`_tell_split`), if they are all cards the shoe could not read, else None."""
        why, number = self._hold_of[source]
        due = self._cards_due.get(number, 0)
        after = self._due_after_read(source, seq)
        cards = self._counted.pop(number, ())
        before = [frame for frame, _, _ in cards[len(cards) - due:len(cards) - after]] if len(cards) >= due else []
        self._cards_due[number] = due - after
        self._counted[number] = cards[:len(cards) - after]
        self._held_why[number] = AFTER_AN_UNREADABLE
        self._open_hold(source, why)
        opened = self._holds_opened
        if after:
            self._cards_due[opened] = after
            self._counted[opened] = cards[len(cards) - after:]
        self._run_after[opened] = self._run_after.pop(number) - {seq}
        if number in self._reads_before:
            self._reads_before[opened] = self._reads_before.pop(number)
        return (before, []) if before and None not in before else None

    def _seqs_waiting(self, source: str) -> set[int]:
        """The frame numbers of the reads of ``source`` waiting behind the read held (a restart: behind the first read
        not placed)."""
        if self._restore_queue is not None:
            seqs = [read.get("source_seq") for read, _ in self._restore_queue[1:] if read.get("source") == source]
        else:
            seqs = [event.seq for event in self._snap.waiting if event.source == source]
        return {seq for seq in seqs if isinstance(seq, int)}

    def _read_waits_behind(self, source: str) -> bool:
        """Whether a read of ``source`` waits behind the read held now (a restart: behind the first read it has not
        placed), read before the card its reader leaves unplayed now."""
        if self._restore_queue is not None:
            return any(read.get("source") == source for read, _ in self._restore_queue[1:])
        return self._snap.pending is not None and any(event.source == source for event in self._snap.waiting)

    def cards_due(self, source: str) -> int:
        """How many cards are still to be typed before the next read of ``source`` plays (0: none).  A hold for cards
        that may be several, once the cards it counted are typed, has none due, though Enter still ends it (fixR42: it
        said 1, and UNREADABLE CARD asked to type a card when all were typed)."""
        hold = self._hold_of.get(source)
        if hold is None or hold[0] in MANY_CARD_HOLDS and hold[1] not in self._cards_due and self._typed_for_open.get(
                hold[1]):
            return 0
        return self._cards_due.get(hold[1], 1)

    def _counts_typed(self, source: str) -> bool:
        """Whether a card typed now is one the hold of ``source`` waits for: a one-card hold's, or one of the
        cards still due that a read dropped (Del) carried into its hold (rev21 R6)."""
        hold = self._hold_of.get(source)
        return hold is not None and (hold[0] in ONE_CARD_HOLDS or hold[1] in self._cards_due)

    def _card_typed_for(self, source: str) -> bool:
        """A card typed in the place of one the hold of ``source`` waits for: a one-card hold ends once as
        many were typed as it waits for (True), else it waits for one fewer.  A hold for cards that may be
        several only stops counting: Enter on its read still ends it."""
        why, number = self._hold_of[source]
        if self._placements:
            self._placements[-1] = number  # the card just played counts for this hold
        due = self._cards_due.get(number, 1) - 1
        if due > 0:
            self._cards_due[number] = due
            self._typed_for_open[number] = self._typed_for_open.get(number, 0) + 1
            self._unreadable_follows_count()
            return False
        self._cards_due.pop(number, None)
        typed = self._typed_for_open.pop(number, 0) + 1
        if why in MANY_CARD_HOLDS:
            self._typed_for_open[number] = typed  # a void of one makes it due again (rev22 R22-1)
            self._unreadable_follows_count()  # none due: UNREADABLE CARD no longer asks for one (fixR42)
            return False
        del self._hold_of[source]
        self._ended[number], self._last_ended = EndedWait(source, why, number, typed), number
        return True

    @staticmethod
    def VOIDS_A_CARD(payload: dict) -> bool:  # noqa: N802 (each game's, as HOLDS_END_AT)
        """Whether a journaled correction took the last card played back (each game says)."""
        return False

    def _card_voided(self, defer_asks: bool = False) -> Optional[EndedWait]:
        """The last card played was voided: if it was typed for a hold still waiting for more (several cards
        unread in a row), that card is due again (qaAB F8: KD typed, voided, QH typed ended the wait, and the
        next read was played where the second unread card still lay untyped).  If it was the card that ended
        such a wait, the wait is back, its alerts with it (rev21 R2).  The wait the void made longer is
        returned (its alerts: those to show again), for a restart to do the same.  If it was the card typed
        before a camera asked for one (UNREADABLE CARD TYPED?, answered or not), the card is asked for again
        (:meth:`_ask_again`); ``defer_asks``: a restart does that at the entry that journaled it, so that a
        journal of older code, which did not, restarts as it ran (rev25 F2)."""
        counted = self._placements.pop() if self._placements else None
        snap = self._snap
        if (counted is not None and counted == self._pending_hold and snap.typed_before
                and snap.typed_for is snap.pending):
            # The card typed for the held read's missing card is taken back: its banner no longer names it (seed 530:
            # "9♠ typed: Enter plays 3♦" after 9♠ was voided).
            self._publish(replace(snap, typed_before=snap.typed_before[:-1],
                                  typed_for=snap.pending if len(snap.typed_before) > 1 else None))
            if len(snap.typed_before) == 1 and self._typed_before is snap.pending:
                # Nor does it answer FRAMES LOST any more, as a restart takes it (fixR53, bac HB 560: Shift+B then
                # burned the read held behind the lost frames live, and left it held for Enter restarted).
                self._typed_before = None
        # Typed with no wait standing and voided: it answers no camera's ask after (rev25 F7: the ask named it).
        self._typed_loose = [loose for loose in self._typed_loose if loose[2] != self._placed_count]
        self._placed_count -= 1
        if (counted is not None and counted == self._pending_hold and self._typed_for_open.get(counted, 0) > 0
                and all(number != counted for _, number in self._hold_of.values())):
            self._typed_for_open[counted] -= 1  # typed for the held read's own cards (_typed_while_held): due again
            self._cards_due[counted] = self._cards_due.get(counted, 0) + 1
            if self._snap.pending is not None:
                self._publish(replace(self._snap, cards_due=self._cards_due[counted]))
            return None
        for source, (why, number) in self._hold_of.items():
            if number == counted and why == AFTER_TYPED_UNREAD:  # the card typed before the camera asked
                ask = EndedWait(source, why, number, 0, asked=True)
                return ask if defer_asks else self._ask_again(ask)
            if number == counted and self._typed_for_open.get(number, 0) > 0:
                self._typed_for_open[number] -= 1
                # A hold for cards that may be several counts from none once its carried ones are typed (R22-1).
                self._due_again(source, why, number,
                                self._cards_due.get(number, 0 if why in MANY_CARD_HOLDS else 1) + 1)
                typed = self._held_due_typed
                if (typed is not None and typed[0] == self._placed_count + 1
                        and typed[1] == (number, self._pending_hold)):
                    self._due_for_held, self._held_due_typed = typed[1], None  # the held read's card, due again
                return EndedWait(source, why, number, 0)
        own = self._own_typed_voided(counted)
        if own is not None:
            return own
        ended = self._ended.pop(counted, None) if counted is not None else None
        if ended is None or ended.own:
            return None
        if ended.asked:  # the card typed before the ask, taken for it (Enter), voided (rev25 F1)
            return ended if defer_asks else self._ask_again(ended)
        hold = self._hold_of.get(ended.source)
        if hold is None:
            self._hold_of[ended.source] = (ended.why, ended.number)
            if ended.typed > 1:
                self._typed_for_open[ended.number] = ended.typed - 1
            self._due_again(ended.source, ended.why, ended.number, 1)
        else:  # another card left unread since: both are to be typed
            self._due_again(ended.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
            if ended.number == self._pending_hold:  # one of them is the card the held read waits behind
                self._due_for_held = (hold[1], ended.number)
            ended = replace(ended, why=hold[0], number=hold[1])
        for alert in ended.alerts:
            if isinstance(alert, Alert):
                self._publish(replace(self._snap, alerts=self._with_alert(alert)))
        return ended

    def _hold_ended(self, source: str) -> None:
        """``source``'s hold ends, answered.  Under UNREADABLE CARD TYPED? that says the card typed before the ask
        was the one the camera could not read: a void of that card later asks for it again (rev25 F1: Enter, then
        V of the card typed, and the next read went where the unread card lay)."""
        why, number = self._hold_of.pop(source)
        self._cards_due.pop(number, None)
        self._counted.pop(number, None)
        self._run_after.pop(number, None)
        if why == AFTER_TYPED_UNREAD:
            self._ended[number] = EndedWait(source, why, number, 1, asked=True)

    def _ask_again(self, ask: EndedWait) -> EndedWait:
        """The card typed before a camera asked for the card it could not read was voided: that card is asked for
        (a wait for one card, as after Del); a read waiting under the ask waits under it, and a wait standing for
        another card unread since waits for one more.  The wait it made (or longer) is returned."""
        hold = self._hold_of.get(ask.source)
        if hold is not None and hold[0] != AFTER_TYPED_UNREAD:  # another card left unread since: both to type
            self._due_again(ask.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
            return replace(ask, why=hold[0], number=hold[1])
        self._open_hold(ask.source, AFTER_AN_UNREADABLE)
        number = self._holds_opened
        pending = self._snap.pending
        if pending is not None and hold is not None and self._pending_hold == hold[1]:
            self._pending_hold = number  # the read waiting under the ask waits for the card typed again
            self._publish(replace(self._snap, pending=replace(pending, doubt=AFTER_AN_UNREADABLE)))
        # After the read's hold moved: the read says the card is due, as after a restart (rev25 F5: it said "a card
        # ... Enter plays it in its place" live, and Enter was refused).
        self._due_again(ask.source, AFTER_AN_UNREADABLE, number, 1)
        return replace(ask, why=AFTER_AN_UNREADABLE, number=number)

    def _claim_first(self, source: str, placed: list[int]) -> None:
        """A restart's :meth:`_claim_typed`: of the cards of the code typed (``placed``, in order), the first still in
        play and counted for no wait, as the live table took the first loose one (rev25 F6: the last was taken)."""
        for n in [n for n in placed if n <= self._placed_count]:
            back = self._placed_count - n
            if back < len(self._placements) and self._placements[-1 - back] is None:
                placed.remove(n)
                self._claim_typed(source, n)
                return

    def _claim_typed(self, source: str, placed: int) -> None:
        """The card typed before ``source`` asked for the card it could not read, placed as the ``placed``-th card,
        counts for the ask's hold: its void asks for that card again (the ask's Enter had taken the voided card
        for it, and the next read went where the unread card lay)."""
        back, hold = self._placed_count - placed, self._hold_of.get(source)
        # A card that counted for a wait already answered that one (a journal of older code took it for the next
        # ask too): its void brings that wait back, as it did.
        if (hold is not None and hold[0] == AFTER_TYPED_UNREAD and 0 <= back < len(self._placements)
                and self._placements[-1 - back] is None):
            self._placements[-1 - back] = hold[1]

    def _voided_asks(self, ended: Optional[EndedWait]) -> None:
        """After a void at the live table: if the card voided was the one typed before a camera asked for a card
        (UNREADABLE CARD TYPED?), the ask is answered as Del answers it (journaled so, for a restart and a replay):
        the card is asked for."""
        if ended is None or not ended.asked:
            return
        if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": False, "voided": True,
                                               "game": self.GAME, "round": self._snap.state.round_no}):
            return
        self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
        self.alert("unreadable", "error", "UNREADABLE CARD",
                   f"the {ended.source} could not read a card, and the card typed for it was voided",
                   "look at the card (W shows what the camera sees) and type it (K); the next card read waits "
                   "until you do")

    def _due_again(self, source: str, why: str, number: int, due: int) -> None:
        """``due`` cards are to be typed for the hold ``number`` of ``source``: the read waiting says so, and one
        of that source taken while no wait stood waits under it now (rev22 R22-7: Enter played an unsure read
        in the place of the card the void made due again)."""
        self._cards_due[number] = due
        self._reads_before.pop(number, None)  # a card due again came before the reads waiting
        self._unreadable_follows_count()
        pending = self._snap.pending
        if pending is None or self._read_source(pending) != source:
            return
        if self._pending_hold != number and (pending.doubt in YIELDING_DOUBTS or self._placed_doubt(pending)):
            self._pending_hold = number
            pending = replace(pending, doubt=why)
        if self._pending_hold == number:
            self._publish(replace(self._snap, pending=pending, cards_due=due))

    def _hold_for_dropped(self, source: str, doubt: Any = None, held: Optional[int] = None) -> None:
        """A read dropped (Del) may have been a card: the next read of ``source`` waits for it too, and for
        a card it waited for already (QA: the held read dropped, one typed card ended the hold and the
        next read took the other's place).  Not the new shoe's first card set aside
        (:attr:`NEW_SHOE_FIRST_WAITS`): it was read, and no card is missing behind it.  Nor a read the
        display itself called a card already played (:data:`~dealer_assist.table.holds.SAME_CARD_DOUBTS`: put
        back, or read twice at once): dropped as it says, it was that card, and nothing waits behind it (qaU F6:
        the next read held, "type it in its place first (K)", and the card typed was played twice)."""
        if doubt and (doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT) or doubt in SAME_CARD_DOUBTS):
            return  # BURNED_BEHIND_DOUBT: a card out after the burn, before the deal, set aside (rev38 R7)
        why, number = self._hold_of.get(source, ("", 0))
        # Frames lost before the reads waiting: the next read waits for them too (fixR51).
        lost = (why == AFTER_A_GAP and number not in self._run_after and number not in self._reads_before
                or held in self._frames_lost_before)
        self._reads_before.pop(number, None)  # the card dropped came before the reads waiting: they wait for it too
        if why in ONE_CARD_HOLDS or why == AFTER_A_GAP:  # a gap's hold ends with Esc on its alert: this one may not
            self._open_hold(source, AFTER_DROPPED)
            if lost and not reads_again(source):
                self._frames_lost_before.add(self._holds_opened)
            # The cards still due before it stay due (rev21 R6: two unread, one typed, the read dropped, and the
            # next read played in the untyped card's place), and one typed for them is due again if voided.  A
            # shoe's read dropped was a card that left it too, never one of them (it reads each card once): one
            # more (fixR36: the banner counted the unread ones only, and Enter played the next read in its place).
            counted = self._counted.pop(number, ()) if why in (AFTER_AN_UNREADABLE, AFTER_A_GAP) else None
            if number in self._cards_due:
                self._cards_due[self._holds_opened] = self._cards_due.pop(number) + (0 if reads_again(source) else 1)
            if number in self._typed_for_open:
                self._typed_for_open[self._holds_opened] = self._typed_for_open.pop(number)
            if held is not None and held != number and self._own_due(held) and not reads_again(source):
                # The read dropped waited under its own hold (``held``) with a newer wait of its shoe standing: the cards
                # still due before it are due too (fixR41: ??, 4H held, ??, Del, and 5C waited for two cards of three).
                opened = self._holds_opened
                own = self._cards_due.pop(held)
                self._cards_due[opened] = self._cards_due.get(opened, 1) + own
                self._typed_for_open[opened] = self._typed_for_open.get(opened, 0) + self._typed_for_open.pop(held, 0)
                self._placements = [opened if n == held else n for n in self._placements]
                counted = None if counted is None else (*self._counted.get(held, ())[-own:], *counted)
            if counted is not None and not reads_again(source) and self._holds_opened in self._cards_due:
                # The dropped read's card came before the reads waiting; the cards counted after them stay after them.
                self._counted[self._holds_opened] = ((None, frozenset(), AFTER_DROPPED), *counted)
            self._placements = [self._holds_opened if n == number else n for n in self._placements]
            if why == AFTER_TYPED_UNREAD:  # V of the card typed before the ask still asks for the card (rev31 R3)
                self._ended[self._holds_opened] = EndedWait(source, why, self._holds_opened, 1, asked=True)
        elif not why:
            self._hold_next(source, AFTER_A_REJECTION)

    def _open_gap_hold(self, source: str) -> None:
        """Lost frames: the next read of ``source`` waits (FRAMES LOST).  The cards its shoe left unplayed before them,
        no read between, still untyped, are still to be typed: the gap's wait counts them (fixR42: ??, FRAMES LOST,
        and Enter, Enter played the next read in the ??'s place).  A read held already keeps its own (_own_due)."""
        why, number = self._hold_of.get(source, ("", 0))
        due = (self._cards_due.get(number, 1 if why in ONE_CARD_HOLDS else 0)
               if why and why != AFTER_TYPED_UNREAD and number != self._pending_hold and not reads_again(source) else 0)
        self._open_hold(source, AFTER_A_GAP)
        self._note_run(source, why, number)
        if (self._before_reads(why, number) and (not due or number in self._reads_before) and not reads_again(source)
                and self._read_waits_behind(source)):
            # The reads waiting behind the read held came before the frames lost: they play before the gap's wait
            # (fixR42 L1, its fuzzer's blackjack seed 104: the read after them played in the lost frame's place).
            self._reads_before[self._holds_opened] = (self._reads_before[number] if due
                                                      else frozenset(self._seqs_waiting(source)))
        if due:
            opened = self._holds_opened
            self._cards_due.pop(number, None)
            self._cards_due[opened] = due
            if number in self._counted:
                self._counted[opened] = self._counted.pop(number)
            if number in self._typed_for_open:
                self._typed_for_open[opened] = self._typed_for_open.pop(number)
            self._placements = [opened if n == number else n for n in self._placements]

    def _gaps_looked_at(self) -> None:
        """Esc on FRAMES LOST (the croupier looked: no card is missing in the frames): the gaps' waits end, but for
        the cards their shoe could not read among them, still counted: those wait as any unread card's (fixR42)."""
        self._hold_of = {source: (AFTER_AN_UNREADABLE, number) if why == AFTER_A_GAP else (why, number)
                         for source, (why, number) in self._hold_of.items()
                         if why != AFTER_A_GAP or number in self._cards_due}

    def _open_hold(self, source: str, why: str) -> None:
        self._holds_opened += 1
        self._hold_of[source] = (why, self._holds_opened)

    def _answered(self, pending: CardRead) -> None:
        """The croupier answered the card waiting: the hold it waited under ends (one opened since,
        by a card that left the source after it, stays)."""
        self._held_due_settled(pending.source, self._pending_hold)
        self._held_why.pop(self._pending_hold, None)
        self._frames_lost_before.discard(self._pending_hold)
        self._due_for_held = None  # its read is answered
        self._end_hold_of(pending)
        self._pending_hold = None
        self._drop_answered_ask()
        for told in (self._gaps_told, self._unread_told):  # those before it are settled: no more told with a newer
            if pending.source in told:
                told[pending.source] = [(what, None) for what, held in told[pending.source]
                                        if _same_read(held, pending)]

    def _own_typed_voided(self, counted: Optional[int]) -> Optional[EndedWait]:
        """V of a card typed for the cards before a held read while a newer wait of its reader stood (the shoe read A,
        could not read one, read X, held, and missed another: :meth:`_own_due`), once X was played: the card is due
        again, one more card of that newer wait, as README says of a card typed for a wait and voided (fixR39: V of
        X, then V of the card typed, left the count one short, and the next read waited for one card where two were
        missing).  The wait ended since (no newer wait stands): nothing, as before.  The wait made longer, or None."""
        ended = self._ended.get(counted) if counted is not None else None
        if ended is None or not ended.own or counted == self._pending_hold or not self._typed_for_open.get(counted):
            return None
        self._typed_for_open[counted] -= 1
        if not self._typed_for_open[counted]:
            del self._typed_for_open[counted], self._ended[counted]
        hold = self._hold_of.get(ended.source)
        if hold is None:
            return None
        self._due_again(ended.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
        return replace(ended, why=hold[0], number=hold[1], own=False)

    def _typed_while_held(self, source: Any, held: Optional[int], why: Any = None) -> bool:
        """A card typed (the last placed) while a read of ``source`` waits under the hold ``held``: it is the first card
        still due before that read.  Its one-card hold ends once its cards are typed (Del then holds nothing more);
        a hold a newer wait of ``source`` replaced (:meth:`_own_due`) counts one fewer; else it may be the card a void
        made due again for it (:meth:`_typed_for_held_due`).  Whether it ended the wait of ``source``.  ``why``: the
        wait the read is held under; behind lost frames or a double feed a card typed may be one more of theirs, never
        the newer wait's (fixR42: the second card of a double feed typed ended the wait of a ?? after the read)."""
        hold = self._hold_of.get(source)
        if hold is not None and hold[1] == held and self._counts_typed(source):
            return self._card_typed_for(source)
        if self._own_due(held):
            # rev38 R6: AS, ??, 4H held, ?? -- the cards typed had counted for no wait, and Enter on 4H was refused for
            # good.  Those before the read come first; a void makes the card due again (:meth:`_card_voided`).
            if self._placements:
                self._placements[-1] = held
            due = self._cards_due.pop(held) - 1
            if due > 0:
                self._cards_due[held] = due
            self._typed_for_open[held] = self._typed_for_open.get(held, 0) + 1
            if due <= 0:  # a void of one after the read was played (:meth:`_own_typed_voided`)
                self._ended[held] = EndedWait(source, "", held, self._typed_for_open[held], own=True)
            return False
        if (hold is not None and held is not None and held not in self._cards_due and self._typed_for_open.get(held)
                and self._due_for_held is None and self._counts_typed(source)
                and why not in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED) and held not in self._frames_lost_before):
            return self._card_typed_for(source)  # the read's own cards are typed: this one is the newer wait's
        if hold is not None:
            self._typed_for_held_due(source, held)
        return False

    def _own_due(self, held: Optional[int]) -> bool:
        """Whether the hold ``held`` of the read waiting still counts cards due before that read though it is no
        reader's hold any more: its reader left another card unplayed after it, which opened a newer wait (a shoe's
        ??, 4H held, ??: the newer wait is for the read after 4H)."""
        return (held is not None and held in self._cards_due
                and all(number != held for _, number in self._hold_of.values()))

    def _held_due_settled(self, source: Any, held: Optional[int]) -> bool:
        """The read held under the hold ``held`` was answered (Enter), or the card it waits behind typed: if a void
        had counted that card in the newer wait of ``source`` too (:attr:`_due_for_held`), that wait counts one fewer,
        a wait for one card as it was before the void.  Whether it did."""
        marked, hold = self._due_for_held, self._hold_of.get(source)
        if marked is None or held is None or hold is None or marked != (hold[1], held):
            return False
        number, self._due_for_held = marked[0], None
        due = self._cards_due.get(number, 1) - 1
        if due > 1:
            self._cards_due[number] = due
        else:
            self._cards_due.pop(number, None)
        return True

    def _typed_for_held_due(self, source: Any, held: Optional[int]) -> None:
        """A card typed while the read held under ``held`` waits: if it is the card a void made due again for that
        read (:attr:`_due_for_held`), the newer wait counts one fewer, and a void of the card typed counts it again."""
        marked = self._due_for_held
        if marked is None or not self._held_due_settled(source, held):
            return
        number = marked[0]
        if self._placements:
            self._placements[-1] = number
        self._typed_for_open[number] = self._typed_for_open.get(number, 0) + 1
        self._held_due_typed = (self._placed_count, marked)

    def _squared_from_outside(self, event: CardRead) -> bool:
        """A zoned camera's read, held as a card moved (put back), of its card last played (:attr:`_astray_played`),
        which had come to rest outside every box and was played by Enter in the place due, now read in that place's
        box: the croupier squared it into its box, and it is that card, not a new one: dropped, journaled, with a
        note (qaAJ F1).  Another read of its source played since, or another box: the croupier's to answer, as any
        card put back."""
        astray = self._astray_played.get(event.source)
        placed = self._placed.get(event.source)
        if (astray is None or event.doubt != PUT_BACK or not event.zone or placed is None
                or placed[:2] != astray[:2] or astray[1] != event.card):
            return False
        box = self._squared_box(event.zone, astray[2])
        if box is None:
            return False
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "zone": event.zone, "round": self._snap.state.round_no}):
            return True  # the table stopped: nothing is played
        del self._astray_played[event.source]
        self._publish(replace(self._snap, message=(
            f"{event.card.label}, played from outside every box, squared into {box}: the same card, not a new one "
            f"(read dropped); if another {event.card.label} was dealt there, type it (K)")))
        return True

    def _drop_as_moved(self, event: CardRead, said: str, **noted: Any) -> bool:
        """Drop ``event``, a camera's read of a card the table has already (moved, or put back: see
        :attr:`~dealer_assist.events.CardRead.moved_from`), journaled (``read_dropped`` with the put-back doubt,
        so that a restart keeps no wait behind it) with what the croupier is told (``said``, a note, no alert):
        rev33 R2, cards gathered after the round had held the next round's first read."""
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "round": self._snap.state.round_no,
                                            **({"zone": event.zone} if event.zone else {}),
                                            **({"moved_from": event.moved_from} if event.moved_from else {}),
                                            **noted}):
            return True  # the table stopped: nothing is played
        self._publish(replace(self._snap, message=said))
        return True

    def _squared_box(self, zone: str, where: str) -> Optional[str]:
        """The words for the box ``zone`` when it is the box of the place ``where`` a card was played in from
        outside every box, else None (each game says)."""
        return None

    def _drop_answered_ask(self) -> None:
        """UNREADABLE CARD TYPED? goes once its question is answered, though another card's wait stands: Enter on
        the read held under it said the card typed was the one (its bar still asked "Enter if right, Del if not",
        and Enter or Del on it was refused).  Not journaled, as :meth:`_settle_hold_alerts`: a restart answers it
        at the same entry."""
        pending = self._snap.pending
        if any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()) or (
                pending is not None and pending.doubt == AFTER_TYPED_UNREAD):
            return
        keep = tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _end_hold_of(self, pending: CardRead) -> None:
        """End the hold the card waiting waits under, not one opened since."""
        hold = self._hold_of.get(pending.source)
        if hold is not None and hold[1] == self._pending_hold:
            self._hold_ended(pending.source)
        self._settle_hold_alerts()

    def _stash_alerts(self, alerts: tuple) -> None:
        """The alerts of the wait the last card typed ended, taken down now: kept with it for a void to show again."""
        ended = self._ended.get(self._last_ended) if self._last_ended is not None else None
        if ended is not None and not ended.alerts:
            self._ended[ended.number] = replace(ended, alerts=alerts)

    def _settle_hold_alerts(self) -> None:
        """The alerts of the waits go once no read waits for a missing card any more (QA: UNREADABLE CARD
        still said "the next card read waits until you do" once the card was typed).  Not journaled: a
        restart shows them only while a wait is left too (:meth:`_restore_holds`).  While one is, they all
        stay: a wait may stand for several (a double feed's after a refusal)."""
        if self._hold_of:
            return
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._stash_alerts(tuple(a for a in self._snap.alerts if a not in keep))
            self._publish(replace(self._snap, alerts=keep))

    def _typed_in_place(self) -> None:
        """A card typed (or accepted by a supervisor) with none waiting: the card a one-card hold waited
        for is in its place, so the next card read is played as it comes.  One card is one reader's missing card:
        that of the wait opened first (two-120: one card typed ended both cameras' waits, and the other missing
        card was never asked for)."""
        first = next((source for source in self._hold_of if self._counts_typed(source)), None)  # by when it began
        if first is not None:
            self._card_typed_for(first)
        self._settle_hold_alerts()

    def _take(self, event: CardRead) -> None:
        """Play a card read, or have it wait for the croupier: unsure, doubted, or the first after frames
        that may have held a card were lost, or after a card that left unplayed (it would go where that
        card belongs)."""
        hold, split = None, None
        first = self._refusal_first.pop(event.source, None)
        if first is not None and event.doubt in YIELDING_DOUBTS:
            event, hold = replace(event, doubt=first[0]), first[1]
        elif (event.doubt in YIELDING_DOUBTS and event.source in self._hold_of
                and not self._came_before(event.seq, self._hold_of[event.source][1])):
            why, hold = self._hold_of[event.source]
            split = self._split_wait(event.source, event.seq)
            event = replace(event, doubt=self._held_why.get(hold, why))
        elif not event.doubt and self._out_of_place(event):
            event = replace(event, doubt=self._out_of_place(event))
        if event.confidence < CONFIRM_BELOW or event.candidates or event.doubt:
            self._pending_hold = hold
            typed = self._typed_cards.get(hold, ()) if hold is not None else ()
            self._publish(replace(self._snap, pending=event, typed_before=typed, typed_for=event if typed else None,
                                  cards_due=self._cards_due.get(hold, 0) if hold is not None else 0))
            if split is not None:
                self._tell_split(event, *split)
            return
        self._play(event.card, event.source, event.zone, event.confidence, event.seq)

    def _out_of_place(self, event: CardRead) -> str:
        """Why a sure read has no place the table can give it by itself (it waits for the croupier), or "":
        a game's own rule (baccarat: a camera's card read face up while the burn's face-down cards are due)."""
        return ""

    def _placed_doubt(self, pending: CardRead) -> bool:
        """Whether the read waiting was held only because the table had no place for it then (:meth:`_out_of_place`), not
        for a doubt of its reader's: a card its reader left unplayed before it, due again, comes first, and the read
        waits under that wait, as a restart takes it (rev39 P3).  Each game says which of its words those are."""
        return False

    def _read_source(self, pending: CardRead) -> str:
        """The reader whose read ``pending`` is: its own source, but a game's card typed in place of a read stands
        for that read, and waits under that reader's holds (rev40 F3)."""
        return pending.source

    def _take_waiting(self) -> None:
        """The cards read while one waited, in order, now that it is settled."""
        while self._snap.pending is None and self._snap.waiting:
            event, rest = self._snap.waiting[0], self._snap.waiting[1:]
            self._publish(replace(self._snap, waiting=rest))
            self._take(event)
