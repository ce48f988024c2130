"""``journal summary``: a shift's totals from journals written by real table sessions (qaW F5: the pit boss
had only the export's rounds, one by one, to sum by hand).  The expected sums are worked out here from the
seeds' payoffs (Banker 0.95:1 after its 5% commission, Player 1:1), not taken from the program."""

from __future__ import annotations

import json
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from test_journal_export import baccarat, deal, exported, split_round


def summary(capsys, path, *options) -> dict:
    assert main(["journal", "summary", str(path), "--json", *options]) == 0
    return json.loads(capsys.readouterr().out)


def shift(path) -> None:
    """Round 1 settled; round 2 settled, voided as a misdeal and dealt again; round 3 left open."""
    session = baccarat(path)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.place(2, Bet.PLAYER, D("10")) is None
    assert session.place(3, Bet.TIE, D("5")) is None and session.deal() is None
    deal(session, "2S", "3H", "KD", "5C")  # Player 2, Banker 8 natural: the banker wins
    assert session.next_round() is None
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")  # Player 9: the banker bet lost
    assert session.void_round("ana", "4821", "misdeal: cards exposed") is None
    assert session.deal() is None
    deal(session, "2D", "3S", "KC", "5H")  # dealt again: Banker 8, the banker bet wins
    assert session.next_round() is None
    assert session.place(4, Bet.PLAYER, D("50")) is None and session.deal() is None
    deal(session, "4S", "4H")  # the table closed mid-round
    session.close()


def test_a_shift_sums_the_rounds_as_they_finally_stood(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    shift(path)
    got = summary(capsys, path)
    banker_back = D("25") + D("25") * D("0.95")  # 48.75 each round
    assert (got["rounds"], got["open_rounds"], got["corrections"], got["settlements_taken_back"]) == (
        2, ["shoe 1 round 3"], 1, 1)
    bac = got["games"]["baccarat"]
    assert D(bac["stakes"]) == D("65.00")  # 25 + 10 + 5, then 25; the open round's 50 is no stake settled
    assert D(bac["returned"]) == 2 * banker_back
    assert D(bac["house"]) == D("65.00") - 2 * banker_back == D("-32.50")
    assert D(bac["commission"]) == 2 * D("1.25")
    by_bet = bac["by_bet"]
    assert (by_bet["banker"]["bets"], by_bet["banker"]["won"], D(by_bet["banker"]["house"])) == (
        2, 2, D("50") - 2 * banker_back)
    assert (by_bet["player"]["lost"], D(by_bet["player"]["house"])) == (1, D("10.00"))
    assert (by_bet["tie"]["lost"], D(by_bet["tie"]["house"])) == (1, D("5.00"))
    assert main(["journal", "summary", str(path)]) == 0  # the text a pit boss reads
    text = capsys.readouterr().out
    assert "2 round(s) settled" in text and "shoe 1 round 3" in text and "the house lost 32.50" in text


def test_from_and_to_keep_the_rounds_that_ended_between_them(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    shift(path)
    first, second, _ = exported(path)
    after_first = first["ended"].replace("Z", "+00:00")
    assert summary(capsys, path, "--to", after_first)["rounds"] == 0  # round 1 ended at that time, not before
    later = summary(capsys, path, "--from", after_first)
    assert later["rounds"] == 2 and later["games"]["baccarat"]["stakes"] == "65.00"
    only_second = summary(capsys, path, "--from", second["started"].replace("Z", "+00:00"))
    assert only_second["rounds"] == 1 and only_second["games"]["baccarat"]["stakes"] == "25.00"
    assert summary(capsys, path, "--from", "2999-01-01T00:00")["rounds"] == 0


def test_a_blackjack_split_counts_each_hand(tmp_path, capsys):
    got = summary(capsys, split_round(tmp_path / "bj.sqlite", 2))
    main_bets = got["games"]["blackjack"]["by_bet"]["main"]
    # 25 split into two hands of 25; the dealer busts: each hand gets its 25 back and 25 won.
    assert (main_bets["bets"], main_bets["won"], D(main_bets["stakes"]), D(main_bets["returned"])) == (
        2, 2, D("50.00"), D("100.00"))
    assert D(got["games"]["blackjack"]["house"]) == D("-50.00")


def test_a_time_that_cannot_be_read_is_refused_by_name(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    shift(path)
    assert main(["journal", "summary", str(path), "--from", "yesterday"]) != 0
    assert "'yesterday' cannot be read" in capsys.readouterr().err
    assert main(["journal", "summary", str(path), "--from", "2026-12-06T15:00", "--to", "2026-12-06T14:00"]) != 0
    assert "is not after --from" in capsys.readouterr().err


def test_an_amount_that_is_no_number_is_counted_as_nothing_and_said():
    from dealer_assist.table.shift_totals import shift_totals

    record = {"round": 1, "shoe": 1, "game": "baccarat", "status": "complete", "ended": "2026-12-06T14:00:00Z",
              "settlement": {"totals": {"stakes": "10.00", "paid": "10.00", "commission": "0.00", "house": "-10.00"},
                             "bets": [{"bet": "player", "stake": "10.00", "returns": "2O.00", "result": "win"}]}}
    totals = shift_totals([record])
    assert totals.unreadable_amounts == 1 and totals.to_json()["unreadable_amounts"] == 1
    assert totals.games["baccarat"].by_bet["player"].returned == D("0.00")


def test_a_round_corrected_in_the_next_shift_is_named_in_both_shifts_summaries(tmp_path, capsys):
    """qaAE F11: a round settled in shift 1 and corrected in shift 2 moved, whole, into shift 2: rerun later,
    shift 1's summary no longer had it, with no word of it, and its signed figure could not be reconciled."""
    from datetime import timedelta

    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.journal import Journal
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules
    from test_round_times import FIRST, Clock

    path = tmp_path / "bac.sqlite"
    clock = Clock()
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path, clock=clock), odds=False)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    deal(session, "9S", "KH", "QD", "5C")  # Player 9 natural: the banker bet lost, settled in shift 1
    clock.now = FIRST + timedelta(hours=1)  # shift 2: the last card was misread
    assert session.void_last_card(why="the banker's second card was a 9") is None
    deal(session, "9C")  # Banker 9 too: a tie, the banker bet pushes
    session.close()
    change = (FIRST + timedelta(minutes=30)).isoformat()
    first = summary(capsys, path, "--to", change)
    assert first["rounds"] == 0 and first["corrected_later"] == ["shoe 1 round 1"]
    second = summary(capsys, path, "--from", change)
    assert second["rounds"] == 1 and second["corrected_from_earlier"] == ["shoe 1 round 1"]
    assert second["corrected_later"] == [] and summary(capsys, path)["corrected_from_earlier"] == []
    assert main(["journal", "summary", str(path), "--to", change]) == 0
    assert "NOTE: shoe 1 round 1 was settled in this window and its settlement taken back by a correction after the " \
        "window's end" in capsys.readouterr().out


def _clocked(path):
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.journal import Journal
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules
    from test_round_times import Clock

    clock = Clock()
    return TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path, clock=clock),
                        odds=False), clock


