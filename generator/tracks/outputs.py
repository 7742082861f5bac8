"""What a build prints for tracks, and the print check that runs before it.

For each track: ``tracks/<track>-tiles.pdf`` (an assembly page, then the map in page-sized
tiles at actual size), ``tracks/<track>-layout.pdf`` (the race layout page) and, when the
race needs any, ``tracks/<track>-tokens.pdf``. A build with tracks of a game that uses the
modular pieces also prints ``tracks/pieces.pdf`` once. Every page is planned (text fitted)
before any file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import OutputError
from generator.input.findings import Finding
from generator.input.names import slug
from generator.input.schema import did_you_mean
from generator.paper.icons import IconSet
from generator.paper.output import BuildContext, Output
from generator.paper.packed import Header, kind_of, packed_file, packed_writer, placements
from generator.paper.pdf import PdfInfo, finish, new_canvas
from generator.paper.units import PAPERS, Paper
from generator.text.templates import TextTemplates
from generator.tracks.game import TrackGame
from generator.tracks.layout_page import LayoutPage, draw_layout_page, plan_layout_page
from generator.tracks.model import Track
from generator.tracks.pieces_sheet import PiecesDocument, draw_pieces, plan_pieces
from generator.tracks.rules import RULES
from generator.tracks.sheets import (
    PrintProblem,
    TilesDocument,
    draw_tiles_document,
    plan_tiles_document,
)
from generator.tracks.tokens import (
    NoticeCaption,
    TokenPlan,
    plan_tokens,
    token_options,
    write_tokens,
)

if TYPE_CHECKING:
    from generator.project.loading import Definition

FOLDER = "tracks"


def track_outputs(definitions: Sequence[Definition], context: BuildContext,
                  pickups: bool = True) -> list[Output]:
    """Every file for the track definitions among ``definitions``; ``pickups`` False when
    the build prints the game's item set (pick-ups included) anyway."""
    outputs: list[Output] = []
    pieces = False
    for definition in definitions:
        if definition.kind.name != "track":
            continue
        game: TrackGame = definition.kind.context
        track: Track = definition.model
        # Two tracks with one slug would share files: the build refuses them by name.
        name = slug(track.name, "track")
        outputs += outputs_for(track, game, name, context, pickups)
        pieces = pieces or game.pieces
    if pieces:
        try:
            document = plan_pieces(context.paper, context.templates)
        except PrintProblem as problem:
            raise OutputError(f"the modular pieces cannot be printed on {context.paper.name}: "
                              f"{problem.part}") from problem
        outputs.append(Output(f"{FOLDER}/pieces.pdf", definitions[0].game.id, "track-pieces",
                              [], lambda path: _write_pieces(path, document, context)))
    return outputs


@lru_cache(maxsize=16)
def planned_tiles(track: Track, paper: Paper, templates: TextTemplates) -> TilesDocument:
    """The tiles document of a track, planned once for both the print check and the build."""
    return plan_tiles_document(track, paper, templates)


def outputs_for(track: Track, game: TrackGame, name: str, context: BuildContext,
                pickups: bool = True) -> list[Output]:
    """The tiles, layout page and (if any) token sheets of one track, planned now."""
    tiles = planned_tiles(track, context.paper, context.templates)
    tokens = plan_tokens(track, game, context.templates, context.icons, pickups)
    page = plan_layout_page(track, game, tokens.counts, context.templates)
    found = [
        Output(f"{FOLDER}/{name}-tiles.pdf", game.game_id, "track-tiles", [track.name],
               lambda path: _write_tiles(path, tiles, context)),
        Output(f"{FOLDER}/{name}-layout.pdf", game.game_id, "track-layout", [track.name],
               lambda path: _write_layout(path, page, context)),
    ]
    if any(pieces for _, pieces in tokens.groups):
        found.append(token_output(f"{FOLDER}/{name}-tokens.pdf", track, game, tokens, context))
    return found


