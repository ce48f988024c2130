"""Reading every card in a frame: corners, index reads, and the never-guess rule.

Each exposed corner is read on its own; an index whose corner was not found
(its tip hidden, its outline lost on another pale card) is then looked for
by its rank and suit glyphs (:mod:`.glyph_pairs`) where no read index
explains them, and read as strictly as a corner whose tip was not seen.
The corners that belong to the same physical card (the two index corners of
one card) are then pooled.  A card
is reported only when its index read clears the profile's thresholds for
rank *and* suit (or, for a blurred suit, the learned pair score between
the two suits of its ink colour, the suit scored against templates blurred
as much as it is where the plain ones are too sharp), the ink colour does
not contradict the suit, the pair score does not surely name its
look-alike, and no other corner of the same card reads differently.  Anything
less goes to ``uncertain`` with its candidates (the rules: :mod:`.verdict`).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Iterator, Optional

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.bare_spot import TableView
from dealer_assist.vision.card_beyond import card_runs_on
from dealer_assist.vision.card_groups import (SAME_PLACE, CornerRead, far_index_area, group_corners, index_area,
                                              inside)
from dealer_assist.vision.chroma_bleed import ChromaBleed, chroma_bleed
from dealer_assist.vision.detect import (LEAST_FRAME, MASK_SCALE, Corner, Masks, find_corners_apart, find_quads,
                                        frame_masks, merge_corners, outline_runs_apart, outlines, outlines_gaining,
                                        paper_balance, tint_allowance)
from dealer_assist.vision.edge_corners import edge_line_corners
from dealer_assist.vision.glyph_pairs import SIZE_SLACK, GlyphPair, find_glyph_pairs
from dealer_assist.vision.index import RECUT_RANGE, IndexMatcher, IndexRead
from dealer_assist.vision.light import (LEAST_CHANGE, LEAST_INK_CHANGE, balance_table, contrast_table, exposure,
                                        frame_levels, frame_light, stretched, worth_balancing)
from dealer_assist.vision.read_order import OutlineFinder, SureReads, inked_index_first, side_ends_last
from dealer_assist.vision.profile import Box, Profile
from dealer_assist.vision.side_corners import join_side_corners
from dealer_assist.vision.suit_reach import SuitReach, solid_suits
from dealer_assist.vision.tips_behind import tip_already_read, tips_behind
from dealer_assist.vision.tone import bent_gamma, more_read, undo_table
from dealer_assist.vision.unread_outlines import a_face, unread_outlines
from dealer_assist.vision.verdict import NOTCH_EXTRA, Judge


@dataclass(frozen=True)
class CardHit:
    """A card read for sure."""

    card: Card
    confidence: float
    corners: tuple[tuple[float, float], ...]
    margin: float

    @property
    def center(self) -> tuple[float, float]:
        return tuple(np.mean(np.array(self.corners), axis=0).tolist())

    def to_json(self) -> dict:
        return {"card": self.card.code, "confidence": round(self.confidence, 3),
                "margin": round(self.margin, 3), "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners]}


@dataclass(frozen=True)
class UncertainHit:
    """Something that looks like a card index but was not read for sure."""

    candidates: tuple[Card, ...]
    corners: tuple[tuple[float, float], ...]
    confidence: float

    @property
    def center(self) -> tuple[float, float]:
        return tuple(np.mean(np.array(self.corners), axis=0).tolist())

    def to_json(self) -> dict:
        return {"candidates": [c.code for c in self.candidates], "confidence": round(self.confidence, 3),
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners]}


@dataclass
class FrameResult:
    cards: list[CardHit] = field(default_factory=list)
    uncertain: list[UncertainHit] = field(default_factory=list)
    ms: float = 0.0
    #: The shape (width over height) of each card seen whole no bigger than :data:`WHOLE_SIZES` allows,
    #: against the profile's deck's: about 1 with the deck's own profile (see :mod:`.profile_fit`).
    shapes: list[float] = field(default_factory=list)
    #: Cards read at two corners along a side, pooled as one (see :mod:`.side_corners`): a deck printing
    #: its index at every corner read with a two-index deck's profile.
    side_reads: int = 0
    #: The frame's reduced image and paper mask, for the tracker to tell a remembered card's spot seen
    #: bare from one covered (see :mod:`.bare_spot`); None where the frame was not looked at.
    view: Optional[TableView] = None


#: A sure read is read again as wide as its corner's width edge runs when that edge runs this many
#: of its card widths and its height edge about the card's whole height (a share of it):
#: see :meth:`Recognizer._as_wide_as_seen`.  A card lying apart on a flat table shows its edges
#: within a few percent of its read's size; a sideways king under a slant, 1.33-1.44 (qaAS F2).
WIDER_SEEN = 1.2
SEEN_HEIGHT = (0.9, 1.15)


#: A visible edge this many card widths long can only be a card's long side
#: (sure reads of the test decks reach 1.23: tilt, a lifted card, a fan's edge running on).
LONG_SIDE = 1.35


#: Sizes against the set-up shots of the cards seen whole that tell a frame's card size: the
#: camera is fixed, and one far off that size is something else of a card's shape (a shirt cuff,
#: a paper slip).  Table frames' cards vary by 15% (camera height, tilt).  Cards of one size
#: beyond them make the frame be read scaled to the set-up's size (a camera set to another
#: resolution, moved nearer or farther; see :meth:`Recognizer._camera_zoom`): a corner's read
#: recovers a card a third off, but the frame's masks work in the set-up's pixels.
WHOLE_SIZES = (0.8, 1.25)
#: The most a frame is scaled by (see :data:`WHOLE_SIZES`): a camera three times nearer shows an index too big
#: for the masks' paper, three times farther one too small to read.
ZOOM_MOST = 3.0
#: Cards seen whole of a frame to be scaled must be of one size within this factor (so a paper
#: slip of a card's shape does not scale a frame on its own against the cards).
ZOOM_AGREE = 1.15
#: Frames whose shape (width over height) is within this share of the set-up shots' are taken to
#: show the same view (see :meth:`Recognizer.resolution_zoom`); a 4:3 frame of a 16:9 set-up is cut
#: differently by the camera, so its cards' size is not told by its width.
SAME_VIEW = 0.02
#: Cards seen whole of one size far off the set-up's that make a frame be read scaled (see
#: :meth:`Recognizer._camera_zoom`).
ZOOM_CARDS = 2
#: The least size against the set-up's of a card seen whole alone off :data:`WHOLE_SIZES`, with nothing read on
#: it, for which the frame is read again scaled to that card's size (see :meth:`Recognizer._lone_cards`).  Lone
#: cards of frames composed from the anglo set-up shots are read down to 0.44 (113 px tall); smaller, an index's
#: strokes are a pixel or two, and a scrap of paper more likely than a card.
LONE_LEAST = 0.4


#: Looks at glyph pairs per frame at most, turned ones included (each is a
#: warp and a match, some 0.4 ms; the best-fitting pairs come first).  A fan
#: of cream cards on cream shows no corner but the first, and pips and half
#: covered indexes of the cards beside it can fit better than the real
#: pairs: one such frame took 13 looks.  Under chips and a hand, 8 of
#: ornamental's 60 cluttered frames ran out of 16 looks before their real
#: indexes (4 cards lost), none out of 32.  Frames rarely need more than 4,
#: and only a frame that would run out pays for the rest.
MAX_PAIR_READS = 32

#: The deck's glyph boxes grown by this factor hold a sure read's glyphs (its size is measured, see
#: Recognizer._glyph_pair_reads; other reads' indexes take the index region's room for size error).
SURE_INDEX_SLACK = 1.1

#: Sure reads of a frame with no card seen whole that must agree on their card's size, within
#: READ_SIZE_AGREE of their median, for the glyph-pair search to take it (see Recognizer._read_size);
#: a median within READ_SIZE_OFF of the set-up's leaves the set-up's size.
READS_AGREE = 2
READ_SIZE_AGREE = 0.06
READ_SIZE_OFF = 0.05

#: Degrees a glyph pair's cut is turned at a time (see Recognizer._read_turning).
TURN_STEP = 5.0


#: Card sizes, against the frame's guess, tried last for an index seen but not read.
RETRY_SIZES = (1.25, 0.8)

#: Card sizes (against the set-up's) at which a guessed corner's index is looked for (see
#: Recognizer._index_printed): tilt and a card lifted off the felt reach +-15% (the test scenes' range).
PRINTED_SIZES = (1.0, 0.85, 1.15)

#: A corner's cut is slid by this share of the rank's height (about
#: a printed rank's stroke width: strokes are an eighth to a twelfth of the
#: glyph's height), see Recognizer._read_slid.
SLIDE = 0.1
#: Frame pixels a corner of the sealed mask must lie beyond one already found along the same
#: edges to be another (the tip a notch start hid), not the same corner found again.
BEYOND = 4.0


#: The most pixels a frame may have: an 8K camera's (7680x4320).  A 12000x12000 image took 1.85 GB
#: and 2 s to read nothing (its cards far bigger than the set-up's, past the zoom's reach).
MOST_PIXELS = 7680 * 4320


class FrameError(ValueError):
    """A frame that is not a colour image; names what it got instead."""


def _beyond(c: Corner, o: Corner) -> bool:
    """Whether corner ``c`` lies along the same edges as ``o`` but beyond it, off its card's paper (the tip ``o`` lost)."""
    if c.wdir[0] * o.wdir[0] + c.wdir[1] * o.wdir[1] <= 0.9 or c.hdir[0] * o.hdir[0] + c.hdir[1] * o.hdir[1] <= 0.9:
        return False
    dx, dy = c.x - o.x, c.y - o.y
    return min(dx * o.wdir[0] + dy * o.wdir[1], dx * o.hdir[0] + dy * o.hdir[1]) < -BEYOND


