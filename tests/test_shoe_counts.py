"""The shoe counts a restart reads: the few entries SQL picks out of a long journal give what every entry gives,
and a journal written before HELLOs said whether they started a count reads as it did."""

from __future__ import annotations

import random

from dealer_assist.events import CountPosition
from dealer_assist.table import journal_scan
from dealer_assist.table.journal import Journal
from dealer_assist.table.shoe_counts import ShoeCounts

SOURCES = ("serial:a", "serial:b")
DEVICES = ("SHOE-A", "SHOE-B", "SHOE-C")


def random_journal(path, rng: random.Random, entries: int) -> None:
    """Entries of every kind a count depends on, and others between, over two sources and three shoes."""
    with Journal.open(path) as journal:
        for n in range(entries):
            source, roll = rng.choice(SOURCES), rng.random()
            if roll < 0.06:
                journal.append("device_hello", {"source": source, "device": rng.choice(DEVICES),
                                                "boot": rng.choice("123"), "firmware": "fw", "protocol": 1,
                                                **({"continues": True} if rng.random() < 0.4 else {})})
            elif roll < 0.08:
                journal.append("shoe_taken", {"source": source, "device": rng.choice(DEVICES), "held": "x", "round": 1})
            elif roll < 0.45:
                journal.append("card_read", {"card": "AS", "source": source, "confidence": 1.0, "round": 1,
                                             "source_seq": rng.choice((n % 65536, None))})
            elif roll < 0.55:
                journal.append("card_unreadable", {"source": source, "source_seq": rng.choice((n % 65536, None)),
                                                   "candidates": [], "why": "", "round": 1})
            elif roll < 0.57:  # a DOUBLE_FEED's as older code wrote it: no frame, the card read before it named
                journal.append("alert", {"code": rng.choice(("device:DOUBLE_FEED", "DEVICE:double_feed")),
                                         "source": source, "text": "two cards" + rng.choice(
                                             ("", ". 6♠ was read just before this report and played as B2"))})
            elif roll < 0.6:  # SHOE RESTARTED?: a count gone back, its HELLO lost (verS N4)
                journal.append("alert", {"code": "hello", "source": source, "text": str(n), "new_count": True,
                                         **({"source_seq": n % 65536} if rng.random() < 0.9 else {})})
            else:
                journal.append("alert", {"code": "x", "source": source, "text": str(n),  # a DOUBLE_FEED's has a SEQ
                                         **({"source_seq": n % 65536} if rng.random() < 0.2 else {})})


def every_count(counts: ShoeCounts) -> dict:
    return {(s, d): counts.count(s, d) for s in SOURCES for d in ("", *DEVICES)} | {
        s: counts.heard(s) for s in SOURCES}


def test_the_entries_sql_picks_give_the_counts_every_entry_gives(tmp_path):
    for seed in range(6):
        path = tmp_path / f"j{seed}.sqlite"
        random_journal(path, random.Random(seed), 600)
        with Journal.open(path) as journal:  # verified as a table opens it: SQL may pick
            assert journal.stored_canonically
            picked = list(journal_scan.source_records(journal))
            everything = ShoeCounts.recorded(journal.entries())
            assert every_count(ShoeCounts.recorded(picked)) == every_count(everything)
            assert len(picked) < len(journal) // 2  # a pick, not the whole journal


def test_a_journal_with_no_continues_field_reads_each_hello_as_a_new_count():
    """What main's code wrote: each HELLO began a count, a card read set its SEQ."""
    class E:
        def __init__(self, kind, **payload):
            self.kind, self.payload = kind, {"source": "s", **payload}

    counts = ShoeCounts.recorded([E("device_hello", device="A", boot="1"), E("card_read", source_seq=5),
                                  E("device_hello", device="A", boot="1"), E("card_unreadable", source_seq=None)])
    assert counts.count("s") == CountPosition("1") and counts.heard("s") == "A"
    counts.note("card_unreadable", {"source": "s", "source_seq": 9})
    assert counts.count("s") == CountPosition("1", 9, None)  # unread: no card read in this count yet


def test_a_count_restarted_with_its_hello_lost_starts_a_count_at_its_frame():
    """verS N4: SHOE RESTARTED? (a count gone back, its HELLO lost) was journaled with no frame, so a restart
    went on in the old count and named the new count's next frames lost, with a second SHOE RESTARTED?."""
    counts = ShoeCounts()
    counts.note("device_hello", {"source": "s", "device": "A", "boot": "1"})
    counts.note("card_read", {"source": "s", "source_seq": 4})
    counts.note("alert", {"source": "s", "code": "hello", "source_seq": 2, "new_count": True})
    assert counts.count("s") == CountPosition("1", 2, None) and counts.heard("s") == "A"
    counts.note("card_read", {"source": "s", "source_seq": 3})
    assert counts.count("s") == CountPosition("1", 3, 3)


def test_a_double_feed_written_without_its_frame_stands_for_the_frame_after_the_card_it_names():
    """verS N0: older code journaled a DOUBLE_FEED's alert with no frame; it names the card read in the frame
    just before it, so its own frame is the next."""
    counts = ShoeCounts()
    counts.note("device_hello", {"source": "s", "device": "A", "boot": "1"})
    counts.note("card_read", {"source": "s", "source_seq": 6})
    counts.note("alert", {"source": "s", "code": "device:DOUBLE_FEED", "text": "s: two cards"})
    assert counts.count("s") == CountPosition("1", 6, 6)  # no card named: its frame cannot be told
    counts.note("alert", {"source": "s", "code": "device:DOUBLE_FEED",
                          "text": "s: two cards. 6♠ was read just before this report and played as B2: ..."})
    assert counts.count("s") == CountPosition("1", 7, 6)
