"""Safe, located reading of the YAML that people write: rule files, scenarios.

PyYAML's `safe_load` is safe from code execution but not from mistakes and hostility: aliases
expand into shared structures that explode when walked, deep nesting overflows the stack, some
scalars raise exceptions outside `yaml.YAMLError`, and YAML 1.1 turns `no` into False and `010`
into 8. This reader composes the node graph itself with limits, refuses anchors, aliases and
explicit tags, resolves plain scalars by a small YAML 1.2-like rule (only `true`/`false`, `null`
and plain decimal integers are not text), and keeps the location of every value and key so
that later checks can point at the exact line and column.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
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
from .files import NotRegularFile, read_limited, words as file_words

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
_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


@dataclass
class Document:
    """A YAML mapping read from a file, with the location of every value and key in it."""

    file: str
    data: dict[str, Any]
    lines: list[str]
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    plain: set[Path_] = field(default_factory=set)

    def where(self, path: Path_, key: bool = False) -> Location:
        """The location of the value (or key) at `path`, or of its nearest located ancestor."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path and path not in self.values:
            path = path[:-1]
        return self.values.get(path, Location(self.file, 1, 1, self.lines[0] if self.lines else ""))


class _Refused(Exception):
    def __init__(self, mark: yaml.Mark, message: str):
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
            raise _Refused(event.start_mark, "anchors and aliases are not allowed here; use `extends` to share rules")
        self._depth += 1
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(event.start_mark, f"more than {MAX_NODES} values in one file")
        if self._depth > MAX_DEPTH:
            raise _Refused(event.start_mark, f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


EMPTY_RULES = "file is empty: expected a mapping of rules"
EMPTY_SCENARIO = "file is empty: it holds no scenario"


def read_yaml_file(path: str | Path, display: str | None = None, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from a file, raising RuleFileError with a location on any problem
    (`empty`: what is said of an empty file)."""
    name = display or str(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except NotRegularFile:
        raise RuleFileError([Problem(Location(name, 1, 1), file_words("en")["not_regular_read"].format(path=name))]) from None
    except IsADirectoryError:
        raise RuleFileError([Problem(Location(name, 1, 1), file_words("en")["is_folder"].format(path=name))]) from None
    except OSError as exc:
        raise RuleFileError([Problem(Location(name, 1, 1), f"cannot read file: {exc.strerror or exc}")]) from None
    return read_yaml_bytes(raw, name, empty)


def read_yaml_bytes(raw: bytes, name: str, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from bytes; see read_yaml_file."""
    if len(raw) > MAX_BYTES:
        raise _error(name, [], 1, 1, f"file is larger than {MAX_BYTES // 1024} KiB")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        lines = [_FORBIDDEN.sub("\ufffd", line) for line in raw.decode("utf-8", "replace").splitlines()]
        raise _error(name, lines, line, column, f"file is not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be decoded") from None
    return read_yaml_text(text, name, empty)


def read_yaml_text(text: str, name: str, empty: str = EMPTY_RULES) -> Document:
    """Read a YAML mapping from text; see read_yaml_file."""
    # the lines as messages quote them: a character the terminal would act on is shown as U+FFFD
    lines = [_FORBIDDEN.sub("\ufffd", line) for line in text.splitlines()]
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # PyYAML's reader checks every character here, before parsing
        root = loader.get_single_node()
    except _Refused as exc:
        raise _error(name, lines, exc.mark.line + 1, exc.mark.column + 1, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(part for part in (exc.context, exc.problem) if part)
        if "\t" in message or "'\\t'" in message:
            message += " (indent with spaces, not tabs)"
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise _error(name, lines, line, column, f"YAML syntax: {message}") from None
    except yaml.YAMLError as exc:  # ReaderError: a character YAML does not allow
        position = getattr(exc, "position", 0) or 0
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        character = getattr(exc, "character", None)
        if isinstance(character, int):
            message = f"character {_codepoint(character)} is not allowed in YAML (a control character or a non-character)"
        else:
            message = f"YAML: {getattr(exc, 'reason', None) or exc}"
        raise _error(name, lines, line, column, message) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        raise _error(name, lines, 1, 1, empty)
    doc = Document(name, {}, lines)
    builder = _Builder(doc)
    data = builder.build(root, ())
    if builder.problems:
        raise RuleFileError(builder.problems)
    if not isinstance(data, dict):
        raise _error(name, lines, root.start_mark.line + 1, root.start_mark.column + 1,
                     f"the top level must be a mapping of keys, not a {_kind(root)}")
    doc.data = data
    return doc


class _Builder:
    """Turns composed nodes into plain data, recording locations and collecting problems."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []

    def location(self, node: Node) -> Location:
        line = node.start_mark.line
        source = self.doc.lines[line] if line < len(self.doc.lines) else ""
        return Location(self.doc.file, line + 1, node.start_mark.column + 1, source)

    def complain(self, node: Node, message: str) -> None:
        self.problems.append(Problem(self.location(node), message))

    def build(self, node: Node, path: Path_) -> Any:
        self.doc.values[path] = self.location(node)
        if node.tag != _IMPLICIT and not (isinstance(node, ScalarNode) and node.tag == _STR_TAG):
            self.complain(node, f"explicit YAML tag {node.tag!r} is not allowed; write the plain value")
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
                self.complain(key_node, "a key must be a plain name")
                continue
            key = key_node.value
            bad = _FORBIDDEN.search(key)
            if bad:
                self.complain(key_node, f"character {_codepoint(ord(bad.group()))} is not allowed in a key")
                continue
            if key == "<<" and key_node.style is None:
                self.complain(key_node, "merge keys (<<) are not allowed; use `extends` to share rules")
                continue
            if key in result:
                first = self.doc.keys[path + (key,)]
                self.complain(key_node, f"duplicate key {key!r} (first defined at line {first.line})")
                continue
            self.doc.keys[path + (key,)] = self.location(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    def scalar(self, node: ScalarNode, path: Path_) -> Any:
        text = node.value
        bad = _FORBIDDEN.search(text)
        if bad:
            self.complain(node, f"character {_codepoint(ord(bad.group()))} is not allowed in a value "
                                "(a control character or a non-character, here from an escape)")
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
                self.complain(node, f"integer with {len(text.lstrip('+-'))} digits is too large (at most {MAX_INT_DIGITS})")
                return None
            return int(text)
        return text


def _codepoint(code: int) -> str:
    return f"U+{code:04X}"


def _kind(node: Node) -> str:
    kinds: dict[type[Node], str] = {MappingNode: "mapping", SequenceNode: "list"}
    return kinds.get(type(node), "single value")


def _error(name: str, lines: list[str], line: int, column: int, message: str) -> RuleFileError:
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return RuleFileError([Problem(Location(name, line, column, source), message)])


def looks_like_yaml11(text: str) -> str | None:
    """What YAML 1.1 would have made of a plain scalar we kept as text, to explain a type error."""
    lowered = text.lower()
    if lowered in ("yes", "no", "on", "off", "y", "n"):
        return "a yes/no word is text here; write true or false"
    if _LONG_INT.match(text):
        return "a number with a leading zero is text here; write it without the zero"
    if re.match(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\Z", text):
        return "a colon-separated number is text here, not a count"
    if re.match(r"[-+]?([0-9][0-9_]*)?\.[0-9]*([eE][-+]?[0-9]+)?\Z", text):
        return "decimals are not used in rule files; write a whole number"
    return None
