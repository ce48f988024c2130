"""The blackjack table state: bets and limits, the round through the table, refusals, voids, the deck check."""

from decimal import Decimal as D

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.blackjack import HouseRules
from dealer_assist.cards import full_deck, parse_card
from dealer_assist.table.blackjack_state import (BlackjackPhase, BlackjackState, BlackjackTableError,
                                                 BlackjackTableRules, DuplicateCardError, apply)

OVERRIDE = {"supervisor": "Ana", "reason": "card checked under the camera", "action": "override_alarm"}


def play(state, *ops):
    for op in ops:
        state = apply(state, op)
    return state


def bet(seat, amount):
    return {"op": "place", "seat": seat, "amount": amount}


def cards(*codes):
    return [{"op": "card", "card": c} for c in codes]


def act(action, seat=None):
    return {"op": "action", "action": action, "seat": seat}


def refused(state, op, *words):
    with pytest.raises(BlackjackTableError) as info:
        apply(state, op)
    for word in words:
        assert word in str(info.value)
    return info.value


def test_chips_build_a_stake_within_the_seat_limits():
    rules = BlackjackTableRules(min_bet=D("10"), max_bet=D("100"))
    s = play(BlackjackState.new(rules), bet(3, "25"), bet(3, "25"), bet(3, "5"))
    assert s.stake(3) == D("55.00") and s.bets == ((3, D("55.00")),)
    refused(s, bet(3, "100"), "over the seat maximum 100.00", "155.00")
    refused(s, bet(8, "5"), "no seat 8")
    refused(s, bet(1, "7"), "no chip of 7.00")
    low = play(s, bet(1, "5"))
    refused(low, {"op": "deal"}, "seat 1 has 5.00", "below the seat minimum 10.00")
    s = play(low, {"op": "remove", "seat": 1, "amount": "5"})
    assert s.bets == ((3, D("55.00")),)
    refused(s, {"op": "remove", "seat": 3, "amount": "100"}, "it has 55.00")


def test_deal_needs_a_bet_and_locks_the_layout():
    s = BlackjackState.new()
    refused(s, {"op": "deal"}, "no seat has a bet")
    refused(s, {"op": "card", "card": "9H"}, "card 9", "no seat has a bet")
    s = play(s, bet(2, "25"), {"op": "deal"})
    assert s.phase == BlackjackPhase.PLAYING and s.card_due
    refused(s, bet(2, "5"), "being dealt")


def test_a_layout_camera_zone_is_checked_in_table_seats():
    s = play(BlackjackState.new(), bet(2, "25"), bet(5, "5"), {"op": "deal"})
    refused(s, {"op": "card", "card": "9H", "zone": "seat 3"}, "seat 3, which has no bet")
    early = play(s, {"op": "card", "card": "9H", "zone": "seat 5"}, {"op": "card", "card": "2H", "zone": "seat 5"})
    assert [c.code for c in early.round.seat_hands(2)[0].cards] == ["9H", "2H"]  # seat 5's, before seat 2's
    refused(early, {"op": "card", "card": "3H", "zone": "seat 5"},
            "laid at seat 5, which has no place for a card now: a card for seat 2 is due")
    s = play(s, {"op": "card", "card": "9H", "zone": "seat 2"}, {"op": "card", "card": "4C", "zone": "5"})
    assert play(s, {"op": "card", "card": "KD", "zone": "dealer"}).round.dealer.cards[0].code == "KD"


def test_first_card_closes_the_bets_and_empty_seats_get_no_card():
    s = play(BlackjackState.new(), bet(2, "25"), bet(5, "5"), *cards("9H", "6C", "TD", "2S", "5D"))
    rnd = s.round
    assert s.seats_in == (2, 5)
    assert [c.code for c in rnd.seat_hands(1)[0].cards] == ["9H", "2S"]  # table seat 2
    assert [c.code for c in rnd.seat_hands(2)[0].cards] == ["6C", "5D"]  # table seat 5
    assert [c.code for c in rnd.dealer.cards] == ["TD"]
    assert s.active == (2, 0)
    refused(s, {"op": "card", "card": "3H"}, "decision for seat 2 (hit, stand, double)")
    refused(s, act("hit", seat=5), "it is a decision for seat 2")
    # seat 2 doubles its 11, seat 5 doubles its 11 too: their stakes double each on its own
    s = play(s, act("double"), *cards("9S"), act("double", seat=5), *cards("2C"))
    assert s.dealer_turn and s.round.dealer_prompt == "DEALER DRAWS (10)"
    s = play(s, *cards("7D"))  # dealer 17 stands
    assert s.phase == BlackjackPhase.SETTLED
    by_seat = {h.seat: h for h in s.settlement.hands}
    assert by_seat[2].stake == D("50.00") and by_seat[2].result.value == "win" and by_seat[2].pays == D("50.00")
    assert by_seat[5].stake == D("10.00") and by_seat[5].result.value == "lose"  # 13 against 17
    assert s.round.dealer_prompt == "DEALER STANDS (17)"


