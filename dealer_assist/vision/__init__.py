"""The camera path: finding cards in a frame, reading their corner index, reporting each card once.

- :mod:`.detect`: exposed card corners from a white-paper mask (robust to overlap);
- :mod:`.glyph_pairs`: an index whose corner is not seen, found by its rank and suit;
- :mod:`.index`: one corner cut upright, rank and suit glyphs, template scores;
- :mod:`.recognize`: a whole frame, corners pooled per card, the never-guess rule;
- :mod:`.profile`, :mod:`.calibrate`, :mod:`.selftest`: deck profiles from set-up shots;
- :mod:`.capture`, :mod:`.track`, :mod:`.watch`: video sources and once-only reading.

Imports the rules core, OpenCV and numpy only.
"""
