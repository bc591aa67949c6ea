"""Inlined calls share variables only where their lives never meet (engine/slots.py).

Each case is a function body written the way the specialiser leaves one: every inlined call's
names carry its suffix (`_1`, `_2`), `parents` says which call each was inlined into. Which
names may share is worked out by hand from where each value is written and read; and the body
renamed as `shared` says must return what the body as written returns, for several inputs.
"""
from __future__ import annotations

import ast
import textwrap

import pytest

from muggins.engine.slots import shared
from muggins.engine.specialise import rename


def renaming(source: str, parents: dict[str, str | None]) -> tuple[dict[str, str], list[ast.stmt]]:
    body = ast.parse(textwrap.dedent(source)).body
    group_of = {node.id: "_" + node.id.rsplit("_", 1)[1] for stmt in body for node in ast.walk(stmt)
                if isinstance(node, ast.Name) and node.id.rsplit("_", 1)[-1].isdigit()}
    renames = shared(body, group_of, parents)
    rename(body, renames)
    return renames, body


def run(body: list[ast.stmt] | str, n: int) -> object:
    """The body's `result`, run as a function of `n`."""
    tree = ast.parse(textwrap.dedent(body)) if isinstance(body, str) else ast.Module(body, [])
    namespace: dict[str, object] = {}
    function = ast.FunctionDef("course", ast.arguments([], [ast.arg("n")], None, [], [], None, []),
                               tree.body + ast.parse("return result").body, [], None, None)
    exec(compile(ast.fix_missing_locations(ast.Module([function], [])), "<case>", "exec"), namespace)
    return namespace["course"](n)  # type: ignore[operator]


SIBLINGS = """
    value_1 = n + 1
    total_1 = value_1 * 2
    result = total_1
    value_2 = n * 3
    total_2 = value_2 - 1
    result += total_2
    value_3 = result % 7
    result -= value_3
"""

CARRIED_OUT_OF_A_LOOP = """
    result = 0
    for i in range(n):
        best_2 = i + 3              # a sibling, first in the body
        result += best_2
        if i % 2 == 0:
            best_1 = i * i % 5 + 1  # written on some turns only, read after the loop
    result += best_1 if n else 0
"""

CARRIED_INTO_A_LOOP = """
    value_1 = n * 2
    result = 0
    i = 0
    while i < value_1:              # the header reads value_1 at every turn
        value_2 = i % 3
        result += value_2
        i += 1
"""

CARRIED_ACROSS_TURNS_OF_ITS_OWN_LOOP = """
    result = 0
    i = 0
    while True:                     # call 1's own loop: its names live from one turn to the next
        if i >= n:
            break
        seen_1 = i * 4 if i == 0 else seen_1 + i
        step = seen_1 % 9
        seen_2 = step + 1           # call 2, inlined inside call 1, runs after seen_1's last use
        result += seen_2            # in the body's text, but seen_1 is read again next turn
        i += 1
"""

CAPTURED = """
    value_1 = n + 5
    keep = lambda: value_1
    result = keep()
    value_2 = n * 11
    result += value_2 + keep()
"""


@pytest.mark.parametrize("n", [0, 1, 2, 5, 9])
def test_calls_that_follow_one_another_share_names_and_compute_the_same(n: int) -> None:
    renames, body = renaming(SIBLINGS, {"_1": None, "_2": None, "_3": None})
    # value_1 and total_1 are last read before value_2 is written; value_2 before value_3
    assert renames == {"value_2": "value_1", "total_2": "total_1", "value_3": "value_1"}
    assert run(body, n) == run(SIBLINGS, n)


@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_a_value_written_in_a_loop_and_read_after_it_keeps_its_name(n: int) -> None:
    renames, body = renaming(CARRIED_OUT_OF_A_LOOP, {"_1": None, "_2": None})
    assert renames == {}
    assert run(body, n) == run(CARRIED_OUT_OF_A_LOOP, n)


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_a_value_a_loop_header_reads_keeps_its_name(n: int) -> None:
    renames, body = renaming(CARRIED_INTO_A_LOOP, {"_1": None, "_2": None})
    assert renames == {}
    assert run(body, n) == run(CARRIED_INTO_A_LOOP, n)


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_a_call_never_shares_with_the_call_it_runs_inside(n: int) -> None:
    source = CARRIED_ACROSS_TURNS_OF_ITS_OWN_LOOP
    renames, body = renaming(source, {"_1": None, "_2": "_1"})
    assert renames == {}
    assert run(body, n) == run(source, n)
    # the same two calls as siblings would share, wrongly: the lineage is what keeps them apart
    renames, body = renaming(source, {"_1": None, "_2": None})
    assert renames == {"seen_2": "seen_1"}
    if n >= 3:
        assert run(body, n) != run(source, n)


@pytest.mark.parametrize("n", [0, 2, 8])
def test_a_name_a_lambda_reads_is_never_shared(n: int) -> None:
    renames, body = renaming(CAPTURED, {"_1": None, "_2": None})
    assert renames == {}  # value_2 written while keep, which reads value_1, is still called
    assert run(body, n) == run(CAPTURED, n)


def test_names_written_differently_are_not_shared() -> None:
    renames, _ = renaming(SIBLINGS.replace("value_2", "other_2"), {"_1": None, "_2": None, "_3": None})
    assert "other_2" not in renames
