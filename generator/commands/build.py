"""``paddock build``: from loaded definitions to PDFs on disk and a manifest.

Everything is prepared before anything is written: each game renders its text and fits its
layouts first, so a vehicle whose text cannot be printed is refused (and reported) without a
half-built file. Every file name is checked against every other (two names that share a slug
would share a file) and against the folder (a file Paddock did not write is never replaced).
The files are then written into a staging folder and switched in as one set
(:mod:`generator.commands.output_folder`): the output folder holds the old build or the new one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict

from generator.commands.build_scope import (  # noqa: F401 - BuildResult etc. are used from here
    BuildResult,
    Selection,
    component_of,
    replaced,
    scope_of,
    sheets_to_absorb,
    sources_of,
)
from generator.commands.build_workers import worker_count, write_outputs
from generator.commands.output_folder import open_output
from generator.errors import OutputError
from generator.input.findings import Finding
from generator.input.names import path_key
from generator.paper.output import BuildContext, ManifestEntry, Output
from generator.paper.packed import pack_outputs
from generator.paper.shared_sheets import shared_outputs
from generator.project.kit import KIT_RULES
from generator.project.loading import Definition, Loaded
from generator.project.registry import GAMES


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


def file_clashes(outputs: Sequence[Output], definitions: Sequence[Definition]
                 ) -> list[tuple[Definition, Definition, str]]:
    """Pairs of definitions whose outputs would land in one file (same path once accents
    and case are folded), each with the path: (later, earlier, path)."""
    first: dict[str, Output] = {}
    clashes = []
    for output in outputs:
        earlier = first.setdefault(path_key(output.path), output)
        if earlier is output:
            continue
        later_def, earlier_def = owner(output, definitions), owner(earlier, definitions)
        if later_def is None or earlier_def is None or later_def is earlier_def:
            raise OutputError(f"two parts of one build would both write {output.path}; "
                              "please report this")
        clashes.append((later_def, earlier_def, output.path))
    return clashes


def owner(output: Output, definitions: Sequence[Definition]) -> Definition | None:
    """The one definition an output is for (a per-vehicle or per-track file)."""
    mine = [d for d in definitions if d.game.id == output.game and d.name in output.vehicles]
    return mine[-1] if len(mine) == 1 or len(output.vehicles) == 1 and mine else None


def clash_finding(later: Definition, earlier: Definition, path: str) -> Finding:
    return KIT_RULES["OUTPUT-FILE-CLASH"].finding(
        later.locate(("name",)), name=later.name, path=path, other=earlier.name,
        other_file=earlier.path)


def plan(clean: list[Definition], context: BuildContext, selection: Selection
         ) -> tuple[list[Output], list[Definition], list[Finding]]:
    """The outputs to write, and the definitions refused because their files would clash
    with an earlier definition's."""
    refused: list[Definition] = []
    findings: list[Finding] = []
    while True:
        outputs = [o for o in prepare(clean, context) if selection.wants(o)]
        clashes = file_clashes(outputs, clean)
        if not clashes:
            packed = outputs if selection.only is not None else pack_outputs(outputs, context)
            return packed, refused, findings
        for later, earlier, path in clashes:
            if later in clean:
                clean.remove(later)
                refused.append(later)
                findings.append(clash_finding(later, earlier, path))


