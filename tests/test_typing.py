"""Rule: the package's type hints are true (it ships py.typed): mypy finds no error in it; and
no code is dead: pyflakes finds no unused import or variable in the package, its tests or the bench.

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


def test_pyflakes_finds_nothing_unused() -> None:
    reporter = pytest.importorskip("pyflakes.reporter", reason="pyflakes is not installed (pip install -e '.[test]')")
    from io import StringIO

    from pyflakes.api import checkRecursive
    out, err = StringIO(), StringIO()
    found = checkRecursive([str(ROOT / name) for name in ("interpreter", "tests", "bench")],
                           reporter.Reporter(out, err))
    assert found == 0, out.getvalue() + err.getvalue()
