"""Load a rule file: safe YAML, `extends`, JSON Schema, then compiled `Rules`.

Every problem found on the way is reported as `FILE:LINE:COL: message`, pointing at the file
of the chain that wrote the offending value, and all problems of a stage are reported together.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import re
import shlex
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import jsonschema

from . import rules as R
from .dsl import Expression, Type, compile_expression
from .dsl.compiler import (WORDS as EXPRESSION_WORDS, ExpressionFailure, Table, fails_everywhere, fixed_failure,
                           always_holds)
from .engine.common import UNEARNED_REASONS
from .errors import ExpressionError, Location, Problem, RuleError, RuleFileError
from .messages import Said, Texts, counted, said_list, say
from .families import Family, families, family_for_pieces, family_sections
from .formats import other_file, written_by_muggins
from .schema import rules_schema
from .rules import Rules
from .yamlfile import Document, looks_like_yaml11, read_yaml_file

MAX_EXTENDS = 16
MAX_SCORING = 64  # entries of `scoring`: each is evaluated after every placement or card

# What is wrong with a rule file, in both languages (the file's keys, names and values as written).
WORDS = {
    "en": {
        "no_rules": "no rule file or built-in rules named {spec!r}{hint}",
        "did_you_mean": "; did you mean {close!r}?", "builtin": " (built-in: {names})",
        "extends_form": "`extends` must name a rule file: a built-in name or a relative path",
        "extends_name": "a file that extends another must give its own `name`",
        "extends_missing": "`extends` names {spec!r}, but there is no such rule file ({path})",
        "extends_builtin": "`extends` names {spec!r}, but no built-in rules have that name{hint}",
        "extends_folder": "`extends` names {spec!r}, a folder: name the rule file in it ({path}/NAME.yaml)",
        "cycle": "`extends` makes a cycle: {cycle}",
        "chain": "`extends` chain longer than {most} files",
        "is_scenario": "a scenario, not a rule file: run it with muggins check {path}",
        "is_rules": "a rule file, not a scenario: check it with muggins validate {path}, play it with muggins play {path}",
        "top_level": "the top level",
        "unknown_key": "unknown key {key!r} in {section}{more}{hint} (allowed: {allowed})", "more": " (and {keys})",
        "invisible_key": "unknown key in {section}: {what} {where}{more}; {advice} (allowed: {allowed})",
        "invisible:before": "before {key!r}", "invisible:after": "after {key!r}",
        "invisible:inside": "inside {key!r}", "invisible:alone": "as the whole key",
        "invisible:space": "write an ordinary space instead", "invisible:delete": "delete it",
        "invisible:other": "an invisible character ({code})",
        "belongs": "{key!r} belongs to {owner} (pieces: {pieces}), not to this game",
        "missing": "missing key {key!r} in {section}",
        "type": "{section} must be {kinds}, not {value}", "or": " or ",
        "type:integer": "a whole number", "type:boolean": "true or false", "type:string": "text",
        "type:object": "a mapping", "type:array": "a list", "type:null": "null", "type:number": "a number",
        "enum": "{section} is {value}, not one of: {options}{hint}",
        "minimum": "{section} is {value}; it must be at least {limit}{hint}",
        "maximum": "{section} is {value}; it must be at most {limit}{hint}",
        "false_call": " (the points a false call costs; null for no false calls)",
        "pieces_one": "`pieces` must hold exactly one of `tiles` or `cards`",
        "pieces_both": ("`pieces` holds both `tiles` and `cards`, one of them from {base}, which this file extends: a "
                        "game has one kind of piece, so extend a game of the same kind (a card game a card game's "
                        "file), or write this file whole"),
        "minLength": "{section} must have at least {limit}", "maxLength": "{section} must have at most {limit}",
        "minItems": "{section} must have at least {limit}", "maxItems": "{section} must have at most {limit}",
        "minProperties": "{section} must have at least {limit}",
        "maxProperties": "{section} must have at most {limit}",
        "uniqueItems": "{section} has an item more than once",
        "pattern": "{section} is {value}: {rule}{hint}",
        "pattern_form": "it is not written in the form this place takes",
        "const": "{section} must be {const}, not {value}",
        "other": "{section} does not fit the schema ({keyword})",
        "with_hint": "{message} ({hint})",
        "rank": "{section} draws by high piece, so it needs a `rank`",
        "scoring_size": "`scoring` has {count} entries; at most {most} are allowed (each is read after every move)",
        "scoring_twice": "another entry of `scoring` is already named {name!r} (line {line}); give each entry its own "
                         "name: the scores, the statistics and the translations tell them apart by it",
        "scoring_reserved": "{name!r} is the name of a score the game gives by itself ({reserved}); give the entry a "
                            "name of its own: the log and the statistics tell scores apart by their names",
        "notation_cross": "`notation.cross` is {cross}, not a whole number of strokes of {stroke}: the X with an x in "
                          "each space is a bundle of strokes (the text's 50 is 10 strokes of 5); make it a multiple "
                          "of {stroke}, such as {ten}",
        "false_call_off": "`muggins.false_call` is what a call of \"Muggins!\" costs when nothing is unclaimed, but "
                          "Muggins is off (`muggins.enabled: false`): every call would be false, a move that only "
                          "costs; remove `muggins.false_call`",
        "false_call_no_claims": "`muggins.false_call` is what a call of \"Muggins!\" costs when nothing is "
                                "unclaimed, but no score of this game waits for a claim (`claims.required` is false "
                                "and no scoring entry has `claim: true`): every call would be false, a move that only "
                                "costs; remove `muggins.false_call`, or have scores claimed",
        "game_start": "fails when a game for {players} starts",
        "every_value": "fails for every value of {name} (0 to {last}) with {players}, so in every game; for {name} = 0",
        "every_score": "fails for every value of {name} at which `when` holds with {players}, so whenever it scores; "
                       "for {name} = {value}",
        "failed": "{what}: {reason}",
        "every_read": "fails whenever it is read with {players}",
        "count_fails": "fails whenever it is read with {players}: {reason}",
        "translation": "`translations.{lang}.scoring` translates {name!r}, but no scoring entry has that name{hint} "
                       "(entries: {names})",
        "counts": "{listed} players", "counts:or": " or ",
        "no_hand": "deals {dealt} pieces to each of {players}; a hand needs at least 1",
        "deal_too_big": "deals {dealt} pieces to each of {players} players ({total}), but the set has {size}",
        "target": "target for {players} is {goal}; it must be at least 1",
        "one_side": "`seating.sides` is {sides} with {players}: there must be at least 2 sides (`players`: every "
                    "player on their own)",
        "uneven": "{sides} sides cannot split {players} into sides of equal size: every allowed number of players "
                  "({allowed}) must divide by the number of sides{hint}",
        "uneven_hint": ", e.g. \"{sides} if players % {sides} == 0 else players\"",
    },
    "es": {
        "no_rules": "no hay ningún fichero de reglas ni reglas incorporadas con el nombre {spec!r}{hint}",
        "did_you_mean": "; ¿querías decir {close!r}?", "builtin": " (incorporadas: {names})",
        "extends_form": "`extends` debe nombrar un fichero de reglas: un nombre incorporado o una ruta relativa",
        "extends_name": "un fichero que amplía otro debe dar su propio `name`",
        "extends_missing": "`extends` nombra {spec!r}, pero no existe ese fichero de reglas ({path})",
        "extends_builtin": "`extends` nombra {spec!r}, pero ninguna regla incorporada se llama así{hint}",
        "extends_folder": "`extends` nombra {spec!r}, una carpeta: nombra el fichero de reglas que hay en ella ({path}/NOMBRE.yaml)",
        "cycle": "`extends` forma un ciclo: {cycle}",
        "chain": "cadena de `extends` de más de {most} ficheros",
        "is_scenario": "es un escenario, no un fichero de reglas: ejecútalo con muggins check {path}",
        "is_rules": "es un fichero de reglas, no un escenario: compruébalo con muggins validate {path} o juégalo con "
                    "muggins play {path}",
        "top_level": "el nivel superior",
        "unknown_key": "clave desconocida {key!r} en {section}{more}{hint} (permitidas: {allowed})", "more": " (y {keys})",
        "invisible_key": "clave desconocida en {section}: {what} {where}{more}; {advice} (permitidas: {allowed})",
        "invisible:before": "antes de {key!r}", "invisible:after": "después de {key!r}",
        "invisible:inside": "dentro de {key!r}", "invisible:alone": "como clave entera",
        "invisible:space": "escribe en su lugar un espacio normal", "invisible:delete": "quita ese carácter",
        "invisible:other": "un carácter invisible ({code})",
        "belongs": "{key!r} pertenece a los {owner} (`pieces: {pieces}`), no a este juego",
        "missing": "falta la clave {key!r} en {section}",
        "type": "{section} debe ser {kinds}, no {value}", "or": " o ",
        "type:integer": "un número entero", "type:boolean": "true o false", "type:string": "texto",
        "type:object": "un diccionario", "type:array": "una lista", "type:null": "null", "type:number": "un número",
        "enum": "{section} es {value}, que no es ninguno de: {options}{hint}",
        "minimum": "{section} es {value}; debe ser al menos {limit}{hint}",
        "maximum": "{section} es {value}; debe ser como mucho {limit}{hint}",
        "false_call": " (los puntos que cuesta un grito de «¡Muggins!» en falso; null si no hay gritos en falso)",
        "pieces_one": "`pieces` debe contener exactamente uno de `tiles` o `cards`",
        "pieces_both": ("`pieces` contiene `tiles` y `cards`, uno de ellos de {base}, que este fichero extiende: un "
                        "juego tiene una sola clase de pieza, así que extiende un juego de la misma clase (un juego de "
                        "cartas, el fichero de uno de cartas), o escribe este fichero entero"),
        "minLength": "{section} debe tener al menos {limit}", "maxLength": "{section} debe tener como mucho {limit}",
        "minItems": "{section} debe tener al menos {limit}", "maxItems": "{section} debe tener como mucho {limit}",
        "minProperties": "{section} debe tener al menos {limit}",
        "maxProperties": "{section} debe tener como mucho {limit}",
        "uniqueItems": "{section} tiene algún elemento repetido",
        "pattern": "{section} es {value}: {rule}{hint}",
        "pattern_form": "no está escrito en la forma que admite este lugar",
        "const": "{section} debe ser {const}, no {value}",
        "other": "{section} no se ajusta al esquema ({keyword})",
        "with_hint": "{message} ({hint})",
        "rank": "{section} sortea por la pieza más alta, así que necesita un `rank`",
        "scoring_size": "`scoring` tiene {count} entradas; se admiten como mucho {most} (cada una se lee tras cada "
                        "jugada)",
        "scoring_twice": "otra entrada de `scoring` ya se llama {name!r} (línea {line}); da a cada entrada su propio "
                         "nombre: las puntuaciones, las estadísticas y las traducciones las distinguen por él",
        "scoring_reserved": "{name!r} es el nombre de una puntuación que da el propio juego ({reserved}); da a la "
                            "entrada un nombre propio: el registro y las estadísticas distinguen las puntuaciones "
                            "por su nombre",
        "notation_cross": "`notation.cross` es {cross}, que no es un número entero de trazos de {stroke}: la X con "
                          "una x en cada espacio agrupa trazos (los 50 del texto son 10 trazos de 5); pon un múltiplo "
                          "de {stroke}, como {ten}",
        "false_call_off": "`muggins.false_call` es lo que cuesta gritar «¡Muggins!» cuando no hay nada sin reclamar, "
                          "pero el Muggins está desactivado (`muggins.enabled: false`): todo grito sería en falso, "
                          "una jugada que solo cuesta; quita `muggins.false_call`",
        "false_call_no_claims": "`muggins.false_call` es lo que cuesta gritar «¡Muggins!» cuando no hay nada sin "
                                "reclamar, pero en este juego ninguna puntuación espera a ser reclamada "
                                "(`claims.required` es false y ninguna entrada de puntuación tiene `claim: true`): todo "
                                "grito sería en falso, una jugada que solo cuesta; quita `muggins.false_call`, o haz que "
                                "las puntuaciones se reclamen",
        "game_start": "falla al empezar una partida con {players}",
        "every_value": "falla con cualquier valor de {name} (de 0 a {last}) con {players}, así que en cada partida; "
                       "con {name} = 0",
        "every_score": "falla con cualquier valor de {name} con el que se cumple `when` con {players}, así que siempre "
                       "que puntúa; con {name} = {value}",
        "failed": "{what}: {reason}",
        "every_read": "falla siempre que se lee con {players}",
        "count_fails": "falla siempre que se lee con {players}: {reason}",
        "translation": "`translations.{lang}.scoring` traduce {name!r}, pero ninguna entrada de puntuación se llama "
                       "así{hint} (entradas: {names})",
        "counts": "{listed} jugadores", "counts:or": " o ",
        "no_hand": "reparte {dealt} piezas a cada uno de los {players}; una mano necesita al menos 1",
        "deal_too_big": "reparte {dealt} piezas a cada uno de los {players} jugadores ({total}), pero el juego tiene "
                        "{size}",
        "target": "el objetivo con {players} es {goal}; debe ser al menos 1",
        "one_side": "`seating.sides` es {sides} con {players}: debe haber al menos 2 bandos (`players`: cada jugador "
                    "por su cuenta)",
        "uneven": "{sides} bandos no pueden repartir {players} en bandos del mismo tamaño: cada número de jugadores "
                  "permitido ({allowed}) debe ser divisible entre el número de bandos{hint}",
        "uneven_hint": ", p. ej. \"{sides} if players % {sides} == 0 else players\"",
    },
}
# Characters that cannot be seen in a key, by how a reader names them (others: by their code).
INVISIBLE = {
    "\xa0": Said("a no-break space", es="un espacio de no separación"),
    "\u202f": Said("a narrow no-break space", es="un espacio estrecho de no separación"),
    "\u3000": Said("an ideographic space", es="un espacio ideográfico"),
    "\u200b": Said("a zero-width space", es="un espacio de anchura cero"),
    "\u200c": Said("a zero-width non-joiner", es="un separador de anchura cero"),
    "\u200d": Said("a zero-width joiner", es="un unidor de anchura cero"),
    "\u2060": Said("a word joiner", es="un unidor de palabras"),
    "\ufeff": Said("a byte order mark", es="una marca de orden de bytes"),
    "\xad": Said("a soft hyphen", es="un guion discrecional"),
}
# What a length or a count in the schema counts, by keyword.
_COUNTED = {"minLength": "character", "maxLength": "character", "minItems": "item", "maxItems": "item",
            "minProperties": "key", "maxProperties": "key"}


def builtin_rule_names() -> list[str]:
    """The names of the rule files shipped with muggins."""
    folder = resources.files("muggins.builtin")
    return sorted(entry.name[: -len(".yaml")] for entry in folder.iterdir() if entry.name.endswith(".yaml"))


def resolve_rule_path(spec: str, relative_to: Path | None = None) -> Path:
    """A built-in name (`card-muggins`) or a path (`./house.yaml`) to the file it names."""
    if _looks_like_path(spec):
        path = Path(spec)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path
    if relative_to is None and _is_there(Path(spec)) and not _is_folder(Path(spec)):
        return Path(spec)  # a pipe or a device too: read, and refused for what it is
    candidate = resources.files("muggins.builtin") / f"{spec}.yaml"
    return Path(str(candidate))


def _looks_like_path(spec: str) -> bool:
    """A name with a folder separator or a YAML suffix names a file; any other, a built-in."""
    return any(ch in spec for ch in "/\\") or spec.endswith((".yaml", ".yml"))


def rules_source(spec: str) -> str:
    """How to name rules to another process or a later session: a built-in name as it is, a file
    by its absolute path (a relative one names another file, or none, where the working folder
    differs: a Dask worker's, a resumed game's)."""
    path = Path(spec)
    return str(path.resolve()) if _is_file(path) else spec


def _is_file(path: Path) -> bool:
    """Whether `path` names a file; a name the system refuses (too long, a NUL) names none."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_there(path: Path) -> bool:
    """Whether `path` names anything (a file, a folder, a pipe, a device): what is there but is
    no regular file is read, and refused for what it is, by the YAML reader; so is a link to nothing
    or in a loop."""
    try:
        return path.exists() or path.is_symlink()
    except (OSError, ValueError):
        return False


