"""The table's procedures and the rule options of rules core v2, each shown changing a game.

Every test plays the same position (or the same seed) under the default and under the other value
of one option and checks a different, specific result. The expected values are worked out by hand
from the rules in the comments, never copied from a run.

Seats are numbered from 0 here (P0 is the rule files' player 1). Some deals are stacked: the
engines' `shuffled` is replaced by one that puts the named pieces on top of the set in its own
order, so a deal can be worked out by hand.
"""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from muggins.families.pile import course as cards_engine
from muggins.families.line import course as domino_engine
from muggins.engine import make_game
from muggins.families.pile.game import (CLAIM, DECLINE, GO, MUGGINS, Dealt, FalseCall, Forfeited, NotClaimed, Overshot,
                                  Play, Refilled, ScoreEarned, Stolen)
from muggins.engine.common import GameEnded, LotteryDrawn, Scored
from muggins.families.line.game import DRAW, PASS, Place, Placed, RoundBlocked, RoundStarted
from muggins.errors import IllegalMoveError, RuleFileError
from muggins.families import family_of
from muggins.invariants import play_checked_game
from muggins.loader import load_rules
from muggins.narration import describe, explain_last_score
from muggins.bots import make_bots
from muggins.pieces import Tile

T = Tile.parse
LEFT, RIGHT = 0, 1
_files = itertools.count()


# -- helpers ------------------------------------------------------------------------------------

@pytest.fixture
def variant(tmp_path: Path):
    """variant(base, yaml): the rules of a file that extends `base` with `yaml` (a mapping's text)."""
    def make(base: str, body: str = ""):
        path = tmp_path / f"v{next(_files)}.yaml"
        path.write_text(f"extends: {base}\nname: v\n{body}")
        return load_rules(path)
    return make


def tiles(*names):
    return [T(n) for n in names]


def cards(g, *names):
    return [g.deck.parse(n) for n in names]


def play(state, name):
    return state.play(state.game.parse_move(name))


def scored(events):
    return [(e.player, e.points, e.reason) for e in events if isinstance(e, Scored)]


def first(events, kind):
    return next(e for e in events if isinstance(e, kind))


def index_of(events, kind):
    return next(i for i, e in enumerate(events) if isinstance(e, kind))


def stack(monkeypatch, module, front):
    """Deal `front` first, then the rest of the set in its own order (the domino course deals
    the tiles' numbers, their places in the sorted double-six set)."""
    if module is domino_engine:
        front = [DOUBLE_SIX.index(tile) for tile in front]

    def stacked(pieces, rng):
        return list(front) + [p for p in pieces if p not in front]
    monkeypatch.setattr(module, "shuffled", stacked)


DOUBLE_SIX = sorted(Tile(low, high) for high in range(7) for low in range(high + 1))


CLAIMS = "claims:\n  required: true\n"
NO_MUGGINS = "muggins:\n  enabled: false\n"


# -- claims: required, and an entry's own `claim` ----------------------------------------------

def _domino_scoring_position(rules, scores=None):
    # P0 places [0|2] on the left end (0) of [0|3]: the ends are 2 and 3, 5 points.
    return make_game(rules, 2).setup([tiles("0-2", "6-6"), tiles("3-4", "5-5")], boneyard=tiles("1-1"),
                                     line=[(T("0-3"), None)], scores=scores)


def test_claims_required_makes_a_domino_score_wait_for_its_claim(variant):
    default = _domino_scoring_position(load_rules("domino-muggins"))
    events = default.play(Place(T("0-2"), LEFT))
    # without claims the 5 is added at once and the turn passes to P1
    assert scored(events) == [(0, 5, "multiple of five")] and default.actor == 1

    state = _domino_scoring_position(variant("domino-muggins", CLAIMS))
    events = state.play(Place(T("0-2"), LEFT))
    # with claims: the score is earned, not added; P0 must claim or decline before P1 moves
    assert scored(events) == [] and first(events, ScoreEarned).score.points == 5
    assert state.actor == 0 and state.legal_moves() == [CLAIM, DECLINE] and state.scores == [0, 0]
    assert scored(state.play(CLAIM)) == [(0, 5, "multiple of five")]
    assert state.scores == [5, 0] and state.actor == 1


def test_an_entrys_own_claim_overrides_claims_required(variant):
    rules = variant("card-muggins", "scoring:\n  - name: multiple of five\n    when: 'total % 5 == 0'\n"
                                    "    points: total\n    claim: false\n")
    for r, claimed in [(load_rules("card-muggins"), True), (rules, False)]:
        g = make_game(r, 2)
        state = g.setup([cards(g, "5S", "2C"), cards(g, "3C")], pile=cards(g, "10H"), last_player=1, dealer=1, turn=0)
        events = play(state, "5S")  # 10 + 5 = 15
        if claimed:   # card-muggins claims every score: P0 must claim the 15
            assert scored(events) == [] and state.legal_moves() == [CLAIM, DECLINE] and state.actor == 0
        else:         # `claim: false` on the entry: added at once, P1 to play
            assert scored(events) == [(0, 15, "multiple of five")] and state.actor == 1


def test_a_score_below_zero_is_added_at_once_even_where_scores_are_claimed(variant):
    """A claim asks for points earned: a house entry that takes points is never claimed (its
    player would let it pass) nor taken with "Muggins!" (no opponent wants it): it is added at
    once, and the turn passes."""
    rules = variant("domino-muggins", CLAIMS + "scoring:\n  - {name: five, when: 'ends_sum == 5', points: '0 - 5'}\n"
                                               "  - {name: bonus, when: 'ends_sum == 5', points: 2}\n")
    state = _domino_scoring_position(rules, scores=[20, 20])
    events = state.play(Place(T("0-2"), LEFT))   # ends 2 and 3: the loss at once, the bonus waits for its claim
    assert scored(events) == [(0, -5, "five")] and first(events, ScoreEarned).score.points == 2
    assert state.actor == 0 and state.legal_moves() == [CLAIM, DECLINE] and state.scores == [15, 20]


def test_a_card_scores_below_zero_as_a_tile_does(variant):
    """One meaning for a scoring entry in both families: points below zero are a loss, added at
    once where scores are claimed (card-muggins claims every score)."""
    rules = variant("card-muggins", "scoring:\n  - {name: over twenty, when: 'total > 20', points: '0 - 3'}\n"
                                    "  - {name: multiple of five, when: 'total % 5 == 0', points: total}\n")
    g = make_game(rules, 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C")], pile=cards(g, "10H", "8D"), last_player=1, dealer=1,
                    turn=0, scores=[10, 10])
    events = play(state, "2C")  # 18 + 2 = 20: the multiple of five waits for its claim
    assert scored(events) == [] and state.legal_moves() == [CLAIM, DECLINE]
    state.play(CLAIM)
    assert state.scores == [30, 10]
    events = play(state, "3C")  # P1: 20 + 3 = 23, over twenty: 3 points lost at once, nothing to claim
    assert scored(events) == [(1, -3, "over twenty")] and state.scores == [30, 7] and state.decision is None
    why = explain_last_score(rules, state, "en")  # `why` explains the loss, not the 20 before it
    assert why.startswith("P2 played 3♣, bringing the running total to 23: ") and why.endswith(" scores -3.")


