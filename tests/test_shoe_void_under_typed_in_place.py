"""V of the card typed for a shoe's unread card while a card typed in place of the next read waits for the
decision: the card typed next is the one the void made due again, not a correction of that read (rev40 F3).

Blackjack, eight decks, burn 1: 7♥ to seat 1, 3♣ to the dealer, ?? (seat 1's second card) typed as 4♠, then 5♣
read before seat 1's decision (held) and 5♠ typed in its place.  V takes 4♠ back: the ?? is due again.  Live,
the typed 5♠ kept its before-the-decision words, so 6♦ typed for the ?? was taken as a correction of the 5♣ read:
5♠ was played in the ??'s place and 6♦ lost without a word; after a restart 6♦ and Enter were refused until Del.
Now 6♦ is seat 1's second card, 5♠ waits for the decision as it did, and H plays it: live, after a restart and in
the replay.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from replayed_journals import replayed
from test_shoe_burn_and_next_round_waits import RestartingBlackjackRig, standing

RULES = BlackjackTableRules(seats=2, burn_cards=1, house=HouseRules(decks=8))


def cards(session) -> list[str]:
    return [c.code for c in session.state.round.cards]


@pytest.mark.parametrize("restart", ["", "after V", "after the card typed"])
def test_the_card_typed_after_v_is_the_voided_cards_not_a_correction_of_the_read(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, RULES)
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.cards("7H", "3C")
        assert wait_for(lambda: len(s.state.round.cards) == 2)
        rig.send("CARD", "??")
        assert wait_for(lambda: "unreadable" in standing(rig))
        assert s.enter_card("4S") is None
        rig.cards("5C")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "5C")
        assert s.enter_card("5S") is None  # typed in place of the 5♣ read: it waits for the decision
        assert s.void_last(why="typo") is None  # 4♠ back: the ?? is due again
        if restart == "after V":
            s = rig.restart()
        snap = s.snapshot
        assert cards(s) == ["7H", "3C"] and snap.cards_due == 1, snap.status_reason()
        assert snap.pending.card.code == "5S" and "unreadable" in standing(rig)
        error = s.confirm_pending()  # 5♠ is not the card due: refused, and it still waits as it was
        assert error is not None and cards(s) == ["7H", "3C"]
        assert s.snapshot.pending.card.code == "5S" and s.snapshot.cards_due == 1
        assert s.enter_card("6D") is None
        if restart == "after the card typed":
            s = rig.restart()
        assert cards(s) == ["7H", "3C", "6D"], "6♦ is seat 1's second card"
        assert s.snapshot.pending.card.code == "5S" and s.snapshot.cards_due == 0
        assert "unreadable" not in standing(rig)
        assert s.act("hit") is None  # H plays the card typed in place of the read, as before the void
        assert cards(s) == ["7H", "3C", "6D", "5S"] and s.snapshot.pending is None
        s.close()
        again = replayed(rig.journal, BlackjackSession(RULES))
        assert [c.code for c in again.state.round.cards] == ["7H", "3C", "6D", "5S"]
    finally:
        rig.close()
