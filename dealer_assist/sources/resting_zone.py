"""A layout camera's cards held until they come to rest, so that each is given the zone it lies in.

The tracker reports a card as soon as two frames read it alike, which may be while it slides from the
shoe across the other hand's box: its zone then would be where it passed, not where it was dealt.  So
with zones a card read is held until two frames read two 30 fps frames' time apart see it in one place (or it is
no longer seen: covered by a hand where it lay last; or, still moving after :data:`LONGEST` seconds, it is given
no box), and what the camera reported after it waits behind it, so the table gets them in the order read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from dealer_assist.vision.bare_spot import SAME_LEVELS, SAME_SHARE
from dealer_assist.vision.layout_zones import LayoutZones
from dealer_assist.vision.track import BARE_FOR, BARE_FRAMES, PUT_BACK, REFERENCE_FPS

#: Moved less than this share of its diagonal in a 30 fps frame's time (see :data:`STILL_OVER`): lying still.
STILL = 0.04
#: Seconds over which a card is judged still: from the last sighting at least this long before (two 30 fps frames,
#: less a camera's uneven times).  Between two frames read in a row, a 60 fps camera's card sliding
#: moved half as far and was taken as lying still in the other hand's box it crossed (a stream sending each frame
#: twice: not at all), and so was one slid slowly at 30 fps (10 px a frame, rev19 R8).
STILL_OVER = 1.75 / REFERENCE_FPS
#: Frames a card placed (gone out at rest) is kept in mind unseen: a read where it lies is its own, never a held
#: card of its code that a hand hid for a frame (rev19 R12: the Banker's 7♥ took the Player's 7♥'s box).
PLACED_FRAMES = 90
#: Frames read without seeing a card held (at 30 fps; seconds from the frames' times: 4.5/30 after it was last seen,
#: and :data:`UNSEEN_LEAST` frames at least, a slow camera's or PC's, as a card sliding blurred may go unread in
#: a few): it is covered (a hand) and is given the zone it was last seen in.
UNSEEN_READS = 5
UNSEEN_LEAST = 3
#: Seconds at most (from the frames' times) a card held waits to come to rest: one still moving then (pushed about)
#: is given no zone, and the croupier is asked where it goes.  It was given the box it lay in, moving: a card slid
#: across the Player's box into the Banker's for over a second (30 frames) went to the Player (rev19 R8).
LONGEST = 2.0
#: How far (in its diagonals) a card read may have slid since the last frame read and still be that card.
REACH = 2.0
#: Seconds a card seen moved off its spot (see :meth:`RestingZones.moved`) may stay covered, a hand left on it after
#: the push, and still be waited for (the cards read after it wait behind it): once it is seen again, it has
#: :data:`LONGEST` seconds more to come to rest, and it is waited for this long and that in all from the push (covered
#: the whole time too: given up at 5 s covered, one seen lying still a moment later went out with no box, rev34 R2).
#: Given up at once when covered, a card a croupier pushed and kept the fingers on for five frames was never moved, and
#: the next card went to the wrong hand (rev33 R1).  The tracker's own ``forget``.
MOVE_COVERED = 5.0


#: A card's diagonal over its height (a poker card, 63 x 88 mm): how far one whose outline is not known reaches.
CARD_DIAGONAL = 1.23


def outline_diagonal(corners) -> float:
    """The diagonal (pixels) of a card's outline ``corners`` (0 when not known)."""
    return max((math.dist(a, b) for a in corners for b in corners), default=0.0)


def diagonal_near(cards, code: str, center: tuple[float, float]) -> float:
    """The diagonal (pixels) of the card of ``code`` among ``cards`` (code, corners) nearest ``center``:
    how far a card that size may move and still be the card reported (0 when none is in view)."""
    quads = [corners for c, corners in cards if c == code]
    if not quads:
        return 0.0
    corners = min(quads, key=lambda cs: math.dist(_mean(cs), center))
    return max(math.dist(a, b) for a in corners for b in corners)


