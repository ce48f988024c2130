"""The display's end of a folder of images names the unreadable images it passed over, as ``watch`` does (qaAJ F2:
SOURCE FINISHED said "1 unreadable image(s) passed over" with no name, and the journal had no more)."""

from __future__ import annotations

from camera_runs import run_to_end
from dealer_assist.events import CardRead, LinkState
from dealer_assist.sources.factory import open_source
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from layout_frames import laid_out


def test_the_end_of_a_folder_names_the_first_unreadable_images_and_counts_the_rest(tmp_path):
    frames = laid_out(tmp_path / "frames", (("9S", 400, 450),))
    for name in ("0003b.png", "0005b.png", "0007b.png", "0009b.png"):
        (frames / name).write_bytes(b"not an image")
    events: list = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo", lambda: True), events.append)
    assert [e.card.code for e in events if isinstance(e, CardRead)] == ["9S"]
    (end,) = [e for e in events if isinstance(e, LinkState) and e.state == "ended"]
    said = "4 unreadable image(s) passed over: 0003b.png, 0005b.png, 0007b.png and 1 more"
    assert said in end.detail
    session = TableSession(journal=Journal.open(tmp_path / "j.sqlite"), odds=False)
    session.handle(end)
    (alert,) = [a for a in session.snapshot.alerts if a.title == "SOURCE FINISHED"]
    assert said in alert.text
    session.close()
    journal = Journal.open(tmp_path / "j.sqlite")
    (link,) = [e for e in journal.entries() if e.kind == "link" and e.payload["state"] == "ended"]
    assert said in link.payload["detail"]
    journal.close()


def test_one_unreadable_image_is_named_alone(tmp_path):
    frames = laid_out(tmp_path / "frames", (("9S", 400, 450),))
    (frames / "0004b.png").write_bytes(b"junk")
    events: list = []
    run_to_end(open_source(f"camera:{frames}?profile=anglo", lambda: True), events.append)
    (end,) = [e for e in events if isinstance(e, LinkState) and e.state == "ended"]
    assert end.detail.endswith("(1 unreadable image(s) passed over: 0004b.png)")
