"""Reading an image file, and telling one that was cut short or is damaged.

OpenCV decodes what it can of a JPEG that ends early (a copy interrupted, a
camera's memory card pulled) and fills the rest with grey without a word: a
frame read so looks like a table with no cards on its lower part, so the
reader must be told why nothing was read there.  A JPEG damaged inside (a
bad sector, bytes overwritten) is decoded as far as its data makes sense and
garbled or blank after it; only libjpeg notices, in a line of its own on
stderr ("Corrupt JPEG data: premature end of data segment") that names no
file and says nothing of what was read.  :func:`read_checked` takes that line
and says which file it is about.  Such an image is read all the same (the
cards above the damage are real), and the reader is told.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import zlib
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

JPEG_START = b"\xff\xd8\xff"
#: A JPEG's start-of-scan marker: the picture's coded data follows it (a progressive JPEG has several).
JPEG_SCAN = b"\xff\xda"
#: A JPEG's end-of-image marker.  Coded data cannot hold it (a 0xFF there is followed by 0x00 or a
#: restart marker), so a whole picture has one after its last scan; an EXIF thumbnail's own comes before.
JPEG_END = b"\xff\xd9"
PNG_START = b"\x89PNG\r\n\x1a\n"
PNG_END = b"IEND\xaeB`\x82"


def cut_short(path: str | Path) -> bool:
    """Whether a JPEG or PNG file ends before its picture does (other files: False, OpenCV judges them)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    if data.startswith(JPEG_START):
        return data.rfind(JPEG_END) < data.rfind(JPEG_SCAN)
    if data.startswith(PNG_START):
        return PNG_END not in data[-64:]
    return False


def opencv_name(path: str | Path) -> str | bytes:
    """``path`` as OpenCV can take it: as given, or its bytes when the name holds bytes the locale could not
    decode (``carte_\\xe9.jpg`` under UTF-8, kept by Python as a surrogate escape).  OpenCV's binding ends the
    whole process on such a name (a segmentation fault, no message), where the bytes open the file."""
    name = os.fspath(path)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name)
    return name


def read_image(path: str | Path, flags: int = cv2.IMREAD_COLOR) -> Optional[np.ndarray]:
    """The picture in ``path``, or None when it cannot be read, as ``cv2.imread`` says of most bad files.
    OpenCV raises instead for a header claiming more pixels than it decodes (a 9 KB PNG that says
    60000x60000): it crashed calibrate and recognize, and ended watch in silence (QA)."""
    try:
        return cv2.imread(opencv_name(path), flags)
    except cv2.error:
        return None


#: How libjpeg's warnings of a damaged file begin (jerror.h: JWRN_HIT_MARKER, JWRN_JPEG_EOF, ...).
LIBJPEG_DAMAGE = ("Corrupt JPEG data", "Premature end of JPEG file")
#: Held while file descriptor 2 is taken from the process to hear libjpeg: one decode at a time.
_HEARING = threading.Lock()


#: What :func:`read_checked` says of a file that ends before its picture does.
CUT_SHORT = "cut short (the file ends before its picture does)"


def read_checked(path: str | Path, flags: int = cv2.IMREAD_COLOR) -> tuple[Optional[np.ndarray], str]:
    """:func:`read_image`, and what is wrong with the picture though it was read: "" when it is whole, else
    :data:`CUT_SHORT` or "corrupt inside (libjpeg: ...)": read only as far as it decodes, blank or garbled
    past that."""
    try:
        with Path(path).open("rb") as f:
            jpeg = f.read(len(JPEG_START)) == JPEG_START
    except OSError:
        jpeg = False
    if not jpeg:
        if not cut_short(path):
            return read_image(path, flags), ""
        # A PNG cut short: libpng refuses it whole, after a "libpng error: Read Error" line naming no file (QA).
        image, _ = _read_hearing_libjpeg(path, flags, LIBPNG_SAYS)
        if image is None:
            image = png_as_far_as_it_decodes(path, flags)
        return image, (CUT_SHORT if image is not None else "")
    image, said = _read_hearing_libjpeg(path, flags)
    if image is None:
        return None, ""
    if cut_short(path):
        return image, CUT_SHORT
    return image, (f"corrupt inside (libjpeg: {said[0]!r})" if said else "")


