"""The fitting cache changes nothing on paper: the default kit built with every text fitted
afresh and built through the cache renders identically, page by page (pixels and text)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.paper import drawing
from tests.page_prints import compare_folders, page_prints

ROOT = Path(__file__).resolve().parents[2]


def without_fit_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every module that imported ``fit_paragraph`` at the uncached function."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("generator.") and module is not drawing \
                and getattr(module, "fit_paragraph", None) is drawing.fit_paragraph:
            monkeypatch.setattr(module, "fit_paragraph", drawing.fit_paragraph_uncached)


def test_cached_fitting_prints_the_default_kit_exactly_as_fitting_afresh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    drawing.fit_paragraph.cache_clear()
    assert main(["build", "--rebuild", "-o", str(tmp_path / "cached")]) == 0
    assert drawing.fit_paragraph.cache_info().hits > 0
    without_fit_cache(monkeypatch)
    drawing.fit_paragraph.cache_clear()
    assert main(["build", "--rebuild", "-o", str(tmp_path / "fresh")]) == 0
    assert drawing.fit_paragraph.cache_info().currsize == 0
    assert compare_folders(tmp_path / "fresh", tmp_path / "cached") == []
    assert any(page_prints(pdf) for pdf in (tmp_path / "cached").rglob("*.pdf"))
