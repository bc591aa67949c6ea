"""Play at the terminal: people and bots at one table, with save and resume.

A session asks whoever decides next: a bot chooses from its view, a person types a move (by
number or as written: `6-6 right`, `5h`, `draw`, `go`, `claim`, `muggins`) or a command
(`help`, `why`, `rules`, `save FILE`, `quit`). Any answer that is not a move or a command (odd
characters, huge numbers, endless lines) is answered with the reason and asked again; end of
input, Ctrl-C or a failure inside the game saves it first, to the first place that can be
written (files.write_first), and says where. A save holds the seed and the moves, so resuming
replays them (the bots choosing again, which restores their random state exactly).
"""
from __future__ import annotations

import math
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .bots import make_bots
from .engine import make_game
from .engine.table import DECLINE
from .errors import IllegalMoveError, MugginsError, RecordError
from .files import fallback_folders, fresh_name, reason as write_reason, words as file_words, write_atomic, write_first
from .loader import load_rules
from .messages import reason
from .families import family_of
from .narration import describe, explain_last_score, player_name, reason_name, summarize_rules
from .records import Save, check_players, read_save
from .rules import Rules

HUMAN = "human"
MAX_LINE = 5000        # characters of one answer; a longer line is read to its end and refused
MAX_NUMBER = 6         # digits of a move number: more cannot name a move
MAX_DELAY = 60.0       # seconds of --delay

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
        "empty": "Type a move (its number or as written) or a command; help lists them.",
        "too_long": "That line is too long (more than {limit} characters): type a move or a command.",
        "unreadable": "That line is not readable text: type a move or a command.",
        "not_understood": "not a move of this game",
        "failed": "The game stopped on an error: {error}.",
        "not_saved_at": "Could not save to {path} ({reason}).",
        "delay": "--delay is seconds between 0 and {limit}, not {value}",
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
        "empty": "Escribe una jugada (su número o tal cual) o una orden; help las muestra.",
        "too_long": "Esa línea es demasiado larga (más de {limit} caracteres): escribe una jugada o una orden.",
        "unreadable": "Esa línea no es texto legible: escribe una jugada o una orden.",
        "not_understood": "no es una jugada de este juego",
        "failed": "La partida se detuvo por un error: {error}.",
        "not_saved_at": "No se pudo guardar en {path} ({reason}).",
        "delay": "--delay son segundos entre 0 y {limit}, no {value}",
    },
}
_SAVE_WORDS = ("save", "guardar")
_FORCE_WORDS = ("force", "forzar")


def ui_words(lang: str) -> dict[str, str]:
    """The terminal's words in `lang` (English for a language it does not know)."""
    return _UI.get(lang, _UI["en"])


def check_delay(delay: float, lang: str = "en") -> str | None:
    """Why `delay` is not a usable --delay (a one-line reason), or None when it is."""
    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        return ui_words(lang)["delay"].format(limit=int(MAX_DELAY), value=delay)
    return None


