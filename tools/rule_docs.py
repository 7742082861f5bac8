"""Write docs/rules/<game>.md (and tracks.md): each constraint of the rulebooks' construction
rules with the rule that enforces it, from the rule data. Run after changing a rules.yaml or a
traceability.yaml; tests/commands/test_traceability.py fails while the committed pages are stale.

    .venv/bin/python tools/rule_docs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.commands.traceability import write_documents  # noqa: E402


def main() -> int:
    for path in write_documents(ROOT):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
