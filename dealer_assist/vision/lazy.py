"""A property worked out when first asked for and kept on the instance, without a lock.

Python 3.11's ``functools.cached_property`` takes a lock on every first look
(one per instance and property); the reader makes hundreds of glyphs and
reads a frame on one thread, and the lock costs more than many of the values.
"""

from __future__ import annotations


class lazy:
    """As ``functools.cached_property`` (the value is stored in the instance's ``__dict__``, where
    later looks find it first, also on a frozen dataclass), without its lock: not thread-safe."""

    def __init__(self, func) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value
