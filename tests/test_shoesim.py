"""The shoe simulator: the device model, fault injection, and end-to-end runs against the reader over a
real pseudo-terminal, TCP, and the two CLI commands in separate processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
import serial

from dealer_assist.cards import full_deck
from dealer_assist.shoesim import FaultPlan, PtyEndpoint, ShoeSimulator, TcpEndpoint, VirtualShoe
from dealer_assist.events import CardRead, DeviceError, DeviceHello, LinkState, SeqGap, Unreadable
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import CardFrame, HelloFrame, ShoeFrame, format_frame, parse_frame
from polling import wait_for


# -- the device model --------------------------------------------------------------

def deal_all(shoe):
    cards, signals = [], []
    while True:
        out = shoe.next_out()
        if isinstance(out.frame, CardFrame):
            cards.append(out.card)
        else:
            signals.append((out.frame.state, len(cards)))
            if out.frame.state == "EMPTY":
                return cards, signals


def test_shoe_holds_n_full_decks_and_signals_cut_and_empty():
    shoe = VirtualShoe(decks=6, seed=11, cut=14)
    shoe.boot()
    assert isinstance(parse_frame(shoe.new_shoe().line), ShoeFrame)
    cards, signals = deal_all(shoe)
    assert Counter(cards) == Counter(full_deck() * 6)
    assert signals == [("CUT", 6 * 52 - 14), ("EMPTY", 6 * 52)]


def test_seed_makes_the_shuffle_repeatable_and_shoes_differ():
    def first_shoe(seed):
        s = VirtualShoe(decks=1, seed=seed, cut=0)
        s.boot()
        s.new_shoe()
        return deal_all(s)[0]

    assert first_shoe(5) == first_shoe(5)
    assert first_shoe(5) != first_shoe(6)
    s = VirtualShoe(decks=1, seed=5, cut=0)
    s.boot()
    s.new_shoe()
    one = deal_all(s)[0]
    s.new_shoe()
    assert deal_all(s)[0] != one


def test_device_frames_follow_the_seq_rules():
    shoe = VirtualShoe(decks=1, seed=1)
    frames = [parse_frame(o.line) for o in (shoe.boot(), shoe.new_shoe(), shoe.next_out(), shoe.heartbeat())]
    assert [f.seq for f in frames] == [0, 1, 2, 3]
    assert isinstance(frames[0], HelloFrame) and frames[0].protocol == 1
    assert frames[3].last_card_seq == 2
    first_boot = shoe.boot_id
    hello = parse_frame(shoe.boot().line)
    assert hello.seq == 0 and hello.boot != first_boot
    assert parse_frame(shoe.heartbeat().line).last_card_seq is None


def test_unreadable_cards_are_sent_as_question_marks_but_logged_with_the_real_card():
    shoe = VirtualShoe(decks=1, seed=3, unreadable=1.0, cut=0)
    shoe.boot()
    shoe.new_shoe()
    out = shoe.next_out()
    assert out.line.startswith(b"$CARD,2,??*") and out.card in full_deck()


def test_device_error_text_is_cut_to_fit_a_frame():
    shoe = VirtualShoe()
    shoe.boot()
    out = shoe.error("JAM", "x" * 200)
    assert len(out.line) <= 80 and parse_frame(out.line).code == "JAM"


@pytest.mark.parametrize("kw", [{"decks": 0}, {"decks": 1, "cut": 52}])
def test_bad_shoe_settings_are_refused(kw):
    with pytest.raises(ValueError):
        VirtualShoe(**kw)


# -- faults --------------------------------------------------------------------------

LINE = b"$CARD,7,TD*E29C\r\n"


def test_fault_plan_is_seeded():
    a, b = FaultPlan(corrupt=0.3, drop=0.3, duplicate=0.3, garbage=0.3, seed=9), FaultPlan(
        corrupt=0.3, drop=0.3, duplicate=0.3, garbage=0.3, seed=9)
    assert [a.apply(LINE) for _ in range(200)] == [b.apply(LINE) for _ in range(200)]


def test_each_fault_does_what_it_says():
    plan = FaultPlan(seed=1)
    for fault, check in [
        ("drop", lambda w: w == b""),
        ("duplicate", lambda w: w == LINE + LINE),
        ("corrupt", lambda w: len(w) == len(LINE) and w != LINE and w.endswith(b"\r\n")),
        ("garbage", lambda w: w.endswith(LINE) and len(w) > len(LINE) and b"$" not in w[: -len(LINE)]),
    ]:
        plan.force(fault)
        wire, faults = plan.apply(LINE)
        assert faults == [fault] and check(wire), (fault, wire)
    assert plan.apply(LINE) == (LINE, [])


def test_probability_outside_0_1_is_refused():
    with pytest.raises(ValueError, match="--drop"):
        FaultPlan(drop=1.5)


def test_plain_dialect_refuses_undetectable_faults():
    ep = PtyEndpoint()
    try:
        with pytest.raises(ValueError, match="no CRC"):
            ShoeSimulator(ep, faults=FaultPlan(corrupt=0.1), dialect="plain")
    finally:
        ep.close()


# -- end to end over a real pty and TCP ------------------------------------------------


def audit(sim, events):
    """Compare what the reader reported with the simulator's truth log, boot by boot."""
    boot = None
    reported, named = [], []
    for e in events:
        if isinstance(e, DeviceHello):
            boot = e.boot
        elif isinstance(e, (CardRead, Unreadable)):
            reported.append((boot, e.seq, e.card.code if isinstance(e, CardRead) else "??"))
        elif isinstance(e, SeqGap):
            named += [(boot, s) for s in e.missing]
    sent = {(r["boot"], r["seq"]): r["read"] for r in sim.card_records()}
    phantoms = [r for r in reported if sent.get(r[:2]) != r[2]]
    lost = [k for k, r in sent.items() if (k[0], k[1], r) not in reported and k not in named]
    return reported, phantoms, lost


