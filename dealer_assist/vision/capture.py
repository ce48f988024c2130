"""Frame capture in its own thread, for cameras, video files, image sequences and streams.

A live source (camera, stream URL) keeps only the latest frame: if reading
a frame takes longer than the camera's interval, old frames are dropped
rather than queued, so the reader never falls behind the table.  A file or
an image sequence is read frame by frame without dropping, so that a
recorded video gives the same result on a slow or a fast machine; paced
(the display's camera source), no faster than its own frame rate, as a
camera at the table would send it.
"""

from __future__ import annotations

import glob
import os
import threading
import time
from dataclasses import dataclass
from typing import Optional, Union

import cv2
import numpy as np

from dealer_assist.vision.image_file import opencv_name, read_checked


class CaptureError(RuntimeError):
    """The video source could not be opened or stopped delivering; names the source."""


@dataclass(frozen=True)
class Frame:
    number: int  # 0-based in decode order
    t: float  # seconds: position in a file, time since start for a live source
    image: np.ndarray


#: The frame size asked of a camera unless told otherwise: the recognizer is tested at 1280x720, and a
#: USB camera left at OpenCV's default often sends 640x480, too small for most corner indexes.
CAMERA_SIZE = (1280, 720)
#: Seconds a stream may take to answer when opened, and to send the next frame, before it counts as
#: down: FFmpeg's own wait is 30 s, which a stream that takes the connection and then sends nothing
#: (a camera's web server hung) kept the display's start behind.  A stream at 1 frame a second is well inside it.
STREAM_TIMEOUT = 10.0

#: What a folder given as the source is read for, in name order.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


#: The highest number a printf-style image sequence may start at (OpenCV looks from 0 to 4).
SEQUENCE_FIRST = 9


def describe(src: Union[int, str]) -> tuple[str, Union[int, str, list]]:
    """Classify a source: ``camera`` (index), ``stream`` (URL), ``files`` (a glob, or a folder's
    images, or a %d pattern's numbered files) or ``video``."""
    if isinstance(src, int) or (isinstance(src, str) and src.strip().isdigit()):
        return "camera", int(src)
    if src.startswith("file://"):
        return "video", src[len("file://"):]  # a recording: it ends, and is never opened again as a stream is
    if "://" in src:
        return "stream", src
    if any(ch in src for ch in "*?["):
        files = sorted(glob.glob(src))
        if not files:
            raise CaptureError(f"no image matches {src!r}")
        return "files", files
    if os.path.isdir(src):
        files = sorted(os.path.join(src, name) for name in os.listdir(src)
                       if name.lower().endswith(IMAGE_SUFFIXES))
        if not files:
            raise CaptureError(f"no image ({', '.join(IMAGE_SUFFIXES)}) in folder {src!r}")
        return "files", files
    if "%" in src and not os.path.exists(src):
        # A printf-style sequence, numbered from 0 to 9 on, read as OpenCV would (to the first gap)
        # but as files: an image that cannot be read is passed over with a warning, not the end.
        try:
            names = [src % n for n in range(SEQUENCE_FIRST + 1)]
        except (TypeError, ValueError):
            raise CaptureError(f"{src!r} is no image pattern: give one number field, e.g. frames/%04d.png") from None
        start = next((n for n, name in enumerate(names) if os.path.isfile(name)), None)
        if start is None:
            raise CaptureError(f"no image matches {src!r} (numbered from {src % 0!r} to {src % SEQUENCE_FIRST!r} on)")
        files = []
        while os.path.isfile(src % (start + len(files))):
            files.append(src % (start + len(files)))
        return "files", files
    if not os.path.exists(src):
        raise CaptureError(f"no video file {src!r} (give a camera index, a video file, an image pattern or a stream URL)")
    if os.path.isfile(src) and src.lower().endswith(IMAGE_SUFFIXES):
        return "files", [src]  # one image: a sequence of one
    return "video", src


#: How many numbers past a numbered pattern's gap are looked at for images it leaves unread.
GAP_LOOK = 1000


def image_after_gap(src, files: list) -> Optional[str]:
    """The first image of the printf-style pattern ``src`` numbered past the gap its sequence ``files``
    stops at, or None: the sequence ends at the first number missing (as OpenCV's does), and the
    images after a lost frame would be left unread without a word."""
    if not isinstance(src, str) or "%" not in src or os.path.exists(src) or not files:
        return None
    try:
        first = next(n for n in range(SEQUENCE_FIRST + 1) if src % n == files[0])
    except (StopIteration, TypeError, ValueError):
        return None
    end = first + len(files)
    return next((src % n for n in range(end + 1, end + 1 + GAP_LOOK) if os.path.isfile(src % n)), None)


