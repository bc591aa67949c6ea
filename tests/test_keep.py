"""Keeping score at a real table (`muggins keep`): scripted games typed as people would, with the
scores worked out by hand from the rule texts; undo, save and resume, score sheets, hostile input;
and the keeper against the engine: a bot game's table entries give the engine's scores."""
from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from muggins.bots import make_bots
from muggins.cli import main
from muggins.engine import make_game
from muggins.errors import MugginsError
from muggins.families import family_of
from muggins.families.line import game as D
from muggins.families.pile import game as C
from muggins.keep import Keeper, replay, sheet_text
from muggins.loader import load_rules
from muggins.match import run_game


def keep(name, players, lines, lang="en", folder=None, **kwargs):
    """Run a keeper on the typed lines (then end of input); returns the keeper, its output and exit code."""
    out = io.StringIO()
    keeper = Keeper(load_rules(name), name, players, lang, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
                    stdout=out, folder=folder or ".", **kwargs)
    code = keeper.run()
    return keeper, out.getvalue(), code


# domino-muggins with nothing to draw: every tile not dealt is kept out of play (`draw.reserve`), so a
# player with no tile that fits passes at once, as early as the first turn after the opening
NO_DRAWING = 'draw:\n  reserve: "28 - players * (7 if players == 2 else 5)"\n'


def lines_of(*lines):
    """What a person types, one entry a line."""
    return "".join(f"{line}\n" for line in lines)


def scores(keeper):
    return list(keeper.tracker.table.scores)


# -- a scripted 3-player game of Domino Muggins ---------------------------------------------------
# domino-muggins.es.txt: a positive multiple of five scores its value; at the end of a round each
# player loses their own leftover pips rounded to the nearest 5 (2 -> 0, 3 -> 5, 7 -> 5, 8 -> 10,
# 13 -> 15), blocked rounds too; three players play to 200, and reaching it wins at once.

# Each entry is what a real tile leaves on the line (the tile in the comment, on the end named): a tile
# goes on one end with a matching half and its other half makes the new end; every tile is placed once.
ROUND_1 = [
    "1",        # P1 opens round 1
    "4 1",      # P1 [1|4]: 4 + 1 = 5, scores 5                 P1 5
    "2 4",      # P2 [1|2] on the 1: 6, nothing
    "2 6",      # P3 [4|6] on the 4: 8, nothing
    "pass",     # P1 passes
    "3 6",      # P2 [2|3] on the 2: 9, nothing
    "12 3",     # P3 [6|6] on the 6, counting 12: 15            P3 15
    "4 12",     # P1 [3|4] on the 3: 16, nothing
    "8 12",     # P2 [4|4] on the 4: 20                         P2 20
    "2 12",     # P3 [2|4]: 14, nothing
    "5 12",     # P1 [2|5]: 17, nothing
    "10 12",    # P2 [5|5]: 22, nothing
    "10 5",     # P3 [5|6] on the [6|6]: 15                     P3 30
    "10 4",     # P1 [4|5] on the 5: 14, nothing
    "0 4",      # P2 [0|5] on the [5|5]: 4, nothing; P2's fifth tile, the last of the five dealt
    "domino",   # P2 places their last tile
    "7",        # P1 holds 7 pips: loses 5                      P1 0
    "3",        # P3 holds 3 pips: loses 5                      P3 25
]              # P2 dominoed and opens round 2; scores 0, 20, 25
ROUND_2 = [
    "6 4",      # P2 [4|6]: 10                                  P2 30
    "2 4",      # P3 [2|6] on the 6: 6, nothing
    "2 8",      # P1 [4|4] on the 4: 10                         P1 10
    "4 8",      # P2 [2|4] on the 2: 12, nothing
    "1 8",      # P3 [1|4]: 9, nothing
    "0 8",      # P1 [0|1]: 8, nothing
    "4 8",      # P2 [0|4]: 12, nothing
    "4 3",      # P3 [3|4] on the [4|4]: 7, nothing
    "4 5",      # P1 [3|5]: 9, nothing
    "4 4",      # P2 [4|5]: 8, nothing; both ends show 4 and all seven 4s are on the line
    "blocked",  # nobody can play: everybody pays, from the opener P2
    # nothing left to draw: the 18 tiles off the line, 168 - 66 = 102 pips (the line: 10+8+8+6+5+1+4+7+8+9),
    # are all in the hands
    "2",        # P2 holds 2: loses 0                           P2 30
    "8",        # P3 holds 8: loses 10                          P3 15
    "92",       # P1 holds the other 92: loses 90               P1 -80
]              # 10 - 90... scores -80, 30, 15; a blocked round: lots again for round 3
UNDO_ACROSS_THE_ROUND_END = [
    "undo 2",   # back to asking P3's pips: scores 10, 30, 25
    "7",        # P3 held 7, not 8: loses 5                     P3 20
    "93",       # so P1 held 93: loses 95                       P1 -85
]              # scores -85, 30, 20
# P3 opens round 3 with [6|6] (12 alone) and P2 scores while it stays at an end, then while [5|5] does:
# 15, 20, 15, 15 (30 + 65 = 95), 15, 15, 10, 10 (95 + 50 = 145); P2 goes out with their eighth tile (the
# five dealt and three drawn); P3 holds 5 (loses 5), P1 2 (loses 0): scores -5, 145, 15
ROUND_3 = ["3",
           "12", "12 0", "12 3",            # P3 [6|6]; P1 [0|6]; P2 [0|3]: 15
           "12 6", "12 4", "12 8",          # P3 [3|3]; P1 [3|4]; P2 [4|4]: 20
           "12 6", "12 2", "12 3",          # P3 [4|6]; P1 [2|6]; P2 [2|3]: 15
           "12 6", "12 1", "12 3",          # P3 [3|6]; P1 [1|6]; P2 [1|3]: 15
           "5 3", "10 3", "10 5",           # P3 [5|6] on the [6|6]; P1 [5|5]; P2 [3|5]: 15
           "10 2", "10 4", "10 5",          # P3 [2|5]; P1 [2|4]; P2 [4|5]: 15
           "10 1", "10 4", "10 0",          # P3 [1|5]; P1 [1|4]; P2 [0|4]: 10
           "10 2", "10 1", "10 0",          # P3 [0|2]; P1 [1|2]; P2 [0|1]: 10
           "domino 2", "5", "2"]
# P2 dominoed and opens round 4 with [6|6]: 15, 20, 15 (145 + 50 = 195), then 15 would reach 210 ...
ROUND_4 = ["12", "12 2", "12 5", "12 3",    # P2 [6|6]; P3 [2|6]; P1 [2|5]; P2 [3|5]: 15
           "12 2", "12 4", "12 8",          # P3 [2|3]; P1 [2|4]; P2 [4|4]: 20
           "12 5", "12 1", "12 3",          # P3 [4|5]; P1 [1|5]; P2 [1|3]: 15
           "12 0", "12 4",                  # P3 [0|3]; P1 [0|4]
           "12 3",     # P2 [3|4]: 15, 210 >= 200 ...
           "undo",     # ... but P2 placed [1|6] on the [6|6]: undo
           "1 4",      # P2: 5: 200 >= 200, P2 wins at once     P2 200
           ]

# P1 opens with [1|4] (5) and places the last of thirteen tiles, on which nothing else scores a multiple
# of five: with two players P1's seventh tile, with three their fifth, the hands dealt
P1_GOES_OUT = ["4 1",
               "1 2", "1 6", "3 6",         # [2|4] on the 4; [2|6]; [1|3] on the 1
               "5 6", "6 6", "1 6",         # [3|5]; [5|6]; [1|6]
               "0 6", "0 6", "3 6",         # [0|1]; [0|0] (a double of blanks counts 0); [0|3]
               "3 4", "3 0", "3 6",         # [4|6] on the 6; [0|4]; [0|6]
               "domino"]


def test_leftover_pips_add_up_to_no_more_than_the_tiles_off_the_line_hold(tmp_path):
    """P1_GOES_OUT's thirteen tiles hold 5+6+8+4+8+11+7+1+0+3+10+4+6 = 73 of the double-six set's 168
    pips: the others' hands hold at most the other 95 between them, in both languages."""
    keeper, out, code = keep("domino-muggins", 3, ["1", *P1_GOES_OUT, "96", "60", "36", "35"], folder=tmp_path)
    assert ("Not entered: the tiles not on the line hold 95 pips in all, and 0 are entered already: P2 holds at "
            "most 95.") in out
    assert ("Not entered: the tiles not on the line hold 95 pips in all, and 60 are entered already: P3 holds at "
            "most 35.") in out
    assert keeper.entries[-2:] == ["60", "35"] and keeper.tracker.table.round == 2
    keeper, out, code = keep("domino-muggins", 3, ["1", *P1_GOES_OUT, "96"], lang="es", folder=tmp_path)
    assert ("las fichas que no están en la línea suman 95 puntos, y ya se han anotado 0: J2 tiene como mucho 95"
            in out)


def test_a_scripted_domino_game_with_undo_across_a_round_end(tmp_path):
    keeper, out, code = keep("domino-muggins", 3, ROUND_1, folder=tmp_path)
    assert scores(keeper) == [0, 20, 25]
    assert "P3: 12 + 3 = 15." in out and "P3 scores 15 (multiple of five): 30 [||||||]." in out
    assert "P1 loses 5 (leftover pips): 0 [0]." in out and "Round 2: P2 opens." in out

    keeper, out, code = keep("domino-muggins", 3, ROUND_1 + ROUND_2, folder=tmp_path)
    assert scores(keeper) == [-80, 30, 15]
    assert keeper.question_text() == "Who opens round 3? (1-3)"

    lines = ROUND_1 + ROUND_2 + UNDO_ACROSS_THE_ROUND_END
    keeper, out, code = keep("domino-muggins", 3, lines, folder=tmp_path)
    assert "Undone: 8, 92." in out and "Scores: P1 10 [||], P2 30 [||||||], P3 25 [|||||]." in out
    assert scores(keeper) == [-85, 30, 20]

    folder = tmp_path / "last"
    folder.mkdir()
    keeper, out, code = keep("domino-muggins", 3, lines + ROUND_3 + ROUND_4 + ["1 2", "sheet"], folder=folder)
    assert code == 0
    assert scores(keeper) == [-85, 200, 15]
    assert "P2 scores 20 (multiple of five): 180 [⊠⊠⊠ ||||||]." in out
    assert "Undone: 12 3." in out
    assert "P2 wins with 200 (target 200) in round 4." in out
    assert "Scores: P1 -85 [-⊠ |||||||], P2 200 [⊠⊠⊠⊠], P3 15 [|||]." in out
    assert "Not entered: the game is over" in out            # "1 2" after the win
    sheet = out[out.index("Score sheet:"):]
    # round 3: P2 +115, P3 -5; round 4: P2 scored 15 + 20 + 15 + 5 = 55 and won mid-round (no settlement)
    rows = [[cell.strip() for cell in row.split(" | ")] for row in sheet.splitlines()[4:6]]
    assert rows == [["3", "+0 = -85 [-⊠ |||||||]", "+115 = 145 [⊠⊠ |||||||||]", "-5 = 15 [|||]"],
                    ["4", "+0 = -85 [-⊠ |||||||]", "+55 = 200 [⊠⊠⊠⊠]", "+0 = 15 [|||]"]]
    assert "Winner: P2" in sheet
    saved = json.loads(next(folder.glob("muggins-keep-domino-muggins.json")).read_text(encoding="utf-8"))
    assert saved["format"] == "muggins-keep" and saved["entries"][-1] == "1 4"


class EchoedInput(io.StringIO):
    """What a person types, shown after the prompt as a terminal shows it (the end of input as ^D)."""

    def __init__(self, text, out):
        super().__init__(text)
        self.out = out

    def readline(self, *args):
        line = super().readline(*args)
        self.out.write(line or "^D")
        return line


