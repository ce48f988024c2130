"""An exam below the standard names the shoe simulator it must not be dealt by as a command, ``dealer-assist
shoe-sim`` (qaAW F7: "no shoe simulator ... deal from the simulated shoe (--source sim) or a real shoe, not the
shoe simulator": a trainer could not tell the shoe simulator from the simulated shoe)."""

from __future__ import annotations

from dealer_assist.training import Settings, ShoeFeed, TrainingSession
from dealer_assist.training.standard import Standard
from trainer_runs import train

NAMED = "dealer-assist shoe-sim"


def test_the_standard_in_words_names_the_command():
    words = Standard().words
    assert NAMED in words and "no shoe simulator" not in words
    assert words.startswith("40 cases or more, 98% within 3 s or stricter, no seed")


def test_the_warning_before_a_seeded_exam_names_the_command_and_the_simulated_shoe_apart(tmp_path):
    run = train(tmp_path, "--text", "--exam", "--drill", "third-card", "--trainee", "bo", "--cases", "3",
                "--seed", "9", "--store", str(tmp_path / "p.json"))
    warning = next(line for line in run.stderr.splitlines() if "below the standard" in line)
    assert "not the shoe simulator" not in warning and "no shoe simulator" not in warning, warning
    assert warning.count(NAMED) == 2, warning  # in the standard's words and in what to do
    assert "deal from the simulated shoe (--source sim) or a real shoe, not from dealer-assist shoe-sim" in warning


def test_the_summary_of_a_seeded_exam_passed_names_the_command():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=2, minutes=None),
                              {"baccarat": ShoeFeed(8, 9), "blackjack": ShoeFeed(1, 9)}, seed=9)
    while not session.finished:
        case = session.next_case()
        session.submit(case, list(case.answers), 1.0)
    text = "\n".join(session.summary().lines())
    verdict = next(line for line in text.splitlines() if line.startswith("An exam below the standard"))
    assert "no shoe simulator" not in verdict and f"not dealt by {NAMED})" in verdict, verdict
