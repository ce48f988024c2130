"""How ``dealer-assist run`` starts: what its --json start event names, and a card source that
cannot start said in one line, its journal left free.

A camera source opens its video or camera only when the table starts; a
missing file or deck profile used to end ``dealer-assist run`` in a
Python traceback, with the journal still held.  Run as a user runs it (a
real subprocess, Qt offscreen).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from child_output import rest_of_output
from dealer_assist.table.journal import Journal


def _run(*args, env=None):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", *args], capture_output=True, text=True,
                          timeout=120, env=env)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
@pytest.mark.parametrize("spec, named", [
    ("camera:{tmp}/missing.mp4?profile=anglo", "no video file '{tmp}/missing.mp4'"),
    ("camera:{tmp}/table.mp4", "'camera:{tmp}/table.mp4' names no deck profile"),
    ("camera:0?profile={tmp}/no-profile", "no deck profile at '{tmp}/no-profile'"),
])
def test_a_source_that_does_not_open_is_a_clear_error(tmp_path, game, spec, named):
    journal = tmp_path / "table.sqlite"
    code, _, err = _run("--game", game, "--source", spec.format(tmp=tmp_path), "--journal", str(journal),
                        "--quit-after", "5")
    assert code == 3
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("dealer-assist: error: " + named.format(tmp=tmp_path))
    Journal.open(journal).close()  # not held by the refused table


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_the_start_event_names_the_source_and_journal_really_used(tmp_path, game):
    """They were "config" and null when neither was given on the command line."""
    config = tmp_path / "table.toml"
    config.write_text(f'game = "{game}"\nsource = "sim:7"\n')
    code, out, _ = _run("--config", str(config), "--json", "--quit-after", "0.5",
                        env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert code == 0
    start = json.loads(out.splitlines()[0])
    assert start == {"event": "start", "game": game, "source": "sim:7",
                     "journal": str(tmp_path / "data" / "dealer-assist" / f"{game}-journal.sqlite")}
    assert Path(start["journal"]).is_file()
    # The end event gives the journal's head as it closed, to be noted where the table cannot write.
    end = json.loads(out.splitlines()[-1])
    with Journal.open(start["journal"], readonly=True) as journal:
        report = journal.verify()
    assert end["journal_head"] == {"seq": report.head_seq, "hash": report.head_hash, "verified": True}
    assert report.head_seq > 0 and len(report.head_hash) == 64


def test_a_recovered_table_on_the_simulated_shoe_deals_no_card_it_already_saw(tmp_path):
    """The simulated shoe started dealing its fresh shuffle before it was told which cards the
    recovered table had seen: its first card came again (a one-deck shoe refused it as impossible)."""
    from dealer_assist.cards import parse_card
    from dealer_assist.events import CardRead
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules
    from dealer_assist.sources.virtual import VirtualShoe

    config = tmp_path / "one_deck.toml"
    config.write_text("[shoe]\ndecks = 1\nburn = true\n")
    journal = tmp_path / "table.sqlite"
    first = VirtualShoe(decks=1, seed=11)._cards[:3]  # the seeded shuffle's first cards, as run deals them
    session = TableSession(TableRules(shoe=ShoeRules(decks=1)), journal=Journal.open(journal), odds=False)
    for n, card in enumerate(first, start=1):  # the burn begun, then the table stopped
        session.handle(CardRead(parse_card(card.code), "sim:11", 0.0, seq=n))
    session.close()
    code, _, err = _run("--config", str(config), "--source", "sim:11", "--journal", str(journal), "--turbo",
                        "--quit-after", "1")
    assert code == 0, err
    with Journal.open(journal, readonly=True) as recorded:
        entries = list(recorded.entries())
    assert not [e for e in entries if e.kind == "card_refused"]
    dealt = [e.payload["card"] for e in entries if e.kind == "card_read"]
    assert dealt[:3] == [c.code for c in first] and len(dealt) > 3
    assert len(set(dealt)) == len(dealt)


@pytest.mark.parametrize("payload", [
    {"op": "place", "seat": 1, "bet": "banker", "amount": "-5"},
    {"op": "place", "seat": 1, "bet": "banker", "amount": "1e9999"},
    {"op": "card", "card": "XX"},
])
def test_a_journal_entry_that_cannot_be_replayed_stops_the_start_in_one_line(tmp_path, payload):
    """An entry the chain holds but the table cannot take (written by other software, or a file
    rebuilt): blackjack said so, baccarat's recovery ended in a traceback."""
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.session_core import JournalReplayError
    from dealer_assist.table.state import TableRules

    path = tmp_path / "table.sqlite"
    TableSession(TableRules(), journal=Journal.open(path), odds=False).close()
    with Journal.open(path) as journal:
        entry = journal.append("bet_placed", payload)
    before = path.read_bytes()
    journal = Journal.open(path)
    with pytest.raises(JournalReplayError, match=f"entry seq {entry.seq}"):
        TableSession(TableRules(), journal=journal, odds=False)
    journal.close()
    code, _, err = _run("--journal", str(path), "--quit-after", "0.5")
    assert code == 3 and "Traceback" not in err
    assert f"entry seq {entry.seq} (bet_placed) cannot be replayed" in err and "the journal was not changed" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", ["poker", "blackjack"])
