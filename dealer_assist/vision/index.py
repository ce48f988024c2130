"""Reading one corner index: cut the corner upright, take its glyphs, match them.

The corner is warped to the profile's canonical scale with the card's own
edge directions, so rotation and mild perspective are gone before matching
(:mod:`.glyphs` cuts the rank and the suit).  Templates and glyph are
compared by normalised correlation after removing what all templates share:
a spade and a club differ in little, and that little is what is scored.  A
rank is scored against the templates blurred as much as it is.

Cutting the corner (:mod:`.warp`) and the templates' statistics
(:mod:`.templates`) are modules of their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.chroma_bleed import ChromaBleed
from dealer_assist.vision.cut_glyphs import CutRead, cut_suit_look
from dealer_assist.vision.glyphs import Glyph, extract_glyphs
from dealer_assist.vision.index_layout import glyph_layout
from dealer_assist.vision.ink import Darkness, brighter_paper, darkness, faint_level, has_faint_rank, ink_mask
from dealer_assist.vision.lazy import lazy
from dealer_assist.vision.pale_ink import deepen, deepen_gain, sharp_enough, template_peaks
from dealer_assist.vision.profile import CANON_H, Profile
from dealer_assist.vision.suit_colours import colour_rules_out, ink_channels
from dealer_assist.vision.templates import BlurredTemplates, centred, norm, unit_scores, unit_vector, zncc_matrix
from dealer_assist.vision.warp import warp_corner


@dataclass(frozen=True)
class IndexRead:
    """Scores of one corner index against every template (normalised correlation)."""

    rank_scores: dict[str, float]
    suit_scores: dict[str, float]
    redness: float
    #: Size of the rank glyph against the profile's: the card is this much
    #: bigger than the patch assumed (the frame's card-size guess is rough).
    scale: float = 1.0
    #: Per pair of same-colour suits (``"CS"``, ``"DH"``): how far the suit glyph
    #: leans to the first suit (positive) or the second (negative), see
    #: :meth:`IndexMatcher.pair_score`.
    pair_scores: dict[str, float] = field(default_factory=dict)
    #: The suit glyph as matched (the self-test learns the pair directions from these).
    suit_image: Optional[np.ndarray] = field(default=None, repr=False, compare=False)
    #: Centre of the rank glyph, in fractions of the card as finally cut (u across, v down).
    rank_center: Optional[tuple[float, float]] = None
    #: The rank glyph's amount of ink against the best-matching rank template's (see
    #: :meth:`IndexMatcher.ink_plausible`).
    rank_ink: float = 1.0
    #: A glyph was parted from the ink beside it by cutting through ink: it may be a fragment.
    cut: bool = False
    #: The suit glyph's ink colour (see :func:`~dealer_assist.vision.ink.ink_colour_of`);
    #: measured only for a deck whose suits' inks differ beyond red and black.
    ink_colour: Optional[tuple[float, float, float]] = None
    #: The rank and suit glyphs read (their blur is measured when first asked for).
    glyphs: tuple = field(default=(), repr=False, compare=False)
    #: The suit scored on its visible part, when a covering card's edge cuts it
    #: (a :class:`.cut_glyphs.CutRead`; see :func:`.cut_glyphs.cut_suit_look`).
    cut_suit: Optional[CutRead] = field(default=None, compare=False)
    #: The read with its suit taken without the thin strokes joined to it, when a look at the
    #: corner cut such a suit that then read clearly (see :meth:`IndexMatcher._note_core`): the
    #: reader's last resort, judged only where this read is not sure.
    core: Optional["IndexRead"] = field(default=None, repr=False, compare=False)
    #: Centre of the rank glyph in the frame (pixels): one printed glyph is one
    #: card's, however many corners found near it read it (see
    #: :func:`~dealer_assist.vision.card_groups.group_corners`).
    rank_at: Optional[tuple[float, float]] = field(default=None, compare=False)
    #: Centre of the suit glyph in the frame (pixels): a corner found beside an index
    #: may read its suit as a rank (see ``rank_at``).
    suit_at: Optional[tuple[float, float]] = field(default=None, compare=False)
    #: A glyph is as likely something else (see :attr:`.glyphs.Glyph.doubtful`).
    doubtful: bool = False
    #: The rank's height is far off the card size guessed, and the corner was not read at the size
    #: it tells (no index was found there, or, the rank being short, the look's glyphs were too
    #: doubtful to go by): the rank may be a piece of one, and the suit's window, sized by it, the
    #: wrong size (see :meth:`IndexMatcher._read_at`).
    unsized: bool = False
    #: The patch's paper showed clipped to white and, its paper taken brighter, the rank read
    #: clearly as another (see :meth:`IndexMatcher._headroom_look`): thin strokes may have fallen
    #: under the ink level, leaving a stroke that passes for another rank.  Never sure.
    unsteady: bool = False

    @property
    def blur(self) -> float:
        """How blurred the index is: the suit glyph's edge width (see
        :func:`~dealer_assist.vision.glyphs.edge_blur`; a suit is a solid shape,
        the rank's thin strokes tell less), canonical pixels; 0 when not known."""
        return self.glyphs[1].blur if self.glyphs else 0.0

    @property
    def rank_blur(self) -> float:
        """The rank glyph's edge width (as :attr:`blur`)."""
        return self.glyphs[0].blur if self.glyphs else 0.0

    def best(self, kind: str) -> tuple[str, float, float]:
        """The best rank or suit (``kind``), its score and its lead over the next."""
        return self._best_rank if kind == "rank" else self._best_suit

    def but(self, **changes) -> "IndexRead":
        """``dataclasses.replace(self, **changes)`` (``changes`` naming fields), in a fifth of its time:
        every read is placed in the frame so (see :func:`_placed`), and replace checks and passes each field."""
        new = object.__new__(type(self))
        values, mine = new.__dict__, self.__dict__
        for name in _FIELDS:
            values[name] = mine[name]
        values.update(changes)
        return new

    # Worked out once: the verdict asks a read for them a hundred times a frame.
    @lazy
    def _best_rank(self) -> tuple[str, float, float]:
        return _best_of(self.rank_scores)

    @lazy
    def _best_suit(self) -> tuple[str, float, float]:
        return _best_of(self.suit_scores)


