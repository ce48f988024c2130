"""A card typed while a read is held behind lost frames, its wait's alerts already down: the CARD REFUSED of a card
typed before it goes as live, after a restart and in the replay too.  Found by scripts/session_fuzz.py bac, seed 667
(restart-end: a restart showed CARD REFUSED again).

One deck, burn: 7C burned; frame 2 lost, AS held (FRAMES LOST); ??; Shift+B burns the card not read (FRAMES LOST and
UNREADABLE CARD go, AS stays held); 7C typed: refused, a second 7♣ (CARD 7♣ REFUSED); 3H typed, played before AS: live
takes CARD REFUSED down, no wait being left.  A restart settled the alerts at a card typed before a held read only when
that card ended a wait, so it showed CARD REFUSED again, and the replay, which shows the waits' alerts as a restart
does, with it.

Real bytes over a real pty to the reader (the BurnRig of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig

ONE_DECK_BURNING = TableRules(shoe=ShoeRules(burn=True, decks=1))


def shown(session) -> list[str]:
    return sorted(a.code for a in session.snapshot.alerts if a.level != "info")


def test_a_typed_cards_refusal_goes_at_the_next_card_typed_after_a_restart_and_in_the_replay_too(tmp_path):
    rig = BurnRig(tmp_path, ONE_DECK_BURNING)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("CARD", 1, "7C"), frame("CARD", 3, "AS"), frame("CARD", 4, "??"))
        assert rig.waits("AS") and wait_for(lambda: shown(s) == ["gap", "unreadable"])
        assert s.skip_burn() is None and shown(s) == []
        assert s.enter_card("7C") is not None and shown(s) == ["refused"]
        assert s.enter_card("3H") is None
        assert rig.played() == ["3H"] and s.snapshot.pending.card.code == "AS" and shown(s) == []
        rig.restart()
        assert shown(rig.session) == [] and rig.session.snapshot.pending.card.code == "AS"  # CARD REFUSED came back
        rig.session.close()
        assert shown(replayed(rig.path, TableSession(ONE_DECK_BURNING, odds=False))) == []
    finally:
        rig.close()
