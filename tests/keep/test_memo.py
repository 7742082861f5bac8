"""A content memo works a value out once per content, answers the same object by its
identity without computing its key, and stays within its bound."""

from __future__ import annotations

from generator.keep.memo import ContentMemo


def test_one_value_per_content_found_by_identity_and_bounded() -> None:
    keys: list[str] = []
    worked: list[str] = []

    def key(item: list[str]) -> str:
        keys.append(item[0])
        return item[0]

    def work_out(item: list[str]) -> str:
        worked.append(item[0])
        return item[0].upper()

    memo: ContentMemo[list[str], str] = ContentMemo(key, work_out, most=2)
    first = ["a"]
    assert memo(first) == "A" and memo(first) == "A"
    assert keys == ["a"], "the same object is found by identity, its key not computed again"
    assert memo(["a"]) == "A" and worked == ["a"], "equal content is worked out once"
    memo(["b"])
    memo(["c"])  # past the bound: the content table starts again
    assert sorted(memo.values()) == ["C"]
    assert memo(["a"]) == "A" and worked == ["a", "b", "c", "a"]
