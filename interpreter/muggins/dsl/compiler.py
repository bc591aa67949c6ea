"""Compile rule-file expressions into Python callables, checked once at load time.

An expression is parsed by the Lark grammar in `grammar.lark`, its depth is bounded, every name
is checked against the context where the expression is used, every operator against the types
of its operands, and the checked tree becomes Python source built only from our own tokens
(integers, operators and name lookups whose spelling the grammar restricts). The user's text is
never evaluated; the generated function raises RuleError, naming the expression and where it
was written, on a division by zero or an out-of-range result.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import os
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from importlib import resources
from types import CodeType
from typing import Any, Callable, Mapping, Sequence

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import ExpressionError, Location, Problem, RuleError
from ..messages import Said, said_list, say

MAX_LENGTH = 1000       # characters in one expression
MAX_DEPTH = 32          # nesting of the parse tree: parentheses, unary operators, calls
MAX_INT_DIGITS = 18     # digits of an integer literal
RESULT_LIMIT = 2**63 - 1

# What is wrong with an expression, in both languages (names, operators and functions as written).
WORDS = {
    "en": {
        "type:integer": "integer", "type:condition": "condition", "type:list of integers": "list of integers",
        "a:integer": "an integer", "a:condition": "a condition", "a:list of integers": "a list of integers",
        "expression": "expression", "expression_at": "`{path}`",
        "too_long": "{what} is {length} characters long; the limit is {most}",
        "empty": "{what} is empty",
        "result_type": "{what} must be {wanted}, but this is {got}",
        "failure": "{reason} in {source!r}", "failure_at": "{where}: {detail}",
        "failure_with": "{detail}, with {values}",
        "too_deep": "expression nested deeper than {most} levels",
        "wrong_type": "{role} must be {wanted}, but {text!r} is {got}",
        "role:minus": "the operand of unary minus", "role:plus": "the operand of unary plus",
        "role:left": "the left operand of {op!r}", "role:operand": "the operand of {op!r}",
        "role:side": "each side of {op!r}", "role:not": "the operand of not",
        "role:condition": "the condition after 'if'", "role:item": "a list item",
        "long_literal": "integer literal with more than {most} digits",
        "leading_zero": "a number with a leading zero ({text}) is ambiguous; write {value}",
        "unknown_name": "unknown name {name!r}{hint} (available here: {available})",
        "did_you_mean": "; did you mean {close!r}?", "did_you_mean_function": "; did you mean {close}?",
        "none": "none", "nothing": "nothing",
        "by_zero": "division or modulo by zero", "by_zero_always": "division or modulo by zero: {text!r} is always 0",
        "out_of_range": "result out of range",
        "compares": "{op!r} compares {need}, not {left} and {right}",
        "need:in": "an integer 'in' a list", "need:same": "two values of the same type", "need:integers": "two integers",
        "branches": "both branches of 'if ... else' must have one type, not {then} and {otherwise}",
        "unknown_function": "unknown function {name!r}{hint} (available: {names})",
        "takes": "{name}() takes {wanted}; got {got}", "or": " or ",
        "integers": "two or more integers",
        "empty_list": "{name}() of an empty list",
        "step": "{name}() needs a positive step, got {step}",
        "count": "last() needs a count of 0 or more, got {count}",
        "power": "syntax error: there is no power operator; write the multiplication out",
        "character": "syntax error: unexpected character {char!r}{hint}",
        "hint:/": " (use // for whole-number division)", "hint:=": " (use == to compare)", "hint:&": " (use and)",
        "hint:|": " (use or)", "hint:!": " (use not)", "hint:'": " (there is no text value)",
        "hint:,": " (a list is written in square brackets: [15, 30])",
        "hint:[": " (a list has no positions to index: read it with in, sum, count, min, max, distinct, last, "
                  "same_at_end or run_at_end; its last value is sum(last(xs, 1)))",
        "unexpected": "syntax error: unexpected {found!r}{expected}{hint}", "unexpected_end": "syntax error: unexpected end "
        "of expression{expected}", "expected": "; expected {names}",
        "INT": "a number", "NAME": "a name", "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'",
        "MUL_OP": "'*', '//' or '%'", "$END": "the end",
    },
    "es": {
        "type:integer": "entero", "type:condition": "condición", "type:list of integers": "lista de enteros",
        "a:integer": "un entero", "a:condition": "una condición", "a:list of integers": "una lista de enteros",
        "expression": "la expresión", "expression_at": "la expresión de `{path}`",
        "too_long": "{what} tiene {length} caracteres; el límite es {most}",
        "empty": "{what} está vacía",
        "result_type": "{what} debe ser {wanted}, pero es {got}",
        "failure": "{reason} en {source!r}", "failure_at": "{where}: {detail}",
        "failure_with": "{detail}, con {values}",
        "too_deep": "expresión anidada en más de {most} niveles",
        "wrong_type": "{role} debe ser {wanted}, pero {text!r} es {got}",
        "role:minus": "el operando del menos unario", "role:plus": "el operando del más unario",
        "role:left": "el operando izquierdo de {op!r}", "role:operand": "el operando de {op!r}",
        "role:side": "cada lado de {op!r}", "role:not": "el operando de 'not'",
        "role:condition": "la condición que sigue a 'if'", "role:item": "un elemento de una lista",
        "long_literal": "número entero de más de {most} cifras",
        "leading_zero": "un número con un cero delante ({text}) es ambiguo; escribe {value}",
        "unknown_name": "nombre desconocido {name!r}{hint} (disponibles aquí: {available})",
        "did_you_mean": "; ¿querías decir {close!r}?", "did_you_mean_function": "; ¿querías decir {close}?",
        "none": "ninguno", "nothing": "nada",
        "by_zero": "división o módulo entre cero", "by_zero_always": "división o módulo entre cero: {text!r} siempre vale 0",
        "out_of_range": "resultado fuera de rango",
        "compares": "{op!r} compara {need}, no {left} y {right}",
        "need:in": "un entero 'in' una lista", "need:same": "dos valores del mismo tipo", "need:integers": "dos enteros",
        "branches": "las dos ramas de 'if ... else' deben ser del mismo tipo, no {then} y {otherwise}",
        "unknown_function": "función desconocida {name!r}{hint} (disponibles: {names})",
        "takes": "{name}() espera {wanted}; recibe {got}", "or": " o ",
        "integers": "dos o más enteros",
        "empty_list": "{name}() de una lista vacía",
        "step": "{name}() necesita un paso positivo, no {step}",
        "count": "last() necesita una cantidad de 0 o más, no {count}",
        "power": "error de sintaxis: no hay operador de potencia; escribe la multiplicación",
        "character": "error de sintaxis: carácter inesperado {char!r}{hint}",
        "hint:/": " (usa // para la división entera)", "hint:=": " (usa == para comparar)", "hint:&": " (usa 'and')",
        "hint:|": " (usa 'or')", "hint:!": " (usa 'not')", "hint:'": " (no hay valores de texto)",
        "hint:,": " (una lista se escribe entre corchetes: [15, 30])",
        "hint:[": " (una lista no tiene posiciones que indexar: léela con in, sum, count, min, max, distinct, last, "
                  "same_at_end o run_at_end; su último valor es sum(last(xs, 1)))",
        "unexpected": "error de sintaxis: {found!r} inesperado{expected}{hint}", "unexpected_end": "error de sintaxis: "
        "la expresión termina antes de tiempo{expected}", "expected": "; se esperaba {names}",
        "INT": "un número", "NAME": "un nombre", "COMP_OP": "una comparación", "ADD_OP": "'+' o '-'",
        "MUL_OP": "'*', '//' o '%'", "$END": "el final",
    },
}


class Type(Enum):
    """The value types of the expression language."""

    INT = "integer"
    BOOL = "condition"
    LIST = "list of integers"

    @property
    def said(self) -> Said:
        """The type's name, in both languages."""
        return say(WORDS, "type:" + self.value)

    @property
    def article(self) -> Said:
        """The type's name with its article, in both languages."""
        return say(WORDS, "a:" + self.value)


