"""The camera as a card source: capture, recognition and once-only tracking on their own threads.

Capture keeps only the latest frame of a live camera (see
:mod:`dealer_assist.vision.capture`); the worker thread reads each frame it
gets and hands the table a :class:`CardRead` per physical card, an
:class:`Unreadable` for a card that stayed in view unread, and a
:class:`LinkState` ``lost`` when the camera goes away (``ended`` when a video file ends).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

from dealer_assist.sources.base import CardSource, Sink, SourceError
from dealer_assist.sources.resting_zone import (CARD_DIAGONAL, RestingZones, UnreadAtStart, diagonal_near,
                                                 outline_diagonal)
from dealer_assist.events import (FRAMES_GREY, FRAMES_MIRRORED, MOVED_UNSEEN, OUTSIDE_BOXES, PROFILE_SHAPE_OFF,
                                   PUT_BACK, READ_TWICE_AT_ONCE,
                                   READ_WHERE_UNREAD, CardRead, LinkState, ProfileDoubt, Unreadable)

_log = logging.getLogger(__name__)

#: Seconds without a frame from a live camera or stream before its link is ``stale`` (a serial shoe's too).
STALE_AFTER = 3.0
#: Seconds between tries to open a live camera or stream that was not there when the table started.
OPEN_RETRY = 2.0


def _doubt_of(fit, after_unread: bool, twin: bool = False, put_back: bool = False) -> str:
    """Why a card the camera read for sure still waits for the croupier.  Read where a card it could not
    read lay, it is most likely that one (:data:`~dealer_assist.events.READ_WHERE_UNREAD`: the croupier
    may have typed it); else, once the camera's set-up seems wrong, any sure read may be misread: cards of
    another shape than the profile's deck (plastic's profile read anglo's 6♥ as 5♥), frames with no
    colour, a mirrored image (a symmetric A♠ read at its two outlines), cards read at two neighbouring
    corners (a four-index deck under a two-index deck's profile).  A share of unsure reads alone
    only raises the alert: one smudged card lingering in view makes it (QA)."""
    if after_unread:
        return READ_WHERE_UNREAD
    if put_back:
        # Held as put back or moved (a hold too); under a set-up that seems wrong it may be another card misread,
        # and that doubt is said first (a wrong profile read anglo's T♠ twice, the second as one moved).
        return _doubt_of(fit, False) or PUT_BACK
    if twin:
        return READ_TWICE_AT_ONCE
    if fit.mirrored:
        return FRAMES_MIRRORED
    if not fit.doubted():
        return ""
    if fit.grey:
        return FRAMES_GREY
    return PROFILE_SHAPE_OFF if fit.shape_off() is not None or fit.sides_doubted() else ""


def _placed(read: CardRead, zone: Optional[str]) -> CardRead:
    """A zoned camera's ``read`` given ``zone``: one given no box waits for the croupier to say where it goes."""
    return replace(read, zone=zone, doubt=read.doubt or ("" if zone else OUTSIDE_BOXES))


def _moved(read: CardRead, zone: Optional[str], was: str) -> CardRead:
    """A zoned camera's ``read`` of a card followed out of the box ``was`` into ``zone``; into none (covered by a hand,
    or taken away, before it was seen lying still), its put-back doubt is :data:`~dealer_assist.events.MOVED_UNSEEN`:
    it is that card, where it lies is not known (rev34 R2).  A doubt of the camera's set-up is said first, as ever."""
    moved = replace(read, moved_from=was)
    if zone is None and moved.doubt == PUT_BACK:
        moved = replace(moved, doubt=MOVED_UNSEEN)
    return _placed(moved, zone)


def _left(read: CardRead, zone: str, was: str) -> CardRead:
    """A zoned camera's ``read`` in ``zone`` just after the card of its code lying in the box ``was`` went from its
    spot unseen moving (see :meth:`.RestingZones.card`): ``left_from`` names that box, for the table to judge (most
    likely that card pushed blurred).  ``moved_from`` stays None: no move was seen."""
    return replace(_placed(read, zone), left_from=was)


def _centre(corners) -> tuple[float, float]:
    return sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)


#: Images passed over a video's end names by name (see :func:`_named`); the rest it counts.
NAMED_IMAGES = 3


