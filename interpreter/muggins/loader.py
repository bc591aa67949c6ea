"""Load a rule file: safe YAML, `extends`, JSON Schema, then compiled `Rules`.

Every problem found on the way is reported as `FILE:LINE:COL: message`, pointing at the file
of the chain that wrote the offending value, and all problems of a stage are reported together.
"""
from __future__ import annotations

import difflib
import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from . import rules as R
from .dsl import Expression, Type, compile_expression
from .errors import ExpressionError, Location, Problem, RuleError, RuleFileError
from .pieces import Deck, TileSet
from .rules import Rules
from .yamlfile import Document, looks_like_yaml11, read_yaml_file

MAX_EXTENDS = 16


def builtin_rule_names() -> list[str]:
    """The names of the rule files shipped with muggins."""
    folder = resources.files("muggins.builtin")
    return sorted(entry.name[: -len(".yaml")] for entry in folder.iterdir() if entry.name.endswith(".yaml"))


def resolve_rule_path(spec: str, relative_to: Path | None = None) -> Path:
    """A built-in name (`card-muggins`) or a path (`./house.yaml`) to the file it names."""
    looks_like_path = any(ch in spec for ch in "/\\") or spec.endswith((".yaml", ".yml"))
    if looks_like_path:
        path = Path(spec)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path
    if relative_to is None and Path(spec).is_file():
        return Path(spec)
    candidate = resources.files("muggins.builtin") / f"{spec}.yaml"
    return Path(str(candidate))


