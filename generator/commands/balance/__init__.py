"""``paddock balance``: measure each build against its game's baseline, then say so for
people (a summary), tools (JSON) and paper (the report PDF)."""
