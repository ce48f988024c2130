"""The watch loop shared by the ``watch`` command and the camera card source."""

from __future__ import annotations

from typing import Callable, Iterator, Union

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import OnceOnlyTracker


def watch(profile: Profile, grabber: FrameGrabber, *, stop: Callable[[], bool] = lambda: False,
          confirm: int = 2) -> Iterator[tuple[object, float]]:
    """Yield ``(event, t)`` for every new card (NewCard) or never-read card (UnreadCard)."""
    recognizer = Recognizer(profile)
    tracker = OnceOnlyTracker(profile.card_h_px, confirm=confirm)
    while not stop():
        frame = grabber.read(timeout=1.0)
        if frame is None:
            if grabber.finished:
                return
            continue
        result = recognizer.recognize(frame.image)
        for event in tracker.update(frame.number, result):
            yield event, frame.t


def open_source(src: Union[int, str], drop: Union[bool, None] = None, fps: Union[float, None] = None) -> FrameGrabber:
    return FrameGrabber(src, drop=drop, fps=fps).start()
