"""The round: dealing order, the croupier's decisions, refusals, the dealer's turn, undo."""

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.blackjack.round import Action, Due, InvalidActionError, NothingToUndoError, Phase, Round
from dealer_assist.blackjack.rules import HouseRules, RuleError
from dealer_assist.cards import Card, InvalidCardError, full_deck

HIT, STAND, DOUBLE, SPLIT = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT


def dealt(seats, *cards, rules=None):
    """A round with ``cards`` dealt in order (no decisions)."""
    r = Round.start(seats, rules)
    for c in cards:
        r = r.deal(c)
    return r


def cards_of(hand):
    return [c.code for c in hand.cards]


def refused(round, call, rule):
    """Call ``call(round)``, expect a RuleError naming ``rule``, and check the round is unchanged."""
    before_due, before_hands, before_dealer = round.due(), round.hands, round.dealer
    with pytest.raises(RuleError) as info:
        call(round)
    assert info.value.rule == rule
    assert rule in str(info.value)
    assert (round.due(), round.hands, round.dealer) == (before_due, before_hands, before_dealer)
    return info.value


# ------------------------------------------------------------------ dealing order

def test_first_card_to_every_seat_then_the_bank_second_card_to_the_seats_only():
    r = dealt(3, "2S", "3S", "4S", "5S", "6S", "7S", "8S")
    assert [cards_of(r.seat_hands(s)[0]) for s in (1, 2, 3)] == [["2S", "6S"], ["3S", "7S"], ["4S", "8S"]]
    assert cards_of(r.dealer) == ["5S"]
    assert r.phase is Phase.PLAY
    assert r.due() == Due("action", 1, 0, (HIT, STAND))


def test_due_during_the_deal_names_seat_then_dealer():
    r = Round.start(2)
    assert r.due() == Due("card", 1, 0)
    r = r.deal("2S").deal("3S")
    assert r.due().to_dealer and r.phase is Phase.DEAL
    r = r.deal("4S")
    assert r.due() == Due("card", 1, 0)
    assert r.dealer_prompt is None


def test_seats_play_in_turn_and_cards_go_to_the_active_hand():
    r = dealt(2, "TS", "9S", "7S", "2S", "TH")  # seat 1: 12, seat 2: 19, dealer 7
    r = r.act(1, HIT)
    assert r.due() == Due("card", 1, 0)
    r = r.deal("5S")  # seat 1: 17
    assert cards_of(r.seat_hands(1)[0]) == ["TS", "2S", "5S"]
    assert r.due().kind == "action" and r.due().seat == 1
    r = r.act(1, STAND)
    assert r.due().seat == 2
    r = r.act(2, STAND)
    assert r.due().to_dealer and r.phase is Phase.DEALER


def test_a_hand_reaching_21_or_bust_ends_without_a_stand():
    r = dealt(2, "TS", "9S", "7S", "5S", "TH")  # seat 1: 15
    to_21 = r.act(1, HIT).deal("6H")
    assert to_21.seat_hands(1)[0].total == 21
    assert to_21.due().seat == 2
    bust = r.act(1, HIT).deal("KH")
    assert bust.seat_hands(1)[0].bust
    assert bust.due().seat == 2


def test_a_blackjack_seat_is_not_asked():
    r = dealt(2, "AS", "9S", "7S", "KS", "9H")
    assert r.seat_hands(1)[0].blackjack
    assert r.due() == Due("action", 2, 0, (HIT, STAND, SPLIT))


def test_card_when_a_decision_is_due_or_the_round_is_complete_is_refused():
    r = dealt(1, "TS", "7S", "9S")
    refused(r, lambda x: x.deal("2H"), "card_not_due")
    done = r.act(1, STAND).deal("KH")  # dealer 17 stands
    assert done.complete and done.phase is Phase.COMPLETE
    refused(done, lambda x: x.deal("2H"), "card_not_due")
    refused(done, lambda x: x.act(1, HIT), "no_decision_due")


