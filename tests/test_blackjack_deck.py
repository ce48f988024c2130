"""Deck reconciliation before a new deck goes in (seed 002)."""

import random

import pytest

from dealer_assist.blackjack.deck import DeckError, DeckLedger
from dealer_assist.cards import Card, full_deck


def shuffled(seed=7):
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return deck


def test_every_card_back_once_reconciles():
    deck = shuffled()
    ledger = DeckLedger().deal_all(deck[:30]).receive_all(deck)
    check = ledger.reconcile()
    assert check.ok
    assert check.missing == () and check.duplicated == () and check.due_back == ()
    assert len(check.dealt) == 30
    assert check.describe()[-1] == "deck complete: every card is back once"


def test_dealt_cards_are_due_back_and_the_rest_is_in_the_shoe():
    deck = shuffled()
    ledger = DeckLedger().deal_all(deck[:10])
    assert set(ledger.in_shoe) == set(deck[10:])
    assert set(ledger.reconcile().due_back) == set(deck[:10])
    # the stub and 9 of the 10 dealt cards come back: the one a player kept is due and missing
    kept = deck[4]
    back = ledger.receive_all(c for c in deck if c != kept)
    check = back.reconcile()
    assert check.due_back == (kept,)
    assert check.missing == (kept,)
    assert not check.ok
    assert any(kept.label in line and line.startswith("MISSING 1") for line in check.describe())


def test_a_card_dealt_or_counted_twice_is_flagged_never_dropped():
    deck = shuffled()
    twice = deck[0]
    ledger = DeckLedger().deal_all([twice, deck[1], twice])
    assert ledger.dealt.count(twice) == 2
    check = ledger.receive_all(deck).reconcile()
    assert check.duplicated == (twice,)
    assert not check.ok
    recount = DeckLedger().receive_all(deck + [deck[5]]).reconcile()
    assert recount.duplicated == (deck[5],)
    assert recount.missing == ()



def test_only_a_card_counted_back_too_often_is_offered_the_void():
    """QA (rev11): a card dealt twice (a foreign card let in) was told "read back twice? void the count of
    the last card" before any card was counted back."""
    deck = shuffled()
    twice = deck[0]
    dealt = DeckLedger().deal_all([twice, deck[1], twice])
    check = dealt.reconcile()
    assert check.duplicated == (twice,) and check.counted_too_often == ()
    line = next(x for x in check.describe() if x.startswith("SEEN TOO OFTEN"))
    assert "void" not in line and "dealt more often" in line and "foreign card" in line
    both_back = dealt.receive_all(deck + [twice]).reconcile()  # the two copies dealt, both counted back
    assert both_back.counted_too_often == () and not any("void" in x for x in both_back.describe())
    read_twice = DeckLedger().deal(deck[5]).receive_all(deck + [deck[5]]).reconcile()
    assert read_twice.counted_too_often == (deck[5],)
    line = next(x for x in read_twice.describe() if x.startswith("SEEN TOO OFTEN"))
    assert "void the count of the last card" in line

def test_two_decks_hold_two_of_each():
    deck = full_deck()
    ledger = DeckLedger(decks=2).deal_all([deck[0], deck[0]])
    assert not ledger.reconcile().duplicated
    assert len(ledger.in_shoe) == 102
    assert ledger.receive_all(deck).reconcile().missing == tuple(deck)


def test_cards_need_a_suit_and_bad_input_leaves_the_ledger_unchanged():
    ledger = DeckLedger().deal("AS")
    with pytest.raises(DeckError, match="'9'"):
        ledger.deal("9")
    with pytest.raises(DeckError, match="'ZZ'"):
        ledger.receive("ZZ")
    assert ledger.dealt == (Card("A", "S"),) and ledger.returned == ()
    with pytest.raises(DeckError, match="nothing to void"):
        ledger.void_last_receipt()
    assert ledger.receive("KD").void_last_receipt() == ledger


