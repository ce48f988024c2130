"""The guided set-up's preview window (``calibrate --camera N``): what the camera sees, the card it
is asked for, and whether a shot of it would be taken.

Without it the person at the table answered terminal prompts blind: the card
out of view, half under the camera's edge or beside another came out as a
refusal only after Enter.  Here the card found in view is outlined in green as
it moves, and why no card is found is shown before the shot.  The steps are
:class:`dealer_assist.vision.guided.GuidedSetUp`'s, as the terminal prompts'.

A live source (a camera, a stream) shows its latest frame; a folder of images
shows one frame until it is taken or passed over, so that a set-up photographed
beforehand, card by card in the order asked for, is named by stepping through
it.  A video file is sought through by itself to each card at rest in it (see
:class:`dealer_assist.vision.guided.RecordingSeek`), shown until taken or passed over.
"""

from __future__ import annotations

import time
from typing import Optional

import cv2
import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.cards import Card
from dealer_assist.ui import theme
from dealer_assist.ui.frame_pixmap import pixmap_of
from dealer_assist.vision.guided import SET_UP_ORDER, GuidedSetUp, RecordingSeek

#: How often the preview looks for a new frame (ms): about 15 frames a second.
TICK_MS = 66
#: Seconds without a frame from a live source before the window says it is silent.
SILENT_AFTER = 3.0
FOUND = (94, 211, 95)  # BGR: the outline of a card that a shot would take
KEYS = "Space or Enter: take the shot   S: skip this card   U or Backspace: take the last one again   Q or Esc: stop"
#: Seconds a live view's card just taken must be out of sight before the next shot: a hand passing over
#: it for a frame or two is no card taken away.
GONE_FOR = 0.5
#: Seconds a tick may spend seeking a video file to its next card at rest before the window is painted.
SEEK_BUDGET = 0.15
#: Milliseconds the window stays open once every card has a shot (U in that time takes the last one again).
CLOSE_AFTER_MS = 2500


