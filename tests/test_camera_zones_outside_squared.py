"""A zoned camera's baccarat card that came to rest outside every box, played in the place due (Enter), then
squared into its hand's box (qaAJ F1, as at blackjack): read again there as another card of its code, an
eight-deck shoe's Player took it a second time.  It is the card played: the read is dropped, nothing waits."""

from __future__ import annotations

import json

import pytest

from camera_runs import run_to_end
from dealer_assist.events import OUTSIDE_BOXES, PUT_BACK, CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.factory import open_source
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from layout_frames import laid_out

#: The Player's box on the left, the Banker's on the right; the top right corner, by the shoe, is in neither.
ZONES = {"zones": {"player": [0.0, 0.45, 0.5, 1.0], "banker": [0.55, 0.45, 1.0, 1.0]}}


def codes(cards) -> list[str]:
    return [c.code for c in cards]


@pytest.mark.parametrize("enter_first", [True, False])
def test_a_baccarat_card_played_from_outside_every_box_and_squared_into_its_box_is_played_once(tmp_path,
                                                                                              enter_first):
    frames = laid_out(tmp_path / "frames", (("9S", 300, 500), ("4H", 900, 500), ("2C", 1150, 120),
                                            ("2C", 330, 545), ("KD", 930, 545)))
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("9S", "player", ""), ("4H", "banker", ""), ("2C", None, OUTSIDE_BOXES), ("2C", "player", PUT_BACK),
        ("KD", "banker", "")]
    p1, b1, astray, squared, b2 = reads
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert session.deal() is None
    for event in (p1, b1, astray):
        session.handle(event)
    assert session.snapshot.pending == astray
    if enter_first:
        assert session.confirm_pending() is None
        session.handle(squared)
    else:
        session.handle(squared)
        assert session.confirm_pending() is None
    assert session.snapshot.pending is None and not session.snapshot.waiting
    assert "2♣, played from outside every box, squared into the Player box: the same card" in session.snapshot.message
    session.handle(b2)
    assert session.snapshot.pending is None
    rnd = session.state.round
    assert (codes(rnd.player_cards), codes(rnd.banker_cards)) == (["9S", "2C"], ["4H", "KD"])
    session.close()
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert again.snapshot.pending is None and not again.snapshot.waiting  # nothing comes back to wait
    assert (codes(again.state.round.player_cards), codes(again.state.round.banker_cards)) == (["9S", "2C"],
                                                                                              ["4H", "KD"])
    again.close()