def load_rules(spec: str | Path) -> Rules:
    """Load, validate and compile the rules named by `spec`, a built-in name or a path."""
    path = resolve_rule_path(str(spec))
    if not path.is_file():
        known = builtin_rule_names()
        close = difflib.get_close_matches(str(spec), known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f" (built-in: {', '.join(known)})"
        raise RuleFileError([Problem(Location(str(spec), 1, 1), f"no rule file or built-in rules named {str(spec)!r}{hint}")])
    return _load_path(path.resolve(), _display(path))


@lru_cache(maxsize=1)
def _schema_validator() -> jsonschema.protocols.Validator:
    schema = rules_schema()
    return jsonschema.validators.validator_for(schema)(schema)


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of rule files, as shipped in the package."""
    return json.loads(resources.files("muggins.schema").joinpath("rules.schema.json").read_text("utf-8"))


def _display(path: Path) -> str:
    """How a file is named in messages: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        builtin = Path(str(resources.files("muggins.builtin")))
        try:
            return f"<builtin>/{path.resolve().relative_to(builtin.resolve())}"
        except ValueError:
            return str(path)


def _load_path(path: Path, display: str) -> Rules:
    doc, bases = _resolve(path, display, ())
    _validate(doc)
    return _compile(doc, display, bases)


def _resolve(path: Path, display: str, chain: tuple[Path, ...]) -> tuple[Document, tuple[str, ...]]:
    """Read a file and everything it extends, merged: mappings deeply, anything else replaced."""
    doc = read_yaml_file(path, display)
    if "extends" not in doc.data:
        return doc, ()
    spec = doc.data["extends"]
    where = doc.where(("extends",))
    if not isinstance(spec, str) or not spec:
        raise RuleFileError([Problem(where, "`extends` must name a rule file: a built-in name or a relative path")])
    if "name" not in doc.data:
        raise RuleFileError([Problem(doc.where(("extends",), key=True), "a file that extends another must give its own `name`")])
    base_path = resolve_rule_path(spec, path.parent)
    if not base_path.is_file():
        raise RuleFileError([Problem(where, f"`extends` names {spec!r}, but there is no such rule file ({_display(base_path)})")])
    base_path = base_path.resolve()
    if base_path in chain + (path,):
        cycle = " -> ".join(p.name for p in chain + (path, base_path))
        raise RuleFileError([Problem(where, f"`extends` makes a cycle: {cycle}")])
    if len(chain) >= MAX_EXTENDS:
        raise RuleFileError([Problem(where, f"`extends` chain longer than {MAX_EXTENDS} files")])
    base, bases = _resolve(base_path, _display(base_path), chain + (path,))
    own = dict(doc.data)
    del own["extends"]
    return _overlay(base, doc, own), (base.data.get("name", spec),) + bases


def _overlay(base: Document, top: Document, data: dict[str, Any]) -> Document:
    """`data` (from `top`) over `base`, keeping for every value the location of the file that set it."""
    merged = Document(top.file, _merge(base.data, data), top.lines)
    merged.values = {**base.values, **top.values}
    merged.keys = {**base.keys, **top.keys}
    merged.values.pop(("extends",), None)
    merged.plain = top.plain | {p for p in base.plain if p not in top.values}
    return merged


def load_rules_with(spec: str | Path, overrides: Document, relative_to: Path | None = None) -> Rules:
    """The rules named by `spec` with `overrides` merged over them, as `extends` would (scenarios
    use this for inline options); problems point into the overrides' file."""
    path = resolve_rule_path(str(spec), relative_to)
    if not path.is_file():
        raise RuleFileError([Problem(overrides.where(()), f"no rule file or built-in rules named {str(spec)!r}")])
    doc, bases = _resolve(path.resolve(), _display(path), ())
    if overrides.data:
        doc = _overlay(doc, overrides, overrides.data)
    _validate(doc)
    return _compile(doc, doc.file, bases)


def _merge(base: Any, top: Any) -> Any:
    if isinstance(base, dict) and isinstance(top, dict):
        merged = dict(base)
        for key, value in top.items():
            merged[key] = _merge(base[key], value) if key in base else value
        return merged
    return top


def _validate(doc: Document) -> None:
    errors = list(_schema_validator().iter_errors(doc.data))
    foreign = {key for key, value in doc.data.items() for error in errors
               if error.schema is False and error.instance is value}
    errors = [error for error in errors if error.schema is False or not (error.absolute_path and error.absolute_path[0] in foreign)]
    if errors:
        raise RuleFileError([_schema_problem(doc, error) for error in errors if not _misspelt(error, errors)])


def _misspelt(error: jsonschema.ValidationError, errors: list[jsonschema.ValidationError]) -> bool:
    """A missing key that an unknown key in the same mapping nearly spells: one complaint is enough."""
    if error.validator != "required":
        return False
    missing = [name for name in error.validator_value if name not in error.instance]
    for other in errors:
        if other.validator == "additionalProperties" and other.instance is error.instance:
            extras = set(other.instance) - set(other.schema.get("properties", {}))
            if any(difflib.get_close_matches(name, extras, n=1) for name in missing):
                return True
    return False


def _section(path: tuple) -> str:
    return "the top level" if not path else "`" + ".".join(str(p) for p in path) + "`"


def _schema_problem(doc: Document, error: jsonschema.ValidationError) -> Problem:
    path = tuple(error.absolute_path)
    keyword = error.validator
    instance = error.instance
    if keyword == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extras = sorted(set(instance) - set(allowed))
        key = extras[0]
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        more = f" (and {', '.join(map(repr, extras[1:]))})" if extras[1:] else ""
        return Problem(doc.where(path + (key,), key=True),
                       f"unknown key {key!r} in {_section(path)}{more}{hint} (allowed: {', '.join(allowed)})")
    if error.schema is False:
        # A section of the other family of games (jsonschema gives no path for a false schema).
        key = next(key for key, value in doc.data.items() if value is instance)
        family = "domino games (pieces: tiles)" if key in _SCHEMA_PROPERTIES_OF_TILES else "card games (pieces: cards)"
        return Problem(doc.where((key,), key=True), f"{key!r} belongs to {family}, not to this game")
    if keyword == "required":
        missing = [name for name in error.validator_value if name not in instance]
        return Problem(doc.where(path), f"missing key {missing[0]!r} in {_section(path)}")
    if keyword == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        words = " or ".join({"integer": "a whole number", "boolean": "true or false", "string": "text",
                             "object": "a mapping", "array": "a list", "null": "null"}.get(w, w) for w in wanted)
        hint = looks_like_yaml11(instance) if isinstance(instance, str) and path in doc.plain else None
        return Problem(doc.where(path), f"{_section(path)} must be {words}, not {_show(instance)}" + (f" ({hint})" if hint else ""))
    if keyword == "enum":
        options = [str(v) for v in error.validator_value]
        close = difflib.get_close_matches(str(instance), options, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return Problem(doc.where(path), f"{_section(path)} is {_show(instance)}, not one of: {', '.join(options)}{hint}")
    if keyword in ("minProperties", "maxProperties") and path == ("pieces",):
        return Problem(doc.where(path), "`pieces` must hold exactly one of `tiles` or `cards`")
    return Problem(doc.where(path), f"{_section(path)}: {error.message}")


_SCHEMA_PROPERTIES_OF_TILES = ("opener", "line", "draw", "pass", "settlement")


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _Compiler:
    """Builds frozen Rules from validated data, collecting every located problem."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []

    def expr(self, path: tuple, context: dict[str, Type], expected: Type) -> Expression:
        value = self.get(path)
        try:
            return compile_expression(value, context, expected, self.doc.where(path), f"`{'.'.join(map(str, path))}`")
        except ExpressionError as exc:
            self.problems.extend(exc.problems)
            return compile_expression("0" if expected is Type.INT else "false", {}, expected)

    def get(self, path: tuple) -> Any:
        value: Any = self.doc.data
        for part in path:
            value = value[part]
        return value

    def evaluate(self, path: tuple, expression: Expression, env: dict[str, Any]) -> Any:
        try:
            return expression(env)
        except RuleError as exc:
            self.problems.append(Problem(self.doc.where(path), str(exc).split(": ", 1)[-1]))
            return None

    def complain(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.doc.where(path), message))

    def lottery(self, path: tuple, context: dict[str, Type]) -> R.Lottery:
        data = self.get(path)
        rank = None
        if data["method"] == "high_draw":
            if "rank" not in data:
                self.complain(path, f"{_section(path)} draws by high piece, so it needs a `rank`")
            else:
                rank = self.expr(path + ("rank",), context, Type.INT)
        return R.Lottery(data["method"], rank)

    def scores(self, context: dict[str, Type]) -> tuple[R.Score, ...]:
        return tuple(
            R.Score(item["name"], self.expr(("scoring", i, "when"), context, Type.BOOL),
                    self.expr(("scoring", i, "points"), context, Type.INT))
            for i, item in enumerate(self.doc.data["scoring"])
        )


def _compile(doc: Document, display: str, bases: tuple[str, ...]) -> Rules:
    c = _Compiler(doc)
    data = doc.data
    pieces_data = data["pieces"]
    if "tiles" in pieces_data:
        pieces: TileSet | Deck = TileSet(pieces_data["tiles"]["highest_pip"])
    else:
        cards = pieces_data["cards"]
        value = c.expr(("pieces", "cards", "value"), R.CARD_VALUE_CONTEXT, Type.INT)
        values = tuple(c.evaluate(("pieces", "cards", "value"), value, {"card.rank": r}) for r in range(1, len(cards["ranks"]) + 1))
        for rank, worth in zip(cards["ranks"], values):
            if worth is not None and worth < 1:
                c.complain(("pieces", "cards", "value"), f"card value of rank {rank} is {worth}; every card must add at least 1")
        pieces = Deck(tuple(cards["suits"]), tuple(cards["ranks"]), tuple(v or 1 for v in values))
    hand = c.expr(("deal", "hand"), R.PLAYERS_CONTEXT, Type.INT)
    target = c.expr(("win", "target"), R.PLAYERS_CONTEXT, Type.INT)
    counts = tuple(sorted(data["players"]))
    line = pile = None
    if isinstance(pieces, TileSet):
        line = _line_rules(c)
        scoring = c.scores(R.PLACEMENT_CONTEXT)
        drawable = len(pieces) - line.reserve
    else:
        pile = _pile_rules(c)
        scoring = c.scores(R.CARD_PLAY_CONTEXT)
        drawable = len(pieces)
        if pile.limit < max(pieces.values):
            c.complain(("pile", "limit"), f"limit {pile.limit} is below the highest card value {max(pieces.values)}: "
                                          "such a card could never be played")
    if not c.problems:
        _check_table(c, counts, hand, target, len(pieces), drawable)
    if c.problems:
        raise RuleFileError(c.problems)
    notation = R.Notation(**data["notation"]) if "notation" in data else None
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return R.Rules(
        name=data["name"], title=data["title"], description=data["description"], source=data.get("source", ""),
        origin=display, bases=bases, digest=hashlib.sha256(canonical.encode()).hexdigest(), data=data,
        pieces=pieces, player_counts=counts, hand=hand, target=target, immediate_win=data["win"]["immediate"],
        scoring=scoring, line=line, pile=pile, notation=notation,
    )


def _check_table(c: _Compiler, counts: tuple[int, ...], hand: Expression, target: Expression, size: int, drawable: int) -> None:
    for players in counts:
        env = {"players": players}
        dealt = c.evaluate(("deal", "hand"), hand, env)
        if dealt is not None and dealt < 1:
            c.complain(("deal", "hand"), f"deals {dealt} pieces to each of {players} players; a hand needs at least 1")
        elif dealt is not None and dealt * players > drawable:
            c.complain(("deal", "hand"), f"deals {dealt} pieces to each of {players} players ({dealt * players}), "
                                         f"but the set has {size}" + (f" with {size - drawable} kept back" if drawable != size else ""))
        goal = c.evaluate(("win", "target"), target, env)
        if goal is not None and goal < 1:
            c.complain(("win", "target"), f"target for {players} players is {goal}; it must be at least 1")


def _line_rules(c: _Compiler) -> R.LineRules:
    d = c.doc.data
    return R.LineRules(
        first_opener=c.lottery(("opener", "first"), R.TILE_RANK_CONTEXT),
        next_opener=d["opener"]["next"],
        opener_after_blocked=d["opener"]["after_blocked"],
        spinner=d["line"]["spinner"],
        double_at_end=d["line"]["double_at_end"],
        opening_double=d["line"]["opening_double"],
        draw_only_when_stuck=d["draw"]["only_when_stuck"],
        draw_one_at_a_time=d["draw"]["one_at_a_time"],
        drawn_tile_end=d["draw"]["drawn_tile_end"],
        reserve=d["draw"]["reserve"],
        pass_only_when_boneyard_empty=d["pass"]["only_when_boneyard_empty"],
        penalty=c.expr(("settlement", "penalty"), R.SETTLEMENT_CONTEXT, Type.INT),
        award=c.expr(("settlement", "award"), R.SETTLEMENT_CONTEXT, Type.INT),
        penalty_on_blocked=d["settlement"]["on_blocked"],
        floor=d["settlement"]["floor"],
    )


def _pile_rules(c: _Compiler) -> R.PileRules:
    d = c.doc.data
    return R.PileRules(
        first_dealer=c.lottery(("dealer", "first"), R.CARD_RANK_CONTEXT),
        cut=d["dealer"]["cut"],
        limit=d["pile"]["limit"],
        exact_limit_points=c.expr(("pile", "exact_limit", "points"), R.CARD_PLAY_CONTEXT, Type.INT),
        exact_limit_timing=d["pile"]["exact_limit"]["timing"],
        next_starter=d["pile"]["next_starter"],
        active=d["pile"]["active"],
        go_draw=d["go"]["draw"],
        refill=d["refill"]["enabled"],
        refill_to=d["refill"]["to"],
        last_points=c.expr(("last", "points"), R.LAST_CONTEXT, Type.INT),
        last_on_round_end=d["last"]["on_round_end"],
        last_muggins=d["last"]["muggins"],
        muggins=d["muggins"]["enabled"],
        muggins_window=d["muggins"]["window"],
    )
