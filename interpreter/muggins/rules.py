"""Compiled rules: frozen values built once from a rule file, read by the engines.

The contexts are the vocabulary the engines promise to supply: each expression in a rule file is
checked at load time against the context of the place where it is written (the shared ones here,
each family's in its own folder), so a rule file that names something the engine does not
provide fails before any game runs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from .dsl import Expression, Type

INT, BOOL, LIST = Type.INT, Type.BOOL, Type.LIST

PLAYERS_CONTEXT = {"players": INT}
TABLE_CONTEXT = {"players": INT, "score": INT, "target": INT}  # what every scoring place can read


@dataclass(frozen=True)
class Lottery:
    """How a first opener or dealer is chosen: `high_draw` by `rank` of a drawn piece, or `random`."""

    method: str
    rank: Expression | None


@dataclass(frozen=True)
class Score:
    """A scoring trigger: when `when` holds, its player scores `points`."""

    name: str
    when: Expression
    points: Expression
    claim: bool                     # must its player claim it (else it is added at once)


@dataclass(frozen=True)
class Seating:
    """The order of play and the partnerships, shared by every family."""

    direction: int                  # +1 clockwise, -1 counterclockwise
    sides: Expression               # how many sides, from `players`

    def side_count(self, players: int) -> int:
        return self.sides({"players": players})


@dataclass(frozen=True)
class MugginsRules:
    """What happens to a score its player did not claim."""

    enabled: bool
    window: str                     # next_action | immediate
    order: str                      # turn | seat
    false_call: int | None          # points lost for calling with nothing unclaimed; None: no such call


@dataclass(frozen=True)
class Holder:
    """The piece whose holder opens a round, and whether it must be the opening tile."""

    piece: str                      # highest_double | heaviest | a tile such as "6-6"
    must_play: bool


@dataclass(frozen=True)
class Notation:
    """The paper tally: a stroke for `stroke` points, a crossed symbol for `cross`."""

    stroke: int
    cross: int


@dataclass(frozen=True)
class Translation:
    """A rule file's own words in one language besides English (`translations.LANG`): each is
    None, or absent from `scoring`, where the file gives none and the English is shown."""

    title: str | None = None
    description: str | None = None
    scoring: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """Everything a game needs to know, resolved through `extends` and compiled."""

    name: str
    title: str
    description: str
    source: str
    origin: str                     # the file it was read from, or `builtin:NAME`
    bases: tuple[str, ...]          # the chain of files it extends, nearest first
    digest: str                     # content hash of the resolved rules, for records
    data: Mapping[str, Any]         # the resolved rule data, as `rules show` prints it
    family: str                     # the name of the family that plays it (see `families`)
    pieces: Any                     # the family's set of pieces
    player_counts: tuple[int, ...]
    hand: Expression
    target: Expression
    immediate_win: bool
    simultaneous: str               # scorer | earlier_score
    overshoot: str                  # counts | void | capped
    tie: str                        # opener_order | seat_order | play_on
    seating: Seating
    claims_required: bool           # the default of every score's `claim`
    muggins: MugginsRules
    scoring: tuple[Score, ...]
    options: Any                    # the family's own compiled options
    notation: Notation | None
    translations: Mapping[str, Translation] = field(default_factory=dict)   # by language, English excluded
    # the `--set KEY=VALUE` texts laid over the named rules, as typed, in order (overrides.load_settings):
    # a record or save keeps them, since the digest alone cannot bring them back
    settings: tuple[str, ...] = ()

    def hand_size(self, players: int) -> int:
        return self.hand({"players": players})

    def target_for(self, players: int) -> int:
        return self.target({"players": players})

    def title_in(self, lang: str) -> str:
        """The title in `lang`: the file's translation, or its own (English) title."""
        words = self.translations.get(lang)
        return words.title if words is not None and words.title else self.title

    def description_in(self, lang: str) -> str:
        words = self.translations.get(lang)
        return words.description if words is not None and words.description else self.description

    def score_name(self, name: str, lang: str) -> str | None:
        """A scoring entry's name in `lang` when the file translates it (None otherwise)."""
        words = self.translations.get(lang)
        if lang == "en" or words is None:
            return name if lang == "en" and any(score.name == name for score in self.scoring) else None
        return words.scoring.get(name)

    @cached_property
    def has_claims(self) -> bool:
        """Whether any score of this game can wait for a claim (kept: the courses ask at every step)."""
        return self.claims_required or any(score.claim for score in self.scoring)