#: How libpng's words on a PNG cut short begin: said by :func:`read_checked` with the file's name instead.
LIBPNG_SAYS = ("libpng error", "libpng warning")
#: The most pixels a PNG cut short is rebuilt for (an 8K camera's frame): its header's size is all there is
#: to go by, and a damaged header may claim any.
PNG_MOST_PIXELS = 7680 * 4320
#: Samples per pixel by a PNG's colour type (grey, RGB, palette, grey and alpha, RGBA).
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def png_as_far_as_it_decodes(path: str | Path, flags: int = cv2.IMREAD_COLOR) -> Optional[np.ndarray]:
    """The picture of a PNG file cut short, as far as its rows decode, black past them; None when not one
    row does (or it is interlaced, or no PNG).  libpng refuses such a file whole, though its rows up to
    the cut are whole: they are taken and put, with rows of nothing after them, in a whole PNG."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not data.startswith(PNG_START):
        return None
    pos, header, before, coded = len(PNG_START), None, [], []
    while pos + 8 <= len(data):
        length, kind = int.from_bytes(data[pos:pos + 4], "big"), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        if kind == b"IDAT":
            coded.append(body)  # the last may be cut: its part there is read
        elif not coded and kind != b"IEND" and pos + 12 + length <= len(data):
            before.append(data[pos:pos + 12 + length])  # IHDR, PLTE, tRNS ... whole, with their CRC
        pos += 12 + length
    if header is None or len(header) < 13 or header[12] != 0 or header[9] not in PNG_CHANNELS:
        return None
    width, height, depth = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big"), header[8]
    if not 0 < width * height <= PNG_MOST_PIXELS:
        return None
    row = 1 + (width * PNG_CHANNELS[header[9]] * depth + 7) // 8  # a filter byte, then the row's samples
    try:
        rows = zlib.decompressobj().decompress(b"".join(coded), row * height)
    except zlib.error:
        return None
    whole = len(rows) // row
    if not whole:
        return None
    rows = rows[:whole * row] + bytes(row * (height - whole))  # filter 0, all samples 0
    idat = zlib.compress(rows, 1)
    rebuilt = (PNG_START + b"".join(before) + len(idat).to_bytes(4, "big") + b"IDAT" + idat
               + zlib.crc32(b"IDAT" + idat).to_bytes(4, "big") + (0).to_bytes(4, "big") + PNG_END)
    try:
        return cv2.imdecode(np.frombuffer(rebuilt, np.uint8), flags)
    except cv2.error:
        return None


def _read_hearing_libjpeg(path: str | Path, flags: int,
                          heard_from: tuple[str, ...] = LIBJPEG_DAMAGE) -> tuple[Optional[np.ndarray], list[str]]:
    """:func:`read_image` with what libjpeg (or whoever ``heard_from`` names the lines of) wrote on stderr
    meanwhile; whatever else was written there then (another thread's words) is passed on as it was.
    Where stderr cannot be taken, nothing is heard."""
    with _HEARING, tempfile.TemporaryFile() as heard:
        try:
            sys.stderr.flush()
            kept = os.dup(2)
        except (OSError, ValueError, AttributeError):
            return read_image(path, flags), []
        try:
            os.dup2(heard.fileno(), 2)
            image = read_image(path, flags)
        finally:
            os.dup2(kept, 2)
            os.close(kept)
        heard.seek(0)
        lines = heard.read().decode("utf-8", "replace").splitlines(keepends=True)
    others = "".join(line for line in lines if not line.startswith(heard_from))
    if others:
        os.write(2, others.encode())
    return image, [line.strip() for line in lines if line.startswith(heard_from)]
