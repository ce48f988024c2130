"""The progress file shared, mis-shaped or unwritable, and the trainee names stored in it."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from dealer_assist.training import ProgressError, ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.progress import TraineeNameError, check_name

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _summary(seed: int, cases: int = 3):
    session = TrainingSession(Settings(cases=cases), {"baccarat": ShoeFeed(8, seed)}, seed=seed)
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def _env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}


# -- two sessions on one file ---------------------------------------------------------------------

def test_two_sessions_sharing_a_file_both_keep_their_session(tmp_path):
    """Both stores read the (empty) file at start; the one that finished last wrote back its
    start-time copy plus its own session, wiping the other's."""
    path = tmp_path / "shared.json"
    first, second = ProgressStore(path), ProgressStore(path)
    first.record("ana", _summary(1), "third-card")
    second.record("ben", _summary(2), "third-card")
    second.record("ana", _summary(3), "third-card")
    again = ProgressStore(path)
    assert again.trainees == ["ana", "ben"]
    assert len(again.sessions("ana")) == 2 and len(again.sessions("ben")) == 1
    assert sum(v["seen"] for v in again.trainee("ana")["categories"].values()) == 6   # both sessions counted
    assert second.data == again.data        # the store that saved last holds what is on disk


def test_the_read_merge_write_happens_under_the_lock(tmp_path):
    path = tmp_path / "shared.json"
    store = ProgressStore(path)
    seen = []
    save = store._save

    def save_checking_the_lock(data):
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append("free")
        except BlockingIOError:
            seen.append("held")
        finally:
            os.close(fd)
        save(data)

    store._save = save_checking_the_lock
    store.record("ana", _summary(1), "third-card")
    assert seen == ["held"]


def test_a_shared_file_keeps_its_mode(tmp_path):
    path = tmp_path / "shared.json"
    ProgressStore(path).record("ana", _summary(1), "third-card")
    os.chmod(path, 0o664)
    ProgressStore(path).record("ben", _summary(2), "third-card")
    assert path.stat().st_mode & 0o777 == 0o664


def test_the_lock_file_takes_the_progress_files_mode(tmp_path):
    """The lock was made 0600: a second OS account sharing a 0666 file could not take it after its session."""
    path = tmp_path / "shared.json"
    ProgressStore(path).record("ana", _summary(1), "third-card")
    lock = path.with_name(path.name + ".lock")
    os.chmod(path, 0o666)
    ProgressStore(path).record("ana", _summary(2), "third-card")
    assert lock.stat().st_mode & 0o777 == 0o666
    lock.unlink()
    os.chmod(path, 0o664)
    ProgressStore(path).record("ben", _summary(3), "third-card")
    assert lock.stat().st_mode & 0o777 == 0o664      # made afresh: the file's mode, not cut by the umask


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to run as nobody")
def test_a_lock_file_another_account_cannot_write_is_refused_before_the_first_case(tmp_path, request):
    """The second account trained a whole session, then read "Permission denied ... .lock; not stored"."""
    outside = tempfile.mkdtemp(prefix="dealer-assist-shared-")   # pytest's own folders are 0700
    request.addfinalizer(lambda: shutil.rmtree(outside, ignore_errors=True))
    os.chmod(outside, 0o755)
    folder = Path(outside) / "shared"
    folder.mkdir()
    os.chmod(folder, 0o777)
    path = folder / "training.json"
    ProgressStore(path).record("teacher", _summary(1), "third-card")
    os.chmod(path, 0o666)
    lock = path.with_name(path.name + ".lock")
    os.chmod(lock, 0o644)   # as one made by an older dealer-assist (0600) or under a narrower mode
    env = {**_env(tmp_path), "HOME": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *CLI, "train", "--text",
                          "--trainee", "student", "--cases", "1", "--store", str(path)],
                         input="P\nq\n", capture_output=True, text=True, env=env, timeout=60, cwd=outside)
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "#1" not in run.stdout                       # refused before the first case
    assert str(lock) in run.stderr and "nothing was asked yet" in run.stderr and "chmod" in run.stderr


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to run as nobody")
def test_a_sticky_shared_folder_holding_another_accounts_file_is_refused_before_the_first_case(tmp_path, request):
    """qaAD F10: a school's folder made like /tmp (chmod 1777): the file and its lock writable by all, the
    check passed, and the session of every account but the file's owner was lost at the end (a rename over
    another account's file in a sticky folder is refused)."""
    outside = tempfile.mkdtemp(prefix="dealer-assist-shared-")   # pytest's own folders are 0700
    request.addfinalizer(lambda: shutil.rmtree(outside, ignore_errors=True))
    os.chmod(outside, 0o755)
    folder = Path(outside) / "shared"
    folder.mkdir()
    os.chmod(folder, 0o1777)
    path = folder / "training.json"
    ProgressStore(path).record("teacher", _summary(1), "third-card")
    lock = path.with_name(path.name + ".lock")
    for made in (path, lock):   # another account's (daemon's), shared as README says: chmod 666
        os.chown(made, 1, 1)
        os.chmod(made, 0o666)
    before = path.read_text()
    env = {**_env(tmp_path), "HOME": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *CLI, "train", "--text",
                          "--trainee", "student", "--cases", "1", "--store", str(path)],
                         input="P\nq\n", capture_output=True, text=True, env=env, timeout=60, cwd=outside)
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "#1" not in run.stdout                       # refused before the first case
    assert "sticky bit" in run.stderr and f"chmod -t {folder}" in run.stderr and "nothing was asked yet" in run.stderr
    assert path.read_text() == before


