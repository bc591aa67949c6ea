"""A family's course, specialised for one rule file and one kind of simulation when it loads.

Why: the course (`families/NAME/course.py`) is the only implementation of a family's rules, and
it is written to be read: small steps, each reading the rule file's options through the state
(`state.game.limit`, `state.rules.overshoot`, `if state.listening:`), the table's scoring shared
by both families, the bots' policies in `bots.py`. A simulation plays millions of turns of the
same rule file, where every one of those reads gives the same answer. This module derives, from
the course's own source, the function a simulation runs: the same statements, with

- every fact fixed for the game folded (the state's `game`, `rules`, `seats` and `options`, that
  nobody listens to events, the policies' kinds of bots): a value that is a number, a text, a
  truth or a tuple of them becomes a literal, any other (a table, a bound method) a name bound
  once per game; a module's names the same way;
- the branches those facts decide dropped (`if state.listening:` and every option not chosen),
  and the values only they read (a course never relies on reading an item or a length failing:
  see `unneeded_if_unread`);
- the small steps inlined (the course's functions, the state's and the policies' methods, the
  functions they call), their returns turned into branches, their names suffixed, and those
  names shared by calls whose lives never meet (see `slots.py`).

Nothing is written twice: the table plays the course as written, the simulation this derivation
of it, and the tests play the same games both ways (tests/test_simulated_games.py,
tests/test_differential.py). A function whose shape cannot be inlined (a return inside a loop, a
`yield` left after folding, recursion) stays a call; the entry must end with no `yield` left,
else specialising refuses, loudly (an error, never a slower path chosen in silence).
"""
from __future__ import annotations

import ast
import builtins
import copy
import gc
import inspect
import itertools
import operator
import textwrap
from types import CodeType, FunctionType
from typing import Any, Callable, Iterable, Iterator

from ..errors import MugginsError
from ..messages import say
from .slots import shared
from .syntax import children, node_fields, walk

UNKNOWN: Any = object()  # an expression whose value is not fixed when the rules load
WORDS = {"en": {"changed": "muggins's file {name} changed since this program started (an upgrade?): "
                           "start it again to simulate",
                "no_source": "simulating needs the source of {name}, which this installation lacks: "
                             "install muggins with its .py files"},
         "es": {"changed": "el fichero {name} de muggins cambió desde que este programa empezó (¿una "
                           "actualización?): vuelve a empezarlo para simular",
                "no_source": "para simular hace falta el código fuente de {name}, que esta instalación no "
                             "tiene: instala muggins con sus ficheros .py"}}
LITERALS = (bool, int, float, str, type(None))
MAX_DEPTH = 12  # nested inlining: far deeper than a course goes, a guard against a cycle missed
LITERAL_ITEMS = 16  # a longer tuple is bound by name, not written out where it is read
# a branch of more syntax nodes than this (contexts not counted) compiles to more than 255 code
# units, about two a node, so that a jump over it takes an EXTENDED_ARG (see `near_jumps`)
LONG_BRANCH = 128


class Receiver:
    """A value known by its class, not its content: the state a course runs on, or its bots'
    policies. Their methods are inlined; their fixed attributes (`fixed`) are folded."""

    def __init__(self, cls: type, fixed: dict[str, Any], inner: dict[str, Receiver] | None = None):
        self.cls = cls
        self.fixed = fixed
        self.inner = inner or {}


class Specialised:
    """The derivation's result: the function's source (for reading, and for the tests) and a
    maker that binds the game's non-literal facts once and returns the function."""

    def __init__(self, source: str, make: Callable[[tuple[Any, ...]], Callable[..., Any]], bound: tuple[Any, ...]):
        self.source = source
        self.make = make
        self.bound = bound

    def function(self) -> Callable[..., Any]:
        return self.make(self.bound)


