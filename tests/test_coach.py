"""What the coach, `--explain` and `why` tell is true: hints and claim prompts count only the points
the table would add (`win.overshoot`), a placement's branching double is the one on the line when it
was placed, a settlement and points left unclaimed are said as they were, a false call's cost is
said before it is paid, and a pile that closed stays on the table while its "last" is claimed.
Every expected value comes from the rule texts or is computed here, never from the program."""
from __future__ import annotations

import io

import pytest

from muggins.engine import make_game
from muggins.engine import table as T
from muggins.families import family_of
from muggins.families.line.game import Place
from muggins.families.pile import coach as pile_coach
from muggins.loader import load_rules
from muggins.narration import explain_last_score
from muggins.pieces import Tile
from muggins.terminal import Session


def tile(text):
    low, high = map(int, text.split("-"))
    return Tile(low, high)


def house(folder, base, text):
    """A house rule file in `folder` over the built-in `base`: its path."""
    path = folder / "house.yaml"
    path.write_text(f"extends: {base}\nname: {base}-house\n{text}")
    return str(path)


def at_the_table(name, state_of, script, seats=("human", "greedy"), **options):
    """A game of `name` at the terminal from the position `state_of(game)`, the person typing
    `script` (then end of input): the session and what it printed."""
    rules = load_rules(name)
    lines = iter(script)
    typed = io.StringIO()
    typed.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    options.setdefault("coach", True)
    s = Session(rules, name, len(seats), 1, 50, list(seats), stdin=typed, stdout=out, **options)
    s.state = state_of(s.game)
    s.run()
    return s, out.getvalue()


# -- 2: the hint follows the target's overshoot rule -----------------------------------------------

@pytest.mark.parametrize("score, overshoot, lang, expected", [
    # 7 = [3|4] alone; 9 scores 3 (threes), 10 scores 2 (fives): from 59 of 61, only 1 or 2 counts
    (0, None, "en", "Hint: the open ends sum to 7; 2 more makes 9, which scores 3."),
    (59, None, "en", "Hint: the open ends sum to 7; 3 more makes 10, which scores 2."),
    (59, None, "es", "Pista: los extremos abiertos suman 7; faltan 3 para 10, que anota 2."),
    # capped: 9's 3 points take 59 to the target exactly, 61: 2 of them count
    (59, "capped", "en", "Hint: the open ends sum to 7; 2 more makes 9, which scores 2."),
])
def test_the_hint_counts_only_what_the_target_lets_count(score, overshoot, lang, expected, tmp_path):
    name = house(tmp_path, "fives-and-threes", f"win:\n  overshoot: {overshoot}\n") if overshoot else "fives-and-threes"
    rules = load_rules(name)
    game = make_game(rules, 2)
    state = game.setup([[tile("6-6")], [tile("1-1")]], line=[(tile("3-4"), None)], scores=[score, 0])
    assert family_of(rules).coach_hint(rules, state.view(0), lang) == expected


def test_no_hint_when_no_sum_above_counts(tmp_path):
    """At 59 of 61, from 12 every higher sum scores 3 or more (15: 8, 18: 6, 20: 4, ...): void."""
    rules = load_rules("fives-and-threes")
    state = make_game(rules, 2).setup([[tile("1-1")], [tile("2-2")]], line=[(tile("6-6"), None)], scores=[59, 0])
    assert family_of(rules).coach_hint(rules, state.view(0), "en") is None


# -- 2 and 5: the claim prompt says what would count, in the rule file's own words -----------------

def claims_position(score):
    """[3|6] alone; P1 places [3|3] on its 3: ends 6 + 6 = 12, 4 points (threes)."""
    return lambda game: game.setup([[tile("3-3"), tile("0-0")], [tile("1-2"), tile("1-4")]],
                                   line=[(tile("3-6"), None)], scores=[score, 0], turn=0)


