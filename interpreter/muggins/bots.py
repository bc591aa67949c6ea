"""Bots: seeded players that choose among legal moves from what a player at the table sees.

A bot is given a view (its own hand, the table, scores, counts), never the game state, so it
cannot read hidden pieces. Bots work for every game family: a view answers `points_if(move)`
and `tiebreak(move)`, and card views add the Muggins decisions (`claims`, `calls`).
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from .errors import MugginsError


class Player(Protocol):
    """Anything that picks a move: a bot, or a person at the terminal."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


class Bot:
    """A seeded bot. `forget` is how often it fails to claim its own points, `attention` how often
    it calls "Muggins!" on an opponent's unclaimed points (games with claims only)."""

    name = "bot"

    def __init__(self, rng: random.Random, forget: float = 0.0, attention: float = 1.0):
        self.rng = rng
        self.forget = forget
        self.attention = attention

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        decision = getattr(view, "decision", None)
        if decision is not None:
            if decision == "claim":
                yes = self.forget <= 0 or self.rng.random() >= self.forget
            else:
                yes = self.attention >= 1 or self.rng.random() < self.attention
            return next(move for move in legal if (move.kind != "decline") == yes)
        if len(legal) == 1:
            return legal[0]
        return self.pick(view, legal)

    def pick(self, view: Any, legal: Sequence[Any]) -> Any:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform among the legal moves."""

    name = "random"

    def pick(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[int(self.rng.random() * len(legal))]  # one float per choice: the fast kernels match it


class GreedyBot(Bot):
    """The move with the most immediate points; ties go to the heavier piece, then the first listed."""

    name = "greedy"

    def pick(self, view: Any, legal: Sequence[Any]) -> Any:
        best, best_key = legal[0], None
        for move in legal:
            key = (view.points_if(move), view.tiebreak(move))
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def bot_generator(seed: int | str) -> random.Random:
    """The random generator the bots of the game played from `seed` share: one per game, apart
    from the game's own (so a record replays without bots), since seeding one costs about as
    much as five moves of a simulated card game."""
    return random.Random(f"{seed}:bots")


def make_bots(kinds: Sequence[str], seed: int | str, forget: float = 0.0, attention: float = 1.0) -> list[Bot]:
    """One bot of each kind, in seat order, drawing from the game's one bot generator."""
    rng = bot_generator(seed)
    bots = []
    for kind in kinds:
        try:
            cls = BOTS[kind]
        except KeyError:
            raise MugginsError(f"unknown bot {kind!r} (bots: {', '.join(BOTS)})") from None
        bots.append(cls(rng, forget, attention))
    return bots
