"""The registry of game families: each folder here is one family, found by name at import.

A family (a line of tiles, a pile with a limit, ...) holds only what is its own: its physics,
its moves, its rule sections, its words and summary, its scenario positions and its course.
Everything else (loading, claims, sides, targets, the CLI, narration, scenarios, simulation)
asks the family through the `Family` interface below and never branches on a family's name, so
a new family is one new folder: a package whose `FAMILY` is an instance of a `Family` subclass.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from ..dsl import Type
    from ..dsl.words import Term
    from ..messages import Said
    from ..engine.table import TableGame
    from ..rules import Notation, Rules


class Family:
    """What one family of games supplies. Subclasses fill in every method."""

    name: str = ""                          # as messages and `Rules.family` say it ("line", "pile")
    pieces_key: str = ""                    # the key under `pieces:` that chooses this family
    sections: tuple[str, ...] = ()          # top-level rule sections only this family has
    description: str = ""                   # how messages name the family's games
    scoring_context: Mapping[str, Type] = {}
    settlement_reasons: tuple[str, ...] = ()  # score reasons that are a round's settlement, not play
    own_reasons: tuple[str, ...] = ()       # every reason its rules score for besides the scoring entries' names
    counters: Mapping[type, str] = {}       # events a simulation counts, by the counter's name

    # -- rules -------------------------------------------------------------------------------

    def value_bounds(self, rules: Rules, constants: Mapping[str, Any],
                     place: str = "scoring") -> Mapping[str, tuple[int | None, int | None]]:
        """The least and the most each name the formulas of `place` (a key of `contexts`) read can
        be (a list's: its items') where a game that fixes `constants` reads them; a name not given
        may be any integer. The rules summary reads them to tell points that are never a loss
        (`dsl.bounds`), and a name bounded to one value is fixed for that formula (`fixed_formulas`)."""
        return {}

    def compile(self, compiler: Any) -> tuple[Any, Any]:
        """The pieces and the compiled options of a validated rule file (problems go to `compiler`)."""
        raise NotImplementedError

    def check_counts(self, compiler: Any, rules_options: Any, pieces: Any, env: dict[str, int],
                     dealt: int | None) -> None:
        """Check the counts the family's rules compute for `env["players"]` (each player is dealt
        `dealt` pieces, None when that count failed), reporting problems to `compiler`."""
        raise NotImplementedError

    def contexts(self) -> dict[str, Mapping[str, Type]]:
        """Every place of a rule file where the family's own expressions are written (by rule-file
        path, `scoring` for the scoring entries), with the names each can read."""
        raise NotImplementedError

    def glossary(self, place: str, lang: str) -> Mapping[str, Term]:
        """What each name of `place` (a key of `contexts`) means in `lang`, to say its expressions
        in words (`dsl.words`); the names every place shares come from `narration`."""
        raise NotImplementedError

    def formulas(self, rules: Rules) -> dict[str, tuple[Any, Mapping[str, Type]]]:
        """The family's named formulas (by rule-file path) with the names each reads, for scenario tables."""
        raise NotImplementedError

    def fixed_formulas(self, rules: Rules, game: Any) -> list[tuple[Any, Mapping[str, Type], dict[str, Any]]]:
        """The family's formulas (`formulas`) a game evaluates, each with its context and the names
        fixed whenever `game` evaluates it: the game's `constants`, and a name `value_bounds` holds
        to one value where the formula is read (a family leaves out a formula its options never read)."""
        from ..dsl import Expression
        return [(formula, context, {**game.constants, **self._read_at_one_value(rules, game.constants, place)})
                for place, (formula, context) in self.formulas(rules).items() if isinstance(formula, Expression)]

    def _read_at_one_value(self, rules: Rules, constants: Mapping[str, Any], place: str) -> dict[str, int]:
        return {name: low for name, (low, high) in self.value_bounds(rules, constants, place).items()
                if low is not None and low == high}

    # -- play --------------------------------------------------------------------------------

    def slow_scoring(self, rules: Rules) -> list[Said]:
        """What sends a simulation of `rules` to scoring every move a bot weighs on its own, by
        scoring entry: said by `muggins simulate` before it plays (an honest path, not a silent one)."""
        return []

    def make_game(self, rules: Rules, players: int, max_rounds: int) -> TableGame:
        raise NotImplementedError

    def pieces_in_play(self, state: Any) -> list[Any]:
        """Every piece of the game wherever it is, for the conservation invariant."""
        raise NotImplementedError

    def stock_size(self, state: Any) -> int:
        raise NotImplementedError

    def check_move(self, state: Any, move: Any, before: dict[str, Any], events: list[Any], number: int) -> str | None:
        """What a move broke of the family's own invariants, or None."""
        raise NotImplementedError

    # -- words -------------------------------------------------------------------------------

    def describe(self, rules: Rules, event: Any, lang: str, target: int, notation: Notation | None,
                 viewer: int | None) -> str | None:
        raise NotImplementedError

    def explain_last_score(self, rules: Rules, state: Any, lang: str) -> str | None:
        raise NotImplementedError

    def explain_event(self, state: Any, event: Any, lang: str) -> str | None:
        """The long explanation of one event that `--explain` prints (None for most events)."""
        return None

    def render_svg(self, rules: Rules, state: Any, lang: str) -> str:
        """The table as a picture (SVG): the line or the pile, as the texts' diagrams draw it."""
        raise NotImplementedError

    def summary(self, rules: Rules, lang: str) -> tuple[list[str], list[str]]:
        """The family's summary lines: before the scoring entries (pieces, physics) and after them."""
        raise NotImplementedError

    def show_table(self, rules: Rules, view: Any, lang: str) -> list[str]:
        """The family's part of the table at the terminal: the line or the pile."""
        raise NotImplementedError

    def hand_text(self, rules: Rules, view: Any) -> str:
        raise NotImplementedError

    def stock_name(self, lang: str) -> str:
        raise NotImplementedError

    def coach_hint(self, rules: Rules, view: Any, lang: str) -> str | None:
        """`--coach`'s hint for a player's turn: how far the table is from the next score
        (`faltan 3 para 15`), computed with the game's own scoring; None when there is none."""
        return None

    def move_examples(self, rules: Rules, lang: str) -> str:
        """A few moves of a game of `rules`, written as a person may type them (for `help`)."""
        raise NotImplementedError

    # -- keeping score at a real table -------------------------------------------------------

    def keeper(self, rules: Rules, players: int) -> Any:
        """The family's part of `muggins keep` (see keep.py): a fresh `keep.Tracker` that reads
        what people playing with real pieces enter (a placement's open ends, a card's running
        total, the end of a round) and scores it through the family's own game (its awards,
        settlement and "last")."""
        raise NotImplementedError

    # -- scenarios and statistics ------------------------------------------------------------

    def position(self, scenario: Any, position: dict[str, Any], hands: list[list[Any]], scores: list[int],
                 turn: int, seed: Any) -> Any:
        """A scenario's starting state from its `position` (hands already parsed)."""
        raise NotImplementedError

    def most_in_hand(self, game: Any) -> int | None:
        """The most pieces a hand of `game` can ever hold, when its rules never add to a hand after
        the deal (no drawing, no refill): the deal's; None when they can add to one."""
        raise NotImplementedError

    def observe(self, scenario: Any, state: Any, events: list[Any]) -> dict[str, Any]:
        """The family's expectation keys and what the game shows for each after a step."""
        raise NotImplementedError

    def statistics(self, tally: Any) -> dict[str, float]:
        """The family's own lines of a simulation summary."""
        return {}


@lru_cache(maxsize=1)
def families() -> dict[str, Family]:
    """Every family, by name: each subpackage of this package that defines `FAMILY`."""
    found: dict[str, Family] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            family = getattr(importlib.import_module(f"{__name__}.{module.name}"), "FAMILY", None)
            if isinstance(family, Family):
                found[family.name] = family
    return found


def family_named(name: str) -> Family:
    return families()[name]


def family_for_pieces(pieces: Mapping[str, Any]) -> Family:
    """The family a rule file's `pieces` section chooses (the schema lets exactly one key through)."""
    for family in families().values():
        if family.pieces_key in pieces:
            return family
    raise KeyError(f"no family plays {', '.join(pieces)}")


def family_of(rules: Rules) -> Family:
    return families()[rules.family]


def family_sections() -> dict[str, Family]:
    """Which family owns each family-only top-level section."""
    return {section: family for family in families().values() for section in family.sections}
