"""Errors cross process boundaries intact: a worker's located error reaches the person as it was."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from muggins.errors import (ExpressionError, IllegalMoveError, Location, MugginsError, Problem, RecordError,
                            RuleError, RuleFileError)
from muggins.loader import load_rules
from muggins.messages import illegal


def _round_trip(error: Exception) -> Exception:
    return pickle.loads(pickle.dumps(error))


def test_a_rule_file_error_keeps_every_located_problem(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: domino-muggins\nname: house\nwin:\n  target: 'players +'\n  immediate: maybe\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    copy = _round_trip(caught.value)
    assert type(copy) is RuleFileError
    assert copy.report() == caught.value.report() and str(copy) == str(caught.value)
    assert [p.location.line for p in copy.problems] == [p.location.line for p in caught.value.problems]


@pytest.mark.parametrize("error", [
    ExpressionError([Problem(Location("f.yaml", 3, 7, "  points: x +"), "syntax error")]),
    RuleError("`ends_sum // (ends_sum - 5)` at f.yaml:4:5: division by zero"),
    RecordError("r.json: move 3 ('draw') is illegal"),
    MugginsError("plain"),
    illegal("not_in_hand", piece="5H", player=2),
], ids=lambda e: type(e).__name__)
def test_every_error_kind_survives_pickling(error: MugginsError):
    copy = _round_trip(error)
    assert type(copy) is type(error) and str(copy) == str(error)
    if isinstance(error, IllegalMoveError):
        assert (copy.key, dict(copy.params)) == (error.key, dict(error.params))


# -- stopping a simulation: the workers end with it, the person sees one line ---------------------

import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import types  # noqa: E402


def _children(pid: int) -> set[int]:
    """The child processes of `pid`, but Python's resource tracker: a helper of the interpreter
    that lives as long as it does once a test has started a Dask cluster, never one of our workers."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                tracker = b"resource_tracker" in (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(fields[1]) == pid and not tracker:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
@pytest.mark.parametrize("sent, status, group", [(signal.SIGTERM, 143, False), (signal.SIGINT, 130, False),
                                                 (signal.SIGTERM, 143, True), (signal.SIGINT, 130, True)],
                         ids=["SIGTERM", "SIGINT", "SIGTERM to the group", "Ctrl-C (SIGINT to the group)"])
def test_a_signal_ends_the_simulation_and_its_workers_with_one_line(sent, status, group):
    command = [sys.executable, "-c", "import sys; from muggins.launch import main; sys.exit(main())",
               "simulate", "domino-muggins-spinner", "--games", "100000", "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=group)
    deadline = time.monotonic() + 60
    while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = _children(process.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.5)
    if group:  # as a terminal's Ctrl-C or `timeout` does: the parent and its workers all get it
        os.killpg(process.pid, sent)
    else:
        process.send_signal(sent)
    _, err = process.communicate(timeout=60)
    assert process.returncode == status
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)], "a worker outlived its parent"


def test_an_unknown_scheduler_address_is_one_line(capsys):
    from muggins.cli import main
    assert main(["simulate", "card-muggins", "--games", "10", "--scheduler", "nonsense"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "tcp://" in err


class _NotDask:
    """A TCP server on localhost that is no Dask scheduler: it answers every connection as an HTTP
    server does to what it cannot read (`400 Bad Request`), or says nothing at all."""

    def __init__(self, answer: bytes | None):
        import socket
        import threading
        self.answer = answer
        self.server = socket.create_server(("127.0.0.1", 0))
        self.address = "tcp://127.0.0.1:%d" % self.server.getsockname()[1]
        self.held: list = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.held.append(connection)
            if self.answer is not None:
                connection.recv(65536)
                connection.sendall(self.answer)
                connection.close()

    def close(self) -> None:
        for connection in self.held:
            connection.close()
        self.server.close()


@pytest.mark.parametrize("answer, reason, lang", [
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
     "it does not answer as a Dask scheduler does (", "en"),
    (None, "no answer within 1.5 seconds", "en"),
    (None, "sin respuesta en 1.5 segundos", "es"),
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
     "no responde como lo hace un planificador de Dask (una dirección es como tcp://HOST:8786)", "es"),
], ids=["HTTP 400", "silent", "silent, in Spanish", "HTTP 400, in Spanish"])
def test_a_scheduler_address_that_is_not_dask_is_one_line_in_bounded_time(answer, reason, lang, monkeypatch, capsys):
    pytest.importorskip("distributed")
    from muggins import simulate
    from muggins.cli import main
    monkeypatch.setattr(simulate, "SCHEDULER_TIMEOUT", 0.5)  # Dask's connect; 1 s more for the handshake
    server = _NotDask(answer)
    started = time.monotonic()
    try:
        assert main(["simulate", "card-muggins", "--games", "10", "--lang", lang, "--scheduler", server.address]) == 1
    finally:
        server.close()
    assert time.monotonic() - started < 20
    err = capsys.readouterr().err
    opening = {"en": f"muggins: cannot reach the Dask scheduler at '{server.address}': ",
               "es": f"muggins: no se puede conectar con el planificador de Dask en '{server.address}': "}[lang]
    assert err.startswith(opening + reason) and len(err.strip().splitlines()) == 1


