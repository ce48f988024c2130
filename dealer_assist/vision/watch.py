"""The watch loop shared by the ``watch`` command and the camera card source."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Sequence, Union

import numpy as np

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.dark_frames import least_paper, light_share
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.profile_fit import ProfileFit, fresh_reader
from dealer_assist.vision.recognize import FrameResult, Recognizer
from dealer_assist.vision.still_scene import StillScene
from dealer_assist.vision.track import REFERENCE_FPS, OnceOnlyTracker


@dataclass
class WatchCost:
    """What watching cost: milliseconds spent on each frame, and how many frames were read
    (the rest showed what the last frame read did, see :mod:`.still_scene`)."""

    ms: list[float] = field(default_factory=list)
    read: int = 0


#: Seconds of frames, from the first, whose cards lay in view when a table's camera (re)started
#: (see ``counted`` of :func:`watch`).
START_WINDOW = 1.0
#: The mean level (0-255) under which a frame is dark: a camera still opening its exposure shows nothing.
DARK_LEVEL = 16
#: Seconds from the first frame after which no card is taken for one the table counted, whatever the
#: frames showed (a camera dark, or a hand over the layout, so long is not starting up).
START_LIMIT = 10.0
#: Seconds of frames (3 at 30 fps), from the first that tells what lies in view (a card read, or none seen: not
#: one whose every card is seen unread, as a camera hunting its focus or settling its exposure shows them, for
#: at most :data:`START_WINDOW` seconds), whose cards not counted lay there when a camera came back mid-round
#: (see ``ask_unplaced`` of :func:`watch`); a card dealt after it comes into view later.  Seconds, not frames:
#: a 60 fps camera's three frames were half the time.  Never fewer than :data:`OPENING_FRAMES` frames fed (a
#: slow camera's, or a live one's read one in several): a card lying there may be missed by one frame's read.
OPENING = 2.5 / REFERENCE_FPS
OPENING_FRAMES = 3


def watch(profile: Profile, grabber: FrameGrabber, *, stop: Callable[[], bool] = lambda: False,
          confirm: int = 2, every_frame: bool = False, cost: Optional[WatchCost] = None,
          fit: Optional[ProfileFit] = None, seen: Optional[Callable[[np.ndarray, FrameResult, float], None]] = None,
          counted: Optional[Sequence[str]] = None, ask_unplaced: bool = False,
          lingering: Sequence[str] = (), unread_when_gone: bool = False,
          on_layout: Optional[Callable[[], Sequence[str]]] = None,
          moves: bool = False) -> Iterator[tuple[object, float]]:
    """Yield ``(event, t)`` for every new card (NewCard) or never-read card (UnreadCard), and a
    SourceEnded last when the source ended with cards in view never reported (still sliding, or not
    yet read in enough frames).

    A frame showing what the last frame read did is not read again unless ``every_frame``.
    ``fit`` counts the sure and unsure reads of the frames read (see :mod:`.profile_fit`).
    ``seen`` is told each frame, what it read and its time in seconds (the display's camera view, the dark
    frames' watch).
    ``counted``: for a table's camera, the codes of the cards the table holds on its layout
    (None for a recording watched alone).  A card of those codes first seen within
    :data:`START_WINDOW` seconds of the first frame that is not dark (a camera opening its
    exposure) and tells what lies there (see :data:`OPENING`; at most :data:`START_LIMIT` from the
    first) lay there before the camera (re)started: a
    CountedCard (see :meth:`.track.OnceOnlyTracker.update`), not a new card; a table restarted
    mid-round had read the round's cards again and played them twice.  With ``ask_unplaced`` (a
    camera come back mid-round) any other card in the first :data:`OPENING` seconds of frames not dark
    that tell what lies there is an UnplacedCard: dealt while it was away, in no known order.  ``lingering``: codes of cards
    that may lie there though the table is done with them (the last round's, the burn's), taken
    as the counted ones are.  ``on_layout()``: the codes the table holds now; a card of a counted
    code not seen at the start (under a hand, the camera dark) is an UnplacedCard whenever it comes
    into view while the table still holds that card (its round not cleared), never a new card
    played in the next place.  ``unread_when_gone``: a card never read is reported once it is gone or
    the source ends, and not at all if it is read for sure meanwhile (see
    :attr:`.track.OnceOnlyTracker.unread_when_gone`): one event per card.  ``moves``: a card reported that is
    seen moving off the spot it lay on is a MovedCard (a zoned camera: it may have been pushed into another box).
    """
    recognizer = Recognizer(profile)
    if fit is not None:
        fit.in_motion = True  # frames in time order: the reads of cards still moving are not weighed
        if fit.reread is None:
            fit.reread = fresh_reader(profile)  # a mirrored camera is looked for
    tracker = OnceOnlyTracker(profile.card_h_px, confirm=confirm)
    tracker.counted.update(counted or ())
    tracker.ask_at_start = ask_unplaced
    tracker.lingering.update(lingering if counted is not None else ())
    tracker.on_layout = on_layout
    tracker.unread_when_gone = unread_when_gone
    tracker.report_moves = moves
    scene = StillScene()
    least = least_paper(profile)
    last: Optional[FrameResult] = None
    first_t: Optional[float] = None
    shown_t: Optional[float] = None  # the first frame not dark
    open_t: Optional[float] = None  # the first frame that tells what lies in view (see OPENING)
    shown = 0
    last_seen: Optional[tuple[int, float]] = None  # the last frame's number and time
    while not stop():
        frame = grabber.read(timeout=1.0)
        if frame is None:
            if grabber.finished:
                for event in tracker.finish(last_seen[0]) if last_seen is not None else []:
                    yield event, last_seen[1]
                return
            continue
        last_seen = frame.number, frame.t
        t0 = time.perf_counter()
        fresh = every_frame or scene.needs_reading(frame.image, tracker.settled, frame.t) or last is None
        if fresh:
            last = result = recognizer.recognize(frame.image)
            if cost is not None:
                cost.read += 1
        else:
            result = FrameResult(list(last.cards), list(last.uncertain), (time.perf_counter() - t0) * 1000,
                                 view=last.view)
        if cost is not None:
            cost.ms.append((time.perf_counter() - t0) * 1000)
        if seen is not None:
            seen(frame.image, result, frame.t)
        # Too dark to show a card's paper (see .dark_frames): it tells nothing of the spots, and every card
        # had been taken away in a few such frames (its spot as dark as the felt) and played again (rev17 F2).  Nor
        # does its time count: the cards lying there are kept in mind however long it lasts.
        dark = not (result.cards or result.uncertain) and light_share(frame.image, least) < 1.0
        first_t = frame.t if first_t is None else first_t
        if shown_t is None and float(frame.image[::16, ::16].mean()) >= DARK_LEVEL:
            shown_t = frame.t
        # A frame with no card at all while the table holds cards, or its last round's may still lie there, is a
        # camera not yet showing the table (a V4L2 camera's solid green first buffers), not one showing it empty
        # (rev18 G3; rev19 R3: restarted between rounds, the last round's cards were played in the next).
        tells = not dark and (bool(result.cards) or all(u.candidates for u in result.uncertain)
                              and bool(result.uncertain or not (counted or counted is not None and lingering)))
        if open_t is None and shown_t is not None and (tells or frame.t - shown_t >= START_WINDOW):
            # A camera (re)started blurred or washed out read nothing in its first frames, and the cards dealt
            # while it was away were first seen after the opening, played as new cards (rev17 F7).
            open_t = frame.t
        watching = counted is not None and shown_t is not None and frame.t - first_t < START_LIMIT
        starting = watching and frame.t - (shown_t if open_t is None else open_t) < START_WINDOW
        opening = watching and (open_t is None or shown < OPENING_FRAMES or frame.t - open_t < OPENING)
        shown += open_t is not None
        if dark:
            tracker.unseen(frame.number, frame.t)
            continue
        events = tracker.update(frame.number, result, starting=starting, opening=opening, t=frame.t)
        if fresh and fit is not None:
            # Weighed once the tracker has judged the frame: a read card's phantom outline is no unsure read.
            t1 = time.perf_counter()
            fit.add(tracker.weighed(result), frame.image, frame.t)
            if cost is not None:
                cost.ms[-1] += (time.perf_counter() - t1) * 1000
        for event in events:
            yield event, frame.t


def open_source(src: Union[int, str], drop: Union[bool, None] = None, fps: Union[float, None] = None) -> FrameGrabber:
    return FrameGrabber(src, drop=drop, fps=fps).start()
