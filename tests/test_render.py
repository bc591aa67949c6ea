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


# -- a long line turns within the page -----------------------------------------------------------
# Read back from the SVG alone (not from the drawing code): each tile's box on the page, and each
# half's centre and value, counting the pips drawn inside it.

HALF = 36                      # a tile is two squares of this side, as drawn
PAGE = 1000                    # the widest a line's picture may be: a screen's, a printed page's


def _turned(x: float, y: float, angle: float, cx: float, cy: float) -> tuple[float, float]:
    import math
    a = math.radians(angle)
    return (cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a), cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a))


def _drawn_tiles(svg: str) -> list[dict]:
    """Every tile as drawn: its name, its box after turning, and its two halves (value, centre)."""
    tiles = []
    for g in _groups(svg, "tile"):
        angle, cx, cy = (float(v) for v in re.fullmatch(r"rotate\((\S+) (\S+) (\S+)\)", g.get("transform")).groups())
        rect = g.find(SVG + "rect")
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        corners = [_turned(px, py, angle, cx, cy) for px in (x, x + w) for py in (y, y + h)]
        box = (min(p[0] for p in corners), min(p[1] for p in corners), max(p[0] for p in corners), max(p[1] for p in corners))
        pips = [0, 0]
        for dot in g.iter(SVG + "circle"):
            pips[float(dot.get("cx")) > x + w / 2] += 1
        halves = [(pips[i], _turned(x + w * (1 + 2 * i) / 4, y + h / 2, angle, cx, cy)) for i in (0, 1)]
        tiles.append({"name": g.get("data-tile"), "box": box, "halves": halves})
    return tiles


def _apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _text_box(text: ET.Element) -> tuple[float, float, float, float]:
    """A text's box, guessing a character at 0.6 of the font's size (wider than sans-serif's)."""
    size = float(text.get("font-size"))
    width = 0.6 * size * len("".join(text.itertext()))
    x, y = float(text.get("x")), float(text.get("y"))
    x0 = {"end": x - width, "middle": x - width / 2}.get(text.get("text-anchor", "start"), x)
    return (x0, y - size, x0 + width, y + 0.3 * size)


def _check_picture(svg: str, line, lang: str) -> None:
    """Inside the page, no piece over another, and each tile touching the one it was placed on
    by the matching half: the same tiles in the same order as the engine's line."""
    root = ET.fromstring(svg)
    left, top, width, height = (float(v) for v in root.get("viewBox").split())
    assert width <= PAGE and height <= PAGE
    drawn = _drawn_tiles(svg)
    assert sorted(t["name"] for t in drawn) == sorted(str(t).strip("[]").replace("|", "-") for t in line.tiles)
    texts = [_text_box(t) for g in _groups(svg, "end") for t in g.iter(SVG + "text")]
    texts.append(_text_box(root.findall(SVG + "text")[-1]))
    assert len(texts) == len(line.ends) + 1
    boxes = [t["box"] for t in drawn] + texts
    for i, box in enumerate(boxes):
        assert left <= box[0] and box[2] <= left + width and top <= box[1] and box[3] <= top + height, box
        assert not any(_overlap(box, other) for other in boxes[i + 1:]), box
    by_name = {t["name"]: t for t in drawn}
    name = lambda low, high: f"{min(low, high)}-{max(low, high)}"
    first = line.tiles[0]
    for end, arm in ((end, arm) for end, arm in enumerate(line.arms) if arm):
        holder = by_name[name(first.low, first.high) if end < 2 else name(line.spinner.low, line.spinner.low)]
        for near, far in arm:
            tile = by_name[name(near, far)]
            meets = [centre for value, centre in holder["halves"] if value == near]
            touch = min(_apart(centre, meet) for meet in meets for value, centre in tile["halves"] if value == near)
            assert touch < 1.6 * HALF, (end, near, far)
            if near != far:
                far_centre = next(centre for value, centre in tile["halves"] if value == far)
                assert min(_apart(far_centre, meet) for meet in meets) > touch, (end, near, far)
            holder = tile
    words = {"en": "counts", "es": "aporta"}
    assert all(words[lang] in "".join(g.itertext()) for g in _groups(svg, "end"))


NINE_SPINNER = """extends: domino-muggins-double-nine
name: double-nine-spinner
title: Double nine with a spinner
description: a long line with four arms, to draw
line:
  spinner: true
"""


@pytest.mark.parametrize("rules, players, seed", [("domino-muggins-double-nine", 2, 1),
                                                   ("domino-muggins-spinner", 2, 3), ("domino-partnership-all-fives", 4, 2),
                                                   ("domino-muggins", 2, 2), ("fives-and-threes", 4, 3),
                                                   ("nine-spinner.yaml", 6, 2), ("nine-spinner.yaml", 2, 4)])