def test_a_journal_of_another_game_is_not_taken_by_the_baccarat_table(tmp_path, game):
    """A journal begun by another game was opened and written to (blackjack refused it already)."""
    path = tmp_path / "table.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"op": None, "game": game, "shoe": 1})
    before = path.read_bytes()
    code, _, err = _run("--game", "baccarat", "--journal", str(path), "--quit-after", "0.5")
    assert code == 3 and "Traceback" not in err
    # (a plain restart on a blackjack journal opens the blackjack table: qaL F3)
    assert (f"belongs to a {game} table" if game == "poker" else "start with --game blackjack") in err
    assert path.read_bytes() == before


def test_a_recovered_blackjack_table_goes_on_with_the_rest_of_its_deck(tmp_path):
    """Blackjack's simulated deck was never told what the recovered table had dealt: each restart
    dealt the seeded deck from its first card again, every card refused as already dealt."""
    journal = tmp_path / "bj.sqlite"
    for _ in range(2):
        code, _, err = _run("--game", "blackjack", "--source", "sim:5", "--journal", str(journal), "--auto", "--turbo",
                            "--quit-after", "1")
        assert code == 0, err
    with Journal.open(journal, readonly=True) as recorded:
        entries = list(recorded.entries())
    starts = [n for n, e in enumerate(entries) if e.kind == "link" and e.payload.get("state") == "up"]
    assert len(starts) == 2
    dealt = [e.payload["card"] for e in entries[starts[1]:] if e.kind == "card_read"]
    assert dealt and not [e for e in entries if e.kind == "card_refused"]


def test_sigterm_closes_the_table_as_ctrl_q_does(tmp_path):
    """A service manager stopping the table (SIGTERM) killed it without its JSON end event."""
    import signal
    import time

    journal = tmp_path / "table.sqlite"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "run", "--journal", str(journal), "--json",
                             "--quit-after", "60"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert json.loads(proc.stdout.readline())["event"] == "start"
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    out, _ = rest_of_output(proc, timeout=30)  # not communicate(): it misses what readline() buffered
    end = json.loads(out.splitlines()[-1])
    assert proc.returncode == 0 and end["event"] == "end" and end["journal_head"]["verified"] is True


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_sigterm_while_the_table_still_starts_closes_it_as_ctrl_q_does(tmp_path, game):
    """SIGTERM right after the start event, while the window is still being built: it killed the table with no end
    event (the handler came only with Qt's loop; CI under load sent it there)."""
    import signal

    journal = tmp_path / "table.sqlite"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "run", "--game", game, "--journal", str(journal),
                             "--json", "--quit-after", "60"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    assert json.loads(proc.stdout.readline())["event"] == "start"
    proc.send_signal(signal.SIGTERM)
    out, err = rest_of_output(proc, timeout=60)
    assert proc.returncode == 0, err
    end = json.loads(out.splitlines()[-1])
    assert end["event"] == "end" and end["journal_head"]["verified"] is True


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_table_refused_at_its_start_ends_its_json_stream(tmp_path, game):
    """`run --json` printed its start event, then was refused (exit 3) with no end event to match it."""
    code, out, _ = _run("--game", game, "--source", f"camera:{tmp_path}/missing.mp4?profile=anglo", "--journal",
                        str(tmp_path / "j.sqlite"), "--json", "--quit-after", "5")
    start, end = (json.loads(line) for line in out.splitlines())
    assert code == 3 and start["event"] == "start" and end["event"] == "end" and end["code"] == 3
    assert "no video file" in end["error"]


@pytest.mark.parametrize("command", ["run", "replay"])
def test_a_negative_quit_after_is_refused_before_anything_opens(tmp_path, command):
    """QA: --quit-after -1 gave a Qt warning and ran on, exit 0."""
    extra = [str(tmp_path / "j.sqlite")] if command == "replay" else ["--journal", str(tmp_path / "j.sqlite")]
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", command, *extra, "--quit-after", "-1"],
                          capture_output=True, text=True, timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2 and "--quit-after must be 0 seconds or more, not -1" in proc.stderr
    assert not (tmp_path / "j.sqlite").exists()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_recorded_shoe_is_refused_as_a_live_tables_source(tmp_path, game):
    """QA: `run --source replay:old.sqlite` wrote the recorded shoe's bets and cards into the live table's
    journal and settled its live round with them (the README says a replay writes nothing)."""
    old, live = tmp_path / "old.sqlite", tmp_path / "live.sqlite"
    assert _run("--game", game, "--source", "sim:42", "--auto", "--turbo", "--journal", str(old),
                "--quit-after", "3")[0] == 0
    config = tmp_path / "table.toml"
    config.write_text(f'game = "{game}"\nsource = "replay:{old}"\n')
    for args in (["--game", game, "--source", f"replay:{old}"], ["--config", str(config)]):
        code, out, err = _run(*args, "--journal", str(live), "--json", "--quit-after", "3")
        assert code == 2 and "Traceback" not in err
        assert f"step through it with `dealer-assist replay {old}`" in err
        start, end = (json.loads(line) for line in out.splitlines())
        assert end["event"] == "end" and "a recorded shoe is not a live table's source" in end["error"]
    assert not live.exists()


