"""Small courses for tests/test_specialise.py, in the shapes the families' courses are written
in. Each takes a state (`test_specialise.State`) and returns a value; all of them change it."""
from __future__ import annotations

from typing import Any


def not_inlined(function: Any) -> Any:
    """A decorated function stays a call."""
    return function


def early_returns(state: Any) -> Any:
    results = [classify(state, value) for value in state.values]
    for value in state.values:
        kind = classify(state, value)
        state.trace.append(kind)
    return results


def classify(state: Any, value: int) -> str:
    if value < 0:
        state.count += 1
        return "negative"
    if value == 0:
        return "zero"
    if value > state.options.limit:
        if state.options.strict:
            return "over"
        state.total += value
    elif value % 2:
        state.total -= 1
        if value % 3 == 0:
            return "odd three"
    return "kept"


def loops_that_return(state: Any) -> Any:
    first = find(state, 3)
    state.trace.append(first)
    second = find_while(state, state.options.limit)
    state.trace.append(second)
    if state.values:
        found = nested(state)
        state.trace.append(found)
    return first, second


def find(state: Any, step: int) -> int | None:
    for index, value in enumerate(state.values):
        state.count += 1
        if value % step == 0 and value:
            return index
        if value > 15:
            state.total += value
    state.total += 100
    return None


def find_while(state: Any, limit: int) -> int:
    total = 0
    index = 0
    while index < len(state.values):
        total += state.values[index]
        if total > limit:
            return index
        index += 1
    return -1


def nested(state: Any) -> str:
    if state.options.mode != "c":
        for value in state.values:
            if value == state.options.limit:
                return "limit"
        state.count += 10
    return "none"


def reassigned_parameters(state: Any) -> Any:
    out = []
    for value in state.values:
        first = bump(state, value, None)
        second = bump(state, value, 2)
        out.append((first, second))
    return out


def bump(state: Any, value: int, step: int | None) -> int:
    if step is None:
        step = value % 4 + 1
    value += step
    state.total += value
    return value


def keywords_and_defaults(state: Any) -> Any:
    a = scaled(state, 3)
    b = scaled(state, 3, factor=5)
    c = scaled(state, offset=1, value=4)
    return a, b, c


def scaled(state: Any, value: int, factor: int = 2, offset: int = 0) -> int:
    state.count += factor
    return value * factor + offset + len(state.values)


def conditional_calls(state: Any) -> Any:
    out = []
    for value in state.values:
        marked = state.note(value) if value > state.options.limit else False
        out.append(marked)
        if state.note(value + 1):
            state.total += 1
        if not state.note(value + 2):
            state.count += 1
    return out


def closures(state: Any) -> Any:
    key = weight(state)
    best = max(state.values, key=key) if state.values else None
    state.trace.append(best)
    return best, sorted(state.values, key=key)


def weight(state: Any) -> Any:
    limit = state.options.limit
    if state.options.strict:
        return lambda value: -value if value > limit else value

    def key(value: int) -> int:
        return (value - limit) ** 2 + state.count
    return key


def handed_over(state: Any) -> Any:
    """The state handed to code not inlined (a builtin's callback, a function elsewhere) while its
    attributes are held in locals."""
    for value in state.values:
        state.total += value
        state.count += 1
        outside(state, value)  # not inlined: reads and changes the attributes
        state.total *= 2
    state.values = [value for value in state.values if value != state.total]
    return state.total, state.count


def folded_facts(state: Any) -> Any:
    if state.listening:
        state.trace.append("heard")
    if state.options.strict:
        label = "strict"
    else:
        label = "lenient"
    state.trace.append(label)
    return label, state.options.mode == "a" and len(state.values) > 2


def short_circuits(state: Any) -> Any:
    out = []
    for value in state.values:
        if state.note(value) and state.options.strict and False:
            out.append("never")
        out.append(value > 3 and state.options.limit)
        out.append(value < 0 or state.options.mode)
        out.append(state.options.strict or state.note(value))
    return out


