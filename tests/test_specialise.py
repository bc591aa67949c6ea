"""The specialiser (engine/specialise.py) derives a function that does what the original does.

Each case below is a small "course" written in the shapes the families' courses use (returns in
branches and loops, parameters assigned again, defaults and keywords, calls in conditional
expressions, closures, a state handed to code not inlined); the derived function must give the
same result and leave the same trace and state as the original, for every input drawn. The
expected values are the original Python's, run as written.
"""
from __future__ import annotations

import ast
import dis
import gc
import inspect
import linecache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.engine.specialise import LONG_BRANCH, Receiver, Shape, near_jumps, rename, specialise
from muggins.engine.syntax import children, walk
from muggins.errors import MugginsError
from muggins.families.line import course as line_course, physics as line_physics, scoring as line_scoring
from muggins.families.pile import course as pile_course, physics as pile_physics
from muggins.loader import load_rules
from muggins.engine import make_game
from muggins.engine import common, table
from muggins.engine.table import SIMULATIONS, receiver_of
import muggins
from muggins import bots
from muggins.bots import Policies
from muggins.simulate import play_at_table

import specialise_cases as cases


class Options:
    """Facts fixed for a derivation, as a game's are."""

    def __init__(self, limit: int, strict: bool, mode: str):
        self.limit = limit
        self.strict = strict
        self.mode = mode
        self.rows: tuple[list[int], list[int]] = ([], [])  # a memo's rows: alike until filled in


class State:
    """A state like a course's: facts (`options`, `listening`) and a position it changes."""

    def __init__(self, options: Options, values: list[int]):
        self.options = options
        self.listening = False
        self.values = values
        self.total = 0
        self.count = 0
        self.trace: list[Any] = []

    def note(self, item: Any) -> bool:
        """A method the derivation inlines."""
        self.trace.append(item)
        return item % 3 == 0

    def outcome(self) -> tuple[Any, ...]:
        return self.total, self.count, tuple(self.trace), tuple(self.values)


def derived(entry: Any, options: Options) -> Any:
    receiver = Receiver(State, {"options": options, "listening": False})
    return specialise(entry, receiver, inline=(cases.__name__,)).function()


ENTRIES = [cases.early_returns, cases.loops_that_return, cases.reassigned_parameters, cases.keywords_and_defaults,
           cases.conditional_calls, cases.closures, cases.handed_over, cases.folded_facts, cases.short_circuits,
           cases.nested_scopes, cases.late_closures, cases.not_delegated, cases.matched,
           cases.keyword_to_made, cases.aliased, cases.made_writes, cases.raises_after_handing,
           cases.negative_powers, cases.always_true_loop, cases.hidden_builtin, cases.returns_then_more,
           cases.static_methods, cases.answered_calls, cases.returned_locals, cases.results_seen_early,
           cases.finally_unread, cases.rows_alike_now, cases.unread_arguments, cases.filled_rows_either,
           cases.lazy_in_a_loop, cases.settled_or, cases.indexed_by_truth, cases.shaped_then_dropped,
           cases.made_in_a_loop, cases.handed_in_a_loop_header]
options_drawn = st.builds(Options, st.integers(0, 12), st.booleans(), st.sampled_from(["a", "b", "c"]))


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.__name__)
@settings(max_examples=60, deadline=None)
@given(options=options_drawn, values=st.lists(st.integers(-5, 20), max_size=8))
def test_a_derived_function_does_what_its_source_does(entry: Any, options: Options, values: list[int]) -> None:
    original, copy = State(options, list(values)), State(options, list(values))
    assert outcome(entry, original) == outcome(derived(entry, options), copy)
    assert copy.outcome() == original.outcome()


def outcome(function: Any, state: State) -> Any:
    """What `function` returns (what each function it returns gives), or the error it raises."""
    try:
        result = function(state)
    except Exception as error:  # the same error, whichever runs
        return type(error), str(error)
    return [item() if callable(item) else item for item in result] if isinstance(result, list) else result


def test_the_facts_decide_the_branches_kept() -> None:
    """A fact folded away leaves no branch for the other value, and no read of it."""
    on = specialise(cases.folded_facts, Receiver(State, {"options": Options(3, True, "a"), "listening": False}),
                    inline=(cases.__name__,)).source
    off = specialise(cases.folded_facts, Receiver(State, {"options": Options(3, False, "b"), "listening": False}),
                     inline=(cases.__name__,)).source
    for source in (on, off):
        assert "options" not in source and "listening" not in source
        assert "heard" not in source  # the listening branch is gone
    assert "'strict'" in on and "'lenient'" not in on
    assert "'lenient'" in off and "'strict'" not in off


