"""Values worked out once per process from an object that cannot be hashed cheaply.

A race sweep asks for the same track's tables and the same licence's resolved vehicle in
every race; the objects arrive afresh in each worker (unpickled), and their content key
is dear to compute (a repr, every space sorted). So a :class:`ContentMemo` looks the object
up by identity first (kept together with the object, so an id never names another one),
then by its content key, and works the value out only for content it has not seen. Both
tables are bounded: past ``most`` entries a table starts again empty.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

Item = TypeVar("Item")
Value = TypeVar("Value")


class ContentMemo(Generic[Item, Value]):
    """``work_out(item)`` kept by ``key(item)``, and by the item's identity."""

    def __init__(self, key: Callable[[Item], Hashable], work_out: Callable[[Item], Value],
                 most: int) -> None:
        self._key, self._work_out, self._most = key, work_out, most
        self._by_content: dict[Hashable, Value] = {}
        self._by_object: dict[int, tuple[Item, Value]] = {}

    def __call__(self, item: Item) -> Value:
        known = self._by_object.get(id(item))
        if known is not None and known[0] is item:
            return known[1]
        key = self._key(item)
        found = self._by_content.get(key)
        if found is None:
            if len(self._by_content) >= self._most:
                self._by_content.clear()
            found = self._by_content[key] = self._work_out(item)
        if len(self._by_object) >= self._most:
            self._by_object.clear()
        self._by_object[id(item)] = (item, found)
        return found

    def values(self) -> Iterator[Value]:
        """Every value kept by content."""
        return iter(list(self._by_content.values()))