def _shown(text: str, limit: int = 40) -> str:
    """A person's answer as quoted back to them: at most `limit` characters."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _near(path: Path) -> Path:
    """A path as shown to the person: relative when it is in the current folder."""
    try:
        return path.relative_to(Path.cwd()) if path.is_absolute() else path
    except (ValueError, OSError):
        return path


def _one_line(exc: BaseException) -> str:
    text = str(exc) if isinstance(exc, MugginsError) else f"{type(exc).__name__}: {exc}"
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:297] + "..."
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
        if stdin is None:
            stdin = sys.stdin
            reconfigure = getattr(stdin, "reconfigure", None)
            try:  # bytes that are not UTF-8 become U+FFFD, answered as any odd text is
                if reconfigure is not None:
                    reconfigure(errors="replace")
            except (ValueError, OSError):
                pass
        self.stdin = stdin
        self.stdout = stdout or sys.stdout
        self.ui = ui_words(lang)
        self.game = make_game(rules, players, max_rounds)
        self.state = self.game.new_state(seed)
        bot_seats = [seat for seat, kind in enumerate(seats) if kind != HUMAN]
        self.bots = dict(zip(bot_seats, make_bots([seats[seat] for seat in bot_seats], seed, forget, attention)))
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.moves: list[str] = []
        self.shown = 0
        self.asked: Path | None = None     # the file the person last saved to with `save FILE`
        self._asked_text: str | None = None  # and what was written there

    # -- save and resume -----------------------------------------------------------------------

    def to_save(self) -> Save:
        return Save(rules=self.rules_source, name=self.rules.name, digest=self.rules.digest, players=self.players,
                    seed=self.seed, max_rounds=self.max_rounds, seats=list(self.seats), forget=self.forget,
                    attention=self.attention, lang=self.lang, moves=list(self.moves))

    def save(self, path: str | Path, force: bool = False) -> Path:
        """Write the save to `path` atomically; never over an existing file unless `force`."""
        text = self.to_save().to_json() + "\n"
        written = write_atomic(path, text, force)
        self.asked, self._asked_text = written, text
        return written

    def autosave(self) -> tuple[Path | None, str, list[tuple[Path, BaseException]]]:
        """Keep the game in the first place that takes it: the file the person last saved to
        (while it still holds what we wrote), else a fresh name in the current folder, the home
        folder, the temporary folder. Returns the path (None if nowhere), the text and the failures."""
        text = self.to_save().to_json() + "\n"
        asked: list[tuple[Path, bool]] = []
        if self.asked is not None and self._asked_text is not None:
            try:
                if self.asked.read_text(encoding="utf-8") == self._asked_text:
                    asked.append((self.asked, True))  # our own save of this game: brought up to date
            except (OSError, ValueError):
                asked.append((self.asked, False))  # gone or unreadable: tried, never replaced
        try:
            path, failures = write_first(asked, fallback_folders(), text, self._autosave_base(), ".save.json")
        except (OSError, ValueError) as exc:
            return None, text, [(Path(), exc)]
        if self.asked is not None and path == self.asked:
            self._asked_text = text
        return path, text, failures

    def _autosave_base(self) -> str:
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{self.rules.name}-{self.seed}")[:100]
        return f"muggins-{name}"

    def _report_save(self, path: Path | None, text: str, failures: list[tuple[Path, BaseException]]) -> None:
        """Say where the game went (and where it could not go), in the person's language."""
        for place, exc in failures if path is not None else []:
            self.print(self.ui["not_saved_at"].format(path=place, reason=write_reason(exc, self.lang)))
        if path is None:
            self.print(file_words(self.lang)["nowhere"].format(reason=write_reason(failures[-1][1], self.lang)))
            self.print(text.rstrip("\n"))
            return
        shown = _near(path)
        self.print(self.ui["saved"].format(path=shown))
        self.print(self.ui["resume_hint"].format(path=shown))

    @classmethod
    def resume(cls, path: str | Path, **options: Any) -> Session:
        """The session a save file describes, replayed to where it stopped."""
        lang = options.get("lang") or "en"
        save = read_save(path, lang)
        try:
            rules = load_rules(save.rules)
        except MugginsError as exc:
            raise RecordError(f"{path}: its rules {save.rules!r} cannot be loaded: {exc}") from None
        if rules.digest != save.digest or rules.name != save.name:
            raise RecordError(f"{path}: saved under other rules than {save.rules!r} now says "
                              f"(digest {save.digest[:12]}, now {rules.digest[:12]})")
        check_players(path, save.players, rules, lang)
        options.setdefault("lang", save.lang)
        try:
            session = cls(rules, save.rules, save.players, save.seed, save.max_rounds, save.seats, save.forget,
                          save.attention, **options)
        except MugginsError as exc:
            raise RecordError(f"{path}: the saved game cannot be set up: {exc}") from None
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
            except RecordError:
                raise
            except IllegalMoveError as exc:
                raise RecordError(f"{path}: move {number} ({text!r}) is illegal: {exc}") from None
            except Exception as exc:  # a hostile save must not reach a traceback
                raise RecordError(f"{path}: move {number} ({text!r}) cannot be replayed: {_one_line(exc)}") from None
            self.moves.append(text)
        self.shown = len(state.events)

    def autosave_path(self) -> Path:
        """The first free `muggins-RULES-SEED[-N].save.json` in the current folder."""
        return fresh_name(Path(), self._autosave_base(), ".save.json")

    # -- running ---------------------------------------------------------------------------------

    def print(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def run(self, resumed: bool = False) -> int:
        """Play to the end; returns the exit code: 0, or after saving the game, 130 on a stop
        (quit, end of input, Ctrl-C) and 1 on a failure inside the game."""
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
                    if self.humans and self.delay > 0:
                        time.sleep(self.delay)
                    move = self.bots[actor].choose(self.state.view(actor), self.state.legal_moves())
                    self.state.play(move)
                else:
                    move = self._ask(actor)
                self.moves.append(self.game.notation(move))
                self._show_events(viewer)
        except (_Stop, EOFError, KeyboardInterrupt):
            self._keep(None)
            return 130
        except Exception as exc:  # a failure inside the game: keep it, say where, no traceback
            self._keep(exc)
            return 1
        return 0

    def _keep(self, failure: BaseException | None) -> None:
        """Save the game on a stop or a failure, then say why it stopped and where it went."""
        path, text, failures = self.autosave()
        try:
            self.print()
            if failure is not None:
                self.print(self.ui["failed"].format(error=_one_line(failure)))
            self._report_save(path, text, failures)
        except (OSError, ValueError):  # the terminal itself is gone: the game is saved all the same
            pass

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
            text = self._read_answer()
            if text is None:
                continue
            command = _COMMANDS.get(text.lower())
            legal = state.legal_moves()
            decision = getattr(state, "decision", None)
            words = text.split(maxsplit=1)
            if not text:
                if decision is None:
                    self.print(ui["empty"])
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
            elif words[0].lower() in _SAVE_WORDS:
                self._save_command(words[1].strip() if len(words) > 1 else "")
                continue
            elif text.isdecimal():  # only decimal digits: `²` and `①` are digits but no number
                if len(text) > MAX_NUMBER or not 1 <= int(text) <= len(legal):
                    self.print(ui["not_a_number"].format(n=_shown(text, 12), count=len(legal)))
                    continue
                move = legal[int(text) - 1]
            else:
                try:
                    move = game.parse_move(text)
                except IllegalMoveError as exc:
                    self.print(ui["unknown"].format(text=_shown(text), reason=reason(exc, self.lang)))
                    continue
                except Exception:  # whatever the text, the answer is that it is not a move
                    self.print(ui["unknown"].format(text=_shown(text), reason=ui["not_understood"]))
                    continue
            try:
                state.play(move)
            except IllegalMoveError as exc:
                self.print(ui["refused"].format(reason=reason(exc, self.lang)))
                continue
            return move

    def _read_answer(self) -> str | None:
        """One answer, stripped; None when it was refused (and the reason given). Raises
        EOFError at the end of input. A line longer than MAX_LINE is read to its end, not kept."""
        try:
            line = self.stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            self.print(self.ui["unreadable"])
            return None
        if not line:
            raise EOFError
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:  # the rest of the line, in pieces, so memory stays bounded
                try:
                    rest = self.stdin.readline(1 << 16)
                except UnicodeDecodeError:
                    continue
                if not rest or rest.endswith("\n"):
                    break
            self.print(self.ui["too_long"].format(limit=MAX_LINE))
            return None
        if len(line.rstrip("\n")) > MAX_LINE:
            self.print(self.ui["too_long"].format(limit=MAX_LINE))
            return None
        return line.strip()

    def _save_command(self, argument: str) -> None:
        """`save`, `save FILE` or `save FILE force`: where the game went, or why it did not."""
        ui = self.ui
        if not argument:
            path, text, failures = self.autosave()
            self._report_save(path, text, failures)
            return
        force = False
        parts = argument.rsplit(maxsplit=1)
        if len(parts) == 2 and parts[1].lower() in _FORCE_WORDS:
            argument, force = parts[0], True
        try:
            target = Path(argument).expanduser()
        except RuntimeError:  # no home folder to expand ~ to
            target = Path(argument)
        try:
            self.print(ui["saved"].format(path=self.save(target, force)))
        except FileExistsError:
            self.print(ui["refused"].format(reason=file_words(self.lang)["exists_save"].format(path=target)))
        except (OSError, ValueError) as exc:
            self.print(ui["not_saved_at"].format(path=target, reason=write_reason(exc, self.lang)))

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
