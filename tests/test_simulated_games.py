"""Rule: a simulation plays exactly the games bots play at a table, seed by seed: each family's
one course run with the bots' policies (no views, only the events statistics read), against the
same bots choosing every move from their views."""
from __future__ import annotations

import signal
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.bots import FLOAT_EXACT, UNPLAYABLE, Policies, best, best_index, comparable, greedy_key, make_bots, ranked
from muggins.engine import make_game
from muggins.engine.table import FalseCall, Forfeited, Stolen
from muggins.families import family_of
from muggins.families.line import course
from muggins.families.line import scoring as line_scoring
from muggins.families.pile import course as pile_course
from muggins.loader import load_rules
from muggins.simulate import play_games

DOMINO_OPTIONS = {
    "defaults": "",
    "one half, per end": "line:\n  double_at_end: one_half\n  opening_double: per_end\n",
    "draw freely, keep drawn tiles": "draw:\n  only_when_stuck: false\n  one_at_a_time: false\n",
    "first end, reserve 2": "draw:\n  drawn_tile_end: first\n  reserve: 2\n",
    "pass freely": "pass:\n  only_when_boneyard_empty: false\n",
    "floor, no blocked penalty, clockwise": ("settlement:\n  floor: 0\n  on_blocked: false\n"
                                            "opener:\n  after_blocked: clockwise\n  next: clockwise\n"),
    "random lottery, win at round end": "opener:\n  first: {method: random}\n  next: lottery\nwin:\n  immediate: false\n",
    "all fives settlement": "settlement:\n  penalty: '0'\n  award: round_nearest(opponents_pips, 5)\n",
    "settlement reading more than pips": ("settlement:\n  penalty: 'hand_size * 5 if blocked else round_nearest(hand_pips, 5)'\n"
                                          "  award: 'round_nearest(opponents_pips, 5) if score < 100 else 5'\n"),
    # the spinner, claims, holders, scoring that reads the play, overshoot and seating
    "spinner, one half per end": "line:\n  spinner: true\n  double_at_end: one_half\n  opening_double: per_end\n",
    "claims, immediate calls by seat, false calls": ("claims:\n  required: true\nmuggins:\n  window: immediate\n"
                                                     "  order: seat\n  false_call: 3\n"),
    "holder opens, must play it": ("opener:\n  first: {method: holder}\n  next: holder\n"
                                   "  holder: {piece: highest_double, must_play: true}\n"),
    "scoring reading the score, the hand and the line": (
        "scoring:\n  - name: fives\n    when: 'ends_sum % 5 == 0 and score < 60'\n"
        "    points: 'ends_sum + open_ends + sum(line.pips) % 3 + (1 if tile.is_double else 0)'\n"
        "  - name: out\n    when: 'dominoed or hand_size == 1 or opening'\n    points: 'boneyard % 4 + round + earned'\n"),
    "scoring reading the score and the boneyard": (
        "scoring:\n  - name: fives\n    when: 'ends_sum % 5 == 0'\n    points: 'ends_sum if score < 40 else ends_sum // 5'\n"
        "  - name: last of the boneyard\n    when: 'boneyard == 0 and not opening'\n    points: 1\n"),
    # kept by the line's node alone, the entries reading nothing of the turn (`LineNode.row`)
    "scoring reading the line's ends and last tiles": (
        "scoring:\n  - name: fives\n    when: 'ends_sum > 0 and ends_sum % 5 == 0'\n    points: ends_sum\n"
        "  - name: matching\n    when: 'open_ends == 2 and distinct(ends) == 1'\n    points: 5\n"
        "  - name: twelve last\n    when: 'sum(last(line.pips, 2)) == 12'\n    points: 2\n"),
    "a domino bonus": ("scoring:\n  - name: fives\n    when: 'ends_sum % 5 == 0'\n    points: ends_sum\n"
                       "  - name: domino\n    when: dominoed\n    points: 'earned + 10'\n"),
    "void overshoot, counterclockwise": "win:\n  overshoot: void\nseating:\n  direction: counterclockwise\n",
    # a claim listed before points added at once: at a table the claim is decided after them
    "a claim, then points at once, void overshoot": (
        "scoring:\n  - {name: fives, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: ends_sum, claim: true}\n"
        "  - {name: bonus, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: 3, claim: false}\n"
        "win:\n  overshoot: void\n  target: 60\n"),
    "a claim, then points at once, an immediate win": (
        "scoring:\n  - {name: fives, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: ends_sum, claim: true}\n"
        "  - {name: bonus, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: 3, claim: false}\n"
        "win:\n  target: 60\n"),
}
DOMINO_TABLES = [(2, ["greedy", "random"], 0.0, 1.0), (3, ["random"] * 3, 0.3, 0.6), (4, ["greedy"] * 4, 0.0, 1.0)]

