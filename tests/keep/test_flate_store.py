"""Compressed PDF streams kept between runs: the same bytes as compressing afresh."""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.keep import flate_store
from generator.paper.pdf import finish, new_canvas
from generator.paper.units import PAPERS
from tests.keep.framing import content

BIG = b"".join(b"%d 0 0 %d re f\n" % (i, i * 7 % 101) for i in range(2_000))


@pytest.fixture
def fresh_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder and a store that has read nothing yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    flate_store.STREAMS.forget()
    yield tmp_path / "cache" / "paddock"
    flate_store.STREAMS.forget()  # owe the real cache folder nothing of this test's


def no_zlib(monkeypatch: pytest.MonkeyPatch, small_ok: bool = False) -> None:
    """From now on, compressing a stream of SMALLEST bytes or more fails the test."""
    real = zlib.compress

    def refuse(data: bytes, *args: Any) -> bytes:
        assert small_ok and len(data) < flate_store.SMALLEST, "compressed again"
        return real(data, *args)
    monkeypatch.setattr(flate_store.zlib, "compress", refuse)


def test_a_kept_stream_is_read_back_byte_for_byte(fresh_store: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    afresh = zlib.compress(BIG)
    assert flate_store.compress(BIG) == afresh
    flate_store.STREAMS.save()
    (kept,) = fresh_store.glob("flate-*.marshal")
    flate_store.STREAMS.forget()  # a new run reads the file
    no_zlib(monkeypatch)
    assert flate_store.compress(BIG) == afresh
    other = BIG + b"Q\n"
    with pytest.raises(AssertionError, match="compressed again"):
        flate_store.compress(other)  # a different stream is never answered from the store
    assert kept.stat().st_size < len(BIG)


def test_small_streams_are_not_kept(fresh_store: Path) -> None:
    small = BIG[: flate_store.SMALLEST - 1]
    assert flate_store.compress(small) == zlib.compress(small)
    flate_store.STREAMS.save()
    assert not list(fresh_store.glob("flate-*.marshal"))


def test_a_pdf_written_twice_is_the_same_file_and_the_second_compresses_nothing_big(
        fresh_store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def write(path: Path) -> bytes:
        canvas = new_canvas(path, "Streams", PAPERS["a4"])
        canvas.beginForm("dots")
        for i in range(600):
            canvas.circle(20 + i % 30 * 18, 20 + i // 30 * 18, 6, fill=1)
        canvas.endForm()
        for page in range(2):
            canvas.doForm("dots")
            canvas.setFont("Helvetica", 9)
            for line in range(60):
                canvas.drawString(40, 40 + line * 12, f"page {page} line {line} " * 4)
            canvas.showPage()
        finish(canvas, 2, PAPERS["a4"])
        return path.read_bytes()

    first = write(tmp_path / "first.pdf")
    flate_store.STREAMS.save()
    flate_store.STREAMS.forget()
    no_zlib(monkeypatch, small_ok=True)
    assert write(tmp_path / "second.pdf") == first
    assert b"/FlateDecode" in first


def test_the_store_holds_at_most_its_budget_and_makes_room_for_the_next_run(
        fresh_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build of a thousand vehicles must not hold every page it wrote until exit."""
    streams = [BIG + b"%d\n" % i for i in range(6)]
    size = len(zlib.compress(streams[0]))
    budget = 3 * size + size // 2
    monkeypatch.setattr(flate_store.STREAMS, "most_bytes", budget)
    for stream in streams[:5]:
        assert flate_store.compress(stream) == zlib.compress(stream)
    flate_store.STREAMS.save()
    kept = marshal.loads(content(next(fresh_store.glob("flate-*.marshal"))))
    assert len(kept) == 3 and sum(len(packed) for packed in kept.values()) <= budget
    # The next run uses two of them and makes two new ones: the one it read and did not
    # use makes room for the first; the second finds none. What it used goes back.
    flate_store.STREAMS.forget()
    for stream in (streams[0], streams[1], streams[5], streams[4]):
        assert flate_store.compress(stream) == zlib.compress(stream)
    flate_store.STREAMS.save()
    kept = marshal.loads(content(next(fresh_store.glob("flate-*.marshal"))))
    assert sorted(kept.values()) == sorted(zlib.compress(s) for s in streams[:2] + streams[5:])
