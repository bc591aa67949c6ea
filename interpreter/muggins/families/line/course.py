"""The course of a domino game, written once: rounds, turns, placements, draws and settlement.

Every domino game the engine plays runs it: a person at the terminal, a replayed record, a
scenario, a simulation of thousands of games. The table's decisions (claims, "Muggins!") are
the table's (`TableState`); this module holds what is the family's own: the turn (place, draw
or pass) and the automatic steps (after a placement, the end of a round, the first
round), each keeping the position on the state (`DominoState`), so that it can be read, copied
and resumed at any decision.

A simulation runs it too, so it is kept small and fast: tiles are numbers (`LineTables`), a hand
is a bitmask of them, a move is a number (`code`: a placement is `tile << 3 | end + 1`, the
opening's end being -1; `DRAW`, `PASS`, `CALL` are negative), and events are built only when
someone listens (statistics read the scores and the blocked rounds, which are always built).
At a table the course yields at every decision and is sent the move made; in a simulation it
asks the bots' policies (`bots.Policies`) with the moves ranked as a greedy bot ranks them from
its view, and never yields.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bots import UNPLAYABLE, Policies, best_index, ranked
from ...engine.common import shuffled
from ...engine.table import TURN, Course
from .events import Dominoed, Drew, Passed, Placed, Revealed, RoundBlocked, RoundEnded, RoundStarted

if TYPE_CHECKING:
    from .game import DominoState

AFTER_PLACE, END_ROUND, FIRST_ROUND = range(1, 4)  # after TURN, the table's step 0
DRAW, PASS, CALL = -1, -2, -3  # the codes of the moves that place no tile (CALL: "Muggins!" on one's turn)
# a greedy bot's keys for them, as `bots.greedy_key`: a draw or a pass scores nothing, tiebreak -1;
# a call on its own turn is never its choice
OTHER_KEYS = {DRAW: -1, PASS: -1, CALL: UNPLAYABLE}


def run(state: DominoState) -> Course:
    """The game from the position on `state`: the decisions due, then the step it is at. At a
    table the player to move is asked by yielding; a simulation plays its turns (`simulate`)."""
    queue = state.queue
    while True:
        if state.rules.has_claims and queue:  # the fact first: without claims nothing waits, and it folds
            yield from state.decisions()
        if state.outcome is not None:
            return
        step = state.step
        if step == TURN:
            if state.policies is not None:
                simulate(state, state.policies)
            else:
                code = code_of(state, (yield))
                state.moves += 1
                play(state, code)
        elif step == AFTER_PLACE:
            after_place(state)
        elif step == END_ROUND:
            end_round(state, state.blocked)
        else:
            first_round(state)


def simulate(state: DominoState, policies: Policies) -> None:
    """Turns of simulated bots, until a decision or an automatic step is due or the game ends:
    each bot's policy is asked as `Bot.choose` asks, with one legal move not at all; a greedy
    bot's choice, the first of the moves ranked highest from its view, is `greedy_code`'s."""
    queue = state.queue
    while True:
        turn = state.turn
        if policies.greedy[turn]:
            code = greedy_code(state)
        else:
            codes = legal_codes(state)
            chosen = policies.pick(turn, codes)  # a statement of its own: inlined in a simulation
            code = codes[chosen]
        state.moves += 1
        play(state, code)
        if (state.rules.has_claims and queue) or state.step != TURN or state.outcome is not None:
            return


def code_of(state: DominoState, move: Any) -> int:
    """A move object's code, where a move enters the course from outside (a table's `apply` is
    unchecked, but a tile never comes from nowhere: placing one not in the hand would put it in
    the hand). A simulation's moves are codes of its legal moves, and never pass here."""
    if move.kind == "place":
        t = state.game.line_tables.index[move.tile]
        if not state.masks[state.turn] & state.game.line_tables.bit[t]:
            raise ValueError(f"{move.tile} is not in the hand of player {state.turn + 1}")
        return t << 3 | (0 if move.end is None else move.end + 1)
    return {"draw": DRAW, "pass": PASS, "muggins": CALL}[move.kind]


def legal_codes(state: DominoState) -> list[int]:
    """The codes of the legal moves of the player to move, in the order a player reads them:
    tiles in hand order, each on its ends in order, then draw, pass and a Muggins call."""
    game, line = state.game, state.line
    must = state.must
    if must >= 0:
        if not line.log:
            return [must << 3]
        codes = []
        ends = line.fits_index(must)
        for end in ends:
            codes.append(must << 3 | end + 1)
        return codes[:1] if game.first_end_only else codes
    codes = placement_codes(line, state.masks[state.turn])
    add_other_codes(state, codes, not codes)
    return codes