# scoring that can give less than nothing, where a call on one's own turn is a legal move
LESS_THAN_NOTHING = {
    "domino-muggins": ("scoring:\n  - {name: minus, when: 'ends_sum % 4 == 0', points: '0 - 3'}\n"
                       "  - {name: fives, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: ends_sum}\n"
                       "claims:\n  required: true\nmuggins:\n  false_call: 2\n"),
    "card-muggins": ("scoring:\n  - {name: minus, when: 'total > 20', points: '0 - 3'}\n"
                     "  - {name: fives, when: 'total % 5 == 0', points: total}\nmuggins:\n  false_call: 2\n"),
}


def variant(tmp_path: Path, base: str, options: str):
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {base}\nname: variant\n" + options)
    return load_rules(path)


def assert_simulation_plays_the_tables_games(rules, tables, max_rounds):
    """The simulation's statistics equal those of the same games played at a table."""
    for players, bots, forget, attention in tables:
        at_table = play_games(rules, players, bots, "k", range(12), max_rounds, forget, attention, at_table=True)
        simulated = play_games(rules, players, bots, "k", range(12), max_rounds, forget, attention)
        assert simulated.turns > 12 and asdict(simulated) == asdict(at_table)


@pytest.mark.parametrize("options", list(DOMINO_OPTIONS), ids=list(DOMINO_OPTIONS))
def test_the_domino_simulation_plays_the_tables_games(options, tmp_path: Path):
    assert_simulation_plays_the_tables_games(variant(tmp_path, "domino-muggins", DOMINO_OPTIONS[options]),
                                             DOMINO_TABLES, 15)


@pytest.mark.parametrize("name", ["domino-muggins-spinner", "domino-muggins-claims", "domino-partnership-all-fives",
                                  "fives-and-threes", "domino-muggins-double-nine"])
def test_the_domino_simulation_plays_every_built_in_file_as_at_a_table(name):
    rules = load_rules(name)
    tables = [table for table in DOMINO_TABLES if table[0] in rules.player_counts]
    assert_simulation_plays_the_tables_games(rules, tables or [(4, ["greedy", "random"] * 2, 0.3, 0.6)], 15)


@pytest.mark.parametrize("base, options", [
    ("domino-muggins", ""), ("domino-muggins-spinner", ""), ("fives-and-threes", ""),
    ("domino-muggins-spinner", DOMINO_OPTIONS["scoring reading the score, the hand and the line"]),
    ("domino-muggins-spinner", DOMINO_OPTIONS["scoring reading the line's ends and last tiles"]),
    ("domino-muggins", LESS_THAN_NOTHING["domino-muggins"])])
def test_the_courses_greedy_keys_order_the_moves_as_the_views_points_and_tiebreak(base, options, tmp_path: Path):
    """One truth for what a move scores: the keys the simulation ranks moves by order exactly as
    the pairs a greedy bot computes from its view, at every turn of a few games."""
    assert_keys_order_the_moves_as_the_views(make_game(variant(tmp_path, base, options), 2), 4, 300,
                                             lambda state, legal: course.greedy_keys(state, course.legal_codes(state)))


@pytest.mark.parametrize("base, options", [
    ("domino-muggins", ""), ("domino-muggins-spinner", ""), ("fives-and-threes", ""),
    ("domino-muggins", DOMINO_OPTIONS["draw freely, keep drawn tiles"]),
    ("domino-muggins", DOMINO_OPTIONS["first end, reserve 2"]), ("domino-muggins", DOMINO_OPTIONS["pass freely"]),
    ("domino-muggins", DOMINO_OPTIONS["scoring reading the score, the hand and the line"]),
    ("domino-muggins", LESS_THAN_NOTHING["domino-muggins"])])