def test_refused_actions_name_the_rule_and_change_nothing():
    s = play(BlackjackState.new(), bet(1, "25"), bet(2, "25"), *cards("8H", "KC", "9D", "8S", "QD"))
    assert refused(s, act("double"), "only on a hard 9, 10 or 11").rule == "double_hard_9_10_11"
    assert refused(s, act("stand", seat=2)).rule == "seat_order"
    assert refused(s, {"op": "card", "card": "2H"}, "decision for seat 1").rule == "card_not_due"
    s = play(s, act("stand"))
    assert refused(s, act("split")).rule == "split_equal_rank"  # K-Q at seat 2
    assert s.active == (2, 0)


def test_split_then_each_hand_is_settled_on_its_own():
    s = play(BlackjackState.new(), bet(1, "10"), *cards("8H", "6D", "8S"), act("split"))
    assert s.active == (1, 0)
    s = play(s, *cards("3C"))  # 8+3 = 11 after a split: no double after split at this table
    assert refused(s, act("double")).rule == "no_double_after_split"
    s = play(s, act("hit"), *cards("TC"), *cards("KD"), act("stand"))  # hand 1: 21, hand 2: 18
    s = play(s, *cards("9C"))  # dealer 6+9 = 15 draws
    s = play(s, *cards("4C"))  # 19
    hands = s.settlement.hands
    assert [(h.hand, h.result.value, h.pays) for h in hands] == [(0, "win", D("10.00")), (1, "lose", D("0.00"))]
    assert s.settlement.house == D("0.00")


def test_ties_go_to_the_bank_and_blackjack_pays_three_to_two():
    low = BlackjackTableRules(min_bet=D("1"))
    s = play(BlackjackState.new(low), bet(1, "5"), bet(2, "1"), *cards("AH", "TC", "7D", "KH", "QC"))
    # seat 1 blackjack, seat 2 stands on 20
    s = play(s, act("stand"), *cards("3D"))  # dealer 7+3 = 10 draws
    s = play(s, *cards("TD"))  # dealer 20
    by_seat = {h.seat: h for h in s.settlement.hands}
    assert by_seat[1].pays == D("7.50") and by_seat[1].result.value == "win"
    assert by_seat[2].result.value == "lose" and "the bank wins" in by_seat[2].reason
    pushing = BlackjackState.new(BlackjackTableRules(house=HouseRules(ties_push=True), min_bet=D("1")))
    s = play(pushing, bet(2, "1"), *cards("TC", "7D", "QC"), act("stand"), *cards("3D", "TD"))
    assert s.settlement.hands[0].result.value == "push"


def test_void_steps_back_through_cards_decisions_and_the_deal():
    s0 = play(BlackjackState.new(), bet(1, "25"))
    s1 = play(s0, {"op": "deal"})
    s2 = play(s1, *cards("8H", "6D", "8S"))
    s3 = play(s2, act("split"))
    assert play(s3, {"op": "void"}) == s2
    assert play(s2, {"op": "void"}).round.dealer.cards == s2.round.dealer.cards  # only 8S gone
    assert len(play(s2, {"op": "void"}).round.cards) == 2
    back = play(s1, {"op": "void"})
    assert back.phase == BlackjackPhase.BETTING and back.stake(1) == D("25.00")
    refused(back, {"op": "void"}, "nothing to void")
    # a card that completed the round is voided with its settlement
    done = play(s2, act("stand"), *cards("TC", "AC"))
    assert done.phase == BlackjackPhase.SETTLED
    undone = play(done, {"op": "void"})
    assert undone.phase == BlackjackPhase.PLAYING and undone.settlement is None and undone.history == ()
    assert undone.ledger.dealt == done.ledger.dealt[:-1]


def test_cards_need_a_suit_and_a_card_after_the_round_is_refused():
    s = play(BlackjackState.new(), bet(1, "25"), {"op": "deal"})
    refused(s, {"op": "card", "card": "9"}, "suit")
    s = play(s, *cards("TH", "7C", "KS"), act("stand"), *cards("QH"))
    assert s.phase == BlackjackPhase.SETTLED
    refused(s, {"op": "card", "card": "2C"}, "after the round was over")


