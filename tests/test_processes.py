"""Errors cross process boundaries intact: a worker's located error reaches the person as it was."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from muggins.errors import (ExpressionError, IllegalMoveError, Location, MugginsError, Problem, RecordError,
                            RuleError, RuleFileError)
from muggins.loader import load_rules
from muggins.messages import illegal


def _round_trip(error: Exception) -> Exception:
    return pickle.loads(pickle.dumps(error))


def test_a_rule_file_error_keeps_every_located_problem(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: domino-muggins\nname: house\nwin:\n  target: 'players +'\n  immediate: maybe\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    copy = _round_trip(caught.value)
    assert type(copy) is RuleFileError
    assert copy.report() == caught.value.report() and str(copy) == str(caught.value)
    assert [p.location.line for p in copy.problems] == [p.location.line for p in caught.value.problems]


@pytest.mark.parametrize("error", [
    ExpressionError([Problem(Location("f.yaml", 3, 7, "  points: x +"), "syntax error")]),
    RuleError("`ends_sum // (ends_sum - 5)` at f.yaml:4:5: division by zero"),
    RecordError("r.json: move 3 ('draw') is illegal"),
    MugginsError("plain"),
    illegal("not_in_hand", piece="5H", player=2),
], ids=lambda e: type(e).__name__)
def test_every_error_kind_survives_pickling(error: MugginsError):
    copy = _round_trip(error)
    assert type(copy) is type(error) and str(copy) == str(error)
    if isinstance(error, IllegalMoveError):
        assert (copy.key, dict(copy.params)) == (error.key, dict(error.params))
