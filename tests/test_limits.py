"""Table limits changed at run time: the pure reducer's rule, the supervisor's PIN, the journal and recovery."""

from dataclasses import replace
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.bets import LimitError, TableLimits
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import RulesMismatchError, TableSession
from dealer_assist.table.state import TableError, TablePhase, TableRules, TableState, apply
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, WrongPinError, hash_pin

FAST = 2 ** 10  # a low scrypt cost: the cost itself is tested in test_supervisor.py
NATURAL = ("9S", "KH", "QD", "5C")  # Player 9 against Banker 5: settled after four cards


def rules() -> TableRules:
    return TableRules(shoe=ShoeRules(burn=False))


#: Hashed once, as a config file keeps it: the journal binds the table to its supervisors' hashes.
ANA = Supervisor("ana", hash_pin("4821", n=FAST))


def roster() -> SupervisorRoster:
    return SupervisorRoster([ANA])


def betting_state() -> TableState:
    return TableState.new(rules())


def play(state: TableState, *ops: dict) -> TableState:
    for op in ops:
        state = apply(state, op)
    return state


def place(seat: int, bet: str, amount: str) -> dict:
    return {"op": "place", "seat": seat, "bet": bet, "amount": amount}


def cards(*codes: str) -> list[dict]:
    return [{"op": "card", "card": c} for c in codes]


def tie_max(value: str) -> dict:
    return {"op": "set_limits", "limits": {"max": {"tie": value}}}


# -- the pure reducer -------------------------------------------------------------------------------
@pytest.mark.parametrize("limits, named", [
    ({"max": {"tie": "-5"}}, "'-5'"),
    ({"max": {"tie": "10.005"}}, "'10.005'"),
    ({"min": {"banker": "abc"}}, "'abc'"),
    ({"min": {"tie": "600"}}, "600.00"),
    ({"max": {"tie": "0"}}, "Tie maximum 0.00"),
    ({"max": {"tye": "100"}}, "'tye'"),
    ({"max_payout": "0"}, "payout per seat 0.00"),
    ({"max_payout": 100.5}, "100.5"),
    ({"maximum": {"tie": "100"}}, "'maximum'"),
    ({"max": ["tie", "100"]}, "['tie', '100']"),
    ("tie=100", "'tie=100'"),
])
def test_invalid_limits_are_refused_naming_the_bad_value_and_change_nothing(limits, named):
    state = play(betting_state(), place(1, "banker", "25"))
    with pytest.raises(TableError) as info:
        apply(state, {"op": "set_limits", "limits": limits})
    assert named in str(info.value) and "limits refused" in str(info.value)
    assert state.rules.limits == TableLimits() and state.betting.limits == TableLimits()


def test_a_minimum_above_its_maximum_names_both():
    with pytest.raises(TableError, match="Tie minimum 600.00 is above its maximum 500.00"):
        apply(betting_state(), {"op": "set_limits", "limits": {"min": {"tie": "600"}}})


def test_new_limits_apply_to_the_next_chip_and_keep_what_they_do_not_name():
    state = apply(betting_state(), {"op": "set_limits", "limits": {"max": {"tie": "100"}, "min": {"tie": "5"}}})
    limits = state.rules.limits
    assert (limits.min_for(Bet.TIE), limits.max_for(Bet.TIE)) == (D("5.00"), D("100.00"))
    assert limits.max_for(Bet.BANKER) == TableLimits().max_for(Bet.BANKER)
    assert state.betting.limits == limits
    state = play(state, place(1, "tie", "100"))
    with pytest.raises(TableError, match=r"seat 1 Tie 101.00 is above the Tie maximum of 100.00: the bets stay as "
                                         r"they were; bet at most 100.00 there .*supervisor raises the limit \(L\)"):
        apply(state, place(1, "tie", "1"))
    with pytest.raises(TableError, match="below the Tie minimum of 5.00"):
        play(state, place(2, "tie", "1"), {"op": "deal"})


