"""What is left of a model when some of its fields failed validation.

``paddock check`` goes on after schema errors: every field that parsed is kept, and each one
that failed becomes :class:`Failed`, a stand-in that raises :class:`FieldFailed` the moment a
rule uses it (reads it, counts it, compares it, prints it). A rule that never touches a failed
field runs as usual; one that does is reported as skipped, naming the field it needed.
"""

from __future__ import annotations

from typing import Any, NoReturn

KeyPath = tuple[str | int, ...]


class FieldFailed(Exception):
    """A rule used a field whose value failed validation."""

    def __init__(self, path: KeyPath) -> None:
        super().__init__(path)
        self.path = path


class Failed:
    """Stands where a value failed validation: any use of it raises FieldFailed."""

    __slots__ = ("path",)

    def __init__(self, path: KeyPath) -> None:
        object.__setattr__(self, "path", path)

    def __repr__(self) -> str:
        return f"Failed({self.path!r})"

    def _used(self, *_: Any, **__: Any) -> NoReturn:
        raise FieldFailed(self.path)

    def __getattr__(self, name: str) -> NoReturn:
        raise FieldFailed(self.path)

    __iter__ = __len__ = __bool__ = __int__ = __index__ = __float__ = __hash__ = _used
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __contains__ = _used
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = __abs__ = _used
    __truediv__ = __floordiv__ = __mod__ = __getitem__ = __str__ = __format__ = _used
    __call__ = __setattr__ = _used


def failed(value: Any) -> bool:
    """True for a Failed stand-in."""
    return type(value) is Failed
