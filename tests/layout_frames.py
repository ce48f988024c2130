"""Frames of a blackjack layout seen from above: cards slid from the shoe into the boxes, and moved again, each
smeared by its motion and then lying still (made from the shared anglo set-up shots)."""

from __future__ import annotations

import cv2

from sliding_deal import CALIB, _card, _lay


def laid_out(folder, moves) -> object:
    """Frames of cards slid one by one (``moves``: code, centre x, y) from the shoe, or from where the card lies
    when it is moved again, smeared by their motion, each then lying still."""
    folder.mkdir(parents=True, exist_ok=True)
    felt = cv2.imread(str(CALIB / "AS.png"))
    felt[:] = felt[5, 5]
    lying: dict[str, tuple[float, float]] = {}
    shots = 0

    def shot(moving=None) -> None:
        nonlocal shots
        frame = felt.copy()
        for code, (x, y) in lying.items():
            _lay(frame, _card(code), x, y, 0)
        if moving is not None:
            _lay(frame, _card(moving[0]), *moving[1:3], 0, motion=moving[3])
        cv2.imwrite(str(folder / f"{shots:04d}.png"), frame)
        shots += 1

    for code, tx, ty in moves:
        sx, sy = lying.pop(code, (1180.0, 90.0))
        for t in range(1, 9):
            shot((code, sx + (tx - sx) * t / 8, sy + (ty - sy) * t / 8, 11 if t < 8 else 0))
        lying[code] = (tx, ty)
        for _ in range(6):
            shot()
    return folder

