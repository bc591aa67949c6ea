"""Rule-file expressions said in words (dsl/words.py, each family's glossary) and the rule files' own
words in Spanish (`translations`): the phrases below are written from what each expression means."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.dsl import Type, compile_expression
from muggins.dsl.words import join
from muggins.errors import RuleFileError
from muggins.families import families
from muggins.loader import builtin_rule_names, load_rules
from muggins.narration import glossary, reason_name, say, say_points, summarize_rules
from muggins.rules import PLAYERS_CONTEXT

DOMINO, CARDS = load_rules("domino-muggins"), load_rules("card-muggins")

# (rules, place, expression, English, Spanish)
PHRASES = [
    (DOMINO, "scoring", "ends_sum % 5 == 0",
     "the sum of the open ends is a multiple of 5", "la suma de los extremos abiertos es múltiplo de 5"),
    (DOMINO, "scoring", "ends_sum > 0 and ends_sum % 5 == 0",
     "the sum of the open ends is a positive multiple of 5",
     "la suma de los extremos abiertos es un múltiplo positivo de 5"),
    (DOMINO, "scoring", "ends_sum % 5 != 0",
     "the sum of the open ends is not a multiple of 5", "la suma de los extremos abiertos no es múltiplo de 5"),
    (DOMINO, "scoring", "not (ends_sum > 0 and ends_sum % 5 == 0)",       # De Morgan, not "it is not the case"
     "the sum of the open ends is not positive or not a multiple of 5",
     "la suma de los extremos abiertos no es positiva o no es múltiplo de 5"),
    (DOMINO, "scoring", "ends_sum % 2 == 1", "the sum of the open ends is odd", "la suma de los extremos abiertos es impar"),
    (DOMINO, "scoring", "ends_sum % 3 == 1",
     "the sum of the open ends leaves a remainder of 1 when divided by 3",
     "la suma de los extremos abiertos da resto 1 al dividirla entre 3"),
    (DOMINO, "scoring", "ends_sum // 5",
     "the number of times 5 fits in the sum of the open ends",
     "el número de veces que cabe 5 en la suma de los extremos abiertos"),
    (DOMINO, "scoring", "ends_sum // players",
     "the whole part of the sum of the open ends divided by the number of players",
     "la parte entera de la suma de los extremos abiertos entre el número de jugadores"),
    (DOMINO, "scoring", "ends_sum % players",
     "the remainder of the sum of the open ends divided by the number of players",
     "el resto de dividir la suma de los extremos abiertos entre el número de jugadores"),
    (DOMINO, "scoring", "0 < ends_sum <= 20",                              # a chain, its subject in the middle
     "the sum of the open ends is positive and at most 20",
     "la suma de los extremos abiertos es positiva y como máximo 20"),
    (DOMINO, "scoring", "ends_sum in [5, 10, 8]",
     "the sum of the open ends is 5, 10 or 8", "la suma de los extremos abiertos es 5, 10 u 8"),
    (DOMINO, "scoring", "tile.is_double and not opening",
     "the tile is a double and the tile does not open the line", "la ficha es un doble y la ficha no abre la línea"),
    (DOMINO, "scoring", "opening or ends_sum > 10 and dominoed",
     "the tile opens the line, or both the sum of the open ends is more than 10 and the player has placed their last tile",
     "la ficha abre la línea, o tanto la suma de los extremos abiertos es mayor que 10 como el jugador ha colocado "
     "su última ficha"),
    (DOMINO, "scoring", "(opening or dominoed) and ends_sum >= 10",
     "either the tile opens the line or the player has placed their last tile, and the sum of the open ends is at least 10",
     "ya sea la ficha abre la línea o el jugador ha colocado su última ficha, y la suma de los extremos abiertos "
     "es como mínimo 10"),
    (DOMINO, "scoring", "boneyard == 1", "there is 1 tile in the boneyard", "queda 1 ficha en el montón"),
    (DOMINO, "scoring", "boneyard < 3", "there are fewer than 3 tiles in the boneyard", "quedan menos de 3 fichas en el montón"),
    (DOMINO, "scoring", "opening == dominoed",
     "the tile opens the line if and only if the player has placed their last tile",
     "la ficha abre la línea si y solo si el jugador ha colocado su última ficha"),
    (DOMINO, "scoring", "ends_sum * 2 + 1", "twice the sum of the open ends plus 1",
     "el doble de la suma de los extremos abiertos más 1"),
    (DOMINO, "scoring", "(ends_sum + 1) * 3", "three times the sum of the sum of the open ends and 1",
     "el triple de la suma de la suma de los extremos abiertos y 1"),
    (DOMINO, "scoring", "ends_sum - (tile.high + tile.low)",
     "the sum of the open ends minus the sum of the tile's high half and the tile's low half",
     "la suma de los extremos abiertos menos la suma de la mitad alta de la ficha y la mitad baja de la ficha"),
    (DOMINO, "scoring", "-ends_sum", "minus the sum of the open ends", "menos la suma de los extremos abiertos"),
    (DOMINO, "scoring", "abs(tile.high - tile.low)",
     "the difference between the tile's high half and the tile's low half",
     "la diferencia entre la mitad alta de la ficha y la mitad baja de la ficha"),
    (DOMINO, "scoring", "abs(score)", "the absolute value of the player's score", "el valor absoluto de la puntuación del jugador"),
    (DOMINO, "scoring", "max(ends_sum, 5)", "the sum of the open ends, at least 5", "la suma de los extremos abiertos, como mínimo 5"),
    (DOMINO, "scoring", "min(score, target)", "the smaller of the player's score and the target",
     "el menor entre la puntuación del jugador y el objetivo"),
    (DOMINO, "scoring", "max(tile.high, tile.low, 3)", "the largest of the tile's high half, the tile's low half and 3",
     "el mayor de la mitad alta de la ficha, la mitad baja de la ficha y 3"),
    (DOMINO, "scoring", "count(ends) == 3", "the number of open ends is 3", "el número de extremos abiertos es 3"),
    (DOMINO, "scoring", "sum(ends)", "the total of the contributions of the open ends",
     "la suma de las aportaciones de los extremos abiertos"),
    (DOMINO, "scoring", "max(line.pips)", "the highest pip total among the tiles in the line",
     "el valor más alto entre las fichas de la línea"),
    (DOMINO, "scoring", "last(line.highs, 1) == [6]", "the high half of the last tile in the line is 6",
     "la mitad alta de la última ficha de la línea es 6"),
    (DOMINO, "scoring", "last(line.highs, 2) == [6, 6]", "the high halves of the last 2 tiles in the line are 6 and 6",
     "las mitades altas de las 2 últimas fichas de la línea son 6 y 6"),
    (DOMINO, "scoring", "earned > 0", "the points the entries above gave for this placement are positive",
     "lo que las entradas anteriores han dado por esta colocación es positivo"),
    (DOMINO, "scoring", "10 if opening else 0", "10 if the tile opens the line, otherwise 0",
     "10 si la ficha abre la línea; si no, 0"),
    (DOMINO, "scoring", "ends_sum >= 10 if opening else true",
     "the tile opens the line and the sum of the open ends is at least 10, or else the tile does not open the line and always",
     "la ficha abre la línea y la suma de los extremos abiertos es como mínimo 10, o bien la ficha no abre la línea y siempre"),
    (DOMINO, "settlement.penalty", "round_nearest(hand_pips, 5)",
     "the pips of their leftover tiles, rounded to the nearest multiple of 5",
     "la suma de sus fichas restantes, redondeada al múltiplo de 5 más cercano"),
    (DOMINO, "settlement.award", "round_down(opponents_pips, 10)",
     "the pips of the opponents' leftover tiles, rounded down to a multiple of 10",
     "la suma de las fichas restantes de los oponentes, redondeada hacia abajo a un múltiplo de 10"),
    (DOMINO, "settlement.award", "round_up(score, 5)", "the player's score, rounded up to a multiple of 5",
     "la puntuación del jugador, redondeada hacia arriba a un múltiplo de 5"),
    (DOMINO, "settlement.award", "0 if blocked else side_pips",
     "0 if the round is blocked, otherwise the pips of their side's leftover tiles",
     "0 si la ronda está bloqueada; si no, la suma de las fichas restantes de su bando"),
    (DOMINO, "players", "7 if players == 2 else 5", "7 if there are 2 players, otherwise 5",
     "7 si hay 2 jugadores; si no, 5"),
    (DOMINO, "players", "9 if players <= 4 else 7 if players == 5 else 6",
     "9 if there are at most 4 players, 7 if there are 5 players, otherwise 6",
     "9 si hay como máximo 4 jugadores; 7 si hay 5 jugadores; si no, 6"),
    (DOMINO, "players", "28 - (7 if players == 2 else 5) * players",
     "28 minus the product of (7 if there are 2 players, otherwise 5) and the number of players",
     "28 menos el producto de (7 si hay 2 jugadores; si no, 5) y el número de jugadores"),
    (DOMINO, "players", "players in [2, 4]", "there are 2 or 4 players", "hay 2 o 4 jugadores"),
    (DOMINO, "players", "players == 1", "there is 1 player", "hay 1 jugador"),
    (CARDS, "pieces.cards.value", "min(card.rank, 10)", "the card's rank, at most 10", "el rango de la carta, como máximo 10"),
    (CARDS, "scoring", "total % 5 == 0", "the running total is a multiple of 5", "el total acumulado es múltiplo de 5"),
    (CARDS, "scoring", "total == limit", "the running total is the limit", "el total acumulado es igual al límite"),
    (CARDS, "scoring", "same_at_end(pile.ranks) >= 2", "the last 2 cards in the pile have the same rank",
     "las 2 últimas cartas de la pila tienen el mismo rango"),
    (CARDS, "scoring", "same_at_end(pile.ranks) * (same_at_end(pile.ranks) - 1)",
     "the number of cards in a row at the end of the pile with the same rank as the last one, times one less than that",
     "el número de cartas seguidas al final de la pila con el mismo rango que la última, por uno menos que ese número"),
    (CARDS, "scoring", "run_at_end(pile.ranks) >= 3",
     "the last 3 or more cards in the pile make a run of consecutive ranks, in any order",
     "las últimas 3 cartas o más de la pila forman una escalera de rangos consecutivos, en cualquier orden"),
    (CARDS, "scoring", "run_at_end(pile.ranks)",
     "the length of the longest run of consecutive ranks, in any order, at the end of the pile (0 if under 3)",
     "la longitud de la escalera más larga de rangos consecutivos, en cualquier orden, al final de la pila "
     "(0 si es de menos de 3)"),
    (CARDS, "scoring", "sum(last(pile.values, 2)) == 15", "the total of the values of the last 2 cards in the pile is 15",
     "la suma de los valores de las 2 últimas cartas de la pila es 15"),
    (CARDS, "scoring", "distinct(last(pile.suits, 3)) == 1",
     "the number of different suit numbers among the last 3 cards in the pile is 1",
     "el número de números de palo distintos entre las 3 últimas cartas de la pila es 1"),
    (CARDS, "scoring", "card.rank in last(pile.ranks, 4)",
     "the card's rank is among the ranks of the last 4 cards in the pile",
     "el rango de la carta está entre los rangos de las 4 últimas cartas de la pila"),
    (CARDS, "scoring", "count(pile.ranks) >= players", "the number of cards in the pile is at least the number of players",
     "el número de cartas de la pila es como mínimo el número de jugadores"),
    (CARDS, "scoring", "pile_size > 1", "there is more than 1 card in the pile", "hay más de 1 carta en la pila"),
    (CARDS, "scoring", "hand_size == 0", "the player holds 0 cards", "al jugador le quedan 0 cartas"),
    (CARDS, "scoring", "min(pile.ranks) == 1", "the lowest rank among the cards in the pile is 1",
     "el rango más bajo entre las cartas de la pila es 1"),
    (CARDS, "scoring", "sum([total, 1, 2])", "the total of the running total, 1 and 2", "la suma de el total acumulado, 1 y 2"),
    (CARDS, "scoring", "true", "always", "siempre"),
    (CARDS, "scoring", "not false", "always", "siempre"),
]


@pytest.mark.parametrize("rules, place, source, english, spanish", PHRASES, ids=[p[2] for p in PHRASES])
def test_an_expression_is_said_in_words_in_both_languages(rules, place, source, english, spanish):
    spanish = spanish.replace("de el ", "del ")   # the contraction Spanish makes, written out above for clarity
    assert say(rules, place, source, "en") == english
    assert say(rules, place, source, "es") == spanish


@pytest.mark.parametrize("source, english, spanish", [
    ("2", "2 points", "2 puntos"), ("1", "1 point", "1 punto"), ("0", "0 points", "0 puntos"),
    ("total", "the running total", "el total acumulado"),
])
def test_points_agree_with_their_number(source, english, spanish):
    assert say_points(CARDS, "scoring", source, "en") == english
    assert say_points(CARDS, "scoring", source, "es") == spanish


def test_spanish_conjunctions_change_before_the_same_sound():
    assert join(["5", "8"], "o", "es") == "5 u 8" and join(["10", "11"], "o", "es") == "10 u 11"
    assert join(["agua", "hielo"], "y", "es") == "agua y hielo" and join(["padre", "hijo"], "y", "es") == "padre e hijo"


def test_every_name_of_every_place_has_words_in_both_languages():
    for family in families().values():
        rules = DOMINO if family.name == DOMINO.family else CARDS
        for place, context in {**family.contexts(), "players": PLAYERS_CONTEXT}.items():
            for lang in ("en", "es"):
                missing = set(context) - set(glossary(rules, place, lang))
                assert not missing, (family.name, place, lang, missing)


# -- any valid expression is words -------------------------------------------------------------

FORBIDDEN = re.compile(r"%|//|==|!=|<|>|\*|\+|\band\(|\bor\(|\w\(|\[|\]|\w\.\w|\w_\w|\btrue\b|\bfalse\b")


def expressions(context):
    """Valid expressions of a context: an integer, a condition and a list, as source text."""
    names = {kind: sorted(n for n, t in context.items() if t is kind) for kind in Type}
    int_leaf = st.one_of(st.integers(0, 60).map(str), *([st.sampled_from(names[Type.INT])] if names[Type.INT] else []))
    list_leaf = st.one_of(st.lists(st.integers(0, 9).map(str), min_size=1, max_size=3).map(lambda xs: f"[{', '.join(xs)}]"),
                          *([st.sampled_from(names[Type.LIST])] if names[Type.LIST] else []))
    bool_leaf = st.sampled_from(["true", "false", *names[Type.BOOL]])
    i = st.deferred(lambda: st.one_of(int_leaf, int_leaf, int_node))
    b = st.deferred(lambda: st.one_of(bool_leaf, bool_node))
    lst = st.deferred(lambda: st.one_of(list_leaf, list_leaf, st.tuples(lst, i).map(lambda t: f"last({t[0]}, {t[1]})")))
    int_node = st.one_of(
        st.tuples(i, st.sampled_from(["+", "-", "*", "//", "%"]), i).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(i, st.sampled_from(["+", "-", "*"]), i).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        i.map(lambda x: f"-{x}"),
        st.tuples(st.sampled_from(["min", "max", "round_nearest", "round_down", "round_up"]), i, i)
        .map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        st.tuples(i, i, i).map(lambda t: f"max({t[0]}, {t[1]}, {t[2]})"),
        i.map(lambda x: f"abs({x})"),
        st.tuples(st.sampled_from(["sum", "count", "min", "max", "distinct", "same_at_end", "run_at_end"]), lst)
        .map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(i, b, i).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    )
    bool_node = st.one_of(
        st.tuples(i, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), i).map(lambda t: " ".join(t)),
        st.tuples(i, st.sampled_from(["<", "<="]), i, st.sampled_from(["<", "<="]), i).map(lambda t: " ".join(t)),
        st.tuples(i, st.integers(2, 6), st.sampled_from(["==", "!="]), st.integers(0, 3))
        .map(lambda t: f"{t[0]} % {t[1]} {t[2]} {t[3]}"),
        st.tuples(b, st.sampled_from(["and", "or"]), b).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        b.map(lambda x: f"not {x}"),
        st.tuples(i, lst).map(lambda t: f"{t[0]} in {t[1]}"),
        st.tuples(lst, lst).map(lambda t: f"{t[0]} == {t[1]}"),
        st.tuples(b, b).map(lambda t: f"({t[0]} == {t[1]})"),
        st.tuples(b, b, b).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    )
    return st.tuples(i, b)


PLACES = [(rules, place, context) for rules in (DOMINO, CARDS)
          for family in [families()[rules.family]]
          for place, context in {**family.contexts(), "players": PLAYERS_CONTEXT}.items()]


@pytest.mark.parametrize("rules, place, context", PLACES, ids=[f"{r.family}:{p}" for r, p, _ in PLACES])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_valid_expression_is_said_without_the_languages_tokens(rules, place, context, data):
    number, condition = data.draw(expressions(context))
    for source, kind in ((number, Type.INT), (condition, Type.BOOL)):
        try:
            compile_expression(source, context, kind)
        except Exception:   # e.g. a constant that divides by zero: not a valid expression
            continue
        for lang in ("en", "es"):
            text = say(rules, place, source, lang)
            assert text and not FORBIDDEN.search(text), (source, lang, text)


# -- the rule files' own words ------------------------------------------------------------------

def test_every_builtin_rule_file_has_its_title_description_and_score_names_in_spanish():
    for name in builtin_rule_names():
        rules = load_rules(name)
        spanish = rules.translations["es"]
        assert spanish.title and spanish.title != rules.title, name
        assert spanish.description and spanish.description != rules.description, name
        for entry in rules.scoring:
            assert rules.score_name(entry.name, "es"), (name, entry.name)
        assert rules.title_in("en") == rules.title and rules.title_in("es") == spanish.title


# English words a Spanish title or description may keep only as a game's name, or in parentheses
# after the Spanish word ("al estilo del conteo (pegging) del Cribbage", "el All Fives (Todos Cincos)").
_ENGLISH_IN_SPANISH = re.compile(r"\b(?:pegging|fives|threes|all|the|of|and|with|round|score|points?|tiles?|"
                                 r"cards?|blocked|spinner|settlement|partnership|claims?|short|double|nine)\b", re.I)


def test_spanish_titles_and_descriptions_have_no_english_words_but_game_names():
    for name in builtin_rule_names():
        spanish = load_rules(name).translations["es"]
        for text in (spanish.title, spanish.description):
            bare = re.sub(r"\([^)]*\)", "", text.replace("All Fives (Todos Cincos)", "").replace("Cribbage", ""))
            assert "All Fives" not in bare and not _ENGLISH_IN_SPANISH.search(bare), (name, text)


def test_spanish_summary_uses_the_files_words_and_no_code():
    lines = summarize_rules(load_rules("card-cribbage-pegging"), "es")
    assert lines[0].startswith("Cribbage, fase de conteo (card-cribbage-pegging): Solo el juego")
    text = "\n".join(lines)
    assert "«quince»: cuando el total acumulado es 15, anota 2 puntos." in text
    assert "«pareja»: cuando las 2 últimas cartas de la pila tienen el mismo rango" in text
    assert "`" not in text and "pile.ranks" not in text and "same_at_end" not in text
    assert reason_name("run", "es", load_rules("card-cribbage-pegging")) == "escalera"


@pytest.mark.parametrize("lang, said", [
    ("en", "A player who cannot play says go and draws a replacement card while the stock has cards."),
    ("es", "Quien no puede jugar dice «paso» y roba una carta de reemplazo mientras quede mazo."),
])
def test_the_card_summary_says_going_draws_only_while_the_stock_has_cards(lang, said):
    """C2: a player who says go draws a replacement card only while the stock has cards."""
    assert said in summarize_rules(load_rules("card-muggins"), lang)


def test_a_settlement_floor_is_said_as_what_it_bounds_the_penalty(tmp_path):
    """D4's floor keeps the round's penalty from taking a score below it; points scored in play (a
    house entry that takes points, a false call) are not bounded, so the summary names the penalty."""
    rules = load_rules(str(write(tmp_path, "extends: domino-muggins\nname: house\nsettlement: {floor: 0}\n")))
    en, es = "\n".join(summarize_rules(rules, "en")), "\n".join(summarize_rules(rules, "es"))
    assert "; the penalty takes no score below 0." in en
    assert "; la penalización no deja ninguna puntuación por debajo de 0." in es


@pytest.mark.parametrize("tie, en_tie, es_tie", [
    ("opener_order", "a tie goes to the first of the tied players in the order of play from the round's opener",
     "un empate lo gana, de los empatados, el primero en el orden de juego desde quien abre la ronda"),
    ("seat_order", "a tie goes to the one in the lowest seat", "un empate lo gana el del puesto más bajo"),
    ("play_on", "on a tie, nobody wins yet and another round is played",
     "si hay empate, nadie gana aún y se juega otra ronda"),
])
def test_a_win_at_the_end_of_a_round_is_said_with_its_tie_break(tmp_path, tie, en_tie, es_tie):
    """With `win.immediate: false` the first to reach the target need not win: the highest score at
    or over it when a round ends does, a tie broken as `win.tie` says (README, "The target")."""
    rules = load_rules(str(write(tmp_path, "extends: domino-muggins\nname: late-win\n"
                                           f"win: {{target: 30, immediate: false, tie: {tie}}}\n")))
    en, es = summarize_rules(rules, "en")[-1], summarize_rules(rules, "es")[-1]
    assert en == f"The game is decided when a round ends: the highest score at or over the target wins; {en_tie}."
    assert es == ("La partida se decide al terminar una ronda: gana la puntuación más alta entre las que alcanzan "
                  f"o pasan el objetivo; {es_tie}.")
    assert summarize_rules(load_rules("domino-muggins-claims"), "en")[-1] == \
        "The first to reach the target wins at once, even mid-round."


def test_a_loss_is_never_said_to_be_claimed(tmp_path):
    """Points below zero are never claimed, they are added at once (README, `claims.required`): an
    entry that can only lose is not "to be claimed", and one that can gain or lose says both."""
    rules = load_rules(str(write(tmp_path, "extends: domino-muggins-claims\nname: house\nscoring:\n"
                                           "  - {name: fives, when: ends_sum % 5 == 0, points: ends_sum}\n"
                                           "  - {name: seven, when: ends_sum == 7, points: -5}\n"
                                           "  - {name: odd, when: ends_sum % 2 == 1, points: 4 - ends_sum}\n"
                                           "  - {name: nothing, when: ends_sum == 9, points: 0}\n")))
    en, es = summarize_rules(rules, "en"), summarize_rules(rules, "es")
    assert '"fives": when the sum of the open ends is a multiple of 5, scores the sum of the open ends ' \
           "(to be claimed)." in en
    assert '"seven": when the sum of the open ends is 7, scores minus 5 (a loss: added at once, never claimed).' in en
    assert '"odd": when the sum of the open ends is odd, scores 4 minus the sum of the open ends ' \
           "(to be claimed; a loss is added at once)." in en
    assert "«seven»: cuando la suma de los extremos abiertos es 7, anota menos 5 " \
           "(una pérdida: se descuenta al momento, sin reclamarla)." in es
    assert "«odd»: cuando la suma de los extremos abiertos es impar, anota 4 menos la suma de los extremos abiertos " \
           "(hay que reclamar; una pérdida se descuenta al momento)." in es
    nothing = [line for line in en if line.startswith('"nothing"')]
    assert len(nothing) == 1 and nothing[0].endswith("(to be claimed).")  # scoring 0 is no loss


def test_the_summary_says_which_tiles_are_set_aside_and_that_nothing_is_drawn_then(tmp_path):
    """fives-and-threes: `draw.reserve: 28 - (7 if players == 2 else 5) * players` sets aside every
    tile not dealt; a house reserve of 4 in domino-muggins leaves tiles to draw."""
    fives = {lang: summarize_rules(load_rules("fives-and-threes"), lang) for lang in ("en", "es")}
    kept = [28 - (7 if players == 2 else 5) * players for players in (2, 3, 4)]
    assert (f"Drawing: never, every tile not dealt is set aside. Passing: only when nothing is left to draw. "
            f"Set aside and never drawn: {kept[0]} tiles with 2 players, {kept[1]} tiles with 3 players, "
            f"{kept[2]} tiles with 4 players.") in fives["en"]
    assert any(line.startswith("Robo: nunca, toda ficha no repartida queda apartada.") and
               f"{kept[2]} fichas con 4 jugadores." in line for line in fives["es"])
    house = summarize_rules(load_rules(str(write(tmp_path, "extends: domino-muggins\nname: house\n"
                                                          "draw: {reserve: 4}\n"))), "en")
    assert ("Drawing: only with no tile to place; a playable drawn tile is placed at once. Passing: only when "
            "nothing is left to draw. Set aside and never drawn: 4 tiles with 2 players, 4 tiles with 3 players, "
            "4 tiles with 4 players.") in house


def write(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_translated_scoring_name_must_name_an_entry(tmp_path):
    path = write(tmp_path, "extends: domino-muggins\nname: house\ntranslations:\n  es:\n    scoring:\n"
                           "      multiple of fiv: múltiplo de cinco\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    problem = caught.value.problems[0]
    assert problem.location.file.endswith("house.yaml") and (problem.location.line, problem.location.column) == (6, 7)
    assert "'multiple of fiv'" in problem.message and "did you mean 'multiple of five'?" in problem.message


def test_a_variant_that_replaces_the_scoring_drops_the_bases_names_and_a_new_title_stays_english(tmp_path):
    path = write(tmp_path, "extends: domino-muggins\nname: house\ntitle: House dominoes\n"
                           "scoring:\n  - name: fives\n    when: ends_sum % 5 == 0\n    points: ends_sum\n")
    rules = load_rules(path)
    assert rules.title_in("es") == "House dominoes"                     # the base's Spanish title was for another title
    assert rules.description_in("es") == load_rules("domino-muggins").translations["es"].description
    assert rules.score_name("fives", "es") is None and reason_name("fives", "es", rules) == "fives"


def test_translations_are_checked_by_the_schema(tmp_path):
    path = write(tmp_path, "extends: domino-muggins\nname: house\ntranslations:\n  fr:\n    title: Muggins\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    assert "unknown key 'fr'" in caught.value.problems[0].message


def test_the_spanish_log_names_scores_in_the_files_words_and_reads_right():
    from muggins.engine import make_game
    from muggins.narration import describe
    rules = load_rules("card-cribbage-pegging")
    game = make_game(rules, 2)
    state = game.new_state(3)
    while not state.is_terminal():
        state.play(state.legal_moves()[0])
    lines = [describe(rules, e, "es", game.target) for e in state.events]
    text = "\n".join(line for line in lines if line)
    assert "(pareja)" in text and "(pair)" not in text
    assert "(s)" not in text


def test_why_explains_a_card_score_in_words():
    from muggins.engine import make_game
    from muggins.narration import explain_last_score
    rules = load_rules("card-muggins")
    game = make_game(rules, 2)
    state = game.new_state(1)
    seen = {}
    while not state.is_terminal() and len(seen) < 2:
        state.play(state.legal_moves()[0])
        for lang in ("en", "es"):
            text = explain_last_score(rules, state, lang) or ""
            if "multiple of five" in text or "múltiplo de cinco" in text:
                seen[lang] = text
    assert "(the running total is a multiple of 5) scores" in seen["en"]
    assert "múltiplo de cinco (el total acumulado es múltiplo de 5) anota" in seen["es"]


def test_retranslating_a_rule_file_keeps_its_digest(tmp_path):
    """Records and saves name their rules by digest: new Spanish words must not orphan them."""
    from muggins.loader import load_rules
    base = load_rules("card-muggins")
    path = tmp_path / "retranslated.yaml"
    path.write_text("extends: card-muggins\nname: card-muggins\ntranslations:\n  es:\n    title: Otro título\n")
    assert load_rules(path).digest == base.digest


# -- the summary says every rule the file sets: a walk over the schema's options -----------------

SCHEMA = json.loads((Path(__file__).parent.parent / "interpreter" / "muggins" / "schema" / "rules.schema.json").read_text())
# What no rule of play is: the file's own names and text (the summary's first line says them), where
# it comes from, and the paper tally, which only --tally shows; pieces and scoring have tests of their own.
NOT_RULES = {"extends", "name", "title", "description", "source", "translations", "notation", "pieces", "scoring"}
# For every option: a rule file it changes something in (with claims where only Muggins reads it) and
# settings that give it a value other than that file's (and the schema's default).
OTHER_VALUES = {
    "players": ("domino-muggins", ["players=[2, 3]"]),
    "deal.hand": ("domino-muggins", ["deal.hand=6"]),
    "seating.direction": ("domino-muggins", ["seating.direction=counterclockwise"]),
    "seating.sides": ("domino-muggins", ["seating.sides=2 if players == 4 else players"]),
    "claims.required": ("domino-muggins", ["claims.required=true"]),
    "muggins.enabled": ("domino-muggins-claims", ["muggins.enabled=false"]),
    "muggins.window": ("domino-muggins-claims", ["muggins.window=immediate"]),
    "muggins.order": ("domino-muggins-claims", ["muggins.order=seat"]),
    "muggins.false_call": ("domino-muggins-claims", ["muggins.false_call=5"]),
    "win.target": ("domino-muggins", ["win.target=100"]),
    "win.immediate": ("domino-muggins", ["win.immediate=false"]),
    "win.simultaneous": ("card-muggins", ["win.simultaneous=earlier_score"]),
    "win.overshoot": ("domino-muggins", ["win.overshoot=void"]),
    "win.tie": ("card-muggins", ["win.immediate=false", "win.tie=play_on"]),
    "opener.first.method": ("domino-muggins", ["opener.first.method=random"]),
    "opener.first.rank": ("domino-muggins", ["opener.first.rank=tile.high"]),
    "opener.next": ("domino-muggins", ["opener.next=clockwise"]),
    "opener.after_blocked": ("domino-muggins", ["opener.after_blocked=clockwise"]),
    "opener.holder.piece": ("domino-muggins", ["opener.after_blocked=holder", "opener.holder.piece=6-6"]),
    "opener.holder.must_play": ("domino-muggins", ["opener.next=holder", "opener.holder.piece=heaviest",
                                                   "opener.holder.must_play=true"]),
    "line.spinner": ("domino-muggins", ["line.spinner=true"]),
    "line.double_at_end": ("domino-muggins", ["line.double_at_end=one_half"]),
    "line.opening_double": ("domino-muggins", ["line.opening_double=per_end"]),
    "draw.only_when_stuck": ("domino-muggins", ["draw.only_when_stuck=false"]),
    "draw.one_at_a_time": ("domino-muggins", ["draw.only_when_stuck=false", "draw.one_at_a_time=false"]),
    "draw.drawn_tile_end": ("domino-muggins", ["draw.drawn_tile_end=first"]),
    "draw.reserve": ("domino-muggins", ["draw.reserve=2"]),
    "pass.only_when_boneyard_empty": ("domino-muggins", ["pass.only_when_boneyard_empty=false"]),
    "settlement.penalty": ("domino-muggins", ["settlement.penalty=hand_pips"]),
    "settlement.award": ("domino-muggins", ["settlement.award=5"]),
    "settlement.on_blocked": ("domino-muggins", ["settlement.on_blocked=false"]),
    "settlement.floor": ("domino-muggins", ["settlement.floor=0"]),
    "settlement.paid_to": ("domino-all-fives-settlement", ["settlement.paid_to=lightest"]),
    "dealer.first.method": ("card-muggins", ["dealer.first.method=random"]),
    "dealer.first.rank": ("card-muggins", ["dealer.first.rank=card.value"]),
    "dealer.cut": ("card-muggins", ["dealer.cut=false"]),
    "dealer.next": ("card-muggins", ["dealer.next=same"]),
    "dealer.leader": ("card-muggins", ["dealer.leader=dealer"]),
    "pile.limit": ("card-muggins", ["pile.limit=21"]),
    "pile.exact_limit.points": ("card-muggins", ["pile.exact_limit.points=3"]),
    "pile.exact_limit.timing": ("card-muggins", ["pile.exact_limit.timing=as_last"]),
    "pile.next_starter": ("card-muggins", ["pile.next_starter=last_player"]),
    "pile.active": ("card-muggins", ["pile.active=all"]),
    "go.draw": ("card-muggins", ["go.draw=false"]),
    "refill.enabled": ("card-muggins", ["refill.enabled=false"]),
    "refill.to": ("card-muggins", ["refill.to=4"]),
    "last.points": ("card-muggins", ["last.points=2"]),
    "last.on_round_end": ("card-muggins", ["last.on_round_end=false"]),
    "last.muggins": ("card-muggins", ["last.muggins=true"]),
}


def _options(schema, prefix=""):
    """Every option path of the schema's rule sections, down to its values."""
    for key, spec in schema.get("properties", {}).items():
        spec = SCHEMA["$defs"][spec["$ref"].rsplit("/", 1)[1]] if "$ref" in spec and "lottery" in spec["$ref"] else spec
        if not prefix and key in NOT_RULES:
            continue
        if spec.get("type") == "object" and "properties" in spec:
            yield from _options(spec, f"{prefix}{key}.")
        else:
            yield prefix + key


