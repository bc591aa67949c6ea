"""The domino line as a picture, drawn as the text's diagrams draw it: tiles end to end from the
opening tile, doubles crosswise, a spinner's arms up and down, and every open end marked with its
value and what it adds to the sum. SVG, so any front end (a page, a printed sheet) reuses it.

A long line turns as players turn it on a table: a row runs out to the edge, one tile turns the
corner and the next row runs back, so the picture stays within a page's width (`REACH` each side
of the centre) however many tiles a set has. Without a spinner's side arms the right arm's rows
stack downwards and the left arm's upwards, each row using the whole width; with them the line is
centred on the spinner and each arm turns into its own quarter of the table, clockwise (the right
arm down, the down arm left, the left arm up, the up arm right), so no arm ever crosses another."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence
from html import escape

from ...messages import count

CELL = 36                      # one half of a tile, in pixels
GAP = 2                        # between tiles
ROW = 2 * CELL + 2 * GAP       # between the centre lines of two rows: doubles crosswise in both still clear
CORNER = CELL + GAP            # kept free at a row's end for the tile that turns the corner
REACH = 12 * CELL              # how far from the centre a row runs before it turns
LABEL = 7.5                    # the width of a character of an end's label (13 px), a generous guess
CAPTION = 9.0                  # the same for the caption (16 px)
PIPS = {                       # pip positions on a 3 x 3 grid (column, row), for 0 to 9
    0: (), 1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((c, r) for c in range(3) for r in range(3)),
}
WORDS = {
    "en": {"sum": "Open ends: {terms} = {total}", "empty": "The line is empty", "end": "{value}, counts {amount}",
           "title": "Domino line: {tiles}"},
    "es": {"sum": "Extremos abiertos: {terms} = {total}", "empty": "La línea está vacía", "end": "{value}, aporta {amount}",
           "title": "Línea de dominó: {tiles}"},
}
# per open end (left, right, up, down): where its arm runs, and the side its rows stack on
AXES = (((-1, 0), (0, -1)), ((1, 0), (0, 1)), ((0, -1), (1, 0)), ((0, 1), (-1, 0)))


@dataclass(frozen=True)
class Spot:
    """Where a piece lies in its arm's own frame (the arm runs along +x, its rows stack along +y):
    its centre, the way the line runs through it there (a corner tile runs along +y), and whether
    it lies along that way (a double in a row lies across it; at a corner, along it as any tile)."""
    x: float
    y: float
    dx: int
    dy: int
    along: bool


class _Canvas:
    """Pieces placed around the centre; the picture is sized to what was placed and its caption."""

    def __init__(self) -> None:
        self.items: list[tuple[str, float, float, float, float]] = []   # (svg, x0, y0, x1, y1)

    def add(self, svg: str, x0: float, y0: float, x1: float, y1: float) -> None:
        self.items.append((svg, x0, y0, x1, y1))

    def spread(self) -> float:
        """How far from the centre, left or right, anything placed reaches."""
        return max((max(-x0, x1) for _, x0, _, x1, _ in self.items), default=0.0)

    def svg(self, caption: str, title: str) -> str:
        margin = CELL
        xs = [x for _, x0, _, x1, _ in self.items for x in (x0, x1)] or [0.0]
        ys = [y for _, _, y0, _, y1 in self.items for y in (y0, y1)] or [0.0]
        left, top = min(xs) - margin, min(ys) - margin
        width = max(max(xs) - left + margin, CAPTION * len(caption) + margin)
        height = max(ys) - top + margin + CELL
        body = "\n".join(item[0] for item in self.items)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:g} {top:g} {width:g} {height:g}" '
                f'width="{width:g}" height="{height:g}" font-family="sans-serif">\n'
                f"<title>{escape(title)}</title>\n"
                f'<rect x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}" fill="#1d6b3a"/>\n'
                f"{body}\n"
                f'<text x="{left + margin / 2:g}" y="{top + height - CELL / 2:g}" fill="white" font-size="16">'
                f"{escape(caption)}</text>\n</svg>\n")


def _half(value: int, x: float, y: float, angle: int) -> str:
    """One half of a tile, its top-left corner at (x, y) before the tile turns by `angle`: pips up
    to 9, the number beyond, turned back so that it stands upright on a standing tile too."""
    if value not in PIPS:
        upright = f' transform="rotate({-angle} {x + CELL / 2:g} {y + CELL / 2:g})"' if angle else ""
        return (f'<text x="{x + CELL / 2:g}" y="{y + CELL * 0.7:g}" text-anchor="middle" font-size="18"{upright}>'
                f"{value}</text>")
    step = CELL / 4
    return "".join(f'<circle cx="{x + step * (c + 1):g}" cy="{y + step * (r + 1):g}" r="{CELL / 14:g}"/>'
                   for c, r in PIPS[value])


def _tile(first: int, second: int, cx: float, cy: float, angle: int) -> str:
    """A tile centred at (cx, cy), `first` on its left before turning it by `angle` degrees."""
    x, y = cx - CELL, cy - CELL / 2
    double = first == second
    return (f'<g class="tile{" double" if double else ""}" data-tile="{min(first, second)}-{max(first, second)}" '
            f'transform="rotate({angle} {cx:g} {cy:g})">'
            f'<rect x="{x:g}" y="{y:g}" width="{2 * CELL:g}" height="{CELL:g}" rx="5" fill="ivory" stroke="black"/>'
            f'<line x1="{cx:g}" y1="{y + 4:g}" x2="{cx:g}" y2="{y + CELL - 4:g}" stroke="black"/>'
            f"{_half(first, x, y, angle)}{_half(second, cx, y, angle)}</g>")


def _lay(lengths: Sequence[float], doubles: Sequence[bool], start: float, reach: float, back: float) -> list[Spot]:
    """Lay the tiles of an arm (their lengths along the line, whether each is a double) and its end's
    label (one length more, last) outwards from `start` in the arm's frame. A row runs until a tile,
    and the label after the last tile, would pass `reach` (going out) or `back` (coming back),
    keeping `CORNER` free; that tile then turns the corner, standing along +y half a row further
    on, and the next row runs the other way, one `ROW` further along +y."""
    spots: list[Spot] = []
    row, way, edge = 0, 1, start
    label = len(lengths) - 1
    for index, length in enumerate(lengths):
        far = edge + way * (GAP + length)
        after = far + way * (GAP + lengths[label]) if index == label - 1 else far
        bound = reach if way > 0 else back
        if index == label or (way * (far - bound) <= -CORNER and way * (after - bound) <= 0):
            spots.append(Spot(edge + way * (GAP + length / 2), row * ROW, way, 0, index == label or not doubles[index]))
            edge = far
        else:
            spots.append(Spot(edge + way * (GAP + CELL / 2), row * ROW + ROW / 2, 0, 1, True))
            row, way = row + 1, -way
    return spots


def _chains(line: Any) -> tuple[bool, list[tuple[tuple[int, int], ...]]]:
    """The tiles (near, far) from the centre outwards, per open end, and whether the spinner is the
    centre: it is when its side arms are drawn, and the left and right arms are then re-read from it
    (it may lie anywhere along them); otherwise the opening tile is."""
    arms = line.arms
    spinner = line.spinner
    if spinner is None or not (arms[2] or arms[3] or len(line.ends) > 2):
        return False, list(arms[:len(line.ends)])
    first = line.tiles[0]
    row = [(far, near) for near, far in reversed(arms[0])] + [(first.low, first.high)] + list(arms[1])
    at = row.index((spinner.low, spinner.high))
    west = tuple((b, a) for a, b in reversed(row[:at]))
    return True, [west, tuple(row[at + 1:]), *arms[2:len(line.ends)]]


def _label_length(text: str, arm: int) -> float:
    """How far an end's dot and label reach along its arm: past the dot along a row, only the dot's
    own room in a column (the label stands beside it there, on the side the arm's columns stack)."""
    return 16 + LABEL * len(text) if arm < 2 else 16


def _draw_tile(canvas: _Canvas, near: int, far: int, x: float, y: float, way: tuple[int, int], along: bool) -> None:
    """A tile centred at (x, y), the line running through it along `way`: its near half first,
    lying along that way or (a double in a row) across it."""
    dx, dy = way
    first, second = (near, far) if dx + dy > 0 else (far, near)
    upright = bool(dy) == along
    half_x, half_y = (CELL / 2, CELL) if upright else (CELL, CELL / 2)
    canvas.add(_tile(first, second, x, y, 90 if upright else 0), x - half_x, y - half_y, x + half_x, y + half_y)


def _draw_end(canvas: _Canvas, text: str, x: float, y: float, side: int) -> None:
    """An open end: a gold dot at (x, y), just beyond the arm's last tile, its label beside it
    towards `side` (+1 right, -1 left)."""
    width = LABEL * len(text)
    tx = x + side * 9
    x0, x1 = (x - 5, tx + width) if side > 0 else (tx - width, x + 5)
    canvas.add(f'<g class="end"><circle cx="{x:g}" cy="{y:g}" r="5" fill="gold"/>'
               f'<text x="{tx:g}" y="{y + 5:g}" text-anchor="{"start" if side > 0 else "end"}" fill="white" '
               f'font-size="13">{escape(text)}</text></g>', x0, y - 8, x1, y + 8)


def _draw_arm(arm: int, tiles: tuple[tuple[int, int], ...], label: str, start: float, reach: float,
              back: float) -> _Canvas:
    """One arm from the centre: its tiles laid (and turned) in its frame, then put on the page."""
    (ax, ay), (bx, by) = AXES[arm]
    canvas = _Canvas()
    lengths = [CELL if near == far else 2 * CELL for near, far in tiles] + [_label_length(label, arm)]
    spots = _lay(lengths, [near == far for near, far in tiles], start, reach, back)
    for spot, piece in zip(spots, [*tiles, None]):
        x, y = spot.x * ax + spot.y * bx, spot.x * ay + spot.y * by
        way = (spot.dx * ax + spot.dy * bx, spot.dx * ay + spot.dy * by)
        if piece is not None:
            _draw_tile(canvas, piece[0], piece[1], x, y, way, spot.along)
        else:  # the dot 7 past the label's near edge; its text past it along a row, beside it in a column
            dot = 7 - lengths[-1] / 2
            _draw_end(canvas, label, x + way[0] * dot, y + way[1] * dot, way[0] or bx)
    return canvas


def _draw_column(arm: int, tiles: tuple[tuple[int, int], ...], label: str) -> _Canvas:
    """A spinner's up or down arm: its columns run out as far as the rows do, and further (up to
    one straight column) only when that keeps them, stacked sideways, within the rows' `REACH`."""
    for extra in range(len(tiles) + 1):
        canvas = _draw_arm(arm, tiles, label, CELL, REACH + extra * ROW, CELL + GAP)
        if canvas.spread() <= REACH:
            break
    return canvas


def line_svg(line: Any, lang: str = "en") -> str:
    """The line as SVG: one `<g class="tile">` per tile (doubles crosswise), one `<g class="end">`
    per open end with its value and what it adds to the sum, and the sum as a caption."""
    w = WORDS[lang]
    canvas = _Canvas()
    if line.empty:
        return canvas.svg(w["empty"], w["title"].format(tiles=count(0, "tile", lang)))
    spun, chains = _chains(line)
    centre = line.spinner if spun else line.tiles[0]
    _draw_tile(canvas, centre.low, centre.high, 0, 0, (1, 0), not centre.is_double)
    counted = dict(line.contributions_by_end())
    labels = [w["end"].format(value=end.value, amount=counted.get(index, 0)) for index, end in enumerate(line.ends)]
    start = CELL / 2 if centre.is_double else CELL
    for arm, tiles in enumerate(chains):  # with a spinner's side arms, rows keep clear of their columns
        drawn = (_draw_arm(arm, tiles, labels[arm], start, REACH, CELL + GAP if spun else -REACH) if arm < 2
                 else _draw_column(arm, tiles, labels[arm]))
        canvas.items += drawn.items
    terms = " + ".join(str(amount) for _, amount in counted.items()) or "0"
    title = w["title"].format(tiles=count(len(line.tiles), "tile", lang))
    return canvas.svg(w["sum"].format(terms=terms, total=line.ends_sum()), title)
