"""Exact baccarat odds: the published full-shoe figures (facts.md §1) and an independent brute force."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.baccarat.paytable import EZ, STANDARD, SUPER_6, Bet, Paytable
from dealer_assist.cards import RANKS, InvalidCardError
from dealer_assist.odds import (
    MAX_CARDS,
    InvalidCompositionError,
    SeenTooOftenError,
    ShoeTooLargeError,
    ShoeTooSmallError,
    _outcome_table,
    counts_for,
    shoe_odds,
)


@lru_cache(maxsize=None)
def full(decks: int, paytable: Paytable = STANDARD):
    return shoe_odds(counts_for(decks), paytable, decks=decks)


def digits12(x: Fraction) -> str:
    return f"{float(x):.12f}"


def pct6(x: Fraction) -> str:
    return f"{float(x) * 100:.6f}"


# ---- facts.md §1.1 and §1.2: integer combination counts -------------------------------------

COMBINATIONS = {
    8: (4_998_398_275_503_360, 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    6: (878_869_206_895_680, 403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
    4: (75_297_571_090_560, 34_543_624_867_840, 33_608_344_225_792, 7_145_601_996_928),
    1: (14_658_134_400, 6_737_232_640, 6_548_674_432, 1_372_227_328),
}


@pytest.mark.parametrize("decks", sorted(COMBINATIONS))
def test_main_outcome_combinations_match_facts(decks):
    total, banker, player, tie = COMBINATIONS[decks]
    c = full(decks).combinations
    assert (c["total"], c["banker"], c["player"], c["tie"]) == (total, banker, player, tie)


def test_eight_deck_main_fractions_are_exact():
    r = full(8)
    assert r.bets[Bet.BANKER].win == Fraction(8954111587648, 19524993263685)
    assert r.bets[Bet.PLAYER].win == Fraction(8712962041376, 19524993263685)
    assert r.bets[Bet.TIE].win == Fraction(619306544887, 6508331087895)


@pytest.mark.parametrize("decks, banker, player, tie", [
    (8, "0.458597422633", "0.446246609344", "0.095155968024"),
    (6, "0.458652718825", "0.446278569839", "0.095068711336"),
    (1, "0.459624155172", "0.446760430304", "0.093615414524"),
])
def test_main_probabilities_to_12_digits(decks, banker, player, tie):
    r = full(decks)
    assert digits12(r.probability("banker")) == banker
    assert digits12(r.probability("player")) == player
    assert digits12(r.probability("tie")) == tie


# ---- facts.md §1.3: side-bet events ----------------------------------------------------------

def test_eight_deck_side_event_combinations():
    c = full(8).combinations
    assert c["player_pair"] == c["banker_pair"] == 373_374_329_013_504
    assert c["either_pair"] == 718_854_004_327_680
    assert c["cards_4"] == 1_893_735_611_458_560
    assert c["cards_5"] == 1_516_734_808_780_800
    assert c["cards_6"] == 1_587_927_855_264_000
    assert c["cards_5"] + c["cards_6"] == 3_104_662_664_044_800


@pytest.mark.parametrize("decks, pair, small, big", [
    (8, Fraction(31, 415), Fraction(140356, 370461), Fraction(230105, 370461)),
    (6, Fraction(23, 311), Fraction(78644, 207545), Fraction(128901, 207545)),
    (1, Fraction(1, 17), Fraction(6052, 15925), Fraction(9873, 15925)),
])
def test_side_bet_win_probabilities_are_exact_fractions(decks, pair, small, big):
    r = full(decks)
    assert r.bets[Bet.PLAYER_PAIR].win == r.bets[Bet.BANKER_PAIR].win == pair
    assert pair == Fraction(4 * decks - 1, 52 * decks - 1)  # the closed form in facts §1.3
    assert r.bets[Bet.SMALL].win == small
    assert r.bets[Bet.BIG].win == big


@pytest.mark.parametrize("decks, either, five, six", [
    (8, "0.143816871867", "0.303444168548", "0.317687340572"),
    (6, "0.142439198286", "0.303539793543", "0.317535154059"),
    (1, "0.114141656663", "0.305435610141", "0.314532992684"),
])
def test_side_events_to_12_digits(decks, either, five, six):
    r = full(decks)
    assert digits12(r.probability("either_pair")) == either
    assert digits12(r.probability("cards_5")) == five
    assert digits12(r.probability("cards_6")) == six


# ---- facts.md §1.4 and §1.5: house edges -----------------------------------------------------

@pytest.mark.parametrize("decks, banker, player, tie, big, small", [
    (8, "1.057906", "1.235081", "14.359629", "4.345748", "5.282877"),
    (6, "1.055849", "1.237415", "14.438160", "4.354458", "5.268737"),
    (1, "1.011748", "1.286372", "15.746127", "4.524835", "4.992151"),
])
def test_house_edges_match_facts(decks, banker, player, tie, big, small):
    b = full(decks).bets
    assert pct6(b[Bet.BANKER].house_edge) == banker
    assert pct6(b[Bet.PLAYER].house_edge) == player
    assert pct6(b[Bet.TIE].house_edge) == tie
    assert pct6(b[Bet.BIG].house_edge) == big
    assert pct6(b[Bet.SMALL].house_edge) == small


def test_eight_deck_exact_edges_and_ev_digits():
    b = full(8).bets
    assert f"{float(b[Bet.BANKER].expected_value):.10f}" == "-0.0105790578"
    assert f"{float(b[Bet.PLAYER].expected_value):.10f}" == "-0.0123508133"
    assert b[Bet.BIG].house_edge == Fraction(22999, 529230)
    assert b[Bet.SMALL].house_edge == Fraction(19571, 370461)


@pytest.mark.parametrize("decks, edge", [(8, Fraction(43, 415)), (6, Fraction(35, 311)), (1, Fraction(5, 17))])
def test_pair_edges_are_exact(decks, edge):
    b = full(decks).bets
    assert b[Bet.PLAYER_PAIR].house_edge == b[Bet.BANKER_PAIR].house_edge == edge


@pytest.mark.parametrize("decks, edge", [(8, "4.844032"), (6, "4.931289"), (1, "6.384585")])
def test_tie_paying_nine_to_one(decks, edge):
    r = shoe_odds(counts_for(decks), Paytable(tie=Decimal(9)))
    assert pct6(r.bets[Bet.TIE].house_edge) == edge


def test_banker_edge_per_resolved_hand():
    b = full(8).bets[Bet.BANKER]
    assert pct6(b.house_edge / (1 - b.push)) == "1.169158"


@pytest.mark.parametrize("decks, ez, super6", [(8, "1.018301", "1.458104"), (6, "1.016093", "1.454808")])
def test_commission_free_variants(decks, ez, super6):
    ez_report = full(decks, EZ)
    assert pct6(ez_report.bets[Bet.BANKER].house_edge) == ez
    assert pct6(full(decks, SUPER_6).bets[Bet.BANKER].house_edge) == super6
    # EZ only changes the Banker bet.
    assert ez_report.bets[Bet.PLAYER] == full(decks).bets[Bet.PLAYER]


@pytest.mark.parametrize("decks, dragon, panda", [(8, "7.611334", "10.187632"), (6, "7.606190", "10.207383")])
def test_ez_side_events_give_published_dragon7_and_panda8_edges(decks, dragon, panda):
    r = full(decks)
    d7 = r.probability("banker_three_card_seven")
    p8 = r.probability("player_three_card_eight")
    assert pct6(1 - 41 * d7) == dragon  # 40:1
    assert pct6(1 - 26 * p8) == panda  # 25:1


def test_tie_losing_option_moves_ties_from_push_to_lose():
    r = shoe_odds(counts_for(8), Paytable(tie_pushes=False))
    std = full(8)
    for bet in (Bet.PLAYER, Bet.BANKER):
        assert r.bets[bet].push == 0
        assert r.bets[bet].lose == std.bets[bet].lose + std.bets[Bet.TIE].win
        assert r.bets[bet].house_edge == std.bets[bet].house_edge + std.bets[Bet.TIE].win


# ---- hand-checkable degenerate shoes ---------------------------------------------------------

def test_shoe_of_kings_is_always_a_six_card_tie_with_both_pairs():
    counts = [0] * 12 + [32]
    r = shoe_odds(counts)
    assert r.probability("tie") == 1 and r.probability("cards_6") == 1
    assert r.bets[Bet.PLAYER_PAIR].win == 1 and r.probability("either_pair") == 1


def test_shoe_of_nines_is_a_four_card_natural_tie():
    counts = [0] * 8 + [10] + [0] * 4
    r = shoe_odds(counts)
    assert r.probability("tie") == 1 and r.probability("cards_4") == 1
    assert r.outcomes[0][0][8][8] == r.combinations["total"]


def test_kings_and_queens_pair_only_by_rank_unless_pair_by_value():
    counts = [0] * 11 + [3, 3]  # 3 Q, 3 K: a Q-K pair is a value pair only
    by_rank = shoe_odds(counts).bets[Bet.PLAYER_PAIR].win
    by_value = shoe_odds(counts, Paytable(pair_by="value")).bets[Bet.PLAYER_PAIR].win
    assert by_rank == Fraction(2, 5)  # second card matches the first's rank: 2 of the 5 left
    assert by_value == 1


# ---- independent brute force over ordered card sequences -------------------------------------

# The tableau as seed 003 prints it: Banker total -> Player third-card values on which Banker draws.
BANKER_DRAWS_ON = {0: set(range(10)), 1: set(range(10)), 2: set(range(10)),
                   3: set(range(10)) - {8}, 4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7}, 7: set()}


def value(rank_index: int) -> int:
    return (rank_index + 1) % 10 if rank_index < 9 else 0


def brute_force(counts, pair_by="rank"):
    """Ordered-6-sequence counts of player/banker/tie, 4/5/6 cards and pairs, card by card."""
    n = sum(counts)
    tally = dict.fromkeys(["player", "banker", "tie", "cards_4", "cards_5", "cards_6",
                           "player_pair", "banker_pair", "either_pair"], 0)
    left = list(counts)
    present = [i for i, x in enumerate(counts) if x]

    def key(i):
        return i if pair_by == "rank" else value(i)

    def finish(cards, weight):
        for j in range(len(cards), 6):
            weight *= n - j
        p = [cards[0], cards[2]] + ([cards[4]] if player_draws(cards) else [])
        b = [cards[1], cards[3]] + cards[len(p) + 2:]
        pt, bt = sum(map(value, p)) % 10, sum(map(value, b)) % 10
        tally["player" if pt > bt else "banker" if bt > pt else "tie"] += weight
        tally[f"cards_{len(cards)}"] += weight
        pp, bp = key(cards[0]) == key(cards[2]), key(cards[1]) == key(cards[3])
        tally["player_pair"] += weight * pp
        tally["banker_pair"] += weight * bp
        tally["either_pair"] += weight * (pp or bp)

    def player_draws(cards):
        pt = (value(cards[0]) + value(cards[2])) % 10
        bt = (value(cards[1]) + value(cards[3])) % 10
        return pt <= 5 and bt <= 7

    def needed(cards):
        """How many cards this coup uses once ``cards`` (at least 4) are known."""
        pt = (value(cards[0]) + value(cards[2])) % 10
        bt = (value(cards[1]) + value(cards[3])) % 10
        if pt >= 8 or bt >= 8:
            return 4
        if pt >= 6:
            return 5 if bt <= 5 else 4
        if len(cards) < 5:
            return 5
        return 6 if bt in BANKER_DRAWS_ON and value(cards[4]) in BANKER_DRAWS_ON[bt] else 5

    def deal(cards, weight):
        if len(cards) >= 4 and needed(cards) == len(cards):
            finish(cards, weight)
            return
        for i in present:
            if left[i]:
                w = left[i]
                left[i] -= 1
                deal(cards + [i], weight * w)
                left[i] += 1

    deal([], 1)
    return tally


compositions = st.dictionaries(st.integers(0, 12), st.integers(1, 40), min_size=1, max_size=4).map(
    lambda d: tuple(d.get(i, 0) for i in range(13))).filter(lambda c: sum(c) >= 6)

# Many ranks with few cards: every value class in play, still cheap to enumerate.
small_shoes = st.tuples(
    st.dictionaries(st.integers(0, 12), st.just(1), min_size=6, max_size=9),
    st.integers(0, 12), st.integers(0, 5),
).map(lambda t: tuple(t[0].get(i, 0) + (t[2] if i == t[1] else 0) for i in range(13)))


def assert_matches_brute_force(counts, pair_by):
    r = shoe_odds(counts, Paytable(pair_by=pair_by))
    expected = brute_force(counts, pair_by)
    got = {k: r.combinations[k] for k in expected}
    assert got == expected
    assert r.combinations["total"] == sum(expected[k] for k in ("player", "banker", "tie"))


@settings(max_examples=30, deadline=None)
@given(counts=compositions, pair_by=st.sampled_from(["rank", "value"]))
def test_matches_brute_force_on_shoes_of_four_ranks(counts, pair_by):
    assert_matches_brute_force(counts, pair_by)


@settings(max_examples=15, deadline=None)
@given(counts=small_shoes, pair_by=st.sampled_from(["rank", "value"]))
def test_matches_brute_force_on_small_mixed_shoes(counts, pair_by):
    assert_matches_brute_force(counts, pair_by)


@pytest.mark.parametrize("counts", [
    (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0),  # one card of each of the ten values
    (2, 0, 0, 3, 0, 1, 0, 0, 1, 2, 0, 1, 0),  # a deck that lost most of its cards
])
def test_matches_brute_force_on_depleted_shoes(counts):
    assert_matches_brute_force(counts, "rank")


# ---- big shoes: the Python-int fallback --------------------------------------------------------

def test_python_int_stage_equals_int64_stage():
    counts = counts_for(8, ["AS", "5H", "5D", "9C", "K", "T", "T", "3S"])
    values = [0] * 10
    for i, x in enumerate(counts):
        values[value(i)] += x
    n = sum(counts)
    fast = _outcome_table(values, n, wide=False)
    slow = _outcome_table(values, n, wide=True)
    assert [int(x) for x in fast.ravel()] == [int(x) for x in slow.ravel()]


def test_thirty_deck_shoe_is_exact_beyond_int64():
    r = shoe_odds(counts_for(30), decks=30)
    n = 52 * 30
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    assert total >= 2**63
    c = r.combinations
    assert c["total"] == total == c["player"] + c["banker"] + c["tie"] == c["cards_4"] + c["cards_5"] + c["cards_6"]
    assert r.bets[Bet.PLAYER_PAIR].win == Fraction(4 * 30 - 1, n - 1)
    # More decks move the edges towards the infinite-deck figures, past the 8-deck ones.
    assert r.bets[Bet.BANKER].house_edge > full(8).bets[Bet.BANKER].house_edge


# ---- shoe compositions from seen cards ---------------------------------------------------------

def test_counts_for_removes_seen_cards_by_rank():
    counts = counts_for(8, ["AS", "10h", "K", "t♦", "A♥"])
    assert counts[RANKS.index("A")] == 30
    assert counts[RANKS.index("T")] == 30
    assert counts[RANKS.index("K")] == 31
    assert sum(counts) == 416 - 5
    assert shoe_odds(counts).cards_left == 411


def test_depletion_changes_the_odds():
    # Removing small cards helps Player; the exact figures must move, not stay at the full-shoe ones.
    seen = ["4"] * 20 + ["5"] * 20
    assert shoe_odds(counts_for(8, seen)).bets[Bet.PLAYER].house_edge != full(8).bets[Bet.PLAYER].house_edge


def test_seeing_a_card_more_often_than_the_shoe_holds_it_is_refused():
    with pytest.raises(SeenTooOftenError, match="'AS'.*holds 1"):
        counts_for(1, ["AS", "AS"])
    with pytest.raises(SeenTooOftenError, match="'9'"):
        counts_for(1, ["9"] * 5)


def test_bad_card_text_is_refused_naming_it():
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        counts_for(8, ["AS", "ZZ"])


@pytest.mark.parametrize("decks", [0, -1, 1.5, True, "8"])
def test_bad_deck_counts_are_refused(decks):
    with pytest.raises(InvalidCompositionError, match="decks"):
        counts_for(decks)


# ---- bad compositions --------------------------------------------------------------------------

@pytest.mark.parametrize("counts, words", [
    ((4,) * 12, "12 counts"),
    ((4,) * 14, "14 counts"),
    ((4,) * 12 + (-1,), "'K' is -1"),
    ((4,) * 12 + (1.5,), "'K' is 1.5"),
    ((True,) + (4,) * 12, "'A' is True"),
    ("A23456789TJQK", "not a sequence"),
    (None, "not a sequence"),
])
def test_bad_compositions_are_refused_naming_the_input(counts, words):
    with pytest.raises(InvalidCompositionError, match=words):
        shoe_odds(counts)


@pytest.mark.parametrize("left", [0, 1, 5])
def test_too_small_shoes_give_a_clear_error(left):
    counts = [0] * 13
    counts[0] = left
    with pytest.raises(ShoeTooSmallError, match=f"only {left} card"):
        shoe_odds(counts)


def test_shoes_beyond_the_exact_range_are_refused_with_the_limit():
    counts = [MAX_CARDS // 13 + 1] * 13
    with pytest.raises(ShoeTooLargeError, match=f"{sum(counts)} cards.*at most {MAX_CARDS}"):
        shoe_odds(counts)


def test_six_cards_are_enough():
    r = shoe_odds([1, 1, 1, 1, 1, 1] + [0] * 7)
    assert r.combinations["total"] == 720
    assert sum(r.bets[Bet.PLAYER].floats()[k] for k in ("win", "lose", "push")) == pytest.approx(1)


# ---- the JSON contract ---------------------------------------------------------------------------

def test_json_has_all_seven_bets_and_exact_fractions_that_agree():
    report = shoe_odds(counts_for(8, ["9H", "KS"]), decks=8)
    data = json.loads(json.dumps(report.to_json()))
    assert data["decks"] == 8 and data["cards_left"] == 414
    assert set(data["bets"]) == set(data["exact"]) == {b.value for b in Bet}
    assert isinstance(data["ms"], float) and data["ms"] >= 0
    for bet in Bet:
        floats, exact = data["bets"][bet.value], data["exact"][bet.value]
        assert set(floats) == set(exact) == {"win", "lose", "push", "house_edge"}
        assert sum(Fraction(exact[k]) for k in ("win", "lose", "push")) == 1
        for k in floats:
            assert Fraction(exact[k]) == getattr(report.bets[bet], k)
            assert floats[k] == float(Fraction(exact[k]))
    assert data["combinations"]["total"] == 414 * 413 * 412 * 411 * 410 * 409


def test_report_is_read_only_and_survives_copy_and_pickle():
    import copy
    import pickle

    report = full(8)
    with pytest.raises(TypeError):
        report.bets[Bet.TIE] = None
    assert copy.deepcopy(report) == report
    clone = pickle.loads(pickle.dumps(report))
    assert clone.bets[Bet.BANKER].house_edge == report.bets[Bet.BANKER].house_edge


def test_an_unknown_event_is_named_with_the_events_counted():
    from dealer_assist.odds import OddsError, UnknownEventError, counts_for, shoe_odds

    report = shoe_odds(counts_for(8))
    with pytest.raises(OddsError) as info:
        report.probability("dragon")
    assert isinstance(info.value, UnknownEventError)
    assert str(info.value).startswith("unknown event 'dragon' (events: total, player, banker")
