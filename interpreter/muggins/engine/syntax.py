"""Walking the syntax trees a derivation reads and makes (engine/specialise.py, engine/slots.py).

Why: a derivation walks the trees of every function it inlines, and of what it makes of them,
over and over (what a body reads, stores, makes, renames); `ast.walk` resumes three generators
for every node and `ast.iter_child_nodes` two, and both read every field, the names and flags
that never hold a node included. Here a class's fields that may hold a node are found once.
"""
from __future__ import annotations

import ast
from collections import deque
from typing import Iterator

# fields that never hold a node (names, flags, a constant's value): a walk skips them; `name` is
# text only in these classes (from Python 3.12 a `type` statement's `name` is a node)
SCALAR_FIELDS = frozenset({"id", "arg", "attr", "module", "kind", "type_comment", "is_async", "conversion", "simple",
                           "level"})
NAMED_BY_TEXT = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler, ast.alias, ast.MatchAs,
                 ast.MatchStar)
NODE_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {ast.Constant: ()}  # a constant's value is never a node


def node_fields(cls: type[ast.AST]) -> tuple[str, ...]:
    """The fields of a class of node that may hold a node, found once."""
    fields = NODE_FIELDS.get(cls)
    if fields is None:
        named = issubclass(cls, NAMED_BY_TEXT)
        fields = NODE_FIELDS[cls] = tuple(name for name in cls._fields
                                          if name not in SCALAR_FIELDS and not (named and name == "name"))
    return fields


def children(node: ast.AST) -> list[ast.AST]:
    """The nodes directly under `node`, in `ast.iter_child_nodes`'s order."""
    found: list[ast.AST] = []
    for name in node_fields(node.__class__):
        value = getattr(node, name, None)
        if isinstance(value, list):
            found.extend(item for item in value if isinstance(item, ast.AST))
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node of `node`'s tree, in `ast.walk`'s order (breadth first, fields in order), from
    one generator. A list's items are queued as they are and what is not a node is skipped when
    its turn comes (a `None` key of a dictionary unpacked, a name of a `global`): most lists hold
    only nodes."""
    pending = deque([node])
    take, add, add_all = pending.popleft, pending.append, pending.extend
    known = NODE_FIELDS.get
    while pending:
        node = take()
        fields = known(node.__class__)
        if fields is None:
            if not isinstance(node, ast.AST):
                continue
            fields = node_fields(node.__class__)
        for name in fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                add_all(value)
            elif value is not None:
                add(value)
        yield node
