"""The cut card at a blackjack table and what a shoe's signals mean there."""

from __future__ import annotations

from typing import Optional

from dealer_assist.events import ShoeSignal
from dealer_assist.table.blackjack_state import BlackjackPhase, cut_takeback_refusal
from dealer_assist.table.holds import AFTER_NEW_DECK, NEW_DECK_IN_ROUND, NEW_DECK_REFUSED


class BlackjackCut:
    """The cut card and the shoe's signals of :class:`~dealer_assist.table.blackjack_session.BlackjackSession`: a
    mixin of its own, as neither is a card read or typed."""

    def _cut_out_now(self) -> bool:
        return self._snap.state.cut_out

    def _cut_alert(self, who: str) -> None:
        playing = self._snap.state.phase == BlackjackPhase.PLAYING
        self.alert("cut", "info", "CUT CARD OUT", f"{who}: this deck ends with "
                   + ("this round" if playing else "no other round"),
                   ("finish this round, then" if playing else "no round is dealt from it:")
                   + " check the deck (C) and put a new one in (Ctrl+N)")

    def cut_card(self) -> Optional[str]:
        """The croupier saw the cut card come out (typed cards, a camera, a reader that does not report it):
        the deck ends with this round, as when a shoe reports it (qaM: only a shoe's signal could end one)."""
        state = self._snap.state
        if state.cut_out:
            return self._refuse(cut_takeback_refusal(state) or "the cut card is already out (recorded with O): press O "
                                "twice to take it back, if it was recorded by mistake")
        if state.phase == BlackjackPhase.DECK_CHECK:
            return self._refuse("the deck is being checked: the cut card ends a deck in play; Ctrl+N puts a new "
                                "one in")
        error = self._do({"op": "cut", "by": "croupier"}, message="cut card out")
        if error is None:
            self._cut_alert("the croupier saw the cut card come out (O)")
        return error

    def cut_takeback_refusal(self) -> Optional[str]:
        """Why O cannot take the cut card back now (``None``: it can), asked before the display's second press."""
        return cut_takeback_refusal(self._snap.state)

    def take_back_cut(self) -> Optional[str]:
        """The cut card recorded with O by mistake: the deck plays on, journaled (op ``uncut``) (qaZ F9)."""
        error = self._do({"op": "uncut"}, message="cut card taken back: the deck plays on (O records it when it "
                                                  "really comes out)")
        if error is None:
            self.dismiss("cut")
        return error

    def _shoe_signal(self, event: ShoeSignal) -> None:
        if event.state == "cut":
            if self._snap.state.cut_out and self._snap.state.cut_by_hand is None:
                self._cut_again(event)
                return
            # One O recorded becomes the shoe's: it stays.
            self._do({"op": "cut", "by": "shoe", "source": event.source, "source_seq": event.seq},
                     message="cut card out")
            self._cut_alert(f"the {event.source} reached the cut card")
        elif event.state == "empty" and self._snap.state.phase != BlackjackPhase.PLAYING:
            self._shoe_empty_between_rounds(event)
        elif event.state == "empty":
            # Typed cards cannot finish the round: every card of the deck is dealt, so each is refused as dealt.
            self.alert("empty", "warning", "DECK EMPTY", f"the {event.source} has no card left",
                       "void the round (Backspace, card by card), then check the deck (C); or deal on from the "
                       "shuffled discards, each card accepted by a supervisor (PIN) as dealt again",
                       source=event.source, source_seq=event.seq)
        elif event.state == "new":
            s = self._snap.state
            if not s.ledger.dealt and not s.ledger.returned:
                return  # the deck the table already counts as new
            if s.phase == BlackjackPhase.PLAYING:
                # As baccarat's new shoe in a round (PROTOCOL.md 7.6): the next card read is most likely the
                # new deck's, and played into this round it would be counted against the old deck.
                self._hold_next(event.source, AFTER_NEW_DECK)
                self.alert(NEW_DECK_IN_ROUND, "warning", "NEW DECK DURING A ROUND",
                           f"the {event.source} reports a new deck while a round is played: the deck cannot change "
                           "in a round, and its next card read waits for you",
                           "put the old deck back in the shoe, or finish the round by hand (K); then check the old "
                           "deck (C) and put the new one in (Ctrl+N)", source=event.source)
                return
            error = self.new_deck()
            if error is not None and s.phase == BlackjackPhase.BETTING:
                self._hold_after_refused_deck(event.source, error)
            elif error is not None:  # the round over: a card now is refused as after it, the next round holds (N)
                self._refused_deck_by = event.source
                # Its source journaled: a restart before N holds that reader's next read at N too (fixQA).
                self.alert("newdeck", "warning", "NEW DECK NOT ACCEPTED", error,
                           "put the old deck back in the shoe until it is reconciled (C)", source=event.source)

    def _hold_after_refused_deck(self, source: str, error: str) -> None:
        """The shoe's new deck refused (the old one not checked) while bets are taken: its next read would be dealt
        into the old deck's round, though it is most likely the new deck's.  As in a round (PROTOCOL.md 7.6), it
        waits (qaAQ F4: 5H was played at once as seat 1's card of the old deck)."""
        self._hold_next(source, AFTER_NEW_DECK)
        self.alert(NEW_DECK_REFUSED, "warning", "NEW DECK NOT ACCEPTED",
                   f"{error}; the {source}'s next card read is most likely the new deck's: it waits for you",
                   "put the old deck back in the shoe until it is reconciled (C); the next card read waits: Enter "
                   "plays it if it is the old deck's, Del sets it aside", source=source)

    def _shoe_empty_between_rounds(self, event: ShoeSignal) -> None:
        """The shoe ran empty with no round open: nothing to void (qaR F3: the old deck's EMPTY, come after the
        deck check and Ctrl+N, told the croupier to void the round over a fresh deck of 52 cards)."""
        s, source = self._snap.state, event.source
        if not s.ledger.dealt and not s.ledger.returned:  # a deck put in (Ctrl+N) and not dealt from yet
            text = (f"the {source} reports it has no card left, and deck {s.deck_no} is new at the table "
                    "(no card dealt from it): the old deck is out of the shoe")
            action = f"load deck {s.deck_no} into the shoe; nothing is to be voided"
        elif s.phase == BlackjackPhase.DECK_CHECK:
            text = f"the {source} has no card left: deck {s.deck_no} is being checked, no round is open"
            action = "count the cards back (the stub, T, if any), then Ctrl+N and load the new deck into the shoe"
        else:
            text = f"the {source} has no card left; no round is open"
            action = "check the deck (C), then put a new deck in (Ctrl+N) and load it into the shoe"
        self.alert("empty", "info", "SHOE EMPTY", text, action, source=source, source_seq=event.seq)
