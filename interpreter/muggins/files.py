"""Writing files safely: every file muggins writes (records, saves, autosaves) goes through here.

A write is atomic: the text goes to a temporary file in the same folder, is flushed and synced
to disk, and only then takes the final name, so a reader sees either the old file or the whole
new one, never half of it; a failed write leaves no temporary file behind. An existing file is
never replaced unless the caller says so (`force`, from `--force` or `save FILE force`).

When a game must be kept (quit, end of input, Ctrl-C, a failure), `write_first` tries a list of
places in order and says which one took it: the place asked for, then the current folder, the
user's home and the temporary folder.
"""
from __future__ import annotations

import errno
import os
import shlex
import stat
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from .errors import MugginsError

_WORDS = {
    "en": {
        "exists": "{path} already exists (add --force to replace it)",
        "exists_save": "{path} already exists: type `save {path} force` to replace it",
        "exists_sheet": "{path} already exists: give --sheet another file, or move that one away",
        "is_folder": "{path} is a folder, not a file",
        "not_regular": "{path} is not a plain file (a device, a pipe or a link): it is never replaced",
        "not_regular_read": "{path} is not a regular file (a device, a pipe or a socket)",
        "not_regular_reason": "not a regular file",
        "no_folder": "the folder {folder} does not exist",
        "not_folder": "{folder} is not a folder",
        "cannot_write": "cannot write in {folder} ({reason})",
        "bad_name": "{path} is not a usable file name",
        "not_written": "Could not write {path} ({reason}).",
        "record_failed": "The record could not be written to {path} ({reason}).",
        "nowhere": "The game could not be saved anywhere ({reason}); here it is, to copy into a file:",
        f"errno:{errno.EACCES}": "permission denied", f"errno:{errno.EPERM}": "permission denied",
        f"errno:{errno.ENOENT}": "no such file or folder", f"errno:{errno.EEXIST}": "the file exists",
        f"errno:{errno.ENOTDIR}": "a part of the path is not a folder", f"errno:{errno.EISDIR}": "it is a folder",
        f"errno:{errno.EROFS}": "read-only file system", f"errno:{errno.ENOSPC}": "no space left on the device",
        f"errno:{errno.ENAMETOOLONG}": "the name is too long", f"errno:{errno.EDQUOT}": "disk quota exceeded",
        f"errno:{errno.EINVAL}": "invalid name",
        f"errno:{errno.ELOOP}": "a link that leads back to itself",
    },
    "es": {
        "exists": "{path} ya existe (añade --force para reemplazarlo)",
        "exists_save": "{path} ya existe: escribe `guardar {path} forzar` para reemplazarlo",
        "exists_sheet": "{path} ya existe: da a --sheet otro fichero, o aparta ese",
        "is_folder": "{path} es una carpeta, no un fichero",
        "not_regular": "{path} no es un fichero normal (un dispositivo, una tubería o un enlace): nunca se sustituye",
        "not_regular_read": "{path} no es un fichero normal (un dispositivo, una tubería o un socket)",
        "not_regular_reason": "no es un fichero normal",
        "no_folder": "la carpeta {folder} no existe",
        "not_folder": "{folder} no es una carpeta",
        "cannot_write": "no se puede escribir en {folder} ({reason})",
        "bad_name": "{path} no es un nombre de fichero válido",
        "not_written": "No se pudo escribir {path} ({reason}).",
        "record_failed": "No se pudo escribir el acta en {path} ({reason}).",
        "nowhere": "No se pudo guardar la partida en ningún sitio ({reason}); aquí está, para copiarla en un fichero:",
        f"errno:{errno.EACCES}": "permiso denegado", f"errno:{errno.EPERM}": "permiso denegado",
        f"errno:{errno.ENOENT}": "no existe el fichero o la carpeta", f"errno:{errno.EEXIST}": "el fichero existe",
        f"errno:{errno.ENOTDIR}": "una parte de la ruta no es una carpeta", f"errno:{errno.EISDIR}": "es una carpeta",
        f"errno:{errno.EROFS}": "sistema de ficheros de solo lectura",
        f"errno:{errno.ENOSPC}": "no queda espacio en el dispositivo",
        f"errno:{errno.ENAMETOOLONG}": "el nombre es demasiado largo", f"errno:{errno.EDQUOT}": "cuota de disco superada",
        f"errno:{errno.EINVAL}": "nombre no válido",
        f"errno:{errno.ELOOP}": "un enlace que lleva de vuelta a sí mismo",
    },
}


