"""Card Muggins rules, each checked on the engine driven by the rule files."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from muggins.bots import make_bots
from muggins.cli import main
from muggins.families.pile import events as C
from muggins.families.pile.game import (CLAIM, DECLINE, GO, MUGGINS, CardGame, Dealt, Forfeited, PileClosed, Play, Refilled, RoundEnded, SaidGo, Stolen)
from muggins.engine.common import GameEnded, LotteryDrawn, Scored
from muggins.errors import IllegalMoveError
from muggins.loader import load_rules
from muggins.invariants import play_checked_game
from muggins.match import run_game
from muggins.records import make_record, read_record, replay


@pytest.fixture(scope="module")
def rules():
    return load_rules("card-muggins")


def game(rules, players=2, **kwargs):
    return CardGame(rules, players, **kwargs)


def cards(g, *names):
    return [g.deck.parse(n) for n in names]


def scored(events):
    return [(e.player, e.points, e.reason) for e in events if isinstance(e, Scored)]


def play(state, name):
    return state.play(Play(state.game.deck.parse(name)))


# -- scoring ---------------------------------------------------------------------------------

@pytest.mark.parametrize("pile, card, points", [
    (["10H"], "5S", [(0, 15, "multiple of five")]),      # 15 scores 15
    (["10H", "10S"], "10D", [(0, 30, "multiple of five")]),  # 30 scores 30
    (["10H", "10S", "10D"], "AS", [(0, 2, "exact limit")]),  # 31 scores 2
    (["10H"], "4S", []),
])
def test_play_scores_from_the_rule_file(rules, pile, card, points):
    g = game(rules)
    state = g.setup([cards(g, card, "2C"), cards(g, "3C")], stock=cards(g, "9C", "9D"), pile=cards(g, *pile),
                    last_player=1, dealer=1)
    events = play(state, card)
    for _ in points:
        events += state.play(CLAIM)
    assert scored(events) == points


def test_a_pair_is_scored_by_the_cards_laid_whatever_was_scored_before():
    """Cribbage pegging: a pair is two cards of one rank ("strictly by rank"), so a queen on a jack
    scores nothing, even after the same game scored a jack on that jack (same total, same pile)."""
    g = game(load_rules("card-cribbage-pegging"))

    def laid(card):
        state = g.setup([cards(g, card, "2C"), cards(g, "3C", "4C")], pile=cards(g, "JH"), last_player=1, dealer=1)
        return scored(play(state, card))
    assert laid("JS") == [(0, 2, "pair")]
    assert laid("QC") == []
    assert laid("JD") == [(0, 2, "pair")]


def test_reaching_the_limit_closes_the_pile_at_once_without_last(rules):
    g = game(rules)
    state = g.setup([cards(g, "AS", "2C"), cards(g, "3C")], pile=cards(g, "10H", "10S", "10D"), last_player=1, dealer=1)
    events = play(state, "AS") + state.play(CLAIM)
    closed = [e for e in events if isinstance(e, PileClosed)]
    assert closed and closed[0].total == 31 and closed[0].starter == 1
    assert all(e.reason != "last" for e in events if isinstance(e, Scored))
    assert state.pile.total == 0 and state.turn == 1


def test_the_exact_limit_scores_exactly_at_the_limit_when_no_formula_reads_the_total(tmp_path):
    """Card Muggins: reaching 31 scores 2 at once and closes the pile, whatever the other entries
    read. With an entry that reads only the card's suit, the scores of a card were remembered by
    what the formulas read, and the limit, compared in Python, was not among it: "exactly the
    limit" went missing at 31 or came at other totals, and a record did not replay."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: house\nclaims: {required: false}\n"
                     "scoring:\n  - {name: heart, when: 'card.suit == 3', points: 1}\n")
    rules = load_rules(str(house))
    game = CardGame(rules, 2)
    limits = 0
    for seed in range(6):
        state = game.new_state(seed)
        moves = run_game(state, make_bots(["greedy", "random"], seed))
        events = state.events
        for i, event in enumerate(events):
            if isinstance(event, Scored) and event.reason == "exact limit":
                played = next(e for e in reversed(events[:i]) if isinstance(e, C.Played))
                assert played.total == 31 and event.points == 2
            if isinstance(event, C.Played) and event.total == 31:
                limits += 1
                assert any(isinstance(e, Scored) and e.reason == "exact limit" and e.player == event.player
                           for e in events[i + 1:i + 4])
        record = make_record(rules, 2, seed, 1000, ["greedy", "random"], moves, state)
        assert replay(record, str(house)).scores == state.scores
    assert limits > 0