#: Frames a video file may end before the count its container gives and still be whole: some containers
#: only estimate it (from the duration and the frame rate).  The shared test videos end exactly at theirs.
CUT_SHORT_SLACK = 3


#: Why a source did not open, by its kind: the causes a user can act on (QA: one wording for every kind).
OPEN_FAILED = {
    "camera": "no camera answers at that index (unplugged, another index, or held by another program?)",
    "video": "not a video OpenCV can decode (empty, cut short, or not a video at all?); play it in a video "
             "player to check, or convert it to MP4 (H.264)",
    "stream": "the stream does not answer (a wrong address, or the camera's server down?)",
    "": "camera unplugged, wrong index, unreadable file or stream down?",
}


class FrameGrabber:
    """Reads a source on a background thread; :meth:`read` hands out frames."""

    def __init__(self, src: Union[int, str], drop: Optional[bool] = None, fps: Optional[float] = None,
                 size: Optional[tuple[int, int]] = None, pace: bool = False) -> None:
        self.kind, self.target = describe(src)
        self.src = src
        #: The frame size asked of a camera (see :data:`CAMERA_SIZE`); files and streams come as they are.
        self.size = size or CAMERA_SIZE
        self.drop = drop if drop is not None else self.kind in ("camera", "stream")
        #: Frames per second for timestamps of a file; image sequences have none of their own.
        self.fps = float(fps) if fps else 30.0
        self._fps_given = bool(fps)
        #: Whether a video file or an image sequence is handed out no faster than :attr:`fps` (from its first
        #: frame), as a camera sends frames: the display's table read a video in a few seconds, its first
        #: card before anyone could bet (QA F12).  ``watch``, ``recognize`` and the benchmarks read at full speed.
        self.pace = pace and self.kind in ("video", "files")
        self._cap = None
        self._cond = threading.Condition()
        self._slot: Optional[Frame] = None
        self._done = False
        self._stop = False
        self.error: Optional[str] = None
        self.dropped = 0
        #: Frames read from the source so far.
        self.frames = 0
        #: Images of a file sequence that could not be read (passed over: one bad file of a recording
        #: does not end it), in order.
        self.skipped: list[str] = []
        #: Images of a file sequence read though damaged, only as far as they decode (see
        #: :func:`.image_file.read_checked`): each one's path and what is wrong with it, in order.
        self.damaged: dict[str, str] = {}
        self._thread: Optional[threading.Thread] = None
        #: The frames a video file's container says it holds (0: it does not say, or a camera or stream).
        self.declared = 0
        #: Why a video file ended before the frames its container counts (see :data:`CUT_SHORT_SLACK`),
        #: or None: a recording cut short had ended as if whole, its last cards lost without a word (QA).
        self.cut_short: Optional[str] = None
        #: A numbered pattern's first image past the gap it stops at (see :func:`image_after_gap`), or None.
        self.after_gap = image_after_gap(src, self.target) if self.kind == "files" else None

    def start(self) -> "FrameGrabber":
        if self.kind != "files":
            if self.kind == "stream":
                ms = int(STREAM_TIMEOUT * 1000)
                self._cap = cv2.VideoCapture(self._opencv_target, cv2.CAP_FFMPEG, [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, ms,
                                                                           cv2.CAP_PROP_READ_TIMEOUT_MSEC, ms])
            else:
                self._cap = cv2.VideoCapture(self._opencv_target)
            if not self._cap.isOpened():
                raise CaptureError(f"cannot open video source {self.src!r}: " + OPEN_FAILED.get(self.kind, OPEN_FAILED[""]))
            if self.kind == "camera":
                self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
                self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
            fps = self._cap.get(cv2.CAP_PROP_FPS)
            if self.kind == "video" and not self._fps_given and fps and 1 <= fps <= 240:
                self.fps = float(fps)
            if self.kind == "video":
                self.declared = max(0, int(self._cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0))
        self._thread = threading.Thread(target=self._run, name=f"capture:{self.src}", daemon=True)
        self._thread.start()
        return self

    @property
    def _opencv_target(self) -> Union[int, str, bytes]:
        return self.target if isinstance(self.target, int) else opencv_name(self.target)

    def opens(self) -> None:
        """Refuse a video file that does not open (raises :class:`CaptureError`, as :meth:`start` would),
        without reading it."""
        cap = cv2.VideoCapture(self._opencv_target)
        try:
            if not cap.isOpened():
                raise CaptureError(f"cannot open video source {self.src!r}: " + OPEN_FAILED["video"])
        finally:
            cap.release()

    def _next_image(self, n: int) -> Optional[np.ndarray]:
        if self.kind == "files":
            while n < len(self.target):
                img, damage = read_checked(self.target[n])
                if img is not None:
                    if damage:
                        self.damaged[self.target[n]] = damage
                    return img
                self.skipped.append(self.target[n])
                n += 1
            return None
        ok, img = self._cap.read()
        return img if ok else None

    def _run(self) -> None:
        n = 0
        t0 = time.monotonic()
        try:
            while not self._stop:
                skipped = len(self.skipped)
                img = self._next_image(n)
                n += len(self.skipped) - skipped  # a file's number stays its place in the sequence
                if img is None:
                    if self.kind in ("camera", "stream"):
                        self.error = f"video source {self.src!r} stopped delivering frames"
                    elif self.kind != "files" and not self.frames:
                        self.error = (f"no frame could be read from {self.src!r} (not a video, or cut short?): "
                                      "give a video file, an image pattern or a folder of images")
                    elif self.kind == "files":
                        self.error = self._images_gone()
                    else:
                        self.cut_short = self._ends_early()
                    break
                self.frames += 1
                live = self.kind in ("camera", "stream")
                frame = Frame(n, (time.monotonic() - t0) if live else n / self.fps, img)
                with self._cond:
                    if self.pace:
                        self._cond.wait_for(lambda: self._stop, timeout=max(0.0, t0 + frame.t - time.monotonic()))
                    if not self.drop:
                        while self._slot is not None and not self._stop:
                            self._cond.wait(0.1)
                    elif self._slot is not None:
                        self.dropped += 1
                    self._slot = frame
                    self._cond.notify_all()
                n += 1
        finally:
            with self._cond:
                self._done = True
                self._cond.notify_all()

    def _ends_early(self) -> Optional[str]:
        """Why a video file ended before the frames its container counts (None when it did not, or does
        not count them): a file cut short (a copy stopped, a recording that crashed, a disk full) or cut
        while it was read decodes to its last whole frame and then ends as a whole file does."""
        if self.declared <= 0 or self.frames >= self.declared - max(CUT_SHORT_SLACK, self.declared // 50):
            return None
        return (f"the video ends at frame {self.frames} of {self.declared}: cut short? ({self.src!r} says it holds "
                f"{self.declared} frames; the {self.declared - self.frames} after frame {self.frames} could not be "
                "read, and no card in them was seen): copy the recording again, or play it in a video player to check")

    def _images_gone(self) -> Optional[str]:
        """Why an image sequence ended early, when images it listed at its start are no longer there (its
        folder deleted, moved or unmounted while read): the camera is lost, not at its end (QA: it said
        "end of the video").  None when every image was there to be read or passed over."""
        gone = [path for path in self.skipped if not os.path.exists(path)]
        if not gone:
            return None
        where = os.path.dirname(gone[0]) or "."
        return (f"{len(gone)} of the {len(self.target)} images of {self.src!r} went missing while they were read, "
                f"from {os.path.basename(gone[0])} on ({where!r} deleted, moved or unmounted?); put them back and "
                "start the camera again, or give the images' new place")

    def opened(self) -> str:
        """What is open, for the camera's ``up`` link event: the source's kind and name, its frame size and
        frames per second when it tells them (a camera or video), or how many images a sequence holds."""
        if self.kind == "files":
            return f"{len(self.target)} image(s) from {self.src!r}"
        what = {"camera": "camera", "stream": "stream", "video": "video file"}.get(self.kind, "source")
        parts = [f"{what} {self.src!r}"]
        cap = self._cap
        if cap is not None:
            width, height = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
            if width > 0 and height > 0:
                parts.append(f"{width}x{height}")
            fps = cap.get(cv2.CAP_PROP_FPS)
            if fps and 1 <= fps <= 240:
                parts.append(f"{fps:g} fps")
        return ", ".join(parts)

    def read(self, timeout: float = 5.0) -> Optional[Frame]:
        """The next (live: the latest) frame; None at the end of the source or after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._slot is None and not self._done:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)
            frame, self._slot = self._slot, None
            self._cond.notify_all()
            return frame

    @property
    def finished(self) -> bool:
        with self._cond:
            return self._done and self._slot is None

    def stop(self) -> None:
        self._stop = True
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    def __enter__(self) -> "FrameGrabber":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
