"""Rules of the expression language: Python's integer semantics, checked names and types, bounds."""
from __future__ import annotations

import re
from bisect import bisect_right

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.dsl import Type, compile_expression, compile_scoring, lift, round_down, round_nearest, round_up
from muggins.dsl.bounds import cuts
from muggins.errors import ExpressionError, RuleError

CONTEXT = {"x": Type.INT, "y": Type.INT, "flag": Type.BOOL, "card.value": Type.INT, "ends": Type.LIST}
PY_FUNCS = {"min": min, "max": max, "abs": abs}

# Each strategy yields (muggins text, Python text) for the same expression; st.recursive keeps
# the generated expressions small.
INT_LEAVES = st.one_of(
    st.integers(0, 40).map(lambda n: (str(n), str(n))),
    st.sampled_from([("x", "x"), ("y", "y"), ("card.value", "card_value")]),
)
BOOL_LEAVES = st.sampled_from([("true", "True"), ("false", "False"), ("flag", "flag")])


def _extend_ints(inner):
    return st.one_of(
        inner.map(lambda e: (f"-{e[0]}", f"-{e[1]}")),
        inner.map(lambda e: (f"({e[0]})", f"({e[1]})")),
        st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: (f"{t[0][0]} {t[1]} {t[2][0]}", f"{t[0][1]} {t[1]} {t[2][1]}")),
        st.tuples(inner, _comparisons(inner), inner).map(
            lambda t: (f"({t[0][0]} if {t[1][0]} else {t[2][0]})", f"({t[0][1]} if {t[1][1]} else {t[2][1]})")),
        st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(
            lambda t: (f"{t[0]}({t[1][0]}, {t[2][0]})", f"{t[0]}({t[1][1]}, {t[2][1]})")),
        inner.map(lambda e: (f"abs({e[0]})", f"abs({e[1]})")),
    )


def _comparisons(operands):
    return st.one_of(
        BOOL_LEAVES,
        st.tuples(operands, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), operands).map(
            lambda t: (f"{t[0][0]} {t[1]} {t[2][0]}", f"{t[0][1]} {t[1]} {t[2][1]}")),
        st.tuples(operands, st.sampled_from(["<", "<="]), operands, st.sampled_from(["<", "=="]), operands).map(
            lambda t: (f"{t[0][0]} {t[1]} {t[2][0]} {t[3]} {t[4][0]}", f"{t[0][1]} {t[1]} {t[2][1]} {t[3]} {t[4][1]}")),
        st.tuples(operands, st.lists(operands, max_size=3)).map(
            lambda t: (f"{t[0][0]} in [{', '.join(i[0] for i in t[1])}]",
                       f"{t[0][1]} in ({''.join(i[1] + ', ' for i in t[1])})")),
    )


ints = st.recursive(INT_LEAVES, _extend_ints, max_leaves=12)
bools = st.recursive(
    _comparisons(ints),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(
            lambda t: (f"({t[0][0]} {t[1]} {t[2][0]})", f"({t[0][1]} {t[1]} {t[2][1]})")),
        inner.map(lambda e: (f"not {e[0]}", f"not {e[1]}")),
    ),
    max_leaves=8,
)
envs = st.fixed_dictionaries({"x": st.integers(-50, 50), "y": st.integers(-50, 50),
                              "flag": st.booleans(), "card.value": st.integers(1, 10)})


def python_value(text: str, env: dict):
    names = {"x": env["x"], "y": env["y"], "flag": env["flag"], "card_value": env["card.value"], **PY_FUNCS}
    try:
        return eval(text, {"__builtins__": {}}, names)  # the test's own generated text, never user input
    except ZeroDivisionError:
        return ZeroDivisionError


@settings(max_examples=400, deadline=None)
@given(ints, envs)
def test_integer_expressions_follow_python_integer_semantics(expr, env):
    ours, python = expr
    expected = python_value(python, env)
    try:
        compiled = compile_expression(ours, CONTEXT, Type.INT)
    except ExpressionError as exc:  # a constant expression is evaluated, and its faults reported, at load;
        # a division by a constant zero is refused wherever it stands, even where Python would not reach it
        assert "division or modulo by zero" in str(exc)
        return
    if expected is ZeroDivisionError:
        with pytest.raises(RuleError, match="division or modulo by zero"):
            compiled(env)
    else:
        assert compiled(env) == expected


