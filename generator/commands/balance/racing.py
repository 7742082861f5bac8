"""Which games ``paddock balance --race`` can race, in one place.

Only Frothy Races has a race engine so far. A ``--race`` that names builds of another game
is refused (bad usage, exit 2) rather than ignored, with words that say "not yet": when a
game gains racing, add its id to :data:`RACING_GAMES` and the refusal lifts.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.errors import UsageError
from generator.project.loading import Definition

RACING_GAMES = frozenset({"frothy-races"})


def refuse_unraced(definitions: Iterable[Definition]) -> None:
    """Refuse ``--race`` for builds of a game that cannot race yet."""
    others = sorted({d.game.title for d in definitions if d.game.id not in RACING_GAMES
                     and d.game.balance is not None})
    if others:
        racing = ", ".join(sorted(RACING_GAMES))
        raise UsageError(f"--race: racing {', '.join(others)} builds is not supported yet "
                         f"(only {racing} so far); leave out --race to measure them on the "
                         "exact axes, or name only Frothy Races files")
