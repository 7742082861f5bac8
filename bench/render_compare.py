"""Does the default kit (and its balance report) print the same as at another git revision?

    .venv/bin/python bench/render_compare.py            # against HEAD (the last commit)
    .venv/bin/python bench/render_compare.py --rev main --scale 1.5

Exports ``--rev`` with ``git archive`` into a temporary folder, runs ``paddock build`` of the
default kit and ``paddock balance`` there and in this checkout (both with this environment's
Python and libraries), then renders every page of every PDF with pypdfium2 and compares the
pixels and the page text.
PDF bytes are not compared: they carry a creation date and a document id. Exit 0 when every
page matches, 1 with the differing pages listed.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pypdfium2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.page_prints import compare_folders  # noqa: E402


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` written under ``into``."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def build_kit(source: Path, out: Path) -> None:
    """``paddock build`` of ``source``'s default kit into ``out``, and ``paddock balance``'s
    report into ``out/balance.pdf``, each with ``source``'s code."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    for argv in (["build", "-o", str(out)], ["balance", "-o", str(out / "balance.pdf")]):
        done = subprocess.run([sys.executable, "-m", "generator", *argv], cwd=source, env=env,
                              capture_output=True, text=True, check=False)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{argv[0]} in {source} failed:\n{done.stderr}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="git revision to compare with [HEAD]")
    parser.add_argument("--scale", type=float, default=1.0, help="render scale [1.0 = 72 dpi]")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="paddock-compare-") as temp:
        work = Path(temp)
        base = export(args.rev, work / "base")
        build_kit(base, work / "before")
        build_kit(ROOT, work / "after")
        files = sorted((work / "after").rglob("*.pdf"))
        pages = sum(len(pypdfium2.PdfDocument(str(f))) for f in files)
        problems = compare_folders(work / "before", work / "after", args.scale)
    for line in problems:
        print(line)
    print(f"{len(files)} PDFs, {pages} pages compared with {args.rev}: "
          + ("identical (pixels and text)" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