def specialise(entry: Callable[..., Any], receiver: Receiver, inline: tuple[str, ...] = ("muggins.",)) -> Specialised:
    """The function `entry(state)` derived for states like `receiver`: no `yield` may be left.
    The functions of the modules named from `inline` are inlined (the engine's own). Deriving
    makes and drops hundreds of thousands of syntax nodes, so the garbage collector is held off
    while it runs: the nodes die by their counts, never reach the oldest generation, and never set
    off a full collection of all a long simulation keeps (a quarter of a second, measured in the
    bench's process)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return derived(entry, receiver, inline)
    finally:
        if collecting:
            gc.enable()


def derived(entry: Callable[..., Any], receiver: Receiver, inline: tuple[str, ...]) -> Specialised:
    """`specialise`, the garbage collector held off."""
    if not isinstance(entry, FunctionType):
        raise TypeError(f"only a function's source can be specialised, not {entry!r}")
    try:
        running = shape_of(entry).running
    except (OSError, TypeError):  # installed without its source files
        raise MugginsError(say(WORDS, "no_source", name=entry.__module__)) from None
    if not running:
        raise MugginsError(say(WORDS, "changed", name=entry.__module__))
    deriving = Derivation(inline)
    parameter = shape_of(entry).args.args[0].arg
    held = Held(parameter, receiver.cls, deriving.body(entry, {parameter: receiver}, depth=0))
    if held.yields:
        raise RuntimeError(f"{entry.__qualname__} keeps a decision to yield once specialised: "
                           "its course must ask the policies in a simulation")
    body = near_jumps(pruned(held.body))
    rename(body, shared(body, deriving.group_of, deriving.parents))
    return deriving.compile(entry.__name__, parameter, body)


# -- values known when the rules load -----------------------------------------------------------

BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
          ast.Mod: operator.mod, ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,
          ast.BitAnd: operator.and_, ast.BitXor: operator.xor}
COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
           ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
           ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


def fixed_truth(value: Any) -> Any:
    """A known value's truth where it cannot change while games are played: True, False or
    UNKNOWN. A container that changes (a memo's list, still empty when the course is derived) or
    an object with a truth of its own has none; any other object is true (a receiver too)."""
    if value is UNKNOWN:
        return UNKNOWN
    if isinstance(value, Receiver) or is_literal(value) or isinstance(value, (tuple, frozenset, range)):
        return True if isinstance(value, Receiver) else bool(value)
    cls = type(value)
    if hasattr(cls, "__bool__") or hasattr(cls, "__len__"):
        return UNKNOWN
    return True


def is_literal(value: Any) -> bool:
    if type(value) in LITERALS:
        return True
    return type(value) is tuple and len(value) <= LITERAL_ITEMS and all(is_literal(item) for item in value)


def reduced_test(node: ast.expr, scope: Scope) -> ast.expr:
    """A test without the operands that cannot settle it, the others as written (a call left
    alone is inlined as the test)."""
    if isinstance(node, ast.BoolOp):
        settles = isinstance(node.op, ast.Or)
        kept = [operand for operand in node.values
                if scope.truth(operand) is UNKNOWN or scope.truth(operand) == settles]
        if not kept:
            return ast.Constant(not settles)
        return reduced_test(kept[0], scope) if len(kept) == 1 else ast.BoolOp(node.op, kept)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.UnaryOp(ast.Not(), reduced_test(node.operand, scope))
    return node


def answered(inlined: list[ast.stmt]) -> ast.Assign | None:
    """An inlined call come down to its answer, known now: its one assignment of a literal (then
    folded like any assignment of a known value); else None."""
    if len(inlined) == 1 and isinstance(inlined[0], ast.Assign) and isinstance(inlined[0].value, ast.Constant):
        return inlined[0]
    return None


def assigned(target: ast.expr, value: ast.expr) -> list[ast.stmt]:
    """`target = value`, a tuple of names given a tuple as one assignment each where it can be."""
    split = split_tuple(ast.Assign([target], value))
    return split if isinstance(split, list) else [split]


def returned_into(inlined: list[ast.stmt], watched: set[str]) -> list[ast.stmt]:
    """An inlined call whose results are variables of its own (ones it assigns), last copied to
    the caller's names: each such variable is the caller's name throughout, and its copy goes
    (where the caller's name is read or written nowhere else in the call, and nothing of the
    caller's can read it while the call runs: `watched`, see `Shape.watched`). From the last copy
    back, while one can go."""
    body = list(inlined)
    taken: set[str] = set()  # the caller's names the copies already dropped now assign
    while body and is_copy(body[-1]):
        copied = body[-1]
        target, result = copied.targets[0].id, copied.value.id  # type: ignore[attr-defined]
        if target in watched or result in taken:
            break  # read by the caller before the call ends, or a result already the caller's
        rest = body[:-1]
        names = [node for stmt in rest for node in walk(stmt) if isinstance(node, ast.Name)]
        if any(node.id == target for node in names) or not any(
                node.id == result and isinstance(node.ctx, ast.Store) for node in names):
            break  # the caller's name used in the call, or a result not the call's own (a caller's name)
        rename(rest, {result: target})
        taken.add(target)
        body = rest
    return body


def is_copy(stmt: ast.stmt) -> bool:
    """`name = other_name`."""
    return isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
        and isinstance(stmt.value, ast.Name)


def calls_inside(node: ast.AST) -> bool:
    return any(isinstance(child, (ast.Call, ast.Yield, ast.YieldFrom, ast.NamedExpr)) for child in walk(node))


def is_pure(node: ast.expr) -> bool:
    """An expression that reads and never changes anything, and cannot fail in a course (where
    what is compared is always alike: numbers with numbers, `None` only by identity)."""
    if isinstance(node, ast.Compare):
        return is_pure(node.left) and all(is_pure(item) for item in node.comparators)
    return isinstance(node, (ast.Name, ast.Constant)) or (isinstance(node, ast.Attribute) and is_pure(node.value))


class Scope:
    """What is known in one function being derived: its locals bound to known values, and the
    module it was written in."""

    def __init__(self, known: dict[str, Any], module: dict[str, Any], local: set[str],
                 watched: set[str] | None = None):
        self.known = known
        self.module = module
        self.local = local
        self.watched = watched if watched is not None else set()  # see `Shape.watched`

    def inner(self, names: set[str]) -> Scope:
        """The scope of a function or comprehension made inside: its own names hide the outer."""
        return Scope({name: value for name, value in self.known.items() if name not in names}, self.module,
                     self.local | names, self.watched)

    def name(self, name: str) -> Any:
        if name in self.known:
            return self.known[name]
        if name in self.local:
            return UNKNOWN
        if name in self.module:
            return self.module[name]
        return UNKNOWN  # a builtin stays a name

    def value(self, node: ast.expr) -> Any:
        """The value of `node` if the rules fix it, else UNKNOWN."""
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self.name(node.id)
        if isinstance(node, ast.Attribute):
            return self.attribute(self.value(node.value), node.attr)
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, (ast.BoolOp, ast.UnaryOp, ast.BinOp)):
            return self.operation(node)
        if isinstance(node, ast.IfExp):
            test = fixed_truth(self.value(node.test))
            if test is UNKNOWN:
                return UNKNOWN
            return self.value(node.body if test else node.orelse)
        return UNKNOWN

    def operation(self, node: ast.BoolOp | ast.UnaryOp | ast.BinOp) -> Any:
        """The value of `and`/`or`, `not`, a minus sign or integer arithmetic on known values."""
        if isinstance(node, ast.BoolOp):  # known as soon as a known operand settles it: the rest never run
            settles = isinstance(node.op, ast.Or)
            for operand in node.values:
                value = self.value(operand)
                truth = fixed_truth(value)
                if truth is UNKNOWN or isinstance(value, Receiver):
                    return UNKNOWN
                if truth == settles:
                    return value
            return value
        if isinstance(node, ast.UnaryOp):
            operand = self.value(node.operand)
            if operand is UNKNOWN or isinstance(operand, Receiver):
                return UNKNOWN
            if isinstance(node.op, ast.Not):
                truth = fixed_truth(operand)
                return UNKNOWN if truth is UNKNOWN else not truth
            return -operand if isinstance(node.op, ast.USub) and type(operand) in (int, float) else UNKNOWN
        left, right = self.value(node.left), self.value(node.right)
        op = BINARY.get(type(node.op))
        if op is None or type(left) is not int or type(right) is not int:
            return UNKNOWN
        try:
            return op(left, right)
        except (ArithmeticError, ValueError):
            return UNKNOWN

    def truth(self, node: ast.expr) -> Any:
        """Whether `node` holds, where only that is asked (an `if`'s test): True, False or UNKNOWN.
        An `and` with an operand that never holds fails whatever the operands before it (when
        they call nothing); an `or` alike."""
        if isinstance(node, ast.BoolOp):
            decisive = isinstance(node.op, ast.Or)  # the truth that settles the chain
            unknown = False
            for operand in node.values:
                truth = self.truth(operand)
                if truth is UNKNOWN:
                    unknown = True
                    if not is_pure(operand):
                        return UNKNOWN  # it could fail or act: it must still be evaluated
                elif truth == decisive:
                    return decisive
            return UNKNOWN if unknown else not decisive
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            truth = self.truth(node.operand)
            return UNKNOWN if truth is UNKNOWN else not truth
        return fixed_truth(self.value(node))

    @staticmethod
    def attribute(base: Any, attr: str) -> Any:
        if base is UNKNOWN:
            return UNKNOWN
        if isinstance(base, Receiver):
            if attr in base.inner:
                return base.inner[attr]
            return base.fixed.get(attr, UNKNOWN)
        if type(base) in LITERALS or isinstance(base, (list, dict, set)) or attr in changing(type(base)):
            return UNKNOWN
        return getattr(base, attr, UNKNOWN)

    def subscript(self, node: ast.Subscript) -> Any:
        base = self.value(node.value)
        if type(base) is not tuple or not base:
            return UNKNOWN
        index = self.value(node.slice)
        if type(index) in (int, bool) and -len(base) <= index < len(base):  # a truth: item 0 or 1
            return base[index]
        if index is UNKNOWN and is_pure(node.slice) and all(
                is_literal(item) and item == base[0] and type(item) is type(base[0]) for item in base):
            return base[0]  # the same whichever seat asks (every bot of the same kind); not a table alike
            # now, which a game may fill in differently later (a memo's rows)
        return UNKNOWN

    def compare(self, node: ast.Compare) -> Any:
        left = self.value(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.value(comparator)
            if isinstance(op, (ast.Is, ast.IsNot)) and (isinstance(left, Receiver) or isinstance(right, Receiver)):
                if left is not None and right is not None:
                    return UNKNOWN
                holds = isinstance(op, ast.IsNot)  # a receiver is never None
            elif left is UNKNOWN or right is UNKNOWN or isinstance(left, Receiver) or isinstance(right, Receiver):
                return UNKNOWN
            else:
                holds = COMPARE[type(op)](left, right)
            if not holds:
                return False
            left = right
        return True


# -- the derivation -----------------------------------------------------------------------------

class NotInlined(Exception):
    """A call whose function cannot be inlined: it stays a call."""


class Derivation:
    """One specialisation: the objects it binds by name, and a counter for unique suffixes."""

    def __init__(self, inline: tuple[str, ...]) -> None:
        self.inline_from = inline
        self.bound: list[Any] = []
        self.bound_names: dict[int, str] = {}
        self.suffixes = itertools.count(1)
        self.inlining: set[CodeType] = set()  # the functions being inlined, outermost first
        self.makers = 0  # the bodies derived so far from functions that make a function (see `splice`)
        self.group: str | None = None  # the suffix of the call whose body is being derived (None: the entry's)
        self.group_of: dict[str, str] = {}  # each suffixed name, the suffix of its call
        self.parents: dict[str, str | None] = {}  # each call's suffix, the suffix of the call it is in

    # -- folding -----------------------------------------------------------------------------

    def literal(self, value: Any) -> ast.expr:
        """A node for a known value: a literal, or the name it is bound to once per game."""
        if is_literal(value):
            if type(value) is tuple:
                return ast.Tuple([self.literal(item) for item in value], ast.Load())
            if type(value) in (int, float) and value < 0:
                return ast.UnaryOp(ast.USub(), ast.Constant(-value))  # unparsed in parentheses where needed
            return ast.Constant(value)
        name = self.bound_names.get(id(value))
        if name is None:
            name = self.bound_names[id(value)] = f"_fixed{len(self.bound)}"
            self.bound.append(value)
        return ast.Name(name, ast.Load())

    def fold(self, node: ast.expr, scope: Scope) -> ast.expr:
        """`node` with everything the rules fix replaced by its value."""
        value = scope.value(node)
        if value is not UNKNOWN and not isinstance(value, Receiver):
            if not (isinstance(node, ast.Name) and node.id in builtins.__dict__ and node.id not in scope.module):
                return self.literal(value)
        if isinstance(node, ast.BoolOp):
            return self.fold_boolean(node, scope)
        if isinstance(node, ast.IfExp):
            test = fixed_truth(scope.value(node.test))
            if test is not UNKNOWN:
                return self.fold(node.body if test else node.orelse, scope)
        if isinstance(node, ast.Lambda):
            self.fold_defaults(node.args, scope)
            node.body = self.fold(node.body, scope.inner({arg.arg for arg in walk(node.args)
                                                          if isinstance(arg, ast.arg)}))
            return node
        if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
            return self.fold_comprehension(node, scope)
        return self.fold_children(node, scope)

    def fold_defaults(self, args: ast.arguments, scope: Scope) -> None:
        """A function's defaults, evaluated where it is made."""
        args.defaults = [self.fold(default, scope) for default in args.defaults]
        args.kw_defaults = [None if default is None else self.fold(default, scope) for default in args.kw_defaults]

    def fold_comprehension(self, node: ast.GeneratorExp | ast.ListComp | ast.SetComp | ast.DictComp,
                           scope: Scope) -> ast.expr:
        """A comprehension: its first iterable read where it is written, the rest in its own
        scope, where its targets hide the outer names."""
        names = {name.id for generator in node.generators for name in walk(generator.target)
                 if isinstance(name, ast.Name)}
        inner = scope.inner(names)
        for i, generator in enumerate(node.generators):
            generator.iter = self.fold(generator.iter, scope if i == 0 else inner)
            generator.ifs = [self.fold(test, inner) for test in generator.ifs]
        if isinstance(node, ast.DictComp):
            node.key, node.value = self.fold(node.key, inner), self.fold(node.value, inner)
        else:
            node.elt = self.fold(node.elt, inner)
        return node

    def fold_test(self, node: ast.expr, scope: Scope) -> ast.expr:
        """`node` folded where only its truth is asked: operands that never settle an `and` (or
        an `or`) dropped."""
        if isinstance(node, ast.BoolOp):
            settles = isinstance(node.op, ast.Or)
            kept = [self.fold_test(operand, scope) for operand in node.values
                    if scope.truth(operand) is UNKNOWN or scope.truth(operand) == settles]
            if not kept:
                return ast.Constant(not settles)
            return kept[0] if len(kept) == 1 else ast.BoolOp(node.op, kept)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return ast.UnaryOp(ast.Not(), self.fold_test(node.operand, scope))
        return self.fold(node, scope)

    def fold_boolean(self, node: ast.BoolOp, scope: Scope) -> ast.expr:
        stop_on = isinstance(node.op, ast.Or)  # `or` stops at the first true operand, `and` at a false one
        kept: list[ast.expr] = []
        for i, operand in enumerate(node.values):
            value = scope.value(operand)
            truth = fixed_truth(value)
            last = i == len(node.values) - 1
            if truth is not UNKNOWN and not isinstance(value, Receiver):
                if truth == stop_on:
                    kept.append(self.literal(value))
                    break
                if not last:
                    continue  # an operand that never stops the chain: drop it
            kept.append(self.fold(operand, scope))
        if len(kept) == 1:
            return kept[0]
        return ast.BoolOp(node.op, kept)

    def fold_children(self, node: ast.expr, scope: Scope) -> ast.expr:
        for field in node_fields(node.__class__):
            old = getattr(node, field, None)
            if isinstance(old, ast.expr):
                setattr(node, field, self.fold(old, scope))
            elif isinstance(old, list):
                setattr(node, field, [self.fold(item, scope) if isinstance(item, ast.expr) else item for item in old])
        return node

    # -- statements --------------------------------------------------------------------------

    def body(self, function: FunctionType, known: dict[str, Any], depth: int,
             names: dict[str, str] | None = None) -> list[ast.stmt]:
        """The statements of `function` with what the rules fix folded and its calls inlined;
        `known` gives the parameters bound to known values (the state, constants); `names`
        renames its own names first (an inlined function's, to the caller's or suffixed ones)."""
        shape = shape_of(function)
        self.makers += shape.makes_functions
        body = shape.fresh(names).body
        if names is None:
            return self.statements(body, Scope(dict(known), function.__globals__, shape.own, set(shape.watched)),
                                   set(shape.once), depth)
        scope = Scope({names.get(name, name): value for name, value in known.items()}, function.__globals__,
                      {names.get(name, name) for name in shape.own}, {names.get(name, name) for name in shape.watched})
        return self.statements(body, scope, {names.get(name, name) for name in shape.once}, depth)

    def compile(self, name: str, parameter: str, body: list[ast.stmt]) -> Specialised:
        """The module that makes the function: the game's bound objects unpacked once, then the
        function as a closure over them."""
        inner = ast.FunctionDef(name, ast.arguments([], [ast.arg(parameter)], None, [], [], None, []),
                                body or [ast.Pass()], [], None, None)
        unpack: list[ast.stmt] = []
        if self.bound:
            unpack.append(ast.Assign([ast.Tuple([ast.Name(f"_fixed{i}", ast.Store()) for i in range(len(self.bound))],
                                                ast.Store())], ast.Name("_bound", ast.Load())))
        maker = ast.FunctionDef("make", ast.arguments([], [ast.arg("_bound")], None, [], [], None, []),
                                unpack + [inner, ast.Return(ast.Name(name, ast.Load()))], [], None, None)
        numbered([maker])
        source = ast.unparse(ast.Module([maker], []))
        namespace: dict[str, Any] = {"__builtins__": builtins}
        exec(compile(source, f"<{name} specialised>", "exec"), namespace)  # our own derived source, never input
        return Specialised(source, namespace["make"], tuple(self.bound))

    def statements(self, stmts: list[ast.stmt], scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for stmt in stmts:
            out.extend(self.statement(stmt, scope, once, depth))
            if out and isinstance(out[-1], (ast.Return, ast.Raise, ast.Break, ast.Continue)):
                break  # what follows is never run (a branch folded into a return, say)
        return out

    def statement(self, stmt: ast.stmt, scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        if isinstance(stmt, ast.If):
            return self.branch(stmt, scope, once, depth)
        if isinstance(stmt, (ast.While, ast.For)):
            return self.loop(stmt, scope, once, depth)
        if isinstance(stmt, ast.AnnAssign):
            if stmt.value is None:
                return []
            stmt = ast.Assign([stmt.target], stmt.value)
        if isinstance(stmt, ast.Assign):
            return self.assignment(stmt, scope, once, depth)
        if isinstance(stmt, ast.Expr):
            call = stmt.value.value if isinstance(stmt.value, ast.YieldFrom) else stmt.value
            if isinstance(call, ast.Call):
                inlined = self.inline(call, scope, depth, lambda result: [] if is_pure(result) else [ast.Expr(result)],
                                      delegated=isinstance(stmt.value, ast.YieldFrom))
                if inlined is not None:
                    return inlined
            stmt.value = self.fold(stmt.value, scope)
            return [] if is_pure(stmt.value) else [stmt]
        if isinstance(stmt, ast.AugAssign):
            if not isinstance(stmt.target, ast.Name):
                self.fold_children(stmt.target, scope)  # what it indexes; the target itself stays
            stmt.value = self.fold(stmt.value, scope)
            return [stmt]
        if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Call):
            name = f"_result{next(FLAGS)}"  # returned after the inlined body, which may loop
            inlined = self.inline(stmt.value, scope, depth, lambda result: [ast.Assign([ast.Name(name, ast.Store())],
                                                                                      result)])
            if inlined is not None:
                return inlined + [ast.Return(ast.Name(name, ast.Load()))]
        if isinstance(stmt, ast.FunctionDef):  # made here: defaults and decorators read here, its body its own
            self.fold_defaults(stmt.args, scope)
            stmt.decorator_list = [self.fold(decorator, scope) for decorator in stmt.decorator_list]
            stmt.body = self.statements(stmt.body, scope.inner(bound_names(stmt)), set(), depth)
            return [stmt]
        return [self.fold_statement(stmt, scope, once, depth)]

    def branch(self, stmt: ast.If, scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        """An `if`: the branch the facts choose, or both with the test folded (a call that is
        the test inlined before it)."""
        test = scope.truth(stmt.test)
        if test is not UNKNOWN:
            return self.statements(stmt.body if test else stmt.orelse, scope, once, depth)
        stmt.test = reduced_test(stmt.test, scope)
        if isinstance(stmt.test, ast.Call) or (isinstance(stmt.test, ast.UnaryOp)
                                               and isinstance(stmt.test.operand, ast.Call)):
            return self.if_on_call(stmt, scope, once, depth)
        return self.both_branches(stmt, self.fold_test(stmt.test, scope), scope, once, depth)

    def both_branches(self, stmt: ast.If, test: ast.expr, scope: Scope, once: set[str],
                      depth: int) -> list[ast.stmt]:
        """An `if` the facts do not decide: its (folded) test, both branches derived."""
        stmt.test = test
        stmt.body = self.statements(stmt.body, scope, once, depth) or [ast.Pass()]
        stmt.orelse = self.statements(stmt.orelse, scope, once, depth)
        return [stmt]

    def loop(self, stmt: ast.While | ast.For, scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        """A loop, gone when the facts say it never runs (then only its `else` is left)."""
        if isinstance(stmt, ast.While):
            if scope.truth(stmt.test) is False:
                return self.statements(stmt.orelse, scope, once, depth)
            stmt.test = self.fold_test(stmt.test, scope)
        else:
            if scope.value(stmt.iter) == ():
                return self.statements(stmt.orelse, scope, once, depth)
            stmt.iter = self.fold(stmt.iter, scope)
        stmt.body = self.statements(stmt.body, scope, once, depth) or [ast.Pass()]
        stmt.orelse = self.statements(stmt.orelse, scope, once, depth)
        return [stmt]

    def fold_statement(self, stmt: ast.stmt, scope: Scope, once: set[str], depth: int) -> ast.stmt:
        """Any other statement, its expressions folded and its own statements derived."""
        for field in node_fields(stmt.__class__):
            old = getattr(stmt, field, None)
            if isinstance(old, ast.expr):
                setattr(stmt, field, self.fold(old, scope))
            elif isinstance(old, list) and old and isinstance(old[0], ast.expr):
                setattr(stmt, field, [self.fold(item, scope) for item in old])
            elif isinstance(old, list) and old and isinstance(old[0], ast.stmt):
                setattr(stmt, field, self.statements(old, scope, once, depth))
        return stmt

    def assignment(self, stmt: ast.Assign, scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        split = split_tuple(stmt) if len(stmt.targets) == 1 else stmt
        if isinstance(split, list):
            return self.statements(split, scope, once, depth)
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        if isinstance(target, ast.Name) and target.id in once:
            value = scope.value(stmt.value)
            if value is not UNKNOWN:
                scope.known[target.id] = value
                if not isinstance(value, Receiver):
                    return []  # every use is folded to the value
        if isinstance(stmt.value, ast.IfExp) and target is not None and calls_inside(stmt.value):
            choice = stmt.value  # as a branch, so that the call in it is inlined, or run only there
            for name in walk(target):
                if isinstance(name, ast.Name):
                    once.discard(name.id)  # assigned in both branches now
            branch = ast.If(choice.test, [ast.Assign([copy.deepcopy(target)], choice.body)],
                            [ast.Assign([copy.deepcopy(target)], choice.orelse)])
            return self.statement(branch, scope, once, depth)
        if isinstance(stmt.value, ast.Call) and target is not None:
            inlined = self.inline(stmt.value, scope, depth, lambda result: assigned(copy.deepcopy(target), result))
            if inlined is not None:
                answer = answered(inlined)
                return returned_into(inlined, scope.watched) if answer is None else self.assignment(answer, scope, once, depth)
        stmt.value = self.fold(stmt.value, scope)
        stmt.targets = [self.fold_children(target, scope) if not isinstance(target, ast.Name) else target
                        for target in stmt.targets]
        return [stmt]

    def if_on_call(self, stmt: ast.If, scope: Scope, once: set[str], depth: int) -> list[ast.stmt]:
        negated = isinstance(stmt.test, ast.UnaryOp)
        call = stmt.test.operand if isinstance(stmt.test, ast.UnaryOp) else stmt.test
        assert isinstance(call, ast.Call)
        result = f"_test{next(self.suffixes)}"
        inlined = self.inline(call, scope, depth, lambda value: [ast.Assign([ast.Name(result, ast.Store())], value)])
        if inlined is None:
            return self.both_branches(stmt, self.fold(stmt.test, scope), scope, once, depth)
        test: ast.expr = ast.Name(result, ast.Load())
        answer = answered(inlined)
        if answer is not None:
            test = answer.value  # the call's answer is known: its branch is chosen now
            inlined = []
        if negated:
            test = ast.UnaryOp(ast.Not(), test)
        branch = ast.If(test, stmt.body, stmt.orelse)
        return inlined + self.statement(branch, scope, once, depth)

    # -- inlining ----------------------------------------------------------------------------

    def callee(self, call: ast.Call, scope: Scope) -> tuple[FunctionType, Any] | None:
        """The function a call runs and what it is called on (None for a plain function), when
        the rules fix both; None when the call must stay."""
        func = call.func
        if isinstance(func, ast.Name):
            target = scope.name(func.id)
            return (target, None) if isinstance(target, FunctionType) and target.__module__.startswith(self.inline_from) \
                else None
        if not isinstance(func, ast.Attribute):
            return None
        receiver = scope.value(func.value)
        if receiver is UNKNOWN:
            return None
        cls = receiver.cls if isinstance(receiver, Receiver) else type(receiver)
        if not cls.__module__.startswith(self.inline_from):
            return None
        method = inspect.getattr_static(cls, func.attr, None)
        if isinstance(method, staticmethod):  # a function kept on a class: called without its receiver
            return (method.__func__, None) if isinstance(method.__func__, FunctionType) else None
        if not isinstance(method, FunctionType):
            return None
        if isinstance(receiver, Receiver) and func.attr in receiver.fixed:
            return None
        return method, receiver

    def inline(self, call: ast.Call, scope: Scope, depth: int, sink: Callable[[ast.expr], list[ast.stmt]],
               delegated: bool = False) -> list[ast.stmt] | None:
        """The statements that do what `call` does, the result given to `sink`; None when the
        call stays a call. A generator function is inlined only where it is run to its end
        (`delegated`: `yield from` it), and only once its yields are folded away."""
        found = self.callee(call, scope)
        if found is None or depth >= MAX_DEPTH or found[0].__code__ in self.inlining:
            return None  # a function calling itself stays a call
        try:
            shape = shape_of(found[0])
        except (OSError, TypeError):
            return None  # no source to read: it stays a call
        if (shape.yields and not delegated) or shape.builtins_read() & scope.local:
            return None
        function, receiver = found
        self.inlining.add(function.__code__)
        makers = self.makers
        try:
            return self.splice(function, shape, receiver, call, scope, depth, sink)
        except NotInlined:
            self.makers = makers  # its body is dropped, with any function made in it
            return None
        finally:
            self.inlining.discard(function.__code__)

    def splice(self, function: FunctionType, shape: Shape, receiver: Any, call: ast.Call,
               scope: Scope, depth: int, sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt]:
        """The body of `function` in place of `call`: its arguments bound, its names suffixed,
        what the rules fix folded, and its result given to `sink`."""
        if not shape.inlinable or shape.hidden:  # renamed, a global read and a nested name would be one
            raise NotInlined(function.__qualname__)
        given = arguments(function, shape, receiver, call)
        suffix = f"_{next(self.suffixes)}"
        known: dict[str, Any] = {}
        prologue: list[ast.stmt] = []
        renames: dict[str, str] = {}
        for name, node in given.items():
            value = scope.value(node) if not isinstance(node, Default) else node.value
            if value is not UNKNOWN and name not in shape.assigned:  # a parameter assigned again is a variable
                known[name] = value
                if not isinstance(value, Receiver):
                    continue
            if isinstance(node, ast.Name) and name not in shape.assigned:
                renames[name] = node.id  # the caller's own name: nothing to copy
                continue
            prologue.append(ast.Assign([ast.Name(name + suffix, ast.Store())],
                                       node if not isinstance(node, Default) else self.literal(node.value)))
        if set(renames.values()) & shape.free:
            raise NotInlined(function.__qualname__)  # a caller's name that is a global there
        prologue = self.statements(prologue, scope, set(), depth)  # the arguments, in the call's order
        names = {**{name: name + suffix for name in shape.local}, **renames}
        self.group_of.update((name + suffix, suffix) for name in shape.local)
        self.parents[suffix] = self.group
        makers, outer, self.group = self.makers, self.group, suffix
        try:
            body = self.body(function, known, depth + 1, names)
        finally:
            self.group = outer
        if self.makers != makers and closes_over(body, set(names.values())):  # no function made: none closes over
            raise NotInlined(function.__qualname__)
        if shape.yields and any(isinstance(node, (ast.Yield, ast.YieldFrom)) for stmt in body for node in walk(stmt)):
            raise NotInlined(function.__qualname__)
        return prologue + tails(body, sink)


class Default(ast.expr):
    """A parameter's default value, where the call gives none."""

    def __init__(self, value: Any):
        super().__init__()
        self.value = value


def arguments(function: FunctionType, shape: Shape, receiver: Any, call: ast.Call) -> dict[str, ast.expr]:
    """Each parameter of `function` and what `call` gives it (the receiver for the first of a
    method, a `Default` where nothing is given), in the order Python evaluates them."""
    args = shape.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or any(
            isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords):
        raise NotInlined(function.__qualname__)
    names = [arg.arg for arg in args.args]
    given: dict[str, ast.expr] = {}
    if receiver is not None:
        if not isinstance(call.func, ast.Attribute):
            raise NotInlined(function.__qualname__)
        given[names[0]] = call.func.value  # evaluated first
        names = names[1:]
    if len(call.args) > len(names):
        raise NotInlined(function.__qualname__)
    given.update(zip(names, call.args))
    for keyword in call.keywords:
        if keyword.arg not in names or keyword.arg in given:
            raise NotInlined(function.__qualname__)
        assert keyword.arg is not None
        given[keyword.arg] = keyword.value
    defaults = dict(zip(reversed(names), reversed(function.__defaults__ or ())))
    for name in names:
        if name not in given:
            if name not in defaults:
                raise NotInlined(function.__qualname__)
            given[name] = Default(defaults[name])
    return given


# -- the shape of a function --------------------------------------------------------------------

class Shape:
    """What the derivation reads of a function's source, once per function: its text (parsed
    afresh for each use: cheaper than copying a tree), parameters and the names it binds."""

    def __init__(self, function: FunctionType):
        self.source = textwrap.dedent(inspect.getsource(function))
        definition = self.fresh()
        self.pieces = name_pieces(self.source, definition)
        self.args = definition.args
        self.local = bound_names(definition)  # every name it binds, its nested scopes' too: renamed when inlined
        self.own = own_names(definition)  # the names of its own scope (a comprehension's are the comprehension's)
        reads = {node.id for node in own_nodes(definition) if isinstance(node, ast.Name)}
        self.hidden = (self.local - self.own) & (reads - self.own)  # a nested scope's name also read as a global
        self.assigned = assigned_anywhere(definition)
        self.once = assigned_once(definition)
        self.watched = watched_names(definition)
        self.free = {node.id for node in walk(definition) if isinstance(node, ast.Name)} - self.local
        self.yields = any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in walk(definition))
        self.makes_functions = any(isinstance(node, (ast.FunctionDef, ast.Lambda, ast.GeneratorExp))
                                   for stmt in definition.body for node in walk(stmt))  # see `closes_over`
        self.running = self.is_running(function)
        plain = all(isinstance(d, ast.Name) and d.id == "staticmethod" for d in definition.decorator_list)
        self.inlinable = plain and self.running and not any(
            isinstance(node, (ast.Global, ast.Nonlocal, ast.Try, ast.With, ast.Match))
            or (isinstance(node, ast.Name) and node.id == "super") for node in walk(definition))

    def builtins_read(self) -> set[str]:
        """The builtins it reads: a caller's local of the same name would hide them."""
        return {name for name in self.free if name in builtins.__dict__}

    def is_running(self, function: FunctionType) -> bool:
        """Whether the text read is the code running (a file changed since it was imported is
        not, nor a name mangled in a class): compiled again, the same instructions and names."""
        compiled = compile(self.source, "<source>", "exec")
        code = next((const for const in compiled.co_consts if isinstance(const, CodeType)), None)
        return code is not None and fingerprint(code) == fingerprint(function.__code__)

    def fresh(self, names: dict[str, str] | None = None) -> ast.FunctionDef:
        """A new tree of the function, the names of its body renamed by `names` as `rename` would
        rename them: in the text before it is parsed, where the source allows (see `name_pieces`),
        for a walk of every node of every function inlined was a tenth of a derivation."""
        if names and self.pieces is not None:
            pieces = self.pieces[:]
            for i in range(1, len(pieces), 2):
                pieces[i] = names.get(pieces[i], pieces[i])
            found = ast.parse("".join(pieces)).body[0]
        else:
            found = ast.parse(self.source).body[0]
        assert isinstance(found, ast.FunctionDef)
        if names and self.pieces is None:
            rename(found.body, names)
        return found


def name_pieces(source: str, definition: ast.FunctionDef) -> list[str] | None:
    """`source` cut at every name that `rename` renames in the function's body (a name read or
    stored, a parameter, a nested function's name): text and names in turn, the names at odd
    places. None for a function with an f-string (`f"{name=}"` writes the name's text into the
    string, which renaming the tree leaves as it was), or where a node's position does not lead to
    its name in the text (a guard: on the Pythons muggins runs on, every other does)."""
    if any(isinstance(node, ast.JoinedStr) for stmt in definition.body for node in walk(stmt)):
        return None
    lines = source.encode().splitlines(keepends=True)
    starts = list(itertools.accumulate((len(line) for line in lines), initial=0))
    spans: list[tuple[int, str]] = []
    for stmt in definition.body:
        for node in walk(stmt):
            if isinstance(node, ast.Name):
                spans.append((starts[node.lineno - 1] + node.col_offset, node.id))
            elif isinstance(node, ast.arg):
                spans.append((starts[node.lineno - 1] + node.col_offset, node.arg))
            elif isinstance(node, ast.FunctionDef):
                line = lines[node.lineno - 1]
                after = line.index(b"def", node.col_offset) + len(b"def")
                spans.append((starts[node.lineno - 1] + after + len(line[after:]) - len(line[after:].lstrip()),
                              node.name))
    text = source.encode()
    pieces: list[str] = []
    end = 0
    for start, name in sorted(spans):
        if start < end or text[start:start + len(name.encode())] != name.encode():
            return None
        pieces += (text[end:start].decode(), name)
        end = start + len(name.encode())
    pieces.append(text[end:].decode())
    return pieces


CHANGING: dict[type, frozenset[str]] = {}


def changing(cls: type) -> frozenset[str]:
    """The attributes of an engine's object that its methods assign once it is made (a memo,
    say): never folded. Those `__init__` and the methods it calls assign are its facts."""
    found = CHANGING.get(cls)
    if found is None:
        assigned: dict[str, set[str]] = {}
        made_by = {"__init__"}
        for klass in cls.__mro__:
            if not klass.__module__.startswith("muggins."):
                continue
            for name, member in vars(klass).items():
                if not isinstance(member, FunctionType):
                    continue
                try:
                    tree = ast.parse(textwrap.dedent(inspect.getsource(member)))
                except (OSError, TypeError):
                    continue  # made by a library (a dataclass's __init__, __eq__): no text to read
                assigned.setdefault(name, set()).update(
                    node.attr for node in walk(tree) if isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == "self")
                if name == "__init__":
                    made_by.update(node.func.attr for node in walk(tree) if isinstance(node, ast.Call)
                                   and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                                   and node.func.value.id == "self")
        found = CHANGING[cls] = frozenset(attr for name, attrs in assigned.items() if name not in made_by
                                          for attr in attrs)
    return found


def fingerprint(code: CodeType) -> tuple[Any, ...]:
    """What a function's code does, its constants and nested functions' included (not where;
    texts up to their spacing, since a docstring read from dedented source is dedented)."""
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars, tuple(
        fingerprint(const) if isinstance(const, CodeType) else (str, " ".join(const.split()))
        if isinstance(const, str) else (type(const), const) for const in code.co_consts))


SHAPES: dict[Any, Shape] = {}


def shape_of(function: FunctionType) -> Shape:
    shape = SHAPES.get(function.__code__)
    if shape is None:
        shape = SHAPES[function.__code__] = Shape(function)
    return shape


# builtins, and methods of the builtin containers and texts, that run a generator they are given
# to its end before they return
CONSUMERS = frozenset({"all", "any", "dict", "frozenset", "list", "max", "min", "set", "sorted", "sum", "tuple"})
CONSUMING_METHODS = frozenset({"extend", "join", "update"})


def closes_over(body: list[ast.stmt], local: set[str]) -> bool:
    """Whether a function or a generator made in `body` reads the names `local` (inlined in a loop,
    it would share one variable across the iterations; a generator run at once by a builtin that
    consumes it does not), or `body` calls with keywords where it makes a function (such a
    function's parameters are renamed with the rest). One walk finds what is made, what is
    consumed and the calls with keywords."""
    functions: list[ast.FunctionDef | ast.Lambda] = []
    generators: list[ast.GeneratorExp] = []
    consumed: set[int] = set()
    keywords = False
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.Call):
                keywords = keywords or bool(node.keywords)
                func = node.func
                if (isinstance(func, ast.Name) and func.id in CONSUMERS
                        or isinstance(func, ast.Attribute) and func.attr in CONSUMING_METHODS):
                    consumed.update(id(arg) for arg in node.args)
            elif isinstance(node, (ast.FunctionDef, ast.Lambda)):
                functions.append(node)
            elif isinstance(node, ast.GeneratorExp):
                generators.append(node)
    if functions and keywords:
        return True
    for function in functions:
        own = {arg.arg for arg in walk(function.args) if isinstance(arg, ast.arg)}
        if reads(function, local - own):
            return True
    for made in generators:
        if id(made) not in consumed:
            own = {name.id for generator in made.generators for name in walk(generator.target)
                   if isinstance(name, ast.Name)}
            if reads(made, local - own):
                return True
    return False


def reads(node: ast.AST, names: set[str]) -> bool:
    """Whether `node`'s tree names one of `names`."""
    return any(isinstance(inner, ast.Name) and inner.id in names for inner in walk(node))


def own_nodes(definition: ast.FunctionDef) -> Iterable[ast.AST]:
    """The nodes of a function's own scope: not inside a function or comprehension it makes."""
    pending: list[ast.AST] = [*definition.body, *definition.args.defaults]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            pending.extend(node.args.defaults)
            pending.extend(node.decorator_list if isinstance(node, ast.FunctionDef) else ())
            if isinstance(node, ast.FunctionDef):
                yield ast.Name(node.name, ast.Store())
        elif isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
            pending.append(node.generators[0].iter)  # read where the comprehension is written
        else:
            pending.extend(children(node))


def own_names(definition: ast.FunctionDef) -> set[str]:
    """The names bound in a function's own scope: its parameters and what it stores."""
    names = {arg.arg for arg in walk(definition.args) if isinstance(arg, ast.arg)}
    return names | {node.id for node in own_nodes(definition) if isinstance(node, ast.Name)
                    and isinstance(node.ctx, (ast.Store, ast.Del))}


def bound_names(definition: ast.FunctionDef) -> set[str]:
    """Every name a function binds, its nested scopes' included: all of them are its own."""
    names = {arg.arg for arg in walk(definition.args) if isinstance(arg, ast.arg)}
    for node in walk(definition):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)) and node is not definition:
            names.update(arg.arg for arg in walk(node.args) if isinstance(arg, ast.arg))
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
    return names


def assigned_anywhere(definition: ast.FunctionDef) -> set[str]:
    return {node.id for node in walk(definition) if isinstance(node, ast.Name)
            and isinstance(node.ctx, (ast.Store, ast.Del))}


def watched_names(definition: ast.FunctionDef) -> set[str]:
    """The names a function's own code may read while a call it makes has not finished: those a
    function, lambda or generator made in it reads (it may run during the call), and those
    assigned inside a `try` or `with` (a handler, a `finally`, a context manager's exit, or what
    follows them, reads what the call left when it raised). A call's result is never computed
    into such a name (`returned_into`): it would be seen half made."""
    found: set[str] = set()
    for node in walk(definition):
        if node is definition:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.GeneratorExp)):
            found.update(inner.id for inner in walk(node) if isinstance(inner, ast.Name))
        elif isinstance(node, (ast.Try, ast.With)) or type(node).__name__ == "TryStar":
            found.update(inner.id for inner in walk(node) if isinstance(inner, ast.Name)
                         and isinstance(inner.ctx, ast.Store))
    return found


