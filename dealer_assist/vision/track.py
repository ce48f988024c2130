"""Once-only reading: turning per-frame card reads into one event per physical card.

A card is reported when two frames read in a row read the same code for it, so a
single blurred misread never becomes an event, and a card that is readable
while it still slides is reported before it comes to rest.  While it stays
in view it is never reported again; it may vanish under a hand and come back.
Once its spot is seen as bare table it was taken away, and is forgotten at
once (see :mod:`.bare_spot`): a card of its code dealt there is another.
Another card with the same code (an 8-deck shoe repeats codes) is a new
track because the first copy is still seen, elsewhere, in the same frame.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field, replace
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.bare_spot import commonest
from dealer_assist.vision.recognize import FrameResult


@dataclass(frozen=True)
class NewCard:
    """A physical card seen for the first time.  ``after_unread``: one of the candidates of a card the
    croupier was asked to type (an :class:`UnreadCard`), read where that card lay: most likely that card,
    now read, which the croupier may have typed already (see :meth:`OnceOnlyTracker.update`)."""

    card: Card
    frame: int
    confidence: float
    center: tuple[float, float]
    after_unread: bool = False
    #: Another card of its code came into view with it, within a card of it: most likely one card read
    #: at two outlines (a mirrored camera reads a symmetric A♦ so), not two copies dealt at once.
    twin: bool = False
    #: Read where a card of its code was taken away (its spot seen bare) within :data:`PUT_BACK` seconds:
    #: most likely that card lifted and put back (a squeeze, a peek), though an 8-deck shoe's second copy
    #: may be dealt there; the table holds it for the croupier rather than play it twice or lose it.
    put_back: bool = False


@dataclass(frozen=True)
class MovedCard:
    """A card reported, which lay still, seen moving off its spot (see :attr:`OnceOnlyTracker.report_moves`): the
    same card, never a new one, now at ``center``, and ``origin``, where it lay.  Followed from frame to frame, a card
    pushed sharp (no motion blur: a short shutter) from one box into another was never read there, and the table
    kept it in the box it had left (qaAL F1); pushed blurred, it vanished and was read anew."""

    card: Card
    frame: int
    confidence: float
    center: tuple[float, float]
    origin: tuple[float, float]


@dataclass(frozen=True)
class UnreadCard:
    """A card that stayed in view but was never read for sure: the croupier must key it in."""

    candidates: tuple[Card, ...]
    frame: int
    center: tuple[float, float]
    #: Its outline when last seen (pixels), when known: how far it reaches (a zoned camera's box, rev19 R4).
    corners: tuple[tuple[float, float], ...] = ()


#: The frame rate the tracker's frame-sized measures are stated at (the shared videos'): a card's speed is
#: in pixels per 1/30 s (see :data:`STILL`), and frames fed with no time are taken as 1/30 s apart.  What
#: means time is in seconds (the frames' own ``t``), so that a 60 fps camera, or one whose frames are dropped
#: while one is read, behaves as a 30 fps one does (rev17 F3: a 1.5 s peek at 60 fps was a second card).
REFERENCE_FPS = 30.0
#: Seconds (a frame at 30 fps) within which a card of a code first seen after another of its code, and nearer
#: than :data:`TWIN_REACH` card heights, is its twin (see :attr:`NewCard.twin`).
TWIN = 1.5 / REFERENCE_FPS
TWIN_REACH = 1.2
#: Seconds unseen within which a card was seen lately (4 frames at 30 fps): an unsure read on it is it, an
#: outline between two twins is the card they are (see OnceOnlyTracker._unknowns).  Seconds after which a read
#: never confirmed, unseen, was noise, and a card in view is none when the source ends (5 frames at 30 fps);
#: seconds within which a card seen unread is still one to ask for (9 frames).  In seconds, as every measure
#: of time here: a 60 fps camera's frames had halved them.
RECENT = 4.5 / REFERENCE_FPS
NOISE_GONE = 5.5 / REFERENCE_FPS
UNREAD_LOST = 9.5 / REFERENCE_FPS
#: Seconds an unread card held back (see :attr:`OnceOnlyTracker.unread_when_gone`) must stay unseen to be
#: gone: a hand over it a second is not its end, and a card read after its line was printed had two.
UNREAD_GONE = 1.0
#: The most a card the table counted may move in 1/30 s (a share of the card's height) when it is taken
#: as lying there (see OnceOnlyTracker._confirmed): a resting card's read moves a pixel or two.
STILL = 0.05
#: Frames in a row a remembered card's spot must be seen as bare table (see :mod:`.bare_spot`), over at least
#: :data:`BARE_FOR` seconds from the first (3 frames at 30 fps, 5 at 60), for the card to be gone: one
#: frame's look may catch a hand's shadow or a blurred edge, and a shadow lasts as long at any frame rate.
BARE_FRAMES = 3
BARE_FOR = 1.75 / REFERENCE_FPS
#: Seconds after a card taken away (see :data:`BARE_FRAMES`) was last seen within
#: which a card of its code read within :data:`PUT_BACK_REACH` card heights of where it lay is most likely
#: it put back (see :attr:`NewCard.put_back`; verC NEW-2: a 9♠ lifted four frames and put back was
#: played twice; rev17 F3: 60 frames, 2 s at 30 fps and 1 s at 60, were shorter than a player's peek of a
#: few seconds, and the card was played twice).  Later, a card of that code dealt there is a new one, as
#: before, and so is one dealt after a frame with no card at all once two or more lay there (the layout
#: cleared: a squeeze or a peek lifts one card, others stay; QA's shoe video looped back to back deals the
#: same codes on the same spots a second after its last).  A lone card lifted leaves no card in view either,
#: and is put back as any other.
PUT_BACK = 10.0
PUT_BACK_REACH = 0.4
#: A read of a resting card's code lying off its spot is another card when this share or more of the part of
#: that spot its outline leaves uncovered shows paper: the first card still lies there (see
#: OnceOnlyTracker._left_covered), sampled at :data:`LEFT_GRID` points a side.
PAPER_LEFT = 0.5
#: Seconds a card must lie within :data:`STILL` of one spot to lie at rest there the first time (two 30 fps frames, as
#: the camera's zones take it as placed, :data:`.sources.resting_zone.STILL_OVER`), the spot a move off is measured
#: from (see OnceOnlyTracker._moved_off); later spots wait for :data:`SETTLED`.  Not each frame's speed alone: a card
#: pushed at a hand's pace (a box's width in 0.8 s, some 10 px a frame at 208 px) moves less than STILL a frame, its
#: rest followed it and its move was never told (qaAR F1).  Not longer than the zones wait: a card lying 3 frames in
#: a box, placed there, then pushed on had no spot yet, and was kept silently in the box it left (rev37 R1).
AT_REST = 1.75 / REFERENCE_FPS
#: Seconds a card seen moving off its spot must lie within half :data:`STILL` of one spot for its move to be over
#: (4 frames at 30 fps): its move is told then (a :class:`MovedCard`, at the spot it came to rest on, from the spot it
#: lay on before), and that is its spot from then on.  A card that settles untold keeps the spot it lay on unless it
#: settled within half STILL of it (a read's pixel or two, a card creeping into place): pushed in strokes shorter than
#: :data:`ON_CARD`, settling at each halt, its spot had crept with it stroke by stroke and its move was never told
#: (fixPS; the camera's zones tell a move from the box the table holds the card in, so a squared card told moved
#: within its box means nothing).  A push at a hand's pace halts a moment between a hand's strokes (16 steps of 4 frames, 2 s): its move told at the
#: first halt, the camera's zones took it as ended there, in the box it left or between two, and the rest of the push
#: went untold, the table keeping the card silently in the box it left (fixAR2; 8 steps of 3 frames, qaAR F1).  A card
#: moved off that goes from view before it settles (a hand left on it) is told at once, from where it was last seen
#: (see :data:`RECENT`), and so is one still moving when its source ends (see OnceOnlyTracker.finish).  Not longer: the
#: zones must see it lie still a moment after its move is told, before a recording that ends 0.2 s after the push ends.
SETTLED = 3.5 / REFERENCE_FPS
LEFT_GRID = 12
#: Seconds after a card lying still vanished unseen, its spot not seen bare, within which a card of its code
#: read anywhere is most likely it moved under the croupier's hand (see OnceOnlyTracker._moved).
MOVED = 2.0
#: Card heights from a forgotten card covered still (a ghost) within which a card of its code read is held as it
#: put back (see OnceOnlyTracker._moved): a squeezed card is set back near its spot, half a card off or so.
GHOST_MOVED = 1.0
#: An unsure read whose outline lies within this share of a card's height of a reported card's (every
#: corner near one of its corners) lies where that card lies: a resting card's reads move a pixel or
#: two (4 px of 256 on anglo's shoe video in colour and then grey), a card dealt onto it in a
#: blackjack hand lies a fifth of a card off.
SAME_SPOT = 0.1
#: Seconds (8 frames at 30 fps) a card read unsure (with candidates, or seen whole with no index found, see
#: :mod:`.unread_outlines`) must lie still, seen so in :data:`UNREAD_SIGHTINGS` frames read or more, for it
#: to be a card never read (see OnceOnlyTracker._unknowns): a card dealt blurred is read the frame it
#: stops, and the next card dealt must not be read first (QA: a deal rests some 18 frames between cards,
#: and a table's camera reads one frame in several while they slide; QA F4: an unsure 10♥ with candidates
#: waited for 20 sightings, each next card's slide hid it and restarted the count, and the cards after it
#: were played in its place).  Time, not frames read: a live camera's frames are dropped while one is
#: read.  A card read for sure elsewhere while one lay still unsure in that many sightings, seen
#: before it, waits behind it however short it lay (see OnceOnlyTracker._ahead): the deal went on.
UNREAD_AT_REST = 0.25
UNREAD_SIGHTINGS = 3
#: Seconds a sighting after the first stands for when a card is judged lying still in so many (see
#: OnceOnlyTracker._ahead): a frame at 30 fps, less a quarter's slack for a camera's uneven times.
SIGHTING = 0.75 / REFERENCE_FPS
#: An unsure read or a card seen whole with no index found lies where a card read lies, and is that card
#: (unread in this frame: blurred, a glare), when every corner of its outline lies within this share of a
#: card's height of one of that card's corners (with no outline, its centre within :data:`AT_UNREAD` of that
#: card's).  A card dealt onto another in a blackjack hand lies a sixth of a card off or more (the shared
#: videos: 0.17 to 0.28 between centres), and is a card of its own: its centre had been within half a card
#: of the one under it, and a top card never read was never asked for (QA F10: the next card was played in
#: its place).  Of the card's height as the camera shows it, when smaller than the profile's (see :func:`_height`).
ON_CARD = 0.12
#: A card read within this share of a card's height of an outline of no corners lies where it lies (see
#: :meth:`OnceOnlyTracker._on`); with its corners, they tell (:data:`ON_CARD`).
AT_UNREAD = 0.15
#: Frames of its last speed within which a card hidden as it slides comes to rest (the shared shoe videos: at
#: most five from any frame read in its slide): a card unseen longer is matched no further along its way,
#: so that one slid away at a round's end leaves no line across the table on which the next round's card
#: of its code is taken for it (rev17 F16).  Seconds unseen after which a card last seen moving whose way
#: (its last spot and that far on) shows bare table :data:`BARE_FRAMES` frames in a row left the view (slid
#: off, gathered), and is forgotten: a card dealt blurred is read at rest well within a second.  The first in
#: frames of 1/30 s (a card's speed is measured so), the second in seconds.
SLIDE_ON = 6
#: A card of a code the table holds, first read after a restart within this share of a card's height of where a card
#: the opening frames read lay, that card moved off more than :data:`PILE_MOVED` of it since: the pile they made was
#: taken apart (a split), and the card read is the one that lay unread under it (see
#: OnceOnlyTracker._pile_taken_apart).
PILE_REACH = 0.5
PILE_MOVED = 0.12
#: Seconds within which that card moved off and this one came into view: the same slide (see
#: OnceOnlyTracker._pile_taken_apart); a card dealt onto a split's pile later is one to ask about.
PILE_PARTED = 1.0
SLID_AWAY = 1.0


@dataclass(frozen=True)
class CountedCard:
    """A card in view when the camera started that the table had already counted (see
    :meth:`OnceOnlyTracker.update`): never reported as a new card."""

    card: Card
    frame: int
    center: tuple[float, float]


@dataclass(frozen=True)
class UnplacedCard:
    """A card lying in view when the camera (re)started mid-round that the table had not counted: it
    came while the camera was away, and where it goes in the deal is not known (see
    :attr:`OnceOnlyTracker.ask_at_start`)."""

    card: Card
    frame: int
    center: tuple[float, float]
    #: Of a code the table has, first seen after the start while the table holds it: maybe the table's own.
    maybe_counted: bool = False


@dataclass(frozen=True)
class Unsettled:
    """A card in view when its source ended that was never reported: read for sure in fewer frames in a row
    than a card needs (``card``; whether it still ``moving``), or never read for sure (``card`` None, and
    its ``candidates``).  See :meth:`OnceOnlyTracker.unsettled`."""

    card: Optional[Card]
    candidates: tuple[Card, ...]
    #: Frames it was read in (``card``) or seen in unread.
    frames: int
    center: tuple[float, float]
    moving: bool = False

    def __str__(self) -> str:
        at = f"at ({self.center[0]:.0f}, {self.center[1]:.0f})"
        if self.card is None:
            maybe = " or ".join(c.code for c in self.candidates)
            return f"a card never read for sure{f' (maybe {maybe})' if maybe else ''}, seen in {self.frames} frame(s) {at}"
        return f"{self.card.code} read in {self.frames} frame(s){', still moving' if self.moving else ''} {at}"


@dataclass(frozen=True)
class SourceEnded:
    """The source ended with cards in view never reported (see :meth:`OnceOnlyTracker.unsettled`): a
    recording cut while a card slid out, or before it was read often enough.  ``frame``: its last frame."""

    frame: int
    cards: tuple[Unsettled, ...]


@dataclass(eq=False)  # one card each, told apart by identity: two of a code compared their numpy centres (rev19 R0)
class _Track:
    code: str
    center: np.ndarray
    first: int
    last: int
    hits: int = 1
    streak: int = 1
    #: OnceOnlyTracker.reads when it was last read (see :attr:`streak`).
    read: int = 0
    reported: bool = False
    confidence: float = 0.0
    velocity: np.ndarray = field(default_factory=lambda: np.zeros(2))
    #: First seen in one of the first frames after the camera (re)started (see OnceOnlyTracker.update).
    at_start: bool = False
    #: First seen in the very first frames read then.
    at_opening: bool = False
    #: First seen where a card reported unread lay (see NewCard.after_unread).
    after_unread: bool = False
    #: A card forgotten at this place (it may lie under a hand): this one is it if it lies still there
    #: (see OnceOnlyTracker._ghost_or_new), and where it was first seen.
    ghost: Optional["_Track"] = None
    origin: Optional[np.ndarray] = None
    #: Its quad when last seen, and the frames in a row since that showed its spot bare, the first of them
    #: ``bare_from`` (see OnceOnlyTracker._gone_from_view).
    corners: tuple[tuple[float, float], ...] = ()
    bare: int = 0
    bare_from: int = -1
    #: Its spot, in the frame, was not bare when last looked at (a hand or another card on it): a ghost is
    #: kept in mind while so (see OnceOnlyTracker._expire).
    covered: bool = False
    #: The last frame an unsure read showed it lying where it lay (see OnceOnlyTracker._still_there).
    kept: int = -1
    #: OnceOnlyTracker.layout when it was last seen.
    layout: int = 0
    #: Taken for a forgotten card of its code after frames with no card at all (see OnceOnlyTracker._ghost_or_new).
    put_back: bool = False
    #: The colour of the table round it, first seen of one colour once it lay still there (see
    #: :meth:`.bare_spot.TableView.ground`): its spot is bare when of that colour too.
    ground: Optional[np.ndarray] = None
    #: Where it last lay still (centre, outline, the table's colour round it; see OnceOnlyTracker._moved_off), and
    #: whether its move off that spot was reported since.
    rest: Optional[tuple] = None
    moved_off: bool = False
    #: Where it came to a halt and the frame it did (see :data:`AT_REST`), and where and since when it lies within
    #: half :data:`STILL` of one spot (see :data:`SETTLED`).
    halt: Optional[tuple] = None
    settle: Optional[tuple] = None
    #: Seen moving off :attr:`rest`, its move not told yet: it is told once it settles (see :data:`SETTLED`).
    leaving: bool = False
    #: The frame it was first seen more than :data:`PILE_MOVED` off where it was first seen (see
    #: OnceOnlyTracker._pile_taken_apart).
    left_origin: int = -1


@dataclass(frozen=True)
class _Taken:
    """A card reported and then taken away (see OnceOnlyTracker._gone_from_view): its code, where it lay, the
    last frame it was seen in, and the most reported cards seen in one frame since a frame with none then."""

    code: str
    where: np.ndarray
    last: int
    layout: int


@dataclass(eq=False)
class _Unknown:
    center: np.ndarray
    first: int
    last: int
    seen: int
    candidates: tuple[Card, ...]
    reported: bool = False
    #: The table's counted card it was taken as (see OnceOnlyTracker._unknowns), if any.
    counted: Optional[str] = None
    #: Seen unread long enough to be reported, and held until it is gone (see OnceOnlyTracker.unread_when_gone).
    due: bool = False
    #: Sightings in a row lying still with no index found, and the frame the first of them showed it (see
    #: :data:`UNREAD_AT_REST`).
    still: int = 0
    still_since: int = -1
    #: Where it lay when the first of them showed it: a card creeping into its place moves less than
    #: :data:`STILL` a sighting, not since then (rev17 F5: it had been asked for as it crept).
    still_at: Optional[np.ndarray] = None
    #: Its outline when last seen, and the frames in a row since that showed its spot bare (see
    #: OnceOnlyTracker._unknowns), the first of them ``bare_from``: a card asked for is kept in mind until then.
    corners: tuple[tuple[float, float], ...] = ()
    bare: int = 0
    bare_from: int = -1
    #: Its spot, in the frame, was not bare when last looked at (a hand on it): kept in mind while so.
    covered: bool = False
    #: Its UnreadCard was given: the croupier was asked for it.  One taken for the table's own at a camera
    #: (re)start is ``reported`` unasked, and a card read where it lay is no read of a card asked for (QA F13).
    asked: bool = False
    #: Seen whole with no index at a table's camera (re)start: maybe the table's own, held unasked until the
    #: opening frames are over, then the table's (``theirs``) or asked for (see OnceOnlyTracker._claim_theirs).
    maybe_theirs: bool = False
    theirs: bool = False
    #: The colour of the table round it, as a track's (see :attr:`_Track.ground`).
    ground: Optional[np.ndarray] = None


#: Least share of a card a reported card dealt onto it later must cover for the two to be a pile (see
#: OnceOnlyTracker._under_pile): a blackjack hand's next card fanned a fifth of a card down covers some 0.8 of it, a
#: split's second pile dealt beside it less than half.
PILE_COVER = 0.5
#: How much (a share of its size) a reported card's outline is grown when an unsure read's outline is looked for
#: wholly within it (see OnceOnlyTracker._within_read): outlines are good to a few pixels.
WITHIN_SLACK = 0.04
#: Most an unsure read's outline within a reported card may cover of that card's (see
#: OnceOnlyTracker._within_read): a card stacked on it covers it whole, and is one to ask for.
SMALLER = 0.8
#: Least share of an unsure read's outline (smaller than a card) on a card seen unread that went from view as it
#: came for it to be that card's uncovered part (see OnceOnlyTracker._within_read).
ON_UNREAD = 0.4
#: Least share of the far half of an unsure read's outline lying crosswise on a card read that the frame's cards read
#: must leave uncovered for that part alone to tell whether it shows paper of its own (see
#: OnceOnlyTracker._felt_beyond): less is too little to judge by.
OWN_PART = 0.25
#: The latest frames that read a card whose felt colour the table's is taken from (the commonest of them, see
#: OnceOnlyTracker.update): a second at 30 fps.
FELT_FRAMES = 30


def _height(corners: np.ndarray) -> float:
    """The longer side of a card's outline: its height as the camera shows it.  A fan's offset is a share of the
    cards as seen; measured against the profile's set-up size, a card dealt 26 px down onto a 208 px card (cards
    shown smaller than in the set-up shots) lay "on" the one under it, and a top card never read was never asked
    for (qaAO F2)."""
    sides = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)
    return float(sides.max())


def _to_segment(point: np.ndarray, start: np.ndarray, end: np.ndarray) -> float:
    """Distance from ``point`` to the segment from ``start`` to ``end``."""
    way = end - start
    length = float(way @ way)
    t = 0.0 if length == 0 else min(max(float((point - start) @ way) / length, 0.0), 1.0)
    return float(np.linalg.norm(point - (start + t * way)))


def _area(quad: np.ndarray) -> float:
    """Area of a quad (corners in either turning order)."""
    x, y = quad[:, 0], quad[:, 1]
    return 0.5 * abs(float(x @ np.roll(y, -1) - y @ np.roll(x, -1)))


def _inside(quad: np.ndarray, point: np.ndarray) -> bool:
    """Whether ``point`` lies inside the convex ``quad`` (corners in either turning order)."""
    edges, to = np.roll(quad, -1, axis=0) - quad, point - quad
    turns = edges[:, 0] * to[:, 1] - edges[:, 1] * to[:, 0]
    return bool((turns > 0).all() or (turns < 0).all())


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex quads share."""
    return float(cv2.intersectConvexConvex(np.float32(a), np.float32(b))[0])


