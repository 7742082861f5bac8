"""A track made ready for racing: integer hex numbers, distance-to-go and cornering tables.

Everything a race asks about the track many times a round is worked out here once per track
(and cached per process, keyed by the track's content so a track unpickled in a worker
process finds the tables another race already built):

* every track space gets a number, and its six neighbours are a tuple of numbers (-1 where
  the neighbour is a barrier, a solid obstacle or off the board);
* *distance to go* over (hex, facing) states for each line of the course: the fewest spaces
  a vehicle needs to enter that line if it could turn 30 degrees after every space (Rules &
  Game-play > Movement). It ranks where a phase's movement should end: the racing line;
* *phases to go* at a pace: the fewest phases of exactly k spaces (turning 30 degrees after
  each) to the next line without meeting a wall; where there is none, k is too fast here;
* *straight room*: for k spaces a phase, how many phases in a row a vehicle could keep
  moving k spaces without turning (Drifts allowed) and without meeting a wall. Above a
  Safe Speed every turn needs a Control roll, so a bot goes fast only where it has room.

States are numbered ``hex * 12 + facing``; no Fractions, no sets iterated for order.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from generator.keep.memo import ContentMemo
from generator.tracks.analysis import course_of
from generator.tracks.hexgrid import DIRECTIONS, FACINGS, Hex
from generator.tracks.model import Track

UNREACHABLE = 1 << 20
HORIZON = 8
MAX_SPACES = 9
REACH_STRIDE = 16  # RaceTrack.reach_at holds walks of up to 15 spaces


@lru_cache(maxsize=64)
def move_sequences(facing: int, spaces: int) -> tuple[tuple[int, ...], ...]:
    """Every legal sequence of step directions for ``spaces`` spaces from ``facing``.

    Facing a side: straight ahead, with at most one Drift into a front-side hex at any step.
    Facing a corner: either front hex first, then alternating ('Straight' Movement).
    """
    if spaces <= 0:
        return ((),)
    if facing % 2 == 0:
        ahead = facing // 2
        found = [(ahead,) * spaces]
        for at in range(spaces):
            for side in ((ahead - 1) % 6, (ahead + 1) % 6):
                found.append((ahead,) * at + (side,) + (ahead,) * (spaces - at - 1))
        return tuple(found)
    right, left = (facing - 1) // 2 % 6, (facing + 1) // 2 % 6
    first = tuple(right if i % 2 == 0 else left for i in range(spaces))
    second = tuple(left if i % 2 == 0 else right for i in range(spaces))
    return (first, second)


def one_step_directions(facing: int) -> tuple[int, ...]:
    """Directions a single space may take: ahead or a Drift (side), either front hex (corner)."""
    if facing % 2 == 0:
        ahead = facing // 2
        return (ahead, (ahead - 1) % 6, (ahead + 1) % 6)
    return ((facing - 1) // 2 % 6, (facing + 1) // 2 % 6)


class Walk(NamedTuple):
    """One step sequence from a state, as the bare track makes it."""

    steps: tuple[int, ...]
    entered: tuple[int, ...]  # the spaces entered, up to any wall
    hazards: int  # hazard spaces among them
    lines: tuple[int, ...]  # the line (index) of each entered space on one, in order


# Makes a Walk as a plain tuple of its type, without the named tuple's __new__ (a Python
# function): a sweep meets thousands of new walks a race.
new_walk = tuple.__new__


@dataclass
class RaceTrack:
    """The numbered track and its tables (built by :func:`race_track`)."""

    name: str
    hexes: list[Hex]
    number: dict[Hex, int]
    neighbours: list[tuple[int, ...]]
    terrain: list[str]
    rating: list[int]
    lines: list[frozenset[int]]  # one lap's lines in order: checkpoints, then the finish
    slots: list[tuple[int, int]]  # (hex, facing) of each numbered slot, in slot order
    line_of: list[int]  # hex -> index of the line it belongs to, or -1
    inside: list[int]  # hex -> distance to the nearest non-track hex (small is near a wall)
    to_infield: list[int]  # hex -> steps to the infield (see _infield_distance), or UNREACHABLE
    chain: list[list[int]] = field(default_factory=list)  # see remaining()
    hazard: list[bool] = field(default_factory=list)  # hex -> a hazard space
    # (hex, direction) -> the rating of the solid obstacle that way (a neighbour of -1 that
    # is a solid obstacle, not a barrier or the board's edge); 0 when it has none.
    solid: dict[tuple[int, int], int] = field(default_factory=dict)
    lap_length: int = 0
    _room: dict[int, list[int]] = field(default_factory=dict)
    _paths: dict[int, list[tuple[tuple[int, frozenset[int]], ...]]] = field(
        default_factory=dict)
    _phases: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    _walks: dict[tuple[int, int], tuple[Walk, ...]] = field(default_factory=dict)
    # reach() by state * REACH_STRIDE + spaces (None: not yet worked out): read straight
    # from the list by the planner, at every phase of every vehicle.
    reach_at: list[frozenset[int] | None] = field(default_factory=list)
    _to_go: dict[int, list[tuple[list[int], int]]] = field(default_factory=dict)
    # A bot's plan for a phase whose walks meet no vehicle and no debris, by everything the
    # plan depends on (see Bot.plan_key); kept per track because it depends on the track.
    plans: dict[object, Any] = field(default_factory=dict)
    # A bot's target Speed by everything it depends on (Bot.target_speed).
    targets: dict[tuple[object, ...], int] = field(default_factory=dict)
    # The options of a phase with nothing but the track on its walks (Race.options_for).
    options: dict[tuple[object, ...], Any] = field(default_factory=dict)

    def forget_decisions(self) -> None:
        """Empty what races fill in (see engine.forget_decisions); the tables stay."""
        for cache in (self._walks, self.plans, self.options, self.targets):
            cache.clear()
        self.reach_at[:] = [None] * len(self.reach_at)

    def __post_init__(self) -> None:
        self.reach_at = [None] * (len(self.hexes) * FACINGS * REACH_STRIDE)

    def remaining(self, stage: int, stages: int, state: int) -> int:
        """Spaces still to drive from ``state`` when ``stage`` of the race's ``stages`` lines
        have been crossed (lines repeat lap after lap; the finish line ends each lap).

        The distances are chained through the lines, so where and how a vehicle crosses a
        line counts towards the next; they are exact over the race's last two laps, and
        earlier laps add a lap's length each (``to_go``).
        """
        table, laps = self.to_go(stages)[stage]
        return table[state] + laps

    def to_go(self, stages: int) -> list[tuple[list[int], int]]:
        """For a race of ``stages`` lines, each stage's distance table and the laps' length
        to add to it, so that ``remaining`` is one lookup (a race asks it thousands of
        times, and Race reads these directly)."""
        found = self._to_go.get(stages)
        if found is None:
            lap = len(self.lines)
            window = stages - 2 * lap
            found = self._to_go[stages] = [
                (self.chain[stage - window], 0) if stage >= window else
                (self.chain[stage % lap],
                 (window - stage + stage % lap) // lap * self.lap_length)
                for stage in range(stages)]
        return found

    def straight_room(self, spaces: int) -> list[int]:
        """Phases of ``spaces`` spaces (Drifts allowed, no turning) that can be driven from
        each state without a wall, up to HORIZON: how long a vehicle too fast to turn
        safely can keep going before it must have slowed down."""
        spaces = max(1, min(spaces, MAX_SPACES))
        table = self._room.get(spaces)
        if table is None:
            table = self._room[spaces] = self._build_room(spaces)
        return table

    def phases_to_go(self, line: int, spaces: int) -> list[int]:
        """For each state, the fewest phases of exactly ``spaces`` spaces (a 30-degree turn
        allowed after each) until a space of ``line`` is entered, never meeting a wall:
        UNREACHABLE where no such drive exists. The racing line at a pace."""
        spaces = max(1, min(spaces, MAX_SPACES))
        key = (line, spaces)
        table = self._phases.get(key)
        if table is None:
            table = self._phases[key] = self._build_phases(self.lines[line], spaces)
        return table

    def walks(self, state: int, spaces: int) -> tuple[Walk, ...]:
        """Every legal step sequence of ``spaces`` spaces from ``state``, each with the hexes
        it enters, cut short where a wall or solid obstacle stops it, the hazards among
        them and the lines they belong to, in order (cached)."""
        key = (state, spaces)
        found = self._walks.get(key)
        if found is None:
            hex_, facing = divmod(state, FACINGS)
            neighbours, hazard, line_of = self.neighbours, self.hazard, self.line_of
            walks = []
            for seq in move_sequences(facing, spaces):
                here, entered = hex_, []
                for d in seq:
                    here = neighbours[here][d]
                    if here < 0:
                        break
                    entered.append(here)
                lines = [line_of[h] for h in entered if line_of[h] >= 0]
                walks.append(new_walk(Walk, (seq, tuple(entered),
                                             sum([hazard[h] for h in entered]), tuple(lines))))
            found = self._walks[key] = tuple(walks)
        return found

    def reach(self, state: int, spaces: int) -> frozenset[int]:
        """Every hex some walk of ``spaces`` spaces from ``state`` enters (cached). A walk
        of k spaces is the start of one of k + 1, so this also covers the shorter ones."""
        if spaces >= REACH_STRIDE:
            return frozenset(h for walk in self.walks(state, spaces) for h in walk.entered)
        found = self.reach_at[state * REACH_STRIDE + spaces]
        if found is None:
            found = self.reach_at[state * REACH_STRIDE + spaces] = frozenset(
                h for walk in self.walks(state, spaces) for h in walk.entered)
        return found

    def paths(self, spaces: int) -> list[tuple[tuple[int, frozenset[int]], ...]]:
        """For each state, the hexes one phase of ``spaces`` spaces can end on, each with
        every hex some wall-free way there passes through."""
        found = self._paths.get(spaces)
        if found is None:
            found = self._paths[spaces] = self._build_paths(spaces)
        return found

    def _build_paths(self, spaces: int) -> list[tuple[tuple[int, frozenset[int]], ...]]:
        out: list[tuple[tuple[int, frozenset[int]], ...]] = []
        for state in range(len(self.hexes) * FACINGS):
            hex_, facing = divmod(state, FACINGS)
            ends: dict[int, set[int]] = {}
            for seq in move_sequences(facing, spaces):
                here = hex_
                passed = []
                for d in seq:
                    here = self.neighbours[here][d]
                    if here < 0:
                        break
                    passed.append(here)
                if here >= 0:
                    ends.setdefault(here, set()).update(passed)
            out.append(tuple((end, frozenset(passed)) for end, passed in ends.items()))
        return out

    def _build_phases(self, line: frozenset[int], spaces: int) -> list[int]:
        paths = self.paths(spaces)
        count = len(paths)
        phases = [UNREACHABLE] * count
        before: list[list[int]] = [[] for _ in range(count)]
        queue: deque[int] = deque()
        for state, ends in enumerate(paths):
            facing = state % FACINGS
            for end, passed in ends:
                if passed & line:
                    if phases[state] == UNREACHABLE:
                        phases[state] = 1
                        queue.append(state)
                    continue
                for t in (-1, 0, 1):
                    before[end * FACINGS + (facing + t) % FACINGS].append(state)
        while queue:
            state = queue.popleft()
            for prev in before[state]:
                if phases[prev] == UNREACHABLE:
                    phases[prev] = phases[state] + 1
                    queue.append(prev)
        return phases

    def _build_room(self, spaces: int) -> list[int]:
        count = len(self.hexes) * FACINGS
        successors = [tuple(end * FACINGS + state % FACINGS for end, _ in ends)
                      for state, ends in enumerate(self.paths(spaces))]
        room = [0] * count
        for _ in range(HORIZON):
            room = [1 + max((room[s] for s in succ), default=-1) for succ in successors]
        return room



def forget_oldest_half(cache: dict[Any, Any]) -> None:
    """Make room in a full cache: the older half goes (a dict keeps insertion order), so a
    long sweep keeps the decisions of its recent races instead of starting from nothing."""
    for key in list(itertools.islice(cache, len(cache) // 2)):
        del cache[key]


def _content_key(track: Track) -> tuple[object, ...]:
    layout = track.layout
    cells = tuple(sorted((h.q, h.r, c.symbol.terrain, c.symbol.rating or 0,
                          c.symbol.slot or 0, c.symbol.finish, c.symbol.checkpoint or 0)
                         for h, c in layout.cells.items()))
    return (track.name, cells, tuple(sorted(layout.facings.items())))


def _build(track: Track) -> RaceTrack:
    course = course_of(track)
    layout = course.layout
    hexes = sorted(course.open)
    number = {h: i for i, h in enumerate(hexes)}
    neighbours = [tuple(number.get(h.plus(d), -1) for d in DIRECTIONS) for h in hexes]
    terrain = [layout.cells[h].symbol.terrain for h in hexes]
    rating = [layout.cells[h].symbol.rating or 0 for h in hexes]
    lines = [frozenset(number[h] for h in target.hexes if h in number)
             for target in course.targets]
    line_of = [-1] * len(hexes)
    for i, line in enumerate(lines):
        for h in line:
            line_of[h] = i
    slots = [(number[s.hex], s.facing) for s in course.slots if s.hex in number]
    inside = _wall_distance(neighbours)
    rt = RaceTrack(track.name, hexes, number, neighbours, terrain, rating, lines, slots,
                   line_of, inside, _infield_distance(hexes, number, neighbours))
    rt.chain = _chained(rt)
    rt.hazard = [t == "hazard" for t in terrain]
    cells = layout.cells
    rt.solid = {(i, d): cells[n].symbol.rating or 0 for i, h in enumerate(hexes)
                for d, n in enumerate(h.plus(step) for step in DIRECTIONS)
                if n not in number and n in cells and cells[n].symbol.terrain == "solid"}
    lap = len(lines)
    start = slots[0][0] * FACINGS + slots[0][1] if slots else 0
    rt.lap_length = max(1, rt.chain[0][start] - rt.chain[lap][start]) if lap else 1
    return rt


def _wall_distance(neighbours: list[tuple[int, ...]]) -> list[int]:
    """Hex -> steps to the nearest hex with a missing neighbour (a wall or the edge)."""
    dist = [-1] * len(neighbours)
    queue: deque[int] = deque()
    for h, around in enumerate(neighbours):
        if min(around) < 0:
            dist[h] = 0
            queue.append(h)
    while queue:
        h = queue.popleft()
        for n in neighbours[h]:
            if n >= 0 and dist[n] < 0:
                dist[n] = dist[h] + 1
                queue.append(n)
    return [d if d >= 0 else 0 for d in dist]


def _infield_distance(hexes: list[Hex], number: dict[Hex, int],
                      neighbours: list[tuple[int, ...]]) -> list[int]:
    """Hex -> steps to the inside of the track, for initiative's third tie-break (Movement
    & Initiative: "closest to the inside of the track moves first").

    Our reading of "the inside": the infield, the off-track region the course runs round.
    It is found as the largest group of non-track hexes (barriers, solid obstacles, empty
    board) that the track encloses, that is which cannot reach the edge of a box round the
    whole track without crossing a track space; a smaller enclosed group is an obstacle
    island in the roadway, not the infield. A space's value is the fewest steps over track
    spaces to one that touches the infield, so the lane along the infield wall is 0 and
    the outer lanes count up. A track that encloses nothing (a point-to-point course) has
    no inside: every space gets UNREACHABLE and ties stay in grid order.
    """
    if not hexes:
        return []
    qs = [h.q for h in hexes]
    rs = [h.r for h in hexes]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    off = {Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)} - number.keys()
    outside = {h for h in off if h.q in (q0, q1) or h.r in (r0, r1)}
    spread = deque(outside)
    while spread:  # everything off-track that reaches the box's edge is outside the course
        at = spread.popleft()
        for d in DIRECTIONS:
            beside = at.plus(d)
            if beside in off and beside not in outside:
                outside.add(beside)
                spread.append(beside)
    enclosed = sorted(off - outside)
    groups: list[list[Hex]] = []
    seen: set[Hex] = set()
    for start in enclosed:
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        for member in group:  # grows while it is walked: a breadth-first flood
            for d in DIRECTIONS:
                beside = member.plus(d)
                if beside in off and beside not in outside and beside not in seen:
                    seen.add(beside)
                    group.append(beside)
        groups.append(group)
    dist = [UNREACHABLE] * len(hexes)
    if not groups:
        return dist
    biggest = max(range(len(groups)), key=lambda k: len(groups[k]))  # ties: first found
    infield = set(groups[biggest])
    for i, space in enumerate(hexes):
        if any(space.plus(d) in infield for d in DIRECTIONS):
            dist[i] = 0
    frontier = deque(i for i in range(len(hexes)) if dist[i] == 0)
    while frontier:
        i = frontier.popleft()
        for n in neighbours[i]:
            if n >= 0 and dist[n] == UNREACHABLE:
                dist[n] = dist[i] + 1
                frontier.append(n)
    return dist


def _successors(rt: RaceTrack) -> list[tuple[int, ...]]:
    """For each state, the states one space (then an optional 30-degree turn) after it."""
    out = []
    for state in range(len(rt.hexes) * FACINGS):
        hex_, facing = divmod(state, FACINGS)
        out.append(tuple(there * FACINGS + (facing + t) % FACINGS
                         for d in one_step_directions(facing)
                         if (there := rt.neighbours[hex_][d]) >= 0 for t in (-1, 0, 1)))
    return out


def _chained(rt: RaceTrack) -> list[list[int]]:
    """Spaces to go over two laps of lines, last line first: entering a line costs a space
    plus what remains from the state it is entered in (a bucket queue, since those
    starting values differ)."""
    successors = _successors(rt)
    predecessors: list[list[int]] = [[] for _ in successors]
    for state, following in enumerate(successors):
        for nxt in following:
            predecessors[nxt].append(state)
    lap = len(rt.lines)
    after = [0] * len(successors)
    chain: list[list[int]] = []
    for j in range(2 * lap - 1, -1, -1):
        line = rt.lines[j % lap]
        after = _stage(line, successors, predecessors, after)
        chain.append(after)
    chain.reverse()
    return chain


def _stage(line: frozenset[int], successors: list[tuple[int, ...]],
           predecessors: list[list[int]], after: list[int]) -> list[int]:
    best = [UNREACHABLE] * len(successors)
    # Entering the line: a space plus what remains from the state entered, for the states
    # one space before it (the line's own states' predecessors, not a pass over all).
    for hex_ in line:
        for entered in range(hex_ * FACINGS, hex_ * FACINGS + FACINGS):
            if after[entered] < UNREACHABLE:
                value = after[entered] + 1
                for state in predecessors[entered]:
                    if value < best[state]:
                        best[state] = value
    buckets: dict[int, list[int]] = {}
    for state, value in enumerate(best):
        if value < UNREACHABLE:
            buckets.setdefault(value, []).append(state)
    level = min(buckets, default=0)
    top = max(buckets, default=-1)
    while level <= top:
        for state in buckets.pop(level, []):
            if best[state] != level:
                continue
            if state // FACINGS in line:
                continue  # entering the line was counted from its neighbours above
            for prev in predecessors[state]:
                if level + 1 < best[prev]:
                    best[prev] = level + 1
                    buckets.setdefault(level + 1, []).append(prev)
                    top = max(top, level + 1)
        level += 1
    for state in range(len(best)):
        if state // FACINGS in line:
            best[state] = after[state]  # on the line: already across it
    return best


# The race-ready tables of each track, built once per process per track content (a sweep
# sets up every race from one track object, and its content key sorts every space).
race_track: ContentMemo[Track, RaceTrack] = ContentMemo(_content_key, _build, most=64)
