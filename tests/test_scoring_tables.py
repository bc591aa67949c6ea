"""Rule: a placement (a card laid) scores what the rule file's entries give when evaluated on it,
whatever the entries read, however the engine gets there.

The engine reads a placement's points from tables made when the game starts wherever it can:
by the sum alone, by the flags a turn knows (`dominoed`, `opening`), by the placed tile, with an
entry left out where those flags make its `when` false (`dominoed and ...` at a placement that
keeps tiles in hand), and otherwise evaluates the entries move by move. Here every entry is
evaluated directly on each placement, as the README defines scoring (in order, each reading what
the earlier ones `earned`), with every name computed from the position, and compared with what a
player is told a placement would score (`points_if`, which a greedy bot ranks by) and with what the
placement made did score. A card's scores are read from a table of the running total when the
entries read nothing else, and otherwise kept on the pile as the scoring reads it (its ranks,
values or suits), so the same is checked for cards laid on piles met again and again.

Besides these houses, rule files of random entries (`drawn_entries`: 1 to 4 entries over some of
the family's names, operators and functions, some failing for some values) are checked the same
way against their values computed here without the engine, and their simulated games against the
table's. CI draws the same few files every run; before a release draw many more, or others, e.g.
`MUGGINS_SCORING_FUZZ_EXAMPLES=500 MUGGINS_SCORING_FUZZ_SEED=7 python -m pytest tests/test_scoring_tables.py -k drawn`.
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import pytest

from muggins.bots import Policies, make_bots
from muggins.engine import make_game
from muggins.engine.common import Scored
from muggins.engine.table import SIMULATIONS
from muggins.errors import RuleError, RuleFileError
from muggins.families.line import scoring as line_scoring
from muggins.families.line.game import Place
from muggins.families.pile import game as pile_game
from muggins.families.pile.game import Play
from muggins.loader import load_rules
from muggins.simulate import play_at_table, play_games

FIVES = '{name: multiple of five, when: "ends_sum > 0 and ends_sum % 5 == 0", points: ends_sum}'
HOUSES = {
    # read only when a placement goes out: the line's ends and the tile behind `dominoed and`
    "going out": ['{name: going out, when: "dominoed and open_ends == 2 and max(ends) >= 3", points: 25}'],
    # the line's ends only opening it or going out: kept by the line's state there, from a table between
    "edges": ['{name: edges, when: "(opening or dominoed) and max(ends) >= 4", points: "open_ends + 1"}'],
    # the placed tile, at every placement
    "double bonus": ['{name: double bonus, when: "tile.is_double and ends_sum % 5 == 0", points: "tile.pips"}'],
    # the tile, only at the opening; what the earlier entries earned, only going out
    "opening and earned": ['{name: big opening, when: "opening and tile.high >= 5", points: "tile.low + 1"}',
                           '{name: echo, when: "not opening and dominoed and earned > 0", points: "earned // 5 + 1"}'],
    # the score behind a flag that does not decide it: move by move at every placement
    "late threes": ['{name: late threes, when: "not opening and score > 60 and ends_sum % 3 == 0", points: 3}'],
    # the line's ends at every placement: kept by the line's state (and the score read) as met
    "matching ends": ['{name: matching ends, when: "open_ends >= 2 and distinct(ends) == 1", points: 5}',
                      '{name: six late, when: "score > 50 and max(ends) == 6", points: "open_ends"}'],
    # the line's tiles and ends at every placement: a count of the tiles, kept with the line's state
    "line": ['{name: long line, when: "count(line.pips) > 6 and max(ends) == 6", points: 2}'],
    # two counts of the tiles with cuts of their own: read by the cuts of both
    "line counts": ['{name: mid line, when: "count(line.pips) > 4 and count(line.highs) <= 8 and open_ends == 2", '
                    'points: 4}'],
    # the same count spelt with spaces (`count( line.pips )`): the same name once read
    "line spaced": ['{name: long line, when: "count( line.pips ) > 6 and max(ends) == 6", points: 2}'],
    # sums, largest and smallest of the line's tiles, read as numbers kept by their values before
    "line sums": ['{name: heavy line, when: "sum(line.pips) % 7 == 0 and max(line.highs) >= 5", '
                  'points: "min(line.lows) + 1"}',
                  '{name: light line, when: "count(line.lows) >= 3 and max(line.lows) <= 2", points: "sum(line.highs) // 4"}'],
    # the line's last tiles, read as the last few kept by their values before, beside a count
    "line last": ['{name: double six last, when: "sum(last(line.pips, 2)) == 12 or count(line.pips) == 9", points: 3}'],
    # the line's tiles read otherwise: scored placement by placement, the aggregates beside them too
    "line in": ['{name: a twelve laid, when: "12 in line.pips or count(line.pips) == 9", points: "max(last(line.highs, 1))"}'],
}


def house(tmp_path: Path, name: str, spinner: bool) -> Any:
    return house_of(tmp_path, HOUSES[name], spinner)


def house_of(tmp_path: Path, added: list[str], spinner: bool) -> Any:
    entries = "\n".join(f"  - {entry}" for entry in [FIVES, *added])
    text = f"extends: domino-muggins\nname: house\nscoring:\n{entries}\n"
    if spinner:
        text += "line:\n  spinner: true\n"
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return load_rules(str(path))


def direct_awards(rules: Any, game: Any, state: Any, move: Place) -> list[tuple[str, int]]:
    """Each entry evaluated on the line as `move` would leave it, every name from the position."""
    return entries_on(rules, placement_names(game, state, move))[0]


def placement_names(game: Any, state: Any, move: Place) -> dict[str, Any]:
    """What a domino scoring entry reads of `move` (but `earned`), each computed from the position."""
    line = state.line.copy()
    line.place(move.tile, move.end)
    ends = tuple(amount for _, amount in line.contributions_by_end())
    hand_size = len(state.hands[state.turn]) - 1
    env: dict[str, Any] = {
        "players": game.players, "target": game.target, "ends_sum": sum(ends),
        "ends": ends, "open_ends": len(ends), "tile.high": move.tile.high, "tile.low": move.tile.low,
        "tile.pips": move.tile.pips, "tile.is_double": move.tile.is_double, "opening": state.line.empty,
        "dominoed": hand_size == 0, "hand_size": hand_size, "boneyard": len(state.boneyard),
        "score": state.scores[state.turn], "round": state.round,
        "line.highs": tuple(tile.high for tile in line.tiles), "line.lows": tuple(tile.low for tile in line.tiles),
        "line.pips": tuple(tile.pips for tile in line.tiles)}
    return env


def due_awards(expected: list[tuple[str, int]], scored: list[Any], state: Any) -> list[tuple[str, int]]:
    """The awards a move must have scored: those of some points (0 is no score), and once the move
    reached the target, only those up to the win (the awards after it are not scored)."""
    due = [award for award in expected if award[1]]
    return due[:len(scored)] if state.is_terminal() else due


def entries_on(rules: Any, env: dict[str, Any]) -> tuple[list[tuple[str, int]], int]:
    """Each entry that holds on `env`, in order, each reading what the earlier ones `earned`; and
    their points in all."""
    awards, earned = [], 0
    for entry in rules.scoring:
        env["earned"] = earned
        if entry.when(env):
            points = entry.points(env)
            earned += points
            awards.append((entry.name, points))
    return awards, earned


@pytest.mark.parametrize("spinner", [False, True])
@pytest.mark.parametrize("name", list(HOUSES))
def test_every_placement_scores_what_its_entries_give_on_it(tmp_path: Path, name: str, spinner: bool):
    rules = house(tmp_path, name, spinner)
    # the games reached what the house adds, so the comparisons weighed it
    assert placements_scored(rules) - {"multiple of five"}, f"no game of {name} scored its house entries"


@pytest.mark.parametrize("name", ["matching ends", "line counts", "line last", "edges"])
def test_lines_forgotten_past_the_bound_score_the_same(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch):
    """What a game keeps of the lines it met is bounded (`ROWS_KEPT`): with room for two rows or
    lines, it starts again at nearly every turn, even between a bot's keys and the placement made,
    and every placement still scores what its entries give."""
    monkeypatch.setattr(line_scoring, "ROWS_KEPT", 2)
    rules = house(tmp_path, name, spinner=True)
    SIMULATIONS.clear()  # derived again with the bound as it is now, a literal in the derived source
    try:
        bots = ["greedy", "greedy"]
        simulated = play_games(rules, 2, bots, "forgotten", range(6), 4, 0.0, 1.0)
        assert asdict(simulated) == asdict(play_games(rules, 2, bots, "forgotten", range(6), 4, 0.0, 1.0,
                                                      at_table=True))
    finally:
        SIMULATIONS.clear()
    forgotten = []
    monkeypatch.setattr(line_scoring.PlacementScoring, "forget",
                        lambda scoring, forget=line_scoring.PlacementScoring.forget: forgotten.append(forget(scoring)))
    assert placements_scored(rules) - {"multiple of five"}
    assert len(forgotten) > 20  # started again many times


def placements_scored(rules: Any) -> set[str]:
    """Play greedy games at the table, a few on each game (lines met in a game before are scored
    from what was kept of them then), each legal placement's points as a player is told them
    checked against the entries evaluated directly, and each placement made against what it
    scored: the entries that scored."""
    entry_names = {entry.name for entry in rules.scoring}
    checked = set()
    games: dict[int, Any] = {}
    for players, seed in ((2, 1), (3, 2), (2, 3), (2, 4), (2, 5), (3, 6), (2, 7)):
        game = games.setdefault(players, make_game(rules, players, max_rounds=4))
        state = game.new_state(seed)
        bots = make_bots(["greedy"] * players, seed)
        while not state.is_terminal():
            actor, legal = state.actor, state.legal_moves()
            view = state.view(actor)
            expected = {}
            for move in legal:
                if isinstance(move, Place):
                    expected[move] = direct_awards(rules, game, state, move)
                    assert view.points_if(move) == sum(points for _, points in expected[move]), move
            move = bots[actor].choose(view, legal)
            events = state.play(move)
            if isinstance(move, Place):
                scored = [(e.reason, e.points) for e in events if isinstance(e, Scored) and e.reason in entry_names]
                assert scored == due_awards(expected[move], scored, state), move
                checked.update(reason for reason, _ in scored)
    return checked


# an entry whose `when` fails on some sums (a division by zero at 7) on a side evaluated before
# the flag that would make it false: written as an `and`, and as a `not` of an `or`
FAILING_FIRST = {
    "and": '{name: sevens, when: "100 // (ends_sum - 7) > 0 and dominoed", points: 5}',
    "not or": '{name: sevens, when: "not (100 // (ends_sum - 7) > 0 or not dominoed)", points: 5}',
}


def outcome(score: Any) -> Any:
    """What a placement scores, or that it fails (a rule file's formula failing is a RuleError)."""
    try:
        return score()
    except RuleError:
        return "fails"


@pytest.mark.parametrize("when", list(FAILING_FIRST))
def test_an_entry_whose_when_fails_before_its_flag_fails_the_placement(tmp_path: Path, when: str):
    """The sides of an `and` (an `or`) are evaluated in order: one that fails fails the placement
    whatever the flag after it, so the entry cannot be left out where the flag is false (a
    placement keeping tiles in hand at a sum of 7 fails, as the entries evaluated directly do)."""
    rules = house_of(tmp_path, [FAILING_FIRST[when]], False)
    game = make_game(rules, 2, max_rounds=4)
    failing = 0
    for seed in range(4):
        state = game.new_state(seed)
        for number in range(60):
            if state.is_terminal():
                break
            legal, view = state.legal_moves(), state.view(state.actor)
            playable = []
            for move in legal:
                if isinstance(move, Place):
                    expected = outcome(lambda: sum(points for _, points in direct_awards(rules, game, state, move)))
                    assert outcome(lambda: view.points_if(move)) == expected, (when, move)
                    failing += expected == "fails"
                    if expected != "fails":
                        playable.append(move)
                else:
                    playable.append(move)
            if not playable:
                break
            state.play(playable[number % len(playable)])
    assert failing > 5  # placements at a sum of 7 were weighed


CARD_HOUSES = {
    # Cribbage's pairs and runs, read from the pile's ranks, besides the multiples of five
    "pairs and runs": ['{name: pair, when: "same_at_end(pile.ranks) >= 2", points: "same_at_end(pile.ranks) * 2"}',
                       '{name: run, when: "run_at_end(pile.ranks) >= 3", points: "run_at_end(pile.ranks)"}'],
    # the pile's suits and values, the pile's size, the player's score and what was earned before
    "flush and tens": ['{name: flush, when: "pile_size >= 3 and distinct(last(pile.suits, 3)) == 1", points: 3}',
                       '{name: tens, when: "count(pile.values) >= 2 and sum(last(pile.values, 2)) == 20", points: 1}',
                       '{name: behind, when: "score < 20 and earned > 0", points: "earned // 5 + 1"}'],
}


def card_house(tmp_path: Path, name: str) -> Any:
    entries = "\n".join(f"  - {entry}" for entry in ['{name: multiple of five, when: "total % 5 == 0", points: total}',
                                                     *CARD_HOUSES[name]])
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: card-muggins\nname: house\nclaims:\n  required: false\nscoring:\n{entries}\n",
                    encoding="utf-8")
    return load_rules(str(path))