Context = Mapping[str, Type]


@dataclass(frozen=True)
class Expression:
    """A compiled expression: call it with a mapping of the context's names to values."""

    source: str
    type: Type
    names: frozenset[str]
    location: Location | None
    function: Callable[[Mapping[str, Any]], Any] = field(repr=False, compare=False)
    code: str = field(repr=False, compare=False)  # the Python it runs, on `_env` (see `compile_scoring`)
    calls: frozenset[str] = field(default=frozenset(), repr=False, compare=False)  # its calls that never fail

    def __call__(self, env: Mapping[str, Any]) -> Any:
        return self.function(env)


class Table(list):  # entries of any type, some of them _Deferred
    """A `tabulate` result: a list indexed by the value of `name`, the one name its expressions read."""

    name: str = ""


def tabulate(expressions: list[Expression], name: str, values: range,
             combine: Callable[[dict[str, Any]], Any], constants: Mapping[str, Any]) -> Table | None:
    """`combine(env)` for every value of `name`, when the expressions read nothing else but
    `constants` (what a game fixes when it starts, at those values): a lookup table computed once
    when the game is made, for the hot path. A value whose evaluation fails is stored as its error
    and raised only if a game ever reaches it. None when not tabulable."""
    readable = {name, *constants}
    if any(not expression.names <= readable for expression in expressions):
        return None
    table = Table()
    table.name = name
    for value in values:
        try:
            table.append(combine({**constants, name: value}))
        except RuleError as exc:
            table.append(_Deferred(exc))
    return table


def fails_everywhere(table: list[Any]) -> RuleError | None:
    """The error of a `tabulate` table every entry of which fails, else None. Every value a game
    can reach is in the table, so such a rule fails on every game that reads it: the loader
    refuses it (a rule that fails on some values only stays deferred)."""
    if table and all(type(entry) is _Deferred for entry in table):
        return table[0].error
    return None


class ExpressionFailure(RuleError):
    """The RuleError a compiled expression raises while a game runs (a division by zero, a result
    out of range): `location` is where the expression is written, `reason` what went wrong."""

    location: Location | None = None
    reason: str = ""
    detail: str = ""  # the reason and the expression, without where it is written


def fails_somewhere(table: list[Any]) -> bool:
    """Whether some entry of a `tabulate` table holds an error to raise when it is reached: a fast
    path that cannot raise it at the same moment must leave such rules to the engine."""
    return any(type(entry) is _Deferred for entry in table)


class _Deferred:
    """A table entry whose evaluation failed; looking it up raises the original error."""

    __slots__ = ("error",)

    def __init__(self, error: RuleError):
        self.error = error


def lookup(table: list[Any], index: int) -> Any:
    entry = table[index]
    if type(entry) is _Deferred:
        raise entry.error
    return entry


KEPT = 256  # expression texts whose trees (`parsed`), and generated texts whose code (`_compiled`), are kept
PARSED_LONGEST = 200  # characters of an expression whose tree is kept (the longest allowed makes 0.2 MB)


@lru_cache(maxsize=1)
def expression_parser() -> Lark:
    """The expression parser. Building it takes about 70 ms, so it is cached for later processes,
    but only in the user's own cache folder (a pickle in a folder others can write, such as a
    shared /tmp, would run their code); with no such folder, it is built each time."""
    cache = _parser_cache()
    try:
        return Lark.open_from_package("muggins.dsl", "grammar.lark", parser="lalr", propagate_positions=True,
                                      cache=cache or False)
    except OSError:
        return Lark.open_from_package("muggins.dsl", "grammar.lark", parser="lalr", propagate_positions=True)


