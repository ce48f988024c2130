"""A deck profile: what a deck's corner index looks like, learned from set-up shots.

Everything the recognizer needs to know about a deck lives here, measured by
:mod:`dealer_assist.vision.calibrate` and never hand-tuned: the card's aspect
and size in the camera's frame, where the rank and the suit sit in the
corner, the rank and suit templates, and the thresholds below which a read is
*uncertain*.  A profile is a folder: ``profile.json`` plus ``rank_X.png`` /
``suit_X.png`` templates and ``pair_XY.npy`` / ``rankpair_XY.npy`` glyph
directions, each listed in ``profile.json`` with its digest (see
:mod:`.profile_files`), small enough to ship with the package.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import threading
import uuid
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Optional

import cv2
import numpy as np

from dealer_assist.cards import RANKS, SUITS
from dealer_assist.vision.image_file import opencv_name, read_image
from dealer_assist.vision.profile_files import NAME, FileTrouble, digest, files_to_load, kind_and_key
from dealer_assist.vision.profile_fields import Code, FieldError, Fields, Flag, Items, Keyed, Number, Text, checked

#: Cards are warped to this height (pixels) before their corner is read.
CANON_H = 240

PROFILE_FILE = "profile.json"
FORMAT = 1
#: Share of its own trial reads (set-up shots degraded as a table would, see
#: :func:`~dealer_assist.vision.selftest.trial_reads`) a usable profile reads as
#: the right card.  Those trials are the easiest reads the deck will ever get:
#: the 23 decks that read 93-99% of their table frames read 62-99% of them;
#: the two decks whose layout the recognizer cannot read, 0% and 12%.  The bar
#: is half the lowest usable deck's share: a poor set-up is not mistaken for an
#: unreadable deck, a deck that reads next to nothing never passes.
MIN_SELF_TEST_READ = 0.3
#: The card height (pixels, in the set-up shots: the median height of the cards found) from which
#: the recognizer reads a deck as it was built to; it is tested on 1280x720 frames, cards some
#: 250 px tall.  Below it a deck's reads fall off with its cards' size.  Self-test reads of set-up
#: shots scaled down from 1280x720 (cards 256 px): anglo 93% at 256 px, 85% at 204-224,
#: 77% at 192, 37-47% at 142-160, 32% at 126 (640x360), 6-22% at 94-118 (480x270 to 600x338:
#: refused); anglo_modern_4_color 72% / 50% / 45% / 23% (refused) at 256 / 224 / 192 / 158 px,
#: atlasnye_skat 69 / 58 / 42 / 19%, bellot 79 / 70 / 62 / 51%; plastic and tango, printing
#: bigger indexes, 99% and 96% at 254 px, 94% and 89% at 158, 84% and 77% at 126.  Every deck
#: tried passed its self-test at 190 px and more (penguins' aces went unused below 222 px).
CARD_H_NEEDED = 200
#: The share of its trial reads a profile made from cards smaller than :data:`CARD_H_NEEDED` must read.
#: Templates cut that small misread, not only miss: anglo's profile from 640x360 shots (cards 126 px,
#: self-test 32%) read a ten of clubs half under another card as the jack of clubs, sure.  At 192 px
#: it reads 77% of its trials and no card of the scaled table frames wrong; plastic's at 126 px reads 84%
#: and 99.0% of its scaled frames, none wrong.  Decks whose trials read less at full size are refused
#: sooner (anglo_modern_4_color and atlasnye_skat at 192 px: 45% and 42%): the camera must come closer.
SMALL_CARDS_READ = 0.6


def least_self_test_read(card_h_px: float) -> float:
    """The share of its self-test a profile whose set-up cards are ``card_h_px`` tall must read."""
    return MIN_SELF_TEST_READ if card_h_px >= CARD_H_NEEDED else SMALL_CARDS_READ


#: The fields of ``profile.json`` a user may change by hand: the deck's name (a label), the per-shot
#: report, and what guards the rest.  Every other field is a measurement of the set-up shots that the
#: reads rest on, kept with its digest (``measured_digests``): one edited by hand (``shot_size`` made
#: 1920x1080 for a 720p set-up scaled every card read wrong) is refused by name.
EDITABLE = frozenset({"name", "shots", "format", "template_files", "template_digests", "measured_digests"})


def _measured_digests(data: dict) -> dict[str, str]:
    """Per measured field of a profile's JSON (all but :data:`EDITABLE`), a digest of its value as saved:
    of its numbers' values, not their spelling (QA: ``jq`` renaming the deck wrote 240.0 as 240, and the
    profile was refused as edited)."""
    return {key: hashlib.sha256(json.dumps(_as_floats(value), sort_keys=True).encode()).hexdigest()[:16]
            for key, value in data.items() if key not in EDITABLE}


def _as_floats(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value) + 0.0  # -0.0 too: written 0 by such a tool
    if isinstance(value, dict):
        return {key: _as_floats(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_floats(v) for v in value]
    return value


class ProfileError(ValueError):
    """A profile folder is missing, incomplete or from another format; names the path."""


@dataclass(frozen=True)
class Box:
    """A rectangle in card fractions: u across the width, v down the height, from the index corner."""

    u0: float
    v0: float
    u1: float
    v1: float

    @property
    def cu(self) -> float:
        return (self.u0 + self.u1) / 2

    @property
    def cv(self) -> float:
        return (self.v0 + self.v1) / 2

    def grow(self, fu: float, fv: float) -> "Box":
        du, dv = (self.u1 - self.u0) * fu, (self.v1 - self.v0) * fv
        return Box(self.u0 - du, self.v0 - dv, self.u1 + du, self.v1 + dv)


@dataclass(frozen=True)
class Thresholds:
    """When a read counts.  ``min_score``: normalised correlation with the best
    template; ``min_margin``: lead over the runner-up.  Both rank and suit must
    pass, else the card is uncertain.  ``candidate_score``: weaker reads still
    listed as candidates of an uncertain card.  ``pair_cuts``: per pair of
    same-colour suits (``"CS"``), the pair score (see
    :meth:`~dealer_assist.vision.index.IndexMatcher.pair_score`) at or below
    which the glyph is the second suit and at or above which it is the first;
    empty for profiles made before it was learned.  ``confusable``: pairs
    of glyphs (``"8J"``: a jack printed as a Cyrillic "B" and an 8) the
    self-test saw taken one for the other by reads a little short of the
    thresholds, with the widest lead such a misread had: for them two
    corners agreeing do not stand in for one clear read (see
    :func:`~dealer_assist.vision.selftest.confusions`).  ``blur_limit``: the
    index blur (see :func:`~dealer_assist.vision.glyphs.edge_blur`, canonical
    pixels) past which a read is blurred beyond what the self-test tried
    often enough to learn from: such a read is judged more strictly (see
    :meth:`~dealer_assist.vision.verdict.Judge.past_self_test`); infinite in
    profiles made before it was learned.  ``smear_limit``: the most the
    rank's edge blur exceeded its suit's (a factor) in any trial read (see
    :meth:`~dealer_assist.vision.verdict.Judge.smeared`); infinite in older profiles.
    ``blur_level`` and ``blurred_rank``: past that index blur, the rank score
    and margin a sure read needs (learned from heavily blurred trials, see
    :func:`~dealer_assist.vision.selftest.blurred_rank_thresholds`).
    ``blurred_suit``: likewise for the suit, where the heavily blurred trials
    read a suit as its same-colour look-alike with a lead the plain thresholds
    accept (see :func:`~dealer_assist.vision.selftest.blurred_suit_threshold`);
    (0, 0), never asked, in older profiles and where no trial did.
    ``pair_cuts_blurred``: as ``pair_cuts``, set on the usual and the heavily
    blurred trials together; they judge only reads past ``blur_limit`` (see
    :meth:`~dealer_assist.vision.verdict.Judge.pair_rule_holds`); empty in
    older profiles, which never use the pair rule past the limit.
    ``rank_pair_cuts`` and ``rank_pair_cuts_blurred``: as ``pair_cuts`` and
    ``pair_cuts_blurred``, for pairs of look-alike ranks (``"8J"``) and their
    lean on ``Profile.rank_pair_dirs`` (see :mod:`~dealer_assist.vision.rank_pairs`):
    past its cut a rank's runner-up is ruled out; empty in older profiles,
    whose ranks are judged by their plain lead alone.
    ``cut_suit``: the least score and lead of a suit glyph cut by a covering card's
    edge, scored on its visible part (see :mod:`.cut_glyphs`), learned from cut
    trials; infinite (never used) in older profiles and when no bar was safe.
    ``rank_redness``: the least redness a rank glyph printed beside a red suit
    shows and the most one beside a black suit shows (see
    :func:`~dealer_assist.vision.selftest.rank_ink_bounds`); a rank past
    either is in another ink than the suit read beside it, so the two are
    not one index.  Never vetoes in older profiles."""

    min_score: float = 0.80
    min_margin: float = 0.10
    candidate_score: float = 0.55
    pair_cuts: dict[str, tuple[float, float]] = field(default_factory=dict)
    confusable: dict[str, float] = field(default_factory=dict)
    blur_limit: float = float("inf")
    smear_limit: float = float("inf")
    blur_level: float = float("inf")
    blurred_rank: tuple[float, float] = (0.0, 0.0)
    blurred_suit: tuple[float, float] = (0.0, 0.0)
    pair_cuts_blurred: dict[str, tuple[float, float]] = field(default_factory=dict)
    rank_pair_cuts: dict[str, tuple[float, float]] = field(default_factory=dict)
    rank_pair_cuts_blurred: dict[str, tuple[float, float]] = field(default_factory=dict)
    cut_suit: tuple[float, float] = (float("inf"), float("inf"))
    rank_redness: tuple[float, float] = (float("-inf"), float("inf"))

    def look_alike(self, code: str) -> bool:
        """Whether the rank or the suit of ``code`` has a look-alike in this deck."""
        return any(code[0] in pair or code[1:] in pair for pair in self.confusable)


_SHARE = Number(0, 1)
_CUTS = Items(Number(), (2,), pair=True)
_BLUR = Number(0, endless=True)
#: What each field of ``profile.json``'s ``thresholds`` may hold (see :mod:`.profile_fields`).
THRESHOLD_FIELDS = Fields({
    "min_score": _SHARE, "min_margin": _SHARE, "candidate_score": _SHARE,
    "pair_cuts": Keyed(SUITS, 2, _CUTS, "pairs of suits"), "pair_cuts_blurred": Keyed(SUITS, 2, _CUTS, "pairs of suits"),
    "rank_pair_cuts": Keyed(RANKS, 2, _CUTS, "pairs of ranks"),
    "rank_pair_cuts_blurred": Keyed(RANKS, 2, _CUTS, "pairs of ranks"),
    "confusable": Keyed(RANKS + SUITS, 2, Number(), "pairs of glyphs"),
    "blur_limit": _BLUR, "smear_limit": _BLUR, "blur_level": _BLUR,
    "blurred_rank": Items(_SHARE, (2,), pair=True), "blurred_suit": Items(_SHARE, (2,), pair=True),
    "cut_suit": Items(_BLUR, (2,), pair=True), "rank_redness": Items(Number(endless=True), (2,), pair=True),
}, required=("min_score", "min_margin", "candidate_score"), expected="an object of the acceptance thresholds")
_BOX = Fields({side: _SHARE for side in ("u0", "v0", "u1", "v1")}, required=("u0", "v0", "u1", "v1"),
              expected="a box in card fractions: u0, v0, u1, v1")
_PIXELS = Items(Number(4, 1000, whole=True), (2,), pair=True,
                what="a template's width and height, whole pixels from 4 to 1000")
_GLYPH_H = Number(0.01, 1, what="a share of the card's height")
#: What each field of ``profile.json`` may hold, checked when it is loaded (see :mod:`.profile_fields`):
#: a wrong type crashed the first frame read, a number out of range read nothing.
PROFILE_FIELDS = Fields({
    "format": Number(whole=True), "name": Text(),
    "aspect": Number(0.3, 1, what="a card's width over its height"),
    "card_h_px": Number(20, 20000, what="the card's height in the set-up shots, pixels"),
    "rank_box": _BOX, "suit_box": _BOX, "rank_h": _GLYPH_H, "suit_h": _GLYPH_H,
    "edge_margin": Number(0, 0.5, what="a share of the card"),
    "rank_size": _PIXELS, "suit_size": _PIXELS,
    "suit_red": Keyed(SUITS, 1, Flag(), "suits"),
    "paper_level": Number(1, 255, what="the card stock's grey level"),
    "thresholds": THRESHOLD_FIELDS,
    "index_corners": Number(1, 4, whole=True, what="how many corners print the index"),
    "shots": Keyed("", 0, Text(), "shot file names"),
    "rank_aspect": Keyed(RANKS, 1, Number(0.05, 20), "ranks"), "suit_aspect": Keyed(SUITS, 1, Number(0.05, 20), "suits"),
    "rank_heights": Keyed(RANKS, 1, _GLYPH_H, "ranks"), "suit_heights": Keyed(SUITS, 1, _GLYPH_H, "suits"),
    "self_test": Fields({"trials": Number(0, whole=True), "read": _SHARE, "wrong": Number(0, whole=True),
                         "cut_suit": Keyed("", 0, Number(0), "counts")}),
    "suit_ink": Keyed(SUITS, 1, Items(Number(), (3,)), "suits"),
    "colour_pairs": Items(Code(SUITS, 2, "a pair of suits")),
    "paper_colour": Items(Number(0, 255), (0, 3)),
    "glyphs_on_pips": Flag(),
    "shot_size": Items(Number(16, 100000, whole=True), (0, 2),
                       what="the set-up shots' width and height, whole pixels of at least 16, or none"),
    "template_files": Items(Text()), "template_digests": Keyed("", 0, Text(), "file names"),
    "measured_digests": Keyed("", 0, Text(), "field names"),
}, required=("format", "name", "aspect", "card_h_px", "rank_box", "suit_box", "rank_h", "suit_h", "edge_margin",
             "rank_size", "suit_size", "suit_red", "paper_level", "thresholds"))


#: Two index corners of one card reading the same code are taken when each reaches
#: ``min_score - TWO_CORNER_SCORE`` and ``min_margin * TWO_CORNER_MARGIN``.  The two
#: looks are not independent when the whole frame is blurred (both corners of a
#: motion-blurred 3 read as a 4 with margins of 0.10 and 0.11 over the 3), so each
#: keeps three quarters of a single read's margin; the benchmarks' agreed reads
#: lead by 0.125 and more.
TWO_CORNER_SCORE = 0.05
TWO_CORNER_MARGIN = 0.75


def canon_width(aspect: float) -> int:
    """A card's width in canonical pixels (its height is :data:`CANON_H`)."""
    return int(round(CANON_H * aspect))


