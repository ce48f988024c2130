"""``listen --conformance``, ``--raw`` and ``--capture``: the documented device check (PROTOCOL.md 9) names
every rule a device breaks that the host tolerates, and shows what the device sent, byte for byte.

QA (a shoe maker's integrator): a lower-case CRC, a bare LF, a CR alone, frames with no line end at all, a
heartbeat naming another last card and a count started again with no HELLO all passed ``listen`` without
a word, heartbeats were never shown, and the closing "missing N" matched no LOST FRAMES line.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.conformance import ConformanceCheck, RawLine, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame

HELLO = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")


def _listen(tmp_path, device_bytes, *options: str, after: float = 0.0,
            pause: float = 0.0) -> subprocess.CompletedProcess:
    """``listen`` run on a real pty, the device writing ``device_bytes`` ``after`` seconds once the port is open
    (told by listen's first line, its link up: pyserial has emptied the input by then; a fixed wait for it came
    short under load); a list of writes is written ``pause`` seconds apart."""
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, *options],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        up = listen.stdout.readline()
        assert "up" in up, up
        time.sleep(after)
        for data in [device_bytes] if isinstance(device_bytes, bytes) else device_bytes:
            device.write(data)
            time.sleep(pause)
        out, err = rest_of_output(listen, timeout=120)  # not communicate(): it misses what readline() buffered
    finally:
        device.close()
    return subprocess.CompletedProcess(listen.args, listen.returncode, up + out, err)


def _frame(kind: str, seq: int, *fields: str, end: bytes = b"\r\n", lower: bool = False) -> bytes:
    line = format_frame(kind, seq, *fields)[:-2]
    return (line[:-4] + line[-4:].lower() if lower else line) + end


def test_the_simulator_passes_the_conformance_check_with_no_deviation(tmp_path):
    link = str(tmp_path / "shoe")
    sim = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--json", "--link", link,
                            "--seed", "5", "--rate", "4"], stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(sim.stdout.readline())["event"] == "ready"
        listen = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "listen", "--serial", link, "--json",
                                 "--conformance", "--raw", "--cards", "14"], capture_output=True, text=True, timeout=60)
    finally:
        sim.kill()
        sim.wait()
    records = [json.loads(line) for line in listen.stdout.splitlines()]
    # Heartbeat timing aside: a line is stamped when listen reads it, and two processes on a loaded machine
    # (a load of 20 on 2 cores) read late enough to stretch one interval past the rule's.  The timing rules
    # are checked below on lines with given times; no other rule may be broken here.
    timed = "heartbeat_period"
    assert [r for r in records if r["event"] == "deviation" and r["rule"] != timed] == []
    summary = records[-1]
    assert summary["event"] == "conformance" and set(summary["deviations"]) <= {timed}, summary
    assert summary["dropped"] == 0 and summary["heartbeats"] >= 2, summary
    assert listen.returncode == (0 if summary["verdict"] == "pass" else 1), listen.stderr
    lines = [r["raw"] for r in records if r["event"] == "line"]
    assert any(raw.startswith("$HB,") and raw.endswith("\\r\\n") for raw in lines)  # heartbeats shown too
    cards = [r for r in records if r["event"] == "card"]
    assert all(any(raw.startswith(f"$CARD,{c['seq']},{c['card']}*") for raw in lines) for c in cards)


def test_the_simulators_last_heartbeat_of_a_run_keeps_the_period(tmp_path):
    """shoe-sim --cards sent one more heartbeat 0.3 s after its last card, 1.3 s after the one before."""
    link = str(tmp_path / "shoe")
    sim = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "shoe-sim", "--json", "--link", link,
                            "--seed", "5", "--rate", "2", "--cards", "4"], stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(sim.stdout.readline())["event"] == "ready"
        listen = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "listen", "--serial", link, "--json",
                                 "--conformance", "--seconds", "6"], capture_output=True, text=True, timeout=60)
        assert sim.wait(timeout=30) == 0
    finally:
        if sim.poll() is None:
            sim.kill()
            sim.wait()
    records = [json.loads(line) for line in listen.stdout.splitlines()]
    assert [r for r in records if r["event"] == "deviation"] == []
    assert records[-1]["verdict"] == "pass" and records[-1]["heartbeats"] >= 3, records[-1]


def test_a_heartbeat_names_an_err_misread_as_its_last_card_and_one_naming_the_card_before_it_deviates(tmp_path):
    """rev15 F6: an ERR MISREAD stands for a card (PROTOCOL.md 6), so the heartbeat after it names it: a host
    that lost the ERR learns from the heartbeat that a card went.  Naming the CARD before it is a deviation."""
    device = (HELLO + _frame("CARD", 1, "AS") + _frame("ERR", 2, "MISREAD", "no code read") + _frame("HB", 3, "2")
              + _frame("CARD", 4, "KD") + _frame("ERR", 5, "DOUBLE_FEED", "two cards") + _frame("HB", 6, "4")
              + _frame("CARD", 7, "QH"))
    # 5 cards: the MISREAD and the DOUBLE_FEED each stand for one (qaAC F17), then QH
    run = _listen(tmp_path, device, "--json", "--conformance", "--cards", "5")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    named = [(r["raw"], r["text"]) for r in records if r["event"] == "deviation" and r["rule"] == "heartbeat_last_card"]
    assert [raw[:8] for raw, _ in named] == ["$HB,6,4*"]
    assert "ERR DOUBLE_FEED 5" in named[0][1]


def test_each_tolerated_deviation_is_named_with_its_frame_rule_and_section(tmp_path):
    device = (HELLO
              + _frame("CARD", 1, "AS", lower=True)  # *5b55
              + _frame("CARD", 2, "2S", end=b"\n")
              + _frame("CARD", 3, "3S", end=b"\r")  # a CR alone, ended by the next $
              + _frame("CARD", 4, "4S", end=b"")  # no line end at all
              + _frame("HB", 5, "3")  # the last CARD was 4
              + _frame("HB", 6, "4")  # a few ms after the one before
              + _frame("CARD", 1, "5S")  # a new count with no HELLO
              + _frame("HB", 2, "1")
              + _frame("CARD", 4, "6S"))  # SEQ 3 skipped
    run = _listen(tmp_path, device, "--json", "--conformance", "--cards", "6")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    found = {(r["rule"], r["section"], r["raw"]) for r in records if r["event"] == "deviation"}
    assert ("crc_case", "3", "$CARD,1,AS*5b55\\r\\n") in found
    assert ("line_end", "3", "$CARD,2,2S*" + format_frame("CARD", 2, "2S")[-6:-2].decode() + "\\n") in found
    assert any(rule == "line_end" and raw.startswith("$CARD,3,3S*") and raw.endswith("\\r") for rule, _, raw in found)
    assert any(rule == "line_end" and raw.startswith("$CARD,4,4S*") and raw[-1] != "n" for rule, _, raw in found)
    assert any(rule == "heartbeat_last_card" and raw.startswith("$HB,5,3*") for rule, _, raw in found)
    assert any(rule == "seq_back" and section == "5, 6" and raw.startswith("$CARD,1,5S*")
               for rule, section, raw in found)
    assert any(rule == "heartbeat_period" and raw.startswith("$HB,6,4*") for rule, _, raw in found)
    assert any(rule == "seq_skipped" and raw.startswith("$CARD,4,6S*") for rule, _, raw in found)
    texts = {r["rule"]: r["text"] for r in records if r["event"] == "deviation"}
    assert "upper-case" in texts["crc_case"] and "CR LF" in texts["line_end"]
    assert "names 3 as the last card" in texts["heartbeat_last_card"] and "CARD 4" in texts["heartbeat_last_card"]
    summary = records[-1]
    assert summary["event"] == "conformance" and summary["verdict"] == "fail"
    assert summary["deviations"]["line_end"] == 3 and summary["dropped"] == 0
    assert run.returncode == 1


def test_the_human_check_says_each_deviation_and_fail(tmp_path):
    """The device starts 1.6 s after the port opened, with no HELLO."""
    run = _listen(tmp_path, _frame("CARD", 1, "KD", lower=True), "--conformance", "--cards", "1", after=1.6)
    started, case = [line for line in run.stdout.splitlines() if "DEVIATION" in line]
    assert "section 6 (hello_first, MUST): '$CARD,1,KD*d648\\r\\n'" in started and "sends HELLO" in started
    assert "section 3 (crc_case, MUST): '$CARD,1,KD*d648\\r\\n'" in case
    assert "conformance FAIL" in run.stdout.splitlines()[-1] and run.returncode == 1


def test_raw_shows_every_line_escaped_and_capture_keeps_it(tmp_path):
    capture = tmp_path / "capture.txt"
    device = HELLO + _frame("HB", 1, "-") + b"$CARD,2,AS*0000\r\n" + b"\x00\r\n" + _frame("CARD", 3, "9S")
    run = _listen(tmp_path, device, "--json", "--raw", "--capture", str(capture), "--cards", "1")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    lines = [r["raw"] for r in records if r["event"] == "line"]
    hb = format_frame("HB", 1, "-").decode().replace("\r\n", "\\r\\n")
    assert lines[:5] == [HELLO.decode().replace("\r\n", "\\r\\n"), hb, "$CARD,2,AS*0000\\r\\n", "\\x00\\r\\n",
                         "$CARD,3,9S*DAA5\\r\\n".replace("DAA5", format_frame("CARD", 3, "9S")[-6:-2].decode())]
    assert all(isinstance(r["t"], float) for r in records if r["event"] == "line")
    written = [line for line in capture.read_text(encoding="ascii").splitlines() if not line.startswith("#")]
    assert [line.split(" ", 1)[1] for line in written] == lines
    assert all(re.fullmatch(r"\d+\.\d{6}", line.split(" ", 1)[0]) for line in written)


def test_the_closing_count_of_lost_frames_is_what_the_lost_frames_lines_name(tmp_path):
    device = (HELLO + _frame("CARD", 1, "AS") + _frame("CARD", 2, "2S") + _frame("CARD", 4, "KS")
              + _frame("CARD", 3, "QS"))  # 3 lost; then a count that went back: its frames 1-2 unseen, 0 its HELLO
    run = _listen(tmp_path, device, "--cards", "4")
    named = [int(m) for m in re.findall(r"LOST FRAMES [^(]*\((\d+)\)", run.stdout)]
    assert len(named) == 2, run.stdout
    closing = run.stderr.strip().splitlines()[-1]
    assert f"lost frames {sum(named)} " in closing and "missing" not in closing, closing


# -- the check itself, fed lines with their times -------------------------


def _check(lines: list[tuple[float, bytes]], check: ConformanceCheck | None = None):
    check = check or ConformanceCheck()
    found = []
    splitter = RawLineSplitter()
    for t, data in lines:
        for line in splitter.feed(t, data):
            found += check.line(line)
    held = splitter.due(float("inf"))  # a last frame whose line end waits for a second byte
    if held is not None:
        found += check.line(held)
    return check, found


def test_a_device_saying_hello_again_when_the_port_opens_breaks_no_rule():
    """PROTOCOL.md 7.4 recommends it: HELLO with the current boot id, outside the count (qaN F1)."""
    beats = [(0.0, HELLO), (0.0, _frame("HB", 57, "50")), (0.5, _frame("CARD", 58, "AS")),
             (1.0, _frame("HB", 59, "58")), (2.0, _frame("HB", 60, "58") + HELLO), (2.5, _frame("CARD", 61, "2D")),
             (3.0, _frame("HB", 62, "61"))]
    check, found = _check(beats)
    assert found == []
    summary = check.summary(3.1)
    assert summary.passed and summary.intervals == 3 and summary.period == (1.0, 1.0, 1.0)


def test_a_heartbeat_too_slow_is_named_when_it_is_overdue_and_in_the_mean():
    check, found = _check([(0.0, HELLO), (0.0, _frame("HB", 1, "-"))])
    assert check.tick(1.9) == [] and found == []
    (late,) = check.tick(2.1)
    assert late.rule == "heartbeat_period" and "no heartbeat for 2.10 s" in late.text
    assert check.tick(3.0) == []  # once per silence
    slow = ConformanceCheck()
    _check([(0.0, HELLO)] + [(1.15 * n, _frame("HB", n, "-")) for n in range(1, 5)], slow)
    summary = slow.summary(4.6)
    assert not summary.passed and dict(summary.deviations) == {"heartbeat_period": 1}
    assert summary.period is not None and round(summary.period[1], 2) == 1.15


def test_a_gap_after_a_lost_link_is_not_the_devices_and_a_reused_boot_id_is():
    check, found = _check([(0.0, HELLO), (0.5, _frame("CARD", 1, "AS"))])
    check.link(0.6, "lost")
    check.link(2.0, "up")
    _, found = _check([(2.1, _frame("HB", 5, "3"))], check)  # card 3 was dealt while the link was down
    assert found == []
    _, found = _check([(2.2, HELLO), (3.1, _frame("HB", 1, "-"))], check)  # a reboot with the same boot id
    assert [d.rule for d in found] == ["boot_id"]


def test_a_deviation_of_one_rule_is_shown_five_times_then_counted():
    check, found = _check([(0.0, HELLO)] + [(0.1 * n, _frame("CARD", n, "AS", end=b"\n")) for n in range(1, 9)])
    assert len(found) == 5 and found[-1].last_shown and not found[0].last_shown
    assert dict(check.summary(1.0).deviations) == {"line_end": 8}


def test_the_splitter_keeps_every_byte_and_says_how_each_line_ended():
    splitter = RawLineSplitter()
    got = splitter.feed(1.0, b"$A*0000\r$B*0000\n\r$C*00") + splitter.feed(2.0, b"00\r\n$D")
    assert [(line.raw, line.end) for line in got] == [  # a frame's CR, or LF CR reversed, ends its line (qaAY F8, F9)
        (b"$A*0000\r", "line"), (b"$B*0000\n\r", "line"), (b"$C*0000\r\n", "line")]
    assert got[-1].t == 2.0 and splitter.cut() == RawLine(2.0, b"$D", "cut")


def test_every_field_of_the_new_listen_events_is_in_json_md():
    from pathlib import Path

    from dealer_assist.commands.serial import deviation_record, line_record, summary_record

    doc = (Path(__file__).resolve().parent.parent / "docs" / "JSON.md").read_text(encoding="utf-8")
    section = doc.split("## `listen`", 1)[1].split("\n## ", 1)[0]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*) \|$", section, flags=re.M)}
    check, found = _check([(0.0, HELLO)] + [(0.1 * n, _frame("CARD", n, "AS", lower=True)) for n in range(1, 6)])
    records = [line_record(RawLine(0.0, HELLO)), deviation_record(found[-1]), summary_record(check.summary(1.0), 1.0)]
    for record in records:
        for field in set(record) - {"event", "t"}:
            assert re.search(f"`{field}[`:]", rows[record["event"]]), (record["event"], field)
    for rule in check.summary(1.0).deviations:
        assert f"`{rule[0]}`" in rows["deviation"]


def test_a_reboot_restarts_the_heartbeats_timing():
    hello2 = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B2")
    check, found = _check([(0.0, HELLO), (0.0, _frame("HB", 1, "-")), (1.0, _frame("HB", 2, "-")),
                           (2.5, hello2), (2.5, _frame("HB", 1, "-")), (3.5, _frame("HB", 2, "-"))])
    assert found == [] and check.summary(3.6).intervals == 2


def test_a_device_that_starts_while_the_port_is_open_says_hello_first():
    check = ConformanceCheck()
    check.link(10.0, "up")
    _, found = _check([(12.0, _frame("SHOE", 1, "NEW")), (12.5, _frame("CARD", 2, "AS"))], check)
    assert [(d.rule, d.section) for d in found] == [("hello_first", "6")] and "2.0 s after" in found[0].text
    booted = ConformanceCheck()
    booted.link(10.0, "up")
    _, found = _check([(12.0, HELLO), (12.0, _frame("SHOE", 1, "NEW"))], booted)
    # verN NEW-9: a boot after a bootloader's silence is what a reset on DTR (an Arduino's) shows: a note, no FAIL
    assert [(d.rule, d.section, d.level) for d in found] == [("boot_on_open", "2", "NOTE")]
    assert "2.0 s after the port opened" in found[0].text and "MUST NOT" in found[0].text
    summary = booted.summary(12.5)  # qaAY F9: a note, not "SHOULD not held"
    assert summary.deviations == () and summary.warnings == () and dict(summary.notes) == {"boot_on_open": 1}
    assert "SHOULD not held" not in summary.text and "notes (no rule broken): boot_on_open x1" in summary.text
    quick = ConformanceCheck()  # shoe-sim boots as a host opens its port: no bootloader's silence, no note
    quick.link(10.0, "up")
    _, found = _check([(10.3, HELLO), (10.3, _frame("SHOE", 1, "NEW"))], quick)
    assert found == []
    joined = ConformanceCheck()  # a device running when the port opened: its HELLO went before
    joined.link(10.0, "up")
    _, found = _check([(10.4, _frame("HB", 7, "5")), (11.4, _frame("HB", 8, "5"))], joined)
    assert found == []


def test_fields_past_a_v1_types_own_are_named_unless_the_hello_says_a_later_protocol():
    check, found = _check([(0.0, HELLO), (0.5, _frame("HB", 1, "-", "ABCDEF01"))])
    assert [(d.rule, d.section) for d in found] == [("extra_fields", "3, 6")] and "'ABCDEF01'" in found[0].text
    hello2 = format_frame("HELLO", 0, "2", "fw-9", "SHOE-7", "B9", "caps=bj")
    _, found = _check([(0.0, hello2), (0.5, _frame("HB", 1, "-", "B9"))])
    assert found == []


@pytest.mark.parametrize("extra_at", [1.6, 2.0, 2.95], ids=["between beats", "with a beat", "just before one"])
def test_a_heartbeat_of_its_own_written_with_a_hello_said_again_is_not_timed(extra_at):
    """verN NEW-1: PROTOCOL.md 2 and 6 ask for a heartbeat then the HELLO again when DTR rises; a device whose
    1 s timer runs on sent it 0.6 s after a beat and FAILed: "heartbeat 0.40 s after the one before"."""
    beats = sorted([(float(n), False) for n in range(7)] + [(extra_at, True)])  # at 2.0: the 1 s beat first
    lines = [(t, _frame("HB", seq, "38") + (HELLO if extra else b"")) for seq, (t, extra) in enumerate(beats, start=40)]
    check, found = _check(lines)
    assert found == [] and check.finish(6.5) == []
    summary = check.summary(6.5)
    assert summary.passed and summary.period is not None and round(summary.period[1], 3) == 1.0


def test_a_heartbeat_said_with_a_hello_is_still_timed_when_it_breaks_the_period_either_way():
    beats = [(0.0, _frame("HB", 1, "-")), (1.0, _frame("HB", 2, "-")), (1.5, _frame("HB", 3, "-") + HELLO),
             (3.0, _frame("HB", 4, "-"))]
    check, found = _check([(0.0, HELLO)] + beats)
    assert [d.rule for d in found] == ["heartbeat_period"] and "0.50 s after the one before" in found[0].text


def test_a_mean_period_out_of_range_is_said_as_a_deviation_line():
    """verN L7: every interval 1.15 s FAILed the check with no deviation line to say why."""
    check, found = _check([(0.0, HELLO)] + [(1.15 * n, _frame("HB", n, "-")) for n in range(1, 8)])
    assert found == []
    (mean,) = check.finish(8.1)
    assert mean.rule == "heartbeat_period" and "mean heartbeat period 1.150 s over 6 intervals" in mean.text
    assert not check.summary(8.1).passed and check.finish(8.2) == []


def test_a_check_ended_by_sigterm_still_gives_its_verdict_and_json_its_closing_counts(tmp_path):
    """verN L8: `timeout 60 dealer-assist listen --conformance` (a CI job) printed no verdict at all; and
    `listen --json` printed no closing counts (stdout is the JSON; they go to stderr, as without --json)."""
    import signal

    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--json",
                                   "--conformance"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = json.loads(listen.stdout.readline())
        assert (first["event"], first["state"]) == ("link", "up")  # pyserial has emptied the input by then
        device.write(HELLO + _frame("CARD", 1, "AS"))
        assert json.loads(listen.stdout.readline())["event"] == "hello"
        assert json.loads(listen.stdout.readline())["card"] == "AS"
        listen.send_signal(signal.SIGTERM)
        out, err = rest_of_output(listen, timeout=30)  # not communicate(): it misses what readline() buffered
    finally:
        device.close()
    records = [json.loads(line) for line in out.splitlines()]
    assert records[-1]["event"] == "conformance" and records[-1]["verdict"] == "fail"  # too few heartbeats
    assert listen.returncode == 1 and "listen: " in err and "cards 1" in err and "Traceback" not in err


def test_a_line_too_long_keeps_all_a_frame_may_hold_for_its_report():
    from dealer_assist.sources.shoe_protocol import MAX_FRAME, LineSplitter

    (dropped,) = LineSplitter().feed(b"$CARD,1," + b"A" * 200)
    assert dropped.reason == "too_long" and dropped.raw == (b"$CARD,1," + b"A" * 200)[:MAX_FRAME]


@pytest.mark.parametrize("overflow_first", [True, False], ids=["ERR before the gap", "ERR after the gap"])
def test_the_gap_an_err_overflow_tells_is_no_skipped_seq(overflow_first):
    """qaN F10 / verN: PROTOCOL.md 6 said OVERFLOW's lost frames show as a SEQ gap, and the check FAILed that
    gap as seq_skipped ("a device never skips a SEQ value").  Section 5 now allows that one gap."""
    err = "ERR", "OVERFLOW", "2 frames lost in the device"
    frames = ([(2, err), (5, ("CARD", "2C"))] if overflow_first else [(4, err), (5, ("CARD", "2C"))])
    lines = [(0.0, HELLO), (0.0, _frame("CARD", 1, "AS"))] + [(0.5, _frame(kind, seq, *rest))
                                                              for seq, (kind, *rest) in frames]
    check, found = _check(lines)
    assert found == []
    _, found = _check([(0.6, _frame("CARD", 7, "3C"))], check)  # a gap with no OVERFLOW is still named
    assert [d.rule for d in found] == ["seq_skipped"]


def test_raw_lines_and_their_deviations_come_just_before_the_events_they_bring(tmp_path):
    """verN L5: all lines (and deviations) of one read came before any event of it: the deviation of CARD 3
    was printed before the `hello` and the CRC drop of CARD 2.  JSON.md: a `line` comes before its events."""
    device = (HELLO + _frame("CARD", 1, "AS") + b"$CARD,2,KD*0000\r\n" + _frame("CARD", 3, "9S", lower=True))
    run = _listen(tmp_path, device, "--json", "--raw", "--conformance", "--cards", "2")
    order = [(r["event"], r.get("raw", "")[:8]) for r in map(json.loads, run.stdout.splitlines())
             if r["event"] in ("line", "hello", "card", "dropped", "deviation")]
    assert order == [("line", "$HELLO,0"), ("hello", ""), ("line", "$CARD,1,"), ("card", ""), ("line", "$CARD,2,"),
                     ("dropped", "$CARD,2,"), ("line", "$CARD,3,"), ("deviation", "$CARD,3,"), ("card", "")], order


def test_a_heartbeat_still_held_for_a_hello_is_no_silence():
    """A heartbeat is timed once the next line shows no HELLO came with it; meanwhile it still ends a silence."""
    check, found = _check([(0.0, HELLO), (0.0, _frame("HB", 1, "-")), (1.0, _frame("HB", 2, "-")),
                           (3.2, _frame("HB", 3, "-"))])
    assert check.tick(3.25) == [] and found == []  # HB 3 came 0.05 s ago: no "no heartbeat for 2.25 s"
    (late,) = check.tick(3.8)  # no HELLO came with it: timed
    assert late.rule == "heartbeat_period" and "heartbeat 2.20 s after the one before" in late.text


def test_heartbeats_found_missing_are_not_also_too_few_to_time():
    """qaAV F8: PROTOCOL.md 6.1's session (one heartbeat, then silence) ended "1 deviation (heartbeat_period x1);
    1 heartbeat heard, too few to time them: listen for 3 s or more": the period both a deviation and untimed,
    and the check had listened 4 s.  A short listen still says it is too short."""
    session = [_frame("HELLO", 0, "1", "fw-2.3", "SHOE-0042", "9F3A0001"), _frame("SHOE", 1, "NEW"),
               _frame("CARD", 2, "AS"), _frame("CARD", 3, "??"), _frame("HB", 4, "3"),
               _frame("ERR", 5, "JAM", "card jammed at the mouth"), _frame("SHOE", 6, "CUT"), _frame("SHOE", 7, "EMPTY")]
    check, found = _check([(0.0, b"".join(session))])
    found += [d for t in (1.0, 2.0, 3.0, 4.0) for d in check.tick(t)]
    assert [d.rule for d in found] == ["heartbeat_period"] and "no heartbeat for" in found[0].text
    summary = check.summary(4.0)
    assert not summary.passed and summary.reasons == ("1 deviation from PROTOCOL.md's MUSTs (heartbeat_period x1)",)
    short, found = _check([(0.0, HELLO + _frame("HB", 1, "-"))])
    assert found == [] and short.tick(0.8) == []
    assert short.summary(0.8).reasons == ("1 heartbeat heard, too few to time them: listen for 3 s or more",)
