"""Pictures of the table: valid SVG, one element per piece, doubles crosswise, ends labelled."""
from __future__ import annotations

import xml.etree.ElementTree as ET

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
