"""Value tables kept between runs: in this process and in the cache folder, keyed by the
vehicle, the track's content, the race length and the style's prices (the file's name
carries a digest of the code that solves them). ``planner_sweeps`` solves
them."""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from generator.games.frothy_races.race.course import RaceTrack
from generator.games.frothy_races.race.planner import ValueTable
from generator.games.frothy_races.race.planner_risk import wipe_out_chance
from generator.games.frothy_races.race.planner_sweeps import solve
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.keep.folder_store import FolderStore
from generator.keep.kept_store import KeptStore, named_for_code

# --- Kept between runs ----------------------------------------------------------------------


def _tables_path() -> Path:
    here = Path(__file__).parent
    return named_for_code("race-tables", "paddock-race-tables-1",
                          [here / "planner.py", here / "planner_moves.py",
                           here / "planner_sweeps.py", here / "planner_plan.py",
                           here / "planner_edges.py", here / "planner_layers.py",
                           here / "planner_checks.py",
                           here / "styles.py", here / "course.py",
                           *sorted((here.parents[2] / "probability").glob("frothy_*.py"))],
                          suffix="pickle")


# A table is 15-25 MB: each is a file of its own (a run reads only those it races), the
# folder kept under 2 GiB by letting go of those unused longest. Kept as pickled, not
# compressed: every verdict worker reads two to four tables, and inflating one took
# 0.06-0.1 s of CPU against 0.03 s to read and check it whole (zlib's higher levels,
# smaller still, take twice that to inflate).
TABLES = FolderStore("tables", lambda: _tables_path().name, most_bytes=2 << 30)
_IN_PROCESS: dict[bytes, ValueTable] = {}


def _risks_path() -> Path:
    here = Path(__file__).parent
    return named_for_code("race-solo-risk", "paddock-race-solo-risk-1",
                          [here / "planner_risk.py", here / "planner_damage.py",
                           here / "vehicles.py", here / "speeds.py",
                           *sorted((here.parents[2] / "probability").glob("frothy_*.py"))],
                          suffix="marshal")


# The solo Wipe-out chance of each table (``planner_risk``), by the table's key (the table's
# own code is in that key's store; this store's name carries the evaluation's code).
RISKS: KeptStore[bytes, float] = KeptStore(_risks_path, most_entries=4096)


# Keys worked out before, by the identity of the vehicle and track objects (kept with
# them, so an id is never another object's): a race asks for its tables at every start.
_KEYS: dict[tuple[int, int, int, float, float], tuple[RaceVehicle, RaceTrack, bytes]] = {}


def table_key(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> bytes:
    """What a table depends on: the vehicle, the track's content, the race length, the
    style's prices (the code is in the store's file name)."""
    ids = (id(spec), id(rt), stages, style.wipe_rounds, style.card_rounds)
    known = _KEYS.get(ids)
    if known is not None and known[0] is spec and known[1] is rt:
        return known[2]
    if len(_KEYS) >= 256:
        _KEYS.clear()
    key = _table_key(spec, rt, stages, style)
    _KEYS[ids] = (spec, rt, key)
    return key


def _table_key(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> bytes:
    """table_key() worked out."""
    track = (rt.name, tuple(rt.hexes), tuple(rt.neighbours), tuple(map(tuple, rt.lines)),
             tuple(rt.slots))
    text = repr((spec, track, stages, style.wipe_rounds, style.card_rounds))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def value_table(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle
                ) -> ValueTable:
    """The table for this vehicle, track, race length and style: from this process, the
    cache folder, or solved now (and kept)."""
    key = table_key(spec, rt, stages, style)
    found = _IN_PROCESS.get(key)
    if found is not None:
        return found
    kept = TABLES.get(key)
    if kept is not None:
        try:
            found = pickle.loads(kept)  # noqa: S301 - our own file, its digest checked
        except Exception:  # noqa: BLE001 - a damaged entry is solved again
            found = None
    if found is None:
        found = solve(spec, rt, stages, style)
        TABLES.put(key, pickle.dumps(found, protocol=5))
    if len(_IN_PROCESS) >= 64:
        _IN_PROCESS.clear()
    _IN_PROCESS[key] = found
    return found


def forget_tables() -> None:
    """Forget the tables of this process (benchmarks time a solve from cold)."""
    _IN_PROCESS.clear()


def solo_wipe_out(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> float:
    """The chance the vehicle alone wipes out before it finishes, driven by its table's
    policy (``planner_risk``): from the cache folder, or worked out now (and kept)."""
    table = value_table(spec, rt, stages, style)
    key = table_key(spec, rt, stages, style) + _table_code()
    found = RISKS.get(key)
    if found is None:
        found = wipe_out_chance(spec, rt, table, style)
        RISKS.put(key, found)
    return found


def _table_code() -> bytes:
    """The digest of the code that solves the tables (a risk is of a table so solved)."""
    return _tables_path().name.encode()