def test_the_walk_covers_every_option_of_the_schema():
    """The rules as a whole file gives them (`else`: a file that extends none)."""
    assert sorted(_options(SCHEMA["else"])) == sorted(OTHER_VALUES)


@pytest.mark.parametrize("option", sorted(OTHER_VALUES))
def test_every_option_set_to_another_value_changes_the_summary(option):
    """`rules` is "a summary generated from the rule file, so a variant's summary is always right"
    (README): whatever option a house file changes, the summary says something else, in both languages."""
    from muggins.overrides import load_settings
    base, settings = OTHER_VALUES[option]
    for lang in ("en", "es"):
        assert summarize_rules(load_settings(base, settings, lang), lang) != summarize_rules(load_rules(base), lang)


def test_a_drawn_tile_kept_is_said_where_a_hand_that_can_place_may_draw():
    """`draw.one_at_a_time: false` is read where `draw.only_when_stuck` is false (elsewhere it is
    refused): there the summary says a drawn tile may be kept, in both languages."""
    from muggins.overrides import load_settings
    free = ["draw.only_when_stuck=false"]
    for lang in ("en", "es"):
        kept = load_settings("domino-muggins", [*free, "draw.one_at_a_time=false"], lang)
        assert summarize_rules(kept, lang) != summarize_rules(load_settings("domino-muggins", free, lang), lang)