class Recognizer:
    """Reads frames with one profile.  Not thread-safe; make one per thread."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.matcher = IndexMatcher(profile)
        self.judge = Judge(profile, self.matcher)
        #: How much bigger than in the set-up shots the camera shows cards (see :meth:`_camera_zoom`);
        #: None while it shows them at about that size.
        self.zoom: Optional[float] = None
        h = profile.card_h_px * MASK_SCALE
        w = h * profile.aspect
        self._min_long = 0.17 * h
        self._min_short = max(4.0, 0.05 * w)
        self._max_gap = max(8.0, 0.12 * w)
        self._notch_gap = 0.5 * w
        self._hole_max = 0.5 * w * h
        # A glyph's bay holds at most an index: the rank's and suit's boxes, on
        # the biggest card a glyph pair allows against the frame's guess.
        rb, sb = profile.rank_box, profile.suit_box
        index = (rb.u1 - rb.u0) * (rb.v1 - rb.v0) + (sb.u1 - sb.u0) * (sb.v1 - sb.v0)
        # Only glyph pairs look at bay ink, and a deck printing its index at
        # all four corners is never searched for them (see recognize): no bays.
        self._bay_max = index * w * h * SIZE_SLACK[1] ** 2 if profile.index_corners < 4 else 0.0
        self._paper = np.asarray(profile.paper_colour, np.float64) if len(profile.paper_colour) == 3 else None
        #: The paper test's balance and floor for the set-up's paper (see :meth:`_paper_test`) ...
        self._setup_test = self._paper_test(self._paper)
        #: ... and for the frame being read (set by :meth:`_lit`).
        self._balance, self._paper_min = self._setup_test
        #: What the looks at the corner being read saw (:attr:`.IndexMatcher.seen`, gathered by _read_sizes).
        self._seen: list = []
        #: Whether a look at the corner being read scored a rank and a suit (set by _read_sizes).
        self._scored = False
        #: The reads judged at the retried sizes of the corner being read (gathered by _read_sizes,
        #: see _slide_retried).
        self._judged: list[CornerRead] = []
        #: Card sizes (against the set-up's) a guessed corner's index is looked for at in the frame being
        #: read (set by :meth:`recognize`, see :meth:`_index_printed`).
        self._printed_sizes = PRINTED_SIZES
        #: The rank ink against its template's of each read of the frame read last whose rank reads clearly
        #: (see :mod:`.tone`).
        self.stroke_weights: list[float] = []
        #: Whether a corner may be passed over for no ink on its line of suit centres (see :mod:`.suit_reach`).
        self._solid_suits = solid_suits(profile)

    def _paper_test(self, paper: Optional[np.ndarray]) -> tuple[Optional[np.ndarray], float]:
        """The paper test's balance (see :func:`.detect.paper_balance`) and floor for paper that shows
        as ``paper`` (B, G, R): tinted paper is made grey first, and its floor rises as its darkest
        channel does."""
        floor = 0.35 * self.profile.paper_level
        balance = paper_balance(paper) if paper is not None else None
        if balance is not None:
            floor *= max(paper) / max(min(paper), 1.0)
        return balance, floor

    def masks(self, frame: np.ndarray) -> Masks:
        """The paper and ink masks of a BGR frame, at :data:`~.detect.MASK_SCALE`."""
        small = cv2.resize(frame, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
        return frame_masks(small, int(self._paper_min), self._hole_max, self._bay_max, self._balance)

    def split_runs(self, masks: Masks, split_outlines):
        """The straight runs of the split mask's outlines, then of the whole mask's and of those the sealed
        paper gained (see :meth:`outline_corners`), in one table (:func:`.detect.outline_runs_apart`) for
        the corner search and the edge-line follower."""
        gained = outlines_gaining(masks.sealed, masks.whole) if masks.sealed is not None else []
        return outline_runs_apart(masks.split, [(split_outlines, ()), (outlines(masks.whole), split_outlines),
                                                (gained, ())], min_long=self._min_long, min_short=self._min_short)

    def outline_corners(self, masks: Masks, split_outlines=None, split_runs=None) -> list[Corner]:
        """The exposed card corners the outline finder sees in a frame's masks (frame pixels).

        ``split_outlines``: the split mask's outlines, when already traced;
        ``split_runs``: their :meth:`split_runs`, when already made.
        """
        if split_outlines is None:
            split_outlines = outlines(masks.split)
        if split_runs is None:
            split_runs = self.split_runs(masks, split_outlines)
        # Both masks bridge notches.  In ``split`` a card lying on another's
        # corner also leaves one, the covered tip behind it: that corner is
        # found as notched (judged more strictly, and see _read_slid), where
        # the uncut mask merges the two cards and finds none.  An index
        # touching its card's edge line leaves the corner's tip out of both
        # masks (see Masks.sealed): only the outlines the sealing changed are
        # searched too.  One search for all three (see :meth:`split_runs`).
        split, whole, found = find_corners_apart(masks.split, split_runs, 3, min_long=self._min_long,
                                                 max_gap=self._max_gap, notch_gap=self._notch_gap,
                                                 first_bridged=True)
        # A corner seen is trusted over one inferred at the same place (a
        # notched corner is judged more strictly): the split mask's notched
        # corners come last.
        merged = merge_corners([c for c in split if not c.notched], whole,
                               [c for c in split if c.notched and not c.outside])
        near = self._max_gap / MASK_SCALE
        # A corner of the sealed paper is another only beyond (off the paper of) one already
        # found along the same edges, where a notch began.  It is a guess: its read counts only when sure.
        if found:
            merged += [replace(c, sealed=True) for c in found
                       if not any(abs(c.x - o.x) < near and abs(c.y - o.y) < near and not _beyond(c, o) for o in merged)]
        # A corner seen from outside lies off the card's own outline by the edge
        # line's width: one found from inside within a rounded corner's bend of it is the same.
        for c in split:
            if (c.outside and self._index_printed(c, masks)
                    and not any(abs(c.x - o.x) < near and abs(c.y - o.y) < near
                                and c.wdir[0] * o.wdir[0] + c.wdir[1] * o.wdir[1] > 0.9 for o in merged)):
                merged.append(c)
        return merged

    def edge_corners(self, masks: Masks, split_outlines, known: list[Corner], split_runs=None) -> list[Corner]:
        """Corners the outlines lost to index ink joined to the card's edge line (see :mod:`.edge_corners`).

        Only those with an index printed where theirs would be: each is a guess
        at a card's tip, read as notched.  ``known``: the outline corners;
        ``split_runs``: as for :meth:`outline_corners`.
        """
        kw = dict(min_long=self._min_long, min_short=self._min_short, max_gap=self._max_gap)
        return [c for c in edge_line_corners(masks.split, split_outlines, known, reach=self._notch_gap,
                                             runs=split_runs, **kw)
                if self._index_printed(c, masks)]

    def _index_printed(self, c: Corner, masks: Masks) -> bool:
        """Whether something not paper lies at the centres of a corner's rank and suit, at some card size
        of :data:`PRINTED_SIZES` (the set-up's alone where a card is seen whole, see :meth:`recognize`).

        A corner seen from outside is a guess at a card's tip: it is read only
        where its index shows, which spares the reads of the bends two cards'
        edges make.  Enclosed ink is in ``ink``; an index joined to the card's
        edge line (why its own outline lost the corner) is a bay, outside ``whole``.
        The card's size is not known before its corner is read: a card lifted
        or tilted away moves its suit's centre by more than the window looked at.
        """
        rows, cols = masks.whole.shape[:2]
        for k in self._printed_sizes:
            h = self.profile.card_h_px * k
            w = h * self.profile.aspect
            for box in (self.profile.rank_box, self.profile.suit_box):
                u, v = box.cu * w, box.cv * h
                x = int(round((c.x + u * c.wdir[0] + v * c.hdir[0]) * MASK_SCALE))
                y = int(round((c.y + u * c.wdir[1] + v * c.hdir[1]) * MASK_SCALE))
                if not (1 <= x < cols - 1 and 1 <= y < rows - 1):
                    break
                # (Counted by OpenCV: numpy's any and all cost some microseconds a call, most of it set-up.)
                if not (cv2.countNonZero(masks.ink[y - 1:y + 2, x - 1:x + 2])
                        or cv2.countNonZero(masks.whole[y - 1:y + 2, x - 1:x + 2]) < 9):
                    break
            else:
                return True
        return False

    def balanced(self, frame: np.ndarray) -> np.ndarray:
        """A BGR frame as the reader works on it: BGRA, its light made the set-up's (see :mod:`.light`)."""
        return self._lit(frame)[0]

    def _lit(self, frame: np.ndarray) -> tuple[np.ndarray, Optional[ChromaBleed]]:
        """:meth:`balanced`, and the paper's colour its codec bled into the print (see :mod:`.chroma_bleed`).

        Also sets the frame's paper test (see :meth:`masks`).  A light off the
        set-up's by less than :data:`.light.LEAST_CHANGE` leaves the frame as it
        is: across one frame of the shared photos the light wanders that much, so
        the frame's brightest paper says too little of the paper's colour at any
        one card to rebalance what the reader measures there.  The paper test
        alone takes that colour: it allows a tint, and a tint near its allowance
        loses the paper between a corner's edge and its index (a red glyph's
        colour bleeds into it), so paper tinted as :func:`.detect.paper_balance`
        would balance is made grey for it first.  The bleed is taken out only of a
        frame whose light was balanced: cream stock in the set-up's own light read
        no card more with it (maple table and cream stock, the held-out cream deck)
        and paid some 4 ms a frame, its many corners each cut through it.  A frame whose
        paper shows far darker than the set-up's (a dimmed room, a camera's exposure turned
        down) is brightened back to it (see :func:`.light.exposure`), whatever its colour, also
        when its brightest pixels' colour is no lamp's (its colour is then left as it is).  A washed-out
        frame (its darkest pixels far above black) is first stretched back down to black (see
        :func:`.light.contrast_table`).
        """
        given, frame = frame, _four_channels(frame)
        paper = self._paper
        top = None
        if paper is not None:
            top, black = frame_levels(frame)
            washed = contrast_table(top, black, paper)
            if washed is not None:
                given = cv2.LUT(given, washed)
                frame, top = _four_channels(given, frame), stretched(top, black)
        light = frame_light(frame, paper, top) if paper is not None else None
        self._balance, self._paper_min = self._setup_test
        # The light's colour is at the frame's brightness; a dimmed frame is also brightened back.
        gain = (exposure(top, paper) or 1.0) if top is not None else 1.0
        if light is None:
            if gain == 1.0:
                return frame, None
            return _four_channels(cv2.LUT(given, balance_table(np.full(3, 1.0 / gain))), frame), None
        if not worth_balancing(light, LEAST_INK_CHANGE if self.profile.colour_pairs else LEAST_CHANGE):
            seen = paper * light * (paper.max() / (paper * light).max())
            if np.abs(seen - paper).max() > tint_allowance(paper.max()) / 4:
                # The paper's tint changed by what paper_balance counts as tinted.
                self._balance, self._paper_min = self._paper_test(seen)
            if gain == 1.0:
                return frame, None
            return _four_channels(cv2.LUT(given, balance_table(np.full(3, 1.0 / gain))), frame), None
        return (_four_channels(cv2.LUT(given, balance_table(light / gain)), frame),
                chroma_bleed(paper * light / gain, gain / light))

    def recognize(self, frame: np.ndarray) -> FrameResult:
        """Every card in a BGR frame: sure reads in ``cards``, the rest in ``uncertain``.

        A camera showing cards far bigger or smaller than the set-up shots did (see
        :data:`WHOLE_SIZES`) has its frames read scaled to the set-up's size, the corners
        given back in the frame's pixels; the size is kept from frame to frame (see
        :meth:`_camera_zoom`).
        """
        t0 = time.perf_counter()
        if frame is None or getattr(frame, "ndim", 0) != 3 or frame.shape[2] != 3:
            got = "nothing" if frame is None else f"an array of shape {getattr(frame, 'shape', '?')}"
            raise FrameError(f"recognize needs a BGR colour frame (height x width x 3), got {got}")
        if frame.shape[0] * frame.shape[1] > MOST_PIXELS:
            raise FrameError(f"a frame of {frame.shape[1]}x{frame.shape[0]} is more than an 8K camera gives "
                             f"({MOST_PIXELS:,} pixels); scale it down to the set-up shots' resolution first")
        if frame.dtype != np.uint8:
            raise FrameError(f"recognize needs 8-bit pixels (uint8, as cv2.imread and cameras give), got {frame.dtype}; "
                             "convert the frame first (cv2.convertScaleAbs, or scale 16-bit frames down by 256)")
        result = self._read(frame, t0)
        gamma = bent_gamma(self.stroke_weights)
        if gamma is not None:
            again = self._read(cv2.LUT(frame, undo_table(gamma)), t0)
            if more_read(result, again):
                result = again
            result.ms = again.ms
        return result

    def _read(self, frame: np.ndarray, t0: float) -> FrameResult:
        """:meth:`recognize` of a checked ``frame`` but the look at its tone curve (see :mod:`.tone`)."""
        zoom = self.zoom if self.zoom is not None else self.resolution_zoom(frame.shape[1], frame.shape[0])
        if zoom is not None:
            result = self._zoomed(frame, zoom, t0, remembered=True)
            if result is not None:
                return result
        return self._recognize(frame, t0)

    def resolution_zoom(self, width: int, height: int) -> Optional[float]:
        """How much bigger than in the set-up shots a frame of ``width`` x ``height`` shows cards
        if the camera kept its view and changed resolution; None when that is about the set-up's
        size (:data:`WHOLE_SIZES`), or the frame's shape or the profile does not tell.

        A first guess, read as a remembered zoom (frames whose cards seen whole are of another
        size are read as given): a 5K frame of a 720p set-up shows cards four times as big,
        past what the frame's own cards can tell (:data:`ZOOM_MOST`).
        """
        shot = self.profile.shot_size
        if len(shot) != 2 or width <= 0 or height <= 0 or abs((width / height) / (shot[0] / shot[1]) - 1.0) > SAME_VIEW:
            return None
        k = width / shot[0]
        if WHOLE_SIZES[0] <= k <= WHOLE_SIZES[1]:
            return None
        return max(k, 1.0 / ZOOM_MOST)

    def _recognize(self, frame: np.ndarray, t0: float, scaled: bool = False,
                   remembered: bool = False) -> Optional[FrameResult]:
        """:meth:`recognize` of ``frame``, as given or ``scaled`` to the set-up's card size (by a
        zoom ``remembered`` from earlier frames or measured on this one).  None when a remembered
        zoom no longer holds (see :meth:`_camera_zoom`; it is then forgotten)."""
        self.stroke_weights = []
        if min(frame.shape[:2]) < LEAST_FRAME:
            # No card fits: a camera's broken first frame, a stream's stub.
            return FrameResult(ms=(time.perf_counter() - t0) * 1000)
        given = frame
        frame, self.matcher.bleed = self._lit(frame)
        self._seen = []
        masks = self.masks(frame)
        split_outlines = outlines(masks.split)
        split_runs = self.split_runs(masks, split_outlines)
        seen_whole = self._cards_seen_whole(masks.split, split_outlines)
        quads = [q for q in seen_whole if _of_set_up_size(q, self.profile.card_h_px)]
        view = TableView(masks.frame, masks.whole, MASK_SCALE)
        # Cards seen whole off the set-up's size tell a zoom (or a lone card's size) only when no arm cut them out
        # (qaAS: an arm across two cards left card-shaped pieces of each, and the frame was read zoomed out).
        uncut = quads + [q for q in seen_whole if not _of_set_up_size(q, self.profile.card_h_px)
                         and not view.cut_off(q.points)]
        if not scaled and self._camera_zoom(quads, uncut) is not None:
            return self._zoomed(given, self.zoom, t0, remembered=False)
        if remembered and not quads and _off_size(uncut, self.profile.card_h_px) is not None:
            self.zoom = None
            return None
        # A card seen whole shows the frame's card size is the set-up's (the guessed corners'
        # index is looked for at it alone); with none, cards may lie smaller or bigger.
        self._printed_sizes = PRINTED_SIZES[:1] if quads else PRINTED_SIZES
        corners = self.outline_corners(masks, split_outlines, split_runs)
        scale = self._frame_scale(quads)
        card_h = self.profile.card_h_px * scale
        card_w = card_h * self.profile.aspect
        read_cards = SureReads(self.profile, OutlineFinder(split_outlines, card_w))
        # [corner, sizes, best read, glyphs seen at the last try, size guessed, looks' glyphs seen,
        #  some look scored an index]
        pending = []
        order = side_ends_last(inked_index_first(corners, masks.ink, self.profile, card_w, card_h), card_w, card_h)
        # Corners followed along edge lines are guesses: read last, so that those beside an index
        # already read are spared.
        order += self.edge_corners(masks, split_outlines, corners, split_runs)
        reach = SuitReach(self.profile, masks, all_felt=self._bay_max == 0) if self._solid_suits and order else None
        for c in order:
            if read_cards.spare(c):
                continue
            k = self._corner_scale(c, quads, card_h)
            sizes = [k] if k != 1.0 or abs(scale - 1.0) <= 0.1 else [k, 1.0 / scale]
            if c.wlen > LONG_SIDE * card_w * max(sizes):
                # The edge along the index's width runs on far past a card's
                # width: this is a long side, so not an index corner.
                continue
            if reach is not None and not reach.may_hold_index(c, card_w, card_h, *self._size_reach(sizes)):
                # No suit could be cut here at any size a look or a retry tries:
                # read as a corner whose looks saw nothing.
                continue
            self._seen = []
            self._scored = False
            best, saw = self._read_sizes(frame, c, sizes, card_w, card_h, None, retried=False)
            if saw and not (best is not None and best.sure) and (
                    c.notched or ((best is None or best.read.cut)
                                  and self.matcher.saw_a_clear_rank(self._seen, beside=False))):
                best = self._read_slid(frame, c, sizes[0], card_w, card_h, best)
            best = self._lying_that_way(best, masks)
            pending.append([c, sizes, best, saw, k == 1.0, self._seen, self._scored])
            if best is not None and best.sure:
                read_cards.add(best, self._clear_alone(best))
        self._seen = []  # the later looks' glyphs are not asked for
        # The cards seen whole need not be the size of this one (tilt, a card
        # lifted): an index seen but not read is tried again at the calibrated
        # size, then a step bigger and smaller (the rank's own height cannot
        # tell the size when the guess is so far off that the rank and suit
        # are cut in the wrong place).  This comes after every first read, so
        # that the corners beside an index already read are not tried again.
        # Only an index is tried again: a rank with a suit beside it, or a
        # lone glyph that scores as some rank.  A lone shape that is no rank
        # (a pip some decks print in every corner, a piece of a picture) is
        # scored normalised to its window, so it is no rank at another size
        # either (such retries were a third of tango's, a look or two each,
        # and none on the benchmark decks was ever sure).  Nor is an index tried
        # again where no look scored it (its rank's or suit's height unlike the
        # deck's, see IndexMatcher._score: a pip, a piece of a picture, an index
        # under another card) unless its rank read as clearly as a sure read's
        # with a suit beside it, or a visible side of its corner is longer than
        # the guessed card's (the card is surely bigger: lifted, nearer the
        # camera).  On the 20 benchmark decks the retries of unscored indexes
        # were two thirds of all and 4 in 616 became sure, against 41 in 342
        # of the scored ones; three of the four pass the two signs, and the
        # fourth card (a tigullio jack) is read all the same.
        for item in pending:
            c, sizes, best, saw, size_guessed, seen, scored = item
            if (size_guessed and saw and not (best is not None and best.sure) and not read_cards.spare(c)
                    and self.matcher.saw_an_index(seen)
                    and (scored or c.wlen > card_w or c.hlen > card_h or self.matcher.saw_a_clear_rank(seen))):
                self._judged = []
                item[2], _ = self._read_sizes(frame, c, [sizes[0] * f for f in RETRY_SIZES], card_w, card_h,
                                              best, retried=True)
                slide = [cr for cr in self._judged if self._slide_retried(cr, best)]
                if slide and item[2] is not None and not item[2].sure:
                    at = max(slide, key=lambda cr: cr.read.best("rank")[1])
                    item[2] = self._read_slid(frame, c, at.size[1] / card_h, card_w, card_h, item[2])
                item[2] = self._lying_that_way(item[2], masks)
                if item[2] is not None and item[2].sure:
                    read_cards.add(item[2])
        # A sealed paper's corner is a guess, like a glyph pair: not sure, it is no alert.
        reads = [item[2] for item in pending if item[2] is not None and (item[2].sure or not item[0].sealed)]
        if self.profile.index_corners < 4:
            # A deck printing its index at all four corners shows an upright
            # index at both top corners: from the glyphs alone the card could
            # lie either side of it (one card would be read twice).  So could
            # the card read at a tip behind a corner: the strip between a court
            # card's frame line and its side turns a corner whose long side is
            # the frame's line, and back along it lies the other top index
            # (bonded's and dondorf's kings, read as cards lying off the frame).
            spared = list(read_cards.spared_across.values())
            pair_h = card_h if quads else self._read_size(reads, card_h)
            paired = [cr for cr in self._glyph_pair_reads(frame, masks, reads, pair_h * self.profile.aspect, pair_h,
                                                          spared) if cr.sure]
            for cr in paired:
                read_cards.add(cr)
            reads += paired + self._tips_behind_reads(frame, masks, pending, reads, read_cards, card_w, card_h)
        self.stroke_weights = [cr.read.rank_ink for cr in reads if self.matcher.rank_clears(cr.read)]
        result = self._pool(reads, card_w, card_h, order, seen_whole)
        # A card seen whole with no index found at all is a card to ask for, not nothing (QA: a dealt card
        # with both index corners smudged was skipped, and every later card went into the wrong hand).
        result.uncertain += [UncertainHit((), outline, 0.0) for outline in unread_outlines(
            quads, corners, masks.whole, masks.ink, [h.corners for h in result.cards + result.uncertain], card_w, card_h,
            masks.split, masks.frame)]
        # A near-upright fan's outline is one four-sided blob, wider than a card (QA: 1.35 times its height, 10%
        # wider for it): it doubted a deck's own profile.  Nothing past a card's size votes on the shape.
        result.shapes = [q.short / q.long / self.profile.aspect for q in seen_whole
                         if q.long <= WHOLE_SIZES[1] * self.profile.card_h_px]
        result.view = view
        if not scaled and not quads:
            self._lone_cards(given, uncut, masks, result, t0)
        result.ms = (time.perf_counter() - t0) * 1000
        return result

    def _lone_cards(self, frame: np.ndarray, seen_whole: list, masks: Masks, result: FrameResult, t0: float) -> None:
        """Adds to ``result`` (a read of ``frame`` as given, whose ``masks`` these are) the cards ``seen_whole`` off
        the set-up's size that it left without a hit and that show a face (a blank slip or a card back shows
        none, see :func:`.unread_outlines.a_face`), read with ``frame`` scaled to their size: read for sure, or
        else asked for.

        One card of a size far off the set-up's does not make the camera's zoom (see :meth:`_camera_zoom`):
        it may be a card half covered.  But a card lying alone in view, smaller than the set-up's (QA: 182 px
        tall against anglo's 256), was read at the set-up's size, found no index, and was not even named as
        unread, though the same card was read beside a second one of its size.  Only this frame is scaled; the
        hits kept are those on such a card.
        """
        alone = [q for q in seen_whole if not _of_set_up_size(q, self.profile.card_h_px)
                 and q.long >= LONE_LEAST * self.profile.card_h_px
                 and not any(_on_quad(q, hit.corners) for hit in result.cards + result.uncertain)
                 and a_face(np.array(q.points, np.float64), masks.whole, masks.ink)]
        if not alone:
            return
        weights = self.stroke_weights
        again = self._zoomed(frame, float(statistics.median(q.long for q in alone)) / self.profile.card_h_px, t0,
                             remembered=False)
        self.stroke_weights = weights
        if again is None:
            return
        result.cards += [hit for hit in again.cards if any(_on_quad(q, hit.corners) for q in alone)]
        result.uncertain += [hit for hit in again.uncertain if any(_on_quad(q, hit.corners) for q in alone)]

    def _tips_behind_reads(self, frame, masks: Masks, pending: list, reads: list[CornerRead], read_cards: SureReads,
                           card_w: float, card_h: float) -> list[CornerRead]:
        """Sure reads at the tips behind the corners not read, of the cards not read by any other
        corner or glyph pair (see :mod:`.tips_behind`): the tip that index ink cut off a corner
        found down a card's edge.  ``pending``: the corner reads, as :meth:`_recognize` keeps them."""
        out: list[CornerRead] = []
        for c, sizes, best, *_ in pending:
            if (c.notched or c.sealed or (best is not None and best.sure) or read_cards.spare(c)
                    or tip_already_read(c, reads + out, card_w, card_h)):
                continue
            for tip in self._tips_at_sizes(c, masks, card_w * sizes[0], card_h * sizes[0]):
                cr, _ = self._read_sizes(frame, tip, sizes[:1], card_w, card_h, None, retried=False)
                if cr is not None and cr.sure:
                    out.append(cr)
                    read_cards.add(cr)
                    break
        return out

    def _tips_at_sizes(self, c: Corner, masks: Masks, card_w: float, card_h: float) -> Iterator[Corner]:
        """The tips behind ``c`` (see :func:`.tips_behind.tips_behind`) for a card ``card_w`` x ``card_h``
        and then for each other size of :attr:`_printed_sizes` against it, each place once.

        The tip is found where the index's rank and suit centres fall on ink; with
        no card seen whole, the frame's cards may lie a tenth or more smaller or
        bigger than its guess, and a small suit's centre then falls beside it:
        bellot's 8 of clubs on a king's picture (frame 0044, 0.9 of the set-up's
        size) has its club looked for ten pixels off at the guessed size, and is
        found, and read, at 0.85 of it.
        """
        seen: list[Corner] = []
        for k in self._printed_sizes:
            for tip in tips_behind(c, masks, self.profile, card_w * k, card_h * k):
                if not any(abs(tip.x - t.x) < 1.0 and abs(tip.y - t.y) < 1.0 for t in seen):
                    seen.append(tip)
                    yield tip

    def _zoomed(self, frame: np.ndarray, zoom: float, t0: float, remembered: bool) -> Optional[FrameResult]:
        """:meth:`_recognize` of ``frame`` scaled by ``1 / zoom`` (to the set-up's card size),
        the corners read given back in ``frame``'s pixels."""
        h, w = frame.shape[:2]
        size = (max(int(round(w / zoom)), 1), max(int(round(h / zoom)), 1))
        scaled = cv2.resize(frame, size, interpolation=cv2.INTER_AREA if zoom > 1.0 else cv2.INTER_CUBIC)
        result = self._recognize(scaled, t0, True, remembered)
        if result is None:
            return None
        fx, fy = w / size[0], h / size[1]

        def back(corners) -> tuple[tuple[float, float], ...]:
            return tuple((x * fx, y * fy) for x, y in corners)

        result.cards = [replace(hit, corners=back(hit.corners)) for hit in result.cards]
        result.uncertain = [replace(hit, corners=back(hit.corners)) for hit in result.uncertain]
        if result.view is not None:
            result.view = TableView(result.view.small, result.view.paper, result.view.scale / fx)
        return result

    def _glyph_pair_reads(self, frame, masks: Masks, reads: list[CornerRead], card_w: float, card_h: float,
                          across: list[CornerRead] = ()):
        """Reads of indexes whose corner was not found, located by their rank and suit glyphs.

        Only glyphs outside every index read so far (sure or not) are
        paired; each sure read from a pair covers its own glyphs in turn,
        so one index is read once.  The corner is inferred (its tip was not
        seen), so the read is judged like a notched corner.  ``across``: the
        clear reads whose card's other index corner went unread (see
        :meth:`_clear_alone`): that index is read too, and its glyphs are not paired.
        """
        region = self.profile.index_region()
        # A sure read's size is measured (its rank's height): its glyphs lie within the deck's
        # glyph boxes, and beyond them may lie another card's index on a card covering this one.
        rb, sb = self.profile.rank_box, self.profile.suit_box
        glyph_boxes = Box(0.0, 0.0, max(rb.u1, sb.u1) * SURE_INDEX_SLACK, max(rb.v1, sb.v1) * SURE_INDEX_SLACK)
        out: list[CornerRead] = []
        covered = []
        budget = [MAX_PAIR_READS]
        known = [index_area(r, glyph_boxes if r.sure else region) for r in reads]
        known += [far_index_area(r, glyph_boxes) for r in across]
        for gp in find_glyph_pairs((masks.ink, masks.faint_ink), self.profile, card_h, known,
                                   bays=masks.bay_ink, frame=frame, pips=self.profile.glyphs_on_pips,
                                   colour=masks.frame):
            if budget[0] <= 0:
                break
            if any(inside(p, area) for area in covered for p in (gp.rank_at, gp.suit_at)):
                continue
            best = self._read_turning(frame, gp, card_w, card_h, budget)
            if best is not None:
                out.append(best)
                if best.sure:
                    covered.append(index_area(best, region))
        return out

    def _lying_that_way(self, cr: Optional[CornerRead], masks: Masks) -> Optional[CornerRead]:
        """``cr``, or None when it is a four-index card's top-right index read as a top-left one
        (the card lies the other way: see :mod:`.card_beyond`)."""
        if cr is None or not cr.sure or self.profile.index_corners < 4 or card_runs_on(masks.whole, cr, self.profile):
            return cr
        return None

    def _read_turning(self, frame, gp: GlyphPair, card_w: float, card_h: float, budget: list[int]):
        """A glyph pair's index read, turning the cut a little while that reads better.

        The pair's direction is that of the line through the two glyphs'
        centres, but a narrow rank does not sit in the middle of the rank
        box (a J leans right, a 1 left): the cut can be turned by up to ten
        degrees, which costs a clear read its margin.  Only an index that
        reads at all is turned (in steps of :data:`TURN_STEP` degrees, on
        while each step reads better).  A step that reads the unturned code
        for sure reads better however confident: a rank whose lead a
        degree's lean cost can regain it while the suit's score drops a
        little (bellot's 4 of diamonds on a heart, clutter frame 0042: 0.84
        and sure turned, 0.88 unturned).  Each look takes one from
        ``budget[0]``; none is taken past zero.
        """
        def read(turn: float):
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            return self._read_sizes(frame, gp.turned(turn), [gp.scale], card_w, card_h, None, retried=False)[0]

        best = read(0.0)
        if best is None or best.sure:
            return best
        tries = [(t, read(t)) for t in (TURN_STEP, -TURN_STEP)]
        tries = [(t, r) for t, r in tries
                 if r is not None and (r.confidence > best.confidence or (r.sure and r.code == best.code))]
        if not tries:
            return best
        turn, best = max(tries, key=lambda tr: (tr[1].sure, tr[1].confidence))
        if not best.sure:
            further = read(2 * turn)
            if further is not None and further.confidence > best.confidence:
                best = further
        return best

    def _read_slid(self, frame, c: Corner, k: float, card_w: float, card_h: float, best):
        """A corner's index read again with the cut slid by a stroke along each edge.

        The tip of a notched corner was not seen: another card lies over it,
        and the edge of that card runs across the index, a few pixels from
        the glyphs or touching them.  Where it touches, the line and the rank
        make one blob, and which pixels of the line the cut's margin takes
        off decides whether they part: a stroke's slide parts them.

        A whole corner is slid where a look saw a rank that reads clearly
        and the corner read no index, or one with a glyph cut from ink
        beside it: an index printed against the card's edge or outline
        (swiss-xvii's rose touches it) loses a petal, or its whole suit, to
        the patch's edge band when the corner is found a pixel or two off the
        set-up's place.  Its slid look counts only when sure by the plain
        thresholds alone (see :meth:`_plainly_sure`): in heavy motion blur a
        whole index that read plainly but not surely (a 3 as an ace) reads
        surely at some slide, and the blurred templates or the pair score
        can make any look sure.

        A corner seen from outside (see :attr:`.Corner.outside`) is a guess at
        a tip from the bend of the paper it lies on: three or four pixels off
        it along both edges at once, in or out (the bend is rounded, and the
        card's edge line lies between).  Where each of the four looks still
        saw glyphs (an index lies there whichever way the cut slides), it is
        slid a stroke along both edges together too, both ways: bellot's 4 of
        hearts lying on a pale card (frame 0016) read none of the four and
        reads 0.93 slid inward across, tigullio-international's jack of
        hearts (frame 0018) reads 0.95 slid outward across.  Most corners
        seen from outside are bends beside pips and pictures, where some look
        sees no glyph (23 of anglo's 28 slid in 150 frames): they are spared
        the two looks.

        Each look is judged as the corner it is; a sure read is
        kept only when no other slid look is sure of another code.
        """
        sure, saw_all = self._slid_looks(frame, c, k, card_w, card_h, (c.wdir, c.hdir))
        if c.outside and saw_all:
            sure += self._slid_looks(frame, c, k, card_w, card_h, _across(c))[0]
        if sure and len({cr.code for cr in sure}) == 1:
            return max(sure, key=lambda cr: cr.confidence)
        return best

    def _slid_looks(self, frame, c: Corner, k: float, card_w: float, card_h: float, ways):
        """The sure reads of ``c`` slid a stroke (see :meth:`_read_slid`) each way along each of
        ``ways`` (unit vectors, or the sum of two), and whether every look saw index-like glyphs."""
        step = SLIDE * self.profile.rank_h * card_h * k
        sure, saw_all = [], True
        for (ax, ay) in ways:
            for sign in (1.0, -1.0):
                moved = replace(c, x=c.x + sign * step * ax, y=c.y + sign * step * ay)
                cr, saw = self._read_sizes(frame, moved, [k], card_w, card_h, None, retried=False)
                saw_all = saw_all and saw
                if cr is not None and cr.sure and (c.notched or self._plainly_sure(cr)):
                    sure.append(cr)
        return sure, saw_all

    def _slide_retried(self, cr: Optional[CornerRead], first: Optional[CornerRead]) -> bool:
        """Whether a corner's read at a retried size is worth the slid looks of :meth:`_read_slid`
        there: not sure, cut from ink beside it, its rank reading as a sure read's must (the
        profile's least score), where no look at the first size read a rank so.

        A whole corner is slid only where a look at the first size saw a rank that
        reads clearly; a card guessed a tenth small cuts a rank joined to a pip beside it
        (tigullio-international's 5 of hearts, frame 0035) so that it reads only at a retried
        size, and there its corner, found a stroke along the edge from its tip (its side
        hidden a few pixels on), cuts the 5 with a sliver of the pip: 0.78, short of a cut
        read's 0.8.  Slid back by a stroke, it reads 0.9 and more.
        """
        if cr is None or cr.sure or not cr.read.cut:
            return False
        least = self.profile.thresholds.min_score
        return cr.read.best("rank")[1] >= least and (first is None or first.read.best("rank")[1] < least)

    def _clear_alone(self, cr: CornerRead) -> bool:
        """Whether a sure read is so clear that its card's opposite index corner need not check it.

        Its corner was seen whole, its glyphs read whole at their own size and
        within the self-test's blur, each :data:`.verdict.NOTCH_EXTRA` past the
        plain thresholds, and neither has a look-alike in the deck.  Of the
        cards of the 35 benchmark designs' table frames, 3,348 were read for sure
        at both index corners, none as two codes, nor did an unsure corner ever
        contradict a sure one.
        """
        c, r, t = cr.corner, cr.read, self.profile.thresholds
        if (c.notched or c.outside or c.sealed or r.cut or r.unsized or r.unsteady or cr.colour_conflict
                or cr.pair_conflict or self.judge.past_self_test(r) or self.judge.smeared(r)
                or t.look_alike(cr.code)):
            return False
        return _plain_past(cr, t, NOTCH_EXTRA)

    def _plainly_sure(self, cr: CornerRead) -> bool:
        """Whether ``cr`` reads its code by the plain thresholds alone: its rank and suit each score
        at least the profile's least score, that far ahead of the next (no blurred templates, pair
        score or cut suit's look made it sure)."""
        return _plain_past(cr, self.profile.thresholds, 0.0)

    def _read_sizes(self, frame, c: Corner, sizes, card_w: float, card_h: float, best, retried: bool):
        """The corner read at each card size in turn until one is sure or no glyphs show.

        Returns the best read (sure first) and whether the last try saw index-like glyphs.
        """
        saw = False
        for k in sizes:
            r = self.matcher.read_corner(frame, c.x, c.y, c.wdir, c.hdir, card_w * k, card_h * k)
            saw = self.matcher.saw_glyphs
            self._seen.extend(self.matcher.seen)
            self._scored = self._scored or (r is not None and not r.doubtful)
            if r is not None and retried and not self._index_in_place(r):
                # A bigger cut also takes in a neighbour's index lying beside
                # a covered one: at a retried size the rank must sit where
                # this deck prints it.
                r = None
            if r is not None:
                # The card is as big as its rank's height against the height the deck prints
                # that rank at (a tall J or Q does not make a bigger card).
                own = self.profile.rank_h / self.profile.printed_height(r.best("rank")[0])
                k *= min(max(float(r.scale) * own, 0.75), 1.35)
                cr = self.judge.corner(c, r, card_w * k, card_h * k)
                if cr is not None and retried:
                    self._judged.append(cr)
                if r.core is not None and not (cr is not None and cr.sure):
                    # The last resort: the suit without a picture's lines joined to it.
                    core = self.judge.corner(c, r.core, card_w * k, card_h * k)
                    if core is not None and core.sure:
                        r, cr = r.core, core
                if (cr is not None and cr.sure and best is not None and self.judge.past_self_test(r)
                        and self.judge.contradicted([best, cr], cr.code)):
                    # Blurred past the self-test, a look at another size that
                    # clearly read another rank (a queen whose tail faded
                    # reads as an A at one size, still as a Q at another)
                    # counts against this one as another corner would.
                    cr.sure = False
                if cr is not None and (best is None or cr.sure):
                    best = cr
            if (best is not None and best.sure) or not saw:
                break
        if best is not None and best.sure:
            self._as_wide_as_seen(frame, c, best)
        return best, saw

    def _as_wide_as_seen(self, frame, c: Corner, cr: CornerRead) -> None:
        """Makes a sure read ``cr`` of corner ``c`` unsure when the card, read again as wide as its
        visible width edge runs, reads surely as another card (both are then its candidates).

        A camera at a slant squeezes the picture more one way than the other: a
        profile calibrated under it learnt the card narrower for its height
        than it lies sideways on the table (qaAS F2: a 10% slant at the
        set-up, 16% in play, a king lying sideways 211 px wide against the
        145 its read placed).  Its index cut at the read's width is stretched
        across, and a K so stretched read as a 10 (0.71 against 0.49).  Only
        where the height edge runs about the card's whole height
        (:data:`SEEN_HEIGHT`) and the width edge past the read's width by
        :data:`WIDER_SEEN`: the edges of a card lying apart.  A width edge
        running on along a fanned neighbour's is read too, but only a sure read of
        another code there takes the card's sureness away, never gives one.
        """
        w, h = cr.size
        if not (c.wlen > WIDER_SEEN * w and SEEN_HEIGHT[0] * h <= c.hlen <= SEEN_HEIGHT[1] * h):
            return
        r = self.matcher.read_corner(frame, c.x, c.y, c.wdir, c.hdir, c.wlen, h)
        wide = None if r is None else self.judge.corner(c, r, c.wlen, h)
        if wide is not None and wide.sure and wide.code != cr.code:
            cr.sure = False
            cr.candidates = [cr.code, wide.code] + [k for k in cr.candidates if k not in (cr.code, wide.code)]

    @staticmethod
    def _size_reach(sizes) -> tuple[float, float]:
        """The least and greatest card sizes (against the frame's guess) a corner first read at
        ``sizes`` is cut at: each size recut as its rank's height says (:data:`.index.RECUT_RANGE`),
        the retries (:data:`RETRY_SIZES` of the first) likewise."""
        lo = min(min(sizes), sizes[0] * min(RETRY_SIZES)) * RECUT_RANGE[0]
        hi = max(max(sizes), sizes[0] * max(RETRY_SIZES)) * RECUT_RANGE[1]
        return lo, hi

    def _index_in_place(self, r: IndexRead) -> bool:
        """Whether the rank glyph lies where the deck prints it, within half a glyph."""
        if r.rank_center is None:
            return False
        box = self.profile.rank_box
        u, v = r.rank_center
        return abs(u - box.cu) < 0.5 * (box.u1 - box.u0) and abs(v - box.cv) < 0.5 * self.profile.rank_h

    def _cards_seen_whole(self, mask: np.ndarray, contours=None) -> list:
        """Cards seen whole, of any size a frame is read at (see :data:`ZOOM_MOST`); ``contours``:
        the mask's outlines, when traced.  Those of about the set-up's size (:data:`WHOLE_SIZES`)
        tell the frame's card size; the camera is fixed, so one far off it is something else of
        that shape (a shirt cuff, a paper slip), unless two or more agree (see :meth:`_camera_zoom`)."""
        p = self.profile
        quads = find_quads(mask, p.aspect, min_short=0.6 * p.card_h_px * MASK_SCALE * p.aspect / ZOOM_MOST,
                           contours=contours)
        return [q for q in quads if 1.0 / ZOOM_MOST <= q.long / p.card_h_px <= ZOOM_MOST]

    def _camera_zoom(self, quads: list, seen_whole: list) -> Optional[float]:
        """How much bigger than in the set-up shots the camera shows cards (see :data:`WHOLE_SIZES`),
        or None when at about the set-up's size; kept in :attr:`zoom` for the frames to come.

        Asked of a frame as given while no zoom is kept.  Cards seen whole of the
        set-up's size (``quads``) say the camera shows that size; without them,
        :data:`ZOOM_CARDS` cards seen whole (of ``seen_whole``) of one size far off it say it
        was set to another resolution or moved.  One such card is not enough: a card half
        covered can show a smaller card's shape; nor are pieces an arm cut out of cards (see
        :meth:`.TableView.cut_off`; :meth:`_recognize` leaves them out of ``seen_whole``).  A
        frame read at a kept zoom whose cards seen whole say so again, of the frame as scaled,
        forgets it (the camera was set back) and is read as given.
        """
        self.zoom = None if quads else _off_size(seen_whole, self.profile.card_h_px)
        return self.zoom

    def _frame_scale(self, quads: list) -> float:
        """Card size in this frame against the set-up shots, from the cards seen whole."""
        sizes = [q.long / self.profile.card_h_px for q in quads]
        return float(statistics.median(sizes)) if sizes else 1.0

    @staticmethod
    def _read_size(reads: list[CornerRead], card_h: float) -> float:
        """The frame's card height told by its sure reads, where no card is seen whole: ``card_h``
        (the set-up's) unless :data:`READS_AGREE` of them agree on one far off it.

        The glyph-pair search takes an index's glyphs at the spacing this height gives, within
        :data:`.glyph_pairs.SIZE_SLACK`: a camera a seventh farther than at the set-up, with a
        small suit's centre a pixel high, puts a fan's aces out of reach
        (tigullio-international's A and small diamond 0.72 of the set-up's spacing apart).
        Each sure read measured its card by its rank's height.
        """
        sizes = sorted(cr.size[1] / card_h for cr in reads if cr.sure)
        if len(sizes) < READS_AGREE:
            return card_h
        k = float(statistics.median(sizes))
        if abs(k - 1.0) < READ_SIZE_OFF or sum(abs(s / k - 1.0) <= READ_SIZE_AGREE for s in sizes) < READS_AGREE:
            return card_h
        return card_h * k

    def _corner_scale(self, c: Corner, quads: list, card_h: float) -> float:
        """This corner's card size against the frame's guess ``card_h``.

        Camera tilt and a card lifted off the felt make cards of one frame
        differ by a third in size, too much for the index reader to recover:
        a corner of a card seen whole takes that card's size.  (The straight
        edges seen from a corner are no guide: in a fan they run on along
        the neighbour's edge.)
        """
        near = SAME_PLACE * card_h
        for q in quads:
            if any(abs(c.x - x) < near and abs(c.y - y) < near for x, y in q.points):
                return min(max(q.long / card_h, 0.75), 1.35)
        return 1.0

    def _pool(self, reads: list[CornerRead], card_w: float, card_h: float, corners=(), whole=()) -> FrameResult:
        rb, sb = self.profile.rank_box, self.profile.suit_box
        groups = group_corners(reads, card_w, card_h, self.profile.rank_h,
                               (max(rb.u1, sb.u1), max(rb.v1, sb.v1)), corners, whole)
        groups, joined = join_side_corners(groups, card_w, card_h)
        out = FrameResult(side_reads=joined)
        for g in groups:
            sure_codes = {cr.code for cr in g if cr.sure}
            if not sure_codes:
                agreed = self.judge.two_corners_agree(g, card_w)
                if agreed is not None:
                    sure_codes = {agreed.code}
                    agreed.sure = True
            best = max(g, key=lambda cr: (cr.sure, cr.confidence))
            corners = tuple((float(x), float(y)) for x, y in best.quad)
            if (len(sure_codes) == 1 and not any(cr.one_or_two for cr in g)
                    and not self.judge.contradicted(g, next(iter(sure_codes)))):
                code = sure_codes.pop()
                sure = [cr for cr in g if cr.sure]
                out.cards.append(CardHit(Card(code[0], code[1]), float(np.clip(max(cr.confidence for cr in sure), 0, 1)),
                                         corners, max(cr.margin for cr in sure)))
            else:
                cands = []
                for cr in sorted(g, key=lambda cr: -cr.confidence):
                    for code in ([cr.code] if cr.sure else []) + cr.candidates:
                        if code not in cands:
                            cands.append(code)
                out.uncertain.append(UncertainHit(tuple(Card(c[0], c[1]) for c in cands[:6]), corners,
                                                  float(np.clip(best.confidence, 0, 1))))
        return out


def _four_channels(frame: np.ndarray, into: Optional[np.ndarray] = None) -> np.ndarray:
    """A BGR frame as BGRA (the colour values the same), written ``into`` a BGRA frame of its size if given.

    OpenCV resizes and warps BGRA with whole-pixel vector loads, about twice
    as fast as BGR.  A light's look-up table is applied to the BGR frame:
    OpenCV's look-up of a four-channel table is up to four times as slow
    (4 ms a 1280x720 frame, against 1 and the conversion's 0.2).
    """
    return cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA, dst=into)