def test_the_readmes_keeper_transcript_is_what_the_keeper_prints(tmp_path, monkeypatch):
    """README's worked transcript, typed into the keeper: every line it prints, the scores after each
    entry too, is the transcript's."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = "$ muggins keep domino-muggins --players 3\n"
    start = readme.index("```text\n" + command) + len("```text\n" + command)
    transcript = readme[start:readme.index("```", start)]
    typed = [line.split("> ", 1)[1] for line in transcript.splitlines() if "> " in line]
    assert typed[-1] == "^D"
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 3,
                    stdin=EchoedInput("".join(f"{line}\n" for line in typed[:-1]), out), stdout=out)
    keeper.run()
    assert out.getvalue() == transcript


def test_the_score_sheet_rows_are_the_rounds(tmp_path):
    lines = ROUND_1 + ROUND_2 + UNDO_ACROSS_THE_ROUND_END + ["3", "4 1", "sheet"]
    keeper, out, code = keep("domino-muggins", 3, lines, folder=tmp_path)
    sheet = out[out.index("Score sheet:"):].splitlines()
    sheet = sheet[:sheet.index("No winner yet.") + 1]
    assert sheet[1].split("|")[0].strip() == "Round"
    # round 1: P1 +5 -5 = 0, P2 +20, P3 +30 -5; round 2: P1 +10 -95, P2 +10, P3 -5; round 3 in play: P3 +5
    assert [cell.strip() for cell in sheet[2].split(" | ")] == ["1", "+0 = 0 [0]", "+20 = 20 [||||]", "+25 = 25 [|||||]"]
    assert [cell.strip() for cell in sheet[3].split(" | ")] == ["2", "-85 = -85 [-⊠ |||||||]", "+10 = 30 [||||||]", "-5 = 20 [||||]"]
    assert [cell.strip() for cell in sheet[4].split(" | ")][:1] == ["3 (in play)"]
    assert sheet[-1] == "No winner yet."


def test_printable_score_sheets(tmp_path):
    lines = ROUND_1 + ROUND_2 + ["1", "4 1", f"sheet {tmp_path / 'sheet.svg'}", f"sheet {tmp_path / 'sheet.svg'}"]
    keeper, out, code = keep("domino-muggins", 3, lines, folder=tmp_path, sheet=str(tmp_path / "end.html"))
    root = ET.fromstring((tmp_path / "sheet.svg").read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    texts = "".join(root.itertext())
    assert "Score sheet: Domino Muggins" in texts and "-⊠ ||||||" in texts and "||||||" in texts
    assert "exists: choose another name" in out               # a sheet is never written over a file
    page = (tmp_path / "end.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<table>" in page and "||||||" in page
    assert "Score sheet written to" in out
    with pytest.raises(MugginsError, match="as .html or .svg"):
        Keeper(load_rules("domino-muggins"), "domino-muggins", 3, sheet="sheet.pdf")


HOSTILE = ["", "   ", "²", "①", "٣", "-5", "5 x", "99999999999999999999999999", "9" * 5000, "13", "5 5 5",
           "🀱", "\x00", "\u202e5", "1e3", "0x10", "five", "domino 9", "turn 0", "undo 99", "undo -1",
           "save", "sheet notes.txt", "P7"]


def test_every_prompt_answers_hostile_input_with_the_reason(tmp_path):
    not_pips = [text for text in HOSTILE if text != "13"]
    keeper, out, code = keep("domino-muggins", 3, ["0", "P9", "²", "", "1", *HOSTILE, *P1_GOES_OUT, *not_pips,
                                                   "13", *not_pips, "7"], folder=tmp_path)
    assert "Traceback" not in out
    commands = 4   # undo 99, undo -1, save, sheet notes.txt: commands, not entries, so "not done"
    assert out.count("Not entered:") == 4 + len(HOSTILE) + 2 * len(not_pips) - 3 * commands
    assert out.count("Not done:") == 3 * commands
    assert "'²' is not a player" in out and "'²' is not a turn" in out and "'²' is not a number" in out
    assert "is too large: at most 12." in out and "is too large: at most 168." in out
    assert "5000 characters long: at most 200" in out
    assert "an open end counts from 0 to 12" in out and "3 open ends: a line of these rules has at most 2" in out
    assert "nothing entered: the open ends' contributions" in out
    assert "nothing entered: the pips left in that player's hand" in out
    # the hostile lines changed nothing: P1 scored 5 and went out; P2 holds 13 (loses 15), P3 7 (loses 5)
    assert scores(keeper) == [5, -15, -5] and keeper.question_text() == "Round 2 · P1 · open ends"
    assert code == 130 and "Saved to" in out


# -- Card Muggins ---------------------------------------------------------------------------------
# card-muggins.es.txt: a running total that is a multiple of five scores the total; exactly 31
# scores 2 and closes the pile; the last card of a pile closed below 31 scores 1 ("last"), also
# when the round ends; 61 wins at once. Two players: P1 deals, P2 leads.

CARDS = [
    "1",        # P1 deals; P2 leads
    "10",       # P2: 10                                    P2 10
    "15",       # P1: a 5 makes 15                          P1 15
    "25",       # P2: 25                                    P2 35
    "31",       # P1: a 6 makes exactly 31: 2, pile closes  P1 17
    "9",        # P2 starts the next pile (after P1): 9, nothing
    "19",       # P1: 19, nothing
    "go", "go",
    "last",     # the pile closes at 19: P1 played last     P1 18
    "5",        # P2 (after P1) starts: 5                   P2 40
    "end",      # the round ends: its open pile's last card  P2 41
    "20",       # refused: a card adds at most 10
    "10",       # round 2, P2 deals and P1 leads: 10        P1 28
    "20",       # P2: 20                                    P2 61, wins
]


# CARDS's first round plays 7 cards: card-muggins's rounds play the whole deck (a play refills the
# hand while the stock lasts), so the script is kept under a house rule of three cards each with no
# refill, where a go still draws (a round of 6 cards at least); its scoring is card-muggins's own
SHORT_ROUNDS = "extends: card-muggins\nname: short-rounds\ndeal: {hand: 3}\nrefill: {enabled: false}\n"


def short_rounds(folder) -> str:
    path = folder / "short-rounds.yaml"
    path.write_text(SHORT_ROUNDS, encoding="utf-8")
    return str(path)


def test_a_scripted_card_muggins_game(tmp_path):
    keeper, out, code = keep(short_rounds(tmp_path), 2, CARDS, folder=tmp_path)
    assert scores(keeper) == [28, 61] and code == 0
    assert "P1 scores 2 (exactly the limit): 17." in out
    assert "P1 scores 1 (last): 18." in out and "P2 scores 1 (last): 41." in out
    assert "Round 2: P2 deals, P1 leads." in out
    assert "from 0 to 20 a card would add 20; a card adds 1, 2, 3, 4, 5, 6, 7, 8, 9, 10" in out
    assert "P2 wins with 61 (target 61) in round 2." in out


@pytest.mark.parametrize("rules, cards", [("card-muggins", 52), ("card-muggins-deal-of-seven", 14)])
def test_a_round_ends_only_once_its_cards_are_played(rules, cards, tmp_path):
    """card-muggins.es.txt: the round goes on «hasta que la mano de todos los jugadores esté vacía y
    el mazo de reserva se agote»: with two players, the whole deck of 52 where a play refills the
    hand, the deal of 7 each without refill. An early end (a domino keeper's `fin J` habit) is
    refused, in the keeper's language, and the round goes on."""
    keeper, out, code = keep(rules, 2, ["1", "10", "end"], folder=tmp_path)
    assert (f"Not entered: a round of these rules plays {cards} cards, and 1 so far: type the running total "
            "after each card still to come, and end once they are all played") in out
    assert keeper.entries == ["1", "10"] and keeper.tracker.table.round == 1
    keeper, out, code = keep(rules, 2, ["1", "fin"], lang="es", folder=tmp_path)
    assert f"No se anota: una ronda de estas reglas juega {cards} cartas, y van 0: " in out


def test_a_save_ending_in_force_is_refused_since_the_keeper_never_replaces_a_file(tmp_path, monkeypatch):
    """play's `guardar FICHERO forzar` replaces the file; the keeper never does (README), and took the
    word for part of the name ("k1.json forzar"); a quoted name may still end in the word."""
    monkeypatch.chdir(tmp_path)
    keeper, out, code = keep("card-muggins", 2, ["1", "10", "guardar k1.json", "guardar k1.json forzar",
                                                 'guardar "k2 forzar"'], lang="es", folder=tmp_path)
    assert ("No se ha hecho: el anotador nunca sustituye un fichero, ni con forzar: guarda con un nombre que aún no "
            "exista.") in out
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("muggins-keep")) == [
        "k1.json", "k2 forzar"]


def test_leftovers_are_said_in_the_singular_for_one_and_the_plural_for_more(tmp_path):
    """One pip is "1 pip" (un punto), as the play log says it; more are "pips". A settlement that
    counts the tiles left (`hand_size`) asks for them, and says "1 tile" alike."""
    keeper, out, code = keep("domino-muggins", 3, ["1", *P1_GOES_OUT, "1", "7"], folder=tmp_path)
    assert "P2 holds 1 pip." in out and "P3 holds 7 pips." in out and " 1 pips" not in out
    keeper, out, code = keep("domino-muggins", 3, ["1", *P1_GOES_OUT, "1", "7"], lang="es", folder=tmp_path)
    assert "J2 tiene 1 punto en mano." in out and "J3 tiene 7 puntos en mano." in out and " 1 puntos" not in out
    house = tmp_path / "by-tiles.yaml"
    house.write_text("extends: domino-muggins\nname: by-tiles\nsettlement: {penalty: \"hand_size * 5\"}\n",
                     encoding="utf-8")
    for lang, lines in (("en", ["P2 holds 1 tile.", "P3 holds 2 tiles."]),
                        ("es", ["J2 tiene 1 ficha en mano.", "J3 tiene 2 fichas en mano."])):
        out = io.StringIO()
        Keeper(load_rules(str(house)), str(house), 3, lang, stdin=io.StringIO(lines_of("1", *P1_GOES_OUT, "1", "2")),
               stdout=out, folder=tmp_path).run()
        for line in lines:
            assert line in out.getvalue(), line


def test_a_pile_closes_when_the_go_comes_round_to_its_last_player(tmp_path):
    """card-muggins.es.txt: "cuando todos los jugadores activos hayan pasado en secuencia, la pila
    actual queda cerrada, el último jugador que haya jugado anota 1 punto por «último», y una nueva
    pila comienza desde 0 con el siguiente jugador". P1 deals, P2 leads: P2 10, P3 20, P1 25 score
    10, 20 and 25; P2, P3 and P1 say go: the pile closes, P1 scores 1 (26), P2 starts the next pile."""
    lines = ["1", "10", "20", "25", "go", "go", "go"]
    keeper, out, code = keep("card-muggins", 3, lines, folder=tmp_path)
    assert out.index("P1 says go.") < out.index("The pile closes at 25.") < out.index("P1 scores 1 (last): 26.")
    assert scores(keeper) == [26, 10, 20] and keeper.question_text() == "Round 1 · P2 · total"
    assert keeper.tracker.total == 0 and keeper.entries == lines    # the pile closed: a new one is empty
    keeper, out, code = keep("card-muggins", 3, lines[:-1], folder=tmp_path)     # P1 has not said go yet
    assert "The pile closes" not in out and scores(keeper) == [25, 10, 20]
    keeper, out, code = keep("card-muggins", 3, lines, lang="es", folder=tmp_path)
    assert "La pila se cierra en 25." in out and "J1 anota 1 (último): 26." in out
    # a new pile on which every player says go: nobody holds a card, and a fourth go cannot happen
    keeper, out, code = keep("card-muggins", 3, lines + ["go"] * 4, folder=tmp_path)
    assert out.count("Not entered: every player has said go on an empty pile, so nobody holds a card: type end") == 1
    assert scores(keeper) == [26, 10, 20]
    keeper, out, code = keep("card-muggins", 3, lines + ["go"] * 4, lang="es", folder=tmp_path)
    assert "No se anota: todos los jugadores han pasado con la pila vacía" in out


def test_a_save_of_version_1_is_read_and_kept_as_it_was_written(tmp_path):
    """Before version 2 a go never closed a pile: a table typed a go for every player, the last
    card's too, then `last`. Such a save resumes (a game in progress is never lost), scoring as it
    did: P2 10, then three go's and `last` give P2 the 1 for "last"; entries typed after it are
    read the same way, and it is saved again as version 1."""
    rules = load_rules("card-muggins")
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "muggins-keep", "version": 1, "rules": "card-muggins",
                                "name": "card-muggins", "digest": rules.digest, "players": 3, "lang": "en",
                                "entries": ["1", "10", "go", "go", "go", "last"]}))
    out = io.StringIO()
    keeper = Keeper(rules, "card-muggins", 3, stdin=io.StringIO("5\ngo\ngo\ngo\nlast\n"), stdout=out,
                    folder=tmp_path)
    keeper.resume(path)
    assert scores(keeper) == [0, 11, 0]
    keeper.run(header=False)
    assert scores(keeper) == [0, 11, 6] and "Not entered" not in out.getvalue()    # P3 5, then P3's "last"
    keeper.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["version"] == 1


# A save of version 2, as the keeper of that version wrote it (`muggins keep domino-muggins --players 3`
# at commit 4c8f124, the entries typed as they are here, then `save`): slips a table makes, which that
# keeper took and version 3 refuses.
V2_ENTRIES = [
    "1",            # P1 opens round 1 ...
    "pass",         # ... and passes before placing a tile
    "4 1",          # P2: 5                                              P2 5
    "2 4",          # P3: 6, nothing
    "5 10",         # P1: 15 (no tile turns 2 4 into 5 10)               P1 15
    "pass",         # P2 passes
    "domino 1",     # P1 goes out after a pass, with 1 of the 5 tiles dealt
    "7", "3",       # leftovers, rounded to the nearest 5: P2 loses 5 (0), P3 loses 5 (-5)
    "4 1",          # round 2, opened by the dominoer P1: 5               P1 20
]


def v2_save(tmp_path, name, entries, players, version=2):
    path = tmp_path / f"v{version}.json"
    path.write_text(json.dumps({"format": "muggins-keep", "version": version, "rules": name, "name": load_rules(name).name,
                                "digest": load_rules(name).digest, "players": players, "lang": "en",
                                "entries": entries}, indent=1), encoding="utf-8")
    return path


def test_a_save_of_version_2_is_read_and_kept_as_it_was_written(tmp_path):
    """A game in progress is never lost: a version-2 save holding entries version 3 refuses resumes
    with the scores it had (domino-muggins.es.txt: multiples of five score; leftover pips lost,
    rounded to the nearest 5), entries typed after it are read the same way (P2's 5 10 after 4 1,
    no tile can leave it: 15), and it is saved again as version 2. A new game refuses them."""
    path = v2_save(tmp_path, "domino-muggins", V2_ENTRIES, 3)
    out = io.StringIO()
    keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO("5 10\n"), stdout=out,
                    folder=tmp_path)
    keeper.resume(path)
    assert scores(keeper) == [20, 0, -5]
    keeper.run(header=False)
    assert scores(keeper) == [20, 15, -5] and "Not entered" not in out.getvalue()
    keeper.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["version"] == 2
    keeper, out, code = keep("domino-muggins", 3, V2_ENTRIES, folder=tmp_path)
    assert keeper.entries == ["1", "4 1", "2 4", "pass"]
    assert "Not entered: the opener places the round's first tile" in out
    assert "Not entered: no tile turns the ends 2 4 into 5 10" in out


def test_a_save_of_version_3_is_read_without_the_checks_of_round_ends_and_leftovers(tmp_path):
    """Version 3 took a card round's end after one card and leftover pips past what the tiles off
    the line hold (round_nearest(96, 5) = 95 lost by P2, 60 by P3): such a save resumes as it was
    written, and is saved again as version 3; a new game refuses both."""
    cards = v2_save(tmp_path, "card-muggins", ["1", "10", "end"], 2, version=3)
    keeper = Keeper(load_rules("card-muggins"), "card-muggins", 2, stdin=io.StringIO(""), stdout=io.StringIO(),
                    folder=tmp_path)
    keeper.resume(cards)
    assert keeper.entries == ["1", "10", "end"] and keeper.tracker.table.round == 2
    keeper.save(tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["version"] == 3
    assert keep("card-muggins", 2, ["1", "10", "end"], folder=tmp_path)[0].entries == ["1", "10"]
    entries = ["1", *P1_GOES_OUT, "96", "60"]
    keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO(""), stdout=io.StringIO(),
                    folder=tmp_path)
    keeper.resume(v2_save(tmp_path, "domino-muggins", entries, 3, version=3))
    assert keeper.entries[-2:] == ["96", "60"] and scores(keeper)[1:] == [-95, -60]
    kept = keep("domino-muggins", 3, entries, folder=tmp_path)[0].entries  # 96 refused: 60 is P2's
    assert kept[-1] == "60" and len(kept) == len(entries) - 1


def test_a_save_of_version_4_is_read_without_the_checks_of_passes_and_blocks(tmp_path):
    """Version 4 took a block right after the opening and a pass no hand could make (P2 holding the
    five dealt and the thirteen undealt with none of the fifteen tiles that fit neither 1 nor 4): such
    a save resumes as it was written, scored (P1 5; blocked: P1 7 pips loses 5, P2 3 loses 5, P3 8
    loses 10), and is saved again as version 4; a new game refuses both."""
    for entries, after in ((["1", "4 1", "blocked", "7", "3", "8"], [0, -5, -10]), (["1", "4 1", "pass"], [5, 0, 0])):
        keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO(""),
                        stdout=io.StringIO(), folder=tmp_path)
        keeper.resume(v2_save(tmp_path, "domino-muggins", entries, 3, version=4))
        assert keeper.entries == entries and scores(keeper) == after
        keeper.save(tmp_path / "again.json")
        assert json.loads((tmp_path / "again.json").read_text())["version"] == 4
        (tmp_path / "again.json").unlink()
        assert keep("domino-muggins", 3, entries, folder=tmp_path)[0].entries == ["1", "4 1"]


