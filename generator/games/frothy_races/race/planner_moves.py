"""Solving value tables (see ``planner`` for the model) and keeping them: the
drive graph of each stage, then Gauss-Seidel sweeps over its corridor, from the last stage
back; tables kept between runs in the cache folder."""

from __future__ import annotations

import hashlib
import pickle
import zlib
from array import array
from pathlib import Path

from generator.games.frothy_races.race.course import (
    UNREACHABLE,
    RaceTrack,
    move_sequences,
    one_step_directions,
)
from generator.games.frothy_races.race.planner import (
    FAR,
    MARGIN,
    MAX_SWEEPS,
    TOLERANCE,
    TURNING,
    ValueTable,
    collision_cost,
    damage_rounds,
    roll_cost,
    rough_costs,
    speed_options,
)
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.keep.kept_store import KeptStore, named_for_code
from generator.tracks.hexgrid import FACINGS

# (end hex * FACINGS, crosses the stage's line?, fewest rough spaces on a way there)
Ends = tuple[tuple[int, bool, int], ...]


def stage_ends(rt: RaceTrack, line: int, spaces: int) -> list[Ends]:
    """For each state, where a phase of ``spaces`` spaces can end without a wall, whether
    some way there crosses ``line`` (then the move goes on in the next stage), and the
    fewest hazard or fragile spaces a way there enters."""
    hexes, neighbours = rt.lines[line], rt.neighbours
    rough = [t in ("hazard", "fragile") for t in rt.terrain]
    out: list[Ends] = []
    for state in range(len(rt.hexes) * FACINGS):
        start, facing = divmod(state, FACINGS)
        ends: dict[int, tuple[bool, int]] = {}
        for seq in move_sequences(facing, spaces):
            here, crosses, bumps = start, False, 0
            for d in seq:
                here = neighbours[here][d]
                if here < 0:
                    break
                crosses = crosses or here in hexes
                bumps += rough[here]
            if here >= 0:
                was = ends.get(here)
                ends[here] = (crosses, bumps) if was is None else (
                    was[0] or crosses, min(was[1], bumps))
        out.append(tuple((end * FACINGS, c, b) for end, (c, b) in ends.items()))
    return out


def hex_distance(rt: RaceTrack, sources: frozenset[int] | list[int]) -> list[int]:
    """Steps from the nearest of ``sources`` to every hex, over the track's spaces."""
    dist = [UNREACHABLE] * len(rt.hexes)
    frontier = list(sources)
    for h in frontier:
        dist[h] = 0
    while frontier:
        following = []
        for h in frontier:
            for n in rt.neighbours[h]:
                if n >= 0 and dist[n] == UNREACHABLE:
                    dist[n] = dist[h] + 1
                    following.append(n)
        frontier = following
    return dist


def corridor(rt: RaceTrack, stage: int) -> list[int]:
    """The states a vehicle drives through in ``stage``: every facing of the hexes between
    the line before (or the grid) and the stage's own, nearest the line first. A hex is
    between when its distances to both lines add up to little more than the shortest such
    sum (MARGIN more): the hexes behind the line before, or past the stage's line, are a
    section further from one of them."""
    lap = len(rt.lines)
    line = stage % lap
    ahead = hex_distance(rt, rt.lines[line])
    entry = [h for h, _ in rt.slots] if stage == 0 else rt.lines[(stage - 1) % lap]
    behind = hex_distance(rt, entry)
    sums = [a + b for a, b in zip(ahead, behind, strict=True)]
    shortest = min(sums[h] for h in entry)
    dist = rt.phases_to_go(line, 1)
    # Facings that head away from the line (the way there is much longer than the
    # straight distance) are left to the estimate: a vehicle faces so only after a spin.
    inside = [h * FACINGS + f for h in range(len(rt.hexes))
              if sums[h] <= shortest + MARGIN for f in range(FACINGS)
              if dist[h * FACINGS + f] <= ahead[h] + TURNING]
    inside.sort(key=lambda x: dist[x])
    return inside


