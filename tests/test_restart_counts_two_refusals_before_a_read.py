"""Two shoe reads refused at one Enter, both before the read after them, behind lost frames: a restart counts both cards
before that read, as live did.  Found by scripts/session_fuzz.py bac --heartbeats, seed 579 (restart-end: due differs).

One deck, burn: ?? (the shown card), 3C typed for it; 9D burned; ??; frames 5, 6 lost, KS held (FRAMES LOST); KS again
(copy 2), 2S; frame 10 lost, TS; 2S typed (the card due); Enter: KS burned, the second KS and 2S refused (copies 2), TS
held, live "2 cards ... before 10♠ still untyped".  On main a restart said one card before 10♠ and "1 card after it is
missing too": the second refusal, which came before TS, counted as a card after it.

Real bytes over a real pty to the reader (the BurnRig of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig

ONE_DECK_BURNING = TableRules(shoe=ShoeRules(burn=True, decks=1))


def test_a_restart_counts_two_cards_refused_before_the_read_as_live(tmp_path):
    rig = BurnRig(tmp_path, ONE_DECK_BURNING)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("CARD", 1, "??"))
        assert wait_for(lambda: "unreadable" in {a.code for a in s.snapshot.alerts})
        assert s.enter_card("3C") is None
        rig.send(frame("HB", 2, "1"), frame("CARD", 3, "9D"), frame("CARD", 4, "??"), frame("CARD", 7, "KS"),
                 frame("CARD", 8, "KS"), frame("CARD", 9, "2S"), frame("CARD", 11, "TS"))
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["KS", "2S", "TS"])
        assert s.enter_card("2S") is None
        answer = s.confirm_pending()
        if answer and "press Enter again" in answer:
            s.confirm_pending()
        assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "TS"
        live = (s.snapshot.cards_due, s.snapshot.status_reason())
        assert live[0] == 2, live
        rig.restart()
        assert (rig.session.snapshot.cards_due, rig.session.snapshot.status_reason()) == live
    finally:
        rig.close()
