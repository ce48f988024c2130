"""A reader that sends a stored batch at once (QA: 300 cards in one burst): the cards after the round are
held, each with an alert, and each alert named every card held before it, its text (journaled) growing
to 1.3 KB; now a long run of held cards is named by its count and its ends."""

from __future__ import annotations

import itertools

from dealer_assist.cards import full_deck
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for


#: A burst of 120 cards through a pty into a table takes seconds on a loaded machine.
FLOOD_WAIT = 20.0


def test_a_burst_of_cards_held_after_the_round_keeps_each_alert_short(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    device = PtyEndpoint(str(tmp_path / "shoe"))
    reader = SerialShoe(device.link, name="serial:shoe")
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected(), FLOOD_WAIT)
        cards = list(itertools.islice(itertools.cycle(full_deck()), 120))
        device.write(format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1") + b"".join(
            format_frame("CARD", seq, card.code) for seq, card in enumerate(cards, start=1)))
        assert wait_for(lambda: reader.stats["cards"] == 120, FLOOD_WAIT)
        assert wait_for(lambda: len(session.state.held) > 100, FLOOD_WAIT)
    finally:
        reader.stop()
        device.close()
        session.close()
    entries = list(Journal.open(path, readonly=True).entries())
    assert sum(e.kind == "card_read" for e in entries) == 120  # every card read is in the journal
    held = [e.payload["text"] for e in entries if e.kind == "alert" and e.payload["code"] == "held"]
    assert len(held) > 100 and max(map(len, held)) < 300
    assert "held cards" in held[-1]