def test_last_scores_one_when_everyone_has_said_go(rules):
    g = game(rules)
    state = g.setup([cards(g, "KS", "QS"), cards(g, "8C", "QC")], pile=cards(g, "10H", "10S", "5D"),
                    last_player=1, dealer=1, turn=0)
    events = state.play(GO) + state.play(GO)   # 25: neither can play, everyone has said go
    closed = [e for e in events if isinstance(e, PileClosed)][0]
    assert (closed.total, closed.last_player, closed.starter) == (25, 1, 0)
    assert state.actor == 1 and state.legal_moves() == [CLAIM, DECLINE]
    assert scored(state.play(CLAIM)) == [(1, 1, "last")]
    assert state.pile.total == 0 and state.turn == 0


def test_go_draws_a_replacement_card_and_passes_the_turn(rules):
    g = game(rules)
    state = g.setup([cards(g, "KS", "QS"), cards(g, "8C")], stock=cards(g, "2H"), pile=cards(g, "10H", "10S", "5D"),
                    last_player=1, dealer=1, turn=0)
    assert state.legal_moves() == [GO]
    events = state.play(GO)
    assert events[0] == SaidGo(0, g.deck.parse("2H")) and state.turn == 1
    assert g.deck.parse("2H") in state.hands[0]


def test_go_without_a_stock_draws_nothing(rules):
    g = game(rules)
    state = g.setup([cards(g, "KS"), cards(g, "8C")], stock=[], pile=cards(g, "10H", "10S", "5D"), last_player=1,
                    dealer=1, turn=0)
    assert state.play(GO)[0] == SaidGo(0, None)


def test_refill_to_five_after_each_play_while_the_stock_has_cards(rules):
    g = game(rules)
    state = g.setup([cards(g, "2S", "3S", "4S", "5S", "6S"), cards(g, "8C")], stock=cards(g, "KD", "QD", "JD"),
                    dealer=1, turn=0)
    events = play(state, "2S")
    refill = [e for e in events if isinstance(e, Refilled)]
    assert refill and len(state.hands[0]) == 5 and len(state.stock) == 2


def test_the_muggins_steal_of_unclaimed_points(rules):
    g = game(rules, 3)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C"), cards(g, "6C", "7C")], pile=cards(g, "10H"),
                    last_player=2, dealer=2, turn=0)
    play(state, "5S")
    assert state.actor == 0 and state.legal_moves() == [CLAIM, DECLINE]
    state.play(DECLINE)                       # P1 forgets to claim 15
    assert state.actor == 1                   # the window stays open until the next play
    events = play(state, "3C")                # P2 plays: now opponents may call, in order from P1
    assert state.actor == 1 and state.legal_moves() == [MUGGINS, DECLINE]
    events += state.play(MUGGINS)
    assert any(isinstance(e, Stolen) and e.by == 1 for e in events)
    assert state.scores == [0, 15, 0]


def test_the_first_opponent_in_turn_order_who_calls_takes_the_points(rules):
    g = game(rules, 3)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C"), cards(g, "6C", "7C")], pile=cards(g, "10H"),
                    last_player=2, dealer=2, turn=0)
    play(state, "5S"); state.play(DECLINE); play(state, "3C")
    state.play(DECLINE)                       # P2 does not call
    assert state.actor == 2
    state.play(MUGGINS)
    assert state.scores == [0, 0, 15]


def test_without_muggins_forgotten_points_are_lost():
    rules = load_rules("card-muggins-no-muggins")
    g = CardGame(rules, 2)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C")], pile=cards(g, "10H"), last_player=1, dealer=1, turn=0)
    play(state, "5S"); state.play(DECLINE)
    events = play(state, "3C")
    assert any(isinstance(e, Forfeited) for e in events)
    assert state.scores == [0, 0] and MUGGINS not in state.legal_moves()


def test_claim_when_nothing_is_due_is_refused_and_changes_nothing(rules):
    g = game(rules)
    state = g.setup([cards(g, "4C", "8S"), cards(g, "3C")], pile=cards(g, "10H", "10S", "7D"), last_player=1, dealer=1,
                    turn=0)
    before = (list(state.hands[0]), state.pile.total, list(state.events))
    with pytest.raises(IllegalMoveError, match="nothing to claim"):
        state.play(CLAIM)
    with pytest.raises(IllegalMoveError, match=r"31 would be exceeded: total 27 \+ 8"):
        play(state, "8S")
    with pytest.raises(IllegalMoveError, match="cannot say go: 4 of clubs is playable"):
        state.play(GO)
    assert (state.hands[0], state.pile.total, state.events) == before