def _closed_port() -> str:
    import socket
    with socket.create_server(("127.0.0.1", 0)) as server:
        return "tcp://127.0.0.1:%d" % server.getsockname()[1]


@pytest.mark.parametrize("address, said", [
    ("foo", "no es una dirección que Dask pueda usar"),
    ("http://127.0.0.1:8786", "no es una dirección que Dask pueda usar"),
    (None, "no se pudo establecer la conexión")], ids=["no port", "not tcp", "nobody listening"])
def test_a_scheduler_that_cannot_be_reached_is_said_in_spanish_without_dasks_english(address, said, monkeypatch,
                                                                                      capsys):
    """With --lang es nothing English shows: distributed's own account ("missing port number",
    "Timed out trying to connect") is left out, the address is kept."""
    pytest.importorskip("distributed")
    from muggins import simulate
    from muggins.cli import main
    monkeypatch.setattr(simulate, "SCHEDULER_TIMEOUT", 0.5)
    address = address or _closed_port()
    assert main(["simulate", "card-muggins", "--games", "10", "--lang", "es", "--scheduler", address]) == 1
    assert capsys.readouterr().err == (f"muggins: no se puede conectar con el planificador de Dask en {address!r}: "
                                       f"{said} (una dirección es como tcp://HOST:8786)\n")
    assert main(["simulate", "card-muggins", "--games", "10", "--scheduler", address]) == 1
    assert "cannot reach the Dask scheduler at" in capsys.readouterr().err  # in English, Dask's words may follow


def test_ctrl_c_while_starting_up_is_one_line(monkeypatch, capsys):
    from muggins import launch

    class Interrupting(types.ModuleType):
        def __getattr__(self, name: str):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "muggins.cli", Interrupting("muggins.cli"))
    assert launch.main() == 130
    assert capsys.readouterr().err.strip() == "muggins: interrupted"


def test_a_rule_file_changed_while_workers_run_changes_nothing(tmp_path: Path):
    """Every shard plays the rules the simulation started with, even once the file changed."""
    from muggins.simulate import simulate
    path = tmp_path / "house.yaml"
    path.write_text("extends: card-muggins\nname: house\n")
    expected = simulate(str(path), 2, ["greedy", "random"], 60, 0)
    changed = []

    def progress(games: int) -> None:
        if not changed:  # after the first shard: the file changes under the running simulation
            path.write_text("extends: card-muggins\nname: house\nwin:\n  target: 'players +'\n")
            changed.append(True)

    path.write_text("extends: card-muggins\nname: house\n")
    tally = simulate(str(path), 2, ["greedy", "random"], 60, 0, workers=2, shard_size=1, progress=progress)
    assert changed and tally == expected
    assert not [pid for pid in _children(os.getpid()) if _alive(pid)]


def test_a_shard_where_the_rule_file_differs_is_refused_naming_it(tmp_path: Path):
    """A process that never loaded the rules (a Dask worker) loads the file, and refuses other rules."""
    from muggins.simulate import play_shard
    path = tmp_path / "house.yaml"
    path.write_text("extends: card-muggins\nname: house\n")
    with pytest.raises(MugginsError, match="house.yaml.*differ"):
        play_shard(str(path), "0" * 12, 2, ["greedy", "greedy"], 0, 0, 5, 1000, 0.0, 1.0)


def test_a_shard_where_the_rule_file_is_missing_says_so_in_both_languages(tmp_path: Path):
    """A worker that cannot find the file the command read (a cluster's machine without it) says
    the file is missing where it runs, not that no rules have that name."""
    from muggins.simulate import play_shard
    missing = str(tmp_path / "house.yaml")
    with pytest.raises(MugginsError) as caught:
        play_shard(missing, "0" * 12, 2, ["greedy", "greedy"], 0, 0, 5, 1000, 0.0, 1.0)
    error = _round_trip(caught.value)  # as it comes back from a Dask worker
    assert isinstance(error, MugginsError)
    assert error.said("en") == (f"the rule file {missing!r} is missing where this shard runs (every Dask worker reads "
                                "it at that path)")
    assert error.said("es") == (f"falta el fichero de reglas {missing!r} donde se juega este lote de partidas (cada "
                                "trabajador de Dask lo lee en esa ruta)")


_LAUNCH = [sys.executable, "-c", "import sys; from muggins.launch import main; sys.exit(main())"]


@pytest.mark.parametrize("sent, status, lang, line", [
    (signal.SIGTERM, 143, "en", "muggins: stopped (SIGTERM)"), (signal.SIGHUP, 129, "es", "muggins: detenido (SIGHUP)"),
    (signal.SIGINT, 130, "en", "muggins: interrupted")], ids=["SIGTERM", "SIGHUP", "Ctrl-C"])