def test_a_save_of_version_2_keeps_its_calls_as_they_were_written(tmp_path):
    """Version 2 took `muggins 1` on P1's own play that scored nothing, and a call after `turn 1`, each
    as a false call (5 under the house rule): resumed, each still costs its caller 5."""
    house = tmp_path / "house.yaml"
    house.write_text(CLAIMS_FALSE, encoding="utf-8")
    path = v2_save(tmp_path, str(house), ["1", "2 4", "muggins 1", "2 6", "turn 1", "muggins 3", "5 6"], 3)
    keeper = Keeper(load_rules(str(house)), str(house), 3, stdout=io.StringIO(), folder=tmp_path)
    keeper.resume(path)
    assert scores(keeper) == [-5, 0, -5]


def test_card_entries_answer_hostile_input(tmp_path):
    keeper, out, code = keep("card-muggins", 2, ["1", "last", "35", "-5", "5♥", "²", "8", "4", *HOSTILE[:6]],
                             folder=tmp_path)
    assert "no card is on the pile" in out and "cannot pass 31, not 35" in out
    assert "'5♥' is not a turn" in out and "the total is 8: after a card it is more, not 4" in out
    assert scores(keeper) == [0, 0] and "Traceback" not in out


def test_an_open_end_count_the_set_cannot_make_is_refused(tmp_path, monkeypatch):
    """Double-six: an end counts a half (0 to 6) or, with `double_at_end: both_halves`, a double's
    two halves (0, 2, .., 12); 7, 9 and 11 cannot occur. With `one_half` a double counts a half."""
    keeper, out, code = keep("domino-muggins", 3, ["1", "9", "7", "6 9", "11 4", "6 4"], folder=tmp_path)
    assert out.count("Not entered: an open end counts a half, 0 to 6, or a double at the end its two halves "
                     "(0, 2, 4, 6, 8, 10, 12); not ") == 4, out
    assert scores(keeper) == [10, 0, 0] and "P3 scores 15" not in out
    # J1 opens with [6|6] (12 alone), J2 places [3|6] on it: 12 + 3
    keeper, out, code = keep("domino-muggins", 2, ["1", "12", "12 3", "9"], lang="es", folder=tmp_path)
    assert "un extremo abierto cuenta una mitad, de 0 a 6, o un doble en el extremo sus dos mitades" in out
    assert scores(keeper) == [0, 15]
    house = tmp_path / "one-half.yaml"
    house.write_text("extends: domino-muggins\nname: one-half\ntitle: One half\nline:\n  double_at_end: one_half\n")
    monkeypatch.chdir(tmp_path)
    keeper = Keeper(load_rules(str(house)), str(house), 2, "en", stdin=io.StringIO("1\n8\n12\n6 4\n"),
                    stdout=(out := io.StringIO()), folder=str(tmp_path))
    keeper.run()
    text = out.getvalue()
    assert "an open end counts a half, 0 to 6 (a double at the end counts one half); not 8" in text
    assert "not 12" in text and scores(keeper) == [10, 0]


# -- Spanish --------------------------------------------------------------------------------------

def test_keeping_score_in_spanish(tmp_path):
    # J2 passes after the fourth tile, so J3 places the fourteenth tile, their fifth, [6|6] on the 6: 3 + 12
    lines = ["1", "4 1", *P1_GOES_OUT[1:4], "paso", *P1_GOES_OUT[4:-1], "3 12", "fin 3", "7", "3", *ROUND_2[:10],
             "bloqueo", "2", "8", "deshacer", "9", "91", "hoja", "ayuda", "xyz", "²", ""]
    keeper, out, code = keep("domino-muggins", 3, lines, lang="es", folder=tmp_path)
    # J1 5, J3 15; J3 goes out: J1 holds 7 (-5), J2 3 (-5); J3 opens round 2 with ROUND_2's tiles, so J3 scores the
    # opening 10 and J2 the [4|4]'s; blocked with nothing to draw, the hands hold the 102 pips off the line:
    # J3 2 (0), J1 9 (-10), J2 the other 91 (-90)
    assert scores(keeper) == [-10, -85, 25]
    for text in ("Ronda 1: abre J1.", "J2 pasa.", "J3 anota 15 (múltiplo de cinco)", "J1 descuenta 5 (fichas restantes)",
                 "Deshecho: 8.", "Hoja de puntuación", "Todavía no hay ganador.", "No se anota:", "Guardado en",
                 "¿Quién abre la ronda 3? (1-3)", "Puntuaciones:"):
        assert text in out, text
    shown = out.replace("--players", "")                     # the command line's option stays as it is
    for english in ("Scores", "Round", "pass", "Not entered", "Undone", "Saved", "leftover", "player", "help"):
        assert english not in shown, english


def test_the_spanish_keeper_uses_the_rule_files_spanish_title_and_echoes_undone_entries_in_spanish(tmp_path):
    keeper, out, code = keep("domino-muggins", 2, ["1", *P1_GOES_OUT[:-1], "fin 1", "deshacer", "paso", "deshacer",
                                                   "turno 2", "deshacer", "hoja", f"hoja {tmp_path / 's.html'}"],
                             lang="es", folder=tmp_path)
    title = keeper.rules.title_in("es")
    assert title != keeper.rules.title
    assert f"Anotador: {title} (domino-muggins)" in out and f"Hoja de puntuación: {title}" in out
    assert keeper.rules.title not in out and keeper.rules.title not in (tmp_path / "s.html").read_text()
    for echo in ("Deshecho: fin 1.", "Deshecho: paso.", "Deshecho: turno 2."):
        assert echo in out, echo
    keeper, out, code = keep("domino-muggins", 3, ["1", *ROUND_2[:10], "bloqueo", "deshacer"], lang="es",
                             folder=tmp_path)
    assert "Deshecho: bloqueo." in out and "No se anota" not in out
    keeper, out, code = keep("card-muggins", 2, ["1", "10", "paso", "último", "deshacer", "deshacer", "deshacer 1",
                                                 "fin", "deshacer"], lang="es", folder=tmp_path)
    assert f"Anotador: {keeper.rules.title_in('es')} (card-muggins)" in out
    assert "Deshecho: último." in out and "Deshecho: paso." in out, out



def test_the_spanish_words_of_play_are_read_by_the_keeper_too(tmp_path):
    """What the terminal takes as a pass in Spanish (`pasar`, as the domino keeper does) is a go in
    the card keeper, and a blocked round is said of the round or of the game (`bloqueada`,
    `bloqueado`): card-muggins.es.txt "diga «paso»"; domino-muggins.es.txt "la ronda ... bloqueada"."""
    keeper, out, code = keep("card-muggins", 3, ["1", "10", "pasar", "pasar", "pasar"], lang="es", folder=tmp_path)
    assert out.count(" dice «paso».") == 3 and "No se anota" not in out
    assert "La pila se cierra en 10." in out and "J2 anota 1 (último): 11." in out
    for said in ("bloqueada", "bloqueado"):
        keeper, out, code = keep("domino-muggins", 2, ["1", *ROUND_2[:10], said], lang="es", folder=tmp_path)
        assert "La ronda 1 está bloqueada" in out and "No se anota" not in out, said

# -- save and resume ------------------------------------------------------------------------------

def test_save_and_resume(tmp_path):
    path = tmp_path / "game.json"
    keeper, out, code = keep("domino-muggins", 3, ROUND_1 + [f"save {path}", f"save {path}"], folder=tmp_path)
    assert "Saved to" in out and "exists: choose another name" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "muggins-keep" and data["version"] == 5 and data["players"] == 3
    assert data["digest"] == load_rules("domino-muggins").digest and data["entries"][15] == "domino 2"
    assert not list(tmp_path.glob(".*.part"))                  # the temporary file was renamed into place

    out = io.StringIO()
    resumed = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO("".join(
        f"{line}\n" for line in ROUND_2 + UNDO_ACROSS_THE_ROUND_END)), stdout=out, folder=tmp_path)
    resumed.resume(path)
    resumed.run(header=False)
    assert "Resumed from" in out.getvalue() and scores(resumed) == [-85, 30, 20]


def test_a_save_is_checked_on_resume(tmp_path):
    path = tmp_path / "game.json"
    keep("domino-muggins", 3, ROUND_1 + [f"save {path}"], folder=tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = load_rules("domino-muggins")

    def resume(text, players=3, name="domino-muggins"):
        bad = tmp_path / "bad.json"
        bad.write_text(text, encoding="utf-8")
        Keeper(load_rules(name), name, players, stdout=io.StringIO()).resume(bad)

    with pytest.raises(MugginsError, match="other rules"):
        resume(json.dumps({**data, "digest": "0" * 64}))
    with pytest.raises(MugginsError, match="other rules"):
        resume(path.read_text(encoding="utf-8"), name="domino-muggins-short")
    with pytest.raises(MugginsError, match="saved with 3 players, not 4"):
        resume(path.read_text(encoding="utf-8"), players=4)
    cut = path.read_text(encoding="utf-8")[:-30]  # where the file breaks off, as the save's lines count it
    with pytest.raises(MugginsError, match=rf"bad.json:{cut.count(chr(10)) + 1}:\d+: not a muggins keep save: "
                                           r".*\(cut short\?\)"):
        resume(cut)
    with pytest.raises(MugginsError, match="not a muggins keep save"):
        resume(json.dumps({**data, "version": 99}))
    with pytest.raises(MugginsError, match="not a muggins keep save: a number with 5000 digits"):
        resume(json.dumps({**data, "players": 0}).replace('"players": 0', '"players": ' + "7" * 5000))
    with pytest.raises(MugginsError, match=r"entry 3 \('²'\) is refused: '²' is not a turn"):
        resume(json.dumps({**data, "entries": ["1", "4 1", "²"]}))
    assert rules.digest == data["digest"]


def test_end_of_input_saves_and_the_command_line_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in ROUND_1)))
    assert main(["keep", "domino-muggins", "--players", "3"]) == 130
    text = capsys.readouterr().out
    assert "Saved to muggins-keep-domino-muggins.json. Continue with: muggins keep domino-muggins --players 3 " \
           "--resume muggins-keep-domino-muggins.json" in text
    rest = ROUND_2 + UNDO_ACROSS_THE_ROUND_END + ROUND_3 + ROUND_4
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in rest)))
    assert main(["keep", "domino-muggins", "--players", "3", "--resume", "muggins-keep-domino-muggins.json",
                 "--sheet", "final.svg"]) == 0
    text = capsys.readouterr().out
    assert "P2 wins with 200 (target 200) in round 4." in text
    assert (tmp_path / "muggins-keep-domino-muggins-2.json").exists()   # never over the first save
    ET.fromstring((tmp_path / "final.svg").read_text(encoding="utf-8"))
    assert main(["keep", "domino-muggins", "--players", "5"]) == 1
    assert "played by 2, 3, 4 players, not 5" in capsys.readouterr().err


def test_a_resumed_session_goes_on_in_the_saves_language_unless_lang_is_given(tmp_path, monkeypatch, capsys):
    """A save holds its "lang": `keep --resume FILE` without --lang goes on in it, as `muggins
    resume` does with a game's (the locale here is English); an explicit --lang still wins."""
    monkeypatch.chdir(tmp_path)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in ROUND_1[:2])))
    assert main(["keep", "domino-muggins", "--players", "3", "--lang", "es"]) == 130
    assert "Guardado en muggins-keep-domino-muggins.json." in capsys.readouterr().out
    resume = ["keep", "domino-muggins", "--players", "3", "--resume", "muggins-keep-domino-muggins.json"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("puntos\n"))
    assert main(resume) == 130
    out = capsys.readouterr().out
    assert "Reanudado desde muggins-keep-domino-muggins.json: 2 anotaciones." in out and "Puntuaciones: " in out
    assert "Resumed" not in out and "Scores:" not in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("scores\n"))
    assert main([*resume, "--lang", "en"]) == 130
    out = capsys.readouterr().out
    assert "Resumed from muggins-keep-domino-muggins.json: 2 entries." in out and "Scores: " in out


def test_a_sheet_resumed_without_players_goes_on_with_its_own(tmp_path, monkeypatch, capsys):
    """`keep --resume` without --players takes the save's (3 here, where the fewest allowed is 2)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{ROUND_1[0]}\n"))
    assert main(["keep", "domino-muggins", "--players", "3", "--lang", "en"]) == 130
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["keep", "domino-muggins", "--resume", "muggins-keep-domino-muggins.json", "--lang", "en"]) == 130
    assert "Resumed from muggins-keep-domino-muggins.json: 1 entry.\nScores: P1 0 [0], P2 0 [0], P3 0 [0]." in capsys.readouterr().out


@pytest.mark.parametrize("lang, said", [("en", "Resumed from muggins-keep-domino-muggins.json: 1 entry."),
                                        ("es", "Reanudado desde muggins-keep-domino-muggins.json: 1 anotación.")])
def test_a_sheet_of_one_entry_resumes_saying_one_entry(lang, said, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{ROUND_1[0]}\n"))
    assert main(["keep", "domino-muggins", "--players", "3", "--lang", lang]) == 130
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["keep", "domino-muggins", "--players", "3", "--resume", "muggins-keep-domino-muggins.json"]) == 130
    assert said in capsys.readouterr().out


_LAUNCH = [sys.executable, "-c", "import sys; from muggins.launch import main; sys.exit(main())"]


@pytest.mark.parametrize("sent, status, lang, line", [
    (signal.SIGTERM, 143, "en", "muggins: stopped (SIGTERM)"),
    (signal.SIGHUP, 129, "es", "muggins: detenido (SIGHUP)"),
    (signal.SIGINT, 130, "en", "muggins: interrupted"),
], ids=["SIGTERM", "SIGHUP", "Ctrl-C"])
def test_a_keeper_stopped_by_a_signal_saves_then_ends_as_any_command_does(tmp_path, sent, status, lang, line):
    """README, Stopping the program: SIGTERM ends with `muggins: stopped (SIGTERM)` and 143, a
    closed terminal (SIGHUP) with 129, Ctrl-C with `muggins: interrupted` and 130, after the game
    is saved as on quit; the stopped line in the keeper's language. (The keeper took SIGTERM and SIGHUP for Ctrl-C: 130.)"""
    process = subprocess.Popen(_LAUNCH + ["keep", "domino-muggins", "--players", "3", "--lang", lang], cwd=tmp_path,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n4 1\n")
    process.stdin.flush()
    scored = 0
    while scored < 2:               # each entry answers with the scores: both are in, the keeper waits
        text = process.stdout.readline()
        assert text, "the keeper ended before the signal"
        scored += ("Scores: " in text or "Puntuaciones: " in text)
    process.send_signal(sent)
    out, err = process.communicate(timeout=60)
    assert process.returncode == status
    save = tmp_path / "muggins-keep-domino-muggins.json"
    assert json.loads(save.read_text(encoding="utf-8"))["entries"] == ["1", "4 1"]
    assert f"{save.name}" in out.splitlines()[-1]   # said where it went, last
    assert err.strip().splitlines()[-1] == line


def test_a_sighup_while_the_keeper_saves_waits_for_the_save(tmp_path, monkeypatch, capsys):
    """A closing terminal fails its reads, then sends SIGHUP: as for a game at the terminal, the
    signal waits until the entries are saved, and its status (129) is the keeper's."""
    from muggins.errors import Terminated

    def closed(signum, frame):                        # as the console script handles SIGHUP
        raise Terminated(128 + signum)

    out = io.StringIO()
    keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO("1\n4 1\n"), stdout=out,
                    folder=tmp_path)
    save = keeper.autosave

    def hung_up_while_saving():
        os.kill(os.getpid(), signal.SIGHUP)           # the terminal closes in the middle of the save
        return save()

    monkeypatch.setattr(keeper, "autosave", hung_up_while_saving)
    previous = signal.signal(signal.SIGHUP, closed)
    try:
        assert keeper.run() == 129
    finally:
        signal.signal(signal.SIGHUP, previous)
    saved = tmp_path / "muggins-keep-domino-muggins.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["entries"] == ["1", "4 1"]
    assert f"Saved to {saved}." in out.getvalue()
    assert capsys.readouterr().err.strip() == "muggins: stopped (SIGHUP)"


