"""Play at the terminal: people and bots at one table, with save and resume.

A session asks whoever decides next: a bot chooses from its view, a person types a move (by
number or as written: `6-6 right`, `5h`, `draw`, `go`, `claim`, `muggins`) or a command
(`help`, `why`, `rules`, `save FILE`, `quit`). Bad input is answered with the reason and asked
again; end of input or Ctrl-C saves the game first. A save holds the seed and the moves, so
resuming replays them (the bots choosing again, which restores their random state exactly).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .bots import make_bots
from .engine import make_game
from .engine.table import DECLINE
from .errors import IllegalMoveError, MugginsError, RecordError
from .loader import load_rules
from .messages import reason
from .families import family_of
from .narration import describe, explain_last_score, player_name, reason_name, summarize_rules
from .records import Save, read_save
from .rules import Rules

HUMAN = "human"

_UI = {
    "en": {
        "you": "you", "table": "--- Round {round} · target {target} · {stock_name} {stock} ---",
        "scores": "Scores: {scores}",
        "hand": "Your hand ({player}): {hand}", "moves": "Moves: {moves}",
        "claim": "You scored {points} ({reason}): type claim, or press Enter to let them go.",
        "muggins": "{scorer} did not claim {points} ({reason}): type muggins to take them, or press Enter.",
        "prompt": "{player}> ", "not_a_number": "There is no move {n}: choose 1 to {count}.",
        "unknown": "Not a move or a command: {text!r} ({reason}). Type help for the commands.",
        "refused": "Not allowed: {reason}.", "saved": "Game saved to {path}.",
        "resume_hint": "Continue it with: muggins resume {path}", "nothing_why": "Nothing has scored yet.",
        "help": ("Type a move by its number or as written ({examples}). Commands: help; why (explains the last "
                 "score); rules (a summary of these rules); hand (shows the table again); save FILE; quit "
                 "(saves and stops). End of input or Ctrl-C also saves."),
        "resumed": "Resumed after {n} moves.", "seats": "{player}: {kind}",
    },
    "es": {
        "you": "tú", "table": "--- Ronda {round} · objetivo {target} · {stock_name} {stock} ---",
        "scores": "Puntuaciones: {scores}",
        "hand": "Tu mano ({player}): {hand}", "moves": "Jugadas: {moves}",
        "claim": "Has anotado {points} ({reason}): escribe claim para reclamarlos, o pulsa Intro para dejarlos.",
        "muggins": "{scorer} no reclamó {points} ({reason}): escribe muggins para llevártelos (¡Muggins!), o pulsa Intro.",
        "prompt": "{player}> ", "not_a_number": "No hay jugada {n}: elige de 1 a {count}.",
        "unknown": "No es una jugada ni una orden: {text!r} ({reason}). Escribe help para ver las órdenes.",
        "refused": "No se permite: {reason}.", "saved": "Partida guardada en {path}.",
        "resume_hint": "Para continuarla: muggins resume {path}", "nothing_why": "Todavía no ha puntuado nadie.",
        "help": ("Escribe una jugada por su número o tal cual ({examples}). Órdenes: help; why (explica la última "
                 "puntuación); rules (resumen de estas reglas); hand (muestra la mesa); save FICHERO; quit "
                 "(guarda y sale). El fin de la entrada o Ctrl-C también guardan."),
        "resumed": "Partida reanudada tras {n} jugadas.", "seats": "{player}: {kind}",
    },
}
_COMMANDS = {"help": "help", "?": "help", "ayuda": "help", "why": "why", "porque": "why", "por qué": "why",
             "rules": "rules", "reglas": "rules", "hand": "hand", "mesa": "hand", "table": "hand",
             "quit": "quit", "exit": "quit", "salir": "quit"}


class _Stop(Exception):
    """The person asked to stop (quit, end of input, Ctrl-C): save and leave."""


class Session:
    """One game at the terminal: its rules, seats, state and the moves so far."""

    def __init__(self, rules: Rules, rules_source: str, players: int, seed: int | str, max_rounds: int,
                 seats: list[str], forget: float = 0.0, attention: float = 1.0, lang: str = "en",
                 delay: float = 0.0, explain: bool = False, tally: bool = False,
                 stdin: TextIO | None = None, stdout: TextIO | None = None):
        self.rules = rules
        self.family = family_of(rules)
        self.rules_source = rules_source
        self.players = players
        self.seed = seed
        self.max_rounds = max_rounds
        self.seats = seats
        self.forget = forget
        self.attention = attention
        self.lang = lang
        self.delay = delay
        self.explain = explain
        self.notation = rules.notation if tally else None
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.ui = _UI[lang]
        self.game = make_game(rules, players, max_rounds)
        self.state = self.game.new_state(seed)
        bot_seats = [seat for seat, kind in enumerate(seats) if kind != HUMAN]
        self.bots = dict(zip(bot_seats, make_bots([seats[seat] for seat in bot_seats], seed, forget, attention)))
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.moves: list[str] = []
        self.shown = 0

    # -- save and resume -----------------------------------------------------------------------

    def to_save(self) -> Save:
        return Save(rules=self.rules_source, name=self.rules.name, digest=self.rules.digest, players=self.players,
                    seed=self.seed, max_rounds=self.max_rounds, seats=list(self.seats), forget=self.forget,
                    attention=self.attention, lang=self.lang, moves=list(self.moves))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        temporary = path.with_name(path.name + ".part")
        temporary.write_text(self.to_save().to_json() + "\n", encoding="utf-8")
        temporary.replace(path)  # never leave a half-written save in place of a good one
        return path

    @classmethod
    def resume(cls, path: str | Path, **options: Any) -> Session:
        """The session a save file describes, replayed to where it stopped."""
        save = read_save(path)
        try:
            rules = load_rules(save.rules)
        except MugginsError as exc:
            raise RecordError(f"{path}: its rules {save.rules!r} cannot be loaded: {exc}") from None
        if rules.digest != save.digest or rules.name != save.name:
            raise RecordError(f"{path}: saved under other rules than {save.rules!r} now says "
                              f"(digest {save.digest[:12]}, now {rules.digest[:12]})")
        options.setdefault("lang", save.lang)
        session = cls(rules, save.rules, save.players, save.seed, save.max_rounds, save.seats, save.forget,
                      save.attention, **options)
        session._replay(save.moves, path)
        return session

    def _replay(self, moves: list[str], path: str | Path) -> None:
        state, game = self.state, self.game
        for number, text in enumerate(moves, 1):
            if state.is_terminal():
                raise RecordError(f"{path}: move {number} comes after the end of the game")
            actor = state.actor
            try:
                move = game.parse_move(text)
                if actor in self.bots:
                    chosen = self.bots[actor].choose(state.view(actor), state.legal_moves())
                    if game.notation(chosen) != game.notation(move):
                        raise RecordError(f"{path}: move {number} ({text!r}) is not what the bot chooses")
                state.play(move)
            except IllegalMoveError as exc:
                raise RecordError(f"{path}: move {number} ({text!r}) is illegal: {exc}") from None
            self.moves.append(text)
        self.shown = len(state.events)

    def autosave_path(self) -> Path:
        base = f"muggins-{self.rules.name}-{self.seed}"
        path = Path(f"{base}.save.json")
        counter = 2
        while path.exists():
            path = Path(f"{base}-{counter}.save.json")
            counter += 1
        return path

    # -- running ---------------------------------------------------------------------------------

    def print(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def run(self, resumed: bool = False) -> int:
        """Play to the end; returns the exit code (0, or 130 after saving on a stop)."""
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if resumed:
            self.print(self.ui["resumed"].format(n=len(self.moves)))
        else:
            self.print(f"{self.rules.title} ({self.rules.name}), seed {self.seed}: " + ", ".join(
                self.ui["seats"].format(player=player_name(i, self.lang), kind=kind) for i, kind in enumerate(self.seats)))
        try:
            self._show_events(viewer)
            while not self.state.is_terminal():
                actor = self.state.actor
                if actor in self.bots:
                    if self.humans and self.delay:
                        time.sleep(self.delay)
                    move = self.bots[actor].choose(self.state.view(actor), self.state.legal_moves())
                    self.state.play(move)
                else:
                    move = self._ask(actor)
                self.moves.append(self.game.notation(move))
                self._show_events(viewer)
        except (_Stop, EOFError, KeyboardInterrupt):
            path = self.save(self.autosave_path())
            self.print()
            self.print(self.ui["saved"].format(path=path))
            self.print(self.ui["resume_hint"].format(path=path))
            return 130
        return 0

    def _show_events(self, viewer: int | None) -> None:
        events = self.state.events
        target = self.game.target
        for event in events[self.shown:]:
            line = describe(self.rules, event, self.lang, target, self.notation, viewer)
            if line:
                self.print(line)
            explanation = self.family.explain_event(self.state, event, self.lang) if self.explain else None
            if explanation:
                self.print("    " + explanation)
        self.shown = len(events)

    # -- a person's turn -------------------------------------------------------------------------

    def _ask(self, player: int) -> Any:
        self._show_table(player)
        state, game, ui = self.state, self.game, self.ui
        while True:
            self.stdout.write(ui["prompt"].format(player=player_name(player, self.lang)))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise EOFError
            text = line.strip()
            command = _COMMANDS.get(text.lower())
            legal = state.legal_moves()
            decision = getattr(state, "decision", None)
            if not text:
                if decision is None:
                    continue
                move = DECLINE
            elif command == "help":
                examples = self.family.move_examples(self.lang)
                self.print(ui["help"].format(examples=examples))
                continue
            elif command == "why":
                self.print(explain_last_score(self.rules, state, self.lang) or ui["nothing_why"])
                continue
            elif command == "rules":
                for line_text in summarize_rules(self.rules, self.lang):
                    self.print(line_text)
                continue
            elif command == "hand":
                self._show_table(player)
                continue
            elif command == "quit":
                raise _Stop
            elif text.lower().startswith(("save", "guardar")):
                parts = text.split(maxsplit=1)
                target = parts[1] if len(parts) > 1 else str(self.autosave_path())
                try:
                    self.print(ui["saved"].format(path=self.save(target)))
                except OSError as exc:
                    self.print(ui["refused"].format(reason=exc.strerror or exc))
                continue
            elif text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    self.print(ui["not_a_number"].format(n=number, count=len(legal)))
                    continue
                move = legal[number - 1]
            else:
                try:
                    move = game.parse_move(text)
                except IllegalMoveError as exc:
                    self.print(ui["unknown"].format(text=text, reason=reason(exc, self.lang)))
                    continue
            try:
                state.play(move)
            except IllegalMoveError as exc:
                self.print(ui["refused"].format(reason=reason(exc, self.lang)))
                continue
            return move

    def _show_table(self, player: int) -> None:
        state, ui, lang = self.state, self.ui, self.lang
        view = state.view(player)
        family = self.family
        self.print(ui["table"].format(round=state.round, target=self.game.target,
                                      stock_name=family.stock_name(lang), stock=family.stock_size(state)))
        names = [player_name(i, lang) + (f" ({ui['you']})" if i == player else "") for i in range(self.players)]
        self.print(ui["scores"].format(scores=", ".join(f"{n} {s}" for n, s in zip(names, view.scores))))
        for text in family.show_table(self.rules, view, lang):
            self.print(text)
        hand = family.hand_text(self.rules, view)
        self.print(ui["hand"].format(player=player_name(player, lang), hand=hand))
        decision = getattr(state, "decision", None)
        if decision is not None and decision.actor == player:
            score = decision.score
            key = "claim" if decision.kind == "claim" else "muggins"
            self.print(ui[key].format(points=score.points, reason=reason_name(score.reason, lang),
                                      scorer=player_name(score.player, lang)))
        legal = state.legal_moves()
        self.print(ui["moves"].format(moves="  ".join(f"{i}) {self.game.notation(m)}" for i, m in enumerate(legal, 1))))
