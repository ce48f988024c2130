"""The deal / settle / odds commands as a user runs them (a real subprocess)."""

import json
import subprocess
import sys

import pytest


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def test_deal_json_contract():
    code, out, err = run("deal", "--json", "2", "A", "3", "2", "9", "9")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "baccarat"
    assert [(s["card"], s["position"]) for s in data["steps"]] == [
        ("2", "P1"), ("A", "B1"), ("3", "P2"), ("2", "B2"), ("9", "P3"), ("9", "B3")]
    assert data["steps"][5]["reason"] == "Banker 3 draws: Player's third card is a 9"
    assert data["player"] == {"cards": ["2", "3", "9"], "total": 4}
    assert data["banker"] == {"cards": ["A", "2", "9"], "total": 2}
    assert (data["complete"], data["next"], data["winner"], data["card_count"], data["size"]) == (
        True, None, "player", 6, "big")


def test_deal_with_too_few_cards_says_what_is_due():
    code, out, _ = run("deal", "--json", "10", "3", "4", "A")
    data = json.loads(out)
    assert code == 0 and data["complete"] is False and data["next"] == "player"
    assert data["winner"] is None


def test_extra_cards_stay_in_the_shoe_or_are_an_error_with_strict():
    code, out, err = run("deal", "--json", "2", "A", "3", "2", "8", "9")
    data = json.loads(out)
    assert code == 0 and data["winner"] == "tie" and data["unused"] == ["9"] and "card 6" in err
    code, out, err = run("deal", "--strict", "2", "A", "3", "2", "8", "9")
    assert code != 0 and out == "" and "card 6 ('9') is not needed" in err
    code, out, err = run("deal", "--json", "2", "A", "3", "2", "8", "9", "KH", "5")  # qaAG F14: only the 9 named
    assert json.loads(out)["unused"] == ["9", "KH", "5"] and "cards 6-8 ('9', 'KH', '5') are not needed" in err


def test_invalid_card_is_a_clear_error():
    code, out, err = run("deal", "--json", "2", "X9")
    assert code != 0 and out == "" and "'X9'" in err


def test_settle_json_contract_and_rounding():
    code, out, err = run("settle", "--json", "--cards", "K", "3", "5", "4", "8", "--bet", "1:banker:10.05",
                         "--bet", "1:tie:5", "--bet", "2:big:0.99", "--no-limits")
    assert code == 0, err
    data = json.loads(out)
    assert data["outcome"]["winner"] == "banker"
    bets = {(b["seat"], b["bet"]): b for b in data["bets"]}
    assert bets[(1, "banker")] == {"seat": 1, "bet": "banker", "stake": "10.05", "result": "win", "pays": "9.54",
                                  "returns": "19.59", "commission": "0.51"}
    assert bets[(1, "tie")]["result"] == "lose" and bets[(1, "tie")]["returns"] == "0.00"
    assert bets[(2, "big")]["pays"] == "0.53"
    assert data["totals"] == {"stakes": "16.04", "paid": "10.07", "commission": "0.51", "house": "-5.07"}


@pytest.mark.parametrize("bet,message", [("1:banker", "SEAT:BET:STAKE"), ("1:dragon:5", "unknown bet 'dragon'"),
                                         ("1:tie:5.001", "more than two decimals"), ("0:tie:5", "seat"),
                                         ("1:tie:600", "maximum of 500.00"),
                                         ("99:banker:10", "seats are numbered 1 to 14")])
def test_settle_refuses_bad_bets_with_a_message(bet, message):
    code, out, err = run("settle", "--cards", "9", "K", "Q", "5", "--bet", bet)
    assert code != 0 and out == "" and message in err


def test_settle_refuses_one_bet_given_twice_rather_than_round_each_half():
    """QA: --bet 1:banker:1.01 twice paid 1.90, a single 1:banker:2.02 pays 1.91: each line was rounded down."""
    code, out, err = run("settle", "--cards", "9", "K", "Q", "5", "--bet", "1:banker:1.01", "--bet", "1:banker:1.01")
    assert code == 2 and out == "" and "given twice" in err and "whole stake" in err
    code, out, _ = run("settle", "--cards", "9", "K", "Q", "5", "--bet", "1:banker:1.01", "--bet", "2:banker:1.01")
    assert code == 0  # two seats' bets are two bets


