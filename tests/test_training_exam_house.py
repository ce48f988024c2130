"""An exam's house rules are stored with it: a payouts exam passed at an EZ table (Banker 1 to 1, no
commission arithmetic) read "PASSED" under a standard table's ``train --progress --config``.  Only the
rules its drills use count: an EZ paytable made a calling or third-card exam "below the standard" at the
default table, and the reverse (qaP F12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal

from dealer_assist.baccarat.paytable import Paytable
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.house import house_rules
from dealer_assist.training.scoring import PassMark
from dealer_assist.training.standard import Standard

CLI = [sys.executable, "-m", "dealer_assist.cli"]
EZ = house_rules(Paytable(banker=Decimal("1"), banker_three_card_seven_pushes=True))


def _total(codes):
    return sum(min(10, "A23456789T".find(c[0]) + 1) if c[0] in "A23456789T" else 0 for c in codes) % 10


def _exam_entry(tmp_path, house, drill="payouts"):
    settings = Settings(drills=(drill,), exam=True, cases=2, limit=6, mark=PassMark(0.98, 3),
                        standard=Standard(cases=2, house=house), house=house)
    session = TrainingSession(settings, {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 0.5)
    store = ProgressStore(tmp_path / "p.json")
    return store.record("eve", session.summary(), drill)


def test_the_house_rule_lines_name_what_differs_from_the_default_table():
    assert house_rules() == ()
    assert EZ == ("House rule: Banker pays 1 to 1 (no commission)",
                  "House rule: a Banker win with a three-card 7 pushes")


def test_an_exam_passed_under_other_house_rules_is_below_this_tables_standard(tmp_path):
    entry = _exam_entry(tmp_path, EZ)
    assert entry["house"] == list(EZ)
    assert Standard(cases=2, house=EZ).verdict(entry) == ("PASSED", [])
    verdict, short = Standard(cases=2).verdict(entry)
    assert verdict == "passed below the standard"
    assert short == ["taken under other house rules than this table's (the standard table)"]


def test_an_entry_of_a_drill_that_uses_no_house_rule_passes_at_any_table(tmp_path):
    """A calling exam stored by an older version with the EZ lines: the tableau is every table's."""
    entry = _exam_entry(tmp_path, EZ, "calling")
    assert Standard(cases=2).verdict(entry) == ("PASSED", [])
    assert Standard(cases=2, house=EZ).verdict(entry) == ("PASSED", [])
    blackjack = house_rules(blackjack=HouseRules(hits_soft_17=True, blackjack_pays=Decimal("1.2")))
    assert Standard(cases=2, house=blackjack).verdict(_exam_entry(tmp_path, (), "third-card")) == ("PASSED", [])
    # the blackjack dealer drill uses soft 17, not the 6:5 payout; the payouts drill the other way round
    dealer = _exam_entry(tmp_path, (), "blackjack-dealer")
    assert Standard(cases=2, house=blackjack).verdict(dealer)[1] == [
        "taken under other house rules than this table's (blackjack, dealer hits soft 17)"]
    assert Standard(cases=2, house=blackjack).verdict(_exam_entry(tmp_path, (), "payouts"))[1] == [
        "taken under other house rules than this table's (blackjack, blackjack pays 6:5)"]


def test_an_entry_stored_before_house_rules_were_kept_stays_readable(tmp_path):
    entry = _exam_entry(tmp_path, ())
    del entry["house"]
    assert Standard(cases=2).verdict(entry) == ("PASSED", [])     # taken as the default table's
    assert Standard(cases=2, house=EZ).verdict(entry)[1] == [
        "house rules not recorded (stored by an older dealer-assist)"]


def _calling_exam(tmp_path, env, config, store, trainee):
    proc = subprocess.Popen(CLI + ["train", "--text", "--json", "--exam", "--drill", "calling", "--trainee", trainee,
                                   "--config", str(config), "--store", str(store)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for line in proc.stdout:
            event = json.loads(line)
            if event["event"] == "case":     # called right, from the cards alone
                player, banker = (_total(h["cards"]) for h in event["hands"])
                winner = "P" if player > banker else "B" if banker > player else "T"
                proc.stdin.write(f"{player}\n{banker}\n{winner}\n")
                proc.stdin.flush()
            if event["event"] == "summary":
                break
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
        return proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_progress_judges_a_calling_exam_at_an_ez_table_by_the_rules_it_uses(tmp_path):
    ez = tmp_path / "ez.toml"
    ez.write_text('[paytable]\nvariant = "ez"\n[blackjack]\nhits_soft_17 = true\n[training]\nexam_cases = 1\n')
    school = tmp_path / "school.toml"
    school.write_text("[training]\nexam_cases = 1\n")
    store = tmp_path / "p.json"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    err = _calling_exam(tmp_path, env, ez, store, "eve")
    assert "below the standard" not in err
    (entry,) = json.loads(store.read_text())["trainees"]["eve"]["sessions"]
    assert entry["house"] == []          # the calling drill's answers turn on no house rule
    # and the reverse: an exam at the default table judged by the EZ table's config
    _calling_exam(tmp_path, env, school, store, "xan")
    for config in (ez, school):
        out = subprocess.run(CLI + ["train", "--progress", "--config", str(config), "--store", str(store)],
                             capture_output=True, text=True, env=env, timeout=60)
        assert out.stdout.count("PASSED") == 2 and "below the standard" not in out.stdout, out.stdout
        assert "house rules" not in out.stdout
