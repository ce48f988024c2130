"""The text beside the cards is sized once the case's question and answer box are up (qaAN F1): at text
scale 1.25 it was sized while the previous case's question (and its hidden answer box) still stood, and
the new, taller question then took the room: the house rules stopped mid-line ("no double after") until
the window was resized.  Offscreen Qt, real layout."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dealer_assist.ui import theme  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


@pytest.fixture
def larger_text():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def _answer_right(window):
    while window.question_now is not None:
        window.answer(window.question_now.answer)


@pytest.mark.parametrize("w,h,drills", [(1280, 720, "mixed"), (1024, 768, "mixed"),
                                         (640, 480, "third-card,calling,payouts")])
def test_the_text_beside_the_cards_is_whole_on_every_case_without_a_resize(qtbot, larger_text, w, h, drills):
    window = open_trainer(qtbot, drills=drills, cases=30, seed=19)
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == w and window.height() == h)
    cut = []
    for number in range(1, 25):
        qtbot.wait(1)   # the layout's pending request is done; no resize comes to fit it again
        context = window.context
        if context.heightForWidth(context.width()) > context.height():
            cut.append((number, window.case.title, context.heightForWidth(context.width()), context.height()))
        _answer_right(window)
        window.next_case()
    assert cut == []
