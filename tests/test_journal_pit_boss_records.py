"""What the pit boss reads of a shift in the journal (qaR F6, F7, F8), from real journals a table wrote.

F6: ``replay`` showed none of the reader's events: a typed card looked read, and an unreadable card, a
refusal, another shoe never appeared.  F7: a table started again on its journal (after a crash) left no
entry.  F8: ``journal export`` listed a round never dealt (only a card refused, read after the cut card)
as "open".
"""

from __future__ import annotations

import csv
import io
import json
import time
from decimal import Decimal as D

from dealer_assist.cards import parse_card
from dealer_assist.cli import main
from dealer_assist.events import CardRead, DeviceError, DeviceHello, LinkState, ShoeSignal, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

SOURCE = "serial:/dev/ttyUSB0"
RULES = TableRules(shoe=ShoeRules(burn=False))


def read(session, code: str, seq: int) -> None:
    session.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))


def baccarat_shift(path) -> None:
    """A round with a card the shoe could not read (typed, 9H), then another shoe's HELLO, taken with Ctrl+T."""
    s = TableSession(RULES, Journal.open(path), odds=False)
    try:
        s.handle(DeviceHello(SOURCE, time.time(), "SHOE-A", "b1"))
        assert s.deal() is None
        read(s, "2S", 1)
        s.handle(Unreadable(SOURCE, time.time(), seq=2))
        read(s, "3S", 3)
        assert s.enter_card("9H") is None
        assert s.confirm_pending() is None
        read(s, "4S", 4)
        s.handle(DeviceHello(SOURCE, time.time(), "SHOE-B", "b2"))
    finally:
        s.close()


def replayed(path, session):
    """Every snapshot of ``session`` as the journal at ``path`` is replayed onto it, step by step."""
    session.follow_record()
    seen = []
    session.subscribe(seen.append)
    source = ReplaySource(path, interval=3600)
    source.set_sink(session.handle)
    while source.step() is not None:
        pass
    return seen


def test_a_replay_shows_the_unreadable_cards_alert_the_typed_card_and_another_shoe(tmp_path):
    path = tmp_path / "bac.sqlite"
    baccarat_shift(path)
    replay = TableSession(RULES, odds=False)
    seen = replayed(path, replay)
    titles = [[a.title for a in snap.alerts] for snap in seen]
    at = next(n for n, t in enumerate(titles) if "UNREADABLE CARD" in t)
    assert [c.code for c in seen[at].state.round.cards] == ["2S"]  # shown where the table showed it
    typed = next(snap for snap in seen if "TYPED" in snap.message)
    assert typed.message.startswith("9♥ TYPED by the croupier (K), not read")
    assert [c.code for c in typed.state.round.cards] == ["2S", "9H"]
    after = [snap for snap in seen if [c.code for c in snap.state.round.cards] == ["2S", "9H", "3S"]][-1]
    assert "UNREADABLE CARD" not in [a.title for a in after.alerts]  # settled with the held read, as live
    assert any(a.title == "ANOTHER SHOE" for a in replay.snapshot.alerts)
    assert replay.snapshot.state.round.cards[-1].code == "4S"


def test_a_replay_shows_a_blackjack_card_refused_before_any_bet(tmp_path):
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    try:
        read(s, "QC", 1)  # no bet: refused
        assert s.place(1, D("10")) is None and s.deal() is None
        read(s, "6H", 2)
        assert s.confirm_pending() is None
    finally:
        s.close()
    replay = BlackjackSession(BlackjackTableRules(seats=3))
    seen = replayed(path, replay)
    assert any(a.title == "CARD Q♣ REFUSED" for snap in seen for a in snap.alerts)
    assert [c.code for c in replay.state.round.cards] == ["6H"]


def entries(path):
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        return list(journal.entries())


