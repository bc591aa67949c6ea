"""The pile as a picture: the cards played since it opened, overlapping left to right, each with
its rank and suit symbol, and the running total against the limit. SVG, like the line's."""
from __future__ import annotations

from typing import Any
from html import escape

from ...messages import count

RED = ("D", "H")  # of a French deck
WIDTH, HEIGHT, STEP = 60, 84, 44
WORDS = {
    "en": {"total": "Running total {total} of {limit}", "empty": "The pile is empty: total 0 of {limit}",
           "title": "Card pile: {cards}"},
    "es": {"total": "Total acumulado {total} de {limit}", "empty": "La pila está vacía: total 0 de {limit}",
           "title": "Pila de cartas: {cards}"},
}


def _card(rank: str, suit: str, deck: Any, x: float) -> str:
    symbol = deck.symbol(suit)
    colour = "firebrick" if deck.french and suit in RED else "black"
    return (f'<g class="card" data-card="{escape(rank + suit)}">'
            f'<rect x="{x:g}" y="0" width="{WIDTH}" height="{HEIGHT}" rx="6" fill="white" stroke="black"/>'
            f'<text x="{x + 6:g}" y="22" font-size="18" fill="{colour}">{escape(rank)}</text>'
            f'<text x="{x + 6:g}" y="42" font-size="18" fill="{colour}">{escape(symbol)}</text>'
            f'<text x="{x + WIDTH / 2:g}" y="{HEIGHT - 14}" font-size="26" text-anchor="middle" '
            f'fill="{colour}">{escape(symbol)}</text></g>')


def pile_svg(cards: Any, deck: Any, total: int, limit: int, lang: str = "en") -> str:
    """The pile as SVG: one `<g class="card">` per card, in the order played, and the total."""
    w = WORDS[lang]
    names = [(deck.ranks[card.rank - 1], card.suit) for card in cards]
    width = 2 * 20 + (STEP * (len(names) - 1) + WIDTH if names else 260)
    body = "\n".join(_card(rank, suit, deck, 20 + i * STEP) for i, (rank, suit) in enumerate(names))
    caption = w["total"].format(total=total, limit=limit) if names else w["empty"].format(limit=limit)
    width = max(width, round(40 + 9.6 * len(caption)))   # the caption with 20 on each side, at 0.6 of 16 px a character
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -20 {width} {HEIGHT + 70}" width="{width}" '
            f'height="{HEIGHT + 70}" font-family="sans-serif">\n<title>{escape(w["title"].format(cards=count(len(names), "card", lang)))}'
            f'</title>\n<rect x="0" y="-20" width="{width}" height="{HEIGHT + 70}" fill="#1d6b3a"/>\n'
            f'{body}\n<text x="20" y="{HEIGHT + 34}" font-size="16" fill="white">{escape(caption)}</text>\n</svg>\n')
