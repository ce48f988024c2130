"""Where an unsure read lies: on the card seen whole under it, and never on bare felt.

An unsure read's outline is placed at its index corner at the size its rank's
height tells (see :meth:`.recognize.Recognizer._read_sizes`), and a blurred
rank read as another tells another size: a blurred 3♥ lying alone read as a J,
its outline 0.75 of the card's, from one index corner in one frame and from the
other in the next, so the outline's centre jumped a third of a card between
frames and the tracker asked for two cards (qaAZ F1).  A card seen whole shows
its own outline: an unsure read at one of its corners takes it, the unsure reads
of one card seen whole are one (their candidates pooled), and none is left where
a sure read lies at a corner of that card (one card, one hit).

A corner found where two cards' edges meet can face away from both, onto the
felt, and its index cut read some rank out of their edges: its outline holds no
paper (under :data:`LEAST_PAPER` of it), and no card lies there (qaAZ F2: an
UNREADABLE CARD mid-round that held the next card read behind it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import numpy as np

from dealer_assist.vision.detect import Quad
from dealer_assist.vision.unread_outlines import mask_share

#: Least share of an unsure read's outline (the part inside the frame) that is paper: the phantoms standing
#: on the felt where two cards meet held 0.011 at most (qaAZ's deck, 9 frames), a card half under chips some
#: 0.5, a card cut by the frame's edge its index corner at least, and the card beyond it, besides.
LEAST_PAPER = 0.1
#: A read's index tip within this share of a card's width of a corner of a card seen whole is at that corner.
AT_CORNER = 0.1


def placed_unsure(uncertain: Sequence, cards: Sequence, quads: Sequence[Quad], whole: np.ndarray,
                  card_w: float) -> list:
    """The unsure hits of a frame (with candidates; those without are outlines already) as they lie: on
    paper (see :data:`LEAST_PAPER`; ``whole`` is the frame's paper mask), each at a corner of a card seen
    whole (``quads``) in that card's outline, one per such card, none on a card read for sure (``cards``)."""
    out: list = []
    merged: dict[int, int] = {}
    sure_on = {i for i, q in enumerate(quads) if any(_corner_of(h.corners, q, card_w) for h in cards)}
    for hit in uncertain:
        if not hit.candidates:
            out.append(hit)
            continue
        if mask_share(np.array(hit.corners, np.float64), whole) < LEAST_PAPER:
            continue
        at = next((i for i, q in enumerate(quads) if _corner_of(hit.corners, q, card_w)), None)
        if at is None:
            out.append(hit)
        elif at in sure_on:
            continue
        elif at in merged:
            was = out[merged[at]]
            cands = was.candidates + tuple(c for c in hit.candidates if c not in was.candidates)
            out[merged[at]] = replace(was, candidates=cands[:6], confidence=max(was.confidence, hit.confidence))
        else:
            merged[at] = len(out)
            out.append(replace(hit, corners=_from_tip(quads[at], hit.corners[0])))
    return out


def _corner_of(corners, quad: Quad, card_w: float) -> bool:
    """Whether a hit's outline (its index tip first) has its tip at a corner of ``quad`` and its centre on it."""
    if not corners:
        return False
    pts = np.array(quad.points, np.float64)
    tip = np.array(corners[0], np.float64)
    if np.min(np.linalg.norm(pts - tip, axis=1)) > AT_CORNER * card_w:
        return False
    centre, mid = np.mean(np.array(corners, np.float64), axis=0), pts.mean(axis=0)
    return bool(np.linalg.norm(centre - mid) < 0.5 * min(quad.short, quad.long))


def _from_tip(quad: Quad, tip) -> tuple[tuple[float, float], ...]:
    """The card's outline in outline order, starting at its corner nearest ``tip`` (an outline's first corner
    is its index tip)."""
    pts = [(float(x), float(y)) for x, y in quad.points]
    first = int(np.argmin([np.hypot(x - tip[0], y - tip[1]) for x, y in pts]))
    return tuple(pts[first:] + pts[:first])
