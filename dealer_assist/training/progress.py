"""Progress per trainee in one local JSON file (no server), written atomically and under a lock.

The file holds, per trainee, the summary of every session and the count of
cases seen and got wrong per rule (``third-card/banker 4``), which level 3
uses to pick the trainee's weak spots.  A write goes to a temporary file in
the same folder, is flushed to disk and then renamed over the old file, so a
crash leaves either the old or the new progress, never half of it.  A file
that cannot be read, or that is not shaped like a progress file, is never
overwritten: the error names it and what is wrong with it.

Two sessions may share one file (two trainees at two terminals).  Each
session reads the file when it starts, but stores its result by taking an
exclusive ``flock`` on ``<file>.lock``, reading the file again, adding its
own session to what is there now and writing that: the session that ends
last no longer writes back its stale start-time copy over the other's.

Trainee names are case-blind and compared in NFC: ``Ana`` and ``ana`` are one trainee, stored
under the spelling first used (see :mod:`dealer_assist.training.names` for look-alikes).  A name with a control character (a newline
would forge a line in ``train --progress``) is refused.  A trainee stored under two names is made one,
or a name corrected, by :meth:`ProgressStore.merge` and :meth:`ProgressStore.rename` (see
:mod:`dealer_assist.training.renames`): under the lock, sealed again, logged in the file.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import tempfile
import time
import unicodedata
import uuid
from pathlib import Path
from typing import Callable, Iterator, Optional

from dealer_assist.training import day_limit, names, renames, seal
from dealer_assist.training.scoring import Summary

VERSION = 1
MAX_MISTAKES_KEPT = 50
#: Room a save needs beyond the file's own size, which the new file is written beside: a session's entry (300
#: cases with the 50 mistakes kept is about 25 KB) and its counts, with room to spare.
SAVE_MARGIN = 64 * 1024
#: The errors of a disk (or the account's quota) without room for a save.  EFBIG is not one: it is a file size
#: limit ('ulimit -f'), which no freed disk space lifts, said as such.
_NO_ROOM = (errno.ENOSPC, errno.EDQUOT)
#: Unicode categories refused in a trainee name: control and format characters, line and paragraph breaks.
_NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")


class ProgressError(RuntimeError):
    """The progress file cannot be read or written; the message names it and says what to do."""


class ExamLimitReached(ProgressError):
    """The trainee has begun as many exams of the drill in 24 hours as the school allows (nothing was stored)."""

    def __init__(self, name: str, drill: str, taken: int, limit: int, when: str = "tomorrow",
                 edited: int = 0, moved: int = 0) -> None:
        self.taken, self.limit = taken, limit
        among = (f" (counting {edited} edited record{'s' if edited != 1 else ''} that may have been exams: an "
                 "edit frees no attempt)" if edited else "")
        if moved:
            among += (f" (counting {moved} exam{'s' if moved != 1 else ''} of a record renamed or merged away from "
                      "this name, listed under it by train --progress: a rename or merge frees no attempt)")
        super().__init__(f"{name} has taken {taken} {drill} exam{'s' if taken != 1 else ''} in the last 24 hours"
                         f"{among}, the school's limit ([training] exam_attempts_per_day = {limit}): the next one "
                         f"can be taken {when}; practise meanwhile (train without --exam), or rehearse with "
                         "--no-save (stored nowhere, counts for nothing); nothing was asked")


def check_exam_limit(name: str, sessions: list, drill: str, limit: Optional[int], now: Optional[float] = None,
                     moved: tuple = (), since: Optional[seal.Sealing] = None) -> None:
    """Refuse (:class:`ExamLimitReached`) an exam of ``drill`` about to begin at ``now`` when the trainee's
    stored ``sessions`` hold ``limit`` exams of it in the last 24 hours (see :mod:`day_limit`); None: no limit.
    ``moved``: the exams renames and merges took away from the name (:func:`renames.moved_away`); ``since``:
    the file's :func:`seal.since`."""
    if limit is None:
        return
    now = time.time() if now is None else now
    found = day_limit.counted(sessions, seal.states(name, sessions, since), drill, now,
                              time.strftime("%Y-%m-%d", time.localtime(now)), moved=moved)
    if found.taken >= limit:
        raise ExamLimitReached(name, drill, found.taken, limit, day_limit.next_free(sessions, found, limit),
                               len(found.edited), len(found.moved))


