"""Whether a profile fits the deck in view, from how many of the corners it reads it is sure of.

A deck's own profile leaves few reads unsure: at most 2.9% of the corners read on the benchmark's 45
scene sets (the shared decks, 33 rendered designs, 10 cluttered ones).  Another deck's profile leaves
far more, 14-67% (anglo's on bonded, paris, plastic and svg-standard, plastic's on anglo), and reads
some wrong cards among its sure ones; the recognizer cannot tell those apart, so the share is what
names the mistake.  Over many frames: a frame or two of fanned cards proves nothing.  One sign comes
sooner: a card read at two neighbouring corners (see :mod:`.side_corners`) is a deck printing its index at
every corner read with a two-index deck's profile; a deck's own profile read none on the shared decks'
test frames and shoe videos, anglo's on bonded frames one a card.

A camera that mirrors its image (a webcam's mirror mode) shows every index backwards: most cards are
seen whole and read as nothing, but a card whose rank and suit read alike turned back (an A♠, an 8♣, on
plastic a 9♦ too) is read, and often at two outlines: its own and a neighbour's.  When the frames lately
read read few of the cards seen whole, or a frame read one code at two places, the frame is read once
more turned back; if that reads far more, or reads once each card the frame read twice, the camera is
said to be mirrored.  From then on no read
of that camera is sure (see :attr:`ProfileFit.mirrored`): one card read twice would be counted twice.
"""

from __future__ import annotations

import statistics
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from dealer_assist.vision.track import REFERENCE_FPS

#: The share of unsure reads past which the profile is doubted (3.4 times the worst of a deck's own).
UNSURE_SHARE = 0.10
#: Unsure reads needed before the share is judged: a frame or two of fanned cards proves nothing.
UNSURE_COUNT = 10
#: Reads of cards at two neighbouring corners (:attr:`.recognize.FrameResult.side_reads`, in one frame
#: or several) past which the profile is doubted: two, so that one odd read does not raise it (none on
#: the shared decks' own).
SIDE_READS = 2
#: How far the median shape of the cards seen whole may be from the profile's deck's (width over height,
#: as a share) before the profile is doubted.  A deck's own profile: 0.977-1.002 on the 45 scene sets (a
#: camera tilted after the set-up shots the farthest); plastic's on anglo's frames 0.911, anglo's on
#: plastic's 1.095.  Decks of one shape (two poker-size decks) are told apart by the unsure share alone.
#: Nothing bigger than a card is weighed: a near-upright fan's outline is seen as one card far bigger.
SHAPE_OFF = 0.05
#: A camera slanted after set-up shows a deck's own cards keystoned and squeezed across: qaAS's quartet shoe
#: video under a 6% keystone showed them 0.91-0.96 of its profile's shape (as narrow as anglo's against
#: plastic's), each lone card's far side 3.7-4.7% shorter than its near one (0-0.4% on the same video flat).
#: The shape is let off by this many times that keystone (see :func:`.shot_slant.card_keystone`, the median of
#: the cards measured), which a flat camera under another deck's profile does not show: it had raised "is it
#: this deck's profile?" over a deck's own, all 16 cards read right, and the display held each (qaAS F4).
SLANT_LET_OFF = 1.5
#: Lone cards read for sure whose keystone is measured, at most (the first ones seen while the shape is off) ...
SLANT_COUNT = 9
#: ... and the frames looked at for them, at most (cards overlapping in a hand are measured as none).
SLANT_LOOKS = 60
#: Cards seen whole needed before their shape is judged ...
SHAPE_COUNT = 5
#: ... and the most recent ones judged (a table watched for hours sees cards whole without end).
SHAPE_WINDOW = 200
#: Frames read whose sure reads and cards seen whole are weighed for a mirrored camera ...
MIRROR_WINDOW = 30
#: ... the cards seen whole they need ...
MIRROR_WHOLE = 2
#: ... and the share of them read for sure under which a frame is read again, turned back.  Frames
#: read count about two sure reads a card seen whole (cards overlapped or fanned are read too): at
#: least 0.88 in any 30 frames of anglo's shoe video; a dealt card face down can bring plastic's
#: blackjack video to 0.25.  QA's mirrored anglo frames: 0.22-0.6.
MIRROR_READ = 0.75
#: Frames read after a frame was read turned back before another is (the look costs one more read).
MIRROR_EVERY = 30
#: Of frames in time order (see :attr:`ProfileFit.in_motion`), a card read whose centre lies this share of
#: its width from every read of the frame read before (see :data:`MOVED_OVER`) is still moving: its read is
#: not weighed.  A card at rest moves a pixel or two (about 0.01); one sliding in at a dealing pace 0.1 to 0.5
#: a 30 fps frame.
MOVED = 0.05
#: Seconds the frame read before lies back at least (a 30 fps frame, less a camera's uneven times), by the
#: frames' own times: a 60 fps camera's card sliding moved half as far a frame (a stream sending each frame
#: twice: not at all), and a normal deal's unsure reads of cards sliding in raised "the camera's picture has
#: most likely changed".
MOVED_OVER = 0.75 / REFERENCE_FPS


