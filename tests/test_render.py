"""Pictures of the table: valid SVG, one element per piece, doubles crosswise, ends labelled."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from muggins.engine import make_game
from muggins.families import family_of
from muggins.loader import load_rules
from muggins.pieces import Tile

SVG = "{http://www.w3.org/2000/svg}"


def _groups(svg: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == SVG + "svg"
    return [g for g in root.iter(SVG + "g") if g.get("class", "").split()[0] == kind]


def _spinner_line() -> tuple:
    rules = load_rules("domino-muggins-spinner")
    game = make_game(rules, 2)
    t = Tile.parse
    # the spinner 5-5 opens; both its sides played, its arms open; 3-3 crosswise at the top
    placements = [(t("5-5"), None), (t("1-5"), 1), (t("2-5"), 0), (t("3-5"), 2), (t("4-5"), 3), (t("3-3"), 2)]
    return rules, game.setup([[t("0-0")], [t("0-1")]], [], placements)


def test_the_line_has_a_tile_element_per_tile_and_doubles_turned_crosswise():
    rules, state = _spinner_line()
    tiles = _groups(family_of(rules).render_svg(rules, state, "en"), "tile")
    assert sorted(g.get("data-tile") for g in tiles) == ["1-5", "2-5", "3-3", "3-5", "4-5", "5-5"]
    turn = {g.get("data-tile"): g.get("transform").split("(")[1].split()[0] for g in tiles}
    # on the horizontal line a double lies across (turned 90 degrees), a plain tile along it;
    # on the spinner's vertical arms it is the other way round
    assert turn["5-5"] == "90" and turn["1-5"] == "0" and turn["2-5"] == "0"
    assert turn["3-5"] == "90" and turn["4-5"] == "90" and turn["3-3"] == "0"
    assert {g.get("data-tile") for g in tiles if "double" in g.get("class")} == {"5-5", "3-3"}


def test_every_open_end_is_marked_with_its_value_and_what_it_counts():
    rules, state = _spinner_line()
    svg = family_of(rules).render_svg(rules, state, "en")
    labels = sorted("".join(g.itertext()) for g in _groups(svg, "end"))
    # ends: left 2, right 1, up the double 3-3 (both halves: 6), down 4
    assert labels == ["1, counts 1", "2, counts 2", "3, counts 6", "4, counts 4"]
    assert "Open ends: 2 + 1 + 6 + 4 = 13" in svg
    assert "aporta 6" in family_of(rules).render_svg(rules, state, "es")


def test_the_pile_has_a_card_element_per_card_with_its_suit_symbol():
    rules = load_rules("card-muggins")
    game = make_game(rules, 2)
    cards = [game.deck.parse(c) for c in ("10S", "KD", "AC", "3H")]
    state = game.setup([[game.deck.parse("5H")], [game.deck.parse("2C")]], pile=cards)
    svg = family_of(rules).render_svg(rules, state, "en")
    found = _groups(svg, "card")
    assert [g.get("data-card") for g in found] == ["10S", "KD", "AC", "3H"]
    assert "♠" in "".join(found[0].itertext()) and "♥" in "".join(found[3].itertext())
    assert "Running total 24 of 31" in svg      # 10 + 10 + 1 + 3


@pytest.mark.parametrize("lang, one_card, one_tile", [("en", "Card pile: 1 card", "Domino line: 1 tile"),
                                                      ("es", "Pila de cartas: 1 carta", "Línea de dominó: 1 ficha")])
def test_the_title_of_a_picture_counts_one_piece_in_the_singular(lang, one_card, one_tile):
    cards = load_rules("card-muggins")
    game = make_game(cards, 2)
    state = game.setup([[game.deck.parse("5H")], [game.deck.parse("2C")]], pile=[game.deck.parse("10S")])
    assert ET.fromstring(family_of(cards).render_svg(cards, state, lang)).find(SVG + "title").text == one_card
    tiles = load_rules("domino-muggins")
    t = Tile.parse
    state = make_game(tiles, 2).setup([[t("0-0")], [t("0-1")]], [], [(t("5-5"), None)])
    assert ET.fromstring(family_of(tiles).render_svg(tiles, state, lang)).find(SVG + "title").text == one_tile


def test_render_command_draws_a_recorded_game_at_a_move(tmp_path):
    from muggins.cli import main
    record, picture = tmp_path / "game.json", tmp_path / "line.svg"
    assert main(["play", "domino-muggins", "--players", "2", "--seed", "4", "--record", str(record)]) == 0
    assert main(["render", str(record), "--move", "1", "-o", str(picture)]) == 0
    tiles = _groups(picture.read_text("utf-8"), "tile")
    assert len(tiles) == 1                      # after one move: the opening tile alone
    assert main(["render", str(record), "--move", "1", "-o", str(picture)]) == 1   # never over a file
    assert main(["render", str(record), "--move", "100000", "-o", str(tmp_path / "x.svg")]) == 1
    assert not (tmp_path / "x.svg").exists()


def test_render_refuses_a_name_that_is_not_svg_and_says_its_errors_in_the_language(tmp_path, capsys):
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "card-muggins", "--seed", "2", "--record", str(record)]) == 0
    capsys.readouterr()
    for name in ("x.png", "x.PNG", "x.svg.txt", "x"):
        assert main(["render", str(record), "-o", str(tmp_path / name)]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "must end in .svg" in err, err
        assert not (tmp_path / name).exists()
    assert main(["render", str(record), "-o", str(tmp_path / "x.png"), "--lang", "es"]) == 2
    assert "el fichero debe terminar en .svg" in capsys.readouterr().err
    assert main(["render", str(record), "-o", str(tmp_path / "x.SVG")]) == 0
    assert main(["render", str(record), "--move", "9999", "-o", str(tmp_path / "y.svg"), "--lang", "es"]) == 1
    assert "no hay jugada 9999" in capsys.readouterr().err
    assert main(["render", str(tmp_path / "nope.json"), "-o", str(tmp_path / "y.svg"), "--lang", "es"]) == 1
    assert "nope.json: no se puede leer: no existe el fichero o la carpeta" in capsys.readouterr().err
    assert main(["replay", str(record), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d+ jugadas reproducidas; objetivo alcanzado, gana J\d, puntuaciones \[\d+, \d+\] tras 1 ronda\b",
                     out), out
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d+ moves replayed; target reached, winner P\d, scores \[\d+, \d+\] after 1 round$", out.strip())


@pytest.mark.parametrize("command", [["play", "card-muggins"], ["keep", "card-muggins"],
                                     ["simulate", "card-muggins", "--games", "2"]])
def test_a_player_count_the_rules_do_not_allow_is_refused_in_the_language(command, tmp_path, monkeypatch, capsys):
    from muggins.cli import main
    monkeypatch.chdir(tmp_path)
    assert main([*command, "--players", "9", "--lang", "es"]) == 1
    assert "muggins: card-muggins se juega con 2, 3, 4 jugadores, no con 9\n" == capsys.readouterr().err
    assert main([*command, "--players", "9", "--lang", "en"]) == 1
    assert "muggins: card-muggins is played by 2, 3, 4 players, not 9\n" == capsys.readouterr().err


def test_a_record_that_does_not_replay_is_refused_in_the_language(tmp_path, capsys):
    import json
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "domino-muggins", "--seed", "2", "--record", str(record)]) == 0
    data = json.loads(record.read_text("utf-8"))
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**data, "moves": data["moves"][:5]}), "utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**data, "digest": "0" * 64}), "utf-8")
    capsys.readouterr()
    assert main(["replay", str(short), "--lang", "es"]) == 1
    assert "el acta termina tras 5 jugadas, antes de que acabe la partida" in capsys.readouterr().err
    assert main(["replay", str(other), "--lang", "es"]) == 1
    assert "el acta se hizo con otras reglas para 'domino-muggins'" in capsys.readouterr().err
    assert main(["replay", str(short)]) == 1
    assert "the record ends after 5 moves, before the game is over" in capsys.readouterr().err


def _round_ends(record_path) -> list[int]:
    """The moves (counted from 1) after which a round ended, found by replaying the record."""
    import json
    from muggins.records import read_record, replay
    record = read_record(record_path)
    ends, state = [], replay(record, moves=0)
    for number, text in enumerate(record.moves, 1):
        start = len(state.events)
        state.play(state.game.parse_move(text))
        if any(type(event).__name__ == "RoundEnded" for event in state.events[start:]):
            ends.append(number)
    assert ends and json.loads(record_path.read_text("utf-8"))["moves"] == record.moves
    return ends


def test_the_move_that_ends_a_domino_round_draws_the_line_it_ended_with(tmp_path):
    """README: render draws the table after move N. The move that ends a round (the last tile, or
    the pass that blocks it) leaves that round's line on the table, not the next round's empty one:
    its tiles are every tile the record places in that round."""
    import json
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "domino-muggins", "--seed", "5", "--record", str(record)]) == 0
    moves = json.loads(record.read_text("utf-8"))["moves"]
    ends = _round_ends(record)
    assert moves[ends[0] - 1] == "pass"                    # this seed's first round is blocked
    begin = 0
    for end in ends:
        placed = sorted(text.split()[0] for text in moves[begin:end] if text[0].isdigit())
        picture = tmp_path / f"after-{end}.svg"
        assert main(["render", str(record), "--move", str(end), "-o", str(picture)]) == 0
        drawn = sorted(g.get("data-tile") for g in _groups(picture.read_text("utf-8"), "tile"))
        assert drawn == placed, end
        begin = end
    assert main(["render", str(record), "--move", str(ends[0] + 1), "-o", str(tmp_path / "next.svg")]) == 0
    assert len(_groups((tmp_path / "next.svg").read_text("utf-8"), "tile")) == 1    # the next round's opening


def test_the_card_that_closes_the_pile_at_the_limit_as_a_round_ends_is_drawn_on_it(tmp_path):
    """A pile that closes at 31 with the round's last card stays on the table after that card:
    walking back from it, the cards played add up to exactly 31 (cribbage values, pictures 10)."""
    import json
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "card-cribbage-pegging", "--seed", "10", "--record", str(record)]) == 0
    moves = json.loads(record.read_text("utf-8"))["moves"]
    value = {"A": 1, "J": 10, "Q": 10, "K": 10}
    for end in _round_ends(record):
        pile, total = [], 0
        for text in reversed(moves[:end]):
            if text[0].isalnum() and text not in ("go", "claim", "decline", "muggins"):
                pile.insert(0, text)
                total += value.get(text[:-1]) or int(text[:-1])
            if total >= 31:
                break
        if total != 31 or moves[end - 1] != pile[-1]:
            continue                                       # this round did not end on a pile of 31
        picture = tmp_path / "pile.svg"
        assert main(["render", str(record), "--move", str(end), "-o", str(picture)]) == 0
        svg = picture.read_text("utf-8")
        assert [g.get("data-card") for g in _groups(svg, "card")] == pile and "Running total 31 of 31" in svg
        return
    pytest.fail("no round of this game ends on a pile of 31")


def test_replay_names_the_winning_side_of_a_partnership_game_as_play_does(tmp_path, capsys):
    """Partners share one score and win together: replay's summary names both, as play's log does
    (`P1 and P3 win with ...`), in both languages."""
    import json
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "domino-partnership-all-fives", "--seed", "5", "--record", str(record)]) == 0
    scores = json.loads(record.read_text("utf-8"))["outcome"]["scores"]
    side = [seat + 1 for seat, score in enumerate(scores) if score == max(scores)]
    assert len(side) == 2 and side[1] - side[0] == 2            # partners sit two seats apart and share a score
    assert f"P{side[0]} and P{side[1]} win with" in capsys.readouterr().out
    assert main(["replay", str(record)]) == 0
    assert f"; target reached, winners P{side[0]} and P{side[1]}, scores" in capsys.readouterr().out
    assert main(["replay", str(record), "--lang", "es"]) == 0
    assert f"; objetivo alcanzado, ganan J{side[0]} y J{side[1]}, puntuaciones" in capsys.readouterr().out


@pytest.mark.parametrize("move", ["9" * 5000, "9" * 19, "٣", "０", "1.5", "abc", ""], ids=lambda m: repr(m[:8]))
def test_a_move_number_that_is_no_number_is_a_usage_error_quoted_short(move, tmp_path, capsys):
    """README: a refused text is quoted back at most 40 characters long; --move is a count of moves
    in ASCII digits (argparse's int() took '٣' as 3 and echoed 5000 digits whole)."""
    from muggins.cli import main
    record = tmp_path / "game.json"
    assert main(["play", "card-muggins", "--seed", "2", "--record", str(record)]) == 0
    capsys.readouterr()
    for lang, said in (("en", "--move takes a number of moves, such as 12, not "),
                       ("es", "--move toma un número de jugadas, como 12, no ")):
        assert main(["render", str(record), "--move", move, "-o", str(tmp_path / "x.svg"), "--lang", lang]) == 2
        err = capsys.readouterr().err
        quoted = repr(move if len(move) <= 40 else move[:37] + "...")
        assert err == f"muggins: {said}{quoted}\n" and len(quoted) <= 42, err
    assert not (tmp_path / "x.svg").exists()
    assert main(["render", str(record), "--move", "9" * 18, "-o", str(tmp_path / "x.svg")]) == 1
    assert capsys.readouterr().err.endswith(": there is no move 999999999999999999\n")
