"""The names of a derived function's inlined bodies, shared where their lives never meet.

Why: inlining gives every call it replaces names of its own (`value_16`, `value_40`), so a
derived course ends with five or six hundred local variables. CPython numbers a function's
variables in one byte; past 255, every instruction that reads or writes one (and every read of a
name bound once per game, numbered after them all) takes an extra instruction, and the frame's
variables spread over many more cache lines. Two inlined calls neither of which runs inside
the other, whose names are read and written in parts of the function that do not overlap, can
use the same variable: each call starts with its names unbound, as its function did, and gives
back only what it returns, so no value of one lives while the other runs.

Which names meet is read from the derived function itself, not assumed from how it was made: a
call's lifetime is the stretch of statements from the first to the last that names one of its
variables, stretched over any loop it reaches into from outside (a value carried from one turn
to the next; a loop's header, read at every turn, counts as reaching in). A lifetime that lies
inside a loop's body belongs to a call made afresh at every turn, unless the loop is the call's
own, so a call never shares with a call it runs inside or that runs inside it. A name read by a
function, a lambda or a comprehension made in the course is a cell, and stays alone. Names are
shared only with names written the same (`value_40` becomes `value_16`), so the derived source
still reads as the functions it came from.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterable

from .syntax import children, node_fields, walk

NESTED = (ast.FunctionDef, ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)


@dataclass
class Lives:
    """Where each inlined call's names are used, by the order of the statements (each statement
    numbered before those inside it)."""
    group_of: dict[str, str]
    spans: dict[str, list[int]] = field(default_factory=dict)
    loops: list[tuple[int, int]] = field(default_factory=list)
    captured: set[str] = field(default_factory=set)
    count: int = 0

    def statements(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.statement(stmt)

    def statement(self, stmt: ast.stmt) -> None:
        at = self.count
        self.count += 1
        inner: list[list[ast.stmt]] = []
        for name in node_fields(stmt.__class__):
            value = getattr(stmt, name, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                inner.append(value)
            elif isinstance(value, list):
                self.expressions(value, at)
            elif isinstance(value, ast.AST):
                self.expressions([value], at)
        if isinstance(stmt, ast.FunctionDef):
            self.capture(stmt)
            self.use(stmt.name, at)
            return
        for block in inner:
            self.statements(block)
        if isinstance(stmt, (ast.While, ast.For)):
            self.loops.append((at, self.count - 1))

    def expressions(self, nodes: Iterable[ast.AST], at: int) -> None:
        pending = list(nodes)
        while pending:
            node = pending.pop()
            if isinstance(node, NESTED):
                self.capture(node)
            elif isinstance(node, ast.Name):
                self.use(node.id, at)
            else:
                pending.extend(children(node))

    def capture(self, node: ast.AST) -> None:
        self.captured.update(inner.id if isinstance(inner, ast.Name) else inner.arg
                             for inner in walk(node) if isinstance(inner, (ast.Name, ast.arg)))

    def use(self, name: str, at: int) -> None:
        group = self.group_of.get(name)
        if group is None:
            return
        span = self.spans.setdefault(group, [at, at])
        span[0], span[1] = min(span[0], at), max(span[1], at)

    def over_loops(self) -> None:
        """Each span stretched over every loop it reaches into without lying inside its body."""
        changed = True
        while changed:
            changed = False
            for span in self.spans.values():
                for start, end in self.loops:
                    overlaps = span[0] <= end and start <= span[1]
                    if overlaps and not start < span[0] <= span[1] <= end and not (span[0] <= start and end <= span[1]):
                        span[0], span[1] = min(span[0], start), max(span[1], end)
                        changed = True


@dataclass
class Slot:
    """A variable the names of several calls take in turn: the first one's name, the end of the
    last one's life, and the calls that have had it."""
    name: str
    end: int
    occupants: set[str]


def shared(body: list[ast.stmt], group_of: dict[str, str], parents: dict[str, str | None]) -> dict[str, str]:
    """The renaming that lets the inlined calls' names share variables: `group_of` gives each
    suffixed name the call it belongs to, `parents` each call the call it was inlined into."""
    lives = Lives(group_of)
    lives.statements(body)
    lives.over_loops()
    names: dict[str, list[str]] = {}
    for name, group in group_of.items():
        if group in lives.spans and name not in lives.captured:
            names.setdefault(group, []).append(name)
    kin = {group: lineage(group, parents) for group in names}  # each call and the calls it is in
    slots: dict[str, list[Slot]] = {}  # by the name before its suffix
    renames: dict[str, str] = {}
    for group in sorted(names, key=lambda group: lives.spans[group][0]):
        start, end = lives.spans[group]
        for name in sorted(names[group]):
            base = name[:name.rindex("_")]
            for slot in slots.setdefault(base, []):
                if slot.end < start and not any(other in kin[group] or group in kin[other] for other in slot.occupants):
                    renames[name] = slot.name
                    slot.end = end
                    slot.occupants.add(group)
                    break
            else:
                slots[base].append(Slot(name, end, {group}))
    return renames


def lineage(group: str, parents: dict[str, str | None]) -> set[str]:
    """A call and the calls it was inlined into."""
    found = set()
    current: str | None = group
    while current is not None:
        found.add(current)
        current = parents.get(current)
    return found
