"""A new progress file and its lock file are made alike, with the mode the account's umask gives any new
file: the file was made 0600 (``mkstemp``) while its lock followed the umask, so a school sharing a folder
(``umask 002``, a group folder) had every other account locked out of the file its lock let them open."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _summary(seed: int):
    session = TrainingSession(Settings(cases=2), {"baccarat": ShoeFeed(8, seed)}, seed=seed)
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o000, 0o666)])
def test_a_new_progress_file_and_its_lock_take_the_umasks_mode(tmp_path, umask, mode):
    path = tmp_path / "training.json"
    before = os.umask(umask)
    try:
        ProgressStore(path).record("ana", _summary(1), "third-card")
    finally:
        os.umask(before)
    lock = path.with_name(path.name + ".lock")
    assert (_mode(path), _mode(lock)) == (mode, mode)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".training-")] == []   # no temporary left
    ProgressStore(path).record("ben", _summary(2), "third-card")      # a later save keeps both as they are
    assert (_mode(path), _mode(lock)) == (mode, mode)


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to run as two accounts")
def test_a_second_account_of_the_schools_group_saves_to_the_file_the_first_made(tmp_path, request):
    """Two trainees' accounts in one group, a group folder (chmod 2775) and ``umask 002``: the first made the
    file 0600, and the second was refused ("the file is read-only") before its first case."""
    outside = tempfile.mkdtemp(prefix="dealer-assist-school-")   # pytest's own folders are 0700
    request.addfinalizer(lambda: shutil.rmtree(outside, ignore_errors=True))
    os.chmod(outside, 0o755)
    folder = Path(outside) / "school"
    folder.mkdir()
    os.chown(folder, 0, 65534)
    os.chmod(folder, 0o2775)
    path = folder / "training.json"
    env = {**os.environ, "HOME": outside, "XDG_DATA_HOME": outside, "PYTHONPATH": os.pathsep.join(sys.path)}

    def train(uid: int, trainee: str) -> subprocess.CompletedProcess:
        return subprocess.run(["setpriv", f"--reuid={uid}", "--regid=65534", "--clear-groups", *CLI, "train",
                               "--text", "--trainee", trainee, "--cases", "1", "--seed", "3", "--store", str(path)],
                              input="P\nq\n", capture_output=True, text=True, env=env, timeout=60, cwd=outside,
                              preexec_fn=lambda: os.umask(0o002))

    first = train(65534, "ana")
    assert first.returncode == 0, first.stderr
    lock = path.with_name(path.name + ".lock")
    assert (_mode(path), _mode(lock)) == (0o664, 0o664)
    second = train(65533, "ben")
    assert second.returncode == 0, second.stderr
    assert "Stored for ben" in second.stdout
    assert sorted(ProgressStore(path).trainees) == ["ana", "ben"]
