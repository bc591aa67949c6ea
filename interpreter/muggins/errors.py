"""The exceptions muggins raises, one per kind of failure, each carrying where the input was.

Errors are raised at the boundary where input enters (a rule file, an expression, a move, a
record); the CLI turns them into one-line messages and exit codes, never tracebacks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

CARET_WINDOW = 100  # characters of a long source line shown around the caret


def visible(text: object) -> str:
    """`text` as shown back to a person: a control character (a NUL, an escape, a line break) as
    its escape, so nothing typed (or read from a file) acts on the terminal or breaks a one-line message."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in str(text))


@dataclass(frozen=True)
class Location:
    """A place in a text file: 1-based line and column, with the line's text for a caret; line 0
    for the file as a whole (a name that names no file has no line to point at)."""

    file: str
    line: int
    column: int
    source_line: str = ""
    # for a value written over several lines: where each of its lines starts, (offset in the value, location)
    pieces: tuple[tuple[int, Location], ...] = field(default=(), compare=False, repr=False)

    def __str__(self) -> str:
        file = visible(self.file)  # a file named in a record or a save may hold an escape sequence
        return f"{file}:{self.line}:{self.column}" if self.line else file

    def at(self, offset: int) -> Location | None:
        """Where character `offset` of the value written here stands, when it is written over
        several lines (None when it is not: the caller finds its place in the one source line)."""
        before = [piece for piece in self.pieces if piece[0] <= offset]
        if not before:
            return None
        start, where = before[-1]
        return Location(where.file, where.line, where.column + offset - start, where.source_line)

    def caret(self) -> str:
        """The source line with a caret under the column, indented, or '' without a line."""
        if not self.source_line:
            return ""
        text = self.source_line.rstrip("\n").expandtabs(1)
        start = max(0, self.column - 1 - CARET_WINDOW // 2)
        shown = text[start:start + CARET_WINDOW]
        prefix = "..." if start else ""
        suffix = "..." if start + CARET_WINDOW < len(text) else ""
        return f"    {prefix}{shown}{suffix}\n    {' ' * (len(prefix) + self.column - 1 - start)}^"


class MugginsError(Exception):
    """Base of every error muggins reports to a person."""

    def said(self, lang: str) -> str:
        """The message in `lang`: in its words there when it was made from a `messages.Said`,
        else as it was written."""
        from .messages import said_in
        return str(said_in(self.args[0], lang)) if self.args else str(self)


class RuleFileError(MugginsError):
    """A rule or scenario file that cannot be used; carries every problem found, each located."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.location.file, p.location.line, p.location.column))
        super().__init__(self.problems[0].one_line() if self.problems else "invalid rule file")

    def report(self, lang: str = "en") -> str:
        """Every problem in `lang`: a located line each, with the source line and a caret where known."""
        return "\n".join(p.report(lang) for p in self.problems)

    def said(self, lang: str) -> str:
        return self.problems[0].one_line(lang) if self.problems else super().said(lang)

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its problems, not its message, so it crosses process boundaries intact
        return type(self), (self.problems,), self.__dict__


@dataclass(frozen=True)
class Problem:
    """One located complaint about an input file. The message is a `messages.Said`, in English
    as a string and in each language through `one_line` and `report`."""

    location: Location
    message: str

    def one_line(self, lang: str = "en") -> str:
        from .messages import said_in
        return f"{self.location}: {said_in(self.message, lang)}"

    def report(self, lang: str = "en") -> str:
        caret = self.location.caret()
        return self.one_line(lang) + ("\n" + caret if caret else "")


class ExpressionError(RuleFileError):
    """An expression in a rule file that does not parse, names an unknown value or mistypes one."""


class RuleError(MugginsError):
    """A rule that failed while a game ran, such as a division by zero in a formula."""


class IllegalMoveError(MugginsError, ValueError):
    """A move the rules do not allow in this state; the message names the rule it breaks."""

    # Set by messages.illegal: the reason's key in messages.REASONS and the values its text takes.
    key: str | None = None
    params: Mapping[str, Any] = MappingProxyType({})

    def said(self, lang: str) -> str:
        from .messages import reason
        return reason(self, lang)


class RecordError(MugginsError):
    """A game record or save file that cannot be read, or does not match its rules."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (or SIGHUP, a closed terminal), raised where the program is: every cleanup that runs
    for Ctrl-C (saving a game at the terminal, stopping simulation workers) runs for it too, and
    the exit status is 128 plus the signal's number (143, 129)."""

    def __init__(self, status: int = 143):
        super().__init__(status)
        self.status = status


def one_line(exc: BaseException, lang: str) -> str:
    """An error as one line in `lang`, for a game that stops on it: ours in their own words there,
    any other with its kind (a fault of ours), at most 300 characters."""
    text = exc.said(lang) if isinstance(exc, MugginsError) else f"{type(exc).__name__}: {exc}"
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:297] + "..."
