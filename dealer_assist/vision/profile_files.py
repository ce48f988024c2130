"""The files a deck profile loads beside its ``profile.json``: each listed there, with its SHA-256.

A profile's templates (``rank_X.png``, ``suit_X.png``) and glyph directions (``pair_CS.npy``,
``rankpair_8J.npy``) are what its reads rest on.  Loaded by whatever its folder held, a profile whose
``pair_CS.npy`` and ``pair_DH.npy`` had been swapped read 20 wrong cards of 150 frames as sure, one
whose ``.npy`` files were deleted read on without them, and a PNG dropped into its folder became a
template (QA).  So a profile loads the files its ``template_files`` lists and no other, each checked
against its ``template_digests``; a file missing or changed, and a file of a profile's kinds that it
does not list, refuse it by name.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any, Optional

from dealer_assist.cards import RANKS, SUITS

#: The names :meth:`~dealer_assist.vision.profile.Profile.save` gives a profile's files beside ``profile.json``.
NAME = re.compile(r"(rank|suit)_([^/\\]+)\.png|(pair|rankpair)_([^/\\]+)\.npy")


class FileTrouble(ValueError):
    """A profile's files are not those it was saved with; says which, why it matters and what to do."""


def digest(path: Path) -> str:
    """A file's SHA-256, as kept in ``template_digests``."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kind_and_key(name: str) -> Optional[tuple[str, str]]:
    """(``rank``, ``suit``, ``pair`` or ``rankpair``; its glyph or pair) of a file a profile is saved
    with, or None for any other name."""
    match = NAME.fullmatch(name)
    if match is None:
        return None
    kind, key = (match[1], match[2]) if match[1] else (match[3], match[4])
    glyphs = SUITS if kind in ("suit", "pair") else RANKS
    if kind in ("pair", "rankpair"):
        return (kind, key) if len(key) == 2 and all(g in glyphs for g in key) else None
    return (kind, key) if key[0] in glyphs else None


def files_to_load(folder: Path, listed: Any, digests: Any, remedy: str) -> list[str]:
    """The names of the files of the profile in ``folder`` to load: those ``listed``, each there and
    as its digest says.  Raises :class:`FileTrouble` when one is not, when the lists are missing or
    hold another name, or when the folder holds a file of a profile's kinds that is not listed.
    ``remedy`` says how to make the profile again."""
    if listed is None or digests is None:
        raise FileTrouble(
            "it does not list its files with their SHA-256 (template_files, template_digests): it was saved by an "
            "older dealer-assist or the lists were deleted, and a template or direction file swapped, lost or added "
            f"could not be told, so wrong cards would be read as sure; {remedy}")
    odd = [name for name in listed if kind_and_key(name) is None or name not in digests]
    if odd:
        raise FileTrouble(f"it lists {', '.join(map(repr, odd))}, which no calibration saves (with its digest): "
                          f"profile.json was edited; {remedy}")
    lost = [name for name in listed if not (folder / name).is_file()]
    if lost:
        # A glyph with no template is never a candidate: its cards would read as the nearest other one.
        raise FileTrouble(f"it lacks {', '.join(lost)}, which it was saved with: a file was lost or renamed; restore "
                          f"{'them' if len(lost) > 1 else 'it'} from the copy the profile came from, or {remedy}")
    try:
        changed = sorted(name for name in listed if digest(folder / name) != digests[name])
        extra = sorted(p.name for p in folder.iterdir() if NAME.fullmatch(p.name) and p.name not in listed)
    except OSError as exc:
        raise FileTrouble(f"its file {exc.filename!r} cannot be read ({exc.strerror}): let this user read "
                          f"the folder and its files, or {remedy}") from exc
    if changed:
        # Two templates swapped read every card of the one as the other, sure (QA: 59 wrong cards).
        raise FileTrouble(f"{', '.join(changed)} changed since it was saved (swapped or edited); restore "
                          f"{'them' if len(changed) > 1 else 'it'} from the copy the profile came from, or {remedy}")
    if extra:
        raise FileTrouble(
            f"it holds {', '.join(extra)}, which its profile.json does not list: a file added since the profile was "
            "saved (or one an older dealer-assist saved without listing it) would be read as part of the deck; "
            f"move {'them' if len(extra) > 1 else 'it'} out of the folder if added by hand, else {remedy}")
    return sorted(set(listed), key=lambda name: (name.endswith(".npy"), name))  # the order reads were tuned with