def test_pty_end_to_end_with_faults_no_phantom_no_loss():
    ep = PtyEndpoint()
    sim = ShoeSimulator(ep, VirtualShoe(decks=2, seed=4, unreadable=0.03),
                        FaultPlan(corrupt=0.08, drop=0.05, duplicate=0.05, garbage=0.08, seed=4))
    events = []
    reader = SerialShoe(ep.path)
    reader.start(events.append)
    try:
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        sim.power_on()
        for _ in range(300):
            sim.deal_card()
            if sim.cards_dealt % 50 == 0:
                time.sleep(0.02)  # keep within the pty buffer, as a real shoe's pace would
        sim.faults = FaultPlan()  # a last clean frame names any loss at the very end
        sim.error("END", "end of test")
        assert wait_for(lambda: any(isinstance(e, DeviceError) and e.code == "END" for e in events))
    finally:
        reader.stop()
        sim.close()
    reported, phantoms, lost = audit(sim, events)
    assert not phantoms and not lost
    assert len(reported) > 250
    faults = Counter(f for r in sim.log if r["event"] == "sent" for f in r["faults"])
    assert faults["corrupt"] and faults["drop"] and faults["duplicate"] and faults["garbage"]
    assert reader.stats["crc"] + reader.stats["malformed"] >= faults["corrupt"]
    clean_repeats = sum("duplicate" in r["faults"] and not {"corrupt", "drop"} & set(r["faults"])
                        for r in sim.log if r["event"] == "sent")
    assert reader.stats["duplicates"] >= clean_repeats > 0


def unplugged_after(tmp_path, cards: int, seed: int):
    """A shoe on a pty (under a stable link name) that dealt ``cards`` cards to a reader, then was unplugged:
    the endpoint, simulator, reader and its events."""
    link = str(tmp_path / "card-shoe")
    ep = PtyEndpoint(link=link)
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=seed))
    events = []
    reader = SerialShoe(link, backoff_first=0.05, backoff_max=0.2)
    reader.start(events.append)
    assert wait_for(lambda: reader.link == "up" and ep.host_connected())
    sim.power_on()
    for _ in range(cards):
        sim.deal_card()
    assert wait_for(lambda: sum(isinstance(e, CardRead) for e in events) == cards)
    sim.unplug()
    assert wait_for(lambda: reader.link == "lost", timeout=1)
    return ep, sim, reader, events


