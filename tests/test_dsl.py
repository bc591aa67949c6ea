"""Rules of the expression language: Python's integer semantics, checked names and types, bounds."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.dsl import Type, compile_expression, round_down, round_nearest, round_up
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
    except ExpressionError as exc:  # a constant expression is evaluated, and its faults reported, at load
        assert expected is ZeroDivisionError and "division or modulo by zero" in str(exc)
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
        actual = compiled(env)
    except (RuleError, ExpressionError) as exc:
        assert expected is ZeroDivisionError, exc
        return
    assert actual == expected


def test_division_by_zero_at_run_time_names_expression_and_file_line():
    from muggins.errors import Location
    compiled = compile_expression("x // y", CONTEXT, Type.INT, Location("house.yaml", 12, 9, "  points: x // y"))
    with pytest.raises(RuleError) as caught:
        compiled({"x": 1, "y": 0})
    assert str(caught.value) == "house.yaml:12: division or modulo by zero in 'x // y'"


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
