"""The narrowest point of a course: the fewest hexes whose loss cuts one line off from the
next, found as a maximum flow on the hex graph (Menger's theorem). Used by
``analysis.Course.narrowest``.
"""

from __future__ import annotations

from collections import deque

from generator.tracks.hexgrid import DIRECTIONS, Hex, neighbours
from generator.tracks.sweeps import collector_paused


def vertex_cut(sources: frozenset[Hex], sinks: frozenset[Hex], allowed: frozenset[Hex],
               below: int | None = None) -> list[Hex] | None:
    """The fewest hexes of ``allowed`` (not sources or sinks) whose removal leaves no path
    from a source to a sink; None when a source touches a sink or no path exists at all,
    and, given ``below``, when no fewer than ``below`` hexes do it (the search stops there).

    Max-flow on the hex graph with every hex split into an "in" and an "out" node joined by
    capacity one (Menger's theorem: the flow equals the smallest separating set of hexes).

    Only the hexes between the ends take part: those with a way to a sink that passes no
    source. Why: a path from a source to a sink, from the last source it passes, runs
    through those hexes only, so the flow and the cut are the same without the others
    (the track behind the sources, as far as the line before), and each search for a
    path no longer spreads back through them.
    """
    if not sources or not sinks or any(
            n in sinks for h in sources for n in (h, *neighbours(h))):
        return None
    steps = [(d.q, d.r) for d in DIRECTIONS]
    with collector_paused():  # lists of integers only: no cycle to collect
        pool = allowed | sources | sinks
        between = set(sinks)
        todo: list[tuple[int, int]] = list(sinks)
        for q, r in todo:  # the list grows: a breadth-first sweep back from the sinks
            for dq, dr in steps:
                there = (q + dq, r + dr)
                if there in pool and there not in between:
                    between.add(there)
                    if there not in sources:
                        todo.append(there)
        return _cut(sources, sinks, sorted(h for h in pool if h in between or h in sources),
                    steps, below)


def _cut(sources: frozenset[Hex], sinks: frozenset[Hex], hexes: list[Hex],
         steps: list[tuple[int, int]], below: int | None) -> list[Hex] | None:
    """:func:`vertex_cut` on ``hexes`` (sorted), once the hexes between the ends are known."""
    number = {h: i for i, h in enumerate(hexes)}
    graph = FlowGraph(2 * len(hexes) + 2)
    source, sink = 2 * len(hexes), 2 * len(hexes) + 1
    # The edges FlowGraph.add would make, in the same order, without a call per edge (the
    # graph's building was most of the search).
    edges, head, capacity, endless = graph.edges, graph.head, graph.capacity, FlowGraph.ENDLESS
    for h, i in number.items():
        into, out = edges[2 * i], edges[2 * i + 1]
        into.append(len(head))
        out.append(len(head) + 1)
        head += (2 * i + 1, 2 * i)
        capacity += (endless if h in sources or h in sinks else 1, 0)
        q, r = h
        for dq, dr in steps:
            j = number.get((q + dq, r + dr))  # type: ignore[call-overload]  # a Hex is a tuple
            if j is not None:
                out.append(len(head))
                edges[2 * j].append(len(head) + 1)
                head += (2 * j, 2 * i + 1)
                capacity += (endless, 0)
        if h in sources:
            graph.add(source, 2 * i, endless)
        if h in sinks:
            graph.add(2 * i + 1, sink, endless)
    flow = graph.max_flow(source, sink) if below is None else graph.max_flow(source, sink,
                                                                            limit=below)
    if flow == 0 or (below is not None and flow >= below):
        return None
    reached = graph.reachable(source)
    return [h for h, i in number.items() if 2 * i in reached and 2 * i + 1 not in reached]


class FlowGraph:
    """A small directed graph with capacities, for Edmonds-Karp maximum flow."""

    ENDLESS = 1 << 30

    def __init__(self, size: int) -> None:
        self.edges: list[list[int]] = [[] for _ in range(size)]  # node -> edge numbers
        self.head: list[int] = []  # edge -> node it points at
        self.capacity: list[int] = []  # edge -> capacity left

    def add(self, a: int, b: int, capacity: int) -> None:
        """An edge a -> b, with its reverse (capacity 0) right after it."""
        for start, end, room in ((a, b, capacity), (b, a, 0)):
            self.edges[start].append(len(self.head))
            self.head.append(end)
            self.capacity.append(room)

    def max_flow(self, source: int, sink: int, limit: int = 64) -> int:
        """Push flow along shortest augmenting paths; stop at ``limit`` (wider than any
        track a person would draw).

        Why one search per unit of flow: on a track the augmenting paths hug the inside of
        each bend, so the shortest ones come one per length and blocking flows (Dinic)
        or greedy depth-first sweeps find them one at a time too (tried: no faster)."""
        total = 0
        while total < limit:
            parent_edge = self._path(source, sink)
            if parent_edge is None:
                break
            node, amount = sink, FlowGraph.ENDLESS
            while node != source:
                edge = parent_edge[node]
                amount = min(amount, self.capacity[edge])
                node = self.head[edge ^ 1]
            node = sink
            while node != source:
                edge = parent_edge[node]
                self.capacity[edge] -= amount
                self.capacity[edge ^ 1] += amount
                node = self.head[edge ^ 1]
            total += amount
        return total

    def _path(self, source: int, sink: int) -> list[int] | None:
        """The edge into each node on a shortest path with room left (-1: not reached)."""
        parent_edge = [-1] * len(self.edges)  # lists, not a dict and a set: nodes are 0..n-1
        parent_edge[source] = -2
        head, capacity, edges = self.head, self.capacity, self.edges
        queue = [source]
        for node in queue:  # the list grows as the search goes: a breadth-first queue
            for edge in edges[node]:
                there = head[edge]
                if parent_edge[there] == -1 and capacity[edge] > 0:
                    parent_edge[there] = edge
                    if there == sink:
                        return parent_edge
                    queue.append(there)
        return None

    def reachable(self, source: int) -> set[int]:
        """Nodes still reachable from ``source`` through edges with capacity left."""
        seen = {source}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for edge in self.edges[node]:
                there = self.head[edge]
                if self.capacity[edge] > 0 and there not in seen:
                    seen.add(there)
                    queue.append(there)
        return seen