def test_a_game_won_by_its_settlement_answers_an_empty_line_that_it_is_over(tmp_path):
    """The domino text's settlement: the one who goes out scores the others' pips (All Fives:
    rounded to 5). At target 10, P1 goes out with 5 and wins on P2's 10 pips; the keeper then asks
    nothing, so an empty line is told the game is over (it had crashed, losing the game)."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-all-fives-settlement\nname: house\nwin: {target: 10, immediate: true}\n",
                     encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, stdin=io.StringIO(lines_of("1", *P1_GOES_OUT, "10", "", "  ")),
                    stdout=out, folder=tmp_path)
    assert keeper.run() == 0
    assert scores(keeper) == [15, 0]
    assert out.getvalue().count("Not entered: the game is over (undo first to change it): undo, sheet, save FILE or "
                                "quit.") == 2


def test_an_entry_on_which_a_rule_fails_is_refused_in_the_keepers_language_and_the_game_goes_on(tmp_path):
    """A house formula dividing by zero at a total of 10: that entry is refused with the rule's
    own reason, in Spanish, and the score keeping goes on (undo, another count)."""
    house = tmp_path / "house.yaml"
    house.write_text('extends: card-muggins\nname: house\nscoring:\n'
                     '  - {name: odd, when: "total > 0", points: "60 // (total - 10)"}\n', encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, "es", stdin=io.StringIO("1\n5\n10\nundo\n7\n"),
                    stdout=out, folder=tmp_path)
    assert keeper.run() == 130
    text = out.getvalue()
    assert "No se anota: las reglas fallan con ella: " in text and "división o módulo entre cero" in text
    assert keeper.entries == ["1", "7"] and scores(keeper) == [0, 60 // (7 - 10)]  # P2 counted 7: 60 // -3


def test_a_settlement_that_fails_says_which_leftover_pips_broke_it(tmp_path):
    """The settlement is made once every player's pips are in, so a penalty failing on P1's 5 pips
    is refused at P2's entry: the refusal names the value it failed on, which is not the entry
    refused, so the keeper knows which count to undo. P2's 50 is a count the block allows: the 14
    undealt tiles are out of play, the 12 with a 3 or a 6 among them, so the hands hold the 15 tiles of
    0, 1, 2, 4 and 5 (72 pips) but two: 53 to 71 pips between them."""
    house = tmp_path / "house.yaml"
    house.write_text('extends: domino-muggins\nname: house\nsettlement:\n  penalty: "100 // (hand_pips - 5)"\n'
                     + NO_DRAWING, encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, "es", stdin=io.StringIO("1\n3 6\npass\nblocked\n5\n50\n"),
                    stdout=out, folder=tmp_path)
    keeper.run()
    assert (f"No se anota: las reglas fallan con ella: {house}:4: división o módulo entre cero en "
            "'100 // (hand_pips - 5)', con hand_pips = 5.") in out.getvalue()
    assert keeper.entries == ["1", "3 6", "pass", "blocked", "5"]


def test_a_fault_while_keeping_score_is_said_in_one_line_and_the_game_is_saved(tmp_path, monkeypatch):
    """A game in progress is never lost: whatever fails while an entry is scored, the entries
    made so far are saved and the session resumes from them."""
    import muggins.keep as keep_module

    real = keep_module.replay

    def failing(rules, players, entries, *version):
        if len(entries) == 3:
            raise RuntimeError("broken on purpose")
        return real(rules, players, entries, *version)
    monkeypatch.setattr(keep_module, "replay", failing)
    keeper, out, code = keep("domino-muggins", 3, ROUND_1[:3], "es", folder=tmp_path)
    assert code == 1
    assert "El anotador se detuvo por un error: RuntimeError: broken on purpose." in out
    saved = tmp_path / "muggins-keep-domino-muggins.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["entries"] == ROUND_1[:2]
    monkeypatch.setattr(keep_module, "replay", real)
    resumed = Keeper(load_rules("domino-muggins"), "domino-muggins", 3, stdin=io.StringIO(""), stdout=io.StringIO(),
                     folder=tmp_path)
    resumed.resume(saved)
    assert resumed.entries == ROUND_1[:2]


# -- rule files the table cannot score ------------------------------------------------------------

def test_rules_reading_what_nobody_enters_are_refused_naming_the_name(tmp_path):
    with pytest.raises(MugginsError, match=r"the scoring entry \"pair\" reads `pile.ranks`"):
        Keeper(load_rules("card-cribbage-pegging"), "card-cribbage-pegging", 2)
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins\nname: house\nscoring:\n"
                     "  - {name: multiple of five, when: \"ends_sum > 0 and ends_sum % 5 == 0\", points: ends_sum}\n"
                     "  - {name: heavy double, when: \"tile.is_double and tile.pips >= 10\", points: 5}\n",
                     encoding="utf-8")
    with pytest.raises(MugginsError, match=r"muggins keep no puede anotar house .*«heavy double» lee `tile.is_double`"):
        Keeper(load_rules(str(house)), str(house), 2, "es")


def test_a_refused_scoring_entry_is_named_as_the_rule_file_translates_it(capsys):
    """card-cribbage-pegging.yaml translates its entry `pair` as `pareja`: a Spanish keeper names that."""
    with pytest.raises(MugginsError, match=r"la puntuación «pareja» lee `pile.ranks`"):
        Keeper(load_rules("card-cribbage-pegging"), "card-cribbage-pegging", 3, "es")
    assert main(["keep", "card-cribbage-pegging", "--players", "3", "--lang", "es"]) == 1
    err = capsys.readouterr().err
    assert "«pareja» lee `pile.ranks`" in err and "pair»" not in err


def test_house_rules_score_as_the_rule_file_says(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins\nname: house\nwin: {target: 100}\nsettlement: {floor: 0}\n"
                     "scoring:\n"
                     "  - {name: multiple of five, when: \"ends_sum > 0 and ends_sum % 5 == 0\", points: ends_sum}\n"
                     "  - {name: opening bonus, when: \"opening and earned > 0\", points: earned}\n",
                     encoding="utf-8")
    out = io.StringIO()
    # P2's seventh tile, the fourteenth: [3|4] on the 3, 4 + 6
    keeper = Keeper(load_rules(str(house)), str(house), 2,
                    stdin=io.StringIO(lines_of("1", *P1_GOES_OUT[:-1], "4 6", "domino", "13")), stdout=out, folder=tmp_path)
    keeper.run()
    # P1 opens with 5 and doubles it (10); P2 scores 10 and goes out; P1 holds 13: loses 15, not below 0
    assert scores(keeper) == [0, 10]
    assert keeper.tracker.game.target == 100 and "opening bonus" in out.getvalue()


# -- the keeper against the engine ----------------------------------------------------------------

def _domino_entries(rules, players, state):
    """What people at the table would type for a bot game of the engine."""
    tracker = family_of(rules).keeper(rules, players)
    entries, pips, held = [], {}, [0] * players

    def put(text, upcoming=None):
        entries.append(tracker.enter(text, upcoming))

    for event in state.events:
        if isinstance(event, D.RoundStarted):
            held = [len(hand) for hand in event.hands]
        elif isinstance(event, D.Drew):
            held[event.player] += 1
        elif isinstance(event, D.Placed):
            held[event.player] -= 1
        if tracker.table.outcome is not None and not (isinstance(event, D.Placed) and held[event.player] == 0):
            break
        if isinstance(event, D.RoundStarted):
            if tracker.phase == "opener":
                put(str(event.opener + 1))
            assert tracker.turn == event.opener
        elif isinstance(event, (D.Placed, D.Passed)):
            if tracker.turn != event.player:
                put(f"turn {event.player + 1}")
            if isinstance(event, D.Passed):
                put("pass")
                continue
            out = f"domino {event.player + 1}" if held[event.player] == 0 else None
            put(" ".join(str(amount) for _, amount in event.contributions), out)
            if out:
                put(out)
        elif isinstance(event, D.RoundBlocked):
            put("blocked")
        elif isinstance(event, D.Revealed):
            pips[event.player] = (event.pips, len(event.tiles))
            while tracker.phase == "leftovers" and tracker.asking and tracker.asking[0] in pips:
                held_pips, tiles = pips[tracker.asking[0]]
                put(str(tiles if tracker.question().key == "q_tiles" else held_pips))
        elif isinstance(event, D.RoundEnded):
            pips = {}
    return entries


def _card_entries(rules, players, state):
    tracker = family_of(rules).keeper(rules, players)
    entries, events, ended = [], state.events, False

    def put(text):
        entries.append(tracker.enter(text, None))

    for i, event in enumerate(events):
        if tracker.table.outcome is not None:
            break
        if isinstance(event, C.Dealt):
            if tracker.phase == "dealer":
                put(str(event.dealer + 1))
            assert tracker.turn == event.leader
        elif isinstance(event, (C.Played, C.SaidGo)):
            if tracker.turn != event.player:
                put(f"turn {event.player + 1}")     # a player holding no cards is skipped
            put(str(event.total) if isinstance(event, C.Played) else "go")
        elif isinstance(event, C.PileClosed):
            following = next((e for e in events[i + 1:] if isinstance(e, (C.Played, C.SaidGo, C.RoundEnded))), None)
            if isinstance(following, C.RoundEnded):
                put("end")
                ended = True
            elif tracker.pile:
                put("last")
        elif isinstance(event, C.RoundEnded):
            if not ended:
                put("end")
            ended = False
    return entries


@pytest.mark.parametrize("name,players", [
    ("domino-muggins", 2), ("domino-muggins", 3), ("domino-muggins", 4), ("fives-and-threes", 2),
    ("fives-and-threes", 3), ("domino-partnership-all-fives", 4), ("domino-all-fives-settlement", 3),
    ("domino-muggins-spinner", 3), ("domino-muggins-double-nine", 5), ("card-muggins", 2), ("card-muggins", 4),
    ("card-muggins-strict-21", 3), ("card-muggins-deal-of-seven", 2), ("card-muggins-100", 3)])
def test_the_table_entries_of_a_bot_game_give_the_engines_scores(name, players):
    rules = load_rules(name)
    for seed in range(4):
        state = make_game(rules, players, 300).new_state(seed)
        run_game(state, make_bots(["greedy"] * players, seed))
        entries = (_domino_entries if rules.family == "line" else _card_entries)(rules, players, state)
        tracker, saved = replay(rules, players, entries)
        assert tuple(tracker.table.scores) == state.outcome.scores, (name, players, seed)
        assert tracker.table.outcome.winner == state.outcome.winner
        assert replay(rules, players, saved)[0].table.scores == tracker.table.scores   # saved entries replay alike


def test_a_quoted_name_saves_to_that_name_and_the_line_to_continue_can_be_pasted(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    keeper, out, code = keep("domino-muggins", 3, ROUND_1[:2] + ['guardar "mi tanteo.json"'], lang="es",
                             folder=tmp_path)
    assert (tmp_path / "mi tanteo.json").is_file()  # the quotes are not part of the name
    line = next(text for text in out.splitlines() if text.startswith("Guardado en mi tanteo.json."))
    argv = shlex.split(line.split("Para continuar: ", 1)[1])  # as a shell reads it pasted
    assert argv[:5] == ["muggins", "keep", "domino-muggins", "--players", "3"] and argv[5:] == ["--resume",
                                                                                              "mi tanteo.json"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv[1:]) == 130 and "Reanudado" in capsys.readouterr().out  # it resumes, in the save's language


# -- nothing lost at the table: the autosave goes where play's goes -------------------------------
# README, Limits and guarantees, "Nothing lost at the table": the first place that can take it (the
# keeper's folder, the current folder, home, the temporary folder); if none can, the save is printed.

def test_an_autosave_that_cannot_go_to_its_folder_goes_to_the_next_place(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr("muggins.keep.fallback_folders", lambda: [home])
    gone = tmp_path / "gone"   # the folder the keeper ran in, removed during the game
    keeper, out, code = keep("domino-muggins", 3, ROUND_1[:4], lang="es", folder=gone)
    assert code == 130
    saved = home / "muggins-keep-domino-muggins.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["entries"] == ["1", "4 1", "2 4", "2 6"]
    assert f"No se pudo guardar en {gone} (no existe el fichero o la carpeta)." in out
    assert f"Guardado en {saved}." in out and "No se anota" not in out


def test_the_places_that_failed_are_named_whole_the_asked_temporary_folder_too(tmp_path, monkeypatch):
    """README, Saving: the save goes to the first place that takes it, saying which failed and why.
    The keeper's folder is named as a path (not `.`), and a TMPDIR that cannot take it is tried and
    named, where the temporary folder Python picks would pass it by without a word."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    afile = tmp_path / "afile"                            # nothing can be written under a file
    afile.write_text("a file")
    monkeypatch.setenv("HOME", str(afile / "home"))
    monkeypatch.setenv("TMPDIR", str(afile / "temp"))
    last = tmp_path / "last"
    last.mkdir()
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(last))
    output = io.StringIO()
    keeper = Keeper(load_rules("domino-muggins"), "domino-muggins", 2, stdin=io.StringIO(lines_of(*ROUND_1[:2])),
                    stdout=output)
    work.rmdir()                                         # the folder the keeper runs in, gone during the game
    keeper.run()
    out = output.getvalue()
    for failed in (work, afile / "home", afile / "temp"):
        assert f"Could not save to {failed} (" in out, failed
    assert "Could not save to ." not in out
    assert f"Saved to {last / 'muggins-keep-domino-muggins.json'}." in out


def test_a_dangling_link_with_the_autosaves_name_is_left_alone(tmp_path):
    link = tmp_path / "muggins-keep-domino-muggins.json"
    link.symlink_to(tmp_path / "missing" / "target.json")
    keeper, out, code = keep("domino-muggins", 3, ROUND_1[:2], folder=tmp_path)
    assert code == 130 and link.is_symlink() and not link.exists()
    saved = tmp_path / "muggins-keep-domino-muggins-2.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["entries"] == ["1", "4 1"]
    assert f"Saved to {saved}." in out


