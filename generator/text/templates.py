"""Every human-facing sentence comes from Jinja2 templates; this module is the only door to them.

Templates are searched in the user's ``--templates`` folder first, then ours. They run in a
sandbox with ``StrictUndefined``, so a misspelt variable is an error, never an empty string.

Component templates (``*.j2``) produce ReportLab paragraph markup and are auto-escaped: text a
person typed into a vehicle file is shown as typed, while the template's own ``<b>`` stays bold.
A component reads its text by *block*: ``{% block title %}`` and so on. A user overrides one
block by extending our ``*-base.j2`` file, without copying the rest. Plain-text templates
(``*.yaml.j2``, ``*.txt.j2``) and rule messages are not escaped.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields
from functools import cached_property, lru_cache
from html import unescape
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from generator.errors import TemplateError
from generator.keep.kept_store import KeptStore, named_for_code
from generator.keep.template_cache import bytecode_cache
from generator.text.blocks import Blocks, check_rows, line_of
from generator.text.confined import ConfinedLoader, read_confined, readable_files, utf8_text
from generator.text.markup import (
    ALLOWED_DESCRIPTION,
    describe_character,
    markup_problems,
    missing_glyphs,
)
from generator.text.sandbox import (
    TIME_LIMIT,
    BoundedSandbox,
    RenderLimitError,
    RenderTimeError,
    capped_join,
    deadline,
    drain,
)

PLAIN_SUFFIXES = (".yaml.j2", ".txt.j2", ".md.j2")


def builtin_templates_dir() -> Path:
    """Our templates: inside the installed package, or ``templates/`` of a source checkout."""
    package_dir = Path(__file__).resolve().parent.parent
    installed = package_dir / "_templates"
    if installed.is_dir():
        return installed
    return package_dir.parent / "templates"


def _escape_by_name(name: str | None) -> bool:
    return name is not None and not name.endswith(PLAIN_SUFFIXES)


class TextTemplates:
    """The template search path and sandboxed environment for one run of Paddock."""

    def __init__(self, user_dir: Path | None = None, time_limit: float = TIME_LIMIT) -> None:
        search = [builtin_templates_dir()]
        if user_dir is not None:
            if not user_dir.is_dir():
                what = "a symbolic link to no folder (or in a loop)" if user_dir.is_symlink() \
                    else "no such folder"
                raise TemplateError(f"--templates {user_dir}: {what}")
            search.insert(0, user_dir)
        self.search_path = search
        self.user_dir = user_dir
        self._glyphs_checked: set[str] = set()
        self.env = BoundedSandbox(
            loader=ConfinedLoader(search),
            undefined=jinja2.StrictUndefined,
            autoescape=_escape_by_name,
            trim_blocks=True,
            lstrip_blocks=True,
            bytecode_cache=_bytecode_cache(),
            time_limit=time_limit,
            # One run reads each template once: no modification-time check on every use
            # (a build asks hundreds of times). A rebuild (--watch) makes new TextTemplates.
            auto_reload=False,
        )
        self.env.filters["plural"] = plural
        self.env.filters["signed"] = signed
        self.env.filters["yaml_quote"] = yaml_quote
        self._rendered: OrderedDict[bytes, dict[str, str]] = OrderedDict()

    def blocks(self, name: str, context: Mapping[str, Any]) -> dict[str, str]:
        """Render every block of template ``name`` (see :meth:`_blocks`); a block the
        caller reads and the template lacks is a :class:`TemplateError` naming both."""
        return Blocks(self._blocks(name, context), lambda: self.origin(name))

    def _blocks(self, name: str, context: Mapping[str, Any]) -> dict[str, str]:
        """Render every block of template ``name`` (following ``extends``) for ``context``.

        Blocks come back as rendered, blank lines included: list blocks (one item per line)
        rely on them to keep their items aligned with the rows they label.

        A template renders the same text for equal values (the models are frozen), so the
        last few hundred renders are kept by (name, context): the print check and the
        layout of one vehicle, and identical cards, render once; and, by the template
        files' content too, between runs (:data:`RENDERS`). A context that cannot be pickled
        is simply rendered every time.
        """
        keyed = _context_key(name, context)
        if keyed is None:
            return self._render_blocks(name, context)
        rendered = self._rendered.get(keyed)
        if rendered is not None:
            self._rendered.move_to_end(keyed)
            return dict(rendered)
        between_runs = self._kept_key(keyed)
        rendered = RENDERS.get(between_runs)
        if rendered is None:
            rendered = self._render_blocks(name, context)
            RENDERS.put(between_runs, dict(rendered))
        self._rendered[keyed] = dict(rendered)
        if len(self._rendered) > RENDERS_KEPT:
            self._rendered.popitem(last=False)
        return dict(rendered)

    def _kept_key(self, context_key: bytes) -> bytes:
        return hashlib.blake2b(self._templates_digest + context_key, digest_size=16).digest()

    @cached_property
    def _templates_digest(self) -> bytes:
        """A digest of every template file this run can read (the user's folder and ours):
        an edited, added or removed template renders afresh."""
        digest = hashlib.blake2b(digest_size=16)
        for number, folder in enumerate(self.search_path):
            for name, data in readable_files(folder):  # only what the loader may read
                digest.update(f"{number}\0{name}\0{len(data)}\0".encode())
                digest.update(data)
        return digest.digest()

    def _render_blocks(self, name: str, context: Mapping[str, Any]) -> dict[str, str]:
        template = self._get(name)
        try:
            self.env.start_render()
            with deadline(self.env.time_limit):
                ctx = template.new_context(dict(context))
                _run_chain(template, ctx)
                rendered = {block: (_render_block(funcs[0], ctx, block), funcs[0])
                            for block, funcs in ctx.blocks.items()}
        except TemplateError:
            raise
        except Exception:  # noqa: BLE001 - every template failure becomes a TemplateError
            try:
                self.env.handle_exception()  # re-raises with the template's own lines
            except Exception as rewritten:  # noqa: BLE001
                raise _template_error(rewritten, name) from rewritten
            raise
        if _escape_by_name(name):
            for block, (text, func) in rendered.items():
                _check_markup(text, block, func)
        blocks = {block: text for block, (text, _) in rendered.items()}
        if self.user_dir is not None:
            self._check_lines_against_ours(name, context, {
                block: func.__code__.co_filename for block, (_, func) in rendered.items()
                if Path(func.__code__.co_filename).resolve().is_relative_to(
                    self.user_dir_real)}, blocks)
        return blocks

    def _check_lines_against_ours(self, name: str, context: Mapping[str, Any],
                                  users: dict[str, str], blocks: dict[str, str]) -> None:
        """Each list block a user's template writes (``users``: the file each is in) must
        give as many lines as ours does, blank where ours are blank (and, in a table of
        cells, as many words a line): a layout lines them up with the rows they label."""
        if not users:
            return  # every block is ours
        try:
            ours = self._ours._blocks(name, context)
        except TemplateError:
            return  # a template of the user's own, with no counterpart of ours
        check_rows(users, blocks, ours)

    @cached_property
    def user_dir_real(self) -> Path:
        return Path(self.user_dir or ".").resolve()

    @cached_property
    def _ours(self) -> TextTemplates:
        """Our templates alone, to compare a user's against."""
        return TextTemplates(None, self.env.time_limit)

    def render(self, name: str, context: Mapping[str, Any]) -> str:
        """Render a whole template, e.g. a vehicle-file scaffold."""
        template = self._get(name)
        try:
            self.env.start_render()
            with deadline(self.env.time_limit):
                return capped_join(template.generate(dict(context)))
        except Exception as exc:  # noqa: BLE001
            raise _template_error(exc, name) from exc

    def origin(self, name: str) -> str:
        """Where template ``name`` was found: shows a user which folder won the search."""
        return str(self._get(name).filename)

    def _get(self, name: str) -> jinja2.Template:
        try:
            template = self.env.get_template(name)
        except jinja2.TemplateNotFound as exc:
            searched = ", ".join(str(p) for p in self.search_path)
            raise TemplateError(f"template {name!r} not found (searched {searched})") from exc
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(
                f"{exc.filename or name}:{exc.lineno}: template syntax error: {exc.message}"
            ) from exc
        self._check_user_glyphs(template)
        return template

    def _check_user_glyphs(self, template: jinja2.Template) -> None:
        """A character in a user's template the embedded font cannot draw is an error at
        its line and column, not an empty box on paper. Ours are checked by the tests."""
        filename = template.filename
        if (self.user_dir is None or filename is None or filename in self._glyphs_checked
                or not Path(filename).resolve().is_relative_to(self.user_dir.resolve())):
            return
        self._glyphs_checked.add(filename)
        source = utf8_text(filename, read_confined(self.user_dir, Path(filename)))
        for number, line in enumerate(source.splitlines(), start=1):
            for index, char in missing_glyphs(line):
                raise TemplateError(
                    f"{filename}:{number}:{index + 1}: {describe_character(char)} cannot be "
                    "drawn by the embedded font (it would print as an empty box); "
                    "remove it or write it another way")


RENDERS_KEPT = 256
MAX_RENDERS_BETWEEN_RUNS = 1_500  # the default kit renders about 270


def _renders_path() -> Path:
    """The file of renders kept between runs: its name carries a digest of the code that
    renders (this module, the sandbox and its markup checks) and of Jinja's version."""
    here = Path(__file__).parent
    return named_for_code("renders", f"paddock-renders-1 jinja2 {jinja2.__version__}",
                          [here / "templates.py", here / "sandbox.py", here / "markup.py"])


RENDERS: KeptStore[bytes, dict[str, str]] = KeptStore(_renders_path,
                                                      most_entries=MAX_RENDERS_BETWEEN_RUNS)


def _context_key(name: str, context: Mapping[str, Any]) -> bytes | None:
    """The key a render is kept under: the template name and the context pickled, which
    holds every value's type and state (``1``, ``1.0`` and ``True`` differ, so do ``0.0``
    and ``-0.0`` and a list and a tuple), so equal keys print the same text. A frozen model
    goes in pickled once per object (see :func:`_frozen_pickle`). None when the context
    cannot be pickled: it is rendered every time."""
    try:
        plain = {key: _frozen_pickle(value) for key, value in context.items()}
        return pickle.dumps((name, plain), protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


# Frozen models pickled for render keys, by object: (a weak reference to it, its pickle).
_PICKLED: dict[int, tuple[weakref.ref[Any], bytes]] = {}
_PICKLED_MOST = 256  # a build renders one object's templates close together


def _frozen_pickle(value: Any) -> Any:
    """A frozen model (a dataclass with ``frozen=True``) as its pickle, made once per
    object: a model never changes once loaded, and a build renders the same vehicle, team
    or track many times (a team's data went into 69 renders, pickled each time). A model
    that compares by identity (a track, which keeps what it works out from its fields) is
    pickled as its type and fields: everything else it shows is worked out from them.
    Anything else is left to be pickled with the context."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return value
    found = _PICKLED.get(id(value))
    if found is not None and found[0]() is value:
        return found[1]
    plain = value if params.eq else ("fields of", type(value).__qualname__,
                                     tuple(getattr(value, f.name) for f in fields(value)))
    data = pickle.dumps(plain, protocol=5)
    try:
        reference = weakref.ref(value)
    except TypeError:  # a model with __slots__ and no weak reference: not kept
        return data
    if len(_PICKLED) >= _PICKLED_MOST:
        _PICKLED.clear()
    _PICKLED[id(value)] = (reference, data)
    return data


def _run_chain(template: jinja2.Template, ctx: Any) -> None:
    """Run the inheritance chain so ``ctx.blocks`` holds every level. Past the output cap,
    find the block that wrote too much, so the error can name its file and line."""
    try:
        drain(template.root_render_func(ctx))
    except RenderLimitError as exc:
        if not isinstance(exc, RenderTimeError):  # a time-out would only time out again
            for block, funcs in ctx.blocks.items():
                _render_block(funcs[0], ctx, block)
        raise TemplateError(f"{template.filename}: template refused: {exc}") from exc


def _render_block(func: Any, ctx: Any, block: str) -> str:
    """One block's text; past the output cap, an error at the block's file and line."""
    try:
        return capped_join(func(ctx))
    except RenderLimitError as exc:
        filename = func.__code__.co_filename
        raise TemplateError(f"{filename}:{line_of(filename, block, '')}: block {block}: "
                            f"template refused: {exc}") from exc


def _check_markup(text: str, block: str, func: Any) -> None:
    """Refuse a block whose markup ReportLab must not see, naming the template file and the
    line of the offending text (or of the block when the text came from a variable)."""
    problems = markup_problems(text)
    if not problems:
        return
    problem = problems[0]
    filename = func.__code__.co_filename
    raise TemplateError(
        f"{filename}:{line_of(filename, block, problem.text)}: block {block}: "
        f"{problem.reason}: {problem.text!r}; a template may use {ALLOWED_DESCRIPTION}, "
        "and &amp; &lt; &gt; for the characters themselves")


def _template_error(exc: BaseException, name: str) -> TemplateError:
    """Name the template file and line where rendering failed, found in the traceback."""
    where = name
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            where = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    if isinstance(exc, jinja2.UndefinedError):
        return TemplateError(f"{where}: undefined in template: {exc.message}")
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return TemplateError(f"{exc.filename or where}:{exc.lineno}: {exc.message}")
    if isinstance(exc, jinja2.exceptions.SecurityError):
        return TemplateError(f"{where}: template refused: {exc}")
    return TemplateError(f"{where}: template failed: {exc}")


# A rule message's template is named by a digest of its text (a name is written into the
# compiled code, where some characters of a message would not survive).
_MESSAGES: dict[str, str] = {}


@lru_cache(maxsize=512)
def _compiled_message(source: str) -> jinja2.Template:
    """The message's template, compiled once and kept between runs like a template file's
    (compiling the one message a check of the kit prints took 3 ms every run)."""
    name = f"rule-message-{hashlib.blake2b(source.encode(), digest_size=16).hexdigest()}"
    _MESSAGES[name] = source
    return _message_env().get_template(name)


@lru_cache(maxsize=1)
def _message_env() -> SandboxedEnvironment:
    return SandboxedEnvironment(
        undefined=jinja2.StrictUndefined, autoescape=False,
        loader=jinja2.FunctionLoader(_message_source),
        bytecode_cache=_bytecode_cache())


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Where compiled templates and messages are kept: named by this module and the sandbox,
    which set the environments' options and the operators compiled code calls."""
    return bytecode_cache(Path(__file__), Path(__file__).with_name("sandbox.py"))


def _message_source(name: str) -> tuple[str, None, Callable[[], bool]] | None:
    source = _MESSAGES.get(name)
    return None if source is None else (source, None, lambda: True)


def render_message(source: str, params: Mapping[str, Any]) -> str:
    """Render a one-line rule message (plain text, not escaped) from rule data."""
    try:
        return _compiled_message(source).render(dict(params)).strip()
    except jinja2.TemplateError as exc:
        raise TemplateError(f"rule message {source!r}: {exc}") from exc


class _Shown(jinja2.Undefined):
    """A value a rule message names but only a finding knows: shown as ``<name>``. It is
    true (an ``if`` shows its first branch), equal to nothing, and arithmetic on it stays
    itself, so a sketch of any message renders."""

    def __str__(self) -> str:
        return f"<{self._undefined_name or 'value'}>"

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return id(self)

    def __iter__(self) -> Iterator[_Shown]:
        yield self

    def _same(self, *_: object) -> _Shown:
        return self

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _same  # type: ignore[assignment]
    __truediv__ = __rtruediv__ = __floordiv__ = __mod__ = __neg__ = __pos__ = _same  # type: ignore[assignment]
    __lt__ = __gt__ = __le__ = __ge__ = _same  # type: ignore[assignment]
    __getattr__ = __getitem__ = __call__ = _same  # type: ignore[assignment]


_EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
_NAME = re.compile(r"[A-Za-z_]\w*")
_NOT_NAMES = {"if", "else", "not", "in", "and", "or", "is", "format", "join", "get"}


def sketch_message(source: str, params: Mapping[str, Any]) -> str:
    """A rule message as ``paddock rules RULE`` shows it: the rule's own numbers filled in
    and each value only a finding knows shown as ``<name>`` (never a raw ``{{ total }}``).
    An expression that cannot be worked out without the finding's values (a number
    formatted, a word picked by a letter) shows as the first value it needs."""
    environment = SandboxedEnvironment(undefined=_Shown, autoescape=False)
    environment.filters.update(plural=lambda count, word, *_: f"{count} {word}s")

    def expression(match: re.Match[str]) -> str:
        try:
            return environment.from_string(match.group(0)).render(dict(params))
        except (jinja2.TemplateError, TypeError, ValueError, AttributeError):
            names = [n for n in _NAME.findall(_STRING.sub("", match.group(1)))
                     if n not in _NOT_NAMES and n not in params]
            return f"<{names[0] if names else 'value'}>"

    filled = _EXPRESSION.sub(expression, source)
    try:
        return environment.from_string(filled).render(dict(params)).strip()
    except (jinja2.TemplateError, TypeError, ValueError, AttributeError):
        return re.sub(r"\{%.*?%\}", "", filled).strip()


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """'1 card', '3 cards': a filter so templates never write '1 cards'."""
    word = singular if count == 1 else (plural_form or singular + "s")
    return f"{count} {word}"


def signed(value: int) -> str:
    """'+2', '0', '-1': how the guide prints stamina changes and modifiers."""
    return f"+{value}" if value > 0 else str(value)


def yaml_quote(text: str) -> str:
    """A string as a double-quoted YAML scalar (JSON strings are valid YAML)."""
    return json.dumps(str(text), ensure_ascii=False)


_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """Markup to plain text for single-line labels: tags dropped, entities decoded."""
    return unescape(_TAG.sub("", markup.replace("<br/>", " ")))
