"""A frame the shoe sends again after the display restarted is a repeat, as it is without the restart (qaAC F16).

PROTOCOL.md 5 lets a device send a frame again with the same SEQ and bytes, and 7.3 has the host ignore it. After a
restart on its journal the reader knew only the SEQ of the count's last card, so ``$CARD,3,KD`` sent again read as a
count gone back: SHOE RESTARTED?, FRAMES LOST 1-2, and K♦, already on the layout, waited to be played a second time.
Over a real pty, the reader wired as ``run`` wires it (``resume_from`` the journal's count).
"""

from __future__ import annotations

from dealer_assist.events import CardRead, CountRestarted, SeqGap, ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

SOURCE = "serial:/dev/card-shoe"
RULES = TableRules(shoe=ShoeRules(burn=False))


class Table:
    """A table on its journal and a reader on the pty, started as the display starts them."""

    def __init__(self, journal, device: PtyEndpoint) -> None:
        self.session = TableSession(RULES, Journal.open(journal), odds=False)
        self.events: list = []
        self.reader = SerialShoe(device.url, name=SOURCE, backoff_first=0.05, backoff_max=0.2)
        shoe, heard = self.session.source_device(SOURCE), self.session.source_heard(SOURCE)
        own = self.session.source_count(SOURCE, shoe) if shoe and heard and heard != shoe else None
        self.reader.resume_from(shoe, self.session.source_count(SOURCE), heard=heard, own=own)
        self.reader.start(self._sink)
        assert wait_for(lambda: self.reader.link == "up" and device.host_connected())

    def _sink(self, event) -> None:
        self.events.append(event)
        self.session.handle(event)

    def played(self) -> list[str]:
        return [c.code for c in self.session.state.round.cards]

    def close(self) -> None:
        self.reader.stop()
        self.session.close()


def _run(tmp_path, again: bytes) -> Table:
    device = PtyEndpoint(str(tmp_path / "shoe"))
    journal = tmp_path / "table.sqlite"
    first = Table(journal, device)
    device.write(format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1") + format_frame("SHOE", 1, "NEW"))
    assert wait_for(lambda: any(isinstance(e, ShoeSignal) for e in first.events))
    first.session.deal()
    device.write(format_frame("CARD", 2, "9S") + format_frame("CARD", 3, "KD"))
    assert wait_for(lambda: first.played() == ["9S", "KD"])
    first.close()
    second = Table(journal, device)
    device.write(again + format_frame("HB", 4, "3") + format_frame("CARD", 5, "TH"))
    assert wait_for(lambda: any(isinstance(e, CardRead) and e.seq == 5 for e in second.events))
    return second


def test_the_last_card_sent_again_after_a_restart_is_a_repeat(tmp_path):
    table = _run(tmp_path, format_frame("CARD", 3, "KD"))
    try:
        assert wait_for(lambda: table.played() == ["9S", "KD", "TH"])
        assert not [e for e in table.events if isinstance(e, (CountRestarted, SeqGap))]
        assert table.session.snapshot.pending is None and table.reader.stats["duplicates"] == 1
    finally:
        table.close()


def test_another_card_under_the_last_cards_seq_after_a_restart_is_still_a_count_gone_back(tmp_path):
    table = _run(tmp_path, format_frame("CARD", 3, "QH"))
    try:
        assert wait_for(lambda: [e for e in table.events if isinstance(e, CountRestarted)])
        assert table.played() == ["9S", "KD"]  # Q♥ waits for the croupier: a stray old frame, or a new count
    finally:
        table.close()