def _named(paths: Sequence[str]) -> str:
    """The first :data:`NAMED_IMAGES` of ``paths`` by file name, then how many more: the display's SOURCE FINISHED
    and the journal's link entry name the images passed over, as ``watch`` does (qaAJ F2: only their count)."""
    names = ", ".join(Path(p).name for p in paths[:NAMED_IMAGES])
    more = len(paths) - NAMED_IMAGES
    return f"{names} and {more} more" if more > 0 else names


@dataclass(frozen=True)
class CameraView:
    """The camera's latest frame and what it read there, for the display's camera view."""

    #: The frame (BGR), as the camera sent it.
    image: Any
    #: Each card read for sure: its code and its corners (frame pixels).
    cards: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    #: Each card seen but not read for sure: its candidates' codes and its corners.
    uncertain: tuple[tuple[tuple[str, ...], tuple[tuple[float, float], ...]], ...]
    #: When it was taken (``time.monotonic()``).
    at: float
    #: The cards seen whole in it, read or not (their outlines): a frame that read nothing may show cards
    #: still moving, blurred or covered at their index (QA: "no card in view" over three cards).
    whole: int = 0
    #: The layout's zones (name; left, top, right, bottom in fractions of the frame) the cards are placed by.
    zones: tuple[tuple[str, tuple[float, float, float, float]], ...] = ()


