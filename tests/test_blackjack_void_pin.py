"""Blackjack voids under a supervisor's PIN, as at the baccarat table: refused, wrong, right, no roster, replayed."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.events import RecordedOp
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import (BlackjackPhase, BlackjackState, BlackjackTableError,
                                                 BlackjackTableRules, apply, describe_void, void_target)
from dealer_assist.table.journal import Journal
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, WrongPinError, hash_pin

RULES = BlackjackTableRules(seats=3)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


#: Hashed once, as a config file keeps it: the journal binds the table to its supervisors' hashes.
ANA = Supervisor("ana", hash_pin("4821", n=2 ** 10))


def roster(clock=None) -> SupervisorRoster:
    return SupervisorRoster([ANA], **({"clock": clock} if clock else {}))


def entries(path, kind):
    with Journal.open(path, readonly=True) as journal:
        return [e.payload for e in journal.entries() if e.kind == kind]


def dealt_round(session) -> None:
    """Seats 1 and 3 bet (seat 2 empty); seat 1 has TH 8S, seat 3 a pair of nines, the dealer 7C."""
    assert session.place(1, D("25")) is None and session.place(3, D("10")) is None
    assert session.deal() is None
    for code in ("TH", "9D", "7C", "8S", "9S"):
        assert session.enter_card(code) is None


def failures_so_far(r: SupervisorRoster) -> int:
    """The wrong-PIN count the roster holds for ana (one more wrong try tells it)."""
    with pytest.raises(WrongPinError) as info:
        r.check("ana", "0000")
    return info.value.failures - 1


# -- what a void takes back, read from the state --------------------------------------------------------
def play(state, *ops):
    for op in ops:
        state = apply(state, op)
    return state


def test_void_target_names_the_deal_card_or_decision_in_table_seats():
    s = play(BlackjackState.new(RULES), {"op": "place", "seat": 1, "amount": "25"},
             {"op": "place", "seat": 3, "amount": "10"})
    with pytest.raises(BlackjackTableError, match="nothing to void"):
        void_target(s)
    dealt = play(s, {"op": "deal"})
    assert void_target(dealt) == {"voided": "deal", "seats": [1, 3], "cards": []}
    assert describe_void(void_target(dealt)) == "the deal (the bets open again)"
    first = play(s, {"op": "card", "card": "TH"})  # the first card closes the bets: a void takes back both
    assert void_target(first) == {"voided": "deal", "seats": [1, 3], "cards": ["TH"]}
    assert apply(first, {"op": "void"}).phase == BlackjackPhase.BETTING
    cards = play(dealt, *({"op": "card", "card": c} for c in ("TH", "9D", "7C", "8S", "9S")))
    assert void_target(cards) == {"voided": "card", "card": "9S", "position": "seat3.h0"}
    assert describe_void(void_target(cards)) == "card 9♠ to seat 3"
    stood = play(cards, {"op": "action", "action": "stand"})
    assert void_target(stood) == {"voided": "decision", "decision": "stand", "seat": 1, "hand": 0}
    split = play(stood, {"op": "action", "action": "split"}, {"op": "card", "card": "2C"},
                 {"op": "action", "action": "stand"}, {"op": "card", "card": "AD"})
    assert void_target(split) == {"voided": "card", "card": "AD", "position": "seat3.h1"}
    assert describe_void(void_target(split)) == "card A♦ to seat 3 hand 2"
    done = play(split, {"op": "action", "action": "stand"}, {"op": "card", "card": "KC"})  # dealer 17
    assert done.phase == BlackjackPhase.SETTLED
    assert void_target(done) == {"voided": "card", "card": "KC", "position": "dealer", "settlement_taken_back": True}
    assert describe_void(void_target(done)) == "card K♣ to the dealer, and its settlement"


# -- the session: refused, wrong PIN, right PIN -----------------------------------------------------------
def test_with_a_roster_a_void_needs_a_name_a_reason_and_the_right_pin(tmp_path):
    path = tmp_path / "bj.sqlite"
    r = roster()
    session = BlackjackSession(RULES, Journal.open(path), roster=r)
    dealt_round(session)
    before = session.state
    assert session.void_last() == "a supervisor must give their name and PIN"
    assert session.void_last(why="misdealt") == "a supervisor must give their name and PIN"
    assert "say why" in session.void_last("ana", "4821", "  ")
    assert session.state is before and entries(path, "pin_refused") == []
    error = session.void_last("ana", "1234", "9S was misread")
    assert "wrong PIN (or a name not on this table's roster) for supervisor 'ana'" in error and "2 more tries" in error
    assert session.state is before
    (refused,) = entries(path, "pin_refused")
    assert (refused["supervisor"], refused["failures"], refused["action"]) == ("ana", 1, "void_card")
    assert session.void_last("ana", "4821", "9S was misread: it was 9C") is None
    assert session.state.round.cards == before.round.cards[:-1]
    assert session.state.ledger.dealt == before.ledger.dealt[:-1]
    assert session.snapshot.message == "voided: card 9♠ to seat 3 [authorised by ana: 9S was misread: it was 9C]"
    session.close()
    (correction,) = entries(path, "correction")
    assert correction["op"] == "void" and correction["who"] == "ana"
    assert (correction["voided"], correction["card"], correction["position"]) == ("card", "9S", "seat3.h0")
    assert (correction["round"], correction["shoe"]) == (1, 1)
    signed = correction["correction"]
    assert (signed["supervisor"], signed["action"]) == ("ana", "void_card")
    assert signed["reason"] == "9S was misread: it was 9C"
    assert signed["target"] == {"round": 1, "shoe": 1, "voided": "card", "card": "9S", "position": "seat3.h0"}
    assert signed["time"].endswith("Z")  # when: the supervisor's wall-clock time, UTC


def test_nothing_to_void_or_a_table_that_moved_on_costs_no_pin_try(tmp_path):
    path = tmp_path / "bj.sqlite"
    r = roster()
    session = BlackjackSession(RULES, Journal.open(path), roster=r)
    assert "nothing to void" in session.void_last("ana", "0000", "nothing")
    dealt_round(session)
    seen = session.void_preview()
    assert seen == {"voided": "card", "card": "9S", "position": "seat3.h0"}
    assert session.stand() is None  # the table goes on while the supervisor is on the way
    before = session.state
    error = session.void_last("ana", "0000", "9S misread", expected=seen)
    assert "the table moved on: the last step is now seat 1's stand, not card 9♠ to seat 3" in error
    assert session.state is before and entries(path, "pin_refused") == []
    assert failures_so_far(r) == 0
    session.close()


def test_wrong_pins_lock_the_supervisor_out_even_across_a_restart(tmp_path):
    path = tmp_path / "bj.sqlite"
    clock = Clock()
    session = BlackjackSession(RULES, Journal.open(path), roster=roster(clock))
    dealt_round(session)
    before = session.state
    for _ in range(3):
        assert "wrong PIN" in session.void_last("ana", "1111", "misread")
    assert "locked out" in session.void_last("ana", "4821", "misread")  # the right PIN, too late
    assert session.state is before
    assert [p["failures"] for p in entries(path, "pin_refused")] == [1, 2, 3]
    assert entries(path, "pin_refused")[-1]["locked_for"] == 30.0
    session.close()
    again = BlackjackSession(RULES, Journal.open(path), roster=roster(clock))  # killing the app wipes no lockout
    assert again.state == before
    assert "locked out" in again.void_last("ana", "4821", "misread")
    clock.now += 31
    assert again.void_last("ana", "4821", "misread") is None
    assert len(again.state.round.cards) == 4
    again.close()


def test_voids_step_back_through_a_settled_round_to_the_open_bets(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path), roster=roster())
    dealt_round(session)
    assert session.stand() is None and session.stand() is None and session.enter_card("KC") is None  # dealer 17
    assert session.state.phase == BlackjackPhase.SETTLED
    while session.state.phase != BlackjackPhase.BETTING:
        assert session.void_last("ana", "4821", "wrong shoe: deal again") is None
    assert session.state.bets == ((1, D("25.00")), (3, D("10.00"))) and session.state.history == ()
    session.close()
    voided = [(p["voided"], p["correction"]["action"]) for p in entries(path, "correction")]
    assert voided == [("card", "void_card"), ("decision", "void_decision"), ("decision", "void_decision")] + \
        [("card", "void_card")] * 5 + [("deal", "void_deal")]
    first = entries(path, "correction")[0]
    assert first["settlement_taken_back"] is True and first["card"] == "KC"


# -- without a roster: the croupier's void, as before ---------------------------------------------------
def test_without_a_roster_the_croupier_voids_and_the_reason_is_journaled(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path))
    dealt_round(session)
    assert session.void_last(why="voided by the croupier (Backspace)") is None
    assert session.void_last() is None
    assert [c.code for c in session.state.round.cards] == ["TH", "9D", "7C"]
    session.close()
    first, second = entries(path, "correction")
    assert (first["who"], first["why"], first["card"]) == ("croupier", "voided by the croupier (Backspace)", "9S")
    assert first["correction"]["supervisor"] is None and first["correction"]["action"] == "void_card"
    assert second["correction"]["reason"] == "no reason given" and second["card"] == "8S"


# -- replay: the authorised voids come back without a PIN; old journals still replay -------------------
def test_a_journal_with_authorised_voids_replays_to_the_same_table(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path), roster=roster())
    dealt_round(session)
    assert session.void_last("ana", "4821", "9S misread") is None
    assert session.enter_card("9C") is None and session.stand() is None
    assert session.void_last("ana", "4821", "seat 1 said hit, not stand") is None
    assert session.hit() is None and session.enter_card("2H") is None
    shown = session.state
    session.close()
    again = BlackjackSession(RULES, Journal.open(path), roster=roster())  # recovery: no PIN asked again
    assert again.state == shown and again.state.round.cards == shown.round.cards
    again.close()
    played = BlackjackSession(RULES)  # the replay source's path: each journaled op as a RecordedOp
    with Journal.open(path, readonly=True) as journal:
        for e in journal.entries():
            if isinstance(e.payload.get("op"), str):
                played.handle(RecordedOp("replay", 0.0, dict(e.payload)))
    assert played.state == shown and [a.code for a in played.snapshot.alerts] == []


def test_an_old_journal_with_plain_void_operations_still_replays(tmp_path):
    path = tmp_path / "old.sqlite"
    old = BlackjackSession(RULES, Journal.open(path))
    dealt_round(old)
    for _ in range(2):  # exactly what the table wrote before voids were corrections: no target, no signature
        assert old._do({"op": "void", "who": "croupier", "why": ""}) is None
    assert old.enter_card("5S") is None
    shown = old.state
    old.close()
    assert [set(p) - {"game", "shoe", "round"} for p in entries(path, "correction")] == [{"op", "who", "why"}] * 2
    again = BlackjackSession(RULES, Journal.open(path), roster=roster())
    assert again.recovered and again.state == shown
    assert [c.code for c in again.state.round.cards] == ["TH", "9D", "7C", "5S"]
    again.close()


# -- the deck check: taking back a miscounted card is the croupier's --------------------------------------
def test_a_counted_card_is_taken_back_without_a_pin_and_journaled(tmp_path):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path), roster=roster())
    dealt_round(session)
    assert session.stand() is None and session.stand() is None and session.enter_card("KC") is None
    assert session.start_deck_check() is None
    assert session.enter_card("TH") is None and session.enter_card("QS") is None  # QS: never dealt, a miscount
    assert session.void_return() is None
    assert session.state.ledger.returned == (session.state.ledger.dealt[0],)
    assert session.snapshot.message.startswith("counted card QS taken back; Shift+Backspace again takes back TH")
    session.close()
    (taken,) = [p for p in entries(path, "correction") if p["op"] == "void_return"]
    assert (taken["card"], taken["who"]) == ("QS", "croupier") and entries(path, "pin_refused") == []


def test_the_export_leaves_out_voided_cards_and_a_settlement_taken_back(tmp_path):
    from dealer_assist.table.export import rounds_from_entries

    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(RULES, Journal.open(path), roster=roster())
    dealt_round(session)
    assert session.stand() is None and session.stand() is None and session.enter_card("KC") is None
    settled_before = session.state.settlement
    assert session.void_last("ana", "4821", "KC went to the floor") is None  # settlement taken back
    with Journal.open(path, readonly=True) as journal:
        (open_round,) = rounds_from_entries(journal.entries())
    assert [c["card"] for c in open_round["cards"]] == ["TH", "9D", "7C", "8S", "9S"]
    assert (open_round["status"], open_round["settlement"]) == ("open", None)
    assert session.enter_card("8C") is None  # dealer 15 draws again
    assert session.enter_card("5C") is None  # dealer 20: seat 1's 18 loses now
    assert session.state.settlement != settled_before
    session.close()
    with Journal.open(path, readonly=True) as journal:
        (played,) = rounds_from_entries(journal.entries())
    assert [c["card"] for c in played["cards"]] == ["TH", "9D", "7C", "8S", "9S", "8C", "5C"]
    assert played["status"] == "complete" and played["settlement"]["totals"]["paid"] == "0.00"
    assert [c["voided"] for c in played["corrections"]] == ["card"]