def test_pty_unplug_replug_and_reboot_keep_every_card_accounted_for(tmp_path):
    ep, sim, reader, events = unplugged_after(tmp_path, 5, seed=8)
    try:
        for _ in range(3):
            sim.deal_card()  # dealt while the cable is out: lost on the wire
        sim.replug()
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        time.sleep(0.2)
        sim.deal_card()
        sim.reboot()
        sim.deal_card()
        sim.heartbeat()
        assert wait_for(lambda: sum(isinstance(e, CardRead) for e in events) == 7)
        time.sleep(0.1)
    finally:
        reader.stop()
        sim.close()
    reported, phantoms, lost = audit(sim, events)
    assert not phantoms and not lost
    assert [e.missing for e in events if isinstance(e, SeqGap)] == [(7, 8, 9)]
    assert [e.state for e in events if isinstance(e, LinkState)] == ["up", "lost", "up"]
    assert len([e for e in events if isinstance(e, DeviceHello)]) == 2


def test_a_gap_found_as_the_link_comes_back_says_a_restart_meanwhile_may_hide_more_cards(tmp_path):
    """QA: a shoe that rebooted while unplugged, its HELLO lost and its new count past the old one, lost
    seven cards, and the host named one frame: the alert must not let the croupier trust that figure."""
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules

    ep, sim, reader, events = unplugged_after(tmp_path, 2, seed=2)
    try:
        for _ in range(3):
            sim.deal_card()
        sim.reboot()  # its HELLO goes nowhere
        for _ in range(4):
            sim.deal_card()
        sim.replug()
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        time.sleep(0.2)
        sim.heartbeat()
        assert wait_for(lambda: any(isinstance(e, SeqGap) for e in events))
    finally:
        reader.stop()
        sim.close()
    (gap,) = [e for e in events if isinstance(e, SeqGap)]
    assert len(gap.missing) < 7 and gap.after_link_loss and not gap.count_went_back
    table = TableSession(TableRules(), odds=False)
    table.handle(gap)
    (alert,) = [a for a in table.snapshot.alerts if a.code == "gap"]
    assert "more cards than these frames may have gone" in alert.text and "count them" in alert.action


def test_tcp_end_to_end():
    ep = TcpEndpoint("127.0.0.1", 0)
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=2))
    events = []
    reader = SerialShoe(ep.url)
    reader.start(events.append)
    try:
        # Up, not only connected: pyserial empties a socket's input once connected, and under load
        # the shoe's first frames could land before that (20 cards were lost so, once, in CI).
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        sim.power_on()
        for _ in range(20):
            sim.deal_card()
        assert wait_for(lambda: sum(isinstance(e, CardRead) for e in events) == 20)
        ep.unplug()
        assert wait_for(lambda: reader.link == "lost")
    finally:
        reader.stop()
        sim.close()
    reported, phantoms, lost = audit(sim, events)
    assert not phantoms and not lost and len(reported) == 20


def test_keypress_mode_deals_and_injects_on_keys():
    ep = PtyEndpoint()
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=1))
    try:
        sim.power_on()
        r, w = os.pipe()
        os.write(w, b"\n\nd\nx\n2\nq")
        os.close(w)
        with os.fdopen(r) as stream:
            sim.run_keys(stream, threading.Event())
    finally:
        sim.close()
    cards = sim.card_records()
    assert len(cards) == 5
    injected = [[f for f in c["faults"] if f != "unopened"][:1] for c in cards]
    assert injected == [[], [], ["drop"], ["corrupt"], ["duplicate"]]
    assert not any(c["delivered"] for c in cards)  # no host had the pty open: nobody could read them


# -- the CLI, in separate processes ------------------------------------------------------

