"""One card read at two neighbouring corners: a four-index card under another deck's profile.

A deck printing its index at all four corners shows an upright index at
both top corners (and, turned, at both bottom ones).  Its own profile knows
(see :mod:`.card_beyond`); a two-index deck's profile does not, and reads
the index beside a card's side as a card of its own lying off that side: the
same code at two corners one side apart, each pooled as a card (QA: one
bonded 10♦ read as two sure 10♦ with anglo's profile, watched as two cards).

Two sure reads of one code are taken for one card when they lie as one
card's two corners along one side would, corners a wrong profile's read
sizes set a little inside the card's tips.  Facing opposite ways: one card
height apart along the first's height edge and a little inside its width
(the turned index at a bottom corner and the top-right index read as a
top-left one); two copies side by side read at facing corners lie a gap
*outside* it (an index covered by the other card is not read), and cards
dealt in a row in a shared deck's test frames lie 1.1 widths apart facing
the same way.  Facing the same way: less than a card's width apart along the
width edge and level to a few percent (both top indexes); copies fanned
level with a third of a card overlapped lie so too, but a fanned hand steps
down as well.  No card was joined so on the shared decks' test frames and
shoe videos, nor on the test frames of six rendered designs (dondorf,
paris, tango, ornamental, anglo_poker, tigullio), each with its own profile.
"""

from __future__ import annotations

from dealer_assist.vision.card_groups import CornerRead

#: Facing opposite ways: how far inside the card's width (a share of it) the two corners lie, and
#: how far apart along its height.  QA's bonded cards under anglo's profile: 0.14-0.18 inside, 1.03 along.
OPPOSITE_ACROSS = (0.05, 0.3)
OPPOSITE_ALONG = (0.85, 1.2)
#: Facing the same way: how far apart along the width (QA's bonded 5♦: 0.79; cards in a row, 1.1 on), and
#: the most across (its 0.03).
SAME_ALONG = (0.6, 0.95)
SAME_ACROSS = 0.08
#: Cosine past which two corners' width edges count as parallel (same or opposite way).
PARALLEL = 0.95


def side_apart(a: CornerRead, b: CornerRead, sizes: list[tuple[float, float]]) -> bool:
    """Whether ``a`` and ``b`` lie as one card's two corners along one side, at one of the card ``sizes``
    (width, height) in frame pixels (see the module's docstring)."""
    (wx, wy), (hx, hy) = a.corner.wdir, a.corner.hdir
    bw = b.corner.wdir
    facing = wx * bw[0] + wy * bw[1]
    if abs(facing) < PARALLEL:
        return False
    dx, dy = b.corner.x - a.corner.x, b.corner.y - a.corner.y
    for w, h in sizes:
        u, v = (dx * wx + dy * wy) / w, (dx * hx + dy * hy) / h
        if facing < 0:
            fits = OPPOSITE_ACROSS[0] <= u <= OPPOSITE_ACROSS[1] and OPPOSITE_ALONG[0] <= v <= OPPOSITE_ALONG[1]
        else:
            fits = abs(v) <= SAME_ACROSS and SAME_ALONG[0] <= abs(u) <= SAME_ALONG[1]
        if fits:
            return True
    return False


def join_side_corners(groups: list[list[CornerRead]], card_w: float,
                      card_h: float) -> tuple[list[list[CornerRead]], int]:
    """``groups`` (corner reads by physical card) with the groups read surely as one code whose sure
    reads lie at one card's two corners along a side joined into one; and how many were joined."""
    code_of = []
    for g in groups:
        codes = {cr.code for cr in g if cr.sure}
        code_of.append(codes.pop() if len(codes) == 1 else None)
    into = list(range(len(groups)))
    joined = 0
    for i, gi in enumerate(groups):
        if code_of[i] is None or into[i] != i:
            continue
        for j in range(i + 1, len(groups)):
            if into[j] != j or code_of[j] != code_of[i]:
                continue
            if any(side_apart(a, b, [(card_w, card_h), _mean_size(a, b)])
                   for a in gi if a.sure for b in groups[j] if b.sure):
                into[j] = i
                joined += 1
    out: dict[int, list[CornerRead]] = {}
    for i, g in enumerate(groups):
        out.setdefault(into[i], []).extend(g)
    return list(out.values()), joined


def _mean_size(a: CornerRead, b: CornerRead) -> tuple[float, float]:
    return (a.size[0] + b.size[0]) / 2, (a.size[1] + b.size[1]) / 2