class LockBusy(RuntimeError):
    """Another process holds the progress file's lock, and the caller asked not to wait for it (nothing written)."""


class TraineeNameError(ValueError):
    def __init__(self, name: object, why: str = "use 1 to 40 characters, not only spaces") -> None:
        super().__init__(f"invalid trainee name {name!r}: {why}")


def default_store_path() -> Path:
    """``training.json`` in the user's data folder ($XDG_DATA_HOME/dealer-assist, else ~/.local/share)."""
    from dealer_assist.table.config import data_folder  # the journal's folder: an empty HOME is not '/' (qaAK F7)

    return data_folder() / "dealer-assist" / "training.json"


def _kilobytes(count: int) -> str:
    return f"{(count + 1023) // 1024} KB"


def check_name(name: object) -> str:
    """The name as stored: trimmed, 1 to 40 characters, no control characters (they forge lines in listings)."""
    # NFC: "Chloé" typed decomposed (as a macOS terminal sends it) was another trainee (qaAD F4)
    text = unicodedata.normalize("NFC", name).strip() if isinstance(name, str) else ""
    if not text or len(text) > 40:
        raise TraineeNameError(name)
    bad = next((ch for ch in text if unicodedata.category(ch) in _NOT_IN_NAMES), None)
    if bad is not None:
        raise TraineeNameError(name, f"it holds the control character U+{ord(bad):04X}; use letters, digits, "
                                     "spaces and punctuation only")
    return text


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_source(value: object) -> bool:
    """A session's ``source`` as stored: the ``--source`` and each device's HELLO (read by the listing)."""
    return (isinstance(value, dict) and isinstance(value.get("spec"), str) and isinstance(value.get("hello", []), list)
            and all(isinstance(h, dict) and isinstance(h.get("device"), str) and isinstance(h.get("firmware"), str)
                    for h in value.get("hello", [])))


def _shape_problem(data: object) -> Optional[str]:
    """What makes ``data`` not a progress file (None when it is one), in words naming the bad part.

    Checked on load so that valid JSON of another shape is refused with a message, never met later
    as a TypeError or KeyError in the listing, the chart or the difficulty levels.
    """
    if not isinstance(data, dict) or not isinstance(data.get("trainees"), dict):
        return 'no "trainees"'
    if "version" in data and not _is_int(data["version"]):
        return f'"version" is {data["version"]!r}, not a whole number'
    for name, person in data["trainees"].items():
        where = f"trainee {name!r}"
        if not isinstance(person, dict):
            return f"{where} is {type(person).__name__}, not an object"
        if not isinstance(person.get("sessions"), list):
            return f'{where} has no "sessions" list'
        if not isinstance(person.get("categories"), dict):
            return f'{where} has no "categories" object'
        for i, entry in enumerate(person["sessions"], 1):
            here = f"{where}, session {i}"
            if not isinstance(entry, dict):
                return f"{here} is not an object"
            for key, ok, what in (("date", lambda v: isinstance(v, str), "a text"),
                                  ("drill", lambda v: isinstance(v, str), "a text"),
                                  ("level", _is_int, "a whole number"),
                                  ("exam", lambda v: isinstance(v, bool), "true or false"),
                                  ("passed", lambda v: isinstance(v, bool), "true or false"),
                                  ("overall", lambda v: isinstance(v, dict), "an object")):
                if key not in entry:
                    return f'{here} has no "{key}"'
                if not ok(entry[key]):
                    return f'{here}: "{key}" is {entry[key]!r}, not {what}'
            for key in ("cases", "accuracy", "mean_seconds"):
                if not _is_number(entry["overall"].get(key)):
                    return f'{here}: "overall" has no number "{key}"'
            if "pass_mark" in entry and not isinstance(entry["pass_mark"], dict):
                return f'{here}: "pass_mark" is not an object'
            if "house" in entry and not (isinstance(entry["house"], list)
                                         and all(isinstance(x, str) for x in entry["house"])):
                return f'{here}: "house" is not a list of texts'
            if entry.get("source") is not None and not _is_source(entry["source"]):
                return f'{here}: "source" is not {{"spec": text, "hello": [{{"device": text, "firmware": text}}]}}'
            if entry.get("seed") is not None and not _is_int(entry["seed"]):
                return f'{here}: "seed" is {entry["seed"]!r}, not a whole number or null'
        for key, counts in person["categories"].items():
            if not (isinstance(counts, dict) and _is_int(counts.get("seen")) and _is_int(counts.get("wrong"))):
                return f'{where}, rule {key!r}: needs whole numbers "seen" and "wrong"'
    return None