def test_when_no_place_can_take_the_autosave_the_save_is_printed(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("nothing can be written under a file")
    monkeypatch.setattr("muggins.keep.fallback_folders", lambda: [afile / "a"])
    keeper, out, code = keep("card-muggins", 2, ["1", "5", "15"], folder=afile / "b")
    assert code == 130
    assert "The game could not be saved anywhere (a part of the path is not a folder)" in out
    printed = out[out.index('{\n "format": "muggins-keep"'):]
    assert json.loads(printed[:printed.index("\n}\n") + 2])["entries"] == ["1", "5", "15"]
    assert "Saved to" not in out


@pytest.mark.parametrize("where, problem", [
    ("nope/s.svg", "the folder {tmp}/nope does not exist"),
    ("there.svg", "{tmp}/there.svg already exists"),
], ids=["missing folder", "existing file"])
def test_a_sheet_that_cannot_be_written_is_refused_before_the_game(tmp_path, monkeypatch, capsys, where, problem):
    (tmp_path / "there.svg").write_text("a sheet of an earlier game")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n4 1\n"))
    assert main(["keep", "domino-muggins", "--players", "2", "--sheet", str(tmp_path / where)]) == 1
    captured = capsys.readouterr()
    assert f"--sheet: {problem.format(tmp=tmp_path)}" in captured.err
    assert "Round 1" not in captured.out and not list(tmp_path.glob("muggins-keep-*"))


@pytest.mark.parametrize("lang, said", [("en", "already exists: give --sheet another file"),
                                        ("es", "ya existe: da a --sheet otro fichero")])
def test_an_existing_sheet_is_refused_with_what_keep_can_do(tmp_path, monkeypatch, capsys, lang, said):
    """keep has no --force (a sheet is never written over a file): the refusal does not offer one."""
    (tmp_path / "there.html").write_text("a sheet of an earlier game")
    monkeypatch.chdir(tmp_path)
    assert main(["keep", "domino-muggins", "--players", "2", "--sheet", "there.html", "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert said in err and "--force" not in err


# -- scoring entries are named in the keeper's language, from the rule file's own translations --------

def test_scoring_entries_are_named_in_spanish_where_the_rule_file_translates_them(tmp_path):
    # fives-and-threes.yaml: translations.es.scoring says fives: cincos, threes: treses, chipping out: dominó;
    # 15 scores one per five (3) and one per three (5); 6 scores 2 for its threes, and going out 1 more.
    # Every other sum is neither a multiple of 3 nor of 5; J1 passes once, so J2 places the last of 13 tiles,
    # their seventh (the whole hand: fives and threes draws nothing)
    entries = ["1", "1 3",                   # J1 [1|3]: 4
               "1 6", "1 12", "2 12",        # J2 [3|6] on the 3; J1 [6|6]; J2 [1|2] on the 1
               "3 12",                       # J1 [2|3]: 15
               "4 12", "4 4", "4 0",         # J2 [3|4]; J1 [4|6] on the [6|6]; J2 [0|4]
               "1 0", "1 6", "5 6", "10 6",  # J1 [1|4]; J2 [0|6]; J1 [1|5]; J2 [5|5]
               "paso", "0 6",                # J1 passes; J2 [0|5] on the [5|5]: 6
               "fin"]
    keeper, out, code = keep("fives-and-threes", 2, entries, lang="es", folder=tmp_path)
    assert "J1 anota 3 (cincos): 3." in out and "J1 anota 5 (treses): 8." in out
    assert "J2 anota 2 (treses): 2." in out and "J2 anota 1 (dominó): 3." in out
    assert not any(name in out for name in ("(fives)", "(threes)", "(chipping out)"))
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: house\ntranslations:\n  es:\n    scoring:\n"
                     "      fifteen bonus: bono de quince\nscoring:\n  - name: multiple of five\n"
                     "    when: \"total % 5 == 0\"\n    points: total\n  - name: fifteen bonus\n"
                     "    when: \"total == 15\"\n    points: 2\n", encoding="utf-8")
    out = io.StringIO()
    Keeper(load_rules(str(house)), str(house), 2, "es", stdin=io.StringIO("1\n5\n15\n"), stdout=out,
           folder=tmp_path).run()
    assert "J1 anota 15 (múltiplo de cinco): 15.\nJ1 anota 2 (bono de quince): 17." in out.getvalue()


def test_why_a_file_cannot_be_written_is_said_in_the_keepers_language(tmp_path):
    (tmp_path / "d").mkdir()
    lines = ["1", "4 1", f"guardar {tmp_path / 'nope' / 'x.json'}", f"hoja {tmp_path / 'nope' / 'x.html'}",
             f"guardar {tmp_path / 'd'}", "guardar a\0b.json"]
    keeper, out, code = keep("domino-muggins", 2, lines, lang="es", folder=tmp_path)
    # files.py's Spanish words for ENOENT, EISDIR and a name the system refuses (EINVAL)
    assert f"no se puede escribir {tmp_path / 'nope' / 'x.json'}: no existe el fichero o la carpeta." in out
    assert f"no se puede escribir {tmp_path / 'nope' / 'x.html'}: no existe el fichero o la carpeta." in out
    assert f"no se puede escribir {tmp_path / 'd'}: es una carpeta." in out
    assert "nombre no válido." in out
    assert not any(english in out for english in ("No such file", "Is a directory", "embedded null"))


def test_a_save_without_its_players_is_refused_naming_them(tmp_path):
    rules = load_rules("domino-muggins")
    path = tmp_path / "noplayers.json"
    path.write_text(json.dumps({"format": "muggins-keep", "version": 2, "rules": "domino-muggins",
                                "name": "domino-muggins", "digest": rules.digest, "lang": "es", "entries": ["1"]}))
    keeper = Keeper(rules, "domino-muggins", 3, "es", stdin=io.StringIO(""), stdout=io.StringIO(), folder=tmp_path)
    with pytest.raises(MugginsError) as refused:
        keeper.resume(path)
    assert str(refused.value) == f'{path}: no es una partida guardada de muggins keep ("players")'


def test_the_spanish_help_of_keep_has_no_english_go(capsys):
    with pytest.raises(SystemExit):
        main(["keep", "--help", "--lang", "es"])
    text = " ".join(capsys.readouterr().out.split())
    assert "el total acumulado, paso," in text and not re.search(r"\bgo\b", text)


# -- the domino keeper refuses what cannot happen at the table -----------------------------------
# domino-muggins.es.txt: a player passes only when nothing can be drawn; "La ronda solo está bloqueada
# cuando el montón disponible está vacío y ningún jugador puede hacer una colocación legal"; "La ronda
# termina cuando un jugador coloca su última ficha"; a line has two open ends, and a double led alone
# counts its two halves once ([2|2] sums 4).

def test_once_every_player_has_passed_in_turn_the_round_is_blocked(tmp_path):
    """With nothing to draw (the undealt tiles out of play) the players pass round the table on the
    opening [1|4], its twelve fitting tiles among the thirteen undealt: nobody can place any more."""
    lines = ["1", "4 1", "pass", "pass", "pass", "5 10", "pass", "domino 1", "blocked", "7", "3", "78"]
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\n" + NO_DRAWING, 3, lines)
    refusal = ("Not entered: every player has passed in turn since the last tile, with nothing to draw: nobody "
               "can place any more, the round is blocked (type blocked).")
    assert out.count(refusal) == 3                       # the tile, the fourth pass, the domino
    assert scores(keeper) == [0, -5, -80]                # P1 5 - 5 (7 pips), P2 -5 (3), P3 -80 (78)
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\n" + NO_DRAWING, 2,
                               ["1", "4 1", "paso", "paso", "6 4"], lang="es")
    assert "la ronda está bloqueada (escribe bloqueo)." in out and scores(keeper) == [5, 0]


@pytest.mark.parametrize("lang, said", [
    ("en", "Not entered: the round is not blocked: with 12 tiles off the line fitting an open end and 0 kept out of "
           "play (draw.reserve), a player holds one or can draw one; type the open ends after the next tile, or pass."),
    ("es", "No se anota: la ronda no está bloqueada: hay 12 fichas fuera de la línea con sitio en un extremo abierto y "
           "0 apartadas del montón (draw.reserve), así que un jugador tiene una o puede robarla; escribe los extremos "
           "tras la siguiente ficha, o paso.")])
def test_a_round_is_blocked_only_when_every_tile_that_fits_is_out_of_play(tmp_path, lang, said):
    """domino-muggins.es.txt: "La ronda solo está bloqueada cuando el montón disponible está vacío y
    ningún jugador puede hacer una colocación legal": every tile that fits an open end is then off the
    hands and out of play. On the opening [1|4], 12 of the 13 tiles with a 1 or a 4 are off the line and
    none is kept out of play; with the thirteen undealt tiles kept out (NO_DRAWING), all 12 may be.
    ROUND_2 blocks once both ends show 4 and all seven 4s are on the line."""
    keeper, out, code = keep("domino-muggins", 3, ["1", "4 1", "blocked" if lang == "en" else "bloqueo"], lang=lang,
                             folder=tmp_path)
    assert said in out and keeper.entries == ["1", "4 1"]
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\n" + NO_DRAWING, 3,
                               ["1", "4 1", "blocked"], lang=lang)
    assert keeper.entries == ["1", "4 1", "blocked"]
    keeper, out, code = keep("domino-muggins", 3, ["1", *ROUND_2[:10], "blocked"], lang=lang, folder=tmp_path)
    assert keeper.entries[-1] == "blocked" and "Not entered" not in out and "No se anota" not in out


@pytest.mark.parametrize("lang, said, said_two", [
    ("en", "Not entered: P2 cannot pass: a player passes holding no tile that fits an open end, and P2 holds 18 tiles "
           "or more (what is left of their deal, and what they must have drawn), with 15 tiles off the line fitting "
           "none; check the ends, or undo an earlier entry.",
     "Not entered: P3 cannot pass: a player passes holding no tile that fits an open end, and the players who "
     "passed since the last tile, P3 included, hold 18 tiles or more (what is left of their deals, and what they "
     "must have drawn), with 15 tiles off the line fitting none; check the ends, or undo an earlier entry."),
    ("es", "No se anota: J2 no puede pasar: se pasa sin ninguna ficha con sitio en un extremo abierto, y J2 tiene 18 "
           "fichas o más (lo que queda de su reparto y lo que ha tenido que robar), y hay 15 fichas fuera de la línea "
           "sin sitio en ninguno; revisa los extremos, o deshaz una entrada anterior.",
     "No se anota: J3 no puede pasar: se pasa sin ninguna ficha con sitio en un extremo abierto, y quienes han "
     "pasado desde la última ficha, J3 incluido, tienen 18 fichas o más (lo que queda de su reparto y lo que han "
     "tenido que robar), y hay 15 fichas fuera de la línea sin sitio en ninguno; revisa los extremos, o deshaz una "
     "entrada anterior.")])
def test_a_player_passes_only_holding_no_tile_that_fits(tmp_path, lang, said, said_two):
    """domino-muggins.es.txt: a player who cannot place draws until the boneyard is empty, then passes.
    Three players are dealt 5 of the 28 tiles: right after P1 opens [1|4], nobody else has had a turn
    to draw, so P2 would pass holding their 5 and the 13 undealt, 18 tiles with no 1 nor 4, where the
    set has 15 (the 21 tiles of the values 0, 2, 3, 5, 6). With four players (8 undealt) P2 may hold 13
    such tiles, but P3 passing next would make 5 + 5 + 8 = 18 between them."""
    word = "pass" if lang == "en" else "paso"
    keeper, out, code = keep("domino-muggins", 3, ["1", "4 1", word], lang=lang, folder=tmp_path)
    assert said in out and keeper.entries == ["1", "4 1"]
    keeper, out, code = keep("domino-muggins", 4, ["1", "4 1", word, word], lang=lang, folder=tmp_path)
    assert said_two in out and keeper.entries == ["1", "4 1", "pass"]


def test_who_may_have_drawn_before_a_pass(tmp_path):
    """The bound above holds only where nobody else can have drawn. Where a hand that can place may
    draw (`draw.only_when_stuck: false`), the opener may have drawn all 14 undealt tiles before
    opening [1|4] (2 players), leaving P2 seven tiles with no 1 nor 4: P2 passes. And a `turn P`
    typed for a pass forgotten leaves who drew unknown: after P1 opens and `turn 3`, P3 may pass."""
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\ndraw:\n  only_when_stuck: false\n", 2,
                               ["1", "4 1", "pass"])
    assert keeper.entries == ["1", "4 1", "pass"] and "Not entered" not in out
    keeper, out, code = keep("domino-muggins", 3, ["1", "4 1", "turn 3", "pass"], folder=tmp_path)
    assert keeper.entries == ["1", "4 1", "turn 3", "pass"] and "Not entered" not in out


def test_a_block_where_nothing_can_be_drawn_says_a_hand_holds_what_fits(tmp_path):
    """fives-and-threes with four players deals 5 tiles each and keeps the other 8 out of play: on the
    opening [1|4] the 12 tiles that fit cannot all be out of play, and none can be drawn."""
    keeper, out, code = keep("fives-and-threes", 4, ["1", "4 1", "blocked"], folder=tmp_path)
    assert ("Not entered: the round is not blocked: with 12 tiles off the line fitting an open end and 8 kept out of "
            "play (draw.reserve), a player holds one; type the open ends after the next tile, or pass.") in out
    keeper, out, code = keep("fives-and-threes", 2, ["1", "4 1", "blocked"], folder=tmp_path)  # 14 kept out of play
    assert keeper.entries == ["1", "4 1", "blocked"]


def test_the_last_pass_round_the_table_needs_every_tile_that_fits_out_of_play(tmp_path):
    """Two players, ROUND_2's first nine tiles: the ends show 4 and 5. P2 may pass (P1 may hold what
    fits), but P1 passing too would block the round with the tiles that fit still off the line: on
    the line the entries allow that leaves fewest, [4|5], [0|5], [1|5], [2|5], [5|5] and [5|6]."""
    keeper, out, code = keep("domino-muggins", 2, ["1", *ROUND_2[:9], "pass", "pass"], folder=tmp_path)
    assert ("Not entered: P1 cannot pass: everyone would then have passed since the last tile with nothing to draw, "
            "a blocked round, but with 6 tiles off the line fitting an open end and 0 kept out of play (draw.reserve), "
            "someone holds one; check the ends, or undo an earlier entry.") in out
    assert keeper.entries[-1] == "pass" and keeper.entries[-2] == ROUND_2[8]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_blocked_rounds_leftovers_add_up_to_the_tiles_in_the_hands(tmp_path, lang):
    """domino-muggins.es.txt: a round is blocked only once the boneyard is empty, so every tile off
    the line is in a hand: ROUND_2's line holds 66 of the set's 168 pips, so P2's 2 and P3's 8 leave
    P1 exactly 92. With the undealt tiles kept out of play (NO_DRAWING, three players: 13 of them,
    the 12 that fit the opening [1|4] among them), the hands hold the 15 tiles of 0, 2, 3, 5 and 6
    (96 pips) but one: 84 to 96 pips."""
    said = {"en": ("Not entered: the round is blocked with nothing left to draw, so the hands hold every tile off "
                   "the line but those kept out of play (draw.reserve): {span} pips in all, and 10 are entered "
                   "already, so P{player} holds {need}."),
            "es": ("No se anota: la ronda está bloqueada sin nada que robar, así que las manos tienen todas las "
                   "fichas fuera de la línea menos las apartadas del montón (draw.reserve): {span} puntos en total, "
                   "y ya se han anotado 10, así que J{player} tiene {need}.")}[lang]
    keeper, out, code = keep("domino-muggins", 3, ROUND_1 + ROUND_2[:-1] + ["13"], lang=lang, folder=tmp_path)
    assert said.format(span=102, player=1, need=92) in out and keeper.entries[-1] == "8"
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\n" + NO_DRAWING, 3,
                               ["1", "4 1", "blocked", "7", "3", "8", "87", "74"], lang=lang)
    span, need = ("84 to 96", "74 to 86") if lang == "en" else ("84 a 96", "74 a 86")
    assert out.count(said.format(span=span, player=3, need=need)) == 2 and keeper.entries[-1] == "74"


