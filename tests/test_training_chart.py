"""The progress chart after the QA pass qaP (L2, L9): each drill its own line (a third-card session was
joined to a payouts one), dates under the axis, text read from a projector at 1024x768, the last
sessions only after months of use.  Offscreen Qt, real rendering."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.ui.training.chart import ACCURACY, ProgressChart  # noqa: E402


def _session(drill, accuracy, date, exam=False):
    return {"date": date, "drill": drill, "exam": exam, "overall": {"accuracy": accuracy, "mean_seconds": 2.0},
            "pass_mark": {"accuracy": 0.98, "seconds": 3.0}}


def _chart(qtbot, sessions, w=1004, h=190):
    chart = ProgressChart()
    qtbot.addWidget(chart)
    chart.resize(w, h)
    chart.set_sessions(sessions)
    chart.show()
    qtbot.waitUntil(lambda: chart.width() == w)
    return chart


def test_sessions_of_two_drills_are_two_lines_not_one_zigzag(qtbot):
    """third-card all right, payouts all wrong, taken in turn: one line joining them zigzagged across the
    middle of the chart, where neither drill ever was."""
    sessions = [_session("third-card" if i % 2 == 0 else "payouts", 1.0 if i % 2 == 0 else 0.0,
                         f"2026-12-0{i + 1}T10:00:00") for i in range(6)]
    chart = _chart(qtbot, sessions)
    image = chart.grab().toImage()
    scale = image.width() / chart.width()
    middle = [image.pixelColor(x, int(chart.height() * 0.45 * scale)) for x in range(image.width())]
    assert ACCURACY not in middle
    assert chart.drills() == {"third-card": [0, 2, 4], "payouts": [1, 3, 5]}


def test_the_axis_has_dates_and_the_text_is_large_enough_for_a_projector(qtbot):
    sessions = [_session("third-card", 0.5 + i / 20, f"2026-11-{10 + i}T10:00:00") for i in range(8)]
    chart = _chart(qtbot, sessions)
    labels = chart.date_labels()
    assert labels[0] == (0, "11-10") and labels[-1] == (7, "11-17") and len(labels) <= 6
    assert chart.text_px() >= 13     # ~10 px at 1024x768 could not be read from two metres


def test_after_months_of_use_the_chart_draws_the_last_sessions_and_says_so(qtbot):
    sessions = [_session("third-card", 0.9, f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}T10:00:00") for i in range(300)]
    chart = _chart(qtbot, sessions)
    assert len(chart.sessions) == 40 and chart.stored == 300
    assert chart.sessions[-1] is sessions[-1]


def test_a_session_with_no_decision_answered_has_no_speed_point(qtbot):
    """An exam killed before its first answer keeps ``mean_seconds`` 0: it was drawn as the fastest point of
    the chart, while ``--progress`` says "no decision answered" (rev26 F12)."""
    killed = _session("third-card", 0.0, "2026-12-02T10:00:00", exam=True)
    killed["overall"].update(mean_seconds=0.0, decisions=40, unanswered=40)
    sessions = [_session("third-card", 1.0, "2026-12-01T10:00:00"), killed,
                _session("third-card", 1.0, "2026-12-03T10:00:00")]
    chart = _chart(qtbot, sessions)
    from PySide6.QtCore import QRectF

    acc, speed, _ = chart.points(QRectF(0, 0, 300, 100))
    assert speed[1] is None and speed[0] is not None and speed[2] is not None and acc[1] is not None
    chart.grab()   # paints with the gap, no crash