def test_cli_shoe_sim_and_listen_json(tmp_path):
    link = str(tmp_path / "shoe")
    sim = subprocess.Popen(
        [sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--json", "--link", link, "--decks", "1",
         "--seed", "3", "--rate", "40", "--cards", "12", "--drop", "0.15", "--corrupt", "0.15", "--unreadable", "0.1"],
        stdout=subprocess.PIPE, text=True)
    try:
        ready = json.loads(sim.stdout.readline())
        assert ready["event"] == "ready" and ready["url"] == link and ready["port"].startswith("/dev/pts/")
        listen = subprocess.run(
            [sys.executable, "-m", "dealer_assist.cli", "listen", "--serial", link, "--json", "--seconds", "3.5"],
            capture_output=True, text=True, timeout=30)
        sim_log = [json.loads(line) for line in sim.stdout]
    finally:
        sim.kill()
        sim.wait()
    assert listen.returncode == 0, listen.stderr
    events = [json.loads(line) for line in listen.stdout.splitlines()]
    assert all("t" in e for e in events)
    assert events[0]["event"] == "link" and events[0]["state"] == "up"
    assert events[1]["event"] == "hello" or sim_log[0]["faults"]  # HELLO unless it was dropped or damaged
    sent = {r["seq"]: r["read"] for r in sim_log if r["event"] == "sent" and r["type"] == "CARD"}
    cards = [(e["seq"], e.get("card", "??")) for e in events if e["event"] in ("card", "unreadable")]
    named = {s for e in events if e["event"] == "gap" for a, b in e["runs"] for s in range(a, b + 1)}
    assert all(sent[s] == c for s, c in cards)
    assert all(s in dict(cards) or s in named for s in sent)
    dropped = Counter(e["reason"] for e in events if e["event"] == "dropped")
    corrupted = sum("corrupt" in r["faults"] for r in sim_log if r["event"] == "sent")
    assert sum(dropped.values()) >= corrupted > 0
    assert all(e["why"] for e in events if e["event"] == "dropped")  # what exactly was wrong, not just "crc"
    assert {r["type"] for r in sim_log if r["event"] == "sent"} <= {"HELLO", "CARD", "HB", "ERR", "SHOE"}  # wire names
    assert any("does not match" in e["why"] for e in events if e.get("reason") == "crc") or not dropped["crc"]


@pytest.mark.parametrize("rate", ["nan", "inf", "0", "5000"])
def test_cli_shoe_sim_refuses_a_rate_it_cannot_deal_at(tmp_path, rate):
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--rate", rate, "--no-wait",
                          "--link", str(tmp_path / "shoe")], capture_output=True, text=True, timeout=30)
    assert run.returncode != 0 and f"--rate {rate}" in run.stderr and "at most 1000" in run.stderr
    assert not (tmp_path / "shoe").exists()


def test_cli_shoe_sim_stopped_by_sigterm_takes_its_link_away(tmp_path):
    link = tmp_path / "shoe"
    sim = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--json", "--link", str(link),
                            "--rate", "1"], stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(sim.stdout.readline())["event"] == "ready"
        assert link.is_symlink()
        sim.send_signal(signal.SIGTERM)
        assert sim.wait(timeout=10) == 0
    finally:
        if sim.poll() is None:
            sim.kill()
            sim.wait()
    assert not link.is_symlink() and not link.exists()


def test_cli_listen_fails_clearly_on_a_missing_port(tmp_path):
    missing = str(tmp_path / "ttyNOPE")
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "listen", "--serial", missing, "--json"],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode != 0 and run.stdout == ""
    assert missing in run.stderr and "dialout" in run.stderr


def test_cli_ports_json():
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "ports", "--json"],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 0
    ports = json.loads(run.stdout)["ports"]
    from serial.tools import list_ports

    assert sorted(p["device"] for p in ports) == sorted(p.device for p in list_ports.comports())


def test_a_link_path_that_is_a_file_is_refused_and_left_alone(tmp_path):
    """`shoe-sim --link victim.sqlite` replaced the file by a symlink, then removed it at the end."""
    import subprocess
    import sys

    victim = tmp_path / "journal.sqlite"
    victim.write_bytes(b"precious")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--link", str(victim), "--cards", "1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "is a file, not a link" in out.stderr
    assert victim.read_bytes() == b"precious" and not victim.is_symlink()


@pytest.mark.parametrize("args, message", [
    (["--tcp", "99999"], "a TCP port is 0 to 65535"),
    (["--device-id", "TABLE 3, LEFT"], "hold no comma"),
    (["--device-id", ""], "must be non-empty"),
])
def test_cli_shoe_sim_refuses_what_no_host_could_take_before_it_opens_a_link(tmp_path, args, message):
    """--tcp 99999 had ended in a traceback; an id with a comma had been sent in a HELLO every host drops."""
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--no-wait", "--link",
                          str(tmp_path / "shoe"), *args], capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "shoe").exists()


