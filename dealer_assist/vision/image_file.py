"""Reading an image file, and telling one that was cut short.

OpenCV decodes what it can of a JPEG that ends early (a copy interrupted, a
camera's memory card pulled) and fills the rest with grey without a word: a
frame read so looks like a table with no cards on its lower part, so the
reader must be told why nothing was read there.
"""

from __future__ import annotations

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


def read_image(path: str | Path, flags: int = cv2.IMREAD_COLOR) -> Optional[np.ndarray]:
    """The picture in ``path``, or None when it cannot be read, as ``cv2.imread`` says of most bad files.
    OpenCV raises instead for a header claiming more pixels than it decodes (a 9 KB PNG that says
    60000x60000): it crashed calibrate and recognize, and ended watch in silence (QA)."""
    try:
        return cv2.imread(str(path), flags)
    except cv2.error:
        return None