def test_why_after_a_false_call_explains_the_last_play_not_the_call(variant):
    """A false call costs its caller points but is no play: `why` still explains the last card's score."""
    rules = variant("card-muggins", "muggins:\n  false_call: 5\n")
    g = make_game(rules, 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C")], pile=cards(g, "10H"), last_player=1, dealer=1,
                    turn=0, scores=[10, 10])
    play(state, "5S")                     # P1: 10 + 5 = 15
    state.play(CLAIM)                     # and claims it
    state.play(MUGGINS)                   # P2 calls on its turn with nothing unclaimed: loses 5
    assert state.scores == [25, 5]
    assert explain_last_score(rules, state, "en").startswith("P1 played 5♠, bringing the running total to 15: ")


PAIRS = "scoring:\n  - {name: multiple of five, when: 'total % 5 == 0', points: total}\n" \
        "  - {name: pair, when: 'same_at_end(pile.ranks) >= 2', points: 2}\n"
SEVENS = "pile:\n  limit: 35\n  exact_limit:\n    points: 5\n" \
         "scoring:\n  - {name: multiple of seven, when: 'total % 7 == 0', points: 'total // 7'}\n"


@pytest.mark.parametrize("body, pile, card, entries", [
    # Q♣ then Q♠ (10 each): 20 is a multiple of five (20 points) and a pair of queens (2)
    (PAIRS, ["QC"], "QS", [("multiple of five", 20, "multiple of five (the running total is a multiple of 5)"),
                           ("pair", 2, "pair (the last 2 cards in the pile have the same rank)")]),
    # 10 + 10 + 8 = 28, then a 7: 35 is a multiple of seven (35 // 7 = 5) and the limit (5)
    (SEVENS, ["10C", "KD", "8H"], "7S", [("multiple of seven", 5, "multiple of seven ("), ("exact limit", 5,
                                                                                          "exactly the limit scores")]),
])
def test_explain_names_each_of_a_cards_claimed_entries(variant, body, pile, card, entries):
    """A card that earns two entries where scores are claimed: both wait for their claims, and
    each score added, as it is claimed, is explained by its own entry (`--explain` and `why`)."""
    rules = variant("card-muggins", body)
    g = make_game(rules, 2)
    state = g.setup([cards(g, card, "2C"), cards(g, "3C")], pile=cards(g, *pile), last_player=1, dealer=1,
                    turn=0, scores=[0, 0])
    play(state, card)
    for reason, points, words in entries:
        events = state.play(CLAIM)
        assert scored(events) == [(0, points, reason)]
        explained = [family_of(rules).explain_event(state, first(events, Scored), "en"),
                     explain_last_score(rules, state, "en")]
        for text in explained:
            assert words in text and text.endswith(f" scores {points}."), text


@pytest.mark.parametrize("claim", ["true", "false"])
def test_a_loss_marked_to_be_claimed_is_added_at_once_and_voided_with_the_rest(variant, claim):
    """Void overshoot judges the points a play adds at once together: a loss is one of them even
    where its entry says `claim: true`. 50 + 25 - 3 passes card-muggins' 61: both are void."""
    rules = variant("card-muggins", "claims:\n  required: false\nwin:\n  overshoot: void\nscoring:\n"
                                    f"  - {{name: minus, when: 'total > 20', points: '0 - 3', claim: {claim}}}\n"
                                    "  - {name: fives, when: 'total % 5 == 0', points: total}\n")
    g = make_game(rules, 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C")], pile=cards(g, "10H", "10D"), last_player=1, dealer=1,
                    turn=0, scores=[50, 10])
    events = play(state, "5S")
    assert scored(events) == [] and state.scores == [50, 10] and state.decision is None
    assert sorted((e.points, e.reason) for e in events if isinstance(e, Overshot)) == [(-3, "minus"), (25, "fives")]


# -- Muggins on a domino score -------------------------------------------------------------------

@pytest.mark.parametrize("enabled", [True, False], ids=["muggins", "no-muggins"])
def test_a_forgotten_domino_score_is_stolen_or_forfeited(variant, enabled):
    rules = variant("domino-muggins", CLAIMS + ("" if enabled else NO_MUGGINS))
    state = _domino_scoring_position(rules)
    state.play(Place(T("0-2"), LEFT))
    assert isinstance(state.play(DECLINE)[0], NotClaimed)     # P0 forgets the 5
    assert state.actor == 1 and state.legal_moves() == [Place(T("3-4"), RIGHT)]  # 3-4 on the 3: 2 + 4 = 6
    events = state.play(Place(T("3-4"), RIGHT))              # P1's placement closes P0's window
    if enabled:
        # P1, P0's only opponent, may now call
        assert state.actor == 1 and state.legal_moves() == [MUGGINS, DECLINE]
        events += state.play(MUGGINS)
        assert first(events, Stolen).by == 1
        assert scored(events) == [(1, 5, "muggins")] and state.scores == [0, 5]
    else:
        # nobody may call: the 5 is lost at once and it is P0's turn (stuck on 2 and 4: draw)
        assert first(events, Forfeited).score.points == 5
        assert state.scores == [0, 0] and state.actor == 0 and state.legal_moves() == [DRAW]
    assert state.turn == 0


def test_window_immediate_opens_the_calls_before_the_next_player_moves(variant):
    later = _domino_scoring_position(variant("domino-muggins", CLAIMS))
    now = _domino_scoring_position(variant("domino-muggins", CLAIMS + "muggins:\n  window: immediate\n"))
    for state in (later, now):
        state.play(Place(T("0-2"), LEFT))
        state.play(DECLINE)
    # next_action: P1 is simply on turn; no call is possible until P1 acts
    assert later.actor == 1 and later.legal_moves() == [Place(T("3-4"), RIGHT)]
    # immediate: P1 is asked for the call at once, while it is still P0's turn
    assert now.actor == 1 and now.turn == 0 and now.legal_moves() == [MUGGINS, DECLINE]
    now.play(MUGGINS)
    assert now.scores == [0, 5] and now.turn == 1 and now.legal_moves() == [Place(T("3-4"), RIGHT)]
    now.play(Place(T("3-4"), RIGHT))
    later.play(Place(T("3-4"), RIGHT))
    later.play(MUGGINS)
    assert later.scores == [0, 5]
    # the steal comes before P1's placement in one game, after it in the other
    placed_by_p1 = lambda s: max(i for i, e in enumerate(s.events) if isinstance(e, Placed))  # noqa: E731
    assert index_of(now.events, Stolen) < placed_by_p1(now)
    assert index_of(later.events, Stolen) > placed_by_p1(later)


def test_window_immediate_with_no_caller_forfeits_at_once(variant):
    state = _domino_scoring_position(variant("domino-muggins", CLAIMS + "muggins:\n  window: immediate\n"))
    state.play(Place(T("0-2"), LEFT))
    state.play(DECLINE)
    events = state.play(DECLINE)   # P1 does not call: the only opponent passed, so the 5 is lost now
    assert first(events, Forfeited).score.points == 5 and state.turn == 1 and state.scores == [0, 0]


# -- Muggins: who is asked first -----------------------------------------------------------------

def _three_player_forgotten_score(rules):
    # P1 plays 5S on 10H (15) and forgets it; P2 plays 3C (18), which closes P1's window.
    g = make_game(rules, 3)
    state = g.setup([cards(g, "6C", "7C"), cards(g, "5S", "2C"), cards(g, "3C", "4C")], pile=cards(g, "10H"),
                    last_player=0, dealer=0, turn=1)
    play(state, "5S")
    state.play(DECLINE)
    play(state, "3C")
    return state