def _play_rounds_from(deck, seats=3):
    """Deal whole rounds from ``deck`` (players hit below 17, double 10/11, split eights) until it runs short."""
    from dealer_assist.blackjack.round import Round

    ledger, rounds, cards = DeckLedger(), 0, iter(deck)
    while True:
        r = Round.start(seats)
        try:
            while not r.complete:
                due = r.due()
                if due.kind == "card":
                    card = next(cards)
                    r = r.deal(card)
                    ledger = ledger.deal(card)
                    continue
                hand = r.seat_hands(due.seat)[due.hand]
                if "split" in due.allowed and hand.cards[0].rank == "8":
                    r = r.act(due.seat, "split")
                elif "double" in due.allowed and hand.total in (10, 11):
                    r = r.act(due.seat, "double")
                else:
                    r = r.act(due.seat, "hit" if hand.total < 17 else "stand")
        except StopIteration:
            return ledger, rounds
        rounds += 1


def test_a_whole_deck_dealt_through_rounds_reconciles_with_its_stub():
    for seed in range(5):
        deck = shuffled(seed)
        ledger, rounds = _play_rounds_from(deck)
        assert rounds >= 3
        assert ledger.dealt == tuple(deck[:len(ledger.dealt)])
        assert ledger.receive_all(deck).reconcile().ok
        short = ledger.receive_all(deck[1:]).reconcile()
        assert short.missing == (deck[0],) and short.due_back == (deck[0],)


def test_a_card_out_of_the_shoe_counted_after_the_stub_reconciles_as_before_it():
    """qaM F3: a card never dealt but out of the shoe (set aside after the round) was counted by the stub and
    again by hand after it; counted before the stub it was not."""
    deck = shuffled()
    dealt, aside = deck[:5], deck[5]
    before = DeckLedger().deal_all(dealt).receive_all(dealt).receive(aside)
    before = before.receive_stub([c for c in before.in_shoe if c != aside])
    after = DeckLedger().deal_all(dealt).receive_all(dealt)
    after = after.receive_stub(after.in_shoe)
    assert after.counted_with_the_stub(aside) and not after.counted_with_the_stub(dealt[0])
    after = after.receive_out_of_the_stub(aside)
    assert after.reconcile().ok and before.reconcile().ok
    assert sorted(after.returned) == sorted(before.returned) and after.returned[-1] == aside
    assert not after.counted_with_the_stub(aside)  # read twice: the second count is one too many
    assert after.receive(aside).reconcile().counted_too_often == (aside,)
    voided = after.void_last_receipt()  # the count taken back: the card missing, as never counted
    assert voided.reconcile().missing == (aside,) and aside not in voided.stub
    with pytest.raises(DeckError, match=aside.label):
        voided.receive_out_of_the_stub(aside)


def test_with_two_decks_a_copy_dealt_is_no_copy_out_of_the_stub():
    """Two decks: the dealt copy of a card counted back is the dealt one; only a copy beyond it came out of
    the shoe undealt."""
    card = shuffled()[0]
    ledger = DeckLedger(decks=2).deal(card).receive_stub(DeckLedger(decks=2).deal(card).in_shoe)
    assert card in ledger.stub and not ledger.counted_with_the_stub(card)
    ledger = ledger.receive(card)
    assert ledger.reconcile().ok and ledger.counted_with_the_stub(card)
    assert ledger.receive_out_of_the_stub(card).reconcile().missing == ()
    assert ledger.receive_out_of_the_stub(card).reconcile().ok
    stub_voided = ledger.void_last_receipt().void_last_receipt()  # the dealt copy, then the stub's last card
    assert len(stub_voided.stub) == len(ledger.stub) - 1


def test_the_simulated_cut_card_leaves_a_round_of_every_seat_behind_it():
    from dealer_assist.blackjack.deck import cut_from_end

    assert [cut_from_end(1, seats) for seats in (1, 2, 3, 5, 7)] == [13, 14, 18, 26, 34]
    assert cut_from_end(8, 1) == 16 and cut_from_end(8, 7) == 34
