"""``train --config`` drills a croupier on the table's own house rules.

It read only the ``[training]`` section: at an EZ table (Banker paid 1 to 1, no commission) the
payouts drill still expected 95.00 and 5.00 commission on a 100.00 Banker win, and at a table whose
dealer hits soft 17 the dealer drill marked "hit" on 6-A wrong.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

CLI = [sys.executable, "-m", "dealer_assist.cli"]
EZ_H17 = """game = "blackjack"
[paytable]
variant = "ez"
[blackjack]
hits_soft_17 = true
"""


def _events(tmp_path, drill, cases, seed, answer="0", config=True, level=3):
    path = tmp_path / "table.toml"
    path.write_text(EZ_H17)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    run = subprocess.run(CLI + ["train", "--text", "--json", "--drill", drill, "--cases", str(cases), "--seed",
                                str(seed), "--level", str(level), "--no-save"] + (["--config", str(path)] if config else []),
                         input=f"{answer}\n" * (cases * 8), capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def _banker_wins(events):
    """(stake, expected pay) of every Banker bet that won, from each case and its answer."""
    out = []
    for case, answer in zip(events[0::2], events[1::2]):
        if case.get("event") != "case" or case["title"] != "What do you pay?":
            continue
        if not case["context"][0].startswith("Banker wins"):
            continue
        for q, expected in zip(case["questions"], answer["expected"]):
            if q["name"].endswith(" banker"):
                out.append((q["prompt"].split()[-2].rstrip(":"), expected))
    return out


def test_an_ez_table_pays_banker_wins_in_full_with_no_commission(tmp_path):
    # Level 1, cases as dealt: at levels 2 and 3 an EZ table's cases favour its three-card 7's push (the
    # rule most missed there), and a Banker win paid 1 to 1 is seldom drawn.
    ez = _events(tmp_path, "payouts", 30, 2, level=1)
    wins = _banker_wins(ez)
    assert wins, "no Banker win in 30 cases: choose another seed"
    assert all(pay in (stake, "0.00") for stake, pay in wins)   # 1 to 1, or a three-card 7's push
    assert any(pay == stake for stake, pay in wins)
    cases = [e for e in ez if e.get("event") == "case" and e["title"] == "What do you pay?"]
    assert all("House rule: Banker pays 1 to 1 (no commission)" in c["context"] for c in cases)
    standard = _banker_wins(_events(tmp_path, "payouts", 30, 2, config=False, level=1))
    assert any(pay != stake and pay != "0.00" for stake, pay in standard)   # 0.95 to 1 without the config


def test_a_dealer_who_hits_soft_17_is_drilled_to_hit_it(tmp_path):
    events = _events(tmp_path, "blackjack-dealer", 60, 11, answer="H")
    soft17 = [(c, a) for c, a in zip(events[0::2], events[1::2]) if a["category"] == "dealer soft 17"]
    assert soft17, "no soft 17 in 60 cases: choose another seed"
    assert all(a["expected"] == ["H"] and a["result"] == "right" for _, a in soft17)
    assert all("House rule: dealer hits soft 17" in c["context"] for c, _ in soft17)
