"""Allow ``python -m generator`` as well as the ``paddock`` command."""

from generator.commands.cli import run

run()