@pytest.mark.parametrize("order, asked, scores", [
    ("turn", 2, [0, 0, 15]),   # in the order of play from the scorer P1: P2, then P0
    ("seat", 0, [15, 0, 0]),   # from the first seat up: P0, then P2
])
def test_muggins_order_turn_or_seat(variant, order, asked, scores):
    state = _three_player_forgotten_score(variant("card-muggins", f"muggins:\n  order: {order}\n"))
    assert state.actor == asked and state.legal_moves() == [MUGGINS, DECLINE]
    state.play(MUGGINS)
    assert state.scores == scores


# -- simultaneous: the new scorer's claim or the calls first -------------------------------------

@pytest.mark.parametrize("simultaneous", ["scorer", "earlier_score"])
def test_simultaneous_decides_who_reaches_the_target_first(variant, simultaneous):
    g = make_game(variant("card-muggins", f"win:\n  simultaneous: {simultaneous}\n"), 3)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "10C", "4C"), cards(g, "6C", "7C")], pile=cards(g, "10H"),
                    scores=[0, 50, 50], last_player=2, dealer=2, turn=0)
    play(state, "5S")
    state.play(DECLINE)        # P0 forgets 15
    play(state, "10C")         # P1 makes 25 (50 + 25 = 75) and opens P0's 15 to calls (50 + 15 = 65)
    if simultaneous == "scorer":
        # P1 claims first and wins with 75 before anyone calls
        assert state.actor == 1 and state.legal_moves() == [CLAIM, DECLINE]
        state.play(CLAIM)
        assert state.outcome.winner == 1 and state.outcome.scores == (0, 75, 50)
    else:
        # the calls on P0's 15 come first: P1 (first in turn order from P0) lets it go, P2 takes it
        assert state.actor == 1 and state.legal_moves() == [MUGGINS, DECLINE]
        state.play(DECLINE)
        assert state.actor == 2
        state.play(MUGGINS)
        assert state.outcome.winner == 2 and state.outcome.scores == (0, 50, 65)


# -- false calls ---------------------------------------------------------------------------------

def _false_call_position(rules):
    # 27 on the pile: P0 can play only 4C (8S would make 35); nothing is unclaimed.
    g = make_game(rules, 2)
    return g.setup([cards(g, "4C", "8S"), cards(g, "3C")], pile=cards(g, "10H", "10S", "7D"), last_player=1,
                   dealer=1, turn=0)


def test_false_call_makes_muggins_a_turn_move_that_costs_points(variant):
    default = _false_call_position(load_rules("card-muggins"))
    four = Play(default.game.deck.parse("4C"))
    assert default.legal_moves() == [four]
    with pytest.raises(IllegalMoveError, match="nothing to take"):
        default.play(MUGGINS)
    assert default.scores == [0, 0]

    state = _false_call_position(variant("card-muggins", "muggins:\n  false_call: 3\n"))
    assert state.legal_moves() == [four, MUGGINS]
    events = state.play(MUGGINS)
    # the call is penalised 3 and P0 still has the turn
    assert events[0] == FalseCall(0) and scored(events) == [(0, -3, "false muggins")]
    assert state.scores == [-3, 0] and state.actor == 0 and state.legal_moves() == [four, MUGGINS]


def test_false_call_in_a_domino_game(variant):
    rules = variant("domino-muggins", CLAIMS + "muggins:\n  false_call: 2\n")
    state = _domino_scoring_position(rules)  # nothing is unclaimed yet: a call is false
    assert MUGGINS in state.legal_moves()
    assert scored(state.play(MUGGINS)) == [(0, -2, "false muggins")] and state.turn == 0
    assert MUGGINS not in _domino_scoring_position(load_rules("domino-muggins-claims")).legal_moves()


def test_a_false_calls_cost_where_no_score_waits_for_a_claim_is_refused(variant):
    """Every call there would be false: a move offered at every turn that only costs points."""
    with pytest.raises(RuleFileError, match=r"no score of this game waits for a claim"):
        variant("domino-muggins", "muggins:\n  false_call: 2\n")


def test_a_call_on_a_turn_with_a_score_unclaimed_is_not_a_false_call(variant):
    g = make_game(variant("card-muggins", "muggins:\n  false_call: 3\n"), 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C")], pile=cards(g, "10H"), last_player=1, dealer=1,
                    turn=0)
    play(state, "5S")
    state.play(DECLINE)             # P0 leaves 15 unclaimed: something *is* there to call on
    assert state.actor == 1 and MUGGINS in state.legal_moves()
    events = state.play(MUGGINS)
    # a false call is one "with nothing unclaimed" (rules.schema.json, muggins.false_call): no penalty here
    assert not any(isinstance(e, FalseCall) for e in events)
    assert state.scores[1] >= 0


# -- sides --------------------------------------------------------------------------------------

SIDES = "seating:\n  sides: '2 if players == 4 else players'\n"


def _four_player_position(rules):
    g = make_game(rules, 4)
    return g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C"), cards(g, "6C", "7C"), cards(g, "8C", "9C")],
                   pile=cards(g, "10H"), last_player=3, dealer=3, turn=0)


def test_partners_scores_move_together(variant):
    alone = _four_player_position(load_rules("card-muggins"))
    play(alone, "5S")
    assert alone.play(CLAIM)[0].score.points == 15 and alone.scores == [15, 0, 0, 0]
    assert first(alone.events, Scored).partners == ()

    state = _four_player_position(variant("card-muggins", SIDES))
    play(state, "5S")
    events = state.play(CLAIM)
    # P0 and P2 are one side: both seats move to 15, and the event names the partner
    assert first(events, Scored) == Scored(0, 15, "multiple of five", 15, (2,))
    assert state.scores == [15, 0, 15, 0]


def test_a_partner_is_never_asked_to_call_muggins(variant):
    results = {}
    for name, rules in [("alone", load_rules("card-muggins")), ("sides", variant("card-muggins", SIDES))]:
        state = _four_player_position(rules)
        play(state, "5S")
        state.play(DECLINE)            # P0 forgets 15
        play(state, "3C")              # P1 plays: the calls open, P1 asked first
        assert state.actor == 1 and state.legal_moves() == [MUGGINS, DECLINE]
        state.play(DECLINE)
        asked = state.actor            # alone: P2 next; sides: P2 is P0's partner, so P3
        state.play(MUGGINS)
        results[name] = (asked, state.scores)
    assert results["alone"] == (2, [0, 0, 15, 0])
    assert results["sides"] == (3, [0, 15, 0, 15])


def test_partners_share_a_domino_score(variant):
    rules = variant("domino-muggins", SIDES)
    g = make_game(rules, 4)
    state = g.setup([tiles("0-2", "6-6"), tiles("3-4"), tiles("5-5"), tiles("4-4")], boneyard=tiles("1-1"),
                    line=[(T("0-3"), None)])
    events = state.play(Place(T("0-2"), LEFT))   # 2 + 3 = 5 for P0's side: P0 and P2
    assert first(events, Scored).partners == (2,) and state.scores == [5, 0, 5, 0]


