"""The studio's state: each definition file's findings, pages and balance, kept up to date.

What a save rebuilds (the rule the page and ``paddock serve --help`` state):

- a definition file saved: that file is checked again, and when it has no errors its own
  pages and balance are made again; every other file keeps what it had;
- the kit file, a template or a picture saved: every file is checked and built again (they
  shape every page);
- a file with errors keeps the pages of its last good save, and its errors go on top of
  the page; a file removed leaves the page;
- a table the kit names (a CSV or XLSX file, ``tables:``) is shown as its grid of cells,
  each finding marked on the cell it is about (``file:row:column``); its rows without
  errors are printed (a bad row holds back only itself, as in a build). A saved table, like
  the kit, rebuilds everything (its rows may join other files' definitions).

Each file is built on its own (its own components, without the shared sheets) into a new
folder of the session's, which replaces the old one only once the whole build succeeded.
Page images are drawn from those PDFs when the browser asks for them, once each.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.commands.build import Selection, plan
from generator.commands.serve.table_view import table_view
from generator.errors import PaddockError
from generator.input.findings import Finding, Severity
from generator.input.names import slug
from generator.input.source import display_path
from generator.paper.icons import IconSet
from generator.paper.output import BuildContext
from generator.project.kit import print_settings
from generator.project.loading import Definition, Loaded, load
from generator.text.templates import TextTemplates

DEFINITION_SUFFIXES = (".yaml", ".yml")


@dataclass
class FileView:
    """One definition file as the page shows it."""

    path: str
    key: str
    name: str = ""
    game: str = ""
    findings: list[Finding] = field(default_factory=list)
    pdfs: list[tuple[str, Path, int]] = field(default_factory=list)  # (title, file, pages)
    balance: dict[str, Any] | None = None
    folder: Path | None = None  # the session folder holding its last good PDFs
    stale: bool = False  # the pages are of an earlier save (this one has errors)
    built_in: float = 0.0  # seconds the last build of its pages took
    table: dict[str, Any] | None = None  # a kit table's grid (see table_view), else None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]


class Studio:
    """The files under the paths served, each checked, built and measured."""

    def __init__(self, paths: Sequence[Path], templates_dir: Path | None = None) -> None:
        self.paths = list(paths)
        self.templates_dir = templates_dir
        self.templates = TextTemplates(templates_dir)
        self.icons = IconSet(templates_dir)
        self.session = Path(tempfile.mkdtemp(prefix="paddock-serve-"))
        self.files: dict[str, FileView] = {}
        self.kit_findings: list[Finding] = []
        self.problem: str | None = None  # a failure not tied to one file
        self.version = 0
        self.changed = threading.Condition()
        self.lock = threading.RLock()
        self.last_rebuild = 0.0
        self._kit: Any = None
        self.tables: dict[str, tuple[Path, str]] = {}  # shown path -> (file, sheet)

    # --- what a save rebuilds ----------------------------------------------------------

    def rebuild_all(self) -> None:
        """Check and build every file (the start, and a kit, template or picture saved)."""
        with self.lock:
            started = time.perf_counter()
            try:
                loaded = load(self.paths, self.templates, project_kit=True)
                self.problem = None
            except PaddockError as exc:
                self.problem = str(exc)
                self.bump(started)
                return
            self._kit = loaded.kit.kit if loaded.kit else None
            self.tables = kit_tables(loaded)
            self.kit_findings = [f for f in loaded.findings if f.mark.file in loaded.kit_files]
            seen = set()
            # a table that could not be read is in no file list, but its finding is at it
            tables = [t for t in self.tables if t not in loaded.files
                      and any(f.mark.file == t for f in loaded.findings)]
            for path in [*loaded.files, *tables]:
                if path in loaded.kit_files:
                    continue
                seen.add(path)
                self.update_file(path, loaded)
            for gone in set(self.files) - seen:
                self.drop(gone)
            self.bump(started)

    def rebuild(self, changed: Sequence[Path]) -> None:
        """After a batch of saves: the files saved alone when all are definitions; else
        everything."""
        definitions = [p for p in changed if p.suffix in DEFINITION_SUFFIXES
                       and not self.is_kit(p)]
        if len(definitions) != len(changed) or not self.files:
            self.rebuild_all()
            return
        with self.lock:
            started = time.perf_counter()
            for path in definitions:
                if not path.exists():
                    self.drop(self.display(path))
                    continue
                try:
                    loaded = load([path], self.templates, project_kit=True)
                except PaddockError as exc:
                    self.problem = str(exc)
                    continue
                self.problem = None
                for file in loaded.files:
                    if file not in loaded.kit_files:
                        self.update_file(file, loaded)
            self.bump(started)

    def is_kit(self, path: Path) -> bool:
        return path.name == "kit.yaml" or any(
            f.mark.file == self.display(path) for f in self.kit_findings)

    @staticmethod
    def display(path: Path) -> str:
        """The path as loading shows it (the same key for the same file)."""
        return display_path(path)

    # --- one file -------------------------------------------------------------------

    def update_file(self, path: str, loaded: Loaded) -> None:
        """Take one file's findings; rebuild its pages and balance when it is clean."""
        view = self.files.get(path) or FileView(path, slug(path, "file"))
        self.files[path] = view
        view.findings = [f for f in loaded.findings if f.mark.file == path]
        definition = next((d for d in loaded.definitions if d.path == path), None)
        if definition is not None:
            view.name, view.game = definition.name, definition.game.title
        if path in self.tables:
            return self.update_table(view, loaded)
        if view.errors or definition is None:
            view.stale = view.folder is not None
            return
        self.build_pages(view, [d for d in loaded.definitions if d.path == path], loaded)
        view.balance = self.measure(definition)
        view.stale = False

    def update_table(self, view: FileView, loaded: Loaded) -> None:
        """A kit table: its grid with the findings on their cells, and the pages of its
        rows without errors (a row of a definition's list prints with that definition)."""
        file, sheet = self.tables[view.path]
        view.table = table_view(file, view.path, sheet, view.findings)
        view.name = Path(view.path).name + (f" ({sheet})" if sheet else "")
        clean = [d for d in loaded.clean() if d.path == view.path]
        view.game = clean[0].game.title if clean else view.game
        if clean:
            self.build_pages(view, clean, loaded)
            view.stale = False
        else:
            view.pdfs, view.stale = [], False

    def build_pages(self, view: FileView, definitions: list[Definition], loaded: Loaded
                    ) -> None:
        """Write the file's own components into a new folder; switch to it when done."""
        started = time.perf_counter()
        self.version += 1
        folder = self.session / f"{view.key}-{self.version}"
        settings = print_settings(self._kit, {})
        context = BuildContext(out_dir=folder, paper=settings.paper, templates=self.templates,
                               duplex=settings.duplex, back_offset=settings.back_offset,
                               icons=self.icons, printing=settings.printing,
                               generic_deck=False)
        outputs, _, clash = plan(definitions, context, Selection(None, dice_stickers=False))
        pdfs = []
        try:
            for output in outputs:
                target = folder / output.path
                target.parent.mkdir(parents=True, exist_ok=True)
                info = output.write(target)
                if target.suffix == ".pdf":
                    pdfs.append((output.path, target, info.pages))
        except (PaddockError, OSError) as exc:
            shutil.rmtree(folder, ignore_errors=True)
            view.stale = view.folder is not None
            self.problem = f"{view.path}: not printed: {exc}"
            return
        old, view.folder, view.pdfs = view.folder, folder, pdfs
        view.findings += clash
        view.built_in = time.perf_counter() - started
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)

    def measure(self, definition: Definition) -> dict[str, Any] | None:
        """The file's balance against its game's baseline, as the summary shows it."""
        if definition.game.balance is None:
            return None
        from generator.commands.balance.run import run_balance
        from generator.commands.balance.summary import game_context

        try:
            result = run_balance(Loaded(definitions=[definition], files=[definition.path]),
                                 None, None)
        except PaddockError:
            return None
        games = [game_context(g) for g in result.games]
        return games[0] if games and games[0]["builds"] else None

    def drop(self, path: str) -> None:
        view = self.files.pop(path, None)
        if view is not None and view.folder is not None:
            shutil.rmtree(view.folder, ignore_errors=True)

    # --- telling the browsers -------------------------------------------------------

    def bump(self, started: float) -> None:
        """A new state: wake every page waiting for one."""
        self.last_rebuild = time.perf_counter() - started
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait_for_change(self, seen: int, timeout: float) -> int:
        """Block until the version passes ``seen`` (or ``timeout``); the version now."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > seen, timeout=timeout)
            return self.version

    def close(self) -> None:
        shutil.rmtree(self.session, ignore_errors=True)

    def watched(self) -> list[Path]:
        """What a save under which rebuilds: the paths, the project's kit, templates, the
        kit's tables."""
        from generator.paper.art import art_files
        from generator.project.loading import find_project_kit

        kit = find_project_kit(self.paths)
        return [*self.paths, *([kit] if kit else []), *art_files(self.paths),
                *([self.templates_dir] if self.templates_dir else []),
                *(file for file, _ in self.tables.values())]


def kit_tables(loaded: Loaded) -> dict[str, tuple[Path, str]]:
    """The tables the project's kit names, by the path findings give them: each file and
    its sheet."""
    if loaded.kit is None:
        return {}
    folder = Path(loaded.kit.path).parent
    return {display_path(folder / t.file): (folder / t.file, t.sheet)
            for t in loaded.kit.kit.tables}

