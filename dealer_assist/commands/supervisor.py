"""``dealer-assist supervisor hash``: turn a supervisor's PIN into the salted hash the config file keeps;
``supervisor roster``: one of a journal's recorded supervisors approves a new list (see
:mod:`dealer_assist.table.roster_record`)."""

from __future__ import annotations

import argparse
import getpass
import json
import sys

from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.commands.terminal_text import fits


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("supervisor", help="supervisor PINs for corrections",
                              description="Supervisor PINs are stored only as salted scrypt hashes.")
    sub = p.add_subparsers(dest="supervisor_command", metavar="ACTION")
    h = sub.add_parser("hash", help="print a [[supervisors]] entry for the config file",
                       description="Asks for the PIN twice (or reads one line from stdin when it is not a "
                                   "terminal) and prints the TOML entry to paste into the config file.")
    h.add_argument("name", help="the supervisor's name, as shown on corrections")
    h.add_argument("--json", action="store_true", help="print JSON only")
    h.set_defaults(func=run_hash)
    r = sub.add_parser("roster", help="approve a new list of supervisors for a table's journal",
                       description="A table's journal keeps the supervisors it answers to, and a restart with "
                                   "others is refused. One of the recorded supervisors approves the configuration's "
                                   "list here with name, PIN (asked, or one line on stdin) and reason; the new list "
                                   "and the approval are journaled, and the table then starts with that "
                                   "configuration. A configuration with no [[supervisors]] ends the PIN control. "
                                   "A wrong PIN counts toward the supervisor's lockout, as at the table. The table "
                                   "must be stopped (its journal is locked while it runs).")
    r.add_argument("path", metavar="JOURNAL", help="the table's journal file")
    r.add_argument("--config", required=True, metavar="FILE", help="the configuration (TOML) with the new [[supervisors]]")
    r.add_argument("--supervisor", required=True, metavar="NAME", help="a supervisor the journal records, who approves")
    r.add_argument("--reason", required=True, metavar="TEXT", help="why (it goes into the journal)")
    r.add_argument("--json", action="store_true", help="print JSON only")
    r.set_defaults(func=run_roster)


def run_hash(args: argparse.Namespace) -> int:
    from dealer_assist.table.supervisor import SupervisorError, hash_pin

    if not args.name.strip() or args.name != args.name.strip() or not args.name.isprintable():
        raise CommandError(f"supervisor name {args.name!r} must be printable, with no space at either end")

    if sys.stdin.isatty():
        pin = getpass.getpass("PIN (4-12 digits): ")
        if getpass.getpass("again: ") != pin:
            raise CommandError("the two PINs differ; nothing was written")
    else:
        pin = sys.stdin.readline().strip()
    try:
        digest = hash_pin(pin)
    except SupervisorError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        emit_json({"name": args.name, "pin_hash": digest})
    else:
        print(f'[[supervisors]]\nname = {_toml_string(args.name)}\npin_hash = "{digest}"')
    return 0


def _toml_string(name: str) -> str:
    """``name`` as a TOML basic string (a JSON string: a quote or a backslash in it stays inside), escaped
    (``\\u00e9``, ``\\U0001f600``) where stdout cannot write a character: an ASCII terminal's "Chloe" was not the
    supervisor's name."""
    text = json.dumps(name, ensure_ascii=False)
    if fits(text):
        return text
    return "".join(ch if fits(ch) else f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"
                   for ch in text)


def run_roster(args: argparse.Namespace) -> int:
    from dealer_assist.table.config import ConfigError, load_config
    from dealer_assist.table.journal import Journal, JournalError
    from dealer_assist.table.roster_record import (KIND, recorded_roster, refused_pin, restore_lockouts,
                                                   roster_entries, same_roster)
    from dealer_assist.table.supervisor import SupervisorError, SupervisorRoster, WrongPinError

    try:
        wanted = roster_entries(load_config(args.config).roster())
    except (ConfigError, SupervisorError) as exc:
        raise CommandError(str(exc), 2) from None
    try:
        journal = Journal.open(args.path, create=False)
    except JournalError as exc:
        raise CommandError(str(exc), 2) from None
    with journal:
        recorded = recorded_roster(journal)
        if recorded is None:
            raise CommandError(f"journal {args.path} records no supervisors: the table takes the configuration's "
                               "at its next start, with nothing to approve; the journal was not changed", 1)
        if same_roster(wanted, recorded):  # names in another case or Unicode form are the same people
            raise CommandError(f"journal {args.path} already answers to these supervisors "
                               f"({', '.join(s['name'] for s in recorded)}); the journal was not changed", 1)
        roster = SupervisorRoster.from_config({"supervisors": recorded})
        restore_lockouts(journal, roster)
        pin = _pin()
        if not pin:
            raise CommandError(f"no PIN was given for supervisor {args.supervisor!r} (no try was counted); "
                               "the supervisors were not changed", 1)
        target = {"journal": args.path, "was": [s["name"] for s in recorded],
                  "now": [s["name"] for s in wanted] if wanted else None}
        try:
            correction = roster.authorize(args.supervisor, pin, "change_roster", target, args.reason).to_payload()
        except WrongPinError as exc:
            journal.append("pin_refused", refused_pin(roster, args.supervisor, exc, "change_roster"))
            raise CommandError(f"{exc}; the supervisors were not changed", 1) from None
        except SupervisorError as exc:
            raise CommandError(f"{exc}; the supervisors were not changed", 1) from None
        entry = journal.append(KIND, {"supervisors": wanted, "correction": correction})
    now = ", ".join(target["now"]) if wanted else "none: corrections need no PIN"
    if args.json:
        emit_json({"path": args.path, "was": target["was"], "now": target["now"], "approved_by": correction["supervisor"],
                   "seq": entry.seq})
    else:
        print(f"journal {args.path}: supervisors now {now} (approved by {correction['supervisor']}, entry {entry.seq}); "
              f"start the table with {args.config}")
    return 0


def _pin() -> str:
    return getpass.getpass("PIN: ") if sys.stdin.isatty() else sys.stdin.readline().strip()