@settings(max_examples=400, deadline=None)
@given(bools, envs)
def test_conditions_follow_python_semantics(expr, env):
    ours, python = expr
    expected = python_value(python, env)
    try:
        compiled = compile_expression(ours, CONTEXT, Type.BOOL)
    except ExpressionError as exc:  # a division by a constant zero, refused wherever it stands
        assert "division or modulo by zero" in str(exc), exc
        return
    try:
        actual = compiled(env)
    except RuleError as exc:
        assert expected is ZeroDivisionError, exc
        return
    assert actual == expected


def test_division_by_zero_at_run_time_names_expression_and_file_line():
    from muggins.errors import Location
    compiled = compile_expression("x // y", CONTEXT, Type.INT, Location("house.yaml", 12, 9, "  points: x // y"))
    with pytest.raises(RuleError) as caught:
        compiled({"x": 1, "y": 0})
    assert str(caught.value) == "house.yaml:12: division or modulo by zero in 'x // y', with x = 1, y = 0"


def test_a_failure_at_run_time_names_the_numbers_and_conditions_the_expression_read():
    """Which input broke a house formula, in both languages: the names it reads with their values
    (`true` as the language writes it), not a list (long, and the same message whether the
    expression reads the list or only its count) nor a name it does not read."""
    compiled = compile_expression("x // y if flag else min(ends)", CONTEXT, Type.INT)
    with pytest.raises(RuleError) as caught:
        compiled({"x": 3, "y": 0, "flag": True, "ends": (1, 2), "card.value": 4})
    assert str(caught.value) == "<expression>: division or modulo by zero in 'x // y if flag else min(ends)', " \
                                "with flag = true, x = 3, y = 0"
    assert caught.value.args[0].said("es") == "<expression>: división o módulo entre cero en " \
                                              "'x // y if flag else min(ends)', con flag = true, x = 3, y = 0"
    with pytest.raises(RuleError) as caught:
        compiled({"x": 3, "y": 0, "flag": False, "ends": ()})
    assert str(caught.value).endswith("in 'x // y if flag else min(ends)', with flag = false, x = 3, y = 0")
    with pytest.raises(RuleError) as caught:
        compile_expression("min(ends)", CONTEXT, Type.INT)({"ends": ()})
    assert str(caught.value) == "<expression>: min() of an empty list in 'min(ends)'"


def test_the_same_text_compiled_again_fails_where_each_is_written_and_checks_its_own_names():
    """A text's tree and generated code are kept once made: each compiled expression still says its
    own file and line, and names unknown where it is written are still refused there."""
    from muggins.errors import Location
    first = compile_expression("x // y", CONTEXT, Type.INT, Location("house.yaml", 12, 9, "  points: x // y"))
    again = compile_expression("x // y", CONTEXT, Type.INT, Location("other.yaml", 3, 9, "  points: x // y"))
    for compiled, said in ((first, "house.yaml:12"), (again, "other.yaml:3"), (first, "house.yaml:12")):
        with pytest.raises(RuleError) as caught:
            compiled({"x": 1, "y": 0})
        assert str(caught.value) == f"{said}: division or modulo by zero in 'x // y', with x = 1, y = 0"
    assert compiled({"x": 7, "y": 2}) == 3
    assert (first.function.__code__.co_filename, again.function.__code__.co_filename) == (
        "<muggins expression at house.yaml:12>", "<muggins expression at other.yaml:3>")  # as tracebacks say
    with pytest.raises(ExpressionError, match="'y'"):
        compile_expression("x // y", {"x": Type.INT}, Type.INT)


def test_five_hundred_term_chain_compiles_without_recursion_error():
    source = "-".join(["1"] * 500)
    assert compile_expression(source, {}, Type.INT)({}) == -498


def test_expression_length_is_bounded():
    with pytest.raises(ExpressionError, match="the limit is 1000"):
        compile_expression("+".join(["1"] * 600), {}, Type.INT)


def test_nesting_is_bounded():
    with pytest.raises(ExpressionError, match="nested deeper"):
        compile_expression("not " * 40 + "true", {}, Type.BOOL)


def test_results_are_capped():
    with pytest.raises(RuleError, match="out of range"):
        compile_expression("x * x * x * x * x", CONTEXT, Type.INT)({"x": 10**6})