def test_a_misdeal_called_after_the_window_on_a_round_settled_in_it_is_named_in_both_windows(tmp_path, capsys):
    """rev24 E3: a round settled in window A (20:00), voided as a misdeal at 20:05 and its bets carried to a new
    shoe's round settled at 20:07: window B counted those bets with no word, window A's signed figure was gone."""
    from datetime import timedelta

    from test_round_times import FIRST

    path = tmp_path / "bac.sqlite"
    session, clock = _clocked(path)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")
    clock.now = FIRST + timedelta(minutes=5)
    assert session.void_round(why="misdeal") is None
    assert session.new_shoe() is None
    clock.now = FIRST + timedelta(minutes=7)
    assert session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")
    session.close()
    change = (FIRST + timedelta(minutes=5)).isoformat()
    first = summary(capsys, path, "--to", change)
    assert first["rounds"] == 0 and first["corrected_later"] == ["shoe 1 round 1"]
    second = summary(capsys, path, "--from", change)
    assert second["rounds"] == 1 and second["carried_from_earlier"] == ["shoe 1 round 1 to shoe 2 round 1"]
    assert second["corrected_later"] == [] and second["corrected_from_earlier"] == []
    assert main(["journal", "summary", str(path), "--from", change]) == 0
    assert "NOTE: shoe 1 round 1 to shoe 2 round 1: settled before this window, then voided as a misdeal" in \
        capsys.readouterr().out
    assert summary(capsys, path)["carried_from_earlier"] == []  # one window holds it all: nothing to reconcile


def test_a_round_first_settled_in_the_later_window_is_not_said_to_be_in_the_earlier_ones_summary(tmp_path, capsys):
    """rev24 E3b: begun at 19:59:50, first settled at 20:00:30, corrected at 20:05: the summary to 20:00 never
    counted it, yet both summaries said "a summary of the earlier window ... counted its first settlement"."""
    from datetime import timedelta

    from test_round_times import FIRST

    path = tmp_path / "bac.sqlite"
    session, clock = _clocked(path)
    clock.now = FIRST - timedelta(seconds=10)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    clock.now = FIRST + timedelta(seconds=30)
    deal(session, "9S", "8H", "TC", "KD")
    clock.now = FIRST + timedelta(minutes=5)
    assert session.correct_bets(why="wrong bet") is None
    assert session.place(1, Bet.PLAYER, D("10")) is None and session.remove(1, Bet.BANKER, D("10")) is None
    assert session.deal() is None
    session.close()
    change = FIRST.isoformat()
    first = summary(capsys, path, "--to", change)
    assert first["rounds"] == 0 and first["corrected_later"] == []
    second = summary(capsys, path, "--from", change)
    assert second["rounds"] == 1 and second["corrected_from_earlier"] == []
    assert second["settlements_taken_back"] == 1


