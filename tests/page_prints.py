"""Fingerprints of rendered PDF pages (pixels and text), to say two builds print the same.

Shared by tests/paper/test_render_same.py and bench/render_compare.py. PDF bytes are never compared:
they carry a creation date and a document id.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pypdfium2


def page_prints(pdf_path: Path, scale: float = 1.0) -> list[tuple[str, str]]:
    """For each page: a hash of its pixels rendered at ``scale`` (1.0 = 72 dpi), its text."""
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    prints = []
    try:
        for page in pdf:
            pixels = hashlib.sha256(bytes(page.render(scale=scale).buffer)).hexdigest()
            prints.append((pixels, page.get_textpage().get_text_range()))
    finally:
        pdf.close()
    return prints


def compare_folders(before: Path, after: Path, scale: float = 1.0) -> list[str]:
    """Every difference between the PDFs of two output folders, as readable lines."""
    names_before = {p.relative_to(before) for p in before.rglob("*.pdf")}
    names_after = {p.relative_to(after) for p in after.rglob("*.pdf")}
    problems = [f"only before: {n}" for n in sorted(names_before - names_after)]
    problems += [f"only after: {n}" for n in sorted(names_after - names_before)]
    for name in sorted(names_before & names_after):
        old, new = page_prints(before / name, scale), page_prints(after / name, scale)
        if len(old) != len(new):
            problems.append(f"{name}: {len(old)} pages before, {len(new)} after")
            continue
        for number, (a, b) in enumerate(zip(old, new, strict=True), start=1):
            if a[0] != b[0]:
                problems.append(f"{name} page {number}: pixels differ")
            if a[1] != b[1]:
                problems.append(f"{name} page {number}: text differs")
    return problems