def test_a_greedy_seats_move_walked_is_the_first_of_the_highest_keys_listed(base, options, tmp_path: Path):
    """A simulated greedy seat walks its placements end by end without listing them (`greedy_code`):
    its move is the one `bots.best_index` picks among the keys of the moves as listed, at every turn
    (a drawn tile to place, a stuck hand, a draw beside placements, scores below nothing)."""
    walked = assert_walked_moves_are_listed_moves(make_game(variant(tmp_path, base, options), 3))
    # placements among several, and a draw or a pass or a drawn tile's placement, were met
    assert (False, False, True) in walked and len(walked) > 1


LINE_ENDS = DOMINO_OPTIONS["scoring reading the line's ends and last tiles"]


@pytest.mark.parametrize("options", [
    LINE_ENDS, LINE_ENDS + DOMINO_OPTIONS["draw freely, keep drawn tiles"],
    LINE_ENDS.replace("scoring:\n", "scoring:\n  - {name: minus, when: 'ends_sum % 4 == 0', points: '0 - 3'}\n")
    + "claims:\n  required: true\nmuggins:\n  false_call: 2\n"])
def test_a_greedy_seat_remembers_its_best_placement_by_the_line_and_its_fitting_tiles(options, tmp_path, monkeypatch):
    """Where the keys are kept by the line's state, a greedy seat's best placement is kept in the
    line's row by the hand's tiles that fit (`remembered_placement`): met again, it is still the
    move listed first of the highest (beside a draw or a call too), and no key is read again."""
    game = make_game(variant(tmp_path, "domino-muggins", options), 3)
    assert game.scoring.by_line_state
    weighed = []
    listed_keys = course.greedy_keys
    monkeypatch.setattr(course, "greedy_keys", lambda state, codes: weighed.append(codes) or listed_keys(state, codes))
    walked = assert_walked_moves_are_listed_moves(game)
    assert (False, False, True) in walked
    remembered = again = 0
    for seed in range(3):  # each turn's choice made twice: the second is remembered, never weighed
        state = game.new_state(seed)
        for number in range(300):
            if state.outcome is not None:
                break
            legal = state.legal_moves()
            if state.decision is None and state.line.log:
                first = course.greedy_code(state)
                del weighed[:]
                assert course.greedy_code(state) == first and not weighed
                again += 1
                remembered += first >= 0
            state.apply(legal[number % len(legal)])
    assert remembered > 100 and again > remembered


def test_a_greedy_seat_chooses_alike_when_its_best_fits_start_again(monkeypatch):
    """The best tile of a hand on an end is kept as met (`PlacementScoring.best_fit`) up to a
    bound, then forgotten: kept for only three, the walked moves are still the listed ones."""
    monkeypatch.setattr(line_scoring, "FITS_KEPT", 3)
    game = make_game(load_rules("domino-muggins"), 3)
    scoring, forgotten = game.scoring, []
    forget = scoring.forget_fits

    def counted() -> None:  # how many were kept when forgotten
        forgotten.append(sum(len(bests) for by_kept in scoring.best_fits for by_value in by_kept for bests in by_value))
        forget()
    monkeypatch.setattr(scoring, "forget_fits", counted)
    assert_walked_moves_are_listed_moves(game)
    assert len(forgotten) > 10 and set(forgotten) == {3}


def assert_walked_moves_are_listed_moves(game) -> set[tuple[bool, bool, bool]]:
    """At every turn of five games, the move `greedy_code` walks to is `bots.best_index`'s among
    the keys of the moves as listed; what was met: (a move that places no tile, a drawn tile to
    place, among several)."""
    walked = set()
    for seed in range(5):
        state = game.new_state(seed)
        for number in range(400):
            if state.outcome is not None:
                break
            legal = state.legal_moves()
            if state.decision is None:
                codes = course.legal_codes(state)
                listed = codes[0] if len(codes) == 1 else codes[best_index(course.greedy_keys(state, codes))]
                assert course.greedy_code(state) == listed
                walked.add((listed < 0, state.must >= 0, len(codes) > 1))
            state.apply(legal[number % len(legal)])
    return walked


