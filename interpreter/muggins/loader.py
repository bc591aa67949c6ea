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
from .errors import ExpressionError, Location, MugginsError, Problem, RuleError, RuleFileError
from .pieces import Deck, Tile, TileSet
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
        if not close and str(instance):
            close = [o for o in options if o.startswith(str(instance)) or str(instance).startswith(o)][:1]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return Problem(doc.where(path), f"{_section(path)} is {_show(instance)}, not one of: {', '.join(options)}{hint}")
    if keyword in ("minimum", "maximum") and isinstance(instance, int):
        bound = "at least" if keyword == "minimum" else "at most"
        return Problem(doc.where(path), f"{_section(path)} is {instance}; it must be {bound} {error.validator_value}"
                       + _BOUND_HINTS.get(path, ""))
    if keyword in ("minProperties", "maxProperties") and path == ("pieces",):
        return Problem(doc.where(path), "`pieces` must hold exactly one of `tiles` or `cards`")
    return Problem(doc.where(path), f"{_section(path)}: {error.message}")


_BOUND_HINTS = {
    ("muggins", "false_call"): " (the points a false call costs; null for no false calls)",
}

_SCHEMA_PROPERTIES_OF_TILES = ("opener", "line", "draw", "pass", "settlement")


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _Compiler:
    """Builds frozen Rules from validated data, collecting every located problem."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []
        self.per_count: dict[tuple, list[int]] = {}

    def fails_with(self, path: tuple, players: int, message: str, **numbers: Any) -> None:
        """A count computed from `players` fails for this many players; `message` is a template with
        `{players}` and `numbers`. The same failure for several counts is reported once, naming them all."""
        self.per_count.setdefault((path, message, tuple(sorted(numbers.items()))), []).append(players)

    def report_per_count(self) -> None:
        for (path, message, numbers), counts in self.per_count.items():
            self.complain(path, message.format(players=_counts_text(counts), **dict(numbers)))
        self.per_count.clear()

    def expr(self, path: tuple, context: dict[str, Type], expected: Type, default: Any = None) -> Expression:
        value = self.get(path, default)
        try:
            return compile_expression(value, context, expected, self.doc.where(path), f"`{'.'.join(map(str, path))}`")
        except ExpressionError as exc:
            hint = looks_like_yaml11(value) if isinstance(value, str) and path in self.doc.plain else None
            self.problems.extend(Problem(p.location, f"{p.message} ({hint})") if hint else p for p in exc.problems)
            return compile_expression("0" if expected is Type.INT else "false", {}, expected)

    def get(self, path: tuple, default: Any = None) -> Any:
        """The value at `path`, or `default` where an optional key (or its section) is absent."""
        value: Any = self.doc.data
        for part in path:
            if not isinstance(value, (dict, list)) or (isinstance(value, dict) and part not in value):
                return default
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
        if data["method"] == "holder" and context is not R.TILE_RANK_CONTEXT:
            self.complain(path + ("method",), "only a line game's opener can be the holder of a piece; "
                                              "a dealer is chosen by high_draw or random")
        if data["method"] == "high_draw":
            if "rank" not in data:
                self.complain(path, f"{_section(path)} draws by high piece, so it needs a `rank`")
            else:
                rank = self.expr(path + ("rank",), context, Type.INT)
        return R.Lottery(data["method"], rank)

    def scores(self, context: dict[str, Type]) -> tuple[R.Score, ...]:
        required = self.get(("claims", "required"), False)
        return tuple(
            R.Score(item["name"], self.expr(("scoring", i, "when"), context, Type.BOOL),
                    self.expr(("scoring", i, "points"), context, Type.INT), item.get("claim", required))
            for i, item in enumerate(self.doc.data["scoring"])
        )

    def seating(self) -> R.Seating:
        direction = self.get(("seating", "direction"), "clockwise")
        sides = self.expr(("seating", "sides"), R.PLAYERS_CONTEXT, Type.INT, "players")
        return R.Seating(1 if direction == "clockwise" else -1, sides)

    def muggins(self) -> R.MugginsRules:
        get = self.get
        return R.MugginsRules(get(("muggins", "enabled"), True), get(("muggins", "window"), "next_action"),
                              get(("muggins", "order"), "turn"), get(("muggins", "false_call")))


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
    seating = c.seating()
    line = pile = None
    if isinstance(pieces, TileSet):
        line = _line_rules(c, pieces)
        scoring = c.scores(R.PLACEMENT_CONTEXT)
    else:
        pile = _pile_rules(c)
        scoring = c.scores(R.CARD_PLAY_CONTEXT)
    if not c.problems:
        _check_table(c, counts, hand, target, pieces, line, pile)
        _check_sides(c, counts, seating)
    if c.problems:
        raise RuleFileError(c.problems)
    notation = R.Notation(**data["notation"]) if "notation" in data else None
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return R.Rules(
        name=data["name"], title=data["title"], description=data["description"], source=data.get("source", ""),
        origin=display, bases=bases, digest=hashlib.sha256(canonical.encode()).hexdigest(), data=data,
        pieces=pieces, player_counts=counts, hand=hand, target=target, immediate_win=data["win"]["immediate"],
        simultaneous=c.get(("win", "simultaneous"), "scorer"), overshoot=c.get(("win", "overshoot"), "counts"),
        tie=c.get(("win", "tie"), "opener_order"), seating=seating, claims_required=c.get(("claims", "required"), False),
        muggins=c.muggins(), scoring=scoring, line=line, pile=pile, notation=notation,
    )


def _counts_text(counts: list[int]) -> str:
    """`2 players`, `2 or 3 players`, `2, 3 or 4 players`."""
    names = [str(n) for n in counts]
    return (", ".join(names[:-1]) + " or " if names[:-1] else "") + names[-1] + " players"


def _check_table(c: _Compiler, counts: tuple[int, ...], hand: Expression, target: Expression, pieces: TileSet | Deck,
                 line: R.LineRules | None, pile: R.PileRules | None) -> None:
    """Every count the rules compute from `players` must make a game that can run."""
    size = len(pieces)
    for players in counts:
        env = {"players": players}
        kept = 0
        if line is not None:
            kept = c.evaluate(("draw", "reserve"), line.reserve, env) or 0
            if kept < 0 or kept > size:
                c.fails_with(("draw", "reserve"), players, "keeps {kept} tiles out of play with {players}; "
                             "it must be from 0 to the {size} tiles of the set", kept=kept, size=size)
                kept = 0
        if pile is not None:
            _check_pile_counts(c, pile, pieces, env)
        dealt = c.evaluate(("deal", "hand"), hand, env)
        if dealt is not None and dealt < 1:
            c.complain(("deal", "hand"), f"deals {dealt} pieces to each of {players} players; a hand needs at least 1")
        elif dealt is not None and dealt * players > size:
            c.complain(("deal", "hand"), f"deals {dealt} pieces to each of {players} players ({dealt * players}), "
                                         f"but the set has {size}")
        elif dealt is not None and dealt * players > size - kept:
            # The hands fit the set; what is kept back leaves too few: the reserve is the count to change.
            c.fails_with(("draw", "reserve"), players, "keeps {kept} of the {size} tiles out of play with {players}, "
                         "leaving {left}: too few to deal {dealt} to each ({need}); keep at most {most}, or deal fewer",
                         kept=kept, size=size, left=size - kept, dealt=dealt, need=dealt * players, most=size - dealt * players)
        goal = c.evaluate(("win", "target"), target, env)
        if goal is not None and goal < 1:
            c.complain(("win", "target"), f"target for {players} players is {goal}; it must be at least 1")
    c.report_per_count()


MAX_LIMIT = 1000  # a running total's limit: tables are made for every total up to it


def _check_pile_counts(c: _Compiler, pile: R.PileRules, deck: Any, env: dict[str, int]) -> None:
    players = env["players"]
    limit = c.evaluate(("pile", "limit"), pile.limit, env)
    highest = max(deck.values)
    if limit is not None and limit < highest:
        c.fails_with(("pile", "limit"), players, "limit {limit} with {players} is below the highest card value {highest}, "
                     "so such a card could never be played; it must be from {highest} to {most}",
                     limit=limit, highest=highest, most=MAX_LIMIT)
    elif limit is not None and limit > MAX_LIMIT:
        c.fails_with(("pile", "limit"), players, "limit {limit} with {players} is above {most}, the highest running "
                     "total muggins plays to; it must be from {highest} to {most}", limit=limit, highest=highest, most=MAX_LIMIT)
    refill = c.evaluate(("refill", "to"), pile.refill_to, env)
    if refill is not None and not 1 <= refill <= len(deck):
        hint = " (for no drawing after a play, set `refill.enabled: false`)" if refill < 1 else ""
        c.fails_with(("refill", "to"), players, "refills to {refill} cards with {players}; it must be from 1 to "
                     "the {size} cards of the deck" + hint, refill=refill, size=len(deck))


def _check_sides(c: _Compiler, counts: tuple[int, ...], seating: R.Seating) -> None:
    allowed = ", ".join(map(str, counts))
    for players in counts:
        sides = c.evaluate(("seating", "sides"), seating.sides, {"players": players})
        if sides is not None and sides < 2:
            c.fails_with(("seating", "sides"), players, "`seating.sides` is {sides} with {players}: there must be "
                         "at least 2 sides (`players`: every player on their own)", sides=sides)
        elif sides is not None and players % sides:
            some = any(n % sides == 0 for n in counts)
            hint = f", e.g. \"{sides} if players % {sides} == 0 else players\"" if some else ""
            c.fails_with(("seating", "sides"), players, "{sides} sides cannot split {players} into sides of equal size: "
                         "every allowed number of players ({allowed}) must divide by the number of sides" + hint,
                         sides=sides, allowed=allowed)
    c.report_per_count()


def _line_rules(c: _Compiler, tiles: TileSet) -> R.LineRules:
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
        reserve=c.expr(("draw", "reserve"), R.PLAYERS_CONTEXT, Type.INT),
        pass_only_when_boneyard_empty=d["pass"]["only_when_boneyard_empty"],
        penalty=c.expr(("settlement", "penalty"), R.SETTLEMENT_CONTEXT, Type.INT),
        award=c.expr(("settlement", "award"), R.SETTLEMENT_CONTEXT, Type.INT),
        paid_to=c.get(("settlement", "paid_to"), "dominoer"),
        penalty_on_blocked=d["settlement"]["on_blocked"],
        floor=d["settlement"]["floor"],
        holder=_holder(c, tiles),
    )


HOLDER_PIECES = ("highest_double", "heaviest")


def _holder(c: _Compiler, tiles: TileSet) -> R.Holder | None:
    """The opening piece's rule, when an opener is its holder; checked against the set."""
    opener = c.doc.data["opener"]
    uses = (opener["first"]["method"] == "holder", opener["next"] == "holder", opener["after_blocked"] == "holder")
    data = opener.get("holder")
    if data is None:
        if any(uses):
            where = ("opener", "first", "method") if uses[0] else ("opener", "next" if uses[1] else "after_blocked")
            c.complain(where, "an opener chosen as the holder of a piece needs `opener.holder.piece`: "
                              f"{' or '.join(HOLDER_PIECES)} or a tile like \"{tiles.highest_pip}-{tiles.highest_pip}\"")
        return None
    piece = data["piece"]
    if piece not in HOLDER_PIECES:
        try:
            in_set: bool | None = Tile.parse(piece) in tiles.tiles
        except MugginsError:  # not shaped like a tile at all
            in_set = None
        except ValueError:  # shaped like a tile, with more digits than int() reads
            in_set = False
        example = f"\"{tiles.highest_pip}-{tiles.highest_pip}\""
        if in_set is False:
            c.complain(("opener", "holder", "piece"), f"{_show(piece)} is not a tile of the double-{tiles.highest_pip} set, "
                                                     f"whose halves go from 0 to {tiles.highest_pip}; write a tile like "
                                                     f"{example}, or {' or '.join(HOLDER_PIECES)}")
        elif in_set is None:
            c.complain(("opener", "holder", "piece"), f"{_show(piece)} is neither {' nor '.join(HOLDER_PIECES)} "
                                                     f"nor a tile of the double-{tiles.highest_pip} set (like {example})")
    if not any(uses):
        c.problems.append(Problem(c.doc.where(("opener", "holder"), key=True),
                                  "`opener.holder` is read only when `first.method`, `next` or `after_blocked` is holder; "
                                  "set one of them to holder, or remove `opener.holder`"))
    return R.Holder(piece, data.get("must_play", False))


def _pile_rules(c: _Compiler) -> R.PileRules:
    d = c.doc.data
    return R.PileRules(
        first_dealer=c.lottery(("dealer", "first"), R.CARD_RANK_CONTEXT),
        next_dealer=c.get(("dealer", "next"), "next_seat"),
        leader=c.get(("dealer", "leader"), "next_seat"),
        cut=d["dealer"]["cut"],
        limit=c.expr(("pile", "limit"), R.PLAYERS_CONTEXT, Type.INT),
        exact_limit_points=c.expr(("pile", "exact_limit", "points"), R.CARD_PLAY_CONTEXT, Type.INT),
        exact_limit_timing=d["pile"]["exact_limit"]["timing"],
        next_starter=d["pile"]["next_starter"],
        active=d["pile"]["active"],
        go_draw=d["go"]["draw"],
        refill=d["refill"]["enabled"],
        refill_to=c.expr(("refill", "to"), R.PLAYERS_CONTEXT, Type.INT),
        last_points=c.expr(("last", "points"), R.LAST_CONTEXT, Type.INT),
        last_on_round_end=d["last"]["on_round_end"],
        last_muggins=d["last"]["muggins"],
    )