# -- files of the wrong shape -----------------------------------------------------------------------

SESSION = {"date": "2026-01-01T10:00:00", "drill": "third-card", "level": 1, "exam": False, "passed": True,
           "overall": {"cases": 1, "accuracy": 1.0, "mean_seconds": 1.0}}


@pytest.mark.parametrize("data, named", [
    ({"version": "2", "trainees": {}}, '"version"'),
    ({"trainees": {"ana": []}}, "trainee 'ana'"),
    ({"trainees": {"ana": {"sessions": {}, "categories": {}}}}, '"sessions"'),
    ({"trainees": {"ana": {"sessions": [], "categories": {"third-card/natural": 3}}}}, "third-card/natural"),
    ({"trainees": {"ana": {"sessions": [{k: v for k, v in SESSION.items() if k != "overall"}],
                           "categories": {}}}}, '"overall"'),
    ({"trainees": {"ana": {"sessions": [dict(SESSION, overall={"cases": "many"})], "categories": {}}}}, '"cases"'),
    ({"trainees": {"ana": {"sessions": [dict(SESSION, level=None)], "categories": {}}}}, '"level"'),
    ({"trainees": {"ana": {"sessions": [dict(SESSION, source={"spec": "serial:/dev/x", "hello": ["SIM-0001"]})],
                           "categories": {}}}}, '"source"'),   # the listing and the standard read its HELLOs
])
def test_valid_json_of_the_wrong_shape_is_refused_and_left_as_it_is(tmp_path, data, named):
    path = tmp_path / "training.json"
    text = json.dumps(data)
    path.write_text(text)
    with pytest.raises(ProgressError, match="not a dealer-assist training progress file") as err:
        ProgressStore(path)
    assert named in str(err.value) and "left as it is" in str(err.value)
    assert path.read_text() == text


def test_the_commands_refuse_a_wrong_shape_without_a_traceback(tmp_path):
    path = tmp_path / "training.json"
    path.write_text(json.dumps({"trainees": {"ana": []}}))
    for args in (["--progress"], ["--text", "--trainee", "ana", "--cases", "1"]):
        run = subprocess.run(CLI + ["train", *args, "--store", str(path)], input="q\n", capture_output=True,
                             text=True, env=_env(tmp_path), timeout=60)
        assert run.returncode != 0 and "Traceback" not in run.stderr
        assert "not a dealer-assist training progress file" in run.stderr
    assert path.read_text() == json.dumps({"trainees": {"ana": []}})


# -- a store that cannot be written -----------------------------------------------------------------

@pytest.mark.parametrize("where", ["folder is a file", "folder cannot take files"])
def test_an_unwritable_store_is_refused_before_the_first_case(tmp_path, where):
    """It was found only after the session: "cannot save ... not stored"."""
    if where == "folder is a file":
        (tmp_path / "blocker").write_text("")
        store = tmp_path / "blocker" / "p.json"
    else:
        store = "/proc/p.json"   # not writable even by root
    run = subprocess.run(CLI + ["train", "--text", "--seed", "1", "--store", str(store)], input="N\nq\n",
                         capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "nothing was asked yet" in run.stderr and "--no-save" in run.stderr
    assert "#1" not in run.stdout   # no case was shown


def test_check_writable_passes_for_a_new_file_in_a_new_folder(tmp_path):
    store = ProgressStore(tmp_path / "new" / "p.json")
    store.check_writable()
    assert list((tmp_path / "new").iterdir()) == []   # the probe leaves nothing behind


# -- trainee names ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["eve\nana", "ev\re", "ev\x1be", "ana\u2028ben", "\u202eana"])
def test_names_with_control_characters_are_refused(name):
    with pytest.raises(TraineeNameError, match="control character U\\+"):
        check_name(name)


def test_a_newline_in_a_name_cannot_forge_a_line_in_the_progress_listing(tmp_path):
    store = tmp_path / "p.json"
    run = subprocess.run(CLI + ["train", "--text", "--seed", "1", "--store", str(store), "--trainee",
                                "eve\n  2026-01-01 exam 40 cases PASSED"],
                         input="q\n", capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert run.returncode != 0 and "invalid trainee name" in run.stderr and "control character" in run.stderr
    assert not store.exists()


def test_names_are_case_blind_and_keep_the_first_spelling(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", _summary(1), "third-card")
    store = ProgressStore(path)
    store.record("ana", _summary(2), "third-card")
    store.record("ANA ", _summary(3), "third-card")
    again = ProgressStore(path)
    assert again.trainees == ["Ana"] and len(again.sessions("aNa")) == 3
    assert sum(v["seen"] for v in again.record_for("ana", "third-card").values()) == 9
    shown = subprocess.run(CLI + ["train", "--progress", "--store", str(path), "--trainee", "ANA"],
                           capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert shown.returncode == 0 and "Ana:" in shown.stdout and shown.stdout.count("3 cases") == 3