@given(st.lists(st.integers(-6, 6), min_size=1, max_size=12))
def test_a_moves_rank_is_the_greedy_policys_order_as_one_number(keys):
    """`bots.ranked`: the highest rank is the move `best_index` picks, the first of the highest keys."""
    span = len(keys) + 1
    ranks = [ranked(key, position, span) for position, key in enumerate(keys)]
    assert ranks.index(max(ranks)) == best_index(keys) and len(set(ranks)) == len(ranks)


@given(st.lists(st.one_of(st.integers(-50, 50), st.integers(-2 ** 70, 2 ** 70),
                          st.integers(FLOAT_EXACT - 3, FLOAT_EXACT + 3)), min_size=1, max_size=8),
       st.lists(st.booleans(), min_size=8, max_size=8))
def test_keys_made_comparable_choose_the_move_the_integers_choose(keys, playable):
    """`bots.comparable`: a key is a float only where the float is the integer exactly, so the
    greedy loop over a table of them (`bots.best`) picks what it picks over the integers, the
    unplayable (`UNPLAYABLE`) passed over, however large a house's points make the keys."""
    table = {move: key if fits else UNPLAYABLE for move, (key, fits) in enumerate(zip(keys, playable))}
    made = {move: comparable(key) if key != UNPLAYABLE else key for move, key in table.items()}
    assert all(made[move] == table[move] for move in table)
    assert all(type(made[move]) is float for move in table if abs(table[move]) <= FLOAT_EXACT)
    assert best(list(table), made) == best(list(table), table)


def assert_keys_order_the_moves_as_the_views(game, seeds: int, moves: int, keys_of) -> None:
    """At every turn of `seeds` games of `moves` moves, `keys_of(state, legal)` (the course's keys
    of the legal moves) orders the moves exactly as a greedy bot's keys from its view."""
    compared = 0
    for seed in range(seeds):
        state = game.new_state(seed)
        for number in range(moves):
            if state.outcome is not None:
                break
            legal = state.legal_moves()
            if state.decision is None:
                view = state.view(state.turn)
                pairs = [greedy_key(view, move) for move in legal]
                keys = keys_of(state, legal)
                assert len(keys) == len(pairs)
                assert all((keys[i] < keys[j]) == (pairs[i] < pairs[j]) and (keys[i] == keys[j]) == (pairs[i] == pairs[j])
                           for i in range(len(keys)) for j in range(len(keys)))
                compared += len({points for points, _ in pairs}) > 1
            state.apply(legal[number % len(legal)])
    assert compared > 20  # positions where the moves' points differ were met


CARD_OPTIONS = {
    "defaults": "",
    "limit as last, last player starts": "pile:\n  exact_limit: {timing: as_last}\n  next_starter: last_player\n",
    "muggins on last, no last at round end": "last:\n  muggins: true\n  on_round_end: false\n",
    "no draw on go, no refill": "go:\n  draw: false\nrefill:\n  enabled: false\n",
    "no muggins": "muggins:\n  enabled: false\n",
    "random dealer, no cut, win at round end": "dealer:\n  first: {method: random}\n  cut: false\nwin:\n  immediate: false\n",
    "strict 21 and a last formula": "pile:\n  limit: 21\nlast:\n  points: '2 if total == limit else 1'\n",
    "last reading more than the total": "last:\n  points: '2 if score < 20 and pile_size > 2 else 1'\n",
    "scores below zero, a last that takes": (
        "scoring:\n  - {name: over twenty, when: 'total > 20', points: '0 - 3'}\n"
        "  - {name: fives, when: 'total % 5 == 0', points: total}\nlast:\n  points: '0 - 1 if total < 25 else 1'\n"),
    "a claim, then points at once (the limit too), capped": (
        "claims:\n  required: false\n"
        "scoring:\n  - {name: fives, when: 'total % 5 == 0', points: total, claim: true}\n"
        "  - {name: tens, when: 'total % 10 == 0', points: 2}\nwin:\n  overshoot: capped\n"),
}


CARD_TABLES = [(2, ["greedy", "random"], 0.0, 1.0), (3, ["random"] * 3, 0.3, 0.6), (4, ["greedy"] * 4, 0.5, 0.2),
               (2, ["greedy"] * 2, 0.0, 0.5)]


@pytest.mark.parametrize("options", list(CARD_OPTIONS), ids=list(CARD_OPTIONS))
def test_the_card_simulation_plays_the_tables_games(options, tmp_path: Path):
    assert_simulation_plays_the_tables_games(variant(tmp_path, "card-muggins", CARD_OPTIONS[options]), CARD_TABLES, 8)


