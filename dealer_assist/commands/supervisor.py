"""``dealer-assist supervisor hash``: turn a supervisor's PIN into the salted hash the config file keeps."""

from __future__ import annotations

import argparse
import getpass
import json
import sys

from dealer_assist.commands.output import CommandError, emit_json


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
        # A TOML basic string is a JSON string: a quote or a backslash in the name stays inside it.
        print(f'[[supervisors]]\nname = {json.dumps(args.name, ensure_ascii=False)}\npin_hash = "{digest}"')
    return 0