def direct_card_awards(rules: Any, game: Any, state: Any, card: Any) -> list[tuple[str, int]]:
    """Each entry evaluated on the pile as laying `card` would leave it, every name from the cards,
    then the exact limit reached (scored at once in these houses)."""
    env = card_names(rules, game, state, card)
    awards, earned = entries_on(rules, env)
    if env["total"] == game.limit:
        env["earned"] = earned
        awards.append(("exact limit", rules.options.exact_limit_points(env)))
    return awards


def card_names(rules: Any, game: Any, state: Any, card: Any) -> dict[str, Any]:
    """What a card scoring entry reads of laying `card` (but `earned`), each computed from the cards."""
    deck = rules.pieces
    pile = [*state.pile.cards, card]
    value = lambda c: deck.values[c.rank - 1]
    total = sum(value(c) for c in pile)
    env: dict[str, Any] = {
        "total": total, "limit": game.limit, "card.rank": card.rank, "card.value": value(card),
        "card.suit": deck.suits.index(card.suit) + 1, "pile_size": len(pile),
        "hand_size": len(state.hands[state.turn]) - 1, "stock": len(state.stock), "players": game.players,
        "score": state.scores[state.turn], "target": game.target,
        "pile.ranks": tuple(c.rank for c in pile), "pile.values": tuple(value(c) for c in pile),
        "pile.suits": tuple(deck.suits.index(c.suit) + 1 for c in pile)}
    return env