@pytest.mark.parametrize("source, message", [
    ("1 and 2", "each side of 'and' must be a condition"),
    ("x + flag", "the operand of '+' must be an integer"),
    ("x == flag", "compares two values of the same type"),
    ("flag < 1", "compares two integers"),
    ("ends in [1]", "an integer 'in' a list"),
    ("-flag", "unary minus must be an integer"),
    ("x if x else y", "the condition after 'if' must be a condition"),
    ("x if flag else flag", "both branches"),
])
def test_types_are_checked_at_load_time(source, message):
    expected = Type.BOOL if " and " in source or "==" in source or "<" in source or " in " in source else Type.INT
    with pytest.raises(ExpressionError, match=re.escape(message)):
        compile_expression(source, CONTEXT, expected)


@pytest.mark.parametrize("source, message", [
    ("min(1)", "min() takes"),
    ("round_nearest(x)", "round_nearest() takes (integer, integer)"),
    ("sum(x)", "sum() takes (list of integers)"),
    ("count(ends, 1)", "count() takes"),
    ("pow(x, 2)", "unknown function 'pow'"),
])
def test_function_arity_and_argument_types_are_checked(source, message):
    with pytest.raises(ExpressionError, match=re.escape(message)):
        compile_expression(source, CONTEXT, Type.INT)


def test_unknown_name_suggests_the_nearest_and_lists_the_context():
    with pytest.raises(ExpressionError) as caught:
        compile_expression("card.valeu + 1", CONTEXT, Type.INT)
    message = caught.value.problems[0].message
    assert "unknown name 'card.valeu'; did you mean 'card.value'?" in message
    assert "available here: card.value, ends, flag, x, y" in message


def test_list_functions():
    env = {"ends": (3, 12)}
    assert compile_expression("sum(ends)", CONTEXT, Type.INT)(env) == 15
    assert compile_expression("count(ends)", CONTEXT, Type.INT)(env) == 2
    assert compile_expression("max(ends)", CONTEXT, Type.INT)(env) == 12
    with pytest.raises(RuleError, match="min\\(\\) of an empty list"):
        compile_expression("min(ends)", CONTEXT, Type.INT)({"ends": ()})


@pytest.mark.parametrize("pips, rounded", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (7, 5), (8, 10), (10, 10), (12, 10), (13, 15)])
def test_round_nearest_five_rounds_remainders_one_two_down_three_four_up(pips, rounded):
    assert round_nearest(pips, 5) == rounded
    assert compile_expression("round_nearest(x, 5)", CONTEXT, Type.INT)({"x": pips}) == rounded


@given(st.integers(-1000, 1000), st.integers(1, 50))
def test_rounding_functions_give_multiples_of_the_step_around_the_value(value, step):
    down, up, near = round_down(value, step), round_up(value, step), round_nearest(value, step)
    assert down % step == up % step == near % step == 0
    assert down <= value <= up and up - down in (0, step)
    assert abs(near - value) * 2 <= step


def test_rounding_step_must_be_positive():
    with pytest.raises(RuleError, match="positive step"):
        compile_expression("round_nearest(x, y)", CONTEXT, Type.INT)({"x": 3, "y": 0})


def test_keywords_are_not_confused_with_names_that_start_like_them():
    context = {"index": Type.INT, "iffy": Type.INT, "order": Type.INT, "notes": Type.INT}
    assert compile_expression("index + iffy + order + notes", context, Type.INT)(
        {"index": 1, "iffy": 2, "order": 3, "notes": 4}) == 10


# Cribbage's pegging in the expression language: the pile's ranks as a list, newest last.

@pytest.mark.parametrize("ranks, expected", [
    ((), 0), ((5,), 1), ((3, 5, 5, 5), 3), ((5, 5, 3), 1), ((7, 7), 2), ((2, 2, 2, 2), 4), ((2, 9, 2), 1),
])
def test_same_at_end_counts_the_values_equal_to_the_last(ranks, expected):
    assert compile_expression("same_at_end(ends)", CONTEXT, Type.INT)({"ends": ranks}) == expected


@pytest.mark.parametrize("ranks, points", [((9, 4), 0), ((4, 4), 2), ((1, 4, 4, 4), 6), ((4, 4, 4, 4), 12)])
def test_cribbage_pairs_score_n_times_n_minus_one(ranks, points):
    pairs = compile_expression("same_at_end(ends) * (same_at_end(ends) - 1)", CONTEXT, Type.INT)
    assert pairs({"ends": ranks}) == points


