"""The console script's entry: nothing is imported before Ctrl-C and SIGTERM are handled, and
the command line is imported inside that handling, so that stopping the program at any moment
after Python itself has started ends with one line and exit status 130 (Ctrl-C) or 143
(SIGTERM), never a traceback."""
from __future__ import annotations

import signal
import sys
from types import FrameType

EXIT_INTERRUPTED = 130


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
