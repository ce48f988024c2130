"""Where waits end with no card typed: a burn that counted the missing cards, a new shoe, a round's end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from dealer_assist.events import CardRead
from dealer_assist.table.holds import AFTER_DROPPED, DRAWN_ONCE, reads_again
from dealer_assist.table.standing_alerts import FOUND_AGAIN


class BurnsAndNewShoes:
    """The waits B (burn), a new shoe and a round's end settle, for
    :class:`~dealer_assist.table.session_core.SessionCore`: a mixin of its own since each game calls them from its
    own burn, shoe and round rules."""

    def _end_holds(self, shoe: str = "shoe") -> None:
        """A new shoe (blackjack: ``shoe="deck"``): no card read next waits for one missing before it (what
        the old shoe lacked is no place of the new one's), the old shoe's alerts go, and a read still
        waiting for the croupier was of the old shoe: it is dropped, by name, rather than taken as the new
        shoe's first card (its burn)."""
        self._hold_of.clear()
        self._ended, self._placements = {}, []
        self._due_for_held = self._held_due_typed = None
        # What the alerts told of was the old shoe's (a card to type now would go into the new one, a jam,
        # lost frames): only a watched condition's alert stays (a link, the disk).  A restart, which reads
        # the journal back to the new shoe, shows the same (QA).
        self._take_down(lambda a: a.code.split(":")[0] in FOUND_AGAIN)
        snap = self._snap
        reads = ([snap.pending] if snap.pending is not None else []) + list(snap.waiting)
        # Reads from the one held because the shoe said it holds a new shoe are that shoe's: its first
        # cards, its burn (QA: they were dropped as read before it, and the next card taken as the burn).
        first_new = next((n for n, r in enumerate(reads) if r.doubt == self.NEW_SHOE_HOLD), len(reads))
        old, new = reads[:first_new], reads[first_new:]
        if reads:
            self._pending_hold = None
            self._publish(replace(snap, pending=None, waiting=(), cards_due=0))
        if old:
            self.alert("oldreads", "warning", f"READ BEFORE THE NEW {shoe.upper()} DROPPED",
                       f"{', '.join(r.card.label for r in old)} read before the new {shoe} and never placed: "
                       f"not counted in the new {shoe}", f"if one of them is in fact the new {shoe}'s card, type it (K)")
        first = True
        for read in new:
            # Read again, journaled after the new shoe's entry: a restart rebuilds the shoe from there.
            if first:
                first = self._new_shoes_first_read(read)
            else:
                self._card_read(read)

    def _new_shoes_first_read(self, read: CardRead) -> bool:
        """The first read held at a new shoe reported in a round, taken once the new shoe is in (see
        :meth:`_end_holds`): it waits as :attr:`NEW_SHOE_FIRST_WAITS` says, or is played as it comes.  Whether
        the read after it is still the first of the shoe's rounds (this one was burned)."""
        self._card_read(replace(read, doubt=self.NEW_SHOE_FIRST_WAITS or ""))
        return False

    def _end_round_holds(self) -> None:
        """A card missing now has no place in what comes next (baccarat's next round: a card after the
        round is held, not dealt on; blackjack's deck check: every card is counted back), so no read
        waits for it (QA: a read dropped at a round's end held the next round's first card).  A read
        still waiting is the croupier's to answer as it is."""
        self._hold_of = {source: hold for source, hold in self._hold_of.items() if hold[1] == self._pending_hold}
        self._ended, self._placements = {}, []
        self._due_for_held = self._held_due_typed = None
        self._settle_hold_alerts()

    def _burn_done(self, left: int, settle: bool = True) -> int:
        """B with ``left`` burn cards due: cards that left a reader unplayed while they were due (unread, refused, fed
        with another) were burn cards, gone to the discard rack: up to ``left`` of them are no longer waited for, as
        when the croupier types one (qaAQ F2: UNREADABLE CARD stood after B, the round's first read waited behind it
        and the card typed as asked went into seat 1).  How many it settled (``settle=False``: a restart, which
        counts the alerts itself, see :meth:`_restore_holds`)."""
        settled = 0
        if left and self._own_due(self._pending_hold):  # the cards before the read held come first (rev38 R3)
            due = self._cards_due.pop(self._pending_hold)
            if due > left:
                self._cards_due[self._pending_hold] = due - left
            settled = min(due, left)
        for source, (why, number) in self._unplayed_waits():
            if settled >= left:
                continue
            due = self._cards_due.get(number, 1)
            if due <= left - settled:
                self._hold_ended(source)
            else:
                self._cards_due[number] = due - (left - settled)
            settled += min(due, left - settled)
        if settle and settled:
            if self._snap.pending is not None:
                self._publish(replace(self._snap, cards_due=self._cards_due.get(self._pending_hold, 0)))
            self._settle_hold_alerts()
            self._unreadable_follows_count()
        return settled

    def _burn_unplayed(self, left: int) -> int:
        """How many cards :meth:`_burn_done` would settle with ``left`` burn cards due (nothing changes)."""
        due = sum(self._cards_due.get(number, 1) for _, (_, number) in self._unplayed_waits())
        if self._own_due(self._pending_hold):
            due += self._cards_due[self._pending_hold]
        return min(due, left)

    def _left_unplayed(self, why: Any, source: Any, number: Optional[int]) -> bool:
        """Whether the wait ``number`` of ``source``, held under ``why``, is for cards its reader left unplayed and never
        reads again (:data:`DRAWN_ONCE`), or for those and a shoe's read dropped (Del) among them, counted in
        :attr:`_cards_due` (:data:`AFTER_DROPPED`, its card dealt all the same): B, Shift+B and N end both alike (rev39
        P4: a wait left by Del outlived them, and the cards typed as asked went into the round)."""
        return self._burned_behind_why(why, source) and (why in DRAWN_ONCE or number in self._cards_due)

    def _unplayed_waits(self) -> list[tuple[Any, tuple[str, int]]]:
        """The waits :meth:`_left_unplayed` names, as (source, (why, number)): those of :data:`DRAWN_ONCE` first (B
        settled only them before rev39 P4; a journal's ``burned_unread`` of then settles them as it did)."""
        waits = [(source, (why, number)) for source, (why, number) in self._hold_of.items()
                 if self._left_unplayed(why, source, number)]
        return sorted(waits, key=lambda wait: wait[1][0] not in DRAWN_ONCE)

    def _burn_read_held(self, left: int) -> int:
        """B or Shift+B with ``left`` burn cards due and a shoe's read held behind cards it left unplayed: when a burn
        card is left for the read after them, they were burn cards and so is the read (a shoe reads each card once, as
        it leaves): their wait ends and the read is burned as read, before B counts the rest (rev36 R2: Enter had dealt
        it into the round; rev38 R1, R3: also at baccarat's B, and with a card left unplayed after the read, which the
        burn's count then settles).  Not with another reader's card missing too: which came first is not known; nor
        while FRAMES LOST asks whether a card went with frames lost before the read: B does not answer for the croupier,
        and settles the cards before the read only, journaled (rev40 F2: its own Enter, refused, had dropped them
        unjournaled, and a restart asked for them again).  How many cards before the read it settled (0: the read was
        not burned): burn cards too, which the burn's count, lowered by the read only, still holds
        (:meth:`_burn_left_after_read`)."""
        pending, held = self._snap.pending, self._pending_hold
        if (pending is None or not self._left_unplayed(pending.doubt, pending.source, held)
                or reads_again(pending.source) or self._replay_refusal() is not None
                or any(source != pending.source for source, _ in self._unplayed_waits())):
            return 0
        hold = self._hold_of.get(pending.source)
        own = self._own_due(held)
        if not own and (hold is None or hold[1] != held or not self._left_unplayed(hold[0], pending.source, held)):
            return 0
        before = self._cards_due.get(held, 1)
        if left <= before:
            return 0  # no burn card left for it: B says so (_say_burned_behind)
        if self._lost_frames_unanswered(pending):
            return 0
        if own:
            del self._cards_due[held]
        else:
            self._hold_ended(pending.source)
        self._publish(replace(self._snap, cards_due=0))
        self.confirm_pending()
        return before if self._snap.pending is not pending else 0

    def _burn_left_after_read(self, left: int, settled: int) -> int:
        """The burn cards still due for cards left unplayed after a read :meth:`_burn_read_held` burned, ``left`` the
        burn's count since that read: the ``settled`` cards before it were burn cards too (fixR39: with the round's
        first card unread after the read, B or Shift+B settled it as burned, and the round's first read played in its
        place)."""
        return max(0, left - settled)

    @staticmethod
    def _burned_behind_why(why: Any, source: Any) -> bool:
        """Whether a read held under ``why`` waited behind cards B may count burned (:meth:`_say_burned_behind`): a
        shoe's left unplayed, with a read dropped among them too (rev39 P4)."""
        return why in DRAWN_ONCE or (why == AFTER_DROPPED and not reads_again(source))

    def _say_burned_behind(self) -> None:
        """After B settled the cards a read waiting was held behind, with no burn card left for the read: it says so
        (:attr:`BURNED_BEHIND_DOUBT`), where its banner had gone on asking for the card B counted burned (rev36 R2;
        rev38 R2: baccarat's too).  A card left unplayed after it still holds the read after it."""
        waiting = self._snap.pending
        if (waiting is not None and self.BURNED_BEHIND_DOUBT and self._burned_behind_why(waiting.doubt, waiting.source)
                and self._pending_hold not in self._cards_due
                and all(number != self._pending_hold for _, number in self._hold_of.values())):
            self._publish(replace(self._snap, pending=replace(waiting, doubt=self.BURNED_BEHIND_DOUBT)))