class ProgressStore:
    """The progress file.  :meth:`record` adds a session to the file as it is now, under a lock."""

    def __init__(self, path: Optional[Path] = None, waiting: Optional[Callable[[str], None]] = None) -> None:
        self.path = Path(path) if path is not None else default_store_path()
        #: Told once when a save must wait for another process's lock: it had waited without a word (qaJ).
        self.waiting = waiting
        self.data = self._load()
        #: The renames and merges logged when the file was read: a session stores under where those logged
        #: since took its trainee (see :meth:`_key`).
        self._renames_read = len(renames.log(self.data))
        #: Trainee (case-folded) -> the ``attempt`` of the exam :meth:`begin_exam` stored for them.
        self._begun: dict[str, str] = {}
        #: Where the sessions stored from now on are answered (``window``, ``text``, ``text-json``; None: not
        #: said), stored as each one's ``how``: an exam a program answered read as a plain PASSED (qaAD F5).
        self.how: Optional[str] = None
        #: The stored trainee the last session went to: another name than the one given when the trainee was
        #: renamed or merged while it ran (rev26 F8: "Stored for Ana" of a result stored under Anna).
        self.stored_as: Optional[str] = None
        #: The session :meth:`record` could not save (``{"trainee", "entry"}``: the entry as the file would
        #: have held it), else None.
        self.unsaved: Optional[dict] = None
        #: The file read and its :func:`seal.since`, worked out once for every trainee listed.
        self._since_of: tuple[Optional[dict], Optional[seal.Sealing]] = (None, None)

    @property
    def lock_path(self) -> Path:
        """``<file>.lock`` beside the file: the file itself is replaced on every save, so it cannot hold the lock."""
        return self.path.with_name(self.path.name + ".lock")

    def _load(self) -> dict:
        try:
            if not self.path.exists():  # raises on a folder this account may not enter
                return {"version": VERSION, "trainees": {}}
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProgressError(f"cannot read the training progress file {self.path}: {exc}; it was left as it is; "
                                "fix or move it, or use --store to keep progress in another file") from None
        version = data.get("version", VERSION) if isinstance(data, dict) else VERSION
        if _is_int(version) and version > VERSION:
            raise ProgressError(f"{self.path} was written by a newer dealer-assist (version {version}); "
                                "update dealer-assist or use --store to choose another file")
        problem = _shape_problem(data)
        if problem is not None:
            raise ProgressError(f"{self.path} is not a dealer-assist training progress file ({problem}); "
                                "it was left as it is; use --store to choose another file")
        return data

    def check_writable(self) -> None:
        """Refuse, before the first case, a file that could not be saved at the end.

        Probes what a save needs: the folder (made if missing, as a save would) takes a new file,
        and an existing progress file is a writable file.  Without this a trainee learned only
        after the session that its results were not stored.
        """
        what = (f"cannot store training progress in {self.path}: {{}}; nothing was asked yet; use --store to "
                "choose a writable file, or --no-save to train without storing")
        if self.path.exists() and not self.path.is_file():
            raise ProgressError(what.format("it is not a file"))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".training-", suffix=".probe", dir=self.path.parent)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise ProgressError(what.format(f"its folder cannot be written ({exc.strerror or exc})")) from None
        if self.path.exists() and not os.access(self.path, os.W_OK):
            raise ProgressError(what.format("the file is read-only"))
        sticky = self._sticky_problem()
        if sticky is not None:
            raise ProgressError(what.format(sticky))
        room = self._room_problem()
        if room is not None:
            raise ProgressError(f"cannot store training progress in {self.path}: {room}; nothing was asked yet; "
                                "free disk space, use --store to choose a file on another disk, or --no-save to "
                                "train without storing")
        if self.lock_path.exists():  # every save opens it for writing: a file shared by two accounts
            try:                      # failed here, after the second account's whole session
                os.close(os.open(self.lock_path, os.O_RDWR))
            except OSError as exc:
                raise ProgressError(
                    f"cannot store training progress in {self.path}: its lock file {self.lock_path} cannot be "
                    f"opened for writing ({exc.strerror or exc}); nothing was asked yet; ask its owner to make it "
                    f"writable like the progress file (chmod a+w {self.lock_path}), use --store to choose "
                    "another file, or --no-save to train without storing") from None

    def _room_problem(self) -> Optional[str]:
        """Why the disk cannot take a save (None: it can, or its free space cannot be read): the new file is
        written beside the old one, so a save needs the file's size and a session's (:data:`SAVE_MARGIN`).  A
        full disk was found only after the whole session, its results lost (qaAK F8)."""
        try:
            size = self.path.stat().st_size if self.path.exists() else 0
            free = shutil.disk_usage(self.path.parent).free
        except OSError:
            return None
        need = size + SAVE_MARGIN
        if free >= need:
            return None
        return (f"its disk has {_kilobytes(free)} free, and a save needs about {_kilobytes(need)} (the file's "
                f"{_kilobytes(size)} written anew beside it, and this session's)")

    def _sticky_problem(self) -> Optional[str]:
        """Why a save cannot replace the file (None: it can): in a folder with the sticky bit (``chmod 1777``,
        as /tmp) only the file's owner, or the folder's, may replace it, and every save replaces it.  The
        write probe passed there, so another account's trainee learned it after the session (qaAD F10)."""
        try:
            folder, st = self.path.parent.stat(), self.path.stat()
        except OSError:
            return None   # no file yet: this account's first save makes it
        me = os.geteuid()
        if not folder.st_mode & stat.S_ISVTX or me in (0, st.st_uid, folder.st_uid):
            return None
        return (f"its folder {self.path.parent} has the sticky bit (mode {stat.S_IMODE(folder.st_mode):o}), in "
                f"which only a file's owner may replace it, and the file belongs to another account (uid "
                f"{st.st_uid}), while every save replaces it; remove the sticky bit (chmod -t {self.path.parent}) "
                "or share a folder writable by the school's group without it (chmod 2775)")

    # -- reading --------------------------------------------------------------
    @property
    def trainees(self) -> list[str]:
        return sorted(self.data["trainees"], key=lambda n: (n.casefold(), n))   # names are case-blind (qaS F6)

    def stored_name(self, name: str, data: Optional[dict] = None) -> str:
        """The spelling ``name`` is stored under: names are case-blind (``ANA`` is the stored ``ana``)."""
        name = check_name(name)
        folded = names.fold(name)
        return next((k for k in (data or self.data)["trainees"] if names.fold(k) == folded), name)

    def trainee(self, name: str) -> dict:
        return self.data["trainees"].get(self._exact(name, self.data), {"sessions": [], "categories": {}})

    def sessions(self, name: str) -> list[dict]:
        return list(self.trainee(name)["sessions"])

    def seal_states(self, name: str) -> list[str]:
        """Whether each of the trainee's sessions is as stored (see :mod:`dealer_assist.training.seal`)."""
        if self._since_of[0] is not self.data:   # once per file read, not per trainee
            self._since_of = (self.data, seal.since(self.data))
        return seal.states(self._exact(name, self.data), self.trainee(name)["sessions"], self._since_of[1])

    def record_for(self, name: str, drill: str) -> dict[str, dict[str, int]]:
        """``category -> {"seen", "wrong"}`` of one drill, for the difficulty levels."""
        prefix = drill + "/"
        return {k[len(prefix):]: v for k, v in self.trainee(name)["categories"].items() if k.startswith(prefix)}

    def renames(self, name: Optional[str] = None) -> list[dict]:
        """The file's log of renames and merges (see :mod:`dealer_assist.training.renames`), oldest first;
        ``name``: see :func:`renames.history`."""
        entries = renames.log(self.data)
        if name is None:
            return [dict(e) for e in entries]
        return [dict(e) for e, _ in renames.history(name, self.data)]

    def recent_exams(self, name: str) -> list[dict]:
        """The stored trainee's exams begun in the last 24 hours and edited records that still count (see
        :func:`renames.still_counted`): what a rename or merge of them would move."""
        if self.stored_name(name) not in self.data["trainees"]:
            return []
        return renames.still_counted(self.sessions(name), self.seal_states(name), time.time())

    def moved_away(self, name: str) -> list:
        """The exams renames and merges took away from ``name`` that its day's limit still counts
        (:func:`renames.moved_away`)."""
        return renames.moved_away(self.stored_name(name), self.data)

    # -- writing --------------------------------------------------------------
    def _key(self, name: str, data: dict, attempt: Optional[str] = None) -> str:
        """The stored trainee a session of ``name`` goes to: the record holding the entry of ``attempt`` (an
        exam's result replaces its begun entry, wherever a rename or merge took it), else, when a rename or
        merge logged since this store read the file took the name away, where it went (even when the old name
        was stored again meanwhile: that is another record, rev26 F1), else the name's stored spelling."""
        if attempt is not None:
            holder = next((k for k, person in data["trainees"].items()
                           if any(s.get("attempt") == attempt for s in person["sessions"])), None)
            if holder is not None:
                return holder
        key = self.stored_name(name, data)
        went = renames.followed(key, data, self._renames_read)
        if names.fold(went) == names.fold(key):
            return key
        try:
            return self.stored_name(went, data)
        except TraineeNameError:   # the log is not sealed: a `to` edited by hand must not lose the session (rev28 R2)
            return key

    def rename(self, old: str, new: str, roster: Optional[tuple[str, ...]] = None, reason: Optional[str] = None) -> dict:
        """Give the stored trainee ``old`` the name ``new`` (not a stored trainee's: :meth:`merge` that),
        under the file's lock; the sessions are sealed again under it (see
        :mod:`dealer_assist.training.renames`) and the change is logged.  Returns the log entry.
        ``roster``: the school's (``[training] trainees``): ``new`` must be on it, and takes its spelling.
        :class:`~dealer_assist.training.renames.RenameError` (nothing written) when it cannot be done."""
        return self._rekey("rename", old, new, roster, reason)

    def merge(self, old: str, into: str, roster: Optional[tuple[str, ...]] = None, reason: Optional[str] = None) -> dict:
        """Move every session and per-rule count of ``old`` into the stored trainee ``into``, in the order
        they were stored, sealed again under ``into``'s name; ``old`` is no longer stored.  As
        :meth:`rename` otherwise."""
        return self._rekey("merge", old, into, roster, reason)

    def _exact(self, typed: str, data: dict) -> str:
        """The stored trainee ``typed`` names: the stored key spelled exactly so, else its stored spelling.  An
        older file may hold "Chloé" in NFC and in NFD, two records that fold alike: the first match named
        either, so the two could not be merged ("'Chloé' is 'Chloé' itself", rev26 F14)."""
        exact = typed.strip() if isinstance(typed, str) else typed
        return exact if exact in data["trainees"] else self.stored_name(typed, data)

    def _rekey(self, action: str, old: str, new: str, roster: Optional[tuple[str, ...]],
               reason: Optional[str] = None) -> dict:
        typed, new = new, check_name(new)
        if not self.path.is_file():   # nothing to rename: no lock file or folder made for it
            raise renames.RenameError(f"no training progress file at {self.path}; give --store FILE; nothing "
                                      "was changed")
        with self._locked(changing=True):
            data = self._load()
            key = self._exact(old, data)
            if key not in data["trainees"]:
                raise renames.RenameError(
                    f"no trainee {check_name(old)!r} in {self.path} (stored: "
                    f"{', '.join(repr(n) for n in sorted(data['trainees'], key=str.casefold)) or 'none'}); "
                    "nothing was changed")
            target = self._exact(typed, data)
            if action == "merge" and target == key:   # the other record whose name folds alike (NFC and NFD)
                target = next((k for k in data["trainees"] if k != key and names.fold(k) == names.fold(key)), key)
            listed = names.on_roster(new, roster)
            if listed is None:
                raise renames.RenameError(
                    f"{new!r} is not on the school's roster ([training] trainees: {', '.join(roster or ())}); "
                    f"{'rename to' if action == 'rename' else 'merge into'} a name listed there; nothing was "
                    "changed")
            spelled = (listed if roster is not None else new) if action == "rename" else target
            if target == key and (action == "merge" or spelled == key):   # a rename may change the case only
                said = f"{new!r} is {key!r} itself" + (f" (the roster spells it {spelled!r})" if spelled != new else "")
                raise renames.RenameError(f"{said}: give another name; nothing was changed")
            if action == "rename" and target in data["trainees"] and target != key:
                raise renames.RenameError(
                    f"{target!r} is a stored trainee already: to make {key!r} and {target!r} one record, use "
                    f"--merge {key!r} {target!r}; nothing was changed")
            if action == "merge" and target not in data["trainees"]:
                raise renames.RenameError(
                    f"no trainee {new!r} to merge {key!r} into in {self.path}: to give {key!r} that name, use "
                    f"--rename {key!r} {new!r}; nothing was changed")
            person = data["trainees"].pop(key)
            moved = person["sessions"]
            since = seal.since(data)
            moved_states = seal.states(key, moved, since)
            before = {id(s): st for s, st in zip(moved, moved_states)}
            if action == "rename":
                target = spelled
                into: dict = {"sessions": [], "categories": {}}
                sessions = list(moved)
            else:
                into = data["trainees"][target]
                before.update((id(s), st) for s, st in zip(into["sessions"], seal.states(target, into["sessions"], since)))
                sessions = renames.merged(into["sessions"], [before[id(s)] for s in into["sessions"]],
                                          moved, moved_states)
            seals = {"from": renames.last_seal(moved), "into": renames.last_seal(into["sessions"])}
            renames.rekeyed(target, sessions, before, since)
            seals["after"] = renames.last_seal(sessions)
            data["trainees"][target] = {**person, **into, "sessions": sessions,
                                        "categories": renames.merged_categories(into["categories"],
                                                                                person["categories"])}
            entry = renames.log_entry(action, key, target, len(moved), moved_states.count(seal.EDITED), seals,
                                      counted=renames.still_counted(moved, moved_states, time.time()))
            if reason is not None:
                entry["reason"] = reason
            logged = data.get(renames.FIELD)   # kept as it is, a hand-edited entry too
            data[renames.FIELD] = (logged if isinstance(logged, list) else [] if logged is None else [logged]) + [entry]
            self._save(data, changing=True)
        self.data = data
        return entry

    def begin_exam(self, name: str, summary: Summary, drill: str, started: Optional[float] = None,
                   most_a_day: Optional[int] = None) -> dict:
        """Store an exam as not finished before its first case; :meth:`record` replaces it with the result.

        SIGKILL, a crash or a power cut ends the trainer with no chance to store anything, so
        without this a trainee could erase a failing exam with ``kill -9``.  ``summary`` is the
        exam with nothing answered: every case counts as failed until the result replaces it.
        ``most_a_day``: the school's limit of exams of ``drill`` a trainee begins a day, checked under the
        file's lock (two trainers started at once cannot both slip under it): :class:`ExamLimitReached`.
        """
        entry = dict(self._entry(summary, drill, started), stored_at_start=True, attempt=uuid.uuid4().hex)

        def within_limit(stored: str, sessions: list, data: dict) -> None:
            check_exam_limit(stored, sessions, drill, most_a_day, moved=renames.moved_away(stored, data),
                             since=seal.since(data))

        self._write(name, entry, summary, check=within_limit)
        self._begun[check_name(name).casefold()] = entry["attempt"]
        return entry

    def forget_exam(self, name: str) -> None:
        """Take back :meth:`begin_exam`'s entry of an exam ended before any case was answered (nothing to keep)."""
        attempt = self._begun.pop(check_name(name).casefold(), None)
        if attempt is not None:
            with self._locked():
                data = self._load()
                key = self._key(name, data, attempt)
                person = data["trainees"].get(key)
                if person is not None:
                    fresh = seal.sound(key, person["sessions"])
                    person["sessions"] = [s for s in person["sessions"] if s.get("attempt") != attempt]
                    seal.reseal(key, person["sessions"], fresh)
                    self._save(data)
                self.data = data

    def record(self, name: str, summary: Summary, drill: str, started: Optional[float] = None,
               wait: bool = True) -> dict:
        """Add one session's summary and its per-rule counts to the file as it is now, then save.

        Under the lock the file is read again, so a session another process stored since this
        store was opened is kept.  An exam begun with :meth:`begin_exam` replaces its entry.
        Returns the stored entry.  ``wait`` False: :class:`LockBusy` (nothing written) when another
        process holds the lock, so that the trainer window can wait for it off its GUI thread.
        """
        key = check_name(name).casefold()
        entry = self._entry(summary, drill, started)
        try:
            entry = self._write(name, entry, summary, replaces=self._begun.get(key), wait=wait)
        except ProgressError:
            # Kept for the trainer to show: the session's record is not lost with the save (qaAK F8).
            self.unsaved = {"trainee": name, "entry": entry}
            raise
        self.unsaved = None
        self._begun.pop(key, None)
        return entry

    def _entry(self, summary: Summary, drill: str, started: Optional[float]) -> dict:
        moment = started or time.time()
        entry = {
            "date": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(moment)),  # the trainee's clock, as shown
            "utc": day_limit.utc_text(moment),  # what the day's limit counts by: no TZ moves it (qaAD F1)
            "drill": drill,
            **summary.to_json(),
        }
        entry["mistakes"] = entry["mistakes"][:MAX_MISTAKES_KEPT]
        if self.how is not None:
            entry["how"] = self.how
        return entry

    def _write(self, name: str, entry: dict, summary: Summary, replaces: Optional[str] = None,
               wait: bool = True, check: Optional[Callable[[str, list, dict], None]] = None) -> dict:
        check_name(name)
        with self._locked(wait):
            data = self._load()  # the file now, not the copy read at start; a failed save changes nothing
            key = self._key(name, data, replaces)
            if check is not None:
                check(key, data["trainees"].get(key, {}).get("sessions", []), data)
            person = data["trainees"].setdefault(key, {"sessions": [], "categories": {}})
            # When it was written, sealed with it: the bound on an edited record stored before it (day_limit).
            entry["saved_utc"] = day_limit.utc_text(time.time())
            # Sealed with it: no stripped session dated after the file's older sessions reads as one (rev29 R3).
            entry[seal.OLDER_FIELD] = seal.older_until(data, day_limit.moment_of(entry.get("utc")) or time.time())
            fresh = seal.sound(key, person["sessions"]) | {id(entry)}
            if replaces is not None:
                person["sessions"] = [s for s in person["sessions"] if s.get("attempt") != replaces]
            person["sessions"].append(entry)
            seal.reseal(key, person["sessions"], fresh)
            for a in summary.attempts:  # each rule the case asks about is seen; each rule answered wrong is wrong
                missed = a.missed
                for rule in a.case.categories:
                    counts = person["categories"].setdefault(f"{a.case.drill}/{rule}", {"seen": 0, "wrong": 0})
                    counts["seen"] += 1
                    counts["wrong"] += int(rule in missed)
            self._save(data)
        self.data = data
        self.stored_as = key
        return entry

    @contextlib.contextmanager
    def _locked(self, wait: bool = True, changing: bool = False) -> Iterator[None]:
        """An exclusive ``flock`` on :attr:`lock_path` for the read-merge-write of :meth:`record`; ``changing``:
        for a rename or merge, which stores no session, refused in its own words (rev26 F9)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = self._open_lock()
        except OSError as exc:
            if changing:
                raise ProgressError(
                    f"cannot change {self.path}: its lock file {self.lock_path} cannot be opened for writing "
                    f"({exc.strerror or exc}); run it as the account that owns the file, or ask that account to "
                    f"make the file and its lock writable for yours; nothing was changed") from None
            raise ProgressError(f"cannot save the training progress to {self.path}: {exc}; the session's "
                                "results are not stored; use --store to choose a writable file") from None
        try:
            try:
                import fcntl
            except ImportError:  # no flock on this system: the atomic rename still keeps the file whole
                fcntl = None
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    if not wait:
                        raise LockBusy(f"another trainer holds the lock of {self.path}") from None
                    if self.waiting is not None:
                        self.waiting(f"waiting to save to {self.path}: another trainer holds its lock "
                                     f"({self.lock_path.name}) while it saves; if none is saving, a trainer stopped "
                                     "with Ctrl+Z holds it: bring that one back (fg) or end it, and this one saves")
                    fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the flock

    def _open_lock(self) -> int:
        """The lock file open for writing, made with the progress file's mode (the umask's default before
        there is one): a lock made 0600 by one account locked every other account out of a shared file.
        A lock this account owns follows the file's mode when it was widened since (``chmod g+w``)."""
        mode = stat.S_IMODE(self.path.stat().st_mode) & 0o666 if self.path.exists() else None
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
            made = True
        except FileExistsError:
            fd = os.open(self.lock_path, os.O_RDWR)
            made = False
        try:
            st = os.fstat(fd)
            if mode is not None and (made or st.st_uid == os.geteuid()) and stat.S_IMODE(st.st_mode) != mode:
                os.fchmod(fd, mode)  # os.open's mode was cut by the umask; the file's own is what is shared
        except OSError:
            pass  # the lock works all the same; only its sharing is narrower
        return fd

    def _temporary(self) -> tuple[int, str, int]:
        """A new file beside the progress file, open for writing, narrowed to 0600 before anything is written
        into it (rev26 F2: it held the whole file's data at 0644 until its mode was set), and the mode the
        save gives it: the progress file's (a shared file keeps the mode it was given), else the mode this
        account's new files get (0666 cut by the umask, or the folder's default ACL), as the lock file's
        (:meth:`_open_lock`).

        ``mkstemp`` made a new file 0600 while its lock followed the umask, so on a school's shared trainer
        PC set up for sharing (``umask 002``, a folder of the school's group) the first account's file locked
        every other account out, and with the default ``umask 022`` the head trainer's account could not
        read ``--progress``; the umask and the folder's default ACL are how a school says who shares its files.
        """
        existing = stat.S_IMODE(self.path.stat().st_mode) if self.path.exists() else None
        for _ in range(100):
            tmp = str(self.path.parent / f".training-{uuid.uuid4().hex}.json")
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if existing is None else 0o600)
            except FileExistsError:
                continue
            try:
                mode = stat.S_IMODE(os.fstat(fd).st_mode) if existing is None else existing
                os.fchmod(fd, 0o600)   # empty still: nothing was readable through the wider mode
            except BaseException:
                os.close(fd)
                Path(tmp).unlink(missing_ok=True)
                raise
            return fd, tmp, mode
        raise FileExistsError(f"no free temporary name in {self.path.parent}")

    def _save(self, data: dict, changing: bool = False) -> None:
        """Write ``data`` to a temporary file made 0600, flush it, give it the file's mode, rename it over it."""
        seal.mark_since(data)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp, mode = self._temporary()
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump(data, f, ensure_ascii=False, indent=1)
                    f.flush()
                    os.fsync(f.fileno())
                    os.fchmod(f.fileno(), mode)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            sticky = self._sticky_problem()   # the folder may have got the sticky bit since the check
            if changing:   # a rename or merge stores no session (rev26 F9)
                raise ProgressError(f"cannot change {self.path}: {sticky or exc}; run it as the account that owns "
                                    "the file and its folder; nothing was changed") from None
            if sticky is None and exc.errno == errno.EFBIG:
                from dealer_assist.table.journal import RAISE_THE_LIMIT, size_limit_words

                raise ProgressError(f"cannot save the training progress to {self.path}: it reached "
                                    f"{size_limit_words()} ({exc.strerror or exc}); the session's results are not "
                                    f"stored (the file is unchanged); {RAISE_THE_LIMIT}, or use --store to choose "
                                    "another file (the disk is not at fault)") from None
            if sticky is None and exc.errno in _NO_ROOM:
                raise ProgressError(f"cannot save the training progress to {self.path}: its disk is full "
                                    f"({exc.strerror or exc}); the session's results are not stored (the file is "
                                    "unchanged); free disk space, or use --store to choose a file on another "
                                    "disk") from None
            raise ProgressError(f"cannot save the training progress to {self.path}: {sticky or exc}; "
                                "the session's results are not stored; use --store to choose a writable file") from None

