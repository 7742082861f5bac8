"""Write tests/rulebook-runs.bin, the fingerprint of the rulebooks that tests/test_paraphrase.py
checks our text against (hashes of every run of words, no text), and report each copied run
with the seed file and line it comes from.

    .venv/bin/python tools/rulebook_fingerprint.py [--seeds DIR] [--pdfs DIR] [--report]

--report lists every run our templates, YAML and docs (and the PDFs under --pdfs, e.g. a
`paddock build -o DIR` folder) share with the seeds, instead of writing the fingerprint.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import paraphrase  # noqa: E402


def seed_lines(seeds: Path) -> dict[str, tuple[str, int]]:
    """Where each run of the seeds first starts: its file and line."""
    where: dict[str, tuple[str, int]] = {}
    for path in sorted(seeds.glob("*.txt")):
        tokens = [(word, number)
                  for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
                  for word in paraphrase.words(line)]
        for i in range(len(tokens) - paraphrase.RUN + 1):
            run = " ".join(word for word, _ in tokens[i:i + paraphrase.RUN])
            where.setdefault(run, (path.name, tokens[i][1]))
    return where


def report(seeds: Path, pdfs: Path | None) -> int:
    """Print every copied run; 1 if there is one."""
    where = seed_lines(seeds)
    fingerprint = paraphrase.fingerprint_of(
        p.read_text(errors="replace") for p in sorted(seeds.glob("*.txt")))
    texts = list(paraphrase.shipped_texts())
    if pdfs is not None:
        texts += list(paraphrase.pdf_texts(pdfs))
    found = 0
    for name, text in texts:
        for run in paraphrase.copied_runs(text, fingerprint):
            seed, line = where[" ".join(run.split()[:paraphrase.RUN])]
            print(f"{name}\t{seed}:{line}\t{run}")
            found += 1
    return 1 if found else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=Path("/work/shared/seeds"))
    parser.add_argument("--pdfs", type=Path)
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    if args.report:
        return report(args.seeds, args.pdfs)
    fingerprint = paraphrase.fingerprint_of(
        p.read_text(errors="replace") for p in sorted(args.seeds.glob("*.txt")))
    paraphrase.FINGERPRINT.write_bytes(b"".join(sorted(fingerprint)))
    print(f"wrote {paraphrase.FINGERPRINT.relative_to(ROOT)} ({len(fingerprint)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
