"""A camera card held for the croupier and played by his Enter says so in the journal and export (qaU F8).

6♠ waited ("the camera saw cards it cannot place ... Enter plays this one") and Enter played it 2.4 s later:
its ``card_read`` had no doubt, its ``card_assigned`` looked like any sure read (the only trace, its confidence
0.917 written as 1.0), and the export's ``cards`` said ``{"card": "6S", "source": "camera:...", "seq": 21}``.
Now the ``card_assigned`` of a read that waited says why (``held_for``), the read's own confidence, and the
croupier's answer (``confirmed``, or ``corrects`` for a card typed over it); the export carries them.
"""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.export import rounds_from_entries
from dealer_assist.table.holds import AFTER_AN_UNREADABLE
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

CAMERA = "camera:/tmp/table.mp4"


def read(session: TableSession, code: str, seq: int, confidence: float = 0.95, candidates=()) -> None:
    session.handle(CardRead(parse_card(code), CAMERA, time.time(), confidence=confidence, seq=seq,
                            candidates=tuple(parse_card(c) for c in candidates)))


def dealt(path) -> None:
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    s.deal()
    read(s, "2S", 1)  # P1, sure
    s.handle(Unreadable(CAMERA, time.time(), seq=2))  # B1 unread
    read(s, "3D", 3)  # held behind it
    assert s.enter_card("8C") is None  # B1 typed
    assert s.confirm_pending() is None  # Enter: 3D as P2
    read(s, "2C", 4, confidence=0.3, candidates=("2C", "2D"))  # unsure: Enter plays it as B2
    assert s.confirm_pending() is None
    read(s, "6S", 5, confidence=0.3, candidates=("6S", "6C"))  # unsure, corrected: 6C typed
    assert s.enter_card("6C") is None
    s.close()


def assigned(path) -> dict:
    with Journal.open(path, readonly=True) as journal:
        return {e.payload["card"]: e.payload for e in journal.entries() if e.kind == "card_assigned"}


def test_the_journal_says_which_cards_waited_why_and_how_they_were_answered(tmp_path):
    path = tmp_path / "j.sqlite"
    dealt(path)
    cards = assigned(path)
    assert not any(k in cards["2S"] for k in ("held_for", "confirmed", "corrects"))  # a sure read
    assert cards["3D"]["confirmed"] is True and cards["3D"]["held_for"] == AFTER_AN_UNREADABLE
    assert cards["3D"]["read_confidence"] == 0.95
    assert cards["2C"]["confirmed"] is True and cards["2C"]["held_for"] == "unsure read (may be 2C or 2D)"
    assert cards["2C"]["read_confidence"] == 0.3
    assert cards["6C"]["corrects"] == "6S" and "confirmed" not in cards["6C"] and cards["6C"]["source"] == "keyboard"


def test_the_export_cards_carry_it(tmp_path):
    path = tmp_path / "j.sqlite"
    dealt(path)
    with Journal.open(path, readonly=True) as journal:
        rounds = rounds_from_entries(journal.entries())
    cards = {c["card"]: c for c in rounds[0]["cards"]}
    assert cards["3D"]["confirmed"] is True and cards["3D"]["held_for"] == AFTER_AN_UNREADABLE
    assert cards["2C"]["held_for"].startswith("unsure read") and cards["6C"]["corrects"] == "6S"
    assert "confirmed" not in cards["2S"] and "held_for" not in cards["8C"]