def test_who_opens_is_said_where_the_file_chooses_it(tmp_path):
    """fives-and-threes: "the turn to start passes to the left", blocked hands too; a house file whose
    holder of the highest double opens every round with it (the fuzzing report's d3-highdouble)."""
    fives = {lang: summarize_rules(load_rules("fives-and-threes"), lang) for lang in ("en", "es")}
    assert "The next round is opened by the player after its last opener." in fives["en"]
    assert "After a blocked round the player after its opener opens." in fives["en"]
    assert "Abre la ronda siguiente el jugador que sigue a quien la abrió la última vez." in fives["es"]
    house = load_rules(str(write(tmp_path, "extends: domino-muggins\nname: house\nopener:\n  first: {method: holder}\n"
                                           "  next: holder\n  after_blocked: holder\n"
                                           "  holder: {piece: highest_double, must_play: true}\n")))
    said = summarize_rules(house, "en")
    assert ("Every round is opened by the holder of the highest double dealt (with no double dealt, of the "
            "heaviest tile), who must open with it.") in said
    assert not any("opened by lot" in line for line in said)
    assert ("Abre cada ronda quien tenga el doble más alto repartido (si no se repartió ningún doble, la ficha de "
            "más puntos), que debe abrir con esa ficha.") in summarize_rules(house, "es")


