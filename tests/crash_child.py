"""A table that plays scripted rounds forever with a journal; the crash test kills it with SIGKILL.

Usage: python tests/crash_child.py JOURNAL SEED.  On start it recovers from the
journal and carries on from where the table was, exactly as the display does.
"""

import random
import sys
from decimal import Decimal

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.sources.virtual import shuffled_shoe
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase


def main() -> None:
    path, seed = sys.argv[1], int(sys.argv[2])
    session = TableSession(journal=Journal.open(path), odds=False)
    shoe = shuffled_shoe(8, seed)
    rng = random.Random()
    print("ready", flush=True)
    while True:
        state = session.state
        position = state.shoe.cards_seen  # the physical shoe continues where the table is
        if state.phase in (TablePhase.BURN, TablePhase.DEALING):
            session.enter_card(shoe[position].code)
        elif state.phase == TablePhase.BETTING:
            if state.betting.total_stake < 20 and rng.random() < 0.7:
                session.place(rng.randint(1, 3), rng.choice(list(Bet)), Decimal(rng.choice([1, 5, 25])))
            else:
                session.deal()
        elif state.phase == TablePhase.SETTLED:
            session.next_round()
        else:
            session.new_shoe()


if __name__ == "__main__":
    main()
