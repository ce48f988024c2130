"""The table's light, made the colour it was at set-up.

A profile learns the paper's colour from the set-up shots.  When the light
over the table changes colour later (a warm lamp switched on, daylight
fading), every card turns that colour: warm-lit white stock is as yellow as
a wooden table, so the paper test (bright and nearly colourless) finds no
card at all.  The paper is the brightest thing on a card table, so the
frame's brightest pixels tell the light's colour; scaling each channel so
that they come out the profile's paper colour gives every later step the
frame it was calibrated for.

The same pixels tell the light's strength: a room dimmed after set-up (or a
camera's exposure turned down) shows the paper grey, and a frame whose paper is
far darker than the set-up's is brightened back to it (see :func:`exposure`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import gain_tables

#: Share of the frame's pixels taken as its brightest (the paper's): one card
#: fills some 4% of a 1280x720 frame; a printed layout line or a glint is thinner.
TOP_SHARE = 0.005

#: Every 8th pixel of every 8th row: still some 14,000, in which a card is hundreds.
STRIDE = 8

#: The least change of a channel's gain worth making: the paper test allows a tint,
#: and the shared photos' light, wandering up to 22% from their set-up shots', reads
#: as well as it is (balanced from 8% on, they read a card fewer).
LEAST_CHANGE = 0.25
#: The least change worth making on a deck whose suits' inks are told apart by colour beyond red
#: and black (``Profile.colour_pairs``): a warm lamp turns a blue spade's ink green and an orange
#: diamond's red long before it changes a channel by a quarter.
LEAST_INK_CHANGE = 0.08

#: The most a light's colour (the frame's paper against the set-up's) scales a
#: channel: a tungsten lamp against daylight is about 0.6 in blue.  A felt's
#: brightest pixels (a frame with no card in it) lie far outside.
WIDEST_LIGHT = (0.45, 2.2)

#: The frame's brightest share must be at least this share of the set-up paper's brightest
#: channel to be paper under some light: the frame is then brightened back by at most its
#: inverse (see :func:`exposure`).  A camera's exposure turned down to 0.35 leaves the shared
#: test frames' paper at 65 to 89 of 255 (the set-up's at 252), and the frames under 80 (a
#: fixed floor, before) were read as they were and lost every card: 506 of anglo's 626
#: readable cards, 483 of plastic's 604.  Brightened back (also those whose brightest pixels
#: lie off a lamp's line, see :func:`exposure`), 623 and 602, as at full light.  At 0.15 of
#: the light (paper under 40) the print is a few levels deep and the frame is left as it is.
LEAST_PAPER_SHARE = 0.22

#: A frame whose paper shows at most this share of the set-up's brightness is brightened back
#: (see :func:`exposure`).  Dimmed alike, plastic's test frames read as well at 0.7 of their
#: light as at full (602 of 604 readable cards), and lost 13 cards at 0.6 (589); brightened back,
#: 601.  Within it, the shared photos' own light wanders and reads as it is.
DIMMED = 0.75


#: Share of a frame's pixels (of the :data:`STRIDE` sample) taken as its darkest: a few index glyphs'
#: strokes, a pip, a shadow.
BLACK_SHARE = 0.003
#: A frame whose darkest pixels (:data:`BLACK_SHARE`) are at least the first share of its paper's
#: level is washed out (see :func:`contrast_table`): those of the 2,880 test frames of the shared
#: photos and the 45 rendered sets reach 0.21 of it at most; a camera's contrast turned down to 0.6
#: leaves them at 0.29 and more, to 0.4 at 0.49 and more.  Stretched alike, the shared test frames
#: read as they are (anglo 623 of 626 readable cards, plastic 601 of 604, one fewer).
#: Beyond the second share, nothing in the frame is print (a bare pale table): it is left as it is.
WASHED_OUT = (0.25, 0.7)


#: The set-up paper's brightest channel (of 255) from which a brighter light leaves it clipped to
#: white: the camera's exposure left the paper no room.  A frame then shows only that its paper is
#: white, not how far the light went past it, and the print's pale parts fade against it unseen:
#: with every test frame of the 33 rendered designs brightened by a quarter,
#: they read 8,495 of 8,754 readable cards (8,689 at their light), and two wrong, one a 3 of
#: diamonds whose thin red strokes faded (its thick stroke read as an ace), until such a corner
#: was looked at again with its paper taken brighter (see :meth:`.index.IndexMatcher._headroom_look`).
NO_HEADROOM = 250


def leaves_no_headroom(paper_colour: Sequence[float]) -> bool:
    """Whether set-up paper of ``paper_colour`` (B, G, R) is so bright that a brighter light
    (a lamp turned up, the camera's automatic exposure) clips it (see :data:`NO_HEADROOM`)."""
    return len(paper_colour) == 3 and max(paper_colour) >= NO_HEADROOM


def light_balance(frame: np.ndarray, paper_colour: Sequence[float]) -> Optional[np.ndarray]:
    """A look-up table (1 x 256 x channels) for ``frame`` (BGR or BGRA) that makes its
    paper the set-up's ``paper_colour`` (B, G, R), or None when the light is as it was
    (off by less than :data:`LEAST_CHANGE`, or no light at all, see :func:`frame_light`)."""
    light = frame_light(frame, paper_colour)
    if light is None or not worth_balancing(light):
        return None
    return balance_table(light, frame.shape[2])


def brightest_levels(frame: np.ndarray) -> np.ndarray:
    """Per channel (B, G, R) of ``frame`` (BGR or BGRA), the level its brightest :data:`TOP_SHARE`
    of pixels reach: the paper's, where cards lie."""
    return frame_levels(frame)[0]


def frame_levels(frame: np.ndarray) -> tuple[np.ndarray, int]:
    """:func:`brightest_levels` of ``frame`` (BGR or BGRA), and the level its darkest
    :data:`BLACK_SHARE` of pixels stay under in their darkest channel: the print's black, where cards lie."""
    h, w = frame.shape[:2]
    sample = cv2.resize(frame, (max(w // STRIDE, 1), max(h // STRIDE, 1)), interpolation=cv2.INTER_NEAREST)
    lo = cv2.min(cv2.min(sample[..., 0], sample[..., 1]), sample[..., 2])
    cdf = cv2.calcHist([lo], [0], None, [256], [0, 256]).ravel().cumsum()
    black = int(cdf.searchsorted(BLACK_SHARE * cdf[-1]))
    return np.array([_brightest(sample, ch) for ch in range(3)], np.float64), black


def contrast_table(top: np.ndarray, black: int, paper_colour: Sequence[float]) -> Optional[np.ndarray]:
    """The look-up table (1 x 256 x 3) that stretches a washed-out frame's levels, whose brightest are
    ``top`` and darkest ``black`` (see :func:`frame_levels`), back down to black, its paper's level kept;
    None when the frame's black is dark enough (under :data:`WASHED_OUT`'s first share of its paper's
    level), or so pale that no print shows (over its second), or when its brightest pixels may be no
    paper under any light against the set-up's ``paper_colour`` (a bare felt, see :func:`exposure`).

    The ink cut (:data:`.ink.INK`) and the paper test are relative to the paper: a camera whose
    contrast is turned down (or a hazy lens) lifts the ink towards the paper until the strokes are
    cut to their cores: at 0.4 of the contrast, 407 of anglo's 626 readable test cards were read,
    429 of plastic's 604; stretched, 618 and 601.  The frame's own darkest pixels (ink, shadow,
    felt) tell how far, so the profile needs no level of its own: the set-up shots cannot be washed
    out (at 0.4 of their contrast calibration's self-test reads 14% of its trials and refuses them).
    """
    paper = float(top.max())
    if not WASHED_OUT[0] * paper <= black <= WASHED_OUT[1] * paper or _paper_light(top, paper_colour) is None:
        return None
    levels = (np.arange(256, dtype=np.float64) - black) * (paper / (paper - black))
    table = np.clip(np.round(levels), 0, 255).astype(np.uint8)
    return np.repeat(table[None, :, None], 3, axis=2)


def stretched(top: np.ndarray, black: int) -> np.ndarray:
    """Brightest levels ``top`` as :func:`contrast_table` maps them."""
    paper = float(top.max())
    return np.clip((top - black) * (paper / (paper - black)), 0.0, 255.0)


def frame_light(frame: np.ndarray, paper_colour: Sequence[float],
                top: Optional[np.ndarray] = None) -> Optional[np.ndarray]:
    """The colour of the light on ``frame`` (BGR or BGRA) against the set-up's: per channel (B, G, R)
    the frame's paper over the set-up's ``paper_colour``, at the frame's brightness (its largest is
    1); None when the frame's brightest pixels look like no light on paper.  ``top``: the frame's
    :func:`brightest_levels`, when already taken.

    The light must look like a light: each channel's gain within
    :data:`WIDEST_LIGHT` and green's between red's and blue's (lamps run from
    warm to cool along that line; a green or red felt does not), or far off that
    line (see :func:`colour_cast`): a camera's white balance gone green or magenta.
    """
    if len(paper_colour) != 3 or frame.ndim != 3:
        return None
    if top is None:
        top = brightest_levels(frame)
    light = _paper_light(top, paper_colour)
    if light is None:
        return None
    if LAMP_LINE < _off_lamp_line(light) <= CAST_OFF:
        return None
    return light


#: How far (a share of the brightest channel's gain) green's gain may lie outside red's and blue's and the
#: light still be a lamp's: the felt among a frame's brightest pixels tilts it (the shared test frames'
#: green by up to a tenth), and a frame so tilted is read as it is.
LAMP_LINE = 0.05
#: Past this, a light off the lamps' line is a camera's white balance gone green (or magenta), not felt: the
#: paper itself shows that colour.  QA's quartet frames with green's gain 1.2 and red's and blue's 0.8 (green
#: 0.23 to 0.29 off the line) showed mint-green stock the paper test took for no card, and read nothing:
#: balanced, every card (F3); at 1.1 (0.14 off) they read as they are.  A felt alone is not taken for paper:
#: its brightest channel leaves the others under :data:`WIDEST_LIGHT`'s least.
CAST_OFF = 0.2


def _off_lamp_line(light: np.ndarray) -> float:
    """How far green's gain in ``light`` (B, G, R) lies outside red's and blue's (0 between them)."""
    b, g, r = (float(x) for x in light)
    return max(g - max(b, r), min(b, r) - g, 0.0)


def paper_cast(frame: np.ndarray, paper_colour: Sequence[float]) -> Optional[tuple[float, str]]:
    """How far ``frame``'s paper light lies off the lamps' line (see :func:`_off_lamp_line`), and the colour it
    leans to (``"green"`` or ``"magenta"``); None when its brightest levels are no paper under any light."""
    if len(paper_colour) != 3 or frame.ndim != 3:
        return None
    light = _paper_light(brightest_levels(frame[..., :3]), paper_colour)
    if light is None:
        return None
    return _off_lamp_line(light), "green" if light[1] > max(light[0], light[2]) else "magenta"


def colour_cast(frame: np.ndarray, paper_colour: Sequence[float]) -> Optional[str]:
    """The colour ``frame``'s paper shows off the set-up's when no lamp gives it (``"green"`` or
    ``"magenta"``: green's gain past :data:`CAST_OFF` outside red's and blue's), else None."""
    cast = paper_cast(frame, paper_colour)
    return cast[1] if cast is not None and cast[0] > CAST_OFF else None


def colour_cast_text(cast: str) -> str:
    """What is wrong and what to do, for a picture whose white paper shows ``cast`` (see :func:`colour_cast`)."""
    return (f"the camera's picture is off colour: the cards' white paper shows {cast}, as no lamp colours it (the "
            "camera's white balance); its colours are balanced back before reading, but a card's red or coloured "
            "ink may then be missed. Set the camera's white balance to automatic, or to the table's light "
            "(daylight, tungsten)")


def _paper_light(top: np.ndarray, paper_colour: Sequence[float]) -> Optional[np.ndarray]:
    """The light's colour as :func:`frame_light` takes it from a frame's brightest levels ``top``, when
    they may be paper under some light (at least :data:`LEAST_PAPER_SHARE` of the set-up's, each
    channel's gain within :data:`WIDEST_LIGHT`), whether or not the light lies on a lamp's line."""
    paper = np.asarray(paper_colour, np.float64)
    if len(paper) != 3 or top.max() < LEAST_PAPER_SHARE * paper.max() or paper.min() <= 0:
        return None
    light = top / (paper * top.max() / paper.max())  # the light's colour, at the frame's brightness
    if light.min() < WIDEST_LIGHT[0] or light.max() > WIDEST_LIGHT[1]:
        return None
    return light


def exposure(top: np.ndarray, paper_colour: Sequence[float]) -> Optional[float]:
    """How much brighter a frame whose brightest levels are ``top`` (see :func:`brightest_levels`)
    must be for its paper to show as bright as the set-up's ``paper_colour``; None when it shows
    more than :data:`DIMMED` of that already, or when they look like no paper under any light.

    Read as they are, grey paper and its print fall below what the reader's fixed levels expect
    (the strokes parted from the paper, a red glyph's lead over green and blue); one gain for
    every channel gives back the frame the profile was calibrated on.  It is asked also of a frame
    whose brightest pixels' colour lies off a lamp's line (see :func:`frame_light`): the felt
    among them tilts it (the shared test frames' green by up to a tenth), which leaves such a
    frame's colour as it is but not its brightness; one gain keeps every pixel's colour.
    """
    if _paper_light(top, paper_colour) is None:
        return None
    gain = float(max(paper_colour)) / max(float(top.max()), 1.0)
    return gain if gain * DIMMED >= 1.0 else None


def worth_balancing(light: np.ndarray, least: float = LEAST_CHANGE) -> bool:
    """Whether a light (see :func:`frame_light`) is off the set-up's by ``least`` or more."""
    return bool(np.abs(light - 1.0).max() >= least)


def balance_table(light: np.ndarray, channels: int = 3) -> np.ndarray:
    """The look-up table (1 x 256 x ``channels``) that scales each channel by the inverse of ``light``."""
    gains = list(1.0 / light) + [1.0] * (channels - 3)
    return gain_tables(gains).T[None, :, :].copy()


def _brightest(sample: np.ndarray, channel: int) -> int:
    """The level above which :data:`TOP_SHARE` of ``sample``'s pixels lie in ``channel``."""
    hist = cv2.calcHist([sample], [channel], None, [256], [0, 256]).ravel()
    from_top = hist[::-1].cumsum()
    return 255 - int(from_top.searchsorted(TOP_SHARE * from_top[-1]))


def no_colour(image: np.ndarray) -> bool:
    """Whether ``image`` is grey (its channels alike): a red card's shot, or a frame of a table with
    red cards on it, never is; a camera set to greyscale sends nothing else."""
    small = cv2.resize(image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    spread = cv2.subtract(cv2.max(cv2.max(small[..., 0], small[..., 1]), small[..., 2]),
                          cv2.min(cv2.min(small[..., 0], small[..., 1]), small[..., 2]))
    return cv2.countNonZero(cv2.compare(spread, COLOURED, cv2.CMP_GT)) < COLOURED_LEAST


#: The spread between a pixel's channels over which it shows a colour (a grey image's JPEG noise stays
#: far under it; a red pip's spread is a hundred and more) ...
COLOURED = 36
#: ... and how many such pixels (at a quarter of the shot's size) a red card's shot has at least: an ace
#: of diamonds' one pip at 1280x720 gives about a hundred, even on a grey table.
COLOURED_LEAST = 20
