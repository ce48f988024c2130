"""``journal export`` writes each round as soon as no later entry can change it (soak test: a month's
journal, ~480k entries, took ~1.3 GB held whole).  Its text must stay what the export made of the whole
journal held in memory: the same rounds, byte for byte, however late a correction, a settlement written
again, a deck check or a new shoe's carried bets reach a round."""

from __future__ import annotations

import io
import json
from array import array
from decimal import Decimal
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings, strategies as st

from dealer_assist.cli import main
from dealer_assist.table.export import iter_rounds, rounds_to_csv, table_entries, write_export
from dealer_assist.table.export_plan import Plan, plan_records
from dealer_assist.table.journal import Journal


def held_whole(entries) -> list:
    """The records as the export made them before it streamed: every record kept to the journal's end."""
    plan = plan_records(entries)
    return list(iter_rounds(entries, Plan(plan.entries, array("q", [plan.entries - 1] * plan.records))))


def whole_json(entries) -> str:
    """The old export's JSON text: the list of records, then the table's entries, each line json.dumps'."""
    table = table_entries(entries)
    return "".join(json.dumps(r, ensure_ascii=False) + "\n"
                   for r in held_whole(entries) + ([{"table": table}] if table else []))


def streamed(entries, fmt: str) -> str:
    out = io.StringIO()
    write_export(lambda: iter(entries), plan_records(entries), fmt, out)
    return out.getvalue()


def entry(seq: int, kind: str, payload: dict) -> SimpleNamespace:
    return SimpleNamespace(seq=seq, time=f"2026-12-05T18:{seq // 60:02d}:{seq % 60:02d}Z", kind=kind,
                           payload=payload)


BETS = [{"seat": 1, "bet": "banker", "stake": "25.00"}]
SETTLED = {"bets": [{"seat": 1, "bet": "banker", "stake": "25.00", "result": "win", "pays": "23.75"}]}

#: (kind, payload without round) of the entries a journal holds, corrections, deck checks and carried
#: bets among them; a step names one and the round (and shoe) it goes to.
STEPS = [
    ("round_start", {"game": "baccarat"}), ("bet_placed", {"seat": 1, "bet": "banker", "stake": "25.00"}),
    ("bet_removed", {"seat": 1, "bet": "banker", "stake": "5.00"}), ("bet_undone", {"seat": 2, "bet": "tie"}),
    ("bets_cleared", {"bets": []}), ("rebet", {"bets": BETS}), ("deal", {"op": "deal"}),
    ("card_assigned", {"card": "9S", "position": "P1", "source": "keyboard"}), ("card_read", {"card": "9S"}),
    ("card_held", {"card": "KH", "source": "serial"}), ("card_assigned", {"placed": [{"card": "KH", "position": "B1"}]}),
    ("card_refused", {"card": "2C", "why": "dealt_already"}), ("outcome", {"winner": "banker"}),
    ("settlement", SETTLED), ("round_end", {}), ("alert", {"code": "X"}), ("link", {"state": "up", "round": None}),
    ("correction", {"op": "void_card"}), ("correction", {"op": "void_round"}),
    ("correction", {"action": "void_settlement"}), ("correction", {"op": "void", "voided": "deal", "cards": ["9S"]}),
    ("correction", {"op": "void", "voided": "card", "settlement_taken_back": True}),
    ("card_set_aside", {"cards": ["KH"], "correction": {"who": "ana"}}),
    ("deck_check", {"op": "deck_check"}), ("deck_return", {"op": "return_stub"}), ("deck_check", {"op": "resume"}),
    ("correction", {"op": "void_return", "card": "9S"}),
    ("shoe_start", {"op": "new_shoe", "open_bets": BETS}), ("shoe_start", {"op": "new_deck", "open_bets": BETS}),
    ("shoe_start", {"op": "new_deck"}), ("frame_dropped", {"count": 2}), ("mystery", {"seq": 7}),
]