def index_region_of(rank_box: Box, suit_box: Box) -> Box:
    """Where a corner patch is cut: both glyph boxes and room for scale error (see :meth:`Profile.index_region`)."""
    return Box(0.0, 0.0, max(rank_box.u1, suit_box.u1) * 1.35, max(rank_box.v1, suit_box.v1) * 1.25)


@dataclass
class Profile:
    """A calibrated deck.  Built by :func:`dealer_assist.vision.calibrate.calibrate`."""

    name: str
    aspect: float  # width / height of the card
    card_h_px: float  # card height in the set-up shots (frame pixels)
    rank_box: Box
    suit_box: Box
    rank_h: float  # median glyph height, card fractions
    suit_h: float
    edge_margin: float  # closest any glyph comes to the card's edges, card fractions
    rank_size: tuple[int, int]  # template (width, height) in pixels
    suit_size: tuple[int, int]
    suit_red: dict[str, bool]
    paper_level: float
    thresholds: Thresholds = field(default_factory=Thresholds)
    index_corners: int = 2  # 1: top-left only; 2: and bottom-right (turned); 4: at every corner, upright at the top
    shots: dict[str, str] = field(default_factory=dict)
    rank_templates: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    suit_templates: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    rank_aspect: dict[str, float] = field(default_factory=dict)
    #: Per rank, its printed height (card fractions) where it differs from ``rank_h``:
    #: a queen's tail or a Cyrillic "Д"'s feet make it taller than the others
    #: (see :meth:`suit_window_factor`).  Empty in profiles made before it was measured.
    rank_heights: dict[str, float] = field(default_factory=dict)
    #: Per suit, its printed height where it differs from ``suit_h`` (a deck may print its
    #: hearts a half taller than its spades: see :mod:`.glyph_pairs`).  Empty in profiles made
    #: before it was measured.
    suit_heights: dict[str, float] = field(default_factory=dict)
    suit_aspect: dict[str, float] = field(default_factory=dict)
    #: Per pair of same-colour suits (``"CS"``): the glyph direction that parts
    #: them, learned by the self-test (``pair_CS.npy``).
    pair_dirs: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    #: Per pair of look-alike ranks (``"8J"``): the rank-glyph direction that parts
    #: them, learned by the self-test (``rankpair_8J.npy``, see :mod:`.rank_pairs`).
    #: Empty in profiles made before it was learned.
    rank_pair_dirs: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    #: How the profile read its own set-up shots degraded as at the table (see
    #: :func:`~dealer_assist.vision.selftest.derive_thresholds`): ``trials``,
    #: ``read`` (share read as the right card), ``wrong`` (accepted as a wrong card).
    #: Empty in profiles made before it was kept.
    self_test: dict[str, float] = field(default_factory=dict)
    #: Per suit, the median colour of its ink in the set-up shots (see
    #: :func:`~dealer_assist.vision.ink.ink_colour_of`).  Empty in profiles made before it was measured.
    suit_ink: dict[str, list[float]] = field(default_factory=dict)
    #: Pairs of suits of one red-or-black class whose inks differ clearly in
    #: the set-up shots (``"CS"`` on a deck printing clubs green): the ink's
    #: colour tells them apart.  Empty on a two-colour deck and in older profiles.
    colour_pairs: list[str] = field(default_factory=list)
    #: The card stock's colour (B, G, R) in the set-up shots: cream stock is made
    #: grey before the paper test (see :func:`~dealer_assist.vision.detect.paper_balance`).
    #: Empty in profiles made before it was measured (white assumed).
    paper_colour: list[float] = field(default_factory=list)
    #: Whether the deck prints an index glyph so near a pip that the two make
    #: one blob at the masks' half size in some set-up shot (KDE's
    #: tigullio-international): only then are glyphs taken off pips in the
    #: glyph pair search (see :func:`~dealer_assist.vision.glyph_pairs.peel_pips`).
    #: False in profiles made before it was measured.
    glyphs_on_pips: bool = False
    #: The set-up shots' (width, height) in pixels when they all share one: a camera set to
    #: another resolution of the same view shows its cards that much bigger or smaller, which
    #: the recognizer takes as its first guess (see :meth:`.Recognizer.resolution_zoom`).
    #: Empty when the shots differ in size, and in profiles made before it was kept.
    shot_size: list[int] = field(default_factory=list)

    def printed_height(self, rank: str) -> float:
        """How tall ``rank`` is printed (a share of the card's height): its own height where
        the deck prints it off the usual ``rank_h`` (``rank_heights``), else ``rank_h``."""
        return self.rank_heights.get(rank, self.rank_h)

    def tallest_suit(self) -> float:
        """The height (a share of the card's height) of the deck's tallest printed suit."""
        return max([self.suit_h, *self.suit_heights.values()])

    def suit_window_factor(self, rank: str) -> float:
        """How much smaller the suit's window must be than the rank's height made it, for ``rank``.

        A glyph's window is scaled by the rank's height against ``rank_h``,
        which tells the card's size; a rank printed taller than the others
        makes the card look bigger than it is, and the suit beside it too
        small in its window (a spade 5% small already loses a fifth of its score).
        """
        return min(max(self.rank_h / self.printed_height(rank), 0.8), 1.25)

    @property
    def canon_w(self) -> int:
        return canon_width(self.aspect)

    def index_region(self) -> Box:
        """Where a corner patch is cut: both glyph boxes and room for scale error."""
        return index_region_of(self.rank_box, self.suit_box)

    def save(self, folder: str | Path) -> Path:
        """Write the profile to ``folder``, whole or not at all.

        It is written into a new folder beside ``folder``, every file checked, and swapped in only
        when complete: written in place, a full disk had left the profile that was there with half
        its templates empty (and ``profile.json`` still written), read as a profile until a card
        needed them.  Files in ``folder`` that are no part of a profile are kept; a symbolic link's
        target is written.  Where no folder can be made beside it or it cannot be moved (a read-only
        parent, a mount point), the files are written into a folder inside it first, then moved into
        place one by one.  Ctrl+C, a hang-up or a kill wait until it is done (a few tenths of a second):
        between the renames one had left no profile, and during the writes a hidden folder.  Raises OSError.
        """
        folder = Path(folder)
        with _signals_held():
            self._save(folder.resolve() if folder.is_symlink() else folder.absolute())
        return folder

    def _save(self, target: Path) -> None:
        try:
            here: Optional[Path] = Path.cwd().resolve()
        except OSError:  # the shell's folder was deleted: it is no folder to stand in
            here = None
        if here is not None and (target.resolve() == here or target.resolve() in here.parents):
            self._save_inside(target)  # swapped, it would leave the shell in a deleted folder (--out .)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        new = target.parent / f".{target.name}.new-{uuid.uuid4().hex[:8]}"
        try:
            new.mkdir()
        except OSError:
            self._save_inside(target)
            return
        try:
            self._write(new)
            if not target.is_dir():
                os.rename(new, target)
                return
        except BaseException:
            shutil.rmtree(new, ignore_errors=True)
            raise
        old = target.parent / f".{target.name}.old-{uuid.uuid4().hex[:8]}"
        try:
            os.rename(target, old)
        except OSError:  # a mount point (busy), another file system
            shutil.rmtree(new, ignore_errors=True)
            self._save_inside(target)
            return
        try:
            os.rename(new, target)
        except OSError:
            os.rename(old, target)  # the profile that was there, back in its place
            shutil.rmtree(new, ignore_errors=True)
            raise
        for other in list(old.iterdir()):  # the folder's other files follow it
            if not _profile_file(other.name):
                os.rename(other, target / other.name)
        shutil.rmtree(old, ignore_errors=True)

    def _save_inside(self, target: Path) -> None:
        """:meth:`save` where ``target`` cannot be swapped: every file written into a new folder inside it,
        then each moved into place (the templates first, ``profile.json`` last), the old profile's files
        the new one has not taken off."""
        target.mkdir(parents=True, exist_ok=True)
        new = target / f".new-{uuid.uuid4().hex[:8]}"
        new.mkdir()
        try:
            self._write(new)
            names = sorted(p.name for p in new.iterdir())
            for name in [n for n in names if n != PROFILE_FILE] + [PROFILE_FILE]:
                os.replace(new / name, target / name)
            for stale in target.iterdir():
                if _profile_file(stale.name) and stale.name not in names:
                    stale.unlink()
        finally:
            shutil.rmtree(new, ignore_errors=True)

    def _write(self, folder: Path) -> None:
        """Every file of the profile into the empty ``folder``; OSError if one cannot be written."""
        data = asdict(self)
        for key in ("rank_templates", "suit_templates", "pair_dirs", "rank_pair_dirs"):
            data.pop(key)
        data["format"] = FORMAT
        data["measured_digests"] = _measured_digests(data)
        data["template_files"] = []  # every file loaded beside profile.json, and no other (see .profile_files)
        data["template_digests"] = {}
        for kind, templates in (("rank", self.rank_templates), ("suit", self.suit_templates)):
            for code, img in templates.items():
                path = folder / f"{kind}_{code}.png"
                if not cv2.imwrite(opencv_name(path), np.clip(img * 255, 0, 255).astype(np.uint8)):
                    raise OSError(errno.EIO, "a template image could not be written (disk full?)", str(path))
                data["template_files"].append(path.name)
        for kind, directions in (("pair", self.pair_dirs), ("rankpair", self.rank_pair_dirs)):
            for key, direction in directions.items():
                np.save(folder / f"{kind}_{key}.npy", direction.astype(np.float32))
                data["template_files"].append(f"{kind}_{key}.npy")
        data["template_digests"] = {name: digest(folder / name) for name in data["template_files"]}
        (folder / PROFILE_FILE).write_text(json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, folder: str | Path) -> "Profile":
        """The profile in ``folder``; a folder that does not exist may name a shipped profile
        (``anglo``, ``calibration/plastic``), so the README's examples work from any directory."""
        folder = shipped_profile(folder) or Path(folder)
        path = folder / PROFILE_FILE if folder.is_dir() else folder
        if not path.is_file():
            names = ", ".join(shipped_profile_names())
            if Path(folder).name in shipped_profile_names() and len(Path(folder).parts) == 1:
                # A folder of that name here is the user's own, and it shadows the shipped one (QA).
                names += (f"; the shipped {Path(folder).name!r} is hidden by the folder {str(folder)!r} here: "
                          f"give --profile calibration/{Path(folder).name}")
            if folder.is_dir() and any(p.suffix.lower() in (".png", ".jpg", ".jpeg") for p in folder.iterdir()):
                raise ProfileError(f"{str(folder)!r} holds images, not a deck profile (no {PROFILE_FILE}): if they are "
                                   f"the deck's set-up shots, make its profile with 'dealer-assist calibrate --images "
                                   f"{folder} --out calibration/{folder.name}' and give that (profiles by name, in "
                                   f"calibration/: {names})")
            raise ProfileError(f"no deck profile at {str(folder)!r}: expected {PROFILE_FILE} there (make one with "
                               f"'dealer-assist calibrate --images DIR --out {folder}'; profiles by name, in "
                               f"calibration/: {names})")
        folder = path.parent
        try:
            # utf-8-sig: a profile.json whose name was edited in Windows Notepad is saved with a BOM (QA: refused).
            data = json.loads(path.read_text(encoding="utf-8-sig"))
        except (OSError, ValueError) as exc:
            raise ProfileError(f"deck profile {str(path)!r} is not readable JSON ({exc}); recalibrate") from exc
        if not isinstance(data, dict):
            raise ProfileError(f"deck profile {str(path)!r} is no JSON object; recalibrate")
        if "format" not in data or data["format"] is None:
            raise ProfileError(f"deck profile {str(path)!r} has no format (a calibration writes \"format\": {FORMAT}): "
                               f"profile.json was edited or damaged; recalibrate")
        if isinstance(data["format"], str) and data["format"].strip() == str(FORMAT):
            raise ProfileError(f"deck profile {str(path)!r}: format must be the number {FORMAT}, not the text "
                               f"{data['format']!r} (profile.json was edited): write \"format\": {FORMAT}, or recalibrate")
        if data.get("format") != FORMAT:
            found = data.get("format")
            try:
                newer = not isinstance(found, bool) and float(found) > FORMAT
            except (TypeError, ValueError):
                newer = False
            raise ProfileError(f"deck profile {str(path)!r} has format {found!r}, this version reads {FORMAT}; " + (
                "it was made by a newer dealer-assist: update this installation, or calibrate the deck again with "
                "this version" if newer else "recalibrate"))
        try:
            data = checked(data, PROFILE_FIELDS)
        except FieldError as exc:
            # Taken as it was, it crashed the first frame read deep in the recognizer, or read nothing (QA).
            raise ProfileError(f"deck profile {str(path)!r}: {exc}. No calibration writes that, so the file was "
                               f"edited or damaged; recalibrate with 'dealer-assist calibrate --images DIR --out "
                               f"{folder}'") from exc
        measured = data.pop("measured_digests", None)  # profiles saved before them: not checked
        now = _measured_digests(data) if measured is not None else {}
        changed = sorted(key for key in now.keys() | (measured or {}).keys() if now.get(key) != measured.get(key))
        if changed:
            raise ProfileError(
                f"deck profile {str(path)!r}: {', '.join(changed)} changed since it was saved (edited by hand?): "
                "those are measurements of the set-up shots, and reads rest on them (only the deck's name may be "
                f"changed by hand); recalibrate with 'dealer-assist calibrate --images DIR --out {folder}'")
        data.pop("format")
        listed, digests = data.pop("template_files", None), data.pop("template_digests", None)
        data["rank_box"], data["suit_box"] = Box(**data["rank_box"]), Box(**data["suit_box"])
        data["thresholds"] = Thresholds(**data["thresholds"])
        profile = cls(**data)
        wrong = _out_of_reason(profile)
        if wrong:
            # Such a profile read nothing at all, without a word (a card of no size has no corner).
            raise ProfileError(f"deck profile {str(path)!r} has {wrong}, which no calibration writes; recalibrate")
        recalibrate = f"re-run calibrate: 'dealer-assist calibrate --images DIR --out {folder}'"
        try:
            names = files_to_load(folder, listed, digests, recalibrate)
        except FileTrouble as exc:
            raise ProfileError(f"deck profile {str(folder)!r}: {exc}") from exc
        for name in names:
            _load_file(profile, folder / name, recalibrate)
        test = profile.self_test
        if test and (test.get("read", 1.0) < least_self_test_read(profile.card_h_px) or test.get("wrong", 0)):
            small = (f"; its cards were {round(profile.card_h_px)} px tall in the set-up shots, and from cards under "
                     f"{CARD_H_NEEDED} px a profile must read {SMALL_CARDS_READ:.0%}: calibrate again with the camera "
                     "closer or at a higher resolution" if profile.card_h_px < CARD_H_NEEDED else "")
            raise ProfileError(
                f"deck profile {str(folder)!r} failed its self-test (it read {test.get('read', 0):.1%} of its own "
                f"degraded set-up shots correctly, misread {int(test.get('wrong', 0))}): it would miss or misread this "
                "deck's cards; this recognizer reads indexes with the rank printed over the suit, clear of the border: "
                "recalibrate with such a deck, or use the shoe or the keyboard" + small)
        if len(profile.rank_templates) < 2 or len(profile.suit_templates) < 2:
            raise ProfileError(f"deck profile {str(folder)!r} has too few templates (ranks {''.join(profile.rank_templates)}, suits {''.join(profile.suit_templates)}); recalibrate")
        return profile


def _load_file(profile: Profile, file: Path, recalibrate: str) -> None:
    """One listed file of ``profile``'s folder into it: a template, or a pair's direction."""
    kind, key = kind_and_key(file.name) or ("", "")
    w, h = profile.suit_size if kind in ("suit", "pair") else profile.rank_size
    if kind in ("rank", "suit"):
        img = read_image(file, cv2.IMREAD_GRAYSCALE)
        if img is None:
            raise ProfileError(f"template {str(file)!r} of deck profile {str(file.parent)!r} is not a readable image; "
                               + recalibrate)
        if img.shape != (h, w):  # matched pixel by pixel against the others: a mismatch crashed every read
            raise ProfileError(f"template {str(file)!r} of deck profile {str(file.parent)!r} is {img.shape[1]}x"
                               f"{img.shape[0]} pixels, not the profile's {w}x{h} (edited?); {recalibrate}")
        (profile.rank_templates if kind == "rank" else profile.suit_templates)[key] = img.astype(np.float32) / 255.0
        return
    what = "pair" if kind == "pair" else "rank pair"
    try:
        direction = np.load(file, allow_pickle=False)
    except (OSError, ValueError) as exc:
        # numpy's own words on a text file name pickles and allow_pickle: not advice for a croupier
        raise ProfileError(f"{what} direction {str(file)!r} is not a numpy array file this program "
                           f"wrote (damaged or edited); {recalibrate}") from exc
    if getattr(direction, "shape", None) != (h, w):
        raise ProfileError(f"{what} direction {str(file)!r} is {getattr(direction, 'shape', '?')}, not the "
                           f"profile's {w}x{h} glyph (edited?); {recalibrate}")
    (profile.pair_dirs if kind == "pair" else profile.rank_pair_dirs)[key] = direction.astype(np.float32)


