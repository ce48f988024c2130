"""A camera whose tone curve is not the set-up's reads the shared test frames as at set-up.

A camera's gamma (255 * (v / 255) ** 2.2) darkens every grey level between the paper and the ink, so
each glyph's stroke edges fall under the ink cut and every index reads bolder than its template; its
exposure turned up (1.8 times, the paper clipped to white) lifts them towards the paper and the strokes
thin.  Paper and ink stay where they were, so neither tells such a frame; the ranks the frame does read
clearly do (their ink against their templates', see :mod:`dealer_assist.vision.tone`), and the frame
is read again with its curve undone.  These frames read one card or none so; read again, every card
they read unaltered.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.recognize import CardHit, FrameResult
from dealer_assist.vision.tone import BENT, THIN, bent_gamma, more_read, undo_table
from frame_truth import CARDS, assert_reads_as_unaltered, shipped_readers


def gamma_2_2(frame: np.ndarray) -> np.ndarray:
    return (255 * (frame.astype(np.float32) / 255) ** 2.2).astype(np.uint8)


def exposed_1_8(frame: np.ndarray) -> np.ndarray:
    return np.clip(frame.astype(np.float32) * 1.8, 0, 255).astype(np.uint8)


#: Frames of which one card or none was read so altered (on 40ea39c), and at least four unaltered.
FRAMES = [(gamma_2_2, "anglo", "0013.jpg"), (gamma_2_2, "anglo", "0022.jpg"), (gamma_2_2, "plastic", "0106.jpg"),
          (exposed_1_8, "anglo", "0043.jpg"), (exposed_1_8, "plastic", "0110.jpg")]


@pytest.fixture(scope="module")
def readers():
    return shipped_readers()


@pytest.mark.parametrize("alter,deck,name", FRAMES, ids=lambda p: getattr(p, "__name__", p))
def test_a_frame_under_another_tone_curve_reads_the_cards_it_reads_unaltered(readers, alter, deck, name):
    frame = cv2.imread(str(CARDS / "test" / deck / name))
    assert_reads_as_unaltered(readers[deck], deck, name, frame, alter(frame))


def test_the_glyphs_read_tell_the_curve():
    assert bent_gamma([]) is None
    assert bent_gamma([1.0, 1.1, 0.9]) is None
    assert bent_gamma([BENT - 0.01]) is None and bent_gamma([THIN + 0.01]) is None
    assert bent_gamma([1.36, 1.3, 1.4]) > 2.0  # bolder: the camera's gamma darkened the grey levels
    assert bent_gamma([0.7, 0.6, 0.72]) < 0.5  # thinner: lifted towards clipped paper
    assert list(undo_table(2.2)[0, [0, 255]]) == [0, 255]
    assert undo_table(2.2)[0, 56] == 128 and undo_table(1 / 2.2)[0, 128] == 56


def _result(*codes: str) -> FrameResult:
    square = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    return FrameResult(cards=[CardHit(Card(c[0], c[1]), 0.9, square, 0.5) for c in codes])


def test_a_read_again_is_kept_only_when_it_adds_to_the_first():
    assert more_read(_result("KD"), _result("KD", "2C"))
    assert not more_read(_result("KD"), _result("KD"))
    assert not more_read(_result("KD", "5H"), _result("KS", "5H", "2C"))  # the first's KD is lost
    assert not more_read(_result("KD", "KD"), _result("KD", "2C", "3C"))  # one KD of the first is lost
