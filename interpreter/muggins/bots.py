"""Bots: seeded players that choose among legal moves from what a player at the table sees.

A bot is given a view (its own hand, the table, scores, counts), never the game state, so it
cannot read hidden pieces. Bots work for every game family: a view answers `points_if(move)`
and `tiebreak(move)`, and card views add the Muggins decisions (`claims`, `calls`).
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence


class Player(Protocol):
    """Anything that picks a move: a bot, or a person at the terminal."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


class RandomBot:
    """Uniform among the legal moves."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class GreedyBot:
    """The move with the most immediate points; ties go to the heavier piece, then the first listed."""

    name = "greedy"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        best, best_key = legal[0], None
        for move in legal:
            key = (view.points_if(move), view.tiebreak(move))
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int | str, seat: int) -> Player:
    """A bot of `kind` with its own RNG, derived from the game seed and its seat."""
    try:
        cls = BOTS[kind]
    except KeyError:
        from .errors import MugginsError
        raise MugginsError(f"unknown bot {kind!r} (bots: {', '.join(BOTS)})") from None
    return cls(random.Random(f"{seed}:bot:{seat}"))
