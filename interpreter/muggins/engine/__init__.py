"""What every family's games share: the table (seats, claims, scores: `table`), the outcome and
score events and chance (`common`); and `make_game`, which asks the rules' family."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import Rules

if TYPE_CHECKING:  # for type checkers only: importing the table here would import the bots half-made
    from .table import TableGame


def make_game(rules: Rules, players: int, max_rounds: int = 1000) -> TableGame:
    """The game object for `rules`' family: it makes states (`new_state(seed)`) and reads moves."""
    from ..errors import MugginsError
    from ..families import family_of
    from ..pieces import safe_repr
    from ..rules import Rules
    if not isinstance(rules, Rules):
        raise MugginsError(f"make_game takes the rules that load_rules(...) returns, not {safe_repr(rules)}")
    return family_of(rules).make_game(rules, players, max_rounds)