class GuidedSetUpWindow(QWidget):
    """The preview and the prompts of one guided set-up, driven by ``grabber`` (started)."""

    def __init__(self, steps: GuidedSetUp, grabber, source_name: str = "the camera") -> None:
        super().__init__()
        self.steps = steps
        self.grabber = grabber
        self.source_name = source_name
        self.setWindowTitle("dealer-assist: deck set-up")
        self.setAutoFillBackground(True)
        self.prompt = QLabel()
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.keys = theme.plain(QLabel(KEYS))
        self.keys.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.preview.setMinimumSize(320, 180)
        self.seen = theme.plain(QLabel())
        self.seen.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.seen.setWordWrap(True)
        self.status = theme.plain(QLabel())
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status.setWordWrap(True)
        self.progress = theme.plain(QLabel())
        self.progress.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay = QVBoxLayout(self)
        for w, stretch in ((self.prompt, 0), (self.keys, 0), (self.preview, 1), (self.seen, 0),
                           (self.status, 0), (self.progress, 0)):
            lay.addWidget(w, stretch)
        #: The frame shown (BGR), and whether a card was found in it (its outline, or why not).
        self.frame: Optional[np.ndarray] = None
        self.quad: Optional[np.ndarray] = None
        self.why = ""
        self._live = bool(getattr(grabber, "drop", True))
        #: A video file's seek to its next card at rest (a folder's images are each shown: one per card).
        self._seek = RecordingSeek(steps) if getattr(grabber, "kind", "") == "video" else None
        self._want_next = True
        #: A file source's frames to show again before its next one (those U took back, then the frame that
        #: was showing): its frames cannot be asked for twice.
        self._again: list[np.ndarray] = []
        #: A file source's frames used up since the session began, each with whether a shot was taken of it.
        self._used: list[tuple[np.ndarray, bool]] = []
        #: A live view's card just taken, until it is seen taken away (no card for GONE_FOR, or moved):
        #: pressed again before the card was changed, Space would keep its view under the next card's name.
        self._taken_at: Optional[np.ndarray] = None
        #: When the card just taken was last seen gone (None while it shows).
        self._gone_since: Optional[float] = None
        #: A file source's frames still to come that belong to cards skipped before they came.
        self._pass_over = 0
        #: What stays said under the progress (a file source started again over kept shots).
        self._standing = ""
        #: A file source's frames passed over as the very shots kept from before (see :meth:`.GuidedSetUp.kept_as`).
        self._kept_frames = 0
        self._closing = QTimer(self, singleShot=True)
        self._closing.timeout.connect(self.close)
        self._last_frame_at = time.monotonic()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._timer.start(TICK_MS)
        self.resize(1024, 720)
        self._say(kept=steps.passed_over())
        self._tick()

    # -- frames --------------------------------------------------------------------------------

    def _tick(self) -> None:
        if not (self._live or self._want_next):
            return
        if self._again and not self._live:
            self._show_next(self._again.pop(0))
            return
        frame = self.grabber.read(timeout=0) if self._seek is None else self._seek_on()
        if frame is None:
            if self.grabber.finished and getattr(self.grabber, "error", None) and self._live:
                self._set_seen(f"{self.grabber.error}: check its cable, then run the same command again (it goes on "
                               "from the next card; Q stops)", bad=True)
            elif self._live and time.monotonic() - self._last_frame_at >= SILENT_AFTER:
                self._set_seen(f"no frame from {self.source_name} for {time.monotonic() - self._last_frame_at:.0f} s: "
                               "check its cable and that no other program uses it (Q stops)", bad=True)
            elif self.grabber.finished and self.frame is None:
                self._set_seen(f"{self.source_name} sent no frame: Q stops", bad=True)
            elif self._seek is not None and self.grabber.finished and self._want_next and not self.steps.done:
                cut = f" ({self.grabber.cut_short})" if getattr(self.grabber, "cut_short", None) else ""
                self._set_seen(f"{self.source_name} has ended after {self._seek.frames} frame(s), with no further card "
                               f"at rest in it{cut}: {Card.parse(self.steps.current).label} and the cards after it "
                               f"have no shot (Q stops; the same command goes on from {self.steps.resumes_at})", bad=True)
            elif self.grabber.finished and self._want_next and not self.steps.done:
                self._set_seen(f"{self.source_name} has no more frames: the last one stays (Q stops; the same command "
                               "goes on from the next card)", bad=True)
            return
        self._last_frame_at = time.monotonic()
        self._show_next(frame.image)

    def _seek_on(self):
        """A video file's next frame to stop at, or None when none came within :data:`SEEK_BUDGET` (the
        frame passed over last is shown meanwhile, with why) or the video has ended."""
        until = time.monotonic() + SEEK_BUDGET
        passed = None
        while time.monotonic() < until:
            frame = self.grabber.read(timeout=0)
            if frame is None:
                break
            if self._seek.offer(frame.image) is not None:
                return frame
            passed = frame
        if passed is not None:
            self._last_frame_at = time.monotonic()
            self.frame, self.quad, self.why = passed.image, None, self._seek.why
            self._set_seen(f"looking for the next card at rest in {self.source_name}: frame {passed.number} passed "
                           f"over ({self._seek.why})", bad=False)
            self._paint()
        return None

    def _show_next(self, image: np.ndarray) -> None:
        if not self._live and self._seek is None and self.steps.kept_as(image) is not None:
            self._kept_frames += 1  # a frame taken before the set-up stopped: its card has its shot
            self._say_progress()
            return
        if self._pass_over and not self._live:
            self._pass_over -= 1
            self._used.append((image, False))  # a skipped card's frame
            return
        self._want_next = False
        self.show_frame(image)

    def show_frame(self, image: np.ndarray) -> None:
        """Show ``image`` with the card found in it outlined, or why none is."""
        self.frame = image
        self.quad, self.why = self.steps.look(image)
        if self._taken_at is not None:
            now = time.monotonic()
            if self.quad is None:
                self._gone_since = self._gone_since or now
            else:
                self._gone_since = None
            if (self.quad is not None and _moved(self.quad, self._taken_at)
                    or self._gone_since is not None and now - self._gone_since >= GONE_FOR):
                self._taken_at = self._gone_since = None
        if self.steps.done:
            self._set_seen("every card has a shot or was skipped", bad=False)
        elif self.quad is not None:
            self._set_seen("a card in view: Space takes it", bad=False)
        else:
            self._set_seen(f"no shot possible: {self.why}", bad=True)
        self._paint()

    def _paint(self) -> None:
        if self.frame is None:
            return
        shown = self.frame.copy()
        if self.quad is not None:
            thick = max(2, shown.shape[0] // 240)
            cv2.polylines(shown, [np.round(self.quad).astype(np.int32)], True, FOUND, thick, cv2.LINE_AA)
        self.preview.setPixmap(pixmap_of(shown).scaled(self.preview.size(), Qt.AspectRatioMode.KeepAspectRatio,
                                                       Qt.TransformationMode.SmoothTransformation))

    # -- steps ---------------------------------------------------------------------------------

    def take(self) -> None:
        if self.steps.done:
            return
        if self.frame is None:
            self._set_status("not taken: no frame from the camera yet", bad=True)
            return
        code = self.steps.current
        if self._want_next and not self._live:
            # A file's frame was taken or refused: the next card's shot is the next frame, never this one again.
            gone = ("has no more frames" if self.grabber.finished else "has not sent the next frame yet"
                    if self._seek is None else "is still being looked through for the next card at rest")
            self._set_status(f"{Card.parse(code).label} not taken: {self.source_name} {gone}", bad=True)
            return
        if self._taken_at is not None:
            self._set_status(f"{Card.parse(code).label} not taken: the camera still shows the card taken last; take "
                             "it away and put this card in its place", bad=True)
            return
        why = self.steps.take(self.frame)
        self._use_frame(taken=why is None)
        if why is None:
            if self._live:
                self._taken_at = self.quad
            self._say(done=f"{Card.parse(code).label} taken")
        else:
            self._set_status(f"{Card.parse(code).label} not taken: {why}; try again", bad=True)

    def skip(self) -> None:
        if self.steps.done:
            return
        code = self.steps.current
        self.steps.skip()
        if not self._live and self._want_next:
            self._pass_over += 1  # its frame has not come yet: it is passed over when it does
        elif self.frame is not None:
            self._use_frame(taken=False)
        self._say(done=f"{Card.parse(code).label} skipped: the next run asks for it again")

    def _use_frame(self, taken: bool) -> None:
        """The frame shown was taken, refused or passed over: a file source's next one is asked for."""
        if not self._live and not self._want_next:
            self._used.append((self.frame, taken))
        self._want_next = True

    def undo(self) -> None:
        code = self.steps.undo()  # also asks again for the cards skipped after it
        if code is None:
            self._set_status("no shot taken in this session to take again", bad=True)
            return
        self._closing.stop()
        self._taken_at = self._gone_since = None
        self._pass_over = 0  # the cards skipped after it are asked for again, with the frames still to come
        if not self._live:
            # The file's frames used since that shot (it, then any refused or skipped after it) come back, then
            # the one showing now: the next frame read would be a later card's, taken under this card's name.
            last = max(i for i, (_, taken) in enumerate(self._used) if taken)
            showing = [] if self._want_next or self.frame is None else [self.frame]
            self._again = [frame for frame, _ in self._used[last:]] + showing + self._again
            del self._used[last:]
            self._want_next = True
            self._tick()
        self._say(done=f"{Card.parse(code).label}'s shot deleted: " + ("show it again" if self._live else
                                                                        "its frame is shown again"))

    def _say(self, done: str = "", kept: list[str] = ()) -> None:
        steps = self.steps
        if steps.done:
            self.prompt.setText(_big("Every card has a shot or was skipped", theme.GOLD))
        else:
            card = Card.parse(steps.current)
            ink = theme.CARD_RED if card.is_red else theme.CARD_BLACK
            self.prompt.setText(_big(f"Show <span style='background:{theme.CARD_FACE.name()}; color:{ink.name()}'>"
                                     f"&nbsp;{card.label}&nbsp;</span> face up, upright, alone", theme.TEXT))
        notes = [done] if done else []
        if kept:
            notes.append(f"{len(kept)} shot(s) from before kept (delete one to take it again)")
            if not self._live:
                self._standing = (f"\n{self.source_name} starts again at its first frame: its frames kept as shots "
                                  "before are passed over")
        self._set_status(". ".join(notes), bad=False)
        self._say_progress()
        if steps.done:
            self._set_seen("every card has a shot or was skipped", bad=False)
            self._closing.start(CLOSE_AFTER_MS)

    def _say_progress(self) -> None:
        steps = self.steps
        skipped = f", {len(steps.skipped)} skipped" if steps.skipped else ""
        passed = (f" ({self._kept_frames} passed over so far)" if self._kept_frames else "")
        self.progress.setText(f"{steps.shots()} of {len(SET_UP_ORDER)} cards have a shot "
                              f"({len(steps.taken)} taken now{skipped}); shots go to {str(steps.folder)!r}"
                              + self._standing + passed)

    def _set_seen(self, text: str, bad: bool) -> None:
        self.seen.setText(text)
        self.seen.setStyleSheet(f"color: {(theme.BAD_INK if bad else theme.GOOD_INK).name()}")

    def _set_status(self, text: str, bad: bool) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {(theme.BAD_INK if bad else theme.GOLD).name()}")

    # -- Qt ------------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt)
        key = event.key()
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.take()
        elif key == Qt.Key.Key_S:
            self.skip()
        elif key in (Qt.Key.Key_U, Qt.Key.Key_Backspace):
            self.undo()
        elif key in (Qt.Key.Key_Q, Qt.Key.Key_Escape):
            self.close()
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt)
        unit = theme.unit_for_size(self.width(), self.height())
        self.prompt.setFont(theme.font(unit * 2.2, bold=True))
        for label in (self.keys, self.progress):
            label.setFont(theme.font(unit))
        for label in (self.seen, self.status):
            label.setFont(theme.font(unit * 1.2, bold=True))
        self._paint()
        super().resizeEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt)
        self._timer.stop()
        super().closeEvent(event)


def _moved(quad: np.ndarray, before: np.ndarray) -> bool:
    """Whether the card found at ``quad`` lies elsewhere than ``before`` (a fifth of its width off)."""
    width = float(np.linalg.norm(before[1] - before[0]))
    return float(np.linalg.norm(quad.mean(axis=0) - before.mean(axis=0))) > 0.2 * width


def _big(html: str, colour) -> str:
    return f"<span style='color:{colour.name()}'>{html}</span>"


def run_guided_setup(camera, folder) -> GuidedSetUp:
    """Open the preview window on ``camera`` (any video source) until every card has a shot or the
    person stops; where the steps stood then.  Raises :class:`.capture.CaptureError` if it cannot open."""
    from dealer_assist.ui.app import application
    from dealer_assist.vision.capture import FrameGrabber

    steps = GuidedSetUp(folder)
    grabber = FrameGrabber(camera).start()
    try:
        app = application()
        name = f"camera {camera}" if str(camera).strip().isdigit() else repr(str(camera))
        window = GuidedSetUpWindow(steps, grabber, name)
        window.show()
        app.exec()
    finally:
        grabber.stop()
    return steps