def test_a_card_dealt_twice_from_one_deck_is_refused_unless_a_supervisor_accepts_it():
    s = play(BlackjackState.new(), bet(1, "25"), *cards("TH", "7C", "KS"), act("stand"), *cards("QH"),
             {"op": "next_round"}, bet(1, "25"))
    err = refused(s, {"op": "card", "card": "7C"}, "7", "already dealt from this deck")
    assert isinstance(err, DuplicateCardError)
    s = play(s, {"op": "card", "card": "7C", "override": OVERRIDE})
    assert s.ledger.dealt.count(parse_card("7C")) == 2
    assert parse_card("7C") in s.reconciliation().duplicated



def test_a_card_dealt_twice_is_not_told_to_void_a_count_at_the_deck_check():
    """QA (rev11): 7C dealt twice (accepted) was told to void the count of the last card, nothing counted."""
    s = play(BlackjackState.new(), bet(1, "25"), *cards("TH", "7C", "KS"), act("stand"), *cards("QH"),
             {"op": "next_round"}, bet(1, "25"), {"op": "card", "card": "7C", "override": OVERRIDE},
             *cards("5H", "3C"), act("stand"), *cards("9C", "TC"))
    s = play(s, {"op": "deck_check"})
    assert not any("void" in line for line in s.reconciliation().describe())
    s = play(s, {"op": "return_stub"}, *cards("TH", "7C", "KS", "QH", "7C", "5H", "3C", "9C", "TC"))
    err = refused(s, {"op": "new_deck"}, "not reconciled", "seen too often: 7C", "foreign card")
    assert "read back twice" not in str(err)
    s = play(s, *cards("7C"))  # now read back once more than it was dealt: the void is its fix
    refused(s, {"op": "new_deck"}, "read back twice: type 7C in the card field, then Shift+Backspace",
            "Shift+Backspace (Void counted) takes back the last card counted")

def test_ctrl_n_again_on_a_deck_just_put_in_says_it_is_in_not_that_the_old_one_is_uncounted():
    """qaAF F2: Ctrl+N pressed twice (baccarat's asks for two presses) after the deck check passed read "count the
    old deck back first"."""
    s = BlackjackState.new()
    err = refused(s, {"op": "new_deck"}, "deck 1 is in already", "place the bets")
    assert "count the old deck back" not in str(err)
    burning = BlackjackState.new(BlackjackTableRules(burn_cards=1))
    refused(burning, {"op": "new_deck"}, "deck 1 is in already", "burn 1 card (or B)")


def test_new_deck_only_after_every_card_is_back():
    s = play(BlackjackState.new(), bet(1, "25"), *cards("TH", "7C", "KS"), act("stand"), *cards("QH"))
    refused(s, {"op": "new_deck"}, "count the old deck back first")
    s = play(s, {"op": "deck_check"})
    assert s.phase == BlackjackPhase.DECK_CHECK and s.round_no == 2
    rec = s.reconciliation()
    assert sorted(c.code for c in rec.due_back) == sorted(["TH", "7C", "KS", "QH"])
    assert len(rec.missing) == 52
    s = play(s, {"op": "return_stub"})
    assert len(s.reconciliation().missing) == 4
    s = play(s, *cards("TH", "7C", "KS"))
    err = refused(s, {"op": "new_deck"}, "not reconciled", "1 missing (QH)")
    assert "supervisor" in str(err)
    wrong = play(s, *cards("QS"))  # a stub card counted twice: flagged, and QH still missing
    rec = wrong.reconciliation()
    assert [c.code for c in rec.duplicated] == ["QS"] and [c.code for c in rec.missing] == ["QH"]
    s = play(wrong, {"op": "void_return"}, *cards("QH"))
    assert s.reconciliation().ok
    fresh = play(s, {"op": "new_deck"})
    assert fresh.deck_no == 2 and fresh.phase == BlackjackPhase.BETTING and fresh.ledger.dealt == ()
    assert len(fresh.stub_left) == 52


def test_supervisor_override_puts_a_new_deck_in_with_cards_missing():
    s = play(BlackjackState.new(), bet(1, "25"), *cards("TH", "7C", "KS"), act("stand"), *cards("QH"),
             {"op": "deck_check"}, {"op": "return_stub"})
    refused(s, {"op": "new_deck", "override": {"supervisor": "", "reason": "x"}}, "not reconciled")
    assert play(s, {"op": "new_deck", "override": OVERRIDE}).deck_no == 2


