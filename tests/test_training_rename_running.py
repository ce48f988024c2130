"""A session running while its trainee is renamed or merged stores its result where its record went, found by
the begun entry's identity (rev26 F1): with the old name stored again meanwhile (a new record, another
trainee at another terminal, or the trainee retrying), the result went under the new record and the begun
entry stayed in the renamed one, "not finished" (a failed exam), one exam counted twice against the day's
limit.  And what the trainee is told names where it went (rev26 F8)."""

from __future__ import annotations

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.progress import ExamLimitReached
from trainer_runs import practice


def _exam(answered: bool):
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while answered and not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def test_an_exams_result_replaces_its_begun_entry_after_a_rename_when_the_old_name_is_stored_again(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    running = ProgressStore(path)
    running.begin_exam("Ana", _exam(False), "third-card", most_a_day=3)
    ProgressStore(path).rename("Ana", "Anna")
    ProgressStore(path).record("Ana", practice(2), "third-card")   # the old name stored again: a new record
    running.record("Ana", _exam(True), "third-card")
    after = ProgressStore(path)
    anna = after.sessions("Anna")
    assert [s["exam"] for s in anna] == [False, True]
    assert not anna[1].get("stored_at_start") and anna[1]["complete"] and anna[1]["passed"]
    assert [s["exam"] for s in after.sessions("Ana")] == [False]
    assert after.seal_states("Anna") == ["sealed", "sealed"]
    assert running.stored_as == "Anna"
    # one exam, counted once: a limit of 1 refuses Anna's next, and the new Ana holds none
    try:
        after.begin_exam("Anna", _exam(False), "third-card", most_a_day=1)
        raise AssertionError("Anna's second exam was let in")
    except ExamLimitReached as exc:
        assert exc.taken == 1


def test_an_exam_given_up_takes_back_its_begun_entry_where_it_went(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    running = ProgressStore(path)
    running.begin_exam("Ana", _exam(False), "third-card")
    ProgressStore(path).rename("Ana", "Anna")
    ProgressStore(path).record("Ana", practice(2), "third-card")
    running.forget_exam("Ana")
    after = ProgressStore(path)
    assert [s["exam"] for s in after.sessions("Anna")] == [False]
    assert after.seal_states("Anna") == ["sealed"]
    assert len(after.sessions("Ana")) == 1


def test_a_practice_session_follows_the_rename_logged_while_it_ran(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    running = ProgressStore(path)
    ProgressStore(path).rename("Ana", "Anna")
    ProgressStore(path).record("Ana", practice(2), "third-card")
    running.record("Ana", practice(3), "third-card")
    after = ProgressStore(path)
    assert len(after.sessions("Anna")) == 2 and len(after.sessions("Ana")) == 1
    assert running.stored_as == "Anna"


def test_the_text_summary_says_where_a_renamed_trainees_session_went(tmp_path, capsys):
    from dealer_assist.commands.training import _say_stored

    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    running = ProgressStore(path)
    ProgressStore(path).rename("Ana", "Anna")
    summary = practice(3)
    running.record("Ana", summary, "third-card")
    _say_stored(running, "Ana", summary)
    out = capsys.readouterr().out
    assert "Stored for Anna in" in out and "renamed or merged meanwhile" in out
    assert "Stored for Ana " not in out