def words(lang: str) -> dict[str, str]:
    return _WORDS.get(lang, _WORDS["en"])


def reason(exc: BaseException, lang: str = "en") -> str:
    """Why a write (or a read) failed, in the person's language (the system's words when we have none)."""
    if isinstance(exc, NotRegularFile):
        return words(lang)["not_regular_reason"]
    if isinstance(exc, OSError):
        known = words(lang).get(f"errno:{exc.errno}")
        return known or exc.strerror or str(exc) or type(exc).__name__
    if isinstance(exc, ValueError):  # a NUL in the name, a name the system cannot encode
        return words(lang)[f"errno:{errno.EINVAL}"]
    return str(exc) or type(exc).__name__


class NotRegularFile(OSError):
    """A path to read that names a device, a pipe or a socket: reading one could wait forever or
    never end, so no reader of muggins takes one."""


class NotPlainFile(FileExistsError):
    """A path to write that names a device, a pipe or a link: never replaced, `force` or not, so
    the person is told so rather than to force it."""


def read_limited(path: str | Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of the regular file at `path` (a link to one is followed), so
    that the caller can tell a file longer than `limit`. A pipe, device or socket raises
    NotRegularFile at once (opened without waiting for a writer), a folder IsADirectoryError;
    the other reasons a file cannot be read are the system's OSError."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(handle, True)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def new_file_mode() -> int:
    """The mode `open()` gives a new file under this process's umask (mkstemp gives 0600): what
    every file muggins writes through a temporary file is given before it is renamed."""
    return 0o666 & ~_UMASK


class WriteError(MugginsError):
    """A file that cannot be written where it was asked for; the message says why, in one line."""


def _fsync_folder(folder: Path) -> None:
    """Make the new name itself durable (best effort: not every system opens folders)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_atomic(path: str | Path, text: str, force: bool = False) -> Path:
    """Write `text` (UTF-8) to `path` atomically; never over an existing file unless `force`.

    Raises FileExistsError when the file exists and `force` is false (NotPlainFile, whatever
    `force`, for a device, a pipe or a link), and OSError (or ValueError for a name the system
    refuses) when the folder cannot take it; nothing is left behind then.
    """
    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)

    return write_atomic_with(path, write, force)


def write_atomic_with(path: str | Path, write: Callable[[str], None], force: bool = False) -> Path:
    """`write(temporary)` makes the file under a temporary name that ends like `path` (a plot
    library reads the format from it), then it is synced and moved into place as `write_atomic`
    says: the one atomic writer of every file muggins writes."""
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if os.path.lexists(path) and not _regular(path):  # a device, a pipe, a link: never replaced
        raise NotPlainFile(errno.EEXIST, "not a regular file", str(path))
    if not force and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=f".part{path.suffix[:16]}", dir=folder)
    os.close(handle)
    try:
        write(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, new_file_mode())
        if force:
            os.replace(temporary, path)
        else:
            try:  # a link fails if the name was taken meanwhile: never over a file that appeared
                os.link(temporary, path)
            except FileExistsError:
                raise
            except OSError:  # file systems without hard links
                if os.path.lexists(path):
                    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
                os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    try:
        os.unlink(temporary)  # after a link: the final name holds the data
    except FileNotFoundError:
        pass
    _fsync_folder(folder)
    return path


def _regular(path: Path) -> bool:
    """A plain file, not a link, device, pipe or socket: the only kind --force may replace."""
    return stat.S_ISREG(os.lstat(path).st_mode)


def check_target(path: str | Path, force: bool = False, lang: str = "en", hint: str = "exists") -> str | None:
    """Why `path` cannot be written (a one-line reason in `lang`), or None when it can.

    Checked before any work is done, so a game is never played for a record it cannot keep:
    the path must not be a folder nor (without `force`) an existing file, and its folder must
    exist and take a new file (tried by creating and removing one).
    """
    say = words(lang)
    try:
        path = Path(path)
        if path.is_dir():
            return say["is_folder"].format(path=path)
        if os.path.lexists(path) and not _regular(path):
            return say["not_regular"].format(path=path)
        if not force and os.path.lexists(path):
            return say[hint].format(path=path)
        folder = path.parent
        if not folder.exists():
            # a regular file on the way is "not a folder" (is_dir is false for it too)
            for parent in [folder, *folder.parents]:
                if parent.exists() and not parent.is_dir():
                    return say["not_folder"].format(folder=parent)
            return say["no_folder"].format(folder=folder)
        if not folder.is_dir():
            return say["not_folder"].format(folder=folder)
        handle, probe = tempfile.mkstemp(prefix=".muggins-probe.", suffix=".part", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except (OSError, ValueError) as exc:
        return say["cannot_write"].format(folder=Path(str(path)).parent, reason=reason(exc, lang))
    return None


def fallback_folders() -> list[Path]:
    """Where a game is kept when the asked place fails: the current folder, home, temp: the one the
    environment asks for (TMPDIR, TEMP or TMP) first, so that its failure is said, where
    `tempfile` would pass it by without a word, then the one `tempfile` finds."""
    folders: list[Path] = []
    for get in (Path.cwd, Path.home, _asked_temp, lambda: Path(tempfile.gettempdir())):
        try:
            folder = get()
        except (OSError, RuntimeError, KeyError):
            continue
        if folder not in folders:
            folders.append(folder)
    return folders


def _asked_temp() -> Path:
    """The temporary folder the environment names (KeyError when it names none)."""
    for name in ("TMPDIR", "TEMP", "TMP"):
        if os.environ.get(name):
            return Path(os.environ[name])
    raise KeyError("TMPDIR")


def fresh_name(folder: Path, base: str, suffix: str) -> Path:
    """`folder/base suffix`, or `base-2`, `base-3`... : the first name not taken."""
    path = folder / f"{base}{suffix}"
    counter = 2
    while os.path.lexists(path):
        path = folder / f"{base}-{counter}{suffix}"
        counter += 1
    return path


# the word that ends play's `save FILE force` (`forzar`) to replace the file; keep never replaces
FORCE_WORDS = ("force", "forzar")


def typed_path(text: str) -> str:
    """A file name typed after a command at a prompt: quoted as a shell quotes it (`"my game.json"`)
    when it starts with a quote, else as typed (spaces and all)."""
    if text.startswith(("'", '"')):
        try:
            quoted = shlex.split(text)
        except ValueError:  # unbalanced: the text as typed
            return text
        if len(quoted) == 1:
            return quoted[0]
    return text


def write_first(files: Iterable[tuple[Path, bool]], folders: Iterable[Path], text: str, base: str,
                suffix: str) -> tuple[Path, list[tuple[Path, BaseException]]]:
    """Write `text` to the first place that takes it; returns that path and the failures before it.

    First the `files`, each a (path, force) pair; then the `folders`, in each of which a fresh
    name `base[-N]suffix` is chosen (never over a file). Raises the last error when none does.
    """
    failures: list[tuple[Path, BaseException]] = []
    for path, force in files:
        try:
            return write_atomic(path, text, force), failures
        except (OSError, ValueError) as exc:
            failures.append((path, exc))
    for folder in folders:
        for _ in range(100):  # a name taken between choosing and writing: choose again
            try:
                return write_atomic(fresh_name(folder, base, suffix), text), failures
            except FileExistsError:
                continue
            except (OSError, ValueError) as exc:
                failures.append((folder, exc))
                break
    if failures:
        raise failures[-1][1]
    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), "")
