"""Journal benchmark: entries per second with full durability, and the time to recover a shoe.

Run by hand:  python benchmarks/journal.py [--dir FOLDER] [--entries N] [--rounds R]

``--dir`` should be on the disk the table will use (fsync cost is the disk's).
Recovery = open the journal for writing (which verifies the whole chain),
read every entry back and group them into rounds; the target for a shoe of
80 rounds (~80 x 12 entries) is under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.table.export import rounds_from_entries  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402

CARDS = ["2S", "3H", "KD", "4C", "9S", "TH"]


def play_round(journal: Journal, number: int) -> int:
    """The entries of one ordinary baccarat round (12 of them with 5 cards)."""
    entries = [
        ("round_start", {"round": number, "shoe": 1, "game": "baccarat"}),
        ("bet_placed", {"round": number, "seat": 1, "bet": "banker", "stake": Decimal("25.00")}),
        ("bet_placed", {"round": number, "seat": 3, "bet": "player", "stake": Decimal("10.05")}),
        ("deal", {"round": number}),
    ]
    for i, card in enumerate(CARDS[:5]):
        entries.append(("card_assigned", {"round": number, "card": card, "position": ["P1", "B1", "P2", "B2", "P3"][i],
                                          "source": "serial", "confidence": 1.0, "source_seq": number * 6 + i}))
    entries += [
        ("outcome", {"round": number, "winner": "banker", "player": {"cards": CARDS[0:5:2], "total": 1},
                     "banker": {"cards": CARDS[1:4:2], "total": 7}, "natural": False}),
        ("settlement", {"round": number, "bets": [
            {"seat": 1, "bet": "banker", "stake": "25.00", "result": "win", "pays": "23.75", "returns": "48.75"},
            {"seat": 3, "bet": "player", "stake": "10.05", "result": "lose", "pays": "0.00", "returns": "0.00"}],
            "totals": {"stakes": "35.05", "paid": "23.75", "commission": "1.25", "house": "11.30"}}),
        ("round_end", {"round": number}),
    ]
    for kind, payload in entries:
        journal.append(kind, payload)
    return len(entries)


def bench_appends(folder: Path, count: int) -> None:
    latencies = []
    with Journal.open(folder / "appends.journal") as journal:
        start = time.perf_counter()
        for i in range(count):
            t0 = time.perf_counter()
            journal.append("card_read", {"round": i // 12, "card": CARDS[i % 6], "source": "serial",
                                         "confidence": 0.99, "source_seq": i})
            latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - start
    latencies.sort()
    print(f"append (WAL, synchronous=FULL, one transaction each): {count} entries in {elapsed:.3f} s "
          f"= {count / elapsed:.0f} entries/s; latency median {statistics.median(latencies) * 1000:.2f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99) - 1] * 1000:.2f} ms, max {latencies[-1] * 1000:.2f} ms")


def bench_rounds(folder: Path, rounds: int) -> None:
    """Rounds written one after another: what a table waits for, its -wal merged into the file at each
    round's end (a copy of the file alone then lacks at most the round being played)."""
    per_round = []
    with Journal.open(folder / "rounds.journal") as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        for number in range(1, rounds + 1):
            t0 = time.perf_counter()
            entries = play_round(journal, number)
            per_round.append(time.perf_counter() - t0)
    per_round.sort()
    print(f"write {rounds} rounds of {entries} entries: median {statistics.median(per_round) * 1000:.2f} ms a round "
          f"({statistics.median(per_round) * 1000 / entries:.2f} ms an entry), p99 "
          f"{per_round[int(len(per_round) * 0.99) - 1] * 1000:.2f} ms, total {sum(per_round):.3f} s")


def bench_recovery(folder: Path, rounds: int, repeats: int = 5) -> None:
    path = folder / "shoe.journal"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        entries = 1 + sum(play_round(journal, n) for n in range(1, rounds + 1))
    times, verify_times = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        with Journal.open(path) as journal:  # verifies the chain before it lets anyone write
            t1 = time.perf_counter()
            grouped = rounds_from_entries(journal.entries())
        times.append(time.perf_counter() - t0)
        verify_times.append(t1 - t0)
    assert len(grouped) == rounds
    size = path.stat().st_size / 1024
    print(f"recover a shoe of {rounds} rounds ({entries} entries, {size:.0f} KiB): open + verify + read back "
          f"+ group: median {statistics.median(times) * 1000:.1f} ms, best {min(times) * 1000:.1f} ms "
          f"(verify alone median {statistics.median(verify_times) * 1000:.1f} ms); target < 1000 ms: "
          f"{'MET' if statistics.median(times) < 1 else 'MISSED'}")


def play(path: Path, rounds: int) -> int:
    """A baccarat table at the simulated shoe, three bets a round, journaled to ``path``; its entry count."""
    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.sources.virtual import shuffled_shoe
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TablePhase

    session = TableSession(journal=Journal.open(path), odds=False)
    shoe = iter(shuffled_shoe(8, 80))
    played = 0
    while played < rounds:
        phase = session.state.phase
        if phase in (TablePhase.BURN, TablePhase.DEALING):
            session.enter_card(next(shoe).code)
        elif phase == TablePhase.BETTING:
            for seat, bet in ((1, Bet.BANKER), (2, Bet.PLAYER), (3, Bet.TIE)):
                session.place(seat, bet, Decimal("25"))
            session.deal()
        else:
            played += 1
            session.next_round()
    entries = len(list(session._journal.entries()))
    session.close()
    return entries


def bench_table_restart(folder: Path, rounds: int, repeats: int = 5) -> None:
    """What a croupier waits for after a crash: a real table session rebuilt from its journal."""
    from dealer_assist.table.session import TableSession

    path = folder / "table.sqlite"
    entries = play(path, rounds)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        again = TableSession(journal=Journal.open(path), odds=False)
        times.append(time.perf_counter() - start)
        assert len(again.state.history) == rounds
        again.close()
    print(f"restart a table after {rounds} rounds ({entries} entries): open + verify + replay every operation: "
          f"median {statistics.median(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms; target < 1000 ms: "
          f"{'MET' if statistics.median(times) < 1 else 'MISSED'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", help="folder to write the test journals in (default: a temporary folder)")
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=80)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="journal-bench-") as folder:
        bench_appends(Path(folder), args.entries)
        bench_rounds(Path(folder), args.rounds * 5)
        bench_recovery(Path(folder), args.rounds)
        bench_table_restart(Path(folder), args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