def test_a_round_cannot_end_before_a_tile_is_placed(tmp_path):
    keeper, out, code = keep("domino-muggins", 3, ["1", "domino 2", "blocked", "4 1"], folder=tmp_path)
    assert out.count("Not entered: nobody has placed a tile this round, so it cannot end") == 2
    assert scores(keeper) == [5, 0, 0] and keeper.tracker.table.round == 1
    keeper, out, code = keep("domino-muggins", 3, ["1", "fin 2", "bloqueo"], lang="es", folder=tmp_path)
    assert out.count("No se anota: nadie ha colocado ficha en esta ronda, así que no puede terminar") == 2


def test_the_opener_places_the_first_tile_and_does_not_pass(tmp_path):
    """domino-muggins.es.txt: "Quien abre puede elegir cualquier ficha": the opener holds tiles and any
    of them opens the empty line, so the engine never offers a pass there."""
    keeper, out, code = keep("domino-muggins", 3, ["1", "pass", "3 4"], folder=tmp_path)
    assert ("Not entered: the opener places the round's first tile (any tile opens the line), so nobody passes "
            "before it: type the open ends after the opening tile.") in out
    assert keeper.entries == ["1", "3 4"] and keeper.tracker.turn == 1     # P1 opened, P2 plays next
    keeper, out, code = keep("domino-muggins", 3, ["1", "paso"], lang="es", folder=tmp_path)
    assert "No se anota: quien abre coloca la primera ficha de la ronda" in out


@pytest.mark.parametrize("lang, said", [
    ("en", "Not entered: the opener places the round's first tile (under these rules, the piece that made them the "
           "opener), so nobody passes before it: type the open ends after the opening tile."),
    ("es", "No se anota: quien abre coloca la primera ficha de la ronda (con estas reglas, la ficha que le hizo "
           "abrir), así que nadie pasa antes: escribe los extremos tras la ficha de apertura.")])
def test_where_the_opener_must_play_their_piece_a_pass_before_it_says_so(tmp_path, lang, said):
    """opener.holder.must_play: the holder of the highest double opens, with it; not with any tile."""
    holder = ("extends: domino-muggins\nname: house-holder\nopener:\n  first: {method: holder}\n  next: holder\n"
              "  holder: {piece: highest_double, must_play: true}\n")
    keeper, out = house_keeper(tmp_path, holder, 3, ["1", "pass"], lang=lang)
    assert said in out and "any tile" not in out and "cualquier ficha" not in out


def test_a_player_goes_out_with_their_last_tile_not_after_a_pass_nor_before_the_deal(tmp_path):
    """"La ronda termina cuando un jugador coloca su última ficha": nobody passes or plays after it,
    and a player dealt five tiles (three players of domino-muggins) places at least five before going
    out."""
    keeper, out = house_keeper(tmp_path, "extends: domino-muggins\nname: house\n" + NO_DRAWING, 3,
                               ["1", "4 1", "domino 1", "pass", "domino 1", "undo", "turn 3", "domino 1"])
    assert ("Not entered: P1 has placed 1 of the 5 tiles dealt to them: a player goes out as they place their last "
            "tile, so not before placing all 5.") in out
    assert ("Not entered: P1 placed the last tile and a pass or a turn was typed after it: the round ends as a "
            "player places their last tile, so nobody plays after it; undo back to that tile, then type "
            "domino 1.") in out
    assert keeper.entries == ["1", "4 1", "turn 3"] and keeper.tracker.dominoer is None
    keeper, out, code = keep("domino-muggins", 3, ["1", *P1_GOES_OUT[:-1], "paso", "fin 1", "deshacer", "fin 1"],
                             lang="es", folder=tmp_path)
    assert "No se anota: J1 colocó la última ficha y después se anotó un pase o un turno" in out
    assert keeper.entries[-1] == "domino 1" and keeper.tracker.dominoer == 0


def test_only_the_player_who_placed_the_last_tile_goes_out(tmp_path):
    # fives-and-threes: 4 1 (5) is one five for P1; 5 10 (15) is 3 + 5 for P2, who chips out for 1 more with
    # the seventh tile of their hand (P1 passes once); every other sum is neither a multiple of 3 nor of 5
    out_with_15 = ["1", "4 1",                              # P1 [1|4]
                   "1 6", "1 12", "1 0", "1 1", "1 3",      # [4|6] on the 4; [6|6]; [0|6]; [0|1]; [1|3]
                   "1 0", "2 0", "2 0", "2 5", "6 5",       # [0|3]; [1|2] on the 1; [0|0]; [0|5]; [2|6]
                   "6 10",                                  # P2 [5|5]
                   "pass", "5 10"]                          # P1 passes; P2 [5|6] on the 6: 15
    keeper, out, code = keep("fives-and-threes", 2, [*out_with_15, "domino 1", "domino 2"], folder=tmp_path)
    assert "Not entered: P1 did not place the last tile, P2 did: the round ends as a player places their last " \
           "tile, so it is P2 who goes out." in out
    assert scores(keeper) == [1, 9]
    keeper, out, code = keep("fives-and-threes", 2, [*out_with_15, "fin 1"], lang="es", folder=tmp_path)
    assert "J1 no colocó la última ficha, la colocó J2" in out and scores(keeper) == [1, 8]


def test_a_line_has_as_many_open_ends_as_its_rules_give(tmp_path):
    lines = ["1", "5", "4 1", "10", "12"]
    keeper, out, code = keep("domino-muggins", 2, lines, folder=tmp_path)
    assert "Not entered: only a double opens the line with one count (0, 2, 4, 6, 8, 10, 12), not 5." in out
    assert "Not entered: after the opening the line has at least 2 open ends: write what each counts (5 10), " \
           "not 1." in out
    assert scores(keeper) == [5, 0]
    # a spinner (the first double): P1 5-5 opens for 10 (10 points); P2 5-3 on it, 10 + 3 (none); P1 5-2 on
    # its other side: 3 + 2 (5 points), the arms open counting nothing; P2 5-4 on an arm, 3 + 2 + 4 (none);
    # P1 5-0 on the other arm, 3 + 2 + 4 + 0 (none)
    spinner = ["1", "10", "10 3", "1 2 3 4", "3 2", "3 2 4", "3 2", "3 2 4 0"]
    keeper, out, code = keep("domino-muggins-spinner", 2, spinner, lang="es", folder=tmp_path)
    assert "No se anota: la línea tenía 2 extremos abiertos, y una ficha abre como mucho uno más: no 4." in out
    assert "No se anota: la línea tenía 3 extremos abiertos, y un extremo que cuenta sigue contando: no 2." in out
    assert scores(keeper) == [15, 0]


def test_open_ends_no_tile_can_leave_are_refused(tmp_path):
    """domino-muggins.es.txt: "Excepto en la apertura, coloca una ficha haciendo coincidir una mitad con un
    extremo abierto. La otra mitad pasa a ser el nuevo extremo abierto": after the opening a placement
    changes one end's count; an opening tile shows its two halves (a double alone, once); the set holds
    each tile once."""
    lines = ["1", "5 10",   # no tile has a 10 on a half, and [5|5] opens counting once, 10
             "12 12",       # one [6|6]: it cannot lie at both ends
             "4 1",         # P1 [1|4]
             "4 1",         # the same ends again: no tile leaves both as they were
             "2 6",         # both ends changed
             "4 4",         # only [1|4] turns a 1 into a 4, and it is on the line
             "4 2"]         # P2 [1|2] on the 1
    keeper, out, code = keep("domino-muggins", 3, lines, folder=tmp_path)
    assert ("Not entered: no tile opens the line with ends that count 5 10: the opening tile shows what its two "
            "halves count (4 1 for a [1|4]).") in out
    assert "no tile opens the line with ends that count 12 12" in out
    said = ("Not entered: no tile turns the ends 4 1 into {}: a tile goes on one open end with a matching half and "
            "its other half makes the new end, so one count changes, and each tile of the set is placed once; check "
            "the ends, or undo an earlier entry.")
    for ends in ("4 1", "2 6", "4 4"):
        assert said.format(ends) in out, ends
    assert scores(keeper) == [5, 0, 0] and keeper.entries == ["1", "4 1", "4 2"] and "spinner" not in out
    # [6|6] opens counting once (12); a tile on it leaves the double at its end (12) and its other half
    keeper, out, code = keep("domino-muggins", 3, ["1", "12", "3 4", "12 4"], folder=tmp_path)
    assert ("Not entered: no tile turns the ends 12 into 3 4: a tile goes on the opening double, counted once, with "
            "a matching half, so the double counts at its end and the tile's other half makes the other, and each "
            "tile of the set is placed once; check the ends, or undo an earlier entry.") in out
    assert keeper.entries == ["1", "12", "12 4"] and "spinner" not in out
    # a spinner (the first double) opens its arms once both its sides are played on, counting nothing until
    # a tile lies on them: one tile after [2|3] cannot make three counts; [3|3] on the 3 (2 + 6), [3|4] on
    # its other side (2 + 4, the arms open), then [1|3] on an arm (2 + 4 + 1) can
    spinner = ["1", "2 3", "4 2 3", "2 6", "2 4", "2 4 1"]
    keeper, out, code = keep("domino-muggins-spinner", 2, spinner, lang="es", folder=tmp_path)
    assert out.count("No se anota: ninguna ficha convierte los extremos") == 1
    assert "ninguna ficha convierte los extremos 2 3 en 4 2 3: una ficha se coloca en un extremo abierto" in out
    assert "así que cambia una cuenta (o, en un brazo de un spinner, cuenta uno más)" in out
    assert scores(keeper) == [5, 0] and keeper.entries == ["1", "2 3", "2 6", "2 4", "2 4 1"]


def test_a_round_places_no_more_tiles_than_the_hands_hold(tmp_path):
    """fives-and-threes: 7 tiles each for two players and nothing drawn ("no drawing from the
    boneyard"): once P1 has placed seven, their hand is empty and the round ended with that tile."""
    keeper, out, code = keep("fives-and-threes", 2, FIVES_AND_THREES_TO_15 + ["1 1", "pass", "blocked", "turn 1",
                                                                          "domino"], folder=tmp_path)
    went_out = ("Not entered: P1 has placed 7 tiles, the 7 dealt and every tile the round lets be drawn: their "
                "hand is empty and the round ended with their last tile; type domino 1.")
    assert out.count(went_out) == 4                      # P2's tile, P2's pass, blocked, turn
    assert scores(keeper) == [16, 0] and keeper.entries[-1] == "domino 1"     # 15, and 1 for chipping out
    keeper, out, code = keep("fives-and-threes", 2, FIVES_AND_THREES_TO_15 + ["paso"], lang="es", folder=tmp_path)
    assert ("No se anota: J1 ha colocado 7 fichas, las 7 que recibió y todas las que la ronda deja robar: su mano "
            "está vacía y la ronda terminó con su última ficha; escribe fin 1.") in out


def test_the_last_tile_to_draw_cannot_leave_a_placed_out_hand_behind(tmp_path):
    """Two players dealt 7 of 28 with 12 kept back: 2 tiles can be drawn in a round. P1's eighth tile
    (the fifteenth) was drawn; P2's eighth would be the other, so P1 drew one only and held nothing
    after their eighth: the round ended with it."""
    house = tmp_path / "reserve.yaml"
    house.write_text("extends: domino-muggins\nname: reserve\ndraw: {reserve: \"12 if players == 2 else 0\"}\n",
                     encoding="utf-8")
    lines = ["1", *P1_GOES_OUT[:-1], "2 6", "0 6",   # P2 [2|3] on the 3; P1 [0|2]
             "5 6"]                                  # P2 [0|5] on the 0
    keeper, out, code = keep(str(house), 2, lines, folder=tmp_path)
    assert ("Not entered: with this tile the players would have placed every tile the round lets be drawn (2 beyond "
            "the 7 dealt to each), so P1, who has placed 8, held nothing after their last tile and went out with "
            "it; check this round's entries.") in out
    assert keeper.entries == lines[:-1]
    keeper, out, code = keep(str(house), 2, lines, lang="es", folder=tmp_path)
    assert "No se anota: con esta ficha los jugadores habrían colocado todas las fichas que la ronda deja robar" in out


# -- the card keeper counts the cards ------------------------------------------------------------
# card-muggins.es.txt, "Mazo de cartas": 52 cards, four of each value 1 to 9 and sixteen worth 10;
# the deal of seven (card-muggins-deal-of-seven): 7 cards each and no drawing, so 14 cards a round
# for two players.

def test_no_value_is_played_more_often_than_the_deck_holds_it(tmp_path):
    keeper, out, code = keep("card-muggins", 2, ["1", "5", "10", "15", "20", "25", "30"], folder=tmp_path)
    assert "Not entered: the deck has 4 cards worth 5, and all of them are played this round." in out
    assert scores(keeper) == [10 + 20, 5 + 15 + 30] and keeper.tracker.total == 30


def test_a_round_has_no_more_cards_than_the_deal_gives(tmp_path):
    # P1 deals, P2 leads: aces to 4, twos to 12, threes to 24 (P2 scores 10 and 15), a 4 to 28; the
    # aces are out (29 refused), both say go and P2 scores "last"; P1 opens with a 10, the 14th card
    lines = ["1", "1", "2", "3", "4", "6", "8", "10", "12", "15", "18", "21", "24", "28", "29", "go", "go",
             "10", "15"]
    keeper, out, code = keep("card-muggins-deal-of-seven", 2, lines, lang="es", folder=tmp_path)
    assert "No se anota: la baraja tiene 4 cartas que valen 1, y todas se han jugado en esta ronda." in out
    assert "No se anota: una ronda de estas reglas tiene como mucho 14 cartas, y todas se han jugado: " \
           "escribe fin." in out
    assert scores(keeper) == [10, 10 + 15 + 1]


# -- a finished game takes nothing that reopens it, and says when the rules void its win ------------
# fives-and-threes.es / the rule file: 15 scores 8 (3 fives, 5 threes), 12 scores 4, 6 scores 2; the
# target is exact (61; 15 in a house file, for one hand's seven tiles); the chip-out point counts with the
# last tile, and both void together past the target.

