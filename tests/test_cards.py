import pytest
from hypothesis import given, strategies as st

from dealer_assist.cards import RANKS, SUITS, Card, InvalidCardError, full_deck, parse_card


@pytest.mark.parametrize("text,code", [
    ("AS", "AS"), ("as", "AS"), ("10H", "TH"), ("10h", "TH"), ("TD", "TD"), ("t♥", "TH"), ("A♠", "AS"),
    ("Q♦", "QD"), ("k♣", "KC"), (" 9c ", "9C"), ("9", "9"), ("K", "K"), ("10", "T"),
])
def test_spellings_parse_to_canonical_codes(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "Z", "ZS", "11H", "AX", "A S S", "1O", None, 12, "♠"])
def test_bad_codes_raise_an_error_naming_the_text(text):
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_suit_can_be_required():
    with pytest.raises(InvalidCardError, match="suit"):
        parse_card("9", require_suit=True)


def test_values():
    values = {c.rank: (c.baccarat_value, c.blackjack_value, c.burn_value) for c in full_deck()}
    assert values["A"] == (1, 1, 1)
    assert values["9"] == (9, 9, 9)
    for r in "TJQK":
        assert values[r] == (0, 10, 10)


def test_full_deck_has_52_distinct_cards():
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52


@given(st.sampled_from(RANKS), st.sampled_from(SUITS))
def test_code_round_trips(rank, suit):
    card = Card(rank, suit)
    assert parse_card(card.code) == card
    assert parse_card(card.label) == card
    assert parse_card(card.code.lower()) == card


@pytest.mark.parametrize("text,why", [("5Z", "unknown suit 'Z'"), ("10X", "unknown suit 'X'"), ("ZS", "unknown rank"),
                                      ("", "empty")])
def test_the_message_says_which_part_is_wrong(text, why):
    with pytest.raises(InvalidCardError, match=why):
        parse_card(text)
