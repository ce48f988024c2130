"""Telling a camera frame that shows what the last frame read showed, so watching need not read it again.

A camera over a table sees the same cards for most of its frames: between
deals nothing moves.  Reading such a frame again costs a full recognition
(tens of milliseconds) and can only give what the last read gave.  Each
frame is shrunk to the means of its pixel blocks and compared with the last
frame read; the read is skipped only when no block moved, the last frame
read was itself still (a card sliding is blurred, and its read is not one
to keep), the tracker has every card in view reported and none uncertain
(a fresh read is what confirms a card), and the last read is less than
:data:`REREAD_EVERY` frames' time at 30 fps old (the frames' own times: counted in
frames, a 60 fps camera was read again twice as often, a 15 fps one half as often).
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.track import REFERENCE_FPS

#: Frames are compared by the mean of each block of this many pixels square.
BLOCK = 8
#: A block whose mean moved this many levels in some colour channel changed.  A card's edge
#: (paper against felt, 100 levels or more) moved by two pixels moves its block's mean about 40;
#: a video codec re-quantising a card at rest moves it up to 30 (measured on the shoe videos).
#: A smaller move is caught once the moves since the last read add up.
CHANGE = 40
#: However still the table, a frame is read again after this many skipped ones at 30 frames a second
#: (a third of a second): a card a blurred read missed is looked for again.
REREAD_EVERY = 10
#: Seconds after a read from which a frame is read again however still the table: the frame after
#: :data:`REREAD_EVERY` skipped at 30 fps (half a frame's leeway for a camera's uneven times), 20 at 60 fps.
REREAD_AFTER = (REREAD_EVERY + 0.5) / REFERENCE_FPS


class StillScene:
    """Says of each frame, in order, whether it must be read or shows what the last read one did."""

    def __init__(self) -> None:
        self._last: Optional[np.ndarray] = None
        self._read: Optional[np.ndarray] = None
        self._read_moving = True
        self._count = 0  # frames seen: a frame with no time is taken 1/30 s after the one before
        self._read_t = 0.0

    def needs_reading(self, image: np.ndarray, settled: bool, t: Optional[float] = None) -> bool:
        """Whether ``image`` (the next frame, at ``t`` seconds; None: counted, 1/30 s after the one before)
        must be read; ``settled``: every card the last read found is reported, and none was uncertain."""
        self._count += 1
        t = self._count / REFERENCE_FPS if t is None else t
        small = _blocks(image)
        moving = self._last is None or self._last.shape != small.shape or _moved(small, self._last)
        self._last = small
        if (settled and not self._read_moving and t - self._read_t < REREAD_AFTER and self._read is not None
                and self._read.shape == small.shape and not _moved(small, self._read)):
            return False
        self._read, self._read_moving, self._read_t = small, moving, t
        return True


def _blocks(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    size = (max(w // BLOCK, 1), max(h // BLOCK, 1))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA).astype(np.int16)


def _moved(a: np.ndarray, b: np.ndarray) -> bool:
    return int(np.abs(a - b).max()) >= CHANGE
