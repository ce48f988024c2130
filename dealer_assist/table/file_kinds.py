"""What a file that is no journal is, by its first bytes: a wrong path is told from a damaged journal.

A journal whose header a fault destroyed holds zeros or SQLite pages where its
header was, never another format's signature; a PNG, a video or an archive
given for the journal is a mistyped path (qaAE F4: ``journal recover shot.png
--new`` set a screenshot aside and put a journal in its place).  Only
signatures of three bytes or more (JPEG's and gzip's are three) are named, at
the very start of the file (or at their fixed offset), so damage cannot imitate
one.  A file of text (a config, a log) is a wrong path too: a journal's pages
hold binary data however damaged its header (:func:`holds_text`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Union

#: (offset, signature, what it is) of the formats likely to lie beside a table's files.
SIGNATURES = (
    (0, b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (0, b"\xff\xd8\xff", "a JPEG image"),
    (0, b"GIF87a", "a GIF image"),
    (0, b"GIF89a", "a GIF image"),
    (0, b"%PDF-", "a PDF document"),
    (0, b"PK\x03\x04", "a zip archive (or an office document)"),
    (0, b"PK\x05\x06", "a zip archive (empty)"),
    (0, b"\x1f\x8b\x08", "a gzip archive"),
    (0, b"\xfd7zXZ\x00", "an xz archive"),
    (0, b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (0, b"\x1aE\xdf\xa3", "a Matroska/WebM video"),
    (0, b"\x7fELF", "a program (ELF)"),
    (4, b"ftyp", "an MP4/MOV video"),
    (8, b"WEBP", "a WebP image"),
    (8, b"AVI ", "an AVI video"),
    (8, b"WAVE", "a WAV sound"),
)


def known_format(path: Union[str, Path]) -> Optional[str]:
    """The format ``path``'s first bytes name ("a PNG image"), or None (none known, or it cannot be read)."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return None
    for offset, signature, what in SIGNATURES:
        if head[offset:offset + len(signature)] == signature:
            return what
    return None


def holds_text(path: Union[str, Path]) -> bool:
    """Whether a file's first 64 KiB are UTF-8 text without a NUL byte (an empty file, one cut inside SQLite's
    header, or one that cannot be read, is not text)."""
    try:
        with open(path, "rb") as f:
            head = f.read(65536)
    except OSError:
        return False
    if not head or b"\0" in head or b"SQLite format 3\0".startswith(head[:16]):  # a journal cut short
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(head) - 3  # a character cut by the 64 KiB boundary
    return True
