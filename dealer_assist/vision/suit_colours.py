"""Suit ink colours: which suits a deck tells apart by colour, and which a glyph's colour rules out.

Most decks print two colours, and the red-or-black rule (``Profile.suit_red``)
covers them.  A four-colour deck prints each suit in its own ink (clubs
green, diamonds blue): a blurred diamond is a round blob shaped like a
blurred spade or club, but its ink is still blue.  Calibration measures
each suit's ink colour in the set-up shots (:func:`suit_inks`) and keeps the
pairs of suits whose inks lie clearly apart (:func:`colour_pairs`); a read
whose ink is nearer the other suit's colour of such a pair is never that suit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Sequence

import numpy as np

#: Least distance between two suits' ink colours that tells them apart.
#: Black ink measures within about 0.05 of grey in real photos (print and
#: JPEG noise), red ink about 1 from it; a colour shift under a third of
#: red's from black is no printed difference a camera can rely on.
APART = 0.3
#: How far a glyph's measured colour may fade towards grey.  A camera's
#: colour is sampled at half the resolution of its brightness (4:2:0), so
#: on a small glyph in blur, mostly edge, the colour spreads into the paper
#: more than the darkness does.  Drawn glyphs blurred by 2.5 px and JPEG'd
#: keep their colour within 10%; this allows four times that.  A suit's
#: colour is a segment from this share of its ink's colour to all of it.
FADE = 0.6
_STEPS = np.linspace(FADE, 1.0, 13)
#: The medians must also lie this many times the suits' own spreads apart
#: (the median distance of a suit's shots from its median), so that the
#: half-way cut between them leaves each suit's shots well on its side.
SPREADS_APART = 4.0


def suit_inks(samples: Sequence) -> dict[str, tuple[np.ndarray, float]]:
    """Per suit of the calibration ``samples`` (``(card, glyphs)``, the suit's ink colour at
    ``glyphs[5]``): the median ink colour and the median distance of its shots from it."""
    by_suit: dict[str, list] = {}
    for card, glyphs in samples:
        if len(glyphs) > 5 and glyphs[5] is not None:
            by_suit.setdefault(card.suit, []).append(glyphs[5])
    out = {}
    for suit, colours in by_suit.items():
        c = np.array(colours, dtype=np.float64)
        med = np.median(c, axis=0)
        out[suit] = (med, float(np.median(np.linalg.norm(c - med, axis=1))))
    return out


def colour_pairs(inks: dict[str, tuple[np.ndarray, float]], red: dict[str, bool]) -> list[str]:
    """The pairs of suits of one red-or-black class (``"CS"``) whose inks lie clearly apart.

    Suits of different classes are already told apart by the red-or-black
    rule; only the pairs that rule cannot part are measured here.
    """
    out = []
    suits = sorted(inks)
    for i, a in enumerate(suits):
        for b in suits[i + 1:]:
            if a not in red or b not in red or red[a] != red[b]:
                continue
            (ca, sa), (cb, sb) = inks[a], inks[b]
            d = _gap(ca, cb)
            if d >= APART and d >= SPREADS_APART * (sa + sb):
                out.append(a + b)
    return out


def _gap(a: np.ndarray, b: np.ndarray) -> float:
    """Least distance between two inks' colours, each faded any share down to :data:`FADE`."""
    return float(np.linalg.norm(_STEPS[:, None, None] * a - _STEPS[None, :, None] * b, axis=2).min())


def _to_segment(c: np.ndarray, ink: np.ndarray) -> float:
    """Distance of colour ``c`` from a suit's colour faded any share down to :data:`FADE`."""
    k = float(np.clip(c @ ink / max(float(ink @ ink), 1e-9), FADE, 1.0))
    return float(np.linalg.norm(c - k * ink))


def colour_rules_out(suit_ink: dict, pairs: Sequence[str], suit: str, colour: Optional[Sequence[float]]) -> bool:
    """Whether a glyph of ink ``colour`` cannot be ``suit``: it lies nearer (faded or not) the ink
    of a suit its deck tells from ``suit`` by colour, and farther than half their gap from ``suit``'s."""
    if colour is None or not pairs:
        return False
    c = np.asarray(colour, dtype=np.float64)
    own_d = None
    for key in pairs:
        if suit not in key:
            continue
        other = key[1] if suit == key[0] else key[0]
        if suit not in suit_ink or other not in suit_ink:
            continue
        own, far = np.asarray(suit_ink[suit], dtype=np.float64), np.asarray(suit_ink[other], dtype=np.float64)
        if own_d is None:
            own_d = _to_segment(c, own)
        gap = _gap(own, far)
        if own_d > 0.5 * gap and _to_segment(c, far) < own_d:
            return True
    return False


#: A channel (B, G or R) from which an ink takes at least this share of what it
#: takes from its most darkened one is a channel that ink darkens: red ink
#: takes about as much blue as green (1.3-1.5 times the mean loss in every deck
#: measured) and little red (0.1-0.3); black takes all three alike.
DARKENS = 0.85


def ink_channels(suit_ink: dict) -> tuple[int, ...]:
    """The channels (0 B, 1 G, 2 R) every suit's ink darkens (see :data:`DARKENS`); empty when none is
    common to all (a four-colour deck), or when the inks are not known.

    On such a channel every index glyph is dark, while a colour no index
    ink has (a court picture's yellow, the blue of a robe) darkens only some
    of the others: measured on those channels alone, it is no ink, and it no
    longer melts into a glyph it touches (see :func:`.ink.darkness`).
    """
    return _ink_channels(tuple(sorted((k, tuple(v)) for k, v in suit_ink.items())))


@lru_cache(maxsize=64)
def _ink_channels(inks: tuple) -> tuple[int, ...]:
    if not inks:
        return ()
    common = {0, 1, 2}
    for _, colour in inks:
        share = [1.0 + float(v) for v in colour]  # each channel's loss against the mean loss
        top = max(share)
        common &= {i for i in range(3) if share[i] >= DARKENS * top}
    return tuple(sorted(common))
