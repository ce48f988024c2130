"""``journal export`` on journals written by real table sessions: each round as it finally stood, the
corrections (who, why) and what they took back still listed, and the deck check apart from the rounds;
and a round settled again after a void keeps its new settlement across a crash."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.table.export import rounds_from_entries, table_entries
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession, settlement_json
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin


#: Hashed once, as a config file keeps it: the journal binds the table to its supervisors' hashes.
ANA = Supervisor("ana", hash_pin("4821", n=2 ** 10))


def baccarat(path) -> TableSession:
    roster = SupervisorRoster([ANA])
    return TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), supervisors=roster,
                        odds=False)


def deal(session, *codes) -> None:
    for code in codes:
        assert session.enter_card(code) is None, code


def exported(path) -> list:
    with Journal.open(path, readonly=True) as journal:
        return rounds_from_entries(journal.entries())


def split_round(path, seat: int):
    """A blackjack journal of one round: ``seat`` splits 8H 8S, stands on 18 and 17; the dealer busts."""
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.place(seat, D("25")) is None and session.deal() is None
    deal(session, "8H", "6C", "8S")
    assert session.split() is None
    deal(session, "TC")
    assert session.stand() is None
    deal(session, "9D")
    assert session.stand() is None
    deal(session, "TD", "KD")  # the dealer: 6, 16, busts
    session.close()
    return path


def export_cli(capsys, path, fmt):
    assert main(["journal", "export", str(path), "--format", fmt]) == 0
    return capsys.readouterr().out


def corrections_in(path) -> list:
    with Journal.open(path, readonly=True) as journal:
        return [e for e in journal.entries() if e.kind == "correction"]


def banker_bet_lost(path):
    """A baccarat table at ``path`` whose first round settled a 25 banker bet as lost (Player 9
    natural); the session and that settlement's bets."""
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")
    return session, session.state.settlement.to_json()["bets"]


