"""Ctrl+N after the shoe's own SHOE NEW, the new shoe's burn begun, starts no other shoe (qaAP F5).

The shoe said NEW (shoe 2 started: NEW SHOE FROM THE SHOE, "burn as the rules say") and read the burn's shown card
2♦.  The croupier pressed Ctrl+N twice out of habit: shoe 3 began, 2♦ was forgotten, the next two burned cards were
taken as the shown card and a burn ("6 more face down"), and "cards left" was one too many; the round's first six
cards would have been burned.  Ctrl+N is now refused while the burn has begun with cards read (V takes them back),
saying a new shoe has already started and which cards it would drop.  Real bytes over a real pty.
"""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from polling import wait_for
from test_serial_restarts import frame, hello


@pytest.fixture
def table(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = TableSession(TableRules(shoe=ShoeRules(burn=True, decks=8)), odds=False)
    reader = SerialShoe(str(tmp_path / "shoe"), name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    assert wait_for(lambda: reader.link == "up" and device.host_connected())
    yield device, session
    reader.stop()
    device.close()
    session.close()


def test_ctrl_n_after_the_shoes_new_with_the_burn_begun_is_refused_and_drops_nothing(table):
    device, s = table
    # Shoe 1: 2♥ shown, two burned; then the shoe reports a new shoe loaded, and reads its burn's shown card.
    device.write(hello("B1") + frame("CARD", 1, "2H") + frame("CARD", 2, "3C") + frame("CARD", 3, "4C")
                 + frame("SHOE", 4, "NEW") + frame("CARD", 5, "2D"))
    assert wait_for(lambda: s.state.shoe_no == 2 and len(s.state.shoe.burned) == 1)
    refused = s.new_shoe()  # the second press of Ctrl+N (the display asks on the first)
    assert refused is not None and "shoe 2 has already started" in refused and "2♦" in refused
    assert "(V)" in refused
    assert s.state.shoe_no == 2 and [c.code for c in s.state.shoe.burned] == ["2D"]
    device.write(frame("CARD", 6, "7D") + frame("CARD", 7, "8D"))  # the two burned face down
    assert wait_for(lambda: s.state.phase == TablePhase.BETTING)
    assert s.state.shoe.cards_left == 416 - 3 and s.state.shoe.burn_left == 0


def test_ctrl_n_with_the_burn_taken_back_or_a_round_dealt_starts_a_new_shoe(table):
    device, s = table
    device.write(hello("B1") + frame("CARD", 1, "2H"))
    assert wait_for(lambda: len(s.state.shoe.burned) == 1)
    assert s.void_last_card() is None  # the burn card taken back: nothing read would be dropped
    assert s.new_shoe() is None and s.state.shoe_no == 2
