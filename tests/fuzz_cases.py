"""Hostile and mutated input for every loader, and the contract each case must keep.

Shared by tests/input/test_loader_fuzz.py (hypothesis, a modest number of cases on every run) and
bench/fuzz.py (a long run). A case is a loader target, a seed file Paddock ships and a list of
mutations; :func:`run_case` feeds the mutated text to the target and raises
:class:`ContractBroken` unless the case ends in findings (each at a file:line:column) or an
InputError with a position: never another exception, never exit code 3.
"""

from __future__ import annotations

import contextlib
import io
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.commands.cli import main
from generator.errors import InputError
from generator.input.source import parse_document
from generator.paper.dice import DICE_DATA, load_dice_set
from generator.paper.icons import BUILTIN_ICONS, IconSet
from generator.project.loading import load
from generator.text.templates import TextTemplates

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "generator"


def _seeds() -> dict[str, list[Path]]:
    vehicles = REPO / "vehicles"
    return {
        "frothy-races": sorted((vehicles / "frothy-races").glob("*.yaml")),
        "joyride": sorted((vehicles / "joyride").glob("*.yaml")),
        "joyride-items": sorted((vehicles / "joyride" / "items").glob("*.yaml")),
        "outrider": sorted((vehicles / "outrider").glob("*.yaml")),
        "circus-maximus": sorted((vehicles / "circus-maximus").glob("*.yaml")),
        "formula-ace": sorted((vehicles / "formula-ace").glob("*.yaml")),
        "tracks": sorted((vehicles / "tracks").glob("*.yaml")),
        "kit": [vehicles / "kit.yaml"],
        "icons": [BUILTIN_ICONS],
        "dice": sorted(DICE_DATA.glob("*.yaml")),
        # Packaged data read only from the package (never from a user's folder): fuzzed
        # through the YAML layer every loader shares.
        "catalogues": sorted(PACKAGE.glob("games/*/data/*.yaml")),
        "pieces": sorted(PACKAGE.glob("tracks/*.yaml")),
    }


SEEDS = _seeds()
TARGETS = tuple(SEEDS)

# Values that have broken loaders before, or would: bad tags, numbers out of range, text
# too long, YAML's structural characters where text is expected.
HOSTILE_VALUES = (
    "!!int abc", "!!int ''", "!!int 0b102", "!!float abc", "!!bool maybe",
    "!!timestamp notadate", "!!python/object:os.system ls", "!!python/object/apply:os.getcwd []",
    "!!set {a, b}", "!!binary aGk=", "!custom x", ".nan", ".inf", "-.inf", "1" + "0" * 400,
    "1e400", "-1e400", str(2**63), "-0.0", "0", "-1", "99999", "1.5", "true", "~", "''", "[]",
    "{}", "2024-13-45", "'x' * 3", "x" * 12_000, "&a [*a]", "*nope", "{<<: 7}", "[1, [2, [3]]]",
    "'unclosed", '"unclosed', "[unclosed", "{unclosed", "a: b: c", "#ff0000", "Team #1",
    "\t3", "é😀", "\x00", "|\n  block\n  text", ">\n  folded", "- a\n- b",
)
TOKENS = (": ", " #", "#", "[", "]", "{", "}", ",", "'", '"', "\t", "&a ", "*a", "<<: *a",
          "!!python/object:os.system ", "!foo ", "---\n", "...\n", "%YAML 1.1\n", "? ", "- ",
          "|", ">", "~", "\ufeff", "\x85", "\u2028", "@", "`")