def _across(c: Corner) -> tuple[tuple[float, float], ...]:
    """The way along both of a corner's edges at once (a stroke along each), for
    :meth:`Recognizer._read_slid`."""
    return ((c.wdir[0] + c.hdir[0], c.wdir[1] + c.hdir[1]),)


def _plain_past(cr: CornerRead, t, extra: float) -> bool:
    """Whether ``cr``'s rank and suit read its code, each ``extra`` past the least score and margin of ``t``."""
    (rank, rs, rm), (suit, ss, sm) = cr.read.best("rank"), cr.read.best("suit")
    return rank + suit == cr.code and min(rs, ss) >= t.min_score + extra and min(rm, sm) >= t.min_margin + extra


def _off_size(seen_whole: list, card_h_px: float) -> Optional[float]:
    """The median size against the set-up's card height ``card_h_px`` of the cards ``seen_whole``
    off :data:`WHOLE_SIZES`, when :data:`ZOOM_CARDS` or more are and all of one size (within
    :data:`ZOOM_AGREE`); None otherwise."""
    sizes = [q.long / card_h_px for q in seen_whole if not _of_set_up_size(q, card_h_px)]
    if len(sizes) < ZOOM_CARDS or max(sizes) > ZOOM_AGREE * min(sizes):
        return None
    return float(statistics.median(sizes))


def _on_quad(quad, corners) -> bool:
    """Whether a hit's ``corners`` (its read index's or outline's) lie on the card seen whole ``quad``."""
    if not corners:
        return False
    x, y = np.mean(np.array(corners, np.float32), axis=0)
    return cv2.pointPolygonTest(np.array(quad.points, np.float32), (float(x), float(y)), False) >= 0


def _of_set_up_size(quad, card_h_px: float) -> bool:
    """Whether a card seen whole is of about the set-up's size (:data:`WHOLE_SIZES`, against its card height)."""
    return WHOLE_SIZES[0] <= quad.long / card_h_px <= WHOLE_SIZES[1]
