"""A ``SHOE`` frame whole (its CRC checks) with a state v1 does not know, and lower-case fields (qaAP F2, F4).

``$SHOE,n,OPEN`` with a good CRC was dropped as malformed, "SHOE takes one field" (it has one), and taken for a
damaged frame that may have been the CUT CARD: FRAMES LOST, the next card held, Enter twice.  A frame whose CRC
checks is no damaged CUT: it is passed over as PROTOCOL.md 7.7 says of what a later version adds (its SEQ counted,
no card, no cut card) and told (SHOE STATE OPEN NOT KNOWN).  A v1 state in lower case (``cut``) is still dropped
(it may be the firmware's CUT) with words that say why, and so is a lower-case card code.  Real bytes over a pty.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import FrameDropped, SeqGap, ShoeSignal
from dealer_assist.sources.shoe_protocol import DROP_MALFORMED, FrameError, ShoeFrame, parse_frame
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def test_an_unknown_state_whole_is_a_frame_not_a_dropped_line():
    parsed = parse_frame(frame("SHOE", 27, "OPEN"))
    assert parsed == ShoeFrame(27, "OPEN") and not parsed.known
    assert parse_frame(frame("SHOE", 28, "CUT")).known


@pytest.mark.parametrize("state, why", [("cut", "state 'cut' is not NEW, CUT or EMPTY (states are upper case)"),
                                        ("op en", "state 'op en' is not NEW, CUT or EMPTY nor a state's A-Z")])
def test_a_state_not_a_word_is_dropped_saying_why(state, why):
    with pytest.raises(FrameError) as caught:
        parse_frame(frame("SHOE", 6, state))
    assert caught.value.reason == DROP_MALFORMED and why in caught.value.why


def test_a_lower_case_card_code_is_dropped_naming_the_upper_case_one():
    with pytest.raises(FrameError) as caught:
        parse_frame(frame("CARD", 16, "5h"))
    assert caught.value.reason == DROP_MALFORMED and "codes are upper case (5H)" in caught.value.why


def test_an_unknown_state_holds_no_card_and_is_told(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("SHOE", 2, "OPEN"), frame("CARD", 3, "4D"),
             frame("HB", 4, "3"))
    assert wait_for(lambda: rig.played() == ["2H", "4D"])
    assert wait_for(lambda: any(isinstance(e, ShoeSignal) and e.state == "open" for e in rig.events))
    assert rig.session.snapshot.pending is None  # 4D was played as it came: no cut card, no card lost
    assert not any(isinstance(e, (SeqGap, FrameDropped)) for e in rig.events)
    alerts = rig.alerts()
    assert "gap" not in alerts and not rig.session.state.shoe.cut_out
    told = alerts["shoe:unknown"]
    assert told.title == "SHOE STATE OPEN NOT KNOWN" and "(frame 2)" in told.text and "O twice" in told.action


def test_a_lower_case_cut_still_keeps_its_gap_as_a_cut_card_maybe(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("SHOE", 2, "cut"), frame("CARD", 3, "4D"))
    assert wait_for(lambda: any(isinstance(e, SeqGap) for e in rig.events))
    (gap,) = [e for e in rig.events if isinstance(e, SeqGap)]
    assert gap.may_be_cut