#: The fields of :class:`IndexRead` (see :meth:`IndexRead.but`).
_FIELDS = tuple(f.name for f in fields(IndexRead))


def _best_of(scores: dict[str, float]) -> tuple[str, float, float]:
    top = max(scores, key=scores.__getitem__)  # the first of equal best, as a stable sort has it
    others = dict(scores)  # the others' best in C loops, not a generator's
    del others[top]
    return top, scores[top], scores[top] - max(others.values(), default=-1.0)


#: Least colour no index ink has (pixels against a suit's height squared) in the index that
#: asks for a look with the ink measured on the inks' own channels (see
#: :meth:`IndexMatcher._colour_look`): a picture's piece melted into a glyph covers at least a
#: twentieth of a suit's square; fewer such pixels are the colour fringe JPEG leaves on ink
#: edges, which cannot change a glyph's shape.
COLOUR_SHARE = 0.05


#: Card sizes (against the guess) a corner is cut again at, at most, when its rank's height says
#: the guess is off: a third either way is as far as tilt or a lifted card takes a card of a fixed camera.
RECUT_RANGE = (0.75, 1.35)
#: How far (against the profile's rank height) a rank glyph's height may be off before the
#: corner is cut again at the size it tells: blur and the cut's rounding alone move it a few hundredths.
RECUT_OFF = 0.12
#: How far a rank glyph's height may be off before a look whose suit reads as no suit at all is cut
#: again at the size the rank tells (see :meth:`IndexMatcher._suit_lost_at_size`).
SUIT_RECUT_OFF = 0.03
#: Least height of a glyph :meth:`IndexMatcher._score` reads, against the profile's rank (or
#: suit) height: blur and the cut's rounding take a little off, a pip beside the index is smaller.
GLYPH_LEAST = 0.6
#: Least share of a rank's height (the rank's lowest share that :meth:`IndexMatcher._score`
#: reads) a glyph needs for a cut again at the smallest size to show it tall enough to read:
#: a smaller one is a pip or a speck, not an index seen too small.
RECUT_MIN_K = RECUT_RANGE[0] * GLYPH_LEAST


#: A patch's paper level (its 90th percentile, 0-255) at which its paper clipped to white: how much
#: brighter the light is than the paper shows is lost (see :meth:`IndexMatcher._headroom_look`).
CLIPPED = 255.0
#: How much brighter than it shows a clipped patch's paper is taken for the look that checks its
#: rank (see :meth:`IndexMatcher._headroom_look`): about what the exposure sweep's 1.25 gain
#: hides (rendered stock at 245 shows at 255, lit to some 300).
HEADROOM = 1.2


#: Rank ink against its template's that a sure read may have (see :meth:`IndexMatcher.ink_plausible`).
INK_RANGE = (0.6, 1.45)


#: The least redness a red suit's ink shows and the most a black one's: loose, as
#: :func:`colour_fits` says why.
RED_LEAST, BLACK_MOST = 0.08, 0.25


def colour_fits(profile: Profile, suit: str, redness: float, ink: Optional[tuple] = None) -> bool:
    """Whether the ink's colour allows ``suit``: a red suit needs some red, a black one little,
    and on a deck printing more colours (``profile.colour_pairs``) the ink's colour (``ink``)
    must not lie on the side of another suit's ink (see :func:`.suit_colours.colour_rules_out`).

    The bounds are loose (a warm light reddens black ink, a pale print greys red ink):
    the colour only vetoes a suit, the templates decide.
    """
    if colour_rules_out(profile.suit_ink, profile.colour_pairs, suit, ink):
        return False
    red = profile.suit_red.get(suit)
    if red is None:
        return True
    return redness >= RED_LEAST if red else redness <= BLACK_MOST


def suit_lead(profile: Profile, read: "IndexRead") -> tuple[str, float, float]:
    """The read's best suit, its score, and its lead over the next suit its ink's colour allows.

    A suit the colour rules out is never taken (see :func:`colour_fits`), so
    it cannot be the one a read is mistaken for: a black spade that a
    diamond template follows closely (blur rounds both) is still clearly no
    club.  The self-test measures its margins the same way.
    """
    suit, score, _ = read.best("suit")
    others = [v for k, v in read.suit_scores.items()
              if k != suit and colour_fits(profile, k, read.redness, read.ink_colour)]
    return suit, score, score - max(others, default=-1.0)


def suit_pairs(profile: Profile) -> list[tuple[str, str]]:
    """The pairs of suits printed in the same colour (``("C", "S")``, ``("D", "H")``): ink colour cannot part them."""
    suits = sorted({k[0] for k in profile.suit_templates})
    return [(a, b) for i, a in enumerate(suits) for b in suits[i + 1:]
            if a in profile.suit_red and b in profile.suit_red and profile.suit_red[a] == profile.suit_red[b]]


def glyph_vector(image: np.ndarray) -> np.ndarray:
    """A glyph image as a unit vector with its mean removed: ink level and exposure drop out."""
    return centred(unit_vector(image.astype(np.float32).ravel()))


def pair_projection(image: np.ndarray, direction: np.ndarray) -> float:
    """Normalised correlation of a glyph with a pair direction."""
    g = glyph_vector(image)
    d = direction.astype(np.float32).ravel()
    d = d - d.mean()
    return float(g @ d / (np.linalg.norm(d) * np.linalg.norm(g) + 1e-6))


#: A rank this much taller than the deck prints it may have made its suit's window too big (see
#: IndexMatcher._suit_own_size): blur and the cut's rounding alone move its height a few hundredths.
TALLER = 1.05

#: Factors a suit too small in its window is taken again at, in turn, each on the last step's window
#: (0.95, 0.855, 0.727 of the first; see IndexMatcher._suit_own_size).
SUIT_SHRINK = (0.95, 0.9, 0.85)
#: A suit is too small in its window below this share of its best template's height.
SUIT_SMALL = 0.97
#: A suit is too big in a window made smaller for a rank printed taller above this share of its
#: best template's height (see IndexMatcher._suit_unshrunk).
SUIT_BIG = 1.05
#: A suit scoring this much above the least score is not taken again.
SUIT_CLEAR = 0.1
#: A suit clear of the others is taken again in its own window only this far below the least score
#: (see IndexMatcher._clear_but_low).
SUIT_NEAR = 0.1
#: A suit beside a rank measured short is taken again in a window this much bigger, step after
#: step, up to the size the frame's guess of the card gives it (see IndexMatcher._suit_past_short_rank).
SUIT_GROW = 1.05


