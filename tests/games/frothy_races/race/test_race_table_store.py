"""Value tables kept in the cache folder (planner_moves): read back bit for bit, and solved
again when the kept file is damaged."""

from __future__ import annotations

from pathlib import Path

from generator.games.frothy_races.race import load_race_inputs
from generator.games.frothy_races.race.course import race_track
from generator.games.frothy_races.race.planner import ValueTable
from generator.games.frothy_races.race.planner_moves import forget_tables, value_table
from generator.games.frothy_races.race.styles import CAREFUL
from generator.games.frothy_races.race.vehicles import race_vehicle

REPO = Path(__file__).resolve().parents[4]
TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"
CHARIOT = REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml"


def bits(table: ValueTable) -> list[bytes]:
    """Every value of the table, as the bytes of its arrays."""
    layers = [layer for stage in table.values for layer in stage]
    layers += [layer for kept in table.plain for stage in kept for layer in stage]
    return [bytes(layer) for layer in layers]


def chariot_table() -> ValueTable:
    """The basic chariot's careful table on Tin-Plate Loop, two laps, from the cache folder
    (or solved), never from this process."""
    track, vehicles = load_race_inputs(TRACK, [CHARIOT])
    spec, rt = race_vehicle(vehicles[0]), race_track(track)
    forget_tables()
    return value_table(spec, rt, 2 * len(rt.lines), CAREFUL)


def test_a_kept_table_reads_back_the_same_and_a_damaged_one_is_solved_again(
        fresh_store: Path) -> None:
    solved = chariot_table()
    kept = list((fresh_store / "tables").glob("*.pickle"))
    assert len(kept) == 1

    read = chariot_table()
    assert read is not solved
    assert bits(read) == bits(solved)
    assert (read.stages, read.states, read.speeds, read.start) == \
        (solved.stages, solved.states, solved.speeds, solved.start)

    damaged = bytearray(kept[0].read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    kept[0].write_bytes(bytes(damaged))
    again = chariot_table()
    assert bits(again) == bits(solved)
    assert kept[0].read_bytes() != bytes(damaged)  # written afresh
