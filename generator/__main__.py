"""Allow ``python -m generator`` as well as the ``paddock`` command."""

from generator.cli import main

raise SystemExit(main())