def test_returns_in_branches_and_loops_keep_their_shape() -> None:
    """A callee whose returns end branches (`classify`: an `if` that returns, then more) is
    spliced as branches, and one returning from a loop (`find`) as the loop's `else`; one with a
    return in a branch that may not leave, then more (`counted`), runs once inside a loop."""
    def source(entry: Any) -> str:
        return specialise(entry, Receiver(State, {"options": Options(3, True, "a"), "listening": False}),
                          inline=(cases.__name__,)).source
    assert "'odd three'" in source(cases.early_returns) and "while True" not in source(cases.early_returns)
    loops = ast.parse(source(cases.loops_that_return))
    assert [node for node in ast.walk(loops) if isinstance(node, ast.For) and node.orelse]
    assert "while True" not in source(cases.loops_that_return)
    assert "while True" in source(cases.returns_then_more)


def test_a_length_or_an_item_nothing_reads_once_the_facts_drop_a_branch_is_not_computed() -> None:
    def source(strict: bool) -> str:
        return specialise(cases.unread_arguments, Receiver(State, {"options": Options(3, strict, "a"),
                                                                   "listening": False}), inline=(cases.__name__,)).source
    assert "len(" in source(True) and "bit_count" in source(True)
    assert "len(" not in source(False) and "bit_count" not in source(False) and "values" not in source(False)


def test_a_static_method_is_inlined_as_a_function() -> None:
    source = specialise(cases.static_methods, Receiver(State, {"options": Options(3, True, "a"), "listening": False}),
                        inline=(cases.__name__,)).source
    assert "half(" not in source and "// 2 + 3" in source


def test_an_answer_known_when_the_rules_load_settles_the_tests_it_decides() -> None:
    """A call whose answer the rules fix is folded like a known value: the test it settles
    (whatever a comparison before it gives) is gone, with the branch it never takes; and a
    value read into a name nothing reads is not read at all."""
    def source(strict: bool) -> str:
        return specialise(cases.answered_calls, Receiver(State, {"options": Options(3, strict, "a"), "listening": False}),
                          inline=(cases.__name__,)).source
    strict, lenient = source(True), source(False)
    for text in (strict, lenient):
        assert "strict" not in text and "looked_up" not in text and "state.total" not in text
        assert not [node for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Compare)]
    assert "note" not in strict  # every value kept as it is
    assert "note" in lenient  # every value noted


def test_a_step_s_own_result_is_assigned_to_the_caller_s_name() -> None:
    """A step whose result is a variable of its own computes it into the caller's name (no copy);
    a pair is assigned one name at a time."""
    source = specialise(cases.returned_locals, Receiver(State, {"options": Options(3, True, "a"), "listening": False}),
                        inline=(cases.__name__,)).source
    assert "twice = value * 2" in source and "twice = result" not in source
    assert "low = min(" in source and "high = max(" in source and "_result" not in source
    assert not [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Assign)
                and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple)]


def test_a_course_left_with_a_decision_to_yield_is_refused() -> None:
    with pytest.raises(RuntimeError, match="yield"):
        specialise(cases.asks_the_table, Receiver(State, {"options": Options(1, True, "a"), "listening": False}),
                   inline=(cases.__name__,))


@pytest.mark.parametrize("name,module", [("card-muggins", pile_course), ("domino-muggins", line_course)])
def test_a_simulated_course_calls_none_of_its_steps(name: str, module: Any) -> None:
    """Every step of the built-in courses is inlined in the simulation derived from them, and no
    branch for a listener (an event built for the table) is left."""
    game = make_game(load_rules(name), 2, 10)
    state = game.new_state("s:1", Policies(["greedy", "random"], "s:1"))
    derivation = specialise(state.COURSE, receiver_of(state))
    steps = {id(value): key for key, value in vars(module).items() if callable(value)
             and getattr(value, "__module__", "") == module.__name__}
    called = {steps[id(value)] for value in derivation.bound if id(value) in steps}
    assert called == set()
    tree = ast.parse(derivation.source)
    # nor a method of the state's parts (the line, the policies), a call left where a step calls
    # one inside an expression (`fits & line.open_mask()` stays a call; `fits = line.open_mask()` not)
    methods = {method for part in state.PARTS for cls in type(getattr(state, part)).__mro__
               if cls.__module__.startswith("muggins") for method, value in vars(cls).items() if callable(value)}
    assert not {node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute) and node.func.attr in methods}
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "listening"]


def test_games_alike_share_one_derivation_and_others_have_their_own() -> None:
    """A derivation is made once per process for a rule file, table and kind of bots: a game made
    again from the same file reuses it; other bots, players or rules get their own."""
    def simulation(name: str, players: int, bots: list[str]) -> Any:
        game = make_game(load_rules(name), players, 10)
        state = game.new_state("s:1", Policies(bots, "s:1"))
        return game.simulation(state)
    first = simulation("card-muggins", 2, ["greedy", "greedy"])
    assert simulation("card-muggins", 2, ["greedy", "greedy"]) is first
    assert simulation("card-muggins", 2, ["greedy", "random"]) is not first
    assert simulation("card-muggins", 3, ["greedy"] * 3) is not first
    assert simulation("card-muggins-strict-21", 2, ["greedy", "greedy"]) is not first


