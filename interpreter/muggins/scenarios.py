"""Scenarios: the rule texts' worked examples as YAML, run against rule files.

A scenario names its rules, states a position and takes steps, each an action with what the
rules must give after it; or it is a table of rows for one formula of the rule file. Scenario
files are checked by their own JSON Schema with located errors, like rule files. The pytest
plugin and `muggins check` both run them through `cases` and `run_case`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import jsonschema

from . import rules as R
from .dsl import Type
from .engine import make_game
from .engine import table as T
from .engine.common import GameEnded, Scored
from .errors import IllegalMoveError, MugginsError, Problem, RuleFileError
from .families import family_of
from .loader import schema_problem, load_rules_with
from .schema import scenario_schema
from .yamlfile import EMPTY_SCENARIO, Document, read_yaml_file


class ScenarioFailure(MugginsError):
    """The rules did not give what a scenario expects; the message says it in the game's words."""


@dataclass
class Scenario:
    title: str
    source: str
    path: Path
    doc: Document
    rules: R.Rules
    players: int
    game: Any


@dataclass
class Case:
    """One test: a whole scenario of steps, or one row of a table."""

    scenario: Scenario
    name: str
    line: int
    row: int | None = None


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    schema = scenario_schema()
    return jsonschema.validators.validator_for(schema)(schema)


def load_scenario(path: str | Path, display: str | None = None) -> Scenario:
    """Read and check a scenario file and load its rules (with any inline options)."""
    path = Path(path)
    doc = read_yaml_file(path, display or str(path), EMPTY_SCENARIO)
    problems = []
    for error in _validator().iter_errors(doc.data):
        if error.validator == "oneOf":
            problems.append(Problem(doc.where(()), "a scenario has `steps`, or a `formula` with `rows` (not both)"))
        else:
            problems.append(schema_problem(doc, error))
    if problems:
        raise RuleFileError(problems)
    data = doc.data
    overrides = Document(doc.file, data.get("options", {}), doc.lines)
    overrides.values = {k[1:]: v for k, v in doc.values.items() if k[:1] == ("options",)}
    overrides.keys = {k[1:]: v for k, v in doc.keys.items() if k[:1] == ("options",)}
    try:
        rules = load_rules_with(data["rules"], overrides, path.parent)
    except RuleFileError as exc:
        if any(p.location.file == doc.file for p in exc.problems):
            raise
        raise RuleFileError([Problem(doc.where(("rules",)), f"its rules do not load: {exc.problems[0].one_line()}")]) from None
    players = data.get("players", rules.player_counts[0])
    try:
        game = make_game(rules, players)
    except IllegalMoveError as exc:
        raise RuleFileError([Problem(doc.where(("players",)), str(exc))]) from None
    return Scenario(data["title"], data["source"], path, doc, rules, players, game)


def cases(scenario: Scenario) -> list[Case]:
    """The tests a scenario makes: one for its steps, or one per table row."""
    data = scenario.doc.data
    if "rows" not in data:
        return [Case(scenario, scenario.title, scenario.doc.where(()).line)]
    result = []
    for i, row in enumerate(data["rows"]):
        label = row.get("name") or ", ".join(f"{k}={v}" for k, v in row["given"].items())
        result.append(Case(scenario, f"{scenario.title} [{label}]", scenario.doc.where(("rows", i)).line, i))
    return result


def run_case(case: Case) -> None:
    """Run one case; raises ScenarioFailure (or RuleFileError for a broken position) on failure."""
    if case.row is not None:
        _run_row(case.scenario, case.row)
    else:
        _run_steps(case.scenario)


# -- tables --------------------------------------------------------------------------------------

def _formula(scenario: Scenario) -> tuple[Any, Any]:
    from .families import family_of
    rules = scenario.rules
    name = scenario.doc.data["formula"]
    family = family_of(rules)
    table = {
        "deal.hand": (rules.hand, R.PLAYERS_CONTEXT),
        "win.target": (rules.target, R.PLAYERS_CONTEXT),
        "scoring": (lambda env: _score_all(rules, env), family.scoring_context),
        **family.formulas(rules),
    }
    if name not in table:
        raise RuleFileError([Problem(scenario.doc.where(("formula",)), f"{rules.name} has no {name}")])
    return table[name]


