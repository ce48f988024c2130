"""The guided set-up's steps: which card to show the camera next, and taking its shot.

Shared by the terminal prompts and the preview window of ``calibrate --camera``
(see :mod:`dealer_assist.ui.guided_setup`), so both ask for the same cards in the
same order and keep the shots the same way.  No Qt here; the only I/O is the
shots' folder.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.vision.calibrate import find_card
from dealer_assist.vision.capture import CaptureError, describe
from dealer_assist.vision.image_file import opencv_name
from dealer_assist.vision.shifted_shots import SET_UP_ORDER  # the order the cards are asked for


def named_shots(src: str) -> list[str]:
    """The images of a guided set-up's source ``src`` that are named by a card code (``10C.png``), when most
    of a folder's or pattern's images are; else [].

    The guided set-up names each frame by the card it asks for, in its order (A to K of spades first); a
    folder of shots each already named by its card is read in the order of the names (10C first), and
    every shot would be kept under another card's name (QA: all 52, then refused as misnamed).  Such a
    folder is calibrated as it is, with ``calibrate --images``.
    """
    try:
        kind, files = describe(src)
    except CaptureError:
        return []  # refused, and said why, when it is opened
    if kind != "files":
        return []
    named = []
    for path in files:
        try:
            parse_card(Path(path).stem, require_suit=True)
        except InvalidCardError:
            continue
        named.append(path)
    return named if len(named) * 2 > len(files) else []


class GuidedSetUp:
    """Where a guided set-up stands: the card asked for, the shots taken and kept.

    A shot already in the folder (``<code>.png``, from a session stopped
    half-way) is kept and its card not asked for again: the same command goes
    on where it stopped.  A card skipped is asked for again on the next run.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)  # made at the first shot: a camera that does not open leaves none
        #: Shots taken in this session, in order (codes).
        self.taken: list[str] = []
        #: Cards skipped in this session.
        self.skipped: list[str] = []
        self._at = 0
        #: The last shot taken and its card's corners, until it is taken again (:meth:`undo`).
        self._last: Optional[tuple[np.ndarray, np.ndarray]] = None
        #: Shots found in the folder from before, passed over since the last call of :meth:`passed_over`.
        self._passed: list[str] = []
        self._settle()
        #: The shots in the folder from before, by their pictures' digests (read at the first :meth:`kept_as`).
        self._before = [code for code in SET_UP_ORDER if self.shot_path(code).is_file()]
        self._digests: Optional[dict[str, str]] = None

    def shot_path(self, code: str) -> Path:
        return self.folder / f"{code}.png"

    def _settle(self) -> None:
        while self._at < len(SET_UP_ORDER) and self.shot_path(SET_UP_ORDER[self._at]).is_file():
            self._passed.append(SET_UP_ORDER[self._at])
            self._at += 1

    @property
    def current(self) -> Optional[str]:
        """The code of the card to show next, or None when every card has a shot or was skipped."""
        return SET_UP_ORDER[self._at] if self._at < len(SET_UP_ORDER) else None

    @property
    def resumes_at(self) -> Optional[str]:
        """The card the same command asks for first when run again: the first with no shot, a card
        skipped before the one asked for now included (QA: the stop named the card after the skipped one)."""
        return next((code for code in SET_UP_ORDER if not self.shot_path(code).is_file()), None)

    @property
    def done(self) -> bool:
        return self.current is None

    def shots(self) -> int:
        """Shots of the deck's cards in the folder, from this session and before."""
        return sum(1 for code in SET_UP_ORDER if self.shot_path(code).is_file())

    def passed_over(self) -> list[str]:
        """The shots from before passed over since last asked (the caller says so once)."""
        passed, self._passed = self._passed, []
        return passed

    def kept_as(self, image: np.ndarray) -> Optional[str]:
        """The card whose shot from before is this very picture, or None.

        A folder of photos (or a video) given again gives its frames from the first: a set-up resumed as its
        stop message says took the first card's photo as the card it went on from (QA: A♠'s as 5S.png).
        A shot is kept as the frame was read, so the frames already kept are known by their pixels and passed
        over, and each frame still to come goes to its own card.
        """
        if self._digests is None:
            self._digests = {}
            for code in self._before:
                shot = cv2.imread(opencv_name(self.shot_path(code)), cv2.IMREAD_COLOR)
                if shot is not None:
                    self._digests.setdefault(_digest(shot), code)
        return self._digests.get(_digest(image)) if self._digests else None

    def shows_last(self, image: np.ndarray) -> bool:
        """Whether ``image`` still shows the card of the last shot taken, where it lay (see :func:`same_view`)."""
        return self._last is not None and same_view(image, *self._last)

    @staticmethod
    def look(image: np.ndarray) -> tuple[Optional[np.ndarray], str]:
        """The one card in view as TL, TR, BR, BL, or None and why not (see :func:`.calibrate.find_card`)."""
        return find_card(image)

    def take(self, image: np.ndarray) -> Optional[str]:
        """Keep ``image`` as the shot of the card asked for and move on; None when taken, else why not
        (no card found, two cards, a shot that cannot be written): the same card is asked for again."""
        code = self.current
        if code is None:
            return "every card has a shot: nothing is asked for"
        quad, why = find_card(image)
        if quad is None:
            return why
        kept = self.kept_as(image)
        if kept is not None:
            return (f"this picture is the shot of {Card.parse(kept).label} kept from before ({self.shot_path(kept).name}):"
                    " show the card asked for")
        if self.shows_last(image):
            return (f"the camera still shows the card taken last ({Card.parse(self.taken[-1]).label}): put this card "
                    "in its place")
        path = self.shot_path(code)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            written = cv2.imwrite(opencv_name(path), image)
        except (cv2.error, OSError) as exc:
            written, why = False, str(exc).strip().splitlines()[-1]
        if not written:
            return f"the shot could not be written to {str(path)!r} ({why or 'disk full or not writable?'})"
        self.taken.append(code)
        self._last = (image, quad)
        self._at += 1
        self._settle()
        return None

    def skip(self) -> None:
        """Pass over the card asked for (no shot of it: the next run asks again)."""
        if self.current is not None:
            self.skipped.append(self.current)
            self._at += 1
            self._settle()

    def undo(self) -> Optional[str]:
        """Delete the last shot this session took and ask for its card again; its code, or None if none was taken."""
        if not self.taken:
            return None
        code = self.taken.pop()
        self._last = None
        self.shot_path(code).unlink(missing_ok=True)
        self._at = SET_UP_ORDER.index(code)
        self.skipped = [c for c in self.skipped if SET_UP_ORDER.index(c) < self._at]
        self._passed = []
        return code