def test_settle_needs_a_complete_round():
    code, _, err = run("settle", "--cards", "9", "K", "Q", "--bet", "1:tie:5")
    assert code != 0 and "not complete" in err


def test_odds_json_contract():
    code, out, err = run("odds", "--decks", "8", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["decks"] == 8 and data["cards_left"] == 416
    assert set(data["bets"]) == {"player", "banker", "tie", "player_pair", "banker_pair", "big", "small"}
    assert abs(data["bets"]["banker"]["house_edge"] - 0.010579057842) < 1e-11
    assert data["exact"]["player_pair"]["win"] == "31/415"
    assert isinstance(data["ms"], (int, float))


def test_odds_after_seen_cards_and_impossible_card():
    code, out, _ = run("odds", "--decks", "1", "--seen", "AS", "KD", "--json")
    assert code == 0 and json.loads(out)["cards_left"] == 50
    code, out, err = run("odds", "--decks", "1", "--seen", "AS", "AS")
    assert code != 0 and "impossible card" in err


def test_blackjack_deal_and_settle():
    tokens = ["8S", "TH", "7D", "8C", "AS", "split", "3H", "hit", "9D", "stand", "KD", "stand", "9H", "9C"]
    code, out, err = run("settle", "--game", "blackjack", "--seats", "2", "--bet", "1:10", "--bet", "2:5.05",
                         "--json", *tokens)
    assert code == 0, err
    data = json.loads(out)
    results = [(b["seat"], b["result"], b["pays"]) for b in data["bets"]]
    assert results == [(1, "win", "10.00"), (1, "win", "10.00"), (2, "win", "7.57")]
    code, out, err = run("deal", "--game", "blackjack", "--seats", "1", "TS", "5H", "6D", "double")
    assert code != 0 and "hard 9, 10 or 11" in err


def test_blackjack_settle_checks_the_seat_limits_as_baccarat_does():
    """`--no-limits` said it controlled a check blackjack never made: a 1,000,000 stake settled."""
    tokens = ["TS", "6H", "9D", "stand", "KC", "2C"]
    for stake, said in (("1000000", "above the seat maximum 500.00"), ("0.01", "below the seat minimum 5.00")):
        code, out, err = run("settle", "--game", "blackjack", "--seats", "1", "--bet", f"1:{stake}", *tokens)
        assert code == 2 and out == "" and said in err and "--no-limits" in err
    code, out, _ = run("settle", "--game", "blackjack", "--seats", "1", "--bet", "1:1000000", "--no-limits", "--json",
                       *tokens)
    assert code == 0 and json.loads(out)["bets"][0]["pays"] == "1000000.00"
    code, out, _ = run("settle", "--game", "blackjack", "--seats", "1", "--bet", "1:25", "--json", *tokens)
    assert code == 0 and json.loads(out)["bets"][0]["pays"] == "25.00"


def test_python_m_dealer_assist_is_the_dealer_assist_command():
    """The brief's and a helper's ``python -m dealer_assist`` had stopped at "No module named dealer_assist.__main__"."""
    proc = subprocess.run([sys.executable, "-m", "dealer_assist", "settle", "--cards", "9", "K", "Q", "5", "--bet",
                           "1:player:10"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "PLAYER WINS 9 TO 5" in proc.stdout and "seat 1 Player" in proc.stdout


def test_an_unknown_option_is_named_with_its_commands_own_usage():
    """QA: `deal --frobnicate` printed the program's usage line, not deal's."""
    code, out, err = run("deal", "--frobnicate", "2", "A")
    assert code == 2 and out == ""
    assert err.startswith("usage: dealer-assist deal ") and "unrecognized arguments: --frobnicate" in err


def test_a_bet_over_the_limit_on_the_command_line_names_no_display_key():
    """QA: it said "a supervisor raises the limit (L)": L is the display's key."""
    code, _, err = run("settle", "--cards", "2", "A", "3", "2", "8", "--bet", "1:banker:100000")
    assert code == 2 and "(L)" not in err and "above the Banker maximum" in err and "--no-limits" in err


NINTH_ACE = "impossible card A♠ (AS): it would be copy 9 but the shoe holds only 8 (8 decks)"


def test_a_ninth_copy_given_to_deal_or_settle_is_refused_as_odds_refuses_it():
    """qaAV F2: nine A♠ after a complete round were listed as staying in the shoe (exit 0), `settle` paid on them,
    while `odds --seen` refused the ninth; docs/RULES.md: never silently accepted.  And odds' refusal ended in the
    table's "Correct it by hand or call a supervisor" (qaAV F8)."""
    aces = ["AS"] * 9
    for args, place in ((["deal", "2", "A", "3", "2", "8", "9", *aces], "card 15 of those given ('AS')"),
                        (["deal", "--json", "2", "A", "3", "2", "8", "9", *aces], "card 15 of those given ('AS')"),
                        (["settle", "--cards", *aces, "--bet", "1:banker:5"], "card 9 of --cards ('AS')"),
                        (["odds", "--seen", *aces], "card 9 of --seen ('AS')")):
        code, out, err = run(*args)
        assert (code, out) == (2, ""), (args, out)
        assert NINTH_ACE in err and f"{place} is one too many" in err and "--decks" in err, err
        assert "by hand" not in err and "supervisor" not in err and "stay in the shoe" not in err
    code, out, err = run("deal", "--json", "2", "A", "3", "2", "8", "9", *aces[:8])  # eight a shoe holds
    assert code == 0 and json.loads(out)["unused"] == ["9", *aces[:8]]


def test_deal_and_settle_count_the_cards_against_the_decks_given():
    """Baccarat's `deal` took --decks (a blackjack house rule) and never looked at it; blackjack's refused a
    second TS in one deck in the display's words ("check the reader and the deck, then enter the card really
    dealt"): now in odds' words, from the same check, naming the token."""
    code, out, err = run("deal", "--decks", "1", "AS", "2", "AS")
    assert (code, out) == (2, "") and "copy 2 but the shoe holds only 1 (1 deck): card 3 of those given" in err
    code, out, err = run("settle", "--decks", "1", "--cards", "9", "K", "Q", "5", "9", "--bet", "1:player:5")
    assert code == 0 and "PLAYER WINS" in out  # two 9s of no suit: of the four a deck holds
    code, out, _ = run("deal", "--json", "--decks", "9", "2", "A", "3", "2", "8", "9", *["AS"] * 9)
    assert code == 0 and len(json.loads(out)["unused"]) == 10
    code, _, err = run("deal", "--game", "blackjack", "TS", "9H", "TS", "stand", "8D")
    assert code == 2 and "copy 2 but the shoe holds only 1 (1 deck): token 3 ('TS') is one too many" in err
    assert "reader" not in err and "enter the card" not in err
    code, _, err = run("settle", "--game", "blackjack", "--bet", "1:10", "TS", "9H", "X", "TS", "stand", "8D")
    assert code == 2 and "token 3 'X': neither an action" in err  # the first fault named first
    code, out, _ = run("deal", "--game", "blackjack", "--decks", "2", "--json", "TS", "9H", "TS", "stand", "8D")
    assert code == 0 and json.loads(out)["complete"] is True


def test_a_stake_out_of_the_limits_is_refused_in_the_command_lines_words():
    """qaAV F8: settle said the display's "the bets stay as they were" and "(a smaller chip)": nothing was
    placed on the command line, and it has no chips."""
    code, out, err = run("settle", "--cards", "2", "A", "3", "2", "8", "9", "--bet", "1:banker:100000")
    assert (code, out) == (2, "")
    assert err.strip() == ("dealer-assist: error: seat 1 Banker 100000.00 is above the Banker maximum of 5000.00: "
                           "stake at most 5000.00 there (use --no-limits to settle anyway)")
    code, _, err = run("settle", "--cards", "2", "A", "3", "2", "8", "--bet", "1:banker:0.50")
    assert code == 2 and "below the Banker minimum of 1.00: stake at least 1.00 there (use --no-limits" in err
    assert "add chips" not in err


def test_an_empty_hand_of_an_incomplete_round_has_no_total():
    """qaAV F8: `deal 1` printed "Player A = 1    Banker  = 0": a hand with no card, and a total of it."""
    code, out, _ = run("deal", "1")
    assert code == 0 and "Player A = 1    Banker (no card yet)\n" in out and "= 0" not in out