def test_who_deals_and_leads_is_said_where_the_file_chooses_it(tmp_path):
    """Cribbage: "the lower deals first", a rank of 14 minus the card's; a house file where the same
    dealer deals and leads, uncut, and a pile's last player starts the next (report's c2)."""
    pegging = summarize_rules(load_rules("card-cribbage-pegging"), "en")
    assert ("The first dealer is drawn by lot: each player draws a card and the one with the highest value of 14 "
            "minus the card's rank deals (tied players draw again).") in pegging
    house = summarize_rules(load_rules(str(write(tmp_path, "extends: card-muggins\nname: house\ndealer:\n"
                                                          "  next: same\n  leader: dealer\n  cut: false\n"
                                                          "pile: {next_starter: last_player}\n"))), "en")
    assert house[2:6] == ["The same player deals every round.", "The dealer leads each round.", "The deck is not cut.",
                          "The player of a pile's last card starts the next pile."]
    assert not any("lot" in line for line in house)


def test_a_blocked_round_paid_to_the_lightest_says_whose_pips_and_that_a_tie_pays_nobody(tmp_path):
    """`paid_to: lightest` pays, on a blocked round, the player (with partners, the side) whose
    leftover tiles hold strictly the fewest pips, the side's hands together, and nobody on a tie
    (README, Settlement payee). A side of 1 + 45 pips is not the lightest against 11 + 21, though
    it holds the lightest hand: the summary said "the lightest hand's side" (the designer report's d3)."""
    alone = load_rules(str(write(tmp_path, "extends: domino-all-fives-settlement\nname: house\n"
                                           "settlement: {paid_to: lightest}\n")))
    paired = load_rules("domino-partnership-all-fives")
    said = {(name, lang): next(line for line in summarize_rules(rules, lang) if line.startswith(("End", "Fin")))
            for name, rules in (("alone", alone), ("paired", paired)) for lang in ("en", "es")}
    assert "(in a blocked round, the player holding strictly the fewest pips; nobody on a tie)" in said["alone", "en"]
    assert ("(in a blocked round, the side whose hands together hold strictly the fewest pips; nobody on a tie)"
            in said["paired", "en"])
    assert ("(en una ronda bloqueada, el jugador con estrictamente menos puntos en la mano; nadie si hay empate)"
            in said["alone", "es"])
    assert ("(en una ronda bloqueada, el bando cuyas manos suman estrictamente menos puntos; nadie si hay empate)"
            in said["paired", "es"])
    assert not any("hand's side" in line for line in said.values())


