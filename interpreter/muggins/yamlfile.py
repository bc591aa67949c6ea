"""Safe, located reading of the YAML that people write: rule files, scenarios.

PyYAML's `safe_load` is safe from code execution but not from mistakes and hostility: aliases
expand into shared structures that explode when walked, deep nesting overflows the stack, some
scalars raise exceptions outside `yaml.YAMLError`, and YAML 1.1 turns `no` into False and `010`
into 8. This reader composes the node graph itself with limits, refuses anchors, aliases and
explicit tags, resolves plain scalars by a small YAML 1.2-like rule (only `true`/`false`, `null`
or `~` or nothing, and plain decimal integers are not text), and keeps the location of every value and key so
that later checks can point at the exact line and column.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from .errors import Location, Problem, RuleFileError
from .files import NotRegularFile, read_limited, reason, words as file_words
from .messages import Said, say

MAX_BYTES = 1 << 20
MAX_DEPTH = 64
MAX_NODES = 10_000  # values, keys and items in one file: the built-in rule files hold about 100
MAX_INT_DIGITS = 18

Path_ = tuple  # a path into the data: keys and list indexes

_IMPLICIT = "tag:muggins,2026:implicit"
_STR_TAG = "tag:yaml.org,2002:str"
_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)\Z")
_LONG_INT = re.compile(r"[-+]?[0-9]+\Z")
# What an escape in a quoted scalar can produce but a rule file has no use for: control characters
# other than tab and line breaks, lone surrogates (which cannot even be printed) and non-characters.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_NULLS = {"", "~", "null"}  # README: `null`, `~` or nothing (so `Null` stays text, as `True` does)
_BOOLS = {"true": True, "false": False}  # README: only `true`/`false` (so `True`, `yes`, `on` stay text)

# What is wrong with the YAML of a file, in both languages (keys, tags and values as written).
WORDS = {
    "en": {
        "unreadable": "cannot read file: {reason}",
        "too_large": "file is larger than {kib} KiB",
        "not_utf8": "file is not UTF-8 text: byte 0x{byte:02x} cannot be decoded",
        "alias": "anchors and aliases are not allowed here; use `extends` to share rules",
        "too_many": "more than {most} values in one file",
        "too_deep": "nesting deeper than {most} levels",
        "syntax": "YAML syntax: {message}",
        "unclosed_quote": "the quote {sign} opened here is never closed: end the text with another {sign}",
        "unclosed_flow": "a `{sign}` opened here is never closed: end what it holds with `{close}`",
        "open_flow": "a `{sign}` opened here is still open at line {line}: end what it holds with `{close}` "
                     "and separate its entries with commas",
        "no_colon": "`{key}` needs a colon after it (`{fixed}`)",
        "fullwidth_colon": "'：' is a full-width colon, not a colon: write `{key}:` with an ordinary colon",
        "colon_space": "a colon after a key needs a space after it: write `{key}: {value}`",
        "colon_in_value": "a colon followed by a space cannot stand inside a value: put the value in quotes if the "
                          "colon belongs to it, or see whether the line above lacks a colon",
        "indent_key": "this key is indented differently from the keys before it: line it up with the keys of its "
                      "mapping",
        "indent_item": "this list item is indented differently from the items before it: line it up with them",
        "key_in_list": "a key among the items of a list, each of which starts with `- `: start it with `- ` too, or "
                       "indent it as the keys outside the list",
        "item_in_mapping": "a list item (`- `) among the keys of a mapping: a list goes under a key of its own "
                           "(`key:`, then its `- ` items indented under it)",
        "directive": "a line starting with `%` is a YAML directive, which must be followed by a line `---`: remove it "
                     "(a comment starts with `#`)",
        "tabs": "{message} (indent with spaces, not tabs)",
        "character": "character {code} is not allowed in YAML (a control character or a non-character)",
        "yaml": "YAML: {message}",
        "empty": "file is empty: expected a mapping of rules",
        "empty_scenario": "file is empty: it holds no scenario",
        "top_level": "the top level must be a mapping of keys, not a {kind}",
        "kind:mapping": "mapping", "kind:list": "list", "kind:scalar": "single value",
        "tag": "explicit YAML tag {tag!r} is not allowed; write the plain value",
        "plain_key": "a key must be a plain name",
        "key_character": "character {code} is not allowed in a key",
        "merge_key": "merge keys (<<) are not allowed; use `extends` to share rules",
        "duplicate": "duplicate key {key!r} (first defined at line {line})",
        "value_character": "character {code} is not allowed in a value (a control character or a non-character, "
                           "here from an escape)",
        "huge_integer": "integer with {digits} digits is too large (at most {most})",
        "yes_no": "a yes/no word is text here; write true or false",
        "capital_bool": "only true and false in lowercase are booleans; write {lower}",
        "capital_null": "only null in lowercase is null; write null",
        "leading_zero": "a number with a leading zero is text here; write it without the zero",
        "colon": "a colon-separated number is text here, not a count",
        "decimal": "decimals are not used in rule files; write a whole number",
    },
    "es": {
        "unreadable": "no se puede leer el fichero: {reason}",
        "too_large": "el fichero ocupa más de {kib} KiB",
        "not_utf8": "el fichero no es texto UTF-8: el byte 0x{byte:02x} no se puede descodificar",
        "alias": "aquí no se admiten anclas ni alias; usa `extends` para compartir reglas",
        "too_many": "más de {most} valores en un solo fichero",
        "too_deep": "anidamiento de más de {most} niveles",
        "syntax": "sintaxis YAML: {message}",
        "unclosed_quote": "la comilla {sign} que se abre aquí nunca se cierra: termina el texto con otra {sign}",
        "unclosed_flow": "la `{sign}` que se abre aquí nunca se cierra: termina lo que contiene con `{close}`",
        "open_flow": "la `{sign}` que se abre aquí sigue abierta en la línea {line}: termina lo que contiene con "
                     "`{close}` y separa sus entradas con comas",
        "no_colon": "a `{key}` le faltan los dos puntos detrás (`{fixed}`)",
        "fullwidth_colon": "'：' son dos puntos de ancho completo, no dos puntos: escribe `{key}:` con los dos puntos "
                           "normales",
        "colon_space": "los dos puntos tras una clave necesitan un espacio detrás: escribe `{key}: {value}`",
        "colon_in_value": "unos dos puntos seguidos de un espacio no pueden ir dentro de un valor: pon el valor entre "
                          "comillas si los dos puntos son parte de él, o mira si a la línea de arriba le faltan los "
                          "dos puntos",
        "indent_key": "esta clave tiene otra sangría que las claves de antes: alinéala con las claves de su "
                      "diccionario",
        "indent_item": "este elemento de lista tiene otra sangría que los elementos de antes: alinéalo con ellos",
        "key_in_list": "una clave entre los elementos de una lista, que empiezan cada uno con `- `: empiézala también "
                       "con `- `, o sángrala como las claves de fuera de la lista",
        "item_in_mapping": "un elemento de lista (`- `) entre las claves de un diccionario: una lista va bajo una "
                           "clave propia (`clave:` y debajo, sangrados, sus elementos `- `)",
        "directive": "una línea que empieza con `%` es una directiva de YAML, tras la que debe ir una línea `---`: "
                     "quítala (un comentario empieza con `#`)",
        "tabs": "{message} (sangra con espacios, no con tabuladores)",
        "character": "el carácter {code} no se admite en YAML (un carácter de control o un no-carácter)",
        "yaml": "YAML: {message}",
        "empty": "el fichero está vacío: se esperaba un diccionario de reglas",
        "empty_scenario": "el fichero está vacío: no contiene ningún escenario",
        "top_level": "el nivel superior debe ser un diccionario de claves, no {kind}",
        "kind:mapping": "un diccionario", "kind:list": "una lista", "kind:scalar": "un valor suelto",
        "tag": "no se admite la etiqueta YAML explícita {tag!r}; escribe el valor tal cual",
        "plain_key": "una clave debe ser un nombre simple",
        "key_character": "el carácter {code} no se admite en una clave",
        "merge_key": "no se admiten claves de fusión (<<); usa `extends` para compartir reglas",
        "duplicate": "clave repetida {key!r} (definida antes en la línea {line})",
        "value_character": "el carácter {code} no se admite en un valor (un carácter de control o un no-carácter, "
                           "aquí salido de una secuencia de escape)",
        "huge_integer": "un entero de {digits} cifras es demasiado grande (como mucho {most})",
        "yes_no": "aquí una palabra de sí/no es texto; escribe true o false",
        "capital_bool": "solo true y false en minúsculas son booleanos; escribe {lower}",
        "capital_null": "solo null en minúsculas es nulo; escribe null",
        "leading_zero": "aquí un número con un cero delante es texto; escríbelo sin el cero",
        "colon": "aquí un número separado por dos puntos es texto, no una cantidad",
        "decimal": "los ficheros de reglas no usan decimales; escribe un número entero",
    },
}

# PyYAML's own messages (its format strings, %r and %s the parts it fills in) and how they are
# said in Spanish; the parts are YAML's own signs and names, shown as PyYAML writes them.
_PYYAML_ES = [
    ("while scanning for the next token", "al buscar el siguiente elemento"),
    ("found character %r that cannot start any token", "se encontró el carácter %r, que no puede empezar ningún elemento"),
    ("while scanning a simple key", "al leer una clave simple"),
    ("could not find expected ':'", "no se encontró el ':' esperado"),
    ("while scanning a quoted scalar", "al leer un valor entre comillas"),
    ("while scanning a double-quoted scalar", "al leer un valor entre comillas dobles"),
    ("found unexpected end of stream", "el fichero termina inesperadamente"),
    ("found unexpected document separator", "se encontró un separador de documentos inesperado"),
    ("found unknown escape character %r", "se encontró un carácter de escape desconocido %r"),
    ("expected escape sequence of %s hexadecimal numbers, but found %r",
     "se esperaba una secuencia de escape de %s cifras hexadecimales, pero se encontró %r"),
    ("while scanning a block scalar", "al leer un valor de bloque"),
    ("expected chomping or indentation indicators, but found %r",
     "se esperaban indicadores de recorte o de sangría, pero se encontró %r"),
    ("expected indentation indicator in the range 1-9, but found 0",
     "se esperaba un indicador de sangría entre 1 y 9, pero se encontró 0"),
    ("expected a comment or a line break, but found %r", "se esperaba un comentario o un salto de línea, pero se encontró %r"),
    ("while scanning a directive", "al leer una directiva"),
    ("expected alphabetic or numeric character, but found %r", "se esperaba una letra o una cifra, pero se encontró %r"),
    ("expected a digit, but found %r", "se esperaba una cifra, pero se encontró %r"),
    ("expected a digit or '.', but found %r", "se esperaba una cifra o '.', pero se encontró %r"),
    ("expected a digit or ' ', but found %r", "se esperaba una cifra o ' ', pero se encontró %r"),
    ("expected ' ', but found %r", "se esperaba ' ', pero se encontró %r"),
    ("expected '!', but found %r", "se esperaba '!', pero se encontró %r"),
    ("expected '>', but found %r", "se esperaba '>', pero se encontró %r"),
    ("expected URI, but found %r", "se esperaba un URI, pero se encontró %r"),
    ("expected URI escape sequence of 2 hexadecimal numbers, but found %r",
     "se esperaba una secuencia de escape de URI de 2 cifras hexadecimales, pero se encontró %r"),
    ("while scanning an anchor", "al leer un ancla"),
    ("while scanning an alias", "al leer un alias"),
    ("while scanning a tag", "al leer una etiqueta"),
    ("while parsing a tag", "al analizar una etiqueta"),
    ("mapping values are not allowed here", "aquí no se admiten valores de diccionario"),
    ("mapping keys are not allowed here", "aquí no se admiten claves de diccionario"),
    ("sequence entries are not allowed here", "aquí no se admiten elementos de lista"),
    ("while parsing a block mapping", "al analizar un diccionario de bloque"),
    ("while parsing a block collection", "al analizar una colección de bloque"),
    ("while parsing a flow sequence", "al analizar una lista entre corchetes"),
    ("while parsing a flow mapping", "al analizar un diccionario entre llaves"),
    ("while parsing a block node", "al analizar un nodo de bloque"),
    ("while parsing a flow node", "al analizar un nodo entre corchetes o llaves"),
    ("while parsing a node", "al analizar un nodo"),
    ("expected <block end>, but found %r", "se esperaba el final del bloque (<block end>), pero se encontró %r"),
    ("expected the node content, but found %r", "se esperaba el contenido del nodo, pero se encontró %r"),
    ("expected ',' or ']', but got %r", "se esperaba ',' o ']', pero se encontró %r"),
    ("expected ',' or '}', but got %r", "se esperaba ',' o '}', pero se encontró %r"),
    ("expected '<document start>', but found %r", "se esperaba el inicio de un documento ('---'), pero se encontró %r"),
    ("expected a single document in the stream", "se esperaba un solo documento en el fichero,"),
    ("but found another document", "pero se encontró otro"),
    ("found undefined tag handle %r", "se encontró un prefijo de etiqueta sin definir %r"),
    ("found duplicate YAML directive", "se encontró la directiva YAML repetida"),
    ("found incompatible YAML document (version 1.* is required)",
     "se encontró un documento YAML incompatible (hace falta la versión 1.*)"),
    ("duplicate tag handle %r", "prefijo de etiqueta repetido %r"),
    ("invalid indentation or unclosed '[' or '{'", "sangría no válida o '[' o '{' sin cerrar"),
]


@dataclass
class Document:
    """A YAML mapping read from a file, with the location of every value and key in it."""

    file: str
    data: dict[str, Any]
    lines: list[str]
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    plain: set[Path_] = field(default_factory=set)
    # the files its values come from, the one read first (that extends the next) first: this file
    # alone, unless `extends` laid it over others
    chain: tuple[str, ...] = ()

    def read_after(self, file: str) -> tuple[str, ...]:
        """The files of the chain read before `file`: those that changed what `file` set."""
        chain = self.chain or (self.file,)
        return chain[:chain.index(file)] if file in chain else ()

    def where(self, path: Path_, key: bool = False) -> Location:
        """The location of the value (or key) at `path`, or of its nearest located ancestor."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path and path not in self.values:
            path = path[:-1]
        return self.values.get(path, Location(self.file, 1, 1, self.lines[0] if self.lines else ""))

    def copy(self) -> Document:
        """The same document, with nothing in it shared that a reader could change (locations are
        frozen)."""
        return replace(self, data=_copied(self.data), lines=list(self.lines), values=dict(self.values),
                       keys=dict(self.keys), plain=set(self.plain))


