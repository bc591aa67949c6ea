"""Bots: seeded players that choose among legal moves from what a player at the table sees.

A bot is given a view (its own hand, the table, scores, counts), never the game state, so it
cannot read hidden pieces. Bots work for every game family: a view answers `points_if(move)`
and `tiebreak(move)`, and card views add the Muggins decisions (`claims`, `calls`).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence, TypeVar

from .engine.common import seeded
from .errors import MugginsError
from .messages import say
from .pieces import safe_repr

Move = TypeVar("Move")


class Player(Protocol):
    """Anything that picks a move: a bot, or a person at the terminal."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


UNPLAYABLE = float("-inf")  # the key of a piece that cannot be played now (see `best`)
NEVER = (UNPLAYABLE, 0)  # a greedy bot's key for "Muggins!" called on its own turn (see `greedy_key`)
FLOAT_EXACT = 2 ** 53  # every integer up to this in size is a float exactly


def comparable(key: int) -> float | int:
    """A key of a table `best` reads, as a float where the float is the integer exactly: CPython
    3.11 specialises a comparison of two floats, never of an integer and a float, and `best`
    compares every key with `UNPLAYABLE` or with the best so far. A larger key stays an integer
    (Python compares an integer and a float exactly, only more slowly)."""
    return float(key) if -FLOAT_EXACT <= key <= FLOAT_EXACT else key


def best_index(keys: Sequence[Any]) -> int:
    """The greedy policy: the index of the first of the highest keys (a key ranks a move: its
    points, then its tiebreak)."""
    return keys.index(max(keys))  # max keeps the first of equal keys, index finds the first


def best(moves: Sequence[Move], keys: Any) -> Move | None:
    """The greedy policy among `moves` keyed by a table (`keys[move]`): the first of the highest,
    as `best_index` picks; a move keyed `UNPLAYABLE` is passed over (None when every one is). A
    loop: for a hand of a few pieces it takes a third of the time of `max` with a key."""
    chosen, top = None, UNPLAYABLE
    for move in moves:
        key = keys[move]
        if key > top:
            chosen, top = move, key
    return chosen


def ranked(key: Any, position: int, span: int) -> Any:
    """The greedy policy's order (`best_index`) as one number, for moves met out of the order they
    are listed in: the higher key first, then the move listed first (`position`, below `span`)."""
    return key * span - position


def greedy_key(view: Any, move: Any) -> tuple[float, int]:
    """A greedy bot's rank of a move on its turn: its points now, then its tiebreak. A call of
    "Muggins!" on its own turn ranks below every move: the call does not end the turn, so a bot
    whose every placement scores less than nothing, ranking it first, would call again and again
    (a false call only costs points). A greedy bot calls when it is asked (`calls`)."""
    if move.kind == "muggins":
        return NEVER
    return view.points_if(move), view.tiebreak(move)


def uniform_index(count: int, random: Callable[[], float]) -> int:
    """The random policy: one of `count` moves, uniformly, from one float."""
    return int(random() * count)


def claims(forget: float, random: Callable[[], float]) -> bool:
    """Whether a bot claims its own points now: it forgets with probability `forget` (no draw when
    it never forgets)."""
    return forget <= 0 or random() >= forget


def calls(attention: float, random: Callable[[], float]) -> bool:
    """Whether a bot calls "Muggins!" on an opponent's unclaimed points (no draw when always)."""
    return attention >= 1 or random() < attention


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
                yes = claims(self.forget, self.rng.random)
            else:
                yes = calls(self.attention, self.rng.random)
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
        return legal[uniform_index(len(legal), self.rng.random)]