def card_games_scored(rules: Any, game: Any, seeds: range) -> tuple[set[str], list[tuple[int, ...]]]:
    """Play greedy games at the table, each legal card's points as a player is told them checked
    against the entries evaluated directly, and each card laid's scores against what it scored:
    the entries that scored, and each game's final scores."""
    entry_names = {entry.name for entry in rules.scoring} | {"exact limit"}
    checked, finals = set(), []
    for seed in seeds:
        state = game.new_state(seed)
        bots = make_bots(["greedy"] * game.players, seed)
        while not state.is_terminal():
            actor, legal = state.actor, state.legal_moves()
            view = state.view(actor)
            expected = {}
            for move in legal:
                if isinstance(move, Play):
                    expected[move] = direct_card_awards(rules, game, state, move.card)
                    assert view.points_if(move) == sum(points for _, points in expected[move]), move
            move = bots[actor].choose(view, legal)
            events = state.play(move)
            if isinstance(move, Play):
                scored = [(e.reason, e.points) for e in events if isinstance(e, Scored) and e.reason in entry_names]
                assert scored == due_awards(expected[move], scored, state), move
                checked.update(reason for reason, _ in scored)
        finals.append(tuple(state.scores))
    return checked, finals


@pytest.mark.parametrize("name", list(CARD_HOUSES))
def test_every_card_laid_scores_what_its_entries_give_on_the_pile(tmp_path: Path, name: str):
    rules = card_house(tmp_path, name)
    checked: set[str] = set()
    for players in (2, 3):
        checked |= card_games_scored(rules, make_game(rules, players, max_rounds=6), range(4))[0]
    assert checked - {"multiple of five", "exact limit"}, f"no game of {name} scored its house entries"


