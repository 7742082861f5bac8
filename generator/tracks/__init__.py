"""Hex race tracks, shared by every game that races on them.

A game registers the ``track`` kind with :func:`track_kind`, giving its movement model and
race rules as a :class:`TrackGame`; its ``outputs`` adds :func:`track_outputs`. Everything
else (the schema, the rules, the drive search, tiles, layout pages and tokens) lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import generator.tracks.start_rules  # noqa: F401  (registers the start checks on RULES)
from generator.project.game import Kind
from generator.tracks.editor_rules import RULES
from generator.tracks.game import TrackGame
from generator.tracks.model import RACE_TYPES, TRACK_SCHEMA
from generator.tracks.movement import PhaseTurning, SteerPerMove
from generator.tracks.setup_rules import track_related

if TYPE_CHECKING:
    from generator.input.findings import Finding
    from generator.paper.output import BuildContext, Output
    from generator.project.loading import Definition
    from generator.text.templates import TextTemplates

Outputs = Callable[["Sequence[Definition]", "BuildContext"], "list[Output]"]

__all__ = ["RACE_TYPES", "RULES", "PhaseTurning", "SteerPerMove", "TrackGame", "track_kind",
           "track_outputs", "with_tracks"]


def track_kind(game: TrackGame) -> Kind:
    """The ``track`` kind of a game, with the game's settings as its context."""
    return Kind("track", TRACK_SCHEMA, RULES, game, print_check=print_findings,
                related=track_related)


# The printing code (tiles, layout pages, tokens, pieces) is imported only when a track is
# print-checked or built, so checking a vehicle file never loads it.
def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """The tracks' print check (see :func:`generator.tracks.outputs.print_findings`)."""
    from generator.tracks.outputs import print_findings as check

    return check(definition, templates)


def track_outputs(definitions: Sequence[Definition], context: BuildContext,
                  pickups: bool = True) -> list[Output]:
    """The tracks' files (see :func:`generator.tracks.outputs.track_outputs`)."""
    from generator.tracks.outputs import track_outputs as outputs

    return outputs(definitions, context, pickups)


def with_tracks(outputs: Outputs,
                prints_item_set: Callable[[Sequence[Definition]], bool] | None = None
                ) -> Outputs:
    """A game's ``outputs`` followed by the files for its tracks. ``prints_item_set`` says
    whether the game's own outputs include the item pick-ups for these definitions, so the
    track token sheets do not print them a second time."""
    def both(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
        pickups = not (prints_item_set and prints_item_set(definitions))
        return [*outputs(definitions, context),
                *track_outputs(definitions, context, pickups)]
    return both
