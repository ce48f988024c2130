"""Whether a profile fits the deck in view, from how many of the corners it reads it is sure of.

A deck's own profile leaves few reads unsure: at most 2.9% of the corners read on the benchmark's 45
scene sets (the shared decks, 33 rendered designs, 10 cluttered ones).  Another deck's profile leaves
far more, 14-67% (anglo's on bonded, paris, plastic and svg-standard, plastic's on anglo), and reads
some wrong cards among its sure ones; the recognizer cannot tell those apart, so the share is what
names the mistake.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Optional

#: The share of unsure reads past which the profile is doubted (3.4 times the worst of a deck's own).
UNSURE_SHARE = 0.10
#: Unsure reads needed before the share is judged: a frame or two of fanned cards proves nothing.
UNSURE_COUNT = 10
#: How far the median shape of the cards seen whole may be from the profile's deck's (width over height,
#: as a share) before the profile is doubted.  A deck's own profile: 0.977-1.002 on the 45 scene sets (a
#: camera tilted after the set-up shots the farthest); plastic's on anglo's frames 0.911, anglo's on
#: plastic's 1.095.  Decks of one shape (two poker-size decks) are told apart by the unsure share alone.
SHAPE_OFF = 0.05
#: Cards seen whole needed before their shape is judged ...
SHAPE_COUNT = 5
#: ... and the most recent ones judged (a table watched for hours sees cards whole without end).
SHAPE_WINDOW = 200


@dataclass
class ProfileFit:
    """Counts of sure and unsure reads, added frame by frame (see :meth:`add`).

    ``on_doubt`` is called once, with :meth:`warning`'s text, when the profile is first doubted: a
    wrong profile may read no card at all, so no card event would carry the news."""

    profile: str = ""
    on_doubt: Optional[Callable[[str], None]] = None
    sure: int = 0
    unsure: int = 0
    #: The shapes of the latest cards seen whole (see :attr:`.recognize.FrameResult.shapes`).
    shapes: deque = field(default_factory=lambda: deque(maxlen=SHAPE_WINDOW))
    #: Whether the frame that raised the doubt had no colour (a camera set to greyscale).
    grey: bool = False
    _said: bool = False

    def add(self, result, frame=None) -> None:
        """One recognizer result (:class:`~dealer_assist.vision.recognize.FrameResult`) and, when given, its
        frame: a grey one is looked at only when the doubt is first raised, to name the likelier fault."""
        self.sure += len(result.cards)
        self.unsure += len(result.uncertain)
        self.shapes.extend(getattr(result, "shapes", ()))
        if self.on_doubt is not None and not self._said and self.doubted():
            self._said = True
            if frame is not None:
                from dealer_assist.vision.light import no_colour

                self.grey = no_colour(frame)
            self.on_doubt(self.warning())

    def doubted(self) -> bool:
        return self._unsure_doubted() or self.shape_off() is not None

    def _unsure_doubted(self) -> bool:
        return self.unsure >= UNSURE_COUNT and self.unsure > UNSURE_SHARE * (self.sure + self.unsure)

    def shape_off(self) -> Optional[float]:
        """How much wider (> 1) or narrower the cards seen whole are than the profile's deck, when that
        is past :data:`SHAPE_OFF`; else None."""
        if len(self.shapes) < SHAPE_COUNT:
            return None
        median = statistics.median(self.shapes)
        return median if abs(median - 1.0) > SHAPE_OFF else None

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
        if self.grey:
            return (f"{self.unsure} of the {self.sure + self.unsure} card corners read were not sure ({share:.0%}), and "
                    "the frames have no colour: is the camera set to greyscale? The profile tells red suits from black "
                    "by their colour; set the camera to colour")
        return (f"{self.unsure} of the {self.sure + self.unsure} card corners read were not sure ({share:.0%}; a "
                f"deck's own profile leaves under 3% unsure): is {self.profile!r} this deck's profile? Another deck's "
                "profile reads wrong cards among its sure ones: calibrate this deck ('dealer-assist calibrate') "
                "and give its profile")