def asks_the_table(state: Any) -> Any:
    move = yield
    state.trace.append(move)


@not_inlined
def outside(state: Any, value: int) -> None:
    state.total -= 1
    state.count += value
    if state.total > 50:
        state.values = state.values[:-1]


# -- shapes a review found the derivation got wrong (each once a difference) ---------------------

ORDER = 3  # a global that a comprehension's own name hides


def nested_scopes(state: Any) -> Any:
    """A function made inside hides the names around it: its parameters, its defaults read
    where it is made, a comprehension's variable named like a global."""
    limit = state.options.limit
    times = lambda limit: limit * 10  # a lambda's parameter named like a known local
    bounded = lambda value, top=limit: min(value, top)  # a default read here
    seen = [ORDER for ORDER in state.values]
    state.trace.append(scaled_by(state, 2))
    return [times(v) for v in state.values], [bounded(v) for v in state.values], seen, ORDER


def scaled_by(state: Any, factor: int) -> Any:
    def times(factor: int) -> int:
        return factor * 100
    return [times(v) for v in state.values[:2]], factor


def late_closures(state: Any) -> Any:
    """Functions made by an inlined function, in a loop: each keeps its own iteration's values."""
    made = []
    for value in state.values:
        doubled = make_doubler(state, value)
        made.append(doubled)
    return [f() for f in made]


def make_doubler(state: Any, value: int) -> Any:
    doubled = value * 2
    return lambda: doubled + state.options.limit


def not_delegated(state: Any) -> Any:
    """A generator function called, not run: its body does nothing yet."""
    pending = steps(state)
    state.trace.append(type(pending).__name__)
    if state.values:
        yield_all = list(steps(state))
        state.trace.append(len(yield_all))
    return state.total


def steps(state: Any) -> Any:
    state.total += 100
    if state.listening:  # folded away: no yield is left, and it is still a generator
        yield 1


def matched(state: Any) -> Any:
    kinds = []
    for value in state.values:
        kind = sort_out(value)
        kinds.append(kind)
    return kinds


def sort_out(value: int) -> str:
    match value % 3:
        case 0:
            return "zero"
        case 1:
            return "one"
    return "two"


def keyword_to_made(state: Any) -> Any:
    result = call_made(state)
    return result


def call_made(state: Any) -> Any:
    def key(code: int) -> int:
        return code * 2
    return [key(code=value) for value in state.values]


def aliased(state: Any) -> Any:
    """The state under another name: a write through it is a write to the state."""
    other = state
    for value in state.values:
        state.total += 1
        other.total += value
    state.count = state.total
    return state.total


def made_writes(state: Any) -> Any:
    def reset() -> None:
        state.total = 50
    state.total += 1
    if state.values:
        reset()
    state.total += 1
    return state.total


@not_inlined
def fails(state: Any) -> None:
    state.total = 100
    raise ValueError("fails")


def raises_after_handing(state: Any) -> Any:
    """Code not inlined changes the state, then raises: the state keeps what it did."""
    state.total += 1
    state.count += 1
    if len(state.values) > 2:
        fails(state)
    state.total += 1
    return state.total


NEGATIVE = -1


def negative_powers(state: Any) -> Any:
    return NEGATIVE ** 2, -state.options.limit ** 2, (-state.options.limit) ** 2


def always_true_loop(state: Any) -> Any:
    rounds = 0
    while state.options.mode in ("a", "b", "c") and not state.listening:
        rounds += 1
        if rounds > len(state.values):
            break
    return rounds


def hidden_builtin(state: Any) -> Any:
    len = state.total + 2  # a local named like a builtin the callee reads
    counted = size(state)
    return len, counted


def size(state: Any) -> int:
    return len(state.values)


def returns_then_more(state: Any) -> Any:
    out = []
    for value in state.values:
        kind = counted(state, value)
        found = search(state, value)
        out.append((kind, found))
    return out


