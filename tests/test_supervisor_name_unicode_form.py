"""A supervisor's name in another Unicode form is the same supervisor (qaAK F6).

Names already matched regardless of case, but "Zoë Müller" decomposed (NFD: e + combining diaeresis, as a
macOS file name or mail gives it) was refused as a wrong PIN and journaled as "(a name not on the roster, 12
characters)": the right PIN did not work, and wrong ones under that spelling counted toward no lockout.
"""

from __future__ import annotations

import unicodedata

from dealer_assist.table.journal import Journal
from dealer_assist.table.roster_record import RosterMismatchError, roster_to_use
from dealer_assist.table.session import TableSession
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
from test_roster_record import ANA, ME, RULES, config_file, entries, roster, run_cli, settled_round

ZOE = Supervisor("Zoë Müller", hash_pin("1234", n=2 ** 10))
NFD = unicodedata.normalize("NFD", "zoë müller")


def test_the_name_typed_decomposed_is_the_rosters_supervisor():
    assert NFD != "zoë müller" and len(NFD) == 12
    board = roster(ZOE, ANA)
    assert board.check(NFD, "1234").name == "Zoë Müller"
    assert board.authorize(NFD, "1234", "void_card", {}, "x").supervisor == "Zoë Müller"


def test_supervisor_roster_takes_the_decomposed_name_with_the_right_pin(tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ZOE))
    new = config_file(tmp_path, "new.toml", ZOE, ME)
    code, out, err = run_cli(capsys, monkeypatch, "1234", "supervisor", "roster", str(path), "--config", str(new),
                             "--supervisor", NFD, "--reason", "x")
    assert code == 0, err
    assert "approved by Zoë Müller" in out
    assert [e.kind for e in entries(path)].count("pin_refused") == 0


def test_wrong_pins_under_the_decomposed_name_count_under_the_rosters_spelling(tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ZOE))
    new = config_file(tmp_path, "new.toml", ZOE, ME)
    said = []
    for _ in range(3):
        code, _, err = run_cli(capsys, monkeypatch, "9999", "supervisor", "roster", str(path), "--config", str(new),
                               "--supervisor", NFD, "--reason", "x")
        assert code == 1
        said.append(err)
    assert "2 more tries" in said[0] and "1 more try" in said[1] and "locked for" in said[2]
    assert [e.payload["supervisor"] for e in entries(path) if e.kind == "pin_refused"] == ["Zoë Müller"] * 3
    # The lockout holds at the table, under the composed spelling too, after a restart.
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ZOE), odds=False)
    assert "locked out" in session.void_last_card("Zoë Müller", "1234", "test")
    session.close()


def test_a_lockout_kept_under_another_form_is_put_back_for_the_supervisor(tmp_path):
    """An older journal's pin_refused in another form (or a roster written in NFD) still locks that person out."""
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ZOE))
    with Journal.open(path) as journal:
        journal.append("pin_refused", {"supervisor": unicodedata.normalize("NFD", "Zoë Müller"), "failures": 3,
                                       "locked_for": 3600.0, "action": "void_card"})
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ZOE), odds=False)
    assert "locked out" in session.void_last_card("Zoë Müller", "1234", "test")
    session.close()


def test_a_configuration_saved_in_another_form_is_the_same_roster(tmp_path):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ZOE))
    decomposed = Supervisor(unicodedata.normalize("NFD", ZOE.name), ZOE.pin_hash)
    with Journal.open(path) as journal:
        used, unrecorded = roster_to_use(journal, SupervisorRoster([decomposed]))
    assert not unrecorded and used.names == ["Zoë Müller"]   # signed as the journal recorded the name
    other_pin = Supervisor(decomposed.name, hash_pin("5555", n=2 ** 10))
    with Journal.open(path) as journal:
        try:
            roster_to_use(journal, SupervisorRoster([other_pin]))
        except RosterMismatchError as exc:
            assert "gives Zoë Müller another PIN" in str(exc)
        else:
            raise AssertionError("another PIN was taken for the recorded one")


def test_one_name_in_two_forms_is_listed_twice(tmp_path):
    from dealer_assist.table.supervisor import PinHashError

    config = {"supervisors": [ZOE.to_dict(), {"name": unicodedata.normalize("NFD", ZOE.name),
                                              "pin_hash": ZOE.pin_hash}]}
    try:
        SupervisorRoster.from_config(config)
    except PinHashError as exc:
        assert "listed twice" in str(exc)
    else:
        raise AssertionError("two entries of one name were taken")
