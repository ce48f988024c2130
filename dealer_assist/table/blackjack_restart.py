"""What a blackjack restart restores beyond the table's state: holds, a refused deck, a card pushed back,
reads parked, a card typed in a read's place."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealer_assist.cards import InvalidCardError, parse_card
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.table.blackjack_boxes import _dealt_already
from dealer_assist.table.blackjack_names import CORRECTED_KIND, KEYBOARD, PUSHED_FROM
from dealer_assist.table.blackjack_state import BlackjackPhase
from dealer_assist.table.holds import NO_PLACE_IN_BOX, PARKED


class BlackjackRestart:
    """The waits a restart of :class:`~dealer_assist.table.blackjack_session.BlackjackSession` restores: a
    mixin of its own, as it reads the journal where the rest of the session writes it."""

    # -- recovery -------------------------------------------------------------
    def _restore_holds(self, journal: Any) -> None:
        """As every game, and a card refused as dealt from this deck already, with no card played since,
        waits for a supervisor again (QA: its alert came back offering the PIN, and F9 found nothing to
        accept)."""
        super()._restore_holds(journal)
        self._restore_typed_in_place(journal)
        self._restore_parked(journal)
        self._restore_refused_deck(journal)
        self._restore_pushed_back(journal)
        last = next(journal.entries_where("kind IN ('card_refused', 'card_assigned', 'shoe_start')", (),
                                          newest_first=True), None)
        zone = last.payload.get("zone") if last is not None and last.kind == "card_refused" else None
        if isinstance(zone, str) and isinstance(last.payload.get("source"), str):
            if last.payload.get(NO_PLACE_IN_BOX):
                try:
                    self._moved_from_box[last.payload["source"]] = parse_card(last.payload.get("card"))
                except InvalidCardError:
                    pass
            else:
                self._refused_zone[last.payload["source"]] = zone
        if last is None or last.kind != "card_refused":
            return
        try:
            card = parse_card(last.payload.get("card"))
        except InvalidCardError:
            return
        # Journals before ``dealt_already`` tell only by the table now.
        source = last.payload.get("source")
        if last.payload.get("dealt_already", True) and _dealt_already(self._snap.state, card, source):
            self._publish(replace(self._snap, duplicate=card))

    def _restore_refused_deck(self, journal: Any) -> None:
        """NEW DECK NOT ACCEPTED after a round, shown again, names its reader again: N holds that reader's next read
        as live (fixQA: restarted before N, the new deck's first card was dealt at once into the old deck's round).
        Journals before the alert named its source hold none."""
        if not any(a.code == "newdeck" for a in self._snap.alerts):
            return
        for entry in journal.entries_where("kind IN ('alert', 'shoe_start')", (), newest_first=True):
            if entry.kind == "shoe_start":
                return
            if entry.payload.get("code") == "newdeck":
                source = entry.payload.get("source")
                self._refused_deck_by = source if isinstance(source, str) else None
                return

    PLACED_WITH = ("action",)

    def _placed_then(self, entry: Any, last: bool) -> None:
        """A decision keyed after each reader's last card, as live had it (see :meth:`_fed_after_decision`): fixQA,
        restarted between D and the shoe's DOUBLE_FEED, the alert named no card and no place.  An ``action`` entry of
        an older journal, with no ``due``, is read with the place due now when it is the last entry of the round
        being played."""
        state, payload = self._snap.state, entry.payload
        due = payload.get("due")
        if due is None:
            due = (state.describe_due() if last and state.phase == BlackjackPhase.PLAYING
                   and payload.get("round") == state.round_no else "")
        action = payload.get("action")
        if isinstance(due, str) and isinstance(action, str):
            self._keyed_after = {source: (placed[0], action, due) for source, placed in self._placed.items()}

    def _restore_pushed_back(self, journal: Any) -> None:
        """The card of a read held as :data:`MOVED_PUSHED` that Del dropped this round, as live had it
        (:attr:`_pushed_back`): fixQC, restarted between Del and the camera's read of that card put back in its box,
        that read was held again as put back, and Enter on it raised CARD REFUSED.  Other cards' reads since leave
        it, as live (rev39 R3); the read of that card put back in its box, dropped, ends it
        (:meth:`_put_back_as_told`).  Journals before ``pushed_from`` hold none."""
        state = self._snap.state
        if state.phase != BlackjackPhase.PLAYING:
            return
        put_back: set[tuple[Any, Any]] = set()
        for entry in journal.entries_where("kind IN ('read_dropped', 'shoe_start')", (), newest_first=True):
            payload = entry.payload
            if entry.kind != "read_dropped" or payload.get("round") != state.round_no:
                return
            box = payload.get(PUSHED_FROM)
            if isinstance(box, str):
                if (payload.get("card"), box) not in put_back:
                    try:
                        self._pushed_back = (parse_card(payload.get("card")), box, state.round_no)
                    except InvalidCardError:
                        pass
                return
            if payload.get("doubt") == PUT_BACK:
                put_back.add((payload.get("card"), payload.get("zone")))

    def _restore_parked(self, journal: Any) -> None:
        """The cards set aside in a later box (:meth:`_park`) and not read again since wait there again."""
        state = self._snap.state
        if state.phase != BlackjackPhase.PLAYING:
            return
        parked: list[CardRead] = []
        read_since: set = set()  # (source, source_seq) of the reads journaled after the entry looked at
        for entry in journal.entries_where("kind IN ('read_dropped', 'card_read', 'shoe_start')", (),
                                           newest_first=True):
            payload = entry.payload
            if entry.kind == "shoe_start" or payload.get("round") != state.round_no:
                break
            key = (payload.get("source"), payload.get("source_seq"))
            if entry.kind == "card_read":
                read_since.add(key)
            elif payload.get(PARKED) and key not in read_since and isinstance(payload.get("zone"), str) \
                    and isinstance(payload.get("source"), str):
                try:
                    card = parse_card(payload.get("card"))
                except InvalidCardError:
                    continue
                seq, confidence = payload.get("source_seq"), payload.get("confidence")
                parked.insert(0, CardRead(card, payload["source"], self._clock(),
                                          float(confidence) if isinstance(confidence, (int, float)) else 1.0,
                                          seq if isinstance(seq, int) else None, payload["zone"]))
        self._parked = parked

    def _restore_typed_in_place(self, journal: Any) -> None:
        """The card the croupier typed in place of the read waiting (``read_corrected``) waits in its place
        again, as before the stop, rather than the reader's card.  Only a correction of the very read
        that waits, made after that read was journaled (a later read of the same card is another)."""
        pending = self._snap.pending
        if pending is None or pending.source == KEYBOARD:
            return
        for entry in journal.entries_where("kind IN (?, 'card_read', 'shoe_start')", (CORRECTED_KIND,),
                                           newest_first=True):
            payload = entry.payload
            same = (payload.get("source") == pending.source and payload.get("source_seq") == pending.seq
                    and payload.get("card" if entry.kind == "card_read" else "read") == pending.card.code)
            if entry.kind != CORRECTED_KIND:
                if entry.kind == "shoe_start" or same:
                    return  # the read waiting was journaled after any correction there is
                continue
            if not same:
                continue
            try:
                typed = parse_card(payload.get("card"))
            except InvalidCardError:
                return
            self._read_under_typed = pending
            doubt = pending.doubt if self._typed_held(pending) else self._typed_doubt()
            self._publish(replace(self._snap, pending=replace(
                pending, card=typed, source=KEYBOARD, confidence=1.0, candidates=(), doubt=doubt),
                message=f"{typed.label} typed in place of the {pending.card.label} read before the restart waits "
                        f"in its place: {doubt}"))
            return