def test_an_action_for_the_wrong_seat_or_while_a_card_is_due_is_refused():
    r = dealt(2, "TS", "9S", "7S", "2S", "TH")
    err = refused(r, lambda x: x.act(2, STAND), "seat_order")
    assert "seat 1" in str(err)
    hit = r.act(1, HIT)
    refused(hit, lambda x: x.act(1, STAND), "no_decision_due")


def test_unknown_action_and_card_texts_name_the_text():
    r = dealt(1, "TS", "7S", "9S")
    with pytest.raises(InvalidActionError, match="'surrender'"):
        r.act(1, "surrender")
    with pytest.raises(InvalidCardError, match="'1X'"):
        r.act(1, STAND).deal("1X")


def test_a_camera_zone_that_does_not_match_is_refused():
    r = Round.start(2).deal("2S", to=1)
    assert r.deal("3S", to=2).deal("4S", to="dealer").dealer.cards == (Card("4", "S"),)
    assert r.deal("3S", to="seat 2").deal("4S", to="bank").dealer.cards == (Card("4", "S"),)
    full = r.deal("3S", to=1)  # seat 1's two cards: its box has no place left in the deal
    refused(full, lambda x: x.deal("5S", to="seat 1"), "deal_order")
    refused(full.deal("5S", to="dealer"), lambda x: x.deal("6S", to="dealer"), "deal_order")
    refused(r, lambda x: x.deal("3S", to="seat 3"), "deal_order")  # no such seat


def test_a_camera_card_in_the_box_of_a_later_place_of_the_deal_takes_it():
    # qaY Y1: seat 2's first card and the dealer's up card read before seat 1's.
    r = Round.start(2).deal("9C", to=2).deal("7D", to="dealer")
    assert r.due() == Due("card", 1, 0)
    r = r.deal("5H", to=1).deal("2S", to=1).deal("8C", to=2)
    assert [c.code for c in r.seat_hands(1)[0].cards] == ["5H", "2S"]
    assert [c.code for c in r.seat_hands(2)[0].cards] == ["9C", "8C"]
    assert r.phase is Phase.PLAY and r.due().seat == 1
    assert (r.step.seat, r.step.hand) == (2, 0) and r.undo().undo().undo().due() == Due("card", 1, 0)
    refused(r, lambda x: x.deal("4H", to="dealer"), "card_not_due")  # a decision comes first


def test_a_card_twice_in_one_deck_is_refused_but_two_decks_hold_two():
    r = dealt(1, "AS", "7S")
    refused(r, lambda x: x.deal("AS"), "deck_composition")
    two = dealt(1, "AS", "7S", rules=HouseRules(decks=2)).deal("AS")
    assert two.seat_hands(1)[0].total == 12
    ranks = dealt(2, "9", "9", "9", "9")
    refused(ranks, lambda x: x.deal("9"), "deck_composition")


def test_seat_count_is_checked():
    with pytest.raises(ValueError, match="seats"):
        Round.start(0)
    with pytest.raises(ValueError, match="1 to 7"):
        Round.start(8)


# ------------------------------------------------------------------ double

def test_double_on_hard_9_10_11_takes_exactly_one_card():
    for first, second in (("5S", "4S"), ("6S", "4H"), ("9S", "2S")):
        r = dealt(1, first, "7H", second)
        assert DOUBLE in r.due().allowed
        d = r.act(1, DOUBLE)
        assert d.seat_hands(1)[0].doubled
        assert d.due() == Due("card", 1, 0)
        after = d.deal("2C")
        assert len(after.seat_hands(1)[0].cards) == 3
        assert after.seat_hands(1)[0].finished
        assert after.due().to_dealer  # no more decisions for a doubled hand, even on 13


def test_double_refused_on_other_totals_soft_hands_and_three_cards():
    r = dealt(1, "TS", "7H", "2S")  # hard 12
    assert DOUBLE not in r.due().allowed
    refused(r, lambda x: x.act(1, DOUBLE), "double_hard_9_10_11")
    soft = dealt(1, "AS", "7H", "8S")  # soft 19 (hard 9 with the ace as one)
    refused(soft, lambda x: x.act(1, DOUBLE), "double_hard_9_10_11")
    three = dealt(1, "2S", "7H", "3S").act(1, HIT).deal("4S")  # 9 in three cards
    assert three.seat_hands(1)[0].total == 9
    refused(three, lambda x: x.act(1, DOUBLE), "double_first_two_cards")


