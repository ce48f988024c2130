"""A camera's picture off colour (its white balance gone green or magenta), said, and said right again.

The display's camera said CAMERA OFF COLOUR once a run and never took it back: set right, the picture still had the
croupier check each red card it read, and a cast that came back later in the run went unsaid (fixAU3).  It is said
at once, on the first frame with card paper in view whose paper shows a colour no lamp gives (past
:data:`.light.CAST_OFF`); and right again once such frames have shown it within :data:`CAST_RIGHT` for
:data:`RIGHT_SECONDS`, from the frames' own times.  Between the two, a band and a time, a picture near the threshold
does not make the sign flap, as CAMERA TOO DARK's "lit again" (see :mod:`.dark_frames`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from dealer_assist.vision.light import CAST_OFF, colour_cast_text, paper_cast

#: How far off the lamps' line (see :data:`.light.CAST_OFF`) a paper may show and the colour be right again: the
#: shared test frames, felt among their brightest pixels, lie up to 0.09 off, and at 0.14 a picture reads as it is.
CAST_RIGHT = 0.12
#: Seconds of frames with paper in view within :data:`CAST_RIGHT` before the colour is said right again (a camera's
#: white balance settles over some frames, as its exposure does: :data:`.dark_frames.DARK_FRAMES`).
RIGHT_SECONDS = 1.0
#: What is said once it is right again.
RIGHT_TEXT = "the camera's picture shows the cards' white paper white again: its colour is right"


class CastWatch:
    """Follows the frames of a camera with card paper in view; :meth:`add` says when their colour goes off (see
    :func:`.light.colour_cast`), and when it has been right again for :attr:`seconds`."""

    def __init__(self, paper_colour: Sequence[float], seconds: float = RIGHT_SECONDS) -> None:
        assert CAST_RIGHT < CAST_OFF
        self.paper_colour = tuple(paper_colour or ())
        self.seconds = seconds
        #: Whether the picture is off colour now (said, and not said right again since).
        self.said = False
        self._right_since: Optional[float] = None  # the first frame of the run within CAST_RIGHT, once said

    def add(self, image: np.ndarray, t: float) -> Optional[str]:
        """What to say of ``image``, a frame with paper in view at ``t`` seconds: the cast's text (see
        :func:`.light.colour_cast_text`) the first time it is off colour, :data:`RIGHT_TEXT` once it has been right
        for :attr:`seconds` after that; None otherwise."""
        cast = paper_cast(image, self.paper_colour)
        if cast is None:  # no paper under any light: it tells nothing of the colour
            return None
        off, colour = cast
        if not self.said:
            if off <= CAST_OFF:
                return None
            self.said, self._right_since = True, None
            return colour_cast_text(colour)
        if off > CAST_RIGHT:
            self._right_since = None
            return None
        self._right_since = t if self._right_since is None else self._right_since
        if t - self._right_since < self.seconds:
            return None
        self.said = False
        return RIGHT_TEXT
