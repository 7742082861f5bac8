"""From paths on the command line to validated, typed definitions and their findings.

Data flows one way: YAML text -> position-carrying nodes (``source``) -> a game's schema
(``schema``) -> frozen model dataclasses wrapped in a :class:`Definition` that remembers where
each value came from. Rule checks then run on the models. Nothing here draws or writes.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.input.findings import Finding, KeyPath, Severity
from generator.input.glyphs import glyph_findings
from generator.input.schema import (
    FORMAT_RULES,
    INVALID,
    Validation,
    did_you_mean,
    locate,
    show_path,
)
from generator.input.source import (
    CutText,
    Document,
    Map,
    Mark,
    MarkTable,
    Scalar,
    display_path,
    load_document,
)
from generator.paper.art import resolve_art
from generator.project.game import Game, Kind
from generator.project.kit import LoadedKit, is_kit, read_kit, second_kit
from generator.project.registry import GAMES
from generator.text.templates import TextTemplates

YAML_SUFFIXES = (".yaml", ".yml")
TABLE_SUFFIXES = (".csv", ".xlsx")


@dataclass
class Definition:
    """A validated vehicle or track: its game, kind, model and where every value is."""

    game: Game
    kind: Kind
    model: Any
    path: str
    marks: Mapping[KeyPath, Mark]
    root: Mark
    # Read from a table (generator.project.tables): the rows of its file that are its own
    # (None: the whole file), and the rows of tables that extend its lists, by file.
    rows: frozenset[int] | None = None
    taken: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def owns(self, mark: Mark) -> bool:
        """Whether a finding at ``mark`` is about this definition's input."""
        if mark.file == self.path:
            return self.rows is None or mark.line in self.rows
        return mark.line in self.taken.get(mark.file, ())

    @property
    def name(self) -> str:
        return str(getattr(self.model, "name", Path(self.path).stem))

    def locate(self, path: KeyPath) -> Mark:
        """file:line:column of the value at ``path`` (or its nearest ancestor)."""
        return locate(self.marks, path, self.root)


@dataclass
class Loaded:
    """Everything read from the paths given: definitions that validated, and all findings."""

    definitions: list[Definition] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    kit: LoadedKit | None = None
    kit_files: list[str] = field(default_factory=list)
    # Files that could not be read or parsed: each is an error finding, and the run's exit
    # code is 2 once every other file has been checked.
    unreadable: list[str] = field(default_factory=list)

    def kit_errors(self) -> list[Finding]:
        """Errors in kit files: a build must not guess the print settings they meant."""
        return [f for path in self.kit_files for f in self.errors_in(path)]

    def errors_in(self, path: str) -> list[Finding]:
        return [f for f in self.findings if f.mark.file == path and f.severity is Severity.ERROR]

    def errors_of(self, definition: Definition) -> list[Finding]:
        """The errors about a definition's input: its file, or its rows of a table."""
        return [f for f in self.findings
                if f.severity is Severity.ERROR and definition.owns(f.mark)]

    def clean(self) -> list[Definition]:
        """Definitions with no error findings: the ones a build may print."""
        return [d for d in self.definitions if not self.errors_of(d)]