def _copied(value: Any) -> Any:
    """A value read from YAML, its mappings and lists copied (the rest is text, numbers, truths)."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


class _Refused(Exception):
    def __init__(self, mark: yaml.Mark, message: Said):
        self.mark = mark
        self.message = message


class _Loader(Reader, Scanner, Parser, Composer, BaseResolver):
    """PyYAML's pure-Python composer, with aliases refused and nesting bounded."""

    def __init__(self, text: str):
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        BaseResolver.__init__(self)
        self._depth = 0
        self._nodes = 0

    def resolve(self, kind, value, implicit):  # noqa: D102 - PyYAML hook
        return _IMPLICIT

    def compose_node(self, parent, index):  # noqa: D102 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(event.start_mark, say(WORDS, "alias"))
        self._depth += 1
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(event.start_mark, say(WORDS, "too_many", most=MAX_NODES))
        if self._depth > MAX_DEPTH:
            raise _Refused(event.start_mark, say(WORDS, "too_deep", most=MAX_DEPTH))
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


EMPTY_RULES, EMPTY_SCENARIO = "empty", "empty_scenario"  # what is said of an empty file: a key of WORDS


def read_yaml_file(path: str | Path, display: str | None = None, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from a file, raising RuleFileError with a location on any problem
    (`empty`: the key of WORDS saying what an empty file lacks)."""
    name = display or str(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except NotRegularFile:
        raise RuleFileError([Problem(Location(name, 0, 0), _file_said("not_regular_read", name))]) from None
    except IsADirectoryError:
        raise RuleFileError([Problem(Location(name, 0, 0), _file_said("is_folder", name))]) from None
    except OSError as exc:
        why = Said(reason(exc), es=reason(exc, "es"))
        raise RuleFileError([Problem(Location(name, 0, 0), say(WORDS, "unreadable", reason=why))]) from None
    return read_yaml_bytes(raw, name, empty)


def _file_said(key: str, name: str) -> Said:
    """One of the file readers' texts (`files.words`) about `name`, in every language."""
    return Said(file_words("en")[key].format(path=name), es=file_words("es")[key].format(path=name))


def read_yaml_bytes(raw: bytes, name: str, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from bytes; see read_yaml_file."""
    if len(raw) > MAX_BYTES:
        raise _error(name, [], 1, 1, say(WORDS, "too_large", kib=MAX_BYTES // 1024))
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        lines = [_FORBIDDEN.sub("\ufffd", line) for line in raw.decode("utf-8", "replace").splitlines()]
        raise _error(name, lines, line, column, say(WORDS, "not_utf8", byte=raw[exc.start])) from None
    return read_yaml_text(text, name, empty)


# texts read already in this process, each with its name: a rule file's base is read again by every
# file that extends it, a scenario's rules by every scenario, and reading a text takes milliseconds
# (PyYAML's pure-Python reader, which this module steps into to refuse aliases and bound nesting)
# where copying what was read takes a hundredth of that. Only short texts are kept (the built-in
# rule files are under 5 KiB; what a long one keeps, a location for each line, grows with it), the
# oldest dropped first.
_READ: dict[tuple[str, str, str], Document] = {}
READ_KEPT = 32
READ_LONGEST = 16 * 1024  # characters of a text kept: its document takes tens of bytes a character
_READING = threading.Lock()


def read_yaml_text(text: str, name: str, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from text; see read_yaml_file."""
    if len(text) > READ_LONGEST:
        return _read_text(text, name, empty)
    key = (text, name, empty)
    with _READING:
        doc = _READ.get(key)
    if doc is None:
        doc = _read_text(text, name, empty)
        with _READING:  # a simulation's workers may be threads of one process
            if len(_READ) >= READ_KEPT:
                del _READ[next(iter(_READ))]
            _READ[key] = doc
    return doc.copy()


def _read_text(text: str, name: str, empty: str) -> Document:
    # the lines as messages quote them: a character the terminal would act on is shown as U+FFFD
    lines = [_FORBIDDEN.sub("\ufffd", line) for line in text.splitlines()]
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # PyYAML's reader checks every character here, before parsing
        root = loader.get_single_node()
    except _Refused as exc:
        raise _error(name, lines, exc.mark.line + 1, exc.mark.column + 1, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        line, column, message = _syntax_problem(exc, lines)
        raise _error(name, lines, line, column, say(WORDS, "syntax", message=message)) from None
    except yaml.YAMLError as exc:  # ReaderError: a character YAML does not allow
        position = getattr(exc, "position", 0) or 0
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        character = getattr(exc, "character", None)
        if isinstance(character, int):
            message = say(WORDS, "character", code=_codepoint(character))
        else:
            message = say(WORDS, "yaml", message=getattr(exc, "reason", None) or exc)
        raise _error(name, lines, line, column, message) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        raise _error(name, lines, 1, 1, say(WORDS, empty))
    doc = Document(name, {}, lines)
    builder = _Builder(doc)
    data = builder.build(root, ())
    if builder.problems:
        raise RuleFileError(builder.problems)
    if not isinstance(data, dict):
        raise _error(name, lines, root.start_mark.line + 1, root.start_mark.column + 1,
                     say(WORDS, "top_level", kind=say(WORDS, _kind(root))))
    doc.data = data
    return doc


class _Builder:
    """Turns composed nodes into plain data, recording locations and collecting problems."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []

    def location(self, node: Node, pieces: tuple[tuple[int, Location], ...] = ()) -> Location:
        line = node.start_mark.line
        source = self.doc.lines[line] if line < len(self.doc.lines) else ""
        return Location(self.doc.file, line + 1, node.start_mark.column + 1, source, pieces)

    def complain(self, node: Node, message: Said) -> None:
        self.problems.append(Problem(self.location(node), message))

    def pieces(self, node: Node) -> tuple[tuple[int, Location], ...]:
        """Where each line of a plain or block value written over several lines starts: (offset in
        the value, location), found by matching the value to the lines it was read from, whose
        indentation and line breaks YAML folded; () when it is on one line or cannot be matched."""
        start, end = node.start_mark, node.end_mark
        if not isinstance(node, ScalarNode) or node.style not in (None, "|", ">") or start.line == end.line:
            return ()
        value, offset, pieces = node.value, 0, []
        first = start.line + 1 if node.style else start.line  # a block value starts after its `|` or `>` line
        for number in range(first, min(end.line + 1, len(self.doc.lines))):
            text = self.doc.lines[number]
            column = start.column if number == start.line else 0
            stop = end.column if number == end.line else len(text)
            while column < stop and text[column] in " \t":
                column += 1
            while offset < len(value) and value[offset] in " \t\n":
                offset += 1
            if column >= stop:
                continue
            if offset >= len(value) or value[offset] != text[column]:
                return ()
            pieces.append((offset, Location(self.doc.file, number + 1, column + 1, text)))
            while column < stop and offset < len(value) and value[offset] == text[column]:
                offset, column = offset + 1, column + 1
            if text[column:stop].strip():
                return ()
        return tuple(pieces)

    def build(self, node: Node, path: Path_) -> Any:
        self.doc.values[path] = self.location(node, self.pieces(node))
        if node.tag != _IMPLICIT and not (isinstance(node, ScalarNode) and node.tag == _STR_TAG):
            self.complain(node, say(WORDS, "tag", tag=node.tag))
            return None
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode), "a composed YAML node is a mapping, a list or a scalar"
        return self.scalar(node, path)

    def mapping(self, node: MappingNode, path: Path_) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag not in (_IMPLICIT, _STR_TAG):
                self.complain(key_node, say(WORDS, "plain_key"))
                continue
            key = key_node.value
            bad = _FORBIDDEN.search(key)
            if bad:
                self.complain(key_node, say(WORDS, "key_character", code=_codepoint(ord(bad.group()))))
                continue
            if key == "<<" and key_node.style is None:
                self.complain(key_node, say(WORDS, "merge_key"))
                continue
            if key in result:
                first = self.doc.keys[path + (key,)]
                self.complain(key_node, say(WORDS, "duplicate", key=key, line=first.line))
                continue
            self.doc.keys[path + (key,)] = self.location(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    def scalar(self, node: ScalarNode, path: Path_) -> Any:
        text = node.value
        bad = _FORBIDDEN.search(text)
        if bad:
            self.complain(node, say(WORDS, "value_character", code=_codepoint(ord(bad.group()))))
            return None
        if node.style is not None or node.tag == _STR_TAG:
            return text
        self.doc.plain.add(path)
        if text in _NULLS:
            return None
        if text in _BOOLS:
            return _BOOLS[text]
        if _INT.match(text):
            if len(text.lstrip("+-")) > MAX_INT_DIGITS:
                self.complain(node, say(WORDS, "huge_integer", digits=len(text.lstrip("+-")), most=MAX_INT_DIGITS))
                return None
            return int(text)
        return text


def _codepoint(code: int) -> str:
    return f"U+{code:04X}"


def _kind(node: Node) -> str:
    """The key of how messages name the kind of a node."""
    kinds: dict[type[Node], str] = {MappingNode: "kind:mapping", SequenceNode: "kind:list"}
    return kinds.get(type(node), "kind:scalar")


# PyYAML complaints (what it was reading, what went wrong) said in plain words instead: the key of
# WORDS, said where the mistake starts (where PyYAML started reading, when it says) rather than
# where PyYAML noticed it, often the end of the file.
_PYYAML_EXPLAINED: dict[tuple[str | None, str | None], str] = {
    ("while scanning a quoted scalar", "found unexpected end of stream"): "unclosed_quote",
    ("while scanning a quoted scalar", "found unexpected document separator"): "unclosed_quote",
    ("while parsing a flow mapping", "expected ',' or '}', but got '<stream end>'"): "unclosed_flow",
    ("while parsing a flow sequence", "expected ',' or ']', but got '<stream end>'"): "unclosed_flow",
    ("while scanning a simple key", "could not find expected ':'"): "no_colon",
    (None, "mapping values are not allowed here"): "colon_in_value",
}

# PyYAML complaints said in plain words where PyYAML noticed them: the line that breaks the
# indentation (PyYAML's own start is that of the mapping or list the line breaks, often the first)
_PYYAML_EXPLAINED_WHERE_NOTICED: dict[tuple[str | None, str | None], str] = {
    ("while parsing a block mapping", "expected <block end>, but found '<block mapping start>'"): "indent_key",
    ("while parsing a block collection", "expected <block end>, but found '?'"): "key_in_list",
    ("while parsing a block mapping", "expected <block end>, but found '-'"): "item_in_mapping",
    ("while parsing a block mapping", "expected <block end>, but found '<block sequence start>'"): "indent_item",
    ("while parsing a block collection", "expected <block end>, but found '<block mapping start>'"): "indent_key",
}


def _syntax_problem(exc: yaml.MarkedYAMLError, lines: list[str]) -> tuple[int, int, Said]:
    """Line, column and words of a YAML syntax error: in plain words and at the sign that starts
    the mistake when it is one we know, else PyYAML's complaint where it noticed it."""
    mark = exc.context_mark or exc.problem_mark
    line, column = (mark.line, mark.column) if mark else (0, 0)
    written = lines[line][column:] if line < len(lines) else ""
    explained = _PYYAML_EXPLAINED.get((exc.context, exc.problem))
    if explained == "no_colon":
        key = written.split(" #")[0].strip()
        if "：" in key:  # a full-width colon, as Chinese and Japanese keyboards type it
            return line + 1, column + key.index("：") + 1, say(WORDS, "fullwidth_colon", key=key.split("：")[0])
        first, _, rest = key.partition(" ")
        if ":" in first:  # `win:100`: the colon is there, the space after it is not
            key, value = key.split(":", 1)
            return line + 1, column + len(key) + 1, say(WORDS, "colon_space", key=key, value=value)
        if first:  # `title Card Muggins`: the key is the first word, the rest its value
            fixed = f"{first}: {rest.strip()}" if rest.strip() else f"{first}:"
            return line + 1, column + 1, say(WORDS, "no_colon", key=first, fixed=fixed)
    elif explained:
        sign = written[:1]
        return line + 1, column + 1, say(WORDS, explained, sign=sign, close="]" if sign == "[" else "}")
    elif exc.problem_mark is not None and _still_open(exc):  # the next lines were read as what it holds
        sign = written[:1]
        return line + 1, column + 1, say(WORDS, "open_flow", sign=sign, close="]" if sign == "[" else "}",
                                         line=exc.problem_mark.line + 1)
    noticed = _PYYAML_EXPLAINED_WHERE_NOTICED.get((exc.context, exc.problem))
    if noticed and exc.problem_mark is not None:
        return exc.problem_mark.line + 1, exc.problem_mark.column + 1, say(WORDS, noticed)
    directive = next((number for number, text in enumerate(lines) if text.startswith("%")), None)
    if directive is not None and (exc.context == "while scanning a directive"
                                  or (exc.problem or "").startswith("expected '<document start>'")):
        return directive + 1, 1, say(WORDS, "directive")
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    return line, column, _pyyaml_message(exc)


def _still_open(exc: yaml.MarkedYAMLError) -> bool:
    """A `{` or `[` whose entries run on past its line without a comma or its closing sign."""
    return (exc.context in ("while parsing a flow mapping", "while parsing a flow sequence")
            and (exc.problem or "").startswith("expected ','") and exc.context_mark is not None
            and exc.problem_mark is not None and exc.problem_mark.line > exc.context_mark.line)


def _pyyaml_message(exc: yaml.MarkedYAMLError) -> Said:
    """PyYAML's complaint (what it was reading, then what went wrong), in both languages."""
    parts = [part for part in (exc.context, exc.problem) if part]
    message = Said(_pyyaml_english(" ".join(parts)), es=" ".join(_pyyaml_spanish(part) for part in parts))
    return say(WORDS, "tabs", message=message) if "\t" in message or "'\\t'" in message else message


# PyYAML's names for where a text ends, as a Spanish reader says them
_PYYAML_TOKENS_ES = {"'<stream end>'": "el final del fichero", "<stream end>": "el final del fichero",
                     "'<block end>'": "el final del bloque", "<block end>": "el final del bloque",
                     "'<document start>'": "el comienzo de un documento", "'<document end>'": "el final de un documento",
                     "'<block mapping start>'": "el comienzo de un diccionario",
                     "'<block sequence start>'": "el comienzo de una lista"}


# PyYAML's names for the text it reads, as a reader of rule files says them
_PYYAML_TOKENS_EN = {"'<stream end>'": "the end of the file", "<stream end>": "the end of the file",
                     "end of stream": "end of the file", "in the stream": "in the file", "scalar": "value",
                     "'<block mapping start>'": "the start of a mapping", "'<block sequence start>'": "the start of a list"}


def _pyyaml_english(text: str) -> str:
    for token, english in _PYYAML_TOKENS_EN.items():
        text = text.replace(token, english)
    return text


def _pyyaml_spanish(text: str) -> str:
    """One of PyYAML's messages in Spanish (as written when it is not one that we know): matched
    as PyYAML wrote it, then the names of what it found said in Spanish."""
    for english, spanish in _PYYAML_ES:
        match = re.fullmatch(re.escape(english).replace("%r", "(.*)").replace("%s", "(.*)"), text, re.DOTALL)
        if match:
            pieces = re.split(r"%[rs]", spanish)  # PyYAML's own words may hold braces: no str.format here
            found = [_pyyaml_tokens_spanish(group) for group in match.groups()]
            return "".join(piece + (group if i < len(found) else "")
                           for i, (piece, group) in enumerate(zip(pieces, [*found, ""])))
    return _pyyaml_tokens_spanish(text)


def _pyyaml_tokens_spanish(text: str) -> str:
    for token, spanish in _PYYAML_TOKENS_ES.items():
        text = text.replace(token, spanish)
    return text


def _error(name: str, lines: list[str], line: int, column: int, message: Said) -> RuleFileError:
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return RuleFileError([Problem(Location(name, line, column, source), message)])


def looks_like_yaml11(text: str) -> Said | None:
    """What YAML 1.1 would have made of a plain scalar we kept as text, to explain a type error."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return say(WORDS, "capital_bool", lower=lowered)
    if lowered == "null":
        return say(WORDS, "capital_null")
    if lowered in ("yes", "no", "on", "off", "y", "n"):
        return say(WORDS, "yes_no")
    if _LONG_INT.match(text):
        return say(WORDS, "leading_zero")
    if re.match(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\Z", text):
        return say(WORDS, "colon")
    if re.match(r"[-+]?([0-9][0-9_]*)?\.[0-9]*([eE][-+]?[0-9]+)?\Z", text):
        return say(WORDS, "decimal")
    return None
