"""What the studio's page shows, from the studio's state: the template's context, and the
page images drawn from each file's PDFs (at screen resolution, each once)."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

from generator.commands.serve.studio import FileView, Studio
from generator.input.findings import Finding

PAGE_TEMPLATE = "serve/page.html.j2"
SCREEN_DPI = 60
_images: dict[tuple[str, int, int], bytes] = {}
_pdfium = threading.Lock()  # PDFium is not thread-safe


def finding_context(finding: Finding) -> dict[str, Any]:
    return {"severity": finding.severity.value, "rule": finding.rule,
            "where": f"{finding.mark.file}:{finding.mark.line}:{finding.mark.column}",
            "message": finding.message, "hint": finding.hint, "waived": finding.waived}


def file_context(view: FileView) -> dict[str, Any]:
    """One file: its findings, its pages (by URL) and its balance."""
    version = view.folder.name if view.folder else ""
    pages = [{"title": f"{title}, page {page + 1}",
              "url": f"/pages/{view.key}/{index}-{page}.png?v={version}"}
             for index, (title, _, count) in enumerate(view.pdfs) for page in range(count)]
    return {"path": view.path, "key": view.key, "name": view.name or view.path,
            "game": view.game, "findings": [finding_context(f) for f in view.findings],
            "errors": len(view.errors), "stale": view.stale, "pages": pages,
            "balance": view.balance, "built_in": f"{view.built_in * 1000:.0f}",
            "table": view.table}


def page_context(studio: Studio) -> dict[str, Any]:
    """Everything the page shows, errors first."""
    with studio.lock:
        files = [file_context(v) for _, v in sorted(studio.files.items())]
        errors = [finding_context(f) for v in studio.files.values() for f in v.errors]
        errors += [finding_context(f) for f in studio.kit_findings
                   if f.severity.value == "error"]
        return {"title": Path.cwd().name, "version": studio.version, "files": files,
                "errors": errors, "problem": studio.problem,
                "kit": [finding_context(f) for f in studio.kit_findings],
                "rebuild_ms": f"{studio.last_rebuild * 1000:.0f}"}


def page_html(studio: Studio) -> str:
    return studio.templates.render(PAGE_TEMPLATE, page_context(studio))


def page_image(studio: Studio, key: str, number: str) -> bytes | None:
    """Page ``number`` ('PDF-PAGE', from 0) of the file ``key``'s PDFs, as a PNG."""
    with studio.lock:
        view = next((v for v in studio.files.values() if v.key == key), None)
        pdf, page = number.partition("-")[::2]
        if view is None or not pdf.isdigit() or not page.isdigit():
            return None
        if int(pdf) >= len(view.pdfs) or int(page) >= view.pdfs[int(pdf)][2]:
            return None
        path = view.pdfs[int(pdf)][1]
    cache_key = (str(path), int(pdf), int(page))
    if cache_key not in _images:
        _images[cache_key] = render(path, int(page), cache_key)
    return _images[cache_key]


def first_pages(studio: Studio, paths: list[Path]) -> None:
    """Draw the first page image of each saved file now, as the browser reloads, so the
    image it asks for next is ready (or already on its way)."""
    for path in paths:
        view = studio.files.get(studio.display(path))
        if view is not None and view.pdfs:
            page_image(studio, view.key, "0-0")


def render(path: Path, page: int, cache_key: tuple[str, int, int] | None = None) -> bytes:
    """One PDF page as a PNG at screen resolution (another thread's drawing of the same
    page, finished while this one waited, is taken as it is)."""
    import pypdfium2 as pdfium

    with _pdfium:
        if cache_key is not None and cache_key in _images:
            return _images[cache_key]
        document = pdfium.PdfDocument(str(path))
        try:
            image = document[page].render(scale=SCREEN_DPI / 72.0).to_pil()
        finally:
            document.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
