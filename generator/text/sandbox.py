"""Jinja's sandbox with limits on time and size, for templates a stranger may have written.

Jinja's own sandbox stops a template reaching Python internals, but not from asking for a
billion characters (``{{ 'x' * 10**9 }}``) or looping forever (two nested
``range(100000)``). :class:`BoundedSandbox` refuses a string or list past
:data:`MAX_TEXT` before it is built (multiplication, ``+``, ``%`` widths, padding methods and
filters), counts every ``range`` step of a render against :data:`MAX_STEPS`, and
:func:`deadline` stops a render that runs past its time however it spends it. The text a
render produces is capped too (:func:`capped_join`).

A cap on each value alone would still let a render build a great many values each under it
(``{% for i in range(1000) %}{{ a.append(big ~ i) }}``), so every string or list a render
builds (by an operator, ``~``, a call, a filter, a block set) is also charged against the
render's budget of :data:`MAX_BUILT` items: a render's memory stays within tens of
megabytes whatever the template does. List, dict and set methods that grow their owner
(``append``, ``extend``, ``update``) are checked like operators; a width or precision taken
from a value (``'%*d'``, ``'{:>{}}'.format``) is refused, as the text it asks for is unknown
until it is built.
"""

from __future__ import annotations

import math
import re
import signal
import string
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.nodes import EvalContext
from jinja2.sandbox import SandboxedEnvironment

MAX_TEXT = 200_000
"""Characters in any one string or list a template builds, and in one render's output."""
MAX_STEPS = 1_000_000
"""``range`` steps one render may take, over all its loops."""
MAX_DIGITS = 1_000
"""Digits of a number ``**`` may produce."""
MAX_BUILT = 5_000_000
"""Characters and items every string and list a render builds may add up to."""
TIME_LIMIT = 5.0
"""Seconds one render may take; ours take milliseconds."""

_PADDING_METHODS = {"ljust", "rjust", "center", "zfill", "expandtabs"}
_GROWING_METHODS = {"append", "extend", "insert", "update", "add", "setdefault", "fromkeys"}
_WIDTH = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")
_SPEC_NUMBERS = re.compile(r"\d+")


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


class BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator, with each ``~`` join checked by the environment."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802 - Jinja's
        self.write("environment.built(")
        super().visit_Concat(node, frame)
        self.write(")")


