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

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from html import unescape
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from generator.errors import TemplateError
from generator.template_cache import bytecode_cache

PLAIN_SUFFIXES = (".yaml.j2", ".txt.j2", ".md.j2")


def builtin_templates_dir() -> Path:
    """Our templates: inside the installed package, or ``templates/`` of a source checkout."""
    package_dir = Path(__file__).resolve().parent
    installed = package_dir / "_templates"
    if installed.is_dir():
        return installed
    return package_dir.parent / "templates"


def _escape_by_name(name: str | None) -> bool:
    return name is not None and not name.endswith(PLAIN_SUFFIXES)


class TextTemplates:
    """The template search path and sandboxed environment for one run of Paddock."""

    def __init__(self, user_dir: Path | None = None) -> None:
        search = [builtin_templates_dir()]
        if user_dir is not None:
            if not user_dir.is_dir():
                raise TemplateError(f"--templates {user_dir}: no such folder")
            search.insert(0, user_dir)
        self.search_path = search
        self.env = SandboxedEnvironment(
            loader=jinja2.FileSystemLoader([str(p) for p in search]),
            undefined=jinja2.StrictUndefined,
            autoescape=_escape_by_name,
            trim_blocks=True,
            lstrip_blocks=True,
            bytecode_cache=bytecode_cache(Path(__file__)),
        )
        self.env.filters["plural"] = plural
        self.env.filters["signed"] = signed
        self.env.filters["yaml_quote"] = yaml_quote

    def blocks(self, name: str, context: Mapping[str, Any]) -> dict[str, str]:
        """Render every block of template ``name`` (following ``extends``) for ``context``.

        Blocks come back as rendered, blank lines included: list blocks (one item per line)
        rely on them to keep their items aligned with the rows they label.
        """
        template = self._get(name)
        try:
            ctx = template.new_context(dict(context))
            for _ in template.root_render_func(ctx):
                pass  # runs the inheritance chain so ctx.blocks holds every level
            return {block: "".join(funcs[0](ctx)) for block, funcs in ctx.blocks.items()}
        except Exception:  # noqa: BLE001 - every template failure becomes a TemplateError
            try:
                self.env.handle_exception()  # re-raises with the template's own lines
            except Exception as rewritten:  # noqa: BLE001
                raise _template_error(rewritten, name) from rewritten
            raise

    def render(self, name: str, context: Mapping[str, Any]) -> str:
        """Render a whole template, e.g. a vehicle-file scaffold."""
        template = self._get(name)
        try:
            return template.render(dict(context))
        except Exception as exc:  # noqa: BLE001
            raise _template_error(exc, name) from exc

    def origin(self, name: str) -> str:
        """Where template ``name`` was found: shows a user which folder won the search."""
        return str(self._get(name).filename)

    def _get(self, name: str) -> jinja2.Template:
        try:
            return self.env.get_template(name)
        except jinja2.TemplateNotFound as exc:
            searched = ", ".join(str(p) for p in self.search_path)
            raise TemplateError(f"template {name!r} not found (searched {searched})") from exc
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(
                f"{exc.filename or name}:{exc.lineno}: template syntax error: {exc.message}"
            ) from exc


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
    return TemplateError(f"{where}: template failed: {exc}")


@lru_cache(maxsize=512)
def _compiled_message(source: str) -> jinja2.Template:
    return _MESSAGE_ENV.from_string(source)


_MESSAGE_ENV = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)


def render_message(source: str, params: Mapping[str, Any]) -> str:
    """Render a one-line rule message (plain text, not escaped) from rule data."""
    try:
        return _compiled_message(source).render(dict(params)).strip()
    except jinja2.TemplateError as exc:
        raise TemplateError(f"rule message {source!r}: {exc}") from exc


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