@pytest.mark.parametrize("baud", ["0", "-5", "9000000"])
def test_a_baud_rate_no_port_runs_at_is_refused_by_listen_and_the_source_spec(tmp_path, baud):
    from dealer_assist.sources.factory import SourceError, open_source

    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "listen", "--serial", str(tmp_path / "none"),
                          "--baud", baud], capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and "not one a port runs at" in run.stderr
    with pytest.raises(SourceError, match="not one a port runs at"):
        open_source(f"serial:{tmp_path / 'none'}?baud={baud}", lambda: False)


def test_cli_shoe_sim_sends_on_a_real_serial_port_at_the_baud_rate_given():
    """An integrator tests adapters, cable and baud rate: the simulator had offered only a pty or TCP."""
    import os
    import termios

    from dealer_assist.sources.shoe_protocol import CardFrame, HelloFrame, LineSplitter, parse_frame

    master, slave = os.openpty()
    path = os.ttyname(slave)
    try:
        run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--serial", path, "--baud",
                              "9600", "--cards", "3", "--rate", "20", "--seed", "4", "--json"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        ready = json.loads(run.stdout.splitlines()[0])
        assert ready["kind"] == "serial" and ready["url"] == path
        os.set_blocking(master, False)
        data = b""
        try:
            while chunk := os.read(master, 65536):
                data += chunk
        except BlockingIOError:
            pass
        frames = [parse_frame(line) for line in LineSplitter().feed(data) if isinstance(line, bytes)]
        assert isinstance(frames[0], HelloFrame)
        sent = [json.loads(line) for line in run.stdout.splitlines()[1:]]
        cards = [r["read"] for r in sent if r.get("event") == "sent" and r.get("type") == "CARD"]
        assert [f.card.code for f in frames if isinstance(f, CardFrame)] == cards and len(cards) == 3
        assert termios.tcgetattr(slave)[5] == termios.B9600  # the port was set to the rate asked
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("args", [["--error-at", "1"], ["--reboot-at", "2"], ["--error-at", "1", "--reboot-at", "2"]])
def test_cli_shoe_sim_plain_refuses_errors_and_reboots_a_plain_reader_cannot_show(tmp_path, args):
    """--error-at had sent nothing and logged nothing; --reboot-at had logged a boot id no plain host sees."""
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--dialect", "plain", "--no-wait",
                          "--link", str(tmp_path / "shoe"), "--cards", "3", "--rate", "50", *args],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and "a plain reader sends card codes only" in run.stderr
    assert all(option in run.stderr for option in args if option.startswith("--"))
    assert not (tmp_path / "shoe").exists()


def test_plain_keypress_mode_refuses_the_faults_a_plain_reader_cannot_show_and_sends_nothing_for_them():
    ep = PtyEndpoint()
    host = serial.Serial(ep.path, timeout=0.3)
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=1), dialect="plain")
    try:
        assert wait_for(ep.host_connected)
        sim.power_on()
        for key in "\nerxd2g\n":
            sim.press(key)
        received = host.read(100)
    finally:
        host.close()
        sim.close()
    refused = [r["fault"] for r in sim.log if r["event"] == "refused"]
    assert refused == ["error", "reboot", "corrupt", "drop", "duplicate", "garbage"]
    assert not [r for r in sim.log if r["event"] in ("fault", "armed")]
    assert [r["boot"] for r in sim.card_records()] == [sim.card_records()[0]["boot"]] * 2
    assert received.count(b"\r\n") == 2 and len(received.split()) == 2  # two card lines, nothing else


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_cli_shoe_sim_keeps_no_record_of_the_frames_it_prints_so_a_soak_run_does_not_grow(tmp_path):
    """At --rate 1000 the command kept every frame's record too: about 40 MB a minute (QA soak test)."""
    link = tmp_path / "shoe"
    sim = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--json", "--link", str(link),
                            "--rate", "1000", "--seed", "4"], stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(sim.stdout.readline())["event"] == "ready"
        fd = os.open(link, os.O_RDONLY | os.O_NOCTTY)
        wire_lines = [0]

        def drain(stream, count) -> None:
            try:
                for _ in stream:
                    count[0] += 1
            except OSError:  # EIO: the pty closed as the simulator was killed
                pass

        out_lines = [0]
        threading.Thread(target=drain, args=(sim.stdout, out_lines), daemon=True).start()
        wire = os.fdopen(fd, "rb", buffering=0)
        threading.Thread(target=drain, args=(wire, wire_lines), daemon=True).start()
        # Counted in frames, not seconds (rev15 T1: 8 s at --rate 1000 gave a loaded machine's simulator too
        # few): past its start-up, then 5000 frames on, each a ~650-byte record when the log was kept.
        assert wait_for(lambda: out_lines[0] >= 1000, 120), "the simulator printed too few frames to measure"
        start_rss, start_frames = _rss_kb(sim.pid), out_lines[0]
        assert wait_for(lambda: out_lines[0] >= start_frames + 5000, 300), "the simulator stopped printing frames"
        grown, frames = _rss_kb(sim.pid) - start_rss, out_lines[0] - start_frames
    finally:
        sim.kill()
        sim.wait()
    assert grown * 1024 / frames < 100, f"{grown} kB more after {frames} frames"   # the log was ~650 bytes a frame