def _mean(points) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


@dataclass
class _Held:
    code: str
    center: tuple[float, float]
    diagonal: float
    make: Callable[[Optional[str]], Any]
    #: When it was reported, and its sightings since (time, centre), the last first.
    since: float = 0.0
    sightings: list = field(default_factory=list)
    at_rest: bool = False
    unseen: int = 0  # frames since it was last seen
    #: The card of its code given no box, not where it lay when this one was reported: this one may be it, moved
    #: (see :meth:`RestingZones.card`), and ``moved`` builds its event if so.
    astray: Optional["_Astray"] = None
    moved: Optional[Callable[[Optional[str]], Any]] = None
    #: A card placed, seen moved off the spot it lay on (see :meth:`RestingZones.moved`): where it lay, and what
    #: builds its event, given the box it comes to rest in and the box it left.
    origin: Optional[tuple[float, float]] = None
    move: Optional[Callable[[Optional[str], str], Any]] = None
    #: When it was reported moved: its whole wait counts from then (see :meth:`RestingZones._move_done`).
    reported: float = 0.0
    #: The box a card seen moved went out in when it was placed (``boxed``: it was found placed), the box the table
    #: holds it in: its move is told from there (see :attr:`_Placed.box`).
    box: Optional[str] = None
    boxed: bool = False
    #: Where a card seen moved was last seen before a hand covered it, and whether a new read of its code ended its
    #: wait (see :meth:`RestingZones.card`): it then goes out as lost to view from there.
    hidden_at: Optional[tuple[float, float]] = None
    lost: bool = False
    #: What builds its event, given the box it rests in and the box it left, when it proves to be a card placed in
    #: another box that left its spot unseen moving (see :meth:`RestingZones.card`).
    left: Optional[Callable[[str, str], Any]] = None
    #: Its outline (frame pixels) and the frame's view where it was last read (see :meth:`RestingZones.frame`).
    corners: tuple = ()
    view: Any = None

    @property
    def seen(self) -> float:
        """When it was last seen."""
        return self.sightings[0][0]


@dataclass
class _Placed:
    """A card come to rest in a box, and how its spot looked while it went unread there.

    Unread is not gone: a pile's first card goes unread once the next card covers its index, and a hand hides a
    card for a moment; a real second card of its code dealt then was held as this one pushed across (rev37 R3,
    rev38 R4).  With the frames' pixels (see :meth:`RestingZones.frame`) it is gone only once its spot, the cards
    read on it aside, shows bare felt (``bare``), and it still lies there while that part looks as when it was last
    read (``lies``: a card dealt onto it).  Without them, unread is taken for bare."""

    code: str
    center: tuple[float, float]
    diagonal: float
    unseen: int = 0
    unseen_from: float = 0.0  # the time of the first frame of ``unseen``
    corners: tuple = ()
    view: Any = None  # the view of the frame it was last read in
    ground: Any = None  # the colour round it (see :meth:`.bare_spot.TableView.ground`)
    bare: int = 0  # frames in a row unread with its spot bare, and the time of the first
    bare_from: float = 0.0
    lies: bool = False  # unread in the last frame, its spot looking as when it was read: covered by a card
    #: The box its event went out with, the box the table holds it in: kept through a move that ends in the same box
    #: or none, so that a push halting between a hand's strokes (each halt a move told, one between two boxes) is told
    #: from where the table holds it, not from where the last halt left it (fixPS: a move from between the boxes was
    #: dropped, and the table kept the card in the box it left).
    box: Optional[str] = None

    def gone(self, t: float) -> bool:
        """Whether its spot was seen bare as long as the tracker takes a card's bare spot for it gone."""
        return self.bare >= BARE_FRAMES and t - self.bare_from >= BARE_FOR

    def look(self, t: float, view: Any, covering: list) -> None:
        """An unread frame: ``view`` its :class:`.bare_spot.TableView` (None: its pixels not given, unread taken
        for bare), ``covering`` the outlines of the cards read in it."""
        bare = view is None or (bool(self.corners) and view.bare_left(self.corners, covering, self.ground))
        self.lies = (not bare and view is not None and self.view is not None and bool(self.corners)
                     and view.same_as(self.view, self.corners, covering))
        self.bare = self.bare + 1 if bare else 0
        self.bare_from = t if self.bare == 1 else self.bare_from