#: The shipped profiles: the repository's ``calibration/``, reached through ``dealer_assist/data/calibration``
#: (a link to it, whose files a wheel copies), so that an installed package finds them as a checkout does.
SHIPPED = Path(__file__).resolve().parents[1] / "data" / "calibration"


def default_profile_path() -> Path:
    """The profile of the demo deck: the repository's ``calibration/anglo``."""
    return SHIPPED / "anglo"


def shipped_profile_names() -> list[str]:
    return sorted(p.parent.name for p in SHIPPED.glob(f"*/{PROFILE_FILE}"))


def shipped_profile(name: str | Path) -> Optional[Path]:
    """The shipped profile ``name`` stands for (``plastic`` or ``calibration/plastic``) when no such
    path exists here, else None: a path that exists is always the user's own."""
    path = Path(name)
    if path.exists() or len(path.parts) > 2 or (len(path.parts) == 2 and path.parts[0] != "calibration"):
        return None
    found = SHIPPED / path.name
    return found if (found / PROFILE_FILE).is_file() else None


def _out_of_reason(p: "Profile") -> str:
    """What of a loaded profile's geometry, each field of it in range (see :data:`PROFILE_FIELDS`), no
    calibration writes, or ""."""
    for name in ("rank_box", "suit_box"):
        b = getattr(p, name)
        if not (b.u0 < b.u1 and b.v0 < b.v1):
            return f"{name} {b} (a box within the card, its first corner before its second)"
    return ""


@contextmanager
def _signals_held():
    """Ctrl+C, a hang-up or a polite kill held back until the block is done, then acted on as it would
    have been (the main thread; elsewhere a no-op): the renames that swap a profile are quick, and must
    all happen.  Python's handlers are swapped, not the thread's signal mask: another thread (Qt's, a
    camera's) would take the signal and the main thread raise KeyboardInterrupt all the same."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]
    before = {number: signal.signal(number, lambda n, _frame: caught.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(caught):
            handler = before[number]
            if callable(handler):
                handler(number, None)
            elif handler != signal.SIG_IGN:
                signal.raise_signal(number)


def _profile_file(name: str) -> bool:
    """Whether a file of a profile's folder is one :meth:`Profile.save` writes (the rest is kept)."""
    return name == PROFILE_FILE or NAME.fullmatch(name) is not None
