"""Restart benchmark: how long a baccarat table takes to come back on a journal of R rounds.

Run by hand:  python benchmarks/restart.py [--rounds R] [--dir FOLDER]

A restart verifies the journal and replays every operation in it (bets,
cards, settlements, roads), so its time grows with the journal.  The rounds
are played by a real table session: seven seats bet on every round, the
cards come from shuffled 8-deck shoes, a new shoe after each cut card.
Prints the rounds, the entries, the seconds to write them and to restart.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.shoe import ShoeRules  # noqa: E402
from dealer_assist.sources.virtual import shuffled_shoe  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.table.session import TableSession  # noqa: E402
from dealer_assist.table.state import TablePhase, TableRules  # noqa: E402

RULES = TableRules(shoe=ShoeRules(burn=False))
BETS = (Bet.BANKER, Bet.PLAYER, Bet.TIE, Bet.PLAYER_PAIR, Bet.BANKER, Bet.BIG, Bet.PLAYER)


def play(session: TableSession, rounds: int, seed: int = 1) -> None:
    cards = iter(shuffled_shoe(8, seed))
    for n in range(rounds):
        if session.state.phase == TablePhase.FINISHED or session.state.shoe.cards_left < 20:
            session.new_shoe()
            session.skip_burn()
            cards = iter(shuffled_shoe(8, seed + n))
        for seat, bet in enumerate(BETS, start=1):
            session.place(seat, bet)
        session.deal()
        while session.state.phase != TablePhase.SETTLED:
            session.enter_card(next(cards).code)
        session.next_round()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--dir", help="folder for the journal (default: a temporary one)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "table.sqlite"
        t0 = time.perf_counter()
        session = TableSession(RULES, Journal.open(path), odds=False)
        play(session, args.rounds)
        session.close()
        written = time.perf_counter() - t0
        t0 = time.perf_counter()
        again = TableSession(RULES, Journal.open(path), odds=False)
        restart = time.perf_counter() - t0
        entries = again.recovered
        again.close()
    print(f"rounds {args.rounds}  operations {entries}  written in {written:.1f} s  restart {restart:.2f} s "
          f"({restart / args.rounds * 1000:.2f} ms a round)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
