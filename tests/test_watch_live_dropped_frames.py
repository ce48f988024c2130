"""A live camera whose read takes longer than its frame interval still confirms each card (rev17 F1).

A camera or stream is grabbed keeping only the latest frame (see :class:`FrameGrabber`'s ``drop``), and
:attr:`Frame.number` counts every frame the camera sent: once a read takes longer than a frame interval
(a 60 fps camera, or a 30 fps one on a slow PC), the frames read are numbered n, n+2 or n+3, ...  The
tracker counted a card's reads in a row by frame number (a gap of one), so no card was ever confirmed:
the shared shoe video handed on so gave no card at all.  The frames here are the shared shoe video's own,
handed on as a camera dropping the frames sent while one is read would hand them (numbers and times kept).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import pytest

from dealer_assist.vision.capture import Frame, FrameGrabber
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch

SHOE = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo"


class _Dropping:
    """The shoe video's frames as a live source hands them while each read takes ``every`` frame intervals:
    only every ``every``-th frame reaches the reader (the grabber's ``read`` and ``finished``, as watch uses)."""

    def __init__(self, path: Path, every: int) -> None:
        self._grabber = FrameGrabber(str(path), drop=False).start()
        self._every = every
        self.handed: list[int] = []

    def read(self, timeout: float = 5.0) -> Optional[Frame]:
        while True:
            frame = self._grabber.read(timeout)
            if frame is None or frame.number % self._every == 0:
                if frame is not None:
                    self.handed.append(frame.number)
                return frame

    @property
    def finished(self) -> bool:
        return self._grabber.finished

    def stop(self) -> None:
        self._grabber.stop()


@pytest.mark.parametrize("every", [2, 3])
def test_each_card_is_reported_once_near_its_rest_though_frames_are_dropped(every):
    if not (SHOE / "baccarat.mp4").is_file():
        pytest.skip("shared shoe video not found")
    truth = json.loads((SHOE / "baccarat.json").read_text())["cards"]
    source = _Dropping(SHOE / "baccarat.mp4", every)
    try:
        cards = [e for e, _ in watch(Profile.load("anglo"), source) if isinstance(e, NewCard)]
    finally:
        source.stop()
    assert len(source.handed) < 277 // (every - 1)  # frames were dropped: no two numbers in a row read
    assert [e.card.code for e in cards] == [c["card"].replace("10", "T") for c in truth]
    for event, card in zip(cards, truth):
        # Read in two frames handed on in a row: within a few frame intervals of its rest, not batched later.
        assert event.frame <= card["t_rest"] + 3 * every, (event.card.code, event.frame, card["t_rest"])