def assigned_once(definition: ast.FunctionDef) -> set[str]:
    """The names a function assigns in exactly one plain assignment, a statement of its body
    itself (not in a loop or a branch), and nowhere else (not a parameter, not a loop's target,
    not augmented): a known value there is known wherever the name is read after it."""
    counts: dict[str, int] = {}
    plain: set[str] = set()
    for node in walk(definition):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            counts[node.id] = counts.get(node.id, 0) + 1
    for node in definition.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in [target] if isinstance(target, ast.Name) else target.elts if isinstance(
                        target, ast.Tuple) else []:
                    if isinstance(name, ast.Name):
                        plain.add(name.id)
    params = {arg.arg for arg in walk(definition.args) if isinstance(arg, ast.arg)}
    return {name for name, count in counts.items() if count == 1 and name in plain and name not in params}


def near_jumps(body: list[ast.stmt]) -> list[ast.stmt]:
    """`body` with each `if` that compares, holds a long branch and no `else` turned around (`if
    not test: pass`, the branch its `else`), so that its test jumps over a `pass`. CPython 3.11
    specialises a comparison (to an integer comparison and a jump, a fifth of the instructions)
    only where a conditional jump follows it at once, and a jump over a long branch takes an
    `EXTENDED_ARG` first: inlining makes long branches, and a turn's steps are tested at every
    turn. The code stays in its order (a branch moved after another gave its locals numbers past
    255, each read an `EXTENDED_ARG` more: 14% more instructions a domino move)."""
    for stmt in body:
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                near_jumps(inner)
        for handler in getattr(stmt, "handlers", ()):
            near_jumps(handler.body)
        if isinstance(stmt, ast.If) and not stmt.orelse and compares(stmt.test) and size(stmt.body) > LONG_BRANCH:
            stmt.test = ast.UnaryOp(ast.Not(), stmt.test)
            stmt.body, stmt.orelse = [ast.Pass()], stmt.body
    return body