def test_a_side_alone_over_the_target_wins_at_the_round_end_with_play_on(variant):
    rules = variant("domino-muggins", SIDES + "win:\n  immediate: false\n  tie: play_on\n")
    g = make_game(rules, 4)
    # P0 dominoes with [0|2] on [0|3] (5): side P0+P2 goes from 195 to 200, the target with 4 players;
    # the others hold 0, 2 and 1 pips, each rounded to a penalty of 0.
    state = g.setup([tiles("0-2"), tiles("0-0"), tiles("1-1"), tiles("0-1")], line=[(T("0-3"), None)],
                    scores=[195, 0, 195, 0])
    state.play(Place(T("0-2"), LEFT))
    assert state.scores == [200, 0, 200, 0]
    # only one side reached the target: there is no tie, that side wins
    assert state.is_terminal() and state.outcome.winner in (0, 2)


def test_a_tie_at_the_target_that_never_breaks_ends_at_the_round_cap_said_as_a_tie(variant):
    """All Fives settlement with no penalty, capped overshoot and ties played on: once both players
    stand on the target, no point can be added and none taken, so only the round cap ends the game;
    its last line says they are tied there, not that nobody reached the target."""
    rules = variant("domino-all-fives-settlement", "win: {target: 100, immediate: false, tie: play_on, "
                                                   "overshoot: capped}\n")
    game = make_game(rules, 2, 25)
    said = {}
    for seed in range(40):
        state, bots = game.new_state(seed), make_bots(["greedy", "random"], seed)
        while not state.is_terminal():
            state.apply(bots[state.actor].choose(state.view(state.actor), state.legal_moves()))
        outcome = state.events[-1].outcome
        if outcome.winner is None:
            kind = "tied" if list(outcome.scores) == [100, 100] else "short"
            said[kind] = (describe(rules, state.events[-1], "en", 100), describe(rules, state.events[-1], "es", 100),
                          outcome.scores)
    assert said["tied"][:2] == ("Unfinished: still tied at 100 or more after 25 rounds (P1 100, P2 100).",
                                "Partida sin terminar: siguen empatados en 100 o más tras 25 rondas (J1 100, J2 100).")
    assert "short" not in said or said["short"][0].startswith("Unfinished: nobody reached 100 in 25 rounds")


# -- direction ----------------------------------------------------------------------------------

CCW = "seating:\n  direction: counterclockwise\n"


def test_counterclockwise_card_turns_run_the_other_way(variant):
    orders = {}
    for name, rules in [("cw", load_rules("card-muggins")), ("ccw", variant("card-muggins", CCW))]:
        g = make_game(rules, 3)
        state = g.setup([cards(g, "2C", "3C"), cards(g, "4C", "6C"), cards(g, "7C", "8C")], dealer=0)
        seen = [state.turn]
        for _ in range(2):           # no total of these plays is a multiple of five
            state.play(state.legal_moves()[0])
            seen.append(state.turn)
        orders[name] = seen
    # the leader is after the dealer P0 in the direction of play: P1 clockwise, P2 counterclockwise
    assert orders == {"cw": [1, 2, 0], "ccw": [2, 1, 0]}


def test_counterclockwise_deal_and_leader(variant, monkeypatch):
    deck = load_rules("card-muggins").pieces
    stack(monkeypatch, cards_engine, [])      # the deck in its own order: AC 2C ... KC AD ...
    names = lambda hand: [deck.code(c) for c in hand]  # noqa: E731
    no_cut = "dealer:\n  cut: false\n"
    dealt = {}
    for name, body in [("cw", no_cut), ("ccw", no_cut + CCW)]:
        dealt[name] = first(make_game(variant("card-muggins", body), 3).new_state(4).events, Dealt)
    d = dealt["cw"].dealer
    assert dealt["ccw"].dealer == d           # the lottery does not depend on the direction
    # one card at a time from the seat after the dealer: clockwise d+1, d+2, d; counterclockwise d+2, d+1, d
    a, b, c = ["AC", "4C", "7C", "10C", "KC"], ["2C", "5C", "8C", "JC", "AD"], ["3C", "6C", "9C", "QC", "2D"]
    cw, ccw = dealt["cw"].hands, dealt["ccw"].hands
    assert [names(cw[(d + 1) % 3]), names(cw[(d + 2) % 3]), names(cw[d])] == [a, b, c]
    assert [names(ccw[(d + 2) % 3]), names(ccw[(d + 1) % 3]), names(ccw[d])] == [a, b, c]
    assert dealt["cw"].leader == (d + 1) % 3 and dealt["ccw"].leader == (d + 2) % 3


def test_counterclockwise_domino_turns_deal_and_rotation(variant, monkeypatch):
    stack(monkeypatch, domino_engine, [])     # the set in its own order: 0-0 0-1 1-1 0-2 1-2 2-2 0-3 ...
    started = {}
    for name, body in [("cw", ""), ("ccw", CCW)]:
        rules = variant("domino-muggins", body + "opener:\n  next: clockwise\n")
        g = make_game(rules, 3)
        state = g.setup([tiles("0-4"), tiles("0-0", "5-5"), tiles("0-1", "6-6")], boneyard=tiles("2-2"),
                        line=[(T("3-4"), None)])
        state.play(Place(T("0-4"), RIGHT))     # 3 + 0 = 3, no score; P0 dominoes, hand pips 0+10, 1+12
        started[name] = first(state.events, RoundStarted)
        turn_after = make_game(rules, 3).setup([tiles("0-4", "6-6"), tiles("5-5"), tiles("1-1")],
                                               boneyard=tiles("2-2"), line=[(T("3-4"), None)])
        turn_after.play(Place(T("0-4"), RIGHT))
        started[name + " turn"] = turn_after.turn
    # the next opener is the seat after the last opener P0 in the direction of play
    assert started["cw turn"] == 1 and started["ccw turn"] == 2
    assert started["cw"].opener == 1 and started["ccw"].opener == 2
    # five tiles each, one at a time from the opener in the direction of play
    a = sorted(tiles("0-0", "0-2", "0-3", "3-3", "2-4"))   # set positions 0, 3, 6, 9, 12
    b = sorted(tiles("0-1", "1-2", "1-3", "0-4", "3-4"))   # 1, 4, 7, 10, 13
    c = sorted(tiles("1-1", "2-2", "2-3", "1-4", "4-4"))   # 2, 5, 8, 11, 14
    cw, ccw = started["cw"].hands, started["ccw"].hands
    assert [list(cw[1]), list(cw[2]), list(cw[0])] == [a, b, c]
    assert [list(ccw[2]), list(ccw[1]), list(ccw[0])] == [a, b, c]


def test_counterclockwise_muggins_calls_in_the_direction_of_play(variant):
    # 4 players: P1 forgets 15 and P0 (next counterclockwise) plays; the opponents of P1 are asked
    # in the direction of play from P1: P0, P3, P2 (clockwise they would be P2, P3, P0).
    g = make_game(variant("card-muggins", CCW), 4)
    state = g.setup([cards(g, "3C", "4C"), cards(g, "5S", "2C"), cards(g, "6C", "7C"), cards(g, "8C", "9C")],
                    pile=cards(g, "10H"), last_player=2, dealer=2, turn=1)
    play(state, "5S")
    state.play(DECLINE)
    assert state.turn == 0
    play(state, "3C")
    asked = []
    while state.decision is not None:
        asked.append(state.actor)
        state.play(DECLINE)
    assert asked == [0, 3, 2]


