"""Files of imposed pieces, one per component or, for a print shop that wants it, one per deck.

A *deck* is a named batch of pieces of one size: a vehicle's Whip & Reins cards, a car's
ability tokens, the item cards, the 30 cm rulers. At home (and for most shops) a component's
decks share one file, ``<game>/<component>.pdf``. A card printer makes each uploaded file one
product of one size, so a profile with ``file_per_deck: true`` gets
``<game>/<component>/<deck>.pdf`` for each deck of a component that has more than one, every
file in the manifest naming its deck; a component of a single deck keeps its one file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.input.names import path_key, slug
from generator.paper.imposition import Batch, Component, Piece, SheetOptions, sheets_writer
from generator.paper.output import BuildContext, Output
from generator.paper.units import Paper


@dataclass(frozen=True)
class Deck:
    """Pieces of one size that make one deck, and whose they are (blank: the file's)."""

    name: str
    component: Component
    pieces: Sequence[Piece]
    options: SheetOptions
    owners: tuple[str, ...] = ()

    @property
    def batch(self) -> Batch:
        return (self.component, self.pieces, self.options)


@dataclass(frozen=True)
class ComponentFile:
    """What a component's file is: its game, name (the --only name), kind, title and the
    vehicles it is for."""

    game: str
    name: str
    kind: str
    title: str
    vehicles: list[str]
    # Whether its pieces may share sheets with the game's other small pieces at home
    # (generator.paper.packed).
    shares_sheets: bool = False


def merged(decks: Sequence[Deck]) -> list[Batch]:
    """The decks as batches to impose in one file, neighbours of one size and layout joined:
    each team's cards share sheets at home, as one deck would."""
    batches: list[Batch] = []
    for deck in decks:
        if batches and batches[-1][0] == deck.component and batches[-1][2] == deck.options:
            component, pieces, options = batches[-1]
            batches[-1] = (component, [*pieces, *deck.pieces], options)
        else:
            batches.append(deck.batch)
    return batches


def deck_outputs(file: ComponentFile, decks: Sequence[Deck], context: BuildContext,
                 paper: Paper | None = None) -> list[Output]:
    """The component's one file, or a file per deck where the shop wants that."""
    paper = paper or context.paper
    cmyk = context.printing.cmyk
    shop = context.printing.shop
    filled = [deck for deck in decks if deck.pieces]
    if shop is None or not shop.file_per_deck or len(filled) <= 1:
        batches = merged(decks)
        return [Output(f"{file.game}/{file.name}.pdf", file.game, file.kind, file.vehicles,
                       sheets_writer(file.title, paper, cmyk, batches),
                       batches=tuple(batches) if file.shares_sheets else ())]
    outputs, taken = [], set()
    for deck in filled:
        name = base = slug(deck.name, "deck")
        number = 1
        while path_key(name) in taken:  # two decks of one name: deck, deck-2, ...
            number += 1
            name = f"{base}-{number}"
        taken.add(path_key(name))
        outputs.append(Output(
            f"{file.game}/{file.name}/{name}.pdf", file.game, file.kind,
            list(deck.owners) or file.vehicles,
            sheets_writer(f"{file.title}: {deck.name}", paper, cmyk, [deck.batch]),
            notes={"deck": deck.name, "pieces": str(len(deck.pieces))}))
    return outputs