def compares(test: ast.expr) -> bool:
    """Whether a test's jump follows a comparison: a comparison, its negation, or one of the
    operands of `and` or `or`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.BoolOp):
        return any(compares(value) for value in test.values)
    return isinstance(test, ast.Compare)


def size(body: list[ast.stmt]) -> int:
    """The syntax nodes of a block, contexts (`Load`, `Store`) not counted."""
    return sum(1 for stmt in body for node in walk(stmt) if not isinstance(node, ast.expr_context))


def pruned(body: list[ast.stmt]) -> list[ast.stmt]:
    """`body` without the assignments of a pure value to a name nothing reads (what a step
    returned or looked up for a branch that folding dropped), and then those only they read, until
    none is left: the names read counted once, each assignment dropped taking back its reads."""
    reads: dict[str, int] = {}
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
                reads[node.id] = reads.get(node.id, 0) + 1
    found = list(blocks("body", body))
    stores = [stmt for _, block in found for stmt in block if isinstance(stmt, ast.Assign)
              and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and unneeded_if_unread(stmt.value)]
    dropped: set[int] = set()
    more = True
    while more:
        more = False
        for stmt in stores:
            if id(stmt) not in dropped and not reads.get(stmt.targets[0].id):  # type: ignore[attr-defined]
                dropped.add(id(stmt))
                more = True
                for node in walk(stmt.value):
                    if isinstance(node, ast.Name):
                        reads[node.id] -= 1
    for field, block in found:
        kept = [stmt for stmt in block if id(stmt) not in dropped]
        if len(kept) != len(block):
            # a block left empty is `pass` (a `try` needs a handler or a `finally`), an `else` nothing
            block[:] = kept or ([] if field == "orelse" else [ast.Pass()])
    return body


def unneeded_if_unread(node: ast.expr) -> bool:
    """A value computed for nothing where nothing reads it: a pure one (`is_pure`), or an item, a
    length, a count of bits, a truth (`not`) or a choice of such values (an argument an inlined
    step reads only in a branch that folding dropped: `len(state.bones)`). A contract with the
    courses, as for `is_pure`: no step relies on such a read failing or acting (an index out of
    range, the length of None, a dictionary that adds what is read, a truth that cannot be told), so
    leaving it out changes nothing in a game; the derived function of a course that broke it would
    not raise where the course does."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return unneeded_if_unread(node.operand)
    if isinstance(node, ast.Subscript):
        return unneeded_if_unread(node.value) and unneeded_if_unread(node.slice)
    if isinstance(node, ast.IfExp):
        return all(unneeded_if_unread(part) for part in (node.test, node.body, node.orelse))
    if isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "len" and len(node.args) == 1:
            return unneeded_if_unread(node.args[0])
        if isinstance(func, ast.Attribute) and func.attr == "bit_count" and not node.args:
            return unneeded_if_unread(func.value)
        return False
    return is_pure(node)