FIVES_AND_THREES_TO_15 = ["1", "4 1",        # P1 [1|4]: 1
                          "1 6", "1 12",     # P2 [4|6] on the 4; P1 [6|6]: 13, nothing
                          "2 12", "3 12",    # P2 [1|1] on the 1: 14; P1 [1|3]: 15 scores 8 (9)
                          "2 12", "1 12",    # P2 [2|3]; P1 [1|2]
                          "5 12", "0 12",    # P2 [1|5]; P1 [0|5]: 12 scores 4 (13)
                          "4 12", "5 12",    # P2 [0|4]; P1 [4|5]
                          "5 3", "3 3"]      # P2 [3|6] on the [6|6]; P1 [3|5], their seventh tile: 6 scores 2 (15)


def to_15(folder):
    house = folder / "to-15.yaml"
    house.write_text("extends: fives-and-threes\nname: to-15\nwin: {target: 15}\n", encoding="utf-8")
    return str(house)


def test_after_a_win_only_the_listed_commands_are_taken(tmp_path):
    keeper, out, code = keep(to_15(tmp_path), 2, FIVES_AND_THREES_TO_15 + ["1 1", "domino 2", "pass"],
                             folder=tmp_path)
    assert "P1 wins with 15 (target 15) in round 1." in out and code == 0
    assert out.count("Not entered: the game is over (undo first to change it): undo, sheet, save FILE or quit.") == 3
    assert scores(keeper) == [15, 0] and keeper.entries == FIVES_AND_THREES_TO_15


def test_a_win_the_rules_void_by_a_later_entry_is_said_to_no_longer_stand(tmp_path):
    # P1's 3 3 was their last tile: 2 for the threes and 1 for chipping out would make 16, past 15: void
    keeper, out, code = keep(to_15(tmp_path), 2, FIVES_AND_THREES_TO_15 + ["domino"], folder=tmp_path)
    withdrawn = "The win of P1 no longer stands: with this entry the rules score the winning play otherwise."
    assert out.index("P1 wins with 15") < out.index(withdrawn) < out.index("P1 has placed their last tile.")
    assert scores(keeper) == [13, 0] and keeper.tracker.table.outcome is None
    keeper, out, code = keep(to_15(tmp_path), 2, FIVES_AND_THREES_TO_15 + ["fin"], lang="es", folder=tmp_path)
    assert "La victoria de J1 ya no vale" in out and scores(keeper) == [13, 0]


# -- points not claimed: "¡Muggins!" and points lost -----------------------------------------------
# card-muggins.es.txt, La regla Muggins: "Si un jugador juega una carta que alcanza un múltiplo de cinco
# o llega a 31 pero no reclama los puntos antes de que juegue el siguiente jugador, cualquier oponente
# atento puede gritar «¡Muggins!» y tomar esos puntos para sí mismo"; Jugabilidad 2: reaching a
# multiple of five scores that total ("llegar a 15 anota 15 puntos"). Three players: P1 deals, P2 leads.

STEAL_3 = [
    "1",            # P1 deals; P2 leads
    "10",           # P2: 10                                        P2 10
    "15",           # P3: a 5 makes 15, and P3 does not claim it
    "muggins 2",    # P2, an opponent, calls "¡Muggins!": the 15 is P2's    P2 25, P3 0
    "20",           # P1: a 5 makes 20                              P1 20
    "unclaimed",    # P1 does not claim it, nobody calls: it is lost          P1 0
    "30",           # P2: a 10 makes 30                             P2 55
]


def test_an_unclaimed_15_is_taken_by_the_opponent_who_calls_muggins(tmp_path):
    """Three players: P3's 15 goes to P2, who called; P1's 20, unclaimed and not called, is lost
    (nobody took "esos puntos"); P2 then scores 30 as claimed."""
    keeper, out, code = keep("card-muggins", 3, STEAL_3, folder=tmp_path)
    assert scores(keeper) == [0, 55, 0]
    assert "P3 does not claim 15 (multiple of five)." in out
    assert "P2: Muggins! P2 takes P3's 15 points (multiple of five)." in out and "P2 scores 15 (Muggins!): 25." in out
    assert "P1's 20 points (multiple of five) are lost." in out
    assert keeper.entries == STEAL_3
    assert "1 (in play) | +0 = 0 | +55 = 55 | +0 = 0" in "\n".join(sheet_text(keeper.tracker, "en"))


def test_two_players_the_next_player_takes_the_15_in_spanish(tmp_path):
    """Two players, P2 deals and P1 leads: P1 5; P2 makes 15 and forgets it, P1 calls «¡Muggins!»
    and takes it (5 + 15 = 20); P1 makes 25 (20 + 25 = 45). Typed in Spanish, saved in English."""
    lines = ["2", "5", "15", "¡muggins! 1", "25"]
    keeper, out, code = keep("card-muggins", 2, lines, lang="es", folder=tmp_path)
    assert scores(keeper) == [45, 0]
    assert "J2 no reclama 15 (múltiplo de cinco)." in out
    assert "J1: ¡Muggins! J1 se lleva 15 puntos de J2 (múltiplo de cinco)." in out
    assert keeper.entries == ["2", "5", "15", "muggins 1", "25"]
    keeper, out, code = keep("card-muggins", 2, ["2", "5", "15", "sin reclamar", "deshacer"], lang="es",
                             folder=tmp_path)
    assert "Se pierden 15 puntos de J2 (múltiplo de cinco)." in out and "Deshecho: sin reclamar." in out
    assert scores(keeper) == [5, 15]


def test_a_call_on_ones_own_points_or_a_partners_is_refused(tmp_path):
    """domino-partnership-all-fives with claims: a side shares one score (seats 1 and 3, 2 and 4),
    so only the other side calls. P1 leads the 5-5 for 10 (counted once); P3, P1's partner, cannot
    take it; P2 can, for the side of P2 and P4."""
    house = tmp_path / "claims.yaml"
    house.write_text("extends: domino-partnership-all-fives\nname: partnership-claims\nclaims: {required: true}\n",
                     encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 4, stdin=io.StringIO("1\n10\nmuggins 3\nmuggins 1\nmuggins 2\n"),
                    stdout=out, folder=tmp_path)
    keeper.run()
    assert "Not entered: P3 is not an opponent of P1 (partners share one score): only an opponent calls Muggins." \
        in out.getvalue()
    assert "Not entered: the play is P1's own: only an opponent calls Muggins on it." in out.getvalue()
    assert scores(keeper) == [0, 10, 0, 10]


LAST_PILE = [
    "1",        # P1 deals; P2 leads
    "10",       # P2: 10                                        P2 10
    "19",       # P1: 19, nothing
    "28",       # P2: 28, nothing
    "go",       # P1 cannot play
    "go",       # P2, who played the pile's last card, cannot either: the pile closes, "last" is P2's 1
]


def test_forgotten_last_points_cannot_be_stolen_unless_the_house_says_so(tmp_path):
    """Puntuación: "Última carta antes de un «paso»: 1 punto"; La regla Muggins: "algunos grupos
    también permiten Muggins por los puntos de «último» olvidados" (card-muggins rules it off, so
    they are only lost; on in a house file with last.muggins)."""
    keeper, out, code = keep("card-muggins", 2, LAST_PILE + ["muggins 1", "unclaimed"], folder=tmp_path)
    assert ("Not entered: under card-muggins forgotten \"last\" points cannot be stolen with Muggins: they are "
            "lost (type unclaimed).") in out
    assert scores(keeper) == [0, 10] and "P2's 1 point (last) is lost." in out
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: last-stolen\nlast: {muggins: true}\n"
                     "deal: {hand: 2}\nrefill: {enabled: false}\n", encoding="utf-8")  # a round of 4 cards or more
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, stdin=io.StringIO("".join(
        f"{line}\n" for line in LAST_PILE + ["muggins 1", "5", "end", "muggins 2"])), stdout=out, folder=tmp_path)
    keeper.run()
    # P1 takes the 1; P1 starts the next pile (after P2) with a 5: 1 + 5 = 6; the round ends and
    # its open pile's "last" (P1's 1, unclaimed) is P2's: 10 + 1 = 11, before the round is over
    assert scores(keeper) == [6, 11]
    assert "End of round 1: P1 6, P2 11." in out.getvalue() and "Round 2: P2 deals, P1 leads." in out.getvalue()


def test_a_call_with_nothing_unclaimed_is_refused_or_costs_the_houses_false_call(tmp_path):
    """The card text gives no penalty for a wrong call: with nothing to take the call is refused;
    a house file with muggins.false_call: 5 makes it cost the caller 5 (points lost, and never
    claimed)."""
    keeper, out, code = keep("card-muggins", 2, ["1", "3", "muggins 1", "unclaimed", "13"], folder=tmp_path)
    assert "Not entered: the previous play scored nothing: there is nothing to take." in out
    assert "Not entered: the previous play scored nothing: no points went unclaimed." in out
    assert scores(keeper) == [0, 0] and keeper.entries == ["1", "3", "13"]
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: false-call\nmuggins: {false_call: 5}\n", encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, stdin=io.StringIO("1\n3\nmuggins 1\n13\n"), stdout=out,
                    folder=tmp_path)
    keeper.run()
    assert "P1 calls Muggins, but nothing is unclaimed." in out.getvalue()
    assert "P1 loses 5 (a false Muggins call): -5." in out.getvalue() and scores(keeper) == [-5, 0]


def test_rules_without_claims_or_without_muggins_refuse_the_call_with_the_reason(tmp_path):
    """domino-muggins scores every multiple of five at once (no claims): nothing goes unclaimed.
    card-muggins-no-muggins (Sin Muggins: "Se elimina la regla del robo"): forgotten points are
    only lost, P2's 10 with them."""
    keeper, out, code = keep("domino-muggins", 2, ["1", "4 1", "muggins 2", "unclaimed"], folder=tmp_path)
    assert out.count("Not entered: under domino-muggins every score is added at once, without a claim: no points "
                     "go unclaimed.") == 2
    assert scores(keeper) == [5, 0]
    keeper, out, code = keep("card-muggins-no-muggins", 2, ["1", "10", "muggins 1", "unclaimed"], folder=tmp_path)
    assert ("Not entered: card-muggins-no-muggins has no Muggins: forgotten points are simply lost (type "
            "unclaimed).") in out
    assert scores(keeper) == [0, 0] and "P2's 10 points (multiple of five) are lost." in out


def test_a_steal_is_undone_saved_and_resumed(tmp_path):
    path = tmp_path / "steal.json"
    keeper, out, code = keep("card-muggins", 3, STEAL_3[:4] + ["undo"], folder=tmp_path)
    assert "Undone: muggins 2." in out and scores(keeper) == [0, 10, 15]   # the 15 is P3's again, as claimed
    keeper, out, code = keep("card-muggins", 3, STEAL_3 + [f"save {path}"], folder=tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 5 and data["entries"] == STEAL_3
    out = io.StringIO()
    resumed = Keeper(load_rules("card-muggins"), "card-muggins", 3, stdin=io.StringIO("sheet\n"), stdout=out,
                     folder=tmp_path)
    resumed.resume(path)
    resumed.run(header=False)
    assert scores(resumed) == [0, 55, 0] and "1 (in play) | +0 = 0 | +55 = 55 | +0 = 0" in out.getvalue()


def test_a_winning_score_stolen_no_longer_wins(tmp_path):
    """CARDS ends with P2's 20 reaching 61; left unclaimed and called by P1, it is P1's: 28 + 20 = 48,
    P2 stays at 41, and nobody has won."""
    keeper, out, code = keep(short_rounds(tmp_path), 2, CARDS + ["muggins 1"], folder=tmp_path)
    assert "The win of P2 no longer stands" in out and scores(keeper) == [48, 41]
    assert keeper.tracker.table.outcome is None


def test_a_player_going_out_with_an_unclaimed_score_is_typed_after_the_call(tmp_path):
    """domino-muggins-claims and a house bonus of 10 for going out, added at once (claim: false):
    P1 5; P1's 12 3 (15, unclaimed, taken by P2) is their last tile, the seventh: `domino 1` typed
    after the call still scores the bonus with it. P2 holds 3 pips: loses 5 (domino-muggins.es.txt:
    "suma 3 y descuenta 5")."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins-claims\nname: out-bonus\nscoring:\n"
                     "  - {name: multiple of five, when: \"ends_sum > 0 and ends_sum % 5 == 0\", points: ends_sum}\n"
                     "  - {name: going out, when: dominoed, points: \"10\", claim: false}\n", encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, stdin=io.StringIO(lines_of(
        "1", *P1_GOES_OUT[:9],           # up to [0|0]: 0 6
        "0 3", "4 3", "6 3",             # [3|6] on the 6; [0|4] on the 0; [4|6]
        "12 3",                          # P1 [6|6] on the 6: 15
        "muggins 2", "domino 1", "3")),
                    stdout=out, folder=tmp_path)
    keeper.run()
    assert scores(keeper) == [15, 10]
    assert "P1 scores 10 (going out): 15" in out.getvalue()


def test_a_call_that_takes_the_winning_points_says_the_win_moved(tmp_path):
    """A house game to 10: P2 leads a 10, which reaches the target ("gana el primer jugador que
    llega al objetivo") and wins as claimed; P1 then says P2 had not claimed it and called «¡Muggins!»:
    the 10 is P1's, so P1 wins, and the keeper says P2's win no longer stands."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: card-muggins\nname: to-ten\nwin: {target: 10}\n", encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), 2, stdin=io.StringIO("1\n10\nmuggins 1\n"), stdout=out,
                    folder=tmp_path)
    keeper.run()
    text = out.getvalue()
    assert "P2 wins with 10" in text and "The win of P2 no longer stands" in text and "P1 wins with 10" in text
    assert scores(keeper) == [10, 0]


def test_a_second_call_on_the_same_play_is_refused_as_already_decided(tmp_path):
    """`unclaimed` says P2's 10 was lost; a `muggins 1` after it cannot take what is gone, and is
    not "nothing scored" either: the play's points were already decided."""
    keeper, out, code = keep("card-muggins", 2, ["1", "10", "unclaimed", "muggins 1"], folder=tmp_path)
    assert ("Not entered: the previous play's unclaimed points are already decided by the entry before: one "
            "muggins or unclaimed after a play.") in out
    assert "there is nothing to take" not in out and scores(keeper) == [0, 0]


# -- calls on a going out, false calls, and what the keeper says about misplaced calls ------------
# House rules: fives-and-threes with claims (every score claimed, Muggins after the next action, a
# false call costing 2, or none). The chip-out point ("chipping out": 1 point with the last tile)
# is claimed as any score. The entries are round 1 of the bot game
# `muggins play F3_CLAIMS --seed 21 --players 2 --forget 0.4 --attention 0.6`, whose log ends it
# "End of round 1: P1 16, P2 12": P2's last tile [1|5] makes 13, and its chip-out point is neither
# claimed nor called (lost).

