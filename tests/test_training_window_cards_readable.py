"""The cards of every case lie whole and readable in the trainer window, at its least size and under the
school's larger text, while the case is asked and while its explanation shows (qaAN F2, F6): at 640x480 and
text scale 1.25 a blackjack case's cards were cut in half under its question, and while an explanation
showed the cards shrank until their rank was an 8 px corner index.  Readable: each card shows its big rank
(:func:`readable_card`).  Offscreen Qt, real layout; the larger text steps back first, then the text a
little below the window's own size."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dealer_assist.ui.training.case_view import readable_card  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


def _wrong(q) -> str:
    if q.kind == "amount":
        return "999"
    if q.kind == "number":
        return "8" if q.answer == "9" else "9"
    keys = [c.key for c in q.choices]
    return next(k for k in keys if k != q.answer)


def _whole_and_readable(window) -> list[str]:
    """What is wrong with the window as it is now (empty: all whole, the cards readable)."""
    bad = []
    parts = [w for w in (window.view, window.question, window.keys, window.entry, window.clock,
                         window.feedback_area, window.key_line) if w.isVisible()]
    if window.title.geometry().bottom() >= window.view.geometry().top():
        bad.append("title over the cards")
    for upper, lower in zip(parts, parts[1:]):
        if upper.geometry().bottom() >= lower.geometry().top():
            bad.append(f"{type(upper).__name__} over {type(lower).__name__}")
    if parts[-1].geometry().bottom() >= window.height():
        bad.append("past the window's foot")
    if window.view.card_height() < readable_card():
        bad.append(f"cards {window.view.card_height():.0f} px high, not {readable_card()}")
    context = window.context
    if context.heightForWidth(context.width()) > context.height():
        bad.append("text beside the cards cut")
    return bad


@pytest.mark.parametrize("text_scale", [1.0, 1.25], indirect=True)
@pytest.mark.parametrize("w,h", [(640, 480), (1024, 768), (1280, 720)])
@pytest.mark.parametrize("drills,seed,cases", [("mixed", 19, 24), ("payouts", 1, 18), ("blackjack-dealer", 4, 28)])
def test_every_cases_cards_are_whole_and_readable_asked_and_explained(qtbot, text_scale, w, h, drills, seed, cases):
    window = open_trainer(qtbot, drills=drills, cases=40, seed=seed)
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == w and window.height() == h)
    found = []
    hands = set()
    for number in range(1, cases + 1):
        qtbot.wait(1)   # the layout's pending request is done; no resize comes to fit it again
        hands.add(len(window.case.hands))
        found += [(number, "asked", why) for why in _whole_and_readable(window)]
        if number % 3 == 0:   # a wrong answer: its explanation takes the question's room
            while window.question_now is not None:
                window.answer(_wrong(window.question_now))
            qtbot.wait(1)
            assert window.waiting
            found += [(number, "explained", why) for why in _whole_and_readable(window)]
        else:
            while window.question_now is not None:
                window.answer(window.question_now.answer)
        window.next_case()
    assert found == []
    assert max(hands) >= (3 if drills != "mixed" else 2)   # the split hands' case was among them
