"""The least and the most an integer expression can be, from the least and the most of each name
it reads: what the rules summary needs to tell points that are never a loss from points that may
be one, for formulas no game tabulates (they read several names, or a name with no table).

Bounds are safe, not tight: where the language gives no simple bound (a product of two signed
values, a division by a value that may be negative), the result is unbounded on that side, and
the summary then says nothing it cannot know.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from lark import Tree

from .compiler import Expression, parsed

Bound = tuple[int | None, int | None]  # the least and the most; None: no bound that side
UNBOUNDED: Bound = (None, None)
COUNTS: Bound = (0, None)                   # a count of things: never negative


def bounds(expression: Expression, names: Mapping[str, Bound], condition: Expression | None = None) -> Bound:
    """The least and the most `expression` can be, when each name lies within its bounds in
    `names` (a list's bounds are its items'), and, when given, `condition` holds: its comparisons
    of a name with a number, joined by `and`, narrow that name (`score > 0` makes it at least 1)."""
    known = dict(names)
    if condition is not None:
        _narrow(parsed(condition.source), known)
    return _bound(parsed(expression.source), known)


def _narrow(node: Any, known: dict[str, Bound]) -> None:
    """Narrow `known` by what a condition that holds says of its names."""
    if isinstance(node, Tree) and node.data == "and_":
        for child in node.children:
            _narrow(child, known)
    elif isinstance(node, Tree) and node.data == "compare":
        parts = node.children
        for left, op, right in zip(parts[0::2], parts[1::2], parts[2::2]):
            _narrow_one(left, str(op), right, known)


_MIRRORED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _narrow_one(left: Any, op: str, right: Any, known: dict[str, Bound]) -> None:
    """`name OP number` (or `number OP name`) narrows the name's bounds."""
    if _is(right, "name") and _is(left, "int"):
        left, right, op = right, left, _MIRRORED.get(op, "")
    if not (_is(left, "name") and _is(right, "int")):
        return
    name, value = _dotted(left), int(right.children[0])
    low, high = known.get(name, UNBOUNDED)
    if op in (">", ">=", "=="):
        floor = value + (op == ">")
        low = floor if low is None else max(low, floor)
    if op in ("<", "<=", "=="):
        ceiling = value - (op == "<")
        high = ceiling if high is None else min(high, ceiling)
    known[name] = (low, high)


def _is(node: Any, kind: str) -> bool:
    return isinstance(node, Tree) and node.data == kind


def _dotted(node: Tree) -> str:
    return ".".join(str(part) for part in node.children)


def _bound(node: Any, known: Mapping[str, Bound]) -> Bound:
    """The bounds of one node of a parse tree (of a list: of its items)."""
    kind = node.data if isinstance(node, Tree) else ""
    if kind == "int":
        value = int(node.children[0])
        return value, value
    if kind == "name":
        return known.get(_dotted(node), UNBOUNDED)
    if kind == "pos":
        return _bound(node.children[0], known)
    if kind == "neg":
        low, high = _bound(node.children[0], known)
        return _minus(high), _minus(low)
    if kind == "arith":
        return _arith(node.children, known)
    if kind in ("ternary", "list"):  # either branch (a ternary's condition, in the middle, is no value)
        values = node.children[0::2] if kind == "ternary" else node.children
        return either([_bound(child, known) for child in values if child is not None])
    if kind == "call":
        return _call(str(node.children[0]), [_bound(arg, known) for arg in node.children[1:] if arg is not None])
    return UNBOUNDED


def _minus(value: int | None) -> int | None:
    return None if value is None else -value


def either(found: list[Bound]) -> Bound:
    """Bounds that hold for any of `found` (unbounded for none)."""
    lows, highs = [low for low, _ in found], [high for _, high in found]
    return (None if None in lows or not lows else min(x for x in lows if x is not None),
            None if None in highs or not highs else max(x for x in highs if x is not None))


def _arith(parts: list[Any], known: Mapping[str, Bound]) -> Bound:
    """`a + b - c`, `a * b // c`: left to right."""
    result = _bound(parts[0], known)
    for op, operand in zip(parts[1::2], parts[2::2]):
        result = _OPERATIONS[str(op)](result, _bound(operand, known))
    return result


def _add(a: Bound, b: Bound) -> Bound:
    return (None if a[0] is None or b[0] is None else a[0] + b[0],
            None if a[1] is None or b[1] is None else a[1] + b[1])


def _subtract(a: Bound, b: Bound) -> Bound:
    return _add(a, (_minus(b[1]), _minus(b[0])))


def _multiply(a: Bound, b: Bound) -> Bound:
    if None not in a and None not in b:
        products = [x * y for x in a for y in b]  # type: ignore[operator]
        return min(products), max(products)
    if a[0] is not None and b[0] is not None and a[0] >= 0 and b[0] >= 0:  # both never negative
        return a[0] * b[0], None
    return UNBOUNDED


