"""A ``~`` in a configuration's journal or in ``--journal`` with HOME set but empty.

Python's expanduser made ``~/t.sqlite`` the root folder's ``/t.sqlite`` then.  An empty HOME is taken as unset,
as for the journal's default place (the account's own home); with no home at all the table refuses the path,
saying to set HOME or give the path in full, and writes nothing.
"""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.table.config import ConfigError, load_config


def _no_account(monkeypatch):
    def missing(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", missing)


def test_a_config_journal_under_tilde_with_an_empty_home_is_in_the_accounts_home(tmp_path, monkeypatch):
    config = tmp_path / "table.toml"
    config.write_text('journal = "~/table1.sqlite"\n')
    monkeypatch.setenv("HOME", "")
    journal = load_config(config).journal
    assert journal == Path(pwd.getpwuid(os.getuid()).pw_dir) / "table1.sqlite"
    assert journal != Path("/table1.sqlite")


def test_a_tilde_with_an_empty_home_and_no_account_home_is_refused_saying_what_to_do(tmp_path, monkeypatch):
    config = tmp_path / "table.toml"
    config.write_text('journal = "~/table1.sqlite"\n')
    monkeypatch.setenv("HOME", "")
    _no_account(monkeypatch)
    with pytest.raises(ConfigError) as caught:
        load_config(config)
    message = str(caught.value)
    assert str(config) in message and "~/table1.sqlite" in message
    assert "HOME is empty" in message and "set HOME" in message and "give the path in full" in message


def test_a_home_that_is_set_is_taken_as_it_is(monkeypatch, tmp_path):
    from dealer_assist.table.config import expand_home

    monkeypatch.setenv("HOME", str(tmp_path))
    assert expand_home("~/j.sqlite") == tmp_path / "j.sqlite"
    assert expand_home("~") == tmp_path
    assert expand_home("/var/j.sqlite") == Path("/var/j.sqlite")


def test_no_home_at_all_is_refused_rather_than_a_folder_named_tilde(monkeypatch):
    from dealer_assist.table.config import HomeFolderError, expand_home

    monkeypatch.delenv("HOME", raising=False)
    _no_account(monkeypatch)
    with pytest.raises(HomeFolderError, match="HOME is not set"):
        expand_home("~/j.sqlite")


def test_run_with_a_journal_under_tilde_and_no_home_is_refused_and_writes_nothing(tmp_path, monkeypatch, capsys):
    name = f"dealer-assist-test-{os.getpid()}-{tmp_path.name}.sqlite"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", "")
    _no_account(monkeypatch)
    try:
        code = main(["run", "--journal", f"~/{name}", "--quit-after", "0.1"])
        err = capsys.readouterr().err
        assert not Path("/", name).exists()
    finally:  # the code before the fix made it there: take it away whatever the outcome
        for left in (Path("/", name), Path("/", name + ".lock")):
            left.unlink(missing_ok=True)
    assert code == 2
    assert f"--journal ~/{name}" in err and "set HOME" in err
    assert list(tmp_path.iterdir()) == []
