"""The never-guess rules: when one corner's read is sure, and when a card's corners are.

A read is sure only when it clears the profile's thresholds for rank *and*
suit (or, for a blurred suit, the learned pair score between the two suits
of its ink colour, the suit scored against templates blurred as much as it
is where the plain ones are too sharp), the ink colour does not contradict
the suit, the pair score does not surely name its look-alike, nor the rank
glyph's lean on a look-alike rank pair's direction the other rank, nor (for a suit
the pair score parts from its look-alike) the suit's upper part the look-alike; nor
may a rank cut on a straight line be wider than the rank it reads as.  A card is
sure when its corners agree: one sure corner that no other whole corner
contradicts, or two nearly sure corners reading the same code (for a rank
with a look-alike, only when each glyph's lean parts the two).
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.cut_glyphs import cut_suit_decides
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import RECUT_RANGE, IndexMatcher, IndexRead, colour_fits, suit_lead
from dealer_assist.vision.profile import TWO_CORNER_MARGIN, TWO_CORNER_SCORE, Profile
from dealer_assist.vision.rank_pairs import RankPairs
from dealer_assist.vision.straight_sides import Sides, template_flats
from dealer_assist.vision.suit_colours import colour_rules_out
from dealer_assist.vision.suit_piece import extent, mirror_fit
from dealer_assist.vision.upper_part import upper_scores


#: The least width, against its height, a rank glyph read sure has of its rank's printed shape
#: (see :meth:`Judge.rank_too_narrow`).
NARROWEST = 0.6


#: How much wider, against its height, than ``rank`` is printed a rank glyph cut on its right side
#: may be (see :meth:`Judge.wider_than_its_cut`), and how much straighter than their templates' the
#: rank's and the suit's right sides must be for the two to count as cut there.
WIDEST_CUT = 1.1
CUT_RANK_FLAT = 0.05
CUT_SUIT_FLAT = 0.15

#: How much better the upper part of a suit glyph may fit its look-alike than the suit the pair score
#: names (see :meth:`Judge.upper_part_names`).
UPPER_LEAD = 0.04

#: How much clearer than the profile's thresholds (score and margin) a read
#: must be at a corner inferred across a notch.
NOTCH_EXTRA = 0.1

#: A suit glyph this much taller against its printed height than its rank is against the rank's
#: (see :meth:`Judge.rank_short_of_suit`).  Notched corners made sure by the blurred look at the suit
#: reach 1.15 on the benchmark decks (svg-tigullio-international's king of spades), sure reads of
#: anglo's test frames 1.18 (blur and the cut's rounding move each height a pixel or two).
SHORT_RANK = 1.2

#: At a corner whose tip was not seen, how tall the suit glyph may be against its printed height,
#: as a share of the rank's against the rank's, for the rank to count as whole (see
#: :meth:`Judge.whole_behind_notch`); and the card sizes (``IndexRead.scale``) it must be read at.
#: atlasnye_skat's jacks of diamonds lay at 0.78-0.92 and 0.96-1.04.
WHOLE_RANK = 1.0
WHOLE_SCALE = (0.9, 1.1)

#: How much below a cut read's suit score (see :data:`NOTCH_EXTRA`) a whole corner's suit cut from a pip
#: beside it may score, and by how much it must lead every other suit (see :meth:`Judge.suit_cut_clearly`).
SUIT_CUT_SCORE = 0.05
SUIT_CUT_LEAD = 0.6

#: How much more of a whole corner's suit's rows than of its template's, and than of its own left
#: side's, may end on one upright line on its right (:func:`.straight_sides.flat_share`) before the
#: suit is taken for one a covering card cut; and how much more, when the rank's rows do so too by
#: :data:`STRAIGHT_RANK` (see :meth:`Judge.cut_on_a_line`).  At these cuts no sure whole-corner read
#: of the benchmark decks' table frames (13,347) was lost; suits cut by a card over the index's inner
#: half lie 0.6 above their templates (median), and 155 of 172 such wrong sure reads were caught.
STRAIGHT_SUIT = 0.25
STRAIGHT_BOTH = 0.1
STRAIGHT_RANK = 0.4
#: As :data:`STRAIGHT_SUIT`, of the suit's columns ending on one level line (a card over the index's
#: lower half): sure whole-corner suits reach 0.21 above their templates (99.9%), cut ones 0.65 (median).
LEVEL_SUIT = 0.4
#: How far inside the deck's suit box (a share of its width) a suit straight on its left must begin
#: to count as cut there (see :meth:`Judge.cut_on_a_line`).
CUT_INSIDE = 0.2
#: A cut suit glyph scoring short of a cut read's score is a piece of another suit (see
#: :meth:`Judge.piece_of_a_suit`) when its ink's height by its width is under :data:`PIECE_EXTENT` of
#: each of its suit's templates' and its mirror fit under theirs by :data:`PIECE_LOPSIDED` (see
#: :mod:`.suit_piece`).  Of 3,361 corner reads (the shared decks' test frames, five designs' cluttered
#: scenes, a hand-rendered deck's piled scenes) 12 were so: qaO's lobe, read as a sure diamond (every look
#: at it: extent 0.61-0.74, mirror fit 0.89-0.94), ten pieces of other cards read as wrong cards, not
#: sure already, and one right read, not sure either.  The sure cut suits scoring so came nearest at
#: extent 0.77 with mirror fit 0.956 (bellot's queen of hearts) and 0.80 with 0.968.
PIECE_EXTENT = 0.8
PIECE_LOPSIDED = 0.05
#: How much more of a suit's rows than of its template's may end on one upright line on its right
#: *and* on its left (:func:`.straight_sides.flat_share`) before the suit is taken for a strip of a
#: wider one, cut on both sides (see :meth:`Judge.strip_of_a_suit`).
STRAIGHT_TWO_SIDES = 0.4


class Judge:
    """Judges index reads by one profile's thresholds (``matcher`` scores blurred suits)."""

    def __init__(self, profile: Profile, matcher: IndexMatcher) -> None:
        self.profile = profile
        self.matcher = matcher
        self.rank_pairs = RankPairs(profile)
        self.suit_flats = template_flats(profile.suit_templates)
        self.suit_levels = template_flats(profile.suit_templates, "bottom")
        self.rank_flats = template_flats(profile.rank_templates)
        self.suit_left_flats = template_flats(profile.suit_templates, "left")
        #: Per suit template (size variants apart): its ink's height and width, and its mirror fit
        #: (see :meth:`piece_of_a_suit`).
        self.suit_shapes = {key: (*extent(v), mirror_fit(v)) for key, v in profile.suit_templates.items()}
        #: The :class:`.straight_sides.Sides` of the last glyph windows asked about (see :meth:`_sides`).
        self._kept_sides: list[Sides] = []

    def corner(self, c: Corner, r: IndexRead, card_w: float, card_h: float) -> Optional[CornerRead]:
        """One corner's read judged: sure, or not sure with its candidates; None when it is no index at all."""
        t = self.profile.thresholds
        # A tip not seen, a rank cut from ink beside it or one not read at its own size may be a
        # fragment, whose lean the pairs' cuts (set on whole glyphs) say nothing about (a cut suit
        # leaves the rank whole).  Not so a tip seen from outside: the paper it lies on bends
        # round it (or index ink joined to both edges was bridged), so nothing covers it and its
        # index is as whole as a seen tip's (the stricter thresholds of a tip not seen still hold).
        # Nor a notched corner whose rank shows whole by what a covering card cannot fake
        # (see whole_behind_notch): it is read with the lean too, by those stricter thresholds.
        doubt = self.unsized_doubt(r)
        hidden = c.notched or doubt
        leans = (c.outside or not c.notched) and not doubt and not self.rank_cut(r)
        if leans:
            rank, rs, rm = self.rank_lead(r)
        elif self.whole_behind_notch(c, r):
            rank, rs, rm = self.rank_pairs.lead(r, self.rank_cuts_for(r))
        else:
            rank, rs, rm = r.best("rank")
        fragment = hidden or r.cut
        suit, ss, sm = suit_lead(self.profile, r)
        if rs < t.candidate_score:
            return None  # not an index at all (a pip, a picture, a non-index corner)
        colour_ok = colour_fits(self.profile, suit, r.redness, r.ink_colour)
        ink_ok = IndexMatcher.ink_plausible(r)
        # Past the self-test's blur only this plain rule makes a corner sure, unless the
        # profile learned pair cuts on heavily blurred trials too (see pair_rule_holds).
        sure = (rs >= t.min_score and ss >= t.min_score and rm >= t.min_margin and sm >= t.min_margin and colour_ok
                and ink_ok and not self.smeared(r))
        if fragment:
            # The tip was not seen: part of the index may be covered (a ten
            # cut to a one reads like a jack), so only a clear read counts.
            # Likewise for a glyph cut out of ink running on beside it: the
            # tip of a neighbour's pip once passed for a "4".
            clear_rank = rs >= t.min_score + NOTCH_EXTRA and rm >= t.min_margin + NOTCH_EXTRA
            sure = sure and clear_rank and ss >= t.min_score + NOTCH_EXTRA and sm >= t.min_margin + NOTCH_EXTRA
            if (not sure and not r.cut and clear_rank and colour_ok and ink_ok and ss >= t.min_score
                    and self.pair_rule_holds(r)):
                # A tip not seen, but a whole suit as clearly that shape as
                # any plain read asks, only not told from its same-colour
                # look-alike (a blurred spade or club): the learned pair
                # score may still tell them apart.  Or a suit short of a clear score
                # only, leading every other by a clear margin (a bellot 3 against its
                # card's edge left its spade 0.75, 0.52 ahead): its pair score past the
                # cut is the second look a notched corner asks.  Not where the window's
                # size is in doubt: a suit read in one a piece of a rank sized scores low
                # for that, and the pair score, learned in windows of the right size, may
                # name either.
                sized = not (doubt or r.unsized)
                sure = self.pair_decides(r, suit, far_ahead=sized and self.clearly_ahead(r, suit))
            elif not sure and not hidden and clear_rank and colour_ok and ink_ok and self.suit_cut_clearly(r, ss, sm):
                sure = True
        elif (not sure and colour_ok and ink_ok and rs >= t.min_score and rm >= t.min_margin
              and self.pair_rule_holds(r)):
            sure = self.pair_decides(r, suit, far_ahead=not self.smeared(r))
        pair_conflict = self.pair_contradicts(r, suit)
        sure = sure and not pair_conflict
        extra = NOTCH_EXTRA if fragment else 0.0
        if (not sure and ink_ok and rs >= t.min_score + extra and rm >= t.min_margin + extra
                and self.pair_rule_holds(r)):
            # A suit blurred past its plain templates: scored against them
            # blurred alike, it may still lead the other colour clearly, and
            # the pair score tell it from its look-alike.  Where the tip was
            # not seen (or the glyph was cut from ink beside it) the suit must
            # be as clearly that shape as any plain read asks, as above.  Nor,
            # where the tip was not seen, when the rank's height may not be the
            # index's (``unsized``, or far shorter than the suit's): a suit in a
            # window of the wrong size scores low as well, and the blurred
            # templates, fatter, fit it better (the sliver of a ten's 0 beside a
            # covering card's edge read as a J, its club scoring 0.57 and 0.74
            # blurred).  A whole corner's rank is whole: heavy blur alone can
            # leave it unsized, or its suit cut taller than printed, and it
            # reads right (the blur stress, ornamental's cluttered scenes), but
            # only scoring blurred as high as any plain read must: a card lying
            # over half its index leaves the tip in sight and the suit a piece,
            # a club's scoring 0.19 plain, its blurred spade 0.54 a hair ahead of
            # the club, and the pair score, set on whole glyphs, naming the spade.
            # Nor a fragment's suit cut on a line (see cut_on_a_line): a glyph pair at a queen of
            # hearts' lower index, the next card's edge across it, kept a strip of the heart that
            # scored 0.715 as a diamond, unblurred, and the pair score named it (qaK F6).
            blurred = self.matcher.blurred_suit_scores(r)
            soft = max(blurred, key=blurred.get) if blurred else None
            if (soft is not None and not (c.notched and (r.unsized or self.rank_short_of_suit(r, rank, soft)))
                    and self.pair_decides(r, soft, blurred, t.min_score if extra or r.unsized else t.candidate_score)
                    and not (fragment and self.cut_on_a_line(r, rank, soft))):
                ordered = sorted(blurred.values(), reverse=True)
                suit, ss, sm, colour_ok, sure = soft, ordered[0], ordered[0] - ordered[1], True, True
        if sure and self.piece_of_a_suit(r, suit):
            sure = False
        if not sure and r.cut_suit is not None and ink_ok and not self.past_self_test(r):
            # A suit cut by a covering card's edge, scored on its visible part: the rank by
            # the rules of a cut read (above), the suit by the learned cut thresholds; the
            # pair direction on the visible part may still veto it (the whole glyph's pair
            # score weighs the covering card's paper too).
            cut = cut_suit_decides(t.cut_suit, r.cut_suit, rs >= t.min_score + NOTCH_EXTRA and rm >= t.min_margin + NOTCH_EXTRA,
                                   lambda s: colour_fits(self.profile, s, r.redness, r.ink_colour)
                                   and not r.cut_suit.leans_to_mate(s))
            if cut is not None:
                suit, ss, sm, colour_ok, sure, pair_conflict = cut.suit, cut.score, cut.margin, True, True, False
        mate = self._runner_up(r, suit) if not sure else None
        if (mate is not None and not fragment and colour_ok and ink_ok and rs >= t.min_score
                and rm >= t.min_margin and self.pair_rule_holds(r) and self.pair_decides(r, mate)):
            # The plain scores put the look-alike a hair ahead; the pair score parts them.
            lead, suit, sure, pair_conflict = suit, mate, True, False
            ss = r.suit_scores[mate]
            sm = ss - max(v for k, v in r.suit_scores.items() if k not in (mate, lead))
        if sure and not (self.rank_sure_at_its_blur(r) and self.suit_sure_at_its_blur(r, ss, sm)):
            sure = False
        if sure and self.blurred_look_alike(r, suit, ss, sm):
            sure = False
        if sure and self.cut_rank_past_self_test(r):
            sure = False
        if sure and c.notched and r.scale < RECUT_RANGE[0]:
            # The rank says the card is smaller than tilt or a lift make one: where the tip was not
            # seen, a card lying over it may hide the rank's top, and what is left (a 5's or a 6's
            # lower loop), read at its own height, fills the window as another rank.
            sure = False
        if sure and not fragment and self.cut_on_a_line(r, rank, suit):
            sure = False
        if sure and self.strip_of_a_suit(r, suit):
            sure = False
        if sure and self.rank_too_narrow(r, rank):
            sure = False
        if sure and self.wider_than_its_cut(r, rank, suit):
            sure = False
        if (not fragment and rs >= t.min_score - TWO_CORNER_SCORE
                and (sure or ss >= t.min_score - TWO_CORNER_SCORE) and self.rank_contradicts(r, rank)):
            # Asked only of a read that could count (sure, or one of two corners agreeing).
            sure, pair_conflict = False, True
        if r.unsteady:
            # Another rank read with the clipped paper taken brighter: no evidence for either.
            sure, pair_conflict = False, True
        if ss < t.candidate_score:
            return None
        # Asked only of a read that could count (sure, or one of two corners agreeing).
        clash = (sure or min(rs, ss) >= t.min_score - TWO_CORNER_SCORE) and self.rank_ink_clashes(r, suit)
        sure = sure and not clash
        if r.doubtful and not sure:
            return None  # as likely something else as a glyph: no alert for it
        p = np.array([c.x, c.y])
        wv = np.array(c.wdir) * card_w
        hv = np.array(c.hdir) * card_h
        quad = np.array([p, p + wv, p + wv + hv, p + hv])
        ranks = [k for k, v in sorted(r.rank_scores.items(), key=lambda kv: -kv[1]) if v >= max(rs - 0.12, t.candidate_score)][:3]
        suits = [k for k, v in sorted(r.suit_scores.items(), key=lambda kv: -kv[1]) if v >= max(ss - 0.12, t.candidate_score)][:2]
        if not colour_ok:
            suits = [s for s in self.profile.suit_red if self.profile.suit_red[s] == (r.redness >= 0.08)
                     and not colour_rules_out(self.profile.suit_ink, self.profile.colour_pairs, s, r.ink_colour)][:2] + suits[:1]
        candidates = [a + b for a in (ranks or [rank]) for b in (suits or [suit])][:6]
        return CornerRead(c, (card_w, card_h), quad, np.add.reduce(quad, 0) / len(quad), r, sure, rank + suit, min(rs, ss), min(rm, sm),
                           candidates, not colour_ok or clash, pair_conflict and not sure)

    def _sides(self, window: np.ndarray) -> Sides:
        """The :class:`.straight_sides.Sides` of a glyph window, kept for the last two asked about (a
        read's suit and rank: the rules of :meth:`corner` ask one read's windows several times)."""
        for sides in self._kept_sides:
            if sides.window is window:
                return sides
        sides = Sides(window)
        self._kept_sides = [sides] + self._kept_sides[:1]
        return sides

    def suit_cut_clearly(self, r: IndexRead, score: float, margin: float) -> bool:
        """Whether a whole corner's suit, the only glyph cut from ink beside it, still reads as
        clearly as a cut suit needs (:data:`SUIT_CUT_SCORE` short of a cut read's score, leading
        every other suit by :data:`SUIT_CUT_LEAD`), within the self-test's blur.

        The cut takes a sliver off the suit where a pip beside it touched it (paris prints its
        small club against the big one): the shape left still parts it from every other suit
        by far more than any trial's look-alike came, only its score falls below a cut read's.
        """
        t = self.profile.thresholds
        return (r.cut and not self.rank_cut(r) and not r.doubtful and not self.past_self_test(r)
                and score >= t.min_score + NOTCH_EXTRA - SUIT_CUT_SCORE and margin >= SUIT_CUT_LEAD)

    def cut_on_a_line(self, r: IndexRead, rank: str, suit: str) -> bool:
        """Whether a covering card's edge may have cut the read's glyphs (see :mod:`.straight_sides`):
        the suit's lower side is straighter than its template's by :data:`LEVEL_SUIT`, or its right
        side than both its template's and its own left side by :data:`STRAIGHT_SUIT` (or by
        :data:`STRAIGHT_BOTH` with the rank's right side straighter than its template's by
        :data:`STRAIGHT_RANK`), or its left side than its template's and its own right side by
        :data:`STRAIGHT_SUIT`.

        The left side: a covering card whose corner stops just short of the lower card's tip
        cuts the index's outer side with the tip in sight; qakdeck's queen of hearts, the next
        card's edge across its lower index, kept the heart's inner lobe, straight on its left,
        which read as a diamond (0.64-0.69, far ahead, the pair score naming it: qaK F6).  Only
        where the suit starts inside where the deck prints it (see :meth:`_starts_inside_its_box`):
        a suit printed against the card's edge line is straight there (swiss-xvii's rose).

        A card lying over the inner half of an index leaves the tip in sight and the left halves of
        the glyphs, which read clearly as others: ancient_french's 8 of diamonds as an ace (0.77, its
        diamond's left half 0.71), a heart's left lobe as a diamond.  One over its lower half leaves
        a club's upper lobes, which read as a spade (plastic's face cards).  Asked only at a whole
        corner of glyphs not cut from ink beside them: a cut glyph has the cut's straight side, and
        the stricter rules of a fragment judge it.
        """
        if r.suit_image is None:
            return False
        sides = self._sides(r.suit_image)
        if sides.flat_share("bottom") - self.suit_levels.get(suit, 0.0) > LEVEL_SUIT:
            return True
        if (sides.flat_share("left") - max(self.suit_left_flats.get(suit, 0.0), sides.flat_share()) > STRAIGHT_SUIT
                and self._starts_inside_its_box(r)):
            return True
        if sides.flat_share() - self.suit_flats.get(suit, 0.0) <= STRAIGHT_BOTH:
            return False  # no straighter than its template: nor than the template and its left side
        straighter = sides.flat_share() - max(self.suit_flats.get(suit, 0.0), sides.flat_share("left"))
        if straighter > STRAIGHT_SUIT:
            return True
        return (straighter > STRAIGHT_BOTH and bool(r.glyphs)
                and self._sides(r.glyphs[0].image).flat_share() - self.rank_flats.get(rank, 0.0) > STRAIGHT_RANK)

    def _starts_inside_its_box(self, r: IndexRead) -> bool:
        """Whether the suit glyph's left end lies inside the deck's suit box by :data:`CUT_INSIDE` of
        its width: a covering card's edge across the suit left only its inner part (qakdeck's cut
        hearts began 0.25-0.39 of the box's width in), where a suit printed against the card's
        edge line begins at or before the box's left end (swiss-xvii's rose, touching it: -0.1)."""
        if len(r.glyphs) < 2:
            return False
        box, printed = r.glyphs[1].box, self.profile.suit_box
        return box.u0 - printed.u0 > CUT_INSIDE * (printed.u1 - printed.u0)

    def strip_of_a_suit(self, r: IndexRead, suit: str) -> bool:
        """Whether the suit glyph, cut (see :attr:`.glyphs.Glyph.cut`), ends on one upright line on
        both its sides, more of its rows on each than of its template's by :data:`STRAIGHT_TWO_SIDES`
        (see :mod:`.straight_sides`): a strip of a wider suit, at any corner.

        A suit cut from ink beside it may lose a side with the ink it was parted from: swiss-xvii's
        shield of the ace, touching the picture's outline at the lower index, kept an upright strip
        of itself, straight on both sides (0.86 of its rows on the right, 0.62 on the left, where
        the deck's narrow club has 0.25 and 0.20), which read as that club at 0.78 and the pair
        score named it, with the tip seen or covered (5 wrong sure reads of the cover stress).  Its
        glyph being cut, the corner is judged as a fragment, so :meth:`cut_on_a_line` is not asked,
        and that asks a suit to be straighter than its own left side, which the cut straightened.
        Only a cut glyph is asked: whole narrow clubs of the deck's cluttered scenes reach 0.63 on
        both sides; a cut one read right under a covering card's edge line 0.65 and 0.55 (hence
        the cut on each side).  A suit printed straight-sided is so in its template as well (the
        shield: 0.68 and 0.63).
        """
        if r.suit_image is None or len(r.glyphs) < 2 or not r.glyphs[1].cut:
            return False
        sides = self._sides(r.suit_image)
        return (sides.flat_share() - self.suit_flats.get(suit, 0.0) > STRAIGHT_TWO_SIDES
                and sides.flat_share("left") - self.suit_left_flats.get(suit, 0.0) > STRAIGHT_TWO_SIDES)

    def piece_of_a_suit(self, r: IndexRead, suit: str) -> bool:
        """Whether the suit glyph, cut (see :attr:`.glyphs.Glyph.cut`) and scoring short of a cut read's
        score (:data:`NOTCH_EXTRA` above the profile's least) as ``suit``, is a piece of another suit:
        smaller than each of ``suit``'s templates both ways (its ink's height by its width under
        :data:`PIECE_EXTENT` of theirs, in the matched window, which its rank's height sizes) and
        lopsided (its mirror fit under theirs by :data:`PIECE_LOPSIDED`), see :mod:`.suit_piece`.

        On qaO's own svg-standard deck (F1) a 4 of hearts under the next card's edge, which slants
        across its suit and touches its 4's foot, kept the heart's left lobe above it.  Cut from
        the edge's ink, it was judged as a fragment, and its shape, round above and pointed where
        the edge cut it, read as a diamond at 0.71-0.73, far ahead of every other suit, which the
        blurred look (the glyph as sharp as the templates: the plain scores again) and the pair
        score, both set on whole glyphs, made sure.  A slanting cut is no upright or level line
        (see :meth:`cut_on_a_line`), and a diamond's own sides slant so.  Every look at it
        (slid, cut again at other sizes) is asked: its extent came out 0.61-0.74 of the diamond's,
        its mirror fit 0.89-0.94.  A piece scoring as a cut read must is not asked, and the cut
        look (see :mod:`.cut_glyphs`), which scores the visible part against templates cut
        alike, may still make the corner sure.
        """
        if r.suit_image is None or len(r.glyphs) != 2 or not r.glyphs[1].cut:
            return False
        if r.suit_scores.get(suit, -1.0) >= self.profile.thresholds.min_score + NOTCH_EXTRA:
            return False
        high, wide = extent(r.suit_image)
        fit = None
        for key, (h, w, mirror) in self.suit_shapes.items():
            if key[0] != suit:
                continue
            if high * wide >= PIECE_EXTENT * max(h * w, 1.0):
                return False
            fit = mirror_fit(r.suit_image) if fit is None else fit
            if fit >= mirror - PIECE_LOPSIDED:
                return False
        return fit is not None

    def wider_than_its_cut(self, r: IndexRead, rank: str, suit: str) -> bool:
        """Whether both glyphs' right sides are straighter than their templates' (by :data:`CUT_RANK_FLAT`
        and :data:`CUT_SUIT_FLAT`, see :mod:`.straight_sides`), as a covering card's edge leaves them,
        and the rank glyph is wider, against its height, than ``rank`` is printed by :data:`WIDEST_CUT`.

        What a cut leaves of a glyph is never wider than the glyph: the rank read is not the one
        printed there.  A card over the inner side of ancient_french's queen of diamonds ("D")
        leaves its stem with the ends of its two bars, straight on the right where the edge runs,
        and the diamond's right tip cut off: the stub reads as the deck's ace ("1", printed far
        narrower) at 0.77-0.84, at a whole corner and, with the edge's line beside it, as a glyph
        cut from that line.  Asked at any corner.  Of the sure reads of the benchmark decks' table
        frames one in a hundred is 1.16 times as wide as its rank's shape or more (blur widens a
        narrow glyph), but none of those has both right sides so straight; under the cover
        stress's covering cards 11 correct sure reads (of 15,262) were lost to it.
        """
        printed = self.profile.rank_aspect.get(rank)
        if r.suit_image is None or not printed or not r.glyphs:
            return False
        box = r.glyphs[0].box
        if (box.u1 - box.u0) * self.profile.aspect <= WIDEST_CUT * printed * max(box.v1 - box.v0, 1e-9):
            return False
        return (self._sides(r.suit_image).flat_share() - self.suit_flats.get(suit, 0.0) > CUT_SUIT_FLAT
                and self._sides(r.glyphs[0].image).flat_share() - self.rank_flats.get(rank, 0.0) > CUT_RANK_FLAT)

    def upper_part_names(self, r: IndexRead, mate: str, suit: str) -> bool:
        """Whether the upper part of the suit glyph fits its look-alike ``mate`` better than ``suit`` by
        more than :data:`UPPER_LEAD` (see :mod:`.upper_part`): the pair score's choice of ``suit`` is
        then not sure.

        A card lying just below jolly-royal's jack of clubs hides the club's lower 30%: its lobes
        scored 0.59 as a spade, 0.50 as a club, and the pair score named the spade 0.005-0.011 past
        its cut.  The lobes, aligned at their top, fit the club's upper part 0.06 better than the
        spade's.  Whole glyphs read sure by their pair score fit their look-alike's upper part
        no more than 0.007 better on the benchmark decks' table frames, 0.028 under the cover
        stress's covering cards.
        """
        if r.suit_image is None:
            return False
        fits = upper_scores(r.suit_image, self.profile.suit_templates, (suit, mate))
        return suit in fits and mate in fits and fits[mate] - fits[suit] > UPPER_LEAD

    def clearly_ahead(self, r: IndexRead, suit: str) -> bool:
        """Whether ``suit`` leads every other suit by a notched corner's margin (the profile's
        plus :data:`NOTCH_EXTRA`), its rank not :meth:`smeared` (a blob, not a glyph)."""
        t = self.profile.thresholds
        own = r.suit_scores.get(suit)
        rest = [v for k, v in r.suit_scores.items() if k != suit]
        return (own is not None and bool(rest) and own - max(rest) >= t.min_margin + NOTCH_EXTRA
                and not self.smeared(r))

    def whole_behind_notch(self, c: Corner, r: IndexRead) -> bool:
        """Whether a corner whose tip was not seen shows its rank whole, so that the rank glyph's lean
        on a look-alike pair's direction (learned on whole glyphs, see :mod:`.rank_pairs`) may part
        the two there too.

        A card's tip lying on another card's picture leaves no outline corner, though nothing
        covers the index (atlasnye_skat's jacks of diamonds read J at 0.85 leading the 8 by
        0.15-0.22, their lean past the pair's cut for the J).  What a covering card leaves is a
        piece: a rank whose top is hidden, read in a window its own height sized, has a suit
        taller than it says the index is (:data:`WHOLE_RANK`); one whose side is hidden is
        narrow, or cut; one read far from the card's size, or blurred past the self-test,
        is no evidence either.  Each of these keeps the plain lead a notched corner needs.
        """
        if not (c.notched and not c.outside and len(r.glyphs) == 2) or r.cut or r.unsized or r.doubtful:
            return False
        if self.rank_cut(r) or self.past_self_test(r) or not WHOLE_SCALE[0] <= r.scale <= WHOLE_SCALE[1]:
            return False
        rank = r.best("rank")[0]
        if self.rank_too_narrow(r, rank):
            return False
        p = self.profile
        glyph_rank, glyph_suit = r.glyphs
        rank_k = (glyph_rank.box.v1 - glyph_rank.box.v0) / p.printed_height(rank)
        suit_k = (glyph_suit.box.v1 - glyph_suit.box.v0) / p.suit_heights.get(r.best("suit")[0], p.suit_h)
        return suit_k <= WHOLE_RANK * rank_k

    @staticmethod
    def unsized_doubt(r: IndexRead) -> bool:
        """Whether the read's rank is short of the card size guessed and the corner was not read at
        the size it tells because the look's glyphs are as likely something else: part of the index
        may be hidden, and the read is judged as at a corner whose tip was not seen.  An ace whose
        apex a card lying over its corner hid, read by that too-short height, sized its suit's window
        small, and its rose (a Swiss deck's hearts) filled it as a shield would.
        """
        return r.unsized and r.doubtful

    def rank_too_narrow(self, r: IndexRead, rank: str) -> bool:
        """Whether the rank glyph is far narrower, against its height, than ``rank`` is printed
        (:data:`NARROWEST` of the deck's own shape, ``Profile.rank_aspect``): a piece of a wider glyph.

        A card lying over the inner side of an index leaves no line where its paper meets the
        paper beneath, and what is left of the rank can be another rank whole: the "1" of a
        ten, read as a deck's ace at 0.72.  Blur and tilt move a whole glyph's shape little
        (sure reads of 35 designs lay at 0.7-2.4 of their rank's shape; the ten read at 0.5).
        """
        printed = self.profile.rank_aspect.get(rank)
        if not printed or not r.glyphs:
            return False
        box = r.glyphs[0].box
        shape = (box.u1 - box.u0) * self.profile.aspect / max(box.v1 - box.v0, 1e-9)
        return shape < NARROWEST * printed

    @staticmethod
    def rank_cut(r: IndexRead) -> bool:
        """Whether the read's rank glyph was cut (see :attr:`.glyphs.Glyph.cut`)."""
        return bool(r.glyphs) and r.glyphs[0].cut

    def cut_rank_past_self_test(self, r: IndexRead) -> bool:
        """Whether the rank glyph was cut (from a line, a covering card's edge or the patch's edge
        band beside it) and the read is blurred past the self-test.

        Such a rank is never sure: blurred further than any trial, the shape left beside the
        cut is the blur's as much as the glyph's (a bellot 3 smeared 9 px, its top in the edge
        band, read as a J at 0.85 leading by 0.33).  A cut suit is likewise judged only
        within the self-test's blur (see ``cut_suit``).
        """
        return self.rank_cut(r) and self.past_self_test(r)

    def blurred_look_alike(self, r: IndexRead, suit: str, score: float, margin: float) -> bool:
        """Whether a suit read blurred past the self-test is of a suit with a same-colour
        look-alike (a pair cut) and not as clear as a notched corner's (``score``, ``margin``).

        Blurred further than any trial, a small club's lobes melt into a spade's
        outline: KDE's tigullio-international read clubs as spades at 0.66-0.76,
        at one corner and at both, and even its pair score's cut learned on heavy
        trials said spade once.  Past the self-test nothing learned tells the two
        apart, so only a clear shape counts (on the benchmark decks' table frames
        no read was lost to this; their heavily blurred set-up shots lost a quarter).
        """
        t = self.profile.thresholds
        return (self.past_self_test(r) and any(suit in key for key in t.pair_cuts)
                and not (score >= t.min_score + NOTCH_EXTRA and margin >= t.min_margin + NOTCH_EXTRA))

    def rank_ink_clashes(self, r: IndexRead, suit: str) -> bool:
        """Whether the rank glyph's ink is clearly not of ``suit``'s colour (past
        ``thresholds.rank_redness``): the rank and the "suit" are two cards' print."""
        red = self.profile.suit_red.get(suit)
        if red is None or not r.glyphs:
            return False
        floor, ceiling = self.profile.thresholds.rank_redness
        redness = r.glyphs[0].redness
        return redness < floor if red else redness > ceiling

    def rank_short_of_suit(self, r: IndexRead, rank: str, suit: str) -> bool:
        """Whether the rank glyph is far shorter (:data:`SHORT_RANK`) than the suit glyph beside it
        says the index is printed: it may be a piece of a rank whose rest a covering card hides,
        read in a window its own height sized (so it fills it as a whole rank would)."""
        if len(r.glyphs) != 2:
            return False
        p = self.profile
        glyph_rank, glyph_suit = r.glyphs
        rank_k = (glyph_rank.box.v1 - glyph_rank.box.v0) / p.printed_height(rank)
        suit_k = (glyph_suit.box.v1 - glyph_suit.box.v0) / p.suit_heights.get(suit, p.suit_h)
        return suit_k > SHORT_RANK * rank_k

    def rank_lead(self, r: IndexRead) -> tuple[str, float, float]:
        """The read's best rank, its score, and its lead over the next rank its look-alike's
        pair lean does not rule out (see :mod:`.rank_pairs`; past the self-test's blur by the
        cuts learned on heavily blurred trials too).  The lean is asked only of a lead short
        of the margins a sure read needs (higher for a read with a cut suit; a notched
        corner's ask it only through :meth:`whole_behind_notch`)."""
        t = self.profile.thresholds
        best = r.best("rank")
        if best[2] >= max(t.min_margin, t.blurred_rank[1]) + (NOTCH_EXTRA if r.cut else 0.0):
            return best
        return self.rank_pairs.lead(r, t.rank_pair_cuts_blurred if self.past_self_test(r) else t.rank_pair_cuts)

    def past_self_test(self, r: IndexRead) -> bool:
        """Whether the read is blurred past what the self-test learned from (``thresholds.blur_limit``).

        The learned parts of judging rest on the trials: the pair score's cuts
        on how far a suit's trial reads strayed, two corners agreeing on the
        trial misreads that never got near the thresholds.  Blurred further, a
        club's pair score strays past the spade's cut (a club read as a spade):
        such a read is sure only by the plain thresholds of one corner (or by
        cuts learned on heavy trials too, see :meth:`pair_rule_holds`), a suit
        with a same-colour look-alike only when clear (see :meth:`blurred_look_alike`),
        two corners agree only with full margins, and any whole corner of its card
        reading another rank makes it uncertain (see :meth:`contradicted`).
        """
        return r.blur > self.profile.thresholds.blur_limit

    def pair_rule_holds(self, r: IndexRead) -> bool:
        """Whether the pair-score rule (and the blurred look at the suit) may make this read sure.

        Within the self-test's blur it always may, by ``thresholds.pair_cuts``.
        Past it only by ``thresholds.pair_cuts_blurred``: cuts set on the usual
        *and* the heavily blurred trials, where a club's pair score strays
        towards the spade's, so they lie further out.  Kept apart because
        cuts that wide cost sharp reads; profiles without them (empty) never
        use the rule past the limit.
        """
        return not self.past_self_test(r) or bool(self.profile.thresholds.pair_cuts_blurred)

    def cuts_for(self, r: IndexRead) -> dict[str, tuple[float, float]]:
        """The pair cuts that judge ``r``: the blurred ones past ``blur_limit``, else the usual ones."""
        t = self.profile.thresholds
        return t.pair_cuts_blurred if self.past_self_test(r) else t.pair_cuts

    def rank_sure_at_its_blur(self, r: IndexRead, score_slack: float = 0.0, margin_share: float = 1.0) -> bool:
        """Whether the rank clears what reads as blurred as this one need (``thresholds.blurred_rank``
        past ``thresholds.blur_level``; always below it): heavily blurred trials read a
        4 or a tailless queen as an A with leads no usual trial showed.  Two corners
        agreeing each ask ``score_slack`` less and ``margin_share`` of the margin."""
        t = self.profile.thresholds
        if r.blur <= t.blur_level:
            return True
        _, rs, rm = self.rank_lead(r)
        return rs >= t.blurred_rank[0] - score_slack and rm >= t.blurred_rank[1] * margin_share

    def suit_sure_at_its_blur(self, r: IndexRead, score: float, margin: float, score_slack: float = 0.0,
                              margin_share: float = 1.0) -> bool:
        """Whether the suit's ``score`` and ``margin`` clear what reads as blurred as this one need
        (``thresholds.blurred_suit`` past ``thresholds.blur_level``, where the deck's heavily
        blurred trials read a suit as its look-alike; always, elsewhere).  Two corners agreeing
        each ask ``score_slack`` less and ``margin_share`` of the margin."""
        t = self.profile.thresholds
        if r.blur <= t.blur_level:
            return True
        return score >= t.blurred_suit[0] - score_slack and margin >= t.blurred_suit[1] * margin_share

    def smeared(self, r: IndexRead) -> bool:
        """Whether, past ``thresholds.blur_level``, the rank's edge is blurrier against its suit's than
        twice the trials' usual ratio (``thresholds.smear_limit``): its outline runs through faint ink, so it is a
        blur's halo or glyphs melted together more than a glyph (a "B" blurred so cut
        is a blob that reads as a "K").  Rank and suit lie side by side: a frame
        blurs both alike."""
        t = self.profile.thresholds
        # Only past the blur level is a halo wide enough to matter (and the edges worth measuring).
        return r.blur > t.blur_level and r.rank_blur > t.smear_limit * r.blur

    def pair_contradicts(self, r: IndexRead, suit: str) -> bool:
        """Whether the pair score lies past the cut of ``suit``'s look-alike: surely the other suit.

        Blurred beyond anything the self-test tried (sigma 2 and more), a
        spade can pass the plain thresholds as a club, while the pair score,
        which weighs exactly the pixels that part the two, still says spade.
        Past its cut no trial read of ``suit`` lay (and no sure read of the
        benchmark decks): two looks disagreeing make the card uncertain.
        """
        for key, (to_second, to_first) in self.profile.thresholds.pair_cuts.items():
            if suit in key and key in r.pair_scores:
                score = r.pair_scores[key]
                if score <= to_second if suit == key[0] else score >= to_first:
                    return True
        return False

    def rank_cuts_for(self, r: IndexRead) -> dict[str, tuple[float, float]]:
        """The rank pair cuts that judge ``r``: the blurred ones past ``blur_limit``, else the usual ones."""
        t = self.profile.thresholds
        return t.rank_pair_cuts_blurred if self.past_self_test(r) else t.rank_pair_cuts

    def rank_leans_past(self, r: IndexRead, key: str, rank: str) -> bool:
        """Whether the rank glyph leans on the pair ``key``'s direction past the cut of ``rank``
        (one of the pair): no trial read of the other rank lay there (see :mod:`.rank_pairs`)."""
        cuts = self.rank_cuts_for(r)
        if key not in cuts:
            return False
        lean = self.rank_pairs.lean(r, key)
        if lean is None:
            return False
        to_second, to_first = cuts[key]
        return lean >= to_first if rank == key[0] else lean <= to_second

    def rank_contradicts(self, r: IndexRead, rank: str) -> bool:
        """Whether the rank glyph leans past the cut of a look-alike of ``rank``: surely that other rank.

        The ranks' mirror of :meth:`pair_contradicts`: a blurred "B" (Bube) can
        score as an "8" by whole-glyph correlation while the pixels that part the
        two (its straight back) still say "B".  Past that cut no trial read of
        ``rank`` lay; the two looks disagreeing make the corner uncertain.
        Only a whole glyph is asked (the pairs' cuts were set on whole glyphs).
        """
        for key in self.rank_cuts_for(r):
            if rank in key and self.rank_leans_past(r, key, key[1] if rank == key[0] else key[0]):
                return True
        return False

    def look_alike_unparted(self, cr: CornerRead) -> bool:
        """Whether the read's code has a look-alike in this deck (``thresholds.confusable``) its
        glyph does not surely part it from, so that two corners agreeing on it are no more than
        the same confusion twice (see :func:`.selftest.confusions`).

        A suit with a look-alike always counts so.  A rank does not when its
        glyph leans on the pair's learned direction past its own cut (no trial
        read of the look-alike leant so far, see :mod:`.rank_pairs`): the
        pixels that part the two say which it is, at this corner; both corners
        must say so for the card to count.
        """
        for key in self.profile.thresholds.confusable:
            if cr.code[1:] in key:
                return True
            if cr.code[0] in key and not self.rank_leans_past(cr.read, key, cr.code[0]):
                return True
        return False

    def _runner_up(self, r: IndexRead, suit: str) -> Optional[str]:
        """The suit scoring next after ``suit`` when it is of ``suit``'s ink (red or black), else None."""
        ordered = sorted(r.suit_scores.items(), key=lambda kv: -kv[1])
        if len(ordered) < 2 or ordered[0][0] != suit:
            return None
        mate = ordered[1][0]
        red = self.profile.suit_red.get(suit)
        return mate if red is not None and self.profile.suit_red.get(mate) == red else None

    def pair_decides(self, r: IndexRead, suit: str, scores: Optional[dict[str, float]] = None,
                      floor: Optional[float] = None, far_ahead: bool = False) -> bool:
        """A suit glyph too blurred for the plain scores, told from its look-alike by the pair score.

        Small spades and clubs in blur are both a round blob: each scores low
        and the two lie close.  The read is still sure when the ink colour
        clearly says which pair it is, the glyph leads every suit of the other
        colour by the usual margin, and the pair score lies past the cut the
        self-test learned for ``suit`` (no trial read of its look-alike got there).
        ``scores``: the suit scores to judge by (the read's plain ones when
        None); ``floor``: the least top score (the candidate score when None);
        ``far_ahead``: the suit may also lead every other by a plain read's margin, only
        scoring short of a plain read (asked only at a whole corner whose rank is not
        :meth:`smeared`: at a notched one a lead that short is not clear, see
        :data:`NOTCH_EXTRA`, and a smeared rank may be a blob, not a glyph: a blurred
        rheinland jack read as a king, its heart 0.77 far ahead of every suit).
        """
        t = self.profile.thresholds
        ordered = sorted((r.suit_scores if scores is None else scores).items(), key=lambda kv: -kv[1])
        own = dict(ordered).get(suit)
        if len(ordered) < 2 or own is None or own < (t.candidate_score if floor is None else floor):
            return False
        red = self.profile.suit_red.get(suit)
        if red is None:
            return False
        inks, apart = self.profile.suit_ink, self.profile.colour_pairs
        if colour_rules_out(inks, apart, suit, r.ink_colour):
            return False
        # A suit of the same red-or-black class whose ink colour the read's rules out counts as of "the other colour".
        alike = {k for k, _ in ordered
                 if self.profile.suit_red.get(k) == red and not colour_rules_out(inks, apart, k, r.ink_colour)}
        mate = [k for k, _ in ordered if k != suit and k in alike]
        unlike = [v for k, v in ordered if self.profile.suit_red.get(k) != red]
        if not mate and any(k != suit and k not in alike and self.profile.suit_red.get(k) == red for k, _ in ordered):
            # Every suit of its red-or-black class that shape cannot part from it
            # (a pale blurred spade and a club), the ink's colour rules out: the
            # colour does what the pair score does, if the shape agrees.  Its
            # redness need only fit the suit as any read's must: a four-colour
            # deck's yellow diamond (of the "black" class) reads 0.07-0.13.
            return (colour_fits(self.profile, suit, r.redness, r.ink_colour) and ordered[0][0] == suit
                    and (not unlike or ordered[0][1] - max(unlike) >= t.min_margin))
        if (red and r.redness < 0.25) or (not red and r.redness > 0.08):
            return False  # the pair score parts two suits of one ink: the ink must clearly be theirs
        other = [v for k, v in ordered if k not in alike]
        # The two look-alikes lead, in either order while the plain scores do not part them
        # (the one ahead by less than a plain read's margin): the pair cuts are set on trial
        # reads of both suits, whatever their plain order.  Or (``far_ahead``) the suit leads
        # every other by a plain read's margin, scoring short of one (a small spade's long stem).
        leads_all = far_ahead and ordered[0][0] == suit and own - ordered[1][1] >= t.min_margin
        if (not mate or (not leads_all and ({k for k, _ in ordered[:2]} != {suit, mate[0]}
                                            or ordered[0][1] - own >= t.min_margin))
                or (other and own - max(other) < t.min_margin)):
            return False
        key = "".join(sorted((suit, mate[0])))
        cuts = self.cuts_for(r)
        if key not in cuts or key not in r.pair_scores:
            return False
        to_second, to_first = cuts[key]
        score = r.pair_scores[key]
        if not (score >= to_first if suit == key[0] else score <= to_second):
            return False
        return not self.upper_part_names(r, mate[0], suit)

    def contradicted(self, group: list[CornerRead], code: str) -> bool:
        """Whether another whole corner of the card clearly reads another rank than the sure ``code``.

        A corner not sure of itself is no evidence for its card, but it is
        against one: a serif "4" blurred so that its thin stroke fades reads
        as a "1" at one corner and still as a "4" at the other.  A corner
        whose tip was not seen, or whose glyph was cut from ink beside it,
        may hold a fragment and does not count.
        """
        t = self.profile.thresholds
        # Past the self-test's blur, a glyph cut from ink beside it is more
        # often a whole glyph melted onto its neighbour than a fragment.
        blurred = any(cr.sure and cr.code == code and self.past_self_test(cr.read) for cr in group)
        for cr in group:
            if (cr.sure or cr.corner.notched or (cr.read.cut and not blurred)
                    or not IndexMatcher.ink_plausible(cr.read)):
                continue
            rank, rs, _ = cr.read.best("rank")
            if rank != code[0] and rs >= t.min_score and rs > cr.read.rank_scores.get(code[0], -1.0):
                return True
        return False

    def two_corners_agree(self, group: list[CornerRead], card_w: float):
        """Both index corners of one card, each nearly sure, reading the same code: two
        independent looks agreeing are as good as one clear look.  Returns the better read."""
        t = self.profile.thresholds
        # Blurred past the self-test, both looks share the blur (a serif 4 whose
        # thin stroke fades reads as an A at both corners): each must lead by a full margin.
        near = [cr for cr in group if not cr.colour_conflict and not cr.pair_conflict and not cr.corner.notched and not cr.read.cut
                and not self.look_alike_unparted(cr) and IndexMatcher.ink_plausible(cr.read)
                and cr.confidence >= t.min_score - TWO_CORNER_SCORE and cr.margin >= TWO_CORNER_MARGIN * t.min_margin
                and (cr.margin >= t.min_margin or not self.past_self_test(cr.read)) and not self.smeared(cr.read)
                and self.rank_sure_at_its_blur(cr.read, TWO_CORNER_SCORE, TWO_CORNER_MARGIN)
                and self.suit_sure_at_its_blur(cr.read, *_suit_lead_of(cr), TWO_CORNER_SCORE, TWO_CORNER_MARGIN)
                and not self.blurred_look_alike(cr.read, cr.code[1], *_suit_lead_of(cr))]
        for i, a in enumerate(near):
            for b in near[i + 1:]:
                apart = np.hypot(a.corner.x - b.corner.x, a.corner.y - b.corner.y) > 0.5 * card_w
                if apart and a.code == b.code and all(cr.code == a.code for cr in near):
                    return max(a, b, key=lambda cr: cr.confidence)
        return None


def _suit_lead_of(cr: CornerRead) -> tuple[float, float]:
    """A corner read's plain score for the suit it reads, and its lead over the next suit."""
    scores = cr.read.suit_scores
    own = scores.get(cr.code[1], -1.0)
    return own, own - max((v for k, v in scores.items() if k != cr.code[1]), default=-1.0)
