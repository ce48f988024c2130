"""Every answer a pit boss reads names the same misdeals, in the same order (fixM2).

A misdeal in a round's first play (baccarat's Shift+V on a dealt round, blackjack's Backspace down to the bets),
then dealt again under its number, was named only by the export: `journal rounds`, its JSON, `--at`, the replay's
line and `replay --at` said nothing of it.  The summary's ``misdeals`` gave round names where the listing's
``misdeals`` gives ``{"at", "dealt_again", ...}`` objects: it now has that shape, with the round named.
The journals are written by real table sessions on a clock the test sets, restarted partway, across the pit's
local midnight (Europe/Paris).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from datetime import datetime, timedelta, timezone
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.commands.display import _start_at_time
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.export import voids_round
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from test_round_times import FIRST, RULES, Clock, paris, rounds_json, utc  # noqa: F401 (fixtures)

BJ_RULES = BlackjackTableRules(seats=1)


def ok(refusal) -> None:
    assert refusal is None, refusal


class Table:
    """A baccarat or blackjack table session on a journal, restarted (closed and opened again) at will."""

    def __init__(self, game: str, path, clock: Clock) -> None:
        self.game, self.path, self.clock = game, path, clock
        codes = [r + s for r in "A23456789TJQK" for s in "SHDC"]
        random.Random(5).shuffle(codes)  # one deck: no code twice in a blackjack round
        self.codes = codes
        self.session = self._open()

    def _open(self):
        journal = Journal.open(self.path, clock=self.clock)
        if self.game == "baccarat":
            return TableSession(RULES, journal=journal, odds=False)
        return BlackjackSession(BJ_RULES, journal)

    def restart(self) -> None:
        self.session.close()
        self.session = self._open()

    def wait(self, minutes: int) -> None:
        self.clock.now += timedelta(minutes=minutes)

    def bet_and_deal(self) -> None:
        s = self.session
        ok(s.place(1, Bet.BANKER, D("10")) if self.game == "baccarat" else s.place(1, D("10")))
        ok(s.deal())

    def cards(self, most: int = 99) -> None:
        s, dealt = self.session, 0
        playing = TablePhase.DEALING if self.game == "baccarat" else BlackjackPhase.PLAYING
        while s.state.phase == playing and dealt < most:
            if s.card_due():
                ok(s.enter_card(self.codes.pop()))
                dealt += 1
            else:
                ok(s.stand())

    def misdeal(self) -> None:
        """Shift+V; at blackjack, Backspace down to the bets (the deal voided last)."""
        s = self.session
        if self.game == "baccarat":
            ok(s.void_round(why="misdeal"))
            return
        while s.state.phase != BlackjackPhase.BETTING:
            ok(s.void_last(why="misdeal"))

    def redeal(self) -> None:
        ok(self.session.deal())
        self.cards()

    def close(self) -> None:
        self.session.close()


def _in_play_then_dealt_again(tmp_path, game: str):
    """Round 1: dealt at 20:00, two cards, a misdeal at 20:01:01, dealt again at 20:02:01 and settled."""
    clock = Clock()
    table = Table(game, tmp_path / f"{game}.sqlite", clock)
    table.bet_and_deal()
    table.cards(2)
    table.wait(1)
    table.misdeal()
    clock.now = FIRST + timedelta(minutes=2)
    table.redeal()
    table.close()
    with Journal.open(table.path, readonly=True) as journal:
        (voided,) = [e.time for e in journal.entries() if e.kind == "correction" and voids_round(e.payload)]
    return table.path, voided


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_misdeal_in_the_first_play_dealt_again_is_named_by_every_answer(tmp_path, utc, capsys, game):
    path, voided = _in_play_then_dealt_again(tmp_path, game)
    steps = f"voided as a misdeal at {voided[:19]}+00:00, dealt again at 2026-12-06T20:02:01+00:00"
    assert main(["journal", "rounds", str(path)]) == 0
    assert re.search(rf"  complete \({re.escape(steps)}\)$", capsys.readouterr().out, flags=re.M)
    one = rounds_json(capsys, path)["rounds"][0]
    assert one["misdeals"] == [{"at": voided, "dealt_again": "2026-12-06T20:02:01.000000Z",
                                "at_local": f"{voided[:19]}+00:00", "dealt_again_local": "2026-12-06T20:02:01+00:00"}]
    assert (one["corrections"], one["voided_at"]) == ([], None)  # no correction after its end: as before
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:01:30Z"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "was being played (complete): began at 2026-12-06T20:00:02+00:00, ended at " in first
    assert f"({steps})" in first
    played = read_journal(path).played(1, 1)
    assert re.fullmatch(rf"played from 2026-12-06 20:00:02, voided as a misdeal at {voided[11:19]}, dealt again at "
                        r"20:02:01, ended at 20:02:\d\d \(UTC\+00:00\)", played), played
    args = argparse.Namespace(journal=str(path), at="2026-12-06T20:01:30Z", shoe=None, round=None)
    _start_at_time(args)
    assert f"({played});" in capsys.readouterr().err


def test_the_summarys_misdeals_have_the_listings_shape_with_their_round(tmp_path, utc, capsys):
    """Both answers call it ``misdeals``: the summary gave ``["shoe 1 round 1"]``, the listing
    ``[{"at", "dealt_again", ...}]``; each summary's misdeal is now the listing's, with its round named
    (``misdeal_rounds`` keeps the names alone)."""
    path, _ = _in_play_then_dealt_again(tmp_path, "baccarat")
    assert main(["journal", "summary", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [sorted(one) if isinstance(one, dict) else one for one in summary["misdeals"]] == [
        ["at", "at_local", "dealt_again", "dealt_again_local", "round"]]
    listed = rounds_json(capsys, path)["rounds"][0]["misdeals"]
    assert summary["misdeals"] == [{"round": "shoe 1 round 1", **one} for one in listed] and len(listed) == 1
    assert summary["misdeal_rounds"] == ["shoe 1 round 1"]


# ----------------------------------------------------------------------------------------- every answer alike

NIGHT = datetime(2026, 12, 6, 22, 40, tzinfo=timezone.utc)  # 23:40 in Paris: round 1 ends after local midnight


def _night(path, game: str):
    """Round 1: two misdeals in its play, each dealt again, settled after local midnight; round 2: a misdeal, the
    table restarted, dealt again; round 3: the table restarted mid-deal, a misdeal, dealt again; round 4: a
    misdeal in its play dealt again, settled, a misdeal after the settlement dealt again; round 5: a misdeal in its
    play dealt again, then one left (baccarat: its bets carried to a new shoe)."""
    clock = Clock(NIGHT)
    table = Table(game, path, clock)
    table.bet_and_deal()
    table.cards(2)
    table.wait(3)
    table.misdeal()
    table.wait(5)
    ok(table.session.deal())
    table.cards(3)
    table.wait(5)
    table.misdeal()
    table.wait(9)
    table.redeal()
    for number in (2, 3, 4, 5):
        table.wait(2)
        ok(table.session.next_round())
        table.bet_and_deal()
        table.cards(2)
        if number == 3:
            table.restart()
        table.wait(1)
        table.misdeal()
        if number == 2:
            table.restart()
        table.wait(1)
        if number == 5:
            ok(table.session.deal())
            table.cards(1)
            table.wait(1)
            table.misdeal()
            if game == "baccarat":
                ok(table.session.new_shoe())
            break
        table.redeal()
        if number == 4:
            table.wait(2)
            table.misdeal()
            table.wait(1)
            table.redeal()
    table.close()
    return path


_STEP = re.compile(r"(voided as a misdeal at|as a misdeal at|dealt again at) "
                   r"((?:\d{4}-\d\d-\d\d[T ])?\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d)?)")


def _named(text: str, day: str = "") -> list:
    """The misdeals a text names, in order: (when voided, when dealt again or None), UTC to the second."""
    said: list = []
    for word, time in _STEP.findall(text):
        time = time if re.match(r"\d{4}", time) else f"{day} {time}"  # the replay's line: the round's day
        when = datetime.fromisoformat(time.replace(" ", "T"))
        when = when.astimezone(timezone.utc)  # the replay's, with no offset: the local time it is
        if word.startswith("dealt"):
            said[-1] = (said[-1][0], when)
        else:
            said.append((when, None))
    return said


def _utc(text):
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00")).replace(microsecond=0)


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_every_answer_names_the_same_misdeals_in_the_same_order(tmp_path, paris, capsys, game):
    path = _night(tmp_path / f"{game}.sqlite", game)
    assert main(["journal", "export", str(path)]) == 0
    exported = {(r["shoe"], r["round"]): [(_utc(c["time"]), _utc(c.get("dealt_again"))) for c in r["corrections"]
                                          if voids_round(c)]
                for r in map(json.loads, capsys.readouterr().out.splitlines()) if "round" in r}
    assert [len(exported[(1, n)]) for n in range(1, 6)] == [2, 1, 1, 2, 2]
    assert main(["journal", "summary", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["misdeals"]
    assert main(["journal", "rounds", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    rounds = rounds_json(capsys, path)["rounds"]
    replay = read_journal(path)
    assert len(rows) == len(rounds)
    for one, row in zip(rounds, rows):
        key, name = (one["shoe"], one["round"]), f"shoe {one['shoe']} round {one['round']}"
        want = exported[key]
        day = one["started_local"][:10]
        assert _named(row) == want, row
        assert _named(replay.played(*key), day) == want, replay.played(*key)
        assert main(["journal", "rounds", str(path), "--at", one["started"]]) == 0
        assert _named(capsys.readouterr().out.splitlines()[0]) == want, name
        args = argparse.Namespace(journal=str(path), at=one["started"], shoe=None, round=None)
        _start_at_time(args)
        assert _named(capsys.readouterr().err, day) == want, name
        assert [(_utc(m["at"]), _utc(m["dealt_again"])) for m in one["misdeals"]] == want, name
        assert [(_utc(m["at"]), _utc(m["dealt_again"])) for m in summary if m["round"] == name] == want, name
    # round 1 crossed local midnight: its last deal again is on the next day in every answer
    assert exported[(1, 1)][1][1].astimezone().date().isoformat() == "2026-12-07"
