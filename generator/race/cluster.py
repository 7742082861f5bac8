"""Sweeps on a Dask distributed cluster (``--scheduler tcp://HOST:PORT``).

Why Dask rather than a queue of our own: it already ships work and results between machines,
retries on a lost worker and reports progress, and a designer can start a cluster with one
command (``dask scheduler`` / ``dask worker``). It is an optional extra
(``pip install 'paddock[cluster]'``), imported only here and only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from generator.errors import UsageError

if TYPE_CHECKING:
    from generator.race.sweep import Field, RaceJob, RaceResult

INSTALL_HINT = "install the cluster extra: pip install 'paddock[cluster]'"


def connect(scheduler: str) -> object:
    """A Dask client for ``scheduler``; bad usage (exit 2) when Dask is missing or the
    scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise UsageError(f"--scheduler needs Dask distributed, which is not installed: "
                         f"{INSTALL_HINT}") from exc
    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there "
                         f"({exc}); start one with 'dask scheduler' and give its "
                         "tcp://HOST:PORT address") from exc


def run_on_cluster(scheduler: str | object, field: Field, pieces: Sequence[Sequence[RaceJob]],
                   run_chunk: Callable[[Field, tuple[RaceJob, ...]], list[RaceResult]],
                   progress: Callable[[int], None] | None = None) -> list[RaceResult]:
    """Race every piece on the cluster with ``run_chunk`` (the sweep's, passed in so that
    this module never imports the sweep that calls it); results come back in job order.
    ``scheduler`` is an address, or a Dask client already connected (tests use a
    LocalCluster's)."""
    client = connect(scheduler) if isinstance(scheduler, str) else scheduler
    try:
        shared = client.scatter(field, broadcast=True)  # type: ignore[attr-defined]
        futures = [client.submit(run_chunk, shared, tuple(piece), pure=False)  # type: ignore[attr-defined]
                   for piece in pieces]
        done: list[list[RaceResult]] = []
        for future in futures:
            done.append(future.result())
            if progress:
                progress(len(done[-1]))
    finally:
        if isinstance(scheduler, str):
            client.close()  # type: ignore[attr-defined]
    return [result for piece in done for result in piece]
