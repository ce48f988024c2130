"""Short sound cues: "card", "draw" and "alert".

PySide6-Essentials has no QtMultimedia, so the cues fall back to the system
bell (:meth:`QApplication.beep`); with the full PySide6 (QtMultimedia) they
are three short tones of different pitch, generated once into WAV files.
"""

from __future__ import annotations

import math
import struct
import tempfile
import wave
from pathlib import Path
from typing import Optional

from PySide6.QtWidgets import QApplication

CUES = {"card": 880.0, "draw": 660.0, "alert": 440.0}


def _tone(path: Path, freq: float, seconds: float = 0.12, rate: int = 22050) -> None:
    frames = int(seconds * rate)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        fade = max(1, frames // 10)
        w.writeframes(b"".join(
            struct.pack("<h", int(12000 * min(1.0, i / fade, (frames - i) / fade) * math.sin(2 * math.pi * freq * i / rate)))
            for i in range(frames)))


class Cues:
    """Plays a cue by name when sound is on; :attr:`played` lists what was asked for (tests)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.played: list[str] = []
        self.backend = "beep"
        self._effects: dict = {}
        try:
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QSoundEffect  # not in PySide6-Essentials
        except ImportError:
            return
        folder = Path(tempfile.mkdtemp(prefix="dealer-assist-cues-"))
        for name, freq in CUES.items():
            path = folder / f"{name}.wav"
            _tone(path, freq)
            effect = QSoundEffect()
            effect.setSource(QUrl.fromLocalFile(str(path)))
            self._effects[name] = effect
        self.backend = "QtMultimedia"

    def play(self, name: str) -> None:
        if name not in CUES:
            raise ValueError(f"unknown sound cue {name!r}: cues are {', '.join(CUES)}")
        self.played.append(name)
        if not self.enabled:
            return
        effect: Optional[object] = self._effects.get(name)
        if effect is not None:
            effect.play()
        else:
            QApplication.beep()