def parsed(source: str) -> Tree:
    """The parse tree of an expression: the same text parses the same, and a rule file's
    expressions are parsed again by every check and every file that extends it (read only: no
    one changes a tree), so a short text is parsed once in a process while it is in use."""
    return _parsed_kept(source) if len(source) <= PARSED_LONGEST else _parsed_kept.__wrapped__(source)


@lru_cache(maxsize=KEPT)
def _parsed_kept(source: str) -> Tree:
    return expression_parser().parse(source)


def _parser_cache() -> str | None:
    """A cache file in $XDG_CACHE_HOME/muggins (or ~/.cache/muggins), made private to the user;
    None when there is no such folder that only the user can write."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "muggins")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        status = os.stat(folder)
    except (OSError, ValueError):
        return None
    if status.st_uid != os.getuid() or status.st_mode & 0o022:
        return None
    grammar = resources.files("muggins.dsl").joinpath("grammar.lark").read_bytes()
    return os.path.join(folder, f"grammar-{hashlib.sha256(grammar).hexdigest()[:16]}.lark-cache")


# How terminals are spelled in messages: as written, or in words (WORDS) for those in words.
_SPELLING = {
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "DOT": "'.'",
    "MINUS": "'-'", "PLUS": "'+'", "IN": "'in'", "IF": "'if'", "ELSE": "'else'", "AND": "'and'", "OR": "'or'",
    "NOT": "'not'", "TRUE": "'true'", "FALSE": "'false'",
}
_IN_WORDS = ("INT", "NAME", "COMP_OP", "ADD_OP", "MUL_OP", "$END")


def _spelled(terminal: str) -> Said:
    """How a terminal of the grammar is named in messages."""
    return say(WORDS, terminal) if terminal in _IN_WORDS else Said(_SPELLING.get(terminal, terminal))


def compile_expression(
    source: str | int | bool,
    context: Context,
    expected: Type,
    location: Location | None = None,
    what: Said = say(WORDS, "expression"),
) -> Expression:
    """Parse, check and compile `source` for use where the names in `context` are bound."""
    if isinstance(source, bool):
        source = "true" if source else "false"
    elif isinstance(source, int):
        source = str(source)
    checker = _Checker(source, context, location)
    if len(source) > MAX_LENGTH:
        checker.fail(0, say(WORDS, "too_long", what=what, length=len(source), most=MAX_LENGTH))
    if not source.strip():
        checker.fail(0, say(WORDS, "empty", what=what))
    try:
        tree = parsed(source)
    except UnexpectedInput as exc:
        checker.fail(_offset(source, exc), _syntax_message(source, exc))
    checker.check_depth(tree)
    code, kind = checker.compile(tree)
    if kind is not expected:
        checker.fail(0, say(WORDS, "result_type", what=what, wanted=expected.article, got=kind.article))
    function = _build(source, code, kind, location, checker.names)
    if not checker.names:
        try:
            value = function({})
        except ExpressionFailure as exc:
            checker.fail(0, exc.detail)
        function, code = _constant(value), repr(value)
    return Expression(source, kind, frozenset(checker.names), location, function, code, frozenset(checker.calls))


def _constant(value: Any) -> Callable[[Mapping[str, Any]], Any]:
    return lambda env: value


def _offset(source: str, exc: UnexpectedInput) -> int:
    position: int | None = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedEOF) or position is None:
        return len(source.rstrip())
    return position


def _syntax_message(source: str, exc: UnexpectedInput) -> Said:
    position = _offset(source, exc)
    if source.startswith("**", max(position - 1, 0)) or source.startswith("**", position):
        return say(WORDS, "power")
    if isinstance(exc, UnexpectedCharacters):
        char = source[position]
        hint = "hint:" + ("'" if char == '"' else char)
        return say(WORDS, "character", char=char, hint=say(WORDS, hint) if hint in WORDS["en"] else "")
    expected = sorted({_spelled(name) for name in getattr(exc, "expected", ()) or ()})
    listed = say(WORDS, "expected", names=said_list(expected)) if expected and len(expected) <= 8 else ""
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        # a comma after an operand outside a list or a call, or a bracket after an operand: a list in
        # the wrong brackets, or indexed
        after_operand = exc.token.value == "[" or not {"RPAR", "$END"}.isdisjoint(exc.expected or ())
        hint = "hint:" + exc.token.value if after_operand else ""
        return say(WORDS, "unexpected", found=exc.token.value, expected=listed,
                   hint=say(WORDS, hint) if hint in WORDS["en"] else "")
    return say(WORDS, "unexpected_end", expected=listed)


def fixed_failure(expression: Expression, context: Context, constants: Mapping[str, Any]) -> Problem | None:
    """Where and why `expression` fails whenever it is evaluated with the names of `constants`
    fixed at those values (what a game fixes when it starts: its number of players, its target):
    the checks made at load on constants (a division by zero, a step, a count, a call, the whole
    expression), made again with those names as constants. A part that is evaluated only on a
    condition those values do not decide (a branch of `if ... else`, the right side of `and`) is
    not checked: it may never be reached. None when nothing must fail, or nothing is fixed."""
    fixed = {name: value for name, value in constants.items() if name in expression.names}
    if not fixed:
        return None
    checker = _Checker(expression.source, context, expression.location, fixed)
    try:
        code, kind = checker.compile(parsed(expression.source))
        if not checker.names:
            _build(expression.source, code, kind, expression.location, checker.names)({})
    except ExpressionError as exc:
        return exc.problems[0]
    except ExpressionFailure as exc:
        return Problem(_locate(expression.location, expression.source, 0), exc.reason)
    return None


def always_holds(condition: Expression, context: Context, constants: Mapping[str, Any]) -> bool:
    """Whether `condition` holds whenever the names of `constants` have those values, whatever the
    other names read (`true`; `players == 2` with 2 players): only then are a scoring entry's
    points read in every game that scores, so only then must points that fail fail every game."""
    return _known(condition, context, constants, ordered=False) is True


def decided(condition: Expression, context: Context, constants: Mapping[str, Any]) -> bool | None:
    """What evaluating `condition` gives whenever the names of `constants` have those values,
    whatever the other names read: True, False (`dominoed and ...` with `dominoed` false), or None
    when they do not decide it, when it fails, or when a side of an `and` (`or`) evaluated before
    the one they decide may fail (`100 // x > 0 and dominoed` fails where x is 0, whatever
    `dominoed` is: a scoring entry so written cannot be left out where `dominoed` is false)."""
    return _known(condition, context, constants, ordered=True)


# the aggregates of a list that the same list with one more value gives from the aggregate
# alone and that value (a count, a sum, a largest, a smallest): what `lift` reads as names
AGGREGATES: dict[str, Callable[[tuple[int, ...]], int]] = {"count": len, "sum": sum, "max": max, "min": min}


class LastValues:
    """The aggregate `last(list, count)` for a fixed count: the list with one more value gives it
    from it alone and that value, as for `AGGREGATES`; read from the list's last `count` values."""

    def __init__(self, count: int):
        self.count = count

    def __call__(self, values: tuple[int, ...]) -> tuple[int, ...]:
        return _last(values, self.count)