@dataclass
class _Astray:
    """A card given no box (it came to rest outside every box, or never came to rest), and when it was last seen
    where it lay."""

    code: str
    center: tuple[float, float]
    diagonal: float
    seen: float
    #: Frames in a row read without it where it lay, and the time of the first of them.
    unseen: int = 0
    unseen_from: float = 0.0

    def gone(self, t: float) -> bool:
        """Whether its spot was read without it as long as the tracker takes a card's bare spot for it gone
        (:data:`BARE_FRAMES` frames over :data:`BARE_FOR` seconds): a hand passing over it hides it less."""
        return self.unseen >= BARE_FRAMES and t - self.unseen_from >= BARE_FOR


@dataclass
class RestingZones:
    """Events in the order reported; a card's event goes out once it rests, with its zone."""

    zones: LayoutZones
    size: tuple[int, int] = (0, 0)
    _queue: list = field(default_factory=list)
    _t: float = 0.0  # the last frame's time
    _count: int = 0  # frames given: a frame with no time is taken 1/30 s after the one before
    _placed: list = field(default_factory=list)
    _astray: list = field(default_factory=list)

    def card(self, code: str, center: tuple[float, float], diagonal: float,
             make: Callable[[Optional[str]], Any], moved: Optional[Callable[[Optional[str]], Any]] = None,
             left: Optional[Callable[[str, str], Any]] = None) -> list:
        """A card reported at ``center``; ``make(zone)`` builds its event, or ``moved(zone)`` when it proves to be
        the card of its code given no box lately, moved.  The events ready, in order.

        The croupier squares a card come to rest outside every box into its own; slid fast, its spot was seen bare
        before it was read again, and the tracker took it for another card of its code (qaAJ F1: played twice
        at six decks, the real next card waiting behind it).  So a card of the code of one given no box within
        :data:`PUT_BACK` seconds, which is not where it lay in the frame just read, waits (as it waits to come to
        rest) until that card is seen where it lay again (another card of its code: a hand had hidden it) or
        its spot goes without it for :data:`BARE_FRAMES` frames over :data:`BARE_FOR` seconds (moved; it is
        then no longer astray).  Not seen there for one frame had made a real second card of its code, dealt as
        a hand passed over the first, a card moved, and the table dropped it (rev32 R5).

        A card of its code that came to rest in another box and has gone from its spot since (read without it for
        :data:`BARE_FRAMES` frames over :data:`BARE_FOR` seconds) when this one comes to rest is most likely this one,
        pushed across blurred (the tracker saw no move): ``left(zone, was)`` builds its event then, ``was`` the box
        it left (fixMB: read sure, the table had played it as a new card of its code, counted in both hands).  One
        still seen where it lies leaves this one a new copy; one unseen there a frame or two is waited for."""
        for waiting in self._queue:
            if (isinstance(waiting, _Held) and waiting.origin is not None and waiting.code == code
                    and waiting.hidden_at is not None and not waiting.lost):
                # Another card of its code, new to the tracker, while the card moved is covered: the sightings of
                # that code are no longer surely the card moved's (rev35 R2: a copy dealt was taken for it, and the
                # move was cancelled or sent to the copy's box), so it goes out lost to view, and this one is a card.
                waiting.lost, waiting.center, waiting.at_rest = True, waiting.hidden_at, False
        held = _Held(code, center, max(diagonal, 1.0), make, self._t, [(self._t, center)], left=left)
        if moved is not None:
            claimed = self._claimed()
            held.astray = next((a for a in self._astray if a.code == code and a.seen < self._t
                                and not any(a is c for c in claimed)), None)
            held.moved = moved
        self._queue.append(held)
        return self._ready()

    def moved(self, code: str, center: tuple[float, float], origin: tuple[float, float], diagonal: float,
              make: Callable[[str, str], Any]) -> list:
        """A card reported, seen at ``center`` moving off the spot it lay on at ``origin`` (see
        :class:`.vision.track.MovedCard`); the events ready, in order.  Held as a card read is, until it rests:
        ``make(zone, was)`` builds its event when it rests in another box (``zone``) than the one it lay in
        (``was``), so that the table moves it to that box's hand (qaAL F1: pushed sharp from the wrong seat's box
        into its own, it stayed in the wrong hand).  None is sent for a card squared in its box or a split's piles
        laid out (the same box), one pushed out of every box or from outside every box (its place stays as
        played).  One covered (a hand left on it after the push) is waited for while covered, and seen again
        for :data:`LONGEST` seconds to come to rest (rev33 R1: given up at once, the card stayed in the box it left),
        never longer than :data:`MOVE_COVERED` and :data:`LONGEST` from its report (rev34 R2: given up after
        :data:`MOVE_COVERED` covered, it went out with no box though seen lying still a moment later).  One last seen
        in another box than the one it lay in (or in none) that is not seen at rest within those times (taken away
        under the hand, or the source ended first) goes out as ``make(None, was)``: where it lies is not known, and the
        table must ask, not keep it silently where it lay."""
        diagonal = max(diagonal, 1.0)
        near = [(min(math.dist(p.center, center), math.dist(p.center, origin)), n)
                for n, p in enumerate(self._placed) if p.code == code]
        near = [(d, n) for d, n in near if d <= REACH * diagonal]
        placed = self._placed.pop(min(near)[1]) if near else None  # it no longer lies there: its reads are not its
        held = _Held(code, center, diagonal, lambda zone: None, self._t, [(self._t, center)], origin=origin, move=make,
                     reported=self._t, box=placed.box if placed else None, boxed=placed is not None)
        self._queue.append(held)
        return self._ready()

    def other(self, event: Any) -> list:
        """An event that needs no zone; it goes out after the cards reported before it."""
        self._queue.append(event)
        return self._ready()

    def frame(self, size: tuple[int, int], seen: list[tuple[str, tuple[float, float]]],
              t: Optional[float] = None, view: Any = None, outlines: Optional[list] = None) -> list:
        """A frame read of ``size`` (width, height) at ``t`` seconds (None: counted, 1/30 s after the one before)
        and the cards read in it (code, centre); ``view`` its :class:`.bare_spot.TableView` and ``outlines`` the
        cards' outlines (frame pixels, in the order of ``seen``), with which a card placed is gone from its spot
        only once the spot is seen bare (see :class:`_Placed`); without them, once it is unread there."""
        self._count += 1
        self.size, self._t = size, self._count / REFERENCE_FPS if t is None else t
        looks = outlines is not None and view is not None
        shapes = list(outlines) if looks else [()] * len(seen)
        free = [(code, c, shape) for (code, c), shape in zip(seen, shapes)]
        covering = [shape for shape in shapes if len(shape) == 4]
        for placed in self._placed:  # the reads of the cards already placed, where they lie, are theirs
            near = [(math.dist(c, placed.center), i) for i, (code, c, _) in enumerate(free) if code == placed.code]
            near = [(d, i) for d, i in near if d <= 2 * STILL * placed.diagonal]
            if near:
                _, placed.center, shape = free.pop(min(near)[1])
                placed.unseen, placed.bare, placed.lies = 0, 0, False
                if looks and len(shape) == 4:
                    placed.corners, placed.view = tuple(map(tuple, shape)), view
                    placed.ground = view.ground(shape) if placed.ground is None else placed.ground
            else:
                placed.unseen += 1
                placed.unseen_from = self._t if placed.unseen == 1 else placed.unseen_from
                placed.look(self._t, view if looks else None, covering)
        self._placed = [p for p in self._placed if p.unseen < PLACED_FRAMES]
        for astray in self._astray:  # seen where it lay still (not where a card of its code passes)
            if any(code == astray.code and math.dist(c, astray.center) <= 2 * STILL * astray.diagonal
                   for code, c in seen):
                astray.seen, astray.unseen = self._t, 0
            else:
                astray.unseen += 1
                astray.unseen_from = self._t if astray.unseen == 1 else astray.unseen_from
        claimed = self._claimed()  # kept until the card that may be it is settled
        self._astray = [a for a in self._astray if self._t - a.seen <= PUT_BACK or any(a is c for c in claimed)]
        for held in self._queue:
            if not isinstance(held, _Held):
                continue
            near = [(math.dist(c, held.center), i) for i, (code, c, _) in enumerate(free) if code == held.code]
            near = [(d, i) for d, i in near if d <= REACH * held.diagonal]
            if held.lost:
                continue
            if not near:
                held.unseen += 1
                if held.origin is not None and self._covered(held):
                    held.hidden_at = held.center
                continue
            if held.origin is not None and self._covered(held):
                held.since = self._t  # uncovered: its time to come to rest counts from now
            _, held.center, shape = free.pop(min(near)[1])
            held.unseen = 0
            if looks and len(shape) == 4:
                held.corners, held.view = tuple(map(tuple, shape)), view
            old = [n for n, (when, _) in enumerate(held.sightings) if self._t - when >= STILL_OVER]
            held.at_rest = bool(old) and math.dist(held.center, held.sightings[old[0]][1]) <= STILL * held.diagonal
            held.sightings = [(self._t, held.center)] + held.sightings[:old[0] + 1 if old else None]
        return self._ready()

    def flush(self) -> list:
        """Every event held, in order, each card with the zone it was last seen in (the source ended); one that
        may be the card of its code given no box is it unless that card was seen where it lay since."""
        for held in self._queue:
            if isinstance(held, _Held) and held.astray is not None:
                self._decide(held, held.astray.seen <= held.since)
        out = [e for e in map(self._out, self._queue) if e is not None]
        self._queue.clear()
        return out

    def _ready(self) -> list:
        out = []
        while self._queue:
            head = self._queue[0]
            if isinstance(head, _Held):
                if not (self._move_done(head) if head.origin is not None else
                        head.at_rest or self._covered(head) or self._t - head.since >= LONGEST):
                    break
                if head.astray is not None:
                    if head.astray.seen > head.since:  # seen where it lay again: this one is another card
                        self._decide(head, False)
                    elif head.astray.gone(self._t):
                        self._decide(head, True)
                    else:
                        break
                if head.left is not None and head.origin is None and any(not p.gone(self._t)
                                                                          for p in self._left_spot(head)):
                    break  # a card of its code in another box unseen for a frame: covered a moment, or gone?
            self._queue.pop(0)
            if isinstance(head, _Held) and head.origin is None and not (head.at_rest or self._covered(head)):
                self._astray.append(_Astray(head.code, head.center, head.diagonal, head.seen))
                out.append(head.make(None))
            else:
                event = self._out(head)
                if event is not None:
                    out.append(event)
        return out

    def _place(self, item: _Held, box: Optional[str], covered: bool = False) -> None:
        """Keep ``item``, going out, in mind as placed in ``box`` if it came to rest, or (``covered``) went out unseen
        where it was last seen: a hand on it there, or it slid on unread.  Slid on, its spot is seen bare, and the card
        of its code read at rest in another box next is most likely it, told as one that left that box (see
        :meth:`card`'s ``left``): a card dealt from the shoe that halted sharp a moment over another box, read there,
        and slid on blurred had gone out in that box and again, as a new card, in its own (rev37 R4: played twice)."""
        if item.at_rest or covered and bool(item.corners):
            self._placed.append(_Placed(item.code, item.center, item.diagonal, corners=item.corners, view=item.view,
                                        box=box))

    def _left_spot(self, held: _Held) -> list:
        """The cards of ``held``'s code placed in another box than the one it lies in, unseen at their spots and
        not seen lying there under a card dealt onto them."""
        zone = self.zones.at(held.center, self.size, reach=held.diagonal / 2)
        if zone is None:
            return []
        return [p for p in self._placed if p.code == held.code and p.unseen and not p.lies
                and self.zones.at(p.center, self.size, reach=p.diagonal / 2) not in (None, zone)]

    def _claimed(self) -> list:
        """The cards given no box that a card held may be, moved."""
        return [h.astray for h in self._queue if isinstance(h, _Held) and h.astray is not None]

    def _decide(self, held: _Held, moved: bool) -> None:
        """Settle whether ``held`` is the card given no box it may be: if so, it is built as moved, and that card
        is no longer astray."""
        if moved:
            held.make = held.moved
            self._astray = [a for a in self._astray if a is not held.astray]
        held.astray = None

    def _move_done(self, held: _Held) -> bool:
        """Whether a card seen moved (see :meth:`moved`) is done waiting: at rest, or seen, not covered, and not at
        rest within :data:`LONGEST` seconds; and in any case (covered too) once :data:`MOVE_COVERED` and
        :data:`LONGEST` have gone by since it was reported (rev34 R4: shown between a hand's gaps, each sighting
        restarted its wait, and the cards read after it waited behind it for as long as the hand worked there)."""
        if held.lost or held.at_rest or self._t - held.reported >= MOVE_COVERED + LONGEST:
            return True
        if self._covered(held):  # waited for while the time lasts: the hand lifts, it lies still (rev34 R2)
            return False
        return self._t - held.since >= LONGEST

    def _covered(self, held: _Held) -> bool:
        return held.unseen >= UNSEEN_LEAST and self._t - held.seen >= (UNSEEN_READS - 0.5) / REFERENCE_FPS

    def _out(self, item: Any) -> Any:
        """The event of ``item`` as it goes out; None for a card moved that stays in its box or comes to rest out of
        every box (see :meth:`moved`)."""
        if not isinstance(item, _Held):
            return item
        zone = self.zones.at(item.center, self.size, reach=item.diagonal / 2)
        if item.origin is not None:
            was = item.box if item.boxed else self.zones.at(item.origin, self.size, reach=item.diagonal / 2)
            told = item.at_rest and was is not None and zone not in (None, was)
            self._place(item, zone if told else was)
            if was is None or zone == was:
                return None
            if not item.at_rest:  # last seen in another box or none, then lost to view: where it lies is not known
                return item.move(None, was)
            return item.move(zone, was) if told else None
        self._place(item, zone, covered=self._covered(item))
        if zone is None:
            self._astray.append(_Astray(item.code, item.center, item.diagonal, item.seen))
        gone = [p for p in self._left_spot(item) if p.gone(self._t)] if item.left is not None else []
        if gone:  # that card, pushed here blurred: its spot's reads are no longer its
            self._placed = [p for p in self._placed if p is not gone[0]]
            return item.left(zone, self.zones.at(gone[0].center, self.size, reach=gone[0].diagonal / 2))
        return item.make(zone)


