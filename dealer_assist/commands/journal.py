"""``journal verify``, ``journal export`` and ``journal show``: the table journal from the command line.

``verify`` exits 0 only if the hash chain holds (1 if it does not, 2 if the
file cannot be read as a journal).  ``export`` groups the entries into rounds
by the ``"round"`` field of their payloads (the kinds are listed in
:mod:`dealer_assist.table.journal`) and prints one JSON object per round, or
CSV with one row per bet.  It refuses a journal whose chain is broken unless
``--allow-broken`` is given, and then exports only the verified entries.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, Iterable, List

from dealer_assist.commands.output import CommandError, emit_json

BET_ADD = ("bet_placed",)
BET_TAKE = ("bet_removed", "bet_undone")
CSV_COLUMNS = ("round", "shoe", "game", "started", "ended", "status", "cards", "winner",
               "seat", "bet", "stake", "result", "pays", "returns")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("journal", help="check or export a table journal",
                              description="Check a table journal's hash chain, or export its rounds.")
    sub = p.add_subparsers(dest="journal_command", metavar="ACTION")
    p.set_defaults(func=lambda args: _missing_action(p))

    v = sub.add_parser("verify", help="check the hash chain; exit 0 only if it holds",
                       description="Check every entry of the journal against the hash chain and report the "
                                   "first bad entry (edited, deleted, reordered or inserted).")
    v.add_argument("path", metavar="PATH")
    v.add_argument("--expect-head", metavar="HASH",
                   help="a head hash noted earlier (printed by verify): fail unless the journal still contains "
                        "it, which catches a rewrite of the whole file")
    v.add_argument("--json", action="store_true", help="print JSON only")
    v.set_defaults(func=run_verify)

    e = sub.add_parser("export", help="rounds, bets and payouts as JSON lines or CSV",
                       description="Export the journal's rounds: JSON prints one object per round (cards, "
                                   "outcome, bets, settlement, corrections); CSV one row per bet.")
    e.add_argument("path", metavar="PATH")
    e.add_argument("--format", choices=("json", "csv"), default="json")
    e.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--allow-broken", action="store_true",
                   help="export the verified part of a journal whose chain does not hold")
    e.add_argument("--json", action="store_true", help="print JSON only (with --format csv: needs --out)")
    e.set_defaults(func=run_export)

    s = sub.add_parser("show", help="print the entries as JSON lines",
                       description="Print the journal's entries, one JSON object per line.")
    s.add_argument("path", metavar="PATH")
    s.add_argument("--from", dest="from_seq", type=int, default=0, metavar="SEQ")
    s.add_argument("--json", action="store_true", help="print JSON only (the output is JSON anyway)")
    s.set_defaults(func=run_show)


def _missing_action(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _open(path: str):
    from dealer_assist.table.journal import Journal, JournalError

    try:
        return Journal.open(path, readonly=True)
    except JournalError as exc:
        raise CommandError(str(exc), 2) from None


# --------------------------------------------------------------------------- verify

def run_verify(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import JournalError

    with _open(args.path) as journal:
        try:
            report = journal.verify()
            first_bad = None if report.first_bad_seq is None else journal.stored(report.first_bad_seq)
            known = (args.expect_head is None or args.expect_head == report.head_hash
                     or any(e.hash == args.expect_head for e in journal.entries()
                            if report.ok or e.seq <= report.head_seq))
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
    result: Dict[str, Any] = {"path": args.path, **report.to_dict(), "first_bad": first_bad}
    ok = report.ok and known
    if report.ok and not known:
        result.update(ok=False, problem="rewritten",
                      detail=f"the head hash {args.expect_head} noted earlier is not in this journal: "
                             f"the file was rewritten or it is another journal")
    if args.json:
        emit_json(result)
        return 0 if ok else 1
    if ok:
        print(f"journal {args.path}: OK, {report.count} entries, the chain holds")
        print(f"head: seq {report.head_seq} {report.head_hash or '(empty journal)'}")
        print("keep the head hash somewhere else: 'journal verify --expect-head HASH' then also catches "
              "a rewrite of the whole file")
        return 0
    if report.ok:
        print(f"journal {args.path}: REWRITTEN: {result['detail']}")
        return 1
    print(f"journal {args.path}: BROKEN at entry {report.first_bad_seq} ({report.problem}): {report.detail}")
    if first_bad is not None:
        print(f"first bad entry: {json.dumps(first_bad, ensure_ascii=False)}")
    print(f"entries 1..{report.head_seq} verify (last good hash {report.head_hash or '-'}); "
          f"{report.count} entries in the file")
    return 1


# --------------------------------------------------------------------------- export

def run_export(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import JournalError

    if args.json and args.format == "csv" and not args.out:
        raise CommandError("--json with --format csv needs --out FILE (standard output carries the JSON summary)")
    with _open(args.path) as journal:
        try:
            report = journal.verify()
            if not report.ok and not args.allow_broken:
                raise CommandError(f"journal {args.path} fails its check at entry {report.first_bad_seq} "
                                   f"({report.problem}: {report.detail}); nothing exported. Use --allow-broken "
                                   f"to export the verified entries 1..{report.head_seq}", 1)
            entries = [e for e in journal.entries() if report.ok or e.seq <= report.head_seq]
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
    if not report.ok:
        sys.stderr.write(f"dealer-assist: warning: journal {args.path} is broken at entry {report.first_bad_seq} "
                         f"({report.problem}); exporting entries 1..{report.head_seq} only\n")
    rounds = rounds_from_entries(entries)
    if args.format == "json":
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rounds)
    else:
        text = rounds_to_csv(rounds)
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
        except OSError as exc:
            raise CommandError(f"cannot write {args.out}: {exc.strerror}") from None
        if args.json:
            emit_json({"path": args.path, "out": args.out, "format": args.format, "rounds": len(rounds),
                       "entries": len(entries), "verified": report.ok})
        else:
            print(f"{len(rounds)} rounds from {len(entries)} entries written to {args.out}")
    else:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            _quiet_stdout()
    return 0


def rounds_from_entries(entries: Iterable[Any]) -> List[Dict[str, Any]]:
    """One dict per round, in order of first appearance, from entries carrying ``payload["round"]``.

    Bets are the net of ``bet_placed`` minus ``bet_removed``/``bet_undone``
    per seat and bet; a ``correction`` voiding the round or its settlement
    marks it so, one voiding a card takes it off the round's cards (a
    blackjack void names the card, or the deal with its card, and whether it
    took the settlement back: the round is open again until it is settled
    anew); kinds this export does not know are kept under ``other``.
    """
    rounds: Dict[Any, Dict[str, Any]] = {}
    stakes: Dict[Any, Dict[tuple, Decimal]] = {}
    layouts: Dict[Any, List[Dict[str, Any]]] = {}  # the whole layout, where the session wrote it
    shoe = None
    for entry in entries:
        payload = entry.payload
        if entry.kind == "shoe_start":
            shoe = payload.get("shoe", shoe)
        number = payload.get("round")
        if number is None or isinstance(number, (dict, list)):
            continue
        if number not in rounds:
            rounds[number] = {"round": number, "shoe": payload.get("shoe", shoe), "game": None,
                              "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq,
                              "last_seq": entry.seq, "cards": [], "outcome": None, "bets": [], "settlement": None,
                              "corrections": [], "alerts": [], "refused": [], "other": []}
            stakes[number] = {}
        record = rounds[number]
        record["last_seq"] = entry.seq
        body = {k: v for k, v in payload.items() if k != "round"}
        kind = entry.kind
        if isinstance(payload.get("bets"), list) and kind != "settlement":
            layouts[number] = payload["bets"]
        if payload.get("game") and not record["game"]:
            record["game"] = payload["game"]
        if kind == "round_start":
            record["game"] = payload.get("game")
            record["shoe"] = payload.get("shoe", record["shoe"])
            record["started"] = entry.time
        elif kind == "card_assigned":
            record["cards"].append({"card": payload.get("card"), "position": payload.get("position"),
                                    "seq": entry.seq})
        elif kind == "card_read":
            continue  # the card's place in the round is the card_assigned entry
        elif kind == "card_refused":
            record["refused"].append({"seq": entry.seq, **body})
        elif kind in BET_ADD or kind in BET_TAKE:
            key = (payload.get("seat"), payload.get("bet"))
            amount = _amount(payload.get("stake"))
            sign = 1 if kind in BET_ADD else -1
            stakes[number][key] = stakes[number].get(key, Decimal("0.00")) + sign * amount
        elif kind == "outcome":
            record["outcome"] = body
        elif kind == "settlement":
            record["settlement"] = body
            if record["status"] == "open":
                record["status"] = "settled"
        elif kind == "round_end":
            record["ended"] = entry.time
            if record["status"] in ("open", "settled"):
                record["status"] = "complete"
        elif kind == "correction":
            record["corrections"].append({"seq": entry.seq, **body})
            if payload.get("op") == "void_card" and record["cards"]:
                record["cards"].pop()
            elif payload.get("op") == "void" and payload.get("voided") in ("card", "deal"):  # blackjack
                taken = 1 if payload["voided"] == "card" else len(payload.get("cards") or ())
                del record["cards"][max(0, len(record["cards"]) - taken):]
            if payload.get("settlement_taken_back"):  # settled again when the round is played on
                record["settlement"], record["outcome"], record["ended"] = None, None, None
                record["status"] = "open"
            if payload.get("action") == "void_round" or payload.get("op") == "void_round":
                record["status"] = "voided"
            elif payload.get("action") == "void_settlement":
                record["settlement_voided"] = True
        elif kind == "alert":
            record["alerts"].append({"seq": entry.seq, **body})
        elif kind != "deal":
            record["other"].append({"seq": entry.seq, "kind": kind, **body})
    for number, record in rounds.items():
        record["bets"] = layouts.get(number) or [{"seat": seat, "bet": bet, "stake": str(amount)}
                                                 for (seat, bet), amount in stakes[number].items() if amount != 0]
    return list(rounds.values())


def _amount(value: Any) -> Decimal:
    try:
        return Decimal(str(value)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        return Decimal("0.00")


def rounds_to_csv(rounds: List[Dict[str, Any]]) -> str:
    """One row per settled bet (or per placed bet if the round was not settled, or one bare row)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for record in rounds:
        outcome = record.get("outcome") or {}
        base = {"round": record["round"], "shoe": record.get("shoe"), "game": record.get("game"),
                "started": record.get("started"), "ended": record.get("ended"), "status": record["status"],
                "cards": " ".join(str(c.get("card")) for c in record["cards"]),
                "winner": outcome.get("winner", "")}
        settled = (record.get("settlement") or {}).get("bets") or []
        lines = settled or record["bets"] or [{}]
        for line in lines:
            writer.writerow({**base, **{k: line.get(k, "") for k in ("seat", "bet", "stake", "result", "pays",
                                                                       "returns")}})
    return out.getvalue()


# --------------------------------------------------------------------------- show

def run_show(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import JournalError

    with _open(args.path) as journal:
        try:
            for entry in journal.entries(args.from_seq):
                emit_json(entry.to_dict())
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
        except BrokenPipeError:
            _quiet_stdout()
    return 0


def _quiet_stdout() -> None:
    """The reader (``| head``) went away: stop writing without a traceback at exit."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