def test_a_game_at_the_terminal_stopped_by_a_signal_is_saved(tmp_path: Path, sent, status, lang, line):
    """README, Stopping the program: the game is saved first, then the command ends as any does."""
    process = subprocess.Popen(_LAUNCH + ["play", "domino-muggins", "--human", "1", "--seed", "3", "--lang", lang],
                               cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    time.sleep(3)                   # the game starts and waits for P1's answer
    process.send_signal(sent)
    out, err = process.communicate(timeout=30)
    assert process.returncode == status
    assert list(tmp_path.glob("muggins-domino-muggins-3*.save.json")), "the game was not saved"
    assert err.strip().splitlines()[-1] == line


def test_a_bots_game_whose_reader_goes_away_ends_with_141_and_leaves_nothing(tmp_path: Path):
    process = subprocess.Popen(_LAUNCH + ["play", "domino-muggins", "--seed", "3"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()          # as `| head -1` does
    process.wait(timeout=60)
    assert process.returncode == 141
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", [
    ["simulate", "card-muggins", "--games", "200", "--workers", "1"],
    ["compare", "card-muggins", "card-muggins-100", "--games", "20", "--workers", "1"],
    ["sweep", "card-muggins", "--set", "win.target=41,61", "--games", "20", "--workers", "1"],
], ids=lambda command: command[0])
def test_tables_whose_reader_goes_away_end_with_141_and_say_nothing(tmp_path: Path, command: list[str]):
    """README, Limits and guarantees: output cut short by its reader ends with status 141, the
    tables rich prints too (rich's own answer to a broken pipe is to exit with 1)."""
    process = subprocess.Popen(_LAUNCH + command + ["--lang", "en"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.close()          # the reader gone before the tables: `| true`
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err.strip()) == (141, "")


def test_a_ctrl_c_wrapped_by_python_while_starting_is_still_one_line(monkeypatch, capsys):
    """Python 3.11 may wrap a Ctrl-C raised while a class is created in a RuntimeError."""
    from muggins import launch

    class Wrapping(types.ModuleType):
        def __getattr__(self, name: str):
            raise RuntimeError("Error calling __set_name__") from KeyboardInterrupt()

    monkeypatch.setitem(sys.modules, "muggins.cli", Wrapping("muggins.cli"))
    assert launch.main() == 130
    assert capsys.readouterr().err.strip() == "muggins: interrupted"


# -- a terminal that closes: the kernel's SIGHUP, then reads and writes that fail with EIO --------

def _until_prompt(master: int, prompt: bytes = b"P1> ", timeout: float = 60) -> bytes:
    """What the game shows on the terminal up to its first prompt."""
    import select
    shown, start = b"", time.monotonic()
    while prompt not in shown and time.monotonic() - start < timeout:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            shown += os.read(master, 65536)
    assert prompt in shown, shown.decode(errors="replace")
    return shown


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_closing_the_terminal_saves_the_game_and_exits_129(tmp_path: Path):
    import pty
    pid, master = pty.fork()        # the game is the session leader of a real terminal, as in a window
    if pid == 0:
        os.chdir(tmp_path)
        os.execv(sys.executable, _LAUNCH + ["play", "card-muggins", "--human", "1", "--seed", "3"])
    try:
        _until_prompt(master)
    finally:
        os.close(master)            # the window is closed: SIGHUP, and the terminal fails with EIO
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 129
    assert [path.name for path in tmp_path.iterdir()] == ["muggins-card-muggins-3.save.json"]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_terminal_that_fails_with_eio_alone_still_saves_the_game(tmp_path: Path):
    master, slave = os.openpty()    # not its controlling terminal: no SIGHUP, only the failing reads
    process = subprocess.Popen(_LAUNCH + ["play", "domino-muggins", "--human", "1", "--seed", "3"], cwd=tmp_path,
                               stdin=slave, stdout=slave, stderr=subprocess.PIPE, text=True)
    os.close(slave)
    try:
        _until_prompt(master)
    finally:
        os.close(master)
    _, err = process.communicate(timeout=60)
    # the closed terminal reads as an error (EIO: a failure, 1) or, as the kernel may have it, as
    # the end of input (130); either way the game is kept and no traceback is shown
    assert process.returncode in (1, 130) and "Traceback" not in err
    assert [path.name for path in tmp_path.iterdir()] == ["muggins-domino-muggins-3.save.json"]


def test_the_simulations_workers_are_forked_with_no_thread_of_the_progress_bar_running(monkeypatch, capsys):
    """A fork while another thread holds a lock leaves it held in the child (Python 3.12 and later
    warn of it): the progress bar is drawn as shards end, so no thread of its own runs when the
    workers are forked; the bar still counts every game."""
    import threading
    from muggins.cli import main
    seen: list[list[str]] = []
    real_fork = os.fork

    def fork() -> int:
        seen.append([type(thread).__module__ for thread in threading.enumerate()])
        return real_fork()
    monkeypatch.setattr(os, "fork", fork)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich draws the bar as on a terminal
    assert main(["simulate", "card-muggins", "--games", "200", "--workers", "2"]) == 0
    assert len(seen) >= 2 and not [module for alive in seen for module in alive if module.startswith("rich")]
    assert "200" in capsys.readouterr().out
