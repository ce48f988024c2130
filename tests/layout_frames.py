"""Frames of a blackjack layout seen from above: cards slid from the shoe into the boxes, and moved again, each
smeared by its motion and then lying still, a hand over the layout now and then (made from the shared anglo set-up
shots)."""

from __future__ import annotations

import cv2

from sliding_deal import CALIB, _card, _lay


def laid_out(folder, moves, hidden=(), under: str = "", slide: int = 8, hand=None) -> object:
    """Frames of cards slid one by one (``moves``: ``(name, x, y)``, ``(name, x, y, smear)`` or ``(name, x, y, smear,
    steps, hold)`` or ``(name, x, y, smear, steps, hold, rest)`` or ``(..., rest, (share, frames))``) from the shoe, or
    from where the card lies when it is moved again, to its centre (x, y), smeared ``smear`` px by the motion
    (11 unless given; 0: sharp, a camera's short shutter), each then lying still ``rest`` frames (6 unless given).  ``name`` is the
    card's code, with ``#2`` after it for a second copy of that code.  In the frames ``hidden`` (their numbers) a hand
    hides the card ``under`` where it lies.  Each slide takes ``slide`` frames, or ``steps`` steps each shown ``hold``
    frames (a hand's strokes, halting between them); ``(share, frames)`` halts it, sharp, ``frames`` frames once that
    share of its steps is done (a dealer's hand pausing on the way).  ``hand``: ``(first frame, last frame, x, y)``, a
    hand's blob over that spot in those frames."""
    folder.mkdir(parents=True, exist_ok=True)
    felt = cv2.imread(str(CALIB / "AS.png"))
    felt[:] = felt[5, 5]
    lying: dict[str, tuple[float, float]] = {}
    shots = 0

    def shot(moving=None) -> None:
        nonlocal shots
        frame = felt.copy()
        for name, (x, y) in lying.items():
            if not (name == under and shots in hidden):
                _lay(frame, _card(name.split("#")[0]), x, y, 0)
        if moving is not None:
            _lay(frame, _card(moving[0].split("#")[0]), *moving[1:3], 0, motion=moving[3])
        if hand is not None and hand[0] <= shots <= hand[1]:
            cv2.ellipse(frame, (int(hand[2]), int(hand[3])), (110, 150), 0, 0, 360, (120, 150, 205), -1)
        cv2.imwrite(str(folder / f"{shots:04d}.png"), frame)
        shots += 1

    for name, tx, ty, *how in moves:
        smear = how[0] if how else 11
        steps, hold = how[1:3] if len(how) >= 3 else (slide, 1)
        rest = how[3] if len(how) >= 4 else 6
        halt_at, halt = (round(how[4][0] * steps), how[4][1]) if len(how) == 5 else (0, 0)
        sx, sy = lying.pop(name, (1180.0, 90.0))
        for t in range(1, steps + 1):
            at = (name, sx + (tx - sx) * t / steps, sy + (ty - sy) * t / steps)
            for _ in range(hold):
                shot((*at, smear if t < steps else 0))
            for _ in range(halt if t == halt_at else 0):
                shot((*at, 0))
        lying[name] = (tx, ty)
        for _ in range(rest):
            shot()
    return folder