#: Paper in a table camera's opening frame that no card read there lies on, of at least this share of a card's face
#: and touching a card read: a card lying under it, unread (a pile's first card, its index under the card on it; see
#: :class:`UnreadAtStart`).  A card lying alone unread is asked for as ever, and a paper slip or a lammer beside the
#: cards is no card the table holds.
UNREAD_PAPER = 0.03
#: How far (a share of a card's diagonal) a card read's outline may miss its own paper: its rounded corners, its edge
#: and shadow are no card lying under it.
OUTLINE_SLACK = 0.03
#: Points at most sampled from each spot of paper unread (see :class:`UnreadAtStart`).
SPOT_POINTS = 400
#: Least share of a spot's points the cards read now must leave in sight for it to tell whether what lay there lies
#: there still (looks as it did: see :data:`.bare_spot.SAME_SHARE`).
SPOT_SEEN = 0.5
#: Least share of the paper a card lying under a card read would show (its face, card-sized and lying as the card on
#: it, out from under it as far as the spot reaches, less the cards read) that a spot must fill to count as such a card:
#: a paper slip or a lammer touching a card fills a little of it (rev39 R4: counted as a card, the table's own card,
#: taken from under its pile and dealt again, was played as a new one).
CARD_FILL = 0.8


@dataclass
class _Unread:
    zone: Optional[str]
    xs: Any
    ys: Any
    colours: Any


