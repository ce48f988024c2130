"""A table's journal keeps the supervisors it answers to (QA: a restart without the config's roster, or with a
roster of the croupier's own, had made every void the croupier's alone, with no PIN and no lockout)."""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.roster_record import RosterMismatchError, recorded_roster
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

ANA = Supervisor("Ana", hash_pin("4821", n=2 ** 10))
ME = Supervisor("Me", hash_pin("1111", n=2 ** 10))
RULES = TableRules(shoe=ShoeRules(burn=False))


def roster(*supervisors: Supervisor) -> SupervisorRoster:
    return SupervisorRoster(list(supervisors))


def settled_round(path, supervisors) -> None:
    session = TableSession(RULES, journal=Journal.open(path), supervisors=supervisors, odds=False)
    session.place(1, Bet.PLAYER, Decimal("500"))
    session.deal()
    for code in ["2S", "3H", "4D", "4C", "9S", "KD"]:
        session.enter_card(code)
    session.close()


def entries(path) -> list:
    with Journal.open(path, readonly=True) as journal:
        return list(journal.entries())


def run_cli(capsys, monkeypatch, pin, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(pin + "\n"))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def config_file(tmp_path, name, *supervisors: Supervisor):
    path = tmp_path / name
    path.write_text("".join(f'[[supervisors]]\nname = "{s.name}"\npin_hash = "{s.pin_hash}"\n' for s in supervisors))
    return path


def test_a_restart_without_the_roster_answers_to_the_recorded_supervisors_and_keeps_the_lockout(tmp_path):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    first = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ANA), odds=False)
    for pin in ("1", "2", "3"):
        assert "wrong PIN" in first.void_last_card("Ana", pin, "guess")
    first.close()
    again = TableSession(RULES, journal=Journal.open(path), supervisors=None, odds=False)  # run --journal J alone
    dealt = again.state.round.cards
    assert again.needs_supervisor
    assert "supervisor must give their name and PIN" in again.void_last_card("", "", "changed my mind")
    assert "locked out" in again.void_last_card("Ana", "4821", "changed my mind")
    assert again.state.round.cards == dealt  # nothing taken back
    again.close()
    kinds = [e.kind for e in entries(path)]
    assert kinds.count("roster") == 1 and "correction" not in kinds


def test_a_restart_with_a_roster_of_the_croupiers_own_is_refused_and_writes_nothing(tmp_path):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    before = entries(path)
    for other in (roster(ME), roster(ANA, ME), roster(Supervisor("Ana", hash_pin("4821", n=2 ** 10)))):
        with pytest.raises(RosterMismatchError, match="answers to the supervisors Ana.*supervisor roster JOURNAL"):
            TableSession(RULES, journal=Journal.open(path), supervisors=other, odds=False)
    assert [e.hash for e in entries(path)] == [e.hash for e in before]


def test_a_blackjack_table_keeps_its_supervisors_too(tmp_path):
    path = tmp_path / "bj.sqlite"
    BlackjackSession(journal=Journal.open(path), roster=roster(ANA)).close()
    with pytest.raises(RosterMismatchError):
        BlackjackSession(journal=Journal.open(path), roster=roster(ME))
    again = BlackjackSession(journal=Journal.open(path), roster=None)
    assert again.needs_supervisor
    again.close()


def test_a_recorded_supervisor_approves_a_new_roster_and_a_wrong_pin_counts_toward_the_lockout(
        tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    new = config_file(tmp_path, "new.toml", ANA, ME)
    code, _, err = run_cli(capsys, monkeypatch, "1111", "supervisor", "roster", str(path), "--config", str(new),
                           "--supervisor", "Me", "--reason", "new shift")
    assert code == 1 and "wrong PIN" in err and "not changed" in err
    assert recorded_roster(Journal.open(path, readonly=True)) == [ANA.to_dict()]
    assert entries(path)[-1].kind == "pin_refused"
    code, out, _ = run_cli(capsys, monkeypatch, "4821", "supervisor", "roster", str(path), "--config", str(new),
                           "--supervisor", "Ana", "--reason", "new shift", "--json")
    result = json.loads(out)
    assert code == 0 and result["was"] == ["Ana"] and result["now"] == ["Ana", "Me"] and result["approved_by"] == "Ana"
    last = entries(path)[-1]
    assert last.kind == "roster" and last.payload["correction"]["action"] == "change_roster"
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ANA, ME), odds=False)
    assert session.void_last_card("Me", "1111", "misdealt") is None  # the new supervisor signs
    session.close()
    with pytest.raises(RosterMismatchError):
        TableSession(RULES, journal=Journal.open(path), supervisors=roster(ANA), odds=False)
    code, _, err = run_cli(capsys, monkeypatch, "4821", "supervisor", "roster", str(path), "--config", str(new),
                           "--supervisor", "Ana", "--reason", "again")
    assert code == 1 and "already answers" in err