class GreedyBot(Bot):
    """The move with the most immediate points; ties go to the heavier piece, then the first
    listed; never "Muggins!" on its own turn (see `greedy_key`)."""

    name = "greedy"

    def pick(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[best_index([greedy_key(view, move) for move in legal])]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
WORDS = {"en": {"unknown_bot": "unknown bot {kind} (bots: {bots})",
                "kinds": "the bots are a list of their kinds, one for each seat (such as ['greedy', 'random']), "
                         "not {kinds}",
                "chance": "`{name}` is a chance from 0 to 1, not {value}"},
         "es": {"unknown_bot": "bot desconocido {kind} (bots: {bots})",
                "kinds": "los bots son una lista de sus clases, una por puesto (como ['greedy', 'random']), "
                         "no {kinds}",
                "chance": "`{name}` es una probabilidad de 0 a 1, no {value}"}}


class Policies:
    """The bots of a simulated game, as the course asks them without building views: whether each
    seat is greedy, and the decisions of `Bot.choose` (the same functions, the same draws from
    the game's one bot generator), so a simulated game is the game those bots play at a table."""

    __slots__ = ("greedy", "random", "forget", "attention", "seed", "generator")
    FIXED = ("greedy", "forget", "attention")  # the same for every game of a simulation

    def __init__(self, kinds: Sequence[str], seed: int | str, forget: float = 0.0, attention: float = 1.0):
        check_bots(kinds, seed, forget, attention)
        self.greedy = tuple(kind == "greedy" for kind in kinds)
        self.seed = seed
        self.random: Callable[[], float] = self._first_random  # seeded when first drawn: greedy bots never draw
        self.forget = forget
        self.attention = attention
        self.generator = random.Random()  # the bots' of every game `for_game` makes, seeded anew for each

    def for_game(self, seed: int | str) -> Policies:
        """The same bots for the game played from `seed` (checked once for a whole simulation)."""
        other = Policies.__new__(Policies)
        other.greedy, other.forget, other.attention = self.greedy, self.forget, self.attention
        other.seed, other.generator = seed, self.generator
        other.random = other._first_random
        return other

    def _first_random(self) -> float:
        """Seeding a generator costs about two simulated card moves: only a game that draws pays.
        The games of a simulation are played one after another, so they share one generator."""
        self.random = seeded(bot_seed(self.seed), self.generator).random
        return self.random()

    def pick(self, player: int, keys: Sequence[Any]) -> int:
        """The index of the move seat `player` makes among moves ranked by `keys`."""
        if len(keys) == 1:
            return 0
        if self.greedy[player]:
            return best_index(keys)
        return uniform_index(len(keys), self.random)

    def best(self, moves: Sequence[Move], keys: Any) -> Move | None:
        """The move a greedy seat makes among `moves` keyed by the table `keys` (see `best`)."""
        return best(moves, keys)

    def claims(self) -> bool:
        """Whether the bot whose claim is due makes it (see `claims`)."""
        return claims(self.forget, self.random)

    def calls(self) -> bool:
        """Whether the opponent asked calls "Muggins!" (see `calls`)."""
        return calls(self.attention, self.random)


def bot_generator(seed: int | str) -> random.Random:
    """The random generator the bots of the game played from `seed` share: one per game, apart
    from the game's own (so a record replays without bots), since seeding one costs about as
    much as two moves of a simulated card game."""
    return random.Random(bot_seed(seed))


def bot_seed(seed: int | str) -> str:
    """What the bots' generator of the game played from `seed` is seeded with."""
    return f"{seed}:bots"


def make_bots(kinds: Sequence[str], seed: int | str, forget: float = 0.0, attention: float = 1.0) -> list[Bot]:
    """One bot of each kind, in seat order, drawing from the game's one bot generator."""
    check_bots(kinds, seed, forget, attention)
    rng = bot_generator(seed)
    return [BOTS[kind](rng, forget, attention) for kind in kinds]


def check_bots(kinds: Sequence[str], seed: Any, forget: Any, attention: Any) -> None:
    """What bots are made with: their kinds, a seed a record keeps (as a game's), and chances
    from 0 to 1; refused where they enter, not as a TypeError in the middle of a game."""
    from .engine.table import check_seed  # the table reads the bots' policies: imported once both are made
    check_kinds(kinds)
    check_seed(seed)
    for name, chance in (("forget", forget), ("attention", attention)):
        if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
            raise MugginsError(say(WORDS, "chance", name=name, value=safe_repr(chance)))


def check_kinds(kinds: Sequence[str]) -> None:
    """Refuse a bot kind that is not one of `BOTS`, in both languages, and kinds not given as a list
    (`"greedy"` would be read letter by letter)."""
    if not isinstance(kinds, (list, tuple)):
        raise MugginsError(say(WORDS, "kinds", kinds=repr(kinds)[:60]))
    for kind in kinds:
        if kind not in BOTS:
            raise MugginsError(say(WORDS, "unknown_bot", kind=repr(kind), bots=", ".join(BOTS)))
