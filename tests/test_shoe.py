import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.cards import Card, full_deck, parse_card
from dealer_assist.shoe import ImpossibleCardError, Phase, Shoe, ShoeError, ShoeFinishedError, ShoeRules


def test_new_shoe_counts():
    shoe = Shoe.new()
    assert shoe.size == 416 and shoe.cards_left == 416
    assert shoe.counts_left() == (32,) * 13
    assert shoe.phase is Phase.BURN_CARD


@pytest.mark.parametrize("first,burned", [("AS", 1), ("5H", 5), ("9C", 9), ("TD", 10), ("KS", 10), ("JH", 10)])
def test_burn_takes_as_many_cards_as_the_first_cards_value(first, burned):
    shoe = Shoe.new().burn(parse_card(first))
    assert shoe.phase is Phase.BURNING and shoe.burn_left == burned
    for card in full_deck()[:burned]:
        assert shoe.expects_burn
        shoe = shoe.burn(card)
    assert shoe.phase is Phase.PLAY
    assert shoe.cards_left == 416 - 1 - burned
    assert shoe.dealt == 0


def test_burn_face_down_counts_unknown_cards():
    shoe = Shoe.new().burn(parse_card("7H")).burn_unseen()
    assert shoe.phase is Phase.PLAY and shoe.unknown == 7 and shoe.cards_left == 416 - 8
    assert sum(shoe.counts_left()) == 415  # unread burned cards do not change the known composition


def test_deal_refused_during_burn():
    shoe = Shoe.new()
    with pytest.raises(ShoeError, match="burn"):
        shoe.deal(parse_card("AS"))


def test_ninth_copy_in_eight_decks_is_an_alarm_and_changes_nothing():
    shoe = Shoe(ShoeRules(decks=8))
    for _ in range(8):
        shoe = shoe.deal(parse_card("QH"))
    with pytest.raises(ImpossibleCardError) as info:
        shoe.deal(parse_card("QH"))
    assert "QH" in str(info.value) and "8" in str(info.value)
    assert shoe.copies_seen(parse_card("QH")) == 8 and shoe.dealt == 8


def test_rank_only_cards_are_limited_by_rank():
    shoe = Shoe(ShoeRules(decks=1))
    for suit in "SHDC":
        shoe = shoe.deal(Card("7", suit))
    with pytest.raises(ImpossibleCardError):
        shoe.deal(Card("7"))


def test_cut_card_this_round_and_one_more():
    shoe = Shoe(ShoeRules()).cut_card_out()
    assert "one more" in shoe.status
    shoe = shoe.round_finished()
    assert shoe.phase is Phase.PLAY and "last round" in shoe.status
    shoe = shoe.round_finished()
    assert shoe.phase is Phase.FINISHED
    with pytest.raises(ShoeFinishedError):
        shoe.deal(parse_card("AS"))


def test_cut_card_stop_after_this_round_option():
    shoe = Shoe(ShoeRules(rounds_after_cut=0)).cut_card_out().round_finished()
    assert shoe.phase is Phase.FINISHED


def test_cut_card_instead_of_first_card_ends_after_that_round():
    shoe = Shoe(ShoeRules()).cut_card_out(before_first_card=True).round_finished()
    assert shoe.phase is Phase.FINISHED


def test_undeal_returns_the_card():
    shoe = Shoe(ShoeRules()).deal(parse_card("AS"))
    back = shoe.undeal(parse_card("AS"))
    assert back.cards_left == 416 and back.dealt == 0
    with pytest.raises(ShoeError):
        back.undeal(parse_card("AS"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), max_size=80), st.integers(1, 2))
def test_accounting_always_adds_up(cards, decks):
    shoe = Shoe(ShoeRules(decks=decks, burn=False))
    accepted = []
    for card in cards:
        before = shoe
        try:
            shoe = shoe.deal(card)
            accepted.append(card)
        except ImpossibleCardError:
            assert shoe == before
            assert accepted.count(card) == decks
    assert shoe.dealt == len(accepted)
    assert shoe.cards_left + shoe.dealt == 52 * decks
    assert sum(shoe.counts_left()) == shoe.cards_left
    for card in set(accepted):
        assert shoe.copies_seen(card) == accepted.count(card) <= decks


def test_rules_no_table_can_play_are_their_own_error_apart_from_refusals_in_play():
    """One ShoeError covered both a shoe made wrong and a card refused in play: a caller could not
    tell a configuration to fix from a card to look at."""
    from dealer_assist.shoe import InvalidShoeRulesError, ShoeError, ShoeRules

    for bad, named in (({"decks": 0}, "decks 0"), ({"rounds_after_cut": 3}, "cut card 3"),
                       ({"cut_from_end": 0}, "place 0")):
        with pytest.raises(InvalidShoeRulesError, match=named) as info:
            ShoeRules(**bad)
        assert isinstance(info.value, ShoeError)  # still caught where any shoe error is