def blocks(field: str, block: list[ast.stmt]) -> Iterator[tuple[str, list[ast.stmt]]]:
    """Every list of statements in `block`, itself first, each with the field that holds it."""
    yield field, block
    for stmt in block:
        for inner_field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, inner_field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                yield from blocks(inner_field, inner)
        for handler in getattr(stmt, "handlers", ()):
            yield from blocks("body", handler.body)


def numbered(body: list[ast.stmt]) -> None:
    """Give every statement a line number, which unparsing reads (the source is compiled from
    the text, so the numbers are the text's)."""
    for stmt in body:
        stmt.lineno = 1
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, field, None)
            if inner:
                numbered(inner)


def split_tuple(stmt: ast.Assign) -> ast.Assign | list[ast.stmt]:
    """`a, b = x, y` as two assignments when neither value reads a name assigned."""
    target, value = stmt.targets[0], stmt.value
    if not (isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts)
            and all(isinstance(name, ast.Name) for name in target.elts)):
        return stmt
    stored = {name.id for name in target.elts if isinstance(name, ast.Name)}
    if any(isinstance(node, ast.Name) and node.id in stored for node in walk(value)):
        return stmt
    return [ast.Assign([name], item) for name, item in zip(target.elts, value.elts)]


def rename(body: Iterable[ast.AST], names: dict[str, str]) -> None:
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.Name) and node.id in names:
                node.id = names[node.id]
            elif isinstance(node, ast.arg) and node.arg in names:
                node.arg = names[node.arg]
            elif isinstance(node, ast.FunctionDef) and node.name in names:
                node.name = names[node.name]


