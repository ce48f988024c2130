"""A picture too dark to show a card, said with what to do.

A camera with its lens cap on, the table's lights out or its exposure collapsed
reads no card at all, and said nothing of it (QA: the shoe video at 0.15 of its
light, "277 frame(s) watched, 0 card(s) reported", exit 0).  The paper is the
brightest thing on a card table (see :mod:`.light`): a frame whose brightest
pixels stay under :func:`least_paper` (the faintest paper the recognizer still
brightens back, :data:`.light.LEAST_PAPER_SHARE` of the set-up's) shows no card's
paper it can read, whatever lies there.  Said once it lasts (a camera opening its exposure starts dark), and
again only after the light came back in between.  How long it lasts is in seconds, from the frames' own times:
counted in frames, a 60 fps camera said a hand passing over its lens 0.7 s too dark.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from dealer_assist.vision.light import LEAST_PAPER_SHARE, brightest_levels
from dealer_assist.vision.track import REFERENCE_FPS

#: Frames in a row too dark before it is said, at :data:`.track.REFERENCE_FPS` (30 fps): a camera's first
#: frames while its exposure opens, or a hand passing over the lens, are not a fault; about a second.
#: Frames with times are said so once the first and last of them lie as far apart as these did at 30 fps
#: (half a frame's leeway for a camera's uneven times): 59 frames at 60 fps, 15 at 15 fps.
DARK_FRAMES = 30


def least_paper(profile) -> float:
    """The faintest paper level a frame read with ``profile`` may show and still be read: the recognizer
    brightens a darker frame back only down to :data:`.light.LEAST_PAPER_SHARE` of the set-up paper's
    brightest channel (a fixed 80 of 255 had warned of frames the recognizer reads whole)."""
    colour = list(profile.paper_colour or ())
    return LEAST_PAPER_SHARE * (max(colour) if len(colour) == 3 else float(profile.paper_level))


def light_share(image: np.ndarray, least: float) -> float:
    """The light on ``image`` (BGR, BGRA or grey) as a share of the light a card needs (1.0 and more:
    enough): its brightest pixels' level over ``least`` (see :func:`least_paper`)."""
    if image.ndim == 2:
        image = np.dstack([image] * 3)
    return float(brightest_levels(image[..., :3]).max()) / least


def too_dark_text(share: float) -> str:
    """What is wrong and what to do, for a picture at ``share`` of the light a card needs."""
    return (f"the picture is too dark: {share:.0%} of the light a card needs, so no card can be read; check the "
            "lights over the table, the lens cap, and the camera's exposure (or brightness)")


class DarkWatch:
    """Follows a camera's frames; :meth:`add` says when they have been too dark for as long as
    :data:`DARK_FRAMES` take at 30 fps."""

    def __init__(self, least: float, frames: int = DARK_FRAMES) -> None:
        self.least = least
        self.frames = frames
        #: Seconds from the first frame too dark to the one it is said at (``frames`` at 30 fps).
        self.seconds = (frames - 1.5) / REFERENCE_FPS
        self._dark = 0
        self._count = 0  # frames added: a frame with no time is taken 1/30 s after the one before
        self._since = 0.0  # the first frame too dark's time
        #: Whether the picture is too dark now (said, and not lit again since).
        self.said = False
        #: The darkest share of the frames said too dark (see :func:`light_share`).
        self.share = 1.0

    def add(self, image: np.ndarray, t: Optional[float] = None) -> Optional[str]:
        """What to say of ``image`` (see :func:`too_dark_text`), the frame at ``t`` seconds (None: counted,
        1/30 s after the one before), the first time the frames have been too dark in a row for
        :attr:`seconds`; None otherwise."""
        self._count += 1
        t = self._count / REFERENCE_FPS if t is None else t
        share = light_share(image, self.least)
        if share >= 1.0:
            self._dark, self.said = 0, False
            return None
        self._dark += 1
        self._since = t if self._dark == 1 else self._since
        self.share = min(self.share, share) if self._dark > 1 else share
        if self.said or t - self._since < self.seconds:
            return None
        self.said = True
        return too_dark_text(self.share)
