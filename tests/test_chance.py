"""Rule: shuffles and lotteries are fair, and depend only on the seed (what replays and simulations rely on)."""
from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from muggins.engine.common import MAX_TIE_ROUNDS, between, lottery_winner, seeded, shuffled


def test_every_order_of_the_pieces_is_about_equally_likely():
    rng = random.Random("fair")
    counts = Counter(tuple(shuffled("abcd", rng)) for _ in range(24_000))
    assert set(counts) == {tuple(p) for p in permutations("abcd")}
    assert all(850 <= count <= 1150 for count in counts.values())  # 1000 each, ± 5 sd


def test_the_order_depends_only_on_the_generator_and_the_count():
    pieces, codes = ["6-6", "0-1", "3-4", "2-5"], [17, 3, 99, 40]
    a, b = random.Random(5), random.Random(5)
    first, second = shuffled(pieces, a), shuffled(codes, b)
    assert [pieces.index(p) for p in first] == [codes.index(c) for c in second]
    assert a.getstate() == b.getstate()


def test_the_highest_draw_wins_the_lottery_and_ties_draw_again():
    ranks = [1, 1, 1, 9] * 13  # one piece in four ranks 9
    wins = Counter(lottery_winner(range(3), ranks, random.Random(i)) for i in range(3000))
    assert set(wins) == {0, 1, 2} and all(900 <= count <= 1100 for count in wins.values())  # ± 4 sd
    rounds: list = []
    winner = lottery_winner(range(3), [5] * 52, random.Random(1), rounds)  # everyone always ties
    assert winner in (0, 1, 2) and len(rounds) == MAX_TIE_ROUNDS
    assert all(len({index for _, index in draws}) == 3 for draws in rounds)  # different pieces each round


@given(st.integers(0, 2**32), st.integers(-5, 60), st.integers(1, 2**70))
def test_a_draw_between_two_numbers_is_the_one_randrange_makes(seed, start, width):
    """Records replay the games their seeds dealt: a lottery's draws and a cut are `between`, which
    must leave the generator as `random.Random.randrange` would, with the same number."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert between(ours, start, start + width) == theirs.randrange(start, start + width)
    assert ours.getstate() == theirs.getstate()


@given(st.one_of(st.integers(-2**70, 2**70), st.text(max_size=20)), st.integers(0, 2**32),
       st.integers(0, 700), st.booleans())
def test_a_generator_seeded_anew_draws_what_a_new_one_draws(seed, before, used, gaussian):
    """A simulation's games share one generator seeded for each (`seeded`): every game must draw
    what a generator made from its seed draws, whatever the games before it drew (a pending
    gaussian included: `random.gauss` keeps one between calls)."""
    shared = random.Random(before)
    for _ in range(used):
        shared.random()
    if gaussian:
        shared.gauss(0.0, 1.0)
    again = seeded(seed, shared)
    fresh = random.Random(seed)
    assert again is shared
    assert [again.random() for _ in range(5)] + [again.gauss(0.0, 1.0), again.getrandbits(70)] == \
        [fresh.random() for _ in range(5)] + [fresh.gauss(0.0, 1.0), fresh.getrandbits(70)]
    assert seeded(seed).getstate() == random.Random(seed).getstate()
