"""A void hand's reason, at ``train --text`` as in the window, names no frame number (stop 63's list):
"a card could not be read (seq 18)" and "frames 7, 8 lost" mean nothing to a trainee; the window alone
took them out, after the fact, by pattern."""

from __future__ import annotations

import re
import time

import pytest

from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.training import FeedError, SourceFeed

HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1")


@pytest.mark.parametrize("frames, words", [
    (format_frame("CARD", 1, "AS") + format_frame("CARD", 2, "??"), "a card could not be read; this hand is void"),
    (format_frame("CARD", 1, "AS") + format_frame("CARD", 4, "KD"),
     "a message from the shoe was lost (it may have held a card); this hand is void"),
], ids=["unreadable", "lost-frames"])
def test_the_void_reason_is_said_in_words(frames, words):
    endpoint = PtyEndpoint()
    feed = SourceFeed(open_source(f"serial:{endpoint.url}", demand=lambda: True), wait=30)
    try:
        feed.start()
        end = time.monotonic() + 30
        while not (endpoint.host_connected() and feed.source.link == "up") and time.monotonic() < end:
            time.sleep(0.01)
        endpoint.write(HELLO + format_frame("HB", 1, "0") + frames)
        assert feed.next_card().code == "AS"
        with pytest.raises(FeedError) as caught:
            feed.next_card()
    finally:
        feed.close()
        endpoint.close()
    told = str(caught.value)
    assert words in told, told
    assert not re.search(r"seq \d|frames? \d", told), told