def load_rules(spec: str | Path) -> Rules:
    """Load, validate and compile the rules named by `spec`, a built-in name or a path."""
    path = resolve_rule_path(str(spec))
    if not _is_there(path):
        raise RuleFileError([Problem(Location(str(spec), 0, 0), _no_rules(spec))])
    return _load_path(_resolved(path), _display(path))


def _no_rules(spec: str | Path) -> Said:
    """No rules are named `spec`: the built-in name it nearly spells, or every built-in name."""
    return say(WORDS, "no_rules", spec=str(spec), hint=_builtin_hint(str(spec)))


def _builtin_hint(spec: str) -> Said:
    """The built-in name `spec` nearly spells, or every built-in name."""
    known = builtin_rule_names()
    close = difflib.get_close_matches(spec, known, n=1)
    return say(WORDS, "did_you_mean", close=close[0]) if close else say(WORDS, "builtin", names=", ".join(known))


def _no_base(spec: str, path: Path) -> Said:
    """`extends` names nothing: a misspelt built-in name is told the name it nearly spells, as a
    misspelt `rules` is, rather than a path inside the installation the writer never typed."""
    if _looks_like_path(spec):
        return say(WORDS, "extends_missing", spec=spec, path=_display(path))
    return say(WORDS, "extends_builtin", spec=spec, hint=_builtin_hint(spec))