def _score_all(rules: R.Rules, env: dict[str, Any]) -> int:
    """What every scoring entry gives together, each reading what the earlier ones gave, as in play."""
    earned = 0
    for entry in rules.scoring:
        step = {**env, "earned": earned}
        if entry.when(step):
            earned += entry.points(step)
    return earned


def _run_row(scenario: Scenario, index: int) -> None:
    row = scenario.doc.data["rows"][index]
    function, context = _formula(scenario)
    env: dict[str, Any] = {name: {Type.INT: 0, Type.BOOL: False, Type.LIST: ()}[kind] for name, kind in context.items()}
    for name, value in row["given"].items():
        if name not in context:
            raise RuleFileError([Problem(scenario.doc.where(("rows", index, "given", name), key=True),
                                         f"{name!r} is not read by {scenario.doc.data['formula']} "
                                         f"(names: {', '.join(sorted(context))})")])
        env[name] = tuple(value) if isinstance(value, list) else value
    actual = function(env)
    if actual != row["expect"]:
        given = ", ".join(f"{k} = {v}" for k, v in row["given"].items())
        raise ScenarioFailure(f"{scenario.doc.data['formula']} with {given}: expected {row['expect']}, "
                              f"the rules give {actual}")


# -- positions -----------------------------------------------------------------------------------

def located(scenario: Scenario, path: tuple, message: str) -> RuleFileError:
    """A problem with a scenario, at `path` in its file."""
    return RuleFileError([Problem(scenario.doc.where(path), message)])


def parse_pieces(scenario: Scenario, path: tuple, texts: list[str]) -> list[Any]:
    parse = scenario.rules.pieces.parse
    result = []
    for i, text in enumerate(texts):
        try:
            result.append(parse(text))
        except IllegalMoveError as exc:
            raise located(scenario, path + (i,), str(exc)) from None
    return result


def build_state(scenario: Scenario) -> Any:
    """The scenario's starting position, with what it leaves out filled in deterministically."""
    position = scenario.doc.data.get("position", {})
    n = scenario.players
    turn = position.get("turn", 1) - 1
    if turn >= n:
        raise located(scenario, ("position", "turn"), f"there are only {n} players")
    listed = position.get("hands", [])
    if len(listed) > n:
        raise located(scenario, ("position", "hands"), f"{len(listed)} hands for {n} players")
    hands = [parse_pieces(scenario, ("position", "hands", i), h) for i, h in enumerate(listed)]
    scores = position.get("scores", [0] * n)
    if len(scores) != n:
        raise located(scenario, ("position", "scores"), f"{len(scores)} scores for {n} players")
    seed = scenario.doc.data.get("seed", 0)
    try:
        return family_of(scenario.rules).position(scenario, position, hands, scores, turn, seed)
    except IllegalMoveError as exc:
        raise located(scenario, ("position",), f"impossible position: {exc}") from None


def fill_hands(game: Any, hands: list[list[Any]], used: list[Any], everything: tuple[Any, ...], stock: list[Any] | None) -> tuple[list[list[Any]], list[Any]]:
    """Players without a listed hand get a deal of unused pieces in set order; the rest is the stock."""
    taken = set(used) | {p for h in hands for p in h} | set(stock or [])
    free = [p for p in everything if p not in taken]
    hands = [list(h) for h in hands]
    while len(hands) < game.players:
        hands.append(free[:game.hand_size])
        free = free[game.hand_size:]
    return hands, (stock if stock is not None else free)


# -- steps ---------------------------------------------------------------------------------------

def _run_steps(scenario: Scenario) -> None:
    state = build_state(scenario)
    game = scenario.game
    for index, step in enumerate(scenario.doc.data["steps"]):
        expect = step.get("expect", {})
        actor = state.actor
        label = f"step {index + 1}"
        events: list[Any] = []
        if "play" in step:
            try:
                move = game.parse_move(step["play"])
            except IllegalMoveError as exc:
                raise located(scenario, ("steps", index, "play"), str(exc)) from None
            label += f" (P{actor + 1}: {step['play']})"
            if "by" in step and step["by"] - 1 != actor:
                raise ScenarioFailure(f"{label}: expected P{step['by']} to act, but it is P{actor + 1}'s decision")
            if "error" in expect:
                _expect_refusal(state, move, expect["error"], label)
                continue
            try:
                events = state.play(move)
            except IllegalMoveError as exc:
                raise ScenarioFailure(f"{label}: the rules refuse it: {exc}") from None
        elif "end_round" in step:
            label += " (end of round)"
            spec = step["end_round"]
            try:
                events = state.end_round(spec["dominoed_by"] - 1) if isinstance(spec, dict) else state.end_round()
            except IllegalMoveError as exc:
                raise located(scenario, ("steps", index, "end_round"), str(exc)) from None
        elif "error" in expect:
            raise located(scenario, ("steps", index, "expect", "error"), "`error` needs an action to refuse")
        problems = _compare(scenario, state, events, expect, actor)
        if problems:
            note = f" ({step['note']})" if "note" in step else ""
            raise ScenarioFailure(f"{label}{note}: " + "; ".join(problems))


