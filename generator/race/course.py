"""A track made ready for racing: integer hex numbers, distance-to-go and cornering tables.

Everything a race asks about the track many times a round is worked out here once per track
(and cached per process, keyed by the track's content so a track unpickled in a worker
process finds the tables another race already built):

* every track space gets a number, and its six neighbours are a tuple of numbers (-1 where
  the neighbour is a barrier, a solid obstacle or off the board);
* *distance to go* over (hex, facing) states for each line of the course: the fewest spaces
  a vehicle needs to enter that line if it could turn 30 degrees after every space (Rules &
  Game-play > Movement). It ranks where a phase's movement should end: the racing line;
* *cornering room*: for k spaces a phase, how many phases in a row a vehicle could keep
  moving k spaces from a state without meeting a wall (capped at a horizon). A bot brakes
  when the room at its speed falls below the phases it must still drive.

States are numbered ``hex * 12 + facing``; no Fractions, no sets iterated for order.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

from generator.hexgrid import DIRECTIONS, FACINGS, Hex
from generator.tracks.analysis import course_of
from generator.tracks.model import Track

UNREACHABLE = 1 << 20
HORIZON = 8
MAX_SPACES = 9


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
    to_go: list[list[int]] = field(default_factory=list)  # line -> state -> spaces to enter
    leg: list[int] = field(default_factory=list)  # line -> spaces from the previous line
    _room: dict[int, list[int]] = field(default_factory=dict)

    @property
    def lap_length(self) -> int:
        return sum(self.leg)

    def room(self, spaces: int) -> list[int]:
        """Phases of ``spaces`` spaces that can be driven from each state without a wall."""
        spaces = max(1, min(spaces, MAX_SPACES))
        table = self._room.get(spaces)
        if table is None:
            table = self._room[spaces] = self._build_room(spaces)
        return table

    def _build_room(self, spaces: int) -> list[int]:
        count = len(self.hexes) * FACINGS
        successors: list[tuple[int, ...]] = []
        for state in range(count):
            hex_, facing = divmod(state, FACINGS)
            ends: list[int] = []
            for seq in move_sequences(facing, spaces):
                here = hex_
                for d in seq:
                    here = self.neighbours[here][d]
                    if here < 0:
                        break
                if here >= 0 and here not in ends:
                    ends.append(here)
            successors.append(tuple(end * FACINGS + (facing + t) % FACINGS
                                    for end in ends for t in (-1, 0, 1)))
        room = [0] * count
        for _ in range(HORIZON):
            room = [1 + max((room[s] for s in succ), default=-1) for succ in successors]
        return room



def _content_key(track: Track) -> tuple[object, ...]:
    layout = track.layout
    cells = tuple(sorted((h.q, h.r, c.symbol.terrain, c.symbol.rating or 0,
                          c.symbol.slot or 0, c.symbol.finish, c.symbol.checkpoint or 0)
                         for h, c in layout.cells.items()))
    return (track.name, cells, tuple(sorted(layout.facings.items())))


_TRACKS: dict[tuple[object, ...], RaceTrack] = {}


def race_track(track: Track) -> RaceTrack:
    """The race-ready tables of ``track``, built once per process per track content."""
    key = _content_key(track)
    found = _TRACKS.get(key)
    if found is None:
        found = _TRACKS[key] = _build(track)
    return found


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
                   line_of, inside)
    predecessors = _predecessors(rt)
    rt.to_go = [_distances(line, predecessors, len(hexes)) for line in lines]
    rt.leg = _legs(rt)
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


def _predecessors(rt: RaceTrack) -> list[list[int]]:
    """For each state, the states one space (then an optional 30-degree turn) before it."""
    count = len(rt.hexes) * FACINGS
    before: list[list[int]] = [[] for _ in range(count)]
    for state in range(count):
        hex_, facing = divmod(state, FACINGS)
        for d in one_step_directions(facing):
            there = rt.neighbours[hex_][d]
            if there < 0:
                continue
            for t in (-1, 0, 1):
                before[there * FACINGS + (facing + t) % FACINGS].append(state)
    return before


def _distances(line: frozenset[int], predecessors: list[list[int]], hexes: int) -> list[int]:
    """Spaces to go until a space of ``line`` is entered, for every state (breadth first)."""
    dist = [UNREACHABLE] * (hexes * FACINGS)
    queue: deque[int] = deque()
    for h in sorted(line):
        for f in range(FACINGS):
            dist[h * FACINGS + f] = 0
            queue.append(h * FACINGS + f)
    while queue:
        state = queue.popleft()
        for prev in predecessors[state]:
            if dist[prev] == UNREACHABLE:
                dist[prev] = dist[state] + 1
                queue.append(prev)
    return dist


def _legs(rt: RaceTrack) -> list[int]:
    """Length of each leg of a lap: from the line before (the finish for the first) to it."""
    legs = []
    count = len(rt.lines)
    for i in range(count):
        previous = rt.lines[i - 1] if count > 1 else rt.lines[i]
        best = min((rt.to_go[i][h * FACINGS + f] for h in sorted(previous)
                    for f in range(FACINGS)), default=UNREACHABLE)
        legs.append(best if best < UNREACHABLE else 0)
    if count == 1:
        legs[0] = max(legs[0], 1)
    return legs
