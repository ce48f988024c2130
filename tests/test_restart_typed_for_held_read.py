"""A card typed for the unreadable card a held read waits behind is named again after a display restart: the
banner says "8♣ typed: Enter plays 7♣" as it did live, and does not ask for the card again ("type that card
first (K)", a card twice if obeyed), as it did once restarted."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import UNREADABLE_CODE, format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted



def test_the_card_typed_for_a_held_read_is_named_after_a_restart(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    rules = TableRules(shoe=ShoeRules(burn=False))
    first = TableSession(rules, journal=Journal.open(path), odds=False)
    reader = SerialShoe(source, name=source)
    reader.set_sink(first.handle)
    reader.feed(format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1") + format_frame("CARD", 1, "4H")
                + format_frame("CARD", 2, UNREADABLE_CODE) + format_frame("CARD", 3, "7C"))
    assert first.snapshot.pending is not None and "UNREADABLE CARD" in first.snapshot.pending.doubt
    assert first.enter_card("8C") is None  # the card not read, typed: 7♣ waits for Enter
    live = first.snapshot.reason
    assert live == f"{first.snapshot.pending.source} read 7♣, held: 8♣ typed: Enter plays 7♣"
    first.close()  # the display stops

    with restarted(path, source, rules) as (again, _, _):
        assert again.snapshot.pending is not None and again.snapshot.pending.card.code == "7C"
        assert again.snapshot.reason == live
        assert "type that card first" not in again.snapshot.reason
        assert again.confirm_pending() is None
        assert wait_for(lambda: [c.code for c in again.state.round.cards] == ["4H", "8C", "7C"])