def lift(expression: Expression, lists: frozenset[str], context: Context) -> Expression | None:
    """`expression` reading each of `lists` only through an aggregate of it (`count(line.pips)`,
    `max(line.pips)`, `last(line.pips, 2)` with a count written as a number), as the same
    expression reading each such aggregate as a name of its own (see `lifted`); the expression
    itself when it reads none of `lists`; None when it reads one otherwise (`3 in line.pips`,
    `last(line.pips, x)`). What the expression gives then depends on a few numbers, not on every
    value of a list that grows all game."""
    if expression.names.isdisjoint(lists):
        return expression
    checker = _Checker(expression.source, context, expression.location, lifted=lists)
    code, kind = checker.compile(parsed(expression.source))
    if not checker.names.isdisjoint(lists):
        return None
    return Expression(expression.source, kind, frozenset(checker.names), expression.location,
                      _build(expression.source, code, kind, expression.location, checker.names), code,
                      frozenset(checker.calls))


def lifted(name: str) -> tuple[Callable[[tuple[int, ...]], Any], str] | None:
    """The aggregate and the list a name made by `lift` reads (`count(line.pips)`: `len`,
    `line.pips`; `last(line.pips, 2)`: `LastValues(2)`, `line.pips`); None for any other name."""
    function, _, rest = name.partition("(")
    if not rest.endswith(")"):
        return None
    if function == "last":
        listed, _, count = rest[:-1].partition(", ")
        return (LastValues(int(count)), listed) if count.isdigit() else None
    if function not in AGGREGATES:
        return None
    return AGGREGATES[function], rest[:-1]


def _known(condition: Expression, context: Context, constants: Mapping[str, Any], ordered: bool) -> bool | None:
    if not condition.names:
        try:
            value = condition({})
        except RuleError:
            return None
        return value if isinstance(value, bool) else None
    fixed = {name: value for name, value in constants.items() if name in condition.names}
    if not fixed:
        return None
    checker = _Checker(condition.source, context, condition.location, fixed, evaluating=True)
    value = checker.known(parsed(condition.source), ordered)
    return value if isinstance(value, bool) else None