def test_a_long_line_turns_at_the_edge_keeping_every_tile_in_order(rules, players, seed, tmp_path, monkeypatch):
    """Every line of a game, after every move, in both languages: before, a line of 49 double-nine
    tiles drew 3600 pixels wide, and a double-nine spinner's line (its up arm 13 tiles long) 2213
    pixels wide and 1166 tall."""
    from muggins.cli import main
    from muggins.families.line import line_on_the_table
    from muggins.records import read_record, replay
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nine-spinner.yaml").write_text(NINE_SPINNER, "utf-8")
    assert main(["play", rules, "--players", str(players), "--seed", str(seed), "--record", "game.json"]) == 0
    record = read_record("game.json")
    state, longest = replay(record, rules if rules.endswith(".yaml") else None, moves=0), 0
    family = family_of(state.rules)
    for text in record.moves:
        state.play(state.game.parse_move(text))
        line = line_on_the_table(state)
        longest = max(longest, len(line.tiles), 2 * max(len(arm) for arm in line.arms[2:]))
        for lang in ("en", "es"):
            _check_picture(family.render_svg(state.rules, state, lang), line, lang)
    assert longest * 2 * HALF > PAGE            # some line (or two up arms) could not lie straight on the page


@pytest.mark.parametrize("lang, caption", [("en", "The line is empty"), ("es", "La línea está vacía")])
def test_the_caption_of_an_empty_line_lies_inside_its_picture(lang, caption):
    """Before the opening tile the picture held nothing but its caption, and was sized to nothing:
    72 pixels wide, the caption cut after 'The lin'."""
    rules = load_rules("domino-muggins")
    state = make_game(rules, 2).setup([[Tile.parse("0-0")], [Tile.parse("0-1")]], [], [])
    _assert_caption_inside(family_of(rules).render_svg(rules, state, lang), caption)


@pytest.mark.parametrize("lang, caption", [("en", "Running total 19 of 31"), ("es", "Total acumulado 19 de 31")])
def test_the_caption_of_a_short_pile_lies_inside_its_picture(lang, caption):
    """Two cards make a picture 144 pixels wide, widened for the caption to 16 + 9 pixels a character,
    though the caption starts 20 in: 'Total acumulado 19 de 31' ended within 3 pixels of the edge."""
    rules = load_rules("card-muggins")
    game = make_game(rules, 2)
    state = game.setup([[game.deck.parse("5H")], [game.deck.parse("2C")]],
                       pile=[game.deck.parse("9S"), game.deck.parse("10S")])
    _assert_caption_inside(family_of(rules).render_svg(rules, state, lang), caption)


def _assert_caption_inside(svg: str, caption: str) -> None:
    """The picture's last text is `caption`, and its box lies inside the viewBox."""
    root = ET.fromstring(svg)
    left, top, width, height = (float(v) for v in root.get("viewBox").split())
    text = root.findall(SVG + "text")[-1]
    assert "".join(text.itertext()) == caption
    x0, y0, x1, y1 = _text_box(text)
    assert left <= x0 and x1 <= left + width and top <= y0 and y1 <= top + height


def test_a_number_on_a_standing_tile_stands_upright(tmp_path):
    """Beyond 9 a half shows its number; on a tile standing up (a spinner's arm, a corner, a double
    across a row) the number turned with the tile, and read sideways."""
    (tmp_path / "twelve.yaml").write_text("extends: domino-muggins-spinner\nname: twelve\npieces:\n  tiles:\n"
                                          "    highest_pip: 12\n", "utf-8")
    rules = load_rules(str(tmp_path / "twelve.yaml"))
    t = Tile.parse
    placements = [(t("10-10"), None), (t("10-11"), 1), (t("10-12"), 0), (t("10-3"), 2), (t("10-4"), 3)]
    state = make_game(rules, 2).setup([[t("0-0")], [t("0-1")]], [], placements)
    svg = family_of(rules).render_svg(rules, state, "en")
    numbers = 0
    for g in _groups(svg, "tile"):
        turned = float(g.get("transform").split("(")[1].split()[0])
        for text in g.iter(SVG + "text"):
            own = text.get("transform")
            back = float(own.split("(")[1].split()[0]) if own else 0.0
            assert (turned + back) % 360 == 0, (g.get("data-tile"), text.text)
            numbers += 1
    # 10 twice on the spinner, once on each of the four tiles, and 11 and 12
    assert numbers == 8
