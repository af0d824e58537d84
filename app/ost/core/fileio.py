"""Guarded file reading and safe file writing, for every file Ost reads or writes.

Reading (:func:`read_regular`): Ost only ever reads *regular* files. A named
pipe (FIFO) would block the reader forever, a device such as ``/dev/zero``
never ends, a socket cannot be read at all: each is refused by kind, with a
message, from ``stat()`` alone (a FIFO is never opened for reading). The file
is then opened without blocking and checked again on the open descriptor, so
a path swapped for a FIFO between the two checks is still refused. Symlink
loops, missing files, folders and permission problems each get their own
words. Every problem raises :class:`InputFileError`, in French and English.

Writing (:func:`atomic_write`): the bytes go to ``.{name}.XXXX.tmp`` in the
same folder, are flushed, then renamed over the target, so a crash leaves the
old file or the new one. A crash can leave the temporary file behind; the next
save of the same file removes such leftovers (only ours: same folder, same
``.{name}.`` prefix and ``.tmp`` suffix, written by a process that is gone or
older than a minute, so a save running at the same moment in another Ost is
never disturbed).
"""

from __future__ import annotations

import contextlib
import enum
import errno
import os
import stat
import sys
import time
from pathlib import Path

__all__ = [
    "InputFileError",
    "InputProblem",
    "OutputFileError",
    "atomic_write",
    "check_folder",
    "file_kind",
    "process_gone",
    "read_limited",
    "read_regular",
    "stale_temporaries",
    "write_target",
]

MiB = 1024 * 1024
_CHUNK = 1 * MiB
#: A temporary file of ours older than this is a leftover of a save that died.
STALE_AFTER_SECONDS = 60.0


class InputProblem(enum.Enum):
    """Why a file could not be read, for callers that answer each problem their own way."""

    MISSING = "missing"
    FOLDER = "folder"
    #: A pipe, a device, a socket: anything but a regular file or a folder.
    NOT_A_FILE = "not-a-file"
    LINK_LOOP = "link-loop"
    DENIED = "denied"
    BAD_PATH = "bad-path"
    TOO_LARGE = "too-large"
    UNREADABLE = "unreadable"
    #: The file was read; what it holds is refused (a subclass's errors, such as unsafe XML).
    CONTENT = "content"


class InputFileError(Exception):
    """A file Ost refuses or cannot read; the message names the file and the problem.

    ``message_fr`` and ``message_en`` are the detail without the file name;
    ``str(error)`` is the English line and :meth:`message` picks a language.
    ``kind`` says which problem it is: callers test it, never the wording.
    """

    def __init__(
        self,
        path: str | Path,
        message_en: str,
        message_fr: str | None = None,
        *,
        kind: InputProblem = InputProblem.CONTENT,
    ) -> None:
        self.path = str(path)
        self.message_en = message_en
        self.message_fr = message_fr or message_en
        self.kind = kind
        super().__init__(f"{self.path}: {message_en}")

    def message(self, lang: str) -> str:
        return f"{self.path}: {self.message_fr if lang == 'fr' else self.message_en}"


def megabytes(count: int) -> str:
    """``count`` bytes in megabytes, for messages ("4 MB", "1.5 MB")."""
    return f"{count / MiB:.1f}".removesuffix(".0") + " MB"


#: What a path is when it is not a regular file: (English, French), by ``stat`` kind.
_KINDS: tuple[tuple[int, str, str], ...] = (
    (stat.S_IFDIR, "is a folder, not a file", "est un dossier, pas un fichier"),
    (
        stat.S_IFIFO,
        "is a named pipe (FIFO), not a file; Ost reads only ordinary files",
        "est un tube nommé (FIFO), pas un fichier ; Ost ne lit que des fichiers ordinaires",
    ),
    (
        stat.S_IFCHR,
        "is a device, not a file (it may never end); Ost reads only ordinary files",
        "est un périphérique, pas un fichier (il peut ne jamais finir) ; Ost ne lit que des fichiers ordinaires",
    ),
    (
        stat.S_IFBLK,
        "is a disk device, not a file; Ost reads only ordinary files",
        "est un périphérique disque, pas un fichier ; Ost ne lit que des fichiers ordinaires",
    ),
    (
        stat.S_IFSOCK,
        "is a socket, not a file; Ost reads only ordinary files",
        "est une socket, pas un fichier ; Ost ne lit que des fichiers ordinaires",
    ),
)


def file_kind(mode: int) -> tuple[str, str] | None:
    """None for a regular file, else why it is refused: ``(english, french)``."""
    if stat.S_ISREG(mode):
        return None
    for kind, english, french in _KINDS:
        if stat.S_IFMT(mode) == kind:
            return english, french
    return "is not an ordinary file", "n'est pas un fichier ordinaire"


