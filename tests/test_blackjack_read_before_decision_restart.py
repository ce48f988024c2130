"""A card the shoe read before the decision was keyed waits for H or D after a restart as it did before it (qaAF F1).

Seat 1 (9 2, 11) signals a hit and the shoe reads 5♦ before H is keyed; the display is killed.  Restarted, the
read came back as "read just before the table stopped": HIT, STAND and DOUBLE greyed, Enter refused ("the
decision comes first") and H taken without a word; only a second Enter played 5♦."""

from __future__ import annotations

import time
from decimal import Decimal

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BEFORE_A_DECISION, BlackjackSession
from dealer_assist.table.journal import Journal

SHOE = "serial:/dev/card-shoe"


def test_a_read_before_the_decision_waits_for_h_after_a_restart(tmp_path):
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    for seq, code in enumerate(("9S", "TH", "2C"), start=1):  # seat 1 9 2 against the dealer's 10
        s.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    s.handle(CardRead(parse_card("5D"), SHOE, time.time(), seq=4))  # drawn before H was keyed
    assert s.snapshot.pending.doubt.startswith(BEFORE_A_DECISION)
    s.close()  # killed

    again = BlackjackSession(journal=Journal.open(path))
    assert again.snapshot.pending is not None and again.snapshot.pending.card.code == "5D"
    assert again.snapshot.pending.doubt.startswith(BEFORE_A_DECISION)
    assert again.hit() is None
    assert again.snapshot.pending is None
    assert [c.code for c in again.state.round.seat_hands(1)[0].cards] == ["9S", "2C", "5D"]
    again.close()


def test_a_read_held_after_lost_frames_leaves_the_decision_keys_lit(tmp_path):
    """qaAF F1 (its second path): a read held behind lost frames while seat 1's decision was due greyed HIT, STAND
    and DOUBLE (``allowed`` empty), though the banner asked for the decision first: at a touch screen no hit."""
    from dealer_assist.events import SeqGap

    s = BlackjackSession(journal=Journal.open(tmp_path / "bj.sqlite"))
    assert s.place(1, Decimal("10")) is None and s.deal() is None
    for seq, code in enumerate(("9S", "TH", "2C"), start=1):
        s.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    s.handle(SeqGap(SHOE, time.time(), (4,)))
    s.handle(CardRead(parse_card("5D"), SHOE, time.time(), seq=5))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "5D"
    assert {"hit", "stand", "double"} <= set(s.snapshot.allowed)
    assert s.hit() is None  # the decision first, as the banner says; then Enter plays the held read there
    s.close()
