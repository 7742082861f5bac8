"""``paddock catalogue``: the names a definition may use (traits, special cards, abilities,
classes...), each with its '#' value, our one-line summary and the rulebook section."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from generator.errors import UsageError
from generator.input.catalogue import Listed, Listings
from generator.input.schema import did_you_mean
from generator.project.game import Game


def game_listings(game: Game) -> Listings:
    """The game's catalogues by name; a game without any is bad usage."""
    if game.catalogues is None:
        raise UsageError(f"{game.id} has no catalogues to list")
    return game.catalogues()


def choose(game: Game, name: str | None) -> Listings:
    """One catalogue (any case, '_' or '-'), or all of them; an unknown name is bad usage."""
    listings = game_listings(game)
    if name is None:
        return listings
    wanted = name.casefold().replace("_", "-")
    if wanted in listings:
        return {wanted: listings[wanted]}
    guess = did_you_mean(wanted, list(listings))
    raise UsageError(f"{game.id} has no catalogue {name!r}"
                     + (f"; did you mean {guess}?" if guess else ".")
                     + f" Its catalogues: {', '.join(listings)}")


def format_catalogues(listings: Listings, fmt: str) -> str:
    """Text (a block per catalogue: name, '#', summary, source when not the usual) or JSON."""
    if fmt == "json":
        data: dict[str, Any] = {
            name: [e.as_dict() for e in entries]
            for name, entries in listings.items()}
        return json.dumps({"catalogues": data}, indent=2, ensure_ascii=False)
    blocks = [format_block(name, entries) for name, entries in listings.items()]
    return "\n\n".join(blocks)


def format_block(name: str, entries: Sequence[Listed]) -> str:
    """One catalogue as text: the usual source in the heading, any other beside its entry."""
    counts = Counter(e.source for e in entries)
    usual = counts.most_common(1)[0][0] if counts else ""
    width = max((len(e.name) for e in entries), default=0)
    lines = [f"{name} ({len(entries)}; {usual})"]
    for entry in entries:
        tags = "; ".join(t for t in (entry.category, entry.value) if t)
        lines.append(f"  {entry.name:<{width}}  {entry.summary}" + (f"  [{tags}]" if tags else ""))
        if entry.source != usual:
            lines.append(f"  {'':<{width}}  source: {entry.source}")
    return "\n".join(lines)


def format_tracks(fmt: str) -> str:
    """The shipped tracks: the name to give (``--race tin-plate-loop``), title and game."""
    from generator.tracks.shipped import shipped_tracks

    tracks = shipped_tracks()
    if fmt == "json":
        return json.dumps({"tracks": [
            {"name": t.stem, "title": t.title, "game": t.game, "file": str(t.path)}
            for t in tracks]}, indent=2, ensure_ascii=False)
    width = max((len(t.stem) for t in tracks), default=0)
    lines = [f"tracks ({len(tracks)}; shipped with Paddock: name one as --race NAME, or "
             "copy it into your vehicles/tracks/ to change it)"]
    lines += [f"  {t.stem:<{width}}  {t.title} ({t.game})" for t in tracks]
    return "\n".join(lines)
