"""Progress per trainee in one local JSON file (no server), written atomically.

The file holds, per trainee, the summary of every session and the count of
cases seen and got wrong per rule (``third-card/banker 4``), which level 3
uses to pick the trainee's weak spots.  A write goes to a temporary file in
the same folder, is flushed to disk and then renamed over the old file, so a
crash leaves either the old or the new progress, never half of it.  A file
that cannot be read is never overwritten: the error names it.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Optional

from dealer_assist.training.scoring import Summary

VERSION = 1
MAX_MISTAKES_KEPT = 50


class ProgressError(RuntimeError):
    """The progress file cannot be read or written; the message names it and says what to do."""


class TraineeNameError(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"invalid trainee name {name!r}: use 1 to 40 characters, not only spaces")


def default_store_path() -> Path:
    """``training.json`` in the user's data folder ($XDG_DATA_HOME/dealer-assist, else ~/.local/share)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "dealer-assist"
    return base / "training.json"


def check_name(name: object) -> str:
    text = str(name).strip() if isinstance(name, str) else ""
    if not text or len(text) > 40:
        raise TraineeNameError(name)
    return text


class ProgressStore:
    """The progress file.  :meth:`record` adds a session and writes the file at once."""

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = Path(path) if path is not None else default_store_path()
        self.data = self._load()

    def _load(self) -> dict:
        if not self.path.exists():
            return {"version": VERSION, "trainees": {}}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProgressError(f"cannot read the training progress file {self.path}: {exc}; it was left as it is; "
                                "fix or move it, or use --store to keep progress in another file") from None
        if not isinstance(data, dict) or not isinstance(data.get("trainees"), dict):
            raise ProgressError(f"{self.path} is not a dealer-assist training progress file (no \"trainees\"); "
                                "it was left as it is; use --store to choose another file")
        if data.get("version", VERSION) > VERSION:
            raise ProgressError(f"{self.path} was written by a newer dealer-assist (version {data['version']}); "
                                "update dealer-assist or use --store to choose another file")
        return data

    # -- reading --------------------------------------------------------------
    @property
    def trainees(self) -> list[str]:
        return sorted(self.data["trainees"])

    def trainee(self, name: str) -> dict:
        return self.data["trainees"].get(check_name(name), {"sessions": [], "categories": {}})

    def sessions(self, name: str) -> list[dict]:
        return list(self.trainee(name)["sessions"])

    def record_for(self, name: str, drill: str) -> dict[str, dict[str, int]]:
        """``category -> {"seen", "wrong"}`` of one drill, for the difficulty levels."""
        prefix = drill + "/"
        return {k[len(prefix):]: v for k, v in self.trainee(name)["categories"].items() if k.startswith(prefix)}

    # -- writing --------------------------------------------------------------
    def record(self, name: str, summary: Summary, drill: str, started: Optional[float] = None) -> dict:
        """Add one session's summary and its per-rule counts, then save.  Returns the stored entry."""
        name = check_name(name)
        entry = {
            "date": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(started or time.time())),
            "drill": drill,
            **summary.to_json(),
        }
        entry["mistakes"] = entry["mistakes"][:MAX_MISTAKES_KEPT]
        data = json.loads(json.dumps(self.data))  # a copy: a failed save leaves self.data unchanged
        person = data["trainees"].setdefault(name, {"sessions": [], "categories": {}})
        person["sessions"].append(entry)
        for a in summary.attempts:
            key = f"{a.case.drill}/{a.case.category}"
            counts = person["categories"].setdefault(key, {"seen": 0, "wrong": 0})
            counts["seen"] += 1
            counts["wrong"] += 0 if a.right else 1
        self._save(data)
        self.data = data
        return entry

    def _save(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".training-", suffix=".json", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump(data, f, ensure_ascii=False, indent=1)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise ProgressError(f"cannot save the training progress to {self.path}: {exc}; "
                                "the session's results are not stored; use --store to choose a writable file") from None