def add_other_codes(state: DominoState, codes: list[int], stuck: bool) -> None:
    """Add the moves that place no tile, for a player with no placement (`stuck`) or with some:
    draw, pass, a Muggins call."""
    game = state.game
    if stuck or not game.draw_only_when_stuck:
        drawable = len(state.bones) > game.reserve
        if drawable:
            codes.append(DRAW)
        if stuck and (not drawable or not game.pass_only_when_empty):
            codes.append(PASS)
    if game.false_call:
        codes.append(CALL)


def others_beside_placements(game: Any) -> bool:
    """Whether `add_other_codes` adds a move for a hand that has a placement (a draw that need
    not wait, a call): a greedy seat with a placement looks no further where none is added."""
    return not game.draw_only_when_stuck or game.false_call


def placement_codes(line: Any, hand: int) -> list[int]:
    """Every placement of a hand (a bitmask of tiles) on the line, as codes, in the order a
    player reads them: by tile, each on its ends in order. Listed end by end, then sorted (a
    code is the tile, then the end): on two ends as fast as walking the tiles, on a spinner's
    four twice as fast."""
    values = line.values
    codes: list[int] = []
    code_by_bit = line.tables.code_by_bit
    if not values:  # an empty line: any tile opens it
        add_codes(codes, hand, code_by_bit[0])
        return codes
    mask = line.tables.mask
    end = 0
    for value in values:
        end += 1
        add_codes(codes, hand & mask[value], code_by_bit[end])
    codes.sort()
    return codes


def add_codes(codes: list[int], tiles: int, code_of: dict[int, int]) -> None:
    """Add to `codes` the tiles of a bitmask placed on one end (`code_of`: each tile's code there
    by its bit, `LineTables.code_by_bit`), in tile order: the one listing of placements, for an
    opening and for each open end."""
    while tiles:
        bit = tiles & -tiles
        tiles ^= bit
        codes.append(code_of[bit])


def greedy_code(state: DominoState) -> int:
    """A greedy seat's move: the first of the highest `greedy_keys` of the `legal_codes`, as
    `bots.best_index` picks it. Where the placements' keys are tabulated (`tabulated`) the moves are
    walked, never listed: a simulation's greedy bots choose at every turn."""
    hand, must = state.masks[state.turn], state.must
    dominoed = state.game.scoring.reads_flags and hand.bit_count() == 1  # read only where an entry reads it
    keyed = tabulated(state, dominoed)
    beside = others_beside_placements(state.game)
    if keyed and (must < 0 or not state.game.first_end_only):
        # a drawn tile to place (`must`) has only its placements (see `legal_codes`)
        code, top = best_placement(state.line, hand if must < 0 else state.game.line_tables.bit[must],
                                   state.game.scoring, dominoed)
        if must < 0 and (code < 0 or beside):  # no placement (ranked `UNPLAYABLE`), or others beside them
            others: list[int] = []
            add_other_codes(state, others, code < 0)
            if code < 0:  # a stuck hand's first draw or pass (keyed alike: listed before a call, never chosen)
                return others[0]
            span = state.game.scoring.code_span
            for other in others:  # listed after the placements
                rank = ranked(OTHER_KEYS[other], span - 1, span)
                if rank > top:
                    code, top = other, rank
        return code
    if state.game.scoring.by_line_state and state.line.log and (must < 0 or not state.game.first_end_only):
        code = remembered_placement(state, hand if must < 0 else state.game.line_tables.bit[must], must < 0 and beside)
        return code
    codes = legal_codes(state)
    if len(codes) == 1:
        return codes[0]
    keys = greedy_keys(state, codes)
    best = best_index(keys)  # a statement of its own: inlined in a simulation
    return codes[best]