def test_double_totals_are_hard_totals():
    rules = HouseRules(double_totals=frozenset({13}))
    assert DOUBLE in dealt(1, "6S", "7H", "7S", rules=rules).due().allowed
    soft13 = dealt(1, "AS", "7H", "2S", rules=rules)
    refused(soft13, lambda x: x.act(1, DOUBLE), "double_hard_9_10_11")


def test_a_table_that_allows_no_double_refuses_it_and_plays_on():
    """``double_totals = []`` passed the config and crashed the first decision (rev14)."""
    rules = HouseRules(double_totals=frozenset())
    r = dealt(1, "6S", "7H", "5S", rules=rules)  # hard 11
    assert r.due().allowed == (HIT, STAND)
    refused(r, lambda x: x.act(1, DOUBLE), "no_double")
    assert "no doubling" in rules.describe()
    assert r.act(1, STAND).due().kind != "action"


# ------------------------------------------------------------------ split

def test_split_equal_rank_makes_two_hands_played_one_after_the_other():
    r = dealt(2, "8S", "TS", "7H", "8H", "9S")
    assert SPLIT in r.due().allowed
    s = r.act(1, SPLIT)
    assert [cards_of(h) for h in s.seat_hands(1)] == [["8S"], ["8H"]]
    assert all(h.split for h in s.seat_hands(1))
    assert s.due() == Due("card", 1, 0)
    s = s.deal("3C")
    assert s.due() == Due("action", 1, 0, (HIT, STAND))  # 11, but no double after split
    s = s.act(1, STAND)
    assert s.due() == Due("card", 1, 1)
    s = s.deal("KC").act(1, STAND)
    assert s.due().seat == 2
    assert [cards_of(h) for h in s.seat_hands(1)] == [["8S", "3C"], ["8H", "KC"]]


def test_split_refused_on_different_ranks_unless_any_tens_are_allowed():
    r = dealt(1, "KS", "7H", "QS")
    refused(r, lambda x: x.act(1, SPLIT), "split_equal_rank")
    tens = dealt(1, "KS", "7H", "QS", rules=HouseRules(split_any_tens=True))
    assert SPLIT in tens.due().allowed
    assert len(tens.act(1, SPLIT).seat_hands(1)) == 2
    mixed = dealt(1, "KS", "7H", "9S", rules=HouseRules(split_any_tens=True))
    refused(mixed, lambda x: x.act(1, SPLIT), "split_equal_value")


def test_split_only_once():
    r = dealt(1, "8S", "7H", "8H").act(1, SPLIT).deal("8C")
    assert [cards_of(h) for h in r.seat_hands(1)] == [["8S", "8C"], ["8H"]]
    refused(r, lambda x: x.act(1, SPLIT), "split_once")


def test_split_aces_get_one_card_each_and_ace_ten_is_not_blackjack():
    r = dealt(1, "AS", "7H", "AH").act(1, SPLIT)
    r = r.deal("KC")
    assert r.due() == Due("card", 1, 1)  # no decision on split aces
    r = r.deal("5D")
    first, second = r.seat_hands(1)
    assert (first.total, first.blackjack) == (21, False)
    assert (second.total, second.soft) == (16, True)
    assert r.due().to_dealer


def test_double_after_split_only_when_the_house_allows_it():
    r = dealt(1, "5S", "7H", "5H").act(1, SPLIT).deal("6C")  # split hand: 11
    refused(r, lambda x: x.act(1, DOUBLE), "no_double_after_split")
    das = dealt(1, "5S", "7H", "5H", rules=HouseRules(double_after_split=True)).act(1, SPLIT).deal("6C")
    assert DOUBLE in das.due().allowed
    assert das.act(1, DOUBLE).deal("TD").due() == Due("card", 1, 1)


# ------------------------------------------------------------------ dealer

