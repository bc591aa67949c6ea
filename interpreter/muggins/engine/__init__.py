"""Game engines: the physics of where a piece can go (`line` for dominoes, `pile` for cards)
and the state machines that run a family's games from compiled rules."""
from __future__ import annotations

from typing import Any

from ..rules import Rules


def make_game(rules: Rules, players: int, max_rounds: int = 1000) -> Any:
    """The game object for `rules`' family: it makes states (`new_state(seed)`) and reads moves."""
    if rules.family == "line":
        from .domino import DominoGame
        return DominoGame(rules, players, max_rounds)
    from .cards import CardGame
    return CardGame(rules, players, max_rounds)
