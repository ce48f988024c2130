"""The trainer on a full disk: refused before the first case, and a save that fails anyway keeps the session
(qaAK F8).

A read-only folder was refused before the first case, but a disk without room was found only after the whole
session: "cannot save the training progress ... No space left on device; the session's results are not
stored", the trainee's work lost.  The free space is read with ``shutil.disk_usage`` (patched here to a full
disk); a save that fails with the disk's own ENOSPC is made real by writing the new file into /dev/full, and,
as root, on a real tmpfs filled while the session runs.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.training.progress import ProgressStore

CLI = [sys.executable, "-m", "dealer_assist.cli"]
ROOT = Path(__file__).resolve().parents[1]


#: The trainer, with its disk's free space (TEST_FREE bytes) or its save's new file (/dev/full) set by the test.
DRIVER = """
import os, shutil, sys
from collections import namedtuple

if "TEST_FREE" in os.environ:
    real = shutil.disk_usage

    def usage(path):
        real(path)   # a folder that cannot be read still fails as it would
        free = int(os.environ["TEST_FREE"])
        return namedtuple("Usage", "total used free")(10 ** 9, 10 ** 9 - free, free)

    shutil.disk_usage = usage
if "TEST_DEV_FULL" in os.environ:   # the new file's writes go to /dev/full: the kernel's own "No space left"
    from dealer_assist.training.progress import ProgressStore

    ProgressStore._temporary = lambda self: (os.open("/dev/full", os.O_WRONLY),
                                             os.environ["TEST_DEV_FULL"], 0o644)
from dealer_assist.cli import main

sys.exit(main(sys.argv[1:]))
"""


def train(store, *extra, answers="P\nB\nN\n", **env):
    done = subprocess.run([sys.executable, "-c", DRIVER, "train", "--text", "--drill", "third-card", "--cases", "3",
                           "--seed", "3", "--trainee", "Zoë Ångström", "--store", str(store), *extra],
                          input=answers, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    return done.returncode, done.stdout, done.stderr


def test_a_disk_without_room_is_refused_before_the_first_case(tmp_path):
    store = tmp_path / "ü dir" / "prögress file.json"
    assert train(store)[0] == 0    # a first session stored: the file has a size
    before = store.read_bytes()
    code, out, err = train(store, TEST_FREE=str(store.stat().st_size + 1024))   # a KB over the file
    assert code == 2
    assert "#1" not in out and "Your call" not in out   # nothing was asked
    assert f"cannot store training progress in {store}: its disk has" in err
    assert "nothing was asked yet" in err and "free disk space" in err and "--no-save" in err
    assert store.read_bytes() == before


def test_a_disk_with_room_for_the_save_trains(tmp_path):
    store = tmp_path / "p.json"
    code, out, err = train(store, TEST_FREE=str(64 * 1024))   # a new file: a session's room is enough
    assert code == 0, err
    assert "Stored for" in out and len(ProgressStore(store).sessions("Zoë Ångström")) == 1


def test_no_save_needs_no_room(tmp_path):
    code, out, err = train(tmp_path / "p.json", "--no-save", TEST_FREE="0")
    assert code == 0, err
    assert "Not stored (--no-save)" in out


def test_a_save_that_finds_the_disk_full_keeps_the_session_on_stderr(tmp_path):
    store = tmp_path / "p.json"
    assert train(store)[0] == 0
    before = store.read_bytes()
    code, out, err = train(store, answers="B\nB\nB\n", TEST_DEV_FULL=str(tmp_path / ".training-never-made.json"))
    assert code == 2
    assert "Session: 3 cases" in out                      # the results, shown
    assert "its disk is full" in err and "free disk space" in err and "results are not stored" in err
    kept = [line for line in err.splitlines() if "would have held it" in line]
    assert len(kept) == 1 and "Zoë Ångström's session" in kept[0]
    entry = json.loads(kept[0][kept[0].index("{"):])
    assert entry["overall"]["cases"] == 3 and entry["drill"] == "third-card"
    assert store.read_bytes() == before                   # the file is unchanged


def test_with_json_the_session_a_save_could_not_store_comes_on_stdout_as_an_event(tmp_path):
    """``train --text --json``: a program reads stdout; the unsaved session had come only as stderr's words."""
    store = tmp_path / "p.json"
    code, out, err = train(store, "--json", answers="B\nB\nB\n",
                           TEST_DEV_FULL=str(tmp_path / ".training-never-made.json"))
    assert code == 2 and "its disk is full" in err
    events = [json.loads(line) for line in out.splitlines()]
    assert [e["event"] for e in events][-2:] == ["summary", "unsaved"]
    unsaved = events[-1]
    assert unsaved["trainee"] == "Zoë Ångström" and unsaved["store"] == str(store)
    assert unsaved["entry"]["overall"]["cases"] == 3 and unsaved["entry"]["drill"] == "third-card"
    kept = [line for line in err.splitlines() if "would have held it" in line]   # stderr keeps it as before
    assert len(kept) == 1 and json.loads(kept[0][kept[0].index("{"):]) == unsaved["entry"]
    assert not store.exists()


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("mount"), reason="mounts a real tmpfs: root only")
def test_a_real_tmpfs_filled_during_the_session(tmp_path):
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)]).returncode:
        pytest.skip("no tmpfs mount here")
    try:
        store = mnt / "ü dir" / "p.json"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        args = CLI + ["train", "--text", "--drill", "third-card", "--cases", "3", "--seed", "3", "--trainee", "X",
                      "--store", str(store)]
        # Full before the start: refused before the first case.
        with open(mnt / "filler", "wb") as fill:
            try:
                fill.write(b"\0" * (1 << 20))
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
        early = subprocess.run(args, input="P\nB\nN\n", capture_output=True, text=True, timeout=120, env=env)
        assert early.returncode == 2 and "its disk has 0 KB free" in early.stderr and "#1" not in early.stdout
        # Room at the start, full by the end: the session is shown and kept on stderr.
        (mnt / "filler").unlink()
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env)
        shown = [proc.stdout.readline() for _ in range(2)]   # "" and "#1 What happens next?": past the checks
        assert shown[-1].startswith("#1"), shown
        with open(mnt / "filler", "wb") as fill:
            try:
                fill.write(b"\0" * (1 << 20))
            except OSError:
                pass
        out, err = proc.communicate("P\nB\nN\n", timeout=120)
        assert proc.returncode == 2, err
        assert "Session: 3 cases" in "".join(shown) + out and "its disk is full" in err and "would have held it" in err
        assert not store.exists()
    finally:
        subprocess.run(["umount", str(mnt)])


