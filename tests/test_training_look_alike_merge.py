"""The look-alike note suggests merging the look-alike INTO the genuine name, under both headings (rev26 F6):
under "Dev:" it said ``train --merge 'Dev' 'Dеv'``, which moved the genuine record into the Cyrillic one, and
with a roster left the roster's Dev with no record."""

from __future__ import annotations

import json

import pytest

from dealer_assist.training import ProgressStore
from trainer_runs import practice, train

FAKE = "D\u0435v"   # a Cyrillic е


def _notes(listing: str) -> list[str]:
    return [line for line in listing.splitlines() if "NAME LOOKS LIKE" in line]


@pytest.mark.parametrize("roster", [False, True])
def test_both_headings_say_to_merge_the_look_alike_into_the_genuine_name(tmp_path, roster):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Dev", practice(1), "third-card")
    ProgressStore(path).record(FAKE, practice(2), "third-card")
    config = []
    if roster:
        (tmp_path / "s.toml").write_text('[training]\ntrainees = ["Ana", "Dev"]\n', encoding="utf-8")
        config = ["--config", str(tmp_path / "s.toml")]
    notes = _notes(train(tmp_path, "--progress", "--store", str(path), *config).stdout)
    assert len(notes) == 2
    for note in notes:
        assert f"train --merge '{FAKE}' 'Dev'" in note and "--merge 'Dev'" not in note
    # the command as printed does what it says: the genuine name keeps the record
    done = train(tmp_path, "--merge", FAKE, "Dev", "--store", str(path), *config)
    assert done.returncode == 0, done.stderr
    assert ProgressStore(path).trainees == ["Dev"]


def test_the_roster_decides_when_both_spellings_are_plain_letters(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Chloe", practice(1), "third-card")
    ProgressStore(path).record("Chlo\u00e9", practice(2), "third-card")
    (tmp_path / "s.toml").write_text('[training]\ntrainees = ["Chlo\u00e9"]\n', encoding="utf-8")
    notes = _notes(train(tmp_path, "--progress", "--store", str(path), "--config", str(tmp_path / "s.toml")).stdout)
    assert len(notes) == 2 and all("train --merge 'Chloe' 'Chlo\u00e9'" in n for n in notes)


def test_a_cyrillic_name_is_kept_and_the_mixed_one_merged_into_it(tmp_path):
    """"No letter drawn like a Latin one" took every genuine name for a Latin one: the Cyrillic "Ира" was to
    be merged into "Иpa" (a Latin p and a slipped in), and "plain ASCII" threw away Chloé's accent (rev28 R5)."""
    path = tmp_path / "p.json"
    mixed = "\u0418pa"
    ProgressStore(path).record("\u0418\u0440\u0430", practice(1), "third-card")
    ProgressStore(path).record(mixed, practice(2), "third-card")
    notes = _notes(train(tmp_path, "--progress", "--store", str(path)).stdout)
    assert len(notes) == 2
    for note in notes:
        assert f"train --merge '{mixed}' '\u0418\u0440\u0430'" in note, note
        assert "the other mixes Cyrillic and Latin" in note, note
        # the letters named are the mixed name's Latin ones, under either heading
        assert "(U+0070 LATIN SMALL LETTER P, U+0061 LATIN SMALL LETTER A)" in note, note


def test_two_latin_spellings_give_both_ways_without_a_roster(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Chloe", practice(1), "third-card")
    ProgressStore(path).record("Chlo\u00e9", practice(2), "third-card")
    notes = _notes(train(tmp_path, "--progress", "--store", str(path)).stdout)
    assert len(notes) == 2
    for note in notes:
        assert "train --merge 'Chloe' 'Chlo\u00e9' or train --merge 'Chlo\u00e9' 'Chloe'" in note or \
            "train --merge 'Chlo\u00e9' 'Chloe' or train --merge 'Chloe' 'Chlo\u00e9'" in note, note


def test_one_name_stored_in_two_unicode_forms_is_named_with_the_merge_that_joins_them(tmp_path):
    """An older version stored "Chloe\\u0301" (NFD) apart from "Chloé": --progress printed two identical
    "Chloé:" headings and said nothing (rev28 R6)."""
    path = tmp_path / "p.json"
    ProgressStore(path).record("Chlo\u00e9", practice(1), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["trainees"]["Chloe\u0301"] = json.loads(json.dumps(data["trainees"]["Chlo\u00e9"]))
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    listing = train(tmp_path, "--progress", "--store", str(path)).stdout
    notes = [line for line in listing.splitlines() if "NAME STORED TWICE" in line]
    assert len(notes) == 2, listing
    assert all("train --merge $'Chloe\\u0301' $'Chlo\\u00e9'" in n for n in notes), notes
    done = train(tmp_path, "--merge", "Chloe\u0301", "Chlo\u00e9", "--reason", "one name", "--store", str(path))
    assert done.returncode == 0, done.stderr
    assert ProgressStore(path).trainees == ["Chlo\u00e9"]
