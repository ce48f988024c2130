"""The house rules a journal was recorded under, and the check that a restart or a replay keeps them.

A journal's operations are replayed from the rules configured now, so a
journal recorded under others would rebuild another table: settlements the
table never paid.  Its first ``shoe_start`` records the rules; these functions
write that record and compare it with the rules a table starts with.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.table.config import toml_value


class RulesMismatchError(ValueError):
    """A journal recorded under other house rules than the table now has."""

    def __init__(self, differences: list[str]) -> None:
        self.differences = differences
        burn = next((d for d in differences if d.startswith("shoe.burn:")), None)
        if burn is not None and len(differences) == 1:
            # ``run --no-burn`` changes this rule, not a config file: name the flag (QA: the README's camera
            # demo, then a plain ``run``, was told to use --config, and no config file had been given).
            super().__init__(
                "this journal was recorded without a burn (--no-burn): start with --no-burn, or give a new "
                "--journal PATH for a table that burns" if burn.endswith("now true") else
                "this journal was recorded with the burn, and --no-burn skips it: start without --no-burn, or "
                "give a new --journal PATH for a shoe already burned")
            return
        flag = "" if burn is None else ", with --no-burn" if burn.endswith("now true") else ", without --no-burn"
        super().__init__("this journal was recorded under other house rules (" + "; ".join(differences[:5])
                         + f"): start with the configuration it was recorded with (--config{flag}), or give a new "
                         "--journal PATH for a table with these rules")


#: Rules added after journals were first written, recorded only when not at their default: a journal written
#: before, which names none, still matches (a restart, a replay) a table that keeps the default.
ADDED_LATER = {"burn_cards": 0}


def rules_record(rules: Any) -> dict:
    """A table's rules (a frozen dataclass) as the journal keeps them: JSON, money as strings, a set
    as a sorted list (it was its Python repr, ``"frozenset({9, 10, 11})"``, no use to a JSON reader: QA)."""
    record = json.loads(json.dumps(asdict(rules), default=_json_value))
    return {k: v for k, v in record.items() if k not in ADDED_LATER or v != ADDED_LATER[k]}


def _json_value(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


#: How journals before the sets were lists recorded one (a blackjack table's ``double_totals``).
_SET_REPR = re.compile(r"frozenset\(\{?([\d, ]*)\}?\)")


def as_recorded_now(value: Any) -> Any:
    """A recorded rules value as :func:`rules_record` writes it today: a set an older journal wrote as
    its repr becomes the sorted list (those journals stay readable, and export JSON lists)."""
    if isinstance(value, dict):
        return {k: as_recorded_now(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_recorded_now(v) for v in value]
    if isinstance(value, str):
        match = _SET_REPR.fullmatch(value)
        if match is not None:
            return sorted(int(n) for n in re.findall(r"\d+", match.group(1)))
    return value


def check_rules(journal: Any, rules: Any, game: str) -> None:
    """Refuse to replay a journal recorded under other rules: the replay would rebuild another table.

    The comparison is with the rules recorded when the journal began (its first
    ``shoe_start``), limits included, because the replay *starts* from the
    configured rules.  Limits changed at the table since are journaled
    operations (``set_limits``, a supervisor's correction) that the replay
    applies on top, so a restart with the unchanged config file rebuilds the
    changed limits, and the next shoe keeps them.  Editing the limits in the
    config file of a running journal is refused like any other rule: it would
    be a limit change with no supervisor and no record; change them at the
    table (L), or start a new journal for the new file.

    A journal of another game is left to the game's own replay, which names the game."""
    for entry in journal.entries():
        recorded = entry.payload.get("rules")
        if entry.kind == "shoe_start" and isinstance(recorded, dict):
            if entry.payload.get("game") == game:
                compare_rules(recorded, rules)
            return


def _same_amount(a: Any, b: Any) -> bool:
    """Whether two recorded values are one amount of money written two ways ("1" and "1.00": the
    built-in chips and those a config file gives, through :func:`~dealer_assist.money.parse_money`)."""
    if not (isinstance(a, str) and isinstance(b, str)):
        return False
    try:
        return Decimal(a) == Decimal(b)
    except ArithmeticError:
        return False


def compare_rules(recorded: dict, rules: Any) -> None:
    """Raise :class:`RulesMismatchError` naming each rule where ``rules`` differ from the ``recorded`` ones."""
    differences: list[str] = []

    def keyed(v: Any) -> Any:
        """A list of (name, value) pairs (the limits' per-bet amounts) as a mapping, so that a
        difference is named "limits.maximum.tie", not "limits.maximum[2][1]"."""
        if isinstance(v, list) and v and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in v):
            return {p[0]: p[1] for p in v}
        return v

    def walk(a: Any, b: Any, path: str) -> None:
        a, b = keyed(a), keyed(b)
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                walk(a.get(key), b.get(key), f"{path}.{key}" if path else key)
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for n, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{path}[{n}]")
        elif a != b and not _same_amount(a, b):
            differences.append(f"{path}: recorded {as_written(a, path)}, now {as_written(b, path)}")

    walk(as_recorded_now(recorded), rules_record(rules), "")
    if differences:
        raise RulesMismatchError(differences)


def as_written(value: Any, path: str) -> str:
    """A recorded rules value as a config file writes it (``true``, ``"25"``), not as Python shows it (qaAG
    F12, qaAF F9: "recorded True, now False", "now None").  A rule absent from the record is its default
    when it is one of :data:`ADDED_LATER` (``burn_cards`` 0), else "not set"."""
    if value is None:
        return toml_value(ADDED_LATER[path]) if path in ADDED_LATER else "not set"
    return toml_value(value)


def replay_rules_of(recorded: Optional[dict], configured: Any, default: Any, read_back: Callable[[dict], Any],
                    refusal: Callable[[str], Exception]) -> Any:
    """The rules to replay a journal under (both games): those it ``recorded`` when it began, read
    back by ``read_back``.  A ``configured`` set must be those same rules: the settlements are
    worked out again as the operations replay, and under others they would show payments the table
    never made, or stop matching the record halfway.  A journal that recorded no rules is replayed
    under ``configured`` (or ``default``).  Raises ``refusal(message)`` naming the rules that differ."""
    if recorded is None:
        return configured or default
    if configured is not None:
        try:
            compare_rules(recorded, configured)
        except RulesMismatchError as exc:
            raise refusal("the journal was recorded under other house rules than the configuration's ("
                          + "; ".join(exc.differences[:5]) + "): replay it without --config, and the rules it "
                          "recorded are used") from None
        return configured
    return read_back(recorded)
