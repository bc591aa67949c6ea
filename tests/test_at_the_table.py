"""At the table: whole games driven through the terminal in Spanish and in English (no word of
the other language, no expression code), the Muggins skill left to the person (no reminder, no
announcement of a bot's forgotten points; `--coach` turns them on), moves and cards in every
spelling shown, and any text at every prompt answered in the chosen language."""
from __future__ import annotations

import io
import sys
import json
import re

import pytest

from muggins.cli import main
from muggins.engine import make_game
from muggins.engine.table import CLAIM, DECLINE, MUGGINS
from muggins.errors import IllegalMoveError
from muggins.families import family_of
from muggins.bots import make_bots
from muggins.loader import builtin_rule_names, load_rules
from muggins.match import run_game
from muggins.records import read_save
from muggins.messages import reason
from muggins.messages import lang_from_environment
from muggins.narration import summarize_rules
from muggins.terminal import Session

# the English words the terminal and the log use (none of them a Spanish word too: not `no`,
# `total`, `once`, `a`, `con`, `sale`)
ENGLISH = """you your hand moves move round target scores score stock boneyard pile plays play draws draw
pass passes claim claims decline go says left right up down help why rules quit save saved game continue
with the and of to is not nothing wins win player points empty line ends open sum places opens takes lost
seed human greedy random enter type allowed there choose commands hint more makes which cards card tile
tiles deals leads closed last played multiple five holds pips blocked nobody loses leftover end on at for
in it back starts next lots first dealer opener does calls but unclaimed""".split()
# the Spanish words (none an English word too)
SPANISH = """tú mano jugadas jugada ronda objetivo puntuaciones mazo reserva pila juega roba paso pasa reclamar
declinar izquierda derecha izquierdo derecho ayuda guardar salir partida semilla humano codicioso anota
extremos ficha fichas montón línea suma coloca abre cartas carta reparte quedan cierra empieza nueva
vuelve tener gana del las los el la que para por una uno de y intro seguir pulsa escribe turno sorteo
primer repartidor acumulado vacía""".split()
DSL = re.compile(r"==|%|`|\b(?:card|pile|tile|line)\.[a-z]|ends_sum|hand_pips|round_nearest|same_at_end")


def whole_words(words, text):
    found = set()
    for word in words:
        if re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text, re.IGNORECASE):
            found.add(word)
    return found


class Table(io.StringIO):
    """An input stream that answers each prompt with what `answer(session, prompt)` says (None:
    end of input); `prompt` is the prompt just written ("P1> " or the window's "(Enter...)> ")."""

    def __init__(self, answer):
        super().__init__()
        self.answer = answer
        self.session = None
        self.out = None
        self.typed = []

    def readline(self, *args):
        text = self.out.getvalue()
        prompt = text[text.rfind("\n") + 1:]
        answer = self.answer(self.session, prompt, len(self.typed))
        if answer is None:
            return ""
        self.typed.append(answer)
        return answer + "\n"


def sit(name, seats, answer, seed=3, **kwargs):
    rules = load_rules(name)
    table = Table(answer)
    out = io.StringIO()
    s = Session(rules, name, len(seats), seed, 50, seats, stdin=table, stdout=out, **kwargs)
    table.session, table.out = s, out
    return s, out


def window(prompt):
    return "(" in prompt  # the neutral prompt of the person's window: "P1 (Enter: go on)> "


def handing_over(prompt):
    return prompt.startswith("Pass the terminal to ")  # the hot seat: Enter once the next person has it


def transcript_without(text, rules):
    """The transcript without the rule file's own title and name (its words are the rule file's)
    and without file names (`muggins-card-muggins-5.save.json`)."""
    text = re.sub(r"\S+\.json", "FILE", text.replace(rules.title, "").replace(rules.name, ""))
    return re.sub(r"'[^'\n]*'", "TYPED", text)  # what the person typed, quoted back


def play_through(name, lang, seed, extra=(), **kwargs):
    """A whole game at the terminal: the person types the commands in `extra` first, then always
    the first move (in the game's own words once, then by number), Enter at their window."""
    said = {"typed": False}

    def answer(s, prompt, n):
        if n < len(extra):
            return extra[n]
        if window(prompt):
            return ""
        if not said["typed"]:
            said["typed"] = True
            return s.game.notation(s._turn_moves()[0], lang)  # the move as shown, in the language
        return "1"

    s, out = sit(name, ["human", "greedy"], answer, seed=seed, lang=lang, **kwargs)
    assert s.run() == 0 and s.state.is_terminal()
    return s, out.getvalue()


COMMANDS = {"es": ["ayuda", "mano", "²", "①", "9" * 40, "", "xyz", "guardar", "reclamar", "muggins", "3-4 arriba"],
            "en": ["help", "hand", "²", "①", "9" * 40, "", "xyz", "save", "claim", "muggins", "3-4 up"]}