def remembered_placement(state: DominoState, tiles: int, beside: bool) -> int:
    """`greedy_code` where the keys are kept by the line's state (`PlacementScoring.state_row`):
    the first of the highest placements of the tiles of `tiles` that fit the line, kept in the
    line's row by those tiles (a simulation meets the same lines and the same few fitting tiles
    again and again), then the moves `beside` them. As `Bot.choose`, a lone move is made unweighed:
    a placement's key is read only beside another move (a rule's formula may fail on it)."""
    line, scoring = state.line, state.game.scoring
    fits = line.open_mask()
    tiles &= fits
    others: list[int] = []
    if beside or not tiles:
        add_other_codes(state, others, not tiles)
        if not tiles:  # a stuck hand's first draw or pass (keyed alike: listed before a call, never chosen)
            return others[0]
    hand_size = state.masks[state.turn].bit_count() - 1
    row = scoring.state_row(line, hand_size, len(state.bones), state.scores[state.turn], state.round)
    assert row is not None  # a row for every line where the keys are kept by the line's state
    bests = row[3]
    best = bests.get(tiles)
    if best is None:
        codes = placement_codes(line, tiles)
        if len(codes) == 1 and not others:
            return codes[0]
        keys = met_keys(state, codes, row[0], hand_size)  # the row found above, not looked up again
        first = best_index(keys)  # a statement of its own: inlined in a simulation
        best = codes[first], keys[first]
        bests[tiles] = best
    top: Any
    code, top = best
    for other in others:  # listed after the placements
        if OTHER_KEYS[other] > top:
            code, top = other, OTHER_KEYS[other]
    return code


def best_placement(line: Any, hand: int, scoring: Any, dominoed: bool) -> tuple[int, Any]:
    """The code and rank (`bots.ranked`) of a hand's first highest placement (-1 and `UNPLAYABLE`
    when it has none), each end's best tile read (`PlacementScoring.best_fit`) only when a tile
    fits there. Only the rank is kept as the ends are walked: a rank is the move's key times
    `code_span` less its code, so the code is what the rank leaves below the span. `top` is
    compared only once something is found: an integer compared with an integer is the comparison
    CPython specialises, and one with `UNPLAYABLE` (a float) never is."""
    found, top = False, 0
    if not line.log:  # an empty line: any tile opens it, ranked on the opening's one row
        row = scoring.opening_ranks[dominoed]
        tiles = hand
        while tiles:
            bit = tiles & -tiles
            tiles ^= bit
            t = bit.bit_length() - 1
            if not found or row[t] > top:
                found, top = True, row[t]
    else:
        mask = line.tables.mask
        end = 0
        for value in line.values:
            tiles = hand & mask[value]
            end += 1
            if tiles:
                rank = scoring.best_fit(dominoed, line.kept_at(end - 1), value, tiles)
                rank -= end  # ranked by its code, `t << 3 | end`
                if not found or rank > top:
                    found, top = True, rank
    if not found:
        return -1, UNPLAYABLE
    return -top % scoring.code_span, top


def tabulated(state: DominoState, dominoed: bool) -> bool:
    """Whether a greedy bot's keys of this turn's placements are read from rows by tile (see
    `PlacementScoring.key_row`)."""
    scoring = state.game.scoring
    if scoring.keyed_whole or not scoring.flagged:  # every placement tabulated, or none
        return scoring.keyed_whole
    return scoring.keyed_by_flags[dominoed | (not state.line.log) << 1] is not None


def key_rows(state: DominoState, dominoed: bool) -> list[Any] | None:
    """Each open end's row of a greedy bot's keys by tile (an empty line: the opening's one row,
    read at end -1), where the placements of this turn are tabulated; else None."""
    line, scoring = state.line, state.game.scoring
    if not tabulated(state, dominoed):
        return None
    if not line.log:
        return [scoring.opening_keys[dominoed]]
    kept, values = line.kept(), line.values
    if len(values) == 2:  # the common line, kept short: a greedy bot asks at every turn
        left = scoring.key_row(dominoed, kept[0], values[0])
        right = scoring.key_row(dominoed, kept[1], values[1])
        return [left, right]
    rows = []
    for end in range(len(values)):
        row = scoring.key_row(dominoed, kept[end], values[end])
        rows.append(row)
    return rows


def greedy_keys(state: DominoState, codes: list[int]) -> list[Any]:
    """A greedy bot's key of each move, ordered as `bots.greedy_key` from its view: the points
    times `key_base`, plus the tile's pips (see `OTHER_KEYS` for the moves that place no tile)."""
    line, scoring = state.line, state.game.scoring
    hand_size = state.masks[state.turn].bit_count() - 1
    rows = key_rows(state, hand_size == 0)
    if rows is not None:
        keys = []
        for code in codes:
            keys.append(rows[(code & 7) - 1][code >> 3] if code >= 0 else OTHER_KEYS[code])
        return keys
    pips = line.tables.pips
    if scoring.per_move:
        # the key of each placement on this line this turn, as met, where it is kept by the line's
        # state (`PlacementScoring.state_row`), else from the entries every time (what the turn
        # knows read where it is read: a simulation counts it only for a placement first met)
        row = scoring.state_row(line, hand_size, len(state.bones), state.scores[state.turn], state.round)
        keys = met_keys(state, codes, None if row is None else row[0], hand_size)
        return keys
    facts, keyed = scoring.turn_row(hand_size, len(state.bones), state.scores[state.turn], state.round, not line.log)
    # the sum after a placement: what its end keeps plus what the tile adds (or the opening's);
    # its points by that sum
    kept, adds, values, opening = line.kept(), line.tables.adds, line.values, line.tables.opening_sum
    keys = []
    for code in codes:
        if code < 0:
            keys.append(OTHER_KEYS[code])
            continue
        end, t = (code & 7) - 1, code >> 3
        total = kept[end] + adds[values[end]][t] if end >= 0 else opening[t]
        key = keyed[total]
        keys.append((key if key is not None else scoring.fill(facts, total)[1]) + pips[t])
    return keys


