"""Game records: the rules' identity, the seed, the seats and every move, as JSON.

Chance comes only from the seeded RNG, so a record needs no hidden information: replaying the
moves from the seed on the same rules reproduces every event. A record whose rules differ (by
content hash) or whose moves are not legal is refused with the move number and the reason.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import shlex
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import jsonschema

from .engine import make_game
from .errors import IllegalMoveError, MugginsError, RecordError
from .files import NotRegularFile, read_limited, reason as write_reason, words as file_words
from .formats import RECORD, SAVE, kind_name, other_file, written_by_muggins
from .loader import builtin_rule_names
from .messages import illegal, reason as reason_in
from .narration import count, player_name
from .overrides import load_settings
from .pieces import safe_repr, shown
from .rules import Rules

FORMAT = RECORD
SAVE_FORMAT = SAVE
# 2: deals are shuffled by sorting on random keys, lotteries draw by rejection and the bots of a
# game share one generator, so a version 1 file's seed deals other hands (and its bots choose otherwise)
VERSION = 2
MAX_RECORD_BYTES = 64 << 20
MAX_JSON_DEPTH = 32     # nesting of lists and objects in a record or save (they use 3)
MAX_JSON_DIGITS = 100   # digits of a number in a record or save (a seed may be long; none reaches this)


@dataclass
class Record:
    rules: str
    digest: str
    players: int
    seed: int | str
    max_rounds: int
    seats: list[str]
    moves: list[str] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    settings: list[str] = field(default_factory=list)  # play's --set KEY=VALUE, as typed, in order

    def to_json(self) -> str:
        body = asdict(self)
        if not self.settings:  # absent when there are none: such a record reads as it always did
            del body["settings"]
        return json.dumps({"format": FORMAT, "version": VERSION, **body}, indent=1, ensure_ascii=False)


def make_record(rules: Rules, players: int, seed: int | str, max_rounds: int, seats: list[str],
                moves: list[Any], state: Any) -> Record:
    outcome = state.outcome
    if outcome is None:
        raise illegal("record_unfinished")
    notation = state.game.notation
    return Record(
        rules=rules.name, digest=rules.digest, players=players, seed=seed, max_rounds=max_rounds, seats=seats,
        moves=[move if isinstance(move, str) else notation(move) for move in moves],
        outcome={"termination": outcome.termination, "winner": outcome.winner, "scores": list(outcome.scores),
                 "rounds": outcome.rounds},
        settings=list(rules.settings),
    )


def _read_json(path: str | Path, what: str, lang: str = "en") -> Any:
    """The JSON in a file of at most MAX_RECORD_BYTES, or a RecordError saying what is wrong."""
    kind = kind_name(lang, what)
    try:
        raw = read_limited(path, MAX_RECORD_BYTES)
    except NotRegularFile:
        raise RecordError(file_words(lang)["not_regular_read"].format(path=path)) from None
    except OSError as exc:
        raise RecordError(f"{path}: " + record_problem(lang, "cannot_read", reason=write_reason(exc, lang))) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: " + record_problem(lang, "too_large", what=kind))
    return decode_json(raw, path, what, lang)


def decode_json(raw: bytes, path: str | Path, what: str, lang: str = "en") -> Any:
    """The JSON in the bytes of a file muggins wrote (a `what`: record, save, keeper's save), or a
    RecordError saying where and what is wrong: a file cut short, a comma before a bracket..."""
    kind = kind_name(lang, what)
    raw = raw[len(BOM):] if raw.startswith(BOM) else raw  # a byte-order mark, as some editors write, is no part of it
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}:{_byte_place(raw, exc.start)}: " + record_problem(lang, "not_a", what=kind) + ": "
                          + record_problem(lang, "not_utf8", byte=f"0x{raw[exc.start]:02x}")) from None
    try:
        data = json.loads(text, parse_int=_bounded_ints(lang), object_pairs_hook=_single_keys(lang))
    except _JSONRefused as exc:
        raise RecordError(f"{path}: " + record_problem(lang, "not_a", what=kind) + f": {exc}") from None
    except RecursionError:  # the decoder's own bound, far below what the file could hold
        raise RecordError(f"{path}: " + record_problem(lang, "too_deep", what=kind, most=MAX_JSON_DEPTH)) from None
    except json.JSONDecodeError as exc:
        at = _json_place(exc)
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise RecordError(f"{path}:{line}:{column}: " + record_problem(lang, "not_a", what=kind) + ": "
                          + _json_problem(exc, at, kind, lang)) from None
    if _json_depth(data) > MAX_JSON_DEPTH:
        raise RecordError(f"{path}: " + record_problem(lang, "too_deep", what=kind, most=MAX_JSON_DEPTH))
    return data


BOM = b"\xef\xbb\xbf"
# what Python's JSON decoder says (its messages are English), as the words of a record's problems
_DECODER_PROBLEMS = {"Expecting value": "json:value", "Expecting property name enclosed in double quotes": "json:key",
                     "Expecting ':' delimiter": "json:colon", "Expecting ',' delimiter": "json:comma",
                     "Unterminated string starting at": "json:unterminated",
                     "Invalid control character at": "json:control", "Invalid \\escape": "json:escape",
                     "Invalid \\uXXXX escape": "json:escape", "Extra data": "json:extra"}


def _json_place(exc: json.JSONDecodeError) -> int:
    """Where the JSON decoder stopped, the same on every Python: at the closing bracket after a
    trailing comma, where Python 3.13 and later point at the comma itself."""
    if exc.msg.startswith("Illegal trailing comma"):
        after = exc.doc[exc.pos + 1:]
        return len(exc.doc) - len(after.lstrip())
    return exc.pos


def _json_problem(exc: json.JSONDecodeError, at: int, kind: str, lang: str) -> str:
    """What is wrong at `at`, where the JSON decoder stopped, in `lang`: the file cut short, a
    comma before a closing bracket, or the decoder's own complaint."""
    before = exc.doc[:at].rstrip()
    if not exc.doc.strip():
        return record_problem(lang, "json:empty")
    if not exc.doc[at:].strip() and exc.msg != "Extra data":
        return record_problem(lang, "json:truncated", what=kind)
    if exc.doc[at:at + 1] in ("}", "]") and before.endswith(","):
        return record_problem(lang, "json:trailing", bracket=exc.doc[at])
    return record_problem(lang, _DECODER_PROBLEMS.get(exc.msg, "json:other"))


def _byte_place(raw: bytes, offset: int) -> str:
    """`LINE:COL` of the byte at `offset`, the column counted in characters as an editor does."""
    start = raw.rfind(b"\n", 0, offset) + 1
    line, column = raw.count(b"\n", 0, offset) + 1, len(raw[start:offset].decode("utf-8", "replace")) + 1
    return f"{line}:{column}"


class _JSONRefused(Exception):
    """A JSON value no record or save holds, refused while the file is parsed."""


def _single_keys(lang: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """The JSON decoder's hook for objects: a key given twice is refused, not silently the last."""
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in pairs:
            if key in data:
                raise _JSONRefused(record_problem(lang, "duplicate", name=key))
            data[key] = value
        return data
    return build


def _bounded_ints(lang: str) -> Callable[[str], int]:
    """The JSON decoder's hook for integers: one longer than MAX_JSON_DIGITS is refused, in `lang`,
    before it is converted (a huge one would take long, or past Python's own limit, fail)."""
    def convert(text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > MAX_JSON_DIGITS:
            raise _JSONRefused(record_problem(lang, "long_number", digits=digits, most=MAX_JSON_DIGITS))
        return int(text)
    return convert


def _json_depth(data: Any) -> int:
    """How deeply lists and objects nest in `data`, counted without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _read_document(path: str | Path, form: str, what: str, lang: str = "en") -> dict[str, Any]:
    """The JSON object of a record or save file, checked for its format and version, then
    against its JSON Schema (`muggins schema record|save`)."""
    if not isinstance(path, (str, os.PathLike)):
        raise RecordError(record_problem(lang, "not_a_path", value=safe_repr(path)))
    data = _read_json(path, what, lang)
    kind = kind_name(lang, what)
    if not isinstance(data, dict) or data.get("format") != form:
        found = written_by_muggins(data)
        if found is not None:  # a record given to resume, or a save to replay: say which command reads it
            raise RecordError(f"{path}: " + other_file(lang, found, what, path, data.get("rules")))
        raise RecordError(f"{path}: " + record_problem(lang, "no_format", what=kind, form=form))
    if "version" not in data:  # said as the schema says a missing field, before the schema (of this version) is read
        raise RecordError(f"{path}: {record_problem(lang, 'top')}: " + record_problem(lang, "required", name="version"))
    version = data["version"]
    if type(version) is not int or version != VERSION:  # 2.0 or true are no version either
        raise RecordError(f"{path}: " + record_problem(lang, "version", what=kind, version=_short(version),
                                                       supported=VERSION))
    _check_schema(data, "save" if form == SAVE_FORMAT else "record", path, lang)
    if len(data["seats"]) != data["players"]:
        raise RecordError(f"{path}: seats: " + record_problem(lang, "seats", seats=count(len(data["seats"]), "seat", lang),
                                                             players=count(data["players"], "player", lang)))
    return data


# -- the schemas of records and saves, and their complaints in the person's language ------------

@lru_cache(maxsize=2)
def _schema_text(which: str) -> str:
    return resources.files("muggins.schema").joinpath(f"{which}.schema.json").read_text("utf-8")


def record_schema() -> dict[str, Any]:
    """The JSON Schema of game records (`muggins schema record`)."""
    return json.loads(_schema_text("record"))


def save_schema() -> dict[str, Any]:
    """The JSON Schema of saved games (`muggins schema save`)."""
    return json.loads(_schema_text("save"))


def _whole(checker: Any, instance: Any) -> bool:
    """JSON Schema's `integer`, kept to numbers written as integers: 2020-12 counts 5.0 and 1e3
    as integers, which a record's counts and seed are not (the file is refused naming the field)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_STRICT = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole))


@lru_cache(maxsize=2)
def _validator(which: str) -> Any:
    schema = json.loads(_schema_text(which))
    return _STRICT(schema)


_SCHEMA_WORDS = {
    "en": {
        "type": "must be {expected}, not {actual}", "enum": "must be one of {choices}, not {value}",
        "const": "must be {expected}", "required": "missing field {name!r}", "unknown": "unknown field {name!r}",
        "minimum": "must be at least {limit}", "maximum": "must be at most {limit}",
        "minLength": "must not be empty", "maxLength": "is longer than {limit} characters",
        "minItems": "must have at least {entries}", "maxItems": "has more than {entries}",
        "pattern": "is not in the expected form", "finite": "must be a finite number",
        "other": "is not valid here", "top": "the file",
        "seats": "{seats} for {players}",
        "players": "{players} players is not a count these rules allow ({counts})",
        "players_whole": "the number of players is a whole number, not {players}",
        "not_a_record": "replay takes the Record that read_record returns, not {value}",
        "not_a_path": "a file is named by a text or a path, not {value}",
        "string": "a string", "integer": "an integer", "number": "a number", "array": "a list",
        "object": "an object", "boolean": "true or false", "null": "null", "or": " or ",
        "float": "{value}, a number written with a point or an exponent",
        "cannot_read": "cannot read: {reason}", "duplicate": "the key {name!r} is given twice", "too_large": "too large for a {what}", "not_a": "not a {what}",
        "too_deep": "not a {what}: nested deeper than {most} levels",
        "long_number": "a number with {digits} digits (at most {most})",
        "not_utf8": "a byte that is not UTF-8 ({byte}); records and saves are UTF-8",
        "json:truncated": "the file ends before the {what} does (cut short?)",
        "json:trailing": "a comma before the closing {bracket!r}", "json:value": "a value is expected here",
        "json:key": "a key in double quotes is expected here", "json:colon": "a ':' is expected after the key",
        "json:comma": "a ',' or a closing bracket is expected here",
        "json:unterminated": "a string starts here and the file ends inside it (cut short?)",
        "json:empty": "the file is empty",
        "json:control": "a control character inside a string (write it as an escape, such as \\n)",
        "json:escape": "a backslash escape that JSON does not have", "json:extra": "more after the end of the JSON",
        "json:other": "not valid JSON here",
        "no_format": "not a muggins {what} (no \"format\": \"{form}\")",
        "version": "{what} version {version} is not supported (this muggins reads {supported})",
        "no_move": "the record has {moves}: there is no move {move}",
        "rules_unloadable": "the record's rules {rules!r} cannot be loaded: {problem}",
        "given_unloadable": "the rules {rules!r} given to replay it cannot be loaded: {problem}",
        "rules_hint": " (a record names its rules, not their file: give the rule file with --rules FILE)",
        "other_rules": "the record was made with different rules for {rules!r} (digest {theirs}, these rules {ours})",
        "other_rules_hint": ": give the rule file the game was played with, --rules FILE",
        "save_unloadable": "its rules {rules!r} cannot be loaded: {problem}",
        "save_unloadable_hint": (" (to go on under the rule file as it is now, wherever it is: muggins resume {save} "
                                 "--rules FILE)"),
        "save_other_name": "saved under the rules named {saved!r}, but {rules!r} now names {now!r}",
        "save_other_rules": "saved under other rules than {rules!r} now says (digest {saved}, now {now})",
        "save_other_rules_hint": (": if you fixed the rule file, continue under it with muggins resume {save} "
                                  "--rules {rules}; or restore the file as it was"),
        "not_set_up": "the record cannot be set up: {problem}",
        "illegal_move": "move {number} ({text!r}) is illegal: {problem}",
        "unplayable": "move {number} ({text!r}) cannot be replayed: {problem}",
        "after_end": "move {number} comes after the end of the game",
        "not_the_bots": "move {number} ({text!r}) is not what the bot chooses",
        "save_not_set_up": "the saved game cannot be set up: {problem}",
        "save_fields": "the save file's fields are not those of a muggins save",
        "save_damaged": "the save file has been changed or damaged (checksum mismatch)",
        "ends_early": "the record ends after {moves}, before the game is over",
        "mismatch": "replaying gives {ours}; the record says {theirs}",
        "ended:target": "target reached", "ended:unfinished": "unfinished", "nobody": "nobody",
    },
    "es": {
        "type": "debe ser {expected}, no {actual}", "enum": "debe ser uno de {choices}, no {value}",
        "const": "debe ser {expected}", "required": "falta el campo {name!r}", "unknown": "campo desconocido {name!r}",
        "minimum": "debe ser al menos {limit}", "maximum": "debe ser como mucho {limit}",
        "minLength": "no puede estar vacío", "maxLength": "tiene más de {limit} caracteres",
        "minItems": "debe tener al menos {entries}", "maxItems": "tiene más de {entries}",
        "pattern": "no tiene la forma esperada", "finite": "debe ser un número finito",
        "other": "no es válido aquí", "top": "el fichero",
        "seats": "{seats} para {players}",
        "players": "{players} jugadores no es un número que permitan estas reglas ({counts})",
        "players_whole": "el número de jugadores es un número entero, no {players}",
        "not_a_record": "replay toma el Record que devuelve read_record, no {value}",
        "not_a_path": "un archivo se nombra con un texto o una ruta, no {value}",
        "string": "un texto", "integer": "un número entero", "number": "un número", "array": "una lista",
        "object": "un objeto", "boolean": "true o false", "null": "null", "or": " o ",
        "float": "{value}, un número escrito con punto o exponente",
        "cannot_read": "no se puede leer: {reason}", "duplicate": "la clave {name!r} aparece dos veces", "too_large": "demasiado grande para un {what}",
        "not_a": "no es un {what}", "too_deep": "no es un {what}: anidado a más de {most} niveles",
        "long_number": "un número de {digits} cifras (como mucho {most})",
        "not_utf8": "un byte que no es UTF-8 ({byte}); las actas y las partidas guardadas son UTF-8",
        "json:truncated": "el fichero termina antes que el {what} (¿cortado?)",
        "json:trailing": "una coma antes del {bracket!r} de cierre", "json:value": "aquí se espera un valor",
        "json:key": "aquí se espera una clave entre comillas dobles", "json:colon": "tras la clave se espera ':'",
        "json:comma": "aquí se espera ',' o un corchete o llave de cierre",
        "json:unterminated": "aquí empieza un texto y el fichero termina dentro de él (¿cortado?)",
        "json:empty": "el fichero está vacío",
        "json:control": "un carácter de control dentro de un texto (escríbelo como escape, como \\n)",
        "json:escape": "un escape con barra invertida que JSON no tiene",
        "json:extra": "hay más tras el final del JSON",
        "json:other": "no es JSON válido aquí",
        "no_format": "no es un {what} de muggins (falta \"format\": \"{form}\")",
        "version": "{what} en la versión {version}, que no se admite (este muggins lee la {supported})",
        "no_move": "el acta tiene {moves}: no hay jugada {move}",
        "rules_unloadable": "no se pueden cargar las reglas del acta, {rules!r}: {problem}",
        "given_unloadable": "no se pueden cargar las reglas indicadas para reproducirla, {rules!r}: {problem}",
        "rules_hint": (" (un acta nombra sus reglas, no su fichero: indica el fichero de reglas con "
                       "--rules FICHERO)"),
        "other_rules": "el acta se hizo con otras reglas para {rules!r} (huella {theirs}; estas reglas, {ours})",
        "other_rules_hint": ": indica el fichero de reglas con el que se jugó, --rules FICHERO",
        "save_unloadable": "no se pueden cargar sus reglas, {rules!r}: {problem}",
        "save_unloadable_hint": (" (para seguir con el fichero de reglas tal como está ahora, esté donde esté: muggins "
                                 "resume {save} --rules FICHERO)"),
        "save_other_name": "se guardó con las reglas llamadas {saved!r}, pero {rules!r} se llama ahora {now!r}",
        "save_other_rules": "se guardó con reglas distintas de las que dice ahora {rules!r} (huella {saved}; ahora, {now})",
        "save_other_rules_hint": (": si corregiste el fichero de reglas, continúa con él con muggins resume {save} "
                                  "--rules {rules}; o deja el fichero como estaba"),
        "not_set_up": "no se puede preparar la partida del acta: {problem}",
        "illegal_move": "la jugada {number} ({text!r}) no está permitida: {problem}",
        "unplayable": "la jugada {number} ({text!r}) no se puede reproducir: {problem}",
        "after_end": "la jugada {number} viene después del final de la partida",
        "not_the_bots": "la jugada {number} ({text!r}) no es la que elige el bot",
        "save_not_set_up": "la partida guardada no se puede preparar: {problem}",
        "save_fields": "los campos del fichero no son los de una partida guardada de muggins",
        "save_damaged": ("la partida guardada se ha cambiado o está dañada (su suma de comprobación no "
                         "coincide)"),
        "ends_early": "el acta termina tras {moves}, antes de que acabe la partida",
        "mismatch": "al reproducirla sale {ours}; el acta dice {theirs}",
        "ended:target": "objetivo alcanzado", "ended:unfinished": "sin terminar", "nobody": "nadie",
    },
}


def record_problem(lang: str, key: str, **values: Any) -> str:
    """A problem of a record or a save, in `lang`; a move's `text` quoted at most 40 characters long,
    as every refused text is."""
    if isinstance(values.get("text"), str):
        values["text"] = shown(values["text"])
    return _SCHEMA_WORDS.get(lang, _SCHEMA_WORDS["en"])[key].format(**values)


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object" if isinstance(value, dict) else "other"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) or math.isfinite(value) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _where(path: Any, lang: str) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or record_problem(lang, "top")


def _schema_message(error: jsonschema.ValidationError, lang: str) -> tuple[str, str]:
    """Where (`moves[3]`, `outcome.scores[0]`) and what, in one line, for a schema complaint."""
    where = _where(error.absolute_path, lang)
    kind: str = str(error.validator)
    value: Any = error.instance
    expected: Any = error.validator_value
    schema: Any = error.schema
    if kind == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        names = record_problem(lang, "or").join(record_problem(lang, k) for k in kinds)
        actual = _json_kind(value)
        shown = record_problem(lang, actual) if actual != "other" else "?"
        if actual == "number" and "integer" in kinds and math.isfinite(value):  # 5.0 or 1e3 for a count
            shown = record_problem(lang, "float", value=_short(value))
        return where, record_problem(lang, "type", expected=names, actual=shown)
    if kind == "enum":
        return where, record_problem(lang, "enum", choices=", ".join(_short(c) for c in expected), value=_short(value))
    if kind == "const":
        return where, record_problem(lang, "const", expected=_short(expected))
    if kind == "required":
        missing = next((name for name in expected if name not in value), "?")
        return where, record_problem(lang, "required", name=missing)
    if kind == "additionalProperties":
        known = set(schema.get("properties", {}))
        extra = sorted(str(name) for name in value if name not in known)
        return where, record_problem(lang, "unknown", name=(extra[0] if extra else "?")[:40])
    if kind in ("minItems", "maxItems"):
        return where, record_problem(lang, kind, entries=count(expected, "item", lang))
    if kind in ("minimum", "maximum", "maxLength"):
        return where, record_problem(lang, kind, limit=expected)
    if kind in ("minLength", "pattern"):
        return where, record_problem(lang, kind)
    return where, record_problem(lang, "other")


def _check_schema(data: dict[str, Any], which: str, path: str | Path, lang: str) -> None:
    """Refuse a record or save its schema does not allow: one line, the field and the reason."""
    errors = list(_validator(which).iter_errors(data))
    if errors:
        # the first by position in the file's fields, so the same file always gives the same line
        order = {name: i for i, name in enumerate(data)}
        error = min(errors, key=lambda e: [order.get(p, 0) if isinstance(p, str) else p for p in e.absolute_path])
        where, what = _schema_message(error, lang)
        raise RecordError(f"{path}: {where}: {what}")
    for name in ("forget", "attention"):  # JSON's NaN passes minimum and maximum
        value = data.get(name)
        if isinstance(value, float) and not math.isfinite(value):
            raise RecordError(f"{path}: {name}: " + record_problem(lang, "finite"))


def read_record(path: str | Path, lang: str = "en") -> Record:
    """Read a record file, refusing anything that is not a complete muggins record."""
    data = _read_document(path, FORMAT, "record", lang)
    fields = ("rules", "digest", "players", "seed", "max_rounds", "seats", "moves", "outcome")
    return Record(**{name: data[name] for name in fields}, settings=data.get("settings", []))


def check_players(path: str | Path, players: int, rules: Rules, lang: str = "en") -> None:
    """Refuse a save whose player count its rules do not allow."""
    problem = players_problem(players, rules, lang)
    if problem:
        raise RecordError(f"{path}: {problem}")


def players_problem(players: int, rules: Rules, lang: str) -> str:
    """Why a record's or a save's player count is not one its rules allow ("" when it is)."""
    if type(players) is not int:
        return "players: " + record_problem(lang, "players_whole", players=safe_repr(players))
    if players in rules.player_counts:
        return ""
    counts = ", ".join(map(str, rules.player_counts))
    return "players: " + record_problem(lang, "players", players=players, counts=counts)


def save_rules(path: str | Path, save: Any, lang: str = "en", given: str | None = None) -> Rules:
    """The rules a save was made under, loaded; refused (RecordError) when they cannot be loaded or
    are no longer those rules (another name, another digest). `given` (`resume --rules FILE`)
    names the rules to continue under instead, whatever their name and digest (a rule file fixed
    after a formula stopped the game, or renamed): its moves are replayed under them, and checked
    there."""
    try:  # with the --set settings the game was played with laid over them again
        rules = rules_named(save.rules, given, save.settings, lang, "save_unloadable")
    except RecordError as exc:
        # a house file moved, deleted or broken: the game goes on under the file given with --rules
        hint = "" if given is not None or save.rules in builtin_rule_names() else \
            record_problem(lang, "save_unloadable_hint", save=shlex.quote(str(path)))
        raise RecordError(f"{path}: {exc}{hint}") from None
    if rules.name != save.name and given is None:
        raise RecordError(f"{path}: " + record_problem(lang, "save_other_name", rules=given or save.rules,
                                                       saved=save.name, now=rules.name))
    if rules.digest != save.digest and given is None:
        raise RecordError(f"{path}: " + record_problem(lang, "save_other_rules", rules=save.rules,
                                                       saved=save.digest[:12], now=rules.digest[:12])
                          + record_problem(lang, "save_other_rules_hint", save=shlex.quote(str(path)),
                                           rules=shlex.quote(save.rules)))
    return rules


def rules_named(named: str, given: str | None, settings: list[str], lang: str,
                unloadable: str = "rules_unloadable") -> Rules:
    """The rules a record or a save names, or those `--rules` gives instead, with the settings the
    game was played with laid over them again; refused (RecordError) when they cannot be loaded,
    saying to give the file when a record names a house file's rules by name alone."""
    try:
        return load_settings(given or named, settings, lang)
    except MugginsError as exc:
        # a record names its rules, not their file: a house file's record is replayed with --rules
        hint = "" if given or unloadable != "rules_unloadable" or named in builtin_rule_names() \
            else record_problem(lang, "rules_hint")
        raise RecordError(record_problem(lang, "given_unloadable" if given else unloadable,
                                         rules=given or named, problem=exc.said(lang)) + hint) from None


def replay(record: Record, rules_spec: str | None = None, moves: int | None = None, lang: str = "en") -> Any:
    """Re-run a record from its seed; returns the final state (or, with `moves`, the state after
    that many moves). Raises RecordError on mismatch."""
    if not isinstance(record, Record):
        raise RecordError(record_problem(lang, "not_a_record", value=safe_repr(record)))
    rules = rules_named(record.rules, rules_spec, record.settings, lang)  # with its settings, as `play --set` did
    if rules.digest != record.digest:
        raise RecordError(record_problem(lang, "other_rules", rules=record.rules, theirs=record.digest[:12],
                                         ours=rules.digest[:12]) + record_problem(lang, "other_rules_hint"))
    problem = players_problem(record.players, rules, lang)
    if problem:
        raise RecordError(record_problem(lang, "not_set_up", problem=problem))
    try:
        game = make_game(rules, record.players, record.max_rounds)
        state = game.new_state(record.seed)
    except IllegalMoveError as exc:
        raise RecordError(record_problem(lang, "not_set_up", problem=exc.said(lang))) from None
    if moves is not None and not 0 <= moves <= len(record.moves):
        raise RecordError(record_problem(lang, "no_move", moves=count(len(record.moves), "move", lang),
                                         move=_short(moves)))
    for number, text in enumerate(record.moves[:moves], 1):
        try:
            state.play(game.parse_move(text))
        except IllegalMoveError as exc:
            raise RecordError(record_problem(lang, "illegal_move", number=number, text=text,
                                             problem=reason_in(exc, lang))) from None
        except MugginsError:
            raise
        except Exception as exc:  # a hostile record must not reach a traceback
            raise RecordError(record_problem(lang, "unplayable", number=number, text=text,
                                             problem=f"{type(exc).__name__}: {exc}")) from None
    if moves is not None:
        return state
    if not state.is_terminal():
        raise RecordError(record_problem(lang, "ends_early", moves=count(len(record.moves), "move", lang)))
    _check_outcome(record.outcome, state.outcome, lang)
    return state


def _check_outcome(stated: dict[str, Any], outcome: Any, lang: str = "en") -> None:
    """Refuse a record whose outcome (every field the schema requires) is not how its replay
    ended: the first field that differs, both values in the words the replay's summary uses."""
    replayed = {"termination": outcome.termination, "winner": outcome.winner, "scores": list(outcome.scores),
                "rounds": outcome.rounds}
    for name, ours in replayed.items():
        theirs = stated.get(name)
        if type(theirs) is not type(ours) or theirs != ours:
            said = record_problem(lang, "mismatch", ours=_outcome_value(name, ours, lang),
                                  theirs=_outcome_value(name, theirs, lang))
            raise RecordError(f"outcome.{name}: {said}")


def _outcome_value(name: str, value: Any, lang: str) -> str:
    """A field of an outcome as a person reads it: `target reached`, `P2` or `nobody`, `7 rounds`."""
    if name == "termination":
        return record_problem(lang, f"ended:{value}") if value in ("target", "unfinished") else _short(value)
    if name == "winner":
        return player_name(value, lang) if isinstance(value, int) else record_problem(lang, "nobody")
    if name == "rounds" and isinstance(value, int):
        return count(value, "round", lang)
    return _short(value)


@dataclass
class Save:
    """A game in progress: everything needed to continue it exactly where it stopped."""

    rules: str                 # how to load the rules again: a built-in name or an absolute path
    name: str
    digest: str
    players: int
    seed: int | str
    max_rounds: int
    seats: list[str]           # "human" or a bot kind, per seat
    forget: float
    attention: float
    lang: str
    moves: list[str] = field(default_factory=list)
    # what the person asked for that outlives a session (absent from older saves: the defaults)
    calls: list[int] = field(default_factory=list)  # Muggins called ahead: positions of scores in play
    shown: list[str] = field(default_factory=list)  # display options on: tally, explain, coach, ascii
    record: str | None = None  # where to write the game's record when it ends (play --record)
    force: bool = False        # and whether it may replace a file there
    window: int | None = None  # the seat whose window after their own move was open (see terminal.Session)
    settings: list[str] = field(default_factory=list)  # play's --set KEY=VALUE over the rules, as typed
    windows: list[int] = field(default_factory=list)  # the seats whose windows (on a round's end, on a score) are still to open
    notes: list[dict[str, Any]] = field(default_factory=list)  # what people asked in their windows (claim, call)
    carried: list[int] = field(default_factory=list)  # seats whose call in a window is made on their turn

    def to_json(self) -> str:
        body = asdict(self)
        for name in ("settings", "windows", "notes", "carried"):
            if not body[name]:  # absent when there are none, as in saves made before they were kept
                del body[name]
        return json.dumps({"format": SAVE_FORMAT, "version": VERSION, **body, "checksum": _checksum(body)},
                          indent=1, ensure_ascii=False)


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read_save(path: str | Path, lang: str = "en") -> Save:
    """Read a save file; a corrupt, truncated or edited one is refused, naming the problem.

    The checksum detects a damaged or carelessly edited file; anyone can recompute it, so it
    is no protection against a deliberate edit: that is what the schema check is for."""
    data = _read_document(path, SAVE_FORMAT, "save file", lang)
    checksum = data.pop("checksum", None)
    data.pop("format"), data.pop("version")
    try:
        save = Save(**data)
    except TypeError:
        raise RecordError(f"{path}: " + record_problem(lang, "save_fields")) from None
    if checksum != _checksum(data):  # the fields the file has: a save older than a field still reads
        raise RecordError(f"{path}: " + record_problem(lang, "save_damaged"))
    return save
