"""Scenarios: the rule texts' worked examples as YAML, run against rule files.

A scenario names its rules, states a position and takes steps, each an action with what the
rules must give after it; or it is a table of rows for one formula of the rule file. Scenario
files are checked by their own JSON Schema with located errors, like rule files. The pytest
plugin and `muggins check` both run them through `cases` and `run_case`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import jsonschema

from . import rules as R
from .dsl import Type
from .engine import make_game
from .engine import table as T
from .engine.common import GameEnded, Scored
from .errors import IllegalMoveError, Location, MugginsError, Problem, RuleError, RuleFileError
from .families import families, family_of
from .formats import other_file, written_by_muggins
from .loader import load_rules_with, other_kind, schema_problem
from .messages import LANGUAGES, Said, counted, said_each, said_list, said_reason, say
from .schema import scenario_part, scenario_schema
from .yamlfile import EMPTY_SCENARIO, Document, read_yaml_file


class ScenarioFailure(MugginsError):
    """The rules did not give what a scenario expects; the message says it in the game's words,
    at the step or row that expected it (a long scenario's writer goes straight there)."""

    def __init__(self, message: Said, location: Location | None = None):
        super().__init__(message)
        self.location = location

    def said(self, lang: str) -> str:
        text = super().said(lang)
        return f"{self.location}: {text}" if self.location else text


# What is wrong with a scenario, or where the rules did not give what it expects, in both languages.
WORDS = {
    "en": {
        "one_of": "a scenario has `steps`, or a `formula` with `rows` (not both)",
        "neither": "a scenario needs `steps`, or a `formula` with `rows`",
        "table_position": "a table of `rows` starts from no position: `position` is for `steps`",
        "table_game": "a table of `rows` plays no game: `{key}` is for `steps` (a row gives the names its formula "
                      "reads, `players` too, in `given`)",
        "end_round": "`end_round` is `true` (the round ends as blocked, or with every hand empty) or "
                     "`{{dominoed_by: N}}` (player N placed their last tile)",
        "play_and_end": "a step has `play` or `end_round`, not both",
        "rules_fail": "its rules do not load: {problem}",
        "rules_fail_more": "its rules do not load: {problem} (and {more} more: `muggins validate` on the rule file "
                           "lists them all)",
        "options_rules": "`{key}` is no option: `options` lays values over the scenario's `rules` and cannot change "
                         "which rules they are (name those in `rules`)",
        "no_formula": "{rules} has no {name}",
        "not_read": "{name!r} is not read by {formula} (names: {names})",
        "row": "{formula} with {given}: expected {expect}, the rules give {actual}",
        "row_stopped": "{formula} with {given}: the rules stop on an error: {error}",
        "defaults": "every name at its default (0, false or empty)",
        "given_type": "{name} is read as a value of type {type}, not {value}",
        "turn": "there are only {players}",
        "position_hands": "{hands} for {players}", "position_scores": "{scores} for {players}",
        "impossible": "impossible position: {reason}",
        "hand_too_big": "P{player} holds {held}, but these rules deal {most} and never add to a hand",
        "twice": "`{text}` appears twice in the position (also at line {line})",
        "other_position": "`{key}` is for {games}; a position in {own} has: {keys}",
        "step": "step {number}", "step_play": "step {number} (P{player}: {play})", "step_end": "step {number} (end of round)",
        "by": "{label}: expected P{expected} to act, but it is P{actor}'s decision",
        "stopped": "{label}: the rules stop on an error: {error}",
        "refused": "{label}: the rules refuse it: {reason}",
        "error_alone": "`error` needs an action to refuse",
        "by_alone": "`by` says who makes the step's `play`; this step has no `play`",
        "idle": "this step does nothing and checks nothing: give it a `play`, an `end_round` or an `expect`",
        "differs": "{label}: {problems}",
        "refused_otherwise": "{label}: refused with {got!r}, expected a message containing {text!r}",
        "changed": "{label}: the refused action changed the game",
        "allowed": "{label}: the rules allow it, but it should be refused ({text!r})",
        "explanation": "expected the explanation to say {wanted!r}; it says {got!r}",
        "expected": "expected {what} {wanted}, the rules give {got}",
        "absent": "expected {what} {wanted}, but {why}", "nothing": "nothing",
        "none": "the rules give none", "none_penalties": "no round is settled in this step",
        "none_next_opener": "no round starts in this step", "none_winner": "no one wins the game in this step",
        "none_drew": "nothing is drawn in this step", "none_connections": "nothing is placed in this step",
        "none_stolen_by": "no one calls Muggins in this step",
        "none_actor": "the game is over: no one decides",
        "unchecked": "{keys} cannot be checked in {games}",
        "sum": "the sum of the ends", "points": "points", "scores": "scores", "legal": "legal moves",
        "actor": "next to decide", "contributions": "contributions", "ends": "open ends",
        "continuation": "continuation points", "round_over": "round over", "winner": "winner",
        "next_opener": "next opener", "penalties": "leftover-pip penalties", "total": "running total",
    },
    "es": {
        "one_of": "un escenario tiene `steps`, o una `formula` con `rows` (no ambas cosas)",
        "neither": "un escenario necesita `steps`, o una `formula` con `rows`",
        "table_position": "una tabla de `rows` no parte de ninguna posición: `position` es para `steps`",
        "table_game": "una tabla de `rows` no juega ninguna partida: `{key}` es para `steps` (una fila da en `given` "
                      "los nombres que lee su fórmula, también `players`)",
        "end_round": "`end_round` es `true` (la ronda termina cerrada, o con todas las manos vacías) o "
                     "`{{dominoed_by: N}}` (el jugador N colocó su última ficha)",
        "play_and_end": "un momento tiene `play` o `end_round`, no ambas cosas",
        "rules_fail": "sus reglas no se pueden cargar: {problem}",
        "rules_fail_more": "sus reglas no se pueden cargar: {problem} (y {more} más: `muggins validate` con el fichero "
                           "de reglas los enumera todos)",
        "options_rules": "`{key}` no es una opción: `options` pone valores sobre las reglas de `rules` del escenario "
                         "y no puede cambiar cuáles son (nómbralas en `rules`)",
        "no_formula": "{rules} no tiene {name}",
        "not_read": "{formula} no lee {name!r} (nombres: {names})",
        "row": "{formula} con {given}: se esperaba {expect}, las reglas dan {actual}",
        "row_stopped": "{formula} con {given}: las reglas se detienen por un error: {error}",
        "defaults": "cada nombre en su valor por omisión (0, false o vacío)",
        "given_type": "{name} se lee como un valor de tipo {type}, no {value}",
        "turn": "solo hay {players}",
        "position_hands": "{hands} para {players}", "position_scores": "{scores} para {players}",
        "impossible": "posición imposible: {reason}",
        "hand_too_big": "J{player} tiene {held}, pero estas reglas reparten {most} y nunca añaden a una mano",
        "twice": "`{text}` aparece dos veces en la posición (también en la línea {line})",
        "other_position": "`{key}` es de los {games}; una posición en los {own} tiene: {keys}",
        "step": "momento {number}", "step_play": "momento {number} (J{player}: {play})", "step_end": "momento {number} (fin de ronda)",
        "by": "{label}: se esperaba que actuara J{expected}, pero decide J{actor}",
        "stopped": "{label}: las reglas se detienen por un error: {error}",
        "refused": "{label}: las reglas lo rechazan: {reason}",
        "error_alone": "`error` necesita una acción que rechazar",
        "by_alone": "`by` dice quién hace la jugada `play` del momento; este momento no tiene `play`",
        "idle": "este momento no hace nada ni comprueba nada: dale un `play`, un `end_round` o un `expect`",
        "differs": "{label}: {problems}",
        "refused_otherwise": "{label}: rechazada con {got!r}; se esperaba un mensaje que contuviera {text!r}",
        "changed": "{label}: la acción rechazada cambió la partida",
        "allowed": "{label}: las reglas lo permiten, pero debería rechazarse ({text!r})",
        "explanation": "se esperaba que la explicación dijera {wanted!r}; dice {got!r}",
        "expected": "{what}: lo esperado es {wanted}, las reglas dan {got}",
        "absent": "{what}: lo esperado es {wanted}, pero {why}", "nothing": "nada",
        "none": "las reglas no dan ninguno", "none_penalties": "en este momento no se liquida ninguna ronda",
        "none_next_opener": "en este momento no empieza ninguna ronda", "none_winner": "en este momento nadie gana la partida",
        "none_drew": "en este momento no se roba nada", "none_connections": "en este momento no se coloca nada",
        "none_stolen_by": "en este momento nadie grita «¡Muggins!»",
        "none_actor": "la partida ha terminado: nadie decide",
        "unchecked": "{keys}: no se puede comprobar en los {games}",
        "sum": "la suma de los extremos", "points": "puntos", "scores": "puntuaciones", "legal": "jugadas legales",
        "actor": "quien decide a continuación", "contributions": "aportaciones", "ends": "extremos abiertos",
        "continuation": "puntos de continuación", "round_over": "fin de ronda", "winner": "ganador",
        "next_opener": "quien sale en la ronda siguiente", "penalties": "penalizaciones por puntos sobrantes",
        "total": "suma en curso",
    },
}


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
    form = written_by_muggins(doc.data)
    if form is not None:  # a record or save is known by its format, as replay and resume know it: one line
        name = display or str(path)
        rules = doc.data.get("rules")
        said = Said(other_file("en", form, "scenario", name, rules), es=other_file("es", form, "scenario", name, rules))
        raise RuleFileError([Problem(doc.where(("format",)), said)])
    if (other := other_kind(doc, "scenario")) is not None:
        raise RuleFileError([other])
    problems = [found for error in _validator().iter_errors(doc.data) if (found := _problem(doc, error))]
    if problems:
        raise RuleFileError(problems)
    data = doc.data
    for key in ("extends", "name"):  # merged after `rules` was read, they would be silently ignored
        if key in data.get("options", {}):
            raise RuleFileError([Problem(doc.where(("options", key), key=True), say(WORDS, "options_rules", key=key))])
    overrides = Document(doc.file, data.get("options", {}), doc.lines)
    overrides.values = {k[1:]: v for k, v in doc.values.items() if k[:1] == ("options",)}
    overrides.keys = {k[1:]: v for k, v in doc.keys.items() if k[:1] == ("options",)}
    try:
        rules = load_rules_with(data["rules"], overrides, path.parent, doc.where(("rules",)))
    except RuleFileError as exc:
        if any(p.location.file == doc.file for p in exc.problems):
            raise
        problem, more = said_each(exc.problems[0].one_line), len(exc.problems) - 1
        key = "rules_fail_more" if more else "rules_fail"
        raise RuleFileError([Problem(doc.where(("rules",)), say(WORDS, key, problem=problem, more=more))]) from None
    players = data.get("players", rules.player_counts[0])
    try:
        game = make_game(rules, players)
    except IllegalMoveError as exc:
        raise RuleFileError([Problem(doc.where(("players",)), said_reason(exc))]) from None
    # a title is one line of `check`'s report and a test's id: a line break written in it is a space
    scenario = Scenario(" ".join(data["title"].split()), data["source"], path, doc, rules, players, game)
    if "formula" in data:
        _formula(scenario)  # a formula the rules have not is the table's mistake, said once rather than at each row
    return scenario


def _problem(doc: Document, error: jsonschema.ValidationError) -> Problem | None:
    """A schema error in a scenario's own words: the schema's `oneOf` and `not` say only that a
    value fits none of its shapes, so each place they guard says which shapes it takes (None:
    nothing to add to what another error of the same value says)."""
    path = tuple(error.absolute_path)
    data = doc.data if isinstance(doc.data, dict) else {}
    if error.validator == "oneOf" and not path:
        if "steps" in data and ("formula" in data or "rows" in data):
            return Problem(doc.where(()), say(WORDS, "one_of"))
        if "position" in data and ("formula" in data or "rows" in data):
            return Problem(doc.where(("position",), key=True), say(WORDS, "table_position"))
        for key in ("players", "seed"):  # a row reads its own `players`: these would be silently ignored
            if key in data and ("formula" in data or "rows" in data):
                return Problem(doc.where((key,), key=True), say(WORDS, "table_game", key=key))
        return Problem(doc.where(()), say(WORDS, "neither"))
    if error.validator == "oneOf" and path[-1:] == ("end_round",):
        return Problem(doc.where(path), say(WORDS, "end_round"))
    if error.validator == "not" and path[:1] == ("steps",):
        if not isinstance(error.instance, dict):
            return None  # a step that is not a mapping: its type error says so
        return Problem(doc.where(path + ("end_round",), key=True), say(WORDS, "play_and_end"))
    return schema_problem(doc, error)


def cases(scenario: Scenario) -> list[Case]:
    """The tests a scenario makes: one for its steps, or one per table row."""
    data = scenario.doc.data
    if "rows" not in data:
        return [Case(scenario, scenario.title, scenario.doc.where(()).line)]
    labels = [row.get("name") or ", ".join(f"{k}={_show(v)}" for k, v in row["given"].items()) or f"#{i + 1}"
              for i, row in enumerate(data["rows"])]
    # rows named alike (or given alike) are told apart by their number: one id, one test to select
    return [Case(scenario, f"{scenario.title} [{label}{f' #{i + 1}' if labels.count(label) > 1 else ''}]",
                 scenario.doc.where(("rows", i)).line, i) for i, label in enumerate(labels)]


def run_case(case: Case) -> None:
    """Run one case; raises ScenarioFailure (or RuleFileError for a broken position) on failure."""
    if case.row is not None:
        _run_row(case.scenario, case.row)
    else:
        _run_steps(case.scenario)


# -- tables --------------------------------------------------------------------------------------

def _formula(scenario: Scenario) -> tuple[Any, Any]:
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
        raise RuleFileError([Problem(scenario.doc.where(("formula",)), say(WORDS, "no_formula", rules=rules.name, name=name))])
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
    formula = scenario.doc.data["formula"]
    function, context = _formula(scenario)
    env: dict[str, Any] = {name: {Type.INT: 0, Type.BOOL: False, Type.LIST: ()}[kind] for name, kind in context.items()}
    for name, value in row["given"].items():
        path = ("rows", index, "given", name)
        if name not in context:
            raise located(scenario, path, say(WORDS, "not_read", name=name, formula=formula,
                                              names=", ".join(sorted(context))), key=True)
        if not _of_type(value, context[name]):
            raise located(scenario, path, say(WORDS, "given_type", name=name, type=context[name].said, value=_show(value)))
        env[name] = tuple(value) if isinstance(value, list) else value
    given = _joined("{}", [_joined(f"{k} = {{}}", [_show(v)]) for k, v in row["given"].items()]) \
        if row["given"] else say(WORDS, "defaults")
    where = scenario.doc.where(("rows", index))
    try:
        actual = function(env)
    except RuleError as exc:  # a house formula failing at this row's values: this row fails, no other
        raise ScenarioFailure(say(WORDS, "row_stopped", formula=formula, given=given, error=said_each(exc.said)),
                              where) from None
    if type(actual) is not type(row["expect"]) or actual != row["expect"]:  # true is no 1, as YAML reads them
        raise ScenarioFailure(say(WORDS, "row", formula=formula, given=given, expect=_show(row["expect"]),
                                  actual=_show(actual)), where)


def _of_type(value: Any, kind: Type) -> bool:
    """Whether a row's given value is of the type the formula reads it as (YAML's true is no 1)."""
    if kind is Type.LIST:
        return isinstance(value, list) and all(type(item) is int for item in value)
    return type(value) is {Type.INT: int, Type.BOOL: bool}[kind]


# -- positions -----------------------------------------------------------------------------------

def located(scenario: Scenario, path: tuple, message: Said, key: bool = False) -> RuleFileError:
    """A problem with a scenario, at `path` in its file (at its key when the key itself is wrong)."""
    return RuleFileError([Problem(scenario.doc.where(path, key), message)])


def impossible(scenario: Scenario, path: tuple, exc: IllegalMoveError) -> RuleFileError:
    """A position the game refuses to set up, at `path` (the position, or the part the game refused)."""
    return located(scenario, path, say(WORDS, "impossible", reason=said_reason(exc)))


def seat(scenario: Scenario, path: tuple, player: int) -> int:
    """The seat (from 0) of `player` (from 1) written at `path`: the schema allows up to 8
    players, and this game's seats may end sooner."""
    if player > scenario.players:
        raise located(scenario, path, say(WORDS, "turn", players=counted(scenario.players, "player")))
    return player - 1


def parse_pieces(scenario: Scenario, path: tuple, texts: list[str]) -> list[Any]:
    return [_piece(scenario, path + (i,), text) for i, text in enumerate(texts)]


def _piece(scenario: Scenario, path: tuple, text: str) -> Any:
    """The piece `text` written at `path` (`0-3`, `[0|3]`, `3♥`, `3h`); a text that is none is refused there."""
    try:
        return scenario.rules.pieces.parse(text)
    except IllegalMoveError as exc:
        raise located(scenario, path, said_reason(exc)) from None


def build_state(scenario: Scenario) -> Any:
    """The scenario's starting position, with what it leaves out filled in deterministically."""
    position = scenario.doc.data.get("position", {})
    _only_own_keys(scenario, position)
    n = scenario.players
    turn = seat(scenario, ("position", "turn"), position.get("turn", 1))
    listed = position.get("hands", [])
    if len(listed) > n:
        raise located(scenario, ("position", "hands"), say(WORDS, "position_hands", hands=counted(len(listed), "hand"),
                                                           players=counted(n, "player")))
    hands = [parse_pieces(scenario, ("position", "hands", i), h) for i, h in enumerate(listed)]
    _within_the_deal(scenario, hands)
    scores = position.get("scores", [0] * n)
    if len(scores) != n:
        raise located(scenario, ("position", "scores"), say(WORDS, "position_scores", scores=counted(len(scores), "score"),
                                                            players=counted(n, "player")))
    seed = scenario.doc.data.get("seed", 0)
    try:
        return family_of(scenario.rules).position(scenario, position, hands, scores, turn, seed)
    except IllegalMoveError as exc:
        raise impossible(scenario, ("position",), exc) from None


def _within_the_deal(scenario: Scenario, hands: list[list[Any]]) -> None:
    """Refuse a hand larger than any these rules can give, when they never add to a hand after the deal."""
    most = family_of(scenario.rules).most_in_hand(scenario.game)
    for i, hand in enumerate(hands):
        if most is not None and len(hand) > most:
            reason = say(WORDS, "hand_too_big", player=i + 1, held=counted(len(hand), "piece"),
                         most=counted(most, "piece"))
            raise located(scenario, ("position", "hands", i), say(WORDS, "impossible", reason=reason))


def _only_own_keys(scenario: Scenario, position: dict[str, Any]) -> None:
    """The schema lets every family's position keys through; one of another family would be
    silently ignored (a card game's `stock` in a domino game that draws from its `boneyard`)."""
    own = family_of(scenario.rules)
    theirs = {key: family for family in families().values() if family is not own
              for key in scenario_part(family)["position"]}
    mine = [key for key in scenario_schema()["properties"]["position"]["properties"] if key not in theirs]
    mine += [key for key in scenario_part(own)["position"] if key not in mine]
    for key in position:
        if key not in mine:
            raise located(scenario, ("position", key), say(WORDS, "other_position", key=key, games=theirs[key].description,
                                                           own=own.description, keys=", ".join(mine)), key=True)


def distinct_pieces(scenario: Scenario, placed: list[tuple[tuple, Any]]) -> None:
    """Refuse a piece written twice in the position (each piece at its path): the game would
    only say that one is, so the writer is pointed at the second place, in reading order."""
    def where(path: tuple) -> tuple[int, int]:
        location = scenario.doc.where(path)
        return location.line, location.column
    first: dict[Any, tuple] = {}
    for path, piece in sorted(placed, key=lambda item: where(item[0])):
        if piece in first:
            text = scenario.doc.data
            for step in path:
                text = text[step]
            raise located(scenario, path, say(WORDS, "twice", text=text, line=where(first[piece])[0]))
        first[piece] = path


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
    for index, step in enumerate(scenario.doc.data["steps"]):
        label = _label(step, index, state.actor)
        where = scenario.doc.where(("steps", index))
        try:
            _run_step(scenario, state, index, step, label)
        except ScenarioFailure as exc:
            raise ScenarioFailure(exc.args[0], where) from None
        except RuleError as exc:  # a house formula failing at a value this step reached: this case fails, no other
            raise ScenarioFailure(say(WORDS, "stopped", label=label, error=said_each(exc.said)), where) from None


def _label(step: dict[str, Any], index: int, actor: int) -> Said:
    """How a failure names the step: its number, who does what in it, and its `note`, whatever
    the failure (a refusal, the wrong actor, a value)."""
    if "play" in step:
        said = say(WORDS, "step_play", number=index + 1, player=actor + 1, play=step["play"])
    elif "end_round" in step:
        said = say(WORDS, "step_end", number=index + 1)
    else:
        said = say(WORDS, "step", number=index + 1)
    note = step.get("note")
    return said_each(lambda lang: f"{said.said(lang)} ({note})") if note else said


def _run_step(scenario: Scenario, state: Any, index: int, step: dict[str, Any], label: Said) -> None:
    expect = step.get("expect", {})
    actor = state.actor
    events: list[Any] = []
    if "by" in step and "play" not in step:
        # no one acts at the end of a round or in a step that only looks: `by` would check nothing
        raise located(scenario, ("steps", index, "by"), say(WORDS, "by_alone"), key=True)
    if not expect and "play" not in step and "end_round" not in step:  # it would pass whatever the rules do
        raise located(scenario, ("steps", index), say(WORDS, "idle"))
    if "play" in step:
        events = _play(scenario, state, index, step, label)
    elif "end_round" in step:
        spec = step["end_round"]
        dominoer = seat(scenario, ("steps", index, "end_round", "dominoed_by"), spec["dominoed_by"]) \
            if isinstance(spec, dict) else None
        try:
            events = state.end_round(dominoer) if dominoer is not None else state.end_round()
        except IllegalMoveError as exc:
            raise located(scenario, ("steps", index, "end_round"), said_reason(exc)) from None
    elif "error" in expect:
        raise located(scenario, ("steps", index, "expect", "error"), say(WORDS, "error_alone"))
    problems = _compare(scenario, state, events, expect, actor, index)
    if problems:
        raise ScenarioFailure(say(WORDS, "differs", label=label, problems=said_list(problems, "; ")))


def _play(scenario: Scenario, state: Any, index: int, step: dict[str, Any], label: Said) -> list[Any]:
    """The step's action as a player types it, by the player `by` names; a refusal the step
    expects leaves the position as it was (the step's other keys are checked against it)."""
    move = _move(scenario, ("steps", index, "play"), step["play"])
    if "by" in step and seat(scenario, ("steps", index, "by"), step["by"]) != state.actor:
        raise ScenarioFailure(say(WORDS, "by", label=label, expected=step["by"], actor=state.actor + 1))
    expect = step.get("expect", {})
    if "error" in expect:
        _expect_refusal(state, move, expect["error"], label)
        return []
    try:
        return state.play(move)
    except IllegalMoveError as exc:
        raise ScenarioFailure(say(WORDS, "refused", label=label, reason=said_reason(exc))) from None


def _expect_refusal(state: Any, move: Any, text: str, label: Said) -> None:
    before = _fingerprint(state)
    try:
        state.play(move)
    except IllegalMoveError as exc:
        reason = said_reason(exc)
        if not any(text.lower() in reason.said(lang).lower() for lang in LANGUAGES):
            # the reason in any language: a failure in Spanish quotes it in Spanish, to be copied
            raise ScenarioFailure(say(WORDS, "refused_otherwise", label=label, got=reason, text=text)) from None
        if _fingerprint(state) != before:
            raise ScenarioFailure(say(WORDS, "changed", label=label)) from None
        return
    raise ScenarioFailure(say(WORDS, "allowed", label=label, text=text))


def _fingerprint(state: Any) -> tuple:
    pieces = family_of(state.rules).pieces_in_play(state)
    return (tuple(map(tuple, state.hands)), tuple(pieces), tuple(state.scores), len(state.events), state.actor)


def _compare(scenario: Scenario, state: Any, events: list[Any], expect: dict[str, Any], actor: int,
             index: int) -> list[Said]:
    expect = {key: wanted for key, wanted in expect.items() if key != "error"}  # `error` is checked by the refusal
    actual = _observe(scenario, state, events, actor, expect.keys(), index)
    problems = []
    for key, wanted in expect.items():
        got = actual[key]
        if key == "legal":
            wanted = sorted(scenario.game.notation(_move(scenario, ("steps", index, "expect", "legal", i), text))
                            for i, text in enumerate(wanted))
        elif key == "drew" and wanted is not None:  # any spelling a position takes (`0-3`, `3♥`)
            wanted = scenario.rules.pieces.code(_piece(scenario, ("steps", index, "expect", "drew"), wanted))
        elif key == "scored" and len(wanted) == len(got):
            got = [{k: v for k, v in item.items() if k in want} for item, want in zip(got, wanted)]
        elif key in ("explanation", "explanation_es"):
            if got is None or wanted not in got:
                problems.append(say(WORDS, "explanation", wanted=wanted, got=got))
            continue
        if got != wanted:
            what = say(WORDS, key) if key in _OBSERVED else Said(key)
            if got is None:  # the step shows nothing of the kind: say why rather than a value
                why = say(WORDS, f"none_{key}" if f"none_{key}" in WORDS["en"] else "none")
                problems.append(say(WORDS, "absent", what=what, wanted=_show(wanted), why=why))
            else:
                problems.append(say(WORDS, "expected", what=what, wanted=_show(wanted), got=_show(got)))
    return problems


def _move(scenario: Scenario, path: tuple, text: str) -> Any:
    """The move `text` written at `path`, as a player types it; a text that is none is refused there."""
    try:
        return scenario.game.parse_move(text)
    except IllegalMoveError as exc:
        raise located(scenario, path, said_reason(exc)) from None


# The expectation keys that have a name in words (the others are named by their key).
_OBSERVED = ("sum", "points", "scores", "legal", "actor", "contributions", "ends", "continuation", "round_over",
             "winner", "next_opener", "penalties", "total")


def _show(value: Any) -> Said:
    """A value as the scenario writes it (YAML's `true`, `{player: 2, points: 15}`), never as
    Python would print it; None, where the game shows nothing, is said in words."""
    if value is None:
        return say(WORDS, "nothing")
    if isinstance(value, Said):  # the game's own words (an end's name), in every language
        return value
    if isinstance(value, bool):
        return Said("true" if value else "false")
    if isinstance(value, (list, tuple)):
        return _joined("[{}]", [_show(item) for item in value])
    if isinstance(value, dict):
        return _joined("{{{}}}", [_joined(f"{key}: {{}}", [_show(item)]) for key, item in value.items()])
    return Said(str(value))


def _joined(template: str, parts: list[Said]) -> Said:
    """`parts` joined with commas into `template`'s blank, in every language."""
    return said_each(lambda lang: template.format(", ".join(part.said(lang) for part in parts)))


def _observe(scenario: Scenario, state: Any, events: list[Any], actor: int, keys: Any, index: int) -> dict[str, Any]:
    """What the game shows for each expectation key, after step `index` (a key another family's
    games have is refused at the key in that step)."""
    game = scenario.game
    scored = [e for e in events if isinstance(e, Scored)]
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    seen: dict[str, Any] = {
        # the acting player's net change: a loss the same step brings (a house entry taking a point,
        # a false call) is counted, so an expectation of the gains alone fails where they differ
        "points": sum(e.points for e in scored if e.player == actor),
        "scores": list(state.scores),
        "legal": sorted(game.notation(m) for m in state.legal_moves()),
        "actor": None if state.is_terminal() else state.actor + 1,  # over, it would name whoever was last asked
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
    missing = [key for key in keys if key not in seen]
    if missing:
        raise located(scenario, ("steps", index, "expect", missing[0]),
                      say(WORDS, "unchecked", keys=", ".join(missing), games=family_of(scenario.rules).description),
                      key=True)
    return seen


def scenario_files(paths: list[str | Path]) -> Iterator[Path]:
    """Every scenario file under the given files and folders, sorted (a folder named `x.yaml` is
    walked, not read as a file that fails)."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml") and not p.is_dir())
        else:
            yield path
