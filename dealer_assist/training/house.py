"""The house rules a session is drilled on, as the "House rule:" lines stored with its result.

An answer right at one table is wrong at another (an EZ table's Banker pays 1 to 1, a 6:5 table's
blackjack pays less), so a pass means something only with the rules it was taken under.  The lines
name what differs from the defaults (no line: the standard table) and are the record itself: the
same rules give the same lines, so two exams are compared by their lines, and a school's
``train --progress --config`` can tell a pass at its own table from one at another.

Only the rules a drill's answers turn on count for it (:func:`for_drills`): the tableau is the same
at every baccarat table, and a baccarat paytable is nothing to a blackjack dealer, so an EZ paytable
had made a third-card exam "below the standard" at the default table (qaP F12).  The payouts drill
uses the paytable and the blackjack payout rules; the blackjack dealer drill the soft 17, split and
double rules; the third-card and calling drills none.  The number of decks changes no answer.
"""

from __future__ import annotations

from typing import Optional

from dealer_assist.baccarat.paytable import Paytable
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.training.payouts import STANDARD, house_lines

#: The baccarat shoe's decks without a config (the simulated shoe's).
DECKS = 8


def house_rules(paytable: Paytable = STANDARD, blackjack: Optional[HouseRules] = None,
                decks: int = DECKS) -> tuple[str, ...]:
    """What differs from the default table, one ``House rule: ...`` line each; () for the defaults."""
    lines = list(house_lines(paytable))
    if decks != DECKS:
        lines.append(f"House rule: a {decks}-deck baccarat shoe")
    if blackjack is not None:
        lines.extend(f"House rule: blackjack, {mine}"
                     for mine, default in zip(blackjack.describe(), HouseRules().describe()) if mine != default)
    return tuple(lines)


def short(lines) -> str:
    """The lines as one phrase for a listing: ``Banker pays 1 to 1 (no commission); ...``."""
    return "; ".join(line.removeprefix("House rule: ") for line in lines) or "the standard table"


#: Words of a blackjack rule line (see :meth:`HouseRules.describe`) and the drills whose answers turn on it.
_BLACKJACK_USES = (("soft 17", "blackjack-dealer"), ("17s", "blackjack-dealer"), ("split", "blackjack-dealer"),
                   ("double", "blackjack-dealer"), ("ties", "payouts"), ("dealer blackjack takes", "payouts"),
                   ("blackjack pays", "payouts"))


def used_by(line: str) -> frozenset[str]:
    """The drills whose right answers depend on one ``House rule:`` line (empty: none, the decks)."""
    rule = line.removeprefix("House rule: ")
    if rule.startswith("blackjack, "):
        rule = rule.removeprefix("blackjack, ")
        return frozenset(drill for words, drill in _BLACKJACK_USES if words in rule)
    if rule.endswith("-deck baccarat shoe"):
        return frozenset()
    return frozenset({"payouts"})  # the baccarat paytable's lines


def drill_names(label: object) -> Optional[frozenset[str]]:
    """The drills of a stored session's ``drill`` label (``third-card,payouts``, ``mixed``); None when it
    names one this version does not know: all its rules are then kept."""
    from dealer_assist.training.session import DrillNameError, parse_drills

    try:
        return frozenset(parse_drills(str(label)))
    except DrillNameError:
        return None


def for_drills(lines, drills) -> tuple[str, ...]:
    """The lines of ``lines`` that ``drills`` (names, or None: every drill) use."""
    lines = tuple(lines)
    if drills is None:
        return lines
    wanted = set(drills)
    return tuple(line for line in lines if used_by(line) & wanted)