def test_piles_forgotten_past_the_bound_score_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What a game keeps of the piles it met is bounded (`KNOWN_SCORES`): forgetting it, even in
    the middle of a pile a state still stands on, changes no score."""
    rules = card_house(tmp_path, "pairs and runs")
    game = make_game(rules, 2, max_rounds=6)
    _, remembered = card_games_scored(rules, game, range(6))
    assert reachable(game.pile_root) > 20
    monkeypatch.setattr(pile_game, "KNOWN_SCORES", 3)
    game = make_game(rules, 2, max_rounds=6)
    _, forgetful = card_games_scored(rules, game, range(6))
    assert forgetful == remembered
    assert reachable(game.pile_root) <= 4


def reachable(pile: Any) -> int:
    """The piles kept from `pile` on, itself included."""
    return 1 + sum(reachable(child) for child in pile.children.values())


# Random scoring entries: drawn over a family's names, each expression drawn with its value as the
# README defines it, computed here without the engine (`Drawn.value`), so a table, memo or tabulation
# that reads the wrong thing, an entry left out that should fail, or a compiled function giving
# another value than the README's shows as a mismatch.

FUZZ_EXAMPLES = int(os.environ.get("MUGGINS_SCORING_FUZZ_EXAMPLES", "8"))  # rule files drawn for each family
FUZZ_SEED = os.environ.get("MUGGINS_SCORING_FUZZ_SEED", "0")
FAMILY_NAMES = {  # what each family's scoring reads: integers, booleans, lists (README's table of names)
    "domino": (("ends_sum", "open_ends", "tile.high", "tile.low", "tile.pips", "hand_size", "boneyard", "players",
                "score", "target", "round"), ("tile.is_double", "opening", "dominoed"),
               ("ends", "line.highs", "line.lows", "line.pips")),
    "card": (("total", "limit", "card.rank", "card.value", "card.suit", "pile_size", "hand_size", "stock",
              "players", "score", "target"), (), ("pile.ranks", "pile.values", "pile.suits")),
}
Env = Mapping[str, Any]


class Fails(Exception):
    """What a formula does where the README says it fails while a game runs (a RuleError there)."""


@dataclass(frozen=True)
class Drawn:
    """An expression drawn: its text, how loosely it binds (0 `x if c else y`, 1 `or`, 2 `and`,
    3 `not`, 4 a comparison, 5 `+ -`, 6 `* // %`, 7 unary minus, 8 an atom), and its value."""

    text: str
    level: int
    value: Callable[[Env], Any]

    def at(self, level: int) -> str:
        """The text where an operand binding at least as tightly as `level` is wanted."""
        return self.text if self.level >= level else f"({self.text})"


def _checked(result: Any, fails: bool) -> Any:
    if fails:
        raise Fails
    return result


def _divided(a: int, b: int, op: str) -> int:
    return _checked(0, True) if b == 0 else a // b if op == "//" else a % b


def _rounded(name: str, x: int, step: int) -> int:
    """round_nearest, round_down and round_up as the README says them."""
    if step <= 0:
        raise Fails
    down = x // step * step
    return {"round_down": down, "round_up": down if down == x else down + step,
            "round_nearest": down + step if 2 * (x - down) >= step else down}[name]


def _at_end(xs: tuple[int, ...]) -> int:
    """How many values at the end equal the last one."""
    return next((k for k in range(1, len(xs) + 1) if k == len(xs) or xs[-k - 1] != xs[-1]), 0)


def _run(xs: tuple[int, ...]) -> int:
    """The largest k >= 3 whose last k values are consecutive in any order, every suffix tried."""
    return max([k for k in range(3, len(xs) + 1) if sorted(xs[-k:]) == list(range(min(xs[-k:]), min(xs[-k:]) + k))],
               default=0)


ON_A_LIST: dict[str, Callable[[tuple[int, ...]], int]] = {
    "count": len, "sum": sum, "distinct": lambda xs: len(set(xs)), "same_at_end": _at_end, "run_at_end": _run,
    "max": lambda xs: max(xs) if xs else _checked(0, True), "min": lambda xs: min(xs) if xs else _checked(0, True)}
COMPARED: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "in": lambda a, b: a in b}


def literal(value: int | bool) -> Drawn:
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return Drawn(text, 8, lambda env: value)


def named(read: str) -> Drawn:
    return Drawn(read, 8, lambda env: env[read])


def call(function: str, *args: Drawn) -> Drawn:
    text = f"{function}({', '.join(arg.text for arg in args)})"
    if function in ON_A_LIST and len(args) == 1:
        return Drawn(text, 8, lambda env: ON_A_LIST[function](args[0].value(env)))
    if function in ("min", "max"):
        pick = min if function == "min" else max
        return Drawn(text, 8, lambda env: pick(arg.value(env) for arg in args))
    if function == "abs":
        return Drawn(text, 8, lambda env: abs(args[0].value(env)))
    if function == "last":
        def last(env: Env) -> tuple[int, ...]:
            xs, n = args[0].value(env), args[1].value(env)
            return _checked(xs[max(len(xs) - n, 0):], n < 0)
        return Drawn(text, 8, last)
    return Drawn(text, 8, lambda env: _rounded(function, args[0].value(env), args[1].value(env)))


def arith(left: Drawn, op: str, right: Drawn) -> Drawn:
    level = 5 if op in "+-" else 6
    text = f"{left.at(level)} {op} {right.at(level + 1)}"
    if op in ("//", "%"):
        return Drawn(text, level, lambda env: _divided(left.value(env), right.value(env), op))
    apply = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__}[op]
    return Drawn(text, level, lambda env: apply(left.value(env), right.value(env)))


def compare(first: Drawn, *rest: tuple[str, Drawn]) -> Drawn:
    """A comparison, chained as in Python: `a < b <= c` is `a < b and b <= c`, b evaluated once."""
    def holds(env: Env) -> bool:
        left = first.value(env)
        for op, operand in rest:
            right = operand.value(env)
            if not COMPARED[op](left, right):
                return False
            left = right
        return True
    return Drawn(" ".join([first.at(5), *(f"{op} {operand.at(5)}" for op, operand in rest)]), 4, holds)


def logic(left: Drawn, op: str, right: Drawn) -> Drawn:
    level = 1 if op == "or" else 2
    if op == "or":
        return Drawn(f"{left.at(level)} or {right.at(level + 1)}", level, lambda env: left.value(env) or right.value(env))
    return Drawn(f"{left.at(level)} and {right.at(level + 1)}", level, lambda env: left.value(env) and right.value(env))


def choose(then: Drawn, condition: Drawn, otherwise: Drawn) -> Drawn:
    return Drawn(f"{then.at(1)} if {condition.at(1)} else {otherwise.at(0)}", 0,
                 lambda env: then.value(env) if condition.value(env) else otherwise.value(env))


class Drawer:
    """Draws typed expressions over some of a family's names, with `earned` or not: integers,
    conditions and lists, a few operators deep, some of them failing for some values of their names
    (a division by `x - 5`, `min(last(xs, n))` at n = 0, a step of `x - 3`)."""

    def __init__(self, rng: random.Random, names: tuple[tuple[str, ...], ...], earned: bool):
        self.rng = rng
        self.ints = [*names[0], *(["earned"] * 2 if earned else [])]
        self.flags, self.lists = names[1], names[2]

    def small(self) -> Drawn:
        return literal(self.rng.choice([0, 1, 2, 3, 5, 6, 7, 10, 12, self.rng.randint(0, 30)]))

    def read(self) -> Drawn:
        """A name, or an aggregate of a list (what the engine reads as a number of its own)."""
        rng = self.rng
        if self.lists and rng.random() < 0.3:
            return call(rng.choice(["count", "sum", "max", "min"]), named(rng.choice(self.lists)))
        return named(rng.choice(self.ints)) if self.ints else self.small()

    def integer(self, depth: int) -> Drawn:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return self.small() if rng.random() < 0.35 else self.read()
        deeper = depth - 1
        kind = rng.randrange(12)
        if kind < 3:
            op = rng.choice(["+", "-", "*", "//", "%", "+", "-", "%"])
            right = literal(rng.choice([2, 3, 5, 7])) if op in ("//", "%") and rng.random() < 0.6 else self.integer(deeper)
            return arith(self.integer(deeper), op, right)
        if kind == 3:
            operand = self.integer(deeper)
            return Drawn(f"-{operand.at(7)}", 7, lambda env: -operand.value(env))
        if kind == 4:
            return choose(self.integer(deeper), self.condition(deeper), self.integer(deeper))
        if kind in (5, 10):
            return call(rng.choice(list(ON_A_LIST)), self.listed(deeper))
        if kind == 6:
            return call(rng.choice(["min", "max"]), *(self.integer(deeper) for _ in range(rng.choice([2, 2, 3]))))
        if kind == 7:
            return call("abs", self.integer(deeper))
        if kind == 8:
            step = literal(rng.choice([1, 2, 3, 5, 10])) if rng.random() < 0.8 else self.integer(deeper)
            return call(rng.choice(["round_nearest", "round_down", "round_up"]), self.integer(deeper), step)
        if kind == 9:  # a formula that fails for some values of what it reads
            risky = arith(self.read(), "-", literal(rng.choice([0, 1, 2, 3, 5, 7, 10])))
            way = rng.randrange(3)
            if way == 0:
                return arith(self.integer(deeper), rng.choice(["//", "%"]), risky)
            if way == 1:
                return call(rng.choice(["min", "max"]), call("last", self.listed(deeper), risky))
            return call(rng.choice(["round_nearest", "round_down", "round_up"]), self.integer(deeper), risky)
        return self.read()

    def listed(self, depth: int) -> Drawn:
        rng = self.rng
        if not self.lists or depth > 0 and rng.random() < 0.15:
            items = [self.integer(depth - 1) for _ in range(rng.randint(1, 3))]
            return Drawn(f"[{', '.join(item.text for item in items)}]", 8,
                         lambda env: tuple(item.value(env) for item in items))
        if depth <= 0 or rng.random() < 0.4:
            return named(rng.choice(self.lists))
        if rng.random() < 0.8:
            count = literal(rng.randint(0, 4)) if rng.random() < 0.7 else self.integer(depth - 1)
            return call("last", self.listed(depth - 1), count)
        return choose(self.listed(depth - 1), self.condition(depth - 1), self.listed(depth - 1))

    def condition(self, depth: int) -> Drawn:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.15:
            if self.flags and rng.random() < 0.6:
                return named(rng.choice(self.flags))
            return compare(self.integer(0), (rng.choice(["==", "!=", "<", ">="]), literal(rng.randint(0, 12))))
        deeper = depth - 1
        kind = rng.randrange(9)
        if kind < 3:
            chain = [(rng.choice(["==", "!=", "<", "<=", ">", ">="]), self.integer(deeper))]
            if rng.random() < 0.15:
                chain.append((rng.choice(["<", "<=", "=="]), self.integer(deeper)))
            if rng.random() < 0.3:  # a multiple of five, three...
                return compare(arith(self.integer(deeper), "%", literal(rng.choice([3, 5]))), ("==", literal(0)))
            return compare(self.integer(deeper), *chain)
        if kind == 3:
            return compare(self.integer(deeper), ("in", self.listed(deeper)))
        if kind == 4:
            left, right = (self.listed(deeper), self.listed(deeper)) if rng.random() < 0.5 else (
                self.condition(deeper), self.condition(deeper))
            return compare(left, (rng.choice(["==", "!="]), right))
        if kind in (5, 6):
            return logic(self.condition(deeper), "and" if kind == 5 else "or", self.condition(deeper))
        if kind == 7:
            operand = self.condition(deeper)
            return Drawn(f"not {operand.at(3)}", 3, lambda env: not operand.value(env))
        return choose(self.condition(deeper), self.condition(deeper), self.condition(deeper))


def drawn_entries(rng: random.Random, family: str) -> list[tuple[str, Drawn, Drawn]]:
    """1 to 4 entries (a name, `when`, `points`) over a few of the family's names, or all of them:
    the engine scores a file reading only the sum, the flags and the tile, the line's ends, an
    aggregate of its tiles, or the tiles themselves, each its own way."""
    names: tuple[tuple[str, ...], ...] = FAMILY_NAMES[family]
    if rng.random() < 0.7:
        names = tuple(tuple(n for n in kind if rng.random() < rate) for kind, rate in zip(names, (0.3, 0.3, 0.5)))
    entries = []
    for number in range(rng.randint(1, 4)):
        drawer = Drawer(rng, names, earned=number > 0 or rng.random() < 0.2)
        depth = rng.choice([1, 2, 2, 3, 3, 4])
        when = literal(True) if rng.random() < 0.1 else drawer.condition(depth)
        points = literal(rng.randint(-3, 15)) if rng.random() < 0.25 else drawer.integer(depth)
        entries.append((f"entry {number}", when, points))
    return entries


def drawn_awards(entries: list[tuple[str, Drawn, Drawn]], env: dict[str, Any]) -> tuple[list[tuple[str, int]], int]:
    """The README's scoring on `env`: each entry in order, `earned` what the earlier ones gave."""
    awards, earned = [], 0
    for entry, when, points in entries:
        env["earned"] = earned
        if when.value(env):
            value = points.value(env)
            earned += value
            awards.append((entry, value))
    return awards, earned


