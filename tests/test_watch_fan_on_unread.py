"""A card never read with the next card fanned on it a quarter card down is asked for once, not twice.

A smudged 10♥ (its index past reading) lay unread; the K♦ dealt onto it 70 px (0.27 card) down left its top
showing, read unsure as T♦ with an outline half a card high sticking out of it: too far from the 10♥'s centre
to be it seen again, and not within a read card, it was asked for as a second card, and the croupier told to
type two cards for one (rev19 R5).  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`),
read by ``watch --unreadable`` and by the display's camera source.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from camera_runs import run_to_end
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.sources.factory import open_source
from smudged_deal import _place, card_image, felt


def _fan(folder: Path, dx: int, dy: int) -> Path:
    folder.mkdir()
    alone = felt()
    _place(alone, card_image("TH", smudged=True), 500, 400, 0)
    fanned = alone.copy()
    _place(fanned, card_image("KD"), 500 + dx, 400 + dy, 0)
    for n, image in enumerate([alone] * 10 + [fanned] * 40):
        cv2.imwrite(str(folder / f"{n:04d}.png"), image)
    return folder


@pytest.mark.parametrize("dx, dy", [(0, 70), (0, 40), (30, 45), (45, 60)])
def test_watch_names_one_card_never_read(tmp_path, dx, dy):
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--unreadable", "--video", str(_fan(tmp_path / "frames", dx, dy))],
                         capture_output=True, text=True, timeout=300)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["card"] for line in lines] == ["KD", None], f"fanned ({dx}, {dy}) px: {lines}"


def test_the_display_asks_for_it_once(tmp_path):
    events: list = []
    run_to_end(open_source(f"camera:{_fan(tmp_path / 'frames', 0, 70)}?profile=anglo", lambda: True),
               lambda e: events.append(e) if isinstance(e, (CardRead, Unreadable)) else None)
    assert sorted(type(e).__name__ for e in events) == ["CardRead", "Unreadable"]