def test_dealer_draws_to_16_and_stands_on_17_with_prompts():
    r = dealt(1, "TS", "6H", "9S").act(1, STAND)
    assert r.dealer_prompt == "DEALER DRAWS (6)"
    r = r.deal("QH")
    assert r.dealer_prompt == "DEALER DRAWS (16)"
    r = r.deal("AC")
    assert r.complete and r.dealer_prompt == "DEALER STANDS (17)"


def test_dealer_stands_on_soft_17_by_default_and_hits_it_when_the_house_says():
    s17 = dealt(1, "TS", "AH", "9S").act(1, STAND).deal("6C")
    assert s17.complete and s17.dealer_prompt == "DEALER STANDS (soft 17)"
    h17 = dealt(1, "TS", "AH", "9S", rules=HouseRules(hits_soft_17=True)).act(1, STAND).deal("6C")
    assert not h17.complete and h17.dealer_prompt == "DEALER DRAWS (soft 17)"
    h17 = h17.deal("2C")
    assert h17.complete and h17.dealer_prompt == "DEALER STANDS (soft 19)"


def test_dealer_bust_and_dealer_blackjack_prompts():
    bust = dealt(1, "TS", "6H", "9S").act(1, STAND).deal("TH").deal("KD")
    assert bust.complete and bust.dealer_prompt == "DEALER BUSTS (26)"
    bj = dealt(1, "TS", "AH", "9S").act(1, STAND).deal("KH")
    assert bj.complete and bj.dealer.blackjack and bj.dealer_prompt == "DEALER BLACKJACK"


def test_dealer_does_not_draw_when_every_hand_is_bust():
    r = dealt(1, "TS", "6H", "6S").act(1, HIT).deal("KC")
    assert r.complete
    assert len(r.dealer.cards) == 1
    assert r.dealer_prompt == "ALL PLAYERS BUST: DEALER DOES NOT DRAW"


def test_only_blackjacks_left_the_dealer_draws_one_card_only_if_it_can_make_blackjack():
    ten_up = dealt(1, "AS", "TH", "KS")
    assert ten_up.due().to_dealer
    assert ten_up.dealer_prompt == "DEALER DRAWS ONE CARD (blackjack check)"
    after = ten_up.deal("5C")  # 15 would draw in a normal round
    assert after.complete and after.dealer_prompt == "NO DEALER BLACKJACK"
    six_up = dealt(1, "AS", "6H", "KS")
    assert six_up.complete and len(six_up.dealer.cards) == 1


# ------------------------------------------------------------------ undo

def test_undo_voids_the_last_card_or_action():
    r = dealt(1, "TS", "6H", "5S")
    hit = r.act(1, HIT)
    assert hit.undo() == r and hit.undo().due() == r.due()
    card = hit.deal("2C")
    assert card.undo() == hit
    assert [s.describe() for s in card.history] == ["TS to seat 1", "6H to dealer", "5S to seat 1",
                                                    "seat 1 hit", "2C to seat 1"]
    assert [c.code for c in card.cards] == ["TS", "6H", "5S", "2C"]
    with pytest.raises(NothingToUndoError):
        Round.start(1).undo()


# ------------------------------------------------------------------ properties

TOKENS = st.lists(
    st.one_of(st.sampled_from(full_deck()), st.sampled_from(list(Action))),
    min_size=1, max_size=30,
)


@settings(max_examples=120, deadline=None)
@given(TOKENS, st.integers(1, 3))
def test_refusals_leave_the_round_unchanged_and_undo_restores_it(tokens, seats):
    r = Round.start(seats)
    for token in tokens:
        snapshot = (r.due(), r.hands, r.dealer, r.history)
        try:
            if isinstance(token, Action):
                due = r.due()
                nxt = r.act(due.seat or 1, token)
            else:
                nxt = r.deal(token)
        except RuleError:
            assert (r.due(), r.hands, r.dealer, r.history) == snapshot
            continue
        assert nxt.undo() is r
        assert len(nxt.history) == len(r.history) + 1
        r = nxt
    dealt_cards = [c for _, _, h in r.all_hands() for c in h.cards] + list(r.dealer.cards)
    assert sorted(dealt_cards) == sorted(r.cards)
    assert len(set(dealt_cards)) == len(dealt_cards)