def test_a_round_voided_and_dealt_again_exports_as_dealt_with_the_void_listed(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    session, lost = banker_bet_lost(path)
    assert session.void_round("ana", "4821", "misdeal: cards exposed") is None
    assert session.deal() is None
    deal(session, "2S", "3H", "KD", "5C")  # Banker 8 natural: the banker bet wins
    assert session.state.phase == TablePhase.SETTLED
    final = session.state.settlement.to_json()["bets"]
    assert final != lost
    session.close()
    (void,) = corrections_in(path)

    *rounds, table = [json.loads(line) for line in export_cli(capsys, path, "json").splitlines()]
    (record,) = rounds
    assert "shoe_start" in [e["kind"] for e in table["table"]]  # the entries of no round come last
    assert record["status"] == "complete"
    assert [c["card"] for c in record["cards"]] == ["2S", "3H", "KD", "5C"]
    assert record["outcome"]["winner"] == "banker" and record["settlement"]["bets"] == final
    assert [(c["card"], c["voided_by"]) for c in record["voided_cards"]] == [
        (code, void.seq) for code in ("9S", "KH", "QD", "5C")]
    assert [(s["bets"], s["voided_by"]) for s in record["voided_settlements"]] == [(lost, void.seq)]
    (listed,) = record["corrections"]
    assert (listed["op"], listed["correction"]["supervisor"], listed["correction"]["reason"]) == (
        "void_round", "ana", "misdeal: cards exposed")

    (row,) = csv.DictReader(io.StringIO(export_cli(capsys, path, "csv")))
    assert (row["status"], row["cards"], row["winner"], row["result"], row["pays"]) == (
        "complete", "2S 3H KD 5C", "banker", final[0]["result"], final[0]["pays"])


def test_a_round_voided_and_not_dealt_again_stays_voided_with_no_settlement(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")
    assert session.void_round("ana", "4821", "misdeal") is None
    assert session.place(1, Bet.BANKER, D("5")) is None  # bets open again, nothing dealt yet
    session.close()
    (record,) = exported(path)
    assert (record["status"], record["cards"], record["outcome"], record["settlement"]) == ("voided", [], None, None)
    assert [c["card"] for c in record["voided_cards"]] == ["9S", "KH", "QD", "5C"]
    assert record["bets"] == [{"seat": 1, "bet": "banker", "stake": "30.00"}]
    (row,) = csv.DictReader(io.StringIO(export_cli(capsys, path, "csv")))
    assert (row["status"], row["result"], row["pays"], row["stake"]) == ("voided", "", "", "30.00")


def test_a_card_voided_after_the_settlement_takes_the_settlement_back(tmp_path):
    path = tmp_path / "bac.sqlite"
    session, lost = banker_bet_lost(path)
    assert session.void_last_card("ana", "4821", "B2 was the 9C, misread") is None
    (void,) = corrections_in(path)
    assert void.payload["settlement_taken_back"] is True  # the journal says so, as a blackjack void does
    (open_round,) = exported(path)
    assert (open_round["status"], open_round["outcome"], open_round["settlement"]) == ("open", None, None)
    assert [c["card"] for c in open_round["cards"]] == ["9S", "KH", "QD"]
    assert [(s["bets"], s["voided_by"]) for s in open_round["voided_settlements"]] == [(lost, void.seq)]
    deal(session, "9C")  # Banker 9 too: a tie, the banker bet is returned
    final = session.state.settlement.to_json()["bets"]
    assert final[0]["result"] != lost[0]["result"]
    session.close()
    (record,) = exported(path)
    assert record["status"] == "complete" and record["outcome"]["winner"] == "tie"
    assert record["settlement"]["bets"] == final
    assert [c["card"] for c in record["cards"]] == ["9S", "KH", "QD", "9C"]
    assert [(c["card"], c["position"], c["voided_by"]) for c in record["voided_cards"]] == [("5C", "B2", void.seq)]
    assert [(c["op"], c["correction"]["reason"]) for c in record["corrections"]] == [
        ("void_card", "B2 was the 9C, misread")]


def test_an_old_journal_without_the_flag_still_has_its_settlement_taken_back(tmp_path):
    """Journals written before ``settlement_taken_back`` was recorded for baccarat: a void after the
    settlement took it back all the same (the table restores the state before the card)."""
    path = tmp_path / "old.sqlite"
    with Journal.open(path) as journal:
        journal.append("round_start", {"round": 4, "shoe": 1, "game": "baccarat"})
        journal.append("bet_placed", {"round": 4, "seat": 2, "bet": "player", "stake": "10.00"})
        for card, position in zip(("9S", "KH", "QD", "5C"), ("P1", "B1", "P2", "B2")):
            journal.append("card_assigned", {"op": "card", "round": 4, "card": card, "position": position})
        journal.append("outcome", {"round": 4, "winner": "player"})
        journal.append("settlement", {"round": 4, "bets": [{"seat": 2, "bet": "player", "stake": "10.00",
                                                            "result": "win", "pays": "10.00", "returns": "20.00"}]})
        journal.append("round_end", {"round": 4})
        journal.append("correction", {"op": "void_card", "round": 4, "card": "5C", "why": "misread",
                                      "correction": {"supervisor": "ana", "action": "void_card", "reason": "misread"}})
    (record,) = exported(path)
    assert (record["status"], record["settlement"], record["outcome"], record["ended"]) == ("open", None, None, None)
    assert [s["bets"][0]["result"] for s in record["voided_settlements"]] == ["win"]
    assert [c["card"] for c in record["cards"]] == ["9S", "KH", "QD"]


def test_cards_counted_back_at_the_deck_check_belong_to_the_check_not_to_a_round(tmp_path, capsys):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.place(1, D("25")) is None and session.deal() is None
    deal(session, "TH", "7C", "8S")
    assert session.stand() is None
    deal(session, "KC")  # dealer 17: round 1 settled
    assert session.start_deck_check() is None
    deal(session, "TH", "7C", "8S", "KC")
    assert session.void_return() is None  # KC counted twice by mistake ...
    deal(session, "KC")  # ... and counted again
    assert session.return_stub() is None and session.new_deck() is None
    assert session.place(1, D("25")) is None and session.deal() is None
    deal(session, "2H", "3C", "4S")
    session.close()

    records = [json.loads(line) for line in export_cli(capsys, path, "json").splitlines()]
    first, check, second, table = records
    assert set(table) == {"table"}
    assert (first["round"], [c["card"] for c in first["cards"]]) == (1, ["TH", "7C", "8S", "KC"])
    assert (second["round"], second["shoe"], second["status"]) == (2, 2, "open")
    assert [c["card"] for c in second["cards"]] == ["2H", "3C", "4S"]
    assert second["corrections"] == [] and second["other"] == []
    assert "round" not in check and (check["deck_check"], check["shoe"], check["game"]) == (1, 1, "blackjack")
    assert [c["card"] for c in check["cards"]] == ["TH", "7C", "8S", "KC"]
    assert [c["card"] for c in check["voided_cards"]] == ["KC"]
    assert [(c["op"], c["who"]) for c in check["corrections"]] == [("void_return", "croupier")]
    assert check["stub"] is not None and check["status"] == "new_deck"
    assert first["last_seq"] < check["first_seq"] <= check["last_seq"] < second["first_seq"]

    rows = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
    assert [(r["round"], r["cards"]) for r in rows] == [("1", "TH 7C 8S KC"), ("2", "2H 3C 4S")]


def test_a_card_set_aside_counted_after_the_stub_is_marked_in_the_deck_check(tmp_path, capsys):
    """qaM F3: a card refused after the round and set aside, counted back after T, counts once; its card
    says so (``not_in_stub``), so a reader adding the stub's cards and the cards counted finds 52."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.place(1, D("25")) is None and session.deal() is None
    deal(session, "TH", "7C", "8S")
    assert session.stand() is None
    deal(session, "KC")
    assert "after the round" in session.enter_card("3D")
    assert session.start_deck_check() is None and session.return_stub() is None
    deal(session, "TH", "7C", "8S", "KC", "3D")
    assert session.new_deck() is None
    session.close()
    records = [json.loads(line) for line in export_cli(capsys, path, "json").splitlines()]
    (check,) = [r for r in records if "deck_check" in r]
    assert [(c["card"], c.get("not_in_stub", False)) for c in check["cards"]] == [
        ("TH", False), ("7C", False), ("8S", False), ("KC", False), ("3D", True)]
    assert check["status"] == "new_deck" and check["new_deck"].get("override") is None


def test_a_deck_check_left_for_the_same_deck_is_closed_as_resumed(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.start_deck_check() is None
    deal(session, "AS")
    assert session.resume_play() is None
    assert session.place(2, D("10")) is None and session.deal() is None
    deal(session, "AS")  # counted back at the check, never dealt: still in the deck
    session.close()
    check, played = exported(path)
    assert (check["status"], [c["card"] for c in check["cards"]], check["stub"]) == ("resumed", ["AS"], None)
    assert (played["round"], [c["card"] for c in played["cards"]]) == (1, ["AS"])


def test_a_stub_card_taken_back_is_listed_as_the_stubs(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.place(1, D("25")) is None and session.deal() is None
    deal(session, "TH", "7C", "8S")
    assert session.stand() is None
    deal(session, "KC")
    assert session.start_deck_check() is None
    deal(session, "TH", "7C", "8S", "KC")
    assert session.return_stub() is None
    last_of_stub = session.state.ledger.returned[-1].code
    assert session.void_return() is None
    session.close()
    _, check = exported(path)
    assert [c["card"] for c in check["cards"]] == ["TH", "7C", "8S", "KC"]  # the typed ones stay counted
    assert [(c["card"], c.get("from")) for c in check["voided_cards"]] == [(last_of_stub, "stub")]
    assert check["status"] == "open" and check["ended"] is None


class CrashBefore:
    """The journal of a process that dies just before writing its first entry of ``kind``: every entry
    before it is on disk (a real journal file), nothing after it."""

    def __init__(self, journal: Journal, kind: str) -> None:
        self._journal, self._kind, self.crashed = journal, kind, False

    def append(self, kind, payload):
        if kind == self._kind or self.crashed:
            self.crashed = True
            raise OSError("process killed")
        return self._journal.append(kind, payload)

    def __getattr__(self, name):
        return getattr(self._journal, name)


def settlements(path) -> list:
    with Journal.open(path, readonly=True) as journal:
        return [e.payload for e in journal.entries() if e.kind == "settlement"]


def test_a_round_settled_again_after_a_void_gets_its_new_settlement_at_recovery(tmp_path):
    """Killed after the card that settles the round anew, before its settlement: the restart writes it."""
    path = tmp_path / "bac.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")  # settled: the banker bet loses
    assert session.void_last_card("ana", "4821", "B2 was the 9C") is None
    session.close()
    journal = CrashBefore(Journal.open(path), "outcome")
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=journal, odds=False)
    session.enter_card("9C")  # a tie now; the process dies before the settlement is written
    assert journal.crashed
    session.close()
    journal.close()
    again = baccarat(path)  # the restart
    tie = again.state.settlement.to_json()["bets"]
    again.close()
    first, second = settlements(path)
    assert first["bets"][0]["result"] == "lose" and second["bets"] == tie and tie[0]["result"] == "push"
    (record,) = exported(path)
    assert record["status"] == "complete" and record["settlement"]["bets"] == tie


def test_a_blackjack_round_settled_again_after_a_void_gets_its_new_settlement_at_recovery(tmp_path):
    path = tmp_path / "bj.sqlite"
    roster = SupervisorRoster([ANA])
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path), roster=roster)
    assert session.place(1, D("25")) is None and session.deal() is None
    deal(session, "TH", "7C", "8S")
    assert session.stand() is None
    deal(session, "KC")  # dealer 17: seat 1's 18 wins
    assert session.void_last("ana", "4821", "KC went to the floor") is None
    session.close()
    journal = CrashBefore(Journal.open(path), "outcome")
    session = BlackjackSession(BlackjackTableRules(seats=3), journal, roster=roster)
    session.enter_card("AC")  # dealer 18 now; killed before the settlement
    assert journal.crashed
    session.close()
    journal.close()
    again = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path), roster=roster)
    now = settlement_json(again.state.history[-1])["bets"]
    again.close()
    first, second = settlements(path)
    assert first["bets"][0]["result"] == "win" and second["bets"] == now and now != first["bets"]


def test_each_blackjack_round_starts_at_its_own_round_start(tmp_path):
    """The next round's ``round_start`` names the round it starts (as baccarat's does): it was
    written under the round just finished, so every exported round seemed to start after it ended."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    for cards in (("TH", "7C", "8S", "KC"), ("TS", "7D", "8H", "KD"), ("TC", "7H", "8D", "KS")):
        assert session.place(1, D("25")) is None and session.deal() is None
        deal(session, *cards[:3])
        assert session.stand() is None
        deal(session, cards[3])  # dealer 17: settled
        assert session.next_round() is None
    session.close()
    with Journal.open(path, readonly=True) as journal:
        starts = {e.payload["round"]: e for e in journal.entries() if e.kind == "round_start"}
    records = exported(path)
    assert [r["round"] for r in records] == [1, 2, 3, 4]
    for record in records[1:]:
        start = starts[record["round"]]
        assert (record["started"], record["first_seq"]) == (start.time, start.seq)
    for record in records[:3]:
        assert record["started"] <= record["ended"] and record["status"] == "complete"
        assert record["last_seq"] < starts[record["round"] + 1].seq


def test_an_entry_listed_under_other_keeps_the_journals_seq_and_the_sources_apart(tmp_path):
    """A burn card read from a shoe carries the shoe's frame number as ``seq``: it overwrote the
    journal's own in the export, which then pointed at another entry."""
    from dealer_assist.cards import parse_card
    from dealer_assist.events import CardRead

    path = tmp_path / "burn.sqlite"
    session = TableSession(TableRules(), journal=Journal.open(path), odds=False)
    for n, code in enumerate(["2S", "KH", "QD"], start=1):  # a 2 shown: two more burned
        session.handle(CardRead(parse_card(code), "serial:/dev/shoe", 0.0, seq=n))
    session.close()
    with Journal.open(path, readonly=True) as journal:
        burns = [e.seq for e in journal.entries() if e.kind == "shoe_burn"]
    (record,) = exported(path)
    listed = [o for o in record["other"] if o["kind"] == "shoe_burn"]
    assert [o["seq"] for o in listed] == burns and len(burns) == 3
    assert [o["source_seq"] for o in listed] == [1, 2, 3]


def test_the_csv_export_has_each_bets_commission_and_each_split_hand(tmp_path, capsys):
    """A Banker win's commission and a split seat's two hands were not in the CSV: two hands of
    one seat read alike, and the commission taken was nowhere."""
    path = tmp_path / "bac.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("10.05")) is None and session.deal() is None
    deal(session, "2S", "KH", "3D", "5C", "8S")  # Banker 5 stands on an 8: Banker wins 5 to 3
    session.close()
    (row,) = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
    assert (row["bet"], row["result"], row["pays"], row["commission"]) == ("banker", "win", "9.54", "0.51")

    path = split_round(tmp_path / "bj.sqlite", seat=1)
    rows = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
    assert [(r["seat"], r["hand"]) for r in rows] == [("1", "0"), ("1", "1")]


def test_a_stake_that_cannot_be_read_is_listed_with_its_entry_not_exported_as_nothing(tmp_path):
    """A bet entry whose stake is no amount (a journal written by another program, a bug) was exported
    as a stake of 0.00: the bet vanished from the money.  It is kept whole and named instead."""
    path = tmp_path / "j.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None
    session.close()
    with Journal.open(path) as journal:
        journal.append("bet_placed", {"round": 1, "seat": 2, "bet": "player", "stake": "ten"})
        journal.append("bet_placed", {"round": 1, "seat": 3, "bet": "player", "stake": 2.5})
    (record,) = exported(path)
    unread = [o for o in record["other"] if o["kind"] == "bet_placed"]
    assert [(o["seat"], o["stake"]) for o in unread] == [(2, "ten"), (3, 2.5)]
    assert "'ten' cannot be read as money" in unread[0]["problem"]
    assert [(b["seat"], b["stake"]) for b in record["bets"]] == [(1, "25.00")]


def test_the_exports_show_typed_cards_corrections_and_the_entries_of_no_round(tmp_path, capsys):
    """A typed card over a shoe's read showed only in `journal show`; the CSV listed no correction;
    a refused PIN (an entry of no round) was in neither export."""
    from dealer_assist.cards import parse_card
    from dealer_assist.events import CardRead

    path = tmp_path / "j.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.PLAYER, D("25")) is None and session.deal() is None
    for code in ("4S", "2H", "5D"):
        session.handle(CardRead(parse_card(code), "serial:/dev/card-shoe", 0.0))
    assert session.enter_card("KC") is None  # typed: the Player's natural
    assert "wrong PIN" in session.void_last_card("ana", "0000", "misread")
    session.close()
    *rounds, table = [json.loads(line) for line in export_cli(capsys, path, "json").splitlines()]
    (record,) = rounds
    assert [(c["card"], c["source"]) for c in record["cards"]] == [
        ("4S", "serial:/dev/card-shoe"), ("2H", "serial:/dev/card-shoe"), ("5D", "serial:/dev/card-shoe"),
        ("KC", "keyboard")]
    assert [e["kind"] for e in table["table"]].count("pin_refused") == 1
    rows = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
    assert [(r["typed_cards"], r["corrections"]) for r in rows] == [("KC", "0")]


def test_round_1_of_every_shoe_is_its_own_record(tmp_path, capsys):
    """A baccarat shoe counts its rounds from 1 again: round 1 of shoe 2 was merged into shoe 1's,
    ten cards in one record and shoe 1's settlement (a 4,750 payout) gone."""
    path = tmp_path / "j.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "3D", "6H", "QH", "9D", "7H", "TS")  # Banker wins 5-0
    assert session.new_shoe() is None  # (a table without the burn)
    assert session.place(1, Bet.PLAYER, D("10")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")  # Player 9 natural
    session.close()
    first, second = exported(path)
    assert [(r["shoe"], r["round"]) for r in (first, second)] == [(1, 1), (2, 1)]
    assert [c["card"] for c in first["cards"]] == ["3D", "6H", "QH", "9D", "7H", "TS"]
    assert [c["card"] for c in second["cards"]] == ["9S", "KH", "QD", "5C"]
    assert first["settlement"]["bets"][0]["pays"] == "23.75" and second["outcome"]["winner"] == "player"
    rows = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
    assert [(r["shoe"], r["round"], r["bet"], r["pays"]) for r in rows] == [("1", "1", "banker", "23.75"),
                                                                           ("2", "1", "player", "10.00")]


def test_a_blackjack_rebet_round_exports_its_stakes_and_each_action_names_who_acted(tmp_path):
    """After round 1 every round had exported "bets": [] (a Rebet names no stake of its own), a round cut
    short had its stakes nowhere, and actions were journaled with "seat": null."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    assert session.place(1, D("25")) is None and session.place(3, D("10")) is None and session.deal() is None
    deal(session, "TH", "7C", "8S", "9D", "KC")  # seat 1 T+9, seat 3 7+K, dealer 8
    assert session.stand() is None and session.stand() is None
    deal(session, "QD")  # dealer 18: settled
    assert session.next_round() is None
    assert session.rebet() is None and session.deal() is None  # round 2, cut short here
    session.close()
    records = exported(path)
    stakes = [{(b["seat"], b["stake"]) for b in r["bets"]} for r in records[:2]]
    assert stakes == [{(1, "25.00"), (3, "10.00")}] * 2
    with Journal.open(path, readonly=True) as journal:
        actions = [e.payload for e in journal.entries() if e.kind == "action"]
    assert [a["position"] for a in actions] == ["seat1.h0", "seat3.h0"]


def test_a_no_bet_hand_of_held_cards_exports_each_of_its_cards(tmp_path):
    """Its entry had recorded no card: the export listed {"card": null, "position": "B1"} and lost 4D and 7C."""
    path = tmp_path / "t.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    session.deal()
    deal(session, "9S", "KH", "QD", "5C")
    assert session.enter_card("4D") is not None  # after the round: held
    session.next_round()
    assert session.enter_card("7C") is not None  # held behind it
    assert session.play_held() is None
    deal(session, "2S", "3H", "5D")
    session.close()
    cards = [(c["card"], c["position"], c["source"]) for c in exported(path)[1]["cards"]]
    assert cards == [("4D", "P1", "keyboard"), ("7C", "B1", "keyboard"), ("2S", "P2", "keyboard"),
                     ("3H", "B2", "keyboard"), ("5D", "B3", "keyboard")]  # typed, held or not: as typed


def test_bets_taken_back_before_a_deal_with_no_bets_are_not_exported(tmp_path, capsys):
    """Undo or Clear All Bets before the deal left a round with no bets: the empty layout is the record
    (QA: the export fell back to the bets placed, showing a 500 banker bet nobody had, and named the
    undo, which names no stake, as a problem)."""
    for take_back in ("undo", "clear"):
        path = tmp_path / f"{take_back}.sqlite"
        session = baccarat(path)
        assert session.place(4, Bet.BANKER, D("500")) is None
        getattr(session, take_back)()
        assert session.deal() is None
        deal(session, "2S", "QD", "8S", "8H")
        session.close()
        (record,) = exported(path)
        assert record["bets"] == [] and record["settlement"]["bets"] == []
        assert not any("problem" in o for o in record["other"])
        rows = list(csv.DictReader(io.StringIO(export_cli(capsys, path, "csv"))))
        assert [(r["seat"], r["stake"]) for r in rows] == [("", "")]


def test_bets_on_the_layout_at_a_new_shoe_stay_for_its_first_round_and_the_export_says_where_they_went(tmp_path):
    """QA: Ctrl+N with a Tie 100 and a Banker 500 on the layout took them off with no word, and the export
    kept an "open" round holding 600.00 never dealt."""
    path = tmp_path / "j.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.PLAYER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")  # Player 9 natural
    assert session.next_round() is None
    assert session.place(2, Bet.TIE, D("100")) is None and session.place(3, Bet.BANKER, D("500")) is None
    assert session.new_shoe() is None
    on_layout = [(w.seat, w.bet.value, w.stake) for w in session.state.betting.layout.wagers()]
    assert on_layout == [(2, "tie", D("100.00")), (3, "banker", D("500.00"))]
    session.close()
    again = baccarat(path)  # a restart starts from the new shoe's entry: the bets are there too
    assert [(w.seat, w.bet.value, w.stake) for w in again.state.betting.layout.wagers()] == on_layout
    assert again.state.shoe_no == 2 and again.deal() is None
    deal(again, "2S", "KH", "QD", "9C")  # Banker 9 natural beats Player 2
    again.close()
    records = exported(path)
    carried = [r for r in records if r["status"] == "carried_over"]
    assert [(r["shoe"], r["round"], r["carried_to"]) for r in carried] == [(1, 2, {"shoe": 2, "round": 1})]
    (played,) = [r for r in records if (r["shoe"], r["round"]) == (2, 1)]
    assert [(b["bet"], b["result"], b["pays"]) for b in played["settlement"]["bets"]] == [
        ("tie", "lose", "0.00"), ("banker", "win", "475.00")]


def test_a_round_begun_and_never_dealt_with_nothing_in_it_is_no_exported_round(tmp_path):
    """QA: one empty "open" round per blackjack deck change (30 rows in a 150-round CSV)."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    for deck in range(2):
        assert session.place(1, D("25")) is None and session.deal() is None
        deal(session, "TH", "7C", "8S")
        assert session.stand() is None
        deal(session, "KC")
        assert session.next_round() is None
        assert session.start_deck_check() is None and session.return_stub() is None
        for code in ("TH", "7C", "8S", "KC"):
            assert session.enter_card(code) is None
        assert session.new_deck() is None
    session.close()
    records = [r for r in exported(path) if "round" in r]
    assert all(r["cards"] for r in records[:-1]) and len([r for r in records if r["cards"]]) == 2


def test_blackjack_bets_carried_through_a_new_deck_are_the_played_rounds_and_the_old_round_says_so(tmp_path):
    """QA: the round played with them listed no bets beside its settlement, the old one stayed "open" with them."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path))
    assert session.place(1, D("25")) is None
    deal(session, "TH", "7C", "KS")
    assert session.stand() is None
    deal(session, "QH")
    assert session.next_round() is None and session.place(2, D("100")) is None
    assert session.start_deck_check() is None and session.return_stub() is None
    assert session.new_deck("", "", "cards lost") is None
    deal(session, "9H", "8C", "TS")
    assert session.stand() is None
    deal(session, "9D")
    session.close()
    rounds = [r for r in exported(path) if "round" in r]
    (carried,) = [r for r in rounds if r["status"] == "carried_over"]
    assert (carried["shoe"], carried["round"], carried["carried_to"]) == (1, 2, {"shoe": 2, "round": 2})
    (played,) = [r for r in rounds if (r["shoe"], r["round"]) == (2, 2)]
    assert played["bets"] == [{"bet": "main", "seat": 2, "stake": "100.00"}] and played["settlement"] is not None


def test_bets_carried_through_two_new_shoes_name_the_round_they_were_played_in(tmp_path):
    path = tmp_path / "j.sqlite"
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None
    assert session.new_shoe() is None and session.new_shoe() is None
    assert session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")
    session.close()
    records = exported(path)
    chain = {(r["shoe"], r["round"]): r.get("carried_to") for r in records if r["status"] == "carried_over"}
    # Each round says where its bets went, to the one they were dealt in (QA: shoe 2's stayed "open").
    assert chain == {(1, 1): {"shoe": 2, "round": 1}, (2, 1): {"shoe": 3, "round": 1}}
    played = [r for r in records if r["status"] == "complete"]
    assert [(r["shoe"], r["round"]) for r in played] == [(3, 1)]
    assert played[0]["bets"] == [{"bet": "banker", "seat": 1, "stake": "25.00"}]


def test_the_export_names_the_supervisors_a_journal_records_but_never_their_pin_hashes(tmp_path):
    """QA: every JSON export carried the PIN hashes (all 4-digit PINs tried in 35 minutes)."""
    path = tmp_path / "j.sqlite"
    baccarat(path).close()
    (entry,) = [e for e in table_entries(Journal.open(path, readonly=True).entries()) if e["kind"] == "roster"]
    assert entry["supervisors"] == ["ana"] and "scrypt" not in json.dumps(entry)


def _shoe_start_rules(out: str) -> dict:
    table = json.loads(out.strip().splitlines()[-1])["table"]
    return next(e for e in table if e["kind"] == "shoe_start")["rules"]


def test_blackjack_double_totals_export_as_a_json_list_and_an_older_journal_s_repr_still_reads(tmp_path, capsys):
    """QA: the export (and the journal) wrote double_totals as "frozenset({9, 10, 11})", Python's repr."""
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path))
    session.close()
    assert _shoe_start_rules(export_cli(capsys, path, "json"))["house"]["double_totals"] == [9, 10, 11]
    old = tmp_path / "old.sqlite"  # as a table before this wrote its shoe_start
    with Journal.open(path, readonly=True) as journal:
        (start,) = [e.payload for e in journal.entries() if e.kind == "shoe_start"]
    start["rules"]["house"]["double_totals"] = "frozenset({9, 10, 11})"
    with Journal.open(old) as journal:
        journal.append("shoe_start", start)
    assert _shoe_start_rules(export_cli(capsys, old, "json"))["house"]["double_totals"] == [9, 10, 11]
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(old))  # the same rules: not refused
    try:
        assert again.state.rules.house.double_totals == frozenset({9, 10, 11})
    finally:
        again.close()


def test_a_split_hand_s_cards_export_at_the_hand_they_ended_in(tmp_path, capsys):
    """QA: after a split, 8S (journaled at seat 2 hand 0, where it was dealt) stayed ``seat2.h0`` in the
    export, though it was hand 2's first card; the outcome was right."""
    path = split_round(tmp_path / "bj.sqlite", seat=2)
    (record, _) = [json.loads(line) for line in export_cli(capsys, path, "json").splitlines()]
    assert [(c["card"], c["position"]) for c in record["cards"]] == [
        ("8H", "seat2.h0"), ("6C", "dealer"), ("8S", "seat2.h1"), ("TC", "seat2.h0"), ("9D", "seat2.h1"),
        ("TD", "dealer"), ("KD", "dealer")]
