"""A blackjack zones file is checked as a blackjack table needs it (qaY small findings).

A file naming a seat the table does not have opened the table silently, and each card seen there was refused as
laid at a seat with no bet; a typo in a seat's name was answered with the baccarat example.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from dealer_assist.sources.base import SourceError
from dealer_assist.sources.factory import open_source
from dealer_assist.vision.layout_zones import LayoutZones, ZonesError


def test_a_seat_the_table_does_not_have_is_refused_before_the_table_opens(tmp_path):
    path = tmp_path / "zones.json"
    path.write_text(json.dumps({"zones": {"dealer": [0.3, 0, 0.7, 0.3], "seat 1": [0.7, 0.4, 1, 1],
                                          "seat 5": [0, 0.4, 0.3, 1]}}))
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0000.png"), np.full((72, 128, 3), 60, np.uint8))
    with pytest.raises(SourceError, match="this table has seats 1 to 3; this file names seat 5"):
        open_source(f"camera:{frames}?profile=anglo&zones={path}", lambda: True, game="blackjack", seats=3)
    # At a table of 5 seats it is one of them.
    assert open_source(f"camera:{frames}?profile=anglo&zones={path}", lambda: True, game="blackjack",
                       seats=5) is not None


def test_a_mistyped_seat_is_shown_a_blackjack_example(tmp_path):
    path = tmp_path / "zones.json"
    path.write_text(json.dumps({"zones": {"dealer": [0.3, 0, 0.7, 0.3], "seat1": [0.7, 0.4, 1, 1]}}))
    with pytest.raises(ZonesError, match="unknown zone 'seat1'") as refused:
        LayoutZones.load(path)
    assert '"seat 1": [' in str(refused.value) and '"player"' not in str(refused.value)
