"""Where a blackjack read goes: the box it lies in, a card moved or pushed, a read parked for a later place,
one read before the decision it waits for."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from dealer_assist.blackjack.round import given_position
from dealer_assist.cards import Card
from dealer_assist.events import MOVED_UNSEEN, PUT_BACK, CardRead
from dealer_assist.table.blackjack_boxes import _box_words, _boxes_holding
from dealer_assist.table.blackjack_names import BEFORE_A_DECISION, IN_A_LATER_BOX, KEYBOARD
from dealer_assist.table.blackjack_state import BlackjackPhase, MOVED_FROM, position
from dealer_assist.table.holds import AFTER_A_REFUSAL, PARKED, MOVED_EARLY, MOVED_PUSHED, SAME_CARD_DOUBTS, reads_again
from dealer_assist.table.session_core import CONFIRM_BELOW


#: The key of each decision, as the banner and the F1 help name them.
DECISION_KEYS = {"hit": "H", "stand": "S", "double": "D", "split": "P"}


class BlackjackReads:
    """How :class:`~dealer_assist.table.blackjack_session.BlackjackSession` takes a reader's card: a mixin of its
    own, as a shoe's or a camera's read waits or is placed by rules a typed card never meets."""

    # -- events from card sources -------------------------------------------
    def _card_read(self, event: CardRead) -> None:
        """As every game; a zoned camera's sure read in one box just after the card of its code left its spot in another
        (:attr:`~dealer_assist.events.CardRead.left_from`), while the round is dealt and holds that card in that box, is
        doubted as that card pushed blurred, :data:`MOVED_PUSHED`, the box it left kept as ``moved_from``, before it is
        journaled: a restart and a replay hold it so too (fixBL: it was played as a new card, counted in both seats).
        Not after the round: a card gathered then is rev34 R3's (see :meth:`_moved_for_nothing`)."""
        state = self._snap.state
        if (event.left_from and event.zone and not event.doubt and not event.moved_from and event.source != KEYBOARD
                and event.confidence >= CONFIRM_BELOW and not event.candidates
                and state.phase == BlackjackPhase.PLAYING and state.round is not None
                and given_position(event.left_from) != given_position(event.zone)
                and given_position(event.left_from) in _boxes_holding(state.round, state.seats_in, event.card)
                and not self._early_card_moved(event)):  # the last card, played early: MOVED_EARLY's (qaY Y3)
            event = replace(event, doubt=MOVED_PUSHED, moved_from=event.left_from)
        super()._card_read(event)

    def _take(self, event: CardRead) -> None:
        """A card a reader reads while a decision is due waits for it, as the croupier draws the card
        when the player signals, before keying H (QA: it was refused, its DO line offered Backspace,
        which voided another seat's good card, and the card read was lost).  H or D then plays it to
        that hand; a read already doubted, or held behind a missing card, waits as ever, and a camera's
        card, read where it was laid, is placed or refused there."""
        if (self._split_laid_out_read(event) or self._moved_from_early_place(event)
                or self._squared_from_outside(event)):
            return
        moved = self._moved_from_box.get(event.source)
        if moved is not None and event.card == moved and not event.zone and event.moved_from:
            # Taken out of the box it was refused in and lost from sight (lifted away, or covered): it lies in no
            # box, so it has no place; played at the place due it was a card off the table (rev34 R1).
            self._drop_as_moved(event, f"{moved.label}, refused in {_box_words(event.moved_from)}, taken out of it "
                                       "and not seen lying in a box: not played (read dropped); its refusal stands")
            return
        if moved is not None and event.card == moved and event.zone:
            del self._moved_from_box[event.source]
            if event.doubt in SAME_CARD_DOUBTS:  # the refused card, never played, moved to another box
                event = replace(event, doubt="")
            if not event.doubt and event.source not in self._hold_of:
                if self._play(event.card, event.source, event.zone, event.confidence, event.seq) is None:
                    self._take_down(lambda a: not (a.code == "refused" and a.title == f"CARD {moved.label} REFUSED"))
                    self._publish(replace(self._snap, message=f"{moved.label}, refused in the box it lay in, moved "
                                                              f"to {_box_words(event.zone)}: played there"))
                return
        if self._moved_for_nothing(event):
            return
        due = self._snap.state.due()
        if (due is not None and due.kind == "action" and event.source != KEYBOARD and not event.doubt
                and event.zone and self._later_box(event.zone) and event.source not in self._hold_of
                and event.confidence >= CONFIRM_BELOW and not event.candidates):
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=self._in_later_box(event.zone))))
            return
        if (due is not None and due.kind == "action" and event.source != KEYBOARD and not event.doubt
                and self._in_active_box(event.zone)  # a camera's card laid elsewhere is refused for where it lies
                and event.source not in self._hold_of and event.confidence >= CONFIRM_BELOW
                and not event.candidates):
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=self._before_decision())))
            return
        super()._take(event)

    def _later_box(self, zone: str) -> bool:
        """Whether ``zone`` is the box of a place of the round after the hand a decision or card is due to:
        the dealer's, or a seat that plays after it."""
        state = self._snap.state
        due = state.due()
        if due is None or due.kind == "complete" or due.seat is None:
            return False
        place = given_position(zone)
        if place == "dealer":
            return True
        seat = state.round_seat(place) if isinstance(place, int) else None
        return seat is not None and seat > due.seat

    def _in_later_box(self, zone: str) -> str:
        """The doubt of a card waiting in the box of a later place (see :data:`IN_A_LATER_BOX`)."""
        who = self._hand_words()
        return (f"{IN_A_LATER_BOX}{_box_words(zone)}, read while the decision for {who} is due: it waits there and "
                f"is played there once its card is due (key the decision for {who}: {self._decision_keys()}); Del "
                "drops it if no card was dealt there")

    def _later_box_reached(self, pending: CardRead) -> None:
        """After a decision, the card waiting in a later box: played once its card is due; a read before the
        decision of its seat once that decision is due (H or D plays it); else it waits still, newly worded."""
        state = self._snap.state
        due = state.due()
        place = given_position(pending.zone)
        if due is not None and due.kind == "card" and (place == "dealer" if due.seat is None
                                                       else state.table_seat(due.seat) == place):
            self.confirm_pending()
        elif due is not None and due.kind == "action" and self._in_active_box(pending.zone):
            self._publish(replace(self._snap, pending=replace(pending, doubt=self._before_decision())))
        elif due is not None and due.kind == "action":
            self._publish(replace(self._snap, pending=replace(pending, doubt=self._in_later_box(pending.zone))))
        elif due is not None and due.kind == "card" and pending.zone and self._later_box(pending.zone):
            self._park(pending)

    def _park(self, pending: CardRead) -> None:
        """A card due to another box than the later one ``pending`` lies in (H keyed for a seat before it):
        the reads of that card must not wait behind it, so it leaves the strip, journaled as set aside for
        now (it holds no read), and is read again once its box's place or its seat's decision is due
        (:meth:`_unpark`)."""
        if not self._write("read_dropped", {"card": pending.card.code, "source": pending.source,
                                            "source_seq": pending.seq, "doubt": pending.doubt, PARKED: True,
                                            "zone": pending.zone, "confidence": pending.confidence,
                                            "round": self._snap.state.round_no}):
            return
        self._parked.append(pending)
        self._pending_hold = None
        self._publish(replace(self._snap, pending=None, message=(
            f"{pending.card.label} lies in {_box_words(pending.zone or '')}: it waits there, off the strip, and is "
            f"played there once its card is due")))
        self._take_waiting()

    def _unpark(self) -> None:
        """The card set aside in a later box (:meth:`_park`) read again, journaled anew after the cards played
        since, once its box is no later place any more: played there, or waiting for its seat's decision."""
        if self._unparking or not self._parked or self._snap.pending is not None:
            return
        read = self._parked[0]
        if read.zone and self._later_box(read.zone) and self._snap.state.phase == BlackjackPhase.PLAYING:
            return
        self._parked.pop(0)
        self._unparking = True
        try:
            self._card_read(replace(read, doubt="", t=self._clock()))
        finally:
            self._unparking = False

    def _moved_from_early_place(self, event: CardRead) -> bool:
        """A zoned camera's read of its last card played, now in another box and doubted as a card moved (put
        back): the card had come to rest across the line in a box whose place was not due yet, and was played
        there early; the croupier squared it into its own box.  Played there, leaving the early place (qaY
        Y3: Del dropped it as "already played", and it stayed in the wrong seat).  Only a card played early: one
        played where it was due and moved is the croupier's to answer.  Read with no doubt (moved farther than a
        put-back card lies), it may be another of its code dealt there (at 2 decks or more): it waits
        (:data:`MOVED_EARLY`), and Enter moves it."""
        if event.doubt and event.doubt not in SAME_CARD_DOUBTS or not self._early_card_moved(event):
            return False
        if not event.doubt and self._snap.state.rules.house.decks > 1:  # one deck holds no other of its code: it moved
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=MOVED_EARLY)))
            return True
        return self._move_early(event)

    def _early_card_moved(self, event: CardRead) -> bool:
        """Whether ``event`` may be the last card played, played early (its box's place not due yet) in another
        box than the one it is read in now, by the same source (as far as this run knows: a restart does not)."""
        state = self._snap.state
        rnd = state.round
        placed = self._placed.get(event.source)
        if (not event.zone or event.source == KEYBOARD or event.source in self._hold_of or rnd is None
                or state.phase != BlackjackPhase.PLAYING or rnd.step is None or rnd.step.card != event.card
                or not state.before or placed is not None and placed[1] != event.card):
            return False
        before = state.before[-1]
        was_due = before.round.due() if before.round is not None else None
        due_box = (state.seats_in[0] if was_due is None else "dealer" if was_due.seat is None
                   else state.table_seat(was_due.seat))
        box = "dealer" if rnd.step.seat is None else state.table_seat(rnd.step.seat)
        return box != due_box and given_position(event.zone) != box

    def _moved_for_nothing(self, event: CardRead) -> bool:
        """A zoned camera's read of a card it followed, sharp, from one box into another
        (:attr:`~dealer_assist.events.CardRead.moved_from`) where the move means nothing to the table (a card
        played early, or refused, in the box it left was moved before this): dropped, journaled, with a note and no
        alert.  So once no round is open (cards gathered after the round into the dealer's box: rev33 R2, CONFIRM
        CARD held the next round's first read, and Enter made last round's card a new round's), and in a round
        whenever the table holds the card in the hand of the box it left.  Its push blurred, the camera saw no move:
        a read of a card of the round just settled, doubted as put back, is that card gathered too (a sure one may be
        a new copy dealt before N: rev34 R3).  Otherwise it waits as any card put back: the croupier's to answer."""
        state = self._snap.state
        sure = not event.doubt and event.confidence >= CONFIRM_BELOW and not event.candidates
        if self._put_back_as_told(event):
            return True
        if event.doubt == MOVED_PUSHED:  # unseen moving: it may be another of its code dealt there, the croupier's
            return False
        if event.source == KEYBOARD or not (event.moved_from or event.doubt == PUT_BACK or sure):
            return False
        if not event.zone and (state.phase == BlackjackPhase.PLAYING or not event.moved_from):
            if event.moved_from and event.doubt == MOVED_UNSEEN:
                self._publish(replace(self._snap, message=self._moved_unseen_words(event)))
            return False  # pushed and lost from sight in a round: where it lies is the croupier's to say
        where = f" from {_box_words(event.moved_from)}" if event.moved_from else ""
        to = f" to {_box_words(event.zone)}" if event.zone else " off its box"
        if state.phase != BlackjackPhase.PLAYING:
            record = state.history[-1] if state.history else None
            if not event.moved_from:
                # Unseen moving, only a read doubted as put back is the round's card gathered: a sure one may be a
                # new copy dealt before N (an eight-deck shoe repeats codes) and waits with the cards after the
                # round (rev34 R3: it was dropped as gathered, and the card was lost).
                if state.phase != BlackjackPhase.SETTLED or record is None or event.doubt != PUT_BACK:
                    return False
                if not _boxes_holding(record.round, record.seats, event.card):
                    return False
            return self._drop_as_moved(event, f"{event.card.label} moved{where}{to} after the round: the same "
                                              "card, gathered, not a new one (read dropped)",
                                       after_round=True)
        if state.round is None or not event.moved_from \
                or given_position(event.moved_from) not in _boxes_holding(state.round, state.seats_in, event.card):
            return False
        return self._drop_as_moved(event, f"{event.card.label} moved{where} to {_box_words(event.zone)}: the table "
                                          f"keeps it in the hand of {_box_words(event.moved_from)}, where it was "
                                          "played (read dropped); if it belongs where it lies now, void back to it "
                                          "(Backspace) and type the cards in their places (K)")

    def _put_back_as_told(self, event: CardRead) -> bool:
        """A card held as pushed (:data:`MOVED_PUSHED`), put back in its box as the hold's words said, then Del: its
        read back there is that card, not a hold: dropped, journaled (rev37 R6: a second "put back" hold, and Enter on
        it raised CARD REFUSED).  The mark Del left (:attr:`_pushed_back`) stays through other cards' reads, as the
        zones pass cards on in the order they come to rest and the next card dealt may come first (rev39 R3); it
        goes once that read is dropped or its round is over.  So a journal says when: the Del-dropped read, then this
        ``read_dropped`` of its card in its box, in one round."""
        back, state = self._pushed_back, self._snap.state
        if back is None:
            return False
        if back[2] != state.round_no or state.phase != BlackjackPhase.PLAYING or state.round is None:
            self._pushed_back = None
            return False
        if (event.source == KEYBOARD or (event.card, event.zone) != back[:2]
                or not (event.moved_from or event.doubt == PUT_BACK)
                or given_position(back[1]) not in _boxes_holding(state.round, state.seats_in, event.card)):
            return False
        self._pushed_back = None
        return self._drop_as_moved(event, f"{event.card.label} put back in {_box_words(back[1])}: the table counts "
                                          "it there (read dropped)")

    def _moved_unseen_words(self, event: CardRead, before: str = "") -> str:
        """What a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` means at this table: the box the card left,
        where the table counts it, and the keys that put the hands right (rev34 R2: held as put back, Enter counted
        it twice and Del left it in the box it left, with no word)."""
        state, label = self._snap.state, event.card.label
        left = _box_words(event.moved_from or "")
        holding = sorted(_boxes_holding(state.round, state.seats_in, event.card), key=str) if state.round else []
        counted = (" and ".join(_box_words("dealer" if b == "dealer" else f"seat {b}") for b in holding)
                   if holding else "no box")
        return (f"{before}{label} was pushed out of {left} and a hand covered it: the camera did not see where it came "
                f"to rest. The table counts it in {counted}. If it lies in another box now, void back to it "
                "(Backspace): Enter then plays it where a card is due, or type the cards in their places (K); if it "
                f"still lies in {left}, Del drops this read")

    def _pushed_words(self, event: CardRead, before: str = "") -> str:
        """What Enter answers on a read held as :data:`MOVED_PUSHED`: it plays nothing, and which key ends each case
        right (as :meth:`_moved_unseen_words`, and K for another of its code dealt in the box it lies in)."""
        label, left, here = event.card.label, _box_words(event.moved_from or ""), _box_words(event.zone or "")
        return (f"{before}Enter plays nothing: {label} is counted in {left}, and played here too it would count "
                f"twice. If it is that {label}, pushed into {here}: put it back and Del drops this read, or, if it "
                "belongs there, "
                "void back to it (Backspace) and type the cards in their places (K); if another "
                f"{label} was dealt to {here}, type it (K {event.card.code})")

    def _moved_unseen_plays(self, event: CardRead) -> bool:
        """Whether Enter plays a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` where a card is due: only once
        the round no longer counts its card (voided back to it: the read is that card, to play again).  The camera
        sends this read only for the card it followed out of its box, never for a copy (a copy dealt comes as its own
        read): played as another of its code where the box it left was due, it was counted twice (rev35 R1)."""
        state = self._snap.state
        return state.round is None or not _boxes_holding(state.round, state.seats_in, event.card)

    def _out_of_place(self, event: CardRead) -> str:
        """A read waiting again at a restart that may be the card played early, moved (:data:`MOVED_EARLY`):
        Enter moves it, as before the stop (played as it came, it was that card twice); or one lying in the box
        of a later place while a decision is due, which waits there as before the stop (rev20 F8: it came back
        as read before the stop, and Enter refused it, and it was lost); or one read before the decision due, which
        H or D plays as before the stop (qaAF F1: it came back as read before the stop, H, S and D greyed, and H
        taken without a word)."""
        if self._early_card_moved(event):
            return MOVED_EARLY
        due = self._snap.state.due()
        sure = event.confidence >= CONFIRM_BELOW and not event.candidates
        if due is not None and due.kind == "action" and event.zone and self._later_box(event.zone) and sure:
            return self._in_later_box(event.zone)
        if due is not None and due.kind == "action" and event.source != KEYBOARD and self._in_active_box(event.zone) \
                and sure:
            return self._before_decision()
        return ""

    def _move_early(self, event: CardRead) -> bool:
        """Play ``event``'s card, the last card played, in the box it was read in now, leaving its early place
        (see :meth:`_moved_from_early_place`); False if that box takes no card either (nothing changed)."""
        state = self._snap.state
        rnd = state.round
        assert rnd is not None and rnd.step is not None and event.zone
        box = "dealer" if rnd.step.seat is None else state.table_seat(rnd.step.seat)
        old = position(state, rnd.step.seat, rnd.step.hand)
        was = _box_words(f"seat {box}" if isinstance(box, int) else "dealer")
        return self._do({"op": "card", "card": event.card.code, "source": event.source, "seq": event.seq,
                         "confidence": event.confidence, "zone": event.zone, MOVED_FROM: old},
                        message=f"{event.card.label} moved from {was} to {_box_words(event.zone)}: played there, "
                                "no longer in the other") is None

    def _squared_box(self, zone: str, where: str) -> Optional[str]:
        """Blackjack's boxes: a card played from outside every box as ``where`` (a seat's hand, ``dealer``) squared
        into its seat's box (qaAJ F1: at six decks the next H played it a second time, and the real card waited
        behind it; at one deck it was offered to the next seat, then refused)."""
        box = "dealer" if where == "dealer" else given_position(where.partition(".")[0])
        return _box_words(zone) if given_position(zone) == box else None

    def _split_laid_out_read(self, event: CardRead) -> bool:
        """A zoned camera's read of a split's second card in that seat's box after P, while its second hand holds
        only that card, is the split being laid out (the card slid apart into its own pile, at once or held a
        while first), not a new card: dropped, journaled, with a note (qaY Y2, Y7: asked for, or played at once,
        hand 1 as 8-8 and a card counted twice, wrong money at 2+ decks).  Once per split at 2 decks or more:
        another read of its code after it is a card dealt (one deck holds no other)."""
        state = self._snap.state
        rnd = state.round
        if not event.zone or event.source == KEYBOARD or rnd is None or state.phase != BlackjackPhase.PLAYING:
            return False
        seat = given_position(event.zone)
        round_seat = state.round_seat(seat) if isinstance(seat, int) else None
        hands = rnd.seat_hands(round_seat) if round_seat is not None else ()
        if len(hands) != 2 or len(hands[1].cards) != 1 or hands[1].cards[0] != event.card:
            return False
        split = (state.deck_no, state.round_no, seat)
        if self._split_laid_out == split and state.rules.house.decks > 1:
            return False
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "split": True, "round": state.round_no}):
            return True  # the table stopped: nothing is played
        self._split_laid_out = split
        self._publish(replace(self._snap, message=(
            f"{event.card.label} moved apart for seat {seat}'s split: the same card, not a new one (read dropped); "
            f"if another {event.card.label} was dealt, type it (K)")))
        return True

    def _zone_for_typed(self, card: Card) -> Optional[str]:
        """As every game, and the card typed in the place of a zoned card refused (a hold after a refusal
        stands) goes to the box the camera saw that card in (qaY Y1: it went to the place due, another seat)."""
        zone = super()._zone_for_typed(card)
        if zone is not None:
            return zone
        return next((self._refused_zone[source] for source, (why, _) in self._hold_of.items()
                     if why == AFTER_A_REFUSAL and source in self._refused_zone), None)

    def _in_active_box(self, zone: Optional[str]) -> bool:
        """Whether a card read in ``zone`` may be the one the hand a decision is due to draws: no zone (a
        shoe reader), or that seat's own box (qaX F3: a zoned camera's card drawn before H was refused)."""
        active = self._snap.state.active
        return zone is None or (active is not None and given_position(zone) == active[0])

    def _hand_words(self) -> str:
        """The hand a decision or card is due to, in table seat numbers (``seat 3 hand 2``), or "the dealer"."""
        state = self._snap.state
        if state.active is None:
            return "the dealer"
        seat, hand = state.active
        hands = state.round.seat_hands(state.round_seat(seat))
        return f"seat {seat}" + (f" hand {hand + 1}" if len(hands) > 1 else "")

    def _allowed_now(self) -> tuple[str, ...]:
        """The decisions the rules allow the hand a decision is due to, whatever waits (a read, a refusal)."""
        due = self._snap.state.due()
        return tuple(a.value for a in due.allowed) if due is not None and due.kind == "action" else ()

    def _decision_keys(self) -> str:
        """The keys of the decisions allowed now, as the words that ask for one list them ("H or S"): qaM L2,
        "H, S, D or P" was asked on a 15 where only H and S are allowed."""
        keys = [DECISION_KEYS[a] for a in self._allowed_now()] or ["H", "S"]
        return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " or " + keys[-1]

    def _keys_of(self, actions: tuple[str, ...], named: bool = False) -> str:
        """Which of ``actions`` (the first always: hit or stand) are allowed now, by their keys: "H or D"."""
        allowed = [a for a in actions if a in self._allowed_now()] or [actions[0]]
        return " or ".join(DECISION_KEYS[a] + (f" ({a})" if named else "") for a in allowed)

    def _placed_doubt(self, pending: CardRead) -> bool:
        """A shoe's read held as read before the decision due (rev39 P3: V of the card typed for the ?? before it, and
        Enter played it in that card's place, where a restart refused it)."""
        return pending.doubt.startswith(BEFORE_A_DECISION) and not reads_again(self._read_source(pending))

    def _before_decision(self) -> str:
        who = self._hand_words()
        return (f"{BEFORE_A_DECISION}{who}: press {self._keys_of(('hit', 'double'), named=True)} for {who} and it "
                f"is played there; after {self._keys_of(('stand', 'split'))}, Enter plays it where a card is due; "
                "Del drops it if no card was dealt")

    def _after_decision(self, action: str) -> None:
        """A card read before this decision: played now to the hand that hit or doubled; after a stand
        or split it waits still, its words naming what is due now."""
        with self._lock:
            pending = self._snap.pending
            if pending is not None and pending.zone and (pending.doubt or "").startswith(IN_A_LATER_BOX):
                self._later_box_reached(pending)
                return
            if pending is None or not (pending.doubt or "").startswith(BEFORE_A_DECISION):
                return
            due = self._snap.state.due()
            if action in ("hit", "double") and self._snap.state.card_due and self._typed_waits(pending):
                self._publish(replace(self._snap, pending=None))
                self.enter_card(pending.card.code, pending.zone)  # as typed now: its box, the hold it answers
            elif action in ("hit", "double") and self._snap.state.card_due:
                self.confirm_pending()
            elif due is not None and due.kind == "action":
                self._publish(replace(self._snap, pending=replace(pending, doubt=self._before_decision())))
            elif due is not None and due.kind == "card":
                self._publish(replace(self._snap, pending=replace(pending, doubt=(
                    f"read before the {action} was keyed: Enter plays it to {self._hand_words()}, "
                    "Del drops it if no card was dealt"))))
