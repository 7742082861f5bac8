"""The small part of ReportLab's paragraph markup a template may use, and the glyphs our
embedded font can draw.

ReportLab's paragraph parser understands far more than we want a stranger's template to
reach: ``<img src=...>`` embeds any local file into the PDF, and unbalanced tags raise a
ValueError deep inside it. Paddock allows ``<b>``, ``<i>``, ``<br/>`` and ``<font>`` with
``color`` and ``size`` only, and character entities. :func:`markup_problems` lists what breaks
that (the template loader turns it into an error naming the template file and line);
:func:`sanitise` is the last line of defence before ReportLab: whatever is not allowed is
escaped and shown as typed, never interpreted.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from reportlab.pdfbase import pdfmetrics

from generator.text.fonts import BOLD, BOLD_ITALIC, ITALIC, REGULAR, register_fonts

ALLOWED_TAGS: dict[str, frozenset[str]] = {
    "b": frozenset(), "i": frozenset(), "br": frozenset(),
    "font": frozenset({"color", "size"})}
ALLOWED_DESCRIPTION = "<b>, <i>, <br/> and <font color=... size=...>"
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}

_TOKEN = re.compile(
    r"(?P<tag><(?P<close>/?)(?P<name>[A-Za-z][\w:-]*)(?P<attrs>(?:\s+[^<>]*?)?)\s*(?P<self>/?)>)"
    r"|(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]*);)"
    r"|(?P<stray>[<>&])")
_ATTRIBUTE = re.compile(r"""\s*([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[A-Za-z]{3,20})$")
MIN_MARKUP_SIZE = 6.0  # the smallest text Paddock prints (drawing.MIN_FONT_SIZE)
_SIZE = re.compile(r"^[0-9]{1,2}(\.[0-9]{1,2})?$")


@dataclass(frozen=True)
class MarkupProblem:
    """Something in a piece of markup ReportLab must not see: where, what, and why."""

    offset: int
    text: str
    reason: str


def _attributes_problem(name: str, attrs: str) -> str | None:
    """Why a tag's attributes are refused, or None when they are fine."""
    rest = attrs
    for match in _ATTRIBUTE.finditer(attrs):
        key = match.group(1).lower()
        value = match.group(2) if match.group(2) is not None else match.group(3)
        if key not in ALLOWED_TAGS[name]:
            return f"<{name}> may not have a '{key}' attribute"
        if key == "color" and not _COLOUR.match(value):
            return f"colour {value!r} is not a name or #rrggbb"
        if key == "size" and not _SIZE.match(value):
            return f"size {value!r} is not a number of points"
        if key == "size" and float(value) < MIN_MARKUP_SIZE:
            return (f"size {value!r} is under the {MIN_MARKUP_SIZE:g} pt floor every printed "
                    "text keeps")
        rest = rest.replace(match.group(0), "", 1)
    if rest.strip():
        return f"<{name}> has attributes that cannot be read: {rest.strip()!r}"
    return None


def _scan(markup: str) -> Iterator[tuple[re.Match[str], str | None]]:
    """Each token of ``markup`` with the reason it is refused (None when it may pass)."""
    open_tags: list[tuple[str, re.Match[str]]] = []
    for match in _TOKEN.finditer(markup):
        if match.group("stray"):
            yield match, f"a bare '{match.group('stray')}' (write &amp;, &lt; or &gt;)"
        elif match.group("entity"):
            body = match.group("entity")[1:-1]
            known = (_code_point_ok(body) if body.startswith("#")
                     else body in _XML_ENTITIES or _known_entity(body))
            yield match, None if known else f"unknown entity {match.group('entity')}"
        else:
            yield match, _tag_problem(match, open_tags)
    for name, match in open_tags:
        yield match, f"<{name}> is never closed"


def _known_entity(name: str) -> bool:
    """A named entity ReportLab's parser knows (``&nbsp;``, ``&eacute;``...); its table is
    loaded with ReportLab's paragraph code, only when a template uses one."""
    from generator.text.platypus import known_entities

    return name in known_entities


def _code_point_ok(body: str) -> bool:
    """A numeric entity names a character that exists (not NUL, not past U+10FFFF)."""
    value = int(body[2:], 16) if body[1:2] in "xX" else int(body[1:])
    return 0 < value <= 0x10FFFF


def _tag_problem(match: re.Match[str], open_tags: list[tuple[str, re.Match[str]]]
                 ) -> str | None:
    name = match.group("name").lower()
    if name not in ALLOWED_TAGS:
        return f"<{name}> is not allowed (only {ALLOWED_DESCRIPTION})"
    if match.group("close"):
        if not open_tags or open_tags[-1][0] != name:
            return f"</{name}> closes nothing that is open"
        open_tags.pop()
        return None
    if name == "br" and not match.group("self"):
        return "write a line break as <br/>"
    problem = _attributes_problem(name, match.group("attrs"))
    if problem is None and not match.group("self"):
        open_tags.append((name, match))
    return problem


def markup_problems(markup: str) -> list[MarkupProblem]:
    """Everything in ``markup`` that is not allowed, in order."""
    return list(_problems(markup))


# A build asks about the same few hundred texts thousands of times (the print check, the
# layout and every identical card): each distinct text is scanned once.
@lru_cache(maxsize=4096)
def _problems(markup: str) -> tuple[MarkupProblem, ...]:
    return tuple(sorted((MarkupProblem(m.start(), m.group(0), reason)
                         for m, reason in _scan(markup) if reason is not None),
                        key=lambda p: p.offset))


@lru_cache(maxsize=4096)
def sanitise(markup: str) -> str:
    """``markup`` with every refused token escaped, so ReportLab shows it as typed and
    never follows it (an image, a link) or chokes on it (an unclosed tag)."""
    refused = {p.offset: p.text for p in _problems(markup)}
    if not refused:
        return markup
    out, position = [], 0
    for match in _TOKEN.finditer(markup):
        out.append(markup[position:match.start()])
        token = match.group(0)
        out.append(escape(token, quote=False) if match.start() in refused else token)
        position = match.end()
    out.append(markup[position:])
    return "".join(out)


@lru_cache(maxsize=1)
def _drawable() -> frozenset[int]:
    """Code points every face of the embedded family can draw."""
    register_fonts()
    sets = [set(pdfmetrics.getFont(name).face.charToGlyph)
            for name in (REGULAR, BOLD, ITALIC, BOLD_ITALIC)]
    return frozenset(set.intersection(*sets))


def missing_glyphs(text: str) -> list[tuple[int, str]]:
    """(index, character) of each character of ``text`` the embedded font cannot draw:
    printed, it would be an empty box. Line breaks and tabs are layout, not glyphs."""
    drawable = _drawable()
    return [(i, ch) for i, ch in enumerate(text)
            if ord(ch) not in drawable and ch not in "\n\r\t"]


def describe_character(ch: str) -> str:
    """'U+1F600 GRINNING FACE': how a finding names a character that may not show."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')}"