class _Checker:
    """Checks a parse tree against a context and turns it into Python source. With `constants`,
    the names they hold are read as those values (see `fixed_failure`); `evaluating`, only the
    code is wanted (a subexpression's value), not the checks."""

    def __init__(self, source: str, context: Context, location: Location | None,
                 constants: Mapping[str, Any] | None = None, evaluating: bool = False,
                 lifted: frozenset[str] = frozenset()):
        self.source = source
        self.lifted = lifted  # the lists read through an aggregate as names of their own (see `lift`)
        self.calls: set[str] = set()  # the code of each call on names alone that never fails (see `compile_scoring`)
        self.context = context
        self.location = location
        self.names: set[str] = set()
        self.constants: Mapping[str, Any] = constants or {}
        self.evaluating = evaluating
        # with constants: whether the node being compiled is evaluated whenever the whole is (not
        # in a branch, or after `and`, those values do not decide); checks on the constants are
        # made only there (those on literals were made at load, wherever they stand)
        self.certain = True

    @property
    def checking(self) -> bool:
        return not self.evaluating and (self.certain or not self.constants)

    def uncertain(self, node: Any, certain: bool = False) -> tuple[str, Type]:
        """Compile `node`, evaluated only when what the constants do not decide allows it."""
        before = self.certain
        self.certain = before and certain
        try:
            return self.compile(node)
        finally:
            self.certain = before

    def known(self, node: Any, ordered: bool) -> Any:
        """The value of a condition as far as the constants decide it (None: not decided): an
        `and` with one side false is false, an `or` with one side true is true. `ordered`, only
        where no side evaluated before that one may fail (see `_may_fail`): the sides are
        evaluated in order, and one that fails fails the whole."""
        value = self.constant(node)
        if value is not None or not isinstance(node, Tree):
            return value
        if node.data in ("and_", "or_"):
            decided = node.data == "or_"
            for child in node.children:
                side = self.known(child, ordered)
                if side is decided:
                    return decided
                if side is None and ordered and _may_fail(child):
                    return None
            return None
        if node.data == "not_":
            inner = self.known(node.children[0], ordered)
            return None if inner is None else not inner
        if node.data == "ternary":
            then, condition, otherwise = node.children
            chosen = self.known(condition, ordered)
            return None if chosen is None else self.known(then if chosen else otherwise, ordered)
        return None

    def fail(self, offset: int, message: str):
        raise ExpressionError([Problem(_locate(self.location, self.source, offset), message)])

    def check_depth(self, tree: Tree) -> None:
        stack: list[tuple[Any, int]] = [(tree, 1)]
        while stack:
            node, depth = stack.pop()
            if depth > MAX_DEPTH:
                self.fail(_start(node), say(WORDS, "too_deep", most=MAX_DEPTH))
            if isinstance(node, Tree):
                stack.extend((child, depth + 1) for child in node.children)

    def compile(self, node: Any) -> tuple[str, Type]:
        if isinstance(node, Token):  # a bare NAME cannot reach here; INT is wrapped in `int`
            raise AssertionError(node)
        return getattr(self, "_" + node.data)(node)

    def expect(self, node: Any, wanted: Type, role: Said) -> str:
        code, kind = self.compile(node)
        if kind is not wanted:
            self.fail(_start(node), say(WORDS, "wrong_type", role=role, wanted=wanted.article,
                                        text=_text(self.source, node), got=kind.article))
        return code

    def _int(self, node: Tree) -> tuple[str, Type]:
        token = _token(node.children[0])
        if len(token.value) > MAX_INT_DIGITS:
            self.fail(_start(token), say(WORDS, "long_literal", most=MAX_INT_DIGITS))
        if len(token.value) > 1 and token.value.startswith("0"):
            # YAML 1.1 and older languages read 010 as eight: refuse to guess which was meant
            self.fail(_start(token), say(WORDS, "leading_zero", text=token.value, value=int(token.value)))
        return str(int(token.value)), Type.INT

    def _true(self, node: Tree) -> tuple[str, Type]:
        return "True", Type.BOOL

    def _false(self, node: Tree) -> tuple[str, Type]:
        return "False", Type.BOOL

    def _name(self, node: Tree) -> tuple[str, Type]:
        name = ".".join(_token(token).value for token in node.children)
        if name not in self.context:
            close = difflib.get_close_matches(name, list(self.context), n=1)
            hint = say(WORDS, "did_you_mean", close=close[0]) if close else ""
            available = ", ".join(sorted(self.context)) or say(WORDS, "none")
            self.fail(_start(node.children[0]), say(WORDS, "unknown_name", name=name, hint=hint, available=available))
        if name in self.constants:
            return f"({self.constants[name]!r})", self.context[name]
        self.names.add(name)
        return f"_env[{name!r}]", self.context[name]

    def _neg(self, node: Tree) -> tuple[str, Type]:
        return f"(-{self.expect(node.children[0], Type.INT, say(WORDS, 'role:minus'))})", Type.INT

    def _pos(self, node: Tree) -> tuple[str, Type]:
        return self.expect(node.children[0], Type.INT, say(WORDS, "role:plus")), Type.INT

    def _arith(self, node: Tree) -> tuple[str, Type]:
        children = node.children
        ops = [_token(op) for op in children[1::2]]
        parts = [self.expect(children[0], Type.INT, say(WORDS, "role:left", op=ops[0].value))]
        for op, operand in zip(ops, children[2::2]):
            parts.append(op.value)
            parts.append(self.expect(operand, Type.INT, say(WORDS, "role:operand", op=op.value)))
            if op.value in ("//", "%") and self.checking and self.constant(operand) == 0:
                text = _text(self.source, operand)
                self.fail(_start(operand), say(WORDS, "by_zero") if text == "0" else say(WORDS, "by_zero_always", text=text))
        return "(" + " ".join(parts) + ")", Type.INT

    def constant(self, node: Any) -> Any:
        """The value of a subexpression that reads no name, or None (also when it fails: what fails
        in a constant is reported where it is used, or when the whole expression is evaluated).
        The last none of a list is the empty list whatever the list (`min(last(pile.values, 0))`)."""
        if _is_call(node, "last") and len(node.children) == 3 and self.constant(node.children[2]) == 0:
            return ()
        checker = _Checker(self.source, self.context, self.location, self.constants, evaluating=True)
        code, _ = checker.compile(node)
        if checker.names:
            return None
        try:
            return eval(code, dict(_NAMESPACE))  # our generated code from checked tokens, no names
        except (_Fault, ArithmeticError):
            return None

    def _compare(self, node: Tree) -> tuple[str, Type]:
        children = node.children
        ops = [_token(op) for op in children[1::2]]
        operands = children[0::2]
        # a chain evaluates an operand after the first two only while the comparisons before hold
        compiled = [self.compile(child) if i < 2 else self.uncertain(child) for i, child in enumerate(operands)]
        for i, op in enumerate(ops):
            (_, left), (_, right) = compiled[i], compiled[i + 1]
            operator = op.value
            if operator == "in":
                ok = left is Type.INT and right is Type.LIST
                need = "need:in"
            elif operator in ("==", "!="):
                ok = left is right
                need = "need:same"
            else:
                ok = left is Type.INT and right is Type.INT
                need = "need:integers"
            if not ok:
                self.fail(_start(op), say(WORDS, "compares", op=operator, need=say(WORDS, need), left=left.article,
                                          right=right.article))
        parts = [compiled[0][0]]
        for op, (code, _) in zip(ops, compiled[1:]):
            parts += [op.value, code]
        return "(" + " ".join(parts) + ")", Type.BOOL

    def _and_(self, node: Tree) -> tuple[str, Type]:
        return self._logic(node, "and")

    def _or_(self, node: Tree) -> tuple[str, Type]:
        return self._logic(node, "or")

    def _logic(self, node: Tree, op: str) -> tuple[str, Type]:
        role = say(WORDS, "role:side", op=op)
        codes = [self.expect(node.children[0], Type.BOOL, role)]
        goes_on = op == "and"  # the value of a side after which the next is evaluated
        certain = True
        for before, child in zip(node.children, node.children[1:]):
            certain = certain and self.constants != {} and not self.evaluating and self.constant(before) is goes_on
            code, kind = self.uncertain(child, certain)
            if kind is not Type.BOOL:
                self.fail(_start(child), say(WORDS, "wrong_type", role=role, wanted=Type.BOOL.article,
                                             text=_text(self.source, child), got=kind.article))
            codes.append(code)
        return "(" + f" {op} ".join(codes) + ")", Type.BOOL

    def _not_(self, node: Tree) -> tuple[str, Type]:
        return f"(not {self.expect(node.children[0], Type.BOOL, say(WORDS, 'role:not'))})", Type.BOOL

    def _ternary(self, node: Tree) -> tuple[str, Type]:
        then, condition, otherwise = node.children
        chosen = self.constant(condition) if self.constants and not self.evaluating else None
        then_code, then_type = self.uncertain(then, chosen is True)
        cond_code = self.expect(condition, Type.BOOL, say(WORDS, "role:condition"))
        else_code, else_type = self.uncertain(otherwise, chosen is False)
        if then_type is not else_type:
            self.fail(_start(otherwise), say(WORDS, "branches", then=then_type.article, otherwise=else_type.article))
        return f"({then_code} if {cond_code} else {else_code})", then_type

    def _list(self, node: Tree) -> tuple[str, Type]:
        items = [self.expect(child, Type.INT, say(WORDS, "role:item")) for child in node.children if child is not None]
        return "(" + "".join(item + ", " for item in items) + ")", Type.LIST

    def lifted_call(self, name: str, args: list[Any]) -> tuple[str, Type] | None:
        """An aggregate of a list `lift` reads as a name of its own (`count(line.pips)`, `last(line.pips, 2)`:
        spelt so whatever the spaces written), or None."""
        listed = ".".join(_token(token).value for token in args[0].children)
        if listed not in self.lifted:
            return None
        count = self.constant(args[1]) if name == "last" and len(args) == 2 else None
        if name in AGGREGATES and len(args) == 1:
            fact, kind = f"{name}({listed})", Type.INT
        elif type(count) is int and count >= 0:
            fact, kind = f"last({listed}, {count})", Type.LIST
        else:
            return None
        self.names.add(fact)
        return f"_env[{fact!r}]", kind

    def _call(self, node: Tree) -> tuple[str, Type]:
        name_token, *args = node.children
        args = [arg for arg in args if arg is not None]
        name = _token(name_token).value
        if name not in _FUNCTIONS:
            close = difflib.get_close_matches(name, list(_FUNCTIONS), n=1)
            hint = say(WORDS, "did_you_mean_function", close=close[0]) if close else ""
            self.fail(_start(name_token), say(WORDS, "unknown_function", name=name, hint=hint,
                                              names=", ".join(sorted(_FUNCTIONS))))
        if self.lifted and args and isinstance(args[0], Tree) and args[0].data == "name":
            lifted = self.lifted_call(name, args)
            if lifted is not None:
                return lifted
        compiled = [self.compile(arg) for arg in args]
        kinds = [kind for _, kind in compiled]
        signatures = _FUNCTIONS[name]
        for params in signatures:
            if kinds == list(params) or (params == ("*INT",) and len(kinds) >= 2 and all(k is Type.INT for k in kinds)):
                break
        else:
            wanted = said_list([_describe(params) for params in signatures], say(WORDS, "or"))
            got = said_list([kind.said for kind in kinds]) if kinds else say(WORDS, "nothing")
            self.fail(_start(name_token), say(WORDS, "takes", name=name, wanted=wanted, got=got))
        self.check_arguments(name, args)
        codes = ", ".join(code for code, _ in compiled)
        call = f"{_IMPLEMENTATION[name]}({codes})"
        if name in _TOTAL_FUNCTIONS and all(isinstance(arg, Tree) and arg.data == "name" for arg in args) and \
                "_env['earned']" not in codes:
            self.calls.add(call)
        return call, _RESULT.get(name, Type.INT)

    def check_arguments(self, name: str, args: list[Any]) -> None:
        """Refuse a call that fails whatever the game: a constant step or count out of range, or
        constant arguments on which the function fails (`min([])`)."""
        if not self.checking:
            return
        if name.startswith("round_") or name == "last":
            value = self.constant(args[1])
            if isinstance(value, int):
                try:
                    _last((), value) if name == "last" else _step(value, name)
                except _Fault as fault:
                    self.fail(_start(args[1]), fault.args[0])
        values = [self.constant(arg) for arg in args]
        if all(value is not None for value in values):
            try:
                _NAMESPACE[_IMPLEMENTATION[name]](*values)  # type: ignore[operator]
            except _Fault as fault:
                self.fail(_start(args[0]) if args else 0, fault.args[0])


