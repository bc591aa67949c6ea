"""The console script's entry: nothing is imported before Ctrl-C and SIGTERM are handled, and
the command line is imported inside that handling, so that stopping the program at any moment
after Python itself has started ends with one line and exit status 130 (Ctrl-C) or 143
(SIGTERM), never a traceback."""
from __future__ import annotations

import signal
import sys
from types import FrameType, TracebackType

EXIT_INTERRUPTED = 130
STOPPING_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def _terminated(signum: int, frame: FrameType | None) -> None:
    from .errors import Terminated
    raise Terminated(128 + signum)


def main() -> int:
    try:
        signal.signal(signal.SIGTERM, _terminated)
        if hasattr(signal, "SIGHUP"):
            signal.signal(signal.SIGHUP, _terminated)  # a closed terminal: a game in play is saved
        from .cli import main as run
        return run()
    except RuntimeError as error:  # Python 3.11 can wrap a Ctrl-C raised inside class creation
        if not isinstance(error.__cause__, KeyboardInterrupt):
            raise
        return _stopped(error.__cause__)
    except KeyboardInterrupt as stop:
        return _stopped(stop)


def _stopped(stop: KeyboardInterrupt) -> int:
    """Say in the person's language (`--lang`, else the locale) that the program stopped."""
    from .messages import lang_from_arguments, stopped_line
    status = int(getattr(stop, "status", EXIT_INTERRUPTED))
    print(stopped_line(status, lang_from_arguments(sys.argv[1:])), file=sys.stderr)
    return status


class HeldSignals:
    """While inside, Ctrl-C, SIGTERM and SIGHUP are noted instead of raised, so that what must
    finish (a game's save) is not cut short; `statuses` holds the exit status each would have
    given (130, 143, 129), in order. Outside the main thread, where no handler can be set, it
    holds nothing."""

    def __init__(self) -> None:
        self.statuses: list[int] = []
        self._saved: dict[int, object] = {}

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.statuses.append(128 + signum)

    def __enter__(self) -> HeldSignals:
        # the handlers change with the signals blocked: one that comes meanwhile waits, then is noted
        # (never raised half-way, which would leave a handler of ours bound for good)
        numbers = {getattr(signal, name) for name in STOPPING_SIGNALS if hasattr(signal, name)}
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, numbers)
        try:
            for number in numbers:
                self._saved[number] = signal.signal(number, self._note)
        except ValueError:  # not the main thread: nothing can be held there
            pass
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        # restored with the signals blocked too: one that comes meanwhile reaches the restored handler
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, set(self._saved))
        try:
            for number, handler in self._saved.items():
                signal.signal(number, handler)  # type: ignore[arg-type]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