# --- Kept between runs ----------------------------------------------------------------------


def _tables_path() -> Path:
    here = Path(__file__).parent
    return named_for_code("race-tables", "paddock-race-tables-1",
                          [here / "planner.py", here / "planner_moves.py",
                           here / "styles.py", here / "course.py",
                           *sorted((here.parent / "probability").glob("frothy_*.py"))],
                          suffix="pickle")


TABLES: KeptStore[bytes, bytes] = KeptStore(_tables_path, most_bytes=96 << 20)
_IN_PROCESS: dict[bytes, ValueTable] = {}


def table_key(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> bytes:
    """What a table depends on: the vehicle, the track's content, the race length, the
    style's prices (the code is in the store's file name)."""
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
            found = pickle.loads(zlib.decompress(kept))  # noqa: S301 - our own file
        except Exception:  # noqa: BLE001 - a damaged entry is solved again
            found = None
    if found is None:
        found = solve(spec, rt, stages, style)
        TABLES.put(key, zlib.compress(pickle.dumps(found, protocol=5), 1))
    if len(_IN_PROCESS) >= 64:
        _IN_PROCESS.clear()
    _IN_PROCESS[key] = found
    return found


def forget_tables() -> None:
    """Forget the tables of this process (benchmarks time a solve from cold)."""
    _IN_PROCESS.clear()


def solve(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> ValueTable:
    """Solve the table, last stage first (each reads the one after it)."""
    solver = _Solver(spec, rt, stages, style)
    values: list[list[array]] = []
    damage: list[list[array]] = []
    cards: list[list[array]] = []
    after: Layers | None = None
    lap = len(rt.lines)
    for stage in range(stages - 1, max(-1, stages - lap - 1), -1):
        after = solver.stage(stage, after)
        values.append([array("f", layer) for layer in after[0]])
        damage.append([array("f", layer) for layer in after[1]])
        cards.append([array("f", layer) for layer in after[2]])
    values.reverse()
    damage.reverse()
    cards.reverse()
    # Earlier laps: the last lap's values plus a lap's rounds for each lap still to come
    # (a lap is driven alike each time), but for the stage that ends at the finish line:
    # across it the race goes on, so that stage is solved again reading the last lap's
    # first stage (a driver must land well across the line, not as if the race ended).
    if stages > lap:
        best = solver.flying_lap(values[0][4])
        extra = [values[0][4][best], damage[0][4][best], cards[0][4][best]]
        solved = solver.stage(stages - lap - 1, tuple(  # type: ignore[arg-type]
            (values[0], damage[0], cards[0])))
        finish = [[array("f", layer) for layer in part] for part in solved]
    while len(values) < stages:
        stage = stages - len(values) - 1
        laps = (stages - 1 - stage) // lap
        if stage % lap == lap - 1:  # to the end of the next lap, then laps after that
            sources, laps = finish, laps - 1
        else:
            same = len(values) - lap + stage % lap  # the last lap's stage at this line
            sources = [values[same], damage[same], cards[same]]
        for layers, source, add in zip((values, damage, cards), sources, extra, strict=True):
            layers.insert(0, [array("f", (v + add * laps for v in layer)) for layer in source])
    start = rt.slots[0][0] * FACINGS + rt.slots[0][1] if rt.slots else 0
    return ValueTable(stages, solver.states, solver.speeds, values, damage, cards, start)


# The values, expected Damage and expected card price of a stage, each by point.
Layers = tuple[list[list[float]], list[list[float]], list[list[float]]]
# (state, turned?, a wall ahead of the end space?, rough spaces) short of the line, and
# across it.
Move = tuple[int, bool, bool, int]
Moves = tuple[tuple[Move, ...], tuple[Move, ...]]


class _Solver:
    """What every stage's sweeps share: the vehicle's moves and prices, the track."""

    def __init__(self, spec: RaceVehicle, rt: RaceTrack, stages: int,
                 style: DrivingStyle) -> None:
        self.spec, self.rt, self.stages = spec, rt, stages
        self.states = len(rt.hexes) * FACINGS
        self.speeds = spec.top_speed + 1
        self.moves = spec.moves
        price = damage_rounds(spec, style)
        self.turn = [roll_cost(dice, spec.resilience, price)[:2] for dice in spec.control]
        self.crash = [collision_cost(spec, v, style) for v in range(self.speeds)]
        # A turn's Slide (or Haste) toward a wall ahead: the chance times the collision.
        self.slide = [roll_cost(dice, spec.resilience, price)[2] * self.crash[v][0]
                      for v, dice in enumerate(spec.control)]
        self.slide_hurt = [roll_cost(dice, spec.resilience, price)[2] * self.crash[v][1]
                           for v, dice in enumerate(spec.control)]
        # Entering hazards or fragile spaces: half the Speed in Control Loss each and a
        # Control roll with it (Hazards and Fragile Obstacles), priced by how many.
        self.rough = [rough_costs(spec, v, price) for v in range(self.speeds)]
        # Each Speed Check choice as (price, ((chance, index of a set of Speeds), ...)):
        # a state works out the best value of each set once, and every choice reads them.
        self.sets: list[tuple[int, ...]] = []
        numbers: dict[tuple[int, ...], int] = {}
        self.card = style.card_rounds  # a Whip for a space more in a movement phase
        self.checks = []
        for choices in speed_options(spec, style):
            numbered = []
            for price, odds in choices:
                rolls = tuple((p, numbers.setdefault(ends, len(numbers))) for p, ends in odds)
                numbered.append((price, rolls))
            self.checks.append(numbered)
        self.sets = sorted(numbers, key=numbers.__getitem__)
        self.still = all(row[0] == 0 for row in spec.moves)  # Speed 0 moves no space
        safe = [v for v in range(self.speeds) if spec.control[v] == 0] or [0]
        self.pace = max(1, max(sum(row[v] for row in spec.moves) for v in safe))
        self._moves: dict[tuple[int, int], list[Moves]] = {}

    def moves_from(self, line: int, spaces: int) -> list[Moves]:
        """For each state, the states a phase of ``spaces`` spaces and a turn or none can
        end in, each with whether it turned: those short of ``line``, those across it."""
        key = (line, spaces)
        found = self._moves.get(key)
        if found is None:
            found = []
            neighbours = self.rt.neighbours
            for x, ends in enumerate(stage_ends(self.rt, line, spaces)):
                facing = x % FACINGS
                short: list[tuple[int, bool, bool, int]] = []
                across: list[tuple[int, bool, bool, int]] = []
                for end, crosses, rough in ends:
                    wall = any(neighbours[end // FACINGS][d] < 0
                               for d in one_step_directions(facing))
                    for t in (0, 1, -1):
                        (across if crosses else short).append(
                            (end + (facing + t) % FACINGS, t != 0, wall and t != 0, rough))
                found.append((tuple(short), tuple(across)))
            self._moves[key] = found
        return found

    def estimate(self, stage: int) -> list[float]:
        """Rounds to go at the best Safe pace, with a margin: the value outside the
        corridor (states a vehicle reaches only by being thrown off its line)."""
        rt, pace = self.rt, self.pace
        out = []
        for x in range(self.states):
            left = rt.remaining(stage, self.stages, x)
            out.append(FAR if left >= UNREACHABLE else 1.5 * left / pace + 1.0)
        return out

    def stage(self, stage: int, after: Layers | None) -> Layers:
        """Values and expected Damage at every point of one stage; ``after`` holds the next
        stage's (None for the last: crossing its line ends the race)."""
        states = corridor(self.rt, stage)
        guess = self.estimate(stage)
        values = [guess * self.speeds for _ in range(5)]
        follow = [[[0.0] * (self.states * self.speeds) for _ in range(5)] for _ in range(2)]
        line = stage % len(self.rt.lines)
        moves = {k: self.moves_from(line, k) for row in self.moves for n in row
                 for k in (n, n + 1) if k}
        end, speeds, count = values[4], range(self.speeds), self.states
        for _ in range(MAX_SWEEPS):
            moved = 0.0
            for x in states:
                moved = max(moved, self.update(x, values, after, moves))
            if moved < TOLERANCE:
                break
            # Nearest the finish first, by the values so far: each state then mostly reads
            # successors already worked out in this sweep.
            states.sort(key=lambda x: min(end[v * count + x] for v in speeds))
        for x in states:
            self.follow(x, values, follow, after, moves)
        return values, follow[0], follow[1]

    def flying_lap(self, end: array) -> int:
        """Where a lap is timed from: the index (Speed and state) on the finish line with
        the best last-lap value at the round's end (a flying lap)."""
        finish = self.rt.lines[-1]
        return min((v * self.states + h * FACINGS + f for h in finish
                    for f in range(FACINGS) for v in range(self.speeds)),
                   key=lambda i: end[i])

    def update(self, x: int, values: list[list[float]], after: Layers | None,
               moves: dict[int, list[Moves]]) -> float:
        """Work out state ``x`` again at every Speed; how far its round-end value moved."""
        states, speeds = self.states, self.speeds
        for v in range(speeds):
            for p in (3, 2, 1, 0):
                values[p][v * states + x] = self.phase(x, v, p, values, after, moves)
        end, first = values[4], values[0]
        starts = [first[v * states + x] for v in range(speeds)]
        sets = self.sets
        if self.still:
            # At Speed 0 a round that ends at Speed 0 ends where it began: W0 solves
            # W0 = min over choices of (price + 1 + P(stuck at 0) W0 + the rest); a roll
            # that allows a Speed above 0 takes the best of those.
            moving = [min([starts[s] for s in ends if s], default=0.0) for ends in sets]
            starts[0] = min(
                (price + 1.0 + sum(p * moving[k] for p, k in odds if sets[k][-1])) /
                max(1e-9, 1.0 - sum(p for p, k in odds if not sets[k][-1]))
                for price, odds in self.checks[0])
        # Each way the dice fall, at the best Speed the player may keep from it.
        kept = [min([starts[s] for s in ends]) for ends in sets]
        moved = 0.0
        for v in range(speeds):
            best = min(price + 1.0 + sum(p * kept[k] for p, k in odds)
                       for price, odds in self.checks[v])
            i = v * states + x
            if best < FAR / 2:
                moved = max(moved, abs(end[i] - best))
            end[i] = best
        return moved

    def phase(self, x: int, v: int, p: int, values: list[list[float]],
              after: Layers | None, moves: dict[int, list[Moves]]) -> float:
        """Before phase ``p`` at Speed ``v`` in state ``x``: the best move and turn's value,
        with a Whip for one space more when that is worth its price."""
        n = self.moves[p][v]
        best = self.move_value(x, v, p, n, values, after, moves)
        if n + 1 in moves:
            best = min(best, self.card + self.move_value(x, v, p, n + 1, values, after, moves))
        return best

    def move_value(self, x: int, v: int, p: int, n: int, values: list[list[float]],
                   after: Layers | None, moves: dict[int, list[Moves]]) -> float:
        """The best way to move ``n`` spaces (and turn or not) before phase ``p``."""
        states = self.states
        then = values[p + 1]
        if n == 0:
            return then[v * states + x]
        short, across = moves[n][x]
        if across and after is None:
            return 0.0
        if not short and not across:
            return self.crash[v][0] + self.collide_to(x, v, then)[0]
        base = v * states
        turn, slide, rough = self.turn[v][0], self.slide[v], self.rough[v][0]
        best = min((then[base + y] + (turn if t else 0.0) + (slide if w else 0.0) + rough[k]
                    for y, t, w, k in short), default=FAR)
        if across and after is not None:
            nxt = after[0][p + 1]
            best = min(best, min(nxt[base + y] + (turn if t else 0.0) + (slide if w else 0.0)
                                 + rough[k] for y, t, w, k in across))
        return best

    def collide_to(self, x: int, v: int, then: list[float]) -> tuple[float, int]:
        """After a collision: half the Speed and the best facing in the same space; that
        value and the index it is read at."""
        base = (v // 2) * self.states + x - x % FACINGS
        f = min(range(FACINGS), key=lambda f: then[base + f])
        return then[base + f], base + f

    def follow(self, x: int, values: list[list[float]], follow: list[list[list[float]]],
               after: Layers | None, moves: dict[int, list[Moves]]) -> None:
        """What the choices the values make add up to from ``x``: expected Damage and cards
        (``follow[0]``, ``follow[1]``, by point like the values). One pass over the
        corridor, nearest the finish first: the successors are mostly done by then."""
        states = self.states
        for v in range(self.speeds):
            for p in (3, 2, 1, 0):
                i = v * states + x
                hurt, cards = self.followed(x, v, p, values, follow, after, moves)
                follow[0][p][i], follow[1][p][i] = hurt, cards
        first = values[0]
        for v in range(self.speeds):
            best, chosen = FAR, (0.0, 0.0)
            for price, odds in self.checks[v]:
                value, hurt, cards = price + 1.0, 0.0, price
                for chance, k in odds:
                    j = min(self.sets[k], key=lambda s: first[s * states + x]) * states + x
                    value += chance * first[j]
                    hurt += chance * follow[0][0][j]
                    cards += chance * follow[1][0][j]
                if value < best:
                    best, chosen = value, (hurt, cards)
            follow[0][4][v * states + x], follow[1][4][v * states + x] = chosen

    def followed(self, x: int, v: int, p: int, values: list[list[float]],
                 follow: list[list[list[float]]], after: Layers | None,
                 moves: dict[int, list[Moves]]) -> tuple[float, float]:
        """Expected Damage and cards after the best move before phase ``p`` (as ``phase``
        chooses it)."""
        n = self.moves[p][v]
        plain = self.move_value(x, v, p, n, values, after, moves)
        if n + 1 in moves and self.card + self.move_value(
                x, v, p, n + 1, values, after, moves) < plain:
            hurt, cards = self.followed_move(x, v, p, n + 1, values, follow, after, moves)
            return hurt, cards + self.card
        return self.followed_move(x, v, p, n, values, follow, after, moves)

    def followed_move(self, x: int, v: int, p: int, n: int, values: list[list[float]],
                      follow: list[list[list[float]]], after: Layers | None,
                      moves: dict[int, list[Moves]]) -> tuple[float, float]:
        """Expected Damage and cards after the best way to move ``n`` spaces."""
        states = self.states
        then = values[p + 1]
        hurt_then, cards_then = follow[0][p + 1], follow[1][p + 1]
        i = v * states + x
        if n == 0:
            return hurt_then[i], cards_then[i]
        short, across = moves[n][x]
        if across and after is None:
            return 0.0, 0.0
        if not short and not across:
            j = self.collide_to(x, v, then)[1]
            return self.crash[v][1] + hurt_then[j], cards_then[j]
        base = v * states
        turn, turn_hurt = self.turn[v]
        slide, slide_hurt = self.slide[v], self.slide_hurt[v]
        rough, rough_hurt = self.rough[v]
        best, found = FAR, (0.0, 0.0)
        pools = [(short, then, hurt_then, cards_then)]
        if across and after is not None:
            pools.append((across, after[0][p + 1], after[1][p + 1], after[2][p + 1]))
        for pool, layer, hurts, cards in pools:
            for y, t, w, k in pool:
                value = (layer[base + y] + (turn if t else 0.0) + (slide if w else 0.0)
                         + rough[k])
                if value < best:
                    best = value
                    found = (hurts[base + y] + (turn_hurt if t else 0.0)
                             + (slide_hurt if w else 0.0) + rough_hurt[k], cards[base + y])
        return found