def _expect_refusal(state: Any, move: Any, text: str, label: str) -> None:
    before = _fingerprint(state)
    try:
        state.play(move)
    except IllegalMoveError as exc:
        if text.lower() not in str(exc).lower():
            raise ScenarioFailure(f"{label}: refused with {str(exc)!r}, expected a message containing {text!r}") from None
        if _fingerprint(state) != before:
            raise ScenarioFailure(f"{label}: the refused action changed the game") from None
        return
    raise ScenarioFailure(f"{label}: the rules allow it, but it should be refused ({text!r})")


def _fingerprint(state: Any) -> tuple:
    pieces = family_of(state.rules).pieces_in_play(state)
    return (tuple(map(tuple, state.hands)), tuple(pieces), tuple(state.scores), len(state.events), state.actor)


def _compare(scenario: Scenario, state: Any, events: list[Any], expect: dict[str, Any], actor: int) -> list[str]:
    actual = _observe(scenario, state, events, actor, expect.keys())
    problems = []
    for key, wanted in expect.items():
        got = actual[key]
        if key == "legal":
            parse, notation = scenario.game.parse_move, scenario.game.notation
            wanted = sorted(notation(parse(text)) for text in wanted)
        elif key == "scored" and len(wanted) == len(got):
            got = [{k: v for k, v in item.items() if k in want} for item, want in zip(got, wanted)]
        elif key in ("explanation", "explanation_es"):
            if got is None or wanted not in got:
                problems.append(f"expected the explanation to say {wanted!r}; it says {got!r}")
            continue
        if got != wanted:
            problems.append(f"expected {_WORDS.get(key, key)} {_show(wanted)}, the rules give {_show(got)}")
    return problems


_WORDS = {"sum": "the sum of the ends", "points": "points", "scores": "scores", "legal": "legal moves",
          "actor": "next to decide", "contributions": "contributions", "ends": "open ends",
          "continuation": "continuation points", "round_over": "round over", "winner": "winner",
          "next_opener": "next opener", "penalties": "leftover-pip penalties", "total": "running total"}


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _observe(scenario: Scenario, state: Any, events: list[Any], actor: int, keys: Any) -> dict[str, Any]:
    """What the game shows for each expectation key, after the step."""
    game = scenario.game
    n = scenario.players
    scored = [e for e in events if isinstance(e, Scored)]
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    seen: dict[str, Any] = {
        "points": sum(e.points for e in scored if e.player == actor and e.points > 0),
        "scores": list(state.scores),
        "legal": sorted(game.notation(m) for m in state.legal_moves()),
        "actor": state.actor + 1,
        "winner": ended.outcome.winner + 1 if ended and ended.outcome.winner is not None else None,
        "game_over": state.is_terminal(),
        "hand_sizes": [len(h) for h in state.hands],
    }
    if "scored" in keys:
        seen["scored"] = [{"player": e.player + 1, "points": e.points, "reason": e.reason} for e in scored]
    stolen = next((e for e in events if isinstance(e, T.Stolen)), None)
    seen["stolen_by"] = stolen.by + 1 if stolen else None
    seen["lost"] = any(isinstance(e, T.Forfeited) for e in events)
    seen.update(family_of(scenario.rules).observe(scenario, state, events))
    missing = [key for key in keys if key not in seen and key not in ("error",)]
    if missing:
        raise located(scenario, ("steps",), f"{', '.join(missing)} cannot be checked in {family_of(scenario.rules).description}")
    return seen


def scenario_files(paths: list[str | Path]) -> Iterator[Path]:
    """Every scenario file under the given files and folders, sorted."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml"))
        else:
            yield path