# -- overshoot ----------------------------------------------------------------------------------

def _overshoot_position(rules):
    # P0 at 240 of 250 places [6|6] on the 6 of [3|6]: 3 + 12 = 15 would make 255.
    return make_game(rules, 2).setup([tiles("6-6", "0-1"), tiles("2-2")], boneyard=tiles("0-0"),
                                     line=[(T("3-6"), None)], scores=[240, 0])


@pytest.mark.parametrize("overshoot", ["counts", "void", "capped"])
def test_overshoot(variant, overshoot):
    rules = load_rules("domino-muggins") if overshoot == "counts" else \
        variant("domino-muggins", f"win:\n  overshoot: {overshoot}\n")
    state = _overshoot_position(rules)
    events = state.play(Place(T("6-6"), RIGHT))
    if overshoot == "counts":      # 255: past the target, a win
        assert scored(events) == [(0, 15, "multiple of five")] and state.outcome.scores == (255, 0)
        assert state.outcome.winner == 0
    elif overshoot == "void":      # nothing scores, the game goes on with P1 to play
        assert scored(events) == [] and Overshot(0, 15, "multiple of five") in events
        assert state.scores == [240, 0] and not state.is_terminal() and state.turn == 1
    else:                          # 10 of the 15: exactly 250, a win
        assert scored(events) == [(0, 10, "multiple of five")] and state.outcome.scores == (250, 0)
        assert state.outcome.winner == 0


def test_overshoot_void_treats_a_plays_entries_as_one_score(variant):
    # two entries add up: 10 for the ends, then a bonus of 5 that reads `earned`
    scoring = ("scoring:\n  - name: multiple of five\n    when: 'ends_sum > 0 and ends_sum % 5 == 0'\n"
               "    points: ends_sum\n  - name: bonus\n    when: 'earned > 0'\n    points: 5\n")
    results = {}
    for overshoot in ("counts", "void"):
        g = make_game(variant("domino-muggins", scoring + f"win:\n  overshoot: {overshoot}\n"), 2)
        state = g.setup([tiles("4-4", "0-0"), tiles("2-3")], boneyard=tiles("6-6"),
                        line=[(T("1-4"), None), (T("1-1"), LEFT)], scores=[240, 0])
        events = state.play(Place(T("4-4"), RIGHT))   # ends 2 + 8 = 10, then the bonus 5
        results[overshoot] = (scored(events), state.scores, state.outcome and state.outcome.winner)
    # counts: the 10 reaches 250 exactly and wins at once, before the bonus
    assert results["counts"] == ([(0, 10, "multiple of five")], [250, 0], 0)
    # void: 10 + 5 = 15 would pass 250, so both entries are void, though 10 alone would not
    assert results["void"] == ([], [240, 0], None)


def test_overshoot_capped_on_a_claimed_card_score(variant):
    g = make_game(variant("card-muggins", "win:\n  overshoot: capped\n"), 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C")], pile=cards(g, "10H"), scores=[50, 0], last_player=1,
                    dealer=1, turn=0)
    play(state, "5S")
    events = state.play(CLAIM)     # 50 + 15 = 65 passes 61: capped to 11
    assert scored(events) == [(0, 11, "multiple of five")] and state.outcome.scores == (61, 0)


# -- ties at a round's end ----------------------------------------------------------------------

@pytest.mark.parametrize("tie, winner", [("opener_order", 2), ("seat_order", 0), ("play_on", None)])
def test_tie_at_the_round_end(variant, tie, winner):
    rules = variant("domino-muggins", f"win:\n  immediate: false\n  tie: {tie}\n")
    g = make_game(rules, 3)
    # P1 opened this round (turn=1) and dominoes with [0|2] on [0|3]: +5; the others hold 0 and 1 pip,
    # penalties of 0. P0 and P2 stay tied on 205, over the target 200.
    state = g.setup([tiles("0-0"), tiles("0-2"), tiles("0-1")], line=[(T("0-3"), None)],
                    scores=[205, 100, 205], turn=1)
    events = state.play(Place(T("0-2"), LEFT))
    assert state.scores == [205, 105, 205]
    if winner is None:
        # nobody wins yet: round 2 starts, opened by the dominoer P1
        assert not state.is_terminal() and first(events, RoundStarted).round == 2
        assert first(events, RoundStarted).opener == 1
    else:
        # opener_order: from the opener P1 the order is P1, P2, P0, so P2; seat_order: P0
        assert state.outcome.winner == winner and isinstance(events[-1], GameEnded)


def test_tie_seat_order_in_the_card_game_versus_opener_order(variant):
    outcomes = {}
    for tie in ("seat_order", "opener_order"):
        g = make_game(variant("card-muggins", f"win:\n  immediate: false\n  tie: {tie}\n"), 3)
        # dealer P1, so P2 leads and opens the round; P0 and P2 are tied on 61
        state = g.setup([[], [], []], scores=[61, 0, 61], dealer=1)
        state.end_round()
        outcomes[tie] = state.outcome.winner
    # seat_order: P0; opener_order from P2: P2, P0, P1, so P2
    assert outcomes == {"seat_order": 0, "opener_order": 2}


# -- holder openers -----------------------------------------------------------------------------

HOLDER_STACK = tiles("5-5", "6-6")
# 2 players, 7 each, dealt from P0 in round 1 (deck[0] to P0, deck[1] to P1, ...): after the two named,
# the set order 0-0 0-1 1-1 0-2 1-2 2-2 0-3 1-3 2-3 3-3 0-4 1-4.
HOLDER_HANDS = (sorted(tiles("5-5", "0-0", "1-1", "1-2", "0-3", "2-3", "0-4")),
                sorted(tiles("6-6", "0-1", "0-2", "2-2", "1-3", "3-3", "1-4")))


def _holder_rules(variant, piece, must_play=False, method="holder"):
    return variant("domino-muggins", f"opener:\n  first:\n    method: {method}\n"
                                     f"  holder:\n    piece: '{piece}'\n    must_play: {str(must_play).lower()}\n")


def test_first_opener_by_lottery_or_by_the_highest_double(variant, monkeypatch):
    stack(monkeypatch, domino_engine, HOLDER_STACK)
    lottery = make_game(load_rules("domino-muggins"), 2).new_state(1)
    assert first(lottery.events, LotteryDrawn).purpose == "first opener"

    state = make_game(_holder_rules(variant, "highest_double"), 2).new_state(1)
    started = first(state.events, RoundStarted)
    assert not any(isinstance(e, LotteryDrawn) for e in state.events)
    assert tuple(map(list, started.hands)) == HOLDER_HANDS
    # the highest double dealt is [6|6], in P1's hand; without must_play any of P1's tiles opens
    assert started.opener == 1 and state.turn == 1
    assert state.legal_moves() == [Place(t) for t in HOLDER_HANDS[1]]


def test_holder_must_play_forces_the_opening_tile(variant, monkeypatch):
    stack(monkeypatch, domino_engine, HOLDER_STACK)
    state = make_game(_holder_rules(variant, "highest_double", must_play=True), 2).new_state(1)
    assert state.turn == 1 and state.legal_moves() == [Place(T("6-6"))]
    with pytest.raises(IllegalMoveError):
        state.play(Place(T("0-1")))
    events = state.play(Place(T("6-6")))      # the opening double counts once: 12, no score
    assert first(events, Placed).ends_sum == 12 and state.turn == 0