def _is_call(node: Any, name: str) -> bool:
    return isinstance(node, Tree) and node.data == "call" and _token(node.children[0]).value == name


def _describe(params: tuple) -> Said:
    if params == ("*INT",):
        return say(WORDS, "integers")
    listed = said_list([p.said for p in params])
    return Said(f"({listed})", **{lang: f"({listed.said(lang)})" for lang in listed.by_lang if lang != "en"})


_FUNCTIONS: dict[str, tuple[tuple, ...]] = {
    "min": ((Type.LIST,), ("*INT",)),
    "max": ((Type.LIST,), ("*INT",)),
    "abs": ((Type.INT,),),
    "sum": ((Type.LIST,),),
    "count": ((Type.LIST,),),
    "round_nearest": ((Type.INT, Type.INT),),
    "round_down": ((Type.INT, Type.INT),),
    "round_up": ((Type.INT, Type.INT),),
    "last": ((Type.LIST, Type.INT),),
    "distinct": ((Type.LIST,),),
    "same_at_end": ((Type.LIST,),),
    "run_at_end": ((Type.LIST,),),
}

# What a call gives when it is not an integer; a list result is never longer than its argument.
_RESULT = {"last": Type.LIST}

_IMPLEMENTATION = {
    "min": "_min", "max": "_max", "abs": "abs", "sum": "sum", "count": "len",
    "round_nearest": "_round_nearest", "round_down": "_round_down", "round_up": "_round_up",
    "last": "_last", "distinct": "_distinct", "same_at_end": "_same_at_end", "run_at_end": "_run_at_end",
}


