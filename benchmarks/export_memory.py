"""Export and replay memory benchmark: peak memory of ``journal export`` and of a replay's loading on a
long journal, streamed as the program does it now and held whole as it did before.

Run by hand:  python benchmarks/export_memory.py [--entries N] [--dir FOLDER]

The journal is a real table's: a baccarat session plays 70 rounds at the simulated shoe, then its entries
are copied, each copy under new shoe numbers (new rounds for the export), chained afresh so that
``journal verify`` passes, until it holds N entries.  Peaks are tracemalloc's (Python's own allocations,
SQLite's page cache aside), each measured alone.  Soak test before the fix: ~2.7 KB per entry held whole.
"""

from __future__ import annotations

import argparse
import io
import json
import sqlite3
import sys
import tempfile
import time
import tracemalloc
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.table.chain import canonical, entry_hash, genesis_hash  # noqa: E402
from dealer_assist.table.export import rounds_from_entries, rounds_to_csv, table_entries, write_export  # noqa: E402
from dealer_assist.table.export_plan import plan_records  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from journal import play  # noqa: E402 (benchmarks/journal.py: the table it plays)


def grow(template: Path, path: Path, entries: int) -> int:
    """``path``: the template's entries copied until ``entries``, each copy its own shoes, chained."""
    with Journal.open(template, readonly=True) as journal:
        rows = [(e.time, e.kind, e.payload) for e in journal.entries()]
    step = max((p["shoe"] for _, _, p in rows if isinstance(p.get("shoe"), int)), default=0) + 1
    Journal.open(path).close()
    conn = sqlite3.connect(str(path), isolation_level=None)
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    prev, seq = genesis_hash(meta["journal_id"]), 0
    conn.execute("BEGIN")
    copy = 0
    while seq < entries:
        batch = []
        for time_, kind, payload in rows:
            payload = dict(payload)
            if isinstance(payload.get("shoe"), int):
                payload["shoe"] += copy * step
            seq += 1
            text = canonical(payload)
            digest = entry_hash(seq, time_, kind, text, prev)
            batch.append((seq, time_, kind, text, prev, digest))
            prev = digest
        conn.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", batch)
        copy += 1
    conn.execute("UPDATE meta SET value = ? WHERE key = 'head_seq'", (str(seq),))
    conn.execute("UPDATE meta SET value = ? WHERE key = 'head_hash'", (prev,))
    conn.execute("COMMIT")
    conn.close()
    return seq


class Counting(io.TextIOBase):
    """Where the export writes: only counted, so that the text itself takes no memory."""

    def __init__(self) -> None:
        self.chars = 0

    def write(self, text: str) -> int:
        self.chars += len(text)
        return len(text)


def peak(label: str, run, entries: int) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    result = run()
    elapsed = time.perf_counter() - start
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:<38} peak {top / 2 ** 20:8.1f} MiB  ({top / entries:7.0f} bytes per entry)  "
          f"{elapsed:6.1f} s  {result}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--dir", help="folder for the journals (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="export-bench-") as folder:
        template, path = Path(folder) / "template.sqlite", Path(folder) / "long.sqlite"
        play(template, 70)
        count = grow(template, path, args.entries)
        with Journal.open(path, readonly=True) as journal:
            assert journal.verify().ok
            print(f"journal: {count} entries, {path.stat().st_size / 2 ** 20:.0f} MiB")

            def streamed(fmt: str):
                out = Counting()
                write_export(journal.entries, plan_records(journal.entries()), fmt, out)
                return f"{out.chars} characters"

            def held(fmt: str):  # as the export did before: every entry, then every round, then the text
                entries = list(journal.entries())
                rounds = rounds_from_entries(entries)
                if fmt == "csv":
                    return f"{len(rounds_to_csv(rounds))} characters"
                table = table_entries(entries)
                text = "".join(json.dumps(r, ensure_ascii=False) + "\n"
                               for r in rounds + ([{"table": table}] if table else []))
                return f"{len(text)} characters"

            for fmt in ("json", "csv"):
                peak(f"export {fmt}, held whole (before)", lambda: held(fmt), count)
                peak(f"export {fmt}, streamed (now)", lambda: streamed(fmt), count)
        from dealer_assist.sources.replay import read_journal

        peak("replay's loading (operations as text)", lambda: f"{len(read_journal(path).ops)} operations", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
