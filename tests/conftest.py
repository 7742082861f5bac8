"""Shared fixtures: the shipped definitions, a way to write a changed vehicle to a file, and
an empty cache folder."""

from __future__ import annotations

import copy
import functools
import tempfile
from collections.abc import Callable
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