def returns_inside(node: ast.AST) -> bool:
    """Whether `node` returns from the function it is in (a nested function's returns are its own)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        return False
    if isinstance(node, ast.Return):
        return True
    return any(returns_inside(child) for child in children(node)
               if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)))


def tails(body: list[ast.stmt], sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt]:
    """`body`, a function's, with its result given to `sink` instead of returned. A body whose
    returns are all in tail position once the statements after an `if` that always leaves are
    moved into its other branch keeps that shape (`branched`); any other runs once inside
    `while True:`, each return becoming the sink and a `break` (out of a loop of its own, a flag
    says to leave): nothing is copied, whatever the number of returns."""
    shaped = branched(body, sink)
    if shaped is not None:
        return shaped
    return [ast.While(ast.Constant(True), leave(body + [ast.Return(None)], sink), [])]


def branched(body: list[ast.stmt], sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt] | None:
    """`body` with each return given to `sink` where it ends a branch: `if c: ...; return a`
    followed by more is `if c: ... a else: more`; None when a return is anywhere else (in a loop)."""
    out: list[ast.stmt] = []
    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.Return):
            return out + sink(stmt.value if stmt.value is not None else ast.Constant(None))
        if not returns_inside(stmt):
            out.append(stmt)
            if isinstance(stmt, ast.Raise):
                return out
            continue
        rest = body[i + 1:]
        if isinstance(stmt, (ast.For, ast.While)):
            return looped(out, stmt, rest, sink)
        if not isinstance(stmt, ast.If):
            return None
        if leaves(stmt.body) or not rest:
            yes, no = branched(stmt.body, sink), branched(stmt.orelse + rest, sink)
        elif leaves(stmt.orelse):
            yes, no = branched(stmt.body + rest, sink), branched(stmt.orelse, sink)
        elif short(rest):  # written in both branches
            yes, no = branched(stmt.body + rest, sink), branched(stmt.orelse + copy.deepcopy(rest), sink)
        else:
            return None  # the statements after the `if` would be written twice
        if yes is None or no is None:
            return None
        return out + [ast.If(stmt.test, yes or [ast.Pass()], no)]
    return out + sink(ast.Constant(None))


def looped(out: list[ast.stmt], loop: ast.For | ast.While, rest: list[ast.stmt],
           sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt] | None:
    """A loop that returns, then `rest`: each return given to `sink` and the loop left, `rest`
    in the loop's `else` (run only when no return left it); None for a loop that breaks itself."""
    if loop.orelse or breaks(loop.body):
        return None
    after = branched(rest, sink)
    if after is None:
        return None
    shaped = copy.copy(loop)
    shaped.body = returns_broken(loop.body, sink)  # the original left as it was: a fallback reads it
    shaped.orelse = after
    return out + [shaped]