@st.composite
def journals(draw):
    """Entries with rounds that go back as well as on: a late step reaches a round long passed."""
    entries, current = [], 1
    for seq, (step, late, shoe, gap) in enumerate(draw(st.lists(st.tuples(
            st.integers(0, len(STEPS) - 1), st.integers(0, 6), st.sampled_from([None, None, 1, 2, 3]),
            st.integers(0, 3)), max_size=60)), start=1):
        kind, body = STEPS[step]
        current += gap == 3
        payload = {"round": current if late else max(1, current - late), **body}
        if kind == "link" or (kind == "shoe_start" and body.get("op") == "new_shoe"):
            payload.pop("round")
        if shoe is not None:
            payload["shoe"] = shoe
        entries.append(entry(seq, kind, payload))
    return entries


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journals())
def test_streamed_export_is_the_whole_journals_export_byte_for_byte(entries):
    assert streamed(entries, "json") == whole_json(entries)
    assert streamed(entries, "csv") == rounds_to_csv(held_whole(entries))


def test_a_round_corrected_after_later_rounds_is_written_with_its_correction_and_in_its_place(tmp_path, capsys):
    """Round 1 voided after rounds 2 and 3 were played, and its settlement written again: one record,
    first, voided then settled, and the rounds after it unchanged."""
    path = tmp_path / "j.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        for n in (1, 2, 3):
            journal.append("round_start", {"round": n, "shoe": 1, "game": "baccarat"})
            journal.append("bet_placed", {"round": n, "seat": 1, "bet": "banker", "stake": Decimal("25.00")})
            journal.append("card_assigned", {"round": n, "card": "9S", "position": "P1", "source": "serial"})
            journal.append("settlement", {"round": n, **SETTLED})
            journal.append("round_end", {"round": n})
        journal.append("correction", {"round": 1, "op": "void_card", "correction": {"who": "ana"}})
        journal.append("settlement", {"round": 1, **SETTLED})
        journal.append("link", {"source": "serial", "state": "up"})
        entries = list(journal.entries())
    for fmt in ("json", "csv"):
        assert main(["journal", "export", str(path), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert out == (whole_json(entries) if fmt == "json" else rounds_to_csv(held_whole(entries)))
    first, *_ = [json.loads(line) for line in whole_json(entries).splitlines()]
    assert first["round"] == 1 and first["voided_cards"] and first["settlement"] and len(first["voided_settlements"]) == 1


def test_each_round_is_written_before_the_entries_of_the_round_after_next_are_read():
    """What bounds the memory: a played round is given while at most the next one is open, not kept
    to the journal's end (a month's journal is ~30k rounds)."""
    entries = [entry(1, "shoe_start", {"shoe": 1, "decks": 8})]
    for n in range(1, 201):
        for kind, body in (("round_start", {"game": "baccarat"}), ("bet_placed", STEPS[1][1]),
                           ("card_assigned", STEPS[7][1]), ("settlement", SETTLED), ("round_end", {})):
            entries.append(entry(len(entries) + 1, kind, {"round": n, "shoe": 1, **body}))
    read = []

    def reading():
        for e in entries:
            read.append(e.payload.get("round"))
            yield e

    for record in iter_rounds(reading(), plan_records(entries)):
        assert max(r for r in read if r is not None) <= record["round"] + 1, record["round"]
    assert len(read) == len(entries)


def test_an_export_that_fails_while_writing_leaves_the_earlier_file_there_whole(tmp_path, monkeypatch, capsys):
    """Review: the streamed export reads the journal a second time while it writes; a read failing there had
    left a cut file in place of a good earlier export."""
    import dealer_assist.table.export as export

    path, out = tmp_path / "j.sqlite", tmp_path / "rounds.jsonl"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        for n in (1, 2, 3):
            journal.append("round_start", {"round": n, "shoe": 1, "game": "baccarat"})
            journal.append("card_assigned", {"round": n, "card": "9S", "position": "P1", "source": "serial"})
            journal.append("round_end", {"round": n})
    assert main(["journal", "export", str(path), "--out", str(out)]) == 0
    good = out.read_bytes()
    assert b"\"round\": 3" in good
    whole = export.write_export

    def failing(entries, plan, fmt, fh):
        fh.write("{\"round\": 1")
        raise export.JournalChangedError("the journal's entries changed while it was exported")

    monkeypatch.setattr(export, "write_export", failing)
    assert main(["journal", "export", str(path), "--out", str(out)]) == 2
    assert "nothing was written to" in capsys.readouterr().err
    assert out.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    monkeypatch.setattr(export, "write_export", whole)
    fresh = tmp_path / "fresh.csv"
    assert main(["journal", "export", str(path), "--format", "csv", "--out", str(fresh)]) == 0
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask
