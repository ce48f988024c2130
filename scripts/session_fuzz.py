#!/usr/bin/env python3
"""Play random shoe and keyboard sequences through the real table sessions, live, with restarts and as
the journal's replay, and print every seed where they differ.

    python scripts/session_fuzz.py bac 0-99                 # baccarat, one deck, burn on, seeds 0..99
    python scripts/session_fuzz.py bj 250-449 --no-burn     # blackjack, one deck, no burn card
    python scripts/session_fuzz.py bac 0-59 --heartbeats    # shoe heartbeats too (HB frames, lost frames)
    python scripts/session_fuzz.py bac --decks 8 0-99
    python scripts/session_fuzz.py bac --shrink 91          # the fewest steps of seed 91 that still differ
    python scripts/session_fuzz.py bac --ops "[('card', 'KS'), ('gap', 2), ('del', None)]"   # play them, verbosely

A journal replay or a restart must show exactly what the live table showed; the hand-written tests check the
cases someone thought of, this finds the ones nobody did.  Each seed makes one list of steps: a card the shoe
reads (a CARD frame), a ``??`` frame, frames lost before a card, a heartbeat, and the croupier's keys (Del,
Enter, a typed card, V, B, Shift+B, N, C/N, a deal with two bets, a blackjack action).  The list is played
twice on a fresh journal: straight through, and with restarts of the table at random steps.  A seed is
printed when

- a session call raises (``crash``);
- a refused key changed what the table shows (``refused-changed``);
- a restart shows other than what the table showed just before it (``restart``; ``restart-end`` after the
  last step);
- the journal's replay ends with other alerts or another table state than live (``replay``, ``replay-state``);
- the run with restarts ends other than the run without (``restart-run-differs``).

What is compared: the table state, the held read (card, words, source), the reads waiting behind it, the
cards due (all and the shoe's), and the warning and error alerts.  The words a restart gives a read held
only for its place ("read just before the table stopped", ...) are deliberate and not compared.

``--shrink SEED`` drops steps while the seed's first problem (or ``--kind``) stays, and prints the steps
left with what each returned: the croupier's steps to reproduce it.  Seeds are numbered per setting (game,
decks, burn, ``--heartbeats``, ``--length``, ``--restarts``).  Exit status 1 when a seed differs.

It runs by hand (a few hundred seeds take minutes); ``tests/test_session_fuzz_script.py`` runs a handful of
seeds so it cannot rot.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import logging
import random
import sys
import tempfile
import traceback
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.blackjack.rules import HouseRules  # noqa: E402
from dealer_assist.shoe import ShoeRules  # noqa: E402
from dealer_assist.sources.serial_shoe import SerialShoe  # noqa: E402
from dealer_assist.sources.shoe_protocol import format_frame  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.table.session import TableSession  # noqa: E402
from dealer_assist.table.state import TableRules  # noqa: E402
from replayed_journals import replayed  # noqa: E402

SHOE = "serial:shoe"
RANKS = "A23456789TJQK"  # a shoe frame sends T, a typed card 10
SUITS = "SHDC"
KINDS = ("card", "??", "gap", "hb", "del", "enter", "type", "void", "B", "SB", "N", "CN", "deal", "act")
#: How often each step comes, without and with heartbeats (the reviewer's weights: seeds keep their steps).
WEIGHTS = (30, 8, 3, 0, 6, 8, 10, 4, 2, 2, 4, 1, 6, 6)
WEIGHTS_HB = (24, 8, 3, 4, 6, 8, 8, 4, 2, 2, 12, 1, 6, 6)
KEYBOARD = {"del", "enter", "type", "void", "B", "SB", "N", "CN", "act"}
#: Alerts a restart or a replay adds of its own (not a difference from live).
OWN_ALERTS = {"replay", "restart", "journal_log", "restarted"}
#: The words a restart gives a read held only for its place: deliberate, not compared.
PLACED = ("read just before the table stopped", "typed in place of a read", "read before the decision",
          "read before the stand", "read before the double")

REFUSED: list[str] = []


def spy_on_refusals() -> None:
    """Note each message a session refuses with, so a refused key can be told from an answer."""
    owner = next(c for c in TableSession.__mro__ if "_refuse" in vars(c))
    refuse = owner._refuse

    def spy(self, message):
        REFUSED.append(message)
        return refuse(self, message)

    owner._refuse = spy


def card_code(rng: random.Random) -> str:
    rank = rng.choice(RANKS)
    return ("10" if rank == "T" else rank) + rng.choice(SUITS)


def view(session, state: bool = True) -> dict:
    """What the croupier sees that a restart and a replay must show too."""
    snap = session.snapshot
    held = snap.pending
    return {
        "state": repr(snap.state) if state else None,
        "pending": None if held is None else (held.card.code, _words(held.doubt), held.source),
        "waiting": tuple((w.card.code, w.doubt) for w in snap.waiting),
        "due": snap.cards_due,
        "due_src": session.cards_due(SHOE),
        "alerts": tuple(sorted((a.code, a.level) for a in snap.alerts
                               if a.level != "info" and a.code not in OWN_ALERTS)),
    }


def _words(doubt: str) -> str:
    return "<placed>" if doubt.startswith(PLACED) else doubt


def differences(a: dict, b: dict) -> dict:
    return {k: (_state_diff(a[k], b[k]) if k == "state" else (a[k], b[k])) for k in a if a[k] != b[k]}


def _state_diff(a: str, b: str) -> list:
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [(a[max(0, i1 - 60):i2 + 20], b[max(0, j1 - 60):j2 + 20])
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"][:4]


class Table:
    """A table session on a journal, fed by a serial shoe reader (frames parsed as the link sends them)."""

    def __init__(self, game: str, decks: int, burn: bool, folder: str):
        self.game, self.path = game, Path(folder) / "journal.sqlite"
        if game == "bac":
            self.rules = TableRules(shoe=ShoeRules(burn=burn, decks=decks))
        else:
            self.rules = BlackjackTableRules(seats=2, burn_cards=1 if burn else 0, house=HouseRules(decks=decks))
        self.session = self._open(Journal.open(self.path))
        self.reader = SerialShoe("/dev/null-fuzz", name=SHOE)
        self.reader.set_sink(lambda event: self.session.handle(event))
        self.seq = 0
        self.last_card = None
        self.reader.feed(format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1"))

    def _open(self, journal=None):
        if self.game == "bac":
            return TableSession(self.rules, journal, odds=False)
        return BlackjackSession(self.rules, journal)

    def fresh(self):
        """A table with no journal, for the replay."""
        return self._open()

    def restart(self) -> None:
        self.session.close()
        self.session = self._open(Journal.open(self.path))

    def frame(self, *fields: str) -> None:
        self.seq += 1
        self.last_card = self.seq
        self.reader.feed(format_frame("CARD", self.seq, *fields))

    def heartbeat(self, card_lost: bool) -> None:
        """A heartbeat naming the last card frame; with ``card_lost`` that card's own frame never came."""
        if card_lost:
            self.seq += 1
            self.last_card = self.seq
        self.seq += 1
        self.reader.feed(format_frame("HB", self.seq, "-" if self.last_card is None else str(self.last_card)))


def steps(rng: random.Random, game: str, count: int, heartbeats: bool) -> list[tuple]:
    weights = list(WEIGHTS_HB if heartbeats else WEIGHTS)
    if game != "bj":
        weights[-1] = 0
    out = []
    for _ in range(count):
        kind = rng.choices(KINDS, weights)[0]
        if kind in ("card", "type"):
            out.append((kind, card_code(rng)))
        elif kind == "gap":
            out.append((kind, rng.choice([1, 2])))
        elif kind == "hb":
            out.append((kind, rng.random() < 0.5))
        elif kind == "act":
            out.append((kind, rng.choice(["hit", "stand", "stand", "double"])))
        else:
            out.append((kind, None))
    return out


def play(table: Table, step: tuple):
    """One step; what the session answered (a message or None)."""
    kind, arg = step
    session = table.session
    bac = table.game == "bac"
    if kind == "card":
        return table.frame(arg.replace("10", "T"))
    if kind == "??":
        return table.frame("??")
    if kind == "gap":
        table.seq += arg
        return table.frame(card_code(random.Random(table.seq)).replace("10", "T"))
    if kind == "hb":
        return table.heartbeat(arg)
    if kind == "del":
        return session.reject_pending()
    if kind == "enter":
        answer = session.confirm_pending()
        if answer and "press Enter again" in answer:
            answer = session.confirm_pending()
        return answer
    if kind == "type":
        return session.enter_card(arg)
    if kind == "void":
        return session.void_last_card(why="x") if bac else session.void_last(why="x")
    if kind == "B":
        return session.burn_unseen() if bac else session.skip_burn()
    if kind == "SB":
        return session.skip_burn()
    if kind == "N":
        return session.next_round()
    if kind == "CN":
        return session.new_shoe() if bac else session.new_deck()
    if kind == "deal":
        if bac:
            session.place(1, Bet.PLAYER, Decimal("10"))
            session.place(2, Bet.BANKER, Decimal("15"))
        else:
            session.place(1, Decimal("10"))
            session.place(2, Decimal("15"))
        return session.deal()
    if kind == "act":
        return session.act(arg)
    raise ValueError(f"unknown fuzz step {step!r}")


def run(setting: dict, plan: list[tuple], restarts: set[int], log: list | None = None):
    """``plan`` played on a fresh journal (a ``("restart", None)`` step or an index in ``restarts``
    restarts the table first); the final view and the problems found."""
    problems: list[tuple] = []
    with tempfile.TemporaryDirectory() as folder:
        table = Table(setting["game"], setting["decks"], setting["burn"], folder)
        final = None
        try:
            for i, step in enumerate(plan):
                if i in restarts or step[0] == "restart":
                    before = view(table.session)
                    table.restart()
                    if d := differences(before, view(table.session)):
                        problems.append(("restart", i, d))
                    if step[0] == "restart":
                        if log is not None:
                            log.append((i, step, None, _shown(table.session)))
                        continue
                before = view(table.session)
                REFUSED.clear()
                try:
                    answer = play(table, step)
                except Exception:
                    problems.append(("crash", i, step, traceback.format_exc()))
                    break
                if log is not None:
                    log.append((i, step, answer, _shown(table.session)))
                if (answer is not None and step[0] in KEYBOARD and answer in REFUSED
                        and "N again opens it" not in answer):
                    if d := differences(before, view(table.session)):
                        problems.append(("refused-changed", i, step, answer, d))
            final = view(table.session)
            table.restart()
            if d := differences(final, view(table.session)):
                problems.append(("restart-end", len(plan), d))
            table.session.close()
            problems += _replay_problems(table, final)
        finally:
            try:
                table.session.close()
            except Exception:
                pass
    return final, problems


def _shown(session) -> str:
    """The held read, the cards due and the alerts, in a line."""
    snap = session.snapshot
    held = "" if snap.pending is None else f"held {snap.pending.card.code}: {snap.pending.doubt[:70]}; "
    alerts = ",".join(a.code for a in snap.alerts if a.level != "info" and a.code not in OWN_ALERTS)
    return f"{held}due {snap.cards_due}; alerts {alerts or '-'}"


def _replay_problems(table: Table, final: dict) -> list[tuple]:
    try:
        replay = replayed(table.path, table.fresh())
    except Exception as exc:
        if "holds no table operations" in str(exc):
            return []
        return [("replay-crash", traceback.format_exc())]
    out = []
    alerts = view(replay, state=False)["alerts"]
    if alerts != final["alerts"]:
        out.append(("replay", {"alerts": (final["alerts"], alerts)}))
    state = repr(replay.snapshot.state)
    if state != final["state"]:
        out.append(("replay-state", _state_diff(final["state"], state)))
    return out


def seed_plan(setting: dict, seed: int) -> tuple[list[tuple], set[int]]:
    rng = random.Random(seed)
    plan = steps(rng, setting["game"], setting["length"], setting["heartbeats"])
    return plan, set(rng.sample(range(1, setting["length"]), setting["restarts"]))


def check_seed(setting: dict, seed: int) -> list[tuple]:
    """The problems of one seed: the plain run's, the restarted run's (marked R) and their difference."""
    plan, restarts = seed_plan(setting, seed)
    final0, plain = run(setting, plan, set())
    final1, restarted = run(setting, plan, restarts)
    problems = plain + [("R",) + p for p in restarted]
    if final0 is not None and final1 is not None and (d := differences(final0, final1)):
        problems.append(("restart-run-differs", d))
    return problems


def _kind(problem: tuple) -> str:
    return problem[1] if problem[0] == "R" else problem[0]


def shrink(setting: dict, seed: int, kind: str | None) -> list[tuple]:
    """The seed's steps, restarts written in as steps, cut while a problem of ``kind`` stays."""
    plan, restarts = seed_plan(setting, seed)
    found = check_seed(setting, seed)
    if not found:
        raise SystemExit(f"seed {seed} shows no difference: nothing to shrink")
    kind = kind or _kind(found[0])
    restarted = [p for p in found if _kind(p) == kind]
    with_restarts = kind not in ("restart-end", "replay", "replay-state") or all(p[0] == "R" for p in restarted)
    full = []
    for i, step in enumerate(plan):
        if with_restarts and i in restarts:
            full.append(("restart", None))
        full.append(step)

    def shows(candidate: list[tuple]) -> bool:
        final1, problems = run(setting, candidate, set())
        if any(p[0] == kind for p in problems):
            return True
        if kind != "restart-run-differs" or final1 is None:
            return False
        final0, _ = run(setting, [s for s in candidate if s[0] != "restart"], set())
        return final0 is not None and bool(differences(final0, final1))

    if not shows(full):
        raise SystemExit(f"seed {seed}: no {kind} with its restarts written in as steps")
    changed = True
    while changed:
        changed = False
        for width in (8, 4, 2, 1):
            i = 0
            while i < len(full):
                candidate = full[:i] + full[i + width:]
                if shows(candidate):
                    full, changed = candidate, True
                else:
                    i += 1
    return full


def show(setting: dict, plan: list[tuple]) -> None:
    """Play ``plan`` once and print each step with its answer, the end and the problems."""
    log: list = []
    final, problems = run(setting, plan, set(), log)
    print(plan)
    for i, step, answer, shown in log:
        print(f"  {i:3} {step} -> {str(answer)[:300] if answer else ''}")
        print(f"        [{shown}]")
    if final is not None:
        print("  end:", final["pending"], "due", final["due"], final["alerts"], final["waiting"])
    for problem in problems:
        print("  PROBLEM", str(problem)[:1500])


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds {text!r}: give FIRST-LAST or one number, as 0-99") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=("bac", "bj"))
    parser.add_argument("seeds", nargs="?", type=seed_range, default=range(0, 100), help="FIRST-LAST (0-99)")
    parser.add_argument("--decks", type=int, default=1)
    parser.add_argument("--no-burn", dest="burn", action="store_false", help="no burn card")
    parser.add_argument("--heartbeats", action="store_true", help="heartbeats among the steps (HB frames)")
    parser.add_argument("--length", type=int, default=40, help="steps a seed (40)")
    parser.add_argument("--restarts", type=int, default=3, help="restarts in the second run (3)")
    parser.add_argument("--shrink", type=int, metavar="SEED", help="the fewest steps of SEED that still differ")
    parser.add_argument("--kind", help="with --shrink: the problem to keep (the seed's first)")
    parser.add_argument("--ops", help="play this step list verbosely (as --shrink prints it)")
    args = parser.parse_intermixed_args(argv)
    setting = {"game": args.game, "decks": args.decks, "burn": args.burn, "heartbeats": args.heartbeats,
               "length": args.length, "restarts": args.restarts}
    logging.disable(logging.CRITICAL)
    spy_on_refusals()
    if args.ops:
        show(setting, [tuple(s) for s in ast.literal_eval(args.ops)])
        return 0
    if args.shrink is not None:
        show(setting, shrink(setting, args.shrink, args.kind))
        return 0
    differing = 0
    for seed in args.seeds:
        problems = check_seed(setting, seed)
        if problems:
            differing += 1
            print(f"=== {args.game} decks={args.decks} burn={args.burn} seed={seed} "
                  f"restarts={sorted(seed_plan(setting, seed)[1])}")
            for problem in problems[:6]:
                print("   ", str(problem)[:1500])
            sys.stdout.flush()
    print(f"{differing} of {len(args.seeds)} seeds differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
