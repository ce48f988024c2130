"""The replay of a journal in which a card was typed for a shoe's held read before its shoe missed a newer card, and
another card typed after that, keeps UNREADABLE CARD up as the live table and a restart do (rev39 R2).

Live, that second card counted for no wait (it was played ahead of the read, rev39 P2), so the newer wait stood; the
replay counted it for the newer wait and took the alert down.  Since P2 the table refuses that K, so such a journal
comes only from older code: written here with that refusal turned off, as the older code wrote it.  The other order
(the read's own card typed after the newer card was missed), where live counts it for the newer wait, still does.
"""

from __future__ import annotations

import time
from decimal import Decimal as D

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session_core import SessionCore
from replayed_journals import replayed

RULES = BlackjackTableRules(seats=2, burn_cards=0)
SHOE = "serial:shoe"


def standing(session) -> list:
    return sorted(a.code for a in session.snapshot.alerts if a.level != "info" and a.code != "replay")


@pytest.mark.parametrize("own_typed_late, alerts", [(False, ["unreadable"]), (True, [])])
def test_replay_counts_a_card_typed_after_the_held_reads_own_as_live(tmp_path, monkeypatch, own_typed_late, alerts):
    monkeypatch.setattr(SessionCore, "_held_read_first", lambda self, pending, card: None, raising=False)
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(RULES, Journal.open(path))
    assert s.place(1, D("10")) is None and s.deal() is None
    s.handle(Unreadable(SHOE, time.time(), seq=1))
    s.handle(CardRead(parse_card("KC"), SHOE, time.time(), seq=2))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "KC"
    if not own_typed_late:
        assert s.enter_card("QH") is None
    s.handle(Unreadable(SHOE, time.time(), seq=3))
    if own_typed_late:
        assert s.enter_card("QH") is None
    assert s.enter_card("6D") is None
    assert s.confirm_pending() is None
    live = standing(s)
    assert live == alerts
    s.close()
    restarted = BlackjackSession(RULES, Journal.open(path))
    assert standing(restarted) == live
    restarted.close()
    replay = replayed(path, BlackjackSession(RULES))
    assert [c.code for c in replay.state.round.cards] == ["QH", "6D", "KC"]
    assert standing(replay) == live, replay.snapshot.alerts
