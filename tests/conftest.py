"""Shared fixtures: the shipped definitions, a way to write a changed vehicle to a file, and
an empty cache folder."""

from __future__ import annotations

import copy
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.input.findings import Finding
from generator.keep import fit_store
from generator.paper import drawing
from generator.project.loading import Loaded, load
from generator.text.templates import TextTemplates

REPO = Path(__file__).resolve().parent.parent
VEHICLES = REPO / "vehicles"
BASIC_CHARIOT = REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml"


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``paddock`` in this process, as the tests that read its exit code and what it
    printed do: (exit code, standard output, standard error)."""
    from generator.commands.cli import main  # the command line, only for the tests that run it
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def fresh_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, and fitting, paragraph and drawing stores that have read nothing yet
    (nothing an earlier test or run kept is drawn or fitted from)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for store in (fit_store.FITS, fit_store.PARAGRAPHS, fit_store.DRAWINGS):
        store.forget()
    drawing.fit_paragraph.cache_clear()
    yield tmp_path / "cache" / "paddock"
    for store in (fit_store.FITS, fit_store.PARAGRAPHS, fit_store.DRAWINGS):
        store.forget()  # owe the real cache folder nothing of this test's
    drawing.fit_paragraph.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def shared_reads(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The folder where a PDF read back is kept for every worker of this run
    (tests/pdf_reads.py): the run's base temporary folder, the parent of each xdist
    worker's own."""
    from tests import pdf_reads

    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "pdf-reads"
    folder.mkdir(exist_ok=True)
    pdf_reads.FOLDER[:] = [folder]
    yield
    pdf_reads.FOLDER.clear()


KitBuild = tuple[Path, dict[str, dict[str, Any]]]


@pytest.fixture(scope="session")
def kit_build(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., KitBuild]:
    """``paddock build vehicles OPTIONS`` once per suite run for each set of options: the
    output folder and the manifest's entries by path. For tests that only read the files
    (the print-shop and legibility tests read the same builds): never write into it."""
    built: dict[tuple[str, ...], KitBuild] = {}

    def build(*options: str) -> KitBuild:
        if options not in built:
            out = tmp_path_factory.mktemp("kit")
            from generator.commands.cli import main  # as run_cli: only for the tests that run it
            assert main(["build", str(VEHICLES), "-o", str(out), *options]) == 0
            manifest = json.loads((out / "manifest.json").read_text())
            built[options] = out, {entry["path"]: entry for entry in manifest["files"]}
        return built[options]

    return build


def shipped_files(folder: str = "") -> list[Path]:
    """Every YAML definition the default kit ships (or only those under ``folder``)."""
    return sorted((VEHICLES / folder).rglob("*.yaml"))


def basic_chariot_data() -> dict[str, Any]:
    """The basic chariot as plain data, to change and write back out."""
    data: dict[str, Any] = yaml.safe_load(BASIC_CHARIOT.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def write_vehicle(tmp_path: Path) -> Callable[..., Path]:
    """Write the basic chariot, changed by ``change(data)``, into a file of its own."""
    counter = {"n": 0}

    def write(change: Callable[[dict[str, Any]], object] | None = None,
              name: str | None = None) -> Path:
        data = copy.deepcopy(basic_chariot_data())
        if change is not None:
            change(data)
        counter["n"] += 1
        path = tmp_path / (name or f"vehicle-{counter['n']}.yaml")
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                       default_flow_style=None),
                        encoding="utf-8")
        return path

    return write


def check_file(path: Path, templates: bool = True) -> Loaded:
    """Load one file the way ``paddock check`` does."""
    return load([path], TextTemplates() if templates else None)


def rule_ids(findings: list[Finding]) -> set[str]:
    return {f.rule for f in findings}


def format_findings(findings: list[Finding]) -> list[Finding]:
    """The findings about the file's format (schema and YAML), without the rule findings and
    the CHECK-SKIPPED notes that follow a schema error (check goes on after one)."""
    return [f for f in findings if f.rule.startswith(("SCHEMA-", "YAML-", "DEF-"))]


@functools.cache
def small_picture() -> str:
    """A 40 x 30 pixel PNG in a temporary folder (absolute path): too coarse to print well
    in any art area, for the ART-RESOLUTION rules."""
    from PIL import Image

    path = Path(tempfile.mkdtemp(prefix="paddock-art-")) / "small.png"
    Image.new("RGB", (40, 30), "#8c2f2f").save(path)
    return str(path)


def art(value: str | Callable[[], str]) -> Callable[[dict[str, Any]], None]:
    """A change setting the vehicle's ``art:`` (a callable is called when the change runs)."""
    def change(data: dict[str, Any]) -> None:
        data["art"] = value() if callable(value) else value
    return change


_AS_USER = """
import atexit, importlib, os, pkgutil, sys
import generator
for name in ("encodings.unicode_escape", "encodings.raw_unicode_escape", "encodings.idna",
             "encodings.latin_1", "encodings.ascii", "reportlab.platypus", "jinja2.ext"):
    importlib.import_module(name)
for found in pkgutil.walk_packages(generator.__path__, "generator."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
if sys.argv[1]:
    uid, gid = map(int, sys.argv[1].split())
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
from generator.commands.cli import main
code = main(sys.argv[2:])
atexit._run_exitfuncs()
sys.stdout.flush()
os._exit(code)
"""


class NormalUser:
    """A folder owned by an unprivileged user, and ``paddock`` run as that user: for the
    behaviour that depends on permissions, which root ignores."""

    def __init__(self, folder: Path, uid: int | None, gid: int | None) -> None:
        self.folder = folder
        self.uid = uid
        self.gid = gid

    def run(self, *args: str | Path, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
        """``paddock ARGS`` as the user, its home and cache in the folder: a child that
        imports all of Paddock first (the interpreter's own files may be out of the user's
        reach), then drops to the user's ids."""
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                       "HOME": str(self.folder), "XDG_CACHE_HOME": str(self.folder / "cache"),
                       "LANG": "C.UTF-8", **(env or {})}
        ids = "" if self.uid is None else f"{self.uid} {self.gid}"
        return subprocess.run([sys.executable, "-c", _AS_USER, ids, *map(str, args)],
                              cwd=REPO, env=environment, capture_output=True, text=True,
                              timeout=300)

    def own(self, path: Path) -> None:
        """Give ``path`` (made by the suite) to the user."""
        if self.uid is not None:
            os.chown(path, self.uid, self.gid or -1, follow_symlinks=False)


@pytest.fixture
def normal_user() -> Iterator[NormalUser]:
    """Run as a normal user: ourselves when the suite is not root, else ``nobody`` in a
    child process (skipped, with the reason, where there is no such user)."""
    folder = Path(tempfile.mkdtemp(prefix="paddock-user-"))
    uid = gid = None
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        import pwd

        try:
            entry = pwd.getpwnam("nobody")
        except KeyError:
            shutil.rmtree(folder)
            pytest.skip("the suite runs as root and there is no 'nobody' user to drop to")
        uid, gid = entry.pw_uid, entry.pw_gid
        os.chown(folder, uid, gid)
        os.chmod(folder, 0o755)
    yield NormalUser(folder, uid, gid)
    for here, folders, _ in os.walk(folder):  # a test may leave folders read-only
        for name in folders:
            if not os.path.islink(os.path.join(here, name)):
                os.chmod(os.path.join(here, name), 0o755)
    shutil.rmtree(folder, ignore_errors=True)