#: What to check of the camera before a profile is doubted on unsure reads alone (see :meth:`ProfileFit.warning`).
CAMERA_FIRST = ("Check first that the picture is sharp (focus, no motion blur), neither too dark nor washed out "
                "(exposure), and in true colour (the camera's colour format and white balance)")
#: What another deck's profile does, and what to do then.
OTHER_DECK = ("Another deck's profile reads wrong cards among its sure ones: calibrate this deck "
              "('dealer-assist calibrate') and give its profile")


def fresh_reader(profile) -> Callable[[Any], Any]:
    """Reads a frame with a recognizer of its own for ``profile``: a frame turned back to look for a
    mirrored camera leaves what the watching recognizer remembers (a camera's zoom) as it was."""

    def read(frame):
        from dealer_assist.vision.recognize import Recognizer

        return Recognizer(profile).recognize(frame)

    return read


def _place(hit) -> tuple[float, float, float]:
    """A card read's centre and its card's width (its outline's first side)."""
    (x0, y0), (x1, y1) = hit.corners[0], hit.corners[1]
    cx, cy = hit.center
    return cx, cy, float(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)


def _at_rest(place: tuple[float, float, float], before: list) -> bool:
    """Whether a read at ``place`` lies where a read of the frame before lay (see :data:`MOVED`)."""
    x, y, width = place
    return any(((x - bx) ** 2 + (y - by) ** 2) ** 0.5 <= MOVED * max(width, bw) for bx, by, bw in before)


def _counts(result) -> Counter:
    """How many times the frame's reads name each card."""
    return Counter(hit.card for hit in result.cards)


def _one_card_twice(read: Counter, turned: Counter) -> bool:
    """Whether the frame turned back reads each card the frame read twice fewer times, and as many cards
    in all: the frame's two reads of a code were one card read at its own outline and a neighbour's (QA:
    mirrored test frames read ``8C 8C``, ``AS AS``, each a card turned back reads once), where a frame
    holding two copies (an 8-deck shoe's) reads them, turned back, as the mirrored card they are: at
    most as often, and far fewer cards in all."""
    twice = {card: n for card, n in read.items() if n >= 2}
    return bool(twice) and len(turned) >= len(read) and all(turned[card] < n for card, n in twice.items())


