"""Setting a profile's acceptance thresholds by reading its own shots under simulated table conditions.

Not implemented yet: the profile keeps the default thresholds of
:class:`dealer_assist.vision.profile.Thresholds`.
"""

from __future__ import annotations

from dealer_assist.vision.profile import Profile, Thresholds


def derive_thresholds(profile: Profile, shots) -> Thresholds:
    return Thresholds()
