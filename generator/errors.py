"""The one exception hierarchy Paddock raises; the CLI catches PaddockError once.

Every class says when it is raised and which exit code it maps to, so the CLI
never has to guess (Cookiecutter's lesson: a hand-picked tuple misses one).
"""

from __future__ import annotations


class PaddockError(Exception):
    """Base of every error Paddock reports to a person; exit code 2 unless overridden."""

    exit_code = 2


class UsageError(PaddockError):
    """Raised for bad command-line usage: an unknown game, a bad option value."""


class InputError(PaddockError):
    """Raised when input cannot be read at all: missing file, YAML syntax error,
    a directory with no definitions. Carries the position when one is known, the format
    rule it breaks (``rule``, for the finding a multi-file run turns it into) and the
    offending source line with a caret under the position (``excerpt``)."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None, hint: str | None = None,
                 rule: str = "FILE-UNREADABLE", excerpt: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
        self.rule = rule
        self.excerpt = excerpt

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        text = f"{where}error: {self.message}"
        if self.excerpt:
            text += "\n" + self.excerpt
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class TemplateError(PaddockError):
    """Raised when a Jinja2 template is missing, malformed or uses an undefined name."""


class OutputError(PaddockError):
    """Raised when an output file cannot be written (permissions, a path that is a file)."""
