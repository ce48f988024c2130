"""A text scale that is no number is refused with an example the key takes (rev16 F10: the refusal of
text_scale = "1.1" suggested "e.g. 1.5", which is outside the 0.8-1.25 the key then refuses)."""

from __future__ import annotations

import re

import pytest

from dealer_assist.table.config import TEXT_SCALE, ConfigError, config_from_mapping, text_scale_refusal


@pytest.mark.parametrize("value", ["1.1", True, "large"])
def test_a_text_scale_that_is_no_number_is_shown_one_the_key_takes(value):
    with pytest.raises(ConfigError) as refused:
        config_from_mapping({"display": {"text_scale": value}})
    message = str(refused.value)
    assert "display.text_scale" in message, message
    examples = [float(x) for x in re.findall(r"e\.g\. ([0-9.]+)", message)]
    assert examples, message
    for example in examples:  # the value suggested is one the key takes
        assert TEXT_SCALE[0] <= example <= TEXT_SCALE[1] and text_scale_refusal(example) is None, message
        assert config_from_mapping({"display": {"text_scale": example}}).text_scale == example


def test_other_numbers_keep_their_example():
    with pytest.raises(ConfigError, match=r"display\.sim_interval = \"x\" must be a number, e\.g\. 1\.5"):
        config_from_mapping({"display": {"sim_interval": "x"}})
