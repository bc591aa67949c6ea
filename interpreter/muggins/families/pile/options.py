"""The pile family's rule sections, compiled: the options, and the names its formulas read."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import rules as R
from ...dsl import Expression, Type
from ...messages import say
from ...pieces import Deck

INT, BOOL, LIST = Type.INT, Type.BOOL, Type.LIST
CARD_VALUE_CONTEXT = {"card.rank": INT}
CARD_RANK_CONTEXT = {"card.rank": INT, "card.value": INT}
CARD_PLAY_CONTEXT = {
    **R.TABLE_CONTEXT, "total": INT, "limit": INT, "card.rank": INT, "card.value": INT, "card.suit": INT,
    "pile_size": INT, "hand_size": INT, "stock": INT, "earned": INT,
    "pile.ranks": LIST, "pile.values": LIST, "pile.suits": LIST,
}
LAST_CONTEXT = {**R.TABLE_CONTEXT, "total": INT, "limit": INT, "pile_size": INT}
MAX_LIMIT = 1000  # a running total's limit: tables are made for every total up to it

# What is wrong with the pile options of a rule file, in both languages.
WORDS = {
    "en": {
        "card_value": "card value of rank {rank} is {worth}{more}; every card must add at least 1",
        "card_value_high": ("card value of rank {rank} is {worth}{more}; a card adds at most {most}, the highest "
                            "running total muggins plays to"),
        "more_ranks": " (and {n} more alike)",
        "holder": "only a line game's opener can be the holder of a piece; a dealer is chosen by high_draw or random",
        "below": "limit {limit} with {players} is below the highest card value {highest}, so such a card could never "
                 "be played; it must be from {highest} to {most}",
        "above": "limit {limit} with {players} is above {most}, the highest running total muggins plays to; it must "
                 "be from {highest} to {most}",
        "refill": "refills to {refill} cards with {players}; it must be from 1 to the {size} cards of the deck{hint}",
        "no_refill": " (for no drawing after a play, set `refill.enabled: false`)",
    },
    "es": {
        "card_value": "el valor de las cartas de rango {rank} es {worth}{more}; cada carta debe sumar al menos 1",
        "card_value_high": ("el valor de las cartas de rango {rank} es {worth}{more}; una carta suma como mucho "
                            "{most}, la suma en curso más alta con la que juega muggins"),
        "more_ranks": " (y {n} más así)",
        "holder": "solo quien sale en un juego de línea puede elegirse por tener una pieza; quien reparte se elige "
                  "con high_draw o random",
        "below": "el límite {limit} con {players} es menor que el valor de carta más alto, {highest}, así que esa "
                 "carta nunca se podría jugar; debe ser de {highest} a {most}",
        "above": "el límite {limit} con {players} pasa de {most}, la suma en curso más alta con la que juega "
                 "muggins; debe ser de {highest} a {most}",
        "refill": "repone hasta {refill} cartas con {players}; debe ser de 1 a las {size} cartas de la baraja{hint}",
        "no_refill": " (para no robar tras jugar, pon `refill.enabled: false`)",
    },
}


@dataclass(frozen=True)
class PileRules:
    """The options of a game played on a pile of cards with a running total."""

    first_dealer: R.Lottery
    next_dealer: str
    leader: str
    cut: bool
    limit: Expression
    exact_limit_points: Expression
    exact_limit_timing: str
    next_starter: str
    active: str
    go_draw: bool
    refill: bool
    refill_to: Expression
    last_points: Expression
    last_on_round_end: bool
    last_muggins: bool



def compile_pile(c: Any) -> tuple[Deck, PileRules]:
    """The deck and the pile options of a validated rule file; problems go to `c`."""
    d = c.doc.data
    cards = d["pieces"]["cards"]
    value = c.expr(("pieces", "cards", "value"), CARD_VALUE_CONTEXT, Type.INT)
    values = tuple(c.evaluate(("pieces", "cards", "value"), value, {"card.rank": r}) for r in range(1, len(cards["ranks"]) + 1))
    # one problem for the formula, however many ranks it gives a value out of bounds: the first such rank
    low = [(rank, worth) for rank, worth in zip(cards["ranks"], values) if worth is not None and worth < 1]
    high = [(rank, worth) for rank, worth in zip(cards["ranks"], values) if worth is not None and worth > MAX_LIMIT]
    for key, wrong in (("card_value", low), ("card_value_high", high)):
        if wrong:
            (rank, worth), others = wrong[0], len(wrong) - 1
            more = say(WORDS, "more_ranks", n=others) if others else ""
            c.complain(("pieces", "cards", "value"), say(WORDS, key, rank=rank, worth=worth, more=more, most=MAX_LIMIT))
    deck = Deck(tuple(cards["suits"]), tuple(cards["ranks"]), tuple(v or 1 for v in values))
    if d["dealer"]["first"]["method"] == "holder":
        c.complain(("dealer", "first", "method"), say(WORDS, "holder"))
    return deck, PileRules(
        first_dealer=c.lottery(("dealer", "first"), CARD_RANK_CONTEXT),
        next_dealer=c.get(("dealer", "next"), "next_seat"),
        leader=c.get(("dealer", "leader"), "next_seat"),
        cut=d["dealer"]["cut"],
        limit=c.expr(("pile", "limit"), R.PLAYERS_CONTEXT, Type.INT),
        exact_limit_points=c.expr(("pile", "exact_limit", "points"), CARD_PLAY_CONTEXT, Type.INT),
        exact_limit_timing=d["pile"]["exact_limit"]["timing"],
        next_starter=d["pile"]["next_starter"],
        active=d["pile"]["active"],
        go_draw=d["go"]["draw"],
        refill=d["refill"]["enabled"],
        refill_to=c.expr(("refill", "to"), R.PLAYERS_CONTEXT, Type.INT),
        last_points=c.expr(("last", "points"), LAST_CONTEXT, Type.INT),
        last_on_round_end=d["last"]["on_round_end"],
        last_muggins=d["last"]["muggins"],
    )


def check_pile_counts(c: Any, options: PileRules, deck: Deck, env: dict[str, int], dealt: int | None) -> None:
    """Check the limit and the refill for `env["players"]` (no card is kept out of play)."""
    players = env["players"]
    limit = c.evaluate(("pile", "limit"), options.limit, env)
    highest = max(deck.values)
    if limit is not None and limit < highest <= MAX_LIMIT:  # a card above MAX_LIMIT is its value's problem
        c.fails_with(("pile", "limit"), players, WORDS, "below", limit=limit, highest=highest, most=MAX_LIMIT)
    elif limit is not None and limit > MAX_LIMIT:
        c.fails_with(("pile", "limit"), players, WORDS, "above", limit=limit, highest=highest,
                     most=MAX_LIMIT)
    refill = c.evaluate(("refill", "to"), options.refill_to, env)
    if refill is not None and not 1 <= refill <= len(deck):
        hint = say(WORDS, "no_refill") if refill < 1 else ""
        c.fails_with(("refill", "to"), players, WORDS, "refill", refill=refill, size=len(deck), hint=hint)