def drawn_house(tmp_path: Path, family: str, entries: list[tuple[str, Drawn, Drawn]], spinner: bool) -> Any:
    """The rule file of `entries` (None when the loader refuses it: a formula failing in every game)."""
    text = "extends: domino-muggins\n" if family == "domino" else "extends: card-muggins\nclaims:\n  required: false\n"
    text += "name: drawn\nscoring:\n" + "".join(f"  - name: {entry}\n    when: {json.dumps(when.text)}\n"
                                                 f"    points: {json.dumps(points.text)}\n"
                                                 for entry, when, points in entries)
    if spinner:
        text += "line:\n  spinner: true\n"
    path = tmp_path / f"{family}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        return load_rules(str(path))
    except RuleFileError:
        return None


def drawn_outcome(family: str, rules: Any, game: Any, state: Any, move: Any,
                  entries: list[tuple[str, Drawn, Drawn]]) -> list[tuple[str, int]] | None:
    """What `move` scores by the README, each award; None where it fails."""
    env = placement_names(game, state, move) if family == "domino" else card_names(rules, game, state, move.card)
    try:
        awards, earned = drawn_awards(entries, env)
    except Fails:
        return None
    if family == "card" and env["total"] == game.limit:
        awards.append(("exact limit", 2))  # card-muggins' exact limit, scored at once
    return awards


