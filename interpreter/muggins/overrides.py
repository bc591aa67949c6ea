"""`--set KEY=VALUE`: try a rule value without writing a file.

The settings become an in-memory YAML document laid over the rule file exactly as a variant's
`extends` would be (`loader.load_rules_with`), so they are validated like a rule file: an unknown
key, a value of the wrong type or a count that no longer fits is refused, naming the option.
Each setting is one line of that document, so every problem points at its `--set`.

`muggins sweep` also accepts ranges, `KEY=FROM..TO:STEP` (both ends included) and lists,
`KEY=A,B,C`, and tries every combination.
"""
from __future__ import annotations

import dataclasses
import itertools
import re
from typing import Any, Sequence

from .errors import Location, MugginsError, RuleFileError, visible
from .loader import load_rules, load_rules_with
from .messages import said_in
from .pieces import shown
from .rules import Rules
from .yamlfile import Document, read_yaml_text

SET_FILE = "--set"
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_RANGE = re.compile(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?\Z")
MAX_COMBINATIONS = 1000

WORDS = {
    "en": {
        "form": "--set takes KEY=VALUE, such as win.target=100, not {text!r}",
        "key": "--set {text}: {key!r} is not a rule option path (names joined by dots, such as pile.limit)",
        "twice": "--set {key} is given twice",
        "inside": "--set {key} and --set {other} overlap: set one or the other",
        "extends": "--set {text}: `{key}` cannot be set; name the rule file instead",
        "name": "--set {text}: `name` names a rule file, not a setting; to name a variant, write a rule file "
                "that extends this one",
        "one_line": "--set {text}: a setting is one line of visible characters",
        "value": "--set {text}: the value is not valid YAML: {problem}",
        "range": "--set {text}: a range is FROM..TO or FROM..TO:STEP with whole numbers",
        "step": "--set {text}: the step of a range must be at least 1",
        "reversed": "--set {text}: the range is reversed ({low} is after {high}); write {high}..{low}",
        "empty": "--set {text}: the list of values is empty",
        "empty_item": "--set {text}: a value between its commas is empty (a comma too many?)",
        "many": "the sweep has {count} combinations; at most {limit}",
        "for_file": "--set {text} does not fit {spec}: {problem}",
    },
    "es": {
        "form": "--set se escribe CLAVE=VALOR, como win.target=100, no {text!r}",
        "key": "--set {text}: {key!r} no es la ruta de una opción de reglas (nombres unidos por puntos, como pile.limit)",
        "twice": "--set {key} aparece dos veces",
        "inside": "--set {key} y --set {other} se solapan: fija una u otra",
        "extends": "--set {text}: `{key}` no se puede fijar; nombra el fichero de reglas",
        "name": "--set {text}: `name` nombra un fichero de reglas, no es un ajuste; para nombrar una variante, "
                "escribe un fichero de reglas que amplíe este",
        "one_line": "--set {text}: un ajuste es una línea de caracteres visibles",
        "value": "--set {text}: el valor no es YAML válido: {problem}",
        "range": "--set {text}: un rango es DESDE..HASTA o DESDE..HASTA:PASO con números enteros",
        "step": "--set {text}: el paso de un rango debe ser al menos 1",
        "reversed": "--set {text}: el rango está al revés ({low} va después de {high}); escribe {high}..{low}",
        "empty": "--set {text}: la lista de valores está vacía",
        "empty_item": "--set {text}: un valor entre sus comas está vacío (¿una coma de más?)",
        "many": "el barrido tiene {count} combinaciones; como mucho {limit}",
        "for_file": "--set {text} no encaja en {spec}: {problem}",
    },
}


class UsageError(MugginsError):
    """A command line written wrongly (exit status 2), as opposed to an input that is invalid."""


def _say(lang: str, which: str, **values: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[which].format(**values)


def split_setting(text: str, lang: str = "en") -> tuple[str, str]:
    """`KEY=VALUE` as its key and its value's text; a usage error when it is not of that form."""
    if not text.isprintable():  # a line break would read as more YAML; a control character acts on a terminal
        raise UsageError(_say(lang, "one_line", text=shown(visible(text))))
    key, equals, value = text.partition("=")
    key = key.strip()
    if not equals or not key:
        raise UsageError(_say(lang, "form", text=text))
    if not _KEY.match(key):
        raise UsageError(_say(lang, "key", text=text, key=key))
    if key.split(".")[0] in ("extends",):
        raise MugginsError(_say(lang, "extends", text=text, key=key))
    if key == "name":  # a record names its rules by the name: a variant of another name is a file of its own
        raise MugginsError(_say(lang, "name", text=text))
    return key, value.strip()


def parse_value(text: str, raw: str, lang: str = "en") -> Any:
    """A value as a rule file would read it (`100` a number, `true` a yes, `[2, 3]` a list)."""
    try:
        return read_yaml_text(f"value: {raw}", SET_FILE).data.get("value")
    except RuleFileError as exc:
        raise MugginsError(_say(lang, "value", text=text, problem=said_in(exc.problems[0].message, lang))) from None


def settings_document(settings: Sequence[str], lang: str = "en") -> Document:
    """The settings as a rule-file overlay: line i of the document is the i-th setting, and every
    value it sets is located there, at its value."""
    doc = Document(SET_FILE, {}, list(settings))
    keys: dict[str, str] = {}
    for line, text in enumerate(settings, start=1):
        key, raw = split_setting(text, lang)
        if key in keys:
            raise UsageError(_say(lang, "twice", key=key))
        for other in keys:
            if other.startswith(key + ".") or key.startswith(other + "."):
                raise UsageError(_say(lang, "inside", key=other, other=key))
        keys[key] = text
        value = parse_value(text, raw, lang)
        path = tuple(key.split("."))
        node = doc.data
        for depth, part in enumerate(path[:-1]):
            node = node.setdefault(part, {})
            where = Location(SET_FILE, line, 1, text)
            doc.values.setdefault(path[:depth + 1], where)
            doc.keys.setdefault(path[:depth + 1], where)
        node[path[-1]] = value
        value_at = Location(SET_FILE, line, len(text) - len(text.partition("=")[2]) + 1, text)
        doc.keys[path] = Location(SET_FILE, line, 1, text)
        for sub in _paths(value, path):
            doc.values[sub] = value_at
        if not isinstance(value, (dict, list)) and raw.strip()[:1] not in ("'", '"'):
            doc.plain.add(path)  # written unquoted: `yes` or `True` kept as text is explained as in a file
    return doc


def _paths(value: Any, path: tuple) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, path + (i,))
    return found


def load_settings(spec: str, settings: Sequence[str] = (), lang: str = "en") -> Rules:
    """The rules named by `spec` with the `--set` settings laid over them; a problem a setting
    causes is reported on one line naming the setting. The rules keep the settings (`Rules.settings`)
    for a record or save to name them."""
    return _with_settings(spec, settings, lang, None)


def load_each(specs: Sequence[str], settings: Sequence[str] = (), lang: str = "en") -> list[Rules]:
    """Several rule files, each with the same settings laid over it (compare). A setting may fit
    one file and not another (`pile` is the card games'): its problem then names the file it does
    not fit; one refused alike by every file is said as for a single file."""
    loaded: list[Rules] = []
    refused: list[tuple[str, MugginsError]] = []
    for spec in specs:
        try:
            loaded.append(load_settings(spec, settings, lang))
        except UsageError:  # the command line itself, whatever the file
            raise
        except MugginsError as exc:
            refused.append((spec, exc))
    if not refused:
        return loaded
    spec, error = refused[0]
    if len(refused) < len(specs) or len({exc.said(lang) for _, exc in refused}) > 1:
        _with_settings(spec, settings, lang, spec)  # refused again, naming the file
    raise error


def _with_settings(spec: str, settings: Sequence[str], lang: str, named: str | None) -> Rules:
    """`load_settings`, its problems naming the rule file `named` too (compare's)."""
    if not settings:
        return load_rules(spec)
    overlay = settings_document(settings, lang)
    try:  # rules that are not there are said as without settings: no setting is to blame
        rules = load_rules_with(spec, overlay, spec_at=Location(spec, 0, 0))
    except RuleFileError as exc:
        raise MugginsError(_one_line(exc, settings, lang, named)) from None
    return dataclasses.replace(rules, settings=tuple(settings))


def _one_line(exc: RuleFileError, settings: Sequence[str], lang: str = "en", named: str | None = None) -> str:
    """The first problem, named by its `--set` when a setting is where it points (and by the rule
    file it was laid over, when `named`)."""
    ours = [p for p in exc.problems if p.location.file == SET_FILE]
    problem = (ours or exc.problems)[0]
    if problem.location.file == SET_FILE and 0 < problem.location.line <= len(settings):
        text, said = settings[problem.location.line - 1], said_in(problem.message, lang)
        return _say(lang, "for_file", text=text, spec=named, problem=said) if named else f"--set {text}: {said}"
    return problem.one_line(lang)


def label(name: str, settings: Sequence[str]) -> str:
    """How tables and plots name rules with settings: `card-muggins (win.target=100)`."""
    return f"{name} ({', '.join(s.replace(' ', '') for s in settings)})" if settings else name


# -- sweeps -----------------------------------------------------------------------------------------

def _sweep_axis(text: str, lang: str = "en") -> tuple[str, range | list[str]]:
    """A sweep's `--set` as its key and its values, a range kept as a range: it is counted, not
    enumerated, before the sweep is known to be small enough."""
    key, raw = split_setting(text, lang)
    if ".." in raw and not raw.lstrip().startswith(("[", "{", "'", '"')):
        match = _RANGE.match(raw)
        if not match:
            raise UsageError(_say(lang, "range", text=text))
        try:
            low, high, step = int(match[1]), int(match[2]), int(match[3] or 1)
        except ValueError:  # more digits than Python reads as a number
            raise UsageError(_say(lang, "range", text=text)) from None
        if step < 1:
            raise UsageError(_say(lang, "step", text=text))
        if low > high:
            raise UsageError(_say(lang, "reversed", text=text, low=low, high=high))
        return key, range(low, high + 1, step)
    if "," in raw and not raw.lstrip().startswith(("[", "{", "'", '"')):
        values = [part.strip() for part in raw.split(",")]
        if not any(values):
            raise UsageError(_say(lang, "empty", text=text))
        if not all(values):  # `41,,61`: never swept as 41 and 61 without a word
            raise UsageError(_say(lang, "empty_item", text=text))
        return key, values
    return key, [raw]


def combinations(settings: Sequence[str], lang: str = "en") -> list[tuple[str, ...]]:
    """Every combination of a sweep's settings, the first setting varying slowest."""
    axes = [_sweep_axis(text, lang) for text in settings]
    count = 1
    for _, values in axes:  # by arithmetic: len() of a range of more than sys.maxsize values fails
        count *= (values.stop - values.start - 1) // values.step + 1 if isinstance(values, range) else len(values)
    if count > MAX_COMBINATIONS:
        raise UsageError(_say(lang, "many", count=count, limit=MAX_COMBINATIONS))
    return [tuple(f"{key}={value}" for (key, _), value in zip(axes, chosen))
            for chosen in itertools.product(*[values for _, values in axes])]
