from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent


def _root_files() -> set[str]:
    return {entry.name for entry in ROOT.iterdir()}


@pytest.fixture(scope="session", autouse=True)
def nothing_left_in_the_repository_root():
    """A test that plays, keeps or renders must write into its own tmp folder: fail the run if any
    test left a new file (an autosave, a sheet, a plot) in the repository root."""
    before = _root_files()
    yield
    left = sorted(name for name in _root_files() - before
                  if not name.startswith(".") and not name.endswith((".egg-info", "__pycache__")))
    if left:
        pytest.fail("tests left files in the repository root: " + ", ".join(left), pytrace=False)
