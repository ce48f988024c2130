"""Cards a reader saw and could not read, or fed with another, and cards typed for them.

A camera's UNREADABLE CARD, a shoe's ``??`` or MISREAD, a DOUBLE_FEED: the
next read would take the missing card's place, so it waits until that card
is typed.  A card typed before the camera asked for it may be that card
(UNREADABLE CARD TYPED?).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from dealer_assist.cards import Card
from dealer_assist.events import CardRead, DeviceError, Unreadable
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_AN_UNREADABLE, AFTER_DROPPED,
                                       AFTER_TYPED_UNREAD, AFTER_UNPLACED, TYPED_UNREAD, TYPED_ALL, ONE_MISSING_CARD,
                                       several_unread, reads_again)
from dealer_assist.table.missing_alerts import unread_after_run, unread_around, unread_before_run
from dealer_assist.table.session_link import ERROR_ACTION
from dealer_assist.table.session_waits import _same_read


#: How long before a camera asks for a card it cannot read a card typed may have been typed for it (see
#: SessionCore._typed_for_unread): the camera asks once the card has lain still a while, a second or so on a
#: loaded machine; a croupier who saw it land types it in a few seconds.
TYPED_BEFORE_ASK = 10.0


class UnreadCards:
    """What :class:`~dealer_assist.table.session_core.SessionCore` does with a card its reader left unread: a
    mixin of its own so that those reports, and the questions they raise, read as one piece."""

    def _unreadable(self, event: Unreadable, told: Optional[str] = None) -> None:
        """A card left ``event.source`` unread (``told``: the text of the shoe's ``ERR MISREAD`` that said so,
        journaled as ``misread``: the entry had been the same as a ``??`` frame's, qaR F9): journaled as one,
        and the next read of that source waits for it to be typed."""
        maybe = " or ".join(c.label for c in event.candidates)
        taken = self._typed_taken_at_next_ask(event)
        typed_at = self._typed_for_unread(event) if told is None else None
        typed = typed_at[0] if typed_at is not None else None
        self._note_zone(event.source, event.why, [c.code for c in event.candidates], event.zone)
        self._write("card_unreadable", {"source": event.source, "source_seq": event.seq,
                                        "candidates": [c.code for c in event.candidates], "why": event.why,
                                        "round": self._snap.state.round_no,
                                        **({"misread": told} if told is not None else {}),
                                        **({"frame": event.frame} if event.frame is not None else {}),
                                        **({"zone": event.zone} if event.zone else {}),
                                        **({"typed_for_it": typed.code} if typed is not None else {})})
        # Cards found lying there when a camera came back may be several: the hold lasts until Enter.
        self._hold_next(event.source, AFTER_UNPLACED if event.why else
                        AFTER_TYPED_UNREAD if typed is not None else AFTER_AN_UNREADABLE, event.seq)
        if typed_at is not None:
            self._claim_typed(event.source, typed_at[1])
        frame = (f" (video frame {event.frame})" if event.frame is not None
                 else f" (frame {event.seq})" if event.seq is not None and not str(event.source).startswith("camera:")
                 else "") + (f" in the {event.zone.title()} box" if event.zone and not event.why else "")
        if typed is not None:
            placed = self._placed_hand(typed)
            elsewhere = bool(event.zone and placed and placed != event.zone.lower())
            if elsewhere:  # typed before the ask, it took the place due, not its box (qaX F6)
                self._retype_zone[typed.code] = str(event.zone)
            self.alert(TYPED_UNREAD, "warning", "UNREADABLE CARD TYPED?",
                       f"the {event.source} could not read a card{frame}" + (f"; it may be {maybe}" if maybe else "")
                       + f": {typed.label} typed for it"
                       + (f", played in the {placed.title()}'s hand, but the camera saw it in the "
                          f"{str(event.zone).title()} box" if elsewhere else ""),
                       (f"if it lies in the {str(event.zone).title()} box, void it (V) and type it again (K): it then "
                        f"goes to that hand; Enter if it is the {placed.title()}'s" if elsewhere else
                        f"{typed.label} typed for it: Enter if right, Del if not (then type the card dealt there, K); "
                        f"once a read waits behind it, Enter plays that read after {typed.label}, and V voids "
                        f"{typed.label} if it was not the card")
                       + (" (W shows what the camera sees, an unsure card in orange)" if not self.read_only else ""))
            return
        said = f"ERR MISREAD, frame {event.seq}" if event.seq is not None else "ERR MISREAD"
        due = 0 if event.why else self.cards_due(event.source)
        around = None if event.why else self._unread_around(event, told and f"{said}: {told}")
        if around is not None:
            self.alert("unreadable", "error", "UNREADABLE CARD", *around)
            return
        self.alert(f"unplaced:{maybe}:{event.seq}" if event.why else "unreadable", "error",
                   "CARD TO TYPE IN ITS PLACE" if event.why else "UNREADABLE CARD",
                   f"the {event.source} {event.why}"
                   + (f"; it lies in the {event.zone.title()} box: typed, it goes to that hand" if event.zone else "")
                   if event.why else
                   f"the {event.source} saw a card come out but could not read it ({said}: {told})"
                   if told else
                   f"the {event.source} could not read a card" + frame + (f"; it may be {maybe}" if maybe else "")
                   + (f"; {taken}, typed before, is taken for the card it could not read before it (V voids it "
                      "if not: that card is then asked for too)" if taken else ""),
                   "look at the card" + (" (W shows what the camera sees, an unsure card in orange)"
                                         if str(event.source).startswith("camera:") and not self.read_only else "")
                   + " and type each such card in its place (K), then Enter plays the card read after them"
                   if event.why else self._unreadable_do(event.source, due))

    def _unread_around(self, event: Unreadable, told: Optional[str]) -> Optional[tuple[str, str]]:
        """UNREADABLE CARD's words (text, DO) when ``event``'s card came out after a read of its source held behind
        another card it could not read, that card still untyped: both are told, the one before the read first
        (qaAV F6: the newer replaced the older's words, and typed first it went into the older one's place).
        None when the alert tells of one card only (or of cards unread in a row: its count says so)."""
        standing = any(a.code == "unreadable" for a in self._snap.alerts)
        pending = self._snap.pending if self._snap.pending is not None and \
            self._snap.pending.source == event.source else None
        told_before = self._unread_told.get(event.source, []) if standing else []
        self._unread_told[event.source] = [*told_before, (event.seq, pending)]
        if pending is None or reads_again(event.source):
            return None
        hold = self._hold_of.get(event.source)
        newer = hold is not None and hold[1] != self._pending_hold
        due_after = self.cards_due(event.source) if newer else 0
        due_before = (self._cards_due.get(self._pending_hold, 0) if self._own_due(self._pending_hold) else 0) \
            if newer else self.cards_due(event.source)
        entries = self._unread_told[event.source]
        before = [seq for seq, held in entries if not _same_read(held, pending)][-due_before:] if due_before else []
        after = [seq for seq, held in entries if _same_read(held, pending)][-due_after:] if due_after else []
        if not before or not after:
            return None
        return unread_around(event.source, before, after, pending.card.label, told)

    def _tell_split(self, event: CardRead, before: list[Optional[int]], after: list[Optional[int]]) -> None:
        """UNREADABLE CARD says which cards its shoe could not read come ``before`` ``event`` (their frames), now held
        for them, and which ``after`` it (:meth:`_split_wait`): typed, each goes into the next place."""
        if not any(a.code == "unreadable" for a in self._snap.alerts):
            return
        self._unread_told[event.source] = [*((seq, None) for seq in before), *((seq, event) for seq in after)]
        if after and not before:  # lost frames came before it (_split_wait)
            words = unread_after_run(event.source, after, event.card.label, dropped=event.doubt == AFTER_DROPPED,
                                     fed=event.doubt == AFTER_A_DOUBLE_FEED)
        elif after:
            words = unread_around(event.source, before, after, event.card.label)
        else:  # lost frames or a double feed came after it (_split_run)
            fed = self._hold_of[event.source][0] == AFTER_A_DOUBLE_FEED
            words = unread_before_run(event.source, before, event.card.label, fed)
        self.alert("unreadable", "error", "UNREADABLE CARD", *words)

    def _due_after(self, pending: Optional[CardRead]) -> int:
        """How many cards the reader of ``pending`` (a shoe's: it reads each card once) left unplayed after it, still
        untyped: a newer wait of that reader than the one ``pending`` waits under (see SnapshotCore.due_after)."""
        hold = self._newer_hold(pending)
        if hold is None or hold[0] not in ONE_MISSING_CARD or reads_again(pending.source):
            return 0
        return self.cards_due(pending.source)

    def _lost_after(self, pending: Optional[CardRead]) -> bool:
        """Whether the reader of ``pending`` lost frames after it: a newer wait of its for lost frames."""
        hold = self._newer_hold(pending)
        return hold is not None and hold[0] == AFTER_A_GAP

    def _newer_hold(self, pending: Optional[CardRead]) -> Optional[tuple[str, int]]:
        """The wait of the reader of ``pending`` opened after ``pending`` was taken under one of its waits, if any
        (a read held for a doubt of its own may have been taken while an older wait stood: none is told as newer)."""
        hold = self._hold_of.get(pending.source) if pending is not None and self._pending_hold is not None else None
        return hold if hold is not None and hold[1] != self._pending_hold else None

    def _unreadable_do(self, source: str, due: int) -> str:
        """UNREADABLE CARD's DO line with ``due`` cards of ``source`` still to type (one, or none counted: type it)."""
        return (f"look at the card{'s' if due > 1 else ''}" + (" (W shows what the camera sees, an unsure card in orange)"
                                                              if str(source).startswith("camera:") and not self.read_only
                                                              else "")
                + (f": {several_unread(due, any(a.code == 'refused' for a in self._snap.alerts), dropped=self._hold_of.get(source, ('', 0))[0] == AFTER_DROPPED and not reads_again(source))}" if due > 1
                   else " and type it (K); the next card read waits until you do"))

    def _unreadable_follows_count(self) -> None:
        """The standing UNREADABLE CARD's DO line says how many cards are due now, once that count changed (fixR39:
        after Del added the dropped read's card it still said "type it (K)" with two due, until raised again).  Only
        with one reader waiting (the alert is every reader's), and only its own words (look at the card...).  Not
        journaled: a restart says the count it rebuilds (:meth:`_restore_holds`)."""
        alert = next((a for a in self._snap.alerts if a.code == "unreadable"), None)
        if alert is None or len(self._hold_of) != 1 or not alert.action.startswith("look at the card"):
            return
        source = next(iter(self._hold_of))
        due = self.cards_due(source)
        typed = not due and self._typed_for_open.get(self._hold_of[source][1], 0) > 0  # a many-card hold's, all typed
        action = self._unreadable_do(source, due) if due else TYPED_ALL if typed else alert.action
        if action != alert.action:
            self._publish(replace(self._snap, alerts=tuple(replace(a, action=action) if a is alert else a
                                                           for a in self._snap.alerts)))

    def _typed_then_read(self, event: CardRead) -> bool:
        """Whether a camera's sure read is most likely a card the croupier typed ahead of it (see
        :data:`TYPED_THEN_READ`): one of its code typed with no wait standing, since that camera last reported a card
        and at most :data:`TYPED_BEFORE_ASK` before.  That typed card then answers no ask."""
        if event.doubt or not str(event.source).startswith("camera:"):
            return False
        since = max(self._reported.get(event.source, 0.0), event.t - TYPED_BEFORE_ASK)
        for n, (card, t, _) in enumerate(self._typed_loose):
            if t >= since and card == event.card:
                del self._typed_loose[n]
                return True
        return False

    def _typed_for_unread(self, event: Unreadable) -> Optional[tuple[Card, int]]:
        """The card typed for the card a camera asks for now, if the croupier typed it before the ask: typed
        while no read waited, since that camera last read a card (an ask of its since leaves a second card typed
        ahead for the next, qaAI F4) and at most :data:`TYPED_BEFORE_ASK`
        before the ask, of a code among its candidates (with none, any such card).  Each such card answers
        one ask (qaU F5: the card typed was asked for again, typed again as told, and played twice).  With it,
        where it was placed (:attr:`_placed_count` then)."""
        if event.why or not str(event.source).startswith("camera:"):
            return None
        before = self._hold_of.get(event.source)
        if before is not None and before[1] != self._pending_hold:
            # Behind a card (or cards) still untyped, no read between (Del on an earlier ask, or on a read held):
            # it is one more to type, as any card unread behind them (_hold_next).  Its ask had replaced a one-card
            # wait, and that card was lost (one-610), or stood unanswerable beside a wait for cards (rs-74).
            return None
        since = max(self._reported.get(event.source, 0.0), event.t - TYPED_BEFORE_ASK)
        codes = {c.code for c in event.candidates}
        for n, (card, t, placed) in enumerate(self._typed_loose):
            if t >= since and (not codes or card.code in codes):
                del self._typed_loose[n]
                return card, placed
        return None

    def _typed_taken_at_next_ask(self, event: Unreadable) -> Optional[str]:
        """Another card ``event.source`` could not read while UNREADABLE CARD TYPED? waits for Enter or Del: the card
        typed is taken for the first (as Enter; journaled so, ``implied``), and this one is asked for as any.  Its ask
        had replaced the first's, whose Enter and Del were then refused, and a void of the card typed asked for one
        card where two lay unread (qaAI F1, F2).  Not while a read of that camera waits (Enter on it answers the
        ask); a read of another camera waiting answers nothing of it (rev31 R6: the ask's wait was replaced by the new
        one and its alert stood, unanswerable, where a restart took it down).  The label of the card taken, or None."""
        hold = self._hold_of.get(event.source)
        pending = self._snap.pending
        if (event.why or hold is None or hold[0] != AFTER_TYPED_UNREAD
                or pending is not None and pending.source == event.source):
            return None
        typed = self._typed_asked_label()
        if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": True, "implied": True,
                                               "game": self.GAME, "round": self._snap.state.round_no}):
            return None
        self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
        self._hold_ended(event.source)
        return typed

    def _typed_asked_label(self) -> str:
        """The card UNREADABLE CARD TYPED? names as typed for the card the camera could not read."""
        asked = next((a for a in self._snap.alerts if a.code == TYPED_UNREAD), None)
        said = re.search(r": (\S+) typed for it", asked.text) if asked is not None else None
        return said.group(1) if said else "the card typed"

    def typed_unread_asked(self) -> bool:
        """Whether UNREADABLE CARD TYPED? waits for Enter or Del with no read waiting (see _unreadable)."""
        return self._snap.pending is None and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values())

    def answer_typed_unread(self, right: bool) -> Optional[str]:
        """The croupier's Enter (``right``) or Del on UNREADABLE CARD TYPED? while no read waits: Enter says
        the card typed was the one the camera could not read (the next read plays as it comes); Del says it
        was not, and the card is asked for as any unreadable card (the next read waits until it is typed).
        Journaled as the alert's dismissal with ``typed_right`` (a restart ends or keeps the wait from it)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            if not self.typed_unread_asked():
                return "no card typed for an unreadable one is waiting for Enter or Del"
            sources = [s for s, (why, _) in self._hold_of.items() if why == AFTER_TYPED_UNREAD]
            if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": right, "game": self.GAME,
                                                   "round": self._snap.state.round_no}):
                return self._snap.stopped
            self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
            for source in sources:
                if right:
                    self._hold_ended(source)
                else:
                    self._open_hold(source, AFTER_AN_UNREADABLE)
            if right:
                self._settle_hold_alerts()
                self._publish(replace(self._snap, message="the card typed was the unread one: cards play as they come"))
                return None
            self.alert("unreadable", "error", "UNREADABLE CARD",
                       f"the {sources[0]} could not read a card, and the card typed before it asked was another",
                       "look at the card (W shows what the camera sees) and type it (K); the next card read waits "
                       "until you do")
            return None

    def _double_feed(self, event: DeviceError) -> None:
        """Two cards left the shoe together, one (or both) unread: the next read waits.  The card the shoe read
        just before the ERR may be the second of the two, played in the unread one's place (QA: B1 settled on
        it): the alert names it and its place, for the croupier to check while the round can still be mended."""
        self._hold_next(event.source, AFTER_A_DOUBLE_FEED)
        text, action = f"{event.source}: {event.text}", ERROR_ACTION
        before = self._read_before(event)
        after = self._fed_after_decision(event) if before is None else None
        if after is not None:
            text, action = text + after[0], after[1]
        if before is not None:
            card, place = before
            text += (f". {card.label} was read just before this report" + (f" and played as {place}" if place else "")
                     + ": if the card not read came out before it, "
                     + (f"it is not {place}'s card" if place and not place.startswith("the ")  # B1, seat 3
                        else f"{card.label} is in the unread card's place" if place else "it is not the card it seems"))
            action = (f"check {place}: if {card.label} is not the card there, void it ({self.VOID_LAST_CARD}) and type "
                      "the cards in the order they came out (K)" if place else
                      f"check {card.label}: if the card not read came out first, type that one first (K)")
        self.alert(f"device:{event.code}", "error", f"SHOE REPORTS {event.code.upper()}", text, action,
                   source=event.source, source_seq=event.seq)

    def _fed_after_decision(self, event: DeviceError) -> Optional[tuple[str, str]]:
        """What a double feed reported right after a card read, with a decision keyed between (blackjack's D), adds to
        its alert and its DO line: the card read before is not in doubt (see each game's :meth:`_read_before`)."""
        return None

    def _read_before(self, event: DeviceError) -> Optional[tuple[Card, str]]:
        """The card ``event.source`` read in the frame just before ``event`` and where it went (its place on
        the layout, "" while it waits for the croupier), if that card is still the source's last."""
        if event.seq is None:
            return None
        before = (event.seq - 1) % 65536
        old = self._read_in_old_count.get(event.source, ())
        for read in (self._snap.pending, *self._snap.waiting):
            if read is not None and read.source == event.source and read.seq == before and \
                    not any(read is r for r in old):
                return read.card, ""
        placed = self._placed.get(event.source)
        if placed is not None and placed[0] == before:
            return placed[1], placed[2]
        return None