def short(body: list[ast.stmt]) -> bool:
    """Whether `body` is short enough to be written twice: a few statements with no loop (a
    `return x`, say, or one call and a return)."""
    nodes = [node for stmt in body for node in walk(stmt)]
    return len(body) <= 3 and len(nodes) <= 40 and not any(isinstance(node, (ast.For, ast.While)) for node in nodes)


def leaves(body: list[ast.stmt]) -> bool:
    """Whether `body` always returns or raises before its end."""
    last = body[-1] if body else None
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and leaves(last.body) and leaves(last.orelse)


FLAGS = itertools.count(1)


def leave(body: list[ast.stmt], sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt]:
    """`body` inside the `while True:` of `tails`: each return given to `sink`, then `break`."""
    out: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.Return):
            return out + sink(stmt.value if stmt.value is not None else ast.Constant(None)) + [ast.Break()]
        if isinstance(stmt, ast.If) and returns_inside(stmt):
            stmt.body = leave(stmt.body, sink) or [ast.Pass()]
            stmt.orelse = leave(stmt.orelse, sink)
        elif isinstance(stmt, (ast.For, ast.While)) and returns_inside(stmt):
            if stmt.orelse or breaks(stmt.body):
                raise NotInlined("a loop that returns and breaks")
            flag = f"_left{next(FLAGS)}"

            def flagged(value: ast.expr) -> list[ast.stmt]:
                return sink(value) + [ast.Assign([ast.Name(flag, ast.Store())], ast.Constant(True))]
            stmt.body = returns_broken(stmt.body, flagged)
            out += [ast.Assign([ast.Name(flag, ast.Store())], ast.Constant(False)), stmt,
                    ast.If(ast.Name(flag, ast.Load()), [ast.Break()], [])]
            continue
        elif returns_inside(stmt):
            raise NotInlined("a return inside a statement that cannot be branched")
        out.append(stmt)
    return out


def breaks(body: list[ast.stmt]) -> bool:
    """Whether `body`, a loop's, breaks out of that loop: a `break` anywhere in it but in a loop
    of its own (a `break` in an inner loop's `else` leaves this one) or a nested definition."""
    for stmt in body:
        if isinstance(stmt, ast.Break):
            return True
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            inner = stmt.orelse  # the breaks in its body are its own
        else:
            inner = [child for child in children(stmt) if isinstance(child, ast.stmt)]
            inner += [child for clause in (*getattr(stmt, "handlers", ()), *getattr(stmt, "cases", ()))
                      for child in clause.body]
        if breaks(inner):
            return True
    return False