def test_stub_is_what_was_never_dealt_nor_counted_back():
    s = play(BlackjackState.new(), bet(1, "25"), *cards("TH", "7C", "KS"), act("stand"), *cards("QH"),
             {"op": "deck_check"}, *cards("2C", "TH"))
    stub = s.stub_left
    assert len(stub) == 52 - 4 - 1
    assert parse_card("2C") not in stub and parse_card("TH") not in stub
    assert set(stub) | {parse_card(c) for c in ("TH", "7C", "KS", "QH", "2C")} == set(full_deck())


OPS = st.sampled_from([
    bet(1, "25"), bet(2, "5"), bet(2, "500"), {"op": "remove", "seat": 1, "amount": "25"}, {"op": "deal"},
    act("hit"), act("stand"), act("double"), act("split"), {"op": "void"}, {"op": "next_round"},
    {"op": "deck_check"}, {"op": "return_stub"}, {"op": "resume"}, {"op": "new_deck"}, {"op": "rebet"},
    {"op": "clear"}, {"op": "void_return"}, {"op": "bogus"},
]) | st.sampled_from(full_deck()).map(lambda c: {"op": "card", "card": c.code})


@settings(max_examples=40, deadline=None)
@given(st.lists(OPS, max_size=40))
def test_any_sequence_of_operations_is_applied_or_refused_cleanly(ops):
    state = BlackjackState.new()
    for op in ops:
        try:
            new = apply(state, op)
        except BlackjackTableError as exc:
            assert str(exc)  # a refusal says why; the old state is still the current one
            continue
        if new.settlement is not None and state.settlement is None:
            s = new.settlement
            assert s.returned + s.house == s.stakes
            assert {h.seat for h in s.hands} == set(new.seats_in)
        state = new
    assert len(state.ledger.dealt) == sum(len(r.round.cards) for r in state.history if r.deck == state.deck_no) + (
        len(state.round.cards) if state.round is not None and state.phase == BlackjackPhase.PLAYING else 0)


def test_rules_from_a_config_section():
    from dealer_assist.table.blackjack_state import rules_from_config

    rules = rules_from_config({"decks": 2, "ties_push": True, "seats": 5, "min_bet": "10", "max_bet": "200",
                               "chips": ["5", "10", "50"], "double_totals": [10, 11], "blackjack_pays": "1.2"})
    assert rules.house.decks == 2 and rules.house.ties_push and rules.house.double_totals == frozenset({10, 11})
    assert rules.seats == 5 and rules.min_bet == D("10.00") and rules.chips == (D("5.00"), D("10.00"), D("50.00"))
    assert BlackjackState.new(rules).ledger.decks == 2
    with pytest.raises(BlackjackTableError, match='ties_push = "yes"'):
        rules_from_config({"ties_push": "yes"})
    with pytest.raises(BlackjackTableError, match="unknown blackjack setting"):
        rules_from_config({"surrender": True})
    with pytest.raises(BlackjackTableError, match="seats"):
        rules_from_config({"seats": 9})  # more than the house's seven
    with pytest.raises(BlackjackTableError, match="min_bet"):
        rules_from_config({"min_bet": "lots"})


def test_a_void_made_with_the_cut_card_out_keeps_it_out_and_an_older_journals_void_replays_as_played():
    """qaM F4: the void of the deal restored the table before it, the cut card back in the shoe, and a
    round was dealt on the stub.  A void journaled before the flag replays as it was played (its journal
    may deal on after it)."""
    state = play(BlackjackState.new(BlackjackTableRules(seats=2)), bet(1, "10"), {"op": "deal"},
                 *cards("9S", "5H"), {"op": "cut"}, *cards("7C"))
    kept = state
    for _ in range(4):  # the three cards, then the deal
        kept = apply(kept, {"op": "void", "cut_stays": True})
    assert kept.phase == BlackjackPhase.BETTING and kept.cut_out
    refused(kept, {"op": "deal"}, "cut card is out")
    older = play(state, *[{"op": "void"}] * 4)
    assert older.phase == BlackjackPhase.BETTING and not older.cut_out


def test_the_same_deck_forgets_the_stub_counted_with_the_cards_counted():
    """Shift+C drops the count; the stub's cards go with it, or the next deck check's stub counted twice."""
    state = play(BlackjackState.new(BlackjackTableRules(seats=2)), {"op": "deck_check"}, {"op": "return_stub"},
                 {"op": "resume"}, {"op": "deck_check"}, {"op": "return_stub"})
    assert len(state.ledger.stub) == len(state.ledger.returned) == 52 and state.reconciliation().ok