class BoundedSandbox(SandboxedEnvironment):
    """A sandboxed environment whose renders are bounded in size, steps and time."""

    intercepted_binops = frozenset({"*", "+", "%", "**"})
    code_generator_class = BoundedCodeGenerator

    def __init__(self, *args: Any, time_limit: float = TIME_LIMIT, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.time_limit = time_limit
        self.steps_left = MAX_STEPS
        self.built_left = MAX_BUILT
        self.globals["range"] = self.bounded_range
        self.globals.pop("lipsum", None)  # asks for any number of paragraphs; no use to us
        self.concat = self._bounded_concat  # type: ignore[method-assign]
        for name, func in list(self.filters.items()):
            self.filters[name] = _bounded_filter(func, self)

    def start_render(self) -> None:
        """Give the next render its full budget of steps and of values built."""
        self.steps_left = MAX_STEPS
        self.built_left = MAX_BUILT

    def built(self, value: Any) -> Any:
        """``value``, just built by the render: refused past the size of one value, and
        charged against the render's budget."""
        if _sized(value) or isinstance(value, dict | set):
            _check_size(len(value), "a value")
            self.charge(len(value))
        return value

    def charge(self, size: int) -> None:
        """Count ``size`` characters or items built against the render's budget."""
        self.built_left -= size
        if self.built_left < 0:
            raise RenderLimitError(f"the render built more than {MAX_BUILT:,} characters "
                                   "and items in all")

    def _bounded_concat(self, pieces: Iterable[str]) -> str:
        return str(self.built(capped_join(pieces)))

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
        elif operator == "*" and isinstance(left, int) and isinstance(right, int):
            digits = (abs(left).bit_length() + abs(right).bit_length()) * math.log10(2)
            if digits > MAX_DIGITS:
                raise RenderLimitError(f"a product with about {digits:,.0f} digits; at most "
                                       f"{MAX_DIGITS:,}")
        elif operator == "+" and _sized(left) and _sized(right):
            _check_size(len(left) + len(right), "joining text or lists")
        elif operator == "%" and isinstance(left, str):
            _check_format(left)
        elif operator == "**" and isinstance(right, int) and isinstance(left, int | float):
            digits = right * math.log10(abs(left)) if abs(left) > 1 and right > 0 else 0
            if digits > MAX_DIGITS:
                raise RenderLimitError(f"a power with about {digits:,.0f} digits; at most "
                                       f"{MAX_DIGITS:,}")
        return self.built(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        # Jinja wraps str.format for its sandbox; the string is the wrapped method's owner.
        owner: Any = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            _check_string_method(owner, name, args, kwargs)
        growing = isinstance(owner, list | dict | set) and name in _GROWING_METHODS
        before = len(owner) if growing else 0
        if growing:
            _check_size(before + sum(len(a) for a in args if _sized(a) or
                                     isinstance(a, dict | set)), f"{name}()")
        result = super().call(__context, __obj, *args, **kwargs)
        if growing:
            _check_size(len(owner), f"{name}()")
            __self.charge(len(owner) - before)  # charged by what it added
        if _sized(result):
            _check_size(len(result), f"{name or 'a call'}()")
            __self.built(result)
        return result


def _check_format(template: str) -> None:
    """Refuse ``%`` formatting whose width or precision passes the size limit or is taken
    from a value (``%*d``: unknown until the text is built)."""
    for match in _WIDTH.finditer(template):
        for number in match.groups():
            if number == "*":
                raise RenderLimitError("a format width taken from a value ('*'); write the "
                                       "width in the format")
            if number and int(number) > MAX_TEXT:
                raise RenderLimitError(f"a format width of {int(number):,}; at most "
                                       f"{MAX_TEXT:,}")


def _check_braces(template: str) -> None:
    """Refuse ``str.format`` fields whose width passes the size limit or is taken from a
    value (``{:>{}}``)."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return  # Python refuses it itself
    for _, _, spec, _ in fields:
        if not spec:
            continue
        if "{" in spec:
            raise RenderLimitError("a format width taken from a value ('{:>{}}'); write the "
                                   "width in the format")
        for number in _SPEC_NUMBERS.findall(spec):
            if int(number) > MAX_TEXT:
                raise RenderLimitError(f"a format width of {int(number):,}; at most "
                                       f"{MAX_TEXT:,}")


def _check_string_method(text: str, name: str, args: tuple[Any, ...],
                         kwargs: dict[str, Any]) -> None:
    """Refuse a string method call whose result would pass the size limit."""
    if name in _PADDING_METHODS:
        width = max((_count(a) for a in (*args, *kwargs.values())), default=0)
        _check_size(width * (len(text) if name == "expandtabs" else 1), f"{name}()")
    elif name == "replace" and len(args) >= 2 and _sized(args[1]):
        _check_replace(text, args[0], args[1])
    elif name == "join" and args and isinstance(args[0], list | tuple):
        _check_size(len(text) * len(args[0]) + sum(len(str(a)) for a in args[0]), "join()")
    elif name in ("format", "format_map"):
        _check_braces(text)


def _check_replace(text: str, old: Any, new: Any) -> None:
    old = old if isinstance(old, str) else ""
    hits = len(text) + 1 if old == "" else text.count(old)
    _check_size(len(text) + hits * len(new), "replace()")


def _check_filter(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse a filter call whose result would pass the size limit, before it is built."""
    values = [a for a in args if not isinstance(a, EvalContext | SandboxedEnvironment)]
    for value in (*values[1:], *kwargs.values()):
        if _count(value) > MAX_TEXT:
            raise RenderLimitError(f"a filter width of {_count(value):,}; at most "
                                   f"{MAX_TEXT:,}")
    first = values[0] if values else None
    rest = [*values[1:], *kwargs.values()]
    if name == "do_format" and isinstance(first, str):
        _check_format(first)
    elif name == "do_replace" and isinstance(first, str) and len(rest) >= 2 and _sized(rest[1]):
        _check_replace(first, rest[0], rest[1])
    elif name in ("do_indent", "do_wordwrap") and isinstance(first, str):
        longest = max((len(v) for v in rest if isinstance(v, str)), default=0)
        _check_size(len(first) * (1 + longest), f"{name[3:]}()")
    elif name in ("do_join", "sync_do_join", "do_sum", "sync_do_sum") and \
            isinstance(first, list | tuple):
        glue = max((len(v) for v in rest if _sized(v)), default=0)
        _check_size(sum(len(v) if _sized(v) else 1 for v in first) + glue * len(first),
                    f"{name.rpartition('do_')[2]}()")


def _bounded_filter(func: Callable[..., Any], env: BoundedSandbox) -> Callable[..., Any]:
    """A filter whose result is checked and charged like every value a render builds, and
    whose widths and growth are refused past the size limit before it is built."""
    name = getattr(func, "__name__", "")

    def bounded(*args: Any, **kwargs: Any) -> Any:
        _check_filter(name, args, kwargs)
        return env.built(func(*args, **kwargs))
    bounded.__name__ = name
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
