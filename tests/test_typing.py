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


USER_SCRIPT = '''
from typing import Any, Sequence

from muggins import IllegalMoveError
from muggins.bots import make_bots
from muggins.engine import make_game
from muggins.families.line.game import DominoState
from muggins.loader import load_rules
from muggins.match import run_game


class FirstBot:
    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


class OurError(IllegalMoveError):
    pass


game = make_game(load_rules("domino-muggins"), players=2)
state = game.new_state(seed=1)
state.play(state.legal_moves()[0])
run_game(state, [FirstBot(), *make_bots(["greedy"], seed=1)])
print(state.outcome, state.hands[0])
if isinstance(state, DominoState):  # a family's own attributes, once the state is known to be of it
    print(state.boneyard, state.line.tiles)
'''


def test_a_users_script_on_the_api_type_checks_strictly(tmp_path: Path) -> None:
    """py.typed promises the API's types to its users: the README's example, a bot with only
    `choose` (what run_game asks) and an error class of our own pass `mypy --strict`, and the
    types are not Any: a misspelt attribute of a state is found."""
    (tmp_path / "mypy.ini").write_text(f"[mypy]\nmypy_path = {ROOT / 'interpreter'}\nfollow_imports = silent\n"
                                       "strict = True\n", encoding="utf-8")
    for name, text, found in (("user.py", USER_SCRIPT, ""),
                              ("typo.py", USER_SCRIPT + "print(state.outcom)\n", 'has no attribute "outcom"')):
        (tmp_path / name).write_text(text, encoding="utf-8")
        stdout, stderr, status = api.run(["--config-file", str(tmp_path / "mypy.ini"), "--cache-dir",
                                          str(tmp_path / ".mypy_cache"), str(tmp_path / name)])
        assert (status != 0) == bool(found) and found in stdout, stdout + stderr
