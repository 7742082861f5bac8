"""The ``paddock`` commands: the CLI parser and one module for each command's work."""
