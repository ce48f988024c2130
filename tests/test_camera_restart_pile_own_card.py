"""A table's camera restarted mid-round over a seven-seat blackjack layout, its piles fanned (qaAL F3).

Seat 4's first card, the K♣, lay under the 5♣ and was not read as the camera came back; read later (the pile had
grown), it was asked for as a card maybe just dealt (CARD TO TYPE IN ITS PLACE), the next card read held behind
it; and the covered indexes of the table's own cards, read unsure frame after frame with no sure reads of the deal
before them, raised CAMERA PROFILE? ("most likely changed").  A card that lay there unchanged since the camera
came back is the table's own; their unsure reads do not weigh against the profile.  A card of a code the table has
dealt after the restart is still asked about.
"""

from __future__ import annotations

import json
import os

import cv2
import numpy as np

from camera_runs import run_holding
from sliding_deal import CALIB
from dealer_assist.events import CardRead, LinkState, ProfileDoubt, Unreadable
from dealer_assist.sources.factory import open_source

#: 1280x720 frames, seat 1 on the right of the picture, the dealer's box on top (as QA's zones7.json).
ZONES = {"dealer": [0.3, 0.02, 0.7, 0.36],
         **{f"seat {k}": [round(1 - k / 7 + 0.006, 4), 0.40, round(1 - (k - 1) / 7 - 0.006, 4), 0.99]
            for k in range(1, 8)}}
#: The round as the camera came back: each seat's two cards and the dealer's up card.
DEALT = {1: ("TS", "6D"), 2: ("AH", "7D"), 3: ("9S", "9D"), 4: ("KC", "5C"), 5: ("AS", "JD"), 6: ("2H", "2S"),
         7: ("JC", "9H")}
UP = "5S"
#: Frames each picture lasts (1.5 s at 30 fps).
HOLD = 45


def pos(place, i: int, pile=None) -> tuple[float, float]:
    """The centre of card ``i`` of a place (``dealer`` or a seat number; ``pile`` 0 or 1 of a split)."""
    if place == "dealer":
        return 470 + 85 * i, 130
    cx = (1 - (place - 0.5) / 7) * 1280 + (0 if pile is None else -44 if pile == 0 else 44)
    return cx + 5 * i, 368 + 30 * i


def _card(code: str) -> np.ndarray:
    meta = json.loads((CALIB / "calib.json").read_text())["cards"][code.replace("T", "10")]
    dst = np.float32([[0, 0], [166, 0], [166, 259], [0, 259]])
    return cv2.warpPerspective(cv2.imread(str(CALIB / meta["file"])),
                               cv2.getPerspectiveTransform(np.float32(meta["corners"]), dst), (167, 260))


def _picture(cards) -> np.ndarray:
    """The felt of the set-up shots (a little noise on it), ``cards`` (code, x, y) laid in order at 0.55 scale."""
    shot = cv2.imread(str(CALIB / "AS.png"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = shot[5:60, 5:60].reshape(-1, 3).mean(0).astype(np.uint8)
    frame = np.clip(frame + np.random.default_rng(1).normal(0, 3, frame.shape), 0, 255).astype(np.uint8)
    for code, x, y in cards:
        m = cv2.getRotationMatrix2D((167 / 2, 260 / 2), 0, 0.55)
        m[0, 2] += x - 167 / 2
        m[1, 2] += y - 260 / 2
        face = cv2.warpAffine(_card(code), m, (1280, 720))
        mask = cv2.warpAffine(np.full((260, 167), 255, np.uint8), m, (1280, 720))
        frame[mask > 128] = face[mask > 128]
    return frame


def held_frames(folder, pictures) -> str:
    """``pictures`` written into ``folder`` as a camera's frames, each shown :data:`HOLD` frames (links to one file)."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for picture in pictures:
        first = folder / f"{n:05d}.png"
        cv2.imwrite(str(first), picture)
        n += 1
        for _ in range(HOLD - 1):
            os.symlink(first, folder / f"{n:05d}.png")
            n += 1
    return str(folder)


def frames(folder, steps) -> str:
    """The round's layout as the camera came back, then one picture more per step (``steps``: a place, code and
    pile; or ``("split", seat)``, the pair slid apart), each :data:`HOLD` frames."""
    layout: dict = {}
    for i in range(2):
        for seat, cards in DEALT.items():
            layout[(seat, None, i)] = (cards[i], *pos(seat, i))
        if i == 0:
            layout[("dealer", None, 0)] = (UP, *pos("dealer", 0))
    count = {key[:2]: 2 for key in layout if key[0] != "dealer"}
    count[("dealer", None)] = 1
    pictures = [_picture(list(layout.values()))]
    for step in steps:
        if step[0] == "split":
            seat = step[1]
            for i, pile in ((0, 0), (1, 1)):
                code = layout.pop((seat, None, i))[0]
                layout[(seat, pile, 0)] = (code, *pos(seat, 0, pile))
                count[(seat, pile)] = 1
        else:
            place, code, pile = step
            i = count.get((place, pile), 0)
            count[(place, pile)] = i + 1
            layout[(place, pile, i)] = (code, *pos(place, i, pile))
        pictures.append(_picture(list(layout.values())))
    return held_frames(folder, pictures)


def restarted(tmp_path, steps, held) -> list:
    """The events of a table's camera started over ``steps``' frames while the table holds ``held`` (codes)."""
    folder = frames(tmp_path / "frames", steps)
    (tmp_path / "zones.json").write_text(json.dumps({"zones": ZONES}))
    source = open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                         game="blackjack", seats=7)
    return run_holding(source, held, 600)


def table_cards() -> list[str]:
    return [code for cards in DEALT.values() for code in cards] + [UP]


def test_a_pile_s_first_card_read_only_later_is_the_table_s_own_and_raises_no_profile_doubt(tmp_path):
    events = restarted(tmp_path, ((4, "TD", None), ("split", 6), (6, "9C", 0), (6, "KD", 0), (6, "QH", 1),
                                  (6, "7C", 1), ("dealer", "5D", None), ("dealer", "8D", None)), table_cards())
    assert [e.text for e in events if isinstance(e, ProfileDoubt)] == []
    assert [e for e in events if isinstance(e, Unreadable)] == []
    assert [(e.card.code, e.zone) for e in events if isinstance(e, CardRead)] == [
        ("TD", "seat 4"), ("9C", "seat 6"), ("KD", "seat 6"), ("QH", "seat 6"), ("7C", "seat 6"), ("5D", "dealer"),
        ("8D", "dealer")]
    assert any(isinstance(e, LinkState) and e.detail.startswith("K♣ in view when the camera started: the table's own")
               for e in events)


def test_a_card_of_a_code_the_table_has_dealt_after_the_restart_is_still_asked_about(tmp_path):
    # The table holds a 7♣ that is not in view (a hand over it as the camera came back, taken away since); the
    # 7♣ dealt to seat 6's second hand may be it or another: the croupier says.
    events = restarted(tmp_path, ((4, "TD", None), ("split", 6), (6, "9C", 0), (6, "KD", 0), (6, "QH", 1),
                                  (6, "7C", 1)), table_cards() + ["7C"])
    asked = [e for e in events if isinstance(e, Unreadable)]
    assert [(e.candidates[0].code, e.zone) for e in asked] == [("7C", "seat 6")]
    assert "a card the table has one of" in asked[0].why
