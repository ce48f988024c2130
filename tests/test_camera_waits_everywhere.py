"""Random camera-table sequences end the same live, after a restart and in a replay.

Reads, cards the camera could not read, cards typed, V, Enter, Del and the answers to UNREADABLE CARD TYPED?, in
orders a croupier can make (seeded, so each case is the same every run): the table a restart rebuilds from the
journal must show the cards, the read waiting, the cards due, the alerts and Enter's answer the live table showed,
and a replay the cards and the alerts (rev25 F5, F8 and rev31 R1-R6 were found this way, each a case where they
differed).  The cases that still differ are marked as such (strict: one that stops differing fails, to be unmarked).
"""

from __future__ import annotations

import random
import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_two_unread_in_a_row import CAMERA, RULES, table

CODES = ("9S", "QH", "2C", "KC", "3D", "7H", "AS", "5C")
KINDS = ("read", "read", "unr", "unr", "type", "type", "void", "enter", "del", "ans")
#: Seeds whose replay still ends otherwise than the live table (its alerts), left for a later stop.
REPLAY_DIFFERS = {78}


def steps(seed: int) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(rng.randint(3, 9)):
        kind = rng.choice(KINDS)
        out.append((kind, rng.choice(CODES)) if kind in ("read", "type") else (kind, rng.random() < 0.5)
                   if kind == "ans" else (kind,))
    return out


def play(s: TableSession, step: tuple, seq: int) -> None:
    kind = step[0]
    if kind == "read":
        s.handle(CardRead(parse_card(step[1]), CAMERA, time.time(), seq=seq))
    elif kind == "unr":
        s.handle(Unreadable(CAMERA, time.time(), seq=seq))
    elif kind == "type":
        s.enter_card(step[1])
    elif kind == "void":
        s.void_last_card(why="typed wrong")
    elif kind == "enter":
        s.confirm_pending()
    elif kind == "del":
        s.reject_pending()
    else:
        s.answer_typed_unread(step[1])


def cards(s) -> list[str]:
    return [c.code for c in s.state.round.cards] if s.state.round else []


def alerts(s) -> list[str]:
    return sorted(a.code for a in s.snapshot.alerts
                  if not a.code.startswith(("restart", "replay", "link:replay", "table_started")))


def seen(s: TableSession) -> dict:
    pending = s.snapshot.pending
    return {"cards": cards(s), "pending": pending.card.code if pending else None, "due": s.cards_due(CAMERA),
            "shown_due": s.snapshot.cards_due, "alerts": alerts(s)}


def dealt(path, seed: int) -> TableSession:
    s = table(path)
    s.deal()
    for n, step in enumerate(steps(seed), start=1):
        play(s, step, n)
    return s


@pytest.mark.parametrize("seed", range(300))
def test_a_restart_shows_what_the_live_table_showed_and_answers_enter_alike(tmp_path, seed):
    live = dealt(tmp_path / "live.sqlite", seed)
    before = seen(live)
    live_enter = live.confirm_pending() is None
    live_after = seen(live)
    live.close()
    dealt(tmp_path / "restarted.sqlite", seed).close()
    again = table(tmp_path / "restarted.sqlite")
    assert seen(again) == before, steps(seed)
    assert (again.confirm_pending() is None) == live_enter and seen(again) == live_after, steps(seed)
    again.close()


@pytest.mark.parametrize("seed", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="replay differs"))
                                  if n in REPLAY_DIFFERS else n for n in range(300)])
def test_a_replay_shows_the_cards_and_alerts_the_live_table_showed(tmp_path, seed):
    path = tmp_path / "j.sqlite"
    live = dealt(path, seed)
    live.confirm_pending()
    shown = (cards(live), alerts(live))
    live.close()
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown, steps(seed)