@lru_cache(maxsize=1)
def _schema_validator() -> jsonschema.protocols.Validator:
    schema = rules_schema()
    return jsonschema.validators.validator_for(schema)(schema)


def _as_extended(file: str) -> str:
    """A file of the chain as `extends` names it: a built-in by its name, wherever muggins runs
    (`_display` names it by its path inside the working folder), another file as displayed."""
    builtin = Path(str(resources.files("muggins.builtin")))
    path = builtin / file[len("<builtin>/"):] if file.startswith("<builtin>/") else Path(file)
    return path.stem if _resolved(path).parent == _resolved(builtin) else file


def _resolved(path: Path) -> Path:
    """`path` with its links followed; a link in a loop as it is, for the reader to refuse."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return path.absolute()


def _display(path: Path) -> str:
    """How a file is named in messages: relative to the working directory when inside it (as given
    where it cannot be resolved: a link in a loop, a folder gone)."""
    try:
        return str(_resolved(path).relative_to(Path.cwd()))
    except (ValueError, OSError):
        builtin = Path(str(resources.files("muggins.builtin")))
        try:
            return f"<builtin>/{_resolved(path).relative_to(builtin.resolve())}"
        except ValueError:
            return str(path)


def _load_path(path: Path, display: str) -> Rules:
    doc, bases = _resolve(path, display, ())
    _validate(doc)
    return _compile(doc, display, bases)


# The top-level keys that only one kind of file has (the keys both have, `title`, `players`, say nothing).
_ONLY_RULES = ("extends", "pieces")
_ONLY_SCENARIOS = ("rules", "steps", "formula", "rows", "position")


def other_kind(doc: Document, expected: str) -> Problem | None:
    """A file given where a rule file (`expected` "rules") or a scenario is read, that is plainly
    the other kind (or, for rules, a file muggins wrote), as one line saying which command reads
    it; None otherwise. Only keys one kind has and the other never does decide, so no valid file
    of either kind is refused."""
    data = doc.data if isinstance(doc.data, dict) else {}
    form = written_by_muggins(data)
    if form is not None and expected == "rules":  # a record, a save or a sheet: said what it is, and who reads it
        rules = data.get("rules")
        return Problem(doc.where(("format",)), Said(other_file("en", form, "rule file", doc.file, rules),
                                                    es=other_file("es", form, "rule file", doc.file, rules)))
    if expected == "rules":
        plainly = "rules" in data and ("steps" in data or {"formula", "rows"} <= data.keys())
        plainly = plainly and not any(key in data for key in _ONLY_RULES)
        told, key = ("steps" if "steps" in data else "formula"), "is_scenario"
    else:
        plainly = any(key in data for key in _ONLY_RULES) and not any(key in data for key in _ONLY_SCENARIOS)
        told, key = ("extends" if "extends" in data else "pieces"), "is_rules"
    if not plainly:
        return None
    return Problem(doc.where((told,), key=True), say(WORDS, key, path=shlex.quote(doc.file)))


def _resolve(path: Path, display: str, chain: tuple[Path, ...]) -> tuple[Document, tuple[str, ...]]:
    """Read a file and everything it extends, merged: mappings deeply, anything else replaced."""
    doc = read_yaml_file(path, display)
    if (scenario := other_kind(doc, "rules")) is not None:
        raise RuleFileError([scenario])
    if "extends" not in doc.data:
        return doc, ()
    spec = doc.data["extends"]
    where = doc.where(("extends",))
    if not isinstance(spec, str) or not spec:
        raise RuleFileError([Problem(where, say(WORDS, "extends_form"))])
    if "name" not in doc.data:
        raise RuleFileError([Problem(doc.where(("extends",), key=True), say(WORDS, "extends_name"))])
    base_path = resolve_rule_path(spec, path.parent)
    if not _is_there(base_path):
        raise RuleFileError([Problem(where, _no_base(spec, base_path))])
    if _is_folder(base_path):  # said at `extends`, where the mistake is, not at the folder's "line 1"
        raise RuleFileError([Problem(where, say(WORDS, "extends_folder", spec=spec, path=_display(base_path)))])
    base_path = _resolved(base_path)
    if base_path in chain + (path,):
        cycle = " -> ".join(p.name for p in chain + (path, base_path))
        raise RuleFileError([Problem(where, say(WORDS, "cycle", cycle=cycle))])
    if len(chain) >= MAX_EXTENDS:
        raise RuleFileError([Problem(where, say(WORDS, "chain", most=MAX_EXTENDS))])
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
    merged.chain = (top.file, *(base.chain or (base.file,)))
    return merged


def load_rules_with(spec: str | Path, overrides: Document, relative_to: Path | None = None,
                    spec_at: Location | None = None) -> Rules:
    """The rules named by `spec` with `overrides` merged over them, as `extends` would (scenarios
    use this for inline options); problems point into the overrides' file, and rules that are
    not there at `spec_at`, where the file names them (its `rules:` value)."""
    path = resolve_rule_path(str(spec), relative_to)
    if not _is_file(path):
        raise RuleFileError([Problem(spec_at or overrides.where(()), _no_rules(spec))])
    doc, bases = _resolve(_resolved(path), _display(path), ())
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
    pieces = doc.data.get("pieces")
    keys = {family.pieces_key for family in families().values()}
    if not (isinstance(pieces, dict) and len(pieces.keys() & keys) == 1):
        # the family is read from `pieces`: until it names tiles or cards, each family's sections
        # would be judged by the other's, a complaint for every section; `pieces` says what is wrong
        sections = family_sections()
        errors = [error for error in errors if error.schema is not False and not (
            error.validator == "required" and not error.absolute_path
            and any(repr(name) in error.message for name in sections))]
    if errors:
        raise RuleFileError(distinct(schema_problem(doc, error) for error in errors if not _misspelt(error, errors)))


def distinct(problems: Iterable[Problem]) -> list[Problem]:
    """Each located problem once: the schema can report one mistake through several of its branches."""
    return list(dict.fromkeys(problems))


def _misspelt(error: jsonschema.ValidationError, errors: list[jsonschema.ValidationError]) -> bool:
    """A missing key that an unknown key in the same mapping nearly spells: one complaint is enough."""
    if error.validator != "required":
        return False
    assert isinstance(error.validator_value, list) and isinstance(error.instance, dict)  # what `required` checks
    missing = [name for name in error.validator_value if name not in error.instance]
    for other in errors:
        if other.validator == "additionalProperties" and other.instance is error.instance:
            assert isinstance(other.instance, dict) and isinstance(other.schema, dict)
            extras = set(other.instance) - set(other.schema.get("properties", {}))
            if any(difflib.get_close_matches(name, extras, n=1) for name in missing):
                return True
    return False


def _section(path: tuple) -> Said:
    return say(WORDS, "top_level") if not path else Said("`" + ".".join(str(p) for p in path) + "`")


def schema_problem(doc: Document, error: jsonschema.ValidationError) -> Problem:
    """A schema error as one located, actionable problem (used for rule and scenario files)."""
    path = tuple(error.absolute_path)
    if error.schema is False:
        # A section of the other family of games (jsonschema gives no path for a false schema).
        key = next(key for key, value in doc.data.items() if value is error.instance)
        owner = family_sections()[key]
        return Problem(doc.where((key,), key=True), say(WORDS, "belongs", key=key, owner=owner.description,
                                                        pieces=owner.pieces_key))
    if error.validator == "additionalProperties":
        return _unknown_key(doc, error, path)
    if error.validator in ("minProperties", "maxProperties") and path == ("pieces",):
        files = {doc.where(("pieces", kind)).file for kind in ("tiles", "cards")} - {doc.file}
        if error.validator == "maxProperties" and files:  # one kind given here, the other by a file it extends
            return Problem(doc.where(path), say(WORDS, "pieces_both", base=_as_extended(files.pop())))
        return Problem(doc.where(path), say(WORDS, "pieces_one"))
    return Problem(doc.where(path), _schema_message(doc, error, path))


def _unknown_key(doc: Document, error: jsonschema.ValidationError, path: tuple) -> Problem:
    """A key the schema does not allow here, with the nearest allowed one."""
    assert isinstance(error.instance, dict) and isinstance(error.schema, dict)  # what the keyword checks
    allowed = list(error.schema.get("properties", {}))
    extras = sorted(set(error.instance) - set(allowed))
    key = extras[0]
    more = say(WORDS, "more", keys=", ".join(map(_quoted_key, extras[1:]))) if extras[1:] else ""
    where = doc.where(path + (key,), key=True)
    unseen = [ch for ch in key if ch != " " and unicodedata.category(ch) in ("Zs", "Zl", "Zp", "Cf")]
    if unseen:
        return Problem(where, say(WORDS, "invisible_key", section=_section(path), more=more, allowed=", ".join(allowed),
                                  **_invisible(key, set(unseen))))
    close = difflib.get_close_matches(key, allowed, n=1)
    hint = say(WORDS, "did_you_mean", close=close[0]) if close else ""
    return Problem(where, say(WORDS, "unknown_key", key=key, section=_section(path), more=more, hint=hint,
                              allowed=", ".join(allowed)))


def _quoted_key(key: str) -> str:
    """A key quoted as a message lists it, a character that cannot be seen shown by its code
    (`'<U+00A0>immediate'`), never as a Python escape."""
    shown = "".join(ch if ch == " " or (ch.isprintable() and unicodedata.category(ch) not in ("Zs", "Cf"))
                    else f"<U+{ord(ch):04X}>" for ch in key)
    return f"'{shown}'"


def _invisible(key: str, unseen: set[str]) -> dict[str, Said]:
    """A key holding a character that cannot be seen (a no-break space pasted as indentation, a
    zero-width space inside a word) would be quoted with a Python escape or look like an allowed
    key: name the character in words, where it is and what to do instead."""
    first = next(ch for ch in key if ch in unseen)
    what = INVISIBLE.get(first) or say(WORDS, "invisible:other", code=f"U+{ord(first):04X}")
    seen = [i for i, ch in enumerate(key) if ch not in unseen and not ch.isspace()]
    places = [i for i, ch in enumerate(key) if ch in unseen]
    visible = "".join(ch for ch in key if ch not in unseen).strip()
    place = ("alone" if not seen else "before" if max(places) < seen[0] else "after" if min(places) > seen[-1]
             else "inside")
    spaces = all(unicodedata.category(ch) == "Zs" for ch in unseen)
    return {"what": what, "where": say(WORDS, "invisible:" + place, key=visible),
            "advice": say(WORDS, "invisible:space" if spaces else "invisible:delete")}


def _schema_message(doc: Document, error: jsonschema.ValidationError, path: tuple) -> Said:
    """What a schema keyword other than an unknown key says of the value at `path`, in the
    project's words (jsonschema's own messages are English only)."""
    keyword, instance, limit = error.validator, error.instance, error.validator_value
    section = _section(path)
    if keyword == "required":
        assert isinstance(instance, dict) and isinstance(limit, list)  # what the keyword checks
        missing = [name for name in limit if name not in instance]
        # jsonschema reports each missing key as its own error, whose message starts with that key
        key = next((name for name in missing if error.message.startswith(repr(name))), missing[0])
        return say(WORDS, "missing", key=key, section=section)
    if keyword == "type":
        assert isinstance(limit, (str, list))  # one type name or a list of them
        kinds = [say(WORDS, "type:" + kind) for kind in (limit if isinstance(limit, list) else [limit])]
        message = say(WORDS, "type", section=section, kinds=said_list(kinds, say(WORDS, "or")), value=_show(instance))
        yaml11 = looks_like_yaml11(instance) if isinstance(instance, str) and path in doc.plain else None
        return say(WORDS, "with_hint", message=message, hint=yaml11) if yaml11 else message
    if keyword == "enum":
        assert isinstance(limit, list)  # what the keyword checks
        options = [str(v) for v in limit]
        close = difflib.get_close_matches(str(instance), options, n=1)
        if not close and str(instance):
            close = [o for o in options if o.startswith(str(instance)) or str(instance).startswith(o)][:1]
        hint = say(WORDS, "did_you_mean", close=close[0]) if close else ""
        return say(WORDS, "enum", section=section, value=_show(instance), options=", ".join(options), hint=hint)
    if keyword in ("minimum", "maximum"):
        hint = say(WORDS, "false_call") if path == ("muggins", "false_call") else ""
        return say(WORDS, keyword, section=section, value=_show(instance), limit=limit, hint=hint)
    if keyword in _COUNTED:
        assert isinstance(limit, int)  # what the keyword takes
        return say(WORDS, keyword, section=section, limit=counted(limit, _COUNTED[keyword]))
    if keyword == "pattern":
        assert isinstance(limit, str) and isinstance(instance, str) and isinstance(error.schema, dict)
        return say(WORDS, "pattern", section=section, value=_show(instance), rule=_pattern_words(error.schema),
                   hint=_pattern_hint(instance, limit))
    if keyword in ("uniqueItems", "const"):
        return say(WORDS, keyword, section=section, value=_show(instance), const=_show(limit))
    return say(WORDS, "other", section=section, keyword=keyword)


def _pattern_words(schema: Mapping[str, Any]) -> Said:
    """What a pattern allows, in words: the schema keeps them beside the pattern (`x-pattern-words`,
    by language), since a person writing house rules does not read regular expressions."""
    words = schema.get("x-pattern-words")
    if not isinstance(words, dict):
        return say(WORDS, "pattern_form")
    return Said(words["en"], **{lang: text for lang, text in words.items() if lang != "en"})


def _pattern_hint(value: str, pattern: str) -> Said | str:
    """The value as it was probably meant, when a usual slip makes it fit: capitals (`c` for C),
    a whole word for its first letter (`Sota` for S), spaces, underscores or accents in a name."""
    plain = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    initial = value[:1].upper() if value.isalpha() else ""  # a word for its letter, not 100 for 1
    for candidate in (value.upper(), initial, slug):
        if candidate and re.search(pattern, candidate):
            return say(WORDS, "did_you_mean", close=candidate)
    return ""


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# what the counts computed from `players` are checked against: a count a base file sets that no
# longer fits is the doing of a change to these
COUNT_INPUTS = (("pieces",), ("players",), ("deal",))


class RuleCompiler:
    """Builds frozen Rules from validated data, collecting every located problem."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []
        self.per_count: dict[tuple, tuple[Texts, list[int]]] = {}
        # where an expression was refused: it stands in as 0 or false, which proves nothing
        self.failed: set[tuple] = set()

    def fails_with(self, path: tuple, players: int, texts: Texts, key: str, inputs: tuple[tuple, ...] = COUNT_INPUTS,
                   **numbers: Any) -> None:
        """A count computed from `players` fails for this many players; `key` names a template of
        `texts` with `{players}` and `numbers`, `inputs` what it is computed from (see `complain`).
        The same failure for several counts is reported once, naming them all."""
        self.per_count.setdefault((path, key, inputs, tuple(sorted(numbers.items()))), (texts, []))[1].append(players)

    def report_per_count(self) -> None:
        for (path, key, inputs, numbers), (texts, counts) in self.per_count.items():
            self.complain(path, say(texts, key, players=_counts_text(counts), **dict(numbers)), inputs)
        self.per_count.clear()

    @staticmethod
    def show(value: Any) -> str:
        """A value from the file as messages quote it (shortened when long)."""
        return _show(value)

    def expr(self, path: tuple, context: Mapping[str, Type], expected: Type, default: Any = None) -> Expression:
        value = self.get(path, default)
        try:
            what = say(EXPRESSION_WORDS, "expression_at", path=".".join(map(str, path)))
            return compile_expression(value, context, expected, self.doc.where(path), what)
        except ExpressionError as exc:
            hint = looks_like_yaml11(value) if isinstance(value, str) and path in self.doc.plain else None
            self.problems.extend(Problem(p.location, say(WORDS, "with_hint", message=p.message, hint=hint)) if hint
                                 else p for p in exc.problems)
            self.failed.add(path)
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
        """The value of the expression at `path`, or None when it fails (reported) or was refused
        already: checks skip None, so a refused expression is not also reported for the 0 that
        stands in for it ('card value of rank A is 0' after 'unknown name')."""
        if path in self.failed:
            return None
        try:
            return expression(env)
        except ExpressionFailure as exc:
            if "players" in env:  # a count: said once for every number of players it fails with
                self.fails_with(path, env["players"], WORDS, "count_fails", reason=exc.detail)
            else:
                self.problems.append(Problem(self.doc.where(path), exc.detail))
            return None

    def complain(self, path: tuple, message: Said, inputs: Sequence[tuple] = ()) -> None:
        """A problem at `path`; when that value comes from a base file (`extends`, a built-in) and
        the problem arises from `inputs` a later file changed (the file itself, or one between it
        and the base), it is said where they were changed: the mistake is there, not in the base."""
        where = self.doc.where(path)
        later = self.doc.read_after(where.file)  # the files that extend the one `path` comes from
        changed = [(-later.index(location.file), len(sub), location) for prefix in inputs
                   for sub, location in self.doc.values.items()
                   if sub[:len(prefix)] == prefix and location.file in later
                   and not isinstance(sub[-1], int)]  # a list as a whole, not its first item
        if changed:  # the first read of them (the house file itself before a file it extends), then
            where = max(changed, key=lambda found: found[:2])[2]  # the deepest: the value, not its section
        self.problems.append(Problem(where, message))

    def lottery(self, path: tuple, context: dict[str, Type]) -> R.Lottery:
        data = self.get(path)
        rank = None
        if data["method"] == "high_draw":
            if "rank" not in data:
                self.complain(path, say(WORDS, "rank", section=_section(path)))
            else:
                rank = self.expr(path + ("rank",), context, Type.INT)
        return R.Lottery(data["method"], rank)

    def scores(self, context: Mapping[str, Type]) -> tuple[R.Score, ...]:
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
    c = RuleCompiler(doc)
    data = doc.data
    family = family_for_pieces(data["pieces"])
    pieces, options = family.compile(c)
    hand = c.expr(("deal", "hand"), R.PLAYERS_CONTEXT, Type.INT)
    target = c.expr(("win", "target"), R.PLAYERS_CONTEXT, Type.INT)
    counts = tuple(sorted(data["players"]))
    seating = c.seating()
    if len(data["scoring"]) > MAX_SCORING:
        raise RuleFileError([Problem(doc.where(("scoring",), key=True),
                                     say(WORDS, "scoring_size", count=len(data["scoring"]), most=MAX_SCORING))])
    _check_scoring_names(c)
    _check_notation(c)
    scoring = c.scores(family.scoring_context)
    _check_false_call(c, scoring)
    if not c.problems:
        _check_table(c, counts, hand, target, family, pieces, options)
        _check_sides(c, counts, seating)
    if c.problems:
        raise RuleFileError(distinct(c.problems))
    translations = _translations(c)
    if c.problems:
        raise RuleFileError(distinct(c.problems))
    notation = R.Notation(**data["notation"]) if "notation" in data else None
    # the digest names the game a record was played under: the words in other languages are not
    # the game, so retranslating a rule file keeps its records and saves valid
    played = {key: value for key, value in data.items() if key != "translations"}
    canonical = json.dumps(played, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    rules = R.Rules(
        name=data["name"], title=data["title"], description=data["description"], source=data.get("source", ""),
        origin=display, bases=bases, digest=hashlib.sha256(canonical.encode()).hexdigest(), data=data,
        pieces=pieces, player_counts=counts, hand=hand, target=target, immediate_win=data["win"]["immediate"],
        simultaneous=c.get(("win", "simultaneous"), "scorer"), overshoot=c.get(("win", "overshoot"), "counts"),
        tie=c.get(("win", "tie"), "opener_order"), seating=seating, claims_required=c.get(("claims", "required"), False),
        muggins=c.muggins(), scoring=scoring, family=family.name, options=options, notation=notation,
        translations=translations,
    )
    problems = _check_games(c, rules, family, counts)
    if problems:
        raise RuleFileError(distinct(problems))
    return rules


def _check_scoring_names(c: RuleCompiler) -> None:
    """Each scoring entry has a name of its own: a log, `simulate`'s rows and a translation name an
    entry by its name, so two entries of one name would be merged or mistaken for each other, and
    an entry named like a score the engine gives by itself (a Muggins steal, "last", a settlement)
    would be counted, logged and translated as that score."""
    reserved = reserved_reasons()
    first: dict[str, int] = {}
    for i, item in enumerate(c.doc.data["scoring"]):
        earlier = first.setdefault(item["name"], i)
        if item["name"] in reserved:
            c.complain(("scoring", i, "name"), say(WORDS, "scoring_reserved", name=item["name"],
                                                   reserved=", ".join(map(repr, reserved))))
        elif earlier != i:
            line = c.doc.where(("scoring", earlier, "name")).line
            c.complain(("scoring", i, "name"), say(WORDS, "scoring_twice", name=item["name"], line=line))


def _check_notation(c: RuleCompiler) -> None:
    """The tally's cross bundles strokes (the text's 50 is ten strokes of 5): one worth less than a
    stroke, or a stroke and a part, would write scores the paper notation cannot."""
    notation = c.doc.data.get("notation")
    if notation is not None and notation["cross"] % notation["stroke"]:
        c.complain(("notation", "cross"), say(WORDS, "notation_cross", cross=notation["cross"],
                                              stroke=notation["stroke"], ten=10 * notation["stroke"]),
                   (("notation", "stroke"),))


def _check_false_call(c: RuleCompiler, scoring: Sequence[R.Score]) -> None:
    """What a false call costs is read only where a call may find nothing to take: a game that
    plays Muggins on scores that wait for a claim. Anywhere else every call would be false, and
    the call a move offered at every turn that only costs points (no decorative option: refused)."""
    if c.get(("muggins", "false_call")) is None:
        return
    if not c.get(("muggins", "enabled"), True):
        c.complain(("muggins", "false_call"), say(WORDS, "false_call_off"), (("muggins", "enabled"),))
    elif not (c.get(("claims", "required"), False) or any(score.claim for score in scoring)):
        c.complain(("muggins", "false_call"), say(WORDS, "false_call_no_claims"), (("claims",), ("scoring",)))


def reserved_reasons() -> tuple[str, ...]:
    """The reasons the engine scores for by itself, in every family: the table's (a Muggins steal,
    a false call) and each family's own (a settlement, "last"), as the code that scores them names them."""
    return tuple(sorted({*UNEARNED_REASONS, *(reason for family in families().values() for reason in family.own_reasons)}))


def _check_games(c: RuleCompiler, rules: Rules, family: Family, counts: tuple[int, ...]) -> list[Problem]:
    """Make the game for every allowed number of players, as a game start would: what the game
    computes from the rules up front (lotteries, the tables of scores by the one value they read)
    must not fail, and a table of which every entry fails means a rule that fails in every game."""
    # by where and what failed, the template of `WORDS` that says when, and its values
    failures: dict[tuple[Location, str, str, tuple], list[int]] = {}
    for players in counts:
        try:
            game = family.make_game(rules, players, 1)
        except RuleError as exc:
            failures.setdefault((*_failure(c, exc), "game_start", ()), []).append(players)
            continue
        said = set()  # where the expressions refused so are written: said once, where it fails
        for written, where, reason in _fails_with_fixed(rules, family, game):
            failures.setdefault((where, reason, "every_read", ()), []).append(players)
            said.add(written)
        domains = set()  # the names whose values the scoring entries were checked at (tables share them)
        for table in vars(game).values():
            error = fails_everywhere(table) if isinstance(table, Table) else None
            if error is not None and _written(error) in said:
                continue
            if error is not None:
                when = (("name", table.name), ("last", len(table) - 1))
                failures.setdefault((*_failure(c, error), "every_value", when), []).append(players)
            elif isinstance(table, Table) and table.name not in domains:
                domains.add(table.name)
                for entry in rules.scoring:
                    guarded = _fails_whenever_it_scores(entry, table.name, range(len(table)), game.constants)
                    if guarded is not None and _written(guarded[1]) not in said:
                        value, error = guarded
                        when = (("name", table.name), ("value", value))
                        failures.setdefault((*_failure(c, error), "every_score", when), []).append(players)
    return [Problem(where, say(WORDS, "failed", what=say(WORDS, key, players=_counts_text(players), **dict(when)),
                               reason=reason))
            for (where, reason, key, when), players in failures.items()]


def _fails_with_fixed(rules: Rules, family: Family, game: Any) -> list[tuple[Location | None, Location, str]]:
    """Where an expression is written, and where and why it fails whenever `game` reads it, the
    names the game fixes (the game's `constants`: its number of players, its target...) read as
    constants: a step of 0 to `round_*` with `players - 2` and 2 players. A scoring entry's points
    are checked only when its `when` holds whatever else it reads: otherwise the game may never
    read them."""
    fixed = game.constants
    read: list[tuple[Expression, Mapping[str, Type], Mapping[str, Any]]] = []
    for entry in rules.scoring:
        read.append((entry.when, family.scoring_context, fixed))
        if always_holds(entry.when, family.scoring_context, fixed):
            read.append((entry.points, family.scoring_context, fixed))
    read += family.fixed_formulas(rules, game)
    found = []
    for expression, context, constants in read:
        problem = fixed_failure(expression, context, constants)
        if problem is not None:
            found.append((expression.location, problem.location, problem.message))
    return found


def _written(error: RuleError) -> Location | None:
    """Where the expression that raised `error` is written, if it is one."""
    return error.location if isinstance(error, ExpressionFailure) else None


def _fails_whenever_it_scores(entry: R.Score, name: str, values: range,
                              constants: Mapping[str, Any]) -> tuple[int, RuleError] | None:
    """A scoring entry reading only `name` (and what the game fixes, `constants`) whose `points`
    fails at every value where its `when` holds (and `when` holds somewhere): it fails in every
    game that reaches it. The first such value and its error, else None."""
    if not (entry.when.names | entry.points.names) <= {name, *constants}:
        return None
    first: tuple[int, RuleError] | None = None
    for value in values:
        env = {**constants, name: value}
        try:
            if not entry.when(env):
                continue
        except RuleError:
            continue  # a failing condition is reported with the table
        try:
            entry.points(env)
        except RuleError as exc:
            first = first or (value, exc)
            continue
        return None
    return first


def _failure(c: RuleCompiler, error: RuleError) -> tuple[Location, str]:
    """Where a failing expression is written, and what failed."""
    if isinstance(error, ExpressionFailure) and error.location is not None:
        return error.location, error.reason
    return c.doc.where(()), str(error)


def _translations(c: RuleCompiler) -> dict[str, R.Translation]:
    """The file's own words in other languages. A translated title or description counts only
    where it comes from the file that wrote the English or from one extending it (a variant that
    retitles its base and does not translate the new title shows it in English; one that
    translates the title it inherits shows its translation); a translated scoring name must name
    an entry, unless it was inherited from a base whose `scoring` a later file replaced."""
    doc = c.doc
    data = doc.data
    names = [item["name"] for item in data["scoring"]]
    scoring_file = doc.where(("scoring",)).file
    result: dict[str, R.Translation] = {}
    for lang, words in data.get("translations", {}).items():
        own = {key: words[key] for key in ("title", "description")
               if key in words and _as_new(doc, doc.where(("translations", lang, key)).file, doc.where((key,)).file)}
        scoring: dict[str, str] = {}
        for name, spoken in words.get("scoring", {}).items():
            path = ("translations", lang, "scoring", name)
            if name in names:
                scoring[name] = spoken
            elif doc.where(path).file in (scoring_file, doc.file):
                close = difflib.get_close_matches(name, names, n=1)
                hint = say(WORDS, "did_you_mean", close=close[0]) if close else ""
                c.problems.append(Problem(doc.where(path, key=True),
                                          say(WORDS, "translation", lang=lang, name=name, hint=hint,
                                              names=", ".join(map(repr, names)))))
        result[lang] = R.Translation(own.get("title"), own.get("description"), scoring)
    return result


def _as_new(doc: Document, translated: str, written: str) -> bool:
    """Whether words translated in file `translated` are as new as the English written in `written`:
    the same file, or one that extends it (read before it in the chain)."""
    return translated == written or translated in doc.read_after(written)


def _counts_text(counts: list[int]) -> Said:
    """`2 players`, `2 or 3 players`, `2, 3 or 4 players` (`2, 3 o 4 jugadores`, `7 u 8 jugadores`)."""
    names = [str(n) for n in counts]
    if not names[:-1]:
        return say(WORDS, "counts", listed=names[-1])
    # Spanish says "u" for "o" before a word sounding o-: ocho, once, ochenta, ochocientos...
    joiner = say(WORDS, "counts:or")
    if names[-1].startswith("8") or names[-1] == "11":
        joiner = Said(str(joiner), es=" u ")
    return say(WORDS, "counts", listed=said_list([Said(", ".join(names[:-1])), Said(names[-1])], joiner))


def _check_table(c: RuleCompiler, counts: tuple[int, ...], hand: Expression, target: Expression, family: Family,
                 pieces: Any, options: Any) -> None:
    """Every count the rules compute from `players` must make a game that can run: the deal must fit
    the set (what the family keeps out of play it checks itself, knowing the deal)."""
    size = len(pieces)
    for players in counts:
        env = {"players": players}
        dealt = c.evaluate(("deal", "hand"), hand, env)
        if dealt is not None and dealt < 1:
            c.fails_with(("deal", "hand"), players, WORDS, "no_hand", dealt=dealt)
            dealt = None
        elif dealt is not None and dealt * players > size:
            c.complain(("deal", "hand"), say(WORDS, "deal_too_big", dealt=dealt, players=players,
                                             total=dealt * players, size=size), COUNT_INPUTS)
            dealt = None
        family.check_counts(c, options, pieces, env, dealt)
        goal = c.evaluate(("win", "target"), target, env)
        if goal is not None and goal < 1:
            c.fails_with(("win", "target"), players, WORDS, "target", (), goal=goal)
    c.report_per_count()


def _check_sides(c: RuleCompiler, counts: tuple[int, ...], seating: R.Seating) -> None:
    allowed = ", ".join(map(str, counts))
    for players in counts:
        sides = c.evaluate(("seating", "sides"), seating.sides, {"players": players})
        if sides is not None and sides < 2:
            c.fails_with(("seating", "sides"), players, WORDS, "one_side", sides=sides)
        elif sides is not None and players % sides:
            some = any(n % sides == 0 for n in counts)
            hint = say(WORDS, "uneven_hint", sides=sides) if some else ""
            c.fails_with(("seating", "sides"), players, WORDS, "uneven", sides=sides, allowed=allowed, hint=hint)
    c.report_per_count()
