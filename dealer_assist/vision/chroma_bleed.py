"""The paper's colour that a camera's codec bleeds into the glyphs printed on it, taken out again.

Cameras and video codecs (JPEG, MJPEG, H.264) keep a frame's brightness at
full resolution but its colour at half, one colour per block of 2 x 2
pixels, which the decoder spreads back over the block's neighbours.  In
white light on white stock black ink and paper are both colourless and
nothing bleeds.  Under a coloured light (a warm lamp), or on cream stock,
the paper has a colour and black ink nearly none: every pixel along a
glyph's edge gets its block's colour, part paper and part ink, so beside
the ink the paper turns darker in one channel and inside the edge the ink
lighter in another.  The ink map (a pixel's darkest channel) then sees a
halo around every glyph: a spade's point and stem and a club's notches go
soft, and a spade scores as a club.  Warm-lit gnomangelo read 93.9% of its
cards; stored with full-resolution colour, the same frames read 98.2%.

The brightness is exact.  Paper and black ink are the paper's colour at
different brightness, so where the print is black a pixel's true colour is
its brightness times the paper's colour, and what the codec added is, per
channel, the channel's share of the paper's colour times the difference
between the brightness's half-resolution copy and the brightness itself.
That copy is made again here exactly as the codec makes it (the 2 x 2
block's mean, spread back with weights 3/4 and 1/4: JPEG's downsampling and
libjpeg's "fancy" upsampling, the same for MJPEG), and taken out.  Coloured
ink (red) keeps its own colour: only the paper's share is removed.

This is work for every corner cut (some 40 microseconds each), so it is
done only where the paper is tinted enough to matter, on the corners
actually read, not on the whole frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import tint_allowance

#: ITU-R BT.601 luma weights (B, G, R), those JPEG and the usual video codecs
#: take the full-resolution brightness with.
LUMA = np.array([0.114, 0.587, 0.299])

#: Frame pixels kept around a cut's footprint: the codec's colour reaches one
#: block (2 px) and a pixel more through the upsampling's weights.
MARGIN = 4


@dataclass(frozen=True)
class ChromaBleed:
    """How the paper's colour bleeds in one frame: a pixel's codec brightness from its
    (balanced) channels, and how much of the brightness's half-resolution error each channel took."""

    #: Weights (B, G, R, A) giving the codec's brightness of a pixel of the frame as read.
    luma: np.ndarray
    #: Per channel (B, G, R, A): the channel's error per level of the brightness's half-resolution error.
    share: np.ndarray

    def unbled(self, region: np.ndarray, x0: int, y0: int) -> np.ndarray:
        """``region`` (BGRA uint8, its top-left pixel at (``x0``, ``y0``) of the frame) with the
        paper's bleed taken out.  The codec's blocks lie on even coordinates of the frame."""
        px, py = x0 % 2, y0 % 2
        h, w = region.shape[:2]
        ex, ey = (w + px) % 2, (h + py) % 2
        # Beyond the frame the codec repeats the last row and column to fill a block.
        padded = cv2.copyMakeBorder(region, py, ey, px, ex, cv2.BORDER_REPLICATE) if px or py or ex or ey else region
        ph, pw = padded.shape[:2]
        # The codec's brightness is whole levels, as here.
        luma = cv2.transform(padded, self.luma[None, :])
        half = cv2.resize(luma, (pw // 2, ph // 2), interpolation=cv2.INTER_AREA)
        # A 2x upsampling by pixel centres is the 3/4, 1/4 spread of libjpeg's fancy upsampling.
        error = cv2.subtract(cv2.resize(half, (pw, ph), interpolation=cv2.INTER_LINEAR), luma, dtype=cv2.CV_16S)
        planes = list(cv2.split(padded))
        for ch in range(3):
            planes[ch] = cv2.addWeighted(planes[ch], 1.0, error, -float(self.share[ch]), 0.0, dtype=cv2.CV_8U)
        out = cv2.merge(planes)
        return out[py:py + h, px:px + w] if px or py or ex or ey else out


def chroma_bleed(paper: Sequence[float], gains: Sequence[float] = (1.0, 1.0, 1.0),
                 channels: int = 4) -> Optional[ChromaBleed]:
    """The bleed of paper of colour ``paper`` (B, G, R as the camera sees it in this frame) in a
    frame whose channels were then multiplied by ``gains`` (the light's balance), or None when
    the paper is so nearly grey that there is nothing worth taking out.

    Nearly grey is the paper test's rule (:func:`.detect.paper_balance`): a tint using at
    most a quarter of the test's allowance (every white deck in white light: within 8 levels
    of grey) bleeds at most a few levels, less than the codec's own noise.
    """
    paper = np.asarray(paper, np.float64)
    gains = np.asarray(gains, np.float64)
    top = float(paper.max())
    if top <= 0 or top - float(paper.min()) <= 0.25 * tint_allowance(top):
        return None
    y = float(LUMA @ paper)
    luma = np.zeros(channels, np.float32)
    share = np.zeros(channels)
    # The codec's brightness is that of the frame before the balance.
    luma[:3] = LUMA / gains
    # Per level of brightness error, the channel took (its colour / the brightness - 1) of it,
    # then the balance's gain.
    share[:3] = gains * (paper / y - 1.0)
    return ChromaBleed(luma, share)


def footprint(m: np.ndarray, width: int, height: int, shape) -> Optional[tuple[int, int, int, int]]:
    """The frame's pixels (x0, y0, x1, y1) a ``width`` x ``height`` cut mapped by ``m`` (2 x 3,
    cut to frame) reads, with :data:`MARGIN` around, within a frame of ``shape``; None when off it."""
    (ax, bx, tx), (ay, by, ty) = m.tolist()
    xs = (tx, tx + ax * width, tx + bx * height, tx + ax * width + bx * height)
    ys = (ty, ty + ay * width, ty + by * height, ty + ay * width + by * height)
    x0, y0 = max(math.floor(min(xs)) - MARGIN, 0), max(math.floor(min(ys)) - MARGIN, 0)
    x1, y1 = min(math.ceil(max(xs)) + MARGIN, shape[1]), min(math.ceil(max(ys)) + MARGIN, shape[0])
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1
