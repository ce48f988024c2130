"""``journal verify``, ``journal export`` and ``journal show``: the table journal from the command line.

``verify`` exits 0 only if the hash chain holds (1 if it does not, 2 if the
file cannot be read as a journal).  ``export`` groups the entries into rounds
by the ``"round"`` field of their payloads (the kinds are listed in
:mod:`dealer_assist.table.journal`) and prints one JSON object per round (and
one per blackjack deck check), or CSV with one row per bet.  It refuses a journal whose chain is broken unless
``--allow-broken`` is given, and then exports only the verified entries.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Optional

from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.money import InvalidAmountError, parse_money

BET_ADD = ("bet_placed",)
BET_TAKE = ("bet_removed", "bet_undone")
#: A round's own record, even while a deck check is open (written at recovery for a round already over).
ROUND_END_KINDS = ("outcome", "settlement", "round_end")
CSV_COLUMNS = ("round", "shoe", "game", "started", "ended", "status", "cards", "winner",
               "seat", "bet", "stake", "result", "pays", "returns", "commission", "hand")
#: The columns each bet's line fills (a blackjack line's ``hand``: which of a split seat's hands, from 0
#: as in the JSON export).
BET_COLUMNS = CSV_COLUMNS[CSV_COLUMNS.index("seat"):]


JOURNAL = "the journal file (the table's SQLite journal, e.g. as run --journal names it)"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("journal", help="check or export a table journal",
                              description="Check a table journal's hash chain, or export its rounds.")
    sub = p.add_subparsers(dest="journal_command", metavar="ACTION")
    p.set_defaults(func=lambda args: _missing_action(p))

    v = sub.add_parser("verify", help="check the hash chain; exit 0 only if it holds",
                       description="Check every entry of the journal against the hash chain and report the "
                                   "first bad entry (edited, deleted, reordered or inserted).")
    v.add_argument("path", metavar="PATH", help=JOURNAL)
    v.add_argument("--expect-head", metavar="HASH",
                   help="a head hash noted earlier (printed by verify): fail unless the journal still contains "
                        "it, which catches a rewrite of the whole file")
    v.add_argument("--json", action="store_true", help="print JSON only")
    v.set_defaults(func=run_verify)

    e = sub.add_parser("export", help="rounds, bets and payouts as JSON lines or CSV",
                       description="Export the journal's rounds: JSON prints one object per round as it "
                                   "finally stood (cards, outcome, bets, settlement), with its corrections and "
                                   "what they voided, and one per blackjack deck check (the cards counted back); "
                                   "CSV one row per bet.")
    e.add_argument("path", metavar="PATH", help=JOURNAL)
    e.add_argument("--format", choices=("json", "csv"), default="json",
                   help="json: one object per round (default); csv: one row per bet")
    e.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--allow-broken", action="store_true",
                   help="export the verified part of a journal whose chain does not hold")
    e.add_argument("--json", action="store_true", help="print JSON only (with --format csv: needs --out)")
    e.set_defaults(func=run_export)

    s = sub.add_parser("show", help="print the entries as JSON lines",
                       description="Print the journal's entries, one JSON object per line.")
    s.add_argument("path", metavar="PATH", help=JOURNAL)
    s.add_argument("--from", dest="from_seq", type=int, default=0, metavar="SEQ", help="start at entry SEQ")
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
        played = sum("round" in r for r in rounds)
        checks = len(rounds) - played
        if args.json:
            emit_json({"path": args.path, "out": args.out, "format": args.format, "rounds": played,
                       "deck_checks": checks, "entries": len(entries), "verified": report.ok})
        else:
            print(f"{played} rounds" + (f" and {checks} deck check{'s' * (checks > 1)}" if checks else "")
                  + f" from {len(entries)} entries written to {args.out}")
    else:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            _quiet_stdout()
    return 0


def _body(payload: dict) -> dict:
    """An entry's payload as an export lists it beside the entry's own ``seq``: without the round
    (the record's key), and with a card source's own frame number (an op's ``seq``) named
    ``source_seq``, so it cannot stand for the journal's."""
    body = {k: v for k, v in payload.items() if k != "round"}
    if "seq" in body:
        body["source_seq"] = body.pop("seq")
    return body


def rounds_from_entries(entries: Iterable[Any]) -> List[Dict[str, Any]]:
    """One dict per round, and one per blackjack deck check, in order of first appearance.

    A round is grouped from the entries carrying ``payload["round"]`` and shows
    the round as it finally stood: bets are the net of ``bet_placed`` minus
    ``bet_removed``/``bet_undone`` per seat and bet; a void takes its cards off
    ``cards`` into ``voided_cards`` and a settlement it took back (a card voided
    after the settlement, a round voided) out of ``settlement`` into
    ``voided_settlements``, each naming the correction (``voided_by``, its seq);
    the correction itself, with who and why, stays under ``corrections``.  A
    round voided as a misdeal is ``"voided"`` until it is dealt again under the
    same number.  The cards counted back at a blackjack deck check (from C to
    the new deck or back to play) make a record of their own, keyed
    ``deck_check``, not cards of the next round.  Kinds this export does not
    know are kept under ``other``.
    """
    records: Dict[Any, Dict[str, Any]] = {}  # by round number; deck checks by ("deck_check", n)
    stakes: Dict[Any, Dict[tuple, Decimal]] = {}
    layouts: Dict[Any, List[Dict[str, Any]]] = {}  # the whole layout, where the session wrote it
    shoe = None
    check: Optional[Dict[str, Any]] = None  # the deck check being counted
    receipts: List[Optional[Dict[str, Any]]] = []
    for entry in entries:
        payload = entry.payload
        kind, op = entry.kind, payload.get("op")
        if kind == "shoe_start":
            shoe = payload.get("shoe", shoe)
        if op == "deck_check" and check is None:
            check, receipts = _new_deck_check(sum(isinstance(key, tuple) for key in records) + 1, entry, shoe), []
            records[("deck_check", check["deck_check"])] = check
        number = payload.get("round")
        if check is not None and number is not None and kind not in ROUND_END_KINDS:
            _add_to_deck_check(check, receipts, entry)
            if op in ("resume", "new_deck"):
                check = None
            continue
        if number is None or isinstance(number, (dict, list)):
            continue
        if number not in records:
            records[number] = {"round": number, "shoe": payload.get("shoe", shoe), "game": None,
                               "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq,
                               "last_seq": entry.seq, "cards": [], "outcome": None, "bets": [], "settlement": None,
                               "corrections": [], "voided_cards": [], "voided_settlements": [], "alerts": [],
                               "refused": [], "other": []}
            stakes[number] = {}
        record = records[number]
        record["last_seq"] = entry.seq
        body = _body(payload)
        if isinstance(payload.get("bets"), list) and kind != "settlement":
            layouts[number] = payload["bets"]
        if payload.get("game") and not record["game"]:
            record["game"] = payload["game"]
        if kind in ("card_assigned", "deal") and record["status"] == "voided":
            record["status"] = "open"  # the misdeal is dealt again under the same number
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
            if amount is None:  # kept whole, and named, rather than counted as nothing
                record["other"].append({"seq": entry.seq, "kind": kind, **body,
                                        "problem": f"stake {payload.get('stake')!r} cannot be read as money"})
                continue
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
            _apply_correction(record, payload, entry.seq)
        elif kind == "alert":
            record["alerts"].append({"seq": entry.seq, **body})
        elif kind != "deal":
            record["other"].append({"seq": entry.seq, "kind": kind, **body})
    for number, record in records.items():
        if "round" in record:
            record["bets"] = layouts.get(number) or [{"seat": seat, "bet": bet, "stake": str(amount)}
                                                     for (seat, bet), amount in stakes[number].items() if amount != 0]
    return list(records.values())


def _apply_correction(record: Dict[str, Any], payload: Dict[str, Any], seq: int) -> None:
    """What a correction took back from a round (the correction itself is already listed)."""
    op = payload.get("op")
    if op == "void_round" or payload.get("action") == "void_round":  # a misdeal; older journals: action only
        _void_cards(record, len(record["cards"]), seq)
        _take_back_settlement(record, seq)
        record["status"] = "voided"
    elif op == "void_card":  # baccarat: the last card; after the settlement it takes that back too
        _void_cards(record, 1, seq)
        _take_back_settlement(record, seq)
    elif op == "void" and payload.get("voided") in ("card", "deal"):  # blackjack
        _void_cards(record, 1 if payload["voided"] == "card" else len(payload.get("cards") or ()), seq)
    elif payload.get("action") == "void_settlement":
        record["settlement_voided"] = True
    if payload.get("settlement_taken_back"):  # settled again when the round is played on
        _take_back_settlement(record, seq)


def _void_cards(record: Dict[str, Any], count: int, seq: int) -> None:
    taken = record["cards"][max(0, len(record["cards"]) - count):]
    del record["cards"][len(record["cards"]) - len(taken):]
    record["voided_cards"].extend({**card, "voided_by": seq} for card in taken)


def _take_back_settlement(record: Dict[str, Any], seq: int) -> None:
    """The round is open again: a settlement it had is kept under ``voided_settlements``."""
    if record["settlement"] is not None:
        record["voided_settlements"].append({**record["settlement"], "voided_by": seq})
    record["settlement"], record["outcome"], record["ended"] = None, None, None
    if record["status"] != "voided":
        record["status"] = "open"


def _new_deck_check(number: int, entry: Any, shoe: Any) -> Dict[str, Any]:
    payload = entry.payload
    return {"deck_check": number, "shoe": payload.get("shoe", shoe), "game": payload.get("game"),
            "started": entry.time, "ended": None, "status": "open", "first_seq": entry.seq, "last_seq": entry.seq,
            "cards": [], "stub": None, "voided_cards": [], "corrections": [], "new_deck": None, "alerts": [],
            "refused": [], "other": []}


def _add_to_deck_check(check: Dict[str, Any], receipts: List[Optional[Dict[str, Any]]], entry: Any) -> None:
    """One entry of an open deck check: a card counted back, the stub, a counted card taken back, the end.

    ``receipts`` is the order things were counted in (a card, or ``None`` for
    the stub), because taking back a counted card takes the last one."""
    payload, kind, op = entry.payload, entry.kind, entry.payload.get("op")
    body = _body(payload)
    check["last_seq"] = entry.seq
    if kind == "card_assigned":
        card = {"card": payload.get("card"), "seq": entry.seq}
        check["cards"].append(card)
        receipts.append(card)
    elif op == "return_stub":
        check["stub"] = {"seq": entry.seq, "time": entry.time}
        receipts.append(None)
    elif kind == "correction":
        check["corrections"].append({"seq": entry.seq, **body})
        if op == "void_return":
            last = receipts[-1] if receipts else None
            if last is not None and last["card"] == payload.get("card"):
                receipts.pop()
                check["cards"].remove(last)
                check["voided_cards"].append({**last, "voided_by": entry.seq})
            else:  # one of the stub's cards (counted all at once, so no entry of its own)
                check["voided_cards"].append({"card": payload.get("card"), "seq": None, "from": "stub",
                                              "voided_by": entry.seq})
    elif kind == "card_refused":
        check["refused"].append({"seq": entry.seq, **body})
    elif kind == "card_read":
        return  # the count is the card_assigned entry
    elif kind == "alert":
        check["alerts"].append({"seq": entry.seq, **body})
    elif op in ("resume", "new_deck"):
        check["ended"] = entry.time
        check["status"] = "resumed" if op == "resume" else "new_deck"
        if op == "new_deck":  # with a supervisor's override when cards were missing
            check["new_deck"] = {"seq": entry.seq, **body}
    elif op != "deck_check":
        check["other"].append({"seq": entry.seq, "kind": kind, **body})


def _amount(value: Any) -> Optional[Decimal]:
    """A recorded stake, or None when it cannot be read as money (the table writes "10.00")."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    try:
        return parse_money(str(value))
    except InvalidAmountError:
        return None


def rounds_to_csv(rounds: List[Dict[str, Any]]) -> str:
    """One row per settled bet (or per placed bet if the round was not settled, or one bare row).

    A deck check has no bet and no money: it is in the JSON export only."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for record in rounds:
        if "round" not in record:
            continue
        outcome = record.get("outcome") or {}
        base = {"round": record["round"], "shoe": record.get("shoe"), "game": record.get("game"),
                "started": record.get("started"), "ended": record.get("ended"), "status": record["status"],
                "cards": " ".join(str(c.get("card")) for c in record["cards"]),
                "winner": outcome.get("winner", "")}
        settled = (record.get("settlement") or {}).get("bets") or []
        lines = settled or record["bets"] or [{}]
        for line in lines:
            writer.writerow({**base, **{k: line.get(k, "") for k in BET_COLUMNS}})
    return out.getvalue()


# --------------------------------------------------------------------------- show

def run_show(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import JournalError

    with _open(args.path) as journal:
        try:
            for entry in journal.entries(args.from_seq):
                emit_json(entry.to_dict())
            report = journal.verify()
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
        except BrokenPipeError:
            _quiet_stdout()
            return 0
    if not report.ok:  # shown as stored, but a reader must not take it for the record
        sys.stderr.write(f"dealer-assist: warning: journal {args.path} is BROKEN at entry {report.first_bad_seq} "
                         f"({report.problem}): the entries from there on are not the record; "
                         f"'dealer-assist journal verify {args.path}' says more\n")
        return 1
    return 0


def _quiet_stdout() -> None:
    """The reader (``| head``) went away: stop writing without a traceback at exit."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
