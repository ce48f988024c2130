"""The all-designs benchmark's table and comparison, from outputs in the benchmark scripts' formats."""

from __future__ import annotations

import json
from pathlib import Path

from bench_scripts import load

all_designs = load("all_designs")


def _recognize(deck: str, readable: int, missed: int, ms: float, unreadable_read: int = 0) -> str:
    r = dict(frames=60, readable=readable, correct=readable - missed + unreadable_read, wrong=0, phantom=0,
             missed=missed, uncertain=1, unreadable_read=unreadable_read, median_ms=ms, p95_ms=2 * ms,
             recall=round((readable - missed) / readable, 4))
    return f"{deck}: calibrated in 3.1 s, thresholds {{}}, self-test {{}}\n{deck} recognize: {json.dumps(r)}\n"


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir()
    for stem, text in files.items():
        (folder / f"{stem}.txt").write_text(text)
    return folder


def test_the_table_counts_read_right_as_readable_less_missed_and_sums_every_design(tmp_path):
    out = _write(tmp_path / "new", {
        "rec_shared_anglo": _recognize("anglo", 626, 3, 21.0),
        "rec_std_tango": _recognize("tango", 265, 1, 27.6, unreadable_read=3),
        "rec_std_bellot": _recognize("bellot", 215, 12, 55.6),
        "rec_clutter_bellot": _recognize("bellot", 200, 20, 60.0),
        "bs_std_tango": "| deck | shots | correct | wrong |\n|---|---|---|---|\n| tango | 260 | 80 | 0 |\n| all | 260 | 80 | 0 |\n",
        "bs_std_bellot": "| all | 260 | 71 | 1 |\n",
        "cs_std_tango": "| deck | looks | sure | wrong |\n|---|---|---|---|\n| tango | 3536 | 300 | 2 |\n"
                        "|   6H corner 0 read as TH (down 0.3, score 0.81) | | | |\n| all | 3536 | 300 | 2 |\n",
        "cs_std_bellot": "| all | 3536 | 20 | 0 |\n",
        "rec_std_tango_nuevo": "tango_nuevo: REFUSED at calibration (suit beside rank): this deck cannot be read\n",
    })
    text = all_designs.table(all_designs.results(out))
    assert "| tango | 265 | 264 | 0 | 1 | 0 | 1 | 99.6% | 27.6 | 55.2 |" in text
    assert "| all | 1106 | 1090 | 0 | 16 | 0 | 3 |" in text
    assert "2 of 3 designs read at least 99.5%" in text
    assert "| bellot | 200 | 180 | 0 | 20 | 0 | 1 | 90.0% |" in text  # the clutter table
    assert "Blur stress: 151 of 520 shots of 2 decks read, 1 wrong." in text  # cover stress rows not counted as blur
    assert "Cover stress: 320 sure reads in 7,072 looks at index corners covered in part, 2 decks, 2 wrong." in text
    assert "- rec_std_tango_nuevo: tango_nuevo: REFUSED at calibration" in text


def test_the_comparison_lists_changed_counts_not_changed_milliseconds(tmp_path):
    old = _write(tmp_path / "old", {"rec_std_tango": _recognize("tango", 265, 1, 27.6),
                                    "rec_std_bellot": _recognize("bellot", 215, 12, 55.6),
                                    "bs_std_bellot": "| all | 260 | 71 | 0 |\n",
                                    "cs_std_bellot": "| all | 3536 | 20 | 1 |\n"})
    new = _write(tmp_path / "new", {"rec_std_tango": _recognize("tango", 265, 1, 31.0),
                                    "rec_std_bellot": _recognize("bellot", 215, 10, 50.0),
                                    "bs_std_bellot": "| all | 260 | 72 | 0 |\n",
                                    "cs_std_bellot": "| all | 3536 | 21 | 0 |\n"})
    changes = all_designs.compare(all_designs.results(old), all_designs.results(new)).splitlines()
    assert changes == ["- bs_std_bellot: blur read 71 -> 72, wrong 0 -> 0",
                       "- cs_std_bellot: cover sure 20 -> 21, wrong 1 -> 0",
                       "- rec_std_bellot: read right 203 -> 205, missed 12 -> 10"]
    assert all_designs.compare(all_designs.results(old), all_designs.results(old)) == "No run's counts changed."


def _watch(deck: str, reported: int, ms: float, frames_read: int | None) -> str:
    w = dict(cards=6, reported=reported, missed=6 - reported, wrong=0, duplicates=0,
             frames_from_index_visible=[8] * reported, frames_from_rest=[-3] * reported, worst_after_rest=-3)
    if frames_read is not None:  # counted since the watch loop passes over still frames
        w.update(frames=277, frames_read=frames_read, median_ms=ms, p95_ms=3 * ms)
    return _recognize(deck, 621, 3, 40.0) + f"{deck} watch baccarat: {json.dumps(w)}\n"


def test_the_comparison_of_watch_rows_skips_milliseconds_and_counts_only_one_side_has(tmp_path):
    old = _write(tmp_path / "old", {"rec_shared_anglo": _watch("anglo", 6, 0.0, None),
                                    "rec_shared_plastic": _watch("plastic", 6, 0.0, None)})
    new = _write(tmp_path / "new", {"rec_shared_anglo": _watch("anglo", 6, 7.5, 131),
                                    "rec_shared_plastic": _watch("plastic", 5, 5.6, 113)})
    changes = all_designs.compare(all_designs.results(old), all_designs.results(new)).splitlines()
    assert len(changes) == 1 and changes[0].startswith("- rec_shared_plastic: baccarat: ")
    newer = _write(tmp_path / "newer", {"rec_shared_anglo": _watch("anglo", 6, 9.0, 140),
                                        "rec_shared_plastic": _watch("plastic", 5, 5.0, 113)})
    changes = all_designs.compare(all_designs.results(new), all_designs.results(newer)).splitlines()
    assert len(changes) == 1 and changes[0].startswith("- rec_shared_anglo: baccarat: ")
    text = all_designs.table(all_designs.results(new))
    assert "| [-3, -3, -3, -3, -3, -3] | 131 of 277 | 7.5 |" in text