def build(loaded: Loaded, context: BuildContext, selection: Selection | None = None,
          announce: Callable[[str], None] | None = None, jobs: int | None = None
          ) -> BuildResult:
    """Write every output for the definitions without errors; refuse the others. Files an
    earlier build wrote that this one does not own (see :func:`replaced`) are kept. The
    files are written by ``jobs`` processes (None: one per core; see
    :mod:`generator.commands.build_workers`)."""
    clean = loaded.clean()
    chosen = selection or Selection()
    result = BuildResult(refused=[d for d in loaded.definitions if d not in clean])
    outputs, clashing, result.findings = plan(list(clean), context, chosen)
    result.refused += clashing
    if not outputs:
        return result
    with open_output(context.out_dir, announce) as folder:
        earlier = folder.earlier_entries()
        survivors = [d for d in clean if d not in result.refused]
        outputs, result.absorbed, result.doubled = absorb_sheets(
            outputs, earlier, survivors, context, chosen)
        folder.check_paths([output.path for output in outputs] + ["manifest.json"])
        new_paths = {output.path for output in outputs}
        for entry in earlier:
            if entry.path in result.absorbed:
                continue
            if not replaced(entry, outputs, chosen):
                result.kept.append(entry)
            elif entry.path not in new_paths:
                result.removed.append(entry.path)
        infos = write_outputs(folder, outputs, worker_count(len(outputs), jobs))
        for output, info in zip(outputs, infos, strict=True):
            result.written.append(ManifestEntry(
                path=output.path, game=output.game, kind=output.kind,
                vehicles=output.vehicles, pages=info.pages,
                page_size_mm=list(info.page_size_mm), notes=output.notes,
                placements=list(output.placements)))
        listed = sorted(result.written + result.kept, key=lambda e: e.path)
        folder.commit({"files": [asdict(e) for e in listed]},
                      keep={entry.path for entry in result.kept})
    result.manifest = context.out_dir / "manifest.json"
    return result


def absorb_sheets(outputs: list[Output], earlier: Sequence[ManifestEntry],
                  definitions: Sequence[Definition], context: BuildContext,
                  selection: Selection) -> tuple[list[Output], list[str], list[str]]:
    """``outputs``, packed again with the pieces of every earlier shared-sheets file that
    holds some of theirs (:func:`sheets_to_absorb`); those files' paths; and the paths of
    such files this build cannot pack again and keeps as they are.

    Such a file is replaced, not kept beside this build's files (which would print its
    pieces twice) nor dropped (which would lose the pieces of files this build did not
    choose): those pieces are drawn again from the same inputs (they are files of the loaded
    definitions that the selection left out) and packed with this build's, as a full build
    packs them. Where a piece's file is not one the loaded definitions give (an earlier
    build of more inputs: the default kit, then one vehicle), the build owns only what it
    builds: the sheets are kept, whole, and the build says they also print older copies of
    its pieces. Only a build that would write over such a file is refused."""
    absorbed: list[ManifestEntry] = []
    doubled: list[ManifestEntry] = []
    extra: set[str] = set()
    everything: list[Output] | None = None
    while found := [e for e in sheets_to_absorb(earlier, outputs, selection)
                    if e not in absorbed and e not in doubled]:
        printed = set().union(*(sources_of(output) for output in outputs))
        needed = set().union(*(sources_of(sheets) for sheets in found)) - printed
        everything = everything or prepare(definitions, context)
        missing = needed - {output.path for output in everything}
        if missing:
            refuse_overwriting(found, outputs, missing, context)
            doubled += found
            continue
        absorbed += found
        extra |= needed
        chosen = [o for o in everything if selection.wants(o) or o.path in extra]
        outputs = pack_outputs(chosen, context)
    return outputs, [sheets.path for sheets in absorbed], [sheets.path for sheets in doubled]


def refuse_overwriting(found: Sequence[ManifestEntry], outputs: Sequence[Output],
                       missing: set[str], context: BuildContext) -> None:
    """An OutputError where this build would write over an earlier shared-sheets file
    holding pieces (of the ``missing`` files) that its inputs cannot draw again."""
    writing = {output.path for output in outputs}
    for sheets in found:
        if sheets.path in writing:
            named = sorted(missing)
            more = f" and {len(named) - 3} more" if len(named) > 3 else ""
            raise OutputError(
                f"not built: {context.out_dir / sheets.path} (an earlier build's shared "
                f"sheets) holds pieces of {', '.join(named[:3])}{more}, which this build's "
                "inputs do not make, and this build would write over it. Build the folders "
                "the earlier build read too (--only still chooses the components), or into "
                "another output folder")
