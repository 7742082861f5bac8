"""The progress bar a sweep draws while its races run."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    """A one-line bar on a terminal's stderr; silent when stderr is a file or a pipe."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None, noun: str = "races") -> None:
        self.total, self.done, self.noun = total, 0, noun
        self.stream = stream or sys.stderr
        self.shown = self.stream.isatty()

    def __call__(self, finished: int) -> None:
        self.done += finished
        if self.shown:
            filled = self.WIDTH * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                              f"{self.done}/{self.total} {self.noun}")
            self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()
