"""``paddock build``: from loaded definitions to PDFs on disk and a manifest.

Everything is prepared before anything is written: each game renders its text and fits its
layouts first, so a vehicle whose text cannot be printed is refused (and reported) without a
half-built file. Each file is then written under a temporary name and renamed into place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Finding
from generator.games.registry import GAMES
from generator.loading import Definition, Loaded
from generator.output import (
    BuildContext,
    ManifestEntry,
    Output,
    write_atomically,
    write_manifest,
)
from generator.shared_sheets import shared_outputs


@dataclass
class BuildResult:
    """What a build wrote, and which definitions it refused."""

    written: list[ManifestEntry] = field(default_factory=list)
    refused: list[Definition] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    manifest: Path | None = None


def prepare(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Ask each game for its outputs, game by game in registry order, then add the
    game-neutral sheets (dice stickers) of the games present."""
    outputs: list[Output] = []
    for game in GAMES.values():
        mine = [d for d in definitions if d.game is game]
        if mine:
            outputs.extend(game.outputs(mine, context))
    outputs.extend(shared_outputs(context, frozenset(d.game.id for d in definitions)))
    return outputs


def build(loaded: Loaded, context: BuildContext) -> BuildResult:
    """Write every output for the definitions without errors; refuse the others."""
    clean = loaded.clean()
    result = BuildResult(refused=[d for d in loaded.definitions if d not in clean])
    outputs = prepare(clean, context)
    for output in outputs:
        target = context.out_dir / output.path
        info = write_atomically(target, output.write)
        result.written.append(ManifestEntry(
            path=output.path, game=output.game, kind=output.kind, vehicles=output.vehicles,
            pages=info.pages, page_size_mm=list(info.page_size_mm), notes=output.notes))
    if result.written:
        result.manifest = write_manifest(context.out_dir, result.written)
    return result
