"""Frothy Races vehicle counters: one hexagonal card token per vehicle, sized to its hex.

The guide plays on hexes "an inch or so across" with card counters that fit a hex. Each
counter carries the vehicle's name, its colour and a facing arrow; its back is the wreck left
on the track after a Wipe-out, which still moves the way it was heading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.games.frothy_races.model import Vehicle
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.tokens import CounterFace, fit_counter_name
from generator.text.templates import TextTemplates, plain

TEMPLATE = "frothy-races/token.j2"


@dataclass(frozen=True)
class TokenProblem:
    """A vehicle whose name cannot fit its counter at 6 pt."""

    vehicle: Vehicle
    part: str


def token_piece(vehicle: Vehicle, component: Component, templates: TextTemplates,
                icons: IconSet) -> Piece | TokenProblem:
    """The counter for one vehicle, or the problem that stops it printing."""
    blocks = templates.blocks(TEMPLATE, {"vehicle": vehicle})
    name = fit_counter_name(blocks["name"].strip(), component)
    if name is None:
        return TokenProblem(vehicle, "counter name")
    arrow = icons["arrow"]
    front = CounterFace(name, plain(blocks["front_label"]).strip(), vehicle.colour, arrow)
    back = CounterFace(name, plain(blocks["back_label"]).strip(), vehicle.colour, arrow,
                       faded=True)
    return Piece(front, back, label=vehicle.name)


def token_pieces(vehicles: Sequence[Vehicle], component: Component, templates: TextTemplates,
                 icons: IconSet) -> tuple[list[Piece], list[TokenProblem]]:
    """Counters for every vehicle, and those that could not be laid out."""
    pieces, problems = [], []
    for vehicle in vehicles:
        made = token_piece(vehicle, component, templates, icons)
        if isinstance(made, TokenProblem):
            problems.append(made)
        else:
            pieces.append(made)
    return pieces, problems
