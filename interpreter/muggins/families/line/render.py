"""The domino line as a picture, drawn as the text's diagrams draw it: tiles end to end from the
opening tile, doubles crosswise, a spinner's arms up and down, and every open end marked with its
value and what it adds to the sum. SVG, so any front end (a page, a printed sheet) reuses it."""
from __future__ import annotations

from typing import Any
from html import escape

from ...messages import count

CELL = 36                      # one half of a tile, in pixels
GAP = 2                        # between tiles
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


class _Canvas:
    """Tiles placed on a grid of half-cells; the picture is sized to what was placed."""

    def __init__(self) -> None:
        self.items: list[tuple[str, float, float, float, float]] = []   # (svg, x0, y0, x1, y1)

    def add(self, svg: str, x0: float, y0: float, x1: float, y1: float) -> None:
        self.items.append((svg, x0, y0, x1, y1))

    def svg(self, caption: str, title: str) -> str:
        margin = CELL
        xs = [x for _, x0, _, x1, _ in self.items for x in (x0, x1)] or [0.0]
        ys = [y for _, _, y0, _, y1 in self.items for y in (y0, y1)] or [0.0]
        left, top = min(xs) - margin, min(ys) - margin
        width, height = max(xs) - left + margin, max(ys) - top + margin + CELL
        body = "\n".join(item[0] for item in self.items)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:g} {top:g} {width:g} {height:g}" '
                f'width="{width:g}" height="{height:g}" font-family="sans-serif">\n'
                f"<title>{escape(title)}</title>\n"
                f'<rect x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}" fill="#1d6b3a"/>\n'
                f"{body}\n"
                f'<text x="{left + margin / 2:g}" y="{top + height - CELL / 2:g}" fill="white" font-size="16">'
                f"{escape(caption)}</text>\n</svg>\n")


def _half(value: int, x: float, y: float) -> str:
    """One half of a tile, its top-left corner at (x, y): pips up to 9, the number beyond."""
    if value not in PIPS:
        return (f'<text x="{x + CELL / 2:g}" y="{y + CELL * 0.7:g}" text-anchor="middle" font-size="18">'
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
            f"{_half(first, x, y)}{_half(second, cx, y)}</g>")


def _arm(canvas: _Canvas, halves: tuple[tuple[int, int], ...], start: float, fixed: float, step: int,
         horizontal: bool) -> tuple[float, float]:
    """Lay an arm's tiles outwards from `start` along one axis; returns the far end's point."""
    position = start
    for near, far in halves:
        crosswise = near == far
        length = CELL if crosswise else 2 * CELL
        centre = position + step * (length / 2 + GAP)
        if horizontal:
            first, second = (far, near) if step < 0 else (near, far)
            angle = 90 if crosswise else 0
            cx, cy = centre, fixed
        else:
            first, second = (far, near) if step < 0 else (near, far)
            angle = 0 if crosswise else 90
            cx, cy = fixed, centre
        canvas.add(_tile(first, second, cx, cy, angle), cx - CELL, cy - CELL, cx + CELL, cy + CELL)
        position = centre + step * length / 2
    return (position, fixed) if horizontal else (fixed, position)


def _marker(canvas: _Canvas, x: float, y: float, side: int, text: str) -> None:
    """An open end: a dot beyond the last tile, its label outside the line (left, right, up, down)."""
    anchor, tx, ty = {0: ("end", x - 10, y + 5), 1: ("start", x + 10, y + 5),
                      2: ("start", x + 10, y - 4), 3: ("start", x + 10, y + 12)}[side]
    width = 7.5 * len(text)
    x0 = tx - width if anchor == "end" else min(x, tx)
    canvas.add(f'<g class="end"><circle cx="{x:g}" cy="{y:g}" r="5" fill="gold"/>'
               f'<text x="{tx:g}" y="{ty:g}" text-anchor="{anchor}" fill="white" font-size="13">'
               f"{escape(text)}</text></g>", x0, y - 16, max(x, tx + width if anchor != "end" else x), y + 16)


def line_svg(line: Any, lang: str = "en") -> str:
    """The line as SVG: one `<g class="tile">` per tile (doubles crosswise), one `<g class="end">`
    per open end with its value and what it adds to the sum, and the sum as a caption."""
    w = WORDS[lang]
    canvas = _Canvas()
    if line.empty:
        return canvas.svg(w["empty"], w["title"].format(tiles=count(0, "tile", lang)))
    first = line.tiles[0]
    opening_crosswise = first.is_double
    half = CELL / 2 if opening_crosswise else CELL
    canvas.add(_tile(first.low, first.high, 0, 0, 90 if opening_crosswise else 0), -CELL, -CELL, CELL, CELL)
    points = {0: _arm(canvas, line.arms[0], -half, 0, -1, True), 1: _arm(canvas, line.arms[1], half, 0, 1, True)}
    if line.spinner is not None and (line.arms[2] or line.arms[3] or len(line.ends) > 2):
        sx = _spinner_x(line)
        points[2] = _arm(canvas, line.arms[2], -CELL, sx, -1, False)
        points[3] = _arm(canvas, line.arms[3], CELL, sx, 1, False)
    counted = dict(line.contributions_by_end())
    for index, end in enumerate(line.ends):
        x, y = points.get(index, (0.0, 0.0))
        dx, dy = {0: (-14, 0), 1: (14, 0), 2: (0, -14), 3: (0, 14)}[index]
        _marker(canvas, x + dx, y + dy, index, w["end"].format(value=end.value, amount=counted.get(index, 0)))
    terms = " + ".join(str(amount) for _, amount in counted.items()) or "0"
    title = w["title"].format(tiles=count(len(line.tiles), "tile", lang))
    return canvas.svg(w["sum"].format(terms=terms, total=line.ends_sum()), title)


def _spinner_x(line: Any) -> float:
    """Where the spinner's centre lies on the horizontal axis."""
    first = line.tiles[0]
    if first == line.spinner:
        return 0.0
    for index, step in ((0, -1), (1, 1)):
        position = (CELL / 2 if first.is_double else CELL)
        for near, far in line.arms[index]:
            length = CELL if near == far else 2 * CELL
            centre = position + length / 2 + GAP
            if near == far == line.spinner.low:
                return step * centre
            position = centre + length / 2
    return 0.0
