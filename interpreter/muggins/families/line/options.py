"""The line family's rule sections, compiled: the options, and the names its formulas read."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import rules as R
from ...dsl import Expression, Type
from ...errors import MugginsError, Problem
from ...messages import Said, said_list, say
from ...pieces import Tile, TileSet

INT, BOOL, LIST = Type.INT, Type.BOOL, Type.LIST
TILE_RANK_CONTEXT = {"tile.pips": INT, "tile.high": INT, "tile.low": INT}
PLACEMENT_CONTEXT = {
    **R.TABLE_CONTEXT, "ends_sum": INT, "ends": LIST, "open_ends": INT, "tile.high": INT, "tile.low": INT,
    "tile.pips": INT, "tile.is_double": BOOL, "opening": BOOL, "dominoed": BOOL, "hand_size": INT,
    "boneyard": INT, "round": INT, "earned": INT, "line.highs": LIST, "line.lows": LIST, "line.pips": LIST,
}
SETTLEMENT_CONTEXT = {
    **R.TABLE_CONTEXT, "hand_pips": INT, "hand_size": INT, "side_pips": INT, "opponents_pips": INT, "lightest": BOOL,
    "dominoed": BOOL, "blocked": BOOL,
}
HOLDER_PIECES = ("highest_double", "heaviest")

# What is wrong with the line options of a rule file, in both languages.
WORDS = {
    "en": {
        "or": " or ", "nor": " nor ",
        "needs_piece": "an opener chosen as the holder of a piece needs `opener.holder.piece`: {pieces} or a tile "
                       "like {example}",
        "not_in_set": "{piece} is not a tile of the double-{highest} set, whose halves go from 0 to {highest}; write "
                      "a tile like {example}, or {pieces}",
        "not_a_piece": "{piece} is neither {pieces} nor a tile of the double-{highest} set (like {example})",
        "unused": "`opener.holder` is read only when `first.method`, `next` or `after_blocked` is holder; set one of "
                  "them to holder, or remove `opener.holder`",
        "reserve": "keeps {kept} tiles out of play with {players}; it must be from 0 to the {size} tiles of the set",
        "kept_drawn": ("`one_at_a_time: false` lets a player keep a drawn tile that fits and draw on, which a player "
                       "who draws only when stuck (`only_when_stuck: true`) never can: the tile that fits ends the "
                       "drawing; set `only_when_stuck: false` too, or remove `one_at_a_time`"),
        "too_few": "keeps {kept} of the {size} tiles out of play with {players}, leaving {left}: too few to deal "
                   "{dealt} to each ({need}); keep at most {most}, or deal fewer",
    },
    "es": {
        "or": " o ", "nor": " ni ",
        "needs_piece": "quien sale por tener una ficha necesita `opener.holder.piece`: {pieces} o una ficha como "
                       "{example}",
        "not_in_set": "{piece} no es una ficha del juego de doble {highest}, cuyas mitades van de 0 a {highest}; "
                      "escribe una ficha como {example}, o {pieces}",
        "not_a_piece": "{piece} no es {pieces} ni una ficha del juego de doble {highest} (como {example})",
        "unused": "`opener.holder` solo se lee cuando `first.method`, `next` o `after_blocked` vale holder; pon uno "
                  "de ellos a holder, o quita `opener.holder`",
        "reserve": "deja {kept} fichas fuera de juego con {players}; debe ser de 0 a las {size} fichas del juego",
        "kept_drawn": ("`one_at_a_time: false` deja que un jugador se quede una ficha robada que encaja y siga "
                       "robando, lo que nunca puede quien roba solo cuando no puede colocar (`only_when_stuck: "
                       "true`): la ficha que encaja acaba el robo; pon también `only_when_stuck: false`, o quita "
                       "`one_at_a_time`"),
        "too_few": "deja {kept} de las {size} fichas fuera de juego con {players}, y quedan {left}: no bastan para "
                   "repartir {dealt} a cada uno ({need}); deja como mucho {most}, o reparte menos",
    },
}


def _holder_pieces(joiner: str) -> Said:
    """The holder pieces by name, joined by `joiner` ("or", "nor") in each language."""
    return said_list(list(HOLDER_PIECES), say(WORDS, joiner))


@dataclass(frozen=True)
class LineRules:
    """The options of a game played on a line of dominoes."""

    first_opener: R.Lottery
    next_opener: str
    opener_after_blocked: str
    spinner: bool
    double_at_end: str
    opening_double: str
    draw_only_when_stuck: bool
    draw_one_at_a_time: bool
    drawn_tile_end: str
    reserve: Expression
    pass_only_when_boneyard_empty: bool
    penalty: Expression
    award: Expression
    paid_to: str
    penalty_on_blocked: bool
    floor: int | None
    holder: R.Holder | None

    @property
    def pays_award(self) -> bool:
        """Whether a round's end pays anyone the award: with `paid_to: nobody` it is never read
        (neither computed in a game nor checked at load)."""
        return self.paid_to != "nobody"



def compile_line(c: Any) -> tuple[TileSet, LineRules]:
    """The tile set and the line options of a validated rule file; problems go to `c`."""
    d = c.doc.data
    tiles = TileSet(d["pieces"]["tiles"]["highest_pip"])
    if d["draw"]["only_when_stuck"] and not d["draw"]["one_at_a_time"]:
        c.problems.append(Problem(c.doc.where(("draw", "one_at_a_time")), say(WORDS, "kept_drawn")))
    return tiles, LineRules(
        first_opener=c.lottery(("opener", "first"), TILE_RANK_CONTEXT),
        next_opener=d["opener"]["next"],
        opener_after_blocked=d["opener"]["after_blocked"],
        spinner=d["line"]["spinner"],
        double_at_end=d["line"]["double_at_end"],
        opening_double=d["line"]["opening_double"],
        draw_only_when_stuck=d["draw"]["only_when_stuck"],
        draw_one_at_a_time=d["draw"]["one_at_a_time"],
        drawn_tile_end=d["draw"]["drawn_tile_end"],
        reserve=c.expr(("draw", "reserve"), R.PLAYERS_CONTEXT, Type.INT),
        pass_only_when_boneyard_empty=d["pass"]["only_when_boneyard_empty"],
        penalty=c.expr(("settlement", "penalty"), SETTLEMENT_CONTEXT, Type.INT),
        award=c.expr(("settlement", "award"), SETTLEMENT_CONTEXT, Type.INT),
        paid_to=c.get(("settlement", "paid_to"), "dominoer"),
        penalty_on_blocked=d["settlement"]["on_blocked"],
        floor=d["settlement"]["floor"],
        holder=_holder(c, tiles),
    )


def _holder(c: Any, tiles: TileSet) -> R.Holder | None:
    """The opening piece's rule, when an opener is its holder; checked against the set."""
    opener = c.doc.data["opener"]
    uses = (opener["first"]["method"] == "holder", opener["next"] == "holder", opener["after_blocked"] == "holder")
    data = opener.get("holder")
    example = f"\"{tiles.highest_pip}-{tiles.highest_pip}\""
    if data is None:
        if any(uses):
            where = ("opener", "first", "method") if uses[0] else ("opener", "next" if uses[1] else "after_blocked")
            c.complain(where, say(WORDS, "needs_piece", pieces=_holder_pieces("or"), example=example))
        return None
    piece = data["piece"]
    if piece not in HOLDER_PIECES:
        try:
            in_set: bool | None = Tile.parse(piece) in tiles.tiles
        except MugginsError:  # not a tile: shaped like one (with too many digits), or not at all
            in_set = False if Tile.shaped(piece) else None
        if in_set is False:
            c.complain(("opener", "holder", "piece"), say(WORDS, "not_in_set", piece=c.show(piece), example=example,
                                                          highest=tiles.highest_pip, pieces=_holder_pieces("or")))
        elif in_set is None:
            c.complain(("opener", "holder", "piece"), say(WORDS, "not_a_piece", piece=c.show(piece), example=example,
                                                          highest=tiles.highest_pip, pieces=_holder_pieces("nor")))
    if not any(uses):
        c.problems.append(Problem(c.doc.where(("opener", "holder"), key=True), say(WORDS, "unused")))
    return R.Holder(piece, data.get("must_play", False))


def check_line_counts(c: Any, options: LineRules, tiles: TileSet, env: dict[str, int], dealt: int | None) -> None:
    """The tiles kept out of play with `env["players"]`: within the set, and leaving enough to deal."""
    players, size = env["players"], len(tiles)
    kept = c.evaluate(("draw", "reserve"), options.reserve, env)
    if kept is None:
        return
    if not 0 <= kept <= size:
        c.fails_with(("draw", "reserve"), players, WORDS, "reserve", kept=kept, size=size)
    elif dealt is not None and dealt * players > size - kept:
        # The hands fit the set; what is kept back leaves too few: the reserve is the count to change.
        c.fails_with(("draw", "reserve"), players, WORDS, "too_few", kept=kept, size=size, left=size - kept, dealt=dealt, need=dealt * players,
                     most=size - dealt * players)
