"""A name an older dealer-assist stored twice in two cases ('Ana' and 'ana', neither form the only NFC one):
the NAME STORED TWICE note under "Ana:" said ``train --merge $'Ana' $'ana'`` and under "ana:" ``train --merge
$'ana' $'Ana'``: one pair, two different commands (rev29 R7).  Both headings now give the same words, as the
look-alike note does (rev26 F6), and the command as printed runs."""

from __future__ import annotations

import json

from dealer_assist.training import ProgressStore
from trainer_runs import practice, train


def _older_versions_file(path) -> None:
    """Ana's and ana's sessions as an older dealer-assist stored them: no seal, no ``utc``, no ``sealed_since``."""
    ProgressStore(path).record("Ana", practice(1), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["trainees"]["Ana"]["sessions"][0]
    for key in ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until"):
        entry.pop(key, None)
    entry["date"] = "2026-11-20T10:00:00"
    data.pop("sealed_since", None)
    data["trainees"]["ana"] = json.loads(json.dumps(data["trainees"]["Ana"]))
    data["trainees"]["ana"]["sessions"][0]["date"] = "2026-11-21T10:00:00"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_both_headings_give_one_merge_for_a_case_pair(tmp_path):
    path = tmp_path / "p.json"
    _older_versions_file(path)
    listing = train(tmp_path, "--progress", "--store", str(path)).stdout
    notes = [line.strip() for line in listing.splitlines() if "NAME STORED TWICE" in line]
    assert len(notes) == 2, listing
    merges = {note[note.index("train --merge"):] for note in notes}
    assert merges == {"train --merge $'Ana' $'ana' (or the other way)"}, notes
    done = train(tmp_path, "--merge", "Ana", "ana", "--reason", "one name", "--store", str(path))
    assert done.returncode == 0, done.stderr
    assert ProgressStore(path).trainees == ["ana"]
