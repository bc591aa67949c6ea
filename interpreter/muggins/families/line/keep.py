"""The line family at a real table (`muggins keep`): people enter, turn by turn, the open ends'
contributions after each placement (`5 10`, `5+10`), `pass`, `domino P` when a player goes out,
`blocked`; then each player's leftover pips. The points come from the rule file's `scoring`
through `DominoGame.awards`, the settlement from `DominoGame.settle`. What a table cannot do is
refused: counts no tile can leave (the engine's `Line` is followed through every placement the
entries allow), more tiles than the hands and the boneyard hold, a going out that is not the last
tile of its player's hand, a pass by a hand that must hold a tile that fits, a block while a tile
that fits may be in play.

What the keeper knows of a placement: `ends_sum`, `ends`, `open_ends` (entered), `opening` (the
round's first placement), `dominoed` (the next entry is that player's `domino`), and the table's
`players`, `score`, `target`, `round`, `earned`. A rule file whose scoring reads anything else
(the tile, the hand, the boneyard, the line) is refused at the start, naming the name. The
settlement's leftover pips are asked only when its formulas read them, the tile counts only when
they read `hand_size`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...keep import Question, Refused, Tracker, parse_number, parse_player, shown, unknown_names
from ...messages import Said, counted
from ...narration import count, player_name
from ...rules import Rules
from . import game as D
from . import words as line_words
from .physics import Line, tile_numbers

KNOWN = ("ends_sum", "ends", "open_ends", "opening", "dominoed", "players", "score", "target", "round", "earned")
_PIPS_NAMES = {"hand_pips", "side_pips", "opponents_pips", "lightest"}
_PASS = {"pass", "paso", "pasa", "pasar"}
_DOMINO = {"domino", "dominó", "fin"}
_BLOCKED = {"blocked", "block", "bloqueo", "bloqueada", "bloqueado", "tranque", "cierre"}
_TURN = {"turn", "turno"}
_ENDS = re.compile(r"[0-9]+(?:\s*[+ ,]\s*[0-9]+)*", re.ASCII)

WORDS = {
    "en": {
        "q_opener": "Who opens round {round}? (1-{players})",
        "q_play": "Round {round} · {player} · open ends",
        "q_pips": "{player}'s leftover pips",
        "q_tiles": "{player}'s tiles left",
        "opens": "Round {round}: {player} opens.",
        "summed": "{player}: {terms} = {total}.",
        "summed_none": "{player}: {terms} = {total}, no points.",
        "left": "{player} holds {pips}.",
        "tiles_left": "{player} holds {tiles}.",
        "hint_opener": "the number of the player who opens (1 to {players})",
        "hint_play": ("the open ends' contributions after the tile, as numbers (5 10 or 5+10; a double at an end "
                      "counts both halves), or pass, domino P when a player goes out, blocked, turn P"),
        "hint_pips": "the pips left in that player's hand, as a number (0 to {most})",
        "hint_tiles": "how many tiles that player holds, as a number",
        "help": ("Dominoes: after each placement type what the open ends count ({example}); pass when a player "
                 "passes; domino P (or just domino) when player P places their last tile; blocked when nobody can "
                 "play; then the leftover pips of each player as asked. turn P: player P plays next."),
        "example": "5 10 or 5+10",
        "not_ends": ("{text} is not a turn: write the open ends as numbers (5 10 or 5+10), or pass, domino P, "
                     "blocked, turn P"),
        "too_many_ends": "{count} open ends: a line of these rules has at most {most}",
        "end_too_big": "an open end counts from 0 to {most} (a double at an end counts both halves), not {n}",
        "end_impossible_both": ("an open end counts a half, 0 to {high}, or a double at the end its two halves "
                                "({doubles}); not {n}"),
        "end_impossible_one": "an open end counts a half, 0 to {high} (a double at the end counts one half); not {n}",
        "nothing_placed": ("nobody has placed a tile this round, so it cannot end: the round ends when a player "
                           "places their last tile, or is blocked when nobody can place on the line"),
        "not_last_placer": ("P{player} did not place the last tile, P{last} did: the round ends as a player places "
                            "their last tile, so it is P{last} who goes out"),
        "all_passed": ("every player has passed in turn since the last tile, with nothing to draw: nobody can "
                       "place any more, the round is blocked (type blocked)"),
        "no_block": ("the round is not blocked: with {fits} off the line fitting an open end and {reserve} kept "
                     "out of play (draw.reserve), a player holds one or can draw one; type the open ends after the "
                     "next tile, or pass"),
        "last_pass": ("P{player} cannot pass: everyone would then have passed since the last tile with nothing to "
                      "draw, a blocked round, but with {fits} off the line fitting an open end and {reserve} kept "
                      "out of play (draw.reserve), someone holds one; check the ends, or undo an earlier entry"),
        "no_block_held": ("the round is not blocked: with {fits} off the line fitting an open end and {reserve} kept "
                          "out of play (draw.reserve), a player holds one; type the open ends after the next tile, "
                          "or pass"),
        "no_room_one": ("P{player} cannot pass: a player passes holding no tile that fits an open end, and P{player} "
                        "holds {least} or more (what is left of their deal, and what they must have drawn), with "
                        "{room} off the line fitting none; check the ends, or undo an earlier entry"),
        "no_room": ("P{player} cannot pass: a player passes holding no tile that fits an open end, and the players "
                    "who passed since the last tile, P{player} included, hold {least} or more (what is left of their "
                    "deals, and what they must have drawn), with {room} off the line fitting none; check the ends, "
                    "or undo an earlier entry"),
        "pips_left": ("the tiles not on the line hold {left} pips in all, and {entered} are entered already: "
                      "P{player} holds at most {most}"),
        "block_pips": ("the round is blocked with nothing left to draw, so the hands hold every tile off the line "
                       "but those kept out of play (draw.reserve): {span} pips in all, and {entered} are entered "
                       "already, so P{player} holds {need}"),
        "too_few_ends": "after the opening the line has at least {least} open ends: write what each counts (5 10), not {count}",
        "lone_opening": "only a double opens the line with one count ({counts}), not {n}",
        "ends_shrank": "the line had {before} open ends, and an end that counts goes on counting: not {count}",
        "ends_jumped": "the line had {before} open ends, and a tile opens at most one more: not {count}",
        "no_opening": ("no tile opens the line with ends that count {ends}: the opening tile shows what its two "
                       "halves count (4 1 for a [1|4])"),
        "no_tile": ("no tile turns the ends {before} into {ends}: a tile goes on one open end with a matching half "
                    "and its other half makes the new end, so one count changes, and each tile of the set is placed "
                    "once; check the ends, or undo an earlier entry"),
        "no_tile_spinner": ("no tile turns the ends {before} into {ends}: a tile goes on one open end with a matching "
                            "half and its other half makes the new end, so one count changes (or, on a spinner's "
                            "arm, one more counts), and each tile of the set is placed once; check the ends, or undo "
                            "an earlier entry"),
        "no_tile_double": ("no tile turns the ends {before} into {ends}: a tile goes on the opening double, counted "
                           "once, with a matching half, so the double counts at its end and the tile's other half "
                           "makes the other, and each tile of the set is placed once; check the ends, or undo an "
                           "earlier entry"),
        "opener_passes": ("the opener places the round's first tile (any tile opens the line), so nobody passes "
                          "before it: type the open ends after the opening tile"),
        "opener_passes_holder": ("the opener places the round's first tile (under these rules, the piece that made "
                                 "them the opener), so nobody passes before it: type the open ends after the opening "
                                 "tile"),
        "passed_since": ("P{player} placed the last tile and a pass or a turn was typed after it: the round "
                         "ends as a player places their last tile, so nobody plays after it; undo back to that tile, "
                         "then type domino {player}"),
        "too_soon": ("P{player} has placed {placed} of the {hand} tiles dealt to them: a player goes out as they "
                     "place their last tile, so not before placing all {hand}"),
        "no_draw_left": ("with this tile the players would have placed every tile the round lets be drawn ({drawable} "
                         "beyond the {hand} dealt to each), so P{other}, who has placed {placed}, held nothing after "
                         "their last tile and went out with it; check this round's entries"),
        "went_out": ("P{player} has placed {placed} tiles, the {hand} dealt and every tile the round lets be "
                     "drawn: their hand is empty and the round ended with their last tile; type domino {player}"),
    },
    "es": {
        "q_opener": "¿Quién abre la ronda {round}? (1-{players})",
        "q_play": "Ronda {round} · {player} · extremos",
        "q_pips": "Puntos en mano de {player}",
        "q_tiles": "Fichas en mano de {player}",
        "opens": "Ronda {round}: abre {player}.",
        "summed": "{player}: {terms} = {total}.",
        "summed_none": "{player}: {terms} = {total}, sin puntos.",
        "left": "{player} tiene {pips} en mano.",
        "tiles_left": "{player} tiene {tiles} en mano.",
        "hint_opener": "el número del jugador que abre (de 1 a {players})",
        "hint_play": ("lo que suman los extremos abiertos tras la ficha, en números (5 10 o 5+10; un doble en un "
                      "extremo cuenta sus dos mitades), o paso, fin J cuando un jugador coloca su última ficha, "
                      "bloqueo, turno J"),
        "hint_pips": "los puntos que le quedan en la mano a ese jugador, en números (de 0 a {most})",
        "hint_tiles": "cuántas fichas le quedan a ese jugador, en números",
        "help": ("Dominó: tras cada colocación escribe lo que cuentan los extremos abiertos ({example}); paso si "
                 "un jugador pasa; fin J (o dominó J, o solo fin) cuando el jugador J coloca su última ficha; "
                 "bloqueo si nadie puede jugar; después, los puntos en mano de cada jugador según se pregunten. "
                 "turno J: juega a continuación el jugador J."),
        "example": "5 10 o 5+10",
        "not_ends": ("{text} no es un turno: escribe los extremos en números (5 10 o 5+10), o paso, fin J, "
                     "bloqueo, turno J"),
        "too_many_ends": "{count} extremos abiertos: con estas reglas una línea tiene como mucho {most}",
        "end_too_big": "un extremo abierto cuenta de 0 a {most} (un doble en un extremo cuenta sus dos mitades), no {n}",
        "end_impossible_both": ("un extremo abierto cuenta una mitad, de 0 a {high}, o un doble en el extremo sus "
                                "dos mitades ({doubles}); no {n}"),
        "end_impossible_one": ("un extremo abierto cuenta una mitad, de 0 a {high} (un doble en el extremo cuenta "
                               "una mitad); no {n}"),
        "nothing_placed": ("nadie ha colocado ficha en esta ronda, así que no puede terminar: la ronda termina "
                           "cuando un jugador coloca su última ficha, o se bloquea cuando nadie puede colocar en la "
                           "línea"),
        "not_last_placer": ("J{player} no colocó la última ficha, la colocó J{last}: la ronda termina en cuanto un "
                            "jugador coloca su última ficha, así que quien termina es J{last}"),
        "pips_left": ("las fichas que no están en la línea suman {left} puntos, y ya se han anotado {entered}: "
                      "J{player} tiene como mucho {most}"),
        "block_pips": ("la ronda está bloqueada sin nada que robar, así que las manos tienen todas las fichas fuera "
                       "de la línea menos las apartadas del montón (draw.reserve): {span} puntos en total, y ya se "
                       "han anotado {entered}, así que J{player} tiene {need}"),
        "all_passed": ("todos los jugadores han pasado por turno desde la última ficha, sin nada que robar: nadie "
                       "puede colocar ya, la ronda está bloqueada (escribe bloqueo)"),
        "no_block": ("la ronda no está bloqueada: hay {fits} fuera de la línea con sitio en un extremo abierto y "
                     "{reserve} apartadas del montón (draw.reserve), así que un jugador tiene una o puede robarla; "
                     "escribe los extremos tras la siguiente ficha, o paso"),
        "last_pass": ("J{player} no puede pasar: todos habrían pasado desde la última ficha sin nada que robar, una "
                      "ronda bloqueada, pero hay {fits} fuera de la línea con sitio en un extremo abierto y "
                      "{reserve} apartadas del montón (draw.reserve), así que alguien tiene una; revisa los "
                      "extremos, o deshaz una entrada anterior"),
        "no_block_held": ("la ronda no está bloqueada: hay {fits} fuera de la línea con sitio en un extremo abierto "
                          "y {reserve} apartadas del montón (draw.reserve), así que un jugador tiene una; escribe los "
                          "extremos tras la siguiente ficha, o paso"),
        "no_room_one": ("J{player} no puede pasar: se pasa sin ninguna ficha con sitio en un extremo abierto, y "
                        "J{player} tiene {least} o más (lo que queda de su reparto y lo que ha tenido que robar), y "
                        "hay {room} fuera de la línea sin sitio en ninguno; revisa los extremos, o deshaz una entrada "
                        "anterior"),
        "no_room": ("J{player} no puede pasar: se pasa sin ninguna ficha con sitio en un extremo abierto, y quienes "
                    "han pasado desde la última ficha, J{player} incluido, tienen {least} o más (lo que queda de su "
                    "reparto y lo que han tenido que robar), y hay {room} fuera de la línea sin sitio en ninguno; "
                    "revisa los extremos, o deshaz una entrada anterior"),
        "too_few_ends": ("tras la apertura la línea tiene al menos {least} extremos abiertos: escribe lo que cuenta "
                         "cada uno (5 10), no {count}"),
        "lone_opening": "solo un doble abre la línea con una sola cuenta ({counts}), no {n}",
        "ends_shrank": "la línea tenía {before} extremos abiertos, y un extremo que cuenta sigue contando: no {count}",
        "ends_jumped": "la línea tenía {before} extremos abiertos, y una ficha abre como mucho uno más: no {count}",
        "no_opening": ("ninguna ficha abre la línea con extremos que cuenten {ends}: la ficha de apertura muestra lo "
                       "que cuentan sus dos mitades (4 1 para una [1|4])"),
        "no_tile": ("ninguna ficha convierte los extremos {before} en {ends}: una ficha se coloca en un extremo "
                    "abierto con una mitad que coincide y su otra mitad pasa a ser el nuevo extremo, así que cambia "
                    "una cuenta, y cada ficha del juego se coloca una vez; revisa los extremos, o deshaz una entrada "
                    "anterior"),
        "no_tile_spinner": ("ninguna ficha convierte los extremos {before} en {ends}: una ficha se coloca en un "
                            "extremo abierto con una mitad que coincide y su otra mitad pasa a ser el nuevo extremo, "
                            "así que cambia una cuenta (o, en un brazo de un spinner, cuenta uno más), y cada ficha "
                            "del juego se coloca una vez; revisa los extremos, o deshaz una entrada anterior"),
        "no_tile_double": ("ninguna ficha convierte los extremos {before} en {ends}: una ficha se coloca en el doble "
                           "de apertura, contado una vez, con una mitad que coincide, así que el doble cuenta en su "
                           "extremo y la otra mitad de la ficha forma el otro, y cada ficha del juego se coloca una "
                           "vez; revisa los extremos, o deshaz una entrada anterior"),
        "opener_passes": ("quien abre coloca la primera ficha de la ronda (cualquier ficha abre la línea), así que "
                          "nadie pasa antes: escribe los extremos tras la ficha de apertura"),
        "opener_passes_holder": ("quien abre coloca la primera ficha de la ronda (con estas reglas, la ficha que le "
                                 "hizo abrir), así que nadie pasa antes: escribe los extremos tras la ficha de "
                                 "apertura"),
        "passed_since": ("J{player} colocó la última ficha y después se anotó un pase o un turno: la ronda termina "
                         "cuando un jugador coloca su última ficha, así que nadie juega después; deshaz hasta esa "
                         "ficha y escribe fin {player}"),
        "too_soon": ("J{player} ha colocado {placed} de las {hand} fichas que recibió: un jugador termina al "
                     "colocar su última ficha, así que no antes de colocar las {hand}"),
        "no_draw_left": ("con esta ficha los jugadores habrían colocado todas las fichas que la ronda deja robar "
                         "({drawable} además de las {hand} repartidas a cada uno), así que J{other}, que ha colocado "
                         "{placed}, no tenía nada tras su última ficha y terminó con ella; revisa las entradas de esta "
                         "ronda"),
        "went_out": ("J{player} ha colocado {placed} fichas, las {hand} que recibió y todas las que la ronda deja "
                     "robar: su mano está vacía y la ronda terminó con su última ficha; escribe fin {player}"),
    },
}


def _span(least: int, most: int) -> Said | int:
    """A number, or a range of them as each language writes it."""
    return least if least == most else Said(f"{least} to {most}", es=f"{least} a {most}")


def _on(line: Line) -> int:
    """The bits of the tiles on `line`."""
    return sum(1 << t for t, _, _ in line.log)


def _state(line: Line) -> tuple[Any, ...]:
    """What a line is, for what can follow it: its ends, the spinner's state, the tiles on it."""
    return (tuple(line.values), tuple(line.adds), line.shared, line.spinner_index, line.spinner_sides,
            line.on_spinner, _on(line))


