"""A blackjack table's CARD REFUSED is shown after a restart and in a replay exactly when the live table showed it.

A camera's reads, cards it could not read, cards typed (K), V, Enter, Del, H, S and the answers to UNREADABLE CARD
TYPED? at a one-deck table with seats 1 and 2 bet: the sequences a fuzz of live, restarted and replayed tables
(fixRP2's fuzzbj.py, seeds 0-999) found ending otherwise on the ``refused`` alert.  Three ways it differed:

* a card typed for the read held behind a missing card, refused (this round holds that card already): live took its
  CARD REFUSED down at once with the waits' alerts, though it had settled nothing; a restart and a replay showed it
  (bj-188, bj-243).  It stays now, as a refusal of a card typed with no read held does;
* a typed card refused, then a camera's sure read played as it came: live keeps CARD REFUSED (only an answer to a
  read held settles the waits' alerts); the replay took it down at the read (bj-167, bj-237, bj-247);
* a typed card refused, then a card typed in place of a read held (its correction, answered as Enter answers it):
  live took CARD REFUSED down with the waits' alerts; the replay kept it (bj-80).

A typed card refused, then a card typed with no wait standing, then V of it: live, the card typed took CARD REFUSED
down, ending no wait, and V brings nothing back; the replay took it as the card that ended a wait, and V showed CARD
REFUSED again (bj-439; bj-461, where the read before the card typed had hidden it).

bj-156 is the replay's ask: a read held under UNREADABLE CARD TYPED?, Enter, refused: its wait replaces the ask's, and
the next card typed ends it (the replay kept the ask, and both alerts, up).  bj-156, bj-461 and bj-643 ended alike
before too (a sure read took every alert down in the replay; bj-643: a card typed in a held read's place while a
wait stands settles nothing): they keep the replay's new rules from losing them.

bj-957: a camera's card refused is a card due.  A card unread, typed (it ends the wait), a read refused (a wait for
one card), V of the card typed (its wait is back: two cards due), a read held, one card typed: one is still due and
live keeps CARD REFUSED and UNREADABLE CARD up.  The replay had counted no card for the refusal, so it counted one
due after V, and the card typed took both alerts down.
"""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from replayed_journals import replayed

CAMERA = "camera:/tmp/bj.mp4"

#: The sequences the fuzz found, by its seed.
FOUND = {
    "bj-80": [("type", "6D"), ("hit",), ("type", "7H"), ("type", "6D"), ("type", "7H"), ("read", "6D"), ("stand",),
              ("type", "KC")],
    "bj-156": [("type", "KC"), ("stand",), ("type", "2C"), ("unr",), ("read", "2C"), ("hit",), ("enter",), ("void",),
               ("type", "7H"), ("read", "QH"), ("read", "2C")],
    "bj-167": [("read", "7H"), ("type", "7H"), ("stand",), ("hit",), ("hit",), ("read", "6D"), ("read", "AS")],
    "bj-188": [("unr",), ("read", "KC"), ("read", "3D"), ("type", "3D"), ("type", "3D"), ("unr",), ("read", "QH")],
    "bj-237": [("read", "KC"), ("stand",), ("type", "9S"), ("hit",), ("read", "6D"), ("hit",), ("ans", False),
               ("type", "6D"), ("hit",), ("read", "5C"), ("del",)],
    "bj-243": [("type", "AS"), ("read", "5C"), ("del",), ("unr",), ("read", "3D"), ("read", "9S"), ("read", "7H"),
               ("stand",), ("type", "4H"), ("ans", False), ("type", "4H"), ("ans", True)],
    "bj-247": [("type", "9S"), ("type", "5C"), ("stand",), ("read", "4H"), ("type", "2C"), ("type", "9S"),
               ("read", "KC"), ("unr",), ("ans", True), ("stand",), ("hit",)],
    "bj-643": [("type", "6D"), ("type", "6D"), ("unr",), ("read", "3D"), ("unr",), ("type", "9S"), ("type", "KC"),
               ("del",), ("type", "5C"), ("read", "5C"), ("read", "AS"), ("type", "2C")],
    "bj-439": [("type", "3D"), ("type", "3D"), ("enter",), ("type", "3D"), ("del",), ("type", "5C"), ("hit",),
               ("ans", True), ("void",), ("hit",)],
    "bj-461": [("stand",), ("read", "4H"), ("del",), ("enter",), ("del",), ("type", "4H"), ("read", "QH"),
               ("type", "3D"), ("void",)],
    "bj-957": [("read", "KC"), ("unr",), ("type", "AS"), ("enter",), ("hit",), ("read", "KC"), ("del",), ("del",),
               ("void",), ("read", "KC"), ("type", "AS")],
}
#: Whether the live table ends with CARD REFUSED up, by case (what the restart and the replay must show too).
REFUSED_UP = {"bj-80": False, "bj-156": False, "bj-167": True, "bj-188": True, "bj-237": True, "bj-243": True,
              "bj-247": True, "bj-439": False, "bj-461": False, "bj-643": True,
              "bj-957": True}


def play(s: BlackjackSession, step: tuple, seq: int) -> None:
    kind = step[0]
    if kind == "read":
        s.handle(CardRead(parse_card(step[1]), CAMERA, time.time(), seq=seq))
    elif kind == "unr":
        s.handle(Unreadable(CAMERA, time.time(), seq=seq))
    elif kind == "type":
        s.enter_card(step[1])
    elif kind == "void":
        s.void_last(why="typo")
    elif kind == "enter":
        s.confirm_pending()
    elif kind == "del":
        s.reject_pending()
    elif kind == "ans":
        s.answer_typed_unread(step[1])
    elif kind == "hit":
        s.hit()
    else:
        s.stand()


def cards(s: BlackjackSession) -> list[str]:
    return [c.code for c in s.state.round.cards] if s.state.round is not None else []


def alerts(s: BlackjackSession) -> list[str]:
    return sorted(a.code for a in s.snapshot.alerts
                  if not a.code.startswith(("restart", "replay", "link:replay", "table_started")))


def seen(s: BlackjackSession) -> dict:
    pending = s.snapshot.pending
    return {"cards": cards(s), "pending": pending.card.code if pending else None, "due": s.cards_due(CAMERA),
            "waiting": [w.card.code for w in s.snapshot.waiting], "alerts": alerts(s),
            "asked": s.typed_unread_asked()}


@pytest.mark.parametrize("name", FOUND)
def test_card_refused_is_up_restarted_and_replayed_as_it_was_live(tmp_path, name):
    path = tmp_path / "j.sqlite"
    live = BlackjackSession(journal=Journal.open(path))
    assert live.place(1, Decimal("10")) is None and live.place(2, Decimal("10")) is None and live.deal() is None
    for n, step in enumerate(FOUND[name], start=1):
        play(live, step, n)
    shown = seen(live)
    live.close()
    assert ("refused" in shown["alerts"]) is REFUSED_UP[name]
    again = BlackjackSession(journal=Journal.open(path))
    assert seen(again) == shown
    again.close()
    replay = replayed(path, BlackjackSession())
    assert (cards(replay), alerts(replay)) == (shown["cards"], shown["alerts"])