def _problem(mode: int) -> InputProblem:
    """The problem with a path that is not a regular file."""
    return InputProblem.FOLDER if stat.S_ISDIR(mode) else InputProblem.NOT_A_FILE


def _os_error(path: Path, exc: OSError) -> InputFileError:
    """Plain words for why ``path`` cannot be reached."""
    code = exc.errno
    if code == errno.ENOENT:
        return InputFileError(path, "no such file", "fichier introuvable", kind=InputProblem.MISSING)
    if code == errno.ELOOP:
        return InputFileError(
            path,
            "symbolic link loop (the link points back to itself); cannot read",
            "boucle de liens symboliques (le lien renvoie à lui-même) ; lecture impossible",
            kind=InputProblem.LINK_LOOP,
        )
    if code in (errno.EACCES, errno.EPERM):
        return InputFileError(
            path, "permission denied; cannot read", "permission refusée ; lecture impossible", kind=InputProblem.DENIED
        )
    if code == errno.ENOTDIR:
        return InputFileError(
            path,
            "a part of the path is not a folder",
            "une partie du chemin n'est pas un dossier",
            kind=InputProblem.BAD_PATH,
        )
    if code == errno.ENAMETOOLONG:
        return InputFileError(path, "the path is too long", "le chemin est trop long", kind=InputProblem.BAD_PATH)
    reason = exc.strerror or type(exc).__name__
    return InputFileError(
        path, f"cannot read: {reason}", f"lecture impossible : {reason}", kind=InputProblem.UNREADABLE
    )


def check_folder(path: str | Path) -> Path:
    """``path`` as an absolute folder path; else :class:`InputFileError` in plain words.

    A relative path is resolved against the current folder (so what is
    recorded, such as where a catalogue was built from, still names the same
    folder from elsewhere); a file, a FIFO or a device is refused by its kind.
    """
    folder = Path(path)
    try:
        info = os.stat(folder)
    except OSError as exc:
        raise _os_error(folder, exc) from None
    except ValueError:  # a NUL byte in the path
        raise InputFileError(folder, "not a valid path", "chemin invalide") from None
    if not stat.S_ISDIR(info.st_mode):
        if stat.S_ISREG(info.st_mode):
            raise InputFileError(folder, "is a file, not a folder", "est un fichier, pas un dossier")
        english, french = file_kind(info.st_mode) or ("is not a folder", "n'est pas un dossier")
        raise InputFileError(
            folder,
            english.split(";")[0].split(" (it")[0].replace(", not a file", ", not a folder"),
            french.split(";")[0].split(" (il")[0].replace(", pas un fichier", ", pas un dossier"),
        )
    return Path(os.path.abspath(folder))


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; else :class:`InputFileError`.

    The size on disk is checked before reading, and the bytes are counted
    while reading (a file growing meanwhile still stops at ``limit``). The
    first read is sized from the file, never from the limit.
    """
    file = Path(path)
    try:
        info = os.stat(file)
    except OSError as exc:
        raise _os_error(file, exc) from None
    except ValueError:  # a NUL byte in the path
        raise InputFileError(file, "not a valid path", "chemin invalide", kind=InputProblem.BAD_PATH) from None
    refused = file_kind(info.st_mode)
    if refused is not None:
        raise InputFileError(file, *refused, kind=_problem(info.st_mode))
    if info.st_size > limit:
        raise _too_large(file, info.st_size, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(file, flags)
    except OSError as exc:
        raise _os_error(file, exc) from None
    try:
        # The path may have been swapped since stat(): check what was actually opened.
        mode = os.fstat(fd).st_mode
        refused = file_kind(mode)
        if refused is not None:
            raise InputFileError(file, *refused, kind=_problem(mode))
        chunks: list[bytes] = []
        total = 0
        want = info.st_size + 1
        while True:
            chunk = os.read(fd, min(max(want, 1), _CHUNK))
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise _too_large(file, total, limit)
            chunks.append(chunk)
            want = max(want - len(chunk), _CHUNK)
    except OSError as exc:
        raise _os_error(file, exc) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _too_large(path: Path, size: int, limit: int) -> InputFileError:
    return InputFileError(
        path,
        f"the file is larger than {megabytes(limit)}, the most Ost reads (at least {megabytes(size)})",
        f"le fichier dépasse {megabytes(limit)}, le plus qu'Ost lise (au moins {megabytes(size)})",
        kind=InputProblem.TOO_LARGE,
    )


def read_limited(path: Path, limit: int) -> bytes:
    """Read at most ``limit`` bytes of the regular file ``path``; ``ValueError`` says what is wrong.

    The older interface of :func:`read_regular`, for callers that catch
    ``(OSError, ValueError)``.
    """
    try:
        return read_regular(path, limit)
    except InputFileError as exc:
        raise ValueError(exc.message_en) from None


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def process_gone(pid: int) -> bool:
    """True when no process ``pid`` runs (POSIX); on Windows, never assumed (age decides there)."""
    if sys.platform == "win32" or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists but belongs to someone else
        return False
    return _zombie(pid)


def _zombie(pid: int) -> bool:
    """True when ``pid`` has ended but its parent has not collected it yet (Linux; False where unknown)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read(4096).rpartition(b")")[2].split()[:1]
    except OSError:
        return False
    return state == [b"Z"]