def test_refusing_another_opening_tile_does_not_speak_of_a_drawn_tile(variant, monkeypatch):
    stack(monkeypatch, domino_engine, HOLDER_STACK)
    state = make_game(_holder_rules(variant, "highest_double", must_play=True), 2).new_state(1)
    with pytest.raises(IllegalMoveError) as refused:
        state.play(Place(T("0-1")))
    assert "[6|6]" in str(refused.value) and "drawn" not in str(refused.value)


@pytest.mark.parametrize("piece, opener, tile", [
    ("0-0", 0, "0-0"),               # a named tile that was dealt: P0 holds [0|0]
    ("highest_double", 1, "6-6"),
])
def test_holder_of_a_named_tile(variant, monkeypatch, piece, opener, tile):
    stack(monkeypatch, domino_engine, HOLDER_STACK)
    state = make_game(_holder_rules(variant, piece, must_play=True), 2).new_state(1)
    assert state.turn == opener and state.legal_moves() == [Place(T(tile))]


@pytest.mark.parametrize("piece, opener, tile", [
    ("highest_double", 1, "5-5"),    # [6|6] stayed in the boneyard: [5|5] is the highest double dealt
    ("heaviest", 0, "5-6"),          # [5|6] (11) outweighs every other dealt tile
    ("6-6", 1, "5-5"),               # not dealt: the highest double dealt instead
])
def test_holder_pieces_choose_different_openers(variant, monkeypatch, piece, opener, tile):
    # P0: 5-6 0-0 1-1 1-2 0-3 2-3 0-4; P1: 5-5 0-1 0-2 2-2 1-3 3-3 1-4
    stack(monkeypatch, domino_engine, tiles("5-6", "5-5"))
    state = make_game(_holder_rules(variant, piece, must_play=True), 2).new_state(1)
    assert first(state.events, RoundStarted).opener == opener and state.legal_moves() == [Place(T(tile))]


def test_holder_with_no_double_dealt_falls_back_to_the_heaviest_tile(variant, monkeypatch):
    # no double dealt; P0: 0-1 0-3 0-5 1-2 1-4 1-6 3-6, P1: 0-2 0-4 0-6 1-3 1-5 2-3 4-5.
    # The heaviest are [3|6] and [4|5], 9 each: the higher half 6 breaks the tie, so P0 opens.
    stack(monkeypatch, domino_engine, tiles("0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4", "1-5",
                                            "1-6", "2-3", "3-6", "4-5"))
    state = make_game(_holder_rules(variant, "highest_double", must_play=True), 2).new_state(1)
    assert first(state.events, RoundStarted).opener == 0 and state.legal_moves() == [Place(T("3-6"))]


def test_next_opener_holder_instead_of_the_dominoer(variant, monkeypatch):
    stack(monkeypatch, domino_engine, tiles("6-6", "5-5"))
    openers = {}
    for name, body in [("dominoer", ""), ("holder", "opener:\n  next: holder\n  holder:\n    piece: highest_double\n")]:
        g = make_game(variant("domino-muggins", body), 2)
        state = g.setup([tiles("0-2"), tiles("4-4", "1-2")], boneyard=tiles("6-6"), line=[(T("0-3"), None)])
        events = state.play(Place(T("0-2"), LEFT))    # P0 dominoes
        openers[name] = first(events, RoundStarted)
    assert openers["dominoer"].opener == 0
    # the deal starts after the last opener P0, so P1 gets the first tile, [6|6], and opens
    assert T("6-6") in openers["holder"].hands[1] and openers["holder"].opener == 1


def test_after_blocked_holder_instead_of_a_lottery(variant, monkeypatch):
    stack(monkeypatch, domino_engine, tiles("6-6", "5-5"))
    results = {}
    for name, body in [("lottery", ""),
                       ("holder", "opener:\n  after_blocked: holder\n  holder:\n    piece: highest_double\n")]:
        g = make_game(variant("domino-muggins", body), 2)
        state = g.setup([tiles("6-6"), tiles("4-4")], boneyard=[], line=[(T("3-5"), None)])
        events = state.play(PASS)            # nobody can place on 3 or 5: blocked
        results[name] = ([e for e in events if isinstance(e, LotteryDrawn)], first(events, RoundStarted))
    (drawn,), started = results["lottery"]
    assert drawn.purpose == "next opener" and started.opener == drawn.winner
    # holder: no lots; the deal starts after the last opener P0, so P1 gets [6|6] first and opens
    assert results["holder"][0] == [] and results["holder"][1].opener == 1


# -- settlement: who is paid ---------------------------------------------------------------------

def _blocked_three(rules, p2=("2-2", "0-1")):
    # pips: P0 14, P1 8, P2 5 (or another hand); nothing fits 3 or 5 and the boneyard is empty
    return make_game(rules, 3).setup([tiles("6-6", "1-1"), tiles("4-4"), tiles(*p2)], boneyard=[],
                                     line=[(T("3-5"), None)], scores=[20, 20, 20])


@pytest.mark.parametrize("paid_to, expected", [
    ("dominoer", []),                                  # a blocked round has no dominoer: nobody is paid
    ("lightest", [(2, 20, "opponents' pips")]),        # P2 holds strictly the fewest: 14 + 8 = 22 -> 20
    ("nobody", []),
])
def test_paid_to_on_a_blocked_round(variant, paid_to, expected):
    rules = variant("domino-all-fives-settlement", f"settlement:\n  paid_to: {paid_to}\n")
    events = _blocked_three(rules).play(PASS)
    assert any(isinstance(e, RoundBlocked) for e in events)
    assert scored(events) == expected


def test_paid_to_lightest_pays_nobody_when_the_lightest_tie(variant):
    rules = variant("domino-all-fives-settlement", "settlement:\n  paid_to: lightest\n")
    events = _blocked_three(rules, p2=("2-2", "0-4")).play(PASS)   # P1 and P2 both hold 8 pips
    assert scored(events) == []


@pytest.mark.parametrize("paid_to, expected", [
    ("dominoer", [(0, 5, "multiple of five"), (0, 25, "opponents' pips")]),   # 8 + 4 + 12 = 24 -> 25
    ("lightest", [(0, 5, "multiple of five"), (0, 25, "opponents' pips")]),   # a dominoed round: the dominoer
    ("nobody", [(0, 5, "multiple of five")]),
])
def test_paid_to_on_a_dominoed_round(variant, paid_to, expected):
    rules = variant("domino-all-fives-settlement", f"settlement:\n  paid_to: {paid_to}\n")
    state = make_game(rules, 2).setup([tiles("0-2"), tiles("4-4", "1-3", "6-6")], boneyard=tiles("5-5"),
                                      line=[(T("0-3"), None)])
    assert scored(state.play(Place(T("0-2"), LEFT))) == expected