@dataclass
class ProfileFit:
    """Counts of sure and unsure reads, added frame by frame (see :meth:`add`).

    ``on_doubt`` is called once, with :meth:`warning`'s text, when the profile is first doubted: a
    wrong profile may read no card at all, so no card event would carry the news.  ``on_mirrored``,
    likewise when the camera is found to mirror its image (``on_doubt`` when not given)."""

    profile: str = ""
    on_doubt: Optional[Callable[[str], None]] = None
    sure: int = 0
    unsure: int = 0
    #: Reads of cards at two neighbouring corners so far (see :data:`SIDE_READS`).
    side_reads: int = 0
    #: The shapes of the latest cards seen whole (see :attr:`.recognize.FrameResult.shapes`).
    shapes: deque = field(default_factory=lambda: deque(maxlen=SHAPE_WINDOW))
    #: Whether the frame that raised the doubt had no colour (a camera set to greyscale).
    grey: bool = False
    #: Reads a frame as the recognizer does (see :func:`fresh_reader`): when given, a camera that
    #: mirrors its image is looked for (see :meth:`_mirror_look`).
    reread: Optional[Callable[[Any], Any]] = None
    #: Whether a frame read turned back read far more than as it came: the camera mirrors its image, and
    #: from then on no card it reads is sure (``watch`` and ``recognize`` report each as doubtful, the
    #: display holds each for the croupier): a card read at its own outline and a neighbour's was counted
    #: twice (QA: one A♠ reported at frames 229 and 231).
    mirrored: bool = False
    on_mirrored: Optional[Callable[[str], None]] = None
    #: Whether the results added are of one camera's frames in time order (``watch``, the camera source):
    #: then only the reads of cards at rest are weighed (see :data:`MOVED`).  A card still sliding in is
    #: blurred, often under the hand dealing it, and reads unsure for frames: a normal deal had raised "the
    #: camera's picture has most likely changed" (QA: 11% unsure, all of cards still moving).
    in_motion: bool = False
    #: Reads of cards still moving, not weighed (sure, unsure).
    moving: list = field(default_factory=lambda: [0, 0])
    _said: bool = False
    #: The times, centres and widths of the reads of the latest frames read (see :data:`MOVED_OVER`), the last first.
    _before: list = field(default_factory=list)
    _count: int = 0  # frames added: a frame with no time is taken 1/30 s after the one before
    _recent: deque = field(default_factory=lambda: deque(maxlen=MIRROR_WINDOW))
    _since_look: int = MIRROR_EVERY
    #: The keystones of lone cards read for sure, measured while their shape was off (see :data:`SLANT_LET_OFF`).
    slants: list = field(default_factory=list)
    _slant_looks: int = 0

    def add(self, result, frame=None, t: Optional[float] = None) -> None:
        """One recognizer result (:class:`~dealer_assist.vision.recognize.FrameResult`) and, when given, its
        frame: a grey one is looked at only when the doubt is first raised, to name the likelier fault; ``t``:
        its time in seconds (None: counted, 1/30 s after the one before)."""
        # A card seen whole with no index found (no candidates) had no corner read: a card dealt blurred is
        # one until it stops, so counting it would doubt a deck's own profile at every deal.
        sure = result.cards
        unsure = [u for u in result.uncertain if getattr(u, "candidates", None) != ()]
        if self.in_motion:
            self._count += 1
            t = self._count / REFERENCE_FPS if t is None else t
            old = [n for n, (when, _) in enumerate(self._before) if t - when >= MOVED_OVER]
            before = self._before[old[0]][1] if old else []
            self._before = [(t, [_place(hit) for hit in (*sure, *unsure)])] + self._before[:old[0] + 1 if old else None]
            still_sure, still_unsure = ([hit for hit in hits if _at_rest(_place(hit), before)] for hits in (sure, unsure))
            self.moving[0] += len(sure) - len(still_sure)
            self.moving[1] += len(unsure) - len(still_unsure)
            sure, unsure = still_sure, still_unsure
        self.sure += len(sure)
        self.unsure += len(unsure)
        self.side_reads += getattr(result, "side_reads", 0)
        self.shapes.extend(getattr(result, "shapes", ()))
        if (frame is not None and len(self.slants) < SLANT_COUNT and self._slant_looks < SLANT_LOOKS
                and self._shape_off(0.0) is not None):
            from dealer_assist.vision.shot_slant import card_keystone

            self._slant_looks += 1
            measured = (card_keystone(frame, hit.corners) for hit in getattr(result, "cards", ()))
            self.slants.extend(k for k in measured if k is not None)
        if self.reread is not None and frame is not None and not self.mirrored:
            self._mirror_look(result, frame)
        if self.on_doubt is not None and not self._said and self.doubted():
            self._said = True
            if frame is not None:
                from dealer_assist.vision.light import no_colour

                self.grey = no_colour(frame)
            self.on_doubt(self.warning())

    def _mirror_look(self, result, frame) -> None:
        """Read ``frame`` turned back when the frames lately read read few of the cards seen whole (see
        :data:`MIRROR_READ`) or the frame read one code at two places; say the camera is mirrored when that
        reads two cards or more, and twice as many as the frame did, or reads once each card the frame read
        twice (see :func:`_one_card_twice`).  A frame that reads as it should, each card once, is never read
        twice."""
        # Cards, not reads: mirrored, a symmetric card (an A♦) reads at each of its two outlines, and so
        # many reads looked like a fitting camera's (QA: plastic's shoe video mirrored was never named).
        counts = _counts(result)
        read = len(counts)
        self._recent.append((read, len(getattr(result, "shapes", ()))))
        self._since_look += 1
        sure, whole = sum(s for s, _ in self._recent), sum(w for _, w in self._recent)
        few = whole >= MIRROR_WHOLE and sure < MIRROR_READ * whole
        if not (few or max(counts.values(), default=0) >= 2) or self._since_look < MIRROR_EVERY:
            return
        import cv2

        from dealer_assist.vision.light import no_colour

        self._since_look = 0
        if no_colour(frame):
            return  # grey frames read few cards as they are, and turned back may read a couple more (QA)
        back = _counts(self.reread(cv2.flip(frame, 1)))
        turned = len(back)
        if turned >= max(2, 2 * read) or _one_card_twice(counts, back):
            self.mirrored = True
            said = self.on_mirrored or self.on_doubt
            if said is not None:
                why = (f"of the {whole} cards seen whole lately {sure} were read for sure" if few else
                       "the frame read a card at two places")
                said(f"the camera image looks mirrored: {why}, and the frame turned back reads {turned} where it "
                     f"read {read}; cards read so are missed, read wrong or read twice, so from now on no "
                     "card it reads is taken as sure. Turn the camera's mirroring off (its driver's or app's "
                     "mirror or horizontal flip setting), then start again")

    def doubted(self) -> bool:
        return self._unsure_doubted() or self.shape_off() is not None or self.sides_doubted()

    def sides_doubted(self) -> bool:
        """Whether cards were read at two neighbouring corners (see :data:`SIDE_READS`)."""
        return self.side_reads >= SIDE_READS

    def _unsure_doubted(self) -> bool:
        return self.unsure >= UNSURE_COUNT and self.unsure > UNSURE_SHARE * (self.sure + self.unsure)

    def shape_off(self) -> Optional[float]:
        """How much wider (> 1) or narrower the cards seen whole are than the profile's deck, when that
        is past :data:`SHAPE_OFF` and what the camera's slant explains (see :data:`SLANT_LET_OFF`); else None."""
        return self._shape_off(SLANT_LET_OFF * statistics.median(self.slants) if self.slants else 0.0)

    def _shape_off(self, let_off: float) -> Optional[float]:
        if len(self.shapes) < SHAPE_COUNT:
            return None
        median = statistics.median(self.shapes)
        return median if abs(median - 1.0) > SHAPE_OFF + let_off else None

    def warning(self) -> Optional[str]:
        """What to tell the user when the profile seems another deck's; None while it fits."""
        if not self.doubted():
            return None
        total = self.sure + self.unsure
        share = self.unsure / total if total else 0.0
        off = self.shape_off()
        if off is not None and not self._unsure_doubted():
            return (f"the {len(self.shapes)} cards seen whole are {abs(off - 1):.0%} {'wider' if off > 1 else 'narrower'} "
                    f"for their height than the cards {self.profile!r} was made from: is {self.profile!r} this deck's "
                    "profile? Another deck's profile reads wrong cards among its sure ones: calibrate this deck "
                    "('dealer-assist calibrate') and give its profile")
        if self.sides_doubted() and not self._unsure_doubted():
            return (f"cards were read at two neighbouring corners ({self.side_reads} times), as a deck printing its "
                    f"index at every corner reads with a profile of a deck printing it at two (each taken for one card): "
                    f"is {self.profile!r} this deck's profile? Another deck's profile reads wrong cards among its "
                    "sure ones: calibrate this deck ('dealer-assist calibrate') and give its profile")
        if self.grey:
            return (f"{self.unsure} of the {self.sure + self.unsure} card corners read were not sure ({share:.0%}), and "
                    "the frames have no colour: is the camera set to greyscale? The profile tells red suits from black "
                    "by their colour; set the camera to colour")
        said = (f"{self.unsure} of the {self.sure + self.unsure} card corners read were not sure ({share:.0%}; a "
                f"deck's own profile leaves under 3% unsure)")
        if off is not None:  # and of another shape: the profile is the likelier fault
            return f"{said}, and the cards seen whole are of another shape: is {self.profile!r} this deck's profile? {OTHER_DECK}"
        if len(self.shapes) >= SHAPE_COUNT:
            # The cards are this deck's shape: a picture gone soft, clipped or off colour is the likelier cause (QA:
            # motion blur, overexposure and a colour swap had all sent the user to recalibrate a right profile).
            return (f"{said}, though the {len(self.shapes)} cards seen whole are the shape of the cards "
                    f"{self.profile!r} was made from: the camera's picture (light, focus, colour) has most likely "
                    f"changed. {CAMERA_FIRST}; if it is all right, is {self.profile!r} this deck's profile? "
                    f"{OTHER_DECK}")
        return (f"{said}: is {self.profile!r} this deck's profile, or has the camera's picture (light, focus, colour) "
                f"changed? {CAMERA_FIRST}; if it is all right, {OTHER_DECK[0].lower()}{OTHER_DECK[1:]}")