def test_the_game_given_on_the_command_line_writes_its_own_journal(tmp_path):
    """QA: `--game baccarat` with a blackjack config: the start event named the baccarat journal, the
    table wrote the blackjack one, and the end event had no journal head."""
    config = tmp_path / "bj.toml"
    config.write_text('game = "blackjack"\n')
    code, out, _ = _run("--config", str(config), "--game", "baccarat", "--json", "--quit-after", "1",
                        env={"XDG_DATA_HOME": str(tmp_path / "data")})
    start, end = json.loads(out.splitlines()[0]), json.loads(out.splitlines()[-1])
    assert code == 0 and start["journal"].endswith("baccarat-journal.sqlite")
    assert end["journal_head"] is not None and end["journal_head"]["seq"] > 0
    assert not (tmp_path / "data" / "dealer-assist" / "blackjack-journal.sqlite").exists()


@pytest.mark.parametrize("command", ["run", "replay"])
def test_no_screen_ends_the_json_stream_too(tmp_path, command):
    """QA: with no screen, `run --json` (baccarat) and `replay --json` printed a start event and no end."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    journal = tmp_path / "j.sqlite"
    if command == "replay":
        assert _run("--source", "sim:42", "--auto", "--turbo", "--journal", str(journal), "--quit-after", "2")[0] == 0
    args = [str(journal)] if command == "replay" else ["--journal", str(journal)]
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", command, *args, "--json"],
                          capture_output=True, text=True, timeout=120, env=env)
    start, end = (json.loads(line) for line in proc.stdout.splitlines())
    assert proc.returncode == 3 and start["event"] == "start" and end["event"] == "end"
    assert "no screen" in end["error"]


def test_another_game_than_the_configs_does_not_write_into_the_configs_journal(tmp_path):
    """QA: `--game baccarat` with a blackjack config naming its journal made that file a baccarat journal,
    which the blackjack table then refused to start on."""
    journal = tmp_path / "bj-table.sqlite"
    config = tmp_path / "bj.toml"
    config.write_text(f'game = "blackjack"\njournal = "{journal}"\n')
    code, _, err = _run("--config", str(config), "--game", "baccarat", "--quit-after", "1")
    assert code == 2 and "give this baccarat table its own with --journal PATH" in err and not journal.exists()
    code, _, _ = _run("--config", str(config), "--game", "baccarat", "--journal", str(tmp_path / "b.sqlite"),
                      "--quit-after", "1")
    assert code == 0 and not journal.exists()


def test_the_refusal_of_a_recorded_shoe_gives_the_replay_command_as_it_must_be_typed():
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.factory import refuse_replay

    for spec, command in (("replay:/x/j.sqlite?allow_broken=1", "dealer-assist replay /x/j.sqlite --allow-broken"),
                          ("replay:?allow_broken=1", "dealer-assist replay JOURNAL"),
                          ("replay:/x/j.sqlite", "dealer-assist replay /x/j.sqlite`")):
        with pytest.raises(SourceError, match=re.escape(command)):
            refuse_replay(spec)
    refuse_replay("sim:42")  # any other source is left to open_source


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
@pytest.mark.parametrize("spec, named", [
    ("camera:{tmp}/missing.mp4?profile=anglo", "no video file"),
    ("camera:{tmp}/not-a-video.mp4?profile=anglo", "cannot open video source"),
    ("camera:{tmp}/frames?profile={tmp}/no-profile", "no deck profile at"),
])
def test_a_camera_refused_at_the_start_leaves_no_journal(tmp_path, game, spec, named):
    """QA: a missing video file (or profile) was refused with exit 3 only after the journal was made, its
    ``shoe_start`` fixing the table's rules for a start that never was."""
    (tmp_path / "not-a-video.mp4").write_text("no video\n")
    (tmp_path / "frames").mkdir()
    journal = tmp_path / "table.sqlite"
    code, out, err = _run("--game", game, "--source", spec.format(tmp=tmp_path), "--journal", str(journal),
                          "--json", "--quit-after", "5")
    assert code == 3 and named in err and "Traceback" not in err
    assert json.loads(out.splitlines()[-1])["journal_head"] is None
    assert not journal.exists()