def test_bots_of_another_class_play_their_own_game() -> None:
    """Policies of another class (here from outside the engine, so called, not inlined) play
    their own choices, and the engine's own policies still play the table's game after them:
    the derivations are kept apart by the parts' classes."""
    class LastChoice(Policies):
        __slots__ = ()

        def pick(self, player: int, keys: Any) -> int:
            return len(keys) - 1

    SIMULATIONS.clear()

    def played(cls: Any) -> Any:
        game = make_game(load_rules("card-muggins"), 2, 10)
        state = game.new_state("x:1", cls(["random", "random"], "x:1"))
        return state.outcome.scores, state.moves, [move for move in state.scored]
    alone = played(LastChoice)
    played(Policies)
    assert played(LastChoice) == alone
    table = play_at_table(make_game(load_rules("card-muggins"), 2, 10), ["random", "random"], "x:1", 0.0, 1.0)
    assert played(Policies)[2] == table.scored != alone[2]


def test_a_course_whose_file_changed_since_it_was_imported_is_refused(tmp_path: Any, monkeypatch: Any) -> None:
    """The derivation reads the source: if it is not the code running, it says so."""
    module = tmp_path / "changed_course.py"
    module.write_text("def entry(state):\n    state.total += 1\n    return 'old'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import changed_course
    module.write_text("def entry(state):\n    state.total += 2\n    return 'new'\n")
    linecache.checkcache(str(module))
    with pytest.raises(MugginsError, match="changed since this program started") as refused:
        specialise(changed_course.entry, Receiver(State, {"options": Options(1, True, "a"), "listening": False}),
                   inline=("changed_course",))
    assert "cambió" in refused.value.said("es")


def test_a_course_without_its_source_is_refused_in_both_languages() -> None:
    namespace: dict[str, Any] = {}
    exec("def entry(state):\n    return state.total\n", namespace)  # a function with no file to read
    with pytest.raises(MugginsError, match="needs the source") as refused:
        specialise(namespace["entry"], Receiver(State, {"options": Options(1, True, "a"), "listening": False}))
    assert "código fuente" in refused.value.said("es")


def test_deriving_holds_the_garbage_collector_off_and_gives_it_back():
    """A derivation's syntax nodes die young: no collection runs while it derives (one would
    promote them, and a full collection of a long simulation's memos took a quarter of a second),
    and the collector is left as it was found."""
    state = make_game(load_rules("domino-muggins"), 2).new_state("g", Policies(["greedy"] * 2, "g"))
    started: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        specialise(type(state).COURSE, receiver_of(state))
    finally:
        gc.callbacks.remove(seen)
    assert started == [] and gc.isenabled()
    gc.disable()
    try:
        specialise(type(state).COURSE, receiver_of(state))
        assert not gc.isenabled()
    finally:
        gc.enable()


def branch(test: str, lines: int, orelse: bool = False) -> ast.If:
    body = "".join(f"    total += value * {i}\n" for i in range(lines))
    source = f"if {test}:\n{body}" + ("else:\n    total = 0\n" if orelse else "")
    return ast.parse(source).body[0]  # type: ignore[return-value]


def jump_after_comparison(stmt: ast.stmt) -> str:
    """The instruction that follows the comparison of `stmt`'s test, compiled in a function."""
    function = ast.FunctionDef("f", ast.arguments([], [ast.arg("value")], None, [], [], None, []),
                               [ast.parse("total = 0").body[0], stmt], [], None, None)
    namespace: dict[str, Any] = {}
    exec(compile(ast.fix_missing_locations(ast.Module([function], [])), "<branch>", "exec"), namespace)
    instructions = [i for i in dis.get_instructions(namespace["f"]) if i.opname != "CACHE"]
    at = next(n for n, i in enumerate(instructions) if i.opname == "COMPARE_OP")
    return instructions[at + 1].opname


def test_a_comparison_jumps_over_a_pass_not_over_a_long_branch() -> None:
    """CPython 3.11 specialises a comparison only where a conditional jump follows it at once; a
    jump over a long branch takes an EXTENDED_ARG first. A long branch with no `else` becomes the
    `else` of `if not test: pass`, and its comparison is followed by its jump again."""
    long = branch("value > 3", 80)
    assert sum(1 for node in ast.walk(long) if not isinstance(node, ast.expr_context)) > LONG_BRANCH
    assert jump_after_comparison(branch("value > 3", 80)) == "EXTENDED_ARG"
    turned = near_jumps([long])[0]
    assert isinstance(turned, ast.If) and isinstance(turned.test, ast.UnaryOp) and isinstance(turned.test.op, ast.Not)
    assert [type(stmt) for stmt in turned.body] == [ast.Pass] and len(turned.orelse) == 80
    assert jump_after_comparison(turned).startswith("POP_JUMP")
    for kept in (branch("value > 3", 5), branch("value > 3", 80, orelse=True), branch("value", 80)):
        before = ast.dump(kept)
        assert ast.dump(near_jumps([kept])[0]) == before  # short, with an else, or no comparison
    namespace: dict[str, Any] = {}
    for stmt, name in ((branch("value > 3", 80), "plain"), (near_jumps([branch("value > 3", 80)])[0], "turned")):
        function = ast.FunctionDef(name, ast.arguments([], [ast.arg("value")], None, [], [], None, []),
                                   [ast.parse("total = 0").body[0], stmt, ast.parse("return total").body[0]],
                                   [], None, None)
        exec(compile(ast.fix_missing_locations(ast.Module([function], [])), "<branch>", "exec"), namespace)
    assert [namespace["plain"](value) for value in range(8)] == [namespace["turned"](value) for value in range(8)]


def spelled_oddly(state: Any, größe: int = 2) -> str:
    """A function whose text is hard to cut at its names: non-ASCII names and text, a lambda, a
    nested function, a comprehension, a line continued."""
    def inner(value: int, *, größe: int = größe) -> int:
        return value + größe  # größe – Größe
    pick = lambda value: inner(value) if \
        value > größe else -value  # noqa: E731
    return str(state) + "–".join(str(pick(item)) for item in range(größe))


def said_in_f_strings(state: Any, size: int = 2) -> str:
    """Names in f-strings, one writing its own text (`{size=}`): renamed in the tree, never in the
    text."""
    return f"{state!r:>{size}} {size=} {'a' if size else 'b'}"


def functions_inlined() -> list[Any]:
    """Every function and method the derivation may read: the families' courses and physics, the
    table's, the bots', the cases' and one written to be hard to cut."""
    found: list[Any] = [spelled_oddly, said_in_f_strings]
    for module in (line_course, line_physics, line_scoring, pile_course, pile_physics, common, table, bots, cases):
        for value in vars(module).values():
            members = vars(value).values() if isinstance(value, type) else [value]
            functions = [getattr(member, "__func__", member) for member in members]  # a static method's own
            found += [function for function in functions
                      if inspect.isfunction(function) and function.__code__.co_filename == module.__file__]
    return found


@pytest.mark.parametrize("function", functions_inlined(), ids=lambda function: function.__qualname__)
def test_a_body_renamed_in_its_text_is_the_body_renamed_in_its_tree(function: Any) -> None:
    """A function inlined is parsed with its names already renamed (`Shape.fresh`): the tree must
    be the one renaming the parsed tree gives, node for node."""
    shape = Shape(function)
    names = {name: f"{name}_7" for name in shape.local} | {"state": "caller"}
    expected = shape.fresh()
    rename(expected.body, names)
    assert ast.dump(shape.fresh(names)) == ast.dump(expected)
    f_strings = [node for node in ast.walk(expected) if isinstance(node, ast.JoinedStr)]
    assert (shape.pieces is None) == bool(f_strings)  # cut in its text wherever that is safe


ODD_SYNTAX = """
def f(a, *args, b=None, c, **kw) -> int:
    global g
    x = {**a, 1: 2, None: 3}
    y = [*args, *(i for i in a if i)]
    lambda *, k=None: k
    async def h(): await x; yield
    try: pass
    except (E, F) as e: raise e from None
    match a:
        case {"k": 1, **rest}: pass
        case Point(1, y=2) | [1, *others]: pass
        case str() as s if s: pass
    with a as (b, c), d: del b
    return f"{x!r:>{a}} {y=}"
import os.path as p, sys
from . import q as r
"""


def test_a_walk_meets_every_node_in_the_order_ast_walk_does() -> None:
    """`walk` and `children` (engine/syntax.py) skip the fields that never hold a node and queue a
    list's items unread: on muggins's own sources and on a text of the rarer syntax (a `None`
    key, names of a `global`, patterns, aliases) they give the same nodes in the same order."""
    texts = [path.read_text(encoding="utf-8") for path in Path(muggins.__file__).parent.rglob("*.py")]
    for text in [ODD_SYNTAX, *texts]:
        tree = ast.parse(text)
        expected = list(ast.walk(tree))
        assert [id(node) for node in walk(tree)] == [id(node) for node in expected]
        assert all(children(node) == list(ast.iter_child_nodes(node)) for node in expected)
