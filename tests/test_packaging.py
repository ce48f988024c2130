"""What an installed (not editable) package needs besides its modules: the demo deck's profile."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

import dealer_assist
from dealer_assist.vision.profile import Profile, default_profile_path

PACKAGE = Path(dealer_assist.__file__).parent
ROOT = PACKAGE.parent


def test_the_default_profile_is_reached_from_inside_the_package():
    """A wheel copies only files under the package: the default profile must be found there."""
    path = default_profile_path()
    assert path.is_relative_to(PACKAGE)
    assert Profile.load(path).name == "anglo"


def test_package_data_takes_in_every_file_of_the_shipped_profiles():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["dealer_assist"]
    # setuptools expands the patterns like glob.glob does (following the link into calibration/)
    shipped = {Path(p) for pattern in patterns for p in glob.glob(str(PACKAGE / pattern), recursive=True)}
    profile_files = [p for p in (ROOT / "calibration" / "anglo").iterdir() if p.is_file()]
    assert profile_files
    for f in profile_files:
        assert PACKAGE / "data" / "calibration" / "anglo" / f.name in shipped, f.name


def test_the_installed_console_script_runs_and_reports_the_package_version():
    """Every other command test runs ``python -m dealer_assist.cli``: this one runs the script pip installed
    (its entry point), from another folder, and checks the version the metadata took from the package."""
    import subprocess
    import sys
    from importlib.metadata import version

    script = Path(sys.executable).parent / "dealer-assist"
    assert script.is_file(), f"no console script beside {sys.executable}: install the package (pip install -e .)"
    out = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60, cwd="/")
    assert out.returncode == 0 and out.stdout.strip() == f"dealer-assist {dealer_assist.__version__}"
    assert version("dealer-assist") == dealer_assist.__version__


def test_the_program_sets_one_blas_thread_before_numpy_loads():
    """OpenBLAS threads holding a lock while Qt forked its accessibility helper hung a start in twenty."""
    import subprocess
    import sys

    code = ("import os, sys; os.environ.pop('OPENBLAS_NUM_THREADS', None); import dealer_assist.cli; "
            "print(os.environ.get('OPENBLAS_NUM_THREADS'), 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["1", "False"], out.stderr
