"""A blackjack pair fanned a seventh of a card apart is read as two cards (rev17 F6, recognizer part).

Both top-left indexes lie in plain view and the top card's lower index too.  The lower card's index lies
where the top card's opposite index would, a fifth of a card off along the diagonal: the loose fit that
pairs a corner found off a notch with its card's other corner took the two cards for one (7♥ + 7♥ read
one 7♥; with the tracker, the second card was held or asked for as unreadable).  The top card's own far
corner, found where its read says, shows the lower index is another card's.  Built from the shared
calibration shots as the other composite tests are.
"""

from __future__ import annotations

import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _fan(code: str, off: float, down: int = 1, second: str = ""):
    h = card_image(code).shape[0]
    frame = felt()
    _place(frame, card_image(code), 500, 330, 0)
    _place(frame, card_image(second or code), 500 + off * h * 0.7, 330 + down * off * h, 0)
    return frame


@pytest.mark.parametrize("code", ["7H", "9S", "4C", "AS", "JC"])
@pytest.mark.parametrize("down", [1, -1])
def test_a_same_code_pair_fanned_reads_two_cards(anglo, code, down):
    result = anglo.recognize(_fan(code, 0.2, down))
    assert [c.card.code for c in result.cards] == [code, code], result
    assert result.uncertain == []


def test_the_reviewers_pair_reads_two_cards(anglo):
    h = card_image("7H").shape[0]
    frame = felt()
    _place(frame, card_image("7H"), 500, 330, 0)
    _place(frame, card_image("7H"), 500 + 0.14 * h, 330 + 0.14 * h, 0)
    result = anglo.recognize(frame)
    assert [c.card.code for c in result.cards] == ["7H", "7H"] and result.uncertain == [], result


def test_the_second_card_of_the_pair_is_played(anglo):
    """Through the tracker: two plain NewCards, nothing asked."""
    h = card_image("9S").shape[0]
    one = felt()
    _place(one, card_image("9S"), 500, 330, 0)
    two = one.copy()
    _place(two, card_image("9S"), 500 + 0.14 * h, 330 + 0.14 * h, 0)
    reads = [anglo.recognize(one), anglo.recognize(two)]
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    events = [e for n, r in enumerate([reads[0]] * 10 + [reads[1]] * 30) for e in tracker.update(n, r)]
    events += tracker.finish(39)
    assert [(e.card.code, e.put_back) for e in events if isinstance(e, NewCard)] == [("9S", False), ("9S", False)]
    assert not [e for e in events if isinstance(e, UnreadCard)]


@pytest.mark.parametrize("code", ["7H", "QD"])
def test_one_card_alone_still_reads_once(anglo, code):
    frame = felt()
    _place(frame, card_image(code), 500, 330, 0)
    assert [c.card.code for c in anglo.recognize(frame).cards] == [code]


def test_a_different_code_fanned_on_it_still_reads_both(anglo):
    result = anglo.recognize(_fan("7H", 0.14, 1, "7D"))
    assert sorted(c.card.code for c in result.cards) == ["7D", "7H"]