@pytest.mark.parametrize("name", ["card-muggins", "domino-muggins", "domino-muggins-claims"])
def test_a_whole_game_in_spanish_has_no_english_and_no_code(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through(name, "es", seed=5, extra=COMMANDS["es"], forget=0.3)
    checked = transcript_without(text, s.rules)
    assert not whole_words(ENGLISH, checked), whole_words(ENGLISH, checked)
    assert not DSL.search(checked), DSL.search(checked)
    assert "Tu mano (J1)" in text and "Jugadas: 1)" in text and "Gana " in text
    assert "Traceback" not in text


@pytest.mark.parametrize("name", ["card-muggins", "domino-muggins", "domino-muggins-claims"])
def test_a_whole_game_in_english_has_no_spanish_and_no_code(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through(name, "en", seed=5, extra=COMMANDS["en"], forget=0.3)
    checked = transcript_without(text, s.rules)
    assert not whole_words(SPANISH, checked), whole_words(SPANISH, checked)
    assert not DSL.search(checked), DSL.search(checked)
    assert "Your hand (P1)" in text and "Moves: 1)" in text and " wins with " in text


def test_spanish_moves_are_shown_and_read_in_spanish(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through("domino-muggins", "es", seed=4)
    assert re.search(r"\d\) \d-\d (izquierda|derecha)", text) or "robar" in text
    assert not re.search(r"\d\) \d-\d (left|right)", text)
    assert any(move.endswith((" left", " right")) for move in s.moves)  # records stay in English


def test_the_card_game_shows_suits_as_symbols_and_ascii_as_letters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through("card-muggins", "es", seed=5)
    assert re.search(r"Tu mano \(J1\): (?:(?:10|[2-9AJQK])[♣♦♥♠] ?)+", text)
    assert all(re.fullmatch(r"(10|[2-9AJQK])[CDHS]|go|claim|decline|muggins", m) for m in s.moves)  # the records
    s, text = play_through("card-muggins", "en", seed=5, ascii=True)
    assert not set("♣♦♥♠") & set(text)
    assert re.search(r"Your hand \(P1\): (?:(?:10|[2-9AJQK])[CDHS] ?)+", text)


# -- the Muggins skill is the player's -------------------------------------------------------

REMINDERS = ("You scored", "type claim", "type muggins", "does not claim", "is lost", "Hint:")


def never_claims(coach, lang="en"):
    """A card game where the person never claims and never calls, against a bot that always forgets."""
    def answer(s, prompt, n):
        if window(prompt):
            return ""
        decision = s.state.decision
        if decision is not None and decision.actor == 0 and s.coach and not s._turn_is_next(0):
            return ""  # the coach asks: Enter lets it pass
        return "1"

    s, out = sit("card-muggins", ["human", "greedy"], answer, seed=3, forget=1.0, attention=0.0, coach=coach,
                 lang=lang)
    assert s.run() == 0
    return s, out.getvalue()


def test_no_reminder_and_no_announcement_without_the_coach(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = never_claims(coach=False)
    assert not [words for words in REMINDERS if words in text]
    assert "P1 (Enter: go on)> " in text                      # the window after each move, always the same
    assert "decline" in s.moves and "P1 scores" not in text   # the person's points went unclaimed, silently
    assert "P2 scores" not in text                            # the bot forgot every one: nothing said


def test_the_coach_reminds_announces_and_hints(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = never_claims(coach=True)
    assert "You scored" in text and "type claim" in text
    assert "P2 does not claim" in text and "type muggins" in text
    assert re.search(r"Hint: the running total is \d+; \d+ more makes \d+, which scores \d+\.", text)
    s, text = never_claims(coach=True, lang="es")
    assert "Has anotado" in text and "escribe reclamar" in text and "J2 no reclama" in text
    assert re.search(r"Pista: el total acumulado es \d+; falta(n)? \d+ para \d+, que anota \d+\.", text)
    assert not re.search(r"faltan 1 para|falta [2-9]", text)


def test_the_coachs_reminder_of_one_point_says_it_not_them(tmp_path, monkeypatch):
    """"last" is one point: "let it go", "llevártelo", where more points are "them", "llevártelos"."""
    monkeypatch.chdir(tmp_path)
    for lang, pattern, one, more in (
            ("en", r"You scored (\d+) \([^)]*\): type claim, or press Enter to let (\w+) go\.", "it", "them"),
            ("es", r"Has anotado (\d+) \([^)]*\): escribe reclamar para (\w+), o pulsa Intro", "llevártelo",
             "llevártelos")):
        seen = {(points == "1", word) for points, word in re.findall(pattern, never_claims(coach=True, lang=lang)[1])}
        assert seen == {(True, one), (False, more)}, seen


def test_the_coach_hints_in_fives_and_threes_where_going_out_also_scores(tmp_path, monkeypatch):
    """Its "chipping out" entry reads `dominoed`; the hint is about the sum of the ends, which
    scores by the rule file's fives and threes: a point per five and a point per three."""
    monkeypatch.chdir(tmp_path)

    def points(total):
        return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)

    s, out = sit("fives-and-threes", ["human", "greedy"], lambda s, prompt, n: "1" if n < 30 else None,
                 seed=2, coach=True)
    s.run()
    hints = re.findall(r"Hint: the open ends sum to (\d+); (\d+) more makes (\d+), which scores (\d+)\.",
                       out.getvalue())
    assert len(hints) >= 5
    for total, more, target, scored in (tuple(map(int, hint)) for hint in hints):
        expected = next(t for t in range(total + 1, 49) if points(t))
        assert (more, target, scored) == (expected - total, expected, points(expected))


def test_the_person_claims_in_their_window_and_calls_muggins_when_they_spot_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = {"claimed": 0, "called": 0, "wrong": 0}

    def answer(s, prompt, n):
        state = s.state
        if window(prompt):
            if s.stdin.typed[-1] in ("claim", "reclamar"):
                return ""                                        # the claim stands: go on
            if state.decision is not None and state.decision.actor == 0 and state.decision.kind == "claim":
                seen["claimed"] += 1
                return "reclamar" if seen["claimed"] % 2 else "claim"
            seen["wrong"] += 1
            return "claim" if seen["wrong"] % 2 else ""        # nothing to claim: refused; or Enter
        if any(score.player == 1 for score in state.unclaimed) and not s.calls:
            seen["called"] += 1
            return "muggins"
        return "1"

    s, out = sit("card-muggins", ["human", "greedy"], answer, seed=3, forget=0.5, attention=0.0)
    assert s.run() == 0
    text = out.getvalue()
    assert seen["claimed"] and re.search(r"P1 scores \d+ \(multiple of five\)", text)
    assert "claim" in s.moves
    assert seen["called"] and "P1: Muggins! P1 takes P2's" in text
    assert "Your claim found nothing to claim: no points of yours were waiting." in text   # said as the turn comes
    assert not [words for words in REMINDERS if words in text]


def test_a_claim_merged_into_the_persons_turn(tmp_path, monkeypatch):
    """When the person's claim comes due and the turn is theirs next (everyone else said go), the
    turn's prompt is their window: `claim` claims, a move lets the points pass and is played."""
    monkeypatch.chdir(tmp_path)  # the game ends by input running out: its autosave lands here
    rules = load_rules("card-muggins")
    game = make_game(rules, 2)
    deck = game.deck
    cards = lambda *names: [deck.parse(n) for n in names]  # noqa: E731
    state = game.setup([cards("5H", "KS", "QS"), []], stock=[], pile=cards("KD"), scores=[0, 0], turn=0)
    out = io.StringIO()
    script = iter(["5♥", "", "claim", "1", None])
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(script))
    s = Session(rules, "card-muggins", 2, 1, 50, ["human", "greedy"], stdin=table, stdout=out)
    s.state = state
    s.run()
    text = out.getvalue()
    assert "P1 plays 5♥: total 15." in text
    assert "P1 scores 15 (multiple of five)" in text
    assert "claim" in s.moves and "You scored" not in text and ") claim" not in text  # nothing asked or shown


def test_a_false_call_costs_points_when_the_rules_say_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: card-muggins-false-call\nmuggins:\n  false_call: 5\n")

    def answer(s, prompt, n):
        if window(prompt):
            return ""
        return "muggins" if n == 0 else "1" if n < 40 else None

    s, out = sit(str(house), ["human", "greedy"], answer, seed=3)
    s.run()
    text = out.getvalue()
    assert "P1 calls Muggins, but nothing is unclaimed." in text and "P1 loses 5 (a false Muggins call)" in text


def test_a_claim_or_call_at_the_wrong_moment_is_refused_in_the_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    script = ["reclamar", "muggins", "claim"]
    s, out = sit("card-muggins", ["human", "greedy"], lambda s, p, n: script[n] if n < 3 else None, seed=2, lang="es")
    s.run()
    text = out.getvalue()
    assert "No se permite: nada que reclamar: no tienes puntos pendientes de reclamar." in text
    assert "No se permite: nada que llevarse: no hay puntos sin reclamar." in text


# -- every prompt takes any text --------------------------------------------------------------

HOSTILE = ["", "²", "①", "٣", "-5", "1e9", "9" * 30, "9" * 6000, "\x00\x07", "ｆｏｏ", "🂡", "¿?", "3-4 sideways",
           "5 de copas", "reclamar reclamar", "guardar", "   ", "muggins!", "1"]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("name", ["card-muggins", "domino-muggins-claims"])
def test_every_prompt_takes_any_text_and_answers_in_the_language(name, lang, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fed = {"window": 0, "turn": 0}

    def answer(s, prompt, n):
        kind = "window" if window(prompt) else "turn"
        fed[kind] += 1
        if fed[kind] <= len(HOSTILE) * 2:
            return HOSTILE[fed[kind] % len(HOSTILE)]
        return "" if kind == "window" else "1"

    s, out = sit(name, ["human", "greedy"], answer, seed=6, lang=lang)
    assert s.run() == 0
    text = out.getvalue()
    assert "Traceback" not in text
    checked = transcript_without(text, s.rules)
    other = ENGLISH if lang == "es" else SPANISH
    assert not whole_words(other, checked), whole_words(other, checked)
    if lang == "es":
        assert "No hay jugada" in text and "No es una jugada ni una orden" in text and "demasiado larga" in text
    else:
        assert "There is no move" in text and "Not a move or a command" in text and "too long" in text


# -- moves and cards in every spelling -----------------------------------------------------------

def test_domino_moves_in_both_languages():
    game = make_game(load_rules("domino-muggins"), 2)
    left = game.parse_move("3-4 left")
    for text in ("3-4 izquierda", "3-4 izquierdo", "3-4 IZQUIERDA", "[3|4] left", "3-4 l"):
        assert game.parse_move(text) == left
    assert game.parse_move("3-4 derecha") == game.parse_move("3-4 right")
    assert game.parse_move("3-4 arriba") == game.parse_move("3-4 up")
    assert game.parse_move("3-4 abajo") == game.parse_move("3-4 down")
    assert game.notation(left) == "3-4 left" and game.notation(left, "es") == "3-4 izquierda"
    for words, english, spanish in ((("draw", "robar", "robo"), "draw", "robar"),
                                    (("pass", "paso", "pasar"), "pass", "paso")):
        moves = {game.parse_move(w) for w in words}
        assert len(moves) == 1 and game.notation(moves.pop()) == english
        assert game.notation(game.parse_move(english), "es") == spanish
    for words, move in ((("claim", "reclamar"), CLAIM), (("muggins", "¡Muggins!"), MUGGINS),
                        (("decline", "declinar", "no"), DECLINE)):
        assert all(game.parse_move(w) == move for w in words)
    assert game.notation(CLAIM, "es") == "reclamar" and game.notation(DECLINE, "es") == "declinar"



def test_an_ends_initial_is_read_in_the_persons_language():
    """A Spanish player who abbreviates `3-4 i` for izquierda writes `3-4 d` for derecha; in English
    `d` is down (`u`p, `d`own), as a card's suit letter is read in the person's language."""
    game = make_game(load_rules("domino-muggins-spinner"), 2)
    assert game.parse_move("3-4 d", "es") == game.parse_move("3-4 derecha")
    assert game.parse_move("3-4 i", "es") == game.parse_move("3-4 izquierda")
    assert game.parse_move("3-4 d", "en") == game.parse_move("3-4 d") == game.parse_move("3-4 down")

def test_cards_in_every_spelling_shown():
    deck = load_rules("card-muggins").pieces
    five = deck.parse("5H")
    for text in ("5♥", "5h", "5 ♥", "5 de corazones", "5 of hearts", "5♡", "5♥\ufe0f", "5 DE CORAZONES"):
        assert deck.parse(text) == five, text
    assert deck.parse("jota de picas") == deck.parse("J♠") == deck.parse("js") == deck.parse("jack of spades")
    assert deck.parse("as de tréboles") == deck.parse("A♣") == deck.parse("ace of clubs")
    assert deck.parse("reina de diamantes") == deck.parse("Q♦") and deck.parse("rey de picas") == deck.parse("K♠")
    assert deck.parse("10 de diamantes") == deck.parse("10♦")
    assert deck.name(five) == "5♥" and deck.code(five) == "5H"
    assert deck.long_name(five, "es") == "5 de corazones" and deck.long_name(deck.parse("QS")) == "queen of spades"
    with pytest.raises(IllegalMoveError) as refused:
        deck.parse("5 de copas")
    assert "5♥, 5h o 5 de corazones" in reason(refused.value, "es")    # as records write it: English letters


def test_a_person_types_and_reads_suit_letters_in_their_language():
    """In Spanish the suit letters are the Spanish initials (T tréboles, D diamantes, C corazones,
    P picas): `9c` typed in Spanish is 9 de corazones; records keep the English codes."""
    deck = load_rules("card-muggins").pieces
    for typed, code in (("9c", "9H"), ("9C", "9H"), ("9t", "9C"), ("9d", "9D"), ("9p", "9S"), ("ap", "AS"),
                        ("9 de c", "9H"), ("9♥", "9H"), ("9 de tréboles", "9C")):
        assert deck.parse(typed, "es") == deck.parse(code), typed
    assert deck.parse("9c", "en") == deck.parse("9c") == deck.parse("9♣")
    for typed in ("9h", "9s"):
        with pytest.raises(IllegalMoveError) as refused:
            deck.parse(typed, "es")
        said = reason(refused.value, "es")
        assert "como 5♥, 5c o 5 de corazones" in said and "palos ♣ ♦ ♥ ♠ o T D C P" in said, said
    with pytest.raises(IllegalMoveError) as refused:
        deck.parse("9x", "en")
    assert "like 5♥, 5h or 5 of hearts" in str(refused.value) and "suits ♣ ♦ ♥ ♠ or C D H S" in str(refused.value)
    game = make_game(load_rules("card-muggins"), 2)
    assert game.notation(game.parse_move("9c", "es")) == "9H" and game.notation(game.parse_move("9c")) == "9C"


SPANISH_DECK = ("extends: card-muggins\nname: baraja\npieces:\n  cards:\n    suits: [O, C, E, B]\n"
                '    ranks: ["1", "2", "3", "4", "5", "6", "7", S, C, R]\n'
                '    value: "card.rank if card.rank <= 7 else 10"\n')


def test_a_deck_of_the_rule_files_own_suits_is_shown_and_read_as_written(tmp_path):
    """A Spanish deck (oros, copas, espadas, bastos: O C E B): its C is copas, in either language,
    never clubs or the Spanish initial of hearts; symbols and the French suits' words are not its own."""
    (tmp_path / "baraja.yaml").write_text(SPANISH_DECK)
    rules = load_rules(tmp_path / "baraja.yaml")
    deck = rules.pieces
    copas = deck.cards[10]                      # the first card of the second suit: 1 of copas
    assert (copas.rank, copas.suit) == (1, "C")
    assert deck.name(copas) == deck.code(copas) == deck.long_name(copas, "es") == deck.long_name(copas) == "1C"
    for lang in (None, "en", "es"):
        for typed in ("1C", "1c", "1 de c", "1 of C"):
            assert deck.parse(typed, lang) == copas, (typed, lang)
        for typed in ("1♣", "1♥", "1 de tréboles", "1 de corazones", "1T"):
            with pytest.raises(IllegalMoveError):
                deck.parse(typed, lang)
    with pytest.raises(IllegalMoveError) as refused:
        deck.parse("1x", "es")
    assert reason(refused.value, "es").endswith("(escribe el valor y el palo, como 1O; valores 1 2 3 4 5 6 7 S C R; "
                                                "palos O C E B)")
    assert str(refused.value).endswith("(write the rank then the suit, like 1O; ranks 1 2 3 4 5 6 7 S C R; "
                                       "suits O C E B)")
    summary = "\n".join(summarize_rules(rules, "es"))
    assert "palos O, C, E, B)" in summary and not set("♣♦♥♠") & set(summary) and "tréboles" not in summary
    game = make_game(rules, 2)
    assert game.notation(game.parse_move("1c", "es"), "es") == game.notation(game.parse_move("1c", "es")) == "1C"
    svg = family_of(rules).render_svg(rules, game.setup([[deck.cards[0]], [deck.cards[1]]], pile=[copas]), "es")
    assert 'data-card="1C"' in svg and not set("♣♦♥♠") & set(svg)


def test_a_deck_with_one_suit_that_is_not_french_keeps_every_letter_as_written(tmp_path):
    """Spades beside a house suit P: neither is read as the other in Spanish (where spades are P,
    picas, in a French deck), so both are shown and typed as the rule file writes them."""
    (tmp_path / "house.yaml").write_text("extends: card-muggins\nname: house\npieces:\n  cards:\n"
                                         "    suits: [S, P]\n")
    deck = load_rules(tmp_path / "house.yaml").pieces
    spade, house = deck.cards[0], deck.cards[13]
    assert (spade.suit, house.suit) == ("S", "P")
    assert (deck.name(spade), deck.name(house)) == ("AS", "AP")
    assert deck.parse("as", "es") == deck.parse("AS") == spade and deck.parse("ap", "es") == house


def test_spanish_ascii_letters_and_the_rules_summary_show_no_english_suit_letters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through("card-muggins", "es", seed=5, extra=["reglas", "ayuda", "9c"], ascii=True)
    assert not set("♣♦♥♠") & set(text)
    hands = re.findall(r"Tu mano \(J1\): (.+)", text)
    assert hands and all(re.fullmatch(r"(?:(?:10|[2-9AJQK])[TDCP] ?)+", hand) for hand in hands), hands
    assert "palos T tréboles, D diamantes, C corazones, P picas" in text
    assert "5c, 5 de corazones" in text
    assert all(re.fullmatch(r"(10|[2-9AJQK])[CDHS]|go|claim|decline|muggins", m) for m in s.moves)  # records
    s, text = play_through("card-muggins", "es", seed=5, extra=["reglas"])
    assert "palos ♣ tréboles, ♦ diamantes, ♥ corazones, ♠ picas" in text and "C D H S" not in text
    s, text = play_through("card-muggins", "en", seed=5, extra=["rules"])
    assert "suits ♣ clubs, ♦ diamonds, ♥ hearts, ♠ spades" in text
    game = make_game(load_rules("card-muggins"), 2)
    assert game.notation(game.parse_move("10 de corazones")) == "10H"      # records: the same in every language
    assert game.notation(game.parse_move("10H"), "es") == "10♥"
    assert game.notation(game.parse_move("paso"), "es") == "paso" and game.notation(game.parse_move("paso")) == "go"


def test_refusals_name_ends_in_the_language():
    game = make_game(load_rules("domino-muggins"), 2)
    tile = game.rules.pieces.parse
    state = game.setup([[tile("5-6"), tile("4-6")], [tile("2-3")]], line=[(tile("1-4"), None)])
    with pytest.raises(IllegalMoveError) as refused:
        state.play(game.parse_move("4-6 izquierda"))
    assert reason(refused.value, "es") == "[4|6] no coincide con el extremo izquierdo (1)"
    assert str(refused.value) == "[4|6] does not match the left end (1)"
    with pytest.raises(IllegalMoveError) as which:
        state.play(game.parse_move("4-6"))
    assert reason(which.value, "es") == "indica el extremo: izquierdo, derecho"
    assert str(which.value) == "say which end: left, right"
    with pytest.raises(IllegalMoveError) as up:
        state.play(game.parse_move("4-6 arriba"))
    assert reason(up.value, "es") == "la línea no tiene ahora extremo de arriba: indica izquierdo, derecho"
    assert str(up.value) == "the line has no up end now: say left, right"
    with pytest.raises(IllegalMoveError) as bad_end:
        game.parse_move("4-6 sideways")
    assert reason(bad_end.value, "es") == "no es un extremo: 'sideways' (extremos: izquierda, derecha, arriba, abajo)"


# -- the language of the locale, --explain for cards -------------------------------------------

def test_the_locale_picks_spanish_unless_lang_is_given(tmp_path, monkeypatch, capsys):
    assert lang_from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert lang_from_environment({"LANG": "es_AR"}) == "es"
    assert lang_from_environment({"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"}) == "en"
    assert lang_from_environment({"LC_MESSAGES": "es_MX", "LANG": "en_US"}) == "es"
    assert lang_from_environment({"LANG": "C.UTF-8"}) == "en" and lang_from_environment({}) == "en"
    monkeypatch.chdir(tmp_path)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["play", "domino-muggins", "--seed", "1"]) == 0
    assert "Gana J" in capsys.readouterr().out
    assert main(["play", "domino-muggins", "--seed", "1", "--lang", "en"]) == 0
    assert " wins with " in capsys.readouterr().out


def test_explain_works_for_card_games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, text = play_through("card-muggins", "en", seed=5, explain=True)
    explained = [line for line in text.splitlines() if line.startswith("    ")]
    assert explained and all("P" in line for line in explained)
    assert any(re.search(r"(10|[2-9AJQK])[♣♦♥♠]", line) for line in explained)
    s, text = play_through("card-muggins", "es", seed=5, explain=True)
    assert [line for line in text.splitlines() if line.startswith("    J")]


def test_why_and_rules_say_scoring_in_words_once_the_words_are_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for lang, commands in (("es", ["porqué", "reglas"]), ("en", ["why", "rules"])):
        s, text = play_through("card-muggins", lang, seed=5, extra=commands * 3)
        assert not DSL.search(transcript_without(text, s.rules))


CARD_FILES = [name for name in builtin_rule_names() if load_rules(name).family == "pile"]
LIMIT_AND_LAST = {"en": ("The running total may not pass", "When everyone has said go"),
                  "es": ("El total acumulado no puede superar", "Cuando todos han pasado")}
CLAIMED = {"en": " (to be claimed)", "es": " (hay que reclamar)"}


@pytest.mark.parametrize("name", CARD_FILES)
def test_rules_say_the_exact_limit_and_last_are_claims_when_play_waits_for_their_claim(name, tmp_path, monkeypatch):
    """README: `claims.required: true` makes every score a claim, "in card games "last" and the exact
    limit too"; C1: 31 is "a claimable score like a multiple of 5". `rules` says so of both lines, in
    both languages, and never that they score at once; and play agrees: players who never claim
    never score them, players of a game without claims do."""
    monkeypatch.chdir(tmp_path)
    rules = load_rules(name)
    required = rules.claims_required
    for lang in ("en", "es"):
        word = "reglas" if lang == "es" else "rules"
        s, out = sit(name, ["human", "greedy"], lambda s, prompt, n: word if n == 0 else None, lang=lang)
        s.run()
        said = out.getvalue().splitlines()
        for start in LIMIT_AND_LAST[lang]:
            line = next(text for text in said if text.startswith(start))
            assert (CLAIMED[lang] in line) == required, line
            assert "at once and" not in line and "de inmediato" not in line, line
    reasons = set()
    for seed in range(3):
        state = make_game(rules, 2, 20).new_state(seed)
        run_game(state, make_bots(["greedy"] * 2, seed, forget=1.0, attention=0.0))
        reasons |= {event.reason for event in state.events if type(event).__name__ == "Scored"}
    assert ("last" in reasons) == (not required) and ("exact limit" in reasons) == (not required), reasons


def test_the_card_muggins_rules_summary_in_both_languages():
    """card-muggins: exactly 31 scores 2, claimed, and closes the pile with no "last" (C1); "last"
    is 1, claimed, also on the open pile at a round's end (C6), and nobody takes it (C8)."""
    rules = load_rules("card-muggins")
    en, es = summarize_rules(rules, "en"), summarize_rules(rules, "es")
    assert ('The running total may not pass 31; exactly 31 scores 2 points (to be claimed) when it is reached, '
            'and the pile closes at once, with no "last".') in en
    assert 'When everyone has said go the pile closes and its last player scores 1 point for "last" (to be claimed).' in en
    assert 'The open pile of a finished round closes too, and scores "last".' in en
    assert en[-2].endswith('can be taken by calling Muggins (not "last" points: those are lost).')
    assert ("El total acumulado no puede superar 31; exactamente 31 anota 2 puntos (hay que reclamar) al "
            "alcanzarse, y la pila se cierra en el acto, sin «último».") in es
    assert ("Cuando todos han pasado la pila se cierra y quien jugó la última carta anota 1 punto por «último» "
            "(hay que reclamar).") in es
    assert "La pila abierta al acabar la ronda también se cierra y anota «último»." in es
    assert es[-2].endswith("gritando «¡Muggins!» (salvo los puntos de «último»: esos se pierden).")


def test_rules_list_and_show_speak_the_chosen_language_or_the_locales(monkeypatch, capsys):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    assert main(["rules", "list", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "card-muggins-100              Una sesión completa, hasta 100 puntos. (amplía card-muggins)" in out
    assert "(extends" not in out and "A full session" not in out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["rules", "list"]) == 0 and "(amplía card-muggins)" in capsys.readouterr().out
    assert main(["rules", "show", "card-muggins-100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Muggins de cartas a 100: resuelto desde ") and "\n# huella " in out
    assert main(["rules", "list", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "A full session, played to 100 points. (extends card-muggins)" in out and "amplía" not in out


@pytest.mark.parametrize("options, spanish, english, status", [
    (["--bots", "foo"], "bot desconocido 'foo'", "unknown bot 'foo'", 1),
    (["--human", "x"], "--human toma números de puesto como 1 o 1,3, no 'x'", "--human takes seat numbers", 1),
    (["--human", "7"], "los puestos de --human deben estar entre 1 y 2", "--human seats must be between 1 and 2", 1),
    (["--human", "1,1"], "--human nombra dos veces el puesto 1", "--human names seat 1 twice", 1),
    # a number out of range or an empty value: a usage error (exit 2), as in simulate
    (["--max-rounds", "0"], "--max-rounds es de 1 a 1000000000", "--max-rounds is from 1 to 1000000000", 2),
    (["--max-rounds", "1000000001"], "--max-rounds es de 1 a 1000000000", "--max-rounds is from 1 to 1000000000", 2),
    (["--forget", "2"], "--forget y --attention son probabilidades entre 0 y 1", "are chances between 0 and 1", 2),
    (["--human", ""], "--human recibe un valor vacío", "--human is given an empty value", 2),
    (["--record", ""], "--record recibe un valor vacío", "--record is given an empty value", 2),
])
def test_play_option_errors_in_the_language(options, spanish, english, status, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "card-muggins", *options, "--lang", "es"]) == status
    err = capsys.readouterr().err
    assert err.startswith("muggins: ") and spanish in err and err.count("\n") == 1, err
    assert main(["play", "card-muggins", *options, "--lang", "en"]) == status
    assert english in capsys.readouterr().err


@pytest.mark.parametrize("command", [["resume", "x.json", "--record"], ["resume", "x.json", "--rules"],
                                     ["replay", "x.json", "--rules"], ["render", "x.json", "-o"],
                                     ["keep", "domino-muggins", "--sheet"], ["keep", "domino-muggins", "--resume"],
                                     ["simulate", "card-muggins", "--csv"]], ids=" ".join)
def test_an_option_given_an_empty_value_is_a_usage_error_in_every_command(command, tmp_path, monkeypatch, capsys):
    """README, Checked before the game: never taken for an option not given."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([*command, "", "--lang", "en"]) == 2
    assert capsys.readouterr().err == f"muggins: {command[-1].replace('-o', '--output')} is given an empty value: " \
                                      f"give one, or leave {command[-1].replace('-o', '--output')} out\n"


def test_hand_in_the_window_shows_no_other_players_moves_and_no_claim(tmp_path, monkeypatch):
    """`hand` typed in the window after one's own move shows the table and one's own hand only:
    not the next player's legal moves (the cards of a hidden hand) nor `claim`/`decline` (a reminder)."""
    monkeypatch.chdir(tmp_path)
    shown = []

    def answer(s, prompt, n):
        if window(prompt):
            if len(shown) < 6:
                shown.append((s.state.decision, s._turn_moves()))
                return "hand"
            return ""
        return "1" if n < 60 else None

    s, out = sit("card-muggins", ["human", "greedy"], answer, seed=3, forget=0.0)
    s.run()
    text = out.getvalue()
    windows = text.split("P1 (Enter: go on)> ")[1:len(shown) + 1]
    assert shown and any(decision is not None for decision, _ in shown)   # a claim was due in some window
    for (decision, theirs), after in zip(shown, windows):
        table = after.split("\n", 8)
        listed = "\n".join(line for line in table if line.startswith("Moves:"))
        assert listed == "", listed                                         # no moves at all are listed
        assert not any(f") {s.game.notation(move)}" in after for move in theirs)


def at_position(hands, pile, script, forget=1.0, lang="en", extra="", folder=None):
    """A card-muggins game between the person (P1) and a greedy bot that never claims, from a
    position (P1 to play, an empty stock), the person typing `script` in turn (then end of input);
    `extra`: YAML laid over the rules (a house file in `folder`)."""
    name = "card-muggins"
    if extra:
        name = str(folder / "house.yaml")
        (folder / "house.yaml").write_text(f"extends: card-muggins\nname: card-muggins-house\n{extra}")
    rules = load_rules(name)
    game = make_game(rules, 2)
    cards = lambda names: [game.deck.parse(n) for n in names]  # noqa: E731
    state = game.setup([cards(hand) for hand in hands], stock=[], pile=cards(pile), scores=[0, 0], turn=0)
    lines = iter(script)
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    s = Session(rules, "card-muggins", 2, 1, 50, ["human", "greedy"], stdin=table, stdout=out, forget=forget,
                attention=0.0, lang=lang)
    s.state = state
    s.run()
    return s, out.getvalue()


def test_a_claim_or_call_in_the_window_stands_whether_or_not_anything_is_due(tmp_path, monkeypatch):
    """The window answers `claim` and `muggins` the same way whether or not anything is due (it
    stays open until Enter); what they asked applies as it closes, and what found nothing is said
    once, as the next turn comes (C7: the scorer may claim until the next player acts). 5♥ on K♦
    makes 15, which scores 15; 2♥ makes 12, which scores nothing; P2 has forgotten nothing."""
    monkeypatch.chdir(tmp_path)
    window = "P1 (Enter: go on)> "
    stands = (window + "Muggins! Your call stands: it is made as soon as you go on.\n" + window
              + "Your claim stands: it is made as soon as you go on.\n" + window)
    s, text = at_position([["5H", "KS", "QS"], ["9C", "KC"]], ["KD"], ["5♥", "muggins", "claim", ""])
    after = text.split("P1 plays 5♥: total 15.\n", 1)[1]
    assert after.startswith(stands + "P1 scores 15 (multiple of five): 15.\n"
                            "Your Muggins call found nothing to take.\nP2 plays"), after
    assert s.state.scores[0] == 15 and "P2: Muggins!" not in text
    s, text = at_position([["2H", "KS", "QS"], ["9C", "KC"]], ["KD"], ["2♥", "muggins", "claim", "xyz", ""])
    after = text.split("P1 plays 2♥: total 12.\n", 1)[1]
    assert after.startswith(stands + "Not a move or a command: 'xyz'"), after
    assert after.count(window) == 4 and after.index("P2 plays") > after.rindex(window)
    assert ("Your claim found nothing to claim: no points of yours were waiting.\n"
            "Your Muggins call found nothing to take.\nP2 plays") in after
    s, text = at_position([["5H", "KS", "QS"], ["9C", "KC"]], ["KD"], ["5♥", "muggins", "reclamar", ""], lang="es")
    assert "Tu reclamación queda hecha: vale en cuanto sigas." in text and "J1 anota 15 (múltiplo de cinco): 15." in text
    assert "Tu «¡Muggins!» no encontró nada que llevarse." in text


def test_a_call_in_the_window_does_not_waive_the_persons_own_claim(tmp_path, monkeypatch):
    """P1 makes 16 (9 + 7♠), P2 25 with 9♣ and never claims; P1 makes 31 with 6♥: 2 points of their own to claim
    (C1) and P2's 25 to take (the call comes due as P1 plays). The engine asks the scorer's claim
    first (`win.simultaneous: scorer`), so the call stands and is made as the window closes, after
    the claim: P1 ends with 2 + 25 = 27, and P2's 25 is not theirs."""
    monkeypatch.chdir(tmp_path)
    hands, pile = [["7S", "6H"], ["9C", "2C"]], ["9D"]
    applied = ("P1 (Enter: go on)> P1 scores 2 (exactly the limit): 2.\n"
               "P1: Muggins! P1 takes P2's 25 points (multiple of five).\nP1 scores 25 (Muggins!): 27.\n")
    for typed in (["muggins", "claim"], ["claim", "muggins"]):   # in either order: both apply, the claim first
        s, text = at_position(hands, pile, ["7♠", "", "6♥", *typed, ""])
        assert "P2 plays 9♣: total 25." in text
        after = text.split("P1 plays 6♥: total 31.\n", 1)[1]
        assert "\n".join(after.split("\n")[2:]).startswith(applied), after
        assert s.state.scores == [27, 0]
    s, text = at_position(hands, pile, ["7♠", "", "6♥", "muggins", ""])     # Enter: the claim passes, the call is made
    assert s.state.scores[0] == 25 and "P1 scores 2 (exactly the limit)" not in text
    s, text = at_position(hands, pile, ["7♠", "", "6♥", "muggins", "reclamar", ""], lang="es")
    assert "¡Muggins! Tu grito queda hecho: vale en cuanto sigas." in text
    assert s.state.scores == [27, 0]


MOVE_LINE = re.compile(r"(?:^|> )(P\d) (?:places|plays|passes|draws|says go)", re.M)  # after a prompt, or not


def rounds_ended_by(humans, text):
    """Each round's end (its "End of round" line) after a person's move that scores (a pass, which
    scores nothing, may block a round: the engine settles it with the pass, and the window follows)."""
    for end in re.finditer(r"^End of round \d+", text, re.M):
        moves = list(MOVE_LINE.finditer(text, 0, end.start()))
        if moves and moves[-1].group(1) in humans and not moves[-1].group(0).endswith("passes"):
            yield moves[-1], end


def claiming(s, prompt, n):
    """The person claims in every window (refused when nothing is due: then Enter), and plays the first move."""
    if n >= 700:
        return None
    if handing_over(prompt):
        return ""
    if not window(prompt):
        return "1"
    return "" if s.stdin.typed and s.stdin.typed[-1] == "claim" else "claim"


def never_claiming(s, prompt, n):
    """The person never claims (Enter in every window), and plays the first move."""
    return None if n >= 700 else "" if window(prompt) or handing_over(prompt) else "1"


@pytest.mark.parametrize("name, seats, seed, answer", [
    ("domino-muggins-claims", ["human", "greedy"], 1, claiming),          # the dominoer opens the next round
    ("domino-muggins-claims", ["human", "human"], 2, never_claiming),     # the hot seat
    ("card-muggins", ["human", "human", "human"], 21, never_claiming),    # the hot seat: the last player leads next
    ("card-muggins-deal-of-seven", ["human", "human"], 2, claiming)])
def test_a_round_a_person_ends_shows_their_window_then_its_end_then_the_next_deal(name, seats, seed, answer, tmp_path,
                                                                                  monkeypatch):
    """README: after each of your moves the game waits (the same prompt whether you scored or not),
    your window until the next player acts; the text settles the round's end ("Revela las fichas
    restantes ... réstalo") before the next is dealt. So a move that ends a round is followed by
    the window, scored or not, then the round's end, then the next deal; no turn prompt asks for a
    move before the round it is in has been dealt."""
    monkeypatch.chdir(tmp_path)
    humans = {f"P{i + 1}" for i, kind in enumerate(seats) if kind == "human"}
    s, out = sit(name, seats, answer, seed=seed)
    s.run()
    text = out.getvalue()
    ends = list(rounds_ended_by(humans, text))
    assert ends, text[-2000:]
    for move, end in ends:
        assert "(Enter: go on)> " in text[move.end():end.start()], text[move.start():end.end()]
    for prompt in re.finditer(r"^(P\d)> ", text, re.M):   # a turn prompt: its move comes before any round's end
        move = MOVE_LINE.search(text, prompt.start())
        if move is not None:
            between = text[prompt.end():move.start(1)]
            assert "End of round" not in between and "(Enter: go on)" not in between, between


def test_the_window_at_a_rounds_end_is_on_the_finished_table_whether_or_not_a_claim_is_due(tmp_path, monkeypatch):
    """domino-muggins-claims, seed 1: P1 places their last tile of round 3 with [2|4] (4 + 1 = 5, a
    multiple of five: a claim), and of round 4 with [3|6] (0 + 3 = 3: nothing). Both times the window
    shows the finished round: `hand` shows round 3 (or 4) with an empty hand and no moves, a move
    typed is not taken (the round is over); the next round's table comes once the window closes."""
    monkeypatch.chdir(tmp_path)
    typed = {}

    def answer(s, prompt, n):
        if n >= 500:
            return None
        if window(prompt) and s.held is not None:
            seen = typed.setdefault(s.state.round if s.state.decision is not None else s.state.round - 1, [])
            script = ["hand", "0-1", "claim", ""]
            if len(seen) < len(script):
                seen.append(script[len(seen)])
                return seen[-1]
        return "" if window(prompt) else "1"

    s, out = sit("domino-muggins-claims", ["human", "greedy"], answer, seed=1)
    s.run()
    text = out.getvalue()
    for start, scored in (("P1 places [2|4] on the left end: ends 4 + 1 = 5.\n", True),
                          ("P1 places [3|6] on the right end: ends 0 + 3 = 3.\n", False)):
        at = text.find(start + "P1 (Enter: go on)> --- Round ")    # the window, and the table `hand` shows
        assert at >= 0, start
        window_text, rest = text[at + len(start):].split("P1 has placed their last tile.", 1)
        shown = window_text.split("\n")
        assert "Your hand (P1): " in shown
        assert not [line for line in shown if line.startswith("Moves:")], window_text
        assert "Not now: this round is over; go on (Enter) to see its end." in window_text
        assert "Your claim stands: it is made as soon as you go on." in window_text
        assert ("P1 scores 5 (multiple of five)" in window_text) == scored          # applied as the window closes
        round_end = rest.index("End of round")
        assert ("Your claim found nothing to claim" in rest[:rest.index("P1> ")]) == (not scored)
        assert round_end < rest.index("--- Round") < rest.index("P1> ")


@pytest.mark.parametrize("scored", [True, False], ids=["claim due", "nothing due"])
def test_a_save_in_the_window_at_a_rounds_end_resumes_to_the_same_window(scored, tmp_path, monkeypatch):
    """The window at a round's end opens again on resume, before the round's end is shown, whether
    or not a claim was due (seed 1: the first round P1 ends scores 5, the second scores nothing)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "end.json"
    ends = []   # the rounds' ends held back for P1's window, one per round

    def answer(s, prompt, n):
        moved = list(MOVE_LINE.finditer(s.stdin.out.getvalue()))
        if window(prompt) and s.held is not None and moved[-1].group(1) == "P1":   # a round P1 ended
            if not ends or ends[-1] is not s.held:
                ends.append(s.held)
            if len(ends) == (1 if scored else 2):
                return "quit" if path.exists() else f"save {path}"
        return None if n >= 500 else "" if window(prompt) else "1"

    s, out = sit("domino-muggins-claims", ["human", "greedy"], answer, seed=1)
    s.run()
    assert json.loads(path.read_text())["window"] == 0
    resumed = io.StringIO()
    again = Session.resume(path, stdout=resumed, stdin=io.StringIO("hand\n\n"))
    again.run(resumed=True)
    lines = resumed.getvalue().split("\n")
    assert lines[1].startswith("P1 (Enter: go on)> --- Round ") and lines[1].endswith(" ---")
    rest = "\n".join(lines[2:])
    assert "Moves:" not in rest.split("P1 (Enter: go on)> ")[0]
    assert rest.index("P1 has placed their last tile.") < rest.index("End of round") < rest.index("P1> ")


@pytest.mark.parametrize("typo, said", [("claimm", "Not a move or a command: 'claimm'"),
                                        ("KH", "Not your turn: P2 plays next.")])
def test_a_typo_in_the_window_keeps_it_open(typo, said, tmp_path, monkeypatch):
    """A typo (or a move ahead of the turn) in the window is answered and the window stays open: the
    person can still claim what is theirs before the next player acts."""
    monkeypatch.chdir(tmp_path)
    typed = {"typo": False, "claimed": False}

    def answer(s, prompt, n):
        state = s.state
        if window(prompt):
            if state.decision is not None and state.decision.actor == 0 and state.decision.kind == "claim":
                if not typed["typo"]:
                    typed["typo"] = True
                    return typo
                if typed["claimed"]:
                    return ""                                # the claim stands: go on
                typed["claimed"] = True
                return "claim"
            return ""
        return "1" if n < 80 else None

    s, out = sit("card-muggins", ["human", "greedy"], answer, seed=3, forget=0.0, attention=1.0)
    s.run()
    text = out.getvalue()
    assert typed["typo"] and typed["claimed"] and said in text
    assert "claim" in s.moves and "P2: Muggins!" not in text.split(said, 1)[1].split("P1 scores", 1)[0]


def test_at_a_rounds_end_the_last_claim_is_made_after_the_call_whatever_the_opponent_forgot(tmp_path, monkeypatch):
    """P1 plays A♠, the round's last card (C6: "last" scores 1), which also closes P2's window on the
    15 P2 made with 3♣ (forgotten, or claimed). The engine asks P1's call first and the "last"
    claim only once the pile closes: `claim` in the window stands either way (its answer tells
    nothing), and "last" is scored as the window closes; `muggins` also takes the forgotten 15."""
    monkeypatch.chdir(tmp_path)
    hands, pile = [["2H", "AS"], ["3C"]], ["KD"]
    windows = []
    for forget in (1.0, 0.0):
        s, text = at_position(hands, pile, ["2♥", "", "A♠", "claim", ""], forget=forget)
        assert "P2 plays 3♣: total 15." in text and "P1 scores 1 (last): 1." in text, text
        assert s.state.scores[0] == 1 and "Not allowed" not in text
        windows.append(text.split("P1 plays A♠: total 16.\n", 1)[1].split("Pile closed")[0])
    assert windows[0] == windows[1] == ("P1 (Enter: go on)> Your claim stands: it is made as soon as you go on.\n"
                                        "P1 (Enter: go on)> ")
    s, text = at_position(hands, pile, ["2♥", "", "A♠", "claim", "muggins", ""])
    assert "P1: Muggins! P1 takes P2's 15 points (multiple of five)." in text and "P1 scores 1 (last): 16." in text


def test_a_person_calls_muggins_on_points_forgotten_on_the_rounds_last_move(tmp_path, monkeypatch):
    """P2's 3♣ is the round's last card and makes 15, which P2 forgets: the round's end closes P2's
    window (C7), and P1 has the call. The round's end waits for P1's window, which opens at every
    round's end after another player's move, whether or not anything was forgotten."""
    monkeypatch.chdir(tmp_path)
    hands, pile = [["2H"], ["3C"]], ["KD"]
    s, text = at_position(hands, pile, ["2♥", "", "muggins", ""])
    after = text.split("P2 plays 3♣: total 15.\n", 1)[1]
    assert after.startswith("P1 (Enter: go on)> Muggins! Your call stands: it is made as soon as you go on.\n"
                            "P1 (Enter: go on)> Pile closed at 15; P2 played last.\n"
                            "P1: Muggins! P1 takes P2's 15 points (multiple of five).\n"), after
    assert after.index("Muggins! P1 takes") < after.index("End of round") and s.state.scores[0] == 15
    s, text = at_position(hands, pile, ["2♥", "", ""], forget=0.0)          # nothing forgotten: the same window
    after = text.split("P2 plays 3♣: total 15.\n", 1)[1]
    assert after.startswith("P1 (Enter: go on)> ") and after.index("P2 scores 15") > 0


def test_with_false_call_a_call_in_the_window_that_took_nothing_costs_on_the_persons_turn(tmp_path, monkeypatch):
    """`muggins.false_call: 5`: a call in the window with nothing to take stands as any call does, and
    is made on the person's next turn, where it costs 5: the window is no free probe."""
    monkeypatch.chdir(tmp_path)
    s, text = at_position([["5H", "KS", "QS"], ["9C", "KC"]], ["KD"], ["5♥", "muggins", "claim", ""], forget=0.0,
                          extra="muggins:\n  false_call: 5\n", folder=tmp_path)
    assert "Muggins! Your call stands" in text and "Not allowed" not in text
    assert "it is made on your turn (a false call costs 5)" in text
    assert "P1 calls Muggins, but nothing is unclaimed." in text and "P1 loses 5 (a false Muggins call): 10." in text


@pytest.mark.parametrize("typed, scored", [(["claim"], True), (["muggins"], False)])
def test_a_save_in_the_window_keeps_what_the_person_asked(typed, scored, tmp_path, monkeypatch):
    """A save made in the window resumes to the same window with the same claim or call noted:
    Enter then applies it (card-muggins, seed 3: P1's first move scores)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "w.json"
    script = ["1", *typed, f"save {path}", "quit"]
    s, out = sit("card-muggins", ["human", "greedy"], lambda s, p, n: script[n] if n < len(script) else None, seed=3)
    s.run()
    saved = json.loads(path.read_text())
    assert saved["window"] == 0 and saved["notes"] == [{"seat": 0, "claim": scored, "call": not scored,
                                                        "claimed": False, "called": False}]
    resumed = io.StringIO()
    again = Session.resume(path, stdout=resumed, stdin=io.StringIO("\n"))
    again.run(resumed=True)
    text = resumed.getvalue()
    assert text.split("\n")[1].startswith("P1 (Enter: go on)> ")
    assert (re.search(r"P1 scores \d+ \(multiple of five\)", text) is not None) == scored, text
    assert ("Your Muggins call found nothing to take." in text) == (not scored)


def test_in_the_hot_seat_the_other_person_calls_on_points_forgotten_on_the_rounds_last_move(tmp_path, monkeypatch):
    """P2, a person, ends the round with 3♣ (15) and lets it pass in their window; P1's window on the
    finished round opens next (C7: every opponent may call once the scorer's window closes)."""
    monkeypatch.chdir(tmp_path)
    rules = load_rules("card-muggins")
    game = make_game(rules, 2)
    cards = lambda names: [game.deck.parse(n) for n in names]  # noqa: E731
    state = game.setup([cards(["2H"]), cards(["3C"])], stock=[], pile=cards(["KD"]), scores=[0, 0], turn=0)
    lines = iter(["", "2♥", "", "", "3♣", "", "", "muggins", ""])  # Enter as each takes the terminal
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    s = Session(rules, "card-muggins", 2, 1, 50, ["human", "human"], stdin=table, stdout=out)
    s.state = state
    s.run()
    after = out.getvalue().split("P2 plays 3♣: total 15.\n", 1)[1]
    assert after.startswith("P2 (Enter: go on)> Pass the terminal to P1, then press Enter> "
                            "P1 (Enter: go on)> Muggins! Your call stands"), after
    assert "P1: Muggins! P1 takes P2's 15 points (multiple of five)." in after and s.state.scores[0] == 15


@pytest.mark.parametrize("false_call", [None, 5])
def test_a_call_at_the_turns_prompt_while_a_claim_is_due_is_no_free_probe(false_call, tmp_path, monkeypatch):
    """K♦ Q♦ (20) then P1's 5♥ makes 25: a score of P1's to claim; P2 has no card, so P1's turn comes
    before anyone acts and its prompt is their window. `muggins` there, with nothing unclaimed: under
    `muggins.false_call: 5` it stands and is made on P1's turn, after the claim, and costs 5 (the
    prompt "Moves: ... muggins" offered it); without a false-call cost it is refused, costing nothing."""
    monkeypatch.chdir(tmp_path)
    extra = f"muggins:\n  false_call: {false_call}\n" if false_call else ""
    s, text = at_position([["5H", "2C"], []], ["KD", "QD"], ["5♥", "muggins", "claim", "2♣", ""], forget=0.0,
                          extra=extra, folder=tmp_path)
    assert "P1 scores 25 (multiple of five): 25." in text
    if false_call:
        assert "Not allowed" not in text
        assert "Muggins! Your call stands: it is made on your turn, after your claims (a false call costs 5)." in text
        assert "P1 scores 25 (multiple of five): 25.\nP1 calls Muggins, but nothing is unclaimed.\n" \
               "P1 loses 5 (a false Muggins call): 20." in text
    else:
        assert "Not allowed: nothing to take: no unclaimed points." in text and "calls Muggins" not in text


def seated_at(hands, pile, seats, script, lang="en", extra="", folder=None, **kwargs):
    """A card-muggins game from a position (P1 to play, an empty stock), at `seats` (bots that
    never claim nor call: forget 1, attention 0), the people typing `script` in turn (then end of
    input); `extra`: YAML laid over the rules (a house file in `folder`)."""
    name = "card-muggins"
    if extra:
        name = str(folder / "house.yaml")
        (folder / "house.yaml").write_text(f"extends: card-muggins\nname: card-muggins-house\n{extra}")
    rules = load_rules(name)
    game = make_game(rules, len(seats))
    cards = lambda names: [game.deck.parse(n) for n in names]  # noqa: E731
    state = game.setup([cards(hand) for hand in hands], stock=[], pile=cards(pile), scores=[0] * len(seats), turn=0)
    lines = iter(script)
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    s = Session(rules, "card-muggins", len(seats), 1, 50, seats, stdin=table, stdout=out, forget=1.0,
                attention=0.0, lang=lang, **kwargs)
    s.state = state
    s.run()
    return s, out.getvalue()


def test_muggins_typed_twice_at_the_turns_prompt_takes_two_unclaimed_scores_in_a_row(tmp_path, monkeypatch):
    """P1 (a bot) plays 10♠ for 10 and P2 (a bot) 10♦ for 20, neither claiming. At P3's prompt P1's
    window has closed (the call on its 10 is due to P3: made at once, before P3's card) and P2's
    is open until P3 acts (the call stands until P3's card closes it): two calls take both,
    10 + 20 = 30 (card text: any attentive opponent may call and take the points), and each
    names its scorer."""
    monkeypatch.chdir(tmp_path)
    s, text = seated_at([["10S", "2C"], ["10D", "3C"], ["6C", "4C"]], [], ["greedy", "greedy", "human"],
                        ["muggins", "muggins", "6♣"])
    assert "P2 plays 10♦: total 20." in text
    first, second = text.split("P3> ")[1:3]
    assert first.startswith("P3: Muggins! P3 takes P1's 10 points (multiple of five).\nP3 scores 10 (Muggins!): 10.\n")
    assert second == "Muggins! Your call stands: it is made as soon as P2's window closes.\n", text
    assert text.index("P3 plays 6♣") < text.index("P3: Muggins! P3 takes P2's 20 points (multiple of five).")
    assert s.state.scores[2] == 30


def test_why_explains_a_muggins_call_and_a_false_calls_cost(tmp_path, monkeypatch):
    """`why` explains the last score whatever its reason. P2 makes 25 with 9♣ on 16 (a multiple
    of five, card text) and never claims; P1's call takes it: `why` says so, and why those 25
    scored. Under `muggins.false_call: 5` a call with nothing unclaimed costs 5, and `why` says
    that; never "Nothing has scored yet" once anything has."""
    monkeypatch.chdir(tmp_path)
    s, text = at_position([["7S", "6H", "2D"], ["9C", "2C", "3D"]], ["9D"], ["7♠", "", "muggins", "6♥", "", "why"])
    assert s.state.scores[0] == 25
    why = text.split("P1 scores 25 (Muggins!): 25.\n", 1)[1].split("\nP1> \n", 1)[0].rsplit("P1> ", 1)[1]
    assert why.startswith("P1 called Muggins and took P2's 25 (multiple of five), left unclaimed. "
                          "P2 played 9♣, bringing the running total to 25: "), text
    assert "Nothing has scored yet" not in text
    extra = "muggins:\n  false_call: 5\n"
    for lang, typed, expected in (("en", "why", "P1 called Muggins with nothing unclaimed: a false call costs 5."),
                                  ("es", "porqué", "J1 gritó «¡Muggins!» cuando no había nada sin reclamar: "
                                                   "un grito falso cuesta 5.")):
        s, text = at_position([["5H", "KS", "QS"], ["9C", "KC"]], ["KD"], ["muggins", typed], forget=0.0,
                              extra=extra, folder=tmp_path, lang=lang)
        assert s.state.scores[0] == -5
        assert "> " + expected + "\n" in text, text


@pytest.mark.parametrize("name, lang, claim, call", [
    ("card-cribbage-pegging", "es", False, False),   # claims.required: false, muggins.enabled: false
    ("domino-muggins-spinner", "en", False, False),  # no score waits for a claim: nothing to call on
    ("card-muggins-no-muggins", "en", True, False),  # claims, and muggins.enabled: false
    ("card-muggins", "en", True, True),
    ("card-muggins", "es", True, True),
])
def test_help_offers_claim_and_muggins_only_where_the_rules_have_them(name, lang, claim, call, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    typed = {"en": "help", "es": "ayuda"}[lang]
    s, out = sit(name, ["human", "greedy", "greedy"], lambda s, prompt, n: typed if n == 0 else None, seed=4, lang=lang)
    s.run()
    text = out.getvalue()
    start = text.index("Type a move" if lang == "en" else "Escribe una jugada")
    helped = text[start:text.index({"en": "\nP1> ", "es": "\nJ1> "}[lang], start)]
    claim_word = {"en": "claim", "es": "reclamar"}[lang]
    assert bool(re.search(rf"\b{claim_word}\b", helped)) == claim, helped
    assert ("muggins" in helped.lower()) == call, helped


def test_a_bare_save_and_the_autosave_bring_this_games_own_save_up_to_date(tmp_path, monkeypatch):
    """README: `save` alone brings the file this game was last saved to up to date, as the
    autosave does, and replaces only its own save still holding what muggins wrote. Two bare
    saves with a move between and the save on end of input leave one file, holding every move;
    a file changed since (here by hand) is kept, and the next save picks a fresh name."""
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "muggins-card-muggins-3.save.json"

    def answer(s, prompt, n):
        if n == 4:
            first.write_text("precious")
        return ["save", "1", "", "save", "save", None][n] if n < 5 else None

    s, out = sit("card-muggins", ["human", "greedy"], answer, seed=3)
    s.run()
    text = out.getvalue()
    assert {path.name for path in tmp_path.iterdir()} == {first.name, "muggins-card-muggins-3-2.save.json"}
    assert text.count(f"Game saved to {first.name}.") == 2, text
    assert text.count("Game saved to muggins-card-muggins-3-2.save.json.") == 2, text  # the bare save, then the autosave
    assert first.read_text() == "precious"
    again = Session.resume(tmp_path / "muggins-card-muggins-3-2.save.json", stdout=io.StringIO(), stdin=io.StringIO())
    assert again.moves == s.moves and len(s.moves) >= 2


DRAWN = {"card-muggins": re.compile(r"draws (?:[0-9AJQK]+[♣♦♥♠]|1 card|\d+ cards)"),
         "domino-muggins": re.compile(r"draws (?:\[\d\|\d\]|a tile)")}
HIDDEN = {"card-muggins": re.compile(r"draws (?:1 card|\d+ cards) back to|says go and draws a card"),
          "domino-muggins": re.compile(r"draws a tile from the boneyard")}


@pytest.mark.parametrize("name, seats, seed", [
    ("card-muggins", ["greedy", "human", "greedy", "human"], 5),
    ("domino-muggins", ["human", "greedy", "human", "greedy"], 3),
])
def test_with_two_people_the_log_shows_nobodys_drawn_pieces(name, seats, seed, tmp_path, monkeypatch):
    """A piece drawn is private (domino text: keep each hand private until the round is settled):
    with one person the log shows only theirs; with two at one screen it shows nobody's, a bot's,
    a person's refill or draw alike, while each person still sees their own hand at their turn."""
    monkeypatch.chdir(tmp_path)
    s, out = sit(name, seats, lambda s, prompt, n: None if n >= 60 else "" if window(prompt) or handing_over(prompt)
                 else "1", seed=seed)
    s.run()
    text = out.getvalue()
    drawn = [line for line in text.splitlines() if DRAWN[name].search(line)]
    assert drawn, text                                                     # pieces were drawn
    assert all(HIDDEN[name].search(line) for line in drawn), drawn         # and none is named
    people = [f"P{seat + 1}" for seat, kind in enumerate(seats) if kind == "human"]
    assert all(f"Your hand ({person}): " in text for person in people)


PROMPT = re.compile(r"P\d(?: \(Enter: go on\))?> |Pass the terminal to P\d, then press Enter> ")


def test_in_a_hot_seat_of_four_the_scorers_third_opponent_gets_a_window_when_the_scorers_closes(tmp_path,
                                                                                                 monkeypatch):
    """C7: once the scorer's window closes, each opponent in turn order from the scorer may call.
    P1 makes 10 with 10♠ (card text: a multiple of five scores it) and does not claim; P2's 2♦
    closes P1's window, and the call goes to P2, P3, P4. P3 plays next (their turn's prompt is
    their window); P4 gets a window right after P2's, where `muggins` takes P1's 10 (P3 letting
    it pass first): 0, 0, 0, 10 by hand. When P1 claims, P4 gets the same window at the same
    place (it tells nothing) and the call finds nothing. A replay of the moves, the call made in
    that window among them, gives the same scores."""
    monkeypatch.chdir(tmp_path)
    hands = [["10S", "2C"], ["2D", "3C"], ["6C", "4C"], ["7D", "8D"]]
    seen = []
    for claim, scores in ((False, [0, 0, 0, 10]), (True, [10, 0, 0, 0])):
        script = ["", "10♠", *(["claim"] if claim else []), "", "", "2♦", "", "", "muggins", "", "", "6♣", ""]
        s, text = seated_at(hands, [], ["human"] * 4, script)
        assert ("P2 plays 2♦: total 12.\nP2 (Enter: go on)> Pass the terminal to P4, then press Enter> "
                "P4 (Enter: go on)> Muggins! Your call stands") in text
        assert s.state.scores == scores, text
        assert ("P4: Muggins! P4 takes P1's 10 points (multiple of five)." in text) == (not claim)
        assert ("P4: Your Muggins call found nothing to take." in text) == claim
        upto = text[:text.index("P4 (Enter: go on)> ")]
        prompts = [match.group(0) for match in PROMPT.finditer(upto)]
        seen.append([p for k, p in enumerate(prompts) if not k or p != prompts[k - 1]])  # P1's `claim`: P1's own
        game = s.game
        replay = game.setup([[game.deck.parse(card) for card in hand] for hand in hands], stock=[], pile=[],
                            scores=[0] * 4, turn=0)
        for move in s.moves:
            replay.play(game.parse_move(move))
        assert replay.scores == s.state.scores and "muggins" in s.moves or claim
    assert seen[0] == seen[1], seen


def test_a_person_not_next_gets_a_window_when_a_bots_window_closes_on_the_other_bots_move(tmp_path,
                                                                                          monkeypatch):
    """P3, the only person, plays their last card; from then on P1 and P2 (bots that forget every
    claim) play on. P2 makes 30 with A♦ (card text: a multiple of five scores it); P1's go closes
    P2's window and the call goes to P3, then P1 (C7), but P2 plays next (P3 has no card): P3's
    window opens after P1's go, and `muggins` there takes the 30 (by hand: P3 ends with 30)."""
    monkeypatch.chdir(tmp_path)
    hands = [["8C", "2C", "KC"], ["4D", "AD", "QD"], ["AH"]]
    s, text = seated_at(hands, [], ["greedy", "greedy", "human"], ["A♥", "", "muggins", ""])
    assert "P2 plays A♦: total 30.\nP1 says go.\nP3 (Enter: go on)> Muggins! Your call stands" in text, text
    assert "P3: Muggins! P3 takes P2's 30 points (multiple of five)." in text and s.state.scores == [0, 0, 30]


def test_a_save_in_a_window_on_another_players_score_resumes_to_it(tmp_path, monkeypatch):
    """A window a person gets when another scorer's window closes (not after their own move, not
    at a round's end) is saved as such and opens again on resume, with what they had typed there:
    four people, card-muggins, seed 5, nobody claiming; the save is made in the first such window."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "theirs.json"
    at = {}

    def answer(s, prompt, n):
        moved = list(MOVE_LINE.finditer(s.stdin.out.getvalue()))
        opened = re.search(r"P(\d) \(Enter: go on\)> $", prompt)   # the last prompt on the line: whose window
        due = s.state.decision
        if opened and s.held is None and moved and moved[-1].group(1) != "P" + opened.group(1) and not (
                due is not None and due.actor == int(opened.group(1)) - 1 and due.kind == "claim"):  # a claim's
            at.setdefault("window", (opened.group(0), len(s.moves)))
            if at["window"][1] == len(s.moves):
                return ["muggins", f"save {path}", "quit"][n - at.setdefault("n", n)]
        return None if n >= 300 else "" if window(prompt) or handing_over(prompt) else "1"

    s, out = sit("card-muggins", ["human"] * 4, answer, seed=5)
    s.run()
    prompt, moves = at["window"]
    saved = json.loads(path.read_text())
    assert saved["window"] == int(prompt[1]) - 1 and len(saved["moves"]) == moves
    assert {"seat": saved["window"], "claim": False, "call": True, "claimed": False,
            "called": False} in saved["notes"], saved["notes"]
    resumed = io.StringIO()
    again = Session.resume(path, stdout=resumed, stdin=io.StringIO("\n\n"))
    again.run(resumed=True)
    handing = f"Pass the terminal to P{prompt[1]}, then press Enter> "   # whoever sits down at a resumed game
    assert resumed.getvalue().split("\n")[1].startswith(handing + prompt), resumed.getvalue()[:300]


def test_in_a_partnership_the_scorers_second_opponent_gets_a_window_and_a_partner_none(tmp_path, monkeypatch):
    """Partnership All Fives with claims (a house file): P1 and P4 are people, P2 and P3 bots that
    forget every claim. Seed 2: P2 makes 5 (3 + 2: a multiple of five, Pagat) and P3 draws, which
    closes P2's window (C7: the next player acts); the call goes to P3, then P1, P2's opponents in
    turn, while P3 goes on drawing. P1 gets a window there, and `muggins` takes the 5 for P1's
    side (by hand: P1's and P3's score up 5); P4, P2's partner, gets none."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: domino-partnership-all-fives\nname: partnership-claims\n"
                                         "claims:\n  required: true\nmuggins:\n  enabled: true\n")
    closed = re.compile(r"P2 places \S+ on the \w+ end: ends 3 \+ 2 = 5\.\nP3 draws a tile from the boneyard\.\n")
    before = {}

    def answer(s, prompt, n):
        text = s.stdin.out.getvalue()
        if not before and prompt == "P1 (Enter: go on)> " and closed.search(text[-200:]):
            before["scores"] = list(s.state.scores)
            return "muggins"
        return None if n >= 200 else "" if window(prompt) or handing_over(prompt) else "1"

    s, out = sit(str(tmp_path / "house.yaml"), ["human", "greedy", "greedy", "human"], answer, seed=2, forget=1.0,
                 attention=0.0)
    s.run()
    text = out.getvalue()
    at = closed.search(text)
    after = text[at.end():]
    assert after.startswith("P1 (Enter: go on)> Muggins! Your call stands: it is made as soon as you go on.\n"
                            "P1 (Enter: go on)> P1: Muggins! P1 takes P2's 5 points (multiple of five).\n"), after[:300]
    assert "P4 (Enter: go on)> " not in after[:after.index("Pass the terminal to P4")]
    scores = before["scores"]
    assert f"P1 scores 5 (Muggins!) for the side of P1 and P3: {scores[0] + 5}.\n" in after, after[:300]


class Screen(io.StringIO):
    """Output that says it is a real terminal (isatty), as a person's screen is."""

    def isatty(self):
        return True


@pytest.mark.parametrize("lang, handing, hand", [("en", "Pass the terminal to P2, then press Enter> ", "Your hand (P2)"),
                                                  ("es", "Pasa el terminal a J2 y pulsa Intro> ", "Tu mano (J2)")])
def test_the_hot_seat_hands_the_terminal_over_before_a_hand_is_shown(lang, handing, hand, tmp_path, monkeypatch):
    """Domino text: keep each hand private until the round is settled. With two people, P1's move
    and window are followed by the hand-over, and P2's hand comes only after Enter there; on a real
    terminal the screen and its scrollback are cleared first (never in a pipe or a log). `hand`
    there shows nothing; `save` there resumes to the same hand-over."""
    monkeypatch.chdir(tmp_path)
    typed = {"en": ["", "1", "", "hand", "save at.json", ""], "es": ["", "1", "", "mano", "guardar at.json", ""]}[lang]
    for screen in (io.StringIO, Screen):
        lines = iter(typed)
        table = io.StringIO()
        table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
        out = screen()
        s = Session(load_rules("card-muggins"), "card-muggins", 2, 3, 50, ["human", "human"], stdin=table,
                    stdout=out, lang=lang)
        s.run()
        text = out.getvalue()
        mover = text.index("P1 plays" if lang == "en" else "J1 juega")
        assert text.index(handing) > mover and hand not in text[:text.index(handing)]  # P2's hand only after
        after = text[text.index(handing):]
        assert after.count(handing) == 3, after                    # asked again after `hand` and after `save`
        assert after.index(hand) > after.rindex(handing)          # shown once Enter is pressed
        clear = "\x1b[H\x1b[2J\x1b[3J"
        if screen is Screen:                                        # cleared once Enter is pressed, each time
            assert text.count(clear) == 2 and handing + clear + "--- R" in text, text
        else:
            assert "\x1b" not in text
        resumed = io.StringIO()
        again = Session.resume(tmp_path / "at.json", stdout=resumed, stdin=io.StringIO())
        again.run(resumed=True)
        assert resumed.getvalue().split("\n")[1].startswith(handing), resumed.getvalue()  # the same hand-over
        (tmp_path / "at.json").unlink()


def test_one_person_is_never_asked_to_pass_the_terminal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = sit("card-muggins", ["human", "greedy", "greedy"], lambda s, prompt, n: None if n >= 20 else
                 "" if window(prompt) else "1", seed=3)
    s.run()
    assert "Your hand (P1)" in out.getvalue() and "Pass the terminal" not in out.getvalue()


def test_a_rounds_end_closes_every_window_so_the_next_rounds_first_move_opens_none(tmp_path, monkeypatch):
    """C7: the scorer may claim until the next player acts, and a round's end closes the window
    (its windows open on the finished round). So the next round's opening closes nobody's window:
    no window follows a bot's opening (domino-muggins-claims, seed 1: P1 with two bots that forget
    every claim; round 12 ends on P3's [1|4] for 10, and P2 opens round 13 with [6|6] for nothing)."""
    monkeypatch.chdir(tmp_path)

    def answer(s, prompt, n):
        return None if n >= 600 else "" if window(prompt) or handing_over(prompt) else "1"

    s, out = sit("domino-muggins-claims", ["human", "greedy", "greedy"], answer, seed=1, forget=1.0, attention=0.0)
    s.run()
    text = out.getvalue()
    assert "Round 13" in text
    opened_on = re.findall(r"P[23] places [^\n]* to open: [^\n]*\nP1 \(Enter: go on\)> ", text)
    assert not opened_on, opened_on


@pytest.mark.parametrize("again", [[], ["muggins", ""], ["muggins", "quit"]])
def test_a_false_call_typed_with_a_drawn_tile_to_place_is_made_on_the_next_turn_that_allows_one(again, tmp_path,
                                                                                                 monkeypatch):
    """domino-muggins-claims with `muggins.false_call: 5`: P1 draws [4|6], which fits, so it must be
    placed (no call meanwhile); `muggins` typed then stands and is made on P1's next turn, at its
    cost (the game never stops on it). P2 draws [2|3] and passes: the round is blocked, P1 holding
    3 pips (-5 by the text's rounding), P2 18 (-20); then the call, -5: P1 -10. Typed again in P1's
    window after the tile, it is the same call standing: made once, and a save holds it once."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: domino-muggins-claims\nname: fc\nmuggins: {false_call: 5}\n")
    rules = load_rules(str(tmp_path / "house.yaml"))
    game = make_game(rules, 2)
    tile = rules.pieces.parse
    state = game.setup([[tile("0-1"), tile("0-2")], [tile("5-5"), tile("1-2")]], boneyard=[tile("2-3"), tile("4-6")],
                       line=[(tile("6-6"), None)], scores=[0, 0], turn=0)
    lines = iter(["1", "muggins", "1", *again, ""])
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    s = Session(rules, str(tmp_path / "house.yaml"), 2, 1, 50, ["human", "greedy"], stdin=table, stdout=out,
                forget=1.0, attention=0.0)
    s.state = state
    s.run()
    text = out.getvalue()
    assert "stopped on an error" not in text
    assert "Muggins! Your call stands: it is made on your next turn (a false call costs 5)." in text
    if "quit" in again:  # quit in the window: the save holds the call once (a save resume reads)
        saved = read_save(next(tmp_path.glob("muggins-fc-*.save.json")))
        assert saved.carried == [0] and saved.notes[0]["call"], saved
        return
    assert text.count("P1 calls Muggins") == 1
    assert "P1 calls Muggins, but nothing is unclaimed.\nP1 loses 5 (a false Muggins call): -10." in text
    assert s.state.scores == [-10, -20]


@pytest.mark.parametrize("at_hand_over", ["", "quit"])
def test_a_carried_call_in_the_hot_seat_is_made_once_its_caller_has_the_terminal(at_hand_over, tmp_path, monkeypatch):
    """Two people, domino-muggins-claims with `muggins.false_call: 5`: P1 types `muggins` with a
    drawn tile to place (nothing unclaimed), so the call is carried to P1's next turn. It is made
    after "Pass the terminal to P1", not while P2 still has the terminal; a stop at that prompt
    keeps it carried in the save (made once, when the game resumes)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: domino-muggins-claims\nname: fc\nmuggins: {false_call: 5}\n")
    rules = load_rules(str(tmp_path / "house.yaml"))
    tile = rules.pieces.parse
    state = make_game(rules, 2).setup([[tile("0-1"), tile("0-2"), tile("3-4")], [tile("5-5"), tile("1-2"), tile("1-3")]],
                                      boneyard=[tile("2-3"), tile("4-6")], line=[(tile("6-6"), None)], scores=[0, 0],
                                      turn=0)
    lines = iter(["", "1", "muggins", "1", "", "", "1", "1", "", at_hand_over, "quit"])
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(lines, None))
    out = io.StringIO()
    s = Session(rules, str(tmp_path / "house.yaml"), 2, 1, 50, ["human", "human"], stdin=table, stdout=out)
    s.state = state
    s.run()
    text = out.getvalue()
    handed = text.split("P2 passes.\n", 1)[1]
    assert handed.startswith("P2 (Enter: go on)> Pass the terminal to P1, then press Enter> "), handed
    if at_hand_over == "quit":
        assert "calls Muggins" not in text
        assert read_save(next(tmp_path.glob("muggins-fc-*.save.json"))).carried == [0]
        return
    assert handed.split("Enter> ", 1)[1].startswith("P1 calls Muggins, but nothing is unclaimed.\n"
                                                    "P1 loses 5 (a false Muggins call): -5.\n"), handed
    assert s.state.scores == [-5, 0]


def test_a_card_the_deck_writes_like_a_move_word_reads_back_as_the_card(tmp_path, monkeypatch):
    """A house deck with rank G and suit O has a card written GO (a record writes a card as its rank
    and suit letters, the move go in lower case): as written it is the card, so a game whose record
    holds it replays to the same scores, and `go` is still the move."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "go.yaml").write_text("extends: card-muggins\nname: house-go\npieces:\n  cards:\n    suits: [O, X]\n"
                                      "    ranks: [A, B, C, D, E, F, G, H, I, J]\n    value: card.rank\n")
    rules = load_rules(str(tmp_path / "go.yaml"))
    game = make_game(rules, 2)
    card = game.parse_move("GO")
    assert not isinstance(card, type(game.parse_move("go"))) and game.notation(card) == "GO"
    for seed in range(1, 12):  # some of these games play GO: each replays from its record
        path = tmp_path / f"r{seed}.json"
        assert main(["play", str(tmp_path / "go.yaml"), "--seed", str(seed), "--record", str(path)]) == 0
        assert main(["replay", str(path), "--rules", str(tmp_path / "go.yaml")]) == 0, seed
    assert any('"GO"' in (tmp_path / f"r{seed}.json").read_text() for seed in range(1, 12))


@pytest.mark.parametrize("suits, lang, examples, hint", [
    ("[C, D]", "en", "(5♣, 10♦, 5c, 5 of clubs, go, claim, muggins)", "like 5♣, 5c or 5 of clubs;"),
    ("[C, D]", "es", "(5♣, 10♦, 5t, 5 de tréboles, paso, reclamar, muggins)", "como 5♣, 5t o 5 de tréboles;"),
    ("[O, C, E, B]", "en", "(5O, 10B, 5o, go, claim, muggins)", "like AO;")])
def test_help_and_a_card_not_read_name_cards_of_the_rule_files_deck(suits, lang, examples, hint, tmp_path, monkeypatch):
    """`help`'s examples and the hint on a card not read are cards of the deck the file deals (a
    deck of clubs and diamonds has no 5♥ to type; a deck of oros, copas, espadas and bastos shows its
    letters), in each spelling it reads, and never a card that is not in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.yaml").write_text(f"extends: card-muggins\nname: deck\npieces:\n  cards:\n    suits: {suits}\n")
    script = iter(["ayuda" if lang == "es" else "help", "xyz"])
    rules = load_rules(str(tmp_path / "deck.yaml"))
    table = io.StringIO()
    table.readline = lambda *a: (lambda t: "" if t is None else t + "\n")(next(script, None))
    out = io.StringIO()
    Session(rules, str(tmp_path / "deck.yaml"), 2, 3, 50, ["human", "greedy"], stdin=table, stdout=out,
            lang=lang).run()
    text = out.getvalue()
    assert examples in text and hint in text, text[-1500:]
    assert "5♥" not in text and "hearts" not in text and "corazones" not in text
