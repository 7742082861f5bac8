"""Allow ``python -m generator`` as well as the ``paddock`` command."""

from generator.cli import run

run()