def _divide(a: Bound, b: Bound) -> Bound:
    if b[0] is None or b[0] < 1:  # a divisor that may be 0 or negative: no simple bound
        return UNBOUNDED
    if a[0] is not None and a[0] >= 0:  # floor division of a value never negative by a positive one
        return a[0] // b[1] if b[1] is not None else 0, None if a[1] is None else a[1] // b[0]
    if b[0] == b[1]:
        return (None if a[0] is None else a[0] // b[0], None if a[1] is None else a[1] // b[0])
    return UNBOUNDED


def _remainder(a: Bound, b: Bound) -> Bound:
    if b[0] is None or b[0] < 1:
        return UNBOUNDED
    return 0, None if b[1] is None else b[1] - 1  # a remainder by a positive divisor lies below it


_OPERATIONS: dict[str, Callable[[Bound, Bound], Bound]] = {
    "+": _add, "-": _subtract, "*": _multiply, "//": _divide, "%": _remainder}


def _call(name: str, args: list[Bound]) -> Bound:
    """A function of the language on arguments within `args` (a list's are its items')."""
    if name in ("min", "max"):
        lows, highs = [low for low, _ in args], [high for _, high in args]
        if name == "min":  # at least the least of the lows, at most any high
            return _of_all(min, lows), _of_any(min, highs)
        return _of_any(max, lows), _of_all(max, highs)
    if name == "abs":
        low, high = args[0]
        if low is not None and low >= 0:
            return low, high
        return 0, None if low is None or high is None else max(-low, high)
    if name == "last":
        return args[0]
    if name in ("sum", "round_nearest", "round_down", "round_up"):  # as signed as what they sum or round
        low, high = args[0]
        return (0 if low is not None and low >= 0 else None, 0 if high is not None and high <= 0 else None)
    return COUNTS  # count, distinct, same_at_end, run_at_end


def _of_all(pick: Callable[[list[int]], int], values: list[int | None]) -> int | None:
    """`pick` of every value, when each is bounded."""
    bounded = [value for value in values if value is not None]
    return pick(bounded) if bounded and len(bounded) == len(values) else None


def _of_any(pick: Callable[[list[int]], int], values: list[int | None]) -> int | None:
    """`pick` of the bounded values, when any is."""
    bounded = [value for value in values if value is not None]
    return pick(bounded) if bounded else None


def cuts(expressions: Iterable[Expression], fact: str) -> tuple[int, ...] | None:
    """Where the value of `fact` (a name, or an aggregate read as one: `count(line.pips)`, see
    `lift`) may change what `expressions` give, when they read it only compared with a number
    (`count(line.pips) > 6`): the values from which a comparison's answer changes, sorted. Values
    with as many cuts at or below them give every expression the same value (`bisect_right`).
    None when one reads it otherwise (in arithmetic, a call, beside a name)."""
    found: set[int] = set()
    # by the names read, not the text: the text may spell the aggregate otherwise (`count( line.pips )`)
    listed = fact.partition("(")[2][:-1]
    for expression in expressions:
        reads = fact in expression.names or listed in expression.names
        if reads and not _cut(parsed(expression.source), fact, found):
            return None
    return tuple(sorted(found))


def _cut(node: Any, fact: str, found: set[int]) -> bool:
    """Add to `found` the cuts of `fact` in `node`; False where it is read otherwise."""
    if not isinstance(node, Tree):
        return True
    if _fact(node) == fact:
        return False
    if node.data != "compare":
        return all(_cut(child, fact, found) for child in node.children)
    parts = node.children
    for index in range(0, len(parts), 2):
        if _fact(parts[index]) != fact:
            if not _cut(parts[index], fact, found):
                return False
            continue
        for other, op in ((index - 2, index - 1), (index + 2, index + 1)):
            if 0 <= other < len(parts):
                sign = str(parts[op]) if other > index else _MIRRORED.get(str(parts[op]), "")
                number = _number(parts[other])
                if number is None or sign not in _CUT:
                    return False
                found.update(number + step for step in _CUT[sign])
    return True


# `fact OP number`: the values of `fact` from which the answer may change, as steps from the number
_CUT = {">": (1,), ">=": (0,), "<": (0,), "<=": (1,), "==": (0, 1), "!=": (0, 1)}


def _number(node: Any) -> int | None:
    """The number a node is written as (`6`, `-1`), or None."""
    if _is(node, "neg"):
        number = _number(node.children[0])
        return None if number is None else -number
    return int(node.children[0]) if _is(node, "int") else None


def _fact(node: Any) -> str | None:
    """What a node reads, where it is a name or an aggregate of one (`count(line.pips)`)."""
    if _is(node, "name"):
        return _dotted(node)
    if _is(node, "call") and len(node.children) == 2 and _is(node.children[1], "name"):
        return f"{node.children[0]}({_dotted(node.children[1])})"
    return None