class CameraSource(CardSource):
    """``CameraSource(0)``, ``CameraSource("table.mp4", profile="calibration/plastic")``."""

    def __init__(self, src: Union[int, str], profile: Union[str, Path, None] = None, *,
                 drop: Optional[bool] = None, confirm: int = 2, stale_after: float = STALE_AFTER,
                 size: Optional[tuple[int, int]] = None, pace: bool = False,
                 zones: Union[str, Path, None] = None) -> None:
        self.src = src
        #: The layout's zones file (see :mod:`dealer_assist.vision.layout_zones`): each card read is given the
        #: hand's box it comes to rest in, so the round places a card turned out of draw order in its hand.
        self._zones_path = zones
        self._zones = None  # loaded by check() or start()
        #: A video file or image sequence handed out at its own frame rate (see :attr:`.FrameGrabber.pace`).
        self._pace = pace
        self._size = size
        self.name = f"camera:{src}"
        self._profile_path = profile
        self._profile = None  # loaded by check() or start()
        self._drop = drop
        self._confirm = confirm
        self._thread: Optional[threading.Thread] = None
        self._stop = threading.Event()
        self._grabber = None
        self.seq = 0
        self.stale_after = stale_after
        self._link = "down"
        self._view: Optional[CameraView] = None
        self._read_view: Any = None  # the last frame read's TableView, and its cards seen whole
        self._whole = 0
        self._counted: Optional[Callable[[], Sequence[str]]] = None
        self._lingering: Callable[[], Sequence[str]] = tuple

    def count_in_view(self, counted: Callable[[], Sequence[str]],
                      lingering: Callable[[], Sequence[str]] = tuple) -> None:
        """Have the codes ``counted()`` gives (the cards the table already holds on its layout) taken,
        each by one card in view when the camera starts, as those cards, not new ones (see
        :func:`.vision.watch.watch`'s ``counted``).  The table restarted mid-round had read the
        round's cards again and played them twice.  ``lingering()``: codes of cards that may still lie
        there though the table is done with them (see :func:`.vision.watch.watch`)."""
        self._counted, self._lingering = counted, lingering

    @property
    def link(self) -> str:
        """The link's state as last said: ``down``, ``up``, ``stale``, ``lost`` or ``ended`` (a video's end)."""
        return self._link

    def latest_view(self) -> Optional[CameraView]:
        """The last frame read and its reads (None before the first): what the croupier checks a read
        or an unsure card against."""
        return self._view

    def _keep_view(self, image, result) -> None:
        # A frame showing what the last frame read did is not read again (see :mod:`.vision.still_scene`): its
        # result repeats the last one's reads and view, not its cards seen whole, which are kept from then.
        skipped = self._view is not None and result.view is not None and result.view is self._read_view
        if not skipped:
            self._read_view, self._whole = result.view, len(result.shapes)
        self._view = CameraView(image, tuple((c.card.code, c.corners) for c in result.cards),
                                tuple((tuple(k.code for k in u.candidates), u.corners) for u in result.uncertain),
                                time.monotonic(), self._whole,
                                tuple((z.name, (z.left, z.top, z.right, z.bottom)) for z in self._zones.zones)
                                if self._zones is not None else ())

    def check(self) -> None:
        """Refuse now what :meth:`start` would refuse at once: a deck profile not found, a video file,
        image pattern or folder not there, a video file that does not open.  A table makes its source
        before its journal, so that a start refused for its source leaves no journal behind (QA: a
        missing video file had left one holding a ``shoe_start``).  A live camera or stream not up yet
        is no refusal (the table opens and tries it again), so only files are opened here."""
        from dealer_assist.vision.capture import CaptureError, FrameGrabber

        self._load_profile()
        self._load_zones()
        try:
            grabber = FrameGrabber(self.src, drop=self._drop, size=self._size, pace=self._pace)
            if grabber.kind == "video":
                grabber.opens()
        except CaptureError as exc:
            raise SourceError(str(exc)) from exc

    def _load_profile(self):
        from dealer_assist.vision.profile import Profile, ProfileError, default_profile_path

        if self._profile is None:
            try:
                self._profile = Profile.load(self._profile_path or default_profile_path())
            except ProfileError as exc:
                raise SourceError(str(exc)) from exc
        return self._profile

    def _load_zones(self, game: Optional[str] = None):
        from dealer_assist.vision.layout_zones import LayoutZones, ZonesError

        if self._zones is None and self._zones_path is not None:
            try:
                self._zones = LayoutZones.load(self._zones_path, game)
            except ZonesError as exc:
                raise SourceError(str(exc)) from exc
        return self._zones

    def check_zones(self, game: str, seats: Optional[int] = None) -> None:
        """Refuse a zones file of another game's layout before the table opens (every card it placed would be
        refused: a baccarat file's ``player`` at a blackjack table)."""
        from dealer_assist.vision.layout_zones import ZonesError

        zones = self._load_zones(game)
        if zones is not None:
            try:
                zones.check_game(game, self._zones_path, seats)
            except ZonesError as exc:
                raise SourceError(str(exc)) from exc

    def start(self, sink: Sink) -> None:
        from dealer_assist.vision.capture import CaptureError, FrameGrabber

        if self._thread is not None:
            raise SourceError(f"{self.name} is already running")
        profile = self._load_profile()
        self._load_zones()
        self._stop.clear()
        try:
            grabber = FrameGrabber(self.src, drop=self._drop, size=self._size, pace=self._pace)  # a file not there: refused
        except CaptureError as exc:
            raise SourceError(str(exc)) from exc
        try:
            self._grabber = grabber.start()
        except CaptureError as exc:
            if grabber.kind not in ("camera", "stream"):
                raise SourceError(str(exc)) from exc
            # A camera not plugged in yet, or a stream not up: the table opens and says so, as with a serial
            # shoe, and the camera is tried again.  No card was seen yet, so none can be read twice.
            self._link = "lost"
            sink(LinkState(self.name, time.time(), "lost", f"{exc}; trying again every {OPEN_RETRY:g} s"))
            self._thread = threading.Thread(target=self._serve, args=(sink, profile, False), name=self.name,
                                            daemon=True)
            self._thread.start()
            return
        self._up(sink)
        self._thread = threading.Thread(target=self._serve, args=(sink, profile, True), name=self.name, daemon=True)
        self._thread.start()

    def _up(self, sink: Sink, how: str = "") -> None:
        """Say the link is up, with what is open (see :meth:`.FrameGrabber.opened`); ``how``, when it
        was opened after the start (``opened``, ``opened again``)."""
        self._link = "up"
        detail = self._grabber.opened()
        sink(LinkState(self.name, time.time(), "up", f"{how}: {detail}" if how else detail))
        if self._grabber.kind in ("camera", "stream"):
            threading.Thread(target=self._watch_link, args=(sink, self._grabber), name=f"{self.name} link",
                             daemon=True).start()

    def _serve(self, sink: Sink, profile, opened: bool) -> None:
        """Read the source (``opened``: already open) until it ends or the table stops.  A live camera
        or stream that is not there, or is lost, is opened again every :data:`OPEN_RETRY` seconds and
        read on: the cards the table holds that lie in view are its own (see :meth:`count_in_view`),
        and any other card then lying there came while the camera was away, in no known order, so it
        is asked for in its place (:class:`.vision.track.UnplacedCard`)."""
        from dealer_assist.vision.capture import CaptureError, FrameGrabber

        again = False
        while not self._stop.is_set():
            if not opened:
                if self._stop.wait(OPEN_RETRY):
                    return
                try:
                    grabber = FrameGrabber(self.src, drop=self._drop, size=self._size, pace=self._pace).start()
                except CaptureError:
                    continue
                if self._grabber is not None:
                    self._grabber.stop()
                self._grabber = grabber
                if self._stop.is_set():
                    grabber.stop()  # stopped while it opened: the camera is let go
                    return
                self._up(sink, "opened again" if again else "opened")
            if self._run(sink, profile) != "lost" or self._grabber.kind not in ("camera", "stream"):
                return
            again, opened = True, False

    def _watch_link(self, sink: Sink, grabber) -> None:
        """A live camera or stream that stops sending frames without closing (a stalled stream, a
        frozen driver) is ``stale`` after :attr:`stale_after` seconds, as a silent serial shoe is, and
        ``up`` again when frames come back; OpenCV itself may wait half a minute before giving up."""
        frames, since = grabber.frames, time.monotonic()
        while not self._stop.wait(min(1.0, self.stale_after / 3)):
            if grabber.finished or self._link == "lost":
                return
            now = time.monotonic()
            if grabber.frames != frames:
                frames, since = grabber.frames, now
                if self._link == "stale":
                    self._link = "up"
                    sink(LinkState(self.name, time.time(), "up", "frames again"))
            elif self._link == "up" and now - since >= self.stale_after:
                self._link = "stale"
                sink(LinkState(self.name, time.time(), "stale", f"no frame for {self.stale_after:g} s"))

    def _run(self, sink: Sink, profile) -> Optional[str]:
        """Watch the open source until it ends or the table stops; its end said (``lost`` or ``ended``)
        and returned (None when stopped).  For a
        table's camera a card the table does not have lying in view at once is asked for in its
        place, whatever the table holds: cards dealt while no camera watched lie there in no known
        order (a restart on an empty round had played them in the order they were read)."""
        from dealer_assist.cards import Card
        from dealer_assist.vision.dark_frames import DarkWatch, least_paper
        from dealer_assist.vision.cast_frames import CastWatch
        from dealer_assist.vision.profile_fit import ProfileFit
        from dealer_assist.vision.track import CountedCard, MovedCard, NewCard, SourceEnded, UnplacedCard
        from dealer_assist.vision.watch import watch

        detail, state = "stopped", "lost"
        left = ""
        fit = ProfileFit(str(self._profile_path), lambda text: sink(ProfileDoubt(self.name, time.time(), text,
                                                                                   grey=fit.grey)),
                         on_mirrored=lambda text: sink(ProfileDoubt(self.name, time.time(), text, mirrored=True)))
        counted = list(self._counted()) if self._counted is not None else None
        dark = DarkWatch(least_paper(profile))
        cast = CastWatch(profile.paper_colour or ())
        resting = RestingZones(self._zones) if self._zones is not None else None
        # The codes the table holds that no card read since the camera started was taken for (CountedCard), and what
        # lay in view unread then: a card of such a code come into view later may be the other deck's copy (qaAR F4).
        unclaimed = Counter(counted or ())
        unread = UnreadAtStart(self._zones) if resting is not None and counted is not None else None

        def in_turn(event) -> None:  # with zones, after the cards read before it are given theirs
            for ready in resting.other(event) if resting is not None else [event]:
                sink(ready)

        def seen(image, result, t: float) -> None:
            self._keep_view(image, result)
            if unread is not None and unread.view is None:
                unread.opening(result.view, [c.corners for c in result.cards], (image.shape[1], image.shape[0]))
            if resting is not None:
                for ready in resting.frame((image.shape[1], image.shape[0]),
                                           [(c.card.code, c.center) for c in result.cards], t,
                                           view=result.view, outlines=[c.corners for c in result.cards]):
                    sink(ready)
            was_dark = dark.said
            text = dark.add(image, t)
            if text:
                sink(ProfileDoubt(self.name, time.time(), text, dark=True))
            elif was_dark and not dark.said:
                sink(ProfileDoubt(self.name, time.time(), "the picture is lit again", dark=True, lit=True))
            if result.cards or result.shapes:  # paper in view: its colour is the camera's
                text = cast.add(image, t)  # said once it goes off (fixCC), and once right again (fixAU3)
                if text:
                    sink(ProfileDoubt(self.name, time.time(), text, cast=True, balanced=not cast.said))

        live = self._grabber.kind in ("camera", "stream")
        try:
            for event, _ in watch(profile, self._grabber, stop=self._stop.is_set, confirm=self._confirm, fit=fit,
                                  seen=seen, counted=counted, ask_unplaced=counted is not None,
                                  lingering=tuple(self._lingering()), on_layout=self._counted,
                                  moves=resting is not None):
                if isinstance(event, SourceEnded):
                    left = (f"; {len(event.cards)} card(s) in view not read when it ended: "
                            + "; ".join(str(card) for card in event.cards))
                    continue
                self.seq += 1
                if isinstance(event, NewCard):
                    read = CardRead(event.card, self.name, time.time(), confidence=event.confidence, seq=self.seq,
                                    doubt=_doubt_of(fit, event.after_unread, event.twin, event.put_back),
                                    frame=event.frame)
                    if resting is None:
                        sink(read)
                        continue
                    # The card of its code given no box lately, gone from where it lay, is most likely this one,
                    # squared into its box (see RestingZones.card): held as moved, never a second card.
                    moved = replace(read, doubt=_doubt_of(fit, event.after_unread, event.twin, True))
                    for ready in resting.card(event.card.code, event.center,
                                              diagonal_near(self._view.cards if self._view else (), event.card.code,
                                                            event.center),
                                              lambda zone, read=read: _placed(read, zone),
                                              moved=lambda zone, read=moved: _placed(read, zone),
                                              left=lambda zone, was, read=read: _left(read, zone, was)):
                        sink(ready)
                elif isinstance(event, MovedCard):
                    # Followed into another box, it is the card reported before, moved: read again there as a card
                    # moved (put back), as when its push is blurred and it vanished, so the table moves it to that
                    # box's hand, or plays it there if it was refused where it lay (qaAL F1, F2).
                    read = CardRead(event.card, self.name, time.time(), confidence=event.confidence, seq=self.seq,
                                    doubt=_doubt_of(fit, False, put_back=True), frame=event.frame)
                    for ready in resting.moved(event.card.code, event.center, event.origin,
                                               diagonal_near(self._view.cards if self._view else (), event.card.code,
                                                             event.center),
                                               lambda zone, was, read=read: _moved(read, zone, was)):
                        sink(ready)
                elif isinstance(event, CountedCard):
                    if unclaimed[event.card.code] > 0:
                        unclaimed[event.card.code] -= 1
                    if unread is not None and self._view is not None:  # read since the opening: one unread no more
                        outline = min(((math.dist(_centre(c), event.center), c) for code, c in self._view.cards
                                       if code == event.card.code and len(c) == 4), default=(0, ()))[1]
                        unread.claimed(outline, self._read_view)
                    sink(LinkState(self.name, time.time(), "up", f"{event.card.label} in view when the camera "
                                   "started: the table's own, already counted"))
                elif isinstance(event, UnplacedCard):
                    # The table's own may have been pushed here from another box as the camera started: neither typing
                    # it (a second copy) nor Enter (left where it was played) moves it (rev33 R5).
                    why = (f"saw {event.card.label}, not seen lying still when it started, a card the table has one "
                           "of: it may be the table's own (uncovered, squared up, or pushed here from another box), or "
                           "one just dealt; if it was dealt, type it in its place; if it is the table's own and lies "
                           "where the table has it, type nothing: Enter plays the card read after it; if it is the "
                           "table's own pushed here from another box, void it there (V, once more for each step after "
                           "it) and type it (K), then the cards voided after it"
                           if event.maybe_counted else
                           f"found {event.card.label} in view when it started, a card the table does not "
                           "have: it came while the camera was away (or was being dealt as it started), and its "
                           "place in the deal is not known")
                    diagonal = diagonal_near(self._view.cards if self._view else (), event.card.code, event.center)

                    def ask(zone, card=event.card, frame=event.frame, seq=self.seq, why=why) -> Unreadable:
                        return Unreadable(self.name, time.time(), seq=seq, candidates=(card,), why=why, frame=frame,
                                          zone=zone)

                    def read_or_ask(zone, card=event.card, frame=event.frame, seq=self.seq, ask=ask):
                        if zone is not None and self._other_copy(zone, unread, unclaimed):
                            return _placed(CardRead(card, self.name, time.time(), seq=seq, doubt=_doubt_of(fit, False),
                                                    frame=frame), zone)
                        return ask(zone)
                    if resting is not None and event.maybe_counted:
                        # Maybe moving as it started (squared up, pushed): asked for in the box it comes to rest in, as
                        # a card read is; read mid-push, it had been given the box it crossed.
                        for ready in resting.card(event.card.code, event.center,
                                                  diagonal or self._profile.card_h_px * CARD_DIAGONAL, read_or_ask):
                            sink(ready)
                    else:
                        in_turn(ask(self._zone_at(event.center, resting, diagonal)))
                else:
                    in_turn(Unreadable(self.name, time.time(), seq=self.seq, frame=event.frame,
                                       candidates=tuple(Card(c.rank, c.suit) for c in event.candidates),
                                       zone=self._zone_at(event.center, resting, outline_diagonal(event.corners))))
            if not self._stop.is_set():
                detail = (self._grabber.error or self._grabber.cut_short or "end of the video") + left
                if self._grabber.skipped:
                    skipped = self._grabber.skipped
                    detail += f" ({len(skipped)} unreadable image(s) passed over: {_named(skipped)})"
                if self._grabber.damaged:
                    detail += (f" ({len(self._grabber.damaged)} damaged image(s) read only as far as they decode: "
                               f"{', '.join(Path(p).name for p in self._grabber.damaged)})")
                state = "lost" if self._grabber.error else "ended"
        except Exception as exc:  # the thread must say why it ended, never die silently
            _log.exception("the camera reader %s failed", self.name)
            detail = f"camera reader failed: {exc}"
        if self._stop.is_set():
            return None  # a card not yet at rest is found lying there at the next start, and asked for
        if resting is not None:  # the cards read before the end are the table's, in the zones last seen
            for ready in resting.flush():
                sink(ready)
        retrying = live and state == "lost"
        self._link = state
        if retrying:
            detail += f"; trying again every {OPEN_RETRY:g} s"
        sink(LinkState(self.name, time.time(), state, detail, retrying=retrying))
        return state

    def _other_copy(self, zone: str, unread: Optional[UnreadAtStart], unclaimed: Counter) -> bool:
        """Whether a card of a code the table holds, not in sight as the camera started and come to rest in ``zone``,
        is a new card, the other deck's copy: every card the table holds that the camera has not read since it
        started (``unclaimed``, as the table still holds them) lies unread as it lay then (:class:`.UnreadAtStart`)
        in another box.  So none of them can be this one; a spot taken away since may have been it (put back)."""
        if unread is None or self._read_view is None or self._view is None:
            return False
        held = Counter(self._counted())
        left = sum(min(n, held[code]) for code, n in unclaimed.items())
        return left <= unread.lying(zone, self._read_view, [corners for _, corners in self._view.cards])

    def _zone_at(self, center, resting, diagonal: float) -> Optional[str]:
        """The box a card asked for lies in, or just outside (within half its ``diagonal``, as a card read: one
        unreadable just outside the Player's box had been given none, rev19 R4)."""
        if resting is None:
            return None
        return self._zones.at(center, resting.size, reach=(diagonal or self._profile.card_h_px * CARD_DIAGONAL) / 2)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=3.0)
        self._thread = None
        if self._grabber is not None:
            self._grabber.stop()
            self._grabber = None