@pytest.mark.parametrize("score, lang, expected", [
    (0, "en", "You scored 4 (threes): type claim"),
    (0, "es", "Has anotado 4 (treses): escribe reclamar"),                      # the file's `threes: treses`
    (28, "en", "Your 4 (threes) would pass the target: claimed, they would not count."),   # 32 > 31
    (28, "es", "Tus 4 (treses) pasarían del objetivo: aunque los reclames, no contarían."),
])
def test_the_claim_prompt_says_what_the_claim_would_add(score, lang, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = house(tmp_path, "fives-and-threes", "claims:\n  required: true\nmuggins:\n  enabled: true\nwin:\n  target: 31\n")
    _, text = at_the_table(name, claims_position(score), ["1"], lang=lang)
    assert expected in text
    assert "(threes)" not in text if lang == "es" else "(treses)" not in text


@pytest.mark.parametrize("lang, expected", [
    ("en", "Your 4 (threes) would pass the target: claimed, 1 would count (up to it)."),
    ("es", "Tus 4 (treses) pasarían del objetivo: si los reclamas, contarían solo hasta el objetivo: 1."),
])
def test_the_claim_prompt_says_what_a_capped_claim_would_add(lang, expected, tmp_path, monkeypatch):
    """On 30 of 31 with `overshoot: capped`, the 4 points (threes) claimed count 1, up to the target."""
    monkeypatch.chdir(tmp_path)
    name = house(tmp_path, "fives-and-threes", "claims:\n  required: true\nmuggins:\n  enabled: true\nwin:\n"
                                             "  target: 31\n  overshoot: capped\n")
    _, text = at_the_table(name, claims_position(30), ["1"], lang=lang)
    assert expected in text, text


# -- 4: the branching double as it was at the placement --------------------------------------------

@pytest.mark.parametrize("kept", ["5-6", "1-2"])
def test_a_placement_is_explained_with_the_spinner_it_had(kept):
    """[0|5] opens (5: scores 5) before any double; [5|5] then becomes the spinner, and the round
    goes on ([5|6] fits it) or is blocked ([1|2] and [3|4] fit nothing: the next round is dealt)."""
    rules = load_rules("domino-muggins-spinner")
    family = family_of(rules)
    state = make_game(rules, 2).setup([[tile("0-5"), tile(kept)], [tile("5-5"), tile("3-4")]], turn=0)
    state.play(Place(tile("0-5")))
    early = len(state.events)
    state.play(next(m for m in state.legal_moves() if isinstance(m, Place) and m.tile == tile("5-5")))
    first, second = [event for event in state.events if type(event).__name__ == "Placed"]
    assert "Branching doubles: none." in family.explain_event(state, first, "en")
    assert "Branching doubles: [5|5]." in family.explain_event(state, second, "en")
    then = state.copy()
    then.events = state.events[:early]  # what `why` reads once the first placement has scored
    said = explain_last_score(rules, then, "en")
    assert said.startswith("Placed [0|5].") and "Branching doubles: none." in said


# -- 6: `why` after a round's settlement ---------------------------------------------------------

@pytest.mark.parametrize("lang, words", [
    ("en", ["P2 41 pips", "P3 13 pips", "rounded to the nearest multiple of 5", "So P2 loses 40, P3 loses 15."]),
    ("es", ["J2 41 puntos", "J3 13 puntos", "redondeada al múltiplo de 5 más cercano",
            "Así, J2 descuenta 40, J3 descuenta 15."]),
])
def test_why_explains_a_settlement(lang, words, tmp_path, monkeypatch):
    """P1 goes out with [0|1] on [0|2] (1 + 2 = 3: no score). D7: each player's own leftover pips to
    the nearest 5, off their score: 41 (remainder 1) rounds down to 40, 13 (remainder 3) up to 15."""
    monkeypatch.chdir(tmp_path)
    hands = [[tile("0-1")], [tile(t) for t in ("1-1", "1-5", "1-6", "3-3", "4-4", "6-6")],
             [tile("1-2"), tile("4-6")]]
    _, text = at_the_table("domino-muggins", lambda game: game.setup(hands, line=[(tile("0-2"), None)], turn=0),
                           ["1", "porqué" if lang == "es" else "why"], seats=("human", "greedy", "greedy"), lang=lang)
    said = text.split("> ")[-2]  # the answer to why, printed after its prompt
    for word in words:
        assert word in said, said


# -- 7: `why` explains the score that was added, and says which points were not ------------------

def test_why_explains_the_score_added_and_says_what_went_unclaimed(tmp_path, monkeypatch):
    """P1 puts [5|5] on [0|5]'s 5 (0 + 10 = 10) and claims it; P2, who never claims, puts [0|0] on
    the 0 (0 + 10 = 10): those 10 are never added."""
    monkeypatch.chdir(tmp_path)
    hands = [[tile("5-5"), tile("3-4")], [tile("0-0"), tile("1-2")]]
    _, text = at_the_table("domino-muggins-claims", lambda game: game.setup(hands, line=[(tile("0-5"), None)], turn=0),
                           ["1", "claim", "why"], forget=1.0)
    assert "P2 does not claim 10 (multiple of five)." in text
    said = text.split("> ")[-2]
    assert said.startswith("Placed [5|5].") and "Placed [0|0]" not in said, said
    assert "P2's 10 (multiple of five) went unclaimed: they were not added." in said


@pytest.mark.parametrize("lang, typed, silent", [
    ("en", ["1", "claim", "", "why"], ("went unclaimed", "wait for a claim", "not added", "does not claim")),
    ("es", ["1", "reclamar", "", "porqué"], ("sin reclamar", "esperan a que se reclamen", "no se sumaron",
                                            "no se han sumado", "no reclama")),
])
def test_why_without_the_coach_says_nothing_of_points_not_yet_claimed(lang, typed, silent, tmp_path, monkeypatch):
    """The same position without the coach: P2's 10 are earned and not claimed (P1's window on them
    is open as P1 types `why`), and nothing says so (the Muggins skill is the player's): `why`
    explains P1's own 10, the last score added, and no more."""
    monkeypatch.chdir(tmp_path)
    hands = [[tile("5-5"), tile("3-4")], [tile("0-0"), tile("1-2")]]
    s, text = at_the_table("domino-muggins-claims", lambda game: game.setup(hands, line=[(tile("0-5"), None)], turn=0),
                           typed, forget=1.0, coach=False, lang=lang)
    last = s.state.events[-1]
    assert isinstance(last, T.ScoreEarned) and last.score.player == 1  # P2's 10: earned, not added
    said = text.split("> ")[-2]
    assert said.startswith("Placed [5|5]." if lang == "en" else "Colocada [5|5]."), said
    assert not any(words in text for words in silent), text


# -- 8: a false call's cost is said where the coach lists it ---------------------------------------

@pytest.mark.parametrize("coach, shown", [
    (True, "muggins (nothing is unclaimed: a false call costs 5)"),
    (False, ") muggins"),   # without the coach nothing tells whether anything is unclaimed
])
def test_the_coach_says_what_a_false_call_costs(coach, shown, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = house(tmp_path, "card-muggins", "muggins:\n  false_call: 5\n")
    rules = load_rules(name)
    out = io.StringIO()
    s = Session(rules, name, 2, 1, 50, ["human", "greedy"], stdin=io.StringIO(""), stdout=out, coach=coach)
    s.run()
    moves = next(line for line in out.getvalue().splitlines() if line.startswith("Moves:"))
    assert moves.endswith(shown)


# -- 9: the pile that closed stays on the table while "last" is claimed ----------------------------

def test_the_last_claim_is_asked_over_the_pile_that_closed(tmp_path, monkeypatch):
    """K♦ Q♠ 8♣ (28); P1's 2♥ makes 30 (claimed); nobody can play on 30 (K♣, Q♣, K♥ are 10 each):
    the pile closes at 30 and P1, who played last, claims "last" with it still shown."""
    monkeypatch.chdir(tmp_path)

    def position(game):
        cards = lambda *names: [game.deck.parse(n) for n in names]  # noqa: E731
        return game.setup([cards("2H", "KH"), cards("KC", "QC")], stock=[], pile=cards("KD", "QS", "8C"),
                          scores=[0, 0], turn=0)

    _, text = at_the_table("card-muggins", position, ["2♥", "claim", "1"])
    before = text.split("You scored 1 (last)")[0].splitlines()
    assert before[-2] == "Pile: K♦ Q♠ 8♣ 2♥ — total 30 of 31", before[-4:]


def test_the_card_hint_leaves_out_the_cards_of_this_rounds_closed_piles():
    """A card played on a closed pile of this round was seen by everyone: it cannot make the next
    total. Here 10 + 3 = 13: a 2 makes 15, a multiple of five; once all four 2s lie on a closed
    pile, the next total a card could make that scores is 20 (a 7)."""
    game = make_game(load_rules("card-muggins"), 2)
    cards = lambda *names: [game.deck.parse(n) for n in names]  # noqa: E731
    state = game.setup([cards("9H", "KH"), cards("KC", "QC")], stock=cards("7C"), pile=cards("10H", "3C"),
                       turn=0, last_player=1)
    assert pile_coach.next_score(state.view(0))[:2] == (13, 15)
    state.discard_codes = [game.code_of[card] for card in cards("2S", "2H", "2D", "2C")]  # as close_pile leaves them
    assert pile_coach.next_score(state.view(0))[:2] == (13, 20)