def test_sides_that_depend_on_the_number_of_players_say_for_how_many(tmp_path):
    one = load_rules(str(write(tmp_path, "extends: domino-muggins\nname: house\n"
                                         "seating: {sides: \"2 if players == 4 else players\"}\n")))
    assert [line for line in summarize_rules(one, "en") if "sides" in line] == [
        "With 4 players, 2 sides: partners sit 2 seats apart and share one score."]
    assert "Con 4 jugadores, 2 bandos: los compañeros se sientan a 2 puestos de distancia y comparten una puntuación." in \
        summarize_rules(one, "es")
    two = load_rules(str(write(tmp_path, "extends: domino-muggins-double-nine\nname: house\nplayers: [4, 6]\n"
                                         "seating: {sides: \"players // 2\"}\n")))
    assert [line for line in summarize_rules(two, "en") if "sides" in line] == [
        "With 4 players, 2 sides: partners sit 2 seats apart and share one score.",
        "With 6 players, 3 sides: partners sit 3 seats apart and share one score."]
    partners = summarize_rules(load_rules("domino-partnership-all-fives"), "en")  # four players only: as it was
    assert "2 sides: partners sit 2 seats apart and share one score." in partners
    assert "2 bandos: los compañeros se sientan a 2 puestos de distancia y comparten una puntuación." in \
        summarize_rules(load_rules("domino-partnership-all-fives"), "es")