def _corners(corners) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in corners)


def _ground(view, corners, known: Optional[np.ndarray], still: bool) -> Optional[np.ndarray]:
    """The colour round a card at ``corners`` as kept (see :attr:`_Track.ground`): ``known`` while it lies still
    (a hand reaching for it later is no table), looked for while unknown, forgotten once it moves."""
    if not still:
        return None
    if known is not None or view is None or len(corners) != 4:
        return known
    return view.ground(corners)


def _paper_left(view, old, new=None, others=()) -> float:
    """The share of paper (see :mod:`.bare_spot`) among the points of quad ``old`` (frame pixels) that quad
    ``new`` (if any) leaves uncovered, and none of the quads ``others`` covers (cards read there: their own
    paper); 0.0 when it leaves none in the frame."""
    quad = np.asarray(old, np.float64)
    u = (np.arange(LEFT_GRID) + 0.5) / LEFT_GRID
    top = quad[0] + np.outer(u, quad[1] - quad[0])
    bottom = quad[3] + np.outer(u, quad[2] - quad[3])
    grid = (top[None] + (bottom - top)[None] * u[:, None, None]).reshape(-1, 2)
    covering = [np.asarray(q, np.float64) for q in ([] if new is None else [new]) + list(others)]
    points = [p for p in grid if not any(_inside(q, p) for q in covering)]
    h, w = view.paper.shape[:2]
    spots = [(x, y) for x, y in (np.round(np.asarray(points) * view.scale).astype(int) if points else [])
             if 0 <= x < w and 0 <= y < h]
    return sum(bool(view.paper[y, x]) for x, y in spots) / len(spots) if spots else 0.0