def play_drawn_game(family: str, rules: Any, game: Any, seed: int, entries: list[tuple[str, Drawn, Drawn]]) -> int:
    """A game at a table, every placement (card) a player may make weighed as the README scores it
    against what the player is told (`points_if`: failing with a RuleError where it fails), the move
    made scoring what was weighed; greedy bots play, but where some move fails the first that does
    not is made (a greedy bot would fail weighing them). The moves weighed."""
    kind = Place if family == "domino" else Play
    reasons = {entry for entry, _, _ in entries} | {"exact limit"}
    state, bots, weighed = game.new_state(seed), make_bots(["greedy"] * game.players, seed), 0
    while not state.is_terminal():
        actor, legal = state.actor, state.legal_moves()
        view = state.view(actor)
        due = {move: drawn_outcome(family, rules, game, state, move, entries) for move in legal if isinstance(move, kind)}
        for move, awards in due.items():
            points = "fails" if awards is None else sum(award[1] for award in awards)
            assert outcome(lambda: view.points_if(move)) == points, (move, awards)
        weighed += len(due)
        if None in due.values():
            playable = [move for move in legal if due.get(move, ()) is not None]
            if not playable:
                return weighed
            move = playable[0]
        else:
            move = bots[actor].choose(view, legal)
        events = state.play(move)
        if isinstance(move, kind):
            scored = [(e.reason, e.points) for e in events if isinstance(e, Scored) and e.reason in reasons]
            awarded = due[move]
            assert awarded is not None
            assert scored == due_awards(awarded, scored, state), move
    return weighed