def test_sides_pay_the_lightest_side_its_opponents_pips(variant):
    rules = variant("domino-all-fives-settlement", SIDES + "settlement:\n  paid_to: lightest\n")
    g = make_game(rules, 4)
    # side P0+P2 holds 12 + 4 = 16 pips, side P1+P3 8 + 2 = 10: the lightest side; its first seat in
    # the order of play from the opener P0 is P1, paid the other side's 16 -> 15, shared with P3
    state = g.setup([tiles("6-6"), tiles("4-4"), tiles("2-2"), tiles("1-1")], boneyard=[], line=[(T("3-5"), None)])
    events = state.play(PASS)
    assert [(e.player, e.points, e.partners) for e in events if isinstance(e, Scored)] == [(1, 15, (3,))]
    assert state.scores == [0, 15, 0, 15]
    default = make_game(variant("domino-all-fives-settlement", SIDES), 4).setup(
        [tiles("6-6"), tiles("4-4"), tiles("2-2"), tiles("1-1")], boneyard=[], line=[(T("3-5"), None)])
    assert scored(default.play(PASS)) == []      # paid to the dominoer: a blocked round pays nobody


def test_settlement_names_lightest_and_side_pips(variant):
    # penalty by side: each player loses their side's pips unless their side is the lightest
    rules = variant("domino-muggins", SIDES + "settlement:\n  penalty: '0 if lightest else side_pips'\n")
    g = make_game(rules, 4)
    state = g.setup([tiles("6-6"), tiles("4-4"), tiles("2-2"), tiles("1-1")], boneyard=[], line=[(T("3-5"), None)])
    events = state.play(PASS)
    # side P0+P2 (16 pips) pays 16 for each of its two seats; side P1+P3 (10, lightest) pays nothing
    assert scored(events) == [(0, -16, "leftover pips"), (2, -16, "leftover pips")]
    default = make_game(variant("domino-muggins", SIDES), 4).setup(
        [tiles("6-6"), tiles("4-4"), tiles("2-2"), tiles("1-1")], boneyard=[], line=[(T("3-5"), None)])
    # the default penalty rounds each seat's own pips: 12 -> 10, 8 -> 10, 4 -> 5, 2 -> 0
    assert scored(default.play(PASS)) == [(0, -10, "leftover pips"), (1, -10, "leftover pips"),
                                          (2, -5, "leftover pips")]


# -- dealer rotation and leader ------------------------------------------------------------------

@pytest.mark.parametrize("body, dealer, leader", [
    ("", 2, 0),                                    # next_seat: after P1 comes P2, who deals; P0 leads
    ("dealer:\n  next: same\n", 1, 2),             # P1 deals again, P2 leads
    ("dealer:\n  leader: dealer\n", 2, 2),         # P2 deals and leads
])
def test_dealer_next_and_leader(variant, body, dealer, leader):
    g = make_game(variant("card-muggins", body) if body else load_rules("card-muggins"), 3)
    state = g.setup([[], [], []], dealer=1)
    events = state.end_round()
    dealt = first(events, Dealt)
    assert (dealt.round, dealt.dealer, dealt.leader, state.turn) == (2, dealer, leader, leader)


def test_dealer_next_lottery_draws_lots_for_the_deal(variant):
    for body, lottery in [("", False), ("dealer:\n  next: lottery\n", True)]:
        g = make_game(variant("card-muggins", body), 3)
        events = g.setup([[], [], []], dealer=1).end_round()
        drawn = [e for e in events if isinstance(e, LotteryDrawn)]
        assert bool(drawn) is lottery
        if lottery:
            assert drawn[0].purpose == "next dealer" and first(events, Dealt).dealer == drawn[0].winner
            assert index_of(events, LotteryDrawn) < index_of(events, Dealt)


def test_leader_dealer_in_a_new_game(variant):
    for body, after in [("", 1), ("dealer:\n  leader: dealer\n", 0)]:
        state = make_game(variant("card-muggins", body), 2).new_state(3)
        dealt = first(state.events, Dealt)
        assert dealt.leader == (dealt.dealer + after) % 2 and state.turn == dealt.leader


# -- the active players of a pile ----------------------------------------------------------------

@pytest.mark.parametrize("active, next_turn", [("holding_cards", 2), ("all", 1)])
def test_pile_active_all_gives_an_empty_hand_its_turn(variant, active, next_turn):
    g = make_game(variant("card-muggins", f"pile:\n  active: {active}\n"), 3)
    state = g.setup([cards(g, "2C", "KS"), [], cards(g, "3D", "QC")], pile=cards(g, "10H", "10S", "5D"),
                    last_player=2, dealer=2, turn=0)
    play(state, "2C")                     # 27; P1 holds nothing
    assert state.turn == next_turn
    if active == "all":
        assert state.legal_moves() == [GO]            # P1 must say go
        state.play(GO)
        assert state.turn == 2                        # one go of three: the pile stays open
    assert state.legal_moves() == [Play(g.deck.parse("3D"))]   # 30 fits; QC would make 37


# -- scoring: entries add up, `earned`, the pile's and the line's lists --------------------------

M5_LINE = "  - name: multiple of five\n    when: 'ends_sum > 0 and ends_sum % 5 == 0'\n    points: ends_sum\n"


def _doubles_position(rules, second="1-1"):
    # P0 places [4|4] on the 4 of [1|4] after [1|1] (or [1|2]) on its 1
    return make_game(rules, 2).setup([tiles("4-4", "0-0"), tiles("2-3")],
                                     boneyard=tiles("6-6"), line=[(T("1-4"), None), (T(second), LEFT)])


def test_earned_lets_a_later_entry_read_the_earlier_ones(variant):
    rules = variant("domino-muggins", "scoring:\n" + M5_LINE +
                    "  - name: double bonus\n    when: 'tile.is_double and earned > 0'\n    points: earned\n")
    assert scored(_doubles_position(load_rules("domino-muggins")).play(Place(T("4-4"), RIGHT))) == [
        (0, 10, "multiple of five")]                                  # 2 + 8 = 10
    state = _doubles_position(rules)
    assert scored(state.play(Place(T("4-4"), RIGHT))) == [(0, 10, "multiple of five"), (0, 10, "double bonus")]
    assert state.scores == [20, 0]


def test_line_lists_score_in_the_order_placed(variant):
    rules = variant("domino-muggins", "scoring:\n" + M5_LINE +
                    "  - name: two doubles\n"
                    "    when: 'count(line.pips) >= 2 and last(line.highs, 2) == last(line.lows, 2)'\n"
                    "    points: 10\n"
                    "  - name: heavy line\n    when: 'sum(line.pips) >= 15'\n    points: 1\n")
    # [1|4] [1|1] [4|4]: the last two placed are doubles, and 5 + 2 + 8 = 15 pips
    state = _doubles_position(rules)
    assert scored(state.play(Place(T("4-4"), RIGHT))) == [
        (0, 10, "multiple of five"), (0, 10, "two doubles"), (0, 1, "heavy line")]
    # [1|4] [1|2] [4|4]: ends 2 + 8 = 10 again, but [1|2] is no double and 5 + 3 + 8 = 16
    state = _doubles_position(rules, second="1-2")
    assert scored(state.play(Place(T("4-4"), RIGHT))) == [(0, 10, "multiple of five"), (0, 1, "heavy line")]


PILE_SCORING = """scoring:
  - name: multiple of five
    when: 'total % 5 == 0'
    points: total
  - name: pair
    when: 'same_at_end(pile.ranks) >= 2'
    points: 'same_at_end(pile.ranks) * (same_at_end(pile.ranks) - 1)'
  - name: run
    when: 'run_at_end(pile.ranks) >= 3'
    points: 'run_at_end(pile.ranks)'
  - name: fifteen
    when: 'sum(last(pile.values, 2)) == 15'
    points: 2
  - name: flush
    when: 'pile_size >= 3 and distinct(pile.suits) == 1'
    points: pile_size
  - name: heart
    when: 'card.suit == 3'
    points: 1
"""