def find_files(paths: Sequence[Path]) -> list[Path]:
    """Every YAML file named, or found (recursively, in name order) in a folder named.

    Raises InputError for a missing path, or a folder holding no YAML definitions.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES
                           and p.is_file() and not _hidden(p.relative_to(path)))
            if not files:
                raise InputError("no definitions here (no .yaml files)", file=display_path(path),
                                 hint="point at a folder of vehicle or track files")
            found.extend(files)
        elif path.exists():
            found.append(path)
        else:
            raise InputError(_missing_reason(path), file=str(path),  # as named, not resolved
                             hint=_missing_hint(path))
    unique: dict[Path, None] = dict.fromkeys(p.resolve() for p in found)
    return [Path(display_path(p)) for p in unique]


def _missing_reason(path: Path) -> str:
    """Why ``path`` cannot be read: gone, a link in a loop, or a link to nothing."""
    if not path.is_symlink():
        return "no such file or folder"
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link in a loop (it leads back to itself)"
        if exc.errno == errno.ENAMETOOLONG:
            return "a symbolic link whose target's name is too long"
    return f"a symbolic link to {os.readlink(path)}, which does not exist"


def _missing_hint(path: Path) -> str | None:
    if path.is_symlink():
        return "point the link at a vehicle or track file, or name the file itself"
    return None


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def load(paths: Sequence[Path], templates: TextTemplates | None = None,
         project_kit: bool = False) -> Loaded:
    """Read, validate and rule-check every definition under ``paths``.

    With ``templates``, definitions without errors also get their game's print check: text
    that cannot fit at a legible size is an error before anything is drawn. A file that cannot
    be read or parsed is an error finding (and listed in ``unreadable``), never a stop: every
    other file is still read. Only a path that does not exist raises (InputError). With
    ``project_kit``, a build of single files also reads the kit file of the project folder
    they belong to (``find_project_kit``), as a build of the whole folder would.
    """
    loaded = Loaded()
    files = find_files(paths)
    kit = find_project_kit(paths) if project_kit else None
    if kit is not None and kit.resolve() not in {f.resolve() for f in files}:
        files.append(kit)
    documents = read_documents(files, loaded)
    taken = add_tables(loaded, documents, paths)
    for document in documents:
        definition, findings = validate(document)
        loaded.findings.extend(findings)
        if definition is not None:
            if document.path.endswith(TABLE_SUFFIXES):  # a row of a table
                definition.rows = frozenset({document.root.mark.line})
            definition.taken = {file: frozenset(rows)
                                for file, rows in taken.get(document.path, {}).items()}
            loaded.definitions.append(definition)
    loaded.findings.extend(name_clashes(loaded.definitions))
    for definition in loaded.definitions:
        loaded.findings.extend(run_rules(definition))
        loaded.findings.extend(glyph_findings(definition))
        if definition.kind.related is not None:
            loaded.findings.extend(definition.kind.related(definition, loaded.definitions))
    if templates is not None:
        for definition in loaded.definitions:
            check = definition.kind.print_check
            if check is not None and not loaded.errors_of(definition):
                loaded.findings.extend(check(definition, templates))
    add_waivers(loaded, paths)
    loaded.findings.sort(key=Finding.sort_key)
    return loaded


def read_documents(files: Sequence[Path], loaded: Loaded) -> list[Document]:
    """Read every file into nodes: kit files into ``loaded.kit``, a file that cannot be read
    into a finding; the definitions' documents are returned, to validate."""
    documents: list[Document] = []
    for path in files:
        try:
            if path.suffix.lower() in TABLE_SUFFIXES:
                raise InputError("a table is read through the kit file's tables: list, not "
                                 "on its own", file=display_path(path),
                                 hint="name it under tables: in kit.yaml (docs/studio.md), "
                                 "then check the project folder")
            document = load_document(path)
        except InputError as exc:
            failure = unreadable_finding(exc, display_path(path))
            loaded.files.append(failure.mark.file)
            loaded.unreadable.append(failure.mark.file)
            loaded.findings.append(failure)
            if looks_like_kit(path):  # its print settings cannot be guessed: no build
                loaded.kit_files.append(failure.mark.file)
            continue
        loaded.files.append(document.path)
        loaded.findings.extend(cut_text_finding(cut) for cut in document.cut_texts)
        if is_kit(document):
            add_kit(loaded, document)
        else:
            documents.append(document)
    return documents


def add_tables(loaded: Loaded, documents: list[Document], paths: Sequence[Path]
               ) -> dict[str, dict[str, set[int]]]:
    """Read the tables the kit names (:mod:`generator.project.tables`): rows that are
    definitions join ``documents``, rows that extend a list go into their owner's nodes;
    the rows each owner took, by document path."""
    if loaded.kit is None or not loaded.kit.kit.tables:
        return {}
    from generator.project.tables import read_tables

    tables = read_tables(loaded.kit, documents, any(p.is_dir() for p in paths))
    documents.extend(tables.documents)
    loaded.files.extend(tables.files)
    loaded.findings.extend(tables.findings)
    return tables.taken


