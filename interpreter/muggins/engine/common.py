"""What both game families share: the outcome value, score events, and drawing lots.

Every change of a score goes through an event that says who, how much and why, so that logs,
records, statistics and invariant checks are all built from the event stream.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Generic, Sequence, TypeVar

Piece = TypeVar("Piece")
MAX_TIE_ROUNDS = 64


@dataclass(frozen=True, slots=True)
class Scored:
    """A player's score changed by `points` (negative for a penalty) for `reason`."""

    player: int
    points: int
    reason: str
    score: int  # the player's score after the change


@dataclass(frozen=True, slots=True)
class LotteryDrawn(Generic[Piece]):
    """Players drew pieces to decide who opens or deals; one tuple of draws per tie-break round."""

    purpose: str
    rounds: tuple[tuple[tuple[int, Piece], ...], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: see `outcome`."""

    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: `target` with a winner, or `unfinished` when the round cap was hit."""

    termination: str
    winner: int | None
    scores: tuple[int, ...]
    rounds: int

    @property
    def finished(self) -> bool:
        return self.termination == "target"


def draw_lots(
    purpose: str,
    candidates: Sequence[int],
    pieces: Sequence[Piece],
    rank: Callable[[Piece], int] | None,
    rng: random.Random,
) -> LotteryDrawn:
    """Choose one of `candidates`: each draws a piece from the shuffled set, the highest `rank`
    wins and tied candidates draw again from a reshuffled set; with no `rank`, a uniform pick."""
    if rank is None:
        winner = candidates[rng.randrange(len(candidates))]
        return LotteryDrawn(purpose, (), winner)
    rounds = []
    remaining = list(candidates)
    for _ in range(MAX_TIE_ROUNDS):
        # each candidate draws a different piece of the shuffled set: a sample is the same draw
        drawn = rng.sample(pieces, len(remaining))
        rounds.append(tuple(zip(remaining, drawn)))
        ranks = [rank(piece) for piece in drawn]
        best = max(ranks)
        if ranks.count(best) == 1:
            return LotteryDrawn(purpose, tuple(rounds), remaining[ranks.index(best)])
        remaining = [player for player, r in zip(remaining, ranks) if r == best]
    # Only a rank that ties everyone forever gets here: settle it with a uniform pick.
    return LotteryDrawn(purpose, tuple(rounds), remaining[rng.randrange(len(remaining))])