@pytest.mark.parametrize("text, entry", [
    # the report's d6: the same entry as domino-muggins-claims, next to one reading another name
    ("extends: domino-muggins-claims\nname: house\nscoring:\n"
     "  - {name: fives, when: ends_sum > 0 and ends_sum % 5 == 0, points: ends_sum}\n"
     "  - {name: domino, when: dominoed, points: 10, claim: false}\n", '"fives"'),
    # the report's c5: (31 - total) // 10 + pile_size // 3 + 1 is at least 1, the total never past 31
    ("extends: card-muggins\nname: house\nlast: {points: \"(limit - total) // 10 + pile_size // 3 + 1\"}\n",
     "When everyone has said go"),
    ("extends: card-muggins\nname: house\nlast: {points: \"2 if pile_size >= 4 else 1\"}\n", "When everyone"),
    ("extends: card-muggins\nname: house\npile:\n  limit: \"31 if players == 2 else 41\"\n"
     "  exact_limit: {points: \"limit // 10\"}\n", "The running total may not pass"),
    # a score guarded by its condition: only a positive one scores
    ("extends: domino-muggins-claims\nname: house\nscoring:\n"
     "  - {name: lead, when: score > 0 and ends_sum == 5, points: score}\n", '"lead"'),
])
def test_points_that_are_never_negative_are_never_said_to_be_a_loss(tmp_path, text, entry):
    said = [line for line in summarize_rules(load_rules(str(write(tmp_path, text))), "en") if line.startswith(entry)]
    assert len(said) == 1 and "(to be claimed)" in said[0] and "loss" not in said[0], said


