"""Jinja's sandbox with limits on time and size, for templates a stranger may have written.

Jinja's own sandbox stops a template reaching Python internals, but not from asking for a
billion characters (``{{ 'x' * 10**9 }}``) or looping forever (two nested
``range(100000)``). :class:`BoundedSandbox` refuses a string or list past
:data:`MAX_TEXT` before it is built (multiplication, ``+``, ``%`` widths, padding methods and
filters), counts every ``range`` step of a render against :data:`MAX_STEPS`, and
:func:`deadline` stops a render that runs past its time however it spends it. The text a
render produces is capped too (:func:`capped_join`).
"""

from __future__ import annotations

import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import filters as jinja_filters
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

MAX_TEXT = 200_000
"""Characters in any one string or list a template builds, and in one render's output."""
MAX_STEPS = 1_000_000
"""``range`` steps one render may take, over all its loops."""
MAX_DIGITS = 1_000
"""Digits of a number ``**`` may produce."""
TIME_LIMIT = 5.0
"""Seconds one render may take; ours take milliseconds."""

_PADDING_METHODS = {"ljust", "rjust", "center", "zfill", "expandtabs"}
_WIDTH = re.compile(r"%[-+ #0]*(\d+)?(?:\.(\d+))?")


class RenderLimitError(SecurityError):
    """A template asked for more time or text than a render is allowed."""


class RenderTimeError(RenderLimitError):
    """A render ran past its time limit (rendering it again would only take as long)."""


def _sized(value: Any) -> bool:
    return isinstance(value, str | list | tuple | bytes)


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _check_size(size: int, what: str) -> None:
    if size > MAX_TEXT:
        raise RenderLimitError(f"{what} would make {size:,} items; a template may build at "
                               f"most {MAX_TEXT:,}")


class BoundedSandbox(SandboxedEnvironment):
    """A sandboxed environment whose renders are bounded in size, steps and time."""

    intercepted_binops = frozenset({"*", "+", "%", "**"})

    def __init__(self, *args: Any, time_limit: float = TIME_LIMIT, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.time_limit = time_limit
        self.steps_left = MAX_STEPS
        self.globals["range"] = self.bounded_range
        for name in ("center", "indent", "wordwrap", "truncate", "format"):
            self.filters[name] = _bounded_filter(getattr(jinja_filters, f"do_{name}"))

    def start_render(self) -> None:
        """Give the next render its full budget of steps."""
        self.steps_left = MAX_STEPS

    def bounded_range(self, *args: int) -> range:
        """``range`` whose steps count against the render's budget."""
        steps = range(*args)
        self.steps_left -= len(steps)
        if self.steps_left < 0:
            raise RenderLimitError(f"loops ran past {MAX_STEPS:,} range steps in one render")
        return steps

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*" and (_sized(left) or _sized(right)):
            size = len(left) * _count(right) if _sized(left) else len(right) * _count(left)
            _check_size(size, "repeating text or a list")
        elif operator == "+" and _sized(left) and _sized(right):
            _check_size(len(left) + len(right), "joining text or lists")
        elif operator == "%" and isinstance(left, str):
            _check_format(left)
        elif operator == "**" and isinstance(right, int) and isinstance(left, int | float):
            digits = right * math.log10(abs(left)) if abs(left) > 1 and right > 0 else 0
            if digits > MAX_DIGITS:
                raise RenderLimitError(f"a power with about {digits:,.0f} digits; at most "
                                       f"{MAX_DIGITS:,}")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            _check_string_method(owner, name, args)
        result = super().call(__context, __obj, *args, **kwargs)
        if _sized(result):
            _check_size(len(result), f"{name or 'a call'}()")
        return result


def _check_format(template: str) -> None:
    for match in _WIDTH.finditer(template):
        for number in match.groups():
            if number and int(number) > MAX_TEXT:
                raise RenderLimitError(f"a format width of {int(number):,}; at most "
                                       f"{MAX_TEXT:,}")


def _check_string_method(text: str, name: str, args: tuple[Any, ...]) -> None:
    """Refuse a string method call whose result would pass the size limit."""
    if name in _PADDING_METHODS:
        width = max((_count(a) for a in args), default=0)
        _check_size(width * (len(text) if name == "expandtabs" else 1), f"{name}()")
    elif name == "replace" and len(args) >= 2 and _sized(args[1]):
        old = args[0] if isinstance(args[0], str) else ""
        hits = len(text) + 1 if old == "" else text.count(old)
        _check_size(len(text) + hits * len(args[1]), "replace()")
    elif name == "join" and args and isinstance(args[0], list | tuple):
        _check_size(len(text) * len(args[0]) + sum(len(str(a)) for a in args[0]), "join()")
    elif name == "format":
        _check_format(text.replace("{", "%").replace("}", ""))


def _bounded_filter(func: Callable[..., Any]) -> Callable[..., Any]:
    """A width-taking filter that refuses widths past the size limit."""
    def bounded(*args: Any, **kwargs: Any) -> Any:
        for value in (*args[1:], *kwargs.values()):
            if _count(value) > MAX_TEXT:
                raise RenderLimitError(f"a filter width of {_count(value):,}; at most "
                                       f"{MAX_TEXT:,}")
        if func is jinja_filters.do_format and args and isinstance(args[0], str):
            _check_format(args[0])
        return func(*args, **kwargs)
    bounded.__name__ = func.__name__
    for marker in ("jinja_pass_arg",):
        if hasattr(func, marker):
            setattr(bounded, marker, getattr(func, marker))
    return bounded


def capped_join(pieces: Iterable[str], limit: int = MAX_TEXT) -> str:
    """Join a render's output, refusing it as soon as it passes ``limit`` characters."""
    out, size = [], 0
    for piece in pieces:
        size += len(piece)
        if size > limit:
            raise RenderLimitError(f"the template wrote more than {limit:,} characters")
        out.append(piece)
    return "".join(out)


def drain(pieces: Iterable[str], limit: int = MAX_TEXT) -> None:
    """Run a render for its side effects (blocks), with the same output cap."""
    capped_join(pieces, limit)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Stop what runs inside after ``seconds``: a timer signal in the main thread (the
    command line); elsewhere only the size and step limits apply."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
            signal, "setitimer"):
        yield
        return
    started = time.monotonic()

    def expire(signum: int, frame: Any) -> None:
        raise RenderTimeError(f"rendering took more than {seconds:g} s "
                               f"({time.monotonic() - started:.1f} s)")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