def add_waivers(loaded: Loaded, paths: Sequence[Path]) -> None:
    """Mark the findings the files' and the kit's waivers waive (see
    :mod:`generator.project.waiving`); report waivers that waive nothing."""
    from generator.project.waiving import apply_waivers, project_waivers

    readable = [f for f in loaded.files if f not in loaded.unreadable]
    kit_path = find_project_kit(paths) if loaded.kit is None else None
    waivers = project_waivers(loaded.kit, readable, kit_path)
    whole = loaded.kit is not None and any(path.is_dir() for path in paths)
    loaded.findings = apply_waivers(loaded.findings, waivers, report_unused_kit=whole)


KIT_FILE = "kit.yaml"
PROJECT_INPUT = "vehicles"


def find_project_kit(paths: Sequence[Path]) -> Path | None:
    """The kit file single files belong to: the nearest ``kit.yaml`` (or ``vehicles/kit.yaml``)
    in a folder above them, up to the project folder (the one holding ``vehicles/``). None
    when a folder is named (its own kit files count) or no kit is found."""
    if not paths or any(path.is_dir() for path in paths):
        return None
    for start in dict.fromkeys(path.resolve().parent for path in paths):
        for folder in (start, *start.parents):
            for candidate in (folder / KIT_FILE, folder / PROJECT_INPUT / KIT_FILE):
                if candidate.is_file() and looks_like_kit(candidate):
                    return Path(display_path(candidate))
            if (folder / PROJECT_INPUT).is_dir():
                break
    return None


_KIT_LINE = re.compile(rb"^kind:\s*['\"]?kit['\"]?\s*(#.*)?$", re.MULTILINE)


def looks_like_kit(path: Path) -> bool:
    """A file that could not be parsed but says ``kind: kit`` on a line of its own."""
    try:
        if not path.is_file():
            return False
        with path.open("rb") as handle:
            head = handle.read(64 * 1024)
    except OSError:
        return False
    return _KIT_LINE.search(head) is not None


def unreadable_finding(exc: InputError, shown: str) -> Finding:
    """A file that cannot be read or parsed, as an error finding for that file, so the
    other files are still checked and reported."""
    mark = Mark(exc.file or shown, exc.line or 1, exc.column or 1)
    finding = FORMAT_RULES[exc.rule].finding(mark, message=exc.message, hint=exc.hint or "")
    return dataclasses.replace(finding, excerpt=exc.excerpt)


# A comment of the line's own after the cut text: spaces, '#', then a space or the end.
_TRAILING_COMMENT = re.compile(r"\s+#(\s|$)")


def cut_text_finding(cut: CutText) -> Finding:
    """``name: Team #1`` reads as ``Team``: warn, and show the line with the text quoted. A
    comment the line goes on to (``colour: #1565c0  # blue``) stays a comment after it."""
    key, _, value = cut.line.partition(":")
    value = value.strip()
    comment = _TRAILING_COMMENT.search(value)
    text, rest = (value[:comment.start()], value[comment.start():]) if comment else (value, "")
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return FORMAT_RULES["YAML-COMMENT-IN-TEXT"].finding(
        cut.mark, kept=cut.kept, quoted=f'{key.strip()}: "{text}"{rest}')


def add_kit(loaded: Loaded, document: Document) -> None:
    """Read a ``kind: kit`` file into ``loaded``: the first valid one counts."""
    kit, findings = read_kit(document)
    loaded.kit_files.append(document.path)
    loaded.findings.extend(findings)
    if kit is None:
        return
    if loaded.kit is None:
        loaded.kit = kit
    else:
        loaded.findings.append(second_kit(kit, loaded.kit))


