"""A deal at 60 fps does not doubt the deck's own profile where the same deal at 30 fps does not.

Of frames in time order only the reads of cards lying where a read of the frame read before lay are weighed
for the profile's fit (see :mod:`dealer_assist.vision.profile_fit`): a card sliding in reads unsure.  A
stream sending each frame twice (or a 60 fps camera: half as far a frame) showed the sliding cards unmoved
between two frames, their unsure reads were weighed, and a normal deal read with the deck's own profile
warned that "the camera's picture has most likely changed".  The deal is drawn from the shared anglo set-up
shots (see :mod:`sliding_deal`), read by ``watch`` as frames of a 30 fps source and, each frame twice, of a
60 fps one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from sliding_deal import sliding_deal

DEAL = ("9S", "KD", "4H", "2C", "7S", "QH")


@pytest.mark.parametrize("copies", [1, 2])
def test_a_deal_sent_at_twice_the_frame_rate_reads_the_same_cards_and_doubts_no_profile(tmp_path, copies):
    frames = sliding_deal(tmp_path / "deal", DEAL)
    folder = tmp_path / "sent"
    folder.mkdir()
    for n, path in enumerate(sorted(frames.glob("*.png"))):
        for k in range(copies):
            shutil.copy(path, folder / f"{copies * n + k:05d}.png")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--fps", str(30 * copies), "--video", str(folder)],
                         capture_output=True, text=True, timeout=300)
    assert [line["card"] for line in map(json.loads, out.stdout.splitlines())] == list(DEAL)
    assert "not sure" not in out.stderr and out.returncode == 0, f"at {30 * copies} fps: {out.stderr}"