def test_points_whose_sign_is_not_known_are_said_neutrally(tmp_path):
    """A player's score can be below zero or above: that it scores a loss can be neither said nor denied."""
    rules = load_rules(str(write(tmp_path, "extends: domino-muggins-claims\nname: house\nscoring:\n"
                                           "  - {name: lead, when: ends_sum == 5, points: score}\n")))
    assert summarize_rules(rules, "en")[4].endswith("(to be claimed; should it be a loss, it is added at once).")
    assert summarize_rules(rules, "es")[4].endswith("(hay que reclamar; si fuera una pérdida, se descuenta al momento).")


def test_the_summary_says_what_a_fuzzed_house_file_changes_and_nothing_it_does_not(tmp_path):
    """Four house files of the summary's fuzzing round: (1) a false call costs (engine:
    `_with_false_call`), so the summary says so (a cost where no score waits for a claim is
    refused: every call would be false); (2) with
    the next round opened clockwise, a blocked round's new lot must be said (the next round's
    sentence would read as covering it); (3) "last" added at once, or a loss, is never a claim, so
    Muggins never takes it; (4) Spanish contracts «de el» to «del»."""
    def said(text, lang="en"):
        return summarize_rules(load_rules(str(write(tmp_path, "name: house\n" + text))), lang)
    assert any(line.endswith("A false Muggins call costs 5.") for line in said(
        "extends: domino-muggins-claims\nmuggins: {false_call: 5}\n"))
    assert any(line.endswith("Un «¡Muggins!» en falso cuesta 5.") for line in said(
        "extends: domino-muggins-claims\nmuggins: {false_call: 5}\n", "es"))
    assert "After a blocked round the opener is drawn by lot again, as the first." in said(
        "extends: domino-muggins\nopener: {next: clockwise}\n")
    for last in ("claims: {required: false}\nscoring:\n  - {name: x, when: \"total % 5 == 0\", points: total, "
                 "claim: true}\nlast: {muggins: true}\n", "last: {points: \"-1\", muggins: true}\n"):
        assert not any('"last" points too' in line for line in said("extends: card-muggins\n" + last)), last
    assert any('"last" points too' in line for line in said("extends: card-muggins\nlast: {muggins: true}\n"))
    spanish = said("extends: card-muggins\ndealer:\n  first: {method: high_draw, rank: card.value}\n", "es")
    assert any("el valor más alto del valor de la carta" in line for line in spanish)
    assert not any(" de el " in line for line in spanish)


