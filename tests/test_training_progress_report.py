"""``train --progress`` names each trainee's weak spots and each session's figures per drill, and
``--csv`` exports them (qaP F2: the listing showed overall figures only)."""

from __future__ import annotations

import os
import subprocess
import sys


CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _mixed_session(wrong_drill: str):
    from dealer_assist.training import Settings, ShoeFeed, TrainingSession

    session = TrainingSession(Settings(drills=("third-card", "payouts"), cases=12),
                              {"baccarat": ShoeFeed(8, 5), "blackjack": ShoeFeed(1, 5)}, seed=5)
    while not session.finished:
        case = session.next_case()
        answers = list(case.answers)
        if case.drill == wrong_drill:   # every case of this drill wrong in its first answer
            q = case.questions[0]
            answers[0] = next(c.key for c in q.choices if c.key != q.answer) if q.choices else "99.99"
        session.submit(case, answers, 1.0)
    return session


def test_progress_lists_each_sessions_drills_and_the_trainees_weak_spots(tmp_path):
    import csv
    import io

    from dealer_assist.training.progress import ProgressStore

    store = tmp_path / "school.json"
    session = _mixed_session("payouts")
    ProgressStore(store).record("ben", session.summary(), "third-card,payouts")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    out = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    third = sum(a.case.drill == "third-card" for a in session.attempts)
    payouts = len(session.attempts) - third
    assert f"by drill: third-card {third}/{third} right (100%), payouts 0/{payouts} right (0%)" in out.stdout
    assert "weak spots (rules answered wrong, highest rate first):" in out.stdout
    spots = [line for line in out.stdout.split("weak spots", 1)[1].splitlines()[1:] if line.startswith("    ")]
    assert spots and all(line.strip().startswith("payouts/") for line in spots)   # the tableau had no miss
    counts = ProgressStore(store).trainee("ben")["categories"]
    rule, figures = next((k, v) for k, v in counts.items() if k.startswith("payouts/") and v["wrong"])
    assert f"{rule}: {figures['wrong']} wrong of {figures['seen']} (" in out.stdout
    rows = list(csv.DictReader(io.StringIO(subprocess.run(
        CLI + ["train", "--progress", "--store", str(store), "--csv", "sessions"], capture_output=True, text=True,
        env=env, timeout=60).stdout)))
    assert len(rows) == 1 and rows[0]["trainee"] == "ben" and rows[0]["cases"] == "12"
    assert rows[0]["by_drill"] == f"third-card {third}/{third}; payouts 0/{payouts}"
    rules = list(csv.DictReader(io.StringIO(subprocess.run(
        CLI + ["train", "--progress", "--store", str(store), "--csv", "rules"], capture_output=True, text=True,
        env=env, timeout=60).stdout)))
    assert {(r["drill"], r["rule"], int(r["seen"]), int(r["wrong"])) for r in rules} == {
        (*k.split("/", 1), v["seen"], v["wrong"]) for k, v in counts.items()}
    refused = subprocess.run(CLI + ["train", "--csv", "rules"], capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode != 0 and "use it with --progress" in refused.stderr


def test_an_unfinished_exams_figures_per_drill_say_the_cases_never_asked(tmp_path):
    """qaAD F9: an exam quit after 5 of its 40 answers read "third-card 5/5" in --csv sessions."""
    import csv
    import io
    import os
    import subprocess
    import sys

    from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)})
    for _ in range(5):
        case = session.next_case()
        session.submit(case, list(case.answers), 1.0)
    path = tmp_path / "p.json"
    ProgressStore(path).record("dev", session.summary(), "third-card")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "train", "--progress", "--csv", "sessions",
                          "--store", str(path)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    row = next(csv.DictReader(io.StringIO(out.stdout)))
    assert (row["cases"], row["right"]) == ("40", "5")
    assert row["by_drill"] == "third-card 5/5; 35 not answered"


def test_an_exam_with_no_answer_shows_no_speed_and_is_not_called_faster_than_a_person(tmp_path):
    """qaAG F11: an exam stored at its start and killed before its first answer was listed "0.0 s/decision"
    and flagged "a median 0.00 s a decision: faster than a person reads a case": no decision was answered,
    so there is no time to show, nor to judge."""
    import csv
    import io

    from dealer_assist.training import Settings, ShoeFeed, TrainingSession
    from dealer_assist.training.progress import ProgressStore

    store = tmp_path / "school.json"
    exam = TrainingSession(Settings(drills=("third-card",), exam=True, cases=3),
                           {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    ProgressStore(store).begin_exam("kim", exam.summary(), "third-card")   # then the trainer is killed
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    listing = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True,
                             text=True, env=env, timeout=60).stdout
    line = next(x for x in listing.splitlines() if "third-card" in x and "exam" in x)
    assert "no decision answered" in line and "s/decision" not in line, line
    assert "faster than a person" not in line and "(not finished: 3 not answered)" in line
    rows = list(csv.DictReader(io.StringIO(subprocess.run(
        CLI + ["train", "--progress", "--csv", "sessions", "--store", str(store)], capture_output=True, text=True,
        env=env, timeout=60).stdout)))
    assert [r["mean_seconds"] for r in rows] == [""]
    said = exam.summary().lines()
    assert "no decision answered, so no time per decision" in said[0] and "s per decision" not in said[0], said