def test_the_window_session_a_save_could_not_store_is_kept_on_stderr(qtbot, tmp_path, capsys):
    """The window's path: its verdict says NOT STORED, and the command prints the session before it fails."""
    import argparse

    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest

    from dealer_assist.commands.output import CommandError
    from dealer_assist.commands.training import _run
    from dealer_assist.training import Settings, ShoeFeed, TrainingSession
    from dealer_assist.training.ending import Ending
    from dealer_assist.ui.app import application
    from dealer_assist.ui.training.window import TrainerWindow

    app = application()
    session = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 5), "blackjack": ShoeFeed(1, 5)}, seed=5)
    store = ProgressStore(tmp_path / "t.json")
    store.check_writable()
    store._temporary = lambda: (os.open("/dev/full", os.O_WRONLY), str(tmp_path / ".training-never-made.json"),
                                0o644)

    def drive() -> None:
        window = next((w for w in app.topLevelWidgets() if isinstance(w, TrainerWindow) and w.isVisible()), None)
        if window is None:
            return
        if window.summary is not None:
            QTest.keyClick(window, Qt.Key.Key_Escape)
        elif window.question_now is not None:
            window.answer(window.question_now.answer)

    timer = QTimer()
    timer.timeout.connect(drive)
    timer.start(20)
    try:
        with pytest.raises(CommandError, match="its disk is full"):
            _run(argparse.Namespace(text=False), session, store, "rex", Ending())
    finally:
        timer.stop()
    err = capsys.readouterr().err
    kept = [line for line in err.splitlines() if "rex's session, as" in line and "would have held it" in line]
    assert len(kept) == 1 and json.loads(kept[0][kept[0].index("{"):])["overall"]["cases"] == 1
    assert not (tmp_path / "t.json").exists()