@pytest.mark.parametrize("text, said", [
    # no spinner: two open ends, each at most a double-six counting both halves (12), so the ends
    # sum to at most 24 and 30 minus them is never below zero
    ("extends: domino-muggins-claims\n", "(to be claimed)."),
    # a spinner's four arms: up to 48, and 30 - 45 is a loss
    ("extends: domino-muggins-claims\nline: {spinner: true}\n", "(to be claimed; a loss is added at once)."),
    # a double counting one half: two ends of at most 6 sum to at most 12
    ("extends: domino-muggins-claims\nline: {double_at_end: one_half}\n", "(to be claimed)."),
])
def test_the_sum_of_the_ends_is_judged_up_to_what_the_line_can_show(tmp_path, text, said):
    """The report's 4a: the sign of points reading the sum of the ends is judged over the sums the
    line can reach (its ends, each showing at most a double), not the spinner's over every line."""
    points = "30 - ends_sum" if "one_half" not in text else "13 - ends_sum"
    rules = load_rules(str(write(tmp_path, text + "name: house\nscoring:\n  - name: fives\n"
                                            "    when: ends_sum > 0 and ends_sum % 5 == 0\n"
                                            f"    points: {points}\n")))
    assert [line for line in summarize_rules(rules, "en") if line.startswith('"fives"')][0].endswith(said)


def test_the_exact_limit_and_last_are_judged_where_the_pile_reads_them(tmp_path):
    """The report's 4b and 4c: an exact limit's points are read only at the limit (31 - 29 = 2,
    a gain to claim); "last" only on a pile closed below it (total - 30 is then at most 0: a
    loss, never claimed, which Muggins never takes)."""
    def said(text, lang):
        return summarize_rules(load_rules(str(write(tmp_path, "extends: card-muggins\nname: house\n" + text))), lang)
    exact = "pile:\n  exact_limit: {points: total - 29}\n"
    assert any(line.startswith("The running total may not pass 31; exactly 31 scores the running total minus 29 "
                               "(to be claimed) when") for line in said(exact, "en"))
    assert any("menos 29 (hay que reclamar) al alcanzarse" in line for line in said(exact, "es"))
    last = "pile:\n  exact_limit: {timing: as_last, points: 3}\nlast: {points: total - 30}\n"
    en, es = said(last, "en"), said(last, "es")
    assert any(line.endswith('for "last" (a loss: added at once, never claimed).') for line in en)
    assert any(line.endswith("por «último» (una pérdida: se descuenta al momento, sin reclamarla).") for line in es)
    assert not any("last" in line for line in en if "Muggins" in line)


@pytest.mark.parametrize("settlement, english, spanish", [
    # the report's 6: a hand of fewer than 10 pips makes the penalty below zero, one of more above it
    ('{penalty: "hand_pips - 10"}', "Where the penalty is below zero, the player gains instead of losing.",
     "Si la penalización es negativa, el jugador gana esos puntos en vez de perderlos."),
    # no count of tiles is below zero, so 0 minus it never is above zero
    ('{penalty: "0 - hand_size"}', "The penalty is never above zero: each player gains instead of losing.",
     "La penalización nunca es positiva: cada jugador gana esos puntos en vez de perderlos."),
    # a score may be below zero or above it, and nothing says which
    ('{penalty: "score // 10"}', "Should the penalty be below zero, the player gains instead of losing.",
     "Si la penalización fuera negativa, el jugador ganaría esos puntos en vez de perderlos."),
    # opponents holding fewer than 20 pips make the award a loss
    ('{paid_to: dominoer, award: "opponents_pips - 20"}',
     "Where the award is below zero, the player loses instead of gaining.",
     "Si el premio es negativo, quien lo recibe pierde esos puntos en vez de ganarlos."),
])
def test_a_settlement_that_can_be_below_zero_says_what_it_then_does(tmp_path, settlement, english, spanish):
    rules = load_rules(str(write(tmp_path, f"extends: domino-muggins\nname: house\nsettlement: {settlement}\n")))
    (en,) = [line for line in summarize_rules(rules, "en") if line.startswith("End of round")]
    (es,) = [line for line in summarize_rules(rules, "es") if line.startswith("Fin de la ronda")]
    assert en.endswith(" " + english) and es.endswith(" " + spanish)


def test_a_settlement_never_below_zero_says_nothing_of_it():
    """The text's penalty, the pips rounded to the nearest 5, is never below zero (D7)."""
    assert [line for line in summarize_rules(DOMINO, "en") if line.startswith("End of round")][0].endswith(
        "nobody gains points for them.")


def test_the_tally_writes_a_lone_remainder_as_a_number_and_a_sign_once():
    """The text's notation (a crossed square for 50, a stroke for 5, README): 58 is one square,
    one stroke and 3 more; a score under a stroke is just its number, so -1 reads "-1", not "-+1"."""
    from muggins.narration import tally
    from muggins.rules import Notation
    notation = Notation(stroke=5, cross=50)
    assert [tally(score, notation) for score in (58, 3, -1, -51, 0, 100)] == ["⊠ | +3", "3", "-1", "-⊠ +1", "0", "⊠⊠"]


def test_the_muggins_call_has_one_name_in_spanish():
    """The table says «¡Muggins!» is shouted (gritar, un grito) and the keeper's entries are `muggins J`
    and `sin reclamar`: no text of the keeper, nor of a family's keeper, calls it a «llamada»."""
    from muggins import keep
    from muggins.families.line import keep as line_keep
    from muggins.families.pile import keep as pile_keep
    texts = [keep.WORDS["es"], line_keep.WORDS["es"], pile_keep.WORDS["es"]]
    found = [text for table in texts for text in table.values() if "llamada" in str(text).lower()]
    assert not found, found
