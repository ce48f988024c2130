"""A save never writes the progress data into a file wider than the one it replaces (rev26 F2): the
temporary file was made 0666 cut by the umask (0644) and the data written into it before its mode was set,
so a school's 0600 file was readable by every account during each save (and a descriptor opened then
kept reading after the chmod)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from dealer_assist.training import ProgressStore
from dealer_assist.training import progress
from trainer_runs import practice


@pytest.fixture
def seen(monkeypatch):
    """The temporary file's mode at the moment the data is written into it."""
    modes: list[int] = []
    dump = json.dump

    def spy(data, f, **kwargs):
        modes.append(stat.S_IMODE(os.fstat(f.fileno()).st_mode))
        return dump(data, f, **kwargs)

    monkeypatch.setattr(progress.json, "dump", spy)
    return modes


@pytest.mark.parametrize("kept", [0o600, 0o640, 0o664])
def test_the_data_is_written_into_a_0600_file_and_the_file_keeps_its_mode(tmp_path, seen, kept):
    before = os.umask(0o022)
    try:
        path = tmp_path / "p.json"
        ProgressStore(path).record("Ana", practice(1), "third-card")
        assert stat.S_IMODE(path.stat().st_mode) == 0o644   # a new file: the umask's mode, as before
        os.chmod(path, kept)
        ProgressStore(path).record("Ana", practice(2), "third-card")
        assert stat.S_IMODE(path.stat().st_mode) == kept
        assert seen and all(mode == 0o600 for mode in seen), [oct(m) for m in seen]
        assert not [f for f in tmp_path.iterdir() if f.name.startswith(".training-")]
    finally:
        os.umask(before)
