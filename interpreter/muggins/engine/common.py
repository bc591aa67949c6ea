"""What both game families share: the outcome value, score events, and drawing lots.

Every change of a score goes through an event that says who, how much and why, so that logs,
records, statistics and invariant checks are all built from the event stream.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import repeat, starmap
from operator import itemgetter
from typing import Generic, NamedTuple, Sequence, TypeVar

Piece = TypeVar("Piece")
MAX_TIE_ROUNDS = 64
# The reasons the table itself gives a score for, whatever the family: a Muggins steal and the
# cost of a false call. They are not points earned in play, and no scoring entry may take their names.
MUGGINS_REASON = "muggins"
FALSE_CALL_REASON = "false muggins"
UNEARNED_REASONS = (MUGGINS_REASON, FALSE_CALL_REASON)


@dataclass(frozen=True, slots=True)
class Scored:
    """A player's score changed by `points` (negative for a penalty) for `reason`."""

    player: int
    points: int
    reason: str
    score: int  # the player's score after the change
    partners: tuple[int, ...] = ()  # the other seats of the player's side: their score changed too


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


class Outcome(NamedTuple):
    """How a game ended: `target` with a winner, or `unfinished` when the round cap was hit. A
    named tuple, as immutable as a frozen dataclass and made in a third of its time: every
    simulated game makes one (a card game takes some 35 µs in all)."""

    termination: str
    winner: int | None
    scores: tuple[int, ...]
    rounds: int
    partners: tuple[int, ...] = ()  # the winner's partners, who win with them

    @property
    def finished(self) -> bool:
        return self.termination == "target"


def shuffled(pieces: Sequence[Piece], rng: random.Random) -> list[Piece]:
    """The pieces in a uniformly random order: sorted by a random float each. Every step is a
    call into C, so this takes about half the time of `random.shuffle` (a Python loop) on a
    52-card deck; two keys tie with a chance of about one in 10**13, keeping the pieces' order."""
    keys = list(starmap(rng.random, repeat((), len(pieces))))
    order = sorted(range(len(pieces)), key=keys.__getitem__)
    if len(order) < 2:
        return list(pieces)
    return list(itemgetter(*order)(pieces))  # a fifth faster than mapping `pieces.__getitem__`


def seeded(seed: int | str, generator: random.Random | None = None) -> random.Random:
    """A generator that draws what `random.Random(seed)` draws: `generator` seeded anew, when
    given. A simulation plays its games one after another, each on the same generator seeded for
    it (and its bots on one of theirs): making a generator costs more than seeding one, by about a
    sixth of a simulated card move."""
    if generator is None:
        return random.Random(seed)
    generator.seed(seed)
    return generator


def between(rng: random.Random, start: int, stop: int) -> int:
    """A uniform integer in [start, stop) drawn as `rng.randrange(start, stop)` draws it (the
    bits of the width's length, again while they make the width or more), so a seed deals the
    same game, without `randrange`'s checks of its arguments: a card game draws them for its first
    dealer and at every cut."""
    width = stop - start
    bits = width.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= width:
        drawn = rng.getrandbits(bits)
    return start + drawn


def draw_lots(
    purpose: str,
    candidates: Sequence[int],
    pieces: Sequence[Piece],
    ranks: Sequence[int] | None,
    rng: random.Random,
) -> LotteryDrawn:
    """Choose one of `candidates` (see `lottery_winner`); the event names the pieces drawn."""
    rounds: list[tuple[tuple[int, int], ...]] = []
    winner = lottery_winner(candidates, ranks, rng, rounds)
    return LotteryDrawn(purpose, tuple(tuple((player, pieces[i]) for player, i in draws) for draws in rounds),
                        winner)


def lottery_winner(candidates: Sequence[int], ranks: Sequence[int] | None, rng: random.Random,
                   rounds: list[tuple[tuple[int, int], ...]] | None = None) -> int:
    """Each candidate draws a piece from the shuffled set (`ranks[i]` ranks piece `i`), the highest
    rank wins and tied candidates draw again from a reshuffled set; with no ranks, a uniform pick.
    Each round's (candidate, piece index) draws are added to `rounds` when it is given."""
    if ranks is None:
        return candidates[between(rng, 0, len(candidates))]
    remaining = list(candidates)
    count = len(ranks)  # the deal sizes the loader accepts leave at least one piece per player
    for _ in range(MAX_TIE_ROUNDS):
        # each candidate draws a different piece of the shuffled set: the same as drawing pieces
        # uniformly and drawing again on one already drawn (cheaper than rng.sample for a few)
        drawn: list[int] = []
        while len(drawn) < len(remaining):
            index = between(rng, 0, count)
            if index not in drawn:
                drawn.append(index)
        if rounds is not None:
            rounds.append(tuple(zip(remaining, drawn)))
        drawn_ranks = []
        for i in drawn:  # a loop, not a comprehension: cheaper for a few players
            drawn_ranks.append(ranks[i])
        best = max(drawn_ranks)
        if drawn_ranks.count(best) == 1:
            return remaining[drawn_ranks.index(best)]
        remaining = [player for player, rank in zip(remaining, drawn_ranks) if rank == best]
    # Only a rank that ties everyone forever gets here: settle it with a uniform pick.
    return remaining[between(rng, 0, len(remaining))]