@pytest.mark.parametrize("name", ["card-cribbage-pegging", "card-muggins-strict-21", "card-muggins-deal-of-seven"])
def test_the_card_simulation_plays_every_built_in_file_as_at_a_table(name):
    rules = load_rules(name)
    assert_simulation_plays_the_tables_games(rules, [t for t in CARD_TABLES if t[0] in rules.player_counts], 8)


@pytest.mark.parametrize("name", ["domino-muggins-claims", "card-muggins"])
def test_a_simulated_game_builds_only_the_events_its_statistics_read(name):
    """Nobody listens to a simulated game: of its events it builds the steals, the points lost and
    the family's counted ones (`Tally.add_game`); its end is the outcome on its state."""
    rules = load_rules(name)
    read = {Stolen, Forfeited, *family_of(rules).counters}
    game = make_game(rules, 2, 30)
    built = set()
    for seed in range(30):
        state = game.new_state(f"e:{seed}", Policies(["greedy", "random"], f"e:{seed}", 0.5, 0.5))
        assert state.outcome is not None
        built |= {type(event) for event in state.events}
    assert Stolen in built and built <= read


@pytest.mark.parametrize("base, options", [("card-muggins", ""), ("card-cribbage-pegging", ""),
                                           ("card-muggins", LESS_THAN_NOTHING["card-muggins"])])
def test_the_card_courses_greedy_keys_order_the_moves_as_the_views_points_and_tiebreak(base, options, tmp_path):
    """One truth for what a card scores: the key the simulation ranks a card by orders the moves
    exactly as the keys a greedy bot computes from its view, at every turn of a few games."""
    game = make_game(variant(tmp_path, base, options), 3)
    # go and a call on one's turn are keyed as `bots.greedy_key` ranks them: go scores nothing with
    # tiebreak -1, a call is never a greedy bot's choice; the course keys only the cards
    others = {"go": -1, "muggins": UNPLAYABLE}

    def keyed(table_of):
        def keys_of(state, legal):
            table = table_of(state)
            return [table[game.code_of[move.card]] if move.kind == "play" else others[move.kind] for move in legal]
        return keys_of
    assert_keys_order_the_moves_as_the_views(
        game, 6, 200, keyed(lambda state: pile_course.hand_keys(state, state.hand_codes[state.turn])))
    if game.points_by_total is not None:  # the scores are tabulated: each total's table of keys too
        assert_keys_order_the_moves_as_the_views(game, 6, 200, keyed(lambda state: game.keys_at(state.total)))


@pytest.mark.parametrize("base", list(LESS_THAN_NOTHING))
def test_a_greedy_bot_never_calls_muggins_on_its_own_turn_so_every_turn_ends(base, tmp_path: Path):
    """A call on one's own turn does not end the turn: a greedy bot that ranked it above
    moves scoring less than nothing called again and again, each false call costing points,
    and the game never ended. Greedy bots call only when asked; their games end, at a table
    (bounded here) and simulated alike."""
    rules = variant(tmp_path, base, LESS_THAN_NOTHING[base])
    game = make_game(rules, 2, 15)
    cornered = 0  # turns where a call was legal and every other move scored less than nothing
    for seed in range(8):
        state, bots = game.new_state(seed), make_bots(["greedy", "greedy"], seed)
        for _ in range(5000):
            if state.is_terminal():
                break
            actor, legal = state.actor, state.legal_moves()
            view = state.view(actor)
            if state.decision is None and legal[-1].kind == "muggins":
                cornered += max(view.points_if(move) for move in legal[:-1]) < 0
            state.apply(bots[actor].choose(view, legal))
        assert state.is_terminal()
        assert not any(isinstance(event, FalseCall) for event in state.events)
    assert cornered > 0
    previous = signal.signal(signal.SIGALRM, never_ended)  # unbounded below: a game that never ends fails
    signal.alarm(30)
    try:
        assert_simulation_plays_the_tables_games(rules, [(2, ["greedy"] * 2, 0.0, 1.0), (2, ["greedy", "random"], 0.3, 0.6)],
                                                 15)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def never_ended(signum, frame):
    raise AssertionError("a game did not end")
