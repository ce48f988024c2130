"""An exam ended before any answer, whose progress file cannot be read back, warns and goes on: the
command named ProgressError without importing it, so it ended in a NameError traceback instead."""

from __future__ import annotations

from dealer_assist.commands.training import _forget_unanswered
from dealer_assist.training.progress import ProgressStore


def test_an_unanswered_exam_whose_store_went_bad_is_a_warning_not_a_traceback(tmp_path, capsys):
    store = ProgressStore(tmp_path / "progress.json")
    store._begun["ana"] = "attempt-1"  # begin_exam's note of the exam it stored
    (tmp_path / "progress.json").write_text("{ not json", encoding="utf-8")  # another program broke it meanwhile
    _forget_unanswered(store, "ana")
    said = capsys.readouterr().err
    assert said.startswith("dealer-assist: warning: ") and "progress.json" in said