def stale_temporaries(path: Path, older_than: float = STALE_AFTER_SECONDS) -> list[Path]:
    """Temporary files left by earlier atomic writes of ``path`` (a save that died half-way).

    Ours are named ``.{name}.{pid}-XXXX.tmp``: one whose process is gone is a
    leftover at once; any other (another Ost's save in progress, a name of an
    older version) only once it is older than ``older_than`` seconds.
    """
    prefix = _temporary_prefix(path)
    now = time.time()
    found: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return found
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        owner = entry.name[len(prefix) :].split("-", 1)[0]
        dead = owner.isdigit() and int(owner) != os.getpid() and process_gone(int(owner))
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and (dead or now - info.st_mtime >= older_than):
                found.append(Path(entry.path))
    return found


class OutputFileError(OSError):
    """A file Ost cannot write; ``strerror`` is a sentence in English, :meth:`message` picks a language.

    It is an :class:`OSError` (with the original ``errno``), so callers that
    catch ``OSError`` and show ``exc.strerror`` show the sentence.
    """

    def __init__(self, path: Path, code: int | None, message_en: str, message_fr: str) -> None:
        super().__init__(code or 0, message_en, str(path))
        self.path = str(path)
        self.message_en = message_en
        self.message_fr = message_fr

    def message(self, lang: str) -> str:
        return f"{self.path}: {self.message_fr if lang == 'fr' else self.message_en}"

    def __str__(self) -> str:
        return self.message("en")


def _write_error(path: Path, exc: OSError) -> OutputFileError:
    """Plain words, and a way on, for why ``path`` cannot be written."""
    code = exc.errno
    if code in (errno.EACCES, errno.EPERM):
        return OutputFileError(
            path,
            code,
            "permission denied: Ost cannot write in this folder (read-only, or another user's); "
            "save the list in another folder",
            "permission refusée : Ost ne peut pas écrire dans ce dossier (en lecture seule, ou à un autre "
            "utilisateur) ; enregistrez la liste dans un autre dossier",
        )
    if code == errno.EROFS:
        return OutputFileError(
            path,
            code,
            "the disk is read-only; save the list on another disk",
            "le disque est en lecture seule ; enregistrez la liste sur un autre disque",
        )
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return OutputFileError(
            path,
            code,
            "the disk is full; the previous file is untouched (free some space and save again)",
            "le disque est plein ; le fichier précédent est intact (libérez de la place et réenregistrez)",
        )
    if code == errno.EISDIR:
        return OutputFileError(
            path, code, "is a folder; choose a file name", "est un dossier ; choisissez un nom de fichier"
        )
    if code == errno.ELOOP:
        return OutputFileError(
            path,
            code,
            "symbolic link loop (the link points back to itself); cannot write",
            "boucle de liens symboliques (le lien renvoie à lui-même) ; écriture impossible",
        )
    if code == errno.ENAMETOOLONG:
        return OutputFileError(path, code, "the path is too long", "le chemin est trop long")
    reason = exc.strerror or str(exc) or type(exc).__name__
    return OutputFileError(path, code, f"cannot write: {reason}", f"écriture impossible : {reason}")


def write_target(path: Path) -> Path:
    """Where saving ``path`` writes: through a symbolic link to its target (the link is kept), else ``path``.

    Saving over a link means saving the file it names: replacing the link by
    a regular file would silently fork the list. A link to a missing file
    writes that file; a link loop is refused.
    """
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))
    except OSError as exc:
        raise _write_error(path, exc) from None


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one.

    The bytes go to a temporary file in the same folder, are flushed to disk,
    then renamed over ``path`` (atomic on POSIX and Windows). Temporary files
    left by earlier writes of ``path`` that died are removed once this one is
    in place; the temporary file of a write that fails (a full disk, a
    permission refused half-way) is removed at once. ``path`` a symbolic link:
    its target is replaced, atomically, and the link kept (:func:`write_target`).
    Failures raise :class:`OutputFileError` (an ``OSError``) in plain words.
    """
    path = write_target(Path(path))
    directory = path.parent
    import tempfile  # (here: reading a file, as every check does, needs none of it)

    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f"{_temporary_prefix(path)}{os.getpid()}-", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise _write_error(path, exc) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, OutputFileError):
            raise _write_error(path, exc) from None
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    for leftover in stale_temporaries(path):
        with contextlib.suppress(OSError):
            leftover.unlink()