def test_the_display_refuses_to_start_on_a_journal_of_other_supervisors(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    mine = config_file(tmp_path, "mine.toml", ME)
    code = main(["run", "--config", str(mine), "--journal", str(path), "--quit-after", "1", "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert code == 3 and "answers to the supervisors Ana" in lines[-1]["error"]


def broken_journal(path) -> None:
    """A journal of Ana's table whose last entry was edited behind its hash chain: only a recover opens it."""
    import sqlite3

    settled_round(path, roster(ANA))
    with Journal.open(path) as journal:
        journal.append("alert", {"code": "X"})
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("UPDATE entries SET payload = '{\"code\": \"Y\"}' WHERE seq = (SELECT max(seq) FROM entries)")
    conn.close()


def test_a_broken_journal_is_recovered_only_by_its_recorded_supervisors_and_the_new_one_keeps_them(
        tmp_path, capsys, monkeypatch):
    path = tmp_path / "j.sqlite"
    broken_journal(path)
    mine = config_file(tmp_path, "mine.toml", ME)
    code, _, err = run_cli(capsys, monkeypatch, "1111", "journal", "recover", str(path), "--new", "--supervisor", "Me",
                           "--reason", "x", "--config", str(mine))
    assert code == 1 and "wrong PIN" in err
    code, _, _ = run_cli(capsys, monkeypatch, "", "journal", "recover", str(path), "--new", "--supervisor", "Me",
                         "--reason", "x")
    assert code == 1  # no config: still Ana's PIN, not a croupier's decision
    code, _, _ = run_cli(capsys, monkeypatch, "4821", "journal", "recover", str(path), "--new", "--supervisor", "Ana",
                         "--reason", "disk fault")
    assert code == 0
    assert recorded_roster(Journal.open(path, readonly=True)) == [ANA.to_dict()]
    with pytest.raises(RosterMismatchError):
        TableSession(RULES, journal=Journal.open(path), supervisors=roster(ME), odds=False)


def test_a_config_with_supervisors_an_empty_list_is_refused(tmp_path):
    """QA: ``supervisors = []`` was recorded as a roster of no one: every correction needed a PIN nobody has."""
    from dealer_assist.table.config import ConfigError, load_config

    path = tmp_path / "empty.toml"
    path.write_text("supervisors = []\n")
    with pytest.raises(ConfigError, match=r"supervisors = \[\] names no supervisor"):
        load_config(path)
    session = TableSession(RULES, journal=Journal.open(tmp_path / "j.sqlite"), supervisors=roster(), odds=False)
    assert not session.needs_supervisor and recorded_roster(Journal.open(tmp_path / "j.sqlite", readonly=True)) is None
    session.close()


def test_a_lockout_runs_from_the_refused_pin_across_runs_of_the_approval(tmp_path, capsys, monkeypatch):
    """QA: each run of ``supervisor roster`` put the whole lockout back from its own start: it never ended."""
    import time as clock

    path = tmp_path / "j.sqlite"
    settled_round(path, roster(ANA))
    new = config_file(tmp_path, "new.toml", ANA, ME)
    for _ in range(3):
        code, _, err = run_cli(capsys, monkeypatch, "0000", "supervisor", "roster", str(path), "--config", str(new),
                               "--supervisor", "Ana", "--reason", "new shift")
    assert code == 1 and "locked" in err
    later = clock.time() + 31
    monkeypatch.setattr("dealer_assist.table.roster_record.time.time", lambda: later)
    code, _, err = run_cli(capsys, monkeypatch, "4821", "supervisor", "roster", str(path), "--config", str(new),
                           "--supervisor", "Ana", "--reason", "new shift")
    assert code == 0, err


def broken_head(path) -> None:
    """A journal of Ana's table whose first entry was edited: its roster entry lies past the break."""
    import sqlite3

    settled_round(path, roster(ANA))
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("UPDATE entries SET payload = replace(payload, 'baccarat', 'baccarax') WHERE seq = 1")
    conn.close()


def test_recover_asks_the_recorded_supervisor_though_the_break_comes_before_the_roster(tmp_path, capsys, monkeypatch):
    """QA: with entry 1 edited, no entry verified, so none named the supervisors: recover --new asked no PIN."""
    path = tmp_path / "j.sqlite"
    broken_head(path)
    mine = config_file(tmp_path, "mine.toml", ME)
    code, _, err = run_cli(capsys, monkeypatch, "1111", "journal", "recover", str(path), "--new", "--supervisor", "Me",
                           "--reason", "x", "--config", str(mine))
    assert code == 1 and "PIN" in err
    code, _, err = run_cli(capsys, monkeypatch, "", "journal", "recover", str(path), "--new", "--supervisor", "Me",
                           "--reason", "x")
    assert code == 1


def test_recover_keeps_the_count_of_wrong_pins_across_its_runs(tmp_path, capsys, monkeypatch):
    """QA: each run had three fresh tries, and Ana's lockout at the table was not applied: all 4-digit PINs
    could be tried in two hours."""
    path = tmp_path / "j.sqlite"
    broken_head(path)
    for n in range(3):
        code, _, err = run_cli(capsys, monkeypatch, "0000", "journal", "recover", str(path), "--new",
                               "--supervisor", "Ana", "--reason", "x")
        assert code == 1 and "wrong PIN" in err
    assert "locked for" in err
    code, _, err = run_cli(capsys, monkeypatch, "4821", "journal", "recover", str(path), "--new", "--supervisor", "Ana",
                           "--reason", "x")
    assert code == 1 and "locked out" in err  # the right PIN too, while the lockout runs


def test_recovers_help_says_wrong_pins_count_across_runs_and_their_file_is_as_private_as_the_journal(tmp_path):
    """qaI F3: --help (and docs/COMMANDS.md) said a refused PIN was not counted across runs, the opposite of
    what recover does; and NAME.pin-tries was made 0644 beside a 0640 journal.  Run as a supervisor runs it."""
    import os
    import stat
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))

    def recover(*argv, pin="0000\n"):
        return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "recover", *argv], env=env,
                              input=pin, capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.umask(0o022))

    helped = " ".join(recover("--help").stdout.split())
    assert "not counted" not in helped and "kept beside it (PATH.pin-tries) and counts across runs" in helped
    path = tmp_path / "j.sqlite"
    broken_head(path)
    tries = tmp_path / "j.sqlite.pin-tries"
    for mode, left in ((0o640, "2 more tries"), (0o600, "1 more try")):
        os.chmod(path, mode)
        done = recover(str(path), "--new", "--supervisor", "Ana", "--reason", "x")
        assert done.returncode == 1 and left in done.stderr, done.stderr
        assert stat.S_IMODE(tries.stat().st_mode) == mode
    assert not any(p.name.endswith(".part") for p in tmp_path.iterdir())