def test_the_same_limits_again_is_refused_as_no_change():
    state = apply(betting_state(), tie_max("100"))
    with pytest.raises(TableError, match="already the table's limits"):
        apply(state, tie_max("100.00"))


def test_refused_while_an_open_bet_breaks_them_accepted_once_the_bet_fits():
    state = play(betting_state(), place(1, "tie", "200"), place(2, "banker", "3"))
    with pytest.raises(TableError, match="seat 1 Tie 200.00 is outside the new Tie limits 1.00 to 100.00"):
        apply(state, tie_max("100"))
    with pytest.raises(TableError, match="seat 2 Banker 3.00 is outside the new Banker limits 5.00"):
        apply(state, {"op": "set_limits", "limits": {"min": {"banker": "5"}}})
    with pytest.raises(TableError, match="could win 1600.00.*1000.00"):  # a tie of 200 pays 8:1
        apply(state, {"op": "set_limits", "limits": {"max_payout": "1000"}})
    fitted = play(state, {"op": "remove", "seat": 1, "bet": "tie", "amount": "100"}, tie_max("100"))
    assert fitted.betting.layout.get(1, Bet.TIE) == D("100.00")
    # the undo history starts again: undoing back to the 200 on the Tie would slip past the new maximum
    with pytest.raises(TableError, match="nothing to undo"):
        apply(fitted, {"op": "undo"})


def test_refused_while_a_round_is_dealt_allowed_once_it_is_settled():
    dealing = play(betting_state(), place(1, "tie", "200"), *cards("9S", "KH"))
    assert dealing.phase == TablePhase.DEALING
    with pytest.raises(TableError, match="while a round is being dealt"):
        apply(dealing, tie_max("100"))
    settled = play(dealing, *cards("QD", "5C"))
    assert settled.phase == TablePhase.SETTLED
    changed = apply(settled, tie_max("100"))  # the settled 200 stays as it was paid
    assert changed.settlement == settled.settlement and changed.rules.limits.max_for(Bet.TIE) == D("100.00")
    nxt = apply(changed, {"op": "next_round"})
    with pytest.raises(TableError, match="seat 1 Tie 200.00 is above the Tie maximum of 100.00"):
        apply(nxt, {"op": "rebet"})


def test_a_void_after_the_change_keeps_the_new_limits_and_the_reopened_bets_must_fit_them():
    settled = play(betting_state(), place(1, "tie", "200"), *cards(*NATURAL))
    changed = apply(settled, tie_max("100"))
    voided = apply(changed, {"op": "void_round"})
    assert voided.phase == TablePhase.BETTING and voided.betting.layout.get(1, Bet.TIE) == D("200.00")
    assert voided.rules.limits == voided.betting.limits == changed.rules.limits
    with pytest.raises(TableError, match="card 9S refused: seat 1 Tie 200.00 is above the Tie maximum of 100.00"):
        apply(voided, {"op": "card", "card": "9S"})
    with pytest.raises(TableError, match="above the Tie maximum of 100.00"):
        apply(voided, {"op": "deal"})
    card_voided = apply(changed, {"op": "void_card"})
    assert card_voided.rules.limits == card_voided.betting.limits == changed.rules.limits


def test_a_new_shoe_keeps_the_limits_in_force():
    state = play(betting_state(), tie_max("100"), *cards(*NATURAL), {"op": "new_shoe"})
    assert state.shoe_no == 2 and state.rules.limits.max_for(Bet.TIE) == D("100.00")
    assert state.betting.limits.max_for(Bet.TIE) == D("100.00")


def test_the_config_file_and_the_table_share_one_check():
    with pytest.raises(LimitError, match="Tie maximum: invalid amount '-5'"):
        TableLimits.from_mapping({"max": {"tie": "-5"}})
    assert TableLimits.from_mapping({}) == TableLimits()
    changed = TableLimits().with_changes({"max": {"tie": "100"}})
    assert TableLimits.from_mapping(changed.to_mapping()) == changed


