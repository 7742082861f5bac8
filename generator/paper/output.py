"""What a build writes: the build context, outputs, manifest entries, and safe writing of a
single file (``paddock new``, the balance report).

A single file is written under a temporary name in its own folder and renamed into place, so
an interrupted command never leaves it half-written. A build's whole set of files goes
through :mod:`generator.commands.output_folder` instead, which switches in the set at once.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, TypeVar

from generator.errors import OutputError
from generator.paper.icons import IconSet
from generator.paper.imposition import Batch, Duplex, SheetOptions
from generator.paper.pdf import PdfInfo
from generator.paper.printers import PrintShop
from generator.paper.sizes import STANDARD_SIZES, Size
from generator.paper.units import INCH, Paper, mm
from generator.text.templates import TextTemplates

T = TypeVar("T")


def write_atomically(target: Path, produce: Callable[[Path], T]) -> T:
    """Call ``produce(temp_path)`` and move the finished file onto ``target``: the one way
    a command writes a file a person named (``balance -o``, ``race -o/--log/--replay``,
    ``new -o``). A target that exists must be a regular file (a symbolic link is judged by
    what it points at, and the link itself is replaced): a device, FIFO, socket or folder is
    refused before anything is made, and whatever a failed write made (the temporary file,
    folders made for it) is removed."""
    refuse_odd_target(target)
    made = _missing_folders(target.parent)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # mkstemp opens with O_EXCL: a link planted at the temporary name is never followed.
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name[:200]}.", suffix=".part",
                                             dir=target.parent)
    except OSError as exc:
        _remove_folders(made)
        raise OutputError(f"cannot write into {target.parent}: {exc.strerror}") from exc
    os.close(handle)
    temp = Path(temp_name)
    done = False
    try:
        result = produce(temp)
        os.chmod(temp, 0o666 & ~_current_umask())
        refuse_odd_target(target)  # made meanwhile: still never replaced
        os.replace(temp, target)
        done = True
        return result
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror}") from exc
    finally:
        temp.unlink(missing_ok=True)
        if not done:
            _remove_folders(made)


def refuse_odd_target(target: Path) -> None:
    """Raise :class:`OutputError` (exit 2) unless ``target`` is missing or a regular file
    (after following a symbolic link): Paddock never replaces a device (``/dev/null``), a
    FIFO, a socket or a folder with a file it writes."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return  # missing, or a link to nothing: the link is replaced
    except OSError as exc:  # a link loop, a name too long, a file where a folder must be
        raise OutputError(f"cannot write {target}: {exc.strerror}") from exc
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{target} is {describe_kind(info.st_mode)}, not a regular file; "
                          "Paddock writes only regular files: choose another name")


def describe_kind(mode: int) -> str:
    """What a file of this mode is, in words: 'a folder', 'a FIFO (named pipe)'."""
    kinds = [(stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")]
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def _missing_folders(folder: Path) -> list[Path]:
    """The folders up to ``folder`` that do not exist yet, innermost first."""
    missing: list[Path] = []
    try:
        while not os.path.lexists(folder) and folder != folder.parent:
            missing.append(folder)
            folder = folder.parent
    except OSError:
        return []
    return missing


def _remove_folders(folders: list[Path]) -> None:
    """Remove folders a failed write made (only while empty), innermost first."""
    for folder in folders:
        try:
            os.rmdir(folder)
        except OSError:
            return


def _current_umask() -> int:
    """The process umask (read by setting and restoring it): a temporary file is created
    private, but the finished file should get the permissions any new file would."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


@dataclass(frozen=True)
class ManifestEntry:
    """One file a build wrote: what it is, for which vehicles, and its pages."""

    path: str
    game: str
    kind: str
    vehicles: list[str]
    pages: int
    page_size_mm: list[float]
    notes: dict[str, str] = field(default_factory=dict)
    # Where each piece of a shared-sheets file went (see generator.paper.packed).
    placements: list[dict[str, object]] = field(default_factory=list)


Marks = Literal["crop", "full", "lines", "none"]
MARK_CHOICES: tuple[Marks, ...] = ("crop", "full", "lines", "none")


@dataclass(frozen=True)
class PrintOptions:
    """How pieces are printed, beyond paper and duplex: from the kit file, then the command
    line. Lengths are in points. Defaults suit a home printer and standard components."""

    bleed: float = mm(3)
    marks: Marks = "crop"
    gutter: float = 0.0
    print_shop: bool = False
    cmyk: bool = False
    png: bool = False
    dpi: int = 150
    card: Size = STANDARD_SIZES["poker"]
    die: float = mm(16)
    sticker: float = mm(13)
    hex: float = INCH
    # The print shop's profile, resolved against the kit (None: home sheets).
    shop: PrintShop | None = None
    # Small pieces packed onto shared sheets (generator.paper.packed).
    pack: bool = True

    @property
    def safe_zone(self) -> float:
        """How far text and essential marks keep from every cut, in points: the print
        shop's safe zone; 0 for home sheets, whose layouts keep their own margins."""
        return self.shop.safe_zone if self.shop is not None else 0.0


@dataclass(frozen=True)
class BuildContext:
    """The choices that shape every output of one build."""

    out_dir: Path
    paper: Paper
    templates: TextTemplates
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    icons: IconSet = field(default_factory=IconSet)
    printing: PrintOptions = field(default_factory=PrintOptions)
    generic_deck: bool = True

    def sheet_options(self, gutter: float | None = None, cut_lines: bool = False,
                      **changes: object) -> SheetOptions:
        """Sheet layout for this build: paper, duplex and marks as chosen. ``gutter``
        overrides the build's for components that always want one (licences);
        ``cut_lines`` forces a cut guide on (stickers). Without a gutter, pieces are butted
        and share their cuts. Registration targets come with crop marks (they share the
        frame); with cut lines on both sides, the lines themselves show the alignment."""
        marks = self.printing.marks
        options = SheetOptions(
            paper=self.paper, duplex=self.duplex, back_offset=self.back_offset,
            gutter=self.printing.gutter if gutter is None else gutter,
            crop_marks=marks in ("crop", "full"),
            mark_style="full" if marks == "full" else "short",
            cut_lines=cut_lines or marks == "lines",
            registration=marks in ("crop", "full"),
            print_shop=self.printing.print_shop, shop=self.printing.shop,
            butted=(self.printing.gutter if gutter is None else gutter) == 0)
        return replace(options, **changes) if changes else options  # type: ignore[arg-type]


@dataclass(frozen=True)
class Output:
    """One file a game wants written, with a function that writes it to a given path."""

    path: str
    game: str
    kind: str
    vehicles: list[str]
    write: Callable[[Path], PdfInfo]
    notes: dict[str, str] = field(default_factory=dict)
    # The pieces, when they may share sheets with the game's other small pieces
    # (generator.paper.packed); empty for a file printed as it is.
    batches: tuple[Batch, ...] = ()
    # Where each piece went, for a file of shared sheets.
    placements: tuple[dict[str, object], ...] = ()