@dataclass
class UnreadAtStart:
    """What lay in view unread as a table's camera (re)started: each spot of paper in its first frame that reads a card
    that no card read lies on, beside a card read (a card under it).  A card of a code the table holds that comes into
    view later, in another box, is the other deck's copy, a new card, while every card the table holds and the camera
    has not read since it started lies in such a spot in another box, as it lay then (qaAR F4: at 2 decks seat 1's 9♣
    lay under its K♥, its index never read, and a second 9♣ dealt into seat 3's box was asked for as maybe the table's
    own).  A spot taken away, moved or covered since tells nothing: the card may be the table's own, taken back and
    dealt again.  A spot counts only as the face a card lying under a card read would show (:data:`CARD_FILL`): a slip
    or a lammer touching a card is none, and two ends of one card lying crosswise under another are not two (rev39
    R4); unsure, the card is asked about."""

    zones: LayoutZones
    spots: list = field(default_factory=list)
    view: Any = None

    def opening(self, view: Any, cards: list, size: tuple[int, int]) -> None:
        """The first frame read (its :class:`.vision.bare_spot.TableView`, the outlines of its cards read for sure,
        its ``size``) that reads a card: its spots of paper unread are kept."""
        import cv2
        import numpy as np

        quads = [np.asarray(corners, np.float64) * view.scale for corners in cards if len(corners) == 4] \
            if view is not None else []
        if self.view is not None or not quads:
            return
        self.view = view
        diagonal = float(np.median([outline_diagonal(q) for q in quads]))
        face = (diagonal / CARD_DIAGONAL) ** 2 * 63 / 88
        read = np.zeros(view.paper.shape[:2], np.uint8)
        for quad in quads:
            cv2.fillConvexPoly(read, quad.round().astype(np.int32), 1)
        slack = max(int(round(OUTLINE_SLACK * diagonal)), 1)
        read = cv2.dilate(read, np.ones((2 * slack + 1, 2 * slack + 1), np.uint8))
        unread = cv2.morphologyEx(((view.paper > 0) & (read == 0)).astype(np.uint8), cv2.MORPH_OPEN,
                                  np.ones((3, 3), np.uint8))
        near = cv2.dilate(read, np.ones((2 * slack + 3, 2 * slack + 3), np.uint8))
        count, labels, stats, centres = cv2.connectedComponentsWithStats(unread)
        faces: list = []  # the face each spot kept shows: two spots of one card (split by a card on it) count once
        for n in range(1, count):
            area = stats[n, cv2.CC_STAT_AREA]
            ys, xs = np.nonzero(labels == n)
            if area < UNREAD_PAPER * face or not near[ys, xs].any():
                continue
            under = self._card_under(labels == n, quads, read, slack)
            if under is None or any(np.count_nonzero(under & other) > 0.5 * min(np.count_nonzero(under),
                                                                                  np.count_nonzero(other))
                                    for other in faces):
                continue
            faces.append(under)
            step = max(len(xs) // SPOT_POINTS, 1)
            xs, ys = xs[::step], ys[::step]
            centre = (float(centres[n][0]) / view.scale, float(centres[n][1]) / view.scale)
            self.spots.append(_Unread(self.zones.at(centre, size), xs, ys, view.small[ys, xs, :3].astype(np.int16)))

    @staticmethod
    def _card_under(spot: Any, quads: list, read: Any, slack: int) -> Any:
        """The face (a mask) of a card lying under a card read (one of ``quads``) that the paper ``spot`` would be,
        else None.  The card under lies as the card on it, card-sized, reaching out from under it as far as the spot
        does (flush with the card on it where the spot does not pass it); the spot must fill :data:`CARD_FILL` of its
        face that the cards read (``read``, their paper ``slack`` about them) leave in sight."""
        import cv2
        import numpy as np

        ys, xs = np.nonzero(spot)
        points = np.stack([xs, ys], axis=1).astype(np.float64)
        reach = 2 * slack + 2
        for quad in quads:
            (cx, cy), (w, h), angle = cv2.minAreaRect(quad.astype(np.float32))
            u = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
            v = np.array([-u[1], u[0]])
            offsets = points - (cx, cy)
            along = [(offsets @ u, w / 2), (offsets @ v, h / 2)]
            if any(low.min() > half + reach or low.max() < -half - reach for low, half in along):
                continue  # the spot does not touch this card
            spans = []
            for side, half in along:
                low, high = float(side.min()), float(side.max())
                if high - low > 2 * half + reach:
                    break  # wider than a card
                out_high, out_low = high > half + slack, low < -half - slack
                if out_high and not out_low:
                    spans.append((high - 2 * half, high))
                elif out_low and not out_high:
                    spans.append((low, low + 2 * half))
                elif out_low and out_high:
                    spans.append(((low + high) / 2 - half, (low + high) / 2 + half))
                else:
                    spans.append((-half, half))
            else:
                (u0, u1), (v0, v1) = spans
                corners = [np.array((cx, cy)) + a * u + b * v for a, b in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]
                face = np.zeros(spot.shape, np.uint8)
                cv2.fillConvexPoly(face, np.round(corners).astype(np.int32), 1)
                shown = face.astype(bool) & (read == 0)
                if np.count_nonzero(shown) and np.count_nonzero(spot & shown) >= CARD_FILL * np.count_nonzero(shown):
                    return face.astype(bool)
        return None

    def claimed(self, corners, view: Any) -> None:
        """A card the table holds, read since the opening where it lies (its outline ``corners`` in ``view``, the frame
        read now): a spot of paper unread that lies under it is that card, no longer one unread."""
        import cv2
        import numpy as np

        if view is None or len(corners) != 4:
            return
        on = np.zeros(view.paper.shape[:2], np.uint8)
        cv2.fillConvexPoly(on, (np.asarray(corners, np.float64) * view.scale).round().astype(np.int32), 1)
        self.spots = [spot for spot in self.spots if on[spot.ys, spot.xs].mean() < SPOT_SEEN]

    def lying(self, zone: Optional[str], view: Any, cards: list) -> int:
        """How many spots of paper unread at the opening, out of ``zone``, look as they did in ``view`` (the frame
        read now) where the cards read in it for sure (their outlines, ``cards``) leave them in sight."""
        import cv2
        import numpy as np

        if (self.view is None or view is None or view.small.shape != self.view.small.shape
                or view.scale != self.view.scale):
            return 0
        read = np.zeros(view.paper.shape[:2], np.uint8)
        for corners in cards:
            if len(corners) == 4:
                cv2.fillConvexPoly(read, (np.asarray(corners, np.float64) * view.scale).round().astype(np.int32), 1)
        lying = 0
        for spot in self.spots:
            if spot.zone == zone:
                continue
            seen = read[spot.ys, spot.xs] == 0
            if seen.sum() < SPOT_SEEN * len(seen):
                continue  # a card read lies over it now (its own card, read since, or one dealt on it)
            now = view.small[spot.ys[seen], spot.xs[seen], :3].astype(np.int16)
            alike = np.count_nonzero(np.abs(now - spot.colours[seen]).max(axis=1) <= SAME_LEVELS)
            lying += alike >= SAME_SHARE * seen.sum()
        return lying