@pytest.mark.parametrize("ranks, expected", [
    ((), 0), ((1, 2), 0), ((1, 2, 3), 3), ((2, 1, 3), 3), ((7, 5, 6), 3), ((9, 1, 2, 3), 3),
    ((1, 2, 2, 3), 0),     # the last three are 2 2 3: a repeat is never a run
    ((5, 6, 4, 6), 0),     # 6 4 6 repeats; 4 6 has a gap
    ((3, 1, 2, 4, 5), 5),  # 2 4 5 and 1 2 4 5 are not runs, but all five are
    ((1, 2, 3, 4, 1), 4),  # 3 4 1 is not a run, 2 3 4 1 is, and the first 1 repeats
    ((4, 5, 6, 7), 4), ((1, 3, 5), 0),
])
def test_run_at_end_is_the_longest_run_of_three_or_more_at_the_end(ranks, expected):
    assert compile_expression("run_at_end(ends)", CONTEXT, Type.INT)({"ends": ranks}) == expected


def same_at_end_reference(xs):
    for n in range(len(xs), 0, -1):
        if len(set(xs[-n:])) == 1:
            return n
    return 0


def run_at_end_reference(xs):
    for k in range(len(xs), 2, -1):
        tail = xs[-k:]
        if sorted(tail) == list(range(min(tail), min(tail) + k)):
            return k
    return 0


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(1, 8), max_size=9))
def test_run_and_same_at_end_match_a_brute_force_reference(ranks):
    env = {"ends": tuple(ranks)}
    assert compile_expression("run_at_end(ends)", CONTEXT, Type.INT)(env) == run_at_end_reference(ranks)
    assert compile_expression("same_at_end(ends)", CONTEXT, Type.INT)(env) == same_at_end_reference(ranks)


@pytest.mark.parametrize("source, expected", [
    ("last(ends, 2) == [5, 6]", True), ("last(ends, 0) == []", True), ("last(ends, 9) == ends", True),
    ("5 in last(ends, 3)", True), ("3 in last(ends, 3)", False),
    ("sum(last(ends, 2)) == 11", True), ("count(last(ends, 3)) == 3", True), ("count(last(ends, 9)) == 4", True),
    ("max(last(ends, 3)) == 6", True), ("min(last(ends, 3)) == 5", True),
    ("distinct(ends) == 3", True), ("distinct(last(ends, 2)) == 2", True), ("distinct([]) == 0", True),
    ("same_at_end(last(ends, 3)) == 1", True), ("run_at_end(last(ends, 3)) == 0", True),
])
def test_list_operations_compose_with_the_other_functions(source, expected):
    assert compile_expression(source, CONTEXT, Type.BOOL)({"ends": (3, 5, 5, 6)}) is expected


def test_last_of_a_negative_count_is_a_run_time_error_or_a_load_time_one_when_constant():
    with pytest.raises(RuleError, match=re.escape("last() needs a count of 0 or more, got -1")):
        compile_expression("count(last(ends, x))", CONTEXT, Type.INT)({"ends": (1, 2), "x": -1})
    with pytest.raises(ExpressionError, match="count of 0 or more"):
        compile_expression("count(last([1, 2], 0 - 1))", CONTEXT, Type.INT)


def test_max_of_an_empty_last_is_a_run_time_error():
    with pytest.raises(RuleError, match="max\\(\\) of an empty list"):
        compile_expression("max(last(ends, x))", CONTEXT, Type.INT)({"ends": (1, 2), "x": 0})


@pytest.mark.parametrize("source, column", [("min(last(ends, 0))", 5), ("1 + max(last(ends, 2 - 2))", 9)])
def test_min_or_max_of_the_last_none_is_refused_at_load_whatever_the_list(source, column):
    # the last 0 values of any list are no values: min() and max() of them fail in every game
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source, CONTEXT, Type.INT)
    assert caught.value.problems[0].location.column == column
    assert "of an empty list" in caught.value.problems[0].message
    assert compile_expression("count(last(ends, 0)) + min(last(ends, 1))", CONTEXT, Type.INT)({"ends": (4, 2)}) == 2


