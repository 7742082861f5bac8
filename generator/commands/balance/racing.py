"""Which games ``paddock balance --race`` can race, in one place.

Frothy Races and Joyride have race engines so far. A ``--race`` that names builds of another game
is refused (bad usage, exit 2) rather than ignored, with words that say "not yet": when a
game gains racing, add its id to :data:`RACING_GAMES` and the refusal lifts.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from generator.errors import InputError, UsageError
from generator.project.loading import Definition

RACING_GAMES = frozenset({"frothy-races", "joyride"})


def refuse_unraced(definitions: Iterable[Definition]) -> None:
    """Refuse ``--race`` for builds of a game that cannot race yet."""
    others = sorted({d.game.title for d in definitions if d.game.id not in RACING_GAMES
                     and d.game.balance is not None})
    if others:
        racing = ", ".join(sorted(RACING_GAMES))
        raise UsageError(f"--race: racing {', '.join(others)} builds is not supported yet "
                         f"(only {racing} so far); leave out --race to measure them on the "
                         "exact axes, or name only Frothy Races files")


def suggestion_racer(tracks: Sequence[Path], baseline: Path, field_dir: Path | None,
                     races: int | None, seed: int, workers: int | None
                     ) -> Callable[[str, Definition], Any]:
    """A race verdict for an edited vehicle (its text), in the field and on the tracks the
    vehicle itself was raced on (``balance --race --suggest``); None if it cannot race.
    The text is raced from a file in a temporary folder, removed after."""
    from generator.games.frothy_races.race.verdict import race_verdict

    def judge(text: str, definition: Definition) -> Any:
        with tempfile.TemporaryDirectory(prefix="paddock-suggest-") as folder:
            edited = Path(folder) / Path(definition.path).name
            edited.write_text(text, encoding="utf-8")
            try:
                return race_verdict(edited, tracks, baseline=baseline, field_dir=field_dir,
                                    races=races, seed=seed, workers=workers,
                                    stands_for=Path(definition.path))
            except InputError:
                return None
    return judge