def test_bets_reopened_and_never_settled_again_are_not_said_to_be_settled_again(tmp_path, capsys):
    """rev24 (pre-existing): a round whose bets were reopened and never settled again was summed as "1
    settlement(s) taken back and settled again"; it is open, no money counted."""
    path = tmp_path / "bac.sqlite"
    session, _ = _clocked(path)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")
    assert session.correct_bets(why="wrong bet") is None
    session.close()
    got = summary(capsys, path)
    assert (got["settlements_taken_back"], got["settlements_reopened"], got["rounds"]) == (1, 1, 0)
    assert got["open_rounds"] == ["shoe 1 round 1"]
    assert main(["journal", "summary", str(path)]) == 0
    text = capsys.readouterr().out
    assert "settled again" not in text.replace("not settled again", ""), text
    assert "1 taken back and not settled again (its round open: no money counted)" in text


def _three_windows(path, capsys) -> tuple:
    """The summaries of A (to 20:10), B (20:10 to 20:20) and C (from 20:20), each with its text."""
    from datetime import timedelta

    from test_round_times import FIRST

    bounds = [(FIRST + timedelta(minutes=m)).isoformat() for m in (10, 20)]
    got = []
    for window in (("--to", bounds[0]), ("--from", bounds[0], "--to", bounds[1]), ("--from", bounds[1])):
        one = summary(capsys, path, *window)
        assert main(["journal", "summary", str(path), *window]) == 0
        got.append((one, capsys.readouterr().out))
    return tuple(got)


def test_a_round_settled_in_one_window_reopened_in_the_next_and_settled_in_a_third_is_named_in_the_third(
        tmp_path, capsys):
    """rev27 F1: settled in A (20:00), bets reopened in B (20:15), settled again in C (20:25): C counted it with
    no word, though A's summary signed at 20:10 held its first settlement; C names it with both times."""
    from datetime import timedelta

    from test_round_times import FIRST

    path = tmp_path / "bac.sqlite"
    session, clock = _clocked(path)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")  # Player 9: the banker bet lost, the house +10 in A
    clock.now = FIRST + timedelta(minutes=15)
    assert session.correct_bets(why="the bet was on the player") is None
    clock.now = FIRST + timedelta(minutes=25)
    assert session.place(1, Bet.PLAYER, D("10")) is None and session.remove(1, Bet.BANKER, D("10")) is None
    assert session.deal() is None
    session.close()
    (a, _), (b, _), (c, text) = _three_windows(path, capsys)
    first = exported(path)[0]["voided_settlements"][0]
    assert a["rounds"] == 0 and a["corrected_later"] == ["shoe 1 round 1"]
    assert b["rounds"] == 0 and b["corrected_from_earlier"] == []  # nothing of it counted in B
    assert c["rounds"] == 1 and c["games"]["baccarat"]["house"] == "-10.00"
    assert c["corrected_from_earlier"] == ["shoe 1 round 1"]
    assert c["earlier_settlements"] == [{"round": "shoe 1 round 1", "settled": first["round_ended"],
                                         "taken_back": first["voided_at"]}]
    assert "NOTE: shoe 1 round 1 was settled before this window and settled again here" in text
    assert f"(shoe 1 round 1 settled at {first['round_ended']}, taken back at {first['voided_at']})" in text


def test_a_misdeal_in_the_next_window_carried_to_a_round_of_a_third_is_named_in_the_third(tmp_path, capsys):
    """rev27 F1: settled in A (20:00), voided as a misdeal in B (20:15), its bets carried to a new shoe's round
    dealt in C (20:25): C's carried_from_earlier stayed empty unless the misdeal fell in C too."""
    from datetime import timedelta

    from test_round_times import FIRST

    path = tmp_path / "bac.sqlite"
    session, clock = _clocked(path)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")
    clock.now = FIRST + timedelta(minutes=15)
    assert session.void_round(why="misdeal") is None
    assert session.new_shoe() is None
    clock.now = FIRST + timedelta(minutes=25)
    assert session.deal() is None
    deal(session, "9S", "8H", "TC", "KD")
    session.close()
    (a, _), (b, _), (c, text) = _three_windows(path, capsys)
    first = exported(path)[0]["voided_settlements"][0]
    assert a["corrected_later"] == ["shoe 1 round 1"] and b["rounds"] == 0 and b["carried_from_earlier"] == []
    # The misdeal, and its correction, count where it was called (B), not where its round began (A).
    assert (a["voided_rounds"], a["corrections"], a["settlements_taken_back"], a["voided_carried"]) == (0, 0, 0, [])
    assert (b["voided_rounds"], b["corrections"], b["settlements_voided"], b["voided_carried"]) == (
        1, 1, 1, ["shoe 1 round 1 to shoe 2 round 1"])
    assert c["rounds"] == 1 and c["carried_from_earlier"] == ["shoe 1 round 1 to shoe 2 round 1"]
    assert c["corrected_from_earlier"] == []
    assert c["earlier_settlements"] == [{"round": "shoe 1 round 1", "settled": first["round_ended"],
                                         "taken_back": first["voided_at"]}]
    assert "NOTE: shoe 1 round 1 to shoe 2 round 1: settled before this window, then voided as a misdeal" in text