@pytest.mark.parametrize("pile, card, expected", [
    (["7H"], "7S", [("pair", 2)]),                 # 14; two sevens in a row: 2 * 1
    (["7H", "7D"], "7S", [("pair", 6)]),           # 21; three sevens: 3 * 2
    (["2C", "3D"], "4S", [("run", 3)]),            # 9; 2 3 4
    (["2C", "8D"], "7S", [("fifteen", 2)]),        # 17; the last two values 8 + 7
    (["2H", "9H"], "5H", [("flush", 3), ("heart", 1)]),   # 16; three hearts, and a heart played
])
def test_pile_lists_and_the_cards_suit_score(variant, pile, card, expected):
    for rules, want in [(load_rules("card-muggins"), []), (variant("card-muggins", PILE_SCORING), expected)]:
        g = make_game(rules, 2)
        state = g.setup([cards(g, card, "KC"), cards(g, "QC")], pile=cards(g, *pile), last_player=1, dealer=1,
                        turn=0)
        events = play(state, card)                 # no total here is a multiple of five
        while state.decision is not None:
            events += state.play(CLAIM)
        assert [(reason, points) for _, points, reason in scored(events)] == want


def test_the_pile_lists_start_with_the_pile(variant):
    g = make_game(variant("card-muggins", PILE_SCORING), 2)
    state = g.setup([cards(g, "AS", "2C"), cards(g, "AD", "3C")], pile=cards(g, "10H", "10S", "10D"),
                    last_player=1, dealer=1, turn=0)
    play(state, "AS")
    assert scored(state.play(CLAIM)) == [(0, 2, "exact limit")]   # 31: the pile closes, P1 starts the next
    events = play(state, "AD")
    # AD after AS would pair, but AS belongs to the closed pile: pile.ranks is just (1,)
    assert scored(events) == [] and state.decision is None and state.actor == 0


# -- counts from the number of players ---------------------------------------------------------

def test_reserve_by_player_count(variant):
    rules = variant("domino-muggins", "draw:\n  reserve: '2 if players == 2 else 0'\n")
    assert [make_game(rules, n).reserve for n in (2, 3, 4)] == [2, 0, 0]

    def stuck(rules, players):
        hands = [tiles("6-6"), tiles("2-2"), tiles("4-4")][:players]
        return make_game(rules, players).setup(hands, boneyard=tiles("0-0", "1-1"), line=[(T("3-5"), None)])
    # P0 cannot place on 3 or 5. Two players: both boneyard tiles are kept back, so P0 passes;
    # three players (or the default reserve 0): P0 must draw
    assert stuck(rules, 2).legal_moves() == [PASS]
    assert stuck(rules, 3).legal_moves() == [DRAW]
    assert stuck(load_rules("domino-muggins"), 2).legal_moves() == [DRAW]


def test_pile_limit_by_player_count(variant):
    rules = variant("card-muggins", "pile:\n  limit: '31 if players == 2 else 21'\n")
    for players, playable in [(2, ["KS", "AS"]), (3, ["AS"])]:
        g = make_game(rules, players)
        hands = [cards(g, "KS", "AS"), cards(g, "3C"), cards(g, "4C")][:players]
        state = g.setup(hands, pile=cards(g, "10H", "10S"), last_player=1, dealer=1, turn=0)
        # 20 on the pile: KS makes 30 (over 21), AS makes 21
        assert state.legal_moves() == [Play(c) for c in cards(g, *playable)]
    g3 = make_game(load_rules("card-muggins"), 3)
    assert g3.limit == 31 and make_game(rules, 3).limit == 21


def test_refill_to_by_player_count(variant):
    rules = variant("card-muggins", "refill:\n  to: '5 if players == 2 else 4'\n")
    for r, players, drawn in [(rules, 2, 1), (rules, 3, 0), (load_rules("card-muggins"), 3, 1)]:
        g = make_game(r, players)
        hands = [cards(g, "2C", "3C", "4C", "6C", "7C"), cards(g, "8C"), cards(g, "9C")][:players]
        state = g.setup(hands, stock=cards(g, "KD", "QD", "JD"), dealer=players - 1, turn=0)
        events = play(state, "2C")       # 2, no score; 4 cards left
        refills = [e for e in events if isinstance(e, Refilled)]
        assert len(state.hands[0]) == 4 + drawn and len(refills) == drawn
        if drawn:
            assert refills[0].cards == tuple(cards(g, "JD"))   # the stock is drawn from its end


# -- whole seeded games under combined options ---------------------------------------------------

COMBINED = {
    "domino table": ("domino-muggins", CLAIMS + """
seating:
  direction: counterclockwise
  sides: '2 if players == 4 else players'
muggins:
  window: immediate
  order: seat
  false_call: 2
opener:
  next: holder
  after_blocked: holder
  holder:
    piece: highest_double
    must_play: true
settlement:
  paid_to: lightest
win:
  immediate: false
  tie: play_on
  overshoot: capped
"""),
    "domino scoring": ("domino-muggins", """
opener:
  first:
    method: holder
  holder:
    piece: heaviest
draw:
  reserve: '4 if players == 2 else 0'
settlement:
  paid_to: nobody
  award: 'round_nearest(opponents_pips, 5)'
win:
  overshoot: void
  simultaneous: earlier_score
scoring:
  - name: multiple of five
    when: 'ends_sum > 0 and ends_sum % 5 == 0'
    points: ends_sum
  - name: two doubles
    when: 'count(line.pips) >= 2 and last(line.highs, 2) == last(line.lows, 2)'
    points: 'earned + 5'
"""),
    "cards table": ("card-muggins", """
seating:
  direction: counterclockwise
  sides: '2 if players == 4 else players'
dealer:
  next: lottery
  leader: dealer
pile:
  active: all
  limit: '31 if players == 2 else 41'
refill:
  to: '5 if players == 2 else 4'
muggins:
  window: immediate
  false_call: 1
win:
  overshoot: void
  simultaneous: earlier_score
"""),
    "cards round end": ("card-muggins", PILE_SCORING + """
dealer:
  next: same
muggins:
  order: seat
win:
  immediate: false
  tie: play_on
  overshoot: capped
"""),
}


@pytest.mark.parametrize("name", list(COMBINED))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_bot_games_under_combined_options_finish(variant, name, players):
    base, body = COMBINED[name]
    rules = variant(base, body)
    for seed in range(3):
        kind = "random" if seed % 2 else "greedy"
        outcome = play_checked_game(rules, players, kind, seed, max_rounds=15, forget=0.3, attention=0.7)
        assert outcome.finished or outcome.rounds == 15


def test_a_false_call_has_its_log_line_and_the_summary_its_cost(variant):
    from muggins.narration import describe, summarize_rules
    from muggins.engine.table import FalseCall
    rules = variant("domino-muggins-claims", "muggins:\n  false_call: 3\n")
    assert describe(rules, FalseCall(1), "en", 250) == "P2 calls Muggins, but nothing is unclaimed."
    assert describe(rules, FalseCall(1), "es", 250) == "J2 grita «¡Muggins!», pero no hay nada sin reclamar."
    assert any(line.endswith("A false Muggins call costs 3.") for line in summarize_rules(rules, "en"))
