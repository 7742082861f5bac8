"""What a build owns and prints, and what it did: the parts of ``paddock build`` that a
replayed build (:mod:`generator.commands.build_replay`) shares with a real one, kept apart
from the drawing code so a replay does not load it."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, TextIO

from generator.commands.components import COMPONENTS
from generator.paper.output import ManifestEntry, Output

if TYPE_CHECKING:
    from generator.input.findings import Finding
    from generator.project.loading import Definition


def component_of(output: Output | ManifestEntry) -> str:
    """The --only name of an output or of a file an earlier build wrote (see COMPONENTS)."""
    parts = PurePosixPath(output.path).parts
    if output.kind.startswith("track-"):
        return output.kind
    if output.kind in ("circuit", "circuit markers"):  # a print shop's markers file too
        return "circuit"
    if len(parts) > 2 and parts[1] == "png":
        return parts[2]
    if len(parts) > 2 and parts[1] == "tts":
        return "cards"
    if len(parts) > 2 and parts[1] in COMPONENTS:  # a file per deck: cards/<deck>.pdf
        return parts[1]
    return PurePosixPath(parts[-1]).stem


@dataclass(frozen=True)
class Selection:
    """What a build prints: the components chosen (None: all) and the shared parts."""

    only: frozenset[str] | None = None
    dice_stickers: bool = True

    def wants(self, output: Output | ManifestEntry) -> bool:
        component = component_of(output)
        if component == "dice-stickers" and not self.dice_stickers:
            return self.only is not None and component in self.only
        return self.only is None or component in self.only


def scope_of(output: Output | ManifestEntry) -> tuple[str, bool]:
    """What a file is part of: its game, and whether it is a track's or the vehicles' side."""
    return output.game, output.kind.startswith("track-")


@dataclass
class BuildResult:
    """What a build wrote, kept from earlier builds, removed, and which definitions it
    refused."""

    written: list[ManifestEntry] = field(default_factory=list)
    refused: list[Definition] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    manifest: Path | None = None
    kept: list[ManifestEntry] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    absorbed: list[str] = field(default_factory=list)
    """Earlier builds' shared-sheets files that held pieces this build prints: packed again
    with this build's pieces in place of theirs (see :func:`sheets_to_absorb`)."""
    doubled: list[str] = field(default_factory=list)
    """Earlier builds' shared-sheets files, kept, that also print older copies of pieces
    this build wrote: their other pieces come from inputs this build did not read."""


def sources_of(entry: Output | ManifestEntry) -> set[str]:
    """The files whose pieces a file prints: a shared-sheets file's sources (where each
    placed piece came from), any other file itself."""
    if "packed" in entry.notes and entry.placements:
        return {str(piece["from"]) for piece in entry.placements}
    return {entry.path}


def sheets_to_absorb(earlier: Sequence[ManifestEntry],
                     outputs: Sequence[Output | ManifestEntry], selection: Selection
                     ) -> list[ManifestEntry]:
    """Earlier shared-sheets files that would print a piece twice or lose one: each holds
    pieces of a file this build prints and is either kept (an ``--only`` build owns only
    its components, not the sheets they were packed onto) or replaced while holding
    pieces this build does not print (one game's build writing the root shared sheets)."""
    printed = set().union(*(sources_of(output) for output in outputs))
    found = []
    for sheets in earlier:
        held = sources_of(sheets)
        if "packed" not in sheets.notes or not held & printed:
            continue
        if not replaced(sheets, outputs, selection) or not held <= printed:
            found.append(sheets)
    return found


def replaced(earlier: ManifestEntry, outputs: Sequence[Output | ManifestEntry],
             selection: Selection) -> bool:
    """Whether this build owns a file an earlier build wrote: it writes that path again, or
    the file is of a game and side (tracks, or vehicles and their items) this build prints
    and of a component it chose. Every other file the old manifest lists is kept as it is,
    so a build of one game's file never takes another game's sheets away."""
    if any(output.path == earlier.path for output in outputs):
        return True
    scopes = {scope_of(output) for output in outputs}
    return scope_of(earlier) in scopes and selection.wants(earlier)


def report_written(output: Path, result: BuildResult, compact: bool,
                   to: TextIO | None = None) -> None:
    """The files a build wrote (one line in ``compact`` mode), removed and kept, printed
    to ``to`` (standard output)."""
    stream = to or sys.stdout
    for entry in [] if compact else result.written:
        what = [f"{entry.pages} page{'s' * (entry.pages != 1)}", *entry.vehicles[:1]]
        if len(entry.vehicles) > 1:
            what[-1] += f" and {len(entry.vehicles) - 1} more"
        print(f"wrote {output / entry.path} ({', '.join(what)})", file=stream)
    if compact and result.written:
        pages = sum(entry.pages for entry in result.written)
        print(f"wrote {len(result.written)} files ({pages} pages) into {output}", file=stream)
    for removed in result.removed:
        print(f"removed {output / removed} (an earlier build's; this build replaces it)",
              file=stream)
    for sheets in result.absorbed:
        again = any(entry.path == sheets for entry in result.written)
        print(f"replaced {output / sheets} (an earlier build's shared sheets holding pieces "
              f"this build prints: {'packed again' if again else 'removed'}; the pieces of "
              "files this build did not choose drawn again from their inputs, each once)",
              file=stream)
    for sheets in result.doubled:
        print(f"note: kept {output / sheets} (an earlier build's shared sheets): it also "
              "prints older copies of pieces this build wrote, beside pieces of inputs this "
              "build did not read; build those inputs too (the earlier build's folders) to "
              "print each piece once", file=stream)
    if result.kept:
        print(f"kept {len(result.kept)} file{'s' * (len(result.kept) != 1)} of earlier builds "
              "that this build does not print (the manifest still lists them)", file=stream)
    if result.manifest and not compact:
        print(f"wrote {result.manifest}", file=stream)
