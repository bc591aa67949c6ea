"""The pile family at a real table (`muggins keep`): people enter, turn by turn, the running total
after each card (`15`) or `go`; `last` when a pile closes below the limit, `end` when the round's
cards are all played. When the go comes round to the player of the pile's last card, every player
still in has said go in turn: the pile closes and "last" scores, as in play. The points come from the rule file's `scoring` (and an immediate exact
limit) through `CardGame.awards`, "last" and an exact limit scored as last from
`CardGame.last_points`.

What the keeper knows of a card: `total` (entered), `card.value` (what the total grew by),
`pile_size`, `pile.values`, `limit`, and the table's `players`, `score`, `target`, `earned`. A rule
file whose scoring reads the card's rank or suit, the hand or the stock is refused at the start,
naming the name. Every score is added at once, claims being made aloud at the table, unless the
entry after it says it was not claimed (`muggins P`, `unclaimed`: read by `keep.Tracker`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...keep import Question, Refused, Tracker, parse_number, parse_player, shown, unknown_names
from ...narration import player_name
from ...rules import Rules
from . import game as C

KNOWN = ("total", "limit", "card.value", "pile_size", "pile.values", "players", "score", "target", "earned")
# an exact limit scored as "last" is read with no card (the engine gives these names 0 or empty)
_AS_LAST = ("card.rank", "card.suit", "hand_size", "pile.ranks", "pile.suits")
_GO = {"go", "paso", "pass", "pasa", "pasar"}
_LAST = {"last", "último", "ultimo", "ultima", "última"}
_END = {"end", "fin", "fin de ronda", "end of round"}
_TURN = {"turn", "turno"}

WORDS = {
    "en": {
        "q_dealer": "Who deals round {round}? (1-{players})",
        "q_play": "Round {round} · {player} · total",
        "deals": "Round {round}: {dealer} deals, {player} leads.",
        "counted": "{player}: {before} + {value} = {total}.",
        "go": "{player} says go.",
        "closed": "The pile closes at {total}.",
        "round_end": "End of round {round}: {scores}.",
        "hint_dealer": "the number of the player who deals (1 to {players})",
        "hint_play": "the running total after the card, as a number (up to {limit}), or go, last, end, turn P",
        "help": ("Cards: after each card type the running total ({example}); go when a player cannot play (when "
                 "the player of the pile's last card says go too, everyone has passed: the pile closes and its last "
                 "card scores \"last\"); last when the pile closes below the limit otherwise; end when the round's "
                 "cards are all played. A pile that reaches the limit closes by itself. turn P: player P plays next."),
        "example": "15",
        "not_a_turn": "{text} is not a turn: write the running total as a number (like 15), or go, last, end, turn P",
        "over_limit": "the running total cannot pass {limit}, not {total}",
        "not_grown": "the total is {before}: after a card it is more, not {total}",
        "not_a_card": "from {before} to {total} a card would add {value}; a card adds {values}",
        "empty_pile": "no card is on the pile: nothing closes",
        "value_used_up": "the deck has {count} cards worth {value}, and all of them are played this round",
        "round_cards_out": "a round of these rules has at most {most} cards, and all of them are played: type end",
        "all_said_go": ("every player has said go on an empty pile, so nobody holds a card: type end when the "
                        "round's cards are all played"),
        "round_cards_left": ("a round of these rules plays {least} cards, and {played} so far: type the running total "
                             "after each card still to come, and end once they are all played"),
    },
    "es": {
        "q_dealer": "¿Quién reparte la ronda {round}? (1-{players})",
        "q_play": "Ronda {round} · {player} · total",
        "deals": "Ronda {round}: reparte {dealer}, sale {player}.",
        "counted": "{player}: {before} + {value} = {total}.",
        "go": "{player} dice «paso».",
        "closed": "La pila se cierra en {total}.",
        "round_end": "Fin de la ronda {round}: {scores}.",
        "hint_dealer": "el número del jugador que reparte (de 1 a {players})",
        "hint_play": "el total acumulado tras la carta, en números (hasta {limit}), o paso, último, fin, turno J",
        "help": ("Cartas: tras cada carta escribe el total acumulado ({example}); paso cuando un jugador no puede "
                 "jugar (cuando también pasa quien jugó la última carta de la pila, han pasado todos: la pila se "
                 "cierra y su última carta puntúa «último»); último cuando la pila se cierra por debajo del límite "
                 "de otro modo; fin cuando se han jugado todas las cartas de la ronda. Una pila que llega al límite "
                 "se cierra sola. turno J: juega a continuación el jugador J."),
        "example": "15",
        "not_a_turn": "{text} no es un turno: escribe el total acumulado en números (como 15), o paso, último, fin, turno J",
        "over_limit": "el total acumulado no puede pasar de {limit}, no {total}",
        "not_grown": "el total es {before}: tras una carta es mayor, no {total}",
        "not_a_card": "de {before} a {total} una carta sumaría {value}; una carta suma {values}",
        "empty_pile": "no hay cartas en la pila: no se cierra nada",
        "value_used_up": "la baraja tiene {count} cartas que valen {value}, y todas se han jugado en esta ronda",
        "round_cards_out": ("una ronda de estas reglas tiene como mucho {most} cartas, y todas se han jugado: "
                            "escribe fin"),
        "all_said_go": ("todos los jugadores han pasado con la pila vacía, así que nadie tiene cartas: escribe fin "
                        "cuando se hayan jugado todas las cartas de la ronda"),
        "round_cards_left": ("una ronda de estas reglas juega {least} cartas, y van {played}: escribe el total "
                             "acumulado tras cada carta que falta, y fin cuando se hayan jugado todas"),
    },
}


@dataclass(frozen=True, slots=True)
class DealtAt:
    round: int
    dealer: int
    leader: int


@dataclass(frozen=True, slots=True)
class Counted:
    player: int
    before: int
    value: int
    total: int


@dataclass(frozen=True, slots=True)
class SaidGo:
    player: int


@dataclass(frozen=True, slots=True)
class Closed:
    total: int


@dataclass(frozen=True, slots=True)
class RoundOver:
    round: int
    scores: tuple[int, ...]


class PileTracker(Tracker):
    """A card game at a real table, card by card."""

    entry_words = {"es": {"turn": "turno", "go": "paso", "last": "último", "end": "fin"}}

    words = WORDS

    def __init__(self, rules: Rules, players: int):
        super().__init__(rules, players, C.CardGame(rules, players))
        self.values = sorted(set(self.game.values))
        cards, o = self.game.cards, rules.options
        self.in_deck = Counter(self.game.value(card) for card in cards)   # the rule file's deck, value by value
        # the deal, and the stock when a refill or a go draws from it (until nobody holds a card)
        self.round_most = len(cards) if o.refill or o.go_draw else min(len(cards), self.game.hand_size * players)
        # the cards a round plays at least: every one where a play refills a hand while the stock
        # lasts, else the deal (a go that draws may leave the stock unplayed)
        self.round_least = self.round_most if o.refill else min(len(cards), self.game.hand_size * players)
        self.played: Counter[int] = Counter()   # the values played this round
        self.phase = "dealer"          # dealer | play
        self.dealer = 0
        self.turn = 0
        self.total = 0
        self.pile: list[int] = []      # the values of the cards on the open pile
        self.last_player: int | None = None
        self.goes = 0                  # the go's said in a row on the open pile
        self.ending = False            # the round's end waits for the call on its pile's unclaimed "last"
        self.table.last_stolen = rules.options.last_muggins

    # -- what the table can know -------------------------------------------------------------

    def known(self) -> tuple[str, ...]:
        return KNOWN

    def problem(self) -> tuple[str, str, str] | None:
        o = self.rules.options
        found = unknown_names((("scoring", entry.name, (entry.when, entry.points)) for entry in self.rules.scoring),
                              KNOWN)
        if found is None and o.exact_limit_timing == "immediate":
            found = unknown_names([("formula", "pile.exact_limit.points", (o.exact_limit_points,))], KNOWN)
        if found is None:
            found = unknown_names([("formula", "pile.exact_limit.points", (o.exact_limit_points,))], KNOWN + _AS_LAST)
        if found is None:
            found = unknown_names([("formula", "last.points", (o.last_points,))], KNOWN)
        return found

    # -- questions ---------------------------------------------------------------------------

    def question(self) -> Question:
        if self.phase == "dealer":
            return Question("q_dealer", None, {"round": self.table.round, "players": self.players})
        return Question("q_play", self.turn, {"round": self.table.round})

    def hint(self, question: Question, lang: str) -> str:
        w = WORDS[lang]
        return w["hint_dealer" if question.key == "q_dealer" else "hint_play"].format(
            players=self.players, limit=self.game.limit)

    def help(self, lang: str) -> str:
        return WORDS[lang]["help"].format(example=WORDS[lang]["example"])

    def describe(self, event: Any, lang: str) -> str | None:
        w = WORDS[lang]
        if isinstance(event, DealtAt):
            return w["deals"].format(round=event.round, dealer=player_name(event.dealer, lang),
                                     player=player_name(event.leader, lang))
        if isinstance(event, Counted):
            return w["counted"].format(player=player_name(event.player, lang), before=event.before,
                                       value=event.value, total=event.total)
        if isinstance(event, SaidGo):
            return w["go"].format(player=player_name(event.player, lang))
        if isinstance(event, Closed):
            return w["closed"].format(total=event.total)
        if isinstance(event, RoundOver):
            from ...narration import scores_text
            return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, self.rules.notation))
        return None

    # -- entries -----------------------------------------------------------------------------

    def read(self, text: str, upcoming: str | None) -> str:
        if self.phase == "dealer":
            dealer = parse_player(text, self.players)
            self._deal(dealer)
            return str(dealer + 1)
        words = text.lower().split()
        said = " ".join(words)
        if words and words[0] in _TURN and len(words) == 2:
            self.turn = parse_player(text.split()[1], self.players)
            return f"turn {self.turn + 1}"
        if said in _GO:
            self._go()
            return "go"
        if said in _LAST:
            if not self.pile:
                raise Refused("empty_pile")
            self._close(award_last=True)
            return "last"
        if said in _END:
            if self.counts and self.played.total() < self.round_least:
                raise Refused("round_cards_left", least=self.round_least, played=self.played.total())
            self._end_round()
            return "end"
        stripped = text.strip()
        if not stripped or not stripped.isascii() or not stripped.isdigit():
            raise Refused("not_a_turn", text=shown(stripped))
        total = parse_number(stripped, 0, self.game.limit, above=True)
        if total > self.game.limit:
            raise Refused("over_limit", limit=self.game.limit, total=total)
        return self._count(total)

    def _deal(self, dealer: int) -> None:
        self.dealer = dealer
        seats = self.table.seats
        self.turn = dealer if self.rules.options.leader == "dealer" else seats.next(dealer)
        self.table.opener = self.turn
        self.played = Counter()
        self.phase = "play"
        self.table.events.append(DealtAt(self.table.round, dealer, self.turn))

    def _go(self) -> None:
        """A player says go. When it is the player of the pile's last card, the go's have gone round
        the table back to them: every player still in has passed in turn, and the pile closes with
        "last", as the text says and play does. On an empty pile a go is a player holding no card:
        once every player has said so, nobody holds one, and a further go cannot happen."""
        closes = self.version >= 2  # a save of version 1 closed a pile with `last` only
        if closes and not self.pile and self.goes >= self.players:
            raise Refused("all_said_go")
        player = self.turn
        self.goes += 1
        self.table.events.append(SaidGo(player))
        if closes and self.pile and player == self.last_player:
            self._close(award_last=True)
        else:
            self.turn = self.table.seats.next(player)

    def _count(self, total: int) -> str:
        before, game, table = self.total, self.game, self.table
        value = total - before
        if value <= 0:
            raise Refused("not_grown", before=before, total=total)
        if value not in self.values:
            raise Refused("not_a_card", before=before, total=total, value=value,
                          values=", ".join(map(str, self.values)))
        if self.played.total() >= self.round_most:
            raise Refused("round_cards_out", most=self.round_most)
        if self.played[value] >= self.in_deck[value]:
            raise Refused("value_used_up", count=self.in_deck[value], value=value)
        self.played[value] += 1
        player = self.turn
        self.pile.append(value)
        self.total = total
        self.last_player = player
        self.goes = 0
        awards = game.awards({"total": total, "limit": game.limit, "card.value": value, "pile_size": len(self.pile),
                              "pile.values": tuple(self.pile), "players": self.players,
                              "score": table.scores[player], "target": game.target})
        table.events.append(Counted(player, before, value, total))
        self.turn = table.seats.next(player)
        if table.score_play(player, awards):
            return str(total)
        if total == game.limit and self.rules.options.exact_limit_timing == "immediate":
            self._close(award_last=False)
        return str(total)

    def _close(self, award_last: bool) -> bool:
        """The pile closes: "last" (or an exact limit scored as last) to its last card's player; True
        when that won the game. The next pile starts as `pile.next_starter` says."""
        table, last = self.table, self.last_player
        total, size = self.total, len(self.pile)
        table.events.append(Closed(total))
        self.pile, self.total, self.goes = [], 0, 0
        if last is None:
            return False
        self.turn = table.seats.next(last) if self.rules.options.next_starter == "after_last_player" else last
        self.last_player = None
        if award_last:
            points, reason = self.game.last_points(total, size, table.scores[last], 0)
            if points and table.score_last(last, points, reason):
                return True
        return False

    def _end_round(self) -> None:
        if self.pile and self._close(award_last=self.rules.options.last_on_round_end):
            return
        self.pile, self.total, self.last_player, self.goes = [], 0, None, 0
        if self.table.queue:   # the pile's "last" was not claimed: the round ends once the call on it is decided
            self.ending = True
            return
        self._round_over()

    def window_closed(self) -> None:
        if self.ending and self.table.outcome is None:
            self._round_over()
        self.ending = False

    def _round_over(self) -> None:
        table, o = self.table, self.rules.options
        table.events.append(RoundOver(table.round, tuple(table.scores)))
        if table.end_round():
            return
        if o.next_dealer == "next_seat":
            self._deal(table.seats.next(self.dealer))
        elif o.next_dealer == "same":
            self._deal(self.dealer)
        else:                       # a lottery at the table: the keeper asks who deals
            self.phase = "dealer"
