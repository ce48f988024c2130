"""A smudged card dealt onto a card read is asked for in every fan, straight or spreading left (verC NEW-1).

A card whose index corners are both smudged past reading (the test helper's sigma 6), dealt onto a 9♠ read,
was not found at all in half the fans verC tried: straight to the right (the usual blackjack fan), a flatter
fan, and every fan spreading left (a camera on the other side of the table).  The tracker never asked for it
and played the next card in its place.  The top card's edge line over the 9♠ was lost: dark enough to cut
the whole paper mask too where the fan runs straight (its top and bottom edges in line with the 9♠'s, the
line reads as felt just beyond the card), or, where both ends of it lie in the smudges, a hole of the
paper that the masks fill like ink.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import _place, card_image, felt

#: Where the top card lies from the 9♠'s centre, in card heights (x right, y down): the fans verC found
#: the smudged card missing in.
FANS = {"right 0.15": (0.15, 0.0), "right 0.25": (0.25, 0.0), "flat right": (0.14, 0.03),
        "left": (-0.14, 0.055), "down-left": (-0.177, 0.177), "up-left": (-0.247, -0.247), "up-right": (0.106, -0.106)}
NINE = (600, 360)


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


def _fan(top: str, fan: tuple[float, float], smudged: bool) -> tuple[np.ndarray, tuple[float, float]]:
    table = felt()
    nine = card_image("9S")
    _place(table, nine, *NINE, 0)
    h = nine.shape[0]
    at = (NINE[0] + fan[0] * h, NINE[1] + fan[1] * h)
    _place(table, card_image(top, smudged=smudged), *at, 0)
    return table, at


@pytest.mark.parametrize("fan", FANS.values(), ids=FANS.keys())
def test_a_smudged_card_on_a_nine_read_is_asked_for_in_each_fan(anglo, fan):
    table, at = _fan("TH", fan, smudged=True)
    result = anglo.recognize(table)
    assert [h.card.code for h in result.cards] == ["9S"]
    assert [u.candidates for u in result.uncertain] == [()]
    assert np.linalg.norm(np.mean(result.uncertain[0].corners, axis=0) - at) < 25


@pytest.mark.parametrize("top", ["TH", "JC", "QS", "KH", "5C"])
@pytest.mark.parametrize("fan", FANS.values(), ids=FANS.keys())
def test_a_clear_card_on_a_nine_is_read_and_nothing_asked_for(anglo, top, fan):
    """The top card's outline is no card to ask for once it is read; nor is a court card's picture frame,
    whose line runs a little inside its side like an edge line over the card below."""
    table, _ = _fan(top, fan, smudged=False)
    result = anglo.recognize(table)
    assert sorted(h.card.code for h in result.cards) == sorted(["9S", top])
    assert result.uncertain == []


def test_the_table_asks_for_the_smudged_card_of_a_straight_fan_before_the_next_card(anglo):
    nine = felt()
    _place(nine, card_image("9S"), *NINE, 0)
    fan, _ = _fan("TH", FANS["right 0.15"], smudged=True)
    more = fan.copy()
    _place(more, card_image("4C"), 1000, 500, 0)
    shown = [anglo.recognize(nine)] * 15 + [anglo.recognize(fan)] * 30 + [anglo.recognize(more)] * 20
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    told = [(type(e).__name__, e.card.code if isinstance(e, NewCard) else e.candidates)
            for f, r in enumerate(shown) for e in tracker.update(f, r) if isinstance(e, (NewCard, UnreadCard))]
    assert told == [("NewCard", "9S"), ("UnreadCard", ()), ("NewCard", "4C")]
