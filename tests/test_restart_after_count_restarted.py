"""A display restarted after its shoe's count started again with its HELLO lost (SHOE RESTARTED?, verS N4): the
journal kept no frame of the new count, so the restarted reader went on in the old count and took the new
count's next frames for lost ones: FRAMES LOST and a second SHOE RESTARTED?, the next card held, where the same
frames with no restart played it.  SHOE RESTARTED?'s alert is journaled with the frame that began the new count
(``new_count``), and a restart goes on there.  A real pty and a real journal."""

from __future__ import annotations

from dealer_assist.events import CountPosition
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted

RULES = TableRules(shoe=ShoeRules(burn=False))


def _run_one(path, source: str) -> None:
    """HELLO A1, cards 1-4 played, then heartbeats 1 and 2 of a new count: the shoe restarted, its HELLO lost."""
    first = TableSession(RULES, journal=Journal.open(path), odds=False)
    reader = SerialShoe(source, name=source)
    reader.set_sink(first.handle)
    reader.feed(format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")
                + b"".join(format_frame("CARD", i, c) for i, c in enumerate(["4H", "5D", "6C", "7S"], 1)))
    reader.feed(format_frame("HB", 1, "-") + format_frame("HB", 2, "-"))
    assert {a.code: a for a in first.snapshot.alerts}["hello"].title == "SHOE RESTARTED?"
    assert first.source_count(source) == CountPosition("A1", 1, None)
    first.close()


def test_a_restart_after_a_count_restarted_goes_on_in_the_new_count(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _run_one(path, source)
    with restarted(path, source, RULES) as (again, reader, device):
        assert again.source_count(source) == CountPosition("A1", 1, None)
        device.write(format_frame("HB", 3, "-") + format_frame("CARD", 4, "9S"))
        assert wait_for(lambda: "9S" in [c.code for c in again.state.round.cards]
                        or again.snapshot.pending is not None)
        assert [c.code for c in again.state.round.cards][-1] == "9S" and again.snapshot.pending is None
        assert "gap" not in {a.code for a in again.snapshot.alerts}
    entries = list(Journal.open(path).entries())
    assert len([e for e in entries if e.kind == "alert" and e.payload.get("new_count")]) == 1


def test_a_journal_whose_restart_alert_names_no_frame_still_restarts(tmp_path):
    """Journals written before: SHOE RESTARTED? without ``new_count`` leaves the old count, as it did."""
    path = tmp_path / "j.sqlite"
    with Journal.open(path) as journal:
        journal.append("device_hello", {"source": "s", "device": "SHOE-A", "boot": "A1", "firmware": "fw",
                                        "protocol": 1})
        journal.append("card_read", {"card": "4H", "source": "s", "confidence": 1.0, "source_seq": 4, "round": 1})
        journal.append("alert", {"code": "hello", "level": "warning", "title": "SHOE RESTARTED?", "text": "",
                                 "action": ""})
    session = TableSession(RULES, journal=Journal.open(path), odds=False)
    try:
        assert session.source_count("s") == CountPosition("A1", 4, 4)
    finally:
        session.close()