def test_a_journal_from_before_rosters_signed_by_others_warns_at_its_first_supervised_start(tmp_path):
    """QA: a journal whose corrections Ana had signed took a croupier's own roster at its first start with
    this release, without a word."""
    from dealer_assist.table.rules_record import rules_record

    path = tmp_path / "old.sqlite"
    with Journal.open(path) as journal:  # as a release before rosters wrote it: no roster entry
        journal.append("shoe_start", {"op": None, "game": "baccarat", "shoe": 1, "decks": 8,
                                      "rules": rules_record(RULES)})
        journal.append("correction", {"recovered": "journal_continue", "correction": {
            "supervisor": "Ana", "action": "journal_continue", "target": {}, "reason": "disk", "time": "t"}})
    session = TableSession(RULES, journal=Journal.open(path), supervisors=roster(ME), odds=False)
    (alert,) = [a for a in session.snapshot.alerts if a.title == "SUPERVISORS CHANGED?"]
    assert "signed by Ana" in alert.text and "(Me)" in alert.text
    session.close()
    fresh = TableSession(RULES, journal=Journal.open(tmp_path / "new.sqlite"), supervisors=roster(ME), odds=False)
    assert not any(a.title == "SUPERVISORS CHANGED?" for a in fresh.snapshot.alerts)
    fresh.close()