def simulated_as_at_table(game: Any, bots: list[str], seed: str) -> None:
    """The simulated game ends as the same game at a table, or both fail with a RuleError."""
    def played(play: Callable[[], Any]) -> Any:
        try:
            state = play()
        except RuleError:
            return "fails"
        return (state.outcome, state.scores, state.scored, state.round_starts, state.moves, state.turns, state.hands)
    simulated = played(lambda: game.new_state(seed, Policies(bots, seed, 0.0, 1.0)))
    assert simulated == played(lambda: play_at_table(game, bots, seed, 0.0, 1.0)), bots


@pytest.mark.parametrize("family", ["domino", "card"])
def test_drawn_scoring_entries_score_what_the_readme_says(tmp_path: Path, family: str):
    """Rule files of random scoring entries (`drawn_entries`): at a table, every move weighed and
    made scores what the entries give evaluated as the README defines them, or fails where they
    fail; simulated games, greedy and random, end as at a table. CI draws the same few files every
    run; to draw more, or others, e.g.
    `MUGGINS_SCORING_FUZZ_EXAMPLES=500 MUGGINS_SCORING_FUZZ_SEED=7 python -m pytest tests/test_scoring_tables.py -k drawn`.
    """
    refused = weighed = 0
    for number in range(FUZZ_EXAMPLES):
        rng = random.Random(f"{family}:{FUZZ_SEED}:{number}")
        entries = drawn_entries(rng, family)
        rules = drawn_house(tmp_path, family, entries, spinner=family == "domino" and rng.random() < 0.5)
        if rules is None:
            refused += 1
            continue
        players = rng.choice([2, 3, 4])
        game = make_game(rules, players, max_rounds=3)
        weighed += play_drawn_game(family, rules, game, number, entries)
        for bots in ("greedy", "random"):
            simulated_as_at_table(game, [bots] * players, f"drawn:{number}")
    assert refused <= FUZZ_EXAMPLES // 5 + 1  # the files drawn are mostly valid...
    assert weighed > 20 * FUZZ_EXAMPLES  # ...and their games weighed moves (many end early, failing)
