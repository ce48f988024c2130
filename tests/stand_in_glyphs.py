"""What the judge's tests give their stand-in rank glyphs for a box: a whole glyph's shape."""

from dealer_assist.vision.profile import Box

#: Wider against its height than any rank is printed: never a piece of a wider glyph
#: (see :meth:`dealer_assist.vision.verdict.Judge.rank_too_narrow`).
WHOLE_RANK = Box(0.0, 0.0, 0.2, 0.1)
