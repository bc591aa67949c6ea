"""Rule: the package's type hints are true (it ships py.typed): mypy finds no error in it.

mypy reads its settings from pyproject.toml's [tool.mypy]; the stubs it needs are in the `test` extras.
"""
from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors() -> None:
    stdout, stderr, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(ROOT / ".mypy_cache"),
        str(ROOT / "interpreter" / "muggins"),
    ])
    assert status == 0, f"mypy reported errors:\n{stdout}{stderr}"