def returns_broken(body: list[ast.stmt], sink: Callable[[ast.expr], list[ast.stmt]]) -> list[ast.stmt]:
    """A loop's body with each return given to `sink`, then the loop left: new lists and `if`s,
    the other statements shared (only one of the two bodies is kept, so nothing is written twice)."""
    out: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.Return):
            return out + sink(stmt.value if stmt.value is not None else ast.Constant(None)) + [ast.Break()]
        if isinstance(stmt, ast.If):
            stmt = copy.copy(stmt)
            stmt.body = returns_broken(stmt.body, sink) or [ast.Pass()]
            stmt.orelse = returns_broken(stmt.orelse, sink)
        elif returns_inside(stmt):
            raise NotInlined("a return inside a loop inside a loop")
        out.append(stmt)
    return out


# -- the state's attributes held in locals ------------------------------------------------------

class Held:
    """The derived function with the state's attributes it reads and writes most held in local
    variables: loaded on entry, stored back on every exit (a `finally`) and around each statement
    that hands the state itself to code not inlined (that code reads and writes the attributes,
    so they are stored before it and loaded again after)."""

    def __init__(self, parameter: str, cls: type, body: list[ast.stmt]):
        self.parameter = parameter
        self.cls = cls
        self.kinds: dict[str, bool] = {}  # attribute: whether it is plain
        self.written: set[str] = set()  # the attributes the body assigns
        self.yields = False  # whether a decision to yield is left (specialise refuses it)
        self.held_back = False  # whether the state is read in a way locals cannot follow
        self.handed = f"_{parameter}_handed"  # set while code not inlined has the state (see `stores`)
        counts, taken = self.survey(body)
        self.held = {attr: f"{parameter}_{attr}" for attr, count in sorted(counts.items())
                     if count >= 2 and f"{parameter}_{attr}" not in taken}
        if self.held_back:  # a shape this does not hold in locals: the attributes are read as they are
            self.body = body
            return
        held = self.statements(body)
        stores = self.stores()
        if not stores:
            self.body = self.loads() + held
            return
        # on an exception raised by code not inlined, the state holds what that code did
        self.body = self.loads() + [self.flag(False), ast.Try(
            body=held or [ast.Pass()], handlers=[], orelse=[],
            finalbody=[ast.If(ast.UnaryOp(ast.Not(), ast.Name(self.handed, ast.Load())), stores, [])])]

    def survey(self, body: list[ast.stmt]) -> tuple[dict[str, int], set[str]]:
        """How often each plain attribute is read or written, and every name the body uses; and
        whether a yield is left or the state is read in a way locals cannot follow (under another
        name, by a function made in the course, which could run after a store, or by code not
        inlined in a loop's header, read again at every pass with no statement to store before it).
        Decided before any statement is rewritten, since `statements` rewrites them in place."""
        counts: dict[str, int] = {}
        taken: set[str] = set()
        passed: set[int] = set()  # the nodes that are an attribute's object or a call's argument
        named: list[ast.Name] = []  # the state's name wherever it is read
        augmented: dict[int, bool] = {}  # the targets of augmented assignments
        for node in (node for stmt in body for node in walk(stmt)):
            if isinstance(node, ast.AugAssign):
                augmented[id(node.target)] = True
            if isinstance(node, ast.Name):
                taken.add(node.id)
                if node.id == self.parameter:
                    named.append(node)
            elif isinstance(node, ast.Attribute):
                passed.add(id(node.value))
                if self.plain(node):
                    counts[node.attr] = counts.get(node.attr, 0) + 1
                    if augmented.get(id(node)):  # `state.x += 1` reads it and writes it
                        counts[node.attr] += 1
                    if isinstance(node.ctx, ast.Store):
                        self.written.add(node.attr)
            elif isinstance(node, (ast.Yield, ast.YieldFrom)):
                self.yields = True
            elif isinstance(node, (ast.FunctionDef, ast.Lambda)) and any(
                    isinstance(inner, ast.Name) and inner.id == self.parameter for inner in walk(node)):
                self.held_back = True
            elif isinstance(node, ast.Call):
                passed.update(id(arg) for arg in (*node.args, *(keyword.value for keyword in node.keywords)))
            elif isinstance(node, ast.While) and self.hands_over(node.test) or \
                    isinstance(node, ast.For) and (self.hands_over(node.iter) or self.hands_over(node.target)):
                self.held_back = True
        if any(id(node) not in passed for node in named):
            self.held_back = True
        return counts, taken

    def flag(self, value: bool) -> ast.stmt:
        return ast.Assign([ast.Name(self.handed, ast.Store())], ast.Constant(value))

    def plain(self, node: ast.AST) -> bool:
        """`state.x` for an attribute of the state's own (not a method, not a property)."""
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == self.parameter):
            return False
        known = self.kinds.get(node.attr)
        if known is None:
            found = inspect.getattr_static(self.cls, node.attr, None)
            known = self.kinds[node.attr] = found is None or not hasattr(type(found), "__get__") \
                or type(found).__name__ == "member_descriptor"
        return known

    def loads(self) -> list[ast.stmt]:
        return [ast.Assign([ast.Name(local, ast.Store())], ast.Attribute(ast.Name(self.parameter, ast.Load()), attr,
                                                                         ast.Load())) for attr, local in self.held.items()]

    def stores(self) -> list[ast.stmt]:
        """The held attributes the function assigns, stored back (the others hold the same object)."""
        return [ast.Assign([ast.Attribute(ast.Name(self.parameter, ast.Load()), attr, ast.Store())],
                           ast.Name(local, ast.Load())) for attr, local in self.held.items() if attr in self.written]

    def hands_over(self, node: ast.AST) -> bool:
        """Whether `node` lets code not inlined reach the state (the state passed, a method)."""
        allowed: set[int] = set()  # the state's name where it is a plain attribute's object
        named: list[ast.Name] = []
        for child in walk(node):
            if isinstance(child, ast.Attribute):
                if self.plain(child):
                    allowed.add(id(child.value))
            elif isinstance(child, ast.Name) and child.id == self.parameter:
                named.append(child)
        return any(id(name) not in allowed for name in named)

    def substitute(self, node: ast.AST) -> Any:
        """`node` with each held attribute of the state read or written as its local (in place;
        the node itself is returned, or its local if it is one)."""
        local = self.local(node)
        if local is not None:
            return local
        for parent in walk(node):
            for field in parent._fields:
                value = getattr(parent, field, None)
                if isinstance(value, list):
                    for i, item in enumerate(value):
                        local = self.local(item)
                        if local is not None:
                            value[i] = local
                elif isinstance(value, ast.Attribute):
                    local = self.local(value)
                    if local is not None:
                        setattr(parent, field, local)
        return node

    def local(self, node: Any) -> ast.Name | None:
        """The local a held attribute of the state is read or written as, for `node`; else None."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.parameter:
            local = self.held.get(node.attr)
            if local is not None:
                return ast.copy_location(ast.Name(local, node.ctx), node)
        return None

    def statements(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for stmt in body:
            out.extend(self.statement(stmt))
        return out

    def statement(self, stmt: ast.stmt) -> list[ast.stmt]:
        if isinstance(stmt, ast.If):
            prefix: list[ast.stmt] = []
            if self.hands_over(stmt.test):
                name = f"_{self.parameter}_test{next(FLAGS)}"
                prefix = self.stores() + [self.flag(True), ast.Assign([ast.Name(name, ast.Store())], stmt.test)] \
                    + self.loads() + [self.flag(False)]
                stmt.test = ast.Name(name, ast.Load())
            else:
                stmt.test = self.substitute(stmt.test)
            stmt.body = self.statements(stmt.body) or [ast.Pass()]
            stmt.orelse = self.statements(stmt.orelse)
            return prefix + [stmt]
        if isinstance(stmt, (ast.While, ast.For)):
            if isinstance(stmt, ast.While):
                stmt.test = self.substitute(stmt.test)
            else:
                stmt.iter, stmt.target = self.substitute(stmt.iter), self.substitute(stmt.target)
            stmt.body = self.statements(stmt.body) or [ast.Pass()]
            stmt.orelse = self.statements(stmt.orelse)
            return [stmt]
        if self.hands_over(stmt):
            return self.stores() + [self.flag(True), stmt] + self.loads() + [self.flag(False)]
        return [self.substitute(stmt)]