def _in_frame(view, corners) -> bool:
    """Whether the centre of a card's quad (in the frame's pixels) lies in the frame ``view`` was made of: a
    spot off the frame is never seen bare, nor covered."""
    x, y = np.asarray(corners, np.float64).mean(axis=0) * view.scale
    h, w = view.paper.shape[:2]
    return bool(0 <= x < w and 0 <= y < h)


class OnceOnlyTracker:
    """Feeds on :class:`FrameResult` values in frame order; returns the events each frame causes.

    ``card_h`` is the card height in pixels (distances scale with it);
    ``confirm`` the number of frames read in a row that must agree;
    ``forget`` how many seconds an unseen card is remembered (it may be under
    a hand) unless its spot is seen bare before; a forgotten card read again
    on the same spot is not new.
    """

    def __init__(self, card_h: float, confirm: int = 2, forget: float = 5.0, unread_after: int = 20) -> None:
        self.card_h = card_h
        self.confirm = confirm
        self.forget = forget
        self.unread_after = unread_after
        self.tracks: list[_Track] = []
        self.ghosts: list[_Track] = []
        self.unknown: list[_Unknown] = []
        #: Cards reported and then taken away (their spot seen bare), for a card put back (see :meth:`_confirmed`).
        self.taken: list[_Taken] = []
        #: The most reported cards seen in one frame since the last frame with no card in it, and that frame.
        self.layout = 0
        self.emptied = -1
        #: The last frame that showed the table with no card in it at all, every remembered card's spot bare (see
        #: :meth:`_ghost_or_new`).
        self.nothing = -1
        #: The unsure reads of the last frame fed that are a read card's phantom (see :meth:`_crosswise_on`): no
        #: card, so neither asked for nor weighed as an unsure read of the profile (see :meth:`weighed`).
        self.phantoms: list = []
        #: Codes of the cards the table already counted that may lie in view when the camera starts
        #: (see :meth:`update`'s ``opening``), each taken by one card lying there then.
        self.counted: Counter[str] = Counter()
        #: Codes of cards that may still lie in view though the table is done with them (the last
        #: round's, the burn's): each taken, as :attr:`counted` are, by one card seen at the start.
        self.lingering: Counter[str] = Counter()
        #: Codes of :attr:`counted` that came into view after the start (an UnplacedCard ``maybe_counted``), and
        #: how many had when the claims of :meth:`_claim_theirs` were last judged.
        self.came: Counter[str] = Counter()
        self._came_judged = 0
        #: Whether a card first seen at the start that is not one of :attr:`counted` is an
        #: :class:`UnplacedCard` (the camera came back mid-round: the cards dealt meanwhile lie
        #: there in no known order) rather than a new card.
        self.ask_at_start = False
        #: The codes of the cards the table holds now, for a table's camera (see :meth:`_trim_counted`):
        #: a card of one of :attr:`counted` not in view at the start is asked for while the table still
        #: holds it.
        self.on_layout: Optional[Callable[[], Sequence[str]]] = None
        #: Whether every card of the last frame fed is reported and none was uncertain: a frame
        #: showing the same need not be read (see :mod:`.still_scene`).
        self.settled = False
        #: Whether a card seen unread for ``unread_after`` frames is reported (an UnreadCard) only once it
        #: is gone (unseen :data:`UNREAD_GONE` seconds) or the source ends (:meth:`finish`), never if it is
        #: read for sure meanwhile: each card then gets one event, as ``watch --unreadable`` prints one line
        #: per card.  Otherwise it is reported at once, as the table asks the croupier for it; a card read
        #: for sure after that also gets its NewCard.
        self.unread_when_gone = False
        #: Frames fed so far: a card read in two frames fed in a row is read alike twice in a row, whatever frame
        #: numbers the camera gave them (a live camera's frames are dropped while one is read, see
        #: :class:`.capture.FrameGrabber`: counted by number, no card was ever confirmed once a read took
        #: longer than the camera's frame interval, rev17 F1).
        self.reads = 0
        #: The time (seconds) of each frame fed lately (see :meth:`_since`), by number, in the order fed, and
        #: of the one fed now.
        self._clock: dict[int, float] = {}
        self.now = 0.0
        self.frame = -1
        #: Seconds of frames that told nothing (see :meth:`unseen`), taken off every frame's time since, and the
        #: time of the frame fed last.
        self._blind = 0.0
        self._seen_t = 0.0
        #: The felt's colour in the latest frames that read a card, and the commonest of them (see :meth:`update`).
        self._felts: deque = deque(maxlen=FELT_FRAMES)
        self.felt: Optional[np.ndarray] = None
        #: The view of the frame fed now (see :mod:`.bare_spot`), if its read made one.
        self.view = None
        #: The view of the last opening frame fed (see :meth:`update`'s ``opening``): what lay in view as the camera
        #: (re)started, and the cards read in the frame fed now (see :meth:`_lay_since_opening`).
        self.opening_view = None
        self._reads: list = []
        #: The unsure reads of the last frame fed taken as cards the table counted (see :meth:`weighed`).
        self.counted_unsure: list = []
        #: Whether a reported card seen moving off the spot it lay still on is a :class:`MovedCard` (a zoned camera,
        #: whose card pushed into another box goes to that box's hand); otherwise a card moved in view is no event.
        self.report_moves = False

    def update(self, frame: int, result: FrameResult, starting: bool = False, opening: bool = False,
               t: Optional[float] = None) -> list:
        """The events ``result`` (of frame number ``frame``, taken at ``t`` seconds: by default
        ``frame`` / :data:`REFERENCE_FPS`) causes.

        ``opening``: the frame is one of the very first after the camera (re)started; ``starting``:
        one of the first second's.  A card first seen in an opening frame, lying still, whose code
        the table already counted (:attr:`counted`, then :attr:`lingering`, each code taken once)
        lay in view before: once read alike in enough frames it is that card (:class:`CountedCard`),
        not a new one, and is not played twice.  With :attr:`ask_at_start`, any other card seen
        then is an :class:`UnplacedCard`, and so is one of a code the table has first seen later in
        the first second (a hand lifted off the table's card, or a card just dealt: the croupier
        says which), or seen then moving (the table's card squared up).  Any other card is new.

        A frame that reads nothing and shows no table (hardly any of it the felt colour of the frames that read
        cards, see :meth:`.bare_spot.TableView.shows`: a hand over the lens, a cloth) tells nothing, as one too dark
        does (see :meth:`unseen`).
        """
        t = frame / REFERENCE_FPS if t is None else t
        if result.cards and result.view is not None:
            # The felt the most of the latest frames that read cards showed: one where the croupier's arm gathering
            # the round covered half the picture had made the empty table's frames after it "no table" (rev19 R7).
            self._felts.append(result.view.felt())
            self.felt = commonest(self._felts)
        elif not result.uncertain and result.view is not None and self.felt is not None and not result.view.shows(
                self.felt):
            self.view, self.phantoms, self.counted_unsure, self.settled = None, [], [], True
            self.unseen(frame, t)
            return []
        self.reads += 1
        self._tick(frame, t)
        self.view, self._reads, self.counted_unsure = result.view, list(result.cards), []
        if opening and result.view is not None:
            self.opening_view = result.view
        events: list = []
        self._trim_counted()
        self.taken = [t for t in self.taken if self._since(t.last) <= PUT_BACK]
        if not (result.cards or result.uncertain) and self._cleared(result.view):
            self.layout, self.emptied = 0, frame
            # A read with no view to look at shows no table; nor does one whose cards are merely hidden (an arm
            # passing over the layout a blink: a card squeezed through it was held as put back, rev19 R11).
            self.nothing = frame if result.view is not None else self.nothing
        hits = sorted(result.cards, key=lambda h: -h.confidence)
        held: list[_Track] = []
        confirmed: list[_Track] = []
        moves: list[MovedCard] = []
        taken: set[int] = set()
        pairs = []
        for i, hit in enumerate(hits):
            c = np.array(hit.center)
            for j, tr in enumerate(self.tracks):
                if tr.code != hit.card.code:
                    continue
                gap = self._since(tr.last) * REFERENCE_FPS  # in 1/30 s, as the velocity is
                if frame <= tr.last:
                    continue
                if gap <= 3:
                    d = float(np.linalg.norm(c - (tr.center + tr.velocity * gap)))
                    reach = 3.0 * self.card_h
                else:
                    # Unseen longer (a hand, a dark frame), a sliding card stopped somewhere on its way:
                    # its last speed kept for the whole gap had put it far past where it lies, and it was
                    # reported again (QA: the display played it twice).  Not past SLIDE_ON frames of it.
                    d = _to_segment(c, tr.center, tr.center + tr.velocity * min(gap, SLIDE_ON))
                    reach = 0.6 * self.card_h
                if d < reach and not self._left_covered(tr, hit, result):
                    pairs.append((d, i, j))
        pairs.sort()
        used_tracks: set[int] = set()
        for d, i, j in pairs:
            if i in taken or j in used_tracks:
                continue
            taken.add(i)
            used_tracks.add(j)
            tr, hit = self.tracks[j], hits[i]
            held.append(tr)
            c = np.array(hit.center)
            gap = self._since(tr.last)
            # In 1/30 s; frames of one instant (a time stamp repeated) are taken as 1/120 s apart.
            tr.velocity = (c - tr.center) / max(gap * REFERENCE_FPS, 0.25)
            tr.center = c
            if tr.left_origin < 0 and tr.origin is not None and np.linalg.norm(c - tr.origin) > PILE_MOVED * self.card_h:
                tr.left_origin = frame
            tr.streak = tr.streak + 1 if tr.read == self.reads - 1 else 1
            tr.read = self.reads
            tr.hits += 1
            tr.last = frame
            tr.corners, tr.bare = hit.corners, 0
            tr.ground = _ground(result.view, hit.corners, tr.ground, bool(np.hypot(*tr.velocity) < STILL * self.card_h))
            tr.confidence = max(tr.confidence, hit.confidence)
            if tr.halt is None or np.linalg.norm(c - tr.halt[0]) > STILL * self.card_h:
                tr.halt = (c, frame)
            if tr.settle is None or np.linalg.norm(c - tr.settle[0]) > STILL * self.card_h / 2:
                tr.settle = (c, frame)
            # Unmoved over a 30 fps frame's time at least: a 60 fps camera's frame sent twice shows a slide unmoved.
            still = bool(np.hypot(*tr.velocity) < STILL * self.card_h and gap >= SIGHTING)
            if tr.rest is None:
                if still and self._since(tr.halt[1]) >= AT_REST:
                    tr.rest = (c, hit.corners, tr.ground)
            elif still and self._since(tr.settle[1]) >= SETTLED:
                # Its move (if any) over: told, from the spot it left, and where it settled is its spot from now on.
                off = np.linalg.norm(c - tr.rest[0])
                if tr.leaving and off > ON_CARD * self.card_h:
                    moves.append(MovedCard(hit.card, frame, tr.confidence, tuple(c.tolist()),
                                           tuple(tr.rest[0].tolist())))
                if tr.leaving or tr.moved_off or not tr.reported or off <= STILL * self.card_h / 2:
                    tr.rest = (c, hit.corners, tr.ground)
                tr.moved_off, tr.leaving = False, False
            elif not tr.leaving:
                tr.leaving = self._moved_off(tr, hit, result)
            if tr.ghost is not None and not self._ghost_or_new(tr):
                continue
            if not tr.reported and tr.streak >= self.confirm:
                tr.reported = True
                events.append(self._confirmed(tr, hit.card, frame))
                confirmed.append(tr)
        for i, hit in enumerate(hits):
            if i in taken:
                continue
            c = np.array(hit.center)
            tr = _Track(hit.card.code, c, frame, frame, confidence=hit.confidence, at_start=starting,
                        at_opening=opening, ghost=self._revive(hit, result), origin=c, corners=hit.corners,
                        read=self.reads, ground=_ground(result.view, hit.corners, None, True))
            if tr.ghost is not None:
                self.tracks.append(tr)
                held.append(tr)
                continue
            if any(k.counted == hit.card.code and np.linalg.norm(k.center - c) < 0.5 * self.card_h
                   for k in self.unknown):
                tr.reported = True  # the table's card, unsure at the start, now read: not a new one
            # One of the unread card's candidates read where it lay: most likely that card, now read.  A card of
            # another code there is one dealt onto it (a blackjack hand's cards lie a fifth of a card apart).
            tr.after_unread = any(k.asked and k.counted is None
                                  and (np.linalg.norm(k.center - c) < 0.5 * self.card_h and hit.card in k.candidates
                                       if k.candidates else self._on(k.corners, k.center, tr)) for k in self.unknown)
            if self.confirm <= 1:
                tr.reported = True
                events.append(self._confirmed(tr, hit.card, frame))
                confirmed.append(tr)
            self.tracks.append(tr)
            held.append(tr)
        self.phantoms = [u for u in result.uncertain if self._crosswise_on(u, frame)]
        self.settled = len(self.phantoms) == len(result.uncertain) and all(tr.reported for tr in held)
        self.layout = max(self.layout, sum(tr.reported for tr in held))
        for tr in held:
            tr.layout = self.layout
        moves += self._left_unsettled(frame, held)
        self._gone_from_view(result, held)
        self._slid_away(frame, result, held)
        asked = self._unknowns(frame, result, opening, starting)
        events = [replace(e, put_back=True) if isinstance(e, NewCard) and not e.put_back and self._moved(tr) else e
                  for tr, e in zip(confirmed, events)]  # events: one per track confirmed
        new = [tr for tr, e in zip(confirmed, events) if isinstance(e, NewCard)]  # events: one per track confirmed
        asked += self._ahead(frame, new)
        # A card asked for lay unread before any card confirmed this frame: the croupier types it first.
        return asked + events + moves + self._expire(frame)

    def unseen(self, frame: int, t: float) -> None:
        """Frame ``frame``, taken at ``t`` seconds, told nothing of the table (too dark to show a card, the lens
        covered): its time is not counted in any measure of time here, so the cards lying there are kept in
        mind however long the view is gone (rev17 F8's 20 s, as long as a card unseen is remembered, had
        forgotten them all, and the same layout seen again was played a second time).  A card taken away
        meanwhile is found out once its spot is seen bare."""
        if self._clock:
            self._blind += max(t - self._seen_t, 0.0)
        self._seen_t = t

    def _confirmed(self, tr: "_Track", card: Card, frame: int):
        """The event of a track read alike in enough frames (see :meth:`update`'s ``starting``)."""
        at = tuple(tr.center.tolist())
        # A card lying there is still; one dealt as the camera starts slides in (QA: a 9♦ dealt in the
        # first second had taken the code of the last round's 9♦ and been lost).
        lying = tr.at_opening and bool(np.hypot(*tr.velocity) < STILL * self.card_h)
        if lying and self.counted[card.code] > 0:
            self.counted[card.code] -= 1
            return CountedCard(card, frame, at)
        claimed = next((k for k in self.unknown if lying and k.counted == card.code), None)
        if claimed is not None:
            # An unsure card had taken the code first: this one, read for sure, is the table's, and
            # the unsure one is asked for as any never-read card is.
            claimed.counted, claimed.reported, claimed.seen = None, False, 1
            return CountedCard(card, frame, at)
        if lying and self.lingering[card.code] > 0:
            self.lingering[card.code] -= 1
            return CountedCard(card, frame, at)
        # One of a code the table holds seen at once but moving is maybe its own too (below; rev17 F14: the croupier
        # squaring the table's 9♠ as the camera came back: a card the table does not have, typed in, played twice).
        if tr.at_opening and self.ask_at_start and self.counted[card.code] <= 0:
            return UnplacedCard(card, frame, at)
        if (tr.at_start and self.lingering[card.code] > 0
                or self.counted[card.code] > 0 and (tr.at_start or self.on_layout is not None)):
            if self.counted[card.code] > 0 and (self._lay_since_opening(tr) or self._pile_taken_apart(tr)):
                self.counted[card.code] -= 1
                return CountedCard(card, frame, at)
            # Not in view at once, yet of a code the table has: its own card, a hand just lifted off
            # it (however long it lay there), or one just dealt.  Which, the croupier says.
            self.came[card.code] += 1
            return UnplacedCard(card, frame, at, maybe_counted=True)
        twin = any(t is not tr and t.reported and t.code == tr.code and abs(self._since(t.first, tr.first)) <= TWIN
                   and np.linalg.norm(t.center - tr.center) < TWIN_REACH * self.card_h for t in self.tracks)
        # A frame with no card in it, the spots of the cards remembered there bare, since one of several lying
        # there was last seen: the layout was cleared (a round's end), and no card of it is put back.  A lone card
        # lifted leaves no card in view too, and is put back as any other (fixC5: a 9♠ lying alone, lifted four
        # frames, was played twice).
        put_back = any(t.code == tr.code and 0 < tr.first - t.last and self._since(t.last, tr.first) <= PUT_BACK
                       and np.linalg.norm(t.where - tr.origin) < PUT_BACK_REACH * self.card_h
                       and (t.layout <= 1 or self.emptied < t.last) for t in self.taken)
        return NewCard(card, frame, tr.confidence, at, after_unread=tr.after_unread, twin=twin,
                       put_back=put_back or tr.put_back)

    def _lay_since_opening(self, tr: _Track) -> bool:
        """Whether the card of ``tr``, first read after the camera's opening frames, lay there unread as it
        (re)started: lying still, the part of its spot the other cards read now leave uncovered looks as it did in
        the last opening frame (see :meth:`.bare_spot.TableView.same_as`).  A blackjack hand's first card under
        the cards dealt onto it, unread at a restart and read later as the pile grew, is the table's own: it had
        been asked for as a card maybe just dealt, and the next card read held behind it (qaAL F3).  A card dealt
        since shows its face where the felt or another card's was; one a hand lay on then, or squared up since,
        is still asked about."""
        if (self.opening_view is None or self.view is None or len(tr.corners) != 4
                or np.hypot(*tr.velocity) >= STILL * self.card_h):
            return False
        covering = [h.corners for h in self._reads if len(h.corners) == 4
                    and np.linalg.norm(np.array(h.center) - tr.center) > ON_CARD * self.card_h]
        return self.view.same_as(self.opening_view, tr.corners, covering)

    def _pile_taken_apart(self, tr: _Track) -> bool:
        """Whether the card of ``tr``, first read after the camera's opening frames, came out from under a pile the
        opening frames read: a card read then lay within :data:`PILE_REACH` of where it is first seen, and moved
        off within :data:`PILE_PARTED` of that (a blackjack pair split after a restart: the first card's index lay
        under the second, and the slide that parts them moves both).  It is the table's own card, unread under the
        other: it had been asked for as a card maybe just dealt, the split card held behind it (qaAO F3).  A card
        dealt onto a pile that stays where it lay, or onto a split's pile later, is still asked about."""
        for t in self.tracks + self.ghosts:
            if (t is tr or not t.at_opening or not t.reported or t.origin is None or t.left_origin < 0
                    or np.linalg.norm(tr.origin - t.origin) >= PILE_REACH * self.card_h):
                continue
            if abs(self._since(t.left_origin, tr.first)) <= PILE_PARTED:
                return True
        return False

    def _cleared(self, view) -> bool:
        """Whether a frame that reads no card shows the layout cleared: every card remembered lying still in
        view shows its spot bare (with no view to look at, the frame's reading nothing tells).  One frame that
        reads nothing while a card's paper still shows (a camera bumped, a hand's motion blur) cleared nothing,
        and had taken the put-back memory away: a 9♠ lifted a second and put back was played twice (rev17 F3b)."""
        if view is None:
            return True
        return all(view.bare(tr.corners, tr.ground) for tr in self.tracks + self.ghosts
                   if tr.reported and len(tr.corners) == 4 and np.hypot(*tr.velocity) < STILL * self.card_h
                   and _in_frame(view, tr.corners))

    def _left_covered(self, tr: _Track, hit, result: FrameResult) -> bool:
        """Whether the read ``hit`` is another card than ``tr``'s though of its code: ``tr``, reported, lay still
        when last seen, the read lies farther from it than a card's reads move (:data:`SAME_SPOT` of the card as the
        camera shows it: a 10♥ fanned 26 px onto a 208 px 10♥ at 2 decks read 23 px off it, within the profile's
        :data:`ON_CARD`, and was taken for the first and silently lost), and the part of its spot the read's outline leaves uncovered shows paper (see :data:`PAPER_LEFT`): a blackjack pair's
        second card fanned on the first, whose read the recognizer gave for both, had been taken for the first
        moved, and was lost (rev17 F6).  That read is a card of its own, held as moved (see :meth:`_moved`) if
        the first is not read meanwhile.  A card moved (squared up, pushed, put back a sixth of a card off after
        a squeeze) leaves felt or the hand there, not paper: its spot merely "not bare", the card's own paper on
        it, had made it a second card and played it twice (rev18 G1, G2).  Lying still is known of a card seen over
        a 30 fps frame at least: a 60 fps camera sending each frame twice showed a card first read as it slid
        unmoved in its first two frames, and its next step was another card."""
        view = result.view
        return bool(view is not None and tr.reported and len(tr.corners) == 4 and len(hit.corners) == 4
                    and np.hypot(*tr.velocity) < STILL * self.card_h and self._since(tr.first, tr.last) >= SIGHTING
                    and np.linalg.norm(np.array(hit.center) - tr.center)
                    > SAME_SPOT * min(self.card_h, _height(np.asarray(tr.corners, np.float64)))
                    and _paper_left(view, tr.corners, hit.corners,
                                    [h.corners for h in result.cards if h is not hit and len(h.corners) == 4])
                    >= PAPER_LEFT)

    def _moved(self, tr: _Track) -> bool:
        """Whether a reported card of ``tr``'s code, lying still when last seen, vanished within :data:`MOVED`
        seconds before ``tr`` was first seen and is still remembered (its spot not seen bare :data:`BARE_FRAMES`
        frames): most likely that card moved under the croupier's hand, however far (rev17 F10: a split's
        second card, moved a card's width off a spot that still shows the first card's paper, was played
        twice; F10b: the hand gathering a 9♠ onto the K♦ at a round's end).  Longer while its spot shows it covered
        (a hand or another card on it), as long as it is remembered (``forget`` seconds): a split's hand resting on
        the pair three seconds had the second card played twice (rev18 G7).  Held as put back: an 8-deck
        shoe's second copy may have been dealt while the first lay hidden.  One seen since is another.  A card
        covered longer than that, forgotten (a ghost) while its spot showed it covered till that card came (its
        spot seen bare only since: the card set back off it), is held so when read within a card of it: a squeeze of
        5 s and more set back half a card off was played twice (rev19 R9).

        A card lying in a pile, its paper still showing beside the card dealt onto it (see :meth:`_lies_in_pile`),
        has not moved, forgotten or not: at 2 decks and 7 seats, seat 3's 7♦ covered by its second card and the other
        deck's 7♦ dealt to seat 7 seconds later was held as put back, in 3 rounds of 4 (qaAO's note); a box is less
        than a card's height from the next at 208 px."""
        return any(t is not tr and t.reported and t.code == tr.code and 0 < tr.first - t.last
                   and (self._since(t.last, tr.first) <= MOVED or t.covered)
                   and np.hypot(*t.velocity) < STILL * self.card_h and not self._lies_in_pile(t)
                   and not self._fanned_on(t, tr) for t in self.tracks) or any(
            g.code == tr.code and (g.covered or g.bare and g.bare_from >= tr.first) and g.last < tr.first
            and np.hypot(*g.velocity) < STILL * self.card_h
            and np.linalg.norm(g.center - tr.origin) < GHOST_MOVED * self.card_h and not self._lies_in_pile(g)
            for g in self.ghosts)

    def _fanned_on(self, t: _Track, tr: _Track) -> bool:
        """Whether ``tr``, of ``t``'s code, lies off ``t``'s spot (:data:`SAME_SPOT`) while the part of that spot its
        outline and the other reads leave uncovered shows paper (:data:`PAPER_LEFT`): ``t`` still lies there, and
        ``tr`` is a second copy fanned onto it, a blackjack pair at 2 decks, not ``t`` moved (qaAR F3: held as put
        back, 5 of 5, and Del dropped a real card)."""
        if self.view is None or len(t.corners) != 4 or len(tr.corners) != 4 or not _in_frame(self.view, t.corners):
            return False
        covering = [h.corners for h in self._reads if len(h.corners) == 4 and h.card.code != t.code]
        return bool(np.linalg.norm(tr.center - t.center)
                    > SAME_SPOT * min(self.card_h, _height(np.asarray(t.corners, np.float64)))
                    and _paper_left(self.view, t.corners, tr.corners, covering) >= PAPER_LEFT)

    def _lies_in_pile(self, t: _Track) -> bool:
        """Whether the card of ``t``, unseen now, lies under a card dealt onto it (see :meth:`_under_pile`) whose read
        and the frame's other reads leave a part of its spot showing paper (:data:`PAPER_LEFT`): its own edge beside
        the top card (a blackjack hand's fan leaves a fifth of it), so it is still there.  A card moved off leaves felt
        there, and one under a hand skin: both are held as moved, as before."""
        if self.view is None or not self._under_pile(t):
            return False
        covering = [h.corners for h in self._reads if len(h.corners) == 4 and h.card.code != t.code]
        return _in_frame(self.view, t.corners) and _paper_left(self.view, t.corners, None, covering) >= PAPER_LEFT

    def _moved_off(self, tr: _Track, hit, result: FrameResult) -> bool:
        """Whether the read ``hit`` shows the reported card of ``tr`` moved off the spot it last lay still on, its
        move not reported yet (see :attr:`report_moves`): the part of that spot the cards read now leave uncovered
        (not counting those of its code) shows bare table, no paper (see :meth:`.bare_spot.TableView.bare_left`).
        Followed there from frame to frame, it is that card, not another of its code: a second copy is dealt while
        the first lies there, its paper showing (or under a hand, no bare table), and its read makes a track of its
        own (see :meth:`_left_covered`).  Told once a move, until it lies still again."""
        view = result.view
        if (not self.report_moves or not tr.reported or tr.rest is None or tr.moved_off or view is None
                or len(tr.rest[1]) != 4 or len(hit.corners) != 4
                or np.linalg.norm(tr.center - tr.rest[0]) <= ON_CARD * self.card_h):
            return False
        covering = [h.corners for h in result.cards if h is hit or h.card.code != tr.code]
        return bool(view.bare_left(tr.rest[1], covering, tr.rest[2]))

    def _left_unsettled(self, frame: int, held: list[_Track]) -> list:
        """The MovedCards of cards seen moving off their spot (see :meth:`_moved_off`) that went from view before they
        settled (see :data:`SETTLED`), unseen :data:`RECENT` seconds (a hand left on the card after the push, or one
        taking it away): told from where each was last seen, so that the camera's zones wait for it to show up where
        it rests, and never keep it silently in the box it left.  Its move told, it is not told again until it
        lies at rest (:attr:`_Track.moved_off`)."""
        seen = {id(tr) for tr in held}
        moves = []
        for tr in self.tracks:
            if tr.leaving and id(tr) not in seen and self._since(tr.last) >= RECENT:
                moves.append(MovedCard(Card.parse(tr.code), frame, tr.confidence, tuple(tr.center.tolist()),
                                       tuple(tr.rest[0].tolist())))
                tr.leaving, tr.moved_off = False, True
        return moves

    def _trim_counted(self) -> None:
        """Keep of :attr:`counted` only what the table still holds: once its round is cleared, a card of
        such a code is another, dealt later (QA: a later round's second 3♣ was asked for as the swept
        round's 3♣, which the camera never saw)."""
        if self.on_layout is None or not +self.counted:
            return
        held = Counter(self.on_layout())
        for code, left in self.counted.items():
            self.counted[code] = min(left, held[code])

    def _spare(self, code: str) -> int:
        """Counted copies of ``code`` left once the cards seen at the start and not yet confirmed take
        theirs: a card read for sure is the table's before an unsure one that may be it."""
        waiting = sum(1 for t in self.tracks if t.at_opening and not t.reported and t.code == code)
        return self.counted[code] - waiting

    def _ghost_or_new(self, tr: _Track) -> bool:
        """Whether a card seen where one of its code was forgotten is to be judged as any new card: it
        moved (dealt there, sliding in: the old card is gone), so it is new; it lay still for the frames
        that confirm a card and two more (a hand lifted off it), so it is the forgotten card, reported
        already.  Every card seen at a place its code lay was the old one (QA: the next round's card of
        the last round's code in the same place was never reported)."""
        if np.linalg.norm(tr.center - tr.origin) > STILL * self.card_h:
            tr.ghost = None
            return True
        if tr.streak >= self.confirm + 2:
            if self.nothing > tr.ghost.last:
                # The table showed no card at all since it was last seen, every remembered spot bare: the layout
                # cleared and the next round's card of its code dealt there (rev18 G6: half a shift's cards on a
                # printed card box were silently lost).  Held as put back.
                tr.ghost, tr.put_back = None, True
                return True
            tr.ghost, tr.reported = None, True
        return False

    def _gone_from_view(self, result: FrameResult, held: list[_Track]) -> None:
        """Forget at once a remembered card (reported, unseen, lying still when last seen; or a ghost) whose
        spot the frame shows as bare table :data:`BARE_FRAMES` frames in a row: it was taken away, not
        covered, and a card of its code dealt there later is a new one (QA: a same-code card dealt on the
        spot within ``forget`` seconds was taken for it and never reported).  A sliding card's last spot
        is left bare by its own slide, so a card last seen moving is kept as before."""
        view = result.view
        if view is None:
            return
        seen = {id(tr) for tr in held}
        for tr in self.tracks + self.ghosts:
            if (id(tr) in seen or not tr.reported or not tr.corners
                    or np.hypot(*tr.velocity) >= STILL * self.card_h):
                continue
            self._look(tr, view.bare(tr.corners, tr.ground))
            tr.covered = tr.bare == 0 and _in_frame(view, tr.corners)
            if self._gone(tr):
                self.taken.append(_Taken(tr.code, tr.center.copy(), tr.last, tr.layout))
        self.tracks = [tr for tr in self.tracks if not self._gone(tr)]
        self.ghosts = [g for g in self.ghosts if not self._gone(g)]

    def _look(self, item, bare: bool) -> None:
        """Count one more look at the spot of ``item`` (a track or an unread card) that showed it ``bare``."""
        if not bare:
            item.bare = 0
            return
        item.bare += 1
        if item.bare == 1:
            item.bare_from = self.frame

    def _gone(self, item) -> bool:
        """Whether the spot of ``item`` was seen bare :data:`BARE_FRAMES` frames in a row over :data:`BARE_FOR`
        seconds: the card was taken away."""
        return item.bare >= BARE_FRAMES and self._since(item.bare_from) >= BARE_FOR

    def _slid_away(self, frame: int, result: FrameResult, held: list[_Track]) -> None:
        """Forget a remembered card last seen moving, unseen :data:`SLID_AWAY` seconds, whose way (its last spot
        and :data:`SLIDE_ON` frames of its last speed on, as far as the frame shows) is bare table
        :data:`BARE_FRAMES` frames in a row: it left the view (slid off, gathered), and a card of its code dealt
        on its way later is a new one (rev17 F16: a 9♠ slid away at a round's end took the next round's 9♠
        dealt on its line two seconds later, never reported).  A card hidden as it slides lies on its way
        under a hand (skin) or another card (paper), which is no bare table."""
        view = result.view
        if view is None:
            return
        seen = {id(tr) for tr in held}
        h, w = view.paper.shape[:2]
        for tr in self.tracks + self.ghosts:
            if (id(tr) in seen or not tr.reported or len(tr.corners) != 4 or self._since(tr.last) < SLID_AWAY
                    or np.hypot(*tr.velocity) < STILL * self.card_h):
                continue
            way = tr.velocity * SLIDE_ON
            steps = int(np.ceil(np.hypot(*way) / (0.25 * self.card_h)))
            spots = [np.asarray(tr.corners, np.float64) + way * k / steps for k in range(steps + 1)]
            # A spot off the frame tells nothing: the card may have slid off there, out of view.
            shown = [q for q in spots if 0 <= q.mean(axis=0)[0] * view.scale < w
                     and 0 <= q.mean(axis=0)[1] * view.scale < h]
            self._look(tr, bool(shown) and all(view.bare(q) for q in shown))
        self.tracks = [tr for tr in self.tracks if not self._gone(tr)]
        self.ghosts = [g for g in self.ghosts if not self._gone(g)]

    def _revive(self, hit, result: FrameResult) -> Optional[_Track]:
        """The forgotten card of the read ``hit``'s code whose spot it lies on, taken back to be judged (see
        :meth:`_ghost_or_new`).  Not one the read lies off of (:data:`SAME_SPOT`) while the part of that card's spot
        the frame's reads leave uncovered shows paper (:data:`PAPER_LEFT`): that card still lies there under a pile,
        and the read is another copy dealt onto the pile (qaAR F2: at 2 decks, seat 7's 8♦ covered by its second card
        some 25 s, forgotten, and the other deck's 8♦ hit onto the pile was taken for it, never reported)."""
        c, code = np.array(hit.center), hit.card.code
        for g in self.ghosts:
            if (g.code == code and np.linalg.norm(g.center - c) < 0.4 * self.card_h
                    and not self._beside_pile(g, hit, result)):
                self.ghosts.remove(g)
                g.bare = 0  # seen there: a card lies on its spot
                return g
        return None

    def _beside_pile(self, g: _Track, hit, result: FrameResult) -> bool:
        view = result.view
        return bool(view is not None and len(g.corners) == 4 and len(hit.corners) == 4
                    and np.linalg.norm(np.array(hit.center) - g.center)
                    > SAME_SPOT * min(self.card_h, _height(np.asarray(g.corners, np.float64)))
                    and _in_frame(view, g.corners)
                    and _paper_left(view, g.corners, hit.corners,
                                    [h.corners for h in result.cards if h is not hit and len(h.corners) == 4])
                    >= PAPER_LEFT)

    def _unknowns(self, frame: int, result: FrameResult, opening: bool = False, starting: bool = False) -> list:
        """Never-read cards; one in view when the camera (re)started that may be a card the table
        counted (one of its candidates) is taken as that card, not asked for again.

        A card seen whole with no index found (no candidates) is one once it lay still
        :data:`UNREAD_AT_REST` seconds, seen so in :data:`UNREAD_SIGHTINGS` frames read; at a table's
        camera (re)start it may be one the table counted whose index cannot be seen, and is not asked
        for while such a card is left unclaimed (see :meth:`_claim_theirs`).  One lying where a reported
        card lies is that card (see :meth:`_lies_there`), and one midway between two twins is the card
        they are (see :meth:`_between_twins`)."""
        events = []
        if not opening:
            self._claim_theirs()
        for u in result.uncertain:
            c = np.array(u.center)
            if (any(self._on(u.corners, c, t) and self._since(t.last) < RECENT for t in self.tracks)
                    or self._between_twins(c, frame) or any(u is p for p in self.phantoms)):
                continue
            if not any(self._seen_again(k, u, result.uncertain) for k in self.unknown) and (
                    self._still_there(u, frame) or not u.candidates and self._lies_there(u, frame)):
                continue
            for k in (k for k in self.unknown if self._seen_again(k, u, result.uncertain)):
                if np.linalg.norm(k.center - c) < 0.3 * self.card_h:
                    # STILL is in 1/30 s, and a sighting's at most (unseen between, it lay still or moved).
                    apart = min(max(self._since(k.last) * REFERENCE_FPS, 0.5), 1.0)
                    if (np.linalg.norm(k.center - c) >= STILL * self.card_h * apart
                            or k.still and np.linalg.norm(k.still_at - c) >= STILL * self.card_h):
                        k.still = 0
                    elif k.still == 0:
                        k.still, k.still_since, k.still_at = 1, k.last, k.center
                    else:
                        k.still += 1
                    k.center, k.last, k.seen = c, frame, k.seen + 1
                    k.corners, k.bare = u.corners, 0
                    k.ground = _ground(result.view, u.corners, k.ground, k.still > 0)
                    k.candidates = u.candidates or k.candidates
                    if k.counted is not None:
                        self.counted_unsure.append(u)
                    at_rest = k.still + 1 >= UNREAD_SIGHTINGS and self._since(k.still_since) >= UNREAD_AT_REST
                    # unread_after sightings, over as long as they take at 30 fps (a 60 fps camera sees it twice as
                    # often: a card read unsure while it slid in had been asked for before it stopped, rev17 F5).
                    seen_long = (k.seen >= self.unread_after
                                 and self._since(k.first) >= (self.unread_after - 1.5) / REFERENCE_FPS)
                    if not k.reported and (seen_long or at_rest):
                        events += self._ask(k, frame)
                    break
            else:
                counted = next((k.code for k in u.candidates if opening and self._spare(k.code) > 0), None)
                if counted is not None:
                    self.counted[counted] -= 1
                    self.counted_unsure.append(u)
                # Seen whole with no index at a table's camera (re)start: maybe the table's own card.
                theirs = not u.candidates and starting and bool(+self.counted or +self.lingering)
                self.unknown.append(_Unknown(c, frame, frame, 1, u.candidates,
                                             reported=counted is not None or theirs, counted=counted,
                                             corners=u.corners, maybe_theirs=theirs,
                                             ground=_ground(result.view, u.corners, None, True)))
                if theirs and not opening:
                    self._claim_theirs()
        view = result.view
        for k in self.unknown:
            # A card asked for is kept in mind while its spot is not seen bare (see _expire).
            if view is not None and k.reported and k.counted is None and k.corners and k.last != frame:
                self._look(k, view.bare(k.corners, k.ground))
                k.covered = k.bare == 0 and _in_frame(view, k.corners)
        return events

    def weighed(self, result: FrameResult) -> FrameResult:
        """``result``, the frame last fed, as the profile's fit weighs it (see :mod:`.profile_fit`): without the
        phantoms of read cards (see :attr:`phantoms`), each an unsure read of a frame showing a card read for
        sure; a Q♦ lying alone 50 frames raised CAMERA PROFILE? on them (49 of 99 reads unsure, fixC5).  Nor the
        unsure reads taken as the table's own cards at a camera's (re)start (see :attr:`counted_unsure`): a card
        lying under the cards dealt onto it, its index half hidden, reads unsure frame after frame; the camera
        watching the deal had weighed its sure reads first, and a restart mid-round with a full layout raised
        CAMERA PROFILE? on them alone (qaAL F3: 10% unsure, the picture unchanged)."""
        skip = self.phantoms + self.counted_unsure
        if not skip:
            return result
        return replace(result, uncertain=[u for u in result.uncertain if not any(u is p for p in skip)])

    def _claim_theirs(self) -> None:
        """Judge the cards seen whole with no index at a table's camera (re)start, once its opening frames are
        over: each is the table's own while a copy the table counted (or a lingering one) is left that no card
        read for sure there, nor one seen then and still to be confirmed, claimed; the rest are asked for as
        any card never read (QA rev16 F3: with the table's cards each read at once, a card dealt while the
        camera was away was taken for one of them, never asked for, and the next card read took its place).
        Judged again whenever a counted card comes into view later (a hand lifted off it): the copy a card
        taken for the table's stood for is then seen, and the last such card taken is asked for (rev17 F9: a
        card dealt while the camera was away was never asked for, even after the table's 9♠ showed up)."""
        pending = [k for k in self.unknown if k.maybe_theirs]
        came = sum(self.came.values())
        if not pending and came == self._came_judged:
            return
        self._came_judged = came
        waiting = Counter(t.code for t in self.tracks if t.at_opening and not t.reported)
        left = sum(max(self.counted[code] + self.lingering[code] - waiting[code] - self.came[code], 0)
                   for code in set(self.counted) | set(self.lingering))
        for k in sorted((k for k in self.unknown if k.maybe_theirs or k.theirs), key=lambda k: (not k.theirs, k.first)):
            k.maybe_theirs = False
            if left > 0:
                k.theirs, left = True, left - 1
            else:
                k.theirs, k.reported = False, False

    def _ask(self, k: _Unknown, frame: int) -> list:
        """The UnreadCard of ``k``, now known to be a card never read; none yet with :attr:`unread_when_gone`
        (it is held until gone, see :meth:`_expire`)."""
        if k.reported:
            return []
        k.due = True
        if self.unread_when_gone:
            return []
        k.reported = k.asked = True
        return [UnreadCard(k.candidates, frame, tuple(k.center.tolist()), _corners(k.corners))]

    def _ahead(self, frame: int, new: list[_Track]) -> list:
        """The UnreadCards of cards lying still unread, seen so in :data:`UNREAD_SIGHTINGS` frames read, that
        were in view before a card confirmed now (``new``) and lie away from it: the deal went on before they
        lay still :data:`UNREAD_AT_REST` seconds (a fast croupier), and the card confirmed now must not be
        played in their place (QA F4).  So is one seen lying still in fewer frames read (two) that the card
        confirmed now covers (its centre inside that card's outline, unseen this frame): it cannot have left,
        and had been dropped unasked once out of sight, the card on it played in its place (verC NEW-4: a live
        camera reads one frame in two or three, and a fast croupier's next card covered it first).  One such
        card read for sure later, once asked for, is its NewCard's ``after_unread``; held
        (:attr:`unread_when_gone`), it gets its NewCard only."""
        events: list = []
        for k in self.unknown:
            if k.reported or k.counted is not None or self._since(k.last) > UNREAD_AT_REST:
                continue
            # A card read over it that leaves no paper of it in sight is that card, pushed into its box and read (rev18
            # G5: it was asked for, and then played); one dealt onto it leaves its paper showing (see PAPER_LEFT).
            after = [tr for tr in new if k.first < tr.first and not self._on(k.corners, k.center, tr)
                     and not (self.view is not None and len(k.corners) == 4 and len(tr.corners) == 4
                              and _inside(np.asarray(tr.corners, np.float64), k.center)
                              and _paper_left(self.view, k.corners, tr.corners) < PAPER_LEFT)]
            # Lying still as long as so many sightings take at 30 fps: a 60 fps camera's frames (or one sending each
            # frame twice) show a sliding card unmoved between two, and it had been asked for (rev18: each card of
            # the shared videos converted to 60 fps was asked for as it was read).
            lay = self._since(k.still_since, k.last)
            covered = k.still >= 1 and lay >= SIGHTING and k.last < frame and any(
                len(tr.corners) == 4 and _inside(np.asarray(tr.corners, np.float64), k.center) for tr in after)
            if after and (k.still + 1 >= UNREAD_SIGHTINGS and lay >= (UNREAD_SIGHTINGS - 1) * SIGHTING or covered):
                events += self._ask(k, frame)
        return events

    def _between_twins(self, c: np.ndarray, frame: int) -> bool:
        """Whether an outline centred at ``c`` lies midway between two reads of one code seen in the last
        frames that came into view together (twins, see :attr:`NewCard.twin`): a mirrored camera reads a card
        at two outlines, one each side of its own, which is seen whole with its index found at neither
        (rev16 F4: the card read was asked for too)."""
        seen = [t for t in self.tracks if self._since(t.last) < RECENT]
        return any(a.code == b.code and abs(self._since(a.first, b.first)) <= TWIN
                   and np.linalg.norm(a.center - b.center) < TWIN_REACH * self.card_h
                   and np.linalg.norm((a.center + b.center) / 2 - c) < AT_UNREAD * self.card_h
                   for i, a in enumerate(seen) for b in seen[i + 1:])

    def _crosswise_on(self, u, frame: int) -> bool:
        """Whether the unsure read ``u`` is a phantom of a card read there: an outline lying crosswise to a
        reported card seen now, one short side (where its index would be) inside that card, every candidate
        of that card's suit, and its other half showing no paper: the index read is a piece of that card's own face
        (verC NEW-3: a Q♦ lying alone came with a landscape outline half over bare felt read as 4♦, and was
        asked for).  A card dealt onto another lies along it (a fan), and one dealt crosswise over it (a
        blackjack double) lies on felt nowhere there: its far half is its own paper, and it is a card to ask
        for whatever its index's suit (rev17 F4: a double card of the suit of the card under it, read unsure,
        was lost).  A frame with no view to look at keeps the rule without the paper."""
        if not u.candidates or len(u.corners) != 4:
            return False
        quad = np.asarray(u.corners, np.float64)
        sides = [quad[(i + 1) % 4] - quad[i] for i in range(4)]
        lengths = [float(np.hypot(*side)) for side in sides]
        first = 0 if lengths[0] + lengths[2] < lengths[1] + lengths[3] else 1
        for tr in self.tracks:
            if (not tr.reported or self._since(tr.last) >= RECENT or len(tr.corners) != 4
                    or any(k.suit != tr.code[-1] for k in u.candidates)):
                continue
            mine = np.asarray(tr.corners, np.float64)
            edges = [mine[(i + 1) % 4] - mine[i] for i in range(4)]
            long_side = max(edges[:2], key=lambda e: float(np.hypot(*e)))
            along = sides[(first + 1) % 4]
            if abs(float(along @ long_side)) / (np.hypot(*along) * np.hypot(*long_side) + 1e-9) >= 0.5:
                continue
            for short in (first, first + 2):  # either short side, whichever corner the outline starts at
                a, b, c, d = (quad[(short + i) % 4] for i in range(4))
                if not (_inside(mine, a) and _inside(mine, b)):
                    continue
                far_half = ((b + c) / 2, c, d, (d + a) / 2)
                # No paper there, whatever the table is printed with (rev18 G8: on a red card box, never "bare", the
                # Q♦'s phantom was asked for).
                if self.view is None or (_in_frame(self.view, far_half)
                                         and self._felt_beyond(far_half)):
                    return True
        return False

    def _felt_beyond(self, far_half) -> bool:
        """Whether ``far_half``, the far half of an unsure read's outline lying crosswise on a card read (see
        :meth:`_crosswise_on`), shows no paper of its own: little paper there at all, or, where the cards read now
        leave at least :data:`OWN_PART` of it uncovered, little paper in that part.  At 0.7 scale a corner found in a
        Q♦'s picture read as an unsure 4♦ with a landscape outline reaching over the felt between it and the 10♦ in
        the next box: the 10♦'s paper made it a card of its own, and a croupier asked for a 4♦ never dealt (qaAR F5).
        A card dealt crosswise over another shows its own paper beyond the cards it covers."""
        if _paper_left(self.view, far_half) < PAPER_LEFT:
            return True
        others = [h.corners for h in self._reads if len(h.corners) == 4]
        quad = np.asarray(far_half, np.float64)
        u = (np.arange(LEFT_GRID) + 0.5) / LEFT_GRID
        top, bottom = quad[0] + np.outer(u, quad[1] - quad[0]), quad[3] + np.outer(u, quad[2] - quad[3])
        grid = (top[None] + (bottom - top)[None] * u[:, None, None]).reshape(-1, 2)
        own = sum(not any(_inside(np.asarray(q, np.float64), p) for q in others) for p in grid)
        return own >= OWN_PART * len(grid) and _paper_left(self.view, far_half, None, others) < PAPER_LEFT

    def _lies_there(self, u, frame: int) -> bool:
        """Whether ``u``, a card seen whole with no index found, is a reported card still lying where it lay
        (blurred or glared in this frame): it is no card to ask for (see :data:`ON_CARD`)."""
        for tr in self.tracks + self.ghosts:
            if (tr.reported and np.hypot(*tr.velocity) < STILL * self.card_h
                    and self._on(u.corners, np.array(u.center), tr)):
                tr.kept = frame
                return True
        return False

    def _on(self, corners, c: np.ndarray, tr: _Track) -> bool:
        """Whether an outline (``corners``, centred at ``c``) lies where the card of ``tr`` lies: it is that
        card, not one dealt onto it (see :data:`ON_CARD`)."""
        if len(corners) != 4 or len(tr.corners) != 4:
            return bool(np.linalg.norm(tr.center - c) < AT_UNREAD * self.card_h)
        mine = np.asarray(tr.corners, np.float64)
        near = np.linalg.norm(np.asarray(corners, np.float64)[:, None] - mine[None], axis=2).min(axis=1)
        return bool(near.max() < ON_CARD * min(self.card_h, _height(mine)))

    def _seen_again(self, k: _Unknown, u, uncertain: Sequence) -> bool:
        """Whether the unsure read ``u`` (one of the frame's ``uncertain``) is the unread card ``k`` seen again:
        within 0.3 card heights of it, unless ``k`` lay still (or was asked for) and another unsure read of the
        frame lies on its outline while ``u``'s does not (see :data:`ON_CARD`): a card dealt onto it in a
        blackjack hand lies a fifth of a card off, and is another (rev17 F15: a second unreadable card dealt
        onto an unreadable one was taken as it, never asked for).  Alone, an outline off ``k``'s is ``k``
        still: a profile made for another deck's size fits one card's outline from either end, frame by frame."""
        if np.linalg.norm(k.center - np.array(u.center)) >= 0.3 * self.card_h:
            return False
        if not (k.still or k.reported) or len(k.corners) != 4:
            return True
        return self._on_unread(k, u) or not any(v is not u and self._on_unread(k, v) for v in uncertain)

    def _on_unread(self, k: _Unknown, u) -> bool:
        """Whether the outline of the unsure read ``u`` lies on that of the unread card ``k`` (see :data:`ON_CARD`)."""
        if len(u.corners) != 4:
            return False
        mine = np.asarray(k.corners, np.float64)
        near = np.linalg.norm(np.asarray(u.corners, np.float64)[:, None] - mine[None], axis=2).min(axis=1)
        return bool(near.max() < ON_CARD * self.card_h)

    def _still_there(self, u, frame: int) -> bool:
        """Whether the unsure read ``u`` is a reported card still lying where it lay (its outline on that
        card's, its code among ``u``'s candidates), and so no card to ask for: once the frames lose colour
        (an IP camera's night mode) or swap red and blue, a 9♦ read for sure before reads as 9♠/9♣/9♦, and
        it had been asked for again, so that a croupier typing it played a card never dealt (QA).  The
        card is kept in mind while such reads show it; a card taken away leaves its spot bare and is
        forgotten (see :meth:`_gone_from_view`), so a card dealt there later is new.

        Whatever the candidates, when that card lies under another reported card read lately (a pile, see
        :meth:`_under_pile`): its index half hidden under the top card's, the recognizer pairs its rank with the
        top card's suit (qaAO F1: seat 6's A♦ under its J♥ read as A♥ or 4♥ a minute after it was played, and
        asked for; typing A♦ was refused, the card lying there being the table's)."""
        corners = np.asarray(u.corners, np.float64)
        codes = {c.code for c in u.candidates}
        for tr in self.tracks + self.ghosts:
            if not tr.reported or not tr.corners or np.hypot(*tr.velocity) >= STILL * self.card_h:
                continue
            mine = np.asarray(tr.corners, np.float64)
            near = np.linalg.norm(corners[:, None] - mine[None], axis=2).min(axis=1)
            if (len(corners) == len(mine) and near.max() < SAME_SPOT * self.card_h
                    and (tr.code in codes or self._under_pile(tr))):
                tr.kept = frame
                return True
        return self._within_read(u, frame)

    def _under_pile(self, tr: _Track) -> bool:
        """Whether the card of ``tr`` lies under another reported card lying still, read lately (:data:`RECENT`) and
        first seen after it, that covers :data:`PILE_COVER` of it or more without lying on its spot (see :meth:`_on`):
        a blackjack hand's card with the next card fanned on it, a pile the table has.  One of its own code fanned on
        it is no such card: it may be that card moved (see :meth:`_left_covered`)."""
        if len(tr.corners) != 4:
            return False
        mine = np.asarray(tr.corners, np.float64)
        return any(top is not tr and top.code != tr.code and top.reported and top.first > tr.first
                   and len(top.corners) == 4
                   and self._since(top.last) < RECENT and np.hypot(*top.velocity) < STILL * self.card_h
                   and _overlap(top.corners, mine) >= PILE_COVER * _area(mine)
                   and not self._on(top.corners, top.center, tr) for top in self.tracks)

    def _within_read(self, u, frame: int) -> bool:
        """Whether the unsure read ``u``'s outline lies wholly within a reported card lying still, or a card seen
        unread before, whose spot is not bare (a card is still seen there, partly covered): a piece of that card's face, no
        card to ask for.

        A card dealt onto it lies partly off it (a fan) or covers it whole (its outline on the card's, see
        :data:`ON_CARD`); an outline smaller than a card (:data:`SMALLER`) inside one is that card: in a tight plastic fan (0.15 of
        a card down) the lower card's half-covered index read unsure as 4♥/4♦/4♣ with an outline of half a
        card, and was asked for as a card never dealt (rev17 F12)."""
        if len(u.corners) != 4:
            return False
        corners = np.asarray(u.corners, np.float64)
        for tr in self.tracks + self.ghosts:
            if (not tr.reported or len(tr.corners) != 4 or np.hypot(*tr.velocity) >= STILL * self.card_h
                    or self.view is not None and self.view.bare(tr.corners, tr.ground)):
                continue
            mine = np.asarray(tr.corners, np.float64)
            middle = mine.mean(axis=0)
            grown = middle + (mine - middle) * (1.0 + WITHIN_SLACK)
            if _area(corners) < SMALLER * _area(mine) and all(_inside(grown, p) for p in corners):
                tr.kept = frame
                return True
        # So mostly on a card seen unread lying still, gone from view as this read came: a K♦ fanned a quarter card
        # down on a smudged 10♥ left the 10♥'s top showing, read unsure with an outline half a card high sticking out
        # of it, and the croupier was asked for a second card (rev19 R5).
        for k in self.unknown:
            if (k.last == frame or not k.still or len(k.corners) != 4
                    or self.view is not None and self.view.bare(k.corners, k.ground)):
                continue
            mine = np.asarray(k.corners, np.float64)
            if (_area(corners) < SMALLER * _area(mine)
                    and _overlap(corners, mine) >= ON_UNREAD * _area(corners)):
                return True
        return False

    def unsettled(self, frame: int) -> list[Unsettled]:
        """The cards in view at ``frame``, the source's last, that were never reported: without a word, a
        recording that ends as a card slides out looks read to the end (QA).  A read of another code
        where a reported card lies (a misread of it) is no card."""
        shown = [tr for tr in self.tracks if tr.reported]
        out = []
        for tr in self.tracks:
            if tr.reported or tr.ghost is not None or self._ago(tr.last, frame) > NOISE_GONE or any(
                    np.linalg.norm(r.center - tr.center) < 0.5 * self.card_h for r in shown):
                continue
            out.append(Unsettled(Card.parse(tr.code), (), tr.hits, tuple(tr.center.tolist()),
                                 bool(np.hypot(*tr.velocity) >= STILL * self.card_h)))
        for k in self.unknown:
            # One seen unread only while it moved, by a card read, is most likely that card on its way (read in its
            # slide's later frames): a card lying on another is another only once it lies still (see ON_CARD).
            moving_by_read = k.still == 0 and any(np.linalg.norm(t.center - k.center) < 0.5 * self.card_h
                                                  for t in self.tracks)
            if not k.reported and k.counted is None and self._ago(k.last, frame) < UNREAD_LOST and not moving_by_read:
                out.append(Unsettled(None, k.candidates, k.seen, tuple(k.center.tolist())))
        return out

    def _expire(self, frame: int) -> list:
        """Tracks and unknowns gone or explained dropped; the UnreadCards of held unread cards gone unread."""
        for g in self.ghosts:
            # A covered card is not gone: kept while its spot is not seen bare (rev17 F8: a hand resting 20 s on the
            # 9♠ and it was played again when lifted).  A layout cleared shows its spots bare and forgets them; one on
            # a spot never seen bare (a printed card box) is kept no longer than before while no card is in view
            # (rev18 G6: kept for ever, it took every later card of its code dealt there).
            if g.covered and self.nothing != frame:
                g.kept = frame
        keep = []
        for tr in self.tracks:
            if not tr.reported and self._since(max(tr.last, tr.kept)) > NOISE_GONE:
                if tr.ghost is not None:
                    self.ghosts.append(tr.ghost)  # not judged: the forgotten card may still lie there
                continue  # a read never confirmed: noise
            if tr.reported and self._since(max(tr.last, tr.kept)) > self.forget:
                self.ghosts.append(tr)
                continue
            keep.append(tr)
        self.tracks = keep
        self.ghosts = [g for g in self.ghosts if self._since(max(g.last, g.kept)) < 4 * self.forget]
        events, unknown = [], []
        for k in self.unknown:
            # A card read where it lies (or one of its candidates read by it, first seen since or on its way) is
            # it; one dealt onto it is not, nor is the card it lies on, read lying still before it (rev17 F11: the
            # recognizer reads a blackjack card's corner and the court card's below it as one unsure read naming
            # both, and the unsure card was dropped each frame, never asked for).
            near = [t for t in self.tracks if self._on(k.corners, k.center, t) or t.code in {c.code for c in k.candidates}
                    and (t.first >= k.first or np.hypot(*t.velocity) >= STILL * self.card_h)
                    and np.linalg.norm(t.center - k.center) < 0.5 * self.card_h]
            if k.due and not k.reported:
                if any(t.reported for t in near):
                    continue  # read for sure after all: its NewCard is its one event
                if self._since(k.last) >= UNREAD_GONE:
                    events.append(UnreadCard(k.candidates, frame, tuple(k.center.tolist()), _corners(k.corners)))
                    # Kept in mind as one asked for (below): unseen a second (the next card dealt blurring
                    # the frames), it may still lie there, and is not asked for again when seen (QA F2).
                    k.reported = k.asked = True
                    unknown.append(k)
                    continue
                unknown.append(k)
            elif self._since(k.last) < UNREAD_LOST and not near:
                unknown.append(k)  # one a later read explains, or that went away, is dropped
            elif (k.reported and k.counted is None and not any(t.reported for t in near) and not self._gone(k)
                  and (k.covered or self._since(k.last) < 4 * self.forget)):
                # Asked for: kept in mind while it may lie there unseen (a hand, the next card dealt
                # blurred), as a reported card is (a ghost's while), so that it is not asked for again (QA;
                # rev16 F5: a hand over it five seconds).  Only a card reported where it lies explains it: a
                # read of one frame there (a misread as its glare clears) is noise, and its true read after
                # that is the read of a card asked for (rev16 F14: it was played a second time).  While its spot is
                # covered, however long (rev18 G4: a hand resting 21 s on it, and it was asked for again).
                unknown.append(k)
        self.unknown = unknown
        return events

    def _tick(self, frame: int, t: float) -> None:
        """Note frame ``frame`` taken at ``t`` seconds (less the frames that told nothing, see :meth:`unseen`) as the
        one fed now; forget the times of frames older than any measure of time looks back (see :meth:`_since`)."""
        self._seen_t = t
        t -= self._blind
        self.now, self.frame = t, frame
        self._clock.pop(frame, None)  # fed again: last in order
        self._clock[frame] = t
        while t - next(iter(self._clock.values())) > 4 * self.forget + PUT_BACK:
            del self._clock[next(iter(self._clock))]

    def _since(self, then: int, now: Optional[int] = None) -> float:
        """Seconds from frame ``then`` to frame ``now`` (by default the one fed now), to the microsecond (so that
        frames 1/30 s apart measure as whole frames do); a frame never fed, or long past, is infinitely old."""
        if then not in self._clock:
            return float("inf")
        return round((self.now if now is None else self._clock.get(now, self.now)) - self._clock[then], 6)

    def _ago(self, then: int, frame: int) -> float:
        """Seconds from frame ``then`` to frame ``frame``, the one fed last or a later one not fed (too dark, or
        the source's end), each frame past the last fed taken as 1/:data:`REFERENCE_FPS` s."""
        return self._since(then) + max(frame - self.frame, 0) / REFERENCE_FPS

    def finish(self, frame: int) -> list:
        """The events the source's end at ``frame``, its last, causes: an UnreadCard for each card seen unread
        long enough that was held back (see :attr:`unread_when_gone`), then a :class:`SourceEnded` if
        cards in view were never reported (see :meth:`unsettled`)."""
        events = []
        for tr in self.tracks:  # moving off its spot as the source ended: told, its box not known unless it lay still
            if tr.leaving:
                tr.leaving, tr.moved_off = False, True
                events.append(MovedCard(Card.parse(tr.code), frame, tr.confidence, tuple(tr.center.tolist()),
                                        tuple(tr.rest[0].tolist())))
        for k in self.unknown:
            if k.due and not k.reported:
                k.reported = k.asked = True
                events.append(UnreadCard(k.candidates, frame, tuple(k.center.tolist()), _corners(k.corners)))
        left = self.unsettled(frame)
        return events + ([SourceEnded(frame, tuple(left))] if left else [])