@dataclass(frozen=True, slots=True)
class Opened:
    round: int
    player: int


@dataclass(frozen=True, slots=True)
class Summed:
    player: int
    ends: tuple[int, ...]
    total: int
    points: int


@dataclass(frozen=True, slots=True)
class Left:
    player: int
    pips: int | None
    tiles: int | None = None


class LineTracker(Tracker):
    """A domino game at a real table, turn by turn."""

    entry_words = {"es": {"turn": "turno", "pass": "paso", "domino": "fin", "blocked": "bloqueo"}}
    going_out = "domino"

    words = WORDS

    def __init__(self, rules: Rules, players: int):
        super().__init__(rules, players, D.DominoGame(rules, players))
        o = rules.options
        tables = self.game.line_tables
        self.most_ends, self.most_end, self.double_value = tables.most_ends, tables.most_end, tables.double_value
        high = rules.pieces.highest_pip
        # what one open end can count in this set: a half (0..highest pip), or a double crosswise at the
        # end what `line.double_at_end` makes of it (both halves: 0, 2, .., 2*highest; one half: the half)
        self.end_counts = frozenset(range(high + 1)) | {self.double_value * v for v in range(high + 1)}
        self.most_pips = sum(tile.pips for tile in self.game.tiles)
        # the engine's line, opened with each tile: what an opening can count, and the ends a line has after it
        self.openings = openings = [self._opened(t) for t in range(len(self.game.tiles))]
        self.lone_openings = sorted({line.total for line in openings if len(line.contributions_by_end()) == 1})
        self.least_ends = min(len(line.values) for line in openings)
        reads = o.penalty.names | o.award.names
        self.ask_pips = bool(reads & _PIPS_NAMES) or o.paid_to == "lightest"
        self.ask_tiles = "hand_size" in reads
        # the tiles a round can place: each hand's deal, and what the boneyard lets be drawn beyond them
        self.hand = self.game.hand_size
        self.drawable = len(self.game.tiles) - self.game.reserve - self.hand * players
        self.phase = "opener"          # opener | play | leftovers
        self.opened_by = o.first_opener.method  # how this round's opener is chosen (`opener.first`, `next`...)
        self.turn = 0
        self.placed = 0
        self.last_placer: int | None = None
        self.dominoer: int | None = None
        self.blocked = False
        self.pips: dict[int, int] = {}
        self.sizes: dict[int, int] = {}
        self.asking: list[int] = []    # whose leftovers are still to be entered
        self.won_by_placing = False
        self.passes = 0                # passes in a row since the last tile
        self.passed: set[int] = set()  # the players who passed since the last tile
        self.acted: set[int] = set()   # the players who may have drawn this round (see `_pass_problem`)
        self.ends_now = 0              # the open ends counted after the last tile
        self.shown: tuple[int, ...] = ()   # the counts entered after the last tile
        self.lines: list[Line] = []    # every line of the engine's that shows the counts entered this round
        self.by_player = [0] * players  # the tiles each player has placed this round
        self.moved_on = False          # a turn was entered since the last tile

    # -- what the table can know -------------------------------------------------------------

    def known(self) -> tuple[str, ...]:
        return KNOWN

    def problem(self) -> tuple[str, str, str] | None:
        return unknown_names((("scoring", entry.name, (entry.when, entry.points)) for entry in self.rules.scoring),
                             KNOWN)

    # -- questions ---------------------------------------------------------------------------

    def question(self) -> Question:
        if self.phase == "opener":
            return Question("q_opener", None, {"round": self.table.round, "players": self.players})
        if self.phase == "play":
            return Question("q_play", self.turn, {"round": self.table.round})
        player = self.asking[0]
        return Question("q_tiles" if player in self.pips or not self.ask_pips else "q_pips", player)

    def hint(self, question: Question, lang: str) -> str:
        w = WORDS[lang]
        key = {"q_opener": "hint_opener", "q_play": "hint_play", "q_pips": "hint_pips", "q_tiles": "hint_tiles"}
        return w[key[question.key]].format(players=self.players, most=self._pips_held()[0])

    def help(self, lang: str) -> str:
        return WORDS[lang]["help"].format(example=WORDS[lang]["example"])

    def follows_end(self, text: str) -> bool:
        # the tile that won the game may have been its player's last: `domino` still says so (for
        # `dominoed`, which may score it otherwise: the keeper then says the win no longer stands)
        return self.phase == "play" and self.last_placer is not None and self.won_by_placing \
            and self._goes_out(text, self.last_placer)

    def describe(self, event: Any, lang: str) -> str | None:
        w = WORDS[lang]
        if isinstance(event, Opened):
            return w["opens"].format(round=event.round, player=player_name(event.player, lang))
        if isinstance(event, Summed):
            terms = " + ".join(map(str, event.ends))
            return w["summed" if event.points else "summed_none"].format(
                player=player_name(event.player, lang), terms=terms, total=event.total)
        if isinstance(event, Left):
            if event.tiles is not None:
                return w["tiles_left"].format(player=player_name(event.player, lang),
                                              tiles=count(event.tiles, "tile", lang))
            return w["left"].format(player=player_name(event.player, lang), pips=count(event.pips or 0, "pip", lang))
        if isinstance(event, (D.Passed, D.Dominoed, D.RoundBlocked, D.RoundEnded)):
            return line_words.describe(event, lang, self.game.target, self.rules.notation, rules=self.rules)
        return None

    # -- entries -----------------------------------------------------------------------------

    def read(self, text: str, upcoming: str | None) -> str:
        if self.phase == "opener":
            player = parse_player(text, self.players)
            self._open(player)
            return str(player + 1)
        if self.phase == "leftovers":
            return self._leftover(text)
        words = text.lower().split()
        first = words[0] if words else ""
        if first in _TURN and len(words) == 2:
            self._refuse_when_out()
            self.turn = parse_player(text.split()[1], self.players)
            self.moved_on = True
            self.acted.update(range(self.players))  # a turn typed for a pass forgotten: anyone may have drawn
            return f"turn {self.turn + 1}"
        if words and " ".join(words) in _PASS:
            if not self.placed and self.checks:
                raise Refused("opener_passes_holder" if self._holder_opens() else "opener_passes")
            self._refuse_when_out()
            self._refuse_when_stuck()
            self._refuse_pass()
            self.passes += 1
            self.passed.add(self.turn)
            self.acted.add(self.turn)
            self.table.events.append(D.Passed(self.turn))
            self.turn = self.table.seats.next(self.turn)
            return "pass"
        if first in _DOMINO and len(words) <= 2:
            player = self._goer(words)
            self.dominoer = player
            self.table.events.append(D.Dominoed(player))
            if self.table.outcome is not None:
                self.won_by_placing = False   # the game is over: nothing is settled
                return f"domino {player + 1}"
            self._leftovers(blocked=False)
            return f"domino {player + 1}"
        if words and " ".join(words) in _BLOCKED:
            if not self.placed:
                raise Refused("nothing_placed")
            self._refuse_when_out()
            self._refuse_block()
            self.table.events.append(D.RoundBlocked(self.table.round))
            self._leftovers(blocked=True)
            return "blocked"
        return self._place(text, upcoming)

    def _opened(self, t: int) -> Line:
        """The engine's line of these rules with tile number `t` opening it."""
        line = Line(self.game.line_tables)
        line.put(t, -1)
        return line

    def _refuse_when_stuck(self) -> None:
        """Every player has passed in turn on an unchanged line, and a pass means nothing could be
        drawn (`pass.only_when_boneyard_empty`): no hand and no end can change, so the round is
        blocked and nobody places, passes or goes out again."""
        if self.game.pass_only_when_empty and self.placed and self.passes >= self.players:
            raise Refused("all_passed")

    def _refuse_pass(self) -> None:
        """A player passes holding no tile that fits an open end; where a pass means nothing could be
        drawn (`pass.only_when_boneyard_empty`), the boneyard is down to the tiles kept out of play,
        and every tile that fits is among them or in the hands of those who have not passed since the
        last tile. A hand holds what is left of its deal and what its player drew, and a player draws
        only on their own turn. The lines the entries allow are narrowed to those where this can be."""
        if not self.holds or not self.lines:
            return
        passed = self.passed | {self.turn}
        problems = [self._pass_problem(line, passed) for line in self.lines]
        lines = [line for line, problem in zip(self.lines, problems) if problem is None]
        if not lines:  # the line that comes nearest: its count over the bound is the least
            key, over, bound = min((p for p in problems if p is not None), key=lambda p: p[1] - p[2])
            if key == "last_pass":
                raise Refused(key, player=self.turn + 1, fits=counted(over, "tile"), reserve=bound)
            raise Refused(key, player=self.turn + 1, least=counted(over, "tile"), room=counted(bound, "tile"))
        self.lines = lines

    def _pass_problem(self, line: Line, passed: set[int]) -> tuple[str, int, int] | None:
        """Why the players in `passed` cannot all hold only tiles that fit no end of `line`, as a words
        key, a count and the bound it passes (None if they can). Each holds what is left of their
        deal, and what they drew beyond it; where a pass means nothing could be drawn and nobody else
        may have drawn (`acted`: a player draws on their own turn, and before the opening tile only
        where a hand that can place may draw), the passers drew every tile that could be. With
        everyone passed, that leaves every tile that fits out of play."""
        left = [self.hand - placed for placed in self.by_player]
        others = [p for p in range(self.players) if p not in passed]
        if self.game.pass_only_when_empty and not others:
            fits = self._fitting(line)
            return None if fits <= self.game.reserve else ("last_pass", fits, self.game.reserve)
        if self.game.pass_only_when_empty and not any(p in self.acted for p in others):
            least = sum(left[p] for p in passed) + self.drawable
        else:
            least = sum(max(0, left[p]) for p in passed)
        room = self._fitting_none(line)
        return None if least <= room else ("no_room" if len(passed) > 1 else "no_room_one", least, room)

    def _refuse_block(self) -> None:
        """A round is blocked when nothing can be drawn and no hand holds a tile that fits an open
        end: every tile that fits, off the line, is among those the boneyard keeps out of play
        (`draw.reserve`). The lines the entries allow are narrowed to those where this can be."""
        if not self.holds or not self.lines:
            return
        lines = [line for line in self.lines if self._fitting(line) <= self.game.reserve]
        if not lines:
            raise Refused("no_block" if self.drawable else "no_block_held",
                          fits=counted(min(map(self._fitting, self.lines)), "tile"), reserve=self.game.reserve)
        self.lines = lines

    def _fitting(self, line: Line) -> int:
        """How many tiles off `line` fit one of its open ends."""
        return (line.open_mask() & self._off(line)).bit_count()

    def _fitting_none(self, line: Line) -> int:
        """How many tiles off `line` fit none of its open ends."""
        return (self._off(line) & ~line.open_mask()).bit_count()

    def _off(self, line: Line) -> int:
        """The bits of the set's tiles not on `line`."""
        return ((1 << len(self.game.tiles)) - 1) & ~_on(line)

    def _pips_held(self) -> tuple[int, int, int]:
        """The most pips the next player asked can hold: the pips of the tiles off the line (the
        most any line the entries allow leaves), less those entered for the others; with both."""
        pips = self.game.line_tables.pips
        left = max((sum(pips[t] for t in tile_numbers(self._off(line))) for line in self.lines),
                   default=self.most_pips)
        entered = sum(self.pips.values())
        return max(0, left - entered), left, entered

    def _refuse_block_pips(self, player: int, pips: int, entered: int) -> None:
        """The last leftover of a blocked round: the hands then hold every tile off the line but the
        boneyard's, which keeps `draw.reserve` tiles, every tile that fits among them; so the pips
        entered add up to the pips off the line less those of the reserve's other tiles (exactly
        the pips off the line when it keeps none)."""
        spans = [self._held_at_block(line) for line in self.lines]
        if any(least <= entered + pips <= most for least, most in spans):
            return
        least, most = min(s[0] for s in spans), max(s[1] for s in spans)
        raise Refused("block_pips", player=player + 1, entered=entered, span=_span(least, most),
                      need=_span(max(0, least - entered), max(0, most - entered)))

    def _held_at_block(self, line: Line) -> tuple[int, int]:
        """The fewest and the most pips the hands hold between them when the round is blocked on
        `line`: the tiles off it, less the reserve's, the heaviest or the lightest beyond those that fit."""
        pips, off = self.game.line_tables.pips, self._off(line)
        fits = line.open_mask() & off
        others = sorted(pips[t] for t in tile_numbers(off & ~fits))
        extra = max(0, self.game.reserve - fits.bit_count())
        total = sum(others)
        return total - sum(others[len(others) - extra:]), total - sum(others[:extra])

    def _goer(self, words: list[str]) -> int:
        """The player a `domino` entry says went out: a round ends as its last tile is placed, so
        only once a tile is down, and only the player who placed the last one."""
        if self.last_placer is None:
            raise Refused("nothing_placed")
        self._refuse_when_stuck()
        player = parse_player(words[1], self.players) if len(words) == 2 else self.last_placer
        if player != self.last_placer:
            raise Refused("not_last_placer", player=player + 1, last=self.last_placer + 1)
        if self.checks and (self.passes or self.moved_on):
            raise Refused("passed_since", player=player + 1)
        if not self._may_go_out(self.by_player, player):
            raise Refused("too_soon", player=player + 1, placed=self.by_player[player], hand=self.hand)
        return player

    def _may_go_out(self, by_player: list[int], player: int) -> bool:
        """Whether `player` may have placed their last tile: they have placed a hand's deal (always, in a
        save read without the checks: see keep.VERSION)."""
        return not self.checks or by_player[player] >= self.hand

    def _open(self, player: int) -> None:
        self.table.opener = self.turn = player
        self.placed = self.passes = self.ends_now = 0
        self.shown, self.lines, self.by_player, self.moved_on = (), [], [0] * self.players, False
        self.passed, self.acted = set(), set()
        self.last_placer = self.dominoer = None
        self.blocked = False
        self.pips, self.sizes = {}, {}
        self.phase = "play"
        self.table.events.append(Opened(self.table.round, player))

    def _place(self, text: str, upcoming: str | None) -> str:
        ends = self._ends(text)
        self._check_count(ends)
        self._refuse_when_stuck()
        player, table = self.turn, self.table
        by_player = [n + (p == player) for p, n in enumerate(self.by_player)]
        self._refuse_when_out()
        self._refuse_emptying(by_player, player)
        lines = self._follow(ends)
        env = {"ends_sum": sum(ends), "ends": tuple(ends), "open_ends": len(ends), "opening": self.placed == 0,
               "dominoed": self._goes_out(upcoming, player), "players": self.players,
               "score": table.scores[player], "target": self.game.target, "round": table.round}
        awards = self.game.awards(env)
        if not env["dominoed"] and self._may_go_out(by_player, player):
            # the entry after a call typed last says whether the tile went out
            self.if_out = (player, self.game.awards({**env, "dominoed": True}))
        table.events.append(Summed(player, tuple(ends), sum(ends), sum(points for _, points, _ in awards)))
        self.placed += 1
        self.passes, self.ends_now, self.passed = 0, len(ends), set()
        self.shown, self.lines, self.by_player, self.moved_on = tuple(ends), lines, by_player, False
        if self.placed > 1 or not self.game.draw_only_when_stuck:  # an opener draws only where a hand may
            self.acted.add(player)
        self.last_placer = player
        self.turn = table.seats.next(player)
        self.won_by_placing = table.score_play(player, awards)
        return " ".join(map(str, ends))

    def _ends(self, text: str) -> list[int]:
        """The counts an entry gives, each one an open end of this set can show."""
        stripped = text.strip()
        if not _ENDS.fullmatch(stripped):
            raise Refused("not_ends", text=shown(stripped))
        ends = [parse_number(part, 0, self.most_end, above=True) for part in re.split(r"[+ ,]+", stripped)]
        high = self.rules.pieces.highest_pip
        for end in ends:
            if end > self.most_end and self.double_value == 2:
                raise Refused("end_too_big", most=self.most_end, n=end)
            if end not in self.end_counts and self.double_value == 2:
                doubles = ", ".join(str(2 * v) for v in range(high + 1))
                raise Refused("end_impossible_both", high=high, doubles=doubles, n=end)
            if end not in self.end_counts:
                raise Refused("end_impossible_one", high=high, n=end)
        if len(ends) > self.most_ends:
            raise Refused("too_many_ends", count=len(ends), most=self.most_ends)
        return ends

    def _check_count(self, ends: list[int]) -> None:
        """As many counts as the engine's line has counting ends: an opening double counted once is
        the only single count; after the opening a line has its ends, and with a spinner an end that
        counts goes on counting while each tile opens at most one more."""
        count = len(ends)
        if not self.placed:
            if count == 1 and not self.lone_openings:
                raise Refused("too_few_ends", least=self.least_ends, count=count)
            if count == 1 and ends[0] not in self.lone_openings:
                raise Refused("lone_opening", counts=", ".join(map(str, self.lone_openings)), n=ends[0])
            return
        if count < self.least_ends:
            raise Refused("too_few_ends", least=self.least_ends, count=count)
        if count < self.ends_now:
            raise Refused("ends_shrank", before=self.ends_now, count=count)
        if count > self.ends_now + 1:
            raise Refused("ends_jumped", before=self.ends_now, count=count)

    def _follow(self, ends: list[int]) -> list[Line]:
        """Every line of the engine's that shows `ends` after this placement: an opening tile, or a
        tile not yet on a line that shows the last counts put on an end it fits."""
        if not self.checks:  # a save read as it was written: its counts are not followed
            return []
        shown = sorted(ends)
        if not self.placed:
            lines = [line for line in self.openings if self._shows(line, shown)]
            if not lines:
                raise Refused("no_opening", ends=" ".join(map(str, ends)))
            return lines
        found: dict[tuple[Any, ...], Line] = {}
        for line in self.lines:
            for t, end in self._placements(line, set(shown)):
                after = line.copy()
                after.put(t, end)
                if self._shows(after, shown):
                    found.setdefault(_state(after), after)
        if not found:
            raise Refused(self._no_tile_key(), before=" ".join(map(str, self.shown)), ends=" ".join(map(str, ends)))
        return list(found.values())

    def _no_tile_key(self) -> str:
        """How a tile changes the counts, as these rules and this line have it: with a spinner, on its arm
        one more counts; without one, the tile on an opening double counted once makes two counts of one."""
        if self.rules.options.spinner:
            return "no_tile_spinner"
        return "no_tile_double" if len(self.shown) == 1 else "no_tile"

    def _holder_opens(self) -> bool:
        """Whether this round's opener must open with the piece that made them the opener."""
        holder = self.rules.options.holder
        return self.opened_by == "holder" and holder is not None and holder.must_play

    @staticmethod
    def _placements(line: Line, counts: set[int]) -> list[tuple[int, int]]:
        """(tile, end) for each tile not on `line` that fits an end and counts there one of `counts`."""
        tables = line.tables
        unused = ~_on(line)
        return [(t, end) for end, value in enumerate(line.values)
                for t in tile_numbers(tables.mask[value] & unused) if tables.adds[value][t] in counts]

    @staticmethod
    def _shows(line: Line, shown: list[int]) -> bool:
        return sorted(amount for _, amount in line.contributions_by_end()) == shown

    def _emptied(self, by_player: list[int], placing: int | None = None) -> int | None:
        """A player (not the one `placing`) whose hand these placements leave empty: they placed their
        deal while the players placed every tile the round lets be drawn beyond the deals (nobody, in a
        save read without the checks: see keep.VERSION)."""
        if not self.checks or sum(max(0, n - self.hand) for n in by_player) < self.drawable:
            return None
        return next((p for p, n in enumerate(by_player) if n >= self.hand and p != placing), None)

    def _refuse_when_out(self) -> None:
        """Nothing but that player's `domino` follows the tile that emptied a hand."""
        out = self._emptied(self.by_player)
        if out is not None:
            raise Refused("went_out", player=out + 1, placed=self.by_player[out], hand=self.hand)

    def _refuse_emptying(self, by_player: list[int], player: int) -> None:
        """A tile that would take the round's last tile to draw while another player, their deal
        placed, would then have held nothing since their last tile."""
        out = self._emptied(by_player, player)
        if out is not None:
            raise Refused("no_draw_left", drawable=self.drawable, hand=self.hand, other=out + 1, placed=by_player[out])

    def _goes_out(self, upcoming: str | None, player: int) -> bool:
        """Whether the next entry says that `player` placed their last tile with this one."""
        words = (upcoming or "").lower().split()
        if not words or words[0] not in _DOMINO or len(words) > 2:
            return False
        if len(words) == 1:
            return True
        try:
            return parse_player(words[1], self.players) == player
        except Refused:
            return False

    def _leftovers(self, blocked: bool) -> None:
        self.blocked = blocked
        order = self.table.seats.order_from(self.table.opener)
        self.asking = [p for p in order if p != self.dominoer] if self.ask_pips or self.ask_tiles else []
        if self.dominoer is not None:
            self.pips[self.dominoer] = self.sizes[self.dominoer] = 0
        self.phase = "leftovers"
        if not self.asking:
            self._settle()

    def _leftover(self, text: str) -> str:
        player = self.asking[0]
        if self.ask_pips and player not in self.pips:
            most, left, entered = self._pips_held()
            pips = parse_number(text, 0, self.most_pips)
            if self.counts and pips > most:
                raise Refused("pips_left", left=left, entered=entered, player=player + 1, most=most)
            if self.holds and self.blocked and self.asking == [player] and self.lines:
                self._refuse_block_pips(player, pips, entered)
            self.pips[player] = pips
            self.table.events.append(Left(player, pips))
            answered = pips
            if not self.ask_tiles:
                self.asking.pop(0)
        else:
            answered = parse_number(text, 0, len(self.game.tiles))
            self.sizes[player] = answered
            self.table.events.append(Left(player, None, answered))
            self.asking.pop(0)
        if not self.asking:
            self._settle()
        return str(answered)

    def _settle(self) -> None:
        """The round's settlement by the engine's own `settle`, then the round's end and the next opener."""
        table, o = self.table, self.rules.options
        pips = [self.pips.get(p, 0) for p in range(self.players)]
        sizes = [self.sizes.get(p, 0) for p in range(self.players)]
        order = table.seats.order_from(table.opener)
        if self.game.settle(table, pips, sizes, self.dominoer, self.blocked, order):
            return
        table.events.append(D.RoundEnded(table.round, self.blocked, self.dominoer, tuple(table.scores)))
        if table.end_round():
            return
        rule = self.opened_by = o.opener_after_blocked if self.blocked else o.next_opener
        if rule == "dominoer" and self.dominoer is not None:
            self._open(self.dominoer)
        elif rule == "clockwise":
            self._open(table.seats.next(table.opener))
        else:                       # a lottery or the holder of a piece: the table knows, the keeper asks
            self.phase = "opener"
