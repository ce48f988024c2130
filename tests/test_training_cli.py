"""``dealer-assist train --text`` driven through stdin in a subprocess, and ``train --progress --json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from decimal import Decimal

from dealer_assist.baccarat.paytable import parse_bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager, settle
from dealer_assist.cards import parse_card
from dealer_assist.money import fmt

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}


def _deal_order(case):
    player = [parse_card(c) for c in case["hands"][0]["cards"]]
    banker = [parse_card(c) for c in case["hands"][1]["cards"]]
    order = [player[0], banker[0], player[1], banker[1]]
    if len(player) == 3:
        order.append(player[2])
    if len(banker) == 3:
        order.append(banker[2])
    return order


def right_answers(case) -> list[str]:
    """The answers worked out here from what the trainee is shown, with the rules core as the oracle."""
    rnd = play(_deal_order(case))
    if case["drill"] == "third-card":
        if not rnd.complete:
            return [{"P3": "P", "B3": "B"}[rnd.next_position.value]]
        return ["N" if rnd.outcome.natural else "S"]
    assert case["drill"] == "payouts"
    if case["category"] == "blackjack 3:2":
        stake = Decimal(case["context"][0].split()[-1])
        dealer = case["hands"][1]["cards"]
        dealer_bj = len(dealer) == 2 and sorted(parse_card(c).blackjack_value for c in dealer) == [1, 10]
        return ["0" if dealer_bj else str((stake * 3 / 2).quantize(Decimal("0.01"), "ROUND_FLOOR"))]
    wagers = []
    for line in case["context"][1:]:
        seat, bet = line.split(":")
        *name, stake = bet.split()
        wagers.append(Wager(int(seat.split()[1]), parse_bet(" ".join(name)), Decimal(stake)))
    result = settle(wagers, rnd.outcome)
    return [fmt(r.pays) for r in result.lines] + [fmt(result.commission)]


def test_text_mode_through_stdin_scores_and_stores(tmp_path):
    store = tmp_path / "progress.json"
    proc = subprocess.Popen(CLI + ["train", "--text", "--json", "--drill", "third-card,payouts", "--cases", "6",
                                   "--seed", "4", "--trainee", "ana", "--store", str(store)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path))
    events, wrong_given = [], 0
    try:
        while True:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            event = json.loads(line)
            events.append(event)
            if event["event"] == "summary":
                break
            if event["event"] != "case":
                continue
            answers = right_answers(event)
            if event["n"] == 1:
                proc.stdin.write("X\n")   # unreadable: refused on stderr, asked again, not scored
            if event["n"] in (2, 5):      # a wrong first answer
                first = answers[0]
                swap = {"P": "B", "B": "S", "S": "N", "N": "P"}
                answers[0] = swap[first] if first in swap else fmt(Decimal(first) + 1)
                wrong_given += 1
            proc.stdin.write("\n".join(answers) + "\n")
            proc.stdin.flush()
    finally:
        proc.stdin.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=30) == 0, err
    assert "answer 'X'" in err and "not understood" in err
    answers = [e for e in events if e["event"] == "answer"]
    assert [a["result"] for a in answers] == ["right", "wrong", "right", "right", "wrong", "right"]
    assert {a["drill"] for a in answers} == {"third-card", "payouts"}
    summary = events[-1]
    assert summary["overall"]["cases"] == 6 and summary["overall"]["wrong"] == wrong_given
    assert len(summary["mistakes"]) == 2 and all(m["explanation"] for m in summary["mistakes"])

    shown = subprocess.run(CLI + ["train", "--progress", "--json", "--store", str(store)], capture_output=True,
                           text=True, env=_env(tmp_path), timeout=30)
    assert shown.returncode == 0, shown.stderr
    progress = json.loads(shown.stdout)
    sessions = progress["trainees"]["ana"]["sessions"]
    assert len(sessions) == 1 and sessions[0]["overall"]["right"] == 4 and sessions[0]["drill"] == "third-card,payouts"


def test_end_of_input_ends_the_session_with_a_summary(tmp_path):
    run = subprocess.run(CLI + ["train", "--text", "--drill", "calling", "--seed", "1", "--no-save"],
                         input="q\n", capture_output=True, text=True, env=_env(tmp_path), timeout=30)
    assert run.returncode == 0, run.stderr
    assert "Call the hand" in run.stdout and "Session: 0 cases" in run.stdout


def test_bad_options_and_a_bad_store_fail_with_a_message(tmp_path):
    bad = subprocess.run(CLI + ["train", "--text", "--level", "7"], capture_output=True, text=True,
                         env=_env(tmp_path), timeout=30)
    assert bad.returncode != 0 and "unknown level 7" in bad.stderr and bad.stdout == ""
    store = tmp_path / "broken.json"
    store.write_text("{oops")
    broken = subprocess.run(CLI + ["train", "--progress", "--json", "--store", str(store)], capture_output=True,
                            text=True, env=_env(tmp_path), timeout=30)
    assert broken.returncode != 0 and "left as it is" in broken.stderr and broken.stdout == ""
    assert store.read_text() == "{oops"
    manual = subprocess.run(CLI + ["train", "--text", "--source", "manual"], capture_output=True, text=True,
                            env=_env(tmp_path), timeout=30)
    assert manual.returncode != 0 and "training needs cards" in manual.stderr
    # qaAG F5: the sources to use, without manual (it listed manual, then "except manual")
    assert "| manual" not in manual.stderr and "except manual" not in manual.stderr, manual.stderr
    assert "use sim | sim:SEED | serial:URL" in manual.stderr and "camera:SRC?profile=PATH" in manual.stderr


def test_a_pass_mark_out_of_range_is_named_as_typed(tmp_path):
    """qaAG F4: ``--pass-accuracy 101`` was refused as "pass mark accuracy 1.01", the fraction kept inside."""
    for args, said in ((["--pass-accuracy", "101"], "--pass-accuracy 101 must be above 0 and at most 100 (percent"),
                       (["--pass-accuracy", "0"], "--pass-accuracy 0 must be above 0 and at most 100 (percent"),
                       (["--pass-seconds", "0"], "--pass-seconds 0 must be more than 0 (seconds per decision")):
        run = subprocess.run(CLI + ["train", "--text", "--no-save", *args], input="", capture_output=True,
                             text=True, env=_env(tmp_path), timeout=30)
        assert run.returncode != 0 and said in run.stderr and run.stdout == "", run.stderr
        assert "1.01" not in run.stderr


def test_a_one_case_exam_says_one_case(tmp_path):
    """qaAG F12: "Exam: 1 cases, no feedback until the end"."""
    run = subprocess.run(CLI + ["train", "--text", "--exam", "--drill", "third-card", "--cases", "1", "--no-save"],
                         input="N\n", capture_output=True, text=True, env=_env(tmp_path), timeout=30)
    assert run.returncode == 0, run.stderr
    assert "Exam: 1 case, no feedback until the end" in run.stdout, run.stdout


def test_a_line_with_one_answer_refused_is_asked_again_whole(tmp_path):
    """``3 x P`` for Player total, Banker total and winner: the x is refused, and the 3 must
    not stay as the Player total (it was kept, and the case scored against it)."""
    run = subprocess.run(CLI + ["train", "--text", "--json", "--drill", "calling", "--cases", "1", "--seed", "4",
                                "--no-save"],
                         input="3 x P\n6 9 B\n", capture_output=True, text=True, env=_env(tmp_path), timeout=30)
    assert run.returncode == 0, run.stderr
    events = [json.loads(line) for line in run.stdout.splitlines()]
    case = events[0]
    assert case["hands"][0]["cards"] == ["8H", "8C"] and case["hands"][1]["cards"] == ["5H", "KS", "4H"]
    assert "answer 'x' to 'Banker total' not understood" in run.stderr
    (answer,) = [e for e in events if e["event"] == "answer"]
    assert answer["result"] == "right"


def test_a_pasted_page_is_named_by_its_start_not_echoed_whole(tmp_path):
    run = subprocess.run(CLI + ["train", "--text", "--drill", "calling", "--cases", "1", "--seed", "4", "--no-save"],
                         input="x" * 100_000 + "\n", capture_output=True, text=True, env=_env(tmp_path), timeout=30)
    assert run.returncode == 0
    assert "answer 'xxxxxxxxxxxx" in run.stderr and "... to 'Player total' not understood" in run.stderr
    assert len(run.stderr) < 1000


def test_a_save_waiting_for_another_trainers_lock_says_so_and_stores_when_it_is_freed(tmp_path):
    """qaJ: with the store's lock held (a trainer stopped with Ctrl+Z mid-save), ``train`` printed its
    summary and then hung without a word."""
    store = tmp_path / "progress.json"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys\n"
        f"fd = os.open({str(store) + '.lock'!r}, os.O_RDWR | os.O_CREAT, 0o644)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\n"
        "sys.stdin.readline()\n")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        proc = subprocess.Popen(CLI + ["train", "--text", "--drill", "calling", "--cases", "1", "--seed", "4",
                                       "--store", str(store)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=_env(tmp_path))
        proc.stdin.write("6 9 B\n")
        proc.stdin.flush()
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
        reader.start()
        deadline = time.monotonic() + 30
        while not any("waiting to save" in line for line in lines) and time.monotonic() < deadline:
            time.sleep(0.05)
        said = "".join(lines)
        assert "waiting to save" in said, f"train did not say it waits for the lock: {said!r}"
        assert proc.poll() is None and not store.exists()  # it waits: nothing stored, nothing lost
        assert "Ctrl+Z" in said and "progress.json.lock" in said
    finally:
        holder.communicate("go\n", timeout=10)
    proc.wait(timeout=30)
    reader.join(timeout=5)
    assert proc.returncode == 0, "".join(lines)
    stored = json.loads(store.read_text())
    assert [len(t["sessions"]) for t in stored["trainees"].values()] == [1]
