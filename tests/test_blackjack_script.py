"""Scripted tokens and the JSON shapes of DESIGN.md for ``deal``/``settle --game blackjack``."""

import json
from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.blackjack.script import (
    ScriptError, parse_bets, play_tokens, round_json, round_text, settle_json, settlement_text,
)

HAND_KEYS = {"cards", "total", "soft", "blackjack", "bust", "doubled"}


def test_deal_json_shape_of_a_complete_round():
    r = play_tokens("8S TH 7D 8C AS split 3H hit 9D stand KD stand 9H 9C".split(), 2)
    out = json.loads(json.dumps(round_json(r)))
    assert out["game"] == "blackjack"
    assert out["complete"] is True and out["next"] is None
    assert [s["seat"] for s in out["seats"]] == [1, 2]
    assert all(set(h) == HAND_KEYS for s in out["seats"] for h in s["hands"])
    assert set(out["dealer"]) == HAND_KEYS
    assert [h["cards"] for h in out["seats"][0]["hands"]] == [["8S", "3H", "9D"], ["8C", "KD"]]
    assert [h["total"] for h in out["seats"][0]["hands"]] == [20, 18]
    assert out["seats"][1]["hands"][0]["blackjack"] is True
    assert out["dealer"] == {"cards": ["7D", "9H", "9C"], "total": 25, "soft": False,
                             "blackjack": False, "bust": True, "doubled": False}
    assert out["prompt"] == "DEALER BUSTS (25)"


def test_next_says_what_is_due():
    assert round_json(play_tokens("TS 7D".split(), 1))["next"] == {"seat": 1, "hand": 0, "allowed": [], "card": True}
    assert round_json(play_tokens("TS".split(), 1))["next"] == "dealer"
    decision = round_json(play_tokens("5S 7D 5C".split(), 1))
    assert decision["complete"] is False
    assert decision["next"] == {"seat": 1, "hand": 0, "allowed": ["hit", "stand", "double", "split"]}
    assert round_json(play_tokens("TS 7D 9C stand".split(), 1))["next"] == "dealer"


def test_ranks_alone_and_any_spelling_are_accepted():
    r = play_tokens(["10h", "7", "8♠", "STAND"], 1)
    out = round_json(r)
    assert out["seats"][0]["hands"][0]["cards"] == ["TH", "8S"]
    assert out["dealer"]["cards"] == ["7"]
    assert out["next"] == "dealer"


def test_an_action_that_is_not_allowed_names_the_token_and_the_rule():
    with pytest.raises(ScriptError) as info:
        play_tokens("TS 7D 6C double".split(), 1)
    message = str(info.value)
    assert "token 4 'double'" in message and "double_hard_9_10_11" in message
    assert info.value.position == 4


def test_too_many_tokens_names_the_first_card_not_needed():
    with pytest.raises(ScriptError, match=r"token 6 '2C': not needed: the round is already complete"):
        play_tokens("TS 7D 9C stand TH 2C".split(), 1)
    with pytest.raises(ScriptError, match=r"token 5 'hit': no decision is due"):
        play_tokens("TS 7D 9C stand hit".split(), 1)


def test_bad_tokens_and_seats():
    with pytest.raises(ScriptError, match=r"token 2 'XX'.*neither an action"):
        play_tokens(["TS", "XX"], 1)
    with pytest.raises(ValueError, match="seats"):
        play_tokens([], 0)


def test_house_rules_reach_the_script():
    tens = HouseRules(split_any_tens=True)
    r = play_tokens("KS 7D QC split".split(), 1, tens)
    assert len(r.seat_hands(1)) == 2
    with pytest.raises(ScriptError, match="split_equal_rank"):
        play_tokens("KS 7D QC split".split(), 1)


def test_settle_json_one_result_per_hand_with_money_strings():
    r = play_tokens("8S 5D 7H 8C 6D split 3H hit 9D stand KD stand double 2C TC".split(), 2)
    out = json.loads(json.dumps(settle_json(r, ["1:10", "2:7.50"])))
    assert out["outcome"] == json.loads(json.dumps(round_json(r)))
    assert [(b["seat"], b["hand"], b["stake"], b["result"], b["pays"], b["returns"]) for b in out["bets"]] == [
        (1, 0, "10.00", "win", "10.00", "20.00"),
        (1, 1, "10.00", "win", "10.00", "20.00"),
        (2, 0, "15.00", "lose", "0.00", "0.00"),
    ]
    assert out["totals"] == {"stakes": "35.00", "paid": "20.00", "commission": "0.00",
                             "returned": "40.00", "house": "-5.00"}
    assert settle_json(r, {1: D("10"), 2: D("7.5")})["totals"] == out["totals"]


def test_bet_tokens_are_checked():
    assert parse_bets(["1:10", "2:0.30"]) == {1: D("10.00"), 2: D("0.30")}
    for bad, why in (("1-10", "SEAT:STAKE"), ("x:10", "SEAT:STAKE"), ("1:ten", "invalid amount"),
                     ("1:1.005", "two decimals")):
        with pytest.raises(ScriptError, match=why):
            parse_bets([bad])
    with pytest.raises(ScriptError, match="already has a bet"):
        parse_bets(["1:10", "1:20"])


def test_round_and_settlement_text_for_the_terminal():
    r = play_tokens("8S TH 7D 8C AS split 3H hit 9D stand KD stand 9H 9C".split(), 2)
    lines = round_text(r).splitlines()
    assert lines[0].split() == ["seat", "1", "hand", "1", "8♠", "3♥", "9♦", "20"]
    assert lines[2].split() == ["seat", "2", "10♥", "A♠", "blackjack"]
    assert lines[3].split() == ["dealer", "7♦", "9♥", "9♣", "bust", "(25)"]
    assert lines[-2:] == ["DEALER BUSTS (25)", "round complete"]
    text = settlement_text(r, ["1:10", "2:5.05"])
    assert "pays     7.57  returns    12.62  (blackjack pays 3:2)" in text
    assert text.splitlines()[-1] == "stakes 25.05, paid 27.57, returned 52.62, house -27.57"
    waiting = round_text(play_tokens("8S TH 7D 8C AS split".split(), 2)).splitlines()
    assert waiting[-1] == "next: a card for seat 1 hand 1"