def validate(document: Document) -> tuple[Definition | None, list[Finding]]:
    """Check one document against its game's schema; the Definition is None if it failed."""
    root = document.root
    v = Validation(source="Paddock file format")
    for dup in document.duplicates:
        v.findings.append(FORMAT_RULES["YAML-DUPLICATE-KEY"].finding(
            dup.second, key=dup.key, first_line=dup.first.line))
    if not isinstance(root, Map):
        v.fail("SCHEMA-TYPE", root.mark, (), expected="a mapping with 'game:' and 'kind:'",
               found="something else")
        return None, v.findings
    target = dispatch(root, v)
    if target is None:
        return None, v.findings
    game, kind = target
    v.source = f"Paddock file format: {game.title} {kind.name}"
    model = kind.schema.validate(root, (), v)
    if v.findings and any(f.severity is Severity.ERROR for f in v.findings):
        return None, v.findings + rules_after_errors(kind, model, v, root.mark)
    model = resolve_art(model, document.path)
    return Definition(game, kind, model, document.path, MarkTable(v.marks), root.mark), \
        v.findings


def rules_after_errors(kind: Kind, model: Any, v: Validation, root: Mark) -> list[Finding]:
    """A compiler reports all it can: the rules run on what parsed of a file with schema
    errors, and each rule that needs a field that failed is named once (CHECK-SKIPPED)."""
    partial = v.partials.get(()) if model is INVALID else model
    if partial is None:
        return []
    marks = MarkTable(v.marks)

    def where(path: KeyPath) -> Mark:
        return locate(marks, path, root)

    findings, skipped = kind.rules.run_partial(partial, where, kind.context)
    by_field: dict[KeyPath, list[str]] = {}
    for rule_id, path in skipped.items():
        by_field.setdefault(path, []).append(rule_id)
    for path, rules in by_field.items():
        findings.append(FORMAT_RULES["CHECK-SKIPPED"].finding(
            where(path), rules=rules, field=show_path(path) if path else ""))
    return findings


def dispatch(root: Map, v: Validation) -> tuple[Game, Kind] | None:
    """Find the game and kind a document declares, with did-you-mean on a typo."""
    game_node, kind_node = root.get("game"), root.get("kind")
    game_id = game_node.value if isinstance(game_node, Scalar) else None
    if game_node is None:
        v.fail("SCHEMA-MISSING-KEY", root.mark, ("game",), key="game",
               doc="the game this file is for: " + ", ".join(GAMES))
        return None
    if not isinstance(game_id, str) or game_id not in GAMES:
        v.fail("DEF-GAME-UNKNOWN", game_node.mark, ("game",), game=game_id,
               suggestion=did_you_mean(str(game_id), list(GAMES)) or "", known=", ".join(GAMES))
        return None
    game = GAMES[game_id]
    kind_name = kind_node.value if isinstance(kind_node, Scalar) else None
    if kind_node is None:
        v.fail("SCHEMA-MISSING-KEY", root.mark, ("kind",), key="kind",
               doc="what this file defines: " + ", ".join(game.kinds))
        return None
    if not isinstance(kind_name, str) or kind_name not in game.kinds:
        v.fail("DEF-KIND-UNKNOWN", kind_node.mark, ("kind",), game=game.id, kind=kind_name,
               suggestion=did_you_mean(str(kind_name), list(game.kinds)) or "",
               known=", ".join(game.kinds))
        return None
    return game, game.kinds[kind_name]


def name_clashes(definitions: Iterable[Definition]) -> list[Finding]:
    """Two definitions of one game and kind with the same name would print mixed-up decks;
    names are compared as they print, without regard to case or to extra spaces."""
    seen: dict[tuple[str, str, str], Definition] = {}
    findings = []
    for definition in definitions:
        printed = " ".join(definition.name.split()).casefold()
        key = (definition.game.id, definition.kind.name, printed)
        other = seen.setdefault(key, definition)
        if other is not definition:
            findings.append(FORMAT_RULES["DEF-NAME-CLASH"].finding(
                definition.locate(("name",)), game=definition.game.title,
                kind=definition.kind.name, name=definition.name, other=other.path))
    return findings


def run_rules(definition: Definition) -> list[Finding]:
    """The findings of every rule of the definition's game and kind."""
    kind = definition.kind
    return list(kind.rules.run(definition.model, definition.locate, kind.context))