def test_reaching_the_target_wins_at_once_even_mid_round(rules):
    g = game(rules)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C")], pile=cards(g, "10H"), scores=[50, 0], last_player=1,
                    dealer=1, turn=0)
    events = play(state, "5S") + state.play(CLAIM)
    assert state.is_terminal() and state.outcome.winner == 0 and isinstance(events[-1], GameEnded)


def test_a_stolen_score_can_win_the_game(rules):
    g = game(rules)
    state = g.setup([cards(g, "5S", "2C"), cards(g, "3C", "4C")], pile=cards(g, "10H"), scores=[0, 55], last_player=1,
                    dealer=1, turn=0)
    play(state, "5S"); state.play(DECLINE); play(state, "3C"); state.play(MUGGINS)
    assert state.outcome.winner == 1 and state.scores[1] == 70


def test_round_ends_with_the_last_pile_scoring_last(rules):
    g = game(rules)
    state = g.setup([cards(g, "2S"), cards(g, "3D")], stock=[], pile=cards(g, "10H"), last_player=1, dealer=1, turn=0)
    events = play(state, "2S") + play(state, "3D")  # total 15 for P2
    events += state.play(CLAIM)                     # P2 claims 15; hands are empty: the pile closes
    events += state.play(CLAIM)                     # P2 claims "last"
    assert scored(events) == [(1, 15, "multiple of five"), (1, 1, "last")]
    assert any(isinstance(e, RoundEnded) for e in events)
    dealt = [e for e in events if isinstance(e, Dealt)][-1]
    assert dealt.dealer == 0 and dealt.leader == 1 and dealt.round == 2  # the deal rotates clockwise


def test_first_dealer_by_high_card_and_cut_by_the_dealers_right(rules):
    state = game(rules, 4).new_state(9)
    lottery = next(e for e in state.events if isinstance(e, LotteryDrawn))
    final = lottery.rounds[-1]
    best = max(card.rank for _, card in final)
    assert [p for p, card in final if card.rank == best] == [lottery.winner]
    dealt = next(e for e in state.events if isinstance(e, Dealt))
    assert dealt.dealer == lottery.winner and dealt.cut_by == (lottery.winner - 1) % 4
    assert dealt.leader == (lottery.winner + 1) % 4 and all(len(h) == 5 for h in dealt.hands)


# -- variants ----------------------------------------------------------------------------------

def test_strict_21_caps_the_total_and_scores_two_at_21():
    rules = load_rules("card-muggins-strict-21")
    g = CardGame(rules, 2)
    state = g.setup([cards(g, "AS", "KC"), cards(g, "3C")], pile=cards(g, "10H", "10S"), last_player=1, dealer=1, turn=0)
    assert state.legal_moves() == [Play(g.deck.parse("AS"))]
    events = play(state, "AS") + state.play(CLAIM)
    assert scored(events) == [(0, 2, "exact limit")]


def test_deal_of_seven_has_no_refill_and_no_draw_on_go():
    rules = load_rules("card-muggins-deal-of-seven")
    state = CardGame(rules, 4).new_state(4)
    assert all(len(h) == 7 for h in state.hands) and len(state.stock) == 52 - 28
    run_game(state, make_bots(["greedy"] * 4, 4))
    assert not any(isinstance(e, Refilled) for e in state.events)
    assert all(e.drew is None for e in state.events if isinstance(e, SaidGo))


def test_hundred_point_variant_plays_to_100():
    rules = load_rules("card-muggins-100")
    state = CardGame(rules, 2).new_state(1)
    run_game(state, make_bots(["greedy"] * 2, 1))
    assert state.outcome.scores[state.outcome.winner] >= 100