def met_keys(state: DominoState, codes: list[int], met: dict[int, int] | None, hand_size: int) -> list[Any]:
    """`greedy_keys` where the entries read the placement: each placement's key as met this turn
    (`met`: kept by the line's state, see `PlacementScoring.state_row`; None: not kept), else
    from the entries, what the turn knows read where it is read."""
    line, scoring = state.line, state.game.scoring
    pips = line.tables.pips
    keys = []
    for code in codes:
        if code < 0:
            keys.append(OTHER_KEYS[code])
            continue
        key = None if met is None else met.get(code)
        if key is None:
            t = code >> 3
            key = scoring.keyed_points(line, t, (code & 7) - 1, hand_size, len(state.bones),
                                       state.scores[state.turn], state.round) + pips[t]
            if met is not None:
                met[code] = key
        keys.append(key)
    return keys


def play(state: DominoState, code: int) -> None:
    """The player to move places a tile, draws, passes or calls "Muggins!" (a draw is part of
    the turn it ends)."""
    if code >= 0:
        state.turns += 1
        place(state, code >> 3, (code & 7) - 1)
        return
    if code == CALL:
        state.call_on_turn()
        return
    calls = state.close_window() if state.rules.has_claims and state.unclaimed else None
    if code == DRAW:
        draw(state)
    else:
        state.turns += 1
        if state.listening:
            state.events.append(Passed(state.turn))
    if calls:
        state.queue.extend(calls)
    if code == PASS:
        next_turn(state)


def first_round(state: DominoState) -> None:
    if state.options.first_opener.method == "holder":
        start_round(state, None)
        return
    opener = state.lottery("first opener", state.game.tiles)  # a statement of its own: inlined in a simulation
    start_round(state, opener)


def place(state: DominoState, t: int, end: int) -> None:
    """A tile on the line: its scores, the previous scorer's window closed, the claims and calls;
    then (once they are decided) the round's end or the next turn."""
    line, scoring, player = state.line, state.game.scoring, state.turn
    hand = state.masks[player]
    calls = state.close_window() if state.rules.has_claims and state.unclaimed else ()
    state.masks[player] = hand = hand ^ line.tables.bit[t]
    state.must = -1
    opening = not line.log
    tables = scoring.tables
    if tables is None:  # scored by a table of this placement's flags, or move by move (its row kept with the line)
        table = scoring.placement_table(hand.bit_count(), opening)
        if table is None:
            row = scoring.state_row(line, hand.bit_count(), len(state.bones), state.scores[player], state.round)
    line.put(t, end)
    if tables is not None:
        awards = tables[(not hand) | opening << 1 if scoring.reads_flags else 0][line.total]  # as `scoring.flags` indexes them
    elif table is not None:
        awards = (table[t] if scoring.by_tile else table)[line.total]
    else:
        code = t << 3 | end + 1
        awards = scoring.kept_awards(row, code)  # met before on this line: what the turn knows is not read
        if awards is None:
            awards = scoring.placed_awards(line, t, opening, hand.bit_count(), len(state.bones), state.scores[player],
                                           state.round, row, code)
        if row is not None:  # scored from the node of the line before: on to the node of the line after
            scoring.moved(line, code, row)
    if state.listening:
        announce(state, t, end, awards)
    state.step = AFTER_PLACE
    ended = False
    if awards or calls:
        ended = state.earn(awards, player, calls)
    if not ended and not (state.rules.has_claims and state.queue):  # nothing to decide first: on at once
        after_place(state)


def announce(state: DominoState, t: int, end: int, awards: Any) -> None:
    """The placement as an event, with what the texts' diagrams show (only when someone listens)."""
    line = state.line
    contributions = tuple(line.contributions())
    state.events.append(Placed(state.turn, line.tables.tiles[t], None if end < 0 else end,
                               line.connections[-1] if end >= 0 else None, line.tiles, line.connections,
                               tuple(line.ends), contributions, line.total, sum(award[1] for award in awards)))


