"""A session closed while its hand waits for a card at a real table ends quietly: :class:`FeedClosed`, not a void.

The trainer window's deal thread passes over FeedClosed (the window may be gone) but shows any other
FeedError; the session turned the closing into a void hand ("... is closed; clear the table ...") for the
drills that ask during the hand, and the thread then signalled a window already deleted.
"""

from __future__ import annotations

import pytest

from dealer_assist.training.feed import FeedClosed
from test_training_real_table import Table


@pytest.mark.parametrize("drill", ["third-card", "calling", "blackjack-dealer"])
def test_closing_the_session_while_a_hand_waits_for_its_cards_is_not_a_void_hand(drill):
    t = Table(drill)
    try:
        answer = t.ask()
        t.deal(1)   # the hand has begun: it waits for its next card
        t.session.close()
        ended = answer.get(timeout=10)
        assert isinstance(ended, FeedClosed), ended
        assert not t.session.needs_ready
    finally:
        t.sim.close()
