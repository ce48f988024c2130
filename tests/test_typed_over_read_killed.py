"""A card the croupier types in place of a read waiting for the decision survives a kill (SIGKILL) before H.

QA: the typed card was journaled only once H or D played it, so `dealer-assist run` on the same journal
after a crash brought back the reader's misread card, and H dealt it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal

#: A two-seat table dealt 9S 5H 7C 2D 6D (seat 1 on 11), the shoe's reader then sends 9H (the 8H drawn as
#: the player signalled, misread), the croupier types 8H over it, and the process waits to be killed.
CHILD = """
import sys, time
from decimal import Decimal as D
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal

s = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(sys.argv[1]))
s.place(1, D("10")); s.place(2, D("10")); assert s.deal() is None
for n, code in enumerate(("9S", "5H", "7C", "2D", "6D", "9H"), start=1):
    s.handle(CardRead(parse_card(code), "serial:shoe", time.time(), confidence=1.0, seq=n))
assert s.snapshot.pending.card.code == "9H", s.snapshot
assert s.enter_card("8H") is None
print("ready", flush=True)
time.sleep(600)
"""


def test_the_typed_card_waits_again_after_a_kill_and_h_plays_it(tmp_path):
    path = tmp_path / "bj.sqlite"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, env=env)
    try:
        assert proc.stdout.readline().strip() == b"ready"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(path))
    try:
        pending = session.snapshot.pending
        assert pending.card.code == "8H" and pending.source == "keyboard"
        assert session.hit() is None
        s = session.state
        assert [c.code for c in s.round.seat_hands(s.round_seat(1))[0].cards] == ["9S", "2D", "8H"]
    finally:
        session.close()