# -- the session: the supervisor's PIN, the journal on a real SQLite file, recovery ---------------------
def entries(path, kind):
    journal = Journal.open(path, readonly=True)
    try:
        return [e.payload for e in journal.entries() if e.kind == kind]
    finally:
        journal.close()


def test_a_limit_change_needs_the_pin_is_journaled_and_survives_a_restart(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(rules(), Journal.open(path), supervisors=roster(), odds=False)
    assert session.place(1, Bet.TIE, D("100")) is None
    before = session.state
    assert "name and PIN" in session.set_limits({"max": {"tie": "100"}}, why="high roller left")
    assert "none was given" in session.set_limits({"max": {"tie": "100"}}, "ana", "", "high roller left")
    assert "wrong PIN" in session.set_limits({"max": {"tie": "100"}}, "ana", "0000", "high roller left")
    assert session.state == before and session.state.rules.limits == TableLimits()
    assert session.set_limits({"max": {"tie": "100"}}, "ana", "4821", "high roller left") is None
    assert session.state.rules.limits.max_for(Bet.TIE) == D("100.00")
    assert "above the Tie maximum of 100.00" in session.place(1, Bet.TIE, D("5"))
    session.close()

    refused = entries(path, "pin_refused")
    assert [(p["supervisor"], p["failures"], p["action"]) for p in refused] == [("ana", 1, "change_limits")]
    (correction,) = entries(path, "correction")
    assert correction["op"] == "set_limits" and correction["why"] == "high roller left"
    assert correction["correction"]["supervisor"] == "ana"
    assert correction["correction"]["reason"] == "high roller left"
    assert correction["correction"]["action"] == "change_limits" and correction["correction"]["time"]
    assert correction["limits"]["max"]["tie"] == "100.00" and correction["was"]["max"]["tie"] == "500.00"
    assert correction["limits"]["max"]["banker"] == "5000.00"  # every limit in force is written down

    # restart with the unchanged configuration: the journal's limits come back, and so does the lockout count
    again_roster = roster()
    again = TableSession(rules(), Journal.open(path), supervisors=again_roster, odds=False)
    assert again.state.rules.limits == again.state.betting.limits
    assert again.state.rules.limits.max_for(Bet.TIE) == D("100.00")
    assert again.state.betting.layout.get(1, Bet.TIE) == D("100.00")
    assert "above the Tie maximum of 100.00" in again.place(1, Bet.TIE, D("5"))
    for code in NATURAL:
        again.enter_card(code)
    assert again.new_shoe() is None
    assert again.state.shoe_no == 2 and again.state.rules.limits.max_for(Bet.TIE) == D("100.00")
    again.close()
    assert entries(path, "shoe_start")[-1]["limits"]["max"]["tie"] == "100.00"
    third = TableSession(rules(), Journal.open(path), supervisors=roster(), odds=False)
    assert third.state.shoe_no == 2 and third.state.rules.limits.max_for(Bet.TIE) == D("100.00")
    third.close()


def test_invalid_limits_with_the_right_pin_are_refused_and_cost_no_pin_try(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(rules(), Journal.open(path), supervisors=roster(), odds=False)
    before = session.state
    error = session.set_limits({"min": {"tie": "12.345"}}, "ana", "0000", "new tie minimum")
    assert "12.345" in error and "more than two decimals" in error and session.state == before
    assert session.snapshot.message == error  # shown to the croupier
    error = session.set_limits({"min": {"player": "6000"}}, "ana", "4821", "new minimum")
    assert "Player minimum 6000.00 is above its maximum 5000.00" in error and session.state == before
    assert "say why" in session.set_limits({"max": {"tie": "100"}}, "ana", "4821", "  ")
    session.close()
    assert entries(path, "pin_refused") == [] and entries(path, "correction") == []


def test_without_a_roster_a_reason_is_enough_and_is_journaled(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(rules(), Journal.open(path), odds=False)
    assert "say why" in session.set_limits(TableLimits().with_changes({"max": {"tie": "100"}}))
    assert session.state.rules.limits == TableLimits()
    assert session.set_limits(TableLimits().with_changes({"max": {"tie": "100"}}), why="quiet night") is None
    session.close()
    (correction,) = entries(path, "correction")
    assert correction["correction"]["supervisor"] is None and correction["correction"]["reason"] == "quiet night"


def test_limits_edited_in_the_config_file_of_a_running_journal_are_refused(tmp_path):
    """The recorded rules are the ones the journal began with: a changed file would be an unrecorded change."""
    path = tmp_path / "j.sqlite"
    TableSession(rules(), Journal.open(path), odds=False).close()
    edited = replace(rules(), limits=TableLimits().with_changes({"max": {"tie": "100"}}))
    journal = Journal.open(path)
    with pytest.raises(RulesMismatchError, match=r"limits\.maximum\.tie: recorded .500\.00., now .100\.00."):
        TableSession(edited, journal, odds=False)
    journal.close()


def test_the_replay_of_a_journal_changes_the_limits_where_the_table_did(tmp_path):
    from dealer_assist.sources.replay import ReplaySource

    path = tmp_path / "j.sqlite"
    session = TableSession(rules(), Journal.open(path), supervisors=roster(), odds=False)
    session.place(1, Bet.TIE, D("200"))
    session.deal()
    for code in NATURAL:
        session.enter_card(code)
    assert session.set_limits({"max": {"tie": "100"}}, "ana", "4821", "tie maximum lowered") is None
    session.next_round()
    assert "above the Tie maximum of 100.00" in session.rebet()
    session.close()
    replayed = TableSession(rules(), None, odds=False)
    source = ReplaySource(path, interval=0)
    source.set_sink(replayed.handle)
    limits_seen = []
    while source.step() is not None:
        limits_seen.append(replayed.state.rules.limits.max_for(Bet.TIE))
    assert limits_seen[0] == D("500.00") and limits_seen[-1] == D("100.00")
    assert replayed.state.history[0].wagers[0].stake == D("200.00")
    assert not any(a.code == "replay" for a in replayed.snapshot.alerts)
    replayed.close()


def test_the_export_keeps_the_change_with_its_round_and_does_not_void_it(tmp_path):
    from dealer_assist.table.export import rounds_from_entries

    path = tmp_path / "j.sqlite"
    session = TableSession(rules(), Journal.open(path), supervisors=roster(), odds=False)
    session.place(1, Bet.BANKER, D("25"))
    for code in NATURAL:
        session.enter_card(code)
    session.set_limits({"max": {"tie": "100"}}, "ana", "4821", "tie maximum lowered")
    session.close()
    journal = Journal.open(path, readonly=True)
    (first,) = rounds_from_entries(journal.entries())
    journal.close()
    assert first["status"] == "complete"
    # Listed apart: a limit change corrects no round's play (qaAX M1: it counted as one of the round's corrections).
    assert first["corrections"] == []
    assert [(c["op"], c["correction"]["action"]) for c in first["limit_changes"]] == [("set_limits", "change_limits")]


# -- blackjack: the seat minimum and maximum, the same way ----------------------------------------------
def test_blackjack_seat_limits_under_a_pin_journaled_and_recovered(tmp_path):
    from blackjack_rounds import play_standing
    from dealer_assist.sources.virtual import VirtualShoe
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules

    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(), Journal.open(path), roster=roster())
    assert session.place(1, D("100")) is None and session.place(2, D("25")) is None
    before = session.state
    assert "wrong PIN" in session.set_limits("10", "100", "ana", "1111", "seat limits up")
    assert "seat 2 has 25.00, outside the new limits 50.00 to 100.00" in session.set_limits(
        "50", "100", "ana", "4821", "seat limits up")
    assert "seat minimum 20.00 is above the seat maximum 10.00" in session.set_limits(
        "20", "10", "ana", "4821", "typo")
    assert "'-1'" in session.set_limits("-1", "100", "ana", "4821", "typo")
    assert session.state == before
    assert session.set_limits("10", "100", "ana", "4821", "seat limits up") is None
    assert (session.state.rules.min_bet, session.state.rules.max_bet) == (D("10.00"), D("100.00"))
    assert "over the seat maximum 100.00" in session.place(1, D("5"))
    shoe = VirtualShoe(decks=1, seed=4, interval=3600, demand=session.card_due)
    shoe.start(session.handle)
    try:
        assert session.deal() is None
        assert "while a round is being played" in session.set_limits("10", "50", "ana", "4821", "x")
        play_standing(session, shoe)
    finally:
        shoe.stop()
    assert session.state.phase == BlackjackPhase.SETTLED
    settled = session.state
    assert session.set_limits("5", "50", "ana", "4821", "back to the usual") is None
    while session.state.phase != BlackjackPhase.BETTING:  # void back to before the deal: the old stakes reopen
        assert session.void_last("ana", "4821", why="replay the round") is None
        assert (session.state.rules.min_bet, session.state.rules.max_bet) == (D("5.00"), D("50.00"))
    assert session.state.bets == settled.bets
    assert "seat 1 has 100.00, above the seat maximum 50.00" in session.deal()
    assert session.clear(1) is None and session.deal() is None
    assert session.void_last("ana", "4821", why="no: play it again later") is None
    assert session.place(1, D("100")) is not None and session.state.phase == BlackjackPhase.BETTING
    shown = session.state
    session.close()
    (refused,) = entries(path, "pin_refused")
    assert refused["supervisor"] == "ana" and refused["action"] == "change_limits"
    first, second = [p for p in entries(path, "correction") if p.get("op") == "set_limits"]
    assert first["correction"]["supervisor"] == "ana" and first["was"] == {"min_bet": "5.00", "max_bet": "500.00"}
    assert (second["min_bet"], second["max_bet"], second["correction"]["reason"]) == ("5.00", "50.00",
                                                                                     "back to the usual")
    again_roster = roster()
    again = BlackjackSession(BlackjackTableRules(), Journal.open(path), roster=again_roster)
    assert (again.state.rules.min_bet, again.state.rules.max_bet) == (D("5.00"), D("50.00"))
    assert (again.state.phase, again.state.bets, again.state.history) == (shown.phase, shown.bets, shown.history)
    again.close()
    with pytest.raises(WrongPinError) as info:  # the right PINs after the wrong try ended its count, as live
        again_roster.check("ana", "0000")
    assert info.value.failures == 1


def test_chips_come_off_bets_over_lowered_limits_one_at_a_time():
    """qaZ F2: bets reopened after the limits were lowered (a voided round) are over the new maximums; D
    rightly refuses, but so did every chip taken off as D asked ("seat 4 Tie 400.00 is above ..."): the
    croupier could only clear every seat.  Taking chips off cannot put a bet further over; adding still can."""
    from dealer_assist.baccarat.bets import Betting

    betting = Betting().place(1, Bet.BANKER, D("1000")).place(4, Bet.TIE, D("500"))
    lowered = TableLimits().with_changes({"max": {"banker": "500", "tie": "200"}})
    betting = replace(betting, limits=lowered)
    with pytest.raises(LimitError, match="2 bets are above their maximums"):
        betting.lock()
    for _ in range(3):
        betting = betting.remove(4, Bet.TIE, D("100"))  # 400, 300, 200: each taken, the Banker still over
    assert betting.layout.get(4, Bet.TIE) == D("200")
    with pytest.raises(LimitError, match="Tie"):
        betting.place(4, Bet.TIE, D("100"))  # adding still checks
    with pytest.raises(LimitError, match="seat 1 Banker 1000.00 is above the Banker maximum of 500.00"):
        betting.lock()
    betting = betting.remove(1, Bet.BANKER, D("500"))
    assert betting.lock().locked
