"""A baccarat replay rebuilds the table under the rules its journal recorded.

The replay worked the settlements out again under the configuration's rules
(the defaults with no --config): a Super 6 table's Banker 6 wins, paid half,
showed as paid 0.95 with commission, with no word.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import SUPER_6, Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource, read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession, replay_rules
from dealer_assist.table.state import TableError, TableRules

SUPER6_RULES = TableRules(shoe=ShoeRules(burn=False), paytable=SUPER_6, seats=9)


@pytest.fixture
def super6_journal(tmp_path):
    path = tmp_path / "super6.sqlite"
    session = TableSession(SUPER6_RULES, Journal.open(path), odds=False)
    session.place(1, Bet.BANKER, D("10"))
    session.deal()
    for code in ("2S", "3H", "KD", "6C"):  # Player 2, Banker 9: a natural, paid 1 to 1
        session.enter_card(code)
    session.next_round()
    session.place(1, Bet.BANKER, D("10"))
    session.deal()
    for code in ("4S", "5H", "AD", "AC", "9C"):  # Player 4+A = 5 draws 9: 4; Banker 5+A = 6 stands on 6
        session.enter_card(code)
    history = session.state.history
    session.close()
    return path, history


def test_the_replay_takes_the_rules_the_journal_recorded(super6_journal):
    path, history = super6_journal
    assert history[-1].outcome.banker_total == 6 and history[-1].settlement.lines[0].pays == D("5.00")  # half
    rules = replay_rules(read_journal(str(path)).rules)
    assert rules == SUPER6_RULES
    session = TableSession(rules, odds=False)
    source = ReplaySource(str(path), interval=3600)
    source.set_sink(session.handle)
    while source.step() is not None:
        pass
    assert [r.settlement for r in session.state.history] == [r.settlement for r in history]
    assert not any(a.code == "replay" for a in session.snapshot.alerts)
    session.close()


def test_a_config_of_other_rules_is_refused_by_name(super6_journal, tmp_path):
    path, _ = super6_journal
    with pytest.raises(TableError, match=r"paytable\.banker.*replay it without --config"):
        replay_rules(read_journal(str(path)).rules, TableRules(shoe=ShoeRules(burn=False), seats=9))
    assert replay_rules(read_journal(str(path)).rules, SUPER6_RULES) == SUPER6_RULES
    config = tmp_path / "standard.toml"
    config.write_text("[shoe]\nburn = false\n[table]\nseats = 9\n")
    run = subprocess.run([sys.executable, "-m", "dealer_assist", "replay", str(path), "--config", str(config)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "cannot replay" in run.stderr and "banker_six_pays" in run.stderr


def test_recorded_rules_that_cannot_be_read_back_are_refused_by_name():
    from dealer_assist.table.rules_record import rules_record

    broken = rules_record(SUPER6_RULES)
    broken["limits"]["maximum"] = [["dragon", "5"]]
    with pytest.raises(TableError, match="cannot be read.*--config"):
        replay_rules(broken)
    assert replay_rules(rules_record(replace(SUPER6_RULES, seats=3))).seats == 3