def test_a_restart_is_journaled_in_the_chain_under_the_round_it_resumed_in(tmp_path, capsys):
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert s.place(1, D("10")) is None and s.deal() is None
    read(s, "5C", 1)
    s.close()  # as after kill -9: every entry was committed as it was written
    assert not [e for e in entries(path) if e.kind == "table_started"]  # a first start is the shoe_start
    again = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    recovered = again.recovered
    again.close()
    started = [e for e in entries(path) if e.kind == "table_started"]  # verify() holds with it
    assert len(started) == 1 and recovered == 3
    assert started[0].payload == {"game": "blackjack", "shoe": 1, "round": 1, "recovered": 3, "in_round": True}
    assert main(["journal", "export", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    round_1 = json.loads(lines[0])
    assert round_1["round"] == 1 and [o["kind"] for o in round_1["other"]] == ["table_started"]
    assert main(["journal", "show", str(path)]) == 0
    shown = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [e["payload"]["recovered"] for e in shown if e["kind"] == "table_started"] == [3]


def test_a_baccarat_restart_is_journaled_too_and_a_replay_tells_it(tmp_path):
    path = tmp_path / "bac.sqlite"
    baccarat_shift(path)
    again = TableSession(RULES, Journal.open(path), odds=False)
    again.close()
    started = [e.payload for e in entries(path) if e.kind == "table_started"]
    assert started == [{"game": "baccarat", "shoe": 1, "round": 1, "recovered": 5, "in_round": True}]
    replay = TableSession(RULES, odds=False)
    replayed(path, replay)
    assert any(a.title == "TABLE STARTED AGAIN" and "5 operations recovered" in a.text
               for a in replay.snapshot.alerts)


def test_a_round_never_dealt_in_which_a_card_was_refused_is_exported_as_not_dealt(tmp_path, capsys):
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    try:
        s.handle(LinkState(SOURCE, time.time(), "up"))
        s.handle(ShoeSignal(SOURCE, time.time(), "cut"))
        read(s, "9D", 1)  # after the cut card, between rounds: refused
        assert s.start_deck_check() is None
        assert s.return_stub() is None
        assert s.new_deck() is None
        assert s.place(2, D("10")) is None
    finally:
        s.close()
    assert main(["journal", "export", str(path)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    first = records[0]
    assert (first["round"], first["shoe"], first["status"]) == (1, 1, "not_dealt")
    assert [r["card"] for r in first["refused"]] == ["9D"]
    later = [r for r in records if r.get("shoe") == 2 and "round" in r]
    assert later and later[-1]["status"] == "open"  # bets placed, not dealt yet: the table is at it
    assert main(["journal", "export", str(path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["round"], r["shoe"], r["status"]) for r in rows][0] == ("1", "1", "not_dealt")


def test_an_unreadable_card_reported_by_err_misread_keeps_the_shoes_text_in_its_entry(tmp_path):
    """qaR F9: a card_unreadable from ERR MISREAD was the same entry as one from a ``??`` card frame."""
    path = tmp_path / "bac.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert s.deal() is None
        s.handle(DeviceError(SOURCE, time.time(), "MISREAD", "card seen, code not read", seq=1))
        assert s.enter_card("9H") is None
        s.handle(Unreadable(SOURCE, time.time(), seq=2))
    finally:
        s.close()
    unreadable = [e.payload for e in entries(path) if e.kind == "card_unreadable"]
    assert [(p["source_seq"], p.get("misread")) for p in unreadable] == [(1, "card seen, code not read"), (2, None)]


def test_a_new_deck_let_in_over_missing_cards_names_them_in_the_journal_and_the_export(tmp_path, capsys):
    """qaR F14: the override's entry and the export's deck check did not say which cards were missing (the
    display had said MISSING 5), nor how many cards T counted back as the stub."""
    path = tmp_path / "bj.sqlite"
    s = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path))
    try:
        assert s.place(1, D("10")) is None and s.deal() is None
        for code in ("TS", "5D", "9C"):
            assert s.enter_card(code) is None
        assert s.stand() is None
        for code in ("8S", "4C"):
            assert s.enter_card(code) is None
        assert s.state.settlement is not None
        assert s.start_deck_check() is None and s.return_stub() is None
        refused = s.new_deck()
        assert refused is not None and "5 missing" in refused
        assert s.new_deck(supervisor="", pin="", reason="discards lost") is None
    finally:
        s.close()
    (started,) = [e.payload for e in entries(path) if e.kind == "shoe_start" and e.payload.get("op") == "new_deck"]
    assert sorted(started["missing"]) == sorted(["TS", "5D", "9C", "8S", "4C"]) and started["seen_too_often"] == []
    (stub,) = [e.payload for e in entries(path) if e.kind == "deck_return"]
    assert stub["counted"] == 47
    assert main(["journal", "export", str(path)]) == 0
    (check,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if '"deck_check"' in line[:20]]
    assert check["status"] == "new_deck" and sorted(check["new_deck"]["missing"]) == sorted(started["missing"])
    assert check["stub"]["counted"] == 47
