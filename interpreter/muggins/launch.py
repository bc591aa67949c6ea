"""The console script's entry: nothing is imported before Ctrl-C and SIGTERM are handled, and
the command line is imported inside that handling, so that stopping the program at any moment
after Python itself has started ends with one line and exit status 130 (Ctrl-C) or 143
(SIGTERM), never a traceback."""
from __future__ import annotations

import signal
import sys
from types import FrameType

EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


def _terminated(signum: int, frame: FrameType | None) -> None:
    from .errors import Terminated
    raise Terminated()


def main() -> int:
    try:
        signal.signal(signal.SIGTERM, _terminated)
        from .cli import main as run
        return run()
    except KeyboardInterrupt as stop:
        terminated = type(stop).__name__ == "Terminated"
        print("muggins: stopped (SIGTERM)" if terminated else "muggins: interrupted", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