def after_place(state: DominoState) -> None:
    player = state.turn
    state.step = TURN
    if not state.masks[player]:
        state.dominoer = player
        end_round(state, blocked=False)
    else:
        next_turn(state)


def draw(state: DominoState) -> None:
    """One tile from the boneyard; a playable one is placed at once when the rules say so."""
    player, line = state.turn, state.line
    t = state.bones.pop()
    bit = line.tables.bit[t]
    state.masks[player] |= bit
    fits = line.open_mask()  # a statement of its own: inlined in a simulation
    playable = fits & bit
    if state.listening:
        state.events.append(Drew(player, line.tables.tiles[t], bool(playable)))
    if playable and state.options.draw_one_at_a_time:
        state.must = t


def next_turn(state: DominoState) -> None:
    """The turn passes on; with nothing to draw and no tile placeable anywhere, the round is blocked."""
    game = state.game
    state.turn = game.next_seat[state.turn]
    if len(state.bones) <= game.reserve and state.outcome is None and state.line.log:
        fits = state.line.open_mask()
        for hand in state.masks:
            if hand & fits:
                return
        end_round(state, blocked=True)


def start_round(state: DominoState, opener: int | None) -> None:
    """Deal a round, one tile at a time in the order of play from the opener; with no opener
    yet (the holder of a piece opens), from the seat after the last opener."""
    game, seats = state.game, state.seats
    first = opener if opener is not None else (seats.next(state.opener) if state.round else 0)
    state.round += 1
    state.dominoer = None
    state.must = -1
    state.line = state.new_line()
    deck = shuffled(game.deck, state.rng)  # the tiles' numbers in the set's order: shuffled as the tiles would be
    size, n = game.hand_size, game.players
    masks = [0] * n
    order = seats.order_from(first)
    dealt = size * n
    bit = state.line.tables.bit
    for k in range(n):  # the k-th in the order of play gets every n-th tile from the k-th
        hand = 0
        for t in deck[k:dealt:n]:
            hand |= bit[t]
        masks[order[k]] = hand
    state.masks = masks  # a hand is kept in tile order, as a player sorts it: legal moves follow it
    state.bones = deck[size * n:]
    if opener is None:
        hands = state.hands
        opener, piece = game.holder(hands)
        if state.options.holder is not None and state.options.holder.must_play:
            state.must = game.line_tables.index[piece]
    state.opener = state.turn = opener
    state.step = TURN
    state.begin_round(opener)
    if state.listening:
        state.events.append(RoundStarted(state.round, opener, tuple(tuple(h) for h in state.hands), len(state.bones)))


def end_round(state: DominoState, blocked: bool) -> None:
    """The round ends once every unclaimed score's window has closed: the leftover pips are
    revealed and settled, then the winner, the round cap, or the next round's opener."""
    if state.rules.has_claims and state.unclaimed:
        calls = state.close_window()
        state.queue.extend(calls)
        state.step, state.blocked = END_ROUND, blocked
        return
    game, o = state.game, state.options
    state.step = TURN
    if blocked:
        state.events.append(RoundBlocked(state.round))  # statistics count blocked rounds
    elif state.listening:
        state.events.append(Dominoed(state.dominoer))  # type: ignore[arg-type]
    pips, sizes = [], []
    for hand in state.masks:
        held = hand_pips(game.line_tables.pips, hand)
        pips.append(held)
        sizes.append(hand.bit_count())
    if state.listening:
        hands = state.hands
        for player in range(game.players):
            state.events.append(Revealed(player, tuple(hands[player]), pips[player]))
    order = state.seats.order_from(state.opener)
    if game.settle(state, pips, sizes, state.dominoer, blocked, order):
        return
    if state.listening:
        state.events.append(RoundEnded(state.round, blocked, state.dominoer, tuple(state.scores)))
    if state.round_ended():
        return
    rule = o.opener_after_blocked if blocked else o.next_opener
    if rule == "dominoer":
        start_round(state, state.dominoer)
    elif rule == "clockwise":
        start_round(state, state.seats.next(state.opener))
    elif rule == "holder":
        start_round(state, None)
    else:
        opener = state.lottery("next opener", state.game.tiles)  # a statement of its own: inlined in a simulation
        start_round(state, opener)


def hand_pips(pips: list[int], hand: int) -> int:
    """The pips of a hand's tiles (a bitmask), as settlement counts them: a loop over its bits,
    since every round of a simulation counts every hand."""
    total = 0
    while hand:
        bit = hand & -hand
        hand ^= bit
        total += pips[bit.bit_length() - 1]
    return total
