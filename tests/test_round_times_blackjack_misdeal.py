"""A blackjack round settled, its deal then voided (Backspace down to the bets, each step on a PIN) and dealt
again under its number: the README's misdeal ("After a misdeal (Shift+V, or at blackjack the deal voided too)
the bets are open again").  The listing, its JSON, the export and the replay told it as a card corrected ("its
settlement taken back at ..., settled again at ...": qaAM F1); they name the misdeal now, as baccarat's."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal as D

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from test_round_times import FIRST, Clock, rounds_json, utc  # noqa: F401 (a fixture)


def _play(session, cards) -> None:
    while session.state.phase == BlackjackPhase.PLAYING:
        if session.card_due():
            assert session.enter_card(cards.pop(0)) is None
        else:
            assert session.stand() is None


def _redealt(path):
    """Round 1 settled at 20:00:xx, its deal voided from 20:01:01 on, dealt again at 20:03:01 and settled."""
    clock = Clock()
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path, clock=clock))
    try:
        assert session.place(1, D("10")) is None
        assert session.deal() is None
        _play(session, ["TS", "9H", "8C", "7D", "5S", "KS", "KH"])
        assert session.state.phase != BlackjackPhase.PLAYING
        clock.now = FIRST + timedelta(minutes=1)
        steps = 0
        while session.state.phase != BlackjackPhase.BETTING:
            assert session.void_last(why="misdeal: cards exposed") is None
            steps += 1
        assert steps > 2
        clock.now = FIRST + timedelta(minutes=3)
        assert session.deal() is None  # at 20:03:01
        _play(session, ["TC", "9D", "8H", "7S", "5C", "KD", "KC"])
    finally:
        session.close()
    return path


def _deal_voided_at(path) -> str:
    with Journal.open(path, readonly=True) as journal:
        (time,) = [e.time for e in journal.entries() if e.payload.get("voided") == "deal"]
    return time


def test_the_listing_names_the_blackjack_misdeal_and_its_deal_again(tmp_path, utc, capsys):
    path = _redealt(tmp_path / "bj.sqlite")
    voided = _deal_voided_at(path)
    (c,) = rounds_json(capsys, path)["rounds"][0]["corrections"]
    assert (c["taken_back"], c["misdeal"], c["misdeal_at"], c["dealt_again"]) == (
        "2026-12-06T20:01:01.000000Z", True, voided, "2026-12-06T20:03:01.000000Z")
    assert c["settled_again"] is not None
    assert main(["journal", "rounds", str(path)]) == 0
    out = capsys.readouterr().out
    assert (f"(corrected later: its settlement taken back at 2026-12-06T20:01:01+00:00, then voided as a misdeal at "
            f"{voided[:19]}+00:00, dealt again at 2026-12-06T20:03:01+00:00, settled again at ") in out


def test_the_export_says_when_the_voided_deal_was_dealt_again(tmp_path, utc, capsys):
    path = _redealt(tmp_path / "bj.sqlite")
    assert main(["journal", "export", str(path)]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    deal_voids = [c for c in record["corrections"] if c.get("voided") == "deal"]
    assert [c.get("dealt_again") for c in deal_voids] == ["2026-12-06T20:03:01.000000Z"]
    assert [c.get("dealt_again") for c in record["corrections"] if c.get("voided") != "deal"] == [None] * (
        len(record["corrections"]) - 1)


def test_the_replay_names_the_blackjack_misdeal(tmp_path, utc):
    path = _redealt(tmp_path / "bj.sqlite")
    voided = _deal_voided_at(path)
    played = read_journal(path).played(1, 1)
    assert f", corrected at 20:01:01, voided as a misdeal at {voided[11:19]}, dealt again at 20:03:01, settled again at " \
        in played, played


def test_the_summary_names_the_misdeal_among_its_corrections(tmp_path, utc, capsys):
    path = _redealt(tmp_path / "bj.sqlite")
    assert main(["journal", "summary", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["corrections"] > 2 and got["misdeal_rounds"] == ["shoe 1 round 1"]
    assert [(m["round"], m["dealt_again"]) for m in got["misdeals"]] == [
        ("shoe 1 round 1", "2026-12-06T20:03:01.000000Z")]
    assert main(["journal", "summary", str(path)]) == 0
    assert f"{got['corrections']} correction(s) (1 misdeal(s) among them: shoe 1 round 1)" in capsys.readouterr().out


def test_a_deal_voided_in_play_and_not_dealt_again_ends_the_round_there(tmp_path, utc, capsys):
    """Three cards dealt, the deal voided from 20:01:01 on (bets open again), the table closed: the listing, --at
    and the replay say when, as for a baccarat round voided before its settlement (qaAM F2)."""
    path = tmp_path / "bj.sqlite"
    clock = Clock()
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path, clock=clock))
    assert session.place(1, D("10")) is None and session.deal() is None
    for code in ("TS", "9H", "8C"):
        assert session.enter_card(code) is None
    clock.now = FIRST + timedelta(minutes=1)
    while session.state.phase != BlackjackPhase.BETTING:
        assert session.void_last(why="misdeal") is None
    session.close()
    voided = _deal_voided_at(path)
    first = rounds_json(capsys, path)["rounds"][0]
    assert (first["status"], first["voided_at"]) == ("open", voided)
    assert rounds_json(capsys, path, "--at", "2026-12-06T20:02:00Z", code=1)["within"] is False
    assert main(["journal", "rounds", str(path)]) == 0
    assert f"open (voided as a misdeal at {voided[:19]}+00:00)" in capsys.readouterr().out
    assert read_journal(path).played(1, 1) == (
        f"played from 2026-12-06 20:00:02, voided as a misdeal at {voided[11:19]} (UTC+00:00)")
