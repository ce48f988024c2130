"""A supervisor's name typed in another case counts toward their lockout, across restarts too (qaAG F20, High).

The roster matches names regardless of case ("ana" is "Ana"), but a wrong PIN under "ana" was journaled as a name
not on the roster, so no restart, run of ``supervisor roster`` or of ``journal recover`` ever put it back: a
script had unlimited tries at a 4-digit PIN.  And the refusal gave back the roster's spelling, telling a guesser
which names are supervisors."""

from __future__ import annotations

from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_roster_record import ANA, ME, RULES, broken_journal, config_file, entries, roster, run_cli, settled_round


def test_wrong_pins_under_another_case_lock_the_supervisor_out_after_a_restart(tmp_path):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ANA), odds=False)
    said = [session.void_last_card(name, "9999", "test") for name in ("ana", "ANA", "aNa")]
    assert "locked for" in said[-1]
    assert all("'Ana'" not in s for s in said) and "'ana'" in said[0]  # the name as typed, not the roster's
    session.close()
    assert [e.payload["supervisor"] for e in entries(path) if e.kind == "pin_refused"] == ["Ana"] * 3
    again = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ANA), odds=False)
    assert "locked out" in again.void_last_card("ana", "4821", "test")  # the right PIN, but still locked
    again.close()


def test_supervisor_roster_counts_a_wrong_pin_in_any_case_from_run_to_run(tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    new = config_file(tmp_path, "new.toml", ANA, ME)
    left = []
    for _ in range(3):
        code, _, err = run_cli(capsys, monkeypatch, "5678", "supervisor", "roster", str(path), "--config", str(new),
                               "--supervisor", "ANA", "--reason", "x")
        assert code == 1
        left.append(err)
    assert "2 more tries" in left[0] and "1 more try" in left[1] and "locked for" in left[2]
    code, _, err = run_cli(capsys, monkeypatch, "4821", "supervisor", "roster", str(path), "--config", str(new),
                           "--supervisor", "ana", "--reason", "x")
    assert code == 1 and "locked out" in err  # the right PIN too, while locked


def test_journal_recover_keeps_a_wrong_pin_in_any_case_for_the_next_run(tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    broken_journal(path)
    said = []
    for _ in range(3):
        code, _, err = run_cli(capsys, monkeypatch, "9999", "journal", "recover", str(path), "--continue",
                               "--supervisor", "ana", "--reason", "x")
        assert code == 1
        said.append(err)
    assert "2 more tries" in said[0] and "1 more try" in said[1] and "locked for" in said[2]
    assert (tmp_path / "j.sqlite.pin-tries").exists()
