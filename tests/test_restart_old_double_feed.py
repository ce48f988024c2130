"""A journal whose shoe's last frame was a DOUBLE_FEED journaled by older code, with no frame number (verS N0):
after the upgrade the restarted reader went on from the card before it, and the first heartbeat naming the
DOUBLE_FEED as its last card (PROTOCOL.md 6) read as "a card was missed": FRAMES LOST, the next card held for
it.  The alert names the card read just before it, so its frame is the next one.  A real pty, a real journal."""

from __future__ import annotations

from dealer_assist.cards import parse_card
from dealer_assist.events import CountPosition
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.state import TableRules
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for
from restarted_tables import restarted

RULES = TableRules(shoe=ShoeRules(burn=False))


def _old_journal(path, source: str, names_the_card: bool) -> None:
    """HELLO A1, cards 1 and 2 read, then a DOUBLE_FEED at frame 3 as older code journaled it."""
    label = parse_card("5D").label
    with Journal.open(path) as journal:
        journal.append("device_hello", {"source": source, "device": "SHOE-A", "boot": "A1", "firmware": "fw",
                                        "protocol": 1})
        for seq, code in ((1, "4H"), (2, "5D")):
            journal.append("card_read", {"card": code, "source": source, "confidence": 1.0, "source_seq": seq,
                                         "game": "baccarat", "round": 0})
        text = f"{source}: two cards" + (f". {label} was read just before this report: if the card not read came "
                                         f"out before it, {label} is in the unread card's place"
                                         if names_the_card else "")
        journal.append("alert", {"code": "device:DOUBLE_FEED", "level": "error", "title": "SHOE REPORTS DOUBLE_FEED",
                                 "text": text, "action": "check the last card", "game": "baccarat", "round": 0,
                                 "source": source})


def _first_heartbeat(path, source: str) -> tuple[CountPosition, int, str]:
    """The count the restart goes on with, and the frames its reader then names lost and FRAMES LOST's text."""
    with restarted(path, source, RULES) as (again, reader, device):
        count = again.source_count(source)
        device.write(format_frame("HB", 4, "3") + format_frame("HB", 5, "3"))
        assert wait_for(lambda: reader.stats["frames"] >= 2)
        gap = {a.code: a for a in again.snapshot.alerts}.get("gap")
        return count, reader.stats["missing"], gap.text if gap is not None else ""


def test_an_old_double_feed_that_names_the_card_before_it_is_no_card_missed(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _old_journal(path, source, names_the_card=True)
    count, missing, gap = _first_heartbeat(path, source)
    assert count == CountPosition("A1", 3, 2)
    assert (missing, gap) == (0, "")


def test_an_old_double_feed_that_names_no_card_still_names_its_frame(tmp_path):
    """Its frame cannot be told (a heartbeat may have come between): the conservative FRAMES LOST stays."""
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    _old_journal(path, source, names_the_card=False)
    count, missing, gap = _first_heartbeat(path, source)
    assert count == CountPosition("A1", 2, 2)
    assert missing == 1 and "a card was missed" in gap