def test_a_host_that_opens_after_the_boot_learns_the_device_from_its_hello_said_again(tmp_path):
    """Review (rev12 F1): the HELLO went only at power-on, so a host that opened the port later (pyserial empties
    the input on opening) never learned the device; a trainer's exam on shoe-sim then passed at the standard.
    The HELLO said again is a repeat to a host that heard it: no gap, no restart."""
    link = str(tmp_path / "card-shoe")
    ep = PtyEndpoint(link=link)
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=3))
    early, late = [], []
    first = SerialShoe(link, backoff_first=0.05, backoff_max=0.2)
    first.start(early.append)
    second = None
    try:
        assert wait_for(lambda: first.link == "up" and ep.host_connected())
        sim.power_on()
        for _ in range(4):
            sim.deal_card()
        assert wait_for(lambda: sum(isinstance(e, CardRead) for e in early) == 4)
        end = time.monotonic() + 2.5  # a HELLO said again while the first host reads
        while time.monotonic() < end:
            sim.tick()
            time.sleep(0.05)
        time.sleep(0.2)
        first.stop()  # the first exam ends; the next opens the port after the boot
        second = SerialShoe(link, backoff_first=0.05, backoff_max=0.2)
        second.start(late.append)
        assert wait_for(lambda: second.link == "up" and ep.host_connected())
        time.sleep(0.3)
        end = time.monotonic() + 5
        while time.monotonic() < end and not any(isinstance(e, DeviceHello) for e in late):
            sim.tick()
            time.sleep(0.05)
        sim.deal_card()
        sim.tick()
        assert wait_for(lambda: any(isinstance(e, CardRead) for e in late))
    finally:
        first.stop()
        if second is not None:
            second.stop()
        sim.close()
    hellos = [e for e in late if isinstance(e, DeviceHello)]
    assert hellos and all(h.boot == sim.shoe.boot_id and not h.restarted for h in hellos), late
    assert not [e for e in late if isinstance(e, SeqGap)], late
    assert len([e for e in early if isinstance(e, DeviceHello)]) == 1  # the repeats were repeats to it
    assert not [e for e in early if isinstance(e, SeqGap)] and first.stats["duplicates"] >= 1, early


def test_a_pty_write_larger_than_its_buffer_arrives_whole(tmp_path):
    """rev15 T3: a short os.write was taken for the whole, so a burst past the pty's buffer came cut mid-frame
    (and write() said True): a test writing that much got damaged frames it had not asked for."""
    ep = PtyEndpoint(str(tmp_path / "shoe"))
    reader = SerialShoe(ep.link)
    events: list = []
    reader.start(events.append)
    try:
        assert wait_for(lambda: reader.link == "up" and ep.host_connected())
        burst = b"".join(format_frame("HB", seq, "-") for seq in range(1, 10001))
        assert len(burst) > 100_000 and ep.write(burst)
        assert wait_for(lambda: reader.stats["frames"] == 10000, 60), reader.stats
    finally:
        reader.stop()
        ep.close()
    assert reader.stats["crc"] + reader.stats["malformed"] + reader.stats["too_long"] == 0
    assert reader.stats["missing"] == 0