def test_muggins_on_forgotten_last_points_is_an_option(tmp_path: Path):
    (tmp_path / "last.yaml").write_text("extends: card-muggins\nname: last\nlast:\n  muggins: true\n")
    for path, stealable in [("card-muggins", False), (tmp_path / "last.yaml", True)]:
        g = CardGame(load_rules(path), 2)
        state = g.setup([cards(g, "KS", "QS"), cards(g, "QC", "JC")], pile=cards(g, "10H", "10S", "2D"),
                        last_player=0, dealer=0, turn=1)
        state.play(GO)
        state.play(GO)                      # the pile closes on 22: P1 earns "last"
        state.play(DECLINE)                 # ...and forgets it
        events = play(state, "QC")          # P2 starts the next pile: the window closes
        events += state.play(CLAIM)         # P2 claims the 10 of its own card first (C10)
        assert (state.legal_moves() == [MUGGINS, DECLINE]) is stealable
        assert any(isinstance(e, Forfeited) for e in events) is not stealable


# -- whole games: invariants -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["card-muggins", "card-muggins-deal-of-seven", "card-muggins-no-muggins",
                                  "card-muggins-strict-21", "card-muggins-100"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_keep_the_invariants(name, players):
    rules = load_rules(name)
    for seed in range(4):
        kind = "random" if seed % 2 else "greedy"
        outcome = play_checked_game(rules, players, kind, seed, max_rounds=20, forget=0.3, attention=0.7)
        assert outcome.winner is not None or outcome.rounds == 20


def test_bot_choices_never_depend_on_hidden_cards(rules):
    state = game(rules, 3).new_state(21)
    for kind in ("random", "greedy"):
        choices = set()
        for _ in range(5):
            other = state.copy()
            hands = other.hands
            hidden = hands[1] + hands[2] + other.stock
            other.rng.shuffle(hidden)
            a, b = len(hands[1]), len(hands[2])
            hands[1], hands[2], other.stock = hidden[:a], hidden[a:a + b], hidden[a + b:]
            other.hands = hands
            choices.add(make_bots([kind], 3)[0].choose(other.view(other.actor), other.legal_moves()))
        assert len(choices) == 1


def test_record_replays(rules, tmp_path: Path):
    g = game(rules, 4)
    state = g.new_state(5)
    kinds = ["greedy", "random", "random", "greedy"]
    moves = run_game(state, make_bots(kinds, 5, forget=0.2))
    path = tmp_path / "cards.json"
    path.write_text(make_record(rules, 4, 5, 1000, kinds, moves, state).to_json())
    assert replay(read_record(path)).scores == state.scores