def ink_height(image: np.ndarray) -> float:
    """The height (pixels, to a fraction) of the rows of a glyph window whose ink reaches half its darkest."""
    rows = image.max(axis=1).astype(np.float64)
    half = 0.5 * rows.max()
    if half <= 0:
        return 0.0
    on = np.flatnonzero(rows >= half)
    lo, hi = int(on[0]), int(on[-1])
    top = lo - (rows[lo] - half) / (rows[lo] - rows[lo - 1]) if lo > 0 else float(lo)
    bottom = hi + (rows[hi] - half) / (rows[hi] - rows[hi + 1]) if hi + 1 < len(rows) else float(hi)
    return bottom - top


def _weaker(read: IndexRead) -> float:
    """The score of the read's weaker glyph."""
    return min(read.best("rank")[1], read.best("suit")[1])


def best_variant(scores: dict[str, float]) -> dict[str, float]:
    """One score per rank or suit: the best of its size variants (``D``, ``D+1`` ...)."""
    out: dict[str, float] = {}
    for key, v in scores.items():
        code = key[0]
        if v > out.get(code, -2.0):
            out[code] = v
    return out


class IndexMatcher:
    """Scores glyphs against a profile's templates; the template matrices are built once."""

    def __init__(self, profile: Profile, *, trial: bool = False) -> None:
        self.profile = profile
        #: Reading the calibration's trials: without the rescues whose worth depends on the
        #: thresholds those trials set.  A suit that leads the others by the margin but scores
        #: below the least score is not taken again in its own window (see :meth:`_clear_but_low`),
        #: and no glyph that is as likely something else counts (see :attr:`.glyphs.Glyph.doubtful`).
        self.trial = trial
        #: Whether the last :meth:`read_corner` found index-like glyphs at all
        #: (read or not): only then may another card size be worth a try.
        self.saw_glyphs = False
        #: Per look of the last :meth:`read_corner` that saw glyphs, its rank glyph and
        #: whether a suit stood beside it, see :meth:`saw_an_index`.
        self.seen: list[tuple[Glyph, bool]] = []
        #: The paper's colour the codec of the frames being read bled into the print, taken out of
        #: every corner cut (see :mod:`.chroma_bleed`); set per frame by whoever knows the frame's light.
        self.bleed: Optional[ChromaBleed] = None
        #: The clearest suit core of the looks at the corner being read, its scores and pair
        #: leans (see :meth:`_note_core`).
        self._core: Optional[tuple[Glyph, dict[str, float], dict[str, float]]] = None
        #: How much brighter than it shows each patch's paper is taken (see :meth:`_headroom_look`).
        self._paper_taken = 1.0
        self._ranks = BlurredTemplates(profile.rank_templates)
        self._soft_suits = BlurredTemplates(profile.suit_templates) if profile.suit_templates else None
        self.suit_codes, self.suit_m, self.suit_mean = zncc_matrix(dict(sorted(profile.suit_templates.items())))
        self.suit_pairs = suit_pairs(profile)
        self._rank_ink = {k: max(float(v.astype(np.float32).sum()), 1e-6) for k, v in profile.rank_templates.items()}
        self._units = {k: unit_vector(v.astype(np.float32).ravel()) for k, v in profile.suit_templates.items()}
        self._suit_heights = {k: max(ink_height(v.astype(np.float32)), 1.0) for k, v in profile.suit_templates.items()}
        #: Per suit, the height of its tallest template (its size variants', see :meth:`_suit_own_size`).
        self._tallest_suit: dict[str, float] = {}
        for k, v in self._suit_heights.items():
            self._tallest_suit[k[0]] = max(v, self._tallest_suit.get(k[0], 0.0))
        self._pair_dirs = {k: v.astype(np.float32).ravel() for k, v in profile.pair_dirs.items()
                           if v.size == profile.suit_size[0] * profile.suit_size[1]}
        self._centred: dict = {}
        self._ink_channels = ink_channels(profile.suit_ink)
        #: Ranks printed off the usual height, with their own heights (see :meth:`_own_height_read`).
        self._tall_ranks = [(r, h) for r, h in profile.rank_heights.items() if abs(h / profile.rank_h - 1.0) > RECUT_OFF]
        #: How dark the deck prints its ranks and suits, for a look at ink the light paled (see
        #: :mod:`.pale_ink`), and how much a look deepens the ink (1: not at all).
        self._ink_peaks = template_peaks(profile)
        self._ink_gain = 1.0
        #: Whether some suit is printed in an ink so pale that its glyph is faint even sharp
        #: (its template's darkest ink lies in :func:`.ink.faint_level`'s range).
        self._pale_suits = any(faint_level(v.astype(np.float32)) is not None for k, v in profile.suit_templates.items())

    def read_corner(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float,
                    card_h: float) -> Optional[IndexRead]:
        """Read the index at a card corner of ``frame``, guessing the card ``card_w`` x ``card_h``.

        If the rank glyph shows the card is another size (the guess for the
        frame can be 15% off, or fooled), the corner is cut again at the size
        the rank says.  ``scale`` of the result is relative to the guess.

        An index seen whose rank does not read, or reads with too little ink
        for its glyph (heavy blur fades its thin strokes: a "J" left as its
        stem and a piece of its hook; a lower level only adds ink), gets a second look with its rows cut
        at a lower ink level; the better rank of the two looks is kept.  Before that, an index
        seen but not read clearly may get a look with its ink measured otherwise (see
        :meth:`_ink_looks`).  The self-test reads through here as well, so the thresholds hold for
        every look.  A suit a covering card's edge cuts is also scored on its visible part
        (see :func:`.cut_glyphs.cut_suit_look`), when the profile learned how to judge that.
        """
        self._core = None
        read = self._read_corner(frame, x, y, wdir, hdir, card_w, card_h)
        if read is not None and self._core is not None and len(read.glyphs) == 2:
            core, scores, pairs = self._core
            colour = core.ink_colour if self.profile.colour_pairs else None
            read = replace(read, core=replace(read, suit_scores=scores, redness=core.redness, pair_scores=pairs,
                                              suit_image=core.image, cut=True, ink_colour=colour,
                                              glyphs=(read.glyphs[0], core)))
        if math.isfinite(self.profile.thresholds.cut_suit[0]):
            cut = cut_suit_look(self.profile, frame, x, y, wdir, hdir, card_w, card_h, read, self.bleed)
            if cut is not None:
                read = read.but(cut_suit=cut)
        return read

    def _read_corner(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float,
                     card_h: float) -> Optional[IndexRead]:
        """:meth:`read_corner` but the cut suit's look."""
        self.seen = []
        patch = warp_corner(frame, x, y, wdir, hdir, card_w, card_h, self.profile, self.bleed)
        levels = darkness(patch)
        read = self._looks(frame, x, y, wdir, hdir, card_w, card_h, patch, levels)
        if read is not None and levels.paper >= CLIPPED and not self.trial:
            read = self._headroom_look(frame, x, y, wdir, hdir, card_w, card_h, patch, levels, read)
        return read

    def _looks(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
               patch: np.ndarray, levels: Darkness) -> Optional[IndexRead]:
        """The looks at the corner cut as ``patch`` (its ``levels``) but the headroom look."""
        first = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=False, patch=patch, levels=levels)
        saw = self.saw_glyphs
        if not saw and not self.trial:
            first = self._deep_look(frame, x, y, wdir, hdir, card_w, card_h, patch, levels, first)
            saw = self.saw_glyphs
        if saw and not self._clears(first):
            first = self._ink_looks(frame, x, y, wdir, hdir, card_w, card_h, patch, levels, first)
            self.saw_glyphs = saw
        if not saw or (first is not None and first.best("rank")[1] >= self.profile.thresholds.min_score
                       and first.rank_ink >= INK_RANGE[0]):
            return first
        if not has_faint_rank(patch, self.profile, levels):
            return first  # the faint look would find nothing
        second = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=True, patch=patch, levels=levels)
        self.saw_glyphs = saw or self.saw_glyphs
        if second is not None and (first is None or second.best("rank")[1] > first.best("rank")[1]):
            return second
        return first

    def _ink_looks(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                   patch: np.ndarray, levels: Darkness, first: Optional[IndexRead]) -> Optional[IndexRead]:
        """The corner's first look, or a look with its ink measured otherwise that reads clearly.

        Two ways a deck's own inks can spoil the first look, each tried only
        where it can be the cause: a picture's colour melted into a clearly
        read rank's suit (see :meth:`_colour_look`; where the first look read
        no index, a glyph it saw must score as a clear rank: the queen of
        spades' own Q scored 0.99-1.0, while the picture corners whose colour
        looks read nothing scored 0.54 or less in nine of ten on anglo), and a deck printing a suit
        in pale ink, whose blurred stem and point (and the rank's thin
        strokes) fall below the ink level: cut again at levels their own ink
        sets (``faint_suit`` of :func:`.glyphs.extract_glyphs`).
        """
        if self._ink_channels and (self._glyph_clears(first, "rank") if first is not None
                                   else self.saw_a_clear_rank(self.seen, beside=False)):
            first = self._colour_look(frame, x, y, wdir, hdir, card_w, card_h, patch, levels, first)
        if self._pale_suits and not self._clears(first):
            look = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=False, patch=patch, levels=levels,
                                 faint_suit=True)
            if look is not None and self._clears(look) and (first is None or _weaker(look) > _weaker(first)):
                first = look
        return first

    def _deep_look(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                   patch: np.ndarray, levels: Darkness, first: Optional[IndexRead]) -> Optional[IndexRead]:
        """A corner whose first look saw no glyph, looked at with its pale ink deepened to the
        darkness of the deck's templates (see :mod:`.pale_ink`); ``first`` when its rank and suit
        are not both pale, or the deepened read is blurred.  A corner cut again at its rank's
        size is deepened alike."""
        gain = deepen_gain(self.profile, levels, self._ink_peaks)
        if gain is None:
            return first
        self._ink_gain, seen = gain, list(self.seen)
        try:
            read = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=False, patch=patch,
                                 levels=deepen(levels, gain))
        finally:
            self._ink_gain = 1.0
        if read is not None and not sharp_enough(self.profile, read.blur):
            self.saw_glyphs, self.seen = False, seen
            return first
        return read

    def _headroom_look(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                       patch: np.ndarray, levels: Darkness, read: IndexRead) -> IndexRead:
        """``read``, checked by a look with the clipped paper taken :data:`HEADROOM` times brighter.

        Ink is measured against the patch's own paper.  Clipped to white, the
        paper shows darker than it is, so the ink level sits too dark and a
        pale ink's thin strokes fall under it: an orange 3's arms left its
        thick right stroke, read as the deck's narrow "1" (0.88), a yellow J
        its stem, read as a 4 (0.80).  Taken brighter, the paper puts the level
        back and the whole glyph reads (the 3 at 0.96, the J at 0.98), also where the
        look cuts the corner again at the size its rank tells (the J, its card
        guessed a fifth small, cut again at the 4's height).  When the
        brighter look reads another rank clearly, ``read`` is marked
        :attr:`IndexRead.unsteady`.  The brighter look only ever vetoes: more ink
        also melts a blurred club into a spade's blob (lattmann's 3 and ace of
        clubs blurred 1.8-2.5 px read as sure spades when it was taken instead).
        """
        saw, seen = self.saw_glyphs, list(self.seen)
        self._paper_taken = HEADROOM  # a corner cut again at another size is looked at so too
        try:
            look = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=False, patch=patch,
                                 levels=brighter_paper(levels, HEADROOM))
        finally:
            self._paper_taken = 1.0
        self.saw_glyphs, self.seen = saw, seen
        if look is None or look.best("rank")[0] == read.best("rank")[0] or not self._glyph_clears(look, "rank"):
            return read
        return replace(read, unsteady=True)

    def _glyph_clears(self, read: IndexRead, kind: str) -> bool:
        """Whether the ``kind`` ("rank" or "suit") of ``read`` reaches the profile's least score and margin."""
        return self._clear(*read.best(kind)[1:])

    def rank_clears(self, read: IndexRead) -> bool:
        """Whether the rank of ``read`` reaches the profile's least score and margin."""
        return self._glyph_clears(read, "rank")

    def _clears(self, read: Optional[IndexRead]) -> bool:
        """Whether both glyphs of ``read`` reach the profile's least score and margin."""
        return read is not None and self._glyph_clears(read, "rank") and self._glyph_clears(read, "suit")

    def _colour_look(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                     patch: np.ndarray, levels: Darkness, first: Optional[IndexRead]) -> Optional[IndexRead]:
        """The corner looked at again with its ink measured on the channels every index ink of the
        deck darkens (see :func:`.suit_colours.ink_channels`); the better of the two looks.

        A court card's picture touches the index on some designs (the queen
        of spades' yellow leaf under her index spade): its colours are as dark
        as ink in the darkest channel and melt into the glyph, which then fits
        no template.  Measured on the inks' common channels, a colour no index
        glyph is printed in is paper.  Only an index seen but not read clearly
        is looked at so, and only when the patch holds such colour: the first
        look stays as it was (a picture's darker colours, kept as ink alone,
        can also break a clean glyph apart).  The second look is kept only when
        it reads clearly, and better than the first (its weaker glyph scores higher).
        """
        # Ink where the suit lies in the first look that the inks' channels call paper: a
        # colour no index ink has (the felt beyond the card's edge does not count).
        lay = glyph_layout(self.profile)
        win = (slice(max(lay.edge, lay.suit_rows[0]), lay.suit_rows[1]), slice(max(lay.edge, lay.suit_cols[0]), lay.suit_cols[1]))
        was = cv2.countNonZero(ink_mask(levels.lo8[win], levels.paper))
        now = cv2.countNonZero(ink_mask(darkness(patch[win], self._ink_channels).lo8, levels.paper))
        if was - now < COLOUR_SHARE * (self.profile.suit_h * CANON_H) ** 2:
            return first
        coloured = darkness(patch, self._ink_channels)
        look = self._read_at(frame, x, y, wdir, hdir, card_w, card_h, faint=False, patch=patch, levels=coloured,
                             channels=self._ink_channels)
        # Only a clear read replaces the first look: one the judge might still make sure
        # (a blurred suit told by its pair score) is not traded for another unclear one.
        if look is not None and self._clears(look) and (first is None or _weaker(look) > _weaker(first)):
            return look
        return first

    def _read_at(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                 faint: bool, patch: Optional[np.ndarray] = None,
                 levels: Optional[Darkness] = None, channels: tuple[int, ...] = (),
                 faint_suit: bool = False) -> Optional[IndexRead]:
        """One look at the corner cut at ``card_w`` x ``card_h`` (``patch`` and its
        ``levels``, when already cut), cut again at the rank's size if that is far off.
        ``channels``: measure the ink on these alone (see :meth:`_colour_look`)."""
        if patch is None:
            patch = warp_corner(frame, x, y, wdir, hdir, card_w, card_h, self.profile, self.bleed)
        rank, suit = extract_glyphs(patch, self.profile, faint, levels, faint_suit, not self.trial)
        self.saw_glyphs = False
        if rank is None:
            return None
        k = (rank.box.v1 - rank.box.v0) / self.profile.rank_h
        if suit is None and k < 1.0 and not self._rank_like(rank):
            # Some decks print a lone pip in every corner: not worth cutting again.
            return None
        # Glyphs as likely something else (felt, a border) are no sign of an index to look at
        # again, nor is their height of the card's size to cut it at.
        self.saw_glyphs = not (rank.doubtful or (suit is not None and suit.doubtful))
        if self.saw_glyphs:
            self.seen.append((rank, suit is not None))
        if abs(k - 1.0) > RECUT_OFF and k > RECUT_MIN_K and self.saw_glyphs:
            own = self._own_height_read(rank, suit)
            if own is not None:
                return _placed(own, x, y, wdir, hdir, card_w, card_h)
            # Only a glyph that scores as a rank is cut again: its window already takes it at its
            # own size, and one under the candidate score there (the judge's "no index at all") is
            # no rank cut at the wrong size.  Of the shared decks' recuts of such glyphs (some 40%
            # of all recuts) none read clearly.  The self-test's trials are all cut again as
            # before: the pair cuts it learns from their reads stay as they were.
            again = (self._cut_at(frame, x, y, wdir, hdir, card_w, card_h, k, faint, channels, faint_suit)
                     if self.trial or self._rank_like(rank) else None)
            if again is not None:
                return again
        read = self._score(rank, suit)
        # Not read at the size the rank tells: no index was found there, or (the rank being short,
        # as a piece of one is) the look's glyphs were too doubtful to go by.
        if read is not None and abs(k - 1.0) > RECUT_OFF and (self.saw_glyphs and k > RECUT_MIN_K
                                                                or not self.saw_glyphs and k < 1.0):
            return _placed(read.but(unsized=True), x, y, wdir, hdir, card_w, card_h)
        if self._suit_lost_at_size(read, k):
            again = self._cut_at(frame, x, y, wdir, hdir, card_w, card_h, k, faint, channels, faint_suit)
            if again is not None and self._clears(again):
                return again
        return _placed(read, x, y, wdir, hdir, card_w, card_h)

    def _cut_at(self, frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float, k: float,
                faint: bool, channels: tuple[int, ...], faint_suit: bool) -> Optional[IndexRead]:
        """The look of :meth:`_read_at` with the corner cut again at ``k`` times the card's size
        (kept within :data:`RECUT_RANGE`); its ``scale`` is relative to ``card_w`` x ``card_h``."""
        k = min(max(k, RECUT_RANGE[0]), RECUT_RANGE[1])
        patch = warp_corner(frame, x, y, wdir, hdir, card_w * k, card_h * k, self.profile, self.bleed)
        levels = darkness(patch, channels) if channels or self._paper_taken != 1.0 or self._ink_gain != 1.0 else None
        if self._paper_taken != 1.0:
            levels = brighter_paper(levels, self._paper_taken)
        if self._ink_gain != 1.0:
            levels = deepen(levels, self._ink_gain)
        again = self._score(*extract_glyphs(patch, self.profile, faint, levels, faint_suit, not self.trial),
                            grow_to=max(1.0 / k, 1.0))
        if again is None:
            return None
        return _placed(again, x, y, wdir, hdir, card_w * k, card_h * k).but(scale=again.scale * k)

    def _suit_lost_at_size(self, read: Optional[IndexRead], k: float) -> bool:
        """Whether a look whose rank reads clearly and whose suit reads as no suit at all is
        worth a cut at the size its rank tells (``k`` against the guess), though that is within
        :data:`RECUT_OFF` of the guess; it is kept only if it reads clearly.

        The glyph cutter looks for the suit, and parts it from ink it is joined to, where the
        profile's layout puts it: that fits the print only at the card's own size.  A few
        hundredths off, a neighbouring pip joined to the suit can be parted from it along the
        wrong line (paris' eight of clubs, its club joined to the pip beside it, reads H 0.41
        at the guessed size and C 0.76 at its own).
        """
        return (not self.trial and read is not None and self.saw_glyphs
                and SUIT_RECUT_OFF < abs(k - 1.0) <= RECUT_OFF and k > RECUT_MIN_K
                and read.best("suit")[1] < self.profile.thresholds.candidate_score
                and self._glyph_clears(read, "rank"))

    def _own_height_read(self, rank: Glyph, suit: Optional[Glyph]) -> Optional[IndexRead]:
        """The look's read when its rank glyph is as tall as the rank it reads as is printed.

        A deck printing its J and Q a fifth taller (``profile.rank_heights``)
        shows them off the usual height at the right card size: the cut is
        already at the card's size, and cutting again at the height's
        size only makes the card look a fifth bigger (which the suit window
        then corrects back, see :meth:`.Profile.suit_window_factor`).  None
        when no rank is printed that tall or the glyph reads as another one.
        """
        tall = self._tall_ranks
        if not tall:
            return None
        rh = rank.box.v1 - rank.box.v0
        fits = [r for r, h in tall if abs(rh / h - 1.0) <= RECUT_OFF]
        if not fits:
            return None
        read = self._score(rank, suit)
        if read is None or max(read.rank_scores, key=read.rank_scores.get) not in fits:
            return None
        return read

    def blurred_suit_scores(self, read: IndexRead) -> dict[str, float]:
        """The read's suit glyph scored against the suit templates blurred as much as it is.

        The plain suit scores compare with templates averaged over mildly
        blurred shots: a small suit in heavy (motion) blur is a round blob
        that scores low against all of them, a spade as low as a heart.  Blurred
        alike, the templates of the other colour fall well behind again; which of
        the two same-colour suits it is stays for the pair score to tell
        (see ``verdict.Judge.pair_decides``).  Empty when the read kept no suit image.
        """
        if read.suit_image is None or self._soft_suits is None:
            return {}
        return best_variant(self._soft_suits.scores_of(read.suit_image))

    @staticmethod
    def ink_plausible(read: IndexRead) -> bool:
        """Whether the rank glyph holds about as much ink as the template it matched.

        Correlation is blind to the amount of ink: a solid blob (a pip cut by
        the patch edge, a piece of a picture) can correlate with a rank drawn in
        thin strokes.  Blur and the card's size do not change the amount (the
        glyph window follows the rank's height), so a read whose ink is far off
        its template's is of something else.  Sure reads of real and rendered
        decks lie within 0.58-1.39; a half heart read as a "10" had 1.5, a "Q" whose thin
        strokes faded (leaving "( )", read as a "10") 0.54.
        """
        return INK_RANGE[0] <= read.rank_ink <= INK_RANGE[1]

    def _rank_scores(self, rank: Glyph) -> dict[str, float]:
        """The rank glyph's scores against the rank templates, kept on the glyph: a look's rank is
        scored for its read, and again when the corner's looks are weighed (:meth:`saw_an_index`,
        :meth:`saw_a_clear_rank`).  Not to be changed by the caller."""
        kept = rank.scores
        if kept is None or kept[0] is not self._ranks:
            kept = rank.scores = (self._ranks, self._ranks.scores(rank))
        return kept[1]

    def _rank_like(self, rank: Glyph) -> bool:
        scores = self._rank_scores(rank)
        return max(scores.values()) >= self.profile.thresholds.candidate_score

    def saw_an_index(self, seen: list[tuple[Glyph, bool]]) -> bool:
        """Whether a look of ``seen`` (as :attr:`seen` holds them) found a suit beside its rank,
        or a lone glyph that scores as some rank (at least the candidate score)."""
        return any(beside or self._rank_like(rank) for rank, beside in seen)

    def saw_a_clear_rank(self, seen: list[tuple[Glyph, bool]], beside: bool = True) -> bool:
        """Whether a look of ``seen`` (as :attr:`seen` holds them) found a suit beside a rank
        that scores as a sure read's rank must (the profile's least score), though the
        two were not scored as an index (a glyph's height was off, see :meth:`_score`);
        with ``beside`` False, such a rank with or without a suit beside it."""
        least = self.profile.thresholds.min_score
        return any((by or not beside) and max(self._rank_scores(rank).values()) >= least for rank, by in seen)

    def read(self, patch: np.ndarray) -> Optional[IndexRead]:
        """Scores for an upright corner patch; None when it holds no index-like glyphs."""
        return self._score(*extract_glyphs(patch, self.profile, doubtful=not self.trial))

    def _score(self, rank: Optional[Glyph], suit: Optional[Glyph], grow_to: float = 1.0) -> Optional[IndexRead]:
        """The read of a look's glyphs; ``grow_to``: how much bigger than the patch was cut for the
        frame's guess of the card's size (the corner cut again smaller, at its rank's size)."""
        p = self.profile
        if rank is None or suit is None:
            return None
        rh = rank.box.v1 - rank.box.v0
        sh = suit.box.v1 - suit.box.v0
        if not (GLYPH_LEAST * p.rank_h < rh < 1.3 * (p.rank_box.v1 - p.rank_box.v0)
                and GLYPH_LEAST * p.suit_h < sh < 1.3 * (p.suit_box.v1 - p.suit_box.v0)):
            return None
        raw_ranks = self._rank_scores(rank)
        top = max(raw_ranks, key=raw_ranks.get)
        rank_ink = float(np.add.reduce(rank.image, None)) / self._rank_ink[top]
        factor = p.suit_window_factor(top[0])
        whole = suit
        if factor != 1.0:
            suit = suit.rescaled(factor)
        rank_scores = best_variant(raw_ranks)
        unit = unit_vector(suit.image.ravel())  # both the scores and the pair leans start from it
        raw_suits = unit_scores(unit, self.suit_m, self.suit_mean, self.suit_codes)
        if factor < 1.0 and not self.trial and max(raw_suits.values()) < p.thresholds.min_score + SUIT_CLEAR:
            suit, unit, raw_suits = self._suit_unshrunk(whole, suit, unit, raw_suits)
        printed = p.printed_height(top[0])
        if rank.cut or rh > TALLER * printed or self._clear_but_low(raw_suits):
            suit, unit, raw_suits = self._suit_own_size(suit, unit, raw_suits)
        elif grow_to * printed / rh > 1.0 + SUIT_RECUT_OFF and self._clears_alone(rank_scores):
            suit, unit, raw_suits = self._suit_past_short_rank(suit, unit, raw_suits, grow_to * printed / rh)
        suit_scores = best_variant(raw_suits)
        if (not self.trial and max(suit_scores.values()) < p.thresholds.candidate_score
                and self._clears_alone(rank_scores)):
            self._note_core(suit)
        return IndexRead(rank_scores, suit_scores, suit.redness, rh / p.rank_h,
                         self._pair_leans(unit, raw_suits), suit.image,
                         (rank.box.cu, rank.box.cv), rank_ink, rank.cut or suit.cut,
                         suit.ink_colour if p.colour_pairs else None, (rank, suit),
                         doubtful=rank.doubtful or suit.doubtful)

    def _pair_leans(self, unit: np.ndarray, raw_suits: dict[str, float]) -> dict[str, float]:
        """Per pair of same-colour suits, how far the suit glyph (``unit``, its scores ``raw_suits``) leans to the first."""
        g = centred(unit)  # glyph_vector(suit.image)
        norm_g = norm(g)
        return {a + b: self._lean(g, norm_g, self._pair_direction(raw_suits, a, b)) for a, b in self.suit_pairs}

    def _clears_alone(self, scores: dict[str, float]) -> bool:
        """Whether the best of ``scores`` (one per rank or suit) reaches the profile's least score and margin."""
        return self._clear(*_best_of(scores)[1:])

    def _clear(self, score: float, margin: float) -> bool:
        return score >= self.profile.thresholds.min_score and margin >= self.profile.thresholds.min_margin

    def _note_core(self, suit: Glyph) -> None:
        """Keep the suit's core (see :func:`.glyphs.solid_core`) for :attr:`IndexRead.core` when
        it reads clearly, and better than a core kept from an earlier look at the corner.

        Asked only of a look whose rank reads clearly and whose suit scores as no
        suit at all: the lines of a court card's picture run into the index suit
        on some designs (a jack's spear beside his spade, the leaf under a
        queen's), the suit is cut with a tail of lines and its window is centred
        off it.  Kept aside, not read in the look's place: another look at the
        corner (its ink measured otherwise) may read the suit itself.
        """
        core = suit.core()
        if core is None:
            return
        unit = unit_vector(core.image.ravel())
        raw = unit_scores(unit, self.suit_m, self.suit_mean, self.suit_codes)
        scores = best_variant(raw)
        if not self._clears_alone(scores) or (self._core is not None and max(self._core[1].values()) >= max(scores.values())):
            return
        self._core = (core, scores, self._pair_leans(unit, raw))

    def _clear_but_low(self, raw: dict[str, float]) -> bool:
        """Whether the best suit of ``raw`` scores below the least score yet leads every other
        suit by the margin: its window may be too big (the card-size guess, a rank joined to ink
        beside it), though its rank is neither cut nor tall.

        Only a suit within :data:`SUIT_NEAR` of the least score is: heavily blurred clubs
        scoring 0.3-0.5 as a spade, far ahead of their own suit, read 0.8 as a spade in a
        smaller window (lattmann, scaled to 0.8 and blurred by 1.8 px).  A suit leading by less
        is left as it is: a blurred spade told from its club by its pair lean may lean otherwise
        in a smaller window (anglo lost six cards when every low suit was taken again).
        """
        if self.trial:
            return False
        t = self.profile.thresholds
        top = max(raw, key=raw.get)
        if not t.min_score - SUIT_NEAR <= raw[top] < t.min_score:
            return False
        other = max((v for k, v in raw.items() if k[0] != top[0]), default=-1.0)
        return raw[top] - other >= t.min_margin

    def _suit_own_size(self, suit: Glyph, unit: np.ndarray, raw: dict[str, float]):
        """The suit glyph, its unit vector and raw scores, taken again in a smaller window when it
        is smaller in its window than its suit's tallest template.

        The window is scaled by the rank's height; a rank joined to a stub of a covering card's
        edge along its top comes out taller than printed (the caller asks this only of a rank
        parted from ink or taller than printed), and the suit beside it too small in its window
        (a spade 5% small already loses a fifth of its score).  The window is made smaller a step
        at a time (:data:`SUIT_SHRINK`); a step is kept while the best suit stays the best and
        scores higher.  The suit's identity never changes, only how clearly it reads.

        Measured against the tallest of the suit's size variants, not the best-scoring one: a
        suit too small in its window fits its smaller variant best.  KDE's tigullio-international
        prints its 5 a pixel taller than the deck's rank (calibration keeps rank heights only a
        pixel and a half off), and the 5 of spades of benchmark frame 0007, its spade in a window
        the 5 made 9% too big, stood as tall as the deck's usual spade template (0.55-0.65) and a
        tenth shorter than its bigger variant (``S+1``), which it fits at 0.86 a step smaller.
        """
        if suit.cut:
            return suit, unit, raw
        top = max(raw, key=raw.get)
        if raw[top] >= self.profile.thresholds.min_score + SUIT_CLEAR:
            return suit, unit, raw
        # The calibration's trials keep to the best template's height: the pair cuts they set were
        # learned so (its club-spade cut moved by a thousandth left a queen of clubs of anglo uncertain).
        tall = self._suit_heights[top] if self.trial else self._tallest_suit[top[0]]
        if ink_height(suit.image) >= SUIT_SMALL * tall:
            return suit, unit, raw
        return self._suit_stepped(suit, unit, raw, SUIT_SHRINK)

    def _suit_unshrunk(self, whole: Glyph, suit: Glyph, unit: np.ndarray, raw: dict[str, float]):
        """The suit glyph, its unit vector and raw scores in the window its rank's height made
        (``whole``) rather than the smaller one of a rank printed taller (``suit``), when it
        overfills the smaller window (:data:`SUIT_BIG`) and the best suit stays the best in the
        other and scores higher there.

        A rank's printed height is learned from the set-up shots, where a court card's hairline
        frame (KDE's tigullio-international) ran into the king's top and made him a sixth taller
        than the others: in play the frame is taken off, the king measures the usual height, and
        his suit, its window made smaller for a tall king, 1.11 times its template's height,
        scored 0.73 for a clean spade (0.83 unshrunk; a read the frame touches is judged cut and
        asks 0.8).  Only a suit that does not read clearly is taken again; one that fits the
        smaller window (a tall rank's, as printed) stays in it.  The suit's identity never
        changes, only how clearly it reads.
        """
        top = max(raw, key=raw.get)
        if ink_height(suit.image) <= SUIT_BIG * self._suit_heights[top]:
            return suit, unit, raw
        unit2 = unit_vector(whole.image.ravel())
        raw2 = unit_scores(unit2, self.suit_m, self.suit_mean, self.suit_codes)
        top2 = max(raw2, key=raw2.get)
        if top2[0] != top[0] or raw2[top2] <= raw[top]:
            return suit, unit, raw
        return whole, unit2, raw2

    def _suit_past_short_rank(self, suit: Glyph, unit: np.ndarray, raw: dict[str, float], most: float):
        """The suit glyph, its unit vector and raw scores, taken again in a bigger window when its
        rank reads clearly but measures short of its printed height and the suit scores as no suit.

        The window is scaled by the rank's height, and a corner whose rank measures far off
        the guessed card's is cut again at the rank's size.  Heavy blur of a pale ink (a
        four-colour deck's green) sinks a thin rank's ends below the ink level: a green 4
        blurred by 2 px measures a tenth short on a card of the guessed size, and its spade, as
        bold as printed, overfills a window a tenth small (0.36; 0.64 in a window 5% bigger).
        The window grows a step at a time (:data:`SUIT_GROW`), not past ``most`` (the size the
        frame's guess of the card gives it) by more than a fifth of a step; a step is kept while
        the best suit stays the best and scores higher.  The suit's identity never changes,
        only how clearly it reads.
        """
        if suit.cut or self.trial:
            return suit, unit, raw
        top = max(raw, key=raw.get)
        if raw[top] >= self.profile.thresholds.candidate_score:
            return suit, unit, raw
        steps = int(math.log(most) / math.log(SUIT_GROW) + 0.2)
        return self._suit_stepped(suit, unit, raw, [SUIT_GROW] * steps)

    def _suit_stepped(self, suit: Glyph, unit: np.ndarray, raw: dict[str, float], factors):
        """The suit glyph, its unit vector and raw scores, its window made each of ``factors``
        times the size in turn (each on the last step's), each step kept while the best suit
        stays the best and scores higher."""
        top = max(raw, key=raw.get)
        best = raw[top]
        for f in factors:
            again = suit.rescaled(f)
            unit2 = unit_vector(again.image.ravel())
            raw2 = unit_scores(unit2, self.suit_m, self.suit_mean, self.suit_codes)
            top2 = max(raw2, key=raw2.get)
            if top2[0] != top[0] or raw2[top2] <= best:
                break
            suit, unit, raw, best = again, unit2, raw2, raw2[top2]
        return suit, unit, raw

    def pair_score(self, glyph: Glyph, raw: dict[str, float], a: str, b: str) -> float:
        """How the glyph leans between suits ``a`` and ``b`` (positive: to ``a``).

        In blur a small spade and club are both a round blob and score alike
        against the whole set; what still parts them is a few pixels (the
        spade's point, the club's notches).  The profile's pair direction,
        learned by the self-test from degraded copies of the set-up shots,
        weighs exactly those pixels (and discounts what blur, scale and
        position change anyway).  Without one, the difference of the two
        templates stands in.  What counts as far enough is learned as well.
        """
        g = glyph_vector(glyph.image)
        return self._lean(g, norm(g), self._pair_direction(raw, a, b))

    def _pair_direction(self, raw: dict[str, float], a: str, b: str) -> tuple[np.ndarray, float]:
        """The pair's direction with its mean removed, and its length (see :meth:`pair_score`); built once."""
        key = a + b
        if key not in self._pair_dirs:
            ka = max((k for k in raw if k[0] == a), key=lambda k: raw[k])
            kb = max((k for k in raw if k[0] == b), key=lambda k: raw[k])
            key = (ka, kb)
        if key not in self._centred:
            d = self._pair_dirs[key] if isinstance(key, str) else self._units[key[0]] - self._units[key[1]]
            d = d.astype(np.float32).ravel()
            d = d - d.mean()
            self._centred[key] = (d, np.linalg.norm(d))
        return self._centred[key]

    @staticmethod
    def _lean(g: np.ndarray, norm_g, direction: tuple[np.ndarray, float]) -> float:
        """:func:`pair_projection` of a glyph vector ``g`` (of length ``norm_g``) on a centred direction."""
        d, norm_d = direction
        return float(g @ d / (norm_d * norm_g + 1e-6))


def _placed(read: Optional[IndexRead], x: float, y: float, wdir, hdir, card_w: float,
            card_h: float) -> Optional[IndexRead]:
    """``read`` with :attr:`IndexRead.rank_at` and :attr:`IndexRead.suit_at` set from the cut it was read in."""
    if read is None or read.rank_center is None:
        return read

    def at(u: float, v: float) -> tuple[float, float]:
        u, v = u * card_w, v * card_h
        return x + u * wdir[0] + v * hdir[0], y + u * wdir[1] + v * hdir[1]

    suit = read.glyphs[1] if len(read.glyphs) > 1 else None
    return read.but(rank_at=at(*read.rank_center), suit_at=None if suit is None else at(suit.box.cu, suit.box.cv))