F3_CLAIMS = ("extends: fives-and-threes\nname: house-f3-claims\nclaims: {required: true}\n"
             "muggins: {enabled: true, window: next_action, order: turn, false_call: 2}\n")
F3_ROUND_1 = [
    "2",            # P2 opens
    "6 3",          # P2: 9, threes 3                                   P2 3
    "3 12",         # P1: 15, fives 3 and threes 5                      P1 8
    "6 12",         # P2: 18, threes 6, not claimed ...
    "muggins 1",    # ... and taken by P1                               P1 14
    "6 0",          # P1: 6, threes 2                                   P1 16
    "6 4",          # P2: 10, fives 2                                   P2 5
    "2 4",          # P1: 6, threes 2, not claimed ...
    "muggins 2",    # ... and taken by P2                               P2 7
    "0 4", "0 8", "5 8", "6 8",
    "1 8",          # P2: 9, threes 3                                   P2 10
    "2 8",          # P1: 10, fives 2, not claimed ...
    "muggins 2",    # ... and taken by P2                               P2 12
    "5 8",          # P2's last tile: 13, only the chip-out point
]


def house_keeper(tmp_path, text, players, lines, lang="en", resume=None):
    """A keeper of the house rules `text` run on the typed lines; returns it and its output."""
    house = tmp_path / "house.yaml"
    house.write_text(text, encoding="utf-8")
    out = io.StringIO()
    keeper = Keeper(load_rules(str(house)), str(house), players, lang,
                    stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out, folder=tmp_path)
    if resume is not None:
        keeper.resume(resume)
    keeper.run(header=resume is None)
    return keeper, out.getvalue()


def test_a_call_typed_between_the_last_tile_and_domino_is_decided_by_the_domino(tmp_path):
    """README: "for a domino going out the call comes between the tile and `domino P`". The tile
    alone scores nothing, so the call waits for the entry after it: `domino 2` makes the chip-out
    point P2's, unclaimed and lost (the bot game: P1 16, P2 12), or P1's when P1 called (17)."""
    keeper, out = house_keeper(tmp_path, F3_CLAIMS, 2, F3_ROUND_1 + ["unclaimed", "domino 2"])
    assert "Not entered" not in out and scores(keeper) == [16, 12]
    assert ("Unclaimed: P2's play scores only if P2 went out with it: the next entry decides (domino 2 if P2 did)."
            in out)
    assert "P2's 1 point (chipping out) is lost." in out and "End of round 1: P1 16, P2 12." in out
    keeper, out = house_keeper(tmp_path, F3_CLAIMS, 2, F3_ROUND_1 + ["muggins 1", "domino 2"])
    assert "Not entered" not in out and "P1 loses" not in out and scores(keeper) == [17, 12]
    assert "P1: Muggins! P1 takes P2's 1 point (chipping out)." in out


def test_a_held_call_is_saved_and_resumed_to_the_same_scores(tmp_path):
    """A save made while the call waits holds it (nothing decided yet: not a false call, which would
    cost P1 2); resumed, the `domino` decides it as typed in one go."""
    path = tmp_path / "held.json"
    keeper, out = house_keeper(tmp_path, F3_CLAIMS, 2, F3_ROUND_1 + ["muggins 1", f"save {path}"])
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][-2:] == ["5 8", "muggins 1"]
    assert scores(keeper) == [16, 12] and "P1 loses" not in out
    keeper, out = house_keeper(tmp_path, F3_CLAIMS, 2, ["domino 2"], resume=path)
    assert "Not entered" not in out and scores(keeper) == [17, 12]
    assert out.startswith(f"Resumed from {path}: 18 entries.\nScores: P1 16, P2 12.\n")  # the scores, at once


# the same house rules with a boneyard to draw from: a player who placed a hand's seven tiles may hold
# more, so only the entry after their seventh says whether they went out
F3_DRAW = F3_CLAIMS + "draw: {reserve: 0}\n"


def test_a_held_call_on_a_tile_that_did_not_go_out_is_a_false_call_or_refused(tmp_path):
    """After P2's seventh tile, 5 8 (13: nothing unless P2 went out), a call waits; P1's next tile,
    5 6 (11: nothing), says P2 did not go out: with a false call of 2 it costs P1 2 (16 - 2 = 14);
    without one, the tile is refused with what to do."""
    keeper, out = house_keeper(tmp_path, F3_DRAW, 2, F3_ROUND_1 + ["muggins 1", "5 6"])
    assert "P1 calls Muggins on P2's play, which scores only if P2 went out with it" in out
    assert "P1 loses 2 (a false Muggins call): 14." in out and scores(keeper) == [14, 12]
    no_false = F3_DRAW.replace("false_call: 2", "false_call: null")
    keeper, out = house_keeper(tmp_path, no_false, 2, F3_ROUND_1 + ["sin reclamar", "5 6"], lang="es")
    assert ("No se anota: el muggins o sin reclamar anterior es sobre la jugada de J2, que solo puntúa si J2 terminó "
            "con ella: escribe fin 2 si terminó, o deshazlo.") in out
    assert keeper.entries == F3_ROUND_1 + ["unclaimed"] and scores(keeper) == [16, 12]


def test_a_call_on_a_tile_its_player_cannot_have_gone_out_with_is_decided_at_once(tmp_path):
    """A player goes out with the last tile of their hand: P1's first tile (3 4, 7: nothing) cannot be
    it, so a call typed after it waits for nothing. It is decided at once: P2's false call costs P2 2
    (P2's 6 3 made 9, threes 3: 3 - 2 = 1), and `unclaimed` is refused, the tile having scored nothing."""
    keeper, out = house_keeper(tmp_path, F3_CLAIMS, 2, ["2", "6 3", "3 4", "muggins 2"])
    assert "went out" not in out and "P2 loses 2 (a false Muggins call): 1." in out and scores(keeper) == [0, 1]
    keeper, out = house_keeper(tmp_path, F3_DRAW, 2, F3_ROUND_1[:10] + ["unclaimed"])
    assert "Not entered: the previous play scored nothing: no points went unclaimed." in out
    assert keeper.entries == F3_ROUND_1[:10] and "went out" not in out


CLAIMS_FALSE = "extends: domino-muggins-claims\nname: house-claims-false\nmuggins: {false_call: 5}\n"


def test_a_false_call_on_claimed_points_costs_the_caller(tmp_path):
    """P1 leads 4 1 and claims the 5; P2 calls "Muggins!" all the same: under a false call of 5 it
    costs P2 5 (the engine's call with nothing unclaimed), and P1 keeps the 5. In Spanish too."""
    keeper, out = house_keeper(tmp_path, CLAIMS_FALSE, 3, ["1", "4 1", "false muggins 2", "help"])
    assert scores(keeper) == [5, -5, 0] and keeper.entries == ["1", "4 1", "false muggins 2"]
    assert "P2 calls Muggins, but nothing is unclaimed." in out and "false muggins P when player P called" in out
    for typed in ("falso muggins J2", "muggins falso 2"):
        keeper, out = house_keeper(tmp_path, CLAIMS_FALSE, 3, ["1", "4 1", typed, "deshacer"], lang="es")
        assert "J2 descuenta 5 (un «¡Muggins!» en falso): -5" in out and "Deshecho: falso muggins 2." in out


def test_a_false_call_is_made_by_an_opponent_of_the_plays_player_after_a_play(tmp_path):
    """In play a Muggins call is made by an opponent of the play's scorer (the shared table's callers),
    so a call with nothing unclaimed by the play's own player, or their partner, is refused as `muggins
    P` is, and so is a call before the round's first play. P1's 4 1 scores 5, and only P1's call on P2's
    2 4 (nothing) is a false call: it costs P1 5."""
    keeper, out = house_keeper(tmp_path, CLAIMS_FALSE, 3, ["1", "false muggins 2", "muggins 2", "4 1",
                                                           "false muggins 1", "2 4", "muggins 2", "falso muggins 1"])
    assert out.count("Not entered: nobody has played yet this round: a call is typed right after the play it is on, "
                     "once there is one.") == 2
    assert out.count("Not entered: the play is P1's own: only an opponent calls Muggins on it.") == 1
    assert out.count("Not entered: the play is P2's own: only an opponent calls Muggins on it.") == 1
    assert keeper.entries == ["1", "4 1", "2 4", "false muggins 1"] and scores(keeper) == [0, 0, 0]
    partners = ("extends: domino-partnership-all-fives\nname: partnership-false\nclaims: {required: true}\n"
                "muggins: {false_call: 5}\n")
    keeper, out = house_keeper(tmp_path, partners, 4, ["1", "10", "false muggins 3", "falso muggins 2"], lang="es")
    assert ("No se anota: J3 no es oponente de J1 (los compañeros comparten puntuación): solo un oponente grita "
            "«¡Muggins!».") in out
    assert scores(keeper) == [10, -5, 10, -5]     # P1's 10 for the side of P1 and P3; P2's call costs P2 and P4 5
    assert "J2 descuenta 5 (un «¡Muggins!» en falso) al bando de J2 y J4: -5 " in out  # as a gain is said


def test_a_false_call_is_refused_where_the_rules_have_none_and_help_does_not_list_it(tmp_path):
    keeper, out, code = keep("domino-muggins-claims", 3, ["1", "4 1", "false muggins 2", "help"], folder=tmp_path)
    assert ("Not entered: under domino-muggins-claims a wrong Muggins call costs nothing: there is no false call to "
            "enter.") in out
    assert "false muggins" not in out.split("Not entered")[-1] and scores(keeper) == [5, 0, 0]
    keeper, out, code = keep("domino-muggins-claims", 3, ["1", "4 1", "falso muggins"], lang="es", folder=tmp_path)
    assert "No se anota: escribe quién gritó «¡Muggins!»: falso muggins J." in out


def test_a_call_after_turn_or_after_domino_says_where_it_goes(tmp_path):
    """The 5 was scored; a call typed after `turn 3` is not on a play that "scored nothing"; after
    `domino 2` it comes before the domino."""
    keeper, out, code = keep("domino-muggins-claims", 3, ["1", "4 1", "turn 3", "muggins 2"], folder=tmp_path)
    assert "P3 plays next." in out and "scored nothing" not in out
    assert ("Not entered: a call is typed right after the play it is on, before turn 3: undo, type the call, then "
            "turn 3 again.") in out
    keeper, out, code = keep("domino-muggins-claims", 3, ["1", *P1_GOES_OUT[:-1], "fin 1", "muggins 2"],
                             lang="es", folder=tmp_path)
    assert ("No se anota: muggins o sin reclamar sobre los puntos de la jugada que cerró la ronda va antes de fin 1: "
            "deshaz, escríbelo y luego otra vez fin 1.") in out


def test_commands_that_fail_are_not_done_and_undo_says_how_many_it_can_take_back(tmp_path):
    keeper, out, code = keep("domino-muggins", 3, ["1", "4 1", "save nodir/x.json", "undo 0", "undo 99999999999",
                                                   "muggins P4", "turn P4"], folder=tmp_path)
    assert "Not done: cannot write nodir/x.json" in out and "Not entered: cannot write" not in out
    assert "Not done: undo '0': undo takes back from 1 to 2 entries, as many as have been made." in out
    assert "Not done: undo '99999999999': undo takes back" in out
    assert out.count("'P4' is not a player") == 2 and "'p4'" not in out   # the call's and the turn's


def test_typed_text_quoted_back_is_cut_one_way_everywhere(tmp_path):
    """A long entry, a long player and a long undo count are quoted alike: their first 37 characters
    and "...", 40 in all, in quotes."""
    long = "x" * 60
    keeper, out, code = keep("domino-muggins", 3, ["1", long, f"turn P{long}", "undo " + "9" * 60], folder=tmp_path)
    assert out.count(repr("x" * 37 + "...")) == 1 and out.count(repr("Px" + "x" * 35 + "...")) == 1
    assert "Not done: undo " + repr("9" * 37 + "...") + ": undo takes back" in out and "…" not in out


def test_a_huge_score_is_tallied_in_a_line_at_play_and_at_the_keeper(tmp_path, monkeypatch, capsys):
    """A house entry worth 10^12 (the schema allows it): the tally writes the crosses' count, not
    2 * 10^10 symbols (which ran out of memory), at the keeper, on its sheet and in play --tally;
    10^12 points are 20,000,000,000 crosses of 50 (the text's notation), nothing left over."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "huge.yaml").write_text("extends: domino-muggins\nname: huge\nscoring:\n"
                                        "  - {name: big, when: \"ends_sum % 5 == 0\", points: 1000000000000}\n")
    keeper, out, code = keep(str(tmp_path / "huge.yaml"), 2, ["1", "4 1", "sheet s.html"], folder=tmp_path)
    assert scores(keeper) == [10 ** 12, 0] and "[⊠×20000000000]" in out
    assert "⊠×20000000000" in (tmp_path / "s.html").read_text() and len(out) < 5000
    capsys.readouterr()
    assert main(["play", str(tmp_path / "huge.yaml"), "--seed", "1", "--tally", "--max-rounds", "1"]) == 0
    played = capsys.readouterr().out
    assert "⊠×20000000000" in played and max(len(line) for line in played.splitlines()) < 200


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_svg_score_sheet_is_as_wide_as_its_title(lang, tmp_path):
    """The sheet was as wide as its columns only: with two players, 510 pixels, and the title
    ('Score sheet: Domino Muggins (domino-muggins), 2 players, target 250', 17 px bold) was cut
    after 'domino-m'. Every text, guessed at 0.6 of its size a character (bold 0.65), lies inside."""
    keep("domino-muggins", 2, [f"sheet {tmp_path / 'sheet.svg'}"], lang, folder=tmp_path)
    root = ET.fromstring((tmp_path / "sheet.svg").read_text(encoding="utf-8"))
    left, top, width, height = (float(v) for v in root.get("viewBox").split())
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0].text.startswith({"en": "Score sheet: ", "es": "Hoja de puntuación: "}[lang])
    for text in texts:
        size = float(text.get("font-size", root.get("font-size")))
        right = float(text.get("x")) + (0.65 if text.get("font-weight") == "bold" else 0.6) * size * len("".join(text.itertext()))
        assert left <= float(text.get("x")) and right <= left + width, "".join(text.itertext())


def test_the_sheet_names_a_winning_side_as_partners_who_win_together():
    """Partners win together, and the sheet said 'Winner: P1, P3' ('Gana: J1, J3'): the side is
    named as play and replay name it, 'P1 and P3', with the verb in the plural."""
    from muggins.keep import sheet_html, sheet_svg
    rules = load_rules("domino-partnership-all-fives")
    state = make_game(rules, 4, 300).new_state(1)
    run_game(state, make_bots(["greedy"] * 4, 1))
    tracker, _ = replay(rules, 4, _domino_entries(rules, 4, state))
    first, second = sorted((state.outcome.winner, (state.outcome.winner + 2) % 4))   # partners sit two apart
    for lang, said in (("en", f"Winners: P{first + 1} and P{second + 1}"), ("es", f"Ganan: J{first + 1} y J{second + 1}")):
        assert sheet_text(tracker, lang)[-1] == said
        assert said in sheet_svg(tracker, lang) and said in sheet_html(tracker, lang)