@pytest.mark.parametrize("source, message, column", [
    ("last(ends, flag)", "last() takes (list of integers, integer); got list of integers, condition", 1),
    ("1 + last(x, 2)", "last() takes (list of integers, integer); got integer, integer", 5),
    ("last(ends)", "last() takes (list of integers, integer); got list of integers", 1),
    ("x + run_at_end(x)", "run_at_end() takes (list of integers); got integer", 5),
    ("same_at_end(ends, 1)", "same_at_end() takes (list of integers); got list of integers, integer", 1),
    ("distinct(1, 2)", "distinct() takes (list of integers); got integer, integer", 1),
    ("x + last(ends, 1)", "the operand of '+' must be an integer, but 'last(ends, 1)' is a list of integers", 5),
    ("sum(same_at_end(ends))", "sum() takes (list of integers); got integer", 1),
])
def test_list_operation_argument_types_are_located_load_time_errors(source, message, column):
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source, CONTEXT, Type.INT)
    problem = caught.value.problems[0]
    assert problem.message == message
    assert problem.location.column == column


def test_last_is_a_list_where_an_integer_is_expected():
    with pytest.raises(ExpressionError, match="must be an integer, but this is a list of integers"):
        compile_expression("last(ends, 1)", CONTEXT, Type.INT)


LIFT_CONTEXT = {"x": Type.INT, "ends": Type.LIST, "pips": Type.LIST}


@pytest.mark.parametrize("source, kind", [
    ("count(pips) > 6 and max(ends) == 6", Type.BOOL),
    ("sum(pips) % 7 == 0 or min(pips) + max(pips) == x", Type.BOOL),
    ("(count(pips) if x > 2 else sum(pips)) // (count(pips) - 3)", Type.INT),
    ("max(count(pips), x, sum(ends))", Type.INT),
    ("sum(last(pips, 2)) == 12 and max(ends) == 6", Type.BOOL),
    ("last( pips ,1+1) == last(pips, 2) and (last(pips, 0) == [] or 3 in last(pips, 3))", Type.BOOL),
    ("sum(last(pips, 4)) // (count(pips) - 2) + min(last(pips, 1))", Type.INT),
])
@given(pips=st.lists(st.integers(0, 6), min_size=1, max_size=12), x=st.integers(-3, 9),
       ends=st.lists(st.integers(0, 12), min_size=1, max_size=4))
@settings(max_examples=60)
def test_a_list_read_only_through_count_sum_max_min_or_its_last_few_is_read_as_those(source, kind, pips, x, ends):
    """`lift`: the same expression reading the aggregates as names gives the same value, or fails
    with the same message, whatever the list (the numbers computed here from the list itself)."""
    expression = compile_expression(source, LIFT_CONTEXT, kind)
    lifted = lift(expression, frozenset({"pips"}), LIFT_CONTEXT)
    assert lifted is not None and "pips" not in lifted.names
    env = {"x": x, "ends": tuple(ends), "pips": tuple(pips)}
    facts = {"count(pips)": len(pips), "sum(pips)": sum(pips), "max(pips)": max(pips), "min(pips)": min(pips),
             **{f"last(pips, {n})": tuple(pips[max(len(pips) - n, 0):]) for n in range(5)}}
    outcomes = []
    for evaluate, names in ((expression, env), (lifted, {**env, **facts})):
        try:
            outcomes.append(evaluate(names))
        except RuleError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("source", ["3 in pips", "sum(last(pips, x)) == 12", "last(pips, count(pips) - 1) == []",
                                    "count(pips) > 2 and pips == [1, 2, 3]", "distinct(pips) == 2"])
def test_a_list_read_otherwise_is_not_lifted(source):
    assert lift(compile_expression(source, LIFT_CONTEXT, Type.BOOL), frozenset({"pips"}), LIFT_CONTEXT) is None


OPERATORS = ["<", "<=", ">", ">=", "==", "!="]


@given(compared=st.lists(st.tuples(st.sampled_from(OPERATORS), st.integers(-2, 12), st.booleans()), min_size=1, max_size=4),
       joins=st.lists(st.sampled_from(["and", "or"]), min_size=3, max_size=3), y=st.integers(0, 3))