def test_cli_plays_a_card_game_with_a_readable_log(capsys, tmp_path: Path):
    out_file = tmp_path / "c.json"
    assert main(["play", "card-muggins", "--players", "2", "--seed", "3", "--forget", "0.5",
                 "--record", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "plays" in out and "total" in out and "wins with" in out
    assert json.loads(out_file.read_text())["rules"] == "card-muggins"


@pytest.mark.parametrize("lang, suits", [("en", "suits C D H S)"), ("es", "palos T D C P)")])
def test_with_ascii_a_card_refusal_lists_the_suit_letters_once(lang, suits):
    """--ascii writes a suit symbol as its letter (README: T D C P in Spanish), so the refusal's
    "suits ♣ ♦ ♥ ♠ or C D H S" would say the same letters twice: they are said once."""
    from muggins.messages import reason
    from muggins.pieces import Deck, ascii_cards
    french = Deck(("C", "D", "H", "S"), ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), (1,) * 13)
    with pytest.raises(IllegalMoveError) as refused:
        french.parse("5x", lang)
    said = ascii_cards(reason(refused.value, lang), lang)
    assert said.endswith(suits) and said.count(suits[-8:-1]) == 1


# -- the coach's hint: true for the cards that could be played ---------------------------------

HEARTS = "extends: card-muggins\nname: hearts\nscoring:\n" \
         "  - {name: heart five, when: 'total % 5 == 0 and card.suit == 3', points: total}\n"


def hint_at(rules, hand, pile, lang="en", scores=None):
    """The coach's hint to P1 holding `hand`, on `pile`, P1 to play."""
    from muggins.families import family_of
    g = game(rules)
    state = g.setup([cards(g, *hand), []], pile=cards(g, *pile), last_player=1, dealer=1, turn=0, scores=scores)
    return family_of(rules).coach_hint(rules, state.view(0), lang)


@pytest.mark.parametrize("hand, lang, hint", [
    # 7 + 10 = 17; every total from 18 to 26 scores nothing (past 15, no pair of a J, no run of 7 and J);
    # 27 is made by any value-10 card, and only a J pairs the J: 2, a 10, Q or K nothing
    (["7C", "8S", "10D"], "en", "Hint: the running total is 17; 10 more makes 27, but what it scores depends on the "
                                "card: none of your cards scores now."),
    (["7C", "JD"], "en", "Hint: the running total is 17; 10 more makes 27, but what it scores depends on the card: "
                         "your J♦ makes 27, which scores 2."),
    (["7C", "JD"], "es", "Pista: el total acumulado es 17; faltan 10 para 27, pero lo que anota depende de la carta: "
                         "tu J♦ lo lleva a 27, que anota 2."),
])
def test_the_coach_names_the_cards_that_score_where_the_rank_decides(hand, lang, hint):
    """Cribbage pegging pairs by rank: where cards of one value score differently, no total alone
    scores; the hint says so and names the player's own cards that score, and what."""
    assert hint_at(load_rules("card-cribbage-pegging"), hand, ["7H", "JH"], lang) == hint


def test_the_coach_hints_only_what_a_heart_scores_where_only_hearts_score(tmp_path: Path):
    """Only a heart making a multiple of 5 scores (its total): on 29, an A♥ makes 30 and scores 30,
    another ace nothing; 31 scores 2 with any 2 (card-muggins' exact limit)."""
    path = tmp_path / "hearts.yaml"
    path.write_text(HEARTS)
    rules = load_rules(path)
    hint = hint_at(rules, ["AH", "2C"], ["10C", "9C", "10S"])
    assert hint == ("Hint: the running total is 29; 1 more makes 30, but what it scores depends on the card: "
                    "your A♥ makes 30, which scores 30; your 2♣ makes 31, which scores 2.")
    # on 0, the first total that scores is 5, with 5♥ alone (no A to 4 makes a multiple of 5)
    assert hint_at(rules, ["3C"], []) == ("Hint: the running total is 0; 5 more makes 5, but what it scores depends "
                                          "on the card: none of your cards scores now.")


def test_the_coach_hints_a_total_where_every_card_that_makes_it_scores_alike(rules):
    """In card-muggins a total scores whatever card makes it: on 12, 3 more makes 15, 15 points."""
    assert hint_at(rules, ["AH", "2C"], ["10C", "2S"]) == "Hint: the running total is 12; 3 more makes 15, which scores 15."
    assert hint_at(rules, ["AH"], ["10C", "2S"], "es") == "Pista: el total acumulado es 12; faltan 3 para 15, que anota 15."


@pytest.mark.parametrize("overshoot, hint", [
    ("void", "Hint: the running total is 25; 6 more makes 31, which scores 2."),
    ("capped", "Hint: the running total is 25; 5 more makes 30, which scores 2."),
])
def test_the_coach_hints_only_points_that_count_past_the_target(overshoot, hint, tmp_path: Path):
    """P1 has 10 of a target of 12. On 25, a 5 makes 30 (a multiple of five, 30 points): past the
    target, void counts none of them, capped counts the 2 that reach it; a 6 makes exactly 31 (2,
    card-muggins' exact limit), which reaches 12 and counts either way."""
    path = tmp_path / "short.yaml"
    path.write_text(f"extends: card-muggins\nname: short\nwin:\n  target: 12\n  overshoot: {overshoot}\n")
    assert hint_at(load_rules(path), ["5H", "6C"], ["10C", "10S", "5D"], scores=[10, 0]) == hint


def test_the_coach_counts_each_entry_a_card_earns_as_the_table_claims_it(tmp_path: Path):
    """Two claimed entries on one card (a multiple of five, and a heart making one), a target of 61
    that voids points passing it: P1 on 50 lays 5♥ on 5, making 10 for each entry; the table adds
    the first 10 (60) and voids the second (70 would pass 61): 5♥ adds 10, as any other 5 does,
    so the total scores 10 whatever card makes it, not "nothing" (20 at once would pass the target)."""
    path = tmp_path / "hearts.yaml"
    path.write_text("extends: card-muggins\nname: hearts-void\nscoring:\n"
                    "  - {name: multiple of five, when: 'total % 5 == 0', points: total}\n"
                    "  - {name: heart five, when: 'total % 5 == 0 and card.suit == 3', points: total}\n"
                    "win:\n  target: 61\n  overshoot: void\n")
    hint = hint_at(load_rules(path), ["5H", "2C"], ["3C", "2S"], scores=[50, 0])
    assert hint == "Hint: the running total is 5; 5 more makes 10, which scores 10.", hint
