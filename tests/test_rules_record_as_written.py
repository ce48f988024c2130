"""A restart or a replay refused for other house rules names each value as the config file writes it
(qaAG F12: "paytable.tie_pushes: recorded True, now False" where the file says ``false``; qaAF F9:
"burn_cards: recorded 1, now None" where the file has no burn_cards line, which means 0), and a
configuration of the other game without a ``game`` line is not quoted as having one (qaAF F9:
'is a baccarat table's (game = "baccarat")' of a file holding only a [blackjack] section)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules, rules_from_config
from dealer_assist.table.config import config_from_mapping
from dealer_assist.table.rules_record import RulesMismatchError, compare_rules, rules_record
from dealer_assist.table.state import TableRules


def _refusal(recorded, now) -> str:
    with pytest.raises(RulesMismatchError) as info:
        compare_rules(rules_record(recorded), now)
    return str(info.value)


def test_true_and_false_are_written_as_the_file_writes_them():
    said = _refusal(TableRules(), config_from_mapping({"paytable": {"tie_pushes": False}}).rules)
    assert "(paytable.tie_pushes: recorded true, now false)" in said


def test_a_rule_the_record_leaves_out_at_its_default_is_named_by_that_default():
    said = _refusal(replace(BlackjackTableRules(), burn_cards=1), BlackjackTableRules())
    assert "(burn_cards: recorded 1, now 0)" in said and "None" not in said
    said = _refusal(BlackjackTableRules(), replace(BlackjackTableRules(), burn_cards=2))
    assert "(burn_cards: recorded 0, now 2)" in said


def test_amounts_and_lists_are_written_as_the_file_writes_them():
    said = _refusal(TableRules(), config_from_mapping({"table": {"chips": ["1", "5", "20", "100", "500",
                                                                           "1000"]}}).rules)
    assert 'chips[2]: recorded "25", now "20.00"' in said
    said = _refusal(BlackjackTableRules(), rules_from_config({"double_totals": [11, 10]}))
    assert "double_totals: recorded [9, 10, 11], now [10, 11]" in said


def test_a_rule_missing_from_one_side_is_not_set():
    with pytest.raises(RulesMismatchError) as info:
        compare_rules({**rules_record(TableRules()), "invented": 3}, TableRules())
    assert "invented: recorded 3, now not set" in str(info.value)


def test_the_no_burn_flag_is_still_named_when_only_the_burn_differs():
    recorded = replace(TableRules(), shoe=replace(TableRules().shoe, burn=False))
    assert _refusal(recorded, TableRules()).startswith("this journal was recorded without a burn (--no-burn)")
    assert _refusal(TableRules(), recorded).startswith("this journal was recorded with the burn, and --no-burn")


def test_a_configuration_with_no_game_line_is_said_to_have_none(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    journal = tmp_path / "bj.sqlite"

    def run(*args):
        return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--journal", str(journal),
                               "--quit-after", "1", *args], capture_output=True, text=True, timeout=120, env=env)

    assert run("--game", "blackjack", "--auto", "--turbo").returncode == 0
    no_game = tmp_path / "bj6.toml"
    no_game.write_text("[blackjack]\ndecks = 1\n")
    proc = run("--config", str(no_game))
    assert proc.returncode == 3
    assert (f"the configuration {no_game} is a baccarat table's (it has no game = \"blackjack\" line, and "
            "baccarat is the default)") in proc.stderr
    said_so = tmp_path / "bac.toml"
    said_so.write_text('game = "baccarat"\n')
    proc = run("--config", str(said_so))
    assert proc.returncode == 3 and f"the configuration {said_so} is a baccarat table's (game = \"baccarat\")" \
        in proc.stderr
