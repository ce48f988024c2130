"""The benchmark scripts as modules, for tests of the parts they share with the package's tests.

Loaded by path: put on ``sys.path``, the ``benchmarks`` folder would stay there for every later
test, and one of its scripts' names could hide a library's module (it once hid pyserial).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, loaded once, under a name no library uses."""
    key = f"_benchmarks_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]