def counted(state: Any, value: int) -> str:
    """Returns in a branch that may not leave, with more than a return after it: run once in a
    loop when inlined; a loop inside returns too."""
    if value > state.options.limit:
        if value % 2:
            return "odd over"
        state.count += 1
    for seen in state.values[:3]:
        if seen == value + 1:
            return "seen"
    state.total += value
    return "counted"


def search(state: Any, value: int) -> str:
    """A loop that returns and that an inner loop's `else: break` leaves: what follows the loop
    runs after that break (it may not go into the loop's `else`)."""
    for seen in state.values:
        for other in state.values[:2]:
            if other == seen + value:
                break
        else:
            break
        if seen == value * 2:
            return "found"
    state.count += 1
    return "after"


class Halves:
    """A class whose static method a derivation inlines as the function it is."""

    @staticmethod
    def half(value: int, offset: int = 0) -> int:
        return value // 2 + offset


HALVES = Halves()


def static_methods(state: Any) -> Any:
    total = 0
    for value in state.values:
        half = HALVES.half(value, state.options.limit)
        total += half
    return total


def strictness(state: Any) -> bool:
    return state.options.strict  # type: ignore[no-any-return]


def answered_calls(state: Any) -> Any:
    """A step whose answer the rules fix (`strictness`), then a test it settles whatever the
    comparison before it gives; a value looked up for a branch never taken."""
    strict = strictness(state)
    looked_up = state.total
    kept = []
    for value in state.values:
        if strict and (value < 0 or state.options.limit >= 0):
            kept.append(value)
        elif state.note(value):
            kept.append(-value)
        if state.options.limit < 0:
            kept.append(looked_up)
    return kept


def doubled(value: int) -> int:
    result = value * 2
    return result


def passed_through(value: int) -> int:
    return value


def ordered(first: int, second: int) -> tuple[int, int]:
    low, high = min(first, second), max(first, second)
    return low, high


def relayed(value: int) -> int:
    return doubled(value + 1)


def returned_locals(state: Any) -> Any:
    """Steps whose result is a variable of their own (taken as the caller's name), one of the
    caller's names (a parameter returned as it came), a pair, another step's result; a caller's
    name both given and assigned."""
    total = 0
    for value in state.values:
        twice = doubled(value)
        value = doubled(value)
        same = passed_through(value)
        low, high = ordered(twice, same - 3)
        again = relayed(low)
        total += low * 3 + high + same + again
    state.count = total
    return total, value


def twice_over(value: int) -> tuple[int, int]:
    best = value * 2
    return best, best


def tenth(value: int) -> int:
    result = 1
    result = 10 // value
    return result


def summed(values: Any) -> int:
    result = 0
    for value in values:
        result = result + value
    return result


def added_to(read: Any) -> int:
    result = 1
    result = result + read()
    return result


def results_seen_early(state: Any) -> Any:
    """Steps whose result is a variable of their own, where the caller's name must keep its old
    value until the step ends: one variable returned twice (a pair), a step that raises into a
    handler, a generator and a lambda of the caller's reading the name during the step."""
    out = []
    for value in state.values:
        low, high = twice_over(value)
        got = -1
        try:
            got = tenth(value)
        except ZeroDivisionError:
            pass
        out.append((low, high, got))
    total = len(state.values)
    lazy = (total + value for value in state.values)
    total = summed(lazy)
    peek = lambda: total  # noqa: E731
    total = added_to(peek)
    out.append(total)
    return out


def finally_unread(state: Any) -> Any:
    """A `finally` whose only statement assigns a name nothing reads once the branch reading it
    (for a listener) is dropped."""
    total = 0
    try:
        for value in state.values:
            total += value
    finally:
        marker = total
    if state.listening:
        total = marker
    return total


