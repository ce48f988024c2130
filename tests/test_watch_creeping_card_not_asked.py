"""A card squared up into its place, creeping and smeared, is not asked for as it stops and is read (rev17 F5).

The deal of :mod:`sliding_deal` (the shared anglo set-up shots): each card pushed fast from the shoe, then slid
its last frames 10 px a frame into its slot, smeared, then lying still.  A card seen whole with no index lay
"still" when it moved under :data:`STILL` card heights a sighting (13 px), so the 7♠ creeping sideways into
the Player's third place reached its sightings at rest while it still moved and was asked for the frame
before it was read (the display then held its read: "if you typed that card already, Del").  Lying still is
now judged from where its still sightings began as well: a creeping card drifts, a resting one does not.
"""

from __future__ import annotations

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch
from sliding_deal import sliding_deal

DEAL = ("9S", "KD", "10H", "4C", "7S", "QH")


def test_each_card_squared_up_into_its_place_is_read_once_and_none_is_asked_for(tmp_path):
    grabber = FrameGrabber(str(sliding_deal(tmp_path, DEAL)), drop=False).start()
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber, every_frame=True)]
    finally:
        grabber.stop()
    asked = [e for e in events if isinstance(e, UnreadCard)]
    assert not asked, f"asked for a card that was read as it stopped: {asked}"
    cards = [e for e in events if isinstance(e, NewCard)]
    assert [e.card.code for e in cards] == [code.replace("10", "T") for code in DEAL]
    assert not any(e.after_unread for e in cards)
