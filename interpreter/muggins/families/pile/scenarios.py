"""How scenarios set a pile position and what they can check after a step, for card games."""
from __future__ import annotations

from typing import Any

from ...messages import say
from ...scenarios import distinct_pieces, fill_hands, located, parse_pieces, seat
from . import game as C


# What is wrong with a card scenario's position, in both languages.
WORDS = {
    "en": {"both": "give the pile's cards or its total, not both", "no_pile": "no pile of unused cards totals {total}"},
    "es": {"both": "da las cartas de la pila o su suma, no ambas cosas",
           "no_pile": "ninguna pila de cartas sin usar suma {total}"},
}


def build_position(scenario: Any, position: dict[str, Any], hands: list[list[Any]], scores: list[int], turn: int,
             seed: Any) -> Any:
    """`pile` (the cards played, in order) or `total` (made up of unused cards, highest first),
    `stock`, `last_player` and `dealer` (default: the player before `turn`)."""
    game = scenario.game
    n = game.players
    pile = parse_pieces(scenario, ("position", "pile"), position.get("pile", []))
    stock = parse_pieces(scenario, ("position", "stock"), position["stock"]) if "stock" in position else None
    distinct_pieces(scenario, [(("position", "hands", i, j), c) for i, hand in enumerate(hands) for j, c in enumerate(hand)]
                    + [(("position", "pile", i), c) for i, c in enumerate(pile)]
                    + [(("position", "stock", i), c) for i, c in enumerate(stock or [])])
    if "total" in position:
        if pile:
            raise located(scenario, ("position", "total"), say(WORDS, "both"))
        pile = _make_pile(scenario, position["total"], [p for h in hands for p in h] + (stock or []))
    hands, stock = fill_hands(game, hands, pile, game.cards, stock)
    last = seat(scenario, ("position", "last_player"), position.get("last_player", (turn - 1) % n + 1))
    dealer = seat(scenario, ("position", "dealer"), position.get("dealer", (turn - 1) % n + 1))
    return game.setup(hands, stock, pile, scores, dealer, turn, position.get("round", 1), last, seed)


def _make_pile(scenario: Any, total: int, used: list[Any]) -> list[Any]:
    game = scenario.game
    pile, left = [], total
    for card in sorted((c for c in game.cards if c not in used), key=lambda c: -game.value(c)):
        if game.value(card) <= left:
            pile.append(card)
            left -= game.value(card)
        if left == 0:
            return pile
    raise located(scenario, ("position", "total"), say(WORDS, "no_pile", total=total))


def observe_step(scenario: Any, state: Any, events: list[Any]) -> dict[str, Any]:
    """The card expectation keys: the running total, closed piles, cards drawn."""
    played = [e for e in events if isinstance(e, C.Played)]
    drew = [e.drew for e in events if isinstance(e, C.SaidGo) and e.drew is not None]
    return {
        "total": played[-1].total if played else state.pile.total,
        "pile_closed": any(isinstance(e, C.PileClosed) for e in events),
        "drew": scenario.rules.pieces.code(drew[-1]) if drew else None,
        "stock": len(state.stock),
        "round_over": any(isinstance(e, C.RoundEnded) for e in events),
    }
