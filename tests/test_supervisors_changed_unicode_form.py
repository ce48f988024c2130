"""SUPERVISORS CHANGED? at the first supervised start on a journal from before rosters were recorded compares
the journal's signers with the roster as the roster tells names apart (any case, any Unicode form): a roster
saved on a Mac, "Zoë" decomposed (NFD), had raised it for the very supervisor who signed the corrections."""

from __future__ import annotations

import unicodedata

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.rules_record import rules_record
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

RULES = TableRules(shoe=ShoeRules(burn=False))
ZOE = "Zo\u00eb"  # NFC: ë one code point
PIN = hash_pin("4821", n=2 ** 10)


def old_journal(path, *signed_by: str) -> None:
    """As a release before rosters wrote it: no roster entry, corrections signed by ``signed_by``."""
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"op": None, "game": "baccarat", "shoe": 1, "decks": 8,
                                      "rules": rules_record(RULES)})
        for name in signed_by:
            journal.append("correction", {"recovered": "journal_continue", "correction": {
                "supervisor": name, "action": "journal_continue", "target": {}, "reason": "disk", "time": "t"}})


def alerts(path, *names: str) -> list:
    roster = SupervisorRoster([Supervisor(n, PIN) for n in names])
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster, odds=False)
    try:
        return [a for a in session.snapshot.alerts if a.title == "SUPERVISORS CHANGED?"]
    finally:
        session.close()


@pytest.mark.parametrize("signed, given", [(ZOE, unicodedata.normalize("NFD", ZOE)),
                                           (unicodedata.normalize("NFD", ZOE), ZOE),
                                           (ZOE, "zo\u00eb")])
def test_the_same_supervisor_in_another_form_is_no_change(tmp_path, signed, given):
    assert signed != given
    old_journal(tmp_path / "old.sqlite", signed)
    assert alerts(tmp_path / "old.sqlite", given) == []


def test_another_supervisor_is_still_named_once_whatever_forms_signed(tmp_path):
    old_journal(tmp_path / "old.sqlite", ZOE, unicodedata.normalize("NFD", ZOE), "Ana")
    (alert,) = alerts(tmp_path / "old.sqlite", "ana")
    assert "signed by Zo" in alert.text and alert.text.count("Zo") == 1 and "Ana," not in alert.text
    assert "(ana)" in alert.text
