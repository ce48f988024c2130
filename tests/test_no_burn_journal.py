"""``run --no-burn`` is a house rule the journal records: a restart that differs names the flag.

QA: after the README's camera demo (``run --no-burn`` on the default journal), a plain
``dealer-assist run`` exited 3 with "recorded under other house rules (shoe.burn: recorded False,
now True): start with the configuration it was recorded with (--config) ...", although no config
file had been given: the difference was the flag, which the message never named.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import RulesMismatchError, TableSession
from dealer_assist.table.state import TableRules

README = Path(__file__).resolve().parents[1] / "README.md"


def _run(*args, env=None):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", *args], capture_output=True, text=True,
                          timeout=120, env=env)
    return proc.returncode, proc.stderr


def test_a_plain_run_on_a_no_burn_journal_goes_on_and_no_burn_on_a_burned_one_is_named(tmp_path):
    """A plain restart takes the journal's rules (qaL F3); a --no-burn that differs is named."""
    data = {"XDG_DATA_HOME": str(tmp_path / "data")}  # the default journal, as the README's commands use it
    code, err = _run("--no-burn", "--source", "sim:3", "--quit-after", "0.3", env=data)
    assert code == 0, err
    code, err = _run("--source", "sim:3", "--quit-after", "0.3", env=data)
    assert code == 0, err
    burned = str(tmp_path / "burned.sqlite")
    code, err = _run("--source", "sim:3", "--quit-after", "0.3", "--journal", burned)
    assert code == 0, err
    code, err = _run("--no-burn", "--source", "sim:3", "--quit-after", "0.3", "--journal", burned)
    assert code == 3 and "Traceback" not in err
    assert "recorded with the burn, and --no-burn skips it: start without --no-burn" in err
    assert "--config" not in err


@pytest.mark.parametrize("recorded, now, told", [
    (False, True, "recorded without a burn (--no-burn): start with --no-burn"),
    (True, False, "recorded with the burn, and --no-burn skips it: start without --no-burn"),
])
def test_the_refusal_names_the_flag_either_way(tmp_path, recorded, now, told):
    path = tmp_path / "t.sqlite"
    TableSession(TableRules(shoe=ShoeRules(burn=recorded)), Journal.open(path), odds=False).close()
    with pytest.raises(RulesMismatchError) as caught:
        TableSession(TableRules(shoe=ShoeRules(burn=now)), Journal.open(path), odds=False)
    assert told in str(caught.value)


def test_with_other_rules_changed_too_the_flag_is_named_beside_the_config(tmp_path):
    path = tmp_path / "t.sqlite"
    TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False).close()
    with pytest.raises(RulesMismatchError) as caught:
        TableSession(TableRules(shoe=ShoeRules(burn=True, decks=6)), Journal.open(path), odds=False)
    assert "(--config, with --no-burn)" in str(caught.value)


def test_the_readmes_no_burn_demo_has_a_journal_of_its_own():
    """Its commands on one default journal would lock each other out."""
    runs = re.findall(r"^dealer-assist run [^\n]*--no-burn[^\n]*$", README.read_text(), flags=re.M)
    assert runs and all("--journal " in line for line in runs)