class _Fault(Exception):
    """Raised inside generated code; turned into a RuleError that names the expression."""


def _min(*values: Any) -> int:
    items = values[0] if len(values) == 1 else values
    if not items:
        raise _Fault(say(WORDS, "empty_list", name="min"))
    return min(items)


def _max(*values: Any) -> int:
    items = values[0] if len(values) == 1 else values
    if not items:
        raise _Fault(say(WORDS, "empty_list", name="max"))
    return max(items)


def _step(step: int, name: str) -> None:
    if step <= 0:
        raise _Fault(say(WORDS, "step", name=name, step=step))


def round_nearest(value: int, step: int) -> int:
    """The nearest multiple of `step`; a value exactly halfway rounds up (for 5: 1-2 down, 3-4 up)."""
    _step(step, "round_nearest")
    quotient, remainder = divmod(value, step)
    return (quotient + (2 * remainder >= step)) * step


def round_down(value: int, step: int) -> int:
    """The largest multiple of `step` not above `value`."""
    _step(step, "round_down")
    return value // step * step


def round_up(value: int, step: int) -> int:
    """The smallest multiple of `step` not below `value`."""
    _step(step, "round_up")
    return -(-value // step) * step


def _last(values: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The last `n` values (all of them when there are fewer): a tuple like list literals and the
    lists games supply, so `==` between lists compares their values. `xs[-n:]` would give the
    whole list for n = 0, hence the explicit start."""
    if n < 0:
        raise _Fault(say(WORDS, "count", count=n))
    return tuple(values[max(len(values) - n, 0):])


def _distinct(values: tuple[int, ...]) -> int:
    """How many different values the list holds."""
    return len(set(values))


def _same_at_end(values: tuple[int, ...]) -> int:
    """How many values at the end equal the last one (0 for an empty list): Cribbage's pairs,
    `n * (n - 1)` points for n cards of one rank played in a row."""
    count = 0
    for value in reversed(values):
        if value != values[-1]:
            break
        count += 1
    return count


def _run_at_end(values: tuple[int, ...]) -> int:
    """The largest k >= 3 such that the last k values are k consecutive integers in any order, else
    0: Cribbage's runs in the play. Every suffix is tried, longest kept, because a longer one can be
    a run when a shorter one is not (3 1 2 4 5: the last four are not, all five are). A suffix is a
    run when its values differ and its span is its length less one; once a value repeats every
    longer suffix repeats it too, so one pass from the end suffices."""
    seen: set[int] = set()
    best = 0
    low = high = 0
    for k, value in enumerate(reversed(values), start=1):
        if value in seen:
            break
        seen.add(value)
        low, high = (value, value) if k == 1 else (min(low, value), max(high, value))
        if k >= 3 and high - low == k - 1:
            best = k
    return best


_NAMESPACE = {
    "__builtins__": {}, "abs": abs, "sum": sum, "len": len, "_min": _min, "_max": _max,
    "_round_nearest": round_nearest, "_round_down": round_down, "_round_up": round_up,
    "_last": _last, "_distinct": _distinct, "_same_at_end": _same_at_end, "_run_at_end": _run_at_end,
    "_Fault": _Fault, "_LIMIT": RESULT_LIMIT, "ZeroDivisionError": ZeroDivisionError,
    "_BY_ZERO": say(WORDS, "by_zero"), "_OUT_OF_RANGE": say(WORDS, "out_of_range"),
}

_TEMPLATE = """\
def _expression(_env):
    try:
        _result = {code}
    except ZeroDivisionError:
        raise _fail(_BY_ZERO, _env)
    except _Fault as fault:
        raise _fail(fault.args[0], _env)
{check}    return _result
"""
_RANGE_CHECK = """\
    if not -_LIMIT <= _result <= _LIMIT:
        raise _fail(_OUT_OF_RANGE, _env)
"""


def _build(source: str, code: str, kind: Type, location: Location | None,
           names: set[str] | frozenset[str]) -> Callable[[Mapping[str, Any]], Any]:
    namespace: dict[str, Any] = dict(_NAMESPACE, _fail=_failure(source, location, names))
    text = _TEMPLATE.format(code=code, check=_RANGE_CHECK if kind is Type.INT else "")
    exec(_compiled(text, f"<muggins expression at {_where(location)}>"), namespace)  # our generated code
    return namespace["_expression"]


@lru_cache(maxsize=KEPT)
def _compiled(text: str, filename: str) -> CodeType:
    """Our generated code compiled: once for a text and a name, since every check of a rule file
    and every game made of it builds the same functions again (each with its own names bound)."""
    return compile(text, filename, "exec")


def _where(location: Location | None) -> str:
    return f"{location.file}:{location.line}" if location else "<expression>"


def _failure(source: str, location: Location | None,
             names: set[str] | frozenset[str]) -> Callable[[Said, Mapping[str, Any]], RuleError]:
    """What an expression raises when it fails at run time: the reason, the expression, the numbers
    and conditions it read (which of a house formula's inputs broke it: `hand_pips = 5` in `100 //
    (hand_pips - 5)`) and where. A list is left out, as are the aggregates of one read as names of
    their own (`lift`): the message is the same whichever way the expression was compiled. `detail`
    leaves the values out, for the checks at load that name them their own way (with 2 players)."""
    where = _where(location)
    read = sorted(name for name in names if all(part.isidentifier() for part in name.split(".")))

    def fail(reason: Said, env: Mapping[str, Any]) -> RuleError:
        detail = say(WORDS, "failure", reason=reason, source=source)
        values = [f"{name} = {json.dumps(env[name])}" for name in read
                  if name in env and isinstance(env[name], (bool, int))]
        shown = say(WORDS, "failure_with", detail=detail, values=", ".join(values)) if values else detail
        error = ExpressionFailure(say(WORDS, "failure_at", where=where, detail=shown))
        error.location, error.reason, error.detail = location, reason, detail
        return error
    return fail


_SCORING = """\
def _scoring(_env):
    _held = []
    _earned = 0
    _env["earned"] = 0
{shared}{entries}    return _held, _earned
"""
_SCORING_ENTRY = """\
    try:
        _when = {when}
    except ZeroDivisionError:
        raise _fail_when_{i}(_BY_ZERO, _env)
    except _Fault as fault:
        raise _fail_when_{i}(fault.args[0], _env)
    if _when:
        try:
            _points = {points}
        except ZeroDivisionError:
            raise _fail_points_{i}(_BY_ZERO, _env)
        except _Fault as fault:
            raise _fail_points_{i}(fault.args[0], _env)
        if not -_LIMIT <= _points <= _LIMIT:
            raise _fail_points_{i}(_OUT_OF_RANGE, _env)
        _earned += _points
        _env["earned"] = _earned
        _held.append(_award(_tag_{i}, _points))
"""


def compile_scoring(entries: Sequence[tuple[Expression, Expression, Any]],
                    award: Callable[[Any, int], Any]) -> Callable[[dict[str, Any]], tuple[list[Any], int]]:
    """A list of scoring entries (a condition, the points when it holds, and a tag) as one
    function of the names: each entry in order, each reading what the earlier ones earned
    (`earned`, set in the mapping), giving `award(tag, points)` of each that holds and the points
    in all; it fails as each expression would on its own. A call that never fails made on the
    same names by several expressions (`same_at_end(pile.ranks)` for a pair, three and four of a
    kind) is made once. Scoring a move evaluates every entry: one function instead of two calls
    an entry, for the moves whose scores cannot be tabulated."""
    expressions = [e for when, points, _ in entries for e in (when, points)]
    counts: dict[str, int] = {}
    for expression in expressions:
        for call in expression.calls:
            counts[call] = counts.get(call, 0) + expression.code.count(call)
    shared = sorted((call for call, count in counts.items() if count > 1), key=len, reverse=True)
    namespace: dict[str, Any] = dict(_NAMESPACE, _award=award)

    def code_of(expression: Expression) -> str:
        code = expression.code
        for number, call in enumerate(shared):
            code = code.replace(call, f"_shared_{number}")
        return code
    parts = []
    for i, (when, points, tag) in enumerate(entries):
        namespace.update({f"_fail_when_{i}": _failure(when.source, when.location, when.names),
                          f"_fail_points_{i}": _failure(points.source, points.location, points.names),
                          f"_tag_{i}": tag})
        parts.append(_SCORING_ENTRY.format(i=i, when=code_of(when), points=code_of(points)))
    lines = "".join(f"    _shared_{number} = {call}\n" for number, call in enumerate(shared))
    text = _SCORING.format(shared=lines, entries="".join(parts))
    exec(_compiled(text, "<muggins scoring>"), namespace)  # our generated code, not user text
    return namespace["_scoring"]


# the functions that give a value for every argument (the others refuse some: `min([])`, a step of 0)
_TOTAL_FUNCTIONS = frozenset({"abs", "sum", "count", "distinct", "same_at_end", "run_at_end"})


def _may_fail(node: Any) -> bool:
    """Whether evaluating a subexpression may fail for some values of its names: it divides or
    takes a remainder by what is not a number other than 0 (`ends_sum % 5` never fails), or calls
    a function that refuses some arguments."""
    if not isinstance(node, Tree):
        return False
    if node.data == "call" and _token(node.children[0]).value not in _TOTAL_FUNCTIONS:
        return True
    if node.data == "arith":
        for op, operand in zip(node.children[1::2], node.children[2::2]):
            divisor = _token(operand.children[0]).value if operand.data == "int" else "0"
            if _token(op).value in ("//", "%") and int(divisor) == 0:
                return True
    return any(_may_fail(child) for child in node.children)


def _token(child: object) -> Token:
    """A child the grammar makes a terminal (a number, a name part, an operator)."""
    assert isinstance(child, Token), child
    return child


def _start(node: Any) -> int:
    if isinstance(node, Token):
        return node.start_pos or 0
    meta = getattr(node, "meta", None)
    return getattr(meta, "start_pos", 0) if meta is not None and not meta.empty else 0


def _text(source: str, node: Any) -> str:
    if isinstance(node, Token):
        return node.value
    meta = node.meta
    return source[meta.start_pos:meta.end_pos] if not meta.empty else source


def _locate(base: Location | None, source: str, offset: int) -> Location:
    """Where character `offset` of `source` stands in the file, given where the source starts."""
    if base is None:
        return Location("<expression>", 1, offset + 1, source)
    inside = base.at(offset)
    if inside is not None:
        return inside  # a value written over several lines, each line located when it was read
    column = base.source_line.find(source, base.column - 1)
    if column < 0 or "\n" in source:
        return base  # an escaped or multi-line scalar: point at the value's start rather than guess
    return Location(base.file, base.line, column + 1 + offset, base.source_line)