def token_output(path: str, track: Track, game: TrackGame, tokens: TokenPlan,
                 context: BuildContext) -> Output:
    """The track's token file: its kinds of token packed onto shared sheets where that
    takes fewer pages (generator.paper.packed), each front page captioned, the manifest
    saying where each token went; else each kind imposed on sheets of its own."""
    options = token_options(context)
    kinds = [kind_of(path, component, pieces, options, "token")
             for component, pieces in tokens.groups if pieces]
    batches = tuple((component, pieces, replace(options, header=0.0))
                    for component, pieces in tokens.groups if pieces)
    sheets = packed_file(kinds, context, options.header)
    if sheets is None or tokens.furniture is None:
        return Output(path, game.game_id, "track-tokens", [track.name],
                      lambda target: _write_tokens(target, tokens, context), batches=batches)
    header = Header(NoticeCaption(tokens.furniture), options.header, options.margin)
    return Output(path, game.game_id, "track-tokens", [track.name],
                  packed_writer("Track tokens", context, sheets, header),
                  placements=tuple(placements(sheets, context)), batches=batches)


def _write_tiles(path: Path, document: TilesDocument, context: BuildContext) -> PdfInfo:
    canvas = new_canvas(path, f"{document.track.name}: tiles", document.paper,
                        context.printing.cmyk, shop=context.printing.shop)
    pages = draw_tiles_document(canvas, document, context.icons)
    return finish(canvas, pages, document.paper)


def _write_layout(path: Path, page: LayoutPage, context: BuildContext) -> PdfInfo:
    canvas = new_canvas(path, f"{page.track.name}: race layout", context.paper,
                        context.printing.cmyk, shop=context.printing.shop)
    draw_layout_page(canvas, page, context.paper, context.icons)
    canvas.showPage()
    return finish(canvas, 1, context.paper)


def _write_tokens(path: Path, plan: TokenPlan, context: BuildContext) -> PdfInfo:
    canvas = new_canvas(path, "Track tokens", context.paper, context.printing.cmyk,
                        shop=context.printing.shop)
    writer = write_tokens(canvas, plan, token_options(context))
    return finish(canvas, writer.pages, Paper("page", *writer.page_size))


def _write_pieces(path: Path, document: PiecesDocument, context: BuildContext) -> PdfInfo:
    canvas = new_canvas(path, "Modular track pieces", document.paper, context.printing.cmyk,
                        shop=context.printing.shop)
    pages = draw_pieces(canvas, document, context.icons)
    return finish(canvas, pages, document.paper)


# The layout page's parts that print one field of the file, by the name PrintProblem gives.
_PRINTED_FROM = {"the description": "description", "the location": "location",
                 "the special rules": "special_rules", "the recommended items": "items"}


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """TRK-PRINT-ICON for legend icons that do not exist, TRK-PRINT-TEXT for text that cannot
    fit at 6 pt on any sheet (planned on A4, whose width and Letter's height bound every
    text box)."""
    track: Track = definition.model
    game: TrackGame = definition.kind.context
    icons = IconSet(templates.search_path[0] if len(templates.search_path) > 1 else None)
    findings = []
    for char, entry in track.legend.items():
        if entry.icon is not None and entry.icon not in icons:
            findings.append(RULES["TRK-PRINT-ICON"].finding(
                definition.locate(("legend", char, "icon")), char=char, icon=entry.icon,
                known=", ".join(icons.names()),
                suggestion=did_you_mean(entry.icon, icons.names()) or ""))
    if findings:
        return findings
    try:
        planned_tiles(track, PAPERS["a4"], templates)
        tokens = plan_tokens(track, game, templates, icons)
        plan_layout_page(track, game, tokens.counts, templates)
    except PrintProblem as problem:
        # the value it prints, else a part of no one field: the name
        where = problem.where or (_PRINTED_FROM.get(problem.part, "name"),)
        findings.append(RULES["TRK-PRINT-TEXT"].finding(definition.locate(where),
                                                        part=problem.part))
    return findings