def _digest(image: np.ndarray) -> str:
    """A picture's digest: its size and its pixels (BGR)."""
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    return f"{image.shape}:" + hashlib.sha1(np.ascontiguousarray(image).tobytes()).hexdigest()


#: A pixel of the card's area that changed by more than this many grey levels shows another card there ...
CHANGED_LEVELS = 40
#: ... and a shot with fewer than this share of them still shows the card taken last.  The next card laid in
#: exactly the last one's place (anglo's shots, also at half size and blurred) changes 1.7% of it at the
#: least; a camera's noise (sigma 5) changes none.
CHANGED_SHARE = 0.003


def same_view(image: np.ndarray, taken: np.ndarray, quad: np.ndarray) -> bool:
    """Whether ``image`` shows what ``taken`` did where its card (``quad``) lay: Enter pressed again before
    the card was changed would keep the last card's view under the next card's name."""
    if image.shape != taken.shape:
        return False
    x0, y0 = np.floor(quad.min(axis=0)).astype(int).clip(0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    a, b = (cv2.cvtColor(im[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY) for im in (image, taken))
    changed = cv2.countNonZero(cv2.compare(cv2.absdiff(a, b), CHANGED_LEVELS, cv2.CMP_GT))
    return changed < CHANGED_SHARE * a.size


#: Frames in a row that must show the same view before a recorded video's card is taken (see
#: :class:`RecordingSeek`): a card still sliding into place is blurred and half in its place.
STILL_FRAMES = 3


class RecordingSeek:
    """Passes over a recorded video's frames that no shot would take, to the next card at rest.

    A video of the set-up (each card in view for seconds, bare felt between) had one frame shown per key
    press: about a hundred presses a card, and "put this card in its place" said of a recording (QA).
    Its frames are offered here one by one, in order: :meth:`offer` says which to stop at.  A camera's
    live view and a folder of one image per card are not sought through: each of their frames is shown.
    """

    def __init__(self, steps: GuidedSetUp, still: int = STILL_FRAMES) -> None:
        self.steps = steps
        self.still = still
        #: Frames offered so far (the video's frame number of the last one is ``frames - 1``).
        self.frames = 0
        self._prev: Optional[tuple[np.ndarray, np.ndarray]] = None  # the last frame and the area compared
        self._run = 0
        #: The view stopped at last, passed over until the view changes: its card was taken, skipped or refused.
        self._stopped: Optional[tuple[np.ndarray, np.ndarray]] = None
        #: Why the last frame offered was passed over.
        self.why = ""

    def offer(self, image: np.ndarray) -> Optional[str]:
        """None to pass over ``image`` (:attr:`why` says why); "" to stop at it, a card at rest a shot would
        take; else why a view at rest cannot be taken (two cards, a card sideways or cut by the frame's edge):
        a card that stays refused would otherwise be passed over and the next one taken under its name."""
        self.frames += 1
        quad, why = find_card(image)
        area = quad if quad is not None else _whole(image)
        if self._stopped is not None and same_view(image, *self._stopped):
            return self._pass(image, area, "the view stopped at last, not yet changed")
        self._stopped = None
        if quad is None and why.startswith("card not found"):
            return self._pass(image, area, why)
        if quad is not None and self.steps.shows_last(image):
            return self._pass(image, area, "the card taken last, still in view")
        still = self._prev is not None and self._prev[0].shape == image.shape and same_view(image, *self._prev)
        self._run = self._run + 1 if still else 1
        self._prev = (image, area)
        if self._run < self.still:
            self.why = "a card still moving" if quad is not None else why
            return None
        self._stopped, self._run = (image, area), 0
        kept = self.steps.kept_as(image) if quad is not None else None
        if kept is not None:
            self.why = f"the card kept from before as {self.steps.shot_path(kept).name}"
            return None
        return why

    def _pass(self, image: np.ndarray, area: np.ndarray, why: str) -> None:
        self._prev, self._run, self.why = (image, area), 0, why
        return None


def _whole(image: np.ndarray) -> np.ndarray:
    """The corners of the whole frame, as :func:`same_view` takes a card's."""
    h, w = image.shape[:2]
    return np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