def _alias_bomb(levels: int = 9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


# Whole documents: each limit and each class of crash the issue measured.
HOSTILE_DOCUMENTS: dict[str, str] = {
    "alias-bomb": _alias_bomb(),
    "self-alias": "a: &a [*a]\n",
    "recursive-merge": "c: &c {<<: *c}\n",
    "deep-flow-30000": "[" * 30_000 + "]" * 30_000,
    "deep-mapping-flow": "{a: " * 5_000 + "1" + "}" * 5_000,
    "deep-block-500": "".join(" " * i + "k:\n" for i in range(500)),
    "deep-sequence": "- " * 3_000 + "x\n",
    "python-object-root": "!!python/object:__main__.Thing\ngame: joyride\nkind: car\n",
    "tag-on-sequence": "game: !!python/tuple [a]\n",
    "long-text": "game: frothy-races\nkind: vehicle\nname: x\nbackground: " + "y" * 200_000,
    "big-file": "game: frothy-races\nkind: vehicle\n" + "k: v\n" * 120_000,
    "many-values": "game: joyride\nkind: car\ntraits: [" + ", ".join(["x"] * 30_000) + "]\n",
    "nan-kit": "kind: kit\nprint: {gutter: .nan, bleed: .inf}\nsizes: {die: .nan}\n",
    "huge-kit": ("kind: kit\nprint: {gutter: 1" + "0" * 400 + "}\n"
                 "sizes: {hex: '1" + "0" * 400 + "mm'}\n"),
    "huge-length-text": "kind: kit\nsizes: {sticker: '" + "9" * 400 + "'}\n",
    "empty": "",
    "only-comment": "# nothing\n",
    "two-documents": "game: joyride\n---\ngame: joyride\n",
    "scalar-root": "just text\n",
    "list-root": "- game: joyride\n",
    "complex-key": "? [a, b]\n: 1\n",
    "null-key": "~: 1\ngame: joyride\n",
    "bad-date": "game: joyride\nkind: car\nname: 2024-02-30\n",
}


@dataclass(frozen=True)
class Mutation:
    """One change to a seed file, chosen by name and made reproducible by ``seed``."""

    kind: str
    seed: int


MUTATION_KINDS = ("delete-line", "duplicate-line", "swap-lines", "reindent", "insert-token",
                  "replace-value", "truncate", "replace-char", "append-hostile", "wrap")


def mutate(text: str, mutation: Mutation) -> str:
    """``text`` changed by one mutation; the same mutation always gives the same text."""
    rng = random.Random(mutation.seed)
    lines = text.split("\n")
    at = rng.randrange(len(lines)) if lines else 0
    kind = mutation.kind
    if kind == "delete-line" and lines:
        del lines[at]
    elif kind == "duplicate-line" and lines:
        lines.insert(at, lines[at])
    elif kind == "swap-lines" and len(lines) > 1:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "reindent" and lines:
        stripped = lines[at].lstrip(" ")
        lines[at] = rng.choice([" " * rng.randrange(9), "\t", " \t"]) + stripped
    elif kind == "insert-token":
        position = rng.randrange(len(text) + 1)
        return text[:position] + rng.choice(TOKENS) + text[position:]
    elif kind == "replace-value" and lines:
        line = lines[at]
        colon = line.find(": ")
        value = rng.choice(HOSTILE_VALUES)
        lines[at] = (line[:colon + 2] + value) if colon >= 0 else line + ": " + value
    elif kind == "truncate":
        return text[:rng.randrange(len(text) + 1)]
    elif kind == "replace-char" and text:
        position = rng.randrange(len(text))
        char = chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000),
                               rng.randrange(0, 32)]))
        return text[:position] + char + text[position + 1:]
    elif kind == "append-hostile":
        name = rng.choice(sorted(HOSTILE_DOCUMENTS))
        document = HOSTILE_DOCUMENTS[name]
        if document and not document.startswith(("[", "{", "-", "!", "?", "~", "just")):
            return text.rstrip("\n") + "\n" + document[:20_000]
        return text + "\nextra: " + rng.choice(HOSTILE_VALUES) + "\n"
    elif kind == "wrap":
        depth = rng.choice([2, 40, 1_000])
        return "outer: " + "[" * depth + "x" + "]" * depth + "\n" + text
    return "\n".join(lines)


class ContractBroken(AssertionError):
    """A case ended in something other than findings or an input error with a position."""


_TEMPLATES: list[TextTemplates] = []


def _templates() -> TextTemplates:
    if not _TEMPLATES:
        _TEMPLATES.append(TextTemplates())
    return _TEMPLATES[0]


def run_case(target: str, text: str, folder: Path) -> str:
    """Feed ``text`` to ``target``'s loader from a file in ``folder``; return how it ended
    ('clean', 'findings' or 'input-error'), or raise ContractBroken."""
    runner = _RUNNERS.get(target, _run_definition)
    try:
        return runner(text, folder)
    except ContractBroken:
        raise
    except InputError as exc:
        if exc.file is None or exc.line is None:
            raise ContractBroken(f"input error without a position: {exc}") from exc
        return "input-error"
    except Exception as exc:  # the contract: nothing else may escape
        raise ContractBroken(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}") from exc


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def _run_definition(text: str, folder: Path) -> str:
    """Definitions and kits go through ``load`` (with the print check), then through the
    command line itself: exit 0, 1 or 2, never 3, and every finding at a position."""
    path = _write(folder, "case.yaml", text)
    loaded = load([path], _templates())
    for finding in loaded.findings:
        if finding.mark.line < 1 or finding.mark.column < 1:
            raise ContractBroken(f"finding without a position: {finding}")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(path)])
    if code not in (0, 1, 2):
        raise ContractBroken(f"paddock check exited {code}:\n{err.getvalue()}")
    if loaded.unreadable and code != 2:
        raise ContractBroken(f"an unreadable file exited {code}, not 2")
    return "findings" if loaded.findings else "clean"


def _run_team(text: str, folder: Path) -> str:
    """A Formula Ace team is checked, then its season replayed: exit 0, 1 or 2, never 3."""
    ended = _run_definition(text, folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["season", str(folder / "case.yaml")])
    if code not in (0, 1, 2):
        raise ContractBroken(f"paddock season exited {code}:\n{err.getvalue()}")
    return ended


def _run_icons(text: str, folder: Path) -> str:
    # A folder of its own per case: icon files are cached by path.
    _ICON_CASES.append(1)
    own = folder / f"icons-{len(_ICON_CASES)}"
    own.mkdir()
    _write(own, "icons.yaml", text)
    IconSet(own)
    return "clean"


_ICON_CASES: list[int] = []


def _run_dice(text: str, folder: Path) -> str:
    load_dice_set(_write(folder, "dice.yaml", text))
    return "clean"


def _run_yaml(text: str, folder: Path) -> str:
    parse_document(text, "case.yaml")
    return "clean"


_RUNNERS: dict[str, Callable[[str, Path], str]] = {
    "icons": _run_icons, "dice": _run_dice, "catalogues": _run_yaml, "pieces": _run_yaml,
    "formula-ace": _run_team,
}


def seed_text(target: str, index: int) -> str:
    files = SEEDS[target]
    return files[index % len(files)].read_text(encoding="utf-8")
