"""Random camera-table sequences end the same live, after a restart and in a replay.

Reads, cards the camera could not read, cards typed, V, Enter, Del and the answers to UNREADABLE CARD TYPED?, in
orders a croupier can make (seeded, so each case is the same every run), with one camera or two and cards typed
then read by a camera, and with one reader that numbers no frames: the table a restart rebuilds from the journal (at the end, or partway and played on) must
show the cards, the reads waiting, the cards due, the alerts and Enter's answer the live table showed, and a
replay the cards and the alerts (rev25 F5, F8 and rev31 R1-R6 were found this way, each a case where they
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

#: The second camera of the two-camera sequences (each camera's reads wait behind its own missing cards).
OTHER = "camera:/tmp/other.mp4"
SHOE = "serial:shoe"
CODES = ("9S", "QH", "2C", "KC", "3D", "7H", "AS", "5C")
KINDS = ("read", "read", "unr", "unr", "type", "type", "void", "enter", "del", "ans")
#: Two cameras, and a card typed then read by a camera a moment later (the croupier typed ahead of it).
TWO_CAMERA_KINDS = (*KINDS, "typed_read")
#: Cases whose replay still ends otherwise than the live table (its alerts), marked so.  None now: the replay
#: follows the journal's reads (rev33: cards typed before a read held behind a missing card counted, in the replay,
#: for a card unread after that read, two-8 and two-16; one-78, unread, 3D held, AS typed, V, unread, Enter, V, Del:
#: 2C, read while 3D was held, was taken under the second unread card's wait and Enter on it ended it, where the
#: replay kept UNREADABLE CARD up).
REPLAY_DIFFERS: set[tuple[int, int]] = set()
#: The seeds of the sequences of one camera, and of two: the first 80, and two past them that a restart ended
#: otherwise (rev31 R6: a read held behind a card typed, voided, moved under the wait of a card unread after it and
#: Enter was refused; UNREADABLE CARD TYPED? stood live, unanswerable, behind another camera's read).
ONE_CAMERA, TWO_CAMERAS = range(300), (*range(80), 735, 1048)
#: The seeds of one camera's sequences played again by a reader that numbers no frames (``cameras`` 0 in a case: a
#: ``plain`` shoe's lines carry no number; the replay had ordered the cards unread by frame number alone).
UNNUMBERED = range(60)


def steps(case: tuple[int, int]) -> list[tuple]:
    """The steps of a case (cameras, seed): with two cameras, each read and unread card names its camera."""
    cameras, seed = case
    if cameras == 2:
        return two_camera_steps(seed)
    rng = random.Random(seed)
    out = []
    for _ in range(rng.randint(3, 9)):
        kind = rng.choice(KINDS)
        out.append((kind, rng.choice(CODES)) if kind in ("read", "type") else (kind, rng.random() < 0.5)
                   if kind == "ans" else (kind,))
    return out


def two_camera_steps(seed: int) -> list[tuple]:
    rng = random.Random(seed)
    out: list[tuple] = []
    for _ in range(rng.randint(3, 10)):
        kind = rng.choice(TWO_CAMERA_KINDS)
        if kind in ("read", "typed_read"):
            out.append((kind, rng.choice(CODES), rng.choice((CAMERA, OTHER))))
        elif kind == "unr":
            out.append((kind, rng.choice((CAMERA, OTHER))))
        elif kind == "type":
            out.append((kind, rng.choice(CODES)))
        else:
            out.append((kind, rng.random() < 0.5) if kind == "ans" else (kind,))
    return out


def play(s: TableSession, step: tuple, seq: int) -> None:
    kind = step[0]
    if kind == "read":
        s.handle(CardRead(parse_card(step[1]), step[2] if len(step) > 2 else CAMERA, time.time(), seq=seq))
    elif kind == "typed_read":
        s.enter_card(step[1])
        s.handle(CardRead(parse_card(step[1]), step[2], time.time(), seq=seq))
    elif kind == "unr":
        s.handle(Unreadable(step[1] if len(step) > 1 else CAMERA, time.time(), seq=seq))
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


def played(path, script: list[tuple], numbered: bool = True) -> TableSession:
    """A table on the journal ``path``, dealt, then ``script`` played on it (with frame numbers 1, 2, ... or,
    ``numbered`` False, none); a step ``("restart",)`` starts the table again on its journal, whose cameras then
    count frames from 1 again."""
    s = table(path)
    s.deal()
    n = 0
    for step in script:
        if step[0] == "restart":
            s.close()
            s, n = table(path), 0
            continue
        n += 1
        play(s, step, n if numbered else None)
    return s


def cards(s) -> list[str]:
    return [c.code for c in s.state.round.cards] if s.state.round else []


def alerts(s) -> list[str]:
    return sorted(a.code for a in s.snapshot.alerts
                  if not a.code.startswith(("restart", "replay", "link:replay", "table_started")))


def seen(s: TableSession) -> dict:
    pending = s.snapshot.pending
    return {"cards": cards(s), "pending": pending.card.code if pending else None,
            "waiting": [w.card.code for w in s.snapshot.waiting], "due": (s.cards_due(CAMERA), s.cards_due(OTHER)),
            "shown_due": s.snapshot.cards_due, "alerts": alerts(s), "asked": s.typed_unread_asked()}


def dealt(path, case: tuple[int, int]) -> TableSession:
    s = table(path)
    s.deal()
    for n, step in enumerate(steps(case), start=1):
        play(s, step, n if case[0] else None)
    return s


CASES = [*((1, seed) for seed in ONE_CAMERA), *((2, seed) for seed in TWO_CAMERAS),
         *((0, seed) for seed in UNNUMBERED)]


def case_id(case: tuple[int, int]) -> str:
    return f"{('unnumbered', 'one', 'two')[case[0]]}-{case[1]}"


@pytest.mark.parametrize("seed", CASES, ids=case_id)
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
                                  if n in REPLAY_DIFFERS else n for n in CASES], ids=case_id)
def test_a_replay_shows_the_cards_and_alerts_the_live_table_showed(tmp_path, seed):
    path = tmp_path / "j.sqlite"
    live = dealt(path, seed)
    live.confirm_pending()
    shown = (cards(live), alerts(live))
    live.close()
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown, steps(seed)


def test_a_read_held_behind_a_card_typed_then_voided_waits_as_live_after_a_restart(tmp_path):
    """rev31 R6 (fuzz seed 530): KC, AS read, a card unread, 3D read (held behind it), 9S typed for it, 9S read (it
    waits behind 3D), another card unread, then V of 9S: both unread cards are due.  Live, 3D still waits under
    the wait it was held by (Enter plays it in the unread card's place); restarted, it moved under the second
    unread card's wait, as if both lay before it, and Enter was refused: the table held 3D where live held 9S."""
    script = [("read", "KC"), ("read", "AS"), ("unr",), ("read", "3D"), ("type", "9S"), ("read", "9S"), ("unr",),
              ("void",)]
    shown = []
    for name in ("live", "restarted"):
        s = table(tmp_path / f"{name}.sqlite")
        s.deal()
        for n, step in enumerate(script, start=1):
            play(s, step, n)
        if name == "restarted":
            s.close()
            s = table(tmp_path / f"{name}.sqlite")
        before = seen(s)
        shown.append((before, s.confirm_pending(), seen(s)))
        s.close()
    assert shown[0][0]["pending"] == "3D" and shown[0][1] is None and shown[0][2]["cards"] == ["KC", "AS", "3D"]
    assert shown[1] == shown[0]


#: Cases a table is restarted in partway (after step 1 + seed % (steps - 1)), then played on: every tenth seed of one
#: camera, every fifth of two.
MIDWAY = [case for case in CASES if case[1] % (5 * (3 - case[0])) == 0]


@pytest.mark.parametrize("seed", MIDWAY, ids=case_id)
def test_a_table_restarted_partway_ends_as_the_live_table(tmp_path, seed):
    """Restarted a moment after a card was typed ahead of a camera, the camera's ask or read that follows takes it as
    live (rev31 R6: the restart forgot the cards typed ahead, and asked for the card typed again, or played the read
    of it as a second card)."""
    script = steps(seed)
    live = dealt(tmp_path / "live.sqlite", seed)
    shown = (seen(live), live.confirm_pending(), seen(live))
    live.close()
    stop = 1 + seed[1] % (len(script) - 1)
    s = table(tmp_path / "restarted.sqlite")
    s.deal()
    for n, step in enumerate(script, start=1):
        if n == stop + 1:
            s.close()
            s = table(tmp_path / "restarted.sqlite")
        play(s, step, n)
    assert (seen(s), s.confirm_pending(), seen(s)) == shown, (script, stop)
    s.close()


def test_a_replay_keeps_the_wait_a_held_read_dropped_left_for_cards(tmp_path):
    """rev31 R6 (fuzz seed 109): a card unread, QH read and held behind it, Del: the next read waits for cards that
    may be several, so QH typed does not end the wait and UNREADABLE CARD stays up, live and after a restart.  The
    replay, which keeps no waits, took it down at the card typed, as if the table had stopped waiting."""
    path = tmp_path / "j.sqlite"
    live = table(path)
    live.deal()
    for n, step in enumerate([("unr",), ("enter",), ("del",), ("read", "QH"), ("del",), ("enter",), ("type", "QH")],
                             start=1):
        play(live, step, n)
    shown = (cards(live), alerts(live))
    live.close()
    assert shown == (["QH"], ["unreadable"])
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown


#: Sequences the fuzz of rev31 (fuzz31.py and fuzz_rs.py, their own generators) found differing after fixRP, by its
#: mode and seed: whether the reads carry frame numbers, and each step.
FUZZ_FOUND = {
    # A reader numbering no frames: the replay noted no card unread (it keyed them by frame number), so it took
    # UNREADABLE CARD down at the first card typed; live, 2C was read after one unread card and before another, and
    # the card typed after the second counts for neither wait.
    "noseq-15": (False, [("read", "9S"), ("unr",), ("read", "2C"), ("unr",), ("type", "5C"), ("type", "3D")]),
    "noseq-30": (False, [("ans", True), ("unr",), ("read", "AS"), ("unr",), ("enter",), ("read", "KC"),
                         ("read", "2C")]),
    "noseq-235": (False, [("del",), ("read", "KC"), ("read", "9S"), ("unr",), ("read", "9S"), ("unr",),
                          ("type", "AS"), ("type", "5C")]),
    # KC typed, then read (held as the card typed ahead), a card unread, KC typed in the held read's place: with no
    # frame number the replay took that correction for the unread card's, and took its UNREADABLE CARD down.
    "noseq-262": (False, [("del",), ("void",), ("enter",), ("type", "7H"), ("type", "KC"), ("read", "KC"), ("unr",),
                          ("type", "KC")]),
    # 5C read behind a card the other camera could not read, then Enter: the rules refuse 5C (the round is over:
    # held for a no-bet hand), and Enter ended the wait all the same; the replay ended waits only at a card played.
    "two-618": (True, [("unr", OTHER), ("read", "7H", CAMERA), ("read", "9S", CAMERA), ("type", "2C"),
                       ("type", "3D"), ("read", "2C", OTHER), ("unr", OTHER), ("type", "2C"), ("read", "5C", OTHER),
                       ("enter",)]),
    "one-610": (True, [("void",), ("type", "3D"), ("type", "7H"), ("unr",), ("ans", False), ("unr",), ("unr",),
                       ("del",), ("ans", False), ("type", "2C")]),
    # The table started again partway (fuzz_rs.py).  3D read behind a card unread, another unread after it, a
    # restart, Enter: the replay had forgotten the cards unread before the restart (its cameras count from 1 again)
    # and took UNREADABLE CARD down; the second card is still due.
    "rs-303": (True, [("unr",), ("read", "3D"), ("unr",), ("restart",), ("enter",)]),
    # 7H typed, then asked for, 3D read and held under the ask, V of 7H: 3D now waits for that card, and KC typed is
    # it (the replay counted it for none, and kept UNREADABLE CARD up).
    "rs-333": (True, [("type", "7H"), ("unr",), ("read", "3D"), ("void",), ("type", "KC"), ("type", "KC"), ("void",),
                      ("restart",), ("read", "7H")]),
    "rs-345": (True, [("type", "9S"), ("unr",), ("read", "KC"), ("unr",), ("void",), ("type", "9S"), ("type", "2C"),
                      ("read", "7H"), ("restart",), ("type", "2C"), ("type", "5C")]),
    # 5C read under an ask, Del (the next read waits for cards), 5C typed, a card unread: live took 5C for its ask,
    # which could not replace the wait for cards and stood unanswerable (Enter and Del refused); a restart showed
    # none.  Now that card is one more to type.
    "rs-74": (True, [("ans", False), ("restart",), ("read", "7H"), ("type", "2C"), ("unr",), ("read", "5C"), ("del",),
                     ("type", "5C"), ("unr",), ("type", "9S"), ("del",)]),
    # A card typed while one camera's read is held, its own missing card typed already: live, it counts for no wait
    # (another camera's card unread stays due, UNREADABLE CARD up); the replay took it for that other camera's card.
    "two-1289": (True, [("unr", OTHER), ("type", "9S"), ("unr", OTHER), ("unr", CAMERA), ("enter",), ("type", "5C"),
                        ("read", "AS", CAMERA), ("type", "3D"), ("unr", OTHER), ("type", "2C")]),
    "two-1661": (True, [("read", "QH", OTHER), ("ans", False), ("unr", CAMERA), ("unr", CAMERA), ("type", "QH"),
                        ("unr", OTHER), ("read", "7H", OTHER), ("type", "2C"), ("read", "9S", OTHER), ("type", "5C")]),
    # The same two with a serial shoe's reads (fixRP4's fuzz_shoe.py): 2C held behind a card the shoe could not
    # read, another missed after it; live (rev38 R6) 5C typed counts for the card before 2C and 3D for the one after
    # it, ending both waits; the replay counted them for neither and kept UNREADABLE CARD up.
    "shoe-15": (True, [("read", "9S", SHOE), ("unr", SHOE), ("read", "2C", SHOE), ("unr", SHOE), ("type", "5C"),
                       ("type", "3D")]),
    "shoe-235": (True, [("del",), ("read", "KC", SHOE), ("read", "9S", SHOE), ("unr", SHOE), ("read", "9S", SHOE),
                        ("unr", SHOE), ("type", "AS"), ("type", "5C")]),
}


@pytest.mark.parametrize("name", FUZZ_FOUND)
def test_a_sequence_the_fuzz_found_ends_alike_live_restarted_and_replayed(tmp_path, name):
    numbered, script = FUZZ_FOUND[name]
    live = played(tmp_path / "live.sqlite", script, numbered)
    shown = seen(live)
    live.close()
    again = table(tmp_path / "live.sqlite")
    assert seen(again) == shown
    again.close()
    replay = replayed(tmp_path / "live.sqlite", TableSession(RULES, odds=False))
    assert (cards(replay), alerts(replay)) == (shown["cards"], shown["alerts"])


def test_an_ask_after_del_on_an_earlier_one_keeps_that_card_due(tmp_path):
    """Fuzz one-610: 3D and 7H typed ahead of the camera, a card unread, "3D typed for it?" answered No (Del): that
    card is due.  Another card unread (no read between) asked "7H typed for it?", and that ask replaced the wait for
    the first: a third card unread took 7H as right, and one card typed (2C) ended every wait, the first card lost.
    Now the second is a card to type too, behind the first, as any card unread behind one still untyped."""
    s = played(tmp_path / "j.sqlite", [("void",), ("type", "3D"), ("type", "7H"), ("unr",), ("ans", False),
                                       ("unr",)])
    assert not s.typed_unread_asked() and s.cards_due(CAMERA) == 2
    for n, step in enumerate([("unr",), ("del",), ("ans", False), ("type", "2C")], start=7):
        play(s, step, n)
    assert s.cards_due(CAMERA) == 2 and alerts(s) == ["unreadable"]
    s.close()
