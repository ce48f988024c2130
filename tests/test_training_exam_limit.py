"""A school limits how many exams of a drill a trainee takes a day (``[training] exam_attempts_per_day``).

qaS F4 left it open: a student resat the standard exam until one passed by chance (about 3 tries on
average at 39/40 a try), and nothing but the trainer's eye stopped a fourth or a tenth the same day.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from dealer_assist.table.config import ConfigError, load_config
from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.progress import ExamLimitReached

CLI = [sys.executable, "-m", "dealer_assist.cli"]
YESTERDAY = time.time() - 86400


def _unanswered_exam(drill="third-card"):
    session = TrainingSession(Settings(drills=(drill,), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    return session.summary()


def test_the_days_limit_counts_todays_exams_of_the_drill_only_and_refuses_under_the_lock(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    store.begin_exam("eve", _unanswered_exam(), "third-card", started=YESTERDAY, most_a_day=2)
    store.begin_exam("eve", _unanswered_exam(), "third-card", most_a_day=2)  # yesterday's does not count
    store.begin_exam("eve", _unanswered_exam("payouts"), "payouts", most_a_day=2)  # nor another drill's
    store.begin_exam("eve", _unanswered_exam(), "third-card", most_a_day=2)  # today's second
    with pytest.raises(ExamLimitReached) as refused:
        store.begin_exam("EVE", _unanswered_exam(), "third-card", most_a_day=2)  # names are case-blind
    assert "eve has taken 2 third-card exams in the last 24 hours" in str(refused.value)
    assert " UTC (24 hours after the exam of " in str(refused.value)
    assert "which counts against the limit until then)" in str(refused.value)
    assert len(ProgressStore(tmp_path / "p.json").sessions("eve")) == 4  # nothing stored for the refused one
    store.begin_exam("eve", _unanswered_exam(), "third-card")  # no limit set: no limit
    store.begin_exam("eve", _unanswered_exam("payouts"), "payouts,calling", most_a_day=1)
    with pytest.raises(ExamLimitReached):  # the same drills in another order are the same exam (qaAB F10)
        store.begin_exam("eve", _unanswered_exam("payouts"), "calling,payouts", most_a_day=1)


def test_train_refuses_an_exam_over_the_schools_limit_before_the_first_case(tmp_path):
    school = tmp_path / "school.toml"
    school.write_text("[training]\nexam_attempts_per_day = 1\n")
    store_path = tmp_path / "p.json"
    ProgressStore(store_path).begin_exam("ana", _unanswered_exam(), "third-card")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    out = subprocess.run(CLI + ["train", "--exam", "--trainee", "ana", "--drill", "third-card", "--text",
                                "--config", str(school), "--store", str(store_path)],
                         input="", capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode != 0
    assert "ana has taken 1 third-card exam in the last 24 hours" in out.stderr and "exam_attempts_per_day = 1" in out.stderr
    assert "Third card" not in out.stdout and "case 1" not in out.stdout.lower()  # nothing was asked
    assert len(ProgressStore(store_path).sessions("ana")) == 1
    practice = subprocess.run(CLI + ["train", "--trainee", "ana", "--drill", "third-card", "--text", "--cases", "1",
                                     "--config", str(school), "--store", str(store_path), "--seed", "3"],
                              input="\n", capture_output=True, text=True, env=env, timeout=60)
    assert "in the last 24 hours" not in practice.stderr  # practice is not limited


@pytest.mark.parametrize("value", ["0", "-2", '"three"', "1.5"])
def test_a_limit_that_is_no_whole_number_of_one_or_more_is_refused_by_name(tmp_path, value):
    school = tmp_path / "school.toml"
    school.write_text(f"[training]\nexam_attempts_per_day = {value}\n")
    with pytest.raises(ConfigError) as refused:
        load_config(school)
    assert "training.exam_attempts_per_day" in str(refused.value)