def rows_alike_now(state: Any) -> Any:
    """A fact that is a tuple of tables alike when the course is derived (empty rows of a memo),
    which the game then fills in unlike: read by an index known only as it runs."""
    rows = state.options.rows
    side = len(state.values) % 2
    rows[side].extend(state.values)
    found = len(rows[0]) - len(rows[1])
    rows[0].clear()
    rows[1].clear()  # alike again for the next
    return found


def unread_arguments(state: Any) -> Any:
    """Arguments computed at the call (a length, a count of bits, an item, a truth) that the step
    reads only in a branch the facts may drop."""
    return sized(state, len(state.values), len(state.values).bit_count(), state.values[0] if state.values else 0,
                 not state.values)


def sized(state: Any, size: int, bits: int, first: int, empty: bool) -> int:
    if state.options.strict:
        return size + bits + first + empty
    return 0


def filled_rows_either(state: Any) -> Any:
    """The truth of a memo's list, empty when the course is derived, read as the game runs."""
    rows = state.options.rows
    rows[0].extend(state.values)
    last = rows[0] and rows[0][-1]
    rows[0].clear()
    return last


def lazy_in_a_loop(state: Any) -> Any:
    """A step inlined in a loop that makes a generator reading its own name, run after the loop."""
    made = []
    for value in state.values:
        items = lazy(state, value)
        made.append(items)
    return [list(items) for items in made]


def lazy(state: Any, value: int) -> Any:
    factor = value + 1
    return (item * factor for item in state.values)


def settled_or(state: Any) -> Any:
    """An `or` settled by a fact before an operand that acts, and an `and` after it."""
    out = []
    for value in state.values:
        out.append(state.options.strict or state.note(value))
        out.append(state.options.limit > 5 and state.note(value + 1))
        out.append(state.note(value + 2) and state.options.strict)
    return out


def indexed_by_truth(state: Any) -> Any:
    """A tuple of facts indexed by a fact that is a truth, and by one that is not known."""
    pair = (state.options.limit, state.options.mode)
    rows = state.options.rows
    out = [pair[state.options.strict], pair[False], pair[True]]
    for value in state.values:
        rows[value % 2].append(value)
        out.append(len(rows[value > 3]))
    rows[0].clear()
    rows[1].clear()
    return out


def shaped_then_dropped(state: Any) -> Any:
    """A step whose loop's returns are shaped as breaks, and then the whole step is run inside a
    loop instead (a return later in a branch that may not leave, with more after it)."""
    out = []
    for value in state.values:
        found = scan(state, value)
        out.append(found)
    return out


def scan(state: Any, value: int) -> int:
    if value > 2:
        for index, item in enumerate(state.values):
            if item == value - 1:
                state.trace.append(("found", index))
                if index:
                    return index
            elif item > state.options.limit:
                state.count += 1
            state.total += item
        return -1
    if value % 2:
        state.count += 2
        if value == 1:
            return 100
    state.total += 1
    state.count += 3
    state.trace.append("end")
    state.total -= value
    return 0


def made_in_a_loop(state: Any) -> Any:
    """Functions made in steps inlined in a loop, each reading its own call's names: the step
    that makes them called through one that makes none."""
    made = []
    for value in state.values:
        function = relay(state, value)
        made.append(function)
    return made


def relay(state: Any, value: int) -> Any:
    doubled = value * 2
    return maker(state, doubled)


def maker(state: Any, amount: int) -> Any:
    extra = amount + state.options.limit
    return lambda: extra + amount


def handed_in_a_loop_header(state: Any) -> Any:
    """The state handed to code not inlined in a loop's test, after statements that read its
    attributes: they are read as they are throughout, none held in a local half the time."""
    state.total += 1
    state.count += len(state.values)
    while state.count < 40 and below(state, 30 + state.options.limit):
        state.total += state.count
        state.count += 3
    return state.total, state.count


@not_inlined
def below(state: Any, limit: int) -> bool:
    state.values.append(state.total % 7)
    return state.total < limit