@settings(max_examples=80)
def test_values_between_the_same_cuts_give_every_expression_the_same_value(compared, joins, y):
    """`cuts`: where an aggregate is only compared with numbers (either side), two of its values with
    as many cuts at or below them give the expressions the same value: evaluated here at every value."""
    tests = [f"count(pips) {op} {number}" if left else f"{number} {op} count(pips)" for op, number, left in compared]
    condition = tests[0] + "".join(f" {join} {test}" for join, test in zip(joins, tests[1:]))
    expressions = [compile_expression(condition, LIFT_CONTEXT, Type.BOOL),
                   compile_expression(f"x + (2 if {tests[-1]} else {y})", LIFT_CONTEXT, Type.INT)]
    found = cuts(expressions, "count(pips)")
    assert found is not None
    by_cuts: dict[int, set] = {}
    for count in range(0, 16):
        pips = (1,) * count
        values = tuple(expression({"x": 1, "ends": (1,), "pips": pips}) if count else None for expression in expressions)
        if count:
            by_cuts.setdefault(bisect_right(found, count), set()).add(values)
    assert all(len(values) == 1 for values in by_cuts.values())


@pytest.mark.parametrize("source", ["count( pips ) > 6", "count(pips)>6", "6 < count (pips)", "not count(  pips  ) <= 6"])
def test_the_cuts_of_an_aggregate_do_not_depend_on_how_it_is_spelt(source):
    """`count( pips ) > 6` changes from 6 to 7 tiles, as `count(pips) > 6` does: one cut at 7,
    whether the expression is lifted (`count(pips)` read as a name of its own) or not."""
    expression = compile_expression(source, LIFT_CONTEXT, Type.BOOL)
    lifted = lift(expression, frozenset({"pips"}), LIFT_CONTEXT)
    assert cuts([expression], "count(pips)") == (7,)
    assert cuts([lifted], "count(pips)") == (7,)


@pytest.mark.parametrize("source", ["count(pips) + 1 > 6", "count(pips) > x", "count(pips) in [1, 2]",
                                    "max(count(pips), 3) == 3", "x if count(pips) > 2 else count(pips)"])
def test_an_aggregate_read_otherwise_than_compared_with_a_number_has_no_cuts(source):
    kind = Type.INT if source.startswith("x if") else Type.BOOL
    assert cuts([compile_expression(source, LIFT_CONTEXT, kind)], "count(pips)") is None


SCORING_CONTEXT = {"x": Type.INT, "earned": Type.INT, "ranks": Type.LIST, "pips": Type.LIST}
# (when, points): the same calls on the same names in several entries, calls on `earned`, a division
# that fails for some values, an entry reading what the earlier ones earned
SCORING_ENTRIES = [
    ("same_at_end(ranks) == 2", "2"),
    ("same_at_end(ranks) == 3", "same_at_end(ranks) * 2"),
    ("run_at_end(ranks) >= 3 or distinct(pips) == 1", "run_at_end(ranks) + count(pips)"),
    ("abs(earned) > 2 and sum(pips) > x", "100 // (sum(pips) - 7)"),
    ("earned == 0", "abs(x) - abs(earned)"),
    ("min(pips) < 2", "max(pips) - sum(pips)"),
]


@given(chosen=st.lists(st.integers(0, len(SCORING_ENTRIES) - 1), min_size=1, max_size=5),
       ranks=st.lists(st.integers(1, 5), max_size=6), pips=st.lists(st.integers(0, 9), max_size=4),
       x=st.integers(-5, 12))
@settings(max_examples=150)
def test_scoring_entries_run_as_one_function_as_they_would_one_by_one(chosen, ranks, pips, x):
    """`compile_scoring`: each entry that holds, in order, reading what the earlier ones earned, and
    the same failure (message and all) where an entry fails, as evaluating them one by one does."""
    entries = [(compile_expression(SCORING_ENTRIES[i][0], SCORING_CONTEXT, Type.BOOL),
                compile_expression(SCORING_ENTRIES[i][1], SCORING_CONTEXT, Type.INT), f"entry {n}")
               for n, i in enumerate(chosen)]
    env = {"x": x, "ranks": tuple(ranks), "pips": tuple(pips)}

    def one_by_one():
        held, earned = [], 0
        for when, points, tag in entries:
            env["earned"] = earned
            if when(env):
                value = points(env)
                earned += value
                held.append((tag, value))
        return held, earned
    outcomes = []
    for run in (one_by_one, lambda: compile_scoring(entries, lambda tag, points: (tag, points))(env)):
        try:
            outcomes.append(run())
        except RuleError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1]
